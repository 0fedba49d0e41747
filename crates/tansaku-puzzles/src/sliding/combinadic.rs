//! Ranking placements of labelled tiles without hashing (the combinatorial
//! number system), for the dense tables of sliding puzzles.
//!
//! A placement gives, for each label in a list, the set of cells holding
//! it (a bit mask). For the labels in order, the label's cells are
//! renumbered among the cells no earlier label took, and that subset is
//! ranked colexicographically: `sum_j C(i_j, j)` for its renumbered cells
//! `i_1 < i_2 < ...`. The ranks combine in mixed radix, the first label
//! most significant. With every tile label listed (the empty cell is then
//! what is left) this is a bijection between the boards of a multiset
//! and `0..n!/prod(count!)`; with a few labels it ranks a pattern.

use super::MAX_CELLS;

/// Binomial table and board size.
#[derive(Clone, Debug)]
pub(crate) struct Combinadic {
    /// `binom[m][k]` = m choose k.
    binom: Box<[[u64; MAX_CELLS + 1]; MAX_CELLS + 1]>,
    cells: usize,
}

impl Combinadic {
    pub(crate) fn new(cells: usize) -> Self {
        let mut binom = Box::new([[0u64; MAX_CELLS + 1]; MAX_CELLS + 1]);
        for m in 0..=MAX_CELLS {
            binom[m][0] = 1;
            for k in 1..=m {
                binom[m][k] = binom[m - 1][k - 1] + binom[m - 1][k];
            }
        }
        Combinadic { binom, cells }
    }

    /// Number of placements of `labels` (label, count): saturates at
    /// `u64::MAX`.
    pub(crate) fn size(&self, labels: &[(u8, u8)]) -> u64 {
        let mut free = self.cells;
        let mut total = 1u64;
        for &(_, c) in labels {
            total = total.saturating_mul(self.binom[free][c as usize]);
            free -= c as usize;
        }
        total
    }

    /// Rank of the placement `masks[label]` of `labels`.
    #[inline]
    pub(crate) fn rank(&self, labels: &[(u8, u8)], masks: &[u64]) -> u64 {
        let mut free = (1u64 << self.cells) - 1;
        let mut nfree = self.cells;
        let mut r = 0u64;
        for &(l, c) in labels {
            let mut m = masks[l as usize];
            let mut sub = 0u64;
            let mut j = 1;
            while m != 0 {
                let cell = m.trailing_zeros();
                let idx = (free & ((1u64 << cell) - 1)).count_ones() as usize;
                sub += self.binom[idx][j];
                j += 1;
                m &= m - 1;
            }
            r = r * self.binom[nfree][c as usize] + sub;
            free &= !masks[l as usize];
            nfree -= c as usize;
        }
        r
    }

    /// Inverse of [`Combinadic::rank`]: sets `masks[label]` for `labels`.
    #[inline]
    pub(crate) fn unrank(&self, labels: &[(u8, u8)], mut r: u64, masks: &mut [u64]) {
        let mut subs = [0u64; MAX_CELLS];
        let mut nfree = self.cells - labels.iter().map(|&(_, c)| c as usize).sum::<usize>();
        for (i, &(_, c)) in labels.iter().enumerate().rev() {
            nfree += c as usize;
            let radix = self.binom[nfree][c as usize];
            subs[i] = r % radix;
            r /= radix;
        }
        let mut free = (1u64 << self.cells) - 1;
        let mut nfree = self.cells;
        for (&(l, c), &sub) in labels.iter().zip(&subs) {
            // Colex unranking: the largest renumbered cell first.
            let mut sub = sub;
            let mut picked = 0u64;
            let mut top = nfree;
            for j in (1..=c as usize).rev() {
                top -= 1;
                while self.binom[top][j] > sub {
                    top -= 1;
                }
                sub -= self.binom[top][j];
                picked |= 1u64 << top;
            }
            // Map renumbered cells back onto the free cells.
            let mut mask = 0u64;
            let mut f = free;
            while picked != 0 {
                let low = f & f.wrapping_neg();
                if picked & 1 != 0 {
                    mask |= low;
                }
                picked >>= 1;
                f ^= low;
            }
            masks[l as usize] = mask;
            free &= !mask;
            nfree -= c as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_bijections() {
        for (cells, labels) in [
            (6, vec![(1u8, 2u8), (2, 1)]),
            (9, vec![(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)]),
            (8, vec![(1, 3), (2, 2), (3, 2)]),
        ] {
            let c = Combinadic::new(cells);
            let size = c.size(&labels);
            let mut masks = [0u64; MAX_CELLS];
            let mut seen = std::collections::HashSet::new();
            for r in 0..size {
                c.unrank(&labels, r, &mut masks);
                let union = labels.iter().fold(0u64, |u, &(l, k)| {
                    assert_eq!(masks[l as usize].count_ones(), k as u32);
                    assert_eq!(u & masks[l as usize], 0, "labels overlap");
                    u | masks[l as usize]
                });
                assert!(union < 1 << cells);
                assert!(seen.insert(labels.iter().map(|&(l, _)| masks[l as usize]).collect::<Vec<_>>()));
                assert_eq!(c.rank(&labels, &masks), r);
            }
        }
    }
}
