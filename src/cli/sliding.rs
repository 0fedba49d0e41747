//! `solve sliding` (one board or a batch), `solve line`, `longest sliding`,
//! `longest line`. The library chooses the algorithm and the bound
//! (`tansaku::puzzles::sliding::solve`); this file parses and prints.

use super::report::{Extra, Named, print_unsolvable, report_solve};
use super::{Failure, LineLongest, LineSolve, SlideBound, SlidingLongest, SlidingSolve, SolveCommon};
use serde::Serialize;
use tansaku::puzzles::sliding::pdb::cache::PdbCache;
use tansaku::puzzles::sliding::pdb::{Partition, PdbError};
use tansaku::puzzles::sliding::solve::{BoundRequest, SolveError, SolveOptions, Solver, plan};
use tansaku::puzzles::sliding::{ParsedBoard, SlideMove, SlideState, Sliding, parse_board};
use tansaku::search::{Iteration, SearchError, Stats};

/// The physical puzzle's two extra moves.
const PHYSICAL: Extra = (
    "physical",
    2,
    "on the physical puzzle: the top-right tile is taken out first and put back last",
);

/// A Line Puzzle board from a name or written out (the library reads it).
pub fn line_board(text: &str) -> Result<ParsedBoard, Failure> {
    tansaku::puzzles::sliding::line_board(text).map_err(Failure::Usage)
}

/// The library's bound request for `--bound`.
fn request(bound: SlideBound) -> BoundRequest {
    match bound {
        SlideBound::Auto => BoundRequest::Auto,
        SlideBound::Manhattan => BoundRequest::Manhattan,
        SlideBound::LinearConflicts => BoundRequest::LinearConflicts,
        SlideBound::Pdb => BoundRequest::Pdb,
        SlideBound::P555 => BoundRequest::Partition(Partition::P555),
        SlideBound::P663 => BoundRequest::Partition(Partition::P663),
        SlideBound::P78 => BoundRequest::Partition(Partition::P78),
        SlideBound::P6666 => BoundRequest::Partition(Partition::P6666),
    }
}

/// The pattern database cache: `--pdb-dir`, or the user's.
pub fn cache(dir: Option<&std::path::Path>) -> PdbCache {
    dir.map_or_else(PdbCache::user, PdbCache::at)
}

/// What to tell the user when pattern databases cannot be used or kept.
pub fn pdb_failure(e: SolveError) -> Failure {
    match e {
        SolveError::Pdb(PdbError::Cache(why)) => Failure::Usage(format!(
            "pattern database cache: {why}; choose a writable folder with --pdb-dir"
        )),
        SolveError::Pdb(PdbError::Memory(m)) => Failure::Usage(format!(
            "{}; or choose smaller databases with --bound 6-6-3 (4x4)",
            super::live::memory_advice(&m)
        )),
        SolveError::Pdb(PdbError::Unsupported(why)) => Failure::Usage(format!("--bound: {why}")),
        SolveError::Mismatch(why) => Failure::Usage(why),
        SolveError::Unreachable(why) => Failure::NoSolution(why),
        SolveError::Search(e) => super::report::search_failure(e),
    }
}

/// The library's options for a solve: `notice` gets its messages.
fn options<'a>(
    bound: SlideBound,
    cache: &'a PdbCache,
    notice: &'a dyn Fn(&str),
    c: &SolveCommon,
    ctx: &'a tansaku::Context,
) -> SolveOptions<'a> {
    SolveOptions {
        algorithm: c.algo.fixed(),
        bound: request(bound),
        max_depth: c.max_depth,
        threads: c.threads(),
        ctx,
        cache,
        notice,
    }
}

/// Chooses and prepares the algorithm and bound for `p`'s goal.
fn solver(
    p: &Sliding,
    bound: SlideBound,
    pdb_dir: Option<&std::path::Path>,
    c: &SolveCommon,
) -> Result<Solver, Failure> {
    let cache = cache(pdb_dir);
    let quiet = c.quiet;
    let notice = move |m: &str| {
        if !quiet {
            eprintln!("tansaku: {m}");
        }
    };
    let ctx = c.context();
    Solver::new(p, options(bound, &cache, &notice, c, &ctx)).map_err(pdb_failure)
}

/// The algorithm as reported.
fn named(solver: &Solver) -> Named {
    Named {
        name: solver.describe(),
        auto: solver.reason().map(String::from),
    }
}

/// Runs a solve on a sliding puzzle and prints it.
fn solve(
    p: &Sliding,
    start: &SlideState,
    name: &str,
    bound: SlideBound,
    pdb_dir: Option<&std::path::Path>,
    c: &SolveCommon,
    extra: Option<Extra>,
) -> Result<(), Failure> {
    // Parity settles solvability before any database is built.
    if let Some(reason) = p.unsolvable_reason(start) {
        let cache = cache(pdb_dir);
        let ctx = c.context();
        let plan = plan(p, &options(bound, &cache, &|_| {}, c, &ctx));
        return Err(print_unsolvable(name, &plan.describe(false), reason, c.json));
    }
    let solver = solver(p, bound, pdb_dir, c)?;
    let named = named(&solver);
    let outcome = match solver.solve(p, start) {
        Ok(sol) => Ok(sol),
        Err(SolveError::Search(e)) => Err(e),
        Err(SolveError::Unreachable(reason)) => return Err(print_unsolvable(name, &named.name, reason, c.json)),
        Err(e) => return Err(pdb_failure(e)),
    };
    report_solve(p, name, &named, outcome, c, extra)
}

/// The start board and puzzle of `solve sliding` (board text, goal text).
fn sliding_puzzle(
    board: &str,
    goal: Option<&str>,
    size: Option<(usize, usize)>,
) -> Result<(Sliding, SlideState), String> {
    let start = parse_board(board, size).map_err(|e| e.to_string())?;
    let goal = match goal {
        Some(g) => Some(parse_board(g, Some((start.width, start.height))).map_err(|e| format!("--goal: {e}"))?),
        None => None,
    };
    Sliding::new(&start, goal.as_ref()).map_err(|e| e.to_string())
}

pub fn solve_sliding(a: &SlidingSolve) -> Result<(), Failure> {
    if let Some(file) = &a.batch {
        return batch(a, file);
    }
    let (p, s) = sliding_puzzle(&a.board, a.goal.as_deref(), a.size).map_err(Failure::Usage)?;
    let name = format!("sliding {}x{}", p.width(), p.height());
    solve(&p, &s, &name, a.bound, a.pdb_dir.as_deref(), &a.common, None)
}

#[derive(Serialize)]
struct BatchLine<'a> {
    line: usize,
    board: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [SlideMove]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iterations: Option<&'a [Iteration]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize, Default)]
struct BatchTotals {
    boards: usize,
    solved: usize,
    unsolvable: usize,
    bad: usize,
    moves: u64,
    generated: u64,
    expanded: u64,
    /// Search time over every board.
    seconds: f64,
    /// Time to choose the algorithm and load or build the databases.
    setup_seconds: f64,
}

/// `solve sliding --batch FILE`: one board a line, one goal, the bound
/// prepared once.
fn batch(a: &SlidingSolve, file: &std::path::Path) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::Usage(format!("--batch: cannot read '{}': {e}", file.display())))?;
    let c = &a.common;
    let mut solver: Option<Solver> = None;
    let mut totals = BatchTotals::default();
    let mut bad_lines = Vec::new();
    if !c.json {
        println!(
            "{:>5} {:>6} {:>14} {:>14} {:>10}  board",
            "line", "moves", "generated", "expanded", "seconds"
        );
    }
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let board = raw.split('#').next().unwrap_or("").trim();
        if board.is_empty() {
            continue;
        }
        totals.boards += 1;
        let result = sliding_puzzle(board, a.goal.as_deref(), a.size)
            .map_err(Failure::Usage)
            .and_then(|(p, s)| {
                if solver.is_none() {
                    let clock = std::time::Instant::now();
                    let made = self::solver(&p, a.bound, a.pdb_dir.as_deref(), c)?;
                    totals.setup_seconds = clock.elapsed().as_secs_f64();
                    if !c.json {
                        println!("# {}", made.describe());
                    }
                    solver = Some(made);
                }
                let solver = solver.as_ref().expect("made above");
                match solver.solve(&p, &s) {
                    Ok(sol) => Ok((p, sol)),
                    Err(SolveError::Search(e @ SearchError::Unsupported(_))) => Err(Failure::Usage(e.to_string())),
                    Err(SolveError::Search(e)) => Err(Failure::NoSolution(e.to_string())),
                    Err(e) => Err(pdb_failure(e)),
                }
            });
        let mut entry = BatchLine {
            line,
            board,
            length: None,
            boards: None,
            moves: None,
            stats: None,
            iterations: None,
            error: None,
        };
        match &result {
            Ok((p, sol)) => {
                totals.solved += 1;
                totals.moves += sol.len() as u64;
                totals.generated += sol.stats.generated;
                totals.expanded += sol.stats.expanded;
                totals.seconds += sol.stats.seconds;
                if c.json {
                    entry.length = Some(sol.len());
                    entry.boards = Some(sol.states.iter().map(|s| p.format(s)).collect());
                    entry.moves = Some(&sol.moves);
                    entry.stats = Some(sol.stats);
                    entry.iterations = Some(&sol.iterations);
                } else {
                    println!(
                        "{line:>5} {:>6} {:>14} {:>14} {:>10.4}  {board}",
                        sol.len(),
                        sol.stats.generated,
                        sol.stats.expanded,
                        sol.stats.seconds
                    );
                }
            }
            Err(f) => {
                let why = match f {
                    Failure::Usage(w) => {
                        totals.bad += 1;
                        bad_lines.push(line);
                        w
                    }
                    Failure::NoSolution(w) => {
                        totals.unsolvable += 1;
                        w
                    }
                    Failure::Differs => unreachable!("a solve compares no figures"),
                };
                eprintln!("tansaku: {}: line {line}: {why}", file.display());
                if c.json {
                    entry.error = Some(why.clone());
                } else {
                    println!("{line:>5}  no answer: {why}");
                }
            }
        }
        if c.json {
            println!("{}", serde_json::to_string(&entry).expect("serialisable"));
        }
    }
    if c.json {
        #[derive(Serialize)]
        struct Totals<'a> {
            totals: &'a BatchTotals,
        }
        println!(
            "{}",
            serde_json::to_string(&Totals { totals: &totals }).expect("serialisable")
        );
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

pub fn solve_line(a: &LineSolve) -> Result<(), Failure> {
    let from = line_board(&a.from).map_err(|e| prefix("--from", e))?;
    let to = line_board(&a.to).map_err(|e| prefix("--to", e))?;
    let (p, s) = Sliding::new(&from, Some(&to)).map_err(Failure::usage)?;
    solve(&p, &s, "line puzzle", a.bound, None, &a.common, Some(PHYSICAL))
}

fn prefix(option: &str, f: Failure) -> Failure {
    match f {
        Failure::Usage(why) => Failure::Usage(format!("{option}: {why}")),
        other => other,
    }
}

/// The default goal of a W x H board: tiles 1, 2, ... in order, empty last.
fn ordered_goal(w: usize, h: usize) -> Result<ParsedBoard, Failure> {
    let n = w * h;
    if !(2..=tansaku::puzzles::sliding::MAX_CELLS).contains(&n) {
        return Err(Failure::Usage(format!(
            "a {w}x{h} board is not supported: 2 to {} cells",
            tansaku::puzzles::sliding::MAX_CELLS
        )));
    }
    Ok(ParsedBoard {
        width: w,
        height: h,
        tiles: (1..n).map(|i| Some(i.to_string())).chain([None]).collect(),
    })
}

pub fn longest_sliding(a: &SlidingLongest) -> Result<(), Failure> {
    let (w, h) = a.size;
    let goal = match &a.goal {
        Some(g) => parse_board(g, Some((w, h))).map_err(|e| Failure::Usage(format!("--goal: {e}")))?,
        None => ordered_goal(w, h)?,
    };
    let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(Failure::usage)?;
    let name = format!("sliding {}x{}", p.width(), p.height());
    let options = [("size", format!("{w}x{h}")), ("goal", p.format(&p.goal()))];
    #[cfg(feature = "mpi")]
    if a.common.mpi {
        return longest_mpi(&name, &options, &a.common);
    }
    super::flip::longest("sliding", &name, &options, &a.common)
}

/// `longest sliding --mpi`: every process runs the analysis; process 0
/// prints it, and the traffic on stderr.
#[cfg(feature = "mpi")]
fn longest_mpi(name: &str, options: &[(&str, String)], c: &super::LongestCommon) -> Result<(), Failure> {
    use mpi::traits::Communicator;
    let universe = mpi::initialize().ok_or_else(|| Failure::Usage("MPI is already initialised".into()))?;
    let world = universe.world();
    let root = world.rank() == 0;
    let ctx = if root { c.context() } else { c.context().quiet() };
    let (out, traffic) = tansaku::registry::sliding_analyse_mpi(&c.request(options), c.limit, &ctx, &world)
        .map_err(super::define::run_failure)?;
    if root {
        let sent: u64 = traffic.bytes_per_level.iter().sum();
        eprintln!(
            "mpi: {} processes, {} sent between them, {:.1}% of moves stayed on their process",
            traffic.processes,
            tansaku::memory::human(sent),
            100.0 * traffic.local_share
        );
        super::report::print_analysed(&out, name, c)?;
    }
    Ok(())
}

pub fn longest_line(a: &LineLongest) -> Result<(), Failure> {
    let goal = line_board(&a.goal).map_err(|e| prefix("--goal", e))?;
    Sliding::new(&goal, Some(&goal)).map_err(Failure::usage)?;
    super::flip::longest("line", "line puzzle", &[("goal", a.goal.clone())], &a.common)
}
