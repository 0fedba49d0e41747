//! The 15-puzzle on the command line: `--algo auto`, pattern databases and
//! their cache, batch solving, `tansaku pdb`.

use assert_cmd::Command;
use serde_json::Value;
use tansaku::puzzles::sliding::{Sliding, parse_board};
use tansaku::replay;

const KORF_GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Quick instances of Korf's 100 (number, board, published length).
const QUICK: [(usize, &str, usize); 4] = [
    (12, "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", 45),
    (16, "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 0", 42),
    (42, "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10", 42),
    (55, "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", 41),
];

fn tansaku(pdb: &tempfile::TempDir) -> Command {
    let mut c = Command::cargo_bin("tansaku").unwrap();
    c.env("TANSAKU_PDB_DIR", pdb.path());
    c
}

/// `tansaku` with the tables the solving tests share.
fn shared() -> Command {
    let mut c = Command::cargo_bin("tansaku").unwrap();
    c.env("TANSAKU_PDB_DIR", crate::support::shared_pdb_dir());
    c
}

fn run_json(c: &mut Command) -> Value {
    let out = c.arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The boards of a JSON solution are legal moves from the board to the goal.
fn check_solution(v: &Value, board: &str, goal: &str, length: usize) {
    assert_eq!(v["length"], length, "{board}");
    let (p, s) = Sliding::new(
        &parse_board(board, None).unwrap(),
        Some(&parse_board(goal, None).unwrap()),
    )
    .unwrap();
    let boards: Vec<_> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    assert_eq!(boards.len(), length + 1);
    let moves: Vec<_> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let (from, to) = m.as_str().unwrap().split_once("->").unwrap();
            tansaku::CellMove {
                from: from.parse().unwrap(),
                to: to.parse().unwrap(),
            }
        })
        .collect();
    let replayed = replay(&p, &s, &moves).unwrap();
    assert_eq!(replayed.last(), Some(&p.goal()));
    let shown: Vec<String> = replayed.iter().map(|b| p.format(b)).collect();
    assert_eq!(shown, boards);
}

#[test]
fn auto_picks_bfs_for_3x3_and_ida_star_with_databases_for_4x4() {
    let v = run_json(shared().args(["solve", "sliding", "--board", "867/254/3_1"]));
    assert_eq!(v["algorithm"], "bfs");
    assert!(v["auto"].as_str().unwrap().contains("breadth-first"), "{}", v["auto"]);
    assert_eq!(
        (v["length"].as_u64(), v["stats"]["generated"].as_u64()),
        (Some(31), Some(181_440))
    );
    // 4x4: IDA* with the strongest databases that fit; 300M leaves out
    // 7-8 (whose build needs 1.6 GB) and picks 6-6-3, and holds the
    // build of the 16-move automaton (about 240 MB).
    let (n, board, len) = QUICK[0];
    let v = run_json(shared().args([
        "solve",
        "sliding",
        "--board",
        board,
        "--goal",
        KORF_GOAL,
        "--max-memory",
        "300M",
    ]));
    assert_eq!(
        v["algorithm"], "idastar (6-6-3 pattern databases + mirror; automaton of 106814 states)",
        "instance {n}"
    );
    assert!(v["auto"].as_str().unwrap().contains("IDA*"), "{}", v["auto"]);
    check_solution(&v, board, KORF_GOAL, len);
    // IDA*'s work per iteration, summing to the totals; bounds step by 2.
    let its = v["iterations"].as_array().unwrap();
    let sum: u64 = its.iter().map(|i| i["generated"].as_u64().unwrap()).sum();
    assert_eq!(sum, v["stats"]["generated"].as_u64().unwrap());
    for w in its.windows(2) {
        assert_eq!(w[1]["bound"].as_u64().unwrap(), w[0]["bound"].as_u64().unwrap() + 2);
    }
    assert_eq!(its.last().unwrap()["bound"], len);
}

#[test]
fn every_bound_gives_the_published_length() {
    for (n, board, len) in QUICK {
        for bound in ["5-5-5", "6-6-3", "linear-conflicts"] {
            for threads in ["1", "2"] {
                let v = run_json(shared().args([
                    "solve",
                    "sliding",
                    "--board",
                    board,
                    "--goal",
                    KORF_GOAL,
                    "--bound",
                    bound,
                    "--threads",
                    threads,
                ]));
                check_solution(&v, board, KORF_GOAL, len);
                assert!(v["algorithm"].as_str().unwrap().starts_with("idastar"), "#{n} {bound}");
            }
        }
    }
    // Plain Manhattan is called so (it once claimed linear conflicts).
    let v = run_json(shared().args([
        "solve",
        "sliding",
        "--board",
        QUICK[2].1,
        "--bound",
        "manhattan",
        "--goal",
        KORF_GOAL,
    ]));
    assert_eq!(v["algorithm"], "idastar (manhattan; automaton of 106814 states)");
    assert_eq!(v["length"], QUICK[2].2);
}

#[test]
fn batch_answers_every_good_line_and_names_the_bad_ones() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    let mut text = String::from("# three of Korf's 100, one bad line, one unsolvable\n\n");
    for (n, board, _) in &QUICK[..3] {
        text.push_str(&format!("{board}   # instance {n}\n"));
    }
    text.push_str("1 2 3 oops\n");
    text.push_str("1 0 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n");
    std::fs::write(&file, text).unwrap();
    let batch = |json: bool| {
        let mut c = shared();
        c.args([
            "solve",
            "sliding",
            "--batch",
            file.to_str().unwrap(),
            "--goal",
            KORF_GOAL,
            "--bound",
            "6-6-3",
        ]);
        if json {
            c.arg("--json");
        }
        c.output().unwrap()
    };
    let out = batch(true);
    assert_eq!(out.status.code(), Some(2), "a bad line makes the exit code 2");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 6:"), "the bad line is named: {err}");
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6, "five boards and the totals");
    for (i, (_, board, len)) in QUICK[..3].iter().enumerate() {
        assert_eq!(lines[i]["line"], i + 3);
        check_solution(&lines[i], board, KORF_GOAL, *len);
        assert!(lines[i]["stats"]["generated"].as_u64().unwrap() > 0);
    }
    assert_eq!(lines[3]["line"], 6);
    assert!(lines[3]["error"].as_str().unwrap().contains("oops"));
    assert_eq!(lines[4]["line"], 7);
    assert!(
        lines[4]["error"].as_str().unwrap().contains("permutation"),
        "{}",
        lines[4]
    );
    let t = &lines[5]["totals"];
    assert_eq!((t["boards"].as_u64(), t["solved"].as_u64()), (Some(5), Some(3)));
    assert_eq!((t["bad"].as_u64(), t["unsolvable"].as_u64()), (Some(1), Some(1)));
    assert_eq!(t["moves"], QUICK[..3].iter().map(|q| q.2).sum::<usize>());
    // Text: a row a board and the totals.
    let out = batch(false);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().last().unwrap().starts_with("total"), "{text}");
    // A missing file is one clear line, exit 2.
    let out = shared()
        .args(["solve", "sliding", "--batch", "/no/such/file"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

/// The cache file of one table (the largest file in the folder).
fn largest_file(dir: &std::path::Path) -> std::path::PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdb"))
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .unwrap()
}

#[test]
fn a_damaged_cache_file_is_rebuilt_never_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let (_, board, len) = QUICK[1];
    let solve = |dir: &tempfile::TempDir| {
        let out = tansaku(dir)
            .args([
                "solve", "sliding", "--board", board, "--goal", KORF_GOAL, "--bound", "5-5-5", "--json",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        check_solution(&v, board, KORF_GOAL, len);
        String::from_utf8(out.stderr).unwrap()
    };
    let err = solve(&dir);
    assert!(err.contains("building the pattern database"), "{err}");
    // Three tables and the move-pruning automaton.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4, "three tables kept");
    let err = solve(&dir);
    assert!(!err.contains("building"), "loaded from the cache: {err}");
    let file = largest_file(dir.path());
    // One byte of the table altered: the checksum catches it.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let err = solve(&dir);
    assert!(err.contains("is corrupt") && err.contains("rebuilding"), "{err}");
    // Truncated.
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    let err = solve(&dir);
    assert!(err.contains("truncated") && err.contains("rebuilding"), "{err}");
    // Another format version in the header.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[12] = 99;
    std::fs::write(&file, &bytes).unwrap();
    let err = solve(&dir);
    assert!(err.contains("format version 99"), "{err}");
    // The table of another goal under this name.
    let other = largest_file(dir.path());
    let mut bytes = std::fs::read(&other).unwrap();
    bytes[20] ^= 1;
    std::fs::write(&other, &bytes).unwrap();
    let err = solve(&dir);
    assert!(err.contains("another board, goal or pattern"), "{err}");
    let err = solve(&dir);
    assert!(!err.contains("rebuilding"), "repaired: {err}");
}

#[test]
fn an_unwritable_cache_folder_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let out = tansaku(&dir)
        .args([
            "solve", "sliding", "--board", QUICK[1].1, "--goal", KORF_GOAL, "--bound", "5-5-5",
        ])
        .args(["--pdb-dir", blocker.join("sub").to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--pdb-dir") && err.contains("cannot"), "{err}");
}

#[test]
fn pdb_build_list_and_clear() {
    let dir = tempfile::tempdir().unwrap();
    let place = dir.path().join("cache");
    let place = place.to_str().unwrap();
    let v = run_json(tansaku(&dir).args(["pdb", "build", "--partition", "5-5-5", "--pdb-dir", place, "--quiet"]));
    assert_eq!(v["partition"], "5-5-5");
    let tables = v["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 3);
    for t in tables {
        assert_eq!(
            (t["origin"].as_str(), t["entries"].as_u64()),
            (Some("built"), Some(524_160))
        );
        let hist: u64 = t["histogram"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum();
        assert_eq!(hist, 524_160);
    }
    let v = run_json(tansaku(&dir).args(["pdb", "build", "--partition", "5-5-5", "--pdb-dir", place]));
    assert!(v["tables"].as_array().unwrap().iter().all(|t| t["origin"] == "loaded"));
    let v = run_json(tansaku(&dir).args(["pdb", "list", "--pdb-dir", place]));
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert!(
        files
            .iter()
            .all(|f| f["problem"].is_null() && f["bytes"].as_u64().unwrap() > 524_160)
    );
    let v = run_json(tansaku(&dir).args(["pdb", "clear", "--pdb-dir", place]));
    assert_eq!(v["removed"], 3);
    let v = run_json(tansaku(&dir).args(["pdb", "list", "--pdb-dir", place]));
    assert!(v["files"].as_array().unwrap().is_empty());
    // Boards without databases are refused in one line.
    let out = tansaku(&dir).args(["pdb", "build", "--size", "3x3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `tansaku pdb choose`: candidates measured on a sample, the chosen bound
/// printed as `--bound` takes it and solving with it; bad input refused in
/// one line.
#[test]
fn pdb_choose_measures_and_chooses() {
    let v = run_json(shared().args([
        "pdb",
        "choose",
        "--size",
        "4x4",
        "--zero-aware",
        "no",
        "--table-memory",
        "40M",
        "--grown",
        "2",
        "--walks",
        "4",
        "--moves",
        "60",
        "--quiet",
    ]));
    let singles = v["singles"].as_array().unwrap();
    assert_eq!(singles.len(), 4, "6-6-3, 5-5-5 and two grown ones fit 40M");
    let best = &v["best"];
    assert!(best["generated"].as_u64().unwrap() <= singles[0]["generated"].as_u64().unwrap());
    assert!(best["table_bytes"].as_u64().unwrap() <= 40 << 20);
    let bound = best["bound"].as_str().unwrap();
    let (n, board, len) = QUICK[1];
    let s = run_json(shared().args([
        "solve", "sliding", "--board", board, "--goal", KORF_GOAL, "--bound", bound,
    ]));
    check_solution(&s, board, KORF_GOAL, len);
    assert!(
        s["algorithm"].as_str().unwrap().contains("pattern databases"),
        "instance {n}"
    );
    for (args, says) in [
        (vec!["--size", "3x3"], "no named partition of 3x3 boards"),
        (
            vec!["--table-memory", "1K"],
            "fits the table budget; raise it with --table-memory",
        ),
        (vec!["--partition", "1-9/10-15"], "--partition 1-9/10-15"),
    ] {
        let out = shared().args(["pdb", "choose"]).args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says) && err.lines().count() == 1, "{args:?}: {err}");
    }
}

/// An automaton too long for the memory budget is refused in one line,
/// saying how to ask for less, before it grows past the budget (a
/// 24-move automaton would take far more than any machine has).
#[test]
fn an_automaton_past_the_budget_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, board, _) = QUICK[0];
    let out = tansaku(&dir)
        .args(["solve", "sliding", "--board", board, "--goal", KORF_GOAL])
        .args(["--bound", "manhattan", "--automaton", "24", "--max-memory", "64M"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("the move pruning automaton of 24 moves for 4x4 boards needs about")
            && err.contains("--automaton"),
        "{err}"
    );
    assert!(!dir.path().join("automaton-4x4-24.bin").exists());
}

/// The default automaton adapts to the budget: under 8M the 16 moves do
/// not fit, a shorter one is used and said so, and the answer is optimal.
#[test]
fn the_default_automaton_shortens_to_fit_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    let (n, board, len) = QUICK[2];
    let out = tansaku(&dir)
        .args(["solve", "sliding", "--board", board, "--goal", KORF_GOAL])
        .args(["--bound", "manhattan", "--max-memory", "8M", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the move pruning automaton of 16 moves for 4x4 boards needs about")
            && err.contains("using the automaton of 14 moves instead"),
        "{err}"
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    check_solution(&v, board, KORF_GOAL, len);
    let name = v["algorithm"].as_str().unwrap();
    assert!(
        name.starts_with("idastar (manhattan; automaton of ") && !name.contains("106814"),
        "#{n}: {name}"
    );
}
