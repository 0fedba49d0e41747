//! Permutation puzzles read from twsearch's `.tws` (ksolve) format: cubes,
//! Pyraminx, Skewb.
//!
//! ```text
//! Set CORNERS 7 3          # a set of 7 pieces with 3 orientations each
//! Solved
//! CORNERS
//! 1 2 3 4 5 6 7            # repeated numbers: identical pieces
//! 0 0 0 0 0 0 0            # (optional) orientations
//! End
//! Move R
//! CORNERS
//! 2 5 1 4 3 6 7            # slot i receives the piece of slot p[i]
//! 1 2 2 0 1 0 0            # and adds this to its orientation (mod 3)
//! End
//! ```
//!
//! Every move's powers are added as twsearch does (`R`, `R2`, `R'`);
//! the half-turn metric counts each as one move, the quarter-turn metric
//! keeps only `R` and `R'`. Lines `# tansaku-expect METRIC key=value ...`
//! hold the figures that `tansaku check` verifies.
//!
//! A position stores, set after set, the piece class on each slot and its
//! orientation. Ranks are a multiset rank of the classes times the
//! orientations, less the last one when every move keeps their sum.

use super::multiset::Multiset;
use super::{Cells, DefError, Expect, Src};
use serde::Serialize;
use std::fmt;
use tansaku_core::puzzle::{Puzzle, Ranked, Symmetric};

/// Largest position, in bytes (two per piece).
pub const MAX_BYTES: usize = 64;

/// A set of pieces: `count` slots, each piece with `orientations` states.
#[derive(Clone, Debug)]
pub struct PieceSet {
    /// The set's name.
    pub name: String,
    /// Slots (pieces).
    pub count: usize,
    /// Orientations of each piece.
    pub orientations: u8,
    /// Offset of the set's bytes in a position.
    pub(super) offset: usize,
    /// Arrangements of the piece classes.
    pub(super) classes: Multiset,
    /// Every move keeps the orientation sum (mod `orientations`): the last
    /// piece's orientation follows from the others'.
    pub(super) sum_kept: bool,
    /// The solved orientations' sum.
    solved_sum: u32,
    /// Classes whose orientation is ignored (bit per class): a projection
    /// that keeps where such pieces are but not how they turn.
    pub(super) blind: u64,
    /// Pieces whose orientation counts (those of classes not blind).
    seen: usize,
    /// The orientations of a rank are those of the classes `0..seen` in
    /// class order (each class one piece), not of the slots in slot order:
    /// a projection keeping some pieces with their twists, whose moves then
    /// change where the pieces are and add a twist to each, separately
    /// ([`super::coord`]).
    pub(super) piece_order: bool,
    /// The numbers the Solved block gives the classes (class `c` is
    /// `labels[c]`), as positions are written and read.
    labels: Vec<usize>,
}

impl PieceSet {
    /// Orientation digits of a rank: one per piece whose orientation
    /// counts, less the last when every move keeps the sum.
    #[inline]
    pub(super) fn digits(&self) -> usize {
        if self.orientations == 1 {
            0
        } else if self.blind == 0 {
            self.count - usize::from(self.sum_kept)
        } else {
            self.seen
        }
    }
}

/// A move (a power of a move of the file), by index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub struct TwsMove {
    index: u16,
    name: [u8; 14],
}

impl TwsMove {
    fn new(index: usize, name: &str) -> Self {
        let mut n = [0u8; 14];
        let b = name.as_bytes();
        n[..b.len().min(14)].copy_from_slice(&b[..b.len().min(14)]);
        TwsMove {
            index: index as u16,
            name: n,
        }
    }

    /// The move's number among the puzzle's moves and their powers.
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// The move's name (`R`, `R2`, `R'`).
    pub fn name(&self) -> &str {
        let end = self.name.iter().position(|&b| b == 0).unwrap_or(14);
        std::str::from_utf8(&self.name[..end]).unwrap_or("?")
    }
}

impl fmt::Display for TwsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for TwsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<TwsMove> for String {
    fn from(m: TwsMove) -> String {
        m.name().to_string()
    }
}

/// A move as a map of positions: slot `i` receives the piece of slot
/// `from[i]` and adds `twist[i]` to its orientation.
#[derive(Clone, Debug)]
pub(super) struct Action {
    pub(super) name: String,
    pub(super) from: Vec<u8>,
    pub(super) twist: Vec<u8>,
    /// 1 for a quarter move (`R`, `R'`), the power otherwise.
    quarter: bool,
    /// The move of the file it is a power of, and which power.
    pub(super) base: u16,
    pub(super) power: u16,
}

/// The metric of a permutation puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwsMetric {
    /// Every power of a move is one move.
    Htm,
    /// Only a move and its inverse are one move.
    Qtm,
}

impl TwsMetric {
    /// The name used in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            TwsMetric::Htm => "htm",
            TwsMetric::Qtm => "qtm",
        }
    }
}

/// A permutation puzzle read from a `.tws` file.
#[derive(Clone, Debug)]
pub struct Tws {
    /// A hash of the file's text: what a checkpoint of its analysis is
    /// checked against.
    pub fingerprint: u64,
    /// The puzzle's name (`Name` line, else the file's stem).
    pub name: String,
    /// The sets of pieces.
    pub sets: Vec<PieceSet>,
    /// Bytes of a position.
    bytes: usize,
    /// The solved position (the first Solved block).
    pub solved: Vec<u8>,
    /// Every solved position: `solved`, then those of further Solved
    /// blocks (twsearch #116), none twice.
    pub goals: Vec<Vec<u8>>,
    /// Every power of every move.
    pub(super) actions: Vec<Action>,
    /// The moves of the metric (indices into `actions`).
    pub(super) metric_moves: Vec<usize>,
    /// The metric.
    pub metric: TwsMetric,
    /// Figures the file expects.
    pub expect: Vec<Expect>,
    /// Projections the file names for its pattern databases
    /// (`# tansaku-prune` lines), each a part per set.
    pub prune: Vec<Vec<SetPart>>,
    /// Canonical sequences: after action `i` (a move of the metric), the
    /// actions a shortest sequence may take next.
    next: Vec<Vec<u16>>,
    /// The symmetries, found on first use ([`Tws::symmetries`]).
    pub(super) symmetries: std::sync::OnceLock<Vec<super::symmetry::TwsSymmetry>>,
}

impl Tws {
    /// Parses a `.tws` file.
    pub(crate) fn parse(src: &Src, metric: Option<&str>) -> Result<Tws, DefError> {
        let metric = match metric.unwrap_or("htm") {
            "htm" => TwsMetric::Htm,
            "qtm" => TwsMetric::Qtm,
            other => {
                return Err(src.error(format!(
                    "metric '{other}' is not known for a .tws puzzle: use htm (every turn is one move) or qtm (quarter turns)"
                )));
            }
        };
        let lines: Vec<(usize, Vec<&str>)> = src
            .text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                (
                    i + 1,
                    l.split('#').next().unwrap_or("").split_whitespace().collect::<Vec<_>>(),
                )
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        let mut name = src.stem();
        let mut sets: Vec<PieceSet> = Vec::new();
        let mut solved: Option<Vec<u8>> = None;
        let mut goals: Vec<Vec<u8>> = Vec::new();
        let mut solved_counts: Vec<Vec<u32>> = Vec::new();
        let mut base: Vec<(String, Vec<u8>, Vec<u8>)> = Vec::new();
        let mut i = 0;
        let mut offset = 0;
        while i < lines.len() {
            let (ln, w) = &lines[i];
            match w[0] {
                "Name" => {
                    name = w.get(1).map_or(name, |s| s.to_string());
                    i += 1;
                }
                "Set" => {
                    if solved.is_some() || !base.is_empty() {
                        return Err(src.error_line(*ln, "Set lines come before Solved and Move blocks".into()));
                    }
                    let parse = |k: usize| w.get(k).and_then(|t| t.parse::<usize>().ok());
                    let (Some(n), Some(o)) = (parse(2), parse(3)) else {
                        return Err(src.error_line(*ln, "write a set as: Set NAME PIECES ORIENTATIONS".into()));
                    };
                    if n == 0 || !(1..=255).contains(&o) {
                        return Err(src.error_line(*ln, format!("set '{}': {n} pieces with {o} orientations", w[1])));
                    }
                    if sets.iter().any(|s| s.name == w[1]) {
                        return Err(src.error_line(*ln, format!("set '{}' is declared twice", w[1])));
                    }
                    sets.push(PieceSet {
                        name: w[1].to_string(),
                        count: n,
                        orientations: o as u8,
                        offset,
                        classes: Multiset::new(&[1]).expect("one"),
                        sum_kept: false,
                        solved_sum: 0,
                        blind: 0,
                        seen: n,
                        piece_order: false,
                        labels: Vec::new(),
                    });
                    offset += 2 * n;
                    if offset > MAX_BYTES {
                        return Err(src.error_line(
                            *ln,
                            format!(
                                "the sets hold more than {} pieces in all, more than tansaku supports",
                                MAX_BYTES / 2
                            ),
                        ));
                    }
                    i += 1;
                }
                "Solved" | "Move" => {
                    let is_move = w[0] == "Move";
                    if sets.is_empty() {
                        return Err(src.error_line(*ln, "declare the sets (Set NAME PIECES ORIENTATIONS) first".into()));
                    }
                    let move_name = if is_move {
                        match w.get(1) {
                            Some(n) => n.to_string(),
                            None => return Err(src.error_line(*ln, "a Move needs a name: Move R".into())),
                        }
                    } else {
                        String::new()
                    };
                    if is_move && base.iter().any(|(n, _, _)| *n == move_name) {
                        return Err(src.error_line(*ln, format!("move '{move_name}' is defined twice")));
                    }
                    let (block, next) = read_block(src, &lines, i + 1, &sets, is_move)?;
                    i = next;
                    if is_move {
                        base.push((move_name, block.perm, block.twist));
                    } else {
                        if solved.is_some() {
                            // A further solved position: the first block's
                            // pieces (numbers), each as often, rearranged.
                            let s = further_solved(&sets, &solved_counts, &block)
                                .map_err(|m| src.error_line(*ln, format!("a further Solved block: {m}")))?;
                            if !goals.contains(&s) {
                                goals.push(s);
                            }
                            continue;
                        }
                        solved_counts = block.counts;
                        for (k, (set, labels)) in sets.iter_mut().zip(block.labels).enumerate() {
                            set.labels = labels;
                            set.blind = block.blind[k];
                        }
                        let mut s = vec![0u8; offset];
                        for set in &sets {
                            s[set.offset..set.offset + set.count]
                                .copy_from_slice(&block.perm[set.offset / 2..set.offset / 2 + set.count]);
                            s[set.offset + set.count..set.offset + 2 * set.count]
                                .copy_from_slice(&block.twist[set.offset / 2..set.offset / 2 + set.count]);
                        }
                        goals.push(s.clone());
                        solved = Some(s);
                    }
                }
                other => {
                    return Err(src.error_line(
                        *ln,
                        format!("'{other}' is not a .tws statement here (Name, Set, Solved, Move, End)"),
                    ));
                }
            }
        }
        let Some(solved) = solved else {
            return Err(src.error("no Solved block".into()));
        };
        if base.is_empty() {
            return Err(src.error("no Move block".into()));
        }
        for (k, set) in sets.iter_mut().enumerate() {
            set.classes = Multiset::new(&solved_counts[k])
                .ok_or_else(|| src.error(format!("set '{}' has too many arrangements to rank", set.name)))?;
            let o = u32::from(set.orientations);
            set.solved_sum = solved[set.offset + set.count..set.offset + 2 * set.count]
                .iter()
                .map(|&x| u32::from(x))
                .sum::<u32>()
                % o;
            // Pieces whose orientation is ignored (`?`) absorb any sum.
            set.seen = (0..set.count)
                .filter(|&i| set.blind >> solved[set.offset + i] & 1 == 0)
                .count();
            // Solved positions of different sums: both sums are reached.
            let sum_of = |g: &Vec<u8>| {
                g[set.offset + set.count..set.offset + 2 * set.count]
                    .iter()
                    .map(|&x| u32::from(x))
                    .sum::<u32>()
                    % o
            };
            set.sum_kept = set.blind == 0
                && goals.iter().all(|g| sum_of(g) == set.solved_sum)
                && base.iter().all(|(_, _, twist)| {
                    twist[set.offset / 2..set.offset / 2 + set.count]
                        .iter()
                        .map(|&x| u32::from(x))
                        .sum::<u32>()
                        % o
                        == 0
                });
        }
        let mut t = Tws {
            fingerprint: xxhash_rust::xxh3::xxh3_64(src.text.as_bytes()),
            name,
            sets,
            bytes: offset,
            solved,
            goals,
            actions: Vec::new(),
            metric_moves: Vec::new(),
            metric,
            expect: Vec::new(),
            prune: Vec::new(),
            next: Vec::new(),
            symmetries: std::sync::OnceLock::new(),
        };
        // Powers of each move, named as twsearch names them.
        for (b, (mname, from, twist)) in base.iter().enumerate() {
            let mv = Action {
                name: mname.clone(),
                from: from.clone(),
                twist: twist.clone(),
                quarter: true,
                base: b as u16,
                power: 1,
            };
            let identity = t.identity_action();
            let mut power = t.compose(&identity, &mv);
            let mut powers = vec![power.clone()];
            while !t.is_identity(&power) {
                power = t.compose(&power, &mv);
                powers.push(power.clone());
                if powers.len() > 10_000 {
                    return Err(src.error(format!("move '{mname}' has an order above 10000")));
                }
            }
            let order = powers.len();
            if order == 1 {
                continue; // the identity
            }
            for (j, p) in powers.into_iter().take(order - 1).enumerate() {
                let j = j + 1;
                let name = if j == 1 {
                    mname.clone()
                } else if j == order - 1 {
                    format!("{mname}'")
                } else if 2 * j <= order {
                    format!("{mname}{j}")
                } else {
                    format!("{mname}{}'", order - j)
                };
                t.actions.push(Action {
                    name,
                    quarter: j == 1 || j == order - 1,
                    base: b as u16,
                    power: j as u16,
                    ..p
                });
            }
        }
        t.metric_moves = (0..t.actions.len())
            .filter(|&i| metric == TwsMetric::Htm || t.actions[i].quarter)
            .collect();
        t.expect = expect_comments(src, &["htm", "qtm"], metric.name())?;
        t.prune = prune_comments(src, &t)?;
        t.canonical();
        Ok(t)
    }

    /// Finds which moves commute and fills the canonical-sequence table:
    /// after a move, no other power of the same move unless the two make a
    /// power the metric cannot make in one move (a quarter turn twice in
    /// the quarter-turn metric), and of two commuting moves only the one
    /// declared first comes first. Any sequence can be rewritten so (swap
    /// commuting neighbours into file order, merge powers) without growing,
    /// so every shortest solution keeps an equivalent here.
    fn canonical(&mut self) {
        let bases = self.actions.iter().map(|a| usize::from(a.base) + 1).max().unwrap_or(0);
        let first: Vec<&Action> = (0..bases)
            .filter_map(|b| self.actions.iter().find(|a| usize::from(a.base) == b && a.power == 1))
            .collect();
        let commute = |a: &Action, b: &Action| {
            let (ab, ba) = (self.compose(a, b), self.compose(b, a));
            ab.from == ba.from && ab.twist == ba.twist
        };
        let mut commutes = vec![vec![false; bases]; bases];
        for x in &first {
            for y in &first {
                commutes[usize::from(x.base)][usize::from(y.base)] = commute(x, y);
            }
        }
        let order = |b: u16| self.actions.iter().filter(|a| a.base == b).count() as u16 + 1;
        let moves = &self.metric_moves;
        self.next = (0..self.actions.len())
            .map(|i| {
                if !moves.contains(&i) {
                    return Vec::new();
                }
                let last = &self.actions[i];
                moves
                    .iter()
                    .map(|&k| k as u16)
                    .filter(|&k| {
                        let m = &self.actions[usize::from(k)];
                        if m.base == last.base {
                            // Two powers of one move make one power: only
                            // a repeat whose sum the metric has no single
                            // move for (and is not the identity) is kept.
                            let o = order(m.base);
                            let sum = (m.power + last.power) % o;
                            return m.power == last.power
                                && sum != 0
                                && !moves
                                    .iter()
                                    .any(|&j| self.actions[j].base == m.base && self.actions[j].power == sum);
                        }
                        !(commutes[usize::from(last.base)][usize::from(m.base)] && m.base < last.base)
                    })
                    .collect()
            })
            .collect();
    }

    /// The average number of moves a canonical sequence may take next,
    /// over the moves before it (the branching factor below the root).
    pub fn canonical_branching(&self) -> f64 {
        let n = self.metric_moves.len().max(1);
        self.metric_moves.iter().map(|&i| self.next[i].len()).sum::<usize>() as f64 / n as f64
    }

    /// The number of canonical sequences of each length up to `depth`
    /// (from 0), as IDA* with no bound generates them.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let t = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(c) = Definition::parse(&Src::new("3x3x3.tws", &t), None).unwrap() else { panic!() };
    /// // Opposite faces commute: 18, then 15 after each of the first
    /// // faces of a pair and 12 after the second.
    /// assert_eq!(c.canonical_counts(4), [1, 18, 243, 3240, 43254]);
    /// ```
    pub fn canonical_counts(&self, depth: usize) -> Vec<u64> {
        let n = self.actions.len();
        let mut ways = vec![0u64; n];
        for &i in &self.metric_moves {
            ways[i] = 1;
        }
        let mut out = vec![1u64, self.metric_moves.len() as u64];
        for _ in 1..depth {
            let mut next = vec![0u64; n];
            for (i, w) in ways.iter().enumerate() {
                for &k in &self.next[i] {
                    next[usize::from(k)] += w;
                }
            }
            out.push(next.iter().sum());
            ways = next;
        }
        out.truncate(depth + 1);
        out
    }

    fn identity_action(&self) -> Action {
        let n = self.bytes / 2;
        let mut from = Vec::with_capacity(n);
        for set in &self.sets {
            from.extend(0..set.count as u8);
        }
        Action {
            name: String::new(),
            from,
            twist: vec![0; n],
            quarter: true,
            base: u16::MAX,
            power: 0,
        }
    }

    fn is_identity(&self, a: &Action) -> bool {
        let id = self.identity_action();
        a.from == id.from && a.twist.iter().all(|&x| x == 0)
    }

    /// `a` then `b`.
    fn compose(&self, a: &Action, b: &Action) -> Action {
        let n = self.bytes / 2;
        let mut from = vec![0u8; n];
        let mut twist = vec![0u8; n];
        for set in &self.sets {
            let base = set.offset / 2;
            for i in 0..set.count {
                let j = b.from[base + i] as usize;
                from[base + i] = a.from[base + j];
                twist[base + i] =
                    ((u32::from(a.twist[base + j]) + u32::from(b.twist[base + i])) % u32::from(set.orientations)) as u8;
            }
        }
        Action {
            name: String::new(),
            from,
            twist,
            quarter: false,
            base: u16::MAX,
            power: 0,
        }
    }

    /// Plays action `a` on position `s` into `out`.
    #[inline]
    fn play(&self, a: &Action, s: &[u8], out: &mut [u8]) {
        for set in &self.sets {
            let (o, n, base) = (set.orientations, set.count, set.offset);
            for i in 0..n {
                let j = a.from[base / 2 + i] as usize;
                out[base + i] = s[base + j];
                let t = u16::from(s[base + n + j]) + u16::from(a.twist[base / 2 + i]);
                out[base + n + i] = if t >= u16::from(o) { t - u16::from(o) } else { t } as u8;
            }
            if set.blind != 0 {
                for i in 0..n {
                    if set.blind >> out[base + i] & 1 == 1 {
                        out[base + n + i] = 0;
                    }
                }
            }
        }
    }

    /// Names of every move (all powers), as a scramble may use them.
    pub fn move_names(&self) -> Vec<&str> {
        self.actions.iter().map(|a| a.name.as_str()).collect()
    }

    /// Names of the moves one search step may make in the metric.
    pub fn metric_move_names(&self) -> Vec<&str> {
        self.metric_moves
            .iter()
            .map(|&i| self.actions[i].name.as_str())
            .collect()
    }

    /// The position reached from the solved one by a scramble (`R U2 F'`).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "Set C 2 1\nSolved\nC\n1 2\nEnd\nMove X\nC\n2 1\nEnd\n";
    /// let Definition::Tws(t) = Definition::parse(&Src::new("swap.tws", text), None).unwrap() else { panic!() };
    /// assert_eq!(t.scramble("X X").unwrap(), t.solved);
    /// assert!(t.scramble("Y").is_err());
    /// ```
    pub fn scramble(&self, text: &str) -> Result<Vec<u8>, String> {
        let mut s = self.solved.clone();
        let mut out = s.clone();
        for word in text.split_whitespace() {
            let Some(a) = self.actions.iter().find(|a| a.name == word) else {
                return Err(format!(
                    "'{word}' is not a move of {}: its moves are {}",
                    self.name,
                    self.move_names().join(" ")
                ));
            };
            self.play(a, &s, &mut out);
            std::mem::swap(&mut s, &mut out);
        }
        Ok(s)
    }

    /// A position written set by set as tansaku prints them: `SET p1 ..
    /// pn [/ o1 .. on]`, sets separated by `|` or new lines, pieces
    /// numbered as in the Solved block (identical pieces share a number),
    /// orientations 0 when not given, sets not given as solved. Refused
    /// when it is not an arrangement of the solved pieces, or when the
    /// moves cannot reach it: they keep a set's orientation sum, or the
    /// parities of its permutations (the 3x3x3's edges and corners
    /// together), and it does not.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let s = t.scramble("R U").unwrap();
    /// assert_eq!(t.parse_state(&t.rows(&s).join(" | ")).unwrap(), s);
    /// // Two corners swapped alone: the moves keep edge and corner parities equal.
    /// let e = t.parse_state("CORNER 2 1 3 4 5 6 7 8").unwrap_err();
    /// assert!(e.contains("parit"), "{e}");
    /// // One corner twisted alone.
    /// assert!(t.parse_state("CORNER 1 2 3 4 5 6 7 8 / 1 0 0 0 0 0 0 0").unwrap_err().contains("sum"));
    /// ```
    pub fn parse_state(&self, text: &str) -> Result<Vec<u8>, String> {
        let mut s = self.solved.clone();
        let mut given = vec![false; self.sets.len()];
        for chunk in text.split(['|', '\n']).filter(|c| !c.trim().is_empty()) {
            let words: Vec<&str> = chunk.split_whitespace().collect();
            let Some(k) = self.sets.iter().position(|set| set.name == words[0]) else {
                return Err(format!(
                    "'{}' is not a set of {} (sets: {}); write a position as SET p1 .. pn [/ o1 .. on] | SET ...",
                    words[0],
                    self.name,
                    self.sets.iter().map(|x| x.name.as_str()).collect::<Vec<_>>().join(", ")
                ));
            };
            if std::mem::replace(&mut given[k], true) {
                return Err(format!("set '{}' is given twice", words[0]));
            }
            let set = &self.sets[k];
            let (n, off) = (set.count, set.offset);
            let (pieces, ori) = match words[1..].iter().position(|w| *w == "/") {
                Some(i) => (&words[1..1 + i], &words[2 + i..]),
                None => (&words[1..], &words[..0]),
            };
            let numbers = |what: &str, ws: &[&str]| -> Result<Vec<usize>, String> {
                let v: Vec<usize> = ws
                    .iter()
                    .map(|w| w.parse::<usize>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("set '{}': its {what} are numbers", set.name))?;
                if v.len() != n {
                    return Err(format!("set '{}' has {n} pieces; {} {what} given", set.name, v.len()));
                }
                Ok(v)
            };
            let mut count = vec![0u32; set.labels.len()];
            for (i, x) in numbers("pieces", pieces)?.into_iter().enumerate() {
                let Some(c) = set.labels.iter().position(|&l| l == x) else {
                    return Err(format!(
                        "set '{}': {x} is not one of its pieces ({})",
                        set.name,
                        set.labels.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
                    ));
                };
                s[off + i] = c as u8;
                count[c] += 1;
            }
            let mut solved_count = vec![0u32; set.labels.len()];
            for &c in &self.solved[off..off + n] {
                solved_count[usize::from(c)] += 1;
            }
            if count != solved_count {
                return Err(format!(
                    "set '{}' must hold the Solved block's pieces, each as often",
                    set.name
                ));
            }
            // `?` (an orientation ignored) reads as 0, as the ignored ones are kept.
            let ori: Vec<&str> = ori.iter().map(|&w| if w == "?" { "0" } else { w }).collect();
            let ori = if ori.is_empty() {
                vec![0; n]
            } else {
                numbers("orientations", &ori)?
            };
            for (i, o) in ori.into_iter().enumerate() {
                if o >= usize::from(set.orientations) {
                    return Err(format!(
                        "set '{}' has {} orientations (0 to {}); {o} is not one",
                        set.name,
                        set.orientations,
                        set.orientations - 1
                    ));
                }
                s[off + n + i] = if set.blind >> s[off + i] & 1 == 1 { 0 } else { o as u8 };
            }
        }
        for set in &self.sets {
            let (n, off, o) = (set.count, set.offset, u32::from(set.orientations));
            let sum = s[off + n..off + 2 * n].iter().map(|&x| u32::from(x)).sum::<u32>() % o;
            if set.sum_kept && sum != set.solved_sum {
                return Err(format!(
                    "no sequence of moves reaches this position: every move keeps the sum of the {} orientations at {} (mod {o}), and here it is {sum}",
                    set.name, set.solved_sum
                ));
            }
        }
        if !self.goals.iter().any(|g| self.parities_reachable(&s, g)) {
            return Err(
                "no sequence of moves reaches this position: the parities of its permutations are not ones the moves make (a swap of two pieces alone, say)"
                    .into(),
            );
        }
        Ok(s)
    }

    /// Whether the parities of `s`'s permutations (sets of distinct
    /// pieces, relative to the solved position `goal`) are a sum of the moves'
    /// (over GF(2), a bit a set).
    fn parities_reachable(&self, s: &[u8], goal: &[u8]) -> bool {
        let distinct: Vec<&PieceSet> = self
            .sets
            .iter()
            .filter(|set| set.labels.len() == set.count && set.count > 1)
            .collect();
        let bits_of = |pieces: &dyn Fn(&PieceSet) -> Vec<usize>| -> u64 {
            let mut bits = 0u64;
            for (b, set) in distinct.iter().enumerate() {
                if odd(&pieces(set)) {
                    bits |= 1 << b;
                }
            }
            bits
        };
        // Basis of the moves' parity vectors.
        let mut basis: Vec<u64> = Vec::new();
        let reduce = |basis: &[u64], mut v: u64| {
            for &b in basis {
                v = v.min(v ^ b);
            }
            v
        };
        for &i in &self.metric_moves {
            let a = &self.actions[i];
            let v = bits_of(&|set: &PieceSet| {
                let base = set.offset / 2;
                a.from[base..base + set.count].iter().map(|&x| usize::from(x)).collect()
            });
            let v = reduce(&basis, v);
            if v != 0 {
                basis.push(v);
                basis.sort_unstable_by(|x, y| y.cmp(x));
            }
        }
        // The position's permutation relative to the solved one: slot i
        // holds the piece solved on slot where[s[i]].
        let target = bits_of(&|set: &PieceSet| {
            let (n, off) = (set.count, set.offset);
            let mut home = vec![0usize; n];
            for i in 0..n {
                home[usize::from(goal[off + i])] = i;
            }
            (0..n).map(|i| home[usize::from(s[off + i])]).collect()
        });
        reduce(&basis, target) == 0
    }

    /// Positions in the ranked space (reachable or not); `None` past `u64`.
    pub fn rank_space(&self) -> Option<u64> {
        let mut total: u64 = 1;
        for set in &self.sets {
            let o = u64::from(set.orientations);
            total = total
                .checked_mul(set.classes.count())?
                .checked_mul(o.checked_pow(set.digits() as u32)?)?;
        }
        Some(total)
    }

    /// The rank of a position: set after set, the arrangement of the
    /// classes, then the orientations of the pieces whose orientation
    /// counts, in slot order (less the last when the sum is kept).
    #[inline]
    pub fn rank_of(&self, s: &[u8]) -> u64 {
        let mut r: u64 = 0;
        for set in &self.sets {
            let (n, o) = (set.count, u64::from(set.orientations));
            let p = set.classes.rank(&s[set.offset..set.offset + n]);
            let digits = set.digits();
            let mut ori: u64 = 0;
            if set.piece_order {
                let mut at = [0u8; 64];
                for (i, &c) in s[set.offset..set.offset + n].iter().enumerate() {
                    at[usize::from(c)] = i as u8;
                }
                for &i in &at[..digits] {
                    ori = ori * o + u64::from(s[set.offset + n + usize::from(i)]);
                }
            } else if set.blind == 0 {
                for &x in &s[set.offset + n..set.offset + n + digits] {
                    ori = ori * o + u64::from(x);
                }
            } else {
                for i in 0..n {
                    if set.blind >> s[set.offset + i] & 1 == 0 {
                        ori = ori * o + u64::from(s[set.offset + n + i]);
                    }
                }
            }
            r = (r * set.classes.count() + p) * o.pow(digits as u32) + ori;
        }
        r
    }

    /// The position of rank `r` (below [`Tws::rank_space`]) into `c`.
    pub fn unrank_into(&self, mut r: u64, c: &mut [u8]) {
        for set in self.sets.iter().rev() {
            let (n, o) = (set.count, u64::from(set.orientations));
            let digits = set.digits();
            let span = o.pow(digits as u32);
            let mut ori = r % span;
            r /= span;
            let p = r % set.classes.count();
            r /= set.classes.count();
            set.classes.unrank_into(p, &mut c[set.offset..set.offset + n]);
            if set.piece_order {
                let mut at = [0u8; 64];
                for i in 0..n {
                    at[usize::from(c[set.offset + i])] = i as u8;
                    c[set.offset + n + i] = 0;
                }
                for &i in at[..digits].iter().rev() {
                    c[set.offset + n + usize::from(i)] = (ori % o) as u8;
                    ori /= o;
                }
                continue;
            }
            if set.blind != 0 {
                for i in (0..n).rev() {
                    c[set.offset + n + i] = if set.blind >> c[set.offset + i] & 1 == 0 {
                        let x = (ori % o) as u8;
                        ori /= o;
                        x
                    } else {
                        0
                    };
                }
                continue;
            }
            let mut sum = 0u32;
            for k in (0..digits).rev() {
                let x = (ori % o) as u8;
                ori /= o;
                c[set.offset + n + k] = x;
                sum += u32::from(x);
            }
            if set.sum_kept {
                let o32 = u32::from(set.orientations);
                c[set.offset + 2 * n - 1] = ((set.solved_sum + o32 - sum % o32) % o32) as u8;
            }
        }
    }

    /// Bytes of a position.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The position as text, one line a set: pieces (numbered from 1 as in
    /// the file) and, where pieces turn, orientations.
    pub fn rows(&self, s: &[u8]) -> Vec<String> {
        let wide = self.sets.iter().map(|x| x.name.len()).max().unwrap_or(0);
        self.sets
            .iter()
            .map(|set| {
                let p: Vec<String> = s[set.offset..set.offset + set.count]
                    .iter()
                    .map(|&x| {
                        set.labels
                            .get(usize::from(x))
                            .map_or(usize::from(x) + 1, |&l| l)
                            .to_string()
                    })
                    .collect();
                let mut line = format!("{:<wide$} {}", set.name, p.join(" "));
                if set.orientations > 1 {
                    let o: Vec<String> = (0..set.count)
                        .map(|i| {
                            if set.blind >> s[set.offset + i] & 1 == 1 {
                                "?".to_string()
                            } else {
                                s[set.offset + set.count + i].to_string()
                            }
                        })
                        .collect();
                    line.push_str(" / ");
                    line.push_str(&o.join(" "));
                }
                line
            })
            .collect()
    }
}

/// A Solved or Move block as read.
struct Block {
    /// Per piece (all sets, in set order): the source slot (a move) or the
    /// class (Solved).
    perm: Vec<u8>,
    /// Per piece: the orientation (Solved) or the twist added (a move).
    twist: Vec<u8>,
    /// Solved: per set, the count of each class.
    counts: Vec<Vec<u32>>,
    /// Solved: per set, each class's number in the file.
    labels: Vec<Vec<usize>>,
    /// Solved: per set, the classes whose orientation is `?` (ignored).
    blind: Vec<u64>,
}

/// A further Solved block as a position: per set the first block's pieces
/// (its numbers), each as often, and the same `?` orientations.
fn further_solved(sets: &[PieceSet], counts: &[Vec<u32>], block: &Block) -> Result<Vec<u8>, String> {
    let bytes: usize = sets.iter().map(|set| 2 * set.count).sum();
    let mut s = vec![0u8; bytes];
    for (k, set) in sets.iter().enumerate() {
        let (n, base) = (set.count, set.offset / 2);
        for i in 0..n {
            let label = block.labels[k][usize::from(block.perm[base + i])];
            let Some(c) = set.labels.iter().position(|&l| l == label) else {
                return Err(format!(
                    "set '{}': {label} is not a piece of the first Solved block",
                    set.name
                ));
            };
            s[set.offset + i] = c as u8;
            let ignored = set.blind >> c & 1 == 1;
            if ignored != (block.blind[k] >> block.perm[base + i] & 1 == 1) {
                return Err(format!(
                    "set '{}': piece {label} has its orientation ignored (?) in one Solved block and not the other",
                    set.name
                ));
            }
            s[set.offset + n + i] = if ignored { 0 } else { block.twist[base + i] };
        }
        let mut count = vec![0u32; set.labels.len()];
        for &c in &s[set.offset..set.offset + n] {
            count[usize::from(c)] += 1;
        }
        if count != counts[k] {
            return Err(format!(
                "set '{}' must hold the first block's pieces, each as often",
                set.name
            ));
        }
    }
    Ok(s)
}

/// Reads the sets of a Solved or Move block up to `End`.
fn read_block(
    src: &Src,
    lines: &[(usize, Vec<&str>)],
    mut i: usize,
    sets: &[PieceSet],
    is_move: bool,
) -> Result<(Block, usize), DefError> {
    let total: usize = sets.iter().map(|s| s.count).sum();
    let mut perm = vec![0u8; total];
    let mut twist = vec![0u8; total];
    let mut given = vec![false; sets.len()];
    let mut counts: Vec<Vec<u32>> = sets.iter().map(|_| Vec::new()).collect();
    let mut labels: Vec<Vec<usize>> = sets.iter().map(|_| Vec::new()).collect();
    let mut blind = vec![0u64; sets.len()];
    // Unnamed sets: identity (moves), or an error (Solved).
    loop {
        let Some((ln, w)) = lines.get(i) else {
            return Err(src.error("a block is not closed by End".into()));
        };
        if w[0] == "End" {
            i += 1;
            break;
        }
        let Some(k) = sets.iter().position(|s| s.name == w[0]) else {
            return Err(src.error_line(
                *ln,
                format!(
                    "'{}' is not a set of this puzzle (sets: {})",
                    w[0],
                    sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        if given[k] {
            return Err(src.error_line(*ln, format!("set '{}' appears twice in one block", w[0])));
        }
        given[k] = true;
        let set = &sets[k];
        let base = set.offset / 2;
        let Some((pl, pw)) = lines.get(i + 1) else {
            return Err(src.error_line(*ln, format!("set '{}' has no permutation line", set.name)));
        };
        let nums: Vec<usize> = pw
            .iter()
            .map(|t| t.parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| src.error_line(*pl, format!("set '{}': write {} numbers from 1", set.name, set.count)))?;
        if nums.len() != set.count {
            return Err(src.error_line(
                *pl,
                format!(
                    "set '{}' has {} pieces but this line has {} numbers",
                    set.name,
                    set.count,
                    nums.len()
                ),
            ));
        }
        // A move's numbers are slots; the Solved block's are labels, any
        // numbers from 1, alike for identical pieces, with gaps or not.
        if is_move && nums.iter().any(|&x| x == 0 || x > set.count) {
            return Err(src.error_line(*pl, format!("set '{}': numbers go from 1 to {}", set.name, set.count)));
        }
        if nums.contains(&0) {
            return Err(src.error_line(*pl, format!("set '{}': pieces are numbered from 1", set.name)));
        }
        if is_move {
            let mut seen = vec![false; set.count];
            for &x in &nums {
                if seen[x - 1] {
                    return Err(src.error_line(
                        *pl,
                        format!("move's set '{}' is not a permutation: {x} appears twice", set.name),
                    ));
                }
                seen[x - 1] = true;
            }
        } else {
            // Classes, numbered in order of first appearance of each value.
            let mut values: Vec<usize> = nums.clone();
            values.sort_unstable();
            values.dedup();
            counts[k] = values
                .iter()
                .map(|v| nums.iter().filter(|&&x| x == *v).count() as u32)
                .collect();
            labels[k] = values;
        }
        for (j, &x) in nums.iter().enumerate() {
            perm[base + j] = if is_move {
                (x - 1) as u8
            } else {
                sort_index(&nums, x) as u8
            };
        }
        i += 2;
        // An optional orientation line: as many numbers, not a set name
        // (in Solved, `?` for a piece whose orientation is ignored).
        if let Some((ol, ow)) = lines.get(i)
            && ow.len() == set.count
            && ow.iter().all(|t| t.parse::<u32>().is_ok() || (!is_move && *t == "?"))
        {
            if !is_move {
                let unknown: Vec<bool> = ow.iter().map(|t| *t == "?").collect();
                for (j, &u) in unknown.iter().enumerate() {
                    let c = perm[base + j];
                    let other = (0..set.count).find(|&q| perm[base + q] == c && unknown[q] != u);
                    if let Some(q) = other {
                        return Err(src.error_line(
                            *ol,
                            format!(
                                "set '{}': pieces {} and {} are identical (both {}), so their orientations are both ? or neither",
                                set.name,
                                j + 1,
                                q + 1,
                                nums[j]
                            ),
                        ));
                    }
                    if u {
                        blind[k] |= 1 << c;
                    }
                }
            }
            for (j, t) in ow.iter().enumerate() {
                let v: u32 = t.parse().unwrap_or(0);
                if v >= u32::from(set.orientations) {
                    return Err(src.error_line(
                        *ol,
                        format!(
                            "set '{}' has {} orientations; {v} is not one",
                            set.name, set.orientations
                        ),
                    ));
                }
                twist[base + j] = v as u8;
            }
            i += 1;
        }
    }
    for (k, set) in sets.iter().enumerate() {
        if !given[k] {
            if !is_move {
                return Err(src.error(format!("the Solved block does not give set '{}'", set.name)));
            }
            for j in 0..set.count {
                perm[set.offset / 2 + j] = j as u8;
            }
        }
    }
    Ok((
        Block {
            perm,
            twist,
            counts,
            labels,
            blind,
        },
        i,
    ))
}

/// Whether the permutation `p` (of `0..p.len()`) is odd.
fn odd(p: &[usize]) -> bool {
    let mut seen = vec![false; p.len()];
    let mut swaps = 0;
    for i in 0..p.len() {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = p[j];
            len += 1;
        }
        swaps += len.max(1) - 1;
    }
    swaps % 2 == 1
}

/// The class of value `x` among the distinct values of `nums`, in order.
fn sort_index(nums: &[usize], x: usize) -> usize {
    let mut values: Vec<usize> = nums.to_vec();
    values.sort_unstable();
    values.dedup();
    values.iter().position(|&v| v == x).unwrap_or(0)
}

/// The `# tansaku-prune SET [PIECES] [no-orientation] [+ SET ...]` lines:
/// projections for the pattern databases, pieces numbered from 1 as in the
/// Solved block (`1-6`, `1,3,5-7`), all of the set when none are given.
fn prune_comments(src: &Src, t: &Tws) -> Result<Vec<Vec<SetPart>>, DefError> {
    let mut out = Vec::new();
    for (i, line) in src.text.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix("# tansaku-prune") else {
            continue;
        };
        let ln = i + 1;
        let mut parts = Vec::new();
        for part in rest.split('+') {
            let words: Vec<&str> = part.split_whitespace().collect();
            let Some(&name) = words.first() else {
                return Err(src.error_line(
                    ln,
                    "write: # tansaku-prune SET [PIECES] [no-orientation], e.g. # tansaku-prune EDGE 1-6".into(),
                ));
            };
            let Some(set) = t.sets.iter().position(|s| s.name == name) else {
                return Err(src.error_line(
                    ln,
                    format!(
                        "tansaku-prune: '{name}' is not a set of this puzzle (sets: {})",
                        t.sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                ));
            };
            let classes = t.classes_of(set);
            let mut pieces = Vec::new();
            let mut orientation = true;
            for w in &words[1..] {
                if *w == "no-orientation" {
                    orientation = false;
                    continue;
                }
                for range in w.split(',').filter(|r| !r.is_empty()) {
                    let num = |x: &str| {
                        x.parse::<usize>()
                            .ok()
                            .filter(|&v| (1..=classes).contains(&v))
                            .ok_or_else(|| {
                                src.error_line(
                                    ln,
                                    format!("tansaku-prune: set '{name}' has pieces 1 to {classes}; '{x}' is not one"),
                                )
                            })
                    };
                    let (a, b) = match range.split_once('-') {
                        Some((a, b)) => (num(a)?, num(b)?),
                        None => (num(range)?, num(range)?),
                    };
                    pieces.extend((a.min(b) - 1..a.max(b)).map(|p| p as u8));
                }
            }
            if pieces.is_empty() {
                pieces = (0..classes as u8).collect();
            }
            pieces.sort_unstable();
            pieces.dedup();
            if parts.iter().any(|p: &SetPart| p.set == set) {
                return Err(src.error_line(
                    ln,
                    format!("tansaku-prune: set '{name}' appears twice in one projection"),
                ));
            }
            parts.push(SetPart {
                set,
                pieces,
                orientation,
            });
        }
        if t.project(&parts).tws.rank_space().is_none() {
            return Err(src.error_line(
                ln,
                "tansaku-prune: this projection has more positions than tansaku can rank".into(),
            ));
        }
        out.push(parts);
    }
    Ok(out)
}

/// The `# tansaku-expect METRIC key=value ...` lines.
fn expect_comments(src: &Src, metrics: &[&str], current: &str) -> Result<Vec<Expect>, DefError> {
    let mut out = Vec::new();
    for (i, line) in src.text.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix("# tansaku-expect") else {
            continue;
        };
        let ln = i + 1;
        let mut e = Expect::default();
        let mut words = rest.split_whitespace();
        let metric = words
            .next()
            .ok_or_else(|| src.error_line(ln, "write: # tansaku-expect METRIC key=value ...".into()))?;
        if !metrics.contains(&metric) {
            return Err(src.error_line(ln, format!("metric '{metric}' is not one of {}", metrics.join(", "))));
        }
        e.metric = Some(metric.to_string());
        let text: Vec<&str> = words.collect();
        let joined = text.join(" ");
        // start="..." may hold spaces.
        let mut rest = joined.as_str();
        while !rest.is_empty() {
            let (key, after) = rest
                .split_once('=')
                .ok_or_else(|| src.error_line(ln, format!("'{rest}' is not key=value")))?;
            let key = key.trim();
            let (value, tail) = if let Some(q) = after.strip_prefix('"') {
                let end = q
                    .find('"')
                    .ok_or_else(|| src.error_line(ln, "a quoted value is not closed".into()))?;
                (&q[..end], &q[end + 1..])
            } else {
                let end = after.find(' ').unwrap_or(after.len());
                (&after[..end], &after[end..])
            };
            e.set(key, value).map_err(|m| src.error_line(ln, m))?;
            rest = tail.trim_start();
        }
        let _ = current;
        out.push(e);
    }
    Ok(out)
}

/// A [`Tws`] puzzle with positions in `N` bytes.
#[derive(Clone, Copy, Debug)]
pub struct Perm<'a, const N: usize>(pub &'a Tws);

impl<const N: usize> Perm<'_, N> {
    /// A position as stored.
    pub fn state(&self, bytes: &[u8]) -> Cells<N> {
        let mut c = [0u8; N];
        c[..bytes.len()].copy_from_slice(bytes);
        Cells(c)
    }
}

impl<const N: usize> Puzzle for Perm<'_, N> {
    type State = Cells<N>;
    type Move = TwsMove;

    #[inline]
    fn for_each_successor(&self, s: &Cells<N>, mut f: impl FnMut(TwsMove, Cells<N>)) {
        for &i in &self.0.metric_moves {
            let a = &self.0.actions[i];
            let mut out = [0u8; N];
            self.0.play(a, &s.0, &mut out);
            f(TwsMove::new(i, &a.name), Cells(out));
        }
    }

    #[inline]
    fn for_each_successor_after(&self, s: &Cells<N>, last: Option<TwsMove>, mut f: impl FnMut(TwsMove, Cells<N>)) {
        let Some(last) = last else {
            return self.for_each_successor(s, f);
        };
        for &i in &self.0.next[usize::from(last.index)] {
            let a = &self.0.actions[usize::from(i)];
            let mut out = [0u8; N];
            self.0.play(a, &s.0, &mut out);
            f(TwsMove::new(usize::from(i), &a.name), Cells(out));
        }
    }

    fn apply(&self, s: &Cells<N>, m: TwsMove) -> Option<Cells<N>> {
        let i = m.index as usize;
        if !self.0.metric_moves.contains(&i) {
            return None;
        }
        let mut out = [0u8; N];
        self.0.play(&self.0.actions[i], &s.0, &mut out);
        Some(Cells(out))
    }

    #[inline]
    fn is_goal(&self, s: &Cells<N>) -> bool {
        self.0.goals.iter().any(|g| s.0[..self.0.bytes] == g[..])
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<Cells<N>>> {
        Some(self.0.goals.iter().map(|g| self.state(g)).collect())
    }
}

impl<const N: usize> Ranked for Perm<'_, N> {
    fn state_count(&self) -> u64 {
        self.0.rank_space().unwrap_or(u64::MAX)
    }

    #[inline]
    fn rank(&self, s: &Cells<N>) -> u64 {
        self.0.rank_of(&s.0)
    }

    fn unrank(&self, r: u64) -> Cells<N> {
        let mut c = [0u8; N];
        self.0.unrank_into(r, &mut c);
        Cells(c)
    }
}

impl<const N: usize> tansaku_core::render::Board for Perm<'_, N> {
    type State = Cells<N>;
    fn picture(&self, s: &Cells<N>) -> Vec<String> {
        self.0.rows(&s.0)
    }
    fn notation(&self, s: &Cells<N>) -> String {
        self.0.rows(&s.0).join(" | ")
    }
}

impl<const N: usize> tansaku_core::picture::Picture for Perm<'_, N> {
    type State = Cells<N>;
    fn grid(&self, s: &Cells<N>) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let width = self.0.sets.iter().map(|x| x.count).max().unwrap_or(1);
        let mut cells = Vec::new();
        for set in &self.0.sets {
            for i in 0..width {
                cells.push(if i < set.count {
                    let ori = s.0[set.offset + set.count + i];
                    let piece = s.0[set.offset + i] + 1;
                    Glyph::Tile(if set.orientations > 1 {
                        format!("{piece}{}", "'".repeat(ori as usize))
                    } else {
                        piece.to_string()
                    })
                } else {
                    Glyph::Void
                });
            }
        }
        tansaku_core::picture::Grid {
            width,
            height: self.0.sets.len(),
            cells,
        }
    }
}

/// What a projection keeps of one set: some of its pieces (by class, in
/// the solved position's numbering from 0), the others made identical, and
/// whether orientation counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetPart {
    /// The set, by index.
    pub set: usize,
    /// The classes kept apart; every other piece of the set becomes one
    /// class whose orientation is ignored.
    pub pieces: Vec<u8>,
    /// Orientation counts for the kept pieces.
    pub orientation: bool,
}

/// How a position of the full puzzle maps onto a projection's.
#[derive(Clone, Debug)]
pub(crate) struct PartMap {
    from: usize,
    to: usize,
    count: usize,
    class: Vec<u8>,
    blind: u64,
    orientation: bool,
}

/// A projection of a [`Tws`]: a smaller puzzle of the same kind, and the
/// map of positions onto it.
#[derive(Clone, Debug)]
pub struct Projected {
    /// The smaller puzzle (its moves are the full puzzle's, seen through
    /// the projection).
    pub tws: Tws,
    maps: Vec<PartMap>,
}

impl Projected {
    /// Writes the projection of the full puzzle's position `s` into `out`.
    #[inline]
    pub fn project(&self, s: &[u8], out: &mut [u8]) {
        for m in &self.maps {
            for i in 0..m.count {
                let c = m.class[usize::from(s[m.from + i])];
                out[m.to + i] = c;
                out[m.to + m.count + i] = if m.orientation && m.blind >> c & 1 == 0 {
                    s[m.from + m.count + i]
                } else {
                    0
                };
            }
        }
    }
}

impl Tws {
    /// Whether positions are elements of the puzzle's group, with an
    /// inverse of the same distance: every set's pieces distinct, and the
    /// solved position piece `i` on slot `i` turned 0. (If moves `M` take
    /// `s` to the goal, `s` is `M` undone, and `M` from the goal reaches
    /// the inverse of `s`.)
    pub fn invertible(&self) -> bool {
        self.goals.len() == 1
            && self.sets.iter().all(|set| {
                let (n, off) = (set.count, set.offset);
                set.blind == 0
                    && (0..n).all(|i| usize::from(self.solved[off + i]) == i && self.solved[off + n + i] == 0)
            })
    }

    /// The inverse of position `s` (see [`Tws::invertible`]) into `out`:
    /// piece `p` on slot `i` turned `o` becomes piece `i` on slot `p`
    /// turned `-o`.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// assert!(t.invertible());
    /// let (s, undo) = (t.scramble("R U F'").unwrap(), t.scramble("F U' R'").unwrap());
    /// let mut inv = vec![0; s.len()];
    /// t.invert(&s, &mut inv);
    /// assert_eq!(inv, undo);
    /// ```
    #[inline]
    pub fn invert(&self, s: &[u8], out: &mut [u8]) {
        for set in &self.sets {
            let (n, off, o) = (set.count, set.offset, set.orientations);
            for i in 0..n {
                let p = usize::from(s[off + i]);
                out[off + p] = i as u8;
                let x = s[off + n + i];
                out[off + n + p] = if x == 0 { 0 } else { o - x };
            }
        }
    }

    /// The classes of a set (distinct pieces of the solved position).
    pub fn classes_of(&self, set: usize) -> usize {
        let s = &self.sets[set];
        self.solved[s.offset..s.offset + s.count]
            .iter()
            .map(|&c| usize::from(c) + 1)
            .max()
            .unwrap_or(0)
    }

    /// Whether some move changes set `set` (position or orientation).
    pub fn set_moves(&self, set: usize) -> bool {
        let s = &self.sets[set];
        let base = s.offset / 2;
        self.actions.iter().any(|a| {
            (0..s.count).any(|i| usize::from(a.from[base + i]) != i || (s.orientations > 1 && a.twist[base + i] != 0))
        })
    }

    /// The puzzle seen through `parts` (one per set kept): the pieces not
    /// kept made identical, orientation dropped where asked.
    pub fn project(&self, parts: &[SetPart]) -> Projected {
        let mut sets = Vec::new();
        let mut maps = Vec::new();
        let mut solved = Vec::new();
        let mut offset = 0;
        for part in parts {
            let old = &self.sets[part.set];
            let n = old.count;
            let classes = self.classes_of(part.set);
            let kept: Vec<u8> = (0..classes as u8).filter(|c| part.pieces.contains(c)).collect();
            let merged = kept.len() as u8;
            let mut class = vec![merged; 256];
            for (k, &c) in kept.iter().enumerate() {
                class[usize::from(c)] = k as u8;
            }
            let some_merged = kept.len() < classes;
            let orientation = part.orientation && old.orientations > 1;
            // Ignored orientations: the merged class's, and those the file
            // ignores (`?`) among the kept classes.
            let mut blind = if some_merged && orientation { 1u64 << merged } else { 0 };
            if orientation {
                for (k, &c) in kept.iter().enumerate() {
                    blind |= (old.blind >> c & 1) << k;
                }
            }
            let old_solved = &self.solved[old.offset..old.offset + 2 * n];
            let mut counts = vec![0u32; kept.len() + usize::from(some_merged)];
            let mut cells = vec![0u8; 2 * n];
            for i in 0..n {
                let c = class[usize::from(old_solved[i])];
                counts[usize::from(c)] += 1;
                cells[i] = c;
                cells[n + i] = if orientation && blind >> c & 1 == 0 {
                    old_solved[n + i]
                } else {
                    0
                };
            }
            let seen = cells[..n].iter().filter(|&&c| blind >> c & 1 == 0).count();
            let o = if orientation { old.orientations } else { 1 };
            let singles = counts[..kept.len()].iter().all(|&c| c == 1);
            sets.push(PieceSet {
                name: old.name.clone(),
                count: n,
                orientations: o,
                offset,
                classes: if some_merged && singles {
                    Multiset::pieces_among(kept.len(), n)
                } else {
                    Multiset::new(&counts)
                }
                .expect("a projection of a ranked set ranks"),
                sum_kept: orientation && !some_merged && old.sum_kept,
                solved_sum: cells[n..].iter().map(|&x| u32::from(x)).sum::<u32>() % u32::from(o),
                blind,
                seen,
                piece_order: some_merged && orientation && blind == 1 << merged && singles,
                labels: (1..=counts.len()).collect(),
            });
            maps.push(PartMap {
                from: old.offset,
                to: offset,
                count: n,
                class,
                blind,
                orientation,
            });
            solved.extend_from_slice(&cells);
            offset += 2 * n;
        }
        let actions = self
            .actions
            .iter()
            .map(|a| {
                let mut from = Vec::new();
                let mut twist = Vec::new();
                for part in parts {
                    let old = &self.sets[part.set];
                    let base = old.offset / 2;
                    from.extend_from_slice(&a.from[base..base + old.count]);
                    if part.orientation && old.orientations > 1 {
                        twist.extend_from_slice(&a.twist[base..base + old.count]);
                    } else {
                        twist.extend(std::iter::repeat_n(0, old.count));
                    }
                }
                Action {
                    name: a.name.clone(),
                    from,
                    twist,
                    quarter: a.quarter,
                    base: a.base,
                    power: a.power,
                }
            })
            .collect();
        let tws = Tws {
            fingerprint: self.fingerprint,
            name: self.name.clone(),
            sets,
            bytes: offset,
            goals: vec![solved.clone()],
            solved,
            actions,
            metric_moves: self.metric_moves.clone(),
            metric: self.metric,
            expect: Vec::new(),
            prune: Vec::new(),
            next: self.next.clone(),
            symmetries: std::sync::OnceLock::new(),
        };
        let mut projected = Projected { tws, maps };
        // The other solved positions, as the projection sees them.
        for g in &self.goals[1..] {
            let mut out = vec![0u8; offset];
            projected.project(g, &mut out);
            if !projected.tws.goals.contains(&out) {
                projected.tws.goals.push(out);
            }
        }
        projected
    }
}

/// A group puzzle's symmetries map positions onto conjugates
/// ([`Tws::conjugate`]): `longest` counts its antipodes up to them.
impl<const N: usize> Symmetric for Perm<'_, N> {
    fn symmetry_count(&self) -> usize {
        self.0.symmetries().len()
    }
    fn apply_symmetry(&self, i: usize, s: &Self::State) -> Self::State {
        if i == 0 {
            return *s;
        }
        let mut out = *s;
        let n = self.0.bytes();
        self.0.conjugate(&self.0.symmetries()[i], &s.0[..n], &mut out.0[..n]);
        out
    }
}
