//! One question in JSON, as every front end that is not the command line
//! receives it (`tansaku serve`, the page's WebAssembly worker): its kind
//! (`solve`, `longest`, ...), read and checked before it runs
//! ([`Question::read`]: each kind's body is its own type, [`crate::query`]),
//! answered through the door ([`Question::answer`]) with a typed
//! [`Answer`], whose bytes ([`Answer::reply`]) are exactly what
//! `tansaku ... --json` prints; the command line builds the same
//! questions from its flags. The front ends differ only in how they
//! carry it (HTTP, a worker's messages) and in their [`Limits`].
//!
//! ```
//! use tansaku::ask::{Kind, Question};
//! let q = Question::read(Kind::Solve, br#"{"game": "flip-row", "board": "BB_BBB"}"#, &[]).unwrap();
//! let answer = q.answer(&tansaku::Context::new(), None).unwrap();
//! let v: serde_json::Value = serde_json::from_slice(&answer.reply().body).unwrap();
//! assert_eq!(v["length"], 8);
//! // A body that is not the question's type is refused, never a panic.
//! assert_eq!(Question::read(Kind::Check, br#"{"game": 1}"#, &[]).err().map(|e| e.kind()), Some("bad-json"));
//! ```

use crate::games::wipeout as reversi;
use crate::query::{CheckQuery, GameQuery, PerftQuery, PictureQuery, ScrambleQuery, TablesQuery, guess_file};
use crate::tables::Built;
use crate::{
    CheckReport, Game, GameInfo, Judgement, Longest, Perft, Position, Request, RunError, SolveAnswer, Traced, Wipeouts,
};
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

    /// Its name, as [`Kind::of`] reads it.
    ///
    /// ```
    /// use tansaku::ask::Kind;
    /// assert_eq!(Kind::Judge.name(), "judge");
    /// ```
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
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

/// An answer's bytes, as a front end that carries bytes sends it: its
/// body, and whether it is an SVG picture (else JSON).
#[derive(Clone, Debug)]
pub struct Reply {
    /// The answer's bytes.
    pub body: Vec<u8>,
    /// `image/svg+xml` rather than `application/json`.
    pub svg: bool,
}

/// Declares [`Answer`], a variant a [`Kind`] of the same name, its
/// [`Answer::kind`], and the answer of each kind taken out of it
/// (`TryFrom<Answer>`, [`Question::answer_as`]).
macro_rules! answers {
    ($($(#[$doc:meta])* $variant:ident($ty:ty)),* $(,)?) => {
        /// An answer, typed: one variant a [`Kind`], each holding the
        /// library's own answer. Every front end gets this and only renders
        /// it (text, JSON with [`Answer::reply`], a stream's events, Python
        /// objects).
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        pub enum Answer {
            $($(#[$doc])* $variant($ty),)*
        }

        impl Answer {
            /// The answer's kind.
            pub fn kind(&self) -> Kind {
                match self {
                    $(Answer::$variant(_) => Kind::$variant,)*
                }
            }
        }

        $(impl TryFrom<Answer> for $ty {
            type Error = Answer;
            fn try_from(a: Answer) -> Result<Self, Answer> {
                match a {
                    Answer::$variant(t) => Ok(t),
                    other => Err(other),
                }
            }
        })*
    };
}

answers!(
    /// A shortest solution, or why there is none.
    Solve(SolveAnswer),
    /// The whole space.
    Longest(Longest),
    /// A definition's expected figures beside tansaku's.
    Check(CheckReport),
    /// Reversi's shortest wipeouts.
    Wipeout(Wipeouts),
    /// Reversi's leaf counts.
    Perft(Perft),
    /// A board as an editor shows it.
    Position(Position),
    /// A seeded scramble.
    Scramble(Scrambled),
    /// A strip of boards, as SVG.
    Picture(String),
    /// A game as a list of games shows it.
    Describe(GameInfo),
    /// Tables built or loaded.
    Tables(Built),
    /// A position's distance and each legal move's.
    Judge(Judgement),
    /// Breadth-first search step by step.
    Trace(Traced),
);

impl Answer {
    /// The answer's bytes: what `tansaku ... --json` prints, or the SVG
    /// picture.
    ///
    /// ```
    /// use tansaku::ask::{Answer, Kind, Question};
    /// let q = Question::read(Kind::Perft, br#"{"depth": 3}"#, &[]).unwrap();
    /// let a = q.answer(&tansaku::Context::new(), None).unwrap();
    /// assert!(matches!(&a, Answer::Perft(p) if p.leaves == 56));
    /// let v: serde_json::Value = serde_json::from_slice(&a.reply().body).unwrap();
    /// assert_eq!(v["leaves"], 56);
    /// ```
    pub fn reply(&self) -> Reply {
        match self {
            Answer::Picture(svg) => Reply {
                body: svg.clone().into_bytes(),
                svg: true,
            },
            other => Reply {
                body: serde_json::to_vec(other).expect("answers serialize"),
                svg: false,
            },
        }
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
            Kind::Tables => Question::tables(&body(bytes)?)?,
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

    /// The question `tables` asks in `q`, checked as [`Question::read`]
    /// checks it: what a front end that already holds the fields typed
    /// asks (the server, building the tables a solve would rather have).
    ///
    /// ```
    /// use tansaku::ask::{Kind, Question};
    /// use tansaku::query::TablesQuery;
    /// let q = TablesQuery { size: Some("3x3".into()), partition: Some("1-4/5-8".into()), ..Default::default() };
    /// assert_eq!(Question::tables(&q).unwrap().kind(), Kind::Tables);
    /// let bad = TablesQuery { size: Some("three".into()), ..Default::default() };
    /// assert!(Question::tables(&bad).is_err());
    /// ```
    pub fn tables(q: &TablesQuery) -> Result<Self, RunError> {
        let (req, src) = q.resolve();
        crate::options::Params::read(
            "tables",
            &crate::tables::build_options(),
            crate::options::Question::Solve,
            &req,
        )?;
        if let Some(src) = &src {
            tansaku_define::Definition::parse(src, None)?;
        }
        Ok(Question::Tables(req, src))
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

    /// The answer: with a time `limit`, tables are made first (not
    /// counted in it: a table is built once and kept by the context), then
    /// the search runs until `limit` has passed (no limit: `None`).
    pub fn answer(self, ctx: &Context, limit: Option<Duration>) -> Result<Answer, RunError> {
        let timed = || match limit {
            Some(l) => ctx.clone().with_deadline(web_time::Instant::now() + l),
            None => ctx.clone(),
        };
        Ok(match self {
            Question::Solve(game, req) => {
                if limit.is_some() {
                    game.warm(&req, ctx)?;
                }
                Answer::Solve(game.solve(&req, &timed())?)
            }
            Question::Longest(game, req) => Answer::Longest(game.analyse(&req, &timed())?),
            Question::Wipeout(req) => Answer::Wipeout(reversi::wipeouts(&req, &timed())?),
            Question::Perft(depth) => Answer::Perft(reversi::perft(depth, &timed())?),
            Question::Check(src) => Answer::Check(crate::games::check(&src, &timed())?),
            Question::Position(game, req) => Answer::Position(game.position(&req)?),
            Question::Judge(game, req) => Answer::Judge(game.judge(&req, &timed())?),
            Question::Trace(game, req) => Answer::Trace(game.trace(&req, &timed())?),
            Question::Scramble(game, req, seed, moves) => {
                let board = game.scramble(&req, seed, moves)?;
                Answer::Scramble(Scrambled { board, seed, moves })
            }
            Question::Describe(game) => Answer::Describe(crate::describe(game.as_ref())),
            Question::Tables(req, src) => Answer::Tables(crate::tables::build(&req, src.as_ref(), ctx)?),
            Question::Picture(p) => {
                let per_row = p.per_row.unwrap_or(8).clamp(1, 40);
                Answer::Picture(crate::svg::svg_strip(&p.title, &p.grids, per_row))
            }
        })
    }

    /// The answer as the type its kind gives ([`SolveAnswer`] for a
    /// solve, ...): what a front end that knows what it asked renders.
    ///
    /// ```
    /// use tansaku::ask::Question;
    /// use tansaku::{Request, SolveAnswer};
    /// let game = tansaku::games::builtin("flip-row").unwrap();
    /// let q = Question::Solve(game, Request::default().with("board", "BB_BBB"));
    /// let a: SolveAnswer = q.answer_as(&tansaku::Context::new(), None).unwrap();
    /// assert!(matches!(a, SolveAnswer::Solved(s) if s.length == 8));
    /// ```
    pub fn answer_as<T: TryFrom<Answer, Error = Answer>>(
        self,
        ctx: &Context,
        limit: Option<Duration>,
    ) -> Result<T, RunError> {
        let kind = self.kind();
        self.answer(ctx, limit)?.try_into().map_err(|a: Answer| {
            // Never: each question's answer is of its own kind.
            RunError::Unsupported(format!(
                "a {} question was answered as {}",
                kind.name(),
                a.kind().name()
            ))
        })
    }
}

/// `scramble`'s answer: the board, from the seed and the moves asked.
#[derive(Clone, Debug, Serialize)]
pub struct Scrambled {
    /// The scrambled start, as the `board` option takes it.
    pub board: String,
    /// The seed.
    pub seed: u64,
    /// Random moves made.
    pub moves: u32,
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
    /// The memory the tables kept between questions may fill (sent as
    /// `table_memory`, its name before it was told apart from a puzzle's
    /// `table-memory` option, the bytes of the tables one puzzle builds).
    #[serde(rename = "table_memory")]
    pub kept_tables: u64,
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
/// let limits = Limits { max_memory: 1, job_memory: 1, kept_tables: 1, time_limit: None, body_limit: None, workers: 1 };
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
