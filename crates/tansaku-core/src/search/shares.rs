//! A dense analysis shared by the processes of a job (an MPI job, or any
//! [`Processes`] in the context): each process owns one slice of the rank
//! space, two bits a rank, and the levels run together.
//!
//! Each level, every process expands the states of its slice at the level
//! being expanded, batch by batch. A successor it owns is claimed there
//! (a few hundred at a time, their words prefetched: [`Claims`]);
//! one owned by another process is sent to it. The states travel in an
//! all-to-all exchange after every batch: a batch of at most 2^15 words
//! sends at most a few million ranks to each process, so the buffers stay
//! small. Every process goes through the same number of exchanges (they
//! agree on whether any has a batch left). After the level, the states
//! found are summed, so every process holds the same histogram; the
//! longest positions are gathered from every slice.
//!
//! Slices are contiguous ranges of ranks, so a puzzle whose rank puts the
//! digits that moves change least at the top keeps most moves on their
//! owner (the sliding boards' rank has the empty cell as its lowest digit,
//! so a sideways slide never leaves its slice). The traffic (ranks sent,
//! 8 bytes each) and the share of moves that stayed on their owner are
//! told as a notice at the end.
//!
//! A job of one process (or none) is the plain analysis: its slice is the
//! whole space and nothing is exchanged.

use super::table::{CHUNK_WORDS, Claims, Code, Table, matches, slots};
use crate::Ranked;
use crate::context::Processes;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// Words of a process's slice expanded between two exchanges.
const BATCH_WORDS: usize = 1 << 15;

/// This process's slice of the ranks, and the job's processes.
pub(crate) struct Shares<'a> {
    /// The first rank of the slice.
    pub(crate) lo: u64,
    /// The rank after the slice.
    pub(crate) hi: u64,
    /// Ranks a slice (whole words).
    slice: u64,
    /// The job's processes (`None`: alone).
    processes: Option<&'a dyn Processes>,
    /// Bytes sent, level by level.
    pub(crate) sent: Vec<u64>,
    /// Moves whose successor stayed on this process, and all moves.
    pub(crate) moves: (u64, u64),
}

impl<'a> Shares<'a> {
    /// The slice of `n` ranks this process owns among the job's
    /// `processes` (all of them when it is alone), in slices of whole words
    /// of `per_word` slots.
    pub(crate) fn of(n: u64, per_word: u64, processes: Option<&'a dyn Processes>) -> Self {
        let processes = processes.filter(|p| p.count() > 1);
        let (me, size) = processes.map_or((0, 1), |p| (p.rank() as u64, p.count() as u64));
        let slice = n.div_ceil(size).div_ceil(per_word) * per_word;
        Shares {
            lo: (me * slice).min(n),
            hi: ((me + 1) * slice).min(n),
            slice,
            processes,
            sent: Vec::new(),
            moves: (0, 0),
        }
    }

    /// Whether other processes share the work.
    pub(crate) fn shared(&self) -> bool {
        self.processes.is_some()
    }

    /// This process's number and the number of processes.
    pub(crate) fn me(&self) -> (usize, usize) {
        self.processes.map_or((0, 1), |p| (p.rank(), p.count()))
    }

    /// `x` summed over every process.
    pub(crate) fn sum(&self, x: u64) -> u64 {
        match self.processes {
            Some(p) => p.all_gather(&[x]).iter().sum(),
            None => x,
        }
    }

    /// Whether `x` holds on some process.
    pub(crate) fn any(&self, x: bool) -> bool {
        match self.processes {
            Some(p) => p.all_gather(&[u64::from(x)]).iter().any(|&v| v > 0),
            None => x,
        }
    }

    /// Every process's `mine`, in process order.
    pub(crate) fn gather(&self, mine: &[u64]) -> Vec<u64> {
        match self.processes {
            Some(p) => p.all_gather(mine),
            None => mine.to_vec(),
        }
    }

    /// Expands every state of the slice at distance `d` (code `cur`),
    /// claims its successors with code `next` where they are (here, or on
    /// the process that owns them); returns (states claimed here, states
    /// expanded here).
    pub(crate) fn top_down_level<P: Ranked, C: Code>(
        &mut self,
        p: &P,
        table: &Table<C>,
        cur: u64,
        next: u64,
    ) -> (u64, u64) {
        let (lo, hi) = (self.lo, self.hi);
        let per = C::PER_WORD as u64;
        let size = self.me().1;
        let slice = self.slice;
        let owner = move |r: u64| (r / slice) as usize;
        let (mut found, mut expanded, mut sent) = (0u64, 0u64, 0u64);
        let batches = table.words.len().div_ceil(BATCH_WORDS);
        let mut next_batch = 0usize;
        loop {
            let mut out: Vec<Vec<u64>> = vec![Vec::new(); size];
            if next_batch < batches {
                let words =
                    &table.words[next_batch * BATCH_WORDS..((next_batch + 1) * BATCH_WORDS).min(table.words.len())];
                let base = lo + (next_batch * BATCH_WORDS) as u64 * per;
                let parts: Vec<(u64, u64, u64, Vec<Vec<u64>>)> = words
                    .par_chunks(CHUNK_WORDS)
                    .enumerate()
                    .map(|(ci, part)| {
                        let mut to: Vec<Vec<u64>> = vec![Vec::new(); size];
                        let mut claims = Claims::next_of(table, next);
                        let (mut e, mut local) = (0u64, 0u64);
                        for (k, w) in part.iter().enumerate() {
                            let first = base + ((ci * CHUNK_WORDS + k) as u64) * per;
                            for s in slots::<C>(matches::<C>(w.load(Relaxed), cur)) {
                                let r = first + s as u64;
                                if r >= hi {
                                    continue;
                                }
                                e += 1;
                                p.for_each_successor_rank(r, |rt| {
                                    if (lo..hi).contains(&rt) {
                                        local += 1;
                                        claims.push((rt - lo) as usize);
                                    } else {
                                        to[owner(rt)].push(rt);
                                    }
                                });
                            }
                        }
                        (claims.finish(), e, local, to)
                    })
                    .collect();
                for (f, e, local, to) in parts {
                    found += f;
                    expanded += e;
                    self.moves.0 += local;
                    self.moves.1 += local;
                    for (dst, v) in out.iter_mut().zip(to) {
                        self.moves.1 += v.len() as u64;
                        dst.extend(v);
                    }
                }
                next_batch += 1;
            }
            sent += out.iter().map(|v| v.len() as u64).sum::<u64>();
            if let Some(procs) = self.processes {
                let mut claims = Claims::next_of(table, next);
                for r in procs.all_to_all(&out) {
                    claims.push((r - lo) as usize);
                }
                found += claims.finish();
            }
            if !self.any(next_batch < batches) {
                break;
            }
        }
        let total = self.sum(sent) * 8;
        self.sent.push(total);
        (found, expanded)
    }

    /// The first `keep` ranks of every slice whose slot holds `c`, in rank
    /// order, at most `keep` in all.
    pub(crate) fn gather_ranks<C: Code>(&self, table: &Table<C>, c: u64, keep: usize) -> Vec<u64> {
        let mine: Vec<u64> = table.ranks_with(c).take(keep).map(|r| r + self.lo).collect();
        let mut all = self.gather(&mine);
        all.truncate(keep);
        all
    }

    /// What crossed between the processes, in a line (`None` alone).
    pub(crate) fn traffic(&self) -> Option<String> {
        let (_, size) = self.me();
        self.processes?;
        let (local, all) = (self.sum(self.moves.0), self.sum(self.moves.1));
        let sent: u64 = self.sent.iter().sum();
        Some(format!(
            "mpi: {size} processes, {} sent between them, {:.1}% of moves stayed on their process",
            crate::memory::human(sent),
            100.0 * local as f64 / all.max(1) as f64
        ))
    }
}
