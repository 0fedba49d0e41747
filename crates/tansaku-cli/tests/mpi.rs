//! The analysis across the processes of an MPI job gives what one process
//! gives (built with `--features mpi`; needs `mpiexec` from OpenMPI).
#![cfg(feature = "mpi")]

use crate::support::killed::{Stamp, ida_progress, stamps};
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

/// The JSON of an analysis without its work and time (a run across
/// processes expands every level top-down, so its work differs).
fn result(out: Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["stats"] = Value::Null;
    v
}

fn mpiexec(n: &str, args: &[&str]) -> Output {
    let pdb = tempfile::tempdir().unwrap();
    run(mpi_job(n, args, pdb.path()))
}

/// The analysis `args` on `n` processes, checked equal to the single
/// process's at two bits, and said on stderr to run on `n`.
fn as_single(n: &str, args: &[&str]) -> Value {
    let single = result(
        Command::new(env!("CARGO_BIN_EXE_tansaku"))
            .args(args)
            .args(["--bits", "2"])
            .output()
            .unwrap(),
    );
    let out = mpiexec(n, &[args, &["--mpi"]].concat());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains(&format!("{n} processes")), "{err}");
    let spread = result(out);
    assert_eq!(spread, single);
    spread
}

#[test]
fn four_processes_give_the_single_process_analysis_of_the_3x4() {
    let spread = as_single("4", &["longest", "sliding", "--size", "4x3", "--json", "-q"]);
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

/// A puzzle file runs across processes as a built-in game does, a slot a
/// reachable position (classes are a single process's): the Dino Cube's
/// published table (OEIS A079766, two solved looks) on three processes is
/// the single process's two-bit analysis.
#[test]
fn a_puzzle_file_across_processes_gives_its_single_process_analysis() {
    let dino = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/dino.tws");
    let spread = as_single("3", &["longest", "--def", dino, "--json", "-q", "--limit", "5"]);
    let histogram: Vec<u64> = spread["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        histogram,
        [
            2, 32, 320, 2816, 23424, 180084, 1227084, 6167660, 10926002, 1429972, 1004
        ]
    );
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
    // The job killed twice (SIGKILL to every process of it), each time
    // once both processes have written a checkpoint in this run (not
    // after a fixed time: on a loaded machine a job could be killed
    // before its first level), going on from the last level both
    // processes hold.
    let pdb = tempfile::tempdir().unwrap();
    let killed = [&args[..], &["--checkpoint", dir_arg, "--checkpoint-every", "0"]].concat();
    for _ in 0..2 {
        Job::start(mpi_job("2", &killed, pdb.path())).stop_once_both_wrote(dir.path());
    }
    assert!(dir.path().join("process-1-of-2").exists());
    // Another number of processes, or one process alone, is refused
    // rather than starting afresh beside the job's checkpoints.
    let refusal = "this one runs on 3 processes";
    let three = Job::start(mpi_job(
        "3",
        &[&args[..], &["--checkpoint", dir_arg]].concat(),
        pdb.path(),
    ))
    .refused(refusal);
    let err = String::from_utf8_lossy(&three.stderr).to_string();
    assert!(!three.status.success() && err.contains(refusal), "{err}");
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

/// Whether process `me` of 2 has written a checkpoint under `dir` that
/// is not among `before`.
fn wrote(dir: &Path, me: usize, before: &BTreeSet<(PathBuf, Stamp)>) -> bool {
    !stamps(&dir.join(format!("process-{me}-of-2"))).is_subset(before)
}

/// What IDA* must give alike on any number of processes.
fn ida_counts(out: Output) -> Value {
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
            let out = run(mpi_job(n, &[&args[..], &["--mpi"]].concat(), pdb.path()));
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
    let whole = ida_counts(run(mpi_job("1", &IDA_ARGS, pdb.path())));
    assert_eq!(whole[0], 57);
    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path().join("run");
    let dir_arg = dir.to_str().unwrap();
    let loud: Vec<&str> = IDA_ARGS.iter().copied().filter(|&a| a != "-q").collect();
    let args = [&loud[..], &["--checkpoint", dir_arg, "--checkpoint-every", "0"]].concat();
    // Killed twice (SIGKILL to every process of the job), each time once
    // both processes have written a checkpoint in that run past the one
    // it resumed from, the second time with half the iterations but one
    // done (not at the first write whenever it comes: a run resumed late
    // could reach the end of its search first); the third run goes on
    // from the second's checkpoints to the end.
    let iterations = whole[4].as_array().unwrap().len() as u64;
    for target in [0, (iterations - 1) / 2] {
        Job::start(mpi_job("2", &args, pdb.path())).stop_once_both_past(&dir, target);
        assert!(dir.join("process-0-of-2").join("ida.ckpt").exists());
    }
    let out = run(mpi_job("2", &args, pdb.path()));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{err}");
    // Process 0 speaks for the job.
    assert_eq!(err.matches("resumed at bound").count(), 1, "{err}");
    assert!(err.contains("from the checkpoints in"), "{err}");
    assert_eq!(ida_counts(out), whole);
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
        let out = run(mpi_job(n, &args, pdb.path()));
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
    let whole = ida_counts(run(mpi_job("1", &IDA_ARGS, pdb.path())));
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
        let out = run(mpi_job("2", &[&args[..], &["--max-depth", depth]].concat(), pdb.path()));
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(err.contains(&format!("no solution of at most {depth} moves")), "{err}");
        if behind.is_empty() {
            behind = std::fs::read(&one).unwrap();
        }
    }
    assert_ne!(std::fs::read(&one).unwrap(), behind);
    std::fs::write(&one, &behind).unwrap();
    let loud: Vec<&str> = args.iter().copied().filter(|&a| a != "-q").collect();
    let out = run(mpi_job("2", &loud, pdb.path()));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("resumed at bound 55 from the checkpoints in"), "{err}");
    assert_eq!(ida_counts(out), whole);
}

/// The output of `job` run to its end (ten minutes at most).
fn run(job: Command) -> Output {
    Job::start(job).output(Duration::from_secs(600))
}

/// An `mpiexec` job whose every wait is bounded, and stopped by SIGKILL to
/// its whole tree (OpenMPI's mpiexec, 4.1, may not end on SIGTERM), so
/// that a test fails or goes on instead of holding CI. Its output goes to
/// files: a pipe nobody reads could stall it.
struct Job {
    child: Child,
    folder: tempfile::TempDir,
}

impl Job {
    fn start(mut job: Command) -> Job {
        let folder = tempfile::tempdir().unwrap();
        let file = |name| File::create(folder.path().join(name)).unwrap();
        let child = job
            .stdout(file("out"))
            .stderr(file("err"))
            .spawn()
            .expect("mpiexec (OpenMPI) on the PATH");
        Job { child, folder }
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.folder.path().join(name)).unwrap()
    }

    /// Waits until the job ends or `limit` passes; true if it ended.
    fn ended_within(&mut self, limit: Duration) -> bool {
        let clock = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            if clock.elapsed() > limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        true
    }

    /// Waits for the job's end, and fails (the job killed) past `limit`.
    fn output(mut self, limit: Duration) -> Output {
        if !self.ended_within(limit) {
            self.stop();
            panic!(
                "the job did not end in {limit:?}: {}",
                String::from_utf8_lossy(&self.read("err"))
            );
        }
        self.collected()
    }

    /// The output of the job, once it has ended or been stopped.
    fn collected(mut self) -> Output {
        let status = self.child.wait().unwrap();
        Output {
            status,
            stdout: self.read("out"),
            stderr: self.read("err"),
        }
    }

    /// The output of a job that must be refused, once its stderr says
    /// `refusal`: the job is waited for up to a minute more, then stopped
    /// ([`Job::stop`]). OpenMPI's mpiexec (4.1) has been seen, on a loaded
    /// machine, to say it aborted a job whose every process had refused
    /// and exited, yet not end; what is tested is the refusal, not the
    /// launcher. Fails if the job ends without it or does not say it in
    /// ten minutes.
    fn refused(mut self, refusal: &str) -> Output {
        let said = |job: &Job| String::from_utf8_lossy(&job.read("err")).contains(refusal);
        let clock = Instant::now();
        while !said(&self) {
            if self.child.try_wait().unwrap().is_some() {
                // Its stderr is complete now: read it once more.
                assert!(
                    said(&self),
                    "ended without the refusal: {}",
                    String::from_utf8_lossy(&self.read("err"))
                );
                break;
            }
            assert!(clock.elapsed() < Duration::from_secs(600), "no refusal in 10 minutes");
            std::thread::sleep(Duration::from_millis(10));
        }
        if !self.ended_within(Duration::from_secs(60)) {
            eprintln!("mpiexec did not end within a minute of the refusal: stopped");
            self.stop();
        }
        self.collected()
    }

    /// Stops the job ([`Job::stop`]) once both processes have written a
    /// checkpoint under `dir` in this run; fails if the job ends first or
    /// writes none in five minutes.
    fn stop_once_both_wrote(self, dir: &Path) {
        let before = stamps(dir);
        self.stop_once(|| (0..2).all(|me| wrote(dir, me, &before)));
    }

    /// Stops the job once `ready` holds, polled every 2 ms; fails if the
    /// job ends first or `ready` does not hold in five minutes.
    fn stop_once(mut self, mut ready: impl FnMut() -> bool) {
        let clock = Instant::now();
        while !ready() {
            if self.child.try_wait().unwrap().is_some() {
                panic!(
                    "the job ended before it was killed: {}",
                    String::from_utf8_lossy(&self.read("err"))
                );
            }
            assert!(clock.elapsed() < Duration::from_secs(300), "no checkpoint in 5 minutes");
            std::thread::sleep(Duration::from_millis(2));
        }
        self.stop();
    }

    /// Stops the job with SIGKILL, as a machine lost or a job killed by its
    /// scheduler: every process mpiexec started (each in a process group
    /// of its own, so found by parent), then mpiexec. Not SIGTERM to
    /// mpiexec: it may not end, its processes going on (seen with OpenMPI
    /// 4.1 as a job ends, and under a faked clock mid-run), and a search
    /// that goes on past its kill can end and remove its checkpoints.
    fn stop(&mut self) {
        let tree = descendants(self.child.id());
        for &pid in tree.iter().rev() {
            signal(pid, libc::SIGKILL);
        }
        self.child.wait().unwrap();
    }

    /// Stops the job as [`Job::stop_once_both_wrote`] does, once both
    /// processes' IDA* checkpoints under `dir` are past the ones the run
    /// resumed from and show at least `iterations` iterations done.
    fn stop_once_both_past(self, dir: &Path, iterations: u64) {
        let file = |me: usize| dir.join(format!("process-{me}-of-2")).join("ida.ckpt");
        let start: Vec<_> = (0..2).map(|me| ida_progress(&file(me))).collect();
        self.stop_once(|| {
            (0..2).all(|me| ida_progress(&file(me)).is_some_and(|p| Some(p) > start[me] && p.0 >= iterations))
        });
    }
}

/// `root` and every process below it, from the parents /proc gives.
fn descendants(root: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            // pid (command) state ppid ...: the command may hold spaces.
            let ppid = stat.rsplit_once(')')?.1.split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, ppid))
        })
        .collect();
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let p = tree[i];
        tree.extend(parents.iter().filter(|&&(_, pp)| pp == p).map(|&(c, _)| c));
        i += 1;
    }
    tree
}

/// Sends `sig` to process `pid`.
fn signal(pid: u32, sig: i32) {
    // SAFETY: kill(2) takes plain integers and touches no memory of ours;
    // the worst a stale pid does is fail with ESRCH.
    unsafe { libc::kill(pid as i32, sig) };
}
