//! The answers of the front door, one serializable type per kind: what
//! `tansaku ... --json` prints, what `tansaku serve` returns, what the web
//! page shows. Every front end gets exactly these; none builds its own.
//!
//! | answer | from | JSON |
//! |---|---|---|
//! | [`SolveAnswer`] | [`crate::Game::solve`] | a [`Solved`] or a [`NoSolution`] |
//! | [`Longest`] | [`crate::Game::analyse`] | the whole space's distances |
//! | [`Wipeouts`] | [`crate::games::wipeout::wipeouts`] | Reversi's shortest wipeouts |
//! | [`Perft`] | [`crate::games::wipeout::perft`] | leaves N plies deep |
//! | [`BatchLine`], [`BatchTotals`] | [`crate::batch::batch`] | one board a line, then the totals |
//! | [`CheckReport`] | [`crate::games::check`] | a definition's expected figures |
//! | [`Position`] | [`crate::Game::position`] | a board as the page edits it |
//! | [`GameInfo`] | [`crate::describe`] | a game, its options and presets |

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Display;
use tansaku_core::picture::{Grid, Picture};
use tansaku_core::render::Board;
use tansaku_core::search::auto::Algorithm;
use tansaku_core::search::retrograde::Analysis;
use tansaku_core::search::{Iteration, Layers, Solution, Stats};
use tansaku_core::{Puzzle, replay};

/// A puzzle an answer can show: each position written (`Board`) and drawn
/// (`Picture`), each move named.
pub trait Drawn:
    Puzzle<Move: Display> + Board<State = <Self as Puzzle>::State> + Picture<State = <Self as Puzzle>::State>
{
}

impl<P> Drawn for P where
    P: Puzzle<Move: Display> + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>
{
}

/// A shortest solution.
#[derive(Clone, Debug, Serialize)]
pub struct Solved {
    /// The puzzle as shown (`flip-row 6`, `sliding 4x4`, `klotski`).
    pub puzzle: String,
    /// The metric, for a definition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    /// The algorithm as reported, with its bound: `idastar (corner bound)`.
    pub algorithm: String,
    /// Why the library chose the algorithm, when it chose.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto: Option<String>,
    /// Number of moves.
    pub length: usize,
    /// Further figures (the Line Puzzle's `physical` moves, the wipeout's
    /// `plies`, `positions_up_to_symmetry` and `games`).
    #[serde(flatten)]
    pub extra: BTreeMap<String, u64>,
    /// Every position in the game's one-line notation, the start first.
    pub boards: Vec<String>,
    /// The moves, as text.
    pub moves: Vec<String>,
    /// The moves as a person says them: the piece and where it went
    /// (`B↓`, `8 ←`, `♘→↓2`), read from the boards before and after; the
    /// move's text where no one piece shifted (`R U2`, `fill 1`).
    pub names: Vec<String>,
    /// The work done.
    pub stats: SolveStats,
    /// IDA*'s work per cost bound (absent for the graph searches).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub iterations: Vec<Iteration>,
    /// The moves were replayed from the start, each legal, and the last
    /// position is a goal.
    pub replayed: bool,
    /// The pattern databases a definition's IDA* used, derived from the
    /// file (absent otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<tansaku_define::prune::TableReport>,
    /// Every position as a grid of glyphs, for pictures.
    pub grids: Vec<Grid>,
    /// Stronger tables than the ones this solve took, which fit but are
    /// not built yet (absent otherwise): built once, ahead, they make
    /// every later solve of the puzzle faster.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stronger_tables: Option<Box<StrongerTables>>,
    /// Every position as rows of text (not serialized).
    #[serde(skip)]
    pub pictures: Vec<Vec<String>>,
    /// The algorithm that ran (not serialized: `algorithm` names it).
    #[serde(skip)]
    pub ran: Option<Algorithm>,
}

/// A solve's work (`generated`, `expanded`, `seconds`) and, for the graph
/// searches, the states stored at each depth (`layers`).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SolveStats {
    /// The work, serialized in place (`stats.generated`, ...).
    #[serde(flatten)]
    pub work: Stats,
    /// Breadth-first search: `{"forward": [1, 2, 4, ...]}`, the states
    /// stored at each depth; bidirectional search: `forward` and
    /// `backward`; absent for the tree searches.
    #[serde(skip_serializing_if = "Layers::is_empty")]
    pub layers: Layers,
}

impl std::ops::Deref for SolveStats {
    type Target = Stats;
    fn deref(&self) -> &Stats {
        &self.work
    }
}

/// Pattern databases a solve would rather have had: what to build ahead.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StrongerTables {
    /// The partition, as a bound is named (`7-8z`).
    pub bound: String,
    /// The board, `WxH`.
    pub size: String,
    /// The goal, in the board's notation.
    pub goal: String,
    /// Bytes of the tables once built.
    pub bytes: u64,
}

/// The names of `moves` (see [`Solved::names`]), from the grids of the
/// positions they lead through (the start first).
pub fn move_names(grids: &[Grid], moves: &[String]) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| match (grids.get(i), grids.get(i + 1)) {
            (Some(a), Some(b)) => a.move_name(b, m),
            _ => m.clone(),
        })
        .collect()
}

impl Solved {
    /// The answer for `sol`, found on `p` from `start` by the algorithm
    /// `ran` (reported as `algorithm`); the moves are replayed.
    pub fn of<P>(
        p: &P,
        start: &<P as Puzzle>::State,
        sol: &Solution<P>,
        puzzle: String,
        ran: Algorithm,
        algorithm: String,
    ) -> Self
    where
        P: Drawn,
    {
        let replayed = replay(p, start, &sol.moves)
            .ok()
            .and_then(|b| b.last().cloned())
            .is_some_and(|last| p.is_goal(&last));
        let grids: Vec<Grid> = sol.states.iter().map(|s| p.grid(s)).collect();
        let moves: Vec<String> = sol.moves.iter().map(|m| m.to_string()).collect();
        Solved {
            names: if p.moves_shift_pieces() {
                move_names(&grids, &moves)
            } else {
                moves.clone()
            },
            stronger_tables: None,
            puzzle,
            metric: None,
            algorithm,
            auto: None,
            length: sol.moves.len(),
            extra: BTreeMap::new(),
            boards: sol.states.iter().map(|s| p.notation(s)).collect(),
            moves,
            stats: SolveStats {
                work: sol.stats,
                layers: sol.layers.clone(),
            },
            iterations: sol.iterations.clone(),
            replayed,
            tables: Vec::new(),
            grids,
            pictures: sol.states.iter().map(|s| p.picture(s)).collect(),
            ran: Some(ran),
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.length
    }

    /// True when the start is a goal.
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }
}

/// No solution: a proof before any search (parity), a search of the whole
/// space, or none within the depth limit.
#[derive(Clone, Debug, Serialize)]
pub struct NoSolution {
    /// The puzzle as shown.
    pub puzzle: String,
    /// The metric, for a definition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    /// The algorithm as reported.
    pub algorithm: String,
    /// Always `null`: there is no length.
    pub length: Option<usize>,
    /// Why.
    pub reason: String,
    /// The work done; `null` when nothing was searched.
    pub stats: Option<Stats>,
    /// The search stopped at its depth limit: a longer solution may exist.
    #[serde(skip)]
    pub depth_limited: bool,
}

/// What a solve answers: a solution, or the reason there is none.
// One answer a solve, made once and moved a few times: the size of its
// larger variant costs nothing worth a box that every caller unwraps.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum SolveAnswer {
    /// A shortest solution.
    Solved(Solved),
    /// No solution.
    NoSolution(NoSolution),
}

impl SolveAnswer {
    /// The solution, if there is one.
    pub fn solved(&self) -> Option<&Solved> {
        match self {
            SolveAnswer::Solved(s) => Some(s),
            SolveAnswer::NoSolution(_) => None,
        }
    }

    /// The solution; panics (with the reason) when there is none. For
    /// tests and examples.
    pub fn unwrap(self) -> Solved {
        match self {
            SolveAnswer::Solved(s) => s,
            SolveAnswer::NoSolution(n) => panic!("no solution: {}", n.reason),
        }
    }
}

/// The distance of every position to the goal: the longest, every longest
/// position (as many as asked for), the histogram.
#[derive(Clone, Debug, Serialize)]
pub struct Longest {
    /// The puzzle as shown.
    pub puzzle: String,
    /// The metric, for a definition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    /// Positions in the ranked space (the reachable ones where the space
    /// is not ranked).
    pub space: u64,
    /// The start set the distances are counted over, as written, when
    /// they are not counted over every position (a definition's `from`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Positions that reach the goal (of the start set, with `from`).
    pub states: u64,
    /// The longest distance (God's number for this goal).
    pub longest: u32,
    /// Positions at that distance.
    pub count: u64,
    /// The same, up to the puzzle's symmetries, where it has some.
    pub count_up_to_symmetry: Option<u64>,
    /// `histogram[d]` positions lie `d` moves from the goal.
    pub histogram: Vec<u64>,
    /// The same in classes of symmetric positions, where the table kept a
    /// slot a class (`symmetries` lists them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub histogram_up_to_symmetry: Option<Vec<u64>>,
    /// Longest positions in one-line notation (at most the limit asked).
    pub positions: Vec<String>,
    /// Fewer positions are listed than there are.
    pub truncated: bool,
    /// `generated`: positions that received a distance; `expanded`:
    /// positions whose moves were generated.
    pub stats: Stats,
    /// The symmetries used (names, the identity first), where there are
    /// several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub symmetries: Vec<String>,
    /// `dense` (a slot per rank) or `hashed` (positions reached).
    pub representation: &'static str,
    /// How a `.tws` puzzle's positions were numbered, and what its moves'
    /// group says of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranking: Option<Ranking>,
    /// The listed positions as grids of glyphs.
    pub grids: Vec<Grid>,
    /// The listed positions as rows of text (not serialized).
    #[serde(skip)]
    pub pictures: Vec<Vec<String>>,
}

impl Longest {
    /// The answer for an analysis of `b` (whose positions are drawn by `b`
    /// and `picture`), listing at most `limit` positions.
    pub fn of<B: Board>(
        b: &B,
        grid: impl Fn(&B::State) -> Grid,
        puzzle: String,
        a: Analysis<B::State>,
        space: Option<u64>,
        orbits: Option<u64>,
        limit: usize,
    ) -> Self {
        let shown = &a.positions[..a.positions.len().min(limit)];
        Longest {
            puzzle,
            metric: None,
            space: space.unwrap_or(a.states),
            from: None,
            states: a.states,
            longest: a.longest,
            count: a.count,
            count_up_to_symmetry: orbits,
            histogram: a.histogram.clone(),
            histogram_up_to_symmetry: None,
            positions: shown.iter().map(|s| b.notation(s)).collect(),
            truncated: (shown.len() as u64) < a.count,
            stats: a.stats,
            symmetries: Vec::new(),
            representation: "dense",
            ranking: None,
            grids: shown.iter().map(grid).collect(),
            pictures: shown.iter().map(|s| b.picture(s)).collect(),
        }
    }
}

/// How an analysis of a `.tws` puzzle numbered its positions: one slot an
/// arrangement of the sets' pieces, or one a position the moves reach
/// (their orbits, the parities and orientation sums they keep), checked
/// against the order of the group the moves generate.
#[derive(Clone, Debug, Serialize)]
pub struct Ranking {
    /// `reachable` (the positions the moves reach, or a few more: see
    /// `exact`), `classes` (classes of them under the puzzle's symmetries,
    /// one slot each) or `arrangements` (every arrangement of the sets'
    /// pieces).
    pub ranks: &'static str,
    /// The table's slots.
    pub slots: u64,
    /// Arrangements of the sets' pieces, reachable or not (`u64::MAX`
    /// past it).
    pub arrangements: u64,
    /// The order of the group the moves generate (Schreier–Sims), in
    /// decimal: the positions, when no pieces are alike.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_order: Option<String>,
    /// Every slot is a position the moves reach.
    pub exact: bool,
    /// Why the slots are not one a reachable position, when they are not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// One shortest wipeout game, a representative of its class.
#[derive(Clone, Debug, Serialize)]
pub struct WipeoutGame {
    /// The game record (black in capitals, white in lower case).
    pub record: String,
    /// The final board, rows of `X` (black), `O` (white), `.` separated by
    /// `/`.
    pub board: String,
    /// Every board from the start to the final one, written as `board`.
    pub boards: Vec<String>,
}

/// Reversi's shortest wipeouts: the fewest plies, every final position,
/// and how many games reach them.
#[derive(Clone, Debug, Serialize)]
pub struct Wipeouts {
    /// The colour left alone on the board.
    pub color: &'static str,
    /// The first move, when it was fixed.
    pub first: Option<String>,
    /// The fewest plies.
    pub plies: u32,
    /// Distinct final positions.
    pub positions: u64,
    /// The same, up to the start's symmetries.
    pub positions_up_to_symmetry: usize,
    /// Symmetries used to merge positions.
    pub symmetries: usize,
    /// Distinct game records reaching a wipeout in `plies`.
    pub sequences: u128,
    /// One game per class, sorted by record.
    pub games: Vec<WipeoutGame>,
    /// Positions stored per ply (merged).
    pub layer_sizes: Vec<u64>,
    /// Seconds of search.
    pub seconds: f64,
    /// The work done (not serialized: `layer_sizes` and `seconds` show it).
    #[serde(skip)]
    pub stats: Stats,
}

/// Leaves of Reversi's game tree `depth` plies from the start.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Perft {
    /// Plies.
    pub depth: u32,
    /// Leaves.
    pub leaves: u64,
    /// Seconds.
    pub seconds: f64,
}

/// The answer for one line of a batch.
#[derive(Clone, Debug, Serialize)]
pub struct BatchLine {
    /// The line's number in the file, from 1.
    pub line: usize,
    /// The board as written.
    pub board: String,
    /// The solution's length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// Every position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<String>>,
    /// The moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The work done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// IDA*'s work per cost bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Vec<Iteration>>,
    /// Why there is no answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The line could not be read or used (as opposed to: it has no
    /// solution).
    #[serde(skip)]
    pub bad: bool,
    /// The algorithm as reported (not serialized: the totals name it).
    #[serde(skip)]
    pub algorithm: Option<String>,
}

/// The totals of a batch.
#[derive(Clone, Debug, Default, Serialize)]
pub struct BatchTotals {
    /// Boards read.
    pub boards: usize,
    /// Boards solved.
    pub solved: usize,
    /// Boards shown to have no solution.
    pub unsolvable: usize,
    /// Lines that could not be read or used.
    pub bad: usize,
    /// Moves of every solution.
    pub moves: u64,
    /// States generated over every board.
    pub generated: u64,
    /// States expanded over every board.
    pub expanded: u64,
    /// Search time over every board.
    pub seconds: f64,
    /// Time to choose the algorithm and load or build its tables.
    pub setup_seconds: f64,
    /// The algorithm, as the first board reported it.
    pub algorithm: Option<String>,
}

/// A definition's expected figures beside tansaku's.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    /// The file as named.
    pub file: String,
    /// The puzzle's name.
    pub puzzle: String,
    /// One line saying what it is.
    pub summary: String,
    /// Every figure agrees (true when there is none to check).
    pub ok: bool,
    /// The figures compared.
    pub figures: Vec<Checked>,
}

/// One figure `tansaku check` compared.
#[derive(Clone, Debug, Serialize)]
pub struct Checked {
    /// The metric.
    pub metric: String,
    /// The figure (`length`, `states`, ..., `levels` and `positions at
    /// distance D` for a histogram).
    pub figure: String,
    /// What the file expects.
    pub expected: u64,
    /// What tansaku found.
    pub found: u64,
}

impl Checked {
    /// True when they agree.
    pub fn ok(&self) -> bool {
        self.expected == self.found
    }
}

/// A position judged: its exact distance to the goal and that of the
/// position each legal move leads to, so that a player sees which moves
/// bring the goal closer.
#[derive(Clone, Debug, Serialize)]
pub struct Judgement {
    /// The position, in the game's notation.
    pub board: String,
    /// Its distance to the goal: `None` when it is not known (the goal
    /// cannot be reached from it, see `reason`, or no search proved it).
    pub distance: Option<u32>,
    /// Why no sequence of moves reaches the goal from it, when that is
    /// proved (the distance is then `None`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Where the distances come from: `table`, the whole space's distance
    /// table (computed once and kept by the context), or `search`, an
    /// optimal search from each position.
    pub source: &'static str,
    /// Each legal move, in the order the puzzle makes them.
    pub moves: Vec<JudgedMove>,
}

/// One legal move of a judged position.
#[derive(Clone, Debug, Serialize)]
pub struct JudgedMove {
    /// The move, as the solutions' `moves` write it.
    #[serde(rename = "move")]
    pub name: String,
    /// The move as a person says it (`B↓`, `8 ←`; see [`Solved::names`]).
    #[serde(rename = "name")]
    pub said: String,
    /// The position it leads to, in the game's notation.
    pub board: String,
    /// That position's distance to the goal, `None` when not known.
    pub distance: Option<u32>,
    /// Its distance minus the judged position's: −1 closer, 0 the same,
    /// +1 farther; `None` when either is not known.
    pub delta: Option<i64>,
}

/// Breadth-first search told step by step (`tansaku trace`, `POST
/// /api/trace`): the position taken from the front of the queue, each of
/// its children new or already seen, and the queue after the step, as the
/// articles teach it.
#[derive(Clone, Debug, Serialize)]
pub struct Traced {
    /// The start.
    pub start: Shown,
    /// The steps, the first expanding the start; the last finds the goal
    /// when `found`.
    pub steps: Vec<TracedStep>,
    /// True when the last step found a goal (else the steps stopped at
    /// `limit`, or the queue ran out).
    pub found: bool,
    /// The most steps told.
    pub limit: usize,
}

/// A position as a front end shows it: its notation and its picture.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    /// The board in the game's notation.
    pub board: String,
    /// Its picture.
    pub grid: Grid,
}

/// One step of [`Traced`].
#[derive(Clone, Debug, Serialize)]
pub struct TracedStep {
    /// The expanded position's distance from the start.
    pub depth: u32,
    /// The position taken from the queue.
    pub expanded: Shown,
    /// Each legal move's position.
    pub children: Vec<TracedChild>,
    /// The front of the queue after the step (at most [`TRACE_QUEUE_SHOWN`]).
    pub queue: Vec<Shown>,
    /// The queue's whole length.
    pub queued: usize,
    /// Positions seen so far.
    pub seen: usize,
}

/// The most positions of the queue a [`TracedStep`] shows.
pub const TRACE_QUEUE_SHOWN: usize = 12;

/// A child in a [`TracedStep`].
#[derive(Clone, Debug, Serialize)]
pub struct TracedChild {
    /// The move, as solutions write it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move as a person says it (`8 ←`).
    pub name: String,
    /// The position.
    #[serde(flatten)]
    pub shown: Shown,
    /// Not seen before: it joins the back of the queue.
    pub new: bool,
    /// A goal: the search ends.
    pub goal: bool,
}

impl Traced {
    /// The first `limit` steps of a breadth-first search of `p` from
    /// `start`.
    pub fn of<P>(p: &P, start: &<P as Puzzle>::State, limit: usize) -> Self
    where
        P: Drawn,
    {
        let shown = |s: &<P as Puzzle>::State| Shown {
            board: p.notation(s),
            grid: p.grid(s),
        };
        let steps = tansaku_core::search::trace::bfs_trace(p, start, limit, TRACE_QUEUE_SHOWN);
        let found = steps.last().is_some_and(|s| s.children.iter().any(|c| c.goal));
        let steps = steps
            .into_iter()
            .map(|step| {
                let from = p.grid(&step.state);
                TracedStep {
                    depth: step.depth,
                    children: step
                        .children
                        .iter()
                        .map(|c| {
                            let mv = c.mv.to_string();
                            let to = shown(&c.state);
                            TracedChild {
                                name: if p.moves_shift_pieces() {
                                    from.move_name(&to.grid, &mv)
                                } else {
                                    mv.clone()
                                },
                                mv,
                                shown: to,
                                new: c.new,
                                goal: c.goal,
                            }
                        })
                        .collect(),
                    expanded: Shown {
                        board: p.notation(&step.state),
                        grid: from,
                    },
                    queue: step.queue.iter().map(shown).collect(),
                    queued: step.queued,
                    seen: step.seen,
                }
            })
            .collect();
        Traced {
            start: shown(start),
            steps,
            found,
            limit,
        }
    }
}

/// A board as a front end edits it: its notation, its picture, its cells
/// as tokens, and whether it can reach the goal at all.
#[derive(Clone, Debug, Serialize)]
pub struct Position {
    /// The board in the game's notation (what `board` options take).
    pub board: String,
    /// Its picture.
    pub grid: Grid,
    /// The cells as tokens, row by row, when the board is a grid of cells
    /// that can be edited one by one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Cells>,
    /// Why the board cannot reach the goal, when a parity or counting
    /// argument shows it.
    pub unsolvable: Option<String>,
}

/// A board's cells as tokens, and how to write them back.
#[derive(Clone, Debug, Serialize)]
pub struct Cells {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The token of every cell, row by row.
    pub tokens: Vec<String>,
    /// The empty cell's token.
    pub empty: String,
    /// Tokens a cell may be changed to in place (Flip It's `B` and `W`);
    /// empty when cells are only exchanged.
    pub palette: Vec<String>,
    /// Tokens are written separated by spaces (tiles of 10 and up), rows
    /// by `/`; otherwise one character each.
    pub spaced: bool,
}

/// A named start (and options) of a game: an article's instance, one of
/// Korf's boards.
#[derive(Clone, Debug, Serialize)]
pub struct Preset {
    /// How it is shown.
    pub name: String,
    /// The game's options that make it.
    pub options: BTreeMap<String, String>,
    /// The published length, where one is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<u32>,
}

/// A game as a front end lists it.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// Its name.
    pub name: String,
    /// One line saying what it is.
    pub summary: String,
    /// Its options.
    pub options: Vec<crate::options::OptionSpec>,
    /// The questions it answers: `solve`, `longest`, `position`,
    /// `scramble`, `wipeout`, `perft`.
    pub answers: Vec<&'static str>,
    /// Named starts.
    pub presets: Vec<Preset>,
    /// The algorithms a solve may ask for.
    pub algorithms: Vec<&'static str>,
}
