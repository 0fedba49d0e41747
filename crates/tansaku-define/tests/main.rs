//! The definitions read from files and the tables derived from them, tested
//! on this crate alone: the `.tws` statements as twsearch reads them, the
//! pattern databases (each engine against another, their files, their
//! checkpoints, their lookups), the positions near the goal. One binary;
//! shared helpers in `support/`.

mod support;

mod near;
mod statements;
mod tables;
