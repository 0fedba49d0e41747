//! One question in JSON, as every front end that is not the command line
//! receives it (`tansaku serve`, the page's WebAssembly worker): its kind
//! (`solve`, `longest`, ...), read and checked before it runs
//! ([`Question::read`]: each kind's body is its own type, [`crate::query`]),
//! answered through the door ([`Question::answer`]) with exactly what
//! `tansaku ... --json` prints. The front ends differ only in how they
//! carry it (HTTP, a worker's messages) and in their [`Limits`].
//!
//! ```
//! use tansaku::ask::{Kind, Question};
//! let q = Question::read(Kind::Solve, br#"{"game": "flip-row", "board": "BB_BBB"}"#, &[]).unwrap();
//! let reply = q.answer(&tansaku::Context::new(), None).unwrap();
//! let v: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
//! assert_eq!(v["length"], 8);
//! // A body that is not the question's type is refused, never a panic.
//! assert_eq!(Question::read(Kind::Check, br#"{"game": 1}"#, &[]).err().map(|e| e.kind()), Some("bad-json"));
//! ```

use crate::games::wipeout as reversi;
use crate::query::{CheckQuery, GameQuery, PerftQuery, PictureQuery, ScrambleQuery, TablesQuery, guess_file};
use crate::{Game, GameInfo, Request, RunError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::PathBuf;
use std::time::Duration;
use tansaku_core::Context;
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
    /// Tables built ahead of time ([`crate::tables::build`]).
    Tables,
    /// A position's distance and each legal move's ([`Game::judge`]).
    Judge,
    /// Breadth-first search step by step ([`Game::trace`]).
    Trace,
}

impl Kind {
    /// Every kind, by name.
    pub const NAMES: [&'static str; 12] = [
        "solve", "longest", "check", "wipeout", "perft", "position", "scramble", "picture", "describe", "tables",
        "judge", "trace",
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
            "tables" => Kind::Tables,
            "judge" => Kind::Judge,
            "trace" => Kind::Trace,
            _ => return None,
        })
    }

    /// Answered at once (no search): it needs no worker, no progress and
    /// no time limit.
    pub fn light(self) -> bool {
        matches!(self, Kind::Position | Kind::Scramble | Kind::Picture | Kind::Describe)
    }
}

/// A question read and checked, ready to answer: each kind with what it
/// needs, so that nothing is looked for again when it is answered.
pub enum Question {
    /// A shortest solution.
    Solve(Box<dyn Game>, Request),
    /// The whole space.
    Longest(Box<dyn Game>, Request),
    /// A definition's expected figures.
    Check(Src),
    /// Reversi's shortest wipeouts.
    Wipeout(Request),
    /// Reversi's leaf counts.
    Perft(u32),
    /// A board as an editor shows it.
    Position(Box<dyn Game>, Request),
    /// A scramble: the game, its options, the seed and the moves.
    Scramble(Box<dyn Game>, Request, u64, u32),
    /// A strip of boards as SVG.
    Picture(PictureQuery),
    /// A game as a list of games shows it.
    Describe(Box<dyn Game>),
    /// Tables to build: the board's (options in the request) or a
    /// definition's.
    Tables(Request, Option<Src>),
    /// A position's distance and each legal move's.
    Judge(Box<dyn Game>, Request),
    /// Breadth-first search step by step.
    Trace(Box<dyn Game>, Request),
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

/// The body read as a `T`, or why it is not one.
fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, RunError> {
    serde_json::from_slice(bytes)
        .map_err(|e| RunError::BadJson(format!("the request is not the JSON this question takes: {e}")))
}

/// A request as a front end of this module runs it: on one thread,
/// listing at most [`LIMIT_CAP`] positions.
fn bounded(mut req: Request) -> Request {
    req.threads = Some(1);
    req.limit = req.limit.min(LIMIT_CAP);
    req
}

impl Question {
    /// The question searching on `threads` threads (a front end with the
    /// machine to itself, as a library binding is, rather than a server
    /// answering many; [`Question::read`] asks for one).
    ///
    /// ```
    /// use tansaku::ask::{Kind, Question};
    /// let q = Question::read(Kind::Solve, br#"{"game": "sliding", "board": "867/254/3_1"}"#, &[]).unwrap();
    /// let q = q.with_threads(2);
    /// assert!(matches!(&q, Question::Solve(_, req) if req.threads() == 2));
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Self {
        match &mut self {
            Question::Solve(_, req)
            | Question::Longest(_, req)
            | Question::Wipeout(req)
            | Question::Position(_, req)
            | Question::Scramble(_, req, _, _)
            | Question::Tables(req, _)
            | Question::Judge(_, req)
            | Question::Trace(_, req) => req.threads = Some(threads.max(1)),
            Question::Check(_) | Question::Perft(_) | Question::Picture(_) | Question::Describe(_) => {}
        }
        self
    }

    /// Reads a question of `kind` from `bytes` and checks all that can be
    /// checked before it runs (the game, its options, a definition's
    /// text); definitions by name are looked for in `dirs` too. A search
    /// runs on one thread and lists at most [`LIMIT_CAP`] positions.
    pub fn read(kind: Kind, bytes: &[u8], dirs: &[PathBuf]) -> Result<Self, RunError> {
        use crate::options::Question as Q;
        let game = |q: GameQuery, question: Q| -> Result<(Box<dyn Game>, Request), RunError> {
            let (game, req) = q.resolve(dirs)?;
            let req = bounded(req);
            game.params(&req, question)?;
            Ok((game, req))
        };
        Ok(match kind {
            Kind::Solve => {
                let (g, r) = game(body(bytes)?, Q::Solve)?;
                Question::Solve(g, r)
            }
            Kind::Longest => {
                let (g, r) = game(body(bytes)?, Q::Longest)?;
                Question::Longest(g, r)
            }
            Kind::Position => {
                let (g, r) = game(body(bytes)?, Q::Solve)?;
                Question::Position(g, r)
            }
            Kind::Judge => {
                let (g, r) = game(body(bytes)?, Q::Solve)?;
                Question::Judge(g, r)
            }
            Kind::Trace => {
                let (g, r) = game(body(bytes)?, Q::Solve)?;
                Question::Trace(g, r)
            }
            Kind::Describe => Question::Describe(game(body(bytes)?, Q::Solve)?.0),
            Kind::Wipeout => {
                let q: GameQuery = body(bytes)?;
                let q = GameQuery {
                    game: Some("wipeout".into()),
                    definition: None,
                    ..q
                };
                Question::Wipeout(game(q, Q::Solve)?.1)
            }
            Kind::Scramble => {
                let q: ScrambleQuery = body(bytes)?;
                let (g, req, seed, moves) = q.resolve(dirs)?;
                g.params(&req, Q::Solve)?;
                Question::Scramble(g, req, seed, moves)
            }
            Kind::Check => {
                let q: CheckQuery = body(bytes)?;
                let file = q.file.unwrap_or_else(|| guess_file(&q.definition).to_string());
                let src = Src::new(&file, &q.definition);
                tansaku_define::Definition::parse(&src, None)?;
                Question::Check(src)
            }
            Kind::Perft => {
                let q: PerftQuery = body(bytes)?;
                let depth = q.depth.unwrap_or(reversi::DEFAULT_PERFT);
                if !(1..=reversi::MAX_PERFT).contains(&depth) {
                    return Err(RunError::BadOption {
                        option: "depth".into(),
                        value: depth.to_string(),
                        expected: format!("a whole number from 1 to {}", reversi::MAX_PERFT),
                    });
                }
                Question::Perft(depth)
            }
            Kind::Tables => {
                let q: TablesQuery = body(bytes)?;
                let (req, src) = q.resolve();
                crate::options::Params::read("tables", &crate::tables::build_options(), Q::Solve, &req)?;
                if let Some(src) = &src {
                    tansaku_define::Definition::parse(src, None)?;
                }
                Question::Tables(req, src)
            }
            Kind::Picture => {
                let p: PictureQuery = body(bytes)?;
                if p.grids
                    .iter()
                    .any(|g| g.width * g.height != g.cells.len() || g.width == 0)
                {
                    return Err(RunError::BadInput("every grid needs width x height cells".into()));
                }
                Question::Picture(p)
            }
        })
    }

    /// The question's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Question::Solve(..) => Kind::Solve,
            Question::Longest(..) => Kind::Longest,
            Question::Check(_) => Kind::Check,
            Question::Wipeout(_) => Kind::Wipeout,
            Question::Perft(_) => Kind::Perft,
            Question::Position(..) => Kind::Position,
            Question::Scramble(..) => Kind::Scramble,
            Question::Picture(_) => Kind::Picture,
            Question::Describe(_) => Kind::Describe,
            Question::Tables(..) => Kind::Tables,
            Question::Judge(..) => Kind::Judge,
            Question::Trace(..) => Kind::Trace,
        }
    }

    /// The answer: tables are made first (not counted in `limit`: a table
    /// is built once and kept by the context), then the search runs until
    /// `limit` has passed (no limit: `None`).
    pub fn answer(self, ctx: &Context, limit: Option<Duration>) -> Result<Reply, RunError> {
        let timed = || match limit {
            Some(l) => ctx.clone().with_deadline(web_time::Instant::now() + l),
            None => ctx.clone(),
        };
        Ok(match self {
            Question::Solve(game, req) => {
                game.warm(&req, ctx)?;
                json(&game.solve(&req, &timed())?)
            }
            Question::Longest(game, req) => json(&game.analyse(&req, &timed())?),
            Question::Wipeout(req) => json(&reversi::wipeouts(&req, &timed())?),
            Question::Perft(depth) => json(&reversi::perft(depth, &timed())?),
            Question::Check(src) => json(&crate::games::check(&src, &timed())?),
            Question::Position(game, req) => json(&game.position(&req)?),
            Question::Judge(game, req) => json(&game.judge(&req, &timed())?),
            Question::Trace(game, req) => json(&game.trace(&req, &timed())?),
            Question::Scramble(game, req, seed, moves) => {
                let board = game.scramble(&req, seed, moves)?;
                json(&Scrambled { board, seed, moves })
            }
            Question::Describe(game) => json(&crate::describe(game.as_ref())),
            Question::Tables(req, src) => json(&crate::tables::build(&req, src.as_ref(), ctx)?),
            Question::Picture(p) => {
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

/// What a front end allows a question: its memory, its time, its body.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Limits {
    /// The memory the front end may fill, in bytes.
    pub max_memory: u64,
    /// The memory one question may fill.
    pub job_memory: u64,
    /// The memory the tables kept between questions may fill.
    pub table_memory: u64,
    /// Seconds a question's search may run (`null`: no limit).
    pub time_limit: Option<f64>,
    /// The largest body a question may have, in bytes (where the front end
    /// reads bodies).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body_limit: Option<usize>,
    /// Questions answered at once.
    pub workers: usize,
}

/// Every game a front end offers: the built-in games with their options,
/// presets and answers, the definitions the library ships, the version,
/// the back end's name (`server`, `wasm`) and its limits.
#[derive(Clone, Debug, Serialize)]
pub struct Catalogue {
    /// tansaku's version.
    pub version: &'static str,
    /// Which front end answers.
    pub backend: &'static str,
    /// The built-in games.
    pub games: Vec<GameInfo>,
    /// The shipped definitions.
    pub definitions: Vec<Shipped>,
    /// The front end's limits.
    pub limits: Limits,
}

/// The catalogue of `backend` with its `limits`.
///
/// ```
/// use tansaku::ask::{catalogue, Limits};
/// let limits = Limits { max_memory: 1, job_memory: 1, table_memory: 1, time_limit: None, body_limit: None, workers: 1 };
/// let c = catalogue("test", limits);
/// assert!(c.games.iter().any(|g| g.name == "sliding"));
/// assert!(c.definitions.iter().any(|d| d.name == "klotski"));
/// ```
pub fn catalogue(backend: &'static str, limits: Limits) -> Catalogue {
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
