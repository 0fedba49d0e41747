//! tansaku in the browser: the page's Web Worker (`web/worker.js`) asks
//! the library's questions here ([`tansaku::ask`], the same as `tansaku
//! serve` answers) and gets the same JSON back. One thread; the pattern
//! databases it builds are kept in memory for the page's life and handed
//! to the worker to keep in the browser's storage (IndexedDB), which hands
//! them back on the next visit.
//!
//! Nothing here is `unsafe`: the observer the library asks for (`Send +
//! Sync`) keeps its state behind locks ([`tansaku::events::Watch`]), and
//! the worker's callback, which is neither, stays in a thread-local slot
//! that the observer reaches through a plain function.

use std::cell::RefCell;
use std::sync::{Arc, Mutex, OnceLock};
use tansaku::Context;
use tansaku::ErrorBody;
use tansaku::ask::{Kind, Limits, Question};
use tansaku::context::{MemoryStore, Tables};
use tansaku::events::{Note, Progress, Watch};
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// Memory a question may fill in the browser: WebAssembly has 4 GiB at
/// most, and a page that takes a gigabyte is already a heavy one; the
/// 15-puzzle's 7-8 databases (1.6 GB to build, 2.2 GB zero-aware) are out, 6-6-3 in.
pub const BUDGET: u64 = 1 << 30;

/// Memory the tables kept between questions may fill.
pub const TABLES: u64 = 256 << 20;

/// Least time between two progress events.
const EVERY_MS: u128 = 250;

/// The tables' store, shared by every question of the page.
fn store() -> &'static Arc<MemoryStore> {
    static STORE: OnceLock<Arc<MemoryStore>> = OnceLock::new();
    STORE.get_or_init(|| Arc::new(MemoryStore::default()))
}

/// The tables kept in memory between questions.
fn tables() -> &'static Tables {
    static TABLES_KEPT: OnceLock<Tables> = OnceLock::new();
    TABLES_KEPT.get_or_init(|| Tables::in_store(store().clone()).with_limit(TABLES))
}

thread_local! {
    /// The worker's callback for a question's events.
    static EVENTS: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// When progress was last told (`None`: never), and what.
static LAST: Mutex<(Option<Instant>, Option<Progress>)> = Mutex::new((None, None));

/// Tells the worker an event: `progress` or `note`, with JSON data.
fn tell(event: &str, data: &str) {
    EVENTS.with(|e| {
        if let Some(f) = e.borrow().as_ref() {
            let _ = f.call2(&JsValue::NULL, &JsValue::from_str(event), &JsValue::from_str(data));
        }
    });
}

/// After each report: the notes at once, the progress at most four times
/// a second.
fn wake(watch: &Watch) {
    for text in watch.take_notes() {
        tell(
            "note",
            &serde_json::to_string(&Note { text }).expect("a note serializes"),
        );
    }
    for step in watch.take_steps() {
        tell("step", &serde_json::to_string(&step).expect("a step serializes"));
    }
    let mut last = LAST.lock().unwrap_or_else(|p| p.into_inner());
    let (at, seen) = &mut *last;
    if at.is_some_and(|t| t.elapsed().as_millis() < EVERY_MS) {
        return;
    }
    if let Some(p) = watch.take_progress(seen) {
        *at = Some(Instant::now());
        tell("progress", &serde_json::to_string(&p).expect("progress serializes"));
    }
}

/// Every game, the shipped definitions and this back end's limits: what
/// `GET /api/games` answers from a server.
#[wasm_bindgen]
pub fn catalogue() -> String {
    let limits = Limits {
        max_memory: BUDGET,
        job_memory: BUDGET,
        kept_tables: TABLES,
        time_limit: None,
        body_limit: None,
        workers: 1,
    };
    serde_json::to_string(&tansaku::ask::catalogue("wasm", limits)).expect("serializable")
}

/// Hands the library a table file kept in the browser's storage.
#[wasm_bindgen]
pub fn put_table(name: &str, bytes: Vec<u8>) {
    store().put(name, bytes);
}

/// The table files made since the last call, to keep in the browser's
/// storage: `[name, bytes, name, bytes, ...]`.
#[wasm_bindgen]
pub fn written_tables() -> js_sys::Array {
    let out = js_sys::Array::new();
    for (name, bytes) in store().take_written() {
        out.push(&JsValue::from_str(&name));
        out.push(&js_sys::Uint8Array::from(bytes.as_slice()));
    }
    out
}

/// Answers question `kind` (`solve`, `longest`, ...) asked with the JSON
/// `body`: the answer (JSON, or SVG for `picture`), or an error thrown as
/// JSON `{"error", "kind"}`. `events(name, data)` hears its progress.
#[wasm_bindgen]
pub fn ask(kind: &str, body: &str, events: js_sys::Function) -> Result<String, JsValue> {
    let fail = |e: ErrorBody| JsValue::from_str(&e.json());
    let Some(k) = Kind::of(kind) else {
        return Err(fail(ErrorBody::new(
            "unknown-question",
            format!("'{kind}' is not a question"),
        )));
    };
    let question = Question::read(k, body.as_bytes(), &[]).map_err(|e| fail(e.body()))?;
    EVENTS.with(|e| *e.borrow_mut() = Some(events));
    *LAST.lock().unwrap_or_else(|p| p.into_inner()) = (None, None);
    let watch = Arc::new(Watch::new(Some(wake)));
    let ctx = Context::new()
        .with_budget(BUDGET)
        .with_tables(tables().clone())
        .with_observer(watch.clone())
        .with_notices(Arc::new(move |text: &str| {
            tansaku::context::Observer::note(watch.as_ref(), text);
        }));
    let answer = question.answer(&ctx, None);
    EVENTS.with(|e| *e.borrow_mut() = None);
    let reply = answer.map_err(|e| fail(e.body()))?.reply();
    String::from_utf8(reply.body).map_err(|_| fail(ErrorBody::new("internal", "the answer is not text")))
}
