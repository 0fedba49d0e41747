//! A [`Tws`] puzzle as a puzzle of the library ([`Perm`]): positions in
//! a fixed array of `N` bytes ([`Cells`], copied by value: the small
//! puzzles) or on the heap ([`Heap`]: any size), moves after the
//! canonical-sequence table, ranks, symmetries (positions mapped onto
//! conjugates), drawn as text and as a picture.

use super::*;
use std::hash::Hash;
use std::marker::PhantomData;

/// Where a position's bytes are kept: [`Cells`] of `N` bytes, or
/// [`Heap`] for a puzzle of any size.
pub trait Positions: Clone + Eq + Hash + fmt::Debug + Send + Sync {
    /// A position of `len` bytes, all 0.
    fn zeroed(len: usize) -> Self;
    /// Its bytes (at least the puzzle's).
    fn bytes(&self) -> &[u8];
    /// Its bytes, to write.
    fn bytes_mut(&mut self) -> &mut [u8];
    /// Bytes a position of `len` bytes holds on the heap.
    fn heap_bytes(len: usize) -> u64 {
        let _ = len;
        0
    }
}

/// [`Positions::bytes`] and [`Positions::bytes_mut`] of a type whose
/// one field holds the bytes.
macro_rules! bytes_of_field {
    () => {
        #[inline(always)]
        fn bytes(&self) -> &[u8] {
            &self.0
        }
        #[inline(always)]
        fn bytes_mut(&mut self) -> &mut [u8] {
            &mut self.0
        }
    };
}

impl<const N: usize> Positions for Cells<N> {
    #[inline(always)]
    fn zeroed(_: usize) -> Self {
        Cells([0u8; N])
    }
    bytes_of_field!();
}

/// A position on the heap, for a puzzle too large for [`Cells`] (a
/// 7x7x7's 218 pieces, a 40x40x40's 9,128).
///
/// ```
/// use tansaku_define::tws::{Heap, Positions};
/// let mut h = Heap::zeroed(3);
/// h.bytes_mut()[1] = 7;
/// assert_eq!(h.bytes(), [0, 7, 0]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Heap(pub Box<[u8]>);

impl Positions for Heap {
    fn zeroed(len: usize) -> Self {
        Heap(vec![0u8; len].into_boxed_slice())
    }
    /// The bytes and the allocator's own word or two.
    fn heap_bytes(len: usize) -> u64 {
        len as u64 + 16
    }
    bytes_of_field!();
}

/// A [`Tws`] puzzle with positions kept as `S`: `Perm<Cells<N>>` for
/// puzzles of at most `N / 2` pieces, `Perm<Heap>` for any.
///
/// ```
/// use tansaku_define::tws::{Heap, Perm};
/// use tansaku_define::{Cells, Definition, Src};
/// use tansaku_core::Puzzle;
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
/// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
/// let (small, heap) = (Perm::<Cells<16>>::new(&t), Perm::<Heap>::new(&t));
/// let s = t.scramble("R U").unwrap();
/// let mut a = Vec::new();
/// small.for_each_successor(&small.state(&s), |m, c| a.push((m, c.0[..14].to_vec())));
/// let mut b = Vec::new();
/// heap.for_each_successor(&heap.state(&s), |m, c| b.push((m, c.0.to_vec())));
/// assert_eq!(a, b);
/// ```
#[derive(Debug)]
pub struct Perm<'a, S>(pub &'a Tws, PhantomData<S>);

impl<S> Clone for Perm<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Perm<'_, S> {}

impl<'a, S: Positions> Perm<'a, S> {
    /// The puzzle `t`, its positions kept as `S`.
    pub fn new(t: &'a Tws) -> Self {
        Perm(t, PhantomData)
    }

    /// A position as stored.
    pub fn state(&self, bytes: &[u8]) -> S {
        let mut c = S::zeroed(self.0.bytes);
        c.bytes_mut()[..bytes.len()].copy_from_slice(bytes);
        c
    }
}

impl<S: Positions> Puzzle for Perm<'_, S> {
    type State = S;
    type Move = TwsMove;

    #[inline]
    fn for_each_successor(&self, s: &S, mut f: impl FnMut(TwsMove, S)) {
        for &i in &self.0.metric_moves {
            let a = &self.0.actions[i];
            let mut out = S::zeroed(self.0.bytes);
            self.0.play_at(i, s.bytes(), out.bytes_mut());
            // A move that only trades alike pieces stands still (twsearch #78);
            // one into a position an Illegal line forbids is not made.
            if !(self.0.reduced && out == *s) && self.0.legal(out.bytes()) {
                f(TwsMove::new(i, &a.name), out);
            }
        }
    }

    #[inline]
    fn for_each_successor_after(&self, s: &S, last: Option<TwsMove>, mut f: impl FnMut(TwsMove, S)) {
        let Some(last) = last else {
            return self.for_each_successor(s, f);
        };
        for &i in &self.0.next[usize::from(last.index)] {
            let a = &self.0.actions[usize::from(i)];
            let mut out = S::zeroed(self.0.bytes);
            self.0.play_at(usize::from(i), s.bytes(), out.bytes_mut());
            if !(self.0.reduced && out == *s) && self.0.legal(out.bytes()) {
                f(TwsMove::new(usize::from(i), &a.name), out);
            }
        }
    }

    fn apply(&self, s: &S, m: TwsMove) -> Option<S> {
        let i = m.index as usize;
        if !self.0.metric_moves.contains(&i) {
            return None;
        }
        let mut out = S::zeroed(self.0.bytes);
        self.0.play_at(i, s.bytes(), out.bytes_mut());
        self.0.legal(out.bytes()).then_some(out)
    }

    #[inline]
    fn is_goal(&self, s: &S) -> bool {
        self.0.goals.iter().any(|g| s.bytes()[..self.0.bytes] == g[..])
    }

    fn reversible(&self) -> bool {
        true
    }

    fn state_heap_bytes(&self) -> u64 {
        S::heap_bytes(self.0.bytes)
    }

    fn goal_states(&self) -> Option<Vec<S>> {
        Some(self.0.goals.iter().map(|g| self.state(g)).collect())
    }

    #[inline]
    fn length_parity(&self, s: &S) -> Option<bool> {
        self.0.length_parity(&s.bytes()[..self.0.bytes])
    }
}

impl<S: Positions> Ranked for Perm<'_, S> {
    fn state_count(&self) -> u64 {
        match &self.0.reach {
            Some(r) => r.count(),
            None => self.0.rank_space().unwrap_or(u64::MAX),
        }
    }

    #[inline]
    fn rank(&self, s: &S) -> u64 {
        match &self.0.reach {
            Some(r) => r.rank(s.bytes()),
            None => self.0.rank_of(s.bytes()),
        }
    }

    fn unrank(&self, r: u64) -> S {
        let mut c = S::zeroed(self.0.bytes);
        match &self.0.reach {
            Some(reach) => reach.unrank_into(r, c.bytes_mut()),
            None => self.0.unrank_into(r, c.bytes_mut()),
        }
        c
    }

    /// By the reachable ranks' move tables where they are built
    /// ([`super::Reach::successor_ranks`]), else on positions.
    #[inline]
    fn for_each_successor_rank(&self, r: u64, mut f: impl FnMut(u64)) {
        if let Some(reach) = &self.0.reach
            && reach.successor_ranks(self.0, r, &mut f)
        {
            return;
        }
        tansaku_core::puzzle::successor_ranks_by_states(self, r, f)
    }

    /// By the move tables, stopping at the first successor that holds.
    #[inline]
    fn any_successor_rank(&self, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        if let Some(reach) = &self.0.reach
            && let Some(hit) = reach.any_successor_rank(self.0, r, &mut f)
        {
            return hit;
        }
        let mut hit = false;
        tansaku_core::puzzle::successor_ranks_by_states(self, r, |q| {
            if !hit {
                hit = f(q);
            }
        });
        hit
    }

    /// The move tables' blocks ([`super::Reach::rank_blocks`]).
    fn rank_blocks(&self) -> Option<tansaku_core::puzzle::RankBlocks<'_>> {
        self.0.reach.as_ref()?.rank_blocks(self.0)
    }

    fn block_successors(&self, b: u64, first: &mut [u64]) {
        if let Some(reach) = &self.0.reach {
            reach.block_successors(self.0, b, first);
        }
    }

    fn successor_table_bytes(&self) -> u64 {
        self.0.reach.as_ref().map_or(0, |r| r.table_bytes(self.0))
    }
}

impl<S: Positions> tansaku_core::render::Board for Perm<'_, S> {
    type State = S;
    fn picture(&self, s: &S) -> Vec<String> {
        self.0.rows(s.bytes())
    }
    fn notation(&self, s: &S) -> String {
        self.0.rows(s.bytes()).join(" | ")
    }
}

impl<S: Positions> tansaku_core::picture::Picture for Perm<'_, S> {
    type State = S;
    fn grid(&self, s: &S) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let width = self.0.sets.iter().map(|x| x.count).max().unwrap_or(1);
        let mut cells = Vec::new();
        for set in &self.0.sets {
            for i in 0..width {
                cells.push(if i < set.count {
                    let ori = s.bytes()[set.offset + set.count + i];
                    let piece = s.bytes()[set.offset + i] + 1;
                    Glyph::Tile(if set.orientations > 1 {
                        format!("{piece}{}", "'".repeat(ori as usize))
                    } else {
                        piece.to_string()
                    })
                } else {
                    Glyph::Void
                });
            }
        }
        tansaku_core::picture::Grid {
            width,
            height: self.0.sets.len(),
            cells,
        }
    }
}

/// A group puzzle's symmetries map positions onto conjugates
/// ([`Tws::conjugate`]): `longest` counts its antipodes up to them.
impl<S: Positions> Symmetric for Perm<'_, S> {
    fn symmetry_count(&self) -> usize {
        self.0.position_symmetries().len()
    }
    fn apply_symmetry(&self, i: usize, s: &Self::State) -> Self::State {
        if i == 0 {
            return s.clone();
        }
        let mut out = s.clone();
        let n = self.0.bytes();
        self.0.conjugate(
            &self.0.position_symmetries()[i],
            &s.bytes()[..n],
            &mut out.bytes_mut()[..n],
        );
        out
    }
    fn fixes(&self, i: usize, s: &Self::State) -> bool {
        i == 0
            || self
                .0
                .fixes(&self.0.position_symmetries()[i], &s.bytes()[..self.0.bytes()])
    }
}
