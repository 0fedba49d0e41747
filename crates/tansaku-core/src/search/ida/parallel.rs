//! IDA*'s iteration split into subtrees: listed in depth-first order at a
//! shallow depth, searched by several threads (and processes) in that
//! order, the first solution in that order kept and the counts those of
//! one search; the processes of a job agree on every iteration.

use super::dfs::*;
use super::keeper::*;
use super::*;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// A subtree of a split iteration: the path from the root to its node, the
/// work done before reaching it in depth-first order, and whether its node
/// is already a goal.
pub(super) struct Task<P: Puzzle, M, A> {
    pub(super) path: Vec<Frame<P, M, A>>,
    pub(super) moves: Vec<P::Move>,
    /// The depth of the path's first frame.
    pub(super) base: u32,
    pub(super) before: (u64, u64),
    pub(super) goal: bool,
}

/// The shallow part of a split iteration, walked in depth-first order.
pub(super) struct Split<P: Puzzle, M, A> {
    pub(super) tasks: Vec<Task<P, M, A>>,
    /// Expansions and children since the last task.
    pub(super) pending: (u64, u64),
    /// The result of the cuts made in the shallow part.
    pub(super) cut: Step,
}

/// Walks the tree to depth `split`, listing the nodes there as tasks, with
/// the same pruning and counting as [`Dfs::dfs`].
pub(super) fn list_tasks<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
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
pub(super) fn parallel_iteration<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>>(
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
        Searcher { p, h, r, kernel, opts },
        &listed,
        bound,
        keeper.map(|k| (k, split as u32, resume)),
    )
}

/// What searches each subtree of an iteration: the puzzle, its bound, the
/// move pruning, the puzzle's own inner loop if it has one, and the
/// search's options.
pub(super) struct Searcher<'a, P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> {
    pub p: &'a P,
    pub h: &'a H,
    pub r: &'a R,
    pub kernel: Option<&'a dyn Kernel<P, H::Memo, R::State>>,
    pub opts: &'a IdaOptions,
}

impl<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> Clone for Searcher<'_, P, H, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>> Copy for Searcher<'_, P, H, R> {}

/// Searches the subtrees of `listed` (in their order) on `opts.threads`
/// threads with cost bound `bound`, the first solution in that order
/// winning; the counts are those of one thread searching them in turn.
/// With a checkpoint (`saving`: the keeper, the split's mark and, on a
/// resumed run, the number of subtrees and those searched to the end),
/// finished subtrees are recorded as they end and skipped when resumed.
pub(super) fn run_tasks<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>, L: TaskList<P, H::Memo, R::State>>(
    searcher: Searcher<'_, P, H, R>,
    listed: &L,
    bound: u32,
    saving: Saving<'_>,
) -> Result<Outcome<P, H::Memo, R::State>, SearchError> {
    let Searcher { p, h, r, kernel, opts } = searcher;
    let count = listed.len();
    let keeper = saving.as_ref().map(|s| s.0);
    // With other processes, subtree i is process i % n's.
    let shared = opts.ctx.processes().filter(|ps| ps.count() > 1);
    let (me, of) = shared.map_or((0, 1), |ps| (ps.rank(), ps.count()));
    let owned = |i: usize| i % of == me;
    let done = &searched_before(saving, count, shared)?;
    let next = AtomicUsize::new(0);
    let first = AtomicUsize::new(usize::MAX);
    pub(super) type Done<P, H, R> = (
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
                done_list.push((i, reused(d)));
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
    in_order(searcher, listed, bound, results)
}

/// The subtrees a checkpoint says were searched to the end (a checkpoint
/// of another split is refused), recorded as the split being searched.
fn searched_before(
    saving: Saving<'_>,
    count: usize,
    shared: Option<&dyn crate::context::Processes>,
) -> Result<Vec<Option<DoneTask>>, SearchError> {
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
    Ok(done)
}

/// A subtree's outcome as a checkpoint recorded it.
fn reused<P: Puzzle, M, A>(d: DoneTask) -> Outcome<P, M, A> {
    let step = if d.next == u32::MAX {
        Step::Exhausted
    } else {
        Step::Exceeded(d.next)
    };
    Outcome {
        step,
        expanded: d.expanded,
        generated: d.generated,
        path: Vec::new(),
        moves: Vec::new(),
    }
}

/// Subtrees' outcomes, each with its number in depth-first order.
type Numbered<P, M, A> = Vec<(usize, Outcome<P, M, A>)>;

/// The subtrees' outcomes replayed in depth-first order, up to the first
/// solution: the iteration's outcome, its counts those of one search.
fn in_order<P: Puzzle, H: LowerBound<P>, R: MovePruning<P>, L: TaskList<P, H::Memo, R::State>>(
    searcher: Searcher<'_, P, H, R>,
    listed: &L,
    bound: u32,
    results: Numbered<P, H::Memo, R::State>,
) -> Result<Outcome<P, H::Memo, R::State>, SearchError> {
    let Searcher { p, h, r, kernel, opts } = searcher;
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
pub(super) fn together(
    shared: Option<&dyn crate::context::Processes>,
    r: Result<(), SearchError>,
) -> Result<(), SearchError> {
    let Some(ps) = shared else { return r };
    let all = ps.all_gather(&[u64::from(r.is_err())]);
    r?;
    if all.iter().any(|&f| f != 0) {
        return Err(another_failed());
    }
    Ok(())
}

pub(super) fn another_failed() -> SearchError {
    SearchError::Unsupported(
        "another process of the job could not go on with its checkpoint (its own message says why)".into(),
    )
}

/// This process's checkpoint: `c` itself for a search on its own, its
/// own folder `process-K-of-N` under `c`'s for one of `N` processes
/// searching together. A folder holding the checkpoints of another number
/// of processes is refused: their subtrees were dealt otherwise.
pub(super) fn own_checkpoint(
    c: &Checkpoint,
    shared: Option<&dyn crate::context::Processes>,
) -> Result<Checkpoint, SearchError> {
    let (me, count) = shared.map_or((0, 1), |ps| (ps.rank(), ps.count()));
    #[cfg(feature = "files")]
    crate::search::checkpoint::same_processes(&c.dir, count, &[crate::search::checkpoint::IDA_FILE])?;
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
pub(super) fn agree(
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
pub(super) fn gather<P: Puzzle, M, A>(
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
pub(super) trait TaskList<P: Puzzle, M, A>: Sync {
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
