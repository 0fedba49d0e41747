//! The farmer, the wolf, the goat and the cabbage (`river`).

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

/// The river crossing.
pub struct RiverGame;

impl Game for RiverGame {
    fn name(&self) -> &str {
        "river"
    }
    fn summary(&self) -> String {
        "Farmer, wolf, goat and cabbage cross a river in a boat for two".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        self.params(req, Question::Solve)?;
        let (p, s) = River::classic();
        solve_hashed(&prepare_plain(p, s, req, true, "river crossing".into()), ctx)
    }
}
