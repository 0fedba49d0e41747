//! Sliding puzzles and knights: BFS, both bidirectional searches, IDA* with
//! the article's bound and with pattern databases must agree with each
//! other and with the exact distance of a retrograde table, on random boards.

use proptest::prelude::*;
use std::sync::OnceLock;
use tansaku_core::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense, retrograde_sparse};
use tansaku_core::search::{
    IdaOptions, bfs, bfs_ranked, bidirectional, bidirectional_alternating, bidirectional_alternating_ranked,
    bidirectional_ranked, ida_star_with,
};
use tansaku_core::{Puzzle, Ranked, replay};
use tansaku_puzzles::knights::{KnightState, Knights};
use tansaku_puzzles::sliding::pattern::PatternDb;
use tansaku_puzzles::sliding::{ManhattanBound, Sliding, parse_board};

fn sliding() -> &'static [(Sliding, DistanceTable)] {
    static CELL: OnceLock<Vec<(Sliding, DistanceTable)>> = OnceLock::new();
    CELL.get_or_init(|| {
        ["123/456/78_", "AAB/BCC/DD_", "ABCD/ABC_", "A_B/BAC/CAB"]
            .into_iter()
            .map(|g| {
                let b = parse_board(g, None).unwrap();
                let p = Sliding::new(&b, Some(&b)).unwrap().0;
                let t = retrograde_dense(&p, RetroOptions::default()).unwrap().1;
                (p, t)
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn sliding_algorithms_agree(which in 0usize..4, seed in any::<u64>()) {
        let (p, table) = &sliding()[which];
        // A random reachable board: a random rank with a finite distance.
        let mut r = seed % p.state_count();
        while table.get(r).is_none() {
            r = (r + 1) % p.state_count();
        }
        let start = p.unrank(r);
        let exact = table.get(r).unwrap() as usize;
        let db = PatternDb::new(p).unwrap();
        let opts = IdaOptions::default();
        let sols = [
            bfs(p, &start, &tansaku_core::Context::new()).unwrap(),
            bidirectional(p, &start, &tansaku_core::Context::new()).unwrap(),
            bidirectional_alternating(p, &start, &tansaku_core::Context::new()).unwrap(),
            ida_star_with(p, &start, &ManhattanBound::new(p), opts.clone()).unwrap(),
            ida_star_with(p, &start, &db, opts.clone()).unwrap(),
            tansaku_core::search::ida_star(p, &start, |s| p.lower_bound(s), opts.clone()).unwrap(),
            bfs_ranked(p, &start, &tansaku_core::Context::new()).unwrap(),
            bidirectional_ranked(p, &start, &tansaku_core::Context::new()).unwrap(),
            bidirectional_alternating_ranked(p, &start, &tansaku_core::Context::new()).unwrap(),
        ];
        for (i, sol) in sols.iter().enumerate() {
            prop_assert_eq!(sol.len(), exact, "algorithm {} on {}", i, p.format(&start));
            let boards = replay(p, &start, &sol.moves).unwrap();
            prop_assert!(p.is_goal(boards.last().unwrap()));
        }
        // A rank index stores exactly the states a hash index stores.
        for (hashed, ranked) in [(0, 6), (1, 7), (2, 8)] {
            prop_assert_eq!(sols[hashed].stats.generated, sols[ranked].stats.generated);
            prop_assert_eq!(sols[hashed].stats.expanded, sols[ranked].stats.expanded);
        }
    }
}

fn knights() -> &'static (Knights, Vec<(KnightState, u32)>) {
    static CELL: OnceLock<(Knights, Vec<(KnightState, u32)>)> = OnceLock::new();
    CELL.get_or_init(|| {
        let (p, _) = Knights::exchange(3, 4).unwrap();
        let (_, map) = retrograde_sparse(&p, RetroOptions::default()).unwrap();
        let mut all: Vec<(KnightState, u32)> = map.into_iter().collect();
        all.sort_by_key(|(s, _)| s.cells);
        (p, all)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn knight_algorithms_agree(seed in any::<u64>()) {
        let (p, all) = knights();
        let (start, d) = all[(seed % all.len() as u64) as usize];
        let opts = IdaOptions::default();
        let mut sols = vec![
            bfs(p, &start, &tansaku_core::Context::new()).unwrap(),
            bidirectional(p, &start, &tansaku_core::Context::new()).unwrap(),
            bidirectional_alternating(p, &start, &tansaku_core::Context::new()).unwrap(),
        ];
        // IDA* is a tree search: with its weak jump-distance bound it is
        // quick on short distances only.
        if d <= 10 {
            sols.push(ida_star_with(p, &start, p, opts.clone()).unwrap());
        }
        for sol in &sols {
            prop_assert_eq!(sol.len(), d as usize);
            let boards = replay(p, &start, &sol.moves).unwrap();
            prop_assert!(p.is_goal(boards.last().unwrap()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The incremental rank of a slide equals the rank computed afresh, on
    /// boards with distinct tiles (where it is incremental: up to 20 cells)
    /// and with repeated labels (where it recomputes).
    #[test]
    fn rank_after_a_slide_equals_the_rank(which in 0usize..6, seed in any::<u64>()) {
        let goals = [
            "123/456/78_",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "12/34/5_",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0",
            "AAB_/AABB/CCDD/CCDD",
            "1234/567_",
        ];
        let sizes = [None, Some((4, 4)), None, Some((5, 4)), None, None];
        let b = parse_board(goals[which], sizes[which]).unwrap();
        let p = Sliding::new(&b, Some(&b)).unwrap().0;
        let s = p.unrank(seed % p.state_count());
        let r = p.rank(&s);
        p.for_each_successor(&s, |m, t| {
            assert_eq!(p.rank_after(&s, r, m, &t), p.rank(&t), "{} by {:?}", p.format(&s), m);
        });
    }
}
