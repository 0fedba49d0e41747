//! Reading the tables on a position: the bound, in batches whose cache
//! misses overlap, stage by stage (the position, its inverse, its
//! symmetric images).

use super::projection::ranges;
use super::stages::{Lookup, On, reads, stages};
use super::tables::Tables;
use crate::symmetry::TwsSymmetry;
use crate::tws::Tws;

impl Tables {
    /// The bound of the full puzzle's position `s`: the largest distance
    /// of its projections ([`UNREACHABLE`] when one is never reached).
    /// (The inverse position is as far from the goal: IDA* looks it up
    /// too, but only for the children this lookup does not cut; see
    /// `LowerBound::refine`.)
    #[inline]
    pub fn estimate(&self, s: &[u8]) -> u32 {
        let mut h = 0;
        self.estimate_each(std::iter::once((s, &mut h)));
        h
    }

    /// [`Tables::estimate`] of several positions, each written where it
    /// comes with: every rank of a batch first (each table line asked for
    /// at once), then every lookup, so that the cache misses of a node's
    /// children overlap instead of queueing.
    pub fn estimate_each<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>) {
        self.look(positions, &self.everything);
    }

    /// The first look at several positions (IDA*'s bound of a node's
    /// children): [`Tables::estimate_each`] through the tables that cut
    /// most for their cost, the coset pictures where there are some. The
    /// others wait for [`Tables::refine`], asked only of the positions
    /// this look does not cut.
    pub fn first_look<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>) {
        self.look(positions, &self.stages[0]);
    }

    /// The largest of `lookups`' distances of each position (lookups on
    /// the position itself), in batches.
    #[inline]
    fn look<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>, lookups: &[Lookup]) {
        const BATCH: usize = 64;
        let looks = lookups.len();
        if looks == 0 {
            positions.for_each(|(_, out)| *out = 0);
            return;
        }
        let per = (BATCH / looks).max(1);
        let (mut stack, mut heap) = ([0u64; BATCH], Vec::new());
        let ranks: &mut [u64] = if looks > BATCH {
            // More tables than a batch holds (never in practice): a
            // position at a time.
            heap.resize(looks, 0);
            &mut heap
        } else {
            &mut stack
        };
        let mut outs: Vec<&'a mut u32> = Vec::with_capacity(per);
        let flush = |ranks: &mut [u64], outs: &mut Vec<&'a mut u32>| {
            for i in 0..outs.len() {
                self.settle(lookups, &mut ranks[i * looks..(i + 1) * looks]);
            }
            for (i, out) in outs.drain(..).enumerate() {
                *out = self.read_all(lookups, &ranks[i * looks..(i + 1) * looks], 0);
            }
        };
        let mut image = [0u8; crate::tws::MAX_BYTES];
        for (s, out) in positions {
            let at = outs.len() * looks;
            self.ranks(s, &mut image, lookups, &mut ranks[at..at + looks]);
            outs.push(out);
            if outs.len() == per {
                flush(ranks, &mut outs);
            }
        }
        flush(ranks, &mut outs);
    }

    /// The ranks of `lookups` (their tables' ranks of `s`, its inverse, or
    /// a symmetric image of it; `inverse` holds the inverse once it is
    /// needed), each line asked for: a table's, or, for a table kept up to
    /// symmetry, the line of the position's class, made a table index by
    /// [`Tables::settle`].
    #[inline]
    fn ranks(&self, s: &[u8], inverse: &mut [u8; crate::tws::MAX_BYTES], lookups: &[Lookup], out: &mut [u64]) {
        let t = &self.full;
        let n = t.bytes();
        let mut inverted = false;
        for (&(k, on), out) in lookups.iter().zip(out.iter_mut()) {
            let (p, table, own, reduced) = &self.tables[k];
            let at: &[u8] = match on {
                On::Position | On::Image(_) => s,
                On::Inverse | On::InverseImage(_) => {
                    if !inverted {
                        t.invert(&s[..n], &mut inverse[..n]);
                        inverted = true;
                    }
                    &inverse[..]
                }
            };
            // The image to read: a further lookup's, else the table's own.
            let sym = match on {
                On::Image(i) | On::InverseImage(i) => Some(&self.images[i]),
                On::Position | On::Inverse => own.as_ref().map(|(_, _, y)| y),
            };
            // A table kept per class reads the first set's rank and the
            // others' apart (see `SPLIT`).
            *out = match (reduced, sym) {
                (Some(x), y) => {
                    let (a, b) = p.rank_split(at, y);
                    x.prefetch_class(a);
                    a << SPLIT | b
                }
                (None, None) => p.rank(at),
                (None, Some(y)) => p.rank_image(y, at),
            };
            if reduced.is_none() {
                table.prefetch(*out as usize);
            }
        }
    }

    /// The table indices of ranks [`Tables::ranks`] left (those of tables
    /// kept up to symmetry), each table line asked for.
    #[inline]
    fn settle(&self, lookups: &[Lookup], ranks: &mut [u64]) {
        for (&(k, _), r) in lookups.iter().zip(ranks.iter_mut()) {
            let (_, t, _, reduced) = &self.tables[k];
            if let Some(x) = reduced {
                let r2 = *r;
                *r = x.index_of(r2 >> SPLIT, r2 & ((1 << SPLIT) - 1));
                t.prefetch(*r as usize);
            }
        }
    }

    /// The largest of `h` and the entries `ranks` (settled) name.
    #[inline]
    fn read_all(&self, lookups: &[Lookup], ranks: &[u64], h: u32) -> u32 {
        lookups
            .iter()
            .zip(ranks)
            .fold(h, |h, (&(k, _), &r)| h.max(self.tables[k].1.read(r as usize)))
    }

    /// Adds, for each table that keeps only some pieces of a set, up to
    /// `per_table` lookups of it on a symmetric image `σ s σ⁻¹` of the
    /// position (as far from the goal as `s`: [`Tws::symmetries`]). The
    /// image's kept pieces are other pieces of `s`: a table of the cube's
    /// edges 1-6, read on an image, bounds six other edges. Each lookup
    /// added reads a group no table or earlier lookup reads, chosen to
    /// share as few pieces as can be with those. Returns the groups read,
    /// named as projections are.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, prune};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// // A coset picture with one tetrad's twists, CORNER 1-6, CORNER 3-8,
    /// // EDGE 1-6, EDGE 7-12: a lookup on an image of each.
    /// let plan = prune::plan(&t, 64 << 20);
    /// let mut tables = prune::Tables::build(&t, &plan, &ctx).unwrap();
    /// let read = tables.add_symmetric_lookups(&t, t.symmetries(), 1);
    /// assert_eq!(read.len(), 5);
    /// ```
    pub fn add_symmetric_lookups(&mut self, t: &Tws, syms: &[TwsSymmetry], per_table: usize) -> Vec<String> {
        let mut read: Vec<Vec<(usize, u64, bool)>> = self.projections.iter().map(|p| reads(t, p, None)).collect();
        let mut names = Vec::new();
        for k in 0..self.tables.len() {
            let proj = &self.projections[k];
            // (A coset's picture read on an image reads other pieces'
            // orientations only when some of its orbits are unturned.)
            if self.tables[k].2.is_some() || proj.0.iter().all(|part| part.pieces.len() == t.classes_of(part.set)) {
                continue;
            }
            for _ in 0..per_table {
                let shared = |r: &[(usize, u64, bool)]| {
                    read.iter()
                        .map(|other| {
                            r.iter()
                                .map(|&(set, m, _)| {
                                    other
                                        .iter()
                                        .filter(|o| o.0 == set)
                                        .map(|o| (o.1 & m).count_ones())
                                        .sum::<u32>()
                                })
                                .sum::<u32>()
                        })
                        .max()
                        .unwrap_or(0)
                };
                let best = syms
                    .iter()
                    .map(|y| (reads(t, proj, Some(y)), y))
                    .filter(|(r, _)| !read.contains(r))
                    .min_by_key(|(r, _)| shared(r));
                let Some((r, y)) = best else { break };
                names.push(
                    r.iter()
                        .filter(|&&(_, m, _)| m != 0)
                        .map(|&(set, m, _)| {
                            let pieces: Vec<u8> = (0..64u8).filter(|&p| m >> p & 1 == 1).collect();
                            format!("{} {}", t.sets[set].name, ranges(&pieces))
                        })
                        .collect::<Vec<_>>()
                        .join(" + "),
                );
                read.push(r);
                let sets = proj.0.iter().fold(0u64, |m, part| m | 1 << part.set);
                self.images.push(self.tables[k].0.image_of(t, y));
                self.symmetric.push((k, sets, y.clone()));
            }
        }
        let longest: Vec<u32> = self.tables.iter().map(|x| x.1.longest).collect();
        self.stages = stages(&self.projections, &longest, &self.symmetric, t.invertible());
        names
    }

    /// The second look at a position `s` whose first look
    /// ([`Tables::first_look`]) gave `h` (IDA*'s `refine`): the lookups the
    /// first left, stage by stage, strongest first (the coset pictures on
    /// the inverse position and on symmetric images, then the other tables
    /// on the position, its inverse and its images), stopping as soon as
    /// the bound passes `enough`. Within a stage every address is computed
    /// and asked for before any is read, so that the misses overlap.
    #[inline]
    pub fn refine(&self, s: &[u8], h: u32, enough: u32) -> u32 {
        const MOST: usize = 32;
        let mut h = h;
        let mut inverse = [0u8; crate::tws::MAX_BYTES];
        for stage in &self.stages[1..] {
            for lookups in stage.chunks(MOST) {
                let mut ranks = [0u64; MOST];
                let ranks = &mut ranks[..lookups.len()];
                self.ranks(s, &mut inverse, lookups, ranks);
                self.settle(lookups, ranks);
                h = self.read_all(lookups, ranks, h);
            }
            if h > enough {
                break;
            }
        }
        h
    }

    /// [`Tables::refine`] of a node's children together: `h[i]` is child
    /// `i`'s first look (`at(i)` its position), raised through the later
    /// stages while it stays at most `enough`. Within a stage the
    /// addresses of every child still open are asked for before any is
    /// read, so that one child's misses overlap another's, not only its
    /// own (a child alone has two or three lookups in a stage). Each
    /// child it leaves open ends with the bound [`Tables::refine`] gives it;
    /// one the first look cuts is left as it is.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, prune};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// let tables = prune::Tables::build(&t, &prune::plan(&t, 1 << 16), &ctx).unwrap();
    /// let kids = [t.scramble("R U F").unwrap(), t.scramble("U2 R' F U").unwrap()];
    /// let mut h = [0u32; 2];
    /// tables.first_look(kids.iter().map(|s| &s[..]).zip(h.iter_mut()));
    /// let one: Vec<u32> = kids.iter().zip(&h).map(|(s, &h)| tables.refine(s, h, 9)).collect();
    /// tables.refine_each(|i| &kids[i][..], &mut h, 9);
    /// assert_eq!(h.to_vec(), one);
    /// ```
    pub fn refine_each<'a>(&self, at: impl Fn(usize) -> &'a [u8], h: &mut [u32], enough: u32) {
        const MOST: usize = 64;
        let mut inverse = [0u8; crate::tws::MAX_BYTES];
        // The children still open (on the stack for any node of up to
        // `MOST` children).
        let (mut stack, mut heap) = ([0usize; MOST], Vec::new());
        let all: &mut [usize] = if h.len() <= MOST {
            &mut stack[..h.len()]
        } else {
            heap.resize(h.len(), 0);
            &mut heap
        };
        let mut open = 0;
        for (i, &hi) in h.iter().enumerate() {
            if hi <= enough {
                all[open] = i;
                open += 1;
            }
        }
        for stage in &self.stages[1..] {
            if open == 0 {
                break;
            }
            for lookups in stage.chunks(MOST) {
                let looks = lookups.len();
                let mut ranks = [0u64; MOST];
                for batch in all[..open].chunks(MOST / looks) {
                    for (j, &i) in batch.iter().enumerate() {
                        self.ranks(at(i), &mut inverse, lookups, &mut ranks[j * looks..(j + 1) * looks]);
                    }
                    for j in 0..batch.len() {
                        self.settle(lookups, &mut ranks[j * looks..(j + 1) * looks]);
                    }
                    for (j, &i) in batch.iter().enumerate() {
                        h[i] = self.read_all(lookups, &ranks[j * looks..(j + 1) * looks], h[i]);
                    }
                }
            }
            let mut kept = 0;
            for k in 0..open {
                if h[all[k]] <= enough {
                    all[kept] = all[k];
                    kept += 1;
                }
            }
            open = kept;
        }
    }

    /// Number of tables.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// True when there is no table.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
}

/// Between [`Tables::ranks`] and [`Tables::settle`], a table kept up to
/// symmetry holds its first set's rank shifted by this many bits, beside
/// the other sets' rank (below `2^27` by `symtable`'s limits).
const SPLIT: u32 = 32;
