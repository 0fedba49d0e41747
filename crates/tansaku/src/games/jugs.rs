//! The water jugs (`jugs`).

#![allow(unused_imports)]
use super::common::*;
use crate::answer::{Cells, Position, Preset};
use crate::options::{BOTH, Kind, LONGEST, OptionSpec, Params, Question};
use crate::{Game, Longest, Request, RunError, SolveAnswer, Solved, random_walk, settle};
use tansaku_core::Context;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;
use tansaku_core::search::auto::{Algorithm, RunOptions, Space, choose, run, run_ranked};
use tansaku_core::search::retrograde::{Analysis, retrograde, retrograde_symmetric};
use tansaku_core::search::{LowerBound, NoBound};
use tansaku_core::{Puzzle, Ranked};
use tansaku_puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};
use tansaku_puzzles::jugs::Jugs;
use tansaku_puzzles::knights::{KNIGHT, Knights};
use tansaku_puzzles::reversi::{Position as Board8, Wipeout};
use tansaku_puzzles::river::River;
use tansaku_puzzles::sliding::pdb::PdbError;
use tansaku_puzzles::sliding::solve::{BoundRequest, SolveError, SolveOptions, Solver, plan};
use tansaku_puzzles::sliding::{self, ParsedBoard, SlideState, Sliding, parse_board};

/// The water jugs.
pub struct JugsGame;

impl Game for JugsGame {
    fn name(&self) -> &str {
        "jugs"
    }
    fn summary(&self) -> String {
        "Water jugs: fill, empty or pour until some jug holds the target".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "capacity",
                Kind::List,
                Some("8,5"),
                "Capacities of the jugs in litres, comma-separated (1 to 8 jugs)",
            )
            .value_name("L,L,..."),
            OptionSpec::new(
                "target",
                Kind::Int {
                    min: 0,
                    max: tansaku_puzzles::jugs::MAX_CAPACITY as u64,
                },
                Some("4"),
                "Litres wanted in any one jug",
            ),
        ]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req, Question::Solve)?;
        let caps: Vec<u32> = o
            .list("capacity")
            .unwrap_or_default()
            .into_iter()
            .map(|c| u32::try_from(c).unwrap_or(u32::MAX))
            .collect();
        let target = o.int("target").unwrap_or(4) as u32;
        let listed: Vec<String> = caps.iter().map(u32::to_string).collect();
        let title = format!("jugs {} to {target}", listed.join(","));
        let (p, s) = Jugs::new(&caps, target).map_err(bad)?;
        let prep = prepare_plain(p, s, req, false, title);
        if let Some(why) = prep.puzzle.unsolvable_reason() {
            return unreachable(&prep.title, &prep.name, why);
        }
        solve_hashed(&prep, ctx)
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("jugs")
    }
}
