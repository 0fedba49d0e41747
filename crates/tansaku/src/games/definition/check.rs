//! A definition's expected figures checked, and how a list of games
//! describes it.

use super::analyse::analyse;
use super::solve::solve;

use crate::answer::Checked;
pub(super) use crate::{Request, RunError};
use tansaku_core::context::Context;

use tansaku_define::tws::Tws;
use tansaku_define::{Definition, Expect};

/// Runs every `[expect]` table of a definition (each in its metric):
/// `length` by a solve of the start, the others by an analysis.
/// `reload(metric)` gives the definition in another metric.
pub fn check(
    def: &Definition,
    reload: impl Fn(&str) -> Result<Definition, tansaku_define::DefError>,
    ctx: &Context,
) -> Result<Vec<Checked>, RunError> {
    let mut out = Vec::new();
    for e in def.expect() {
        let metric = e.metric.clone().unwrap_or_else(|| def.metric().to_string());
        let d = if metric == def.metric() {
            def.clone()
        } else {
            reload(&metric).map_err(|e| RunError::BadInput(e.to_string()))?
        };
        check_one(&d, e, &metric, ctx, &mut out)?;
    }
    Ok(out)
}

pub(super) fn check_one(
    d: &Definition,
    e: &Expect,
    metric: &str,
    ctx: &Context,
    out: &mut Vec<Checked>,
) -> Result<(), RunError> {
    let mut push = |figure: &str, expected: Option<u64>, found: u64| {
        if let Some(x) = expected {
            out.push(Checked {
                metric: metric.to_string(),
                figure: figure.to_string(),
                expected: x,
                found,
            });
        }
    };
    if let Some(len) = e.length {
        let mut req = Request::default();
        if let Some(start) = &e.start {
            req = req.with("board", start);
        }
        let sol = solve(d, &req, ctx)?;
        push("length", Some(u64::from(len)), sol.moves.len() as u64);
    }
    if e.states.is_some()
        || e.longest.is_some()
        || e.count.is_some()
        || e.count_up_to_symmetry.is_some()
        || e.histogram.is_some()
    {
        let req = Request {
            limit: 1,
            ..Request::default()
        };
        let a = analyse(d, &req, ctx)?;
        push("states", e.states, a.states);
        push("longest", e.longest.map(u64::from), u64::from(a.longest));
        push("count", e.count, a.count);
        push(
            "count_up_to_symmetry",
            e.count_up_to_symmetry,
            a.count_up_to_symmetry.unwrap_or(a.count),
        );
        // A published table, level by level, and its length.
        if let Some(h) = &e.histogram {
            push("levels", Some(h.len() as u64), a.histogram.len() as u64);
            for (d, &x) in h.iter().enumerate() {
                let found = a.histogram.get(d).copied().unwrap_or(0);
                push(&format!("positions at distance {d}"), Some(x), found);
            }
        }
    }
    Ok(())
}

/// The moves of a `.tws` puzzle in its metric.
pub fn tws_moves(t: &Tws) -> Vec<String> {
    t.metric_move_names().iter().map(|s| s.to_string()).collect()
}

/// One line saying what a definition is.
pub fn summary(def: &Definition) -> String {
    match def {
        Definition::Blocks(b) => format!(
            "{} ({}x{} blocks, {} metric)",
            b.name,
            b.width,
            b.height,
            b.metric.name()
        ),
        Definition::Tws(t) => format!("{} (permutation puzzle, {} metric)", t.name, t.metric.name()),
    }
}
