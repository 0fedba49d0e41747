//! `tansaku solve`, `tansaku longest` and `tansaku judge`: a subcommand for every game of
//! the library's catalogue that answers the question, its flags built from
//! the game's declared options and the request's own ([`super::declared`]);
//! a definition by name or `--def FILE` takes its options with `--set`.
//! Only the flags of the command line itself (how to print, where tables
//! live, the memory budget) are declared here.

use super::declared;
use super::settings::{self, Declares, Json, MaxMemory, PdbDir, Quiet};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use std::path::PathBuf;
use tansaku::options::{OptionSpec, Question, Value};
use tansaku::settings::{JSON, MAX_MEMORY, PDB_DIR, QUIET};
use tansaku::{Game, Request};

/// A question about one game as the command line asked it.
#[derive(Debug, Clone)]
pub(crate) struct GameArgs {
    /// Which question's options it reads.
    pub question: Question,
    /// The command: `solve`, `longest` or `judge` (which reads a solve's
    /// options).
    pub verb: &'static str,
    /// The built-in game of the subcommand, if it is one.
    pub game: Option<String>,
    /// A definition's name and the words after it, when the subcommand
    /// is not a built-in game.
    pub named: Option<Vec<String>>,
    /// Everything given.
    pub matches: ArgMatches,
}

/// `tansaku solve`.
#[derive(Debug, Clone)]
pub(crate) struct SolveArgs(pub GameArgs);

/// `tansaku longest`.
#[derive(Debug, Clone)]
pub(crate) struct LongestArgs(pub GameArgs);

/// `tansaku judge`.
#[derive(Debug, Clone)]
pub(crate) struct JudgeArgs(pub GameArgs);

/// `tansaku trace`.
#[derive(Debug, Clone)]
pub(crate) struct TraceArgs(pub GameArgs);

/// Examples shown under a game's subcommand.
fn examples(game: &str, question: Question) -> Option<&'static str> {
    match (game, question) {
        ("sliding", Question::Solve) => Some(
            "Examples:\n  tansaku solve sliding --board 867/254/3_1                     8-puzzle: BFS (auto)\n  tansaku solve sliding --board \"13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2\"   15-puzzle: IDA* + pattern databases\n  tansaku solve sliding --batch data/korf100.txt --goal \"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\" --json\n\nOn a cold cache the 15- and 24-puzzle take tables built in seconds (6-6-3, 5-5-5-5-4z) and say how to build the strongest (7-8z, 6-6-6-6z: 2.5 and 3.5 minutes on 2 cores, once) with tansaku pdb build; they are kept in the cache folder.",
        ),
        ("wipeout", Question::Solve) => Some(
            "The first of the shortest wipeouts; tansaku wipeout lists them all.\n\nExamples:\n  tansaku solve wipeout --color white",
        ),
        _ => None,
    }
}

/// The command line's own flags of a question: how to print, the memory
/// budget, where tables live.
fn front_flags(question: Question, verb: &str) -> Vec<Arg> {
    let mut v = vec![
        // The answer's fields, told beside the declared switch.
        settings::flag(&JSON).help(match question {
            Question::Solve if verb == "judge" => {
                "Print one JSON object instead of text: board, distance (null when not known), reason (only when no sequence reaches the goal: why; the exit code is then 1), source (table or search), and moves, each with move, board, distance and delta (-1 closer, 0 the same, +1 farther, null when not known)"
            }
            Question::Solve if verb == "trace" => {
                "Print one JSON object instead of text: start, steps (each with depth, expanded, children with move, name, board, grid, new and goal, the front of the queue, queued and seen), found and limit"
            }
            Question::Solve => "Print one JSON object instead of text",
            Question::Longest => {
                "Print one JSON object instead of text: states, longest, count, histogram, positions, and stats, where `generated` counts the states that received a distance and `expanded` the states whose moves were generated; levels run bottom-up (every unreached state looks for a neighbour one level closer) expand states that do not get a distance yet, so `expanded` may pass `generated`"
            }
        }),
        settings::flag(&MAX_MEMORY),
        settings::flag(&QUIET),
        settings::flag(&PDB_DIR),
    ];
    match question {
        Question::Solve if verb == "judge" => {}
        Question::Solve if verb == "trace" => v.push(
            Arg::new("steps")
                .long("steps")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(1..=tansaku::games::TRACE_STEPS as i64))
                .default_value(tansaku::games::TRACE_STEPS.to_string())
                .help("Tell at most N steps (the search stops at the goal before)"),
        ),
        Question::Solve => v.extend([
            Arg::new("svg").long("svg").value_name("FILE").value_parser(clap::value_parser!(PathBuf)).help(
                "Also draw the solution as an SVG strip of numbered boards (the moved piece outlined, turned discs dotted) into FILE",
            ),
            Arg::new("batch")
                .long("batch")
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .conflicts_with("checkpoint")
                .help("Solve every board of FILE instead (one a line; blank lines and # comments skipped), with the same goal and options; one result a line, then the totals"),
        ]),
        Question::Longest => v.extend([
            Arg::new("plot").long("plot").value_name("FILE").value_parser(clap::value_parser!(PathBuf)).help(
                "Also draw the distance histogram as an SVG bar chart into FILE",
            ),
            Arg::new("log")
                .long("log")
                .action(ArgAction::SetTrue)
                .requires("plot")
                .help("With --plot: bar heights on a log scale"),
            Arg::new("progress")
                .long("progress")
                .action(ArgAction::SetTrue)
                .conflicts_with(QUIET.name)
                .help("Progress lines on stderr even when it is not a terminal"),
        ]),
    }
    #[cfg(feature = "mpi")]
    v.push(Arg::new("mpi").long("mpi").action(ArgAction::SetTrue).help(match question {
        Question::Solve => {
            "Search across the processes of an MPI job (start it with mpiexec -n N or srun): every process runs the same IDA*, each iteration's subtrees are shared among them, and process 0 prints the answer with the counts of one process. With --checkpoint DIR, each process keeps its own in DIR/process-K-of-N; run the job again with as many processes to go on"
        }
        Question::Longest => {
            "Run across the processes of an MPI job (start it with mpiexec -n N or srun): each process keeps a slice of the table at two bits a position; process 0 prints the result and the traffic"
        }
    }));
    v
}

/// The flags of a definition given by file or by name.
fn definition_flags(question: Question) -> Vec<Arg> {
    // (`judge` reads a solve's: its start and options.)
    let mut v = vec![
        Arg::new("def")
            .long("def")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .help("A puzzle definition: TOML (pieces on a grid) or twsearch .tws"),
        Arg::new("metric")
            .long("metric")
            .help("Metric: step or piece (blocks), htm or qtm (.tws); default: the file's (blocks) or htm"),
    ];
    if question == Question::Longest {
        v.extend(tansaku::games::definition::longest_options().iter().map(declared::arg));
    }
    if question == Question::Solve {
        v.extend([
            Arg::new("board").long("board").help(
                "Start position: a board written as in the file (rows separated by /) or, for a .tws puzzle, a scramble such as \"R U2 F'\"; default: the file's start",
            ),
            set_flag(),
        ]);
    }
    v
}

/// `--set KEY=VALUE`: any option of the game, written as text.
fn set_flag() -> Arg {
    Arg::new("set").long("set").value_name("KEY=VALUE").action(ArgAction::Append).help(
        "An option of the puzzle, KEY=VALUE (repeatable), e.g. tansaku solve klotski --set metric=step or tansaku solve wipeout --set color=white",
    )
}

/// The request's own options and the front end's flags, on `cmd`.
fn common(cmd: Command, question: Question, verb: &str) -> Command {
    declared::add(cmd, &tansaku::request::options(), question).args(front_flags(question, verb))
}

/// The subcommand of `game` for `question`.
fn game_command(game: &dyn Game, question: Question, verb: &str) -> Command {
    let mut cmd = Command::new(game.name().to_string()).about(game.summary_of(question));
    if let Some(e) = examples(game.name(), question).filter(|_| verb != "judge") {
        cmd = cmd.after_help(e);
    }
    common(declared::add(cmd, &game.options(), question), question, verb).arg(set_flag())
}

/// The command that reads what follows a definition's name.
pub(crate) fn named_command(question: Question, verb: &str, name: &str) -> Command {
    common(Command::new(format!("tansaku {verb} {name}")), question, verb)
        .args(definition_flags(question).into_iter().filter(|a| a.get_id() != "def"))
}

fn augment(cmd: Command, question: Question, verb: &'static str) -> Command {
    let mut cmd = common(cmd, question, verb)
        .args(definition_flags(question))
        .args_conflicts_with_subcommands(true)
        .allow_external_subcommands(true)
        .external_subcommand_value_parser(clap::value_parser!(String))
        .after_help(match question {
            Question::Solve if verb == "trace" => {
                "Examples:\n  tansaku trace flip-row --board BB_BBB          every step until the goal\n  tansaku trace sliding --board 123/456/_78     the 8-puzzle near the goal\n  tansaku trace jugs --steps 5 --json\n\nBreadth-first search as the articles teach it: the position taken from the front of the queue, each child new (to the back of the queue) or already seen (skipped), the queue after each step. For small puzzles and the first steps of any; tansaku solve --algo bfs is the search that solves."
            }
            Question::Solve if verb == "judge" => {
                "Examples:\n  tansaku judge sliding --board 867/254/3_1        the 8-puzzle: 31 moves; each move 30 or 32\n  tansaku judge flip-row --board BB_BBB --json\n  tansaku judge line --from start3 --to goal3\n  tansaku judge --def puzzles/klotski.toml\n\nSmall spaces (the 8-puzzle, Flip It, the 2x2x2) are judged by their whole distance table, computed once; larger ones by an optimal search from each position (the 15-puzzle with the solve's tables). On the 24-puzzle a distance is given only when the bound proves it, else null."
            }
            Question::Solve => {
                "Definitions:\n  tansaku solve --def puzzles/klotski.toml                   from the file's start\n  tansaku solve --def puzzles/klotski.toml --metric step\n  tansaku solve --def puzzles/8-puzzle.toml --board 867/254/3.1\n  tansaku solve --def puzzles/2x2x2.tws --board \"R U2 F' R\"     a scramble\n  tansaku solve klotski         a definition found by name in ./puzzles or $TANSAKU_PUZZLES\n\nThe format is in docs/definitions.md."
            }
            Question::Longest => {
                "Definitions:\n  tansaku longest --def puzzles/2x2x2.tws --metric qtm\n  tansaku longest --def puzzles/klotski.toml\n\nA definition whose pieces all cover one cell is ranked densely (a byte a board, every board); others are analysed over the positions reachable from the file's start."
            }
        });
    for g in tansaku::games::builtins() {
        let answers = g.answers();
        if answers.contains(&verb) {
            cmd = cmd.subcommand(game_command(g.as_ref(), question, verb));
        }
    }
    cmd
}

fn from_matches(m: &ArgMatches, question: Question, verb: &'static str) -> GameArgs {
    match m.subcommand() {
        Some((name, sub)) => match sub.try_get_many::<String>("") {
            Ok(Some(rest)) => GameArgs {
                question,
                verb,
                game: None,
                named: Some(std::iter::once(name.to_string()).chain(rest.cloned()).collect()),
                matches: sub.clone(),
            },
            _ => GameArgs {
                question,
                verb,
                game: Some(name.to_string()),
                named: None,
                matches: sub.clone(),
            },
        },
        None => GameArgs {
            question,
            verb,
            game: None,
            named: None,
            matches: m.clone(),
        },
    }
}

macro_rules! question_args {
    ($ty:ident, $q:expr, $verb:expr) => {
        impl FromArgMatches for $ty {
            fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
                Ok($ty(from_matches(m, $q, $verb)))
            }
            fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
                self.0 = from_matches(m, $q, $verb);
                Ok(())
            }
        }
        impl Args for $ty {
            fn augment_args(cmd: Command) -> Command {
                augment(cmd, $q, $verb)
            }
            fn augment_args_for_update(cmd: Command) -> Command {
                augment(cmd, $q, $verb)
            }
        }
    };
}

question_args!(SolveArgs, Question::Solve, "solve");
question_args!(LongestArgs, Question::Longest, "longest");
question_args!(JudgeArgs, Question::Solve, "judge");
question_args!(TraceArgs, Question::Solve, "trace");

impl GameArgs {
    /// The request: the request's own options given, then the game's
    /// (`specs`), as typed values.
    pub(crate) fn request(&self, specs: &[OptionSpec]) -> Result<Request, tansaku::RunError> {
        let mut req = Request::default();
        for (name, v) in declared::given(&self.matches, &tansaku::request::options(), self.question) {
            req.set(self.question, name, &v)?;
        }
        for (name, v) in declared::given(&self.matches, specs, self.question) {
            req = req.with(name, v);
        }
        Ok(req)
    }

    /// A flag of the command line itself.
    pub(crate) fn flag(&self, id: &str) -> bool {
        self.matches
            .try_get_one::<bool>(id)
            .ok()
            .flatten()
            .copied()
            .unwrap_or(false)
    }

    /// A path given to a flag of the command line itself.
    pub(crate) fn path(&self, id: &str) -> Option<PathBuf> {
        self.matches.try_get_one::<PathBuf>(id).ok().flatten().cloned()
    }

    /// A text flag of the command line itself.
    pub(crate) fn text(&self, id: &str) -> Option<String> {
        self.matches.try_get_one::<String>(id).ok().flatten().cloned()
    }

    /// A flag read by an option's kind (a [`declared::arg`]).
    pub(crate) fn value(&self, id: &str) -> Option<Value> {
        self.matches.try_get_one::<Value>(id).ok().flatten().cloned()
    }

    /// The memory budget ([`MAX_MEMORY`]).
    pub(crate) fn max_memory(&self) -> Option<u64> {
        MaxMemory::read(&self.matches)
    }

    /// The table folder ([`PDB_DIR`]).
    pub(crate) fn pdb_dir(&self) -> Option<PathBuf> {
        PdbDir::read(&self.matches)
    }

    /// The answer as JSON ([`JSON`]).
    pub(crate) fn json(&self) -> bool {
        Json::read(&self.matches)
    }

    /// No progress ([`QUIET`]).
    pub(crate) fn quiet(&self) -> bool {
        Quiet::read(&self.matches)
    }

    /// `--set KEY=VALUE`, as the library's options (text, read by each
    /// option's kind).
    pub(crate) fn set(&self) -> Result<Vec<(String, Value)>, String> {
        let Ok(Some(all)) = self.matches.try_get_many::<String>("set") else {
            return Ok(Vec::new());
        };
        all.map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), Value::Text(v.trim().to_string())))
                .ok_or_else(|| format!("--set '{kv}': write KEY=VALUE, e.g. --set size=5x5"))
        })
        .collect()
    }
}
