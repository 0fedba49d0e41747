//! The built-in puzzle families, each data (a board, a move table, jump
//! lines) behind the traits of [`tansaku_core::puzzle`]:
//!
//! * [`flip`]: Flip It, in a row or on a W x H board (jumps along rows,
//!   columns and diagonals), with the article's corner bound and a
//!   stronger one;
//! * [`sliding`]: sliding tiles on a W x H board, numbered or lettered,
//!   with Manhattan and linear-conflict bounds, pattern databases
//!   ([`sliding::pdb`]), Taylor & Korf's move pruning automaton
//!   ([`sliding::automaton`]) and the solver that chooses among them
//!   ([`sliding::solve`]);
//! * [`reversi`]: Othello's rules on bitboards, perft, and the wipeout
//!   puzzle (the fewest plies in which one colour is wiped out);
//! * [`knights`], [`jugs`], [`river`]: the classic exercises.
//!
//! Architecture invariant: this crate depends only on `tansaku-core`; it
//! knows nothing of requests, options, JSON or front ends.
//!
//! ```
//! use tansaku_puzzles::flip::FlipIt;
//! let p = FlipIt::row(6, false);
//! let start = p.parse_board("BB_BBB").unwrap();
//! let sol = tansaku_core::search::bfs(&p, &start, &tansaku_core::Context::new()).unwrap();
//! assert_eq!(sol.len(), 8);
//! ```

/// The size accessors of a board held as `width` and `height` cells.
macro_rules! board_size {
    () => {
        /// Board width.
        pub fn width(&self) -> usize {
            self.width
        }
        /// Board height (1 for a row).
        pub fn height(&self) -> usize {
            self.height
        }
        /// Number of cells.
        pub fn cells(&self) -> usize {
            self.width * self.height
        }
    };
}

pub mod flip;
pub mod jugs;
pub mod knights;
pub mod reversi;
pub mod river;
pub mod sliding;

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
