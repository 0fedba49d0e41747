//! Helpers shared by the command line's tests.

/// The workspace's root (where `data/` and `puzzles/` are).
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

use serde_json::{Value, json};

pub(crate) mod killed;

/// What must be the same for one IDA* however it ran (killed and resumed,
/// on one process or many): length, boards, totals and each iteration's
/// bound and counts (not its seconds).
#[allow(dead_code)]
pub(crate) fn ida_counts(v: &Value) -> Value {
    let its: Vec<Value> = v["iterations"]
        .as_array()
        .expect("the iterations")
        .iter()
        .map(|i| json!([i["bound"], i["expanded"], i["generated"]]))
        .collect();
    json!([
        v["length"],
        v["boards"],
        v["stats"]["generated"],
        v["stats"]["expanded"],
        its
    ])
}

/// The pattern databases and move-pruning automata of the 15-puzzle tests
/// that only solve, in one folder under cargo's target directory: each
/// table is built once, by whichever test needs it first. Files are
/// written under a name of their own process and renamed into place, so
/// tests running at once never read half a file. Tests that look at the
/// folder itself (build, list, clear, damage) keep their own.
#[allow(dead_code)]
pub(crate) fn shared_pdb_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("shared-pdb")
}

/// `v` with every `seconds` and `setup_seconds` set to null, at any depth:
/// what two runs of one question must share.
#[allow(dead_code)]
pub(crate) fn timeless(mut v: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for (k, x) in m.iter_mut() {
                    if k == "seconds" || k == "setup_seconds" {
                        *x = Value::Null;
                    } else {
                        walk(x);
                    }
                }
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut v);
    v
}

/// What `tansaku ARGS --json` printed: each line read as JSON with its
/// seconds removed, the exit code, and the standard error. With `pdb`,
/// tables are kept there and definitions are found by name in the
/// repository's `puzzles/`. A panic fails the test.
#[allow(dead_code)]
pub(crate) fn json_run(args: &[&str], pdb: Option<&std::path::Path>) -> (Vec<Value>, i32, String) {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_tansaku"));
    cmd.args(args).arg("--json");
    if let Some(dir) = pdb {
        cmd.env("TANSAKU_PDB_DIR", dir)
            .env("TANSAKU_PUZZLES", format!("{ROOT}/puzzles"));
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| timeless(serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {l}: {e}"))))
        .collect();
    (lines, out.status.code().unwrap(), err)
}
