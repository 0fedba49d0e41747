//! The knight exchange (`knights`).

use super::common::*;
use crate::answer::{Judgement, Position, Preset, Traced};
use crate::options::{Kind, OptionSpec, Params, Question};
use crate::{Game, Request, RunError, SolveAnswer, random_walk};
use tansaku_core::Context;
use tansaku_core::Puzzle;
use tansaku_core::picture::Picture;
use tansaku_core::search::auto::Space;
use tansaku_puzzles::knights::{KNIGHT, KnightState, Knights};

/// The knight exchange.
pub struct KnightsGame;

/// The knights exchange from a request (`size`, or `board` with `goal`).
fn knights_puzzle(o: &Params) -> Result<(Knights, KnightState), RunError> {
    match (o.given("board"), o.given("goal")) {
        (Some(b), Some(g)) => Knights::new(b, g, &KNIGHT),
        (b, None) => {
            // A board's own size, unless one is given.
            let rows = b.map(|b| b.split('/').collect::<Vec<_>>());
            let own = rows.as_ref().map(|r| (r[0].chars().count(), r.len()));
            let (w, h) = match own {
                Some(own) if !o.has("size") => own,
                _ => o.size("size").unwrap_or((3, 4)),
            };
            if let Some(b) = b {
                // The start's own faults (ragged rows, no empty cell) are
                // told of the start, before the exchange's goal is made.
                Knights::new(b, b, &KNIGHT).map_err(bad)?;
            }
            let exchange = Knights::exchange(w, h);
            match (b, exchange) {
                // A position of the exchange: its goal is the exchange's.
                (Some(b), Ok((p, _))) => {
                    let goal = p.format(&p.goal());
                    return Knights::new(b, &goal, &KNIGHT).map_err(|_| {
                        bad(format!(
                            "board '{b}' is no position of the {w}x{h} exchange (goal {goal}); give its goal"
                        ))
                    });
                }
                (Some(b), Err(_)) => {
                    return Err(bad(format!(
                        "board '{b}' is no position of a knight exchange (too few rows or cells); give its goal"
                    )));
                }
                (None, exchange) => exchange,
            }
        }
        (None, Some(_)) => return Err(bad("give a start board with the goal")),
    }
    .map_err(bad)
}

/// What the library's choice of algorithm knows of a knights' space.
fn knights_space(p: &Knights) -> Space {
    Space {
        states: Some(p.arrangements().min(u64::MAX as u128) as u64),
        reversible: p.reversible(),
        goals_listed: p.goal_states().is_some(),
        strong_bound: false,
    }
}

/// A knights' start prepared for the search, its knight distances as the
/// bound.
fn knights_prepared(req: &Request, p: Knights, s: KnightState) -> Prepared<Knights, Knights> {
    let (algorithm, reason) = chosen(req, &knights_space(&p));
    Prepared {
        opts: run_options(req, algorithm, p.arrangements() <= 1 << 24),
        bound: p.clone(),
        name: named(algorithm, "knight distances"),
        start: s,
        puzzle: p,
        reason,
        title: "knights".into(),
    }
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
                "Board size WxH: white knights on the top row, black on the bottom row, to be exchanged",
            )
            .value_name("SIZE"),
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "Start board instead (W and B knights, _ empty, rows separated by /); the goal is the exchange of its size unless given",
            ),
            OptionSpec::new("goal", Kind::Board, None, "Goal board, for a start given"),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "position", "scramble", "judge", "trace"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = knights_puzzle(&o)?;
        if let Some(why) = p.unsolvable_reason(&s) {
            return unreachable(
                "knights",
                &named(chosen(req, &knights_space(&p)).0, "knight distances"),
                why,
            );
        }
        solve_hashed(&knights_prepared(req, p, s), ctx)
    }
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = knights_puzzle(&o)?;
        judge_searched(&knights_prepared(req, p, s), ctx)
    }
    fn trace(&self, req: &Request, _ctx: &Context) -> Result<Traced, RunError> {
        let (p, s) = knights_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(trace_of(&p, &s, req))
    }
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let (p, s) = knights_puzzle(&self.params(req, Question::Solve)?)?;
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
        let (p, _) = knights_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(p.format(&random_walk(&p, &p.goal(), seed, moves).0))
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("knights")
    }
}
