//! Partitions of the tiles into disjoint patterns: the named ones of the
//! 15- and 24-puzzle (`5-5-5`, `6-6-3`, `7-8`, `6-6-6-6`, `7-7-7-3`), any
//! listed by cells, zero-aware or additive, and the sizes of their tables.

use super::*;

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
    pub(super) width: u8,
    pub(super) height: u8,
    pub(super) groups: Groups,
    /// Zero-aware tables ([`zero`]): the empty cell's region counted, a
    /// bit a (placement, free cell).
    pub(super) zero: bool,
}

/// A partition's patterns: a named layout's, or listed.
#[derive(Clone, Debug)]
pub(super) enum Groups {
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

/// Four compact blocks of 5 tiles and one of 4: the 24-puzzle's tables
/// that build in seconds (Korf's #40: 8 s of search, against 2 s with
/// 6-6-6-6z, whose tables take minutes).
const LAYOUT_55554: &[&[u8]] = &[
    &[1, 2, 5, 6, 7],
    &[3, 4, 8, 9, 14],
    &[10, 11, 12, 13, 15],
    &[16, 17, 20, 21, 22],
    &[18, 19, 23, 24],
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

/// The partitions chosen automatically, the strongest of each board
/// first, then any given.
macro_rules! automatic {
    ($($more:expr),*) => {
        [
            Partition::P78Z,
            Partition::P78,
            Partition::P663,
            Partition::P555,
            Partition::P6666Z,
            Partition::P6666,
            Partition::P55554Z,
            $($more),*
        ]
    };
}

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
    /// 24-puzzle: four patterns of 5 tiles and one of 4, zero-aware
    /// (4 x 15.9 MB + 0.8 MB): built in seconds, what a solve takes while
    /// the 6-6-6-6z tables are not built yet.
    pub const P55554Z: Partition = Partition::named_zero(5, 5, "5-5-5-5-4", LAYOUT_55554);

    /// 24-puzzle: 7, 7, 7 and 3 tiles, zero-aware (3 x 5.45 GB; each 7-tile
    /// table takes about 20 minutes and 12.4 GB to build). Weak alone (its
    /// 3-tile pattern); beside 6-6-6-6z (`6-6-6-6z+7-7-7-3z`) the fastest
    /// bound measured on Korf's 50 (BENCHMARKS.md).
    pub const P7773Z: Partition = Partition::named_zero(5, 5, "7-7-7-3", LAYOUT_7773);

    /// Every partition chosen automatically, the strongest of each board
    /// first.
    pub const ALL: [Partition; 7] = automatic!();

    /// Every partition known by name: [`Partition::ALL`] and the larger
    /// ones only asked for by name.
    pub const NAMED: [Partition; 8] = automatic!(Partition::P7773Z);

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
                "'{text}' is not a partition: name one (5-5-5, 6-6-3, 7-8, 6-6-6-6; 7-8z, 6-6-6-6z, 5-5-5-5-4z, 7-7-7-3z for zero-aware tables) or list each pattern's cells, patterns separated by '/' (1-7/8-15; 1-7/8-15z zero-aware)"
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
    pub(super) fn layout(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
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

    /// Its tables build in seconds (no pattern of more than 2^24
    /// placements: 6-6-3 and 5-5-5 on the 15-puzzle, 5-5-5-5-4z on the
    /// 24-puzzle), so a solve may build them on a cold cache rather than
    /// wait minutes for the strongest.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// assert!(Partition::P663.quick() && Partition::P55554Z.quick());
    /// assert!(!Partition::P78Z.quick() && !Partition::P6666Z.quick());
    /// ```
    pub fn quick(&self) -> bool {
        let (w, h) = self.board();
        let n = (w * h) as u64;
        self.layout()
            .all(|g| (0..g.len() as u64).map(|i| n - i).product::<u64>() <= 1 << 24)
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

/// A board symmetry, as the image of every cell.
pub(super) type CellMap = [u8; MAX_PDB_CELLS];

/// The symmetries of a W x H board that are their own inverse: transpose
/// and anti-transpose (square boards), the two mirrors, the half turn.
pub(super) fn involutions(w: usize, h: usize) -> Vec<CellMap> {
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
pub(super) fn layout_cells(p: &Sliding) -> CellMap {
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
pub(super) fn table_bytes(n: usize, k: usize, zero: bool) -> u64 {
    let entries = GroupIndex::new(n, k).size();
    if zero { zero_bytes(entries, n - k) } else { entries }
}
