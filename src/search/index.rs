//! Where the graph searches (BFS, bidirectional BFS) look up the states they
//! have already stored.
//!
//! A search keeps its states in an arena (a `Vec`) and needs, for every
//! successor it generates, "is this state stored, and where?". Two answers:
//!
//! * [`HashIndex`]: a hash map from state to arena slot. Works for every
//!   [`Puzzle`]; costs a hash of the whole state and a probe per lookup.
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
use rustc_hash::FxHashMap;

/// A map from the states a search stored to their arena slots.
pub trait StateIndex<P: Puzzle>: Sized {
    /// What the index looks a state up by (the state, or its rank).
    type Key;
    /// An empty index for searches of `p`; `tables` indexes will be alive at
    /// once (one per search direction). Fails when it would not fit.
    fn for_puzzle(p: &P, tables: u64) -> Result<Self, SearchError>;
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
    fn contains(&self, k: &Self::Key) -> bool;
    /// Stores `slot` for `k` unless `k` is stored already; true if it was
    /// not. One lookup, and for [`RankIndex`] no branch.
    fn insert_new(&mut self, k: &Self::Key, slot: u32) -> bool;
    /// The slot stored for `k` (which is stored), when the index keeps
    /// slots; `None` when the caller must look for the state itself.
    fn slot(&self, k: &Self::Key) -> Option<u32>;
    /// Bytes the index adds per stored state (for the memory guard).
    fn bytes_per_state() -> u64;
    /// How many states a search of `p` may reserve room for up front.
    fn capacity_hint(_: &P) -> usize {
        0
    }
}

/// A hash map from state to slot: works for any puzzle.
pub struct HashIndex<S>(FxHashMap<S, u32>);

impl<P: Puzzle> StateIndex<P> for HashIndex<P::State> {
    type Key = P::State;
    type Memo = ();

    fn for_puzzle(_: &P, _: u64) -> Result<Self, SearchError> {
        Ok(HashIndex(FxHashMap::default()))
    }
    #[inline]
    fn key(_: &P, s: &P::State) -> P::State {
        s.clone()
    }
    #[inline]
    fn memo(_: &P::State) {}
    #[inline]
    fn key_after(_: &P, _: &P::State, _: (), _: P::Move, t: &P::State) -> P::State {
        t.clone()
    }
    #[inline]
    fn contains(&self, k: &P::State) -> bool {
        self.0.contains_key(k)
    }
    #[inline]
    fn insert_new(&mut self, k: &P::State, slot: u32) -> bool {
        match self.0.entry(k.clone()) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(slot);
                true
            }
        }
    }
    fn slot(&self, k: &P::State) -> Option<u32> {
        self.0.get(k).copied()
    }
    fn bytes_per_state() -> u64 {
        // Key, slot and control byte, at a load factor of about 1/2.
        2 * (hash_entry_bytes::<P::State>() + 1)
    }
}

fn hash_entry_bytes<S>() -> u64 {
    (std::mem::size_of::<S>() + 4).next_multiple_of(std::mem::align_of::<S>().max(4)) as u64
}

/// One bit per rank: set when the state of that rank is stored.
pub struct RankIndex(Vec<u64>);

/// Largest rank space for which [`RankIndex`] is worth its table when a
/// search may touch only a few states: 2^32 ranks, 512 MiB.
pub const RANK_INDEX_LIMIT: u64 = 1 << 32;

impl<P: Ranked> StateIndex<P> for RankIndex {
    type Key = u64;
    type Memo = u64;

    fn for_puzzle(p: &P, tables: u64) -> Result<Self, SearchError> {
        let n = p.state_count();
        let words = n.div_ceil(64);
        let bytes = words.saturating_mul(8).saturating_mul(tables);
        let fits = crate::memory::available_bytes().is_none_or(|a| bytes <= a / 4 * 3);
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
    fn contains(&self, &k: &u64) -> bool {
        self.0[(k / 64) as usize] >> (k % 64) & 1 != 0
    }
    /// Without a branch: whether a state is new is a coin toss for the
    /// branch predictor.
    #[inline]
    fn insert_new(&mut self, &k: &u64, _: u32) -> bool {
        let w = &mut self.0[(k / 64) as usize];
        let new = *w >> (k % 64) & 1 == 0;
        *w |= 1 << (k % 64);
        new
    }
    fn slot(&self, _: &u64) -> Option<u32> {
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
/// use tansaku::puzzles::sliding::{parse_board, Sliding};
/// use tansaku::search::index::prefers_rank_index;
///
/// let (eight, _) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
/// assert!(prefers_rank_index(&eight)); // 9! ranks
/// let board = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))).unwrap();
/// let (fifteen, _) = Sliding::new(&board, None).unwrap();
/// assert!(!prefers_rank_index(&fifteen)); // 16! ranks, more than 2^32
/// ```
pub fn prefers_rank_index<P: Ranked>(p: &P) -> bool {
    p.state_count() <= RANK_INDEX_LIMIT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::flip::FlipIt;

    #[test]
    fn both_indexes_store_and_find() {
        type H = HashIndex<<FlipIt as Puzzle>::State>;
        let p = FlipIt::row(5, false);
        let s = p.parse_board("BB_BB").unwrap();
        let mut h = <H as StateIndex<FlipIt>>::for_puzzle(&p, 1).unwrap();
        let kh = <H as StateIndex<FlipIt>>::key(&p, &s);
        assert!(!StateIndex::<FlipIt>::contains(&h, &kh));
        assert!(StateIndex::<FlipIt>::insert_new(&mut h, &kh, 1));
        assert!(!StateIndex::<FlipIt>::insert_new(&mut h, &kh, 2));
        assert!(StateIndex::<FlipIt>::contains(&h, &kh));
        assert_eq!(StateIndex::<FlipIt>::slot(&h, &kh), Some(1));
        let mut r = <RankIndex as StateIndex<FlipIt>>::for_puzzle(&p, 1).unwrap();
        let kr = <RankIndex as StateIndex<FlipIt>>::key(&p, &s);
        assert!(!StateIndex::<FlipIt>::contains(&r, &kr));
        assert!(StateIndex::<FlipIt>::insert_new(&mut r, &kr, 1));
        assert!(!StateIndex::<FlipIt>::insert_new(&mut r, &kr, 2));
        assert!(StateIndex::<FlipIt>::contains(&r, &kr));
        assert_eq!(StateIndex::<FlipIt>::slot(&r, &kr), None);
    }
}
