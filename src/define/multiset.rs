//! Dense ranks of arrangements of a multiset: sequences holding `counts[v]`
//! copies of each symbol `v`, numbered `0..n!/prod(counts[v]!)` in
//! lexicographic order. A board whose like pieces are interchangeable (the
//! Line Puzzle's letters, the knights' colours) and a permutation of
//! identical pieces (a twsearch `Solved` block with repeated numbers) are
//! both such sequences.

/// The ranking of arrangements of one multiset.
#[derive(Clone, Debug)]
pub struct Multiset {
    counts: Vec<u32>,
    len: usize,
    total: u64,
}

impl Multiset {
    /// Arrangements of `counts[v]` copies of each symbol `v`; `None` when
    /// their number passes `u64`.
    ///
    /// ```
    /// use tansaku::define::multiset::Multiset;
    /// // AAB, ABA, BAA
    /// let m = Multiset::new(&[2, 1]).unwrap();
    /// assert_eq!(m.count(), 3);
    /// assert_eq!(m.rank(&[0, 1, 0]), 1);
    /// assert_eq!(m.unrank(2), vec![1, 0, 0]);
    /// ```
    pub fn new(counts: &[u32]) -> Option<Self> {
        let mut total: u128 = 1;
        let mut placed: u128 = 0;
        for &c in counts {
            for j in 1..=u128::from(c) {
                placed += 1;
                total = total.checked_mul(placed)? / j;
                if total > u128::from(u64::MAX) {
                    return None;
                }
            }
        }
        Some(Multiset {
            counts: counts.to_vec(),
            len: placed as usize,
            total: total as u64,
        })
    }

    /// Number of arrangements.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// Length of an arrangement.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for the empty multiset.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The rank of `seq` (which must hold exactly the multiset). With `M`
    /// the number of arrangements of what is left, the arrangements that
    /// put a smaller symbol first number `M * (copies of smaller symbols)
    /// / (symbols left)`.
    pub fn rank(&self, seq: &[u8]) -> u64 {
        let mut left = [0u32; 256];
        left[..self.counts.len()].copy_from_slice(&self.counts);
        let mut m = u128::from(self.total);
        let mut rank: u128 = 0;
        let mut n = self.len as u128;
        for &s in seq {
            let s = s as usize;
            let smaller: u32 = left[..s].iter().sum();
            rank += m * u128::from(smaller) / n;
            m = m * u128::from(left[s]) / n;
            left[s] -= 1;
            n -= 1;
        }
        rank as u64
    }

    /// The arrangement of rank `r < count()`.
    pub fn unrank(&self, r: u64) -> Vec<u8> {
        let mut out = vec![0u8; self.len];
        self.unrank_into(r, &mut out);
        out
    }

    /// The arrangement of rank `r < count()`, written into `out`.
    pub fn unrank_into(&self, r: u64, out: &mut [u8]) {
        let mut left = [0u32; 256];
        left[..self.counts.len()].copy_from_slice(&self.counts);
        let mut m = u128::from(self.total);
        let mut r = u128::from(r);
        let mut n = self.len as u128;
        for slot in out.iter_mut().take(self.len) {
            let mut below: u128 = 0;
            for (v, c) in left.iter_mut().enumerate().take(self.counts.len()) {
                if *c == 0 {
                    continue;
                }
                let with_v = m * u128::from(*c) / n;
                if r < below + with_v {
                    *slot = v as u8;
                    r -= below;
                    m = with_v;
                    *c -= 1;
                    break;
                }
                below += with_v;
            }
            n -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_in_lexicographic_order() {
        let m = Multiset::new(&[2, 1, 3]).unwrap();
        assert_eq!(m.count(), 60);
        let mut last: Option<Vec<u8>> = None;
        for r in 0..m.count() {
            let s = m.unrank(r);
            assert_eq!(m.rank(&s), r);
            if let Some(prev) = &last {
                assert!(prev < &s);
            }
            last = Some(s);
        }
    }

    #[test]
    fn a_permutation_is_the_multiset_of_ones() {
        let m = Multiset::new(&[1; 9]).unwrap();
        assert_eq!(m.count(), 362_880);
        assert_eq!(m.rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), 362_879);
    }

    #[test]
    fn too_many_arrangements_are_refused() {
        assert!(Multiset::new(&[1; 21]).is_none());
        assert!(Multiset::new(&[1; 20]).is_some());
    }
}
