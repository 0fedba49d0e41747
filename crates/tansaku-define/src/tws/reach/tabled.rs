//! Ranks of classes of symmetric positions whose successors are table
//! reads: Kociemba's symmetry coordinates where one orbit of distinct
//! pieces is too large to be the class coordinate whole.
//!
//! [`super::Classes`] plays each class's successors on positions,
//! conjugates and ranks them. Where the puzzle has an orbit of distinct
//! pieces whose turns follow from where they stand (the FTO's twelve
//! edges) and few other states (the FTO's 960 corner states), [`Tabled`]
//! moves by tables instead:
//!
//! * the orbit's pieces fall into groups that every symmetry maps onto
//!   themselves (the FTO's edges: three groups of four). The *class
//!   pieces* are the largest union of groups whose placements (which slot
//!   each stands on, `n! / (n - k)!` of them) stay below 2^25; their
//!   placements are sorted into classes under the symmetries once, and
//!   each class gets a move table: the class a move leads to and the
//!   symmetry that brings it back to its representative;
//! * the *other pieces* stand on the slots the class pieces leave: their
//!   order there is ranked (halved where a parity fixes its last swap), and
//!   moved and conjugated by tables of their placements;
//! * the *rest* (every other orbit) is listed from the goal, with its own
//!   move and conjugation tables.
//!
//! A rank is `class * (orders * rests) + order * rests + rest`. Where
//! symmetries fix a class's representative, the least of the images is
//! the class's rank, as in [`super::Classes`]. It applies only where the
//! three parts together count the reachable positions exactly.

use super::Reach;
use super::classes::inverses;
use super::orbit::parity;
use super::rest::{Cut, Rest};
use crate::tws::symmetry::TwsSymmetry;
use crate::tws::{Perm, Positions, Tws, TwsMove};
use rayon::prelude::*;
use tansaku_core::puzzle::{Puzzle, Ranked};

/// Placements of the class pieces, at most (class lists of five bytes a
/// placement).
const MAX_PLACEMENTS: u64 = 1 << 25;
/// Placements of the other pieces, at most (a table row each).
const MAX_OTHERS: u64 = 1 << 20;
/// States of the rest, at most (listed in a hash map).
const MAX_REST: usize = 1 << 20;
/// Slots of the split orbit, at most (bit masks of 16 bits).
const MAX_SLOTS: usize = 16;
/// Why the whole orbit cannot be the class coordinate: its parity is
/// tied to the other orbits, and no order of other pieces is left to
/// halve.
const WHOLE_TIED: &str = "the class pieces fill the orbit and its parity is tied to the other orbits";
/// No class yet.
const UNSEEN: u32 = u32::MAX;

/// A [`Tws`] puzzle whose ranks number classes of symmetric positions and
/// move by tables: see the module documentation.
///
/// ```
/// use tansaku_define::{Cells, Definition, Src};
/// use tansaku_define::tws::{Perm, Tabled};
/// use tansaku_core::Ranked;
/// // Four corners and four edges around a square; each move cycles a
/// // corner, the edge after it and the next corner (turning a piece that
/// // passes between a corner and an edge). A counter counts the moves.
/// let mut text = String::from("Set P 8 2\nSet K 1 3\nSolved\nP\n1 2 3 4 5 6 7 8\nK\n1\nEnd\n");
/// for (m, from, twist) in [
///     ("A", "2 5 3 4 1 6 7 8", "1 0 0 0 1 0 0 0"),
///     ("B", "1 3 6 4 5 2 7 8", "0 1 0 0 0 1 0 0"),
///     ("C", "1 2 4 7 5 6 3 8", "0 0 1 0 0 0 1 0"),
///     ("D", "8 2 3 1 5 6 7 4", "0 0 0 1 0 0 0 1"),
/// ] {
///     text += &format!("Move {m}\nP\n{from}\n{twist}\nK\n1\n1\nEnd\n");
/// }
/// let Definition::Tws(t) = Definition::parse(&Src::new("square.tws", &text), None).unwrap() else { panic!() };
/// let (t, _) = t.ranked_by_reach().unwrap();
/// let c = Tabled::<Cells<32>>::new(&t).unwrap();
/// // The square's 8 symmetries; 8!/2 x 3 = 60,480 positions in 8,172 slots.
/// assert_eq!((c.symmetries(), c.state_count()), (8, 8_172));
/// let p = Perm::<Cells<32>>::new(&t);
/// let rank = |m: &str| c.rank(&p.state(&t.scramble(m).unwrap()));
/// // Turned a quarter, the square takes A to B: one class.
/// assert_eq!(rank("A"), rank("B"));
/// assert_ne!(rank("A"), rank("A B"));
/// ```
#[derive(Debug)]
pub struct Tabled<'a, S> {
    p: Perm<'a, S>,
    syms: &'a [TwsSymmetry],
    /// The split orbit: its set's byte offset and slot count, its slots.
    offset: usize,
    count: usize,
    slots: Vec<u8>,
    /// A piece's label (by home, its slot in the goal among the orbit's),
    /// a label's home (255: none), and the turn of piece `h` on the
    /// orbit's slot `k` at `h * n + k` (255: never there).
    label: Vec<u8>,
    home: Vec<u8>,
    turn: Vec<u8>,
    /// The class pieces' and the other pieces' homes; a home's place
    /// among the other pieces (255: a class piece).
    b: Vec<u8>,
    a: Vec<u8>,
    a_ord: Vec<u8>,
    /// Orders of the other pieces (`a!`), and whether a rank keeps half.
    fact: u32,
    halve: bool,
    /// Per placement of the class pieces: its class and the symmetry that
    /// takes it to the class's representative.
    class_of: Vec<u32>,
    sym_of: Vec<u8>,
    /// Per class: the representative, the other pieces' slots (a mask's
    /// index), the parity of the orbit with them in order, the
    /// symmetries besides the identity that fix it, and per move
    /// `class << 8 | symmetry`.
    reps: Vec<u32>,
    loc: Vec<u16>,
    odd: Vec<u8>,
    fix_at: Vec<u32>,
    fixing: Vec<u8>,
    step: Vec<u32>,
    /// The other pieces' slot masks by index and back; per code
    /// (`mask * a! + order`), its moves and conjugates, and its order's
    /// offset in a class's ranks; each order's parity.
    masks: Vec<u16>,
    mask_index: Vec<u16>,
    a_move: Vec<u32>,
    a_conj: Vec<u32>,
    a_off: Vec<u64>,
    a_odd: Vec<u8>,
    /// The rest's states (positions with the split orbit solved), their
    /// moves and conjugates, and the orbit's parity each needs.
    rest: Rest,
    need: Vec<u8>,
    /// Moves of the metric, symmetries, rests, ranks a class.
    moves: usize,
    g: usize,
    ns: u64,
    per_class: u64,
}

/// Partial-permutation rank of `seq` (distinct values below `n`).
fn rank_partial(n: usize, seq: &[u8]) -> u64 {
    let mut used = 0u32;
    let mut r = 0u64;
    for (i, &x) in seq.iter().enumerate() {
        let below = (used & ((1u32 << x) - 1)).count_ones();
        r = r * (n - i) as u64 + u64::from(u32::from(x) - below);
        used |= 1 << x;
    }
    r
}

/// The sequence of `out.len()` distinct values below `n` of rank `r`.
fn unrank_partial(n: usize, mut r: u64, out: &mut [u8]) {
    for i in (0..out.len()).rev() {
        let radix = (n - i) as u64;
        out[i] = (r % radix) as u8;
        r /= radix;
    }
    let mut used = 0u32;
    for x in out.iter_mut() {
        let mut k = *x;
        let mut v = 0u8;
        loop {
            if used >> v & 1 == 0 {
                if k == 0 {
                    break;
                }
                k -= 1;
            }
            v += 1;
        }
        *x = v;
        used |= 1 << v;
    }
}

/// Lexicographic rank of a permutation of `0..p.len()`.
fn rank_order(p: &[u8]) -> u32 {
    let mut r = 0u32;
    for i in 0..p.len() {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u32;
        r = r * (p.len() - i) as u32 + smaller;
    }
    r
}

/// The permutation of `0..out.len()` of lexicographic rank `r`.
fn unrank_order(r: u32, out: &mut [u8]) {
    let n = out.len();
    unrank_partial(n, u64::from(r), out);
}

impl<'a, S: Positions> Tabled<'a, S> {
    /// The classes of `t`'s positions moved by tables, `t` ranked by the
    /// positions its moves reach ([`Tws::ranked_by_reach`]); or why not.
    pub fn new(t: &'a Tws) -> Result<Self, String> {
        let reach: &Reach = t
            .reach
            .as_deref()
            .ok_or("the puzzle is not ranked by its reachable positions")?;
        if !reach.exact() {
            return Err("its ranks are not exactly its positions".into());
        }
        if !reach.ties.is_empty() {
            return Err("the moves tie orbits of slots to one another: they are ranked jointly, not in classes".into());
        }
        let syms = t.position_symmetries();
        if syms.len() < 2 || syms.len() > 256 {
            return Err("between 2 and 256 symmetries needed".into());
        }
        let mut why = None;
        let mut order: Vec<usize> = (0..reach.orbits.len()).collect();
        order.sort_by_key(|&j| std::cmp::Reverse(reach.orbits[j].slots.len()));
        for j in order {
            match Tabled::on_orbit(t, reach, syms, j) {
                Ok(c) => return Ok(c),
                Err(e) => {
                    why.get_or_insert(e);
                }
            }
        }
        Err(why.unwrap_or_else(|| "no orbit of slots".into()))
    }

    /// [`Tabled::new`] with orbit `j` split: the whole orbit the class
    /// coordinate where that works, else a part of it.
    fn on_orbit(t: &'a Tws, reach: &Reach, syms: &'a [TwsSymmetry], j: usize) -> Result<Self, String> {
        match Tabled::split_at(t, reach, syms, j, true) {
            Err(e) if e == WHOLE_TIED => Tabled::split_at(t, reach, syms, j, false),
            r => r,
        }
    }

    /// [`Tabled::on_orbit`], the whole orbit allowed as class pieces or not.
    fn split_at(t: &'a Tws, reach: &Reach, syms: &'a [TwsSymmetry], j: usize, whole: bool) -> Result<Self, String> {
        let o = &reach.orbits[j];
        let n = o.slots.len();
        if o.alike || !(4..=MAX_SLOTS).contains(&n) {
            return Err("no orbit of 4 to 16 distinct pieces".into());
        }
        if o.blinded {
            return Err("the turns of some pieces are ignored".into());
        }
        let k = t
            .sets
            .iter()
            .position(|set| set.offset == o.offset)
            .ok_or("an orbit outside the sets")?;
        let mut at = [u8::MAX; 256];
        for (i, &slot) in o.slots.iter().enumerate() {
            at[usize::from(slot)] = i as u8;
        }
        // Homes by the goal; the symmetries' maps of homes.
        let goal = &t.goals[0];
        let label: Vec<u8> = o.slots.iter().map(|&s| goal[o.offset + usize::from(s)]).collect();
        let mut home = vec![u8::MAX; 256];
        for (h, &l) in label.iter().enumerate() {
            home[usize::from(l)] = h as u8;
        }
        let maps: Vec<Vec<u8>> = syms
            .iter()
            .map(|y| o.slots.iter().map(|&s| at[y.slot(k, usize::from(s))]).collect())
            .collect();
        if maps.iter().flatten().any(|&x| x == u8::MAX) {
            return Err("the symmetries do not keep the orbit".into());
        }
        let turn = turns(t, o.offset, o.count, &o.slots, &home, o.o)?;
        let (b, a) = split(n, &maps, whole)?;
        if a.is_empty() && o.parity.is_some_and(|k| !parity_free(reach, k)) {
            // The moves keep the orbit's parity (with the others'): no
            // order of other pieces is left to carry it.
            return Err(WHOLE_TIED.into());
        }
        let others: u64 = ((n - a.len() + 1)..=n).map(|x| x as u64).product();
        if others > MAX_OTHERS {
            return Err(format!(
                "the {} pieces left beside the class pieces have more than {MAX_OTHERS} placements",
                a.len()
            ));
        }
        let mut c = Tabled {
            p: Perm::new(t),
            syms,
            offset: o.offset,
            count: o.count,
            slots: o.slots.clone(),
            label,
            home,
            turn,
            a_ord: (0..n as u8)
                .map(|h| a.iter().position(|&x| x == h).map_or(u8::MAX, |i| i as u8))
                .collect(),
            fact: (1..=a.len() as u32).product(),
            b,
            a,
            halve: false,
            class_of: Vec::new(),
            sym_of: Vec::new(),
            reps: Vec::new(),
            loc: Vec::new(),
            odd: Vec::new(),
            fix_at: vec![0],
            fixing: Vec::new(),
            step: Vec::new(),
            masks: Vec::new(),
            mask_index: vec![u16::MAX; 1 << n],
            a_move: Vec::new(),
            a_conj: Vec::new(),
            a_off: Vec::new(),
            a_odd: Vec::new(),
            rest: Rest::default(),
            need: Vec::new(),
            moves: t.metric_moves.len(),
            g: syms.len(),
            ns: 0,
            per_class: 0,
        };
        // The rest has count / (placements x orders) states, twice that
        // where a parity halves the orders: listing stops past it.
        let halves = if c.a.len() >= 2 { 2 } else { 1 };
        let most = (reach.count().saturating_mul(halves)).div_ceil((c.placements() * u64::from(c.fact)).max(1));
        c.rest = Rest::list(t, &c.cut(), most.min(MAX_REST as u64) as usize)?;
        c.ns = c.rest.count;
        c.parities(reach)?;
        let placements = c.placements();
        let span = u64::from(c.fact) >> u32::from(c.halve);
        let counted = placements.checked_mul(span * c.ns);
        if counted != Some(reach.count()) {
            return Err(format!(
                "its parts count {} positions, not {}",
                counted.map_or("more than 2^64".into(), |x| x.to_string()),
                reach.count()
            ));
        }
        c.per_class = span * c.ns;
        let mut rest = std::mem::take(&mut c.rest);
        rest.conjugate(t, &c.cut(), syms)?;
        c.rest = rest;
        c.order_tables();
        c.list_classes()?;
        Ok(c)
    }
}

/// The turn of each piece (by home) on each slot of an orbit, where the
/// moves leave it one; `Err` where a piece can stand on a slot turned two
/// ways.
fn turns(t: &Tws, offset: usize, count: usize, slots: &[u8], home: &[u8], o: u8) -> Result<Vec<u8>, String> {
    let n = slots.len();
    let goal = &t.goals[0];
    let mut out = vec![0u8; goal.len()];
    // Per move: where the piece on each of the orbit's slots goes, and
    // the turn it gains.
    let mut dest = Vec::new();
    for &i in &t.metric_moves {
        t.play_at(i, goal, &mut out);
        let mut d = vec![(0u8, 0u8); n];
        for (kk, &s) in slots.iter().enumerate() {
            let l = out[offset + usize::from(s)];
            let from = usize::from(home[usize::from(l)]);
            if from >= n {
                return Err("a move brings a piece of another orbit".into());
            }
            let was = goal[offset + count + usize::from(slots[from])];
            let now = out[offset + count + usize::from(s)];
            d[from] = (kk as u8, (now + o - was) % o);
        }
        dest.push(d);
    }
    let mut turn = vec![u8::MAX; n * n];
    let mut queue = Vec::new();
    for h in 0..n {
        turn[h * n + h] = goal[offset + count + usize::from(slots[h])];
        queue.push((h, h));
    }
    while let Some((h, kk)) = queue.pop() {
        let x = turn[h * n + kk];
        for d in &dest {
            let (to, add) = d[kk];
            let y = (x + add) % o;
            let at = h * n + usize::from(to);
            if turn[at] == u8::MAX {
                turn[at] = y;
                queue.push((h, usize::from(to)));
            } else if turn[at] != y {
                return Err("a piece stands on a slot turned more than one way".into());
            }
        }
    }
    Ok(turn)
}

/// Whether kept invariant `k` (a parity) is free: every vector of
/// invariants the moves reach is reached with it flipped too.
fn parity_free(reach: &Reach, k: usize) -> bool {
    let radix: u32 = reach.moduli[k + 1..].iter().map(|&m| u32::from(m)).product();
    reach.members.iter().all(|&e| {
        let flipped = if (e / radix).is_multiple_of(2) {
            e + radix
        } else {
            e - radix
        };
        reach.index.get(flipped as usize).is_some_and(|&i| i != u32::MAX)
    })
}

/// The class pieces and the other pieces (homes): the groups of homes the
/// symmetries' `maps` keep, the largest first, as long as their
/// placements stay within [`MAX_PLACEMENTS`] and two pieces are left or
/// none (the whole orbit is the class coordinate).
fn split(n: usize, maps: &[Vec<u8>], whole: bool) -> Result<(Vec<u8>, Vec<u8>), String> {
    let mut group: Vec<usize> = (0..n).collect();
    fn find(g: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while g[r] != r {
            r = g[r];
        }
        g[x] = r;
        r
    }
    for m in maps {
        for (h, &to) in m.iter().enumerate() {
            let (x, y) = (find(&mut group, h), find(&mut group, usize::from(to)));
            group[x] = y;
        }
    }
    let roots: Vec<usize> = (0..n).map(|h| find(&mut group, h)).collect();
    let mut groups: Vec<Vec<u8>> = Vec::new();
    for h in 0..n {
        if roots[h] == h {
            groups.push((0..n).filter(|&x| roots[x] == h).map(|x| x as u8).collect());
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    let mut b: Vec<u8> = Vec::new();
    for g in groups {
        let k = b.len() + g.len();
        let placements: u64 = ((n - k + 1)..=n).map(|x| x as u64).product();
        if (n - k >= 2 || (whole && n == k)) && placements <= MAX_PLACEMENTS {
            b.extend(g);
        }
    }
    if b.is_empty() {
        return Err("no group of pieces the symmetries keep is small enough to be classed".into());
    }
    b.sort_unstable();
    let a = (0..n as u8).filter(|h| !b.contains(h)).collect();
    Ok((b, a))
}

impl<'a, S: Positions> Tabled<'a, S> {
    /// How many symmetries the classes are taken under (the identity
    /// included).
    pub fn symmetries(&self) -> usize {
        self.g
    }

    /// What the ranks are, for a checkpoint's key.
    pub fn describe(&self) -> String {
        format!(
            "classes under {} symmetries moved by tables, class pieces {:?} of the orbit at {}",
            self.g, self.b, self.offset
        )
    }

    /// Whether a rank keeps half of the other pieces' orders (a parity
    /// fixes the last swap).
    pub fn halves(&self) -> bool {
        self.halve
    }

    /// The number of classes of the class pieces' placements.
    pub fn placement_classes(&self) -> usize {
        self.reps.len()
    }

    fn n(&self) -> usize {
        self.slots.len()
    }

    /// Placements of the class pieces.
    fn placements(&self) -> u64 {
        let (n, k) = (self.n(), self.b.len());
        ((n - k + 1)..=n).map(|x| x as u64).product()
    }

    /// The split orbit, as a rest leaves it solved.
    fn cut(&self) -> Cut<'_> {
        Cut {
            offset: self.offset,
            count: self.count,
            slots: &self.slots,
        }
    }

    /// The split orbit's parity each rest needs: whether a rank keeps half
    /// of the other pieces' orders.
    fn parities(&mut self, reach: &Reach) -> Result<(), String> {
        let len = self.p.0.bytes();
        let n = self.n();
        // Two pieces to swap: two other pieces, or two class pieces where
        // the class pieces fill the orbit (no order left to halve).
        let pair = if self.a.len() >= 2 { &self.a } else { &self.b };
        let (x, y) = (usize::from(pair[0]), usize::from(pair[1]));
        let mut free = 0;
        for r in 0..self.ns as usize {
            let mut s = self.rest.state(r, len).to_vec();
            let even = reach.contains(&s);
            // The two first other pieces swapped.
            for (h, kk) in [(x, y), (y, x)] {
                let i = self.offset + usize::from(self.slots[kk]);
                s[i] = self.label[h];
                s[i + self.count] = self.turn[h * n + kk];
            }
            let odd = self.turn[x * n + y] != u8::MAX && self.turn[y * n + x] != u8::MAX && reach.contains(&s);
            match (even, odd) {
                (true, true) => free += 1,
                (true, false) => self.need.push(0),
                (false, true) => self.need.push(1),
                (false, false) => return Err("a state of the other orbits is reached with no parity".into()),
            }
        }
        if free > 0 && free < self.ns {
            return Err("the split orbit's parity is tied to some states of the others only".into());
        }
        if free == 0 && self.a.len() < 2 {
            return Err(WHOLE_TIED.into());
        }
        self.halve = free == 0;
        Ok(())
    }

    /// The other pieces' codes: masks, orders, and their tables.
    fn order_tables(&mut self) {
        let n = self.n();
        let k = self.a.len();
        for m in 0..1u32 << n {
            if m.count_ones() as usize == k {
                self.mask_index[m as usize] = self.masks.len() as u16;
                self.masks.push(m as u16);
            }
        }
        let mut order = vec![0u8; k];
        for r in 0..self.fact {
            unrank_order(r, &mut order);
            self.a_odd.push(parity(&order));
        }
        let t = self.p.0;
        let len = t.bytes();
        let codes = self.masks.len() as u32 * self.fact;
        let (mut s, mut out) = (vec![0u8; len], vec![0u8; len]);
        for code in 0..codes {
            self.write_others(code, &mut s);
            self.a_off
                .push(u64::from((code % self.fact) >> u32::from(self.halve)) * self.ns);
            for &m in &t.metric_moves {
                t.play_at(m, &s, &mut out);
                self.a_move.push(self.a_code(&out));
            }
            for y in self.syms {
                t.conjugate(y, &s, &mut out);
                self.a_conj.push(self.a_code(&out));
            }
        }
    }

    /// The goal's rest with the other pieces placed by `code` and the
    /// class pieces on the slots left, in order.
    fn write_others(&self, code: u32, s: &mut [u8]) {
        let len = self.p.0.bytes();
        s[..len].copy_from_slice(self.rest.state(0, len));
        let mask = self.masks[(code / self.fact) as usize];
        let mut order = [0u8; MAX_SLOTS];
        unrank_order(code % self.fact, &mut order[..self.a.len()]);
        let (mut ai, mut bi) = (0, 0);
        for kk in 0..self.n() {
            let h = if mask >> kk & 1 == 1 {
                ai += 1;
                self.a[usize::from(order[ai - 1])]
            } else {
                bi += 1;
                self.b[bi - 1]
            };
            self.put(s, h, kk);
        }
    }

    /// Piece `h` (a home) onto the orbit's slot `kk`, turned as it must be.
    #[inline]
    fn put(&self, s: &mut [u8], h: u8, kk: usize) {
        let i = self.offset + usize::from(self.slots[kk]);
        s[i] = self.label[usize::from(h)];
        s[i + self.count] = self.turn[usize::from(h) * self.n() + kk];
    }

    /// The other pieces' code of position `s`.
    fn a_code(&self, s: &[u8]) -> u32 {
        let mut mask = 0usize;
        let mut order = [0u8; MAX_SLOTS];
        let mut i = 0;
        for (kk, &slot) in self.slots.iter().enumerate() {
            let h = self.home[usize::from(s[self.offset + usize::from(slot)])];
            let x = self.a_ord[usize::from(h)];
            if x != u8::MAX {
                mask |= 1 << kk;
                order[i] = x;
                i += 1;
            }
        }
        u32::from(self.mask_index[mask]) * self.fact + rank_order(&order[..i])
    }

    /// The class pieces' placement of position `s`.
    fn b_code(&self, s: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_SLOTS];
        for (kk, &slot) in self.slots.iter().enumerate() {
            let h = self.home[usize::from(s[self.offset + usize::from(slot)])];
            pos[usize::from(h)] = kk as u8;
        }
        let mut seq = [0u8; MAX_SLOTS];
        for (i, &h) in self.b.iter().enumerate() {
            seq[i] = pos[usize::from(h)];
        }
        rank_partial(self.n(), &seq[..self.b.len()])
    }

    /// The rest's state of position `s`.
    fn r_code(&self, s: &[u8]) -> u32 {
        self.rest.of(self.p.0, &self.cut(), s)
    }

    /// Writes placement `b` of the class pieces, the other pieces by
    /// `a`, and rest `r` into `s`.
    fn write(&self, b: u64, a: u32, r: u32, s: &mut [u8]) {
        let len = self.p.0.bytes();
        let r = r as usize;
        s[..len].copy_from_slice(self.rest.state(r, len));
        let mut seq = [0u8; MAX_SLOTS];
        unrank_partial(self.n(), b, &mut seq[..self.b.len()]);
        for (i, &h) in self.b.iter().enumerate() {
            self.put(s, h, usize::from(seq[i]));
        }
        let mask = self.masks[(a / self.fact) as usize];
        let mut order = [0u8; MAX_SLOTS];
        unrank_order(a % self.fact, &mut order[..self.a.len()]);
        let mut ai = 0;
        for kk in 0..self.n() {
            if mask >> kk & 1 == 1 {
                self.put(s, self.a[usize::from(order[ai])], kk);
                ai += 1;
            }
        }
    }

    /// Sorts the class pieces' placements into classes under the
    /// symmetries, and gives each class its move table.
    fn list_classes(&mut self) -> Result<(), String> {
        let t = self.p.0;
        let len = t.bytes();
        let n = self.n();
        let placements = self.placements();
        let inverse = inverses(t, t.reach.as_deref().expect("ranked"), self.syms)?;
        self.class_of = vec![UNSEEN; placements as usize];
        self.sym_of = vec![0; placements as usize];
        let (mut s, mut image) = (vec![0u8; len], vec![0u8; len]);
        let full = (1usize << n) - 1;
        for b in 0..placements {
            if self.class_of[b as usize] != UNSEEN {
                continue;
            }
            let mut seq = [0u8; MAX_SLOTS];
            unrank_partial(n, b, &mut seq[..self.b.len()]);
            let taken = seq[..self.b.len()].iter().fold(0usize, |m, &k| m | 1 << k);
            let loc = self.mask_index[full & !taken];
            let a = u32::from(loc) * self.fact;
            self.write(b, a, 0, &mut s);
            let class = self.reps.len() as u32;
            if class >= 1 << 24 {
                return Err("more than 2^24 classes of placements".into());
            }
            let mut homes = [0u8; MAX_SLOTS];
            for (kk, &slot) in self.slots.iter().enumerate() {
                homes[kk] = self.home[usize::from(s[self.offset + usize::from(slot)])];
            }
            self.reps.push(b as u32);
            self.loc.push(loc);
            self.odd.push(parity(&homes[..n]));
            for (g, y) in self.syms.iter().enumerate() {
                t.conjugate(y, &s, &mut image);
                let c = self.b_code(&image) as usize;
                if c as u64 == b && g > 0 {
                    self.fixing.push(g as u8);
                }
                if self.class_of[c] == UNSEEN {
                    self.class_of[c] = class;
                    self.sym_of[c] = inverse[g];
                }
            }
            self.fix_at.push(self.fixing.len() as u32);
        }
        let this = &*self;
        self.step = (0..this.reps.len())
            .into_par_iter()
            .flat_map_iter(|c| {
                let (mut s, mut out) = (vec![0u8; len], vec![0u8; len]);
                this.write(u64::from(this.reps[c]), u32::from(this.loc[c]) * this.fact, 0, &mut s);
                t.metric_moves
                    .iter()
                    .map(|&m| {
                        t.play_at(m, &s, &mut out);
                        let b = this.b_code(&out) as usize;
                        this.class_of[b] << 8 | u32::from(this.sym_of[b])
                    })
                    .collect::<Vec<u32>>()
            })
            .collect();
        Ok(())
    }

    /// The symmetries besides the identity that fix class `c`'s
    /// representative.
    #[inline]
    fn fixing(&self, c: usize) -> &[u8] {
        &self.fixing[self.fix_at[c] as usize..self.fix_at[c + 1] as usize]
    }

    /// Class `c`, the other pieces' code and the rest of rank `r`.
    #[inline]
    fn parts(&self, r: u64) -> (usize, u32, u32) {
        let c = (r / self.per_class) as usize;
        let within = r % self.per_class;
        let (order, rest) = ((within / self.ns) as u32, (within % self.ns) as u32);
        let order = if self.halve {
            let even = order * 2;
            even + u32::from(self.odd[c] ^ self.a_odd[even as usize] != self.need[rest as usize])
        } else {
            order
        };
        (c, u32::from(self.loc[c]) * self.fact + order, rest)
    }

    /// The least rank within class `c` of the other pieces' code `a` and
    /// rest `r` and their images under the symmetries that fix the
    /// class's representative.
    #[inline]
    fn least(&self, c: usize, a: u32, r: u32) -> u64 {
        let g = self.g;
        let mut best = self.a_off[a as usize] + u64::from(r);
        for &h in self.fixing(c) {
            let h = usize::from(h);
            let (a2, r2) = (self.a_conj[a as usize * g + h], self.rest.conj[r as usize * g + h]);
            best = best.min(self.a_off[a2 as usize] + u64::from(r2));
        }
        best
    }

    /// Calls `f` with the successors' ranks of a class's least rank `r`
    /// until it holds (then `true`); none for a rank that is not the least
    /// of its class (never reached).
    #[inline]
    fn successors_until(&self, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let (c, a, rest) = self.parts(r);
        if !self.fixing(c).is_empty() && self.least(c, a, rest) != r % self.per_class {
            return false;
        }
        let (m, g) = (self.moves, self.g);
        let (a, rest) = (a as usize, rest as usize);
        for (i, &e) in self.step[c * m..(c + 1) * m].iter().enumerate() {
            let (c2, y) = ((e >> 8) as usize, (e & 0xFF) as usize);
            let a2 = self.a_conj[self.a_move[a * m + i] as usize * g + y];
            let r2 = self.rest.conj[self.rest.moves[rest * m + i] as usize * g + y];
            if f(c2 as u64 * self.per_class + self.least(c2, a2, r2)) {
                return true;
            }
        }
        false
    }

    /// Bytes of the tables.
    fn table_bytes(&self) -> u64 {
        (self.class_of.len() * 5
            + self.reps.len() * 7
            + self.step.len() * 4
            + self.fixing.len()
            + (self.a_move.len() + self.a_conj.len()) * 4
            + self.a_off.len() * 8) as u64
            + self.rest.bytes()
    }
}

super::puzzle_of_positions!(Tabled);

impl<S: Positions> Ranked for Tabled<'_, S> {
    fn state_count(&self) -> u64 {
        self.per_class * self.reps.len() as u64
    }

    fn rank(&self, s: &S) -> u64 {
        let t = self.p.0;
        let len = t.bytes();
        let b = self.b_code(s.bytes()) as usize;
        let c = self.class_of[b] as usize;
        let mut held = s.bytes()[..len].to_vec();
        if self.sym_of[b] != 0 {
            t.conjugate(&self.syms[usize::from(self.sym_of[b])], s.bytes(), &mut held);
        }
        c as u64 * self.per_class + self.least(c, self.a_code(&held), self.r_code(&held))
    }

    fn unrank(&self, r: u64) -> S {
        let (c, a, rest) = self.parts(r);
        let mut s = S::zeroed(self.p.0.bytes());
        self.write(u64::from(self.reps[c]), a, rest, s.bytes_mut());
        s
    }

    /// The successors' ranks of a class's least rank; none for a rank
    /// that is not the least of its class (never reached).
    #[inline]
    fn for_each_successor_rank(&self, r: u64, mut f: impl FnMut(u64)) {
        self.successors_until(r, |q| {
            f(q);
            false
        });
    }

    #[inline]
    fn any_successor_rank(&self, r: u64, f: impl FnMut(u64) -> bool) -> bool {
        self.successors_until(r, f)
    }

    fn successor_table_bytes(&self) -> u64 {
        self.table_bytes()
    }

    fn weight(&self, r: u64) -> u64 {
        let (c, a, rest) = self.parts(r);
        let g = self.g;
        let fixed = 1 + self
            .fixing(c)
            .iter()
            .filter(|&&h| {
                let h = usize::from(h);
                self.a_conj[a as usize * g + h] == a && self.rest.conj[rest as usize * g + h] == rest
            })
            .count();
        (g / fixed) as u64
    }

    fn weighted(&self) -> bool {
        true
    }
    fn positions(&self) -> Option<u64> {
        self.p.0.reach().map(Reach::count)
    }
}
