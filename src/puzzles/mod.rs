//! The built-in puzzles. Each is data (a board, a move table) behind the
//! traits of [`crate::puzzle`].

use serde::Serialize;
use std::fmt;

pub mod flip;
pub mod jugs;
pub mod knights;
pub mod reversi;
pub mod river;
pub mod sliding;

/// A move of one piece between two cells of a board with one empty cell:
/// the piece on `from` goes to the empty cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CellMove {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell it lands on (the empty cell before the move).
    pub to: u8,
}

impl fmt::Display for CellMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)
    }
}

/// `n! / prod(count!)` for `n = sum(counts)`: the number of arrangements of
/// a multiset (boards of a puzzle whose like pieces are interchangeable).
pub(crate) fn multinomial(counts: &[u8]) -> u128 {
    let mut total: u128 = 1;
    let mut placed: u128 = 0;
    for &c in counts {
        for j in 1..=c as u128 {
            placed += 1;
            total = total * placed / j;
        }
    }
    total
}
