//! Pattern databases derived from a `.tws` definition: IDA*'s lower bound
//! for permutation puzzles too large to search breadth-first, with no code
//! written for the puzzle.
//!
//! A *projection* keeps some pieces of a set (the others made identical,
//! their orientation ignored) and, if asked, their orientation: the corners
//! of a cube with their twists, or six of its twelve edges. A projection is
//! itself a `.tws` puzzle ([`crate::tws::Projected`]), small enough to rank
//! densely; its distance table (four bits a rank, built on every core by
//! the block engine of [`super::xorbfs`] for pieces with two orientations,
//! else by the dense engine) bounds the full puzzle's distance from below,
//! since every move of the full puzzle is a move (or nothing) of the
//! projection. The bound of a position is the largest over the tables.
//!
//! A projection may also label a set's pieces by their orbit under a
//! subgroup instead of keeping some ([`coset`]): a picture of the
//! position's coset over every set at once, kept once per class of
//! symmetric positions ([`crate::symtable`]).
//!
//! [`plan`] chooses the projections that fit a table budget: the whole
//! puzzle when it fits (the bound is then exact), else the coset's picture
//! when it fits three quarters of the budget, and for each set that
//! moves, its pieces in groups as large as the set's share of the rest
//! allows. [`Tables::build`] builds them (kept in the context's tables, so
//! a second solve finds them) and [`Tables::estimate`] is the bound.
//!
//! The module's files, one job each: `projection.rs` (what a table keeps),
//! `plan.rs` (which tables fit), `tables.rs` (building or finding them),
//! `entries.rs` (a table's entries), `file.rs` (their files), `stages.rs`
//! (the order of a position's lookups), `lookup.rs` (reading them).

mod entries;
mod file;
mod lookup;
mod plan;
mod projection;
mod stages;
mod tables;

pub use plan::{coset, plan, plan_within, plan_without_coset};
pub use projection::{Projection, Width};
pub use tables::Tables;

use serde::Serialize;
use tansaku_core::context::Context;

/// The default table budget: a quarter of the memory budget, at most
/// 1 GiB.
pub fn default_budget(ctx: &Context) -> u64 {
    (ctx.budget().unwrap_or(u64::MAX) / 4).min(1 << 30)
}

/// A table built (or found kept) for a solve.
#[derive(Clone, Debug, Serialize)]
pub struct TableReport {
    /// The projection, named as [`Projection::name`] writes it.
    pub projection: String,
    /// Entries (four bits each; two where the projection's name says
    /// so).
    pub entries: u64,
    /// Bytes of the table (none for an `image`).
    pub bytes: u64,
    /// `built`, `loaded` (from its file), `kept` (in memory from an
    /// earlier solve) or `image` (a symmetric image of an earlier table's
    /// group, read through that table: no memory, no file).
    pub origin: &'static str,
    /// Seconds spent building or loading it.
    pub seconds: f64,
    /// Its largest distance (entries keep at most 14: farther positions
    /// read as 14).
    pub longest: u32,
}

/// Distance value of a projected position no move sequence reaches: the
/// position is unsolvable.
pub const UNREACHABLE: u32 = 1 << 20;
