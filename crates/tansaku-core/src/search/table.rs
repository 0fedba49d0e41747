//! The table of a dense analysis: a slot per rank in words of 64 bits, a
//! byte a state or two bits a state ([`Code`]), and the operations on its
//! words the level loop ([`super::dense`]), the process shares
//! ([`super::shares`]), the checkpoints ([`super::keep`]) and the disk
//! analysis ([`super::disk`]) all use.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Words per parallel work item.
pub(crate) const CHUNK_WORDS: usize = 1 << 12;

/// How the distance of a state is written in its slot.
pub(crate) trait Code: Send + Sync + 'static {
    /// Bits a slot.
    const BITS: u32;
    /// The largest distance the slot can tell apart, if any.
    const MAX_DISTANCE: Option<u32>;
    /// The code of the states at distance `d` while level `d` is expanded.
    fn current(d: u32) -> u64;
    /// The code the states found at distance `d + 1` get.
    fn next(d: u32) -> u64;
    /// The code of the states at the longest distance `d` at the end.
    fn last(d: u32) -> u64;
    /// Whether the codes are rewritten between levels ([`Code::relabel`]).
    const RELABEL: bool;
    /// A word's slots after a level.
    fn relabel(w: u64) -> u64;
    /// A slot of all ones: not reached.
    const UNSEEN: u64 = (1 << Self::BITS) - 1;
    /// Slots a word.
    const PER_WORD: usize = (64 / Self::BITS) as usize;
    /// The low bit of every slot.
    const LOW: u64 = u64::MAX / Self::UNSEEN;
    /// The high bit of every slot.
    const HIGH: u64 = Self::LOW << (Self::BITS - 1);
}

/// One byte a state: the distance itself.
pub(crate) struct Bytes;
impl Code for Bytes {
    const BITS: u32 = 8;
    const MAX_DISTANCE: Option<u32> = Some(254);
    #[inline]
    fn current(d: u32) -> u64 {
        d as u64
    }
    #[inline]
    fn next(d: u32) -> u64 {
        d as u64 + 1
    }
    fn last(d: u32) -> u64 {
        d as u64
    }
    const RELABEL: bool = false;
    fn relabel(w: u64) -> u64 {
        w
    }
}

/// Two bits a state: earlier levels, this level, the next level, not
/// reached.
pub(crate) struct TwoBits;
impl Code for TwoBits {
    const BITS: u32 = 2;
    const MAX_DISTANCE: Option<u32> = None;
    #[inline]
    fn current(_: u32) -> u64 {
        1
    }
    #[inline]
    fn next(_: u32) -> u64 {
        2
    }
    fn last(_: u32) -> u64 {
        1
    }
    const RELABEL: bool = true;
    /// 3 stays 3, 2 becomes 1, 1 becomes 0, 0 stays 0.
    #[inline]
    fn relabel(w: u64) -> u64 {
        let (hi, lo) = (w & Self::HIGH, w & Self::LOW);
        (hi & lo << 1) | hi >> 1
    }
}

/// The high bit of every slot of `w` equal to `c` (an exact zero-slot test:
/// no false positives from borrows).
#[inline]
pub(crate) fn matches<C: Code>(w: u64, c: u64) -> u64 {
    let x = w ^ C::LOW.wrapping_mul(c);
    !(((x & !C::HIGH).wrapping_add(!C::HIGH)) | x | !C::HIGH)
}

/// The slot positions (0..PER_WORD) named by a mask from [`matches`].
#[inline]
pub(crate) fn slots<C: Code>(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let k = (m.trailing_zeros() / C::BITS) as usize;
        m &= m - 1;
        Some(k)
    })
}

/// A slot per rank.
pub(crate) struct Table<C: Code> {
    pub(crate) words: Vec<AtomicU64>,
    pub(crate) len: usize,
    _code: std::marker::PhantomData<C>,
}

impl<C: Code> Table<C> {
    /// Bytes the table for `len` states occupies (saturating).
    pub(crate) fn bytes_for(len: u64) -> u64 {
        len.div_ceil(C::PER_WORD as u64).saturating_mul(8)
    }

    pub(crate) fn new(len: usize) -> Self {
        let words: Vec<AtomicU64> = (0..len.div_ceil(C::PER_WORD))
            .into_par_iter()
            .map(|_| AtomicU64::new(u64::MAX))
            .collect();
        crate::memory::advise_huge_pages(&words);
        Table {
            words,
            len,
            _code: std::marker::PhantomData,
        }
    }

    #[inline]
    pub(crate) fn slot(&self, r: usize) -> u64 {
        self.words[r / C::PER_WORD].load(Relaxed) >> ((r % C::PER_WORD) as u32 * C::BITS) & C::UNSEEN
    }

    /// Every rank whose slot holds `c`, in increasing order.
    pub(crate) fn ranks_with(&self, c: u64) -> impl Iterator<Item = u64> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(wi, w)| {
                slots::<C>(matches::<C>(w.load(Relaxed), c)).map(move |k| (wi * C::PER_WORD + k) as u64)
            })
            .filter(move |&r| (r as usize) < self.len)
    }

    pub(crate) fn chunks(&self) -> usize {
        self.words.len().div_ceil(CHUNK_WORDS)
    }

    /// `each` on every word with its index, the chunks in parallel, adding
    /// to a pair of counts (found, expanded): the pairs summed.
    #[inline]
    pub(crate) fn sum_words(&self, each: impl Fn(usize, &AtomicU64, &mut (u64, u64)) + Sync + Send) -> (u64, u64) {
        (0..self.chunks())
            .into_par_iter()
            .map(|c| {
                let mut counts = (0, 0);
                for (wi, word) in self.chunk(c) {
                    each(wi, word, &mut counts);
                }
                counts
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }

    /// The words of work item `c`, with their indices.
    pub(crate) fn chunk(&self, c: usize) -> impl Iterator<Item = (usize, &AtomicU64)> {
        let start = c * CHUNK_WORDS;
        let end = (start + CHUNK_WORDS).min(self.words.len());
        (start..end).zip(&self.words[start..end])
    }
}

/// Where the checkpoints of a long analysis go, and how often.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The folder of the checkpoint file (`longest.ckpt`).
    pub dir: std::path::PathBuf,
    /// What the analysis is of (puzzle, goal, options): a checkpoint made
    /// for anything else is refused.
    pub key: String,
    /// Least time between two checkpoints. A checkpoint is also never
    /// written before the work since the last one is twenty times what
    /// writing it cost, so that writing takes at most 5% of the run.
    pub every: Duration,
}

/// How many slots the analysis keeps a state in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bits {
    /// A byte when the table fits the memory budget and is small
    /// ([`AUTO_BYTES_AT_MOST`](super::retrograde::AUTO_BYTES_AT_MOST)), else two bits.
    #[default]
    Auto,
    /// A byte a state: the distance of every state can be read back.
    Eight,
    /// Two bits a state (Korf's codes: earlier, current, next level, not
    /// reached): a quarter of the memory.
    Two,
}

/// Gives slot `i` of `words` code `c` if it is not reached; true if it was
/// not. During a level a slot only goes from unseen to the level's new
/// code, so clearing the bits that `c` lacks is safe even if another
/// thread got there first; the old value tells which thread did.
#[inline]
pub(crate) fn claim<C: Code>(words: &[AtomicU64], i: usize, c: u64) -> bool {
    let (w, sh) = (&words[i / C::PER_WORD], (i % C::PER_WORD) as u32 * C::BITS);
    if w.load(Relaxed) >> sh & C::UNSEEN != C::UNSEEN {
        return false;
    }
    let old = w.fetch_and(!((C::UNSEEN ^ c) << sh), Relaxed);
    old >> sh & C::UNSEEN == C::UNSEEN
}

/// Rewrites every word's codes after a level ([`Code::relabel`]).
pub(crate) fn relabel<C: Code>(words: &[AtomicU64]) {
    words.par_chunks(CHUNK_WORDS).for_each(|part| {
        for w in part {
            let v = w.load(Relaxed);
            let r = C::relabel(v);
            if r != v {
                w.store(r, Relaxed);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_matches_are_exact() {
        let w = 0xFF01_0203_FF00_0102u64;
        assert_eq!(slots::<Bytes>(matches::<Bytes>(w, 2)).collect::<Vec<_>>(), vec![0, 5]);
        assert_eq!(
            slots::<Bytes>(matches::<Bytes>(w, 0xFF)).collect::<Vec<_>>(),
            vec![3, 7]
        );
        // Two-bit slots, low to high: 3, 0, 1, 2, 3, ... (0b..._10_01_00_11).
        let w = 0b1001_0011u64 | (u64::MAX << 8);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 0)).collect::<Vec<_>>(), vec![1]);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 1)).collect::<Vec<_>>(), vec![2]);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 2)).collect::<Vec<_>>(), vec![3]);
        assert_eq!(slots::<TwoBits>(matches::<TwoBits>(w, 3)).count(), 29);
        // After a level: 3 stays, 2 becomes 1, 1 becomes 0, 0 stays.
        assert_eq!(TwoBits::relabel(0b11_10_01_00), 0b11_01_00_00);
        assert_eq!(TwoBits::relabel(u64::MAX), u64::MAX);
    }
}
