//! The command line is a printer of the library's answers: for every game
//! of the registry and a few starts each, `tansaku ... --json` equals the
//! serialization of what the front door answers for the same question
//! (times aside, which no two runs share).

use crate::support::{json_run, timeless};
use serde::Serialize;
use serde_json::Value;
use tansaku::Context;
use tansaku::context::Tables;
use tansaku::games;
use tansaku::games::wipeout as reversi;
use tansaku::{Game, Request, batch::batch};

/// The command's JSON lines (timeless) and its exit code.
fn cli(args: &[&str], pdb: &tempfile::TempDir) -> (Vec<Value>, i32) {
    let (lines, code, _) = json_run(args, Some(pdb.path()));
    (lines, code)
}

/// The library's answer, serialized and timeless.
fn lib<T: Serialize>(answer: &T) -> Value {
    timeless(serde_json::to_value(answer).unwrap())
}

/// A game's options, by name.
type Opts<'a> = &'a [(&'a str, &'a str)];

/// A command line, the game it asks, its options and algorithm.
type SolveCase<'a> = (&'a [&'a str], &'a str, Opts<'a>, Option<&'a str>);

/// A command line, the game it asks and its options.
type LongestCase<'a> = (&'a [&'a str], &'a str, Opts<'a>);

fn request(options: &[(&str, &str)]) -> Request {
    options.iter().fold(Request::default(), |r, (k, v)| r.with(k, *v))
}

fn ctx(pdb: &tempfile::TempDir) -> Context {
    Context::new().with_tables(Tables::at(pdb.path()))
}

fn same(args: &[&str], game: &dyn Game, req: Request, pdb: &tempfile::TempDir) {
    let (lines, code) = cli(args, pdb);
    let answer = game.solve(&req, &ctx(pdb)).unwrap();
    assert_eq!(code, i32::from(answer.solved().is_none()), "{args:?}");
    assert_eq!(lines, vec![lib(&answer)], "{args:?}");
}

#[test]
fn every_builtin_solve_is_the_library_answer() {
    let pdb = tempfile::tempdir().unwrap();
    // (command line, game, options, algorithm)
    let cases: &[SolveCase] = &[
        (&["solve", "flip-row"], "flip-row", &[], None),
        (
            &["solve", "flip-row", "--board", "B_WBBBB", "--algo", "bidir"],
            "flip-row",
            &[("board", "B_WBBBB")],
            Some("bidir"),
        ),
        (
            &[
                "solve", "flip-row", "--board", "BB_BBB", "--goal", "_WWWWW", "--algo", "idastar", "--bound", "corner",
            ],
            "flip-row",
            &[("board", "BB_BBB"), ("goal", "_WWWWW"), ("bound", "corner")],
            Some("idastar"),
        ),
        (
            &["solve", "flip-square", "--algo", "idastar"],
            "flip-square",
            &[],
            Some("idastar"),
        ),
        (
            &["solve", "flip-square", "--diagonal", "--algo", "bidir"],
            "flip-square",
            &[("diagonal", "true")],
            Some("bidir"),
        ),
        (
            &["solve", "flip-square", "--board", "WB_W/WWWW/WWWW"],
            "flip-square",
            &[("board", "WB_W/WWWW/WWWW")],
            None,
        ),
        (&["solve", "sliding"], "sliding", &[], None),
        (
            &[
                "solve",
                "sliding",
                "--board",
                "867/254/3_1",
                "--algo",
                "bidir-alternate",
            ],
            "sliding",
            &[("board", "867/254/3_1")],
            Some("bidir-alternate"),
        ),
        (
            &["solve", "sliding", "--board", "1234/5678/9abc/dfe_"],
            "sliding",
            &[("board", "1234/5678/9abc/dfe_")],
            None,
        ),
        (
            &[
                "solve",
                "sliding",
                "--board",
                "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
                "--goal",
                games::KORF_GOAL,
                "--bound",
                "linear-conflicts",
            ],
            "sliding",
            &[
                ("board", "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"),
                ("goal", games::KORF_GOAL),
                ("bound", "linear-conflicts"),
            ],
            None,
        ),
        (
            &["solve", "line", "--from", "start2", "--to", "goal1"],
            "line",
            &[("board", "start2"), ("goal", "goal1")],
            None,
        ),
        (
            &["solve", "line", "--from", "start1", "--to", "goal3"],
            "line",
            &[("board", "start1"), ("goal", "goal3")],
            None,
        ),
        (&["solve", "knights"], "knights", &[], None),
        (&["solve", "knights", "--algo", "bfs"], "knights", &[], Some("bfs")),
        (
            &["solve", "knights", "--board", "W_/_B", "--goal", "B_/_W"],
            "knights",
            &[("board", "W_/_B"), ("goal", "B_/_W")],
            None,
        ),
        (&["solve", "jugs"], "jugs", &[], None),
        (
            &[
                "solve",
                "jugs",
                "--capacity",
                "3,5,7",
                "--target",
                "1",
                "--algo",
                "iddfs",
            ],
            "jugs",
            &[("capacity", "3,5,7"), ("target", "1")],
            Some("iddfs"),
        ),
        (
            &["solve", "jugs", "--capacity", "6,4", "--target", "3"],
            "jugs",
            &[("capacity", "6,4"), ("target", "3")],
            None,
        ),
        (&["solve", "river"], "river", &[], None),
        (&["solve", "river", "--algo", "iddfs"], "river", &[], Some("iddfs")),
        (
            &["solve", "wipeout", "--set", "color=white"],
            "wipeout",
            &[("color", "white")],
            None,
        ),
        (
            &["solve", "wipeout", "--set", "first=F5"],
            "wipeout",
            &[("first", "F5")],
            None,
        ),
    ];
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (args, name, options, algo) in cases {
        let game = games::builtin(name).unwrap();
        let mut req = request(options);
        req.algorithm = algo.map(|a| tansaku::algorithm(a).unwrap().unwrap());
        req.threads = Some(threads);
        same(args, game.as_ref(), req, &pdb);
    }
    // Every built-in game was asked something.
    for g in games::builtins() {
        assert!(cases.iter().any(|c| c.1 == g.name()), "{}", g.name());
    }
}

#[test]
fn every_analysis_is_the_library_answer() {
    let pdb = tempfile::tempdir().unwrap();
    let cases: &[LongestCase] = &[
        (&["longest", "flip-row", "--size", "6"], "flip-row", &[("size", "6")]),
        (
            &["longest", "flip-row", "--size", "7", "--adjacent", "--limit", "2"],
            "flip-row",
            &[("size", "7"), ("adjacent", "true")],
        ),
        (
            &["longest", "flip-square", "--size", "4x4", "--diagonal"],
            "flip-square",
            &[("size", "4x4"), ("diagonal", "true")],
        ),
        (&["longest", "sliding", "--size", "3x3"], "sliding", &[("size", "3x3")]),
        (
            &["longest", "sliding", "--size", "2x3", "--goal", "AB/BA/A_"],
            "sliding",
            &[("size", "2x3"), ("goal", "AB/BA/A_")],
        ),
    ];
    for (args, name, options) in cases {
        let (lines, code) = cli(args, &pdb);
        assert_eq!(code, 0);
        let mut req = request(options);
        if let Some(i) = args.iter().position(|a| *a == "--limit") {
            req.limit = args[i + 1].parse().unwrap();
        }
        let answer = games::builtin(name).unwrap().analyse(&req, &ctx(&pdb)).unwrap();
        assert_eq!(lines, vec![lib(&answer)], "{args:?}");
    }
}

#[test]
fn definitions_wipeouts_perft_check_and_batches_are_the_library_answer() {
    let pdb = tempfile::tempdir().unwrap();
    let dirs = [std::path::Path::new(crate::support::ROOT).join("puzzles")];
    let file = |name: &str| format!("{}/puzzles/{name}", crate::support::ROOT);
    // Definitions: from a file, by name, in another metric.
    let klotski = games::find("klotski", &dirs).unwrap();
    same(
        &["solve", "--def", &file("klotski.toml")],
        klotski.as_ref(),
        Request::default(),
        &pdb,
    );
    same(&["solve", "klotski"], klotski.as_ref(), Request::default(), &pdb);
    let cube = games::find("2x2x2", &dirs).unwrap();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let req = Request {
        threads: Some(threads),
        ..request(&[("board", "R U2 F' R"), ("metric", "qtm")])
    };
    same(
        &[
            "solve",
            "--def",
            &file("2x2x2.tws"),
            "--board",
            "R U2 F' R",
            "--metric",
            "qtm",
        ],
        cube.as_ref(),
        req,
        &pdb,
    );
    let (lines, _) = cli(&["longest", "--def", &file("8-puzzle.toml")], &pdb);
    let eight = games::find("8-puzzle", &dirs).unwrap();
    assert_eq!(
        lines,
        vec![lib(&eight.analyse(&Request::default(), &ctx(&pdb)).unwrap())]
    );
    // Reversi.
    for (args, options) in [
        (&["wipeout"][..], &[][..]),
        (&["wipeout", "--first", "F5"], &[("first", "F5")]),
        (&["wipeout", "--color", "white"], &[("color", "white")]),
    ] {
        let (lines, _) = cli(args, &pdb);
        let w = reversi::wipeouts(&request(options), &ctx(&pdb)).unwrap();
        assert_eq!(lines, vec![lib(&w)], "{args:?}");
    }
    let (lines, _) = cli(&["perft", "--depth", "7"], &pdb);
    assert_eq!(lines, vec![lib(&reversi::perft(7, &ctx(&pdb)).unwrap())]);
    // check.
    let src = tansaku::define::Src::read(std::path::Path::new(&file("knights.toml"))).unwrap();
    let (lines, _) = cli(&["check", &file("knights.toml")], &pdb);
    assert_eq!(lines, vec![lib(&tansaku::games::check(&src, &ctx(&pdb)).unwrap())]);
    // A batch: every line's answer, then the totals.
    let dir = tempfile::tempdir().unwrap();
    let boards = "867/254/3_1\n# comment\n123/456/87_\noops\n12_/453/786\n";
    let path = dir.path().join("boards.txt");
    std::fs::write(&path, boards).unwrap();
    let (lines, code) = cli(&["solve", "sliding", "--batch", path.to_str().unwrap()], &pdb);
    assert_eq!(code, 2, "one line is bad (and one board has no solution)");
    let mut want = Vec::new();
    let game = games::builtin("sliding").unwrap();
    let req = Request {
        threads: Some(threads),
        ..Request::default()
    };
    let totals = batch(game.as_ref(), &req, boards, &ctx(&pdb), |l| want.push(lib(l))).unwrap();
    want.push(lib(&serde_json::json!({ "totals": totals })));
    assert_eq!(lines, want);
}

/// `tansaku judge GAME ... --json` prints the library's judgement, for
/// every built-in game that judges; bad input exits with code 2.
#[test]
fn every_judgement_is_the_library_answer() {
    let pdb = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &str, Opts)] = &[
        (
            &["judge", "flip-row", "--board", "BB_BBB"],
            "flip-row",
            &[("board", "BB_BBB")],
        ),
        (&["judge", "flip-square"], "flip-square", &[]),
        (
            &["judge", "sliding", "--board", "867/254/3_1"],
            "sliding",
            &[("board", "867/254/3_1")],
        ),
        (
            &[
                "judge",
                "sliding",
                "--board",
                "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15",
                "--bound",
                "manhattan",
            ],
            "sliding",
            &[
                ("board", "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15"),
                ("bound", "manhattan"),
            ],
        ),
        (&["judge", "line", "--from", "goal3"], "line", &[("board", "goal3")]),
        (
            &["judge", "knights", "--board", "W_W/_W_/__B/BB_"],
            "knights",
            &[("board", "W_W/_W_/__B/BB_")],
        ),
        (&["judge", "jugs", "--board", "(3,5)"], "jugs", &[("board", "(3,5)")]),
        (&["judge", "river", "--board", "WC|FG"], "river", &[("board", "WC|FG")]),
    ];
    for (args, name, options) in cases {
        let game = games::builtin(name).unwrap();
        let (lines, code) = cli(args, &pdb);
        let answer = game.judge(&request(options), &ctx(&pdb)).unwrap();
        assert_eq!(code, 0, "{args:?}");
        assert_eq!(lines, vec![lib(&answer)], "{args:?}");
    }
    // Every game that judges was asked.
    for g in games::builtins() {
        if g.answers().contains(&"judge") {
            assert!(cases.iter().any(|c| c.1 == g.name()), "{}", g.name());
        }
    }
    // A board no slide brings to the goal: the library's judgement, with
    // its reason, and exit code 1 as a solve without a solution.
    let (lines, code) = cli(&["judge", "sliding", "--board", "213/456/78_"], &pdb);
    let answer = games::builtin("sliding")
        .unwrap()
        .judge(&request(&[("board", "213/456/78_")]), &ctx(&pdb))
        .unwrap();
    assert!(answer.reason.is_some());
    assert_eq!((code, lines), (1, vec![lib(&answer)]));
    let (_, code) = cli(&["judge", "river", "--board", "WG|FC"], &pdb);
    assert_eq!(code, 2);
    let (_, code) = cli(&["judge", "klotski", "--board", "nonsense"], &pdb);
    assert_eq!(code, 2);
    // A definition by name, judged by a search from each position.
    let (lines, code) = cli(&["judge", "klotski"], &pdb);
    assert_eq!(code, 0);
    assert_eq!(lines[0]["source"], "search");
    assert!(lines[0]["moves"].as_array().unwrap().iter().any(|m| m["delta"] == -1));
}

/// `tansaku trace ... --json` prints the library's trace, for every game
/// that tells one; `--steps` is the request's limit.
#[test]
fn every_trace_is_the_library_answer() {
    let pdb = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &str, Opts)] = &[
        (
            &["trace", "flip-row", "--board", "BB_BBB"],
            "flip-row",
            &[("board", "BB_BBB")],
        ),
        (&["trace", "flip-square", "--steps", "5"], "flip-square", &[]),
        (
            &["trace", "sliding", "--board", "123/456/_78"],
            "sliding",
            &[("board", "123/456/_78")],
        ),
        (
            &["trace", "line", "--from", "goal3", "--steps", "3"],
            "line",
            &[("board", "goal3")],
        ),
        (&["trace", "knights", "--steps", "4"], "knights", &[]),
        (&["trace", "jugs"], "jugs", &[]),
        (&["trace", "river"], "river", &[]),
    ];
    for (args, name, options) in cases {
        let game = games::builtin(name).unwrap();
        let (lines, code) = cli(args, &pdb);
        let mut req = request(options);
        req.limit = args
            .iter()
            .position(|a| *a == "--steps")
            .map_or(1000, |i| args[i + 1].parse().unwrap());
        let answer = game.trace(&req, &ctx(&pdb)).unwrap();
        assert_eq!(code, 0, "{args:?}");
        assert_eq!(lines, vec![lib(&answer)], "{args:?}");
    }
    for g in games::builtins() {
        if g.answers().contains(&"trace") {
            assert!(cases.iter().any(|c| c.1 == g.name()), "{}", g.name());
        }
    }
    let (_, code) = cli(&["trace", "sliding", "--steps", "0"], &pdb);
    assert_eq!(code, 2);
}
