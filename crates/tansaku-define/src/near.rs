//! Positions near the goal, hashed: a lower bound for a permutation
//! puzzle of any size.
//!
//! A pattern database sees a few pieces; a puzzle of hundreds (an
//! 11x11x11, a gigaminx) has no few pieces a short scramble disturbs
//! much. [`Near`] sees the whole position instead, but only near the
//! goal: a depth-first walk of every canonical sequence of at most
//! `depth` moves from each goal writes, at [`PROBES`] entries a hash of
//! the position picks (in one 64-byte line), the least number of moves
//! that reached each. A position's bound is the largest of its entries,
//! an entry nothing was written to reading `depth + 1`.
//!
//! The bound never passes the distance. A position within `depth` moves
//! of a goal was reached by a shortest sequence (every shortest sequence
//! has a canonical one as long), so each of its entries is at most its
//! distance; a farther position's entries are at most `depth + 1`, which
//! its distance passes. Two positions that share an entry share its
//! least value: the collisions cost strength, never exactness. A far
//! position reads less than `depth + 1` only when all its entries were
//! written for others: with [`PROBES`] entries a position, as a Bloom
//! filter, at sixteen entries a position walked one far position in
//! about 200. IDA* with this bound
//! expands, at a bound of `T` moves, about the canonical sequences of
//! `T - depth - 1` moves: a table of depth `T / 2` halves the search's
//! depth, as a bidirectional search would, in half a byte a position
//! instead of the position. A search grows the table as its bound grows
//! ([`Near::depth_for`]).

use crate::tws::Tws;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use tansaku_core::Context;
use tansaku_core::search::SearchError;

/// An entry nothing was written to.
const EMPTY: u8 = 15;

/// Entries a position writes and reads, in one line of 64 bytes.
pub const PROBES: usize = 3;

/// Bits of a hash that pick an entry of a line (128 entries).
const LINE_BITS: u32 = 7;

/// The distances of the positions near the goal, four bits an entry at a
/// hash of the position.
pub struct Near {
    /// Two entries a byte, the even one low.
    table: Vec<AtomicU8>,
    /// Bits of the hash that pick an entry.
    bits: u32,
    /// Every position within this many moves was written.
    depth: u32,
    /// Bytes of a position.
    bytes: usize,
    /// Canonical sequences walked.
    walked: u64,
}

impl std::fmt::Debug for Near {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Near")
            .field("depth", &self.depth)
            .field("entries", &self.entries())
            .finish()
    }
}

/// The deepest table this module builds: an entry holds 0 to 14.
pub const DEEPEST: u32 = 14;

impl Near {
    /// The canonical sequences of at most `depth` moves (what a build of
    /// that depth walks), at most the puzzle's positions; `u64::MAX` past
    /// a `u64`.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, near::Near};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// assert_eq!(Near::positions(&t, 2), 1 + 18 + 243);
    /// ```
    pub fn positions(t: &Tws, depth: u32) -> u64 {
        t.canonical_counts(depth as usize)
            .iter()
            .fold(0u64, |a, &n| a.saturating_add(n))
            .saturating_mul(t.goals.len() as u64)
            .min(t.position_count())
    }

    /// Bytes of the table of `depth` within `budget` bytes: sixteen
    /// entries a position walked (a far position then reads `depth + 1`
    /// but for one in about 200), a power of two, at least 64 bytes, at
    /// most the largest power of two within `budget`.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, near::Near};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// assert_eq!(Near::bytes_for(&t, 2, 1 << 30), 4096); // 262 positions, 8192 entries
    /// assert_eq!(Near::bytes_for(&t, 6, 1 << 20), 1 << 20);
    /// ```
    pub fn bytes_for(t: &Tws, depth: u32, budget: u64) -> u64 {
        let wanted = Near::positions(t, depth).saturating_mul(8).max(64);
        let wanted = wanted.checked_next_power_of_two().unwrap_or(1 << 63);
        let within = if budget < 64 {
            64
        } else {
            1u64 << (63 - budget.leading_zeros())
        };
        wanted.min(within)
    }

    /// The depth of the table a search whose bound has reached `bound`
    /// moves wants: half the bound (the table's walk and the search's then
    /// cost alike), at least 1, and no deeper than a walk of `walk`
    /// positions or a table of `budget` bytes with four entries a
    /// position allows (past that, a deeper table's collisions would cost
    /// more than its depth gains).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, near::Near};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// assert_eq!(Near::depth_for(&t, 7, 1 << 30, u64::MAX), 3);
    /// assert_eq!(Near::depth_for(&t, 20, 1 << 30, u64::MAX), 7); // 48 million positions, 256 MB
    /// assert_eq!(Near::depth_for(&t, 20, 1 << 20, u64::MAX), 4);
    /// assert_eq!(Near::depth_for(&t, 20, 1 << 30, 1 << 20), 5);
    /// ```
    pub fn depth_for(t: &Tws, bound: u32, budget: u64, walk: u64) -> u32 {
        let half = (bound / 2).clamp(1, DEEPEST);
        (1..=half)
            .take_while(|&d| {
                let n = Near::positions(t, d);
                d == 1 || (n <= walk && n.saturating_mul(2) <= budget)
            })
            .last()
            .unwrap_or(1)
    }

    /// Walks every canonical sequence of at most `depth` moves from each
    /// goal of `t` and writes the table, `bytes` bytes (a power of two,
    /// at least 64: [`Near::bytes_for`]), on every core, its progress
    /// reported in sequences walked. Refused before allocating when
    /// `bytes` passes the context's memory budget; stopped with the
    /// context (a table of seconds, rebuilt rather than resumed).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, near::Near};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let near = Near::build(&t, 3, Near::bytes_for(&t, 3, 1 << 20), &tansaku_core::Context::new()).unwrap();
    /// assert_eq!(near.estimate(&t.solved), 0);
    /// assert_eq!(near.estimate(&t.scramble("R U").unwrap()), 2);
    /// // Past the depth: at least 4, and no more than the distance.
    /// assert_eq!(near.estimate(&t.scramble("R U F R'").unwrap()), 4);
    /// ```
    pub fn build(t: &Tws, depth: u32, bytes: u64, ctx: &Context) -> Result<Near, SearchError> {
        use rayon::prelude::*;
        let depth = depth.min(DEEPEST);
        let bytes = bytes.max(64).next_power_of_two();
        tansaku_core::memory::check(
            &format!("the table of the positions within {depth} moves"),
            bytes,
            ctx.budget(),
        )?;
        let bits = (bytes * 2).trailing_zeros();
        let table: Vec<AtomicU8> = (0..bytes).map(|_| AtomicU8::new(0xFF)).collect();
        let near = Near {
            table,
            bits,
            depth,
            bytes: t.bytes(),
            walked: 0,
        };
        // The first move of each goal's sequences, a task each.
        let mut firsts: Vec<(usize, usize)> = Vec::new();
        for g in 0..t.goals.len() {
            near.write(&t.goals[g], 0);
            if depth > 0 {
                firsts.extend(t.first_moves().iter().map(|&a| (g, a)));
            }
        }
        let progress = tansaku_core::progress::Progress::new(ctx, Some(Near::positions(t, depth)), "sequences");
        let done = AtomicU64::new(0);
        let walked: u64 = firsts
            .par_iter()
            .map(|&(g, first)| {
                if ctx.stopped().is_some() {
                    return 0;
                }
                let n = t.bytes();
                let mut stack = vec![0u8; n * (depth as usize + 1)];
                stack[..n].copy_from_slice(&t.goals[g]);
                let walked = near.walk(t, &mut stack, 0, first, depth);
                let so_far = done.fetch_add(walked, Ordering::Relaxed) + walked;
                progress.update(so_far, &format!("the positions within {depth} moves"));
                walked
            })
            .sum();
        progress.finish();
        if let Some(why) = ctx.stopped() {
            return Err(SearchError::Stopped(why));
        }
        Ok(Near {
            walked: walked + t.goals.len() as u64,
            ..near
        })
    }

    /// Plays action `a` on the position at level `g` of `stack` into level
    /// `g + 1`, writes it, and walks on from it below `depth`; the
    /// sequences walked.
    fn walk(&self, t: &Tws, stack: &mut [u8], g: usize, a: usize, depth: u32) -> u64 {
        let n = t.bytes();
        let (done, rest) = stack.split_at_mut((g + 1) * n);
        let (s, out) = (&done[g * n..], &mut rest[..n]);
        t.play_at(a, s, out);
        if !t.legal(out) || (t.has_still_moves() && out == s) {
            return 0;
        }
        let g = g + 1;
        self.write(out, g as u32);
        let mut walked = 1;
        if (g as u32) < depth {
            for &next in t.next_moves(a) {
                walked += self.walk(t, stack, g, usize::from(next), depth);
            }
        }
        walked
    }

    /// The line of position `s` and the entries it reads in it.
    #[inline(always)]
    fn slots(&self, s: &[u8]) -> (usize, [u32; PROBES]) {
        let h = xxhash_rust::xxh3::xxh3_64(&s[..self.bytes]);
        // (A table of one line: every position reads it.)
        let line = h.checked_shr(64 - (self.bits - LINE_BITS)).unwrap_or(0) as usize;
        let mut at = [0u32; PROBES];
        for (k, a) in at.iter_mut().enumerate() {
            *a = (h >> (k as u32 * LINE_BITS)) as u32 & ((1 << LINE_BITS) - 1);
        }
        (line << (LINE_BITS - 1), at)
    }

    /// Lowers `s`'s entries to `d`.
    #[inline]
    fn write(&self, s: &[u8], d: u32) {
        let (line, at) = self.slots(s);
        let d = d as u8;
        for e in at {
            let shift = (e & 1) * 4;
            let _ = self.table[line + (e >> 1) as usize].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                let old = b >> shift & 15;
                (d < old).then_some(b & !(15 << shift) | d << shift)
            });
        }
    }

    /// The bound of position `s` (of the puzzle the table was built for):
    /// the largest of its entries, an empty one reading one more than the
    /// depth.
    #[inline]
    pub fn estimate(&self, s: &[u8]) -> u32 {
        let (line, at) = self.slots(s);
        self.read(line, at)
    }

    /// [`Near::estimate`] of several positions, each written where it
    /// comes with: every position's line hashed and asked for first, then
    /// read, so that the cache misses of a node's children overlap.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, near::Near};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let near = Near::build(&t, 2, 1 << 12, &tansaku_core::Context::new()).unwrap();
    /// let s = [t.solved.clone(), t.scramble("R").unwrap(), t.scramble("R U").unwrap()];
    /// let mut h = [9; 3];
    /// near.estimate_each(s.iter().map(|x| &x[..]).zip(h.iter_mut()));
    /// assert_eq!(h, [0, 1, 2]);
    /// ```
    pub fn estimate_each<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>) {
        const BATCH: usize = 32;
        let mut slots: Vec<((usize, [u32; PROBES]), &'a mut u32)> = Vec::with_capacity(BATCH);
        let flush = |slots: &mut Vec<((usize, [u32; PROBES]), &'a mut u32)>| {
            for ((line, at), out) in slots.drain(..) {
                *out = self.read(line, at);
            }
        };
        for (s, out) in positions {
            let (line, at) = self.slots(s);
            tansaku_core::memory::prefetch(&self.table[line]);
            slots.push(((line, at), out));
            if slots.len() == BATCH {
                flush(&mut slots);
            }
        }
        flush(&mut slots);
    }

    /// The largest of the entries `at` of the line at byte `line`.
    #[inline(always)]
    fn read(&self, line: usize, at: [u32; PROBES]) -> u32 {
        let mut h = 0;
        for e in at {
            let v = self.table[line + (e >> 1) as usize].load(Ordering::Relaxed) >> ((e & 1) * 4) & 15;
            h = h.max(if v == EMPTY { self.depth + 1 } else { u32::from(v) });
        }
        h
    }

    /// Every position within this many moves was written.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Entries of the table.
    pub fn entries(&self) -> u64 {
        1u64 << self.bits
    }

    /// Bytes of the table.
    pub fn bytes(&self) -> u64 {
        self.table.len() as u64
    }

    /// Canonical sequences the build walked (each a position written).
    pub fn walked(&self) -> u64 {
        self.walked
    }
}
