//! Progress reports from long work, sent to the [`Observer`] of the
//! work's [`Context`] (none: nothing is reported). The library never draws
//! or prints; the command line draws the reports as a live line.
//!
//! [`Observer`]: crate::context::Observer

use crate::context::{Context, Observer};
pub use crate::context::{Side, Step};
use std::sync::Arc;

/// Tells `ctx`'s observer, if any, that a step of the search's shape is
/// complete.
///
/// ```
/// use tansaku_core::{Context, progress::{step, Side}};
/// step(&Context::new(), Side::Forward, 3, 120); // no observer: nothing
/// ```
pub fn step(ctx: &Context, side: Side, at: u32, count: u64) {
    if let Some(o) = ctx.observer() {
        o.step(Step { side, at, count });
    }
}

/// A task's reporter; does nothing when the context has no observer.
///
/// ```
/// use tansaku_core::{Context, progress::Progress};
/// let p = Progress::new(&Context::new(), Some(100), "states");
/// p.update(50, "level 3");
/// p.finish();
/// ```
pub struct Progress {
    observer: Option<Arc<dyn Observer>>,
}

impl Progress {
    /// Starts a task of `total` units (`None`: unknown) of `unit`.
    pub fn new(ctx: &Context, total: Option<u64>, unit: &str) -> Self {
        let observer = ctx.observer().cloned();
        if let Some(o) = &observer {
            o.begin(total, unit);
        }
        Progress { observer }
    }

    /// `done` units so far; `what` says what is being done.
    pub fn update(&self, done: u64, what: &str) {
        if let Some(o) = &self.observer {
            o.update(done, what);
        }
    }

    /// A line worth keeping.
    pub fn line(&self, text: &str) {
        if let Some(o) = &self.observer {
            o.note(text);
        }
    }

    /// Ends the task.
    pub fn finish(&self) {
        if let Some(o) = &self.observer {
            o.end();
        }
    }
}

/// A task reported only once it has run for a second (searches whose
/// length is unknown and usually short).
pub struct Lazy {
    start: web_time::Instant,
    unit: &'static str,
    observer: Option<Arc<dyn Observer>>,
    shown: bool,
}

impl Lazy {
    /// A task counting `unit` (e.g. "states"), not reported yet.
    pub fn new(ctx: &Context, unit: &'static str) -> Self {
        Lazy {
            start: web_time::Instant::now(),
            unit,
            observer: ctx.observer().cloned(),
            shown: false,
        }
    }

    /// `done` units so far; reported once a second has passed.
    pub fn update(&mut self, done: u64, what: &str) {
        let Some(o) = &self.observer else { return };
        if !self.shown {
            if self.start.elapsed().as_secs_f64() < 1.0 {
                return;
            }
            o.begin(None, self.unit);
            self.shown = true;
        }
        o.update(done, what);
    }
}

impl Drop for Lazy {
    fn drop(&mut self) {
        if let (true, Some(o)) = (self.shown, &self.observer) {
            o.end();
        }
    }
}
