//! Search algorithms, one per file, each generic over [`crate::Puzzle`].
//!
//! | algorithm | file | needs | answers |
//! |---|---|---|---|
//! | breadth-first search | [`mod@bfs`] | [`crate::Puzzle`] | a shortest solution |
//! | bidirectional BFS | [`bidir`] | reversible moves, listed goals | a shortest solution |
//! | iterative deepening / IDA* | [`ida`] | a lower bound (0 for plain ID) | a shortest solution |
//! | retrograde analysis | [`retrograde`] | reversible moves | distance of every state to the goal set |
//!
//! The graph searches find the states they stored through a hash map, or,
//! for [`crate::Ranked`] puzzles, through a bit per rank ([`index`]: the
//! `*_ranked` functions), which is several times faster on small spaces.
//!
//! Every solver reports its work in [`Stats`]: `expanded` counts the states
//! whose successors were generated; `generated` counts the states created.
//! In the graph searches (BFS, bidirectional) a successor that was seen
//! before is recognised before it is stored, so `generated` is the number of
//! distinct states stored; the tree searches (iterative deepening, IDA*) keep
//! no table, so there `generated` counts every child produced.

pub mod auto;
pub mod bfs;
pub mod bidir;
pub mod checkpoint;
pub mod counting;
mod dense;
#[cfg(feature = "files")]
pub mod disk;
pub mod ida;
pub mod index;
mod keep;
pub mod retrograde;
mod shares;
mod store;
pub mod symmetric;
mod table;
pub mod trace;
mod walk;

pub use bfs::{bfs, bfs_ranked};
pub use bidir::{bidirectional, bidirectional_alternating, bidirectional_alternating_ranked, bidirectional_ranked};
pub use ida::{
    Below, Children, Descent, Halt, IdaOptions, Iteration, Kernel, KernelSearch, LowerBound, MovePruning, NoBound,
    NoPruning, astar_ida, astar_ida_kernel, bytes_per_node, ida_star, ida_star_kernel, ida_star_pruned, ida_star_with,
    iddfs,
};
pub use retrograde::{Analysis, retrograde_dense, retrograde_sparse};

use crate::Puzzle;
use serde::Serialize;
use web_time::Instant;

/// The work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// States created (see the module documentation for the exact meaning).
    pub generated: u64,
    /// States whose successors were generated.
    pub expanded: u64,
    /// Wall-clock time of the search.
    pub seconds: f64,
}

/// The states a graph search stored at each depth: the table of states
/// per depth the articles print. Breadth-first search fills `forward`
/// (the start at depth 0); bidirectional search fills both, `backward`
/// from the goals. A search stops inside the layer where it finds the
/// goal, so the last layer counts the states stored up to then.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Layers {
    /// From the start: states stored at depth 0, 1, 2, ...
    pub forward: Vec<u64>,
    /// From the goals (bidirectional search): depth 0, 1, 2, ...
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub backward: Vec<u64>,
}

impl Layers {
    /// Layer sizes from the store lengths at which each layer began:
    /// `starts[0]` is 0, and `end` is the store's length at the end.
    pub(crate) fn sizes(starts: &[usize], end: usize) -> Vec<u64> {
        starts
            .iter()
            .zip(starts.iter().skip(1).chain([&end]))
            .map(|(a, b)| (b - a) as u64)
            .filter(|&n| n > 0)
            .collect()
    }

    /// No layer recorded (a tree search).
    pub fn is_empty(&self) -> bool {
        self.forward.is_empty() && self.backward.is_empty()
    }
}

/// What a search answers: a [`Solution`], or why there is none.
pub type Found<P> = Result<Solution<P>, SearchError>;

/// A solution: the moves and every position from the start to the goal.
#[derive(Clone, Debug)]
pub struct Solution<P: Puzzle> {
    /// The moves, in order.
    pub moves: Vec<P::Move>,
    /// `moves.len() + 1` positions, the start first and a goal last.
    pub states: Vec<P::State>,
    /// The work the search did.
    pub stats: Stats,
    /// For iterative deepening and IDA*: the work of each iteration (empty
    /// for the graph searches).
    pub iterations: Vec<Iteration>,
    /// For breadth-first and bidirectional search: the states stored at
    /// each depth (empty for the tree searches).
    pub layers: Layers,
}

impl<P: Puzzle> Solution<P> {
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// True when the start already is a goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Why a search returned no solution.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// The whole reachable space was searched: no goal can be reached.
    #[error("no goal position can be reached from the start ({} reachable positions searched)", .stats.generated)]
    Unsolvable {
        /// The work done to prove it.
        stats: Stats,
    },
    /// A depth-bounded search found nothing within its bound.
    #[error("no solution of at most {limit} moves exists")]
    DepthLimit {
        /// The bound that was searched completely.
        limit: u32,
        /// The work done.
        stats: Stats,
    },
    /// The algorithm cannot run on this puzzle.
    #[error("{0}")]
    Unsupported(String),
    /// A table or the stored states would pass the memory budget.
    #[error(transparent)]
    OverBudget(#[from] crate::memory::MemoryError),
    /// A checkpoint cannot be trusted or written.
    #[error(transparent)]
    Checkpoint(#[from] checkpoint::CheckpointError),
    /// The context asked the search to stop.
    #[error("stopped: {0:?}")]
    Stopped(crate::context::Stop),
}

/// Stops a graph search before it outgrows the machine's memory: it gives
/// up (with advice) once its stored states would take more than 3/4 of the
/// memory that was available when it started.
pub(crate) struct MemoryGuard {
    /// Estimated bytes per stored state (its entry, its share of the index,
    /// room for both to grow).
    per_state: u64,
    budget: Option<u64>,
    ctx: crate::Context,
}

impl MemoryGuard {
    /// For stored states of `per_state` bytes each (all they cost: entry,
    /// index, room for the vectors to grow).
    pub(crate) fn new(per_state: u64, ctx: &crate::Context) -> Self {
        MemoryGuard {
            per_state,
            budget: ctx.budget(),
            ctx: ctx.clone(),
        }
    }

    /// Fails when the context asks the search to stop.
    pub(crate) fn stopped(&self) -> Result<(), SearchError> {
        match self.ctx.stopped() {
            Some(why) => Err(SearchError::Stopped(why)),
            None => Ok(()),
        }
    }

    /// Fails once `states` stored states would not fit.
    pub(crate) fn check(&self, states: usize, algorithm: &str) -> Result<(), SearchError> {
        crate::memory::check_held(
            &format!("{algorithm}, with {states} states stored,"),
            crate::memory::Held::Frontier,
            states as u64 * self.per_state,
            self.budget,
        )
        .map_err(SearchError::from)
    }
}

pub(crate) struct Timer(Instant);

impl Timer {
    pub(crate) fn start() -> Self {
        Timer(Instant::now())
    }
    pub(crate) fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// The error of file work asked of a build without the `files` feature.
#[cfg(not(feature = "files"))]
pub(crate) fn no_files(what: &str) -> SearchError {
    SearchError::Unsupported(format!(
        "{what} needs files, and this build of the library keeps none (the files feature is off)"
    ))
}

impl<P: Puzzle> Solution<P> {
    /// The solution a graph search found: the path of `states` from the
    /// start to the goal, its moves found again between each two, no
    /// iterations.
    pub(crate) fn through(p: &P, states: Vec<P::State>, stats: Stats, layers: Layers) -> Self {
        Solution {
            moves: moves_between(p, &states),
            states,
            stats,
            iterations: Vec::new(),
            layers,
        }
    }
}

/// Rebuilds the move list of a path of states by finding, for each step, the
/// move that leads from one state to the next.
pub(crate) fn moves_between<P: Puzzle>(p: &P, states: &[P::State]) -> Vec<P::Move> {
    states
        .windows(2)
        .map(|w| {
            let mut found = None;
            p.for_each_successor(&w[0], |m, t| {
                if found.is_none() && t == w[1] {
                    found = Some(m);
                }
            });
            found.expect("consecutive states of a search path are one move apart")
        })
        .collect()
}
