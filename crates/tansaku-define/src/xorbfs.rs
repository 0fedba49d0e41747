//! Breadth-first distances of a projection that keeps `k` pieces of one
//! set with two orientations each (a cube's edges), a block of `2^k`
//! positions at a time, written four bits an entry.
//!
//! Such a projection ranks a position `p * 2^k + o`: `p` where the kept
//! pieces are (a `k`-permutation of the set's slots), `o` their flips, a
//! bit a piece in piece order ([`Tws::rank_of`]). A move takes `p` to
//! `p'` and flips the pieces that land on flipping slots: `o' = o XOR t`,
//! `t` depending on `p` and the move alone. So the `2^k` positions of one
//! arrangement move together onto those of `p'`, their bits permuted by
//! `XOR t`, which for most moves of a cube is nothing at all (only the
//! quarter turns of two faces flip edges).
//!
//! The search keeps three bitsets of every rank (reached, the level's
//! frontier, the next level) and runs each level either top-down (every
//! arrangement with frontier bits pushes them through every move into the
//! next level, with an atomic OR a word) or bottom-up (every arrangement
//! with unreached bits pulls them from its neighbours' frontier, and stops
//! as soon as they are all found), as in direction-optimising BFS. The
//! generic engine expands one position at a time; here one rank and one
//! table word serve `2^k` positions. The table is the same, entry for
//! entry (tested).
//!
//! Distances are kept four bits an entry ([`NIBBLE_UNREACHED`]: not
//! reached; larger distances than [`NIBBLE_MAX`] are written as it, which
//! still bounds the true distance from below).

use super::tws::Tws;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use tansaku_core::context::Context;
use tansaku_core::memory::prefetch;
use tansaku_core::search::SearchError;

/// The nibble of a position no move sequence reaches.
pub const NIBBLE_UNREACHED: u8 = 15;
/// The largest distance a nibble holds; farther positions get it.
pub const NIBBLE_MAX: u8 = 14;

/// Fewest kept pieces the engine takes: a block is then at least a word.
const MIN_K: usize = 6;
/// Most kept pieces: a block of 16 words.
const MAX_K: usize = 10;
/// Most moves a projection may have.
const MAX_MOVES: usize = 64;
/// Arrangements per parallel work item.
const CHUNK: usize = 1 << 12;

/// A projection the block engine suits (see the module documentation).
#[derive(Debug)]
pub struct XorProjection {
    /// Slots of the set.
    n: usize,
    /// Pieces kept.
    k: usize,
    /// The weight of piece `j`'s Lehmer digit in the rank of `p`.
    weights: [u64; MAX_K],
    /// Arrangements (`n! / (n - k)!`).
    positions: u64,
    /// Per move: where the piece on slot `i` goes, and whether it flips
    /// there (bit 7).
    moves: Vec<[u8; 64]>,
    /// The solved positions' ranks.
    goals: Vec<u64>,
}

/// What the engine leaves: the largest distance, the histogram, and the
/// table, two entries a byte (the even rank in the low nibble).
pub struct Nibbles {
    /// The largest distance (it may pass [`NIBBLE_MAX`]; the table then
    /// holds [`NIBBLE_MAX`] there).
    pub longest: u32,
    /// Positions at each distance.
    pub histogram: Vec<u64>,
    /// The entries, two a byte.
    pub table: Vec<u8>,
}

impl XorProjection {
    /// The engine for `t`, a projection, or `None` when `t` is not one it
    /// suits: one set, some of its pieces kept (between 6 and 10) with two
    /// orientations in piece order, every move's inverse among the moves.
    pub fn new(t: &Tws) -> Option<XorProjection> {
        let [set] = &t.sets[..] else { return None };
        let (n, k) = (set.count, set.digits());
        if set.orientations != 2 || !set.piece_order || set.classes.partial() != k || !(MIN_K..=MAX_K).contains(&k) {
            return None;
        }
        if n > 64 || k >= n {
            return None;
        }
        let mut weights = [1u64; MAX_K];
        for (j, w) in weights.iter_mut().enumerate().take(k) {
            *w = ((n - k + 1)..n - j).map(|x| x as u64).product();
        }
        let positions: u64 = (n - k + 1..=n).map(|x| x as u64).product();
        if positions != set.classes.count() {
            return None;
        }
        let moves: Vec<[u8; 64]> = t
            .metric_moves
            .iter()
            .map(|&i| {
                let a = &t.actions[i];
                let mut m = [0u8; 64];
                for (j, &f) in a.from[..n].iter().enumerate() {
                    // The piece on slot `f` lands on `j`, picking up `j`'s twist.
                    m[usize::from(f)] = j as u8 | (a.twist[j] & 1) << 7;
                }
                m
            })
            .collect();
        // Every move undone by one of the moves: the bottom-up levels pull
        // through the same moves as top-down ones push.
        let closed = moves.iter().all(|a| {
            moves.iter().any(|b| {
                (0..n).all(|i| {
                    let x = a[i];
                    let y = b[usize::from(x & 63)];
                    usize::from(y & 63) == i && (x ^ y) & 128 == 0
                })
            })
        });
        if !closed || moves.len() > MAX_MOVES {
            return None;
        }
        let goals = t.goals.iter().map(|g| t.rank_of(g)).collect();
        Some(XorProjection {
            n,
            k,
            weights,
            positions,
            moves,
            goals,
        })
    }

    /// Entries of the table (`positions * 2^k`).
    pub fn entries(&self) -> u64 {
        self.positions << self.k
    }

    /// Bytes the build holds at its peak: three bitsets and the table.
    pub fn build_bytes(&self) -> u64 {
        let bits = self.entries().div_ceil(8);
        bits * 3 + self.entries().div_ceil(2)
    }

    /// The distances of every rank, built on every core under `ctx`'s
    /// stop signals and progress observer.
    pub fn distances(&self, ctx: &Context) -> Result<Nibbles, SearchError> {
        let words_per = 1usize << (self.k - 6);
        let blocks = usize::try_from(self.positions)
            .map_err(|_| SearchError::Unsupported("state space too large for this machine".into()))?;
        let words = blocks * words_per;
        let zeroed = |len: usize| -> Vec<AtomicU64> {
            tansaku_core::memory::huge_collect((0..len).into_par_iter().map(|_| AtomicU64::new(0)))
        };
        let (seen, frontier, next) = (zeroed(words), zeroed(words), zeroed(words));
        let mut table =
            tansaku_core::memory::huge_zeroed(usize::try_from(self.entries().div_ceil(2)).unwrap_or(usize::MAX));
        table.par_chunks_mut(1 << 16).for_each(|c| c.fill(0xFF));
        let mut histogram = vec![0u64];
        for &g in &self.goals {
            let (b, o) = ((g >> self.k) as usize, (g & ((1 << self.k) - 1)) as usize);
            let (w, bit) = (b * words_per + o / 64, 1u64 << (o % 64));
            if seen[w].fetch_or(bit, Relaxed) & bit == 0 {
                frontier[w].fetch_or(bit, Relaxed);
                histogram[0] += 1;
                put_nibble(&mut table, g, 0);
            }
        }
        let total = self.entries();
        let progress = tansaku_core::progress::Progress::new(ctx, Some(total), "states");
        let clock = web_time::Instant::now();
        let mut reached = histogram[0];
        let (mut busy, mut open) = (self.goals.len() as u64, self.positions);
        loop {
            let d = histogram.len() - 1;
            if histogram[d] == 0 || reached == total {
                break;
            }
            if let Some(why) = ctx.stopped() {
                progress.finish();
                return Err(SearchError::Stopped(why));
            }
            // Blocks with frontier bits against blocks with unreached ones:
            // top-down costs about the first, bottom-up the second.
            let bottom_up = busy * 2 > open;
            if bottom_up {
                self.pull(&seen, &frontier, &next, words_per);
            } else {
                self.push(&seen, &frontier, &next, words_per);
            }
            // The new level: next less what was reached, written down.
            let value = (d + 1).min(usize::from(NIBBLE_MAX)) as u8;
            let bytes_per = words_per * 32;
            let (found, b2, o2) = table
                .par_chunks_mut(CHUNK * bytes_per)
                .enumerate()
                .map(|(c, bytes)| {
                    let (mut found, mut busy, mut open) = (0u64, 0u64, 0u64);
                    for (i, block) in bytes.chunks_mut(bytes_per).enumerate() {
                        let first = (c * CHUNK + i) * words_per;
                        let (mut any, mut gap) = (0u64, 0u64);
                        for (j, eight) in block.chunks_mut(32).enumerate() {
                            let w = first + j;
                            let s = seen[w].load(Relaxed);
                            let new = next[w].swap(0, Relaxed) & !s;
                            frontier[w].store(new, Relaxed);
                            if new != 0 {
                                seen[w].store(s | new, Relaxed);
                                found += u64::from(new.count_ones());
                                write_word(eight, new, value);
                            }
                            any |= new;
                            gap |= !(s | new);
                        }
                        busy += u64::from(any != 0);
                        open += u64::from(gap != 0);
                    }
                    (found, busy, open)
                })
                .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
            (busy, open) = (b2, o2);
            reached += found;
            let how = if bottom_up { "bottom-up" } else { "top-down" };
            progress.level_line(d as u32, found, how, clock.elapsed().as_secs_f64(), reached);
            if found == 0 {
                break;
            }
            histogram.push(found);
        }
        progress.finish();
        Ok(Nibbles {
            longest: (histogram.len() - 1) as u32,
            histogram,
            table,
        })
    }

    /// Top-down: every block with frontier bits ORs them, permuted, into
    /// each neighbour's next-level words (those not all reached).
    fn push(&self, seen: &[AtomicU64], frontier: &[AtomicU64], next: &[AtomicU64], words_per: usize) {
        let blocks = self.positions as usize;
        let moves = self.moves.len();
        (0..blocks.div_ceil(CHUNK)).into_par_iter().for_each(|c| {
            let mut src = [0u64; 16];
            let mut near = [(0usize, 0u32); MAX_MOVES];
            let mut cursor = Cursor::new(self, c * CHUNK);
            for b in c * CHUNK..((c + 1) * CHUNK).min(blocks) {
                if b > c * CHUNK {
                    cursor.advance();
                }
                let mut any = 0;
                for (w, s) in src[..words_per].iter_mut().enumerate() {
                    *s = frontier[b * words_per + w].load(Relaxed);
                    any |= *s;
                }
                if any == 0 {
                    continue;
                }
                cursor.neighbours(words_per, seen, &mut near);
                for &(base, _) in &near[..moves] {
                    prefetch(&next[base]);
                }
                for &(base, t) in &near[..moves] {
                    for w in 0..words_per {
                        let x = flip_word(&src[..words_per], w, t);
                        if x != 0 && x & !seen[base + w].load(Relaxed) != 0 {
                            next[base + w].fetch_or(x, Relaxed);
                        }
                    }
                }
            }
        });
    }

    /// Bottom-up: every block with unreached bits ORs its neighbours'
    /// frontier bits, permuted, until they cover its unreached bits; only
    /// this block's thread writes its next-level words. The neighbours of
    /// the next block with unreached bits are asked for while this one's
    /// are read.
    fn pull(&self, seen: &[AtomicU64], frontier: &[AtomicU64], next: &[AtomicU64], words_per: usize) {
        let blocks = self.positions as usize;
        let moves = self.moves.len();
        (0..blocks.div_ceil(CHUNK)).into_par_iter().for_each(|c| {
            let (mut acc, mut src) = ([0u64; 16], [0u64; 16]);
            let mut need = [[0u64; 16]; 2];
            let mut near = [[(0usize, 0u32); MAX_MOVES]; 2];
            let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(blocks));
            let mut cursor = Cursor::new(self, start);
            // The next block from `b` on with unreached bits (the cursor
            // on it), its neighbours asked for.
            let mut ahead = |mut b: usize, need: &mut [u64; 16], near: &mut [(usize, u32); MAX_MOVES]| -> usize {
                while b < end {
                    if b > start {
                        cursor.advance();
                    }
                    let mut open = 0;
                    for (w, x) in need[..words_per].iter_mut().enumerate() {
                        *x = !seen[b * words_per + w].load(Relaxed);
                        open |= *x;
                    }
                    if open != 0 {
                        cursor.neighbours(words_per, frontier, near);
                        return b;
                    }
                    b += 1;
                }
                end
            };
            let mut cur = 0;
            let mut b = ahead(start, &mut need[0], &mut near[0]);
            while b < end {
                let nb = ahead(b + 1, &mut need[1 - cur], &mut near[1 - cur]);
                let (need, near) = (&need[cur], &near[cur]);
                acc[..words_per].fill(0);
                for &(base, t) in &near[..moves] {
                    for (w, s) in src[..words_per].iter_mut().enumerate() {
                        *s = frontier[base + w].load(Relaxed);
                    }
                    let mut left = 0;
                    for w in 0..words_per {
                        acc[w] |= flip_word(&src[..words_per], w, t) & need[w];
                        left |= need[w] & !acc[w];
                    }
                    if left == 0 {
                        break;
                    }
                }
                for w in 0..words_per {
                    if acc[w] != 0 {
                        next[b * words_per + w].store(acc[w], Relaxed);
                    }
                }
                (b, cur) = (nb, 1 - cur);
            }
        });
    }
}

/// Arrangements visited in rank order with each move's neighbour kept
/// piece by piece: the next arrangement mostly moves only the last kept
/// piece (its Lehmer digits count up like a number's), so its
/// neighbours are recomputed from the first piece that moved, about one
/// piece a move instead of `k`.
struct Cursor<'a> {
    x: &'a XorProjection,
    /// Lehmer digits of the arrangement (digit `j` below `n - j`).
    digits: [u8; MAX_K],
    /// Where each kept piece is.
    at: [u8; MAX_K],
    /// Slots held by pieces `0..j`.
    used: [u64; MAX_K + 1],
    /// Per move, after pieces `0..j`: the slots they land on, their part
    /// of the neighbour's rank, their flips.
    landed: [[u64; MAX_K + 1]; MAX_MOVES],
    rank: [[u64; MAX_K + 1]; MAX_MOVES],
    flips: [[u32; MAX_K + 1]; MAX_MOVES],
    /// The neighbours are up to date for pieces `0..fresh`.
    fresh: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor on arrangement `b`.
    fn new(x: &'a XorProjection, b: usize) -> Self {
        let mut c = Cursor {
            x,
            digits: [0; MAX_K],
            at: [0; MAX_K],
            used: [0; MAX_K + 1],
            landed: [[0; MAX_K + 1]; MAX_MOVES],
            rank: [[0; MAX_K + 1]; MAX_MOVES],
            flips: [[0; MAX_K + 1]; MAX_MOVES],
            fresh: 0,
        };
        let mut r = b as u64;
        for j in 0..x.k {
            c.digits[j] = (r / x.weights[j]) as u8;
            r %= x.weights[j];
        }
        c.place(0);
        c
    }

    /// Places pieces `j..k` from their digits.
    #[inline]
    fn place(&mut self, j: usize) {
        let all: u64 = if self.x.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.x.n) - 1
        };
        for i in j..self.x.k {
            let mut bits = all & !self.used[i];
            for _ in 0..self.digits[i] {
                bits &= bits - 1;
            }
            let slot = bits.trailing_zeros();
            self.at[i] = slot as u8;
            self.used[i + 1] = self.used[i] | 1 << slot;
        }
        self.fresh = self.fresh.min(j);
    }

    /// Moves on to the next arrangement.
    #[inline]
    fn advance(&mut self) {
        let mut j = self.x.k - 1;
        loop {
            self.digits[j] += 1;
            if usize::from(self.digits[j]) < self.x.n - j || j == 0 {
                break;
            }
            self.digits[j] = 0;
            j -= 1;
        }
        self.place(j);
    }

    /// Each move's neighbour (its first word in blocks of `words_per`)
    /// and flips into `out`, the neighbours' words of `words` asked for.
    #[inline]
    fn neighbours(&mut self, words_per: usize, words: &[AtomicU64], out: &mut [(usize, u32); MAX_MOVES]) {
        let (k, from) = (self.x.k, self.fresh);
        for (m, o) in out.iter_mut().enumerate().take(self.x.moves.len()) {
            let table = &self.x.moves[m];
            let (landed, rank, flips) = (&mut self.landed[m], &mut self.rank[m], &mut self.flips[m]);
            for j in from..k {
                let x = table[usize::from(self.at[j])];
                let q = x & 63;
                rank[j + 1] = rank[j] + u64::from((!landed[j] & ((1u64 << q) - 1)).count_ones()) * self.x.weights[j];
                landed[j + 1] = landed[j] | 1 << q;
                flips[j + 1] = flips[j] << 1 | u32::from(x >> 7);
            }
            let base = rank[k] as usize * words_per;
            prefetch(&words[base]);
            *o = (base, flips[k]);
        }
        self.fresh = k;
    }
}

/// Word `w` of a block whose bit `o` is the source's bit `o XOR t`.
#[inline]
fn flip_word(src: &[u64], w: usize, t: u32) -> u64 {
    let x = src[w ^ (t as usize >> 6)];
    let s = t & 63;
    if s == 0 {
        return x;
    }
    swap_bits(x, s)
}

/// The word whose bit `b` is `x`'s bit `b XOR s` (`s < 64`): a swap of
/// neighbouring groups for each bit of `s`.
#[inline]
fn swap_bits(mut x: u64, s: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    let mut bits = s;
    while bits != 0 {
        let j = bits.trailing_zeros();
        bits &= bits - 1;
        let (m, sh) = (MASKS[j as usize], 1u32 << j);
        x = ((x >> sh) & m) | ((x & m) << sh);
    }
    x
}

/// Nibble masks of the eight bits of a byte: bit `i` set gives nibble `i`
/// all ones.
const SPREAD: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b] |= 0xF << (4 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Writes `value` into the nibbles of the 64 entries of a word (32 bytes)
/// whose bit is set in `bits`.
#[inline]
fn write_word(bytes: &mut [u8], bits: u64, value: u8) {
    let fill = u32::from(value) * 0x1111_1111;
    for (i, four) in bytes.chunks_exact_mut(4).enumerate() {
        let mask = SPREAD[(bits >> (8 * i) & 0xFF) as usize];
        if mask != 0 {
            let old = u32::from_le_bytes(four.try_into().expect("four bytes"));
            four.copy_from_slice(&((old & !mask) | (fill & mask)).to_le_bytes());
        }
    }
}

/// Writes entry `r`'s nibble.
#[inline]
pub fn put_nibble(table: &mut [u8], r: u64, value: u8) {
    let (i, sh) = ((r >> 1) as usize, (r & 1) as u32 * 4);
    table[i] = (table[i] & !(0xF << sh)) | (value & 0xF) << sh;
}

/// Entry `r`'s nibble.
///
/// ```
/// use tansaku_define::xorbfs::{nibble, put_nibble};
/// let mut t = vec![0xFF; 2];
/// put_nibble(&mut t, 1, 7);
/// put_nibble(&mut t, 2, 3);
/// assert_eq!((nibble(&t, 0), nibble(&t, 1), nibble(&t, 2), nibble(&t, 3)), (15, 7, 3, 15));
/// ```
#[inline]
pub fn nibble(table: &[u8], r: u64) -> u8 {
    table[(r >> 1) as usize] >> ((r & 1) * 4) & 0xF
}

/// A byte-a-rank distance table (255: not reached) four bits a rank,
/// distances past [`NIBBLE_MAX`] written as it.
///
/// ```
/// use tansaku_define::xorbfs::{nibble, nibbles_of};
/// let t = nibbles_of(&[0, 3, 255, 20, 14]);
/// assert_eq!(t.len(), 3);
/// assert_eq!((0..5).map(|r| nibble(&t, r)).collect::<Vec<_>>(), [0, 3, 15, 14, 14]);
/// ```
pub fn nibbles_of(bytes: &[u8]) -> Vec<u8> {
    let squeeze = |d: u8| if d == 255 { NIBBLE_UNREACHED } else { d.min(NIBBLE_MAX) };
    let mut out = tansaku_core::memory::huge_zeroed(bytes.len().div_ceil(2));
    out.par_iter_mut().zip(bytes.par_chunks(2)).for_each(|(o, pair)| {
        let hi = pair.get(1).map_or(NIBBLE_UNREACHED, |&d| squeeze(d));
        *o = squeeze(pair[0]) | hi << 4;
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_swap_by_xor() {
        let x = 0x0123_4567_89AB_CDEFu64;
        for s in [1u32, 2, 5, 17, 32, 63] {
            let y = swap_bits(x, s);
            for b in 0..64 {
                assert_eq!(y >> b & 1, x >> (b ^ s) & 1, "s {s} bit {b}");
            }
        }
        let src = [1u64, 2, 4, 8];
        // Bit o of the result is bit o ^ t of the source.
        let t = 64 * 3 + 1;
        for w in 0..4 {
            let y = flip_word(&src, w, t);
            for b in 0..64 {
                let o = w * 64 + b;
                let from = o ^ t as usize;
                assert_eq!(y >> b & 1, src[from / 64] >> (from % 64) & 1);
            }
        }
    }

    #[test]
    fn words_write_their_nibbles() {
        let mut bytes = vec![0xFFu8; 32];
        write_word(&mut bytes, 1 | 1 << 9 | 1 << 63, 5);
        for r in 0..64u64 {
            let want = if [0, 9, 63].contains(&r) { 5 } else { 15 };
            assert_eq!(nibble(&bytes, r), want, "entry {r}");
        }
    }
}
