//! What to answer and how: a [`Request`] carries the game's options, the
//! algorithm (or the library's choice), the limits of the search and
//! where a long analysis keeps its checkpoints.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;
use tansaku_core::Context;
use tansaku_core::search::auto::Algorithm;
use tansaku_core::search::retrograde::{Bits, Checkpoint, RetroOptions};

/// A game's options, by name (`board`, `goal`, `size`, `diagonal`, ...).
pub type Options = BTreeMap<String, String>;

/// The longest positions an analysis lists unless told otherwise.
pub const DEFAULT_LIMIT: usize = 1000;

/// What to answer and how.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm; `None` lets the library choose.
    pub algorithm: Option<Algorithm>,
    /// The game's options; a missing one takes the game's default.
    pub options: Options,
    /// Deepest bound iterative deepening and IDA* try.
    pub max_depth: u32,
    /// Threads for IDA*.
    pub threads: usize,
    /// Longest positions an analysis lists.
    pub limit: usize,
    /// Slot width of a whole-space analysis's table.
    pub bits: Bits,
    /// Where a whole-space analysis, or a sliding board's IDA*, writes its
    /// checkpoints, and at least how long apart; a run whose folder holds
    /// the checkpoint of an interrupted run of the same question goes on
    /// from it. Never read from a JSON question (a server writes no file).
    pub checkpoint: Option<(PathBuf, Duration)>,
    /// Where a whole-space analysis keeps its table when even two bits a
    /// position do not fit the memory budget.
    pub disk: Option<PathBuf>,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            algorithm: None,
            options: Options::new(),
            max_depth: 200,
            threads: 1,
            limit: DEFAULT_LIMIT,
            bits: Bits::Auto,
            checkpoint: None,
            disk: None,
        }
    }
}

impl Request {
    /// The same, with option `key` set to `value`.
    ///
    /// ```
    /// use tansaku::Request;
    /// let r = Request::default().with("board", "BB_BBB");
    /// assert_eq!(r.get("board"), Some("BB_BBB"));
    /// ```
    pub fn with(mut self, key: &str, value: &str) -> Self {
        self.options.insert(key.to_string(), value.to_string());
        self
    }

    /// The same, with `algorithm`.
    pub fn by(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = Some(algorithm);
        self
    }

    /// Option `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
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
