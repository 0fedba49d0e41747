//! The farmer, the wolf, the goat and the cabbage (`river`).

use super::common::*;
use crate::answer::Judgement;
use crate::options::{Kind, OptionSpec, Params, Question};
use crate::{Game, Request, RunError, SolveAnswer, Traced};
use tansaku_core::Context;
use tansaku_core::search::NoBound;
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
        vec![OptionSpec::new(
            "board",
            Kind::Board,
            Some("FWGC|"),
            "Start: who is on the near bank, |, who is on the far bank, by initials (F the farmer, W the wolf, G the goat, C the cabbage)",
        )]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "judge", "trace"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        solve_hashed(&river_prepared(req, &self.params(req, Question::Solve)?)?, ctx)
    }
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        judge_searched(&river_prepared(req, &self.params(req, Question::Solve)?)?, ctx)
    }
    fn trace(&self, req: &Request, _ctx: &Context) -> Result<Traced, RunError> {
        let prep = river_prepared(req, &self.params(req, Question::Solve)?)?;
        Ok(trace_of(&prep.puzzle, &prep.start, req))
    }
}

/// The river crossing from the request's start.
fn river_prepared(req: &Request, o: &Params) -> Result<Prepared<River, NoBound>, RunError> {
    let (p, s) = River::classic();
    let s = match o.given("board") {
        Some(b) => p.parse(b).map_err(bad)?,
        None => s,
    };
    Ok(prepare_plain(p, s, req, true, "river crossing".into()))
}
