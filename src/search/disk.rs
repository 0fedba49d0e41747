//! The two-bit retrograde analysis with its table on disk, for spaces whose
//! table does not fit the memory budget even at two bits a position.
//!
//! The table is cut into chunk files of ranks; one chunk is in memory at a
//! time. Each level streams over the chunks twice, as in Korf's delayed
//! duplicate detection:
//! 1. *Expand*: a chunk is read, its states of the level being expanded are
//!    expanded; a successor in the same chunk is claimed at once, one in
//!    another chunk is appended to that chunk's bucket file (its offset in
//!    the chunk, 4 bytes).
//! 2. *Merge*: a chunk is read, its bucket is applied (a position still not
//!    reached gets the new level), the codes are relabelled for the next
//!    level, and the chunk is written back.
//!
//! Levels run top-down only (bottom-up would read neighbours at random
//! across the chunks). The codes, the histogram and the longest positions
//! are those of the in-memory two-bit table, which the tests check.

use super::dense::{Code, TwoBits, claim, relabel};
use super::{SearchError, Stats, Timer};
use crate::Ranked;
use rayon::prelude::*;
use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Entries a thread buffers for one bucket before it appends them.
const BUFFERED: usize = 1 << 14;

/// Why a disk analysis failed.
fn io_error(what: &str, path: &Path, e: std::io::Error) -> SearchError {
    SearchError::Unsupported(format!("{what} {}: {e}", path.display()))
}

/// Bytes free on the file system of `dir`, when the system says.
pub fn free_disk(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid C string and `s` a valid out-pointer.
    let r = unsafe { libc::statvfs(c.as_ptr(), &mut s) };
    (r == 0).then(|| s.f_bavail as u64 * s.f_frsize as u64)
}

/// The plan of a disk analysis: chunks and the disk they take.
#[derive(Clone, Debug, PartialEq)]
pub struct DiskPlan {
    /// Ranks a chunk.
    pub chunk_ranks: u64,
    /// Number of chunks.
    pub chunks: u64,
    /// Bytes of the table on disk.
    pub table_bytes: u64,
}

/// Chunks of at most `memory` bytes each (at least one word, at most 1 GB
/// so that offsets fit 4 bytes) for `states` ranks.
///
/// ```
/// use tansaku::search::disk::plan;
/// let p = plan(239_500_800, 8 << 20);
/// assert_eq!((p.chunk_ranks, p.chunks, p.table_bytes), (8 << 22, 8, 59_875_200));
/// ```
pub fn plan(states: u64, memory: u64) -> DiskPlan {
    let per_word = TwoBits::PER_WORD as u64;
    let words = (memory / 8).clamp(1, 1 << 27);
    let chunk_ranks = words * per_word;
    DiskPlan {
        chunk_ranks,
        chunks: states.div_ceil(chunk_ranks).max(1),
        table_bytes: states.div_ceil(per_word) * 8,
    }
}

struct Files {
    dir: PathBuf,
}

impl Files {
    fn chunk(&self, i: u64) -> PathBuf {
        self.dir.join(format!("chunk-{i:06}.bin"))
    }
    fn bucket(&self, i: u64) -> PathBuf {
        self.dir.join(format!("bucket-{i:06}.bin"))
    }
    fn read_chunk(&self, i: u64, words: &mut Vec<AtomicU64>, len: usize) -> Result<(), SearchError> {
        let path = self.chunk(i);
        let mut f = BufReader::with_capacity(
            1 << 20,
            File::open(&path).map_err(|e| io_error("cannot read", &path, e))?,
        );
        words.clear();
        let mut buf = vec![0u8; 1 << 16];
        let mut left = len * 8;
        while left > 0 {
            let n = left.min(buf.len());
            f.read_exact(&mut buf[..n])
                .map_err(|e| io_error("cannot read", &path, e))?;
            words.extend(
                buf[..n]
                    .chunks_exact(8)
                    .map(|c| AtomicU64::new(u64::from_le_bytes(c.try_into().expect("8")))),
            );
            left -= n;
        }
        Ok(())
    }
    fn write_chunk(&self, i: u64, words: &[AtomicU64]) -> Result<(), SearchError> {
        let path = self.chunk(i);
        let mut f = std::io::BufWriter::with_capacity(
            1 << 20,
            File::create(&path).map_err(|e| io_error("cannot write", &path, e))?,
        );
        for w in words {
            f.write_all(&w.load(Relaxed).to_le_bytes())
                .map_err(|e| io_error("cannot write", &path, e))?;
        }
        f.flush().map_err(|e| io_error("cannot write", &path, e))
    }
}

/// Appends offsets to bucket files, one lock a bucket.
struct Buckets<'a> {
    files: &'a Files,
    locks: Vec<Mutex<()>>,
    failed: Mutex<Option<SearchError>>,
}

impl Buckets<'_> {
    fn append(&self, j: usize, offsets: &mut Vec<u32>) {
        if offsets.is_empty() {
            return;
        }
        let _guard = self.locks[j].lock().expect("bucket lock");
        let path = self.files.bucket(j as u64);
        let bytes: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
        let r = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(&bytes));
        if let Err(e) = r {
            *self.failed.lock().expect("error lock") = Some(io_error("cannot write", &path, e));
        }
        offsets.clear();
    }
}

/// What a disk analysis found: the histogram, the work, the longest
/// positions' ranks (at most `keep`, increasing).
pub(crate) struct DiskRun {
    pub(crate) histogram: Vec<u64>,
    pub(crate) stats: Stats,
    pub(crate) longest: Vec<u64>,
}

/// Runs the two-bit analysis of `p` with its table in chunk files under
/// `dir`, at most `memory` bytes of table in memory at a time.
pub(crate) fn run<P: Ranked>(
    p: &P,
    dir: &Path,
    memory: u64,
    keep: usize,
    ctx: &crate::Context,
) -> Result<DiskRun, SearchError> {
    let n = p.state_count();
    let plan = plan(n, memory);
    fs::create_dir_all(dir).map_err(|e| io_error("cannot create", dir, e))?;
    if let Some(free) = free_disk(dir)
        && free < plan.table_bytes
    {
        return Err(SearchError::Unsupported(format!(
            "the table on disk needs {} in {}, which has {} free",
            crate::memory::human(plan.table_bytes),
            dir.display(),
            crate::memory::human(free)
        )));
    }
    let files = Files { dir: dir.to_path_buf() };
    let timer = Timer::start();
    let progress = crate::progress::Progress::new(ctx, Some(n), "states");
    progress.line(&format!(
        "  table on disk: {} in {} chunks of {} under {}",
        crate::memory::human(plan.table_bytes),
        plan.chunks,
        crate::memory::human(plan.chunk_ranks / 4),
        dir.display()
    ));
    let chunk_len = |i: u64| -> (u64, usize) {
        let start = i * plan.chunk_ranks;
        let ranks = (n - start).min(plan.chunk_ranks);
        (ranks, ranks.div_ceil(TwoBits::PER_WORD as u64) as usize)
    };
    // Level 0: every chunk unseen, the goals current.
    let goals: Vec<u64> = match p.goal_states() {
        Some(g) => g.iter().map(|s| p.rank(s)).collect(),
        None => {
            return Err(SearchError::Unsupported(
                "an analysis on disk needs a listable goal set".into(),
            ));
        }
    };
    let mut histogram = vec![0u64];
    let mut words: Vec<AtomicU64> = Vec::new();
    for i in 0..plan.chunks {
        let (_, len) = chunk_len(i);
        words.clear();
        words.extend((0..len).map(|_| AtomicU64::new(u64::MAX)));
        for &g in &goals {
            if g / plan.chunk_ranks == i {
                let off = (g % plan.chunk_ranks) as usize;
                histogram[0] += u64::from(claim::<TwoBits>(&words, off, 1));
            }
        }
        let _ = fs::remove_file(files.bucket(i));
        files.write_chunk(i, &words)?;
    }
    let mut unseen = n - histogram[0];
    let mut expanded = 0u64;
    let buckets = Buckets {
        files: &files,
        locks: (0..plan.chunks).map(|_| Mutex::new(())).collect(),
        failed: Mutex::new(None),
    };
    loop {
        let d = histogram.len() - 1;
        if histogram[d] == 0 || unseen == 0 {
            break;
        }
        if let Some(why) = ctx.stopped() {
            progress.finish();
            return Err(SearchError::Stopped(why));
        }
        let mut found = 0u64;
        // Expand.
        for i in 0..plan.chunks {
            let (_, len) = chunk_len(i);
            files.read_chunk(i, &mut words, len)?;
            let base = i * plan.chunk_ranks;
            let (f, e) = expand_chunk(p, &words, base, &plan, n, &buckets);
            found += f;
            expanded += e;
            if let Some(err) = buckets.failed.lock().expect("error lock").take() {
                return Err(err);
            }
            files.write_chunk(i, &words)?;
        }
        // Merge the buckets, relabel.
        for j in 0..plan.chunks {
            let (_, len) = chunk_len(j);
            files.read_chunk(j, &mut words, len)?;
            let path = files.bucket(j);
            if let Ok(file) = File::open(&path) {
                // Streamed in blocks: a bucket may be larger than a chunk.
                let mut f = BufReader::with_capacity(1 << 20, file);
                let mut block = vec![0u8; 1 << 20];
                loop {
                    let got = f.read(&mut block).map_err(|e| io_error("cannot read", &path, e))?;
                    if got == 0 {
                        break;
                    }
                    let mut got = got;
                    while got % 4 != 0 {
                        f.read_exact(&mut block[got..got + 1])
                            .map_err(|e| io_error("cannot read", &path, e))?;
                        got += 1;
                    }
                    for c in block[..got].chunks_exact(4) {
                        let off = u32::from_le_bytes(c.try_into().expect("4")) as usize;
                        found += u64::from(claim::<TwoBits>(&words, off, 2));
                    }
                }
                fs::remove_file(&path).map_err(|e| io_error("cannot remove", &path, e))?;
            }
            relabel::<TwoBits>(&words);
            files.write_chunk(j, &words)?;
        }
        progress.line(&format!(
            "  level {:>3} -> {:>3}: {:>12} new states  (on disk, {:.2} s)",
            d,
            d + 1,
            found,
            timer.seconds()
        ));
        progress.update(n - unseen + found, &format!("level {}", d + 1));
        if found == 0 {
            break;
        }
        histogram.push(found);
        unseen -= found;
    }
    progress.finish();
    // The longest positions: the states still marked "expanded".
    let mut longest = Vec::new();
    for i in 0..plan.chunks {
        if longest.len() >= keep {
            break;
        }
        let (ranks, len) = chunk_len(i);
        files.read_chunk(i, &mut words, len)?;
        for (wi, w) in words.iter().enumerate() {
            let v = w.load(Relaxed);
            for k in super::dense::slots::<TwoBits>(super::dense::matches::<TwoBits>(v, 1)) {
                let off = (wi * TwoBits::PER_WORD + k) as u64;
                if off < ranks && longest.len() < keep {
                    longest.push(i * plan.chunk_ranks + off);
                }
            }
        }
    }
    for i in 0..plan.chunks {
        let _ = fs::remove_file(files.chunk(i));
    }
    let states = histogram.iter().sum();
    Ok(DiskRun {
        histogram,
        stats: Stats {
            generated: states,
            expanded,
            seconds: timer.seconds(),
        },
        longest,
    })
}

/// Expands the current states of one chunk; returns (claimed in the chunk,
/// expanded).
fn expand_chunk<P: Ranked>(
    p: &P,
    words: &[AtomicU64],
    base: u64,
    plan: &DiskPlan,
    n: u64,
    buckets: &Buckets<'_>,
) -> (u64, u64) {
    let per = TwoBits::PER_WORD;
    let chunks = plan.chunks as usize;
    words
        .par_chunks(super::dense::CHUNK_WORDS)
        .enumerate()
        .map(|(ci, part)| {
            let mut out: Vec<Vec<u32>> = vec![Vec::new(); chunks];
            let (mut found, mut expanded) = (0u64, 0u64);
            for (k, word) in part.iter().enumerate() {
                let wi = ci * super::dense::CHUNK_WORDS + k;
                for s in super::dense::slots::<TwoBits>(super::dense::matches::<TwoBits>(word.load(Relaxed), 1)) {
                    let r = base + (wi * per + s) as u64;
                    if r >= n {
                        continue;
                    }
                    expanded += 1;
                    let st = p.unrank(r);
                    p.for_each_successor(&st, |m, t| {
                        let rt = p.rank_after(&st, r, m, &t);
                        let (j, off) = ((rt / plan.chunk_ranks) as usize, (rt % plan.chunk_ranks) as usize);
                        if rt / plan.chunk_ranks == base / plan.chunk_ranks {
                            found += u64::from(claim::<TwoBits>(words, off, 2));
                        } else {
                            out[j].push(off as u32);
                            if out[j].len() >= BUFFERED {
                                buckets.append(j, &mut out[j]);
                            }
                        }
                    });
                }
            }
            for (j, o) in out.iter_mut().enumerate() {
                buckets.append(j, o);
            }
            (found, expanded)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}
