//! Water jugs: jugs of given capacities, unlimited water; a move
//! fills a jug, empties it, or pours one jug into another until the first
//! is empty or the second full. Goal: some jug holds the target amount.
//! The article's instance: 8 L and 5 L, target 4 L, 10 moves.
//!
//! Emptying cannot be undone by one move, so the moves are not reversible:
//! breadth-first search and (plain) iterative deepening apply, the
//! bidirectional and retrograde searches do not.

use serde::Serialize;
use std::fmt;
use tansaku_core::Puzzle;
use tansaku_core::render::Board;

/// Most jugs.
pub const MAX_JUGS: usize = 8;
/// Largest capacity.
pub const MAX_CAPACITY: u32 = 1_000_000;

/// The amount in every jug (only the first `jugs` entries are used).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JugState(pub [u32; MAX_JUGS]);

/// A move; jugs are numbered from 1 in the order of the capacities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JugMove {
    /// Fill jug `n` from the tap.
    Fill(u8),
    /// Empty jug `n`.
    Empty(u8),
    /// Pour jug `from` into jug `to`.
    Pour(u8, u8),
}

impl fmt::Display for JugMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JugMove::Fill(j) => write!(f, "fill{j}"),
            JugMove::Empty(j) => write!(f, "empty{j}"),
            JugMove::Pour(a, b) => write!(f, "pour{a}>{b}"),
        }
    }
}

/// A bad instance, with what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct JugError(String);

/// The puzzle: capacities and target.
#[derive(Clone, Debug)]
pub struct Jugs {
    capacities: Vec<u32>,
    target: u32,
}

impl Jugs {
    /// A puzzle; fails on no jugs, more than [`MAX_JUGS`], a capacity of 0
    /// or above [`MAX_CAPACITY`].
    ///
    /// ```
    /// use tansaku_puzzles::jugs::Jugs;
    /// use tansaku_core::search::bfs;
    /// let (p, start) = Jugs::new(&[8, 5], 4).unwrap();
    /// assert_eq!(bfs(&p, &start, &tansaku_core::Context::new()).unwrap().len(), 10);
    /// assert!(Jugs::new(&[8, 0], 4).is_err());
    /// ```
    pub fn new(capacities: &[u32], target: u32) -> Result<(Self, JugState), JugError> {
        if capacities.is_empty() || capacities.len() > MAX_JUGS {
            return Err(JugError(format!(
                "give 1 to {MAX_JUGS} jug capacities, e.g. 8,5 (got {})",
                capacities.len()
            )));
        }
        if let Some(c) = capacities.iter().find(|&&c| c == 0 || c > MAX_CAPACITY) {
            return Err(JugError(format!(
                "a jug of {c} L: capacities must be 1 to {MAX_CAPACITY}"
            )));
        }
        let p = Jugs {
            capacities: capacities.to_vec(),
            target,
        };
        Ok((p, JugState([0; MAX_JUGS])))
    }

    /// The capacities.
    pub fn capacities(&self) -> &[u32] {
        &self.capacities
    }

    /// Why the target can never be measured, when that is clear without a
    /// search: it exceeds every jug, or it is not a multiple of the greatest
    /// common divisor of the capacities (every amount ever held is one).
    ///
    /// ```
    /// use tansaku_puzzles::jugs::Jugs;
    /// assert!(Jugs::new(&[6, 4], 3).unwrap().0.unsolvable_reason().is_some());
    /// assert!(Jugs::new(&[8, 5], 4).unwrap().0.unsolvable_reason().is_none());
    /// ```
    pub fn unsolvable_reason(&self) -> Option<String> {
        let largest = *self.capacities.iter().max().expect("at least one jug");
        if self.target > largest {
            return Some(format!(
                "no jug holds {} L (the largest holds {largest} L)",
                self.target
            ));
        }
        let g = self.capacities.iter().fold(0, |g, &c| gcd(g, c));
        if !self.target.is_multiple_of(g) {
            return Some(format!(
                "every amount a jug can hold is a multiple of {g} L, and {} L is not",
                self.target
            ));
        }
        None
    }

    /// Reads a state written as [`Jugs::format`] writes it, `(a,b,...)`
    /// (the parentheses optional): one amount a jug, each at most its
    /// capacity.
    ///
    /// ```
    /// use tansaku_puzzles::jugs::Jugs;
    /// let (p, _) = Jugs::new(&[8, 5], 4).unwrap();
    /// let s = p.parse("(3,5)").unwrap();
    /// assert_eq!(p.format(&s), "(3,5)");
    /// assert!(p.parse("3,6").is_err());
    /// assert!(p.parse("3").is_err());
    /// ```
    pub fn parse(&self, text: &str) -> Result<JugState, JugError> {
        let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        if parts.len() != self.capacities.len() {
            return Err(JugError(format!(
                "'{text}': write one amount for each of the {} jugs, e.g. {}",
                self.capacities.len(),
                self.format(&JugState([0; MAX_JUGS]))
            )));
        }
        let mut s = JugState([0; MAX_JUGS]);
        for (i, (part, &cap)) in parts.iter().zip(&self.capacities).enumerate() {
            let amount: u32 = part
                .parse()
                .map_err(|_| JugError(format!("'{part}' is not an amount in litres (jug {i})")))?;
            if amount > cap {
                return Err(JugError(format!("jug {i} holds at most {cap} L, not {amount}")));
            }
            s.0[i] = amount;
        }
        Ok(s)
    }

    /// Writes a state as `(a,b,...)`.
    pub fn format(&self, s: &JugState) -> String {
        let parts: Vec<String> = s.0[..self.capacities.len()].iter().map(u32::to_string).collect();
        format!("({})", parts.join(","))
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Puzzle for Jugs {
    type State = JugState;
    type Move = JugMove;

    fn for_each_successor(&self, s: &JugState, mut f: impl FnMut(JugMove, JugState)) {
        let n = self.capacities.len();
        for j in 0..n {
            if s.0[j] < self.capacities[j] {
                let mut t = *s;
                t.0[j] = self.capacities[j];
                f(JugMove::Fill(j as u8 + 1), t);
            }
        }
        for j in 0..n {
            if s.0[j] > 0 {
                let mut t = *s;
                t.0[j] = 0;
                f(JugMove::Empty(j as u8 + 1), t);
            }
        }
        for a in 0..n {
            for b in 0..n {
                let amount = s.0[a].min(self.capacities[b] - s.0[b]);
                if a != b && amount > 0 {
                    let mut t = *s;
                    t.0[a] -= amount;
                    t.0[b] += amount;
                    f(JugMove::Pour(a as u8 + 1, b as u8 + 1), t);
                }
            }
        }
    }

    fn apply(&self, s: &JugState, m: JugMove) -> Option<JugState> {
        let mut found = None;
        self.for_each_successor(s, |n, t| {
            if n == m {
                found = Some(t);
            }
        });
        found
    }

    fn is_goal(&self, s: &JugState) -> bool {
        s.0[..self.capacities.len()].contains(&self.target)
    }

    fn reversible(&self) -> bool {
        false
    }
}

impl Board for Jugs {
    type State = JugState;

    fn picture(&self, s: &JugState) -> Vec<String> {
        vec![self.format(s)]
    }

    fn notation(&self, s: &JugState) -> String {
        self.format(s)
    }
}

impl tansaku_core::picture::Picture for Jugs {
    type State = JugState;

    /// One row per jug, one cell per litre of its capacity, water filled
    /// from the left. Jugs of more than 60 litres are drawn to scale in 60
    /// cells.
    fn grid(&self, s: &JugState) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let big = *self.capacities.iter().max().unwrap_or(&1);
        let width = big.min(60) as usize;
        let cells_of = |litres: u32| (litres as u64 * width as u64).div_ceil(big as u64) as usize;
        let mut cells = Vec::new();
        for (j, &cap) in self.capacities.iter().enumerate() {
            let (water, room) = (cells_of(s.0[j]), cells_of(cap));
            cells.extend((0..width).map(|c| {
                if c < water {
                    Glyph::Water
                } else if c < room {
                    Glyph::Empty
                } else {
                    Glyph::Void
                }
            }));
        }
        tansaku_core::picture::Grid {
            width,
            height: self.capacities.len(),
            cells,
        }
    }
}
