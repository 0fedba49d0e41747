//! Every published figure of `data/published.toml` (the file the tour
//! prints), through the library's registry: each length by each algorithm
//! listed with its solution replayed, each analysis's counts, the perft
//! table.

use tansaku::Context;
use tansaku::front::Request;
use tansaku::published::Figures;
use tansaku::registry;

#[test]
fn every_published_figure_is_reproduced() {
    let figures = Figures::load().unwrap();
    let rows = figures.check(&Context::new());
    let expected = figures.solve.iter().map(|f| f.algorithms.len()).sum::<usize>()
        + figures.longest.len()
        + usize::from(figures.perft.is_some());
    assert_eq!(rows.len(), expected);
    assert!(rows.len() >= 57);
    for r in &rows {
        assert!(
            r.ok,
            "{} {} by {}: published {}, got {:?} moves {}",
            r.puzzle, r.instance, r.algorithm, r.published, r.moves, r.got
        );
    }
}

#[test]
fn every_figure_names_a_game_and_a_source() {
    let figures = Figures::load().unwrap();
    let puzzles = figures
        .solve
        .iter()
        .map(|f| (&f.puzzle, &f.source))
        .chain(figures.longest.iter().map(|f| (&f.puzzle, &f.source)));
    for (puzzle, source) in puzzles {
        assert!(registry::builtin(puzzle).is_some(), "{puzzle}");
        assert!(figures.sources.contains_key(source), "{source}");
    }
}

/// The registry's games refuse bad options with a message, never a panic.
#[test]
fn registry_games_refuse_bad_options() {
    let ctx = Context::new();
    for game in registry::builtins() {
        for (key, _, _) in game.options() {
            let req = Request::default().with(key, "??x");
            if let Err(e) = game.solve(&req, &ctx) {
                assert!(!e.to_string().is_empty(), "{} {key}", game.name());
            }
        }
    }
    let e = registry::builtin("flip-square")
        .unwrap()
        .solve(&Request::default().with("size", "4x"), &ctx);
    assert_eq!(
        e.unwrap_err().to_string(),
        "'4x' is not a board size: write WxH, e.g. 4x4"
    );
}
