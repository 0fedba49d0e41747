//! `solve knights`, `solve jugs`, `solve river`: the seed article's
//! exercises.

use super::report::{print_unsolvable, report_solve, run_solve};
use super::{Failure, JugsSolve, KnightsSolve, RiverSolve};
use tansaku::puzzles::jugs::Jugs;
use tansaku::puzzles::knights::{KNIGHT, Knights};
use tansaku::puzzles::river::River;
use tansaku::search::NoBound;

pub fn solve_knights(a: &KnightsSolve) -> Result<(), Failure> {
    let (p, s) = match (&a.board, &a.goal) {
        (Some(b), Some(g)) => Knights::new(b, g, &KNIGHT),
        _ => Knights::exchange(a.size.0, a.size.1),
    }
    .map_err(Failure::usage)?;
    let algo = a.common.algorithm_name("knight distances");
    if let Some(reason) = p.unsolvable_reason(&s) {
        return Err(print_unsolvable("knights", &algo, reason, a.common.json));
    }
    // The space is small enough for a bidirectional proof of solvability
    // before a tree search when it has at most 2^24 boards.
    let precheck = p.arrangements() <= 1 << 24;
    let outcome = run_solve(&p, &s, a.common.algo, &p, a.common.max_depth, precheck, a.common.quiet);
    report_solve(&p, "knights", &algo, outcome, &a.common, None)
}

pub fn solve_jugs(a: &JugsSolve) -> Result<(), Failure> {
    let (p, s) = Jugs::new(&a.capacity, a.target).map_err(Failure::usage)?;
    let algo = a.common.algorithm_name("none");
    let name = format!(
        "jugs {} to {}",
        p.capacities().iter().map(u32::to_string).collect::<Vec<_>>().join(","),
        a.target
    );
    if let Some(reason) = p.unsolvable_reason() {
        return Err(print_unsolvable(&name, &algo, reason, a.common.json));
    }
    let outcome = run_solve(
        &p,
        &s,
        a.common.algo,
        &NoBound,
        a.common.max_depth,
        false,
        a.common.quiet,
    );
    report_solve(&p, &name, &algo, outcome, &a.common, None)
}

pub fn solve_river(a: &RiverSolve) -> Result<(), Failure> {
    let (p, s) = River::classic();
    let algo = a.common.algorithm_name("none");
    let outcome = run_solve(
        &p,
        &s,
        a.common.algo,
        &NoBound,
        a.common.max_depth,
        true,
        a.common.quiet,
    );
    report_solve(&p, "river crossing", &algo, outcome, &a.common, None)
}
