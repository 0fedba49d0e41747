//! Running a solver or an analysis for the CLI and printing what it found,
//! as text or as one JSON object. Generic over the puzzle.

use super::{Failure, SolveCommon};
use serde::Serialize;
use std::fmt::Display;
use tansaku::Puzzle;
use tansaku::front::Analysed;
use tansaku::render::{Board, strip};
use tansaku::search::retrograde::Analysis;
use tansaku::search::{Iteration, SearchError, Solution, Stats};

#[derive(Serialize)]
struct SolveJson<'a, M: Serialize> {
    puzzle: &'a str,
    algorithm: &'a str,
    /// Why `--algo auto` chose the algorithm.
    #[serde(skip_serializing_if = "Option::is_none")]
    auto: Option<&'a str>,
    length: usize,
    #[serde(flatten)]
    extra: std::collections::BTreeMap<&'a str, usize>,
    boards: Vec<String>,
    moves: &'a [M],
    stats: Stats,
    /// IDA*'s work per iteration.
    #[serde(skip_serializing_if = "<[Iteration]>::is_empty")]
    iterations: &'a [Iteration],
}

#[derive(Serialize)]
struct NoSolutionJson<'a> {
    puzzle: &'a str,
    algorithm: &'a str,
    length: Option<usize>,
    reason: String,
    stats: Option<Stats>,
}

/// A count derived from the solution length, shown beside it: the JSON
/// key, the moves to add, and what they are.
pub type Extra = (&'static str, usize, &'static str);

/// Ends every `solve` command: writes the solution's picture when `--svg`
/// asks for one, then prints the outcome (with `extra`, if any); returns
/// the failure to exit with, if any.
pub fn report_solve<P>(
    p: &P,
    puzzle: &str,
    algorithm: &Named,
    outcome: Result<Solution<P>, SearchError>,
    c: &SolveCommon,
    extra: Option<Extra>,
) -> Result<(), Failure>
where
    P: Puzzle + Board<State = <P as Puzzle>::State> + tansaku::picture::Picture<State = <P as Puzzle>::State>,
    P::Move: Serialize + Display,
{
    write_solution_svg(p, puzzle, &outcome, c.svg.as_deref())?;
    print_solve(p, puzzle, algorithm, outcome, c.json, extra)
}

/// An algorithm as reported: its name (with its bound) and, when `--algo
/// auto` chose it, why.
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub auto: Option<String>,
}

/// Answers an instance shown unsolvable before any search: the JSON
/// no-solution object (with `stats: null`) or nothing, and exit code 1.
pub fn print_unsolvable(puzzle: &str, algorithm: &str, reason: String, json: bool) -> Failure {
    if json {
        let j = NoSolutionJson {
            puzzle,
            algorithm,
            length: None,
            reason: reason.clone(),
            stats: None,
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
    }
    Failure::NoSolution(reason)
}

/// Prints a solve outcome, with an extra count (e.g. the Line Puzzle's
/// physical move count).
fn print_solve<P>(
    p: &P,
    puzzle: &str,
    named: &Named,
    outcome: Result<Solution<P>, SearchError>,
    json: bool,
    extra: Option<Extra>,
) -> Result<(), Failure>
where
    P: Puzzle + Board<State = <P as Puzzle>::State>,
    P::Move: Serialize + Display,
{
    let algorithm = named.name.as_str();
    let sol = match outcome {
        Ok(sol) => sol,
        Err(SearchError::Unsupported(why)) => return Err(Failure::Usage(why)),
        Err(SearchError::OverBudget(e)) => return Err(Failure::Usage(super::live::memory_advice(&e))),
        Err(e) => {
            let stats = match &e {
                SearchError::Unsolvable { stats } | SearchError::DepthLimit { stats, .. } => Some(*stats),
                _ => None,
            };
            if json {
                let j = NoSolutionJson {
                    puzzle,
                    algorithm,
                    length: None,
                    reason: e.to_string(),
                    stats,
                };
                println!("{}", serde_json::to_string(&j).expect("serialisable"));
            }
            let why = match &e {
                SearchError::DepthLimit { .. } => format!("{e} (raise --max-depth to look further)"),
                _ => e.to_string(),
            };
            return Err(Failure::NoSolution(why));
        }
    };
    let boards: Vec<String> = sol.states.iter().map(|s| p.notation(s)).collect();
    if json {
        let j = SolveJson {
            puzzle,
            algorithm,
            auto: named.auto.as_deref(),
            length: sol.len(),
            extra: extra.iter().map(|&(k, add, _)| (k, sol.len() + add)).collect(),
            boards,
            moves: &sol.moves,
            stats: sol.stats,
            iterations: &sol.iterations,
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
        return Ok(());
    }
    println!("{puzzle}: {} -> goal, by {algorithm}", boards[0]);
    if let Some(why) = &named.auto {
        println!("(chosen by --algo auto: {why})");
    }
    println!();
    print!("{}", strip(p, &sol.states, 78));
    println!();
    let moves: Vec<String> = sol.moves.iter().map(|m| m.to_string()).collect();
    println!("moves      {}", moves.join(" "));
    println!("length     {} moves", sol.len());
    if let Some((key, add, what)) = extra {
        println!("{key:<10} {} moves ({what})", sol.len() + add);
    }
    println!("generated  {} states", sol.stats.generated);
    println!("expanded   {} states", sol.stats.expanded);
    println!("seconds    {:.6}", sol.stats.seconds);
    if !sol.iterations.is_empty() {
        let bounds: Vec<String> = sol
            .iterations
            .iter()
            .map(|i| format!("{}:{}", i.bound, i.generated))
            .collect();
        println!("bounds     {} (bound:nodes generated)", bounds.join(" "));
    }
    Ok(())
}

#[derive(Serialize)]
struct LongestJson<'a> {
    puzzle: &'a str,
    space: u64,
    states: u64,
    longest: u32,
    count: u64,
    count_up_to_symmetry: Option<u64>,
    histogram: &'a [u64],
    positions: Vec<String>,
    truncated: bool,
    stats: Stats,
}

/// Prints a retrograde analysis. `space` is the number of boards in the
/// ranked space, `orbits` the count of longest positions up to symmetry.
pub fn print_longest<B: Board>(
    b: &B,
    puzzle: &str,
    space: u64,
    a: &Analysis<B::State>,
    orbits: Option<u64>,
    limit: usize,
    json: bool,
) {
    let shown = &a.positions[..a.positions.len().min(limit)];
    let truncated = (shown.len() as u64) < a.count;
    if json {
        let j = LongestJson {
            puzzle,
            space,
            states: a.states,
            longest: a.longest,
            count: a.count,
            count_up_to_symmetry: orbits,
            histogram: &a.histogram,
            positions: shown.iter().map(|s| b.notation(s)).collect(),
            truncated,
            stats: a.stats,
        };
        println!("{}", serde_json::to_string(&j).expect("serialisable"));
        return;
    }
    println!("{puzzle}: distance of every board to the goal (retrograde analysis)");
    println!();
    println!("states     {} reachable of {}", a.states, space);
    println!("longest    {} moves", a.longest);
    match orbits {
        Some(o) => println!("count      {} longest positions ({} up to symmetry)", a.count, o),
        None => println!("count      {} longest positions", a.count),
    }
    println!("seconds    {:.6}", a.stats.seconds);
    println!();
    println!("distance  positions");
    for (d, c) in a.histogram.iter().enumerate() {
        println!("{d:>8}  {c}");
    }
    println!();
    println!(
        "longest positions{}:",
        if truncated {
            format!(" (first {} of {})", shown.len(), a.count)
        } else {
            String::new()
        }
    );
    print!("{}", strip(b, shown, 78));
}

/// The failure for a search error: an out-of-budget error gets the
/// command line's advice.
pub fn search_failure(e: SearchError) -> Failure {
    match e {
        SearchError::OverBudget(m) => Failure::Usage(super::live::memory_advice(&m)),
        other => Failure::Usage(other.to_string()),
    }
}

/// Writes a picture to `path`, or says which path could not be written.
pub fn write_picture(path: &std::path::Path, svg: &str) -> Result<(), Failure> {
    std::fs::write(path, svg).map_err(|e| {
        Failure::Usage(format!(
            "cannot write the picture to '{}': {e}; give a path in a writable folder",
            path.display()
        ))
    })
}

/// With `--svg FILE`: the solution as a strip of numbered boards.
fn write_solution_svg<P>(
    p: &P,
    title: &str,
    outcome: &Result<Solution<P>, SearchError>,
    path: Option<&std::path::Path>,
) -> Result<(), Failure>
where
    P: Puzzle + tansaku::picture::Picture<State = <P as Puzzle>::State>,
{
    let (Some(path), Ok(sol)) = (path, outcome) else {
        return Ok(());
    };
    write_picture(path, &solution_svg(p, title, sol))
}

/// A solution as a strip of numbered boards, about 1000 pixels wide.
pub fn solution_svg<P>(p: &P, title: &str, sol: &Solution<P>) -> String
where
    P: Puzzle + tansaku::picture::Picture<State = <P as Puzzle>::State>,
{
    let grids: Vec<_> = sol.states.iter().map(|s| p.grid(s)).collect();
    let per_row = (1000 / (grids[0].width * 32 + 18)).clamp(1, 12);
    let title = format!("{title}: {} moves", sol.len());
    tansaku::picture::svg_strip(&title, &grids, per_row)
}

/// With `--plot FILE`: the distance histogram as a bar chart.
pub fn write_histogram_svg(
    title: &str,
    histogram: &[u64],
    path: Option<&std::path::Path>,
    log: bool,
) -> Result<(), Failure> {
    match path {
        Some(path) => write_picture(path, &tansaku::picture::svg_histogram(title, histogram, log)),
        None => Ok(()),
    }
}

/// Positions drawn ahead of time, for the text layout.
pub struct Drawn(pub std::collections::HashMap<String, Vec<String>>);

impl Board for Drawn {
    type State = String;
    fn picture(&self, s: &String) -> Vec<String> {
        self.0.get(s).cloned().unwrap_or_else(|| vec![s.clone()])
    }
    fn notation(&self, s: &String) -> String {
        s.clone()
    }
}

/// Prints a whole-space analysis from the library (and draws its
/// histogram when asked).
pub fn print_analysed(out: &Analysed, title: &str, c: &super::LongestCommon) -> Result<(), Failure> {
    write_histogram_svg(
        &format!("{title}: positions by distance"),
        &out.analysis.histogram,
        c.plot.as_deref(),
        c.log,
    )?;
    let drawn = Drawn(
        out.analysis
            .positions
            .iter()
            .cloned()
            .zip(out.pictures.iter().cloned())
            .collect(),
    );
    let space = out.space.unwrap_or(out.analysis.states);
    print_longest(&drawn, title, space, &out.analysis, out.orbits, c.limit, c.json);
    Ok(())
}
