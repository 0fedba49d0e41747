//! docs/published.md numbers for the sliding-tile puzzles, solutions replayed.

use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku_core::search::{
    IdaOptions, LowerBound, Solution, bfs, bfs_ranked, bidirectional, bidirectional_alternating,
    bidirectional_alternating_ranked, bidirectional_ranked, ida_star, ida_star_with,
};
use tansaku_core::{Ranked, replay};
use tansaku_puzzles::sliding::packed::Packed;
use tansaku_puzzles::sliding::pattern::PatternDb;
use tansaku_puzzles::sliding::{ManhattanBound, SlideState, Sliding, parse_board};

fn puzzle(start: &str, goal: Option<&str>) -> (Sliding, SlideState) {
    let goal = goal.map(|g| parse_board(g, None).unwrap());
    Sliding::new(&parse_board(start, None).unwrap(), goal.as_ref()).unwrap()
}

fn check(p: &Sliding, start: &SlideState, sol: &Solution<Sliding>, expected: usize) {
    assert_eq!(sol.len(), expected);
    let boards = replay(p, start, &sol.moves).expect("legal moves");
    assert_eq!(*boards.last().unwrap(), p.goal());
}

#[test]
fn eight_puzzle_31_by_every_algorithm() {
    let (p, s) = puzzle("867/254/3_1", None);
    let b = bfs(&p, &s, &tansaku_core::Context::new()).unwrap();
    check(&p, &s, &b, 31);
    assert_eq!(b.stats.generated, 181_440, "plain BFS generates every reachable board");
    check(
        &p,
        &s,
        &bidirectional(&p, &s, &tansaku_core::Context::new()).unwrap(),
        31,
    );
    let alt = bidirectional_alternating(&p, &s, &tansaku_core::Context::new()).unwrap();
    check(&p, &s, &alt, 31);
    assert_eq!(
        alt.stats.generated, 16_088,
        "the article's one-queue bidirectional search"
    );
    // The rank-indexed searches (what the CLI runs here) do the same work.
    let b = bfs_ranked(&p, &s, &tansaku_core::Context::new()).unwrap();
    check(&p, &s, &b, 31);
    assert_eq!(b.stats.generated, 181_440);
    check(
        &p,
        &s,
        &bidirectional_ranked(&p, &s, &tansaku_core::Context::new()).unwrap(),
        31,
    );
    let alt = bidirectional_alternating_ranked(&p, &s, &tansaku_core::Context::new()).unwrap();
    check(&p, &s, &alt, 31);
    assert_eq!(alt.stats.generated, 16_088);
    // And on packed boards (what `solve sliding` runs on boards this small).
    let k = Packed::new(&p).unwrap();
    let x = k.pack(&s);
    let b = k.unpack_solution(bfs_ranked(&k, &x, &tansaku_core::Context::new()).unwrap());
    check(&p, &s, &b, 31);
    assert_eq!(b.stats.generated, 181_440);
    check(
        &p,
        &s,
        &k.unpack_solution(bidirectional_ranked(&k, &x, &tansaku_core::Context::new()).unwrap()),
        31,
    );
    let alt = k.unpack_solution(bidirectional_alternating_ranked(&k, &x, &tansaku_core::Context::new()).unwrap());
    check(&p, &s, &alt, 31);
    assert_eq!(alt.stats.generated, 16_088);
    let hashed = k.unpack_solution(bfs(&k, &x, &tansaku_core::Context::new()).unwrap());
    assert_eq!(hashed.stats.generated, 181_440);
    let db = PatternDb::new(&p).unwrap();
    check(&p, &s, &ida_star_with(&p, &s, &db, IdaOptions::default()).unwrap(), 31);
    check(
        &p,
        &s,
        &ida_star(&p, &s, |t| p.lower_bound(t), IdaOptions::default()).unwrap(),
        31,
    );
    check(
        &p,
        &s,
        &ida_star(&p, &s, |t| p.manhattan(t), IdaOptions::default()).unwrap(),
        31,
    );
}

#[test]
fn eight_puzzle_longest_positions() {
    let (p, _) = puzzle("867/254/3_1", None);
    let (a, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
    assert_eq!(a.states, 181_440, "half of the 9! boards");
    assert_eq!(a.histogram.iter().sum::<u64>(), 181_440);
    assert_eq!((a.longest, a.count), (31, 2));
    let mut got: Vec<String> = a.positions.iter().map(|s| p.format(s)).collect();
    got.sort();
    assert_eq!(got, ["647/85_/321", "867/254/3_1"]);
    // Manhattan + linear conflicts never overestimates, on every board.
    for r in 0..p.state_count() {
        if let Some(d) = table.get(r) {
            let s = p.unrank(r);
            assert!(p.lower_bound(&s) <= d, "{}", p.format(&s));
            assert!(p.unsolvable_reason(&s).is_none());
        } else {
            assert!(
                p.unsolvable_reason(&p.unrank(r)).is_some(),
                "parity decides solvability"
            );
        }
    }
}

const BOARDS: [(&str, &str); 5] = [
    ("start1", "ACA_/CDCA/DBAB/CDBD"),
    ("start2", "ABA_/CDCD/ABAB/CDCD"),
    ("start3", "AAB_/AABB/CCDD/CCDD"),
    ("goal1", "ABA_/CABD/ACDB/CDCD"),
    ("goal3", "ABA_/DCDC/BABA/CDCD"),
];

fn board(name: &str) -> &'static str {
    BOARDS.iter().find(|(n, _)| *n == name).unwrap().1
}

/// docs/published.md's table: every pair in both directions.
const PAIRS: [(&str, &str, usize); 10] = [
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

/// IDA* with the pattern databases, every pair backwards (goal to start),
/// replayed. The forward direction is `data/published.toml`'s, which the
/// door's `published` test solves the same way.
#[test]
fn line_puzzle_pairs_with_pattern_databases() {
    for (to, from, moves) in PAIRS {
        let (p, s) = puzzle(board(from), Some(board(to)));
        assert_eq!(p.state_count(), 252_252_000);
        let db = PatternDb::new(&p).unwrap();
        assert!(db.estimate(&s) >= ManhattanBound::new(&p).estimate(&s), "{from}-{to}");
        let sol = ida_star_with(&p, &s, &db, IdaOptions::default()).unwrap();
        check(&p, &s, &sol, moves);
        assert_eq!(moves % 2, 0, "the empty cell returns to its place");
    }
}

/// IDA* with the article's bound (updated per move) agrees, on every pair
/// but the 38-move one (1.8e9 nodes, minutes; see BENCHMARKS.md).
#[test]
fn line_puzzle_pairs_with_the_articles_bound() {
    for (a, b, moves) in PAIRS.iter().filter(|p| p.2 != 38) {
        for (from, to) in [(a, b), (b, a)] {
            let (p, s) = puzzle(board(from), Some(board(to)));
            let h = ManhattanBound::new(&p);
            let sol = ida_star_with(&p, &s, &h, IdaOptions::default()).unwrap();
            check(&p, &s, &sol, *moves);
            // The incremental bound matches the bound recomputed on the way.
            for st in &sol.states {
                assert_eq!(h.estimate(st), p.round_to_parity(st, p.manhattan(st)));
            }
        }
    }
    // The article's lower bounds at the start (its table's first column).
    for (a, b, h) in [
        ("start1", "start2", 8),
        ("start1", "start3", 20),
        ("start1", "goal1", 16),
        ("start1", "goal3", 10),
        ("start2", "start3", 16),
        ("start2", "goal1", 8),
        ("start2", "goal3", 8),
        ("start3", "goal1", 8),
        ("start3", "goal3", 14),
        ("goal1", "goal3", 8),
    ] {
        let (p, s) = puzzle(board(a), Some(board(b)));
        assert_eq!(p.lower_bound(&s), h, "{a}-{b}");
    }
}

/// The pattern databases never overestimate: checked against the exact
/// distance of every board of small puzzles with repeated and distinct
/// labels. On the 8-puzzle one group holds all eight tiles, so the
/// abstraction is the puzzle itself and the bound is exact.
#[test]
fn pattern_databases_are_admissible() {
    for goal in ["AAB/BCC/DD_", "AB_C/CABD/DABC", "ABC/ABC/AB_", "12/34/5_"] {
        let (p, _) = puzzle(goal, Some(goal));
        let db = PatternDb::new(&p).unwrap();
        let (_, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
        let mut tighter = 0;
        for r in 0..p.state_count() {
            let s = p.unrank(r);
            if let Some(d) = table.get(r) {
                let h = db.estimate(&s);
                assert!(h <= d, "{goal}: {} has bound {h} > distance {d}", p.format(&s));
                tighter += u64::from(h > p.lower_bound(&s));
            }
        }
        assert!(tighter > 0, "{goal}: the databases should beat Manhattan somewhere");
    }
    let (p, _) = puzzle("123/456/78_", None);
    let db = PatternDb::new(&p).unwrap();
    assert_eq!(db.group_sizes(), vec![362_880]);
    let (_, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
    for r in 0..p.state_count() {
        if let Some(d) = table.get(r) {
            assert_eq!(db.estimate(&p.unrank(r)), d);
        }
    }
}

#[test]
fn rank_unrank_bijection_on_multisets() {
    for text in ["AAB/B_C", "12/3_", "AB_/BAA", "867/254/3_1"] {
        let (p, _) = puzzle(text, None);
        let n = p.state_count();
        for r in 0..n {
            let s = p.unrank(r);
            assert_eq!(p.rank(&s), r, "{text}");
            assert_eq!(s.cells[s.blank as usize], 0);
        }
    }
}

#[test]
fn bad_boards_are_rejected() {
    for (text, size) in [
        ("867/254/3_", None),
        ("867/254/3__", None),
        ("867/254/391", None),
        ("8 6 7 2 5 4 3 0", None),
        ("", None),
        ("86#/254/3_1", None),
        ("867/254/3_1", Some((4, 4))),
    ] {
        assert!(parse_board(text, size).is_err(), "{text}");
    }
    let a = parse_board("123/456/78_", None).unwrap();
    let b = parse_board("1234/5678/9ABC/DEF_", None).unwrap();
    assert!(Sliding::new(&a, Some(&b)).is_err(), "goal of another size");
    let c = parse_board("123/456/77_", None).unwrap();
    assert!(Sliding::new(&a, Some(&c)).is_err(), "different tiles");
}

/// The Line Puzzle's whole space from goal1 (252,252,000 boards at two bits,
/// ranked by the lexicographic tables), checked against IDA*: the farthest
/// boards the analysis finds are solved in exactly that many moves.
#[test]
fn line_puzzle_longest_from_goal1_agrees_with_ida_star() {
    use tansaku_core::search::retrograde::{Bits, retrograde};
    use tansaku_puzzles::sliding::multi::Multi;
    let (p, _) = puzzle(board("goal1"), Some(board("goal1")));
    let m = Multi::new(&p).unwrap();
    assert!(m.ranking().contains("lexicographic"));
    let opts = RetroOptions {
        bits: Bits::Two,
        keep: 10,
        ..Default::default()
    };
    let (a, _) = retrograde(&m, opts).unwrap();
    assert_eq!(a.histogram.iter().sum::<u64>(), 252_252_000);
    assert_eq!((a.longest, a.count, a.positions.len()), (57, 6, 6));
    assert_eq!(a.histogram[..6], [1, 2, 4, 10, 24, 54]);
    let mut farthest: Vec<String> = a.positions.iter().map(|&x| p.format(&m.unpack(x))).collect();
    farthest.sort();
    assert_eq!(
        farthest,
        [
            "DCCC/DDCD/BBAA/BAA_",
            "DDCC/DBCC/DBAA/BAA_",
            "DDCC/DDCC/BBAA/BAA_",
            "_DAC/DDCC/DBAC/BBAA",
            "_DCC/DDCC/DBAA/BBAA",
            "_DCC/DDCC/DBBA/BAAA"
        ]
    );
    // The two IDA* solves quickest (about a second each; see BENCHMARKS.md).
    for b in ["DDCC/DBCC/DBAA/BAA_", "DDCC/DDCC/BBAA/BAA_"] {
        let (q, s) = puzzle(b, Some(board("goal1")));
        let db = PatternDb::new(&q).unwrap();
        let sol = ida_star_with(&q, &s, &db, IdaOptions::default()).unwrap();
        check(&q, &s, &sol, 57);
    }
}
