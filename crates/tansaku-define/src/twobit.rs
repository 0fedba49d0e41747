//! Pattern databases at two bits an entry, after Rokicki's nxopt: half
//! the memory of four bits, so that a table telling twice the positions
//! apart fits the same budget.
//!
//! Each entry keeps its distance less the table's *base*, clamped to
//! `0..=3`: 1, 2 and 3 read as `base + 1`, `base + 2`, and at least
//! `base + 3`; 0 says only "at most the base". So that a 0 still bounds
//! something, every line of 64 bytes (one cache line) keeps 254 entries
//! and, in its last four bits, the smallest distance among them: read on
//! a 0, from the line the entry's read has just brought in. The base is
//! chosen from the table's distances (see
//! [`choose_base`]). Every read is a lower bound of the four-bit entry it
//! was packed from, and equals it between `base + 1` and `base + 3`.
//!
//! ```
//! use tansaku_define::twobit::TwoBits;
//! // Distances 0..=14 cycling, four bits each, two a byte (the even rank's low).
//! let d = |r: u64| (r % 15) as u8;
//! let nibbles: Vec<u8> = (0..500u64).map(|i| d(2 * i) | d(2 * i + 1) << 4).collect();
//! let packed = TwoBits::pack(&nibbles, 1000);
//! for r in 0..1000 {
//!     let (read, true_d) = (packed.read(r), u32::from(d(r)));
//!     assert!(read <= true_d);
//!     let b = u32::from(packed.base());
//!     if true_d > b && true_d <= b + 3 {
//!         assert_eq!(read, true_d);
//!     }
//! }
//! ```

use super::xorbfs::NIBBLE_UNREACHED;
use rayon::prelude::*;

/// Entries a line holds.
pub const LINE: u64 = 254;
/// Bytes of a line: a cache line.
const LINE_BYTES: usize = 64;

/// Bytes of a table of `entries` at two bits, a line's smallest distance
/// beside every 254 of them.
///
/// ```
/// assert_eq!(tansaku_define::twobit::bytes(254), 64);
/// assert_eq!(tansaku_define::twobit::bytes(255), 128);
/// ```
pub fn bytes(entries: u64) -> u64 {
    entries.div_ceil(LINE) * LINE_BYTES as u64
}

/// A table at two bits an entry.
pub struct TwoBits {
    base: u8,
    /// The lines, from `start` (a multiple of 64 in memory).
    data: Vec<u8>,
    start: usize,
    len: usize,
}

/// The base of a table whose distances `counts` (entry `d`: how many
/// positions at distance `d`, 0..=14): three below the deepest distance
/// that at least a thousandth of the entries hold, so that the deep
/// entries, the ones that cut a search, read exactly, and only the rarest
/// deeper ones read one or two short. The entries at most the base read
/// their line's least instead, and the other lookups of a node (its
/// inverse, its symmetric images) usually cover them: on the 3x3x3's
/// picture at 2G (distances 0-13, 61% at 11, 6% at 12), base 9 searches
/// the same nodes as four bits, base 8 1.45 times as many, base 10 1.7.
///
/// ```
/// let mut counts = [0u64; 15];
/// // A sample of the 3x3x3's 4G picture: 61% at 11, 6% at 12, a few at 13.
/// counts[8] = 870_491; counts[9] = 9_818_515; counts[10] = 77_145_727;
/// counts[11] = 163_593_581; counts[12] = 16_929_361; counts[13] = 414;
/// assert_eq!(tansaku_define::twobit::choose_base(&counts), 9);
/// // Shallow tables: base 0 at least.
/// assert_eq!(tansaku_define::twobit::choose_base(&[5, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 0);
/// ```
pub fn choose_base(counts: &[u64; 15]) -> u8 {
    let total: u64 = counts.iter().sum();
    let deep = (0..15u8)
        .rev()
        .find(|&d| counts[d as usize] > 0 && counts[d as usize] >= total / 1000)
        .unwrap_or(0);
    deep.saturating_sub(3)
}

/// Distance of entry `r` of a table of nibbles (two a byte, the even
/// rank's low).
#[inline(always)]
fn nibble(table: &[u8], r: u64) -> u8 {
    table[(r >> 1) as usize] >> ((r & 1) << 2) & 0xF
}

impl TwoBits {
    /// Packs the `entries` of a table of nibbles (15: never reached,
    /// packed as 3: a rank no position of the puzzle projects to), on
    /// every core.
    pub fn pack(nibbles: &[u8], entries: u64) -> TwoBits {
        let counts = nibbles
            .par_chunks(1 << 16)
            .enumerate()
            .fold(
                || [0u64; 15],
                |mut acc, (c, chunk)| {
                    let first = (c as u64) << 17;
                    for (i, &b) in chunk.iter().enumerate() {
                        for (k, d) in [b & 0xF, b >> 4].into_iter().enumerate() {
                            if first + 2 * i as u64 + (k as u64) < entries && d != NIBBLE_UNREACHED {
                                acc[d as usize] += 1;
                            }
                        }
                    }
                    acc
                },
            )
            .reduce(|| [0u64; 15], |a, b| std::array::from_fn(|d| a[d] + b[d]));
        let base = choose_base(&counts);
        let len = bytes(entries) as usize;
        let (mut data, start) = aligned(len);
        data[start..start + len]
            .par_chunks_mut(LINE_BYTES)
            .enumerate()
            .for_each(|(line, out)| {
                let first = line as u64 * LINE;
                let mut least = NIBBLE_UNREACHED;
                for j in 0..LINE.min(entries - first) {
                    let d = nibble(nibbles, first + j);
                    let v = if d == NIBBLE_UNREACHED {
                        3
                    } else {
                        d.saturating_sub(base).min(3)
                    };
                    least = least.min(d);
                    out[(j >> 2) as usize] |= v << ((j & 3) << 1);
                }
                out[LINE_BYTES - 1] |= least << 4;
            });
        TwoBits { base, data, start, len }
    }

    /// A table read from a file (`bytes` lines, see [`bytes`]), moved to
    /// lines that start on a cache line.
    pub fn from_bytes(base: u8, mut data: Vec<u8>) -> TwoBits {
        let len = data.len();
        let off = (data.as_ptr() as usize).next_multiple_of(LINE_BYTES) - data.as_ptr() as usize;
        if off == 0 {
            return TwoBits {
                base,
                data,
                start: 0,
                len,
            };
        }
        data.resize(len + LINE_BYTES, 0);
        let off = (data.as_ptr() as usize).next_multiple_of(LINE_BYTES) - data.as_ptr() as usize;
        data.copy_within(0..len, off);
        TwoBits {
            base,
            data,
            start: off,
            len,
        }
    }

    /// The table's base.
    pub fn base(&self) -> u8 {
        self.base
    }

    /// The lines, as a file keeps them.
    pub fn bytes(&self) -> &[u8] {
        &self.data[self.start..self.start + self.len]
    }

    /// The lower bound entry `r` keeps.
    #[inline(always)]
    pub fn read(&self, r: u64) -> u32 {
        let line = self.start + (r / LINE) as usize * LINE_BYTES;
        let j = r % LINE;
        let v = self.data[line + (j >> 2) as usize] >> ((j & 3) << 1) & 3;
        if v != 0 {
            u32::from(self.base + v)
        } else {
            u32::from(self.data[line + LINE_BYTES - 1] >> 4)
        }
    }

    /// Asks for entry `r`'s cache line ahead of its read.
    #[inline(always)]
    pub fn prefetch(&self, r: u64) {
        let at = self.start + (r / LINE) as usize * LINE_BYTES;
        if let Some(x) = self.data.get(at) {
            tansaku_core::memory::prefetch(x);
        }
    }
}

/// `len` zeroed bytes starting on a cache line, in a vector advised onto
/// huge pages: the vector and where they start.
fn aligned(len: usize) -> (Vec<u8>, usize) {
    let v = tansaku_core::memory::huge_zeroed(len + LINE_BYTES);
    let start = (v.as_ptr() as usize).next_multiple_of(LINE_BYTES) - v.as_ptr() as usize;
    (v, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every read of a packed table bounds its entry from below, equals
    /// it within the base's three steps, and on a 0 is the line's least.
    #[test]
    fn reads_bound_their_entries() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for entries in [1u64, 253, 254, 255, 1000, 100_001] {
            // Mostly 8-11, a few near the goal, a few never reached.
            let d: Vec<u8> = (0..entries)
                .map(|_| match next() % 100 {
                    0 => (next() % 8) as u8,
                    1 => NIBBLE_UNREACHED,
                    k => 8 + (k % 4) as u8,
                })
                .collect();
            let mut nibbles = vec![0u8; entries.div_ceil(2) as usize];
            for (r, &v) in d.iter().enumerate() {
                nibbles[r >> 1] |= v << ((r & 1) << 2);
            }
            let p = TwoBits::pack(&nibbles, entries);
            assert_eq!(p.bytes().len() as u64, bytes(entries));
            let base = u32::from(p.base());
            for (r, &v) in d.iter().enumerate() {
                let got = p.read(r as u64);
                if v == NIBBLE_UNREACHED {
                    assert_eq!(got, base + 3);
                    continue;
                }
                let v = u32::from(v);
                assert!(got <= v, "entry {r}: read {got} above {v}");
                if v > base && v <= base + 3 {
                    assert_eq!(got, v);
                } else if v <= base {
                    let line = r / LINE as usize * LINE as usize;
                    let least = d[line..(line + LINE as usize).min(d.len())]
                        .iter()
                        .map(|&x| u32::from(x))
                        .min()
                        .unwrap();
                    assert_eq!(got, least);
                }
            }
            // As a file gives it back: the same reads.
            let again = TwoBits::from_bytes(p.base(), p.bytes().to_vec());
            assert!((0..entries).all(|r| again.read(r) == p.read(r)));
        }
    }
}
