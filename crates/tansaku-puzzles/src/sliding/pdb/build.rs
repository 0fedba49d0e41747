//! Building one additive pattern database: a breadth-first search over the
//! abstract space of one pattern.
//!
//! An abstract state keeps where the pattern's k tiles stand and which
//! connected region of the other cells holds the empty cell. The other
//! tiles are indistinguishable and move for free, so the empty cell can be
//! anywhere in its region; a pattern tile next to the region may slide into
//! any region cell next to it (one move), after which the empty cell is in
//! the region of the cell it left. The table keeps, for every placement of
//! the pattern tiles, the fewest pattern-tile moves from the goal over all
//! regions: a lower bound on the moves of those tiles in any real solution
//! (Korf & Felner 2002), so the tables of disjoint patterns add up.
//!
//! The search keeps two bits per (placement, region), the regions of a
//! placement numbered in the order of their lowest cells: 00 not reached,
//! 01 and 10 the frontier and the next layer (their roles swap every
//! layer), 11 done. Slots past a placement's regions are set to 11 when the
//! placement is first reached, so a placement whose slots are all non-zero
//! is finished. A placement has as many slots as any placement of the
//! pattern has regions (counted over every set of cells before the build:
//! 5 for 6 tiles of the 24-puzzle, where the free cells are 19), and its
//! slots form a lane of 16, 32 or 64 bits, packed into 64-bit words, so one
//! test on a word looks at up to four placements. So a 7-tile pattern of
//! the 24-puzzle takes 2 bytes a placement while it is built, not 8. Layers run top-down (expand the frontier, claim unseen
//! children with one `fetch_or`) while the frontier is small and bottom-up
//! (every unseen region looks for a neighbour in the frontier) once it is
//! large, in parallel on every core (rayon). A placement's distance is
//! written by the layer whose frontier first holds one of its regions, in
//! the scan, so the table is written in order and by one thread a chunk.

use super::geometry::{Geometry, MAX_PDB_CELLS};
use super::index::{GroupIndex, NO_TILE, Unranker};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Distance byte of a placement not reached yet.
const UNREACHED: u8 = u8::MAX;
/// Placements per parallel work item.
const CHUNK: usize = 1 << 14;
const ODD: u64 = 0x5555_5555_5555_5555;
/// Children whose words are prefetched before they are claimed.
const PENDING: usize = 64;

use tansaku_core::memory::prefetch;

/// How a placement's slots sit in the 64-bit words.
#[derive(Clone, Copy, Debug)]
struct Lanes {
    /// log2 of the placements per word.
    shift: u32,
    /// Bits per lane (16, 32 or 64).
    bits: u32,
    /// The bits of real slots in a word (lanes may have spare bits).
    valid: u64,
    /// The bits of real slots in one lane.
    lane: u64,
}

impl Lanes {
    /// Lanes of `slots` slots (at most 32).
    fn new(slots: usize) -> Self {
        let bits = (2 * slots as u32).next_power_of_two().max(16);
        let lane = u64::MAX >> (64 - 2 * slots.max(1) as u32);
        let mut valid = 0u64;
        for l in 0..64 / bits {
            valid |= lane << (l * bits);
        }
        Lanes {
            shift: (64 / bits).trailing_zeros(),
            bits,
            valid,
            lane,
        }
    }

    /// Word and bit offset of placement `r`.
    #[inline]
    fn at(self, r: u64) -> (usize, u32) {
        (
            (r >> self.shift) as usize,
            (r as u32 & ((1 << self.shift) - 1)) * self.bits,
        )
    }

    /// Words for `entries` placements.
    fn words(self, entries: u64) -> usize {
        entries.div_ceil(1 << self.shift) as usize
    }
}

/// Bytes a build of a `k`-tile pattern on `geo` holds at its peak: the
/// table (one byte per placement), the zero-aware table when one is made
/// (a bit a placement and free cell) and the search's slot words.
pub fn build_bytes(geo: &Geometry, k: usize, zero: bool) -> u64 {
    let entries = GroupIndex::new(geo.cells(), k).size();
    let lanes = Lanes::new(region_counts(geo, k).1 as usize);
    let bits = if zero { zero_bytes(entries, geo.cells() - k) } else { 0 };
    entries
        .saturating_add(bits)
        .saturating_add(8 * lanes.words(entries) as u64)
}

/// Which region of a set of free cells a cell belongs to, numbered in the
/// order of the regions' lowest cells.
enum Regions {
    /// Boards of at most 16 cells: `ordinals[free][cell]` (the region's
    /// number) and `unused[free]` (the number of regions), each read in
    /// one load.
    Table { ordinals: Vec<[u8; 16]>, unused: Vec<u32> },
    /// Larger boards: flood fills.
    Flood,
}

impl Regions {
    fn new(geo: &Geometry) -> Self {
        if geo.cells() > 16 {
            return Regions::Flood;
        }
        let ordinals = (0..1usize << geo.cells())
            .into_par_iter()
            .map(|free| {
                let free = free as u64;
                let mut row = [0u8; 16];
                for (c, slot) in row.iter_mut().enumerate().take(geo.cells()) {
                    if free >> c & 1 == 1 {
                        *slot = Self::flood_index(geo, free, c);
                    }
                }
                row
            })
            .collect();
        let unused = (0..1u64 << geo.cells())
            .into_par_iter()
            .map(|free| region_count(geo, free))
            .collect();
        Regions::Table { ordinals, unused }
    }

    #[inline]
    fn flood_index(geo: &Geometry, free: u64, c: usize) -> u8 {
        let (mut rest, mut i) = (free, 0);
        loop {
            let region = geo.flood(free, rest & rest.wrapping_neg());
            if region >> c & 1 == 1 {
                return i;
            }
            rest &= !region;
            i += 1;
        }
    }

    #[inline]
    fn ordinal(&self, geo: &Geometry, free: u64, c: usize) -> u32 {
        match self {
            Regions::Table { ordinals, .. } => ordinals[free as usize][c] as u32,
            Regions::Flood => Self::flood_index(geo, free, c) as u32,
        }
    }

    /// The slot pattern `11` at every slot of a lane of `lane` past the
    /// regions of `free`.
    #[inline]
    fn unused(&self, geo: &Geometry, free: u64, lane: u64) -> u64 {
        let regions = match self {
            Regions::Table { unused, .. } => unused[free as usize],
            Regions::Flood => region_count(geo, free),
        };
        lane & u64::MAX.checked_shl(2 * regions).unwrap_or(0)
    }
}

/// The regions `free` falls into.
fn region_count(geo: &Geometry, free: u64) -> u32 {
    let (mut rest, mut n) = (free, 0);
    while rest != 0 {
        rest &= !geo.flood(free, rest & rest.wrapping_neg());
        n += 1;
    }
    n
}

/// Low bit of every slot of `w` that holds `v`.
#[inline]
fn slots_equal(w: u64, v: u64) -> u64 {
    let x = w ^ (v * ODD);
    !(x | (x >> 1)) & ODD
}

/// One layer of a build.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildLayer {
    /// Distance of the regions found in this layer.
    pub depth: u32,
    /// (placement, region) pairs found.
    pub found: u64,
    /// Whether the layer ran bottom-up.
    pub bottom_up: bool,
    /// Seconds since the build started, at the end of the layer.
    pub seconds: f64,
}

/// What a build did.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildStats {
    /// Placements (table entries).
    pub entries: u64,
    /// (placement, region) pairs reached: the abstract states.
    pub states: u64,
    /// `histogram[d]`: placements whose entry is `d`.
    pub histogram: Vec<u64>,
    /// The search, layer by layer.
    pub layers: Vec<BuildLayer>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One pattern's search: the board, the pattern and the slot words.
struct Search<'a> {
    geo: &'a Geometry,
    index: GroupIndex,
    unranker: Option<Unranker>,
    regions: Regions,
    lanes: Lanes,
    words: Vec<AtomicU64>,
    entries: u64,
}

/// What a layer's scan of one chunk of words is given.
struct Scan<'t> {
    /// The chunk's number.
    chunk: usize,
    /// The chunk's part of the distance table.
    table: &'t mut [u8],
    /// Slot values of the frontier and of the next layer.
    cur: u64,
    next: u64,
    /// Distance of the frontier.
    depth: u8,
    /// The chunk's part of the zero-aware table, when one is built: a bit
    /// per (placement, free cell), bit 1 of the distance of the region
    /// holding that cell.
    zero: Option<&'t mut [u8]>,
}

/// A placement unranked: which tile is where, and the free cells.
struct Placement {
    order_at: [u8; MAX_PDB_CELLS],
    occupied: u64,
    free: u64,
}

impl Search<'_> {
    fn placement(&self, r: u64) -> Placement {
        let k = self.index.tiles();
        let mut cells = [0u8; MAX_PDB_CELLS];
        match &self.unranker {
            Some(u) => u.unrank(r, &mut cells),
            None => self.index.unrank(r, &mut cells),
        }
        let mut p = Placement {
            order_at: [NO_TILE; MAX_PDB_CELLS],
            occupied: 0,
            free: 0,
        };
        for (j, &c) in cells[..k].iter().enumerate() {
            p.order_at[c as usize] = j as u8;
            p.occupied |= 1 << c;
        }
        p.free = self.geo.board() & !p.occupied;
        p
    }

    /// The slots of placement `r` in word `w`.
    #[inline]
    fn lane(&self, w: u64, r: u64) -> u64 {
        (w >> self.lanes.at(r).1) & self.lanes.lane
    }

    /// Calls `f(rank, slot, free)` for every abstract child of region
    /// `region` of placement `p` (of rank `r`); stops when `f` says so.
    #[inline]
    fn children(&self, p: &Placement, r: u64, region: u64, mut f: impl FnMut(u64, u32, u64) -> bool) {
        let mut tiles = self.geo.spread(region) & p.occupied;
        while tiles != 0 {
            let c = tiles.trailing_zeros() as usize;
            tiles &= tiles - 1;
            let j = p.order_at[c] as usize;
            let mut targets = self.geo.neighbours(c) & region;
            while targets != 0 {
                let d = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let child = self.index.rank_after(r, j, c as u8, d as u8, |x| p.order_at[x]);
                let free = p.free ^ (1 << c) ^ (1 << d);
                if f(child, self.regions.ordinal(self.geo, free, c), free) {
                    return;
                }
            }
        }
    }

    /// Marks slot `slot` of placement `r` with `v` if it is unreached;
    /// true when this call did. A placement reached for the first time
    /// gets its unused slots closed.
    #[inline]
    fn claim(&self, r: u64, slot: u32, free: u64, v: u64) -> bool {
        let (i, base) = self.lanes.at(r);
        let w = &self.words[i];
        let sh = base + 2 * slot;
        if (w.load(Relaxed) >> sh) & 3 != 0 {
            return false;
        }
        let old = w.fetch_or(v << sh, Relaxed);
        if (old >> base) & self.lanes.lane == 0 {
            w.fetch_or(self.regions.unused(self.geo, free, self.lanes.lane) << base, Relaxed);
        }
        (old >> sh) & 3 == 0
    }

    /// The placements of word `i` (their ranks).
    #[inline]
    fn ranks(&self, i: usize) -> std::ops::Range<u64> {
        let first = (i as u64) << self.lanes.shift;
        first..(first + (1 << self.lanes.shift)).min(self.entries)
    }

    /// The words of chunk `c`.
    fn chunk_words(&self, c: usize) -> std::ops::Range<usize> {
        c * CHUNK..((c + 1) * CHUNK).min(self.words.len())
    }

    /// Sets the distance of every placement of word `i` that has a frontier
    /// slot and no distance yet; returns the frontier slots of the word.
    #[inline]
    fn frontier(&self, s: &mut Scan, i: usize, w: u64) -> u64 {
        let frontier = slots_equal(w, s.cur) & self.lanes.valid;
        if frontier != 0 {
            let first = (s.chunk * CHUNK) << self.lanes.shift;
            for r in self.ranks(i) {
                let lane = self.lane(frontier, r);
                if lane != 0 {
                    let t = &mut s.table[r as usize - first];
                    if *t == UNREACHED {
                        *t = s.depth;
                    }
                    if s.depth & 2 != 0
                        && let Some(zero) = s.zero.as_deref_mut()
                    {
                        self.mark_regions(zero, r - first as u64, r, lane);
                    }
                }
            }
        }
        frontier
    }

    /// Sets the zero-aware bit of every free cell of the regions whose
    /// slots are set in `lane` (placement `r`, the `at`-th of its chunk).
    #[inline]
    fn mark_regions(&self, zero: &mut [u8], at: u64, r: u64, lane: u64) {
        let p = self.placement(r);
        let free_cells = self.geo.cells() - self.index.tiles();
        let (mut rest, mut o) = (p.free, 0);
        while rest != 0 {
            let mut region = self.geo.flood(p.free, rest & rest.wrapping_neg());
            rest &= !region;
            if lane >> (2 * o) & 3 != 0 {
                while region != 0 {
                    let c = region.trailing_zeros();
                    region &= region - 1;
                    let bit = at * free_cells as u64 + (p.free & ((1u64 << c) - 1)).count_ones() as u64;
                    zero[(bit / 8) as usize] |= 1 << (bit % 8);
                }
            }
            o += 1;
        }
    }

    /// Expands every frontier region of the chunk, claims its unreached
    /// children and closes it; returns the regions claimed, and marks the
    /// chunks they fell in as `dirty`.
    fn top_down(&self, mut s: Scan, dirty: &[AtomicBool]) -> u64 {
        let mut found = 0u64;
        let next = s.next;
        let mut pending: Vec<(u64, u32, u64)> = Vec::with_capacity(PENDING + 64);
        let mut flush = |pending: &mut Vec<(u64, u32, u64)>| {
            for (child, slot, free) in pending.drain(..) {
                if self.claim(child, slot, free, next) {
                    found += 1;
                    dirty[self.lanes.at(child).0 / CHUNK].store(true, Relaxed);
                }
            }
        };
        for i in self.chunk_words(s.chunk) {
            let frontier = self.frontier(&mut s, i, self.words[i].load(Relaxed));
            if frontier == 0 {
                continue;
            }
            for r in self.ranks(i) {
                let mine = self.lane(frontier, r);
                if mine == 0 {
                    continue;
                }
                let p = self.placement(r);
                let (mut rest, mut o) = (p.free, 0);
                while rest != 0 {
                    let region = self.geo.flood(p.free, rest & rest.wrapping_neg());
                    rest &= !region;
                    if mine >> (2 * o) & 1 != 0 {
                        self.children(&p, r, region, |child, slot, free| {
                            prefetch(&self.words[self.lanes.at(child).0]);
                            pending.push((child, slot, free));
                            false
                        });
                    }
                    o += 1;
                }
            }
            self.words[i].fetch_or(frontier * 3, Relaxed);
            if pending.len() >= PENDING {
                flush(&mut pending);
            }
        }
        flush(&mut pending);
        found
    }

    /// Every unreached region of the chunk looks for a neighbour in the
    /// frontier; returns the regions found.
    fn bottom_up(&self, mut s: Scan) -> u64 {
        let mut found = 0u64;
        for i in self.chunk_words(s.chunk) {
            let w = self.words[i].load(Relaxed);
            self.frontier(&mut s, i, w);
            if slots_equal(w, 0) & self.lanes.valid == 0 {
                continue;
            }
            for r in self.ranks(i) {
                let mine = self.lane(w, r);
                if slots_equal(mine, 0) & self.lanes.lane == 0 {
                    continue;
                }
                let p = self.placement(r);
                let (mut rest, mut add, mut next_o) = (p.free, 0u64, 0);
                while rest != 0 {
                    let region = self.geo.flood(p.free, rest & rest.wrapping_neg());
                    rest &= !region;
                    let o = next_o;
                    next_o += 1;
                    if (mine >> (2 * o)) & 3 != 0 {
                        continue;
                    }
                    self.children(&p, r, region, |child, slot, _| {
                        let hit = (self.lane(self.words[self.lanes.at(child).0].load(Relaxed), child) >> (2 * slot))
                            & 3
                            == s.cur;
                        if hit {
                            add |= s.next << (2 * o);
                            found += 1;
                        }
                        hit
                    });
                }
                if add != 0 {
                    let base = self.lanes.at(r).1;
                    let closed = if mine == 0 {
                        self.regions.unused(self.geo, p.free, self.lanes.lane)
                    } else {
                        0
                    };
                    self.words[i].fetch_or((add | closed) << base, Relaxed);
                }
            }
        }
        found
    }

    /// Closes the frontier after a bottom-up layer (which must not close
    /// slots while other threads still look for them).
    fn close(&self, c: usize, cur: u64) {
        for w in &self.words[self.chunk_words(c)] {
            let v = w.load(Relaxed);
            let frontier = slots_equal(v, cur) & self.lanes.valid;
            if frontier != 0 {
                w.store(v | (frontier * 3), Relaxed);
            }
        }
    }
}

/// (placement, region) pairs over all placements of `k` tiles, and the
/// most regions of any placement: the regions depend only on which cells
/// are taken, so each set of `k` cells counts once per arrangement of the
/// tiles on it.
fn region_counts(geo: &Geometry, k: usize) -> (u64, u32) {
    let n = geo.cells();
    let arrangements: u64 = (1..=k as u64).product();
    if k == 0 {
        return (1, 1);
    }
    let (mut total, mut most) = (0u64, 1u32);
    // Every k-subset of the cells, by Gosper's hack.
    let mut set: u64 = (1u64 << k) - 1;
    while set < 1u64 << n {
        let regions = region_count(geo, geo.board() & !set);
        total += arrangements * u64::from(regions);
        most = most.max(regions);
        let low = set & set.wrapping_neg();
        let ripple = set + low;
        set = (((ripple ^ set) >> 2) / low) | ripple;
    }
    (total, most)
}

/// The table of one pattern: for every placement of the tiles whose goal
/// cells are `goal_cells` (in the pattern's order, ranked by
/// [`GroupIndex`]), the fewest moves of those tiles that bring them there
/// from the goal, the empty cell starting on `goal_blank`.
///
/// ```
/// use tansaku_puzzles::sliding::pdb::{Geometry, GroupIndex, build_table};
/// // The 8-puzzle's tiles 1 and 2 (goal 123/456/78_).
/// let geo = Geometry::new(3, 3);
/// let (table, stats) = build_table(&geo, &[0, 1], 8, &tansaku_core::Context::new());
/// let index = GroupIndex::new(9, 2);
/// assert_eq!(table[index.rank(&[0, 1]) as usize], 0);
/// assert_eq!(table[index.rank(&[1, 0]) as usize], 4);
/// assert_eq!(stats.entries, 72);
/// ```
pub fn build_table(
    geo: &Geometry,
    goal_cells: &[u8],
    goal_blank: u8,
    ctx: &tansaku_core::Context,
) -> (Vec<u8>, BuildStats) {
    let (table, _, stats) = build(geo, goal_cells, goal_blank, false, ctx);
    (table, stats)
}

/// [`build_table`], and the zero-aware table of the same search: for every
/// placement and every free cell, bit 1 of the fewest pattern-tile moves
/// from the goal when the empty cell is on that cell (the distance of its
/// region, not the least over the regions): `free` bits a placement, free
/// cells in increasing order, placements in rank order, packed into bytes
/// from the low bit. A real move changes one pattern's distance by exactly
/// one, so that bit tells which way ([`super::zero::ZeroTable`]).
///
/// ```
/// use tansaku_puzzles::sliding::pdb::{Geometry, GroupIndex, build_zero_aware};
/// // The 8-puzzle's tile 1 (goal cell 0), empty cell on cell 8.
/// let geo = Geometry::new(3, 3);
/// let (table, bits, _) = build_zero_aware(&geo, &[0], 8, &tansaku_core::Context::new());
/// assert_eq!((table.len(), bits.len()), (9, 9)); // 9 placements x 8 free cells
/// ```
pub fn build_zero_aware(
    geo: &Geometry,
    goal_cells: &[u8],
    goal_blank: u8,
    ctx: &tansaku_core::Context,
) -> (Vec<u8>, Vec<u8>, BuildStats) {
    let (table, zero, stats) = build(geo, goal_cells, goal_blank, true, ctx);
    (table, zero.expect("asked for"), stats)
}

/// Bytes of the zero-aware table of `entries` placements with `free` free
/// cells each.
pub fn zero_bytes(entries: u64, free: usize) -> u64 {
    (entries * free as u64).div_ceil(8)
}

/// The breadth-first search of [`build_table`], writing the zero-aware
/// table too when `zero` is set.
fn build(
    geo: &Geometry,
    goal_cells: &[u8],
    goal_blank: u8,
    zero: bool,
    ctx: &tansaku_core::Context,
) -> (Vec<u8>, Option<Vec<u8>>, BuildStats) {
    let timer = web_time::Instant::now();
    let k = goal_cells.len();
    let index = GroupIndex::new(geo.cells(), k);
    let entries = index.size();
    let (total_states, slots) = region_counts(geo, k);
    let lanes = Lanes::new(slots as usize);
    let search = Search {
        geo,
        unranker: Unranker::new(&index),
        index,
        regions: Regions::new(geo),
        lanes,
        words: (0..lanes.words(entries))
            .into_par_iter()
            .map(|_| AtomicU64::new(0))
            .collect(),
        entries,
    };
    let mut table = tansaku_core::memory::huge_zeroed(entries as usize);
    table.par_chunks_mut(1 << 20).for_each(|c| c.fill(UNREACHED));
    let free_cells = geo.cells() - k;
    let mut zero_table = zero.then(|| tansaku_core::memory::huge_zeroed(zero_bytes(entries, free_cells) as usize));
    let chunks = search.words.len().div_ceil(CHUNK);
    let table_chunk = CHUNK << lanes.shift;
    let flags = || (0..chunks).map(|_| AtomicBool::new(false)).collect::<Vec<_>>();
    let (mut dirty, mut dirty_next) = (flags(), flags());
    // The goal placement, its empty cell's region in the frontier.
    let root = search.index.rank(goal_cells);
    let occupied = goal_cells.iter().fold(0u64, |o, &c| o | 1 << c);
    let free = geo.board() & !occupied;
    let slot = search.regions.ordinal(geo, free, goal_blank as usize);
    let (i, base) = lanes.at(root);
    search.words[i].store(
        (1 << (2 * slot) | search.regions.unused(geo, free, lanes.lane)) << base,
        Relaxed,
    );
    dirty[i / CHUNK].store(true, Relaxed);
    let bar = tansaku_core::progress::Progress::new(ctx, Some(total_states), "states");
    let (mut frontier, mut reached) = (1u64, 1u64);
    let mut layers = Vec::new();
    let mut depth = 0u8;
    while frontier > 0 {
        let (cur, next) = if depth.is_multiple_of(2) { (1, 2) } else { (2, 1) };
        // Bottom-up pays once the frontier is comparable to what is left
        // (it scans every unfinished placement).
        let bottom_up = frontier > total_states - reached;
        // A chunk of placements owns whole bytes of the zero-aware table:
        // its placements are a multiple of 8.
        let zero_chunk = table_chunk * free_cells / 8;
        let mut zero_parts: Vec<Option<&mut [u8]>> = match zero_table.as_mut() {
            Some(z) => z.chunks_mut(zero_chunk.max(1)).map(Some).collect(),
            None => Vec::new(),
        };
        zero_parts.resize_with(chunks, || None);
        let found: u64 = table
            .par_chunks_mut(table_chunk)
            .zip(zero_parts.par_iter_mut())
            .enumerate()
            .map(|(chunk, (table, zero))| {
                let scan = Scan {
                    chunk,
                    table,
                    cur,
                    next,
                    depth,
                    zero: zero.as_deref_mut(),
                };
                if bottom_up {
                    let found = search.bottom_up(scan);
                    if found > 0 {
                        dirty_next[chunk].store(true, Relaxed);
                    }
                    found
                } else if dirty[chunk].swap(false, Relaxed) {
                    search.top_down(scan, &dirty_next)
                } else {
                    0
                }
            })
            .sum();
        if bottom_up {
            (0..chunks).into_par_iter().for_each(|c| search.close(c, cur));
            dirty.iter().for_each(|d| d.store(false, Relaxed));
        }
        std::mem::swap(&mut dirty, &mut dirty_next);
        frontier = found;
        reached += found;
        depth = depth.saturating_add(1).min(UNREACHED - 1);
        layers.push(BuildLayer {
            depth: depth as u32,
            found,
            bottom_up,
            seconds: timer.elapsed().as_secs_f64(),
        });
        bar.update(reached, &format!("depth {depth}"));
    }
    bar.finish();
    let mut histogram = table
        .par_chunks(1 << 16)
        .map(|c| {
            let mut h = vec![0u64; 256];
            for &v in c {
                h[v as usize] += 1;
            }
            h
        })
        .reduce(
            || vec![0u64; 256],
            |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
        );
    debug_assert_eq!(histogram[UNREACHED as usize], 0, "every placement is reachable");
    while histogram.last() == Some(&0) {
        histogram.pop();
    }
    let stats = BuildStats {
        entries,
        states: reached,
        histogram,
        layers,
        seconds: timer.elapsed().as_secs_f64(),
    };
    (table, zero_table, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_counts_count_regions() {
        // 2x2, one tile: the other three cells are one region wherever it is.
        assert_eq!(region_counts(&Geometry::new(2, 2), 1), (4, 1));
        // 3x1, one tile in the middle splits the row in two.
        assert_eq!(region_counts(&Geometry::new(3, 1), 1), (1 + 2 + 1, 2));
        // The 15-puzzle's 8 tiles on every other cell: 8 cells alone.
        assert_eq!(region_counts(&Geometry::new(4, 4), 8).1, 8);
        assert_eq!(region_counts(&Geometry::new(5, 5), 6).1, 5);
    }

    #[test]
    fn slots_equal_finds_each_value() {
        let w = 0b11_00_10_01;
        assert_eq!(slots_equal(w, 1) & 0xFF, 0b00_00_00_01);
        assert_eq!(slots_equal(w, 2) & 0xFF, 0b00_00_01_00);
        assert_eq!(slots_equal(w, 0) & 0xFF, 0b00_01_00_00);
        assert_eq!(slots_equal(w, 3) & 0xFF, 0b01_00_00_00);
    }

    #[test]
    fn lanes_pack_placements() {
        let l = Lanes::new(8);
        assert_eq!((l.bits, l.shift, l.valid), (16, 2, u64::MAX));
        assert_eq!(l.at(6), (1, 32));
        let l = Lanes::new(9);
        assert_eq!((l.bits, l.shift, l.valid), (32, 1, 0x0003_FFFF_0003_FFFF));
        let l = Lanes::new(19);
        assert_eq!((l.bits, l.shift, l.at(5)), (64, 0, (5, 0)));
    }
}
