//! Puzzles as data: definitions read from text files.
//!
//! * [`blocks`]: pieces on a grid, in TOML (`kind = "blocks"`): sliding
//!   tiles, Klotski, Rush Hour, the knights exchange;
//! * [`blockpdb`]: the pattern databases a blocks file names (`[[prune]]`);
//! * [`tws`]: permutation puzzles in twsearch's `.tws` format (cubes);
//! * [`symmetry`]: the symmetries of a `.tws` puzzle, found from its moves;
//! * [`prune`]: pattern databases derived from a `.tws` definition;
//! * [`coord`]: move tables on coordinates, for projections too big to rank
//!   position by position;
//! * [`xorbfs`]: breadth-first distances of two-orientation projections, a
//!   block of positions at a time;
//! * [`near`]: the positions near the goal, hashed: a bound for a
//!   puzzle of any size;
//! * [`multiset`]: dense ranks of boards whose like pieces are
//!   interchangeable.
//!
//! A definition becomes a puzzle of the library ([`tansaku_core::Puzzle`],
//! [`tansaku_core::Ranked`] where its count fits, [`tansaku_core::Symmetric`]);
//! the `tansaku` crate's `games::definition` solves and analyses it through
//! the same searches as the built-in puzzles. Every mistake in a file is a
//! [`DefError`] naming the file, the line and the problem. The format is
//! documented in `docs/definitions.md`.

pub mod blockpdb;
pub mod blocks;
pub mod coord;
pub mod multiset;
pub mod near;
pub mod prune;
pub mod schreier;
pub mod symmetry;
pub mod symtable;
pub mod twobit;
pub mod tws;
pub mod xorbfs;

use std::fmt;

/// A position of a defined puzzle: `N` bytes (a code per cell, or a piece
/// and an orientation per slot), copied by value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cells<const N: usize>(pub [u8; N]);

impl<const N: usize> Cells<N> {
    /// The position with the piece `code` on cell `from` moved to the
    /// empty cell `to` (byte 0). Written as a select over every byte,
    /// which compiles to a few vector instructions and one 16-byte store:
    /// two bytes written singly (or two words) and then read as one
    /// 16-byte value stall the load, which cost the 8-puzzle's
    /// breadth-first search a third of its time.
    ///
    /// ```
    /// use tansaku_define::Cells;
    /// let s = Cells([5, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// assert_eq!(s.slid(2, 1, 7).0[..3], [5, 7, 0]);
    /// ```
    #[inline]
    pub fn slid(&self, from: usize, to: usize, code: u8) -> Self {
        if N == 16 {
            let mut out = [0u8; N];
            for (k, (o, &v)) in out.iter_mut().zip(&self.0).enumerate() {
                let keep = 0u8.wrapping_sub(u8::from(k != from));
                let put = 0u8.wrapping_sub(u8::from(k == to));
                *o = (v & keep) | (code & put);
            }
            return Cells(out);
        }
        let mut t = *self;
        t.0[to] = code;
        t.0[from] = 0;
        t
    }
}

/// A mistake in a definition: the file, the line (when known) and what is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DefError {
    /// The file as named by the user.
    pub file: String,
    /// The line, from 1.
    pub line: Option<usize>,
    /// What is wrong, and what to write instead.
    pub message: String,
}

impl fmt::Display for DefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// A definition's text and the name it is reported under.
#[derive(Clone, Debug)]
pub struct Src {
    /// The file name shown in errors.
    pub file: String,
    /// Its text.
    pub text: String,
}

impl Src {
    /// A definition text named `file` (its extension tells the format:
    /// `.tws` for twsearch, anything else TOML).
    pub fn new(file: &str, text: &str) -> Self {
        Src {
            file: file.to_string(),
            text: text.to_string(),
        }
    }

    /// Reads a definition file.
    pub fn read(path: &std::path::Path) -> Result<Self, DefError> {
        let text = std::fs::read_to_string(path).map_err(|e| DefError {
            file: path.display().to_string(),
            line: None,
            message: format!("cannot read the definition: {e}"),
        })?;
        Ok(Src {
            file: path.display().to_string(),
            text,
        })
    }

    /// The file name without folder and extension.
    pub fn stem(&self) -> String {
        std::path::Path::new(&self.file)
            .file_stem()
            .map_or_else(|| "puzzle".to_string(), |s| s.to_string_lossy().into_owned())
    }

    fn line_of(&self, byte: usize) -> usize {
        self.text[..byte.min(self.text.len())].matches('\n').count() + 1
    }

    /// The line of row `row` of a multi-line string value starting at byte
    /// `at` (a `"""` string skips the newline right after its quotes).
    fn line_of_row(&self, at: usize, row: usize) -> usize {
        let rest = &self.text[at.min(self.text.len())..];
        let first = self.line_of(at);
        let Some(body) = rest.strip_prefix("\"\"\"").or_else(|| rest.strip_prefix("\'\'\'")) else {
            // A one-line string: every row is on its line.
            return first;
        };
        // A multi-line string skips the newline right after its quotes;
        // blank rows are skipped by the reader, so count them back in.
        let (skip, body) = match body.strip_prefix('\n') {
            Some(b) => (1, b),
            None => (0, body),
        };
        let mut seen = 0;
        for (i, l) in body.lines().enumerate() {
            if l.trim().is_empty() {
                continue;
            }
            if seen == row {
                return first + skip + i;
            }
            seen += 1;
        }
        first + skip + row
    }

    fn error(&self, message: String) -> DefError {
        DefError {
            file: self.file.clone(),
            line: None,
            message,
        }
    }

    fn error_line(&self, line: usize, message: String) -> DefError {
        DefError {
            file: self.file.clone(),
            line: Some(line),
            message,
        }
    }

    fn error_at(&self, byte: Option<usize>, message: String) -> DefError {
        DefError {
            file: self.file.clone(),
            line: byte.map(|b| self.line_of(b)),
            message,
        }
    }

    fn toml_error(&self, e: &toml::de::Error) -> DefError {
        DefError {
            file: self.file.clone(),
            line: e.span().map(|s| self.line_of(s.start)),
            message: e.message().trim().to_string(),
        }
    }
}

/// Figures a definition expects, checked by `tansaku check`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    /// The metric they hold for (`None`: the file's own).
    pub metric: Option<String>,
    /// The start's shortest solution length.
    pub length: Option<u32>,
    /// Positions that can reach the goal.
    pub states: Option<u64>,
    /// The longest distance to the goal (God's number).
    pub longest: Option<u32>,
    /// Positions at that distance.
    pub count: Option<u64>,
    /// Longest positions up to symmetry.
    pub count_up_to_symmetry: Option<u64>,
    /// The start, for a `.tws` puzzle: a scramble.
    pub start: Option<String>,
    /// The positions at each distance, from 0 (a published table).
    pub histogram: Option<Vec<u64>>,
}

impl Expect {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let num = |v: &str| {
            v.replace('_', "")
                .parse::<u64>()
                .map_err(|_| format!("{key} = {v}: write a whole number"))
        };
        match key {
            "length" => self.length = Some(num(value)? as u32),
            "states" => self.states = Some(num(value)?),
            "longest" => self.longest = Some(num(value)? as u32),
            "count" => self.count = Some(num(value)?),
            "count_up_to_symmetry" => self.count_up_to_symmetry = Some(num(value)?),
            "start" => self.start = Some(value.to_string()),
            "histogram" => {
                self.histogram = Some(
                    value
                        .split(',')
                        .map(|x| num(x.trim()))
                        .collect::<Result<_, _>>()
                        .map_err(|_| {
                            format!("histogram = {value}: write the counts from distance 0, comma-separated")
                        })?,
                )
            }
            other => {
                return Err(format!(
                    "'{other}' is not an expected figure: use length, states, longest, count, count_up_to_symmetry, histogram or start"
                ));
            }
        }
        Ok(())
    }
}

/// The `[expect]` table of a TOML definition: figures for the file's
/// metric, and sub-tables `[expect.METRIC]` for others.
fn parse_expect(
    src: &Src,
    v: &toml::Spanned<toml::Value>,
    metrics: &[&str],
    own: &str,
) -> Result<Vec<Expect>, DefError> {
    let at = Some(v.span().start);
    let toml::Value::Table(t) = v.get_ref() else {
        return Err(src.error_at(at, "expect: write a table, e.g. [expect] length = 81".into()));
    };
    let mut top = Expect {
        metric: Some(own.to_string()),
        ..Expect::default()
    };
    let mut out = Vec::new();
    let value_text = |x: &toml::Value| match x {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Integer(i) if *i >= 0 => Some(i.to_string()),
        // A histogram: counts from distance 0.
        toml::Value::Array(a) => a
            .iter()
            .map(|y| y.as_integer().filter(|&i| i >= 0).map(|i| i.to_string()))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.join(",")),
        _ => None,
    };
    for (k, x) in t {
        if let toml::Value::Table(sub) = x {
            if !metrics.contains(&k.as_str()) {
                return Err(src.error_at(
                    at,
                    format!("expect.{k}: '{k}' is not a metric ({})", metrics.join(", ")),
                ));
            }
            let mut e = Expect {
                metric: Some(k.clone()),
                ..Expect::default()
            };
            for (kk, xx) in sub {
                let text =
                    value_text(xx).ok_or_else(|| src.error_at(at, format!("expect.{k}.{kk}: write a number")))?;
                e.set(kk, &text).map_err(|m| src.error_at(at, m))?;
            }
            out.push(e);
        } else {
            let text = value_text(x).ok_or_else(|| src.error_at(at, format!("expect.{k}: write a number")))?;
            top.set(k, &text).map_err(|m| src.error_at(at, m))?;
        }
    }
    if top
        != (Expect {
            metric: Some(own.to_string()),
            ..Expect::default()
        })
    {
        out.insert(0, top);
    }
    Ok(out)
}

/// A puzzle read from a definition.
#[derive(Clone, Debug)]
pub enum Definition {
    /// Pieces on a grid.
    Blocks(Box<blocks::Blocks>),
    /// A permutation puzzle.
    Tws(Box<tws::Tws>),
}

impl Definition {
    /// Parses a definition; `.tws` files are twsearch's format, others
    /// TOML. `metric` overrides the file's own (`step`/`piece` for blocks,
    /// `htm`/`qtm` for `.tws`).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB.\"\ngoal = \"BA.\"\n";
    /// let d = Definition::parse(&Src::new("swap.toml", text), None).unwrap();
    /// assert_eq!(d.name(), "swap");
    /// let bad = Definition::parse(&Src::new("bad.toml", "name = \"x\"\nkind = \"blocks\"\nstart = \"A.A\"\ngoal = \"A.A\"\n"), None);
    /// assert!(bad.unwrap_err().to_string().starts_with("bad.toml:3: piece 'A' covers cells that do not touch"));
    /// ```
    pub fn parse(src: &Src, metric: Option<&str>) -> Result<Definition, DefError> {
        if src.file.ends_with(".tws") {
            return Ok(Definition::Tws(Box::new(tws::Tws::parse(src, metric)?)));
        }
        #[derive(serde::Deserialize)]
        struct Head {
            kind: Option<toml::Spanned<String>>,
        }
        let head: Head = toml::from_str(&src.text).map_err(|e| src.toml_error(&e))?;
        match head.kind.as_ref().map(|k| k.get_ref().as_str()) {
            Some("blocks") => Ok(Definition::Blocks(Box::new(blocks::Blocks::parse(src, metric)?))),
            Some(other) => Err(src.error_at(
                head.kind.as_ref().map(|k| k.span().start),
                format!("kind = \"{other}\" is not known: use kind = \"blocks\" (permutation puzzles are .tws files)"),
            )),
            None => Err(src.error("missing kind = \"blocks\"".into())),
        }
    }

    /// Reads and parses a definition file.
    pub fn load(path: &std::path::Path, metric: Option<&str>) -> Result<Definition, DefError> {
        Definition::parse(&Src::read(path)?, metric)
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        match self {
            Definition::Blocks(b) => &b.name,
            Definition::Tws(t) => &t.name,
        }
    }

    /// A hash of the file's text.
    pub fn fingerprint(&self) -> u64 {
        match self {
            Definition::Blocks(b) => b.fingerprint,
            Definition::Tws(t) => t.fingerprint,
        }
    }

    /// The metric in use.
    pub fn metric(&self) -> &'static str {
        match self {
            Definition::Blocks(b) => b.metric.name(),
            Definition::Tws(t) => t.metric.name(),
        }
    }

    /// The metrics this kind of puzzle has.
    pub fn metrics(&self) -> &'static [&'static str] {
        match self {
            Definition::Blocks(_) => &["step", "piece"],
            Definition::Tws(_) => &["htm", "qtm"],
        }
    }

    /// The figures the file expects.
    pub fn expect(&self) -> &[Expect] {
        match self {
            Definition::Blocks(b) => &b.expect,
            Definition::Tws(t) => &t.expect,
        }
    }
}
