//! Ranks of classes of symmetric positions: one rank a class.
//!
//! A symmetry of a puzzle (a conjugation that maps its moves onto its
//! moves and its goal onto itself, [`Tws::symmetries`]) maps every
//! position onto one as far from the goal. A whole-space analysis then
//! needs a slot a class of such positions, not one a position: the 2x2x2
//! with all six faces' turns has 88,179,840 positions and 1,838,728
//! classes under its 48 symmetries. [`Classes`] numbers the classes as
//! Kociemba's symmetry coordinates do:
//!
//! * the *class orbits* are orbits of slots that every symmetry maps onto
//!   themselves (a cube's corners). Their arrangements (which piece is on
//!   which slot, orientations aside) fall into classes under the
//!   symmetries, listed once: each has a representative, and every
//!   arrangement a symmetry that takes it there;
//! * a position is conjugated by that symmetry, so that its class orbits
//!   hold the representative, and the rest (their orientations, the other
//!   orbits, the parities and sums) is ranked as [`super::Reach`] ranks
//!   it, less what the representative already says (its parities);
//! * where symmetries fix the representative (its stabiliser), they map
//!   the conjugated position onto others that hold it too: the least of
//!   their ranks is the class's. The other ranks are never reached (and
//!   have no successors).
//!
//! A class holds `|G| / |S|` positions, `S` the symmetries that fix one of
//! them ([`Ranked::weight`]): the analyses count both classes and
//! positions.

use super::{MAX_ORBIT, Reach, orbit::parity};
use crate::tws::symmetry::TwsSymmetry;
use crate::tws::{Perm, Positions, Tws, TwsMove};
use tansaku_core::puzzle::{Puzzle, Ranked};

/// Codes of the class orbits, at most: the classes are listed for each
/// (five bytes a code), and a 64th of the positions (listing them costs
/// a few conjugations a code: it must not outweigh the analysis), but
/// [`MIN_ARRANGEMENTS`] at least.
const MAX_ARRANGEMENTS: u64 = 1 << 24;
const MIN_ARRANGEMENTS: u64 = 1 << 12;

/// An arrangement not yet seen while the classes are listed, and one whose
/// parities the moves never make.
const UNSEEN: u32 = u32::MAX;
const DEAD: u32 = u32::MAX - 1;

/// A [`Tws`] puzzle whose ranks number classes of symmetric positions:
/// see the module documentation.
///
/// ```
/// use tansaku_define::{Cells, Definition, Src};
/// use tansaku_define::tws::{Classes, Perm};
/// use tansaku_core::Ranked;
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
/// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
/// let (t, _) = t.ranked_by_reach().unwrap();
/// let c = Classes::<Cells<16>>::new(&t).unwrap();
/// // One corner held still: 6 symmetries (3 turns about it, and their
/// // mirror images); 3,674,160 positions, about a sixth as many ranks.
/// assert_eq!(c.symmetries(), 6);
/// assert!(c.state_count() < 3_674_160 / 5);
/// // A turn about the fixed corner takes R to U to F: one class.
/// let p = Perm::<Cells<16>>::new(&t);
/// let rank = |m: &str| c.rank(&p.state(&t.scramble(m).unwrap()));
/// assert_eq!((rank("R"), rank("U")), (rank("F"), rank("F")));
/// assert_ne!(rank("R"), rank("R2"));
/// ```
#[derive(Debug)]
pub struct Classes<'a, S> {
    p: Perm<'a, S>,
    reach: &'a Reach,
    syms: &'a [TwsSymmetry],
    /// Whether each of the reach's orbits is a class orbit, and the class
    /// orbits with their codes' counts.
    is_class: Vec<bool>,
    class_orbits: Vec<(usize, u64)>,
    /// The invariants a class orbit's code sets (an arrangement's parity,
    /// a listed state's parity and sum): their places among the kept ones
    /// and moduli. The rest keeps `H`'s members less these.
    set_by_code: Vec<(usize, u8)>,
    /// Per arrangement code of the class orbits: its class ([`DEAD`]: a
    /// parity the moves never make) and the symmetry that takes it to the
    /// class's representative.
    class_of: Vec<u32>,
    sym_of: Vec<u8>,
    /// Per class: its representative's code, its parities' key, and the
    /// symmetries other than the identity that fix it
    /// (`fixing[fix_at[c]..fix_at[c + 1]]`).
    reps: Vec<u32>,
    keys: Vec<u32>,
    fix_at: Vec<u32>,
    fixing: Vec<u8>,
    /// `H`'s members grouped by the class orbits' parities: a member's
    /// place in its group, and each group's members.
    local: Vec<u32>,
    group: Vec<Vec<u32>>,
    /// Members of each group.
    hsize: u64,
    /// Per orbit, the radix of its part of the rest: its orientations for
    /// a class orbit, its whole span otherwise.
    radix: Vec<u64>,
    /// Ranks a class: the rest's.
    per_class: u64,
}

impl<'a, S: Positions> Classes<'a, S> {
    /// The classes of `t`'s positions under its symmetries, `t` ranked by
    /// the positions its moves reach ([`Tws::ranked_by_reach`]); or why
    /// not: no symmetry but the identity, no orbit that every symmetry
    /// keeps with few enough arrangements.
    pub fn new(t: &'a Tws) -> Result<Self, String> {
        let reach: &Reach = t
            .reach
            .as_deref()
            .ok_or("the puzzle is not ranked by its reachable positions")?;
        let syms = t.position_symmetries();
        if syms.len() < 2 {
            return Err("the puzzle has no symmetry but the identity".into());
        }
        if !reach.ties.is_empty() {
            return Err("the moves tie orbits of slots to one another: they are ranked jointly, not in classes".into());
        }
        if syms.len() > 256 || reach.orbits.len() > 64 {
            return Err("more than 256 symmetries or 64 orbits of slots".into());
        }
        let class_orbits = pick_orbits(t, reach, syms)?;
        let mut is_class = vec![false; reach.orbits.len()];
        for &(j, _) in &class_orbits {
            is_class[j] = true;
        }
        // A listed orbit's code holds its whole state; an arrangement's,
        // not its orientations.
        let radix = reach
            .orbits
            .iter()
            .zip(&is_class)
            .map(|(o, &c)| match (c, &o.table) {
                (true, Some(_)) => 1,
                (true, None) => u64::from(o.reached).pow(o.digits),
                (false, _) => o.span,
            })
            .collect();
        let mut set_by_code = Vec::new();
        for &(j, _) in &class_orbits {
            let o = &reach.orbits[j];
            set_by_code.extend(o.parity.map(|k| (k, 2)));
            if o.table.is_some() {
                set_by_code.extend(o.sum.map(|k| (k, reach.moduli[k])));
            }
        }
        let mut c = Classes {
            p: Perm::new(t),
            reach,
            syms,
            is_class,
            class_orbits,
            set_by_code,
            class_of: Vec::new(),
            sym_of: Vec::new(),
            reps: Vec::new(),
            keys: Vec::new(),
            fix_at: vec![0],
            fixing: Vec::new(),
            local: Vec::new(),
            group: Vec::new(),
            hsize: 0,
            radix,
            per_class: 0,
        };
        c.group_members()?;
        c.list_classes()?;
        c.per_class = c.radix.iter().product::<u64>() * c.hsize;
        c.per_class
            .checked_mul(c.reps.len() as u64)
            .ok_or("its classes pass 2^64 ranks")?;
        Ok(c)
    }

    /// How many symmetries the classes are taken under (the identity
    /// included).
    pub fn symmetries(&self) -> usize {
        self.syms.len()
    }

    /// What the ranks are, for a checkpoint's key: the symmetries, and
    /// the class orbits with their codes (another choice numbers the
    /// classes otherwise).
    pub fn describe(&self) -> String {
        let orbits: Vec<String> = self.class_orbits.iter().map(|(j, n)| format!("{j}:{n}")).collect();
        format!(
            "classes under {} symmetries, class orbits {}",
            self.syms.len(),
            orbits.join(" ")
        )
    }

    /// The number of classes of the class orbits' arrangements.
    pub fn arrangement_classes(&self) -> usize {
        self.reps.len()
    }

    /// Groups `H`'s members by the invariants the class orbits' codes set:
    /// a member's place in its group and each group's members.
    fn group_members(&mut self) -> Result<(), String> {
        let reach = self.reach;
        let keys: usize = self.set_by_code.iter().map(|&(_, m)| usize::from(m)).product();
        self.group = vec![Vec::new(); keys];
        self.local = Vec::with_capacity(reach.members.len());
        for &e in &reach.members {
            // The member's invariants, from its code (mixed radix, first
            // invariant most significant), less the goal's.
            let mut v = [0u8; super::MAX_KEPT];
            let mut e = u64::from(e);
            for k in (0..reach.moduli.len()).rev() {
                let m = u64::from(reach.moduli[k]);
                v[k] = ((e % m + u64::from(reach.goal[k])) % m) as u8;
                e /= m;
            }
            let key = self.key_of(|k| v[k]);
            self.local.push(self.group[key].len() as u32);
            self.group[key].push(self.local.len() as u32 - 1);
        }
        self.hsize = self.group.iter().map(Vec::len).max().unwrap_or(0) as u64;
        if self.group.iter().any(|g| !g.is_empty() && g.len() as u64 != self.hsize) {
            return Err("the parities and sums the moves make are not a group".into());
        }
        Ok(())
    }

    /// The key of the invariants the class orbits' codes set, `value(k)`
    /// the kept invariant `k`'s value.
    fn key_of(&self, mut value: impl FnMut(usize) -> u8) -> usize {
        self.set_by_code
            .iter()
            .fold(0, |a, &(k, m)| a * usize::from(m) + usize::from(value(k)))
    }

    /// The kept invariants a class orbits' code sets, into `v`; `false`
    /// when a listed orbit's state is not one the moves reach.
    fn invariants_of(&self, s: &[u8], v: &mut [u8; super::MAX_KEPT]) -> bool {
        let mut seq = [0u8; MAX_ORBIT];
        let mut turned = [0u8; MAX_ORBIT];
        for &(j, _) in &self.class_orbits {
            let o = &self.reach.orbits[j];
            let n = o.slots.len();
            for (k, &slot) in o.slots.iter().enumerate() {
                seq[k] = o.symbol[usize::from(s[o.offset + usize::from(slot)])];
                turned[k] = s[o.offset + o.count + usize::from(slot)];
            }
            match &o.table {
                Some(table) => {
                    let at = table.of_code[o.code(&seq[..n], &turned[..n]) as usize];
                    if at == u32::MAX {
                        return false;
                    }
                    let (p, sum) = o.unlocal((at >> 24) as usize);
                    if let Some(k) = o.parity {
                        v[k] = p;
                    }
                    if let Some(k) = o.sum {
                        v[k] = sum;
                    }
                }
                None => {
                    if let Some(k) = o.parity {
                        v[k] = parity(&seq[..n]);
                    }
                }
            }
        }
        true
    }

    /// Lists the classes of the class orbits' arrangements: for every
    /// code its class and a symmetry to the representative; for every
    /// class its representative, key and stabiliser.
    fn list_classes(&mut self) -> Result<(), String> {
        let n: u64 = self.class_orbits.iter().map(|&(_, a)| a).product();
        let inverse = inverses(self.p.0, self.reach, self.syms)?;
        let t = self.p.0;
        let len = t.bytes();
        self.class_of = vec![UNSEEN; n as usize];
        self.sym_of = vec![0; n as usize];
        let mut s = t.goals[0].clone();
        let mut image = s.clone();
        for a in 0..n {
            if self.class_of[a as usize] != UNSEEN {
                continue;
            }
            self.place(a, &mut s);
            let mut v = [0u8; super::MAX_KEPT];
            let reached = self.invariants_of(&s, &mut v);
            let key = self.key_of(|k| v[k]);
            let live = reached && !self.group[key].is_empty();
            let class = if live { self.reps.len() as u32 } else { DEAD };
            let mut fixing = Vec::new();
            for (g, sym) in self.syms.iter().enumerate() {
                t.conjugate(sym, &s[..len], &mut image[..len]);
                let b = self.code_of(&image) as usize;
                if b as u64 == a && g > 0 {
                    fixing.push(g as u8);
                }
                if self.class_of[b] == UNSEEN {
                    self.class_of[b] = class;
                    self.sym_of[b] = inverse[g];
                }
            }
            if live {
                self.reps.push(a as u32);
                self.keys.push(key as u32);
                self.fixing.extend(fixing);
                self.fix_at.push(self.fixing.len() as u32);
            }
        }
        if self.reps.is_empty() {
            return Err("no arrangement of the class orbits has parities the moves make".into());
        }
        Ok(())
    }

    /// Writes the class orbits' code `a` into `s`: an arrangement's
    /// pieces, a listed orbit's pieces and turns.
    fn place(&self, mut a: u64, s: &mut [u8]) {
        let mut seq = [0u8; MAX_ORBIT];
        let mut turned = [0u8; MAX_ORBIT];
        for &(j, count) in self.class_orbits.iter().rev() {
            let o = &self.reach.orbits[j];
            let n = o.slots.len();
            match &o.table {
                Some(_) => o.decode(a % count, &mut seq[..n], &mut turned[..n]),
                None => o.unrank_arrangement(a % count, &mut seq[..n]),
            }
            a /= count;
            for (k, &slot) in o.slots.iter().enumerate() {
                s[o.offset + usize::from(slot)] = o.class[usize::from(seq[k])];
                if o.table.is_some() {
                    s[o.offset + o.count + usize::from(slot)] = turned[k];
                }
            }
        }
    }

    /// The class orbits' code of position `s`: an arrangement's rank, a
    /// listed orbit's state's code.
    #[inline]
    fn code_of(&self, s: &[u8]) -> u64 {
        let mut seq = [0u8; MAX_ORBIT];
        let mut turned = [0u8; MAX_ORBIT];
        let mut a = 0u64;
        for &(j, count) in &self.class_orbits {
            let o = &self.reach.orbits[j];
            let n = o.slots.len();
            for (k, &slot) in o.slots.iter().enumerate() {
                seq[k] = o.symbol[usize::from(s[o.offset + usize::from(slot)])];
            }
            let code = match &o.table {
                Some(_) => {
                    for (k, &slot) in o.slots.iter().enumerate() {
                        turned[k] = s[o.offset + o.count + usize::from(slot)];
                    }
                    o.code(&seq[..n], &turned[..n])
                }
                None => o.rank_arrangement(&seq[..n]),
            };
            a = a * count + code;
        }
        a
    }

    /// The rank of position `s`, whose class orbits hold class `c`'s
    /// representative, within the class's block: its reach rank less the
    /// class orbits' codes, and its `H` member less what they set.
    #[inline]
    fn rest(&self, s: &[u8], c: usize) -> u64 {
        let reach = self.reach;
        let mut v = [0u8; super::MAX_KEPT];
        let mut key = self.keys[c] as usize;
        for &(k, m) in self.set_by_code.iter().rev() {
            v[k] = (key % usize::from(m)) as u8;
            key /= usize::from(m);
        }
        let mut b = 0u64;
        for (j, o) in reach.orbits.iter().enumerate() {
            b = b * self.radix[j] + reach.orbit_rank(o, s, &mut v, !self.is_class[j]);
        }
        let member = reach.index[reach.code(&v[..reach.moduli.len()]) as usize];
        b * self.hsize + u64::from(self.local[member as usize])
    }

    /// The symmetries besides the identity that fix class `c`'s
    /// representative.
    #[inline]
    fn fixing(&self, c: usize) -> &[u8] {
        &self.fixing[self.fix_at[c] as usize..self.fix_at[c + 1] as usize]
    }

    /// Calls `f` with the successors' ranks of a class's least rank `r`
    /// until it holds (then `true`); none for a rank that is not the least
    /// of its class (never reached).
    fn successors_until(&self, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let s = self.unrank(r);
        let c = (r / self.per_class) as usize;
        if !self.fixing(c).is_empty() && self.rank(&s) != r {
            return false;
        }
        // Played directly: a puzzle with symmetries has no Illegal lines
        // (no ranks) nor alike pieces.
        let t = self.p.0;
        t.metric_moves.iter().any(|&i| {
            let mut next = S::zeroed(t.bytes);
            t.play_at(i, s.bytes(), next.bytes_mut());
            f(self.rank(&next))
        })
    }

    /// The bytes of the class lists.
    fn list_bytes(&self) -> u64 {
        (self.class_of.len() * 5 + self.reps.len() * 8 + self.fixing.len() + self.local.len() * 8) as u64
    }
}

super::puzzle_of_positions!(Classes);

impl<S: Positions> Ranked for Classes<'_, S> {
    fn state_count(&self) -> u64 {
        self.per_class * self.reps.len() as u64
    }

    /// The least rank of the images of `s` that hold its class's
    /// representative.
    fn rank(&self, s: &S) -> u64 {
        let t = self.p.0;
        let len = t.bytes();
        let a = self.code_of(s.bytes()) as usize;
        let c = self.class_of[a];
        debug_assert!(c < DEAD, "a position whose parities the moves never make");
        let mut held = s.clone();
        if self.sym_of[a] != 0 {
            let sym = &self.syms[usize::from(self.sym_of[a])];
            t.conjugate(sym, &s.bytes()[..len], &mut held.bytes_mut()[..len]);
        }
        let mut best = self.rest(held.bytes(), c as usize);
        let fixing = self.fixing(c as usize);
        if !fixing.is_empty() {
            let mut image = held.clone();
            for &g in fixing {
                t.conjugate(
                    &self.syms[usize::from(g)],
                    &held.bytes()[..len],
                    &mut image.bytes_mut()[..len],
                );
                best = best.min(self.rest(image.bytes(), c as usize));
            }
        }
        u64::from(c) * self.per_class + best
    }

    fn unrank(&self, r: u64) -> S {
        let (c, mut b) = ((r / self.per_class) as usize, r % self.per_class);
        let member = self.group[self.keys[c] as usize][(b % self.hsize) as usize];
        b /= self.hsize;
        // The rest's digits, last orbit first.
        let orbits = &self.reach.orbits;
        let mut x = [0u64; 64];
        for j in (0..orbits.len()).rev() {
            x[j] = b % self.radix[j];
            b /= self.radix[j];
        }
        let mut a = u64::from(self.reps[c]);
        for &(j, count) in self.class_orbits.iter().rev() {
            let o = &orbits[j];
            x[j] += match &o.table {
                Some(table) => u64::from(table.of_code[(a % count) as usize] & 0xFF_FFFF),
                None => ((a % count) >> u32::from(o.parity.is_some())) * self.radix[j],
            };
            a /= count;
        }
        let r = orbits.iter().enumerate().fold(0u64, |q, (j, o)| q * o.span + x[j]);
        let r = r * self.reach.members.len() as u64 + u64::from(member);
        let mut s = S::zeroed(self.p.0.bytes);
        self.reach.unrank_into(r, s.bytes_mut());
        s
    }

    /// The successors' ranks of a class's least rank; none for a rank
    /// that is not the least of its class (never reached).
    fn for_each_successor_rank(&self, r: u64, mut f: impl FnMut(u64)) {
        self.successors_until(r, |q| {
            f(q);
            false
        });
    }

    fn any_successor_rank(&self, r: u64, f: impl FnMut(u64) -> bool) -> bool {
        self.successors_until(r, f)
    }

    fn successor_table_bytes(&self) -> u64 {
        self.list_bytes()
    }

    /// The positions of the class: the symmetries over those that fix a
    /// position of it.
    fn weight(&self, r: u64) -> u64 {
        let c = (r / self.per_class) as usize;
        let fixing = self.fixing(c);
        if fixing.is_empty() {
            return self.syms.len() as u64;
        }
        let s = self.unrank(r);
        let t = self.p.0;
        let fixed = 1 + fixing
            .iter()
            .filter(|&&g| t.fixes(&self.syms[usize::from(g)], &s.bytes()[..t.bytes()]))
            .count();
        (self.syms.len() / fixed) as u64
    }

    fn weighted(&self) -> bool {
        true
    }
    fn positions(&self) -> Option<u64> {
        Some(self.reach.count())
    }
}

/// The class orbits: orbits of slots that every symmetry maps onto
/// themselves, the largest first while their codes' product stays within
/// [`MAX_ARRANGEMENTS`] (less for few positions).
fn pick_orbits(t: &Tws, reach: &Reach, syms: &[TwsSymmetry]) -> Result<Vec<(usize, u64)>, String> {
    let most = MAX_ARRANGEMENTS.min(MIN_ARRANGEMENTS.max(reach.count() >> 6));
    let mut kept: Vec<(usize, u64)> = Vec::new();
    for (j, o) in reach.orbits.iter().enumerate() {
        let Some(k) = t.sets.iter().position(|set| set.offset == o.offset) else {
            continue;
        };
        let closed = syms.iter().all(|y| {
            o.slots
                .iter()
                .all(|&i| o.slots.contains(&(y.slot(k, usize::from(i)) as u8)))
        });
        // A listed orbit's codes: its arrangements times every turn.
        let codes = match &o.table {
            Some(t) => t.of_code.len() as u64,
            None => o.classes.count(),
        };
        if closed && codes <= most {
            kept.push((j, codes));
        }
    }
    kept.sort_by_key(|&(j, a)| (std::cmp::Reverse(a), j));
    let mut picked: Vec<(usize, u64)> = Vec::new();
    let mut product = 1u64;
    for (j, a) in kept {
        if product * a <= most && a > 1 {
            product *= a;
            picked.push((j, a));
        }
    }
    if picked.is_empty() {
        return Err(format!(
            "no orbit of slots that every symmetry keeps has between 2 and {most} arrangements"
        ));
    }
    // Rank order, so that codes follow the orbits.
    picked.sort_unstable();
    Ok(picked)
}

/// Each symmetry's inverse, by its slots and checked on two positions.
pub(super) fn inverses(t: &Tws, reach: &Reach, syms: &[TwsSymmetry]) -> Result<Vec<u8>, String> {
    let len = t.bytes();
    let tests: Vec<Vec<u8>> = [3, 7]
        .iter()
        .map(|&k| {
            let mut s = vec![0u8; len];
            reach.unrank_into(reach.count() / 11 * k, &mut s);
            s
        })
        .collect();
    let (mut once, mut twice) = (vec![0u8; len], vec![0u8; len]);
    let mut out = Vec::with_capacity(syms.len());
    for g in syms {
        let h = syms.iter().position(|h| {
            (0..t.sets.len()).all(|k| (0..g.to[k].len()).all(|i| h.to[k][usize::from(g.to[k][i])] as usize == i))
                && tests.iter().all(|s| {
                    t.conjugate(g, s, &mut once);
                    t.conjugate(h, &once, &mut twice);
                    twice == *s
                })
        });
        out.push(h.ok_or("a symmetry has no inverse among them")? as u8);
    }
    Ok(out)
}
