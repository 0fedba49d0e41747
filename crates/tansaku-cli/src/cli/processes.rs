//! `--mpi`: the processes of an MPI job (mpiexec, srun) search one problem
//! together. MPI is started here and the job's processes put in the
//! library's context ([`tansaku::context::Processes`]); the library's
//! searches share their work through them. Only process 0 reports.

use super::Failure;
use mpi::datatype::{Partition, PartitionMut};
use mpi::traits::*;
use tansaku::options::Question;

/// The MPI job, finished (MPI_Finalize) when dropped.
pub(crate) struct Session(#[allow(dead_code)] Option<mpi::environment::Universe>);

impl Session {
    /// No job.
    pub(crate) fn none() -> Self {
        Session(None)
    }
}

/// `ctx` shared with the processes of the job this one belongs to (a quiet
/// one but for process 0), and the job.
pub(crate) fn join(ctx: tansaku::Context, question: Question) -> Result<(tansaku::Context, Session), Failure> {
    let universe = mpi::initialize().ok_or_else(|| Failure::Usage("MPI is already initialised".into()))?;
    let processes = MpiProcesses::world();
    let ctx = if processes.rank == 0 { ctx } else { ctx.quiet() };
    if processes.rank == 0 {
        eprintln!(
            "mpi: {} processes share {}",
            processes.count,
            match question {
                Question::Solve => "each iteration's subtrees",
                Question::Longest => "the table, a slice each, two bits a position",
            }
        );
    }
    Ok((
        ctx.with_processes(std::sync::Arc::new(processes)),
        Session(Some(universe)),
    ))
}

/// The processes of the MPI job (its world). MPI must be initialised
/// while they search, and only the thread that started it talks to MPI.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MpiProcesses {
    rank: usize,
    count: usize,
}

impl MpiProcesses {
    /// This process in the job's world.
    pub(crate) fn world() -> Self {
        let w = mpi::topology::SimpleCommunicator::world();
        MpiProcesses {
            rank: w.rank() as usize,
            count: w.size() as usize,
        }
    }
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

impl tansaku::context::Processes for MpiProcesses {
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

    fn all_to_all(&self, out: &[Vec<u64>]) -> Vec<u64> {
        let world = mpi::topology::SimpleCommunicator::world();
        let counts: Vec<i32> = out.iter().map(|v| v.len() as i32).collect();
        let mut incoming = vec![0i32; self.count];
        world.all_to_all_into(&counts[..], &mut incoming[..]);
        let send: Vec<u64> = out.concat();
        let mut recv = vec![0u64; incoming.iter().map(|&c| c as usize).sum()];
        let (sd, rd) = (offsets(&counts), offsets(&incoming));
        let sp = Partition::new(&send[..], &counts[..], &sd[..]);
        let mut rp = PartitionMut::new(&mut recv[..], &incoming[..], &rd[..]);
        world.all_to_all_varcount_into(&sp, &mut rp);
        recv
    }
}
