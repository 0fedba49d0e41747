//! tansaku (探索, "search"): exact state-space search for combinatorial
//! puzzles. A front end (the command line, the web server, the page's
//! worker, a program) asks a [`Game`] a question with a [`Request`] and a
//! [`Context`], and gets back one serializable answer ([`answer`]).
//!
//! The door:
//!
//! * [`game`]: the [`Game`] trait, a puzzle known by name, and what a
//!   front end lists of it ([`describe`]);
//! * [`request`]: what to answer and how ([`Request`]);
//! * [`options`]: each game's options, declared once ([`OptionSpec`]) and
//!   read against their declarations ([`options::Params`]);
//! * [`answer`]: one serializable type per kind of answer;
//! * [`error`]: why a question could not be answered ([`RunError`]);
//! * [`games`]: the catalogue of games by name, one file per game, and the
//!   definitions read from files;
//! * [`ask`] and [`query`]: one question in JSON, as the server and the
//!   worker receive it, and what a front end allows ([`ask::Limits`]);
//! * [`events`]: what a running question tells (progress, notes);
//! * [`batch`]: many boards of one game, one a line;
//! * [`published`]: the published figures tansaku reproduces;
//! * [`tables`]: tables built once and kept (pattern databases): list,
//!   build, choose, clear;
//! * [`svg`]: pictures of the answers (solution strips, animations,
//!   histograms);
//! * [`random`]: seeded scrambles.
//!
//! The layers below, re-exported: [`tansaku_core`] (the puzzle traits,
//! the [`Context`], the searches: [`search`], [`context`], [`memory`],
//! [`progress`], [`render`], [`picture`]), [`puzzles`] (the built-in
//! families) and [`define`] (puzzles read from files).
//!
//! Architecture invariant: every front end asks its questions here and
//! gets the same answers; no error names a command-line flag.
//!
//! ```
//! use tansaku::{Game, Request};
//! let game = tansaku::games::builtin("flip-row").unwrap();
//! let answer = game.solve(&Request::default().with("board", "BB_BBB"), &tansaku::Context::new()).unwrap();
//! let s = answer.solved().unwrap();
//! assert_eq!((s.length, s.replayed), (8, true));
//! ```

pub mod answer;
pub mod ask;
pub mod batch;
pub mod error;
pub mod events;
pub mod game;
pub mod games;
pub mod options;
pub mod published;
pub mod query;
pub mod random;
pub mod request;
pub mod served;
pub mod settings;
pub mod svg;
pub mod tables;

pub use answer::{
    BatchLine, BatchTotals, CheckReport, GameInfo, JudgedMove, Judgement, Longest, NoSolution, Perft, Position, Preset,
    Ranking, SolveAnswer, Solved, StrongerTables, Traced, Wipeouts,
};
pub use error::{ErrorBody, RunError};
pub use game::{ALGORITHMS, Game, algorithm, describe, settle};
pub use options::{Kind, OptionSpec, Params};
pub use random::{Rng, random_walk};
pub use request::{DEFAULT_LIMIT, Options, Request};

pub use tansaku_core::{self as core, CellMove, Context, Puzzle, Ranked, Symmetric, replay};
pub use tansaku_core::{context, examples, memory, picture, progress, puzzle, render, search};
pub use tansaku_define as define;
pub use tansaku_puzzles as puzzles;
