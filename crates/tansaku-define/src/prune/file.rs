//! A table's file: header, version, checksum, temporary file and rename;
//! and the checkpoint of an unfinished build.

use super::Width;
use super::entries::{Built, Entries, Nibbles};
use crate::symtable::SymReduced;
use tansaku_core::context::Context;
use tansaku_core::search::SearchError;

/// The file of a table, kept as the sliding puzzles' are: a header naming
/// the definition (its text's hash) and the projection, a checksum, written
/// to a temporary name and renamed.
///
/// | bytes | field |
/// |---|---|
/// | 16 | `tansaku-tws-pdb\n` |
/// | 4 | format version (little-endian) |
/// | 4 | the largest distance (a two-bit table: its base in the third byte) |
/// | 8 | the definition's hash |
/// | 8 | the projection's hash |
/// | 8 | entries |
/// | 8 | XXH3-64 of the bytes above and of the table |
/// | entries / 2 | the table, four bits an entry (15: never reached); or two bits an entry, in lines of 64 bytes ([`crate::twobit`]) |
///
/// A checkpoint of an unfinished build has the same header (its own
/// magic, the levels whole in place of the largest distance) and the
/// table at four bits, whatever the finished table's width.
pub(super) struct TableFile {
    pub(super) name: String,
    head: [u8; HEADER],
    entries: u64,
    width: Width,
}

const MAGIC: &[u8; 16] = b"tansaku-tws-pdb\n";
/// The magic of a checkpoint: the header of a table file, the levels whole
/// in place of the largest distance.
const PART_MAGIC: &[u8; 16] = b"tansaku-tws-prt\n";
/// Version of the file format; a file of another version is rebuilt.
/// 2: the twists of pieces kept among others are ranked in piece order;
/// 3: four bits an entry, the largest distance in the header.
const VERSION: u32 = 3;
const HEADER: usize = 16 + 4 + 4 + 8 + 8 + 8 + 8;

impl TableFile {
    pub(super) fn new(definition: u64, key: &str, entries: u64, width: Width) -> Self {
        let projection = xxhash_rust::xxh3::xxh3_64(key.as_bytes());
        let mut head = [0u8; HEADER];
        head[..16].copy_from_slice(MAGIC);
        head[16..20].copy_from_slice(&VERSION.to_le_bytes());
        head[24..32].copy_from_slice(&definition.to_le_bytes());
        head[32..40].copy_from_slice(&projection.to_le_bytes());
        head[40..48].copy_from_slice(&entries.to_le_bytes());
        TableFile {
            name: format!("tws-{definition:016x}-{projection:016x}.pdb"),
            head,
            entries,
            width,
        }
    }

    /// The checksum of a header (its first `HEADER - 8` bytes) and table.
    fn checksum(head: &[u8], table: &[u8]) -> [u8; 8] {
        let mut sum = xxhash_rust::xxh3::Xxh3::new();
        sum.update(&head[..HEADER - 8]);
        sum.update(table);
        sum.digest().to_le_bytes()
    }

    /// The table from its file: `Ok(None)` when there is none, `Err(why)`
    /// when it cannot be trusted.
    pub(super) fn load(&self, ctx: &Context) -> Result<Option<Built>, String> {
        let tables = ctx.tables();
        let read = if let Some(store) = tables.store().filter(|_| tables.dir().is_none()) {
            store.read(&self.name).map(|mut bytes| {
                // The table moves down over the header (no second copy).
                let head = bytes[..bytes.len().min(HEADER)].to_vec();
                bytes.copy_within(head.len().., 0);
                bytes.truncate(bytes.len() - head.len());
                (head, bytes)
            })
        } else {
            self.read_file(tables.dir(), &self.name, self.width)
        };
        let Some((head, table)) = read else { return Ok(None) };
        let number = self.trust(&head, &table, MAGIC, self.width, "is not a tansaku pattern database")?;
        Ok(Some(match self.width {
            Width::Four => Built {
                longest: number,
                entries: Entries::Four(table),
            },
            Width::Two => Built {
                longest: number & 0xFFFF,
                entries: Entries::Two(crate::twobit::TwoBits::from_bytes((number >> 16) as u8, table)),
            },
        }))
    }

    /// The number in a file's header (the largest distance, or the levels
    /// a checkpoint holds) when its magic, version, table and checksum are
    /// this table's; else why not.
    fn trust(&self, head: &[u8], table: &[u8], magic: &[u8; 16], width: Width, not_ours: &str) -> Result<u32, String> {
        if head.len() < HEADER || head[..16] != magic[..] {
            return Err(not_ours.into());
        }
        let version = u32::from_le_bytes(head[16..20].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(format!(
                "was written in format version {version} (this tansaku reads {VERSION})"
            ));
        }
        if head[24..HEADER - 8] != self.head[24..HEADER - 8] {
            return Err("holds the table of another definition or projection".into());
        }
        if table.len() as u64 != width.bytes(self.entries) {
            return Err(format!("is truncated or overlong ({} entries expected)", self.entries));
        }
        if head[HEADER - 8..] != Self::checksum(head, table) {
            return Err("is corrupt (its checksum does not match)".into());
        }
        Ok(u32::from_le_bytes(head[20..24].try_into().expect("4 bytes")))
    }

    /// The name of the checkpoint of an unfinished build.
    fn part_name(&self) -> String {
        format!("{}.part", self.name)
    }

    /// The checkpoint of an unfinished build in the tables' folder: the
    /// levels it holds and its table; `Ok(None)` when there is none,
    /// `Err(why)` when it cannot be trusted.
    fn load_part(&self, ctx: &Context) -> Result<Option<(u32, Vec<u8>)>, String> {
        let Some((head, table)) = self.read_file(ctx.tables().dir(), &self.part_name(), Width::Four) else {
            return Ok(None);
        };
        self.trust(&head, &table, PART_MAGIC, Width::Four, "is not a tansaku checkpoint")
            .map(|level| Some((level, table)))
    }

    /// Keeps the table of an unfinished build whose levels up to `level`
    /// are whole, in the tables' folder (written whole, then renamed over
    /// the last checkpoint).
    fn save_part(&self, level: u32, table: &[u8], ctx: &Context) -> Result<(), String> {
        let mut head = self.head;
        head[..16].copy_from_slice(PART_MAGIC);
        head[20..24].copy_from_slice(&level.to_le_bytes());
        let sum = Self::checksum(&head, table);
        head[HEADER - 8..].copy_from_slice(&sum);
        self.write_file(ctx.tables().dir(), &self.part_name(), &head, table)
    }

    /// Removes the checkpoint once the table is whole.
    pub(super) fn remove_part(&self, ctx: &Context) {
        #[cfg(feature = "files")]
        if let Some(dir) = ctx.tables().dir() {
            let _ = std::fs::remove_file(dir.join(self.part_name()));
        }
        #[cfg(not(feature = "files"))]
        let _ = ctx;
    }

    /// Builds the reduced table `r` (named `name` to the user), going on
    /// from the checkpoint a stopped or killed build left, and keeping one
    /// after each level that ends at least the tables' checkpoint interval
    /// after the last.
    pub(super) fn resumable(&self, r: &SymReduced, name: &str, ctx: &Context) -> Result<Nibbles, SearchError> {
        let resume = match self.load_part(ctx) {
            Ok(Some((level, table))) => {
                ctx.notice(&format!(
                    "going on with the pattern database of {name} from its checkpoint '{}' (levels 0-{level})",
                    self.part_name()
                ));
                Some((level, table))
            }
            Ok(None) => None,
            Err(why) => {
                ctx.notice(&format!("checkpoint '{}' {why}: starting over", self.part_name()));
                None
            }
        };
        let every = ctx.tables().checkpoint_every();
        let mut last = web_time::Instant::now();
        let mut keep = |level: u32, table: &[u8]| {
            if ctx.tables().dir().is_none() || last.elapsed() < every {
                return Ok(());
            }
            match self.save_part(level, table, ctx) {
                Ok(()) => {}
                Err(why) if ctx.tables().explicit() => return Err(SearchError::Unsupported(why)),
                Err(why) => ctx.notice(&format!("{why}; the build goes on without a checkpoint")),
            }
            last = web_time::Instant::now();
            Ok(())
        };
        r.distances(ctx, resume, &mut keep)
    }

    /// The file's header and table, the table read straight into memory
    /// on huge pages where the system has them (lookups land anywhere in
    /// it). A file of the wrong length gives its header only.
    #[cfg(feature = "files")]
    fn read_file(&self, dir: Option<&std::path::Path>, name: &str, width: Width) -> Option<(Vec<u8>, Vec<u8>)> {
        use std::io::Read;
        let mut file = std::fs::File::open(dir?.join(name)).ok()?;
        let len = file.metadata().ok()?.len();
        let mut head = vec![0u8; (len as usize).min(HEADER)];
        file.read_exact(&mut head).ok()?;
        if len != HEADER as u64 + width.bytes(self.entries) {
            // Refused as truncated or overlong, from its header.
            return Some((head, Vec::new()));
        }
        let mut table = tansaku_core::memory::huge_zeroed(len as usize - HEADER);
        file.read_exact(&mut table).ok()?;
        Some((head, table))
    }

    #[cfg(not(feature = "files"))]
    fn read_file(&self, _: Option<&std::path::Path>, _: &str, _: Width) -> Option<(Vec<u8>, Vec<u8>)> {
        None
    }

    /// Keeps the table (a folder chosen by the user that cannot be written
    /// is an error; elsewhere a notice).
    pub(super) fn save(&self, built: &Built, ctx: &Context) -> Result<(), SearchError> {
        let tables = ctx.tables();
        let mut head = self.head;
        head[20..24].copy_from_slice(&built.header_number().to_le_bytes());
        let table = built.bytes();
        let sum = Self::checksum(&head, table);
        head[HEADER - 8..].copy_from_slice(&sum);
        let written = if let Some(store) = tables.store().filter(|_| tables.dir().is_none()) {
            let mut bytes = head.to_vec();
            bytes.extend_from_slice(table);
            store.write(&self.name, &bytes)
        } else {
            self.write_file(tables.dir(), &self.name, &head, table)
        };
        match written {
            Ok(()) => Ok(()),
            Err(why) if tables.explicit() => Err(SearchError::Unsupported(why)),
            Err(why) => {
                ctx.notice(&format!("{why}; the table is used but not kept"));
                Ok(())
            }
        }
    }

    #[cfg(feature = "files")]
    fn write_file(&self, dir: Option<&std::path::Path>, name: &str, head: &[u8], table: &[u8]) -> Result<(), String> {
        let Some(dir) = dir else { return Ok(()) };
        let fail = |what: &str, e: std::io::Error| format!("cannot {what} '{}': {e}", dir.display());
        std::fs::create_dir_all(dir).map_err(|e| fail("create the folder", e))?;
        let path = dir.join(name);
        let temp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        tansaku_core::memory::write_whole(&path, &temp, &[head, table]).map_err(|e| fail("write a table into", e))
    }

    #[cfg(not(feature = "files"))]
    fn write_file(&self, _: Option<&std::path::Path>, _: &str, _: &[u8], _: &[u8]) -> Result<(), String> {
        Ok(())
    }
}
