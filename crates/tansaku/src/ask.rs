//! One question in JSON, as every front end that is not the command line
//! receives it (`tansaku serve`, the page's WebAssembly worker): its kind
//! (`solve`, `longest`, ...), read and checked before it runs
//! ([`Question::read`]), answered through the front door
//! ([`Question::answer`]) with exactly what `tansaku ... --json` prints.
//! The front ends differ only in how they carry it (HTTP, a worker's
//! messages) and in their limits.
//!
//! ```
//! use tansaku::ask::{Kind, Question};
//! let q = Question::read(Kind::Solve, br#"{"game": "flip-row", "board": "BB_BBB"}"#, &[]).unwrap();
//! let reply = q.answer(&tansaku::Context::new(), None).unwrap();
//! let v: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
//! assert_eq!(v["length"], 8);
//! ```

use crate::games::wipeout as reversi;
use crate::query::{Query, guess_file};
use crate::{Game, GameInfo, Request, RunError};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;
use tansaku_core::context::Context;
use tansaku_define::Src;

/// Most longest positions an analysis lists through a front end of this
/// module.
pub const LIMIT_CAP: usize = 10_000;

/// What kind of question is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A shortest solution ([`Game::solve`]).
    Solve,
    /// The whole space ([`Game::analyse`]).
    Longest,
    /// A definition's expected figures ([`crate::games::check`]).
    Check,
    /// Reversi's shortest wipeouts.
    Wipeout,
    /// Reversi's leaf counts.
    Perft,
    /// A board as an editor shows it ([`Game::position`]).
    Position,
    /// A seeded scramble ([`Game::scramble`]).
    Scramble,
    /// A strip of boards as SVG.
    Picture,
    /// A game as a list of games shows it ([`crate::describe`]).
    Describe,
}

impl Kind {
    /// Every kind, by name.
    pub const NAMES: [&'static str; 9] = [
        "solve", "longest", "check", "wipeout", "perft", "position", "scramble", "picture", "describe",
    ];

    /// The kind called `name`.
    ///
    /// ```
    /// use tansaku::ask::Kind;
    /// assert_eq!(Kind::of("longest"), Some(Kind::Longest));
    /// assert_eq!(Kind::of("frobnicate"), None);
    /// ```
    pub fn of(name: &str) -> Option<Self> {
        Some(match name {
            "solve" => Kind::Solve,
            "longest" => Kind::Longest,
            "check" => Kind::Check,
            "wipeout" => Kind::Wipeout,
            "perft" => Kind::Perft,
            "position" => Kind::Position,
            "scramble" => Kind::Scramble,
            "picture" => Kind::Picture,
            "describe" => Kind::Describe,
            _ => return None,
        })
    }

    /// Answered at once (no search): it needs no worker, no progress and
    /// no time limit.
    pub fn light(self) -> bool {
        matches!(self, Kind::Position | Kind::Scramble | Kind::Picture | Kind::Describe)
    }
}

/// `picture`: a strip of boards drawn as SVG.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PictureQuery {
    title: String,
    grids: Vec<tansaku_core::picture::Grid>,
    per_row: Option<usize>,
}

/// A question read and checked, ready to answer.
pub struct Question {
    kind: Kind,
    query: Query,
    game: Option<Box<dyn Game>>,
    req: Request,
    src: Option<Src>,
    picture: Option<PictureQuery>,
}

/// An answer: its body, and whether it is an SVG picture (else JSON).
#[derive(Clone, Debug)]
pub struct Reply {
    /// The answer's bytes.
    pub body: Vec<u8>,
    /// `image/svg+xml` rather than `application/json`.
    pub svg: bool,
}

fn json<T: Serialize>(t: &T) -> Reply {
    Reply {
        body: serde_json::to_vec(t).expect("answers serialize"),
        svg: false,
    }
}

impl Question {
    /// Reads a question of `kind` from `body` and checks all that can be
    /// checked before it runs (the game, its options, a definition's
    /// text); definitions by name are looked for in `dirs` too. A search
    /// runs on one thread and lists at most [`LIMIT_CAP`] positions.
    pub fn read(kind: Kind, body: &[u8], dirs: &[PathBuf]) -> Result<Self, RunError> {
        let bad_json =
            |e: serde_json::Error| RunError::BadJson(format!("the request is not the JSON this question takes: {e}"));
        let mut q = Question {
            kind,
            query: Query::default(),
            game: None,
            req: Request::default(),
            src: None,
            picture: None,
        };
        if kind == Kind::Picture {
            let p: PictureQuery = serde_json::from_slice(body).map_err(bad_json)?;
            if p.grids
                .iter()
                .any(|g| g.width * g.height != g.cells.len() || g.width == 0)
            {
                return Err(RunError::BadInput("every grid needs width x height cells".into()));
            }
            q.picture = Some(p);
            return Ok(q);
        }
        let mut query: Query = serde_json::from_slice(body).map_err(bad_json)?;
        match kind {
            Kind::Check => {
                let text = query
                    .definition
                    .clone()
                    .ok_or_else(|| RunError::BadInput("give the definition's text (definition) to check".into()))?;
                let file = query.file.clone().unwrap_or_else(|| guess_file(&text).to_string());
                let src = Src::new(&file, &text);
                tansaku_define::Definition::parse(&src, None)?;
                q.src = Some(src);
            }
            Kind::Perft => {
                let depth = query.depth.unwrap_or(8);
                if !(1..=reversi::MAX_PERFT).contains(&depth) {
                    return Err(RunError::BadOption {
                        option: "depth".into(),
                        value: depth.to_string(),
                        expected: format!("a whole number from 1 to {}", reversi::MAX_PERFT),
                    });
                }
                query.depth = Some(depth);
            }
            _ => {
                if kind == Kind::Wipeout {
                    query.game = Some("wipeout".into());
                    query.definition = None;
                }
                let (game, mut req) = crate::games::resolve(&query, dirs)?;
                req.threads = 1;
                req.limit = req.limit.min(LIMIT_CAP);
                game.params(&req)?;
                if kind == Kind::Scramble {
                    query.scramble()?;
                }
                q.game = Some(game);
                q.req = req;
            }
        }
        q.query = query;
        Ok(q)
    }

    /// The question's kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The answer: tables are made first (not counted in `limit`: a table
    /// is built once and kept by the context), then the search runs until
    /// `limit` has passed (no limit: `None`).
    pub fn answer(self, ctx: &Context, limit: Option<Duration>) -> Result<Reply, RunError> {
        let timed = || match limit {
            Some(l) => ctx.clone().with_deadline(web_time::Instant::now() + l),
            None => ctx.clone(),
        };
        Ok(match self.kind {
            Kind::Solve => {
                let game = self.game.expect("read");
                game.warm(&self.req, ctx)?;
                json(&game.solve(&self.req, &timed())?)
            }
            Kind::Longest => json(&self.game.expect("read").analyse(&self.req, &timed())?),
            Kind::Wipeout => json(&reversi::wipeouts(&self.req, &timed())?),
            Kind::Perft => json(&reversi::perft(self.query.depth.unwrap_or(8), &timed())?),
            Kind::Check => json(&crate::games::check(&self.src.expect("read"), &timed())?),
            Kind::Position => json(&self.game.expect("read").position(&self.req)?),
            Kind::Scramble => {
                let (seed, moves) = self.query.scramble()?;
                let board = self.game.expect("read").scramble(&self.req, seed, moves)?;
                json(&Scrambled { board, seed, moves })
            }
            Kind::Describe => json(&crate::describe(self.game.expect("read").as_ref())),
            Kind::Picture => {
                let p = self.picture.expect("read");
                let per_row = p.per_row.unwrap_or(8).clamp(1, 40);
                Reply {
                    body: crate::svg::svg_strip(&p.title, &p.grids, per_row).into_bytes(),
                    svg: true,
                }
            }
        })
    }
}

/// `scramble`'s answer.
#[derive(Serialize)]
struct Scrambled {
    board: String,
    seed: u64,
    moves: u32,
}

/// A definition the library ships, as a list of games shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Shipped {
    /// Its file name.
    pub file: &'static str,
    /// The puzzle's name.
    pub name: String,
    /// One line saying what it is.
    pub summary: String,
    /// The file's text.
    pub text: &'static str,
}

/// Every game a front end offers: the built-in games with their options,
/// presets and answers, the definitions the library ships, the version,
/// the back end's name (`server`, `wasm`) and its limits (the front end's
/// own).
#[derive(Clone, Debug, Serialize)]
pub struct Catalogue<L: Serialize> {
    /// tansaku's version.
    pub version: &'static str,
    /// Which front end answers.
    pub backend: &'static str,
    /// The built-in games.
    pub games: Vec<GameInfo>,
    /// The shipped definitions.
    pub definitions: Vec<Shipped>,
    /// The front end's limits.
    pub limits: L,
}

/// The catalogue of `backend` with its `limits`.
///
/// ```
/// let c = tansaku::ask::catalogue("test", ());
/// assert!(c.games.iter().any(|g| g.name == "sliding"));
/// assert!(c.definitions.iter().any(|d| d.name == "klotski"));
/// ```
pub fn catalogue<L: Serialize>(backend: &'static str, limits: L) -> Catalogue<L> {
    Catalogue {
        version: env!("CARGO_PKG_VERSION"),
        backend,
        games: crate::games::builtins()
            .iter()
            .map(|g| crate::describe(g.as_ref()))
            .collect(),
        definitions: crate::games::shipped()
            .iter()
            .filter_map(|(file, text)| {
                let d = tansaku_define::Definition::parse(&Src::new(file, text), None).ok()?;
                Some(Shipped {
                    file,
                    name: d.name().to_string(),
                    summary: crate::games::definition::summary(&d),
                    text,
                })
            })
            .collect(),
        limits,
    }
}
