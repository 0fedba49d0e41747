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
use super::table::{Checkpoint, Claims, Code, Table, claim, matches, slots};
use super::walk::Walk;
use super::{SearchError, Stats, Timer};
use crate::Ranked;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// What a dense analysis leaves: the histogram, the work, the table (this
/// process's slice of it), and for a job the longest positions' ranks
/// gathered from every slice.
pub(crate) struct Dense<C: Code> {
    pub(crate) histogram: Vec<u64>,
    /// The positions each level holds, where ranks stand for classes of
    /// them ([`Ranked::weighted`]).
    pub(crate) weights: Option<Vec<u64>>,
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
        crate::memory::check_held(
            "this process's slice of the distance table (two bits per state)",
            crate::memory::Held::TwoBits,
            Table::<C>::bytes_for(len as u64),
            ctx.budget(),
        )?;
    }
    let weighted = p.weighted();
    if weighted && shares.shared() {
        return Err(SearchError::Unsupported(
            "ranks of classes of symmetric positions are not shared between processes: run the analysis unreduced"
                .into(),
        ));
    }
    let mut table = Table::<C>::new(len);
    let mut keeper = Keeper::new(save, &shares, C::BITS)?;
    let resumed = keeper.resume(&shares, &table)?;
    let from_checkpoint = resumed.is_some();
    if from_checkpoint {
        table.mark_all();
    }
    let (mut histogram, mut weights, mut expanded) = match resumed {
        Some(Saved {
            histogram,
            weights,
            expanded,
        }) => {
            if weighted && weights.len() != histogram.len() {
                return Err(SearchError::Unsupported(
                    "the checkpoint does not count the positions of its levels: remove it to start over".into(),
                ));
            }
            (histogram, weights, expanded)
        }
        None => {
            let goals = shares.sum(seed_goals(p, &table, &shares)?);
            let w = if weighted {
                vec![level_weight(p, &table, C::current(0), table.chunks_of_this())]
            } else {
                Vec::new()
            };
            (vec![goals], w, 0)
        }
    };
    let mut unseen = n - histogram.iter().sum::<u64>();
    let progress = crate::progress::Progress::new(ctx, Some(n), "states");
    let resumed = save.filter(|_| from_checkpoint).map(|c| c.dir.as_path());
    progress.levels_known(&histogram, resumed, n - unseen);
    loop {
        let d = (histogram.len() - 1) as u32;
        let frontier = histogram[d as usize];
        if frontier == 0 || unseen == 0 {
            break;
        }
        if shares.any(ctx.stopped().is_some()) {
            progress.finish();
            keeper.write(&shares, &histogram, &weights, expanded, &table)?;
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
        // Ranks of classes count positions where the puzzle knows how many
        // there are: slots never reached would make what is left look
        // larger than it is. But each of them still costs a bottom-up
        // level a look: a frontier far smaller than the unseen slots goes
        // top-down (3p1's classes: its last levels 25 s each bottom-up).
        let (ahead, left) = match p.positions() {
            Some(total) if weighted => (weights[d as usize], total.saturating_sub(weights.iter().sum())),
            _ => (frontier, unseen),
        };
        let up = ahead.saturating_mul(2) > left && frontier.saturating_mul(4) > unseen;
        let how = match (shares.shared(), up) {
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
        progress.level(d, found, how, timer.seconds(), n - unseen + found);
        if found == 0 {
            break;
        }
        histogram.push(found);
        if weighted {
            weights.push(level_weight(p, &table, C::next(d), table.chunks_of_next()));
        }
        unseen -= found;
        table.end_level();
        if unseen > 0 && keeper.due(&shares) {
            keeper.write(&shares, &histogram, &weights, expanded, &table)?;
        }
    }
    progress.finish();
    keeper.finish(&shares, ctx);
    while histogram.len() > 1 && *histogram.last().expect("non-empty") == 0 {
        histogram.pop();
        weights.truncate(histogram.len());
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
        weights: weighted.then_some(weights),
        expanded: shares.sum(expanded),
        seconds: timer.seconds(),
        table,
        shared_longest,
    })
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
                    table.mark_this((r - lo) as usize);
                }
            }
            Ok(count)
        }
        None if shares.shared() => Err(SearchError::Unsupported(
            "an analysis across processes needs a listable goal set".into(),
        )),
        None => Ok({
            table.mark_all();
            (0..table.chunks())
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
                .sum()
        }),
    }
}

/// The positions the slots of code `code` stand for ([`Ranked::weight`]
/// summed), in a table not shared between processes: in `chunks`, those
/// marked as maybe holding them.
fn level_weight<P: Ranked, C: Code>(p: &P, table: &Table<C>, code: u64, chunks: Vec<usize>) -> u64 {
    let len = table.len;
    chunks
        .into_par_iter()
        .map(|c| {
            let mut sum = 0;
            for (wi, word) in table.chunk(c) {
                for k in slots::<C>(matches::<C>(word.load(Relaxed), code)) {
                    let r = wi * C::PER_WORD + k;
                    if r < len {
                        sum += p.weight(r as u64);
                    }
                }
            }
            sum
        })
        .sum()
}

/// Expands every state at distance `d`; returns (states claimed, states
/// expanded). Successors are claimed in batches ([`Claims`]).
fn top_down_level<P: Ranked, C: Code>(p: &P, table: &Table<C>, d: u32) -> (u64, u64) {
    let (cur, next) = (C::current(d), C::next(d));
    let len = table.len;
    table
        .chunks_of_this()
        .into_par_iter()
        .map(|c| {
            let (mut claims, mut expanded) = (Claims::next_of(table, next), 0);
            let mut walk = Walk::new(p);
            for (wi, word) in table.chunk(c) {
                for k in slots::<C>(matches::<C>(word.load(Relaxed), cur)) {
                    let r = wi * C::PER_WORD + k;
                    if r >= len {
                        continue;
                    }
                    expanded += 1;
                    walk.each(r as u64, |rt| claims.push(rt as usize));
                }
            }
            (claims.finish(), expanded)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Every unseen state looks for a neighbour at distance `d`; returns (states
/// found, states expanded). Each state stops at its first successor in
/// the frontier. (Ranking every successor of a few words' states ahead and
/// prefetching their words, as top-down does, was measured slower: the
/// MoonSpinner's first bottom-up level took 557 s so, against 359 s.)
fn bottom_up_level<P: Ranked, C: Code>(p: &P, table: &Table<C>, d: u32) -> (u64, u64) {
    let (cur, next) = (C::current(d), C::next(d));
    let (words, len) = (&table.words[..], table.len);
    (0..table.chunks())
        .into_par_iter()
        .map(|c| {
            let (mut found, mut expanded) = (0, 0);
            let mut walk = Walk::new(p);
            for (wi, word) in table.chunk(c) {
                let w = word.load(Relaxed);
                let mut new_w = w;
                for k in slots::<C>(matches::<C>(w, C::UNSEEN)) {
                    let r = wi * C::PER_WORD + k;
                    if r >= len {
                        continue;
                    }
                    expanded += 1;
                    let hit = walk.any(r as u64, |rt| {
                        let rt = rt as usize;
                        let sh = (rt % C::PER_WORD) as u32 * C::BITS;
                        words[rt / C::PER_WORD].load(Relaxed) >> sh & C::UNSEEN == cur
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
            if found > 0 {
                table.mark_next_chunk(c);
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
