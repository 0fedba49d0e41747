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
pub mod zero;

pub use build::{BuildLayer, BuildStats, build_bytes, build_table, build_zero_aware, zero_bytes};
pub use geometry::{Geometry, MAX_PDB_CELLS};
pub use index::{GroupIndex, NO_TILE};
use zero::ZeroTable;

use super::{SlideMove, SlideState, Sliding};
use serde::Serialize;
use tansaku_core::search::LowerBound;

/// Most patterns in one partition.
pub const MAX_GROUPS: usize = 6;

/// A split of the tiles of a board into disjoint patterns: one of the
/// named ones (`7-8`, `6-6-6-6`, ...) or any listed by cells
/// ([`Partition::from_cells`]).
///
/// A pattern is written as the goal cells of its tiles on a goal with the
/// empty cell on cell 0 (Korf's layout, where a cell's number is its
/// tile's); other goals use a mirror image of it ([`AdditivePdb::tables`]).
#[derive(Clone, Debug)]
pub struct Partition {
    width: u8,
    height: u8,
    groups: Groups,
    /// Zero-aware tables ([`zero`]): the empty cell's region counted, a
    /// bit a (placement, free cell).
    zero: bool,
}

/// A partition's patterns: a named layout's, or listed.
#[derive(Clone, Debug)]
enum Groups {
    Named(&'static str, &'static [&'static [u8]]),
    Listed(std::sync::Arc<[Vec<u8>]>),
}

impl PartialEq for Partition {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height, self.zero) == (other.width, other.height, other.zero)
            && self.layout().len() == other.layout().len()
            && self.layout().zip(other.layout()).all(|(a, b)| a == b)
    }
}

impl Eq for Partition {}

impl std::hash::Hash for Partition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.width, self.height, self.zero).hash(state);
        for g in self.layout() {
            g.hash(state);
        }
    }
}

impl Serialize for Partition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

/// Goal cells of each pattern on a board whose goal has the empty cell on
/// cell 0 (Korf's layout); other goals use a mirror image of it. The 4x4
/// layouts split the board into compact blocks of columns; among the
/// layouts tried on Korf's 100 instances these generated the fewest nodes
/// (see BENCHMARKS.md).
const LAYOUT_555: &[&[u8]] = &[&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]];
const LAYOUT_663: &[&[u8]] = &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
const LAYOUT_78: &[&[u8]] = &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]];
const LAYOUT_6666: &[&[u8]] = &[
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
];

/// Three patterns of 7 tiles in the corners away from the empty cell and
/// one of 3 on the diagonal: its own mirror image (looked up once).
const LAYOUT_7773: &[&[u8]] = &[
    &[1, 2, 5, 6, 7, 10, 11],
    &[3, 4, 8, 9, 13, 14, 19],
    &[15, 16, 17, 20, 21, 22, 23],
    &[12, 18, 24],
];

/// Most tiles in one pattern a table can hold.
pub const MAX_PATTERN: usize = 8;

impl Partition {
    /// 15-puzzle: three patterns of 5 tiles (3 x 524,160 entries, 1.6 MB).
    pub const P555: Partition = Partition::named(4, 4, "5-5-5", LAYOUT_555);
    /// 15-puzzle: 6, 6 and 3 tiles (2 x 5,765,760 + 3,360 entries, 11.5 MB).
    pub const P663: Partition = Partition::named(4, 4, "6-6-3", LAYOUT_663);
    /// 15-puzzle: 7 and 8 tiles (57,657,600 + 518,918,400 entries, 577 MB);
    /// Korf & Felner's strongest for this puzzle.
    pub const P78: Partition = Partition::named(4, 4, "7-8", LAYOUT_78);
    /// 24-puzzle: four patterns of 6 tiles (4 x 127,512,000 entries, 510 MB),
    /// after Korf & Felner (2002).
    pub const P6666: Partition = Partition::named(5, 5, "6-6-6-6", LAYOUT_6666);
    /// 15-puzzle: the 7-8 patterns, zero-aware (a bit a placement and free
    /// cell: 584 MB); 1.7x fewer nodes than 7-8 on Korf's 100.
    pub const P78Z: Partition = Partition::named_zero(4, 4, "7-8", LAYOUT_78);
    /// 24-puzzle: the 6-6-6-6 patterns, zero-aware (4 x 303 MB).
    pub const P6666Z: Partition = Partition::named_zero(5, 5, "6-6-6-6", LAYOUT_6666);

    /// 24-puzzle: 7, 7, 7 and 3 tiles, zero-aware (3 x 5.45 GB; each 7-tile
    /// table takes about 20 minutes and 12.4 GB to build). Weak alone (its
    /// 3-tile pattern); beside 6-6-6-6z (`6-6-6-6z+7-7-7-3z`) the fastest
    /// bound measured on Korf's 50 (BENCHMARKS.md).
    pub const P7773Z: Partition = Partition::named_zero(5, 5, "7-7-7-3", LAYOUT_7773);

    /// Every partition known by name: [`Partition::ALL`] and the larger
    /// ones only asked for by name.
    pub const NAMED: [Partition; 7] = [
        Partition::P78Z,
        Partition::P78,
        Partition::P663,
        Partition::P555,
        Partition::P6666Z,
        Partition::P6666,
        Partition::P7773Z,
    ];

    /// Every partition chosen automatically, the strongest of each board
    /// first.
    pub const ALL: [Partition; 6] = [
        Partition::P78Z,
        Partition::P78,
        Partition::P663,
        Partition::P555,
        Partition::P6666Z,
        Partition::P6666,
    ];

    const fn named(width: u8, height: u8, name: &'static str, layout: &'static [&'static [u8]]) -> Partition {
        Partition {
            width,
            height,
            groups: Groups::Named(name, layout),
            zero: false,
        }
    }

    const fn named_zero(width: u8, height: u8, name: &'static str, layout: &'static [&'static [u8]]) -> Partition {
        Partition {
            width,
            height,
            groups: Groups::Named(name, layout),
            zero: true,
        }
    }

    /// The same patterns with zero-aware tables ([`zero`]): each
    /// pattern's distance with the empty cell's region counted, which
    /// the additive tables take at its least.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// assert_eq!(Partition::P78.zero_aware(), Partition::P78Z);
    /// assert_eq!(Partition::P78Z.name(), "7-8z");
    /// assert_eq!(Partition::parse("1-7/8-15z", 4, 4), Ok(Partition::P78Z));
    /// ```
    pub fn zero_aware(self) -> Partition {
        Partition { zero: true, ..self }
    }

    /// Whether the tables are zero-aware.
    pub fn is_zero_aware(&self) -> bool {
        self.zero
    }

    /// The partition of a `width` x `height` board into the patterns of
    /// `groups`, each the goal cells of its tiles (Korf's layout: the empty
    /// cell on cell 0). Every cell but 0 must be in exactly one pattern, of
    /// at most [`MAX_PATTERN`] tiles, and at most [`MAX_GROUPS`] patterns.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// let p = Partition::from_cells(4, 4, vec![vec![1, 2, 3, 4, 5, 6, 7], (8..16).collect()]).unwrap();
    /// assert_eq!(p, Partition::P78);
    /// assert_eq!(p.name(), "7-8");
    /// let e = Partition::from_cells(4, 4, vec![vec![1, 2], vec![2, 3]]).unwrap_err();
    /// assert_eq!(e, "cell 2 is in two patterns");
    /// ```
    pub fn from_cells(width: usize, height: usize, groups: Vec<Vec<u8>>) -> Result<Partition, String> {
        let n = width * height;
        if !(2..=MAX_PDB_CELLS).contains(&n) {
            return Err(format!("a {width}x{height} board has no pattern databases"));
        }
        if groups.is_empty() || groups.len() > MAX_GROUPS {
            return Err(format!(
                "a partition has 1 to {MAX_GROUPS} patterns, not {}",
                groups.len()
            ));
        }
        let mut seen = vec![false; n];
        for g in &groups {
            if g.is_empty() || g.len() > MAX_PATTERN {
                return Err(format!("a pattern has 1 to {MAX_PATTERN} tiles, not {}", g.len()));
            }
            for &c in g {
                let c = usize::from(c);
                if c == 0 || c >= n {
                    return Err(format!(
                        "cell {c} is not a tile's goal cell (1 to {} on a {width}x{height} board; cell 0 is the empty cell's)",
                        n - 1
                    ));
                }
                if std::mem::replace(&mut seen[c], true) {
                    return Err(format!("cell {c} is in two patterns"));
                }
            }
        }
        if let Some(c) = (1..n).find(|&c| !seen[c]) {
            return Err(format!("cell {c} is in no pattern (every tile must be in one)"));
        }
        let named = Partition::ALL.into_iter().find(|p| {
            !p.zero
                && p.board() == (width, height)
                && p.layout().len() == groups.len()
                && p.layout().zip(&groups).all(|(a, b)| a == b.as_slice())
        });
        Ok(named.unwrap_or(Partition {
            width: width as u8,
            height: height as u8,
            groups: Groups::Listed(groups.into()),
            zero: false,
        }))
    }

    /// The name used on the command line and in files: `7-8`, ... (for a
    /// listed partition, its patterns' cells: `1,2,5/3,4,6/...`), with a
    /// `z` after it for zero-aware tables (`7-8z`).
    pub fn name(&self) -> String {
        let z = if self.zero { "z" } else { "" };
        match &self.groups {
            Groups::Named(name, _) => format!("{name}{z}"),
            Groups::Listed(_) => format!("{}{z}", self.cells_text()),
        }
    }

    /// The name and the kind of tables, for messages: `7-8 zero-aware`.
    pub fn describe(&self) -> String {
        let base = Partition {
            zero: false,
            ..self.clone()
        }
        .name();
        if self.zero { format!("{base} zero-aware") } else { base }
    }

    /// The patterns' cells as text, runs as ranges: `1-3,7/4-6,8/...`.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// assert_eq!(Partition::P78.cells_text(), "1-7/8-15");
    /// assert_eq!(Partition::P555.cells_text(), "1,4-5,8,12/2-3,6-7,11/9-10,13-15");
    /// ```
    pub fn cells_text(&self) -> String {
        let runs = |g: &[u8]| {
            let mut out: Vec<String> = Vec::new();
            let mut i = 0;
            while i < g.len() {
                let mut j = i;
                while j + 1 < g.len() && g[j + 1] == g[j] + 1 {
                    j += 1;
                }
                out.push(if j > i {
                    format!("{}-{}", g[i], g[j])
                } else {
                    g[i].to_string()
                });
                i = j + 1;
            }
            out.join(",")
        };
        self.layout().map(runs).collect::<Vec<_>>().join("/")
    }

    /// The partition named `name` (`7-8`, also `78` or `pdb78`; `7-8z`
    /// for its zero-aware tables).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// assert_eq!(Partition::from_name("7-8"), Some(Partition::P78));
    /// assert_eq!(Partition::from_name("pdb555"), Some(Partition::P555));
    /// assert_eq!(Partition::from_name("9-6"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        let digits: String = name
            .trim()
            .to_ascii_lowercase()
            .trim_start_matches("pdb")
            .chars()
            .filter(|c| *c != '-')
            .collect();
        Partition::NAMED
            .into_iter()
            .find(|p| p.name().replace('-', "") == digits)
    }

    /// A partition written as [`Partition::from_name`] takes it, or as
    /// cells (`1-7/8-15`) for a `width` x `height` board.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// assert_eq!(Partition::parse("7-8", 4, 4), Ok(Partition::P78));
    /// assert_eq!(Partition::parse("1-7/8-15", 4, 4), Ok(Partition::P78));
    /// let p = Partition::parse("1-8/9-15", 4, 4).unwrap();
    /// assert_eq!(p.pattern_sizes(), [8, 7]);
    /// assert!(Partition::parse("1-8/9-14", 4, 4).unwrap_err().contains("cell 15 is in no pattern"));
    /// ```
    pub fn parse(text: &str, width: usize, height: usize) -> Result<Partition, String> {
        if let Some(p) = Partition::from_name(text) {
            return Ok(p);
        }
        if let Some(list) = text.trim().strip_suffix(['z', 'Z'])
            && list.contains(['/', ','])
        {
            return Partition::parse(list, width, height).map(Partition::zero_aware);
        }
        // A list has several patterns or cells; one range alone (`1-8`) is
        // one pattern; anything else was meant as a name.
        if !text.contains([',', '/', ' ']) && text.matches('-').count() != 1 {
            return Err(format!(
                "'{text}' is not a partition: name one (5-5-5, 6-6-3, 7-8, 6-6-6-6; 7-8z, 6-6-6-6z, 7-7-7-3z for zero-aware tables) or list each pattern's cells, patterns separated by '/' (1-7/8-15; 1-7/8-15z zero-aware)"
            ));
        }
        let groups = text
            .split('/')
            .map(|g| {
                let mut cells = Vec::new();
                for part in g.split([',', ' ']).filter(|t| !t.is_empty()) {
                    let num = |t: &str| {
                        t.trim()
                            .parse::<u8>()
                            .map_err(|_| format!("'{t}' is not a cell number"))
                    };
                    match part.split_once('-') {
                        Some((a, b)) => {
                            let (a, b) = (num(a)?, num(b)?);
                            if a > b {
                                return Err(format!("'{part}' is an empty range"));
                            }
                            cells.extend(a..=b);
                        }
                        None => cells.push(num(part)?),
                    }
                }
                Ok(cells)
            })
            .collect::<Result<Vec<_>, String>>()?;
        Partition::from_cells(width, height, groups)
    }

    /// The board it splits: (width, height).
    pub fn board(&self) -> (usize, usize) {
        (usize::from(self.width), usize::from(self.height))
    }

    /// The named partitions for a W x H board, the strongest first.
    pub fn for_board(width: usize, height: usize) -> Vec<Partition> {
        Partition::ALL
            .into_iter()
            .filter(|p| p.board() == (width, height))
            .collect()
    }

    /// Each pattern's goal cells (Korf's layout).
    fn layout(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        let (named, listed): (&[&[u8]], &[Vec<u8>]) = match &self.groups {
            Groups::Named(_, l) => (l, &[]),
            Groups::Listed(l) => (&[], l),
        };
        let n = named.len() + listed.len();
        (0..n).map(move |i| {
            if named.is_empty() {
                listed[i].as_slice()
            } else {
                named[i]
            }
        })
    }

    /// Tiles in each pattern.
    pub fn pattern_sizes(&self) -> Vec<usize> {
        self.layout().map(|g| g.len()).collect()
    }

    /// Bytes of its tables (one byte an entry; zero-aware: a bit a
    /// placement and free cell).
    pub fn table_bytes(&self) -> u64 {
        let (w, h) = self.board();
        self.layout().map(|g| table_bytes(w * h, g.len(), self.zero)).sum()
    }

    /// Bytes a build holds at its peak: the tables, plus the search of the
    /// largest pattern.
    pub fn build_peak_bytes(&self) -> u64 {
        let (w, h) = self.board();
        let geo = Geometry::new(w, h);
        let search = self
            .layout()
            .map(|g| build_bytes(&geo, g.len(), self.zero) - table_bytes(w * h, g.len(), self.zero))
            .max()
            .unwrap_or(0);
        self.table_bytes() + search
    }
}

impl std::fmt::Display for Partition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

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

/// A board symmetry, as the image of every cell.
type CellMap = [u8; MAX_PDB_CELLS];

/// The symmetries of a W x H board that are their own inverse: transpose
/// and anti-transpose (square boards), the two mirrors, the half turn.
fn involutions(w: usize, h: usize) -> Vec<CellMap> {
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
        let mut m = [0u8; MAX_PDB_CELLS];
        for (c, image) in m.iter_mut().enumerate().take(w * h) {
            let (x, y) = f(c % w, c / w);
            *image = (y * w + x) as u8;
        }
        m
    };
    let mut out = Vec::new();
    if w == h {
        out.push(map(&|x, y| (y, x)));
        out.push(map(&|x, y| (w - 1 - y, h - 1 - x)));
    }
    out.push(map(&|x, y| (w - 1 - x, y)));
    out.push(map(&|x, y| (x, h - 1 - y)));
    out.push(map(&|x, y| (w - 1 - x, h - 1 - y)));
    out
}

/// The goal cell of `p` that each cell of Korf's layout (the empty cell on
/// cell 0) stands for: the layout turned so that cell 0 is the goal's
/// empty cell when that is a corner; else as it is, the tile whose goal
/// is cell 0 taking the place of the layout's cell on the empty cell.
fn layout_cells(p: &Sliding) -> CellMap {
    let (w, h) = (p.width(), p.height());
    let n = w * h;
    let blank = p.goal.blank as usize;
    let corners = [0, w - 1, n - w, n - 1];
    let tau: CellMap = match corners.iter().position(|&c| c == blank) {
        Some(i) => {
            let mut m = [0u8; MAX_PDB_CELLS];
            for (c, image) in m.iter_mut().enumerate().take(n) {
                let (x, y) = (c % w, c / w);
                let x = if i % 2 == 1 { w - 1 - x } else { x };
                let y = if i >= 2 { h - 1 - y } else { y };
                *image = (y * w + x) as u8;
            }
            m
        }
        None => std::array::from_fn(|c| c as u8),
    };
    let mut real = tau;
    for cell in real.iter_mut().take(n) {
        if usize::from(*cell) == blank {
            *cell = tau[0];
        }
    }
    real
}

impl Partition {
    /// The partition of `p`'s tiles into the patterns `groups` (tiles by
    /// name): what a definition's `[[prune]]` tables name.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
    /// let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
    /// let names = |r: std::ops::RangeInclusive<u8>| r.map(|t| t.to_string()).collect::<Vec<_>>();
    /// let part = Partition::of_tiles(&p, &[names(1..=7), names(8..=15)]).unwrap();
    /// // Korf's layout turned half round: the same tables as 7-8 builds.
    /// assert_eq!(part.pattern_sizes(), [7, 8]);
    /// assert!(Partition::of_tiles(&p, &[names(1..=7)]).unwrap_err().contains("in no pattern"));
    /// ```
    pub fn of_tiles(p: &Sliding, groups: &[Vec<String>]) -> Result<Partition, String> {
        let n = p.cells();
        let real = layout_cells(p);
        let mut layout_of = [0u8; MAX_PDB_CELLS];
        for c in 1..n {
            layout_of[usize::from(real[c])] = c as u8;
        }
        let cells = groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|name| {
                        let label = p
                            .names
                            .iter()
                            .position(|x| x == name)
                            .filter(|&l| l > 0)
                            .ok_or_else(|| format!("'{name}' is not a tile"))?;
                        let cell = p.goal.cells[..n]
                            .iter()
                            .position(|&x| usize::from(x) == label)
                            .expect("every tile has a goal cell");
                        Ok(layout_of[cell])
                    })
                    .collect::<Result<Vec<u8>, String>>()
            })
            .collect::<Result<Vec<_>, String>>()?;
        Partition::from_cells(p.width(), p.height(), cells).map_err(|e| {
            // Cells mean nothing to a file that names tiles.
            match e.split_once("cell ") {
                Some((_, rest)) => {
                    let num: String = rest.chars().take_while(char::is_ascii_digit).collect();
                    let tile = num
                        .parse::<usize>()
                        .ok()
                        .map(|c| &p.names[usize::from(p.goal.cells[usize::from(real[c])])]);
                    match tile {
                        Some(t) => format!("tile {t}{}", &rest[num.len()..]),
                        None => e,
                    }
                }
                None => e,
            }
        })
    }
}

/// Bytes of the table of `k` tiles on `n` cells.
fn table_bytes(n: usize, k: usize, zero: bool) -> u64 {
    let entries = GroupIndex::new(n, k).size();
    if zero { zero_bytes(entries, n - k) } else { entries }
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
