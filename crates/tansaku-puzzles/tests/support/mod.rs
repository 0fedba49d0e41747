//! Helpers shared by the tests of the built-in puzzles.

/// The workspace's root (where `data/` and `puzzles/` are).
#[allow(dead_code)]
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
