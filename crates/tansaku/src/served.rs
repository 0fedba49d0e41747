//! What a server sends besides the answers themselves, as types of the
//! library: a job's id and its place in the queue (events of a stream), a
//! cancellation, the server's status, and the tables it keeps or builds in
//! the background. A front end serializes them as they are.
//!
//! ```
//! use tansaku::served::{BuildState, Building, Cancelled, JobId, Queued};
//! assert_eq!(serde_json::to_string(&JobId { id: 7 }).unwrap(), r#"{"id":7}"#);
//! assert_eq!(serde_json::to_string(&Queued { place: 2 }).unwrap(), r#"{"place":2}"#);
//! assert_eq!(serde_json::to_string(&Cancelled::default()).unwrap(), r#"{"cancelled":true}"#);
//! let b = Building { size: "4x4".into(), partition: "7-8z".into(), goal: String::new(), state: BuildState::Ready, progress: None, error: None };
//! assert!(serde_json::to_string(&b).unwrap().contains(r#""state":"ready""#));
//! ```

use crate::events::Progress;
use crate::tables::TableList;
use serde::Serialize;

/// A job's id, to cancel it (a stream's `job` event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct JobId {
    /// The id.
    pub id: u64,
}

/// A job's place in the queue: the jobs before it (a stream's `queued`
/// event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Queued {
    /// Jobs before it.
    pub place: usize,
}

/// A job cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cancelled {
    /// Always true.
    pub cancelled: bool,
}

impl Default for Cancelled {
    fn default() -> Self {
        Cancelled { cancelled: true }
    }
}

/// A server's status: jobs running and waiting, tables and memory.
#[derive(Clone, Debug, Serialize)]
pub struct Status {
    /// Jobs running.
    pub running: usize,
    /// Jobs waiting for a worker.
    pub waiting: usize,
    /// Jobs that run at once.
    pub workers: usize,
    /// Tables kept in memory between jobs.
    pub tables_in_memory: usize,
    /// Their bytes.
    pub table_bytes_in_memory: u64,
    /// The process's resident memory, where the system tells it.
    pub resident_bytes: Option<u64>,
}

/// How far a background build has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildState {
    /// Being built.
    Building,
    /// Built and kept.
    Ready,
    /// Not built (see `error`).
    Failed,
}

/// Tables a server builds in the background (after a solve that wanted
/// stronger ones).
#[derive(Clone, Debug, Serialize)]
pub struct Building {
    /// The board, `WxH`.
    pub size: String,
    /// The partition (`7-8z`).
    pub partition: String,
    /// The goal, as the board is written.
    pub goal: String,
    /// How far it got.
    pub state: BuildState,
    /// The build's last progress.
    pub progress: Option<Progress>,
    /// Why it failed.
    pub error: Option<String>,
}

/// The tables a server keeps, as `tansaku pdb list --json` lists them, and
/// those it builds in the background.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    /// The tables kept.
    #[serde(flatten)]
    pub list: TableList,
    /// The background builds: building, ready or failed.
    pub building: Vec<Building>,
}
