//! Helpers shared by the command line's tests.

/// The workspace's root (where `data/` and `puzzles/` are).
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
