//! The orbits of slots a [`super::Reach`] ranks: found from the moves,
//! the orientations each slot can hold, the invariants each move changes,
//! the group each makes alone, and the list of states of an orbit the
//! moves tie more than a parity and a sum say.

use super::factors::Factors;
use super::{MAX_ORBIT, Tws};
use crate::multiset::Multiset;
use crate::tws::Action;

/// An orbit of slots of one set: see [`Reach`].
#[derive(Clone, Debug)]
pub(super) struct Orbit {
    /// The set's byte offset in a position and its slots.
    pub(super) offset: usize,
    pub(super) count: usize,
    /// The orbit's slots in the set, ascending.
    pub(super) slots: Vec<u8>,
    /// Orientations of the set's pieces.
    pub(super) o: u8,
    /// Some of the orbit's pieces are alike (it has no parity), some of
    /// their turns ignored (no sum).
    pub(super) alike: bool,
    pub(super) blinded: bool,
    /// Orientations a piece can take on a slot of the orbit: `o / step`.
    /// On slot `k` of the orbit they are `turn[k] + j * step` (the moves
    /// may never turn a piece some ways: the FTO's edges one of two).
    pub(super) reached: u8,
    pub(super) step: u8,
    pub(super) turn: Vec<u8>,
    /// Where the turns a slot holds depend on the piece too (TurnFour):
    /// on slot `k` the piece of symbol `x` takes `turn[k] - lift[x] + j *
    /// step`. Empty where every piece's is 0.
    pub(super) lift: Vec<u8>,
    /// Classes whose orientation is ignored (bit per class).
    pub(super) blind: u64,
    /// The arrangements of the orbit's classes as symbols.
    pub(super) classes: Multiset,
    /// Pieces of each symbol.
    pub(super) counts: Vec<u32>,
    /// A class's symbol (0 where no piece of the orbit is of it).
    pub(super) symbol: Vec<u8>,
    /// A symbol's class.
    pub(super) class: Vec<u8>,
    /// The invariants this orbit keeps: its parity's and its sum's places
    /// among [`Reach::moduli`].
    pub(super) parity: Option<usize>,
    pub(super) sum: Option<usize>,
    /// Orientation digits of a rank.
    pub(super) digits: u32,
    /// Ranks of the orbit: arrangements (halved with a parity) times
    /// orientations, or a [`Table`]'s class.
    pub(super) span: u64,
    /// The orbit's reachable states listed, where the moves tie its
    /// pieces more than its parity and sum say.
    pub(super) table: Option<Table>,
    /// The goal's symbols and turns on the orbit's slots.
    pub(super) goal_seq: Vec<u8>,
    pub(super) goal_turns: Vec<u8>,
    /// Distinct pieces too many for one table of arrangements: their
    /// arrangement ranked in two halves ([`Split`]).
    pub(super) split: Option<Split>,
    /// The orientation digit of turn `x` on the orbit's slot `k`, at
    /// `k * o + x`: `(x - turn[k]) / step` modulo `o` (no division while
    /// ranking).
    pub(super) digit: Vec<u8>,
    /// The [`super::tie::Tie`] this orbit is ranked in with others, if
    /// any: the first member's span is the tie's, the others' 1.
    pub(super) tie: Option<usize>,
}

/// The arrangement of an orbit of distinct pieces ranked as where its
/// first `k` pieces stand, then the order of the others on the slots left:
/// `first * order.count() + order`. Each half then gets a move table of
/// `n! / (n - k)!` or `n! / k!` entries, where the whole would need `n!`
/// (the FTO's or the Dino Cube's twelve edges: two of 665,280 for one of
/// 479,001,600). The order's last digit is a swap of its last two pieces,
/// so a kept parity still drops the rank's last bit.
#[derive(Clone, Debug)]
pub(super) struct Split {
    /// Pieces (symbols) `0..k` are the first half.
    pub(super) k: usize,
    /// Where the first half stands (ordered), and where the second does
    /// (its symbols shifted down by `k`).
    pub(super) first: Multiset,
    pub(super) rest: Multiset,
    /// The second half's order on its slots, a permutation.
    pub(super) order: Multiset,
}

impl Split {
    /// The split of an orbit of `n` distinct pieces.
    pub(super) fn new(n: usize) -> Option<Split> {
        let k = n / 2;
        Some(Split {
            k,
            first: Multiset::pieces_among(k, n)?,
            rest: Multiset::pieces_among(n - k, n)?,
            order: Multiset::new(&vec![1; n - k])?,
        })
    }

    /// The second half's pieces (shifted down by `k`) in slot order.
    #[inline]
    fn second(&self, seq: &[u8], out: &mut [u8; MAX_ORBIT]) -> usize {
        let k = self.k as u8;
        let mut j = 0;
        for &x in seq {
            if x >= k {
                out[j] = x - k;
                j += 1;
            }
        }
        j
    }

    /// The arrangement whose first half stands as `first` ranks it, the
    /// second in order `order` on the slots left, into `seq`.
    #[inline]
    pub(super) fn place(&self, first: u64, order: u64, seq: &mut [u8]) {
        let n = seq.len();
        self.first.unrank_into(first, seq);
        let mut second = [0u8; MAX_ORBIT];
        self.order.unrank_into(order, &mut second[..n - self.k]);
        let mut j = 0;
        for x in seq.iter_mut() {
            if usize::from(*x) == self.k {
                *x = second[j] + self.k as u8;
                j += 1;
            }
        }
    }
}

/// The states an orbit's pieces reach, listed: by their code (the
/// arrangement's rank, then every orientation as a digit), the class of
/// their kept invariants and their place in it; by class, the codes.
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// `class << 24 | place`, or `u32::MAX` for a state never reached.
    pub(super) of_code: Vec<u32>,
    /// The codes of each class (of the orbit's kept parity and sum, as
    /// [`Orbit::local`] numbers them), each class as large.
    pub(super) codes: Vec<Vec<u32>>,
}

/// The largest code space of an orbit [`Reach`] lists.
const MAX_TABLE: u64 = 1 << 24;

/// The orbits of slots of `t`'s sets under `moves` (given as permutations
/// `gens` of the `points`, a set's starting at `start`), each with the
/// orientations its slots can hold; their invariants and spans are set
/// later ([`list_tied`], [`super::Reach::new`]).
pub(super) fn orbits(
    t: &Tws,
    moves: &[&Action],
    start: &[usize],
    points: usize,
    gens: &[Vec<u16>],
) -> Result<Vec<Orbit>, String> {
    // The orbits of points: the orientations a slot can hold.
    let mut point_root: Vec<usize> = (0..points).collect();
    for g in gens {
        for (x, &y) in g.iter().enumerate() {
            let (a, b) = (find(&mut point_root, x), find(&mut point_root, usize::from(y)));
            point_root[a.max(b)] = a.min(b);
        }
    }

    // The orbits of slots, set by set.
    let solved = &t.solved;
    let mut orbits = Vec::new();
    for (set_index, set) in t.sets.iter().enumerate() {
        let base = set.offset / 2;
        let mut root: Vec<usize> = (0..set.count).collect();
        for a in moves {
            for i in 0..set.count {
                let (x, y) = (find(&mut root, i), find(&mut root, usize::from(a.from[base + i])));
                root[x.max(y)] = x.min(y);
            }
        }
        for first in 0..set.count {
            if find(&mut root, first) != first {
                continue;
            }
            let slots: Vec<u8> = (0..set.count)
                .filter(|&i| find(&mut root, i) == first)
                .map(|i| i as u8)
                .collect();
            if slots.len() > MAX_ORBIT {
                return Err(format!(
                    "set {}: an orbit of {} slots (at most {MAX_ORBIT} are ranked)",
                    set.name,
                    slots.len()
                ));
            }
            let labels: Vec<u8> = slots.iter().map(|&i| solved[set.offset + usize::from(i)]).collect();
            let mut distinct = labels.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let alike = distinct.len() < labels.len();
            // Distinct pieces: a class's symbol is where its piece stands
            // in the goal, so that the goal's arrangement is the identity.
            let class: Vec<u8> = if alike { distinct.clone() } else { labels.clone() };
            let mut symbol = vec![0u8; 256];
            for (s, &c) in class.iter().enumerate() {
                symbol[usize::from(c)] = s as u8;
            }
            let counts: Vec<u32> = class
                .iter()
                .map(|c| labels.iter().filter(|&x| x == c).count() as u32)
                .collect();
            let classes = Multiset::new(&counts).ok_or_else(|| {
                format!(
                    "set {}: an orbit of {} pieces has too many arrangements",
                    set.name,
                    slots.len()
                )
            })?;
            let blind = labels.iter().any(|&c| set.blind >> c & 1 == 1);
            // The orientations each slot can hold: those of the point
            // orbit of the solved piece that stands there, each a coset
            // `turn[k] - lift[piece] + j * step` (see [`held`]).
            let o = usize::from(set.orientations);
            let point = |i: u8, r: usize| start[set_index] + usize::from(i) * o + r;
            let homes: Vec<usize> = slots
                .iter()
                .map(|&i| {
                    find(
                        &mut point_root,
                        point(i, usize::from(solved[set.offset + set.count + usize::from(i)])),
                    )
                })
                .collect();
            let held_by: Vec<Vec<Vec<u8>>> = homes
                .iter()
                .map(|&home| {
                    slots
                        .iter()
                        .map(|&i| {
                            (0..o)
                                .filter(|&r| find(&mut point_root, point(i, r)) == home)
                                .map(|r| r as u8)
                                .collect()
                        })
                        .collect()
                })
                .collect();
            let pieces: Vec<u8> = labels.iter().map(|&c| symbol[usize::from(c)]).collect();
            let (reached, turn, lift) = if blind { None } else { held(&held_by, &pieces, o) }
                .unwrap_or_else(|| (set.orientations, vec![0; slots.len()], Vec::new()));
            orbits.push((
                set, slots, class, symbol, classes, counts, alike, blind, reached, turn, lift,
            ));
        }
    }

    let mut built: Vec<Orbit> = Vec::with_capacity(orbits.len());
    for (set, slots, class, symbol, classes, counts, alike, blind, reached, turn, lift) in orbits {
        let goal_seq = slots
            .iter()
            .map(|&i| symbol[usize::from(solved[set.offset + usize::from(i)])])
            .collect();
        let goal_turns = slots
            .iter()
            .map(|&i| solved[set.offset + set.count + usize::from(i)])
            .collect();
        built.push(Orbit {
            offset: set.offset,
            count: set.count,
            slots,
            o: set.orientations,
            reached,
            step: set.orientations / reached,
            turn,
            lift,
            blind: set.blind,
            alike,
            blinded: blind,
            classes,
            counts,
            symbol,
            class,
            parity: None,
            sum: None,
            digits: 0,
            span: 0,
            table: None,
            goal_seq,
            goal_turns,
            split: None,
            digit: Vec::new(),
            tie: None,
        });
    }
    Ok(built)
}

/// The orientations the moves leave each piece on each slot, from
/// `held_by[j][k]`, those the piece solved on the orbit's slot `j` can take
/// on slot `k` (`pieces[j]` its symbol): `(o / step, turn, lift)` where on
/// slot `k` the piece of symbol `x` takes `turn[k] - lift[x] + i * step`
/// (mod `o`), or `None` where every orientation is held or they are not
/// so. `lift` is empty where every piece's is 0 (the FTO's edges, one of
/// two turns on every slot); TurnFour's tiles take a turn's parity from
/// the squares of a chequerboard they cross, half the turns on a slot for
/// each tile.
fn held(held_by: &[Vec<Vec<u8>>], pieces: &[u8], o: usize) -> Option<(u8, Vec<u8>, Vec<u8>)> {
    let c = held_by[0][0].len();
    if c == 0 || c >= o || !o.is_multiple_of(c) {
        return None;
    }
    let step = o / c;
    // Cosets of the same subgroup: `c` turns, `step` apart.
    let coset = |h: &Vec<u8>| {
        h.len() == c
            && h.iter()
                .enumerate()
                .all(|(i, &r)| usize::from(r) == usize::from(h[0]) + i * step)
    };
    if !held_by.iter().all(|by| by.iter().all(coset)) {
        return None;
    }
    let turn: Vec<u8> = held_by[0].iter().map(|h| h[0]).collect();
    let mut lift = vec![u8::MAX; 256];
    for (by, &x) in held_by.iter().zip(pieces) {
        let l = (usize::from(turn[0]) + step - usize::from(by[0][0])) % step;
        let same = by
            .iter()
            .zip(&turn)
            .all(|(h, &t)| (usize::from(t) + step - usize::from(h[0])) % step == l);
        if !same || (lift[usize::from(x)] != u8::MAX && usize::from(lift[usize::from(x)]) != l) {
            return None;
        }
        lift[usize::from(x)] = l as u8;
    }
    let lift: Vec<u8> = lift.into_iter().map(|l| if l == u8::MAX { 0 } else { l }).collect();
    let lift = if lift.iter().all(|&l| l == 0) { Vec::new() } else { lift };
    Some((c as u8, turn, lift))
}

/// The root of `i` in a union-find forest (halving its path).
fn find(root: &mut [usize], mut i: usize) -> usize {
    while root[i] != i {
        root[i] = root[root[i]];
        i = root[i];
    }
    i
}

/// Lists the orbits whose own group is smaller than their parity and sum
/// allow, when they fit: the group of each listed orbit, and for every
/// orbit whether its parity and its sum are left open (alike pieces,
/// ignored turns).
pub(super) fn list_tied(built: &mut [Orbit], moves: &[&Action]) -> (Vec<Option<Factors>>, Vec<(bool, bool)>) {
    // An orbit whose own group is smaller than its parity and sum
    // allow is listed, when it fits.
    let mut listed = vec![None; built.len()];
    let mut killed = vec![(false, false); built.len()];
    for (k, orbit) in built.iter_mut().enumerate() {
        let (group, mut allowed) = orbit.own_order(moves);
        // The orbit's parity and sum already say what they say.
        allowed.over(orbit.full_moduli().iter().map(|&m| u64::from(m)).product());
        allowed.times(orbit.invariants_reached(moves));
        if group == allowed {
            killed[k] = (orbit.alike, orbit.blinded);
            continue;
        }
        if let Some((table, without)) = orbit.list(moves) {
            orbit.span = table.codes.iter().map(Vec::len).max().unwrap_or(0) as u64;
            orbit.table = Some(table);
            listed[k] = Some(group);
            killed[k] = without;
        } else {
            killed[k] = (orbit.alike, orbit.blinded);
        }
    }

    (listed, killed)
}

impl Orbit {
    /// Whether the orbit could be ranked in halves ([`Split`]): four
    /// distinct pieces or more, neither split already nor listed.
    pub(super) fn splittable(&self) -> bool {
        self.split.is_none() && self.table.is_none() && !self.alike && self.slots.len() >= 4
    }

    /// The orientation digit of turn `x` of the piece of symbol `sym` on
    /// the orbit's slot `k`: `(x + lift[sym] - turn[k]) / step` mod `o`.
    #[inline]
    pub(super) fn digit_of(&self, k: usize, sym: u8, x: u8) -> u8 {
        let o = usize::from(self.o);
        let x = match self.lift.get(usize::from(sym)) {
            Some(&l) => (usize::from(x) + usize::from(l)) % o,
            None => usize::from(x),
        };
        self.digit[k * o + x]
    }

    /// The turn of digit `d` for the piece of symbol `sym` on the orbit's
    /// slot `k` ([`Orbit::digit_of`] the other way).
    #[inline]
    pub(super) fn turn_of(&self, k: usize, sym: u8, d: u32) -> u8 {
        let o = u32::from(self.o);
        let lift = self.lift.get(usize::from(sym)).map_or(0, |&l| u32::from(l));
        ((u32::from(self.turn[k]) + o - lift + d * u32::from(self.step)) % o) as u8
    }

    /// Whether the piece of symbol `sym` can take turn `x` on the orbit's
    /// slot `k`.
    #[inline]
    pub(super) fn holds(&self, k: usize, sym: u8, x: u8) -> bool {
        let lift = self.lift.get(usize::from(sym)).map_or(0, |&l| u16::from(l));
        (u16::from(x) + u16::from(self.o) + lift - u16::from(self.turn[k])).is_multiple_of(u16::from(self.step))
    }

    /// What move `a` adds to this orbit's invariants: its parity (two
    /// slots or more) and its sum of turns in steps (pieces that turn).
    pub(super) fn step_of(&self, a: &Action) -> Vec<u8> {
        let base = self.offset / 2;
        let n = self.slots.len();
        let from: Vec<usize> = self
            .slots
            .iter()
            .map(|&i| {
                self.slots
                    .iter()
                    .position(|&j| j == a.from[base + usize::from(i)])
                    .expect("a move keeps pieces in their orbit")
            })
            .collect();
        let mut v = Vec::with_capacity(2);
        if n >= 2 {
            let perm: Vec<u8> = from.iter().map(|&j| j as u8).collect();
            v.push(parity(&perm));
        }
        if self.reached > 1 {
            // The twist onto slot k from slot j, in steps: the turn it adds
            // to a piece's place among the slot's orientations.
            let o = u32::from(self.o);
            let s: u32 = (0..n)
                .map(|k| {
                    let i = usize::from(self.slots[k]);
                    let t = u32::from(a.twist[base + i]) + u32::from(self.turn[from[k]]) + o - u32::from(self.turn[k]);
                    t % o / u32::from(self.step)
                })
                .sum();
            v.push((s % u32::from(self.reached)) as u8);
        }
        v
    }

    /// The moduli of [`Orbit::step_of`].
    pub(super) fn full_moduli(&self) -> Vec<u8> {
        let mut m = Vec::with_capacity(2);
        if self.slots.len() >= 2 {
            m.push(2);
        }
        if self.reached > 1 {
            m.push(self.reached);
        }
        m
    }

    /// How many of this orbit's invariants the moves reach.
    pub(super) fn invariants_reached(&self, moves: &[&Action]) -> u64 {
        super::tie::joint_invariants(&[self], moves, &[])
    }

    /// The order of the group the moves make on this orbit alone
    /// (Schreier–Sims on its slots' points), and what its arrangements and
    /// orientations allow.
    pub(super) fn own_order(&self, moves: &[&Action]) -> (Factors, Factors) {
        let n = self.slots.len();
        let group = super::tie::joint_order(&[self], moves);
        let mut allowed = Factors::default();
        for k in 2..=n as u64 {
            allowed.times(k);
        }
        for _ in 0..n {
            allowed.times(u64::from(self.reached));
        }
        (group, allowed)
    }

    /// The kept invariants of class `l` of a [`Table`].
    pub(super) fn unlocal(&self, l: usize) -> (u8, u8) {
        let sums = if self.sum.is_some() {
            usize::from(self.reached)
        } else {
            1
        };
        ((l / sums) as u8, (l % sums) as u8)
    }

    /// The class of kept invariants `parity` and `sum` in a [`Table`].
    pub(super) fn local(&self, parity: u8, sum: u8) -> usize {
        let sums = if self.sum.is_some() {
            usize::from(self.reached)
        } else {
            1
        };
        let p = if self.parity.is_some() { usize::from(parity) } else { 0 };
        let s = if self.sum.is_some() { usize::from(sum) } else { 0 };
        p * sums + s
    }

    /// The rank of arrangement `seq` (symbols on the orbit's slots): the
    /// multiset's, or a [`Split`]'s.
    #[inline]
    pub(super) fn rank_arrangement(&self, seq: &[u8]) -> u64 {
        let Some(split) = &self.split else {
            return self.classes.rank(seq);
        };
        let mut second = [0u8; MAX_ORBIT];
        let j = split.second(seq, &mut second);
        split.first.rank(seq) * split.order.count() + split.order.rank(&second[..j])
    }

    /// The arrangement of rank `p` into `seq`.
    #[inline]
    pub(super) fn unrank_arrangement(&self, p: u64, seq: &mut [u8]) {
        let Some(split) = &self.split else {
            return self.classes.unrank_into(p, seq);
        };
        let orders = split.order.count();
        split.place(p / orders, p % orders, seq);
    }

    /// The code of a state: the arrangement's rank, then every orientation
    /// as a digit.
    pub(super) fn code(&self, seq: &[u8], turns: &[u8]) -> u64 {
        let o = u64::from(self.o);
        turns.iter().fold(self.classes.rank(seq), |a, &x| a * o + u64::from(x))
    }

    /// The orbit's states the moves reach from the goal's, listed by a
    /// breadth-first search on the orbit alone, each with the parity and
    /// sum of the moves that reached it. A state reached with two (alike
    /// pieces traded, ignored turns) has none of that kind: the second of
    /// the answer says whether the parity and the sum are left open so.
    /// `None` when its codes are too many, when a state's invariants are
    /// open only in part (a sum known modulo some number), or when its
    /// classes are not all as large (a rank would then have no state).
    pub(super) fn list(&self, moves: &[&Action]) -> Option<(Table, (bool, bool))> {
        let n = self.slots.len();
        let o = u64::from(self.o);
        let space = o.checked_pow(n as u32)?.checked_mul(self.classes.count())?;
        if space > MAX_TABLE {
            return None;
        }
        let base = self.offset / 2;
        let at = |j: u8| self.slots.iter().position(|&x| x == j).expect("kept in the orbit");
        let from: Vec<Vec<usize>> = moves
            .iter()
            .map(|a| self.slots.iter().map(|&i| at(a.from[base + usize::from(i)])).collect())
            .collect();
        let twist: Vec<Vec<u8>> = moves
            .iter()
            .map(|a| self.slots.iter().map(|&i| a.twist[base + usize::from(i)]).collect())
            .collect();
        let steps: Vec<(u8, u8)> = moves
            .iter()
            .map(|a| {
                let v = self.step_of(a);
                let p = if n >= 2 { v[0] } else { 0 };
                let s = if self.reached > 1 { *v.last().expect("a sum") } else { 0 };
                (p, s)
            })
            .collect();
        let r = self.reached;
        // Each state's invariants as first reached (`u16::MAX`: never).
        let mut inv = vec![u16::MAX; space as usize];
        let pack = |(p, s): (u8, u8)| u16::from(p) << 8 | u16::from(s);
        let start = (self.goal_seq.clone(), self.goal_turns.clone());
        inv[self.code(&start.0, &start.1) as usize] = 0;
        let mut todo = vec![(start, (0u8, 0u8))];
        let mut open = std::collections::BTreeSet::new();
        let mut states = Vec::new();
        while let Some(((seq, turns), (p, s))) = todo.pop() {
            states.push(self.code(&seq, &turns) as u32);
            for ((f, tw), &(dp, ds)) in from.iter().zip(&twist).zip(&steps) {
                let next: Vec<u8> = (0..n).map(|k| seq[f[k]]).collect();
                let turned: Vec<u8> = (0..n)
                    .map(|k| {
                        if self.blind >> self.class[usize::from(next[k])] & 1 == 1 {
                            0
                        } else {
                            ((u16::from(turns[f[k]]) + u16::from(tw[k])) % u16::from(self.o)) as u8
                        }
                    })
                    .collect();
                let got = ((p + dp) % 2, ((u16::from(s) + u16::from(ds)) % u16::from(r)) as u8);
                let c = self.code(&next, &turned) as usize;
                if inv[c] == u16::MAX {
                    inv[c] = pack(got);
                    todo.push(((next, turned), got));
                } else if inv[c] != pack(got) {
                    let was = ((inv[c] >> 8) as u8, inv[c] as u8);
                    open.insert(((got.0 + 2 - was.0) % 2, (got.1 + r - was.1) % r));
                }
            }
        }
        // What the open differences generate: the parity wholly, the sum
        // wholly, or neither, independently.
        let mut closed = std::collections::BTreeSet::from([(0u8, 0u8)]);
        let mut grow: Vec<(u8, u8)> = vec![(0, 0)];
        while let Some((a, b)) = grow.pop() {
            for &(x, y) in &open {
                let z = ((a + x) % 2, (b + y) % r);
                if closed.insert(z) {
                    grow.push(z);
                }
            }
        }
        let no_parity = closed.contains(&(1, 0));
        let no_sum = closed.contains(&(0, 1 % r)) && r > 1;
        let product = closed.len() == (1 + usize::from(no_parity)) * if no_sum { usize::from(r) } else { 1 };
        if !product {
            return None;
        }
        let sums = if self.reached > 1 && !no_sum { usize::from(r) } else { 1 };
        let local = |packed: u16| {
            let p = if n >= 2 && !no_parity {
                usize::from((packed >> 8) as u8)
            } else {
                0
            };
            let s = if sums > 1 { usize::from(packed as u8) } else { 0 };
            p * sums + s
        };
        let mut codes: Vec<Vec<u32>> = vec![Vec::new(); 2 * sums];
        for &c in &states {
            codes[local(inv[c as usize])].push(c);
        }
        let size = codes.iter().map(Vec::len).find(|&n| n > 0)?;
        if codes.iter().any(|c| !c.is_empty() && c.len() != size) {
            return None;
        }
        let mut of_code = vec![u32::MAX; space as usize];
        for (l, list) in codes.iter_mut().enumerate() {
            list.sort_unstable();
            for (place, &c) in list.iter().enumerate() {
                of_code[c as usize] = (l as u32) << 24 | place as u32;
            }
        }
        Some((Table { of_code, codes }, (no_parity, no_sum)))
    }

    /// The state of code `c`: its symbols and turns.
    #[inline]
    pub(super) fn decode(&self, mut c: u64, seq: &mut [u8], turns: &mut [u8]) {
        let o = u64::from(self.o);
        for k in (0..self.slots.len()).rev() {
            turns[k] = (c % o) as u8;
            c /= o;
        }
        self.classes.unrank_into(c, seq);
    }
}

/// The parity of a permutation of `0..n` (1 when odd).
pub(super) fn parity(p: &[u8]) -> u8 {
    let mut seen = [false; MAX_ORBIT];
    let mut swaps = 0usize;
    for i in 0..p.len() {
        if seen[i] {
            continue;
        }
        let mut j = i;
        while !seen[j] {
            seen[j] = true;
            j = usize::from(p[j]);
            swaps += 1;
        }
        swaps -= 1;
    }
    (swaps % 2) as u8
}
