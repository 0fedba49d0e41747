//! The catalogue: every built-in game by name, one file each, and the
//! definitions read from files ([`definition`]), each a [`Game`] behind the
//! library's door.
//!
//! | game | file | what |
//! |---|---|---|
//! | `flip-row`, `flip-square` | [`flip`] | Flip It, in a row and on a W x H board |
//! | `sliding` | [`sliding`] | numbered (or lettered) tiles on a W x H board |
//! | `line` | [`mod@line`] | the Line Puzzle |
//! | `knights` | [`knights`] | the knight exchange |
//! | `jugs` | [`jugs`] | water jugs |
//! | `river` | [`river`] | the river crossing |
//! | `wipeout` | [`wipeout`] | Reversi's shortest wipeouts, and perft |
//! | a definition's name | [`definition`] | a puzzle read from a `.toml` or `.tws` file |
//!
//! Adding a built-in puzzle is one file here with one [`Game`], and one
//! line in [`builtins`]. The tour, the published figures
//! (`data/published.toml`), the command line and the web server find
//! puzzles here; the definitions the library ships (`puzzles/`) are found
//! by name too ([`shipped`]).
//!
//! ```
//! use tansaku::Request;
//! let game = tansaku::games::builtin("flip-row").unwrap();
//! let out = game.solve(&Request::default().with("board", "BB_BBB"), &tansaku::Context::new()).unwrap().unwrap();
//! assert_eq!(out.len(), 8);
//! assert!(out.replayed);
//! ```

mod common;
pub mod definition;
pub mod flip;
pub mod jugs;
pub mod knights;
pub mod line;
pub mod river;
pub mod sliding;
pub mod wipeout;

use crate::{Game, RunError};
pub use common::TRACE_STEPS;
use definition::DefinedGame;
pub use sliding::{KORF_GOAL, korf100};
use std::path::{Path, PathBuf};
use tansaku_core::Context;

/// The built-in games, in the order they are listed.
pub fn builtins() -> Vec<Box<dyn Game>> {
    vec![
        Box::new(flip::FlipRow),
        Box::new(flip::FlipSquare),
        Box::new(sliding::SlidingGame),
        Box::new(line::LineGame),
        Box::new(knights::KnightsGame),
        Box::new(jugs::JugsGame),
        Box::new(river::RiverGame),
        Box::new(wipeout::ReversiWipeout),
    ]
}

/// The built-in game called `name`.
pub fn builtin(name: &str) -> Option<Box<dyn Game>> {
    builtins().into_iter().find(|g| g.name() == name)
}

/// The definition files the library ships (`puzzles/` of the source
/// tree): file name and text.
pub fn shipped() -> &'static [(&'static str, &'static str)] {
    &[
        ("klotski.toml", include_str!("../../../../puzzles/klotski.toml")),
        ("rush-hour.toml", include_str!("../../../../puzzles/rush-hour.toml")),
        ("2x2x2.tws", include_str!("../../../../puzzles/2x2x2.tws")),
        ("8-puzzle.toml", include_str!("../../../../puzzles/8-puzzle.toml")),
        ("15-puzzle.toml", include_str!("../../../../puzzles/15-puzzle.toml")),
        ("line-puzzle.toml", include_str!("../../../../puzzles/line-puzzle.toml")),
        ("knights.toml", include_str!("../../../../puzzles/knights.toml")),
    ]
}

/// The shipped definitions whose names no built-in game takes, as games.
pub fn shipped_games() -> Vec<DefinedGame> {
    shipped()
        .iter()
        .filter_map(|(file, text)| DefinedGame::parse(&tansaku_define::Src::new(file, text)).ok())
        .filter(|g| builtin(g.name()).is_none())
        .collect()
}

/// The game called `name`: a built-in one, else a definition file
/// `NAME.toml` or `NAME.tws` (or one whose `name` is `name`) in `dirs`,
/// else a definition the library ships.
///
/// ```
/// let dirs = [std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles"))];
/// assert!(tansaku::games::find("klotski", &dirs).is_ok());
/// assert!(tansaku::games::find("sliding", &dirs).is_ok());
/// assert!(tansaku::games::find("rush-hour", &[]).is_ok()); // shipped
/// assert!(tansaku::games::find("no-such-puzzle", &dirs).is_err());
/// ```
pub fn find(name: &str, dirs: &[PathBuf]) -> Result<Box<dyn Game>, RunError> {
    if let Some(g) = builtin(name) {
        return Ok(g);
    }
    if let Some(p) = find_file(name, dirs) {
        return Ok(Box::new(DefinedGame::load(&p)?));
    }
    if let Some(g) = shipped_games().into_iter().find(|g| g.name() == name) {
        return Ok(Box::new(g));
    }
    let mut known: Vec<String> = builtins().iter().map(|g| g.name().to_string()).collect();
    known.extend(shipped_games().iter().map(|g| g.name().to_string()));
    Err(RunError::UnknownGame {
        name: name.to_string(),
        known,
        place: if dirs.is_empty() {
            String::new()
        } else {
            format!(
                " in {}",
                dirs.iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
    })
}

/// The definition file of the puzzle called `name` in `dirs`: a file
/// `NAME.toml` or `NAME.tws`, else a file whose `name` is `name`.
pub fn find_file(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    for d in dirs {
        for ext in ["toml", "tws"] {
            let p = d.join(format!("{name}.{ext}"));
            if p.is_file() {
                return Some(p);
            }
        }
    }
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(d) else { continue };
        for e in entries.flatten() {
            if let Ok(def) = tansaku_define::Definition::load(&e.path(), None)
                && def.name() == name
            {
                return Some(e.path());
            }
        }
    }
    None
}

/// A definition's expected figures (its `[expect]` tables) beside what
/// tansaku finds.
///
/// ```
/// use tansaku::define::Src;
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n[expect]\nlength = 4\n";
/// let r = tansaku::games::check(&Src::new("swap.toml", text), &tansaku::Context::new()).unwrap();
/// assert!(r.ok);
/// assert_eq!(r.figures[0].found, 4);
/// ```
pub fn check(src: &tansaku_define::Src, ctx: &Context) -> Result<crate::CheckReport, RunError> {
    use tansaku_define::Definition;
    let def = Definition::parse(src, None)?;
    let figures = definition::check(&def, |m| Definition::parse(src, Some(m)), ctx)?;
    Ok(crate::CheckReport {
        file: src.file.clone(),
        puzzle: def.name().to_string(),
        summary: definition::summary(&def),
        ok: figures.iter().all(crate::answer::Checked::ok),
        figures,
    })
}

/// The folders searched for a definition given by name: those of
/// `$TANSAKU_PUZZLES` (separated by `:`), then `./puzzles`.
pub fn puzzle_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("TANSAKU_PUZZLES")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    dirs.push(Path::new("puzzles").to_path_buf());
    dirs
}
