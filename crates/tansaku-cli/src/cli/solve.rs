//! `solve`, `longest`, `judge` and `trace`: the game and its request from
//! the command line ([`super::games`]) make the library's typed question
//! ([`tansaku::ask::Question`]), the same the server, the page and Python
//! ask; its typed answer is printed here.

use super::Failure;
use super::games::{GameArgs, named_command};
use super::live::{self, Show};
use super::report::{
    failure, print_json, print_judgement, print_longest, print_solve, print_trace, write_histogram_svg,
    write_solution_svg,
};
use std::path::PathBuf;
use tansaku::ask;
use tansaku::batch::batch;
use tansaku::games::definition::DefinedGame;
use tansaku::games::{self, puzzle_dirs};
use tansaku::options::Value;
use tansaku::{Game, Judgement, Longest, Request, SolveAnswer, Traced};

/// The game asked about, and the arguments read for it (those after a
/// definition's name are read again, now that the name is known).
fn resolve(a: &GameArgs) -> Result<(Box<dyn Game>, GameArgs), Failure> {
    let q = a.question;
    if let Some(name) = &a.game {
        let game = games::builtin(name).ok_or_else(|| Failure::Usage(format!("no game '{name}'")))?;
        return Ok((game, a.clone()));
    }
    if let Some(words) = &a.named {
        let matches = named_command(q, a.verb, &words[0])
            .try_get_matches_from(words)
            .unwrap_or_else(|e| e.exit());
        let args = GameArgs {
            question: q,
            verb: a.verb,
            game: None,
            named: None,
            matches,
        };
        return Ok((games::find(&words[0], &puzzle_dirs()).map_err(failure)?, args));
    }
    match a.path("def") {
        Some(path) => Ok((Box::new(DefinedGame::load(&path).map_err(failure)?), a.clone())),
        None => Err(Failure::Usage(format!(
            "say what to {0}: a built-in puzzle (tansaku {0} sliding ...), a definition file (--def FILE) or a definition's name; see tansaku {0} --help",
            a.verb
        ))),
    }
}

/// The library's request of `a` for `game`: the request's and the game's
/// options as given; for a definition, `--board`, `--metric`, `--set`
/// and `longest`'s own (`--from`, `--symmetry`).
fn request_of(a: &GameArgs, game: &dyn Game) -> Result<Request, Failure> {
    let specs = if a.game.is_some() { game.options() } else { Vec::new() };
    let mut req = a.request(&specs).map_err(failure)?;
    for (k, v) in a.set().map_err(Failure::Usage)? {
        req = req.with(&k, v);
    }
    if a.game.is_some() {
        return Ok(req);
    }
    for key in ["board", "metric"] {
        if let Some(v) = a.text(key) {
            req = req.with(key, Value::Text(v));
        }
    }
    for o in tansaku::games::definition::longest_options() {
        if let Some(v) = a.value(o.name) {
            req = req.with(o.name, v);
        }
    }
    Ok(req)
}

/// The run's context: `--max-memory` (else the library's default budget),
/// `--pdb-dir` (else the user's cache folder), progress as asked, and the
/// processes of an MPI job with `--mpi` (then only process 0 reports; the
/// job lasts as long as the [`Session`]).
fn context(a: &GameArgs) -> Result<(tansaku::Context, Session), Failure> {
    let show = if a.quiet() {
        Show::Quiet
    } else if a.flag("progress") {
        Show::Lines
    } else {
        Show::Terminal
    };
    let ctx = live::context(a.max_memory(), show, a.pdb_dir().as_deref());
    #[cfg(feature = "mpi")]
    if a.flag("mpi") {
        return super::processes::join(ctx, a.question);
    }
    Ok((ctx, Session::none()))
}

#[cfg(feature = "mpi")]
use super::processes::Session;

/// Nothing to keep: no MPI job.
#[cfg(not(feature = "mpi"))]
struct Session;

#[cfg(not(feature = "mpi"))]
impl Session {
    /// No job.
    fn none() -> Self {
        Session
    }
}

/// Process 0 of an MPI job prints (and every process of no job).
fn speaks(ctx: &tansaku::Context) -> bool {
    ctx.processes().is_none_or(|p| p.rank() == 0)
}

/// `tansaku solve ...`.
pub(crate) fn solve(a: &GameArgs) -> Result<(), Failure> {
    let (game, a) = resolve(a)?;
    let req = request_of(&a, game.as_ref())?;
    let (ctx, _session) = context(&a)?;
    if let Some(file) = a.path("batch") {
        if a.game.is_none() && a.text("board").is_some() {
            return Err(Failure::Usage(
                "--batch and --board: give the boards in the file, one a line".into(),
            ));
        }
        return solve_batch(game.as_ref(), &req, a.json(), &ctx, &file);
    }
    let answer: SolveAnswer = ask::Question::Solve(game, req).answer_as(&ctx, None).map_err(failure)?;
    if !speaks(&ctx) {
        return Ok(());
    }
    write_solution_svg(&answer, a.path("svg").as_deref())?;
    print_solve(&answer, a.json())
}

/// `tansaku judge ...`.
pub(crate) fn judge(a: &GameArgs) -> Result<(), Failure> {
    let (game, a) = resolve(a)?;
    let req = request_of(&a, game.as_ref())?;
    let (ctx, _session) = context(&a)?;
    let answer: Judgement = ask::Question::Judge(game, req).answer_as(&ctx, None).map_err(failure)?;
    print_judgement(&answer, a.json())
}

/// `tansaku trace ...`.
pub(crate) fn trace(a: &GameArgs) -> Result<(), Failure> {
    let (game, a) = resolve(a)?;
    let mut req = request_of(&a, game.as_ref())?;
    req.limit = a
        .matches
        .get_one::<u32>("steps")
        .map_or(tansaku::games::TRACE_STEPS, |&n| n as usize);
    let (ctx, _session) = context(&a)?;
    let answer: Traced = ask::Question::Trace(game, req).answer_as(&ctx, None).map_err(failure)?;
    print_trace(&answer, a.json());
    Ok(())
}

/// `tansaku longest ...`.
pub(crate) fn longest(a: &GameArgs) -> Result<(), Failure> {
    let (game, a) = resolve(a)?;
    let req = request_of(&a, game.as_ref())?;
    let (ctx, _session) = context(&a)?;
    let answer: Longest = ask::Question::Longest(game, req)
        .answer_as(&ctx, None)
        .map_err(failure)?;
    if !speaks(&ctx) {
        return Ok(());
    }
    let plot: Option<PathBuf> = a.path("plot");
    write_histogram_svg(&answer, plot.as_deref(), a.flag("log"))?;
    print_longest(&answer, a.json());
    Ok(())
}

/// Every board of `file` (one a line) solved by `game` with the options of
/// `req`: a line (or JSON object) a board, then the totals.
fn solve_batch(
    game: &dyn Game,
    req: &Request,
    json: bool,
    ctx: &tansaku::Context,
    file: &std::path::Path,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::Usage(format!("--batch: cannot read '{}': {e}", file.display())))?;
    if !json {
        println!(
            "{:>5} {:>6} {:>14} {:>14} {:>10}  board",
            "line", "moves", "generated", "expanded", "seconds"
        );
    }
    let mut named = false;
    let mut bad_lines = Vec::new();
    let totals = batch(game, req, &text, ctx, |l| {
        if let Some(why) = &l.error {
            eprintln!("tansaku: {}: line {}: {why}", file.display(), l.line);
            if l.bad {
                bad_lines.push(l.line);
            }
        }
        if json {
            print_json(l);
            return;
        }
        if let (false, Some(name)) = (named, &l.algorithm) {
            println!("# {name}");
            named = true;
        }
        match (&l.length, &l.stats, &l.error) {
            (Some(len), Some(stats), _) => println!(
                "{:>5} {len:>6} {:>14} {:>14} {:>10.4}  {}",
                l.line, stats.generated, stats.expanded, stats.seconds, l.board
            ),
            (_, _, Some(why)) => println!("{:>5}  no answer: {why}", l.line),
            _ => {}
        }
    })
    .map_err(failure)?;
    if json {
        #[derive(serde::Serialize)]
        struct Totals<'a> {
            totals: &'a tansaku::BatchTotals,
        }
        print_json(&Totals { totals: &totals });
    } else {
        println!(
            "total {:>6} {:>14} {:>14} {:>10.4}  {} boards: {} solved, {} unsolvable, {} bad; setup {:.2} s",
            totals.moves,
            totals.generated,
            totals.expanded,
            totals.seconds,
            totals.boards,
            totals.solved,
            totals.unsolvable,
            totals.bad,
            totals.setup_seconds
        );
    }
    if !bad_lines.is_empty() {
        let lines: Vec<String> = bad_lines.iter().map(usize::to_string).collect();
        return Err(Failure::Usage(format!(
            "{} of {} boards could not be read or used (line {}); the others were answered",
            bad_lines.len(),
            totals.boards,
            lines.join(", ")
        )));
    }
    if totals.unsolvable > 0 {
        return Err(Failure::NoSolution(format!(
            "{} of {} boards have no solution",
            totals.unsolvable, totals.boards
        )));
    }
    Ok(())
}
