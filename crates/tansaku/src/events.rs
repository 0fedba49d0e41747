//! What a long question tells while it runs, as every front end that is
//! not the command line sends it (the server's event stream, the page's
//! worker): its [`Progress`] and its notes ([`Note`]). A [`Watch`] is the
//! context's observer that keeps the latest of each until a front end
//! takes them.
//!
//! ```
//! use tansaku::events::Watch;
//! use tansaku::context::Observer;
//! let w = Watch::new(None);
//! w.begin(Some(100), "states");
//! w.update(40, "level 3");
//! w.note("a table was built");
//! let mut last = None;
//! let (progress, notes) = w.take(&mut last);
//! assert_eq!(progress.unwrap().done, 40);
//! assert_eq!(notes, ["a table was built"]);
//! // Nothing new since.
//! assert_eq!(w.take(&mut last), (None, vec![]));
//! ```

use serde::Serialize;
use std::sync::Mutex;
use tansaku_core::context::Observer;
pub use tansaku_core::progress::{Side, Step};
use web_time::Instant;

/// The progress of a running question.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Progress {
    /// Units of work done.
    pub done: u64,
    /// Units in all, when known.
    pub total: Option<u64>,
    /// `states`, `nodes`.
    pub unit: String,
    /// What is being done (`bound 52`, `level 17`).
    pub what: String,
    /// Seconds since the question started.
    pub seconds: f64,
}

/// A line worth showing (a table being built).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The line.
    pub text: String,
}

/// A question that failed, as an event stream tells it: the error's body
/// and the HTTP status the question would have been answered with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failed {
    /// The error.
    #[serde(flatten)]
    pub body: crate::ErrorBody,
    /// Its HTTP status.
    pub status: u16,
}

/// A question's observer: the latest progress and the notes not yet
/// taken; with a `wake`, called after each report (a worker with one
/// thread passes them on at once).
pub struct Watch {
    progress: Mutex<Option<Progress>>,
    notes: Mutex<Vec<String>>,
    steps: Mutex<Vec<Step>>,
    start: Mutex<Option<Instant>>,
    wake: Option<fn(&Watch)>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Watch {
    /// A watch whose clock starts now (or at [`Watch::start`]), calling
    /// `wake` after each report.
    pub fn new(wake: Option<fn(&Watch)>) -> Self {
        Watch {
            progress: Mutex::new(None),
            notes: Mutex::new(Vec::new()),
            steps: Mutex::new(Vec::new()),
            start: Mutex::new(Some(Instant::now())),
            wake,
        }
    }

    /// Starts the clock again (a job that waited for a worker).
    pub fn start(&self) {
        *lock(&self.start) = Some(Instant::now());
    }

    fn elapsed(&self) -> f64 {
        lock(&self.start).map_or(0.0, |s| s.elapsed().as_secs_f64())
    }

    /// The progress since `last` was taken, if it changed (and `last`
    /// becomes it); and the notes not taken yet.
    pub fn take(&self, last: &mut Option<Progress>) -> (Option<Progress>, Vec<String>) {
        let notes = self.take_notes();
        (self.take_progress(last), notes)
    }

    /// The notes not taken yet.
    pub fn take_notes(&self) -> Vec<String> {
        std::mem::take(&mut *lock(&self.notes))
    }

    /// The steps of the search's shape not taken yet (layers,
    /// iterations, levels), in the order they completed.
    pub fn take_steps(&self) -> Vec<Step> {
        std::mem::take(&mut *lock(&self.steps))
    }

    /// The progress since `last` was taken, if it changed (and `last`
    /// becomes it).
    pub fn take_progress(&self, last: &mut Option<Progress>) -> Option<Progress> {
        let now = lock(&self.progress).clone();
        let changed = match (&now, &*last) {
            (Some(a), Some(b)) => (a.done, &a.what) != (b.done, &b.what),
            (Some(_), None) => true,
            _ => false,
        };
        if changed {
            last.clone_from(&now);
            now
        } else {
            None
        }
    }

    fn woken(&self) {
        if let Some(wake) = self.wake {
            wake(self);
        }
    }
}

impl Observer for Watch {
    fn begin(&self, total: Option<u64>, unit: &str) {
        let seconds = self.elapsed();
        *lock(&self.progress) = Some(Progress {
            done: 0,
            total,
            unit: unit.to_string(),
            what: String::new(),
            seconds,
        });
        self.woken();
    }

    fn update(&self, done: u64, what: &str) {
        let seconds = self.elapsed();
        if let Some(p) = lock(&self.progress).as_mut() {
            p.done = done;
            p.what = what.to_string();
            p.seconds = seconds;
        }
        self.woken();
    }

    fn note(&self, text: &str) {
        lock(&self.notes).push(text.to_string());
        self.woken();
    }

    fn end(&self) {}

    fn step(&self, step: Step) {
        lock(&self.steps).push(step);
        self.woken();
    }
}
