//! Flip It, in a row (`flip-row`) and on a W x H board (`flip-square`).

use super::common::*;
use crate::answer::{Judgement, Position, Preset, Traced};
use crate::options::{BOTH, Kind, LONGEST, OptionSpec, Params, Question};
use crate::{Game, Longest, Request, RunError, SolveAnswer, random_walk};
use tansaku_core::Context;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;
use tansaku_core::search::auto::Space;
use tansaku_core::search::retrograde::retrograde_symmetric;
use tansaku_core::{Puzzle, Ranked};
use tansaku_puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};

/// Flip It in a row.
pub struct FlipRow;
/// Flip It on a W x H board.
pub struct FlipSquare;

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

/// The lower bounds of Flip It's IDA*.
const BOUNDS: Kind = Kind::Choice {
    values: &["corner", "improved"],
    meanings: &[
        "The seed article's: 2 moves per black disc in a corner",
        "tansaku's: also a weighted disc count and, for a goal board, the empty cell's distance",
    ],
};

fn flip_options(square: bool) -> Vec<OptionSpec> {
    let mut o = if square {
        vec![
            OptionSpec::new(
                "size",
                Kind::Size,
                None,
                "Board size WxH; default: from the board, else 4x4",
            )
            .read_by(BOTH)
            .value_name("SIZE"),
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "Start board (B black, W white, _ empty, rows separated by /); default: all black with the empty cell at row 2, column 2 (the article's instance on 4x4)",
            ),
        ]
    } else {
        vec![
            OptionSpec::new("board", Kind::Board, Some("BB_BBB"), "Start board (its length sets N)"),
            OptionSpec::new(
                "size",
                Kind::Int { min: 2, max: 64 },
                Some("6"),
                "Number of cells N of the whole space analysed (default: the board's length, else 6)",
            )
            .read_by(LONGEST),
        ]
    };
    o.push(OptionSpec::new(
        "goal",
        Kind::Board,
        None,
        "Goal board; default: every disc white, the empty cell anywhere",
    ));
    if square {
        o.push(
            OptionSpec::new(
                "diagonal",
                Kind::Flag,
                None,
                "Variant rule: discs also jump along diagonals of 3 or more cells",
            )
            .read_by(BOTH),
        );
    }
    o.push(
        OptionSpec::new(
            "adjacent",
            Kind::Flag,
            None,
            "Variant rule: a disc next to the empty cell may slide into it",
        )
        .read_by(BOTH),
    );
    o.push(OptionSpec::new("bound", BOUNDS, Some("improved"), "IDA*'s lower bound"));
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
        let n = match (o.has("size"), o.given("board")) {
            (false, Some(b)) => b.chars().filter(|&c| c != '/').count(),
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
    ($ty:ident, $name:literal, $square:literal, $summary:literal, $space:literal) => {
        impl Game for $ty {
            fn name(&self) -> &str {
                $name
            }
            fn summary(&self) -> String {
                $summary.into()
            }
            fn space(&self) -> Option<&'static str> {
                Some($space)
            }
            fn options(&self) -> Vec<OptionSpec> {
                flip_options($square)
            }
            fn answers(&self) -> Vec<&'static str> {
                vec!["solve", "longest", "position", "scramble", "judge", "trace"]
            }
            fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
                let o = self.params(req, Question::Solve)?;
                let prep = prepare_flip(&o, $square)?;
                let key = format!(
                    "{} to {}",
                    prep.title,
                    o.given("goal").unwrap_or("any all-white board")
                );
                judge_ranked(&prep, &key, ctx)
            }
            fn trace(&self, req: &Request, _ctx: &Context) -> Result<Traced, RunError> {
                let prep = prepare_flip(&self.params(req, Question::Solve)?, $square)?;
                Ok(trace_of(&prep.puzzle, &prep.start, req))
            }
            fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
                solve_ranked(&prepare_flip(&self.params(req, Question::Solve)?, $square)?, ctx)
            }
            fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
                flip_analyse(&self.params(req, Question::Longest)?, $square, ctx)
            }
            fn position(&self, req: &Request) -> Result<Position, RunError> {
                flip_position(&self.params(req, Question::Solve)?, $square)
            }
            fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
                flip_scramble(&self.params(req, Question::Solve)?, $square, seed, moves)
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
    "Flip It in a row: discs jump over discs into the empty cell, turning the jumped discs over",
    "All N·2^(N-1) boards of Flip It in a row"
);
flip_game!(
    FlipSquare,
    "flip-square",
    true,
    "Flip It on a W x H board: jumps along rows and columns (and diagonals)",
    "All W·H·2^(W·H-1) boards of Flip It on a W x H board"
);
