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

use super::{MemoryGuard, SearchError, Solution, Stats, Timer, moves_between};
use crate::Puzzle;
use rustc_hash::FxHashMap;

struct Side<S> {
    arena: Vec<S>,
    parent: Vec<u32>,
    index: FxHashMap<S, u32>,
    /// `arena[layer_start..]` is the current frontier.
    layer_start: usize,
}

impl<S: Clone + Eq + std::hash::Hash> Side<S> {
    fn new(roots: Vec<S>) -> Self {
        let mut index = FxHashMap::default();
        let mut arena = Vec::new();
        for r in roots {
            if !index.contains_key(&r) {
                index.insert(r.clone(), arena.len() as u32);
                arena.push(r);
            }
        }
        let parent = vec![u32::MAX; arena.len()];
        Side {
            arena,
            parent,
            index,
            layer_start: 0,
        }
    }

    fn frontier(&self) -> usize {
        self.arena.len() - self.layer_start
    }

    /// The chain of states from `arena[i]` back to a root.
    fn chain(&self, mut i: u32) -> Vec<S> {
        let mut out = vec![self.arena[i as usize].clone()];
        while self.parent[i as usize] != u32::MAX {
            i = self.parent[i as usize];
            out.push(self.arena[i as usize].clone());
        }
        out
    }

    /// Expands the current frontier; returns (own index, other index) of the
    /// first state that the other side already knows.
    fn expand_layer<P: Puzzle<State = S>>(&mut self, p: &P, other: &Self, stats: &mut Stats) -> Option<(u32, u32)> {
        let end = self.arena.len();
        let mut meet = None;
        for head in self.layer_start..end {
            let s = self.arena[head].clone();
            stats.expanded += 1;
            p.for_each_successor(&s, |_, t| {
                if meet.is_some() || self.index.contains_key(&t) {
                    return;
                }
                let i = self.arena.len() as u32;
                if let Some(&j) = other.index.get(&t) {
                    meet = Some((i, j));
                }
                self.index.insert(t.clone(), i);
                self.arena.push(t);
                self.parent.push(head as u32);
            });
            if meet.is_some() {
                break;
            }
        }
        self.layer_start = end;
        meet
    }
}

/// Shortest solution from `start` by bidirectional breadth-first search.
///
/// `stats.generated` counts the distinct states stored by both sides (the
/// start and the goals included). Fails with [`SearchError::Unsupported`]
/// when the puzzle is not reversible or cannot list its goals.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::bidirectional;
///
/// let p = FlipIt::row(7, false);
/// let start = p.parse_board("B_WBBBB").unwrap();
/// let sol = bidirectional(&p, &start).unwrap();
/// assert_eq!(sol.len(), 8);
/// ```
pub fn bidirectional<P: Puzzle>(p: &P, start: &P::State) -> Result<Solution<P>, SearchError> {
    if !p.reversible() {
        return Err(SearchError::Unsupported(
            "bidirectional search needs reversible moves; use --algo bfs".into(),
        ));
    }
    let Some(goals) = p.goal_states() else {
        return Err(SearchError::Unsupported(
            "bidirectional search needs a listable goal set; use --algo bfs".into(),
        ));
    };
    let timer = Timer::start();
    let mut stats = Stats::default();
    let mut fwd = Side::new(vec![start.clone()]);
    let mut bwd = Side::new(goals);
    let mut meet = bwd.index.get(start).map(|&j| (0u32, j));
    let guard = MemoryGuard::new::<P::State>();
    while meet.is_none() && fwd.frontier() > 0 && bwd.frontier() > 0 {
        // The next layer is about as large as the smaller frontier times
        // the growth of the last layers; refuse before storing it.
        guard.check(
            fwd.arena.len() + bwd.arena.len() + 3 * fwd.frontier().min(bwd.frontier()),
            "bidirectional search",
        )?;
        if fwd.frontier() <= bwd.frontier() {
            meet = fwd.expand_layer(p, &bwd, &mut stats);
        } else {
            meet = bwd.expand_layer(p, &fwd, &mut stats).map(|(b, f)| (f, b));
        }
    }
    stats.generated = (fwd.arena.len() + bwd.arena.len()) as u64;
    stats.seconds = timer.seconds();
    let Some((f, b)) = meet else {
        return Err(SearchError::Unsolvable { stats });
    };
    let mut states = fwd.chain(f);
    states.reverse();
    states.extend(bwd.chain(b).into_iter().skip(1));
    let moves = moves_between(p, &states);
    Ok(Solution { moves, states, stats })
}
