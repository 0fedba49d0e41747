//! Reversi's questions at the front door: the shortest wipeouts
//! ([`wipeouts`]) and the move generator's leaf counts ([`perft`]). The
//! `wipeout` game's solve ([`ReversiWipeout`]) is the first game of
//! [`wipeouts`], so the two cannot disagree.

use super::common::bad;
use super::common::published_presets;
use crate::answer::Preset;
use crate::answer::{Perft, WipeoutGame, Wipeouts};
use crate::options::{Kind, OptionSpec, Params, Question};
use crate::{Game, Request, RunError, SolveAnswer, Solved, settle};
use tansaku_core::Puzzle;
use tansaku_core::context::Context;
use tansaku_core::picture::Picture;
use tansaku_core::search::SearchError;
use tansaku_core::search::auto::Algorithm;
use tansaku_core::search::counting::count_shortest;
use tansaku_puzzles::reversi::{Color, Ply, Position, Wipeout, parse_square, presented_record, square_name};

/// A game cannot last longer than this many plies (60 squares are
/// empty at the start).
pub const MAX_PLIES: u32 = 60;

/// The options of a wipeout search.
pub fn wipeout_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "color",
            Kind::Choice {
                values: &["black", "white"],
                meanings: &["Black (moves first) wipes white out", "White wipes black out"],
            },
            Some("black"),
            "The colour that must be left alone on the board",
        ),
        OptionSpec::new(
            "first",
            Kind::Text,
            None,
            "Fix the first move (a square such as F5); counts are then of games opening with it",
        )
        .value_name("SQUARE"),
    ]
}

/// The fewest plies in which `color` (default black) wipes the other
/// colour off the board from the standard start (after `first`, when
/// given), every final position merged under the start's symmetries, and
/// one game per class. Searches at most `req.max_depth` plies (and never
/// more than [`MAX_PLIES`]).
///
/// ```
/// use tansaku::Request;
/// use tansaku::games::wipeout::wipeouts;
/// let w = wipeouts(&Request::default().with("first", "F5"), &tansaku::Context::new()).unwrap();
/// assert_eq!((w.plies, w.sequences), (9, 57));
/// assert!(w.games.iter().all(|g| g.record.starts_with("F5")));
/// ```
pub fn wipeouts(req: &Request, ctx: &Context) -> Result<Wipeouts, RunError> {
    let o = Params::read("wipeout", &wipeout_options(), Question::Solve, req)?;
    let winner = match o.text("color") {
        Some("white") => Color::White,
        _ => Color::Black,
    };
    let start = Position::start();
    let first = match o.given("first") {
        None => None,
        Some(text) => {
            let sq = parse_square(text).ok_or_else(|| {
                RunError::BadInput(format!(
                    "first move '{text}' is not a square; write a column a-h and a row 1-8, e.g. F5"
                ))
            })?;
            start.play(sq).ok_or_else(|| {
                RunError::BadInput(format!(
                    "first move '{text}' is not a legal first move for black; the legal ones are C4, D3, E6 and F5"
                ))
            })?;
            Some(sq)
        }
    };
    let from = first.map_or(start, |sq| start.play(sq).expect("checked legal"));
    let played = u32::from(first.is_some());
    let limit = req.max_depth.min(MAX_PLIES);
    let p = Wipeout { winner };
    let found = count_shortest(&p, &from, true, limit.saturating_sub(played), ctx).map_err(|e| match e {
        SearchError::DepthLimit { .. } => RunError::Unreachable(format!(
            "{} cannot wipe {} out within {limit} plies",
            winner.name(),
            winner.other().name()
        )),
        e @ SearchError::Unsolvable { .. } => RunError::Unreachable(format!(
            "{} can never wipe {} out from here: {e}",
            winner.name(),
            winner.other().name()
        )),
        other => RunError::Search(other),
    })?;
    let opening = first.unwrap_or_else(|| parse_square("d3").expect("square"));
    let mut games: Vec<WipeoutGame> = found
        .classes
        .iter()
        .map(|c| {
            let moves: Vec<Ply> = first
                .map(|sq| Ply {
                    square: sq as u8,
                    by: Color::Black,
                })
                .into_iter()
                .chain(c.moves.iter().copied())
                .collect();
            let record = presented_record(&moves, opening);
            let boards = start.replay(&record).expect("a found game replays");
            WipeoutGame {
                board: boards.last().expect("the final board").compact(),
                boards: boards.iter().map(Position::compact).collect(),
                record,
            }
        })
        .collect();
    games.sort_by(|x, y| x.record.cmp(&y.record));
    Ok(Wipeouts {
        color: winner.name(),
        first: first.map(|sq| square_name(sq, Color::Black)),
        plies: found.depth + played,
        positions: found.positions(),
        positions_up_to_symmetry: found.classes.len(),
        symmetries: found.symmetries,
        sequences: found.sequences(),
        games,
        layer_sizes: found.layer_sizes.clone(),
        seconds: found.stats.seconds,
        stats: found.stats,
    })
}

impl Wipeouts {
    fn winner(&self) -> Color {
        if self.color == "white" {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The colour wiped off the board.
    ///
    /// ```
    /// use tansaku::games::wipeout::wipeouts;
    /// let w = wipeouts(&tansaku::Request::default().with("first", "F5"), &tansaku::Context::new()).unwrap();
    /// assert_eq!((w.color, w.loser()), ("black", "white"));
    /// ```
    pub fn loser(&self) -> &'static str {
        self.winner().other().name()
    }

    /// Every board of game `i` (0 the first), from the start, as pictures:
    /// the frames of an animation. `None` past the last game.
    ///
    /// ```
    /// use tansaku::games::wipeout::wipeouts;
    /// let w = wipeouts(&tansaku::Request::default().with("first", "F5"), &tansaku::Context::new()).unwrap();
    /// assert_eq!(w.frames(0).unwrap().len(), w.plies as usize + 1);
    /// assert!(w.frames(w.games.len()).is_none());
    /// ```
    pub fn frames(&self, i: usize) -> Option<Vec<tansaku_core::picture::Grid>> {
        let boards = Position::start().replay(&self.games.get(i)?.record).ok()?;
        let p = Wipeout { winner: self.winner() };
        Some(boards.iter().map(|b| p.grid(b)).collect())
    }

    /// Game `i`'s final board as text: `X` and `O` with `ascii`, else `●`
    /// and `○`.
    ///
    /// ```
    /// use tansaku::games::wipeout::wipeouts;
    /// let w = wipeouts(&tansaku::Request::default().with("first", "F5"), &tansaku::Context::new()).unwrap();
    /// let text = w.final_board(0, true).unwrap();
    /// assert!(text.contains('X') && !text.contains('O'));
    /// ```
    pub fn final_board(&self, i: usize, ascii: bool) -> Option<String> {
        let boards = Position::start().replay(&self.games.get(i)?.record).ok()?;
        Some(boards.last()?.render(ascii))
    }
}

/// Deepest perft asked for.
pub const MAX_PERFT: u32 = 60;

/// The plies of a perft asked without a depth.
pub const DEFAULT_PERFT: u32 = 8;

/// The leaves of Reversi's game tree `depth` plies from the start (a pass
/// is a ply when only the other side can move; a finished game is a
/// leaf), on every core; stops when the context says so.
///
/// ```
/// let p = tansaku::games::wipeout::perft(6, &tansaku::Context::new()).unwrap();
/// assert_eq!(p.leaves, 8200);
/// ```
pub fn perft(depth: u32, ctx: &Context) -> Result<Perft, RunError> {
    if !(1..=MAX_PERFT).contains(&depth) {
        return Err(RunError::BadOption {
            option: "depth".into(),
            value: depth.to_string(),
            expected: format!("a whole number from 1 to {MAX_PERFT}"),
        });
    }
    let t = web_time::Instant::now();
    let leaves = tansaku_puzzles::reversi::perft_within(&Position::start(), depth, ctx)
        .map_err(|stop| RunError::Search(SearchError::Stopped(stop)))?;
    Ok(Perft {
        depth,
        leaves,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Reversi's shortest wipeouts, as a game.
pub struct ReversiWipeout;

impl Game for ReversiWipeout {
    fn name(&self) -> &str {
        "wipeout"
    }
    fn summary(&self) -> String {
        "Reversi: the fewest plies in which one colour wipes the other off the board".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        crate::games::wipeout::wipeout_options()
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "wipeout", "perft"]
    }
    /// The first of the shortest wipeouts ([`crate::games::wipeout::wipeouts`]):
    /// its positions named by the game records that reach them.
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req, Question::Solve)?;
        let title = format!("reversi wipeout by {}", o.text("color").unwrap_or("black"));
        let algorithm = "counting bfs (merged)";
        let found = match crate::games::wipeout::wipeouts(req, ctx) {
            Ok(w) => w,
            Err(e) => return settle(Err(e), &title, None, algorithm),
        };
        let game = found
            .games
            .first()
            .ok_or_else(|| RunError::Unreachable("no wipeout found".into()))?;
        let start = Position::start();
        let boards = start.replay(&game.record).map_err(bad)?;
        let winner = if found.color == "white" {
            tansaku_puzzles::reversi::Color::White
        } else {
            tansaku_puzzles::reversi::Color::Black
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
            stronger_tables: None,
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
            // A ply is said as it is written (placing a disc moves none).
            names: plies.clone(),
            moves: plies,
            stats: crate::answer::SolveStats {
                work: stats,
                ..Default::default()
            },
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
