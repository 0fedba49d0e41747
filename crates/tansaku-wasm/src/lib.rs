//! tansaku in the browser: the page's Web Worker (`web/worker.js`) asks
//! the library's questions here ([`tansaku::ask`], the same as `tansaku
//! serve` answers) and gets the same JSON back. One thread; the pattern
//! databases it builds are kept in memory for the page's life and handed
//! to the worker to keep in the browser's storage (IndexedDB), which hands
//! them back on the next visit.

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};
use tansaku::Context;
use tansaku::ask::{Kind, Question};
use tansaku::context::{MemoryStore, Observer, Tables};
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// Memory a question may fill in the browser: WebAssembly has 4 GiB at
/// most, and a page that takes a gigabyte is already a heavy one; the
/// 15-puzzle's 7-8 databases (1.6 GB to build, 2.2 GB zero-aware) are out, 6-6-3 in.
pub const BUDGET: u64 = 1 << 30;

/// Memory the tables kept between questions may fill.
pub const TABLES: u64 = 256 << 20;

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
    /// When progress was last reported.
    static LAST: RefCell<Option<Instant>> = const { RefCell::new(None) };
}

/// Tells the worker an event: `progress` or `note`, with JSON data.
fn tell(event: &str, data: &str) {
    EVENTS.with(|e| {
        if let Some(f) = e.borrow().as_ref() {
            let _ = f.call2(&JsValue::NULL, &JsValue::from_str(event), &JsValue::from_str(data));
        }
    });
}

/// The observer of a question: progress at most four times a second (the
/// worker runs one question at a time, on one thread).
struct Watch {
    start: Instant,
    total: RefCell<Option<u64>>,
    unit: RefCell<String>,
}

// SAFETY: WebAssembly without threads: everything runs on the worker's one
// thread; the library asks observers to be Send + Sync for native threads.
unsafe impl Send for Watch {}
unsafe impl Sync for Watch {}

impl Observer for Watch {
    fn begin(&self, total: Option<u64>, unit: &str) {
        *self.total.borrow_mut() = total;
        *self.unit.borrow_mut() = unit.to_string();
    }

    fn update(&self, done: u64, what: &str) {
        let due = LAST.with(|l| {
            let mut l = l.borrow_mut();
            let now = Instant::now();
            let due = l.is_none_or(|t| now.duration_since(t).as_millis() >= 250);
            if due {
                *l = Some(now);
            }
            due
        });
        if due {
            let data = serde_json::json!({
                "done": done,
                "total": *self.total.borrow(),
                "unit": *self.unit.borrow(),
                "what": what,
                "seconds": self.start.elapsed().as_secs_f64(),
            });
            tell("progress", &data.to_string());
        }
    }

    fn note(&self, text: &str) {
        tell("note", &serde_json::json!({ "text": text }).to_string());
    }

    fn end(&self) {}
}

/// Every game, the shipped definitions and this back end's limits: what
/// `GET /api/games` answers from a server.
#[wasm_bindgen]
pub fn catalogue() -> String {
    #[derive(serde::Serialize)]
    struct Limits {
        max_memory: u64,
        job_memory: u64,
        table_memory: u64,
        time_limit: Option<f64>,
        workers: usize,
    }
    let limits = Limits {
        max_memory: BUDGET,
        job_memory: BUDGET,
        table_memory: TABLES,
        time_limit: None,
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
    let fail = |message: String, kind: &str| {
        JsValue::from_str(&serde_json::json!({ "error": message, "kind": kind }).to_string())
    };
    let Some(k) = Kind::of(kind) else {
        return Err(fail(format!("'{kind}' is not a question"), "unknown-question"));
    };
    let question = Question::read(k, body.as_bytes(), &[]).map_err(|e| fail(e.to_string(), e.kind()))?;
    EVENTS.with(|e| *e.borrow_mut() = Some(events));
    LAST.with(|l| *l.borrow_mut() = None);
    let ctx = Context::new()
        .with_budget(BUDGET)
        .with_tables(tables().clone())
        .with_observer(Arc::new(Watch {
            start: Instant::now(),
            total: RefCell::new(None),
            unit: RefCell::new(String::new()),
        }))
        .with_notices(Arc::new(|text: &str| {
            tell("note", &serde_json::json!({ "text": text }).to_string());
        }));
    let answer = question.answer(&ctx, None);
    EVENTS.with(|e| *e.borrow_mut() = None);
    let reply = answer.map_err(|e| fail(e.to_string(), e.kind()))?;
    String::from_utf8(reply.body).map_err(|_| fail("the answer is not text".into(), "internal"))
}
