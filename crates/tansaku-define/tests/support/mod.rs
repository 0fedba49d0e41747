//! Helpers the tests of this crate share: the shipped files, seeded
//! scrambles, and the cube with a pattern for its solved position.

use std::path::Path;

use tansaku_define::Definition;

/// The workspace's root: where `puzzles/` is.
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// A shipped definition (`puzzles/NAME`), in `metric` (the file's first
/// when `None`).
pub(crate) fn load(name: &str, metric: Option<&str>) -> Definition {
    Definition::load(&Path::new(ROOT).join("puzzles").join(name), metric).unwrap_or_else(|e| panic!("{e}"))
}

/// A seeded scramble of `moves` of a shipped `.tws` puzzle's moves (a
/// xorshift picks each), written as its moves are.
pub(crate) fn scramble(name: &str, seed: u64, moves: u32) -> String {
    let Definition::Tws(t) = load(name, None) else {
        panic!("{name} is not a .tws puzzle")
    };
    let names = t.metric_move_names();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..moves)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            names[(x % names.len() as u64) as usize]
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The 3x3x3 (`puzzles/3x3x3.tws`) with its solved position's edges and
/// corners written as `pattern` (the Solved block from the edges' numbers
/// to the corners' orientations): pieces sharing a number alike, `?` an
/// orientation ignored.
pub(crate) fn cube_pattern(name: &str, pattern: &str) -> Definition {
    let solved = "1 2 3 4 5 6 7 8 9 10 11 12\n0 0 0 0 0 0 0 0 0 0 0 0\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0";
    let text = std::fs::read_to_string(Path::new(ROOT).join("puzzles/3x3x3.tws")).unwrap();
    assert!(text.contains(solved));
    Definition::parse(
        &tansaku_define::Src::new(name, &text.replacen(solved, pattern, 1)),
        None,
    )
    .unwrap()
}

/// The cube's first two layers: the last layer's pieces alike and their
/// orientation ignored ([`cube_pattern`]).
pub(crate) const FIRST_TWO_LAYERS: &str =
    "1 2 3 4 5 6 7 9 8 9 9 9\n0 0 0 0 0 0 0 ? 0 ? ? ?\nCORNER\n1 2 1 3 4 1 1 5\n? 0 ? 0 0 ? ? 0";
