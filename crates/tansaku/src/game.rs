//! A puzzle known by name: the [`Game`] trait every front end asks, and
//! what a front end lists of a game ([`describe`]).

use crate::answer::{GameInfo, Judgement, Longest, NoSolution, Position, Preset, SolveAnswer, Solved, Traced};
use crate::options::{OptionSpec, Params, Question};
use crate::{Request, RunError};
use tansaku_core::Context;
use tansaku_core::search::SearchError;
use tansaku_core::search::auto::Algorithm;

/// A puzzle known by name: the front door every command, the server, the
/// tour and the tests go through.
pub trait Game: Send + Sync {
    /// Its name (`flip-row`, `sliding`, a definition's `name`).
    fn name(&self) -> &str;

    /// One line saying what it is.
    fn summary(&self) -> String;

    /// One line saying what `question` answers of it: for the
    /// whole-space analysis, what it covers when the game says so, else
    /// its summary.
    fn summary_of(&self, question: Question) -> String {
        match (question, self.space()) {
            (Question::Longest, Some(space)) => space.to_string(),
            _ => self.summary(),
        }
    }

    /// One line saying what its whole-space analysis covers, if it has
    /// one worth saying apart from its summary.
    fn space(&self) -> Option<&'static str> {
        None
    }

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

    /// The exact distance to the goal of the start the request names, and
    /// of the position each legal move leads to: what a player is told
    /// after every move.
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        let _ = (req, ctx);
        Err(RunError::Unsupported(format!(
            "{} cannot judge its moves yet",
            self.name()
        )))
    }

    /// The first steps of a breadth-first search from the request's start
    /// (the request's `limit`, at most [`crate::games::TRACE_STEPS`]), told as the
    /// articles teach it: each position taken from the queue, its children
    /// new or seen, the queue after.
    fn trace(&self, req: &Request, ctx: &Context) -> Result<Traced, RunError> {
        let _ = (req, ctx);
        Err(RunError::Unsupported(format!(
            "{} cannot show its breadth-first search step by step",
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
    /// `wipeout` and `perft` ([`crate::games::wipeout`]).
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

    /// The request's options read against [`Game::options`] for
    /// `question`: an unknown name or a malformed value is refused.
    fn params<'a>(&self, req: &'a Request, question: Question) -> Result<Params<'a>, RunError> {
        Params::read(self.name(), &self.options(), question, req)
    }
}

/// What a front end lists of a game: its options, the questions it
/// answers, its presets, the algorithms it may be asked to use.
///
/// ```
/// let g = tansaku::games::builtin("sliding").unwrap();
/// let info = tansaku::describe(g.as_ref());
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

/// The algorithms a solve may ask for, by name: `auto` lets the library
/// choose, the others are [`Algorithm::ALL`]'s names.
pub const ALGORITHMS: [&str; 6] = [
    "auto",
    Algorithm::ALL[0].name(),
    Algorithm::ALL[1].name(),
    Algorithm::ALL[2].name(),
    Algorithm::ALL[3].name(),
    Algorithm::ALL[4].name(),
];

/// What each of [`ALGORITHMS`] does.
pub const ALGORITHM_MEANINGS: [&str; 6] = [
    "Chosen from the size of the space and the bounds at hand: BFS for small spaces, IDA* with pattern databases for the 15- and 24-puzzle and the Line Puzzle, bidirectional search for other large spaces",
    Algorithm::ALL[0].summary(),
    Algorithm::ALL[1].summary(),
    Algorithm::ALL[2].summary(),
    Algorithm::ALL[3].summary(),
    Algorithm::ALL[4].summary(),
];

/// The algorithm named `name` (`auto`: `None`, the library's choice).
///
/// ```
/// use tansaku::algorithm;
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
