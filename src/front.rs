//! The library's front door: [`Game`], a puzzle known by name that
//! [`Game::solve`]s a start and [`Game::analyse`]s its whole space, taking
//! a [`Request`] and a [`Context`] and answering in plain data
//! ([`Outcome`], [`Analysed`]) that a front end prints without knowing the
//! puzzle's types. The built-in puzzles and every definition file are
//! games ([`crate::registry`]).

use crate::context::Context;
use crate::picture::{Grid, Picture};
use crate::render::Board;
use crate::search::auto::Algorithm;
use crate::search::retrograde::{Analysis, Bits, Checkpoint, RetroOptions};
use crate::search::{Iteration, SearchError, Solution, Stats};
use crate::{Puzzle, replay};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::path::PathBuf;
use std::time::Duration;

/// A game's options, by name (`board`, `goal`, `size`, `diagonal`, ...).
pub type Options = BTreeMap<String, String>;

/// What to solve and how.
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
    /// Slot width of a whole-space analysis's table.
    pub bits: Bits,
    /// Where a whole-space analysis writes its checkpoints, and at least
    /// how long apart; an analysis whose folder holds the checkpoint of an
    /// interrupted run of the same analysis goes on from it.
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

    /// The settings of a whole-space analysis keeping `keep` longest
    /// positions; `key` names what is analysed (the checkpoint's
    /// description: a checkpoint of anything else is refused).
    ///
    /// ```
    /// use tansaku::front::Request;
    /// let r = Request { checkpoint: Some(("runs".into(), std::time::Duration::from_secs(60))), ..Default::default() };
    /// let o = r.retro(10, &tansaku::Context::new(), "sliding 3x4".into());
    /// assert_eq!(o.checkpoint.unwrap().key, "sliding 3x4");
    /// ```
    pub fn retro(&self, keep: usize, ctx: &Context, key: String) -> RetroOptions {
        RetroOptions {
            keep,
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

    /// A yes/no option: absent, `false` or `no` is no.
    pub fn flag(&self, key: &str) -> bool {
        self.get(key).is_some_and(|v| !matches!(v, "false" | "no" | "0"))
    }
}

/// Why a game could not be solved or analysed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// An option (a board, a size, a name) is not valid for the game.
    #[error("{0}")]
    BadInput(String),
    /// A parity or counting argument shows the goal cannot be reached;
    /// nothing was searched.
    #[error("{0}")]
    Unreachable(String),
    /// The search ended without an answer.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// A solution, as plain data.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The algorithm as reported, with its bound: `idastar (corner)`.
    pub name: String,
    /// Why the library chose it, when it did.
    pub reason: Option<String>,
    /// The moves, as text.
    pub moves: Vec<String>,
    /// Every position, as rows of text (start first).
    pub pictures: Vec<Vec<String>>,
    /// Every position in one line.
    pub boards: Vec<String>,
    /// Every position as a grid, for SVG.
    pub grids: Vec<Grid>,
    /// The work done.
    pub stats: Stats,
    /// IDA*'s iterations.
    pub iterations: Vec<Iteration>,
    /// Further figures (the Line Puzzle's physical moves, the wipeout's
    /// positions up to symmetry and games).
    pub extra: Vec<(&'static str, u64)>,
    /// The moves were replayed from the start, each legal, and the last
    /// position is a goal.
    pub replayed: bool,
}

impl Outcome {
    /// The plain data of `sol`, found on `p` from `start` by `algorithm`
    /// (reported as `name`); the moves are replayed.
    pub fn of<P>(p: &P, start: &<P as Puzzle>::State, sol: &Solution<P>, algorithm: Algorithm, name: String) -> Self
    where
        P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
        P::Move: Display,
    {
        let replayed = replay(p, start, &sol.moves)
            .ok()
            .and_then(|b| b.last().cloned())
            .is_some_and(|last| p.is_goal(&last));
        Outcome {
            algorithm,
            name,
            reason: None,
            moves: sol.moves.iter().map(|m| m.to_string()).collect(),
            pictures: sol.states.iter().map(|s| p.picture(s)).collect(),
            boards: sol.states.iter().map(|s| p.notation(s)).collect(),
            grids: sol.states.iter().map(|s| p.grid(s)).collect(),
            stats: sol.stats,
            iterations: sol.iterations.clone(),
            extra: Vec::new(),
            replayed,
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the start is a goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// An analysis of the whole space, as plain data.
#[derive(Clone, Debug)]
pub struct Analysed {
    /// Positions in the ranked space, when ranks are dense.
    pub space: Option<u64>,
    /// The analysis, positions in one-line notation.
    pub analysis: Analysis<String>,
    /// The longest positions drawn as rows (as many as kept).
    pub pictures: Vec<Vec<String>>,
    /// Longest positions up to symmetry, when the puzzle has symmetries.
    pub orbits: Option<u64>,
    /// Symmetries used (names), the identity first.
    pub symmetries: Vec<String>,
    /// "dense" (a byte a rank) or "hashed" (positions reached from the
    /// start).
    pub representation: &'static str,
}

impl Analysed {
    /// The plain data of an analysis of `p`.
    pub fn of<B: Board>(b: &B, a: Analysis<B::State>, space: Option<u64>, orbits: Option<u64>) -> Self {
        let pictures = a.positions.iter().map(|s| b.picture(s)).collect();
        Analysed {
            space,
            analysis: Analysis {
                states: a.states,
                histogram: a.histogram,
                longest: a.longest,
                count: a.count,
                positions: a.positions.iter().map(|s| b.notation(s)).collect(),
                stats: a.stats,
            },
            pictures,
            orbits,
            symmetries: Vec::new(),
            representation: "dense",
        }
    }
}

/// A puzzle known by name: the front door every command, the tour and the
/// tests go through.
pub trait Game: Send + Sync {
    /// Its name (`flip-row`, `sliding`, a definition's `name`).
    fn name(&self) -> &str;
    /// One line saying what it is.
    fn summary(&self) -> String;
    /// The options it reads: (name, default, meaning).
    fn options(&self) -> Vec<(&'static str, String, &'static str)>;
    /// A shortest solution from the start the request names (or the
    /// game's default start).
    fn solve(&self, req: &Request, ctx: &Context) -> Result<Outcome, RunError>;
    /// The distance of every position to the goal; `keep` caps the longest
    /// positions returned.
    fn analyse(&self, req: &Request, keep: usize, ctx: &Context) -> Result<Analysed, RunError> {
        let _ = (req, keep, ctx);
        Err(RunError::BadInput(format!(
            "{} has no whole-space analysis",
            self.name()
        )))
    }
}
