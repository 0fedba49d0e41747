//! What the built-in games share: the algorithm chosen, a start prepared
//! for the search, the answer made from what the search returned.

use crate::answer::{Cells, Drawn, JudgedMove, Judgement, Preset, Traced};
use crate::{Request, RunError, SolveAnswer, Solved, settle};
use tansaku_core::Context;
use tansaku_core::search::auto::{Algorithm, RunOptions, Space, choose, run, run_ranked};
use tansaku_core::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense};
use tansaku_core::search::{LowerBound, NoBound};
use tansaku_core::{Puzzle, Ranked};

/// The algorithm of a request, or the library's choice for `space`.
pub(super) fn chosen(req: &Request, space: &Space) -> (Algorithm, Option<String>) {
    match req.algorithm {
        Some(a) => (a, None),
        None => {
            let (a, why) = choose(space);
            (a, Some(why))
        }
    }
}

pub(super) fn run_options(req: &Request, algorithm: Algorithm, precheck: bool) -> RunOptions {
    RunOptions {
        algorithm,
        max_depth: req.max_depth,
        threads: req.threads(),
        precheck,
    }
}

pub(super) fn bad(e: impl std::fmt::Display) -> RunError {
    RunError::BadInput(e.to_string())
}

/// The algorithm's name with the bound IDA* uses.
pub(super) fn named(algorithm: Algorithm, bound: &str) -> String {
    match algorithm {
        Algorithm::IdaStar => format!("idastar ({bound})"),
        other => other.name().to_string(),
    }
}

/// The presets of `game`: its instances in the published figures.
pub(super) fn published_presets(game: &str) -> Vec<Preset> {
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
pub(super) fn cells_of(board: &str, width: usize, height: usize, empty: &str, palette: &[&str]) -> Cells {
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
pub(super) struct Prepared<P: Puzzle, H> {
    pub(super) puzzle: P,
    pub(super) start: P::State,
    pub(super) bound: H,
    /// How the algorithm is reported, bound included.
    pub(super) name: String,
    /// Why the library chose the algorithm, when it did.
    pub(super) reason: Option<String>,
    pub(super) opts: RunOptions,
    /// The puzzle as shown.
    pub(super) title: String,
}

impl<P: Drawn, H> Prepared<P, H> {
    /// The answer for what the search returned.
    pub(super) fn answer(
        &self,
        result: Result<tansaku_core::search::Solution<P>, tansaku_core::search::SearchError>,
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
pub(super) fn unreachable(title: &str, algorithm: &str, why: String) -> Result<SolveAnswer, RunError> {
    settle(Err(RunError::Unreachable(why)), title, None, algorithm)
}

/// Runs a prepared start on a ranked puzzle (indexed by rank).
pub(super) fn solve_ranked<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<SolveAnswer, RunError>
where
    P: Ranked + Drawn,
    H: LowerBound<P>,
{
    prep.answer(run_ranked(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx))
}

/// Runs a prepared start with hash-indexed graph searches.
pub(super) fn solve_hashed<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<SolveAnswer, RunError>
where
    P: Drawn,
    H: LowerBound<P>,
{
    prep.answer(run(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx))
}

/// A start with no bound on a puzzle whose space is not counted.
pub(super) fn prepare_plain<P: Puzzle>(
    p: P,
    s: P::State,
    req: &Request,
    precheck: bool,
    title: String,
) -> Prepared<P, NoBound> {
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

/// The most positions whose whole distance table a judgement computes
/// (a byte each, kept by the context): Flip It's boards and the
/// 8-puzzle's 181,440 are judged by lookups; larger spaces by an optimal
/// search from each position.
pub(super) const JUDGE_TABLE_STATES: u64 = 1 << 27;

/// The judgement of a prepared start on a ranked puzzle: the start's
/// distance and each move's. A reversible puzzle whose space is at most
/// [`JUDGE_TABLE_STATES`] is judged by its whole distance table
/// ([`judge_by_table`]); any other is searched optimally from each
/// position with the prepared algorithm.
pub(super) fn judge_ranked<P, H>(prep: &Prepared<P, H>, key: &str, ctx: &Context) -> Result<Judgement, RunError>
where
    P: Ranked + Drawn,
    H: LowerBound<P>,
{
    let p = &prep.puzzle;
    if p.reversible() && p.state_count() <= JUDGE_TABLE_STATES {
        return judge_by_table(p, &prep.start, key, ctx);
    }
    let reach = |s: &<P as Puzzle>::State| reached(run_ranked(p, s, &prep.bound, &prep.opts, ctx).map(|s| s.len()));
    let here = reach(&prep.start)?;
    judge_with(p, &prep.start, "search", here, |t, _| Ok(reach(t)?.distance()))
}

/// The judgement of a prepared start on a puzzle without ranks (knights,
/// jugs, the river): an optimal search from the start and from each
/// position one move away, with the prepared algorithm (their spaces
/// are small).
pub(super) fn judge_searched<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<Judgement, RunError>
where
    P: Drawn,
    H: LowerBound<P>,
{
    let p = &prep.puzzle;
    let reach = |s: &<P as Puzzle>::State| reached(run(p, s, &prep.bound, &prep.opts, ctx).map(|s| s.len()));
    let here = reach(&prep.start)?;
    judge_with(p, &prep.start, "search", here, |t, _| Ok(reach(t)?.distance()))
}

/// The judgement of `start` by the whole space's distance table, made
/// once from the puzzle's goals and kept by the context under `key`
/// (which names the puzzle and its goal): each distance is a lookup.
pub(super) fn judge_by_table<P>(
    p: &P,
    start: &<P as Puzzle>::State,
    key: &str,
    ctx: &Context,
) -> Result<Judgement, RunError>
where
    P: Ranked + Drawn,
{
    let bytes = DistanceTable::bytes_for(p.state_count());
    let table = ctx.tables().get_or_make(&format!("judge {key}"), bytes, || {
        let opts = RetroOptions {
            ctx: ctx.clone(),
            ..RetroOptions::default()
        };
        retrograde_dense(p, opts).map(|(_, t)| t)
    })?;
    let here = match table.get(p.rank(start)) {
        Some(d) => Here::At(d),
        None => Here::Unreachable(UNREACHED.to_string()),
    };
    judge_with(p, start, "table", here, |s, _| Ok(table.get(p.rank(s))))
}

/// Why a position the whole distance table does not hold is unreachable.
const UNREACHED: &str =
    "no sequence of moves reaches the goal from it (a breadth-first search from the goal never meets it)";

/// What is known of a judged position's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Here {
    /// Exactly this many moves.
    At(u32),
    /// Not proved (a search that stopped at its bound).
    Unknown,
    /// No sequence of moves reaches the goal, and why.
    Unreachable(String),
}

impl Here {
    /// The distance, when known.
    pub(super) fn distance(&self) -> Option<u32> {
        match self {
            Here::At(d) => Some(*d),
            Here::Unknown | Here::Unreachable(_) => None,
        }
    }
}

/// A search's outcome as a judged distance: a solution's length, or
/// unreachable when the search proved no goal can be reached.
fn reached(found: Result<usize, tansaku_core::search::SearchError>) -> Result<Here, RunError> {
    match found {
        Ok(len) => Ok(Here::At(len as u32)),
        Err(e @ tansaku_core::search::SearchError::Unsolvable { .. }) => Ok(Here::Unreachable(e.to_string())),
        Err(e) => Err(e.into()),
    }
}

/// The judgement of `start`, whose distance is `here`: each position one
/// move away is judged by `distance` (given the position and `here`'s
/// distance; `None`: not known); `source` says how.
pub(super) fn judge_with<P>(
    p: &P,
    start: &<P as Puzzle>::State,
    source: &'static str,
    here: Here,
    mut distance: impl FnMut(&<P as Puzzle>::State, Option<u32>) -> Result<Option<u32>, RunError>,
) -> Result<Judgement, RunError>
where
    P: Drawn,
{
    let (reason, here) = match here {
        Here::Unreachable(why) => (Some(why), None),
        known => (None, known.distance()),
    };
    let mut next = Vec::new();
    p.for_each_successor(start, |m, t| next.push((m, t)));
    let mut moves = Vec::with_capacity(next.len());
    let from = p.grid(start);
    for (m, t) in &next {
        let d = distance(t, here)?;
        let name = m.to_string();
        moves.push(JudgedMove {
            said: if p.moves_shift_pieces() {
                from.move_name(&p.grid(t), &name)
            } else {
                name.clone()
            },
            name,
            board: p.notation(t),
            distance: d,
            delta: here.zip(d).map(|(a, b)| i64::from(b) - i64::from(a)),
        });
    }
    Ok(Judgement {
        board: p.notation(start),
        distance: here,
        reason,
        source,
        moves,
    })
}

/// The most steps a breadth-first search is told in ([`crate::Game::trace`]):
/// a walk through for a person, not a search.
pub const TRACE_STEPS: usize = 1000;

/// The trace of a request's start on `p` (its `limit` steps, at most
/// [`TRACE_STEPS`]).
pub(super) fn trace_of<P>(p: &P, start: &<P as Puzzle>::State, req: &Request) -> Traced
where
    P: Drawn,
{
    Traced::of(p, start, req.limit.clamp(1, TRACE_STEPS))
}
