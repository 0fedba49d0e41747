//! `solve knights`, `solve jugs`, `solve river`: the seed article's
//! exercises.

use super::report::{Named, Run, print_unsolvable, report_solve, run_solve};
use super::{Failure, JugsSolve, KnightsSolve, RiverSolve};
use tansaku::Puzzle;
use tansaku::puzzles::jugs::Jugs;
use tansaku::puzzles::knights::{KNIGHT, Knights};
use tansaku::puzzles::river::River;
use tansaku::search::NoBound;
use tansaku::search::auto::Space;

pub fn solve_knights(a: &KnightsSolve) -> Result<(), Failure> {
    let (p, s) = match (&a.board, &a.goal) {
        (Some(b), Some(g)) => Knights::new(b, g, &KNIGHT),
        _ => Knights::exchange(a.size.0, a.size.1),
    }
    .map_err(Failure::usage)?;
    let chosen = a.common.resolve(Space {
        states: Some(p.arrangements().min(u64::MAX as u128) as u64),
        reversible: p.reversible(),
        goals_listed: p.goal_states().is_some(),
        strong_bound: false,
    });
    let named = Named::new(&chosen, "knight distances");
    if let Some(reason) = p.unsolvable_reason(&s) {
        return Err(print_unsolvable("knights", &named.name, reason, a.common.json));
    }
    // The space is small enough for a bidirectional proof of solvability
    // before a tree search when it has at most 2^24 boards.
    let run = Run {
        precheck: p.arrangements() <= 1 << 24,
        ..Run::new(chosen.algorithm, &a.common)
    };
    let outcome = run_solve(&p, &s, run, &p);
    report_solve(&p, "knights", &named, outcome, &a.common, None)
}

pub fn solve_jugs(a: &JugsSolve) -> Result<(), Failure> {
    let (p, s) = Jugs::new(&a.capacity, a.target).map_err(Failure::usage)?;
    let chosen = a.common.resolve(Space::default());
    let named = Named::new(&chosen, "none");
    let name = format!(
        "jugs {} to {}",
        p.capacities().iter().map(u32::to_string).collect::<Vec<_>>().join(","),
        a.target
    );
    if let Some(reason) = p.unsolvable_reason() {
        return Err(print_unsolvable(&name, &named.name, reason, a.common.json));
    }
    let outcome = run_solve(&p, &s, Run::new(chosen.algorithm, &a.common), &NoBound);
    report_solve(&p, &name, &named, outcome, &a.common, None)
}

pub fn solve_river(a: &RiverSolve) -> Result<(), Failure> {
    let (p, s) = River::classic();
    let chosen = a.common.resolve(Space::default());
    let named = Named::new(&chosen, "none");
    let run = Run {
        precheck: true,
        ..Run::new(chosen.algorithm, &a.common)
    };
    let outcome = run_solve(&p, &s, run, &NoBound);
    report_solve(&p, "river crossing", &named, outcome, &a.common, None)
}
