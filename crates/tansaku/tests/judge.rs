//! Every move judged by its exact distance (`Game::judge`): the start's
//! distance is the length of a shortest solution, each move's is the
//! length solved from the board it leads to, and the deltas say which
//! moves bring the goal closer.

use tansaku::context::Tables;
use tansaku::{Context, Request, SolveAnswer, games};

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
    let reply = q.answer(&ctx, None).unwrap();
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
