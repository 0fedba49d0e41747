//! Helpers shared by the door's tests.

pub(crate) mod tws;

/// The workspace's root (where `data/` and `puzzles/` are).
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// One in-memory table store for the tests that only solve: a table is
/// kept under its puzzle, metric and projection, so the tests that need
/// the same one (the 3x3x3's, the 2x2x2's) build it once between them.
/// Tests that look at how a table was found (built, kept, loaded) make
/// their own.
pub(crate) fn shared_tables() -> tansaku::context::Tables {
    static TABLES: std::sync::OnceLock<tansaku::context::Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(tansaku::context::Tables::in_memory).clone()
}

/// A seeded xorshift64 draw in `0..n`: the seeded puzzles and starts of
/// the tests (the same every run, and no dependency).
pub(crate) fn draws(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}
