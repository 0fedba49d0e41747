//! The library's front door: every front end (the command line, the web
//! server, the page) asks its questions here and gets the same answers.
//!
//! * [`Game`]: a puzzle known by name, with its declared options
//!   ([`options`]); it [`Game::solve`]s a start, [`Game::analyse`]s its
//!   whole space, describes a board for an editor ([`Game::position`]) and
//!   scrambles one ([`Game::scramble`]).
//! * [`Request`]: what to answer and how (the options by name, the
//!   algorithm or the library's choice, limits); [`query::Query`] is the
//!   same in JSON, as a web page sends it.
//! * [`answer`]: one serializable type per kind of answer; the command
//!   line's `--json` is their serialization.
//! * [`reversi`], [`batch`], and `crate::registry::check`: the questions
//!   that are not about one game's start (Reversi's wipeouts and perft, a
//!   file of boards, a definition's expected figures).
//!
//! Errors are typed ([`RunError`]) and never name a command-line flag;
//! each front end adds its own advice.
//!
//! ```
//! use tansaku::front::{Request, answer::SolveAnswer};
//! let game = tansaku::registry::builtin("flip-row").unwrap();
//! let answer = game.solve(&Request::default().with("board", "BB_BBB"), &tansaku::Context::new()).unwrap();
//! let SolveAnswer::Solved(s) = answer else { panic!() };
//! assert_eq!((s.length, s.replayed), (8, true));
//! ```

pub mod answer;
pub mod batch;
pub mod options;
pub mod query;
pub mod reversi;

use crate::context::Context;
use crate::search::SearchError;
use crate::search::auto::Algorithm;
use crate::search::retrograde::{Bits, Checkpoint, RetroOptions};
pub use answer::{
    BatchLine, BatchTotals, CheckReport, GameInfo, Longest, NoSolution, Perft, Position, Preset, SolveAnswer, Solved,
    Wipeouts,
};
pub use options::{Kind, OptionSpec, Params};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// A game's options, by name (`board`, `goal`, `size`, `diagonal`, ...).
pub type Options = BTreeMap<String, String>;

/// The longest positions an analysis lists unless told otherwise.
pub const DEFAULT_LIMIT: usize = 1000;

/// What to answer and how.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm; `None` lets the library choose.
    pub algorithm: Option<Algorithm>,
    /// The game's options; a missing one takes the game's default.
    pub options: Options,
    /// Deepest bound iterative deepening and IDA* try.
    pub max_depth: u32,
    /// Threads for IDA*.
    pub threads: usize,
    /// Longest positions an analysis lists.
    pub limit: usize,
    /// Slot width of a whole-space analysis's table.
    pub bits: Bits,
    /// Where a whole-space analysis, or a sliding board's IDA*, writes its
    /// checkpoints, and at least how long apart; a run whose folder holds
    /// the checkpoint of an interrupted run of the same question goes on
    /// from it. Never read from a JSON question (a server writes no file).
    pub checkpoint: Option<(PathBuf, Duration)>,
    /// Where a whole-space analysis keeps its table when even two bits a
    /// position do not fit the memory budget.
    pub disk: Option<PathBuf>,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            algorithm: None,
            options: Options::new(),
            max_depth: 200,
            threads: 1,
            limit: DEFAULT_LIMIT,
            bits: Bits::Auto,
            checkpoint: None,
            disk: None,
        }
    }
}

impl Request {
    /// The same, with option `key` set to `value`.
    ///
    /// ```
    /// use tansaku::front::Request;
    /// let r = Request::default().with("board", "BB_BBB");
    /// assert_eq!(r.get("board"), Some("BB_BBB"));
    /// ```
    pub fn with(mut self, key: &str, value: &str) -> Self {
        self.options.insert(key.to_string(), value.to_string());
        self
    }

    /// The same, with `algorithm`.
    pub fn by(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = Some(algorithm);
        self
    }

    /// Option `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    /// The settings of a whole-space analysis; `key` names what is analysed
    /// (the checkpoint's description: a checkpoint of anything else is
    /// refused).
    ///
    /// ```
    /// use tansaku::front::Request;
    /// let r = Request { checkpoint: Some(("runs".into(), std::time::Duration::from_secs(60))), ..Default::default() };
    /// let o = r.retro(&tansaku::Context::new(), "sliding 3x4".into());
    /// assert_eq!(o.checkpoint.unwrap().key, "sliding 3x4");
    /// ```
    pub fn retro(&self, ctx: &Context, key: String) -> RetroOptions {
        RetroOptions {
            keep: self.limit,
            ctx: ctx.clone(),
            bits: self.bits,
            checkpoint: self.checkpoint.as_ref().map(|(dir, every)| Checkpoint {
                dir: dir.clone(),
                key,
                every: *every,
            }),
            disk: self.disk.clone(),
        }
    }
}

/// Why a question could not be answered. The messages say what is wrong
/// and what to write instead, and never name a command-line flag.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// An option's value (a board, a size, a name) is not valid for the
    /// game.
    #[error("{0}")]
    BadInput(String),
    /// A question in JSON ([`crate::ask`]) cannot be read.
    #[error("{0}")]
    BadJson(String),
    /// No game has this name.
    #[error("'{name}' is neither a built-in puzzle ({}) nor a definition{}", .known.join(", "), .place)]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The games there are.
        known: Vec<String>,
        /// Where definitions were looked for (` in puzzles`), or nothing.
        place: String,
    },
    /// The game has no option of this name.
    #[error("{game} has no option '{option}'; its options are {}", if .known.is_empty() { "none".to_string() } else { .known.join(", ") })]
    UnknownOption {
        /// The game.
        game: String,
        /// The option given.
        option: String,
        /// The options it has.
        known: Vec<String>,
    },
    /// An option's value is not of its kind.
    #[error("{option} = '{value}': write {expected}")]
    BadOption {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What a value looks like.
        expected: String,
    },
    /// A definition's text has a mistake.
    #[error(transparent)]
    Definition(#[from] crate::define::DefError),
    /// The game does not answer this question (a whole-space analysis of
    /// the water jugs).
    #[error("{0}")]
    Unsupported(String),
    /// A parity or counting argument shows the goal cannot be reached;
    /// nothing was searched. [`Game::solve`] answers it as a
    /// [`NoSolution`].
    #[error("{0}")]
    Unreachable(String),
    /// Tables (pattern databases) cannot be kept where asked.
    #[error("{0}")]
    Tables(String),
    /// The search ended without an answer.
    #[error(transparent)]
    Search(#[from] SearchError),
}

impl RunError {
    /// A short name of the error's kind, for machines: `bad-input`,
    /// `unknown-game`, `unknown-option`, `bad-option`, `bad-definition`,
    /// `bad-json`, `unsupported`, `unreachable`, `tables`, `over-budget`,
    /// `checkpoint`,
    /// `cancelled`, `time-limit`, `depth-limit`, `unsolvable`.
    ///
    /// ```
    /// use tansaku::front::RunError;
    /// assert_eq!(RunError::BadInput("x".into()).kind(), "bad-input");
    /// ```
    pub fn kind(&self) -> &'static str {
        use crate::context::Stop;
        match self {
            RunError::BadInput(_) => "bad-input",
            RunError::BadJson(_) => "bad-json",
            RunError::UnknownGame { .. } => "unknown-game",
            RunError::UnknownOption { .. } => "unknown-option",
            RunError::BadOption { .. } => "bad-option",
            RunError::Definition(_) => "bad-definition",
            RunError::Unsupported(_) | RunError::Search(SearchError::Unsupported(_)) => "unsupported",
            RunError::Unreachable(_) => "unreachable",
            RunError::Tables(_) => "tables",
            RunError::Search(SearchError::OverBudget(_)) => "over-budget",
            RunError::Search(SearchError::Checkpoint(_)) => "checkpoint",
            RunError::Search(SearchError::Stopped(Stop::Cancelled)) => "cancelled",
            RunError::Search(SearchError::Stopped(Stop::Deadline)) => "time-limit",
            RunError::Search(SearchError::DepthLimit { .. }) => "depth-limit",
            RunError::Search(SearchError::Unsolvable { .. }) => "unsolvable",
        }
    }
}

/// A puzzle known by name: the front door every command, the server, the
/// tour and the tests go through.
pub trait Game: Send + Sync {
    /// Its name (`flip-row`, `sliding`, a definition's `name`).
    fn name(&self) -> &str;

    /// One line saying what it is.
    fn summary(&self) -> String;

    /// The options it reads, each with its kind, default and help.
    fn options(&self) -> Vec<OptionSpec>;

    /// A shortest solution from the start the request names (or the
    /// game's default start), or the reason there is none.
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError>;

    /// The distance of every position to the goal.
    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let _ = (req, ctx);
        Err(RunError::Unsupported(format!(
            "{} has no whole-space analysis",
            self.name()
        )))
    }

    /// The start the request names, as a board editor shows it.
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let _ = req;
        Err(RunError::Unsupported(format!("{} has no board to edit", self.name())))
    }

    /// A start `moves` random moves away from the goal (or, for a puzzle
    /// whose moves cannot be undone, from the default start), the same for
    /// the same `seed`; written as the `board` option takes it.
    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let _ = (req, seed, moves);
        Err(RunError::Unsupported(format!("{} cannot be scrambled", self.name())))
    }

    /// The questions it answers: `solve`, and as the game implements them
    /// `longest` ([`Game::analyse`]), `position`, `scramble`; Reversi adds
    /// `wipeout` and `perft` ([`reversi`]).
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve"]
    }

    /// Named starts: the articles' instances, benchmark boards.
    fn presets(&self) -> Vec<Preset> {
        Vec::new()
    }

    /// Prepares what every solve of this request's goal shares (loads or
    /// builds its tables, kept by the context), so that a batch can time
    /// it apart.
    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        let _ = (req, ctx);
        Ok(())
    }

    /// The request's options read against [`Game::options`]: an unknown
    /// name or a malformed value is refused.
    fn params<'a>(&self, req: &'a Request) -> Result<Params<'a>, RunError> {
        Params::read(self.name(), &self.options(), req)
    }
}

/// What a front end lists of a game: its options, the questions it
/// answers, its presets, the algorithms it may be asked to use.
///
/// ```
/// let g = tansaku::registry::builtin("sliding").unwrap();
/// let info = tansaku::front::describe(g.as_ref());
/// assert!(info.answers.contains(&"longest"));
/// assert!(info.options.iter().any(|o| o.name == "board"));
/// ```
pub fn describe(game: &dyn Game) -> GameInfo {
    GameInfo {
        name: game.name().to_string(),
        summary: game.summary(),
        options: game.options(),
        answers: game.answers(),
        presets: game.presets(),
        algorithms: ALGORITHMS.to_vec(),
    }
}

/// The algorithms a solve may ask for, by name; `auto` lets the library
/// choose.
pub const ALGORITHMS: [&str; 6] = ["auto", "bfs", "bidir", "bidir-alternate", "iddfs", "idastar"];

/// The algorithm named `name` (`auto`: `None`, the library's choice).
///
/// ```
/// use tansaku::front::algorithm;
/// use tansaku::search::auto::Algorithm;
/// assert_eq!(algorithm("auto").unwrap(), None);
/// assert_eq!(algorithm("idastar").unwrap(), Some(Algorithm::IdaStar));
/// assert!(algorithm("dijkstra").is_err());
/// ```
pub fn algorithm(name: &str) -> Result<Option<Algorithm>, RunError> {
    match name.trim() {
        "auto" | "" => Ok(None),
        other => Algorithm::from_name(other)
            .map(Some)
            .ok_or_else(|| RunError::BadOption {
                option: "algorithm".into(),
                value: other.into(),
                expected: format!("one of {}", ALGORITHMS.join(", ")),
            }),
    }
}

/// The answer of a solve that ended without a solution: a proof there is
/// none (or none within the depth limit) is a [`NoSolution`]; anything
/// else stays an error.
pub fn settle(
    result: Result<Solved, RunError>,
    puzzle: &str,
    metric: Option<&str>,
    algorithm: &str,
) -> Result<SolveAnswer, RunError> {
    let none = |reason: String, stats, depth_limited| {
        Ok(SolveAnswer::NoSolution(NoSolution {
            puzzle: puzzle.to_string(),
            metric: metric.map(str::to_string),
            algorithm: algorithm.to_string(),
            length: None,
            reason,
            stats,
            depth_limited,
        }))
    };
    match result {
        Ok(s) => Ok(SolveAnswer::Solved(s)),
        Err(RunError::Unreachable(why)) => none(why, None, false),
        Err(RunError::Search(e @ SearchError::Unsolvable { stats })) => none(e.to_string(), Some(stats), false),
        Err(RunError::Search(e @ SearchError::DepthLimit { stats, .. })) => none(e.to_string(), Some(stats), true),
        Err(e) => Err(e),
    }
}

/// A small, fast, seeded random number generator (SplitMix64) for
/// scrambles: the same seed gives the same scramble on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// A random walk of `moves` moves from `start` that never steps straight
/// back to the position it came from (unless that is the only move): the
/// position reached and the moves made.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// let p = FlipIt::row(6, false);
/// let s = p.parse_board("BB_BBB").unwrap();
/// let (a, moves) = tansaku::front::random_walk(&p, &s, 7, 20);
/// assert_eq!(moves.len(), 20);
/// assert_eq!(a, tansaku::front::random_walk(&p, &s, 7, 20).0);
/// ```
pub fn random_walk<P: crate::Puzzle>(p: &P, start: &P::State, seed: u64, moves: u32) -> (P::State, Vec<P::Move>) {
    let mut rng = Rng::new(seed);
    let mut here = start.clone();
    let mut before: Option<P::State> = None;
    let mut made = Vec::new();
    for _ in 0..moves {
        let mut next = Vec::new();
        p.for_each_successor(&here, |m, t| next.push((m, t)));
        if next.is_empty() {
            break;
        }
        let forward: Vec<usize> = (0..next.len())
            .filter(|&i| Some(&next[i].1) != before.as_ref())
            .collect();
        let pick = if forward.is_empty() {
            rng.below(next.len())
        } else {
            forward[rng.below(forward.len())]
        };
        let (m, t) = next.swap_remove(pick);
        made.push(m);
        before = Some(std::mem::replace(&mut here, t));
    }
    (here, made)
}
