//! The successors of ranks taken in increasing order, as a level of a
//! dense analysis takes them: where the puzzle's ranks come in
//! [`RankBlocks`], a block's share of its ranks' successors is worked out
//! once, when the walk enters it, and each rank's successors are then a
//! read of the offsets' table and an add a move. Elsewhere each rank asks
//! the puzzle ([`Ranked::for_each_successor_rank`]).
//!
//! The MoonSpinner's ranks are blocks of its 207,900 small-triangle
//! states: a level of 47 billion ranks reads the other orbits' tables
//! 226,800 times rather than once a rank, and its neighbours' slots stand
//! in five blocks of 52 kB while a block is walked.

use crate::Ranked;
use crate::puzzle::RankBlocks;

/// A walk over ranks in increasing order (any order is correct; an
/// increasing one enters each block once).
pub(crate) struct Walk<'a, P: Ranked> {
    p: &'a P,
    blocks: Option<RankBlocks<'a>>,
    /// The first rank of the block whose share `first` holds, if any.
    start: Option<u64>,
    first: Vec<u64>,
}

impl<'a, P: Ranked> Walk<'a, P> {
    /// A walk over `p`'s ranks.
    pub(crate) fn new(p: &'a P) -> Self {
        let blocks = p.rank_blocks().filter(|b| b.len > 0 && b.moves > 0);
        Walk {
            p,
            first: vec![0; blocks.map_or(0, |b| b.moves)],
            blocks,
            start: None,
        }
    }

    /// The index in `b.next` of rank `r`'s row, entering its block first
    /// if the walk is elsewhere.
    #[inline]
    fn row(&mut self, b: &RankBlocks<'_>, r: u64) -> usize {
        let offset = match self.start {
            Some(s) if r >= s && r - s < b.len => r - s,
            _ => {
                let block = r / b.len;
                self.p.block_successors(block, &mut self.first);
                self.start = Some(block * b.len);
                r % b.len
            }
        };
        offset as usize * b.moves
    }

    /// Calls `f` with the rank of every successor of rank `r`.
    #[inline]
    pub(crate) fn each(&mut self, r: u64, mut f: impl FnMut(u64)) {
        match self.blocks {
            None => self.p.for_each_successor_rank(r, f),
            Some(b) => {
                let at = self.row(&b, r);
                for (&first, &x) in self.first.iter().zip(&b.next[at..at + b.moves]) {
                    f(first + u64::from(x));
                }
            }
        }
    }

    /// Whether `f` holds for some successor of rank `r`, stopping at the
    /// first.
    #[inline]
    pub(crate) fn any(&mut self, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        match self.blocks {
            None => self.p.any_successor_rank(r, f),
            Some(b) => {
                let at = self.row(&b, r);
                self.first
                    .iter()
                    .zip(&b.next[at..at + b.moves])
                    .any(|(&first, &x)| f(first + u64::from(x)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    /// Two dials, of 5 and 7 positions, ranked `a * 7 + b`: a move turns
    /// both (by +1 and +1, or by -1 and +3). A block is a position of the
    /// first dial, its seven ranks the second dial's positions.
    struct Dials {
        next: Vec<u32>,
    }

    impl Dials {
        fn new() -> Self {
            let next = (0..7u32).flat_map(|b| [(b + 1) % 7, (b + 3) % 7]).collect();
            Dials { next }
        }
    }

    impl Puzzle for Dials {
        type State = (u64, u64);
        type Move = u8;
        fn for_each_successor(&self, s: &(u64, u64), mut f: impl FnMut(u8, (u64, u64))) {
            for m in 0..2 {
                f(m, self.apply(s, m).expect("two moves"));
            }
        }
        fn apply(&self, s: &(u64, u64), m: u8) -> Option<(u64, u64)> {
            match m {
                0 => Some(((s.0 + 1) % 5, (s.1 + 1) % 7)),
                1 => Some(((s.0 + 4) % 5, (s.1 + 3) % 7)),
                _ => None,
            }
        }
        fn is_goal(&self, s: &(u64, u64)) -> bool {
            *s == (0, 0)
        }
        fn reversible(&self) -> bool {
            false
        }
    }

    impl Ranked for Dials {
        fn state_count(&self) -> u64 {
            35
        }
        fn rank(&self, s: &(u64, u64)) -> u64 {
            s.0 * 7 + s.1
        }
        fn unrank(&self, r: u64) -> (u64, u64) {
            (r / 7, r % 7)
        }
        fn rank_blocks(&self) -> Option<RankBlocks<'_>> {
            Some(RankBlocks {
                len: 7,
                moves: 2,
                next: &self.next,
            })
        }
        fn block_successors(&self, b: u64, first: &mut [u64]) {
            first[0] = (b + 1) % 5 * 7;
            first[1] = (b + 4) % 5 * 7;
        }
    }

    /// Walked in increasing order, backwards and at random, a walk gives
    /// every rank the successors its states give, in the same order.
    #[test]
    fn walks_give_the_successors_states_give() {
        let p = Dials::new();
        let by_states = |r: u64| {
            let mut v = Vec::new();
            crate::puzzle::successor_ranks_by_states(&p, r, |x| v.push(x));
            v
        };
        let orders: [Vec<u64>; 3] = [
            (0..35).collect(),
            (0..35).rev().collect(),
            (0..35).map(|i| i * 13 % 35).collect(),
        ];
        for order in orders {
            let mut walk = Walk::new(&p);
            for &r in &order {
                let mut v = Vec::new();
                walk.each(r, |x| v.push(x));
                assert_eq!(v, by_states(r), "rank {r}");
                let want = by_states(r)[1];
                let mut tried = 0;
                assert!(walk.any(r, |x| {
                    tried += 1;
                    x == want
                }));
                assert_eq!(tried, 2);
            }
        }
    }
}
