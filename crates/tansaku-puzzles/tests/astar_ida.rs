//! A* + IDA* (`search::astar_ida`, `solve sliding --frontier N`): the same
//! lengths as breadth-first search on the 8-puzzle and as plain IDA* on
//! random 15-puzzle walks, whatever A*'s limit (one position, a frontier,
//! or the whole space), with and without the automaton and with several
//! threads; replayed solutions reach the goal.

use crate::support::distances;
use tansaku_core::Puzzle;
use tansaku_core::search::{IdaOptions, MovePruning, NoPruning, astar_ida, ida_star_pruned};
use tansaku_puzzles::sliding::automaton::{SlideAutomaton, SlidePruning};
use tansaku_puzzles::sliding::{ManhattanBound, SlideMove, SlideState, Sliding, parse_board};

/// The solved board of `w` x `h` (tiles in order, empty cell last).
fn board(w: usize, h: usize) -> Sliding {
    let n = w * h;
    let text: Vec<String> = (1..n).map(|i| i.to_string()).chain(["0".to_string()]).collect();
    let goal = parse_board(&text.join(" "), Some((w, h))).unwrap();
    Sliding::new(&goal, Some(&goal)).unwrap().0
}

fn reaches_goal(p: &Sliding, s: &SlideState, moves: &[<Sliding as Puzzle>::Move]) -> bool {
    tansaku_core::replay(p, s, moves).is_ok_and(|b| b.last().is_some_and(|e| p.is_goal(e)))
}

#[test]
fn astar_ida_keeps_breadth_first_lengths_on_the_8_puzzle() {
    let p = board(3, 3);
    let h = ManhattanBound::new(&p);
    let a = SlideAutomaton::build(16, 3, 3);
    let dist = distances(&p, p.goal());
    assert_eq!(dist.len(), 181_440);
    let mut checked = 0;
    for (i, (s, &d)) in dist.iter().enumerate().filter(|(i, _)| i % 499 == 0) {
        for (limit, threads) in [(1, 1), (40, 2), (3_000, 1), (200_000, 2)] {
            let opts = IdaOptions {
                threads,
                ..IdaOptions::default()
            };
            let plain = astar_ida(&p, s, &h, &NoPruning, opts.clone(), limit).unwrap();
            let pruned = astar_ida(&p, s, &h, &SlidePruning::new(&p, &a), opts, limit).unwrap();
            for sol in [&plain, &pruned] {
                assert_eq!(sol.len() as u32, d, "board {i}, limit {limit}");
                assert!(reaches_goal(&p, s, &sol.moves), "board {i}, limit {limit}");
                assert_eq!(
                    tansaku_core::replay(&p, s, &sol.moves).unwrap(),
                    sol.states,
                    "board {i}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 360);
    // The hardest boards: A* below its limit answers alone.
    let (q, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    let whole = astar_ida(
        &q,
        &s,
        &ManhattanBound::new(&q),
        &NoPruning,
        IdaOptions::default(),
        200_000,
    )
    .unwrap();
    assert_eq!(whole.len(), 31);
    assert!(whole.iterations.is_empty(), "A* found it without IDA*");
}

/// The automaton without its order: its state cannot be carried across
/// A*'s frontier, and starts afresh there.
struct Unordered<'a>(SlidePruning<'a>);

impl MovePruning<Sliding> for Unordered<'_> {
    type State = u32;
    fn start(&self, s: &SlideState) -> u32 {
        self.0.start(s)
    }
    fn next(&self, at: u32, s: &SlideState, m: SlideMove) -> Option<u32> {
        self.0.next(at, s, m)
    }
}

/// On random 60-move walks of the 15-puzzle: plain IDA*'s lengths; the
/// automaton's state carried across the frontier prunes more than an
/// automaton started afresh at each frontier position.
#[test]
fn astar_ida_matches_ida_on_15_puzzle_walks() {
    let p = board(4, 4);
    let h = ManhattanBound::new(&p);
    let a = SlideAutomaton::build(14, 4, 4);
    let r = SlidePruning::new(&p, &a);
    let (mut carried, mut afresh) = (0, 0);
    let mut x: u64 = 11;
    for _ in 0..10 {
        let mut s = p.goal();
        for _ in 0..60 {
            let mut next = Vec::new();
            p.for_each_successor(&s, |_, t| next.push(t));
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            s = next[(x >> 33) as usize % next.len()];
        }
        let ida = ida_star_pruned(&p, &s, &h, &r, IdaOptions::default()).unwrap();
        let opts = IdaOptions {
            threads: 2,
            ..IdaOptions::default()
        };
        let both = astar_ida(&p, &s, &h, &r, opts.clone(), 2_000).unwrap();
        let fresh = astar_ida(&p, &s, &h, &Unordered(r), opts, 2_000).unwrap();
        for sol in [&both, &fresh] {
            assert_eq!(sol.len(), ida.len());
            assert!(reaches_goal(&p, &s, &sol.moves));
        }
        carried += both.stats.generated;
        afresh += fresh.stats.generated;
    }
    assert!(carried < afresh, "carried {carried} nodes, afresh {afresh}");
}

/// A limit that would not fit the memory budget is refused before
/// anything is allocated.
#[test]
fn a_frontier_too_large_is_refused() {
    let p = board(4, 4);
    let ctx = tansaku_core::Context::new().with_budget(1 << 20);
    let opts = IdaOptions {
        ctx,
        ..IdaOptions::default()
    };
    let err = astar_ida(&p, &p.goal(), &ManhattanBound::new(&p), &NoPruning, opts, 100_000_000).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("A*'s 100000000 positions"), "{text}");
}
