//! The analysis across the processes of an MPI job gives what one process
//! gives (built with `--features mpi`; needs `mpiexec` from OpenMPI).
#![cfg(feature = "mpi")]

use serde_json::Value;
use std::process::Command;

/// The JSON of an analysis without its work and time (a run across
/// processes expands every level top-down, so its work differs).
fn result(out: std::process::Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["stats"] = Value::Null;
    v
}

fn mpiexec(n: &str, args: &[&str]) -> std::process::Output {
    let pdb = tempfile::tempdir().unwrap();
    mpi_job(n, args, pdb.path())
        .output()
        .expect("mpiexec (OpenMPI) on the PATH")
}

#[test]
fn four_processes_give_the_single_process_analysis_of_the_3x4() {
    let args = ["longest", "sliding", "--size", "4x3", "--json", "-q"];
    let single = result(
        Command::new(env!("CARGO_BIN_EXE_tansaku"))
            .args(args)
            .args(["--bits", "2"])
            .output()
            .unwrap(),
    );
    let out = mpiexec("4", &[&args[..], &["--mpi"]].concat());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("4 processes"), "{err}");
    let spread = result(out);
    assert_eq!(spread, single);
    assert_eq!(
        (spread["longest"].as_u64(), spread["count"].as_u64()),
        (Some(53), Some(18))
    );
}

#[test]
fn any_number_of_processes_gives_the_same_2x5_analysis() {
    let args = ["longest", "sliding", "--size", "5x2", "--json", "-q", "--mpi"];
    let one = result(mpiexec("1", &args));
    for n in ["2", "3"] {
        assert_eq!(result(mpiexec(n, &args)), one, "{n} processes");
    }
}

#[test]
fn a_killed_job_goes_on_from_every_processs_checkpoint() {
    let args = ["longest", "sliding", "--size", "4x3", "--json", "-q", "--mpi"];
    let single = result(
        Command::new(env!("CARGO_BIN_EXE_tansaku"))
            .args(["longest", "sliding", "--size", "4x3", "--json", "-q", "--bits", "2"])
            .output()
            .unwrap(),
    );
    let dir = tempfile::tempdir().unwrap();
    let dir_arg = dir.path().to_str().unwrap();
    // The job killed twice (mpiexec takes its processes down with it),
    // each time once both processes have written a checkpoint in this
    // run (not after a fixed time: on a loaded machine a job could be
    // killed before its first level), going on from the last level both
    // processes hold.
    for _ in 0..2 {
        let started = std::time::SystemTime::now();
        let mut job = Command::new("mpiexec")
            .args(["--oversubscribe", "-n", "2", env!("CARGO_BIN_EXE_tansaku")])
            .args(args)
            .args(["--checkpoint", dir_arg, "--checkpoint-every", "0"])
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let clock = std::time::Instant::now();
        while !(0..2).all(|me| written_since(&dir.path().join(format!("process-{me}-of-2")), started)) {
            assert!(
                clock.elapsed() < std::time::Duration::from_secs(300),
                "no checkpoint in 5 minutes"
            );
            assert!(job.try_wait().unwrap().is_none(), "the job ended before it was killed");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // SIGTERM: mpiexec ends every process of the job.
        terminate(job.id());
        job.wait().unwrap();
    }
    assert!(dir.path().join("process-1-of-2").exists());
    // Another number of processes, or one process alone, is refused
    // rather than starting afresh beside the job's checkpoints.
    let three = mpiexec("3", &[&args[..], &["--checkpoint", dir_arg]].concat());
    let err = String::from_utf8_lossy(&three.stderr).to_string();
    assert!(
        !three.status.success() && err.contains("this one runs on 3 processes"),
        "{err}"
    );
    let alone = Command::new(env!("CARGO_BIN_EXE_tansaku"))
        .args([
            "longest",
            "sliding",
            "--size",
            "4x3",
            "--json",
            "-q",
            "--bits",
            "2",
            "--checkpoint",
            dir_arg,
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&alone.stderr).to_string();
    assert_eq!(alone.status.code(), Some(2), "{err}");
    assert!(
        err.contains("written by a run on 2 processes and this one runs on one process"),
        "{err}"
    );
    assert!(!dir.path().join("process-0-of-3").exists());
    let resumed = result(mpiexec("2", &[&args[..], &["--checkpoint", dir_arg]].concat()));
    assert_eq!(resumed, single);
}

/// Whether `folder` holds a checkpoint (`.ckpt`) written at `since` or
/// later, in it or below.
fn written_since(folder: &std::path::Path, since: std::time::SystemTime) -> bool {
    std::fs::read_dir(folder).into_iter().flatten().flatten().any(|e| {
        let p = e.path();
        if p.is_dir() {
            written_since(&p, since)
        } else {
            p.extension().is_some_and(|x| x == "ckpt")
                && e.metadata().and_then(|m| m.modified()).is_ok_and(|t| t >= since)
        }
    })
}

/// What IDA* must give alike on any number of processes.
fn ida_counts(out: std::process::Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    crate::support::ida_counts(&serde_json::from_slice(&out.stdout).unwrap())
}

#[test]
fn ida_across_processes_gives_the_answer_and_counts_of_one() {
    let pdb = tempfile::tempdir().unwrap();
    let base = &IDA_ARGS[..IDA_ARGS.len() - 1];
    for extra in [&[][..], &["--frontier", "3000"][..]] {
        let args = [base, extra].concat();
        let one = ida_counts(
            Command::new(env!("CARGO_BIN_EXE_tansaku"))
                .args(&args)
                .env("TANSAKU_PDB_DIR", pdb.path())
                .output()
                .unwrap(),
        );
        assert_eq!(one[0], 57);
        for n in ["2", "3"] {
            let out = mpi_job(n, &[&args[..], &["--mpi"]].concat(), pdb.path())
                .output()
                .expect("mpiexec (OpenMPI) on the PATH");
            assert_eq!(ida_counts(out), one, "{n} processes, {extra:?}");
        }
    }
}

/// Korf's #80 with linear conflicts on one thread a process (14M nodes).
const IDA_ARGS: [&str; 13] = [
    "solve",
    "sliding",
    "--board",
    "11 0 15 8 13 12 3 5 10 1 4 6 14 9 7 2",
    "--goal",
    "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    "--bound",
    "linear-conflicts",
    "--json",
    "-q",
    "--threads",
    "1",
    "--mpi",
];

fn mpi_job(n: &str, args: &[&str], pdb: &std::path::Path) -> Command {
    let mut c = Command::new("mpiexec");
    c.args(["--oversubscribe", "-n", n, env!("CARGO_BIN_EXE_tansaku")])
        .args(args)
        .env("TANSAKU_PDB_DIR", pdb)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    c
}

#[test]
fn a_killed_ida_job_goes_on_from_every_processs_checkpoint() {
    let pdb = tempfile::tempdir().unwrap();
    let whole = ida_counts(mpi_job("1", &IDA_ARGS, pdb.path()).output().unwrap());
    assert_eq!(whole[0], 57);
    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path().join("run");
    let dir_arg = dir.to_str().unwrap();
    let loud: Vec<&str> = IDA_ARGS.iter().copied().filter(|&a| a != "-q").collect();
    let args = [&loud[..], &["--checkpoint", dir_arg, "--checkpoint-every", "0"]].concat();
    // Killed (SIGTERM to mpiexec takes the job down) after a growing
    // delay, until a run ends by itself.
    let (mut kills, mut held) = (0, 0);
    let mut done = None;
    for k in 0..40u64 {
        let had = dir.join("process-0-of-2").join("ida.ckpt").exists();
        let mut job = mpi_job("2", &args, pdb.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while job.try_wait().unwrap().is_none() && start.elapsed() < std::time::Duration::from_millis(900 + 150 * k) {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        if job.try_wait().unwrap().is_none() {
            terminate(job.id());
            job.wait().unwrap();
            kills += 1;
            held += usize::from(dir.join("process-1-of-2").join("ida.ckpt").exists());
            continue;
        }
        let out = job.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{err}");
        // Process 0 speaks for the job.
        assert_eq!(err.matches("resumed at bound").count(), usize::from(had), "{err}");
        if had {
            assert!(err.contains("from the checkpoints in"), "{err}");
        }
        done = Some(ida_counts(out));
        break;
    }
    let done = done.expect("a run ends within 40 tries");
    assert!(
        kills >= 2 && held >= 1,
        "killed {kills} times, {held} with checkpoints: the test proves nothing"
    );
    assert_eq!(done, whole);
    // Over: every process removed its checkpoint and its folder.
    assert!(!dir.join("process-0-of-2").exists() && !dir.join("process-1-of-2").exists());
}

#[test]
fn an_ida_checkpoint_of_another_number_of_processes_is_refused() {
    let pdb = tempfile::tempdir().unwrap();
    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path().join("run");
    std::fs::create_dir_all(dir.join("process-1-of-2")).unwrap();
    std::fs::write(dir.join("process-1-of-2").join("ida.ckpt"), b"x").unwrap();
    let args = [&IDA_ARGS[..], &["--checkpoint", dir.to_str().unwrap()]].concat();
    for n in ["1", "3"] {
        let out = mpi_job(n, &args, pdb.path()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!out.status.success(), "{n} processes: {err}");
        let runs = if n == "1" { "one process" } else { "3 processes" };
        assert!(
            err.contains(&format!("written by a run on 2 processes and this one runs on {runs}")),
            "{n} processes: {err}"
        );
    }
}

/// A job killed while one process had written the iteration the others had
/// begun: that process takes their finished iterations and the job gives
/// the counts of one run. (Runs stopped by the depth limit leave their
/// checkpoints at a known iteration.)
#[test]
fn a_process_behind_the_others_takes_their_iterations() {
    let pdb = tempfile::tempdir().unwrap();
    let whole = ida_counts(mpi_job("1", &IDA_ARGS, pdb.path()).output().unwrap());
    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path().join("run");
    let args = [
        &IDA_ARGS[..],
        &["--checkpoint", dir.to_str().unwrap(), "--checkpoint-every", "0"],
    ]
    .concat();
    let one = dir.join("process-1-of-2").join("ida.ckpt");
    let mut behind = Vec::new();
    for depth in ["52", "56"] {
        let out = mpi_job("2", &[&args[..], &["--max-depth", depth]].concat(), pdb.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(err.contains(&format!("no solution of at most {depth} moves")), "{err}");
        if behind.is_empty() {
            behind = std::fs::read(&one).unwrap();
        }
    }
    assert_ne!(std::fs::read(&one).unwrap(), behind);
    std::fs::write(&one, &behind).unwrap();
    let loud: Vec<&str> = args.iter().copied().filter(|&a| a != "-q").collect();
    let out = mpi_job("2", &loud, pdb.path()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("resumed at bound 55 from the checkpoints in"), "{err}");
    assert_eq!(ida_counts(out), whole);
}

/// Sends SIGTERM to process `pid` (mpiexec passes it on to the job).
fn terminate(pid: u32) {
    // SAFETY: kill(2) takes plain integers and touches no memory of ours;
    // the worst a stale pid does is fail with ESRCH.
    unsafe { libc::kill(pid as i32, libc::SIGTERM) };
}
