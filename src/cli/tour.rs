//! `tansaku tour`: every built-in published instance, solved by every algorithm
//! that fits it, each solution replayed, and the published number beside
//! tansaku's.

use super::report::{Run, run_solve_ranked, solution_svg, write_picture};
use super::sliding::LINE_BOARDS;
use super::{Failure, TourArgs};
use serde::Serialize;
use tansaku::puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt};
use tansaku::puzzles::jugs::Jugs;
use tansaku::puzzles::knights::Knights;
use tansaku::puzzles::river::River;
use tansaku::puzzles::sliding::packed::Packed;
use tansaku::puzzles::sliding::pattern::PatternDb;
use tansaku::puzzles::sliding::{ManhattanBound, Sliding, parse_board};
use tansaku::search::auto::Algorithm;
use tansaku::search::retrograde::{RetroOptions, count_orbits, retrograde_dense};
use tansaku::search::{self, IdaOptions, SearchError, Solution};
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
    algos: &[(Algorithm, Option<BoundKind>)],
) {
    let start = p.parse_board(board).expect("SPEC board parses");
    for &(algo, kind) in algos {
        let h = FlipBound::new(p, kind.unwrap_or(BoundKind::Improved));
        let run = Run {
            algorithm: algo,
            max_depth: 200,
            precheck: false,
            ctx: tansaku::Context::new(),
            threads: 1,
        };
        let outcome = run_solve_ranked(p, &start, run, &h);
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
        (Algorithm::Bfs, None),
        (Algorithm::Bidir, None),
        (Algorithm::Iddfs, None),
        (Algorithm::IdaStar, Some(BoundKind::Corner)),
        (Algorithm::IdaStar, Some(BoundKind::Improved)),
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

/// One solve of any puzzle: replayed, and compared with SPEC's length (and
/// SPEC's count of generated states, where one is published).
#[allow(clippy::too_many_arguments)]
fn check_solve<P: Puzzle>(
    rows: &mut Vec<Row>,
    puzzle: &str,
    p: &P,
    start: &P::State,
    instance: &str,
    algorithm: &str,
    outcome: Result<Solution<P>, SearchError>,
    spec: u32,
    spec_generated: Option<u64>,
) {
    let (moves, generated, seconds, ok) = match outcome {
        Ok(sol) => {
            let reaches = replay(p, start, &sol.moves)
                .ok()
                .and_then(|b| b.last().cloned())
                .is_some_and(|last| p.is_goal(&last));
            let ok = reaches && sol.len() as u32 == spec && spec_generated.is_none_or(|g| g == sol.stats.generated);
            (Some(sol.len() as u32), sol.stats.generated, sol.stats.seconds, ok)
        }
        Err(_) => (None, 0, 0.0, false),
    };
    rows.push(Row {
        puzzle: puzzle.to_string(),
        instance: instance.to_string(),
        algorithm: algorithm.to_string(),
        moves,
        detail: String::new(),
        generated,
        seconds,
        spec: match spec_generated {
            Some(g) => format!("{spec} ({g} generated)"),
            None => spec.to_string(),
        },
        ok,
    });
}

fn sliding_rows(rows: &mut Vec<Row>) {
    let board = |t: &str| parse_board(t, None).expect("SPEC board parses");
    let (p, s) = Sliding::new(&board("867/254/3_1"), None).expect("SPEC instance");
    let (name, inst) = ("8-puzzle", "867/254/3_1");
    let opts = IdaOptions::default();
    // On packed boards and rank-indexed, as `solve sliding` runs them on a
    // board this small.
    let k = Packed::new(&p).expect("the 8-puzzle fits in a word");
    let x = k.pack(&s);
    let bfs = search::bfs_ranked(&k, &x, &tansaku::Context::new()).map(|sol| k.unpack_solution(sol));
    check_solve(rows, name, &p, &s, inst, "bfs", bfs, 31, Some(181_440));
    let bidir = search::bidirectional_ranked(&k, &x, &tansaku::Context::new()).map(|sol| k.unpack_solution(sol));
    check_solve(rows, name, &p, &s, inst, "bidir", bidir, 31, None);
    let alt =
        search::bidirectional_alternating_ranked(&k, &x, &tansaku::Context::new()).map(|sol| k.unpack_solution(sol));
    check_solve(rows, name, &p, &s, inst, "bidir-alternate", alt, 31, Some(16_088));
    let h = ManhattanBound::new(&p);
    check_solve(
        rows,
        name,
        &p,
        &s,
        inst,
        "idastar (manhattan)",
        search::ida_star_with(&p, &s, &h, opts.clone()),
        31,
        None,
    );
    if let Ok((a, _)) = retrograde_dense(&p, RetroOptions::default()) {
        let mut got: Vec<String> = a.positions.iter().map(|b| p.format(b)).collect();
        got.sort();
        rows.push(Row {
            puzzle: name.into(),
            instance: "all 9! boards".into(),
            algorithm: "retrograde".into(),
            moves: Some(a.longest),
            detail: got.join(" "),
            generated: a.states,
            seconds: a.stats.seconds,
            spec: "31: 647/85_/321 867/254/3_1".into(),
            ok: a.longest == 31 && got == ["647/85_/321", "867/254/3_1"] && a.states == 181_440,
        });
    }
    for (from, to, moves) in LINE_PAIRS {
        let named = |n: &str| board(LINE_BOARDS.iter().find(|(m, _)| *m == n).expect("named board").1);
        let (p, s) = Sliding::new(&named(from), Some(&named(to))).expect("SPEC instance");
        let Ok(db) = PatternDb::new(&p) else { continue };
        let outcome = search::ida_star_with(&p, &s, &db, opts.clone());
        let inst = format!("{from} -> {to}");
        check_solve(
            rows,
            "line puzzle",
            &p,
            &s,
            &inst,
            "idastar (pdb)",
            outcome,
            moves,
            None,
        );
    }
    let (k, ks) = Knights::exchange(3, 4).expect("SPEC instance");
    let inst = "WWW/___/___/BBB";
    for (algo, sol) in [
        ("bfs", search::bfs(&k, &ks, &tansaku::Context::new())),
        ("bidir", search::bidirectional(&k, &ks, &tansaku::Context::new())),
    ] {
        check_solve(rows, "knights 3x4", &k, &ks, inst, algo, sol, 16, None);
    }
    // IDA* is left out: its jump-distance bound is weak here (2.8e8 nodes).
    let (j, js) = Jugs::new(&[8, 5], 4).expect("SPEC instance");
    for (algo, sol) in [
        ("bfs", search::bfs(&j, &js, &tansaku::Context::new())),
        ("iddfs", search::iddfs(&j, &js, opts.clone())),
    ] {
        check_solve(rows, "jugs 8,5", &j, &js, "4 L in a jug", algo, sol, 10, None);
    }
    let (r, rs) = River::classic();
    let inst = "FWGC| -> |FWGC";
    for (algo, sol) in [
        ("bfs", search::bfs(&r, &rs, &tansaku::Context::new())),
        ("bidir", search::bidirectional(&r, &rs, &tansaku::Context::new())),
        ("iddfs", search::iddfs(&r, &rs, opts.clone())),
    ] {
        check_solve(rows, "river crossing", &r, &rs, inst, algo, sol, 7, None);
    }
}

/// SPEC §5: the shortest wipeouts, counted and replayed, and the perft
/// table that validates the move generator.
fn reversi_rows(rows: &mut Vec<Row>) {
    use tansaku::puzzles::reversi::{Color, Position, Wipeout, parse_square, perft};
    use tansaku::search::counting::count_shortest;
    let start = Position::start();
    let after_f5 = start.play(parse_square("f5").expect("square")).expect("legal");
    let cases = [
        (
            "black wipes white",
            Color::Black,
            start,
            0,
            "9 plies, 36 up to symmetry",
            9,
            Some(36),
        ),
        (
            "white wipes black",
            Color::White,
            start,
            0,
            "10 plies, 28 up to symmetry",
            10,
            Some(28),
        ),
        (
            "black, first move F5",
            Color::Black,
            after_f5,
            1,
            "9 plies, 57 games",
            9,
            None,
        ),
    ];
    for (instance, winner, from, played, spec, plies, classes) in cases {
        let p = Wipeout { winner };
        let outcome = count_shortest(&p, &from, true, 14, &tansaku::Context::new());
        let (moves, generated, seconds, detail, ok) = match outcome {
            Ok(f) => {
                let replayed = f.classes.iter().all(|c| {
                    replay(&p, &from, &c.moves)
                        .ok()
                        .and_then(|b| b.last().copied())
                        .is_some_and(|last| p.is_goal(&last))
                });
                let count_ok = match classes {
                    Some(n) => f.classes.len() == n,
                    None => f.sequences() == 57,
                };
                (
                    Some(f.depth + played),
                    f.stats.generated,
                    f.stats.seconds,
                    format!("{} up to symmetry, {} games", f.classes.len(), f.sequences()),
                    replayed && count_ok && f.depth + played == plies,
                )
            }
            Err(_) => (None, 0, 0.0, String::new(), false),
        };
        rows.push(Row {
            puzzle: "reversi wipeout".into(),
            instance: instance.into(),
            algorithm: "counting bfs (merged)".into(),
            moves,
            detail,
            generated,
            seconds,
            spec: spec.into(),
            ok,
        });
    }
    const PERFT: [u64; 8] = [4, 12, 56, 244, 1396, 8200, 55092, 390216];
    let timer = std::time::Instant::now();
    let got: Vec<u64> = (1..=8).map(|d| perft(&start, d)).collect();
    rows.push(Row {
        puzzle: "reversi perft".into(),
        instance: "depths 1-8".into(),
        algorithm: "perft".into(),
        moves: None,
        detail: format!("{}", got[7]),
        generated: got.iter().sum(),
        seconds: timer.elapsed().as_secs_f64(),
        spec: "published table".into(),
        ok: got == PERFT,
    });
}

/// SPEC §3's published distances.
const LINE_PAIRS: [(&str, &str, u32); 10] = [
    ("start1", "start2", 30),
    ("start1", "start3", 30),
    ("start1", "goal1", 30),
    ("start1", "goal3", 24),
    ("start2", "start3", 32),
    ("start2", "goal1", 16),
    ("start2", "goal3", 24),
    ("start3", "goal1", 22),
    ("start3", "goal3", 38),
    ("goal1", "goal3", 28),
];

/// Draws the SPEC instances' solutions, the wipeouts and two histograms
/// into `dir`; returns the files written.
fn pictures(dir: &std::path::Path) -> Result<Vec<String>, Failure> {
    use tansaku::picture::{Picture, svg_animation, svg_histogram};
    use tansaku::puzzles::reversi::{Color, Position, Wipeout};
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Usage(format!(
            "cannot create the pictures folder '{}': {e}; give another with --pictures DIR or use --no-pictures",
            dir.display()
        ))
    })?;
    let mut written = Vec::new();
    let mut save = |name: &str, svg: String| -> Result<(), Failure> {
        write_picture(&dir.join(name), &svg)?;
        written.push(name.to_string());
        Ok(())
    };
    let failed = |what: &str| Failure::NoSolution(format!("the tour could not solve {what} for its picture"));
    let row = FlipIt::row(6, false);
    let s = row.parse_board("BB_BBB").expect("SPEC board");
    let sol = search::bfs(&row, &s, &tansaku::Context::new()).map_err(|_| failed("Flip It (A)"))?;
    save(
        "flip-row-BB_BBB.svg",
        solution_svg(&row, "Flip It in a row, BB_BBB", &sol),
    )?;
    for diagonal in [false, true] {
        let sq = FlipIt::square(4, 4, diagonal);
        let s = sq.parse_board("BBBB/B_BB/BBBB/BBBB").expect("SPEC board");
        let sol = search::bidirectional(&sq, &s, &tansaku::Context::new()).map_err(|_| failed("Flip It Square"))?;
        let name = if diagonal {
            "flip-square-diagonal.svg"
        } else {
            "flip-square.svg"
        };
        save(name, solution_svg(&sq, &sq.name(), &sol))?;
        if !diagonal {
            let (a, _) = retrograde_dense(&sq, RetroOptions::default()).map_err(|_| failed("the 4x4 analysis"))?;
            save(
                "flip-square-histogram.svg",
                svg_histogram("Flip It Square 4x4: positions by distance", &a.histogram, true),
            )?;
        }
    }
    let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).expect("SPEC"), None).expect("SPEC");
    let k = Packed::new(&p).expect("fits");
    let sol = k.unpack_solution(
        search::bidirectional_ranked(&k, &k.pack(&s), &tansaku::Context::new()).map_err(|_| failed("the 8-puzzle"))?,
    );
    save("8-puzzle.svg", solution_svg(&p, "8-puzzle 867/254/3_1", &sol))?;
    let (a, _) = retrograde_dense(&p, RetroOptions::default()).map_err(|_| failed("the 8-puzzle analysis"))?;
    save(
        "8-puzzle-histogram.svg",
        svg_histogram("8-puzzle: boards by distance", &a.histogram, false),
    )?;
    let board = |name: &str| {
        let text = LINE_BOARDS.iter().find(|(n, _)| *n == name).expect("named board").1;
        parse_board(text, None).expect("SPEC board")
    };
    let (p, s) = Sliding::new(&board("start3"), Some(&board("goal3"))).expect("SPEC");
    let db = PatternDb::new(&p).map_err(|_| failed("the Line Puzzle databases"))?;
    let sol = search::ida_star_with(&p, &s, &db, IdaOptions::default()).map_err(|_| failed("start3 -> goal3"))?;
    save(
        "line-start3-goal3.svg",
        solution_svg(&p, "Line Puzzle start3 -> goal3", &sol),
    )?;
    let (kn, ks) = Knights::exchange(3, 4).expect("SPEC");
    let sol = search::bidirectional(&kn, &ks, &tansaku::Context::new()).map_err(|_| failed("the knights"))?;
    save("knights.svg", solution_svg(&kn, "knight exchange 3x4", &sol))?;
    let (j, js) = Jugs::new(&[8, 5], 4).expect("SPEC");
    let sol = search::bfs(&j, &js, &tansaku::Context::new()).map_err(|_| failed("the jugs"))?;
    save("jugs.svg", solution_svg(&j, "jugs 8 and 5 to 4", &sol))?;
    let (r, rs) = River::classic();
    let sol = search::bfs(&r, &rs, &tansaku::Context::new()).map_err(|_| failed("the river"))?;
    save("river.svg", solution_svg(&r, "farmer, wolf, goat, cabbage", &sol))?;
    for winner in [Color::Black, Color::White] {
        let w = Wipeout { winner };
        let found = search::counting::count_shortest(&w, &Position::start(), true, 14, &tansaku::Context::new())
            .map_err(|_| failed("the wipeout"))?;
        let class = &found.classes[0];
        let boards = replay(&w, &Position::start(), &class.moves).map_err(|_| failed("the wipeout"))?;
        let record: String = class.moves.iter().map(|m| m.to_string()).collect();
        let grids: Vec<_> = boards.iter().map(|b| w.grid(b)).collect();
        let title = format!("{} wipes {} out: {record}", winner.name(), winner.other().name());
        save(
            &format!("wipeout-{}.svg", winner.name()),
            svg_animation(&title, &grids, 0.8),
        )?;
    }
    Ok(written)
}

pub fn tour(a: &TourArgs) -> Result<(), Failure> {
    let mut rows = Vec::new();
    flip_rows(&mut rows);
    sliding_rows(&mut rows);
    reversi_rows(&mut rows);
    let drawn = if a.no_pictures {
        Vec::new()
    } else {
        pictures(&a.pictures)?
    };
    if a.json {
        println!("{}", serde_json::to_string(&rows).expect("serialisable"));
    } else {
        // The published figure, and what tansaku found where that is
        // more than the moves; the column is as wide as its widest entry.
        let figures: Vec<String> = rows
            .iter()
            .map(|r| {
                if r.detail.is_empty() {
                    r.spec.clone()
                } else {
                    format!("{} | got {}", r.spec, r.detail)
                }
            })
            .collect();
        let w = figures.iter().map(|f| f.chars().count()).max().unwrap_or(9).max(9);
        println!(
            "{:<26} {:<22} {:<19} {:>5} {:>12} {:>10}  {:<w$} check",
            "puzzle", "instance", "algorithm", "moves", "generated", "seconds", "published"
        );
        for (r, figure) in rows.iter().zip(&figures) {
            let moves = r.moves.map_or("-".to_string(), |m| m.to_string());
            println!(
                "{:<26} {:<22} {:<19} {:>5} {:>12} {:>10.4}  {:<w$} {}",
                r.puzzle,
                r.instance,
                r.algorithm,
                moves,
                r.generated,
                r.seconds,
                figure,
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
        if !drawn.is_empty() {
            println!(
                "pictures: {} SVG files in {}/ ({})",
                drawn.len(),
                a.pictures.display(),
                drawn.join(", ")
            );
        }
    }
    Ok(())
}
