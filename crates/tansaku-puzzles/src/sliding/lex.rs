//! Lexicographic ranks of the sequences of a multiset of at most four
//! letters and at most 16 cells, by two table reads (the Line Puzzle's
//! boards: 15 tiles of four kinds).
//!
//! The lexicographic rank of a sequence among the arrangements of its
//! multiset is a sum over its cells: at each cell, the arrangements that
//! agree with it before that cell and have a smaller letter there. Cut the
//! sequence into a head (the first, most significant, cells) and a tail.
//! A head cell's term depends on the head alone, since the tail holds what
//! the head leaves; a tail cell's term on the tail alone. So the rank is
//! `head[h] + tail[t]`, with `h` and `t` the letters packed at two bits a
//! cell: a few shifts and two reads of tables of at most 2^16 entries,
//! where a combinatorial rank takes a popcount and a table read per tile.
//!
//! Unranking inverts the sum. The heads, in lexicographic order, cut the
//! ranks into blocks, one a head, each as long as the number of
//! arrangements of what the head leaves; a bucket table finds the block in
//! one read and a step or two, and the tail is the entry of its multiset's
//! list of arrangements at the offset within the block. A search that
//! expands ranks in order stays inside one block for hundreds of ranks.

/// Most cells a sequence may have (a board of 16 cells less the empty one).
const MAX_CELLS: usize = 16;

/// The tables of one multiset.
#[derive(Clone, Debug)]
pub(crate) struct Lex {
    /// Cells in a sequence.
    cells: usize,
    /// Cells in the head.
    head_cells: usize,
    /// `0x11..1` over the sequence's nibbles: letter `l` is nibble `l + 1`.
    ones: u64,
    /// By the head's letters (two bits a cell): the first rank of its block.
    head: Vec<u32>,
    /// By the tail's letters: its rank among its multiset's arrangements.
    tail: Vec<u32>,
    /// By block, in rank order: the first rank, with the number of ranks
    /// after the last block.
    start: Vec<u32>,
    /// By block: the head's nibbles.
    head_nibbles: Vec<u64>,
    /// By block: where its tails start in `tails`.
    tail_base: Vec<u32>,
    /// Every multiset's arrangements, in order, as nibbles shifted into
    /// place after the head.
    tails: Vec<u64>,
    /// `bucket[q >> shift]`: the block of rank `q >> shift << shift`.
    bucket: Vec<u32>,
    shift: u32,
}

/// Number of arrangements of `counts` (a multinomial coefficient).
fn arrangements(counts: &[u8]) -> u64 {
    let mut total = 1u64;
    let mut n = 0u64;
    for &c in counts {
        for i in 1..=c as u64 {
            n += 1;
            // Exact at every step: a product of binomial coefficients.
            total = total * n / i;
        }
    }
    total
}

/// Calls `f(letters, nibbles, used)` for every sequence of `len` cells
/// whose letter counts stay within `avail`, in lexicographic order (the
/// first cell most significant); `letters` has two bits a cell, `nibbles`
/// four (letter + 1), `used` the counts taken.
fn each_sequence(avail: &[u8], len: usize, f: &mut impl FnMut(u32, u64, &[u8])) {
    fn go(
        avail: &[u8],
        used: &mut [u8],
        cell: usize,
        len: usize,
        letters: u32,
        nibbles: u64,
        f: &mut impl FnMut(u32, u64, &[u8]),
    ) {
        if cell == len {
            f(letters, nibbles, used);
            return;
        }
        for l in 0..avail.len() {
            if used[l] < avail[l] {
                used[l] += 1;
                go(
                    avail,
                    used,
                    cell + 1,
                    len,
                    letters | (l as u32) << (2 * cell),
                    nibbles | (l as u64 + 1) << (4 * cell),
                    f,
                );
                used[l] -= 1;
            }
        }
    }
    let mut used = vec![0u8; avail.len()];
    go(avail, &mut used, 0, len, 0, 0, f);
}

impl Lex {
    /// The tables for `counts[l]` copies of letter `l`, when there are at
    /// most four letters and 16 cells.
    pub(crate) fn new(counts: &[u8]) -> Option<Self> {
        let cells: usize = counts.iter().map(|&c| c as usize).sum();
        if counts.len() > 4 || cells > MAX_CELLS || cells == 0 {
            return None;
        }
        let head_cells = cells.div_ceil(2);
        let tail_cells = cells - head_cells;
        let mut lex = Lex {
            cells,
            head_cells,
            ones: 0x1111_1111_1111_1111 >> (4 * (MAX_CELLS - cells)),
            head: vec![u32::MAX; 1 << (2 * head_cells)],
            tail: vec![u32::MAX; 1 << (2 * tail_cells)],
            start: Vec::new(),
            head_nibbles: Vec::new(),
            tail_base: Vec::new(),
            tails: Vec::new(),
            bucket: Vec::new(),
            shift: 0,
        };
        // The tails of each multiset a head can leave, listed once.
        let mut bases = std::collections::HashMap::<Vec<u8>, u32>::new();
        let mut first = 0u64;
        let (head, start, head_nibbles, tail_base, tail, tails) = (
            &mut lex.head,
            &mut lex.start,
            &mut lex.head_nibbles,
            &mut lex.tail_base,
            &mut lex.tail,
            &mut lex.tails,
        );
        each_sequence(counts, head_cells, &mut |letters, nibbles, used| {
            let left: Vec<u8> = counts.iter().zip(used).map(|(&c, &u)| c - u).collect();
            let base = *bases.entry(left.clone()).or_insert_with(|| {
                let base = tails.len() as u32;
                each_sequence(&left, tail_cells, &mut |t, n, _| {
                    tail[t as usize] = tails.len() as u32 - base;
                    tails.push(n << (4 * head_cells));
                });
                base
            });
            head[letters as usize] = first as u32;
            start.push(first as u32);
            head_nibbles.push(nibbles);
            tail_base.push(base);
            first += arrangements(&left);
        });
        if first > u32::MAX as u64 / 2 {
            return None;
        }
        lex.start.push(first as u32);
        // About one bucket a block.
        let blocks = lex.head_nibbles.len() as u64;
        lex.shift = (first / blocks).max(1).ilog2();
        let mut b = 0usize;
        for q in (0..first).step_by(1 << lex.shift) {
            while lex.start[b + 1] as u64 <= q {
                b += 1;
            }
            lex.bucket.push(b as u32);
        }
        Some(lex)
    }

    /// Number of sequences.
    pub(crate) fn count(&self) -> u64 {
        *self.start.last().expect("a sentinel") as u64
    }

    /// The rank of a sequence given as nibbles (letter `l` as `l + 1`, the
    /// first cell lowest).
    #[inline]
    pub(crate) fn rank(&self, nibbles: u64) -> u64 {
        // Two bits a cell: letter l at bits 2i.
        let x = nibbles - self.ones;
        let x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
        let x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
        let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
        let x = (x | x >> 16) & 0xFFFF_FFFF;
        let h = 2 * self.head_cells as u32;
        (self.head[(x & ((1 << h) - 1)) as usize] + self.tail[(x >> h) as usize]) as u64
    }

    /// The sequence of rank `q` (below [`Lex::count`]) as nibbles.
    #[inline]
    pub(crate) fn unrank(&self, q: u64) -> u64 {
        let q = q as u32;
        let mut b = self.bucket[(q >> self.shift) as usize] as usize;
        while self.start[b + 1] <= q {
            b += 1;
        }
        self.head_nibbles[b] | self.tails[(self.tail_base[b] + q - self.start[b]) as usize]
    }

    /// Cells in a sequence.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rank by definition: a walk over the cells.
    fn slow_rank(counts: &[u8], seq: &[u8]) -> u64 {
        let mut left = counts.to_vec();
        let mut r = 0;
        for &l in seq {
            for smaller in 0..l as usize {
                if left[smaller] > 0 {
                    left[smaller] -= 1;
                    r += arrangements(&left);
                    left[smaller] += 1;
                }
            }
            left[l as usize] -= 1;
        }
        r
    }

    #[test]
    fn ranks_are_lexicographic_and_unrank_inverts_them() {
        for counts in [
            vec![1u8],
            vec![2, 1],
            vec![1, 1, 1, 1],
            vec![3, 2, 2],
            vec![2, 3, 1, 2],
            vec![1, 0, 3],
        ] {
            let lex = Lex::new(&counts).unwrap();
            let mut r = 0u64;
            let n = counts.iter().map(|&c| c as usize).sum();
            each_sequence(&counts, n, &mut |_, nibbles, used| {
                if used == counts.as_slice() {
                    let seq: Vec<u8> = (0..n).map(|i| (nibbles >> (4 * i) & 15) as u8 - 1).collect();
                    assert_eq!(slow_rank(&counts, &seq), r, "{counts:?} {seq:?}");
                    assert_eq!(lex.rank(nibbles), r, "{counts:?} {seq:?}");
                    assert_eq!(lex.unrank(r), nibbles, "{counts:?} {r}");
                    r += 1;
                }
            });
            assert_eq!(lex.count(), r);
            assert_eq!(r, arrangements(&counts));
        }
    }

    #[test]
    fn the_line_puzzles_multiset_samples() {
        let counts = [4u8, 4, 4, 3];
        let lex = Lex::new(&counts).unwrap();
        assert_eq!(lex.count(), 15_765_750);
        let mut x = 1u64;
        for _ in 0..20_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let q = (x >> 11) % lex.count();
            let nibbles = lex.unrank(q);
            let seq: Vec<u8> = (0..15).map(|i| (nibbles >> (4 * i) & 15) as u8 - 1).collect();
            assert_eq!(slow_rank(&counts, &seq), q);
            assert_eq!(lex.rank(nibbles), q);
        }
        assert!(Lex::new(&[1, 1, 1, 1, 1]).is_none());
        assert!(Lex::new(&[9, 8]).is_none());
    }
}
