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
    /// Every symbol once: a permutation, ranked by its Lehmer code.
    permutation: bool,
    /// `factorial[i] = i!`, for permutations.
    factorial: Vec<u64>,
    /// `total * len` fits in a `u64`: the general rank needs no `u128`.
    small: bool,
    /// Ranked by where its first `partial` symbols (one copy each) are,
    /// the last symbol filling the rest: a pattern database's pieces
    /// among pieces made identical ([`Multiset::pieces_among`]).
    partial: usize,
    /// For few symbols of few copies (the cube's tetrads, its slices): the
    /// lexicographic rank without a division. A count of copies left of
    /// each symbol is a `state` (mixed radix, `stride[v]` the weight of
    /// symbol `v`); `prefix[state * symbols + x]` is the number of
    /// arrangements of the symbols left that start with a symbol below
    /// `x`. Empty otherwise.
    prefix: Vec<u64>,
    stride: Vec<u32>,
    /// The arrangements are too many for a `u64`: the multiset keeps its
    /// counts, but has no ranks ([`Multiset::unranked`]).
    unranked: bool,
}

/// Most count states [`Multiset`] keeps a prefix table for.
const PREFIX_STATES: u64 = 1 << 12;

impl Multiset {
    /// Arrangements of `counts[v]` copies of each symbol `v`; `None` when
    /// their number passes `u64`.
    ///
    /// ```
    /// use tansaku_define::multiset::Multiset;
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
        let len = placed as usize;
        let permutation = counts.iter().all(|&c| c == 1) && len <= 20;
        let mut factorial = vec![1u64; len + 1];
        if permutation {
            for i in 1..=len {
                factorial[i] = factorial[i - 1] * i as u64;
            }
        }
        Some(
            Multiset {
                counts: counts.to_vec(),
                len,
                total: total as u64,
                permutation,
                factorial,
                small: counts.len() <= 64
                    && total
                        .checked_mul(len as u128 + 1)
                        .is_some_and(|x| x <= u128::from(u64::MAX)),
                partial: 0,
                prefix: Vec::new(),
                stride: Vec::new(),
                unranked: false,
            }
            .with_prefix(),
        )
    }

    /// Arrangements of `counts[v]` copies of each symbol `v`, too many to
    /// rank (a set of 21 distinct pieces or more): the counts are kept for
    /// what needs them, [`Multiset::count`] is `u64::MAX` and
    /// [`Multiset::is_ranked`] false; ranking one is a mistake.
    ///
    /// ```
    /// use tansaku_define::multiset::Multiset;
    /// let m = Multiset::new(&[1; 25]).unwrap_or_else(|| Multiset::unranked(&[1; 25]));
    /// assert!(!m.is_ranked());
    /// assert_eq!((m.len(), m.symbols()), (25, 25));
    /// assert!(Multiset::new(&[1; 20]).unwrap().is_ranked());
    /// ```
    pub fn unranked(counts: &[u32]) -> Self {
        Multiset {
            counts: counts.to_vec(),
            len: counts.iter().map(|&c| c as usize).sum(),
            total: u64::MAX,
            permutation: false,
            factorial: Vec::new(),
            small: false,
            partial: 0,
            prefix: Vec::new(),
            stride: Vec::new(),
            unranked: true,
        }
    }

    /// Whether its arrangements have ranks (their number fits a `u64`).
    pub fn is_ranked(&self) -> bool {
        !self.unranked
    }

    /// The prefix table of `self`, when the count states are few.
    fn with_prefix(mut self) -> Self {
        let k = self.counts.len();
        let states = self
            .counts
            .iter()
            .try_fold(1u64, |a, &c| a.checked_mul(u64::from(c) + 1));
        if self.permutation || k < 2 || states.is_none_or(|n| n > PREFIX_STATES) {
            return self;
        }
        let states = states.unwrap_or(0) as usize;
        let mut stride = vec![1u32; k];
        for v in 1..k {
            stride[v] = stride[v - 1] * (self.counts[v - 1] + 1);
        }
        // Arrangements of the counts `left`: (sum)! / prod(left[v]!).
        let arrangements = |left: &[u32]| -> u64 {
            let (mut total, mut placed) = (1u128, 0u128);
            for &c in left {
                for j in 1..=u128::from(c) {
                    placed += 1;
                    total = total * placed / j;
                }
            }
            total as u64
        };
        let mut prefix = vec![0u64; states * k];
        let mut left = vec![0u32; k];
        for st in 0..states {
            for v in 0..k {
                left[v] = (st as u32 / stride[v]) % (self.counts[v] + 1);
            }
            let mut sum = 0u64;
            for x in 0..k {
                prefix[st * k + x] = sum;
                if left[x] > 0 {
                    left[x] -= 1;
                    sum += arrangements(&left);
                    left[x] += 1;
                }
            }
        }
        self.prefix = prefix;
        self.stride = stride;
        self
    }

    /// Arrangements of `k` distinct symbols `0..k` and `n - k` copies of
    /// symbol `k`, ranked by the slots of the `k` symbols (a `k`-permutation
    /// of the `n` slots, Lehmer-coded): a few bit operations a symbol, where
    /// the lexicographic rank of [`Multiset::new`] divides at every slot.
    /// The numbering differs from [`Multiset::new`]'s; each is a bijection
    /// onto `0..count()`.
    ///
    /// ```
    /// use tansaku_define::multiset::Multiset;
    /// let m = Multiset::pieces_among(2, 4).unwrap(); // 0 and 1 among 4 slots
    /// assert_eq!(m.count(), 12);
    /// let mut seen = vec![false; 12];
    /// for r in 0..12 {
    ///     let seq = m.unrank(r);
    ///     assert_eq!(m.rank(&seq), r);
    ///     seen[m.rank(&seq) as usize] = true;
    /// }
    /// assert!(seen.iter().all(|&x| x));
    /// ```
    pub fn pieces_among(k: usize, n: usize) -> Option<Self> {
        if k == 0 || k >= n || n > 64 {
            let mut counts = vec![1u32; k];
            counts.push((n - k) as u32);
            return Multiset::new(&counts);
        }
        let mut counts = vec![1u32; k];
        counts.push((n - k) as u32);
        let mut m = Multiset::new(&counts)?;
        // factorial[j]: arrangements of the symbols after j, (n-1-j)!/(n-k)!.
        m.factorial = (0..k)
            .map(|j| ((n - k + 1)..n - j).map(|x| x as u64).product::<u64>())
            .collect();
        m.partial = k;
        Some(m)
    }

    /// True when every symbol occurs once: the rank is the Lehmer code,
    /// `sum over k of weight(k) * (symbols after k smaller than the k-th)`.
    pub fn is_permutation(&self) -> bool {
        self.permutation && self.partial == 0
    }

    /// A permutation's rank and its parity (1 when odd) in one pass: the
    /// parity is that of the Lehmer code's digits' sum (each digit counts
    /// the inversions a symbol starts). `None` unless
    /// [`Multiset::is_permutation`].
    ///
    /// ```
    /// use tansaku_define::multiset::Multiset;
    /// let m = Multiset::new(&[1, 1, 1, 1]).unwrap();
    /// // [1, 0, 3, 2]: digits 1, 0, 1, 0, two swaps.
    /// assert_eq!(m.rank_with_parity(&[1, 0, 3, 2]), Some((7, 0)));
    /// assert_eq!(m.rank_with_parity(&[1, 0, 2, 3]), Some((6, 1)));
    /// assert_eq!(Multiset::new(&[2, 1]).unwrap().rank_with_parity(&[0, 0, 1]), None);
    /// ```
    #[inline]
    pub fn rank_with_parity(&self, seq: &[u8]) -> Option<(u64, u8)> {
        if !self.is_permutation() {
            return None;
        }
        let (mut used, mut rank, mut digits) = (0u64, 0u64, 0u32);
        for (i, &x) in seq.iter().enumerate() {
            let smaller_free = (!used & ((1u64 << x) - 1)).count_ones();
            rank += u64::from(smaller_free) * self.factorial[self.len - 1 - i];
            digits += smaller_free;
            used |= 1 << x;
        }
        Some((rank, (digits & 1) as u8))
    }

    /// The weight of position `k` in a permutation's rank, `(len - 1 - k)!`.
    ///
    /// ```
    /// use tansaku_define::multiset::Multiset;
    /// let m = Multiset::new(&[1, 1, 1, 1]).unwrap();
    /// assert!(m.is_permutation());
    /// assert_eq!(m.weight(0), 6);
    /// // [1, 0, 3, 2]: digits 1, 0, 1, 0
    /// assert_eq!(m.rank(&[1, 0, 3, 2]), 6 + 1);
    /// ```
    #[inline]
    pub fn weight(&self, k: usize) -> u64 {
        self.factorial[self.len - 1 - k]
    }

    /// The `k` of [`Multiset::pieces_among`] (0 for the other rankings).
    pub fn partial(&self) -> usize {
        self.partial
    }

    /// Number of distinct symbols.
    pub fn symbols(&self) -> usize {
        self.counts.len()
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

    /// The prefix table's state before any symbol is placed: every count
    /// still to place, each times its stride.
    #[inline]
    fn full_state(&self) -> usize {
        self.counts
            .iter()
            .zip(&self.stride)
            .map(|(&c, &w)| (c * w) as usize)
            .sum()
    }

    /// The rank of `seq` (which must hold exactly the multiset). With `M`
    /// the number of arrangements of what is left, the arrangements that
    /// put a smaller symbol first number `M * (copies of smaller symbols)
    /// / (symbols left)`.
    #[inline]
    pub fn rank(&self, seq: &[u8]) -> u64 {
        if self.partial > 0 {
            let mut at = [0u8; 64];
            for (i, &x) in seq.iter().enumerate() {
                at[usize::from(x)] = i as u8;
            }
            let mut used: u64 = 0;
            let mut rank = 0u64;
            for (j, f) in self.factorial.iter().enumerate() {
                let p = at[j];
                rank += u64::from((!used & ((1u64 << p) - 1)).count_ones()) * f;
                used |= 1 << p;
            }
            return rank;
        }
        if self.permutation {
            // Lehmer code: for each symbol, the smaller ones not used yet.
            let mut used: u64 = 0;
            let mut rank = 0u64;
            for (i, &x) in seq.iter().enumerate() {
                let smaller_free = (!used & ((1u64 << x) - 1)).count_ones() as u64;
                rank += smaller_free * self.factorial[self.len - 1 - i];
                used |= 1 << x;
            }
            return rank;
        }
        if !self.prefix.is_empty() {
            let k = self.counts.len();
            let mut st = self.full_state();
            let mut rank = 0u64;
            for &x in seq {
                let x = usize::from(x);
                rank += self.prefix[st * k + x];
                st -= self.stride[x] as usize;
            }
            return rank;
        }
        if self.small {
            let mut left = [0u64; 64];
            for (l, &c) in left.iter_mut().zip(&self.counts) {
                *l = u64::from(c);
            }
            let (mut m, mut rank, mut n) = (self.total, 0u64, self.len as u64);
            for &s in seq {
                let s = s as usize;
                let smaller: u64 = left[..s].iter().sum();
                rank += m * smaller / n;
                m = m * left[s] / n;
                left[s] -= 1;
                n -= 1;
            }
            return rank;
        }
        let mut left = vec![0u32; self.counts.len()];
        left.copy_from_slice(&self.counts);
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
        if self.partial > 0 {
            let k = self.partial;
            out[..self.len].fill(k as u8);
            let mut free: u64 = if self.len == 64 {
                u64::MAX
            } else {
                (1u64 << self.len) - 1
            };
            let mut r = r;
            for (j, &f) in self.factorial.iter().enumerate() {
                let mut c = r / f;
                r %= f;
                let mut bits = free;
                while c > 0 {
                    bits &= bits - 1;
                    c -= 1;
                }
                let x = bits.trailing_zeros();
                out[x as usize] = j as u8;
                free &= !(1u64 << x);
            }
            return;
        }
        if self.permutation {
            let mut free: u64 = if self.len == 64 {
                u64::MAX
            } else {
                (1u64 << self.len) - 1
            };
            let mut r = r;
            for (i, slot) in out.iter_mut().take(self.len).enumerate() {
                let f = self.factorial[self.len - 1 - i];
                let mut k = r / f;
                r %= f;
                // The k-th free symbol.
                let mut bits = free;
                while k > 0 {
                    bits &= bits - 1;
                    k -= 1;
                }
                let x = bits.trailing_zeros();
                *slot = x as u8;
                free &= !(1u64 << x);
            }
            return;
        }
        if !self.prefix.is_empty() {
            // The last symbol whose prefix does not pass what is left.
            let k = self.counts.len();
            let mut st = self.full_state();
            let mut r = r;
            for slot in out.iter_mut().take(self.len) {
                let row = &self.prefix[st * k..st * k + k];
                let x = (0..k)
                    .rev()
                    .find(|&x| {
                        !(st / self.stride[x] as usize).is_multiple_of(self.counts[x] as usize + 1) && row[x] <= r
                    })
                    .unwrap_or(0);
                *slot = x as u8;
                r -= row[x];
                st -= self.stride[x] as usize;
            }
            return;
        }
        let mut stack = [0u32; 64];
        let mut heap = Vec::new();
        let left: &mut [u32] = if self.counts.len() <= 64 {
            &mut stack[..self.counts.len()]
        } else {
            heap.resize(self.counts.len(), 0);
            &mut heap
        };
        left.copy_from_slice(&self.counts);
        let mut m = u128::from(self.total);
        let mut r = u128::from(r);
        let mut n = self.len as u128;
        for slot in out.iter_mut().take(self.len) {
            let mut below: u128 = 0;
            for (v, c) in left.iter_mut().enumerate() {
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

    /// The parity that comes with the Lehmer code is the parity of the
    /// permutation's cycles, on every permutation of seven.
    #[test]
    fn the_lehmer_codes_parity_is_the_cycles() {
        let m = Multiset::new(&[1; 7]).unwrap();
        for r in 0..m.count() {
            let p = m.unrank(r);
            let mut seen = [false; 7];
            let mut even_cycles = 0;
            for i in 0..7 {
                let mut len = 0;
                let mut j = i;
                while !seen[j] {
                    seen[j] = true;
                    j = usize::from(p[j]);
                    len += 1;
                }
                even_cycles += usize::from(len > 0 && len % 2 == 0);
            }
            assert_eq!(m.rank_with_parity(&p), Some((r, (even_cycles % 2) as u8)), "{p:?}");
        }
    }

    #[test]
    fn every_path_agrees_with_the_wide_one() {
        // A permutation (Lehmer), a small multiset (the prefix table), and
        // the same multiset forced onto the u128 path rank alike: the
        // cube's slices and tetrads among them.
        for counts in [
            vec![1u32; 7],
            vec![3, 1, 2, 2],
            vec![4, 4, 4],
            vec![4, 4],
            vec![2, 5, 1],
        ] {
            let m = Multiset::new(&counts).unwrap();
            assert_eq!(m.prefix.is_empty(), counts.iter().all(|&c| c == 1), "{counts:?}");
            let wide = Multiset {
                permutation: false,
                small: false,
                prefix: Vec::new(),
                ..m.clone()
            };
            for r in (0..m.count()).step_by(7) {
                let s = m.unrank(r);
                assert_eq!(wide.unrank(r), s);
                assert_eq!((m.rank(&s), wide.rank(&s)), (r, r));
            }
        }
    }

    #[test]
    fn too_many_arrangements_are_refused() {
        assert!(Multiset::new(&[1; 21]).is_none());
        assert!(Multiset::new(&[1; 20]).is_some());
    }
}
