//! A command started by an MPI launcher (mpiexec, mpirun, srun) without
//! `--mpi`: each process would run the whole command alone and print its
//! own answer. The launcher's environment tells; process 0 says so at
//! once and answers alone, the others leave quietly.

/// The launcher's world: (this process's rank, the number of processes),
/// when there is more than one.
fn world() -> Option<(u64, u64)> {
    let var = |k: &str| std::env::var(k).ok().and_then(|v| v.trim().parse::<u64>().ok());
    [
        ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"),
        ("PMI_RANK", "PMI_SIZE"),
        ("SLURM_PROCID", "SLURM_STEP_NUM_TASKS"),
    ]
    .into_iter()
    .find_map(|(rank, size)| Some((var(rank)?, var(size)?)))
    .filter(|&(rank, size)| size > 1 && rank < size)
}

/// `Some(exit)` for a process that must not run the command: one of
/// several an MPI launcher started, not the first, for a command without
/// `--mpi`. The first is told what happened and goes on.
pub(crate) fn check(uses_mpi: bool) -> Option<std::process::ExitCode> {
    let (rank, size) = world()?;
    if uses_mpi {
        return None;
    }
    if rank > 0 {
        return Some(std::process::ExitCode::SUCCESS);
    }
    let how = if cfg!(feature = "mpi") {
        "give --mpi to share the work between them (longest of a built-in game or a puzzle file, solve sliding)"
    } else {
        "this build has no MPI support (build with --features mpi, then give --mpi)"
    };
    eprintln!(
        "tansaku: started by an MPI launcher as process 0 of {size}, without --mpi: this process answers alone and the other processes ({}) leave at once; {how}",
        size - 1
    );
    None
}
