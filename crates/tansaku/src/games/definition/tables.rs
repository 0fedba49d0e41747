//! A definition's tables built ahead of a solve, and warmed.

use super::defined::Defined;
use super::options::{params, table_budget};
use super::solve::{pick, sliding_options};

use crate::options::Question;
pub(super) use crate::{Request, RunError};
use tansaku_core::context::Context;
use tansaku_core::search::auto::Algorithm;
use tansaku_define::Cells as Fixed;
use tansaku_define::Definition;
use tansaku_define::blocks::Grid;
use tansaku_define::prune;
use tansaku_define::tws::{Heap, Perm};
use tansaku_puzzles::sliding::solve::Solver;

/// Builds (or loads) the pattern databases a solve of `def` would use,
/// within the request's `table-memory`: `pdb build --def` makes them ahead
/// of time. Only permutation puzzles (`.tws`) have them.
///
/// ```
/// use tansaku::define::{Definition, Src};
/// use tansaku::games::definition as run;
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
/// let d = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap();
/// let ctx = tansaku::Context::new().with_tables(tansaku::context::Tables::in_memory());
/// let req = run::Request::default().with("table-memory", "512K");
/// let t = run::tables(&d, &req, &ctx).unwrap();
/// // The second group, a symmetric image of the first, is read through its table.
/// assert_eq!(
///     t.iter().map(|t| t.projection.as_str()).collect::<Vec<_>>(),
///     ["CORNERS 1-5", "CORNERS 1-2,4,6-7 (as CORNERS 1-5, on a symmetric image)"]
/// );
/// assert_eq!(t.iter().map(|t| t.origin).collect::<Vec<_>>(), ["built", "image"]);
/// ```
pub fn tables(def: &Definition, req: &Request, ctx: &Context) -> Result<Vec<prune::TableReport>, RunError> {
    let Definition::Tws(t) = def else {
        return Err(RunError::Unsupported(format!(
            "{} is a puzzle of pieces on a grid: pattern databases are derived from .tws definitions",
            def.name()
        )));
    };
    let o = params(def, req, Question::Solve)?;
    let plan = prune::plan_within(t, table_budget(&o, ctx), ctx.budget());
    if plan.is_empty() && t.bytes() > tansaku_define::tws::MAX_BYTES {
        return Err(RunError::Unsupported(format!(
            "{} has {} pieces: pattern databases are derived for puzzles of at most {}; its solves build a table of the positions near the goal as they search, nothing to build ahead",
            def.name(),
            t.bytes() / 2,
            tansaku_define::tws::MAX_BYTES / 2
        )));
    }
    if plan.is_empty() {
        return Err(RunError::BadInput(format!(
            "no pattern database of {} fits the table budget: raise table-memory",
            def.name()
        )));
    }
    Ok(prune::Tables::build(t, &plan, ctx)?.reports)
}

/// Builds the tables a solve of `def` under `req` will use, if it will use
/// any (a `.tws` puzzle solved by IDA*): a front end that times the search
/// alone calls this first.
pub fn warm(def: &Definition, req: &Request, ctx: &Context) -> Result<(), RunError> {
    let o = params(def, req, Question::Solve)?;
    with_puzzle!(def, |p| {
        if pick(&p, &o, ctx).algorithm != Algorithm::IdaStar {
            return Ok(());
        }
        if let Some(t) = p.tws() {
            // No pattern database (a puzzle past 32 pieces): its table of
            // the positions near the goal is built by the solve.
            if !prune::plan_within(t, table_budget(&o, ctx), ctx.budget()).is_empty() {
                tables(def, req, ctx)?;
            }
        } else if let Some((sl, _)) = Defined::start(&p, None).ok().and_then(|s| p.sliding(&s)) {
            // The sliding solver's databases, kept by the context.
            Solver::new(&sl, sliding_options(&p, &sl, &o, ctx)?).map_err(crate::games::sliding::solve_error)?;
        }
        Ok(())
    })
}
