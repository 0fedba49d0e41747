//! IDA*'s depth-first search below one node within a cost bound: the
//! frames of the path, a node's children (their bounds made together),
//! the cuts (the bound, "never undo the last move", the move pruning), and
//! the puzzle's own inner loop where it has one ([`Kernel`]).

use super::*;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Step {
    Found,
    /// The smallest f-value above the bound that was seen.
    Exceeded(u32),
    /// Nothing was cut by the bound: the subtree is finite and goal-free.
    Exhausted,
    /// Told to stop: a subtree before this one found a solution.
    Stopped,
}

impl Step {
    /// The outcome of two searches one after the other, neither finding.
    pub(super) fn and(self, other: Step) -> Step {
        match (self, other) {
            (Step::Exceeded(a), Step::Exceeded(b)) => Step::Exceeded(a.min(b)),
            (Step::Exceeded(a), _) | (_, Step::Exceeded(a)) => Step::Exceeded(a),
            _ => Step::Exhausted,
        }
    }
}

/// A node on the path: its state, bound, the bound's memo and the move
/// pruning's state.
pub(super) struct Frame<P: Puzzle, M, A> {
    pub(super) state: P::State,
    pub(super) h: u32,
    pub(super) memo: M,
    pub(super) auto: A,
}

impl<P: Puzzle, M: Copy, A: Copy> Clone for Frame<P, M, A> {
    fn clone(&self) -> Self {
        Frame {
            state: self.state.clone(),
            h: self.h,
            memo: self.memo,
            auto: self.auto,
        }
    }
}

/// A node's children as [`LowerBound::after_moves`] bounds them, side by
/// side: one entry a child in each slice.
pub struct Children<'a, P: Puzzle, M> {
    /// The moves that make them.
    pub moves: &'a [P::Move],
    /// Their positions.
    pub states: &'a [P::State],
    /// Their bounds, to fill in.
    pub h: &'a mut [u32],
    /// Their memos: the parent's on entry, each to become its child's.
    pub memos: &'a mut [M],
    /// The search cuts a child whose bound is above this: a bound made of
    /// several looks may stop looking at such a child (its bound then any
    /// value above this that is still a lower bound), and its memo is
    /// never read.
    pub cut_above: u32,
}

/// A node's children as IDA* keeps them, each part in its own buffer (a
/// buffer of whole children is filled through copies of children built
/// apart, each read back by the word while its bytes are still being
/// written: the processor waits on every child).
pub(super) struct Brood<P: Puzzle, M, A> {
    pub(super) moves: Vec<P::Move>,
    pub(super) states: Vec<P::State>,
    pub(super) h: Vec<u32>,
    pub(super) memos: Vec<M>,
    pub(super) autos: Vec<A>,
}

impl<P: Puzzle, M: Copy, A: Copy> Brood<P, M, A> {
    pub(super) fn new() -> Self {
        Brood {
            moves: Vec::new(),
            states: Vec::new(),
            h: Vec::new(),
            memos: Vec::new(),
            autos: Vec::new(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.moves.len()
    }

    pub(super) fn clear(&mut self) {
        self.moves.clear();
        self.states.clear();
        self.h.clear();
        self.memos.clear();
        self.autos.clear();
    }

    /// Child `i` as a frame of the path.
    #[inline]
    pub(super) fn frame(&self, i: usize) -> Frame<P, M, A> {
        Frame {
            state: self.states[i].clone(),
            h: self.h[i],
            memo: self.memos[i],
            auto: self.autos[i],
        }
    }

    /// Sorts the children by their bound, keeping move order among equal
    /// bounds: an insertion sort, as a node has a handful of children.
    pub(super) fn order(&mut self) {
        for i in 1..self.len() {
            let mut j = i;
            while j > 0 && self.h[j - 1] > self.h[j] {
                self.moves.swap(j - 1, j);
                self.states.swap(j - 1, j);
                self.h.swap(j - 1, j);
                self.memos.swap(j - 1, j);
                self.autos.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// The cuts a search makes besides the bound ([`IdaOptions`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Cuts {
    pub(super) undo: bool,
    pub(super) bpmx: bool,
    pub(super) order: bool,
}

impl Cuts {
    pub(super) fn of(opts: &IdaOptions) -> Self {
        Cuts {
            undo: opts.undo_cut,
            bpmx: opts.bpmx,
            order: opts.order,
        }
    }
}

/// What an iteration (or one subtree of it) did.
pub(super) struct Outcome<P: Puzzle, M, A> {
    pub(super) step: Step,
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// The path to the solution, when found.
    pub(super) path: Vec<Frame<P, M, A>>,
    pub(super) moves: Vec<P::Move>,
}

/// A node a [`Kernel`] searches below: what its frame holds, the position
/// before it and its depth.
pub struct Below<'a, P: Puzzle, M, A> {
    /// The node's position.
    pub state: &'a P::State,
    /// Its bound.
    pub h: u32,
    /// Its bound's memo.
    pub memo: &'a M,
    /// Its move pruning's state.
    pub auto: A,
    /// The position before it, whose move the search never undoes
    /// (`None` at the start, or when undoing is not cut).
    pub before: Option<&'a P::State>,
    /// Whether the search cuts a move that undoes the one before.
    pub undo: bool,
    /// Its depth.
    pub g: u32,
}

/// When a search stops early: a subtree before this one found a solution
/// (`first < mine`), or the context says so (asked every 16,384
/// expansions).
pub struct Halt<'a> {
    /// `(first, mine)`: the first subtree that found a solution so far,
    /// and this one's number.
    pub first: Option<(&'a AtomicUsize, usize)>,
    /// The context, asked whether to stop.
    pub ctx: Option<&'a crate::Context>,
}

impl Halt<'_> {
    /// Whether to stop at a node, `expanded` nodes having been expanded.
    #[inline]
    pub fn now(&self, expanded: u64) -> bool {
        if let Some((first, mine)) = self.first
            && first.load(Relaxed) < mine
        {
            return true;
        }
        expanded & 0x3fff == 0 && self.ctx.is_some_and(|c| c.stopped().is_some())
    }
}

/// What a kernel's search below a node found.
pub enum Descent<Mv> {
    /// A goal, and the moves from the node to it.
    Found(Vec<Mv>),
    /// The least `f` past the bound among the nodes cut.
    Exceeded(u32),
    /// Nothing cut, no goal.
    Exhausted,
    /// Told to stop ([`Halt`]).
    Stopped,
}

/// A puzzle's own IDA* inner loop: the depth-first search below one node,
/// for a bound and move pruning it knows, with the children, cuts, order
/// and counts of the generic search (`Dfs`), only faster (positions
/// changed in place, nothing copied a child). The iterations, the split
/// into subtrees, checkpoints and processes stay the generic ones.
pub trait Kernel<P: Puzzle, M, A>: Sync {
    /// A search for one thread, its buffers kept from subtree to subtree.
    fn searcher(&self) -> Box<dyn KernelSearch<P, M, A> + '_>;
}

/// One thread's search of a [`Kernel`].
pub trait KernelSearch<P: Puzzle, M, A> {
    /// Searches below `node` with cost bound `bound`, adding the nodes it
    /// expands and generates to the counters (as `Dfs` counts them),
    /// stopping when `halt` says so.
    fn search(
        &mut self,
        node: Below<'_, P, M, A>,
        bound: u32,
        halt: &Halt<'_>,
        counts: &mut (u64, u64),
    ) -> Descent<P::Move>;
}

/// A kernel's search of one thread.
pub(super) type OwnSearch<'a, P, M, A> = Box<dyn KernelSearch<P, M, A> + 'a>;

/// One depth-first search, from the last frame of `path`.
pub(super) struct Dfs<'a, P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> {
    pub(super) p: &'a P,
    pub(super) h: &'a H,
    pub(super) r: &'a R,
    pub(super) cuts: Cuts,
    pub(super) path: Vec<Frame<P, H::Memo, R::State>>,
    pub(super) moves: Vec<P::Move>,
    /// The depth of the first frame of `path` (a subtree below a
    /// frontier starts with its node's parent, not the start).
    pub(super) base: u32,
    /// The children of the node at each depth.
    pub(super) buffers: Vec<Brood<P, H::Memo, R::State>>,
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// `(first, mine)`: stop once the first subtree with a solution comes
    /// before this one (`first < mine`).
    pub(super) stop: Option<(&'a AtomicUsize, usize)>,
    /// Asked every 16,384 expansions whether to stop (cancelled, past the
    /// deadline).
    pub(super) ctx: Option<&'a crate::Context>,
    /// The puzzle's own inner loop, when it has one for this bound.
    pub(super) own: Option<OwnSearch<'a, P, H::Memo, R::State>>,
}

impl<'a, P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> Dfs<'a, P, H, R> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        p: &'a P,
        h: &'a H,
        r: &'a R,
        cuts: Cuts,
        path: Vec<Frame<P, H::Memo, R::State>>,
        moves: Vec<P::Move>,
        stop: Option<(&'a AtomicUsize, usize)>,
        ctx: Option<&'a crate::Context>,
    ) -> Self {
        Dfs {
            p,
            h,
            r,
            cuts,
            path,
            moves,
            base: 0,
            buffers: Vec::new(),
            expanded: 0,
            generated: 0,
            stop,
            ctx,
            own: None,
        }
    }

    /// The same search, below each node by `kernel` when there is one
    /// (and no cut it does not make is asked for).
    pub(super) fn with_kernel(mut self, kernel: Option<&'a dyn Kernel<P, H::Memo, R::State>>) -> Self {
        if !self.cuts.bpmx && !self.cuts.order {
            self.own = kernel.map(|k| k.searcher());
        }
        self
    }

    /// Starts again below another path, at depth `base`, as subtree
    /// `mine`, keeping the buffers.
    pub(super) fn restart(
        &mut self,
        path: Vec<Frame<P, H::Memo, R::State>>,
        moves: Vec<P::Move>,
        base: u32,
        mine: usize,
    ) {
        self.path = path;
        self.moves = moves;
        self.base = base;
        self.expanded = 0;
        self.generated = 0;
        if let Some((_, m)) = &mut self.stop {
            *m = mine;
        }
    }

    /// What the search did, ending with `step`, leaving the buffers.
    pub(super) fn take_outcome(&mut self, step: Step) -> Outcome<P, H::Memo, R::State> {
        Outcome {
            step,
            expanded: self.expanded,
            generated: self.generated,
            path: std::mem::take(&mut self.path),
            moves: std::mem::take(&mut self.moves),
        }
    }

    /// What the search did, ending with `step`.
    pub(super) fn outcome(mut self, step: Step) -> Outcome<P, H::Memo, R::State> {
        self.take_outcome(step)
    }

    /// Generates the children of the last frame into a buffer of depth
    /// `depth` (counted as an expansion), with their move pruning states;
    /// a child whose bound is above `cut_above` will be cut.
    pub(super) fn expand(&mut self, depth: usize, cut_above: u32) -> Brood<P, H::Memo, R::State> {
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Brood::new);
        }
        let mut kids = std::mem::replace(&mut self.buffers[depth], Brood::new());
        kids.clear();
        let n = self.path.len();
        let node = &self.path[n - 1];
        let back = if self.cuts.undo && n > 1 {
            Some(&self.path[n - 2].state)
        } else {
            None
        };
        let (h, r) = (self.h, self.r);
        let last = self.moves.last().copied();
        self.p.for_each_successor_after(&node.state, last, |m, t| {
            if back != Some(&t)
                && let Some(a) = r.next(node.auto, &node.state, m)
            {
                if !H::BATCH {
                    let (ht, memo) = h.after_move(&node.state, node.h, &node.memo, m, &t);
                    kids.h.push(ht);
                    kids.memos.push(memo);
                }
                kids.moves.push(m);
                kids.states.push(t);
                r.prefetch(a);
                kids.autos.push(a);
            }
        });
        if H::BATCH {
            let k = kids.len();
            kids.h.resize(k, 0);
            kids.memos.resize(k, node.memo);
            h.after_moves(
                &node.state,
                node.h,
                &node.memo,
                Children {
                    moves: &kids.moves,
                    states: &kids.states,
                    h: &mut kids.h,
                    memos: &mut kids.memos,
                    cut_above,
                },
            );
        }
        if self.cuts.order {
            kids.order();
        }
        self.expanded += 1;
        self.generated += kids.len() as u64;
        kids
    }

    /// Searches below the last frame with cost bound `bound`: by the
    /// kernel when there is one, else [`Dfs::descend`].
    pub(super) fn dfs(&mut self, bound: u32) -> Step {
        let Some(own) = self.own.as_mut() else {
            return self.descend(bound);
        };
        let n = self.path.len();
        let node = &self.path[n - 1];
        let below = Below {
            state: &node.state,
            h: node.h,
            memo: &node.memo,
            auto: node.auto,
            before: (self.cuts.undo && n > 1).then(|| &self.path[n - 2].state),
            undo: self.cuts.undo,
            g: self.base + (n - 1) as u32,
        };
        let halt = Halt {
            first: self.stop,
            ctx: self.ctx,
        };
        let mut counts = (self.expanded, self.generated);
        let found = match own.search(below, bound, &halt, &mut counts) {
            Descent::Found(moves) => moves,
            Descent::Exceeded(f) => {
                (self.expanded, self.generated) = counts;
                return Step::Exceeded(f);
            }
            Descent::Exhausted => {
                (self.expanded, self.generated) = counts;
                return Step::Exhausted;
            }
            Descent::Stopped => {
                (self.expanded, self.generated) = counts;
                return Step::Stopped;
            }
        };
        // The path to the goal, frame by frame, as the generic search
        // keeps it; a move the puzzle does not take back (a kernel out of
        // step with it) leaves the search to the generic one.
        let (len, kept) = (self.path.len(), self.moves.len());
        for m in found {
            let last = &self.path[self.path.len() - 1];
            let (Some(t), Some(auto)) = (self.p.apply(&last.state, m), self.r.next(last.auto, &last.state, m)) else {
                self.path.truncate(len);
                self.moves.truncate(kept);
                return self.descend(bound);
            };
            let (h, memo) = self.h.after_move(&last.state, last.h, &last.memo, m, &t);
            self.path.push(Frame {
                state: t,
                h,
                memo,
                auto,
            });
            self.moves.push(m);
        }
        if !self.p.is_goal(&self.path[self.path.len() - 1].state) {
            self.path.truncate(len);
            self.moves.truncate(kept);
            return self.descend(bound);
        }
        (self.expanded, self.generated) = counts;
        Step::Found
    }

    /// The generic search below the last frame with cost bound `bound`.
    pub(super) fn descend(&mut self, bound: u32) -> Step {
        let depth = self.path.len() - 1;
        let g = self.base + depth as u32;
        if self.p.is_goal(&self.path[depth].state) {
            return Step::Found;
        }
        if let Some((first, mine)) = self.stop
            && first.load(Relaxed) < mine
        {
            return Step::Stopped;
        }
        if self.expanded & 0x3fff == 0
            && let Some(ctx) = self.ctx
            && ctx.stopped().is_some()
        {
            return Step::Stopped;
        }
        // A child is cut when g + 1 + its bound passes the bound (pathmax
        // only raises bounds).
        let kids = self.expand(depth, bound.saturating_sub(g + 1));
        let mut result = Step::Exhausted;
        // Pathmax both ways: the node is at least its best child's bound
        // less one, and each child at least the node's less one.
        let mut hn = self.path[depth].h;
        if self.cuts.bpmx {
            hn = kids.h.iter().map(|h| h.saturating_sub(1)).fold(hn, u32::max);
            if g + hn > bound {
                self.buffers[depth] = kids;
                return Step::Exceeded(g + hn);
            }
        }
        for i in 0..kids.len() {
            let ht = kids.h[i];
            let ht = if self.cuts.bpmx {
                ht.max(hn.saturating_sub(1))
            } else {
                ht
            };
            if let Some(f) = cut_by(self.h, &kids.states[i], g + 1 + ht, ht, bound) {
                result = result.and(Step::Exceeded(f));
                continue;
            }
            let mut frame = kids.frame(i);
            frame.h = ht;
            self.path.push(frame);
            self.moves.push(kids.moves[i]);
            match self.descend(bound) {
                Step::Found => {
                    result = Step::Found;
                    break;
                }
                Step::Stopped => {
                    result = Step::Stopped;
                    break;
                }
                step => result = result.and(step),
            }
            self.path.pop();
            self.moves.pop();
        }
        self.buffers[depth] = kids;
        result
    }
}
