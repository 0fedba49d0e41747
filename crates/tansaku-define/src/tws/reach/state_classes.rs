//! Ranks of classes of symmetric positions moved by tables, the class
//! coordinate the states of one orbit, listed whole.
//!
//! [`super::Tabled`] classes the placements of distinct pieces. Where an
//! orbit's pieces are alike or turn freely (the two-colour edges of
//! twsearch's `3p1.tws`: 495 colourings times 2,048 flips), its states
//! are listed instead:
//!
//! * the *class orbit*'s states are listed from the goal (at most
//!   [`MAX_STATES`]) and sorted into classes under the symmetries, each
//!   state keeping its class and a symmetry that takes it to the class's
//!   representative; each class gets a move table (the class a move
//!   leads to and that symmetry);
//! * the *rest* (every other orbit) is listed from the goal too (at most
//!   [`MAX_REST`]), with move and conjugation tables.
//!
//! A rank is `class * rests + rest`. Where symmetries fix a class's
//! representative, the least of the rest's images under them is the
//! rank, as in [`super::Classes`]. It applies only where the orbit's
//! states times the rest's count the reachable positions exactly (no
//! parity ties the orbit to the others).

use super::Reach;
use super::classes::inverses;
use super::rest::{Cut, Rest};
use crate::tws::symmetry::TwsSymmetry;
use crate::tws::{Perm, Positions, Tws, TwsMove};
use rayon::prelude::*;
use tansaku_core::puzzle::{Puzzle, Ranked};

/// States of the class orbit, at most.
const MAX_STATES: usize = 1 << 25;
/// Codes of the class orbit's states, at most (an index of 4 bytes a
/// code).
const MAX_CODES: u64 = 1 << 26;
/// States of the rest, at most.
const MAX_REST: usize = 1 << 20;
/// States whose images are computed at once (four bytes a state and a
/// symmetry).
const IMAGES_AT_ONCE: usize = 1 << 18;
/// No class yet.
const UNSEEN: u32 = u32::MAX;

/// A [`Tws`] puzzle whose ranks number classes of symmetric positions,
/// one orbit's states classed, moved by tables: see the module
/// documentation.
///
/// ```
/// use tansaku_define::{Cells, Definition, Src};
/// use tansaku_define::tws::{Perm, StateClasses};
/// use tansaku_core::Ranked;
/// // The 2x2x2, one corner held: its seven corners' 3,674,160 states are
/// // the class orbit, nothing is left beside it.
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
/// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
/// let (t, _) = t.ranked_by_reach().unwrap();
/// let c = StateClasses::<Cells<32>>::new(&t).unwrap();
/// assert_eq!((c.symmetries(), t.reach().unwrap().count()), (6, 3_674_160));
/// assert!(c.state_count() < 3_674_160 / 5);
/// let p = Perm::<Cells<32>>::new(&t);
/// let rank = |m: &str| c.rank(&p.state(&t.scramble(m).unwrap()));
/// // A turn of the held corner's diagonal takes R to U: one class.
/// assert_eq!(rank("R"), rank("U"));
/// assert_ne!(rank("R"), rank("R U"));
/// /// ```
#[derive(Debug)]
pub struct StateClasses<'a, S> {
    p: Perm<'a, S>,
    syms: &'a [TwsSymmetry],
    /// The class orbit: its number among the reach's orbits, its set's
    /// byte offset and slot count, its slots, and the values its parity
    /// and sum take (1 where not kept).
    orbit: usize,
    offset: usize,
    count: usize,
    slots: Vec<u8>,
    kept: (u64, u64),
    /// The orbit's states, two bytes a slot (piece, turn), and their
    /// numbers by code ([`StateClasses::code`]).
    states: Vec<u8>,
    index: Vec<u32>,
    /// Per state: its class and the symmetry that takes it to the
    /// class's representative.
    class_of: Vec<u32>,
    sym_of: Vec<u8>,
    /// Per class: the representative (a state), the symmetries besides
    /// the identity that fix it, and per move `class << 8 | symmetry`.
    reps: Vec<u32>,
    fix_at: Vec<u32>,
    fixing: Vec<u8>,
    step: Vec<u32>,
    /// Every other orbit ([`Rest`]).
    rest: Rest,
    /// Moves of the metric, symmetries, rests.
    moves: usize,
    g: usize,
    ns: u64,
}

impl<'a, S: Positions> StateClasses<'a, S> {
    /// The classes of `t`'s positions, `t` ranked by the positions its
    /// moves reach ([`Tws::ranked_by_reach`]), the class coordinate the
    /// orbit with the most states that suits; or why none does.
    pub fn new(t: &'a Tws) -> Result<Self, String> {
        let reach: &Reach = t
            .reach
            .as_deref()
            .ok_or("the puzzle is not ranked by its reachable positions")?;
        if !reach.exact() {
            return Err("its ranks are not exactly its positions".into());
        }
        let syms = t.position_symmetries();
        if syms.len() < 2 || syms.len() > 256 {
            return Err("between 2 and 256 symmetries needed".into());
        }
        let mut order: Vec<usize> = (0..reach.orbits.len()).collect();
        order.sort_by_key(|&j| std::cmp::Reverse(reach.orbits[j].span));
        let mut why = None;
        for j in order {
            match StateClasses::on_orbit(t, reach, syms, j) {
                Ok(c) => return Ok(c),
                Err(e) => {
                    why.get_or_insert(e);
                }
            }
        }
        Err(why.unwrap_or_else(|| "no orbit of slots".into()))
    }

    /// [`StateClasses::new`] with orbit `j` the class orbit.
    fn on_orbit(t: &'a Tws, reach: &Reach, syms: &'a [TwsSymmetry], j: usize) -> Result<Self, String> {
        let o = &reach.orbits[j];
        if o.slots.len() < 2 {
            return Err("no orbit of two slots or more".into());
        }
        // A tied orbit's rank is its tie's; the others' rest is listed
        // whole, tied or not.
        if reach.ties.iter().any(|tie| tie.members.contains(&j)) {
            return Err("the moves tie the orbit to another".into());
        }
        let k = t
            .sets
            .iter()
            .position(|set| set.offset == o.offset)
            .ok_or("an orbit outside the sets")?;
        if syms.iter().any(|y| {
            o.slots
                .iter()
                .any(|&s| !o.slots.contains(&(y.slot(k, usize::from(s)) as u8)))
        }) {
            return Err("the symmetries do not keep the orbit".into());
        }
        // A state's code: its rank on the orbit and its invariants.
        let kept = (
            if o.parity.is_some() { 2 } else { 1 },
            if o.sum.is_some() { u64::from(o.reached) } else { 1 },
        );
        let codes = o.span.saturating_mul(kept.0 * kept.1);
        if o.span > MAX_STATES as u64 || codes > MAX_CODES {
            return Err(format!("the orbit has more than {MAX_STATES} states"));
        }
        let mut c = StateClasses {
            p: Perm::new(t),
            syms,
            orbit: j,
            offset: o.offset,
            count: o.count,
            slots: o.slots.clone(),
            kept,
            states: Vec::new(),
            index: vec![UNSEEN; codes as usize],
            class_of: Vec::new(),
            sym_of: Vec::new(),
            reps: Vec::new(),
            fix_at: vec![0],
            fixing: Vec::new(),
            step: Vec::new(),
            rest: Rest::default(),
            moves: t.metric_moves.len(),
            g: syms.len(),
            ns: 0,
        };
        c.list_states()?;
        let n = c.state_total() as u64;
        if n < 2 * c.g as u64 {
            return Err("the orbit has too few states to be classed".into());
        }
        let most = reach.count().div_ceil(n);
        if most > MAX_REST as u64 {
            return Err(format!("the other orbits have more than {MAX_REST} states"));
        }
        c.rest = Rest::list(t, &c.cut(), most as usize)?;
        c.ns = c.rest.count;
        if n.checked_mul(c.ns) != Some(reach.count()) {
            return Err(format!(
                "the orbit's {n} states times the others' {} are not its {} positions (a parity ties them)",
                c.ns,
                reach.count()
            ));
        }
        let mut rest = std::mem::take(&mut c.rest);
        rest.conjugate(t, &c.cut(), syms)?;
        c.rest = rest;
        c.list_classes(reach)?;
        Ok(c)
    }

    /// How many symmetries the classes are taken under (the identity
    /// included).
    pub fn symmetries(&self) -> usize {
        self.g
    }

    /// What the ranks are, for a checkpoint's key.
    pub fn describe(&self) -> String {
        format!(
            "classes under {} symmetries moved by tables, the states of the orbit at {} classed",
            self.g, self.offset
        )
    }

    /// The number of classes of the class orbit's states.
    pub fn state_classes(&self) -> usize {
        self.reps.len()
    }

    fn n(&self) -> usize {
        self.slots.len()
    }

    fn state_total(&self) -> usize {
        self.states.len() / (2 * self.n())
    }

    /// The code of the class orbit's state in position `s`: its rank on
    /// the orbit ([`Reach`]'s share of it), then its parity and sum.
    #[inline]
    fn code(&self, s: &[u8]) -> usize {
        let reach = self.p.0.reach().expect("ranked by reach");
        let o = &reach.orbits[self.orbit];
        let mut v = [0u8; super::MAX_KEPT];
        let rank = reach.orbit_rank(o, s, &mut v, true);
        let parity = o.parity.map_or(0, |k| u64::from(v[k]));
        let sum = o.sum.map_or(0, |k| u64::from(v[k]));
        ((rank * self.kept.0 + parity) * self.kept.1 + sum) as usize
    }

    /// The number of the class orbit's state in position `s`.
    #[inline]
    fn state_of(&self, s: &[u8]) -> u32 {
        let x = self.index[self.code(s)];
        debug_assert_ne!(x, UNSEEN, "a position the moves reach");
        x
    }

    /// Writes the class orbit's state `x` into position `s`.
    fn put(&self, x: u32, s: &mut [u8]) {
        let n = self.n();
        let at = x as usize * 2 * n;
        for (kk, &slot) in self.slots.iter().enumerate() {
            let i = self.offset + usize::from(slot);
            s[i] = self.states[at + kk];
            s[i + self.count] = self.states[at + n + kk];
        }
    }

    /// Lists the class orbit's states from the goal's, the others left
    /// at the goal.
    fn list_states(&mut self) -> Result<(), String> {
        let t = self.p.0;
        let n = self.n();
        let mut s = t.goals[0].clone();
        let mut out = s.clone();
        let push = |c: &mut Self, s: &[u8]| {
            for &slot in &c.slots {
                c.states.push(s[c.offset + usize::from(slot)]);
            }
            for &slot in &c.slots {
                c.states.push(s[c.offset + c.count + usize::from(slot)]);
            }
        };
        let start = self.code(&s);
        self.index[start] = 0;
        push(self, &s);
        let mut i = 0;
        while i < self.state_total() {
            self.put(i as u32, &mut s);
            for &m in &t.metric_moves {
                t.play_at(m, &s, &mut out);
                let code = self.code(&out);
                if self.index[code] == UNSEEN {
                    let x = self.state_total();
                    if x >= MAX_STATES {
                        return Err(format!("the orbit has more than {MAX_STATES} states"));
                    }
                    self.index[code] = x as u32;
                    push(self, &out);
                }
            }
            i += 1;
        }
        debug_assert_eq!(self.states.len(), self.state_total() * 2 * n);
        Ok(())
    }

    /// The class orbit, as a rest leaves it solved.
    fn cut(&self) -> Cut<'_> {
        Cut {
            offset: self.offset,
            count: self.count,
            slots: &self.slots,
        }
    }

    /// Sorts the class orbit's states into classes under the symmetries,
    /// and gives each class its move table.
    fn list_classes(&mut self, reach: &Reach) -> Result<(), String> {
        let t = self.p.0;
        let len = t.bytes();
        let total = self.state_total();
        let inverse = inverses(t, reach, self.syms)?;
        let g = self.g;
        self.class_of = vec![UNSEEN; total];
        self.sym_of = vec![0; total];
        // The states' images, a block of states at a time in parallel (a
        // state's number a symmetry), then sorted in order.
        for block in (0..total).step_by(IMAGES_AT_ONCE) {
            let end = (block + IMAGES_AT_ONCE).min(total);
            let this = &*self;
            let images: Vec<u32> = (block..end)
                .into_par_iter()
                .flat_map_iter(|x| {
                    let (mut s, mut image) = (t.goals[0].clone(), vec![0u8; len]);
                    this.put(x as u32, &mut s);
                    this.syms
                        .iter()
                        .map(|y| {
                            t.conjugate(y, &s, &mut image);
                            this.index[this.code(&image)]
                        })
                        .collect::<Vec<u32>>()
                })
                .collect();
            if images.contains(&UNSEEN) {
                return Err("a symmetry leaves the orbit's states".into());
            }
            for x in block..end {
                if self.class_of[x] != UNSEEN {
                    continue;
                }
                let class = self.reps.len() as u32;
                if class >= 1 << 24 {
                    return Err("more than 2^24 classes of the orbit's states".into());
                }
                self.reps.push(x as u32);
                for (h, &image) in images[(x - block) * g..(x - block + 1) * g].iter().enumerate() {
                    let image = image as usize;
                    if image == x && h > 0 {
                        self.fixing.push(h as u8);
                    }
                    if self.class_of[image] == UNSEEN {
                        self.class_of[image] = class;
                        self.sym_of[image] = inverse[h];
                    }
                }
                self.fix_at.push(self.fixing.len() as u32);
            }
        }
        let this = &*self;
        self.step = (0..this.reps.len())
            .into_par_iter()
            .flat_map_iter(|c| {
                let (mut s, mut out) = (t.goals[0].clone(), vec![0u8; len]);
                this.put(this.reps[c], &mut s);
                t.metric_moves
                    .iter()
                    .map(|&m| {
                        t.play_at(m, &s, &mut out);
                        let x = this.state_of(&out) as usize;
                        this.class_of[x] << 8 | u32::from(this.sym_of[x])
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

    /// The least of rest `r`'s images under the symmetries that fix class
    /// `c`'s representative.
    #[inline]
    fn least(&self, c: usize, r: u32) -> u32 {
        let g = self.g;
        self.fixing(c)
            .iter()
            .fold(r, |best, &h| best.min(self.rest.conj[r as usize * g + usize::from(h)]))
    }

    /// Calls `f` with the successors' ranks of a class's least rank `r`
    /// until it holds (then `true`); none for a rank that is not the least
    /// of its class (never reached).
    #[inline]
    fn successors_until(&self, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let (c, rest) = ((r / self.ns) as usize, (r % self.ns) as u32);
        if !self.fixing(c).is_empty() && self.least(c, rest) != rest {
            return false;
        }
        let (m, g) = (self.moves, self.g);
        let rest = rest as usize;
        for (i, &e) in self.step[c * m..(c + 1) * m].iter().enumerate() {
            let (c2, y) = ((e >> 8) as usize, (e & 0xFF) as usize);
            let r2 = self.rest.conj[self.rest.moves[rest * m + i] as usize * g + y];
            if f(c2 as u64 * self.ns + u64::from(self.least(c2, r2))) {
                return true;
            }
        }
        false
    }

    /// Bytes of the tables.
    fn table_bytes(&self) -> u64 {
        (self.class_of.len() * 5
            + self.states.len()
            + self.index.len() * 4
            + self.reps.len() * 8
            + self.step.len() * 4
            + self.fixing.len()
            + self.rest.bytes() as usize) as u64
    }
}

super::puzzle_of_positions!(StateClasses);

impl<S: Positions> Ranked for StateClasses<'_, S> {
    fn state_count(&self) -> u64 {
        self.ns * self.reps.len() as u64
    }

    fn rank(&self, s: &S) -> u64 {
        let t = self.p.0;
        let len = t.bytes();
        let x = self.state_of(s.bytes()) as usize;
        let c = self.class_of[x] as usize;
        let mut held = s.bytes()[..len].to_vec();
        if self.sym_of[x] != 0 {
            t.conjugate(&self.syms[usize::from(self.sym_of[x])], s.bytes(), &mut held);
        }
        let r = self.rest.of(t, &self.cut(), &held);
        c as u64 * self.ns + u64::from(self.least(c, r))
    }

    fn unrank(&self, r: u64) -> S {
        let (c, rest) = ((r / self.ns) as usize, (r % self.ns) as usize);
        let len = self.p.0.bytes();
        let mut s = S::zeroed(len);
        s.bytes_mut()[..len].copy_from_slice(self.rest.state(rest, len));
        self.put(self.reps[c], s.bytes_mut());
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
        let (c, rest) = ((r / self.ns) as usize, (r % self.ns) as usize);
        let g = self.g;
        let fixed = 1 + self
            .fixing(c)
            .iter()
            .filter(|&&h| self.rest.conj[rest * g + usize::from(h)] as usize == rest)
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
