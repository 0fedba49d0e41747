//! Breadth-first search past 10^8 stored states: the 15-puzzle from its
//! goal on packed boards with the hash index, stopped after N new states,
//! for growing N. A steady rate shows as time growing linearly with N.
//!
//! ```text
//! cargo bench --bench big_bfs                  # 10^8, 2x10^8, 3x10^8 states (about 13 GB at the end)
//! cargo bench --bench big_bfs -- 20000000      # other sizes
//! ```

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use tansaku_core::Puzzle;
use tansaku_core::search::bfs;
use tansaku_puzzles::sliding::packed::Packed;
use tansaku_puzzles::sliding::{SlideMove, Sliding, parse_board};

/// The packed 15-puzzle, whose "goal" is the N-th state the search stores:
/// BFS tests the goal once per new state.
struct Stop<'a> {
    inner: Packed<'a>,
    left: AtomicU64,
}

impl Puzzle for Stop<'_> {
    type State = u64;
    type Move = SlideMove;
    fn for_each_successor(&self, s: &u64, f: impl FnMut(SlideMove, u64)) {
        self.inner.for_each_successor(s, f)
    }
    fn apply(&self, s: &u64, m: SlideMove) -> Option<u64> {
        self.inner.apply(s, m)
    }
    fn is_goal(&self, _: &u64) -> bool {
        self.left.fetch_sub(1, Relaxed) == 1
    }
    fn reversible(&self) -> bool {
        true
    }
}

fn main() {
    let sizes: Vec<u64> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(|a| a.parse().expect("a number of states"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![100_000_000, 200_000_000, 300_000_000]
    } else {
        sizes
    };
    let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).expect("board");
    let (p, s) = Sliding::new(&goal, None).expect("puzzle");
    let packed = Packed::new(&p).expect("4x4 packs");
    let start = packed.pack(&s);
    println!("{:>12} {:>9} {:>8} {:>14}", "states", "depth", "seconds", "states/s");
    for n in sizes {
        let stop = Stop {
            inner: packed.clone(),
            // The start is tested too.
            left: AtomicU64::new(n + 1),
        };
        match bfs(&stop, &start, &tansaku_core::Context::new()) {
            Ok(sol) => println!(
                "{:>12} {:>9} {:>8.1} {:>14.0}",
                sol.stats.generated,
                sol.len(),
                sol.stats.seconds,
                sol.stats.generated as f64 / sol.stats.seconds
            ),
            Err(e) => println!("{n:>12}: {e}"),
        }
    }
}
