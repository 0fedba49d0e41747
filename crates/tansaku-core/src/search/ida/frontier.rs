//! A* + IDA* (Bu & Korf 2019): A* until a node budget, then IDA* below
//! every frontier node.
//!
//! A* keeps every position it reaches once, with the shortest path found
//! to it, and expands them by increasing `f = g + h` (fewest `h` first
//! among equal `f`), reopening a position reached again by a shorter path.
//! It stops at a goal (then the answer is shortest, as for any A* with an
//! admissible bound) or when it holds `limit` positions. Its open
//! positions are the frontier: every shortest solution passes through one
//! of them at its shortest depth. IDA* then runs its iterations over the
//! frontier instead of from the start: each iteration searches, in order
//! of `f` then `h`, the subtree of every frontier position whose `f` is
//! within the bound, with no duplicate check below it.
//!
//! What A* saves over IDA* is the positions IDA* would reach again by
//! other paths above the frontier (the duplicates no move pruning
//! catches) and, in the last iteration, the order: the frontier positions
//! whose bound is already as large as it can be (small `h`) come first.
//!
//! Move pruning (an automaton that keeps, for every position, the first
//! of its shortest paths in a fixed order of moves) goes on across the
//! frontier when the pruning tells that order ([`MovePruning::order`]).
//! A* expands by `f`, then `g`, and among paths as short keeps the first
//! in that order, so, with a consistent bound, the first shortest
//! solution's path to the first open position on it is the path A* kept,
//! and IDA* goes on from there with the pruning's state along it. A
//! frontier position whose kept path the pruning drops is not on that
//! solution and is not searched. (A position reached again by a path
//! first in order after it was expanded is opened again, so an
//! inconsistent bound costs nodes, never the answer.) Without an order
//! the pruning starts afresh at each frontier position, which only
//! prunes less.
//!
//! The counts add A*'s expansions to IDA*'s; with several threads the
//! frontier's subtrees are shared as a split iteration's are, and the
//! counts are still those of one thread.

use super::{Found, Frame, Outcome};
use super::{IdaOptions, Kernel, LowerBound, MovePruning, Searcher, Step, Task, TaskList, iterate, run_tasks};
use crate::Puzzle;
use crate::search::{SearchError, Solution, Stats, Timer};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A position A* holds.
struct Node<P: Puzzle, M, A> {
    state: P::State,
    memo: M,
    /// The move pruning's state along the path kept (see
    /// [`astar_ida`]); `None` when the pruning drops it.
    auto: Option<A>,
    /// The node it was reached from (`u32::MAX` at the start) and by which
    /// move.
    parent: u32,
    mv: Option<P::Move>,
    g: u32,
    h: u32,
    closed: bool,
}

/// Bytes A* holds a position with: the node, its key in the index and
/// the heap's entry, with the index's spare room (`M`: the bound's memo,
/// `A`: the move pruning's state). [`astar_ida`] checks `limit` times this
/// against the memory budget before it starts.
///
/// ```
/// use tansaku_core::examples::{Row, Swaps};
/// use tansaku_core::search::bytes_per_node;
///
/// let each = bytes_per_node::<Swaps, (), u32>();
/// assert!(each > 2 * std::mem::size_of::<Row>() as u64 && each < 1000);
/// ```
pub fn bytes_per_node<P: Puzzle, M, A>() -> u64 {
    (std::mem::size_of::<Node<P, M, A>>() + 2 * (std::mem::size_of::<P::State>() + 4) + 16) as u64
}

/// The frontier's subtrees within one bound.
struct Frontier<'a, P: Puzzle, M, A> {
    nodes: &'a [Node<P, M, A>],
    /// Frontier positions within the bound, in order.
    within: Vec<u32>,
    /// The least `f` past the bound among the other frontier positions.
    past: Step,
    /// The move pruning's state at a frontier position when it is not
    /// carried from the start.
    fresh: &'a (dyn Fn(&P::State) -> A + Sync),
    /// Whether the nodes' states are carried from the start.
    carried: bool,
}

impl<P: Puzzle, M: Copy, A: Copy> Frontier<'_, P, M, A> {
    /// Node `k` as a frame of a path.
    fn frame(&self, k: u32) -> Frame<P, M, A> {
        let n = &self.nodes[k as usize];
        Frame {
            state: n.state.clone(),
            h: n.h,
            memo: n.memo,
            auto: match n.auto {
                Some(a) if self.carried => a,
                _ => (self.fresh)(&n.state),
            },
        }
    }
}

impl<P: Puzzle, M: Copy + Sync, A: Copy + Sync> TaskList<P, M, A> for Frontier<'_, P, M, A>
where
    P::Move: Sync,
{
    fn len(&self) -> usize {
        self.within.len()
    }

    fn task(&self, i: usize) -> Task<P, M, A> {
        // The node and its parent: the parent's state rules out undoing
        // the last move; the rest of the path is only needed by a solution
        // (see `complete`).
        let k = self.within[i];
        let n = &self.nodes[k as usize];
        let mut path = Vec::with_capacity(2);
        let mut moves = Vec::with_capacity(1);
        if n.parent != u32::MAX {
            path.push(self.frame(n.parent));
            moves.push(n.mv.expect("a move"));
        }
        path.push(self.frame(k));
        Task {
            base: n.g + 1 - path.len() as u32,
            path,
            moves,
            before: (0, 0),
            goal: false,
        }
    }

    fn complete(&self, i: usize, path: &mut Vec<Frame<P, M, A>>, moves: &mut Vec<P::Move>) {
        let n = &self.nodes[self.within[i] as usize];
        if n.parent == u32::MAX {
            return;
        }
        // The path starts at the node's parent: put the way there before.
        let mut chain = Vec::new();
        let mut at = self.nodes[n.parent as usize].parent;
        let mut up = n.parent;
        while at != u32::MAX {
            chain.push((at, self.nodes[up as usize].mv.expect("a move")));
            up = at;
            at = self.nodes[at as usize].parent;
        }
        chain.reverse();
        let head_frames: Vec<_> = chain.iter().map(|&(k, _)| self.frame(k)).collect();
        let head_moves: Vec<_> = chain.iter().map(|&(_, m)| m).collect();
        path.splice(0..0, head_frames);
        moves.splice(0..0, head_moves);
    }

    fn before(&self, _: usize) -> (u64, u64) {
        (0, 0)
    }

    fn cut(&self) -> Step {
        self.past
    }

    fn pending(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// A shortest solution by A* + IDA* (see the module documentation): A*
/// holds at most `limit` positions (refused before anything is allocated
/// when they would not fit the context's memory budget), then IDA* with
/// bound `h` and move pruning `r` searches below its frontier.
///
/// ```
/// use tansaku_core::examples::{Misplaced, Swaps};
/// use tansaku_core::search::{astar_ida, ida_star_with, IdaOptions, NoPruning};
///
/// let p = Swaps::new(5);
/// let h = Misplaced(p);
/// let both = astar_ida(&p, &p.reversed(), &h, &NoPruning, IdaOptions::default(), 50).unwrap();
/// let plain = ida_star_with(&p, &p.reversed(), &h, IdaOptions::default()).unwrap();
/// assert_eq!((both.len(), plain.len()), (10, 10));
/// assert!(both.stats.generated < plain.stats.generated);
/// ```
pub fn astar_ida<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    opts: IdaOptions,
    limit: usize,
) -> Found<P> {
    astar_ida_kernel(p, start, h, r, None, opts, limit)
}

/// [`astar_ida`] whose subtrees below the frontier are searched by
/// `kernel` when one is given ([`Kernel`]): the same answer and counts.
pub fn astar_ida_kernel<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    kernel: Option<&dyn Kernel<P, H::Memo, R::State>>,
    opts: IdaOptions,
    limit: usize,
) -> Found<P> {
    crate::memory::check(
        &format!("A*'s {limit} positions"),
        (limit as u64).saturating_mul(bytes_per_node::<P, H::Memo, R::State>()),
        opts.ctx.budget(),
    )?;
    let (nodes, mut stats, carried) = match astar(p, start, h, r, &opts, limit)? {
        Ok(solution) => return Ok(solution),
        Err(held) => held,
    };
    let timer = Timer::start();
    let spent = stats.seconds;
    // The frontier, in order of f, then h, then age. With the pruning's
    // states carried, a node whose kept path the pruning drops is left
    // out: it is not on the first shortest solution's path.
    let mut frontier: Vec<u32> = (0..nodes.len() as u32)
        .filter(|&k| {
            let n = &nodes[k as usize];
            !n.closed && (!carried || n.auto.is_some())
        })
        .collect();
    frontier.sort_by_key(|&k| {
        let n = &nodes[k as usize];
        (n.g + n.h, n.h, k)
    });
    opts.ctx.notice(&format!(
        "A* held {} positions ({} expanded); IDA* goes on below the {} of its frontier",
        nodes.len(),
        stats.expanded,
        frontier.len()
    ));
    let Some(&first) = frontier.first() else {
        stats.seconds = spent + timer.seconds();
        return Err(SearchError::Unsolvable { stats });
    };
    let first = nodes[first as usize].g + nodes[first as usize].h;
    stats.seconds = spent + timer.seconds();
    let fresh = |s: &P::State| r.start(s);
    let nodes = &nodes;
    iterate(first, None, stats, &opts, |bound, keeper, resume, _| {
        let split = frontier.partition_point(|&k| nodes[k as usize].g + nodes[k as usize].h <= bound);
        let past = match frontier.get(split) {
            Some(&k) => Step::Exceeded(nodes[k as usize].g + nodes[k as usize].h),
            None => Step::Exhausted,
        };
        let listed = Frontier {
            nodes,
            within: frontier[..split].to_vec(),
            past,
            fresh: &fresh,
            carried,
        };
        // A frontier's subtrees are marked in a checkpoint by a depth no
        // split takes.
        let saving = keeper.map(|k| (k, FRONTIER, resume.map(|(_, count, done)| (count, done))));
        let outcome: Outcome<P, H::Memo, R::State> = run_tasks(
            Searcher {
                p,
                h,
                r,
                kernel,
                opts: &opts,
            },
            &listed,
            bound,
            saving,
        )?;
        Ok(outcome)
    })
}

/// A* itself, until it has found a goal (a shortest solution) or holds
/// `limit` positions: the positions it holds then, its work, and whether
/// the pruning's states were carried along the paths.
#[allow(clippy::type_complexity)]
fn astar<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    opts: &IdaOptions,
    limit: usize,
) -> Result<Result<Solution<P>, (Vec<Node<P, H::Memo, R::State>>, Stats, bool)>, SearchError> {
    let timer = Timer::start();
    let mut stats = Stats::default();
    let (h0, memo0) = h.start(start);
    // The pruning's state is carried along each node's path only when the
    // pruning says in which order its "first" paths come.
    let mut carried = true;
    p.for_each_successor(start, |m, _| carried &= r.order(m).is_some());
    let mut nodes: Vec<Node<P, H::Memo, R::State>> = vec![Node {
        state: start.clone(),
        memo: memo0,
        auto: Some(r.start(start)),
        parent: u32::MAX,
        mv: None,
        g: 0,
        h: h0,
        closed: false,
    }];
    let mut index: FxHashMap<P::State, u32> = FxHashMap::default();
    index.insert(start.clone(), 0);
    // By f, then g: with a consistent bound, a node's parents on its
    // shortest paths are all expanded before it.
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((h0, 0u32, 0u32)));
    let mut children = Vec::new();
    while let Some(Reverse((f, g, k))) = heap.pop() {
        let node = &nodes[k as usize];
        if node.closed || node.g != g || node.g + node.h != f {
            continue;
        }
        if p.is_goal(&node.state) {
            // A goal taken from the heap is a shortest solution.
            let mut chain = vec![k];
            while let Some(&last) = chain.last()
                && nodes[last as usize].parent != u32::MAX
            {
                chain.push(nodes[last as usize].parent);
            }
            chain.reverse();
            stats.seconds = timer.seconds();
            return Ok(Ok(Solution {
                moves: chain[1..]
                    .iter()
                    .map(|&c| nodes[c as usize].mv.expect("a move"))
                    .collect(),
                states: chain.iter().map(|&c| nodes[c as usize].state.clone()).collect(),
                stats,
                iterations: Vec::new(),
                layers: Default::default(),
            }));
        }
        if nodes.len() >= limit {
            heap.push(Reverse((f, g, k)));
            break;
        }
        if stats.expanded & 0xfff == 0
            && let Some(why) = opts.ctx.stopped()
        {
            return Err(SearchError::Stopped(why));
        }
        nodes[k as usize].closed = true;
        stats.expanded += 1;
        let (parent, ph, memo, auto) = {
            let n = &nodes[k as usize];
            (n.state.clone(), n.h, n.memo, n.auto)
        };
        children.clear();
        p.for_each_successor(&parent, |m, t| children.push((m, t)));
        stats.generated += children.len() as u64;
        for (m, t) in children.drain(..) {
            let g2 = g + 1;
            let auto2 = auto.and_then(|a| r.next(a, &parent, m));
            if let Some(&j) = index.get(&t) {
                let (og, oparent, omv) = {
                    let o = &nodes[j as usize];
                    (o.g, o.parent, o.mv)
                };
                // A shorter path, or one as short and first in the
                // pruning's order, replaces the one kept.
                let better = g2 < og
                    || (g2 == og && carried && first_in_order(&nodes, r, (k, m), (oparent, omv.expect("a move"))));
                if better {
                    let other = &mut nodes[j as usize];
                    let reopen = other.closed || g2 < og;
                    other.g = g2;
                    other.parent = k;
                    other.mv = Some(m);
                    other.auto = auto2;
                    other.closed = false;
                    if reopen {
                        heap.push(Reverse((g2 + other.h, g2, j)));
                    }
                }
                continue;
            }
            let (mut ht, tmemo) = h.after_move(&parent, ph, &memo, m, &t);
            if H::REFINES {
                ht = h.refine(&t, ht, u32::MAX);
            }
            let j = nodes.len() as u32;
            index.insert(t.clone(), j);
            nodes.push(Node {
                state: t,
                memo: tmemo,
                auto: auto2,
                parent: k,
                mv: Some(m),
                g: g2,
                h: ht,
                closed: false,
            });
            heap.push(Reverse((g2 + ht, g2, j)));
        }
    }
    stats.seconds = timer.seconds();
    Ok(Err((nodes, stats, carried)))
}

/// Whether the path through node `a.0` then move `a.1` comes before the
/// one through `b.0` then `b.1` (both as long) in the pruning's order:
/// the two are compared at the first place they part, below their last
/// common node.
fn first_in_order<P: Puzzle, M, R: MovePruning<P>>(
    nodes: &[Node<P, M, R::State>],
    r: &R,
    a: (u32, P::Move),
    b: (u32, P::Move),
) -> bool {
    let (mut x, mut xm) = a;
    let (mut y, mut ym) = b;
    while x != y {
        if x == u32::MAX || y == u32::MAX {
            return false;
        }
        let (nx, ny) = (&nodes[x as usize], &nodes[y as usize]);
        match (nx.mv, ny.mv) {
            (Some(mx), Some(my)) => {
                xm = mx;
                ym = my;
            }
            _ => return false,
        }
        x = nx.parent;
        y = ny.parent;
    }
    r.order(xm) < r.order(ym)
}

/// The mark of a frontier's subtrees in a checkpoint (a split depth no
/// split iteration reaches).
const FRONTIER: u32 = 1 << 16;
