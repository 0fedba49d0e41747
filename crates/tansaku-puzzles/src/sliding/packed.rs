//! Small sliding puzzles packed into one machine word.
//!
//! A board of at most 16 cells whose labels fit in 4 bits (the 8-puzzle,
//! the 15-puzzle, the Line Puzzle) is one `u64`, a nibble per cell. A slide
//! is two masks and two shifts, the empty cell is found by a zero-nibble
//! test, and equality is one compare: the graph searches (BFS,
//! bidirectional) run several times faster than on [`SlideState`], whose
//! 37 bytes are written byte by byte. Same moves, same ranks, same goal:
//! a search on [`Packed`] stores the same states in the same order, and
//! [`Packed::unpack_solution`] turns its answer back into boards.

use super::{SlideMove, SlideState, Sliding};
use tansaku_core::search::Solution;
use tansaku_core::{Puzzle, Ranked};

/// Low bit of every nibble.
const NIBBLE_LOW: u64 = 0x1111_1111_1111_1111;

/// A [`Sliding`] puzzle on packed boards.
#[derive(Clone, Debug)]
pub struct Packed<'a> {
    p: &'a Sliding,
    /// `neighbours[c]`: a bit per cell next to `c` (in increasing order,
    /// the order of [`Sliding`]'s moves).
    neighbours: [u16; 16],
    goal: u64,
    /// The low bit of the nibble of every cell of the board.
    used: u64,
    /// [`Sliding`]'s Lehmer weights by label, kept here so that a rank
    /// update reads them without following two pointers; `None` when the
    /// labels repeat.
    weight: Option<[u64; 16]>,
    /// `pass[l * 16 + b]`: what tile `l` sliding over tile `b` adds to the
    /// rank change (both weights when `b > l`, else nothing).
    pass: [u64; 256],
    /// Most cells a slide passes over: the width minus one (vertical moves).
    span: u32,
}

impl<'a> Packed<'a> {
    /// The packed view of `p`, when its boards fit in a word (at most 16
    /// cells, labels below 16).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{packed::Packed, parse_board, Sliding};
    /// use tansaku_core::search::bfs_ranked;
    ///
    /// let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    /// let k = Packed::new(&p).unwrap();
    /// let sol = k.unpack_solution(bfs_ranked(&k, &k.pack(&s), &tansaku_core::Context::new()).unwrap());
    /// assert_eq!((sol.len(), sol.stats.generated), (31, 181_440));
    /// assert_eq!(p.format(&sol.states[0]), "867/254/3_1");
    /// ```
    pub fn new(p: &'a Sliding) -> Option<Self> {
        if p.cells() > 16 || p.counts.len() > 16 {
            return None;
        }
        let used = if p.cells() == 16 {
            NIBBLE_LOW
        } else {
            NIBBLE_LOW & ((1u64 << (4 * p.cells())) - 1)
        };
        let mut neighbours = [0u16; 16];
        for (c, list) in p.neighbours.iter().enumerate() {
            neighbours[c] = list.iter().map(|&n| 1u16 << n).sum();
        }
        let weight = (!p.lehmer_weight.is_empty()).then(|| {
            let mut w = [0u64; 16];
            w[..p.lehmer_weight.len()].copy_from_slice(&p.lehmer_weight);
            w
        });
        let mut k = Packed {
            p,
            neighbours,
            goal: 0,
            used,
            weight,
            pass: [0; 256],
            span: p.width().saturating_sub(1) as u32,
        };
        if let Some(w) = weight {
            for l in 0..16 {
                for b in l + 1..16 {
                    k.pass[l * 16 + b] = w[l] + w[b];
                }
            }
        }
        k.goal = k.pack(&p.goal);
        Some(k)
    }

    /// The packed board.
    pub fn pack(&self, s: &SlideState) -> u64 {
        s.cells[..self.p.cells()]
            .iter()
            .enumerate()
            .fold(0, |x, (c, &l)| x | (l as u64) << (4 * c))
    }

    /// The board of a packed board.
    pub fn unpack(&self, x: u64) -> SlideState {
        let mut cells = [0u8; super::MAX_CELLS];
        for (c, cell) in cells[..self.p.cells()].iter_mut().enumerate() {
            *cell = (x >> (4 * c) & 15) as u8;
        }
        SlideState {
            cells,
            blank: self.blank(x) as u8,
        }
    }

    /// A solution on packed boards as one on boards.
    pub fn unpack_solution(&self, sol: Solution<Packed<'_>>) -> Solution<Sliding> {
        Solution {
            moves: sol.moves,
            states: sol.states.iter().map(|&x| self.unpack(x)).collect(),
            stats: sol.stats,
            iterations: sol.iterations,
            layers: sol.layers,
        }
    }

    /// The empty cell: the board's one zero nibble.
    #[inline]
    pub(crate) fn blank(&self, x: u64) -> usize {
        let z = !x;
        let z = z & z >> 1;
        let z = z & z >> 2;
        ((z & self.used).trailing_zeros() / 4) as usize
    }

    #[inline]
    fn label(x: u64, cell: usize) -> usize {
        (x >> (4 * cell) & 15) as usize
    }
}

impl Puzzle for Packed<'_> {
    type State = u64;
    type Move = SlideMove;

    #[inline]
    fn for_each_successor(&self, &x: &u64, mut f: impl FnMut(SlideMove, u64)) {
        let b = self.blank(x);
        let mut next = self.neighbours[b];
        while next != 0 {
            let from = next.trailing_zeros();
            next &= next - 1;
            let tile = x >> (4 * from) & 15;
            f(
                SlideMove {
                    from: from as u8,
                    to: b as u8,
                },
                x & !(15 << (4 * from)) | tile << (4 * b as u32),
            );
        }
    }

    fn apply(&self, &x: &u64, m: SlideMove) -> Option<u64> {
        let b = self.blank(x);
        (m.to as usize == b && self.p.neighbours[b].contains(&m.from))
            .then(|| x & !(15 << (4 * m.from as u32)) | (Self::label(x, m.from as usize) as u64) << (4 * b as u32))
    }

    #[inline]
    fn is_goal(&self, &x: &u64) -> bool {
        x == self.goal
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<u64>> {
        Some(vec![self.goal])
    }
}

impl Ranked for Packed<'_> {
    fn state_count(&self) -> u64 {
        self.p.state_count()
    }

    /// The rank of the board (the same as [`Sliding`]'s); for distinct
    /// tiles read straight off the nibbles.
    #[inline]
    fn rank(&self, &x: &u64) -> u64 {
        let Some(w) = &self.weight else {
            return self.p.rank(&self.unpack(x));
        };
        // Label l's digit: the cells before it holding a larger label or
        // the empty cell (bit 63 of `seen`, above every label's bit).
        let mut seen = 0u64;
        let mut r = 0u64;
        for c in 0..self.p.cells() {
            let l = Self::label(x, c);
            let bit = if l == 0 { 1 << 63 } else { 2u64 << l };
            r += (seen & !(bit | (bit - 1))).count_ones() as u64 * w[l];
            seen |= bit;
        }
        r
    }

    fn unrank(&self, r: u64) -> u64 {
        self.pack(&self.p.unrank(r))
    }

    /// As [`Sliding`]'s: only the moved tile's digit and those of the tiles
    /// between its two cells change.
    #[inline]
    fn rank_after(&self, &x: &u64, rank_s: u64, m: SlideMove, &t: &u64) -> u64 {
        let Some(w) = &self.weight else {
            return self.rank(&t);
        };
        let (from, to) = (m.from as u32, m.to as u32);
        let l = (x >> (4 * from) & 15) as usize;
        let (lo, hi) = (from.min(to), from.max(to));
        // The cells passed over (none for a sideways move), as nibbles; the
        // same number of steps for every move and no branch: whether a
        // move is vertical and which tiles are larger are coin tosses for
        // the branch predictor. An empty nibble (label 0) adds nothing.
        let passed = x >> (4 * lo) >> 4 & ((1u64 << (4 * (hi - lo - 1))) - 1);
        let pass = &self.pass[l * 16..l * 16 + 16];
        let mut delta = w[l];
        for k in 0..self.span {
            delta += pass[(passed >> (4 * k) & 15) as usize];
        }
        if from < to { rank_s + delta } else { rank_s - delta }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_board;
    use super::*;

    #[test]
    fn packed_boards_move_and_rank_like_boards() {
        for (goal, size) in [
            ("123/456/78_", None),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))),
            ("AAB_/AABB/CCDD/CCDD", None),
            ("12/3_", None),
            // Widths 2 to 5: a vertical slide passes over 1 to 4 tiles.
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0", Some((5, 3))),
            ("1 2 3 4 5 6 7 8 9 10 11 0", Some((4, 3))),
            ("1 2 3 4 5 6 7 8 9 10 11 0", Some((3, 4))),
            ("1 2 3 4 5 6 7 0", Some((2, 4))),
        ] {
            let b = parse_board(goal, size).unwrap();
            let (p, _) = Sliding::new(&b, Some(&b)).unwrap();
            let k = Packed::new(&p).unwrap();
            let mut r = 12345u64;
            for _ in 0..300 {
                r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let s = p.unrank((r >> 11) % p.state_count());
                let x = k.pack(&s);
                assert_eq!(k.unpack(x), s);
                assert_eq!(k.rank(&x), p.rank(&s));
                assert_eq!(k.unrank(k.rank(&x)), x);
                let mut boards = Vec::new();
                p.for_each_successor(&s, |m, t| boards.push((m, t)));
                let mut packed = Vec::new();
                k.for_each_successor(&x, |m, t| packed.push((m, t)));
                assert_eq!(boards.len(), packed.len());
                for ((m, t), (pm, pt)) in boards.iter().zip(&packed) {
                    assert_eq!((m, k.pack(t)), (pm, *pt));
                    assert_eq!(k.apply(&x, *m), Some(*pt));
                    assert_eq!(k.rank_after(&x, k.rank(&x), *pm, pt), p.rank(t));
                    assert_eq!(k.is_goal(pt), p.is_goal(t));
                }
            }
        }
        let big = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0", Some((5, 4))).unwrap();
        assert!(Packed::new(&Sliding::new(&big, None).unwrap().0).is_none());
    }
}
