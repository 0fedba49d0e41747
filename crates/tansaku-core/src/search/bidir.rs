//! Bidirectional breadth-first search.
//!
//! Computes a shortest solution by growing two breadth-first searches, one
//! from the start and one from the whole goal set, a complete layer at a time,
//! always expanding the side with the smaller frontier. Moves must be
//! reversible (then the successors of a state are its predecessors) and the
//! goal set must be listable ([`crate::Puzzle::goal_states`]).
//!
//! Why the first meeting is optimal: before a layer is expanded, the forward
//! side knows every state within `a` moves of the start and the backward side
//! every state within `b` moves of a goal, and no state is known to both. So
//! every solution is longer than `a + b` (the state at `min(a, len)` along it
//! would be known to both). A state met while generating forward layer
//! `a + 1` closes a path of at most `a + 1 + b` moves: exactly the optimum.

use super::index::{HashIndex, RankIndex, StateIndex};
use super::store::Store;
use super::{Found, Layers, MemoryGuard, SearchError, Solution, Stats, Timer};
use crate::progress::Side as Shape;
use crate::{Context, Puzzle, Ranked};

/// One direction of a layered search: its stored states, the last
/// `frontier()` of them the layer to expand next.
struct Side<P: Puzzle, I: StateIndex<P>> {
    store: Store<P, I>,
    layer_start: usize,
    /// The store's length as each layer began (layer 0: the roots).
    starts: Vec<usize>,
}

impl<P: Puzzle, I: StateIndex<P>> Side<P, I> {
    fn new(p: &P, roots: Vec<P::State>, budget: Option<u64>) -> Result<Self, SearchError> {
        Ok(Side {
            store: Store::new(p, 2, 0, roots, budget)?,
            layer_start: 0,
            starts: vec![0],
        })
    }

    fn frontier(&self) -> usize {
        self.store.len() - self.layer_start
    }

    /// Expands the current frontier; returns (own slot, other slot) of the
    /// first state that the other side already knows.
    fn expand_layer(&mut self, p: &P, other: &Self, stats: &mut Stats) -> Option<(u32, u32)> {
        let end = self.store.len();
        self.starts.push(end);
        let mut meet = None;
        for head in self.layer_start..end {
            stats.expanded += 1;
            meet = self.store.expand(p, head as u32, true, |k, _| other.store.contains(k));
            if meet.is_some() {
                break;
            }
        }
        self.layer_start = end;
        meet.map(|i| {
            let j = other.store.find(p, self.store.state(i));
            (i, j.expect("the meeting state is on the other side"))
        })
    }
}

/// Shortest solution from `start` by bidirectional breadth-first search.
///
/// `stats.generated` counts the distinct states stored by both sides (the
/// start and the goals included). Fails with [`SearchError::Unsupported`]
/// when the puzzle is not reversible or cannot list its goals.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::bidirectional;
///
/// let p = Swaps::new(6);
/// let sol = bidirectional(&p, &p.reversed(), &tansaku_core::Context::new()).unwrap();
/// assert_eq!(sol.len(), 15);
/// ```
pub fn bidirectional<P: Puzzle>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    layered::<P, HashIndex<P::State>>(p, start, ctx)
}

/// [`bidirectional`] for a [`Ranked`] puzzle, with tables indexed by rank
/// in place of hash maps (see [`super::index`]): the same states, faster
/// when the rank space is small.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::{bidirectional, bidirectional_ranked};
///
/// let p = Swaps::new(6);
/// let s = p.row(&[3, 5, 0, 1, 4, 2]);
/// let ctx = tansaku_core::Context::new();
/// let (a, b) = (bidirectional(&p, &s, &ctx).unwrap(), bidirectional_ranked(&p, &s, &ctx).unwrap());
/// assert_eq!((a.len(), b.len()), (p.inversions(s) as usize, p.inversions(s) as usize));
/// assert_eq!(a.stats.generated, b.stats.generated);
/// ```
pub fn bidirectional_ranked<P: Ranked>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    layered::<P, RankIndex>(p, start, ctx)
}

/// The goal set, when the puzzle allows a backward search.
fn goals_for_backward_search<P: Puzzle>(p: &P) -> Result<Vec<P::State>, SearchError> {
    if !p.reversible() {
        return Err(SearchError::Unsupported(
            "bidirectional search needs reversible moves; breadth-first search does not".into(),
        ));
    }
    p.goal_states().ok_or_else(|| {
        SearchError::Unsupported("bidirectional search needs a listable goal set; breadth-first search does not".into())
    })
}

pub(crate) fn layered<P: Puzzle, I: StateIndex<P>>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    let goals = goals_for_backward_search(p)?;
    let timer = Timer::start();
    let mut stats = Stats::default();
    let mut fwd = Side::<P, I>::new(p, vec![start.clone()], ctx.budget())?;
    let mut bwd = Side::<P, I>::new(p, goals, ctx.budget())?;
    let mut meet = bwd.store.find(p, start).map(|j| (0u32, j));
    let guard = MemoryGuard::new(Store::<P, I>::bytes_per_state() + p.state_heap_bytes(), ctx);
    let mut live = crate::progress::Lazy::new(ctx, "states");
    let mut layers = 0u32;
    while meet.is_none() && fwd.frontier() > 0 && bwd.frontier() > 0 {
        live.update(
            (fwd.store.len() + bwd.store.len()) as u64,
            &format!("bidirectional search, {layers} layers"),
        );
        layers += 1;
        // The next layer is about as large as the smaller frontier times
        // the growth of the last layers; refuse before storing it.
        guard.check(
            fwd.store.len() + bwd.store.len() + 3 * fwd.frontier().min(bwd.frontier()),
            "bidirectional search",
        )?;
        guard.stopped()?;
        // The frontier about to be expanded is a complete layer.
        let told = |side: &Side<P, I>, which| {
            let depth = (side.starts.len() - 1) as u32;
            crate::progress::step(ctx, which, depth, side.frontier() as u64);
        };
        if fwd.frontier() <= bwd.frontier() {
            told(&fwd, Shape::Forward);
            meet = fwd.expand_layer(p, &bwd, &mut stats);
        } else {
            told(&bwd, Shape::Backward);
            meet = bwd.expand_layer(p, &fwd, &mut stats).map(|(b, f)| (f, b));
        }
    }
    stats.generated = (fwd.store.len() + bwd.store.len()) as u64;
    stats.seconds = timer.seconds();
    let Some((f, b)) = meet else {
        return Err(SearchError::Unsolvable { stats });
    };
    let mut states = fwd.store.chain(f);
    states.reverse();
    states.extend(bwd.store.chain(b).into_iter().skip(1));
    let layers = Layers {
        forward: Layers::sizes(&fwd.starts, fwd.store.len()),
        backward: Layers::sizes(&bwd.starts, bwd.store.len()),
    };
    Ok(Solution::through(p, states, stats, layers))
}

/// Bidirectional search as the seed article wrote it: one FIFO
/// queue holding both searches, the start's side first, so complete layers
/// alternate (forward 1, backward 1, forward 2, ...) whatever their sizes;
/// stops at the first state generated by one side that the other side
/// knows. The argument of the module documentation applies layer by layer,
/// so the answer is as short as [`bidirectional`]'s; it can generate more
/// states, since it does not pick the smaller frontier. On the article's 8-puzzle
/// instance it generates exactly the article's 16,088 states.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::bidir::bidirectional_alternating;
///
/// let p = Swaps::new(6);
/// let sol = bidirectional_alternating(&p, &p.reversed(), &tansaku_core::Context::new()).unwrap();
/// assert_eq!(sol.len(), 15);
/// ```
pub fn bidirectional_alternating<P: Puzzle>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    alternating::<P, HashIndex<P::State>>(p, start, ctx)
}

/// [`bidirectional_alternating`] for a [`Ranked`] puzzle, with tables
/// indexed by rank in place of hash maps (see [`super::index`]).
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::bidir::{bidirectional_alternating, bidirectional_alternating_ranked};
///
/// let p = Swaps::new(6);
/// let ctx = tansaku_core::Context::new();
/// let a = bidirectional_alternating(&p, &p.reversed(), &ctx).unwrap();
/// let b = bidirectional_alternating_ranked(&p, &p.reversed(), &ctx).unwrap();
/// assert_eq!((a.len(), a.stats.generated), (b.len(), b.stats.generated));
/// ```
pub fn bidirectional_alternating_ranked<P: Ranked>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    alternating::<P, RankIndex>(p, start, ctx)
}

pub(crate) fn alternating<P: Puzzle, I: StateIndex<P>>(p: &P, start: &P::State, ctx: &Context) -> Found<P> {
    let goals = goals_for_backward_search(p)?;
    let timer = Timer::start();
    let mut stats = Stats::default();
    let mut sides = [
        Store::<P, I>::new(p, 2, 0, [start.clone()], ctx.budget())?,
        Store::<P, I>::new(p, 2, 0, goals, ctx.budget())?,
    ];
    let mut meet = sides[1].find(p, start).map(|j| (0u32, j));
    // (side, slot in that side's store), in the order of generation.
    let mut queue: std::collections::VecDeque<(usize, u32)> = (0..sides[0].len() as u32)
        .map(|i| (0, i))
        .chain((0..sides[1].len() as u32).map(|i| (1, i)))
        .collect();
    let guard = MemoryGuard::new(Store::<P, I>::bytes_per_state() + p.state_heap_bytes(), ctx);
    let mut next_check = 1usize << 20;
    while meet.is_none()
        && let Some((side, head)) = queue.pop_front()
    {
        let total = sides[0].len() + sides[1].len();
        if total >= next_check {
            guard.check(total, "bidirectional search")?;
            guard.stopped()?;
            next_check = total + total / 8;
        }
        let [fwd, bwd] = &mut sides;
        let (own, other) = if side == 0 { (fwd, &*bwd) } else { (bwd, &*fwd) };
        let before = own.len() as u32;
        stats.expanded += 1;
        // The meeting state stays on the other side only.
        let mut hit = None;
        own.expand(p, head, false, |k, t| {
            let known = other.contains(k);
            if known {
                hit = other.find(p, t);
            }
            known
        });
        if let Some(j) = hit {
            meet = Some(if side == 0 { (head, j) } else { (j, head) });
        }
        queue.extend((before..own.len() as u32).map(|i| (side, i)));
    }
    stats.generated = (sides[0].len() + sides[1].len()) as u64;
    stats.seconds = timer.seconds();
    let Some((f, b)) = meet else {
        return Err(SearchError::Unsolvable { stats });
    };
    let mut states = sides[0].chain(f);
    states.reverse();
    let back = sides[1].chain(b);
    // The chains join through the move that made the hit; when the start
    // is a goal both chains are that one state.
    states.extend(back);
    states.dedup();
    Ok(Solution::through(p, states, stats, Layers::default()))
}
