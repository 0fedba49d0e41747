//! `solve flip-row`, `solve flip-square`, `longest flip-row`,
//! `longest flip-square`.

use super::report::{Named, PRECHECK_STATES, Run, print_longest, report_solve, run_solve_ranked, write_histogram_svg};
use super::{
    Bound, Failure, FlipRowLongest, FlipRowSolve, FlipSquareLongest, FlipSquareSolve, LongestCommon, SolveCommon,
};
use tansaku::puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};
use tansaku::search::auto::Space;
use tansaku::search::retrograde::{RetroOptions, count_orbits, retrograde_dense};
use tansaku::{Puzzle, Ranked};

pub fn solve_row(a: &FlipRowSolve) -> Result<(), Failure> {
    let n = a.board.chars().filter(|&c| c != '/').count();
    let p = FlipIt::new(n, 1, a.adjacent, false).map_err(Failure::usage)?;
    solve(p, &a.board, a.goal.as_deref(), a.bound, &a.common)
}

pub fn solve_square(a: &FlipSquareSolve) -> Result<(), Failure> {
    let (w, h) = match (a.size, &a.board) {
        (Some(size), _) => size,
        (None, Some(b)) if b.contains('/') => {
            let rows: Vec<&str> = b.split('/').collect();
            (rows[0].chars().count(), rows.len())
        }
        (None, Some(b)) => {
            return Err(Failure::Usage(format!(
                "board '{b}' has no / between rows, so its size is unknown; separate the rows with / or give --size WxH"
            )));
        }
        (None, None) => (4, 4),
    };
    let p = FlipIt::new(w, h, a.adjacent, a.diagonal).map_err(Failure::usage)?;
    let board = match &a.board {
        Some(b) => b.clone(),
        None => default_square_board(&p),
    };
    solve(p, &board, a.goal.as_deref(), a.bound, &a.common)
}

/// All black with the empty cell at row 2, column 2 (cell 5 on 4x4), or the
/// middle cell of a board with fewer than 2 rows or columns.
pub fn default_square_board(p: &FlipIt) -> String {
    let empty = if p.width() >= 2 && p.height() >= 2 {
        p.width() + 1
    } else {
        p.cells() / 2
    };
    let s = FlipState {
        black: p.all_cells() & !(1u64 << empty),
        empty: empty as u8,
    };
    p.format_board(&s)
}

fn solve(p: FlipIt, board: &str, goal: Option<&str>, bound: Bound, c: &SolveCommon) -> Result<(), Failure> {
    let start = p.parse_board(board).map_err(Failure::usage)?;
    let p = match goal {
        Some(g) => {
            let g = p.parse_board(g).map_err(|e| Failure::Usage(format!("--goal: {e}")))?;
            p.with_goal(FlipGoal::Board(g))
        }
        None => p,
    };
    let kind = match bound {
        Bound::Corner => BoundKind::Corner,
        Bound::Improved => BoundKind::Improved,
    };
    let h = FlipBound::new(&p, kind);
    let chosen = c.resolve(Space {
        states: Some(p.state_count()),
        reversible: p.reversible(),
        goals_listed: p.goal_states().is_some(),
        strong_bound: false,
    });
    let run = Run {
        precheck: p.state_count() <= PRECHECK_STATES,
        ..Run::new(chosen.algorithm, c)
    };
    let outcome = run_solve_ranked(&p, &start, run, &h);
    let algorithm = Named::new(
        &chosen,
        match kind {
            BoundKind::Corner => "corner bound",
            BoundKind::Improved => "improved bound",
        },
    );
    let mut name = p.name();
    if goal.is_some() {
        name.push_str(" to a fixed goal board");
    }
    report_solve(&p, &name, &algorithm, outcome, c, None)
}

pub fn longest_row(a: &FlipRowLongest) -> Result<(), Failure> {
    let p = FlipIt::new(a.size, 1, a.adjacent, false).map_err(Failure::usage)?;
    longest(&p, &a.common)
}

pub fn longest_square(a: &FlipSquareLongest) -> Result<(), Failure> {
    let (w, h) = a.size;
    let p = FlipIt::new(w, h, a.adjacent, a.diagonal).map_err(Failure::usage)?;
    longest(&p, &a.common)
}

fn longest(p: &FlipIt, c: &LongestCommon) -> Result<(), Failure> {
    let opts = RetroOptions {
        keep: c.limit,
        ctx: c.context(),
    };
    let (analysis, table) = retrograde_dense(p, opts.clone()).map_err(super::report::search_failure)?;
    let orbits = count_orbits(p, table.ranks_at(analysis.longest).map(|r| p.unrank(r)));
    let title = format!("{}: positions by distance", p.name());
    write_histogram_svg(&title, &analysis.histogram, c.plot.as_deref(), c.log)?;
    print_longest(p, &p.name(), p.state_count(), &analysis, Some(orbits), c.limit, c.json);
    Ok(())
}
