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

mod dfs;
mod frontier;
mod keeper;
mod parallel;

use dfs::*;
pub use dfs::{Below, Children, Descent, Halt, Kernel, KernelSearch};
pub use frontier::{astar_ida, astar_ida_kernel, bytes_per_node};
use keeper::*;
use parallel::*;

use super::checkpoint::{CheckpointError, DoneTask, IdaSaved};
use super::retrograde::Checkpoint;
use super::{Found, SearchError, Solution, Stats, Timer};
use crate::Puzzle;
use serde::Serialize;

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
pub fn iddfs<P: Puzzle>(p: &P, start: &P::State, opts: IdaOptions) -> Found<P> {
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
pub fn ida_star<P: Puzzle>(p: &P, start: &P::State, h: impl Fn(&P::State) -> u32 + Sync, opts: IdaOptions) -> Found<P> {
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

    /// True when [`LowerBound::after_moves`] itself gives every child it
    /// leaves at most [`Children::cut_above`] the bound
    /// [`LowerBound::refine`] would (the second look made for all the
    /// children together): the depth-first search then never asks
    /// `refine` of them again.
    const REFINED_IN_BATCH: bool = false;

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
    if H::REFINES && !(H::BATCH && H::REFINED_IN_BATCH) {
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
pub fn ida_star_with<P: Puzzle, H: LowerBound<P>>(p: &P, start: &P::State, h: &H, opts: IdaOptions) -> Found<P> {
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
) -> Found<P> {
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
) -> Found<P> {
    let (h0, memo0) = h.start(start);
    let root = Frame {
        state: start.clone(),
        h: h0,
        memo: memo0,
        auto: r.start(start),
    };
    let parity = p.length_parity(start);
    let first = fit(h0, parity);
    iterate(first, parity, Stats::default(), &opts, |bound, keeper, resume, last| {
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

/// Where IDA* starts: afresh, or from a checkpoint (the keeper, the
/// iterations done and their counts, the bound being tried, the subtrees
/// searched, the seconds spent).
struct Resumed {
    keeper: Option<Keeper>,
    resume: Option<Resume>,
    stats: Stats,
    iterations: Vec<Iteration>,
    bound: u32,
    /// Seconds the runs before spent, on the iterations they finished and
    /// on the one they did not.
    before_runs: f64,
    /// Seconds they spent on the iteration they did not finish.
    unfinished: f64,
}

/// Opens the checkpoint, if one is asked for (for processes searching
/// together, the one they all hold), and goes on from it.
fn resumed(
    first: u32,
    before: Stats,
    opts: &IdaOptions,
    shared: Option<&dyn crate::context::Processes>,
) -> Result<Resumed, SearchError> {
    let mut start = Resumed {
        keeper: None,
        resume: None,
        stats: before,
        iterations: Vec::new(),
        bound: first,
        before_runs: 0.0,
        unfinished: 0.0,
    };
    // Subtrees of the unfinished iteration searched, over every process.
    let mut searched = None;
    let Some(c) = &opts.checkpoint else {
        return Ok(start);
    };
    let opened = own_checkpoint(c, shared).and_then(|c| Keeper::open(&c));
    let (k, loaded) = match shared {
        Some(ps) => {
            let (k, loaded, s) = agree(ps, opened)?;
            searched = s;
            (k, loaded)
        }
        None => opened?,
    };
    start.keeper = Some(k);
    let Some(saved) = loaded else {
        return Ok(start);
    };
    for i in &saved.iterations {
        start.stats.expanded += i.expanded;
        start.stats.generated += i.generated;
        start.before_runs += i.seconds;
    }
    start.unfinished = saved.seconds;
    start.before_runs += saved.seconds;
    start.iterations = saved.iterations;
    start.bound = saved.bound;
    let (done, tasks) = searched.unwrap_or((saved.done.len() as u64, saved.tasks));
    let dir = &start.keeper.as_ref().expect("opened").c.dir;
    opts.ctx.notice(&format!(
        "resumed at bound {} from the checkpoint{} in {} ({done} of {tasks} subtrees of the iteration searched)",
        start.bound,
        if shared.is_some() { "s" } else { "" },
        if shared.is_some() {
            dir.parent().unwrap_or(dir)
        } else {
            dir
        }
        .display(),
    ));
    if saved.split > 0 {
        start.resume = Some((saved.split as usize, saved.tasks, saved.done));
    }
    Ok(start)
}

/// The least bound from `bound` up that a solution's length can be, when
/// every solution's length has the parity `parity` ([`Puzzle::length_parity`]).
#[inline]
fn fit(bound: u32, parity: Option<bool>) -> u32 {
    match parity {
        Some(odd) if (bound & 1 == 1) != odd => bound + 1,
        _ => bound,
    }
}

/// The iterations of an IDA* search from cost bound `first` (and, when
/// every solution's length has the parity `parity`, only bounds of it),
/// each run by
/// `one(bound, keeper, resume, last iteration)`: progress, the stop
/// signals, the depth limit and the checkpoint (opened here; a resumed
/// run starts at the bound it saved, with its iterations' counts) around
/// them. `before` is work done before the first iteration (an A* phase),
/// counted in the totals.
fn iterate<P: Puzzle, M, A>(
    first: u32,
    parity: Option<bool>,
    before: Stats,
    opts: &IdaOptions,
    mut one: impl FnMut(u32, Option<&Keeper>, Option<Resume>, Option<&Iteration>) -> Result<Outcome<P, M, A>, SearchError>,
) -> Found<P> {
    let timer = Timer::start();
    let earlier = before.seconds;
    let progress = crate::progress::Progress::new(&opts.ctx, None, "nodes");
    let shared = opts.ctx.processes().filter(|ps| ps.count() > 1);
    let Resumed {
        keeper,
        mut resume,
        mut stats,
        mut iterations,
        mut bound,
        before_runs,
        mut unfinished,
    } = resumed(first, before, opts, shared)?;
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
        crate::progress::step(&opts.ctx, crate::progress::Side::Bound, bound, outcome.generated);
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
                    layers: Default::default(),
                });
            }
            Step::Exceeded(next) => bound = fit(next, parity),
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
