//! The command line: argument definitions (clap) and the exit-code contract.
//! Each subcommand lives in its own file; the solving is in the library.

pub mod flip;
pub mod report;
pub mod tour;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// What went wrong, and so which exit code to use.
#[derive(Debug)]
pub enum Failure {
    /// Bad usage or bad input: exit code 2.
    Usage(String),
    /// The instance has no solution: exit code 1.
    NoSolution(String),
}

impl Failure {
    pub fn usage(e: impl std::fmt::Display) -> Self {
        Failure::Usage(e.to_string())
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "tansaku",
    version,
    about = "Exact state-space search for combinatorial puzzles",
    long_about = "tansaku (探索, \"search\") finds shortest solutions of puzzles and the hardest \
positions of a whole puzzle, exactly.\n\n\
Examples:\n  \
tansaku tour                                  every built-in SPEC instance, checked\n  \
tansaku solve flip-row --board BB_BBB         shortest solution, board by board\n  \
tansaku solve flip-square --algo idastar      the 4x4 SPEC instance by IDA*\n  \
tansaku longest flip-square --size 5x5        God's number, antipodes, histogram\n\n\
Boards are written row by row, rows separated by / (optional): B black, W white, _ empty.\n\
Exit codes: 0 answered; 1 no solution exists; 2 bad usage or bad input."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find a shortest solution and show it board by board
    #[command(subcommand)]
    Solve(SolvePuzzle),
    /// Distance of every position to the goal: longest distance, every
    /// longest position, histogram (retrograde analysis)
    #[command(subcommand)]
    Longest(LongestPuzzle),
    /// Solve and analyse every built-in instance of the SPEC and print a
    /// table with the published numbers beside tansaku's
    Tour(TourArgs),
}

#[derive(Subcommand, Debug)]
pub enum SolvePuzzle {
    /// Flip It in a row: discs jump over discs into the empty cell, turning
    /// the jumped discs over; goal: every disc white
    FlipRow(FlipRowSolve),
    /// Flip It on a W x H board: jumps along rows and columns (and diagonals
    /// with --diagonal)
    FlipSquare(FlipSquareSolve),
}

#[derive(Subcommand, Debug)]
pub enum LongestPuzzle {
    /// All N·2^(N-1) boards of Flip It in a row
    FlipRow(FlipRowLongest),
    /// All W·H·2^(W·H-1) boards of Flip It on a W x H board
    FlipSquare(FlipSquareLongest),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algo {
    /// Breadth-first search
    Bfs,
    /// Bidirectional breadth-first search (start and goal set)
    Bidir,
    /// Plain iterative deepening (never undoing the last move)
    Iddfs,
    /// Iterative deepening with a lower bound (IDA*)
    Idastar,
}

impl Algo {
    pub fn name(self) -> &'static str {
        match self {
            Algo::Bfs => "bfs",
            Algo::Bidir => "bidir",
            Algo::Iddfs => "iddfs",
            Algo::Idastar => "idastar",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Bound {
    /// The seed article's: 2 moves per black disc in a corner
    Corner,
    /// tansaku's: also a weighted disc count and, for a goal board, the
    /// empty cell's distance
    Improved,
}

#[derive(Args, Debug, Clone)]
pub struct SolveCommon {
    /// Search algorithm
    #[arg(long, value_enum, default_value = "bfs")]
    pub algo: Algo,
    /// Lower bound used by --algo idastar
    #[arg(long, value_enum, default_value = "improved")]
    pub bound: Bound,
    /// Deepest bound iterative deepening and IDA* try before giving up
    #[arg(long, default_value_t = 200, value_name = "MOVES")]
    pub max_depth: u32,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct FlipRowSolve {
    /// Start board (its length sets N)
    #[arg(long, default_value = "BB_BBB")]
    pub board: String,
    /// Goal board; default: every disc white, empty cell anywhere
    #[arg(long)]
    pub goal: Option<String>,
    /// Variant rule: a disc next to the empty cell may slide into it
    #[arg(long)]
    pub adjacent: bool,
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug)]
pub struct FlipSquareSolve {
    /// Board size WxH; default: from --board, else 4x4
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(usize, usize)>,
    /// Start board; default: all black with the empty cell at row 2,
    /// column 2 (the SPEC instance on 4x4)
    #[arg(long)]
    pub board: Option<String>,
    /// Goal board; default: every disc white, empty cell anywhere
    #[arg(long)]
    pub goal: Option<String>,
    /// Variant rule: discs also jump along diagonals of 3 or more cells
    #[arg(long)]
    pub diagonal: bool,
    /// Variant rule: a disc next to the empty cell may slide into it
    #[arg(long)]
    pub adjacent: bool,
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug, Clone)]
pub struct LongestCommon {
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Largest table to allocate, e.g. 800M or 2G; default: the memory the
    /// machine has available
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// Show at most this many longest positions
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub limit: usize,
    /// No progress lines on stderr
    #[arg(long, short, conflicts_with = "progress")]
    pub quiet: bool,
    /// Progress lines on stderr even when it is not a terminal
    #[arg(long)]
    pub progress: bool,
}

#[derive(Args, Debug)]
pub struct FlipRowLongest {
    /// Number of cells N (at least 3)
    #[arg(long)]
    pub size: usize,
    /// Variant rule: a disc next to the empty cell may slide into it
    #[arg(long)]
    pub adjacent: bool,
    #[command(flatten)]
    pub common: LongestCommon,
}

#[derive(Args, Debug)]
pub struct FlipSquareLongest {
    /// Board size WxH
    #[arg(long, value_parser = parse_size, default_value = "4x4")]
    pub size: (usize, usize),
    /// Variant rule: discs also jump along diagonals of 3 or more cells
    #[arg(long)]
    pub diagonal: bool,
    /// Variant rule: a disc next to the empty cell may slide into it
    #[arg(long)]
    pub adjacent: bool,
    #[command(flatten)]
    pub common: LongestCommon,
}

#[derive(Args, Debug)]
pub struct TourArgs {
    /// Print one JSON array instead of the table
    #[arg(long)]
    pub json: bool,
}

/// Parses `WxH` (also `W*H` or `W×H`).
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{text}' is not a board size: write WxH, e.g. 4x4 or 5x3");
    let t = text.trim().to_ascii_lowercase().replace(['*', '×'], "x");
    let (w, h) = t.split_once('x').ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    Ok((w, h))
}
