//! `solve --def`, `longest --def`, `check`, and definitions by name: read
//! the file, call the library's front door (`tansaku::define::run`), print.

use super::live::{Show, context};
use super::report::{Drawn, print_analysed, search_failure, write_picture};
use super::{CheckArgs, DefLongest, DefSolve, Failure};
use clap::Parser;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tansaku::define::run::{self, Request, RunError};
use tansaku::define::{DefError, Definition, Src};
use tansaku::front::Game;
use tansaku::render::strip;
use tansaku::search::{Iteration, SearchError, Stats};

/// The folders searched for a definition given by name: those of
/// `$TANSAKU_PUZZLES` (separated by `:`), then `./puzzles`.
fn puzzle_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("TANSAKU_PUZZLES")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("puzzles"));
    dirs
}

/// The definition file of the puzzle called `name` (see
/// `tansaku::registry::find_file`).
fn find(name: &str) -> Result<PathBuf, Failure> {
    let dirs = puzzle_dirs();
    tansaku::registry::find_file(name, &dirs).ok_or_else(|| {
        Failure::Usage(format!(
            "'{name}' is neither a built-in puzzle nor a definition in {}; give a file with --def FILE, or see tansaku solve --help",
            dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
        ))
    })
}

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

/// Parses the options after a definition's name, as clap would.
fn parse_named<T: Parser>(command: &str, args: &[String]) -> T {
    let name = format!("tansaku {command} {}", args[0]);
    T::try_parse_from(std::iter::once(name).chain(args[1..].iter().cloned())).unwrap_or_else(|e| e.exit())
}

/// `tansaku solve NAME [options]`: a definition found by name, or a
/// built-in game of the registry without a subcommand of its own (its
/// options given with `--set KEY=VALUE`).
pub fn solve_named(args: &[String]) -> Result<(), Failure> {
    let a: NamedSolve = parse_named("solve", args);
    if let Some(game) = tansaku::registry::builtin(&args[0]) {
        return solve_game(game.as_ref(), game.name(), None, &a.def);
    }
    let path = find(&args[0])?;
    solve(&a.def, Some(path))
}

/// `tansaku longest NAME [options]`.
pub fn longest_named(args: &[String]) -> Result<(), Failure> {
    let path = find(&args[0])?;
    let a: NamedLongest = parse_named("longest", args);
    longest(&a.def, Some(path))
}

fn load(path: &Path, metric: Option<&str>) -> Result<Definition, Failure> {
    Definition::load(path, metric).map_err(|e: DefError| Failure::Usage(e.to_string()))
}

/// The failure for a library error (the JSON no-solution object first
/// when one is asked for).
fn run_failure_json(e: RunError, json: bool, puzzle: &str, algorithm: &str) -> Failure {
    match e {
        RunError::BadInput(why) => Failure::Usage(why),
        RunError::Unreachable(why) => Failure::NoSolution(why),
        RunError::Search(e @ (SearchError::Unsolvable { .. } | SearchError::DepthLimit { .. })) => {
            let stats = match &e {
                SearchError::Unsolvable { stats } | SearchError::DepthLimit { stats, .. } => Some(*stats),
                _ => None,
            };
            if json {
                let j = serde_json::json!({
                    "puzzle": puzzle, "algorithm": algorithm, "length": null,
                    "reason": e.to_string(), "stats": stats,
                });
                println!("{j}");
            }
            let why = match &e {
                SearchError::DepthLimit { .. } => format!("{e} (raise --max-depth to look further)"),
                _ => e.to_string(),
            };
            Failure::NoSolution(why)
        }
        RunError::Search(e) => search_failure(e),
    }
}

/// The failure for a library error.
pub fn run_failure(e: RunError) -> Failure {
    run_failure_json(e, false, "", "")
}

#[derive(Serialize)]
struct SolveJson<'a> {
    puzzle: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    metric: Option<&'a str>,
    algorithm: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    auto: Option<&'a str>,
    length: usize,
    #[serde(flatten)]
    extra: std::collections::BTreeMap<&'static str, u64>,
    boards: &'a [String],
    moves: &'a [String],
    stats: Stats,
    #[serde(skip_serializing_if = "<[Iteration]>::is_empty")]
    iterations: &'a [Iteration],
}

/// `tansaku solve --def FILE` (or by name: `path` given).
pub fn solve(a: &DefSolve, path: Option<PathBuf>) -> Result<(), Failure> {
    let Some(path) = path.or_else(|| a.file.def.clone()) else {
        return Err(Failure::Usage(
            "say what to solve: a built-in puzzle (tansaku solve sliding ...), a definition file (--def FILE) or a definition's name; see tansaku solve --help".into(),
        ));
    };
    let def = load(&path, a.file.metric.as_deref())?;
    let title = format!("{} ({})", def.name(), def.metric());
    solve_game(&def, &title, Some(def.metric()), a)
}

/// The library's request for a solve's options (`--board`, `--set`).
fn request(a: &DefSolve) -> Result<Request, Failure> {
    let c = &a.common;
    let mut req = Request {
        algorithm: c.algo.fixed(),
        max_depth: c.max_depth,
        threads: c.threads(),
        ..Request::default()
    };
    for kv in &a.set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| Failure::Usage(format!("--set '{kv}': write KEY=VALUE, e.g. --set size=5x5")))?;
        req = req.with(k.trim(), v.trim());
    }
    if let Some(b) = &a.board {
        req = req.with("board", b);
    }
    Ok(req)
}

/// Solves any game of the library's front door and prints the outcome.
fn solve_game(game: &dyn Game, title: &str, metric: Option<&str>, a: &DefSolve) -> Result<(), Failure> {
    let c = &a.common;
    let req = request(a)?;
    let algo_name = c.algo.fixed().map_or("auto", |x| x.name());
    let out = game
        .solve(&req, &c.context())
        .map_err(|e| run_failure_json(e, c.json, title, algo_name))?;
    if let Some(svg) = &c.svg {
        let per_row = (1000 / (out.grids[0].width * 32 + 18)).clamp(1, 12);
        let picture = tansaku::picture::svg_strip(&format!("{title}: {} moves", out.moves.len()), &out.grids, per_row);
        write_picture(svg, &picture)?;
    }
    if c.json {
        let j = SolveJson {
            puzzle: game.name(),
            metric,
            algorithm: out.name.clone(),
            auto: out.reason.as_deref(),
            length: out.moves.len(),
            extra: out.extra.iter().copied().collect(),
            boards: &out.boards,
            moves: &out.moves,
            stats: out.stats,
            iterations: &out.iterations,
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
        return Ok(());
    }
    println!("{title}: {} -> goal, by {}", out.boards[0], out.name);
    if let Some(why) = &out.reason {
        println!("(chosen by --algo auto: {why})");
    }
    println!();
    let drawn = Drawn(out.boards.iter().cloned().zip(out.pictures.iter().cloned()).collect());
    print!("{}", strip(&drawn, &out.boards, 78));
    println!();
    println!("moves      {}", out.moves.join(" "));
    println!("length     {} moves", out.moves.len());
    for (k, v) in &out.extra {
        println!("{k:<10} {v}");
    }
    println!("generated  {} states", out.stats.generated);
    println!("expanded   {} states", out.stats.expanded);
    println!("seconds    {:.6}", out.stats.seconds);
    Ok(())
}

/// `tansaku longest --def FILE` (or by name: `path` given).
pub fn longest(a: &DefLongest, path: Option<PathBuf>) -> Result<(), Failure> {
    let Some(path) = path.or_else(|| a.file.def.clone()) else {
        return Err(Failure::Usage(
            "say what to analyse: a built-in puzzle (tansaku longest sliding ...), a definition file (--def FILE) or a definition's name; see tansaku longest --help".into(),
        ));
    };
    let def = load(&path, a.file.metric.as_deref())?;
    let c = &a.common;
    let out = run::analyse(&def, &c.request(&[]), c.limit, &c.context()).map_err(run_failure)?;
    print_analysed(&out, &format!("{} ({})", def.name(), def.metric()), c)
}

#[derive(Serialize)]
struct CheckJson<'a> {
    file: String,
    puzzle: &'a str,
    ok: bool,
    figures: &'a [run::Checked],
}

/// `tansaku check FILE...`.
pub fn check(a: &CheckArgs) -> Result<(), Failure> {
    let ctx = context(a.max_memory, Show::unless(a.quiet));
    let mut differs = false;
    for path in &a.files {
        let src = Src::read(path).map_err(|e| Failure::Usage(e.to_string()))?;
        let def = Definition::parse(&src, None).map_err(|e| Failure::Usage(e.to_string()))?;
        if def.expect().is_empty() && !a.json {
            println!(
                "{}: {} reads fine; it has no [expect] figures to check",
                path.display(),
                def.name()
            );
            continue;
        }
        let figures = run::check(&def, |m| Definition::parse(&src, Some(m)), &ctx).map_err(|e| match e {
            RunError::BadInput(why) => Failure::Usage(format!("{}: {why}", path.display())),
            other => run_failure(other),
        })?;
        let ok = figures.iter().all(run::Checked::ok);
        differs |= !ok;
        if a.json {
            let j = CheckJson {
                file: path.display().to_string(),
                puzzle: def.name(),
                ok,
                figures: &figures,
            };
            println!("{}", serde_json::to_string(&j).expect("serialisable"));
            continue;
        }
        println!("{}: {}", path.display(), def.name());
        for f in &figures {
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
