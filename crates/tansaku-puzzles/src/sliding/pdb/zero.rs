//! Zero-aware pattern databases (Clausecker & Reinefeld): a pattern's
//! distance with the empty cell's place taken into account.
//!
//! An additive table keeps, for every placement of a pattern's tiles, the
//! least number of pattern-tile moves over every region of free cells the
//! empty cell may be in. Where the pattern's tiles cut the free cells into
//! several regions (a corner walled off by two tiles), the region the
//! empty cell is really in may need more moves: the tiles must first let
//! it out. A zero-aware table keeps the distance of every (placement,
//! empty cell) and stays additive, as it still counts only the pattern's
//! own moves.
//!
//! A move of a pattern tile is one step of the abstract search, so it
//! changes that pattern's distance by exactly one, up or down (the sum of
//! the pattern tiles' rows and columns changes parity with every such
//! move); the moves of other tiles leave it alone (the empty cell stays in
//! its region). So one bit an entry is enough, bit 1 of the distance: of
//! `h - 1` and `h + 1` it tells which one the child has. IDA* keeps each
//! pattern's distance exactly and updates it from that bit; the distance
//! of the start is found by walking down the table to the goal
//! ([`ZeroTable::distance`]). A 6-tile pattern of the 24-puzzle takes 19
//! bits a placement: 303 MB where the additive table takes 128 MB.

use super::geometry::{Geometry, MAX_PDB_CELLS};
use super::index::GroupIndex;

/// A zero-aware table: bit 1 of the distance of every (placement, free
/// cell), as [`super::build_zero_aware`] writes it.
#[derive(Clone, Debug)]
pub struct ZeroTable {
    /// Free cells a placement (cells less pattern tiles).
    free: u64,
    bits: Vec<u8>,
}

/// The ordinal of cell `c` among the cells not in `occupied` (the slot of
/// the empty cell in its placement's bits).
///
/// ```
/// use tansaku_puzzles::sliding::pdb::zero::slot;
/// assert_eq!(slot(0b0110, 4), 2); // cells 0 and 3 are free below 4
/// ```
#[inline]
pub fn slot(occupied: u64, c: u8) -> u64 {
    (!occupied & ((1u64 << c) - 1)).count_ones() as u64
}

impl ZeroTable {
    /// The table of `bits` for placements of `free` free cells each.
    pub fn new(free: usize, bits: Vec<u8>) -> Self {
        ZeroTable {
            free: free as u64,
            bits,
        }
    }

    /// The table's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bits
    }

    /// The free cells of a placement (bits a placement).
    pub fn free(&self) -> u64 {
        self.free
    }

    /// Where the bit of placement `rank` with the empty cell on the free
    /// cell of ordinal `slot` is.
    #[inline]
    pub fn at(&self, rank: u64, slot: u64) -> u64 {
        rank * self.free + slot
    }

    /// The bit at `i` ([`ZeroTable::at`]).
    #[inline]
    pub fn bit(&self, i: u64) -> u32 {
        u32::from(self.bits[(i >> 3) as usize] >> (i & 7)) & 1
    }

    /// Asks for the byte of bit `i` ahead of its read.
    #[inline]
    pub fn prefetch(&self, i: u64) {
        tansaku_core::memory::prefetch(&self.bits[(i >> 3) as usize]);
    }

    /// The distance after a move of one of the pattern's tiles from a
    /// position at distance `h`, the new position's bit being `bit`.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::zero::ZeroTable;
    /// assert_eq!(ZeroTable::step(4, 1), 3); // 3 = 0b11: bit 1 set
    /// assert_eq!(ZeroTable::step(4, 0), 5);
    /// assert_eq!(ZeroTable::step(0, 0), 1);
    /// ```
    #[inline]
    pub fn step(h: u32, bit: u32) -> u32 {
        if h > 0 && ((h - 1) >> 1) & 1 == bit {
            h - 1
        } else {
            h + 1
        }
    }

    /// The distance of the pattern whose tiles stand on `cells` (pattern
    /// order) with the empty cell on `blank`, to `goal_cells` with the
    /// empty cell in the region of `goal_blank`: a walk down the table,
    /// each step to the neighbour whose distance is one less (the bit and
    /// the parity of the tiles' rows and columns give every distance
    /// modulo 4). Costs a flood fill and a few lookups a move of the
    /// distance; IDA* asks it only at the start.
    pub fn distance(
        &self,
        geo: &Geometry,
        index: &GroupIndex,
        goal_cells: &[u8],
        goal_blank: u8,
        cells: &[u8],
        blank: u8,
    ) -> u32 {
        let k = index.tiles();
        let w = geo.width();
        let weight = |cs: &[u8]| cs.iter().map(|&c| c as usize % w + c as usize / w).sum::<usize>();
        let mut here = [0u8; MAX_PDB_CELLS];
        here[..k].copy_from_slice(&cells[..k]);
        let mut blank = blank;
        let occupied = |cs: &[u8]| cs.iter().fold(0u64, |m, &c| m | 1 << c);
        let parity = (weight(&here[..k]) + weight(goal_cells)) as u32 & 1;
        let mut modulo = 2 * self.bit(self.at(index.rank(&here[..k]), slot(occupied(&here[..k]), blank))) + parity;
        // A distance never passes the number of placements and regions;
        // a walk that would is a damaged table, and 0 is always a bound.
        for steps in 0..=u32::from(u8::MAX) {
            let taken = occupied(&here[..k]);
            let region = geo.flood(geo.board() & !taken, 1 << blank);
            if here[..k] == goal_cells[..k] && region >> goal_blank & 1 == 1 {
                return steps;
            }
            let down = (modulo + 3) & 3;
            let mut moved = false;
            'tiles: for j in 0..k {
                let c = here[j];
                let mut targets = geo.neighbours(c as usize) & region;
                while targets != 0 {
                    let d = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let mut next = here;
                    next[j] = d;
                    let after = (taken ^ 1 << c) | 1 << d;
                    let bit = self.bit(self.at(index.rank(&next[..k]), slot(after, c)));
                    if 2 * bit + (modulo & 1 ^ 1) == down {
                        here = next;
                        blank = c;
                        modulo = down;
                        moved = true;
                        break 'tiles;
                    }
                }
            }
            if !moved {
                break;
            }
        }
        debug_assert!(false, "the zero-aware table leads nowhere");
        0
    }
}

#[cfg(test)]
mod tests {
    use super::super::build_zero_aware;
    use super::*;
    use std::collections::VecDeque;

    /// The distance of every (placement, empty cell) of one pattern by a
    /// 0-1 breadth-first search over real moves of the empty cell (a
    /// pattern tile's move costs one, another tile's nothing), from the
    /// goal placement with the empty cell on `goal_blank`.
    fn brute(geo: &Geometry, goal: &[u8], goal_blank: u8) -> Vec<u32> {
        let n = geo.cells();
        let k = goal.len();
        let index = GroupIndex::new(n, k);
        let key = |cells: &[u8], b: u8| index.rank(cells) as usize * n + b as usize;
        let mut dist = vec![u32::MAX; index.size() as usize * n];
        let mut queue = VecDeque::new();
        dist[key(goal, goal_blank)] = 0;
        queue.push_back((goal.to_vec(), goal_blank));
        while let Some((cells, b)) = queue.pop_front() {
            let d = dist[key(&cells, b)];
            let mut nb = geo.neighbours(b as usize);
            while nb != 0 {
                let c = nb.trailing_zeros() as u8;
                nb &= nb - 1;
                let mut next = cells.clone();
                let cost = match cells.iter().position(|&x| x == c) {
                    Some(j) => {
                        next[j] = b;
                        1
                    }
                    None => 0,
                };
                let e = &mut dist[key(&next, c)];
                if d + cost < *e {
                    *e = d + cost;
                    if cost == 0 {
                        queue.push_front((next, c));
                    } else {
                        queue.push_back((next, c));
                    }
                }
            }
        }
        dist
    }

    #[test]
    fn zero_aware_distances_are_the_brute_force_ones() {
        for (w, h, goal, blank) in [
            (3usize, 3usize, vec![0u8, 1, 3], 8u8),
            (3, 3, vec![1, 2, 4, 5], 0),
            (4, 3, vec![0, 4, 5], 11),
            (2, 4, vec![0, 1, 2], 7),
        ] {
            let geo = Geometry::new(w, h);
            let n = geo.cells();
            let k = goal.len();
            let index = GroupIndex::new(n, k);
            let (table, bits, _) = build_zero_aware(&geo, &goal, blank, &tansaku_core::Context::new());
            let z = ZeroTable::new(n - k, bits);
            let truth = brute(&geo, &goal, blank);
            let mut cells = [0u8; MAX_PDB_CELLS];
            let mut saw_more = false;
            for r in 0..index.size() {
                index.unrank(r, &mut cells);
                let taken = cells[..k].iter().fold(0u64, |m, &c| m | 1 << c);
                let mut least = u32::MAX;
                for b in (0..n as u8).filter(|&b| taken >> b & 1 == 0) {
                    let d = truth[r as usize * n + b as usize];
                    least = least.min(d);
                    assert_eq!(
                        z.distance(&geo, &index, &goal, blank, &cells[..k], b),
                        d,
                        "{w}x{h} {goal:?} rank {r} blank {b}"
                    );
                    assert_eq!(z.bit(z.at(r, slot(taken, b))), (d >> 1) & 1);
                    saw_more |= d > u32::from(table[r as usize]);
                }
                assert_eq!(u32::from(table[r as usize]), least, "the additive entry is the least");
            }
            assert!(saw_more, "{w}x{h} {goal:?}: some region needs more than the least");
        }
    }
}
