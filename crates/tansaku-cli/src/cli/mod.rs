//! The command line: argument definitions (clap) and the exit-code contract.
//! Each subcommand lives in its own file; the solving is in the library.

pub mod define;
pub mod launcher;
pub mod live;
pub mod pdb;
pub mod report;
pub mod reversi;
pub mod solve;
pub mod tour;

use clap::{Args, Parser, Subcommand, ValueEnum};
use tansaku::puzzles::sliding::pdb::Partition;
use tansaku::search::auto::Algorithm;

/// What went wrong, and so which exit code to use.
#[derive(Debug)]
pub enum Failure {
    /// Bad usage or bad input: exit code 2.
    Usage(String),
    /// The instance has no solution: exit code 1.
    NoSolution(String),
    /// A checked figure differs (already reported): exit code 1.
    Differs,
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
tansaku tour                                  every built-in instance, checked\n  \
tansaku solve flip-row --board BB_BBB         shortest solution, board by board\n  \
tansaku solve flip-square --algo idastar      the article's 4x4 instance by IDA*\n  \
tansaku solve --def puzzles/klotski.toml      a puzzle defined in a file\n  \
tansaku longest flip-square --size 5x5        God's number, antipodes, histogram\n  \
tansaku solve sliding --board 867/254/3_1     the 8-puzzle's hardest board\n  \
tansaku solve sliding --board \"13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2\"   a 15-puzzle\n  \
tansaku pdb build --size 4x4                  the 15-puzzle's 7-8 databases, once\n  \
tansaku solve line --from start3 --to goal3   the Line Puzzle's hardest published pair\n  \
tansaku longest line --goal goal1             all 252,252,000 Line Puzzle boards\n  \
tansaku solve jugs --capacity 8,5 --target 4  water jugs\n  \
tansaku serve --open                          the same in a web page\n\n\
Boards are written row by row, rows separated by /, _ the empty cell.\n\
Exit codes: 0 answered; 1 no solution exists; 2 bad usage or bad input."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find a shortest solution and show it board by board (a built-in
    /// puzzle, a definition file with --def, or a definition's name)
    Solve(SolveCmd),
    /// Distance of every position to the goal: longest distance, every
    /// longest position, histogram (retrograde analysis)
    Longest(LongestCmd),
    /// Check puzzle definition files: read each, report any mistake with
    /// its line, and compare the figures of its [expect] table with
    /// tansaku's
    #[command(
        after_help = "Examples:\n  tansaku check puzzles/klotski.toml\n  tansaku check puzzles/*.toml puzzles/*.tws --json\n\nExit codes: 0 every figure agrees; 1 a figure differs; 2 a file has a mistake."
    )]
    Check(CheckArgs),
    /// Solve and analyse every built-in published instance and print a
    /// table with the published numbers beside tansaku's
    Tour(TourArgs),
    /// Reversi: count the leaf positions N plies from the start (checks the
    /// move generator against the published perft table)
    Perft(PerftArgs),
    /// Reversi: the fewest plies in which one colour wipes the other off
    /// the board, every such final position and how many games reach them
    Wipeout(WipeoutArgs),
    /// Pattern databases of the 15- and 24-puzzle: build them ahead, list
    /// or clear the cache
    #[command(subcommand)]
    Pdb(PdbCommand),
    /// Serve the web page and its JSON API (the same answers as the
    /// command line), on this machine only unless told otherwise
    #[cfg(feature = "serve")]
    #[command(
        after_help = "Open the address it prints in a browser: choose a puzzle, edit or paste a board, solve it with one algorithm or several side by side, play the solution move by move, analyse the whole space. Every state lives in the address, so a link restores it.\n\nThe API: GET /api/games; POST /api/solve, /api/longest, /api/check, /api/wipeout, /api/perft with a JSON body such as {\"game\": \"sliding\", \"board\": \"867/254/3_1\"}; each answers with what the matching command prints with --json (docs/web.md).\n\nExamples:\n  tansaku serve                          http://127.0.0.1:8080/\n  tansaku serve --open --time-limit 300  open a browser; five minutes a job\n  tansaku serve --addr 0.0.0.0:8080 --max-memory 4G   on every interface (a shared machine)"
    )]
    Serve(ServeArgs),
}

/// `tansaku serve`.
#[cfg(feature = "serve")]
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (IP:PORT); the default answers this machine
    /// only. Port 0 picks a free port (the address is printed)
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "IP:PORT")]
    pub addr: String,
    /// Open the page in a browser once listening
    #[arg(long)]
    pub open: bool,
    /// Memory the server may fill (e.g. 4G): each running job and the
    /// tables kept between jobs take an equal share;
    /// default: 3/4 of what the machine has available
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// Seconds a job's search may run before it is stopped (building a
    /// pattern database, done once and kept, is not counted)
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub time_limit: f64,
    /// Jobs that run at once (others wait their turn); default: one a core
    #[arg(long, value_parser = clap::value_parser!(usize), value_name = "N")]
    pub jobs: Option<usize>,
    /// Pattern database folder (kept in memory once loaded); default:
    /// $TANSAKU_PDB_DIR, else the user's cache folder
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<std::path::PathBuf>,
    /// Also answer requests naming this host (HOST or HOST:PORT), e.g.
    /// behind a reverse proxy (repeatable)
    #[arg(long, value_name = "HOST")]
    pub allow_host: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub enum PdbCommand {
    /// Build (or check and load) the databases of a partition for a goal
    /// and keep them in the cache
    #[command(
        after_help = "The 15-puzzle's zero-aware 7-8 tables take about 2.5 minutes on 2 cores and 584 MB on disk (7-8: 1.5 minutes, 577 MB); the 24-puzzle's zero-aware 6-6-6-6 about 3.5 minutes and 1.2 GB (6-6-6-6: 2.5 minutes, 510 MB). A solve builds what it needs on first use anyway; this command does it ahead.\n\nExamples:\n  tansaku pdb build --size 4x4                    7-8z for the goal 1 2 ... 15 _\n  tansaku pdb build --size 4x4 --goal \"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\"\n  tansaku pdb build --size 5x5 --partition 6-6-6-6"
    )]
    Build(PdbBuild),
    /// Measure partitions on a sample of boards and choose the bound (one
    /// partition, or the largest of several) with the fewest IDA* nodes
    /// whose tables fit a budget
    #[command(
        after_help = "Candidates: the board's named partitions and --grown more, grown at random (connected patterns of the strongest named partition's sizes). Each alone is scored by the nodes IDA* generates on the sample; the best is then joined by the candidate that lowers the nodes most, while the tables fit --table-memory (at most --most partitions). Every score solves the same boards: lengths that disagree are reported as an error (a bound that is not admissible). Tables are built into the cache as they are needed.\n\nExamples:\n  tansaku pdb choose --size 4x4 --grown 4 --table-memory 64M --zero-aware no\n  tansaku pdb choose --size 5x5 --sample boards.txt --table-memory 4G --most 3"
    )]
    Choose(PdbChoose),
    /// List the cached tables: file, board, tiles, size, and anything wrong
    List(PdbPlace),
    /// Remove every cached table
    Clear(PdbPlace),
}

#[derive(Args, Debug, Clone)]
pub struct PdbPlace {
    /// The cache folder; default: $TANSAKU_PDB_DIR, else the user's cache
    /// folder ($XDG_CACHE_HOME/tansaku or ~/.cache/tansaku)
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<std::path::PathBuf>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PdbChoose {
    /// Board size WxH (4x4 or 5x5, or any other with --partition lists)
    #[arg(long, value_parser = parse_size, default_value = "4x4")]
    pub size: (usize, usize),
    /// Goal board; default: the tiles in order, empty cell last
    #[arg(long)]
    pub goal: Option<String>,
    /// The sample: a file of boards, one a line (as --batch reads them);
    /// default: --walks boards from random walks of the goal
    #[arg(long, value_name = "FILE")]
    pub sample: Option<std::path::PathBuf>,
    /// Boards in the default sample
    #[arg(long, default_value_t = 12, value_name = "N")]
    pub walks: usize,
    /// Moves of each random walk of the default sample; default: 8 per
    /// cell (128 on 4x4, 200 on 5x5)
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<usize>,
    /// Candidates grown at random besides the named partitions
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub grown: usize,
    /// Further candidates, each a partition as --bound takes one
    /// (1-7/8-15); repeatable
    #[arg(long = "partition", value_name = "PARTITION")]
    pub partitions: Vec<String>,
    /// Zero-aware tables for every candidate (yes), additive ones (no)
    #[arg(long, value_enum, default_value = "yes")]
    pub zero_aware: YesNo,
    /// Bytes all the chosen tables may take, e.g. 4G
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE", default_value = "2G")]
    pub table_memory: u64,
    /// Most partitions the chosen bound may combine (1 to 3)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub most: u8,
    /// Seed of the grown candidates and of the sample's walks
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads for IDA*; default: every core
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Memory the builds may use, e.g. 8G; default: what the machine has
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// No progress lines on stderr
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub place: PdbPlace,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum YesNo {
    Yes,
    No,
}

#[derive(Args, Debug)]
pub struct PdbBuild {
    /// Build the tables a .tws definition's IDA* uses (projections chosen
    /// within --table-memory) instead of the sliding puzzles'
    #[arg(long, value_name = "FILE", conflicts_with_all = ["partition", "goal"])]
    pub def: Option<std::path::PathBuf>,
    /// With --def: bytes of tables, e.g. 4G; default: a quarter of the
    /// memory budget, at most 1G
    #[arg(long, value_name = "SIZE", requires = "def")]
    pub table_memory: Option<String>,
    /// Board size WxH (4x4 or 5x5)
    #[arg(long, value_parser = parse_size, default_value = "4x4")]
    pub size: (usize, usize),
    /// Partition: 5-5-5, 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5), or each
    /// pattern's goal cells with the empty cell on cell 0, patterns
    /// separated by '/' (1-7/8-15); default: the strongest for the board
    /// (7-8 on 4x4, 6-6-6-6 on 5x5)
    #[arg(long, value_name = "PARTITION")]
    pub partition: Option<String>,
    /// Goal board; default: the tiles in order, empty cell last
    #[arg(long)]
    pub goal: Option<String>,
    /// Memory the build may use, e.g. 2G; default: what the machine has
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// No progress line on stderr
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub place: PdbPlace,
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
    /// Give up past this many plies (default: 60, a whole game)
    #[arg(long, value_name = "PLIES")]
    pub max_plies: Option<u32>,
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

/// `solve`: a built-in puzzle (subcommand), a definition's name, or
/// `--def FILE`.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Definitions:\n  tansaku solve --def puzzles/klotski.toml                   from the file's start\n  tansaku solve --def puzzles/klotski.toml --metric step\n  tansaku solve --def puzzles/8-puzzle.toml --board 867/254/3.1\n  tansaku solve --def puzzles/2x2x2.tws --board \"R U2 F' R\"     a scramble\n  tansaku solve klotski         a definition found by name in ./puzzles or $TANSAKU_PUZZLES\n\nThe format is in docs/definitions.md."
)]
pub struct SolveCmd {
    #[command(subcommand)]
    pub puzzle: Option<SolvePuzzle>,
    #[command(flatten)]
    pub def: DefSolve,
}

/// A definition file and the metric to read it in.
#[derive(Args, Debug, Clone)]
pub struct DefFile {
    /// A puzzle definition: TOML (pieces on a grid) or twsearch .tws
    #[arg(long, value_name = "FILE")]
    pub def: Option<std::path::PathBuf>,
    /// Metric: step or piece (blocks), htm or qtm (.tws); default: the
    /// file's (blocks) or htm
    #[arg(long)]
    pub metric: Option<String>,
}

/// Solving a defined puzzle.
#[derive(Args, Debug, Clone)]
pub struct DefSolve {
    #[command(flatten)]
    pub file: DefFile,
    /// Start position: a board written as in the file (rows separated by /)
    /// or, for a .tws puzzle, a scramble such as "R U2 F'"; default: the
    /// file's start
    #[arg(long)]
    pub board: Option<String>,
    /// Solve every board of FILE instead (one a line, written as --board
    /// takes them; blank lines and # comments skipped), with the same
    /// options and tables; one result a line, then the totals
    #[arg(long, value_name = "FILE")]
    pub batch: Option<std::path::PathBuf>,
    /// An option of the puzzle, KEY=VALUE (repeatable); for games of the
    /// library without a subcommand, e.g. tansaku solve wipeout --set
    /// color=white
    #[arg(long, value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    #[command(flatten)]
    pub common: SolveCommon,
}

/// `longest`: a built-in puzzle (subcommand), a definition's name, or
/// `--def FILE`.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Definitions:\n  tansaku longest --def puzzles/2x2x2.tws --metric qtm\n  tansaku longest --def puzzles/klotski.toml\n\nA definition whose pieces all cover one cell is ranked densely (a byte a board, every board); others are analysed over the positions reachable from the file's start."
)]
pub struct LongestCmd {
    #[command(subcommand)]
    pub puzzle: Option<LongestPuzzle>,
    #[command(flatten)]
    pub def: DefLongest,
}

/// Analysing a defined puzzle.
#[derive(Args, Debug, Clone)]
pub struct DefLongest {
    #[command(flatten)]
    pub file: DefFile,
    #[command(flatten)]
    pub common: LongestCommon,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Definition files (.toml, .tws)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    /// Print one JSON object per file
    #[arg(long)]
    pub json: bool,
    /// Memory the checks may use, e.g. 2G; default: 3/4 of what the
    /// machine has available
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// No progress line on stderr
    #[arg(long, short)]
    pub quiet: bool,
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
    /// A puzzle defined in a file, by its name (found in ./puzzles or the
    /// folders of $TANSAKU_PUZZLES)
    #[command(external_subcommand)]
    Named(Vec<String>),
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
    /// A puzzle defined in a file, by its name
    #[command(external_subcommand)]
    Named(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algo {
    /// Chosen from the size of the space and the bounds at hand: BFS for
    /// small spaces, IDA* with pattern databases for the 15- and 24-puzzle
    /// and the Line Puzzle, bidirectional search for other large spaces
    Auto,
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
    /// The run's context: `--max-memory` (else the library's default
    /// budget), the pattern databases of `pdb_dir` (else the user's cache
    /// folder), and a live line and notices on stderr unless `--quiet`.
    pub fn context(&self, pdb_dir: Option<&std::path::Path>) -> tansaku::Context {
        live::context(self.max_memory, live::Show::unless(self.quiet), pdb_dir)
    }

    /// The library's request: the algorithm, its depth limit and threads
    /// (the game's options are added by each subcommand).
    pub fn request(&self) -> tansaku::Request {
        tansaku::Request {
            algorithm: self.algo.fixed(),
            max_depth: self.max_depth,
            threads: self.threads(),
            ..Default::default()
        }
    }

    /// IDA*'s threads: `--threads`, or every core.
    pub fn threads(&self) -> usize {
        self.threads.map_or_else(default_threads, usize::from)
    }
}

/// Every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Algo {
    /// The algorithm asked for; `None` for `auto`.
    pub fn fixed(self) -> Option<Algorithm> {
        match self {
            Algo::Auto => None,
            Algo::Bfs => Some(Algorithm::Bfs),
            Algo::Bidir => Some(Algorithm::Bidir),
            Algo::BidirAlternate => Some(Algorithm::BidirAlternate),
            Algo::Iddfs => Some(Algorithm::Iddfs),
            Algo::Idastar => Some(Algorithm::IdaStar),
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
    /// The strongest that fits in memory: zero-aware 7-8 databases on 4x4,
    /// zero-aware 6-6-6-6 on 5x5 (distinct tiles), smaller ones when these
    /// do not fit, label databases when tiles repeat, linear conflicts on
    /// other boards
    Auto,
    /// Manhattan distance to the nearest goal cell of the same label (the
    /// seed article's bound)
    Manhattan,
    /// Manhattan distance plus linear conflicts (distinct tiles)
    LinearConflicts,
    /// The best pattern databases for the board (label databases, built
    /// in about 0.5 s, where no partition below applies)
    Pdb,
    /// 15-puzzle: 5-5-5 additive databases
    #[value(name = "5-5-5", alias = "555", alias = "pdb555")]
    P555,
    /// 15-puzzle: 6-6-3 additive databases
    #[value(name = "6-6-3", alias = "663", alias = "pdb663")]
    P663,
    /// 15-puzzle: 7-8 additive databases (Korf & Felner)
    #[value(name = "7-8", alias = "78", alias = "pdb78")]
    P78,
    /// 15-puzzle: 7-8 zero-aware databases (the empty cell's region
    /// counted: 1.7x fewer nodes on Korf's 100 than 7-8)
    #[value(name = "7-8z", alias = "78z")]
    P78Z,
    /// 24-puzzle: 6-6-6-6 additive databases
    #[value(name = "6-6-6-6", alias = "6666", alias = "pdb6666")]
    P6666,
    /// 24-puzzle: 6-6-6-6 zero-aware databases
    #[value(name = "6-6-6-6z", alias = "6666z")]
    P6666Z,
    /// 24-puzzle: 7-7-7-3 zero-aware databases (16.4 GB, an hour to build;
    /// weak alone): `6-6-6-6z+7-7-7-3z` is the fastest on Korf's 50
    #[value(name = "7-7-7-3z", alias = "7773z")]
    P7773Z,
}

#[derive(Args, Debug, Clone)]
pub struct SolveCommon {
    /// Search algorithm
    #[arg(long, value_enum, default_value = "auto")]
    pub algo: Algo,
    /// Threads for IDA* on one instance; default: every core
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Deepest bound iterative deepening and IDA* try before giving up
    #[arg(long, default_value_t = 200, value_name = "MOVES")]
    pub max_depth: u32,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Memory BFS and bidirectional search may fill before they give up,
    /// and pattern databases may take (--bound auto then picks smaller
    /// ones), e.g. 800M or 2G; default: 3/4 of what the machine has
    #[arg(long, value_parser = tansaku::memory::parse_size, value_name = "SIZE")]
    pub max_memory: Option<u64>,
    /// No progress line on stderr (drawn only on a terminal, for every
    /// algorithm: breadth-first and bidirectional searches once they have
    /// run a second, IDA* and iterative deepening from the start)
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
    /// column 2 (the article's instance on 4x4)
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
    /// Print one JSON object instead of text: states, longest, count,
    /// histogram, positions, and stats, where `generated` counts the states
    /// that received a distance and `expanded` the states whose moves were
    /// generated; levels run bottom-up (every unreached state looks for a
    /// neighbour one level closer) expand states that do not get a
    /// distance yet, so `expanded` may pass `generated`
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
    /// Bits a position in the table: 8 (the distance itself), 2 (Korf's
    /// two-bit search: whether a position is of an earlier level, the
    /// level expanded, the next one, or not reached; a quarter of the
    /// memory, same histogram and longest positions), or auto: a byte when
    /// the table fits the memory, else two bits
    #[arg(long, value_parser = parse_bits, default_value = "auto", value_name = "8|2|auto")]
    pub bits: tansaku::search::retrograde::Bits,
    /// Write checkpoints into DIR at the end of levels; the same command
    /// with the same DIR goes on from the last one after a kill. A
    /// checkpoint of another analysis, version, or a damaged one is
    /// refused. With --disk, the checkpoint names a generation of the chunk
    /// files, which then need twice the disk
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: least seconds between two checkpoints (a
    /// checkpoint is also never written before the work since the last one
    /// is twenty times what writing it costs)
    #[arg(long, default_value_t = 300, value_name = "SECONDS", requires = "checkpoint")]
    pub checkpoint_every: u64,
    /// When even two bits a position do not fit the memory, keep the table
    /// in chunk files under DIR (removed at the end) and stream each level
    /// over them; needs the table's size free on that disk (twice with
    /// --checkpoint)
    #[arg(long, value_name = "DIR")]
    pub disk: Option<std::path::PathBuf>,
    /// Run across the processes of an MPI job (start it with mpiexec -n N
    /// or srun): each process keeps a slice of the table at two bits a
    /// position; process 0 prints the result and the traffic
    #[cfg(feature = "mpi")]
    #[arg(long)]
    pub mpi: bool,
}

/// Parses `--bits`.
fn parse_bits(text: &str) -> Result<tansaku::search::retrograde::Bits, String> {
    use tansaku::search::retrograde::Bits;
    match text {
        "auto" => Ok(Bits::Auto),
        "8" => Ok(Bits::Eight),
        "2" => Ok(Bits::Two),
        _ => Err("use 8, 2 or auto".into()),
    }
}

impl LongestCommon {
    /// The library's request for an analysis: the positions listed, the
    /// table's width, the checkpoints and the disk (the game's options are
    /// added by each subcommand).
    pub fn request(&self) -> tansaku::Request {
        tansaku::Request {
            limit: self.limit,
            bits: self.bits,
            checkpoint: self
                .checkpoint
                .clone()
                .map(|d| (d, std::time::Duration::from_secs(self.checkpoint_every))),
            disk: self.disk.clone(),
            ..Default::default()
        }
    }

    /// The analysis's context: `--max-memory` (else the library's default
    /// budget) and progress (a live line on a terminal, plain lines with
    /// `--progress`, nothing with `--quiet`).
    pub fn context(&self) -> tansaku::Context {
        let show = if self.quiet {
            live::Show::Quiet
        } else if self.progress {
            live::Show::Lines
        } else {
            live::Show::Terminal
        };
        live::context(self.max_memory, show, None)
    }
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
#[command(
    after_help = "Examples:\n  tansaku solve sliding --board 867/254/3_1                     8-puzzle: BFS (auto)\n  tansaku solve sliding --board \"13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2\"   15-puzzle: IDA* + 7-8 databases\n  tansaku solve sliding --batch data/korf100.txt --goal \"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\" --json\n\nThe 15- and 24-puzzle's databases are built on first use (1.5 and 2.5 minutes on 2 cores) and kept in the cache folder (see tansaku pdb)."
)]
pub struct SlidingSolve {
    /// Start board: compact (867/254/3_1) or tokens (8 6 7 2 5 4 3 0 1);
    /// _ 0 or . is the empty cell
    #[arg(long, default_value = "867/254/3_1")]
    pub board: String,
    /// Solve every board of FILE instead (one a line; blank lines and #
    /// comments skipped), with the same goal and options; one result a
    /// line, then the totals
    #[arg(long, value_name = "FILE")]
    pub batch: Option<std::path::PathBuf>,
    /// Pattern database cache folder; default: $TANSAKU_PDB_DIR, else the
    /// user's cache folder
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<std::path::PathBuf>,
    /// Goal board; default: the tiles in order, empty cell last
    #[arg(long)]
    pub goal: Option<String>,
    /// Board size WxH, for token boards without / between rows that are
    /// not square
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(usize, usize)>,
    /// Lower bound for IDA*: auto (the strongest that fits: zero-aware 7-8
    /// databases on 4x4, zero-aware 6-6-6-6 on 5x5, label databases when
    /// tiles repeat, linear conflicts elsewhere), manhattan,
    /// linear-conflicts, pdb, a named partition (5-5-5, 6-6-3, 7-8 on 4x4;
    /// 6-6-6-6 on 5x5; a z after the name for zero-aware tables: 7-8z;
    /// 7-7-7-3z on 5x5, 16.4 GB and an hour to build) or one listed by each
    /// pattern's goal cells with the empty cell on cell 0 (patterns
    /// separated by '/', e.g. 1-7/8-15 or 1-7/8-15z), or up to three
    /// partitions joined by '+' for the largest of their bounds (fewer
    /// nodes, more lookups a node; 6-6-6-6z+7-7-7-3z is the fastest on
    /// hard 24-puzzles)
    #[arg(long, value_parser = parse_slide_bound, default_value = "auto", value_name = "BOUND")]
    pub bound: String,
    /// IDA*'s move pruning: Taylor & Korf's automaton of the duplicate
    /// move sequences up to MOVES moves (built once, about 10 s for 5x5 at
    /// 16, and kept beside the pattern databases); 0 keeps only "never undo
    /// the last move". Default: 16, or the longest whose build fits
    /// --max-memory
    #[arg(long, value_name = "MOVES", value_parser = clap::value_parser!(usize))]
    pub automaton: Option<usize>,
    /// A* + IDA* (Bu & Korf 2019): A* first, holding up to N positions
    /// (about 100 bytes each, checked against the memory budget), then
    /// IDA* below its frontier, each subtree once; 0: IDA* alone. Fewer
    /// nodes on most 24-puzzles (see BENCHMARKS.md), not on all
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub frontier: usize,
    /// Keep IDA*'s progress in DIR (the bound, the iterations done, the
    /// subtrees searched), so that the same command with the same DIR goes
    /// on after a kill and reports the same node counts; removed when the
    /// search ends. A checkpoint of another search, version, or a damaged
    /// one is refused
    #[arg(long, value_name = "DIR", conflicts_with = "batch")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: least seconds between two checkpoints
    #[arg(long, default_value_t = 60, value_name = "SECONDS", requires = "checkpoint")]
    pub checkpoint_every: u64,
    /// Search across the processes of an MPI job (start it with mpiexec
    /// -n N or srun): every process runs the same IDA*, each iteration's
    /// subtrees are shared among them, and process 0 prints the answer
    /// with the counts of one process. With --checkpoint DIR, each process
    /// keeps its own in DIR/process-K-of-N; run the job again with as many
    /// processes to go on
    #[cfg(feature = "mpi")]
    #[arg(long, conflicts_with = "batch")]
    pub mpi: bool,
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
    /// Lower bound for IDA* (what --algo auto runs on the 15- and
    /// 24-puzzle and the Line Puzzle)
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

/// Checks a sliding puzzle's `--bound`: a word, a partition's name, or a
/// partition listed by cells (checked against the board when it is read).
pub fn parse_slide_bound(text: &str) -> Result<String, String> {
    if let Ok(v) = SlideBound::from_str(text, true) {
        return Ok(value_name_of(&v));
    }
    if let Some(p) = Partition::from_name(text) {
        return Ok(p.name());
    }
    if text.contains(['/', ',', '+']) {
        return Ok(text.to_string());
    }
    Err(format!(
        "'{text}' is not a bound: use auto, manhattan, linear-conflicts, pdb, a partition (5-5-5, 6-6-3, 7-8, 6-6-6-6; 7-8z, 6-6-6-6z, 7-7-7-3z zero-aware), one listed by cells (1-7/8-15, or 1-7/8-15z zero-aware), or up to three joined by + (the largest of their bounds)"
    ))
}

fn value_name_of<T: ValueEnum>(v: &T) -> String {
    v.to_possible_value().expect("no hidden values").get_name().to_string()
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
