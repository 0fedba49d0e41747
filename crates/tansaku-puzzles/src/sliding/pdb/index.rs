//! Ranking where the k tiles of one pattern stand, onto `0..n!/(n-k)!`.
//!
//! Tile `j` of the pattern (in the pattern's order) stands on one of the
//! `n - j` cells the tiles before it left free; its digit is how many of
//! those free cells come before its own. The digits combine in mixed radix,
//! tile 0 most significant: `rank = sum digit_j * weight_j` with
//! `weight_j = (n-j-1) (n-j-2) ... (n-k+1)`.
//!
//! A move of tile `j` from one cell to another changes its own digit and
//! the digits of the later tiles standing strictly between the two cells
//! (none for a sideways slide, at most W - 1 for a vertical one), so the
//! searches update a rank per move ([`GroupIndex::rank_after`]) instead of
//! recomputing it.

use super::geometry::MAX_PDB_CELLS;

/// No pattern tile on this cell (in an `order_at` table).
pub const NO_TILE: u8 = u8::MAX;

/// Ranks and unranks the cells of `k` distinct tiles on `n` cells.
#[derive(Clone, Debug)]
pub struct GroupIndex {
    n: usize,
    k: usize,
    weight: [u64; MAX_PDB_CELLS],
}

impl GroupIndex {
    /// An index for `k` tiles on `n` cells (`k <= n <= 32`).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::GroupIndex;
    /// let g = GroupIndex::new(16, 3);
    /// assert_eq!(g.size(), 16 * 15 * 14);
    /// let r = g.rank(&[5, 0, 9]);
    /// let mut cells = [0u8; 3];
    /// g.unrank(r, &mut cells);
    /// assert_eq!(cells, [5, 0, 9]);
    /// ```
    pub fn new(n: usize, k: usize) -> Self {
        assert!(k <= n && n <= MAX_PDB_CELLS, "a pattern of {k} tiles on {n} cells");
        let mut weight = [0u64; MAX_PDB_CELLS];
        let mut w = 1u64;
        for j in (0..k).rev() {
            weight[j] = w;
            w *= (n - j) as u64;
        }
        GroupIndex { n, k, weight }
    }

    /// Number of placements: `n (n-1) ... (n-k+1)`.
    pub fn size(&self) -> u64 {
        (0..self.k).map(|j| (self.n - j) as u64).product()
    }

    /// Number of tiles.
    pub fn tiles(&self) -> usize {
        self.k
    }

    /// The place value of tile `j`'s digit in the rank.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::GroupIndex;
    /// let g = GroupIndex::new(16, 3);
    /// assert_eq!((g.weight(0), g.weight(1), g.weight(2)), (15 * 14, 14, 1));
    /// ```
    pub fn weight(&self, j: usize) -> u64 {
        self.weight[j]
    }

    /// The rank of `cells[j]` = the cell of tile `j` (all different).
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> u64 {
        let mut used = 0u64;
        let mut r = 0u64;
        for (j, &c) in cells[..self.k].iter().enumerate() {
            let before = used & ((1u64 << c) - 1);
            r += (c as u64 - before.count_ones() as u64) * self.weight[j];
            used |= 1 << c;
        }
        r
    }

    /// Inverse of [`GroupIndex::rank`]: the cell of every tile.
    #[inline]
    pub fn unrank(&self, mut r: u64, cells: &mut [u8]) {
        let mut digits = [0u8; MAX_PDB_CELLS];
        for j in (0..self.k).rev() {
            let radix = (self.n - j) as u64;
            digits[j] = (r % radix) as u8;
            r /= radix;
        }
        let mut free = if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 };
        for (cell, &d) in cells[..self.k].iter_mut().zip(&digits) {
            let mut f = free;
            for _ in 0..d {
                f &= f - 1;
            }
            let c = f.trailing_zeros();
            *cell = c as u8;
            free &= !(1u64 << c);
        }
    }

    /// The rank after tile `j` (rank `rank` before) moves from cell `from`
    /// to the free cell `to`; `order_at(c)` is the pattern order of the tile
    /// on cell `c` before the move, or [`NO_TILE`] (it is asked only about
    /// the cells strictly between `from` and `to`).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::{GroupIndex, NO_TILE};
    /// let g = GroupIndex::new(16, 3);
    /// let cells = [5u8, 0, 6];
    /// let mut order_at = [NO_TILE; 32];
    /// for (j, &c) in cells.iter().enumerate() { order_at[c as usize] = j as u8; }
    /// // Tile 0 slides down from 5 to 9, over tile 2 on 6.
    /// let after = g.rank_after(g.rank(&cells), 0, 5, 9, |c| order_at[c]);
    /// assert_eq!(after, g.rank(&[9, 0, 6]));
    /// ```
    #[inline]
    pub fn rank_after(&self, rank: u64, j: usize, from: u8, to: u8, order_at: impl Fn(usize) -> u8) -> u64 {
        let (lo, hi) = (from.min(to) as u32, from.max(to) as u32);
        let mut between = ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
        let (mut lower, mut later) = (0i64, 0u64);
        while between != 0 {
            let o = order_at(between.trailing_zeros() as usize);
            between &= between - 1;
            if (o as usize) < j {
                lower += 1;
            } else if o != NO_TILE && o as usize > j {
                later += self.weight[o as usize];
            }
        }
        let s: i64 = if to > from { 1 } else { -1 };
        let delta = self.weight[j] as i64 * ((to as i64 - from as i64) - s * lower) + s * later as i64;
        (rank as i64 + delta) as u64
    }
}

/// The cell of the `d`-th set bit of `free` (counting from 0), without a
/// loop: two halving steps by population count, then a byte table.
#[inline]
fn select(free: u64, d: u32) -> u32 {
    let (mut f, mut d, mut base) = (free, d, 0u32);
    for width in [16u32, 8] {
        let low = (f & ((1u64 << width) - 1)).count_ones();
        let skip = (d >= low) as u32;
        d -= low * skip;
        base += width * skip;
        f >>= width * skip;
    }
    base + SELECT_IN_BYTE[(f & 0xFF) as usize][d as usize & 7] as u32
}

/// `SELECT_IN_BYTE[b][i]`: the position of the `i`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut i, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][i] = bit as u8;
                i += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// Fast unranking for the database builds: the digits of the last tiles
/// and of the first tiles read from two tables (one division splits a rank
/// in two), each digit turned into a cell by [`select`].
#[derive(Clone, Debug)]
pub(crate) struct Unranker {
    index: GroupIndex,
    /// Product of the radices of the low (last) tiles.
    low_size: u64,
    /// Number of low tiles.
    low_tiles: usize,
    /// Packed digits (5 bits each, first tile lowest) of every low and
    /// every high part.
    low: Vec<u32>,
    high: Vec<u32>,
}

impl Unranker {
    /// Tables for `index`, when its halves are small enough (at most 12
    /// tiles, 2^22 entries a half); `None` otherwise.
    pub(crate) fn new(index: &GroupIndex) -> Option<Self> {
        let k = index.k;
        if k == 0 || k > 12 {
            return None;
        }
        let low_tiles = k / 2;
        let radix = |j: usize| (index.n - j) as u64;
        let low_size: u64 = (k - low_tiles..k).map(radix).product();
        let high_size: u64 = (0..k - low_tiles).map(radix).product();
        if low_size > 1 << 22 || high_size > 1 << 22 {
            return None;
        }
        let digits = |mut r: u64, tiles: std::ops::Range<usize>| {
            let mut packed = 0u32;
            for (i, j) in tiles.clone().enumerate().rev() {
                packed |= ((r % radix(j)) as u32) << (5 * i);
                r /= radix(j);
            }
            packed
        };
        Some(Unranker {
            index: index.clone(),
            low_size,
            low_tiles,
            low: (0..low_size).map(|r| digits(r, k - low_tiles..k)).collect(),
            high: (0..high_size).map(|r| digits(r, 0..k - low_tiles)).collect(),
        })
    }

    /// [`GroupIndex::unrank`].
    #[inline]
    pub(crate) fn unrank(&self, r: u64, cells: &mut [u8]) {
        let k = self.index.k;
        let (high, low) = (
            self.high[(r / self.low_size) as usize],
            self.low[(r % self.low_size) as usize],
        );
        let mut free = if self.index.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.index.n) - 1
        };
        let high_tiles = k - self.low_tiles;
        for (j, cell) in cells[..k].iter_mut().enumerate() {
            let d = if j < high_tiles {
                high >> (5 * j)
            } else {
                low >> (5 * (j - high_tiles))
            } & 31;
            let c = select(free, d);
            *cell = c as u8;
            free &= !(1u64 << c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_finds_every_set_bit() {
        for free in [0b1011_0110u64, 0xFFFF_FFFF, 0x8000_0001, 0x00F0_F00F, 1 << 31 | 1 << 17] {
            let bits: Vec<u32> = (0..32).filter(|&b| free >> b & 1 == 1).collect();
            for (d, &b) in bits.iter().enumerate() {
                assert_eq!(select(free, d as u32), b, "{free:#x} bit {d}");
            }
        }
    }

    #[test]
    fn rank_is_a_bijection_and_moves_update_it() {
        for (n, k) in [(6usize, 3usize), (9, 4), (8, 8), (16, 2), (25, 3), (32, 2), (7, 1)] {
            let g = GroupIndex::new(n, k);
            let mut seen = vec![false; g.size() as usize];
            let mut cells = [0u8; MAX_PDB_CELLS];
            for r in 0..g.size() {
                g.unrank(r, &mut cells);
                assert_eq!(g.rank(&cells[..k]), r);
                let mut distinct = cells[..k].to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), k);
                assert!(!seen[r as usize]);
                if let Some(fast) = Unranker::new(&g) {
                    let mut again = [0u8; MAX_PDB_CELLS];
                    fast.unrank(r, &mut again);
                    assert_eq!(again[..k], cells[..k]);
                }
                seen[r as usize] = true;
                // Every move of every tile to every free cell.
                let mut order_at = [NO_TILE; MAX_PDB_CELLS];
                for (j, &c) in cells[..k].iter().enumerate() {
                    order_at[c as usize] = j as u8;
                }
                for j in 0..k {
                    for to in 0..n as u8 {
                        if order_at[to as usize] != NO_TILE {
                            continue;
                        }
                        let mut moved = cells;
                        moved[j] = to;
                        assert_eq!(g.rank_after(r, j, cells[j], to, |c| order_at[c]), g.rank(&moved[..k]));
                    }
                }
            }
        }
    }
}
