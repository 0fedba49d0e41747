//! Taylor & Korf's automaton for sliding puzzles: it never rejects every
//! shortest path to a position, checked against breadth-first distances
//! (every position of small boards, whole layers of the 8-puzzle) and
//! against plain IDA* on random 15-puzzle walks.

use crate::support::distances;
use rustc_hash::FxHashMap;
use tansaku_core::Puzzle;
use tansaku_core::search::{IdaOptions, MovePruning, bfs, ida_star_pruned, ida_star_with};
use tansaku_puzzles::sliding::automaton::{SlideAutomaton, SlidePruning};
use tansaku_puzzles::sliding::{ManhattanBound, SlideState, Sliding, parse_board};

/// The solved board of `w` x `h` (tiles in order, empty cell last).
fn board(w: usize, h: usize) -> Sliding {
    let n = w * h;
    let text: Vec<String> = (1..n).map(|i| i.to_string()).chain(["0".to_string()]).collect();
    let goal = parse_board(&text.join(" "), Some((w, h))).unwrap();
    Sliding::new(&goal, Some(&goal)).unwrap().0
}

/// The fewest moves to each position along the paths the automaton
/// keeps, up to `depth` (a depth-first walk of the pruned tree, a
/// position revisited only when reached by a shorter path or a new
/// automaton state).
fn pruned_depths(p: &Sliding, from: SlideState, a: &SlideAutomaton, depth: u32) -> FxHashMap<SlideState, u32> {
    let r = SlidePruning::new(p, a);
    let mut best: FxHashMap<SlideState, u32> = FxHashMap::default();
    let mut seen: FxHashMap<(SlideState, u32), u32> = FxHashMap::default();
    let mut stack = vec![(from, MovePruning::<Sliding>::start(&r, &from), 0u32)];
    while let Some((s, at, d)) = stack.pop() {
        if seen.get(&(s, at)).is_some_and(|&e| e <= d) {
            continue;
        }
        seen.insert((s, at), d);
        let b = best.entry(s).or_insert(d);
        *b = (*b).min(d);
        if d == depth {
            continue;
        }
        p.for_each_successor(&s, |m, t| {
            if let Some(next) = r.next(at, &s, m) {
                stack.push((t, next, d + 1));
            }
        });
    }
    best
}

/// On boards small enough to search whole, every position keeps a
/// surviving path as short as its breadth-first distance, from the goal
/// and from other starts (the empty cell elsewhere); the automaton does
/// prune (some sequences of each board are rejected).
#[test]
fn every_position_keeps_a_shortest_path() {
    for (w, h, depth) in [(2, 3, 21), (3, 2, 21), (2, 4, 36), (3, 3, 20)] {
        let p = board(w, h);
        let a = SlideAutomaton::build(16, w, h);
        assert!(a.sequences > 4, "{w}x{h}");
        let goal = p.goal();
        let mut starts = vec![goal];
        // Two more starts: the empty cell in a corner and in the middle.
        let far = distances(&p, goal);
        starts.extend(far.iter().filter(|(_, d)| **d == 7).map(|(s, _)| *s).take(2));
        for start in starts {
            let bfs = distances(&p, start);
            let pruned = pruned_depths(&p, start, &a, depth);
            for (s, &d) in &bfs {
                if d <= depth {
                    assert_eq!(
                        pruned.get(s),
                        Some(&d),
                        "{w}x{h}: a position at distance {d} lost its shortest path"
                    );
                }
            }
        }
    }
}

/// IDA* with the automaton keeps breadth-first lengths on random
/// 8-puzzles and plain IDA*'s lengths on random 15-puzzle walks, with
/// fewer nodes; a replayed solution reaches the goal.
#[test]
fn ida_with_the_automaton_stays_optimal() {
    let eight = board(3, 3);
    let a = SlideAutomaton::build(16, 3, 3);
    let h = ManhattanBound::new(&eight);
    let dist = distances(&eight, eight.goal());
    for (i, (s, &d)) in dist.iter().enumerate().filter(|(i, _)| i % 997 == 0) {
        let sol = ida_star_pruned(&eight, s, &h, &SlidePruning::new(&eight, &a), IdaOptions::default()).unwrap();
        assert_eq!(sol.len() as u32, d, "8-puzzle position {i}");
        let end = tansaku_core::replay(&eight, s, &sol.moves).unwrap();
        assert!(eight.is_goal(end.last().unwrap()));
    }
    let fifteen = board(4, 4);
    let a = SlideAutomaton::build(14, 4, 4);
    let h = ManhattanBound::new(&fifteen);
    let (mut fewer, mut plain_nodes) = (0, 0);
    let mut r: u64 = 7;
    for _ in 0..12 {
        let mut s = fifteen.goal();
        for _ in 0..60 {
            let mut next = Vec::new();
            fifteen.for_each_successor(&s, |_, t| next.push(t));
            r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            s = next[(r >> 33) as usize % next.len()];
        }
        let plain = ida_star_with(&fifteen, &s, &h, IdaOptions::default()).unwrap();
        let pruned = ida_star_pruned(
            &fifteen,
            &s,
            &h,
            &SlidePruning::new(&fifteen, &a),
            IdaOptions::default(),
        )
        .unwrap();
        assert_eq!(pruned.len(), plain.len());
        let end = tansaku_core::replay(&fifteen, &s, &pruned.moves).unwrap();
        assert!(fifteen.is_goal(end.last().unwrap()));
        fewer += pruned.stats.generated;
        plain_nodes += plain.stats.generated;
    }
    assert!(
        fewer < plain_nodes,
        "{fewer} nodes with the automaton, {plain_nodes} without"
    );
    // The 8-puzzle's hardest board: 31 moves, as BFS says.
    let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    let b = bfs(&p, &s, &tansaku_core::Context::new()).unwrap();
    let a = SlideAutomaton::build(16, 3, 3);
    let pruned = ida_star_pruned(
        &p,
        &s,
        &ManhattanBound::new(&p),
        &SlidePruning::new(&p, &a),
        IdaOptions::default(),
    )
    .unwrap();
    assert_eq!((b.len(), pruned.len()), (31, 31));
}

/// The automaton's file: kept beside the pattern databases, read back by
/// the next solve, rebuilt with a notice when it does not check.
#[test]
fn automaton_files_are_kept_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let ctx = || {
        let h = heard.clone();
        tansaku_core::Context::new()
            .with_tables(tansaku_core::context::Tables::at(dir.path()))
            .with_notices(std::sync::Arc::new(move |m: &str| {
                h.lock().unwrap().push(m.to_string())
            }))
    };
    let first = SlideAutomaton::shared(12, 4, 4, &ctx()).unwrap();
    let file = dir.path().join("automaton-4x4-12.bin");
    assert!(file.exists());
    let again = SlideAutomaton::shared(12, 4, 4, &ctx()).unwrap();
    assert_eq!((again.states(), again.sequences), (first.states(), first.sequences));
    assert_eq!(again.seconds, 0.0, "read from its file, not built");
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x10;
    std::fs::write(&file, &bytes).unwrap();
    let rebuilt = SlideAutomaton::shared(12, 4, 4, &ctx()).unwrap();
    assert_eq!(rebuilt.states(), first.states());
    let notes = heard.lock().unwrap().join("\n");
    assert!(
        notes.contains("is corrupt (its checksum does not match): building it again"),
        "{notes}"
    );
}
