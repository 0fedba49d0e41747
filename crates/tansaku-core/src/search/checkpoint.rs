//! Checkpoints of a dense retrograde analysis: what a run needs to go on
//! after it was killed, in one file, `longest.ckpt`, in a folder the user
//! chooses; the same for an analysis on disk (`longest-disk.ckpt`, which
//! names its chunk files) and an IDA* search (`ida.ckpt`: the iterations
//! done, the bound, the subtrees of the current iteration searched). A
//! finished run removes its checkpoint and says so.
//!
//! The file holds a header (format version, what the analysis is of, the
//! slot width, the number of states, the levels done: histogram and work),
//! the table's words, and an XXH3-64
//! checksum of everything before it. It is written to `longest.ckpt.tmp`,
//! synced, then renamed over the old one, so a kill at any moment leaves
//! either the old checkpoint or the new one, never half of one. A file that
//! is of another analysis, another version, shorter than its header says,
//! or whose checksum differs is refused: it is never trusted.

use std::path::PathBuf;

/// The format version; a file of another version is refused (2: with the
/// positions a level holds beside its ranks, for ranks of classes).
pub const VERSION: u32 = 2;
/// The format version of IDA*'s checkpoints (2: with the seconds the
/// unfinished iteration took before).
pub const IDA_VERSION: u32 = 2;
/// The checkpoint's file name in its folder.
pub const FILE: &str = "longest.ckpt";
/// The checkpoint of an IDA* search, in its folder.
pub const IDA_FILE: &str = "ida.ckpt";

/// Why a checkpoint cannot be used or written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CheckpointError {
    /// The folder cannot be created or written, or a write failed (a full
    /// disk); the last good checkpoint, if any, is left as it was.
    #[error("cannot write a checkpoint in {dir}: {why} (the last good checkpoint, if any, is kept)")]
    Unwritable {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        why: String,
    },
    /// The file cannot be read.
    #[error("cannot read checkpoint {path}: {why}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        why: String,
    },
    /// The file is not one this version can trust: another format, another
    /// analysis, truncated or corrupt.
    #[error("checkpoint {path} refused: {why}; remove it to start over")]
    Refused {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
}

/// The levels done, as saved.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Saved {
    pub(crate) histogram: Vec<u64>,
    /// The positions each level holds, where ranks stand for classes of
    /// them ([`crate::Ranked::weighted`]); else empty.
    pub(crate) weights: Vec<u64>,
    pub(crate) expanded: u64,
}

/// What an IDA* search saved: the iterations done, the bound being tried
/// and, when that iteration is split into subtrees, the depth of the split,
/// how many subtrees it has and those searched to the end.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct IdaSaved {
    pub(crate) iterations: Vec<crate::search::Iteration>,
    pub(crate) bound: u32,
    /// 0: the iteration is not split (yet).
    pub(crate) split: u32,
    pub(crate) tasks: u64,
    /// Seconds the runs before spent on the unfinished iteration.
    pub(crate) seconds: f64,
    pub(crate) done: Vec<DoneTask>,
}

/// A subtree searched to the end without a solution: its work and the
/// smallest cost past the bound it saw (`u32::MAX`: none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DoneTask {
    pub(crate) task: u64,
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) next: u32,
}

/// The analysis or search that `dir/file` was the checkpoint of is over:
/// the file is removed (it could only restart a finished run), and the
/// user told, with the room it took.
pub(crate) fn finished(dir: &std::path::Path, file: &str, ctx: &crate::Context) {
    #[cfg(feature = "files")]
    {
        let path = dir.join(file);
        let size = std::fs::metadata(&path).map(|m| m.len());
        if let Ok(size) = size
            && std::fs::remove_file(&path).is_ok()
        {
            ctx.notice(&format!(
                "the run is over: removed its checkpoint {} ({})",
                path.display(),
                crate::memory::human(size)
            ));
        }
    }
    #[cfg(not(feature = "files"))]
    let _ = (dir, file, ctx);
}

#[cfg(feature = "files")]
pub(crate) use files::*;

/// Reading and writing checkpoint files (the `files` feature).
#[cfg(feature = "files")]
mod files {
    use super::*;
    use std::fs::{self, File};
    use std::io::{self, BufReader, BufWriter, Read, Write};
    use std::path::Path;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    use xxhash_rust::xxh3::Xxh3;

    const MAGIC: &[u8; 16] = b"tansaku-retro\0\0\0";
    const TEMP: &str = "longest.ckpt.tmp";
    /// Words converted a buffer.
    const BUF_WORDS: usize = 1 << 16;

    /// A checkpoint whose header was read and checked; its words come next.
    pub(crate) struct Opened {
        path: PathBuf,
        reader: BufReader<File>,
        hasher: Xxh3,
        saved: Saved,
        words: u64,
    }

    /// Reads a header, hashing what it reads; `None` when the file ends first
    /// or a length passes the file's size (checked before anything is
    /// allocated for it).
    struct Head {
        reader: BufReader<File>,
        hasher: Xxh3,
        size: u64,
        /// Bytes read so far: at the end, the header's length.
        read: u64,
    }

    impl Head {
        fn bytes(&mut self, n: u64) -> Option<Vec<u8>> {
            if n > self.size {
                return None;
            }
            let mut b = vec![0u8; n as usize];
            self.reader.read_exact(&mut b).ok()?;
            self.hasher.update(&b);
            self.read += n;
            Some(b)
        }
        fn u32(&mut self) -> Option<u32> {
            Some(u32::from_le_bytes(self.bytes(4)?.try_into().ok()?))
        }
        fn u64(&mut self) -> Option<u64> {
            Some(u64::from_le_bytes(self.bytes(8)?.try_into().ok()?))
        }
        fn list(&mut self, unit: u64) -> Option<Vec<u8>> {
            let n = self.u64()?;
            self.bytes(n.checked_mul(unit)?)
        }
        fn words(&mut self) -> Option<Vec<u64>> {
            let b = self.list(8)?;
            Some(
                b.chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                    .collect(),
            )
        }
    }

    fn header(key: &str, bits: u32, states: u64, saved: &Saved, words: u64) -> Vec<u8> {
        let mut h = Vec::with_capacity(128 + key.len() + 8 * saved.histogram.len());
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&bits.to_le_bytes());
        h.extend_from_slice(&states.to_le_bytes());
        h.extend_from_slice(&(key.len() as u64).to_le_bytes());
        h.extend_from_slice(key.as_bytes());
        for list in [&saved.histogram, &saved.weights] {
            h.extend_from_slice(&(list.len() as u64).to_le_bytes());
            for &x in list {
                h.extend_from_slice(&x.to_le_bytes());
            }
        }
        h.extend_from_slice(&saved.expanded.to_le_bytes());
        h.extend_from_slice(&words.to_le_bytes());
        h
    }

    fn unwritable(dir: &Path, e: io::Error) -> CheckpointError {
        CheckpointError::Unwritable {
            dir: dir.to_path_buf(),
            why: e.to_string(),
        }
    }

    /// Makes sure files can be written in `dir` (created if missing), removes
    /// the temporary file a write killed midway left, and opens `file` there
    /// for reading if it exists.
    /// Refuses `dir` when it holds the checkpoints of a run on another
    /// number of processes than `count`: each process of a job of N keeps
    /// its own under `process-K-of-N`, a run of one process its `single`
    /// files in `dir` itself. Their work was dealt otherwise, so this run
    /// cannot go on from them (and must not quietly start afresh beside
    /// them).
    pub(crate) fn same_processes(dir: &Path, count: usize, single: &[&str]) -> Result<(), CheckpointError> {
        let Ok(entries) = fs::read_dir(dir) else {
            return Ok(());
        };
        // A process's folder holds a checkpoint in it or one level down.
        fn holds(folder: &Path, depth: u32) -> bool {
            fs::read_dir(folder).into_iter().flatten().flatten().any(|e| {
                let p = e.path();
                if p.is_dir() {
                    depth > 0 && holds(&p, depth - 1)
                } else {
                    p.extension().is_some_and(|x| x == "ckpt")
                }
            })
        }
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let of = if single.contains(&name.as_str()) {
                Some(1)
            } else {
                name.strip_prefix("process-")
                    .and_then(|n| n.split_once("-of-"))
                    .and_then(|(_, n)| n.parse::<usize>().ok())
                    .filter(|_| holds(&e.path(), 1))
            };
            if let Some(of) = of
                && of != count
            {
                let processes = |n: usize| {
                    if n == 1 {
                        "one process".to_string()
                    } else {
                        format!("{n} processes")
                    }
                };
                return Err(CheckpointError::Refused {
                    path: e.path(),
                    why: format!(
                        "it was written by a run on {} and this one runs on {}: run it as it was run, or remove it to start afresh",
                        processes(of),
                        processes(count)
                    ),
                });
            }
        }
        Ok(())
    }

    fn prepare(dir: &Path, file: &str, temp: &str) -> Result<Option<(PathBuf, Head)>, CheckpointError> {
        if dir.exists() && !dir.is_dir() {
            return Err(CheckpointError::Unwritable {
                dir: dir.to_path_buf(),
                why: "it is a file, not a folder".into(),
            });
        }
        // A run of one process on a job's folder.
        same_processes(dir, 1, &[])?;
        fs::create_dir_all(dir).map_err(|e| unwritable(dir, e))?;
        let probe = dir.join(".tansaku-probe");
        File::create(&probe)
            .and_then(|mut f| f.write_all(b"probe"))
            .map_err(|e| unwritable(dir, e))?;
        let _ = fs::remove_file(&probe);
        let _ = fs::remove_file(dir.join(temp));
        let path = dir.join(file);
        let f = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(CheckpointError::Unreadable {
                    path,
                    why: e.to_string(),
                });
            }
        };
        let size = f.metadata().map(|m| m.len()).unwrap_or(0);
        let head = Head {
            reader: BufReader::with_capacity(1 << 20, f),
            hasher: Xxh3::new(),
            size,
            read: 0,
        };
        Ok(Some((path, head)))
    }

    /// Reads the magic and the format version; why the file is refused if
    /// either is not this program's.
    fn check_magic(h: &mut Head, magic: &[u8; 16]) -> Result<(), String> {
        let truncated = || "truncated (it ends inside its header)".to_string();
        if h.bytes(16).ok_or_else(truncated)? != magic {
            return Err(if magic == MAGIC {
                "not a tansaku checkpoint".into()
            } else if magic == IDA_MAGIC {
                "not a tansaku checkpoint of an IDA* search".into()
            } else {
                "not a tansaku checkpoint of an analysis on disk".into()
            });
        }
        let version = h.u32().ok_or_else(truncated)?;
        let reads = if magic == IDA_MAGIC { IDA_VERSION } else { VERSION };
        if version != reads {
            return Err(format!(
                "written by format version {version}, this program reads version {reads}"
            ));
        }
        Ok(())
    }

    /// Writes a file by `body` into `temp`, syncs it, renames it to `file` and
    /// syncs the folder; on an error removes the temporary file, so the last
    /// good file stays.
    fn commit(
        dir: &Path,
        file: &str,
        temp: &str,
        body: impl FnOnce(&mut BufWriter<File>, &mut Xxh3) -> io::Result<()>,
    ) -> Result<(), CheckpointError> {
        let temp = dir.join(temp);
        let result = (|| -> io::Result<()> {
            let mut out = BufWriter::with_capacity(1 << 20, File::create(&temp)?);
            let mut hasher = Xxh3::new();
            body(&mut out, &mut hasher)?;
            out.write_all(&hasher.digest().to_le_bytes())?;
            let f = out.into_inner().map_err(|e| e.into_error())?;
            f.sync_all()?;
            drop(f);
            fs::rename(&temp, dir.join(file))?;
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
            Ok(())
        })();
        result.map_err(|e| {
            let _ = fs::remove_file(&temp);
            unwritable(dir, e)
        })
    }

    /// Makes sure checkpoints can be written in `dir` (created if missing),
    /// removes what a write killed midway left, and opens the checkpoint there
    /// if there is one: `None` when there is none, an error when it is not one
    /// of this analysis (`key`, slot width, states) or cannot be trusted.
    pub(crate) fn open(dir: &Path, key: &str, bits: u32, states: u64) -> Result<Option<Opened>, CheckpointError> {
        let Some((path, mut h)) = prepare(dir, FILE, TEMP)? else {
            return Ok(None);
        };
        let size = h.size;
        let refuse = |why: String| CheckpointError::Refused {
            path: path.clone(),
            why,
        };
        let truncated = || refuse("truncated (it ends inside its header)".into());
        check_magic(&mut h, MAGIC).map_err(refuse)?;
        let file_bits = h.u32().ok_or_else(truncated)?;
        let file_states = h.u64().ok_or_else(truncated)?;
        let file_key = h.list(1).ok_or_else(truncated)?;
        let file_key = String::from_utf8(file_key).map_err(|_| refuse("corrupt description".into()))?;
        if file_key != key {
            return Err(refuse(format!("it is of {file_key}, not of {key}")));
        }
        if (file_bits, file_states) != (bits, states) {
            return Err(refuse(format!(
                "it keeps {file_states} states in {file_bits}-bit slots, this run {states} in {bits}-bit slots: ask for {file_bits} bits a slot to go on with it, or remove it to start afresh"
            )));
        }
        let histogram = h.words().ok_or_else(truncated)?;
        let weights = h.words().ok_or_else(truncated)?;
        let expanded = h.u64().ok_or_else(truncated)?;
        let words = h.u64().ok_or_else(truncated)?;
        let head = h.read;
        let expected = words.saturating_mul(8).saturating_add(head + 8);
        if histogram.is_empty() || size != expected {
            return Err(refuse(format!(
                "truncated or corrupt ({size} bytes, its header says {expected})"
            )));
        }
        let Head { reader, hasher, .. } = h;
        Ok(Some(Opened {
            path,
            reader,
            hasher,
            saved: Saved {
                histogram,
                weights,
                expanded,
            },
            words,
        }))
    }

    impl Opened {
        /// The last level the checkpoint holds.
        pub(crate) fn level(&self) -> usize {
            self.saved.histogram.len() - 1
        }
    }

    /// Reads the table of an opened checkpoint into `words` and checks the
    /// checksum; returns the levels done. On an error the table holds garbage.
    pub(crate) fn load(mut f: Opened, words: &[AtomicU64]) -> Result<Saved, CheckpointError> {
        let refuse = |why: &str| CheckpointError::Refused {
            path: f.path.clone(),
            why: why.into(),
        };
        if f.words != words.len() as u64 {
            return Err(refuse("its table is of another size"));
        }
        let mut buf = vec![0u8; BUF_WORDS * 8];
        for part in words.chunks(BUF_WORDS) {
            let b = &mut buf[..part.len() * 8];
            f.reader.read_exact(b).map_err(|_| refuse("truncated"))?;
            f.hasher.update(b);
            for (w, c) in part.iter().zip(b.chunks_exact(8)) {
                w.store(u64::from_le_bytes(c.try_into().expect("8 bytes")), Relaxed);
            }
        }
        let mut sum = [0u8; 8];
        f.reader.read_exact(&mut sum).map_err(|_| refuse("truncated"))?;
        if u64::from_le_bytes(sum) != f.hasher.digest() {
            return Err(refuse("corrupt (its checksum does not match its contents)"));
        }
        Ok(f.saved)
    }

    /// Writes a checkpoint: temporary file, sync, rename, sync of the folder.
    /// On an error the temporary file is removed and the last checkpoint kept.
    pub(crate) fn save(
        dir: &Path,
        key: &str,
        bits: u32,
        states: u64,
        saved: &Saved,
        words: &[AtomicU64],
    ) -> Result<(), CheckpointError> {
        commit(dir, FILE, TEMP, |out, hasher| {
            let head = header(key, bits, states, saved, words.len() as u64);
            hasher.update(&head);
            out.write_all(&head)?;
            write_words(out, hasher, words)
        })
    }

    /// Writes `words` little-endian to `out`, hashing what it writes.
    pub(crate) fn write_words(out: &mut impl Write, hasher: &mut Xxh3, words: &[AtomicU64]) -> io::Result<()> {
        let mut buf = vec![0u8; BUF_WORDS.min(words.len()) * 8];
        for part in words.chunks(BUF_WORDS) {
            let b = &mut buf[..part.len() * 8];
            for (w, c) in part.iter().zip(b.chunks_exact_mut(8)) {
                c.copy_from_slice(&w.load(Relaxed).to_le_bytes());
            }
            hasher.update(b);
            out.write_all(b)?;
        }
        Ok(())
    }

    /// The checkpoint of an analysis on disk, in its folder: a small file that
    /// names the generation of chunk files holding the table at a level's end.
    pub(crate) const DISK_FILE: &str = "longest-disk.ckpt";
    const DISK_TEMP: &str = "longest-disk.ckpt.tmp";
    const DISK_MAGIC: &[u8; 16] = b"tansaku-disk\0\0\0\0";

    /// What an analysis on disk saved at a level's end: the levels, how the
    /// table is cut, which generation of chunk files holds it, and each
    /// chunk file's XXH3-64 checksum.
    #[derive(Clone, Debug, PartialEq)]
    pub(crate) struct DiskSaved {
        pub(crate) saved: Saved,
        pub(crate) chunk_ranks: u64,
        pub(crate) generation: u32,
        pub(crate) sums: Vec<u64>,
    }

    fn disk_header(key: &str, states: u64, s: &DiskSaved) -> Vec<u8> {
        let mut h = Vec::new();
        h.extend_from_slice(DISK_MAGIC);
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&states.to_le_bytes());
        h.extend_from_slice(&(key.len() as u64).to_le_bytes());
        h.extend_from_slice(key.as_bytes());
        h.extend_from_slice(&s.chunk_ranks.to_le_bytes());
        h.extend_from_slice(&s.generation.to_le_bytes());
        for list in [&s.saved.histogram, &s.sums] {
            h.extend_from_slice(&(list.len() as u64).to_le_bytes());
            for &x in list.iter() {
                h.extend_from_slice(&x.to_le_bytes());
            }
        }
        h.extend_from_slice(&s.saved.expanded.to_le_bytes());
        h
    }

    /// Writes the checkpoint of an analysis on disk (temporary file, sync,
    /// rename); the chunk files it names must be synced already.
    pub(crate) fn save_disk(dir: &Path, key: &str, states: u64, s: &DiskSaved) -> Result<(), CheckpointError> {
        commit(dir, DISK_FILE, DISK_TEMP, |out, hasher| {
            let head = disk_header(key, states, s);
            hasher.update(&head);
            out.write_all(&head)
        })
    }

    /// Makes sure `dir` can hold checkpoints and reads the checkpoint of an
    /// analysis on disk there, if any: `None` when there is none, an error when
    /// it is of another analysis or cannot be trusted. The chunk files it names
    /// are checked by the caller.
    pub(crate) fn open_disk(dir: &Path, key: &str, states: u64) -> Result<Option<DiskSaved>, CheckpointError> {
        let Some((path, mut h)) = prepare(dir, DISK_FILE, DISK_TEMP)? else {
            return Ok(None);
        };
        let refuse = |why: String| CheckpointError::Refused {
            path: path.clone(),
            why,
        };
        let truncated = || refuse("truncated (it ends inside its header)".into());
        check_magic(&mut h, DISK_MAGIC).map_err(refuse)?;
        let file_states = h.u64().ok_or_else(truncated)?;
        let file_key =
            String::from_utf8(h.list(1).ok_or_else(truncated)?).map_err(|_| refuse("corrupt description".into()))?;
        if file_key != key {
            return Err(refuse(format!("it is of {file_key}, not of {key}")));
        }
        if file_states != states {
            return Err(refuse(format!("it keeps {file_states} states, this run {states}")));
        }
        let chunk_ranks = h.u64().ok_or_else(truncated)?;
        let generation = h.u32().ok_or_else(truncated)?;
        let histogram = h.words().ok_or_else(truncated)?;
        let sums = h.words().ok_or_else(truncated)?;
        let expanded = h.u64().ok_or_else(truncated)?;
        let digest = h.hasher.digest();
        let sum = h.u64().ok_or_else(truncated)?;
        if sum != digest || h.read != h.size || histogram.is_empty() || generation > 1 {
            return Err(refuse("corrupt (its checksum does not match its contents)".into()));
        }
        Ok(Some(DiskSaved {
            saved: Saved {
                histogram,
                weights: Vec::new(),
                expanded,
            },
            chunk_ranks,
            generation,
            sums,
        }))
    }

    const IDA_TEMP: &str = "ida.ckpt.tmp";
    const IDA_MAGIC: &[u8; 16] = b"tansaku-ida\0\0\0\0\0";

    fn ida_header(key: &str, s: &IdaSaved) -> Vec<u8> {
        let mut h = Vec::new();
        h.extend_from_slice(IDA_MAGIC);
        h.extend_from_slice(&IDA_VERSION.to_le_bytes());
        h.extend_from_slice(&(key.len() as u64).to_le_bytes());
        h.extend_from_slice(key.as_bytes());
        h.extend_from_slice(&(s.iterations.len() as u64).to_le_bytes());
        for i in &s.iterations {
            for x in [i.bound as u64, i.expanded, i.generated, i.seconds.to_bits()] {
                h.extend_from_slice(&x.to_le_bytes());
            }
        }
        h.extend_from_slice(&s.bound.to_le_bytes());
        h.extend_from_slice(&s.split.to_le_bytes());
        h.extend_from_slice(&s.tasks.to_le_bytes());
        h.extend_from_slice(&s.seconds.to_bits().to_le_bytes());
        h.extend_from_slice(&(s.done.len() as u64).to_le_bytes());
        for d in &s.done {
            for x in [d.task, d.expanded, d.generated, d.next as u64] {
                h.extend_from_slice(&x.to_le_bytes());
            }
        }
        h
    }

    /// Writes the checkpoint of an IDA* search (temporary file, sync,
    /// rename).
    pub(crate) fn save_ida(dir: &Path, key: &str, s: &IdaSaved) -> Result<(), CheckpointError> {
        commit(dir, IDA_FILE, IDA_TEMP, |out, hasher| {
            let head = ida_header(key, s);
            hasher.update(&head);
            out.write_all(&head)
        })
    }

    /// Makes sure `dir` can hold checkpoints and reads the checkpoint of an
    /// IDA* search there, if any: `None` when there is none, an error when
    /// it is of another search (`key`) or cannot be trusted.
    pub(crate) fn open_ida(dir: &Path, key: &str) -> Result<Option<IdaSaved>, CheckpointError> {
        let Some((path, mut h)) = prepare(dir, IDA_FILE, IDA_TEMP)? else {
            return Ok(None);
        };
        let refuse = |why: String| CheckpointError::Refused {
            path: path.clone(),
            why,
        };
        let truncated = || refuse("truncated (it ends inside its header)".into());
        check_magic(&mut h, IDA_MAGIC).map_err(refuse)?;
        let file_key =
            String::from_utf8(h.list(1).ok_or_else(truncated)?).map_err(|_| refuse("corrupt description".into()))?;
        if file_key != key {
            return Err(refuse(format!("it is of {file_key}, not of {key}")));
        }
        let quads = |h: &mut Head| -> Option<Vec<[u64; 4]>> {
            let b = h.list(32)?;
            Some(
                b.chunks_exact(32)
                    .map(|c| std::array::from_fn(|k| u64::from_le_bytes(c[8 * k..8 * k + 8].try_into().expect("8"))))
                    .collect(),
            )
        };
        let iterations = quads(&mut h).ok_or_else(truncated)?;
        let bound = h.u32().ok_or_else(truncated)?;
        let split = h.u32().ok_or_else(truncated)?;
        let tasks = h.u64().ok_or_else(truncated)?;
        let seconds = f64::from_bits(h.u64().ok_or_else(truncated)?);
        let done = quads(&mut h).ok_or_else(truncated)?;
        let digest = h.hasher.digest();
        let sum = h.u64().ok_or_else(truncated)?;
        let in_range = iterations.iter().all(|i| i[0] <= u32::MAX as u64)
            && done.iter().all(|d| d[0] < tasks && d[3] <= u32::MAX as u64);
        if sum != digest || h.read != h.size || !in_range || !seconds.is_finite() || seconds < 0.0 {
            return Err(refuse("corrupt (its checksum does not match its contents)".into()));
        }
        Ok(Some(IdaSaved {
            seconds,
            iterations: iterations
                .into_iter()
                .map(|[b, e, g, s]| crate::search::Iteration {
                    bound: b as u32,
                    expanded: e,
                    generated: g,
                    seconds: f64::from_bits(s),
                })
                .collect(),
            bound,
            split,
            tasks,
            done: done
                .into_iter()
                .map(|[task, expanded, generated, next]| DoneTask {
                    task,
                    expanded,
                    generated,
                    next: next as u32,
                })
                .collect(),
        }))
    }
}
