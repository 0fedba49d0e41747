//! Distance tables of a product projection kept once per class of
//! symmetric positions.
//!
//! A projection over several sets (`A × B`: the first set's part, the
//! rest) whose positions the puzzle's symmetries map onto each other (the
//! coset pictures of [`crate::prune::coset`]: a symmetry takes the cube's
//! tetrads onto tetrads and its slices onto slices) needs one entry per
//! class of `A` under those symmetries for each `B`, not one per `A`:
//! positions `σ s σ⁻¹` are as far from the goal as `s`. The index of a
//! position is Kociemba's *sym-coordinate*: the class of `a` and the
//! symmetry `σ` taking `a` to the class's representative, then `σ`
//! applied to `b`,
//!
//! `index = class(a) * |B| + σ(b)`.
//!
//! Two positions with one index are symmetric, so the table is exact for
//! the projection. A representative fixed by some symmetries (the
//! "self-symmetric" ones) is the subtle case: a class then has several
//! indices for one class of positions, and the breadth-first search that
//! fills the table sets them all at once ([`SymReduced::distances`]), else
//! one could be reached late and overestimate.
//!
//! On the cube's coset picture (corners in their tetrads and twisted,
//! edges in their slices) the 48 symmetries take `153,090` corner states
//! to `3,393` classes: `117,567,450` entries instead of `5,304,568,500`.

use super::coord::Coords;
use super::tws::{Projected, ProjectedSymmetry, SetPart, Tws};
use super::xorbfs::{NIBBLE_MAX, NIBBLE_UNREACHED};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering};
use tansaku_core::context::Context;
use tansaku_core::puzzle::Puzzle;
use tansaku_core::search::SearchError;

/// Largest number of states of `A` (the classes are found by looking at
/// every one).
const MOST_A: u64 = 1 << 26;
/// Largest table of `B`'s images (`|B|` times the symmetries).
const MOST_B_IMAGES: u64 = 1 << 27;

/// A product projection's positions indexed up to symmetry (see the module
/// documentation).
#[derive(Debug)]
pub struct SymReduced {
    /// The projection, its first set `A`.
    pub projected: Projected,
    /// Symmetries used (each a map of the projection's positions).
    syms: usize,
    /// States of `B` (the sets after the first).
    b_size: u64,
    /// Per state of `A`: its class, times 64, plus the symmetry taking it
    /// to the class's representative.
    class_of: Vec<u32>,
    /// Per class: the representative (a state of `A`).
    reps: Vec<u32>,
    /// Per class: the symmetries fixing the representative (a bit each).
    stab: Vec<u64>,
    /// `b_image[σ * |B| + b]`: the state `σ` takes `b` to.
    b_image: Vec<u32>,
}

/// A reduced table told before its classes are found
/// ([`SymReduced::estimate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// About its entries: `|A|` over the symmetries, times `|B|` (a little
    /// under the count, representatives fixed by a symmetry being counted
    /// fractionally).
    pub entries: u64,
    /// The symmetries.
    pub symmetries: usize,
    /// About the bytes of its index (what [`SymReduced::index_bytes`]
    /// will be).
    pub index_bytes: u64,
}

impl SymReduced {
    /// The reduction of the projection `parts` (of `full`, over two sets
    /// or more) by every symmetry of `full` that maps its positions, its
    /// largest set first (of the moves' symmetries,
    /// [`Tws::move_symmetries`], on a puzzle of alike pieces those that
    /// take alike pieces onto alike pieces). `None` when fewer than two
    /// symmetries do, when the puzzle has several solved positions, or
    /// when `A` or `B`'s images pass their limits.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, symtable::SymReduced, tws::SetPart};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// // Edges in their slices, corners in their tetrads and twisted.
    /// let coset: Vec<SetPart> = t.square_orbits()
    ///         .into_iter()
    ///         .map(|o| SetPart {
    ///             set: o.set,
    ///             pieces: Vec::new(),
    ///             orientation: t.sets[o.set].name == "CORNER",
    ///             alike: o.orbits,
    ///             unturned: 0,
    ///         })
    ///         .collect();
    /// assert_eq!(t.project(&coset).tws.rank_space(), Some(5_304_568_500));
    /// let r = SymReduced::new(&t, &coset).unwrap();
    /// assert_eq!((r.symmetries(), r.classes()), (48, 3393));
    /// assert_eq!(r.entries(), 117_567_450);
    /// ```
    pub fn new(full: &Tws, parts: &[SetPart]) -> Option<SymReduced> {
        let Shape {
            projected,
            a_size,
            b_size,
            syms,
        } = shape(full, parts)?;
        let p = &projected.tws;
        let bytes = p.bytes();
        let position = |r: u64| {
            let mut s = [0u8; super::tws::MAX_BYTES];
            p.unrank_into(r, &mut s[..bytes]);
            s
        };
        let image = |s: &[u8; super::tws::MAX_BYTES], y: &ProjectedSymmetry| {
            let mut out = [0u8; super::tws::MAX_BYTES];
            y.apply(&s[..bytes], &mut out[..bytes]);
            p.rank_of(&out[..bytes])
        };
        // Each state of A: the least of its images and a symmetry giving it,
        // and, on a representative, the symmetries fixing it.
        let least: Vec<(u32, u8, u64)> = (0..a_size)
            .into_par_iter()
            .map(|x| {
                let s = position(x * b_size);
                let (mut best, mut by, mut fixed) = (u64::MAX, 0u8, 0u64);
                for (k, y) in syms.iter().enumerate() {
                    let z = image(&s, y) / b_size;
                    if z < best {
                        (best, by) = (z, k as u8);
                    }
                    if z == x {
                        fixed |= 1 << k;
                    }
                }
                (best as u32, by, fixed)
            })
            .collect();
        let reps: Vec<u32> = (0..a_size as u32).filter(|&x| least[x as usize].0 == x).collect();
        let stab: Vec<u64> = reps.iter().map(|&x| least[x as usize].2).collect();
        let class_of: Vec<u32> = tansaku_core::memory::huge_collect(least.par_iter().map(|&(rep, by, _)| {
            let c = reps
                .binary_search(&rep)
                .expect("a state's least image is a representative");
            (c as u32) << 6 | u32::from(by)
        }));
        let b_image: Vec<u32> = (0..syms.len() as u64 * b_size)
            .into_par_iter()
            .map(|i| (image(&position(i % b_size), &syms[(i / b_size) as usize]) % b_size) as u32)
            .collect();
        Some(SymReduced {
            projected,
            syms: syms.len(),
            b_size,
            class_of,
            reps,
            stab,
            b_image,
        })
    }

    /// About the reduced table of the projection `parts`, without
    /// finding its classes: its entries, symmetries and index
    /// ([`Estimate`]); `None` where [`SymReduced::new`] is.
    pub fn estimate(full: &Tws, parts: &[SetPart]) -> Option<Estimate> {
        let s = shape(full, parts)?;
        let syms = s.syms.len() as u64;
        let classes = s.a_size.div_ceil(syms);
        Some(Estimate {
            entries: classes * s.b_size,
            symmetries: s.syms.len(),
            index_bytes: index_bytes(s.a_size, classes, syms * s.b_size),
        })
    }

    /// Bytes the index holds beside the table, for as long as the table
    /// is read: each state of `A`'s class, each class's representative
    /// and stabilizer, and `B`'s images.
    pub fn index_bytes(&self) -> u64 {
        index_bytes(
            self.class_of.len() as u64,
            self.reps.len() as u64,
            self.b_image.len() as u64,
        )
    }

    /// Symmetries the reduction uses.
    pub fn symmetries(&self) -> usize {
        self.syms
    }

    /// Classes of `A`'s states.
    pub fn classes(&self) -> usize {
        self.reps.len()
    }

    /// Entries of the reduced table.
    pub fn entries(&self) -> u64 {
        self.reps.len() as u64 * self.b_size
    }

    /// The table index of the projection's position of rank `r`.
    #[inline]
    pub fn index(&self, r: u64) -> u64 {
        self.index_of(r / self.b_size, r % self.b_size)
    }

    /// [`SymReduced::index`] of the position whose first set's rank is `a`
    /// and the others' `b` ([`Projected::rank_split`]): no division.
    #[inline]
    pub fn index_of(&self, a: u64, b: u64) -> u64 {
        let e = self.class_of[a as usize];
        u64::from(e >> 6) * self.b_size + u64::from(self.b_image[(u64::from(e & 63) * self.b_size + b) as usize])
    }

    /// Asks for the cache line of the class of the position whose first
    /// set's rank is `a`, ahead of [`SymReduced::index_of`] (the classes
    /// of a large `A` are far larger than the caches).
    #[inline]
    pub fn prefetch_class(&self, a: u64) {
        if let Some(x) = self.class_of.get(a as usize) {
            tansaku_core::memory::prefetch(x);
        }
    }

    /// The rank of the position index `i` stands for (its class's
    /// representative with its `B`).
    #[inline]
    fn position(&self, i: u64) -> u64 {
        u64::from(self.reps[(i / self.b_size) as usize]) * self.b_size + i % self.b_size
    }

    /// Bytes [`SymReduced::distances`] holds at its peak: the table of
    /// nibbles it fills in place and the move tables, beside the index
    /// ([`SymReduced::index_bytes`]), already held.
    pub fn build_bytes(&self) -> u64 {
        self.entries().div_ceil(2) + Coords::bytes(&self.projected.tws)
    }

    /// The distance of every index, four bits each (two a byte, the even
    /// index's low; 15 for never reached, 14 also for farther), and the
    /// largest distance: breadth first from the goals, in the table of
    /// nibbles itself (each thread clears a newly reached entry's bits
    /// to its level). A level is pushed from its positions while it is
    /// smaller than what is left, else pulled into the positions left (one
    /// of their moves reaching the level). A pushed index sets every index
    /// of its class of positions (its representative's symmetries applied
    /// to its `B`). Past level 14 the entries left are pulled, as 14, until
    /// none is reached: the largest distance is then a lower bound.
    ///
    /// Each level is reported to the context's progress as it ends, and
    /// handed whole to `keep` (with its number) while others remain: the
    /// table as it then stands is all a later build needs to go on, given
    /// back as `resume`. A stop is answered between levels and chunks.
    pub fn distances(
        &self,
        ctx: &Context,
        resume: Option<(u32, Vec<u8>)>,
        keep: &mut Keep<'_>,
    ) -> Result<(u32, Vec<u8>), SearchError> {
        let coords = Coords::new(&self.projected.tws)
            .ok_or_else(|| SearchError::Unsupported("no coordinates for this projection".into()))?;
        let n = self.entries();
        let bytes = usize::try_from(n.div_ceil(2))
            .map_err(|_| SearchError::Unsupported("table too large for this machine".into()))?;
        let (first, mut table) = match resume {
            Some((level, table)) if table.len() == bytes && level < u32::from(NIBBLE_MAX) => (level as u8, table),
            _ => {
                let mut table = tansaku_core::memory::huge_zeroed(bytes);
                table.par_chunks_mut(1 << 16).for_each(|c| c.fill(0xFF));
                let cells = tansaku_core::memory::atomic_bytes(&mut table);
                for g in &self.projected.tws.goals {
                    self.mark(cells, self.index(self.projected.tws.rank_of(g)), 0);
                }
                (0, table)
            }
        };
        // The odd table's last nibble is no entry: never reached, not left.
        let padding = n % 2;
        const CHUNK: u64 = 1 << 16;
        let mut longest = 0u32;
        let progress = tansaku_core::progress::Progress::new(ctx, Some(n), "entries");
        let clock = web_time::Instant::now();
        for d in first..=NIBBLE_MAX {
            let (frontier, left) = count(&table, d);
            let left = left - padding;
            if frontier == 0 {
                break;
            }
            longest = u32::from(d);
            progress.line(&format!(
                "  level {d:>3}: {frontier:>12} entries ({:.2} s)",
                clock.elapsed().as_secs_f64()
            ));
            progress.update(n - left, &format!("level {d}"));
            if left == 0 {
                break;
            }
            if let Some(why) = ctx.stopped() {
                progress.finish();
                return Err(SearchError::Stopped(why));
            }
            if d > first {
                keep(u32::from(d), &table)?;
            }
            let cells = tansaku_core::memory::atomic_bytes(&mut table);
            let get = |i: u64| get(cells, i);
            if d == NIBBLE_MAX {
                // Farther levels cannot be told apart: pull until no entry
                // left is next to one reached.
                loop {
                    let found: u64 = (0..n.div_ceil(CHUNK))
                        .into_par_iter()
                        .map(|chunk| {
                            let mut found = 0;
                            for i in chunk * CHUNK..((chunk + 1) * CHUNK).min(n) {
                                if get(i) == NIBBLE_UNREACHED && self.near(&coords, i, &get, &|v| v != NIBBLE_UNREACHED)
                                {
                                    put(cells, i, NIBBLE_MAX);
                                    found += 1;
                                }
                            }
                            found
                        })
                        .sum();
                    if found == 0 || ctx.stopped().is_some() {
                        break;
                    }
                    longest += 1;
                }
                break;
            }
            let push = frontier <= left;
            (0..n.div_ceil(CHUNK)).into_par_iter().for_each(|chunk| {
                if ctx.stopped().is_some() {
                    return;
                }
                for i in chunk * CHUNK..((chunk + 1) * CHUNK).min(n) {
                    let v = get(i);
                    if push && v == d {
                        coords.for_each_successor(&self.position(i), |_, r| {
                            let j = self.index(r);
                            if get(j) == NIBBLE_UNREACHED {
                                self.mark(cells, j, d + 1);
                            }
                        });
                    } else if !push && v == NIBBLE_UNREACHED && self.near(&coords, i, &get, &|v| v == d) {
                        put(cells, i, d + 1);
                    }
                }
            });
        }
        progress.finish();
        if let Some(why) = ctx.stopped() {
            return Err(SearchError::Stopped(why));
        }
        Ok((longest, table))
    }

    /// Sets index `i`, and every index of its class of positions, to `d`
    /// where not yet reached.
    #[inline]
    fn mark(&self, cells: &[AtomicU8], i: u64, d: u8) {
        let (c, b) = (i / self.b_size, i % self.b_size);
        let mut fixed = self.stab[c as usize];
        while fixed != 0 {
            let y = u64::from(fixed.trailing_zeros());
            fixed &= fixed - 1;
            let j = c * self.b_size + u64::from(self.b_image[(y * self.b_size + b) as usize]);
            if get(cells, j) == NIBBLE_UNREACHED {
                put(cells, j, d);
            }
        }
    }

    /// Whether a move takes index `i`'s position to an index whose
    /// distance `wanted` accepts.
    #[inline]
    fn near(&self, coords: &Coords, i: u64, get: &impl Fn(u64) -> u8, wanted: &dyn Fn(u8) -> bool) -> bool {
        let mut near = false;
        coords.for_each_successor(&self.position(i), |_, r| {
            near = near || wanted(get(self.index(r)));
        });
        near
    }
}

/// Entry `i`'s distance as it stands.
#[inline]
fn get(cells: &[AtomicU8], i: u64) -> u8 {
    cells[(i >> 1) as usize].load(Ordering::Relaxed) >> ((i & 1) * 4) & 0xF
}

/// Writes `d` into the never-reached entry `i` (its bits all set: clearing
/// the others leaves `d`, whichever thread writes it first).
#[inline]
fn put(cells: &[AtomicU8], i: u64, d: u8) {
    let sh = (i & 1) * 4;
    cells[(i >> 1) as usize].fetch_and(!((NIBBLE_UNREACHED ^ d) << sh), Ordering::Relaxed);
}

/// Entries of `table` at distance `d`, and never reached (the padding
/// nibble of an odd table among them).
fn count(table: &[u8], d: u8) -> (u64, u64) {
    const ONES: u64 = 0x1111_1111_1111_1111;
    let equal = |x: u64, v: u8| {
        let y = !(x ^ (u64::from(v) * ONES));
        u64::from((y & y >> 1 & y >> 2 & y >> 3 & ONES).count_ones())
    };
    table
        .par_chunks(1 << 16)
        .map(|c| {
            let words = c.chunks_exact(8);
            let tail = words.remainder();
            let (mut at, mut left) = words.fold((0, 0), |(a, l), w| {
                let x = u64::from_le_bytes(w.try_into().expect("8 bytes"));
                (a + equal(x, d), l + equal(x, NIBBLE_UNREACHED))
            });
            for v in tail.iter().flat_map(|&b| [b & 0xF, b >> 4]) {
                at += u64::from(v == d);
                left += u64::from(v == NIBBLE_UNREACHED);
            }
            (at, left)
        })
        .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1))
}

/// What [`SymReduced::distances`] hands each whole level to (its number
/// and the table as it stands), to keep it for a later build to go on
/// from; an error stops the build.
pub type Keep<'a> = dyn FnMut(u32, &[u8]) -> Result<(), SearchError> + 'a;

/// A projection laid out for reduction: its largest part `A` first.
struct Shape {
    projected: Projected,
    a_size: u64,
    b_size: u64,
    syms: Vec<ProjectedSymmetry>,
}

/// Bytes of an index of `a` states of `A` in `classes` classes, with
/// `images` images of `B`'s states.
fn index_bytes(a: u64, classes: u64, images: u64) -> u64 {
    4 * a + 12 * classes + 4 * images
}

/// [`Shape`] of the projection `parts`, `None` where [`SymReduced::new`]
/// is.
fn shape(full: &Tws, parts: &[SetPart]) -> Option<Shape> {
    if parts.len() < 2 || full.goals.len() != 1 {
        return None;
    }
    let size = |k: usize| {
        full.project(std::slice::from_ref(&parts[k]))
            .tws
            .rank_space()
            .unwrap_or(u64::MAX)
    };
    let first = (0..parts.len()).max_by_key(|&k| (size(k), std::cmp::Reverse(k)))?;
    let mut parts = parts.to_vec();
    let a = parts.remove(first);
    parts.insert(0, a);
    let projected = full.project(&parts);
    let a_size = size(first);
    let b_size = projected.tws.rank_space()? / a_size;
    let syms: Vec<ProjectedSymmetry> = full
        .move_symmetries()
        .iter()
        .filter_map(|y| projected.symmetry(full, y))
        .collect();
    if syms.len() < 2
        || syms.len() > 64
        || a_size > MOST_A
        || b_size.checked_mul(syms.len() as u64)? > MOST_B_IMAGES
        || u32::try_from(b_size).is_err()
    {
        return None;
    }
    Some(Shape {
        projected,
        a_size,
        b_size,
        syms,
    })
}
