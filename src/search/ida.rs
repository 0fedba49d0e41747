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
}

impl Default for IdaOptions {
    fn default() -> Self {
        IdaOptions {
            max_depth: 200,
            undo_cut: true,
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
    ida_star(p, start, |_| 0, opts)
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
    let timer = Timer::start();
    let mut search = Dfs {
        p,
        h: &h,
        opts,
        path: vec![start.clone()],
        moves: Vec::new(),
        buffers: Vec::new(),
        stats: Stats::default(),
    };
    let mut bound = h(start);
    loop {
        if bound > opts.max_depth {
            let mut stats = search.stats;
            stats.seconds = timer.seconds();
            return Err(SearchError::DepthLimit {
                limit: opts.max_depth,
                stats,
            });
        }
        match search.dfs(0, bound) {
            Step::Found => {
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
    moves: Vec<P::Move>,
    buffers: Vec<Vec<Child<P>>>,
    stats: Stats,
}

impl<P: Puzzle, H: Fn(&P::State) -> u32> Dfs<'_, P, H> {
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
        let h = self.h;
        self.p.for_each_successor(s, |m, t| {
            if back != Some(&t) {
                let ht = h(&t);
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
            self.moves.pop();
        }
        self.buffers[depth] = children;
        match result {
            Step::Found => Step::Found,
            _ => next.map_or(Step::Exhausted, Step::Exceeded),
        }
    }
}
