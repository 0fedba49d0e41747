//! IDA*'s inner loop for sliding boards bounded by pattern databases: the
//! depth-first search below one node, as [`tansaku_core::search::ida_star_pruned`]
//! runs it on each subtree, with the same children, order, cuts and counts,
//! only faster.
//!
//! The generic search keeps every child it makes whole (its position and
//! the bound's memo: each pattern's index, value and cells, on the board
//! and its mirror image) and copies the one it descends into onto its
//! path. Here one board, its mirror image and one set of pattern indices
//! are changed in place as the search goes down and put back as it comes
//! up: a child is its move, its move pruning state and where its move
//! takes the one pattern of each look it changes. The partitions of a
//! [`super::max::MaxPdb`] are looked up lazily, as the generic bound does:
//! a child that its first partitions already cut is never looked up in
//! the others.
//!
//! The tests hold it to the generic search: the same length, solution and
//! node counts, iteration by iteration (`tests/pattern_databases.rs`).

use super::max::{MOST_PARTITIONS, MaxMemo};
use super::{AdditivePdb, MAX_GROUPS, MAX_PATTERN, PdbMemo};
const _: () = assert!(MAX_GROUPS <= SLOTS && MAX_PATTERN <= SLOTS);
use crate::sliding::{SlideMove, SlideState, Sliding};
use tansaku_core::search::{Below, Descent, Halt, Kernel, KernelSearch, MovePruning};

/// One look (a partition, on the board or on its mirror image): each
/// pattern's index, value and cells, and their sum.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Look {
    index: [u32; SLOTS],
    value: [u8; SLOTS],
    mask: [u32; SLOTS],
    sum: u16,
}

/// Room for the patterns of a partition and the tiles of a pattern, the
/// largest number a tag's half holds: an index read from a tag needs no
/// bounds check.
const SLOTS: usize = 16;

/// A look's entries from a memo's (which holds [`MAX_GROUPS`] patterns).
fn widen<T: Copy + Default>(a: [T; MAX_GROUPS]) -> [T; SLOTS] {
    let mut w = [T::default(); SLOTS];
    w[..MAX_GROUPS].copy_from_slice(&a);
    w
}

/// Every look of a node: `[partition][board, mirror image]`.
pub(crate) type Looks = [[Look; 2]; MOST_PARTITIONS];

/// A bound's memo as the kernel reads it at a subtree's node.
pub(crate) trait KernelMemo: Copy {
    /// The looks the memo holds (partitions past the bound's own unused).
    fn looks(&self) -> Looks;
}

impl KernelMemo for PdbMemo {
    fn looks(&self) -> Looks {
        let mut l = Looks::default();
        l[0] = [
            Look {
                index: widen(self.index),
                value: widen(self.value),
                mask: widen(self.mask),
                sum: self.sum,
            },
            Look {
                index: widen(self.mirror_index),
                value: widen(self.mirror_value),
                mask: widen(self.mirror_mask),
                sum: self.mirror_sum,
            },
        ];
        l
    }
}

impl KernelMemo for MaxMemo {
    fn looks(&self) -> Looks {
        let mut l = Looks::default();
        for (i, m) in self.memo.iter().enumerate() {
            l[i] = m.looks()[0];
        }
        l
    }
}

/// One pattern's table as the kernel reads it.
#[derive(Clone, Copy)]
struct Pat<'a> {
    /// The place values of its tiles' digits ([`super::GroupIndex`]).
    weight: [u32; SLOTS],
    /// Zero-aware (a bit a placement and free cell, `free` free cells a
    /// placement) or additive (a byte a placement).
    zero: bool,
    free: u32,
    table: &'a [u8],
}

/// One partition as the kernel reads it: its patterns, and the pattern
/// and place of every label (`group << 4 | order`, [`NO_TAG`] for none).
struct Part<'a> {
    db: &'a AdditivePdb,
    pats: [Pat<'a>; SLOTS],
    tag: [u8; 256],
    /// Its looks: the board's, and the mirror image's unless the
    /// partition is its own image ([`AdditivePdb::reflects`]).
    sides: usize,
}

/// The empty cell's tag.
const NO_TAG: u8 = u8::MAX;

impl<'a> Part<'a> {
    fn new(db: &'a AdditivePdb) -> Option<Self> {
        let empty = Pat {
            weight: [0; SLOTS],
            zero: false,
            free: 0,
            table: &[],
        };
        let mut pats = [empty; SLOTS];
        for (pat, p) in db.patterns.iter().zip(pats.iter_mut()) {
            for (j, w) in p.weight.iter_mut().enumerate().take(pat.labels.len()) {
                *w = u32::try_from(pat.index.weight(j)).ok()?;
            }
            (p.zero, p.free, p.table) = match &pat.zero {
                Some(z) => (true, u32::try_from(z.free()).ok()?, z.bytes()),
                None => (false, 0, &pat.table[..]),
            };
        }
        let mut tag = [NO_TAG; 256];
        for (l, t) in tag.iter_mut().enumerate().take(db.group_of.len()) {
            if db.group_of[l] != super::NO_GROUP {
                *t = db.group_of[l] << 4 | db.order_of[l];
            }
        }
        let sides = 1 + usize::from(db.reflects());
        Some(Part { db, pats, tag, sides })
    }
}

/// The kernel of one puzzle, its partitions' tables and a move pruning.
pub(crate) struct SlideKernel<'a, R> {
    p: &'a Sliding,
    parts: Vec<Part<'a>>,
    r: &'a R,
    /// The mirror image of every cell and label, when the goal has one.
    mirror: Option<([u8; 256], [u8; 256])>,
}

impl<'a, R: MovePruning<Sliding>> SlideKernel<'a, R> {
    /// The kernel of the bound of `dbs` (one partition, or the largest of
    /// up to [`MOST_PARTITIONS`]) and the pruning `r`, for boards of `p`;
    /// `None` when it cannot stand in for the generic search.
    pub(crate) fn new(p: &'a Sliding, dbs: Vec<&'a AdditivePdb>, r: &'a R) -> Option<Self> {
        if !(1..=MOST_PARTITIONS).contains(&dbs.len()) || p.cells() > 32 {
            return None;
        }
        let parts = dbs.into_iter().map(Part::new).collect::<Option<Vec<_>>>()?;
        // Every partition of one puzzle has the same reflection.
        let mirrored = parts.iter().find(|part| part.sides == 2);
        let mirror = mirrored.and_then(|part| part.db.reflection.as_ref()).map(|refl| {
            let (mut cell, mut label) = ([0u8; 256], [0u8; 256]);
            cell[..refl.cell.len()].copy_from_slice(&refl.cell);
            label[..refl.label.len()].copy_from_slice(&refl.label);
            (cell, label)
        });
        Some(SlideKernel { p, parts, r, mirror })
    }
}

impl<M: KernelMemo, R: MovePruning<Sliding>> Kernel<Sliding, M, R::State> for SlideKernel<'_, R> {
    fn searcher(&self) -> Box<dyn KernelSearch<Sliding, M, R::State> + '_> {
        match self.parts.len() {
            1 => Box::new(Run::<R, 1>::new(self)),
            2 => Box::new(Run::<R, 2>::new(self)),
            _ => Box::new(Run::<R, 3>::new(self)),
        }
    }
}

/// No cell: the search may undo nothing.
const NOWHERE: u8 = u8::MAX;

/// Most children a node has.
const KIDS: usize = 4;

/// One thread's search, with `P` partitions.
struct Run<'k, 'a, R, const P: usize> {
    k: &'k SlideKernel<'a, R>,
    /// The position, and its mirror image (when the goal has one).
    board: SlideState,
    mirror: SlideState,
    looks: Looks,
    /// The moves from the subtree's node to the goal, last first.
    path: Vec<SlideMove>,
    counts: (u64, u64),
    /// Whether a move that undoes the last one is cut.
    undo: bool,
}

/// Where a move takes one look's pattern: the pattern, its new index and
/// cells, the place of its entry (a bit of a zero-aware table, a byte of
/// an additive one) and, once read, its new value.
#[derive(Clone, Copy, Default)]
struct Moved {
    at: u64,
    index: u32,
    mask: u32,
    group: u8,
    value: u8,
}

/// A child: its move (from which cell), move pruning state, bound and,
/// per partition, where its move takes each look.
#[derive(Clone, Copy)]
struct Kid<A, const P: usize> {
    from: u8,
    auto: A,
    h: u32,
    at: [[Moved; 2]; P],
}

/// How a search below a node ended (the generic search's steps).
#[derive(Clone, Copy, PartialEq)]
enum Step {
    Found,
    Exceeded(u32),
    Exhausted,
    Stopped,
}

impl Step {
    /// Two searches one after the other, neither finding.
    #[inline]
    fn and(self, other: Step) -> Step {
        match (self, other) {
            (Step::Exceeded(a), Step::Exceeded(b)) => Step::Exceeded(a.min(b)),
            (Step::Exceeded(a), _) | (_, Step::Exceeded(a)) => Step::Exceeded(a),
            _ => Step::Exhausted,
        }
    }
}

impl<M: KernelMemo, R: MovePruning<Sliding>, const P: usize> KernelSearch<Sliding, M, R::State> for Run<'_, '_, R, P> {
    fn search(
        &mut self,
        node: Below<'_, Sliding, M, R::State>,
        bound: u32,
        halt: &Halt<'_>,
        counts: &mut (u64, u64),
    ) -> Descent<SlideMove> {
        self.board = *node.state;
        let mirrored = self.k.parts.iter().find(|part| part.sides == 2);
        if let Some(m) = mirrored.and_then(|part| part.db.mirror(node.state)) {
            self.mirror = m;
        }
        self.looks = node.memo.looks();
        self.path.clear();
        self.counts = *counts;
        self.undo = node.undo;
        let back = node.before.map_or(NOWHERE, |b| b.blank);
        let step = self.descend(node.g, node.h, node.auto, back, bound, halt);
        *counts = self.counts;
        match step {
            Step::Found => {
                let mut moves = std::mem::take(&mut self.path);
                moves.reverse();
                Descent::Found(moves)
            }
            Step::Exceeded(f) => Descent::Exceeded(f),
            Step::Exhausted => Descent::Exhausted,
            Step::Stopped => Descent::Stopped,
        }
    }
}

impl<'k, 'a, R: MovePruning<Sliding>, const P: usize> Run<'k, 'a, R, P> {
    fn new(k: &'k SlideKernel<'a, R>) -> Self {
        Run {
            k,
            board: k.p.goal,
            mirror: k.p.goal,
            looks: Looks::default(),
            path: Vec::new(),
            counts: (0, 0),
            undo: true,
        }
    }

    /// Where tile `t` sliding from `from` into the empty cell `to` takes
    /// its pattern of partition `part`, on a board whose labels are
    /// `cells`, the look being `look`; the entry is asked for from memory.
    #[inline(always)]
    fn locate(part: &Part<'_>, look: &Look, cells: &[u8; 36], t: u8, from: u8, to: u8) -> Moved {
        let tag = part.tag[t as usize];
        let (g, j) = ((tag >> 4) as usize, tag & 15);
        let pat = &part.pats[g];
        // The digits change for the tile and for the later tiles of its
        // pattern strictly between the two cells ([`super::GroupIndex::rank_after`]).
        // Only the pattern's own cells between count: the look keeps them.
        let (lo, hi) = (u32::from(from.min(to)), u32::from(from.max(to)));
        let mut between = ((1u32 << hi) - 1) & !((2u32 << lo) - 1) & look.mask[g];
        let (mut lower, mut later) = (0i64, 0i64);
        while between != 0 {
            let o = part.tag[cells[between.trailing_zeros() as usize] as usize] & 15;
            between &= between - 1;
            if o < j {
                lower += 1;
            } else {
                later += i64::from(pat.weight[o as usize]);
            }
        }
        let s = if to > from { 1 } else { -1 };
        let delta = i64::from(pat.weight[j as usize]) * ((i64::from(to) - i64::from(from)) - s * lower) + s * later;
        let index = (i64::from(look.index[g]) + delta) as u32;
        let mask = look.mask[g] ^ (1 << from) ^ (1 << to);
        let at = if pat.zero {
            // The empty cell is where the tile was: its place among the
            // placement's free cells.
            let slot = (!mask & ((1u32 << from) - 1)).count_ones();
            let at = u64::from(index) * u64::from(pat.free) + u64::from(slot);
            if let Some(b) = pat.table.get((at >> 3) as usize) {
                tansaku_core::memory::prefetch(b);
            }
            at
        } else {
            if let Some(b) = pat.table.get(index as usize) {
                tansaku_core::memory::prefetch(b);
            }
            u64::from(index)
        };
        Moved {
            at,
            index,
            mask,
            group: g as u8,
            value: 0,
        }
    }

    /// The new value of the pattern a move took to `m`, its value before
    /// the move being `before` (a zero-aware entry says which of one up or
    /// one down).
    #[inline]
    fn read(part: &Part<'_>, m: &Moved, before: u8) -> u8 {
        let pat = &part.pats[(m.group & 15) as usize];
        if pat.zero {
            let byte = pat.table.get((m.at >> 3) as usize).copied().unwrap_or(0);
            super::zero::ZeroTable::step(u32::from(before), u32::from(byte >> (m.at & 7)) & 1) as u8
        } else {
            pat.table.get(m.at as usize).copied().unwrap_or(0)
        }
    }

    /// Locates the entry of look `side` (0: the board, 1: its mirror
    /// image) of partition `i` for `kid` (its tile sliding into the empty
    /// cell `to`) and asks for it from memory.
    #[inline]
    fn ask(&self, i: usize, side: usize, kid: &mut Kid<R::State, P>, to: u8) {
        let part = &self.k.parts[i];
        let t = self.board.cells[kid.from as usize];
        kid.at[i][side] = match (side, &self.k.mirror) {
            (1, Some((cell, label))) => Self::locate(
                part,
                &self.looks[i][1],
                &self.mirror.cells,
                label[t as usize],
                cell[kid.from as usize],
                cell[to as usize],
            ),
            _ => Self::locate(part, &self.looks[i][0], &self.board.cells, t, kid.from, to),
        };
    }

    /// Reads `kid`'s entry of look `side` of partition `i` and raises its
    /// bound to that look's (the bound of the largest look is the largest
    /// look's bound: raising to the empty cell's parity keeps order).
    #[inline]
    fn answer(&self, i: usize, side: usize, kid: &mut Kid<R::State, P>) {
        let part = &self.k.parts[i];
        let look = &self.looks[i][side];
        let a = &mut kid.at[i][side];
        let before = look.value[(a.group & 15) as usize];
        a.value = Self::read(part, a, before);
        let sum = look.sum - u16::from(before) + u16::from(a.value);
        kid.h = kid.h.max(part.db.finish_at(kid.from, sum, 0));
    }

    /// The search below the position (depth `g`, bound `h`, pruning state
    /// `auto`, the empty cell's cell before the last move `back`).
    fn descend(&mut self, g: u32, h: u32, auto: R::State, back: u8, bound: u32, halt: &Halt<'_>) -> Step {
        let k = self.k;
        // A goal has bound 0 (the bound is admissible).
        if h == 0 && self.board == k.p.goal {
            return Step::Found;
        }
        if halt.now(self.counts.0) {
            return Step::Stopped;
        }
        // The children, in the puzzle's order of moves.
        let to = self.board.blank;
        let mut kids = [Kid {
            from: 0,
            auto,
            h: 0,
            at: [[Moved::default(); 2]; P],
        }; KIDS];
        let mut n = 0;
        for &from in &k.p.neighbours[to as usize] {
            if from == back || n == KIDS {
                continue;
            }
            if let Some(a) = k.r.next(auto, &self.board, SlideMove { from, to }) {
                k.r.prefetch(a);
                kids[n].from = from;
                kids[n].auto = a;
                n += 1;
            }
        }
        self.counts.0 += 1;
        self.counts.1 += n as u64;
        // Their bounds. With one partition, the board's entries are asked
        // for from memory together, then the mirror image's for the
        // children still uncut. With more, every entry any look may need
        // is asked for at once (their misses overlap: 7% faster with
        // three partitions, 4% slower with one), then read partition by
        // partition, each only for the children the ones before left
        // uncut.
        let cut_above = bound.saturating_sub(g + 1);
        if P == 1 {
            for side in 0..k.parts[0].sides {
                for kid in kids[..n].iter_mut() {
                    if kid.h <= cut_above {
                        self.ask(0, side, kid, to);
                    }
                }
                for kid in kids[..n].iter_mut() {
                    if kid.h <= cut_above {
                        self.answer(0, side, kid);
                    }
                }
            }
        } else {
            for kid in kids[..n].iter_mut() {
                for i in 0..P {
                    for side in 0..k.parts[i].sides {
                        self.ask(i, side, kid, to);
                    }
                }
            }
            for i in 0..P {
                for kid in kids[..n].iter_mut() {
                    if kid.h <= cut_above {
                        for side in 0..k.parts[i].sides {
                            self.answer(i, side, kid);
                        }
                    }
                }
            }
        }
        // Down each child the bound does not cut.
        let back_below = if self.undo { to } else { NOWHERE };
        let mut result = Step::Exhausted;
        for kid in &kids[..n] {
            let f = g + 1 + kid.h;
            if f > bound {
                result = result.and(Step::Exceeded(f));
                continue;
            }
            let saved = self.slide(kid, to);
            let step = self.descend(g + 1, kid.h, kid.auto, back_below, bound, halt);
            match step {
                Step::Found => {
                    self.path.push(SlideMove { from: kid.from, to });
                    return Step::Found;
                }
                Step::Stopped => return Step::Stopped,
                _ => result = result.and(step),
            }
            self.unslide(kid, to, &saved);
        }
        result
    }

    /// Plays `kid`'s move (the tile on its cell into the empty cell `to`)
    /// on the board, its mirror image and every look; returns what each
    /// changed pattern was.
    #[inline]
    fn slide(&mut self, kid: &Kid<R::State, P>, to: u8) -> [[(u32, u32, u8); 2]; P] {
        let mut saved = [[(0, 0, 0); 2]; P];
        for (i, looks) in self.looks[..P].iter_mut().enumerate() {
            for side in 0..self.k.parts[i].sides {
                let (look, m) = (&mut looks[side], &kid.at[i][side]);
                let g = (m.group & 15) as usize;
                saved[i][side] = (look.index[g], look.mask[g], look.value[g]);
                look.sum = look.sum - u16::from(look.value[g]) + u16::from(m.value);
                look.index[g] = m.index;
                look.mask[g] = m.mask;
                look.value[g] = m.value;
            }
        }
        let (from, to) = (kid.from as usize, to as usize);
        self.board.cells[to] = self.board.cells[from];
        self.board.cells[from] = 0;
        self.board.blank = from as u8;
        if let Some((cell, _)) = &self.k.mirror {
            let (from, to) = (cell[from] as usize, cell[to] as usize);
            self.mirror.cells[to] = self.mirror.cells[from];
            self.mirror.cells[from] = 0;
            self.mirror.blank = from as u8;
        }
        saved
    }

    /// Takes `kid`'s move back, the changed patterns being `saved` before.
    #[inline]
    fn unslide(&mut self, kid: &Kid<R::State, P>, to: u8, saved: &[[(u32, u32, u8); 2]; P]) {
        for (i, looks) in self.looks[..P].iter_mut().enumerate() {
            for side in 0..self.k.parts[i].sides {
                let (look, m) = (&mut looks[side], &kid.at[i][side]);
                let g = (m.group & 15) as usize;
                let (index, mask, value) = saved[i][side];
                look.sum = look.sum - u16::from(look.value[g]) + u16::from(value);
                look.index[g] = index;
                look.mask[g] = mask;
                look.value[g] = value;
            }
        }
        let (from, to) = (kid.from as usize, to as usize);
        self.board.cells[from] = self.board.cells[to];
        self.board.cells[to] = 0;
        self.board.blank = to as u8;
        if let Some((cell, _)) = &self.k.mirror {
            let (from, to) = (cell[from] as usize, cell[to] as usize);
            self.mirror.cells[from] = self.mirror.cells[to];
            self.mirror.cells[to] = 0;
            self.mirror.blank = to as u8;
        }
    }
}
