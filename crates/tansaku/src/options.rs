//! A game's options: each declared with its name, its type, its default
//! and one line of help ([`OptionSpec`]), and every request read against
//! them ([`Params`]): an unknown name or a malformed value is refused with
//! a typed error before anything runs.
//!
//! ```
//! use tansaku::options::{Kind, OptionSpec, Params};
//! use tansaku::Request;
//! let specs = [
//!     OptionSpec::new("adjacent", Kind::Flag, None, "a disc next to the empty cell may slide"),
//!     OptionSpec::new("size", Kind::Size, Some("4x4"), "WxH"),
//! ];
//! let req = Request::default().with("adjacent", "off");
//! let o = Params::read("flip-square", &specs, &req).unwrap();
//! assert!(!o.flag("adjacent"));
//! assert_eq!(o.size("size"), Some((4, 4)));
//! let bad = Request::default().with("adjacnet", "yes");
//! assert!(Params::read("flip-square", &specs, &bad).is_err());
//! ```

use crate::{Request, RunError};
use serde::Serialize;

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
    },
    /// A position, written as the game writes its boards.
    Board,
    /// Any text the game reads itself.
    Text,
}

impl Kind {
    /// What a value of this kind looks like, for messages.
    fn expected(&self) -> String {
        match self {
            Kind::Flag => "yes or no (true/false, yes/no, on/off, 1/0)".into(),
            Kind::Int { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Size => "a board size WxH, e.g. 4x4".into(),
            Kind::List => "whole numbers separated by commas, e.g. 8,5".into(),
            Kind::Choice { values } => format!("one of {}", values.join(", ")),
            Kind::Board | Kind::Text => "text".into(),
        }
    }
}

/// One option of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// Its name (`board`, `size`, `diagonal`, ...).
    pub name: &'static str,
    /// The values it takes.
    #[serde(flatten)]
    pub kind: Kind,
    /// The value used when it is not given, when there is one value
    /// (`None`: the help says what happens).
    pub default: Option<String>,
    /// One line of help.
    pub help: &'static str,
}

impl OptionSpec {
    /// An option named `name` of kind `kind`.
    pub fn new(name: &'static str, kind: Kind, default: Option<&str>, help: &'static str) -> Self {
        OptionSpec {
            name,
            kind,
            default: default.map(str::to_string),
            help,
        }
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

/// A request's options read against a game's declarations: every name
/// known, every value of its kind. The accessors then cannot fail.
#[derive(Clone, Debug)]
pub struct Params<'a> {
    specs: Vec<OptionSpec>,
    req: &'a Request,
}

impl<'a> Params<'a> {
    /// Reads `req`'s options for the game `game`, declared by `specs`.
    pub fn read(game: &str, specs: &[OptionSpec], req: &'a Request) -> Result<Self, RunError> {
        for (key, value) in &req.options {
            let Some(spec) = specs.iter().find(|s| s.name == key) else {
                return Err(RunError::UnknownOption {
                    game: game.to_string(),
                    option: key.clone(),
                    known: specs.iter().map(|s| s.name.to_string()).collect(),
                });
            };
            let ok = match spec.kind {
                Kind::Flag => parse_flag(value).is_some(),
                Kind::Int { min, max } => value.trim().parse::<u64>().is_ok_and(|v| (min..=max).contains(&v)),
                Kind::Size => parse_size(value).is_some(),
                Kind::List => parse_list(value).is_some(),
                Kind::Choice { values } => values.contains(&value.trim()),
                Kind::Board | Kind::Text => true,
            };
            if !ok {
                return Err(RunError::BadOption {
                    option: key.clone(),
                    value: value.clone(),
                    expected: spec.kind.expected(),
                });
            }
        }
        Ok(Params {
            specs: specs.to_vec(),
            req,
        })
    }

    /// The request read.
    pub fn request(&self) -> &'a Request {
        self.req
    }

    /// The value given for `key`, else its default.
    pub fn text(&self, key: &str) -> Option<&str> {
        self.given(key).or_else(|| {
            self.specs
                .iter()
                .find(|s| s.name == key)
                .and_then(|s| s.default.as_deref())
        })
    }

    /// The value given for `key`, if any (no default).
    pub fn given(&self, key: &str) -> Option<&'a str> {
        self.req.options.get(key).map(|v| v.trim())
    }

    /// A yes/no option (absent, with no default: no).
    pub fn flag(&self, key: &str) -> bool {
        self.text(key).and_then(parse_flag).unwrap_or(false)
    }

    /// A size option.
    pub fn size(&self, key: &str) -> Option<(usize, usize)> {
        self.text(key).and_then(parse_size)
    }

    /// A whole-number option.
    pub fn int(&self, key: &str) -> Option<u64> {
        self.text(key).and_then(|t| t.trim().parse().ok())
    }

    /// A list option.
    pub fn list(&self, key: &str) -> Option<Vec<u64>> {
        self.text(key).and_then(parse_list)
    }
}
