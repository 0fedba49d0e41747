//! Printing the library's answers: `--json` is their serialization, the
//! text is drawn from the same answer; and the exit code with the command
//! line's advice for every error the library can give.

use super::Failure;
use serde::Serialize;
use tansaku::render::{Board, strip};
use tansaku::search::SearchError;
use tansaku::{Longest, RunError, SolveAnswer, Solved};

/// Prints one answer as a line of JSON.
pub(crate) fn print_json<T: Serialize>(answer: &T) {
    println!("{}", serde_json::to_string(answer).expect("answers serialize"));
}

/// What each extra figure of a solve means, shown beside it.
fn extra_meaning(key: &str) -> &'static str {
    match key {
        "physical" => " moves (on the physical puzzle: the top-right tile is taken out first and put back last)",
        "plies" => " plies",
        "positions_up_to_symmetry" => " final positions up to symmetry",
        "games" => " distinct game records",
        _ => "",
    }
}

/// Prints a solve's answer (JSON or text); a solve without a solution
/// exits with code 1 and its reason.
pub(crate) fn print_solve(answer: &SolveAnswer, json: bool) -> Result<(), Failure> {
    if json {
        print_json(answer);
    }
    match answer {
        SolveAnswer::Solved(s) => {
            if !json {
                print_solved(s);
            }
            if let Some(t) = &s.stronger_tables {
                eprintln!("tansaku: {}", stronger_hint(t));
            }
            Ok(())
        }
        SolveAnswer::NoSolution(n) if n.depth_limited => Err(Failure::NoSolution(format!(
            "{} (raise --max-depth to look further)",
            n.reason
        ))),
        SolveAnswer::NoSolution(n) => Err(Failure::NoSolution(n.reason.clone())),
    }
}

/// Prints a judgement (JSON or text): the position's distance, then each
/// move's, marked closer, same or farther. A position no sequence of
/// moves brings to the goal exits with code 1 and the reason, as a solve
/// without a solution does.
pub(crate) fn print_judgement(j: &tansaku::Judgement, json: bool) -> Result<(), Failure> {
    if json {
        print_json(j);
    } else {
        print_judged(j);
    }
    match &j.reason {
        Some(why) => Err(Failure::NoSolution(why.clone())),
        None => Ok(()),
    }
}

fn print_judged(j: &tansaku::Judgement) {
    let known = |d: Option<u32>| d.map_or_else(|| "not known".to_string(), |d| d.to_string());
    println!("board     {}", j.board);
    match &j.reason {
        Some(_) => println!("distance  none: the goal cannot be reached (by {})", j.source),
        None => println!("distance  {} (by {})", known(j.distance), j.source),
    }
    println!();
    println!("{:<10} {:>9}  {:<8}  board", "move", "distance", "");
    for m in &j.moves {
        let mark = match m.delta {
            Some(d) if d < 0 => "closer",
            Some(0) => "same",
            Some(_) => "farther",
            None => "",
        };
        // A move from a position that cannot reach the goal leads to
        // another that cannot.
        let distance = if j.reason.is_some() {
            "none".to_string()
        } else {
            known(m.distance)
        };
        println!("{:<10} {:>9}  {mark:<8}  {}", m.name, distance, m.board);
    }
}

/// Prints a breadth-first search step by step (JSON or text): each
/// position expanded, its children new or seen, the queue after.
pub(crate) fn print_trace(t: &tansaku::Traced, json: bool) {
    if json {
        print_json(t);
        return;
    }
    println!("start  {}", t.start.board);
    for (k, s) in t.steps.iter().enumerate() {
        println!();
        println!("step {:<4} depth {:<3} expand {}", k + 1, s.depth, s.expanded.board);
        for c in &s.children {
            let how = match (c.goal, c.new) {
                (true, _) => "new, the goal",
                (false, true) => "new: to the queue",
                (false, false) => "seen: skipped",
            };
            println!("  {:<8} {:<24} {how}", c.name, c.shown.board);
        }
        let front: Vec<&str> = s.queue.iter().map(|q| q.board.as_str()).collect();
        let more = s.queued.saturating_sub(front.len());
        println!(
            "  queue {} ({}{}); seen {}",
            s.queued,
            front.join(", "),
            if more > 0 {
                format!(", and {more} more")
            } else {
                String::new()
            },
            s.seen
        );
    }
    println!();
    if t.found {
        println!("the goal found at depth {}", t.steps.last().map_or(0, |s| s.depth + 1));
    } else {
        println!("stopped after {} steps (--steps), before the goal", t.steps.len());
    }
}

/// One line on the tables a solve would rather have had, and the command
/// that builds them.
pub(crate) fn stronger_hint(t: &tansaku::StrongerTables) -> String {
    let ordered = match t.size.as_str() {
        "4x4" => "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 _",
        "5x5" => "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 _",
        _ => "",
    };
    let goal = if t.goal == ordered {
        String::new()
    } else {
        format!(" --goal \"{}\"", t.goal)
    };
    format!(
        "solved with the tables at hand; the stronger {} tables ({} MB, minutes to build, once) make every solve faster: tansaku pdb build --size {} --partition {}{goal}",
        t.bound,
        t.bytes.div_ceil(1_000_000),
        t.size,
        t.bound
    )
}

fn print_solved(s: &Solved) {
    let title = match &s.metric {
        Some(m) => format!("{} ({m})", s.puzzle),
        None => s.puzzle.clone(),
    };
    println!("{title}: {} -> goal, by {}", s.boards[0], s.algorithm);
    if let Some(why) = &s.auto {
        println!("(chosen by --algo auto: {why})");
    }
    println!();
    print!("{}", strip(&Drawn::of(&s.boards, &s.pictures), &s.boards, 78));
    println!();
    println!("moves      {}", s.moves.join(" "));
    println!("length     {} moves", s.length);
    for (k, v) in &s.extra {
        println!("{k:<10} {v}{}", extra_meaning(k));
    }
    println!("generated  {} states", s.stats.generated);
    println!("expanded   {} states", s.stats.expanded);
    println!("seconds    {:.6}", s.stats.seconds);
    if !s.iterations.is_empty() {
        let bounds: Vec<String> = s
            .iterations
            .iter()
            .map(|i| format!("{}:{}", i.bound, i.generated))
            .collect();
        println!("bounds     {} (bound:nodes generated)", bounds.join(" "));
    }
}

/// Prints a whole-space analysis (JSON or text).
pub(crate) fn print_longest(a: &Longest, json: bool) {
    if json {
        print_json(a);
        return;
    }
    let title = match &a.metric {
        Some(m) => format!("{} ({m})", a.puzzle),
        None => a.puzzle.clone(),
    };
    match &a.from {
        Some(from) => {
            println!("{title}: distance to the goal of every position of the start set (retrograde analysis)");
            println!("from       {from}");
            println!();
            println!("states     {} in the start set, of {} positions", a.states, a.space);
        }
        None => {
            println!("{title}: distance of every board to the goal (retrograde analysis)");
            println!();
            match &a.histogram_up_to_symmetry {
                Some(c) => println!(
                    "states     {} reachable, {} classes under {} symmetries",
                    a.states,
                    c.iter().sum::<u64>(),
                    a.symmetries.len()
                ),
                None => println!("states     {} reachable of {}", a.states, a.space),
            }
        }
    }
    if let Some(r) = &a.ranking {
        let group = r
            .group_order
            .as_ref()
            .map(|g| format!("; the moves' group has {g} elements (Schreier-Sims)"))
            .unwrap_or_default();
        match r.ranks {
            "classes" => println!(
                "ranked     {} slots, one a class of symmetric positions (the least rank of its images), of {} arrangements{group}",
                r.slots, r.arrangements
            ),
            "reachable" if r.exact => println!(
                "ranked     {} slots, one a position the moves reach, of {} arrangements{group}",
                r.slots, r.arrangements
            ),
            "reachable" => println!(
                "ranked     {} slots by the orbits, parities and orientation sums the moves keep, of {} arrangements{group}; {}",
                r.slots,
                r.arrangements,
                r.why.as_deref().unwrap_or_default()
            ),
            _ => println!(
                "ranked     {} slots, one an arrangement of the sets' pieces{}",
                r.slots,
                r.why.as_deref().map(|w| format!(": {w}")).unwrap_or_default()
            ),
        }
    }
    println!("longest    {} moves", a.longest);
    match a.count_up_to_symmetry {
        Some(o) => println!("count      {} longest positions ({} up to symmetry)", a.count, o),
        None => println!("count      {} longest positions", a.count),
    }
    println!("seconds    {:.6}", a.stats.seconds);
    println!();
    match &a.histogram_up_to_symmetry {
        Some(classes) => {
            println!("distance  positions  classes");
            for (d, (c, k)) in a.histogram.iter().zip(classes).enumerate() {
                println!("{d:>8}  {c:>9}  {k:>7}");
            }
        }
        None => {
            println!("distance  positions");
            for (d, c) in a.histogram.iter().enumerate() {
                println!("{d:>8}  {c}");
            }
        }
    }
    println!();
    println!(
        "longest positions{}:",
        if a.truncated {
            format!(" (first {} of {})", a.positions.len(), a.count)
        } else {
            String::new()
        }
    );
    print!("{}", strip(&Drawn::of(&a.positions, &a.pictures), &a.positions, 78));
}

/// The failure (and exit code) for a library error, with the command
/// line's advice.
pub(crate) fn failure(e: RunError) -> Failure {
    match e {
        RunError::Unreachable(why) => Failure::NoSolution(why),
        RunError::Search(e @ (SearchError::Unsolvable { .. } | SearchError::DepthLimit { .. })) => {
            Failure::NoSolution(e.to_string())
        }
        RunError::Search(SearchError::OverBudget(m)) => Failure::Usage(super::live::memory_advice(&m)),
        RunError::Tables(why) => Failure::Usage(format!("{why}; choose a writable folder with --pdb-dir")),
        other => Failure::Usage(other.to_string()),
    }
}

/// Writes a picture to `path`, or says which path could not be written.
pub(crate) fn write_picture(path: &std::path::Path, svg: &str) -> Result<(), Failure> {
    std::fs::write(path, svg).map_err(|e| {
        Failure::Usage(format!(
            "cannot write the picture to '{}': {e}; give a path in a writable folder",
            path.display()
        ))
    })
}

/// A solution as a strip of numbered boards, about 1000 pixels wide.
pub(crate) fn solution_svg(s: &Solved) -> String {
    let per_row = (1000 / (s.grids[0].width * 32 + 18)).clamp(1, 12);
    let title = format!("{}: {} moves", s.puzzle, s.length);
    tansaku::svg::svg_strip(&title, &s.grids, per_row)
}

/// With `--svg FILE`: the solution as a strip of numbered boards.
pub(crate) fn write_solution_svg(answer: &SolveAnswer, path: Option<&std::path::Path>) -> Result<(), Failure> {
    match (path, answer) {
        (Some(path), SolveAnswer::Solved(s)) => write_picture(path, &solution_svg(s)),
        _ => Ok(()),
    }
}

/// With `--plot FILE`: the distance histogram as a bar chart.
pub(crate) fn write_histogram_svg(a: &Longest, path: Option<&std::path::Path>, log: bool) -> Result<(), Failure> {
    let title = format!("{}: positions by distance", a.puzzle);
    match path {
        Some(path) => write_picture(path, &tansaku::svg::svg_histogram(&title, &a.histogram, log)),
        None => Ok(()),
    }
}

/// Positions drawn ahead of time, for the text layout.
pub(crate) struct Drawn(std::collections::HashMap<String, Vec<String>>);

impl Drawn {
    /// The pictures of `boards`.
    pub(crate) fn of(boards: &[String], pictures: &[Vec<String>]) -> Self {
        Drawn(boards.iter().cloned().zip(pictures.iter().cloned()).collect())
    }
}

impl Board for Drawn {
    type State = String;
    fn picture(&self, s: &String) -> Vec<String> {
        self.0.get(s).cloned().unwrap_or_else(|| vec![s.clone()])
    }
    fn notation(&self, s: &String) -> String {
        s.clone()
    }
}
