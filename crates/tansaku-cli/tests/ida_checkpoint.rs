//! IDA* that survives a kill: `solve sliding --checkpoint DIR`, killed
//! (SIGKILL, no chance to clean up) at several moments and run again,
//! reports the same length, solution and node counts, iteration by
//! iteration, as one uninterrupted run, whatever the threads of each run;
//! a damaged, truncated or foreign checkpoint is refused in one line.

use crate::support::ida_counts;
use crate::support::killed::{ida_progress as progress, kill_when};
use serde_json::Value;
use std::path::Path;

const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
/// Korf's #80 (57 moves): 14M nodes with linear conflicts, eight
/// iterations.
const BOARD: &str = "11 0 15 8 13 12 3 5 10 1 4 6 14 9 7 2";
const OTHER: &str = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15";
/// Korf's #19 (46 moves): five iterations, so that a run writing after
/// every subtree (a few thousand an iteration) ends in seconds.
const KILLED: (&str, u64) = ("7 11 8 3 14 0 6 15 1 4 13 9 5 12 2 10", 46);

fn args(board: &str, threads: usize, dir: Option<&Path>, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = [
        "solve",
        "sliding",
        "--board",
        board,
        "--goal",
        GOAL,
        "--bound",
        "linear-conflicts",
        "--json",
        "--threads",
        &threads.to_string(),
    ]
    .map(String::from)
    .to_vec();
    a.extend(extra.iter().map(|e| e.to_string()));
    if let Some(d) = dir {
        a.extend([
            "--checkpoint".into(),
            d.display().to_string(),
            "--checkpoint-every".into(),
            "0".into(),
        ]);
    }
    a
}

fn bin(pdb: &Path) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("tansaku"));
    c.env("TANSAKU_PDB_DIR", pdb);
    c
}

#[test]
fn killed_and_resumed_ida_reports_the_counts_of_one_run() {
    killed_and_resumed(&[]);
}

/// The same below an A* frontier: A* runs again (it is quick and
/// deterministic), then IDA* goes on over the frontier's subtrees.
#[test]
fn killed_and_resumed_astar_ida_reports_the_counts_of_one_run() {
    killed_and_resumed(&["--frontier", "3000"]);
}

fn killed_and_resumed(extra: &[&str]) {
    let pdb = crate::support::shared_pdb_dir();
    let (board, length) = KILLED;
    let out = bin(&pdb).args(args(board, 2, None, extra)).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let whole: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(whole["length"], length);
    let iterations = whole["iterations"].as_array().unwrap().len() as u64;
    assert!(iterations > KILLS, "{iterations} iterations: too few for {KILLS} kills");

    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path().join("run");
    let file = dir.join("ida.ckpt");
    // Killed on events, not after a time: run k is killed once it has
    // written a checkpoint of its own (past the one it resumed from) in
    // which at least k * (iterations - 1) / KILLS iterations are done, so
    // the kills land from the first write to the last iteration but one,
    // one, then two threads, whatever the machine's speed. Each run after
    // the first goes on from the last one's checkpoint; the last one runs
    // to the end.
    for k in 0..=KILLS {
        let threads = 1 + k as usize % 2;
        let resumed_from = progress(&file);
        let target = k * (iterations - 1) / KILLS;
        let mut cmd = bin(&pdb);
        cmd.args(args(board, threads, Some(&dir), extra));
        let run = kill_when(&mut cmd, || {
            k < KILLS && progress(&file).is_some_and(|p| Some(p) > resumed_from && p.0 >= target)
        });
        let err = run.err();
        assert_eq!(
            err.matches("resumed at bound").count(),
            usize::from(k > 0),
            "run {k}: {err}"
        );
        if k < KILLS {
            assert!(run.killed, "run {k} ended before its kill: {err}");
            let saved = progress(&file).expect("a checkpoint after a kill");
            assert!(saved.0 >= target, "run {k}: {saved:?}");
            continue;
        }
        assert!(run.output.status.success(), "{err}");
        assert!(err.contains("the run is over: removed its checkpoint"), "{err}");
        let done: Value = serde_json::from_slice(&run.output.stdout).unwrap();
        assert_eq!(ida_counts(&done), ida_counts(&whole));
        // The seconds count every run's, the killed ones' too: at least
        // the iterations' own.
        let per_iteration: f64 = done["iterations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["seconds"].as_f64().unwrap())
            .sum();
        let total = done["stats"]["seconds"].as_f64().unwrap();
        assert!(
            total >= per_iteration * 0.999,
            "{total} s, iterations {per_iteration} s"
        );
    }
    assert!(!file.exists(), "the checkpoint is removed at the end");
}

/// How many runs of the search are killed before one runs to its end.
const KILLS: u64 = 3;

/// Runs the search with a checkpoint until its checkpoint holds a
/// subtree searched, killing it then; the file's bytes.
fn leave_a_checkpoint(pdb: &Path, dir: &Path) -> Vec<u8> {
    let file = dir.join("ida.ckpt");
    let mut cmd = bin(pdb);
    cmd.args(args(BOARD, 2, Some(dir), &[]));
    let run = kill_when(&mut cmd, || progress(&file).is_some_and(|(_, done)| done > 0));
    assert!(run.killed, "the search ended before it was killed: {}", run.err());
    std::fs::read(&file).expect("a checkpoint")
}

/// Runs `board` on `dir`: exit 2 and one line that names the file.
fn refused(pdb: &Path, dir: &Path, board: &str, why: &str) {
    let out = bin(pdb).args(args(board, 2, Some(dir), &[])).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("ida.ckpt") && err.contains("refused") && err.contains(why),
        "{why}: {err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused_in_one_line() {
    let pdb = crate::support::shared_pdb_dir();
    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path();
    let file = dir.join("ida.ckpt");
    let good = leave_a_checkpoint(&pdb, dir);
    // Another board's search.
    refused(&pdb, dir, OTHER, "it is of");
    // One bit changed in the checksum, then in the counts before it
    // (corrupt, or a list longer than the file).
    let mut bad = good.clone();
    let n = bad.len();
    bad[n - 1] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    refused(&pdb, dir, BOARD, "corrupt");
    let mut bad = good.clone();
    bad[n - 12] ^= 0x10;
    std::fs::write(&file, &bad).unwrap();
    refused(&pdb, dir, BOARD, "");
    // Cut short.
    std::fs::write(&file, &good[..good.len() / 2]).unwrap();
    refused(&pdb, dir, BOARD, "truncated");
    // Another format version.
    let mut bad = good.clone();
    bad[16] = 99;
    std::fs::write(&file, &bad).unwrap();
    refused(&pdb, dir, BOARD, "version 99");
    // Not a checkpoint of IDA*.
    std::fs::write(&file, b"tansaku-retro\0\0\0 and more").unwrap();
    refused(&pdb, dir, BOARD, "not a tansaku checkpoint of an IDA* search");
    // The good one is taken again and the search ends with its length
    // (checkpoints at the default pace now: a write after every subtree
    // would only make the rest of the run slow).
    std::fs::write(&file, &good).unwrap();
    let out = bin(&pdb)
        .args(args(BOARD, 2, None, &[]))
        .args(["--checkpoint".as_ref(), dir.as_os_str()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["length"], 57);
    // A checkpoint folder that is a file is one line too.
    let not_dir = dir.join("plain-file");
    std::fs::write(&not_dir, b"x").unwrap();
    let out = bin(&pdb).args(args(BOARD, 2, Some(&not_dir), &[])).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("not a folder") && err.trim_end().lines().count() == 1,
        "{err}"
    );
}
