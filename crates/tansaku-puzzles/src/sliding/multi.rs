//! Sliding boards with repeated tiles (the Line Puzzle), ranked with the
//! empty cell as the lowest digit, so that a sideways slide changes the
//! rank by one and costs no ranking at all.
//!
//! The rank is `r * n + blank`, with `r` the rank of the tiles read in
//! cell order, the empty cell left out: a sideways slide leaves that
//! sequence as it is. A vertical slide moves one tile past `W - 1` others,
//! and its rank is recomputed from the packed board: with at most four
//! kinds of tiles (the Line Puzzle) the lexicographic rank of `lex`
//! (two table reads), otherwise the combinatorial rank (`combinadic`: a
//! mask per label, popcounts and a binomial table).

use super::combinadic::Combinadic;
use super::half::sequence;
use super::lex::Lex;
use super::packed::Packed;
use super::{SlideMove, SlideState, Sliding};
use tansaku_core::{Puzzle, Ranked};

/// A [`Sliding`] puzzle of at most 16 cells and 15 labels, on packed
/// boards, ranked with the empty cell lowest.
#[derive(Clone, Debug)]
pub struct Multi<'a> {
    k: Packed<'a>,
    labels: Vec<(u8, u8)>,
    comb: Combinadic,
    /// The lexicographic tables, when there are at most four kinds of
    /// tiles; the combinatorial rank otherwise.
    lex: Option<Lex>,
    cells: u64,
    count: u64,
}

impl<'a> Multi<'a> {
    /// The view of `p`, when its boards fit a word.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{multi::Multi, line_board, Sliding};
    /// use tansaku_core::Ranked;
    ///
    /// let g = line_board("goal1").unwrap();
    /// let (p, _) = Sliding::new(&g, Some(&g)).unwrap();
    /// let m = Multi::new(&p).unwrap();
    /// assert_eq!(m.state_count(), 252_252_000);
    /// let x = m.pack(&p.goal());
    /// assert_eq!(m.unrank(m.rank(&x)), x);
    /// ```
    pub fn new(p: &'a Sliding) -> Option<Self> {
        let k = Packed::new(p)?;
        let n = p.cells();
        let comb = Combinadic::new(n - 1);
        let count = comb.size(&p.tile_labels).checked_mul(n as u64)?;
        let counts: Vec<u8> = p.tile_labels.iter().map(|&(_, c)| c).collect();
        // Lex reads label l + 1 as letter l: the labels must be 1, 2, ...
        let lex =
            Lex::new(&counts).filter(|_| p.tile_labels.iter().enumerate().all(|(i, &(l, _))| l as usize == i + 1));
        debug_assert!(
            lex.as_ref()
                .is_none_or(|x| x.cells() == n - 1 && x.count() * n as u64 == count)
        );
        Some(Multi {
            k,
            labels: p.tile_labels.clone(),
            comb,
            lex,
            cells: n as u64,
            count,
        })
    }

    /// The packed board of `s`.
    pub fn pack(&self, s: &SlideState) -> u64 {
        self.k.pack(s)
    }

    /// The board of a packed board.
    pub fn unpack(&self, x: u64) -> SlideState {
        self.k.unpack(x)
    }

    /// The name of the ranking, for checkpoints: a table ranked one way
    /// must not be resumed by code that ranks another way.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{multi::Multi, line_board, Sliding};
    ///
    /// let (p, _) = Sliding::new(&line_board("goal1").unwrap(), None).unwrap();
    /// assert_eq!(Multi::new(&p).unwrap().ranking(), "empty cell lowest, lexicographic ranks v2");
    /// ```
    pub fn ranking(&self) -> &'static str {
        if self.lex.is_some() {
            "empty cell lowest, lexicographic ranks v2"
        } else {
            "empty cell lowest, ranks v1"
        }
    }

    /// The rank of a sequence of tiles (no empty cell).
    #[inline]
    fn rank_sequence(&self, seq: u64) -> u64 {
        if let Some(lex) = &self.lex {
            return lex.rank(seq);
        }
        let mut masks = [0u64; 16];
        for i in 0..self.cells as usize - 1 {
            masks[(seq >> (4 * i) & 15) as usize] |= 1 << i;
        }
        self.comb.rank(&self.labels, &masks)
    }

    /// The sequence of tiles of a rank.
    #[inline]
    fn unrank_sequence(&self, r: u64) -> u64 {
        if let Some(lex) = &self.lex {
            return lex.unrank(r);
        }
        let mut masks = [0u64; 16];
        self.comb.unrank(&self.labels, r, &mut masks);
        let mut seq = 0u64;
        for &(l, _) in &self.labels {
            let mut m = masks[l as usize];
            while m != 0 {
                seq |= (l as u64) << (4 * m.trailing_zeros());
                m &= m - 1;
            }
        }
        seq
    }
}

packed_view!(Multi);

impl Ranked for Multi<'_> {
    fn state_count(&self) -> u64 {
        self.count
    }

    #[inline]
    fn rank(&self, &x: &u64) -> u64 {
        let b = self.k.blank(x);
        self.rank_sequence(sequence(x, b)) * self.cells + b as u64
    }

    #[inline]
    fn unrank(&self, r: u64) -> u64 {
        let b = (r % self.cells) as u32;
        let seq = self.unrank_sequence(r / self.cells);
        let low = seq & ((1u64 << (4 * b)) - 1);
        low | (seq ^ low) << 4
    }

    /// A sideways slide: the empty cell moves by one, the rest stays.
    #[inline]
    fn rank_after(&self, &x: &u64, rank_s: u64, m: SlideMove, t: &u64) -> u64 {
        let _ = x;
        if m.from.abs_diff(m.to) == 1 {
            rank_s.wrapping_add(m.from as u64).wrapping_sub(m.to as u64)
        } else {
            self.rank(t)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{line_board, parse_board};
    use super::*;
    use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};

    #[test]
    fn ranks_are_a_bijection_and_slides_update_them() {
        for g in [
            line_board("goal1").unwrap(),
            line_board("start3").unwrap(),
            parse_board("AAB/BC_", None).unwrap(),
            parse_board("1 1 2 2 3 0", Some((2, 3))).unwrap(),
            // Seven kinds of tiles: the combinatorial rank.
            parse_board("AAB/CDE/F_G", None).unwrap(),
        ] {
            let (p, _) = Sliding::new(&g, Some(&g)).unwrap();
            let m = Multi::new(&p).unwrap();
            assert_eq!(m.ranking().contains("lexicographic"), p.tile_labels.len() <= 4);
            assert_eq!(m.state_count(), p.state_count());
            let mut r = 7u64;
            for _ in 0..3000 {
                r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let i = (r >> 11) % m.state_count();
                let x = m.unrank(i);
                assert_eq!(m.rank(&x), i);
                m.for_each_successor(&x, |mv, t| assert_eq!(m.rank_after(&x, i, mv, &t), m.rank(&t)));
            }
        }
    }

    #[test]
    fn the_view_gives_the_boards_histogram() {
        for b in ["AAB/BC_", "AB_/BAC/CAB", "AAB/CDE/F_G"] {
            let g = parse_board(b, None).unwrap();
            let (p, _) = Sliding::new(&g, Some(&g)).unwrap();
            let m = Multi::new(&p).unwrap();
            let (a, _) = retrograde_dense(&p, RetroOptions::default()).unwrap();
            let (c, _) = retrograde_dense(&m, RetroOptions::default()).unwrap();
            assert_eq!(a.histogram, c.histogram, "{b}");
        }
    }
}
