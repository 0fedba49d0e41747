//! Choosing a search algorithm from what is known about a state space.
//!
//! Breadth-first search is the plainest answer and stores every state it
//! meets, so it is chosen where the whole space is small. Bidirectional
//! search stores far fewer states (two half-depth balls) and needs
//! reversible moves and a listed goal set. IDA* stores only one path, so it
//! is the only choice for spaces too large to store, and a good one wherever
//! a strong lower bound exists (pattern databases).

use serde::Serialize;

/// A search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Breadth-first search ([`super::bfs()`]).
    Bfs,
    /// Bidirectional breadth-first search, smaller frontier first
    /// ([`super::bidirectional`]).
    Bidir,
    /// Bidirectional search alternating layers, as the seed article wrote it
    /// ([`super::bidirectional_alternating`]).
    BidirAlternate,
    /// Plain iterative deepening ([`super::iddfs`]).
    Iddfs,
    /// IDA* with a lower bound ([`super::ida_star_with`]).
    IdaStar,
}

impl Algorithm {
    /// Every algorithm, in the order they are listed.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Bfs,
        Algorithm::Bidir,
        Algorithm::BidirAlternate,
        Algorithm::Iddfs,
        Algorithm::IdaStar,
    ];

    /// What it does, in one sentence.
    pub const fn summary(self) -> &'static str {
        match self {
            Algorithm::Bfs => "Breadth-first search",
            Algorithm::Bidir => {
                "Bidirectional breadth-first search (start and goal set), always growing the smaller frontier"
            }
            Algorithm::BidirAlternate => {
                "Bidirectional search alternating complete layers in one queue, as the seed article wrote it (reproduces its state counts)"
            }
            Algorithm::Iddfs => "Plain iterative deepening (never undoing the last move)",
            Algorithm::IdaStar => "Iterative deepening with a lower bound (IDA*)",
        }
    }

    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Bidir => "bidir",
            Algorithm::BidirAlternate => "bidir-alternate",
            Algorithm::Iddfs => "iddfs",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// The algorithm of a name as [`Algorithm::name`] writes it.
    ///
    /// ```
    /// use tansaku_core::search::auto::Algorithm;
    /// assert_eq!(Algorithm::from_name("bidir-alternate"), Some(Algorithm::BidirAlternate));
    /// assert_eq!(Algorithm::from_name("dijkstra"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// True for the searches that store states (and so need memory).
    pub fn stores_states(self) -> bool {
        matches!(self, Algorithm::Bfs | Algorithm::Bidir | Algorithm::BidirAlternate)
    }
}

/// What is known about a puzzle's state space, for [`choose`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Space {
    /// Number of states, when the puzzle can count them (a ranked space).
    pub states: Option<u64>,
    /// Every move can be undone.
    pub reversible: bool,
    /// The goal set can be listed (a backward search can start from it).
    pub goals_listed: bool,
    /// A lower bound strong enough to make IDA* the better search (pattern
    /// databases).
    pub strong_bound: bool,
}

/// Spaces of at most this many states are searched breadth-first.
pub const SMALL_SPACE: u64 = 1 << 22;

/// The algorithm for `space`, and why.
///
/// ```
/// use tansaku_core::search::auto::{choose, Algorithm, Space};
/// let eight = Space { states: Some(362_880), reversible: true, goals_listed: true, strong_bound: false };
/// assert_eq!(choose(&eight).0, Algorithm::Bfs);
/// let fifteen = Space { states: Some(20_922_789_888_000), strong_bound: true, ..eight };
/// assert_eq!(choose(&fifteen).0, Algorithm::IdaStar);
/// ```
pub fn choose(space: &Space) -> (Algorithm, String) {
    let small = space.states.is_some_and(|n| n <= SMALL_SPACE);
    // A count that saturated a u64 (the 24-puzzle's 25! arrangements)
    // says so instead of printing 2^64 - 1.
    let count = |n: Option<u64>| match n {
        None => "an uncounted space".to_string(),
        Some(u64::MAX) => "more than 10^19 states".to_string(),
        Some(n) => format!("{n} states"),
    };
    if small {
        return (
            Algorithm::Bfs,
            format!("{}: small enough for breadth-first search", count(space.states)),
        );
    }
    if space.strong_bound {
        return (
            Algorithm::IdaStar,
            format!("{}: IDA* with the strongest lower bound at hand", count(space.states)),
        );
    }
    if space.reversible && space.goals_listed && space.states.is_some() {
        return (
            Algorithm::Bidir,
            format!(
                "{}: bidirectional search stores far fewer states than breadth-first search",
                count(space.states)
            ),
        );
    }
    (
        Algorithm::Bfs,
        format!(
            "{}: breadth-first search, the only complete search here",
            count(space.states)
        ),
    )
}

/// How [`run`] and [`run_ranked`] search.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Iterative deepening and IDA* give up past this many moves.
    pub max_depth: u32,
    /// Threads for IDA*.
    pub threads: usize,
    /// Before iterative deepening or IDA*, prove with a bidirectional
    /// search that a solution exists: a tree search cannot prove there is
    /// none, and would deepen up to `max_depth` on an unsolvable start.
    pub precheck: bool,
}

impl RunOptions {
    /// `algorithm` with the defaults: depth 200, one thread, no proof.
    pub fn new(algorithm: Algorithm) -> Self {
        RunOptions {
            algorithm,
            max_depth: 200,
            threads: 1,
            precheck: false,
        }
    }

    fn ida(&self, ctx: &crate::Context) -> super::IdaOptions {
        super::IdaOptions {
            max_depth: self.max_depth,
            undo_cut: true,
            ctx: ctx.clone(),
            threads: self.threads.max(1),
            ..super::IdaOptions::default()
        }
    }
}

/// The one place an algorithm becomes its search: breadth-first and the
/// bidirectional searches with the state index `I` (hashing or ranks,
/// [`super::index`]), plain iterative deepening, and for IDA* the search
/// `ida` (its bound, pruning and inner loop are the caller's). With
/// [`RunOptions::precheck`], a bidirectional search first proves that a
/// solution exists before a tree search.
pub fn run_indexed<P, I>(
    p: &P,
    start: &P::State,
    opts: &RunOptions,
    ctx: &crate::Context,
    ida: impl FnOnce(super::IdaOptions) -> super::Found<P>,
) -> super::Found<P>
where
    P: crate::Puzzle,
    I: super::index::StateIndex<P>,
{
    use super::SearchError;
    match opts.algorithm {
        Algorithm::Bfs => super::bfs::bfs_indexed::<P, I>(p, start, ctx),
        Algorithm::Bidir => super::bidir::layered::<P, I>(p, start, ctx),
        Algorithm::BidirAlternate => super::bidir::alternating::<P, I>(p, start, ctx),
        Algorithm::Iddfs | Algorithm::IdaStar => {
            if opts.precheck
                && let Err(e @ SearchError::Unsolvable { .. }) = super::bidir::layered::<P, I>(p, start, ctx)
            {
                return Err(e);
            }
            match opts.algorithm {
                Algorithm::Iddfs => super::iddfs(p, start, opts.ida(ctx)),
                _ => ida(opts.ida(ctx)),
            }
        }
    }
}

/// [`run_indexed`] on any puzzle, its graph searches indexing their states
/// by hashing.
pub fn run_hashed<P: crate::Puzzle>(
    p: &P,
    start: &P::State,
    opts: &RunOptions,
    ctx: &crate::Context,
    ida: impl FnOnce(super::IdaOptions) -> super::Found<P>,
) -> super::Found<P> {
    run_indexed::<P, super::index::HashIndex<P::State>>(p, start, opts, ctx, ida)
}

/// [`run_indexed`] on a [`crate::Ranked`] puzzle: the graph searches index
/// their states by rank (a bit each, no hashing) when the rank space is
/// small enough ([`super::index::prefers_rank_index`]), by hashing
/// otherwise.
pub fn run_ranked_with<P: crate::Ranked>(
    p: &P,
    start: &P::State,
    opts: &RunOptions,
    ctx: &crate::Context,
    ida: impl FnOnce(super::IdaOptions) -> super::Found<P>,
) -> super::Found<P> {
    if super::index::prefers_rank_index(p) {
        run_indexed::<P, super::index::RankIndex>(p, start, opts, ctx, ida)
    } else {
        run_hashed(p, start, opts, ctx, ida)
    }
}

/// Runs a search on any puzzle, the graph searches indexing their states
/// by hashing; `h` is IDA*'s bound.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::NoBound;
/// use tansaku_core::search::auto::{run, Algorithm, RunOptions};
/// let p = Swaps::new(5);
/// let sol = run(&p, &p.reversed(), &NoBound, &RunOptions::new(Algorithm::Bidir), &tansaku_core::Context::new()).unwrap();
/// assert_eq!(sol.len(), 10);
/// ```
pub fn run<P: crate::Puzzle, H: super::LowerBound<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    opts: &RunOptions,
    ctx: &crate::Context,
) -> super::Found<P> {
    run_pruned(p, start, h, &super::NoPruning, opts, ctx)
}

/// [`run`] whose IDA* also drops the moves `r` prunes
/// ([`super::ida_star_pruned`]); the other algorithms ignore `r`.
///
/// ```
/// use tansaku_core::examples::{Misplaced, SwapOrder, Swaps};
/// use tansaku_core::search::auto::{run_pruned, Algorithm, RunOptions};
/// let p = Swaps::new(5);
/// let opts = RunOptions::new(Algorithm::IdaStar);
/// let sol = run_pruned(&p, &p.reversed(), &Misplaced(p), &SwapOrder, &opts, &tansaku_core::Context::new()).unwrap();
/// assert_eq!(sol.len(), 10);
/// ```
pub fn run_pruned<P: crate::Puzzle, H: super::LowerBound<P>, R: super::MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    opts: &RunOptions,
    ctx: &crate::Context,
) -> super::Found<P> {
    run_hashed(p, start, opts, ctx, |ida| super::ida_star_pruned(p, start, h, r, ida))
}

/// [`run`] on a [`crate::Ranked`] puzzle, its graph searches indexed by
/// rank where that is better ([`run_ranked_with`]).
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::NoBound;
/// use tansaku_core::search::auto::{run_ranked, Algorithm, RunOptions};
/// let p = Swaps::new(6);
/// let sol = run_ranked(&p, &p.reversed(), &NoBound, &RunOptions::new(Algorithm::Bfs), &tansaku_core::Context::new()).unwrap();
/// assert_eq!((sol.len(), sol.stats.generated), (15, 720));
/// ```
pub fn run_ranked<P: crate::Ranked, H: super::LowerBound<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    opts: &RunOptions,
    ctx: &crate::Context,
) -> super::Found<P> {
    run_ranked_pruned(p, start, h, &super::NoPruning, opts, ctx)
}

/// [`run_ranked`] whose IDA* also drops the moves `r` prunes.
pub fn run_ranked_pruned<P: crate::Ranked, H: super::LowerBound<P>, R: super::MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    opts: &RunOptions,
    ctx: &crate::Context,
) -> super::Found<P> {
    run_ranked_with(p, start, opts, ctx, |ida| super::ida_star_pruned(p, start, h, r, ida))
}
