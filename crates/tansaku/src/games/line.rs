//! The Line Puzzle (`line`): 4x4 tiles with quarter circles, A x4, B x3,
//! C x4, D x4.

use super::common::*;
use super::sliding::{
    automaton_option, bound_option, sliding_analyse, sliding_judge, sliding_position, sliding_solve, sliding_warm,
};
use crate::answer::{Judgement, Position, Preset, Traced};
use crate::options::{Kind, LONGEST, OptionSpec, Params, Question};
use crate::{Game, Longest, Request, RunError, SolveAnswer, random_walk};
use tansaku_core::Context;
use tansaku_puzzles::sliding::{self, ParsedBoard, SlideState, Sliding};

/// The Line Puzzle's boards: a name (`start1` ... `goal3`) or a board.
fn line_board(text: &str, what: &str) -> Result<ParsedBoard, RunError> {
    sliding::line_board(text).map_err(|e| bad(format!("{what}: {e}")))
}

fn line_puzzle(o: &Params) -> Result<(Sliding, SlideState), RunError> {
    let from = line_board(o.text("board").unwrap_or("start3"), "board")?;
    let to = line_board(o.text("goal").unwrap_or("goal3"), "goal")?;
    Sliding::new(&from, Some(&to)).map_err(bad)
}

/// The Line Puzzle.
pub struct LineGame;

impl Game for LineGame {
    fn name(&self) -> &str {
        "line"
    }
    fn summary(&self) -> String {
        "The Line Puzzle: 4x4 tiles A x4, B x3, C x4, D x4 (quarter circles)".into()
    }
    fn space(&self) -> Option<&'static str> {
        Some("All 252,252,000 boards of the Line Puzzle")
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::new(
                "board",
                Kind::Board,
                Some("start3"),
                "Start: start1 start2 start3 goal1 goal2 goal3 (the article's boards), or a 4x4 board",
            )
            .flag("from"),
            OptionSpec::new(
                "goal",
                Kind::Board,
                Some("goal3"),
                "Goal: a name as for the start, or a 4x4 board",
            )
            .flag("to"),
            OptionSpec::new(
                "goal",
                Kind::Board,
                Some("goal1"),
                "Goal: start1 start2 start3 goal1 goal2 goal3, or a 4x4 board",
            )
            .read_by(LONGEST),
            bound_option(),
            automaton_option(),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "longest", "position", "scramble", "judge", "trace"]
    }
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = line_puzzle(&o)?;
        sliding_judge(&p, &s, "line puzzle", &o, ctx)
    }
    fn trace(&self, req: &Request, _ctx: &Context) -> Result<Traced, RunError> {
        let (p, s) = line_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(trace_of(&p, &s, req))
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = line_puzzle(&o)?;
        let mut answer = sliding_solve(&p, &s, "line puzzle", &o, ctx)?;
        if let SolveAnswer::Solved(out) = &mut answer {
            out.extra.insert("physical".into(), out.length as u64 + 2);
        }
        Ok(answer)
    }
    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        let o = self.params(req, Question::Solve)?;
        let (p, s) = line_puzzle(&o)?;
        sliding_warm(&p, &s, &o, ctx)
    }
    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let o = self.params(req, Question::Longest)?;
        let goal = line_board(o.text("goal").unwrap_or("goal1"), "goal")?;
        let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(bad)?;
        sliding_analyse(&p, "line puzzle".into(), req, ctx)
    }
    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let (p, s) = line_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(sliding_position(&p, &s))
    }
    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let (p, _) = line_puzzle(&self.params(req, Question::Solve)?)?;
        Ok(p.format(&random_walk(&p, &p.goal(), seed, moves).0))
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("line")
    }
}
