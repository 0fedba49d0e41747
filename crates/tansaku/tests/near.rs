//! Permutation puzzles past 32 pieces, where no pattern database is
//! derived: IDA* on the positions near the goal (the whole position,
//! hashed), its table deepened as the bound grows, against bidirectional
//! search; every solution replayed to a goal.

use tansaku::Game;
use tansaku::Request;
use tansaku::define::{Definition, Src};
use tansaku::games::definition as run;
use tansaku::search::auto::Algorithm;

/// A ring of `n` twisting pieces turned by a 5-cycle at each of `places`
/// places (the cycles disjoint: each place is put back by its own moves
/// only), and a bar of 30 distinct pieces the first place's move also
/// turns: `2 * (n + 30)` bytes a position.
fn ring(n: usize, places: usize) -> String {
    let join = |v: &[usize]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    let all: Vec<usize> = (1..=n).collect();
    let bar: Vec<usize> = (1..=30).collect();
    let mut text = format!(
        "Set RING {n} 2\nSet BAR 30 1\nSolved\nRING\n{}\nBAR\n{}\nEnd\n",
        join(&all),
        join(&bar)
    );
    for m in 0..places {
        let (mut p, mut o, mut b) = (all.clone(), vec![0; n], bar.clone());
        for k in 0..5 {
            p[5 * m + k] = 5 * m + (k + 1) % 5 + 1;
        }
        o[5 * m] = 1;
        o[5 * m + 2] = 1;
        if m == 0 {
            b.rotate_left(1);
        }
        text += &format!("Move M{m}_\nRING\n{}\n{}\nBAR\n{}\nEnd\n", join(&p), join(&o), join(&b));
    }
    text
}

fn solve(def: &Definition, board: &str, algo: Option<Algorithm>) -> run::Solved {
    let mut req = Request::default().with("board", board);
    if let Some(a) = algo {
        req = req.by(a);
    }
    let ctx = tansaku::Context::new().with_tables(tansaku::context::Tables::in_memory());
    let out = run::solve(def, &req, &ctx).unwrap_or_else(|e| panic!("{board}: {e}"));
    // The answer's moves, replayed from the start, reach the goal.
    let Definition::Tws(t) = def else { unreachable!() };
    let moves: Vec<&str> = out.moves.iter().map(String::as_str).collect();
    assert_eq!(
        t.scramble(&format!("{board} {}", moves.join(" "))).unwrap(),
        t.solved,
        "{board}: {moves:?}"
    );
    out
}

#[test]
fn the_positions_near_the_goal_solve_as_bidirectional_search_does() {
    let text = ring(45, 8);
    let def = Definition::parse(&Src::new("ring.tws", &text), None).unwrap();
    let game = run::DefinedGame::parse(&Src::new("ring.tws", &text)).unwrap();
    for seed in 0..12 {
        let board = game.scramble(&Request::default(), seed, 2 + seed as u32 % 5).unwrap();
        let near = solve(&def, &board, None);
        assert!(near.algorithm.starts_with("idastar"), "{}", near.algorithm);
        assert!(
            near.tables[0].projection.starts_with("the positions within"),
            "{:?}",
            near.tables
        );
        let both = solve(&def, &board, Some(Algorithm::Bidir));
        assert_eq!(near.length, both.length, "{board}");
    }
}

#[test]
fn the_table_deepens_as_the_bound_grows() {
    // 50 places, 200 moves a step: a first table of 2 moves (the third
    // would walk 1.3 million sequences), searched to 5 moves; a scramble
    // of one move at each of six places needs six, and a table of 3.
    let text = ring(250, 50);
    let def = Definition::parse(&Src::new("ring.tws", &text), None).unwrap();
    let out = solve(&def, "M1_ M7_ M13_ M22_ M30_ M41_'", None);
    assert_eq!(out.length, 6);
    let depths: Vec<&str> = out.tables.iter().map(|t| &t.projection[..28]).collect();
    assert_eq!(depths, ["the positions within 2 moves", "the positions within 3 moves"]);
}
