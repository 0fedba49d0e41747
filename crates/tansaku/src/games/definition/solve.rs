//! A shortest solution of a defined puzzle: the algorithm and the bound
//! picked for it, a first answer before any table is built.

use super::bound::{Bound, SYMMETRIC_LOOKUPS};
use super::defined::Defined;
use super::options::{params, table_budget};

use crate::options::{Params, Question};
pub(super) use crate::{Request, RunError, Solved};
use std::fmt::Display;
use tansaku_core::Puzzle;
use tansaku_core::context::Context;
use tansaku_core::search::SearchError;
use tansaku_core::search::auto::{
    Algorithm, RunOptions, Space, choose, run, run_pruned, run_ranked, run_ranked_pruned,
};
use tansaku_define::Cells as Fixed;
use tansaku_define::Definition;
use tansaku_define::blockpdb::BlockTables;
use tansaku_define::blocks::Grid;
use tansaku_define::near::Near;
use tansaku_define::prune;
use tansaku_define::tws::{Heap, Perm, Tws};
use tansaku_puzzles::sliding::Sliding;
use tansaku_puzzles::sliding::solve::{BoundRequest, SolveOptions, Solver};

/// Solves a defined puzzle from the request's start (or the file's).
///
/// ```
/// use tansaku::define::{Definition, Src};
/// use tansaku::games::definition as run;
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n";
/// let d = Definition::parse(&Src::new("swap.toml", text), None).unwrap();
/// let out = run::solve(&d, &run::Request::default(), &tansaku::Context::new()).unwrap();
/// assert_eq!(out.boards, ["AB/..", ".B/A.", "B./A.", "B./.A", "BA/.."]);
/// assert!(out.replayed);
/// ```
pub fn solve(def: &Definition, req: &Request, ctx: &Context) -> Result<Solved, RunError> {
    let o = params(def, req, Question::Solve)?;
    let mut out = with_puzzle!(def, |p| solve_on(&p, &o, ctx))?;
    out.puzzle = def.name().to_string();
    out.metric = Some(def.metric().to_string());
    Ok(out)
}

/// The algorithm a solve of `def` reports, before it runs.
pub(super) fn planned(def: &Definition, req: &Request, ctx: &Context) -> String {
    match params(def, req, Question::Solve) {
        Ok(o) => with_puzzle!(def, |p| pick(&p, &o, ctx).name),
        Err(_) => String::new(),
    }
}

/// What a solve of `p` will run: the algorithm (the request's, else the
/// library's choice, with why), its name as reported (with its bound) and,
/// for a permutation puzzle, the pattern databases IDA* would take.
pub(super) struct Pick {
    name: String,
    pub(super) algorithm: Algorithm,
    reason: Option<String>,
    plan: Vec<prune::Projection>,
}

pub(super) fn pick<P: Defined>(p: &P, o: &Params, ctx: &Context) -> Pick
where
    P::Move: Display,
{
    // A malformed budget is refused by the solve itself.
    let req = o.request();
    let tables = p
        .tws()
        .map(|t| prune::plan_within(t, table_budget(o, ctx), ctx.budget()));
    let space = Space {
        // A permutation puzzle is counted even when it has no ranks (a
        // 4x4x4): bidirectional search, not breadth-first, for the large.
        states: p
            .dense()
            .then(|| p.state_count())
            .or_else(|| p.tws().map(Tws::position_count)),
        reversible: p.reversible(),
        goals_listed: p.goal_states().is_some(),
        // A permutation puzzle has pattern databases, or where none fits
        // the positions near the goal.
        strong_bound: p.has_bound() || tables.is_some() || p.blocks().is_some_and(|b| !b.prune.is_empty()),
    };
    let (algorithm, reason) = match req.algorithm {
        Some(a) => (a, None),
        None => {
            let (a, why) = choose(&space);
            (a, Some(why))
        }
    };
    let bound = match (algorithm, &tables) {
        (Algorithm::IdaStar, Some(plan)) if !plan.is_empty() => {
            let t = p.tws().expect("a permutation puzzle");
            let names: Vec<String> = plan.iter().map(|x| x.name(t)).collect();
            format!(" (pattern databases: {})", names.join(", "))
        }
        (Algorithm::IdaStar, Some(_)) => " (the positions near the goal, hashed, deepened with the bound)".into(),
        (Algorithm::IdaStar, _) if sliding_plan(p, o, ctx).is_some() => {
            let plan = sliding_plan(p, o, ctx).expect("checked");
            let name = plan.describe(false);
            let bound = name.strip_prefix(algorithm.name()).unwrap_or(&name);
            format!("{bound}, by the sliding-tile solver")
        }
        (Algorithm::IdaStar, _) if p.blocks().is_some_and(|b| !b.prune.is_empty()) => {
            let b = p.blocks().expect("checked");
            let names: Vec<String> = b
                .prune
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|&k| b.kinds[usize::from(k)].name.clone())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            format!(" (pattern databases of the file: {})", names.join("; "))
        }
        (Algorithm::IdaStar, _) if p.has_bound() => " (single-piece distances)".into(),
        (Algorithm::IdaStar, _) => " (none)".into(),
        _ => String::new(),
    };
    Pick {
        name: format!("{}{bound}", algorithm.name()),
        algorithm,
        reason,
        plan: tables.unwrap_or_default(),
    }
}

/// The sliding solver's options for a definition's request: IDA* with the
/// file's own tables (`[[prune]]`, each a pattern of tiles) when it names
/// them, else the strongest bound that fits.
pub(super) fn sliding_options<'a, P: Defined>(
    p: &P,
    sl: &Sliding,
    o: &Params,
    ctx: &'a Context,
) -> Result<SolveOptions<'a>, RunError>
where
    P::Move: Display,
{
    let bound = match p.blocks().filter(|b| !b.prune.is_empty()) {
        Some(b) => {
            let groups: Vec<Vec<String>> = b
                .prune
                .iter()
                .map(|g| g.iter().map(|&k| b.kinds[usize::from(k)].name.clone()).collect())
                .collect();
            let part = tansaku_puzzles::sliding::pdb::Partition::of_tiles(sl, &groups).map_err(|e| {
                RunError::BadInput(format!(
                    "prune: {e} (on a sliding-tile board the tables are additive: each tile in one)"
                ))
            })?;
            BoundRequest::Partition(part)
        }
        None => BoundRequest::Auto,
    };
    Ok(SolveOptions {
        algorithm: Some(Algorithm::IdaStar),
        automaton: crate::games::sliding::automaton_depth(o),
        bpmx: false,
        order: false,
        frontier: 0,
        generic: false,
        checkpoint: o.request().checkpoint.clone(),
        bound,
        max_depth: o.request().max_depth,
        threads: o.request().threads(),
        ctx,
    })
}

/// What the sliding solver would run on `p`'s own start, when `p` is a
/// sliding-tile board.
pub(super) fn sliding_plan<P: Defined>(
    p: &P,
    o: &Params,
    ctx: &Context,
) -> Option<tansaku_puzzles::sliding::solve::Plan>
where
    P::Move: Display,
{
    let start = p.start(None).ok()?;
    let (sl, _) = p.sliding(&start)?;
    Some(tansaku_puzzles::sliding::solve::plan(
        &sl,
        &sliding_options(p, &sl, o, ctx).ok()?,
    ))
}

pub(super) fn solve_on<P: Defined>(p: &P, o: &Params, ctx: &Context) -> Result<Solved, RunError>
where
    P::Move: Display,
{
    let req = o.request();
    let start = p.start(o.given("board")).map_err(RunError::BadInput)?;
    let per_table = o.int("symmetric-lookups").map_or(SYMMETRIC_LOOKUPS, |n| n as usize);
    let symmetric_start = o.text("symmetric-start") != Some("off");
    let dense = p.dense();
    let Pick {
        name,
        algorithm,
        reason,
        plan,
    } = pick(p, o, ctx);
    // A tree search cannot prove there is no solution: on a space small
    // enough, a bidirectional search proves it first.
    let opts = RunOptions {
        algorithm,
        max_depth: req.max_depth,
        threads: req.threads(),
        precheck: dense && p.state_count() <= 1 << 24,
    };
    // A sliding-tile board: the sliding solver, with its pattern
    // databases built for the file's goal.
    if algorithm == Algorithm::IdaStar
        && let Some(mut out) = solve_sliding(p, &start, o, ctx)?
    {
        out.auto = reason;
        return Ok(out);
    }
    // A solved start is answered at once, before any table is built.
    if algorithm == Algorithm::IdaStar && p.tws().is_some() && p.is_goal(&start) {
        let sol = tansaku_core::search::Solution {
            moves: Vec::new(),
            states: vec![start.clone()],
            stats: Default::default(),
            iterations: Vec::new(),
            layers: Default::default(),
        };
        let mut out = Solved::of(p, &start, &sol, String::new(), algorithm, name);
        out.auto = reason;
        return Ok(out);
    }
    // A permutation puzzle's IDA* takes pattern databases derived from the
    // file, within the table budget.
    let tables = match p.tws() {
        Some(t) if algorithm == Algorithm::IdaStar => match tws_tables(p, t, &plan, &start, reason.is_some(), ctx)? {
            Tabled::Tables(tables) => Some(tables),
            Tabled::Answered(mut out) => {
                out.auto = reason;
                return Ok(out);
            }
        },
        _ => None,
    };
    let mut tables = tables.filter(|t| !t.is_empty());
    if let (Some(tables), Some(t)) = (tables.as_mut(), p.tws().filter(|t| t.invertible())) {
        let syms = t.symmetries();
        let read = tables.add_symmetric_lookups(t, syms, per_table);
        if !read.is_empty() {
            ctx.notice(&format!(
                "{} symmetries; tables also read on symmetric images: {}",
                syms.len(),
                read.join(", ")
            ));
        }
    }
    // A puzzle of pieces on a grid: the tables its file names.
    let pieces = match p.blocks() {
        Some(b) if algorithm == Algorithm::IdaStar && !b.prune.is_empty() => {
            ctx.notice("building the pattern databases the file names");
            Some(BlockTables::build(b, &b.prune, p.cells(&start), ctx)?)
        }
        _ => None,
    };
    let symmetric = match symmetric_start {
        true if algorithm == Algorithm::IdaStar => p.start_symmetry(&start),
        _ => None,
    };
    if let Some(r) = &symmetric {
        ctx.notice(&format!(
            "the start is fixed by {} of the puzzle's {} symmetries: IDA* tries one move of each class of moves they exchange",
            r.fixed() + 1,
            p.symmetry_count()
        ));
    }
    let search = |near: Option<&Near>, opts: &RunOptions| {
        let bound = Bound(p, tables.as_ref(), pieces.as_ref(), near);
        match (&symmetric, dense) {
            (Some(r), true) => run_ranked_pruned(p, &start, &bound, r, opts, ctx),
            (Some(r), false) => run_pruned(p, &start, &bound, r, opts, ctx),
            (None, true) => run_ranked(p, &start, &bound, opts, ctx),
            (None, false) => run(p, &start, &bound, opts, ctx),
        }
    };
    // No pattern database: the positions near the goal, a table grown
    // with the search's bound.
    let near = match p.tws() {
        Some(t) if algorithm == Algorithm::IdaStar && tables.is_none() && plan.is_empty() => Some((
            t,
            ctx.budget()
                .map_or(table_budget(o, ctx), |m| m.min(table_budget(o, ctx))),
        )),
        _ => None,
    };
    let (sol, reports) = match near {
        Some((t, budget)) => near_search(t, budget, &opts, ctx, search)?,
        None => (search(None, &opts)?, Vec::new()),
    };
    let mut out = Solved::of(p, &start, &sol, String::new(), algorithm, name);
    out.auto = reason;
    out.tables = tables.map(|t| t.reports).unwrap_or(reports);
    if let Some(t) = pieces {
        out.tables = t.reports;
    }
    Ok(out)
}

/// A sliding-tile board's solution by the sliding solver, with its
/// pattern databases built for the file's goal; `None` when the puzzle is
/// not a sliding-tile board.
fn solve_sliding<P: Defined>(
    p: &P,
    start: &<P as Puzzle>::State,
    o: &Params,
    ctx: &Context,
) -> Result<Option<Solved>, RunError>
where
    P::Move: Display,
{
    let Some((sl, ss)) = p.sliding(start) else {
        return Ok(None);
    };
    if let Some(why) = sl.unsolvable_reason(&ss) {
        return Err(RunError::Unreachable(why));
    }
    let solver = Solver::new(&sl, sliding_options(p, &sl, o, ctx)?).map_err(crate::games::sliding::solve_error)?;
    let found = solver.solve(&sl, &ss).map_err(crate::games::sliding::solve_error)?;
    let moves = p.cell_moves(found.moves);
    let states = tansaku_core::replay(p, start, &moves)
        .map_err(|i| RunError::BadInput(format!("the sliding solver's move {i} does not replay")))?;
    let sol = tansaku_core::search::Solution {
        moves,
        states,
        stats: found.stats,
        iterations: found.iterations,
        layers: found.layers,
    };
    let name = format!("{}, by the sliding-tile solver", solver.describe());
    Ok(Some(Solved::of(
        p,
        start,
        &sol,
        String::new(),
        Algorithm::IdaStar,
        name,
    )))
}

/// A permutation puzzle's pattern databases for IDA*, or an answer found
/// before building them.
enum Tabled {
    Tables(prune::Tables),
    Answered(Solved),
}

/// The tables of `plan` for `t`: kept, or built. When they must be built
/// and the algorithm was left to tansaku (`auto`), a short scramble is
/// answered first, by a bidirectional search within a small budget.
fn tws_tables<P: Defined>(
    p: &P,
    t: &Tws,
    plan: &[prune::Projection],
    start: &<P as Puzzle>::State,
    auto: bool,
    ctx: &Context,
) -> Result<Tabled, RunError>
where
    P::Move: Display,
{
    ctx.notice(&format!(
        "canonical sequences: {:.2} moves after each move, {} at the start",
        t.canonical_branching(),
        t.metric_move_names().len()
    ));
    if !t.idle.is_empty() {
        ctx.notice(&format!(
            "moves left out (they change only pieces that are all alike): {}",
            t.idle.join(" ")
        ));
    }
    if let Some(kept) = prune::Tables::kept(t, plan, ctx)? {
        return Ok(Tabled::Tables(kept));
    }
    if auto && let Some(out) = before_tables(p, start, ctx)? {
        return Ok(Tabled::Answered(out));
    }
    Ok(Tabled::Tables(prune::Tables::build(t, plan, ctx)?))
}

/// Positions a first table of the positions near the goal walks at most:
/// a fraction of a second on the largest puzzles.
pub(super) const FIRST_NEAR: u64 = 1 << 20;

/// IDA* (`search`, given the table and the options) with a table of the
/// positions near the goal ([`Near`]) within `budget` bytes: a shallow
/// one first, searched up to twice its depth and one; then, each time the
/// search passes that, a table half as deep as the next bound (while one
/// fits the budget), the search begun again with it. The searches' work
/// is summed (the iterations are the last search's); the reports name
/// each table built.
pub(super) fn near_search<P: Puzzle>(
    t: &Tws,
    budget: u64,
    opts: &RunOptions,
    ctx: &Context,
    search: impl Fn(Option<&Near>, &RunOptions) -> Result<tansaku_core::search::Solution<P>, SearchError>,
) -> Result<(tansaku_core::search::Solution<P>, Vec<prune::TableReport>), RunError> {
    let mut depth = Near::depth_for(t, 2 * tansaku_define::near::DEEPEST, budget, FIRST_NEAR);
    let mut reports = Vec::new();
    let mut before = tansaku_core::search::Stats::default();
    loop {
        let clock = web_time::Instant::now();
        let bytes = Near::bytes_for(t, depth, budget);
        ctx.notice(&format!(
            "walking every position within {depth} moves of the goal into a table of {}",
            tansaku_core::memory::human(bytes)
        ));
        let near = Near::build(t, depth, bytes, ctx)?;
        reports.push(prune::TableReport {
            projection: format!(
                "the positions within {depth} moves (the whole position, hashed; {} walked)",
                near.walked()
            ),
            entries: near.entries(),
            bytes,
            origin: "built",
            seconds: clock.elapsed().as_secs_f64(),
            longest: depth + 1,
        });
        // Deeper than twice the table and one, a deeper table pays.
        let next = Near::depth_for(t, 2 * depth + 2, budget, u64::MAX);
        let cap = if next > depth {
            (2 * depth + 1).min(opts.max_depth)
        } else {
            opts.max_depth
        };
        let capped = RunOptions {
            max_depth: cap,
            ..opts.clone()
        };
        match search(Some(&near), &capped) {
            Err(SearchError::DepthLimit { stats, .. }) if cap < opts.max_depth => {
                before.generated += stats.generated;
                before.expanded += stats.expanded;
                before.seconds += stats.seconds;
                depth = next;
            }
            Ok(mut sol) => {
                sol.stats.generated += before.generated;
                sol.stats.expanded += before.expanded;
                sol.stats.seconds += before.seconds;
                return Ok((sol, reports));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Memory of the bidirectional search tried before a permutation
/// puzzle's pattern databases are built: about a second of search, which
/// answers the short scrambles of every puzzle (a 3x3x3 to about 9 moves,
/// a 7x7x7 to 5) before a table of minutes exists.
pub(super) const BEFORE_TABLES: u64 = 128 << 20;

/// A shortest solution by bidirectional search within [`BEFORE_TABLES`]
/// (exact, as any bidirectional search), or `None` when the search
/// would need more.
pub(super) fn before_tables<P: Defined>(
    p: &P,
    start: &<P as Puzzle>::State,
    ctx: &Context,
) -> Result<Option<Solved>, RunError>
where
    P::Move: Display,
{
    let budget = ctx.budget().map_or(BEFORE_TABLES, |b| b.min(BEFORE_TABLES));
    let small = ctx.clone().with_budget(budget);
    match tansaku_core::search::bidirectional(p, start, &small) {
        Ok(sol) => {
            let name = "bidirectional search (before building pattern databases)".to_string();
            Ok(Some(Solved::of(p, start, &sol, String::new(), Algorithm::Bidir, name)))
        }
        Err(SearchError::Stopped(why)) => Err(SearchError::Stopped(why).into()),
        Err(SearchError::Unsolvable { stats }) => Err(SearchError::Unsolvable { stats }.into()),
        Err(_) => Ok(None),
    }
}
