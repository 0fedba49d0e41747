//! Definitions on the command line: tables built ahead by `pdb build
//! --def`, and bad input in one line.

use std::path::Path;

/// `pdb build --def` builds a definition's tables ahead of time (a second
/// run loads them); bad input is one line and exit code 2.
#[test]
fn pdb_build_def_and_bad_input_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let run = || {
        let out = assert_cmd::Command::cargo_bin("tansaku")
            .unwrap()
            .args(["pdb", "build", "--def"])
            .arg(&file)
            .args(["--table-memory", "512K", "--json", "-q", "--pdb-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|t| t["origin"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    // The second group of corners is a symmetric image of the first: read
    // through its table.
    assert_eq!(run(), ["built", "image"]);
    assert_eq!(run(), ["loaded", "image"]);
    let cube = Path::new(crate::support::ROOT).join("puzzles/3x3x3.tws");
    for (args, says) in [
        (vec!["--board", "R X"], "'X' is not a move of 3x3x3"),
        (
            vec!["--board", "R", "--set", "table-memory=lots"],
            "table-memory = 'lots': write a size in bytes",
        ),
        (
            // Tables are planned within the memory budget; a search that
            // stores positions is refused past it.
            vec!["--board", "R U F D L B R", "--algo", "bidir", "--max-memory", "1M"],
            "needs about",
        ),
    ] {
        let out = assert_cmd::Command::cargo_bin("tansaku")
            .unwrap()
            .args(["solve", "-q", "--def"])
            .arg(&cube)
            .args(&args)
            .env("TANSAKU_PDB_DIR", dir.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}
