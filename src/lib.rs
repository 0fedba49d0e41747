//! tansaku (探索, "search"): exact state-space search for combinatorial
//! puzzles.
//!
//! * [`puzzle`]: the traits a puzzle implements ([`Puzzle`], [`Ranked`],
//!   [`Symmetric`]);
//! * [`search`]: the algorithms, one per file, generic over those traits;
//! * [`puzzles`]: the built-in puzzle families, as data;
//! * [`memory`]: estimate a table before allocating it;
//! * [`render`]: text pictures of positions, apart from solving;
//! * [`picture`]: SVG pictures (solution strips, animations, histograms);
//! * [`progress`]: a live progress line for long work.

pub mod ask;
pub mod context;
pub mod define;
pub mod front;
pub mod memory;
pub mod picture;
pub mod progress;
pub mod published;
pub mod puzzle;
pub mod puzzles;
pub mod registry;
pub mod render;
pub mod search;

pub use context::Context;
pub use puzzle::{Puzzle, Ranked, Symmetric, replay};
