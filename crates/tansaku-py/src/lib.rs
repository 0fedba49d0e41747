//! tansaku from Python: the library's door (`tansaku::ask`) as one
//! function, `ask(kind, body)`, which the package `tansaku` (python/)
//! wraps in one function a question. Every answer is the door's JSON, the
//! same the command line prints with `--json`; nothing is computed here.
//!
//! Tables are kept for the process: the first question that needs a
//! pattern database reads it, every later one finds it in memory.
//!
//! While a question runs the GIL is released: the search runs on a thread
//! of its own, and the caller's thread wakes every 50 ms to pass on
//! progress and to look for Ctrl-C, which cancels the search through its
//! [`Context`] (the library stops within a few milliseconds).

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;
use tansaku::ask::{Kind, Question};
use tansaku::events::Watch;
use tansaku::{Context, ErrorBody};

pyo3::create_exception!(
    _core,
    Failed,
    PyException,
    "A question the library refused or could not answer: its one argument is the door's JSON error, {\"error\", \"kind\"}."
);

/// How often the waiting thread looks for Ctrl-C and progress.
const TICK: Duration = Duration::from_millis(50);

/// The error `e` raised as [`Failed`], its JSON the door's.
fn failed(e: ErrorBody) -> PyErr {
    Failed::new_err(e.json())
}

/// Answers question `kind` (`solve`, `longest`, `check`, `wipeout`,
/// `perft`, `judge`, `trace`, `position`, `scramble`, `picture`,
/// `describe`, `tables`) asked with the JSON `body`: the answer as text
/// (JSON, or SVG for `picture`). `progress(event, data)` hears the job's
/// events (`progress`, `note`, `step`, each with a dict); `max_memory` is
/// the budget in bytes, `time_limit` in seconds, `pdb_dir` the folder of
/// tables, `threads` IDA*'s threads (by default every core, as the
/// command line). Raises `Failed` with the door's JSON error, and
/// `KeyboardInterrupt` after a Ctrl-C has cancelled the search.
#[pyfunction]
#[pyo3(signature = (kind, body, progress=None, max_memory=None, time_limit=None, pdb_dir=None, threads=None))]
// (Python's keyword arguments, each optional: a struct would only be
// unpacked from them again.)
#[allow(clippy::too_many_arguments)]
fn ask(
    py: Python<'_>,
    kind: &str,
    body: &str,
    progress: Option<Py<PyAny>>,
    max_memory: Option<u64>,
    time_limit: Option<f64>,
    pdb_dir: Option<String>,
    threads: Option<usize>,
) -> PyResult<String> {
    let Some(k) = Kind::of(kind) else {
        return Err(failed(ErrorBody::new(
            "unknown-question",
            format!("'{kind}' is not a question: ask one of {}", Kind::NAMES.join(", ")),
        )));
    };
    let limit = match time_limit {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            return Err(PyValueError::new_err(format!(
                "time_limit={t}: give a number of seconds above 0"
            )));
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    if threads == Some(0) {
        return Err(PyValueError::new_err(
            "threads=0: give 1 or more threads, or None for every core",
        ));
    }
    // A program of its own, not a server's guest: every core unless told.
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let question = Question::read(k, body.as_bytes(), &[])
        .map_err(|e| failed(e.body()))?
        .with_threads(threads);
    let watch = Arc::new(Watch::new(None));
    let mut ctx = Context::new().with_observer(watch.clone());
    if let Some(m) = max_memory {
        ctx = ctx.with_budget(m);
    }
    ctx = ctx.with_tables(tables(pdb_dir));
    let (tx, rx) = mpsc::channel();
    {
        let ctx = ctx.clone();
        on_worker(Box::new(move || {
            let _ = tx.send(question.answer(&ctx, limit));
        }));
    }
    // (Behind a lock: the receiver is waited on with the GIL released.)
    let rx = std::sync::Mutex::new(rx);
    let mut last = None;
    let answer = loop {
        match py.detach(|| rx.lock().unwrap_or_else(|p| p.into_inner()).recv_timeout(TICK)) {
            Ok(answer) => break answer,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(failed(ErrorBody::new(
                    "internal",
                    "the search stopped without an answer",
                )));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if let Some(f) = &progress {
            tell(py, f, &watch, &mut last)?;
        }
        if let Err(interrupted) = py.check_signals() {
            // Ctrl-C: the search stops at its next check, then the
            // interrupt goes on.
            ctx.cancel();
            py.detach(|| {
                let _ = rx.lock().unwrap_or_else(|p| p.into_inner()).recv();
            });
            return Err(interrupted);
        }
    };
    if let Some(f) = &progress {
        tell(py, f, &watch, &mut last)?;
    }
    let reply = answer.map_err(|e| failed(e.body()))?.reply();
    String::from_utf8(reply.body).map_err(|_| failed(ErrorBody::new("internal", "the answer is not text")))
}

/// Work for a worker thread.
type Job = Box<dyn FnOnce() + Send>;

/// Runs `job` on a thread kept for questions: an idle one, else a new one
/// that stays for later questions. A search on a fresh thread for each
/// question was measured slower on Korf's 100 (its stack and caches cold:
/// 1.1-1.2x the command line's search time, against 1.0-1.05x kept). As
/// many threads are kept as questions were ever asked at once.
fn on_worker(job: Job) {
    static IDLE: std::sync::Mutex<Vec<mpsc::Sender<Job>>> = std::sync::Mutex::new(Vec::new());
    let idle = IDLE.lock().unwrap_or_else(|p| p.into_inner()).pop();
    let job = match idle {
        Some(worker) => match worker.send(job) {
            Ok(()) => return,
            // (That worker died: a new one takes the job.)
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    let (worker, jobs) = mpsc::channel::<Job>();
    let _ = worker.send(job);
    std::thread::spawn(move || {
        while let Ok(job) = jobs.recv() {
            job();
            IDLE.lock().unwrap_or_else(|p| p.into_inner()).push(worker.clone());
        }
    });
}

/// The tables of folder `dir` (the user's when `None`), one for the
/// process: a table is read from its file once and kept for every later
/// question, as a server keeps them.
fn tables(dir: Option<String>) -> tansaku::context::Tables {
    use std::collections::BTreeMap;
    use tansaku::context::Tables;
    static KEPT: std::sync::Mutex<BTreeMap<Option<String>, Tables>> = std::sync::Mutex::new(BTreeMap::new());
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    kept.entry(dir.clone())
        .or_insert_with(|| dir.map_or_else(Tables::user, Tables::at))
        .clone()
}

/// Passes the watch's news on to `f(event, data)`.
fn tell(py: Python<'_>, f: &Py<PyAny>, watch: &Watch, last: &mut Option<tansaku::events::Progress>) -> PyResult<()> {
    let json = |v: String| -> PyResult<Bound<'_, PyAny>> {
        let loads = py.import("json")?.getattr("loads")?;
        loads.call1((v,))
    };
    for text in watch.take_notes() {
        let d = PyDict::new(py);
        d.set_item("text", text)?;
        f.call1(py, ("note", d))?;
    }
    for step in watch.take_steps() {
        f.call1(py, ("step", json(serde_json::to_string(&step).unwrap_or_default())?))?;
    }
    if let Some(p) = watch.take_progress(last) {
        f.call1(py, ("progress", json(serde_json::to_string(&p).unwrap_or_default())?))?;
    }
    Ok(())
}

/// Every game with its options, presets and answers, the shipped
/// definitions and the back end's limits: what `GET /api/games` answers.
#[pyfunction]
fn games() -> String {
    let budget = tansaku::memory::default_budget();
    let limits = tansaku::ask::Limits {
        max_memory: budget,
        job_memory: budget,
        kept_tables: budget,
        time_limit: None,
        body_limit: None,
        workers: 1,
    };
    serde_json::to_string(&tansaku::ask::catalogue("python", limits)).unwrap_or_default()
}

/// The distance histogram as an SVG bar chart (the library's picture,
/// the one `tansaku longest --plot` writes).
#[pyfunction]
#[pyo3(signature = (title, histogram, log=false))]
fn histogram_svg(title: &str, histogram: Vec<u64>, log: bool) -> String {
    tansaku::svg::svg_histogram(title, &histogram, log)
}

/// Boards (their grids as the answers' JSON gives them) as an animation,
/// `seconds` a frame: the wipeout's game, a solution played.
#[pyfunction]
#[pyo3(signature = (title, grids, seconds=0.6))]
fn animation_svg(title: &str, grids: &str, seconds: f64) -> PyResult<String> {
    let grids: Vec<tansaku::picture::Grid> =
        serde_json::from_str(grids).map_err(|e| PyValueError::new_err(format!("grids: {e}")))?;
    Ok(tansaku::svg::svg_animation(title, &grids, seconds))
}

/// The package's native part.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ask, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(histogram_svg, m)?)?;
    m.add_function(wrap_pyfunction!(animation_svg, m)?)?;
    m.add("Failed", m.py().get_type::<Failed>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
