//! The command-line contract: JSON fields, text output, exit codes.

use crate::support::timeless;
use assert_cmd::Command;
use serde_json::Value;
use tansaku::puzzles::flip::FlipIt;
use tansaku::replay;

fn tansaku() -> Command {
    Command::cargo_bin("tansaku").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = tansaku().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The boards of a solve report are consecutive legal moves ending on a goal.
fn check_boards(p: &FlipIt, v: &Value, length: usize) {
    assert_eq!(v["length"], length);
    let boards: Vec<_> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| p.parse_board(b.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(boards.len(), length + 1);
    let moves: Vec<tansaku::puzzles::flip::FlipMove> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let (from, to) = m.as_str().unwrap().split_once("->").unwrap();
            tansaku::puzzles::flip::FlipMove {
                from: from.parse().unwrap(),
                to: to.parse().unwrap(),
            }
        })
        .collect();
    assert_eq!(replay(p, &boards[0], &moves).unwrap(), boards);
    for key in ["generated", "expanded", "seconds"] {
        assert!(v["stats"][key].is_number(), "stats.{key}");
    }
}

#[test]
fn solve_flip_row_json_every_algorithm() {
    let p = FlipIt::row(6, false);
    for algo in ["bfs", "bidir", "iddfs", "idastar"] {
        let v = json(&["solve", "flip-row", "--board", "BB_BBB", "--algo", algo]);
        assert_eq!(v["puzzle"], "flip-row 6");
        assert!(v["algorithm"].as_str().unwrap().starts_with(algo));
        check_boards(&p, &v, 8);
        assert_eq!(
            v["boards"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .as_str()
                .unwrap()
                .chars()
                .filter(|&c| c == 'B')
                .count(),
            0
        );
    }
    let v = json(&["solve", "flip-row", "--board", "BB_BBB", "--goal", "_WWWWW"]);
    check_boards(&p, &v, 9);
    assert_eq!(v["boards"][9], "_WWWWW");
}

#[test]
fn solve_flip_square_default_is_the_spec_instance() {
    let v = json(&["solve", "flip-square", "--algo", "idastar"]);
    assert_eq!(v["boards"][0], "BBBB/B_BB/BBBB/BBBB");
    check_boards(&FlipIt::square(4, 4, false), &v, 22);
    let v = json(&["solve", "flip-square", "--diagonal", "--algo", "bidir"]);
    check_boards(&FlipIt::square(4, 4, true), &v, 18);
    // The size comes from the board; a goal board is solved in 0 moves.
    let v = json(&["solve", "flip-square", "--board", "WWW/W_W/WWW", "--algo", "bfs"]);
    assert_eq!(v["puzzle"], "flip-square 3x3");
    check_boards(&FlipIt::square(3, 3, false), &v, 0);
    let v = json(&["solve", "flip-square", "--board", "WB_W/WWWW/WWWW", "--algo", "idastar"]);
    assert_eq!(v["puzzle"], "flip-square 4x3");
    check_boards(&FlipIt::square(4, 3, false), &v, 1);
}

#[test]
fn solve_text_shows_boards_and_figures() {
    let out = tansaku()
        .args(["solve", "flip-square", "--algo", "idastar", "--bound", "corner"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("- 0 ---") && text.contains("- 22 --"), "{text}");
    assert!(text.contains("B _ B B"));
    assert!(text.contains("length     22 moves"));
    assert!(text.contains("generated") && text.contains("expanded") && text.contains("seconds"));
}

#[test]
fn longest_json_fields() {
    let v = json(&["longest", "flip-square", "--size", "4x4", "--diagonal"]);
    assert_eq!(v["states"], 524288);
    assert_eq!(v["longest"], 18);
    assert_eq!(v["count"], 20);
    assert_eq!(v["count_up_to_symmetry"], 4);
    let hist: Vec<u64> = v["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(hist.iter().sum::<u64>(), 524288);
    assert_eq!(hist.len(), 19);
    assert_eq!(v["positions"].as_array().unwrap().len(), 20);
    assert_eq!(v["truncated"], false);

    let v = json(&["longest", "flip-row", "--size", "5"]);
    assert_eq!(
        (v["states"].as_u64(), v["longest"].as_u64(), v["count"].as_u64()),
        (Some(80), Some(10), Some(3))
    );
    let v = json(&["longest", "flip-row", "--size", "8", "--adjacent", "--limit", "5"]);
    assert_eq!(v["longest"], 7);
    assert_eq!(v["positions"].as_array().unwrap().len(), 5);
    assert_eq!(v["truncated"], true);
}

/// Bad input: exit code 2 and one line saying what to do.
#[test]
fn bad_input_exits_2() {
    let cases: &[&[&str]] = &[
        &["solve", "flip-row", "--board", "BB_BXB"],
        &["solve", "flip-row", "--board", "BB__BB"],
        &["solve", "flip-row", "--board", "BBBBBB"],
        &["solve", "flip-row", "--board", ""],
        &["solve", "flip-square", "--board", "BBBB/B_B/BBBB/BBBB"],
        &["solve", "flip-square", "--board", "BBBB/B_BB/BBB/BBBB"],
        &["solve", "flip-square", "--size", "4x4", "--board", "BBBB/B_BB/BBBB"],
        &["solve", "flip-square", "--size", "4x4", "--board", "BBB/B_B/BBB"],
        &["solve", "flip-square", "--board", "BBBBB_BBBBBBBBBB"],
        &["solve", "flip-row", "--board", "BB_BBB", "--goal", "_WWWW"],
        &["solve", "flip-row", "--board", "BB_BBB", "--goal", "_WWWWWW"],
        &["solve", "flip-square", "--goal", "WWW/W_W/WWW"],
        &["solve", "flip-square", "--size", "0x4"],
        &["solve", "flip-square", "--size", "9x9"],
        &["solve", "flip-square", "--size", "four"],
        &["solve", "flip-row", "--board", "B_", "--algo", "bfs"],
        &["solve", "flip-row", "--algo", "dijkstra"],
        &["longest", "flip-row", "--size", "0"],
        &["longest", "flip-row", "--size", "2"],
        &["longest", "flip-square", "--size", "7x7"],
        &["longest", "flip-square", "--size", "5x5", "--max-memory", "64M"],
        &["longest", "flip-square", "--max-memory", "lots"],
        &["frobnicate"],
    ];
    for args in cases {
        let out = tansaku().args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.trim().is_empty(), "{args:?}");
    }
}

#[test]
fn unsolvable_exits_1_with_reason() {
    // Row of 4: of the 32 boards only 12 reach a goal.
    for algo in ["bfs", "bidir", "iddfs", "idastar"] {
        let out = tansaku()
            .args(["solve", "flip-row", "--board", "B_BB", "--algo", algo, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{algo}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["length"].is_null());
        assert!(v["reason"].as_str().unwrap().contains("no goal"));
        assert!(String::from_utf8_lossy(&out.stderr).contains("no goal"));
    }
}

#[test]
fn help_teaches() {
    let out = tansaku().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("tansaku tour") && text.contains("Exit codes"));
    let out = tansaku().args(["solve", "flip-square", "--help"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("--diagonal") && text.contains("--algo"));
}

#[test]
fn sliding_and_line_json() {
    for algo in ["bfs", "bidir", "bidir-alternate", "idastar"] {
        let v = json(&["solve", "sliding", "--board", "867/254/3_1", "--algo", algo]);
        assert_eq!(v["length"], 31, "{algo}");
        assert_eq!(v["boards"][0], "867/254/3_1");
        assert_eq!(v["boards"][31], "123/456/78_");
        assert_eq!(v["boards"].as_array().unwrap().len(), 32);
    }
    let v = json(&[
        "solve",
        "sliding",
        "--board",
        "8 6 7 2 5 4 3 0 1",
        "--algo",
        "bidir-alternate",
    ]);
    assert_eq!(v["stats"]["generated"], 16_088);
    // Line Puzzle by names and by boards, both directions; physical = +2.
    let v = json(&[
        "solve", "line", "--from", "start2", "--to", "goal1", "--algo", "idastar",
    ]);
    assert_eq!((v["length"].as_u64(), v["physical"].as_u64()), (Some(16), Some(18)));
    let v = json(&["solve", "line", "--from", "ABA_/CABD/ACDB/CDCD", "--to", "START2"]);
    assert_eq!(v["length"], 16);
    assert_eq!(v["boards"][16], "ABA_/CDCD/ABAB/CDCD");
    let v = json(&["longest", "sliding", "--size", "3x3"]);
    assert_eq!((v["longest"].as_u64(), v["count"].as_u64()), (Some(31), Some(2)));
    assert_eq!(v["states"], 181_440);
    let mut pos: Vec<&str> = v["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    pos.sort();
    assert_eq!(pos, ["647/85_/321", "867/254/3_1"]);
    let v = json(&["longest", "sliding", "--size", "2x3", "--goal", "AB/BA/A_"]);
    assert_eq!(v["space"], 60);
}

#[test]
fn classics_json() {
    for algo in ["bfs", "bidir", "bidir-alternate"] {
        let v = json(&["solve", "knights", "--algo", algo]);
        assert_eq!(v["length"], 16, "{algo}");
        assert_eq!(v["boards"][16], "BBB/___/___/WWW");
    }
    let v = json(&["solve", "jugs", "--capacity", "8,5", "--target", "4"]);
    assert_eq!(v["length"], 10);
    let boards: Vec<&str> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    assert_eq!(boards[0], "(0,0)");
    assert!(boards[10].contains('4'));
    let v = json(&[
        "solve",
        "jugs",
        "--capacity",
        "3,5,7",
        "--target",
        "1",
        "--algo",
        "iddfs",
    ]);
    assert!(v["length"].as_u64().unwrap() > 0);
    for algo in ["bfs", "bidir", "iddfs"] {
        let v = json(&["solve", "river", "--algo", algo]);
        assert_eq!(v["length"], 7, "{algo}");
        assert_eq!(v["boards"][7], "|FWGC");
    }
}

#[test]
fn new_puzzles_bad_input_exits_2() {
    let cases: &[&[&str]] = &[
        &["solve", "sliding", "--board", "867/254/3_"],
        &["solve", "sliding", "--board", "867/254/3__"],
        &["solve", "sliding", "--board", "86/254/3_1"],
        &["solve", "sliding", "--board", "867/254/311"],
        &[
            "solve",
            "sliding",
            "--board",
            "867/254/3_1",
            "--goal",
            "1234/5678/9abc/def_",
        ],
        &["solve", "sliding", "--board", "867/254/3_1", "--goal", "123/456/77_"],
        &["solve", "sliding", "--board", "8 6 7 2 5 4 3 0"],
        &["solve", "sliding", "--board", "86#/254/3_1"],
        &["solve", "line", "--from", "start9"],
        &["solve", "line", "--to", "goal4"],
        &["solve", "line", "--from", "ABA_/CABD/ACDB/CDCC"],
        &["solve", "line", "--from", "ABA_/CABD/ACDB"],
        &["solve", "knights", "--size", "3x1"],
        &["solve", "knights", "--board", "WW_/BB_"],
        &["solve", "knights", "--board", "WW_/BB_", "--goal", "BB_/WW"],
        &["solve", "knights", "--board", "WW_/BB_", "--goal", "BBB/WW_"],
        &["solve", "jugs", "--capacity", "8,0"],
        &["solve", "jugs", "--capacity", "x,5"],
        &["solve", "jugs", "--capacity", "1,2,3,4,5,6,7,8,9"],
        &["solve", "jugs", "--algo", "bidir"],
        &["longest", "sliding", "--size", "4x4"],
        &["longest", "sliding", "--size", "7x7"],
        &["longest", "line", "--goal", "nowhere"],
        &["longest", "line", "--max-memory", "48M"],
    ];
    for args in cases {
        let out = tansaku().args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.trim().is_empty(), "{args:?}");
    }
}

#[test]
fn unsolvable_new_puzzles_exit_1_at_once() {
    for algo in ["bfs", "bidir", "idastar"] {
        let out = tansaku()
            .args([
                "solve",
                "sliding",
                "--board",
                "1234/5678/9abc/dfe_",
                "--algo",
                algo,
                "--json",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{algo}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["length"].is_null());
        assert!(v["reason"].as_str().unwrap().contains("odd permutation"));
    }
    let out = tansaku()
        .args(["solve", "jugs", "--capacity", "6,4", "--target", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("multiple of 2"));
    // Knights in a 2x2 corner can never move.
    let out = tansaku()
        .args(["solve", "knights", "--board", "W_/_B", "--goal", "B_/_W"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = tansaku()
        .args(["solve", "sliding", "--board", "2_1", "--size", "3x1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "tiles cannot pass on one row");
}

#[test]
fn reversi_perft_and_wipeout_json() {
    let v = json(&["perft", "--depth", "9"]);
    assert_eq!((v["depth"].as_u64(), v["leaves"].as_u64()), (Some(9), Some(3_005_288)));
    for (color, plies, classes) in [("black", 9, 36), ("white", 10, 28)] {
        let v = json(&["wipeout", "--color", color]);
        assert_eq!(v["color"], color);
        assert_eq!(v["plies"], plies);
        assert_eq!(v["positions_up_to_symmetry"], classes);
        let games = v["games"].as_array().unwrap();
        assert_eq!(games.len(), classes);
        let start = tansaku::puzzles::reversi::Position::start();
        let mut records = Vec::new();
        for g in games {
            let record = g["record"].as_str().unwrap();
            assert!(
                record.starts_with("D3"),
                "{record}: shown opening with D3 like the article"
            );
            let boards = start.replay(record).unwrap();
            assert_eq!(boards.len(), plies + 1);
            let last = boards.last().unwrap();
            assert_eq!(g["board"], last.compact());
            let loser = if color == "black" { last.white } else { last.black };
            assert_eq!(loser, 0, "{record} wipes out");
            records.push(record.to_string());
        }
        let mut sorted = records.clone();
        sorted.sort();
        assert_eq!(records, sorted, "games are sorted");
    }
    let v = json(&["wipeout", "--first", "F5"]);
    assert_eq!((v["plies"].as_u64(), v["sequences"].as_u64()), (Some(9), Some(57)));
    assert!(
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["record"].as_str().unwrap().starts_with("F5"))
    );
}

#[test]
fn reversi_text_output_and_bad_input() {
    let out = tansaku().args(["wipeout", "--ascii"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("plies:      9"), "{text}");
    assert!(text.contains("1. D3c3B3d2E1d6D7e3F4"), "{text}");
    assert!(text.contains("3 . X X X X . . ."), "{text}");
    let out = tansaku().args(["wipeout", "--max-plies", "8"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "no wipeout within 8 plies");
    for args in [
        &["wipeout", "--first", "A1"][..],
        &["wipeout", "--first", "zz"],
        &["wipeout", "--first", ""],
        &["wipeout", "--color", "red"],
        &["perft", "--depth", "0"],
        &["perft", "--depth", "x"],
    ] {
        let out = tansaku().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn oversized_tables_are_refused_with_the_estimate_and_the_override() {
    for args in [
        &["longest", "flip-square", "--size", "7x7"][..],
        &["longest", "flip-square", "--size", "5x5", "--max-memory", "64M"],
        &[
            "longest",
            "flip-square",
            "--size",
            "5x5",
            "--bits",
            "8",
            "--max-memory",
            "300M",
        ],
        &["longest", "sliding", "--size", "4x4"],
        // 60 << 59 states: more than a u64 counts; once wrapped round to
        // a zero-byte estimate and panicked allocating.
        &["longest", "flip-row", "--size", "60", "--max-memory", "64M"],
        &["longest", "flip-row", "--size", "60"],
    ] {
        let out = tansaku().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains("needs about"), "{args:?}: the estimate: {err}");
        assert!(err.contains("--max-memory"), "{args:?}: the override: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: one line");
    }
}

#[test]
fn graph_searches_give_up_within_max_memory() {
    let out = tansaku()
        .args([
            "solve",
            "sliding",
            "--board",
            "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
            "--goal",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--algo",
            "bidir",
            "--max-memory",
            "40M",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("memory budget") && err.contains("--max-memory") && err.contains("idastar"),
        "{err}"
    );
}

#[test]
fn the_wipeout_search_gives_up_within_max_memory() {
    let out = tansaku()
        .args(["wipeout", "--color", "white", "--max-memory", "1M", "--quiet"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("memory budget") && err.contains("--max-memory"), "{err}");
}

fn puzzle_file(name: &str) -> String {
    format!("{}/puzzles/{name}", crate::support::ROOT)
}

#[test]
fn definitions_solve_analyse_and_check_from_the_command_line() {
    let v = json(&["solve", "--def", &puzzle_file("klotski.toml"), "--quiet"]);
    assert_eq!((v["length"].as_u64(), v["metric"].as_str()), (Some(81), Some("piece")));
    assert_eq!(v["boards"].as_array().unwrap().len(), 82);
    let v = json(&[
        "solve",
        "--def",
        &puzzle_file("2x2x2.tws"),
        "--board",
        "R U2 F'",
        "--quiet",
    ]);
    assert_eq!(v["length"], 3);
    assert_eq!(v["moves"], serde_json::json!(["F", "U2", "R'"]));
    let v = json(&["longest", "--def", &puzzle_file("8-puzzle.toml"), "--quiet"]);
    assert_eq!(
        (v["states"].as_u64(), v["longest"].as_u64(), v["count"].as_u64()),
        (Some(181_440), Some(31), Some(2))
    );
    // From a start set (the 2x2x2 with one layer solved): the library's
    // answer, the set as written; a bad set is one line and exit 2.
    let from = "CORNERS 0 2 0 4 5 0 0 / ? 0 ? 0 0 ? ?";
    let v = json(&["longest", "--def", &puzzle_file("2x2x2.tws"), "--from", from, "--quiet"]);
    assert_eq!((v["states"].as_u64(), v["from"].as_str()), (Some(648), Some(from)));
    let def = tansaku::define::Definition::load(std::path::Path::new(&puzzle_file("2x2x2.tws")), None).unwrap();
    let lib = tansaku::games::definition::analyse(
        &def,
        &tansaku::Request::default().with("from", from),
        &tansaku::Context::new(),
    )
    .unwrap();
    assert_eq!(v["histogram"], serde_json::json!(lib.histogram));
    let out = tansaku()
        .args(["longest", "--def", &puzzle_file("2x2x2.tws"), "--from", "CORNERS 0 2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("7 pieces"), "{err}");
    let out = tansaku()
        .args(["check", &puzzle_file("knights.toml")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("expected           16  found           16  ok"));
    // By name, from a folder of $TANSAKU_PUZZLES.
    let out = tansaku()
        .args(["solve", "rush-hour", "--json", "--quiet"])
        .env("TANSAKU_PUZZLES", format!("{}/puzzles", crate::support::ROOT))
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["length"], 8);
}

#[test]
fn bad_definitions_and_figures_exit_2_and_1() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nkind = \"blocks\"\nstart = \"\"\"\nA.A\n\"\"\"\ngoal = \"A.A\"\n",
    )
    .unwrap();
    let out = tansaku().args(["check"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.toml:4: piece 'A' covers cells that do not touch"),
        "{err}"
    );
    let wrong = dir.path().join("wrong.toml");
    let text = std::fs::read_to_string(puzzle_file("knights.toml"))
        .unwrap()
        .replace("length = 16", "length = 15");
    std::fs::write(&wrong, text).unwrap();
    let out = tansaku().args(["check"]).arg(&wrong).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("DIFFERS"));
    let out = tansaku()
        .args(["solve", "no-such-puzzle"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = tansaku().args(["solve", "--quiet"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--def FILE"));
}

/// A game of the library's registry without a subcommand of its own is
/// reached by name, its options given with --set.
#[test]
fn registry_games_by_name_take_set_options() {
    let v = json(&["solve", "wipeout", "--set", "color=white", "--quiet"]);
    assert_eq!(
        (v["length"].as_u64(), v["positions_up_to_symmetry"].as_u64()),
        (Some(10), Some(28))
    );
    assert_eq!(v["boards"][0], "start");
    let out = tansaku()
        .args(["solve", "wipeout", "--set", "colour"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("KEY=VALUE"));
}

/// The JSON of an analysis without its time.
fn json_timeless(stdout: &[u8]) -> Value {
    timeless(serde_json::from_slice(stdout).unwrap())
}

#[test]
fn a_killed_analysis_goes_on_from_its_checkpoint() {
    let args = ["longest", "sliding", "--size", "5x2", "--bits", "2", "--json", "-q"];
    let whole = tansaku().args(args).output().unwrap();
    assert!(whole.status.success());
    let whole = json_timeless(&whole.stdout);
    assert_eq!(whole["states"], 1_814_400);
    let dir = tempfile::tempdir().unwrap();
    let dir_arg = dir.path().to_str().unwrap();
    // Killed (SIGKILL) six times, each run going on from the last one's
    // checkpoint; half the kills land during a checkpoint write.
    let loud: Vec<&str> = args.iter().map(|&a| if a == "-q" { "--progress" } else { a }).collect();
    killed_on_writes(&loud, &["--checkpoint", dir_arg, "--checkpoint-every", "0"], dir.path());
    let out = tansaku().args(args).args(["--checkpoint", dir_arg]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json_timeless(&out.stdout), whole);
    // The finished run removes its checkpoint (it could only restart it),
    // and says so unless quiet.
    assert!(!dir.path().join("longest.ckpt").exists());
    let args = [
        "longest",
        "sliding",
        "--size",
        "5x2",
        "--bits",
        "2",
        "--json",
        "--checkpoint",
        dir_arg,
        "--checkpoint-every",
        "0",
    ];
    let out = tansaku().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the run is over: removed its checkpoint"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_killed_analysis_on_disk_goes_on_from_its_checkpoint() {
    // 1,814,400 boards, 450 KB at two bits: a 200 KB budget puts the table
    // in chunk files of 100 KB.
    let args = [
        "longest",
        "sliding",
        "--size",
        "5x2",
        "--json",
        "-q",
        "--max-memory",
        "200K",
    ];
    let mut whole = json_timeless(
        &tansaku()
            .args(["longest", "sliding", "--size", "5x2", "--bits", "2", "--json", "-q"])
            .output()
            .unwrap()
            .stdout,
    );
    let (table, ckpt) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let dirs = [
        "--disk",
        table.path().to_str().unwrap(),
        "--checkpoint",
        ckpt.path().to_str().unwrap(),
    ];
    let loud: Vec<&str> = args.iter().map(|&a| if a == "-q" { "--progress" } else { a }).collect();
    let every: Vec<&str> = dirs.iter().copied().chain(["--checkpoint-every", "0"]).collect();
    killed_on_writes(&loud, &every, ckpt.path());
    let out = tansaku().args(args).args(dirs).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut resumed = json_timeless(&out.stdout);
    // In memory, levels run bottom-up as well, which expands other states.
    resumed["stats"]["expanded"] = Value::Null;
    whole["stats"]["expanded"] = Value::Null;
    assert_eq!(resumed, whole);
    assert_eq!(std::fs::read_dir(table.path()).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(ckpt.path()).unwrap().count(), 0, "checkpoint removed");
}

/// Runs `tansaku ARGS EXTRA` six times, each killed (SIGKILL) on an event
/// in its checkpoint folder `dir`, not after a time: the first checkpoint
/// it writes, past the one it resumed from (a write comes at the end of
/// the first level, then at twenty times the last write's cost, so a
/// short analysis writes only a few). Every other run is killed in the
/// middle of that write when the watcher sees its temporary file, and
/// starts beside a half-written one, as such a kill leaves it. Each run
/// after the first says it resumed (`--progress` in ARGS), at a later
/// level than the last unless the last was killed in its first write.
fn killed_on_writes(args: &[&str], extra: &[&str], dir: &std::path::Path) {
    use crate::support::killed::{kill_when, stamps, temporaries};
    let (mut level, mut wrote) = (None, false);
    for k in 0..6 {
        let before = stamps(dir);
        if k % 2 == 1 {
            for (path, _) in &before {
                let bytes = std::fs::read(path).unwrap();
                let mut torn = path.clone().into_os_string();
                torn.push(".tmp");
                std::fs::write(torn, &bytes[..bytes.len() / 2]).unwrap();
            }
        }
        let torn = temporaries(dir);
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_tansaku"));
        cmd.args(args).args(extra);
        let run = kill_when(&mut cmd, || {
            let now = stamps(dir);
            (!now.is_empty() && now != before) || (k % 2 == 1 && !temporaries(dir).is_subset(&torn))
        });
        let err = run.err();
        assert!(run.killed, "run {k} ended before its kill: {err}");
        let resumed = err
            .split("resumed at level ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse::<u32>().ok());
        assert_eq!(resumed.is_some(), k > 0, "run {k}: {err}");
        // Past the last run's level if that run wrote a checkpoint whole
        // before its kill; at it if it was killed in its first write.
        assert!(
            k == 0 || resumed > level || (resumed == level && !wrote),
            "run {k} resumed at {resumed:?}, after {level:?}: {err}"
        );
        level = resumed;
        wrote = stamps(dir) != before;
    }
}

#[test]
fn a_damaged_checkpoint_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("longest.ckpt"),
        b"tansaku-retro\0\0\0 and then nothing useful",
    )
    .unwrap();
    let out = tansaku()
        .args([
            "longest",
            "sliding",
            "--size",
            "3x3",
            "--checkpoint",
            dir.path().to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("refused") && err.contains("remove it"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn the_5x2_on_disk_far_below_its_table_gives_the_same_histogram() {
    // 1,814,400 boards: 453,600 bytes at two bits; 128 KB of budget, so
    // four chunks of 524,288 ranks, read and written at every level.
    let dir = tempfile::tempdir().unwrap();
    let memory = json(&["longest", "sliding", "--size", "5x2", "--bits", "2", "-q"]);
    let disk = json(&[
        "longest",
        "sliding",
        "--size",
        "5x2",
        "-q",
        "--max-memory",
        "128K",
        "--disk",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(disk["histogram"], memory["histogram"]);
    assert_eq!(disk["positions"], memory["positions"]);
    assert_eq!(disk["states"], 1_814_400);
    assert_eq!((disk["longest"].as_u64(), disk["count"].as_u64()), (Some(55), Some(2)));
}

#[test]
fn a_disk_too_small_is_refused_at_once() {
    // The 15-puzzle's reachable half at two bits: 2.6 TB.
    let dir = tempfile::tempdir().unwrap();
    let out = tansaku()
        .args(["longest", "sliding", "--size", "4x4", "--max-memory", "1G", "--disk"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("on disk needs") && err.contains("free"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // A file where the folder should be.
    let file = dir.path().join("a file");
    std::fs::write(&file, b"").unwrap();
    let out = tansaku()
        .args(["longest", "sliding", "--size", "4x3", "--max-memory", "16M", "--disk"])
        .arg(&file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("a file, not a folder"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_run_started_by_mpiexec_without_mpi_says_so_once() {
    // What OpenMPI's mpiexec -n 4 sets for each process.
    let run = |rank: &str| {
        tansaku()
            .args(["longest", "sliding", "--size", "3x2", "--json"])
            .env("OMPI_COMM_WORLD_SIZE", "4")
            .env("OMPI_COMM_WORLD_RANK", rank)
            .output()
            .unwrap()
    };
    let first = run("0");
    assert!(first.status.success());
    let err = String::from_utf8_lossy(&first.stderr);
    assert!(err.contains("process 0 of 4, without --mpi"), "{err}");
    let v: Value = serde_json::from_slice(&first.stdout).unwrap();
    assert_eq!(v["longest"], 21);
    // The others leave at once, with nothing printed.
    let other = run("3");
    assert!(other.status.success());
    assert!(other.stdout.is_empty() && other.stderr.is_empty());
    // One process, or MPICH's variables for one: nothing said.
    let one = tansaku()
        .args(["longest", "sliding", "--size", "3x2", "--json"])
        .env("PMI_SIZE", "1")
        .env("PMI_RANK", "0")
        .output()
        .unwrap();
    assert!(
        one.status.success() && one.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
}
