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
//! [`Reach::count`] is the number of positions ([`Reach::exact`]). Orbits
//! the moves tie to one another (two sets turned in lockstep) are ranked
//! jointly where their joint states fit a list ([`Reach::tied`]). When
//! the moves tie pieces further (a twist that follows a permutation in an
//! orbit too large to list), the ranks hold every reachable position and
//! some others, still far fewer than the arrangements; the reason is kept
//! ([`Reach::inexact`]).

use crate::schreier::Chain;
use crate::tws::{Action, Tws};
use factors::Factors;
use orbit::{Orbit, parity};
use tansaku_core::puzzle::RankBlocks;

/// The [`Puzzle`](tansaku_core::puzzle::Puzzle) of a ranking of classes
/// `$t<'_, S>`: its positions' (field `p`, a [`Perm`](crate::tws::Perm)),
/// which a symmetry maps onto moves (no Illegal lines, no alike pieces).
macro_rules! puzzle_of_positions {
    ($t:ident) => {
        impl<S: Positions> Puzzle for $t<'_, S> {
            type State = S;
            type Move = TwsMove;

            #[inline]
            fn for_each_successor(&self, s: &S, f: impl FnMut(TwsMove, S)) {
                self.p.for_each_successor(s, f)
            }
            fn apply(&self, s: &S, m: TwsMove) -> Option<S> {
                self.p.apply(s, m)
            }
            fn is_goal(&self, s: &S) -> bool {
                self.p.is_goal(s)
            }
            fn reversible(&self) -> bool {
                true
            }
            fn state_heap_bytes(&self) -> u64 {
                self.p.state_heap_bytes()
            }
            fn goal_states(&self) -> Option<Vec<S>> {
                self.p.goal_states()
            }
        }
    };
}
pub(crate) use puzzle_of_positions;

mod abelian;
mod classes;
mod factors;
mod moves;
mod orbit;
mod refine;
mod rest;
mod state_classes;
mod tabled;
mod tie;

pub use classes::Classes;
pub use state_classes::StateClasses;
pub use tabled::Tabled;

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

/// An invariant of a tie's states beyond its members' parities and sums:
/// its modulus and what each move adds ([`abelian`]).
#[derive(Clone, Debug)]
struct Extra {
    modulus: u8,
    steps: Vec<u8>,
}

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
    /// Orbits ranked jointly.
    ties: Vec<tie::Tie>,
    /// Invariants found on listed states beyond their parities and sums
    /// ([`abelian`]), kept after the orbits' among the invariants.
    extra: Vec<Extra>,
    /// Every rank is a position the moves reach; else why not.
    exact: Result<(), String>,
    /// The move tables on ranks, built when first asked for.
    tables: std::sync::OnceLock<Option<std::sync::Arc<moves::Moves>>>,
}

impl Reach {
    /// The ranks of `t`'s reachable positions, or why its positions cannot
    /// be ranked so: further goals outside the first one's group, `Illegal`
    /// lines, too many points, too many ranks. Where the constraints do not
    /// describe the group, some ranks are positions the moves never reach
    /// ([`Reach::inexact`]).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::Reach};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// assert_eq!((r.count(), r.group_order().as_str()), (3_674_160, "3674160"));
    /// // The 3x3x3's positions pass a u64: no ranks.
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// assert!(Reach::new(&t).unwrap_err().contains("pass 2^64"));
    /// ```
    pub fn new(t: &Tws) -> Result<Reach, String> {
        Reach::tabled(t, true)
    }

    /// [`Reach::new`] with every orbit ranked apart ([`Tws::untied`]).
    pub(crate) fn apart(t: &Tws) -> Result<Reach, String> {
        Reach::tabled(t, false)
    }

    /// [`Reach::build`] with whole orbits, else, where their move tables
    /// are declined and halves' would not be, in halves: Loopover 3x3's
    /// nine tiles, 9! x 12 entries for 181,440 positions, played on bytes
    /// at about 55 ns of CPU a successor; in halves, 435,456 entries.
    fn tabled(t: &Tws, tie: bool) -> Result<Reach, String> {
        let whole = Reach::build(t, false, tie)?;
        if whole.table_bytes(t) > 0 || !whole.orbits.iter().any(Orbit::splittable) {
            return Ok(whole);
        }
        match Reach::build(t, true, tie) {
            Ok(halves) if halves.table_bytes(t) > 0 => Ok(halves),
            _ => Ok(whole),
        }
    }

    /// [`Reach::new`], with every orbit of four distinct pieces or more
    /// ranked in halves when `halves` (as large ones always are: the tests
    /// run the halves on puzzles small enough to check whole), tied orbits
    /// ranked jointly when `tie`.
    fn build(t: &Tws, halves: bool, tie: bool) -> Result<Reach, String> {
        if !t.illegal.is_empty() {
            return Err("the file's Illegal lines forbid positions the moves reach".into());
        }
        if t.sets.iter().any(|s| s.piece_order) {
            return Err("a projection's sets are ranked by piece".into());
        }
        let moves: Vec<&Action> = t.metric_moves.iter().map(|&i| &t.actions[i]).collect();
        let Points { start, points, gens } = points(t, &moves)?;
        let mut built = orbit::orbits(t, &moves, &start, points, &gens)?;
        // Ranks past a u64 are refused before the group's order is
        // computed (its cost grows with the points, a 9x9x9's minutes).
        let bound = built.iter().try_fold(1u64, |a, o| {
            u64::from(o.reached)
                .checked_pow(o.slots.len() as u32)
                .and_then(|x| x.checked_mul(o.classes.count()))
                .and_then(|x| x.checked_mul(a))
        });
        if bound.is_none() {
            return Err("its positions pass 2^64: they have no ranks".into());
        }
        let order = Chain::new(points, &gens).orbit_sizes();
        let (listed, killed) = orbit::list_tied(&mut built, &moves);
        moves::split_large(&mut built, moves.len(), halves);
        let Invariants { full, kept_at, moduli } = invariants(&mut built, &killed, &t.solved)?;
        for orbit in &mut built {
            let o = usize::from(orbit.o);
            orbit.digit = (0..orbit.slots.len() * o)
                .map(|i| ((i % o + o - usize::from(orbit.turn[i / o])) % o / usize::from(orbit.step)) as u8)
                .collect();
        }
        let too_many = || format!("more than {MAX_INVARIANTS} parities and orientation sums");
        let reached = closure(&built, &[], &moves, &full).ok_or_else(too_many)?;
        let (index, members) = kept(&reached, &kept_at, &moduli).ok_or_else(too_many)?;
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
            ties: Vec::new(),
            extra: Vec::new(),
            exact: Ok(()),
            tables: std::sync::OnceLock::new(),
        };
        if tie {
            reach.tie(t, &moves);
        }
        reach.exact = exactness(&reach, &listed, &moves, &full, reached.len());
        if tie && reach.exact.is_err() {
            reach.refine(t, &moves, &full, &kept_at, &listed);
        }
        reach.goal = vec![0; reach.moduli.len()];
        reach.goal = reach.invariants(&t.solved).1[..reach.moduli.len()].to_vec();
        // Further solved positions (the Dino Cube's mirror image) are
        // ranked alike when they are positions of the first's group.
        if t.goals[1..].iter().any(|g| !reach.exact() || !reach.contains(g)) {
            return Err("the file has several solved positions, not all reached from the first".into());
        }
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
                        || (!blind && !orbit.holds(k, orbit.symbol[usize::from(s[orbit.offset + usize::from(i)])], x))
                })
            {
                return false;
            }
        }
        let mut v = [0u8; MAX_KEPT];
        if self.ties.iter().any(|tie| tie.rank(&self.orbits, s, &mut v).is_none()) {
            return false;
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
        for (i, orbit) in self.orbits.iter().enumerate().rev() {
            let x = r % orbit.span;
            r /= orbit.span;
            if let Some(k) = orbit.tie {
                if self.ties[k].members[0] == i {
                    self.ties[k].unrank(&self.orbits, x, &v, c);
                }
                continue;
            }
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
                    // Ranks 2p and 2p + 1 differ by a swap of two pieces.
                    orbit.unrank_arrangement(p * 2, seq);
                    if parity(seq) != v[k] {
                        orbit.unrank_arrangement(p * 2 + 1, seq);
                    }
                }
                None => orbit.unrank_arrangement(p, seq),
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
                    orbit.turn_of(k, seq[k], u32::from(put[k]))
                };
            }
        }
    }

    /// Calls `f` with the rank of every successor of the position of rank
    /// `r` by `t`'s metric moves (`t` the puzzle this was built from),
    /// from move tables on the ranks, built on the first call; `false`
    /// (and no call) when the puzzle does not suit them (an orbit too
    /// large, turns ignored): then play the moves on positions.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::Reach};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/pyraminx.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("pyraminx.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// let s = t.scramble("R U'").unwrap();
    /// let mut next = Vec::new();
    /// assert!(r.successor_ranks(&t, r.rank(&s), |x| next.push(x)));
    /// // One of them undoes U'.
    /// assert!(next.contains(&r.rank(&t.scramble("R").unwrap())));
    /// ```
    pub fn successor_ranks(&self, t: &Tws, r: u64, mut f: impl FnMut(u64)) -> bool {
        self.any_successor_rank(t, r, |x| {
            f(x);
            false
        })
        .is_some()
    }

    /// [`Reach::successor_ranks`] that stops at the first successor for
    /// which `f` holds (a level run bottom-up looks for one neighbour):
    /// whether one did, or `None` where the tables are declined.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// use tansaku_define::tws::Reach;
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/pyraminx.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("pyraminx.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// let (s, solved) = (r.rank(&t.scramble("R").unwrap()), r.rank(&t.scramble("").unwrap()));
    /// let mut tried = 0;
    /// assert_eq!(r.any_successor_rank(&t, s, |x| { tried += 1; x == solved }), Some(true));
    /// let mut all = 0;
    /// r.successor_ranks(&t, s, |_| all += 1);
    /// assert!(tried <= all);
    /// assert_eq!(r.any_successor_rank(&t, s, |_| false), Some(false));
    /// ```
    pub fn any_successor_rank(&self, t: &Tws, r: u64, f: impl FnMut(u64) -> bool) -> Option<bool> {
        self.moves(t).map(|m| m.successors_until(self, r, f))
    }

    /// The move tables for `t`, built on the first call; `None` where
    /// they are declined.
    fn moves(&self, t: &Tws) -> Option<&moves::Moves> {
        self.tables
            .get_or_init(|| moves::Moves::new(self, t).map(std::sync::Arc::new))
            .as_deref()
    }

    /// Where the ranks' successors split into a block's share and an
    /// offset's ([`RankBlocks`]): where the move tables are built (as by
    /// [`Reach::successor_ranks`]), the rank keeps no joint invariant
    /// beside its orbits' digits, and its last orbit is large enough.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::Reach};
    /// // Two rings of six tiles, three of them alike in each ring, each
    /// // ring turned by its own move and both by a third.
    /// let mut text = String::from("Set A 6 1\nSet B 6 1\nSolved\nA\n1 1 1 2 3 4\nB\n1 1 1 2 3 4\nEnd\n");
    /// for (m, a, b) in [("X", "2 3 4 5 6 1", "1 2 3 4 5 6"), ("Y", "1 2 3 4 5 6", "2 3 4 5 6 1"), ("Z", "2 1 3 4 5 6", "2 1 3 4 5 6")] {
    ///     text += &format!("Move {m}\nA\n{a}\nB\n{b}\nEnd\n");
    /// }
    /// let Definition::Tws(t) = Definition::parse(&Src::new("rings.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// let b = r.rank_blocks(&t).unwrap();
    /// // 120 arrangements a ring; a block is the second ring's.
    /// assert_eq!((r.count(), b.len), (14_400, 120));
    /// let s = r.rank(&t.scramble("X Y' Z").unwrap());
    /// let mut next = Vec::new();
    /// r.successor_ranks(&t, s, |x| next.push(x));
    /// // A column of the offsets' table a metric move.
    /// assert_eq!(b.moves, next.len());
    /// let mut first = vec![0; b.moves];
    /// r.block_successors(&t, s / b.len, &mut first);
    /// let row = &b.next[(s % b.len) as usize * b.moves..][..b.moves];
    /// let split: Vec<u64> = first.iter().zip(row).map(|(&f, &o)| f + u64::from(o)).collect();
    /// assert_eq!(split, next);
    /// ```
    pub fn rank_blocks(&self, t: &Tws) -> Option<RankBlocks<'_>> {
        let (len, next) = self.moves(t)?.blocks()?;
        Some(RankBlocks {
            len,
            moves: t.metric_moves.len(),
            next,
        })
    }

    /// With [`Reach::rank_blocks`]: writes into `first` the first rank of the
    /// block each of `t`'s metric moves takes block `b` to (nothing where
    /// the ranks have no blocks). See [`Reach::rank_blocks`] for an example.
    pub fn block_successors(&self, t: &Tws, b: u64, first: &mut [u64]) {
        if let Some(m) = self.moves(t) {
            m.block_successors(self, b, first);
        }
    }

    /// The bytes of the move tables [`Reach::successor_ranks`] builds for
    /// `t` on its first call (0 when it would decline them).
    pub fn table_bytes(&self, t: &Tws) -> u64 {
        moves::Moves::entries(self, t).map_or(0, |e| e * 4)
    }

    /// Ranks the orbits the moves tie to one another jointly ([`tie`]):
    /// the first member of a tie carries its span, the others 1.
    fn tie(&mut self, t: &Tws, moves: &[&Action]) {
        self.ties = tie::ties(self, t, moves);
        for (k, tie) in self.ties.iter().enumerate() {
            for (j, &i) in tie.members.iter().enumerate() {
                self.orbits[i].tie = Some(k);
                self.orbits[i].span = if j == 0 { tie.span } else { 1 };
            }
        }
        let spans: u64 = self.orbits.iter().map(|o| o.span).product();
        self.count = spans * self.members.len() as u64;
    }

    /// How many groups of orbits the moves tie to one another are ranked
    /// jointly (the 2x3x5's corners of both layers), and how many orbits
    /// they hold.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::Reach};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/skewb.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("skewb.tws", &text), None).unwrap() else { panic!() };
    /// let r = Reach::new(&t).unwrap();
    /// // Four fixed corners' twists tied to the order of the four that move.
    /// assert_eq!((r.tied(), r.count(), r.exact()), ((1, 5), 3_149_280, true));
    /// ```
    pub fn tied(&self) -> (usize, usize) {
        (self.ties.len(), self.ties.iter().map(|t| t.members.len()).sum())
    }

    /// The rank of `s` over the orbits (without `H`) and its invariants.
    #[inline]
    fn invariants(&self, s: &[u8]) -> (u64, [u8; MAX_KEPT]) {
        let mut r = 0u64;
        let mut v = [0u8; MAX_KEPT];
        for (i, orbit) in self.orbits.iter().enumerate() {
            let x = match orbit.tie {
                None => self.orbit_rank(orbit, s, &mut v, true),
                Some(k) if self.ties[k].members[0] == i => {
                    // A position outside the ties' lists has no rank.
                    self.ties[k].rank(&self.orbits, s, &mut v).unwrap_or(0)
                }
                Some(_) => 0,
            };
            r = r * orbit.span + x;
        }
        (r, v)
    }

    /// Orbit `orbit`'s part of the rank of `s` (below its span), its
    /// invariants written into `v`. Without `arrangement`, the part its
    /// orientations alone make (the arrangement, its parity, and a listed
    /// orbit's whole state left out: [`Classes`] knows them).
    #[inline]
    fn orbit_rank(&self, orbit: &Orbit, s: &[u8], v: &mut [u8; MAX_KEPT], arrangement: bool) -> u64 {
        let mut seq = [0u8; MAX_ORBIT];
        let n = orbit.slots.len();
        let (pieces, turns) = (orbit.offset, orbit.offset + orbit.count);
        if let Some(table) = &orbit.table {
            if !arrangement {
                return 0;
            }
            let mut turned = [0u8; MAX_ORBIT];
            for (k, &slot) in orbit.slots.iter().enumerate() {
                seq[k] = orbit.symbol[usize::from(s[pieces + usize::from(slot)])];
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
            return u64::from(at & 0xFF_FFFF);
        }
        let blind = orbit.blind != 0;
        if arrangement || blind || !orbit.lift.is_empty() {
            for (k, &slot) in orbit.slots.iter().enumerate() {
                seq[k] = orbit.symbol[usize::from(s[pieces + usize::from(slot)])];
            }
        }
        let mut p = 0;
        if arrangement {
            // A whole permutation's parity comes with its Lehmer code.
            let both = match (&orbit.split, orbit.parity) {
                (None, Some(_)) => orbit.classes.rank_with_parity(&seq[..n]),
                _ => None,
            };
            let (rank, odd) = both.unwrap_or_else(|| {
                let odd = orbit.parity.map_or(0, |_| parity(&seq[..n]));
                (orbit.rank_arrangement(&seq[..n]), odd)
            });
            p = rank;
            if let Some(k) = orbit.parity {
                v[k] = odd;
                p >>= 1;
            }
        }
        let m = u64::from(orbit.reached);
        let mut ori = 0u64;
        if m > 1 {
            let mut sum = 0u32;
            let mut written = 0;
            for (k, &slot) in orbit.slots.iter().enumerate() {
                let x = u32::from(orbit.digit_of(k, seq[k], s[turns + usize::from(slot)]));
                sum += x;
                let seen = !blind || orbit.blind >> orbit.class[usize::from(seq[k])] & 1 == 0;
                if seen && written < orbit.digits {
                    ori = ori * m + u64::from(x);
                    written += 1;
                }
            }
            if let Some(k) = orbit.sum {
                v[k] = (sum % u32::from(orbit.reached)) as u8;
            }
        }
        p * m.pow(orbit.digits) + ori
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

/// The points of a puzzle (a set's slots times its orientations) and its
/// moves as permutations of them.
struct Points {
    /// Where each set's points start.
    start: Vec<usize>,
    points: usize,
    gens: Vec<Vec<u16>>,
}

/// The invariants of [`invariants`].
struct Invariants {
    /// Every invariant's modulus.
    full: Vec<u8>,
    /// Where each of them is among those a rank keeps, if it is.
    kept_at: Vec<Option<usize>>,
    /// The moduli of those a rank keeps.
    moduli: Vec<u8>,
}

/// The points of `t` (a set's slots times its orientations; where each
/// set's start) and `moves` as permutations of them.
fn points(t: &Tws, moves: &[&Action]) -> Result<Points, String> {
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
    Ok(Points { start, points, gens })
}

/// Sets each orbit's invariants (its parity, two slots or more; its sum,
/// pieces that turn) and the span of an orbit ranked by arithmetic.
/// Every invariant's modulus (`full`), for the check against the group;
/// which of them a rank keeps (`kept_at`: not those the goal's alike
/// pieces or ignored turns leave open, `killed`) and their moduli.
fn invariants(built: &mut [Orbit], killed: &[(bool, bool)], solved: &[u8]) -> Result<Invariants, String> {
    // The invariants: every orbit's parity (two slots or more) and sum
    // (pieces that turn), for the check against the group; those a
    // rank keeps (not those a goal's alike pieces or ignored turns
    // leave open).
    let mut full: Vec<u8> = Vec::new();
    let mut kept_at: Vec<Option<usize>> = Vec::new();
    let mut moduli: Vec<u8> = Vec::new();
    for (orbit, &(no_parity, no_sum)) in built.iter_mut().zip(killed) {
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
    Ok(Invariants { full, kept_at, moduli })
}

/// `H`: the invariant vectors (of moduli `full`: the orbits', then the
/// `extra` ones) the moves' steps reach from the goal's; `None` past
/// [`MAX_INVARIANTS`].
fn closure(built: &[Orbit], extra: &[Extra], moves: &[&Action], full: &[u8]) -> Option<Vec<Vec<u8>>> {
    let full_size = full
        .iter()
        .try_fold(1u64, |a, &x| a.checked_mul(u64::from(x)))
        .filter(|&n| n <= MAX_INVARIANTS)?;
    let steps = move_steps(built, extra, moves);
    // H, the invariants the moves reach, by a closure.
    let mut seen = vec![false; full_size as usize];
    let mut todo = vec![vec![0u8; full.len()]];
    seen[0] = true;
    let mut reached = Vec::new();
    while let Some(v) = todo.pop() {
        for s in &steps {
            let w: Vec<u8> = v
                .iter()
                .zip(s)
                .zip(full)
                .map(|((&x, &y), &m)| ((u16::from(x) + u16::from(y)) % u16::from(m)) as u8)
                .collect();
            let e = encode(&w, full) as usize;
            if !seen[e] {
                seen[e] = true;
                todo.push(w);
            }
        }
        reached.push(v);
    }
    Some(reached)
}

/// What each of `moves` adds to the invariants: every orbit's of `orbits`
/// (its parity and sum, [`Orbit::step_of`]), then the `extra` ones.
fn move_steps<'a>(
    orbits: impl IntoIterator<Item = &'a Orbit> + Clone,
    extra: impl IntoIterator<Item = &'a Extra> + Clone,
    moves: &[&Action],
) -> Vec<Vec<u8>> {
    moves
        .iter()
        .enumerate()
        .map(|(k, a)| {
            orbits
                .clone()
                .into_iter()
                .flat_map(|orbit| orbit.step_of(a))
                .chain(extra.clone().into_iter().map(|e| e.steps[k]))
                .collect()
        })
        .collect()
}

/// `H` as a rank keeps it, from the `reached` invariant vectors (of
/// which those at `kept_at` are kept, of `moduli`): for each kept vector
/// (mixed radix) its index in `H` or `u32::MAX`, and `H`'s vectors by
/// index. `None` past [`MAX_INVARIANTS`] or [`MAX_KEPT`].
fn kept(reached: &[Vec<u8>], kept_at: &[Option<usize>], moduli: &[u8]) -> Option<(Vec<u32>, Vec<u32>)> {
    let size = moduli
        .iter()
        .try_fold(1u64, |a, &x| a.checked_mul(u64::from(x)))
        .filter(|&n| n <= MAX_INVARIANTS && moduli.len() <= MAX_KEPT)?;
    let mut index = vec![u32::MAX; size as usize];
    let mut members = Vec::new();
    for v in reached {
        let kept: Vec<u8> = v
            .iter()
            .zip(kept_at)
            .filter(|(_, k)| k.is_some())
            .map(|(&x, _)| x)
            .collect();
        let e = encode(&kept, moduli) as usize;
        if index[e] == u32::MAX {
            index[e] = members.len() as u32;
            members.push(e as u32);
        }
    }
    Some((index, members))
}

/// Whether the group's order (its chain's `order`) is what the orbits,
/// the listed orbits' groups and the `reached` invariant vectors allow;
/// else why not.
fn exactness(
    reach: &Reach,
    listed: &[Option<Factors>],
    moves: &[&Action],
    full: &[u8],
    reached: usize,
) -> Result<(), String> {
    let (built, ties, order) = (&reach.orbits, &reach.ties, &reach.order);
    // The group's order against what the constraints allow: every
    // orbit's permutations and orientations, times H's share.
    let mut allowed = Factors::default();
    // A tie, as a listed orbit: its own group over the invariants it
    // reaches.
    for tie in ties {
        let members: Vec<&Orbit> = tie.members.iter().map(|&i| &built[i]).collect();
        let extra: Vec<&Extra> = tie.extra.iter().map(|&e| &reach.extra[e]).collect();
        allowed.times_all(&tie::joint_order(&members, moves));
        for m in members.iter().flat_map(|o| o.full_moduli()) {
            allowed.times(u64::from(m));
        }
        for e in &extra {
            allowed.times(u64::from(e.modulus));
        }
        allowed.over(tie::joint_invariants(&members, moves, &extra));
    }
    for (orbit, listed) in built.iter().zip(listed) {
        if orbit.tie.is_some() {
            continue;
        }
        match listed {
            // A listed orbit: its own group, over the invariants it
            // reaches (each class of the list as large).
            Some(group) => {
                allowed.times_all(group);
                for m in orbit.full_moduli() {
                    allowed.times(u64::from(m));
                }
                allowed.over(orbit.invariants_reached(moves));
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
    allowed.times(reached as u64);
    for &m in full {
        allowed.over(u64::from(m));
    }
    let mut group = Factors::default();
    for &s in order.iter() {
        group.times(s);
    }
    if group == allowed {
        Ok(())
    } else {
        Err(format!(
            "the moves tie pieces beyond orbits, parities and orientation sums: the group's order is {}, those allow {}",
            group.decimal(),
            allowed.decimal()
        ))
    }
}

/// An invariant vector `v` of moduli `m` as one number (mixed radix).
fn encode(v: &[u8], m: &[u8]) -> u64 {
    v.iter()
        .zip(m)
        .fold(0u64, |a, (&x, &r)| a * u64::from(r) + u64::from(x))
}
