//! Every move judged by its exact distance (`Game::judge`): the start's
//! distance is the length of a shortest solution, each move's is the
//! length solved from the board it leads to, and the deltas say which
//! moves bring the goal closer.

use tansaku::context::Tables;
use tansaku::{Context, Game, Request, SolveAnswer, games};

fn length(game: &dyn tansaku::Game, board: &str, ctx: &Context) -> Option<u32> {
    match game.solve(&Request::default().with("board", board), ctx).unwrap() {
        SolveAnswer::Solved(s) => Some(s.length as u32),
        SolveAnswer::NoSolution(_) => None,
    }
}

#[test]
fn flip_moves_are_judged_by_their_exact_distance() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    for (game, board) in [
        ("flip-row", "BB_BBB"),
        ("flip-row", "B_WBBBB"),
        ("flip-square", "BBBB/B_BB/BBBB/BBBB"),
    ] {
        let g = games::builtin(game).unwrap();
        assert!(g.answers().contains(&"judge"));
        let req = Request::default().with("board", board);
        let j = g.judge(&req, &ctx).unwrap();
        assert_eq!(j.source, "table", "{game} {board}");
        let d = length(g.as_ref(), board, &ctx);
        assert_eq!(j.distance, d, "{game} {board}");
        assert!(!j.moves.is_empty(), "{game} {board}");
        for m in &j.moves {
            assert_eq!(
                m.distance,
                length(g.as_ref(), &m.board, &ctx),
                "{game} {board} {}",
                m.name
            );
            assert_eq!(
                m.delta,
                j.distance.zip(m.distance).map(|(a, b)| i64::from(b) - i64::from(a))
            );
        }
        // A shortest solution's first move is one the judgement calls closer.
        let SolveAnswer::Solved(s) = g.solve(&req, &ctx).unwrap() else {
            panic!("{game} {board}")
        };
        let first = j.moves.iter().find(|m| m.name == s.moves[0]).unwrap();
        assert_eq!(first.delta, Some(-1), "{game} {board}");
        // The table is computed once and kept: a second judgement reads it.
        let again = g.judge(&req, &ctx).unwrap();
        assert_eq!(again.distance, j.distance);
    }
}

#[test]
fn games_that_cannot_judge_say_so() {
    let g = games::builtin("wipeout").unwrap();
    let e = g.judge(&Request::default(), &Context::new()).unwrap_err();
    assert_eq!(e.kind(), "unsupported", "{e}");
}

/// The JSON question `judge` (what `POST /api/judge` and the page's worker
/// answer) gives the same judgement, in the documented shape.
#[test]
fn the_json_question_answers_the_judgement() {
    use tansaku::ask::{Kind, Question};
    let ctx = Context::new().with_tables(Tables::in_memory());
    let q = Question::read(Kind::Judge, br#"{"game": "flip-row", "board": "BB_BBB"}"#, &[]).unwrap();
    let reply = q.answer(&ctx, None).unwrap().reply();
    let v: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
    let g = games::builtin("flip-row").unwrap();
    let j = g.judge(&Request::default().with("board", "BB_BBB"), &ctx).unwrap();
    assert_eq!(v["distance"], j.distance.unwrap());
    assert_eq!(v["board"], "BB_BBB");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), j.moves.len());
    for (m, k) in moves.iter().zip(&j.moves) {
        assert_eq!(m["move"], k.name.as_str());
        assert_eq!(m["board"], k.board.as_str());
        assert_eq!(m["distance"], k.distance.unwrap());
        assert_eq!(m["delta"], k.delta.unwrap());
    }
}

/// Sliding tiles: the 8-puzzle by its whole table (a lookup a move), the
/// 15-puzzle by an optimal search from each position; both agree with the
/// door's solve from every board one move away.
#[test]
fn sliding_moves_are_judged_by_table_and_by_search() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    let g = games::builtin("sliding").unwrap();
    let korf = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    for (board, goal, bound, source, d) in [
        ("867/254/3_1", None, None, "table", 31),
        (
            "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
            Some(korf),
            Some("linear-conflicts"),
            "search",
            45,
        ),
    ] {
        let mut req = Request::default().with("board", board);
        if let Some(goal) = goal {
            req = req.with("goal", goal);
        }
        if let Some(bound) = bound {
            req = req.with("bound", bound);
        }
        let j = g.judge(&req, &ctx).unwrap();
        assert_eq!((j.source, j.distance), (source, Some(d)), "{board}");
        assert!(j.moves.iter().any(|m| m.delta == Some(-1)), "{board}");
        for m in &j.moves {
            let mut child = req.clone().with("board", &m.board);
            child.algorithm = None;
            let SolveAnswer::Solved(s) = g.solve(&child, &ctx).unwrap() else {
                panic!("{}", m.board)
            };
            assert_eq!(m.distance, Some(s.length as u32), "{board} {}", m.name);
            // A slide is undone by one slide: every move changes the
            // distance by exactly one.
            assert_eq!(m.delta.map(i64::abs), Some(1), "{board} {}", m.name);
        }
    }
}

/// Checks a judgement against the door's solves: the start's distance and
/// each known move's are the lengths solved from those boards, and the
/// deltas are their differences. Returns the judgement.
fn agrees_with_solves(g: &dyn tansaku::Game, req: &Request, ctx: &Context) -> tansaku::Judgement {
    let j = g.judge(req, ctx).unwrap();
    let solved = |board: &str| {
        let mut asked = req.clone().with("board", board);
        asked.algorithm = None;
        match g.solve(&asked, ctx).unwrap() {
            SolveAnswer::Solved(s) => Some(s.length as u32),
            SolveAnswer::NoSolution(_) => None,
        }
    };
    let what = format!("{} {}", g.name(), j.board);
    if j.distance.is_some() {
        assert_eq!(j.distance, solved(&j.board), "{what}");
    }
    assert!(!j.moves.is_empty(), "{what}");
    for m in &j.moves {
        if m.distance.is_some() {
            assert_eq!(m.distance, solved(&m.board), "{what} {}", m.name);
        }
        assert_eq!(
            m.delta,
            j.distance.zip(m.distance).map(|(a, b)| i64::from(b) - i64::from(a)),
            "{what} {}",
            m.name
        );
    }
    j
}

/// Knights, jugs and the river (small spaces without ranks) by a search
/// from each position; the Line Puzzle by IDA* and parity; definitions by
/// their table (the 2x2x2) or a solve from each position (Klotski).
#[test]
fn every_game_that_judges_agrees_with_its_solves() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    let cases: Vec<(&str, Request, &str)> = vec![
        ("knights", Request::default().with("board", "WWW/___/___/BBB"), "search"),
        ("knights", Request::default().with("board", "W_W/_W_/__B/BB_"), "search"),
        ("jugs", Request::default().with("board", "(3,5)"), "search"),
        ("jugs", Request::default(), "search"),
        ("river", Request::default().with("board", "WC|FG"), "search"),
        ("line", Request::default().with("board", "goal3"), "search"),
    ];
    for (game, req, source) in cases {
        let g = games::builtin(game).unwrap();
        assert!(g.answers().contains(&"judge"), "{game}");
        let j = agrees_with_solves(g.as_ref(), &req, &ctx);
        assert_eq!(j.source, source, "{game}");
        assert!(j.distance.is_some(), "{game}");
    }
    // The Line Puzzle's goal: every move leads one away.
    let line = games::builtin("line").unwrap();
    let j = line.judge(&Request::default().with("board", "goal3"), &ctx).unwrap();
    assert_eq!(j.distance, Some(0));
    assert!(j.moves.iter().all(|m| m.distance == Some(1)));

    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/");
    for (file, board, source) in [("2x2x2.tws", "R U F", "table"), ("klotski.toml", "", "search")] {
        let g = tansaku::games::definition::DefinedGame::load(std::path::Path::new(&format!("{root}{file}"))).unwrap();
        assert!(g.answers().contains(&"judge"), "{file}");
        let mut req = Request::default();
        if !board.is_empty() {
            req = req.with("board", board);
        }
        let j = agrees_with_solves(&g, &req, &ctx);
        assert_eq!(j.source, source, "{file}");
        assert!(j.moves.iter().any(|m| m.delta == Some(-1)), "{file}");
    }
}

/// Bad positions are refused with the library's error, never a panic.
#[test]
fn bad_positions_are_refused() {
    let ctx = Context::new();
    for (game, board) in [
        ("jugs", "(9,0)"),
        ("jugs", "3"),
        ("river", "WG|FC"),
        ("river", "FWG|"),
        ("knights", "WX/__/BB"),
        ("knights", "WW/B"),
        ("knights", "W_/B_"),
        ("knights", "WW_/___/BB_"),
        ("knights", ""),
    ] {
        let g = games::builtin(game).unwrap();
        let e = g.judge(&Request::default().with("board", board), &ctx).unwrap_err();
        assert_eq!(e.kind(), "bad-input", "{game} {board}: {e}");
    }
}

/// The 24-puzzle is judged only as far as the bound proves: a board whose
/// bound is its distance is known, with every move (a child is one move
/// closer or one farther, and one search limited to one move less tells
/// which); a board whose bound falls short is "not known" instead of a
/// long search.
#[test]
fn the_24_puzzle_is_judged_when_the_bound_proves_it() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    let g = games::builtin("sliding").unwrap();
    let goal = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 _";
    // Two slides from the goal: Manhattan distance 2.
    let near = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 _ 19/21 22 23 24 20";
    let req = Request::default()
        .with("board", near)
        .with("goal", goal)
        .with("bound", "manhattan")
        .with("automaton", 0u64);
    let j = agrees_with_solves(g.as_ref(), &req, &ctx);
    assert_eq!(j.distance, Some(2));
    assert!(j.moves.iter().all(|m| m.distance.is_some()));
    // Two tiles swapped in the last row: Manhattan distance 2, far more
    // moves; not known, and not waited for.
    let swapped = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 24 23 _";
    let j = g.judge(&req.clone().with("board", swapped), &ctx).unwrap();
    assert_eq!(j.distance, None);
    assert!(j.moves.iter().all(|m| m.delta.is_none()));
}

/// The 8-puzzle's table judgement agrees with IDA* (a tree search with
/// its own bound) solved from every board one move away.
#[test]
fn table_judgements_agree_with_ida_star() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    let g = games::builtin("sliding").unwrap();
    for board in ["867/254/3_1", "123/456/7_8", "1_3/426/758"] {
        let req = Request::default().with("board", board);
        let table = g.judge(&req, &ctx).unwrap();
        assert_eq!(table.source, "table");
        for m in &table.moves {
            let child = req
                .clone()
                .with("board", &m.board)
                .by(tansaku::search::auto::Algorithm::IdaStar);
            let SolveAnswer::Solved(s) = g.solve(&child, &ctx).unwrap() else {
                panic!("{board}")
            };
            assert_eq!(m.distance, Some(s.length as u32), "{board} {}", m.name);
        }
    }
}

/// On a cold cache, `--bound auto` answers Korf's #1 with the tables built
/// in seconds (6-6-3) and names the stronger ones it would rather have
/// (7-8z, not built: minutes); the solution is still shortest.
#[test]
fn a_cold_cache_answers_with_quick_tables_and_names_the_strong_ones() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    let g = games::builtin("sliding").unwrap();
    let req = Request::default()
        .with("board", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
        .with("goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
    let SolveAnswer::Solved(s) = g.solve(&req, &ctx).unwrap() else {
        panic!("Korf's #1")
    };
    assert_eq!(s.length, 57);
    assert!(s.replayed);
    assert!(s.algorithm.contains("6-6-3"), "{}", s.algorithm);
    let t = s.stronger_tables.expect("the strong tables are named");
    assert_eq!((t.bound.as_str(), t.size.as_str()), ("7-8z", "4x4"));
    assert_eq!(t.goal, "_ 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15");
    assert_eq!(t.bytes, tansaku::puzzles::sliding::pdb::Partition::P78Z.table_bytes());
    // A bound named explicitly names nothing stronger.
    let SolveAnswer::Solved(s) = g.solve(&req.clone().with("bound", "5-5-5"), &ctx).unwrap() else {
        panic!("Korf's #1")
    };
    assert_eq!(s.length, 57);
    assert!(s.stronger_tables.is_none());
}

/// A position no sequence of moves brings to the goal is judged so: no
/// distance, the reason the solve gives, and every move from it leads to
/// another such position; a position that can reach the goal has no
/// reason.
#[test]
fn positions_no_sequence_reaches_say_why() {
    let ctx = Context::new().with_tables(Tables::in_memory());
    let g = games::builtin("sliding").unwrap();
    for (board, source) in [
        ("213/456/78_", "table"),
        ("2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "search"),
    ] {
        let req = Request::default().with("board", board);
        let j = g.judge(&req, &ctx).unwrap();
        let SolveAnswer::NoSolution(n) = g.solve(&req, &ctx).unwrap() else {
            panic!("{board} has a solution")
        };
        assert_eq!((j.source, j.distance), (source, None), "{board}");
        assert_eq!(j.reason.as_deref(), Some(n.reason.as_str()), "{board}");
        assert!(!j.moves.is_empty(), "{board}");
        for m in &j.moves {
            assert_eq!((m.distance, m.delta), (None, None), "{board} {}", m.name);
            let child = req.clone().with("board", &m.board);
            assert!(g.solve(&child, &ctx).unwrap().solved().is_none(), "{}", m.board);
        }
        let json = serde_json::to_value(&j).unwrap();
        assert_eq!(json["distance"], serde_json::Value::Null);
        assert_eq!(json["reason"], serde_json::json!(n.reason));
    }
    let j = g.judge(&Request::default().with("board", "123/456/7_8"), &ctx).unwrap();
    assert_eq!((j.distance, j.reason), (Some(1), None));
    let json = serde_json::to_value(g.judge(&Request::default().with("board", "123/456/7_8"), &ctx).unwrap()).unwrap();
    assert!(json.get("reason").is_none(), "{json}");
}
