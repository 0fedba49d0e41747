//! Retrograde analysis: the distance from the goal set to every state.
//!
//! A breadth-first search started from every goal at once, over reversible
//! moves, gives each reachable state its distance to the nearest goal. From it
//! come the number of reachable states, the distance histogram, the longest
//! distance (the puzzle's "God's number" for that goal set) and every
//! position at that distance (the antipodes).
//!
//! Two implementations:
//! * [`retrograde_dense`] for [`Ranked`] puzzles: one byte per state in a
//!   rank-indexed array, levels processed in parallel (rayon). Each level is
//!   run top-down (expand the frontier, claim unseen successors) while the
//!   frontier is small and bottom-up (every unseen state looks for a
//!   neighbour in the frontier and stops at the first) once it is large, as
//!   in direction-optimising BFS. Bytes are packed eight to an `AtomicU64`:
//!   top-down claims a byte with one `fetch_and`, which turns `0xFF` into the
//!   new distance and tells exactly one thread that it did; bottom-up lets
//!   each thread write only its own words. So the counts are exact and the
//!   result does not depend on scheduling.
//! * [`retrograde_sparse`] for any reversible puzzle with a listable goal
//!   set: a hash map from state to distance.

use super::{SearchError, Stats, Timer};
use crate::memory;
use crate::{Puzzle, Ranked, Symmetric};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The byte of a state not reached (yet).
const UNSEEN: u8 = 0xFF;
/// The largest distance a dense table can hold.
pub const MAX_DENSE_DISTANCE: u32 = 254;
const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Words per parallel work item.
const CHUNK_WORDS: usize = 1 << 12;

/// What a retrograde analysis found.
#[derive(Clone, Debug)]
pub struct Analysis<S> {
    /// Number of states that can reach a goal (the sum of the histogram).
    pub states: u64,
    /// `histogram[d]` states lie exactly `d` moves from the goal set.
    pub histogram: Vec<u64>,
    /// The longest distance (God's number for this goal set).
    pub longest: u32,
    /// Number of states at the longest distance.
    pub count: u64,
    /// Longest positions, in rank order for the dense analysis; at most the
    /// number asked for.
    pub positions: Vec<S>,
    /// `expanded`: states whose successors were generated; `generated`:
    /// states that received a distance.
    pub stats: Stats,
}

/// Settings of a retrograde analysis.
#[derive(Clone, Debug)]
pub struct RetroOptions {
    /// Keep at most this many longest positions in [`Analysis::positions`].
    pub keep: usize,
    /// The memory budget (tables that pass it are refused before they are
    /// allocated), the progress observer (a line per level) and the stop
    /// signals (checked between levels).
    pub ctx: crate::Context,
}

impl Default for RetroOptions {
    fn default() -> Self {
        RetroOptions {
            keep: 1000,
            ctx: crate::Context::new(),
        }
    }
}

/// A distance for every rank: the result of [`retrograde_dense`].
pub struct DistanceTable {
    words: Vec<AtomicU64>,
    len: usize,
}

impl DistanceTable {
    fn new(len: usize) -> Self {
        let words = (0..len.div_ceil(8))
            .into_par_iter()
            .map(|_| AtomicU64::new(u64::MAX))
            .collect();
        DistanceTable { words, len }
    }

    /// Bytes the table for `len` states occupies (saturating: a space too
    /// large to count must not wrap round to a small table).
    ///
    /// ```
    /// use tansaku::search::retrograde::DistanceTable;
    /// assert_eq!(DistanceTable::bytes_for(9), 16);
    /// assert_eq!(DistanceTable::bytes_for(u64::MAX), u64::MAX);
    /// ```
    pub fn bytes_for(len: u64) -> u64 {
        len.div_ceil(8).saturating_mul(8)
    }

    /// Number of ranks.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The distance of rank `r`, `None` when it cannot reach a goal.
    pub fn get(&self, r: u64) -> Option<u32> {
        let b = self.byte(r as usize);
        (b != UNSEEN).then_some(b as u32)
    }

    fn byte(&self, r: usize) -> u8 {
        (self.words[r >> 3].load(Relaxed) >> ((r & 7) * 8)) as u8
    }

    /// Every rank at distance `d`, in increasing order.
    pub fn ranks_at(&self, d: u32) -> impl Iterator<Item = u64> + '_ {
        let d = d as u8;
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(wi, w)| set_bytes(byte_matches(w.load(Relaxed), d)).map(move |k| (wi * 8 + k) as u64))
            .filter(move |&r| (r as usize) < self.len)
    }
}

/// The byte positions (0..8) whose high bit is set in a mask from
/// [`byte_matches`].
#[inline]
fn set_bytes(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let k = m.trailing_zeros() as usize / 8;
        m &= m - 1;
        Some(k)
    })
}

/// The words of work item `c`, with their indices.
fn chunk(words: &[AtomicU64], c: usize) -> impl Iterator<Item = (usize, &AtomicU64)> {
    let start = c * CHUNK_WORDS;
    let end = (start + CHUNK_WORDS).min(words.len());
    (start..end).zip(&words[start..end])
}

/// High bit set in every byte of `w` equal to `d`.
#[inline]
fn byte_matches(w: u64, d: u8) -> u64 {
    let x = w ^ (LOW * d as u64);
    // Exact zero-byte test (no false positives from borrows).
    !(((x & !HIGH) + !HIGH) | x | !HIGH)
}

/// Distance of every state of a [`Ranked`] reversible puzzle to its goal
/// set, in a dense byte table.
///
/// Fails when the puzzle is not reversible, when the table would not fit in
/// memory (see [`RetroOptions::max_memory`]), or when a distance passes
/// [`MAX_DENSE_DISTANCE`].
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::retrograde::{retrograde_dense, RetroOptions};
///
/// let p = FlipIt::row(5, false);
/// let (a, _table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
/// assert_eq!((a.states, a.longest, a.count), (80, 10, 3));
/// ```
pub fn retrograde_dense<P: Ranked>(
    p: &P,
    opts: RetroOptions,
) -> Result<(Analysis<P::State>, DistanceTable), SearchError> {
    if !p.reversible() {
        return Err(SearchError::Unsupported(
            "retrograde analysis needs reversible moves".into(),
        ));
    }
    let n = p.state_count();
    memory::check(
        "the distance table (one byte per state)",
        DistanceTable::bytes_for(n),
        opts.ctx.budget(),
    )?;
    let len =
        usize::try_from(n).map_err(|_| SearchError::Unsupported("state space too large for this machine".into()))?;
    let timer = Timer::start();
    let table = DistanceTable::new(len);
    let words = &table.words;
    let chunks = words.len().div_ceil(CHUNK_WORDS);
    let mut stats = Stats::default();

    // Level 0: every goal, listed by the puzzle or found by a scan.
    let goals: u64 = match p.goal_states() {
        Some(list) => {
            let mut count = 0;
            for g in list {
                let r = p.rank(&g) as usize;
                let old = words[r >> 3].fetch_and(!(0xFFu64 << ((r & 7) * 8)), Relaxed);
                count += u64::from((old >> ((r & 7) * 8)) as u8 == UNSEEN);
            }
            count
        }
        None => (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut count = 0;
                for (wi, word) in chunk(words, c) {
                    let mut w = u64::MAX;
                    for k in 0..8 {
                        let r = wi * 8 + k;
                        if r < len && p.is_goal(&p.unrank(r as u64)) {
                            w &= !(0xFFu64 << (k * 8));
                            count += 1;
                        }
                    }
                    if w != u64::MAX {
                        word.store(w, Relaxed);
                    }
                }
                count
            })
            .sum(),
    };
    let mut histogram = vec![goals];
    let mut unseen = n - goals;
    let progress = crate::progress::Progress::new(&opts.ctx, Some(n), "states");
    progress.update(goals, "level 0");
    loop {
        let d = (histogram.len() - 1) as u32;
        let frontier = histogram[d as usize];
        if frontier == 0 || unseen == 0 {
            break;
        }
        if d >= MAX_DENSE_DISTANCE {
            return Err(SearchError::Unsupported(format!(
                "a distance passes {MAX_DENSE_DISTANCE}, more than the dense table holds"
            )));
        }
        // Top-down costs about frontier x degree; bottom-up about
        // (unseen - found) x degree, since an unseen state that finds no
        // neighbour in the frontier checks them all. On puzzle graphs (long
        // diameter, few shortcuts) bottom-up pays only once the frontier is
        // comparable to what is left: measured on 5x5 Flip It, switching at
        // frontier > unseen / 2 is within a few percent of the best level by
        // level choice.
        if let Some(why) = opts.ctx.stopped() {
            progress.finish();
            return Err(SearchError::Stopped(why));
        }
        let bottom_up = frontier.saturating_mul(2) > unseen;
        let (found, expanded) = if bottom_up {
            level_bottom_up(p, words, len, d as u8, chunks)
        } else {
            level_top_down(p, words, len, d as u8, chunks)
        };
        stats.expanded += expanded;
        progress.line(&format!(
            "  level {:>3} -> {:>3}: {:>12} new states  ({}, {:.2} s)",
            d,
            d + 1,
            found,
            if bottom_up { "bottom-up" } else { "top-down" },
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
    while histogram.len() > 1 && *histogram.last().expect("non-empty") == 0 {
        histogram.pop();
    }
    let longest = (histogram.len() - 1) as u32;
    let states: u64 = histogram.iter().sum();
    let positions = table.ranks_at(longest).take(opts.keep).map(|r| p.unrank(r)).collect();
    stats.generated = states;
    stats.seconds = timer.seconds();
    let analysis = Analysis {
        states,
        count: histogram[longest as usize],
        histogram,
        longest,
        positions,
        stats,
    };
    Ok((analysis, table))
}

/// Expands every state at distance `d`; returns (states claimed, states expanded).
fn level_top_down<P: Ranked>(p: &P, words: &[AtomicU64], len: usize, d: u8, chunks: usize) -> (u64, u64) {
    let next = (d + 1) as u64;
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let (mut found, mut expanded) = (0u64, 0u64);
            for (wi, word) in chunk(words, c) {
                for k in set_bytes(byte_matches(word.load(Relaxed), d)) {
                    let r = wi * 8 + k;
                    if r >= len {
                        continue;
                    }
                    expanded += 1;
                    p.for_each_successor(&p.unrank(r as u64), |_, t| {
                        let rt = p.rank(&t) as usize;
                        let (w, sh) = (&words[rt >> 3], (rt & 7) * 8);
                        if (w.load(Relaxed) >> sh) as u8 == UNSEEN {
                            // During this level a byte only goes from 0xFF to
                            // d+1, so clearing the bits that d+1 lacks is safe
                            // even if another thread got there first; the old
                            // value tells which thread did.
                            let old = w.fetch_and(!((0xFF ^ next) << sh), Relaxed);
                            if (old >> sh) as u8 == UNSEEN {
                                found += 1;
                            }
                        }
                    });
                }
            }
            (found, expanded)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Every unseen state looks for a neighbour at distance `d`; returns (states
/// found, states expanded).
fn level_bottom_up<P: Ranked>(p: &P, words: &[AtomicU64], len: usize, d: u8, chunks: usize) -> (u64, u64) {
    let next = (d + 1) as u64;
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let (mut found, mut expanded) = (0u64, 0u64);
            for (wi, word) in chunk(words, c) {
                let w = word.load(Relaxed);
                let mut new_w = w;
                for k in set_bytes(byte_matches(w, UNSEEN)) {
                    let r = wi * 8 + k;
                    if r >= len {
                        continue;
                    }
                    expanded += 1;
                    let mut hit = false;
                    p.for_each_successor(&p.unrank(r as u64), |_, t| {
                        if !hit {
                            let rt = p.rank(&t) as usize;
                            hit = (words[rt >> 3].load(Relaxed) >> ((rt & 7) * 8)) as u8 == d;
                        }
                    });
                    if hit {
                        new_w &= !((0xFF ^ next) << (k * 8));
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

/// Distance of every state reachable from the goal set, in a hash map; for
/// reversible puzzles without a perfect hash.
///
/// Keeps every longest position (see [`RetroOptions::keep`] for the cut).
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::retrograde::{retrograde_sparse, RetroOptions};
///
/// let p = FlipIt::row(6, true);
/// let (a, _map) = retrograde_sparse(&p, RetroOptions::default()).unwrap();
/// assert_eq!((a.states, a.longest, a.count), (192, 6, 6));
/// ```
#[allow(clippy::type_complexity)]
pub fn retrograde_sparse<P: Puzzle>(
    p: &P,
    opts: RetroOptions,
) -> Result<(Analysis<P::State>, FxHashMap<P::State, u32>), SearchError> {
    if !p.reversible() {
        return Err(SearchError::Unsupported(
            "retrograde analysis needs reversible moves".into(),
        ));
    }
    let Some(goals) = p.goal_states() else {
        return Err(SearchError::Unsupported(
            "retrograde analysis needs a listable goal set".into(),
        ));
    };
    let timer = Timer::start();
    let mut stats = Stats::default();
    let mut dist: FxHashMap<P::State, u32> = FxHashMap::default();
    let mut layer: Vec<P::State> = Vec::new();
    for g in goals {
        if !dist.contains_key(&g) {
            dist.insert(g.clone(), 0);
            layer.push(g);
        }
    }
    let mut histogram = vec![layer.len() as u64];
    let mut last = layer.clone();
    // A stored state: the map's entry (state, distance, control byte, room
    // to grow) and its place in a layer.
    let guard = super::MemoryGuard::new(3 * (std::mem::size_of::<P::State>() as u64 + 8), &opts.ctx);
    while !layer.is_empty() {
        guard.check(dist.len() + 2 * layer.len(), "retrograde analysis")?;
        guard.stopped()?;
        let d = histogram.len() as u32;
        let mut next = Vec::new();
        for s in &layer {
            stats.expanded += 1;
            p.for_each_successor(s, |_, t| {
                if !dist.contains_key(&t) {
                    dist.insert(t.clone(), d);
                    next.push(t);
                }
            });
        }
        if !next.is_empty() {
            histogram.push(next.len() as u64);
            last = next.clone();
        }
        layer = next;
    }
    let longest = (histogram.len() - 1) as u32;
    let states = dist.len() as u64;
    stats.generated = states;
    stats.seconds = timer.seconds();
    last.truncate(opts.keep);
    let analysis = Analysis {
        states,
        count: histogram[longest as usize],
        histogram,
        longest,
        positions: last,
        stats,
    };
    Ok((analysis, dist))
}

/// Number of orbits of `states` under the puzzle's symmetries, where the set
/// is closed under them (as the states at one distance are). A state whose
/// orbit has `k` members adds `|G| / k`, so each orbit adds `|G|` in all and
/// the total divided by `|G|` counts the orbits, in exact integers, with no
/// table of states seen.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::retrograde::count_orbits;
///
/// let p = FlipIt::square(4, 4, false);
/// let centre: Vec<_> = ["BBBB/B_BB/BBBB/BBBB", "BBBB/BB_B/BBBB/BBBB",
///     "BBBB/BBBB/B_BB/BBBB", "BBBB/BBBB/BB_B/BBBB"]
///     .iter().map(|b| p.parse_board(b).unwrap()).collect();
/// assert_eq!(count_orbits(&p, centre.into_iter()), 1);
/// ```
pub fn count_orbits<P: Symmetric>(p: &P, states: impl Iterator<Item = P::State>) -> u64 {
    let g = p.symmetry_count() as u64;
    let mut total = 0u64;
    let mut images: Vec<P::State> = Vec::with_capacity(g as usize);
    for s in states {
        images.clear();
        for i in 0..g as usize {
            let t = p.apply_symmetry(i, &s);
            if !images.contains(&t) {
                images.push(t);
            }
        }
        total += g / images.len() as u64;
    }
    total / g
}
