//! Options, each declared once: its name, its kind, its default, its help
//! and the questions that read it ([`OptionSpec`]). Every front end derives
//! its surface from these declarations: the command line's flags, the JSON
//! fields of a question, the page's form. A value is parsed once, by its
//! kind ([`Kind::parse`]), into a typed [`Value`]; a request's options are
//! then read against the game's declarations ([`Params`]): an unknown name
//! or a malformed value is refused with a typed error before anything runs.
//!
//! ```
//! use tansaku::options::{Kind, OptionSpec, Params, Question, Value};
//! use tansaku::Request;
//! let specs = [
//!     OptionSpec::new("adjacent", Kind::Flag, None, "a disc next to the empty cell may slide"),
//!     OptionSpec::new("size", Kind::Size, Some("4x4"), "WxH"),
//! ];
//! // Text is parsed by the option's kind; a typed value is taken as it is.
//! let req = Request::default().with("adjacent", "off").with("size", Value::Size(5, 3));
//! let o = Params::read("flip-square", &specs, Question::Solve, &req).unwrap();
//! assert!(!o.flag("adjacent"));
//! assert_eq!(o.size("size"), Some((5, 3)));
//! let bad = Request::default().with("adjacnet", "yes");
//! assert!(Params::read("flip-square", &specs, Question::Solve, &bad).is_err());
//! ```

use crate::{Request, RunError};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// The questions an option is read by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Question {
    /// A shortest solution (also a board's position and a scramble).
    Solve,
    /// The whole space's analysis.
    Longest,
}

impl Question {
    /// Its name, as the command line's subcommand and the API's path.
    pub fn name(self) -> &'static str {
        match self {
            Question::Solve => "solve",
            Question::Longest => "longest",
        }
    }
}

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Kind {
    /// Yes or no: `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`.
    Flag,
    /// A whole number from `min` to `max`.
    Int {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// A board size `WxH` (or `N`, one row).
    Size,
    /// Whole numbers separated by commas.
    List,
    /// One of the words listed.
    Choice {
        /// The words.
        values: &'static [&'static str],
        /// What each word means, in the same order (may be empty).
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        meanings: &'static [&'static str],
    },
    /// A position, written as the game writes its boards.
    Board,
    /// Any text the game reads itself.
    Text,
    /// A number of bytes: `800M`, `4G`, `65536`.
    Bytes,
    /// A file or folder on the machine that answers.
    Path,
}

impl Kind {
    /// One of `values`.
    pub const fn choice(values: &'static [&'static str]) -> Kind {
        Kind::Choice { values, meanings: &[] }
    }

    /// What a value of this kind looks like, for messages.
    ///
    /// ```
    /// use tansaku::options::Kind;
    /// assert_eq!(Kind::Int { min: 0, max: 9 }.expected(), "a whole number from 0 to 9");
    /// ```
    pub fn expected(&self) -> String {
        match self {
            Kind::Flag => "yes or no (true/false, yes/no, on/off, 1/0)".into(),
            Kind::Int { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Size => "a board size WxH, e.g. 4x4".into(),
            Kind::List => "whole numbers separated by commas, e.g. 8,5".into(),
            Kind::Choice { values, .. } => format!("one of {}", values.join(", ")),
            Kind::Bytes => "a size in bytes, e.g. 800M or 4G".into(),
            Kind::Board | Kind::Text | Kind::Path => "text".into(),
        }
    }

    /// The value `text` stands for, or why it is not one (a sentence the
    /// command line prints after the flag).
    ///
    /// ```
    /// use tansaku::options::{Kind, Value};
    /// assert_eq!(Kind::Size.parse("5x3"), Ok(Value::Size(5, 3)));
    /// assert_eq!(Kind::Bytes.parse("2K"), Ok(Value::Int(2048)));
    /// assert!(Kind::Int { min: 1, max: 60 }.parse("61").is_err());
    /// ```
    pub fn parse(&self, text: &str) -> Result<Value, String> {
        let t = text.trim();
        match self {
            Kind::Flag => parse_flag(t)
                .map(Value::Flag)
                .ok_or_else(|| format!("'{t}' is not yes or no: write true or false")),
            Kind::Int { min, max } => t
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(&v))
                .map(Value::Int)
                .ok_or_else(|| format!("'{t}' is not a whole number from {min} to {max}")),
            Kind::Size => parse_size(t)
                .map(|(w, h)| Value::Size(w, h))
                .ok_or_else(|| format!("'{t}' is not a board size: write WxH, e.g. 4x4 or 5x3")),
            Kind::List => parse_list(t).map(Value::List).ok_or_else(|| {
                format!("'{t}' is not a list of whole numbers: write them separated by commas, e.g. 8,5")
            }),
            Kind::Choice { values, .. } => match values.iter().find(|v| **v == t) {
                Some(v) => Ok(Value::Text((*v).to_string())),
                None => Err(format!("'{t}' is not one of {}", values.join(", "))),
            },
            Kind::Bytes => tansaku_core::memory::parse_size(t).map(Value::Int),
            Kind::Board | Kind::Text | Kind::Path => Ok(Value::Text(text.to_string())),
        }
    }
}

/// An option's value, typed by its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Yes or no.
    Flag(bool),
    /// A whole number (or a number of bytes).
    Int(u64),
    /// A board size, width and height.
    Size(usize, usize),
    /// Whole numbers.
    List(Vec<u64>),
    /// Text: a board, a word of a choice, a path.
    Text(String),
}

impl fmt::Display for Value {
    /// The value as it is written: `true`, `42`, `4x4`, `8,5`, text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Flag(b) => write!(f, "{b}"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Size(w, h) => write!(f, "{w}x{h}"),
            Value::List(v) => {
                let parts: Vec<String> = v.iter().map(u64::to_string).collect();
                write!(f, "{}", parts.join(","))
            }
            Value::Text(t) => write!(f, "{t}"),
        }
    }
}

impl From<&str> for Value {
    fn from(t: &str) -> Self {
        Value::Text(t.to_string())
    }
}

impl From<String> for Value {
    fn from(t: String) -> Self {
        Value::Text(t)
    }
}

impl From<&String> for Value {
    fn from(t: &String) -> Self {
        Value::Text(t.clone())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Flag(b)
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Self {
        Value::Int(n)
    }
}

/// A check of a text option's value beyond its kind (a partition's name),
/// with the sentence that says what is wrong.
pub type Check = fn(&str) -> Result<(), String>;

/// One option: of a game ([`crate::Game::options`]) or of every request
/// ([`crate::request::options`]).
#[derive(Clone, Debug, Serialize)]
pub struct OptionSpec {
    /// Its name: the key of a request and of a question in JSON
    /// (`board`, `size`, `diagonal`, `max-depth`, ...).
    pub name: &'static str,
    /// The values it takes.
    #[serde(flatten)]
    pub kind: Kind,
    /// The value used when it is not given, when there is one value
    /// (`None`: the help says what happens).
    pub default: Option<String>,
    /// What it does.
    pub help: &'static str,
    /// The questions that read it.
    pub questions: &'static [Question],
    /// The command line's flag, where it is not the name (`from` for the
    /// Line Puzzle's start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<&'static str>,
    /// What the command line calls its value (`MOVES`, `FILE`).
    #[serde(skip)]
    pub value_name: Option<&'static str>,
    /// A check of its value beyond its kind.
    #[serde(skip)]
    pub check: Option<Check>,
}

/// Read by a solve.
pub const SOLVE: &[Question] = &[Question::Solve];
/// Read by an analysis.
pub const LONGEST: &[Question] = &[Question::Longest];
/// Read by both.
pub const BOTH: &[Question] = &[Question::Solve, Question::Longest];

impl OptionSpec {
    /// An option named `name` of kind `kind`, read by a solve.
    pub fn new(name: &'static str, kind: Kind, default: Option<&str>, help: &'static str) -> Self {
        OptionSpec {
            name,
            kind,
            default: default.map(str::to_string),
            help,
            questions: SOLVE,
            flag: None,
            value_name: None,
            check: None,
        }
    }

    /// The same, read by `questions`.
    pub fn read_by(mut self, questions: &'static [Question]) -> Self {
        self.questions = questions;
        self
    }

    /// The same, with the command line's flag `flag`.
    pub fn flag(mut self, flag: &'static str) -> Self {
        self.flag = Some(flag);
        self
    }

    /// The same, its value called `name` on the command line.
    pub fn value_name(mut self, name: &'static str) -> Self {
        self.value_name = Some(name);
        self
    }

    /// The same, its value checked by `check` too.
    pub fn checked(mut self, check: Check) -> Self {
        self.check = Some(check);
        self
    }

    /// The command line's flag (without the dashes).
    pub fn flag_name(&self) -> &'static str {
        self.flag.unwrap_or(self.name)
    }

    /// Whether `question` reads it.
    pub fn reads(&self, question: Question) -> bool {
        self.questions.contains(&question)
    }

    /// The value `text` stands for: by its kind, then its check.
    ///
    /// ```
    /// use tansaku::options::{Kind, OptionSpec, Value};
    /// let even = OptionSpec::new("n", Kind::Int { min: 0, max: 9 }, None, "")
    ///     .checked(|t| if t.trim() == "3" { Err("odd".into()) } else { Ok(()) });
    /// assert_eq!(even.parse("4"), Ok(Value::Int(4)));
    /// assert_eq!(even.parse("3"), Err("odd".to_string()));
    /// ```
    pub fn parse(&self, text: &str) -> Result<Value, String> {
        let v = self.kind.parse(text)?;
        if let Some(check) = self.check {
            check(text)?;
        }
        Ok(v)
    }

    /// A given value read as this option's: a value of the kind's own type
    /// is checked and kept; anything else is written out and parsed.
    fn take(&self, value: &Value) -> Result<Value, RunError> {
        let bad = |why: String| {
            if self.check.is_some() && self.kind.parse(&value.to_string()).is_ok() {
                RunError::BadInput(format!("{} = {value}: {why}", self.name))
            } else {
                RunError::BadOption {
                    option: self.name.to_string(),
                    value: value.to_string(),
                    expected: self.kind.expected(),
                }
            }
        };
        match (&self.kind, value) {
            (Kind::Flag, Value::Flag(_)) | (Kind::Size, Value::Size(..)) | (Kind::List, Value::List(_)) => {
                Ok(value.clone())
            }
            (Kind::Int { min, max }, Value::Int(n)) if (min..=max).contains(&n) => Ok(value.clone()),
            (Kind::Bytes, Value::Int(_)) => Ok(value.clone()),
            _ => self.parse(&value.to_string()).map_err(bad),
        }
    }

    /// Its default, typed (`None` where it has none).
    fn default_value(&self) -> Option<Value> {
        self.default.as_deref().and_then(|d| self.kind.parse(d).ok())
    }
}

/// Parses a yes/no value.
///
/// ```
/// use tansaku::options::parse_flag;
/// assert_eq!(parse_flag("off"), Some(false));
/// assert_eq!(parse_flag("Yes"), Some(true));
/// assert_eq!(parse_flag("maybe"), None);
/// ```
pub fn parse_flag(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" | "" => Some(true),
        "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// Parses a size `WxH` (also `W*H`, `W×H`), or `N` for one row.
///
/// ```
/// use tansaku::options::parse_size;
/// assert_eq!(parse_size("5x3"), Some((5, 3)));
/// assert_eq!(parse_size("8"), Some((8, 1)));
/// assert_eq!(parse_size("4x"), None);
/// ```
pub fn parse_size(text: &str) -> Option<(usize, usize)> {
    let t = text.trim().to_ascii_lowercase().replace(['*', '×'], "x");
    match t.split_once('x') {
        Some((w, h)) => Some((w.trim().parse().ok()?, h.trim().parse().ok()?)),
        None => Some((t.parse().ok()?, 1)),
    }
}

fn parse_list(text: &str) -> Option<Vec<u64>> {
    text.split(',').map(|t| t.trim().parse().ok()).collect()
}

/// A request's options read against a game's declarations for one
/// question: every name known, every value of its kind. The accessors
/// then cannot fail.
#[derive(Clone, Debug)]
pub struct Params<'a> {
    values: BTreeMap<&'static str, Value>,
    defaults: BTreeMap<&'static str, Value>,
    req: &'a Request,
}

impl<'a> Params<'a> {
    /// Reads `req`'s options for `question` of the game `game`, declared by
    /// `specs`. An option the game declares for another question is
    /// accepted (a page sends the same options with every question) and
    /// checked; the defaults are `question`'s.
    pub fn read(game: &str, specs: &[OptionSpec], question: Question, req: &'a Request) -> Result<Self, RunError> {
        let mut values = BTreeMap::new();
        for (key, value) in &req.options {
            let mine = specs.iter().filter(|s| s.name == key);
            let Some(spec) = mine.clone().find(|s| s.reads(question)).or_else(|| mine.clone().next()) else {
                let mut known: Vec<String> = specs.iter().map(|s| s.name.to_string()).collect();
                known.dedup();
                return Err(RunError::UnknownOption {
                    game: game.to_string(),
                    option: key.clone(),
                    known,
                });
            };
            values.insert(spec.name, spec.take(value)?);
        }
        let defaults = specs
            .iter()
            .filter(|s| s.reads(question))
            .filter_map(|s| Some((s.name, s.default_value()?)))
            .collect();
        Ok(Params { values, defaults, req })
    }

    /// The request read.
    pub fn request(&self) -> &'a Request {
        self.req
    }

    /// The value given for `key`, else its default.
    pub fn value(&self, key: &str) -> Option<&Value> {
        self.values.get(key).or_else(|| self.defaults.get(key))
    }

    /// The text given for `key`, else its default.
    pub fn text(&self, key: &str) -> Option<&str> {
        match self.value(key) {
            Some(Value::Text(t)) => Some(t.trim()),
            _ => None,
        }
    }

    /// The text given for `key`, if any (no default).
    pub fn given(&self, key: &str) -> Option<&str> {
        match self.values.get(key) {
            Some(Value::Text(t)) => Some(t.trim()),
            _ => None,
        }
    }

    /// Whether `key` was given.
    pub fn has(&self, key: &str) -> bool {
        self.values.contains_key(key)
    }

    /// A yes/no option (absent, with no default: no).
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.value(key), Some(Value::Flag(true)))
    }

    /// A size option.
    pub fn size(&self, key: &str) -> Option<(usize, usize)> {
        match self.value(key) {
            Some(Value::Size(w, h)) => Some((*w, *h)),
            _ => None,
        }
    }

    /// A whole-number option (or a number of bytes).
    pub fn int(&self, key: &str) -> Option<u64> {
        match self.value(key) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }

    /// A list option.
    pub fn list(&self, key: &str) -> Option<Vec<u64>> {
        match self.value(key) {
            Some(Value::List(v)) => Some(v.clone()),
            _ => None,
        }
    }
}
