//! Breadth-first search with path reconstruction.
//!
//! Computes a shortest solution (fewest moves) from one start position to the
//! nearest goal. States are stored once, with the slot of their parent (see
//! `search/store.rs`), so the path is rebuilt without storing moves per
//! node. The goal test is made when a state is generated, so the search
//! stops as soon as the goal's layer is reached.

use super::index::{HashIndex, RankIndex, StateIndex};
use super::store::Store;
use super::{Found, Layers, MemoryGuard, SearchError, Solution, Stats, Timer};
use crate::progress::Side;
use crate::{Context, Puzzle, Ranked};

/// Shortest solution from `start` by breadth-first search.
///
/// `stats.generated` is the number of distinct states stored (the start
/// included); `stats.expanded` the number of states whose successors were
/// generated. Returns [`SearchError::Unsolvable`] when the whole reachable
/// space holds no goal, and [`SearchError::Unsupported`] when the states
/// it must store would not fit in memory.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::bfs;
/// use tansaku_core::Puzzle;
///
/// let p = Swaps::new(5);
/// let sol = bfs(&p, &p.reversed(), &tansaku_core::Context::new()).unwrap();
/// assert_eq!(sol.len(), 10);
/// assert!(p.is_goal(sol.states.last().unwrap()));
/// ```
pub fn bfs<P: Puzzle>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    bfs_indexed::<P, HashIndex<P::State>>(p, start, ctx)
}

/// [`bfs`] for a [`Ranked`] puzzle, with a table indexed by rank in place of
/// the hash map (see [`super::index`]): the same states in the same order,
/// faster when the rank space is small. Fails with
/// [`SearchError::Unsupported`] when the table would not fit.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::{bfs, bfs_ranked};
///
/// let p = Swaps::new(6);
/// let ctx = tansaku_core::Context::new();
/// let (a, b) = (bfs(&p, &p.reversed(), &ctx).unwrap(), bfs_ranked(&p, &p.reversed(), &ctx).unwrap());
/// assert_eq!((a.len(), a.stats.generated), (15, 720));
/// assert_eq!((b.len(), b.stats.generated), (15, 720));
/// ```
pub fn bfs_ranked<P: Ranked>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    bfs_indexed::<P, RankIndex>(p, start, ctx)
}

pub(crate) fn bfs_indexed<P: Puzzle, I: StateIndex<P>>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    let timer = Timer::start();
    let mut store = Store::<P, I>::new(p, 1, I::capacity_hint(p), [start.clone()], ctx.budget())?;
    let mut stats = Stats::default();
    let mut found = if p.is_goal(start) { Some(0u32) } else { None };
    let mut head = 0usize;
    let guard = MemoryGuard::new(Store::<P, I>::bytes_per_state() + p.state_heap_bytes(), ctx);
    let mut next_check = 1usize << 20;
    let mut live = crate::progress::Lazy::new(ctx, "states");
    let mut depth = 0u32;
    // The store's length as each layer began (layer 0: the start).
    let mut starts = vec![0usize];
    while found.is_none() && head < store.len() {
        let layer_end = store.len();
        // The layer about to be expanded is complete.
        crate::progress::step(ctx, Side::Forward, depth, (layer_end - starts[depth as usize]) as u64);
        starts.push(layer_end);
        depth += 1;
        // In chunks, so that the loop over states has nothing else in it.
        while found.is_none() && head < layer_end {
            live.update(store.len() as u64, &format!("breadth-first search, depth {depth}"));
            if store.len() >= next_check {
                guard.check(store.len(), "breadth-first search")?;
                guard.stopped()?;
                // Every 1/8 of growth: at most 12.5% over the budget.
                next_check = store.len() + store.len() / 8;
            }
            let chunk_end = layer_end.min(head + 65536);
            while found.is_none() && head < chunk_end {
                found = store.expand(p, head as u32, true, |_, t| p.is_goal(t));
                head += 1;
            }
        }
    }
    stats.expanded = head as u64;
    stats.generated = store.len() as u64;
    stats.seconds = timer.seconds();
    let Some(i) = found else {
        return Err(SearchError::Unsolvable { stats });
    };
    let mut states = store.chain(i);
    states.reverse();
    let layers = Layers {
        forward: Layers::sizes(&starts, store.len()),
        backward: Vec::new(),
    };
    Ok(Solution::through(p, states, stats, layers))
}
