//! `tansaku tour`: every published figure (`data/published.toml`), run
//! through the library's registry by every algorithm listed, each solution
//! replayed, the published figure beside tansaku's; then pictures.

use super::report::{solution_svg, write_picture};
use super::{Failure, TourArgs};
use tansaku::ask::Question;
use tansaku::games;
use tansaku::published::Figures;
use tansaku::{Longest, Request, SolveAnswer, Wipeouts};

/// Draws the published instances' solutions, the wipeouts and two
/// histograms into `dir`, every one answered by the library's front door;
/// returns the files written.
fn pictures(dir: &std::path::Path) -> Result<Vec<String>, Failure> {
    use tansaku::svg::{svg_animation, svg_histogram};
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Usage(format!(
            "cannot create the pictures folder '{}': {e}; give another with --pictures DIR or use --no-pictures",
            dir.display()
        ))
    })?;
    let ctx = tansaku::Context::new();
    let mut written = Vec::new();
    let mut save = |name: &str, svg: String| -> Result<(), Failure> {
        write_picture(&dir.join(name), &svg)?;
        written.push(name.to_string());
        Ok(())
    };
    let failed = |what: &str| Failure::NoSolution(format!("the tour could not solve {what} for its picture"));
    /// A picture's file, its game and the game's options.
    type Drawing<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);
    let solutions: [Drawing; 8] = [
        ("flip-row-BB_BBB.svg", "flip-row", &[("board", "BB_BBB")]),
        ("flip-square.svg", "flip-square", &[]),
        ("flip-square-diagonal.svg", "flip-square", &[("diagonal", "true")]),
        ("8-puzzle.svg", "sliding", &[("board", "867/254/3_1")]),
        (
            "line-start3-goal3.svg",
            "line",
            &[("board", "start3"), ("goal", "goal3")],
        ),
        ("knights.svg", "knights", &[]),
        ("jugs.svg", "jugs", &[]),
        ("river.svg", "river", &[]),
    ];
    for (file, game, options) in solutions {
        let req = options.iter().fold(Request::default(), |r, (k, v)| r.with(k, *v));
        let game = games::builtin(game).ok_or_else(|| failed(game))?;
        let answer: SolveAnswer = Question::Solve(game, req)
            .answer_as(&ctx, None)
            .map_err(|_| failed(file))?;
        let SolveAnswer::Solved(s) = answer else {
            return Err(failed(file));
        };
        save(file, solution_svg(&s))?;
    }
    for (file, game, size, title) in [
        (
            "flip-square-histogram.svg",
            "flip-square",
            "4x4",
            "Flip It Square 4x4: positions by distance",
        ),
        (
            "8-puzzle-histogram.svg",
            "sliding",
            "3x3",
            "8-puzzle: boards by distance",
        ),
    ] {
        let req = Request::default().with("size", size);
        let asked = Question::Longest(games::builtin(game).ok_or_else(|| failed(game))?, req);
        let a: Longest = asked.answer_as(&ctx, None).map_err(|_| failed(title))?;
        save(file, svg_histogram(title, &a.histogram, game == "flip-square"))?;
    }
    for winner in ["black", "white"] {
        let asked = Question::Wipeout(Request::default().with("color", winner));
        let found: Wipeouts = asked.answer_as(&ctx, None).map_err(|_| failed("the wipeout"))?;
        let (Some(game), Some(grids)) = (found.games.first(), found.frames(0)) else {
            return Err(failed("the wipeout"));
        };
        let title = format!("{winner} wipes {} out: {}", found.loser(), game.record);
        save(&format!("wipeout-{winner}.svg"), svg_animation(&title, &grids, 0.8))?;
    }
    Ok(written)
}

pub(crate) fn tour(a: &TourArgs) -> Result<(), Failure> {
    let figures = Figures::load().map_err(Failure::Usage)?;
    let rows = figures.check(tansaku::games::builtin, &tansaku::Context::new());
    let drawn = if a.no_pictures {
        Vec::new()
    } else {
        pictures(&a.pictures)?
    };
    if a.json.0 {
        println!("{}", serde_json::to_string(&rows).expect("serialisable"));
    } else {
        // The published figure, and what tansaku found where that is
        // more than the moves; the column is as wide as its widest entry.
        let shown: Vec<String> = rows
            .iter()
            .map(|r| {
                if r.got.is_empty() {
                    r.published.clone()
                } else {
                    format!("{} | got {}", r.published, r.got)
                }
            })
            .collect();
        let w = shown.iter().map(|f| f.chars().count()).max().unwrap_or(9).max(9);
        let inst = rows
            .iter()
            .map(|r| r.instance.chars().count())
            .max()
            .unwrap_or(8)
            .max(8);
        let algo = rows
            .iter()
            .map(|r| r.algorithm.chars().count())
            .max()
            .unwrap_or(9)
            .max(9);
        println!(
            "{:<12} {:<inst$} {:<algo$} {:>5} {:>12} {:>10}  {:<w$} check",
            "puzzle", "instance", "algorithm", "moves", "generated", "seconds", "published"
        );
        for (r, figure) in rows.iter().zip(&shown) {
            let moves = r.moves.map_or("-".to_string(), |m| m.to_string());
            println!(
                "{:<12} {:<inst$} {:<algo$} {:>5} {:>12} {:>10.4}  {:<w$} {}",
                r.puzzle,
                r.instance,
                r.algorithm,
                moves,
                r.generated,
                r.seconds,
                figure,
                if r.ok { "ok" } else { "MISMATCH" }
            );
        }
    }
    let bad = rows.iter().filter(|r| !r.ok).count();
    if bad > 0 {
        return Err(Failure::NoSolution(format!(
            "{bad} of {} results differ from the published figures",
            rows.len()
        )));
    }
    if !a.json.0 {
        println!(
            "\nall {} results agree with the published figures (data/published.toml, sources in docs/published.md); every solution was replayed to the goal",
            rows.len()
        );
        if !drawn.is_empty() {
            println!(
                "pictures: {} SVG files in {}/ ({})",
                drawn.len(),
                a.pictures.display(),
                drawn.join(", ")
            );
        }
    }
    Ok(())
}
