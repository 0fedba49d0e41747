//! Pattern databases: every entry against a plain search, admissibility and
//! consistency, the reflected lookup.

use std::collections::VecDeque;
use tansaku_puzzles::sliding::pdb::{Geometry, GroupIndex, build_table};

/// The same table by the plainest search there is: a 0-1 breadth-first
/// search over (placement, empty cell), where sliding a pattern tile costs
/// 1 and sliding any other tile costs 0; an entry is the minimum over the
/// empty cell.
fn plain_table(w: usize, h: usize, goal_cells: &[u8], goal_blank: u8) -> Vec<u8> {
    let n = w * h;
    let k = goal_cells.len();
    let index = GroupIndex::new(n, k);
    let size = index.size() as usize;
    let mut dist = vec![u8::MAX; size * n];
    let key = |cells: &[u8], blank: u8| index.rank(cells) as usize * n + blank as usize;
    let mut queue = VecDeque::new();
    dist[key(goal_cells, goal_blank)] = 0;
    queue.push_back((goal_cells.to_vec(), goal_blank));
    while let Some((cells, blank)) = queue.pop_front() {
        let d = dist[key(&cells, blank)];
        let (x, y) = (blank as usize % w, blank as usize / w);
        let mut next = Vec::new();
        if x > 0 {
            next.push(blank - 1);
        }
        if x + 1 < w {
            next.push(blank + 1);
        }
        if y > 0 {
            next.push(blank - w as u8);
        }
        if y + 1 < h {
            next.push(blank + w as u8);
        }
        for t in next {
            let mut moved = cells.clone();
            let cost = match cells.iter().position(|&c| c == t) {
                Some(j) => {
                    moved[j] = blank;
                    1
                }
                None => 0,
            };
            let k2 = key(&moved, t);
            if d + cost < dist[k2] {
                dist[k2] = d + cost;
                if cost == 0 {
                    queue.push_front((moved, t));
                } else {
                    queue.push_back((moved, t));
                }
            }
        }
    }
    (0..size)
        .map(|r| {
            let mut cells = vec![0u8; k];
            index.unrank(r as u64, &mut cells);
            (0..n)
                .filter(|b| !cells.contains(&(*b as u8)))
                .map(|b| dist[r * n + b])
                .min()
                .unwrap()
        })
        .collect()
}

#[test]
fn every_entry_equals_a_plain_search() {
    for (w, h, goal_cells, blank) in [
        (3, 3, vec![0u8, 1, 2, 3], 8u8),
        (3, 3, vec![4, 5, 6, 7, 0], 8),
        (3, 3, vec![8, 1], 0),
        (4, 2, vec![1, 2, 5], 0),
        (2, 4, vec![0, 3, 4, 6], 7),
        (4, 3, vec![0, 5, 11], 6),
        (4, 4, vec![1, 2, 3], 0),
        (5, 2, vec![9, 0, 4, 5], 2),
    ] {
        let (table, stats) = build_table(&Geometry::new(w, h), &goal_cells, blank, &tansaku_core::Context::new());
        let plain = plain_table(w, h, &goal_cells, blank);
        assert_eq!(table, plain, "{w}x{h} pattern {goal_cells:?}, empty cell {blank}");
        assert_eq!(stats.histogram.iter().sum::<u64>(), stats.entries);
        assert_eq!(stats.histogram[0], 1, "only the goal placement is 0");
    }
}

use std::sync::OnceLock;
use tansaku_core::search::{IdaOptions, LowerBound, ida_star_with};
use tansaku_core::{Puzzle, replay};
use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition};
use tansaku_puzzles::sliding::{LinearConflictBound, SlideState, Sliding, parse_board};

/// The 15-puzzle with Korf's goal (empty cell first) or the usual one
/// (empty cell last), and its 6-6-3 databases, built once for all tests.
fn fifteen(korf: bool) -> &'static (Sliding, AdditivePdb) {
    static KORF: OnceLock<(Sliding, AdditivePdb)> = OnceLock::new();
    static USUAL: OnceLock<(Sliding, AdditivePdb)> = OnceLock::new();
    let cell = if korf { &KORF } else { &USUAL };
    cell.get_or_init(|| {
        let goal = if korf {
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
        } else {
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"
        };
        let goal = parse_board(goal, None).unwrap();
        let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
        let db = AdditivePdb::build(&p, &Partition::P663, &tansaku_core::Context::new()).unwrap();
        (p, db)
    })
}

/// A board `steps` random moves from the goal (a seeded walk).
fn walk(p: &Sliding, steps: usize, seed: u64) -> SlideState {
    let mut s = p.goal();
    let mut r = seed;
    for _ in 0..steps {
        let mut next = Vec::new();
        p.for_each_successor(&s, |_, t| next.push(t));
        r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        s = next[(r >> 33) as usize % next.len()];
    }
    s
}

#[test]
fn per_move_updates_equal_lookups_from_scratch() {
    for korf in [true, false] {
        let (p, db) = fifteen(korf);
        assert!(db.reflects(), "both goals have the empty cell on the main diagonal");
        let mut s = walk(p, 200, 7);
        let (mut h, mut memo) = db.start(&s);
        let mut r = 99u64;
        for _ in 0..3000 {
            let mut next = Vec::new();
            p.for_each_successor(&s, |m, t| next.push((m, t)));
            r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (m, t) = next[(r >> 33) as usize % next.len()];
            let (ht, mt) = db.after_move(&s, h, &memo, m, &t);
            assert_eq!((ht, mt), db.start(&t), "after {m}");
            // Each pattern's entry is at least its tiles' Manhattan distances.
            assert!(db.sum(&t) >= p.manhattan(&t));
            // The mirror image's lookup is the lookup of the mirror image.
            assert_eq!(db.mirror_sum(&t), Some(db.sum(&db.mirror(&t).unwrap())));
            (s, h, memo) = (t, ht, mt);
        }
    }
}

#[test]
fn admissible_and_stronger_than_linear_conflicts_on_random_boards() {
    let (p, db) = fifteen(false);
    let lc = LinearConflictBound::new(p).unwrap();
    let opts = IdaOptions {
        threads: 2,
        ..IdaOptions::default()
    };
    let (mut sum_db, mut sum_lc) = (0, 0);
    for seed in 0..30 {
        let s = walk(p, 40 + seed as usize, seed);
        let sol = ida_star_with(p, &s, db, opts.clone()).unwrap();
        assert_eq!(replay(p, &s, &sol.moves).unwrap().last(), Some(&p.goal()));
        // Optimal by both bounds, so both are admissible here.
        let by_lc = ida_star_with(p, &s, &lc, opts.clone()).unwrap();
        assert_eq!(sol.len(), by_lc.len());
        assert!(db.estimate(&s) as usize <= sol.len());
        sum_db += db.estimate(&s);
        sum_lc += lc.estimate(&s);
    }
    assert!(
        sum_db > sum_lc,
        "6-6-3 with its mirror image beats linear conflicts on average"
    );
}

/// Tables kept in a store of files by name (a browser's storage) are
/// written once, found again by a later context holding the same files
/// (a reloaded page), and a damaged one is rebuilt.
#[test]
fn tables_kept_in_a_store_are_found_again() {
    use std::sync::Arc;
    use tansaku_core::Context;
    use tansaku_core::context::{MemoryStore, Store, Tables};
    use tansaku_puzzles::sliding::pdb::cache::Origin;
    use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition};
    use tansaku_puzzles::sliding::{Sliding, parse_board};
    let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
    let (p, _) = Sliding::new(&goal, None).unwrap();
    let store = Arc::new(MemoryStore::default());
    let ctx = Context::new().with_tables(Tables::in_store(store.clone()));
    let (first, origins) = AdditivePdb::load(&p, &Partition::P555, &ctx).unwrap();
    assert!(origins.iter().all(|o| matches!(o, Origin::Built(..))));
    let written = store.take_written();
    assert_eq!(written.len(), 3);
    let page = Arc::new(MemoryStore::default());
    for (name, bytes) in &written {
        page.put(name, bytes.clone());
    }
    let ctx = Context::new().with_tables(Tables::in_store(page.clone()));
    let (again, origins) = AdditivePdb::load(&p, &Partition::P555, &ctx).unwrap();
    assert!(origins.iter().all(|o| matches!(o, Origin::Loaded(..))));
    assert!(page.take_written().is_empty());
    let board = parse_board("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", Some((4, 4))).unwrap();
    let (_, s) = Sliding::new(&board, Some(&goal)).unwrap();
    assert_eq!(first.sum(&s), again.sum(&s));
    // One byte changed: not trusted, rebuilt and written again.
    let (name, mut bytes) = written[0].clone();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    page.put(&name, bytes);
    let notes = Arc::new(std::sync::Mutex::new(Vec::new()));
    let heard = notes.clone();
    let ctx = Context::new()
        .with_tables(Tables::in_store(page.clone()))
        .with_notices(Arc::new(move |t: &str| heard.lock().unwrap().push(t.to_string())));
    let (_, origins) = AdditivePdb::load(&p, &Partition::P555, &ctx).unwrap();
    assert!(matches!(origins[0], Origin::Built(..)));
    assert!(notes.lock().unwrap().iter().any(|n| n.contains("is corrupt")));
    assert_eq!(page.take_written().len(), 1);
    assert_eq!(page.read(&name).unwrap(), written[0].1);
}

/// A partition listed by cells is as good as a named one with the same
/// patterns (the same tables, the same nodes), and a listed one of its own
/// keeps IDA* optimal: its lengths equal those of the named 6-6-3 on
/// random walks; malformed lists are refused with the cell at fault.
#[test]
fn partitions_listed_by_cells() {
    use tansaku_core::search::{IdaOptions, ida_star_with};
    let listed = Partition::parse("1,4-5,8-9,12/2-3,6-7,10-11/13-15", 4, 4).unwrap();
    assert_eq!(listed, Partition::P663);
    let own = Partition::parse("1-5/6-10/11-15", 4, 4).unwrap();
    assert_eq!(own.pattern_sizes(), [5, 5, 5]);
    let (p, named) = fifteen(true);
    let db = AdditivePdb::build(p, &own, &tansaku_core::Context::new()).unwrap();
    for seed in 0..6 {
        let s = walk(p, 60, seed);
        let a = ida_star_with(p, &s, named, IdaOptions::default()).unwrap();
        let b = ida_star_with(p, &s, &db, IdaOptions::default()).unwrap();
        assert_eq!(a.len(), b.len(), "seed {seed}");
        let end = tansaku_core::replay(p, &s, &b.moves).unwrap();
        assert!(p.is_goal(end.last().unwrap()));
    }
    for (text, says) in [
        ("1-5/5-10/11-15", "cell 5 is in two patterns"),
        ("1-5/6-10", "cell 11 is in no pattern"),
        ("0-5/6-10/11-15", "cell 0 is not a tile's goal cell"),
        ("1-9/10-15", "a pattern has 1 to 8 tiles, not 9"),
        ("7-9-7", "is not a partition"),
    ] {
        let e = Partition::parse(text, 4, 4).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}

/// Bidirectional pathmax keeps IDA*'s lengths and never generates more
/// nodes, on random walks with the 6-6-3 databases (whose sums are
/// inconsistent on about 2% of moves).
#[test]
fn bpmx_keeps_lengths() {
    use tansaku_core::search::{IdaOptions, ida_star_with};
    let (p, db) = fifteen(true);
    for seed in 0..10 {
        let s = walk(p, 80, seed);
        let plain = ida_star_with(p, &s, db, IdaOptions::default()).unwrap();
        let bpmx = IdaOptions {
            bpmx: true,
            ..IdaOptions::default()
        };
        let with = ida_star_with(p, &s, db, bpmx).unwrap();
        assert_eq!(with.len(), plain.len(), "seed {seed}");
        assert!(with.stats.generated <= plain.stats.generated, "seed {seed}");
        let end = tansaku_core::replay(p, &s, &with.moves).unwrap();
        assert!(p.is_goal(end.last().unwrap()));
    }
}

/// Zero-aware tables (the empty cell's region counted): on every board of
/// the 8-puzzle, for both goals, the bound lies between the additive
/// one's and the true distance (breadth-first search), above the additive
/// one on some boards; IDA* with it finds the breadth-first lengths.
#[test]
fn zero_aware_bounds_on_every_8_puzzle_board() {
    use tansaku_core::Ranked;
    use tansaku_core::search::retrograde_dense;
    for goal in ["123/456/78_", "_12/345/678"] {
        let goal = parse_board(goal, None).unwrap();
        let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
        for (plain, zero) in [("1,2,4/3,5-8", "1,2,4/3,5-8z"), ("1-4/5-8", "1-4/5-8z")] {
            let plain = Partition::parse(plain, 3, 3).unwrap();
            let zero = Partition::parse(zero, 3, 3).unwrap();
            assert!(zero.is_zero_aware() && zero.describe().ends_with("zero-aware"));
            let ctx = tansaku_core::Context::new();
            let a = AdditivePdb::build(&p, &plain, &ctx).unwrap();
            let z = AdditivePdb::build(&p, &zero, &ctx).unwrap();
            assert!(z.zero_aware() && !a.zero_aware());
            let (_, table) = retrograde_dense(&p, Default::default()).unwrap();
            let mut higher = 0;
            for r in 0..p.state_count() {
                let Some(d) = table.get(r) else { continue };
                let s = p.unrank(r);
                let (hz, ha) = (z.estimate(&s), a.estimate(&s));
                assert!(
                    ha <= hz && hz <= d,
                    "{} {plain}: additive {ha}, zero-aware {hz}, distance {d}",
                    p.format(&s)
                );
                higher += usize::from(hz > ha);
            }
            assert!(higher > 0, "{plain}: the zero-aware bound is higher somewhere");
            for seed in 0..20 {
                let s = walk(&p, 30 + seed as usize, seed);
                let sol = ida_star_with(&p, &s, &z, IdaOptions::default()).unwrap();
                assert_eq!(sol.len() as u32, table.get(p.rank(&s)).unwrap());
                assert_eq!(replay(&p, &s, &sol.moves).unwrap().last(), Some(&p.goal()));
            }
        }
    }
}

/// The zero-aware bound updated move by move (one bit read, the pattern's
/// distance one up or one down) equals the bound computed from scratch
/// (a walk down the tables), on the board and its mirror image, along a
/// long random walk of the 15-puzzle; IDA* with it keeps the additive
/// tables' lengths with fewer nodes.
#[test]
fn zero_aware_updates_equal_lookups_from_scratch() {
    let (p, plain) = fifteen(true);
    let db = AdditivePdb::build(p, &Partition::P663.zero_aware(), &tansaku_core::Context::new()).unwrap();
    assert!(db.reflects());
    let mut s = walk(p, 200, 11);
    let (mut h, mut memo) = db.start(&s);
    let mut r = 5u64;
    for _ in 0..3000 {
        let mut next = Vec::new();
        p.for_each_successor(&s, |m, t| next.push((m, t)));
        r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let (m, t) = next[(r >> 33) as usize % next.len()];
        let (ht, mt) = db.after_move(&s, h, &memo, m, &t);
        assert_eq!((ht, mt), db.start(&t), "after {m}");
        assert!(db.sum(&t) >= plain.sum(&t));
        assert_eq!(db.mirror_sum(&t), Some(db.sum(&db.mirror(&t).unwrap())));
        (s, h, memo) = (t, ht, mt);
    }
    let (mut fewer, mut total) = (0, 0);
    for seed in 0..8 {
        let s = walk(p, 70, seed);
        let a = ida_star_with(p, &s, plain, IdaOptions::default()).unwrap();
        let z = ida_star_with(p, &s, &db, IdaOptions::default()).unwrap();
        assert_eq!(a.len(), z.len(), "seed {seed}");
        assert!(p.is_goal(replay(p, &s, &z.moves).unwrap().last().unwrap()));
        fewer += z.stats.generated;
        total += a.stats.generated;
    }
    assert!(fewer < total, "zero-aware: {fewer} nodes, additive: {total}");
}

/// Zero-aware tables are files of their own (`-zero.pdb`, a bit a
/// placement and free cell), found again by a later context, and the
/// bound read from them equals the one built in memory.
#[test]
fn zero_aware_tables_are_kept_apart_and_found_again() {
    use std::sync::Arc;
    use tansaku_core::Context;
    use tansaku_core::context::{MemoryStore, Tables};
    use tansaku_puzzles::sliding::pdb::cache::Origin;
    let (p, _) = fifteen(false);
    let part = Partition::P555.zero_aware();
    let store = Arc::new(MemoryStore::default());
    let ctx = Context::new().with_tables(Tables::in_store(store.clone()));
    let (built, origins) = AdditivePdb::load(p, &part, &ctx).unwrap();
    assert!(origins.iter().all(|o| matches!(o, Origin::Built(..))));
    let written = store.take_written();
    assert_eq!(written.len(), 3);
    for (name, bytes) in &written {
        assert!(name.ends_with("-zero.pdb"), "{name}");
        // 524,160 placements x 11 free cells, a bit each, and the header.
        assert_eq!(bytes.len(), 524_160 * 11 / 8 + 100);
    }
    let (plain, _) = AdditivePdb::load(p, &Partition::P555, &ctx).unwrap();
    assert_eq!(store.take_written().len(), 3, "the additive tables are other files");
    let (again, origins) = AdditivePdb::load(p, &part, &ctx).unwrap();
    assert!(origins.iter().all(|o| matches!(o, Origin::Loaded(..))));
    for seed in 0..50 {
        let s = walk(p, 100, seed);
        assert_eq!(built.estimate(&s), again.estimate(&s));
        assert!(again.estimate(&s) >= plain.estimate(&s));
    }
}

/// The largest of several partitions' bounds: on every 8-puzzle board it
/// is each partition's bound at least and the true distance at most;
/// updated move by move it equals the bound from scratch; the solver
/// takes it written with `+` and finds the breadth-first lengths.
#[test]
fn the_largest_of_several_partitions() {
    use std::sync::Arc;
    use tansaku_core::Ranked;
    use tansaku_core::search::auto::Algorithm;
    use tansaku_core::search::retrograde_dense;
    use tansaku_puzzles::sliding::pdb::max::MaxPdb;
    use tansaku_puzzles::sliding::solve::{BoundRequest, SolveOptions, Solver};
    let goal = parse_board("123/456/78_", None).unwrap();
    let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
    let ctx = tansaku_core::Context::new();
    let texts = ["1-4/5-8z", "1,2,4/3,5-8", "1,3,5,7/2,4,6,8z"];
    let dbs: Vec<Arc<AdditivePdb>> = texts
        .iter()
        .map(|t| Arc::new(AdditivePdb::build(&p, &Partition::parse(t, 3, 3).unwrap(), &ctx).unwrap()))
        .collect();
    let max = MaxPdb::new(dbs.clone()).unwrap();
    assert!(MaxPdb::new(Vec::new()).is_none());
    let (_, table) = retrograde_dense(&p, Default::default()).unwrap();
    let mut above = 0;
    for r in 0..p.state_count() {
        let Some(d) = table.get(r) else { continue };
        let s = p.unrank(r);
        let h = max.estimate(&s);
        let each: Vec<u32> = dbs.iter().map(|db| db.estimate(&s)).collect();
        assert_eq!(h, *each.iter().max().unwrap());
        assert!(h <= d, "{}: {h} > {d}", p.format(&s));
        above += usize::from(each.iter().any(|&e| e < h));
    }
    assert!(above > 0);
    let mut s = walk(&p, 100, 3);
    let (mut h, mut memo) = max.start(&s);
    let mut r = 17u64;
    for _ in 0..2000 {
        let mut next = Vec::new();
        p.for_each_successor(&s, |m, t| next.push((m, t)));
        r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let (m, t) = next[(r >> 33) as usize % next.len()];
        let (ht, mt) = max.after_move(&s, h, &memo, m, &t);
        assert_eq!((ht, mt), max.start(&t), "after {m}");
        (s, h, memo) = (t, ht, mt);
    }
    let request = BoundRequest::parse(&texts.join(" + "), 3, 3).unwrap();
    let solver = Solver::new(
        &p,
        SolveOptions {
            algorithm: Some(Algorithm::IdaStar),
            bound: request,
            ctx: &ctx,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    assert!(
        solver
            .describe()
            .contains("the largest of 1-4/5-8 zero-aware, 1-2,4/3,5-8, "),
        "{}",
        solver.describe()
    );
    for seed in 0..20 {
        let s = walk(&p, 40 + seed as usize, seed);
        let sol = solver.solve(&p, &s).unwrap();
        assert_eq!(sol.len() as u32, table.get(p.rank(&s)).unwrap());
        assert!(p.is_goal(replay(&p, &s, &sol.moves).unwrap().last().unwrap()));
    }
    for (text, says) in [
        ("1-4/5-8+1-4/5-8+1-4/5-8+1-4/5-8", "at most 3 partitions"),
        ("1-4/5-8+7-8", "is for 4x4 boards"),
    ] {
        let e = BoundRequest::parse(text, 3, 3).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}

/// Choosing partitions by measurement on the 8-puzzle: every candidate
/// finds the breadth-first lengths; the chosen bound generates no more
/// nodes than the best candidate alone, fits the budget, and is what
/// `--bound` takes.
#[test]
fn partitions_chosen_by_measurement() {
    use tansaku_core::Ranked;
    use tansaku_core::search::retrograde_dense;
    use tansaku_puzzles::sliding::pdb::choose::{choose, grown, walks};
    use tansaku_puzzles::sliding::solve::BoundRequest;
    let goal = parse_board("_12/345/678", None).unwrap();
    let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
    let mut candidates = vec![Partition::parse("1-4/5-8z", 3, 3).unwrap()];
    candidates.extend(grown(3, 3, &[4, 4], 4, 5).into_iter().map(Partition::zero_aware));
    let sample = walks(&p, 8, 60, 2);
    let ida = IdaOptions {
        ctx: tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory()),
        ..IdaOptions::default()
    };
    let budget = 3 * candidates[0].table_bytes();
    let c = choose(&p, &sample, &candidates, budget, 3, Some(12), &ida).unwrap();
    assert_eq!(c.singles.len(), candidates.len());
    assert!(c.singles.windows(2).all(|w| w[0].generated <= w[1].generated));
    assert!(c.best.generated <= c.singles[0].generated);
    assert!(c.best.table_bytes <= budget && !c.best.partitions.is_empty());
    let (_, table) = retrograde_dense(&p, Default::default()).unwrap();
    let truth: Vec<usize> = sample.iter().map(|s| table.get(p.rank(s)).unwrap() as usize).collect();
    assert_eq!(c.lengths, truth);
    let again = BoundRequest::parse(&c.best.bound, 3, 3).unwrap();
    match (again, c.best.partitions.len()) {
        (BoundRequest::Partition(one), 1) => assert_eq!(one, c.best.partitions[0]),
        (BoundRequest::Partitions(many), n) => assert_eq!(many.len(), n),
        (other, n) => panic!("{} partitions read back as {other:?}", n),
    }
    let nothing = choose(&p, &sample, &candidates, 10, 2, Some(12), &ida).unwrap_err();
    assert!(nothing.to_string().contains("fit"), "{nothing}");
}

/// IDA*'s own inner loop of the pattern databases (the default, which
/// changes one board in place) against the generic one: with one
/// partition (zero-aware or additive, with and without a mirror image)
/// and the largest of two (one of them its own mirror image), with and without the automaton, on one and two
/// threads and below an A* frontier, the same solution and the same
/// counts, iteration by iteration.
#[test]
fn own_inner_loop_equals_the_generic_one() {
    use tansaku_core::search::auto::Algorithm;
    use tansaku_puzzles::sliding::solve::{BoundRequest, SolveOptions, Solver};
    let ctx = tansaku_core::Context::new();
    let cases: [(&str, &str, &str); 5] = [
        // The 15-puzzle (a mirror image: the main diagonal keeps the goal's
        // empty cell), additive and zero-aware, and two partitions.
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "5-5-5", ""),
        // A partition that is its own mirror image (looked up once) beside
        // one that is not (looked up on both).
        (
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "5-5-5 + 1-3/4,8,12/6,7,11/9,13,14/5,10,15z",
            "",
        ),
        (
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "1,4,5,8,12/2,3,6,7,11/9,10,13,14,15z",
            "",
        ),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "5-5-5 + 1-5/6-10/11-15z", ""),
        // A 4x3 board: no symmetry keeps a corner, so no mirror image.
        ("1 2 3 4/5 6 7 8/9 10 11 0", "1-5/6-11z", "4x3"),
    ];
    let mut searched = 0;
    for (goal, bound, size) in cases {
        let size = (!size.is_empty()).then_some((4, 3));
        let goal = parse_board(goal, size).unwrap();
        let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
        for (automaton, threads, frontier) in [(16, 1, 0), (0, 1, 0), (16, 2, 0), (16, 2, 300)] {
            let solver = |generic: bool| {
                Solver::new(
                    &p,
                    SolveOptions {
                        algorithm: Some(Algorithm::IdaStar),
                        bound: BoundRequest::parse(bound, p.width(), p.height()).unwrap(),
                        automaton: Some(automaton),
                        threads,
                        frontier,
                        generic,
                        ctx: &ctx,
                        ..SolveOptions::default()
                    },
                )
                .unwrap()
            };
            let (own, generic) = (solver(false), solver(true));
            for seed in 0..6 {
                let s = walk(&p, 60 + 7 * seed as usize, seed + 100);
                let a = own.solve(&p, &s).unwrap();
                let b = generic.solve(&p, &s).unwrap();
                let case = format!(
                    "{bound} from {} (automaton {automaton}, {threads} threads, frontier {frontier})",
                    p.format(&s)
                );
                assert_eq!(a.moves, b.moves, "{case}");
                assert_eq!(a.states, b.states, "{case}");
                assert_eq!(
                    (a.stats.expanded, a.stats.generated),
                    (b.stats.expanded, b.stats.generated),
                    "{case}"
                );
                let work = |i: &tansaku_core::search::Iteration| (i.bound, i.expanded, i.generated);
                assert!(
                    a.iterations.iter().map(work).eq(b.iterations.iter().map(work)),
                    "{case}"
                );
                assert!(p.is_goal(replay(&p, &s, &a.moves).unwrap().last().unwrap()), "{case}");
                searched += a.stats.expanded;
            }
        }
    }
    assert!(
        searched > 10_000,
        "the boards were too easy to compare the loops: {searched} nodes"
    );
}

/// A partition that is its own mirror image (each pattern's image one of
/// its patterns) is not looked up on the image: that lookup would give
/// the plain sum again, on every board. Any other is. (Partitions name
/// the cells of Korf's layout, the empty cell's goal on its cell 0.)
#[test]
fn own_image_partitions_skip_the_mirror_lookup() {
    let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))).unwrap();
    let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
    let ctx = tansaku_core::Context::new();
    for (text, own) in [
        ("1-3/4,8,12/6,7,11/9,13,14/5,10,15", true),
        ("1-3/4,8,12/6,7,11/9,13,14/5,10,15z", true),
        ("5,10,15/1,2,4,8/3,6,9,12/7,11,13,14", true),
        ("5-5-5", false),
        ("1-3/4,8,12/6,7,9/11,13,14/5,10,15z", false),
    ] {
        let db = AdditivePdb::build(&p, &Partition::parse(text, 4, 4).unwrap(), &ctx).unwrap();
        assert_eq!(db.reflects(), !own, "{text}");
        let mut differ = false;
        for seed in 0..400u64 {
            let s = walk(&p, 20 + seed as usize % 60, seed);
            let (plain, mirrored) = (db.sum(&s), db.mirror_sum(&s).unwrap());
            if own {
                assert_eq!(plain, mirrored, "{text} on {}", p.format(&s));
            }
            differ |= plain != mirrored;
            // The bound is the larger sum, raised to the solutions' parity.
            let h = db.estimate(&s);
            assert!(h == plain.max(mirrored) || h == plain.max(mirrored) + 1, "{text}");
        }
        assert_eq!(
            differ, !own,
            "{text}: the mirror lookup adds something only when not its own image"
        );
    }
}
