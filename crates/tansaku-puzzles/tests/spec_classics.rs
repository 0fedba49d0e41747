//! docs/published.md's exercises: knight exchange 16, water jugs 10, river crossing 7,
//! by every algorithm that applies, every solution replayed.

use tansaku_core::search::{
    IdaOptions, NoBound, SearchError, Solution, bfs, bidirectional, bidirectional_alternating, ida_star_with, iddfs,
};
use tansaku_core::{Puzzle, replay};
use tansaku_puzzles::jugs::{JugState, Jugs};
use tansaku_puzzles::knights::Knights;
use tansaku_puzzles::river::River;

/// Length, legality of every move, and a goal at the end.
fn check<P: Puzzle>(p: &P, start: &P::State, sol: &Solution<P>, expected: usize) {
    assert_eq!(sol.len(), expected);
    let boards = replay(p, start, &sol.moves).expect("legal moves");
    assert_eq!(boards, sol.states);
    assert!(p.is_goal(boards.last().unwrap()));
}

#[test]
fn knight_exchange_in_16() {
    let (p, s) = Knights::exchange(3, 4).unwrap();
    let opts = IdaOptions::default();
    check(&p, &s, &bfs(&p, &s, &tansaku_core::Context::new()).unwrap(), 16);
    check(
        &p,
        &s,
        &bidirectional(&p, &s, &tansaku_core::Context::new()).unwrap(),
        16,
    );
    check(
        &p,
        &s,
        &bidirectional_alternating(&p, &s, &tansaku_core::Context::new()).unwrap(),
        16,
    );
    // IDA* with the knight-distance bound agrees with breadth-first search
    // on the smaller exchanges (on this one it needs 281M nodes, seconds
    // that add nothing to the cross-check).
    for (w, h, moves) in [(3, 3, 8), (4, 3, 10)] {
        let (q, t) = Knights::exchange(w, h).unwrap();
        check(&q, &t, &bfs(&q, &t, &tansaku_core::Context::new()).unwrap(), moves);
        check(&q, &t, &ida_star_with(&q, &t, &q, opts.clone()).unwrap(), moves);
    }
    // Written out as boards, the same instance.
    let (q, t) = Knights::new("WWW/___/___/BBB", "BBB/___/___/WWW", &tansaku_puzzles::knights::KNIGHT).unwrap();
    check(&q, &t, &bfs(&q, &t, &tansaku_core::Context::new()).unwrap(), 16);
}

#[test]
fn knights_bound_is_admissible_on_every_board() {
    // Every arrangement of the 3x4 instance: BFS from each is too slow, so
    // use the exact distances of a retrograde search from the goal.
    let (p, _) = Knights::exchange(3, 4).unwrap();
    let (a, map) = tansaku_core::search::retrograde_sparse(&p, Default::default()).unwrap();
    assert_eq!(a.states, 18_480, "every arrangement reaches the goal");
    for (s, &d) in map.iter() {
        assert!(tansaku_core::search::LowerBound::estimate(&p, s) <= d);
    }
}

#[test]
fn water_jugs_in_10() {
    let (p, s) = Jugs::new(&[8, 5], 4).unwrap();
    let sol = bfs(&p, &s, &tansaku_core::Context::new()).unwrap();
    check(&p, &s, &sol, 10);
    check(&p, &s, &iddfs(&p, &s, IdaOptions::default()).unwrap(), 10);
    check(
        &p,
        &s,
        &ida_star_with(&p, &s, &NoBound, IdaOptions::default()).unwrap(),
        10,
    );
    // The article's sequence is a legal 10-move solution too.
    let spec = [
        (0, 0),
        (0, 5),
        (5, 0),
        (5, 5),
        (8, 2),
        (0, 2),
        (2, 0),
        (2, 5),
        (7, 0),
        (7, 5),
        (8, 4),
    ];
    let states: Vec<JugState> = spec
        .iter()
        .map(|&(a, b)| {
            let mut j = [0; tansaku_puzzles::jugs::MAX_JUGS];
            j[0] = a;
            j[1] = b;
            JugState(j)
        })
        .collect();
    for w in states.windows(2) {
        let mut ok = false;
        p.for_each_successor(&w[0], |_, t| ok |= t == w[1]);
        assert!(ok, "{} -> {}", p.format(&w[0]), p.format(&w[1]));
    }
    assert!(p.is_goal(&states[10]));
    // Not reversible: the bidirectional search says so instead of guessing.
    assert!(matches!(
        bidirectional(&p, &s, &tansaku_core::Context::new()),
        Err(SearchError::Unsupported(_))
    ));
}

#[test]
fn more_jugs_and_impossible_targets() {
    let (p, s) = Jugs::new(&[3, 5, 7], 1).unwrap();
    let sol = bfs(&p, &s, &tansaku_core::Context::new()).unwrap();
    check(&p, &s, &sol, sol.len());
    assert_eq!(
        iddfs(&p, &s, IdaOptions::default()).unwrap().len(),
        sol.len(),
        "BFS and iterative deepening agree"
    );
    for (caps, target) in [(vec![6, 4], 3), (vec![8, 5], 9)] {
        let (p, s) = Jugs::new(&caps, target).unwrap();
        assert!(p.unsolvable_reason().is_some());
        assert!(matches!(
            bfs(&p, &s, &tansaku_core::Context::new()),
            Err(SearchError::Unsolvable { .. })
        ));
    }
}

#[test]
fn river_crossing_in_7() {
    let (p, s) = River::classic();
    check(&p, &s, &bfs(&p, &s, &tansaku_core::Context::new()).unwrap(), 7);
    check(
        &p,
        &s,
        &bidirectional(&p, &s, &tansaku_core::Context::new()).unwrap(),
        7,
    );
    check(
        &p,
        &s,
        &bidirectional_alternating(&p, &s, &tansaku_core::Context::new()).unwrap(),
        7,
    );
    check(&p, &s, &iddfs(&p, &s, IdaOptions::default()).unwrap(), 7);
    // Every position on a solution leaves no forbidden pair unattended.
    let sol = bfs(&p, &s, &tansaku_core::Context::new()).unwrap();
    let shown: Vec<String> = sol.states.iter().map(|t| p.format(t)).collect();
    for bank in shown.iter().flat_map(|b| b.split('|')) {
        if !bank.contains('F') {
            assert!(!(bank.contains('W') && bank.contains('G')), "{shown:?}");
            assert!(!(bank.contains('G') && bank.contains('C')), "{shown:?}");
        }
    }
    assert_eq!(shown[0], "FWGC|");
    assert_eq!(shown[7], "|FWGC");
}
