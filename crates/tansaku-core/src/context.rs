//! What a long piece of work carries with it: the memory it may fill, who
//! watches its progress and hears its notices, where the tables it builds
//! once are kept, and how it is stopped (cancellation, a deadline).
//!
//! Every search and analysis takes a [`Context`]; nothing travels through
//! globals. A front end (the command line, a test, a web page, a server)
//! builds one and keeps a clone to cancel the work or read its progress.
//!
//! ```
//! use tansaku_core::Context;
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
use web_time::Instant;

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
    /// A step of the search's shape is complete (a layer, an iteration,
    /// a level): a front end may draw it as it comes. Ignored unless
    /// wanted.
    fn step(&self, _step: Step) {}
}

/// Which part of a search's shape a [`Step`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// A graph search's layer from the start: `at` its depth, `count`
    /// the states stored at that depth.
    Forward,
    /// A bidirectional search's layer from the goals.
    Backward,
    /// A tree search's iteration (IDA*, iterative deepening): `at` its
    /// bound, `count` the nodes it generated.
    Bound,
    /// An analysis's level: `at` the distance, `count` the positions
    /// found at that distance.
    Level,
}

/// One completed step of a search's shape, told as it completes (the
/// answer's `stats.layers`, `iterations` and `histogram` hold them all
/// at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// What is measured.
    pub side: Side,
    /// The depth, bound or distance.
    pub at: u32,
    /// The states, nodes or positions.
    pub count: u64,
}

/// Why work stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// [`Context::cancel`] was called.
    Cancelled,
    /// The deadline passed.
    Deadline,
}

/// A table kept in memory, of any type, with its size and when it was
/// last used.
struct Kept {
    value: Arc<dyn Any + Send + Sync>,
    bytes: u64,
    used: u64,
}

/// The place of one table: empty until it is made (its lock held while it
/// is made, so that a second caller waits for the first).
type Slot = Arc<Mutex<Option<Kept>>>;

/// The tables in memory and their limit.
#[derive(Default)]
struct Memory {
    slots: HashMap<String, Slot>,
    clock: u64,
    limit: Option<u64>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A place tables are kept when there is no folder (a browser's storage):
/// files by name.
pub trait Store: Send + Sync {
    /// The file called `name`, if there is one.
    fn read(&self, name: &str) -> Option<Vec<u8>>;
    /// Keeps `bytes` as the file called `name`.
    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), String>;
}

/// A [`Store`] in memory that remembers which files were written since
/// they were last taken: a front end fills it from lasting storage, then
/// saves what was written there (the page's worker and IndexedDB).
///
/// ```
/// use tansaku_core::context::{MemoryStore, Store};
/// let s = MemoryStore::default();
/// s.put("old", vec![1]);
/// s.write("new", &[2]).unwrap();
/// assert_eq!(s.read("old"), Some(vec![1]));
/// assert_eq!(s.take_written(), vec![("new".to_string(), vec![2])]);
/// assert!(s.take_written().is_empty());
/// ```
#[derive(Default)]
pub struct MemoryStore {
    files: Mutex<HashMap<String, Vec<u8>>>,
    written: Mutex<Vec<String>>,
}

impl MemoryStore {
    /// Puts a file in (not counted as written).
    pub fn put(&self, name: &str, bytes: Vec<u8>) {
        lock(&self.files).insert(name.to_string(), bytes);
    }

    /// The files written since the last call, with their bytes.
    pub fn take_written(&self) -> Vec<(String, Vec<u8>)> {
        let names = std::mem::take(&mut *lock(&self.written));
        let files = lock(&self.files);
        names
            .into_iter()
            .filter_map(|n| files.get(&n).map(|b| (n, b.clone())))
            .collect()
    }

    /// Names of the files held.
    pub fn names(&self) -> Vec<String> {
        let mut n: Vec<String> = lock(&self.files).keys().cloned().collect();
        n.sort();
        n
    }
}

impl Store for MemoryStore {
    fn read(&self, name: &str) -> Option<Vec<u8>> {
        lock(&self.files).get(name).cloned()
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        lock(&self.files).insert(name.to_string(), bytes.to_vec());
        let mut w = lock(&self.written);
        if !w.iter().any(|n| n == name) {
            w.push(name.to_string());
        }
        Ok(())
    }
}

/// How often a long table build keeps a checkpoint by default: a kill
/// loses at most this much work, and writing a checkpoint of gigabytes
/// (a few seconds) stays a small part of it.
pub const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(120);

/// Where tables that are built once and used many times (pattern
/// databases) are kept: a folder of files, and the tables already in
/// memory, shared by every clone for as long as one lives (a server keeps
/// its tables between requests; a batch loads them once). With a limit,
/// the tables used least recently are let go when the others would pass
/// it (a table larger than the limit is used once and not kept).
///
/// ```
/// use tansaku_core::context::Tables;
/// let t = Tables::in_memory().with_limit(100);
/// let a = t.get_or_make("answer", 8, || Ok::<_, ()>(42u32)).unwrap();
/// let b = t.get_or_make("answer", 8, || Ok::<_, ()>(0u32)).unwrap();
/// assert_eq!((*a, *b), (42, 42));
/// t.get_or_make("other", 90, || Ok::<_, ()>(1u32)).unwrap();
/// assert_eq!((t.kept(), t.kept_bytes()), (2, 98));
/// // A third passes the limit: the least recently used goes.
/// t.get_or_make("third", 10, || Ok::<_, ()>(2u32)).unwrap();
/// assert_eq!((t.kept(), t.kept_bytes()), (2, 100));
/// // One larger than the limit is used, not kept.
/// assert_eq!(*t.get_or_make("huge", 500, || Ok::<_, ()>(3u32)).unwrap(), 3);
/// assert_eq!((t.kept(), t.kept_bytes()), (2, 100));
/// ```
#[derive(Clone)]
pub struct Tables {
    dir: Option<PathBuf>,
    explicit: bool,
    checkpoint_every: std::time::Duration,
    store: Option<Arc<dyn Store>>,
    memory: Arc<Mutex<Memory>>,
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
            checkpoint_every: CHECKPOINT_EVERY,
            store: None,
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
            checkpoint_every: CHECKPOINT_EVERY,
            store: None,
            memory: Arc::default(),
        }
    }

    /// No folder: tables are built when first needed and kept in memory
    /// only.
    pub fn in_memory() -> Self {
        Tables {
            dir: None,
            explicit: false,
            checkpoint_every: CHECKPOINT_EVERY,
            store: None,
            memory: Arc::default(),
        }
    }

    /// Files in `store` instead of a folder (a browser's storage).
    pub fn in_store(store: Arc<dyn Store>) -> Self {
        Tables {
            dir: None,
            explicit: false,
            checkpoint_every: CHECKPOINT_EVERY,
            store: Some(store),
            memory: Arc::default(),
        }
    }

    /// The store, when files are kept in one.
    pub fn store(&self) -> Option<&Arc<dyn Store>> {
        self.store.as_ref()
    }

    /// The same, keeping at most `bytes` of tables in memory (for every
    /// clone).
    pub fn with_limit(self, bytes: u64) -> Self {
        lock(&self.memory).limit = Some(bytes);
        self
    }

    /// The same, a long build of a table in the folder keeping a
    /// checkpoint at most every `every` (by default every two minutes).
    pub fn with_checkpoint_every(mut self, every: std::time::Duration) -> Self {
        self.checkpoint_every = every;
        self
    }

    /// How often a long build of a table keeps a checkpoint.
    pub fn checkpoint_every(&self) -> std::time::Duration {
        self.checkpoint_every
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
    /// one's table); `bytes` is its size in memory. A failed `make` keeps
    /// nothing.
    pub fn get_or_make<T: Any + Send + Sync, E>(
        &self,
        key: &str,
        bytes: u64,
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let (slot, now) = {
            let mut m = lock(&self.memory);
            m.clock += 1;
            (Arc::clone(m.slots.entry(key.to_string()).or_default()), m.clock)
        };
        let made = {
            let mut slot = lock(&slot);
            if let Some(kept) = slot.as_mut()
                && let Ok(t) = Arc::clone(&kept.value).downcast::<T>()
            {
                kept.used = now;
                return Ok(t);
            }
            let made = Arc::new(make()?);
            *slot = Some(Kept {
                value: made.clone(),
                bytes,
                used: now,
            });
            made
        };
        self.fit(key, bytes);
        Ok(made)
    }

    /// Lets the least recently used tables go until the others fit the
    /// limit; `key`, just made (`bytes`), is not kept when it alone passes
    /// the limit.
    fn fit(&self, key: &str, bytes: u64) {
        let mut m = lock(&self.memory);
        let Some(limit) = m.limit else { return };
        if bytes > limit {
            m.slots.remove(key);
            return;
        }
        loop {
            // Tables being made (their slot locked) are not counted yet.
            let kept: Vec<(String, u64, u64)> = m
                .slots
                .iter()
                .filter_map(|(k, s)| {
                    let s = s.try_lock().ok()?;
                    s.as_ref().map(|t| (k.clone(), t.bytes, t.used))
                })
                .collect();
            if kept.iter().map(|t| t.1).sum::<u64>() <= limit {
                return;
            }
            let Some(victim) = kept.iter().filter(|t| t.0 != key).min_by_key(|t| t.2) else {
                return;
            };
            let victim = victim.0.clone();
            m.slots.remove(&victim);
        }
    }

    /// Number of tables kept in memory.
    pub fn kept(&self) -> usize {
        self.kept_sizes().len()
    }

    /// Bytes of the tables kept in memory.
    pub fn kept_bytes(&self) -> u64 {
        self.kept_sizes().iter().sum()
    }

    fn kept_sizes(&self) -> Vec<u64> {
        let m = lock(&self.memory);
        m.slots
            .values()
            .filter_map(|s| s.try_lock().ok()?.as_ref().map(|t| t.bytes))
            .collect()
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
    processes: Option<Arc<dyn Processes>>,
}

/// The processes of a job that search one problem together (an MPI job):
/// every process runs the same search. IDA* deals an iteration's subtrees
/// among them (subtree `i` is process `i % count`'s) and learns the others'
/// results by [`Processes::all_gather`]; a dense analysis gives each a
/// slice of the ranks and sends each successor to the process that owns
/// it ([`Processes::all_to_all`]). Each ends with the answer and the counts
/// of one process.
pub trait Processes: Send + Sync {
    /// This process's number, from 0.
    fn rank(&self) -> usize;
    /// How many processes.
    fn count(&self) -> usize;
    /// Every process's `mine`, process 0's first; every process calls it
    /// at the same point of the search.
    fn all_gather(&self, mine: &[u64]) -> Vec<u64>;
    /// Sends `out[k]` to process `k` (`out` has one list a process) and
    /// returns what every process sent this one, process 0's first; every
    /// process calls it at the same point of the search.
    fn all_to_all(&self, out: &[Vec<u64>]) -> Vec<u64>;
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
            processes: None,
        }
    }

    /// The same, searching together with the other `processes` of a job
    /// (IDA* shares its subtrees among them).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use tansaku_core::context::Processes;
    ///
    /// struct Alone;
    /// impl Processes for Alone {
    ///     fn rank(&self) -> usize { 0 }
    ///     fn count(&self) -> usize { 1 }
    ///     fn all_gather(&self, mine: &[u64]) -> Vec<u64> { mine.to_vec() }
    ///     fn all_to_all(&self, out: &[Vec<u64>]) -> Vec<u64> { out[0].clone() }
    /// }
    /// let ctx = tansaku_core::Context::new().with_processes(Arc::new(Alone));
    /// assert_eq!(ctx.processes().map(|p| p.count()), Some(1));
    /// ```
    pub fn with_processes(mut self, processes: Arc<dyn Processes>) -> Self {
        self.processes = Some(processes);
        self
    }

    /// The processes searching together, if any.
    pub fn processes(&self) -> Option<&dyn Processes> {
        self.processes.as_deref()
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
    /// use tansaku_core::Context;
    /// let ctx = Context::new().with_budget(1 << 20);
    /// assert!(ctx.check("a small table", 1 << 10).is_ok());
    /// let e = ctx.check("a big table", 1 << 30).unwrap_err();
    /// assert_eq!((e.needed, e.budget), (1 << 30, 1 << 20));
    /// ```
    pub fn check(&self, what: &str, needed: u64) -> Result<(), crate::memory::MemoryError> {
        crate::memory::check(what, needed, self.budget)
    }
}
