//! Every shortest solution, counted: breadth-first search, layer by layer,
//! that carries for every state the number of shortest move sequences from
//! the start to it, and stops at the first layer holding a goal.
//!
//! States can be merged under the puzzle's symmetries ([`Symmetric`]) that
//! fix the start: a class is stored once, by its smallest member. Counting
//! stays exact because a symmetry fixing the start maps the sequences
//! reaching a state one-to-one onto those reaching its image: if `M(c)` is
//! the number of sequences reaching any member of class `c` and `k(c, d)`
//! the number of moves from `c`'s representative into class `d`, then
//! `M(d) = sum over c of M(c) * k(c, d)`. A goal class's members all have
//! the same count, `M / orbit size`.
//!
//! The last layer is never stored: a first pass over the layer before it
//! only looks for goals, and the full next layer is built only when there
//! are none.

use super::{MemoryGuard, SearchError, Stats, Timer};
use crate::{Puzzle, Symmetric};
use rustc_hash::FxHashMap;

/// One class of goal states at the shortest distance.
#[derive(Clone, Debug)]
pub struct GoalClass<P: Puzzle> {
    /// Its smallest member (under the symmetries used).
    pub representative: P::State,
    /// Number of distinct members (1 when nothing is merged).
    pub orbit: usize,
    /// Number of distinct move sequences from the start to any member.
    pub sequences: u128,
    /// One shortest sequence, ending in a member of the class.
    pub moves: Vec<P::Move>,
}

/// What [`count_shortest`] found.
#[derive(Clone, Debug)]
pub struct ShortestCount<P: Puzzle> {
    /// The shortest number of moves to a goal.
    pub depth: u32,
    /// Every goal class at that depth, in order of discovery.
    pub classes: Vec<GoalClass<P>>,
    /// Stored (merged) states per layer, the start's layer first.
    pub layer_sizes: Vec<u64>,
    /// Number of symmetries used to merge (those fixing the start).
    pub symmetries: usize,
    /// `generated`: stored states plus goal states found; `expanded`:
    /// states whose successors were generated (twice for the layer before
    /// the goals).
    pub stats: Stats,
}

impl<P: Puzzle> ShortestCount<P> {
    /// Distinct goal states (members of every class).
    pub fn positions(&self) -> u64 {
        self.classes.iter().map(|c| c.orbit as u64).sum()
    }
    /// Distinct move sequences ending in a goal.
    pub fn sequences(&self) -> u128 {
        self.classes.iter().map(|c| c.sequences).sum()
    }
}

struct Node<S> {
    state: S,
    sequences: u128,
    parent: u32,
}

/// Counts every shortest solution from `start`, merging states under the
/// symmetries of `p` that fix `start` when `merge` is set. Gives up with
/// [`SearchError::DepthLimit`] past `max_depth` moves and with
/// [`SearchError::Unsolvable`] when the reachable space holds no goal.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::counting::count_shortest;
///
/// // From the reversed row to the goal: one goal, reached by the 16
/// // shortest sequences of 6 swaps (the reduced words of the longest
/// // permutation of 4 tokens).
/// let p = Swaps::new(4);
/// let found = count_shortest(&p, &p.reversed(), true, 6, &tansaku_core::Context::new()).unwrap();
/// assert_eq!((found.depth, found.classes.len(), found.sequences()), (6, 1, 16));
/// ```
pub fn count_shortest<P: Symmetric>(
    p: &P,
    start: &P::State,
    merge: bool,
    max_depth: u32,
    ctx: &crate::Context,
) -> Result<ShortestCount<P>, SearchError>
where
    P::State: Ord,
{
    let timer = Timer::start();
    let m = Merged::new(p, start, merge);
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    if p.is_goal(start) {
        stats.seconds = timer.seconds();
        let mut found = m.found(Vec::new(), vec![(m.canon(start), 1, u32::MAX)], stats);
        found.layer_sizes = vec![1];
        return Ok(found);
    }
    let mut layers: Vec<Vec<Node<P::State>>> = vec![vec![Node {
        state: m.canon(start),
        sequences: 1,
        parent: u32::MAX,
    }]];
    // A stored state: the state, its count, its parent, the index entry.
    let guard = MemoryGuard::new(
        4 * (std::mem::size_of::<P::State>() as u64 + p.state_heap_bytes() + 4) + 24,
        ctx,
    );
    let mut live = crate::progress::Lazy::new(ctx, "states");
    loop {
        live.update(
            layers.iter().map(|l| l.len() as u64).sum(),
            &format!("counting search, depth {}", layers.len()),
        );
        // The goals looked for now are `layers.len()` moves away.
        if layers.len() as u32 > max_depth {
            stats.seconds = timer.seconds();
            return Err(SearchError::DepthLimit {
                limit: max_depth,
                stats,
            });
        }
        guard.stopped()?;
        let last = layers.last().expect("a layer");
        let goals = m.goals_after(last, &mut stats);
        if !goals.is_empty() {
            stats.generated += goals.len() as u64;
            stats.seconds = timer.seconds();
            return Ok(m.found(layers, goals, stats));
        }
        if layers.len() as u32 + 1 > max_depth {
            stats.seconds = timer.seconds();
            return Err(SearchError::DepthLimit {
                limit: max_depth,
                stats,
            });
        }
        let stored: usize = layers.iter().map(Vec::len).sum();
        let next = m.next_layer(last, stored, &guard, &mut stats)?;
        if next.is_empty() {
            stats.seconds = timer.seconds();
            return Err(SearchError::Unsolvable { stats });
        }
        stats.generated += next.len() as u64;
        layers.push(next);
    }
}

/// A goal class found: its representative, the sequences reaching it, and
/// its parent in the last layer.
type Found<S> = (S, u128, u32);

/// States merged under the symmetries of `p` that fix the start.
struct Merged<'a, P: Symmetric> {
    p: &'a P,
    start: &'a P::State,
    group: Vec<usize>,
}

impl<'a, P: Symmetric> Merged<'a, P>
where
    P::State: Ord,
{
    fn new(p: &'a P, start: &'a P::State, merge: bool) -> Self {
        let group = if merge {
            (0..p.symmetry_count())
                .filter(|&i| p.apply_symmetry(i, start) == *start)
                .collect()
        } else {
            vec![0]
        };
        Merged { p, start, group }
    }

    /// The representative of `s`'s class: its least image.
    fn canon(&self, s: &P::State) -> P::State {
        self.group
            .iter()
            .map(|&i| self.p.apply_symmetry(i, s))
            .min()
            .expect("the identity")
    }

    /// How many positions `s`'s class holds.
    fn orbit(&self, s: &P::State) -> usize {
        let mut images: Vec<P::State> = self.group.iter().map(|&i| self.p.apply_symmetry(i, s)).collect();
        images.sort();
        images.dedup();
        images.len()
    }

    /// Pass 1: the goals among the successors of the last layer.
    fn goals_after(&self, last: &[Node<P::State>], stats: &mut Stats) -> Vec<Found<P::State>> {
        let mut goal_index: FxHashMap<P::State, usize> = FxHashMap::default();
        let mut goals: Vec<Found<P::State>> = Vec::new();
        for (i, node) in last.iter().enumerate() {
            stats.expanded += 1;
            self.p.for_each_successor(&node.state, |_, t| {
                if self.p.is_goal(&t) {
                    let c = self.canon(&t);
                    match goal_index.get(&c) {
                        Some(&g) => goals[g].1 += node.sequences,
                        None => {
                            goal_index.insert(c.clone(), goals.len());
                            goals.push((c, node.sequences, i as u32));
                        }
                    }
                }
            });
        }
        goals
    }

    /// Pass 2: the next layer, merged, with its sequences counted.
    fn next_layer(
        &self,
        last: &[Node<P::State>],
        stored: usize,
        guard: &MemoryGuard,
        stats: &mut Stats,
    ) -> Result<Vec<Node<P::State>>, SearchError> {
        let mut index: FxHashMap<P::State, u32> = FxHashMap::default();
        let mut next: Vec<Node<P::State>> = Vec::new();
        let mut next_check = 1usize << 16;
        for (i, node) in last.iter().enumerate() {
            if next.len() >= next_check {
                guard.check(stored + next.len(), "the counting search")?;
                guard.stopped()?;
                next_check = next.len() + next.len() / 8;
            }
            stats.expanded += 1;
            self.p.for_each_successor(&node.state, |_, t| {
                let c = self.canon(&t);
                match index.get(&c) {
                    Some(&j) => next[j as usize].sequences += node.sequences,
                    None => {
                        index.insert(c.clone(), next.len() as u32);
                        next.push(Node {
                            state: c,
                            sequences: node.sequences,
                            parent: i as u32,
                        });
                    }
                }
            });
        }
        Ok(next)
    }

    /// The answer: every goal class with one real path to it (the chain of
    /// representatives, followed from the start by the moves that a
    /// symmetry maps onto them).
    fn found(&self, layers: Vec<Vec<Node<P::State>>>, goals: Vec<Found<P::State>>, stats: Stats) -> ShortestCount<P> {
        let depth = layers.len() as u32;
        let layer_sizes = layers.iter().map(|l| l.len() as u64).collect();
        let classes = goals
            .into_iter()
            .map(|(rep, sequences, parent)| {
                let mut chain = vec![rep.clone()];
                let mut at = parent;
                for layer in layers.iter().rev() {
                    let node = &layer[at as usize];
                    chain.push(node.state.clone());
                    at = node.parent;
                }
                chain.reverse();
                let mut here = self.start.clone();
                let mut moves = Vec::new();
                for next in &chain[1..] {
                    let mut step = None;
                    self.p.for_each_successor(&here, |m, t| {
                        if step.is_none() && self.canon(&t) == *next {
                            step = Some((m, t));
                        }
                    });
                    let (m, t) = step.expect("a symmetry maps the representative's move onto this position");
                    moves.push(m);
                    here = t;
                }
                GoalClass {
                    orbit: self.orbit(&rep),
                    representative: rep,
                    sequences,
                    moves,
                }
            })
            .collect();
        ShortestCount {
            depth,
            classes,
            layer_sizes,
            symmetries: self.group.len(),
            stats,
        }
    }
}
