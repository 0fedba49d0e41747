//! `solve knights`, `solve jugs`, `solve river`: the seed article's
//! exercises.

use super::define::run_failure;
use super::report::{Named, report_solve};
use super::{Failure, JugsSolve, KnightsSolve, RiverSolve, SolveCommon};
use tansaku::front::Request;
use tansaku::registry::{self, Prepared};
use tansaku::search::LowerBound;
use tansaku::search::auto::run;
use tansaku::{Puzzle, picture::Picture, render::Board};

/// The library's request for the options every solve shares.
fn request(c: &SolveCommon) -> Request {
    Request {
        algorithm: c.algo.fixed(),
        max_depth: c.max_depth,
        threads: c.threads(),
        ..Request::default()
    }
}

/// Runs a prepared start and prints it.
fn solve<P, H>(prep: Prepared<P, H>, title: &str, c: &SolveCommon) -> Result<(), Failure>
where
    P: Puzzle + Board<State = <P as Puzzle>::State> + Picture<State = <P as Puzzle>::State>,
    P::Move: serde::Serialize + std::fmt::Display,
    H: LowerBound<P>,
{
    let outcome = run(&prep.puzzle, &prep.start, &prep.bound, &prep.opts, &c.context());
    let named = Named {
        name: prep.name,
        auto: prep.reason,
    };
    report_solve(&prep.puzzle, title, &named, outcome, c, None)
}

pub fn solve_knights(a: &KnightsSolve) -> Result<(), Failure> {
    let mut req = request(&a.common).with("size", &format!("{}x{}", a.size.0, a.size.1));
    if let (Some(b), Some(g)) = (&a.board, &a.goal) {
        req = req.with("board", b).with("goal", g);
    }
    let prep = registry::prepare_knights(&req).map_err(|e| unsolvable(e, "knights", &a.common))?;
    solve(prep, "knights", &a.common)
}

pub fn solve_jugs(a: &JugsSolve) -> Result<(), Failure> {
    let capacity: Vec<String> = a.capacity.iter().map(u32::to_string).collect();
    let name = format!("jugs {} to {}", capacity.join(","), a.target);
    let req = request(&a.common)
        .with("capacity", &capacity.join(","))
        .with("target", &a.target.to_string());
    let prep = registry::prepare_jugs(&req).map_err(|e| unsolvable(e, &name, &a.common))?;
    solve(prep, &name, &a.common)
}

pub fn solve_river(a: &RiverSolve) -> Result<(), Failure> {
    solve(
        registry::prepare_river(&request(&a.common)),
        "river crossing",
        &a.common,
    )
}

/// An instance shown unsolvable before any search: the JSON no-solution
/// object (stats null) and exit 1; other errors as usual.
fn unsolvable(e: tansaku::front::RunError, puzzle: &str, c: &SolveCommon) -> Failure {
    match e {
        tansaku::front::RunError::Unreachable(reason) => {
            let algorithm = c.algo.fixed().map_or("auto", |a| a.name());
            super::report::print_unsolvable(puzzle, algorithm, reason, c.json)
        }
        other => run_failure(other),
    }
}
