//! Helpers shared by the door's tests.

/// The workspace's root (where `data/` and `puzzles/` are).
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
