//! The knight exchange (`knights`).

use super::common::*;
use crate::answer::{Position, Preset};
use crate::options::{Kind, OptionSpec, Params, Question};
use crate::{Game, Request, RunError, SolveAnswer, random_walk};
use tansaku_core::Context;
use tansaku_core::Puzzle;
use tansaku_core::picture::Picture;
use tansaku_core::search::auto::Space;
use tansaku_puzzles::knights::{KNIGHT, Knights};

/// The knight exchange.
pub struct KnightsGame;

/// The knights exchange from a request (`size`, or `board` with `goal`).
fn knights_puzzle(o: &Params) -> Result<(Knights, tansaku_puzzles::knights::KnightState), RunError> {
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
                "Board size WxH: white knights on the top row, black on the bottom row, to be exchanged",
            )
            .value_name("SIZE"),
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "Start board instead (W and B knights, _ empty, rows separated by /), with a goal",
            ),
            OptionSpec::new("goal", Kind::Board, None, "Goal board, for a start given"),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "position", "scramble"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req, Question::Solve)?;
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
