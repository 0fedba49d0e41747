//! Iterative deepening and IDA*.
//!
//! Computes a shortest solution by depth-first searches with a growing cost
//! bound. IDA* prunes a node whose depth plus lower bound exceeds the bound;
//! plain iterative deepening is the same search with a bound of 0 everywhere.
//! Both skip a move that leads straight back to the previous position (the
//! "never undo the last move" cut of the seed articles). With an admissible
//! bound (never above the true distance) the first solution found is
//! shortest. Memory is one path and one move buffer per depth.

use super::{SearchError, Solution, Stats, Timer};
use crate::Puzzle;

/// Settings shared by [`iddfs`] and [`ida_star`].
#[derive(Clone, Copy, Debug)]
pub struct IdaOptions {
    /// Give up (with [`SearchError::DepthLimit`]) once every solution of up
    /// to this many moves has been ruled out.
    pub max_depth: u32,
    /// Skip the move that returns to the position before the last move.
    pub undo_cut: bool,
    /// Show a live line on stderr (on a terminal): the bound being tried,
    /// nodes so far (see [`crate::progress`]).
    pub progress: bool,
}

impl Default for IdaOptions {
    fn default() -> Self {
        IdaOptions {
            max_depth: 200,
            undo_cut: true,
            progress: false,
        }
    }
}

/// Plain iterative deepening: [`ida_star`] with a lower bound of 0.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::{iddfs, IdaOptions};
///
/// let p = FlipIt::row(6, false);
/// let start = p.parse_board("BB_BBB").unwrap();
/// assert_eq!(iddfs(&p, &start, IdaOptions::default()).unwrap().len(), 8);
/// ```
pub fn iddfs<P: Puzzle>(p: &P, start: &P::State, opts: IdaOptions) -> Result<Solution<P>, SearchError> {
    ida_star_with(p, start, &NoBound, opts)
}

/// IDA* with the lower bound `h`, which must never exceed the true number of
/// moves to the nearest goal (and must be 0 on goals).
///
/// `stats.expanded` counts nodes whose children were generated over all
/// iterations; `stats.generated` counts the children.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::{ida_star, IdaOptions};
///
/// let p = FlipIt::square(4, 4, false);
/// let start = p.parse_board("BBBB/B_BB/BBBB/BBBB").unwrap();
/// let h = p.lower_bound();
/// let sol = ida_star(&p, &start, |s| h.estimate(s), IdaOptions::default()).unwrap();
/// assert_eq!(sol.len(), 22);
/// ```
pub fn ida_star<P: Puzzle>(
    p: &P,
    start: &P::State,
    h: impl Fn(&P::State) -> u32,
    opts: IdaOptions,
) -> Result<Solution<P>, SearchError> {
    ida_star_with(p, start, &FnBound(h), opts)
}

/// An admissible lower bound on the number of moves to the nearest goal,
/// for [`ida_star_with`]. A bound that can be updated from the parent's
/// value faster than it can be computed from scratch (the seed article's
/// per-move Manhattan update) overrides [`LowerBound::after_move`].
pub trait LowerBound<P: Puzzle> {
    /// The bound of a state, computed from scratch.
    fn estimate(&self, s: &P::State) -> u32;
    /// The bound of `child`, reached from `parent` (whose bound is
    /// `parent_h`) by `m`. Defaults to [`LowerBound::estimate`].
    #[inline]
    fn after_move(&self, parent: &P::State, parent_h: u32, m: P::Move, child: &P::State) -> u32 {
        let _ = (parent, parent_h, m);
        self.estimate(child)
    }
}

/// The bound 0: IDA* with it is plain iterative deepening.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoBound;

impl<P: Puzzle> LowerBound<P> for NoBound {
    #[inline]
    fn estimate(&self, _: &P::State) -> u32 {
        0
    }
}

/// A closure used as a [`LowerBound`].
struct FnBound<F>(F);

impl<P: Puzzle, F: Fn(&P::State) -> u32> LowerBound<P> for FnBound<F> {
    #[inline]
    fn estimate(&self, s: &P::State) -> u32 {
        (self.0)(s)
    }
}

/// IDA* with a [`LowerBound`], which may update itself per move.
///
/// ```
/// use tansaku::puzzles::sliding::{parse_board, ManhattanBound, Sliding};
/// use tansaku::search::{ida_star_with, IdaOptions};
///
/// let (p, s) = Sliding::new(&parse_board("_23/146/758", None).unwrap(), None).unwrap();
/// let sol = ida_star_with(&p, &s, &ManhattanBound::new(&p), IdaOptions::default()).unwrap();
/// assert_eq!(sol.len(), 4);
/// ```
pub fn ida_star_with<P: Puzzle>(
    p: &P,
    start: &P::State,
    h: &impl LowerBound<P>,
    opts: IdaOptions,
) -> Result<Solution<P>, SearchError> {
    let timer = Timer::start();
    let mut search = Dfs {
        p,
        h,
        hs: vec![h.estimate(start)],
        opts,
        path: vec![start.clone()],
        moves: Vec::new(),
        buffers: Vec::new(),
        stats: Stats::default(),
    };
    let mut bound = search.hs[0];
    let progress = crate::progress::Progress::new(opts.progress, None, "nodes");
    loop {
        progress.update(search.stats.generated, &format!("bound {bound}"));
        if bound > opts.max_depth {
            progress.finish();
            let mut stats = search.stats;
            stats.seconds = timer.seconds();
            return Err(SearchError::DepthLimit {
                limit: opts.max_depth,
                stats,
            });
        }
        let step = search.dfs(0, bound);
        progress.line(&format!(
            "  bound {bound:>3}: {:>14} nodes so far  ({:.2} s)",
            search.stats.generated,
            timer.seconds()
        ));
        match step {
            Step::Found => {
                progress.finish();
                let mut stats = search.stats;
                stats.seconds = timer.seconds();
                return Ok(Solution {
                    moves: search.moves,
                    states: search.path,
                    stats,
                });
            }
            Step::Exceeded(next) => bound = next,
            Step::Exhausted => {
                progress.finish();
                let mut stats = search.stats;
                stats.seconds = timer.seconds();
                return Err(SearchError::Unsolvable { stats });
            }
        }
    }
}

enum Step {
    Found,
    /// The smallest f-value above the bound that was seen.
    Exceeded(u32),
    /// Nothing was cut by the bound: the subtree is finite and goal-free.
    Exhausted,
}

/// A generated child: its move, its state and its lower bound.
type Child<P> = (<P as Puzzle>::Move, <P as Puzzle>::State, u32);

struct Dfs<'a, P: Puzzle, H> {
    p: &'a P,
    h: &'a H,
    opts: IdaOptions,
    path: Vec<P::State>,
    /// The lower bound of every state on the path.
    hs: Vec<u32>,
    moves: Vec<P::Move>,
    buffers: Vec<Vec<Child<P>>>,
    stats: Stats,
}

impl<P: Puzzle, H: LowerBound<P>> Dfs<'_, P, H> {
    fn dfs(&mut self, g: u32, bound: u32) -> Step {
        let depth = self.path.len() - 1;
        let s = &self.path[depth];
        if self.p.is_goal(s) {
            return Step::Found;
        }
        self.stats.expanded += 1;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.buffers[depth]);
        children.clear();
        let back = if self.opts.undo_cut && depth > 0 {
            Some(&self.path[depth - 1])
        } else {
            None
        };
        let (h, hs) = (self.h, self.hs[depth]);
        self.p.for_each_successor(s, |m, t| {
            if back != Some(&t) {
                let ht = h.after_move(s, hs, m, &t);
                children.push((m, t, ht));
            }
        });
        self.stats.generated += children.len() as u64;
        let mut next: Option<u32> = None;
        let mut result = Step::Exhausted;
        for (m, t, ht) in children.drain(..) {
            let f = g + 1 + ht;
            if f > bound {
                next = Some(next.map_or(f, |n| n.min(f)));
                continue;
            }
            self.path.push(t);
            self.hs.push(ht);
            self.moves.push(m);
            match self.dfs(g + 1, bound) {
                Step::Found => {
                    result = Step::Found;
                    break;
                }
                Step::Exceeded(f) => next = Some(next.map_or(f, |n| n.min(f))),
                Step::Exhausted => {}
            }
            self.path.pop();
            self.hs.pop();
            self.moves.pop();
        }
        self.buffers[depth] = children;
        match result {
            Step::Found => Step::Found,
            _ => next.map_or(Step::Exhausted, Step::Exceeded),
        }
    }
}
