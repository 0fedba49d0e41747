//! What a long piece of work carries with it: the memory it may fill, who
//! watches its progress, and how it is stopped (cancellation, a deadline).
//!
//! Every search and analysis takes a [`Context`]; nothing travels through
//! globals. A front end (the command line, a test, a web page) builds one
//! and keeps a clone to cancel the work or read its progress.
//!
//! ```
//! use tansaku::Context;
//! let ctx = Context::new().with_budget(1 << 30);
//! assert_eq!(ctx.budget(), Some(1 << 30));
//! let stop = ctx.clone();
//! stop.cancel();
//! assert!(ctx.stopped().is_some());
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

/// Receives progress reports: the command line draws them as a live line;
/// a library user may log them, or ignore them.
pub trait Observer: Send + Sync {
    /// A task starts: `total` units of work when known (`unit`: "states",
    /// "nodes").
    fn begin(&self, total: Option<u64>, unit: &str);
    /// `done` units so far; `what` says what is being done.
    fn update(&self, done: u64, what: &str);
    /// A line worth keeping (a level finished, a table built).
    fn note(&self, text: &str);
    /// The task is over.
    fn end(&self);
}

/// Why work stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// [`Context::cancel`] was called.
    Cancelled,
    /// The deadline passed.
    Deadline,
}

/// The budget, observer and stop signals of a piece of work. Cheap to
/// clone; clones share the cancellation flag.
#[derive(Clone, Default)]
pub struct Context {
    budget: Option<u64>,
    observer: Option<Arc<dyn Observer>>,
    cancelled: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("budget", &self.budget)
            .field("observer", &self.observer.is_some())
            .field("cancelled", &self.cancelled.load(Relaxed))
            .field("deadline", &self.deadline)
            .finish()
    }
}

impl Context {
    /// No budget (tables are not limited), no observer, no deadline.
    pub fn new() -> Self {
        Context::default()
    }

    /// The same, with a memory budget in bytes: tables and stored states
    /// that would pass it are refused before they are allocated.
    pub fn with_budget(mut self, bytes: u64) -> Self {
        self.budget = Some(bytes);
        self
    }

    /// The same, with the budget set or cleared.
    pub fn with_budget_opt(mut self, bytes: Option<u64>) -> Self {
        self.budget = bytes;
        self
    }

    /// The same, reporting progress to `observer`.
    pub fn with_observer(mut self, observer: Arc<dyn Observer>) -> Self {
        self.observer = Some(observer);
        self
    }

    /// The same, without an observer.
    pub fn quiet(mut self) -> Self {
        self.observer = None;
        self
    }

    /// The same, stopping at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The memory budget in bytes, if any.
    pub fn budget(&self) -> Option<u64> {
        self.budget
    }

    /// The observer, if any.
    pub fn observer(&self) -> Option<&Arc<dyn Observer>> {
        self.observer.as_ref()
    }

    /// Asks the work to stop; it returns [`crate::search::SearchError::Stopped`].
    pub fn cancel(&self) {
        self.cancelled.store(true, Relaxed);
    }

    /// Whether (and why) the work should stop now.
    #[inline]
    pub fn stopped(&self) -> Option<Stop> {
        if self.cancelled.load(Relaxed) {
            return Some(Stop::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(Stop::Deadline),
            _ => None,
        }
    }

    /// Checks that a table of `needed` bytes fits the budget.
    ///
    /// ```
    /// use tansaku::Context;
    /// let ctx = Context::new().with_budget(1 << 20);
    /// assert!(ctx.check("a small table", 1 << 10).is_ok());
    /// let e = ctx.check("a big table", 1 << 30).unwrap_err();
    /// assert_eq!((e.needed, e.budget), (1 << 30, 1 << 20));
    /// ```
    pub fn check(&self, what: &str, needed: u64) -> Result<(), crate::memory::MemoryError> {
        crate::memory::check(what, needed, self.budget)
    }
}
