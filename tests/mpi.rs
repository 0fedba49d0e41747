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
    Command::new("mpiexec")
        .args(["--oversubscribe", "-n", n, env!("CARGO_BIN_EXE_tansaku")])
        .args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
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
    // each time going on from the last level both processes hold.
    for secs in [2u64, 4] {
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
        std::thread::sleep(std::time::Duration::from_secs(secs));
        // SIGTERM: mpiexec ends every process of the job.
        unsafe { libc::kill(job.id() as i32, libc::SIGTERM) };
        job.wait().unwrap();
    }
    assert!(dir.path().join("process-1-of-2").exists());
    let resumed = result(mpiexec("2", &[&args[..], &["--checkpoint", dir_arg]].concat()));
    assert_eq!(resumed, single);
}

/// What IDA* must give alike on any number of processes: length, boards,
/// totals and each iteration's bound and counts.
fn ida_counts(out: std::process::Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let its: Vec<Value> = v["iterations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| serde_json::json!([i["bound"], i["expanded"], i["generated"]]))
        .collect();
    serde_json::json!([
        v["length"],
        v["boards"],
        v["stats"]["generated"],
        v["stats"]["expanded"],
        its
    ])
}

#[test]
fn ida_across_processes_gives_the_answer_and_counts_of_one() {
    let pdb = tempfile::tempdir().unwrap();
    // Korf's #80 (57 moves, 14M nodes with linear conflicts).
    let base = [
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
    ];
    for extra in [&[][..], &["--frontier", "3000"][..]] {
        let args = [&base[..], extra].concat();
        let one = ida_counts(
            Command::new(env!("CARGO_BIN_EXE_tansaku"))
                .args(&args)
                .env("TANSAKU_PDB_DIR", pdb.path())
                .output()
                .unwrap(),
        );
        assert_eq!(one[0], 57);
        for n in ["2", "3"] {
            let out = Command::new("mpiexec")
                .args(["--oversubscribe", "-n", n, env!("CARGO_BIN_EXE_tansaku")])
                .args(&args)
                .arg("--mpi")
                .env("TANSAKU_PDB_DIR", pdb.path())
                .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
                .output()
                .expect("mpiexec (OpenMPI) on the PATH");
            assert_eq!(ida_counts(out), one, "{n} processes, {extra:?}");
        }
    }
}
