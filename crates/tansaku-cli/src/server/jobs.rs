//! The jobs of `tansaku serve`: a question waits for a worker (at most one
//! heavy job a core), runs on a blocking thread under its share of the
//! memory budget and the time limit, reports its progress, and is
//! cancelled when its client goes away or asks to cancel it.

use super::reply::ApiError;
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tansaku::Context;
use tansaku::ask::Answer;
use tansaku::context::{Observer, Tables};
use tansaku::events::{Progress, Watch};
use tokio::sync::{Semaphore, mpsc};

/// What the server shares between requests.
pub(crate) struct Shared {
    /// One permit a worker.
    workers: Arc<Semaphore>,
    /// Number of workers.
    pub jobs: usize,
    /// Jobs waiting for a worker, by ticket.
    waiting: Mutex<BTreeSet<u64>>,
    /// Jobs running (or waiting), by ticket: their contexts, to cancel.
    running: Mutex<HashMap<u64, Context>>,
    next: AtomicU64,
    /// Memory a job may fill.
    pub job_budget: u64,
    /// The server's whole budget.
    pub max_memory: u64,
    /// How long a job's search may run.
    pub time_limit: Duration,
    /// Most jobs waiting at once; more are refused (429).
    pub max_waiting: usize,
    /// Pattern databases, kept in memory between requests (and in files).
    pub tables: Tables,
    /// `GET /api/games`, made once (by the router's owner).
    pub games: Vec<u8>,
    /// Folders of definitions by name.
    pub dirs: Vec<std::path::PathBuf>,
    /// Stronger tables built in the background after a solve that wanted
    /// them, by what they are (board, partition, goal).
    pub building: Mutex<std::collections::BTreeMap<String, tansaku::served::Building>>,
}

impl Shared {
    /// A server of `jobs` workers sharing `max_memory`: each job and the
    /// tables kept between requests take an equal share.
    pub(crate) fn new(jobs: usize, max_memory: u64, time_limit: Duration, tables: Tables) -> Self {
        let jobs = jobs.max(1);
        let share = max_memory / (jobs as u64 + 1);
        Shared {
            workers: Arc::new(Semaphore::new(jobs)),
            jobs,
            waiting: Mutex::default(),
            running: Mutex::default(),
            next: AtomicU64::new(1),
            job_budget: share,
            max_memory,
            time_limit,
            max_waiting: 256,
            tables: tables.with_limit(share),
            games: Vec::new(),
            dirs: Vec::new(),
            building: Mutex::default(),
        }
    }

    /// Jobs running and waiting.
    pub(crate) fn load(&self) -> (usize, usize) {
        let waiting = lock(&self.waiting).len();
        (lock(&self.running).len().saturating_sub(waiting), waiting)
    }

    /// Cancels job `id`; false when there is no such job.
    pub(crate) fn cancel(&self, id: u64) -> bool {
        match lock(&self.running).get(&id) {
            Some(ctx) => {
                ctx.cancel();
                true
            }
            None => false,
        }
    }

    /// Cancels every job (the server is stopping).
    pub(crate) fn cancel_all(&self) {
        for ctx in lock(&self.running).values() {
            ctx.cancel();
        }
    }

    /// A context for a job: the job's budget, the shared tables, the
    /// watcher (progress and notices); cancellable on its own.
    fn context(&self, watch: &Arc<Watch>) -> Context {
        let notes = Arc::clone(watch);
        Context::new()
            .with_budget(self.job_budget)
            .with_tables(self.tables.clone())
            .with_observer(Arc::clone(watch) as Arc<dyn Observer>)
            .with_notices(Arc::new(move |text: &str| notes.note(text)))
            .detached()
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A job's place in the server: removed from the queue and the running
/// list when dropped.
struct Ticket {
    id: u64,
    shared: Arc<Shared>,
}

impl Ticket {
    fn take(shared: &Arc<Shared>, ctx: Context) -> Result<Self, ApiError> {
        let mut waiting = lock(&shared.waiting);
        if waiting.len() >= shared.max_waiting {
            return Err(ApiError::busy(shared.max_waiting));
        }
        let id = shared.next.fetch_add(1, Relaxed);
        waiting.insert(id);
        lock(&shared.running).insert(id, ctx);
        Ok(Ticket {
            id,
            shared: Arc::clone(shared),
        })
    }

    /// Jobs waiting before this one.
    fn place(&self) -> usize {
        lock(&self.shared.waiting).range(..self.id).count()
    }

    fn started(&self) {
        lock(&self.shared.waiting).remove(&self.id);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        lock(&self.shared.waiting).remove(&self.id);
        lock(&self.shared.running).remove(&self.id);
    }
}

/// Cancels a context when dropped unless disarmed: a request whose client
/// went away drops its future, and so cancels its job.
struct CancelOnDrop(Option<Context>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(ctx) = self.0.take() {
            ctx.cancel();
        }
    }
}

/// An event of a job, sent to a client that asked for a stream.
#[derive(Clone, Debug)]
pub(crate) enum Event {
    /// The job's id (to cancel it).
    Job(u64),
    /// Its place in the queue (jobs before it).
    Queued(usize),
    /// It started.
    Started,
    /// Its progress.
    Progress(Progress),
    /// A line worth showing (a table being built).
    Note(String),
    /// A completed step of the search's shape (a layer, an iteration, a
    /// level).
    Step(tansaku::events::Step),
    /// Its answer.
    Answer(Box<Answer>),
    /// Its error.
    Failed(ApiError),
}

/// Where a job's events go: nowhere (a plain request), or a stream.
type Events = Option<mpsc::Sender<Event>>;

async fn send(events: &Events, e: Event) {
    if let Some(tx) = events {
        let _ = tx.send(e).await;
    }
}

/// The client of a stream went away (never, for a plain request).
async fn gone(events: &Events) {
    match events {
        Some(tx) => tx.closed().await,
        None => std::future::pending().await,
    }
}

/// Runs `work` as a job: waits for a worker, runs it on a blocking thread
/// with the job's context and time limit, returns its answer (JSON bytes).
/// With `events`, reports the queue, the progress and the answer there
/// too, and cancels the job when the stream is dropped.
pub(crate) async fn run(
    shared: Arc<Shared>,
    work: impl FnOnce(&Context, Duration) -> Result<Answer, ApiError> + Send + 'static,
    events: Events,
) -> Result<Answer, ApiError> {
    let watch = Arc::new(Watch::new(None));
    let ctx = shared.context(&watch);
    let ticket = Ticket::take(&shared, ctx.clone())?;
    // Dropping this future (a plain request whose client went away)
    // cancels the job.
    let mut guard = CancelOnDrop(Some(ctx.clone()));
    send(&events, Event::Job(ticket.id)).await;
    let mut place = usize::MAX;
    let permit = loop {
        if ticket.place() != place {
            place = ticket.place();
            send(&events, Event::Queued(place)).await;
        }
        tokio::select! {
            p = Arc::clone(&shared.workers).acquire_owned() => break p.expect("the semaphore is never closed"),
            () = tokio::time::sleep(Duration::from_millis(250)) => {}
            () = gone(&events) => return Err(ApiError::cancelled()),
        }
        if ctx.stopped().is_some() {
            return Err(ApiError::cancelled());
        }
    };
    ticket.started();
    send(&events, Event::Started).await;
    watch.start();
    let limit = shared.time_limit;
    let job_ctx = ctx.clone();
    // The worker's permit goes with the blocking work: it is freed when
    // the work has stopped, not when the client has.
    let mut work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(&job_ctx, limit)
    });
    let mut last = None;
    let mut client_gone = false;
    let result = loop {
        tokio::select! {
            r = &mut work => break r,
            () = tokio::time::sleep(Duration::from_millis(250)) => {}
            () = gone(&events), if !client_gone => {
                client_gone = true;
                ctx.cancel();
            }
        }
        let (progress, notes) = watch.take(&mut last);
        for n in notes {
            send(&events, Event::Note(n)).await;
        }
        for s in watch.take_steps() {
            send(&events, Event::Step(s)).await;
        }
        if let Some(p) = progress {
            send(&events, Event::Progress(p)).await;
        }
    };
    guard.0 = None;
    drop(ticket);
    for n in watch.take(&mut last).1 {
        send(&events, Event::Note(n)).await;
    }
    for s in watch.take_steps() {
        send(&events, Event::Step(s)).await;
    }
    let answer = match result {
        Ok(answer) => answer,
        Err(_) => Err(ApiError::internal()),
    };
    match &answer {
        // A plain request has no stream to tell: its answer is not copied.
        Ok(a) if events.is_some() => send(&events, Event::Answer(Box::new(a.clone()))).await,
        Ok(_) => {}
        Err(e) => send(&events, Event::Failed(e.clone())).await,
    }
    answer
}
