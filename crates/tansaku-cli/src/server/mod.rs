//! `tansaku serve`: the web page and its JSON API, on axum and tokio.
//!
//! * [`api`]: the questions (solve, longest, check, wipeout, perft, and the
//!   page's position, scramble and picture), answered by the library's
//!   front door, errors as `{"error", "kind"}`;
//! * [`jobs`]: the queue (one heavy job a core), the memory share and time
//!   limit of each job, progress as Server-Sent Events, cancellation;
//! * [`assets`]: the page, built into the binary.
//!
//! Safe by default: loopback only, bodies up to 1 MiB, JSON questions
//! only (a page of another site cannot post one without the browser
//! asking first), requests for another host name refused, every job under
//! a share of the budget and the time limit, cancelled when its client
//! goes away.

pub(crate) mod api;
pub(crate) mod assets;
pub(crate) mod jobs;
pub(crate) mod reply;

use crate::cli::{Failure, ServeArgs};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use jobs::Shared;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Host names a request may name: the address served, and for a loopback
/// address `localhost`; plus those allowed on the command line.
#[derive(Clone)]
struct Hosts {
    allowed: Vec<String>,
    any: bool,
}

impl Hosts {
    fn new(addr: SocketAddr, extra: &[String]) -> Self {
        let port = addr.port();
        let mut allowed = vec![addr.to_string()];
        if addr.ip().is_loopback() {
            allowed.extend([
                format!("localhost:{port}"),
                format!("127.0.0.1:{port}"),
                format!("[::1]:{port}"),
            ]);
        }
        allowed.extend(extra.iter().cloned());
        Hosts {
            allowed,
            any: addr.ip().is_unspecified() && extra.is_empty(),
        }
    }

    fn allows(&self, host: &str) -> bool {
        self.any
            || self
                .allowed
                .iter()
                .any(|h| h.eq_ignore_ascii_case(host) || h.split(':').next() == Some(host))
    }
}

/// Refuses a request naming another host (a page of another site reaching
/// a local server through DNS rebinding).
async fn check_host(State(hosts): State<Arc<Hosts>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !hosts.allows(host) {
        return reply::ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            format!("this server does not answer for host '{host}'; start it with --allow-host {host} if it should"),
        )
        .into_response();
    }
    next.run(request).await
}

/// Any address not served: a 404 in JSON under `/api/`, the page's own
/// text elsewhere.
async fn not_found(request: Request) -> Response {
    let path = request.uri().path().to_string();
    if path.starts_with("/api/") {
        return reply::ApiError::new(
            StatusCode::NOT_FOUND,
            "not-found",
            format!("nothing is served at '{path}'"),
        )
        .into_response();
    }
    assets::not_found(&path).into_response()
}

/// The router of a server sharing `shared`.
fn router(shared: Arc<Shared>, hosts: Arc<Hosts>) -> Router {
    Router::new()
        .route("/api/games", get(api::games))
        .route("/api/status", get(api::status))
        .route("/api/tables", get(api::tables).post(api::build_tables))
        .route("/api/cancel/{id}", any(api::cancel))
        .route("/api/{question}", any(api::ask))
        .route("/", get(assets::index))
        .route("/{file}", get(assets::file))
        .fallback(not_found)
        .with_state(shared)
        .layer(middleware::from_fn_with_state(hosts, check_host))
}

/// `tansaku serve`.
pub(crate) fn serve(a: &ServeArgs) -> Result<(), Failure> {
    let addr: SocketAddr = a
        .addr
        .parse()
        .map_err(|_| Failure::Usage(format!("--addr '{}': write IP:PORT, e.g. 127.0.0.1:8080", a.addr)))?;
    if !(a.time_limit.0 > 0.0 && a.time_limit.0 <= 1e9) {
        return Err(Failure::Usage(format!(
            "--time-limit {}: give a number of seconds above 0",
            a.time_limit.0
        )));
    }
    let jobs = a
        .jobs
        .0
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let max_memory = a.max_memory.0.unwrap_or_else(tansaku::memory::default_budget);
    let tables = match &a.pdb_dir.0 {
        Some(dir) => tansaku::context::Tables::at(dir),
        None => tansaku::context::Tables::user(),
    };
    if let Some(dir) = tables.dir().filter(|_| tables.explicit()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Usage(format!("--pdb-dir '{}': {e}; choose a writable folder", dir.display())))?;
    }
    let mut shared = Shared::new(jobs, max_memory, Duration::from_secs_f64(a.time_limit.0), tables);
    shared.dirs = tansaku::games::puzzle_dirs();
    shared.games = api::games_json(&shared);
    let shared = Arc::new(shared);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::Usage(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| Failure::Usage(format!("cannot listen on {addr}: {e}; choose another --addr")))?;
        let bound = listener
            .local_addr()
            .map_err(|e| Failure::Usage(format!("cannot listen on {addr}: {e}")))?;
        let hosts = Arc::new(Hosts::new(bound, &a.allow_host));
        let url = format!("http://{bound}/");
        eprintln!(
            "tansaku serve: listening on {url} ({} workers; of {}, {} a job and {} for tables kept between jobs; {} s a job){}",
            shared.jobs,
            tansaku::memory::human(shared.max_memory),
            tansaku::memory::human(shared.job_budget),
            tansaku::memory::human(shared.job_budget),
            shared.time_limit.as_secs_f64(),
            if bound.ip().is_loopback() {
                ""
            } else {
                "; not on loopback: anyone who can reach this address can use it"
            }
        );
        if a.open {
            open_browser(&url);
        }
        let stop = Arc::clone(&shared);
        // Events are small writes: without TCP_NODELAY the answer after
        // them waits for the client's delayed acknowledgement (40 ms).
        use axum::serve::ListenerExt;
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(listener, router(shared, hosts))
            .with_graceful_shutdown(async move {
                let _ = tokio::signal::ctrl_c().await;
                stop.cancel_all();
                eprintln!("tansaku serve: stopping");
            })
            .await
            .map_err(|e| Failure::Usage(format!("the server stopped: {e}")))
    })
}

/// Opens `url` in the user's browser, if one can be found.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("tansaku serve: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
