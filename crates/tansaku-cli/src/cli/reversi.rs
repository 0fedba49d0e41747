//! `perft` and `wipeout`: Reversi's move-generator check and its shortest
//! wipeouts, answered by the library (`tansaku::games::wipeout`).

use super::report::{failure, print_json, write_picture};
use super::{Failure, PerftArgs, WipeoutArgs};
use tansaku::ask::Question;
use tansaku::svg::svg_animation;
use tansaku::{Perft, Wipeouts};

pub(crate) fn perft(a: &PerftArgs) -> Result<(), Failure> {
    let ctx = super::live::context(None, super::live::Show::Quiet, None);
    let p: Perft = Question::Perft(a.depth).answer_as(&ctx, None).map_err(failure)?;
    if a.json.0 {
        print_json(&p);
    } else {
        println!(
            "perft({}) = {} leaves  ({:.3} s, {:.1} M leaves/s)",
            p.depth,
            p.leaves,
            p.seconds,
            p.leaves as f64 / p.seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}

pub(crate) fn wipeout(a: &WipeoutArgs) -> Result<(), Failure> {
    let mut req = a.options.request();
    if let Some(m) = a.max_plies {
        req.max_depth = m;
    }
    let ctx = a.run.context(None);
    let found: Wipeouts = Question::Wipeout(req).answer_as(&ctx, None).map_err(failure)?;
    let (winner, loser) = (found.color, found.loser());
    if let Some(path) = &a.svg {
        let i = a.game as usize - 1;
        let (Some(game), Some(grids)) = (found.games.get(i), found.frames(i)) else {
            return Err(Failure::Usage(format!(
                "--game {}: there are only {} games; choose 1 to {}",
                a.game,
                found.games.len(),
                found.games.len()
            )));
        };
        let title = format!(
            "{winner} wipes {loser} out in {} plies: {}",
            grids.len() - 1,
            game.record
        );
        write_picture(path, &svg_animation(&title, &grids, 0.8))?;
    }
    if a.json.0 {
        print_json(&found);
        return Ok(());
    }
    let opening = found
        .first
        .as_ref()
        .map_or(String::new(), |sq| format!(", first move {sq}"));
    println!("Reversi: shortest wipeout of {loser} by {winner}{opening}");
    println!("plies:      {}", found.plies);
    println!(
        "positions:  {} ({} up to the {} symmetr{} of the start)",
        found.positions,
        found.positions_up_to_symmetry,
        found.symmetries,
        if found.symmetries == 1 { "y" } else { "ies" }
    );
    println!("sequences:  {} distinct game records", found.sequences);
    println!(
        "search:     {} positions stored over {} plies (merged), {:.3} s",
        found.layer_sizes.iter().sum::<u64>(),
        found.layer_sizes.len(),
        found.seconds
    );
    for (i, g) in found.games.iter().enumerate() {
        println!("\n{}. {}", i + 1, g.record);
        let board = found
            .final_board(i, a.ascii)
            .ok_or_else(|| Failure::Usage(format!("cannot replay {}", g.record)))?;
        print!("{board}");
    }
    Ok(())
}
