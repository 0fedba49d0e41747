//! Move tables on coordinates: a projection's distance table built without
//! ranking positions.
//!
//! A projected `.tws` puzzle ranks a position set after set as `p * span +
//! o`: `p` the arrangement of its piece classes, `o` their orientations
//! (see [`Tws::rank_of`]). A move changes `p` by a permutation of the
//! slots, and `o` in a way that depends on `p` at most through the twists
//! the kept pieces pick up:
//!
//! * a whole set (orientations in slot order): `o` alone decides the new
//!   orientations, so `p` and `o` each get a table, `p' = P[p][a]` and
//!   `o' = O[o][a]` (Kociemba's coordinates);
//! * pieces kept among others made identical, orientations in piece order:
//!   one table gives the new `p` and the twists the pieces pick up, added
//!   to `o` digit by digit (XOR for two orientations);
//! * no orientation: `p` alone.
//!
//! [`Coords`] is then a [`Ranked`] puzzle whose states are the ranks
//! themselves: the dense engine expands a rank with a table read a set and
//! a move instead of an unrank, a move played on bytes and a rank. The
//! distances are those of the projected puzzle's own ranks, entry for
//! entry (tested against the generic engine).

use super::tws::{PieceSet, Tws};
use rayon::prelude::*;
use tansaku_core::puzzle::{Puzzle, Ranked};

/// How one set's orientation coordinate moves.
#[derive(Debug)]
enum Twists {
    /// None kept (one orientation).
    None,
    /// Slot order: `o' = table[o * moves + a]`.
    Slots(Vec<u32>),
    /// Piece order: the table of positions holds `p' * span + t`, with `t`
    /// the twists picked up; `o' = o + t` digit by digit in base `base`.
    Pieces { base: u32, add: Add },
    /// The orientations of some classes only, in slot order (the cube's
    /// edges in their slices, one slice turned): which slots they are on
    /// depends on the arrangement, so one table moves the pair, indexed by
    /// the whole component.
    Joint,
}

/// Digit-wise addition of two orientation vectors.
#[derive(Debug)]
enum Add {
    /// Base 2: XOR.
    Xor,
    /// A table of every pair (`span * span` entries).
    Table(Vec<u32>),
    /// Digit by digit.
    Digits(u32),
}

/// One set's coordinate: `positions` arrangements times `span`
/// orientations.
#[derive(Debug)]
struct SetCoord {
    span: u64,
    size: u64,
    /// `moves` entries per arrangement: the next arrangement (times `span`
    /// plus the twists picked up, in piece order).
    next: Vec<u32>,
    twists: Twists,
}

/// A projected puzzle's ranks as states, moved by tables (see the module
/// documentation). Its ranks are [`Tws::rank_of`]'s.
#[derive(Debug)]
pub struct Coords {
    sets: Vec<SetCoord>,
    moves: usize,
    total: u64,
    /// The ranks of the solved positions.
    goals: Vec<u64>,
}

/// One set of a projected puzzle laid out for its tables: its sizes, and
/// each move's action on its slots.
struct Layout<'a> {
    t: &'a Tws,
    set: &'a PieceSet,
    /// Slots, orientations, orientation digits kept.
    n: usize,
    o: u64,
    digits: usize,
    span: u64,
    positions: u64,
    moves: usize,
    /// Orientations in piece order (pieces kept among others).
    pieces: bool,
    /// Each move's `from` and `twist` on the set's slots.
    actions: Vec<(&'a [u8], &'a [u8])>,
    /// Where each slot's piece goes: `to[a][i]`.
    to: Vec<Vec<usize>>,
}

impl<'a> Layout<'a> {
    fn of(t: &'a Tws, set: &'a PieceSet) -> Layout<'a> {
        let (n, o) = (set.count, u64::from(set.orientations));
        let digits = set.digits();
        let base = set.offset / 2;
        let actions: Vec<(&[u8], &[u8])> = t
            .metric_moves
            .iter()
            .map(|&i| {
                let a = &t.actions[i];
                (&a.from[base..base + n], &a.twist[base..base + n])
            })
            .collect();
        let to = actions
            .iter()
            .map(|(from, _)| {
                let mut to = vec![0; n];
                for (j, &f) in from.iter().enumerate() {
                    to[usize::from(f)] = j;
                }
                to
            })
            .collect();
        Layout {
            t,
            set,
            n,
            o,
            digits,
            span: o.pow(digits as u32),
            positions: set.classes.count(),
            moves: t.metric_moves.len(),
            pieces: set.piece_order && o > 1,
            actions,
            to,
        }
    }

    /// The set's coordinate: its tables, `None` when one would pass
    /// `u32` entries.
    fn coordinate(&self) -> Option<SetCoord> {
        let (span, size) = (self.span, self.positions * self.span);
        // Pieces kept among blind ones: one table for the pair.
        if self.set.blind != 0 && !self.set.piece_order {
            return Some(SetCoord {
                span,
                size,
                next: self.joint(),
                twists: Twists::Joint,
            });
        }
        let twists = if self.o == 1 {
            Twists::None
        } else if self.pieces {
            Twists::Pieces {
                base: self.o as u32,
                add: self.add(),
            }
        } else {
            Twists::Slots(self.slot_twists()?)
        };
        Some(SetCoord {
            span,
            size,
            next: self.arrangements(),
            twists,
        })
    }

    /// The joint table: each arrangement with the orientations of the
    /// classes not blind, moved.
    fn joint(&self) -> Vec<u32> {
        let (set, n, o, span, moves) = (self.set, self.n, self.o, self.span, self.moves);
        let blind = set.blind;
        let actions = &self.actions;
        (0..self.positions * span)
            .into_par_iter()
            .flat_map_iter(|c| {
                let (p, mut ori) = (c / span, c % span);
                let (mut seq, mut turn) = ([0u8; 64], [0u8; 64]);
                set.classes.unrank_into(p, &mut seq[..n]);
                // As the rank writes them: the slots of classes not
                // blind, in slot order, the first most significant.
                for i in (0..n).rev() {
                    if blind >> seq[i] & 1 == 0 {
                        turn[i] = (ori % o) as u8;
                        ori /= o;
                    }
                }
                (0..moves).map(move |a| {
                    let (from, twist) = actions[a];
                    let mut out = [0u8; 64];
                    let mut y = 0u64;
                    for i in 0..n {
                        let f = usize::from(from[i]);
                        out[i] = seq[f];
                        if blind >> seq[f] & 1 == 0 {
                            y = y * o + (u64::from(turn[f]) + u64::from(twist[i])) % o;
                        }
                    }
                    (set.classes.rank(&out[..n]) * span + y) as u32
                })
            })
            .collect()
    }

    /// The table of arrangements: each moved, times `span` plus the
    /// twists the kept pieces pick up (orientations in piece order).
    fn arrangements(&self) -> Vec<u32> {
        let (set, n, o, span, digits, pieces) = (self.set, self.n, self.o, self.span, self.digits, self.pieces);
        let (to, actions) = (&self.to, &self.actions);
        let moves = self.moves;
        (0..self.positions)
            .into_par_iter()
            .flat_map_iter(|p| {
                let mut seq = [0u8; 64];
                set.classes.unrank_into(p, &mut seq[..n]);
                (0..moves).map(move |a| {
                    let mut out = [0u8; 64];
                    for (i, &f) in actions[a].0.iter().enumerate() {
                        out[i] = seq[usize::from(f)];
                    }
                    let q = set.classes.rank(&out[..n]);
                    if !pieces {
                        return q as u32;
                    }
                    // The twist each kept piece (class c, on slot i)
                    // picks up where it lands.
                    let mut tw = 0u64;
                    let mut at = [0usize; 64];
                    for (i, &c) in seq[..n].iter().enumerate() {
                        at[usize::from(c)] = i;
                    }
                    for &i in &at[..digits] {
                        tw = tw * o + u64::from(actions[a].1[to[a][i]]);
                    }
                    (q * span + tw) as u32
                })
            })
            .collect()
    }

    /// How twists in piece order are added to the orientations.
    fn add(&self) -> Add {
        let (o, span) = (self.o, self.span);
        if o == 2 {
            Add::Xor
        } else if span <= ADD_TABLE {
            Add::Table(
                (0..span * span)
                    .map(|xy| add_digits(xy / span, xy % span, o, self.digits as u32) as u32)
                    .collect(),
            )
        } else {
            Add::Digits(self.digits as u32)
        }
    }

    /// The table of orientations in slot order, `None` past `2^28`
    /// entries: decoded as the rank does (the last digit from the sum when
    /// kept), moved, encoded.
    fn slot_twists(&self) -> Option<Vec<u32>> {
        let (set, n, o, digits, moves) = (self.set, self.n, self.o, self.digits, self.moves);
        if self.span * moves as u64 > 1 << 28 {
            return None;
        }
        let solved_sum = {
            let s = &self.t.solved[set.offset + n..set.offset + 2 * n];
            s.iter().map(|&x| u64::from(x)).sum::<u64>() % o
        };
        let actions = &self.actions;
        Some(
            (0..self.span)
                .into_par_iter()
                .flat_map_iter(|x| {
                    let mut d = [0u64; 64];
                    let mut r = x;
                    let mut sum = 0;
                    for k in (0..digits).rev() {
                        d[k] = r % o;
                        r /= o;
                        sum += d[k];
                    }
                    if set.sum_kept {
                        d[n - 1] = (solved_sum + o - sum % o) % o;
                    }
                    (0..moves).map(move |a| {
                        let (from, twist) = actions[a];
                        let mut y = 0u64;
                        for i in 0..digits {
                            y = y * o + (d[usize::from(from[i])] + u64::from(twist[i])) % o;
                        }
                        y as u32
                    })
                })
                .collect(),
        )
    }
}

/// Most sets a coordinate holds.
const MAX_SETS: usize = 16;

/// Largest orientation span added through a table of pairs.
const ADD_TABLE: u64 = 1024;

/// Largest table of a [`Twists::Joint`] set (entries: states times moves).
const JOINT: u64 = 1 << 28;

impl Coords {
    /// The tables of `t` (a projected puzzle), or `None` when a set does
    /// not suit them (pieces kept among identical ones that are themselves
    /// alike, or a table past `u32`): the generic engine builds those.
    pub fn new(t: &Tws) -> Option<Coords> {
        if !Coords::suit(t) {
            return None;
        }
        let sets = t
            .sets
            .iter()
            .map(|set| Layout::of(t, set).coordinate())
            .collect::<Option<Vec<SetCoord>>>()?;
        let total = sets.iter().try_fold(1u64, |acc, s| acc.checked_mul(s.size))?;
        Some(Coords {
            sets,
            moves: t.metric_moves.len(),
            total,
            goals: t.goals.iter().map(|g| t.rank_of(g)).collect(),
        })
    }

    /// Whether [`Coords::new`] builds tables for `t`: at most
    /// [`MAX_SETS`] sets, a joint table (pieces kept among blind ones) of
    /// at most [`JOINT`] entries, position tables indexed by `u32`.
    fn suit(t: &Tws) -> bool {
        let moves = t.metric_moves.len() as u64;
        t.sets.len() <= MAX_SETS
            && t.sets.iter().all(|set| {
                let o = u64::from(set.orientations);
                let Some(size) = o
                    .checked_pow(set.digits() as u32)
                    .and_then(|span| set.classes.count().checked_mul(span))
                else {
                    return false;
                };
                let joint = set.blind != 0 && !set.piece_order;
                let pieces = set.piece_order && o > 1;
                let most = u64::from(u32::MAX) + 1;
                !(joint && (size > most || size.saturating_mul(moves) > JOINT))
                    && (if pieces { size } else { set.classes.count() }) <= most
            })
    }

    /// Bytes of the move tables of `t` ([`Coords::new`] allocates about
    /// this much; none where it declines, the generic engine building
    /// the table).
    pub fn bytes(t: &Tws) -> u64 {
        if !Coords::suit(t) {
            return 0;
        }
        let moves = t.metric_moves.len() as u64;
        t.sets
            .iter()
            .map(|set| {
                let o = u64::from(set.orientations);
                let span = o.saturating_pow(set.digits() as u32);
                let tables = if set.blind != 0 && !set.piece_order {
                    set.classes.count().saturating_mul(span)
                } else {
                    set.classes
                        .count()
                        .saturating_add(if set.piece_order { 0 } else { span })
                };
                let add = if set.piece_order && o > 2 && span <= ADD_TABLE {
                    span * span
                } else {
                    0
                };
                tables.saturating_mul(moves).saturating_add(add).saturating_mul(4)
            })
            .fold(0u64, u64::saturating_add)
    }

    /// The component of set `k` after move `a` from component `c`.
    #[inline]
    fn step(&self, k: usize, c: u64, a: usize) -> u64 {
        let set = &self.sets[k];
        if let Twists::Joint = set.twists {
            return u64::from(set.next[c as usize * self.moves + a]);
        }
        let (p, o) = (c / set.span, c % set.span);
        let e = u64::from(set.next[p as usize * self.moves + a]);
        match &set.twists {
            Twists::None | Twists::Joint => e,
            Twists::Slots(table) => e * set.span + u64::from(table[o as usize * self.moves + a]),
            Twists::Pieces { base, add } => {
                let t = e % set.span;
                let sum = match add {
                    Add::Xor => o ^ t,
                    Add::Table(table) => u64::from(table[(o * set.span + t) as usize]),
                    Add::Digits(digits) => add_digits(o, t, u64::from(*base), *digits),
                };
                e - t + sum
            }
        }
    }
}

/// `x + y` digit by digit (no carry) on `digits` digits in base `b`.
fn add_digits(mut x: u64, mut y: u64, b: u64, digits: u32) -> u64 {
    let (mut out, mut unit) = (0, 1);
    for _ in 0..digits {
        out += (x % b + y % b) % b * unit;
        x /= b;
        y /= b;
        unit *= b;
    }
    out
}

impl Puzzle for Coords {
    type State = u64;
    type Move = u16;

    #[inline]
    fn for_each_successor(&self, s: &u64, mut f: impl FnMut(u16, u64)) {
        if self.sets.len() == 1 {
            for a in 0..self.moves {
                f(a as u16, self.step(0, *s, a));
            }
            return;
        }
        let mut parts = [0u64; MAX_SETS];
        let mut r = *s;
        for (k, set) in self.sets.iter().enumerate().rev() {
            parts[k] = r % set.size;
            r /= set.size;
        }
        for a in 0..self.moves {
            let mut t = 0;
            for (k, set) in self.sets.iter().enumerate() {
                t = t * set.size + self.step(k, parts[k], a);
            }
            f(a as u16, t);
        }
    }

    fn apply(&self, s: &u64, m: u16) -> Option<u64> {
        let mut out = None;
        self.for_each_successor(s, |a, t| {
            if a == m {
                out = Some(t);
            }
        });
        out
    }

    #[inline]
    fn is_goal(&self, s: &u64) -> bool {
        self.goals.contains(s)
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<u64>> {
        Some(self.goals.clone())
    }
}

impl Ranked for Coords {
    fn state_count(&self) -> u64 {
        self.total
    }

    #[inline]
    fn rank(&self, s: &u64) -> u64 {
        *s
    }

    #[inline]
    fn unrank(&self, r: u64) -> u64 {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::add_digits;

    #[test]
    fn digits_add_without_carry() {
        // 2 1 0 + 2 2 1 (base 3) = 1 0 1
        assert_eq!(add_digits(2 * 9 + 3, 2 * 9 + 2 * 3 + 1, 3, 3), 9 + 1);
        // XOR in base 2.
        for (x, y) in [(5u64, 3u64), (0, 7), (6, 6)] {
            assert_eq!(add_digits(x, y, 2, 3), x ^ y);
        }
    }
}
