//! `solve` and `longest` of the built-in puzzles: each subcommand's flags
//! become the game's options, the library answers, this file prints.

use super::report::{failure, print_json, print_longest, print_solve, write_histogram_svg, write_solution_svg};
use super::{
    Bound, Failure, FlipRowLongest, FlipRowSolve, FlipSquareLongest, FlipSquareSolve, JugsSolve, KnightsSolve,
    LineLongest, LineSolve, LongestCommon, RiverSolve, SlideBound, SlidingLongest, SlidingSolve, SolveCommon,
};
use clap::ValueEnum;
use tansaku::games;
use tansaku::{Game, Request, batch::batch};

/// The built-in game `name`.
fn game(name: &str) -> Box<dyn Game> {
    games::builtin(name).expect("a built-in game")
}

/// A value's name as clap shows it (`7-8`, `corner`).
fn value_name<T: ValueEnum>(v: &T) -> String {
    v.to_possible_value().expect("no hidden values").get_name().to_string()
}

/// Solves `req` with the built-in game `name` and prints the answer.
fn solve(name: &str, req: Request, c: &SolveCommon, pdb_dir: Option<&std::path::Path>) -> Result<(), Failure> {
    let answer = game(name).solve(&req, &c.context(pdb_dir)).map_err(failure)?;
    write_solution_svg(&answer, c.svg.as_deref())?;
    print_solve(&answer, c.json)
}

/// Sets `key` to `value` when there is one.
fn maybe(req: Request, key: &str, value: Option<&str>) -> Request {
    match value {
        Some(v) => req.with(key, v),
        None => req,
    }
}

/// Sets a yes/no option when it is yes.
fn flag(req: Request, key: &str, on: bool) -> Request {
    if on { req.with(key, "true") } else { req }
}

fn size_text((w, h): (usize, usize)) -> String {
    format!("{w}x{h}")
}

fn bound_name(b: Bound) -> String {
    value_name(&b)
}

pub fn flip_row(a: &FlipRowSolve) -> Result<(), Failure> {
    let req = a
        .common
        .request()
        .with("board", &a.board)
        .with("bound", &bound_name(a.bound));
    let req = flag(maybe(req, "goal", a.goal.as_deref()), "adjacent", a.adjacent);
    solve("flip-row", req, &a.common, None)
}

pub fn flip_square(a: &FlipSquareSolve) -> Result<(), Failure> {
    let req = a.common.request().with("bound", &bound_name(a.bound));
    let req = maybe(req, "size", a.size.map(size_text).as_deref());
    let req = maybe(maybe(req, "board", a.board.as_deref()), "goal", a.goal.as_deref());
    let req = flag(flag(req, "diagonal", a.diagonal), "adjacent", a.adjacent);
    solve("flip-square", req, &a.common, None)
}

/// The request of `solve sliding` (without the board for a batch).
fn sliding_request(a: &SlidingSolve) -> Request {
    let mut req = a
        .common
        .request()
        .with("bound", &a.bound)
        .with("frontier", &a.frontier.to_string());
    if let Some(depth) = a.automaton {
        req = req.with("automaton", &depth.to_string());
    }
    req.checkpoint = a
        .checkpoint
        .clone()
        .map(|d| (d, std::time::Duration::from_secs(a.checkpoint_every)));
    let req = maybe(req, "goal", a.goal.as_deref());
    maybe(req, "size", a.size.map(size_text).as_deref())
}

fn slide_bound(b: SlideBound) -> String {
    value_name(&b)
}

pub fn sliding(a: &SlidingSolve) -> Result<(), Failure> {
    if let Some(file) = &a.batch {
        return sliding_batch(a, file);
    }
    let req = sliding_request(a).with("board", &a.board);
    #[cfg(feature = "mpi")]
    if a.mpi {
        return sliding_mpi(req, a);
    }
    solve("sliding", req, &a.common, a.pdb_dir.as_deref())
}

/// `solve sliding --mpi`: every process runs the search, sharing each
/// iteration's subtrees; process 0 prints the answer.
#[cfg(feature = "mpi")]
fn sliding_mpi(req: Request, a: &SlidingSolve) -> Result<(), Failure> {
    let universe = mpi::initialize().ok_or_else(|| Failure::Usage("MPI is already initialised".into()))?;
    let processes = tansaku::search::mpi::MpiProcesses::world();
    let root = tansaku::context::Processes::rank(&processes) == 0;
    let ctx = a.common.context(a.pdb_dir.as_deref());
    let ctx = if root { ctx } else { ctx.quiet() }.with_processes(std::sync::Arc::new(processes));
    if root {
        eprintln!(
            "mpi: {} processes share each iteration's subtrees",
            tansaku::context::Processes::count(&processes)
        );
    }
    let answer = game("sliding").solve(&req, &ctx).map_err(failure);
    drop(universe);
    let answer = answer?;
    if root {
        write_solution_svg(&answer, a.common.svg.as_deref())?;
        print_solve(&answer, a.common.json)?;
    }
    Ok(())
}

pub fn line(a: &LineSolve) -> Result<(), Failure> {
    let req = a
        .common
        .request()
        .with("board", &a.from)
        .with("goal", &a.to)
        .with("bound", &slide_bound(a.bound));
    solve("line", req, &a.common, None)
}

pub fn knights(a: &KnightsSolve) -> Result<(), Failure> {
    let req = a.common.request().with("size", &size_text(a.size));
    let req = maybe(maybe(req, "board", a.board.as_deref()), "goal", a.goal.as_deref());
    solve("knights", req, &a.common, None)
}

pub fn jugs(a: &JugsSolve) -> Result<(), Failure> {
    let capacity: Vec<String> = a.capacity.iter().map(u32::to_string).collect();
    let req = a
        .common
        .request()
        .with("capacity", &capacity.join(","))
        .with("target", &a.target.to_string());
    solve("jugs", req, &a.common, None)
}

pub fn river(a: &RiverSolve) -> Result<(), Failure> {
    solve("river", a.common.request(), &a.common, None)
}

/// `solve sliding --batch FILE`: one board a line, one goal, the
/// databases prepared once; a line (or JSON object) a board, then the
/// totals.
fn sliding_batch(a: &SlidingSolve, file: &std::path::Path) -> Result<(), Failure> {
    let ctx = a.common.context(a.pdb_dir.as_deref());
    solve_batch(game("sliding").as_ref(), &sliding_request(a), &a.common, &ctx, file)
}

/// Every board of `file` (one a line) solved by `game` with the options of
/// `req`: a line (or JSON object) a board, then the totals.
pub fn solve_batch(
    game: &dyn Game,
    req: &Request,
    c: &SolveCommon,
    ctx: &tansaku::Context,
    file: &std::path::Path,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::Usage(format!("--batch: cannot read '{}': {e}", file.display())))?;
    if !c.json {
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
        if c.json {
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
    if c.json {
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

/// Analyses `req` with `game` and prints the answer.
pub fn longest(game: &dyn Game, req: Request, c: &LongestCommon) -> Result<(), Failure> {
    let answer = game.analyse(&req, &c.context()).map_err(failure)?;
    write_histogram_svg(&answer, c.plot.as_deref(), c.log)?;
    print_longest(&answer, c.json);
    Ok(())
}

pub fn longest_flip_row(a: &FlipRowLongest) -> Result<(), Failure> {
    let req = flag(
        a.common.request().with("size", &a.size.to_string()),
        "adjacent",
        a.adjacent,
    );
    longest(game("flip-row").as_ref(), req, &a.common)
}

pub fn longest_flip_square(a: &FlipSquareLongest) -> Result<(), Failure> {
    let req = a.common.request().with("size", &size_text(a.size));
    let req = flag(flag(req, "adjacent", a.adjacent), "diagonal", a.diagonal);
    longest(game("flip-square").as_ref(), req, &a.common)
}

pub fn longest_sliding(a: &SlidingLongest) -> Result<(), Failure> {
    let req = maybe(
        a.common.request().with("size", &size_text(a.size)),
        "goal",
        a.goal.as_deref(),
    );
    #[cfg(feature = "mpi")]
    if a.common.mpi {
        return longest_mpi(req, &a.common);
    }
    longest(game("sliding").as_ref(), req, &a.common)
}

pub fn longest_line(a: &LineLongest) -> Result<(), Failure> {
    longest(
        game("line").as_ref(),
        a.common.request().with("goal", &a.goal),
        &a.common,
    )
}

/// `longest sliding --mpi`: every process runs the analysis; process 0
/// prints it, and the traffic on stderr.
#[cfg(feature = "mpi")]
fn longest_mpi(req: Request, c: &LongestCommon) -> Result<(), Failure> {
    use mpi::traits::Communicator;
    let universe = mpi::initialize().ok_or_else(|| Failure::Usage("MPI is already initialised".into()))?;
    let world = universe.world();
    let root = world.rank() == 0;
    let ctx = if root { c.context() } else { c.context().quiet() };
    let (out, traffic) = games::sliding_analyse_mpi(&req, &ctx, &world).map_err(failure)?;
    if root {
        let sent: u64 = traffic.bytes_per_level.iter().sum();
        eprintln!(
            "mpi: {} processes, {} sent between them, {:.1}% of moves stayed on their process",
            traffic.processes,
            tansaku::memory::human(sent),
            100.0 * traffic.local_share
        );
        write_histogram_svg(&out, c.plot.as_deref(), c.log)?;
        print_longest(&out, c.json);
    }
    Ok(())
}
