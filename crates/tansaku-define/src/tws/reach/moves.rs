//! Move tables on [`Reach`]'s ranks: the ranks of a rank's successors
//! without its position.
//!
//! A rank is, orbit by orbit, an arrangement (less its parity) and
//! orientations (less the last, given by the sum), then the element of
//! `H` its parities and sums make. A move permutes an orbit's slots and
//! adds twists, so each orbit gets Kociemba's two coordinates:
//!
//! * the arrangement's full rank `c` (the parity included), moved by a
//!   table `c' = P[c][a]` whose entries also hold the new parity;
//! * the orientations as steps, every slot a digit (the sum included),
//!   moved by `x' = O[x][a]`, whose entries hold the rank's digits and
//!   the new sum;
//!
//! and an orbit whose states are listed ([`super::orbit::Table`]) one
//! table over its list. A rank is taken apart once
//! into these coordinates; each successor's rank is then a table read a
//! coordinate and a move, and the sum of each orbit's share.
//!
//! Adjacent orbits whose joint keys are few are read as one table
//! ([`fused`]): the Master Pyramorphix's ten orbits as three.
//!
//! An orbit of distinct pieces whose arrangements would pass
//! [`MAX_ENTRIES`] is ranked in two halves, each with its table
//! ([`Split`]). Tables are built when every orbit's fit and its
//! orientations do not depend on the pieces (no ignored turns), when they
//! hold fewer entries than half the successors of every rank (a small
//! puzzle's positions are played faster than its tables are built), and
//! when they take at most twice the distance table at two bits (or
//! [`SMALL_TOTAL`] entries; the analysis counts them in its budget); else
//! [`Moves::new`] declines and the positions are played on bytes.

use super::orbit::{Orbit, Split};
#[cfg(doc)]
use super::tie::Tie;
use super::{MAX_ORBIT, Reach};
use crate::tws::{Action, Tws};
use rayon::prelude::*;

mod blocks;
mod fused;
mod halves;

/// Entries (coordinates times moves) a table holds at most.
const MAX_ENTRIES: u64 = 1 << 26;

/// Entries all the tables hold at most (4 bytes each).
const MAX_TOTAL: u64 = 1 << 27;

/// Entries the tables may hold whatever the distance table's size: 16
/// MiB. A small puzzle's tables may be larger than its distance table
/// and still pay: the skewb diamond's 737,280 entries (2.9 MB, beside
/// 415 kB at two bits) take its analysis from 0.30 s on bytes to 0.09 s.
const SMALL_TOTAL: u64 = 1 << 22;

/// Orbits at most.
const MAX_PARTS: usize = 32;

/// An orbit's tables and its share of a rank.
// One a orbit, read in the innermost loop: kept inline, not boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Coordinate {
    /// Arithmetic: arrangement and orientations.
    Split {
        arrangement: Arrangement,
        /// The arrangement's rank drops its last bit (a kept parity).
        halve: bool,
        /// `O[x * moves + a]`: the new orientations' first `n - 1` digits,
        /// their sum (mod `m`) from bit 24. Empty when nothing turns.
        ori: Vec<u32>,
        /// Each orientation vector's sum (mod `m`).
        sums: Vec<u8>,
        /// Orientations a slot takes, and `m` to the digits a rank keeps.
        m: u64,
        unit: u64,
    },
    /// Listed: `L[f * moves + a]`, `f = class * span + place` as the list
    /// numbers it, the entry `class << 24 | place`.
    Listed { next: Vec<u32>, span: u64 },
    /// Adjacent parts fused ([`fused`]): `N[k * moves + a]`, `k = l *
    /// span + x` where `l` numbers the invariants at the part's places
    /// and `x` is the parts' joint digit; the entry `share << 32 | code`.
    Fused { next: Vec<u64> },
}

/// How an arrangement's rank moves.
#[derive(Debug)]
enum Arrangement {
    /// `P[c * moves + a]`: the new arrangement's rank, its parity in bit
    /// 31; each arrangement's parity, a bit each.
    Whole { perm: Vec<u32>, parity: Vec<u64> },
    /// In two halves ([`Split`]): `F[f * moves + a]`, where the first half
    /// stands after the move and bit 31 its share of the parity;
    /// `R[r * moves + a]`, the second half's order after it and bit 31
    /// that order's parity. The shares of each first half's and each
    /// order's parity, a bit each.
    /// A rank's coordinates: the first half's `f`, and the second's from
    /// the slots the first leaves (`set_of_first[f]`, a set of slots by
    /// its colex rank) and the order `o` on them, `rest_of[set * orders +
    /// o]`, two reads where placing the halves and ranking the second
    /// would take two unranks and a rank.
    Halves {
        first: Vec<u32>,
        rest: Vec<u32>,
        first_parity: Vec<u64>,
        order_parity: Vec<u64>,
        orders: u64,
        set_of_first: Vec<u32>,
        rest_of: Vec<u32>,
    },
}

/// One orbit's tables, where its share of a rank sits and what its
/// invariants add to the code of `H`.
#[derive(Debug)]
struct Part {
    coordinate: Coordinate,
    /// The orbit's ranks, and the weight of its digit in a rank.
    span: u64,
    weight: u64,
    /// What a parity of 0 or 1 adds to the invariants' code.
    parity_code: [u64; 2],
    /// What each sum adds to it.
    sum_code: Vec<u64>,
    /// Listed: what each class adds to it.
    class_code: Vec<u64>,
    /// Which kept invariants the orbit has ([`Reach`]'s places).
    parity_at: Option<usize>,
    sum_at: Option<usize>,
    /// Listed: the kept invariants that class a state, and their moduli;
    /// a tie's numbers of the classes its states have ([`Tie`]).
    places: Vec<(usize, u8)>,
    compact: Vec<u32>,
}

/// The tables of a [`Reach`]: see the module documentation.
pub(super) struct Moves {
    moves: usize,
    parts: Vec<Part>,
    /// Where the ranks come in blocks ([`block_len`]): the ranks a block
    /// holds, and the last part's share of each successor, `moves`
    /// entries an offset.
    blocks: Option<(u64, Vec<u32>)>,
}

impl std::fmt::Debug for Moves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Moves({} moves, {} orbits)", self.moves, self.parts.len())
    }
}

/// Where each of an orbit's slots takes its piece from, and the twist it
/// adds in steps, for each move.
struct Local {
    from: Vec<[u8; MAX_ORBIT]>,
    /// In steps among the orientations a slot holds, and as the file
    /// writes it.
    twist: Vec<[u8; MAX_ORBIT]>,
    raw: Vec<[u8; MAX_ORBIT]>,
}

impl Local {
    fn of(orbit: &Orbit, moves: &[&Action]) -> Local {
        let base = orbit.offset / 2;
        let n = orbit.slots.len();
        let o = u32::from(orbit.o);
        let mut from = vec![[0u8; MAX_ORBIT]; moves.len()];
        let mut twist = vec![[0u8; MAX_ORBIT]; moves.len()];
        let mut raw = vec![[0u8; MAX_ORBIT]; moves.len()];
        for (a, m) in moves.iter().enumerate() {
            for k in 0..n {
                let i = usize::from(orbit.slots[k]);
                let j = orbit
                    .slots
                    .iter()
                    .position(|&x| x == m.from[base + i])
                    .expect("a move keeps pieces in their orbit");
                from[a][k] = j as u8;
                raw[a][k] = m.twist[base + i];
                let t = u32::from(m.twist[base + i]) + u32::from(orbit.turn[j]) + o - u32::from(orbit.turn[k]);
                twist[a][k] = (t % o / u32::from(orbit.step)) as u8;
            }
        }
        Local { from, twist, raw }
    }
}

impl Moves {
    /// The entries (4 bytes each) the tables of `reach` hold, or `None`
    /// when they are not built (see the module documentation): sizes
    /// first, nothing is built for a puzzle that does not suit.
    pub(super) fn entries(reach: &Reach, t: &Tws) -> Option<u64> {
        let m = t.metric_moves.len() as u64;
        let mut total = 0u64;
        for (i, orbit) in reach.orbits.iter().enumerate() {
            let n = orbit.slots.len() as u32;
            let entries = match (orbit.tie.map(|k| &reach.ties[k]), &orbit.table) {
                (Some(tie), _) if tie.members[0] == i => [tie.table.codes.len() as u64 * tie.span, 0],
                (Some(_), _) => [0, 0],
                (None, Some(table)) => [table.codes.len() as u64 * orbit.span, 0],
                (None, None) if orbit.blinded || (orbit.reached > 1 && orbit.sum.is_none()) => return None,
                (None, None) => [
                    orbit
                        .split
                        .as_ref()
                        .map_or(orbit.classes.count(), |s| s.first.count() + s.rest.count()),
                    u64::from(orbit.reached).checked_pow(n)? * u64::from(orbit.reached > 1),
                ],
            };
            for e in entries {
                let e = e.checked_mul(m)?;
                if e > MAX_ENTRIES || e >= 1 << 31 {
                    return None;
                }
                total += e;
            }
        }
        // Halves read the second half's rank from two more tables.
        total += reach
            .orbits
            .iter()
            .filter(|o| o.tie.is_none() && o.table.is_none())
            .filter_map(|o| o.split.as_ref())
            .map(|s| s.first.count() + s.rest.count())
            .sum::<u64>();
        // A fused table's entries are 8 bytes: two of 4.
        total += fused::runs(reach, m).iter().map(|(_, keys)| keys * m * 2).sum::<u64>();
        total += blocks::block_len(reach, m).map_or(0, |len| len * m);
        // Tables larger than the successors they would give cost more
        // to build than the positions played (Loopover 3x3: 4,354,560
        // entries for 181,440 positions); they take at most twice the
        // distance table at two bits, or [`SMALL_TOTAL`] entries, beside
        // it, and the analysis counts them in its budget.
        let fits = total <= MAX_TOTAL
            && total <= reach.count.saturating_mul(m) / 2
            && total <= (reach.count / 8).max(SMALL_TOTAL)
            && reach.orbits.len() <= MAX_PARTS;
        fits.then_some(total)
    }

    /// The tables of `reach` (built from `t`'s moves), or `None` when an
    /// orbit does not suit them.
    pub(super) fn new(reach: &Reach, t: &Tws) -> Option<Moves> {
        Moves::entries(reach, t)?;
        Some(Moves::build(reach, t))
    }

    /// The tables of `reach`, whatever their size (every orbit must suit
    /// them: see [`Moves::entries`]).
    fn build(reach: &Reach, t: &Tws) -> Moves {
        let moves: Vec<&Action> = t.metric_moves.iter().map(|&i| &t.actions[i]).collect();
        let mut weight = 1u64;
        let mut parts: Vec<Part> = fused::part_orbits(reach)
            .rev()
            .map(|orbit| {
                let part = Part::of(reach, t, orbit, &moves, weight);
                weight *= orbit.span;
                part
            })
            .collect();
        parts.reverse();
        for (run, _) in fused::runs(reach, moves.len() as u64).into_iter().rev() {
            let one = Part::fused(&parts[run.clone()], reach, moves.len());
            parts.splice(run, [one]);
        }
        let m = moves.len();
        let blocks = blocks::table(reach, &parts, m);
        Moves {
            moves: m,
            parts,
            blocks,
        }
    }

    /// Calls `f` with the rank of each successor of the position of rank
    /// `r` (move by move, in the file's order of metric moves) until it
    /// returns `true`; whether it did.
    #[inline]
    pub(super) fn successors_until(&self, reach: &Reach, r: u64, f: impl FnMut(u64) -> bool) -> bool {
        // The coordinates live in an array of the parts' size class: one
        // of MAX_PARTS, cleared for every rank, was 8% of a small
        // puzzle's run (PuzzlerChallenger).
        match self.parts.len() {
            0..=2 => self.successors_in::<2>(reach, r, f),
            3..=4 => self.successors_in::<4>(reach, r, f),
            5..=8 => self.successors_in::<8>(reach, r, f),
            9..=16 => self.successors_in::<16>(reach, r, f),
            _ => self.successors_in::<MAX_PARTS>(reach, r, f),
        }
    }

    /// [`Moves::successors_until`] with at most `N` parts.
    #[inline(always)]
    fn successors_in<const N: usize>(&self, reach: &Reach, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let h = reach.members.len() as u64;
        let (mut rest, at) = (r / h, (r % h) as usize);
        let v = invariants(reach, at);
        // Each orbit's coordinates.
        let mut coords = [[0usize; 3]; N];
        for (k, part) in self.parts.iter().enumerate().rev() {
            let x = rest % part.span;
            rest /= part.span;
            coords[k] = part.coordinates(x, &v);
        }
        let moves = self.moves;
        for a in 0..moves {
            let (mut rank, mut code) = (0u64, 0u64);
            for (part, c) in self.parts.iter().zip(&coords) {
                let (local, add) = part.after(c, a, moves);
                rank += local * part.weight;
                code += add;
            }
            if f(rank * h + u64::from(reach.index[code as usize])) {
                return true;
            }
        }
        false
    }
}

impl Part {
    /// The tables of `orbit` (of a tie, when it is its first member), its
    /// digit of weight `weight` in a rank.
    fn of(reach: &Reach, t: &Tws, orbit: &Orbit, moves: &[&Action], weight: u64) -> Part {
        let local = Local::of(orbit, moves);
        // What an invariant of value `x` at place `k` adds to the code.
        let code = |k: usize, x: u64| {
            let radix: u64 = reach.moduli[k + 1..].iter().map(|&m| u64::from(m)).product();
            let m = u64::from(reach.moduli[k]);
            (x + m - u64::from(reach.goal[k])) % m * radix
        };
        let parity_code = orbit.parity.map_or([0, 0], |k| [code(k, 0), code(k, 1)]);
        let sum_code = orbit.sum.map_or(vec![0], |k| {
            (0..u64::from(reach.moduli[k])).map(|x| code(k, x)).collect()
        });
        // The places of a listed orbit's class: its parity, then its sum.
        let mut places: Vec<(usize, u8)> = [orbit.parity, orbit.sum]
            .into_iter()
            .flatten()
            .map(|k| (k, reach.moduli[k]))
            .collect();
        let mut compact = Vec::new();
        let (coordinate, class_code) = match (orbit.tie.map(|k| &reach.ties[k]), &orbit.table) {
            (Some(tie), _) => {
                places = tie.places.clone();
                compact = tie.compact.clone();
                let mut v = [0u8; super::MAX_KEPT];
                let class_code = (0..tie.table.codes.len())
                    .map(|l| {
                        tie.unclass(l, &mut v);
                        tie.places.iter().map(|&(k, _)| code(k, u64::from(v[k]))).sum()
                    })
                    .collect();
                (
                    Coordinate::Listed {
                        next: tie.next(&reach.orbits, t),
                        span: tie.span,
                    },
                    class_code,
                )
            }
            (None, Some(table)) => {
                let classes = table.codes.len();
                let class_code = (0..classes)
                    .map(|l| {
                        let (p, s) = orbit.unlocal(l);
                        parity_code[usize::from(p)] + sum_code[usize::from(s)]
                    })
                    .collect();
                (
                    Coordinate::Listed {
                        next: listed(orbit, &local, moves.len()),
                        span: orbit.span,
                    },
                    class_code,
                )
            }
            (None, None) => (split(orbit, &local, moves.len()), Vec::new()),
        };
        Part {
            coordinate,
            span: orbit.span,
            weight,
            parity_code,
            sum_code,
            class_code,
            parity_at: orbit.parity,
            sum_at: orbit.sum,
            places,
            compact,
        }
    }

    /// The coordinates of the orbit's rank `x` with invariants `v`: the
    /// arrangement's (one, or a [`Split`]'s two) and the orientations';
    /// a listed orbit's or a tie's place among all its states.
    #[inline(always)]
    fn coordinates(&self, x: u64, v: &[u8]) -> [usize; 3] {
        let parity = self.parity_at.map_or(0, |i| v[i]);
        let sum = self.sum_at.map_or(0, |i| v[i]);
        match &self.coordinate {
            Coordinate::Split {
                arrangement,
                halve,
                sums,
                m,
                unit,
                ..
            } => {
                let (p, o) = (x / unit, x % unit);
                let o = if *m > 1 {
                    // The last digit, from the sum.
                    let s = u64::from(sums[(o * m) as usize]);
                    o * m + (u64::from(sum) + m - s) % m
                } else {
                    0
                };
                let [c, r] = arrangement.coordinates(p, *halve, parity);
                [c, r, o as usize]
            }
            Coordinate::Listed { span, .. } => {
                let l = self
                    .places
                    .iter()
                    .fold(0usize, |a, &(k, m)| a * usize::from(m) + usize::from(v[k]));
                let l = self.compact.get(l).map_or(l as u64, |&c| u64::from(c));
                [(l * span + x) as usize, 0, 0]
            }
            Coordinate::Fused { .. } => {
                let l = self
                    .places
                    .iter()
                    .fold(0u64, |a, &(k, m)| a * u64::from(m) + u64::from(v[k]));
                [(l * self.span + x) as usize, 0, 0]
            }
        }
    }

    /// The orbit's share of the rank after move `a` from coordinates `c`,
    /// and what its invariants add to the code.
    #[inline(always)]
    fn after(&self, c: &[usize; 3], a: usize, moves: usize) -> (u64, u64) {
        match &self.coordinate {
            Coordinate::Split {
                arrangement,
                halve,
                ori,
                unit,
                ..
            } => {
                let (p, odd) = match arrangement {
                    Arrangement::Whole { perm, .. } => {
                        let e = perm[c[0] * moves + a];
                        (u64::from(e & 0x7FFF_FFFF), e >> 31)
                    }
                    Arrangement::Halves {
                        first, rest, orders, ..
                    } => {
                        let (f, r) = (first[c[0] * moves + a], rest[c[1] * moves + a]);
                        (
                            u64::from(f & 0x7FFF_FFFF) * orders + u64::from(r & 0x7FFF_FFFF),
                            (f ^ r) >> 31,
                        )
                    }
                };
                let p = if *halve { p >> 1 } else { p };
                let mut code = self.parity_code[odd as usize];
                let mut local = p * unit;
                if !ori.is_empty() {
                    let g = ori[c[2] * moves + a];
                    local += u64::from(g & 0xFF_FFFF);
                    code += self.sum_code[(g >> 24) as usize];
                }
                (local, code)
            }
            Coordinate::Listed { next, .. } => {
                let e = next[c[0] * moves + a];
                (u64::from(e & 0xFF_FFFF), self.class_code[(e >> 24) as usize])
            }
            Coordinate::Fused { next } => {
                let e = next[c[0] * moves + a];
                (e >> 32, e & 0xFFFF_FFFF)
            }
        }
    }
}

/// The invariants of the element `at` of `H`, as a rank keeps them.
#[inline(always)]
pub(super) fn invariants(reach: &Reach, at: usize) -> [u8; super::MAX_KEPT] {
    let mut v = [0u8; super::MAX_KEPT];
    let mut e = u64::from(reach.members[at]);
    for k in (0..reach.moduli.len()).rev() {
        let m = u64::from(reach.moduli[k]);
        v[k] = ((e % m + u64::from(reach.goal[k])) % m) as u8;
        e /= m;
    }
    v
}

/// Bit `i` of a bit set.
#[inline]
fn bit(bits: &[u64], i: u64) -> u32 {
    (bits[(i / 64) as usize] >> (i % 64) & 1) as u32
}

impl Arrangement {
    /// The table coordinates of the arrangement of rank `p` (halved when
    /// `halve`, its parity then `parity`).
    #[inline]
    fn coordinates(&self, p: u64, halve: bool, parity: u8) -> [usize; 2] {
        match self {
            Arrangement::Whole { parity: bits, .. } => {
                let c = if halve {
                    let c = p * 2;
                    c + u64::from(bit(bits, c) != u32::from(parity))
                } else {
                    p
                };
                [c as usize, 0]
            }
            Arrangement::Halves {
                first_parity,
                order_parity,
                orders,
                set_of_first,
                rest_of,
                ..
            } => {
                let c = if halve { p * 2 } else { p };
                let (f, mut o) = (c / orders, c % orders);
                if halve && bit(first_parity, f) ^ bit(order_parity, o) != u32::from(parity) {
                    o += 1;
                }
                // Where the second half stands, from the first half's
                // slots and its order.
                let set = u64::from(set_of_first[f as usize]);
                [f as usize, rest_of[(set * orders + o) as usize] as usize]
            }
        }
    }
}

/// The tables of an orbit ranked by arithmetic.
fn split(orbit: &Orbit, local: &Local, moves: usize) -> Coordinate {
    let n = orbit.slots.len();
    let halve = orbit.parity.is_some();
    let arrangement = match &orbit.split {
        None => whole(orbit, local, moves),
        Some(split) => halves::halves(split, n, local, moves),
    };
    let m = u64::from(orbit.reached);
    let (ori, sums, unit) = if m > 1 {
        let space = m.pow(n as u32);
        let sums: Vec<u8> = (0..space)
            .map(|x| (digits(x, m, n).iter().map(|&d| u64::from(d)).sum::<u64>() % m) as u8)
            .collect();
        let ori: Vec<u32> = filled(space, moves, |x, row| {
            let d = digits(x, m, n);
            for (a, e) in row.iter_mut().enumerate() {
                *e = {
                    let mut y = 0u64;
                    let mut sum = 0u64;
                    for k in 0..n {
                        let t = (u64::from(d[usize::from(local.from[a][k])]) + u64::from(local.twist[a][k])) % m;
                        sum += t;
                        if k + 1 < n {
                            y = y * m + t;
                        }
                    }
                    (y | (sum % m) << 24) as u32
                };
            }
        });
        (ori, sums, m.pow(orbit.digits))
    } else {
        (Vec::new(), Vec::new(), 1)
    };
    Coordinate::Split {
        arrangement,
        halve,
        ori,
        sums,
        m,
        unit,
    }
}

/// The table of an orbit's arrangements, whole.
fn whole(orbit: &Orbit, local: &Local, moves: usize) -> Arrangement {
    let n = orbit.slots.len();
    let classes = &orbit.classes;
    let halve = orbit.parity.is_some();
    let perm = filled(classes.count(), moves, |c, row| {
        let mut seq = [0u8; MAX_ORBIT];
        classes.unrank_into(c, &mut seq[..n]);
        for (a, e) in row.iter_mut().enumerate() {
            let mut out = [0u8; MAX_ORBIT];
            for k in 0..n {
                out[k] = seq[usize::from(local.from[a][k])];
            }
            let c = classes.rank(&out[..n]) as u32;
            *e = if halve {
                c | u32::from(super::parity(&out[..n])) << 31
            } else {
                c
            };
        }
    });
    let parity = bits(classes.count(), |c| {
        let mut seq = [0u8; MAX_ORBIT];
        classes.unrank_into(c, &mut seq[..n]);
        halve && super::parity(&seq[..n]) == 1
    });
    Arrangement::Whole { perm, parity }
}

/// A table of `count` rows of `moves` entries, row `x` written by
/// `fill(x, row)`: allocated once, filled in parallel.
fn filled(count: u64, moves: usize, fill: impl Fn(u64, &mut [u32]) + Sync) -> Vec<u32> {
    let mut out = vec![0u32; count as usize * moves];
    out.par_chunks_mut(moves.max(1))
        .enumerate()
        .for_each(|(x, row)| fill(x as u64, row));
    out
}

/// A bit set of `count` bits, bit `i` set when `f(i)`.
fn bits(count: u64, f: impl Fn(u64) -> bool + Sync) -> Vec<u64> {
    (0..count.div_ceil(64))
        .into_par_iter()
        .map(|w| {
            (0..64)
                .filter(|&b| w * 64 + b < count && f(w * 64 + b))
                .fold(0u64, |acc, b| acc | 1 << b)
        })
        .collect()
}

/// Orbits of distinct pieces whose arrangements would need a table past
/// [`MAX_ENTRIES`] with `moves` moves are ranked in halves ([`Split`]);
/// every one of four pieces or more when `all`.
pub(super) fn split_large(orbits: &mut [Orbit], moves: usize, all: bool) {
    for orbit in orbits.iter_mut() {
        if orbit.splittable() && (all || orbit.classes.count().saturating_mul(moves as u64) > MAX_ENTRIES) {
            orbit.split = Split::new(orbit.slots.len());
        }
    }
}

/// `x`'s `n` digits in base `m`, the first most significant.
fn digits(mut x: u64, m: u64, n: usize) -> [u8; MAX_ORBIT] {
    let mut d = [0u8; MAX_ORBIT];
    for k in (0..n).rev() {
        d[k] = (x % m) as u8;
        x /= m;
    }
    d
}

/// The table of a listed orbit: each listed state moved, found in the
/// list.
fn listed(orbit: &Orbit, local: &Local, moves: usize) -> Vec<u32> {
    let table = orbit.table.as_ref().expect("a listed orbit");
    let n = orbit.slots.len();
    let o = orbit.o;
    let mut next = Vec::with_capacity(table.codes.len() * orbit.span as usize * moves);
    debug_assert!(table.codes.iter().all(|c| c.len() as u64 <= orbit.span));
    for codes in &table.codes {
        for &code in codes {
            let (mut seq, mut turned) = ([0u8; MAX_ORBIT], [0u8; MAX_ORBIT]);
            orbit.decode(u64::from(code), &mut seq[..n], &mut turned[..n]);
            for a in 0..moves {
                let (mut s, mut t) = ([0u8; MAX_ORBIT], [0u8; MAX_ORBIT]);
                for k in 0..n {
                    let j = usize::from(local.from[a][k]);
                    s[k] = seq[j];
                    // Turns as the list keeps them: whole orientations.
                    let blind = orbit.blind >> orbit.class[usize::from(seq[j])] & 1 == 1;
                    t[k] = if blind {
                        0
                    } else {
                        ((u16::from(turned[j]) + u16::from(local.raw[a][k])) % u16::from(o)) as u8
                    };
                }
                next.push(table.of_code[orbit.code(&s[..n], &t[..n]) as usize]);
            }
        }
        // A class no state has (its invariants not reached on the orbit
        // alone) keeps its places: no position's rank reads them.
        next.resize(next.len() + (orbit.span as usize - codes.len()) * moves, 0);
    }
    next
}

#[cfg(test)]
mod tests {
    use super::super::Reach;
    use crate::{Definition, Src};

    /// A breadth-first search over ranks by the tables: the histogram.
    fn levels(r: &Reach, t: &crate::tws::Tws) -> Vec<u64> {
        let mut seen = vec![false; r.count() as usize];
        let goal = r.rank(&t.solved);
        seen[goal as usize] = true;
        let (mut frontier, mut out) = (vec![goal], Vec::new());
        while !frontier.is_empty() {
            out.push(frontier.len() as u64);
            let mut next = Vec::new();
            for &x in &frontier {
                assert!(r.successor_ranks(t, x, |y| {
                    if !seen[y as usize] {
                        seen[y as usize] = true;
                        next.push(y);
                    }
                }));
            }
            frontier = next;
        }
        out
    }

    /// The ranks of position `s`'s successors played on bytes, move by
    /// move: what the tables must give for its rank.
    fn by_bytes(r: &Reach, t: &crate::tws::Tws, s: &[u8]) -> Vec<u64> {
        let mut out = s.to_vec();
        t.metric_moves
            .iter()
            .map(|&i| {
                t.play_at(i, s, &mut out);
                r.rank(&out)
            })
            .collect()
    }

    /// The ranks of rank `x`'s successors by `tables`, move by move.
    fn by_tables(r: &Reach, tables: &super::Moves, x: u64) -> Vec<u64> {
        let mut next = Vec::new();
        tables.successors_until(r, x, |y| {
            next.push(y);
            false
        });
        next
    }

    /// Orbits the moves tie (two sets turned by the same permutations)
    /// are ranked jointly, one rank a position: every rank round-trips,
    /// the ranks are as many as the positions a breadth-first search on
    /// bytes reaches, and the tables give the successors the bytes do.
    #[test]
    fn tied_orbits_rank_and_move_as_positions_do() {
        let text = "Set A 4 3\nSet B 4 1\nSet C 3 1\n\
            Solved\nA\n1 2 3 4\n0 0 0 0\nB\n1 2 3 4\nC\n1 2 3\nEnd\n\
            Move X\nA\n2 3 4 1\n1 2 0 0\nB\n2 3 4 1\nC\n2 3 1\nEnd\n\
            Move Y\nA\n2 1 3 4\n0 0 0 0\nB\n2 1 3 4\nEnd\n\
            Move Z\nA\n1 2 3 4\n1 2 0 0\nC\n2 1 3\nEnd\n";
        let Definition::Tws(t) = Definition::parse(&Src::new("tied.tws", text), None).unwrap() else {
            panic!()
        };
        let r = Reach::new(&t).unwrap();
        assert_eq!(r.tied(), (1, 2));
        assert!(r.exact(), "{:?}", r.inexact());
        // The positions, by bytes.
        let mut seen = std::collections::HashSet::from([t.solved.clone()]);
        let mut todo = vec![t.solved.clone()];
        let mut out = t.solved.clone();
        while let Some(s) = todo.pop() {
            for &i in &t.metric_moves {
                t.play_at(i, &s, &mut out);
                if seen.insert(out.clone()) {
                    todo.push(out.clone());
                }
            }
        }
        assert_eq!(r.count(), seen.len() as u64);
        let tables = super::Moves::build(&r, &t);
        let mut s = t.solved.clone();
        for x in 0..r.count() {
            r.unrank_into(x, &mut s);
            assert!(seen.contains(&s) && r.contains(&s));
            assert_eq!(r.rank(&s), x);
            assert_eq!(by_tables(&r, &tables, x), by_bytes(&r, &t, &s), "rank {x}");
        }
        // A joint state the moves never reach is no position's, though
        // its parities are (B's pieces traded in two pairs, A's not).
        let mut s = t.solved.clone();
        s.swap(8, 9);
        s.swap(10, 11);
        assert!(!r.contains(&s));
    }

    /// Small adjacent orbits fused into one table ([`super::fused`]) give
    /// the successors the positions do, moved on bytes: the pyraminx's
    /// four tips read as one, the skewb diamond's four orbits as three,
    /// and a twisted tip with two sets of four pieces as one (each share
    /// weighed by its place in the rank).
    #[test]
    fn fused_parts_move_as_positions_do() {
        let tips = "Set T 1 3\nSet A 4 1\nSet B 4 1\n\
            Solved\nT\n1\n0\nA\n1 2 3 4\nB\n1 2 3 4\nEnd\n\
            Move X\nT\n1\n1\nEnd\n\
            Move U\nA\n2 3 1 4\nEnd\nMove V\nB\n2 3 1 4\nEnd\n\
            Move W\nA\n1 3 4 2\nB\n1 3 4 2\nEnd\n";
        for (name, orbits, parts) in [("pyraminx.tws", 5, 2), ("skewb-diamond.tws", 4, 3), ("tips.tws", 3, 1)] {
            let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap_or_else(|_| tips.into());
            let Definition::Tws(t) = Definition::parse(&Src::new(name, &text), None).unwrap() else {
                panic!()
            };
            let r = Reach::new(&t).unwrap();
            assert!(r.exact(), "{name}");
            let tables = super::Moves::build(&r, &t);
            assert_eq!((r.orbits.len(), tables.parts.len()), (orbits, parts), "{name}");
            let mut s = vec![0u8; t.solved.len()];
            for x in (0..r.count()).step_by(13) {
                r.unrank_into(x, &mut s);
                assert_eq!(by_tables(&r, &tables, x), by_bytes(&r, &t, &s), "{name} rank {x}");
            }
        }
    }

    /// Orbits ranked in halves give the same positions as whole: every
    /// rank round-trips, the successors by the tables are the positions'
    /// (moved on bytes), and the breadth-first histograms are equal.
    #[test]
    fn halves_rank_as_the_whole_does() {
        let mut composed = 0;
        for name in ["pyraminx.tws", "2x2x2.tws", "skewb.tws"] {
            let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap();
            let Definition::Tws(t) = Definition::parse(&Src::new(name, &text), None).unwrap() else {
                panic!()
            };
            let whole = Reach::build(&t, false, true).unwrap();
            let halves = Reach::build(&t, true, true).unwrap();
            assert!(halves.orbits.iter().any(|o| o.split.is_some()), "{name}");
            assert_eq!(whole.count(), halves.count());
            let mut s = vec![0u8; t.solved.len()];
            for x in (0..halves.count()).step_by(97) {
                halves.unrank_into(x, &mut s);
                assert_eq!(halves.rank(&s), x, "{name}");
                let mut next = Vec::new();
                assert!(halves.successor_ranks(&t, x, |y| next.push(y)));
                assert_eq!(next, by_bytes(&halves, &t, &s), "{name} rank {x}");
            }
            assert_eq!(levels(&halves, &t), levels(&whole, &t), "{name}");
            // The second half's table composed is the one ranked row by row.
            let moves: Vec<&crate::tws::Action> = t.metric_moves.iter().map(|&i| &t.actions[i]).collect();
            for o in halves.orbits.iter().filter(|o| o.split.is_some()) {
                let (split, n) = (o.split.as_ref().unwrap(), o.slots.len());
                let local = super::Local::of(o, &moves);
                let (rows, rest_of) = super::halves::rest_rows(split, n);
                let by_rows = super::halves::direct(split, n, &local, moves.len());
                if let Some(c) = super::halves::composed(split, n, &local, moves.len(), &rows, &rest_of) {
                    assert_eq!(c, by_rows, "{name}");
                    composed += 1;
                }
            }
        }
        assert!(composed >= 3, "{composed}");
    }

    /// Where the ranks come in blocks, a block's share plus its offset's
    /// is every successor the positions give, move by move: two rings of
    /// six tiles with alike tiles (one rank a position, no joint
    /// invariant), the second ring's 120 arrangements a block; then a
    /// third ring of three, turned with the second and fused with it into
    /// the last part, its 360 joint digits a block. A puzzle whose
    /// parities tie its orbits keeps them in the rank's lowest digit: no
    /// blocks (the skewb).
    #[test]
    fn ranks_in_blocks_move_as_positions_do() {
        let rings = |third: bool| {
            let extra = if third { "Set C 3 1\n" } else { "" };
            let solved_c = if third { "C\n1 1 2\n" } else { "" };
            let mut text =
                format!("Set A 6 1\nSet B 6 1\n{extra}Solved\nA\n1 1 1 2 3 4\nB\n1 1 1 2 3 4\n{solved_c}End\n");
            for (m, a, b, c) in [
                ("X", "2 3 4 5 6 1", "1 2 3 4 5 6", "1 2 3"),
                ("Y", "1 2 3 4 5 6", "2 3 4 5 6 1", "2 3 1"),
                ("Z", "2 1 3 4 5 6", "2 1 3 4 5 6", "1 2 3"),
            ] {
                let c = if third { format!("C\n{c}\n") } else { String::new() };
                text += &format!("Move {m}\nA\n{a}\nB\n{b}\n{c}End\n");
            }
            let Definition::Tws(t) = Definition::parse(&Src::new("rings.tws", &text), None).unwrap() else {
                panic!()
            };
            t
        };
        for (t, len, parts) in [(rings(false), 120, 2), (rings(true), 360, 2)] {
            let r = Reach::new(&t).unwrap();
            assert!(r.exact());
            let tables = super::Moves::build(&r, &t);
            assert_eq!(
                (r.orbits.len(), tables.parts.len()),
                (parts + usize::from(len == 360), parts)
            );
            let (got, next) = tables.blocks().expect("blocks");
            assert_eq!(got, len);
            let moves = t.metric_moves.len();
            let mut s = vec![0u8; t.solved.len()];
            let mut first = vec![0u64; moves];
            for x in 0..r.count() {
                tables.block_successors(&r, x / len, &mut first);
                let row = &next[(x % len) as usize * moves..][..moves];
                let split: Vec<u64> = first.iter().zip(row).map(|(&f, &o)| f + u64::from(o)).collect();
                r.unrank_into(x, &mut s);
                assert_eq!(split, by_bytes(&r, &t, &s), "rank {x}");
            }
        }
        let text = std::fs::read_to_string(format!("{}/../../puzzles/skewb.tws", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let Definition::Tws(t) = Definition::parse(&Src::new("skewb.tws", &text), None).unwrap() else {
            panic!()
        };
        let r = Reach::new(&t).unwrap();
        assert!(r.members.len() > 1);
        assert!(super::Moves::build(&r, &t).blocks().is_none());
    }
}
