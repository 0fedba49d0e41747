//! The door: every published figure through the catalogue of games, and
//! puzzles read from definition files (the shipped files' figures, their
//! built-in twins, replayed solutions, symmetries, derived tables, bad
//! files). One binary; shared helpers in `support/`.

mod support;

mod definitions;
mod judge;
mod layers;
mod names;
mod near;
mod published;
mod questions;
mod tws_classes;
mod tws_longest;
mod tws_search;
