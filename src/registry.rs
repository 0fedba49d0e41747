//! Puzzles by name: every built-in family and every definition file, each
//! a [`Game`] behind the library's front door ([`crate::front`]).
//!
//! Adding a built-in puzzle is one file (its [`Game`]) and one line in
//! [`builtins`]. The tour, the published figures (`data/published.toml`)
//! and `tansaku solve NAME` find puzzles here.
//!
//! ```
//! use tansaku::front::Request;
//! use tansaku::registry;
//! let game = registry::builtin("flip-row").unwrap();
//! let out = game.solve(&Request::default().with("board", "BB_BBB"), &tansaku::Context::new()).unwrap();
//! assert_eq!(out.len(), 8);
//! assert!(out.replayed);
//! ```

use crate::context::Context;
use crate::front::{Analysed, Game, Outcome, Request, RunError};
use crate::puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};
use crate::puzzles::jugs::Jugs;
use crate::puzzles::knights::{KNIGHT, Knights};
use crate::puzzles::reversi::{Color, Position, Wipeout, parse_square};
use crate::puzzles::river::River;
use crate::puzzles::sliding::solve::{BoundRequest, SolveError, SolveOptions, Solver};
use crate::puzzles::sliding::{self, ParsedBoard, Sliding, parse_board};
use crate::search::auto::{Algorithm, RunOptions, Space, choose, run, run_ranked};
use crate::search::retrograde::{Analysis, longest_orbits, retrograde};
use crate::search::{LowerBound, NoBound};
use crate::{Puzzle, Ranked};

/// The built-in games, in the order they are listed.
pub fn builtins() -> Vec<Box<dyn Game>> {
    vec![
        Box::new(FlipRow),
        Box::new(FlipSquare),
        Box::new(SlidingGame),
        Box::new(LineGame),
        Box::new(KnightsGame),
        Box::new(JugsGame),
        Box::new(RiverGame),
        Box::new(WipeoutGame),
    ]
}

/// The built-in game called `name`.
pub fn builtin(name: &str) -> Option<Box<dyn Game>> {
    builtins().into_iter().find(|g| g.name() == name)
}

/// The game called `name`: a built-in one, else a definition file
/// `NAME.toml` or `NAME.tws` (or one whose `name` is `name`) in `dirs`.
///
/// ```
/// let dirs = [std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles"))];
/// assert!(tansaku::registry::find("klotski", &dirs).is_ok());
/// assert!(tansaku::registry::find("sliding", &dirs).is_ok());
/// assert!(tansaku::registry::find("no-such-puzzle", &dirs).is_err());
/// ```
pub fn find(name: &str, dirs: &[std::path::PathBuf]) -> Result<Box<dyn Game>, RunError> {
    if let Some(g) = builtin(name) {
        return Ok(g);
    }
    match find_file(name, dirs) {
        Some(p) => {
            let def = crate::define::Definition::load(&p, None).map_err(|e| RunError::BadInput(e.to_string()))?;
            Ok(Box::new(def))
        }
        None => Err(RunError::BadInput(format!(
            "'{name}' is neither a built-in puzzle ({}) nor a definition in {}",
            builtins()
                .iter()
                .map(|g| g.name().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            dirs.iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The definition file of the puzzle called `name` in `dirs`: a file
/// `NAME.toml` or `NAME.tws`, else a file whose `name` is `name`.
pub fn find_file(name: &str, dirs: &[std::path::PathBuf]) -> Option<std::path::PathBuf> {
    for d in dirs {
        for ext in ["toml", "tws"] {
            let p = d.join(format!("{name}.{ext}"));
            if p.is_file() {
                return Some(p);
            }
        }
    }
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(d) else { continue };
        for e in entries.flatten() {
            if let Ok(def) = crate::define::Definition::load(&e.path(), None)
                && def.name() == name
            {
                return Some(e.path());
            }
        }
    }
    None
}

/// The algorithm of a request, or the library's choice for `space`.
fn chosen(req: &Request, space: &Space) -> (Algorithm, Option<String>) {
    match req.algorithm {
        Some(a) => (a, None),
        None => {
            let (a, why) = choose(space);
            (a, Some(why))
        }
    }
}

fn options(req: &Request, algorithm: Algorithm, precheck: bool) -> RunOptions {
    RunOptions {
        algorithm,
        max_depth: req.max_depth,
        threads: req.threads.max(1),
        precheck,
    }
}

/// A size `WxH` (or `N` for one row).
fn size(text: &str) -> Result<(usize, usize), RunError> {
    let bad = || RunError::BadInput(format!("'{text}' is not a board size: write WxH, e.g. 4x4"));
    let t = text.trim().to_ascii_lowercase().replace(['*', '×'], "x");
    match t.split_once('x') {
        Some((w, h)) => Ok((
            w.trim().parse().map_err(|_| bad())?,
            h.trim().parse().map_err(|_| bad())?,
        )),
        None => Ok((t.parse().map_err(|_| bad())?, 1)),
    }
}

fn bad(e: impl std::fmt::Display) -> RunError {
    RunError::BadInput(e.to_string())
}

/// The algorithm's name with the bound IDA* uses.
fn named(algorithm: Algorithm, bound: &str) -> String {
    match algorithm {
        Algorithm::IdaStar => format!("idastar ({bound})"),
        other => other.name().to_string(),
    }
}

// ---------------------------------------------------------------- Flip It

/// Flip It in a row.
struct FlipRow;
/// Flip It on a W x H board.
struct FlipSquare;

/// All black with the empty cell at row 2, column 2 (cell 5 on 4x4), or
/// the middle cell of a board with fewer than 2 rows or columns.
pub fn default_flip_board(p: &FlipIt) -> String {
    let empty = if p.width() >= 2 && p.height() >= 2 {
        p.width() + 1
    } else {
        p.cells() / 2
    };
    let s = FlipState {
        black: p.all_cells() & !(1u64 << empty),
        empty: empty as u8,
    };
    p.format_board(&s)
}

/// A start ready to search: the puzzle, the start, IDA*'s bound, the
/// algorithm (chosen by the library unless the request names one) and the
/// search options. Front ends that want the typed solution (structured
/// moves, pictures) run it with [`run_ranked`] or [`run`]; [`Game::solve`]
/// does the same and returns plain data.
pub struct Prepared<P: Puzzle, H> {
    /// The puzzle (with its goal).
    pub puzzle: P,
    /// The start.
    pub start: P::State,
    /// IDA*'s bound.
    pub bound: H,
    /// How the algorithm is reported, bound included.
    pub name: String,
    /// Why the library chose the algorithm, when it did.
    pub reason: Option<String>,
    /// The algorithm and the search options.
    pub opts: RunOptions,
}

/// Flip It in a row from a request (`board`, `goal`, `adjacent`, `bound`).
pub fn prepare_flip_row(req: &Request) -> Result<Prepared<FlipIt, FlipBound>, RunError> {
    let board = req.get("board").unwrap_or("BB_BBB");
    let n = board.chars().filter(|&c| c != '/').count();
    let p = FlipIt::new(n, 1, req.flag("adjacent"), false).map_err(bad)?;
    prepare_flip(p, board, req)
}

/// Flip It on a W x H board from a request (`size`, `board`, `goal`,
/// `diagonal`, `adjacent`, `bound`); the default board is all black with
/// the empty cell at row 2, column 2.
pub fn prepare_flip_square(req: &Request) -> Result<Prepared<FlipIt, FlipBound>, RunError> {
    let (w, h) = match (req.get("size"), req.get("board")) {
        (Some(s), _) => size(s)?,
        (None, Some(b)) if b.contains('/') => {
            let rows: Vec<&str> = b.split('/').collect();
            (rows[0].chars().count(), rows.len())
        }
        (None, Some(b)) => {
            return Err(bad(format!(
                "board '{b}' has no / between rows, so its size is unknown; separate the rows with / or give a size WxH"
            )));
        }
        (None, None) => (4, 4),
    };
    let p = FlipIt::new(w, h, req.flag("adjacent"), req.flag("diagonal")).map_err(bad)?;
    let board = req.get("board").map_or_else(|| default_flip_board(&p), str::to_string);
    prepare_flip(p, &board, req)
}

fn prepare_flip(p: FlipIt, board: &str, req: &Request) -> Result<Prepared<FlipIt, FlipBound>, RunError> {
    let start = p.parse_board(board).map_err(bad)?;
    let p = match req.get("goal") {
        Some(g) => {
            let g = p.parse_board(g).map_err(|e| bad(format!("goal: {e}")))?;
            p.with_goal(FlipGoal::Board(g))
        }
        None => p,
    };
    let kind = match req.get("bound").unwrap_or("improved") {
        "corner" => BoundKind::Corner,
        "improved" => BoundKind::Improved,
        other => return Err(bad(format!("bound '{other}' is not known: use corner or improved"))),
    };
    let (algorithm, reason) = chosen(
        req,
        &Space {
            states: Some(p.state_count()),
            reversible: p.reversible(),
            goals_listed: p.goal_states().is_some(),
            strong_bound: false,
        },
    );
    let name = named(
        algorithm,
        match kind {
            BoundKind::Corner => "corner bound",
            BoundKind::Improved => "improved bound",
        },
    );
    Ok(Prepared {
        bound: FlipBound::new(&p, kind),
        opts: options(req, algorithm, p.state_count() <= 1 << 24),
        puzzle: p,
        start,
        name,
        reason,
    })
}

/// Runs a prepared start on a ranked puzzle and returns plain data.
fn solve_ranked<P, H>(prep: Prepared<P, H>, ctx: &Context) -> Result<Outcome, RunError>
where
    P: Ranked
        + crate::render::Board<State = <P as Puzzle>::State>
        + crate::picture::Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    let sol = run_ranked(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx)?;
    let mut out = Outcome::of(&prep.puzzle, &prep.start, &sol, prep.opts.algorithm, prep.name);
    out.reason = prep.reason;
    Ok(out)
}

/// Runs a prepared start (hash-indexed graph searches) and returns plain
/// data.
fn solve_hashed<P, H>(prep: Prepared<P, H>, ctx: &Context) -> Result<Outcome, RunError>
where
    P: Puzzle
        + crate::render::Board<State = <P as Puzzle>::State>
        + crate::picture::Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    let sol = run(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx)?;
    let mut out = Outcome::of(&prep.puzzle, &prep.start, &sol, prep.opts.algorithm, prep.name);
    out.reason = prep.reason;
    Ok(out)
}

fn flip_analyse(p: &FlipIt, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
    let (a, table) = retrograde(p, req.retro(keep, ctx, p.name()))?;
    let orbits = longest_orbits(p, &a, table.as_ref());
    Ok(Analysed::of(p, a, Some(p.state_count()), orbits))
}

impl Game for FlipRow {
    fn name(&self) -> &str {
        "flip-row"
    }
    fn summary(&self) -> String {
        "Flip It in a row: discs jump over discs into the empty cell, turning the jumped discs over".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            ("board", "BB_BBB".into(), "the start (its length sets N)"),
            ("goal", "every disc white".into(), "a goal board"),
            ("adjacent", "false".into(), "a disc next to the empty cell may slide"),
            ("bound", "improved".into(), "IDA*'s bound: corner or improved"),
            ("size", "6".into(), "N, for the analysis"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        solve_ranked(prepare_flip_row(req)?, ctx)
    }
    fn analyse(&self, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
        let (n, _) = size(req.get("size").unwrap_or("6"))?;
        let p = FlipIt::new(n, 1, req.flag("adjacent"), false).map_err(bad)?;
        flip_analyse(&p, req, keep, ctx)
    }
}

impl Game for FlipSquare {
    fn name(&self) -> &str {
        "flip-square"
    }
    fn summary(&self) -> String {
        "Flip It on a W x H board: jumps along rows and columns (and diagonals)".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            ("size", "4x4".into(), "WxH; default: from the board"),
            ("board", "all black, empty at row 2, column 2".into(), "the start"),
            ("goal", "every disc white".into(), "a goal board"),
            ("diagonal", "false".into(), "jumps along diagonals too"),
            ("adjacent", "false".into(), "a disc next to the empty cell may slide"),
            ("bound", "improved".into(), "IDA*'s bound: corner or improved"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        solve_ranked(prepare_flip_square(req)?, ctx)
    }
    fn analyse(&self, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
        let (w, h) = size(req.get("size").unwrap_or("4x4"))?;
        let p = FlipIt::new(w, h, req.flag("adjacent"), req.flag("diagonal")).map_err(bad)?;
        flip_analyse(&p, req, keep, ctx)
    }
}

// ---------------------------------------------------------- sliding tiles

/// Numbered (or lettered) tiles on a W x H board.
struct SlidingGame;
/// The Line Puzzle.
struct LineGame;

fn bound_request(text: Option<&str>) -> Result<BoundRequest, RunError> {
    use crate::puzzles::sliding::pdb::Partition;
    Ok(match text.unwrap_or("auto") {
        "auto" => BoundRequest::Auto,
        "manhattan" => BoundRequest::Manhattan,
        "linear-conflicts" => BoundRequest::LinearConflicts,
        "pdb" => BoundRequest::Pdb,
        other => BoundRequest::Partition(
            Partition::from_name(other).ok_or_else(|| bad(format!("bound '{other}' is not known")))?,
        ),
    })
}

fn sliding_solve(p: &Sliding, start: &sliding::SlideState, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
    if let Some(reason) = p.unsolvable_reason(start) {
        return Err(RunError::Unreachable(reason));
    }
    let opts = SolveOptions {
        algorithm: req.algorithm,
        bound: bound_request(req.get("bound"))?,
        max_depth: req.max_depth,
        threads: req.threads.max(1),
        ctx,
        ..SolveOptions::default()
    };
    let solver = Solver::new(p, opts).map_err(|e| match e {
        SolveError::Search(s) => RunError::Search(s),
        other => bad(other),
    })?;
    let sol = solver.solve(p, start).map_err(|e| match e {
        SolveError::Search(s) => RunError::Search(s),
        SolveError::Unreachable(why) => RunError::Unreachable(why),
        other => bad(other),
    })?;
    let mut out = Outcome::of(p, start, &sol, solver.algorithm(), solver.describe());
    out.reason = solver.reason().map(String::from);
    Ok(out)
}

fn ordered_goal(w: usize, h: usize) -> Result<ParsedBoard, RunError> {
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
fn unpacked(a: Analysis<u64>, unpack: impl Fn(u64) -> sliding::SlideState) -> Analysis<sliding::SlideState> {
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
fn sliding_analyse(p: &Sliding, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
    let key = format!("sliding {}x{} to {}", p.width(), p.height(), p.format(&p.goal()));
    if let Some(h) = sliding::half::Half::new(p) {
        let (a, _) = retrograde(&h, req.retro(keep, ctx, key + " (reachable half, ranks v2)"))?;
        let a = unpacked(a, |x| h.unpack(x));
        return Ok(Analysed::of(p, a, Some(h.state_count()), None));
    }
    if let Some(m) = sliding::multi::Multi::new(p) {
        let (a, _) = retrograde(&m, req.retro(keep, ctx, format!("{key} ({})", m.ranking())))?;
        let a = unpacked(a, |x| m.unpack(x));
        return Ok(Analysed::of(p, a, Some(m.state_count()), None));
    }
    let (a, _) = retrograde(p, req.retro(keep, ctx, key))?;
    Ok(Analysed::of(p, a, Some(p.state_count()), None))
}

/// The sliding puzzle of an analysis: `size` (default 3x3) and `goal`
/// (default the tiles in order, empty cell last).
fn sliding_goal(req: &Request) -> Result<Sliding, RunError> {
    let (w, h) = size(req.get("size").unwrap_or("3x3"))?;
    let goal = match req.get("goal") {
        Some(g) => parse_board(g, Some((w, h))).map_err(|e| bad(format!("goal: {e}")))?,
        None => ordered_goal(w, h)?,
    };
    Ok(Sliding::new(&goal, Some(&goal)).map_err(bad)?.0)
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
    keep: usize,
    ctx: &Context,
    world: &W,
) -> Result<(Analysed, Traffic), RunError> {
    let p = sliding_goal(req)?;
    let h = sliding::half::Half::new(&p).ok_or_else(|| {
        bad("an analysis across processes needs a board of distinct tiles with at most 16 cells".to_string())
    })?;
    let key = format!(
        "sliding {}x{} to {} (reachable half, ranks v2)",
        p.width(),
        p.height(),
        p.format(&p.goal())
    );
    let opts = req.retro(keep, ctx, key);
    let run = crate::search::mpi::retrograde_mpi(&h, world, keep, ctx, opts.checkpoint.as_ref())?;
    let a = run.analysis;
    let a = unpacked(a, |x| h.unpack(x));
    let traffic = Traffic {
        processes: run.processes,
        bytes_per_level: run.bytes_per_level,
        local_share: run.local_moves as f64 / run.moves.max(1) as f64,
    };
    Ok((Analysed::of(&p, a, Some(h.state_count()), None), traffic))
}

impl Game for SlidingGame {
    fn name(&self) -> &str {
        "sliding"
    }
    fn summary(&self) -> String {
        "Sliding tiles on a W x H board (8-puzzle, 15-puzzle, 24-puzzle, repeated labels)".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            ("board", "867/254/3_1".into(), "the start"),
            ("goal", "tiles in order, empty last".into(), "the goal"),
            ("size", "from the board".into(), "WxH, for token boards"),
            ("bound", "auto".into(), "IDA*'s bound"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        let size = req.get("size").map(size).transpose()?;
        let start = parse_board(req.get("board").unwrap_or("867/254/3_1"), size).map_err(bad)?;
        let goal = match req.get("goal") {
            Some(g) => Some(parse_board(g, Some((start.width, start.height))).map_err(|e| bad(format!("goal: {e}")))?),
            None => None,
        };
        let (p, s) = Sliding::new(&start, goal.as_ref()).map_err(bad)?;
        sliding_solve(&p, &s, req, ctx)
    }
    fn analyse(&self, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
        sliding_analyse(&sliding_goal(req)?, req, keep, ctx)
    }
}

impl Game for LineGame {
    fn name(&self) -> &str {
        "line"
    }
    fn summary(&self) -> String {
        "The Line Puzzle: 4x4 tiles A x4, B x3, C x4, D x4 (quarter circles)".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            (
                "from",
                "start3".into(),
                "start1 start2 start3 goal1 goal2 goal3, or a 4x4 board",
            ),
            ("to", "goal3".into(), "the goal, as for from"),
            ("bound", "auto".into(), "IDA*'s bound"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        let from = sliding::line_board(req.get("from").unwrap_or("start3")).map_err(|e| bad(format!("from: {e}")))?;
        let to = sliding::line_board(req.get("to").unwrap_or("goal3")).map_err(|e| bad(format!("to: {e}")))?;
        let (p, s) = Sliding::new(&from, Some(&to)).map_err(bad)?;
        let mut out = sliding_solve(&p, &s, req, ctx)?;
        out.extra.push(("physical", out.len() as u64 + 2));
        Ok(out)
    }
    fn analyse(&self, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
        let goal = sliding::line_board(req.get("goal").unwrap_or("goal1")).map_err(|e| bad(format!("goal: {e}")))?;
        let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(bad)?;
        sliding_analyse(&p, req, keep, ctx)
    }
}

// -------------------------------------------------------------- classics

struct KnightsGame;
struct JugsGame;
struct RiverGame;

impl Game for KnightsGame {
    fn name(&self) -> &str {
        "knights"
    }
    fn summary(&self) -> String {
        "Knight exchange: knights jump to empty cells until the two colours have swapped places".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            (
                "size",
                "3x4".into(),
                "WxH: white knights on the top row, black on the bottom row",
            ),
            ("board", "-".into(), "a start instead (W, B, _), with goal"),
            ("goal", "-".into(), "the goal for board"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        solve_hashed(prepare_knights(req)?, ctx)
    }
}

/// The knights exchange from a request (`size`, or `board` with `goal`);
/// IDA*'s bound is each knight's jump distance.
pub fn prepare_knights(req: &Request) -> Result<Prepared<Knights, Knights>, RunError> {
    let (p, s) = match (req.get("board"), req.get("goal")) {
        (Some(b), Some(g)) => Knights::new(b, g, &KNIGHT),
        (None, None) => {
            let (w, h) = size(req.get("size").unwrap_or("3x4"))?;
            Knights::exchange(w, h)
        }
        _ => return Err(bad("give both a board and a goal")),
    }
    .map_err(bad)?;
    if let Some(reason) = p.unsolvable_reason(&s) {
        return Err(RunError::Unreachable(reason));
    }
    let space = Space {
        states: Some(p.arrangements().min(u64::MAX as u128) as u64),
        reversible: p.reversible(),
        goals_listed: p.goal_states().is_some(),
        strong_bound: false,
    };
    let (algorithm, reason) = chosen(req, &space);
    Ok(Prepared {
        opts: options(req, algorithm, p.arrangements() <= 1 << 24),
        bound: p.clone(),
        puzzle: p,
        start: s,
        name: named(algorithm, "knight distances"),
        reason,
    })
}

/// A start with no bound on a puzzle whose space is not counted.
fn prepare_plain<P: Puzzle>(p: P, s: P::State, req: &Request, precheck: bool) -> Prepared<P, NoBound> {
    let (algorithm, reason) = chosen(req, &Space::default());
    Prepared {
        puzzle: p,
        start: s,
        bound: NoBound,
        name: named(algorithm, "none"),
        reason,
        opts: options(req, algorithm, precheck),
    }
}

/// Water jugs from a request (`capacity`, `target`).
pub fn prepare_jugs(req: &Request) -> Result<Prepared<Jugs, NoBound>, RunError> {
    let caps: Vec<u32> = req
        .get("capacity")
        .unwrap_or("8,5")
        .split(',')
        .map(|t| {
            t.trim()
                .parse()
                .map_err(|_| bad(format!("capacity '{t}' is not a number of litres")))
        })
        .collect::<Result<_, _>>()?;
    let target: u32 = req
        .get("target")
        .unwrap_or("4")
        .parse()
        .map_err(|_| bad("target: write a number of litres"))?;
    let (p, s) = Jugs::new(&caps, target).map_err(bad)?;
    if let Some(reason) = p.unsolvable_reason() {
        return Err(RunError::Unreachable(reason));
    }
    Ok(prepare_plain(p, s, req, false))
}

/// The river crossing (no options).
pub fn prepare_river(req: &Request) -> Prepared<River, NoBound> {
    let (p, s) = River::classic();
    prepare_plain(p, s, req, true)
}

impl Game for JugsGame {
    fn name(&self) -> &str {
        "jugs"
    }
    fn summary(&self) -> String {
        "Water jugs: fill, empty or pour until some jug holds the target".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            ("capacity", "8,5".into(), "the jugs' capacities in litres"),
            ("target", "4".into(), "litres wanted in any one jug"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        solve_hashed(prepare_jugs(req)?, ctx)
    }
}

impl Game for RiverGame {
    fn name(&self) -> &str {
        "river"
    }
    fn summary(&self) -> String {
        "Farmer, wolf, goat and cabbage cross a river in a boat for two".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        Vec::new()
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        solve_hashed(prepare_river(req), ctx)
    }
}

// ---------------------------------------------------------------- Reversi

struct WipeoutGame;

impl Game for WipeoutGame {
    fn name(&self) -> &str {
        "wipeout"
    }
    fn summary(&self) -> String {
        "Reversi: the fewest plies in which one colour wipes the other off the board".into()
    }
    fn options(&self) -> Vec<(&'static str, String, &'static str)> {
        vec![
            ("color", "black".into(), "the colour left alone on the board"),
            ("first", "-".into(), "the first move (a square such as F5)"),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError> {
        use crate::search::counting::count_shortest;
        let winner = match req.get("color").unwrap_or("black") {
            "black" => Color::Black,
            "white" => Color::White,
            other => return Err(bad(format!("color '{other}': use black or white"))),
        };
        let start = Position::start();
        let (from, played) = match req.get("first") {
            None => (start, 0),
            Some(t) => {
                let sq = parse_square(t).ok_or_else(|| bad(format!("first '{t}' is not a square")))?;
                (
                    start
                        .play(sq)
                        .ok_or_else(|| bad(format!("first '{t}' is not a legal first move")))?,
                    1,
                )
            }
        };
        let p = Wipeout { winner };
        let found = count_shortest(&p, &from, true, req.max_depth.min(60), ctx)?;
        let game = found
            .classes
            .first()
            .ok_or_else(|| RunError::Unreachable("no wipeout found".into()))?;
        let boards = crate::replay(&p, &from, &game.moves).map_err(|_| bad("a counted game does not replay"))?;
        let replayed = found.classes.iter().all(|c| {
            crate::replay(&p, &from, &c.moves)
                .ok()
                .and_then(|b| b.last().copied())
                .is_some_and(|last| p.is_goal(&last))
        });
        use crate::picture::Picture;
        Ok(Outcome {
            algorithm: Algorithm::Bfs,
            name: "counting bfs (merged)".into(),
            reason: None,
            moves: game.moves.iter().map(ToString::to_string).collect(),
            pictures: boards
                .iter()
                .map(|b| b.render(false).lines().map(String::from).collect())
                .collect(),
            // A position in one line: the game record that reaches it.
            boards: (0..boards.len())
                .map(|i| match crate::puzzles::reversi::record(&game.moves[..i]) {
                    r if r.is_empty() => "start".to_string(),
                    r => r,
                })
                .collect(),
            grids: boards.iter().map(|b| p.grid(b)).collect(),
            stats: found.stats,
            iterations: Vec::new(),
            extra: vec![
                ("plies", u64::from(found.depth + played)),
                ("positions_up_to_symmetry", found.classes.len() as u64),
                ("games", found.sequences().min(u128::from(u64::MAX)) as u64),
            ],
            replayed,
        })
    }
}
