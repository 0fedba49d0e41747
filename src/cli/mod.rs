//! The command line: argument definitions (clap) and the exit-code contract.
//! Each subcommand lives in its own file; the solving is in the library.

pub mod classics;
pub mod flip;
pub mod report;
pub mod reversi;
pub mod sliding;
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
tansaku longest flip-square --size 5x5        God's number, antipodes, histogram\n  \
tansaku solve sliding --board 867/254/3_1     the 8-puzzle's hardest board\n  \
tansaku solve line --from start3 --to goal3   the Line Puzzle's hardest published pair\n  \
tansaku longest line --goal goal1             all 252,252,000 Line Puzzle boards\n  \
tansaku solve jugs --capacity 8,5 --target 4  water jugs\n\n\
Boards are written row by row, rows separated by /, _ the empty cell.\n\
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
    /// Reversi: count the leaf positions N plies from the start (checks the
    /// move generator against the published perft table)
    Perft(PerftArgs),
    /// Reversi: the fewest plies in which one colour wipes the other off
    /// the board, every such final position and how many games reach them
    Wipeout(WipeoutArgs),
}

#[derive(Args, Debug)]
#[command(
    after_help = "A pass counts as a ply when the side to move has no move but the other side has one; a finished game is a leaf wherever it ends. Published: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284 for depths 1 to 10."
)]
pub struct PerftArgs {
    /// Plies from the start (1 to 60)
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// Print one JSON object: {"depth", "leaves", "seconds"}
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// Black (moves first) wipes white out
    Black,
    /// White wipes black out
    White,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Breadth-first search over plies from the standard start, positions merged under the start's 4 symmetries (identity, both diagonal reflections, half turn); game records write black's moves in capitals and white's in lower case, passes implied.\n\nExamples:\n  tansaku wipeout                       black: 9 plies, 36 positions up to symmetry\n  tansaku wipeout --color white         white: 10 plies, 28\n  tansaku wipeout --first F5 --json     the 57 games that open with F5"
)]
pub struct WipeoutArgs {
    /// The colour that must be left alone on the board
    #[arg(long, value_enum, default_value_t = Side::Black)]
    pub color: Side,
    /// Fix the first move (a square such as F5); counts are then of games
    /// opening with it
    #[arg(long, value_name = "SQUARE")]
    pub first: Option<String>,
    /// Give up past this many plies
    #[arg(long, default_value_t = 14)]
    pub max_plies: u32,
    /// Memory the search may fill before it gives up, e.g. 800M or 2G;
    /// default: 3/4 of what the machine has available
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// No progress line on stderr (shown only on a terminal, once the
    /// search has run for a second)
    #[arg(long, short)]
    pub quiet: bool,
    /// Draw boards with X and O instead of ● and ○
    #[arg(long)]
    pub ascii: bool,
    /// Also draw one game (see --game) as an animated SVG into FILE, one
    /// frame per ply
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// With --svg: which game of the list to animate (1 = the first)
    #[arg(long, default_value_t = 1, requires = "svg", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum SolvePuzzle {
    /// Flip It in a row: discs jump over discs into the empty cell, turning
    /// the jumped discs over; goal: every disc white
    FlipRow(FlipRowSolve),
    /// Flip It on a W x H board: jumps along rows and columns (and diagonals
    /// with --diagonal)
    FlipSquare(FlipSquareSolve),
    /// Sliding tiles on a W x H board (8-puzzle, 15-puzzle, repeated
    /// labels): a tile next to the empty cell slides into it
    Sliding(SlidingSolve),
    /// The Line Puzzle: 4x4 sliding tiles A x4, B x3, C x4, D x4 (quarter
    /// circles); boards by name (start1 start2 start3 goal1 goal2 goal3) or
    /// written out
    Line(LineSolve),
    /// Knight exchange: knights jump to empty cells until the two colours
    /// have swapped places
    Knights(KnightsSolve),
    /// Water jugs: fill, empty or pour until some jug holds the target
    Jugs(JugsSolve),
    /// Farmer, wolf, goat and cabbage cross a river in a boat for two
    River(RiverSolve),
}

impl SolvePuzzle {
    /// The options every solve shares.
    pub fn common(&self) -> &SolveCommon {
        match self {
            SolvePuzzle::FlipRow(a) => &a.common,
            SolvePuzzle::FlipSquare(a) => &a.common,
            SolvePuzzle::Sliding(a) => &a.common,
            SolvePuzzle::Line(a) => &a.common,
            SolvePuzzle::Knights(a) => &a.common,
            SolvePuzzle::Jugs(a) => &a.common,
            SolvePuzzle::River(a) => &a.common,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum LongestPuzzle {
    /// All N·2^(N-1) boards of Flip It in a row
    FlipRow(FlipRowLongest),
    /// All W·H·2^(W·H-1) boards of Flip It on a W x H board
    FlipSquare(FlipSquareLongest),
    /// Every board of a W x H sliding puzzle reachable from its goal
    Sliding(SlidingLongest),
    /// All 252,252,000 boards of the Line Puzzle
    Line(LineLongest),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algo {
    /// Breadth-first search
    Bfs,
    /// Bidirectional breadth-first search (start and goal set), always
    /// growing the smaller frontier
    Bidir,
    /// Bidirectional search alternating complete layers in one queue, as
    /// the seed article wrote it (reproduces its state counts)
    BidirAlternate,
    /// Plain iterative deepening (never undoing the last move)
    Iddfs,
    /// Iterative deepening with a lower bound (IDA*)
    Idastar,
}

impl SolveCommon {
    /// The algorithm's name as reported; IDA* names its `bound`.
    pub fn algorithm_name(&self, bound: &str) -> String {
        match self.algo {
            Algo::Idastar => format!("idastar ({bound})"),
            other => other.name().to_string(),
        }
    }
}

impl Algo {
    pub fn name(self) -> &'static str {
        match self {
            Algo::Bfs => "bfs",
            Algo::Bidir => "bidir",
            Algo::BidirAlternate => "bidir-alternate",
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SlideBound {
    /// Pattern databases when labels repeat, Manhattan distance plus
    /// linear conflicts when every tile is different
    Auto,
    /// Manhattan distance to the nearest goal cell of the same label (the
    /// seed article's), plus linear conflicts for distinct tiles
    Manhattan,
    /// Additive pattern databases (built for the goal first, about 0.5 s
    /// on 4x4)
    Pdb,
}

#[derive(Args, Debug, Clone)]
pub struct SolveCommon {
    /// Search algorithm
    #[arg(long, value_enum, default_value = "bfs")]
    pub algo: Algo,
    /// Deepest bound iterative deepening and IDA* try before giving up
    #[arg(long, default_value_t = 200, value_name = "MOVES")]
    pub max_depth: u32,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Memory BFS and bidirectional search may fill before they give up,
    /// e.g. 800M or 2G; default: 3/4 of what the machine has available
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// No progress line on stderr (it is shown only on a terminal, for
    /// IDA* and iterative deepening)
    #[arg(long, short)]
    pub quiet: bool,
    /// Also draw the solution as an SVG strip of numbered boards (the moved
    /// piece outlined, turned discs dotted) into FILE
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
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
    /// Lower bound used by --algo idastar
    #[arg(long, value_enum, default_value = "improved")]
    pub bound: Bound,
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
    /// Lower bound used by --algo idastar
    #[arg(long, value_enum, default_value = "improved")]
    pub bound: Bound,
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
    /// Also draw the distance histogram as an SVG bar chart into FILE
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    /// With --plot: bar heights on a log scale
    #[arg(long, requires = "plot")]
    pub log: bool,
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
pub struct SlidingSolve {
    /// Start board: compact (867/254/3_1) or tokens (8 6 7 2 5 4 3 0 1);
    /// _ 0 or . is the empty cell
    #[arg(long, default_value = "867/254/3_1")]
    pub board: String,
    /// Goal board; default: the tiles in order, empty cell last
    #[arg(long)]
    pub goal: Option<String>,
    /// Board size WxH, for token boards without / between rows that are
    /// not square
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(usize, usize)>,
    /// Lower bound used by --algo idastar
    #[arg(long, value_enum, default_value = "auto")]
    pub bound: SlideBound,
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug)]
pub struct LineSolve {
    /// Start: start1 start2 start3 goal1 goal2 goal3, or a 4x4 board
    #[arg(long, default_value = "start3")]
    pub from: String,
    /// Goal: a name as for --from, or a 4x4 board
    #[arg(long, default_value = "goal3")]
    pub to: String,
    /// Lower bound used by --algo idastar
    #[arg(long, value_enum, default_value = "auto")]
    pub bound: SlideBound,
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug)]
pub struct KnightsSolve {
    /// Board size WxH: white knights on the top row, black on the bottom
    /// row, to be exchanged
    #[arg(long, value_parser = parse_size, default_value = "3x4")]
    pub size: (usize, usize),
    /// Start board instead (W and B knights, _ empty), with --goal
    #[arg(long, requires = "goal")]
    pub board: Option<String>,
    /// Goal board for --board
    #[arg(long, requires = "board")]
    pub goal: Option<String>,
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug)]
pub struct JugsSolve {
    /// Capacities of the jugs in litres, comma-separated (1 to 8 jugs)
    #[arg(long, value_delimiter = ',', default_value = "8,5", value_name = "L,L,...")]
    pub capacity: Vec<u32>,
    /// Litres wanted in any one jug
    #[arg(long, default_value_t = 4)]
    pub target: u32,
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug)]
pub struct RiverSolve {
    #[command(flatten)]
    pub common: SolveCommon,
}

#[derive(Args, Debug)]
pub struct SlidingLongest {
    /// Board size WxH
    #[arg(long, value_parser = parse_size, default_value = "3x3")]
    pub size: (usize, usize),
    /// Goal board; default: the tiles 1, 2, ... in order, empty cell last
    #[arg(long)]
    pub goal: Option<String>,
    #[command(flatten)]
    pub common: LongestCommon,
}

#[derive(Args, Debug)]
pub struct LineLongest {
    /// Goal: start1 start2 start3 goal1 goal2 goal3, or a 4x4 board
    #[arg(long, default_value = "goal1")]
    pub goal: String,
    #[command(flatten)]
    pub common: LongestCommon,
}

#[derive(Args, Debug)]
pub struct TourArgs {
    /// Print one JSON array instead of the table
    #[arg(long)]
    pub json: bool,
    /// Folder for the pictures (SVG): solutions as strips of boards, the
    /// Reversi wipeouts animated, histograms
    #[arg(long, value_name = "DIR", default_value = "tansaku-tour")]
    pub pictures: std::path::PathBuf,
    /// Draw no pictures
    #[arg(long)]
    pub no_pictures: bool,
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
