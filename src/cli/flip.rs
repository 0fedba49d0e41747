//! `solve flip-row`, `solve flip-square`, `longest flip-row`,
//! `longest flip-square`.

use super::define::run_failure;
use super::report::{Named, print_analysed, report_solve};
use super::{
    Bound, Failure, FlipRowLongest, FlipRowSolve, FlipSquareLongest, FlipSquareSolve, LongestCommon, SolveCommon,
};
use tansaku::front::Request;
use tansaku::puzzles::flip::{FlipBound, FlipIt};
use tansaku::registry::{self, Prepared};
use tansaku::search::auto::run_ranked;

pub fn solve_row(a: &FlipRowSolve) -> Result<(), Failure> {
    let req = request(&a.common, a.bound, a.goal.as_deref(), a.adjacent).with("board", &a.board);
    let prep = registry::prepare_flip_row(&req).map_err(run_failure)?;
    solve(prep, a.goal.is_some(), &a.common)
}

pub fn solve_square(a: &FlipSquareSolve) -> Result<(), Failure> {
    let mut req = request(&a.common, a.bound, a.goal.as_deref(), a.adjacent);
    if let Some((w, h)) = a.size {
        req = req.with("size", &format!("{w}x{h}"));
    }
    if let Some(b) = &a.board {
        req = req.with("board", b);
    }
    if a.diagonal {
        req = req.with("diagonal", "true");
    }
    let prep = registry::prepare_flip_square(&req).map_err(run_failure)?;
    solve(prep, a.goal.is_some(), &a.common)
}

/// The library's request for the options every Flip It solve shares.
fn request(c: &SolveCommon, bound: Bound, goal: Option<&str>, adjacent: bool) -> Request {
    let mut req = Request {
        algorithm: c.algo.fixed(),
        max_depth: c.max_depth,
        threads: c.threads(),
        ..Request::default()
    }
    .with(
        "bound",
        match bound {
            Bound::Corner => "corner",
            Bound::Improved => "improved",
        },
    );
    if let Some(g) = goal {
        req = req.with("goal", g);
    }
    if adjacent {
        req = req.with("adjacent", "true");
    }
    req
}

fn solve(prep: Prepared<FlipIt, FlipBound>, fixed_goal: bool, c: &SolveCommon) -> Result<(), Failure> {
    let ctx = c.context();
    let p = &prep.puzzle;
    let outcome = run_ranked(p, &prep.start, &prep.bound, &prep.opts, &ctx);
    let algorithm = Named {
        name: prep.name.clone(),
        auto: prep.reason.clone(),
    };
    let mut name = p.name();
    if fixed_goal {
        name.push_str(" to a fixed goal board");
    }
    report_solve(p, &name, &algorithm, outcome, c, None)
}

pub fn longest_row(a: &FlipRowLongest) -> Result<(), Failure> {
    let p = FlipIt::new(a.size, 1, a.adjacent, false).map_err(Failure::usage)?;
    let options = [("size", a.size.to_string()), ("adjacent", a.adjacent.to_string())];
    longest("flip-row", &p.name(), &options, &a.common)
}

pub fn longest_square(a: &FlipSquareLongest) -> Result<(), Failure> {
    let (w, h) = a.size;
    let p = FlipIt::new(w, h, a.adjacent, a.diagonal).map_err(Failure::usage)?;
    let options = [
        ("size", format!("{w}x{h}")),
        ("adjacent", a.adjacent.to_string()),
        ("diagonal", a.diagonal.to_string()),
    ];
    longest("flip-square", &p.name(), &options, &a.common)
}

/// A built-in game's whole-space analysis, through the library's registry.
pub(crate) fn longest(game: &str, title: &str, options: &[(&str, String)], c: &LongestCommon) -> Result<(), Failure> {
    let game = registry::builtin(game).expect("a built-in game");
    let out = game
        .analyse(&c.request(options), c.limit, &c.context())
        .map_err(run_failure)?;
    print_analysed(&out, title, c)
}
