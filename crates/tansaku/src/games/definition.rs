//! The front door for defined puzzles: [`solve`] a start, [`analyse`] the
//! whole space, [`check`] the figures a file expects. Each picks the
//! position size and the representation (dense ranks where the count fits,
//! hashing elsewhere) and returns plain data, so that a front end prints
//! it without knowing the puzzle's types.

use super::common::{Here, JUDGE_TABLE_STATES, judge_by_table, judge_with};
use crate::answer::{Cells, Checked, Judgement, Position};
use crate::options::{BOTH, Kind, LONGEST, OptionSpec, Params, Question};
use crate::{Game, settle};
pub use crate::{Longest, Request, RunError, SolveAnswer, Solved};
use std::fmt::Display;
use tansaku_core::CellMove;
use tansaku_core::context::Context;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;
use tansaku_core::search::auto::{
    Algorithm, RunOptions, Space, choose, run, run_pruned, run_ranked, run_ranked_pruned,
};
use tansaku_core::search::retrograde::{
    Analysis, RetroOptions, count_orbits, retrograde_dense, retrograde_sparse, retrograde_symmetric,
};
use tansaku_core::search::symmetric::StartSymmetry;
use tansaku_core::search::{LowerBound, SearchError};
use tansaku_core::{Puzzle, Ranked, Symmetric};
use tansaku_define::Cells as Fixed;
use tansaku_define::blockpdb::BlockTables;
use tansaku_define::blocks::{Blocks, Grid};
use tansaku_define::near::Near;
use tansaku_define::prune;
use tansaku_define::tws::{Heap, Perm, Positions, StartSet, Tws, TwsMove};
use tansaku_define::{Definition, Expect, Src};
use tansaku_puzzles::sliding::solve::{BoundRequest, SolveOptions, Solver};
use tansaku_puzzles::sliding::{ParsedBoard, SlideState, Sliding};

macro_rules! with_puzzle {
    ($def:expr, |$p:ident| $body:expr) => {
        match $def {
            Definition::Blocks(b) => {
                let cells = b.width * b.height;
                if cells <= 16 {
                    let $p = Grid::<16>(b);
                    $body
                } else if cells <= 32 {
                    let $p = Grid::<32>(b);
                    $body
                } else {
                    let $p = Grid::<64>(b);
                    $body
                }
            }
            Definition::Tws(t) => {
                if t.bytes() <= 16 {
                    let $p = Perm::<Fixed<16>>::new(t);
                    $body
                } else if t.bytes() <= 32 {
                    let $p = Perm::<Fixed<32>>::new(t);
                    $body
                } else if t.bytes() <= 64 {
                    let $p = Perm::<Fixed<64>>::new(t);
                    $body
                } else {
                    // Any size: positions on the heap.
                    let $p = Perm::<Heap>::new(t);
                    $body
                }
            }
        }
    };
}

/// IDA*'s pruning for a symmetric start, moves numbered by a function.
type IndexedStart<M> = StartSymmetry<fn(M) -> usize>;

/// What a front end needs of a defined puzzle.
trait Defined:
    Ranked + Symmetric + Board<State = <Self as Puzzle>::State> + Picture<State = <Self as Puzzle>::State>
where
    Self::Move: Display,
{
    /// Dense ranks are available.
    fn dense(&self) -> bool;
    /// The lower bound for IDA*, when one is exact enough to prune.
    fn has_bound(&self) -> bool;
    fn bound(&self, s: &<Self as Puzzle>::State) -> u32;
    fn start(&self, text: Option<&str>) -> Result<<Self as Puzzle>::State, String>;
    /// The names of the symmetries, the identity first.
    fn symmetry_names(&self) -> Vec<String>;
    /// A position's bytes.
    fn cells<'s>(&self, s: &'s <Self as Puzzle>::State) -> &'s [u8];
    /// The permutation puzzle, for one.
    fn tws(&self) -> Option<&Tws> {
        None
    }
    /// The puzzle of pieces on a grid, for one.
    fn blocks(&self) -> Option<&Blocks> {
        None
    }
    /// IDA*'s pruning of symmetric moves when some of the puzzle's
    /// symmetries fix the start `s` ([`StartSymmetry`]).
    fn start_symmetry(&self, _s: &<Self as Puzzle>::State) -> Option<IndexedStart<Self::Move>> {
        None
    }
    /// The position `s` as a board of the built-in sliding-tile puzzle
    /// with the definition's goal, when the definition is one.
    fn sliding(&self, _: &<Self as Puzzle>::State) -> Option<(Sliding, SlideState)> {
        None
    }
    /// The sliding solver's moves as this puzzle's.
    fn cell_moves(&self, _: Vec<CellMove>) -> Vec<<Self as Puzzle>::Move> {
        Vec::new()
    }
}

impl<const N: usize> Defined for Grid<'_, N> {
    fn dense(&self) -> bool {
        self.0.dense().is_some()
    }
    fn has_bound(&self) -> bool {
        self.0.has_bound()
    }
    fn bound(&self, s: &<Self as Puzzle>::State) -> u32 {
        self.estimate(s)
    }
    fn symmetry_names(&self) -> Vec<String> {
        blocks_symmetries(self.0)
    }
    fn cells<'s>(&self, s: &'s <Self as Puzzle>::State) -> &'s [u8] {
        &s.0
    }
    fn blocks(&self) -> Option<&Blocks> {
        Some(self.0)
    }
    fn start(&self, text: Option<&str>) -> Result<<Self as Puzzle>::State, String> {
        match text {
            None => Ok(self.state(&self.0.start)),
            Some(t) => Ok(self.state(&self.0.parse_board(t)?)),
        }
    }
    fn sliding(&self, s: &<Self as Puzzle>::State) -> Option<(Sliding, SlideState)> {
        let (start, goal) = self.0.sliding_boards(&s.0)?;
        let board = |t: tansaku_define::blocks::TileBoard| ParsedBoard {
            width: t.width,
            height: t.height,
            tiles: t.tiles,
        };
        Sliding::new(&board(start), Some(&board(goal))).ok()
    }
    fn cell_moves(&self, moves: Vec<CellMove>) -> Vec<CellMove> {
        moves
    }
}

impl<S: Positions> Defined for Perm<'_, S> {
    fn dense(&self) -> bool {
        self.0.rank_space().is_some()
    }
    fn has_bound(&self) -> bool {
        false
    }
    fn bound(&self, _: &<Self as Puzzle>::State) -> u32 {
        0
    }
    fn symmetry_names(&self) -> Vec<String> {
        let syms = self.0.symmetries();
        std::iter::once("identity".to_string())
            .chain(syms[1..].iter().map(|y| self.0.symmetry_name(y)))
            .collect()
    }
    fn cells<'s>(&self, s: &'s <Self as Puzzle>::State) -> &'s [u8] {
        s.bytes()
    }
    fn tws(&self) -> Option<&Tws> {
        Some(self.0)
    }
    fn start_symmetry(&self, s: &<Self as Puzzle>::State) -> Option<IndexedStart<TwsMove>> {
        let fixing = self.0.fixing(&s.bytes()[..self.0.bytes()]);
        (!fixing.is_empty())
            .then(|| StartSymmetry::new(fixing, self.0.move_order(), TwsMove::index as fn(TwsMove) -> usize))
    }
    fn start(&self, text: Option<&str>) -> Result<<Self as Puzzle>::State, String> {
        let scramble = match text {
            Some(t) => t.to_string(),
            None => self.0.expect.iter().find_map(|e| e.start.clone()).ok_or_else(|| {
                format!(
                    "give a scramble of {}'s moves to solve, e.g. \"{}\"",
                    self.0.name,
                    self.0
                        .move_names()
                        .iter()
                        .take(3)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            })?,
        };
        // A position written set by set (as tansaku prints it), or a
        // scramble.
        let first = scramble.split_whitespace().next().unwrap_or("");
        if self.0.sets.iter().any(|s| s.name == first) && !self.0.move_names().contains(&first) {
            return Ok(self.state(&self.0.legal_start(self.0.parse_state(&scramble)?)?));
        }
        let s = self.0.scramble(&scramble).map_err(|e| {
            let sets: Vec<&str> = self.0.sets.iter().map(|s| s.name.as_str()).collect();
            format!(
                "{e} (or write a position set by set, SET p1 .. pn [/ o1 .. on] | ..., with sets {})",
                sets.join(", ")
            )
        })?;
        Ok(self.state(&self.0.legal_start(s)?))
    }
}

/// Lookups of each partial table on symmetric images of a position.
const SYMMETRIC_LOOKUPS: usize = 2;

/// The bound as IDA* takes it: the puzzle's own, or the pattern
/// databases derived from a `.tws` file (looked at in stages:
/// [`prune::Tables::refine`]); for pieces on a grid, also the tables its
/// file names (the third field); for a `.tws` puzzle no pattern database
/// fits, the positions near the goal (the fourth: [`Near`]).
struct Bound<'a, P>(
    &'a P,
    Option<&'a prune::Tables>,
    Option<&'a BlockTables>,
    Option<&'a Near>,
);

impl<P: Defined> Bound<'_, P>
where
    P::Move: Display,
{
    /// The puzzle's own bound, raised by the named tables (the table of
    /// the positions near the goal is read apart, a batch at a time).
    #[inline]
    fn own(&self, s: &<P as Puzzle>::State) -> u32 {
        let h = self.0.bound(s);
        match self.2 {
            Some(t) => h.max(t.estimate(self.0.cells(s))),
            None => h,
        }
    }
}

impl<P: Defined> LowerBound<P> for Bound<'_, P>
where
    P::Move: Display,
{
    type Memo = ();
    #[inline]
    fn estimate(&self, s: &<P as Puzzle>::State) -> u32 {
        match self.1 {
            Some(t) => t.estimate(self.0.cells(s)),
            None => self.own(s).max(self.3.map_or(0, |n| n.estimate(self.0.cells(s)))),
        }
    }

    /// The pattern databases are far larger than the caches: every
    /// child's ranks first, then their lookups together.
    const BATCH: bool = true;

    /// The first look reads the strongest tables only; the rest, the
    /// inverse position (as far from the goal) and the symmetric images
    /// ([`prune::Tables::add_symmetric_lookups`]) are asked only of the
    /// children the first look leaves, stage by stage: they cut the nodes
    /// a lookup of everything on every child would, for far fewer lookups.
    const REFINES: bool = true;

    /// The second look is made in [`LowerBound::after_moves`], for all
    /// the children the first leaves at once: a child's two or three
    /// lookups of a stage then wait on memory beside its siblings'.
    const REFINED_IN_BATCH: bool = true;

    #[inline]
    fn refine(&self, s: &<P as Puzzle>::State, h: u32, enough: u32) -> u32 {
        let (Some(t), Some(tws)) = (self.1, self.0.tws()) else {
            return h;
        };
        t.refine(&self.0.cells(s)[..tws.bytes()], h, enough)
    }

    #[inline]
    fn after_moves(&self, _: &<P as Puzzle>::State, _: u32, _: &(), c: tansaku_core::search::Children<'_, P, ()>) {
        match self.1 {
            Some(t) => {
                t.first_look(c.states.iter().map(|s| self.0.cells(s)).zip(c.h.iter_mut()));
                if let Some(tws) = self.0.tws() {
                    t.refine_each(|i| &self.0.cells(&c.states[i])[..tws.bytes()], c.h, c.cut_above);
                }
            }
            None => {
                match self.3 {
                    // Every child's line asked for first.
                    Some(n) => n.estimate_each(c.states.iter().map(|s| self.0.cells(s)).zip(c.h.iter_mut())),
                    None => c.h.fill(0),
                }
                for (s, h) in c.states.iter().zip(c.h.iter_mut()) {
                    *h = (*h).max(self.own(s));
                }
            }
        }
    }
}

/// The table budget of a request: its `table-memory` option, else the
/// library's default.
fn table_budget(o: &Params, ctx: &Context) -> u64 {
    o.int("table-memory").unwrap_or_else(|| prune::default_budget(ctx))
}

/// A request's options read against a definition's declarations.
fn params<'a>(def: &Definition, req: &'a Request, question: Question) -> Result<Params<'a>, RunError> {
    Params::read(def.name(), &definition_options(def), question, req)
}

/// A puzzle with its goal set listed (found by a search from the start).
struct Listed<'a, P: Puzzle> {
    p: &'a P,
    goals: Vec<P::State>,
}

impl<P: Puzzle> Puzzle for Listed<'_, P> {
    type State = P::State;
    type Move = P::Move;
    fn for_each_successor(&self, s: &P::State, f: impl FnMut(P::Move, P::State)) {
        self.p.for_each_successor(s, f)
    }
    fn apply(&self, s: &P::State, m: P::Move) -> Option<P::State> {
        self.p.apply(s, m)
    }
    fn is_goal(&self, s: &P::State) -> bool {
        self.p.is_goal(s)
    }
    fn reversible(&self) -> bool {
        self.p.reversible()
    }
    fn goal_states(&self) -> Option<Vec<P::State>> {
        Some(self.goals.clone())
    }
    fn state_heap_bytes(&self) -> u64 {
        self.p.state_heap_bytes()
    }
    fn length_parity(&self, s: &P::State) -> Option<bool> {
        self.p.length_parity(s)
    }
}

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
fn planned(def: &Definition, req: &Request, ctx: &Context) -> String {
    match params(def, req, Question::Solve) {
        Ok(o) => with_puzzle!(def, |p| pick(&p, &o, ctx).name),
        Err(_) => String::new(),
    }
}

/// What a solve of `p` will run: the algorithm (the request's, else the
/// library's choice, with why), its name as reported (with its bound) and,
/// for a permutation puzzle, the pattern databases IDA* would take.
struct Pick {
    name: String,
    algorithm: Algorithm,
    reason: Option<String>,
    plan: Vec<prune::Projection>,
}

fn pick<P: Defined>(p: &P, o: &Params, ctx: &Context) -> Pick
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
fn sliding_options<'a, P: Defined>(
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
        automaton: super::sliding::automaton_depth(o),
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
fn sliding_plan<P: Defined>(p: &P, o: &Params, ctx: &Context) -> Option<tansaku_puzzles::sliding::solve::Plan>
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

fn solve_on<P: Defined>(p: &P, o: &Params, ctx: &Context) -> Result<Solved, RunError>
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
        && let Some((sl, ss)) = p.sliding(&start)
    {
        if let Some(why) = sl.unsolvable_reason(&ss) {
            return Err(RunError::Unreachable(why));
        }
        let solver = Solver::new(&sl, sliding_options(p, &sl, o, ctx)?).map_err(super::sliding::solve_error)?;
        let found = solver.solve(&sl, &ss).map_err(super::sliding::solve_error)?;
        let moves = p.cell_moves(found.moves);
        let states = tansaku_core::replay(p, &start, &moves)
            .map_err(|i| RunError::BadInput(format!("the sliding solver's move {i} does not replay")))?;
        let sol = tansaku_core::search::Solution {
            moves,
            states,
            stats: found.stats,
            iterations: found.iterations,
            layers: found.layers,
        };
        let name = format!("{}, by the sliding-tile solver", solver.describe());
        let mut out = Solved::of(p, &start, &sol, String::new(), algorithm, name);
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
        Some(t) if algorithm == Algorithm::IdaStar => {
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
            match prune::Tables::kept(t, &plan, ctx)? {
                Some(kept) => Some(kept),
                None => {
                    // Tables to build, and the algorithm left to tansaku:
                    // a short scramble is answered first, by a
                    // bidirectional search within a small budget.
                    if reason.is_some()
                        && let Some(mut out) = before_tables(p, &start, ctx)?
                    {
                        out.auto = reason;
                        return Ok(out);
                    }
                    Some(prune::Tables::build(t, &plan, ctx)?)
                }
            }
        }
        _ => None,
    };
    let mut tables = tables.filter(|t| !t.is_empty());
    let dual = tables.is_some() && p.tws().is_some_and(Tws::invertible);
    if let (true, Some(tables), Some(t)) = (dual, tables.as_mut(), p.tws()) {
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

/// Positions a first table of the positions near the goal walks at most:
/// a fraction of a second on the largest puzzles.
const FIRST_NEAR: u64 = 1 << 20;

/// IDA* (`search`, given the table and the options) with a table of the
/// positions near the goal ([`Near`]) within `budget` bytes: a shallow
/// one first, searched up to twice its depth and one; then, each time the
/// search passes that, a table half as deep as the next bound (while one
/// fits the budget), the search begun again with it. The searches' work
/// is summed (the iterations are the last search's); the reports name
/// each table built.
fn near_search<P: Puzzle>(
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
const BEFORE_TABLES: u64 = 128 << 20;

/// A shortest solution by bidirectional search within [`BEFORE_TABLES`]
/// (exact, as any bidirectional search), or `None` when the search
/// would need more.
fn before_tables<P: Defined>(p: &P, start: &<P as Puzzle>::State, ctx: &Context) -> Result<Option<Solved>, RunError>
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

/// Builds (or loads) the pattern databases a solve of `def` would use,
/// within the request's `table-memory`: `pdb build --def` makes them ahead
/// of time. Only permutation puzzles (`.tws`) have them.
///
/// ```
/// use tansaku::define::{Definition, Src};
/// use tansaku::games::definition as run;
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
/// let d = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap();
/// let ctx = tansaku::Context::new().with_tables(tansaku::context::Tables::in_memory());
/// let req = run::Request::default().with("table-memory", "512K");
/// let t = run::tables(&d, &req, &ctx).unwrap();
/// // The second group, a symmetric image of the first, is read through its table.
/// assert_eq!(
///     t.iter().map(|t| t.projection.as_str()).collect::<Vec<_>>(),
///     ["CORNERS 1-5", "CORNERS 1-2,4,6-7 (as CORNERS 1-5, on a symmetric image)"]
/// );
/// assert_eq!(t.iter().map(|t| t.origin).collect::<Vec<_>>(), ["built", "image"]);
/// ```
pub fn tables(def: &Definition, req: &Request, ctx: &Context) -> Result<Vec<prune::TableReport>, RunError> {
    let Definition::Tws(t) = def else {
        return Err(RunError::Unsupported(format!(
            "{} is a puzzle of pieces on a grid: pattern databases are derived from .tws definitions",
            def.name()
        )));
    };
    let o = params(def, req, Question::Solve)?;
    let plan = prune::plan_within(t, table_budget(&o, ctx), ctx.budget());
    if plan.is_empty() && t.bytes() > tansaku_define::tws::MAX_BYTES {
        return Err(RunError::Unsupported(format!(
            "{} has {} pieces: pattern databases are derived for puzzles of at most {}; its solves build a table of the positions near the goal as they search, nothing to build ahead",
            def.name(),
            t.bytes() / 2,
            tansaku_define::tws::MAX_BYTES / 2
        )));
    }
    if plan.is_empty() {
        return Err(RunError::BadInput(format!(
            "no pattern database of {} fits the table budget: raise table-memory",
            def.name()
        )));
    }
    Ok(prune::Tables::build(t, &plan, ctx)?.reports)
}

/// Builds the tables a solve of `def` under `req` will use, if it will use
/// any (a `.tws` puzzle solved by IDA*): a front end that times the search
/// alone calls this first.
pub fn warm(def: &Definition, req: &Request, ctx: &Context) -> Result<(), RunError> {
    let o = params(def, req, Question::Solve)?;
    with_puzzle!(def, |p| {
        if pick(&p, &o, ctx).algorithm != Algorithm::IdaStar {
            return Ok(());
        }
        if let Some(t) = p.tws() {
            // No pattern database (a puzzle past 32 pieces): its table of
            // the positions near the goal is built by the solve.
            if !prune::plan_within(t, table_budget(&o, ctx), ctx.budget()).is_empty() {
                tables(def, req, ctx)?;
            }
        } else if let Some((sl, _)) = Defined::start(&p, None).ok().and_then(|s| p.sliding(&s)) {
            // The sliding solver's databases, kept by the context.
            Solver::new(&sl, sliding_options(&p, &sl, &o, ctx)?).map_err(super::sliding::solve_error)?;
        }
        Ok(())
    })
}

/// The distance of every position to the goal: dense (every rank, a
/// byte or two bits each, with the request's checkpoints) where the ranks
/// fit the budget, else the positions reached
/// from the start, hashed. `keep` caps the longest positions returned.
///
/// ```
/// use tansaku::define::{Definition, Src};
/// use tansaku::games::definition as run;
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n";
/// let d = Definition::parse(&Src::new("swap.toml", text), None).unwrap();
/// let a = run::analyse(&d, &Default::default(), &tansaku::Context::new()).unwrap();
/// assert_eq!(a.histogram, vec![1, 2, 5, 2, 2]);
/// assert_eq!(a.positions, ["../AB", "AB/.."]);
/// ```
pub fn analyse(def: &Definition, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
    let key = format!(
        "definition {} ({} metric, file hash {:016x})",
        def.name(),
        def.metric(),
        def.fingerprint()
    );
    params(def, req, Question::Longest)?;
    if let (Some(_), Definition::Blocks(_)) = (req.get("from"), def) {
        return Err(RunError::BadInput(
            "a start set is read for .tws puzzles only: a blocks puzzle's analysis covers every position reached from its start"
                .into(),
        ));
    }
    if let (Some(text), Definition::Tws(t)) = (req.get("from"), def) {
        let set = t
            .start_set(text)
            .map_err(|e| RunError::BadInput(format!("the start set: {e}")))?;
        let opts = req.retro(ctx, format!("{key}, distances for a start set"));
        let mut out = if t.bytes() <= 16 {
            analyse_from(&Perm::<Fixed<16>>::new(t), &set, opts)
        } else if t.bytes() <= 32 {
            analyse_from(&Perm::<Fixed<32>>::new(t), &set, opts)
        } else {
            analyse_from(&Perm::<Fixed<64>>::new(t), &set, opts)
        }?;
        out.puzzle = def.name().to_string();
        out.metric = Some(def.metric().to_string());
        out.from = Some(text.to_string());
        return Ok(out);
    }
    let opts = req.retro(ctx, key);
    let mut out = with_puzzle!(def, |p| analyse_on(&p, opts, ctx))?;
    out.puzzle = def.name().to_string();
    out.metric = Some(def.metric().to_string());
    Ok(out)
}

fn analyse_on<P: Defined>(p: &P, opts: RetroOptions, ctx: &Context) -> Result<Longest, RunError>
where
    P::Move: Display,
{
    let syms = p.symmetry_count();
    // A space with dense ranks that does not fit two bits a rank fits a
    // hash table even less: `retrograde` refuses it before allocating
    // anything.
    let (analysis, orbits, representation) = if p.dense() {
        let (a, _, orbits) = retrograde_symmetric(p, opts.clone())?;
        (a, orbits, "dense")
    } else {
        let goals = match p.goal_states() {
            Some(g) => g,
            None => {
                let start = p.start(None).map_err(RunError::BadInput)?;
                reachable_goals(p, &start, ctx)?
            }
        };
        let listed = Listed { p, goals };
        let (a, map) = retrograde_sparse(&listed, opts.clone())?;
        let orbits =
            (syms > 1).then(|| count_orbits(p, map.iter().filter(|&(_, &d)| d == a.longest).map(|(s, _)| s.clone())));
        (a, orbits, "hashed")
    };
    let limit = opts.keep;
    let mut out = Longest::of(
        p,
        |s| p.grid(s),
        String::new(),
        analysis,
        p.dense().then(|| p.state_count()),
        orbits,
        limit,
    );
    if syms > 1 {
        out.symmetries = p.symmetry_names();
    }
    out.representation = representation;
    Ok(out)
}

/// God's number from a start set to the file's solved set (twsearch
/// #112): every position's distance to the goal, by a breadth-first
/// analysis from it, counted over the positions of the start set. Counts
/// are of positions as the file sees them (its alike pieces alike).
fn analyse_from<const N: usize>(
    p: &Perm<'_, Fixed<N>>,
    set: &StartSet,
    opts: RetroOptions,
) -> Result<Longest, RunError> {
    let t = p.0;
    let keep = opts.keep;
    let (all, table) = retrograde_dense(p, opts)?;
    let within = |r: u64| table.get(r).filter(|_| set.contains(t, &p.unrank(r).0[..t.bytes()]));
    let mut histogram = vec![0u64; all.histogram.len()];
    for r in 0..p.state_count() {
        if let Some(d) = within(r) {
            histogram[d as usize] += 1;
        }
    }
    while histogram.last() == Some(&0) {
        histogram.pop();
    }
    let Some(&count) = histogram.last() else {
        return Err(RunError::BadInput(
            "the start set holds no position the moves reach from the solved set (check its orientations and parities)"
                .into(),
        ));
    };
    let longest = (histogram.len() - 1) as u32;
    let positions: Vec<_> = (0..p.state_count())
        .filter(|&r| within(r) == Some(longest))
        .take(keep)
        .map(|r| p.unrank(r))
        .collect();
    let analysis = Analysis {
        states: histogram.iter().sum(),
        histogram,
        longest,
        count,
        positions,
        stats: all.stats,
    };
    let mut out = Longest::of(
        p,
        |s| p.grid(s),
        String::new(),
        analysis,
        Some(p.state_count()),
        None,
        keep,
    );
    out.representation = "dense";
    Ok(out)
}

/// The goal positions among those reachable from `start` (moves are
/// reversible, so these are the goals of the start's component).
fn reachable_goals<P: Puzzle>(p: &P, start: &P::State, ctx: &Context) -> Result<Vec<P::State>, SearchError> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut queue = std::collections::VecDeque::new();
    let mut goals = Vec::new();
    seen.insert(start.clone());
    queue.push_back(start.clone());
    let per_state = (std::mem::size_of::<P::State>() as u64) * 3 + 16;
    while let Some(s) = queue.pop_front() {
        if p.is_goal(&s) {
            goals.push(s.clone());
        }
        p.for_each_successor(&s, |_, t| {
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        });
        if seen.len() % 65_536 == 0 {
            ctx.check("the positions reached from the start", seen.len() as u64 * per_state)
                .map_err(SearchError::from)?;
            if let Some(why) = ctx.stopped() {
                return Err(SearchError::Stopped(why));
            }
        }
    }
    Ok(goals)
}

/// Runs every `[expect]` table of a definition (each in its metric):
/// `length` by a solve of the start, the others by an analysis.
/// `reload(metric)` gives the definition in another metric.
pub fn check(
    def: &Definition,
    reload: impl Fn(&str) -> Result<Definition, tansaku_define::DefError>,
    ctx: &Context,
) -> Result<Vec<Checked>, RunError> {
    let mut out = Vec::new();
    for e in def.expect() {
        let metric = e.metric.clone().unwrap_or_else(|| def.metric().to_string());
        let d = if metric == def.metric() {
            def.clone()
        } else {
            reload(&metric).map_err(|e| RunError::BadInput(e.to_string()))?
        };
        check_one(&d, e, &metric, ctx, &mut out)?;
    }
    Ok(out)
}

fn check_one(d: &Definition, e: &Expect, metric: &str, ctx: &Context, out: &mut Vec<Checked>) -> Result<(), RunError> {
    let mut push = |figure: &'static str, expected: Option<u64>, found: u64| {
        if let Some(x) = expected {
            out.push(Checked {
                metric: metric.to_string(),
                figure,
                expected: x,
                found,
            });
        }
    };
    if let Some(len) = e.length {
        let mut req = Request::default();
        if let Some(start) = &e.start {
            req = req.with("board", start);
        }
        let sol = solve(d, &req, ctx)?;
        push("length", Some(u64::from(len)), sol.moves.len() as u64);
    }
    if e.states.is_some() || e.longest.is_some() || e.count.is_some() || e.count_up_to_symmetry.is_some() {
        let req = Request {
            limit: 1,
            ..Request::default()
        };
        let a = analyse(d, &req, ctx)?;
        push("states", e.states, a.states);
        push("longest", e.longest.map(u64::from), u64::from(a.longest));
        push("count", e.count, a.count);
        push(
            "count_up_to_symmetry",
            e.count_up_to_symmetry,
            a.count_up_to_symmetry.unwrap_or(a.count),
        );
    }
    Ok(())
}

/// The symmetries of a blocks puzzle, by name.
pub fn blocks_symmetries(b: &Blocks) -> Vec<String> {
    b.symmetries.iter().map(|s| s.name.clone()).collect()
}

/// The moves of a `.tws` puzzle in its metric.
pub fn tws_moves(t: &Tws) -> Vec<String> {
    t.metric_move_names().iter().map(|s| s.to_string()).collect()
}

/// One line saying what a definition is.
pub fn summary(def: &Definition) -> String {
    match def {
        Definition::Blocks(b) => format!(
            "{} ({}x{} blocks, {} metric)",
            b.name,
            b.width,
            b.height,
            b.metric.name()
        ),
        Definition::Tws(t) => format!("{} (permutation puzzle, {} metric)", t.name, t.metric.name()),
    }
}

/// A definition as a game of the front door: its text kept, so that the
/// `metric` option reads it again in another metric.
///
/// ```
/// use tansaku::define::Src;
/// use tansaku::games::definition::DefinedGame;
/// use tansaku::{Game, Request};
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n";
/// let g = DefinedGame::parse(&Src::new("swap.toml", text)).unwrap();
/// let s = g.solve(&Request::default().with("metric", "piece"), &tansaku::Context::new()).unwrap().unwrap();
/// assert_eq!((s.length, s.metric.as_deref()), (3, Some("piece")));
/// assert!(g.solve(&Request::default().with("metric", "htm"), &tansaku::Context::new()).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct DefinedGame {
    src: Src,
    def: Definition,
}

impl DefinedGame {
    /// Parses a definition's text.
    pub fn parse(src: &Src) -> Result<Self, RunError> {
        Ok(DefinedGame {
            def: Definition::parse(src, None)?,
            src: src.clone(),
        })
    }

    /// Reads and parses a definition file.
    pub fn load(path: &std::path::Path) -> Result<Self, RunError> {
        Self::parse(&Src::read(path)?)
    }

    /// The definition in the file's metric.
    pub fn definition(&self) -> &Definition {
        &self.def
    }

    /// The definition's text.
    pub fn source(&self) -> &Src {
        &self.src
    }

    /// The definition in the request's metric (the file's when none is
    /// asked for).
    fn in_metric(&self, req: &Request) -> Result<std::borrow::Cow<'_, Definition>, RunError> {
        let o = self.params(req, Question::Solve)?;
        match o.given("metric") {
            Some(m) if m != self.def.metric() => Ok(std::borrow::Cow::Owned(Definition::parse(&self.src, Some(m))?)),
            _ => Ok(std::borrow::Cow::Borrowed(&self.def)),
        }
    }
}

impl Game for DefinedGame {
    fn name(&self) -> &str {
        self.def.name()
    }

    fn summary(&self) -> String {
        summary(&self.def)
    }

    fn options(&self) -> Vec<OptionSpec> {
        definition_options(&self.def)
    }

    fn answers(&self) -> Vec<&'static str> {
        match self.def {
            Definition::Blocks(_) => vec!["solve", "longest", "position", "scramble", "judge"],
            Definition::Tws(_) => vec!["solve", "longest", "scramble", "judge"],
        }
    }

    /// A dense space of at most [`JUDGE_TABLE_STATES`] positions (the
    /// 2x2x2) is judged by its whole distance table, kept by the context;
    /// any other by an optimal solve from the start and from each
    /// position one move away, with the tables a solve takes.
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        let def = self.in_metric(req)?;
        let o = params(&def, req, Question::Solve)?;
        let key = format!(
            "definition {} ({} metric, file hash {:016x})",
            def.name(),
            def.metric(),
            def.fingerprint()
        );
        let solve = |asked: &Request| self.solve(asked, ctx);
        with_puzzle!(def.as_ref(), |p| judge_on(&p, o.given("board"), &key, req, &solve, ctx))
    }

    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let def = self.in_metric(req)?;
        settle(
            solve(&def, req, ctx),
            def.name(),
            Some(def.metric()),
            &planned(&def, req, ctx),
        )
    }

    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let def = self.in_metric(req)?;
        analyse(&def, req, ctx)
    }

    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        warm(self.in_metric(req)?.as_ref(), req, ctx)
    }

    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let def = self.in_metric(req)?;
        let Definition::Blocks(b) = def.as_ref() else {
            return Err(RunError::Unsupported(format!(
                "{} is a permutation puzzle: write its start as a scramble of its moves",
                def.name()
            )));
        };
        with_puzzle!(def.as_ref(), |p| {
            let s =
                Defined::start(&p, self.params(req, Question::Solve)?.given("board")).map_err(RunError::BadInput)?;
            let board = p.notation(&s);
            Ok(Position {
                cells: Some(block_cells(b, &board)),
                grid: p.grid(&s),
                board,
                unsolvable: None,
            })
        })
    }

    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let def = self.in_metric(req)?;
        with_puzzle!(def.as_ref(), |p| {
            let from = match p.goal_states().filter(|g| !g.is_empty() && p.reversible()) {
                Some(mut goals) => goals.swap_remove(0),
                None => Defined::start(&p, None).map_err(RunError::BadInput)?,
            };
            let (s, made) = crate::random_walk(&p, &from, seed, moves);
            Ok(match def.as_ref() {
                Definition::Blocks(_) => p.notation(&s),
                Definition::Tws(_) => made.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
            })
        })
    }
}

/// The judgement of the start `board` (the file's when `None`) of a
/// defined puzzle (see [`DefinedGame::judge`]): `solve` answers the
/// request `req` from another start.
fn judge_on<P: Defined>(
    p: &P,
    board: Option<&str>,
    key: &str,
    req: &Request,
    solve: &dyn Fn(&Request) -> Result<SolveAnswer, RunError>,
    ctx: &Context,
) -> Result<Judgement, RunError>
where
    P::Move: Display,
{
    let start = p.start(board).map_err(RunError::BadInput)?;
    if p.dense() && p.reversible() && p.goal_states().is_some() && p.state_count() <= JUDGE_TABLE_STATES {
        return judge_by_table(p, &start, key, ctx);
    }
    let reach = |s: &<P as Puzzle>::State| -> Result<Here, RunError> {
        let asked = req.clone().with("board", p.notation(s));
        Ok(match solve(&asked)? {
            SolveAnswer::Solved(sol) => Here::At(sol.length as u32),
            SolveAnswer::NoSolution(n) if n.depth_limited => Here::Unknown,
            SolveAnswer::NoSolution(n) => Here::Unreachable(n.reason),
        })
    };
    let here = reach(&start)?;
    judge_with(p, &start, "search", here, |t, _| Ok(reach(t)?.distance()))
}

/// A `.tws` definition's start set for `longest` (twsearch #112): the
/// distances counted over it alone ([`analyse`]).
pub fn from_option() -> OptionSpec {
    OptionSpec::new(
        "from",
        Kind::Text,
        None,
        "For a .tws puzzle: God's number from a start set to the solved set, e.g. the cube with its cross solved: \"EDGE 1 2 3 4 0 0 0 0 0 0 0 0 / 0 0 0 0 ? ? ? ? ? ? ? ?\". Written set by set as positions are: pieces sharing a number are alike, ? is any orientation, a set left out is anything",
    )
    .read_by(LONGEST)
    .value_name("STATE")
}

/// The options of a definition: its start, its metric, and how its IDA*
/// builds and reads its tables.
pub fn definition_options(def: &Definition) -> Vec<OptionSpec> {
    let board_help = match def {
        Definition::Blocks(_) => {
            "Start position: a board written as in the file (rows separated by /); default: the file's start"
        }
        Definition::Tws(_) => {
            "Start position: a scramble of the puzzle's moves such as \"R U2 F'\", or a position written set by set as tansaku prints it, \"CORNER 2 1 3 ... / 0 1 2 ... | EDGE ...\"; default: the file's start"
        }
    };
    vec![
        OptionSpec::new("board", Kind::Board, None, board_help),
        OptionSpec::new(
            "metric",
            Kind::choice(def.metrics()),
            Some(def.metric()),
            "Metric: step or piece (blocks), htm or qtm (.tws); default: the file's (blocks) or htm",
        )
        .read_by(BOTH),
        OptionSpec::new(
            "table-memory",
            Kind::Bytes,
            None,
            "Bytes of pattern databases IDA* may build for a .tws puzzle, e.g. 4G (default: a quarter of the memory budget, at most 1G)",
        )
        .value_name("SIZE"),
        super::sliding::automaton_option(),
        from_option(),
        OptionSpec::new(
            "symmetric-lookups",
            Kind::Int { min: 0, max: 64 },
            None,
            "For a .tws puzzle whose tables keep part of a set: how many further lookups of each table IDA* makes on symmetric images of a position (0 to turn them off)",
        ),
        OptionSpec::new(
            "symmetric-start",
            Kind::choice(&["on", "off"]),
            Some("on"),
            "For a .tws puzzle whose start some of its symmetries fix (the superflip): IDA* tries one move of each class of moves they exchange (off searches them all)",
        ),
    ]
}

/// The cells of a blocks board, one character each.
fn block_cells(b: &Blocks, text: &str) -> Cells {
    Cells {
        width: b.width,
        height: b.height,
        tokens: text.chars().filter(|&c| c != '/').map(String::from).collect(),
        empty: ".".into(),
        palette: Vec::new(),
        spaced: false,
    }
}
