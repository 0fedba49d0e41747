//! What a long piece of work carries with it: the memory it may fill, who
//! watches its progress and hears its notices, where the tables it builds
//! once are kept, and how it is stopped (cancellation, a deadline).
//!
//! Every search and analysis takes a [`Context`]; nothing travels through
//! globals. A front end (the command line, a test, a web page, a server)
//! builds one and keeps a clone to cancel the work or read its progress.
//!
//! ```
//! use tansaku::Context;
//! let ctx = Context::new().with_budget(1 << 30);
//! assert_eq!(ctx.budget(), Some(1 << 30));
//! let stop = ctx.clone();
//! stop.cancel();
//! assert!(ctx.stopped().is_some());
//! ```

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
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

/// A table kept in memory, of any type.
type Kept = Arc<dyn Any + Send + Sync>;

/// The place of one table: empty until it is made (its lock held while it
/// is made, so that a second caller waits for the first).
type Slot = Arc<Mutex<Option<Kept>>>;

/// Where tables that are built once and used many times (pattern
/// databases) are kept: a folder of files, and the tables already in
/// memory, shared by every clone for as long as one lives (a server keeps
/// its tables between requests; a batch loads them once).
///
/// ```
/// use tansaku::context::Tables;
/// let t = Tables::in_memory();
/// let a = t.get_or_make("answer", || Ok::<_, ()>(42u32)).unwrap();
/// let b = t.get_or_make("answer", || Ok::<_, ()>(0u32)).unwrap();
/// assert_eq!((*a, *b), (42, 42));
/// assert_eq!(t.kept(), 1);
/// ```
#[derive(Clone)]
pub struct Tables {
    dir: Option<PathBuf>,
    explicit: bool,
    memory: Arc<Mutex<HashMap<String, Slot>>>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("dir", &self.dir)
            .field("explicit", &self.explicit)
            .field("kept", &self.kept())
            .finish()
    }
}

impl Tables {
    /// Files in `dir` (created when the first table is saved); failing to
    /// write there is an error.
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        Tables {
            dir: Some(dir.into()),
            explicit: true,
            memory: Arc::default(),
        }
    }

    /// The user's folder: `$TANSAKU_PDB_DIR`, else `$XDG_CACHE_HOME/tansaku`,
    /// else `~/.cache/tansaku`; a table that cannot be saved there is still
    /// used. No folder where none of these is set (WebAssembly).
    pub fn user() -> Self {
        if let Some(dir) = std::env::var_os("TANSAKU_PDB_DIR").filter(|d| !d.is_empty()) {
            return Tables::at(dir);
        }
        let dir = std::env::var_os("XDG_CACHE_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
            .map(|d| d.join("tansaku"));
        Tables {
            dir,
            explicit: false,
            memory: Arc::default(),
        }
    }

    /// No folder: tables are built when first needed and kept in memory
    /// only.
    pub fn in_memory() -> Self {
        Tables {
            dir: None,
            explicit: false,
            memory: Arc::default(),
        }
    }

    /// The folder, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The folder was chosen by the user: failing to write there is an
    /// error, not a notice.
    pub fn explicit(&self) -> bool {
        self.explicit
    }

    /// The table kept under `key`, made by `make` the first time (one
    /// maker at a time per key: a second caller waits and takes the first
    /// one's table). A failed `make` keeps nothing.
    pub fn get_or_make<T: Any + Send + Sync, E>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let slot = {
            let mut map = self.memory.lock().unwrap_or_else(|p| p.into_inner());
            Arc::clone(map.entry(key.to_string()).or_default())
        };
        let mut slot = slot.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(kept) = slot.as_ref()
            && let Ok(t) = Arc::clone(kept).downcast::<T>()
        {
            return Ok(t);
        }
        let made = Arc::new(make()?);
        *slot = Some(made.clone() as Kept);
        Ok(made)
    }

    /// The table kept under `key`, if one is.
    pub fn get<T: Any + Send + Sync>(&self, key: &str) -> Option<Arc<T>> {
        let slot = self
            .memory
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
            .cloned()?;
        let kept = slot.lock().unwrap_or_else(|p| p.into_inner()).clone()?;
        kept.downcast::<T>().ok()
    }

    /// Number of tables kept in memory.
    pub fn kept(&self) -> usize {
        let map = self.memory.lock().unwrap_or_else(|p| p.into_inner());
        map.values().filter(|s| s.try_lock().is_ok_and(|s| s.is_some())).count()
    }
}

/// Receives one line for each event worth telling the user (a table built,
/// a cached file not trusted).
pub type Notices = Arc<dyn Fn(&str) + Send + Sync>;

/// The budget, observer, notices, tables and stop signals of a piece of
/// work. Cheap to clone; clones share the cancellation flag and the
/// tables kept in memory.
#[derive(Clone)]
pub struct Context {
    budget: Option<u64>,
    observer: Option<Arc<dyn Observer>>,
    notices: Option<Notices>,
    tables: Tables,
    cancelled: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("budget", &self.budget)
            .field("observer", &self.observer.is_some())
            .field("notices", &self.notices.is_some())
            .field("tables", &self.tables)
            .field("cancelled", &self.cancelled.load(Relaxed))
            .field("deadline", &self.deadline)
            .finish()
    }
}

impl Context {
    /// The library's defaults: the memory budget of
    /// [`crate::memory::default_budget`], the user's table folder
    /// ([`Tables::user`]), no observer, no notices, no deadline.
    pub fn new() -> Self {
        Context {
            budget: Some(crate::memory::default_budget()),
            observer: None,
            notices: None,
            tables: Tables::user(),
            cancelled: Arc::default(),
            deadline: None,
        }
    }

    /// The same, with no memory budget at all (tables are not limited).
    pub fn unlimited(mut self) -> Self {
        self.budget = None;
        self
    }

    /// The same, keeping tables in `tables`.
    pub fn with_tables(mut self, tables: Tables) -> Self {
        self.tables = tables;
        self
    }

    /// The same, telling notices to `notices`.
    pub fn with_notices(mut self, notices: Notices) -> Self {
        self.notices = Some(notices);
        self
    }

    /// Where tables are kept.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Tells a notice (nothing happens without a receiver).
    pub fn notice(&self, text: &str) {
        if let Some(n) = &self.notices {
            n(text);
        }
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

    /// The same, without an observer or notices.
    pub fn quiet(mut self) -> Self {
        self.observer = None;
        self.notices = None;
        self
    }

    /// The same, with a cancellation flag of its own (cancelling the new
    /// context leaves the others running).
    pub fn detached(mut self) -> Self {
        self.cancelled = Arc::default();
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
