//! Orbits the moves tie to one another, ranked jointly.
//!
//! Orbits are ranked as if independent but for their parities and sums
//! (`H`). Some moves tie two orbits further: the 2x3x5's corners of the
//! top and of the bottom layer are turned only by the same half turns,
//! so their 24 x 24 arrangements hold 96 reachable pairs. Ranked apart
//! they would number 6 times the positions.
//!
//! Orbits are tied when the group the moves make on them together is
//! smaller than their own groups allow with the invariants they reach
//! together: for two, `|G_AB| |I_A| |I_B| < |G_A| |G_B| |I_AB|`
//! (Schreier–Sims on their points). A least group of tied orbits whose
//! joint states fit is listed by a breadth-first search on them alone, as one orbit's
//! states are ([`super::orbit::Table`]): a joint state's code is its
//! members' codes (an arrangement's rank, then each slot's orientation
//! in steps), its class the members' kept parities and sums. The first
//! member carries the tie's share of a rank (a place in its class), the
//! others none.

use super::abelian::Abelian;
use super::factors::Factors;
use super::orbit::{Orbit, Table};
use super::{Extra, MAX_KEPT, MAX_ORBIT, Reach};
use crate::schreier::Chain;
use crate::tws::{Action, Tws};

/// Joint states a tie lists at most (a `u32` each, while listed).
const MAX_JOINT: u64 = 1 << 24;

/// Orbits ranked jointly: see the module documentation.
#[derive(Clone, Debug)]
pub(super) struct Tie {
    /// The tied orbits, ascending; the first carries the tie's share of a
    /// rank.
    pub(super) members: Vec<usize>,
    /// Each member's codes, the first most significant in a joint code.
    spaces: Vec<u64>,
    /// The kept invariants ([`Reach`]'s places) that class a joint state,
    /// and their moduli: each member's parity, then its sum.
    pub(super) places: Vec<(usize, u8)>,
    /// The joint states by code and by class: only the classes some
    /// state has, numbered in order (their places' values, mixed radix,
    /// ascending).
    pub(super) table: Table,
    /// Each such class's number among all (`kinds`), and the other way
    /// (`compact`, `u32::MAX` for a class no state has).
    kinds: Vec<usize>,
    pub(super) compact: Vec<u32>,
    /// States of a class (every class as large).
    pub(super) span: u64,
    /// The invariants found beyond the members' parities and sums
    /// ([`super::abelian`]), as indices of [`Reach`]'s `extra`.
    pub(super) extra: Vec<usize>,
}

/// A member's codes: its arrangements times its orientations in steps;
/// `None` for orbits whose turns are partly ignored (never tied).
fn space(o: &Orbit) -> Option<u64> {
    if o.blinded {
        return None;
    }
    u64::from(o.reached)
        .checked_pow(o.slots.len() as u32)?
        .checked_mul(o.classes.count())
        .filter(|&n| n <= MAX_JOINT)
}

/// The code of orbit `o`'s state in position `s`.
#[inline]
fn read(o: &Orbit, s: &[u8]) -> u64 {
    let n = o.slots.len();
    let mut seq = [0u8; MAX_ORBIT];
    for (k, &slot) in o.slots.iter().enumerate() {
        seq[k] = o.symbol[usize::from(s[o.offset + usize::from(slot)])];
    }
    let m = u64::from(o.reached);
    o.slots
        .iter()
        .enumerate()
        .fold(o.classes.rank(&seq[..n]), |a, (k, &slot)| {
            a * m + u64::from(o.digit_of(k, seq[k], s[o.offset + o.count + usize::from(slot)]))
        })
}

/// Writes orbit `o`'s state of code `c` into position `s`.
#[inline]
fn write(o: &Orbit, mut c: u64, s: &mut [u8]) {
    let n = o.slots.len();
    let m = u64::from(o.reached);
    let mut digits = [0u32; MAX_ORBIT];
    for d in digits[..n].iter_mut().rev() {
        *d = (c % m) as u32;
        c /= m;
    }
    let mut seq = [0u8; MAX_ORBIT];
    o.classes.unrank_into(c, &mut seq[..n]);
    for (k, &slot) in o.slots.iter().enumerate() {
        s[o.offset + o.count + usize::from(slot)] = o.turn_of(k, seq[k], digits[k]);
        s[o.offset + usize::from(slot)] = o.class[usize::from(seq[k])];
    }
}

/// The group the moves make on `orbits` together (Schreier–Sims on
/// their points: a slot and an orientation).
pub(super) fn joint_order(orbits: &[&Orbit], moves: &[&Action]) -> Factors {
    let starts: Vec<usize> = orbits
        .iter()
        .scan(0, |at, o| {
            let s = *at;
            *at += o.slots.len() * usize::from(o.o);
            Some(s)
        })
        .collect();
    let points: usize = orbits.iter().map(|o| o.slots.len() * usize::from(o.o)).sum();
    let gens: Vec<Vec<u16>> = moves
        .iter()
        .map(|a| {
            let mut p = vec![0u16; points];
            for (o, &start) in orbits.iter().zip(&starts) {
                let (base, w) = (o.offset / 2, usize::from(o.o));
                for (k, &i) in o.slots.iter().enumerate() {
                    let i = usize::from(i);
                    let j = o
                        .slots
                        .iter()
                        .position(|&x| x == a.from[base + i])
                        .expect("kept in the orbit");
                    for r in 0..w {
                        p[start + j * w + r] = (start + k * w + (r + usize::from(a.twist[base + i])) % w) as u16;
                    }
                }
            }
            p
        })
        .collect();
    let mut group = Factors::default();
    for s in Chain::new(points, &gens).orbit_sizes() {
        group.times(s);
    }
    group
}

/// How many vectors of `orbits`' invariants (each one's parity and sum,
/// [`Orbit::step_of`], and the invariants `extra` found beyond them) the
/// moves reach together.
pub(super) fn joint_invariants(orbits: &[&Orbit], moves: &[&Action], extra: &[&Extra]) -> u64 {
    let m: Vec<u8> = orbits
        .iter()
        .flat_map(|o| o.full_moduli())
        .chain(extra.iter().map(|e| e.modulus))
        .collect();
    let steps = super::move_steps(orbits.iter().copied(), extra.iter().copied(), moves);
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![vec![0u8; m.len()]];
    seen.insert(todo[0].clone());
    while let Some(v) = todo.pop() {
        for s in &steps {
            let w: Vec<u8> = (0..m.len())
                .map(|i| ((u16::from(v[i]) + u16::from(s[i])) % u16::from(m[i])) as u8)
                .collect();
            if seen.insert(w.clone()) {
                todo.push(w);
            }
        }
    }
    seen.len() as u64
}

/// Groups of orbits of `orbits` the moves tie beyond their invariants,
/// whose joint states fit a list (each group ascending, two or more).
///
/// Of the orbits small enough to list, while they are tied together, a
/// least tied group is found by dropping each orbit whose absence leaves
/// the rest tied (the Skewb held by a corner ties its four fixed
/// corners' twists to the order of the four that move: five orbits, no
/// two of them tied); it is kept when it fits, and the search goes on
/// without it.
fn tied_groups(orbits: &[Orbit], moves: &[&Action]) -> Vec<Vec<usize>> {
    let spaces: Vec<Option<u64>> = orbits.iter().map(space).collect();
    let alone: Vec<Option<(Factors, u64)>> = orbits
        .iter()
        .zip(&spaces)
        .map(|(o, s)| s.map(|_| (joint_order(&[o], moves), joint_invariants(&[o], moves, &[]))))
        .collect();
    // Whether the moves make fewer states of `set` together than its
    // orbits' groups and the invariants they reach together allow.
    let tied = |set: &[usize]| {
        if set.len() < 2 {
            return false;
        }
        let members: Vec<&Orbit> = set.iter().map(|&i| &orbits[i]).collect();
        let mut joint = joint_order(&members, moves);
        let mut apart = Factors::default();
        for &i in set {
            let (g, inv) = alone[i].as_ref().expect("a listable orbit");
            joint.times(*inv);
            apart.times_all(g);
        }
        apart.times(joint_invariants(&members, moves, &[]));
        joint != apart
    };
    let mut left: Vec<usize> = (0..orbits.len()).filter(|&i| alone[i].is_some()).collect();
    let mut groups = Vec::new();
    while tied(&left) {
        // Drop the largest first: the least group is then small.
        let mut group = left.clone();
        group.sort_by_key(|&i| std::cmp::Reverse(spaces[i]));
        let mut k = 0;
        while k < group.len() {
            let without: Vec<usize> = group
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &i)| i)
                .collect();
            if tied(&without) {
                group = without;
            } else {
                k += 1;
            }
        }
        group.sort_unstable();
        left.retain(|i| !group.contains(i));
        let fits = group
            .iter()
            .try_fold(1u64, |a, &i| a.checked_mul(spaces[i]?))
            .is_some_and(|n| n <= MAX_JOINT);
        if fits {
            groups.push(group);
        }
    }
    groups
}

/// The ties of `reach`'s orbits (built from `t`'s `moves`): every group
/// of tied orbits whose joint states fit and fall into classes of one
/// size.
pub(super) fn ties(reach: &Reach, t: &Tws, moves: &[&Action]) -> Vec<Tie> {
    tied_groups(&reach.orbits, moves)
        .into_iter()
        .filter_map(|members| Tie::list(reach, t, members, true))
        .collect()
}

impl Tie {
    /// The joint code of the members' states in position `s`.
    #[inline]
    fn code(&self, orbits: &[Orbit], s: &[u8]) -> u64 {
        self.members
            .iter()
            .zip(&self.spaces)
            .fold(0, |a, (&i, &n)| a * n + read(&orbits[i], s))
    }

    /// Writes the members' states of joint code `c` into `s`.
    #[inline]
    fn write(&self, orbits: &[Orbit], mut c: u64, s: &mut [u8]) {
        for (&i, &n) in self.members.iter().zip(&self.spaces).rev() {
            write(&orbits[i], c % n, s);
            c /= n;
        }
    }

    /// The class of invariants `v` (as [`Reach`] keeps them) among all.
    #[inline]
    fn kind(&self, v: &[u8]) -> usize {
        self.places
            .iter()
            .fold(0, |a, &(k, m)| a * usize::from(m) + usize::from(v[k]))
    }

    /// The class of invariants `v` (which some joint state has).
    #[inline]
    fn class(&self, v: &[u8]) -> usize {
        self.compact[self.kind(v)] as usize
    }

    /// Writes class `l`'s invariants into `v`.
    #[inline]
    pub(super) fn unclass(&self, l: usize, v: &mut [u8]) {
        let mut l = self.kinds[l];
        for &(k, m) in self.places.iter().rev() {
            v[k] = (l % usize::from(m)) as u8;
            l /= usize::from(m);
        }
    }

    /// The joint states of `members` the moves reach from `t`'s goal, or
    /// `None` when their classes are not all as large (a rank would then
    /// name no state) or too many, or (`apart`) when ranking the members
    /// apart numbers no more.
    pub(super) fn list(reach: &Reach, t: &Tws, members: Vec<usize>, apart: bool) -> Option<Tie> {
        let orbits = &reach.orbits;
        let spaces: Vec<u64> = members.iter().map(|&i| space(&orbits[i])).collect::<Option<_>>()?;
        let places: Vec<(usize, u8)> = members
            .iter()
            .flat_map(|&i| [orbits[i].parity, orbits[i].sum])
            .flatten()
            .map(|k| (k, reach.moduli[k]))
            .collect();
        let classes = places
            .iter()
            .try_fold(1usize, |a, &(_, m)| a.checked_mul(usize::from(m)))?;
        if classes > 1 << 16 {
            return None;
        }
        let mut tie = Tie {
            members,
            spaces,
            places,
            table: Table {
                of_code: Vec::new(),
                codes: vec![Vec::new(); classes],
            },
            kinds: Vec::new(),
            compact: Vec::new(),
            span: 0,
            extra: Vec::new(),
        };
        let total: u64 = tie.spaces.iter().product();
        let mut seen = vec![0u64; total.div_ceil(64) as usize];
        let mut s = t.solved.clone();
        let mut out = s.clone();
        let start = tie.code(orbits, &s);
        seen[(start / 64) as usize] |= 1 << (start % 64);
        let mut todo = vec![start];
        let mut v = [0u8; MAX_KEPT];
        while let Some(c) = todo.pop() {
            tie.write(orbits, c, &mut s);
            for &i in &tie.members {
                reach.orbit_rank(&orbits[i], &s, &mut v, true);
            }
            let l = tie.kind(&v);
            tie.table.codes[l].push(c as u32);
            for &m in &t.metric_moves {
                t.play_at(m, &s, &mut out);
                let d = tie.code(orbits, &out);
                if seen[(d / 64) as usize] >> (d % 64) & 1 == 0 {
                    seen[(d / 64) as usize] |= 1 << (d % 64);
                    todo.push(d);
                }
            }
        }
        let size = tie.table.codes.iter().map(Vec::len).find(|&n| n > 0)?;
        // Orbits whose group only looked tied (their states are every
        // pair: alike pieces hide what the points see) stay apart.
        let apart_span = tie.members.iter().try_fold(1u64, |a, &i| a.checked_mul(orbits[i].span));
        if apart && apart_span.is_some_and(|n| n <= size as u64) {
            return None;
        }
        tie.settle(total)?;
        Some(tie)
    }

    /// Numbers the classes some state has (`table.codes` holds a list a
    /// class of all), checks that they are all as large and at most 256,
    /// and indexes the `total` joint codes.
    fn settle(&mut self, total: u64) -> Option<()> {
        let size = self.table.codes.iter().map(Vec::len).find(|&n| n > 0)?;
        if self.table.codes.iter().any(|c| !c.is_empty() && c.len() != size) || size >= 1 << 24 {
            return None;
        }
        self.span = size as u64;
        self.compact = vec![u32::MAX; self.table.codes.len()];
        self.kinds = (0..self.table.codes.len())
            .filter(|&l| !self.table.codes[l].is_empty())
            .collect();
        for (l, &kind) in self.kinds.iter().enumerate() {
            self.compact[kind] = l as u32;
        }
        self.table.codes.retain(|c| !c.is_empty());
        // A class is 8 bits of an entry.
        if self.kinds.len() > 256 {
            return None;
        }
        self.table.of_code = vec![u32::MAX; total as usize];
        for (l, list) in self.table.codes.iter_mut().enumerate() {
            list.sort_unstable();
            for (place, &c) in list.iter().enumerate() {
                self.table.of_code[c as usize] = (l as u32) << 24 | place as u32;
            }
        }
        Some(())
    }

    /// The joint states as a graph for [`super::abelian::abelian`]:
    /// state `class * span + place`, the `moves` successors of each
    /// (`next`, [`Tie::next`]) and the goal's state.
    pub(super) fn graph(&self, orbits: &[Orbit], t: &Tws) -> (Vec<u32>, usize) {
        let span = self.span as usize;
        let flat = |e: u32| (e >> 24) as usize * span + (e & 0xFF_FFFF) as usize;
        let next: Vec<u32> = self.next(orbits, t).into_iter().map(|e| flat(e) as u32).collect();
        (next, flat(self.table.of_code[self.code(orbits, &t.solved) as usize]))
    }

    /// The tie with its states classed by the invariants `found` as well
    /// (each state's values in `found.label`, by [`Tie::graph`]'s
    /// numbering), kept at `places` of [`Reach`]'s invariants; `None`
    /// when its classes are then too many or not all as large.
    pub(super) fn refined(&self, found: &Abelian, places: &[(usize, u8)], extra: Vec<usize>) -> Option<Tie> {
        let mut tie = Tie {
            members: self.members.clone(),
            spaces: self.spaces.clone(),
            places: self.places.iter().chain(places).copied().collect(),
            table: Table {
                of_code: Vec::new(),
                codes: Vec::new(),
            },
            kinds: Vec::new(),
            compact: Vec::new(),
            span: 0,
            extra,
        };
        let kinds = tie
            .places
            .iter()
            .try_fold(1usize, |a, &(_, m)| a.checked_mul(usize::from(m)))
            .filter(|&n| n <= 1 << 16)?;
        tie.table.codes = vec![Vec::new(); kinds];
        let mut v = [0u8; MAX_KEPT];
        for (l, list) in self.table.codes.iter().enumerate() {
            self.unclass(l, &mut v);
            for (place, &c) in list.iter().enumerate() {
                let mut x = found.label[l * self.span as usize + place];
                for &(k, m) in places.iter().rev() {
                    v[k] = (x % u32::from(m)) as u8;
                    x /= u32::from(m);
                }
                let kind = tie.kind(&v);
                tie.table.codes[kind].push(c);
            }
        }
        tie.settle(self.table.of_code.len() as u64)?;
        Some(tie)
    }

    /// The tie's share of the rank of position `s` (a place in its
    /// class), its members' invariants written into `v`; `None` when the
    /// members' joint state is not one the moves reach.
    #[inline]
    pub(super) fn rank(&self, orbits: &[Orbit], s: &[u8], v: &mut [u8]) -> Option<u64> {
        let at = *self.table.of_code.get(self.code(orbits, s) as usize)?;
        if at == u32::MAX {
            return None;
        }
        self.unclass((at >> 24) as usize, v);
        Some(u64::from(at & 0xFF_FFFF))
    }

    /// Writes the members' state of place `x`, invariants `v`, into `s`.
    #[inline]
    pub(super) fn unrank(&self, orbits: &[Orbit], x: u64, v: &[u8], s: &mut [u8]) {
        let c = self.table.codes[self.class(v)][x as usize];
        self.write(orbits, u64::from(c), s);
    }

    /// The table of joint states moved: `next[f * moves + a]` for
    /// `f = class * span + place`, the entry `class << 24 | place`.
    pub(super) fn next(&self, orbits: &[Orbit], t: &Tws) -> Vec<u32> {
        let moves = t.metric_moves.len();
        let mut next = Vec::with_capacity(self.table.codes.len() * self.span as usize * moves);
        let mut s = t.solved.clone();
        let mut out = s.clone();
        for codes in &self.table.codes {
            for &c in codes {
                self.write(orbits, u64::from(c), &mut s);
                for &m in &t.metric_moves {
                    t.play_at(m, &s, &mut out);
                    next.push(self.table.of_code[self.code(orbits, &out) as usize]);
                }
            }
        }
        next
    }
}
