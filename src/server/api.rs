//! The JSON API of `tansaku serve`: each question is read from a bounded
//! body, checked before it waits for a worker, answered by the library's
//! front door, and returned as exactly what `tansaku ... --json` prints;
//! every error is a 4xx `{"error", "kind"}` with the message the command
//! line prints.

use super::jobs::{self, Event, Shared};
pub use super::reply::{ApiError, json_response, secure};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::sse::{self, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tansaku::Context;
use tansaku::define::Src;
use tansaku::front::query::{Query, guess_file};
use tansaku::front::{Game, Request as Ask, RunError, reversi};

/// Largest request body.
pub const BODY_LIMIT: usize = 1 << 20;

/// Most longest positions an analysis lists through the server.
pub const LIMIT_CAP: usize = 10_000;

/// What kind of question a request asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Solve,
    Longest,
    Check,
    Wipeout,
    Perft,
    Position,
    Scramble,
    Picture,
    Describe,
}

impl Kind {
    fn of(name: &str) -> Option<Self> {
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

    /// Answered at once, without waiting for a worker.
    fn light(self) -> bool {
        matches!(self, Kind::Position | Kind::Scramble | Kind::Picture | Kind::Describe)
    }
}

/// A question read and checked, ready to run.
pub struct Question {
    kind: Kind,
    query: Query,
    game: Option<Box<dyn Game>>,
    req: Ask,
    src: Option<Src>,
    picture: Option<PictureQuery>,
}

/// `POST /api/picture`: a strip of boards drawn as SVG.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PictureQuery {
    title: String,
    grids: Vec<tansaku::picture::Grid>,
    per_row: Option<usize>,
}

impl Question {
    /// Reads a question of `kind` from `body` and checks all that can be
    /// checked before running it.
    pub fn read(kind: Kind, body: &[u8], shared: &Shared) -> Result<Self, ApiError> {
        let bad_json = |e: serde_json::Error| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad-json",
                format!("the request is not the JSON this question takes: {e}"),
            )
        };
        if kind == Kind::Picture {
            let p: PictureQuery = serde_json::from_slice(body).map_err(bad_json)?;
            if p.grids
                .iter()
                .any(|g| g.width * g.height != g.cells.len() || g.width == 0)
            {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "bad-input",
                    "every grid needs width x height cells",
                ));
            }
            return Ok(Question {
                kind,
                query: Query::default(),
                game: None,
                req: Ask::default(),
                src: None,
                picture: Some(p),
            });
        }
        let mut query: Query = serde_json::from_slice(body).map_err(bad_json)?;
        let mut q = Question {
            kind,
            query: Query::default(),
            game: None,
            req: Ask::default(),
            src: None,
            picture: None,
        };
        match kind {
            Kind::Check => {
                let text = query.definition.clone().ok_or_else(|| {
                    ApiError::new(
                        StatusCode::BAD_REQUEST,
                        "bad-input",
                        "give the definition's text (definition) to check",
                    )
                })?;
                let file = query.file.clone().unwrap_or_else(|| guess_file(&text).to_string());
                let src = Src::new(&file, &text);
                tansaku::define::Definition::parse(&src, None).map_err(RunError::from)?;
                q.src = Some(src);
            }
            Kind::Perft => {
                let depth = query.depth.unwrap_or(8);
                if !(1..=reversi::MAX_PERFT).contains(&depth) {
                    return Err(RunError::BadOption {
                        option: "depth".into(),
                        value: depth.to_string(),
                        expected: format!("a whole number from 1 to {}", reversi::MAX_PERFT),
                    }
                    .into());
                }
                query.depth = Some(depth);
            }
            _ => {
                if kind == Kind::Wipeout {
                    query.game = Some("wipeout".into());
                    query.definition = None;
                }
                let (game, mut req) = tansaku::registry::resolve(&query, &shared.dirs)?;
                // One thread a job (one job a core), a bounded list.
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

    /// The answer, as JSON bytes: tables are made first (not counted in
    /// the time limit: a table is built once and kept), then the search
    /// runs until `limit` has passed.
    pub fn answer(self, ctx: &Context, limit: Duration) -> Result<Vec<u8>, ApiError> {
        fn bytes<T: Serialize>(t: &T) -> Vec<u8> {
            serde_json::to_vec(t).expect("answers serialize")
        }
        let timed = || ctx.clone().with_deadline(Instant::now() + limit);
        Ok(match self.kind {
            Kind::Solve => {
                let game = self.game.expect("read");
                game.warm(&self.req, ctx)?;
                bytes(&game.solve(&self.req, &timed())?)
            }
            Kind::Longest => bytes(&self.game.expect("read").analyse(&self.req, &timed())?),
            Kind::Wipeout => bytes(&reversi::wipeouts(&self.req, &timed())?),
            Kind::Perft => bytes(&reversi::perft(self.query.depth.unwrap_or(8), &timed())?),
            Kind::Check => bytes(&tansaku::registry::check(&self.src.expect("read"), &timed())?),
            Kind::Position => bytes(&self.game.expect("read").position(&self.req)?),
            Kind::Scramble => {
                let (seed, moves) = self.query.scramble()?;
                let board = self.game.expect("read").scramble(&self.req, seed, moves)?;
                bytes(&serde_json::json!({ "board": board, "seed": seed, "moves": moves }))
            }
            Kind::Describe => bytes(&tansaku::front::describe(self.game.expect("read").as_ref())),
            Kind::Picture => {
                let p = self.picture.expect("read");
                let per_row = p.per_row.unwrap_or(8).clamp(1, 40);
                tansaku::picture::svg_strip(&p.title, &p.grids, per_row).into_bytes()
            }
        })
    }
}

/// `GET /api/games`: every game with its options, presets and answers; the
/// definitions the library ships; the server's limits.
pub fn games_json(shared: &Shared) -> Vec<u8> {
    #[derive(Serialize)]
    struct Definition {
        file: &'static str,
        name: String,
        summary: String,
        text: &'static str,
    }
    #[derive(Serialize)]
    struct Limits {
        max_memory: u64,
        job_memory: u64,
        table_memory: u64,
        time_limit: f64,
        body_limit: usize,
        workers: usize,
    }
    #[derive(Serialize)]
    struct Games {
        version: &'static str,
        backend: &'static str,
        games: Vec<tansaku::front::GameInfo>,
        definitions: Vec<Definition>,
        limits: Limits,
    }
    let definitions = tansaku::registry::shipped()
        .iter()
        .filter_map(|(file, text)| {
            let d = tansaku::define::Definition::parse(&Src::new(file, text), None).ok()?;
            Some(Definition {
                file,
                name: d.name().to_string(),
                summary: tansaku::define::run::summary(&d),
                text,
            })
        })
        .collect();
    serde_json::to_vec(&Games {
        version: env!("CARGO_PKG_VERSION"),
        backend: "server",
        games: tansaku::registry::builtins()
            .iter()
            .map(|g| tansaku::front::describe(g.as_ref()))
            .collect(),
        definitions,
        limits: Limits {
            max_memory: shared.max_memory,
            job_memory: shared.job_budget,
            table_memory: shared.job_budget,
            time_limit: shared.time_limit.as_secs_f64(),
            body_limit: BODY_LIMIT,
            workers: shared.jobs,
        },
    })
    .expect("serializable")
}

pub async fn games(State(shared): State<Arc<Shared>>) -> Response {
    json_response(StatusCode::OK, shared.games.clone())
}

/// `GET /api/status`: jobs running and waiting.
pub async fn status(State(shared): State<Arc<Shared>>) -> Response {
    let (running, waiting) = shared.load();
    let body = serde_json::json!({
        "running": running,
        "waiting": waiting,
        "workers": shared.jobs,
        "tables_in_memory": shared.tables.kept(),
        "table_bytes_in_memory": shared.tables.kept_bytes(),
        "resident_bytes": tansaku::memory::resident_bytes(),
    });
    json_response(StatusCode::OK, body.to_string().into_bytes())
}

/// `POST /api/cancel/{id}`.
pub async fn cancel(State(shared): State<Arc<Shared>>, method: Method, Path(id): Path<String>) -> Response {
    if method != Method::POST {
        return not_allowed("POST");
    }
    match id.parse::<u64>() {
        Ok(id) if shared.cancel(id) => json_response(StatusCode::OK, br#"{"cancelled":true}"#.to_vec()),
        _ => ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown-job",
            format!("no job '{id}' is running or waiting"),
        )
        .into_response(),
    }
}

fn not_allowed(method: &'static str) -> Response {
    let mut r = ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method",
        format!("this address takes {method} requests"),
    )
    .into_response();
    r.headers_mut().insert(header::ALLOW, HeaderValue::from_static(method));
    r
}

/// `POST /api/{question}`: the answer as JSON, or with `Accept:
/// text/event-stream` a stream of events ending with it.
pub async fn ask(State(shared): State<Arc<Shared>>, Path(name): Path<String>, request: Request) -> Response {
    let Some(kind) = Kind::of(&name) else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown-question",
            format!(
                "'/api/{name}' is not a question: ask solve, longest, check, wipeout, perft, position, scramble, describe or picture"
            ),
        )
        .into_response();
    };
    if request.method() != Method::POST {
        return not_allowed("POST");
    }
    let headers = request.headers().clone();
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if !json {
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content-type",
            "send the question as JSON, with Content-Type: application/json",
        )
        .into_response();
    }
    let body = match axum::body::to_bytes(request.into_body(), BODY_LIMIT).await {
        Ok(b) => b,
        Err(_) => {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                format!("the request body is larger than {} bytes", BODY_LIMIT),
            )
            .into_response();
        }
    };
    let question = match Question::read(kind, &body, &shared) {
        Ok(q) => q,
        Err(e) => return e.into_response(),
    };
    if kind.light() {
        let svg = kind == Kind::Picture;
        let answer = tokio::task::spawn_blocking(move || question.answer(&Context::new(), Duration::from_secs(10)))
            .await
            .unwrap_or_else(|_| Err(ApiError::internal()));
        return match answer {
            Ok(bytes) if svg => {
                let mut r = json_response(StatusCode::OK, bytes);
                r.headers_mut()
                    .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
                r
            }
            Ok(bytes) => json_response(StatusCode::OK, bytes),
            Err(e) => e.into_response(),
        };
    }
    let stream = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"));
    if !stream {
        return match jobs::run(shared, move |ctx, limit| question.answer(ctx, limit), None).await {
            Ok(bytes) => json_response(StatusCode::OK, bytes),
            Err(e) => e.into_response(),
        };
    }
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    tokio::spawn(jobs::run(
        shared,
        move |ctx, limit| question.answer(ctx, limit),
        Some(tx),
    ));
    use tokio_stream::StreamExt;
    let events =
        tokio_stream::wrappers::ReceiverStream::new(rx).map(|e| Ok::<_, std::convert::Infallible>(sse_event(e)));
    let mut r = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
        .into_response();
    secure(r.headers_mut());
    r
}

fn sse_event(e: Event) -> sse::Event {
    let ev = sse::Event::default();
    match e {
        Event::Job(id) => ev.event("job").data(format!(r#"{{"id":{id}}}"#)),
        Event::Queued(place) => ev.event("queued").data(format!(r#"{{"place":{place}}}"#)),
        Event::Started => ev.event("started").data("{}"),
        Event::Progress(p) => ev
            .event("progress")
            .data(serde_json::to_string(&p).expect("serializable")),
        Event::Note(text) => ev.event("note").data(serde_json::json!({ "text": text }).to_string()),
        Event::Answer(bytes) => ev.event("answer").data(String::from_utf8_lossy(&bytes)),
        Event::Failed(e) => ev
            .event("error")
            .data(serde_json::json!({ "error": e.message, "kind": e.kind, "status": e.status.as_u16() }).to_string()),
    }
}
