//! Additive pattern databases for sliding puzzles with distinct tiles (the
//! 15- and 24-puzzle), after Korf & Felner (2002) and Felner, Korf & Hanan
//! (2004).
//!
//! The tiles are split into disjoint patterns ([`Partition`]). For each
//! pattern a table gives, for every placement of its tiles, the fewest
//! moves of those tiles (the others move for free) that bring them home
//! ([`build_table`]). A real solution moves one tile at a time, so its
//! moves of each pattern's tiles solve that pattern: the tables add up to a
//! lower bound ([`AdditivePdb`]). A board symmetry that keeps the goal's
//! empty cell in place (the main diagonal for the usual goals) turns every
//! board into another board at the same distance; the bound is the larger
//! of the sums on the board and on its mirror image, from the same tables.
//!
//! In IDA* a move changes one tile, so one pattern's index (and one of the
//! mirror image's) changes: [`AdditivePdb`] keeps the indices and table
//! values in its memo and updates them per move ([`GroupIndex::rank_after`]).
//!
//! The bound is admissible but not consistent: an entry is a minimum over
//! the regions the empty cell may be in, and a move can take the board
//! out of the region that gave the minimum, so a sum can drop by more than
//! one in one move (about 2% of moves on random walks of the 15-puzzle with
//! 6-6-3). IDA* needs only admissibility.
//!
//! A partition may instead read zero-aware tables ([`zero`],
//! [`Partition::zero_aware`], named with a `z`: `7-8z`): the distance of
//! the region the empty cell is really in, a bit a (placement, free cell),
//! the default where they fit.
//!
//! Tables are built once per goal and kept in a cache of files
//! ([`cache`]).

mod build;
pub mod cache;
pub mod choose;
mod geometry;
mod index;
pub(crate) mod kernel;
pub mod max;
mod partition;
pub mod zero;

pub use build::{BuildLayer, BuildStats, build_bytes, build_table, build_zero_aware, zero_bytes};
pub use geometry::{Geometry, MAX_PDB_CELLS};
pub use index::{GroupIndex, NO_TILE};
use partition::{CellMap, involutions, layout_cells, table_bytes};
pub use partition::{MAX_GROUPS, MAX_PATTERN, Partition};
use zero::ZeroTable;

use super::{SlideMove, SlideState, Sliding};
use serde::Serialize;
use tansaku_core::search::LowerBound;

/// Why pattern databases cannot be used or made.
#[derive(Debug, thiserror::Error)]
pub enum PdbError {
    /// The puzzle does not fit the partition.
    #[error("{0}")]
    Unsupported(String),
    /// The tables would not fit in memory.
    #[error(transparent)]
    Memory(#[from] tansaku_core::memory::MemoryError),
    /// The cache of tables could not be read or written.
    #[error("pattern database cache: {0}")]
    Cache(String),
}

/// One pattern: its tiles (labels, in index order), index and table, and
/// its zero-aware table when the bound reads that one instead.
#[derive(Clone, Debug)]
struct Pattern {
    labels: Vec<u8>,
    index: GroupIndex,
    table: Vec<u8>,
    zero: Option<ZeroTable>,
    /// The goal cells of the pattern's tiles (for the zero-aware walk).
    goal_cells: Vec<u8>,
}

/// A table of one pattern to make or load: the board, the goal and the
/// pattern's tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The goal: the label of every cell (0 = the empty cell).
    pub goal: Vec<u8>,
    /// The pattern's tiles (labels), in index order.
    pub labels: Vec<u8>,
    /// The zero-aware table ([`zero`]) rather than the additive one.
    pub zero: bool,
}

impl TableSpec {
    /// The goal cell of each of the pattern's tiles.
    pub fn goal_cells(&self) -> Vec<u8> {
        self.labels
            .iter()
            .map(|&l| self.goal.iter().position(|&g| g == l).expect("a label of the goal") as u8)
            .collect()
    }

    /// The goal's empty cell.
    pub fn goal_blank(&self) -> u8 {
        self.goal
            .iter()
            .position(|&g| g == 0)
            .expect("the goal has an empty cell") as u8
    }

    /// Entries of the table (placements of the pattern's tiles).
    pub fn entries(&self) -> u64 {
        GroupIndex::new(self.width * self.height, self.labels.len()).size()
    }

    /// Bytes of the table: an entry each, or a bit a placement and free
    /// cell when zero-aware.
    pub fn bytes(&self) -> u64 {
        table_bytes(self.width * self.height, self.labels.len(), self.zero)
    }

    /// Builds the table (see [`build_table`] and [`build_zero_aware`]).
    pub fn build(&self, ctx: &tansaku_core::Context) -> (Vec<u8>, BuildStats) {
        let geo = Geometry::new(self.width, self.height);
        if self.zero {
            let (_, bits, stats) = build_zero_aware(&geo, &self.goal_cells(), self.goal_blank(), ctx);
            (bits, stats)
        } else {
            build_table(&geo, &self.goal_cells(), self.goal_blank(), ctx)
        }
    }
}

/// The mirror image used for the second lookup: the cell map and the
/// matching relabelling of the tiles (both their own inverse).
#[derive(Clone, Debug)]
struct Reflection {
    cell: CellMap,
    label: [u8; MAX_PDB_CELLS + 1],
}

/// Whether every pattern's image under the labels' reflection `label` is
/// a pattern of `patterns`: the partition is then its own mirror image.
fn own_image(patterns: &[Pattern], label: &[u8]) -> bool {
    fn set(labels: impl Iterator<Item = u8>) -> u64 {
        labels.fold(0, |m, l| m | 1 << l)
    }
    let sets: Vec<u64> = patterns.iter().map(|p| set(p.labels.iter().copied())).collect();
    patterns
        .iter()
        .all(|p| sets.contains(&set(p.labels.iter().map(|&l| label[l as usize]))))
}

/// No pattern holds this label (the empty cell).
const NO_GROUP: u8 = u8::MAX;

/// The additive pattern databases of one partition for one puzzle and goal,
/// used as a [`LowerBound`]: the larger of the sums over the patterns on the
/// board and on its mirror image, rounded up to the parity of every
/// solution.
#[derive(Clone, Debug)]
pub struct AdditivePdb {
    partition: Partition,
    /// Cells of the board.
    cells: usize,
    geo: Geometry,
    /// The goal's empty cell.
    goal_blank: u8,
    patterns: Vec<Pattern>,
    /// By label: the pattern holding it and its place in the pattern.
    group_of: [u8; MAX_PDB_CELLS + 1],
    order_of: [u8; MAX_PDB_CELLS + 1],
    reflection: Option<Reflection>,
    /// Whether the bound looks the mirror image up: not when the partition
    /// is its own mirror image (each pattern's image one of its patterns),
    /// whose lookup of the image gives the plain sum again.
    mirror_lookup: bool,
    /// By cell: the parity of the empty cell's distance to its goal cell.
    blank_parity: [u8; MAX_PDB_CELLS],
}

/// What IDA* keeps per node for [`AdditivePdb`]: each pattern's index and
/// table value, on the board and on its mirror image.
///
/// Aligned to 16 bytes: IDA* copies a memo into every child it makes, and
/// a copy whose 16-byte pieces start where the next read's do not makes
/// the processor wait for the writes to land before it can read them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(align(16))]
pub struct PdbMemo {
    index: [u32; MAX_GROUPS],
    value: [u8; MAX_GROUPS],
    mirror_index: [u32; MAX_GROUPS],
    mirror_value: [u8; MAX_GROUPS],
    sum: u16,
    mirror_sum: u16,
    /// Each pattern's cells, on the board and on its mirror image (kept
    /// for the zero-aware tables: the empty cell's place among the free
    /// cells).
    mask: [u32; MAX_GROUPS],
    mirror_mask: [u32; MAX_GROUPS],
}

impl AdditivePdb {
    /// The tables each pattern of `partition` needs for `p`'s goal, in the
    /// partition's order. Fails when `p` is not a board of the partition's
    /// size with distinct tiles.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))).unwrap();
    /// let (p, _) = Sliding::new(&goal, None).unwrap();
    /// let specs = AdditivePdb::tables(&p, &Partition::P78).unwrap();
    /// // Goal empty cell last: Korf's layout turned half round.
    /// assert_eq!(specs[1].labels, vec![8, 7, 6, 5, 4, 3, 2, 1]);
    /// ```
    pub fn tables(p: &Sliding, partition: &Partition) -> Result<Vec<TableSpec>, PdbError> {
        let (w, h) = partition.board();
        if (p.width(), p.height()) != (w, h) {
            return Err(PdbError::Unsupported(format!(
                "the {} pattern databases are for {w}x{h} boards, not {}x{}",
                partition,
                p.width(),
                p.height()
            )));
        }
        if !p.distinct() {
            return Err(PdbError::Unsupported(
                "these pattern databases need distinct tiles; boards with repeated tiles use the label databases"
                    .into(),
            ));
        }
        let goal: Vec<u8> = p.goal.cells[..w * h].to_vec();
        let real = layout_cells(p);
        Ok(partition
            .layout()
            .map(|cells| {
                let labels = cells.iter().map(|&c| goal[usize::from(real[usize::from(c)])]).collect();
                TableSpec {
                    width: w,
                    height: h,
                    goal: goal.clone(),
                    labels,
                    zero: partition.zero,
                }
            })
            .collect())
    }

    /// Builds every table in memory (no cache) and returns the bound.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// use tansaku_core::search::LowerBound;
    /// let start = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", Some((4, 4))).unwrap();
    /// let (p, s) = Sliding::new(&start, None).unwrap();
    /// let db = AdditivePdb::build(&p, &Partition::P555, &tansaku_core::Context::new()).unwrap();
    /// assert!(db.estimate(&s) >= 2);
    /// ```
    pub fn build(p: &Sliding, partition: &Partition, ctx: &tansaku_core::Context) -> Result<Self, PdbError> {
        tansaku_core::memory::check(
            &format!("the {partition} pattern databases"),
            partition.build_peak_bytes(),
            ctx.budget(),
        )?;
        let tables = Self::tables(p, partition)?
            .iter()
            .map(|spec| spec.build(ctx).0)
            .collect();
        Self::from_tables(p, partition, tables)
    }

    /// The bound for `p`, each table loaded from the files of the
    /// context's tables or built (and saved there); returns how each table
    /// was obtained. The context's notices hear a line for every table
    /// built and every cached file not trusted.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition, cache::{Origin, PdbCache}};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let dir = std::env::temp_dir().join(format!("tansaku-doc-{}", std::process::id()));
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::at(&dir));
    /// let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))).unwrap();
    /// let (p, _) = Sliding::new(&goal, None).unwrap();
    /// let (_, first) = AdditivePdb::load(&p, &Partition::P555, &ctx).unwrap();
    /// assert!(matches!(first[0], Origin::Built(..)));
    /// let (_, again) = AdditivePdb::load(&p, &Partition::P555, &ctx).unwrap();
    /// assert!(matches!(again[0], Origin::Loaded(..)));
    /// // Kept in memory by the context for the next use:
    /// let (_, kept) = AdditivePdb::shared(&p, &Partition::P555, &ctx).unwrap();
    /// let (_, again) = AdditivePdb::shared(&p, &Partition::P555, &ctx).unwrap();
    /// assert!(matches!(again[0], Origin::Kept));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn load(
        p: &Sliding,
        partition: &Partition,
        ctx: &tansaku_core::Context,
    ) -> Result<(Self, Vec<cache::Origin>), PdbError> {
        let cache = cache::PdbCache::of(ctx.tables());
        tansaku_core::memory::check(
            &format!("the {partition} pattern databases"),
            partition.table_bytes(),
            ctx.budget(),
        )?;
        let mut tables = Vec::new();
        let mut origins = Vec::new();
        for spec in Self::tables(p, partition)? {
            let (table, origin) = cache.get_or_build(&spec, ctx)?;
            tables.push(table);
            origins.push(origin);
        }
        Ok((Self::from_tables(p, partition, tables)?, origins))
    }

    /// Every table of `partition` for `p` found in the context's cache or
    /// built and kept there, one at a time, none held after: what making
    /// them ahead of a search needs, in the memory of its largest table
    /// and build rather than of them all (7-7-7-3z: 12.4 GB, not 23 GB).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let goal = parse_board("1 2 3 4 5 6 7 8 0", Some((3, 3))).unwrap();
    /// let (p, _) = Sliding::new(&goal, None).unwrap();
    /// let dir = std::env::temp_dir().join(format!("tansaku-make-tables-{}", std::process::id()));
    /// let tables = tansaku_core::context::Tables::at(&dir);
    /// let ctx = tansaku_core::Context::new().with_tables(tables);
    /// let part = Partition::parse("1-4/5-8", 3, 3).unwrap();
    /// let origins = AdditivePdb::make_tables(&p, &part, &ctx).unwrap();
    /// assert_eq!(origins.len(), 2);
    /// let again = AdditivePdb::make_tables(&p, &part, &ctx).unwrap();
    /// assert!(again.iter().all(|o| matches!(o, tansaku_puzzles::sliding::pdb::cache::Origin::Loaded(..))));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn make_tables(
        p: &Sliding,
        partition: &Partition,
        ctx: &tansaku_core::Context,
    ) -> Result<Vec<cache::Origin>, PdbError> {
        let cache = cache::PdbCache::of(ctx.tables());
        Self::tables(p, partition)?
            .iter()
            .map(|spec| cache.get_or_build(spec, ctx).map(|(_, origin)| origin))
            .collect()
    }

    /// The bound for `p` as [`AdditivePdb::load`] makes it, kept in memory
    /// by the context's tables: a later call with a clone of the context
    /// (the next board of a batch, the next request to a server) takes it
    /// at once ([`cache::Origin::Kept`] for every table).
    pub fn shared(
        p: &Sliding,
        partition: &Partition,
        ctx: &tansaku_core::Context,
    ) -> Result<(std::sync::Arc<Self>, Vec<cache::Origin>), PdbError> {
        let specs = Self::tables(p, partition)?;
        let key = format!(
            "additive pdb {partition} {}x{} goal {:?}",
            p.width(),
            p.height(),
            specs.first().map(|s| &s.goal)
        );
        let mut origins = Vec::new();
        let db = ctx.tables().get_or_make(&key, partition.table_bytes(), || {
            let (db, o) = Self::load(p, partition, ctx)?;
            origins = o;
            Ok::<_, PdbError>(db)
        })?;
        if origins.is_empty() {
            origins = vec![cache::Origin::Kept; specs.len()];
        }
        Ok((db, origins))
    }

    /// The bound from tables already made (in the order of
    /// [`AdditivePdb::tables`]); fails when they do not match.
    pub fn from_tables(p: &Sliding, partition: &Partition, tables: Vec<Vec<u8>>) -> Result<Self, PdbError> {
        let specs = Self::tables(p, partition)?;
        if tables.len() != specs.len() || tables.iter().zip(&specs).any(|(t, s)| t.len() as u64 != s.bytes()) {
            return Err(PdbError::Unsupported(format!(
                "the tables given do not match the {partition} partition"
            )));
        }
        let n = p.cells();
        let mut group_of = [NO_GROUP; MAX_PDB_CELLS + 1];
        let mut order_of = [0u8; MAX_PDB_CELLS + 1];
        let patterns: Vec<Pattern> = specs
            .into_iter()
            .zip(tables)
            .enumerate()
            .map(|(g, (spec, table))| {
                for (j, &l) in spec.labels.iter().enumerate() {
                    group_of[l as usize] = g as u8;
                    order_of[l as usize] = j as u8;
                }
                let (table, zero) = if spec.zero {
                    (Vec::new(), Some(ZeroTable::new(n - spec.labels.len(), table)))
                } else {
                    (table, None)
                };
                Pattern {
                    index: GroupIndex::new(n, spec.labels.len()),
                    goal_cells: spec.goal_cells(),
                    labels: spec.labels,
                    table,
                    zero,
                }
            })
            .collect();
        let goal = &p.goal;
        let blank = goal.blank as usize;
        let reflection = involutions(p.width(), p.height())
            .into_iter()
            .find(|m| m[blank] as usize == blank)
            .map(|cell| {
                let mut label = [0u8; MAX_PDB_CELLS + 1];
                for c in 0..n {
                    label[goal.cells[c] as usize] = goal.cells[cell[c] as usize];
                }
                Reflection { cell, label }
            });
        let mirror_lookup = reflection.as_ref().is_some_and(|r| !own_image(&patterns, &r.label));
        let mut blank_parity = [0u8; MAX_PDB_CELLS];
        for (c, parity) in blank_parity.iter_mut().enumerate().take(n) {
            let (w, g) = (p.width(), blank);
            *parity = (((c % w).abs_diff(g % w) + (c / w).abs_diff(g / w)) % 2) as u8;
        }
        Ok(AdditivePdb {
            partition: partition.clone(),
            cells: n,
            geo: Geometry::new(p.width(), p.height()),
            goal_blank: goal.blank,
            patterns,
            group_of,
            order_of,
            reflection,
            mirror_lookup,
            blank_parity,
        })
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// Whether the bound also looks up the mirror image of the board: when
    /// the goal has one and the partition is not its own image (whose
    /// lookup of the image would give the plain sum again).
    pub fn reflects(&self) -> bool {
        self.mirror_lookup
    }

    /// The cell of every label on `s`.
    fn cells_of(&self, s: &SlideState) -> [u8; MAX_PDB_CELLS + 1] {
        let mut cell_of = [0u8; MAX_PDB_CELLS + 1];
        for c in 0..self.cells {
            cell_of[s.cells[c] as usize] = c as u8;
        }
        cell_of
    }

    /// Index, cells and value of every pattern on the board whose labels
    /// stand on `cell_of`, the empty cell on `blank`; returns the sum.
    fn lookup(
        &self,
        cell_of: impl Fn(u8) -> u8,
        blank: u8,
        index: &mut [u32],
        value: &mut [u8],
        mask: &mut [u32],
    ) -> u16 {
        let mut sum = 0u16;
        for (g, pat) in self.patterns.iter().enumerate() {
            let k = pat.labels.len();
            let mut cells = [0u8; MAX_PDB_CELLS];
            for (j, &l) in pat.labels.iter().enumerate() {
                cells[j] = cell_of(l);
            }
            let r = pat.index.rank(&cells[..k]);
            index[g] = r as u32;
            mask[g] = cells[..k].iter().fold(0u32, |m, &c| m | 1 << c);
            value[g] = match &pat.zero {
                Some(z) => z.distance(
                    &self.geo,
                    &pat.index,
                    &pat.goal_cells,
                    self.goal_blank,
                    &cells[..k],
                    blank,
                ) as u8,
                None => pat.table[r as usize],
            };
            sum += value[g] as u16;
        }
        sum
    }

    /// The bound reading zero-aware tables (in the partition's order)
    /// instead of the additive ones: the same patterns, each with the
    /// empty cell's region taken into account (see [`zero`]).
    pub fn with_zero_aware(mut self, tables: Vec<ZeroTable>) -> Result<Self, PdbError> {
        if tables.len() != self.patterns.len() {
            return Err(PdbError::Unsupported(format!(
                "{} zero-aware tables for {} patterns",
                tables.len(),
                self.patterns.len()
            )));
        }
        for (pat, z) in self.patterns.iter_mut().zip(tables) {
            pat.zero = Some(z);
        }
        Ok(self)
    }

    /// The same bound without the lookup on the mirror image.
    pub fn without_mirror(mut self) -> Self {
        self.reflection = None;
        self.mirror_lookup = false;
        self
    }

    /// Whether the bound reads zero-aware tables.
    pub fn zero_aware(&self) -> bool {
        self.patterns.iter().any(|p| p.zero.is_some())
    }

    /// The sum over the patterns on `s` (no mirror image, no parity).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))).unwrap();
    /// let (p, s) = Sliding::new(&goal, None).unwrap();
    /// let db = AdditivePdb::build(&p, &Partition::P555, &tansaku_core::Context::new()).unwrap();
    /// assert_eq!(db.sum(&s), 0);
    /// ```
    pub fn sum(&self, s: &SlideState) -> u32 {
        let cell_of = self.cells_of(s);
        let mut m = PdbMemo::default();
        self.lookup(
            |l| cell_of[l as usize],
            s.blank,
            &mut m.index,
            &mut m.value,
            &mut m.mask,
        ) as u32
    }

    /// The sum over the patterns on the mirror image of `s` (`None` when
    /// the goal has no mirror symmetry).
    pub fn mirror_sum(&self, s: &SlideState) -> Option<u32> {
        let r = self.reflection.as_ref()?;
        let cell_of = self.cells_of(s);
        let mut m = PdbMemo::default();
        Some(self.lookup(
            |l| r.cell[cell_of[r.label[l as usize] as usize] as usize],
            r.cell[s.blank as usize],
            &mut m.mirror_index,
            &mut m.mirror_value,
            &mut m.mirror_mask,
        ) as u32)
    }

    /// The mirror image of `s` (tiles relabelled so that the goal is its
    /// own image), when the goal has one.
    pub fn mirror(&self, s: &SlideState) -> Option<SlideState> {
        let r = self.reflection.as_ref()?;
        let mut t = *s;
        for c in 0..self.cells {
            t.cells[r.cell[c] as usize] = r.label[s.cells[c] as usize];
        }
        t.blank = r.cell[s.blank as usize];
        Some(t)
    }

    fn finish(&self, s: &SlideState, sum: u16, mirror_sum: u16) -> u32 {
        self.finish_at(s.blank, sum, mirror_sum)
    }

    /// The bound of a position with the empty cell on `blank` whose
    /// patterns sum to `sum` (and `mirror_sum` on its mirror image): the
    /// larger, raised to the parity every bound of that empty cell has.
    #[inline]
    fn finish_at(&self, blank: u8, sum: u16, mirror_sum: u16) -> u32 {
        let h = sum.max(mirror_sum) as u32;
        h + ((h + self.blank_parity[blank as usize] as u32) & 1)
    }
}

impl LowerBound<Sliding> for AdditivePdb {
    type Memo = PdbMemo;

    fn estimate(&self, s: &SlideState) -> u32 {
        self.start(s).0
    }

    fn start(&self, s: &SlideState) -> (u32, PdbMemo) {
        let cell_of = self.cells_of(s);
        let mut m = PdbMemo::default();
        m.sum = self.lookup(
            |l| cell_of[l as usize],
            s.blank,
            &mut m.index,
            &mut m.value,
            &mut m.mask,
        );
        if let Some(r) = self.reflection.as_ref().filter(|_| self.mirror_lookup) {
            m.mirror_sum = self.lookup(
                |l| r.cell[cell_of[r.label[l as usize] as usize] as usize],
                r.cell[s.blank as usize],
                &mut m.mirror_index,
                &mut m.mirror_value,
                &mut m.mirror_mask,
            );
        }
        (self.finish(s, m.sum, m.mirror_sum), m)
    }

    #[inline]
    fn after_move(
        &self,
        parent: &SlideState,
        _: u32,
        memo: &PdbMemo,
        m: SlideMove,
        child: &SlideState,
    ) -> (u32, PdbMemo) {
        let at = self.ask(parent, memo, m, child);
        let mut next = *memo;
        (self.answer(&mut next, &at, child), next)
    }

    /// The tables are far larger than the caches: every child's indices
    /// first (each entry asked for from memory), then the reads.
    const BATCH: bool = true;

    #[inline]
    fn after_moves(
        &self,
        parent: &SlideState,
        parent_h: u32,
        memo: &PdbMemo,
        c: tansaku_core::search::Children<'_, Sliding, PdbMemo>,
    ) {
        let n = c.moves.len();
        if n > MOST_CHILDREN {
            for i in 0..n {
                (c.h[i], c.memos[i]) = self.after_move(parent, parent_h, memo, c.moves[i], &c.states[i]);
            }
            return;
        }
        let mut at = [(Moved::default(), Moved::default()); MOST_CHILDREN];
        for (a, (&m, t)) in at.iter_mut().zip(c.moves.iter().zip(c.states)) {
            *a = self.ask(parent, memo, m, t);
        }
        for (i, a) in at[..n].iter().enumerate() {
            c.h[i] = self.answer(&mut c.memos[i], a, &c.states[i]);
        }
    }
}

/// Most children a node has on a board (the empty cell's neighbours).
pub(crate) const MOST_CHILDREN: usize = 4;

/// Where a move takes the pattern of the tile it moves, on the board and
/// on its mirror image.
pub(crate) type Asked = (Moved, Moved);

impl AdditivePdb {
    /// The first half of a child's bound: where move `m` from `parent`
    /// (memo `memo`) to `child` takes its pattern, the entries asked for
    /// from memory ([`AdditivePdb::answer`] reads them).
    #[inline]
    pub(crate) fn ask(&self, parent: &SlideState, memo: &PdbMemo, m: SlideMove, child: &SlideState) -> Asked {
        let t = child.cells[m.to as usize];
        let plain = self.moved_index(memo.index, memo.mask, t, m.from, m.to, |cell| parent.cells[cell]);
        let mirrored = match self.reflection.as_ref().filter(|_| self.mirror_lookup) {
            Some(refl) => self.moved_index(
                memo.mirror_index,
                memo.mirror_mask,
                refl.label[t as usize],
                refl.cell[m.from as usize],
                refl.cell[m.to as usize],
                |cell| refl.label[parent.cells[refl.cell[cell] as usize] as usize],
            ),
            None => Moved::default(),
        };
        (plain, mirrored)
    }

    /// The second half: the child's bound from the entries
    /// [`AdditivePdb::ask`] located; `memo`, the parent's on entry, becomes
    /// the child's (changed in place: a memo built apart and then copied
    /// costs a stall a child, its bytes written one by one and read back
    /// by the word).
    #[inline]
    pub(crate) fn answer(&self, memo: &mut PdbMemo, at: &Asked, child: &SlideState) -> u32 {
        let (a, b) = *at;
        let before = memo.value[a.0];
        let v = self.read(a, before);
        memo.index[a.0] = a.1;
        memo.mask[a.0] = a.3;
        memo.sum = memo.sum - before as u16 + v as u16;
        memo.value[a.0] = v;
        if self.mirror_lookup {
            let before = memo.mirror_value[b.0];
            let v = self.read(b, before);
            memo.mirror_index[b.0] = b.1;
            memo.mirror_mask[b.0] = b.3;
            memo.mirror_sum = memo.mirror_sum - before as u16 + v as u16;
            memo.mirror_value[b.0] = v;
        }
        self.finish(child, memo.sum, memo.mirror_sum)
    }
}

/// Where a move takes one pattern: the pattern, its new index, where its
/// entry is (a byte of the additive table, a bit of the zero-aware one)
/// and its new cells.
type Moved = (usize, u32, u64, u32);

impl AdditivePdb {
    /// Tile `t` slid from `from` to `to` on a board whose labels before the
    /// move are `label_at(cell)`, its patterns' indices being `index` and
    /// cells `mask`: returns where the move takes its pattern, the entry
    /// asked for from memory.
    #[inline]
    fn moved_index(
        &self,
        index: [u32; MAX_GROUPS],
        mask: [u32; MAX_GROUPS],
        t: u8,
        from: u8,
        to: u8,
        label_at: impl Fn(usize) -> u8,
    ) -> Moved {
        let g = self.group_of[t as usize] as usize;
        let pat = &self.patterns[g];
        let order_at = |c| {
            let u = label_at(c) as usize;
            if self.group_of[u] as usize == g {
                self.order_of[u]
            } else {
                NO_TILE
            }
        };
        let r = pat
            .index
            .rank_after(index[g] as u64, self.order_of[t as usize] as usize, from, to, order_at);
        let cells = mask[g] ^ (1 << from) ^ (1 << to);
        let at = match &pat.zero {
            // The empty cell is where the tile was.
            Some(z) => {
                let i = z.at(r, zero::slot(u64::from(cells), from));
                z.prefetch(i);
                i
            }
            None => {
                tansaku_core::memory::prefetch(&pat.table[r as usize]);
                r
            }
        };
        (g, r as u32, at, cells)
    }

    /// The new entry of the pattern a move took to `at`, its entry before
    /// the move being `before`.
    #[inline]
    fn read(&self, at: Moved, before: u8) -> u8 {
        let pat = &self.patterns[at.0];
        match &pat.zero {
            Some(z) => ZeroTable::step(u32::from(before), z.bit(at.2)) as u8,
            None => pat.table[at.2 as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_tile_once() {
        for p in Partition::NAMED {
            let (w, h) = p.board();
            let mut cells: Vec<u8> = p.layout().flat_map(|g| g.iter().copied()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (1..(w * h) as u8).collect::<Vec<_>>(), "{p}");
            assert_eq!(Partition::from_name(&p.name()), Some(p.clone()));
        }
        assert_eq!(Partition::P78.table_bytes(), 57_657_600 + 518_918_400);
        assert_eq!(Partition::P6666.table_bytes(), 4 * 127_512_000);
    }
}
