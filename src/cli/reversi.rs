//! `perft` and `wipeout`: Reversi's move-generator check and its shortest
//! wipeouts.

use super::report::write_picture;
use super::{Failure, PerftArgs, Side, WipeoutArgs};
use serde::Serialize;
use tansaku::picture::{Picture, svg_animation};
use tansaku::puzzles::reversi::{Color, Ply, Position, Wipeout, parse_square, perft_parallel, presented_record};
use tansaku::search::SearchError;
use tansaku::search::counting::count_shortest;

pub fn perft(a: &PerftArgs) -> Result<(), Failure> {
    let t = std::time::Instant::now();
    let leaves = perft_parallel(&Position::start(), a.depth);
    let seconds = t.elapsed().as_secs_f64();
    if a.json {
        let v = serde_json::json!({ "depth": a.depth, "leaves": leaves, "seconds": seconds });
        println!("{v}");
    } else {
        println!(
            "perft({}) = {leaves} leaves  ({seconds:.3} s, {:.1} M leaves/s)",
            a.depth,
            leaves as f64 / seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}

#[derive(Serialize)]
struct Game {
    record: String,
    board: String,
}

#[derive(Serialize)]
struct WipeoutJson<'a> {
    color: &'a str,
    first: Option<String>,
    plies: u32,
    positions: u64,
    positions_up_to_symmetry: usize,
    symmetries: usize,
    sequences: u128,
    games: Vec<Game>,
    layer_sizes: Vec<u64>,
    seconds: f64,
}

pub fn wipeout(a: &WipeoutArgs) -> Result<(), Failure> {
    let winner = match a.color {
        Side::Black => Color::Black,
        Side::White => Color::White,
    };
    let start = Position::start();
    let (from, first) = match &a.first {
        None => (start, None),
        Some(text) => {
            let sq = parse_square(text.trim()).ok_or_else(|| {
                Failure::Usage(format!(
                    "--first '{text}' is not a square; write a column a-h and a row 1-8, e.g. --first F5"
                ))
            })?;
            let pos = start.play(sq).ok_or_else(|| {
                Failure::Usage(format!(
                    "--first '{text}' is not a legal first move for black; the legal ones are C4, D3, E6 and F5"
                ))
            })?;
            (pos, Some(sq))
        }
    };
    let p = Wipeout { winner };
    // Plies already played before the search starts.
    let played = first.is_some() as u32;
    let ctx = super::live::context(a.max_memory, super::live::Show::unless(a.quiet));
    let found = match count_shortest(&p, &from, true, a.max_plies.saturating_sub(played), &ctx) {
        Ok(f) => f,
        Err(SearchError::DepthLimit { .. }) => {
            return Err(Failure::NoSolution(format!(
                "{} cannot wipe {} out within {} plies (raise --max-plies to look further)",
                winner.name(),
                winner.other().name(),
                a.max_plies
            )));
        }
        Err(e @ SearchError::Unsolvable { .. }) => {
            return Err(Failure::NoSolution(format!(
                "{} can never wipe {} out from here: {e}",
                winner.name(),
                winner.other().name()
            )));
        }
        Err(e) => return Err(super::report::search_failure(e)),
    };
    let opening = first.unwrap_or_else(|| parse_square("d3").expect("square"));
    let mut games: Vec<Game> = found
        .classes
        .iter()
        .map(|c| {
            let moves: Vec<Ply> = first
                .map(|sq| Ply {
                    square: sq as u8,
                    by: Color::Black,
                })
                .into_iter()
                .chain(c.moves.iter().copied())
                .collect();
            let record = presented_record(&moves, opening);
            let boards = start.replay(&record).expect("a found game replays");
            let last = boards.last().expect("the final board");
            debug_assert!(last.discs(winner.other()) == 0);
            Game {
                record,
                board: last.compact(),
            }
        })
        .collect();
    games.sort_by(|x, y| x.record.cmp(&y.record));
    if let Some(path) = &a.svg {
        let Some(game) = games.get(a.game as usize - 1) else {
            return Err(Failure::Usage(format!(
                "--game {}: there are only {} games; choose 1 to {}",
                a.game,
                games.len(),
                games.len()
            )));
        };
        let boards = start.replay(&game.record).expect("a found game replays");
        let grids: Vec<_> = boards.iter().map(|b| p.grid(b)).collect();
        let title = format!(
            "{} wipes {} out in {} plies: {}",
            winner.name(),
            winner.other().name(),
            boards.len() - 1,
            game.record
        );
        write_picture(path, &svg_animation(&title, &grids, 0.8))?;
    }
    let plies = found.depth + played;
    let seconds = found.stats.seconds;
    if a.json {
        let j = WipeoutJson {
            color: winner.name(),
            first: first.map(|sq| tansaku::puzzles::reversi::square_name(sq, Color::Black)),
            plies,
            positions: found.positions(),
            positions_up_to_symmetry: found.classes.len(),
            symmetries: found.symmetries,
            sequences: found.sequences(),
            games,
            layer_sizes: found.layer_sizes.clone(),
            seconds,
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
        return Ok(());
    }
    let opening_text = first.map_or(String::new(), |sq| {
        format!(
            ", first move {}",
            tansaku::puzzles::reversi::square_name(sq, Color::Black)
        )
    });
    println!(
        "Reversi: shortest wipeout of {} by {}{opening_text}",
        winner.other().name(),
        winner.name()
    );
    println!("plies:      {plies}");
    println!(
        "positions:  {} ({} up to the {} symmetr{} of the start)",
        found.positions(),
        found.classes.len(),
        found.symmetries,
        if found.symmetries == 1 { "y" } else { "ies" }
    );
    println!("sequences:  {} distinct game records", found.sequences());
    println!(
        "search:     {} positions stored over {} plies (merged), {:.3} s",
        found.layer_sizes.iter().sum::<u64>(),
        found.layer_sizes.len(),
        seconds
    );
    for (i, g) in games.iter().enumerate() {
        println!("\n{}. {}", i + 1, g.record);
        let boards = start.replay(&g.record).expect("a found game replays");
        print!("{}", boards.last().expect("final").render(a.ascii));
    }
    Ok(())
}
