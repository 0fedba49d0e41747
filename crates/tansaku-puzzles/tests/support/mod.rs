//! Helpers shared by the tests of the built-in puzzles.

/// The workspace's root (where `data/` and `puzzles/` are).
#[allow(dead_code)]
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

use rustc_hash::FxHashMap;
use tansaku_core::Puzzle;
use tansaku_puzzles::sliding::{SlideState, Sliding};

/// Breadth-first distance of every position from `from`.
pub(crate) fn distances(p: &Sliding, from: SlideState) -> FxHashMap<SlideState, u32> {
    let mut dist = FxHashMap::default();
    dist.insert(from, 0);
    let mut layer = vec![from];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for s in &layer {
            p.for_each_successor(s, |_, t| {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(t) {
                    e.insert(d);
                    next.push(t);
                }
            });
        }
        layer = next;
    }
    dist
}
