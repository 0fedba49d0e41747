//! The level engine of the dense retrograde analyses: a slot per rank in
//! words of 64 bits, one byte a state or two bits a state.
//!
//! A byte holds the distance itself (255: not reached). Two bits hold what
//! Korf's two-bit breadth-first search keeps (Korf 2008, "Minimizing disk
//! I/O in two-bit breadth-first search"): 3 not reached, 2 reached by the
//! level being written, 1 the level being expanded, 0 every level before;
//! after each level one pass over the table turns 1 into 0 and 2 into 1.
//! The histogram is counted as the levels are written, and at the end the
//! states marked 1 are exactly the longest positions.
//!
//! Each level runs top-down (expand the frontier, claim unseen successors)
//! while the frontier is small and bottom-up (every unseen state looks for a
//! neighbour in the frontier and stops at the first) once it is large, as in
//! direction-optimising BFS. Top-down claims a slot with one `fetch_and`,
//! which turns "unseen" (all ones) into the new code and tells exactly one
//! thread that it did; bottom-up lets each thread write only its own words.
//! So the counts are exact and the result does not depend on scheduling.

use super::checkpoint::Saved;
use super::keep::Keeper;
use super::shares::Shares;
use super::{SearchError, Stats, Timer};
use crate::Ranked;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Words per parallel work item.
pub(crate) const CHUNK_WORDS: usize = 1 << 12;

/// How the distance of a state is written in its slot.
pub(crate) trait Code: Send + Sync + 'static {
    /// Bits a slot.
    const BITS: u32;
    /// The largest distance the slot can tell apart, if any.
    const MAX_DISTANCE: Option<u32>;
    /// The code of the states at distance `d` while level `d` is expanded.
    fn current(d: u32) -> u64;
    /// The code the states found at distance `d + 1` get.
    fn next(d: u32) -> u64;
    /// The code of the states at the longest distance `d` at the end.
    fn last(d: u32) -> u64;
    /// Whether the codes are rewritten between levels ([`Code::relabel`]).
    const RELABEL: bool;
    /// A word's slots after a level.
    fn relabel(w: u64) -> u64;
    /// A slot of all ones: not reached.
    const UNSEEN: u64 = (1 << Self::BITS) - 1;
    /// Slots a word.
    const PER_WORD: usize = (64 / Self::BITS) as usize;
    /// The low bit of every slot.
    const LOW: u64 = u64::MAX / Self::UNSEEN;
    /// The high bit of every slot.
    const HIGH: u64 = Self::LOW << (Self::BITS - 1);
}

/// One byte a state: the distance itself.
pub(crate) struct Bytes;
impl Code for Bytes {
    const BITS: u32 = 8;
    const MAX_DISTANCE: Option<u32> = Some(254);
    #[inline]
    fn current(d: u32) -> u64 {
        d as u64
    }
    #[inline]
    fn next(d: u32) -> u64 {
        d as u64 + 1
    }
    fn last(d: u32) -> u64 {
        d as u64
    }
    const RELABEL: bool = false;
    fn relabel(w: u64) -> u64 {
        w
    }
}

/// Two bits a state: earlier levels, this level, the next level, not
/// reached.
pub(crate) struct TwoBits;
impl Code for TwoBits {
    const BITS: u32 = 2;
    const MAX_DISTANCE: Option<u32> = None;
    #[inline]
    fn current(_: u32) -> u64 {
        1
    }
    #[inline]
    fn next(_: u32) -> u64 {
        2
    }
    fn last(_: u32) -> u64 {
        1
    }
    const RELABEL: bool = true;
    /// 3 stays 3, 2 becomes 1, 1 becomes 0, 0 stays 0.
    #[inline]
    fn relabel(w: u64) -> u64 {
        let (hi, lo) = (w & Self::HIGH, w & Self::LOW);
        (hi & lo << 1) | hi >> 1
    }
}

/// The high bit of every slot of `w` equal to `c` (an exact zero-slot test:
/// no false positives from borrows).
#[inline]
pub(crate) fn matches<C: Code>(w: u64, c: u64) -> u64 {
    let x = w ^ C::LOW.wrapping_mul(c);
    !(((x & !C::HIGH).wrapping_add(!C::HIGH)) | x | !C::HIGH)
}

/// The slot positions (0..PER_WORD) named by a mask from [`matches`].
#[inline]
pub(crate) fn slots<C: Code>(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let k = (m.trailing_zeros() / C::BITS) as usize;
        m &= m - 1;
        Some(k)
    })
}

/// A slot per rank.
pub(crate) struct Table<C: Code> {
    pub(crate) words: Vec<AtomicU64>,
    pub(crate) len: usize,
    _code: std::marker::PhantomData<C>,
}

impl<C: Code> Table<C> {
    /// Bytes the table for `len` states occupies (saturating).
    pub(crate) fn bytes_for(len: u64) -> u64 {
        len.div_ceil(C::PER_WORD as u64).saturating_mul(8)
    }

    pub(crate) fn new(len: usize) -> Self {
        let words: Vec<AtomicU64> = (0..len.div_ceil(C::PER_WORD))
            .into_par_iter()
            .map(|_| AtomicU64::new(u64::MAX))
            .collect();
        crate::memory::advise_huge_pages(&words);
        Table {
            words,
            len,
            _code: std::marker::PhantomData,
        }
    }

    #[inline]
    pub(crate) fn slot(&self, r: usize) -> u64 {
        self.words[r / C::PER_WORD].load(Relaxed) >> ((r % C::PER_WORD) as u32 * C::BITS) & C::UNSEEN
    }

    /// Every rank whose slot holds `c`, in increasing order.
    pub(crate) fn ranks_with(&self, c: u64) -> impl Iterator<Item = u64> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(wi, w)| {
                slots::<C>(matches::<C>(w.load(Relaxed), c)).map(move |k| (wi * C::PER_WORD + k) as u64)
            })
            .filter(move |&r| (r as usize) < self.len)
    }

    fn chunks(&self) -> usize {
        self.words.len().div_ceil(CHUNK_WORDS)
    }

    /// The words of work item `c`, with their indices.
    fn chunk(&self, c: usize) -> impl Iterator<Item = (usize, &AtomicU64)> {
        let start = c * CHUNK_WORDS;
        let end = (start + CHUNK_WORDS).min(self.words.len());
        (start..end).zip(&self.words[start..end])
    }
}

/// Where the checkpoints of a long analysis go, and how often.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The folder of the checkpoint file (`longest.ckpt`).
    pub dir: std::path::PathBuf,
    /// What the analysis is of (puzzle, goal, options): a checkpoint made
    /// for anything else is refused.
    pub key: String,
    /// Least time between two checkpoints. A checkpoint is also never
    /// written before the work since the last one is twenty times what
    /// writing it cost, so that writing takes at most 5% of the run.
    pub every: Duration,
}

/// How many slots the analysis keeps a state in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bits {
    /// A byte when the table fits the memory budget, else two bits.
    #[default]
    Auto,
    /// A byte a state: the distance of every state can be read back.
    Eight,
    /// Two bits a state (Korf's codes: earlier, current, next level, not
    /// reached): a quarter of the memory.
    Two,
}

/// What a dense analysis leaves: the histogram, the work, the table (this
/// process's slice of it), and for a job the longest positions' ranks
/// gathered from every slice.
pub(crate) struct Dense<C: Code> {
    pub(crate) histogram: Vec<u64>,
    pub(crate) expanded: u64,
    pub(crate) seconds: f64,
    pub(crate) table: Table<C>,
    /// The longest positions' ranks from every slice (first `keep` of
    /// each), when processes shared the work.
    shared_longest: Option<Vec<u64>>,
}

impl<C: Code> Dense<C> {
    /// The longest positions' ranks, in increasing order (for a job, the
    /// ones gathered).
    pub(crate) fn longest(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match &self.shared_longest {
            Some(ranks) => Box::new(ranks.iter().copied()),
            None => Box::new(self.table.ranks_with(C::last((self.histogram.len() - 1) as u32))),
        }
    }
}

/// Runs the levels of a dense analysis of `p` in slots of code `C`: alone,
/// or each process of the context's job on its slice of the ranks
/// ([`super::shares`]), keeping at most `keep` longest positions a slice;
/// with checkpoints when `save` asks for them ([`super::keep`]).
pub(crate) fn run<P: Ranked, C: Code>(
    p: &P,
    ctx: &crate::Context,
    save: Option<&Checkpoint>,
    keep: usize,
) -> Result<Dense<C>, SearchError> {
    let n = p.state_count();
    let timer = Timer::start();
    let mut shares = Shares::of(n, C::PER_WORD as u64, ctx.processes());
    let len = usize::try_from(shares.hi - shares.lo)
        .map_err(|_| SearchError::Unsupported("state space too large for this machine".into()))?;
    if shares.shared() {
        ctx.check(
            "this process's slice of the distance table (two bits per state)",
            Table::<C>::bytes_for(len as u64),
        )?;
    }
    let table = Table::<C>::new(len);
    let mut keeper = Keeper::new(save, &shares, C::BITS)?;
    let resumed = keeper.resume(&shares, &table)?;
    let from_checkpoint = resumed.is_some();
    let (mut histogram, mut expanded) = match resumed {
        Some(Saved { histogram, expanded }) => (histogram, expanded),
        None => (vec![shares.sum(seed_goals(p, &table, &shares)?)], 0),
    };
    let mut unseen = n - histogram.iter().sum::<u64>();
    let progress = crate::progress::Progress::new(ctx, Some(n), "states");
    if let (Some(c), true) = (save, from_checkpoint) {
        progress.line(&format!(
            "  resumed at level {} from the checkpoint in {}",
            histogram.len() - 1,
            c.dir.display()
        ));
    }
    progress.update(n - unseen, &format!("level {}", histogram.len() - 1));
    loop {
        let d = (histogram.len() - 1) as u32;
        let frontier = histogram[d as usize];
        if frontier == 0 || unseen == 0 {
            break;
        }
        if shares.any(ctx.stopped().is_some()) {
            progress.finish();
            keeper.write(&shares, &histogram, expanded, &table)?;
            return Err(SearchError::Stopped(
                ctx.stopped().unwrap_or(crate::context::Stop::Cancelled),
            ));
        }
        if C::MAX_DISTANCE.is_some_and(|m| d >= m) {
            return Err(SearchError::Unsupported(format!(
                "a distance passes {}, more than a byte a state holds (two bits a state have no limit)",
                d
            )));
        }
        // Top-down costs about frontier x degree; bottom-up about
        // (unseen - found) x degree, since an unseen state that finds no
        // neighbour in the frontier checks them all. On puzzle graphs (long
        // diameter, few shortcuts) bottom-up pays only once the frontier is
        // comparable to what is left: measured on 5x5 Flip It, switching at
        // frontier > unseen / 2 is within a few percent of the best level by
        // level choice. Processes sharing the work go top-down: a slice
        // cannot look at its neighbours' levels.
        let how = match (shares.shared(), frontier.saturating_mul(2) > unseen) {
            (true, _) => "top-down, shared",
            (false, true) => "bottom-up",
            (false, false) => "top-down",
        };
        let (found, work) = match how {
            "bottom-up" => bottom_up_level(p, &table, d),
            "top-down" => top_down_level(p, &table, d),
            _ => shares.top_down_level(p, &table, C::current(d), C::next(d)),
        };
        let found = shares.sum(found);
        expanded += work;
        progress.line(&format!(
            "  level {:>3} -> {:>3}: {:>12} new states  ({how}, {:.2} s)",
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
        if C::RELABEL {
            relabel::<C>(&table.words);
        }
        if unseen > 0 && keeper.due(&shares) {
            keeper.write(&shares, &histogram, expanded, &table)?;
        }
    }
    progress.finish();
    keeper.finish(&shares, ctx);
    while histogram.len() > 1 && *histogram.last().expect("non-empty") == 0 {
        histogram.pop();
    }
    let shared_longest = shares.shared().then(|| {
        let last = C::last((histogram.len() - 1) as u32);
        shares.gather_ranks(&table, last, keep)
    });
    if let Some(line) = shares.traffic() {
        ctx.notice(&line);
    }
    Ok(Dense {
        histogram,
        expanded: shares.sum(expanded),
        seconds: timer.seconds(),
        table,
        shared_longest,
    })
}

/// Gives slot `i` of `words` code `c` if it is not reached; true if it was
/// not. During a level a slot only goes from unseen to the level's new
/// code, so clearing the bits that `c` lacks is safe even if another
/// thread got there first; the old value tells which thread did.
#[inline]
pub(crate) fn claim<C: Code>(words: &[AtomicU64], i: usize, c: u64) -> bool {
    let (w, sh) = (&words[i / C::PER_WORD], (i % C::PER_WORD) as u32 * C::BITS);
    if w.load(Relaxed) >> sh & C::UNSEEN != C::UNSEEN {
        return false;
    }
    let old = w.fetch_and(!((C::UNSEEN ^ c) << sh), Relaxed);
    old >> sh & C::UNSEEN == C::UNSEEN
}

/// Rewrites every word's codes after a level ([`Code::relabel`]).
pub(crate) fn relabel<C: Code>(words: &[AtomicU64]) {
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

/// Writes distance 0 for every goal of this process's slice (listed by
/// the puzzle or, alone, found by a scan); returns how many there are.
fn seed_goals<P: Ranked, C: Code>(p: &P, table: &Table<C>, shares: &Shares) -> Result<u64, SearchError> {
    let words = &table.words;
    let len = table.len;
    let zero = C::current(0);
    let (lo, hi) = (shares.lo, shares.hi);
    match p.goal_states() {
        Some(list) => {
            let mut count = 0;
            for g in list {
                let r = p.rank(&g);
                if (lo..hi).contains(&r) {
                    count += u64::from(claim::<C>(words, (r - lo) as usize, zero));
                }
            }
            Ok(count)
        }
        None if shares.shared() => Err(SearchError::Unsupported(
            "an analysis across processes needs a listable goal set".into(),
        )),
        None => Ok((0..table.chunks())
            .into_par_iter()
            .map(|c| {
                let mut count = 0;
                for (wi, word) in table.chunk(c) {
                    let mut w = u64::MAX;
                    for k in 0..C::PER_WORD {
                        let r = wi * C::PER_WORD + k;
                        if r < len && p.is_goal(&p.unrank(r as u64)) {
                            w &= !((C::UNSEEN ^ zero) << (k as u32 * C::BITS));
                            count += 1;
                        }
                    }
                    if w != u64::MAX {
                        word.store(w, Relaxed);
                    }
                }
                count
            })
            .sum()),
    }
}

/// Expands every state at distance `d`; returns (states claimed, states
/// expanded).
fn top_down_level<P: Ranked, C: Code>(p: &P, table: &Table<C>, d: u32) -> (u64, u64) {
    let (cur, next) = (C::current(d), C::next(d));
    let words = &table.words;
    let len = table.len;
    (0..table.chunks())
        .into_par_iter()
        .map(|c| {
            let (mut found, mut expanded) = (0u64, 0u64);
            for (wi, word) in table.chunk(c) {
                for k in slots::<C>(matches::<C>(word.load(Relaxed), cur)) {
                    let r = wi * C::PER_WORD + k;
                    if r >= len {
                        continue;
                    }
                    expanded += 1;
                    let s = p.unrank(r as u64);
                    p.for_each_successor(&s, |m, t| {
                        let rt = p.rank_after(&s, r as u64, m, &t) as usize;
                        found += u64::from(claim::<C>(words, rt, next));
                    });
                }
            }
            (found, expanded)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Every unseen state looks for a neighbour at distance `d`; returns (states
/// found, states expanded).
fn bottom_up_level<P: Ranked, C: Code>(p: &P, table: &Table<C>, d: u32) -> (u64, u64) {
    let (cur, next) = (C::current(d), C::next(d));
    let words = &table.words;
    let len = table.len;
    (0..table.chunks())
        .into_par_iter()
        .map(|c| {
            let (mut found, mut expanded) = (0u64, 0u64);
            for (wi, word) in table.chunk(c) {
                let w = word.load(Relaxed);
                let mut new_w = w;
                for k in slots::<C>(matches::<C>(w, C::UNSEEN)) {
                    let r = wi * C::PER_WORD + k;
                    if r >= len {
                        continue;
                    }
                    expanded += 1;
                    let mut hit = false;
                    let s = p.unrank(r as u64);
                    p.for_each_successor(&s, |m, t| {
                        if !hit {
                            let rt = p.rank_after(&s, r as u64, m, &t) as usize;
                            let sh = (rt % C::PER_WORD) as u32 * C::BITS;
                            hit = words[rt / C::PER_WORD].load(Relaxed) >> sh & C::UNSEEN == cur;
                        }
                    });
                    if hit {
                        new_w &= !((C::UNSEEN ^ next) << (k as u32 * C::BITS));
                        found += 1;
                    }
                }
                if new_w != w {
                    // Only this thread writes this word during the level.
                    word.store(new_w, Relaxed);
                }
            }
            (found, expanded)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Wraps the stats of a finished run.
pub(crate) fn stats(states: u64, expanded: u64, seconds: f64) -> Stats {
    Stats {
        generated: states,
        expanded,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_matches_are_exact() {
        let w = 0xFF01_0203_FF00_0102u64;
        assert_eq!(slots::<Bytes>(matches::<Bytes>(w, 2)).collect::<Vec<_>>(), vec![0, 5]);
        assert_eq!(
            slots::<Bytes>(matches::<Bytes>(w, 0xFF)).collect::<Vec<_>>(),
            vec![3, 7]
        );
        // Two-bit slots, low to high: 3, 0, 1, 2, 3, ... (0b..._10_01_00_11).
        let w = 0b1001_0011u64 | (u64::MAX << 8);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 0)).collect::<Vec<_>>(), vec![1]);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 1)).collect::<Vec<_>>(), vec![2]);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 2)).collect::<Vec<_>>(), vec![3]);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 3)).count(), 29);
        // After a level: 3 stays, 2 becomes 1, 1 becomes 0, 0 stays.
        assert_eq!(TwoBits::relabel(0b11_10_01_00), 0b11_01_00_00);
        assert_eq!(TwoBits::relabel(u64::MAX), u64::MAX);
    }
}
