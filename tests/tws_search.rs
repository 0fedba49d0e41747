//! Permutation puzzles solved from their `.tws` files: canonical move
//! sequences and pattern databases derived from the file, cross-checked
//! against breadth-first search and plain iterative deepening; the table
//! files' trust; the shipped Pyraminx and Skewb.

use std::path::Path;
use std::sync::{Arc, Mutex};
use tansaku::Context;
use tansaku::context::Tables;
use tansaku::define::run::{self, Request};
use tansaku::define::{Definition, Src, prune};
use tansaku::front::Game;
use tansaku::search::auto::Algorithm;

fn load(name: &str, metric: Option<&str>) -> Definition {
    Definition::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name),
        metric,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// A seeded scramble of `moves` moves of `def`'s moves.
fn scramble(name: &str, seed: u64, moves: u32) -> String {
    let g = run::DefinedGame::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name)).unwrap();
    g.scramble(&Request::default(), seed, moves).unwrap()
}

fn solve(def: &Definition, board: &str, algo: Algorithm, tables: Option<&str>, ctx: &Context) -> run::Solved {
    let mut req = Request::default().with("board", board).by(algo);
    if let Some(t) = tables {
        req = req.with("table-memory", t);
    }
    run::solve(def, &req, ctx).unwrap_or_else(|e| panic!("{board}: {e}"))
}

/// IDA* with tables derived from the file (whole or in parts) finds the
/// breadth-first lengths, in both metrics, on random scrambles of the
/// 2x2x2, the Pyraminx and the Skewb; every solution replays to the goal.
#[test]
fn derived_tables_give_breadth_first_lengths() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    for (file, metric) in [
        ("2x2x2.tws", "htm"),
        ("2x2x2.tws", "qtm"),
        ("pyraminx.tws", "htm"),
        ("skewb.tws", "htm"),
    ] {
        let def = load(file, Some(metric));
        let Definition::Tws(t) = &def else { unreachable!() };
        // A budget that keeps only parts of each set (a weaker bound, still
        // admissible) and one that keeps the whole puzzle (exact).
        for budget in ["64K", "64M"] {
            let plan = prune::plan(t, tansaku::memory::parse_size(budget).unwrap());
            assert!(!plan.is_empty(), "{file} {budget}");
            for seed in 0..8 {
                let board = scramble(file, seed, 6 + seed as u32 * 2);
                let bfs = solve(&def, &board, Algorithm::Bfs, None, &ctx);
                let ida = solve(&def, &board, Algorithm::IdaStar, Some(budget), &ctx);
                assert_eq!(ida.length, bfs.length, "{file} {metric} {budget} {board}");
                assert!(ida.replayed && bfs.replayed, "{file} {board}");
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
    let ctx = Context::new().with_tables(Tables::in_memory());
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

/// Canonical sequences of the 3x3x3: 18 first moves, then 15 or 12 (a
/// face is never followed by itself, and of two opposite faces only one
/// order is kept); in the quarter-turn metric a quarter turn may repeat
/// (twice makes a half turn, which is not one move) but never undo itself.
#[test]
fn canonical_sequences_of_the_cube() {
    let Definition::Tws(htm) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    assert_eq!(htm.canonical_counts(5), [1, 18, 243, 3240, 43254, 577368]);
    assert_eq!(htm.canonical_branching(), 13.5);
    let Definition::Tws(qtm) = load("3x3x3.tws", Some("qtm")) else {
        unreachable!()
    };
    // After a quarter turn: itself again, 8 turns of the four faces that
    // do not commute with it, and the opposite face's two turns when it
    // comes later in the file: 11 or 9.
    assert_eq!(qtm.canonical_counts(2), [1, 12, 120]);
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
    assert!(first.tables.iter().all(|t| t.seconds > 0.0));
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), first.tables.len());
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

/// A table budget past the memory budget is refused before anything is
/// allocated; a table budget that is not a size is a clear error.
#[test]
fn tables_that_do_not_fit_are_refused() {
    let def = load("3x3x3.tws", None);
    let ctx = Context::new().with_tables(Tables::in_memory()).with_budget(64 << 20);
    let req = Request::default().with("board", "R U").with("table-memory", "4G");
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.contains("needs about"), "{e}");
    let req = Request::default().with("board", "R U").with("table-memory", "lots");
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.starts_with("table-memory = lots:"), "{e}");
    let req = Request::default().with("board", "R U X");
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.contains("'X' is not a move of 3x3x3"), "{e}");
}

/// The shipped Pyraminx and Skewb hold the published figures.
#[test]
fn pyraminx_and_skewb_figures() {
    for file in ["pyraminx.tws", "skewb.tws"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(file);
        let src = Src::read(&path).unwrap();
        let def = Definition::parse(&src, None).unwrap();
        let checked = run::check(&def, |m| Definition::parse(&src, Some(m)), &Context::new()).unwrap();
        assert_eq!(checked.len(), 3, "{file}");
        assert!(checked.iter().all(|c| c.ok()), "{file}: {checked:?}");
    }
}
