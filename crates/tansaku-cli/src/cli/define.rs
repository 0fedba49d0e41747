//! `solve --def`, `longest --def`, `check`, and games by name: find the
//! game (a definition file, or a game of the library's registry), call the
//! library's front door, print.

use super::live::{Show, context};
use super::report::{failure, print_json, print_solve, write_solution_svg};
use super::{CheckArgs, DefLongest, DefSolve, Failure};
use clap::Parser;
use std::path::PathBuf;
use tansaku::define::Src;
use tansaku::games::definition::DefinedGame;
use tansaku::games::{self, puzzle_dirs};
use tansaku::{Game, Request};

#[derive(Parser, Debug)]
struct NamedSolve {
    #[command(flatten)]
    def: DefSolve,
}

#[derive(Parser, Debug)]
struct NamedLongest {
    #[command(flatten)]
    def: DefLongest,
}

/// Parses the options after a game's name, as clap would.
fn parse_named<T: Parser>(command: &str, args: &[String]) -> T {
    let name = format!("tansaku {command} {}", args[0]);
    T::try_parse_from(std::iter::once(name).chain(args[1..].iter().cloned())).unwrap_or_else(|e| e.exit())
}

/// The game of `--def FILE` or of a name (a built-in game, a definition
/// file in the puzzle folders, or one the library ships).
fn game_of(name: Option<&str>, file: Option<&PathBuf>, what: &str) -> Result<Box<dyn Game>, Failure> {
    match (name, file) {
        (Some(n), _) => games::find(n, &puzzle_dirs()).map_err(failure),
        (None, Some(path)) => Ok(Box::new(DefinedGame::load(path).map_err(failure)?)),
        (None, None) => Err(Failure::Usage(format!(
            "say what to {what}: a built-in puzzle (tansaku {what} sliding ...), a definition file (--def FILE) or a definition's name; see tansaku {what} --help"
        ))),
    }
}

/// The request of `--board`, `--metric` and `--set KEY=VALUE` options.
fn with_options(
    mut req: Request,
    board: Option<&str>,
    metric: Option<&str>,
    set: &[String],
) -> Result<Request, Failure> {
    for kv in set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| Failure::Usage(format!("--set '{kv}': write KEY=VALUE, e.g. --set size=5x5")))?;
        req = req.with(k.trim(), v.trim());
    }
    if let Some(b) = board {
        req = req.with("board", b);
    }
    if let Some(m) = metric {
        req = req.with("metric", m);
    }
    Ok(req)
}

/// `tansaku solve NAME [options]` or `tansaku solve --def FILE`.
pub fn solve(name: Option<&[String]>, def: &DefSolve) -> Result<(), Failure> {
    let named;
    let (game, a) = match name {
        Some(args) => {
            named = parse_named::<NamedSolve>("solve", args);
            (game_of(Some(&args[0]), None, "solve")?, &named.def)
        }
        None => (game_of(None, def.file.def.as_ref(), "solve")?, def),
    };
    let c = &a.common;
    if let Some(file) = &a.batch {
        if a.board.is_some() {
            return Err(Failure::Usage(
                "--batch and --board: give the boards in the file, one a line".into(),
            ));
        }
        let req = with_options(c.request(), None, a.file.metric.as_deref(), &a.set)?;
        return super::solve::solve_batch(game.as_ref(), &req, c, &c.context(None), file);
    }
    let req = with_options(c.request(), a.board.as_deref(), a.file.metric.as_deref(), &a.set)?;
    let answer = game.solve(&req, &c.context(None)).map_err(failure)?;
    write_solution_svg(&answer, c.svg.as_deref())?;
    print_solve(&answer, c.json)
}

/// `tansaku longest NAME [options]` or `tansaku longest --def FILE`.
pub fn longest(name: Option<&[String]>, def: &DefLongest) -> Result<(), Failure> {
    let named;
    let (game, a) = match name {
        Some(args) => {
            named = parse_named::<NamedLongest>("longest", args);
            (game_of(Some(&args[0]), None, "longest")?, &named.def)
        }
        None => (game_of(None, def.file.def.as_ref(), "longest")?, def),
    };
    let req = with_options(a.common.request(), None, a.file.metric.as_deref(), &[])?;
    super::solve::longest(game.as_ref(), req, &a.common)
}

/// `tansaku check FILE...`.
pub fn check(a: &CheckArgs) -> Result<(), Failure> {
    let ctx = context(a.max_memory, Show::unless(a.quiet), None);
    let mut differs = false;
    for path in &a.files {
        let src = Src::read(path).map_err(|e| Failure::Usage(e.to_string()))?;
        let report = tansaku::games::check(&src, &ctx).map_err(|e| match e {
            tansaku::RunError::BadInput(why) => Failure::Usage(format!("{}: {why}", path.display())),
            other => failure(other),
        })?;
        differs |= !report.ok;
        if a.json {
            print_json(&report);
            continue;
        }
        if report.figures.is_empty() {
            println!(
                "{}: {} reads fine; it has no [expect] figures to check",
                path.display(),
                report.puzzle
            );
            continue;
        }
        println!("{}: {}", path.display(), report.puzzle);
        for f in &report.figures {
            println!(
                "  {:<5} {:<21} expected {:>12}  found {:>12}  {}",
                f.metric,
                f.figure,
                f.expected,
                f.found,
                if f.ok() { "ok" } else { "DIFFERS" }
            );
        }
    }
    if differs { Err(Failure::Differs) } else { Ok(()) }
}
