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

use super::checkpoint::{self, CheckpointError, DiskSaved, Saved};
use super::table::{CHUNK_WORDS, Checkpoint, Claims, Code, TwoBits, claim, matches, slots};
use super::{SearchError, Stats, Timer};
use crate::Ranked;
use rayon::prelude::*;
use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use web_time::Instant;
use xxhash_rust::xxh3::Xxh3;

/// Entries a thread buffers for one bucket before it appends them.
const BUFFERED: usize = 1 << 14;

/// Why a disk analysis failed.
fn io_error(what: &str, path: &Path, e: std::io::Error) -> SearchError {
    SearchError::Unsupported(format!("{what} {}: {e}", path.display()))
}

/// Bytes free on the file system of `dir`, when the system says (Unix).
#[cfg(unix)]
pub fn free_disk(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: `statvfs` is a plain C struct of integers, for which all
    // zero bytes is a valid value.
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid C string and `s` a valid out-pointer.
    let r = unsafe { libc::statvfs(c.as_ptr(), &mut s) };
    (r == 0).then(|| s.f_bavail as u64 * s.f_frsize as u64)
}

/// Bytes free on the file system of `dir`: not known here.
#[cfg(not(unix))]
pub fn free_disk(dir: &Path) -> Option<u64> {
    let _ = dir;
    None
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
/// use tansaku_core::search::disk::plan;
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
    /// Chunk `i` of generation `g` (0 or 1).
    fn chunk(&self, i: u64, g: u32) -> PathBuf {
        self.dir.join(format!("chunk-{i:06}-{g}.bin"))
    }
    fn bucket(&self, i: u64) -> PathBuf {
        self.dir.join(format!("bucket-{i:06}.bin"))
    }
    fn read_chunk(&self, i: u64, g: u32, words: &mut Vec<AtomicU64>, len: usize) -> Result<(), SearchError> {
        let path = self.chunk(i, g);
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
    /// Writes chunk `i` of generation `g`; returns its checksum.
    fn write_chunk(&self, i: u64, g: u32, words: &[AtomicU64]) -> Result<u64, SearchError> {
        let path = self.chunk(i, g);
        let fail = |e| io_error("cannot write", &path, e);
        let mut f = std::io::BufWriter::with_capacity(1 << 20, File::create(&path).map_err(fail)?);
        let mut hasher = Xxh3::new();
        checkpoint::write_words(&mut f, &mut hasher, words).map_err(fail)?;
        f.flush().map_err(fail)?;
        Ok(hasher.digest())
    }
    /// The length and checksum of chunk `i` of generation `g` as it is on
    /// disk.
    fn sum(&self, i: u64, g: u32) -> std::io::Result<(u64, u64)> {
        let mut f = File::open(self.chunk(i, g))?;
        let mut hasher = Xxh3::new();
        let mut buf = vec![0u8; 1 << 20];
        let mut len = 0u64;
        loop {
            let got = f.read(&mut buf)?;
            if got == 0 {
                return Ok((len, hasher.digest()));
            }
            hasher.update(&buf[..got]);
            len += got as u64;
        }
    }
    /// Bytes of the chunk files already in the folder.
    fn existing(&self, chunks: u64) -> u64 {
        (0..chunks)
            .flat_map(|i| [0, 1].map(|g| fs::metadata(self.chunk(i, g)).map_or(0, |m| m.len())))
            .sum()
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

/// The levels done so far of a run on disk, from its checkpoint when it has
/// one that the chunk files match.
fn resume(
    save: &Checkpoint,
    files: &Files,
    plan: &mut DiskPlan,
    memory: u64,
    n: u64,
) -> Result<Option<(Saved, u32)>, SearchError> {
    let Some(r) = checkpoint::open_disk(&save.dir, &save.key, n)? else {
        return Ok(None);
    };
    let refuse = |why: String| {
        SearchError::Checkpoint(CheckpointError::Refused {
            path: save.dir.join(checkpoint::DISK_FILE),
            why,
        })
    };
    // The chunks of the interrupted run, if they fit this run's budget.
    let per = TwoBits::PER_WORD as u64;
    if r.chunk_ranks == 0 || r.chunk_ranks % per != 0 || r.chunk_ranks / per > 1 << 27 {
        return Err(refuse("corrupt (its chunk size is not one this program writes)".into()));
    }
    if r.chunk_ranks / per * 8 > memory.max(8) {
        return Err(refuse(format!(
            "its chunks of {} do not fit this run's memory budget ({} a chunk)",
            crate::memory::human(r.chunk_ranks / per * 8),
            crate::memory::human(plan.chunk_ranks / per * 8)
        )));
    }
    plan.chunk_ranks = r.chunk_ranks;
    plan.chunks = n.div_ceil(r.chunk_ranks).max(1);
    if r.sums.len() as u64 != plan.chunks {
        return Err(refuse("corrupt (it lists another number of chunks)".into()));
    }
    for (i, &want) in r.sums.iter().enumerate() {
        let i = i as u64;
        let words = (n - i * plan.chunk_ranks).min(plan.chunk_ranks).div_ceil(per);
        let path = files.chunk(i, r.generation);
        match files.sum(i, r.generation) {
            Ok((len, sum)) if len == words * 8 && sum == want => {}
            Ok(_) => {
                return Err(refuse(format!(
                    "its table file {} is truncated or corrupt",
                    path.display()
                )));
            }
            Err(e) => return Err(refuse(format!("its table file {} cannot be read: {e}", path.display()))),
        }
    }
    Ok(Some((r.saved, r.generation)))
}

/// Runs the two-bit analysis of `p` with its table in chunk files under
/// `dir`, at most `memory` bytes of table in memory at a time; with a
/// checkpoint, resumed from it and saved at level ends as often as
/// [`Checkpoint::every`] and the cost of saving allow.
///
/// With checkpoints the table has two generations of chunk files: the one
/// the checkpoint names is never written, the levels after it rewrite the
/// other in place, and saving syncs that one and names it in a new
/// checkpoint (a few bytes, renamed into place). So a kill at any moment
/// leaves a table the checkpoint matches. Without checkpoints there is one
/// generation (half the disk).
pub(crate) fn run<P: Ranked>(
    p: &P,
    dir: &Path,
    memory: u64,
    keep: usize,
    ctx: &crate::Context,
    save: Option<&Checkpoint>,
) -> Result<DiskRun, SearchError> {
    let n = p.state_count();
    let mut plan = plan(n, memory);
    if dir.exists() && !dir.is_dir() {
        return Err(SearchError::Unsupported(format!(
            "cannot keep the table on disk in {}: it is a file, not a folder",
            dir.display()
        )));
    }
    fs::create_dir_all(dir).map_err(|e| io_error("cannot create", dir, e))?;
    let files = Files { dir: dir.to_path_buf() };
    let resumed = match save {
        Some(c) => resume(c, &files, &mut plan, memory, n)?,
        None => None,
    };
    let from_checkpoint = resumed.is_some();
    let generations = if save.is_some() { 2 } else { 1 };
    let need = room(dir, &files, &plan, generations)?;
    let timer = Timer::start();
    let progress = crate::progress::Progress::new(ctx, Some(n), "states");
    progress.line(&format!(
        "  table on disk: {} in {} chunks of {} under {}{}",
        crate::memory::human(need),
        plan.chunks,
        crate::memory::human(plan.chunk_ranks / 4),
        dir.display(),
        if generations == 2 {
            " (two copies, for checkpoints)"
        } else {
            ""
        }
    ));
    let disk = Disk { files, plan, n };
    let mut words: Vec<AtomicU64> = Vec::new();
    // At rest between levels, a chunk holds 0 (earlier levels), 1 (the
    // level before the last), 2 (the last level), 3 (not reached); a level
    // relabels as it reads. `generation` holds the latest table;
    // `committed` is the one the checkpoint names, if any.
    let (mut histogram, mut expanded, mut generation) = match resumed {
        Some((saved, g)) => (saved.histogram, saved.expanded, g),
        None => (vec![disk.seed_goals(p, &mut words)?], 0, 0),
    };
    let mut committed = from_checkpoint.then_some(generation);
    let mut cadence = super::keep::Cadence::new();
    let mut unseen = n - histogram.iter().sum::<u64>();
    let resumed = save.filter(|_| from_checkpoint).map(|c| c.dir.as_path());
    progress.levels_known(&histogram, resumed, n - unseen);
    let stopped = || ctx.stopped().map_or(Ok(()), |why| Err(SearchError::Stopped(why)));
    // The code of the last level's positions at the end.
    let last_code = loop {
        if unseen == 0 {
            break 2;
        }
        stopped().inspect_err(|_| progress.finish())?;
        let d = histogram.len() - 1;
        let out = if committed == Some(generation) {
            1 - generation
        } else {
            generation
        };
        let (found, work, sums) = disk
            .level(p, generation, out, &mut words, &stopped)
            .inspect_err(|_| progress.finish())?;
        expanded += work;
        generation = out;
        progress.level(d as u32, found, "on disk", timer.seconds(), n - unseen + found);
        if found == 0 {
            // The last level was relabelled to 1 as it was expanded.
            break 1;
        }
        histogram.push(found);
        unseen -= found;
        if let Some(c) = save
            && unseen > 0
            && cadence.due(c.every)
        {
            let t = Instant::now();
            disk.commit(c, &histogram, expanded, generation, sums)?;
            committed = Some(generation);
            cadence.wrote(t);
        }
    };
    progress.finish();
    let longest = disk.longest(generation, last_code, keep, &mut words)?;
    // Done: the checkpoint first, so that a kill in between starts over.
    if let Some(c) = save {
        checkpoint::finished(&c.dir, checkpoint::DISK_FILE, ctx);
    }
    disk.remove_chunks();
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

/// Checks the disk has room for the table (`generations` copies of it);
/// returns the bytes it needs.
fn room(dir: &Path, files: &Files, plan: &DiskPlan, generations: u64) -> Result<u64, SearchError> {
    let need = plan.table_bytes * generations;
    if let Some(free) = free_disk(dir)
        && free + files.existing(plan.chunks) < need
    {
        return Err(SearchError::Unsupported(format!(
            "the table on disk needs {} in {}{}, which has {} free",
            crate::memory::human(need),
            dir.display(),
            if generations == 2 {
                " (two copies, for checkpoints)"
            } else {
                ""
            },
            crate::memory::human(free)
        )));
    }
    Ok(need)
}

/// The table on disk: its chunk files and how it is cut.
struct Disk {
    files: Files,
    plan: DiskPlan,
    n: u64,
}

impl Disk {
    /// The ranks of chunk `i` and its words.
    fn chunk_len(&self, i: u64) -> (u64, usize) {
        let start = i * self.plan.chunk_ranks;
        let ranks = (self.n - start).min(self.plan.chunk_ranks);
        (ranks, ranks.div_ceil(TwoBits::PER_WORD as u64) as usize)
    }

    /// Writes generation 0 with every goal at distance 0; returns how many.
    fn seed_goals<P: Ranked>(&self, p: &P, words: &mut Vec<AtomicU64>) -> Result<u64, SearchError> {
        let goals: Vec<u64> = match p.goal_states() {
            Some(g) => g.iter().map(|s| p.rank(s)).collect(),
            None => {
                return Err(SearchError::Unsupported(
                    "an analysis on disk needs a listable goal set".into(),
                ));
            }
        };
        let mut found = 0;
        for i in 0..self.plan.chunks {
            let (_, len) = self.chunk_len(i);
            words.clear();
            words.extend((0..len).map(|_| AtomicU64::new(u64::MAX)));
            for &g in &goals {
                if g / self.plan.chunk_ranks == i {
                    let off = (g % self.plan.chunk_ranks) as usize;
                    found += u64::from(claim::<TwoBits>(words, off, 2));
                }
            }
            self.files.write_chunk(i, 0, words)?;
        }
        Ok(found)
    }

    /// One level: every chunk of generation `from` expanded (successors in
    /// other chunks go to their buckets) into generation `out`, then the
    /// buckets merged; returns (states found, states expanded, the
    /// checksum of each chunk file written).
    fn level<P: Ranked>(
        &self,
        p: &P,
        from: u32,
        out: u32,
        words: &mut Vec<AtomicU64>,
        stopped: &dyn Fn() -> Result<(), SearchError>,
    ) -> Result<(u64, u64, Vec<u64>), SearchError> {
        let plan = &self.plan;
        for j in 0..plan.chunks {
            // What a killed level left.
            let _ = fs::remove_file(self.files.bucket(j));
        }
        let buckets = Buckets {
            files: &self.files,
            locks: (0..plan.chunks).map(|_| Mutex::new(())).collect(),
            failed: Mutex::new(None),
        };
        let (mut found, mut expanded) = (0u64, 0u64);
        let mut sums = Vec::with_capacity(plan.chunks as usize);
        for i in 0..plan.chunks {
            stopped()?;
            let (_, len) = self.chunk_len(i);
            self.files.read_chunk(i, from, words, len)?;
            relabel::<TwoBits>(words);
            let (f, e) = expand_chunk(p, words, i * plan.chunk_ranks, plan, self.n, &buckets);
            found += f;
            expanded += e;
            if let Some(err) = buckets.failed.lock().expect("error lock").take() {
                return Err(err);
            }
            sums.push(self.files.write_chunk(i, out, words)?);
        }
        for j in 0..plan.chunks {
            stopped()?;
            if let Some(f) = self.merge_bucket(j, out, words)? {
                found += f;
                sums[j as usize] = self.files.write_chunk(j, out, words)?;
            }
        }
        Ok((found, expanded, sums))
    }

    /// Claims the ranks of bucket `j` in chunk `j` of generation `out`
    /// (left in `words`); returns how many were new, `None` without a
    /// bucket.
    fn merge_bucket(&self, j: u64, out: u32, words: &mut Vec<AtomicU64>) -> Result<Option<u64>, SearchError> {
        let path = self.files.bucket(j);
        let file = match File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error("cannot read", &path, e)),
        };
        let (_, len) = self.chunk_len(j);
        self.files.read_chunk(j, out, words, len)?;
        // Streamed in blocks: a bucket may be larger than a chunk.
        let mut f = BufReader::with_capacity(1 << 20, file);
        let mut block = vec![0u8; 1 << 20];
        let mut claims = Claims::<TwoBits>::new(words, 2);
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
                claims.push(u32::from_le_bytes(c.try_into().expect("4")) as usize);
            }
        }
        fs::remove_file(&path).map_err(|e| io_error("cannot remove", &path, e))?;
        Ok(Some(claims.finish()))
    }

    /// Syncs generation `generation` and names it in a new checkpoint.
    fn commit(
        &self,
        c: &Checkpoint,
        histogram: &[u64],
        expanded: u64,
        generation: u32,
        sums: Vec<u64>,
    ) -> Result<(), SearchError> {
        for i in 0..self.plan.chunks {
            let path = self.files.chunk(i, generation);
            File::open(&path)
                .and_then(|f| f.sync_all())
                .map_err(|e| io_error("cannot sync", &path, e))?;
        }
        let s = DiskSaved {
            saved: Saved {
                histogram: histogram.to_vec(),
                weights: Vec::new(),
                expanded,
            },
            chunk_ranks: self.plan.chunk_ranks,
            generation,
            sums,
        };
        checkpoint::save_disk(&c.dir, &c.key, self.n, &s)?;
        Ok(())
    }

    /// The first `keep` longest positions: the states of generation
    /// `generation` still marked `code`.
    fn longest(
        &self,
        generation: u32,
        code: u64,
        keep: usize,
        words: &mut Vec<AtomicU64>,
    ) -> Result<Vec<u64>, SearchError> {
        let mut longest = Vec::new();
        for i in 0..self.plan.chunks {
            if longest.len() >= keep {
                break;
            }
            let (ranks, len) = self.chunk_len(i);
            self.files.read_chunk(i, generation, words, len)?;
            for (wi, w) in words.iter().enumerate() {
                let v = w.load(Relaxed);
                for k in slots::<TwoBits>(matches::<TwoBits>(v, code)) {
                    let off = (wi * TwoBits::PER_WORD + k) as u64;
                    if off < ranks && longest.len() < keep {
                        longest.push(i * self.plan.chunk_ranks + off);
                    }
                }
            }
        }
        Ok(longest)
    }

    /// Removes every chunk file.
    fn remove_chunks(&self) {
        for i in 0..self.plan.chunks {
            for g in [0, 1] {
                let _ = fs::remove_file(self.files.chunk(i, g));
            }
        }
    }
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
        .par_chunks(CHUNK_WORDS)
        .enumerate()
        .map(|(ci, part)| {
            let mut out: Vec<Vec<u32>> = vec![Vec::new(); chunks];
            let (mut claims, mut expanded) = (Claims::<TwoBits>::new(words, 2), 0u64);
            for (k, word) in part.iter().enumerate() {
                let wi = ci * CHUNK_WORDS + k;
                for s in slots::<TwoBits>(matches::<TwoBits>(word.load(Relaxed), 1)) {
                    let r = base + (wi * per + s) as u64;
                    if r >= n {
                        continue;
                    }
                    expanded += 1;
                    p.for_each_successor_rank(r, |rt| {
                        let (j, off) = ((rt / plan.chunk_ranks) as usize, (rt % plan.chunk_ranks) as usize);
                        if rt / plan.chunk_ranks == base / plan.chunk_ranks {
                            claims.push(off);
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
            (claims.finish(), expanded)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Rewrites every word's codes after a level ([`Code::relabel`]): a chunk
/// read back from disk keeps no marks of the levels it holds.
fn relabel<C: Code>(words: &[AtomicU64]) {
    words.par_chunks(CHUNK_WORDS).for_each(|part| {
        for w in part {
            let v = w.load(Relaxed);
            let r = C::relabel(v);
            if r != v {
                w.store(r, Relaxed);
            }
        }
    });
}
