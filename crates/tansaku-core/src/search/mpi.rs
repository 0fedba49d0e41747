//! The two-bit retrograde analysis across the processes of an MPI job
//! (`mpiexec -n N`, or `srun` on a cluster): each process owns one slice of
//! the rank space, two bits a rank, and the levels are run together.
//!
//! Each level, every process expands the states of its slice at the level
//! being expanded, batch by batch. A successor it owns is claimed at once;
//! one owned by another process is sent to it. The states travel in an
//! all-to-all exchange after every batch: a batch of at most 2^20 states
//! sends at most a few million ranks to each process, so the 32-bit counts
//! of MPI always hold and the buffers stay small. Every process goes through
//! the same number of exchanges (they agree by a reduction on whether any
//! has a batch left). After the level each process relabels its slice, and
//! a reduction sums the states found, so every process holds the same
//! histogram; the longest positions are gathered from every slice.
//!
//! Slices are contiguous ranges of ranks, so a puzzle whose rank puts the
//! digits that moves change least at the top keeps most moves on their
//! owner: the sliding boards' rank ([`crate::puzzles::sliding::half`]) has
//! the empty cell as its lowest digit, so a sideways slide never leaves its
//! slice. The traffic (ranks sent, 8 bytes each) and the share of moves that
//! stayed on their owner are reported.

use super::checkpoint::{self, Saved};
use super::dense::{CHUNK_WORDS, Checkpoint, Code, Table, TwoBits, matches, relabel, slots};
use super::retrograde::Analysis;
use super::{SearchError, Stats, Timer};
use crate::Ranked;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::traits::*;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// Words of a process's slice expanded between two exchanges.
const BATCH_WORDS: usize = 1 << 15;

/// What an MPI analysis found, the same on every process.
#[derive(Clone, Debug)]
pub struct MpiAnalysis<S> {
    /// The analysis, as a single process would give it (the work counted
    /// over all processes).
    pub analysis: Analysis<S>,
    /// Number of processes.
    pub processes: usize,
    /// Bytes sent between processes, level by level.
    pub bytes_per_level: Vec<u64>,
    /// Moves whose successor stayed on the process that expanded it.
    pub local_moves: u64,
    /// All moves generated.
    pub moves: u64,
}

/// The two-bit analysis of `p` over the processes of `world`; every process
/// calls it with the same arguments. Only the calling process's context
/// reports progress (give the others a quiet one). With `save`, each
/// process checkpoints its slice under `save.dir/process-K-of-N/` (even
/// and odd levels apart), and a rerun with the same number of processes
/// goes on from the latest level every process holds.
pub fn retrograde_mpi<P: Ranked, W: Communicator>(
    p: &P,
    world: &W,
    keep: usize,
    ctx: &crate::Context,
    save: Option<&Checkpoint>,
) -> Result<MpiAnalysis<P::State>, SearchError> {
    if !p.reversible() {
        return Err(SearchError::Unsupported(
            "retrograde analysis needs reversible moves".into(),
        ));
    }
    let size = world.size() as u64;
    let me = world.rank() as u64;
    let n = p.state_count();
    let per = TwoBits::PER_WORD as u64;
    // Slices of whole words.
    let slice = n.div_ceil(size).div_ceil(per) * per;
    let lo = (me * slice).min(n);
    let hi = ((me + 1) * slice).min(n);
    ctx.check(
        "this process's slice of the distance table (two bits per state)",
        (hi - lo).div_ceil(per) * 8,
    )?;
    let table = Table::<TwoBits>::new((hi - lo) as usize);
    let timer = Timer::start();
    let sum = |x: u64| -> u64 {
        let mut t = 0u64;
        world.all_reduce_into(&x, &mut t, SystemOperation::sum());
        t
    };
    let owner = |r: u64| (r / slice) as usize;

    // Each process checkpoints its slice in its own folder, in two
    // generations (even and odd levels), so that a kill during a write
    // leaves a level that every process has.
    let saves: Option<[Checkpoint; 2]> = save.map(|c| {
        let dir = c.dir.join(format!("process-{me}-of-{size}"));
        let key = format!("{}, process {me} of {size}, ranks {lo}..{hi}", c.key);
        ["even", "odd"].map(|g| Checkpoint {
            dir: dir.join(g),
            key: key.clone(),
            every: c.every,
        })
    });
    if let Some(c) = save {
        checkpoint::same_processes(&c.dir, size as usize, &[checkpoint::FILE, checkpoint::DISK_FILE])?;
    }
    let resumed = match &saves {
        Some(gens) => resume(world, gens, hi - lo, &table)?,
        None => None,
    };
    let (mut histogram, mut expanded) = match resumed {
        Some(saved) => (saved.histogram, saved.expanded),
        None => {
            let mut goals_here = 0u64;
            let goals = p.goal_states().ok_or_else(|| {
                SearchError::Unsupported("an analysis across processes needs a listable goal set".into())
            })?;
            for g in goals {
                let r = p.rank(&g);
                if (lo..hi).contains(&r) {
                    goals_here += u64::from(claim(&table, r - lo, TwoBits::current(0)));
                }
            }
            (vec![sum(goals_here)], 0)
        }
    };
    let mut unseen = n - histogram.iter().sum::<u64>();
    let progress = crate::progress::Progress::new(ctx, Some(n), "states");
    let (mut local_moves, mut moves) = (0u64, 0u64);
    let mut last_write = web_time::Instant::now();
    let mut write_cost = std::time::Duration::ZERO;
    // Every process writes its generation of the level, or none does.
    let write = |histogram: &[u64], expanded: u64| -> Result<(), SearchError> {
        let Some(gens) = &saves else { return Ok(()) };
        let c = &gens[(histogram.len() - 1) % 2];
        let saved = Saved {
            histogram: histogram.to_vec(),
            expanded,
        };
        let mine = checkpoint::save(&c.dir, &c.key, 2, hi - lo, &saved, &table.words);
        let mut failed = 0u64;
        world.all_reduce_into(&u64::from(mine.is_err()), &mut failed, SystemOperation::max());
        mine?;
        if failed > 0 {
            return Err(SearchError::Unsupported(
                "another process could not write its checkpoint (its own message says why)".into(),
            ));
        }
        Ok(())
    };
    let mut bytes_per_level = Vec::new();
    loop {
        let d = histogram.len() - 1;
        if histogram[d] == 0 || unseen == 0 {
            break;
        }
        // Every process stops, or none.
        let mut stop = 0u64;
        world.all_reduce_into(&u64::from(ctx.stopped().is_some()), &mut stop, SystemOperation::max());
        if stop > 0 {
            progress.finish();
            write(&histogram, expanded)?;
            return Err(SearchError::Stopped(
                ctx.stopped().unwrap_or(crate::context::Stop::Cancelled),
            ));
        }
        let mut found = 0u64;
        let mut sent = 0u64;
        let batches = table.words.len().div_ceil(BATCH_WORDS);
        let mut next = 0usize;
        loop {
            let mut out: Vec<Vec<u64>> = vec![Vec::new(); size as usize];
            if next < batches {
                let words = &table.words[next * BATCH_WORDS..((next + 1) * BATCH_WORDS).min(table.words.len())];
                let base = lo + (next * BATCH_WORDS) as u64 * per;
                let parts: Vec<(u64, u64, u64, Vec<Vec<u64>>)> = words
                    .par_chunks(CHUNK_WORDS)
                    .enumerate()
                    .map(|(ci, part)| {
                        let mut to: Vec<Vec<u64>> = vec![Vec::new(); size as usize];
                        let (mut f, mut e, mut local) = (0u64, 0u64, 0u64);
                        for (k, w) in part.iter().enumerate() {
                            let first = base + ((ci * CHUNK_WORDS + k) as u64) * per;
                            for s in slots::<TwoBits>(matches::<TwoBits>(w.load(Relaxed), 1)) {
                                let r = first + s as u64;
                                if r >= hi {
                                    continue;
                                }
                                e += 1;
                                let st = p.unrank(r);
                                p.for_each_successor(&st, |m, t| {
                                    let rt = p.rank_after(&st, r, m, &t);
                                    if (lo..hi).contains(&rt) {
                                        local += 1;
                                        f += u64::from(claim(&table, rt - lo, 2));
                                    } else {
                                        to[owner(rt)].push(rt);
                                    }
                                });
                            }
                        }
                        (f, e, local, to)
                    })
                    .collect();
                for (f, e, local, to) in parts {
                    found += f;
                    expanded += e;
                    local_moves += local;
                    moves += local;
                    for (dst, v) in out.iter_mut().zip(to) {
                        moves += v.len() as u64;
                        dst.extend(v);
                    }
                }
                next += 1;
            }
            // The exchange: counts first, then the ranks.
            let counts: Vec<i32> = out.iter().map(|v| v.len() as i32).collect();
            let mut incoming = vec![0i32; size as usize];
            world.all_to_all_into(&counts[..], &mut incoming[..]);
            let send: Vec<u64> = out.concat();
            sent += send.len() as u64;
            let mut recv = vec![0u64; incoming.iter().map(|&c| c as usize).sum()];
            {
                let (sd, rd) = (offsets(&counts), offsets(&incoming));
                let sp = Partition::new(&send[..], &counts[..], &sd[..]);
                let mut rp = PartitionMut::new(&mut recv[..], &incoming[..], &rd[..]);
                world.all_to_all_varcount_into(&sp, &mut rp);
            }
            for &r in &recv {
                found += u64::from(claim(&table, r - lo, 2));
            }
            let mut more = 0u64;
            world.all_reduce_into(&u64::from(next < batches), &mut more, SystemOperation::max());
            if more == 0 {
                break;
            }
        }
        let found = sum(found);
        bytes_per_level.push(sum(sent) * 8);
        progress.line(&format!(
            "  level {:>3} -> {:>3}: {:>12} new states  ({} processes, {} sent, {:.2} s)",
            d,
            d + 1,
            found,
            size,
            crate::memory::human(*bytes_per_level.last().expect("a level")),
            timer.seconds()
        ));
        progress.update(n - unseen + found, &format!("level {}", d + 1));
        if found == 0 {
            break;
        }
        histogram.push(found);
        unseen -= found;
        relabel::<TwoBits>(&table.words);
        if let Some(c) = save {
            // Process 0's clock decides for everyone.
            let since = last_write.elapsed();
            let due = u64::from(me == 0 && unseen > 0 && since >= c.every && since >= write_cost * 20);
            let mut go = 0u64;
            world.all_reduce_into(&due, &mut go, SystemOperation::max());
            if go > 0 {
                let t = web_time::Instant::now();
                write(&histogram, expanded)?;
                write_cost = t.elapsed();
                last_write = web_time::Instant::now();
            }
        }
    }
    progress.finish();
    // Over: the checkpoints could only restart it (each process removes
    // its own; process 0 says so).
    if let Some(gens) = &saves {
        let quiet = crate::Context::new();
        for g in gens {
            super::checkpoint::finished(&g.dir, super::checkpoint::FILE, if me == 0 { ctx } else { &quiet });
        }
    }
    // The longest positions: the first `keep` of each slice, gathered in
    // slice order (so in rank order).
    let mine: Vec<u64> = table.ranks_with(1).take(keep).map(|r| r + lo).collect();
    let count = mine.len() as i32;
    let mut counts = vec![0i32; size as usize];
    world.all_gather_into(&count, &mut counts[..]);
    let mut all = vec![0u64; counts.iter().map(|&c| c as usize).sum()];
    {
        let displs = offsets(&counts);
        let mut rp = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
        world.all_gather_varcount_into(&mine[..], &mut rp);
    }
    all.truncate(keep);
    let states: u64 = histogram.iter().sum();
    let longest = (histogram.len() - 1) as u32;
    Ok(MpiAnalysis {
        analysis: Analysis {
            states,
            count: histogram[longest as usize],
            longest,
            positions: all.iter().map(|&r| p.unrank(r)).collect(),
            histogram,
            stats: Stats {
                generated: states,
                expanded: sum(expanded),
                seconds: timer.seconds(),
            },
        },
        processes: size as usize,
        bytes_per_level,
        local_moves: sum(local_moves),
        moves: sum(moves),
    })
}

/// Opens this process's two generations, agrees with the others on the
/// latest level that every process holds, and loads it into `table`;
/// `None` when some process has none.
fn resume<W: Communicator>(
    world: &W,
    gens: &[Checkpoint; 2],
    states: u64,
    table: &Table<TwoBits>,
) -> Result<Option<Saved>, SearchError> {
    let mut opened = Vec::new();
    for c in gens {
        opened.push(checkpoint::open(&c.dir, &c.key, 2, states)?);
    }
    // Levels held, plus one (0: none), both generations of every process.
    let mine: [u64; 2] = [0, 1].map(|g| opened[g].as_ref().map_or(0, |o| o.level() as u64 + 1));
    let mut all = vec![0u64; 2 * world.size() as usize];
    world.all_gather_into(&mine[..], &mut all[..]);
    let best = all
        .iter()
        .copied()
        .filter(|&l| l > 0 && all.chunks(2).all(|held| held.contains(&l)))
        .max();
    let Some(level) = best else { return Ok(None) };
    let g = mine.iter().position(|&l| l == level).expect("held by every process");
    let file = opened.swap_remove(g).expect("opened");
    Ok(Some(checkpoint::load(file, &table.words)?))
}

/// Gives local slot `i` code `c` if it is not reached; true if it was not.
#[inline]
fn claim(table: &Table<TwoBits>, i: u64, c: u64) -> bool {
    super::dense::claim::<TwoBits>(&table.words, i as usize, c)
}

/// Where each part starts in a buffer of parts of `counts` entries.
fn offsets(counts: &[i32]) -> Vec<i32> {
    counts
        .iter()
        .scan(0i32, |acc, &x| {
            let at = *acc;
            *acc += x;
            Some(at)
        })
        .collect()
}

/// The processes of the MPI job (its world), for IDA* to share an
/// iteration's subtrees among them ([`crate::Context::with_processes`]).
/// MPI must be initialised while they search; every process calls the
/// search with the same arguments, and only the thread that started it
/// talks to MPI.
#[derive(Clone, Copy, Debug)]
pub struct MpiProcesses {
    rank: usize,
    count: usize,
}

impl MpiProcesses {
    /// This process in the job's world.
    pub fn world() -> Self {
        let w = mpi::topology::SimpleCommunicator::world();
        MpiProcesses {
            rank: w.rank() as usize,
            count: w.size() as usize,
        }
    }
}

impl crate::context::Processes for MpiProcesses {
    fn rank(&self) -> usize {
        self.rank
    }

    fn count(&self) -> usize {
        self.count
    }

    fn all_gather(&self, mine: &[u64]) -> Vec<u64> {
        let world = mpi::topology::SimpleCommunicator::world();
        let mut counts = vec![0i32; self.count];
        world.all_gather_into(&(mine.len() as i32), &mut counts[..]);
        let displs = offsets(&counts);
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        let mut all = vec![0u64; total];
        let mut part = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
        world.all_gather_varcount_into(mine, &mut part);
        all
    }
}
