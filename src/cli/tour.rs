//! `tansaku tour`: every published figure (`data/published.toml`), run
//! through the library's registry by every algorithm listed, each solution
//! replayed, the published figure beside tansaku's; then pictures.

use super::report::{solution_svg, write_picture};
use super::{Failure, TourArgs};
use tansaku::published::Figures;
use tansaku::puzzles::flip::FlipIt;
use tansaku::puzzles::jugs::Jugs;
use tansaku::puzzles::knights::Knights;
use tansaku::puzzles::river::River;
use tansaku::puzzles::sliding::packed::Packed;
use tansaku::puzzles::sliding::pattern::PatternDb;
use tansaku::puzzles::sliding::{LINE_BOARDS, Sliding, parse_board};
use tansaku::replay;
use tansaku::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku::search::{self, IdaOptions};

/// Draws the published instances' solutions, the wipeouts and two histograms
/// into `dir`; returns the files written.
fn pictures(dir: &std::path::Path) -> Result<Vec<String>, Failure> {
    use tansaku::picture::{Picture, svg_animation, svg_histogram};
    use tansaku::puzzles::reversi::{Color, Position, Wipeout};
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Usage(format!(
            "cannot create the pictures folder '{}': {e}; give another with --pictures DIR or use --no-pictures",
            dir.display()
        ))
    })?;
    let mut written = Vec::new();
    let mut save = |name: &str, svg: String| -> Result<(), Failure> {
        write_picture(&dir.join(name), &svg)?;
        written.push(name.to_string());
        Ok(())
    };
    let failed = |what: &str| Failure::NoSolution(format!("the tour could not solve {what} for its picture"));
    let row = FlipIt::row(6, false);
    let s = row.parse_board("BB_BBB").expect("published board");
    let sol = search::bfs(&row, &s, &tansaku::Context::new()).map_err(|_| failed("Flip It (A)"))?;
    save(
        "flip-row-BB_BBB.svg",
        solution_svg(&row, "Flip It in a row, BB_BBB", &sol),
    )?;
    for diagonal in [false, true] {
        let sq = FlipIt::square(4, 4, diagonal);
        let s = sq.parse_board("BBBB/B_BB/BBBB/BBBB").expect("published board");
        let sol = search::bidirectional(&sq, &s, &tansaku::Context::new()).map_err(|_| failed("Flip It Square"))?;
        let name = if diagonal {
            "flip-square-diagonal.svg"
        } else {
            "flip-square.svg"
        };
        save(name, solution_svg(&sq, &sq.name(), &sol))?;
        if !diagonal {
            let (a, _) = retrograde_dense(&sq, RetroOptions::default()).map_err(|_| failed("the 4x4 analysis"))?;
            save(
                "flip-square-histogram.svg",
                svg_histogram("Flip It Square 4x4: positions by distance", &a.histogram, true),
            )?;
        }
    }
    let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).expect("published"), None).expect("published");
    let k = Packed::new(&p).expect("fits");
    let sol = k.unpack_solution(
        search::bidirectional_ranked(&k, &k.pack(&s), &tansaku::Context::new()).map_err(|_| failed("the 8-puzzle"))?,
    );
    save("8-puzzle.svg", solution_svg(&p, "8-puzzle 867/254/3_1", &sol))?;
    let (a, _) = retrograde_dense(&p, RetroOptions::default()).map_err(|_| failed("the 8-puzzle analysis"))?;
    save(
        "8-puzzle-histogram.svg",
        svg_histogram("8-puzzle: boards by distance", &a.histogram, false),
    )?;
    let board = |name: &str| {
        let text = LINE_BOARDS.iter().find(|(n, _)| *n == name).expect("named board").1;
        parse_board(text, None).expect("published board")
    };
    let (p, s) = Sliding::new(&board("start3"), Some(&board("goal3"))).expect("published");
    let db = PatternDb::new(&p).map_err(|_| failed("the Line Puzzle databases"))?;
    let sol = search::ida_star_with(&p, &s, &db, IdaOptions::default()).map_err(|_| failed("start3 -> goal3"))?;
    save(
        "line-start3-goal3.svg",
        solution_svg(&p, "Line Puzzle start3 -> goal3", &sol),
    )?;
    let (kn, ks) = Knights::exchange(3, 4).expect("published");
    let sol = search::bidirectional(&kn, &ks, &tansaku::Context::new()).map_err(|_| failed("the knights"))?;
    save("knights.svg", solution_svg(&kn, "knight exchange 3x4", &sol))?;
    let (j, js) = Jugs::new(&[8, 5], 4).expect("published");
    let sol = search::bfs(&j, &js, &tansaku::Context::new()).map_err(|_| failed("the jugs"))?;
    save("jugs.svg", solution_svg(&j, "jugs 8 and 5 to 4", &sol))?;
    let (r, rs) = River::classic();
    let sol = search::bfs(&r, &rs, &tansaku::Context::new()).map_err(|_| failed("the river"))?;
    save("river.svg", solution_svg(&r, "farmer, wolf, goat, cabbage", &sol))?;
    for winner in [Color::Black, Color::White] {
        let w = Wipeout { winner };
        let found = search::counting::count_shortest(&w, &Position::start(), true, 14, &tansaku::Context::new())
            .map_err(|_| failed("the wipeout"))?;
        let class = &found.classes[0];
        let boards = replay(&w, &Position::start(), &class.moves).map_err(|_| failed("the wipeout"))?;
        let record: String = class.moves.iter().map(|m| m.to_string()).collect();
        let grids: Vec<_> = boards.iter().map(|b| w.grid(b)).collect();
        let title = format!("{} wipes {} out: {record}", winner.name(), winner.other().name());
        save(
            &format!("wipeout-{}.svg", winner.name()),
            svg_animation(&title, &grids, 0.8),
        )?;
    }
    Ok(written)
}

pub fn tour(a: &TourArgs) -> Result<(), Failure> {
    let figures = Figures::load().map_err(Failure::Usage)?;
    let rows = figures.check(&tansaku::Context::new());
    let drawn = if a.no_pictures {
        Vec::new()
    } else {
        pictures(&a.pictures)?
    };
    if a.json {
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
    if !a.json {
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
