//! Permutation puzzles solved from their `.tws` files: canonical move
//! sequences and pattern databases derived from the file, cross-checked
//! against breadth-first search and plain iterative deepening; the table
//! files' trust; the shipped Pyraminx and Skewb.

use crate::support::tws::{load, scramble, solve, whole};
use proptest::strategy::Strategy;

use std::path::Path;
use std::sync::{Arc, Mutex};
use tansaku::Context;
use tansaku::Game;
use tansaku::Ranked;
use tansaku::Request;
use tansaku::context::Tables;
use tansaku::define::{Cells, Definition, Src, prune};
use tansaku::games::definition as run;
use tansaku::search::auto::Algorithm;
use tansaku::search::retrograde::{RetroOptions, retrograde_dense};

/// IDA* with tables derived from the file (whole or in parts) finds the
/// breadth-first lengths, in both metrics, on random scrambles of the
/// 2x2x2, the Pyraminx and the Skewb; every solution replays to the goal.
/// One context serves both metrics, the quarter turns first: a table of
/// quarter-turn distances overestimates half-turn ones, so it must never
/// be found for a half-turn solve (it was: `U2 R2 F2 R2` came out in 5).
#[test]
fn derived_tables_give_breadth_first_lengths() {
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for (file, metric) in [
        ("2x2x2.tws", "qtm"),
        ("2x2x2.tws", "htm"),
        ("pyraminx.tws", "htm"),
        ("skewb.tws", "htm"),
    ] {
        let w = whole(file, metric);
        let (def, table) = &*w;
        let Definition::Tws(t) = def else { unreachable!() };
        let p = tansaku::define::tws::Perm::<Cells<32>>::new(t);
        // Each scramble's breadth-first length, read from the whole
        // space's table (a breadth-first search from the goal); the
        // search from the start agrees on the first two.
        let scrambles: Vec<(String, usize)> = (0..8)
            .map(|seed| {
                let board = scramble(file, seed, 6 + seed as u32 * 2);
                let at = p.rank(&p.state(&t.scramble(&board).unwrap()));
                let d = table.get(at).unwrap() as usize;
                if seed < 2 {
                    let bfs = solve(def, &board, Algorithm::Bfs, None, &ctx);
                    assert_eq!(bfs.length, d, "{file} {metric} {board}");
                    assert!(bfs.replayed, "{file} {board}");
                }
                (board, d)
            })
            .collect();
        // A budget that keeps only parts of each set (a weaker bound, still
        // admissible) and one that keeps the whole puzzle (exact).
        for budget in ["64K", "64M"] {
            let plan = prune::plan(t, tansaku::memory::parse_size(budget).unwrap());
            assert!(!plan.is_empty(), "{file} {budget}");
            for (board, bfs) in &scrambles {
                let ida = solve(def, board, Algorithm::IdaStar, Some(budget), &ctx);
                assert_eq!(ida.length, *bfs, "{file} {metric} {budget} {board}");
                assert!(ida.replayed, "{file} {board}");
                assert!(ida.algorithm.contains("pattern databases"), "{}", ida.algorithm);
                assert_eq!(ida.tables.len(), plan.len());
            }
        }
    }
}

/// The 3x3x3 from its file: small derived tables and canonical sequences
/// give the lengths of plain iterative deepening over canonical sequences,
/// which give those of breadth-first search.
#[test]
fn cube_scrambles_solve_optimally() {
    let def = load("3x3x3.tws", None);
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for seed in 0..6 {
        let board = scramble("3x3x3.tws", 100 + seed, 3 + seed as u32 % 4);
        let ida = solve(&def, &board, Algorithm::IdaStar, Some("16M"), &ctx);
        let id = solve(&def, &board, Algorithm::Iddfs, None, &ctx);
        assert_eq!(ida.length, id.length, "{board}");
        if id.length <= 4 {
            let bfs = solve(&def, &board, Algorithm::Bidir, None, &ctx);
            assert_eq!(bfs.length, id.length, "{board}");
        }
        assert!(ida.replayed && id.replayed);
        // Fewer nodes with the tables than without.
        assert!(ida.stats.generated <= id.stats.generated, "{board}");
    }
}

/// The 3x3x3's quarter-turn expectation (`puzzles/3x3x3.tws`): a pattern
/// of 8 half-turn moves is 12 quarter turns, by IDA* with tables from the
/// file and by bidirectional search with none, and 8 half turns.
#[test]
fn cube_quarter_turn_expectation() {
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    let board = "F2 B2 U D' R2 L2 U D'";
    let qtm = load("3x3x3.tws", Some("qtm"));
    let ida = solve(&qtm, board, Algorithm::IdaStar, Some("16M"), &ctx);
    let bidir = solve(&qtm, board, Algorithm::Bidir, None, &ctx);
    assert_eq!((ida.length, bidir.length), (12, 12));
    assert!(ida.replayed && bidir.replayed);
    let htm = solve(&load("3x3x3.tws", None), board, Algorithm::IdaStar, Some("16M"), &ctx);
    assert_eq!(htm.length, 8);
    let file = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/3x3x3.tws")).unwrap();
    assert!(file.contains(&format!("# tansaku-expect qtm length=12 start=\"{board}\"")));
}

/// Parity from the file (twsearch #13): in the quarter-turn metric every
/// move of the 2x2x2 and of the 3x3x3 flips the corners' permutation
/// parity, so a position's distance has the parity of its corners. Over
/// the whole 2x2x2 table every reachable position's breadth-first
/// distance has the parity found; on the 3x3x3, IDA* tries only bounds of
/// the solution's parity and finds bidirectional search's lengths. In
/// the half-turn metric a half turn is even: no parity is claimed.
#[test]
fn quarter_turns_fix_the_parity_of_every_length() {
    use tansaku::define::tws::Perm;
    let w = whole("2x2x2.tws", "qtm");
    let (def, table) = &*w;
    let Definition::Tws(t) = def else { unreachable!() };
    let p = Perm::<Cells<32>>::new(t);
    let mut checked = 0;
    for r in (0..p.state_count()).filter(|&r| table.get(r).is_some()) {
        let s = p.unrank(r);
        let d = table.get(r).unwrap();
        assert_eq!(
            t.length_parity(&s.0[..t.bytes()]),
            Some(d % 2 == 1),
            "2x2x2 qtm rank {r}"
        );
        checked += 1;
    }
    assert_eq!(checked, 3_674_160);
    let w = whole("2x2x2.tws", "htm");
    let Definition::Tws(t) = &w.0 else { unreachable!() };
    assert_eq!(t.length_parity(&t.solved), None);

    let ctx = Context::new().with_tables(crate::support::shared_tables());
    let qtm = load("3x3x3.tws", Some("qtm"));
    let Definition::Tws(cube) = &qtm else { unreachable!() };
    let mut odd_and_even = [false; 2];
    for seed in 0..6 {
        let board = scramble("3x3x3.tws", 300 + seed, 3 + seed as u32 % 3);
        let ida = solve(&qtm, &board, Algorithm::IdaStar, Some("16M"), &ctx);
        let bidir = solve(&qtm, &board, Algorithm::Bidir, None, &ctx);
        assert_eq!(ida.length, bidir.length, "{board}");
        assert!(ida.replayed && bidir.replayed, "{board}");
        let parity = cube.length_parity(&cube.scramble(&board).unwrap());
        assert_eq!(parity, Some(ida.length % 2 == 1), "{board}");
        odd_and_even[ida.length % 2] = true;
        let bounds: Vec<u32> = ida.iterations.iter().map(|i| i.bound).collect();
        assert!(
            bounds.iter().all(|b| *b as usize % 2 == ida.length % 2),
            "{board}: bounds {bounds:?}"
        );
        assert!(
            bounds.windows(2).all(|w| w[1] >= w[0] + 2),
            "{board}: bounds {bounds:?}"
        );
    }
    assert_eq!(odd_and_even, [true, true], "both parities met");
    let htm = load("3x3x3.tws", None);
    let Definition::Tws(cube) = &htm else { unreachable!() };
    assert_eq!(cube.length_parity(&cube.scramble("R U F'").unwrap()), None);
}

/// A table file that cannot be trusted is rebuilt with a notice; a
/// trusted one is loaded (nothing built).
#[test]
fn damaged_table_files_are_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let def = load("2x2x2.tws", None);
    let heard = Arc::new(Mutex::new(Vec::<String>::new()));
    let ctx = || {
        let h = Arc::clone(&heard);
        Context::new()
            .with_tables(Tables::at(dir.path()))
            .with_notices(Arc::new(move |s: &str| h.lock().unwrap().push(s.to_string())))
    };
    let board = "R U2 F' R U F2 R'";
    let first = solve(&def, board, Algorithm::IdaStar, Some("1M"), &ctx());
    assert!(first.tables.iter().all(|t| t.seconds > 0.0 || t.origin == "image"));
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    // A table that is a symmetric image of another has no file.
    assert_eq!(files.len(), first.tables.iter().filter(|t| t.origin != "image").count());
    heard.lock().unwrap().clear();
    let again = solve(&def, board, Algorithm::IdaStar, Some("1M"), &ctx());
    assert_eq!(again.moves, first.moves);
    assert!(!heard.lock().unwrap().iter().any(|n| n.contains("building")));
    // One byte of a table changed: the checksum refuses it.
    let mut bytes = std::fs::read(&files[0]).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&files[0], &bytes).unwrap();
    heard.lock().unwrap().clear();
    let rebuilt = solve(&def, board, Algorithm::IdaStar, Some("1M"), &ctx());
    assert_eq!(rebuilt.moves, first.moves);
    let notes = heard.lock().unwrap().join("\n");
    assert!(
        notes.contains("is corrupt (its checksum does not match): rebuilding it"),
        "{notes}"
    );
    // Truncated: refused too.
    std::fs::write(&files[0], &bytes[..100]).unwrap();
    heard.lock().unwrap().clear();
    solve(&def, board, Algorithm::IdaStar, Some("1M"), &ctx());
    let notes = heard.lock().unwrap().join("\n");
    assert!(notes.contains("is truncated or overlong"), "{notes}");
}

/// The 3x3x3 with only the cross (the four D edges) kept: the other
/// edges alike, every corner alike, their orientations ignored.
fn cross() -> Definition {
    let text = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/3x3x3.tws"))
        .unwrap()
        .replacen(
            "1 2 3 4 5 6 7 8 9 10 11 12\n0 0 0 0 0 0 0 0 0 0 0 0\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0",
            "1 2 1 3 1 4 1 1 5 1 1 1\n? 0 ? 0 ? 0 ? ? 0 ? ? ?\nCORNER\n1 1 1 1 1 1 1 1\n? ? ? ? ? ? ? ?",
            1,
        );
    Definition::parse(&Src::new("cross.tws", &text), None).unwrap()
}

/// Reduced puzzles (twsearch #76, #78): a move that changes only a set
/// whose pieces are all alike and unoriented is left out of the metric;
/// a move that only trades alike pieces in a position gives no child
/// there. Lengths stay those of breadth-first search.
#[test]
fn moves_that_stand_still_are_not_searched() {
    use tansaku::Puzzle;
    use tansaku::define::tws::Perm;
    let text = "Name idle\nSet A 4 1\nSet B 3 2\nSolved\nA\n1 2 3 4\n0 0 0 0\nB\n1 1 1\n? ? ?\nEnd\n\
        Move X\nA\n2 3 4 1\n0 0 0 0\nEnd\n\
        Move Y\nB\n2 3 1\n1 1 0\nEnd\n\
        Move Z\nA\n2 1 3 4\n0 0 0 0\nB\n1 3 2\n0 1 1\nEnd\n";
    let def = Definition::parse(&Src::new("idle.tws", text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    // Y turns only the B pieces, all alike and unoriented.
    assert_eq!(t.idle, ["Y", "Y'"]);
    assert_eq!(t.metric_move_names(), ["X", "X2", "X'", "Z"]);
    let ctx = Context::new();
    for board in ["Y X Y Z", "Z Y' X2 Y Z"] {
        let bfs = solve(&def, board, Algorithm::Bfs, None, &ctx);
        let ida = solve(&def, board, Algorithm::IdaStar, Some("1M"), &ctx);
        assert_eq!((ida.length, ida.replayed), (bfs.length, true), "{board}");
        assert!(
            !ida.moves.iter().any(|m| m.starts_with('Y')),
            "{board}: {:?}",
            ida.moves
        );
    }
    assert_eq!(solve(&def, "Y X Y Z", Algorithm::IdaStar, Some("1M"), &ctx).length, 2);

    // The cross: from the solved cross, U, U2 and U' move only alike pieces.
    let def = cross();
    let Definition::Tws(t) = &def else { unreachable!() };
    assert!(t.idle.is_empty());
    let p = Perm::<Cells<40>>::new(t);
    let children = |s: &[u8]| {
        let mut n = 0;
        p.for_each_successor(&p.state(s), |_, c| {
            assert_ne!(c, p.state(s));
            n += 1;
        });
        n
    };
    assert_eq!(children(&t.solved), 15);
    let Definition::Tws(full) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    let f = Perm::<Cells<40>>::new(&full);
    let mut n = 0;
    f.for_each_successor(&f.state(&full.solved), |_, _| n += 1);
    assert_eq!(n, 18);
    // After R the U layer is still blank; after F2 it holds a cross edge
    // and every move changes the position.
    assert_eq!(children(&t.scramble("R").unwrap()), 15);
    assert_eq!(children(&t.scramble("F2").unwrap()), 18);
    let tables = crate::support::shared_tables();
    for seed in 0..4 {
        let board = scramble("3x3x3.tws", 300 + seed, 12);
        let bfs = solve(&def, &board, Algorithm::Bfs, None, &ctx);
        let ida = solve(
            &def,
            &board,
            Algorithm::IdaStar,
            Some("16M"),
            &Context::new().with_tables(tables.clone()),
        );
        assert_eq!((ida.length, ida.replayed), (bfs.length, true), "{board}");
        assert!(bfs.replayed && bfs.length <= 8, "{board}: {}", bfs.length);
    }
}

/// The 3x3x3's first two layers, the last layer's pieces alike and their
/// orientation ignored.
fn first_two_layers() -> Definition {
    let text = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/3x3x3.tws"))
        .unwrap()
        .replacen(
            "1 2 3 4 5 6 7 8 9 10 11 12\n0 0 0 0 0 0 0 0 0 0 0 0\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0",
            "1 2 3 4 5 6 7 9 8 9 9 9\n0 0 0 0 0 0 0 ? 0 ? ? ?\nCORNER\n1 2 1 3 4 1 1 5\n? 0 ? 0 0 ? ? 0",
            1,
        );
    Definition::parse(&Src::new("f2l.tws", &text), None).unwrap()
}

/// The cube's first two layers, the last layer blank: the plan groups
/// the eight edges told apart (not the four alike ones with them), and in
/// what it leaves pairs the four corners with two edges at a time. IDA*
/// on those tables agrees with bidirectional search.
#[test]
fn first_two_layers_pair_corners_with_edges() {
    let def = first_two_layers();
    let Definition::Tws(t) = &def else { unreachable!() };
    // At 4G: the corners with the four middle edges, kept up to the 8
    // symmetries that keep the bottom face (1.6 GB), first.
    let names: Vec<String> = prune::plan(t, 4 << 30).iter().map(|p| p.name(t)).collect();
    assert_eq!(names, ["CORNER 2-5 + EDGE 1,3,5,7", "CORNER 2-5", "EDGE 1-8"]);
    let names: Vec<String> = prune::plan(t, 1 << 30).iter().map(|p| p.name(t)).collect();
    assert_eq!(
        names[1..],
        [
            "CORNER 2-5",
            "EDGE 1-7",
            "EDGE 2-8",
            "CORNER 2-5 + EDGE 1-2",
            "CORNER 2-5 + EDGE 3-4",
            "CORNER 2-5 + EDGE 5-6",
            "CORNER 2-5 + EDGE 7-8"
        ]
    );
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for seed in 0..3 {
        let board = scramble("3x3x3.tws", 400 + seed, 8);
        let bidir = solve(&def, &board, Algorithm::Bidir, None, &ctx);
        let ida = solve(&def, &board, Algorithm::IdaStar, Some("1G"), &ctx);
        assert_eq!((ida.length, ida.replayed), (bidir.length, true), "{board}");
    }
}

/// A table budget past the memory budget plans tables within the memory
/// (together, and each one's build), not a refusal; a table budget that
/// is not a size is a clear error.
#[test]
fn tables_are_planned_within_the_memory() {
    let def = load("3x3x3.tws", None);
    let ctx = Context::new().with_tables(Tables::in_memory()).with_budget(64 << 20);
    let req = Request {
        algorithm: Some(Algorithm::IdaStar),
        ..Request::default().with("board", "R U").with("table-memory", "4G")
    };
    let within = run::solve(&def, &req, &ctx).unwrap();
    assert_eq!((within.length, within.replayed), (2, true));
    assert!(within.tables.len() >= 2, "{:?}", within.tables);
    assert!(within.tables.iter().map(|t| t.bytes).sum::<u64>() <= 64 << 20);
    // At 1 MB, groups of a few pieces.
    let tiny = Context::new().with_tables(Tables::in_memory()).with_budget(1 << 20);
    let small = run::solve(&def, &req.clone().with("board", "R U F"), &tiny).unwrap();
    assert_eq!((small.length, small.replayed), (3, true));
    assert!(small.tables.iter().map(|t| t.bytes).sum::<u64>() <= 1 << 20);
    // Left to tansaku, the short scramble is answered first, exactly,
    // before any table is planned into memory.
    let req = Request::default().with("board", "R U").with("table-memory", "4G");
    let ctx = Context::new().with_tables(Tables::in_memory()).with_budget(64 << 20);
    let quick = run::solve(&def, &req, &ctx).unwrap();
    assert_eq!((quick.length, quick.replayed, quick.tables.len()), (2, true, 0));
    let req = Request::default().with("board", "R U").with("table-memory", "lots");
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.starts_with("table-memory = 'lots': write a size in bytes"), "{e}");
    let req = Request::default().with("board", "R U").with("symmetric-lookups", "two");
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.starts_with("symmetric-lookups = 'two': write a whole number"), "{e}");
    let req = Request::default().with("board", "R U X");
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.contains("'X' is not a move of 3x3x3"), "{e}");
}

/// The shipped 2x2x2 (both metrics), Pyraminx, Skewb and Dino Cube hold
/// the published figures and whole tables (OEIS A079761, A079762, A079745,
/// A079766; Jaap's Puzzle Page), level by level. The Dino Cube's counts
/// are up to rotation (held by an edge) and to either of its two solved
/// looks (two Solved blocks). The Skewb Diamond (held by a corner) holds
/// its published number of positions, and the table twsearch's `-g`
/// counts on the same file.
#[test]
fn shipped_files_hold_the_published_tables() {
    for (file, figures) in [
        ("2x2x2.tws", 6 + 13 + 16),
        ("pyraminx.tws", 3 + 13),
        ("skewb.tws", 3 + 13),
        ("dino.tws", 3 + 12),
        ("skewb-diamond.tws", 3 + 12),
    ] {
        let path = Path::new(crate::support::ROOT).join("puzzles").join(file);
        let src = Src::read(&path).unwrap();
        let def = Definition::parse(&src, None).unwrap();
        let checked = run::check(&def, |m| Definition::parse(&src, Some(m)), &Context::new()).unwrap();
        assert_eq!(checked.len(), figures, "{file}");
        assert!(checked.iter().all(|c| c.ok()), "{file}: {checked:?}");
        assert!(checked.iter().any(|c| c.figure == "positions at distance 10"), "{file}");
    }
    // A table one level off is a mismatch, named.
    let path = Path::new(crate::support::ROOT).join("puzzles/pyraminx.tws");
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("histogram=1,8,48,", "histogram=1,8,47,");
    let src = Src::new("pyraminx.tws", &text);
    let def = Definition::parse(&src, None).unwrap();
    let checked = run::check(&def, |m| Definition::parse(&src, Some(m)), &Context::new()).unwrap();
    let wrong: Vec<&str> = checked.iter().filter(|c| !c.ok()).map(|c| &c.figure[..]).collect();
    assert_eq!(wrong, ["positions at distance 2"]);
}

/// Projections named in the file (`# tansaku-prune`) are the ones used;
/// a name or piece the puzzle lacks is one line naming it.
#[test]
fn projections_named_in_the_file() {
    let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let text = std::fs::read_to_string(path).unwrap();
    let with = |line: &str| format!("{line}\n{text}");
    let named = with("# tansaku-prune CORNERS 1-4\n# tansaku-prune CORNERS 5,6-7 no-orientation");
    let def = Definition::parse(&Src::new("named.tws", &named), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let names: Vec<String> = prune::plan(t, 1 << 30).iter().map(|p| p.name(t)).collect();
    assert_eq!(names, ["CORNERS 1-4", "CORNERS 5-7 (no orientation)"]);
    // Only what fits the budget (four bits an entry): 7!/3! x 3^4 =
    // 68,040 entries in 34,020 bytes, then 7!/4! = 210 in 105.
    assert_eq!(prune::plan(t, 34_050).len(), 1);
    assert_eq!(prune::plan(t, 34_125).len(), 2);
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for seed in 0..4 {
        let board = scramble("2x2x2.tws", seed, 9);
        let bfs = solve(&def, &board, Algorithm::Bfs, None, &ctx);
        let ida = solve(&def, &board, Algorithm::IdaStar, None, &ctx);
        assert_eq!(ida.length, bfs.length, "{board}");
        assert_eq!(ida.tables.len(), 2);
    }
    for (line, says) in [
        (
            "# tansaku-prune EDGES",
            "named.tws:1: tansaku-prune: 'EDGES' is not a set of this puzzle (sets: CORNERS)",
        ),
        (
            "# tansaku-prune CORNERS 1-9",
            "named.tws:1: tansaku-prune: set 'CORNERS' has pieces 1 to 7; '9' is not one",
        ),
        ("# tansaku-prune", "named.tws:1: write: # tansaku-prune SET"),
        (
            "# tansaku-prune CORNERS 1 + CORNERS 2",
            "appears twice in one projection",
        ),
    ] {
        let e = Definition::parse(&Src::new("named.tws", &with(line)), None)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(says) || e.contains(says), "{line}: {e}");
    }
}

/// A front end that times the search alone (the server's time limit)
/// warms the game first: the tables are then kept, not built by the solve.
#[test]
fn warming_builds_the_tables_before_the_solve() {
    let path = Path::new(crate::support::ROOT).join("puzzles/3x3x3.tws");
    let g = run::DefinedGame::load(&path).unwrap();
    let ctx = Context::new().with_tables(Tables::in_memory());
    let req = Request::default().with("board", "R U F'").with("table-memory", "4M");
    g.warm(&req, &ctx).unwrap();
    let tansaku::SolveAnswer::Solved(s) = g.solve(&req, &ctx).unwrap() else {
        panic!()
    };
    assert_eq!(s.length, 3);
    assert!(
        !s.tables.is_empty() && s.tables.iter().all(|t| t.origin == "kept" || t.origin == "image"),
        "{:?}",
        s.tables
    );
    // A small space is solved breadth-first: nothing to warm.
    let pocket = run::DefinedGame::load(&path.with_file_name("2x2x2.tws")).unwrap();
    let ctx = Context::new().with_tables(Tables::in_memory());
    pocket.warm(&Request::default(), &ctx).unwrap();
    assert_eq!(ctx.tables().kept(), 0);
}

/// The block engine (pieces with two orientations, `2^k` positions an
/// arrangement, levels pushed or pulled a block at a time) gives the
/// dense engine's table entry for entry, and its histogram, in both
/// metrics and for pieces not numbered in a row; it declines what it does
/// not suit (three orientations, too few pieces).
#[test]
fn block_engine_tables_equal_the_dense_engine() {
    use tansaku::define::coord::Coords;
    use tansaku::define::tws::SetPart;
    use tansaku::define::xorbfs::{XorProjection, nibbles_of};
    let part = |set: usize, pieces: &[u8]| {
        vec![SetPart {
            set,
            pieces: pieces.to_vec(),
            orientation: true,
            alike: Vec::new(),
            unturned: 0,
        }]
    };
    for (metric, pieces) in [("htm", [0u8, 1, 2, 3, 4, 5]), ("qtm", [0, 3, 5, 6, 9, 11])] {
        let Definition::Tws(t) = load("3x3x3.tws", Some(metric)) else {
            unreachable!()
        };
        let projected = t.project(&part(0, &pieces));
        let block = XorProjection::new(&projected.tws).expect("edges with their flips suit the block engine");
        let fast = block.distances(&Context::new()).unwrap();
        let coords = Coords::new(&projected.tws).unwrap();
        let (a, table) = retrograde_dense(&coords, RetroOptions::default()).unwrap();
        assert_eq!(fast.histogram, a.histogram, "{metric} {pieces:?}");
        assert_eq!(fast.longest, a.longest);
        assert!(fast.table == nibbles_of(&table.into_bytes()), "{metric} {pieces:?}");
    }
    let Definition::Tws(t) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    // The corners (three orientations), five edges (a block under a word).
    for (set, pieces) in [(1, &[0u8, 1, 2, 3, 4, 5][..]), (0, &[0, 1, 2, 3, 4][..])] {
        assert!(
            XorProjection::new(&t.project(&part(set, pieces)).tws).is_none(),
            "{set} {pieces:?}"
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random `# tansaku-prune` lines (set names right and wrong, pieces,
    /// ranges, `no-orientation`, `+`, stray words) never panic: a file
    /// that reads gets tables that keep IDA* optimal (breadth-first
    /// lengths), one that does not is refused with its line.
    #[test]
    fn fuzzed_prune_lines_never_panic_and_stay_admissible(
        lines in proptest::collection::vec(
            proptest::collection::vec(
                (
                    proptest::prop_oneof![8 => proptest::strategy::Just("CORNERS".to_string()), 1 => "CORNER|EDGE|[0-9]|x"],
                    proptest::prop_oneof![
                        2 => proptest::strategy::Just(String::new()),
                        6 => "[1-7]-[1-7]|[1-7](,[1-7]){0,3}|[1-7],[1-7]-[1-7]",
                        1 => "[0-9,-]{1,5}|no-orientation|\\+",
                    ],
                    proptest::prop_oneof![3 => proptest::strategy::Just(""), 1 => proptest::strategy::Just(" no-orientation")],
                ),
                1..3,
            )
            .prop_map(|parts| {
                parts
                    .into_iter()
                    .map(|(set, pieces, ori)| format!("{set} {pieces}{ori}"))
                    .collect::<Vec<_>>()
                    .join(" + ")
            }),
            1..4,
        ),
        seed in 0u64..1000,
    ) {
        let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
        let text = std::fs::read_to_string(path).unwrap();
        let head: String = lines.iter().map(|line| format!("# tansaku-prune {line}\n")).collect();
        let file = format!("{head}{text}");
        match Definition::parse(&Src::new("fuzz.tws", &file), None) {
            Err(e) => proptest::prop_assert!(e.line.is_some(), "{e}"),
            Ok(def) => {
                let ctx = Context::new().with_tables(Tables::in_memory());
                let board = scramble("2x2x2.tws", seed, 7);
                let bfs = solve(&def, &board, Algorithm::Bfs, None, &ctx);
                let ida = solve(&def, &board, Algorithm::IdaStar, Some("1M"), &ctx);
                proptest::prop_assert_eq!(ida.length, bfs.length, "{}", head);
                proptest::prop_assert!(ida.replayed);
            }
        }
    }
}

/// A start written as a position (twsearch #45): what tansaku prints reads
/// back to the same position and solves to the scramble's length; pieces
/// that share a number (labels as the file writes them, not contiguous)
/// stand for any of their copies; positions the moves cannot reach (a
/// twist, a lone swap) and foreign pieces are refused in one line.
#[test]
fn starts_written_as_positions() {
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for file in ["2x2x2.tws", "pyraminx.tws", "skewb.tws"] {
        let def = load(file, None);
        let Definition::Tws(t) = &def else { unreachable!() };
        for seed in 0..4 {
            let moves = scramble(file, 40 + seed, 8);
            let s = t.scramble(&moves).unwrap();
            let text = t.rows(&s).join(" | ");
            assert_eq!(t.parse_state(&text).unwrap(), s, "{file} {text}");
            let a = solve(&def, &moves, Algorithm::Bfs, None, &ctx);
            let b = solve(&def, &text, Algorithm::Bfs, None, &ctx);
            assert_eq!(a.length, b.length, "{file} {text}");
            assert!(b.replayed);
        }
    }
    // Identical pieces with gaps in their numbers: corners 1 1 5 5 9 9 9.
    let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let text = std::fs::read_to_string(path).unwrap().replacen(
        "1 2 3 4 5 6 7\n0 0 0 0 0 0 0",
        "1 1 5 5 9 9 9\n0 0 0 0 0 0 0",
        1,
    );
    let def = Definition::parse(&Src::new("alike.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let start = "CORNERS 5 9 1 5 9 1 9 / 0 1 2 0 0 0 0";
    let s = t.parse_state(start).unwrap();
    assert_eq!(t.rows(&s).join(" | "), start);
    let bfs = solve(&def, start, Algorithm::Bfs, None, &ctx);
    let ida = solve(&def, start, Algorithm::IdaStar, Some("64K"), &ctx);
    assert_eq!(ida.length, bfs.length);
    assert!(bfs.replayed && ida.replayed);
    for (bad, says) in [
        (
            "CORNERS 5 9 1 5 9 1 9 / 1 0 0 0 0 0 0",
            "sum of the CORNERS orientations",
        ),
        ("CORNERS 5 9 1 5 9 1 2", "2 is not one of its pieces"),
        ("CORNERS 5 9 1 5 9 1 1", "each as often"),
        ("CORNERS 5 9 1", "7 pieces; 3 pieces given"),
        ("CORNERS 1 1 5 5 9 9 9 / 0 0 0 0 0 0 3", "3 is not one"),
        ("EDGES 1 2", "or write a position set by set"),
    ] {
        let e = run::solve(&def, &Request::default().with("board", bad), &ctx).unwrap_err();
        assert!(e.to_string().contains(says), "{bad}: {e}");
    }
    // A lone swap on the 3x3x3: the moves keep edge and corner parities equal.
    let Definition::Tws(cube) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    let e = cube.parse_state("EDGE 2 1 3 4 5 6 7 8 9 10 11 12").unwrap_err();
    assert!(e.contains("parities"), "{e}");
}

/// IDA* from a start some symmetries fix tries one move of each class they
/// exchange, and still finds the true distance: over the whole space of
/// the small group puzzles, every symmetric position (a sample of them)
/// is solved in its breadth-first distance with weak tables, with the
/// pruning on and off, never with more nodes on; the solution replays.
#[test]
fn symmetric_starts_keep_their_distances() {
    use tansaku::Puzzle;
    use tansaku::define::tws::Perm;
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for (file, metric) in [
        ("2x2x2.tws", "htm"),
        ("2x2x2.tws", "qtm"),
        ("pyraminx.tws", "htm"),
        ("skewb.tws", "htm"),
    ] {
        let w = whole(file, metric);
        let (def, table) = &*w;
        let Definition::Tws(t) = def else { unreachable!() };
        let p = Perm::<Cells<32>>::new(t);
        let n = t.bytes();
        let syms = &t.symmetries()[1..];
        let fixed: Vec<u64> = (0..p.state_count())
            .filter(|&r| table.get(r).is_some_and(|d| d >= 3))
            .filter(|&r| {
                let s = p.unrank(r);
                syms.iter().any(|y| t.fixes(y, &s.0[..n]))
            })
            .collect();
        assert!(fixed.len() > 20, "{file} {metric}: {} symmetric positions", fixed.len());
        let (mut on_nodes, mut off_nodes) = (0, 0);
        for &r in fixed.iter().step_by(fixed.len() / 10) {
            let s = p.unrank(r);
            assert!(!t.fixing(&s.0[..n]).is_empty());
            assert!(!p.is_goal(&s));
            let board = t.rows(&s.0[..n]).join(" | ");
            let req = Request::default()
                .with("board", &board)
                .with("table-memory", "64K")
                .by(Algorithm::IdaStar);
            let on = run::solve(def, &req, &ctx).unwrap();
            let off = run::solve(def, &req.clone().with("symmetric-start", "off"), &ctx).unwrap();
            let d = table.get(r).unwrap();
            assert_eq!(
                (on.length, off.length),
                (d as usize, d as usize),
                "{file} {metric} {board}"
            );
            assert!(on.replayed, "{file} {board}");
            assert!(on.stats.generated <= off.stats.generated, "{file} {metric} {board}");
            on_nodes += on.stats.generated;
            off_nodes += off.stats.generated;
        }
        assert!(
            on_nodes < off_nodes,
            "{file} {metric}: {on_nodes} nodes against {off_nodes}"
        );
    }
}

/// Symmetric patterns of the 3x3x3 (the superflip's 48 symmetries down
/// to Tetris's 4) solve in the same length with the symmetric start's
/// pruning as without, and in fewer nodes; a start no symmetry fixes is
/// searched as before, and a bad value is one line.
#[test]
fn symmetric_cube_patterns() {
    let def = load("3x3x3.tws", None);
    let Definition::Tws(t) = &def else { unreachable!() };
    let superflip = t
        .scramble("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
        .unwrap();
    assert_eq!(t.fixing(&superflip).len(), 47);
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for (pattern, fixed, length) in [
        ("U D' R L' F B' U D'", 5, 8),
        ("L R F B U' D' L' R'", 3, 8),
        ("F2 B2 U D' R2 L2 U D'", 15, 8),
        ("U D R2 L2 U D", 7, 6),
    ] {
        assert_eq!(t.fixing(&t.scramble(pattern).unwrap()).len(), fixed, "{pattern}");
        let req = Request::default()
            .with("board", pattern)
            .with("table-memory", "16M")
            .by(Algorithm::IdaStar);
        let on = run::solve(&def, &req, &ctx).unwrap();
        let off = run::solve(&def, &req.clone().with("symmetric-start", "off"), &ctx).unwrap();
        assert_eq!((on.length, off.length), (length, length), "{pattern}");
        assert!(on.replayed && off.replayed);
        assert!(on.stats.generated < off.stats.generated, "{pattern}");
    }
    let plain = Request::default()
        .with("board", "R U F")
        .with("table-memory", "256M")
        .by(Algorithm::IdaStar);
    let on = run::solve(&def, &plain, &ctx).unwrap();
    let off = run::solve(&def, &plain.clone().with("symmetric-start", "off"), &ctx).unwrap();
    assert_eq!((on.length, on.stats.generated), (off.length, off.stats.generated));
    let e = run::solve(&def, &plain.with("symmetric-start", "maybe"), &ctx).unwrap_err();
    assert!(e.to_string().contains("symmetric-start"), "{e}");
}

/// `Illegal` lines and moves that commute: `X Y` and `Y X` end alike, but
/// one may pass through a forbidden position and the other not, so the
/// searches keep both orders of such moves (they used to keep file order
/// only, and found no solution of `X Y` below, whose one solution is
/// `Y X`). Every search agrees with breadth-first search on every start
/// of the example and of seeded files like it.
#[test]
fn illegal_lines_keep_both_orders_of_commuting_moves() {
    let example =
        "Set A 4 1\nSolved\nA\n1 2 3 4\nEnd\nMove X\nA\n2 1 4 3\nEnd\nMove Y\nA\n3 4 1 2\nEnd\nIllegal A 1 3\n";
    let def = Definition::parse(&Src::new("commute.tws", example), None).unwrap();
    let ctx = Context::new();
    for algo in [Algorithm::Bfs, Algorithm::Bidir, Algorithm::Iddfs, Algorithm::IdaStar] {
        let s = solve(&def, "X Y", algo, Some("1M"), &ctx);
        assert_eq!((s.length, s.replayed), (2, true), "{algo:?}");
        assert_eq!(s.moves, ["Y", "X"], "{algo:?}");
    }
    // Seeded files: six pieces, two commuting moves that share slots (a
    // Klein four-group on slots 1-4), a third move, one to three Illegal
    // lines; every start three moves from the goal.
    let mut next = crate::support::draws(0x9e37_79b9_7f4a_7c15u64);
    let thirds = ["5 6 3 4 1 2", "1 2 3 5 6 4", "2 1 3 4 6 5", "1 5 3 4 2 6"];
    let (mut files, mut starts, mut detours) = (0, 0, 0);
    while files < 12 {
        let third = thirds[next(4) as usize];
        let mut text = format!(
            "Set A 6 1\nSolved\nA\n1 2 3 4 5 6\nEnd\nMove X\nA\n2 1 4 3 5 6\nEnd\nMove Y\nA\n3 4 1 2 5 6\nEnd\nMove Z\nA\n{third}\nEnd\n"
        );
        for _ in 0..1 + next(3) {
            let (slot, piece) = (1 + next(6), 1 + next(6));
            if slot != piece {
                text.push_str(&format!("Illegal A {slot} {piece}\n"));
            }
        }
        let def = Definition::parse(&Src::new("seeded.tws", &text), None).unwrap();
        let Definition::Tws(t) = &def else { unreachable!() };
        files += 1;
        let names = t.metric_move_names();
        for code in 0..names.len().pow(3) {
            let board: Vec<&str> = (0..3).map(|k| names[code / names.len().pow(k) % names.len()]).collect();
            let board = board.join(" ");
            if !t.legal(&t.scramble(&board).unwrap()) {
                continue;
            }
            let length = |algo| {
                let req = Request::default()
                    .with("board", &board)
                    .with("table-memory", "1M")
                    .by(algo);
                run::solve(&def, &req, &ctx).map(|s| {
                    assert!(s.replayed, "{text}{board}: {algo:?}");
                    s.length
                })
            };
            let bfs = length(Algorithm::Bfs).ok();
            for algo in [Algorithm::Bidir, Algorithm::Iddfs, Algorithm::IdaStar] {
                assert_eq!(length(algo).ok(), bfs, "{text}{board}: {algo:?}");
            }
            starts += 1;
            detours += usize::from(bfs.is_some_and(|d| d > 3));
        }
    }
    assert!(
        starts > 300 && detours > 0,
        "{starts} starts, {detours} longer than their scramble"
    );
}
