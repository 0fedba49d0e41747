//! What to answer and how: a [`Request`] carries the game's options, the
//! algorithm (or the library's choice), the limits of the search and
//! where a long analysis keeps its checkpoints. Its own settings are
//! declared once, as options ([`options`]), like a game's: the command
//! line's flags and a question's JSON fields are derived from them, and
//! [`Request::set`] applies any of them by name.

use crate::RunError;
use crate::game::{ALGORITHM_MEANINGS, ALGORITHMS, algorithm};
use crate::options::{Kind, LONGEST, OptionSpec, Question, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;
use tansaku_core::Context;
use tansaku_core::search::auto::Algorithm;
use tansaku_core::search::retrograde::{Bits, Checkpoint, RetroOptions};

/// A game's options, by name (`board`, `goal`, `size`, `diagonal`, ...).
pub type Options = BTreeMap<String, Value>;

/// The longest positions an analysis lists unless told otherwise.
pub const DEFAULT_LIMIT: usize = 1000;

/// The deepest bound iterative deepening and IDA* try unless told
/// otherwise.
pub const DEFAULT_MAX_DEPTH: u32 = 200;

/// What to answer and how.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm; `None` lets the library choose.
    pub algorithm: Option<Algorithm>,
    /// The game's options; a missing one takes the game's default.
    pub options: Options,
    /// Deepest bound iterative deepening and IDA* try.
    pub max_depth: u32,
    /// Threads for IDA* (`None`: every core).
    pub threads: Option<usize>,
    /// Longest positions an analysis lists.
    pub limit: usize,
    /// Slot width of a whole-space analysis's table.
    pub bits: Bits,
    /// Where a whole-space analysis, or an IDA* search, writes its
    /// checkpoints, and at least how long apart; a run whose folder holds
    /// the checkpoint of an interrupted run of the same question goes on
    /// from it. Never read from a JSON question (a server writes no file).
    pub checkpoint: Option<(PathBuf, Duration)>,
    /// Where a whole-space analysis keeps its table when even two bits a
    /// position do not fit the memory budget.
    pub disk: Option<PathBuf>,
    /// The least time between two checkpoints, when it was set before
    /// their folder ([`Request::set`]).
    pub checkpoint_every: Option<Duration>,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            algorithm: None,
            options: Options::new(),
            max_depth: DEFAULT_MAX_DEPTH,
            threads: None,
            limit: DEFAULT_LIMIT,
            bits: Bits::Auto,
            checkpoint: None,
            disk: None,
            checkpoint_every: None,
        }
    }
}

/// Seconds between two checkpoints of a solve unless told otherwise.
const SOLVE_CHECKPOINT_EVERY: u64 = 60;
/// Seconds between two checkpoints of an analysis unless told otherwise.
const LONGEST_CHECKPOINT_EVERY: u64 = 300;

/// A count: a whole number from 0 (seconds, moves, positions).
const COUNT: Kind = Kind::Int {
    min: 0,
    max: u32::MAX as u64,
};

/// The settings of every request, as options: `algo`, `max-depth`,
/// `threads`, `limit`, `bits`, `checkpoint`, `checkpoint-every`, `disk`.
///
/// ```
/// let names: Vec<&str> = tansaku::request::options().iter().map(|o| o.name).collect();
/// assert!(names.contains(&"algo") && names.contains(&"max-depth"));
/// ```
pub fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "algo",
            Kind::Choice {
                values: &ALGORITHMS,
                meanings: &ALGORITHM_MEANINGS,
            },
            Some("auto"),
            "Search algorithm",
        ),
        OptionSpec::new(
            "threads",
            Kind::Int { min: 1, max: 1024 },
            None,
            "Threads for IDA* on one instance; default: every core",
        ),
        OptionSpec::new(
            "max-depth",
            COUNT,
            Some(&DEFAULT_MAX_DEPTH.to_string()),
            "Deepest bound iterative deepening and IDA* try before giving up",
        )
        .value_name("MOVES"),
        OptionSpec::new(
            "checkpoint",
            Kind::Path,
            None,
            "Keep IDA*'s progress in DIR (the bound, the iterations done, the subtrees searched), so that the same command with the same DIR goes on after a kill and reports the same node counts; removed when the search ends. A checkpoint of another search, version, or a damaged one is refused",
        )
        .value_name("DIR"),
        OptionSpec::new(
            "checkpoint-every",
            COUNT,
            Some(&SOLVE_CHECKPOINT_EVERY.to_string()),
            "With a checkpoint: least seconds between two checkpoints",
        )
        .value_name("SECONDS"),
        OptionSpec::new(
            "limit",
            COUNT,
            Some(&DEFAULT_LIMIT.to_string()),
            "Show at most this many longest positions",
        )
        .read_by(LONGEST)
        .value_name("N"),
        OptionSpec::new(
            "bits",
            Kind::choice(&["auto", "8", "2"]),
            Some("auto"),
            "Bits a position in the table: 8 (the distance itself), 2 (Korf's two-bit search: whether a position is of an earlier level, the level expanded, the next one, or not reached; a quarter of the memory, same histogram and longest positions), or auto: a byte when the table fits the memory and takes at most 1 MiB, else two bits (faster past the cache)",
        )
        .read_by(LONGEST)
        .value_name("8|2|auto"),
        OptionSpec::new(
            "checkpoint",
            Kind::Path,
            None,
            "Write checkpoints into DIR at the end of levels; the same command with the same DIR goes on from the last one after a kill. A checkpoint of another analysis, version, or a damaged one is refused. With a disk folder, the checkpoint names a generation of the chunk files, which then need twice the disk",
        )
        .read_by(LONGEST)
        .value_name("DIR"),
        OptionSpec::new(
            "checkpoint-every",
            COUNT,
            Some(&LONGEST_CHECKPOINT_EVERY.to_string()),
            "With a checkpoint: least seconds between two checkpoints (a checkpoint is also never written before the work since the last one is twenty times what writing it costs)",
        )
        .read_by(LONGEST)
        .value_name("SECONDS"),
        OptionSpec::new(
            "disk",
            Kind::Path,
            None,
            "When even two bits a position do not fit the memory, keep the table in chunk files under DIR (removed at the end) and stream each level over them; needs the table's size free on that disk (twice with a checkpoint)",
        )
        .read_by(LONGEST)
        .value_name("DIR"),
    ]
}

impl Request {
    /// The same, with option `key` set to `value` (text is read by the
    /// option's kind when the request is read).
    ///
    /// ```
    /// use tansaku::Request;
    /// let r = Request::default().with("board", "BB_BBB").with("adjacent", true);
    /// assert_eq!(r.get("board"), Some("BB_BBB"));
    /// ```
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.options.insert(key.to_string(), value.into());
        self
    }

    /// The same, with `algorithm`.
    pub fn by(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = Some(algorithm);
        self
    }

    /// Option `key`, if given as text.
    pub fn get(&self, key: &str) -> Option<&str> {
        match self.options.get(key) {
            Some(Value::Text(t)) => Some(t),
            _ => None,
        }
    }

    /// IDA*'s threads: those asked for, else every core.
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }

    /// Sets the request's own option `name` (one of [`options`]) for
    /// `question`, from a typed value or from text.
    ///
    /// ```
    /// use tansaku::options::{Question, Value};
    /// let mut r = tansaku::Request::default();
    /// r.set(Question::Solve, "max-depth", &Value::Int(40)).unwrap();
    /// r.set(Question::Solve, "algo", &"idastar".into()).unwrap();
    /// assert_eq!(r.max_depth, 40);
    /// assert!(r.set(Question::Solve, "algo", &"dijkstra".into()).is_err());
    /// ```
    pub fn set(&mut self, question: Question, name: &str, value: &Value) -> Result<(), RunError> {
        let specs = options();
        let spec = specs
            .iter()
            .find(|s| s.name == name && s.reads(question))
            .ok_or_else(|| RunError::UnknownOption {
                game: format!("a {} request", question.name()),
                option: name.to_string(),
                known: specs
                    .iter()
                    .filter(|s| s.reads(question))
                    .map(|s| s.name.to_string())
                    .collect(),
            })?;
        let v = match (value, spec.kind) {
            (Value::Text(t), _) => spec.parse(t).map_err(|_| RunError::BadOption {
                option: name.to_string(),
                value: t.clone(),
                expected: spec.kind.expected(),
            })?,
            (v, _) => v.clone(),
        };
        let int = |v: &Value| match v {
            Value::Int(n) => Ok(*n),
            other => Err(RunError::BadOption {
                option: name.to_string(),
                value: other.to_string(),
                expected: spec.kind.expected(),
            }),
        };
        match name {
            "algo" => self.algorithm = algorithm(&v.to_string())?,
            "threads" => self.threads = Some(int(&v)?.max(1) as usize),
            "max-depth" => self.max_depth = u32::try_from(int(&v)?).unwrap_or(u32::MAX),
            "limit" => self.limit = int(&v)? as usize,
            "bits" => {
                self.bits = match v.to_string().as_str() {
                    "8" => Bits::Eight,
                    "2" => Bits::Two,
                    _ => Bits::Auto,
                }
            }
            "checkpoint" => {
                let every = self
                    .checkpoint_every
                    .unwrap_or_else(|| Duration::from_secs(Self::checkpoint_every(question)));
                self.checkpoint = Some((PathBuf::from(v.to_string()), every));
            }
            "checkpoint-every" => {
                let every = Duration::from_secs(int(&v)?);
                self.checkpoint_every = Some(every);
                if let Some((_, e)) = self.checkpoint.as_mut() {
                    *e = every;
                }
            }
            "disk" => self.disk = Some(PathBuf::from(v.to_string())),
            _ => unreachable!("every request option is set above"),
        }
        Ok(())
    }

    /// Seconds between two checkpoints of `question` unless told
    /// otherwise.
    pub fn checkpoint_every(question: Question) -> u64 {
        match question {
            Question::Solve => SOLVE_CHECKPOINT_EVERY,
            Question::Longest => LONGEST_CHECKPOINT_EVERY,
        }
    }

    /// The settings of a whole-space analysis; `key` names what is analysed
    /// (the checkpoint's description: a checkpoint of anything else is
    /// refused).
    ///
    /// ```
    /// use tansaku::Request;
    /// let r = Request { checkpoint: Some(("runs".into(), std::time::Duration::from_secs(60))), ..Default::default() };
    /// let o = r.retro(&tansaku::Context::new(), "sliding 3x4".into());
    /// assert_eq!(o.checkpoint.unwrap().key, "sliding 3x4");
    /// ```
    pub fn retro(&self, ctx: &Context, key: String) -> RetroOptions {
        RetroOptions {
            keep: self.limit,
            ctx: ctx.clone(),
            bits: self.bits,
            checkpoint: self.checkpoint.as_ref().map(|(dir, every)| Checkpoint {
                dir: dir.clone(),
                key,
                every: *every,
            }),
            disk: self.disk.clone(),
        }
    }
}
