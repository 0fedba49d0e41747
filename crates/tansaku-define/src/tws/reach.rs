//! Ranks of the positions the moves reach, one a position.
//!
//! [`Tws::rank_of`] numbers every arrangement of every set's pieces and
//! orientations: the Pyraminx's table would hold 48 slots a position, the
//! FTO without centres' 786,000,000. [`Reach`] numbers only what the
//! moves can reach from the goal, from what every reachable position
//! keeps:
//!
//! * pieces stay in the orbit of slots the moves carry them through (a
//!   set may hold several);
//! * in an orbit of distinct pieces, the permutation's parity, and in an
//!   orbit of turning pieces, the orientations' sum, are moved by each
//!   move by a fixed amount: the vector of all of them ranges over the
//!   subgroup `H` the moves' amounts generate (parities that move
//!   together, orientation sums kept or tied).
//!
//! A position is then its orbits' arrangements and orientations less one
//! digit each where a parity or a sum is kept (the arrangement's last
//! Lehmer digit, the last piece's orientation), and which element of `H`
//! its parities and sums are. Alike pieces have no parity and blind ones
//! no orientation: those orbits keep none.
//!
//! The orientations a slot can hold are those of the point orbit (a slot
//! and an orientation, moved by the moves) of the goal's pieces: the
//! FTO's edges hold one of their two on each slot, its corners two of
//! four. A rank keeps a piece's place among them.
//!
//! These constraints describe the group exactly when the group's order
//! (Schreier–Sims, [`crate::schreier`]) equals the number of
//! permutations they allow: then every rank is a reachable position and
//! [`Reach::count`] is the number of positions ([`Reach::exact`]). When
//! the moves tie pieces further (two sets turned in lockstep, a twist
//! that follows a permutation), the ranks hold every reachable position
//! and some others, still far fewer than the arrangements; the reason is
//! kept ([`Reach::inexact`]).

use super::{Action, Tws};
use crate::multiset::Multiset;
use crate::schreier::Chain;

/// Points (a slot and an orientation) past which the group's order is not
/// computed: the chain holds up to the cube of them in bytes.
const MAX_POINTS: usize = 480;

/// The slots of an orbit, at most.
const MAX_ORBIT: usize = 64;

/// The invariants (parities and sums) a rank keeps, at most.
const MAX_KEPT: usize = 48;

/// The invariant vectors (parities and orientation sums) past which
/// [`Reach`] is not built: it keeps a table of them.
const MAX_INVARIANTS: u64 = 1 << 22;

/// The ranks of the reachable positions of a [`Tws`] puzzle: see the module
/// documentation.
#[derive(Clone, Debug)]
pub struct Reach {
    orbits: Vec<Orbit>,
    /// The moduli of the invariants kept (2 for a parity, the
    /// orientations for a sum), in rank order.
    moduli: Vec<u8>,
    /// For each invariant vector (mixed radix over `moduli`, less the
    /// goal's), its index in `H`, or `u32::MAX` when no position has it.
    index: Vec<u32>,
    /// `H`'s vectors by index.
    members: Vec<u32>,
    /// The goal's invariants.
    goal: Vec<u8>,
    /// The positions: the orbits' spans times `H`'s order.
    count: u64,
    /// The group's order by Schreier–Sims, as orbit sizes of its chain.
    order: Vec<u64>,
    /// Arrangements the file's sets allow ([`Tws::position_count`]).
    arrangements: u64,
    /// Every rank is a position the moves reach; else why not.
    exact: Result<(), String>,
}

/// An orbit of slots of one set: see [`Reach`].
#[derive(Clone, Debug)]
struct Orbit {
    /// The set's byte offset in a position and its slots.
    offset: usize,
    count: usize,
    /// The orbit's slots in the set, ascending.
    slots: Vec<u8>,
    /// Orientations of the set's pieces.
    o: u8,
    /// Some of the orbit's pieces are alike (it has no parity), some of
    /// their turns ignored (no sum).
    alike: bool,
    blinded: bool,
    /// Orientations a piece can take on a slot of the orbit: `o / step`.
    /// On slot `k` of the orbit they are `turn[k] + j * step` (the moves
    /// may never turn a piece some ways: the FTO's edges one of two).
    reached: u8,
    step: u8,
    turn: Vec<u8>,
    /// Classes whose orientation is ignored (bit per class).
    blind: u64,
    /// The arrangements of the orbit's classes as symbols.
    classes: Multiset,
    /// Pieces of each symbol.
    counts: Vec<u32>,
    /// A class's symbol (0 where no piece of the orbit is of it).
    symbol: Vec<u8>,
    /// A symbol's class.
    class: Vec<u8>,
    /// The invariants this orbit keeps: its parity's and its sum's places
    /// among [`Reach::moduli`].
    parity: Option<usize>,
    sum: Option<usize>,
    /// Orientation digits of a rank.
    digits: u32,
    /// Ranks of the orbit: arrangements (halved with a parity) times
    /// orientations, or a [`Table`]'s class.
    span: u64,
    /// The orbit's reachable states listed, where the moves tie its
    /// pieces more than its parity and sum say (the FTO's corners).
    table: Option<Table>,
    /// The goal's symbols and turns on the orbit's slots.
    goal_seq: Vec<u8>,
    goal_turns: Vec<u8>,
}

/// The states an orbit's pieces reach, listed: by their code (the
/// arrangement's rank, then every orientation as a digit), the class of
/// their kept invariants and their place in it; by class, the codes.
#[derive(Clone, Debug)]
struct Table {
    /// `class << 24 | place`, or `u32::MAX` for a state never reached.
    of_code: Vec<u32>,
    /// The codes of each class (of the orbit's kept parity and sum, as
    /// [`Orbit::local`] numbers them), each class as large.
    codes: Vec<Vec<u32>>,
}

/// The largest code space of an orbit [`Reach`] lists.
const MAX_TABLE: u64 = 1 << 24;

impl Reach {
    /// The ranks of `t`'s reachable positions, or why its positions cannot
    /// be ranked so: several goals, `Illegal` lines, too many points, too
    /// many ranks. Where the constraints do not describe the group, some
    /// ranks are positions the moves never reach ([`Reach::inexact`]).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::Reach};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// assert_eq!((r.count(), r.group_order().as_str()), (3_674_160, "3674160"));
    /// // The 3x3x3's positions pass a u64: no ranks, but its order is told.
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let e = Reach::new(&t).unwrap_err();
    /// assert!(e.contains("43252003274489856000"), "{e}");
    /// ```
    pub fn new(t: &Tws) -> Result<Reach, String> {
        if t.goals.len() != 1 {
            return Err("the file has several solved positions".into());
        }
        if !t.illegal.is_empty() {
            return Err("the file's Illegal lines forbid positions the moves reach".into());
        }
        if t.sets.iter().any(|s| s.piece_order) {
            return Err("a projection's sets are ranked by piece".into());
        }
        let moves: Vec<&Action> = t.metric_moves.iter().map(|&i| &t.actions[i]).collect();
        // The points, a set's slots times its orientations.
        let mut start = Vec::with_capacity(t.sets.len());
        let mut points = 0usize;
        for set in &t.sets {
            start.push(points);
            points += set.count * usize::from(set.orientations);
        }
        if points > MAX_POINTS {
            return Err(format!(
                "{points} points (slots times orientations): the group's order is computed up to {MAX_POINTS}"
            ));
        }
        let gens: Vec<Vec<u16>> = moves
            .iter()
            .map(|a| {
                let mut p = vec![0u16; points];
                for (k, set) in t.sets.iter().enumerate() {
                    let (base, o) = (set.offset / 2, usize::from(set.orientations));
                    for i in 0..set.count {
                        let j = usize::from(a.from[base + i]);
                        for r in 0..o {
                            let to = (r + usize::from(a.twist[base + i])) % o;
                            p[start[k] + j * o + r] = (start[k] + i * o + to) as u16;
                        }
                    }
                }
                p
            })
            .collect();
        let chain = Chain::new(points, &gens);
        let order = chain.orbit_sizes();
        // The orbits of points: the orientations a slot can hold.
        let mut point_root: Vec<usize> = (0..points).collect();
        fn find(root: &mut [usize], mut i: usize) -> usize {
            while root[i] != i {
                root[i] = root[root[i]];
                i = root[i];
            }
            i
        }
        for g in &gens {
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
            for a in &moves {
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
                // orbit of the first slot's solved piece, when every
                // slot's solved piece is in it (else all of them).
                let o = usize::from(set.orientations);
                let point = |i: u8, r: usize| start[set_index] + usize::from(i) * o + r;
                let first = find(
                    &mut point_root,
                    point(
                        slots[0],
                        usize::from(solved[set.offset + set.count + usize::from(slots[0])]),
                    ),
                );
                let held: Vec<Vec<u8>> = slots
                    .iter()
                    .map(|&i| {
                        (0..o)
                            .filter(|&r| find(&mut point_root, point(i, r)) == first)
                            .map(|r| r as u8)
                            .collect()
                    })
                    .collect();
                let uniform = !blind
                    && slots.iter().all(|&i| {
                        find(
                            &mut point_root,
                            point(i, usize::from(solved[set.offset + set.count + usize::from(i)])),
                        ) == first
                    })
                    && held.iter().all(|h| h.len() == held[0].len());
                let (reached, turn) = if uniform && held[0].len() < o {
                    (held[0].len() as u8, held.iter().map(|h| h[0]).collect())
                } else {
                    (set.orientations, vec![0; slots.len()])
                };
                orbits.push((set, slots, class, symbol, classes, counts, alike, blind, reached, turn));
            }
        }

        let mut built: Vec<Orbit> = Vec::with_capacity(orbits.len());
        for (set, slots, class, symbol, classes, counts, alike, blind, reached, turn) in orbits {
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
            });
        }

        // An orbit whose own group is smaller than its parity and sum
        // allow is listed, when it fits.
        let mut listed = vec![None; built.len()];
        let mut killed = vec![(false, false); built.len()];
        for (k, orbit) in built.iter_mut().enumerate() {
            let (group, mut allowed) = orbit.own_order(&moves);
            // The orbit's parity and sum already say what they say.
            allowed.over(orbit.full_moduli().iter().map(|&m| u64::from(m)).product());
            allowed.times(orbit.invariants_reached(&moves));
            if group == allowed {
                killed[k] = (orbit.alike, orbit.blinded);
                continue;
            }
            if let Some((table, without)) = orbit.list(&moves) {
                orbit.span = table.codes.iter().map(Vec::len).max().unwrap_or(0) as u64;
                orbit.table = Some(table);
                listed[k] = Some(group);
                killed[k] = without;
            } else {
                killed[k] = (orbit.alike, orbit.blinded);
            }
        }

        // The invariants: every orbit's parity (two slots or more) and sum
        // (pieces that turn), for the check against the group; those a
        // rank keeps (not those a goal's alike pieces or ignored turns
        // leave open).
        let mut full: Vec<u8> = Vec::new();
        let mut kept_at: Vec<Option<usize>> = Vec::new();
        let mut moduli: Vec<u8> = Vec::new();
        for (orbit, &(no_parity, no_sum)) in built.iter_mut().zip(&killed) {
            let mut keep = |m: u8, open: bool| {
                full.push(m);
                kept_at.push((!open).then(|| {
                    moduli.push(m);
                    moduli.len() - 1
                }));
                *kept_at.last().expect("pushed")
            };
            if orbit.slots.len() >= 2 {
                orbit.parity = keep(2, no_parity);
            }
            if orbit.reached > 1 {
                orbit.sum = keep(orbit.reached, no_sum);
            }
            if orbit.table.is_some() {
                continue;
            }
            let (n, o) = (orbit.slots.len(), orbit.reached);
            orbit.digits = if o == 1 {
                0
            } else if orbit.blinded {
                orbit
                    .slots
                    .iter()
                    .filter(|&&i| orbit.blind >> solved[orbit.offset + usize::from(i)] & 1 == 0)
                    .count() as u32
            } else {
                n as u32 - 1
            };
            let arrangements = orbit.classes.count() >> u32::from(orbit.parity.is_some());
            orbit.span = u64::from(o)
                .checked_pow(orbit.digits)
                .and_then(|x| x.checked_mul(arrangements))
                .ok_or("a set has too many orientations to rank")?;
        }
        let size = |m: &[u8]| m.iter().try_fold(1u64, |a, &x| a.checked_mul(u64::from(x)));
        let too_many = || format!("more than {MAX_INVARIANTS} parities and orientation sums");
        let full_size = size(&full).filter(|&n| n <= MAX_INVARIANTS).ok_or_else(too_many)?;
        let kept_size = size(&moduli)
            .filter(|_| moduli.len() <= MAX_KEPT)
            .ok_or_else(too_many)?;

        // Each move's invariants, over every orbit.
        let steps: Vec<Vec<u8>> = moves
            .iter()
            .map(|a| built.iter().flat_map(|orbit| orbit.step_of(a)).collect())
            .collect();
        // H, the invariants the moves reach, by a closure.
        let encode = |v: &[u8], m: &[u8]| {
            v.iter()
                .zip(m)
                .fold(0u64, |a, (&x, &r)| a * u64::from(r) + u64::from(x))
        };
        let mut seen = vec![false; full_size as usize];
        let mut todo = vec![vec![0u8; full.len()]];
        seen[0] = true;
        let mut reached = Vec::new();
        while let Some(v) = todo.pop() {
            for s in &steps {
                let w: Vec<u8> = v
                    .iter()
                    .zip(s)
                    .zip(&full)
                    .map(|((&x, &y), &m)| ((u16::from(x) + u16::from(y)) % u16::from(m)) as u8)
                    .collect();
                let e = encode(&w, &full) as usize;
                if !seen[e] {
                    seen[e] = true;
                    todo.push(w);
                }
            }
            reached.push(v);
        }
        // The group's order against what the constraints allow: every
        // orbit's permutations and orientations, times H's share.
        let mut allowed = Factors::default();
        for (orbit, listed) in built.iter().zip(&listed) {
            match listed {
                // A listed orbit: its own group, over the invariants it
                // reaches (each class of the list as large).
                Some(group) => {
                    allowed.times_all(group);
                    for m in orbit.full_moduli() {
                        allowed.times(u64::from(m));
                    }
                    allowed.over(orbit.invariants_reached(&moves));
                }
                None => {
                    for k in 2..=orbit.slots.len() as u64 {
                        allowed.times(k);
                    }
                    for _ in 0..orbit.slots.len() {
                        allowed.times(u64::from(orbit.reached));
                    }
                }
            }
        }
        allowed.times(reached.len() as u64);
        for &m in &full {
            allowed.over(u64::from(m));
        }
        let mut group = Factors::default();
        for &s in &order {
            group.times(s);
        }
        let exact = if group == allowed {
            Ok(())
        } else {
            Err(format!(
                "the moves tie pieces beyond orbits, parities and orientation sums: the group's order is {}, those allow {}",
                group.decimal(),
                allowed.decimal()
            ))
        };

        // H as the rank keeps it.
        let mut index = vec![u32::MAX; usize::try_from(kept_size).map_err(|_| too_many())?];
        if kept_size > MAX_INVARIANTS {
            return Err(too_many());
        }
        let mut members = Vec::new();
        for v in &reached {
            let kept: Vec<u8> = v
                .iter()
                .zip(&kept_at)
                .filter(|(_, k)| k.is_some())
                .map(|(&x, _)| x)
                .collect();
            let e = encode(&kept, &moduli) as usize;
            if index[e] == u32::MAX {
                index[e] = members.len() as u32;
                members.push(e as u32);
            }
        }
        let mut count = members.len() as u64;
        for orbit in &built {
            count = count.checked_mul(orbit.span).ok_or_else(|| {
                let mut f = Factors::default();
                for &s in &order {
                    f.times(s);
                }
                format!("its {} positions pass 2^64", f.decimal())
            })?;
        }
        let mut reach = Reach {
            orbits: built,
            moduli,
            index,
            members,
            goal: Vec::new(),
            count,
            order,
            arrangements: t.position_count(),
            exact,
        };
        reach.goal = vec![0; reach.moduli.len()];
        reach.goal = reach.invariants(&t.solved).1[..reach.moduli.len()].to_vec();
        Ok(reach)
    }

    /// The number of ranks: of positions, when [`Reach::exact`].
    pub fn count(&self) -> u64 {
        self.count
    }

    /// How many orbits of slots are ranked by a list of their states (the
    /// moves tie their pieces more than a parity and a sum say: the FTO's
    /// corners), the others by arithmetic.
    pub fn listed(&self) -> usize {
        self.orbits.iter().filter(|o| o.table.is_some()).count()
    }

    /// Whether every rank is a position the moves reach: the group's order
    /// is what the orbits, parities and sums allow.
    pub fn exact(&self) -> bool {
        self.exact.is_ok()
    }

    /// Why some ranks are positions the moves never reach (`None` when
    /// [`Reach::exact`]).
    pub fn inexact(&self) -> Option<&str> {
        self.exact.as_ref().err().map(String::as_str)
    }

    /// The order of the group the moves generate, in decimal, of any size.
    pub fn group_order(&self) -> String {
        let mut f = Factors::default();
        for &s in &self.order {
            f.times(s);
        }
        f.decimal()
    }

    /// The arrangements the file's sets allow, reachable or not
    /// ([`Tws::position_count`]): what the table would hold without
    /// [`Reach`].
    pub fn arrangements(&self) -> u64 {
        self.arrangements
    }

    /// The rank of position `s` (which the moves must reach: see
    /// [`Reach::contains`]; another position's rank is meaningless).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::Reach};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/pyraminx.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("pyraminx.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// assert_eq!(r.count(), 933_120);
    /// let s = t.scramble("R U' L B").unwrap();
    /// let mut back = vec![0u8; s.len()];
    /// r.unrank_into(r.rank(&s), &mut back);
    /// assert_eq!(back, s);
    /// ```
    #[inline]
    pub fn rank(&self, s: &[u8]) -> u64 {
        let (r, v) = self.invariants(s);
        r * self.members.len() as u64 + u64::from(self.index[self.code(&v[..self.moduli.len()]) as usize])
    }

    /// Whether position `s` is one the moves reach (its pieces in their
    /// orbits, its parities and sums in `H`).
    pub fn contains(&self, s: &[u8]) -> bool {
        for orbit in &self.orbits {
            let mut got: Vec<u8> = orbit.slots.iter().map(|&i| s[orbit.offset + usize::from(i)]).collect();
            let mut want: Vec<u8> = orbit
                .class
                .iter()
                .enumerate()
                .flat_map(|(k, &c)| std::iter::repeat_n(c, orbit.counts[k] as usize))
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            if got != want
                || orbit.slots.iter().enumerate().any(|(k, &i)| {
                    let x = s[orbit.offset + orbit.count + usize::from(i)];
                    let blind = orbit.blind >> s[orbit.offset + usize::from(i)] & 1 == 1;
                    x >= orbit.o
                        || (!blind
                            && !(u16::from(x) + u16::from(orbit.o) - u16::from(orbit.turn[k]))
                                .is_multiple_of(u16::from(orbit.step)))
                })
            {
                return false;
            }
        }
        let (_, v) = self.invariants(s);
        self.index[self.code(&v[..self.moduli.len()]) as usize] != u32::MAX
    }

    /// The position of rank `r` (below [`Reach::count`]) into `c`.
    pub fn unrank_into(&self, r: u64, c: &mut [u8]) {
        let h = self.members.len() as u64;
        let (mut r, at) = (r / h, (r % h) as usize);
        let mut v = [0u8; MAX_KEPT];
        let mut e = u64::from(self.members[at]);
        for k in (0..self.moduli.len()).rev() {
            let m = u64::from(self.moduli[k]);
            v[k] = ((e % m + u64::from(self.goal[k])) % m) as u8;
            e /= m;
        }
        let mut seq = [0u8; MAX_ORBIT];
        for orbit in self.orbits.iter().rev() {
            let x = r % orbit.span;
            r /= orbit.span;
            if let Some(table) = &orbit.table {
                let p = orbit.parity.map_or(0, |k| v[k]);
                let sum = orbit.sum.map_or(0, |k| v[k]);
                let n = orbit.slots.len();
                let mut turned = [0u8; MAX_ORBIT];
                orbit.decode(
                    u64::from(table.codes[orbit.local(p, sum)][x as usize]),
                    &mut seq[..n],
                    &mut turned[..n],
                );
                for (k, &slot) in orbit.slots.iter().enumerate() {
                    c[orbit.offset + usize::from(slot)] = orbit.class[usize::from(seq[k])];
                    c[orbit.offset + orbit.count + usize::from(slot)] = turned[k];
                }
                continue;
            }
            let span = u64::from(orbit.reached).pow(orbit.digits);
            let (p, mut ori) = (x / span, x % span);
            let n = orbit.slots.len();
            let seq = &mut seq[..n];
            match orbit.parity {
                Some(k) => {
                    orbit.classes.unrank_into(p * 2, seq);
                    if parity(seq) != v[k] {
                        seq.swap(n - 2, n - 1);
                    }
                }
                None => orbit.classes.unrank_into(p, seq),
            }
            let (pieces, turns) = (orbit.offset, orbit.offset + orbit.count);
            for (&slot, &sym) in orbit.slots.iter().zip(seq.iter()) {
                c[pieces + usize::from(slot)] = orbit.class[usize::from(sym)];
            }
            // The orientations as steps from each slot's first.
            let m = u64::from(orbit.reached);
            let mut put = [0u8; MAX_ORBIT];
            // The digits, last first: every turning piece's, less the last
            // piece's when the sum is kept.
            let last = if orbit.sum.is_some() { n - 1 } else { n };
            if m > 1 {
                for k in (0..last).rev() {
                    if orbit.blind >> orbit.class[usize::from(seq[k])] & 1 == 0 {
                        put[k] = (ori % m) as u8;
                        ori /= m;
                    }
                }
            }
            if let Some(k) = orbit.sum {
                let s: u64 = put[..n - 1].iter().map(|&x| u64::from(x)).sum();
                put[n - 1] = ((u64::from(v[k]) + m - s % m) % m) as u8;
            }
            for (k, &slot) in orbit.slots.iter().enumerate() {
                let is_blind = orbit.blind >> orbit.class[usize::from(seq[k])] & 1 == 1;
                c[turns + usize::from(slot)] = if is_blind {
                    0
                } else {
                    ((u32::from(orbit.turn[k]) + u32::from(put[k]) * u32::from(orbit.step)) % u32::from(orbit.o)) as u8
                };
            }
        }
    }

    /// The rank of `s` over the orbits (without `H`) and its invariants.
    #[inline]
    fn invariants(&self, s: &[u8]) -> (u64, [u8; MAX_KEPT]) {
        let mut r = 0u64;
        let mut v = [0u8; MAX_KEPT];
        let mut seq = [0u8; MAX_ORBIT];
        for orbit in &self.orbits {
            let n = orbit.slots.len();
            let (pieces, turns) = (orbit.offset, orbit.offset + orbit.count);
            for (k, &slot) in orbit.slots.iter().enumerate() {
                seq[k] = orbit.symbol[usize::from(s[pieces + usize::from(slot)])];
            }
            if let Some(table) = &orbit.table {
                let mut turned = [0u8; MAX_ORBIT];
                for (k, &slot) in orbit.slots.iter().enumerate() {
                    turned[k] = s[turns + usize::from(slot)];
                }
                let at = table.of_code[orbit.code(&seq[..n], &turned[..n]) as usize];
                let (p, sum) = orbit.unlocal((at >> 24) as usize);
                if let Some(k) = orbit.parity {
                    v[k] = p;
                }
                if let Some(k) = orbit.sum {
                    v[k] = sum;
                }
                r = r * orbit.span + u64::from(at & 0xFF_FFFF);
                continue;
            }
            let mut p = orbit.classes.rank(&seq[..n]);
            if let Some(k) = orbit.parity {
                v[k] = parity(&seq[..n]);
                p >>= 1;
            }
            let m = u64::from(orbit.reached);
            let mut ori = 0u64;
            if m > 1 {
                let (o, step) = (u32::from(orbit.o), u32::from(orbit.step));
                let mut sum = 0u32;
                let mut written = 0;
                for (k, &slot) in orbit.slots.iter().enumerate() {
                    let x = (u32::from(s[turns + usize::from(slot)]) + o - u32::from(orbit.turn[k])) % o / step;
                    sum += x;
                    if orbit.blind >> orbit.class[usize::from(seq[k])] & 1 == 0 && written < orbit.digits {
                        ori = ori * m + u64::from(x);
                        written += 1;
                    }
                }
                if let Some(k) = orbit.sum {
                    v[k] = (sum % u32::from(orbit.reached)) as u8;
                }
            }
            r = r * orbit.span + p * m.pow(orbit.digits) + ori;
        }
        (r, v)
    }

    /// Invariants less the goal's, as a code of mixed radix.
    #[inline]
    fn code(&self, v: &[u8]) -> u64 {
        let mut e = 0u64;
        for ((&x, &g), &m) in v.iter().zip(&self.goal).zip(&self.moduli) {
            e = e * u64::from(m) + (u64::from(x) + u64::from(m) - u64::from(g)) % u64::from(m);
        }
        e
    }
}

impl Orbit {
    /// What move `a` adds to this orbit's invariants: its parity (two
    /// slots or more) and its sum of turns in steps (pieces that turn).
    fn step_of(&self, a: &Action) -> Vec<u8> {
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
    fn full_moduli(&self) -> Vec<u8> {
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
    fn invariants_reached(&self, moves: &[&Action]) -> u64 {
        let m = self.full_moduli();
        let steps: Vec<Vec<u8>> = moves.iter().map(|a| self.step_of(a)).collect();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![vec![0u8; m.len()]];
        seen.insert(todo[0].clone());
        while let Some(v) = todo.pop() {
            for s in &steps {
                let w: Vec<u8> = (0..m.len()).map(|i| (v[i] + s[i]) % m[i]).collect();
                if seen.insert(w.clone()) {
                    todo.push(w);
                }
            }
        }
        seen.len() as u64
    }

    /// The order of the group the moves make on this orbit alone
    /// (Schreier–Sims on its slots' points), and what its arrangements and
    /// orientations allow.
    fn own_order(&self, moves: &[&Action]) -> (Factors, Factors) {
        let (n, o) = (self.slots.len(), usize::from(self.o));
        let base = self.offset / 2;
        let gens: Vec<Vec<u16>> = moves
            .iter()
            .map(|a| {
                let mut p = vec![0u16; n * o];
                for (k, &i) in self.slots.iter().enumerate() {
                    let i = usize::from(i);
                    let j = self
                        .slots
                        .iter()
                        .position(|&x| x == a.from[base + i])
                        .expect("kept in the orbit");
                    for r in 0..o {
                        p[j * o + r] = (k * o + (r + usize::from(a.twist[base + i])) % o) as u16;
                    }
                }
                p
            })
            .collect();
        let mut group = Factors::default();
        for s in Chain::new(n * o, &gens).orbit_sizes() {
            group.times(s);
        }
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
    fn unlocal(&self, l: usize) -> (u8, u8) {
        let sums = if self.sum.is_some() {
            usize::from(self.reached)
        } else {
            1
        };
        ((l / sums) as u8, (l % sums) as u8)
    }

    /// The class of kept invariants `parity` and `sum` in a [`Table`].
    fn local(&self, parity: u8, sum: u8) -> usize {
        let sums = if self.sum.is_some() {
            usize::from(self.reached)
        } else {
            1
        };
        let p = if self.parity.is_some() { usize::from(parity) } else { 0 };
        let s = if self.sum.is_some() { usize::from(sum) } else { 0 };
        p * sums + s
    }

    /// The code of a state: the arrangement's rank, then every orientation
    /// as a digit.
    fn code(&self, seq: &[u8], turns: &[u8]) -> u64 {
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
    fn list(&self, moves: &[&Action]) -> Option<(Table, (bool, bool))> {
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
    fn decode(&self, mut c: u64, seq: &mut [u8], turns: &mut [u8]) {
        let o = u64::from(self.o);
        for k in (0..self.slots.len()).rev() {
            turns[k] = (c % o) as u8;
            c /= o;
        }
        self.classes.unrank_into(c, seq);
    }
}

/// The parity of a permutation of `0..n` (1 when odd).
fn parity(p: &[u8]) -> u8 {
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

/// A positive rational number as exponents of primes: products of small
/// numbers of any size, compared exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Factors(std::collections::BTreeMap<u64, i64>);

impl Factors {
    fn times(&mut self, n: u64) {
        self.add(n, 1);
    }
    fn times_all(&mut self, other: &Factors) {
        for (&p, &e) in &other.0 {
            *self.0.entry(p).or_default() += e;
        }
        self.0.retain(|_, e| *e != 0);
    }
    fn over(&mut self, n: u64) {
        self.add(n, -1);
    }
    fn add(&mut self, mut n: u64, sign: i64) {
        let mut p = 2;
        while p * p <= n {
            while n.is_multiple_of(p) {
                *self.0.entry(p).or_default() += sign;
                n /= p;
            }
            p += 1;
        }
        if n > 1 {
            *self.0.entry(n).or_default() += sign;
        }
        self.0.retain(|_, e| *e != 0);
    }
    /// In decimal (a whole number; a fraction's denominator is left out).
    fn decimal(&self) -> String {
        let mut digits: Vec<u32> = vec![1]; // base 10^9, least first
        for (&p, &e) in &self.0 {
            for _ in 0..e.max(0) {
                let mut carry = 0u64;
                for d in digits.iter_mut() {
                    let x = u64::from(*d) * p + carry;
                    *d = (x % 1_000_000_000) as u32;
                    carry = x / 1_000_000_000;
                }
                while carry > 0 {
                    digits.push((carry % 1_000_000_000) as u32);
                    carry /= 1_000_000_000;
                }
            }
        }
        let mut s = digits.last().unwrap().to_string();
        for d in digits.iter().rev().skip(1) {
            s.push_str(&format!("{d:09}"));
        }
        s
    }
}
