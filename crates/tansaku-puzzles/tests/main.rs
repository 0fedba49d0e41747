//! The built-in puzzles under every search: each published figure of the
//! seed articles, the algorithms cross-checked against each other and
//! against the exact distances of a retrograde table, the pattern
//! databases against plain searches, checkpoints that survive a kill, and
//! parsers that never panic. One binary; shared helpers in `support/`.

mod support;

mod astar_ida;
mod checkpoint;
mod move_pruning;
mod parsers;
mod pattern_databases;
mod properties;
mod properties_sliding;
mod spec_classics;
mod spec_flip;
mod spec_reversi;
mod spec_sliding;
