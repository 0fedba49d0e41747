//! Puzzles by name: every built-in family and every definition file, each
//! a [`Game`] behind the library's front door ([`crate::front`]).
//!
//! Adding a built-in puzzle is one [`Game`] and one line in [`builtins`].
//! The tour, the published figures (`data/published.toml`), the command
//! line and the web server find puzzles here; the definitions the library
//! ships (`puzzles/`) are found by name too ([`shipped`]).
//!
//! ```
//! use tansaku::front::Request;
//! use tansaku::registry;
//! let game = registry::builtin("flip-row").unwrap();
//! let out = game.solve(&Request::default().with("board", "BB_BBB"), &tansaku::Context::new()).unwrap().unwrap();
//! assert_eq!(out.len(), 8);
//! assert!(out.replayed);
//! ```

use crate::context::Context;
use crate::define::run::DefinedGame;
use crate::front::answer::{Cells, Position, Preset};
use crate::front::options::{Kind, OptionSpec, Params};
use crate::front::query::{Query, guess_file};
use crate::front::{Game, Longest, Request, RunError, SolveAnswer, Solved, random_walk, settle};
use crate::picture::Picture;
use crate::puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};
use crate::puzzles::jugs::Jugs;
use crate::puzzles::knights::{KNIGHT, Knights};
use crate::puzzles::reversi::{Position as Board8, Wipeout};
use crate::puzzles::river::River;
use crate::puzzles::sliding::pdb::PdbError;
use crate::puzzles::sliding::solve::{BoundRequest, SolveError, SolveOptions, Solver, plan};
use crate::puzzles::sliding::{self, ParsedBoard, SlideState, Sliding, parse_board};
use crate::render::Board;
use crate::search::auto::{Algorithm, RunOptions, Space, choose, run, run_ranked};
use crate::search::retrograde::{Analysis, retrograde, retrograde_symmetric};
use crate::search::{LowerBound, NoBound};
use crate::{Puzzle, Ranked};
use std::path::{Path, PathBuf};

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

/// The definition files the library ships (`puzzles/` of the source
/// tree): file name and text.
pub fn shipped() -> &'static [(&'static str, &'static str)] {
    &[
        ("klotski.toml", include_str!("../puzzles/klotski.toml")),
        ("rush-hour.toml", include_str!("../puzzles/rush-hour.toml")),
        ("2x2x2.tws", include_str!("../puzzles/2x2x2.tws")),
        ("8-puzzle.toml", include_str!("../puzzles/8-puzzle.toml")),
        ("15-puzzle.toml", include_str!("../puzzles/15-puzzle.toml")),
        ("line-puzzle.toml", include_str!("../puzzles/line-puzzle.toml")),
        ("knights.toml", include_str!("../puzzles/knights.toml")),
    ]
}

/// The shipped definitions whose names no built-in game takes, as games.
pub fn shipped_games() -> Vec<DefinedGame> {
    shipped()
        .iter()
        .filter_map(|(file, text)| DefinedGame::parse(&crate::define::Src::new(file, text)).ok())
        .filter(|g| builtin(g.name()).is_none())
        .collect()
}

/// The game called `name`: a built-in one, else a definition file
/// `NAME.toml` or `NAME.tws` (or one whose `name` is `name`) in `dirs`,
/// else a definition the library ships.
///
/// ```
/// let dirs = [std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles"))];
/// assert!(tansaku::registry::find("klotski", &dirs).is_ok());
/// assert!(tansaku::registry::find("sliding", &dirs).is_ok());
/// assert!(tansaku::registry::find("rush-hour", &[]).is_ok()); // shipped
/// assert!(tansaku::registry::find("no-such-puzzle", &dirs).is_err());
/// ```
pub fn find(name: &str, dirs: &[PathBuf]) -> Result<Box<dyn Game>, RunError> {
    if let Some(g) = builtin(name) {
        return Ok(g);
    }
    if let Some(p) = find_file(name, dirs) {
        return Ok(Box::new(DefinedGame::load(&p)?));
    }
    if let Some(g) = shipped_games().into_iter().find(|g| g.name() == name) {
        return Ok(Box::new(g));
    }
    let mut known: Vec<String> = builtins().iter().map(|g| g.name().to_string()).collect();
    known.extend(shipped_games().iter().map(|g| g.name().to_string()));
    Err(RunError::UnknownGame {
        name: name.to_string(),
        known,
        place: if dirs.is_empty() {
            String::new()
        } else {
            format!(
                " in {}",
                dirs.iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
    })
}

/// The game and the request of a question in JSON ([`Query`]): a
/// definition's text, else a game by name ([`find`]).
pub fn resolve(q: &Query, dirs: &[PathBuf]) -> Result<(Box<dyn Game>, Request), RunError> {
    let game: Box<dyn Game> = match (&q.definition, &q.game) {
        (Some(text), _) => {
            let file = q.file.clone().unwrap_or_else(|| guess_file(text).to_string());
            Box::new(DefinedGame::parse(&crate::define::Src::new(&file, text))?)
        }
        (None, Some(name)) => find(name, dirs)?,
        (None, None) => {
            return Err(RunError::BadInput(
                "say which game: give its name (game) or a definition's text (definition)".into(),
            ));
        }
    };
    Ok((game, q.request()?))
}

/// The definition file of the puzzle called `name` in `dirs`: a file
/// `NAME.toml` or `NAME.tws`, else a file whose `name` is `name`.
pub fn find_file(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
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

/// A definition's expected figures (its `[expect]` tables) beside what
/// tansaku finds.
///
/// ```
/// use tansaku::define::Src;
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n[expect]\nlength = 4\n";
/// let r = tansaku::registry::check(&Src::new("swap.toml", text), &tansaku::Context::new()).unwrap();
/// assert!(r.ok);
/// assert_eq!(r.figures[0].found, 4);
/// ```
pub fn check(src: &crate::define::Src, ctx: &Context) -> Result<crate::front::CheckReport, RunError> {
    use crate::define::{Definition, run};
    let def = Definition::parse(src, None)?;
    let figures = run::check(&def, |m| Definition::parse(src, Some(m)), ctx)?;
    Ok(crate::front::CheckReport {
        file: src.file.clone(),
        puzzle: def.name().to_string(),
        summary: run::summary(&def),
        ok: figures.iter().all(crate::front::answer::Checked::ok),
        figures,
    })
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

fn run_options(req: &Request, algorithm: Algorithm, precheck: bool) -> RunOptions {
    RunOptions {
        algorithm,
        max_depth: req.max_depth,
        threads: req.threads.max(1),
        precheck,
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

/// The presets of `game`: its instances in the published figures.
fn published_presets(game: &str) -> Vec<Preset> {
    let Ok(figures) = crate::published::Figures::load() else {
        return Vec::new();
    };
    figures
        .solve
        .iter()
        .filter(|f| f.puzzle == game)
        .map(|f| Preset {
            name: f.instance.clone(),
            options: f.options.clone(),
            length: f.length,
        })
        .collect()
}

/// A board's cells as tokens: separated by spaces when the board is
/// written so, else one character each; rows by `/`.
fn cells_of(board: &str, width: usize, height: usize, empty: &str, palette: &[&str]) -> Cells {
    let spaced = board.contains(char::is_whitespace);
    let tokens: Vec<String> = if spaced {
        board
            .split(|c: char| c.is_whitespace() || c == '/')
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    } else {
        board.chars().filter(|&c| c != '/').map(String::from).collect()
    };
    Cells {
        width,
        height,
        tokens,
        empty: empty.to_string(),
        palette: palette.iter().map(|s| s.to_string()).collect(),
        spaced,
    }
}

/// A puzzle's start ready to search: the puzzle, the start, IDA*'s
/// bound, the algorithm and how it is reported.
struct Prepared<P: Puzzle, H> {
    puzzle: P,
    start: P::State,
    bound: H,
    /// How the algorithm is reported, bound included.
    name: String,
    /// Why the library chose the algorithm, when it did.
    reason: Option<String>,
    opts: RunOptions,
    /// The puzzle as shown.
    title: String,
}

impl<P: Puzzle, H> Prepared<P, H>
where
    P: Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
{
    /// The answer for what the search returned.
    fn answer(
        &self,
        result: Result<crate::search::Solution<P>, crate::search::SearchError>,
    ) -> Result<SolveAnswer, RunError> {
        let result = result.map_err(RunError::from).map(|sol| {
            let mut out = Solved::of(
                &self.puzzle,
                &self.start,
                &sol,
                self.title.clone(),
                self.opts.algorithm,
                self.name.clone(),
            );
            out.auto = self.reason.clone();
            out
        });
        settle(result, &self.title, None, &self.name)
    }
}

/// The answer of a solve refused before any search (a parity argument).
fn unreachable(title: &str, algorithm: &str, why: String) -> Result<SolveAnswer, RunError> {
    settle(Err(RunError::Unreachable(why)), title, None, algorithm)
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

fn flip_options(square: bool) -> Vec<OptionSpec> {
    let bound = Kind::Choice {
        values: &["corner", "improved"],
    };
    let mut o = if square {
        vec![
            OptionSpec::new("size", Kind::Size, None, "WxH; default: from the board, else 4x4"),
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "the start (B black, W white, _ empty, rows separated by /); default: all black, empty at row 2, column 2",
            ),
        ]
    } else {
        vec![
            OptionSpec::new("board", Kind::Board, Some("BB_BBB"), "the start (its length sets N)"),
            OptionSpec::new(
                "size",
                Kind::Int { min: 2, max: 64 },
                Some("6"),
                "N, the number of cells, for the whole-space analysis",
            ),
        ]
    };
    o.push(OptionSpec::new(
        "goal",
        Kind::Board,
        None,
        "a goal board; default: every disc white, the empty cell anywhere",
    ));
    if square {
        o.push(OptionSpec::new(
            "diagonal",
            Kind::Flag,
            None,
            "discs also jump along diagonals of 3 or more cells",
        ));
    }
    o.push(OptionSpec::new(
        "adjacent",
        Kind::Flag,
        None,
        "a disc next to the empty cell may slide into it",
    ));
    o.push(OptionSpec::new(
        "bound",
        bound,
        Some("improved"),
        "IDA*'s lower bound: corner (the article's) or improved",
    ));
    o
}

/// The puzzle and the start board of a Flip It request.
fn flip_puzzle(o: &Params, square: bool) -> Result<(FlipIt, String), RunError> {
    if !square {
        let board = o.text("board").unwrap_or("BB_BBB").to_string();
        let n = board.chars().filter(|&c| c != '/').count();
        let p = FlipIt::new(n, 1, o.flag("adjacent"), false).map_err(bad)?;
        return Ok((p, board));
    }
    let (w, h) = match (o.size("size"), o.given("board")) {
        (Some(s), _) => s,
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
    let p = FlipIt::new(w, h, o.flag("adjacent"), o.flag("diagonal")).map_err(bad)?;
    let board = o.given("board").map_or_else(|| default_flip_board(&p), str::to_string);
    Ok((p, board))
}

/// A Flip It request ready to search.
fn prepare_flip(o: &Params, square: bool) -> Result<Prepared<FlipIt, FlipBound>, RunError> {
    let (p, board) = flip_puzzle(o, square)?;
    let start = p.parse_board(&board).map_err(bad)?;
    let fixed = o.given("goal").is_some();
    let p = match o.given("goal") {
        Some(g) => {
            let g = p.parse_board(g).map_err(|e| bad(format!("goal: {e}")))?;
            p.with_goal(FlipGoal::Board(g))
        }
        None => p,
    };
    let kind = match o.text("bound") {
        Some("corner") => BoundKind::Corner,
        _ => BoundKind::Improved,
    };
    let (algorithm, reason) = chosen(
        o.request(),
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
    let mut title = p.name();
    if fixed {
        title.push_str(" to a fixed goal board");
    }
    Ok(Prepared {
        bound: FlipBound::new(&p, kind),
        opts: run_options(o.request(), algorithm, p.state_count() <= 1 << 24),
        puzzle: p,
        start,
        name,
        reason,
        title,
    })
}

/// Runs a prepared start on a ranked puzzle (indexed by rank).
fn solve_ranked<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<SolveAnswer, RunError>
where
    P: Ranked + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    prep.answer(run_ranked(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx))
}

/// Runs a prepared start with hash-indexed graph searches.
fn solve_hashed<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<SolveAnswer, RunError>
where
    P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    prep.answer(run(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx))
}

fn flip_analyse(o: &Params, square: bool, ctx: &Context) -> Result<Longest, RunError> {
    // The size asked for, else the board's.
    let p = if square {
        let (w, h) = match o.size("size") {
            Some(s) => s,
            None => {
                let (p, _) = flip_puzzle(o, true)?;
                (p.width(), p.height())
            }
        };
        FlipIt::new(w, h, o.flag("adjacent"), o.flag("diagonal")).map_err(bad)?
    } else {
        let n = match (o.given("size"), o.given("board")) {
            (None, Some(b)) => b.chars().filter(|&c| c != '/').count(),
            _ => o.int("size").unwrap_or(6) as usize,
        };
        FlipIt::new(n, 1, o.flag("adjacent"), false).map_err(bad)?
    };
    let (a, _, orbits) = retrograde_symmetric(&p, o.request().retro(ctx, p.name()))?;
    Ok(Longest::of(
        &p,
        |s| p.grid(s),
        p.name(),
        a,
        Some(p.state_count()),
        orbits,
        o.request().limit,
    ))
}

fn flip_position(o: &Params, square: bool) -> Result<Position, RunError> {
    let (p, board) = flip_puzzle(o, square)?;
    let s = p.parse_board(&board).map_err(bad)?;
    let text = p.notation(&s);
    Ok(Position {
        cells: Some(cells_of(&text, p.width(), p.height(), "_", &["B", "W"])),
        grid: p.grid(&s),
        board: text,
        unsolvable: None,
    })
}

fn flip_scramble(o: &Params, square: bool, seed: u64, moves: u32) -> Result<String, RunError> {
    let (p, board) = flip_puzzle(o, square)?;
    let s = p.parse_board(&board).map_err(bad)?;
    // Every disc white, the empty cell where the board has it.
    let from = match o.given("goal") {
        Some(g) => p.parse_board(g).map_err(|e| bad(format!("goal: {e}")))?,
        None => FlipState {
            black: 0,
            empty: s.empty,
        },
    };
    Ok(p.notation(&random_walk(&p, &from, seed, moves).0))
}

macro_rules! flip_game {
    ($ty:ident, $name:literal, $square:literal, $summary:literal) => {
        impl Game for $ty {
            fn name(&self) -> &str {
                $name
            }
            fn summary(&self) -> String {
                $summary.into()
            }
            fn options(&self) -> Vec<OptionSpec> {
                flip_options($square)
            }
            fn answers(&self) -> Vec<&'static str> {
                vec!["solve", "longest", "position", "scramble"]
            }
            fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
                solve_ranked(&prepare_flip(&self.params(req)?, $square)?, ctx)
            }
            fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
                flip_analyse(&self.params(req)?, $square, ctx)
            }
            fn position(&self, req: &Request) -> Result<Position, RunError> {
                flip_position(&self.params(req)?, $square)
            }
            fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
                flip_scramble(&self.params(req)?, $square, seed, moves)
            }
            fn presets(&self) -> Vec<Preset> {
                published_presets($name)
            }
        }
    };
}

flip_game!(
    FlipRow,
    "flip-row",
    false,
    "Flip It in a row: discs jump over discs into the empty cell, turning the jumped discs over"
);
flip_game!(
    FlipSquare,
    "flip-square",
    true,
    "Flip It on a W x H board: jumps along rows and columns (and diagonals)"
);

// ---------------------------------------------------------- sliding tiles

/// Numbered (or lettered) tiles on a W x H board.
struct SlidingGame;
/// The Line Puzzle.
struct LineGame;

fn bound_option() -> OptionSpec {
    OptionSpec::new(
        "bound",
        Kind::Text,
        Some("auto"),
        "IDA*'s lower bound: auto (the strongest that fits), manhattan, linear-conflicts, pdb, a partition (5-5-5, 6-6-3, 7-8, 6-6-6-6), or one listed by each pattern's goal cells with the empty cell on cell 0 (1-7/8-15)",
    )
}

/// IDA*'s move pruning on sliding boards.
pub(crate) fn automaton_option() -> OptionSpec {
    OptionSpec::new(
        "automaton",
        Kind::Int { min: 0, max: 24 },
        Some(&crate::puzzles::sliding::automaton::DEFAULT_DEPTH.to_string()),
        "IDA*'s move pruning: Taylor & Korf's automaton of the duplicate move sequences up to this many moves (built once, kept beside the pattern databases); 0 keeps only \"never undo the last move\"",
    )
}

/// A* + IDA* on sliding boards: how many positions A* may hold.
pub(crate) fn frontier_option() -> OptionSpec {
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
pub(crate) fn automaton_depth(text: Option<&str>) -> Result<Option<usize>, RunError> {
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
pub(crate) fn solve_error(e: SolveError) -> RunError {
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
fn sliding_warm(p: &Sliding, start: &SlideState, o: &Params, ctx: &Context) -> Result<(), RunError> {
    if p.unsolvable_reason(start).is_some() {
        return Ok(());
    }
    Solver::new(p, solve_options(p, o, ctx)?)
        .map(|_| ())
        .map_err(solve_error)
}

/// Solves `start` of `p` with the library's choice of algorithm and bound.
fn sliding_solve(
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
fn unpacked(a: Analysis<u64>, unpack: impl Fn(u64) -> SlideState) -> Analysis<SlideState> {
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
fn sliding_analyse(p: &Sliding, title: String, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
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
fn sliding_position(p: &Sliding, s: &SlideState) -> Position {
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
    let run = crate::search::mpi::retrograde_mpi(&h, world, req.limit, ctx, opts.checkpoint.as_ref())?;
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
    include_str!("../data/korf100.txt")
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

/// The Line Puzzle's boards: a name (`start1` ... `goal3`) or a board.
fn line_board(text: &str, what: &str) -> Result<ParsedBoard, RunError> {
    sliding::line_board(text).map_err(|e| bad(format!("{what}: {e}")))
}

fn line_puzzle(o: &Params) -> Result<(Sliding, SlideState), RunError> {
    let from = line_board(o.text("board").unwrap_or("start3"), "board")?;
    let to = line_board(o.given("goal").unwrap_or("goal3"), "goal")?;
    Sliding::new(&from, Some(&to)).map_err(bad)
}

impl Game for LineGame {
    fn name(&self) -> &str {
        "line"
    }
    fn summary(&self) -> String {
        "The Line Puzzle: 4x4 tiles A x4, B x3, C x4, D x4 (quarter circles)".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "board",
                Kind::Board,
                Some("start3"),
                "the start: start1 start2 start3 goal1 goal2 goal3 (the article's boards), or a 4x4 board",
            ),
            OptionSpec::new(
                "goal",
                Kind::Board,
                None,
                "the goal, as for board; default: goal3 (goal1 for the analysis)",
            ),
            bound_option(),
            automaton_option(),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "longest", "position", "scramble"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req)?;
        let (p, s) = line_puzzle(&o)?;
        let mut answer = sliding_solve(&p, &s, "line puzzle", &o, ctx)?;
        if let SolveAnswer::Solved(out) = &mut answer {
            out.extra.insert("physical".into(), out.length as u64 + 2);
        }
        Ok(answer)
    }
    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        let o = self.params(req)?;
        let (p, s) = line_puzzle(&o)?;
        sliding_warm(&p, &s, &o, ctx)
    }
    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let o = self.params(req)?;
        let goal = line_board(o.given("goal").unwrap_or("goal1"), "goal")?;
        let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(bad)?;
        sliding_analyse(&p, "line puzzle".into(), req, ctx)
    }
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let (p, s) = line_puzzle(&self.params(req)?)?;
        Ok(sliding_position(&p, &s))
    }
    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let (p, _) = line_puzzle(&self.params(req)?)?;
        Ok(p.format(&random_walk(&p, &p.goal(), seed, moves).0))
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("line")
    }
}

// -------------------------------------------------------------- classics

struct KnightsGame;
struct JugsGame;
struct RiverGame;

/// The knights exchange from a request (`size`, or `board` with `goal`).
fn knights_puzzle(o: &Params) -> Result<(Knights, crate::puzzles::knights::KnightState), RunError> {
    match (o.given("board"), o.given("goal")) {
        (Some(b), Some(g)) => Knights::new(b, g, &KNIGHT),
        (None, None) => {
            let (w, h) = o.size("size").unwrap_or((3, 4));
            Knights::exchange(w, h)
        }
        _ => return Err(bad("give both a board and a goal")),
    }
    .map_err(bad)
}

impl Game for KnightsGame {
    fn name(&self) -> &str {
        "knights"
    }
    fn summary(&self) -> String {
        "Knight exchange: knights jump to empty cells until the two colours have swapped places".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "size",
                Kind::Size,
                Some("3x4"),
                "WxH: white knights on the top row, black on the bottom row, to be exchanged",
            ),
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "a start instead (W and B knights, _ empty, rows separated by /), with goal",
            ),
            OptionSpec::new("goal", Kind::Board, None, "the goal for board"),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "position", "scramble"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req)?;
        let (p, s) = knights_puzzle(&o)?;
        let space = Space {
            states: Some(p.arrangements().min(u64::MAX as u128) as u64),
            reversible: p.reversible(),
            goals_listed: p.goal_states().is_some(),
            strong_bound: false,
        };
        let (algorithm, reason) = chosen(req, &space);
        let name = named(algorithm, "knight distances");
        if let Some(why) = p.unsolvable_reason(&s) {
            return unreachable("knights", &name, why);
        }
        let prep = Prepared {
            opts: run_options(req, algorithm, p.arrangements() <= 1 << 24),
            bound: p.clone(),
            puzzle: p,
            start: s,
            name,
            reason,
            title: "knights".into(),
        };
        solve_hashed(&prep, ctx)
    }
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let (p, s) = knights_puzzle(&self.params(req)?)?;
        let grid = p.grid(&s);
        let text = p.format(&s);
        Ok(Position {
            cells: Some(cells_of(&text, grid.width, grid.height, "_", &[])),
            unsolvable: p.unsolvable_reason(&s),
            grid,
            board: text,
        })
    }
    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let (p, _) = knights_puzzle(&self.params(req)?)?;
        Ok(p.format(&random_walk(&p, &p.goal(), seed, moves).0))
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("knights")
    }
}

/// A start with no bound on a puzzle whose space is not counted.
fn prepare_plain<P: Puzzle>(p: P, s: P::State, req: &Request, precheck: bool, title: String) -> Prepared<P, NoBound> {
    let (algorithm, reason) = chosen(req, &Space::default());
    Prepared {
        puzzle: p,
        start: s,
        bound: NoBound,
        name: named(algorithm, "none"),
        reason,
        opts: run_options(req, algorithm, precheck),
        title,
    }
}

impl Game for JugsGame {
    fn name(&self) -> &str {
        "jugs"
    }
    fn summary(&self) -> String {
        "Water jugs: fill, empty or pour until some jug holds the target".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "capacity",
                Kind::List,
                Some("8,5"),
                "the jugs' capacities in litres, comma-separated (1 to 8 jugs)",
            ),
            OptionSpec::new(
                "target",
                Kind::Int {
                    min: 0,
                    max: crate::puzzles::jugs::MAX_CAPACITY as u64,
                },
                Some("4"),
                "litres wanted in any one jug",
            ),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req)?;
        let caps: Vec<u32> = o
            .list("capacity")
            .unwrap_or_default()
            .into_iter()
            .map(|c| u32::try_from(c).unwrap_or(u32::MAX))
            .collect();
        let target = o.int("target").unwrap_or(4) as u32;
        let listed: Vec<String> = caps.iter().map(u32::to_string).collect();
        let title = format!("jugs {} to {target}", listed.join(","));
        let (p, s) = Jugs::new(&caps, target).map_err(bad)?;
        let prep = prepare_plain(p, s, req, false, title);
        if let Some(why) = prep.puzzle.unsolvable_reason() {
            return unreachable(&prep.title, &prep.name, why);
        }
        solve_hashed(&prep, ctx)
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("jugs")
    }
}

impl Game for RiverGame {
    fn name(&self) -> &str {
        "river"
    }
    fn summary(&self) -> String {
        "Farmer, wolf, goat and cabbage cross a river in a boat for two".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        self.params(req)?;
        let (p, s) = River::classic();
        solve_hashed(&prepare_plain(p, s, req, true, "river crossing".into()), ctx)
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
    fn options(&self) -> Vec<OptionSpec> {
        crate::front::reversi::wipeout_options()
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "wipeout", "perft"]
    }
    /// The first of the shortest wipeouts ([`crate::front::reversi::wipeouts`]):
    /// its positions named by the game records that reach them.
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req)?;
        let title = format!("reversi wipeout by {}", o.text("color").unwrap_or("black"));
        let algorithm = "counting bfs (merged)";
        let found = match crate::front::reversi::wipeouts(req, ctx) {
            Ok(w) => w,
            Err(e) => return settle(Err(e), &title, None, algorithm),
        };
        let game = found
            .games
            .first()
            .ok_or_else(|| RunError::Unreachable("no wipeout found".into()))?;
        let start = Board8::start();
        let boards = start.replay(&game.record).map_err(bad)?;
        let winner = if found.color == "white" {
            crate::puzzles::reversi::Color::White
        } else {
            crate::puzzles::reversi::Color::Black
        };
        let p = Wipeout { winner };
        let plies: Vec<String> = game
            .record
            .as_bytes()
            .chunks(2)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        let stats = found.stats;
        Ok(SolveAnswer::Solved(Solved {
            puzzle: title,
            metric: None,
            algorithm: algorithm.into(),
            auto: None,
            length: plies.len(),
            extra: [
                ("plies".to_string(), u64::from(found.plies)),
                (
                    "positions_up_to_symmetry".to_string(),
                    found.positions_up_to_symmetry as u64,
                ),
                ("games".to_string(), found.sequences.min(u128::from(u64::MAX)) as u64),
            ]
            .into_iter()
            .collect(),
            boards: (0..boards.len())
                .map(|i| match plies[..i].concat() {
                    r if r.is_empty() => "start".to_string(),
                    r => r,
                })
                .collect(),
            moves: plies,
            stats,
            iterations: Vec::new(),
            replayed: boards.last().is_some_and(|b| p.is_goal(b)),
            tables: Vec::new(),
            grids: boards.iter().map(|b| p.grid(b)).collect(),
            pictures: boards
                .iter()
                .map(|b| b.render(false).lines().map(String::from).collect())
                .collect(),
            ran: Some(Algorithm::Bfs),
        }))
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("wipeout")
    }
}

/// The folders searched for a definition given by name: those of
/// `$TANSAKU_PUZZLES` (separated by `:`), then `./puzzles`.
pub fn puzzle_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("TANSAKU_PUZZLES")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    dirs.push(Path::new("puzzles").to_path_buf());
    dirs
}
