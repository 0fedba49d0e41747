//! Searching a symmetric start once per class of symmetric moves.
//!
//! A symmetry `σ` of a puzzle maps positions onto positions and moves onto
//! moves with distances kept: `σ(s)` is as far from the goal as `s`, and a
//! solution `m₁ m₂ …` of `s` maps move by move onto the solution
//! `σ(m₁) σ(m₂) …` of `σ(s)`. When `σ` fixes the start (`σ(s) = s`, the
//! superflip under all 48 of the cube's symmetries), the moves `m` and
//! `σ(m)` from it lead to positions equally far from the goal, and a tree
//! search needs only one of them. Deeper, a symmetry that fixes the start
//! and every move made since fixes the node too.
//!
//! [`StartSymmetry`] is that rule as a [`MovePruning`]: each node keeps the
//! symmetries that fix the start and its path (a bit each), and a move is
//! searched only when none of them takes it to a move earlier in a fixed
//! order. Order the moves as the puzzle's own pruning does (a canonical
//! order of commuting moves) and the two rules together keep the first
//! shortest solution in that order, so IDA* stays exact: were its move
//! `k + 1` not the earliest of its class under the symmetries fixing the
//! first `k`, the image of the rest of it would be an earlier shortest
//! solution. Once no symmetry fixes the path (at once, for a start without
//! symmetry), the rule costs a test of one word.

use super::ida::MovePruning;
use crate::Puzzle;

/// Move pruning for a start fixed by some symmetries: see the module
/// documentation.
///
/// ```
/// use tansaku_core::search::symmetric::StartSymmetry;
/// // Four moves 0..3 and one symmetry that swaps 0 with 1 and 2 with 3.
/// let r = StartSymmetry::new(vec![vec![1, 0, 3, 2]], vec![0, 1, 2, 3], |m: usize| m);
/// assert_eq!(r.fixed(), 1);
/// assert!(r.allows(r.all(), 0) && !r.allows(r.all(), 1));
/// assert!(r.allows(r.all(), 2) && !r.allows(r.all(), 3));
/// // Past move 0 the symmetry no longer fixes the path: every move goes.
/// assert!(r.allows(r.after(r.all(), 0), 3));
/// ```
#[derive(Clone, Debug)]
pub struct StartSymmetry<F> {
    /// `image[k][m]`: the move the `k`-th symmetry takes move `m` to.
    image: Vec<Vec<u16>>,
    /// `fixes[m]`: the symmetries (bits) that take `m` to itself.
    fixes: Vec<u64>,
    /// The order among moves: a move is searched only when no symmetry
    /// fixing its path takes it to one of smaller key.
    key: Vec<u32>,
    /// A move's index into the tables.
    index: F,
}

impl<F> StartSymmetry<F> {
    /// The rule for the symmetries `image` (at most 64, the identity left
    /// out) that fix the start, each given by where it takes every move
    /// (indices `0..n`), with moves ordered by `key` and `index` numbering
    /// a move.
    ///
    /// # Panics
    /// When there are more than 64 symmetries or a table has another
    /// length than `key`: the caller's tables are wrong.
    pub fn new(image: Vec<Vec<u16>>, key: Vec<u32>, index: F) -> Self {
        assert!(image.len() <= 64, "at most 64 symmetries");
        assert!(image.iter().all(|m| m.len() == key.len()), "a move table per symmetry");
        let fixes = (0..key.len())
            .map(|m| {
                image
                    .iter()
                    .enumerate()
                    .filter(|(_, to)| usize::from(to[m]) == m)
                    .fold(0u64, |bits, (k, _)| bits | 1 << k)
            })
            .collect();
        StartSymmetry {
            image,
            fixes,
            key,
            index,
        }
    }

    /// How many symmetries fix the start (the identity not counted).
    pub fn fixed(&self) -> usize {
        self.image.len()
    }

    /// Every symmetry: the state at the start.
    pub fn all(&self) -> u64 {
        if self.image.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.image.len()) - 1
        }
    }

    /// Whether move `m` is searched from a node fixed by the symmetries
    /// `fixing`: none of them takes it to a move of smaller key.
    #[inline]
    pub fn allows(&self, mut fixing: u64, m: usize) -> bool {
        while fixing != 0 {
            let k = fixing.trailing_zeros() as usize;
            fixing &= fixing - 1;
            if self.key[usize::from(self.image[k][m])] < self.key[m] {
                return false;
            }
        }
        true
    }

    /// The symmetries still fixing the path after move `m`.
    #[inline]
    pub fn after(&self, fixing: u64, m: usize) -> u64 {
        fixing & self.fixes[m]
    }
}

impl<P: Puzzle, F: Fn(P::Move) -> usize + Sync> MovePruning<P> for StartSymmetry<F> {
    type State = u64;

    fn start(&self, _: &P::State) -> u64 {
        self.all()
    }

    #[inline]
    fn next(&self, fixing: u64, _: &P::State, m: P::Move) -> Option<u64> {
        if fixing == 0 {
            return Some(0);
        }
        let i = (self.index)(m);
        self.allows(fixing, i).then(|| self.after(fixing, i))
    }
}
