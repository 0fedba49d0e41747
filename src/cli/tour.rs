//! `tansaku tour`: every built-in SPEC instance, solved by every algorithm
//! that fits it, each solution replayed, and the published number beside
//! tansaku's.

use super::report::run_solve;
use super::{Algo, Failure, TourArgs};
use serde::Serialize;
use tansaku::puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt};
use tansaku::search::retrograde::{RetroOptions, count_orbits, retrograde_dense};
use tansaku::{Puzzle, Ranked, replay};

#[derive(Serialize)]
struct Row {
    puzzle: String,
    instance: String,
    algorithm: String,
    /// Solution length, or longest distance for an analysis.
    moves: Option<u32>,
    /// Extra figures of an analysis: "count (up to symmetry)".
    detail: String,
    generated: u64,
    seconds: f64,
    spec: String,
    ok: bool,
}

fn flip_solve(
    rows: &mut Vec<Row>,
    p: &FlipIt,
    board: &str,
    label: &str,
    spec: u32,
    algos: &[(Algo, Option<BoundKind>)],
) {
    let start = p.parse_board(board).expect("SPEC board parses");
    for &(algo, kind) in algos {
        let h = FlipBound::new(p, kind.unwrap_or(BoundKind::Improved));
        let outcome = run_solve(p, &start, algo, &h, 200, false);
        let algorithm = match kind {
            Some(BoundKind::Corner) => "idastar (corner)".to_string(),
            Some(BoundKind::Improved) => "idastar (improved)".to_string(),
            None => algo.name().to_string(),
        };
        let (moves, generated, seconds, ok) = match outcome {
            Ok(sol) => {
                let replayed = replay(p, &start, &sol.moves).ok();
                let reaches = replayed
                    .as_ref()
                    .and_then(|b| b.last())
                    .is_some_and(|last| p.is_goal(last));
                (
                    Some(sol.len() as u32),
                    sol.stats.generated,
                    sol.stats.seconds,
                    reaches && sol.len() as u32 == spec,
                )
            }
            Err(_) => (None, 0, 0.0, false),
        };
        rows.push(Row {
            puzzle: p.name(),
            instance: label.to_string(),
            algorithm,
            moves,
            detail: String::new(),
            generated,
            seconds,
            spec: spec.to_string(),
            ok,
        });
    }
}

fn flip_longest(rows: &mut Vec<Row>, p: &FlipIt, spec_longest: u32, spec_count: Option<u64>, spec_orbits: Option<u64>) {
    let Ok((a, table)) = retrograde_dense(p, RetroOptions::default()) else {
        return;
    };
    let orbits = count_orbits(p, table.ranks_at(a.longest).map(|r| p.unrank(r)));
    let ok = a.longest == spec_longest
        && spec_count.is_none_or(|c| c == a.count)
        && spec_orbits.is_none_or(|o| o == orbits)
        && a.states == p.state_count();
    let spec = match (spec_count, spec_orbits) {
        (Some(c), Some(o)) => format!("{spec_longest}: {c} ({o})"),
        (Some(c), None) => format!("{spec_longest}: {c}"),
        _ => format!("{spec_longest}: many"),
    };
    rows.push(Row {
        puzzle: p.name(),
        instance: format!("all {} boards", p.state_count()),
        algorithm: "retrograde".into(),
        moves: Some(a.longest),
        detail: format!("{} ({})", a.count, orbits),
        generated: a.states,
        seconds: a.stats.seconds,
        spec,
        ok,
    });
}

fn flip_rows(rows: &mut Vec<Row>) {
    let every = [
        (Algo::Bfs, None),
        (Algo::Bidir, None),
        (Algo::Iddfs, None),
        (Algo::Idastar, Some(BoundKind::Corner)),
        (Algo::Idastar, Some(BoundKind::Improved)),
    ];
    let row6 = FlipIt::row(6, false);
    flip_solve(rows, &row6, "BB_BBB", "(A) BB_BBB", 8, &every);
    flip_solve(rows, &FlipIt::row(7, false), "B_WBBBB", "(B) B_WBBBB", 8, &every[..2]);
    flip_solve(rows, &FlipIt::row(8, false), "B_WWWBBB", "(C) B_WWWBBB", 8, &every[..2]);
    let fixed = row6
        .clone()
        .with_goal(FlipGoal::Board(row6.parse_board("_WWWWW").expect("SPEC goal")));
    flip_solve(
        rows,
        &fixed,
        "BB_BBB",
        "(A) to _WWWWW",
        9,
        &[every[0], every[1], every[4]],
    );
    for (n, std, adj) in [
        (5, (10, Some(3)), (6, Some(1))),
        (6, (8, Some(4)), (6, Some(6))),
        (7, (8, Some(4)), (7, Some(3))),
        (8, (8, Some(6)), (7, None)),
    ] {
        flip_longest(rows, &FlipIt::row(n, false), std.0, std.1, None);
        flip_longest(rows, &FlipIt::row(n, true), adj.0, adj.1, None);
    }
    let sq = FlipIt::square(4, 4, false);
    flip_solve(rows, &sq, "BBBB/B_BB/BBBB/BBBB", "all black, empty at 5", 22, &every);
    let diag = FlipIt::square(4, 4, true);
    // Plain iterative deepening is left out on the diagonal board: it
    // generates about 1.6e10 nodes (minutes), as the seed article warns.
    flip_solve(
        rows,
        &diag,
        "BBBB/B_BB/BBBB/BBBB",
        "all black, empty at 5",
        18,
        &[every[0], every[1], every[3], every[4]],
    );
    flip_longest(rows, &sq, 22, Some(4), Some(1));
    flip_longest(rows, &diag, 18, Some(20), Some(4));
}

pub fn tour(a: &TourArgs) -> Result<(), Failure> {
    let mut rows = Vec::new();
    flip_rows(&mut rows);
    if a.json {
        println!("{}", serde_json::to_string(&rows).expect("serialisable"));
    } else {
        println!(
            "{:<26} {:<22} {:<19} {:>5} {:>12} {:>10}  {:<24} check",
            "puzzle", "instance", "algorithm", "moves", "generated", "seconds", "spec"
        );
        for r in &rows {
            let moves = r.moves.map_or("-".to_string(), |m| m.to_string());
            let spec = if r.detail.is_empty() {
                r.spec.clone()
            } else {
                format!("{} | got {}", r.spec, r.detail)
            };
            println!(
                "{:<26} {:<22} {:<19} {:>5} {:>12} {:>10.4}  {:<24} {}",
                r.puzzle,
                r.instance,
                r.algorithm,
                moves,
                r.generated,
                r.seconds,
                spec,
                if r.ok { "ok" } else { "MISMATCH" }
            );
        }
    }
    let bad = rows.iter().filter(|r| !r.ok).count();
    if bad > 0 {
        return Err(Failure::NoSolution(format!(
            "{bad} of {} results differ from the SPEC",
            rows.len()
        )));
    }
    if !a.json {
        println!(
            "\nall {} results agree with the SPEC; every solution was replayed to the goal",
            rows.len()
        );
    }
    Ok(())
}
