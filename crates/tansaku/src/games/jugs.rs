//! The water jugs (`jugs`).

use super::common::*;
use crate::answer::{Judgement, Preset, Traced};
use crate::options::{Kind, OptionSpec, Params, Question};
use crate::{Game, Request, RunError, SolveAnswer};
use tansaku_core::Context;
use tansaku_core::search::NoBound;
use tansaku_puzzles::jugs::Jugs;

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
            OptionSpec::new(
                "board",
                Kind::Board,
                None,
                "Start: the litres in each jug, e.g. (3,5); default: all empty",
            ),
        ]
    }
    fn answers(&self) -> Vec<&'static str> {
        vec!["solve", "judge", "trace"]
    }
    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let prep = jugs_prepared(&self.params(req, Question::Solve)?)?;
        if let Some(why) = prep.puzzle.unsolvable_reason() {
            return unreachable(&prep.title, &prep.name, why);
        }
        solve_hashed(&prep, ctx)
    }
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        judge_searched(&jugs_prepared(&self.params(req, Question::Solve)?)?, ctx)
    }
    fn trace(&self, req: &Request, _ctx: &Context) -> Result<Traced, RunError> {
        let prep = jugs_prepared(&self.params(req, Question::Solve)?)?;
        Ok(trace_of(&prep.puzzle, &prep.start, req))
    }
    fn presets(&self) -> Vec<Preset> {
        published_presets("jugs")
    }
}

/// The jugs a request names, from its start.
fn jugs_prepared(o: &Params) -> Result<Prepared<Jugs, NoBound>, RunError> {
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
    let s = match o.given("board") {
        Some(b) => p.parse(b).map_err(bad)?,
        None => s,
    };
    Ok(prepare_plain(p, s, o.request(), false, title))
}
