//! A cache of pattern database tables in files, so that a table is built
//! once per goal and loaded afterwards.
//!
//! One file per table, named after the board, a hash of the goal and the
//! pattern's tiles. The file is a fixed header and the table:
//!
//! | bytes | field |
//! |---|---|
//! | 12 | `tansaku-pdb\n` |
//! | 4 | format version (little-endian) |
//! | 4 | width, height, tiles in the pattern, kind (0 additive, 1 zero-aware) |
//! | 32 | the goal: the label of every cell, 0 for the empty cell |
//! | 32 | the pattern's tiles, in index order |
//! | 8 | bytes of the table |
//! | 8 | XXH3-64 of the bytes above and of the table |
//! | bytes | the table: one byte an entry, or a bit a placement and free cell (zero-aware) |
//!
//! A file is trusted only when every field matches the table asked for and
//! the checksum holds; otherwise it is rebuilt, with a notice saying why. A
//! file is written to a temporary name in the same folder and renamed into
//! place, so a reader never sees half a file and two processes building
//! the same table at once both leave a whole one.

use super::{BuildStats, PdbError, TableSpec};
#[cfg(feature = "files")]
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tansaku_core::context::Store;
use xxhash_rust::xxh3::{Xxh3, xxh3_64};

/// Version of the file format; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 12] = b"tansaku-pdb\n";
/// Bytes before the table.
const HEADER: usize = 12 + 4 + 4 + 32 + 32 + 8 + 8;
/// The part of the header the checksum covers (all but the checksum).
const SUMMED: usize = HEADER - 8;

/// Where tables are kept: a folder of files, or a store of files by name
/// (a browser's storage); [`tansaku_core::context::Tables`] names it.
#[derive(Clone)]
pub struct PdbCache {
    dir: Option<PathBuf>,
    /// Chosen by the user: failing to write there is an error, not a notice.
    explicit: bool,
    /// Files kept by name, when there is no folder.
    keep: Option<Arc<dyn Store>>,
}

impl std::fmt::Debug for PdbCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PdbCache")
            .field("dir", &self.dir)
            .field("explicit", &self.explicit)
            .field("store", &self.keep.is_some())
            .finish()
    }
}

/// How a table was obtained.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Read from this file, in this many seconds.
    Loaded(PathBuf, f64),
    /// Built (and saved to the file, when it could be).
    Built(BuildStats, Option<PathBuf>),
    /// Already in memory (kept by the context from an earlier use).
    Kept,
}

/// A file of the cache, as listed.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CacheEntry {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// `WxH`, when the header can be read; `definition` for a table
    /// derived from a `.tws` definition.
    pub board: Option<String>,
    /// The pattern's tiles (labels: tile names for the usual numbered goal).
    pub tiles: Vec<u8>,
    /// Why the file would not be trusted, if it would not (the checksum is
    /// not verified when listing).
    pub problem: Option<String>,
}

impl PdbCache {
    /// A cache in `dir` (created when the first table is saved); failing to
    /// write there is an error.
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        PdbCache {
            dir: Some(dir.into()),
            explicit: true,
            keep: None,
        }
    }

    /// The files of a context's tables.
    pub fn of(tables: &tansaku_core::context::Tables) -> Self {
        PdbCache {
            dir: tables.dir().map(Path::to_path_buf),
            explicit: tables.explicit(),
            keep: tables.store().cloned(),
        }
    }

    /// The user's cache ([`tansaku_core::context::Tables::user`]).
    pub fn user() -> Self {
        Self::of(&tansaku_core::context::Tables::user())
    }

    /// No cache: tables are built in memory every time.
    pub fn disabled() -> Self {
        PdbCache {
            dir: None,
            explicit: false,
            keep: None,
        }
    }

    /// The folder, if there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The name of the file that holds `spec`'s table.
    pub fn file_name(spec: &TableSpec) -> String {
        let tiles: Vec<String> = spec.labels.iter().map(u8::to_string).collect();
        format!(
            "{}x{}-goal-{:016x}-tiles-{}{}.pdb",
            spec.width,
            spec.height,
            xxh3_64(&spec.goal),
            tiles.join("."),
            if spec.zero { "-zero" } else { "" }
        )
    }

    /// The file that holds (or would hold) `spec`'s table: in the folder,
    /// or by its name in the store.
    pub fn path_of(&self, spec: &TableSpec) -> Option<PathBuf> {
        match (&self.dir, &self.keep) {
            (Some(d), _) => Some(d.join(Self::file_name(spec))),
            (None, Some(_)) => Some(PathBuf::from(Self::file_name(spec))),
            (None, None) => None,
        }
    }

    /// Where tables are kept, for messages.
    fn place(&self) -> String {
        match &self.dir {
            Some(d) => d.display().to_string(),
            None => "the store of this page".into(),
        }
    }

    /// `spec`'s table from the store, when it holds a trusted file.
    fn load_stored(store: &dyn Store, spec: &TableSpec) -> Result<Option<Vec<u8>>, String> {
        let Some(bytes) = store.read(&Self::file_name(spec)) else {
            return Ok(None);
        };
        let expected = HEADER as u64 + spec.bytes();
        if bytes.len() as u64 != expected {
            return Err(format!(
                "is truncated or overlong ({} bytes, {expected} expected)",
                bytes.len()
            ));
        }
        let header: [u8; HEADER] = bytes[..HEADER].try_into().expect("the header's size");
        check_header(&header, spec)?;
        let mut sum = Xxh3::new();
        sum.update(&header[..SUMMED]);
        sum.update(&bytes[HEADER..]);
        if sum.digest().to_le_bytes() != header[SUMMED..] {
            return Err("is corrupt (its checksum does not match)".into());
        }
        Ok(Some(bytes[HEADER..].to_vec()))
    }

    /// `spec`'s file, opened and read up to its table, when its header and
    /// size match; `Ok(None)` when there is no file, `Err(why)` when the
    /// file cannot be trusted (the checksum is left to [`PdbCache::load`]).
    #[cfg(feature = "files")]
    fn open(&self, spec: &TableSpec) -> Result<Option<(std::fs::File, [u8; HEADER])>, String> {
        let Some(path) = self.path_of(spec) else {
            return Ok(None);
        };
        let mut file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(None);
            }
            Err(e) => return Err(format!("cannot be read ({e})")),
        };
        let len = file.metadata().map_err(|e| format!("cannot be read ({e})"))?.len();
        let mut header = [0u8; HEADER];
        if len < HEADER as u64 || file.read_exact(&mut header).is_err() {
            return Err(format!("is truncated ({len} bytes)"));
        }
        check_header(&header, spec)?;
        let expected = HEADER as u64 + spec.bytes();
        if len != expected {
            return Err(format!("is truncated or overlong ({len} bytes, {expected} expected)"));
        }
        Ok(Some((file, header)))
    }

    /// The table of `spec` from its file; `Ok(None)` when there is no file,
    /// `Err(why)` when the file cannot be trusted.
    pub fn load(&self, spec: &TableSpec) -> Result<Option<Vec<u8>>, String> {
        if let (None, Some(store)) = (&self.dir, &self.keep) {
            return Self::load_stored(store.as_ref(), spec);
        }
        self.load_file(spec)
    }

    /// Without files there is no folder to read.
    #[cfg(not(feature = "files"))]
    fn load_file(&self, _: &TableSpec) -> Result<Option<Vec<u8>>, String> {
        Ok(None)
    }

    /// The table of `spec` from its file in the folder.
    #[cfg(feature = "files")]
    fn load_file(&self, spec: &TableSpec) -> Result<Option<Vec<u8>>, String> {
        let Some((mut file, header)) = self.open(spec)? else {
            return Ok(None);
        };
        let mut table = tansaku_core::memory::huge_zeroed(spec.bytes() as usize);
        file.read_exact(&mut table)
            .map_err(|e| format!("cannot be read ({e})"))?;
        let mut sum = Xxh3::new();
        sum.update(&header[..SUMMED]);
        sum.update(&table);
        if sum.digest().to_le_bytes() != header[SUMMED..] {
            return Err("is corrupt (its checksum does not match)".into());
        }
        Ok(Some(table))
    }

    /// Whether `spec`'s file exists with the right header and size (the
    /// checksum is checked when it is loaded).
    pub fn has(&self, spec: &TableSpec) -> bool {
        if let (None, Some(store)) = (&self.dir, &self.keep) {
            return matches!(Self::load_stored(store.as_ref(), spec), Ok(Some(_)));
        }
        #[cfg(feature = "files")]
        return matches!(self.open(spec), Ok(Some(_)));
        #[cfg(not(feature = "files"))]
        return false;
    }

    /// Saves `table` as `spec`'s file (temporary file, then rename).
    pub fn store(&self, spec: &TableSpec, table: &[u8]) -> Result<PathBuf, PdbError> {
        if let (None, Some(store)) = (&self.dir, &self.keep) {
            let mut bytes = header(spec, table).to_vec();
            bytes.extend_from_slice(table);
            let name = Self::file_name(spec);
            store.write(&name, &bytes).map_err(PdbError::Cache)?;
            return Ok(PathBuf::from(name));
        }
        self.store_file(spec, table)
    }

    /// Without files there is no folder to write.
    #[cfg(not(feature = "files"))]
    fn store_file(&self, _: &TableSpec, _: &[u8]) -> Result<PathBuf, PdbError> {
        Err(PdbError::Cache("this build of the library keeps no files".into()))
    }

    /// Saves `table` as `spec`'s file in the folder.
    #[cfg(feature = "files")]
    fn store_file(&self, spec: &TableSpec, table: &[u8]) -> Result<PathBuf, PdbError> {
        let path = self
            .path_of(spec)
            .ok_or_else(|| PdbError::Cache("no cache folder is known (HOME is not set)".into()))?;
        let dir = path.parent().expect("a file in a folder");
        let fail = |what: &str, e: std::io::Error| PdbError::Cache(format!("cannot {what} '{}': {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(|e| fail("create the folder", e))?;
        let temp = dir.join(format!(
            ".{}.tmp-{}-{}",
            path.file_name().expect("a file name").to_string_lossy(),
            std::process::id(),
            web_time::SystemTime::now()
                .duration_since(web_time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        tansaku_core::memory::write_whole(&path, &temp, &[&header(spec, table), table])
            .map_err(|e| fail("write a table into", e))?;
        Ok(path)
    }

    /// Without files there is nothing to check.
    #[cfg(not(feature = "files"))]
    fn check_writable(&self) -> Result<(), PdbError> {
        Ok(())
    }

    /// Checks that a table could be saved here, before a long build.
    #[cfg(feature = "files")]
    fn check_writable(&self) -> Result<(), PdbError> {
        let Some(dir) = &self.dir else { return Ok(()) };
        let fail = |e: std::io::Error| PdbError::Cache(format!("cannot write into '{}': {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(fail)?;
        let probe = dir.join(format!(".probe-{}", std::process::id()));
        std::fs::write(&probe, b"").map_err(fail)?;
        let _ = std::fs::remove_file(&probe);
        Ok(())
    }

    /// `spec`'s table: loaded when a trusted file exists, else built (a
    /// notice says why an existing file was not trusted) and saved. The
    /// context's notices hear one line per event worth telling the user.
    pub fn get_or_build(&self, spec: &TableSpec, ctx: &tansaku_core::Context) -> Result<(Vec<u8>, Origin), PdbError> {
        let notice = |text: &str| ctx.notice(text);
        let clock = web_time::Instant::now();
        tansaku_core::memory::check("a pattern database table", spec.bytes(), ctx.budget())?;
        match self.load(spec) {
            Ok(Some(table)) => {
                let path = self.path_of(spec).expect("a loaded table has a file");
                return Ok((table, Origin::Loaded(path, clock.elapsed().as_secs_f64())));
            }
            Ok(None) => {}
            Err(why) => notice(&format!(
                "pattern database '{}' {why}: rebuilding it",
                self.path_of(spec).expect("a refused table has a file").display()
            )),
        }
        if self.explicit {
            self.check_writable()?;
        }
        let geo = super::Geometry::new(spec.width, spec.height);
        tansaku_core::memory::check(
            &format!("building a pattern database of {} tiles", spec.labels.len()),
            super::build_bytes(&geo, spec.labels.len(), spec.zero),
            ctx.budget(),
        )?;
        if self.path_of(spec).is_some() {
            notice(&format!(
                "building the {}pattern database of tiles {} ({} entries; once, then kept in {})",
                if spec.zero { "zero-aware " } else { "" },
                spec.labels.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
                spec.entries(),
                self.place()
            ));
        }
        let (table, stats) = spec.build(ctx);
        let saved = match self.store(spec, &table) {
            Ok(path) => Some(path),
            Err(e) if self.explicit => return Err(e),
            Err(PdbError::Cache(why)) if self.path_of(spec).is_some() => {
                notice(&format!("{why}; the table is used but not kept"));
                None
            }
            Err(_) => None,
        };
        Ok((table, Origin::Built(stats, saved)))
    }

    /// Every table file in the folder, with what is wrong with it, if
    /// anything (header and size; the checksum is checked when loading).
    pub fn list(&self) -> Result<Vec<CacheEntry>, PdbError> {
        #[cfg(not(feature = "files"))]
        return Ok(Vec::new());
        #[cfg(feature = "files")]
        self.list_files()
    }

    #[cfg(feature = "files")]
    fn list_files(&self) -> Result<Vec<CacheEntry>, PdbError> {
        let Some(dir) = &self.dir else { return Ok(Vec::new()) };
        let read = match std::fs::read_dir(dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(PdbError::Cache(format!("cannot read '{}': {e}", dir.display()))),
        };
        let mut out = Vec::new();
        for entry in read.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "pdb") {
                continue;
            }
            let bytes = entry.metadata().map_or(0, |m| m.len());
            let mut header = [0u8; HEADER];
            let readable = std::fs::File::open(&path)
                .and_then(|mut f| f.read_exact(&mut header))
                .is_ok();
            let (board, tiles, problem) = if readable && header.starts_with(b"tansaku-tws-pdb\n") {
                // A table derived from a .tws definition (checked when used).
                (Some("definition".to_string()), Vec::new(), None)
            } else if !readable || &header[..12] != MAGIC {
                (
                    None,
                    Vec::new(),
                    Some("not a tansaku pattern database, or truncated".to_string()),
                )
            } else {
                let (w, h, k) = (header[16] as usize, header[17] as usize, header[18] as usize);
                let version = u32::from_le_bytes(header[12..16].try_into().expect("4 bytes"));
                let entries = u64::from_le_bytes(header[84..92].try_into().expect("8 bytes"));
                let problem = if version != FORMAT_VERSION {
                    Some(format!(
                        "format version {version} (this tansaku reads {FORMAT_VERSION})"
                    ))
                } else if bytes != HEADER as u64 + entries {
                    Some(format!(
                        "truncated ({bytes} bytes, {} expected)",
                        HEADER as u64 + entries
                    ))
                } else {
                    None
                };
                (Some(format!("{w}x{h}")), header[52..52 + k.min(32)].to_vec(), problem)
            };
            out.push(CacheEntry {
                path,
                bytes,
                board,
                tiles,
                problem,
            });
        }
        out.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    /// Removes every table file (and any temporary file left by a build
    /// that was killed); returns how many files and bytes.
    pub fn clear(&self) -> Result<(usize, u64), PdbError> {
        #[cfg(not(feature = "files"))]
        return Ok((0, 0));
        #[cfg(feature = "files")]
        self.clear_files()
    }

    #[cfg(feature = "files")]
    fn clear_files(&self) -> Result<(usize, u64), PdbError> {
        let Some(dir) = &self.dir else { return Ok((0, 0)) };
        let read = match std::fs::read_dir(dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((0, 0)),
            Err(e) => return Err(PdbError::Cache(format!("cannot read '{}': {e}", dir.display()))),
        };
        let (mut files, mut bytes) = (0, 0);
        for entry in read.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".pdb") || (name.starts_with('.') && name.contains(".pdb.tmp-")) {
                let size = entry.metadata().map_or(0, |m| m.len());
                std::fs::remove_file(entry.path())
                    .map_err(|e| PdbError::Cache(format!("cannot remove '{}': {e}", entry.path().display())))?;
                files += 1;
                bytes += size;
            }
        }
        Ok((files, bytes))
    }
}

/// The header of `spec`'s file holding `table`, checksum included.
fn header(spec: &TableSpec, table: &[u8]) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..12].copy_from_slice(MAGIC);
    h[12..16].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[16] = spec.width as u8;
    h[17] = spec.height as u8;
    h[18] = spec.labels.len() as u8;
    h[19] = u8::from(spec.zero);
    h[20..20 + spec.goal.len()].copy_from_slice(&spec.goal);
    h[52..52 + spec.labels.len()].copy_from_slice(&spec.labels);
    h[84..92].copy_from_slice(&(table.len() as u64).to_le_bytes());
    let mut sum = Xxh3::new();
    sum.update(&h[..SUMMED]);
    sum.update(table);
    h[SUMMED..].copy_from_slice(&sum.digest().to_le_bytes());
    h
}

/// Why a header does not describe `spec`'s table, if it does not.
fn check_header(h: &[u8; HEADER], spec: &TableSpec) -> Result<(), String> {
    if &h[..12] != MAGIC {
        return Err("is not a tansaku pattern database".into());
    }
    let version = u32::from_le_bytes(h[12..16].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(format!(
            "was written in format version {version} (this tansaku reads {FORMAT_VERSION})"
        ));
    }
    let expected = header(spec, &[]);
    if h[16..20] != expected[16..20] || h[20..52] != expected[20..52] || h[52..84] != expected[52..84] {
        return Err("holds the table of another board, goal or pattern".into());
    }
    let bytes = u64::from_le_bytes(h[84..92].try_into().expect("8 bytes"));
    if bytes != spec.bytes() {
        return Err(format!("holds a table of {bytes} bytes, not {}", spec.bytes()));
    }
    Ok(())
}
