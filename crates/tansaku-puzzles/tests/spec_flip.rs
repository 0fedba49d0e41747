//! Every published number of docs/published.md, with every solution replayed.

use tansaku_core::search::retrograde::{
    DistanceTable, RetroOptions, count_orbits, retrograde_dense, retrograde_sparse,
};
use tansaku_core::search::{IdaOptions, Solution, bfs, bidirectional, ida_star, iddfs};
use tansaku_core::{Puzzle, Ranked, replay};
use tansaku_puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};

/// Solves `board` with every algorithm; asserts the length and that each
/// solution replays move by move to a goal.
fn solve_all(p: &FlipIt, board: &str, expected: usize, with_iddfs: bool) {
    let start = p.parse_board(board).unwrap();
    let opts = IdaOptions::default();
    let corner = FlipBound::new(p, BoundKind::Corner);
    let improved = FlipBound::new(p, BoundKind::Improved);
    let mut sols: Vec<(&str, Solution<FlipIt>)> = vec![
        ("bfs", bfs(p, &start, &tansaku_core::Context::new()).unwrap()),
        (
            "bidir",
            bidirectional(p, &start, &tansaku_core::Context::new()).unwrap(),
        ),
        (
            "idastar corner",
            ida_star(p, &start, |s| corner.estimate(s), opts.clone()).unwrap(),
        ),
        (
            "idastar improved",
            ida_star(p, &start, |s| improved.estimate(s), opts.clone()).unwrap(),
        ),
    ];
    if with_iddfs {
        sols.push(("iddfs", iddfs(p, &start, opts.clone()).unwrap()));
    }
    for (name, sol) in sols {
        assert_eq!(sol.len(), expected, "{name} on {board}");
        let boards = replay(p, &start, &sol.moves).unwrap_or_else(|i| panic!("{name}: move {i} illegal"));
        assert_eq!(boards, sol.states, "{name}: states agree with the moves");
        assert!(p.is_goal(boards.last().unwrap()), "{name}: reaches the goal");
        assert!(sol.stats.generated > 0 && sol.stats.expanded > 0);
    }
}

#[test]
fn row_a_b_c_take_8_moves() {
    solve_all(&FlipIt::row(6, false), "BB_BBB", 8, true);
    solve_all(&FlipIt::row(7, false), "B_WBBBB", 8, true);
    solve_all(&FlipIt::row(8, false), "B_WWWBBB", 8, true);
}

#[test]
fn row_a_to_fixed_goal_takes_9_moves() {
    let p = FlipIt::row(6, false);
    let goal = p.parse_board("_WWWWW").unwrap();
    let p = p.with_goal(FlipGoal::Board(goal));
    solve_all(&p, "BB_BBB", 9, true);
    let sol = bfs(&p, &p.parse_board("BB_BBB").unwrap(), &tansaku_core::Context::new()).unwrap();
    assert_eq!(*sol.states.last().unwrap(), goal);
}

#[test]
fn article_solution_of_a_replays() {
    let p = FlipIt::row(6, false);
    let boards: Vec<FlipState> = [
        "BB_BBB", "_WBBBB", "BBW_BB", "BBWBW_", "BB_WBW", "_WBWBW", "WBW_BW", "W_BBBW", "WWWWW_",
    ]
    .iter()
    .map(|b| p.parse_board(b).unwrap())
    .collect();
    for w in boards.windows(2) {
        let mut next = Vec::new();
        p.for_each_successor(&w[0], |_, t| next.push(t));
        assert!(
            next.contains(&w[1]),
            "{} -> {}",
            p.format_board(&w[0]),
            p.format_board(&w[1])
        );
    }
    assert!(p.is_goal(boards.last().unwrap()));
    assert_eq!(boards.len() - 1, 8);
}

fn boards(p: &FlipIt, list: &[&str]) -> Vec<FlipState> {
    let mut v: Vec<FlipState> = list.iter().map(|b| p.parse_board(b).unwrap()).collect();
    v.sort_by_key(|s| p.rank(s));
    v
}

/// Longest distance, count and (where the article prints them) the
/// positions, for rows of 5..8 under both rules.
#[test]
fn row_longest_positions() {
    let cases: &[(usize, bool, u32, u64, &[&str])] = &[
        (5, false, 10, 3, &["BBW_B", "BB_BB", "B_WBB"]),
        (6, false, 8, 4, &["B_WBBB", "BB_BBB", "BBBW_B", "BBB_BB"]),
        (7, false, 8, 4, &["BBBBW_B", "BBBB_BB", "BB_BBBB", "B_WBBBB"]),
        (
            8,
            false,
            8,
            6,
            &["BB_BBBBB", "B_WBBBBB", "B_WWWBBB", "BBBBBW_B", "BBBBB_BB", "BBBWWW_B"],
        ),
        (5, true, 6, 1, &["BB_BB"]),
        (
            6,
            true,
            6,
            6,
            &["BBW_BB", "B_WBBB", "BBB_BB", "BBBW_B", "BB_WBB", "BB_BBB"],
        ),
        (7, true, 7, 3, &["BBB_BBB", "BBBW_BB", "BB_WBBB"]),
    ];
    for &(n, adjacent, longest, count, positions) in cases {
        let p = FlipIt::row(n, adjacent);
        let (a, _) = retrograde_dense(&p, RetroOptions::default()).unwrap();
        assert_eq!(a.states, (n as u64) << (n - 1), "N={n}: every board reachable");
        assert_eq!((a.longest, a.count), (longest, count), "N={n} adjacent={adjacent}");
        assert_eq!(a.histogram.iter().sum::<u64>(), a.states);
        let mut got = a.positions.clone();
        got.sort_by_key(|s| p.rank(s));
        assert_eq!(got, boards(&p, positions), "N={n} adjacent={adjacent}");
    }
    // N = 8 with the adjacent rule: "many" longest positions at 7.
    let (a, _) = retrograde_dense(&FlipIt::row(8, true), RetroOptions::default()).unwrap();
    assert_eq!(a.longest, 7);
    assert!(a.count > 6);
}

#[test]
fn square_4x4_shortest_22_and_18() {
    solve_all(&FlipIt::square(4, 4, false), "BBBB/B_BB/BBBB/BBBB", 22, true);
    // Plain iterative deepening on the diagonal board needs ~1.6e10 nodes.
    solve_all(&FlipIt::square(4, 4, true), "BBBB/B_BB/BBBB/BBBB", 18, false);
}

#[test]
fn square_4x4_longest() {
    for (diagonal, longest, count, orbits) in [(false, 22, 4, 1), (true, 18, 20, 4)] {
        let p = FlipIt::square(4, 4, diagonal);
        let (a, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
        assert_eq!(a.states, 524_288);
        assert_eq!(a.histogram.iter().sum::<u64>(), 524_288);
        assert_eq!((a.longest, a.count), (longest, count));
        assert_eq!(count_orbits(&p, table.ranks_at(longest).map(|r| p.unrank(r))), orbits);
        // The article's start is one of the longest positions.
        let start = p.parse_board("BBBB/B_BB/BBBB/BBBB").unwrap();
        assert_eq!(table.get(p.rank(&start)), Some(longest));
    }
    let p = FlipIt::square(4, 4, false);
    let (a, _) = retrograde_dense(&p, RetroOptions::default()).unwrap();
    let mut got = a.positions;
    got.sort_by_key(|s| p.rank(s));
    assert_eq!(
        got,
        boards(
            &p,
            &[
                "BBBB/B_BB/BBBB/BBBB",
                "BBBB/BB_B/BBBB/BBBB",
                "BBBB/BBBB/B_BB/BBBB",
                "BBBB/BBBB/BB_B/BBBB"
            ]
        )
    );
}

fn dense(p: &FlipIt) -> DistanceTable {
    retrograde_dense(p, RetroOptions::default()).unwrap().1
}

/// Both lower bounds never exceed the exact distance, on every state.
#[test]
fn bounds_are_admissible_everywhere() {
    let puzzles = [
        FlipIt::square(4, 4, false),
        FlipIt::square(4, 4, true),
        FlipIt::square(4, 3, false),
        FlipIt::square(3, 4, true),
        FlipIt::row(7, false),
        FlipIt::row(8, true),
    ];
    for p in puzzles {
        let table = dense(&p);
        for kind in [BoundKind::Corner, BoundKind::Improved] {
            let h = FlipBound::new(&p, kind);
            for r in 0..p.state_count() {
                if let Some(d) = table.get(r) {
                    let s = p.unrank(r);
                    assert!(
                        h.estimate(&s) <= d,
                        "{} {kind:?}: {} has h {} > {d}",
                        p.name(),
                        p.format_board(&s),
                        h.estimate(&s)
                    );
                }
            }
        }
    }
}

/// Against a fixed goal board the improved bound is checked against a
/// retrograde analysis from that single goal.
#[test]
fn fixed_goal_bound_is_admissible() {
    for (w, h, goal) in [
        (6, 1, "_WWWWW"),
        (4, 3, "BWBW/W_WB/BBWW"),
        (4, 4, "WWWW/WBBW/WB_W/WWWW"),
    ] {
        let base = FlipIt::new(w, h, false, false).unwrap();
        let g = base.parse_board(goal).unwrap();
        let p = base.with_goal(FlipGoal::Board(g));
        let table = dense(&p);
        let bound = FlipBound::new(&p, BoundKind::Improved);
        let mut reachable = 0;
        for r in 0..p.state_count() {
            if let Some(d) = table.get(r) {
                reachable += 1;
                assert!(bound.estimate(&p.unrank(r)) <= d, "{goal}");
            }
        }
        assert!(reachable > 1);
    }
}

/// Dense (rank-indexed, parallel) and sparse (hash map) retrograde analyses
/// give the same histograms.
#[test]
fn dense_and_sparse_retrograde_agree() {
    for p in [
        FlipIt::square(4, 4, true),
        FlipIt::square(4, 3, false),
        FlipIt::row(9, false),
        FlipIt::row(3, false),
        FlipIt::row(4, true),
    ] {
        let (d, _) = retrograde_dense(&p, RetroOptions::default()).unwrap();
        let (s, _) = retrograde_sparse(&p, RetroOptions::default()).unwrap();
        assert_eq!(d.histogram, s.histogram, "{}", p.name());
        assert_eq!((d.states, d.longest, d.count), (s.states, s.longest, s.count));
    }
}

/// The ranking is a bijection onto 0..state_count().
#[test]
fn rank_unrank_is_a_bijection() {
    for p in [
        FlipIt::row(3, false),
        FlipIt::row(8, false),
        FlipIt::square(4, 4, false),
        FlipIt::square(3, 5, true),
    ] {
        let n = p.state_count();
        let mut seen = vec![false; n as usize];
        for r in 0..n {
            let s = p.unrank(r);
            assert!(s.black >> s.empty & 1 == 0 && (s.empty as usize) < p.cells());
            assert_eq!(s.black & !p.all_cells(), 0);
            let back = p.rank(&s);
            assert_eq!(back, r);
            assert!(!seen[back as usize]);
            seen[back as usize] = true;
        }
    }
}

#[test]
fn memory_limit_refuses_before_allocating() {
    let p = FlipIt::square(5, 5, false);
    let opts = RetroOptions {
        ctx: tansaku_core::Context::new().with_budget(100 << 20),
        ..RetroOptions::default()
    };
    let err = retrograde_dense(&p, opts.clone()).expect_err("refused");
    // A typed error with both figures; the library names no flag.
    match err {
        tansaku_core::search::SearchError::OverBudget(e) => {
            assert_eq!((e.needed, e.budget), (419_430_400, 100 << 20));
            assert!(!e.to_string().contains("--"), "{e}");
        }
        other => panic!("expected OverBudget, got {other}"),
    }
}

/// 5x5 (419,430,400 boards each), about 20 s each on 2 cores: left out of
/// the README's test command (kept under ten minutes), run by CI as a
/// stage of its own (`.ci/run`: `cargo test --release -p tansaku-puzzles
/// --test main -- --ignored spec_flip::`). The figures are in
/// BENCHMARKS.md.
#[test]
#[ignore]
fn square_5x5_longest() {
    for (diagonal, longest, count, orbits) in [(false, 21, 2, 1), (true, 17, 2259, 320)] {
        let p = FlipIt::square(5, 5, diagonal);
        let (a, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
        assert_eq!(a.states, 419_430_400);
        assert_eq!((a.longest, a.count), (longest, count));
        assert_eq!(count_orbits(&p, table.ranks_at(longest).map(|r| p.unrank(r))), orbits);
    }
}
