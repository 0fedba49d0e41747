//! The published figures tansaku reproduces (`data/published.toml`, built
//! into the library), run through the games of the [`crate::games`] catalogue:
//! each figure beside tansaku's. `tansaku tour` prints them; the tests assert them.
//!
//! ```
//! let figures = tansaku::published::Figures::load().unwrap();
//! assert!(figures.solve.iter().any(|e| e.puzzle == "flip-row"));
//! ```

use crate::{Game, Request, RunError, SolveAnswer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tansaku_core::context::Context;
use tansaku_core::search::auto::Algorithm;

/// The file, as shipped in `data/published.toml`.
pub const TEXT: &str = include_str!("../../../data/published.toml");

/// Every published figure.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Source keys and their citations.
    pub sources: BTreeMap<String, String>,
    /// Solved instances.
    #[serde(default)]
    pub solve: Vec<SolveFigure>,
    /// Whole-space analyses.
    #[serde(default)]
    pub longest: Vec<LongestFigure>,
    /// Reversi's perft counts.
    pub perft: Option<PerftFigure>,
}

/// A start and its published shortest length.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveFigure {
    /// The game ([`crate::games`]).
    pub puzzle: String,
    /// How the instance is shown.
    pub instance: String,
    /// The game's options.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Algorithms to run: `bfs`, `idastar corner` (with bound = corner), `auto`.
    pub algorithms: Vec<String>,
    /// The shortest length.
    pub length: Option<u32>,
    /// States the algorithm generates, where published.
    pub generated: Option<u64>,
    /// Further figures of the outcome (`physical`, `games`, ...).
    #[serde(default)]
    pub extra: BTreeMap<String, u64>,
    /// The source key.
    pub source: String,
}

/// A whole-space analysis and its published figures.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LongestFigure {
    /// The game.
    pub puzzle: String,
    /// How the instance is shown.
    pub instance: String,
    /// The game's options.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Positions that reach the goal.
    pub states: Option<u64>,
    /// The longest distance.
    pub longest: u32,
    /// Positions at that distance.
    pub count: Option<u64>,
    /// The same, up to symmetry.
    pub count_up_to_symmetry: Option<u64>,
    /// Every longest position.
    pub positions: Option<Vec<String>>,
    /// The source key.
    pub source: String,
}

/// Reversi perft counts, depth 1 up.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftFigure {
    /// Leaves at depth 1, 2, ...
    pub leaves: Vec<u64>,
    /// The source key.
    pub source: String,
}

/// One figure checked: what was published beside what tansaku found.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The game.
    pub puzzle: String,
    /// The instance.
    pub instance: String,
    /// The algorithm as reported.
    pub algorithm: String,
    /// The length or the longest distance found.
    pub moves: Option<u32>,
    /// States generated.
    pub generated: u64,
    /// Seconds.
    pub seconds: f64,
    /// The published figures, as text.
    pub published: String,
    /// What tansaku found beyond the moves, as text.
    pub got: String,
    /// Everything agrees (and every solution replays to a goal).
    pub ok: bool,
    /// The citation.
    pub source: String,
}

impl Figures {
    /// Reads the shipped file.
    pub fn load() -> Result<Self, String> {
        toml::from_str(TEXT).map_err(|e| format!("data/published.toml: {e}"))
    }

    /// Runs every figure, in file order (solves, analyses, perft), with
    /// the games `games` finds by name ([`crate::games::builtin`]).
    ///
    /// ```
    /// let figures = tansaku::published::Figures::load().unwrap();
    /// let only = tansaku::published::Figures { longest: Vec::new(), perft: None, solve: figures.solve[..1].to_vec(), ..figures };
    /// let rows = only.check(tansaku::games::builtin, &tansaku::Context::new());
    /// assert!(rows.iter().all(|r| r.ok));
    /// ```
    pub fn check(&self, games: impl Fn(&str) -> Option<Box<dyn Game>>, ctx: &Context) -> Vec<Row> {
        let mut rows = Vec::new();
        for f in &self.solve {
            rows.extend(self.check_solve(f, &games, ctx));
        }
        for f in &self.longest {
            rows.push(self.check_longest(f, &games, ctx));
        }
        if let Some(p) = &self.perft {
            rows.push(self.check_perft(p));
        }
        rows
    }

    fn cite(&self, key: &str) -> String {
        self.sources.get(key).cloned().unwrap_or_else(|| key.to_string())
    }

    /// The rows of one solve figure, one per algorithm.
    pub fn check_solve(
        &self,
        f: &SolveFigure,
        games: &impl Fn(&str) -> Option<Box<dyn Game>>,
        ctx: &Context,
    ) -> Vec<Row> {
        let mut rows = Vec::new();
        let mut published = f.length.map_or_else(String::new, |l| l.to_string());
        if let Some(g) = f.generated {
            published.push_str(&format!(" ({g} generated)"));
        }
        for (k, v) in &f.extra {
            published.push_str(&format!(" {k} {v}"));
        }
        let published = published.trim().to_string();
        for algo in &f.algorithms {
            let mut req = request_of(&f.options);
            let mut words = algo.split_whitespace();
            req.algorithm = match words.next() {
                Some("auto") | None => None,
                Some(name) => Algorithm::from_name(name),
            };
            if let Some(bound) = words.next() {
                req = req.with("bound", bound);
            }
            let outcome = games(&f.puzzle)
                .ok_or_else(|| RunError::BadInput(format!("no game '{}'", f.puzzle)))
                .and_then(|g| g.solve(&req, ctx))
                .and_then(|answer| match answer {
                    SolveAnswer::Solved(s) => Ok(s),
                    SolveAnswer::NoSolution(n) => Err(RunError::Unreachable(n.reason)),
                });
            let row = match outcome {
                Ok(out) => {
                    let extra_ok = f.extra.iter().all(|(k, v)| out.extra.get(k) == Some(v));
                    let got: Vec<String> = out.extra.iter().map(|(k, v)| format!("{k} {v}")).collect();
                    Row {
                        puzzle: f.puzzle.clone(),
                        instance: f.instance.clone(),
                        algorithm: out.algorithm.clone(),
                        moves: Some(out.len() as u32),
                        generated: out.stats.generated,
                        seconds: out.stats.seconds,
                        published: published.clone(),
                        got: if f.extra.is_empty() {
                            String::new()
                        } else {
                            got.join(" ")
                        },
                        ok: out.replayed
                            && f.length.is_none_or(|l| l as usize == out.len())
                            && f.generated.is_none_or(|g| g == out.stats.generated)
                            && extra_ok,
                        source: self.cite(&f.source),
                    }
                }
                Err(e) => Row {
                    puzzle: f.puzzle.clone(),
                    instance: f.instance.clone(),
                    algorithm: algo.clone(),
                    moves: None,
                    generated: 0,
                    seconds: 0.0,
                    published: published.clone(),
                    got: e.to_string(),
                    ok: false,
                    source: self.cite(&f.source),
                },
            };
            rows.push(row);
        }
        rows
    }

    /// The row of one analysis figure.
    pub fn check_longest(
        &self,
        f: &LongestFigure,
        games: &impl Fn(&str) -> Option<Box<dyn Game>>,
        ctx: &Context,
    ) -> Row {
        let req = request_of(&f.options);
        let mut published = format!("{}", f.longest);
        if let Some(c) = f.count {
            published.push_str(&format!(": {c}"));
        }
        if let Some(o) = f.count_up_to_symmetry {
            published.push_str(&format!(" ({o})"));
        }
        if let Some(p) = &f.positions {
            published.push_str(&format!(" {}", p.join(" ")));
        }
        let outcome = games(&f.puzzle)
            .ok_or_else(|| RunError::BadInput(format!("no game '{}'", f.puzzle)))
            .and_then(|g| g.analyse(&req, ctx));
        match outcome {
            Ok(a) => {
                let mut positions = a.positions.clone();
                positions.sort();
                let mut want = f.positions.clone();
                if let Some(w) = want.as_mut() {
                    w.sort();
                }
                let got = match a.count_up_to_symmetry {
                    Some(o) => format!("{} ({o})", a.count),
                    None => a.count.to_string(),
                };
                Row {
                    puzzle: f.puzzle.clone(),
                    instance: f.instance.clone(),
                    algorithm: "retrograde".into(),
                    moves: Some(a.longest),
                    generated: a.states,
                    seconds: a.stats.seconds,
                    published,
                    got,
                    ok: a.longest == f.longest
                        && f.states.is_none_or(|s| s == a.states)
                        && f.count.is_none_or(|c| c == a.count)
                        && f.count_up_to_symmetry.is_none_or(|o| Some(o) == a.count_up_to_symmetry)
                        && want.is_none_or(|w| w == positions),
                    source: self.cite(&f.source),
                }
            }
            Err(e) => Row {
                puzzle: f.puzzle.clone(),
                instance: f.instance.clone(),
                algorithm: "retrograde".into(),
                moves: None,
                generated: 0,
                seconds: 0.0,
                published,
                got: e.to_string(),
                ok: false,
                source: self.cite(&f.source),
            },
        }
    }

    /// The row of the perft table.
    pub fn check_perft(&self, p: &PerftFigure) -> Row {
        let start = tansaku_puzzles::reversi::Position::start();
        let timer = web_time::Instant::now();
        let got: Vec<u64> = (1..=p.leaves.len() as u32)
            .map(|d| tansaku_puzzles::reversi::perft(&start, d))
            .collect();
        Row {
            puzzle: "reversi perft".into(),
            instance: format!("depths 1-{}", p.leaves.len()),
            algorithm: "perft".into(),
            moves: None,
            generated: got.iter().sum(),
            seconds: timer.elapsed().as_secs_f64(),
            published: "published table".into(),
            got: got.last().map_or_else(String::new, u64::to_string),
            ok: got == p.leaves,
            source: self.cite(&p.source),
        }
    }
}

/// The request of a figure's options (text, read by each option's kind).
fn request_of(options: &BTreeMap<String, String>) -> Request {
    options
        .iter()
        .fold(Request::default(), |r, (k, v)| r.with(k, v.as_str()))
}
