//! tansaku's core: what every search is written against, and the searches.
//! It knows no puzzle: a puzzle comes in through the traits of [`puzzle`],
//! and every algorithm works on any puzzle that implements them.
//!
//! * [`puzzle`]: the traits a puzzle implements ([`Puzzle`], [`Ranked`],
//!   [`Symmetric`]) and [`replay`], which checks a solution move by move;
//! * [`search`]: the algorithms, one per file (breadth-first,
//!   bidirectional, iterative deepening and IDA*, retrograde analysis,
//!   counting), their checkpoints, and the choice among them;
//! * [`context`]: what a long piece of work carries ([`Context`]): its
//!   memory budget, its observer, its tables, its stop signals, the
//!   processes it shares the work with;
//! * [`memory`]: estimate a table before allocating it, and refuse it
//!   with a clear message when it would not fit;
//! * [`progress`]: progress reports, as the searches send them to the
//!   context's observer;
//! * [`render`] and [`picture`]: how a puzzle draws its positions (text
//!   rows, grids of glyphs), apart from solving;
//! * [`examples`]: two small puzzles the documentation's examples run on.
//!
//! Architecture invariant: this crate depends on no other crate of
//! tansaku, and does no I/O but the checkpoint and table files a caller
//! asks for (feature `files`).
//!
//! ```
//! use tansaku_core::examples::Swaps;
//! use tansaku_core::search::bfs;
//! // Four tokens in reverse order: six swaps of neighbours sort them.
//! let p = Swaps::new(4);
//! let sol = bfs(&p, &p.reversed(), &tansaku_core::Context::new()).unwrap();
//! assert_eq!(sol.len(), 6);
//! ```

pub mod context;
pub mod examples;
pub mod memory;
pub mod picture;
pub mod progress;
pub mod puzzle;
pub mod render;
pub mod search;

pub use context::Context;
pub use puzzle::{CellMove, Puzzle, Ranked, Symmetric, replay};
