//! Sliding tiles on a W x H board (`sliding`): the 8-, 15- and
//! 24-puzzle, and boards with repeated labels.

use super::common::*;
use crate::answer::{Judgement, Position, Preset, StrongerTables, Traced};
use crate::options::{BOTH, Kind, OptionSpec, Params, Question};
use crate::{Game, Longest, Request, RunError, SolveAnswer, Solved, random_walk, settle};
use tansaku_core::Context;
use tansaku_core::picture::Picture;
use tansaku_core::search::retrograde::{Analysis, retrograde};
use tansaku_core::{Puzzle, Ranked};
use tansaku_puzzles::sliding::pdb::{Partition, PdbError};
use tansaku_puzzles::sliding::solve::{BoundRequest, SolveError, SolveOptions, Solver, plan};
use tansaku_puzzles::sliding::{self, ParsedBoard, SlideState, Sliding, parse_board};

/// Numbered (or lettered) tiles on a W x H board.
pub struct SlidingGame;

/// The words a sliding board's bound may be besides a partition.
const BOUND_WORDS: [&str; 4] = ["auto", "manhattan", "linear-conflicts", "pdb"];

/// Checks a bound's name: a word, a partition's name, or a partition
/// listed by cells (checked against the board when it is read).
fn bound_check(text: &str) -> Result<(), String> {
    let t = text.trim().to_ascii_lowercase();
    if BOUND_WORDS.contains(&t.as_str()) || Partition::from_name(&t).is_some() || t.contains(['/', ',', '+']) {
        return Ok(());
    }
    Err(format!(
        "'{text}' is not a bound: use auto, manhattan, linear-conflicts, pdb, a partition (5-5-5, 6-6-3, 7-8, 6-6-6-6; 7-8z, 6-6-6-6z, 5-5-5-5-4z, 7-7-7-3z zero-aware), one listed by cells (1-7/8-15, or 1-7/8-15z zero-aware), or up to three joined by + (the largest of their bounds)"
    ))
}

/// IDA*'s lower bound on sliding boards.
pub(super) fn bound_option() -> OptionSpec {
    OptionSpec::new(
        "bound",
        Kind::Text,
        Some("auto"),
        "Lower bound for IDA*: auto (the strongest databases already built that fit, else ones built in seconds (6-6-3 on 4x4, 5-5-5-5-4z on 5x5) while the strongest (7-8z on 4x4, 6-6-6-6z on 5x5, minutes to build) are not; label databases when tiles repeat, linear conflicts elsewhere), manhattan, linear-conflicts, pdb, a named partition (5-5-5, 6-6-3, 7-8 on 4x4; 6-6-6-6, 5-5-5-5-4 on 5x5; a z after the name for zero-aware tables: 7-8z; 7-7-7-3z on 5x5, 16.4 GB and an hour to build) or one listed by each pattern's goal cells with the empty cell on cell 0 (patterns separated by '/', e.g. 1-7/8-15 or 1-7/8-15z), or up to three partitions joined by '+' for the largest of their bounds (fewer nodes, more lookups a node; 6-6-6-6z+7-7-7-3z is the fastest on hard 24-puzzles)",
    )
    .value_name("BOUND")
    .checked(bound_check)
}

/// IDA*'s move pruning on sliding boards.
pub(super) fn automaton_option() -> OptionSpec {
    OptionSpec::new(
        "automaton",
        Kind::Int { min: 0, max: 24 },
        None,
        "IDA*'s move pruning: Taylor & Korf's automaton of the duplicate move sequences up to MOVES moves (built once, about 10 s for 5x5 at 16, and kept beside the pattern databases); 0 keeps only \"never undo the last move\". Default: 16, or the longest whose build fits the memory budget",
    )
    .value_name("MOVES")
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
        "A* + IDA* (Bu & Korf 2019): A* first, holding up to N positions (about 100 bytes each, checked against the memory budget), then IDA* below its frontier, each subtree once; 0: IDA* alone. Fewer nodes on most 24-puzzles (see BENCHMARKS.md), not on all",
    )
    .value_name("N")
}

/// The automaton depth a request asks for (`None`: the library's choice).
pub(super) fn automaton_depth(o: &Params) -> Option<usize> {
    o.int("automaton").map(|d| d as usize)
}

/// The bound a request asks of a `width` x `height` board's solver.
fn bound_request(text: Option<&str>, width: usize, height: usize) -> Result<BoundRequest, RunError> {
    let text = text.unwrap_or("auto");
    let word = text.trim().to_ascii_lowercase();
    let text = if BOUND_WORDS.contains(&word.as_str()) {
        word.as_str()
    } else {
        text
    };
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
        automaton: automaton_depth(o),
        bpmx: false,
        order: false,
        frontier: o.int("frontier").unwrap_or(0) as usize,
        generic: false,
        max_depth: req.max_depth,
        threads: req.threads(),
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
        out.stronger_tables = solver.stronger().map(|part| {
            Box::new(StrongerTables {
                bound: part.name(),
                size: format!("{}x{}", p.width(), p.height()),
                goal: p.format(&p.goal()),
                bytes: part.table_bytes(),
            })
        });
        out
    });
    settle(result, title, None, &name)
}

/// The judgement of `start`: on boards of at most [`JUDGE_TABLE_STATES`]
/// arrangements (the 8-puzzle) by the whole distance table, kept by the
/// context; on larger ones by IDA* with the solve's bound, and by parity:
/// a move changes the empty cell's colour on a chessboard, so a child is
/// one move closer or one farther. Once the start's distance `d` is
/// known, a child whose bound passes `d - 1` is `d + 1` away, and any
/// other takes one search limited to `d - 1` moves, which either finds
/// it or proves `d + 1`. On boards past 16 cells (the 24-puzzle) the
/// start is searched only as deep as its bound: its distance is known
/// when the bound proves it, else `None`, not waited for.
pub(super) fn sliding_judge(
    p: &Sliding,
    start: &SlideState,
    title: &str,
    o: &Params,
    ctx: &Context,
) -> Result<Judgement, RunError> {
    let unreachable = p.unsolvable_reason(start);
    if p.state_count() <= JUDGE_TABLE_STATES {
        let key = format!("{title} to {}", p.format(&p.goal()));
        let mut judged = judge_by_table(p, start, &key, ctx)?;
        if judged.reason.is_some() {
            // The puzzle's own reason says why, which the table does not.
            judged.reason = unreachable.or(judged.reason);
        }
        return Ok(judged);
    }
    if let Some(why) = unreachable {
        // Its children are in the same unreachable half.
        return judge_with(p, start, "search", Here::Unreachable(why), |_, _| Ok(None));
    }
    let mut opts = solve_options(p, o, ctx)?;
    opts.algorithm = Some(tansaku_core::search::auto::Algorithm::IdaStar);
    opts.checkpoint = None;
    let deepest = opts.max_depth;
    let mut solver = Solver::new(p, opts).map_err(solve_error)?;
    // The bounds first: the searches below change the solver's depth.
    let proof_only = p.width() * p.height() > 16;
    let here_depth = if proof_only { solver.estimate(p, start) } else { deepest };
    let mut bounds = Vec::new();
    p.for_each_successor(start, |_, t| bounds.push(solver.estimate(p, &t)));
    let mut bounds = bounds.into_iter();
    let mut within = |s: &SlideState, depth: u32| {
        solver.set_max_depth(depth);
        match solver.solve(p, s) {
            Ok(sol) => Ok(Some(sol.len() as u32)),
            Err(SolveError::Search(tansaku_core::search::SearchError::DepthLimit { .. })) => Ok(None),
            Err(e) => Err(solve_error(e)),
        }
    };
    let here = within(start, here_depth)?;
    let known = here.map_or(Here::Unknown, Here::At);
    judge_with(p, start, "search", known, |t, here| {
        let h = bounds.next().unwrap_or(0);
        match here {
            Some(0) => Ok(Some(1)),
            Some(d) if h > d - 1 => Ok(Some(d + 1)),
            Some(d) => Ok(Some(within(t, d - 1)?.unwrap_or(d + 1))),
            None => within(t, h),
        }
    })
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
        classes: a.classes,
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
    fn space(&self) -> Option<&'static str> {
        Some("Every board of a W x H sliding puzzle reachable from its goal")
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "Start board: compact (867/254/3_1) or tokens (8 6 7 2 5 4 3 0 1); _ 0 or . is the empty cell; default: 867/254/3_1, or the goal on a board of another size",
            ),
            OptionSpec::new(
                "goal",
                Kind::Board,
                None,
                "Goal board; default: the tiles 1, 2, ... in order, empty cell last",
            )
            .read_by(BOTH),
            OptionSpec::new(
                "size",
                Kind::Size,
                None,
                "Board size WxH: for token boards without / between rows that are not square; for the analysis, default: the goal's shape, else 3x3",
            )
            .read_by(BOTH),
            bound_option(),
            automaton_option(),
            frontier_option(),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "longest", "position", "scramble", "judge", "trace"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = sliding_puzzle(&o)?;
        sliding_solve(&p, &s, &sliding_title(&p), &o, ctx)
    }
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = sliding_puzzle(&o)?;
        sliding_judge(&p, &s, &sliding_title(&p), &o, ctx)
    }
    fn trace(&self, req: &Request, _ctx: &Context) -> Result<Traced, RunError> {
        let (p, s) = sliding_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(trace_of(&p, &s, req))
    }
    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = sliding_puzzle(&o)?;
        sliding_warm(&p, &s, &o, ctx)
    }
    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let o = self.params(req, Question::Longest)?;
        let p = sliding_goal(&o)?;
        sliding_analyse(&p, sliding_title(&p), req, ctx)
    }
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let (p, s) = sliding_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(sliding_position(&p, &s))
    }
    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let (p, _) = sliding_puzzle(&self.params(req, Question::Solve)?)?;
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
