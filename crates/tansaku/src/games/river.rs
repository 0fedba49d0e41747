//! The farmer, the wolf, the goat and the cabbage (`river`).

use super::common::*;
use crate::options::{OptionSpec, Question};
use crate::{Game, Request, RunError, SolveAnswer};
use tansaku_core::Context;
use tansaku_puzzles::river::River;

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
