//! The reachable half of a sliding puzzle with distinct tiles, ranked with
//! no hole and updated by every slide in a few table reads.
//!
//! Of the `n!` ways to place the tiles and the empty cell, exactly half can
//! reach the goal. Reading the tiles in cell order and skipping the empty
//! cell gives a sequence of `m = n - 1` tiles; a sideways slide leaves it as
//! it is, and a vertical slide moves one tile past the `W - 1` tiles between
//! its two cells, which changes the sequence's parity when `W` is even (and
//! the empty cell's row with it) and keeps it when `W` is odd. So each cell
//! of the empty square allows one parity of sequences: `m!/2` of them.
//!
//! The rank is `r * n + blank`, with `r` the sequence's inversion code:
//! tile `l`'s digit counts the larger tiles before it (radix `m - l + 1`).
//! The digits of the last two tiles are dropped: tile `m`'s is always 0 and
//! tile `m - 1`'s is fixed by the parity. A slide changes only the moved
//! tile's digit (by the larger tiles it passes) and the digits of the
//! smaller tiles it passes (by one each), and moves the empty cell: the new
//! rank is the old one plus at most `W` table entries. The empty cell is the
//! lowest digit, so a sideways slide changes the rank by one and a vertical
//! one by little more: neighbours lie close together in the table (cache
//! lines, pages, and the slices of the processes of an MPI run). Unranking inserts the
//! tiles, largest first, into a sequence of nibbles at their digits.
//!
//! This is the ranking the full analyses of the 2x7, 3x5 and 4x4 boards
//! need (Korf 2008 ranks the 2x7 and 3x5 this way): no rank wasted on the
//! unreachable half, and no rank recomputed from scratch.

use super::packed::Packed;
use super::{SlideMove, SlideState, Sliding};
use tansaku_core::{Puzzle, Ranked};

/// A [`Sliding`] puzzle with distinct tiles and at most 16 cells, on packed
/// boards, ranked over the boards that reach its goal.
#[derive(Clone, Debug)]
pub struct Half<'a> {
    k: Packed<'a>,
    /// `m!/2`: ranks for each cell of the empty square.
    block: u64,
    /// Radix of tile `l`'s digit, `m - l + 1`.
    radix: [u64; 16],
    /// Weight of tile `l`'s digit (0 for the two dropped digits).
    weight: [u64; 16],
    /// `pass[l * 16 + b]`: the rank change, modulo 2^64, when tile `l`
    /// moves later past tile `b` (0 for `b` = 0, a cell passed by a sideways
    /// slide); the inversion code's change times the number of cells.
    pass: [u64; 256],
    /// The parity of the tile sequence for each cell of the empty square.
    parity: [u8; 16],
    /// Number of tiles.
    m: usize,
    /// Most cells a slide passes over: the width minus one.
    span: u32,
}

impl<'a> Half<'a> {
    /// The half-ranked view of `p`, when its tiles are distinct and its board
    /// has at most 16 cells.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{half::Half, parse_board, Sliding};
    /// use tansaku_core::Ranked;
    ///
    /// let (p, s) = Sliding::new(&parse_board("123/456/78_", None).unwrap(), None).unwrap();
    /// let h = Half::new(&p).unwrap();
    /// assert_eq!(h.state_count(), 181_440);
    /// let x = h.pack(&s);
    /// assert_eq!(h.unrank(h.rank(&x)), x);
    /// ```
    pub fn new(p: &'a Sliding) -> Option<Self> {
        let k = Packed::new(p)?;
        let n = p.cells();
        if !p.distinct || n < 3 {
            return None;
        }
        let m = n - 1;
        let mut radix = [1u64; 16];
        let mut weight = [0u64; 16];
        let mut w = 1u64;
        for l in (1..=m).rev() {
            radix[l] = (m - l + 1) as u64;
            if l <= m - 2 {
                weight[l] = w;
                w *= radix[l];
            }
        }
        let mut pass = [0u64; 256];
        for l in 1..=m {
            for b in 1..=m {
                let w = if b > l { weight[l] } else { weight[b].wrapping_neg() };
                pass[l * 16 + b] = w.wrapping_mul(n as u64);
            }
        }
        let width = p.width();
        let goal = k.pack(&p.goal);
        let goal_blank = p.goal.blank as usize;
        let goal_parity = inversions(sequence(goal, goal_blank), m) & 1;
        let mut parity = [0u8; 16];
        for (b, par) in parity[..n].iter_mut().enumerate() {
            let row_change = if width.is_multiple_of(2) {
                (b / width + goal_blank / width) & 1
            } else {
                0
            };
            *par = ((goal_parity + row_change) & 1) as u8;
        }
        Some(Half {
            k,
            block: w,
            radix,
            weight,
            pass,
            parity,
            m,
            span: width.saturating_sub(1) as u32,
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
}

/// The tiles of packed board `x` in cell order, the empty cell (`blank`)
/// left out.
#[inline]
pub(super) fn sequence(x: u64, blank: usize) -> u64 {
    let low = x & ((1u64 << (4 * blank)) - 1);
    low | (x >> (4 * blank) >> 4) << (4 * blank)
}

/// Number of inversions of a sequence of `m` distinct tiles (1..=m).
fn inversions(seq: u64, m: usize) -> usize {
    let mut seen = 0u32;
    let mut inv = 0;
    for i in 0..m {
        let l = (seq >> (4 * i) & 15) as u32;
        inv += (seen >> l).count_ones() as usize;
        seen |= 1 << l;
    }
    inv
}

packed_view!(Half);

impl Ranked for Half<'_> {
    fn state_count(&self) -> u64 {
        self.block * (self.m as u64 + 1)
    }

    /// The rank of a board that reaches the goal (a board of the other half
    /// shares its rank with one that does).
    fn rank(&self, &x: &u64) -> u64 {
        let b = self.k.blank(x);
        let seq = sequence(x, b);
        let mut seen = 0u32;
        let mut r = 0u64;
        for i in 0..self.m {
            let l = (seq >> (4 * i) & 15) as usize;
            r += (seen >> l).count_ones() as u64 * self.weight[l];
            seen |= 1 << l;
        }
        r * (self.m as u64 + 1) + b as u64
    }

    #[inline]
    fn unrank(&self, r: u64) -> u64 {
        let cells = self.m as u64 + 1;
        let b = (r % cells) as usize;
        let rest = r / cells;
        let m = self.m;
        let mut digits = [0u64; 16];
        let mut parity = 0u64;
        if self.block <= u32::MAX as u64 {
            // Up to 13 tiles (the 2x7): 32-bit divisions, several times
            // cheaper than 64-bit ones.
            let mut rest = rest as u32;
            for l in (1..=m - 2).rev() {
                let q = rest / self.radix[l] as u32;
                digits[l] = (rest - q * self.radix[l] as u32) as u64;
                parity += digits[l];
                rest = q;
            }
        } else {
            let mut rest = rest;
            for l in (1..=m - 2).rev() {
                let q = rest / self.radix[l];
                digits[l] = rest - q * self.radix[l];
                parity += digits[l];
                rest = q;
            }
        }
        digits[m - 1] = (parity ^ self.parity[b] as u64) & 1;
        // Largest tile first: tile l goes after the digits[l] larger tiles
        // already placed.
        let mut seq = 0u64;
        for l in (1..=m).rev() {
            let at = 4 * digits[l] as u32;
            let low = seq & ((1u64 << at) - 1);
            seq = low | (l as u64) << at | (seq ^ low) << 4;
        }
        let low = seq & ((1u64 << (4 * b)) - 1);
        low | (seq ^ low) << 4
    }

    /// See the module documentation: the empty cell's move and at most
    /// `W - 1` table reads.
    #[inline]
    fn rank_after(&self, &x: &u64, rank_s: u64, m: SlideMove, _t: &u64) -> u64 {
        let (from, to) = (m.from as u32, m.to as u32);
        let l = (x >> (4 * from) & 15) as usize;
        let (lo, hi) = (from.min(to), from.max(to));
        let passed = x >> (4 * lo) >> 4 & ((1u64 << (4 * (hi - lo - 1))) - 1);
        let pass = &self.pass[l * 16..l * 16 + 16];
        let mut delta = 0u64;
        for k in 0..self.span {
            delta = delta.wrapping_add(pass[(passed >> (4 * k) & 15) as usize]);
        }
        let blank = (from as u64).wrapping_sub(to as u64);
        let delta = if from < to { delta } else { delta.wrapping_neg() };
        rank_s.wrapping_add(blank).wrapping_add(delta)
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_board;
    use super::*;
    use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};

    #[test]
    fn ranks_are_a_bijection_on_the_reachable_half_and_slides_update_them() {
        for (goal, size) in [
            ("123/456/78_", None),
            ("_12/345/678", None),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0", Some((5, 3))),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 0", Some((7, 2))),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 0", Some((2, 7))),
            ("1 2 3 4 5 6 7 0", Some((2, 4))),
            ("1 2 3 4 5 0", Some((3, 2))),
        ] {
            let g = parse_board(goal, size).unwrap();
            let (p, _) = Sliding::new(&g, Some(&g)).unwrap();
            let h = Half::new(&p).unwrap();
            let mut r = 99u64;
            for _ in 0..2000 {
                r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let i = (r >> 11) % h.state_count();
                let x = h.unrank(i);
                assert_eq!(h.rank(&x), i, "{goal}");
                h.for_each_successor(&x, |m, t| {
                    assert_eq!(h.rank_after(&x, i, m, &t), h.rank(&t), "{goal}");
                    assert_eq!(h.unrank(h.rank(&t)), t, "{goal}");
                });
            }
        }
    }

    #[test]
    fn the_half_gives_the_full_tables_histogram() {
        for (goal, size) in [
            ("123/456/78_", None),
            ("1 2 3 4 5 6 7 0", Some((4, 2))),
            ("1 2 3 4 5 6 7 0", Some((2, 4))),
            ("1 2 3 4 0 5", Some((3, 2))),
        ] {
            let g = parse_board(goal, size).unwrap();
            let (p, _) = Sliding::new(&g, Some(&g)).unwrap();
            let h = Half::new(&p).unwrap();
            let (full, _) = retrograde_dense(&p, RetroOptions::default()).unwrap();
            let (half, table) = retrograde_dense(&h, RetroOptions::default()).unwrap();
            assert_eq!(full.histogram, half.histogram, "{goal}");
            assert_eq!(half.states, h.state_count(), "every rank is reached: {goal}");
            assert_eq!(table.len() as u64, p.state_count() / 2);
        }
    }
}
