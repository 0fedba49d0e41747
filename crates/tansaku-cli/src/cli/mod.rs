//! The command line: argument definitions (clap) and the exit-code contract.
//! Each subcommand lives in its own file; the solving is in the library.

pub(crate) mod declared;
pub(crate) mod define;
pub(crate) mod games;
pub(crate) mod launcher;
pub(crate) mod live;
pub(crate) mod pdb;
#[cfg(feature = "mpi")]
pub(crate) mod processes;
pub(crate) mod report;
pub(crate) mod reversi;
pub(crate) mod settings;
pub(crate) mod solve;
pub(crate) mod tour;

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};
pub(crate) use games::{JudgeArgs, LongestArgs, SolveArgs, TraceArgs};
use settings::{Jobs, Json, MaxMemory, PdbDir, Quiet, Set, TimeLimit};
use std::marker::PhantomData;
use tansaku::options::{OptionSpec, Question, Value};

/// What went wrong, and so which exit code to use.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Bad usage or bad input: exit code 2.
    Usage(String),
    /// The instance has no solution: exit code 1.
    NoSolution(String),
    /// A checked figure differs (already reported): exit code 1.
    Differs,
}

impl Failure {
    pub(crate) fn usage(e: impl std::fmt::Display) -> Self {
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
tansaku judge sliding --board 867/254/3_1     its distance, and which moves bring the goal closer\n  \
tansaku solve sliding --board \"13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2\"   a 15-puzzle\n  \
tansaku pdb build --size 4x4                  the 15-puzzle's 7-8 databases, once\n  \
tansaku solve line --from start3 --to goal3   the Line Puzzle's hardest published pair\n  \
tansaku longest line --goal goal1             all 252,252,000 Line Puzzle boards\n  \
tansaku solve jugs --capacity 8,5 --target 4  water jugs\n  \
tansaku serve --open                          the same in a web page\n\n\
Boards are written row by row, rows separated by /, _ the empty cell.\n\
Exit codes: 0 answered; 1 no solution exists; 2 bad usage or bad input."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Find a shortest solution and show it board by board (a built-in
    /// puzzle, a definition file with --def, or a definition's name)
    Solve(SolveArgs),
    /// Distance of every position to the goal: longest distance, every
    /// longest position, histogram (retrograde analysis)
    Longest(LongestArgs),
    /// The exact distance of a position to the goal and of each position
    /// one move away: which moves bring the goal closer
    Judge(JudgeArgs),
    /// Breadth-first search step by step, as the articles teach it: each
    /// position taken from the queue, its children new or already seen,
    /// the queue after
    Trace(TraceArgs),
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
        after_help = "Open the address it prints in a browser: choose a puzzle, edit or paste a board, solve it with one algorithm or several side by side, play the solution move by move, analyse the whole space. Every state lives in the address, so a link restores it.\n\nThe API: GET /api/games; POST /api/solve, /api/longest, /api/judge, /api/check, /api/wipeout, /api/perft with a JSON body such as {\"game\": \"sliding\", \"board\": \"867/254/3_1\"}; each answers with what the matching command prints with --json (docs/web.md).\n\nThe memory budget is shared: each running job and the tables kept between jobs take an equal share of it.\n\nExamples:\n  tansaku serve                          http://127.0.0.1:8080/\n  tansaku serve --open --time-limit 300  open a browser; five minutes a job\n  tansaku serve --addr 0.0.0.0:8080 --max-memory 4G   on every interface (a shared machine)"
    )]
    Serve(ServeArgs),
}

/// `tansaku serve`.
#[cfg(feature = "serve")]
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// Address to listen on (IP:PORT); the default answers this machine
    /// only. Port 0 picks a free port (the address is printed)
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "IP:PORT")]
    pub addr: String,
    /// Open the page in a browser once listening
    #[arg(long)]
    pub open: bool,
    #[command(flatten)]
    pub max_memory: Set<MaxMemory>,
    #[command(flatten)]
    pub time_limit: Set<TimeLimit>,
    #[command(flatten)]
    pub jobs: Set<Jobs>,
    #[command(flatten)]
    pub pdb_dir: Set<PdbDir>,
    /// Also answer requests naming this host (HOST or HOST:PORT), e.g.
    /// behind a reverse proxy (repeatable)
    #[arg(long, value_name = "HOST")]
    pub allow_host: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub(crate) enum PdbCommand {
    /// Build (or check and load) the databases of a partition for a goal
    /// and keep them in the cache
    #[command(
        after_help = "The 15-puzzle's zero-aware 7-8 tables take about 2.5 minutes on 2 cores and 584 MB on disk (7-8: 1.5 minutes, 577 MB); the 24-puzzle's zero-aware 6-6-6-6 about 3.5 minutes and 1.2 GB (6-6-6-6: 2.5 minutes, 510 MB). Until they are built, --bound auto takes tables built in seconds (6-6-3 on 4x4, 5-5-5-5-4z on 5x5) and says so; this command builds the strong ones once, ahead.\n\nExamples:\n  tansaku pdb build --size 4x4                    7-8z for the goal 1 2 ... 15 _\n  tansaku pdb build --size 4x4 --goal \"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\"\n  tansaku pdb build --size 5x5 --partition 6-6-6-6"
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

/// How a long run goes: its memory budget and whether it shows progress.
#[derive(Args, Debug, Clone)]
pub(crate) struct Running {
    #[command(flatten)]
    pub max_memory: Set<MaxMemory>,
    #[command(flatten)]
    pub quiet: Set<Quiet>,
}

impl Running {
    /// The run's context: the budget, progress unless quiet, the table
    /// folder `pdb_dir` (else the user's).
    pub(crate) fn context(&self, pdb_dir: Option<&std::path::Path>) -> tansaku::Context {
        live::context(self.max_memory.0, live::Show::unless(self.quiet.0), pdb_dir)
    }
}

#[derive(Args, Debug, Clone)]
pub(crate) struct PdbPlace {
    #[command(flatten)]
    pub pdb_dir: Set<PdbDir>,
    #[command(flatten)]
    pub json: Set<Json>,
}

#[derive(Args, Debug)]
pub(crate) struct PdbChoose {
    /// The board, the default sample, the candidates and the budget
    /// ([`tansaku::tables::choose_options`]).
    #[command(flatten)]
    pub options: Declared<ChooseOptions>,
    /// The sample: a file of boards, one a line (as --batch reads them);
    /// default: --walks boards from random walks of the goal
    #[arg(long, value_name = "FILE")]
    pub sample: Option<std::path::PathBuf>,
    /// Further candidates, each a partition as --bound takes one
    /// (1-7/8-15); repeatable
    #[arg(long = "partition", value_name = "PARTITION")]
    pub partitions: Vec<String>,
    /// Threads for IDA*; default: every core
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    #[command(flatten)]
    pub run: Running,
    #[command(flatten)]
    pub place: PdbPlace,
}

#[derive(Args, Debug)]
pub(crate) struct PdbBuild {
    /// Build the tables a .tws definition's IDA* uses (projections chosen
    /// within --table-memory) instead of the sliding puzzles'
    #[arg(long, value_name = "FILE", conflicts_with_all = ["partition", "goal"])]
    pub def: Option<std::path::PathBuf>,
    /// The board, its partition and goal, or the definition's table
    /// budget ([`tansaku::tables::build_options`]).
    #[command(flatten)]
    pub options: Declared<BuildOptions>,
    #[command(flatten)]
    pub run: Running,
    #[command(flatten)]
    pub place: PdbPlace,
}

#[derive(Args, Debug)]
#[command(
    after_help = "A pass counts as a ply when the side to move has no move but the other side has one; a finished game is a leaf wherever it ends. Published: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284 for depths 1 to 10."
)]
pub(crate) struct PerftArgs {
    /// Plies from the start (a value out of range says the range)
    #[arg(long, default_value_t = tansaku::games::wipeout::DEFAULT_PERFT, value_parser = clap::value_parser!(u32).range(1..=i64::from(tansaku::games::wipeout::MAX_PERFT)))]
    pub depth: u32,
    #[command(flatten)]
    pub json: Set<Json>,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Breadth-first search over plies from the standard start, positions merged under the start's 4 symmetries (identity, both diagonal reflections, half turn); game records write black's moves in capitals and white's in lower case, passes implied.\n\nExamples:\n  tansaku wipeout                       black: 9 plies, 36 positions up to symmetry\n  tansaku wipeout --color white         white: 10 plies, 28\n  tansaku wipeout --first F5 --json     the 57 games that open with F5"
)]
pub(crate) struct WipeoutArgs {
    /// The colour and the first move
    /// ([`tansaku::games::wipeout::wipeout_options`]).
    #[command(flatten)]
    pub options: Declared<WipeoutOptions>,
    /// Give up past this many plies (default: 60, a whole game)
    #[arg(long, value_name = "PLIES")]
    pub max_plies: Option<u32>,
    #[command(flatten)]
    pub run: Running,
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
    #[command(flatten)]
    pub json: Set<Json>,
}

#[derive(Args, Debug)]
pub(crate) struct CheckArgs {
    /// Definition files (.toml, .tws)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub json: Set<Json>,
    #[command(flatten)]
    pub run: Running,
}

#[derive(Args, Debug)]
pub(crate) struct TourArgs {
    #[command(flatten)]
    pub json: Set<Json>,
    /// Folder for the pictures (SVG): solutions as strips of boards, the
    /// Reversi wipeouts animated, histograms
    #[arg(long, value_name = "DIR", default_value = "tansaku-tour")]
    pub pictures: std::path::PathBuf,
    /// Draw no pictures
    #[arg(long)]
    pub no_pictures: bool,
}

/// Options declared by the library, as flags: `S` lists them.
#[derive(Clone, Debug)]
pub(crate) struct Declared<S> {
    /// The options given on the command line, typed.
    pub given: Vec<(&'static str, Value)>,
    _specs: PhantomData<S>,
}

/// A list of the library's options.
pub(crate) trait Specs {
    /// The options.
    fn specs() -> Vec<OptionSpec>;
}

impl<S: Specs> Declared<S> {
    /// A request with the options given.
    pub(crate) fn request(&self) -> tansaku::Request {
        self.given
            .iter()
            .fold(tansaku::Request::default(), |r, (k, v)| r.with(k, v.clone()))
    }
}

impl<S: Specs> FromArgMatches for Declared<S> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Declared {
            given: declared::given(m, &S::specs(), Question::Solve),
            _specs: PhantomData,
        })
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl<S: Specs> Args for Declared<S> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        declared::add(cmd, &S::specs(), Question::Solve)
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// The options of `pdb build`.
#[derive(Clone, Debug)]
pub(crate) struct BuildOptions;

impl Specs for BuildOptions {
    fn specs() -> Vec<OptionSpec> {
        tansaku::tables::build_options()
    }
}

/// The options of `pdb choose`.
#[derive(Clone, Debug)]
pub(crate) struct ChooseOptions;

impl Specs for ChooseOptions {
    fn specs() -> Vec<OptionSpec> {
        tansaku::tables::choose_options()
    }
}

/// The options of `wipeout`.
#[derive(Clone, Debug)]
pub(crate) struct WipeoutOptions;

impl Specs for WipeoutOptions {
    fn specs() -> Vec<OptionSpec> {
        tansaku::games::wipeout::wipeout_options()
    }
}
