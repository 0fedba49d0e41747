//! The table of a dense analysis: a slot per rank in words of 64 bits, a
//! byte a state or two bits a state ([`Code`]), and the operations on its
//! words the level loop ([`super::dense`]), the process shares
//! ([`super::shares`]), the checkpoints ([`super::keep`]) and the disk
//! analysis ([`super::disk`]) all use.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
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

/// A slot per rank, and which chunks of [`CHUNK_WORDS`] words may hold a
/// state of the level being expanded (`this`) or written (`next`): a small
/// level then expands, and the pass after it rewrites, only the chunks it
/// touches, not the whole table (the MoonSpinner's first 16 levels took a
/// second each to scan 11.8 GB for a few thousand states).
/// A mark may be set where a chunk holds no such state, never left unset
/// where it does.
pub(crate) struct Table<C: Code> {
    pub(crate) words: Vec<AtomicU64>,
    pub(crate) len: usize,
    this: Vec<AtomicBool>,
    next: Vec<AtomicBool>,
    _code: std::marker::PhantomData<C>,
}

impl<C: Code> Table<C> {
    /// Bytes the table for `len` states occupies (saturating).
    pub(crate) fn bytes_for(len: u64) -> u64 {
        len.div_ceil(C::PER_WORD as u64).saturating_mul(8)
    }

    pub(crate) fn new(len: usize) -> Self {
        let words = crate::memory::huge_collect(
            (0..len.div_ceil(C::PER_WORD))
                .into_par_iter()
                .map(|_| AtomicU64::new(u64::MAX)),
        );
        let chunks = words.len().div_ceil(CHUNK_WORDS);
        let marks = || (0..chunks).map(|_| AtomicBool::new(false)).collect();
        Table {
            words,
            len,
            this: marks(),
            next: marks(),
            _code: std::marker::PhantomData,
        }
    }

    /// Marks the chunk of slot `i` as holding a state of the level being
    /// expanded (the goals, before the first level).
    pub(crate) fn mark_this(&self, i: usize) {
        mark(&self.this, i / C::PER_WORD);
    }

    /// Marks every chunk as holding a state of the level being expanded
    /// (a table loaded from a checkpoint, or goals found by a scan).
    pub(crate) fn mark_all(&self) {
        self.this.iter().for_each(|m| m.store(true, Relaxed));
    }

    /// Marks chunk `c` as holding a state of the level being written.
    pub(crate) fn mark_next_chunk(&self, c: usize) {
        mark(&self.next, c * CHUNK_WORDS);
    }

    /// The chunks that may hold a state of the level being expanded.
    pub(crate) fn chunks_of_this(&self) -> Vec<usize> {
        (0..self.chunks()).filter(|&c| self.this[c].load(Relaxed)).collect()
    }

    /// The chunks that may hold a state of the level just written.
    pub(crate) fn chunks_of_next(&self) -> Vec<usize> {
        (0..self.chunks()).filter(|&c| self.next[c].load(Relaxed)).collect()
    }

    /// Ends a level: rewrites the codes ([`Code::relabel`], where the code
    /// needs it) of the chunks either level touched, and makes the level
    /// written the one to expand.
    pub(crate) fn end_level(&mut self) {
        if C::RELABEL {
            let touched: Vec<usize> = (0..self.chunks())
                .filter(|&c| self.this[c].load(Relaxed) || self.next[c].load(Relaxed))
                .collect();
            touched.into_par_iter().for_each(|c| {
                for (_, w) in self.chunk(c) {
                    let v = w.load(Relaxed);
                    let r = C::relabel(v);
                    if r != v {
                        w.store(r, Relaxed);
                    }
                }
            });
        }
        std::mem::swap(&mut self.this, &mut self.next);
        self.next.iter().for_each(|m| m.store(false, Relaxed));
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

    /// The words of work item `c`, with their indices.
    pub(crate) fn chunk(&self, c: usize) -> impl Iterator<Item = (usize, &AtomicU64)> {
        let (start, end) = self.chunk_words(c);
        (start..end).zip(&self.words[start..end])
    }

    /// The range of words of work item `c`.
    pub(crate) fn chunk_words(&self, c: usize) -> (usize, usize) {
        let start = c * CHUNK_WORDS;
        (start, (start + CHUNK_WORDS).min(self.words.len()))
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
    // The slot holds `UNSEEN` or, if another thread got there since, `c`:
    // whether the bits `c` lacks were still set tells which. With two bits
    // that is one bit, and the test compiles to a `lock btr` rather than a
    // compare-and-swap loop.
    let bits = (C::UNSEEN ^ c) << sh;
    w.fetch_and(!bits, Relaxed) & bits != 0
}

/// Slots to claim with one code, gathered and claimed in batches: a claim
/// reads a word anywhere in a large table and branches on it, so claimed
/// one by one each miss waits for the one before. A batch prefetches every
/// word first and then claims, and its misses overlap (the MoonSpinner's
/// top-down levels expanded 6.5 million states a second before, about 20
/// after).
pub(crate) struct Claims<'a, C: Code> {
    words: &'a [AtomicU64],
    /// The marks of the level written, per chunk ([`Table`]).
    marks: Option<&'a [AtomicBool]>,
    code: u64,
    batch: Vec<usize>,
    /// Slots this batcher turned from unseen to `code`.
    pub(crate) found: u64,
    _code: std::marker::PhantomData<C>,
}

impl<'a, C: Code> Claims<'a, C> {
    /// Slots gathered before they are claimed.
    const BATCH: usize = 256;

    /// Claims in `table` for the level it writes, marking the chunks.
    pub(crate) fn next_of(table: &'a Table<C>, code: u64) -> Self {
        Claims {
            marks: Some(&table.next),
            ..Claims::new(&table.words, code)
        }
    }

    /// Claims in words that keep no marks (a chunk of a table on disk).
    pub(crate) fn new(words: &'a [AtomicU64], code: u64) -> Self {
        Claims {
            words,
            marks: None,
            code,
            batch: Vec::with_capacity(2 * Self::BATCH),
            found: 0,
            _code: std::marker::PhantomData,
        }
    }

    /// Gathers slot `i`; claims the batch once it is full.
    #[inline]
    pub(crate) fn push(&mut self, i: usize) {
        self.batch.push(i);
        if self.batch.len() >= Self::BATCH {
            self.flush();
        }
    }

    /// Claims every slot gathered ([`claim`]).
    pub(crate) fn flush(&mut self) {
        for &i in &self.batch {
            crate::memory::prefetch(&self.words[i / C::PER_WORD]);
        }
        for &i in &self.batch {
            if claim::<C>(self.words, i, self.code) {
                self.found += 1;
                if let Some(m) = self.marks {
                    mark(m, i / C::PER_WORD);
                }
            }
        }
        self.batch.clear();
    }

    /// Claims what is left; the slots found.
    pub(crate) fn finish(mut self) -> u64 {
        self.flush();
        self.found
    }
}

/// Sets the mark of the chunk holding word `w` (read first: most are set
/// already, and a store would take the line from the other threads).
#[inline]
fn mark(marks: &[AtomicBool], w: usize) {
    let m = &marks[w / CHUNK_WORDS];
    if !m.load(Relaxed) {
        m.store(true, Relaxed);
    }
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

    /// Claims in batches count each slot once, mark exactly the chunks
    /// they wrote, and a level's end rewrites the codes of every chunk
    /// either level touched and only those.
    #[test]
    fn batched_claims_mark_their_chunks_and_levels_end_there() {
        let per_chunk = CHUNK_WORDS * TwoBits::PER_WORD;
        let mut t = Table::<TwoBits>::new(5 * per_chunk);
        // Level 0: a goal in chunk 1.
        assert!(claim::<TwoBits>(&t.words, per_chunk + 7, TwoBits::current(0)));
        t.mark_this(per_chunk + 7);
        assert_eq!(t.chunks_of_this(), vec![1]);
        // Level 0 writes level 1 into chunks 3 and 4, 600 claims (past a
        // batch), each slot twice: counted once.
        let mut claims = Claims::next_of(&t, TwoBits::next(0));
        for i in 0..600 {
            let at = if i % 2 == 0 {
                3 * per_chunk + i
            } else {
                4 * per_chunk + i
            };
            claims.push(at);
            claims.push(at);
        }
        // The goal is reached already.
        claims.push(per_chunk + 7);
        assert_eq!(claims.finish(), 600);
        assert_eq!(t.chunks_of_next(), vec![3, 4]);
        t.end_level();
        assert_eq!((t.chunks_of_this(), t.chunks_of_next()), (vec![3, 4], vec![]));
        // The goal is now "earlier", the new level "expanded".
        assert_eq!(t.slot(per_chunk + 7), 0);
        assert_eq!(t.slot(3 * per_chunk), TwoBits::current(1));
        assert_eq!(t.slot(4 * per_chunk + 1), TwoBits::current(1));
        assert_eq!(t.slot(4 * per_chunk), TwoBits::UNSEEN);
    }
}
