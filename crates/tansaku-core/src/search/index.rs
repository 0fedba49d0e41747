//! Where the graph searches (BFS, bidirectional BFS) look up the states they
//! have already stored.
//!
//! A search keeps its states in an arena (a `Vec`) and needs, for every
//! successor it generates, "is this state stored, and where?". Two answers:
//!
//! * [`HashIndex`]: an open-addressing table of arena slots, 8 bytes a
//!   bucket (a 32-bit fingerprint of the state's hash and the slot), keys
//!   compared against the arena. Works for every [`Puzzle`]. The hash is
//!   foldhash's quality variant, whose every bit depends on every input
//!   bit, so the table stays as fast at 2^30 buckets as at 2^10 (FxHash,
//!   used before, fills only the low bits well: past 2^26 buckets a
//!   15-puzzle search slowed from 4M to 20k new states a second). It grows
//!   by rehashing the arena in slot order, a sequential read.
//! * [`RankIndex`]: for [`Ranked`] puzzles, one bit per rank of the
//!   state's perfect hash, set when the state is stored. No hashing, no
//!   collisions, and the table is small enough to stay in cache (the
//!   8-puzzle: 9! bits, 45 KB). It does not remember where a state is
//!   stored; the one slot a search asks for (where its two halves meet) is
//!   found by scanning the stored states. The table is allocated zeroed, so the
//!   pages a small search never touches cost nothing.
//!
//! Both give the same answers, so a search generates exactly the same
//! states, in the same order, with either. The searches keep their states
//! and the index together in a store (`search/store.rs`), which also keeps
//! each state's parent.

use super::SearchError;
use crate::{Puzzle, Ranked};

/// A map from the states a search stored to their arena slots. The
/// lookups get `stored(i)`, the state in arena slot `i`, to compare keys
/// with.
pub trait StateIndex<P: Puzzle>: Sized {
    /// What the index looks a state up by (the state, or its rank).
    type Key;
    /// An empty index for searches of `p`; `tables` indexes will be alive at
    /// once (one per search direction). Fails when it would not fit.
    fn for_puzzle(p: &P, tables: u64, budget: Option<u64>) -> Result<Self, SearchError>;
    /// What a search keeps beside each stored state to find its
    /// successors' keys faster (nothing, or the state's rank).
    type Memo: Copy;
    /// The key of `s`.
    fn key(p: &P, s: &P::State) -> Self::Key;
    /// The memo of the state of key `k`.
    fn memo(k: &Self::Key) -> Self::Memo;
    /// The key of `t`, reached from `s` (of memo `memo`) by `m`.
    fn key_after(p: &P, s: &P::State, memo: Self::Memo, m: P::Move, t: &P::State) -> Self::Key;
    /// True when the state of key `k` is stored.
    fn contains<'s>(&self, k: &Self::Key, stored: impl Fn(u32) -> &'s P::State) -> bool
    where
        P::State: 's;
    /// Stores `slot` for `k` unless `k` is stored already; true if it was
    /// not. One lookup, and for [`RankIndex`] no branch.
    fn insert_new<'s>(&mut self, k: &Self::Key, slot: u32, stored: impl Fn(u32) -> &'s P::State) -> bool
    where
        P::State: 's;
    /// The slot stored for `k` (which is stored), when the index keeps
    /// slots; `None` when the caller must look for the state itself.
    fn slot<'s>(&self, k: &Self::Key, stored: impl Fn(u32) -> &'s P::State) -> Option<u32>
    where
        P::State: 's;
    /// Bytes the index adds per stored state (for the memory guard).
    fn bytes_per_state() -> u64;
    /// How many states a search of `p` may reserve room for up front.
    fn capacity_hint(_: &P) -> usize {
        0
    }
}

/// A state and its hash, computed once.
pub struct Hashed<S> {
    hash: u64,
    state: S,
}

/// An open-addressing hash table of arena slots: works for any puzzle.
pub struct HashIndex<S> {
    /// `0`: empty; else the hash's low 32 bits, then `slot + 1`.
    buckets: Vec<u64>,
    /// Stored slots (`0..len`).
    len: usize,
    /// `64 - log2(buckets)`: a hash's top bits pick its first bucket.
    shift: u32,
    _state: std::marker::PhantomData<S>,
}

/// Buckets of a new table.
const FIRST_BUCKETS: usize = 1 << 10;

impl<S: std::hash::Hash + Eq> HashIndex<S> {
    fn with_buckets(n: usize) -> Self {
        let buckets = vec![0; n];
        crate::memory::advise_huge_pages(&buckets);
        HashIndex {
            buckets,
            len: 0,
            shift: 64 - n.trailing_zeros(),
            _state: std::marker::PhantomData,
        }
    }

    #[inline]
    fn hash(s: &S) -> u64 {
        use std::hash::BuildHasher;
        foldhash::quality::FixedState::default().hash_one(s)
    }

    /// The bucket holding `k`, or the empty bucket where it would go.
    #[inline]
    fn probe<'s>(&self, k: &Hashed<S>, stored: &impl Fn(u32) -> &'s S) -> (usize, bool)
    where
        S: 's,
    {
        let mask = self.buckets.len() - 1;
        let fingerprint = k.hash as u32 as u64;
        let mut i = (k.hash >> self.shift) as usize;
        loop {
            let b = self.buckets[i];
            if b == 0 {
                return (i, false);
            }
            if b >> 32 == fingerprint && *stored(b as u32 - 1) == k.state {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, reinserting the stored states in slot order.
    fn grow<'s>(&mut self, stored: &impl Fn(u32) -> &'s S)
    where
        S: 's,
    {
        let mut bigger = Self::with_buckets(2 * self.buckets.len());
        let mask = bigger.buckets.len() - 1;
        for slot in 0..self.len as u32 {
            let h = Self::hash(stored(slot));
            let mut i = (h >> bigger.shift) as usize;
            while bigger.buckets[i] != 0 {
                i = (i + 1) & mask;
            }
            bigger.buckets[i] = (h as u32 as u64) << 32 | (slot as u64 + 1);
        }
        bigger.len = self.len;
        *self = bigger;
    }
}

impl<P: Puzzle> StateIndex<P> for HashIndex<P::State> {
    type Key = Hashed<P::State>;
    type Memo = ();

    fn for_puzzle(_: &P, _: u64, _: Option<u64>) -> Result<Self, SearchError> {
        Ok(Self::with_buckets(FIRST_BUCKETS))
    }
    #[inline]
    fn key(_: &P, s: &P::State) -> Hashed<P::State> {
        Hashed {
            hash: Self::hash(s),
            state: s.clone(),
        }
    }
    #[inline]
    fn memo(_: &Hashed<P::State>) {}
    #[inline]
    fn key_after(p: &P, _: &P::State, _: (), _: P::Move, t: &P::State) -> Hashed<P::State> {
        <Self as StateIndex<P>>::key(p, t)
    }
    #[inline]
    fn contains<'s>(&self, k: &Hashed<P::State>, stored: impl Fn(u32) -> &'s P::State) -> bool
    where
        P::State: 's,
    {
        self.probe(k, &stored).1
    }
    #[inline]
    fn insert_new<'s>(&mut self, k: &Hashed<P::State>, slot: u32, stored: impl Fn(u32) -> &'s P::State) -> bool
    where
        P::State: 's,
    {
        // At most 3/4 full: linear probing stays short.
        if 4 * (self.len + 1) > 3 * self.buckets.len() {
            self.grow(&stored);
        }
        let (i, found) = self.probe(k, &stored);
        if !found {
            self.buckets[i] = (k.hash as u32 as u64) << 32 | (slot as u64 + 1);
            self.len += 1;
        }
        !found
    }
    fn slot<'s>(&self, k: &Hashed<P::State>, stored: impl Fn(u32) -> &'s P::State) -> Option<u32>
    where
        P::State: 's,
    {
        let (i, found) = self.probe(k, &stored);
        found.then(|| self.buckets[i] as u32 - 1)
    }
    fn bytes_per_state() -> u64 {
        // 8-byte buckets, 3/8 to 3/4 full, and the old table beside the new
        // one while growing.
        24
    }
}

/// One bit per rank: set when the state of that rank is stored.
pub struct RankIndex(Vec<u64>);

/// Largest rank space for which [`RankIndex`] is worth its table when a
/// search may touch only a few states: 2^32 ranks, 512 MiB.
pub const RANK_INDEX_LIMIT: u64 = 1 << 32;

impl<P: Ranked> StateIndex<P> for RankIndex {
    type Key = u64;
    type Memo = u64;

    fn for_puzzle(p: &P, tables: u64, budget: Option<u64>) -> Result<Self, SearchError> {
        let n = p.state_count();
        let words = n.div_ceil(64);
        let bytes = words.saturating_mul(8).saturating_mul(tables);
        let fits = budget.is_none_or(|b| bytes <= b);
        if words > usize::MAX as u64 / 8 || !fits {
            return Err(SearchError::Unsupported(format!(
                "a rank-indexed search needs {} for its tables ({n} ranks); \
                 use the hash-indexed search instead",
                crate::memory::human(bytes)
            )));
        }
        // `vec![0; n]` asks the allocator for zeroed memory: untouched pages
        // are never written.
        Ok(RankIndex(vec![0u64; words as usize]))
    }
    #[inline]
    fn key(p: &P, s: &P::State) -> u64 {
        p.rank(s)
    }
    #[inline]
    fn memo(&k: &u64) -> u64 {
        k
    }
    #[inline]
    fn key_after(p: &P, s: &P::State, rank_s: u64, m: P::Move, t: &P::State) -> u64 {
        p.rank_after(s, rank_s, m, t)
    }
    #[inline]
    fn contains<'s>(&self, &k: &u64, _: impl Fn(u32) -> &'s P::State) -> bool
    where
        P::State: 's,
    {
        self.0[(k / 64) as usize] >> (k % 64) & 1 != 0
    }
    /// Without a branch: whether a state is new is a coin toss for the
    /// branch predictor.
    #[inline]
    fn insert_new<'s>(&mut self, &k: &u64, _: u32, _: impl Fn(u32) -> &'s P::State) -> bool
    where
        P::State: 's,
    {
        let w = &mut self.0[(k / 64) as usize];
        let new = *w >> (k % 64) & 1 == 0;
        *w |= 1 << (k % 64);
        new
    }
    fn slot<'s>(&self, _: &u64, _: impl Fn(u32) -> &'s P::State) -> Option<u32>
    where
        P::State: 's,
    {
        None
    }
    fn bytes_per_state() -> u64 {
        0
    }
    /// The whole rank space, up to 2^20 states: growing the arena by
    /// doubling would copy it and fault its pages in twice.
    fn capacity_hint(p: &P) -> usize {
        p.state_count().min(1 << 20) as usize
    }
}

/// True when `p`'s rank space is small enough for [`RankIndex`] to be the
/// better index (at most [`RANK_INDEX_LIMIT`] ranks).
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::index::prefers_rank_index;
///
/// assert!(prefers_rank_index(&Swaps::new(9))); // 9! ranks
/// assert!(!prefers_rank_index(&Swaps::new(16))); // 16! ranks, more than 2^32
/// ```
pub fn prefers_rank_index<P: Ranked>(p: &P) -> bool {
    p.state_count() <= RANK_INDEX_LIMIT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::Swaps;

    #[test]
    fn both_indexes_store_and_find() {
        type FlipIt = Swaps;
        type H = HashIndex<<FlipIt as Puzzle>::State>;
        let p = Swaps::new(5);
        let s = p.reversed();
        let arena = [s, s];
        let at = |i: u32| &arena[i as usize];
        let mut h = <H as StateIndex<FlipIt>>::for_puzzle(&p, 1, None).unwrap();
        let kh = <H as StateIndex<FlipIt>>::key(&p, &s);
        assert!(!StateIndex::<FlipIt>::contains(&h, &kh, at));
        assert!(StateIndex::<FlipIt>::insert_new(&mut h, &kh, 1, at));
        assert!(!StateIndex::<FlipIt>::insert_new(&mut h, &kh, 0, at));
        assert!(StateIndex::<FlipIt>::contains(&h, &kh, at));
        assert_eq!(StateIndex::<FlipIt>::slot(&h, &kh, at), Some(1));
        let mut r = <RankIndex as StateIndex<FlipIt>>::for_puzzle(&p, 1, None).unwrap();
        let kr = <RankIndex as StateIndex<FlipIt>>::key(&p, &s);
        assert!(!StateIndex::<FlipIt>::contains(&r, &kr, at));
        assert!(StateIndex::<FlipIt>::insert_new(&mut r, &kr, 1, at));
        assert!(!StateIndex::<FlipIt>::insert_new(&mut r, &kr, 2, at));
        assert!(StateIndex::<FlipIt>::contains(&r, &kr, at));
        assert_eq!(StateIndex::<FlipIt>::slot(&r, &kr, at), None);
    }

    #[test]
    fn the_hash_index_grows_and_keeps_every_state() {
        type H = HashIndex<u64>;
        struct Numbers;
        impl Puzzle for Numbers {
            type State = u64;
            type Move = u8;
            fn for_each_successor(&self, _: &u64, _: impl FnMut(u8, u64)) {}
            fn apply(&self, _: &u64, _: u8) -> Option<u64> {
                None
            }
            fn is_goal(&self, _: &u64) -> bool {
                false
            }
            fn reversible(&self) -> bool {
                true
            }
        }
        // Keys alike in their low bits (as packed boards are).
        let arena: Vec<u64> = (0..100_000u64).map(|i| i << 40 | 0xABCD).collect();
        let at = |i: u32| &arena[i as usize];
        let mut h = <H as StateIndex<Numbers>>::for_puzzle(&Numbers, 1, None).unwrap();
        for (slot, s) in arena.iter().enumerate() {
            let k = <H as StateIndex<Numbers>>::key(&Numbers, s);
            assert!(StateIndex::<Numbers>::insert_new(&mut h, &k, slot as u32, at));
        }
        assert!(h.buckets.len() >= arena.len() * 4 / 3);
        for (slot, s) in arena.iter().enumerate() {
            let k = <H as StateIndex<Numbers>>::key(&Numbers, s);
            assert_eq!(StateIndex::<Numbers>::slot(&h, &k, at), Some(slot as u32));
            assert!(!StateIndex::<Numbers>::insert_new(&mut h, &k, 0, at));
        }
        let absent = <H as StateIndex<Numbers>>::key(&Numbers, &7);
        assert!(!StateIndex::<Numbers>::contains(&h, &absent, at));
    }
}
