//! Algorithms cross-checked on random boards: BFS, bidirectional BFS,
//! iterative deepening and IDA* (both bounds) must agree with each other and
//! with the exact distance of the retrograde table.

use proptest::prelude::*;
use std::sync::OnceLock;
use tansaku_core::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense};
use tansaku_core::search::{
    IdaOptions, SearchError, bfs, bfs_ranked, bidirectional, bidirectional_ranked, ida_star, iddfs,
};
use tansaku_core::{Puzzle, Ranked, Symmetric, replay};
use tansaku_puzzles::flip::{BoundKind, FlipBound, FlipGoal, FlipIt, FlipState};

fn puzzles() -> &'static [(FlipIt, DistanceTable)] {
    static CELL: OnceLock<Vec<(FlipIt, DistanceTable)>> = OnceLock::new();
    CELL.get_or_init(|| {
        [
            FlipIt::square(4, 4, false),
            FlipIt::square(4, 4, true),
            FlipIt::square(4, 3, false),
            FlipIt::square(3, 3, true),
            FlipIt::row(9, false),
            FlipIt::row(7, true),
            FlipIt::row(4, false),
        ]
        .into_iter()
        .map(|p| {
            let t = retrograde_dense(&p, RetroOptions::default()).unwrap().1;
            (p, t)
        })
        .collect()
    })
}

fn check_solution(p: &FlipIt, start: &FlipState, moves: &[tansaku_puzzles::flip::FlipMove]) {
    let boards = replay(p, start, moves).expect("every move legal");
    assert!(p.is_goal(boards.last().unwrap()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn algorithms_agree_on_random_boards(which in 0usize..7, raw in any::<u64>()) {
        let (p, table) = &puzzles()[which];
        let start = p.unrank(raw % p.state_count());
        let exact = table.get(p.rank(&start));
        let opts = IdaOptions { max_depth: 40, ..IdaOptions::default() };
        // Several threads, every iteration split into subtrees.
        let split = IdaOptions { threads: 3, split_from: 0, ..opts.clone() };
        match exact {
            None => {
                let unsolvable = matches!(bfs(p, &start, &tansaku_core::Context::new()), Err(SearchError::Unsolvable { .. }));
                prop_assert!(unsolvable);
                let unsolvable = matches!(bidirectional(p, &start, &tansaku_core::Context::new()), Err(SearchError::Unsolvable { .. }));
                prop_assert!(unsolvable);
                let unsolvable = matches!(bfs_ranked(p, &start, &tansaku_core::Context::new()), Err(SearchError::Unsolvable { .. }));
                prop_assert!(unsolvable);
                let unsolvable = matches!(bidirectional_ranked(p, &start, &tansaku_core::Context::new()), Err(SearchError::Unsolvable { .. }));
                prop_assert!(unsolvable);
            }
            Some(d) => {
                let d = d as usize;
                let corner = FlipBound::new(p, BoundKind::Corner);
                let improved = FlipBound::new(p, BoundKind::Improved);
                let results = [
                    bfs(p, &start, &tansaku_core::Context::new()).unwrap(),
                    bidirectional(p, &start, &tansaku_core::Context::new()).unwrap(),
                    ida_star(p, &start, |s| improved.estimate(s), opts.clone()).unwrap(),
                    ida_star(p, &start, |s| corner.estimate(s), opts.clone()).unwrap(),
                    bfs_ranked(p, &start, &tansaku_core::Context::new()).unwrap(),
                    bidirectional_ranked(p, &start, &tansaku_core::Context::new()).unwrap(),
                ];
                for sol in &results {
                    prop_assert_eq!(sol.len(), d);
                    check_solution(p, &start, &sol.moves);
                }
                // Splitting changes neither the solution nor the counts.
                let par = ida_star(p, &start, |s| improved.estimate(s), split).unwrap();
                prop_assert_eq!(&par.moves, &results[2].moves);
                let work = |s: &tansaku_core::search::Solution<FlipIt>| -> Vec<(u32, u64, u64)> {
                    s.iterations.iter().map(|i| (i.bound, i.expanded, i.generated)).collect()
                };
                prop_assert_eq!(work(&par), work(&results[2]));
                prop_assert_eq!(par.stats.generated, results[2].stats.generated);
                // Plain iterative deepening only where it stays small.
                if d <= 12 && p.cells() <= 12 {
                    let sol = iddfs(p, &start, opts.clone()).unwrap();
                    prop_assert_eq!(sol.len(), d);
                    check_solution(p, &start, &sol.moves);
                }
            }
        }
    }

    /// Random start and random goal board: every algorithm agrees.
    #[test]
    fn fixed_goal_boards_agree(raw_start in any::<u64>(), raw_goal in any::<u64>(), diagonal in any::<bool>()) {
        let base = FlipIt::new(4, 3, false, diagonal).unwrap();
        let goal = base.unrank(raw_goal % base.state_count());
        let p = base.with_goal(FlipGoal::Board(goal));
        let start = p.unrank(raw_start % p.state_count());
        let opts = IdaOptions { max_depth: 60, ..IdaOptions::default() };
        match bfs(&p, &start, &tansaku_core::Context::new()) {
            Err(_) => prop_assert!(bidirectional(&p, &start, &tansaku_core::Context::new()).is_err()),
            Ok(sol) => {
                check_solution(&p, &start, &sol.moves);
                prop_assert_eq!(sol.states.last(), Some(&goal));
                let h = FlipBound::new(&p, BoundKind::Improved);
                let other = [bidirectional(&p, &start, &tansaku_core::Context::new()).unwrap(), ida_star(&p, &start, |s| h.estimate(s), opts.clone()).unwrap()];
                for o in &other {
                    prop_assert_eq!(o.len(), sol.len());
                    check_solution(&p, &start, &o.moves);
                }
            }
        }
    }

    /// Symmetries commute with moves and keep the goal set: the successors
    /// of an image are the images of the successors.
    #[test]
    fn symmetries_commute_with_moves(which in 0usize..7, raw in any::<u64>()) {
        let (p, table) = &puzzles()[which];
        let s = p.unrank(raw % p.state_count());
        for i in 0..p.symmetry_count() {
            let g = p.apply_symmetry(i, &s);
            let mut a = Vec::new();
            p.for_each_successor(&s, |_, t| a.push(p.rank(&p.apply_symmetry(i, &t))));
            let mut b = Vec::new();
            p.for_each_successor(&g, |_, t| b.push(p.rank(&t)));
            a.sort_unstable();
            b.sort_unstable();
            prop_assert_eq!(a, b);
            prop_assert_eq!(p.is_goal(&s), p.is_goal(&g));
            prop_assert_eq!(table.get(p.rank(&s)), table.get(p.rank(&g)));
        }
    }
}

#[test]
fn symmetry_groups_have_the_rectangle_sizes() {
    assert_eq!(FlipIt::square(4, 4, false).symmetry_count(), 8);
    assert_eq!(FlipIt::square(5, 3, true).symmetry_count(), 4);
    assert_eq!(FlipIt::row(6, false).symmetry_count(), 2);
    // Identity first; the group is closed under composition.
    let p = FlipIt::square(4, 4, true);
    let s = p.parse_board("BWBB/W_BW/BBWW/WBBB").unwrap();
    assert_eq!(p.apply_symmetry(0, &s), s);
    let images: Vec<FlipState> = (0..8).map(|i| p.apply_symmetry(i, &s)).collect();
    for i in 0..8 {
        for j in 0..8 {
            let twice = p.apply_symmetry(j, &p.apply_symmetry(i, &s));
            assert!(images.contains(&twice));
        }
    }
}
