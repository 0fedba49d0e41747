//! The JSON API of `tansaku serve`: each question is read from a bounded
//! body, checked before it waits for a worker, answered by the library's
//! front door, and returned as exactly what `tansaku ... --json` prints;
//! every error is a 4xx `{"error", "kind"}` with the message the command
//! line prints.

use super::jobs::{self, Event, Shared};
pub(crate) use super::reply::{ApiError, json_response, secure};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::sse::{self, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use tansaku::Context;
use tansaku::ask::{Answer, Kind, Question, Reply};
use tansaku::events::{Failed, Note};
use tansaku::served::{BuildState, Building, Cancelled, JobId, Queued};
use tansaku::{SolveAnswer, StrongerTables};

/// Largest request body.
pub(crate) const BODY_LIMIT: usize = 1 << 20;

/// `GET /api/games`: every game with its options, presets and answers; the
/// definitions the library ships; the server's limits.
pub(crate) fn games_json(shared: &Shared) -> Vec<u8> {
    let limits = tansaku::ask::Limits {
        max_memory: shared.max_memory,
        job_memory: shared.job_budget,
        kept_tables: shared.job_budget,
        time_limit: Some(shared.time_limit.as_secs_f64()),
        body_limit: Some(BODY_LIMIT),
        workers: shared.jobs,
    };
    serde_json::to_vec(&tansaku::ask::catalogue("server", limits)).expect("serializable")
}

pub(crate) async fn games(State(shared): State<Arc<Shared>>) -> Response {
    json_response(StatusCode::OK, shared.games.clone())
}

/// `GET /api/status`: jobs running and waiting, tables and memory.
pub(crate) async fn status(State(shared): State<Arc<Shared>>) -> Response {
    let (running, waiting) = shared.load();
    let body = tansaku::served::Status {
        running,
        waiting,
        workers: shared.jobs,
        tables_in_memory: shared.tables.kept(),
        table_bytes_in_memory: shared.tables.kept_bytes(),
        resident_bytes: tansaku::memory::resident_bytes(),
    };
    json_response(StatusCode::OK, to_json(&body).into_bytes())
}

/// `POST /api/cancel/{id}`.
pub(crate) async fn cancel(State(shared): State<Arc<Shared>>, method: Method, Path(id): Path<String>) -> Response {
    if method != Method::POST {
        return not_allowed("POST");
    }
    match id.parse::<u64>() {
        Ok(id) if shared.cancel(id) => json_response(StatusCode::OK, to_json(&Cancelled::default()).into_bytes()),
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
pub(crate) async fn ask(State(shared): State<Arc<Shared>>, Path(name): Path<String>, request: Request) -> Response {
    ask_named(shared, &name, request).await
}

/// `GET /api/tables`: the tables the server keeps, as `tansaku pdb list
/// --json` lists them.
pub(crate) async fn tables(State(shared): State<Arc<Shared>>) -> Response {
    match tansaku::tables::list(&shared.tables) {
        Ok(list) => {
            let building = jobs::lock(&shared.building).values().cloned().collect();
            json_response(
                StatusCode::OK,
                to_json(&tansaku::served::Listed { list, building }).into_bytes(),
            )
        }
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// After a solve whose answer names stronger tables not built yet
/// (`stronger_tables`), builds them in the background as a job of their
/// own (once for each board, partition and goal), so that later solves
/// take them; `GET /api/tables` shows how far it got.
fn build_stronger_later(shared: &Arc<Shared>, t: &StrongerTables) {
    let (size, partition, goal) = (t.size.clone(), t.bound.clone(), t.goal.clone());
    let key = format!("{size} {partition} {goal}");
    {
        let mut building = jobs::lock(&shared.building);
        if building.get(&key).is_some_and(|b| b.state != BuildState::Failed) {
            return;
        }
        building.insert(
            key.clone(),
            Building {
                size: size.clone(),
                partition: partition.clone(),
                goal: goal.clone(),
                state: BuildState::Building,
                progress: None,
                error: None,
            },
        );
    }
    let question = Question::tables(&tansaku::query::TablesQuery {
        size: Some(size),
        partition: Some(partition),
        goal: Some(goal),
        ..Default::default()
    });
    let set = {
        let shared = Arc::clone(shared);
        move |state: BuildState, progress: Option<tansaku::events::Progress>, error: Option<String>| {
            if let Some(b) = jobs::lock(&shared.building).get_mut(&key) {
                b.state = state;
                if progress.is_some() {
                    b.progress = progress;
                }
                b.error = error;
            }
        }
    };
    let question = match question {
        Ok(q) => q,
        Err(e) => return set(BuildState::Failed, None, Some(e.to_string())),
    };
    let Ok(handle) = tokio::runtime::Handle::try_current() else {
        return set(BuildState::Failed, None, Some("no runtime to build in".into()));
    };
    let shared = Arc::clone(shared);
    handle.spawn(async move {
        let (tx, mut rx) = tokio::sync::mpsc::channel(64);
        tokio::spawn(jobs::run(
            shared,
            move |ctx, limit| Ok(question.answer(ctx, Some(limit))?),
            Some(tx),
        ));
        while let Some(event) = rx.recv().await {
            match event {
                Event::Progress(p) => set(BuildState::Building, Some(p), None),
                Event::Answer(_) => set(BuildState::Ready, None, None),
                Event::Failed(e) => set(BuildState::Failed, None, Some(e.body().error)),
                _ => {}
            }
        }
    });
}

/// `POST /api/tables`: builds a partition's or a definition's tables, as a
/// job (progress, cancel).
pub(crate) async fn build_tables(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    ask_named(shared, "tables", request).await
}

/// A question by name.
async fn ask_named(shared: Arc<Shared>, name: &str, request: Request) -> Response {
    let Some(kind) = Kind::of(name) else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown-question",
            format!("'/api/{name}' is not a question: ask {}", Kind::NAMES.join(", ")),
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
    let question = match Question::read(kind, &body, &shared.dirs) {
        Ok(q) => q,
        Err(e) => return ApiError::from(e).into_response(),
    };
    if kind.light() {
        let answer = tokio::task::spawn_blocking(move || question.answer(&Context::new(), None))
            .await
            .map_or_else(|_| Err(ApiError::internal()), |r| r.map_err(ApiError::from));
        return match answer {
            Ok(a) => reply_response(a.reply()),
            Err(e) => e.into_response(),
        };
    }
    let stream = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"));
    let later = Arc::clone(&shared);
    let work = move |ctx: &Context, limit: Duration| {
        let a = question.answer(ctx, Some(limit))?;
        if let Answer::Solve(SolveAnswer::Solved(s)) = &a
            && let Some(t) = &s.stronger_tables
        {
            build_stronger_later(&later, t);
        }
        Ok(a)
    };
    if !stream {
        return match jobs::run(shared, work, None).await {
            Ok(a) => json_response(StatusCode::OK, a.reply().body),
            Err(e) => e.into_response(),
        };
    }
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    tokio::spawn(jobs::run(shared, work, Some(tx)));
    use tokio_stream::StreamExt;
    let events =
        tokio_stream::wrappers::ReceiverStream::new(rx).map(|e| Ok::<_, std::convert::Infallible>(sse_event(e)));
    let mut r = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
        .into_response();
    secure(r.headers_mut());
    r
}

/// An answer as a response: JSON, or an SVG picture.
fn reply_response(reply: Reply) -> Response {
    let mut r = json_response(StatusCode::OK, reply.body);
    if reply.svg {
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    }
    r
}

fn sse_event(e: Event) -> sse::Event {
    let ev = sse::Event::default();
    match e {
        Event::Job(id) => ev.event("job").data(to_json(&JobId { id })),
        Event::Queued(place) => ev.event("queued").data(to_json(&Queued { place })),
        Event::Started => ev.event("started").data("{}"),
        Event::Progress(p) => ev.event("progress").data(to_json(&p)),
        Event::Note(text) => ev.event("note").data(to_json(&Note { text })),
        Event::Step(step) => ev.event("step").data(to_json(&step)),
        Event::Answer(a) => ev.event("answer").data(String::from_utf8_lossy(&a.reply().body)),
        Event::Failed(e) => ev.event("error").data(to_json(&Failed {
            body: e.body(),
            status: e.status.as_u16(),
        })),
    }
}

fn to_json<T: Serialize>(t: &T) -> String {
    serde_json::to_string(t).expect("events serialize")
}
