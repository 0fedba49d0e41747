//! The checkpoints of a dense analysis, for one process or for the
//! processes of a job alike ([`Keeper`]): where they are, going on from
//! one, writing one when it is due, removing them at the end.
//!
//! A process alone keeps one file in the folder the user chose (written
//! to a temporary file and renamed, so a kill leaves the old one or the
//! new one). Each process of a job of N keeps its own under
//! `process-K-of-N/`, in two generations (even and odd levels), so that a
//! kill during a write leaves a level that every process holds; the
//! processes agree on the latest such level when they go on, on when to
//! write (process 0's clock decides), and on whether every write
//! succeeded. A folder holding the checkpoints of another number of
//! processes is refused.

use super::SearchError;
use super::checkpoint::{self, Saved};
use super::shares::Shares;
use super::table::{Checkpoint, Code, Table};
use std::time::Duration;
use web_time::Instant;

/// Where a dense analysis keeps its checkpoints, and when it last wrote.
pub(crate) struct Keeper {
    /// The generations: one alone, two for a process of a job; none
    /// without a checkpoint.
    gens: Vec<Checkpoint>,
    /// The folder the user chose (none: no checkpoint).
    dir: Option<Checkpoint>,
    bits: u32,
    /// States of this process's table.
    states: u64,
    cadence: Cadence,
}

/// When a checkpoint is worth writing: the least time between two has
/// passed, and the work since the last is twenty times what writing it
/// cost. Every level loop that checkpoints keeps one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cadence {
    last_write: Instant,
    write_cost: Duration,
}

impl Cadence {
    /// Nothing written yet: the first write is due after `every`.
    pub(crate) fn new() -> Self {
        Cadence {
            last_write: Instant::now(),
            write_cost: Duration::ZERO,
        }
    }

    /// Whether a write is due, the least time between two being `every`.
    pub(crate) fn due(&self, every: Duration) -> bool {
        let since = self.last_write.elapsed();
        since >= every && since >= self.write_cost * 20
    }

    /// A write begun at `started` has just ended.
    pub(crate) fn wrote(&mut self, started: Instant) {
        self.write_cost = started.elapsed();
        self.last_write = Instant::now();
    }
}

impl Keeper {
    /// The checkpoints of `save` for this process's slice of `shares`, in
    /// slots of `bits`.
    pub(crate) fn new(save: Option<&Checkpoint>, shares: &Shares, bits: u32) -> Result<Self, SearchError> {
        let states = shares.hi - shares.lo;
        let gens = match (save, shares.shared()) {
            (None, _) => Vec::new(),
            (Some(c), false) => vec![c.clone()],
            (Some(c), true) => {
                let (me, size) = shares.me();
                #[cfg(feature = "files")]
                checkpoint::same_processes(&c.dir, size, &[checkpoint::FILE, checkpoint::DISK_FILE])?;
                let dir = c.dir.join(format!("process-{me}-of-{size}"));
                let key = format!("{}, process {me} of {size}, ranks {}..{}", c.key, shares.lo, shares.hi);
                ["even", "odd"]
                    .map(|g| Checkpoint {
                        dir: dir.join(g),
                        key: key.clone(),
                        every: c.every,
                    })
                    .to_vec()
            }
        };
        Ok(Keeper {
            gens,
            dir: save.cloned(),
            bits,
            states,
            cadence: Cadence::new(),
        })
    }

    /// The levels done, loaded into `table`, when there is a checkpoint
    /// to go on from (for a job: the latest level every process holds).
    pub(crate) fn resume<C: Code>(&self, shares: &Shares, table: &Table<C>) -> Result<Option<Saved>, SearchError> {
        if self.gens.is_empty() {
            return Ok(None);
        }
        let mut opened = Vec::new();
        for c in &self.gens {
            opened.push(open(c, self.bits, self.states)?);
        }
        if !shares.shared() {
            return match opened.pop().flatten() {
                Some(file) => Ok(Some(load(file, table)?)),
                None => Ok(None),
            };
        }
        // Levels held, plus one (0: none), both generations of every process.
        let mine: Vec<u64> = opened.iter().map(|o| o.as_ref().map_or(0, |f| level(f) + 1)).collect();
        let all = shares.gather(&mine);
        let best = all
            .iter()
            .copied()
            .filter(|&l| l > 0 && all.chunks(2).all(|held| held.contains(&l)))
            .max();
        let Some(level) = best else { return Ok(None) };
        let g = mine.iter().position(|&l| l == level).expect("held by every process");
        let file = opened.swap_remove(g).expect("opened");
        Ok(Some(load(file, table)?))
    }

    /// Whether a checkpoint is due: one is asked for, the least time
    /// between two has passed, and the work since the last is twenty times
    /// what writing it cost (for a job, as process 0's clock says).
    pub(crate) fn due(&self, shares: &Shares) -> bool {
        let Some(c) = &self.dir else { return false };
        shares.any(shares.me().0 == 0 && self.cadence.due(c.every))
    }

    /// Writes the levels done (for a job, every process its generation, or
    /// none succeeds).
    pub(crate) fn write<C: Code>(
        &mut self,
        shares: &Shares,
        histogram: &[u64],
        weights: &[u64],
        expanded: u64,
        table: &Table<C>,
    ) -> Result<(), SearchError> {
        if self.gens.is_empty() {
            return Ok(());
        }
        let t = Instant::now();
        let c = &self.gens[(histogram.len() - 1) % self.gens.len()];
        let saved = Saved {
            histogram: histogram.to_vec(),
            weights: weights.to_vec(),
            expanded,
        };
        let mine = save(c, self.bits, self.states, &saved, table);
        if shares.any(mine.is_err()) {
            mine?;
            return Err(SearchError::Unsupported(
                "another process could not write its checkpoint (its own message says why)".into(),
            ));
        }
        self.cadence.wrote(t);
        Ok(())
    }

    /// The run is over: its checkpoints could only restart it (each
    /// process removes its own; process 0 says so).
    pub(crate) fn finish(&self, shares: &Shares, ctx: &crate::Context) {
        let quiet = crate::Context::new();
        let tell = if shares.me().0 == 0 { ctx } else { &quiet };
        for g in &self.gens {
            checkpoint::finished(&g.dir, checkpoint::FILE, tell);
        }
    }
}

#[cfg(feature = "files")]
use checkpoint::Opened;

#[cfg(feature = "files")]
fn open(c: &Checkpoint, bits: u32, states: u64) -> Result<Option<Opened>, SearchError> {
    Ok(checkpoint::open(&c.dir, &c.key, bits, states)?)
}

#[cfg(feature = "files")]
fn level(f: &Opened) -> u64 {
    f.level() as u64
}

#[cfg(feature = "files")]
fn load<C: Code>(f: Opened, table: &Table<C>) -> Result<Saved, SearchError> {
    Ok(checkpoint::load(f, &table.words)?)
}

#[cfg(feature = "files")]
fn save<C: Code>(c: &Checkpoint, bits: u32, states: u64, s: &Saved, table: &Table<C>) -> Result<(), SearchError> {
    Ok(checkpoint::save(&c.dir, &c.key, bits, states, s, &table.words)?)
}

/// Without files there is no checkpoint to go on from, nor to write:
/// `open` refuses, so no `Opened` is ever made.
#[cfg(not(feature = "files"))]
struct Opened;

#[cfg(not(feature = "files"))]
fn open(_: &Checkpoint, _: u32, _: u64) -> Result<Option<Opened>, SearchError> {
    Err(super::no_files("a checkpoint"))
}

#[cfg(not(feature = "files"))]
fn level(_: &Opened) -> u64 {
    0
}

#[cfg(not(feature = "files"))]
fn load<C: Code>(_: Opened, _: &Table<C>) -> Result<Saved, SearchError> {
    Err(super::no_files("a checkpoint"))
}

#[cfg(not(feature = "files"))]
fn save<C: Code>(_: &Checkpoint, _: u32, _: u64, _: &Saved, _: &Table<C>) -> Result<(), SearchError> {
    Err(super::no_files("a checkpoint"))
}
