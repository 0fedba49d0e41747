//! The built-in puzzles. Each is data (a board, a move table) behind the
//! traits of [`crate::puzzle`].

pub mod flip;
pub mod sliding;
