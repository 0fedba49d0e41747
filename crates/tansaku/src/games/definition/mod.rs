//! The front door for defined puzzles: [`solve`] a start, [`analyse`] the
//! whole space, [`check`] the figures a file expects. Each picks the
//! position size and the representation (dense ranks where the count fits,
//! hashing elsewhere) and returns plain data, so that a front end prints
//! it without knowing the puzzle's types.
//!
//! One file a job: `defined.rs` (what the door needs of a puzzle),
//! `bound.rs` (IDA*'s bound), `solve.rs`, `tables.rs`, `analyse.rs`,
//! `check.rs` and `game.rs` (the [`crate::Game`] a definition is).

macro_rules! with_puzzle {
    ($def:expr, |$p:ident| $body:expr) => {
        match $def {
            Definition::Blocks(b) => {
                let cells = b.width * b.height;
                if cells <= 16 {
                    let $p = Grid::<16>(b);
                    $body
                } else if cells <= 32 {
                    let $p = Grid::<32>(b);
                    $body
                } else {
                    let $p = Grid::<64>(b);
                    $body
                }
            }
            Definition::Tws(t) => {
                if t.bytes() <= 16 {
                    let $p = Perm::<Fixed<16>>::new(t);
                    $body
                } else if t.bytes() <= 32 {
                    let $p = Perm::<Fixed<32>>::new(t);
                    $body
                } else if t.bytes() <= 64 {
                    let $p = Perm::<Fixed<64>>::new(t);
                    $body
                } else {
                    // Any size: positions on the heap.
                    let $p = Perm::<Heap>::new(t);
                    $body
                }
            }
        }
    };
}

mod analyse;
mod bound;
mod check;
mod cost;
mod defined;
mod game;
mod options;
mod solve;
mod tables;

pub use crate::{Longest, Request, RunError, SolveAnswer, Solved};
pub use analyse::analyse;
pub use check::{check, summary, tws_moves};
pub use defined::blocks_symmetries;
pub use game::DefinedGame;
pub use options::{definition_options, from_option, longest_options};
pub use solve::solve;
pub use tables::{tables, warm};
