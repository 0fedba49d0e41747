//! Sliding tiles on a W x H board (`sliding`): the 8-, 15- and
//! 24-puzzle, and boards with repeated labels.

#![allow(unused_imports)]
use super::common::*;
use crate::answer::{Cells, Position, Preset};
use crate::options::{Kind, OptionSpec, Params};
use crate::{Game, Longest, Request, RunError, SolveAnswer, Solved, random_walk, settle};
use tansaku_core::Context;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;
use tansaku_core::search::auto::{Algorithm, RunOptions, Space, choose, run, run_ranked};
use tansaku_core::search::retrograde::{Analysis, retrograde, retrograde_symmetric};
use tansaku_core::search::{LowerBound, NoBound};
use tansaku_core::{Puzzle, Ranked};
use tansaku_puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};
use tansaku_puzzles::jugs::Jugs;
use tansaku_puzzles::knights::{KNIGHT, Knights};
use tansaku_puzzles::reversi::{Position as Board8, Wipeout};
use tansaku_puzzles::river::River;
use tansaku_puzzles::sliding::pdb::PdbError;
use tansaku_puzzles::sliding::solve::{BoundRequest, SolveError, SolveOptions, Solver, plan};
use tansaku_puzzles::sliding::{self, ParsedBoard, SlideState, Sliding, parse_board};

// ---------------------------------------------------------- sliding tiles

/// Numbered (or lettered) tiles on a W x H board.
pub struct SlidingGame;

pub(super) fn bound_option() -> OptionSpec {
    OptionSpec::new(
        "bound",
        Kind::Text,
        Some("auto"),
        "IDA*'s lower bound: auto (the strongest that fits), manhattan, linear-conflicts, pdb, a partition (5-5-5, 6-6-3, 7-8, 6-6-6-6), or one listed by each pattern's goal cells with the empty cell on cell 0 (1-7/8-15)",
    )
}

/// IDA*'s move pruning on sliding boards.
pub(super) fn automaton_option() -> OptionSpec {
    OptionSpec::new(
        "automaton",
        Kind::Int { min: 0, max: 24 },
        Some(&tansaku_puzzles::sliding::automaton::DEFAULT_DEPTH.to_string()),
        "IDA*'s move pruning: Taylor & Korf's automaton of the duplicate move sequences up to this many moves (built once, kept beside the pattern databases); 0 keeps only \"never undo the last move\"",
    )
}

/// A* + IDA* on sliding boards: how many positions A* may hold.
pub(super) fn frontier_option() -> OptionSpec {
    OptionSpec::new(
        "frontier",
        Kind::Int {
            min: 0,
            max: 1_000_000_000,
        },
        Some("0"),
        "A* + IDA* (Bu & Korf 2019): A* holds up to this many positions (about 100 bytes each, checked against the memory budget), then IDA* searches below its frontier; 0: IDA* alone",
    )
}

/// The automaton depth a request asks for.
pub(super) fn automaton_depth(text: Option<&str>) -> Result<Option<usize>, RunError> {
    match text {
        None => Ok(None),
        Some(t) => t
            .parse::<usize>()
            .ok()
            .filter(|&d| d <= 24)
            .map(Some)
            .ok_or_else(|| bad(format!("automaton = {t}: a number of moves from 0 to 24"))),
    }
}

/// The bound a request asks of a `width` x `height` board's solver.
fn bound_request(text: Option<&str>, width: usize, height: usize) -> Result<BoundRequest, RunError> {
    let text = text.unwrap_or("auto");
    BoundRequest::parse(text, width, height).map_err(|e| bad(format!("bound = {text}: {e}")))
}

/// The library's error for a sliding solver's.
pub(super) fn solve_error(e: SolveError) -> RunError {
    match e {
        SolveError::Search(s) => RunError::Search(s),
        SolveError::Unreachable(why) => RunError::Unreachable(why),
        SolveError::Pdb(PdbError::Memory(m)) => RunError::Search(m.into()),
        SolveError::Pdb(PdbError::Cache(why)) => RunError::Tables(format!("pattern database cache: {why}")),
        SolveError::Pdb(PdbError::Unsupported(why)) => RunError::BadInput(format!("bound: {why}")),
        SolveError::Mismatch(why) => RunError::BadInput(why),
    }
}

/// The sliding solver's options for a request on `p`'s board.
fn solve_options<'a>(p: &Sliding, o: &Params, ctx: &'a Context) -> Result<SolveOptions<'a>, RunError> {
    let req = o.request();
    Ok(SolveOptions {
        algorithm: req.algorithm,
        bound: bound_request(o.text("bound"), p.width(), p.height())?,
        automaton: automaton_depth(o.given("automaton"))?,
        bpmx: false,
        order: false,
        frontier: match o.text("frontier") {
            None => 0,
            Some(t) => t
                .parse()
                .ok()
                .filter(|&n: &usize| n <= 1_000_000_000)
                .ok_or_else(|| bad(format!("frontier = {t}: a number of positions from 0 to 1000000000")))?,
        },
        generic: false,
        max_depth: req.max_depth,
        threads: req.threads.max(1),
        checkpoint: req.checkpoint.clone(),
        ctx,
    })
}

/// Loads or builds (and keeps in the context) the tables a solve of
/// `start` needs; none when parity already settles it.
pub(super) fn sliding_warm(p: &Sliding, start: &SlideState, o: &Params, ctx: &Context) -> Result<(), RunError> {
    if p.unsolvable_reason(start).is_some() {
        return Ok(());
    }
    Solver::new(p, solve_options(p, o, ctx)?)
        .map(|_| ())
        .map_err(solve_error)
}

/// Solves `start` of `p` with the library's choice of algorithm and bound.
pub(super) fn sliding_solve(
    p: &Sliding,
    start: &SlideState,
    title: &str,
    o: &Params,
    ctx: &Context,
) -> Result<SolveAnswer, RunError> {
    let opts = solve_options(p, o, ctx)?;
    // Parity settles solvability before any table is built.
    if let Some(reason) = p.unsolvable_reason(start) {
        return unreachable(title, &plan(p, &opts).describe(false), reason);
    }
    let solver = Solver::new(p, opts).map_err(solve_error)?;
    let name = solver.describe();
    let result = solver.solve(p, start).map_err(solve_error).map(|sol| {
        let mut out = Solved::of(p, start, &sol, title.to_string(), solver.algorithm(), name.clone());
        out.auto = solver.reason().map(String::from);
        out
    });
    settle(result, title, None, &name)
}

/// The goal of a W x H board: tiles 1, 2, ... in order, empty cell last.
pub(super) fn ordered_goal(w: usize, h: usize) -> Result<ParsedBoard, RunError> {
    let n = w * h;
    if !(2..=sliding::MAX_CELLS).contains(&n) {
        return Err(bad(format!(
            "a {w}x{h} board is not supported: 2 to {} cells",
            sliding::MAX_CELLS
        )));
    }
    Ok(ParsedBoard {
        width: w,
        height: h,
        tiles: (1..n).map(|i| Some(i.to_string())).chain([None]).collect(),
    })
}

/// An analysis on packed boards, with its positions as boards.
pub(super) fn unpacked(a: Analysis<u64>, unpack: impl Fn(u64) -> SlideState) -> Analysis<SlideState> {
    Analysis {
        positions: a.positions.iter().map(|&x| unpack(x)).collect(),
        states: a.states,
        histogram: a.histogram,
        longest: a.longest,
        count: a.count,
        stats: a.stats,
    }
}

/// A sliding puzzle's whole space: the reachable half alone, ranked
/// without holes, when the tiles are distinct and the board fits a word
/// ([`sliding::half`]); with repeated tiles on such a board, every
/// arrangement ranked with the empty cell lowest ([`sliding::multi`]);
/// every arrangement otherwise.
pub(super) fn sliding_analyse(p: &Sliding, title: String, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
    let key = format!("sliding {}x{} to {}", p.width(), p.height(), p.format(&p.goal()));
    let (a, space) = if let Some(h) = sliding::half::Half::new(p) {
        let (a, _) = retrograde(&h, req.retro(ctx, key + " (reachable half, ranks v2)"))?;
        (unpacked(a, |x| h.unpack(x)), h.state_count())
    } else if let Some(m) = sliding::multi::Multi::new(p) {
        let (a, _) = retrograde(&m, req.retro(ctx, format!("{key} ({})", m.ranking())))?;
        (unpacked(a, |x| m.unpack(x)), m.state_count())
    } else {
        let (a, _) = retrograde(p, req.retro(ctx, key))?;
        (a, p.state_count())
    };
    Ok(Longest::of(p, |s| p.grid(s), title, a, Some(space), None, req.limit))
}

/// The shape of a board written row by row (`None` when it has no `/`).
fn shape_of(board: Option<&str>) -> Option<(usize, usize)> {
    let b = board?;
    b.contains('/')
        .then(|| parse_board(b, None).ok().map(|p| (p.width, p.height)))?
}

/// The sliding puzzle of an analysis: `size` (default: the goal's or the
/// board's shape, else 3x3) and `goal` (default the tiles in order, empty
/// cell last).
fn sliding_goal(o: &Params) -> Result<Sliding, RunError> {
    let (w, h) = o
        .size("size")
        .or_else(|| shape_of(o.given("goal")))
        .or_else(|| shape_of(o.given("board")))
        .unwrap_or((3, 3));
    let goal = match o.given("goal") {
        Some(g) => parse_board(g, Some((w, h))).map_err(|e| bad(format!("goal: {e}")))?,
        None => ordered_goal(w, h)?,
    };
    Ok(Sliding::new(&goal, Some(&goal)).map_err(bad)?.0)
}

/// The sliding puzzle and start of a solve: `board`, `goal`, `size`.
/// Without a board, the 8-puzzle's hardest board on 3x3, and on a board of
/// another size the goal itself (a start to scramble or edit).
fn sliding_puzzle(o: &Params) -> Result<(Sliding, SlideState), RunError> {
    let size = o.size("size");
    let start = match (o.given("board"), size, o.given("goal")) {
        (Some(b), _, _) => parse_board(b, size).map_err(bad)?,
        (None, Some(s), Some(g)) if s != (3, 3) => parse_board(g, size).map_err(|e| bad(format!("goal: {e}")))?,
        (None, Some((w, h)), None) if (w, h) != (3, 3) => ordered_goal(w, h)?,
        _ => parse_board(o.text("board").unwrap_or("867/254/3_1"), size).map_err(bad)?,
    };
    let goal = match o.given("goal") {
        Some(g) => Some(parse_board(g, Some((start.width, start.height))).map_err(|e| bad(format!("goal: {e}")))?),
        None => None,
    };
    Sliding::new(&start, goal.as_ref()).map_err(bad)
}

fn sliding_title(p: &Sliding) -> String {
    format!("sliding {}x{}", p.width(), p.height())
}

/// A sliding board as an editor shows it, with its parity verdict.
pub(super) fn sliding_position(p: &Sliding, s: &SlideState) -> Position {
    let text = p.format(s);
    Position {
        cells: Some(cells_of(&text, p.width(), p.height(), "_", &[])),
        grid: p.grid(s),
        board: text,
        unsolvable: p.unsolvable_reason(s),
    }
}

/// What the whole-space analysis of `sliding` needs: the goal, where its
/// size and goal are given (else the default board's).
#[cfg(feature = "mpi")]
fn sliding_goal_of(req: &Request) -> Result<Sliding, RunError> {
    sliding_goal(&SlidingGame.params(req)?)
}

/// What crossed between the processes of an MPI analysis.
#[cfg(feature = "mpi")]
#[derive(Clone, Debug)]
pub struct Traffic {
    /// Number of processes.
    pub processes: usize,
    /// Bytes sent, level by level.
    pub bytes_per_level: Vec<u64>,
    /// Share of the moves whose successor stayed on its process.
    pub local_share: f64,
}

/// The sliding game's whole-space analysis across the processes of an MPI
/// job (two bits a position, each process a slice of the reachable half);
/// every process calls it and gets the same answer.
#[cfg(feature = "mpi")]
pub fn sliding_analyse_mpi<W: mpi::traits::Communicator>(
    req: &Request,
    ctx: &Context,
    world: &W,
) -> Result<(Longest, Traffic), RunError> {
    let p = sliding_goal_of(req)?;
    let h = sliding::half::Half::new(&p).ok_or_else(|| {
        bad("an analysis across processes needs a board of distinct tiles with at most 16 cells".to_string())
    })?;
    let key = format!(
        "sliding {}x{} to {} (reachable half, ranks v2)",
        p.width(),
        p.height(),
        p.format(&p.goal())
    );
    let opts = req.retro(ctx, key);
    let run = tansaku_core::search::mpi::retrograde_mpi(&h, world, req.limit, ctx, opts.checkpoint.as_ref())?;
    let a = unpacked(run.analysis, |x| h.unpack(x));
    let traffic = Traffic {
        processes: run.processes,
        bytes_per_level: run.bytes_per_level,
        local_share: run.local_moves as f64 / run.moves.max(1) as f64,
    };
    Ok((
        Longest::of(
            &p,
            |s| p.grid(s),
            sliding_title(&p),
            a,
            Some(h.state_count()),
            None,
            req.limit,
        ),
        traffic,
    ))
}

/// Korf's 100 instances of the 15-puzzle (`data/korf100.txt`): the
/// board, the instance's number and its published length.
pub fn korf100() -> Vec<(usize, String, u32)> {
    include_str!("../../../../data/korf100.txt")
        .lines()
        .filter_map(|l| {
            let (board, note) = l.split_once('#')?;
            let (n, len) = note.split_once(':')?;
            Some((
                n.trim().parse().ok()?,
                board.trim().to_string(),
                len.trim().parse().ok()?,
            ))
        })
        .filter(|(_, b, _)| !b.is_empty())
        .collect()
}

/// Korf's goal of the 15-puzzle: the empty cell first.
pub const KORF_GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

impl Game for SlidingGame {
    fn name(&self) -> &str {
        "sliding"
    }
    fn summary(&self) -> String {
        "Sliding tiles on a W x H board (8-puzzle, 15-puzzle, 24-puzzle, repeated labels)".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "the start: compact (867/254/3_1) or tokens (8 6 7 2 5 4 3 0 1); _ 0 or . is the empty cell; default: 867/254/3_1, or the goal on a board of another size",
            ),
            OptionSpec::new(
                "goal",
                Kind::Board,
                None,
                "the goal; default: the tiles in order, empty cell last",
            ),
            OptionSpec::new(
                "size",
                Kind::Size,
                None,
                "WxH, for token boards without / between rows that are not square (and for the analysis: default 3x3)",
            ),
            bound_option(),
            automaton_option(),
            frontier_option(),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "longest", "position", "scramble"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req)?;
        let (p, s) = sliding_puzzle(&o)?;
        sliding_solve(&p, &s, &sliding_title(&p), &o, ctx)
    }
    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        let o = self.params(req)?;
        let (p, s) = sliding_puzzle(&o)?;
        sliding_warm(&p, &s, &o, ctx)
    }
    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let o = self.params(req)?;
        let p = sliding_goal(&o)?;
        sliding_analyse(&p, sliding_title(&p), req, ctx)
    }
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let (p, s) = sliding_puzzle(&self.params(req)?)?;
        Ok(sliding_position(&p, &s))
    }
    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let (p, _) = sliding_puzzle(&self.params(req)?)?;
        Ok(p.format(&random_walk(&p, &p.goal(), seed, moves).0))
    }
    fn presets(&self) -> Vec<Preset> {
        let mut out = published_presets("sliding");
        out.extend(korf100().into_iter().map(|(n, board, len)| {
            Preset {
                name: format!("Korf #{n} (15-puzzle)"),
                options: [
                    ("board".to_string(), board),
                    ("goal".to_string(), KORF_GOAL.to_string()),
                ]
                .into_iter()
                .collect(),
                length: Some(len),
            }
        }));
        out
    }
}
