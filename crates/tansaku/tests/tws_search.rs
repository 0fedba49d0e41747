//! Permutation puzzles solved from their `.tws` files: canonical move
//! sequences and pattern databases derived from the file, cross-checked
//! against breadth-first search and plain iterative deepening; the table
//! files' trust; the shipped Pyraminx and Skewb.

use proptest::strategy::Strategy;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};
use tansaku::Context;
use tansaku::Game;
use tansaku::Ranked;
use tansaku::Request;
use tansaku::context::Tables;
use tansaku::define::{Cells, Definition, Src, prune};
use tansaku::games::definition as run;
use tansaku::search::auto::Algorithm;
use tansaku::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense};

fn load(name: &str, metric: Option<&str>) -> Definition {
    Definition::load(&Path::new(crate::support::ROOT).join("puzzles").join(name), metric)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A seeded scramble of `moves` moves of `def`'s moves.
fn scramble(name: &str, seed: u64, moves: u32) -> String {
    let g = run::DefinedGame::load(&Path::new(crate::support::ROOT).join("puzzles").join(name)).unwrap();
    g.scramble(&Request::default(), seed, moves).unwrap()
}

fn solve(def: &Definition, board: &str, algo: Algorithm, tables: Option<&str>, ctx: &Context) -> run::Solved {
    let mut req = Request::default().with("board", board).by(algo);
    if let Some(t) = tables {
        req = req.with("table-memory", t);
    }
    run::solve(def, &req, ctx).unwrap_or_else(|e| panic!("{board}: {e}"))
}

/// A small group puzzle in one metric and its whole distance table (the
/// breadth-first distance of every rank), computed once for all the tests
/// that read it, however many run at once.
fn whole(file: &'static str, metric: &'static str) -> Arc<(Definition, DistanceTable)> {
    type Cell = Arc<OnceLock<Arc<(Definition, DistanceTable)>>>;
    static TABLES: OnceLock<Mutex<HashMap<(&str, &str), Cell>>> = OnceLock::new();
    let cell = TABLES
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry((file, metric))
        .or_default()
        .clone();
    cell.get_or_init(|| {
        use tansaku::define::tws::Perm;
        let def = load(file, Some(metric));
        let Definition::Tws(t) = &def else { unreachable!() };
        let (_, table) = retrograde_dense(&Perm::<Cells<32>>::new(t), RetroOptions::default()).unwrap();
        Arc::new((def, table))
    })
    .clone()
}

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

/// God's number between two phases (twsearch #112), `longest --from`:
/// on the 2x2x2, from "the layer U does not turn is solved" (its pieces
/// 2, 4 and 5 home and unturned) to solved, the histogram equals the
/// whole table's distances counted over exactly those positions (found
/// here by hand, piece by piece), 648 of them; and from anything to a
/// goal that asks only for that layer. A start set that tells apart
/// pieces the goal makes alike, one no move reaches, and one for a
/// blocks puzzle are refused in a line.
#[test]
fn gods_number_from_a_start_set() {
    use tansaku::define::tws::Perm;
    let w = whole("2x2x2.tws", "htm");
    let (def, table) = &*w;
    let Definition::Tws(t) = def else { unreachable!() };
    let p = Perm::<Cells<32>>::new(t);
    let layer_home = |s: &[u8]| [1usize, 3, 4].iter().all(|&i| s[i] == i as u8 && s[7 + i] == 0);
    let mut expected: Vec<u64> = Vec::new();
    for r in (0..p.state_count()).filter(|&r| table.get(r).is_some()) {
        if layer_home(&p.unrank(r).0) {
            let d = table.get(r).unwrap() as usize;
            expected.resize(expected.len().max(d + 1), 0);
            expected[d] += 1;
        }
    }
    let from = "CORNERS 0 2 0 4 5 0 0 / ? 0 ? 0 0 ? ?";
    let ctx = Context::new();
    let got = run::analyse(def, &Request::default().with("from", from), &ctx).unwrap();
    assert_eq!(got.histogram, expected);
    assert_eq!(got.states, 648);
    assert_eq!(got.longest as usize, expected.len() - 1);
    assert_eq!(got.count, *expected.last().unwrap());
    for text in &got.positions {
        let s = t.parse_state(text).unwrap();
        assert!(layer_home(&s), "{text}");
    }

    // The goal asks for that layer only; the start is anything.
    let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let file = std::fs::read_to_string(path).unwrap();
    let layer = file.replacen("1 2 3 4 5 6 7\n0 0 0 0 0 0 0", "1 2 1 4 5 1 1\n? 0 ? 0 0 ? ?", 1);
    let goal = Definition::parse(&Src::new("layer.tws", &layer), None).unwrap();
    let whole_layer = run::analyse(&goal, &Request::default(), &ctx).unwrap();
    let any = run::analyse(
        &goal,
        &Request::default().with("from", "CORNERS 1 1 1 1 1 1 1 / ? ? ? ? ? ? ?"),
        &ctx,
    )
    .unwrap();
    assert_eq!(any.histogram, whole_layer.histogram);
    let none_given = run::analyse(&goal, &Request::default().with("from", ""), &ctx).unwrap();
    assert_eq!(none_given.histogram, whole_layer.histogram);

    for (definition, start, says) in [
        (&goal, "CORNERS 1 2 3 4 5 1 1", "tells apart pieces"),
        (
            &goal,
            "CORNERS 1 2 1 4 5 1 1 / 1 0 ? 0 0 ? ?",
            "whose orientation the file ignores",
        ),
        (
            def,
            "CORNERS 1 2 3 4 5 6 7 / 1 0 0 0 0 0 0",
            "no position the moves reach",
        ),
        (def, "EDGES 1 2", "not a set of"),
        (def, "CORNERS 1 2 3", "7 pieces"),
        (def, "CORNERS 1 2 3 4 5 6 7 / 0 0 0 0 0 0 3", "3 is not one"),
    ] {
        let e = run::analyse(definition, &Request::default().with("from", start), &ctx).unwrap_err();
        assert!(e.to_string().contains(says), "{start}: {e}");
    }
    let swap = Definition::parse(
        &Src::new(
            "swap.toml",
            "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n",
        ),
        None,
    )
    .unwrap();
    let e = run::analyse(&swap, &Request::default().with("from", "AB/.."), &ctx).unwrap_err();
    assert!(e.to_string().contains(".tws puzzles only"), "{e}");
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

/// The 3x3x3 and a small picture of it: the edges in their slices, the
/// corners in their tetrads, no orientation (kept up to symmetry).
fn slices_and_tetrads() -> (tansaku::define::tws::Tws, prune::Projection) {
    use tansaku::define::tws::SetPart;
    let Definition::Tws(t) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    let orbits = |set: usize| SetPart {
        set,
        pieces: Vec::new(),
        orientation: false,
        alike: t.square_orbits().into_iter().find(|o| o.set == set).unwrap().orbits,
        unturned: 0,
    };
    let picture = prune::Projection::new(vec![orbits(0), orbits(1)]);
    (*t, picture)
}

/// A symmetry-reduced table's build stopped (as a kill would stop it)
/// after some levels leaves a checkpoint; the next build goes on from it
/// and writes the table a build from nothing writes, and removes the
/// checkpoint. A damaged checkpoint is refused and the build starts over.
#[test]
fn stopped_table_builds_go_on_from_their_checkpoint() {
    use tansaku::context::{Observer, Step};
    let (t, picture) = slices_and_tetrads();
    let picture = [picture];
    /// Stops the build when it reports level `at`.
    struct StopAt(Context, u32);
    impl Observer for StopAt {
        fn begin(&self, _: Option<u64>, _: &str) {}
        fn update(&self, _: u64, _: &str) {}
        fn note(&self, text: &str) {
            if text.trim_start().starts_with(&format!("level {:>3}:", self.1)) {
                self.0.cancel();
            }
        }
        fn end(&self) {}
        fn step(&self, _: Step) {}
    }
    let heard = Arc::new(Mutex::new(Vec::<String>::new()));
    let ctx = |dir: &Path| {
        let h = Arc::clone(&heard);
        Context::new()
            .with_tables(Tables::at(dir).with_checkpoint_every(std::time::Duration::ZERO))
            .with_notices(Arc::new(move |s: &str| h.lock().unwrap().push(s.to_string())))
    };
    let files = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    let whole = tempfile::tempdir().unwrap();
    prune::Tables::build(&t, &picture, &ctx(whole.path())).unwrap();
    let [name] = &files(whole.path())[..] else { panic!() };
    let want = std::fs::read(whole.path().join(name)).unwrap();
    for damage in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let stopped = ctx(dir.path());
        let stopped = stopped.clone().with_observer(Arc::new(StopAt(stopped, 5)));
        assert!(prune::Tables::build(&t, &picture, &stopped).is_err());
        let part = format!("{name}.part");
        assert_eq!(files(dir.path()), std::slice::from_ref(&part));
        if damage {
            let path = dir.path().join(&part);
            let mut bytes = std::fs::read(&path).unwrap();
            bytes[100] ^= 1;
            std::fs::write(&path, bytes).unwrap();
        }
        heard.lock().unwrap().clear();
        prune::Tables::build(&t, &picture, &ctx(dir.path())).unwrap();
        let notes = heard.lock().unwrap().join("\n");
        if damage {
            assert!(
                notes.contains("is corrupt (its checksum does not match): starting over"),
                "{notes}"
            );
        } else {
            assert!(
                notes.contains("from its checkpoint") && notes.contains("(levels 0-4)"),
                "{notes}"
            );
        }
        assert_eq!(files(dir.path()), std::slice::from_ref(name));
        assert!(std::fs::read(dir.path().join(name)).unwrap() == want);
    }
}

/// A table at two bits an entry bounds every position at most as its
/// four-bit table does (which is the projection's exact distance), equals
/// it on most, and keeps: written, loaded back with the same bounds,
/// packed from the four-bit table's file when that one is kept (no
/// build), rebuilt when damaged (3x3x3, the edges in their slices and
/// the corners in their tetrads, up to symmetry).
#[test]
fn two_bit_tables_bound_below_their_four_bit_tables_and_keep() {
    use tansaku::define::prune::Width;
    let (t, picture) = slices_and_tetrads();
    let four = [picture];
    let two = [prune::Projection(four[0].0.clone(), Width::Two)];
    let heard = Arc::new(Mutex::new(Vec::<String>::new()));
    let ctx = |dir: &Path| {
        let h = Arc::clone(&heard);
        Context::new()
            .with_tables(Tables::at(dir))
            .with_notices(Arc::new(move |s: &str| h.lock().unwrap().push(s.to_string())))
    };
    let dir = tempfile::tempdir().unwrap();
    let exact = prune::Tables::build(&t, &four, &ctx(dir.path())).unwrap();
    // Packed from the four-bit file, with no build.
    heard.lock().unwrap().clear();
    let packed = prune::Tables::build(&t, &two, &ctx(dir.path())).unwrap();
    assert_eq!(packed.reports[0].origin, "loaded");
    assert!(packed.reports[0].projection.ends_with("two bits an entry)"));
    // Half the bytes, and a line's least every 254 entries.
    assert!(packed.reports[0].bytes * 100 <= exact.reports[0].bytes * 51 + 6400);
    assert!(!heard.lock().unwrap().iter().any(|n| n.contains("building")));
    // Built from nothing, and loaded back.
    let alone = tempfile::tempdir().unwrap();
    let built = prune::Tables::build(&t, &two, &ctx(alone.path())).unwrap();
    assert_eq!(built.reports[0].origin, "built");
    let loaded = prune::Tables::build(&t, &two, &ctx(alone.path())).unwrap();
    assert_eq!(loaded.reports[0].origin, "loaded");
    let (mut equal, mut below) = (0, 0);
    for seed in 0..400 {
        let s = t.scramble(&scramble("3x3x3.tws", seed, seed as u32 % 20)).unwrap();
        let d = exact.estimate(&s);
        let bound = packed.estimate(&s);
        assert!(bound <= d, "seed {seed}: {bound} above the distance {d}");
        assert_eq!(built.estimate(&s), bound, "seed {seed}");
        assert_eq!(loaded.estimate(&s), bound, "seed {seed}");
        equal += usize::from(bound == d);
        below += usize::from(bound < d);
    }
    assert!(equal > 300 && below > 0, "{equal} equal, {below} below");
    // A damaged two-bit file is refused and rebuilt.
    let [name] = &std::fs::read_dir(alone.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect::<Vec<_>>()[..]
    else {
        panic!()
    };
    let mut bytes = std::fs::read(name).unwrap();
    bytes[100] ^= 1;
    std::fs::write(name, bytes).unwrap();
    heard.lock().unwrap().clear();
    let rebuilt = prune::Tables::build(&t, &two, &ctx(alone.path())).unwrap();
    assert_eq!(rebuilt.reports[0].origin, "built");
    let notes = heard.lock().unwrap().join("\n");
    assert!(notes.contains("is corrupt"), "{notes}");
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

/// The cube's first two layers, the last layer blank: the plan groups
/// the eight edges told apart (not the four alike ones with them), and in
/// what it leaves pairs the four corners with two edges at a time. IDA*
/// on those tables agrees with bidirectional search.
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

/// The shipped Pyraminx and Skewb hold the published figures.
#[test]
fn pyraminx_and_skewb_figures() {
    for file in ["pyraminx.tws", "skewb.tws"] {
        let path = Path::new(crate::support::ROOT).join("puzzles").join(file);
        let src = Src::read(&path).unwrap();
        let def = Definition::parse(&src, None).unwrap();
        let checked = run::check(&def, |m| Definition::parse(&src, Some(m)), &Context::new()).unwrap();
        assert_eq!(checked.len(), 3, "{file}");
        assert!(checked.iter().all(|c| c.ok()), "{file}: {checked:?}");
    }
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

/// The tables built on coordinates (move tables, no position ranked) equal
/// entry for entry those the generic engine builds by playing moves on
/// positions and ranking them: whole sets with orientations in slot order
/// (the sum kept or not), pieces kept among identical ones with their
/// twists in piece order (two and three orientations), no orientation,
/// several sets, both metrics.
#[test]
fn coordinate_tables_equal_the_generic_engine() {
    use tansaku::define::coord::Coords;
    use tansaku::define::tws::{Perm, SetPart};
    let part = |set: usize, pieces: &[u8], orientation: bool| SetPart {
        set,
        pieces: pieces.to_vec(),
        orientation,
        alike: Vec::new(),
        unturned: 0,
    };
    let orbits = |file: &str, set: usize, orientation: bool| {
        let Definition::Tws(t) = load(file, None) else {
            unreachable!()
        };
        let o = t.square_orbits().into_iter().find(|o| o.set == set).unwrap();
        assert!(o.orbits.len() > 1, "{file}: set {set} in one orbit");
        SetPart {
            set,
            pieces: Vec::new(),
            orientation,
            alike: o.orbits,
            unturned: 0,
        }
    };
    let cases: Vec<(&str, &str, Vec<SetPart>)> = vec![
        ("2x2x2.tws", "htm", vec![part(0, &[0, 1, 2, 3, 4, 5, 6], true)]),
        ("2x2x2.tws", "qtm", vec![part(0, &[0, 1, 2, 3, 4, 5, 6], true)]),
        ("2x2x2.tws", "qtm", vec![part(0, &[1, 3, 4], true)]),
        (
            "pyraminx.tws",
            "htm",
            vec![part(0, &[0, 1, 2, 3], true), part(1, &[0, 1, 2, 3, 4, 5], true)],
        ),
        ("skewb.tws", "htm", vec![part(0, &[0, 2, 5], true)]),
        ("3x3x3.tws", "htm", vec![part(0, &[0, 1, 2, 3], true)]),
        ("3x3x3.tws", "htm", vec![part(1, &[0, 3, 5, 6], true)]),
        ("3x3x3.tws", "qtm", vec![part(1, &[0, 1, 2, 3, 4, 5, 6, 7], false)]),
        (
            "3x3x3.tws",
            "htm",
            vec![part(0, &[2, 7, 9], false), part(1, &[0, 1], true)],
        ),
        // Pieces labelled by their orbit under the squares of the moves:
        // corners in their tetrads and twisted, edges in their slices.
        ("3x3x3.tws", "htm", vec![orbits("3x3x3.tws", 1, true)]),
        ("3x3x3.tws", "qtm", vec![orbits("3x3x3.tws", 0, false)]),
        // The edges of one slice turned, the others not.
        (
            "3x3x3.tws",
            "htm",
            vec![SetPart {
                unturned: 0b110,
                ..orbits("3x3x3.tws", 0, true)
            }],
        ),
        ("2x2x2.tws", "htm", vec![orbits("2x2x2.tws", 0, true)]),
    ];
    for (file, metric, parts) in cases {
        let Definition::Tws(t) = load(file, Some(metric)) else {
            unreachable!()
        };
        let projected = t.project(&parts);
        let p = &projected.tws;
        let coords = Coords::new(p).unwrap_or_else(|| panic!("{file} {parts:?}: no coordinates"));
        let fast = retrograde_dense(&coords, RetroOptions::default()).unwrap();
        let slow = retrograde_dense(&Perm::<Cells<64>>::new(p), RetroOptions::default()).unwrap();
        assert_eq!(fast.0.histogram, slow.0.histogram, "{file} {metric} {parts:?}");
        assert!(fast.1.into_bytes() == slow.1.into_bytes(), "{file} {metric} {parts:?}");
    }
}

/// A table kept once per class of symmetric positions gives, through its
/// index, the full table's distance of every position, entry for entry:
/// the cube's coset pictures under all 48 symmetries in both metrics, and
/// projections only some symmetries map (one edge kept, the rest alike;
/// the edges of one slice turned), reduced by those.
#[test]
fn symmetry_reduced_tables_equal_the_full_ones() {
    use tansaku::define::coord::Coords;
    use tansaku::define::symtable::SymReduced;
    use tansaku::define::tws::SetPart;
    let orbits = |t: &tansaku::define::tws::Tws, set: usize, orientation: bool| SetPart {
        set,
        pieces: Vec::new(),
        orientation,
        alike: t.square_orbits().into_iter().find(|o| o.set == set).unwrap().orbits,
        unturned: 0,
    };
    let kept = |set: usize, pieces: &[u8]| SetPart {
        set,
        pieces: pieces.to_vec(),
        orientation: true,
        alike: Vec::new(),
        unturned: 0,
    };
    let mut cases = Vec::new();
    for (metric, which, syms) in [("htm", 0, 48), ("qtm", 0, 48), ("htm", 1, 0), ("htm", 2, 16)] {
        let Definition::Tws(t) = load("3x3x3.tws", Some(metric)) else {
            unreachable!()
        };
        let parts = match which {
            0 => vec![orbits(&t, 0, false), orbits(&t, 1, false)],
            1 => vec![kept(0, &[0]), orbits(&t, 1, true)],
            // The edges of one slice turned: the 16 symmetries that keep
            // that slice.
            _ => vec![
                SetPart {
                    unturned: 0b110,
                    ..orbits(&t, 0, true)
                },
                orbits(&t, 1, false),
            ],
        };
        cases.push((metric, t, parts, syms));
    }
    // A puzzle of alike pieces: the first two layers, the four bottom
    // corners with the four bottom edges (labels, not slots, taken onto
    // each other: the 8 symmetries that keep the bottom face).
    let Definition::Tws(f2l) = first_two_layers() else {
        unreachable!()
    };
    let unturned = |set: usize, pieces: &[u8]| SetPart {
        orientation: false,
        ..kept(set, pieces)
    };
    cases.push((
        "f2l",
        f2l,
        vec![unturned(1, &[1, 2, 3, 4]), unturned(0, &[1, 3, 5, 7])],
        8,
    ));
    for (metric, t, parts, syms) in cases {
        let r = SymReduced::new(&t, &parts).unwrap();
        assert!(
            r.symmetries() >= 2 && (syms == 0 || r.symmetries() == syms),
            "{metric} {parts:?}: {}",
            r.symmetries()
        );
        let ctx = Context::new();
        // Every level's table as the build hands it over to be kept.
        let mut levels = Vec::new();
        let (longest, small) = r
            .distances(&ctx, None, &mut |level, table| {
                levels.push((level, table.to_vec()));
                Ok(())
            })
            .unwrap();
        // Going on from any of them gives the same table.
        for (level, table) in levels.into_iter().step_by(3) {
            let again = r.distances(&ctx, Some((level, table)), &mut |_, _| Ok(())).unwrap();
            assert!(
                again == (longest, small.clone()),
                "{metric} {parts:?}: from level {level}"
            );
        }
        let p = &r.projected.tws;
        let coords = Coords::new(p).unwrap();
        let (analysis, big) = retrograde_dense(&coords, RetroOptions::default()).unwrap();
        assert_eq!(longest, analysis.longest, "{metric} {parts:?}");
        let big = big.into_bytes();
        assert!(
            r.entries() < big.len() as u64 / 2,
            "{metric}: {} of {}",
            r.entries(),
            big.len()
        );
        for (rank, &d) in big.iter().enumerate() {
            let i = r.index(rank as u64) as usize;
            let got = small[i / 2] >> (4 * (i % 2)) & 15;
            let want = if d == u8::MAX { 15 } else { d.min(14) };
            assert_eq!(got, want, "{metric} {parts:?}: rank {rank}");
        }
    }
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

/// Orientations ignored on part of a set (`?` in the Solved block,
/// twsearch #65): the 2x2x2 with two corners' twists ignored has 7! x 3^5
/// = 1,224,720 positions (a third of 3,674,160: the two free twists absorb
/// the sum), searched breadth-first and by IDA* with tables derived from
/// it alike; printed positions show `?` and read back.
#[test]
fn orientations_ignored_with_a_question_mark() {
    let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let text = std::fs::read_to_string(path).unwrap().replacen(
        "1 2 3 4 5 6 7\n0 0 0 0 0 0 0",
        "1 2 3 4 5 6 7\n0 ? 0 0 ? 0 0",
        1,
    );
    let def = Definition::parse(&Src::new("blind.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    assert_eq!(t.rank_space(), Some(1_224_720));
    let all = run::analyse(&def, &Request::default(), &Context::new()).unwrap();
    assert_eq!(all.states, 1_224_720);
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for seed in 0..6 {
        let board = scramble("2x2x2.tws", 70 + seed, 9);
        let bfs = solve(&def, &board, Algorithm::Bfs, None, &ctx);
        for budget in ["64K", "64M"] {
            let ida = solve(&def, &board, Algorithm::IdaStar, Some(budget), &ctx);
            assert_eq!(ida.length, bfs.length, "{board} {budget}");
            assert!(ida.replayed);
        }
        let s = t.scramble(&board).unwrap();
        let shown = t.rows(&s).join(" | ");
        assert!(shown.contains('?'), "{shown}");
        assert_eq!(t.parse_state(&shown).unwrap(), s);
    }
    // Identical pieces must agree.
    let mixed = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws"))
        .unwrap()
        .replacen("1 2 3 4 5 6 7\n0 0 0 0 0 0 0", "1 1 3 4 5 6 7\n? 0 0 0 0 0 0", 1);
    let e = Definition::parse(&Src::new("mixed.tws", &mixed), None).unwrap_err();
    assert!(e.message.contains("both ? or neither"), "{e}");
}

/// Several solved positions (twsearch #116): a position is solved when it
/// is any of them. Distances in a file with two Solved blocks are the
/// least of the distances in the two files that have one each; IDA* on
/// tables derived from the file (built from both) finds them; a block that
/// is not an arrangement of the first block's pieces is refused.
#[test]
fn several_solved_positions() {
    let home = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws"))
        .unwrap()
        .lines()
        .filter(|l| !l.contains("tansaku-expect"))
        .collect::<Vec<_>>()
        .join("\n");
    let Definition::Tws(t) = Definition::parse(&Src::new("home.tws", &home), None).unwrap() else {
        unreachable!()
    };
    // The second solved position: the cube after R2 U F', as a block.
    let other = t.scramble("R2 U F'").unwrap();
    let row = &t.rows(&other)[0];
    let (perm, ori) = row["CORNERS".len()..].split_once('/').unwrap();
    let block = format!("Solved\nCORNERS\n{}\n{}\nEnd\n", perm.trim(), ori.trim());
    let identity = "Solved\nCORNERS\n1 2 3 4 5 6 7\n0 0 0 0 0 0 0\nEnd\n";
    assert!(home.contains(identity));
    let both_text = home.replacen(identity, &format!("{identity}\n{block}"), 1);
    let alone_text = home.replacen(identity, &block, 1);
    let both = Definition::parse(&Src::new("both.tws", &both_text), None).unwrap();
    let alone = Definition::parse(&Src::new("alone.tws", &alone_text), None).unwrap();
    let home = Definition::Tws(t.clone());
    let Definition::Tws(tb) = &both else { unreachable!() };
    assert_eq!(tb.goals.len(), 2);
    assert!(!tb.invertible());
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    let mut nearer_other = 0;
    for seed in 0..8 {
        let walk = scramble("2x2x2.tws", 300 + seed, 2 + seed as u32);
        // Half of them walk from the second solved position.
        let board = if seed % 2 == 0 { format!("R2 U F' {walk}") } else { walk };
        let shown = t.rows(&t.scramble(&board).unwrap()).join(" | ");
        let d_home = solve(&home, &shown, Algorithm::Bfs, None, &ctx).length;
        let d_alone = solve(&alone, &shown, Algorithm::Bfs, None, &ctx).length;
        let bfs = solve(&both, &shown, Algorithm::Bfs, None, &ctx);
        assert_eq!(bfs.length, d_home.min(d_alone), "{board}");
        nearer_other += usize::from(d_alone < d_home);
        assert!(bfs.replayed);
        for budget in ["64K", "64M"] {
            let ida = solve(&both, &shown, Algorithm::IdaStar, Some(budget), &ctx);
            assert_eq!(ida.length, bfs.length, "{board} {budget}");
            assert!(ida.replayed);
        }
    }
    assert!(nearer_other > 0, "some scramble is nearer the second solved position");
    // The second block's own position is solved, in 0 moves.
    let at_other = t.rows(&other).join(" | ");
    assert_eq!(solve(&both, &at_other, Algorithm::IdaStar, Some("64K"), &ctx).length, 0);
    // Every position is at most as far as with one solved position.
    let all = run::analyse(&both, &Request::default(), &Context::new()).unwrap();
    assert_eq!(all.states, 3_674_160);
    let one = run::analyse(&home, &Request::default(), &Context::new()).unwrap();
    assert!(all.longest <= one.longest);
    // Not the first block's pieces.
    let bad = both_text.replacen(&block, "Solved\nCORNERS\n1 1 3 4 5 6 7\n0 0 0 0 0 0 0\nEnd\n", 1);
    let e = Definition::parse(&Src::new("bad.tws", &bad), None).unwrap_err();
    assert!(e.message.contains("further Solved block"), "{e}");
}

/// Symmetries found from the moves alone: the 2x2x2 (one corner held, so
/// the 6 that keep it), the Pyraminx and the Skewb (the tetrahedron's 24:
/// the Skewb turns about four corners, one of two tetrahedra) and
/// the 3x3x3 (the cube's 48); and every one keeps every position's
/// distance, in both metrics, over the whole space of the small puzzles.
#[test]
fn symmetries_found_from_the_moves_keep_distances() {
    use tansaku::define::tws::Perm;
    let cube = load("3x3x3.tws", None);
    let Definition::Tws(c) = &cube else { unreachable!() };
    assert_eq!(c.symmetries().len(), 48);
    for (file, metric, count) in [
        ("2x2x2.tws", "htm", 6),
        ("2x2x2.tws", "qtm", 6),
        ("pyraminx.tws", "htm", 24),
        ("skewb.tws", "htm", 24),
    ] {
        let w = whole(file, metric);
        let (def, table) = &*w;
        let Definition::Tws(t) = def else { unreachable!() };
        let syms = t.symmetries();
        assert_eq!(syms.len(), count, "{file} {metric}");
        let p = Perm::<Cells<32>>::new(t);
        let n = t.bytes();
        let mut c = [0u8; 32];
        // Every seventh reachable position (the ranks also number
        // positions the moves never reach).
        for r in (0..p.state_count()).filter(|&r| table.get(r).is_some()).step_by(7) {
            let s = p.unrank(r);
            let d = table.get(r);
            for sym in syms {
                t.conjugate(sym, &s.0[..n], &mut c[..n]);
                let image = p.rank(&p.state(&c[..n]));
                assert_eq!(table.get(image), d, "{file} {metric} rank {r}");
            }
        }
    }
}

/// `longest` on a group puzzle counts its antipodes up to the symmetries
/// found from the moves: the figure equals a count of distinct least
/// images over the whole distance table (the 2x2x2's 2644 antipodes in
/// the half-turn metric make 449 classes under its 6 symmetries).
#[test]
fn antipodes_up_to_symmetry_from_the_moves() {
    use std::collections::HashSet;
    use tansaku::define::tws::Perm;
    for (file, metric) in [("2x2x2.tws", "htm"), ("2x2x2.tws", "qtm"), ("pyraminx.tws", "htm")] {
        let w = whole(file, metric);
        let (def, table) = &*w;
        let Definition::Tws(t) = def else { unreachable!() };
        let longest = run::analyse(def, &Request::default(), &Context::new()).unwrap();
        assert_eq!(longest.symmetries.len(), t.symmetries().len());
        let p = Perm::<Cells<32>>::new(t);
        let n = t.bytes();
        let mut classes = HashSet::new();
        let mut c = [0u8; 32];
        for r in (0..p.state_count()).filter(|&r| table.get(r) == Some(longest.longest)) {
            let s = p.unrank(r);
            let least = t
                .symmetries()
                .iter()
                .map(|y| {
                    t.conjugate(y, &s.0[..n], &mut c[..n]);
                    p.rank(&p.state(&c[..n]))
                })
                .min();
            classes.insert(least);
        }
        assert_eq!(
            longest.count_up_to_symmetry,
            Some(classes.len() as u64),
            "{file} {metric}"
        );
    }
}

/// God's-number runs of a `.tws` puzzle that pause and use little memory
/// (twsearch #113, #114): two bits a position, stopped after some levels
/// and resumed from the checkpoint, or kept on disk, give the byte
/// analysis's histogram, antipodes and antipode classes.
#[test]
fn tws_longest_two_bits_resumed_and_on_disk() {
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    use tansaku::context::Observer;
    use tansaku::search::retrograde::Bits;
    /// Cancels its context after `after` levels (a note each).
    struct StopAfter(usize, AtomicUsize, Context);
    impl Observer for StopAfter {
        fn begin(&self, _: Option<u64>, _: &str) {}
        fn update(&self, _: u64, _: &str) {}
        fn note(&self, _: &str) {
            if self.1.fetch_add(1, Relaxed) + 1 == self.0 {
                self.2.cancel();
            }
        }
        fn end(&self) {}
    }
    // Half-turn metric: its 2,644 antipodes are more than the 1,000
    // positions an answer keeps, so the classes must come from the table.
    let def = load("2x2x2.tws", Some("htm"));
    let whole = run::analyse(
        &def,
        &Request {
            bits: Bits::Eight,
            ..Default::default()
        },
        &Context::new(),
    )
    .unwrap();
    assert_eq!(
        (whole.longest, whole.count, whole.count_up_to_symmetry),
        (11, 2644, Some(449))
    );
    // Positions compared by count and equality only: a failure must not
    // print a thousand of them.
    let figures = |l: &run::Longest| {
        (
            l.histogram.clone(),
            l.count,
            l.count_up_to_symmetry,
            l.positions.len(),
            l.positions == whole.positions,
        )
    };
    for stops in [vec![3], vec![2, 5, 2], vec![10]] {
        let dir = tempfile::tempdir().unwrap();
        let req = Request {
            bits: Bits::Two,
            checkpoint: Some((dir.path().to_path_buf(), std::time::Duration::ZERO)),
            ..Default::default()
        };
        for &after in &stops {
            let base = Context::new();
            let stop = StopAfter(after, AtomicUsize::new(0), base.clone());
            let ctx = base.with_observer(Arc::new(stop));
            assert!(run::analyse(&def, &req, &ctx).is_err(), "stopped after {after} levels");
            assert!(dir.path().join("longest.ckpt").exists());
        }
        let resumed = run::analyse(&def, &req, &Context::new()).unwrap();
        assert_eq!(figures(&resumed), figures(&whole), "stops {stops:?}");
        assert!(
            !dir.path().join("longest.ckpt").exists(),
            "a finished run removes its checkpoint"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let req = Request {
        bits: Bits::Two,
        disk: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    // 3,674,160 positions at two bits are 918 kB: a 400 kB budget sends the
    // table to disk.
    let on_disk = run::analyse(&def, &req, &Context::new().with_budget(400 << 10)).unwrap();
    assert_eq!(figures(&on_disk), figures(&whole));
}

/// A group of pieces that is a symmetric image of an earlier table's is
/// read through that table on the position's image, with no table of its
/// own: the bound equals that of the two groups' own tables, position for
/// position (the 3x3x3's corners 1-4 and 5-8, and the 2x2x2's groups).
#[test]
fn image_tables_equal_their_own_tables() {
    use tansaku::define::tws::SetPart;
    for (file, set, a, b) in [
        ("3x3x3.tws", 1, vec![0u8, 1, 2, 3], vec![4u8, 5, 6, 7]),
        ("2x2x2.tws", 0, vec![0u8, 1, 2, 3, 4], vec![0u8, 1, 3, 5, 6]),
    ] {
        let def = load(file, None);
        let Definition::Tws(t) = &def else { unreachable!() };
        let ctx = Context::new().with_tables(Tables::in_memory());
        let proj = |pieces: &Vec<u8>| {
            prune::Projection::new(vec![SetPart {
                set,
                pieces: pieces.clone(),
                orientation: true,
                alike: Vec::new(),
                unturned: 0,
            }])
        };
        let together = prune::Tables::build(t, &[proj(&a), proj(&b)], &ctx).unwrap();
        assert_eq!(together.reports[1].origin, "image", "{file}");
        let first = prune::Tables::build(t, &[proj(&a)], &ctx).unwrap();
        let second = prune::Tables::build(t, &[proj(&b)], &ctx).unwrap();
        assert_eq!(second.reports[0].origin, "built", "{file}");
        let mut differ = 0;
        for seed in 0..300 {
            let s = t.scramble(&scramble(file, seed, 4 + seed as u32 % 16)).unwrap();
            let (x, y) = (first.estimate(&s), second.estimate(&s));
            assert_eq!(together.estimate(&s), x.max(y), "{file} seed {seed}");
            differ += usize::from(x != y);
        }
        assert!(
            differ > 0,
            "{file}: the two groups never disagree, the test proves nothing"
        );
    }
}

/// The lookups in stages (the first look at a child, then the rest only
/// while none cuts) cut exactly what reading every stage cuts: for every
/// threshold, the staged bound passes it when the whole bound does. The
/// whole bound is at least every table's on the position and on its
/// inverse, and at most the scramble's length (3x3x3 at 64M: a coset
/// picture read along the axes, then single tables).
#[test]
fn staged_looks_cut_what_every_lookup_would() {
    let def = load("3x3x3.tws", None);
    let Definition::Tws(t) = &def else { unreachable!() };
    let ctx = Context::new().with_tables(Tables::in_memory());
    let plan = prune::plan(t, 64 << 20);
    assert!(plan[0].is_coset());
    let mut tables = prune::Tables::build(t, &plan, &ctx).unwrap();
    assert!(!tables.add_symmetric_lookups(t, t.symmetries(), 2).is_empty());
    let mut raised = 0;
    for seed in 0..300 {
        let moves = 6 + seed as u32 % 14;
        let s = t.scramble(&scramble("3x3x3.tws", seed, moves)).unwrap();
        let mut first = 0;
        tables.first_look(std::iter::once((&s[..], &mut first)));
        let whole = tables.refine(&s, first, u32::MAX);
        let mut inverse = s.clone();
        t.invert(&s, &mut inverse);
        assert!(
            whole >= tables.estimate(&s).max(tables.estimate(&inverse)),
            "seed {seed}"
        );
        assert!(whole <= moves, "seed {seed}: {whole} over a {moves}-move scramble");
        for enough in 0..=whole {
            assert_eq!(
                tables.refine(&s, first, enough) > enough,
                whole > enough,
                "seed {seed}, {enough}"
            );
        }
        raised += usize::from(whole > first);
    }
    assert!(
        raised > 0,
        "the second look never raised a bound: the test proves nothing"
    );
    // The second look made for a node's children together (as IDA* makes
    // it) gives each child what the look of one child gives.
    let mut checked = 0;
    for seed in 0..40 {
        let moves = scramble("3x3x3.tws", seed, 8 + seed as u32 % 10);
        let kids: Vec<Vec<u8>> = t
            .move_names()
            .iter()
            .map(|m| t.scramble(&format!("{moves} {m}")).unwrap())
            .collect();
        for enough in [5, 8, 11] {
            let mut h = vec![0u32; kids.len()];
            tables.first_look(kids.iter().map(|k| &k[..]).zip(h.iter_mut()));
            // A child the first look already cuts is left as it is.
            let one: Vec<u32> = kids
                .iter()
                .zip(&h)
                .map(|(k, &h)| if h > enough { h } else { tables.refine(k, h, enough) })
                .collect();
            tables.refine_each(|i| &kids[i][..], &mut h, enough);
            assert_eq!(h, one, "seed {seed}, {enough}");
            checked += one.iter().zip(&h).filter(|(a, _)| **a <= enough).count();
        }
    }
    assert!(checked > 0, "no child was left open: the batch proves nothing");
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

/// A table's rank read straight from the full position (and from its
/// symmetric image, never written whole) is the rank of the projected
/// position: on every plan's projections of the cube, the Pyraminx and the
/// Skewb (coset pictures with blind slices, sets with pieces made alike,
/// pieces ranked in piece order), for scrambles and every symmetry.
#[test]
fn ranks_read_from_the_position_are_the_projections_ranks() {
    let mut compared = 0;
    for (file, budgets) in [
        ("3x3x3.tws", &[64u64 << 20, 1 << 30, 4 << 30][..]),
        ("pyraminx.tws", &[1 << 16][..]),
        ("skewb.tws", &[1 << 16][..]),
    ] {
        let def = load(file, None);
        let Definition::Tws(t) = &def else { unreachable!() };
        let mut projections: Vec<prune::Projection> = Vec::new();
        for &b in budgets {
            projections.extend(prune::plan(t, b));
            projections.extend(prune::coset(t, b));
        }
        for proj in &projections {
            let p = t.project(&proj.0);
            let images: Vec<_> = t.symmetries().iter().map(|y| (y, p.image_of(t, y))).collect();
            let mut out = vec![0u8; p.tws.bytes()];
            let mut image = vec![0u8; t.bytes()];
            // The sets after the first, as a table kept per class reads them.
            let others = t.project(&proj.0[1..]).tws.rank_space().unwrap();
            for seed in 0..12 {
                let s = t.scramble(&scramble(file, seed, 3 + seed as u32 * 2)).unwrap();
                p.project(&s, &mut out);
                assert_eq!(p.rank(&s), p.tws.rank_of(&out), "{file} {} seed {seed}", proj.name(t));
                for (y, seen) in &images {
                    t.conjugate(y, &s, &mut image);
                    p.project(&image, &mut out);
                    assert_eq!(
                        p.rank_image(seen, &s),
                        p.tws.rank_of(&out),
                        "{file} {} seed {seed}, on an image",
                        proj.name(t)
                    );
                    let (a, b) = p.rank_split(&s, Some(seen));
                    assert_eq!(
                        a * others + b,
                        p.tws.rank_of(&out),
                        "{file} {} seed {seed}, split",
                        proj.name(t)
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "{compared} images compared");
}
