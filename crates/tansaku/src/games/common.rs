//! What the built-in games share: the algorithm chosen, a start prepared
//! for the search, the answer made from what the search returned.

use crate::answer::{Cells, JudgedMove, Judgement, Preset, Traced};
use crate::{Request, RunError, SolveAnswer, Solved, settle};
use tansaku_core::Context;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;
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

impl<P: Puzzle, H> Prepared<P, H>
where
    P: Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
{
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
    P: Ranked + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    prep.answer(run_ranked(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, ctx))
}

/// Runs a prepared start with hash-indexed graph searches.
pub(super) fn solve_hashed<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<SolveAnswer, RunError>
where
    P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
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
    P: Ranked + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    let p = &prep.puzzle;
    if p.reversible() && p.state_count() <= JUDGE_TABLE_STATES {
        return judge_by_table(p, &prep.start, key, ctx);
    }
    let distance = |s: &<P as Puzzle>::State| match run_ranked(p, s, &prep.bound, &prep.opts, ctx) {
        Ok(sol) => Ok(Some(sol.len() as u32)),
        Err(tansaku_core::search::SearchError::Unsolvable { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    };
    let here = distance(&prep.start)?;
    judge_with(p, &prep.start, "search", here, |t, _| distance(t))
}

/// The judgement of a prepared start on a puzzle without ranks (knights,
/// jugs, the river): an optimal search from the start and from each
/// position one move away, with the prepared algorithm (their spaces
/// are small).
pub(super) fn judge_searched<P, H>(prep: &Prepared<P, H>, ctx: &Context) -> Result<Judgement, RunError>
where
    P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
    H: LowerBound<P>,
{
    let p = &prep.puzzle;
    let distance = |s: &<P as Puzzle>::State| match run(p, s, &prep.bound, &prep.opts, ctx) {
        Ok(sol) => Ok(Some(sol.len() as u32)),
        Err(tansaku_core::search::SearchError::Unsolvable { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    };
    let here = distance(&prep.start)?;
    judge_with(p, &prep.start, "search", here, |t, _| distance(t))
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
    P: Ranked + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
{
    let bytes = DistanceTable::bytes_for(p.state_count());
    let table = ctx.tables().get_or_make(&format!("judge {key}"), bytes, || {
        let opts = RetroOptions {
            ctx: ctx.clone(),
            ..RetroOptions::default()
        };
        retrograde_dense(p, opts).map(|(_, t)| t)
    })?;
    judge_with(p, start, "table", table.get(p.rank(start)), |s, _| {
        Ok(table.get(p.rank(s)))
    })
}

/// The judgement of `start`, whose distance is `here`: each position one
/// move away is judged by `distance` (given the position and `here`;
/// `None`: not known); `source` says how.
pub(super) fn judge_with<P>(
    p: &P,
    start: &<P as Puzzle>::State,
    source: &'static str,
    here: Option<u32>,
    mut distance: impl FnMut(&<P as Puzzle>::State, Option<u32>) -> Result<Option<u32>, RunError>,
) -> Result<Judgement, RunError>
where
    P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
{
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
    P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: std::fmt::Display,
{
    Traced::of(p, start, req.limit.clamp(1, TRACE_STEPS))
}
