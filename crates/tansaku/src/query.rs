//! A question as a web page (or any JSON client) asks it: the game by name
//! or a definition's text, the board, the goal, the algorithm and the
//! game's options. [`crate::games::resolve`] turns it into the game
//! and the [`Request`] every other front end uses.
//!
//! ```
//! use tansaku::query::Query;
//! let q: Query = serde_json::from_str(r#"{"game": "sliding", "board": "867/254/3_1", "algo": "bidir"}"#).unwrap();
//! let (game, req) = tansaku::games::resolve(&q, &[]).unwrap();
//! assert_eq!(game.name(), "sliding");
//! assert_eq!(req.get("board"), Some("867/254/3_1"));
//! ```

use crate::{Request, RunError};
use serde::Deserialize;
use std::collections::BTreeMap;

/// An option's value in JSON: a string, a number or a yes/no.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Scalar {
    /// Text.
    Text(String),
    /// A whole number.
    Int(u64),
    /// A yes/no.
    Flag(bool),
}

impl Scalar {
    fn text(&self) -> String {
        match self {
            Scalar::Text(t) => t.clone(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Flag(b) => b.to_string(),
        }
    }
}

/// A question in JSON.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    /// The game's name (a built-in game or a definition the library
    /// ships); ignored when `definition` is given.
    pub game: Option<String>,
    /// A definition's text (TOML or twsearch's `.tws`).
    pub definition: Option<String>,
    /// The definition's file name: `.tws` marks twsearch's format (else
    /// the text decides).
    pub file: Option<String>,
    /// The start (the game's `board` option).
    pub board: Option<String>,
    /// The goal (the game's `goal` option).
    pub goal: Option<String>,
    /// The algorithm: `auto` (the default) or one of
    /// [`crate::ALGORITHMS`].
    pub algo: Option<String>,
    /// The game's options by name.
    #[serde(default)]
    pub options: BTreeMap<String, Scalar>,
    /// Longest positions an analysis lists.
    pub limit: Option<usize>,
    /// Deepest bound IDA* and iterative deepening try (plies for a
    /// wipeout).
    pub max_depth: Option<u32>,
    /// Perft's depth.
    pub depth: Option<u32>,
    /// A scramble's seed.
    pub seed: Option<u64>,
    /// A scramble's number of moves.
    pub moves: Option<u32>,
}

/// The longest scramble asked for.
pub const MAX_SCRAMBLE: u32 = 100_000;

impl Query {
    /// The request: the algorithm, the limits, the game's options (the
    /// game itself is found by [`crate::games::resolve`]).
    pub fn request(&self) -> Result<Request, RunError> {
        let mut req = Request {
            algorithm: crate::algorithm(self.algo.as_deref().unwrap_or("auto"))?,
            ..Request::default()
        };
        if let Some(l) = self.limit {
            req.limit = l;
        }
        if let Some(d) = self.max_depth {
            req.max_depth = d;
        }
        for (k, v) in &self.options {
            req = req.with(k, &v.text());
        }
        if let Some(b) = &self.board {
            req = req.with("board", b);
        }
        if let Some(g) = &self.goal {
            req = req.with("goal", g);
        }
        Ok(req)
    }

    /// A scramble's seed and length (defaults: 1 and 60 moves).
    pub fn scramble(&self) -> Result<(u64, u32), RunError> {
        let moves = self.moves.unwrap_or(60);
        if moves > MAX_SCRAMBLE {
            return Err(RunError::BadOption {
                option: "moves".into(),
                value: moves.to_string(),
                expected: format!("a whole number from 0 to {MAX_SCRAMBLE}"),
            });
        }
        Ok((self.seed.unwrap_or(1), moves))
    }
}

/// The file name a definition's text is read under: `definition.tws` when
/// it reads like twsearch's format (a `Set` or `Move` line), else
/// `definition.toml`.
///
/// ```
/// use tansaku::query::guess_file;
/// assert_eq!(guess_file("Name x\nSet CORNERS 7 3\n"), "definition.tws");
/// assert_eq!(guess_file("name = \"x\"\nkind = \"blocks\"\n"), "definition.toml");
/// ```
pub fn guess_file(text: &str) -> &'static str {
    let tws = text.lines().any(|l| {
        let w = l.split_whitespace().next().unwrap_or("");
        matches!(w, "Set" | "Move" | "Solved")
    });
    if tws { "definition.tws" } else { "definition.toml" }
}
