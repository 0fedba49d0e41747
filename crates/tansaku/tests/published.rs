//! Every published figure of `data/published.toml` (the file the tour
//! prints), through the library's registry: each length by each algorithm
//! listed with its solution replayed, each analysis's counts, the perft
//! table.

use tansaku::Context;
use tansaku::Request;
use tansaku::games;
use tansaku::published::Figures;

#[test]
fn every_published_figure_is_reproduced() {
    let figures = Figures::load().unwrap();
    let rows = figures.check(games::builtin, &Context::new());
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
        assert!(games::builtin(puzzle).is_some(), "{puzzle}");
        assert!(figures.sources.contains_key(source), "{source}");
    }
}

/// The registry's games refuse unknown options and malformed values with
/// a typed error before anything runs; free text options are refused with
/// a message or answered, never a panic.
#[test]
fn registry_games_refuse_bad_options() {
    use tansaku::{Kind, RunError};
    let ctx = Context::new();
    for game in games::builtins() {
        let e = game.solve(&Request::default().with("no-such-option", "1"), &ctx);
        assert!(
            matches!(&e, Err(RunError::UnknownOption { option, .. }) if option == "no-such-option"),
            "{}: {e:?}",
            game.name()
        );
        for spec in game.options() {
            let malformed = match spec.kind {
                Kind::Flag => Some("maybe"),
                Kind::Int { .. } => Some("x"),
                Kind::Size => Some("4x"),
                Kind::List => Some("8,x"),
                Kind::Choice { .. } => Some("zzz"),
                Kind::Bytes => Some("lots"),
                Kind::Board | Kind::Text | Kind::Path => None,
            };
            match malformed {
                Some(v) => {
                    let e = game.solve(&Request::default().with(spec.name, v), &ctx);
                    assert!(
                        matches!(&e, Err(RunError::BadOption { option, .. }) if option == spec.name),
                        "{} {}: {e:?}",
                        game.name(),
                        spec.name
                    );
                }
                None => {
                    if let Err(e) = game.solve(&Request::default().with(spec.name, "??x"), &ctx) {
                        assert!(!e.to_string().is_empty(), "{} {}", game.name(), spec.name);
                    }
                }
            }
            // Every declared default is a value of the option's kind.
            if let Some(d) = &spec.default {
                let req = Request::default().with(spec.name, d);
                for q in spec.questions {
                    assert!(game.params(&req, *q).is_ok(), "{} {} = {d}", game.name(), spec.name);
                }
            }
        }
    }
    let e = games::builtin("flip-square")
        .unwrap()
        .solve(&Request::default().with("size", "4x"), &ctx);
    assert_eq!(
        e.unwrap_err().to_string(),
        "size = '4x': write a board size WxH, e.g. 4x4"
    );
    // "off" is no: the adjacent rule is not used (BB_BB needs 10 moves
    // under the standard rule).
    let s = games::builtin("flip-row")
        .unwrap()
        .solve(&Request::default().with("board", "BB_BB").with("adjacent", "off"), &ctx)
        .unwrap()
        .unwrap();
    assert_eq!(s.length, 10);
}
