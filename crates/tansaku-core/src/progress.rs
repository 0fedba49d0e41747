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

    /// A breadth-first level is done: level `d` gave `found` new states,
    /// searched `how` (`top-down`, `bottom-up`, `on disk`), `seconds` into
    /// the run, `reached` states in all. A line, the bar, and (when the
    /// level is not empty) a `Level` step: the level loop of every
    /// whole-space analysis (bytes, two bits, disk, processes) tells its
    /// levels here.
    ///
    /// ```
    /// use tansaku_core::{Context, progress::Progress};
    /// let p = Progress::new(&Context::new(), Some(100), "states");
    /// p.level(3, 40, "top-down", 0.5, 90);
    /// ```
    pub fn level(&self, d: u32, found: u64, how: &str, seconds: f64, reached: u64) {
        self.level_line(d, found, how, seconds, reached);
        if let (Some(o), true) = (&self.observer, found > 0) {
            o.step(Step {
                side: Side::Level,
                at: d + 1,
                count: found,
            });
        }
    }

    /// [`Progress::level`]'s line and bar without its step: a level of a
    /// table built for a search, not of the search itself.
    pub fn level_line(&self, d: u32, found: u64, how: &str, seconds: f64, reached: u64) {
        self.line(&format!(
            "  level {:>3} -> {:>3}: {:>12} new states  ({how}, {seconds:.2} s)",
            d,
            d + 1,
            found,
        ));
        self.update(reached, &format!("level {}", d + 1));
    }

    /// The levels known before a level loop runs (the goals', or those of
    /// the checkpoint in `resumed`): a line when resumed, the bar at
    /// `reached` states, and a `Level` step each.
    pub fn levels_known(&self, histogram: &[u64], resumed: Option<&std::path::Path>, reached: u64) {
        if let Some(dir) = resumed {
            self.line(&format!(
                "  resumed at level {} from the checkpoint in {}",
                histogram.len() - 1,
                dir.display()
            ));
        }
        self.update(reached, &format!("level {}", histogram.len() - 1));
        if let Some(o) = &self.observer {
            for (d, &count) in histogram.iter().enumerate() {
                o.step(Step {
                    side: Side::Level,
                    at: d as u32,
                    count,
                });
            }
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
