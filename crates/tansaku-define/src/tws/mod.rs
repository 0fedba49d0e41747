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
//! 2 1 1 0 2 0 0            # the twist of the piece leaving slot k (mod 3)
//! End
//! ```
//!
//! A move's orientation line is read as twsearch reads it, by the piece
//! that moves: slot `i` adds `o[p[i]]` (here slot 1 adds 1, slot 2 adds 2).
//! A `MoveTransformation` block gives slots from 0 and the twist each
//! slot adds, as a position is written.
//!
//! Every move's powers are added as twsearch does (`R`, `R2`, `R'`);
//! the half-turn metric counts each as one move, the quarter-turn metric
//! keeps only `R` and `R'`. Lines `# tansaku-expect METRIC key=value ...`
//! hold the figures that `tansaku check` verifies.
//!
//! A position stores, set after set, the piece class on each slot and its
//! orientation. Ranks are a multiset rank of the classes times the
//! orientations, less the last one when every move keeps their sum.

mod from;
mod orbits;
mod parity;
mod parse;
mod perm;
mod project;
mod reach;
pub(crate) mod symmetry;

use super::multiset::Multiset;
use super::{Cells, DefError, Expect, Src};
pub use from::StartSet;
pub use orbits::SquareOrbits;
pub use perm::{Heap, Perm, Positions};
pub use project::{ImageRank, Projected, ProjectedSymmetry, SetPart};
pub use reach::{Classes, Reach, StateClasses, Tabled};
use serde::Serialize;
use std::fmt;
use tansaku_core::puzzle::{Puzzle, Ranked, Symmetric};

/// One set of a position's text: the set's index, its piece words and its
/// orientation words ([`Tws::set_chunks`]).
pub(super) type SetWords<'t> = (usize, Vec<&'t str>, Vec<&'t str>);

/// Largest position, in bytes (two per piece), that is ranked and gets
/// pattern databases; a larger puzzle is read and searched all the same,
/// its positions on the heap ([`Heap`]).
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
    /// `r` (the rank of the sets before) extended by this set holding the
    /// classes `labels`, turned `turns`, slot by slot (`span`: the
    /// orientations to the power of [`PieceSet::digits`]): the
    /// arrangement of the classes, then the turns that count.
    #[inline(always)]
    pub(super) fn rank_onto(&self, r: u64, labels: &[u8], turns: &[u8], span: u64) -> u64 {
        let p = self.classes.rank(labels);
        let o = u64::from(self.orientations);
        let mut ori: u64 = 0;
        if o > 1 {
            let digits = self.digits();
            if self.piece_order {
                let mut at = [0u8; 64];
                for (i, &c) in labels.iter().enumerate() {
                    at[usize::from(c)] = i as u8;
                }
                for &i in &at[..digits] {
                    ori = ori * o + u64::from(turns[usize::from(i)]);
                }
            } else if self.blind == 0 {
                for &x in &turns[..digits] {
                    ori = ori * o + u64::from(x);
                }
            } else {
                for (&c, &x) in labels.iter().zip(turns) {
                    if self.blind >> c & 1 == 0 {
                        ori = ori * o + u64::from(x);
                    }
                }
            }
        }
        (r * self.classes.count() + p) * span + ori
    }

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
    /// The moves' symmetries, found on first use, how many of them map
    /// positions as group elements, and those that map positions of alike
    /// pieces ([`Tws::symmetries`], [`Tws::move_symmetries`],
    /// [`Tws::position_symmetries`]).
    pub(super) symmetries: std::sync::OnceLock<Box<symmetry::Found>>,
    /// The sets whose permutation parities every move flips in sum, and
    /// that sum's value on every goal, found on first use
    /// ([`Tws::length_parity`]).
    pub(super) parity: std::sync::OnceLock<Option<(u64, bool)>>,
    /// Some pieces are alike or their orientation ignored: a move may
    /// leave a position as it is, and its child is not searched.
    pub(super) reduced: bool,
    /// Moves left out of the metric because no position tells them from
    /// standing still (they change only sets whose pieces are all alike
    /// and unoriented; twsearch #76).
    pub idle: Vec<String>,
    /// Moves a scramble may name that the search never makes: rotations
    /// of the whole puzzle (`x`, `Fv`) and `MoveAlias` moves, with their
    /// powers.
    pub(super) extra: Vec<Action>,
    /// The `Illegal` lines: a byte of the position (a slot) and the
    /// classes that may not stand there, a bit each. A move into such a
    /// position is not made.
    pub(super) illegal: Vec<(usize, [u64; 4])>,
    /// For each action that changes few slots of a large position, the
    /// slots it changes (set, slot): it is played by copying the position
    /// and rewriting those ([`Tws::play_at`]). Empty for the others.
    pub(super) sparse: Vec<Vec<(u32, u32)>>,
    /// The ranks of the positions the moves reach, when a whole-space
    /// analysis numbers its positions so ([`Tws::ranked_by_reach`]);
    /// `None`: the arrangements' ranks ([`Tws::rank_of`]).
    pub(super) reach: Option<std::sync::Arc<Reach>>,
}

impl Tws {
    /// Whether action `a` changes no position: every set it moves is
    /// blank (its pieces all alike, their orientation ignored or single).
    pub(super) fn is_idle(&self, a: &Action) -> bool {
        self.sets.iter().all(|set| {
            let base = set.offset / 2;
            let moved = (0..set.count).any(|i| usize::from(a.from[base + i]) != i || a.twist[base + i] != 0);
            let labels = &self.solved[set.offset..set.offset + set.count];
            let blank =
                labels.iter().all(|&c| c == labels[0]) && (set.orientations == 1 || set.blind >> labels[0] & 1 == 1);
            !moved || blank
        })
    }

    /// Whether some pieces are alike or have their orientation ignored.
    pub(super) fn has_alike_or_blind(&self) -> bool {
        self.sets.iter().any(|set| {
            let labels = &self.solved[set.offset..set.offset + set.count];
            set.blind != 0 || (1..labels.len()).any(|i| labels[..i].contains(&labels[i]))
        })
    }

    /// Finds which moves commute and fills the canonical-sequence table:
    /// after a move, no other power of the same move unless the two make a
    /// power the metric cannot make in one move (a quarter turn twice in
    /// the quarter-turn metric), and of two commuting moves only the one
    /// declared first comes first. Any sequence can be rewritten so (swap
    /// commuting neighbours into file order, merge powers) without growing,
    /// so every shortest solution keeps an equivalent here.
    ///
    /// With `Illegal` lines, a swap may pass through a forbidden position:
    /// `X Y` and `Y X` end alike, but the position after `X` may be
    /// forbidden and the one after `Y` not. That happens only when the two
    /// moves carry pieces to a common slot (were the slots they move
    /// apart, the position between them would hold on each slot either
    /// the start's piece or the end's, both allowed), so such pairs keep
    /// both orders.
    fn canonical(&mut self) {
        let bases = self.actions.iter().map(|a| usize::from(a.base) + 1).max().unwrap_or(0);
        let first: Vec<&Action> = (0..bases)
            .filter_map(|b| self.actions.iter().find(|a| usize::from(a.base) == b && a.power == 1))
            .collect();
        let commute = |a: &Action, b: &Action| {
            let (ab, ba) = (self.compose(a, b), self.compose(b, a));
            ab.from == ba.from && ab.twist == ba.twist
        };
        // The slots an action carries pieces onto (its orientation changes
        // keep every piece on its slot, so no Illegal line sees them).
        let carries = |a: &Action| -> Vec<bool> {
            let mut moved = Vec::with_capacity(a.from.len());
            for set in &self.sets {
                let base = set.offset / 2;
                moved.extend((0..set.count).map(|i| usize::from(a.from[base + i]) != i));
            }
            moved
        };
        let meet = |a: &Action, b: &Action| carries(a).iter().zip(carries(b)).any(|(&x, y)| x && y);
        let illegal = !self.illegal.is_empty();
        let mut commutes = vec![vec![false; bases]; bases];
        for x in &first {
            for y in &first {
                commutes[usize::from(x.base)][usize::from(y.base)] = commute(x, y) && !(illegal && meet(x, y));
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

    /// Whether no `Illegal` line forbids position `s` (always, in a file
    /// without one).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "Set A 3 1\nSolved\nA\n1 2 3\nEnd\nMove X\nA\n2 3 1\nEnd\nIllegal A 1 3\n";
    /// let Definition::Tws(t) = Definition::parse(&Src::new("t.tws", text), None).unwrap() else { panic!() };
    /// assert!(t.legal(&t.scramble("X").unwrap()));
    /// assert!(!t.legal(&t.scramble("X'").unwrap())); // piece 3 on slot 1
    /// ```
    #[inline]
    pub fn legal(&self, s: &[u8]) -> bool {
        self.illegal.iter().all(|(at, mask)| {
            let c = usize::from(s[*at]);
            mask[c / 64] >> (c % 64) & 1 == 0
        })
    }

    /// `s`, when no `Illegal` line forbids it; else which line's rule it
    /// breaks (a search from it could make no move a file allows).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "Set A 3 1\nSolved\nA\n1 2 3\nEnd\nMove X\nA\n2 3 1\nEnd\nIllegal A 1 3\n";
    /// let Definition::Tws(t) = Definition::parse(&Src::new("t.tws", text), None).unwrap() else { panic!() };
    /// let e = t.legal_start(t.scramble("X'").unwrap()).unwrap_err();
    /// assert!(e.contains("piece 3 on slot 1 of A"), "{e}");
    /// ```
    pub fn legal_start(&self, s: Vec<u8>) -> Result<Vec<u8>, String> {
        for (at, mask) in &self.illegal {
            let c = usize::from(s[*at]);
            if mask[c / 64] >> (c % 64) & 1 == 1 {
                let set = self.sets.iter().rfind(|x| x.offset <= *at).expect("a slot of a set");
                return Err(format!(
                    "this start is a position the file's Illegal lines forbid (piece {} on slot {} of {}): no move leads to or from it",
                    set.labels.get(c).map_or(c + 1, |&l| l),
                    at - set.offset + 1,
                    set.name
                ));
            }
        }
        Ok(s)
    }

    /// The actions a canonical sequence may begin with (the moves of the
    /// metric).
    pub(crate) fn first_moves(&self) -> &[usize] {
        &self.metric_moves
    }

    /// The actions a canonical sequence may take after action `a`.
    pub(crate) fn next_moves(&self, a: usize) -> &[u16] {
        &self.next[a]
    }

    /// Whether a move may leave a position as it is (it trades alike
    /// pieces only): such a child is not searched.
    pub(crate) fn has_still_moves(&self) -> bool {
        self.reduced
    }

    /// Finds, for each action, the slots it changes, kept
    /// ([`Tws::sparse`]) when they are at most a quarter of the pieces of a
    /// position of more than [`MAX_BYTES`] bytes: a face turn of a large
    /// cube moves a sixth of its pieces.
    pub(super) fn index_sparse(&mut self) {
        let pieces = self.bytes / 2;
        self.sparse = self
            .actions
            .iter()
            .map(|a| {
                if self.bytes <= MAX_BYTES {
                    return Vec::new();
                }
                let moved: Vec<(u32, u32)> = self
                    .sets
                    .iter()
                    .enumerate()
                    .flat_map(|(k, set)| {
                        let base = set.offset / 2;
                        (0..set.count)
                            .filter(move |&i| usize::from(a.from[base + i]) != i || a.twist[base + i] != 0)
                            .map(move |i| (k as u32, i as u32))
                    })
                    .collect();
                if moved.len() * 4 <= pieces { moved } else { Vec::new() }
            })
            .collect();
    }

    /// Plays action number `i` (of every power of every move) on position
    /// `s` into `out`: by its changed slots alone when it has few.
    #[inline]
    pub(super) fn play_at(&self, i: usize, s: &[u8], out: &mut [u8]) {
        let moved = self.sparse.get(i).map_or(&[][..], |m| &m[..]);
        if moved.is_empty() {
            return self.play(&self.actions[i], s, out);
        }
        let a = &self.actions[i];
        out[..self.bytes].copy_from_slice(&s[..self.bytes]);
        for &(k, i) in moved {
            let (set, i) = (&self.sets[k as usize], i as usize);
            let (o, n, base) = (set.orientations, set.count, set.offset);
            let j = a.from[base / 2 + i] as usize;
            let piece = s[base + j];
            out[base + i] = piece;
            let t = u16::from(s[base + n + j]) + u16::from(a.twist[base / 2 + i]);
            out[base + n + i] = if set.blind >> piece & 1 == 1 {
                0
            } else if t >= u16::from(o) {
                (t - u16::from(o)) as u8
            } else {
                t as u8
            };
        }
    }

    /// Plays action `a` on position `s` into `out`.
    #[inline]
    fn play(&self, a: &Action, s: &[u8], out: &mut [u8]) {
        for set in &self.sets {
            let (o, n, base) = (set.orientations, set.count, set.offset);
            let from = &a.from[base / 2..base / 2 + n];
            let (labels, turns) = s[base..base + 2 * n].split_at(n);
            let (to, turned) = out[base..base + 2 * n].split_at_mut(n);
            for (x, &j) in to.iter_mut().zip(from) {
                *x = labels[usize::from(j)];
            }
            if o == 1 {
                // A single orientation: every turn is 0.
                turned.fill(0);
                continue;
            }
            let twist = &a.twist[base / 2..base / 2 + n];
            for ((x, &j), &w) in turned.iter_mut().zip(from).zip(twist) {
                let t = u16::from(turns[usize::from(j)]) + u16::from(w);
                *x = if t >= u16::from(o) { t - u16::from(o) } else { t } as u8;
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

    /// Names of every move (all powers), as a scramble may use them: the
    /// moves of the search, then rotations and aliases.
    pub fn move_names(&self) -> Vec<&str> {
        self.actions
            .iter()
            .chain(&self.extra)
            .map(|a| a.name.as_str())
            .collect()
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
            let Some(a) = self.actions.iter().chain(&self.extra).find(|a| a.name == word) else {
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
        for (k, pieces, ori) in self.set_chunks(text, "a position")? {
            let (pieces, ori) = (&pieces[..], &ori[..]);
            let set = &self.sets[k];
            let (n, off) = (set.count, set.offset);
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
            if count != self.classes_of_counts(set) {
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

    /// Positions in the ranked space (reachable or not); `None` past `u64`,
    /// when a set has no ranks (more than 20 distinct pieces), or when a
    /// position passes [`MAX_BYTES`] (such puzzles are searched, never
    /// ranked whole).
    pub fn rank_space(&self) -> Option<u64> {
        if self.bytes > MAX_BYTES || self.sets.iter().any(|s| !s.classes.is_ranked()) {
            return None;
        }
        let mut total: u64 = 1;
        for set in &self.sets {
            let o = u64::from(set.orientations);
            total = total
                .checked_mul(set.classes.count())?
                .checked_mul(o.checked_pow(set.digits() as u32)?)?;
        }
        Some(total)
    }

    /// This puzzle with its positions ranked by [`Reach`] (one rank a
    /// position the moves reach, or nearly: see [`Reach::exact`]) where
    /// that numbers no more than its arrangements (the ranks then move by
    /// tables: [`Reach::successor_ranks`]); else why not. What a
    /// whole-space analysis runs on: its table has a slot a rank.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// use tansaku_core::Ranked;
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/pyraminx.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("pyraminx.tws", &text), None).unwrap() else { panic!() };
    /// let (r, reach) = t.ranked_by_reach().unwrap();
    /// assert!(reach.exact());
    /// let p = tansaku_define::tws::Perm::<tansaku_define::Cells<32>>::new(&r);
    /// assert_eq!(p.state_count(), 933_120); // not 44,789,760
    /// ```
    pub fn ranked_by_reach(&self) -> Result<(Tws, std::sync::Arc<Reach>), String> {
        let reach = std::sync::Arc::new(Reach::new(self)?);
        if let Some(n) = self.rank_space().filter(|&n| n < reach.count()) {
            return Err(format!(
                "the sets' arrangements number fewer ({n}) than the ranks of the positions the moves reach ({})",
                reach.count()
            ));
        }
        let mut t = self.clone();
        t.reach = Some(reach.clone());
        Ok((t, reach))
    }

    /// This puzzle ranked by [`Reach`] with no orbits ranked jointly
    /// ([`Reach::tied`]), where its ranks tie some: what classes of
    /// symmetric positions are built over. `None` where none are tied.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/skewb.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("skewb.tws", &text), None).unwrap() else { panic!() };
    /// let (r, reach) = t.ranked_by_reach().unwrap();
    /// assert_eq!(reach.count(), 3_149_280);
    /// let apart = r.untied().unwrap();
    /// assert_eq!(apart.reach().unwrap().count(), 9_447_840);
    /// assert!(!apart.reach().unwrap().exact());
    /// ```
    pub fn untied(&self) -> Option<Tws> {
        if self.reach.as_ref()?.tied().0 == 0 {
            return None;
        }
        let mut t = self.clone();
        t.reach = Some(std::sync::Arc::new(Reach::apart(self).ok()?));
        Some(t)
    }

    /// The [`Reach`] ranks this puzzle's positions take, if any
    /// ([`Tws::ranked_by_reach`]).
    pub fn reach(&self) -> Option<&Reach> {
        self.reach.as_deref()
    }

    /// The number of positions of the ranked space, counted even where no
    /// rank reaches (a set of more than 20 distinct pieces, a puzzle past
    /// [`MAX_BYTES`]): `u64::MAX` past a `u64`.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// assert_eq!(t.position_count(), 3_674_160);
    /// ```
    pub fn position_count(&self) -> u64 {
        if let Some(n) = self.rank_space() {
            return n;
        }
        // In logarithms: a set of 255 pieces has 255! arrangements.
        let mut log2 = 0f64;
        for set in &self.sets {
            let mut placed = 0u32;
            for c in self.classes_of_counts(set) {
                for j in 1..=c {
                    placed += 1;
                    log2 += f64::from(placed).log2() - f64::from(j).log2();
                }
            }
            log2 += set.digits() as f64 * f64::from(set.orientations).log2();
        }
        if log2 >= 63.9 {
            u64::MAX
        } else {
            log2.exp2().round() as u64
        }
    }

    /// How many pieces of each class a set holds in the solved position.
    fn classes_of_counts(&self, set: &PieceSet) -> Vec<u32> {
        let mut count = vec![0u32; set.labels.len()];
        for &c in &self.solved[set.offset..set.offset + set.count] {
            count[usize::from(c)] += 1;
        }
        count
    }

    /// The rank of a position: set after set, the arrangement of the
    /// classes, then the orientations of the pieces whose orientation
    /// counts, in slot order (less the last when the sum is kept).
    #[inline]
    pub fn rank_of(&self, s: &[u8]) -> u64 {
        let mut r: u64 = 0;
        for set in &self.sets {
            let (n, off) = (set.count, set.offset);
            let span = u64::from(set.orientations).pow(set.digits() as u32);
            r = set.rank_onto(r, &s[off..off + n], &s[off + n..off + 2 * n], span);
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

/// The class of value `x` among the distinct values of `nums`, in order.
fn sort_index(nums: &[usize], x: usize) -> usize {
    let mut values: Vec<usize> = nums.to_vec();
    values.sort_unstable();
    values.dedup();
    values.iter().position(|&v| v == x).unwrap_or(0)
}
