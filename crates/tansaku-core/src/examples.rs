//! A small puzzle the documentation's examples run on, whose every answer
//! can be checked by hand: [`Swaps`], tokens `0..n` in a row sorted by
//! swapping neighbours.
//!
//! A position's distance to the goal is its number of inversions (pairs
//! out of order), so the longest position is the reversed row, alone, at
//! `n(n-1)/2` swaps, and the distance histogram is the row of Mahonian
//! numbers (for `n = 4`: 1, 3, 5, 6, 5, 3, 1). It implements every trait
//! of the core: [`Puzzle`], [`Ranked`] (the Lehmer code), [`Symmetric`]
//! (reversing the row and renaming token `t` as `n - 1 - t` keeps the
//! goal), with two lower bounds ([`Inversions`], exact, and [`Misplaced`],
//! weaker) and a move pruning ([`SwapOrder`]).
//!
//! ```
//! use tansaku_core::examples::Swaps;
//! use tansaku_core::search::retrograde::{retrograde, RetroOptions};
//! let (a, _) = retrograde(&Swaps::new(4), RetroOptions::default()).unwrap();
//! assert_eq!(a.histogram, vec![1, 3, 5, 6, 5, 3, 1]);
//! assert_eq!((a.longest, a.count), (6, 1));
//! ```

use crate::render::Board;
use crate::search::{LowerBound, MovePruning};
use crate::{Puzzle, Ranked, Symmetric};

/// Tokens `0..n` (at most 16) in a row; a move swaps the tokens of cells
/// `i` and `i + 1` (the move is `i`); the goal is `0 1 2 ... n-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swaps {
    n: usize,
}

/// A row of [`Swaps`]: token of cell `i` in bits `4i..4i+4`.
pub type Row = u64;

impl Swaps {
    /// The puzzle of `n` tokens (2 to 16).
    ///
    /// ```
    /// use tansaku_core::Ranked;
    /// assert_eq!(tansaku_core::examples::Swaps::new(5).state_count(), 120);
    /// ```
    pub fn new(n: usize) -> Self {
        assert!((2..=16).contains(&n), "2 to 16 tokens");
        Swaps { n }
    }

    /// The row of `tokens` (each of `0..n` once).
    ///
    /// ```
    /// use tansaku_core::examples::Swaps;
    /// let p = Swaps::new(3);
    /// assert_eq!(p.tokens(p.row(&[2, 0, 1])), vec![2, 0, 1]);
    /// ```
    pub fn row(&self, tokens: &[u8]) -> Row {
        assert_eq!(tokens.len(), self.n, "one token a cell");
        tokens
            .iter()
            .enumerate()
            .fold(0, |r, (i, &t)| r | (u64::from(t) << (4 * i)))
    }

    /// The tokens of `r`, cell by cell.
    pub fn tokens(&self, r: Row) -> Vec<u8> {
        (0..self.n).map(|i| self.at(r, i)).collect()
    }

    /// The solved row.
    pub fn goal(&self) -> Row {
        self.row(&(0..self.n as u8).collect::<Vec<_>>())
    }

    /// The row in reverse order: the one longest position.
    pub fn reversed(&self) -> Row {
        self.row(&(0..self.n as u8).rev().collect::<Vec<_>>())
    }

    /// Pairs of tokens out of order: the exact distance.
    ///
    /// ```
    /// use tansaku_core::examples::Swaps;
    /// let p = Swaps::new(4);
    /// assert_eq!(p.inversions(p.reversed()), 6);
    /// ```
    pub fn inversions(&self, r: Row) -> u32 {
        let t = self.tokens(r);
        let mut count = 0;
        for i in 0..t.len() {
            for j in i + 1..t.len() {
                count += u32::from(t[i] > t[j]);
            }
        }
        count
    }

    #[inline]
    fn at(&self, r: Row, i: usize) -> u8 {
        (r >> (4 * i) & 15) as u8
    }

    #[inline]
    fn swapped(&self, r: Row, i: usize) -> Row {
        let (a, b) = (r >> (4 * i) & 15, r >> (4 * (i + 1)) & 15);
        r & !(0xff << (4 * i)) | b << (4 * i) | a << (4 * (i + 1))
    }
}

impl Puzzle for Swaps {
    type State = Row;
    type Move = u8;

    fn for_each_successor(&self, s: &Row, mut f: impl FnMut(u8, Row)) {
        for i in 0..self.n - 1 {
            f(i as u8, self.swapped(*s, i));
        }
    }

    fn apply(&self, s: &Row, m: u8) -> Option<Row> {
        ((m as usize) < self.n - 1).then(|| self.swapped(*s, m as usize))
    }

    fn is_goal(&self, s: &Row) -> bool {
        *s == self.goal()
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<Row>> {
        Some(vec![self.goal()])
    }
}

impl Ranked for Swaps {
    fn state_count(&self) -> u64 {
        (1..=self.n as u64).product()
    }

    /// The Lehmer code: for each cell, the tokens after it that are
    /// smaller, as the digits of a factorial-base number.
    fn rank(&self, s: &Row) -> u64 {
        let t = self.tokens(*s);
        let mut r = 0;
        for i in 0..self.n {
            let smaller = t[i + 1..].iter().filter(|&&x| x < t[i]).count() as u64;
            r = r * (self.n - i) as u64 + smaller;
        }
        r
    }

    fn unrank(&self, mut r: u64) -> Row {
        let mut digits = vec![0usize; self.n];
        for i in (0..self.n).rev() {
            let base = (self.n - i) as u64;
            digits[i] = (r % base) as usize;
            r /= base;
        }
        let mut left: Vec<u8> = (0..self.n as u8).collect();
        let tokens: Vec<u8> = digits.iter().map(|&d| left.remove(d)).collect();
        self.row(&tokens)
    }
}

impl Symmetric for Swaps {
    fn symmetry_count(&self) -> usize {
        2
    }

    /// Symmetry 1 reverses the row and renames token `t` as `n - 1 - t`.
    fn apply_symmetry(&self, i: usize, s: &Row) -> Row {
        if i == 0 {
            return *s;
        }
        let last = self.n as u8 - 1;
        let t: Vec<u8> = self.tokens(*s).iter().rev().map(|&x| last - x).collect();
        self.row(&t)
    }
}

/// A row drawn as its tokens, `3 2 1 0`.
impl Board for Swaps {
    type State = Row;
    fn picture(&self, s: &Row) -> Vec<String> {
        vec![self.notation(s)]
    }
    fn notation(&self, s: &Row) -> String {
        let t: Vec<String> = self.tokens(*s).iter().map(u8::to_string).collect();
        t.join(" ")
    }
}

/// The exact distance (the inversions) as IDA*'s bound: IDA* then walks
/// straight to the goal.
#[derive(Clone, Copy, Debug)]
pub struct Inversions(pub Swaps);

impl LowerBound<Swaps> for Inversions {
    type Memo = ();
    fn estimate(&self, s: &Row) -> u32 {
        self.0.inversions(*s)
    }
}

/// A weaker bound: a swap puts at most two tokens in place, so half the
/// tokens out of place (rounded up).
#[derive(Clone, Copy, Debug)]
pub struct Misplaced(pub Swaps);

impl LowerBound<Swaps> for Misplaced {
    type Memo = ();
    fn estimate(&self, s: &Row) -> u32 {
        let out = (0..self.0.n).filter(|&i| self.0.at(*s, i) as usize != i).count();
        out.div_ceil(2) as u32
    }
}

/// A move pruning: swaps of cells far apart commute, so after swap `i` a
/// swap `j < i - 1` is dropped (every sequence has an equivalent that
/// makes them in increasing order); the state kept is the last swap.
///
/// ```
/// use tansaku_core::examples::{Misplaced, SwapOrder, Swaps};
/// use tansaku_core::search::{ida_star_pruned, ida_star_with, IdaOptions};
/// let p = Swaps::new(5);
/// let plain = ida_star_with(&p, &p.reversed(), &Misplaced(p), IdaOptions::default()).unwrap();
/// let pruned = ida_star_pruned(&p, &p.reversed(), &Misplaced(p), &SwapOrder, IdaOptions::default()).unwrap();
/// assert_eq!((plain.len(), pruned.len()), (10, 10));
/// assert!(pruned.stats.generated < plain.stats.generated);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SwapOrder;

impl MovePruning<Swaps> for SwapOrder {
    /// The last swap, if any.
    type State = Option<u8>;

    fn start(&self, _: &Row) -> Option<u8> {
        None
    }

    fn next(&self, last: Option<u8>, _: &Row, m: u8) -> Option<Option<u8>> {
        match last {
            Some(l) if m + 1 < l => None,
            _ => Some(Some(m)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_perfect_hash() {
        let p = Swaps::new(5);
        for r in 0..p.state_count() {
            assert_eq!(p.rank(&p.unrank(r)), r);
        }
        assert_eq!(p.rank(&p.goal()), 0);
    }

    #[test]
    fn the_symmetry_keeps_the_goal_and_the_moves() {
        let p = Swaps::new(5);
        assert_eq!(p.apply_symmetry(1, &p.goal()), p.goal());
        let s = p.unrank(77);
        assert_eq!(p.inversions(p.apply_symmetry(1, &s)), p.inversions(s));
    }
}
