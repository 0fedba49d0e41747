//! The bodies of the questions in JSON, as a web page (or any JSON client)
//! sends them: one type a kind of question, each refusing a field it does
//! not know. [`GameQuery`] names a game (or gives a definition's text) and
//! its options; the others carry what their question needs and nothing
//! more. [`crate::ask`] reads them.
//!
//! ```
//! use tansaku::query::GameQuery;
//! let q: GameQuery = serde_json::from_str(r#"{"game": "sliding", "board": "867/254/3_1", "algo": "bidir"}"#).unwrap();
//! let (game, req) = q.resolve(&[]).unwrap();
//! assert_eq!(game.name(), "sliding");
//! assert_eq!(req.get("board"), Some("867/254/3_1"));
//! ```

use crate::games::definition::DefinedGame;
use crate::options::Value;
use crate::{Game, Request, RunError};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

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

impl From<&Scalar> for Value {
    fn from(s: &Scalar) -> Self {
        match s {
            Scalar::Text(t) => Value::Text(t.clone()),
            Scalar::Int(i) => Value::Int(*i),
            Scalar::Flag(b) => Value::Flag(*b),
        }
    }
}

/// Declares the body of a question about one game: the fields that name
/// the game (by name, or a definition's text) and give its options, then
/// the question's own fields.
macro_rules! game_question {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $field:ident: $ty:ty),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The game's name (a built-in game or a definition the library
            /// ships); ignored when `definition` is given.
            pub game: Option<String>,
            /// A definition's text (TOML or twsearch's `.tws`).
            pub definition: Option<String>,
            /// The definition's file name: `.tws` marks twsearch's format
            /// (else the text decides).
            pub file: Option<String>,
            /// The start (the game's `board` option).
            pub board: Option<String>,
            /// The goal (the game's `goal` option).
            pub goal: Option<String>,
            /// The algorithm: `auto` (the default) or one of
            /// [`crate::ALGORITHMS`] (a scramble runs none and ignores it).
            pub algo: Option<String>,
            /// The game's options by name.
            #[serde(default)]
            pub options: BTreeMap<String, Scalar>,
            $($(#[$fdoc])* pub $field: $ty,)*
        }

        impl $name {
            /// The game named: a definition's text, else a game by name
            /// ([`crate::games::find`], definitions by name looked for in
            /// `dirs` too).
            fn named(&self, dirs: &[PathBuf]) -> Result<Box<dyn Game>, RunError> {
                find_game(self.game.as_deref(), self.definition.as_deref(), self.file.as_deref(), dirs)
            }

            /// `req` with the game's options, the board and the goal.
            fn with_options(&self, mut req: Request) -> Request {
                for (k, v) in &self.options {
                    req = req.with(k, Value::from(v));
                }
                if let Some(b) = &self.board {
                    req = req.with("board", b.as_str());
                }
                if let Some(g) = &self.goal {
                    req = req.with("goal", g.as_str());
                }
                req
            }
        }
    };
}

game_question!(
    /// A question about one game: `solve`, `longest`, `position`,
    /// `describe`, `wipeout`, `judge`, `trace`.
    GameQuery {
        /// Longest positions an analysis lists.
        limit: Option<usize>,
        /// Deepest bound IDA* and iterative deepening try (plies for a
        /// wipeout).
        max_depth: Option<u32>,
    }
);

game_question!(
    /// `scramble`: a game's question, and the scramble's seed and length.
    ScrambleQuery {
        /// The seed (default 1): the same seed gives the same scramble.
        seed: Option<u64>,
        /// Random moves (default 60, at most [`MAX_SCRAMBLE`]).
        moves: Option<u32>,
    }
);

/// `check`: a definition's text, its `[expect]` figures to check.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckQuery {
    /// The definition's text.
    pub definition: String,
    /// Its file name (`.tws` marks twsearch's format).
    pub file: Option<String>,
}

/// `perft`: Reversi's leaves `depth` plies from the start.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftQuery {
    /// Plies (default [`crate::games::wipeout::DEFAULT_PERFT`]).
    pub depth: Option<u32>,
}

/// `picture`: a strip of boards drawn as SVG.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureQuery {
    /// The picture's title.
    pub title: String,
    /// The boards.
    pub grids: Vec<tansaku_core::picture::Grid>,
    /// Boards a row (default 8, 1 to 40).
    pub per_row: Option<usize>,
}

/// `tables`: build (or check and load) a sliding board's partition, or a
/// definition's tables ([`crate::tables::build`]).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesQuery {
    /// Board size `WxH` (default 4x4).
    pub size: Option<String>,
    /// The partition (default: the strongest for the board).
    pub partition: Option<String>,
    /// The goal (default: the tiles in order, empty cell last).
    pub goal: Option<String>,
    /// A definition's text, whose tables to build instead.
    pub definition: Option<String>,
    /// The definition's file name.
    pub file: Option<String>,
    /// With a definition: bytes of tables (`4G`, or a number).
    pub table_memory: Option<Scalar>,
}

impl TablesQuery {
    /// The request of [`crate::tables::build`] and the definition's text,
    /// if one is given.
    pub fn resolve(&self) -> (Request, Option<tansaku_define::Src>) {
        let mut req = Request::default();
        for (key, v) in [
            ("size", &self.size),
            ("partition", &self.partition),
            ("goal", &self.goal),
        ] {
            if let Some(v) = v {
                req = req.with(key, v.as_str());
            }
        }
        if let Some(m) = &self.table_memory {
            req = req.with("table-memory", Value::from(m));
        }
        let src = self.definition.as_ref().map(|text| {
            let file = self.file.clone().unwrap_or_else(|| guess_file(text).to_string());
            tansaku_define::Src::new(&file, text)
        });
        (req, src)
    }
}

/// The longest scramble asked for.
pub const MAX_SCRAMBLE: u32 = 100_000;

impl GameQuery {
    /// The game and the request: a definition's text, else a game by name
    /// ([`crate::games::find`], definitions by name looked for in
    /// `dirs` too).
    pub fn resolve(&self, dirs: &[PathBuf]) -> Result<(Box<dyn Game>, Request), RunError> {
        Ok((self.named(dirs)?, self.request()?))
    }

    /// The request: the algorithm, the limits, the game's options.
    pub fn request(&self) -> Result<Request, RunError> {
        let mut req = Request::default();
        if let Some(a) = &self.algo {
            req.algorithm = crate::algorithm(a)?;
        }
        if let Some(l) = self.limit {
            req.limit = l;
        }
        if let Some(d) = self.max_depth {
            req.max_depth = d;
        }
        Ok(self.with_options(req))
    }
}

impl ScrambleQuery {
    /// The game, the request (its options) and the scramble's seed and
    /// number of moves (defaults: 1 and 60).
    pub fn resolve(&self, dirs: &[PathBuf]) -> Result<(Box<dyn Game>, Request, u64, u32), RunError> {
        let game = self.named(dirs)?;
        let moves = self.moves.unwrap_or(60);
        if moves > MAX_SCRAMBLE {
            return Err(RunError::BadOption {
                option: "moves".into(),
                value: moves.to_string(),
                expected: format!("a whole number from 0 to {MAX_SCRAMBLE}"),
            });
        }
        Ok((
            game,
            self.with_options(Request::default()),
            self.seed.unwrap_or(1),
            moves,
        ))
    }
}

/// A definition's text, else a game by name.
fn find_game(
    name: Option<&str>,
    definition: Option<&str>,
    file: Option<&str>,
    dirs: &[PathBuf],
) -> Result<Box<dyn Game>, RunError> {
    match (definition, name) {
        (Some(text), _) => {
            let file = file.map_or_else(|| guess_file(text).to_string(), str::to_string);
            Ok(Box::new(DefinedGame::parse(&tansaku_define::Src::new(&file, text))?))
        }
        (None, Some(name)) => crate::games::find(name, dirs),
        (None, None) => Err(RunError::BadInput(
            "say which game: give its name (game) or a definition's text (definition)".into(),
        )),
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
