//! IDA*'s checkpoint: the iterations done, the bound being tried and the
//! subtrees of the current iteration searched, written when due and when
//! the search is stopped, removed when it ends.

use super::*;

/// A checkpoint for [`run_tasks`]: the keeper, the split's mark and, when
/// resumed, the number of subtrees and those searched to the end.
pub(super) type Saving<'k> = Option<(&'k Keeper, u32, Option<(u64, Vec<DoneTask>)>)>;

/// Where a split iteration resumes: its split depth, its number of
/// subtrees and those searched to the end.
pub(super) type Resume = (usize, u64, Vec<DoneTask>);

/// The checkpoint of an IDA* run ([`IdaOptions::checkpoint`]): what the run
/// has done, written at most every [`Checkpoint::every`].
pub(super) struct Keeper {
    pub(super) c: Checkpoint,
    pub(super) state: std::sync::Mutex<KeeperState>,
}

pub(super) struct KeeperState {
    pub(super) saved: IdaSaved,
    pub(super) last: web_time::Instant,
    /// When this run began the unfinished iteration (or went on with it).
    pub(super) since: web_time::Instant,
    /// The first write that failed; the run stops at the iteration's end.
    pub(super) error: Option<CheckpointError>,
}

impl Keeper {
    /// Opens the checkpoint folder and reads the checkpoint there, if any
    /// (what it holds comes back beside the keeper).
    pub(super) fn open(c: &Checkpoint) -> Result<(Keeper, Option<IdaSaved>), SearchError> {
        #[cfg(not(feature = "files"))]
        {
            let _ = c;
            Err(crate::search::no_files("a checkpoint"))
        }
        #[cfg(feature = "files")]
        let loaded = crate::search::checkpoint::open_ida(&c.dir, &c.key)?;
        #[cfg(feature = "files")]
        Ok((
            Keeper {
                c: c.clone(),
                state: std::sync::Mutex::new(KeeperState {
                    saved: loaded.clone().unwrap_or_default(),
                    last: web_time::Instant::now(),
                    since: web_time::Instant::now(),
                    error: None,
                }),
            },
            loaded,
        ))
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, KeeperState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The checkpoint refused for `why`.
    pub(super) fn refuse(&self, why: String) -> SearchError {
        let path = self.c.dir.join(crate::search::checkpoint::IDA_FILE);
        SearchError::Checkpoint(CheckpointError::Refused { path, why })
    }

    /// An iteration with bound `bound` begins after `iterations`.
    pub(super) fn begin(&self, iterations: &[Iteration], bound: u32) -> Result<(), SearchError> {
        let mut st = self.lock();
        st.saved = IdaSaved {
            iterations: iterations.to_vec(),
            bound,
            ..IdaSaved::default()
        };
        st.since = web_time::Instant::now();
        Ok(self.save_if_due(&mut st)?)
    }

    /// The iteration is split at depth `split` into `tasks` subtrees, of
    /// which `done` are searched.
    pub(super) fn split(&self, split: u32, tasks: u64, done: Vec<DoneTask>) -> Result<(), SearchError> {
        let mut st = self.lock();
        st.saved.split = split;
        st.saved.tasks = tasks;
        st.saved.done = done;
        Ok(self.save_if_due(&mut st)?)
    }

    /// A subtree was searched to the end.
    pub(super) fn done(&self, d: DoneTask) {
        let mut st = self.lock();
        st.saved.done.push(d);
        if st.error.is_none()
            && let Err(e) = self.save_if_due(&mut st)
        {
            st.error = Some(e);
        }
    }

    /// Writes what the run has done if the last write is
    /// [`Checkpoint::every`] old.
    pub(super) fn save_if_due(&self, st: &mut KeeperState) -> Result<(), CheckpointError> {
        if st.last.elapsed() >= self.c.every {
            Self::save(&self.c, st)?;
        }
        Ok(())
    }

    /// Writes what the run has done.
    pub(super) fn write(&self) -> Result<(), SearchError> {
        Self::save(&self.c, &mut self.lock()).map_err(SearchError::Checkpoint)
    }

    /// The first write that failed during the iteration.
    pub(super) fn failed(&self) -> Result<(), SearchError> {
        match self.lock().error.take() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }

    pub(super) fn save(c: &Checkpoint, st: &mut KeeperState) -> Result<(), CheckpointError> {
        // The iteration's seconds so far, this run's added to those before.
        let mut saved = st.saved.clone();
        saved.seconds += st.since.elapsed().as_secs_f64();
        #[cfg(feature = "files")]
        crate::search::checkpoint::save_ida(&c.dir, &c.key, &saved)?;
        #[cfg(not(feature = "files"))]
        let _ = saved;
        #[cfg(not(feature = "files"))]
        let _ = c;
        st.last = web_time::Instant::now();
        Ok(())
    }

    /// The search is over: its checkpoint is of no more use.
    pub(super) fn remove(&self, ctx: &crate::Context) {
        crate::search::checkpoint::finished(&self.c.dir, crate::search::checkpoint::IDA_FILE, ctx);
        // A process's own folder goes too, once empty.
        #[cfg(feature = "files")]
        if self
            .c
            .dir
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("process-"))
        {
            let _ = std::fs::remove_dir(&self.c.dir);
        }
    }
}
