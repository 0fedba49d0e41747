//! `solve sliding`, `solve line`, `longest sliding`, `longest line`.

use super::report::{
    Extra, print_longest, print_unsolvable, progress_wanted, report_solve, run_solve_ranked, write_histogram_svg,
};
use super::{
    Algo, Failure, LineLongest, LineSolve, LongestCommon, SlideBound, SlidingLongest, SlidingSolve, SolveCommon,
};
use tansaku::Ranked;
use tansaku::puzzles::sliding::packed::Packed;
use tansaku::puzzles::sliding::pattern::PatternDb;
use tansaku::puzzles::sliding::{ManhattanBound, ParsedBoard, SlideState, Sliding, parse_board};
use tansaku::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku::search::{LowerBound, NoBound};

/// The Line Puzzle's named boards (SPEC §3).
pub const LINE_BOARDS: [(&str, &str); 6] = [
    ("start1", "ACA_/CDCA/DBAB/CDBD"),
    ("start2", "ABA_/CDCD/ABAB/CDCD"),
    ("start3", "AAB_/AABB/CCDD/CCDD"),
    ("goal1", "ABA_/CABD/ACDB/CDCD"),
    ("goal2", "AAB_/AABB/CCDD/CCDD"),
    ("goal3", "ABA_/DCDC/BABA/CDCD"),
];

/// The Line Puzzle's tiles, sorted, for checking a written-out board.
const LINE_TILES: &str = "AAAABBBCCCCDDDD";

/// The physical puzzle's two extra moves.
const PHYSICAL: Extra = (
    "physical",
    2,
    "on the physical puzzle: the top-right tile is taken out first and put back last",
);

/// A Line Puzzle board from a name or written out.
pub fn line_board(text: &str) -> Result<ParsedBoard, Failure> {
    let key = text.trim().to_ascii_lowercase();
    if let Some((_, b)) = LINE_BOARDS.iter().find(|(n, _)| *n == key) {
        return Ok(parse_board(b, None).expect("SPEC board parses"));
    }
    if text.chars().all(|c| c.is_ascii_alphanumeric()) && !text.is_empty() && text.len() < 8 {
        return Err(Failure::Usage(format!(
            "'{text}' is not a Line Puzzle board: use start1 start2 start3 goal1 goal2 goal3, or write one out \
             like ABA_/CABD/ACDB/CDCD"
        )));
    }
    let b = parse_board(text, Some((4, 4))).map_err(Failure::usage)?;
    let mut tiles: Vec<char> = b.tiles.iter().flatten().flat_map(|t| t.chars()).collect();
    tiles.sort_unstable();
    if tiles.iter().collect::<String>() != LINE_TILES {
        return Err(Failure::Usage(format!(
            "board '{text}' does not hold the Line Puzzle's tiles (A x4, B x3, C x4, D x4 and one empty cell)"
        )));
    }
    Ok(b)
}

/// The lower bound picked by `--bound`.
enum SlidingBound<'a> {
    Manhattan(ManhattanBound<'a>),
    Pdb(Box<PatternDb<'a>>),
}

impl LowerBound<Sliding> for SlidingBound<'_> {
    #[inline]
    fn estimate(&self, s: &SlideState) -> u32 {
        match self {
            SlidingBound::Manhattan(b) => b.estimate(s),
            SlidingBound::Pdb(b) => b.estimate(s),
        }
    }

    #[inline]
    fn after_move(&self, parent: &SlideState, parent_h: u32, m: tansaku::puzzles::CellMove, child: &SlideState) -> u32 {
        match self {
            SlidingBound::Manhattan(b) => b.after_move(parent, parent_h, m, child),
            SlidingBound::Pdb(b) => b.after_move(parent, parent_h, m, child),
        }
    }
}

/// Runs a solve on a sliding puzzle and prints it.
fn solve(
    p: &Sliding,
    start: &SlideState,
    name: &str,
    bound: SlideBound,
    c: &SolveCommon,
    extra: Option<Extra>,
) -> Result<(), Failure> {
    let use_pdb = match bound {
        SlideBound::Auto => !p.distinct(),
        SlideBound::Manhattan => false,
        SlideBound::Pdb => true,
    };
    let algorithm = c.algorithm_name(if use_pdb {
        "pattern databases"
    } else if p.distinct() {
        "manhattan + linear conflicts"
    } else {
        "manhattan"
    });
    if let Some(reason) = p.unsolvable_reason(start) {
        return Err(print_unsolvable(name, &algorithm, reason, c.json));
    }
    let h = if use_pdb && c.algo == Algo::Idastar {
        SlidingBound::Pdb(Box::new(PatternDb::new(p).map_err(Failure::usage)?))
    } else {
        SlidingBound::Manhattan(ManhattanBound::new(p))
    };
    // Parity settles solvability exactly, so no search has to prove it.
    // The graph searches run on packed boards when they fit in a word.
    let outcome = match Packed::new(p) {
        Some(k) if matches!(c.algo, Algo::Bfs | Algo::Bidir | Algo::BidirAlternate) => {
            run_solve_ranked(&k, &k.pack(start), c.algo, &NoBound, c.max_depth, false, c.quiet)
                .map(|sol| k.unpack_solution(sol))
        }
        _ => run_solve_ranked(p, start, c.algo, &h, c.max_depth, false, c.quiet),
    };
    report_solve(p, name, &algorithm, outcome, c, extra)
}

pub fn solve_sliding(a: &SlidingSolve) -> Result<(), Failure> {
    let start = parse_board(&a.board, a.size).map_err(Failure::usage)?;
    let goal = match &a.goal {
        Some(g) => Some(
            parse_board(g, Some((start.width, start.height))).map_err(|e| Failure::Usage(format!("--goal: {e}")))?,
        ),
        None => None,
    };
    let (p, s) = Sliding::new(&start, goal.as_ref()).map_err(Failure::usage)?;
    let name = format!("sliding {}x{}", p.width(), p.height());
    solve(&p, &s, &name, a.bound, &a.common, None)
}

pub fn solve_line(a: &LineSolve) -> Result<(), Failure> {
    let from = line_board(&a.from).map_err(|e| prefix("--from", e))?;
    let to = line_board(&a.to).map_err(|e| prefix("--to", e))?;
    let (p, s) = Sliding::new(&from, Some(&to)).map_err(Failure::usage)?;
    solve(&p, &s, "line puzzle", a.bound, &a.common, Some(PHYSICAL))
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
    longest(&p, &name, &a.common)
}

pub fn longest_line(a: &LineLongest) -> Result<(), Failure> {
    let goal = line_board(&a.goal).map_err(|e| prefix("--goal", e))?;
    let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(Failure::usage)?;
    longest(&p, "line puzzle", &a.common)
}

fn longest(p: &Sliding, name: &str, c: &LongestCommon) -> Result<(), Failure> {
    let opts = RetroOptions {
        keep: c.limit,
        max_memory: c.max_memory,
        progress: c.progress || progress_wanted(c.quiet),
    };
    let (analysis, _) = retrograde_dense(p, opts).map_err(Failure::usage)?;
    let title = format!("{name}: positions by distance");
    write_histogram_svg(&title, &analysis.histogram, c.plot.as_deref(), c.log)?;
    print_longest(p, name, p.state_count(), &analysis, None, c.limit, c.json);
    Ok(())
}
