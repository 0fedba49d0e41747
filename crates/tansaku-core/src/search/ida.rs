//! Iterative deepening and IDA*, on one core or several.
//!
//! Computes a shortest solution by depth-first searches with a growing cost
//! bound. IDA* prunes a node whose depth plus lower bound exceeds the bound;
//! plain iterative deepening is the same search with a bound of 0 everywhere.
//! Both skip a move that leads straight back to the previous position (the
//! "never undo the last move" cut of the seed articles). With an admissible
//! bound (never above the true distance) the first solution found is
//! shortest. Memory is one path and one move buffer per depth; nothing is
//! allocated per node.
//!
//! A bound may keep a small memo per node ([`LowerBound::Memo`]) so that a
//! child's bound is updated from its parent's (a pattern database index
//! changed by one move) instead of recomputed.
//!
//! A [`MovePruning`] (an automaton over moves, kept per node) may also
//! drop moves that no shortest, first-in-order solution makes there
//! (Taylor & Korf's automaton for sliding puzzles,
//! [`ida_star_pruned`]): such children are not generated.
//!
//! **Several cores** ([`IdaOptions::threads`]): each iteration first walks
//! the tree down to a shallow depth, with the same pruning, and lists the
//! nodes there in depth-first order; the threads then take these subtrees
//! in that order. A thread that finds a solution in subtree `i` stops the
//! subtrees after `i`; the ones before it run to the end. The answer is
//! then the first solution in depth-first order and the node counts are
//! exactly those of the one-core search: work done past the first solution
//! is not counted. So results and counts never depend on scheduling, and
//! they are reported per iteration ([`Iteration`]).

mod frontier;
pub use frontier::{astar_ida, astar_ida_kernel, bytes_per_node};

use super::checkpoint::{CheckpointError, DoneTask, IdaSaved};
use super::retrograde::Checkpoint;
use super::{SearchError, Solution, Stats, Timer};
use crate::Puzzle;
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Settings shared by [`iddfs`] and [`ida_star`].
#[derive(Clone, Debug)]
pub struct IdaOptions {
    /// Give up (with [`SearchError::DepthLimit`]) once every solution of up
    /// to this many moves has been ruled out.
    pub max_depth: u32,
    /// Skip the move that returns to the position before the last move.
    pub undo_cut: bool,
    /// Bidirectional pathmax (Felner et al. 2011): a node's bound is
    /// raised to its largest child's less one (a child is one move away),
    /// which may cut the node before its children are searched, and a
    /// child's to its parent's less one. Pays with inconsistent bounds
    /// (second lookups); the solution and its length are the same.
    pub bpmx: bool,
    /// Search a node's children in increasing order of their bound (the
    /// move order among equal ones) rather than in move order. Every
    /// iteration but the last visits the same nodes either way; the last
    /// one meets a solution sooner, the children on its way to the goal
    /// being the ones whose bound did not grow.
    pub order: bool,
    /// Progress (the bound being tried, nodes so far) and the stop
    /// signals, checked between iterations.
    pub ctx: crate::Context,
    /// Threads searching one instance (1: no splitting).
    pub threads: usize,
    /// With several threads, an iteration is split only when the one before
    /// it generated at least this many nodes (splitting small iterations
    /// costs more than it saves; 0 splits every iteration). Korf's 100 on 2
    /// threads: 0.31 s at 20,000, 0.24-0.25 s at 1,000 to 5,000, 0.26-0.28 s
    /// at 200.
    pub split_from: u64,
    /// Where to keep what a run needs to go on after it is killed (the
    /// bound, the iterations done and the subtrees searched), written at
    /// most every [`Checkpoint::every`](super::retrograde::Checkpoint) and
    /// when the search is stopped; a run given the checkpoint of an
    /// interrupted one goes on from it and reports the same counts. Large
    /// iterations are then split into subtrees even on one thread. The
    /// file is removed when the search ends. Processes searching together
    /// ([`crate::Context::with_processes`]) keep one each, in
    /// `process-K-of-N` under the folder; a rerun with as many processes
    /// goes on from them, and one with another number is refused.
    pub checkpoint: Option<super::retrograde::Checkpoint>,
}

impl Default for IdaOptions {
    fn default() -> Self {
        IdaOptions {
            max_depth: 200,
            undo_cut: true,
            bpmx: false,
            order: false,
            ctx: crate::Context::new(),
            threads: 1,
            split_from: 2_000,
            checkpoint: None,
        }
    }
}

/// The work of one iteration (one cost bound) of IDA*.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Iteration {
    /// The cost bound of the iteration.
    pub bound: u32,
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated.
    pub generated: u64,
    /// Wall-clock seconds of the iteration.
    pub seconds: f64,
}

/// Plain iterative deepening: [`ida_star`] with a lower bound of 0.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::{iddfs, IdaOptions};
///
/// let p = Swaps::new(5);
/// assert_eq!(iddfs(&p, &p.row(&[1, 0, 3, 4, 2]), IdaOptions::default()).unwrap().len(), 3);
/// ```
pub fn iddfs<P: Puzzle>(p: &P, start: &P::State, opts: IdaOptions) -> Result<Solution<P>, SearchError> {
    ida_star_with(p, start, &NoBound, opts.clone())
}

/// IDA* with the lower bound `h`, which must never exceed the true number of
/// moves to the nearest goal (and must be 0 on goals).
///
/// `stats.expanded` counts nodes whose children were generated over all
/// iterations; `stats.generated` counts the children.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::{ida_star, IdaOptions};
///
/// let p = Swaps::new(6);
/// // The inversions are the exact distance: IDA* walks straight to the goal.
/// let sol = ida_star(&p, &p.reversed(), |s| p.inversions(*s), IdaOptions::default()).unwrap();
/// assert_eq!((sol.len(), sol.iterations.len()), (15, 1));
/// ```
pub fn ida_star<P: Puzzle>(
    p: &P,
    start: &P::State,
    h: impl Fn(&P::State) -> u32 + Sync,
    opts: IdaOptions,
) -> Result<Solution<P>, SearchError> {
    ida_star_with(p, start, &FnBound(h), opts.clone())
}

/// An admissible lower bound on the number of moves to the nearest goal,
/// for [`ida_star_with`].
///
/// A bound that is cheaper to update from the parent than to compute (the
/// seed article's per-move Manhattan update, a pattern database index
/// changed by one move) overrides [`LowerBound::after_move`] and keeps what
/// it needs per node in [`LowerBound::Memo`] (`()` when nothing).
pub trait LowerBound<P: Puzzle>: Sync {
    /// What a node of the search keeps for its children's bounds.
    type Memo: Copy + Default + Send + Sync;

    /// The bound of a state, computed from scratch.
    fn estimate(&self, s: &P::State) -> u32;

    /// The bound of the start and its memo.
    #[inline]
    fn start(&self, s: &P::State) -> (u32, Self::Memo) {
        (self.estimate(s), Self::Memo::default())
    }

    /// The bound of `child`, reached from `parent` (whose bound is
    /// `parent_h` and memo `memo`) by `m`, and the child's memo. Defaults to
    /// [`LowerBound::estimate`].
    #[inline]
    fn after_move(
        &self,
        parent: &P::State,
        parent_h: u32,
        memo: &Self::Memo,
        m: P::Move,
        child: &P::State,
    ) -> (u32, Self::Memo) {
        let _ = (parent, parent_h, memo, m);
        (self.estimate(child), Self::Memo::default())
    }

    /// True when [`LowerBound::after_moves`] should bound a node's
    /// children together rather than one [`LowerBound::after_move`] each.
    const BATCH: bool = false;

    /// The bounds of all of a node's children at once (their moves and
    /// positions; the bounds to fill in, and the memos to change from the
    /// parent's, which each holds on entry), used when
    /// [`LowerBound::BATCH`] is set. A bound whose lookups miss the caches
    /// (tables far larger than them) computes every child's addresses
    /// before it reads any, so that the misses overlap. By default one
    /// [`LowerBound::after_move`] each.
    #[inline]
    fn after_moves(&self, parent: &P::State, parent_h: u32, memo: &Self::Memo, children: Children<'_, P, Self::Memo>) {
        for (i, (&m, t)) in children.moves.iter().zip(children.states).enumerate() {
            (children.h[i], children.memos[i]) = self.after_move(parent, parent_h, memo, m, t);
        }
    }

    /// True when [`LowerBound::refine`] may raise a bound.
    const REFINES: bool = false;

    /// A second, dearer look at a child the first bound `h` did not cut
    /// (a lookup on the inverse position): a bound at least `h`. Asked
    /// only of the children that would otherwise be searched, so it costs
    /// a lookup per expanded node rather than per generated one, and cuts
    /// exactly the nodes a lookup on every child would. A bound past
    /// `enough` cuts the child: the look may stop there. By default `h`.
    #[inline]
    fn refine(&self, s: &P::State, h: u32, enough: u32) -> u32 {
        let _ = (s, enough);
        h
    }
}

/// The `f` that cuts a child of bound `ht` (its `f` being `f`) under
/// `bound`, if one does: the first bound's, else the second look's
/// ([`LowerBound::refine`]).
#[inline]
fn cut_by<P: Puzzle, H: LowerBound<P>>(h: &H, t: &P::State, f: u32, ht: u32, bound: u32) -> Option<u32> {
    if f > bound {
        return Some(f);
    }
    if H::REFINES {
        let f2 = f - ht + h.refine(t, ht, bound + ht - f);
        if f2 > bound {
            return Some(f2);
        }
    }
    None
}

/// Move pruning for a tree search: an automaton over moves whose state a
/// node keeps, dropping a move that makes the path hold a sequence known
/// to have an equivalent no longer and first in a fixed order. Every
/// position keeps a shortest path that no automaton drops (the first such
/// path in that order), so IDA* stays optimal.
pub trait MovePruning<P: Puzzle>: Sync {
    /// What a node keeps.
    type State: Copy + Default + Send + Sync;
    /// The state at the root `s`.
    fn start(&self, s: &P::State) -> Self::State;
    /// The state after move `m` from a node of state `at` (position `s`),
    /// `None` when the move is dropped.
    fn next(&self, at: Self::State, s: &P::State, m: P::Move) -> Option<Self::State>;
    /// The place of move `m` in the order the pruning's "first" refers
    /// to, when a node's state may be carried along the path a search
    /// chose by that order (A* + IDA*, [`astar_ida`]); `None` (the
    /// default) when it may not: a search below a frontier then starts
    /// afresh.
    fn order(&self, _m: P::Move) -> Option<u32> {
        None
    }
    /// Asks for what [`MovePruning::next`] will read from state `at`
    /// ahead of its reads: a search calls it for each child it keeps, so
    /// that a table larger than the caches is read from them when the
    /// child's own children are made. By default nothing.
    #[inline]
    fn prefetch(&self, _at: Self::State) {}
}

/// No move pruning beyond the puzzle's own.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPruning;

impl<P: Puzzle> MovePruning<P> for NoPruning {
    type State = ();
    #[inline]
    fn start(&self, _: &P::State) {}
    #[inline]
    fn next(&self, _: (), _: &P::State, _: P::Move) -> Option<()> {
        Some(())
    }
    #[inline]
    fn order(&self, _: P::Move) -> Option<u32> {
        Some(0)
    }
}

/// The bound 0: IDA* with it is plain iterative deepening.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoBound;

impl<P: Puzzle> LowerBound<P> for NoBound {
    type Memo = ();
    #[inline]
    fn estimate(&self, _: &P::State) -> u32 {
        0
    }
}

/// A closure used as a [`LowerBound`].
struct FnBound<F>(F);

impl<P: Puzzle, F: Fn(&P::State) -> u32 + Sync> LowerBound<P> for FnBound<F> {
    type Memo = ();
    #[inline]
    fn estimate(&self, s: &P::State) -> u32 {
        (self.0)(s)
    }
}

/// IDA* with a [`LowerBound`], which may update itself per move.
///
/// ```
/// use tansaku_core::examples::{Misplaced, Swaps};
/// use tansaku_core::search::{ida_star_with, IdaOptions};
///
/// let p = Swaps::new(5);
/// let s = p.row(&[3, 4, 0, 1, 2]);
/// let sol = ida_star_with(&p, &s, &Misplaced(p), IdaOptions::default()).unwrap();
/// assert_eq!(sol.len(), p.inversions(s) as usize);
/// // Three threads, every iteration split: the same solution and the
/// // same node counts.
/// let three = IdaOptions { threads: 3, split_from: 0, ..IdaOptions::default() };
/// let par = ida_star_with(&p, &s, &Misplaced(p), three).unwrap();
/// let work = |i: &tansaku_core::search::Iteration| (i.bound, i.expanded, i.generated);
/// assert_eq!(par.moves, sol.moves);
/// assert!(par.iterations.iter().map(work).eq(sol.iterations.iter().map(work)));
/// ```
pub fn ida_star_with<P: Puzzle, H: LowerBound<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    opts: IdaOptions,
) -> Result<Solution<P>, SearchError> {
    ida_star_pruned(p, start, h, &NoPruning, opts)
}

/// [`ida_star_with`] whose tree also drops the moves `r` prunes (an
/// automaton, [`MovePruning`]): fewer nodes, the same shortest length.
///
/// ```
/// use tansaku_core::examples::{Misplaced, SwapOrder, Swaps};
/// use tansaku_core::search::{ida_star_pruned, ida_star_with, IdaOptions};
///
/// let p = Swaps::new(5);
/// let plain = ida_star_with(&p, &p.reversed(), &Misplaced(p), IdaOptions::default()).unwrap();
/// let pruned = ida_star_pruned(&p, &p.reversed(), &Misplaced(p), &SwapOrder, IdaOptions::default()).unwrap();
/// assert_eq!((plain.len(), pruned.len()), (10, 10));
/// assert!(pruned.stats.generated < plain.stats.generated);
/// ```
pub fn ida_star_pruned<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    opts: IdaOptions,
) -> Result<Solution<P>, SearchError> {
    ida_star_kernel(p, start, h, r, None, opts)
}

/// [`ida_star_pruned`] whose subtrees are searched by `kernel` when one is
/// given (a puzzle's own inner loop, [`Kernel`]): the same iterations,
/// split, checkpoints and processes, the same counts and answer.
pub fn ida_star_kernel<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    p: &P,
    start: &P::State,
    h: &H,
    r: &R,
    kernel: Option<&dyn Kernel<P, H::Memo, R::State>>,
    opts: IdaOptions,
) -> Result<Solution<P>, SearchError> {
    let (h0, memo0) = h.start(start);
    let root = Frame {
        state: start.clone(),
        h: h0,
        memo: memo0,
        auto: r.start(start),
    };
    iterate(h0, Stats::default(), &opts, |bound, keeper, resume, last| {
        // An iteration costs a few times the one before it; splitting pays
        // only for large ones (listing subtrees, starting threads).
        let large = opts.split_from == 0 || last.is_some_and(|i: &Iteration| i.generated >= opts.split_from);
        let shared = opts.ctx.processes().is_some_and(|ps| ps.count() > 1);
        let split = large && (opts.threads > 1 || keeper.is_some() || shared);
        if split || resume.is_some() {
            parallel_iteration(p, h, r, kernel, &root, bound, &opts, keeper.map(|k| (k, resume)))
        } else {
            let mut dfs = Dfs::new(
                p,
                h,
                r,
                Cuts::of(&opts),
                vec![root.clone()],
                Vec::new(),
                None,
                Some(&opts.ctx),
            )
            .with_kernel(kernel);
            let step = dfs.dfs(bound);
            Ok(dfs.outcome(step))
        }
    })
}

/// The iterations of an IDA* search from cost bound `first`, each run by
/// `one(bound, keeper, resume, last iteration)`: progress, the stop
/// signals, the depth limit and the checkpoint (opened here; a resumed
/// run starts at the bound it saved, with its iterations' counts) around
/// them. `before` is work done before the first iteration (an A* phase),
/// counted in the totals.
fn iterate<P: Puzzle, M, A>(
    first: u32,
    before: Stats,
    opts: &IdaOptions,
    mut one: impl FnMut(u32, Option<&Keeper>, Option<Resume>, Option<&Iteration>) -> Result<Outcome<P, M, A>, SearchError>,
) -> Result<Solution<P>, SearchError> {
    let timer = Timer::start();
    let mut bound = first;
    let earlier = before.seconds;
    let mut stats = before;
    let mut iterations = Vec::new();
    let progress = crate::progress::Progress::new(&opts.ctx, None, "nodes");
    let shared = opts.ctx.processes().filter(|ps| ps.count() > 1);
    // Subtrees of the unfinished iteration searched, over every process.
    let mut searched = None;
    let (keeper, loaded) = match &opts.checkpoint {
        None => (None, None),
        Some(c) => {
            let opened = own_checkpoint(c, shared).and_then(|c| Keeper::open(&c));
            let (k, loaded) = match shared {
                Some(ps) => {
                    let (k, loaded, s) = agree(ps, opened)?;
                    searched = s;
                    (k, loaded)
                }
                None => opened?,
            };
            (Some(k), loaded)
        }
    };
    let mut resume = None;
    // Seconds the runs before spent: on the iterations they finished, and
    // on the one they did not.
    let mut before_runs = 0.0;
    let mut unfinished = 0.0;
    if let Some(saved) = loaded {
        for i in &saved.iterations {
            stats.expanded += i.expanded;
            stats.generated += i.generated;
            before_runs += i.seconds;
        }
        unfinished = saved.seconds;
        before_runs += unfinished;
        iterations = saved.iterations;
        bound = saved.bound;
        let (done, tasks) = searched.unwrap_or((saved.done.len() as u64, saved.tasks));
        let dir = &keeper.as_ref().expect("loaded").c.dir;
        opts.ctx.notice(&format!(
            "resumed at bound {bound} from the checkpoint{} in {} ({done} of {tasks} subtrees of the iteration searched)",
            if shared.is_some() { "s" } else { "" },
            if shared.is_some() { dir.parent().unwrap_or(dir) } else { dir }.display(),
        ));
        if saved.split > 0 {
            resume = Some((saved.split as usize, saved.tasks, saved.done));
        }
    }
    loop {
        progress.update(stats.generated, &format!("bound {bound}"));
        if bound > opts.max_depth {
            progress.finish();
            if let Some(k) = &keeper {
                opts.ctx.notice(&format!(
                    "kept the checkpoint in {}: a search allowed deeper goes on from it",
                    k.c.dir.display()
                ));
            }
            stats.seconds = earlier + timer.seconds();
            return Err(SearchError::DepthLimit {
                limit: opts.max_depth,
                stats,
            });
        }
        if let Some(why) = opts.ctx.stopped() {
            progress.finish();
            return Err(SearchError::Stopped(why));
        }
        // (Every process agrees here, even one that goes on with its
        // iteration while another begins it afresh.)
        if let Some(k) = &keeper {
            let begun = if resume.is_none() {
                k.begin(&iterations, bound)
            } else {
                Ok(())
            };
            together(shared, begun)?;
        }
        let clock = Timer::start();
        let outcome = one(bound, keeper.as_ref(), resume.take(), iterations.last())?;
        // A search told to stop (cancelled, past its deadline) answers so,
        // whatever its subtrees returned, and keeps what they finished.
        // Processes searching together stop together, and end together
        // when one could not write its checkpoint.
        let stopped = opts.ctx.stopped();
        let failed = keeper.as_ref().is_some_and(|k| k.lock().error.is_some());
        let (stopped_any, failed_any) = match shared {
            Some(ps) => {
                let all = ps.all_gather(&[u64::from(stopped.is_some()), u64::from(failed)]);
                (all.chunks(2).any(|w| w[0] != 0), all.chunks(2).any(|w| w[1] != 0))
            }
            None => (stopped.is_some(), failed),
        };
        if stopped_any {
            progress.finish();
            if let Some(k) = &keeper {
                k.write()?;
            }
            return Err(SearchError::Stopped(stopped.unwrap_or(crate::context::Stop::Cancelled)));
        }
        if let Some(k) = &keeper {
            k.failed()?;
        }
        if failed_any {
            return Err(another_failed());
        }
        stats.expanded += outcome.expanded;
        stats.generated += outcome.generated;
        iterations.push(Iteration {
            bound,
            expanded: outcome.expanded,
            generated: outcome.generated,
            seconds: clock.seconds() + std::mem::take(&mut unfinished),
        });
        progress.line(&format!(
            "  bound {bound:>3}: {:>14} nodes so far  ({:.2} s)",
            stats.generated,
            timer.seconds()
        ));
        match outcome.step {
            Step::Found => {
                progress.finish();
                if let Some(k) = &keeper {
                    k.remove(&opts.ctx);
                }
                stats.seconds = earlier + before_runs + timer.seconds();
                return Ok(Solution {
                    moves: outcome.moves,
                    states: outcome.path.into_iter().map(|f| f.state).collect(),
                    stats,
                    iterations,
                });
            }
            Step::Exceeded(next) => bound = next,
            Step::Exhausted | Step::Stopped => {
                progress.finish();
                if let Some(k) = &keeper {
                    k.remove(&opts.ctx);
                }
                stats.seconds = earlier + before_runs + timer.seconds();
                return Err(SearchError::Unsolvable { stats });
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
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
    fn and(self, other: Step) -> Step {
        match (self, other) {
            (Step::Exceeded(a), Step::Exceeded(b)) => Step::Exceeded(a.min(b)),
            (Step::Exceeded(a), _) | (_, Step::Exceeded(a)) => Step::Exceeded(a),
            _ => Step::Exhausted,
        }
    }
}

/// A node on the path: its state, bound, the bound's memo and the move
/// pruning's state.
struct Frame<P: Puzzle, M, A> {
    state: P::State,
    h: u32,
    memo: M,
    auto: A,
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
struct Brood<P: Puzzle, M, A> {
    moves: Vec<P::Move>,
    states: Vec<P::State>,
    h: Vec<u32>,
    memos: Vec<M>,
    autos: Vec<A>,
}

impl<P: Puzzle, M: Copy, A: Copy> Brood<P, M, A> {
    fn new() -> Self {
        Brood {
            moves: Vec::new(),
            states: Vec::new(),
            h: Vec::new(),
            memos: Vec::new(),
            autos: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn clear(&mut self) {
        self.moves.clear();
        self.states.clear();
        self.h.clear();
        self.memos.clear();
        self.autos.clear();
    }

    /// Child `i` as a frame of the path.
    #[inline]
    fn frame(&self, i: usize) -> Frame<P, M, A> {
        Frame {
            state: self.states[i].clone(),
            h: self.h[i],
            memo: self.memos[i],
            auto: self.autos[i],
        }
    }

    /// Sorts the children by their bound, keeping move order among equal
    /// bounds: an insertion sort, as a node has a handful of children.
    fn order(&mut self) {
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
struct Cuts {
    undo: bool,
    bpmx: bool,
    order: bool,
}

impl Cuts {
    fn of(opts: &IdaOptions) -> Self {
        Cuts {
            undo: opts.undo_cut,
            bpmx: opts.bpmx,
            order: opts.order,
        }
    }
}

/// What an iteration (or one subtree of it) did.
struct Outcome<P: Puzzle, M, A> {
    step: Step,
    expanded: u64,
    generated: u64,
    /// The path to the solution, when found.
    path: Vec<Frame<P, M, A>>,
    moves: Vec<P::Move>,
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
/// and counts of the generic search ([`Dfs`]), only faster (positions
/// changed in place, nothing copied a child). The iterations, the split
/// into subtrees, checkpoints and processes stay the generic ones.
pub trait Kernel<P: Puzzle, M, A>: Sync {
    /// A search for one thread, its buffers kept from subtree to subtree.
    fn searcher(&self) -> Box<dyn KernelSearch<P, M, A> + '_>;
}

/// One thread's search of a [`Kernel`].
pub trait KernelSearch<P: Puzzle, M, A> {
    /// Searches below `node` with cost bound `bound`, adding the nodes it
    /// expands and generates to the counters (as [`Dfs`] counts them),
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
type OwnSearch<'a, P, M, A> = Box<dyn KernelSearch<P, M, A> + 'a>;

/// One depth-first search, from the last frame of `path`.
struct Dfs<'a, P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> {
    p: &'a P,
    h: &'a H,
    r: &'a R,
    cuts: Cuts,
    path: Vec<Frame<P, H::Memo, R::State>>,
    moves: Vec<P::Move>,
    /// The depth of the first frame of `path` (a subtree below a
    /// frontier starts with its node's parent, not the start).
    base: u32,
    /// The children of the node at each depth.
    buffers: Vec<Brood<P, H::Memo, R::State>>,
    expanded: u64,
    generated: u64,
    /// `(first, mine)`: stop once the first subtree with a solution comes
    /// before this one (`first < mine`).
    stop: Option<(&'a AtomicUsize, usize)>,
    /// Asked every 16,384 expansions whether to stop (cancelled, past the
    /// deadline).
    ctx: Option<&'a crate::Context>,
    /// The puzzle's own inner loop, when it has one for this bound.
    own: Option<OwnSearch<'a, P, H::Memo, R::State>>,
}

impl<'a, P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> Dfs<'a, P, H, R> {
    #[allow(clippy::too_many_arguments)]
    fn new(
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
    fn with_kernel(mut self, kernel: Option<&'a dyn Kernel<P, H::Memo, R::State>>) -> Self {
        if !self.cuts.bpmx && !self.cuts.order {
            self.own = kernel.map(|k| k.searcher());
        }
        self
    }

    /// Starts again below another path, at depth `base`, as subtree
    /// `mine`, keeping the buffers.
    fn restart(&mut self, path: Vec<Frame<P, H::Memo, R::State>>, moves: Vec<P::Move>, base: u32, mine: usize) {
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
    fn take_outcome(&mut self, step: Step) -> Outcome<P, H::Memo, R::State> {
        Outcome {
            step,
            expanded: self.expanded,
            generated: self.generated,
            path: std::mem::take(&mut self.path),
            moves: std::mem::take(&mut self.moves),
        }
    }

    /// What the search did, ending with `step`.
    fn outcome(mut self, step: Step) -> Outcome<P, H::Memo, R::State> {
        self.take_outcome(step)
    }

    /// Generates the children of the last frame into a buffer of depth
    /// `depth` (counted as an expansion), with their move pruning states;
    /// a child whose bound is above `cut_above` will be cut.
    fn expand(&mut self, depth: usize, cut_above: u32) -> Brood<P, H::Memo, R::State> {
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
    fn dfs(&mut self, bound: u32) -> Step {
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
    fn descend(&mut self, bound: u32) -> Step {
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

/// A subtree of a split iteration: the path from the root to its node, the
/// work done before reaching it in depth-first order, and whether its node
/// is already a goal.
struct Task<P: Puzzle, M, A> {
    path: Vec<Frame<P, M, A>>,
    moves: Vec<P::Move>,
    /// The depth of the path's first frame.
    base: u32,
    before: (u64, u64),
    goal: bool,
}

/// The shallow part of a split iteration, walked in depth-first order.
struct Split<P: Puzzle, M, A> {
    tasks: Vec<Task<P, M, A>>,
    /// Expansions and children since the last task.
    pending: (u64, u64),
    /// The result of the cuts made in the shallow part.
    cut: Step,
}

/// Walks the tree to depth `split`, listing the nodes there as tasks, with
/// the same pruning and counting as [`Dfs::dfs`].
fn list_tasks<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    dfs: &mut Dfs<P, H, R>,
    bound: u32,
    split: usize,
    out: &mut Split<P, H::Memo, R::State>,
) {
    let g = dfs.path.len() - 1;
    let goal = dfs.p.is_goal(&dfs.path[g].state);
    if goal || g == split {
        out.tasks.push(Task {
            base: 0,
            path: dfs.path.clone(),
            moves: dfs.moves.clone(),
            before: std::mem::take(&mut out.pending),
            goal,
        });
        return;
    }
    let (e0, g0) = (dfs.expanded, dfs.generated);
    let kids = dfs.expand(g, bound.saturating_sub(g as u32 + 1));
    out.pending.0 += dfs.expanded - e0;
    out.pending.1 += dfs.generated - g0;
    for i in 0..kids.len() {
        let ht = kids.h[i];
        if let Some(f) = cut_by(dfs.h, &kids.states[i], (g + 1) as u32 + ht, ht, bound) {
            out.cut = out.cut.and(Step::Exceeded(f));
            continue;
        }
        dfs.path.push(kids.frame(i));
        dfs.moves.push(kids.moves[i]);
        list_tasks(dfs, bound, split, out);
        dfs.path.pop();
        dfs.moves.pop();
        if out.tasks.last().is_some_and(|t| t.goal) {
            break;
        }
    }
    dfs.buffers[g] = kids;
}

/// One iteration on `opts.threads` threads, split into subtrees taken in
/// depth-first order; the counts are those of the one-thread search.
#[allow(clippy::too_many_arguments)]
fn parallel_iteration<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
    p: &P,
    h: &H,
    r: &R,
    kernel: Option<&dyn Kernel<P, H::Memo, R::State>>,
    root: &Frame<P, H::Memo, R::State>,
    bound: u32,
    opts: &IdaOptions,
    saving: Option<(&Keeper, Option<Resume>)>,
) -> Result<Outcome<P, H::Memo, R::State>, SearchError> {
    let (keeper, resume) = match saving {
        Some((k, r)) => (Some(k), r),
        None => (None, None),
    };
    // Deep enough for many more subtrees than threads, so that they share
    // the work evenly; with a checkpoint, small enough that a kill loses
    // little.
    let processes = opts.ctx.processes().map_or(1, |ps| ps.count());
    let even = 64 * opts.threads * processes;
    let want = if keeper.is_some() { even.max(2048) } else { even };
    let mut split = resume.as_ref().map_or(1, |r| r.0);
    let listed = loop {
        let mut dfs = Dfs::new(p, h, r, Cuts::of(opts), vec![root.clone()], Vec::new(), None, None);
        let mut s = Split {
            tasks: Vec::new(),
            pending: (0, 0),
            cut: Step::Exhausted,
        };
        list_tasks(&mut dfs, bound, split, &mut s);
        let deep_enough = s.tasks.len() >= want || s.tasks.last().is_some_and(|t| t.goal) || split >= 12;
        if resume.is_some() || deep_enough || s.tasks.is_empty() || split as u32 >= bound {
            break s;
        }
        split += 1;
    };
    let resume = resume.map(|(_, count, finished)| (count, finished));
    run_tasks(
        p,
        h,
        r,
        kernel,
        &listed,
        bound,
        opts,
        keeper.map(|k| (k, split as u32, resume)),
    )
}

/// Searches the subtrees of `listed` (in their order) on `opts.threads`
/// threads with cost bound `bound`, the first solution in that order
/// winning; the counts are those of one thread searching them in turn.
/// With a checkpoint (`saving`: the keeper, the split's mark and, on a
/// resumed run, the number of subtrees and those searched to the end),
/// finished subtrees are recorded as they end and skipped when resumed.
#[allow(clippy::too_many_arguments)]
fn run_tasks<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>, L: TaskList<P, H::Memo, R::State>>(
    p: &P,
    h: &H,
    r: &R,
    kernel: Option<&dyn Kernel<P, H::Memo, R::State>>,
    listed: &L,
    bound: u32,
    opts: &IdaOptions,
    saving: Saving<'_>,
) -> Result<Outcome<P, H::Memo, R::State>, SearchError> {
    let count = listed.len();
    let keeper = saving.as_ref().map(|s| s.0);
    // With other processes, subtree i is process i % n's.
    let shared = opts.ctx.processes().filter(|ps| ps.count() > 1);
    let (me, of) = shared.map_or((0, 1), |ps| (ps.rank(), ps.count()));
    let owned = |i: usize| i % of == me;
    // The subtrees a checkpoint says were searched to the end.
    let mut done: Vec<Option<DoneTask>> = vec![None; count];
    if let Some((k, split, resume)) = saving {
        let listed = match resume {
            Some((saved, _)) if saved != count as u64 => {
                Err(k.refuse(format!("it lists {saved} subtrees where this search finds {count}")))
            }
            Some((_, finished)) => Ok(finished),
            None => Ok(Vec::new()),
        };
        let written = listed.and_then(|finished| {
            for d in &finished {
                done[d.task as usize] = Some(*d);
            }
            k.split(split, count as u64, finished)
        });
        together(shared, written)?;
    }
    let done = &done;
    let next = AtomicUsize::new(0);
    let first = AtomicUsize::new(usize::MAX);
    type Done<P, H, R> = (
        usize,
        Outcome<P, <H as LowerBound<P>>::Memo, <R as MovePruning<P>>::State>,
    );
    // One thread runs the subtrees itself (no thread is started: the
    // WebAssembly build has none).
    let work = || {
        let mut done_list = Vec::new();
        // One search per thread, its buffers kept from subtree
        // to subtree (a frontier has millions of small ones).
        let mut dfs = Dfs::new(
            p,
            h,
            r,
            Cuts::of(opts),
            Vec::new(),
            Vec::new(),
            Some((&first, 0)),
            Some(&opts.ctx),
        )
        .with_kernel(kernel);
        loop {
            let i = next.fetch_add(1, Relaxed);
            if i >= count || i > first.load(Relaxed) {
                break;
            }
            if !owned(i) {
                continue;
            }
            if let Some(d) = done[i] {
                let step = if d.next == u32::MAX {
                    Step::Exhausted
                } else {
                    Step::Exceeded(d.next)
                };
                done_list.push((
                    i,
                    Outcome {
                        step,
                        expanded: d.expanded,
                        generated: d.generated,
                        path: Vec::new(),
                        moves: Vec::new(),
                    },
                ));
                continue;
            }
            let t = listed.task(i);
            let goal = t.goal;
            dfs.restart(t.path, t.moves, t.base, i);
            let step = if goal { Step::Found } else { dfs.dfs(bound) };
            if step == Step::Found {
                first.fetch_min(i, Relaxed);
            }
            let mut outcome = dfs.take_outcome(step);
            if step == Step::Found {
                listed.complete(i, &mut outcome.path, &mut outcome.moves);
            } else {
                // Only a solution's path is kept.
                outcome.path = Vec::new();
                outcome.moves = Vec::new();
            }
            if let Some(k) = keeper
                && let Step::Exceeded(_) | Step::Exhausted = step
                && opts.ctx.stopped().is_none()
            {
                k.done(DoneTask {
                    task: i as u64,
                    expanded: outcome.expanded,
                    generated: outcome.generated,
                    next: match step {
                        Step::Exceeded(f) => f,
                        _ => u32::MAX,
                    },
                });
            }
            done_list.push((i, outcome));
        }
        done_list
    };
    let mut results: Vec<Done<P, H, R>> = if opts.threads <= 1 {
        work()
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..opts.threads).map(|_| scope.spawn(work)).collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("an IDA* worker panicked"))
                .collect()
        })
    };
    if let Some(ps) = shared {
        results = gather(ps, results);
    }
    results.sort_by_key(|(i, _)| *i);
    // Replay the subtrees in depth-first order, up to the first solution.
    let (mut expanded, mut generated) = (0u64, 0u64);
    let mut step = listed.cut();
    for (i, mut outcome) in results {
        let before = listed.before(i);
        expanded += before.0 + outcome.expanded;
        generated += before.1 + outcome.generated;
        if outcome.step == Step::Found {
            if outcome.path.is_empty() {
                // Another process found it: search that subtree again
                // here for the path (the counts are the finder's).
                let t = listed.task(i);
                let goal = t.goal;
                let mut dfs = Dfs::new(p, h, r, Cuts::of(opts), Vec::new(), Vec::new(), None, Some(&opts.ctx))
                    .with_kernel(kernel);
                dfs.restart(t.path, t.moves, t.base, i);
                let again = if goal { Step::Found } else { dfs.dfs(bound) };
                if again != Step::Found {
                    return Err(opts.ctx.stopped().map_or_else(
                        || {
                            SearchError::Unsupported(format!(
                                "the processes disagree: another found a solution in subtree {i}, which holds none here (do they all run the same search?)"
                            ))
                        },
                        SearchError::Stopped,
                    ));
                }
                let mut found = dfs.take_outcome(again);
                listed.complete(i, &mut found.path, &mut found.moves);
                outcome.path = found.path;
                outcome.moves = found.moves;
            }
            return Ok(Outcome {
                step: Step::Found,
                expanded,
                generated,
                path: outcome.path,
                moves: outcome.moves,
            });
        }
        step = step.and(outcome.step);
    }
    let pending = listed.pending();
    Ok(Outcome {
        step,
        expanded: expanded + pending.0,
        generated: generated + pending.1,
        path: Vec::new(),
        moves: Vec::new(),
    })
}

/// `r` on every process of `shared`: an error on any of them ends the
/// search on all (the others would wait for it at the next exchange).
fn together(shared: Option<&dyn crate::context::Processes>, r: Result<(), SearchError>) -> Result<(), SearchError> {
    let Some(ps) = shared else { return r };
    let all = ps.all_gather(&[u64::from(r.is_err())]);
    r?;
    if all.iter().any(|&f| f != 0) {
        return Err(another_failed());
    }
    Ok(())
}

fn another_failed() -> SearchError {
    SearchError::Unsupported(
        "another process of the job could not go on with its checkpoint (its own message says why)".into(),
    )
}

/// This process's checkpoint: `c` itself for a search on its own, its
/// own folder `process-K-of-N` under `c`'s for one of `N` processes
/// searching together. A folder holding the checkpoints of another number
/// of processes is refused: their subtrees were dealt otherwise.
fn own_checkpoint(c: &Checkpoint, shared: Option<&dyn crate::context::Processes>) -> Result<Checkpoint, SearchError> {
    let (me, count) = shared.map_or((0, 1), |ps| (ps.rank(), ps.count()));
    #[cfg(feature = "files")]
    super::checkpoint::same_processes(&c.dir, count, &[super::checkpoint::IDA_FILE])?;
    if count == 1 {
        return Ok(c.clone());
    }
    Ok(Checkpoint {
        dir: c.dir.join(format!("process-{me}-of-{count}")),
        key: format!("{}, process {me} of {count}", c.key),
        every: c.every,
    })
}

/// The checkpoints `opened` by the processes of a job, made to agree: a
/// process killed before writing the iteration the others began takes
/// their finished iterations and begins that one afresh (its subtrees of
/// the iteration before were counted by the exchange that ended it).
/// Also returns the subtrees of the unfinished iteration searched over
/// every process, and their number.
#[allow(clippy::type_complexity)]
fn agree(
    ps: &dyn crate::context::Processes,
    opened: Result<(Keeper, Option<IdaSaved>), SearchError>,
) -> Result<(Keeper, Option<IdaSaved>, Option<(u64, u64)>), SearchError> {
    // [opened?, iterations + 1 (0: none), bound, subtrees done, subtrees,
    // each iteration's four words].
    let mut words = vec![u64::from(opened.is_ok())];
    if let Ok((_, saved)) = &opened {
        match saved {
            None => words.push(0),
            Some(s) => {
                words.extend([
                    1 + s.iterations.len() as u64,
                    u64::from(s.bound),
                    s.done.len() as u64,
                    s.tasks,
                ]);
                for i in &s.iterations {
                    words.extend([u64::from(i.bound), i.expanded, i.generated, i.seconds.to_bits()]);
                }
            }
        }
    }
    let all = ps.all_gather(&words);
    let (keeper, mine) = opened?;
    // Each process's (iterations + 1, bound, done, tasks, iterations).
    let mut held = Vec::new();
    let mut at = 0;
    while at < all.len() {
        let ok = all[at];
        at += 1;
        if ok == 0 {
            return Err(another_failed());
        }
        let n = all[at];
        at += 1;
        if n == 0 {
            held.push((0, 0, 0, 0, Vec::new()));
            continue;
        }
        let (bound, done, tasks) = (all[at] as u32, all[at + 1], all[at + 2]);
        at += 3;
        let its: Vec<Iteration> = all[at..at + 4 * (n as usize - 1)]
            .chunks_exact(4)
            .map(|w| Iteration {
                bound: w[0] as u32,
                expanded: w[1],
                generated: w[2],
                seconds: f64::from_bits(w[3]),
            })
            .collect();
        at += 4 * (n as usize - 1);
        held.push((n, bound, done, tasks, its));
    }
    let best = held.iter().map(|h| h.0).max().unwrap_or(0);
    if best == 0 {
        return Ok((keeper, None, None));
    }
    let ahead: Vec<_> = held.iter().filter(|h| h.0 == best).collect();
    if ahead
        .iter()
        .any(|h| h.1 != ahead[0].1 || h.4.iter().zip(&ahead[0].4).any(|(a, b)| a.bound != b.bound))
    {
        return Err(keeper
            .refuse("the processes' checkpoints are of different searches: remove the folder to start afresh".into()));
    }
    let searched = (
        ahead.iter().map(|h| h.2).sum(),
        ahead.iter().map(|h| h.3).max().unwrap_or(0),
    );
    let mine = match mine {
        Some(m) if m.iterations.len() as u64 + 1 == best => m,
        _ => {
            let adopted = IdaSaved {
                iterations: ahead[0].4.clone(),
                bound: ahead[0].1,
                ..IdaSaved::default()
            };
            keeper.lock().saved = adopted.clone();
            adopted
        }
    };
    Ok((keeper, Some(mine), Some(searched)))
}

/// Every process's subtree results, from this process's (`mine`): each
/// travels as its index, counts and step; a solution's path stays with
/// the process that found it.
fn gather<P: Puzzle, M, A>(
    ps: &dyn crate::context::Processes,
    mine: Vec<(usize, Outcome<P, M, A>)>,
) -> Vec<(usize, Outcome<P, M, A>)> {
    let mut words = Vec::with_capacity(5 * mine.len());
    for (i, o) in &mine {
        let (code, next) = match o.step {
            Step::Exhausted => (0, 0),
            Step::Exceeded(f) => (1, f),
            Step::Found => (2, 0),
            Step::Stopped => (3, 0),
        };
        words.extend([*i as u64, o.expanded, o.generated, code, u64::from(next)]);
    }
    let mut paths: rustc_hash::FxHashMap<usize, Outcome<P, M, A>> =
        mine.into_iter().filter(|(_, o)| o.step == Step::Found).collect();
    ps.all_gather(&words)
        .chunks_exact(5)
        .map(|w| {
            let i = w[0] as usize;
            let step = match w[3] {
                0 => Step::Exhausted,
                1 => Step::Exceeded(w[4] as u32),
                2 => Step::Found,
                _ => Step::Stopped,
            };
            let (path, moves) = match paths.remove(&i) {
                Some(o) => (o.path, o.moves),
                None => (Vec::new(), Vec::new()),
            };
            (
                i,
                Outcome {
                    step,
                    expanded: w[1],
                    generated: w[2],
                    path,
                    moves,
                },
            )
        })
        .collect()
}

/// The subtrees of one iteration, in the order their solutions win.
trait TaskList<P: Puzzle, M, A>: Sync {
    /// How many.
    fn len(&self) -> usize;
    /// Subtree `i`: the path from the root to its node.
    fn task(&self, i: usize) -> Task<P, M, A>;
    /// The work done before subtree `i` that is not in any subtree
    /// (counted with it, as a depth-first search meets it first).
    fn before(&self, i: usize) -> (u64, u64);
    /// What the cuts outside the subtrees found (the least cost past the
    /// bound).
    fn cut(&self) -> Step;
    /// Work after the last subtree.
    fn pending(&self) -> (u64, u64);
    /// Completes the path found in subtree `i` (which starts at its
    /// task's first frame) into one from the root.
    fn complete(&self, _i: usize, _path: &mut Vec<Frame<P, M, A>>, _moves: &mut Vec<P::Move>) {}
}

impl<P: Puzzle, M: Copy + Sync, A: Copy + Sync> TaskList<P, M, A> for Split<P, M, A>
where
    P::Move: Sync,
{
    fn len(&self) -> usize {
        self.tasks.len()
    }
    fn task(&self, i: usize) -> Task<P, M, A> {
        let t = &self.tasks[i];
        Task {
            path: t.path.clone(),
            moves: t.moves.clone(),
            base: t.base,
            before: t.before,
            goal: t.goal,
        }
    }
    fn before(&self, i: usize) -> (u64, u64) {
        self.tasks[i].before
    }
    fn cut(&self) -> Step {
        self.cut
    }
    fn pending(&self) -> (u64, u64) {
        self.pending
    }
}

/// A checkpoint for [`run_tasks`]: the keeper, the split's mark and, when
/// resumed, the number of subtrees and those searched to the end.
type Saving<'k> = Option<(&'k Keeper, u32, Option<(u64, Vec<DoneTask>)>)>;

/// Where a split iteration resumes: its split depth, its number of
/// subtrees and those searched to the end.
type Resume = (usize, u64, Vec<DoneTask>);

/// The checkpoint of an IDA* run ([`IdaOptions::checkpoint`]): what the run
/// has done, written at most every [`Checkpoint::every`].
struct Keeper {
    c: Checkpoint,
    state: std::sync::Mutex<KeeperState>,
}

struct KeeperState {
    saved: IdaSaved,
    last: web_time::Instant,
    /// When this run began the unfinished iteration (or went on with it).
    since: web_time::Instant,
    /// The first write that failed; the run stops at the iteration's end.
    error: Option<CheckpointError>,
}

impl Keeper {
    /// Opens the checkpoint folder and reads the checkpoint there, if any
    /// (what it holds comes back beside the keeper).
    fn open(c: &Checkpoint) -> Result<(Keeper, Option<IdaSaved>), SearchError> {
        #[cfg(not(feature = "files"))]
        {
            let _ = c;
            Err(super::no_files("a checkpoint"))
        }
        #[cfg(feature = "files")]
        let loaded = super::checkpoint::open_ida(&c.dir, &c.key)?;
        #[cfg(feature = "files")]
        Ok((
            Keeper {
                c: c.clone(),
                state: std::sync::Mutex::new(KeeperState {
                    saved: loaded.clone().unwrap_or_default(),
                    last: web_time::Instant::now(),
                    since: web_time::Instant::now(),
                    error: None,
                }),
            },
            loaded,
        ))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, KeeperState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The checkpoint refused for `why`.
    fn refuse(&self, why: String) -> SearchError {
        let path = self.c.dir.join(super::checkpoint::IDA_FILE);
        SearchError::Checkpoint(CheckpointError::Refused { path, why })
    }

    /// An iteration with bound `bound` begins after `iterations`.
    fn begin(&self, iterations: &[Iteration], bound: u32) -> Result<(), SearchError> {
        let mut st = self.lock();
        st.saved = IdaSaved {
            iterations: iterations.to_vec(),
            bound,
            ..IdaSaved::default()
        };
        st.since = web_time::Instant::now();
        Ok(self.save_if_due(&mut st)?)
    }

    /// The iteration is split at depth `split` into `tasks` subtrees, of
    /// which `done` are searched.
    fn split(&self, split: u32, tasks: u64, done: Vec<DoneTask>) -> Result<(), SearchError> {
        let mut st = self.lock();
        st.saved.split = split;
        st.saved.tasks = tasks;
        st.saved.done = done;
        Ok(self.save_if_due(&mut st)?)
    }

    /// A subtree was searched to the end.
    fn done(&self, d: DoneTask) {
        let mut st = self.lock();
        st.saved.done.push(d);
        if st.error.is_none()
            && let Err(e) = self.save_if_due(&mut st)
        {
            st.error = Some(e);
        }
    }

    /// Writes what the run has done if the last write is
    /// [`Checkpoint::every`] old.
    fn save_if_due(&self, st: &mut KeeperState) -> Result<(), CheckpointError> {
        if st.last.elapsed() >= self.c.every {
            Self::save(&self.c, st)?;
        }
        Ok(())
    }

    /// Writes what the run has done.
    fn write(&self) -> Result<(), SearchError> {
        Self::save(&self.c, &mut self.lock()).map_err(SearchError::Checkpoint)
    }

    /// The first write that failed during the iteration.
    fn failed(&self) -> Result<(), SearchError> {
        match self.lock().error.take() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }

    fn save(c: &Checkpoint, st: &mut KeeperState) -> Result<(), CheckpointError> {
        // The iteration's seconds so far, this run's added to those before.
        let mut saved = st.saved.clone();
        saved.seconds += st.since.elapsed().as_secs_f64();
        #[cfg(feature = "files")]
        super::checkpoint::save_ida(&c.dir, &c.key, &saved)?;
        #[cfg(not(feature = "files"))]
        let _ = saved;
        #[cfg(not(feature = "files"))]
        let _ = c;
        st.last = web_time::Instant::now();
        Ok(())
    }

    /// The search is over: its checkpoint is of no more use.
    fn remove(&self, ctx: &crate::Context) {
        super::checkpoint::finished(&self.c.dir, super::checkpoint::IDA_FILE, ctx);
        // A process's own folder goes too, once empty.
        #[cfg(feature = "files")]
        if self
            .c
            .dir
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("process-"))
        {
            let _ = std::fs::remove_dir(&self.c.dir);
        }
    }
}
