//! Pieces on a grid, read from a TOML definition (`kind = "blocks"`):
//! sliding tiles, Klotski, Rush Hour, the knights exchange.
//!
//! A board is written row by row: `.` an empty cell, `#` a wall, any other
//! glyph a piece; a glyph covering several cells is one rigid piece (its
//! cells must touch). A row holding spaces is read as space-separated
//! tokens (`10 11 12`). Pieces listed together in `same` are
//! interchangeable (they must have one shape); every cell of a glyph listed
//! in `tiles` is a one-cell piece of its own, all alike (the Line Puzzle's
//! letters). A goal is a list of patterns, `?` matching anything.
//!
//! A position stores, for every cell, a code naming the kind of piece on it
//! and which of the piece's cells it is, so that interchangeable pieces give
//! one position and rigid pieces stay whole. Boards of single-cell pieces
//! are ranked densely ([`super::multiset`]); others are hashed.

mod moves;
mod parse;
mod symmetries;

use super::multiset::Multiset;
use super::{Cells, DefError, Expect, Src};
pub use moves::Grid;
use parse::{connected, normal_shape};
use std::collections::BTreeMap;
use tansaku_core::CellMove;
use tansaku_core::puzzle::{Puzzle, Ranked, Symmetric};
use tansaku_core::search::LowerBound;

/// The code of an empty cell.
pub const EMPTY: u8 = 0;
/// The code of a wall.
pub const WALL: u8 = 255;
/// Largest board, in cells.
pub const MAX_CELLS: usize = 64;

/// How far one move takes a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// One piece, one cell (or one jump).
    Step,
    /// One piece, any distance along free cells, turns included.
    Piece,
}

impl Metric {
    /// The name used in definitions and reports.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Piece => "piece",
        }
    }
}

/// The directions a piece may slide in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Up, down, left, right.
    Both,
    /// Left and right only.
    Horizontal,
    /// Up and down only.
    Vertical,
}

/// A kind of piece: every piece of it has the same shape and moves alike.
#[derive(Clone, Debug)]
pub struct Kind {
    /// How its pieces are drawn: the group's name or its first glyph.
    pub name: String,
    /// The glyphs of its pieces in the definition, in order; the k-th piece
    /// (by anchor, in reading order) is drawn with the k-th glyph.
    pub glyphs: Vec<String>,
    /// True for a `tiles` glyph: every piece is drawn with `name`.
    pub alike: bool,
    /// Cells relative to the anchor (the first cell in reading order), as
    /// (row, column) offsets; the anchor is `(0, 0)`.
    pub shape: Vec<(i32, i32)>,
    /// Its first code; cell `k` of the shape has code `first_code + k`.
    pub first_code: u8,
    /// Pieces of this kind on the board.
    pub count: usize,
    /// Directions it may slide in.
    pub axis: Axis,
}

/// A board symmetry that maps the moves and the goal set onto themselves.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// Its name as declared (`mirror-lr`, `rot180 W=B B=W`, ...).
    pub name: String,
    /// Where each cell goes.
    pub cells: Vec<u8>,
    /// Which kind each kind becomes (index 0: the empty cell).
    pub kinds: Vec<u8>,
    /// True when rows become columns (a slide axis turns).
    pub swaps_axes: bool,
}

/// A puzzle of pieces on a grid, read from a definition.
#[derive(Clone, Debug)]
pub struct Blocks {
    /// A hash of the file's text: what a checkpoint of its analysis is
    /// checked against.
    pub fingerprint: u64,
    /// The puzzle's name.
    pub name: String,
    /// Columns and rows.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Kinds of pieces; index 0 is the empty cell (no shape).
    pub kinds: Vec<Kind>,
    /// For each code: its kind and which cell of the shape it is.
    code_kind: Vec<(u8, u8)>,
    /// The start position, a code per cell.
    pub start: Vec<u8>,
    /// The goal patterns: (cell, wanted kind) pairs, `?` cells left out.
    goals: Vec<Vec<(u8, u8)>>,
    /// The goal patterns as written, a kind or `None` (`?`) per cell.
    goal_cells: Vec<Vec<Option<u8>>>,
    /// How far a move takes a piece.
    pub metric: Metric,
    /// Knight jumps instead of slides.
    pub jumps: Option<Vec<(i32, i32)>>,
    /// The non-wall cells, in order: the digits of a dense rank.
    free: Vec<u8>,
    /// Dense ranks, when every piece covers one cell.
    dense: Option<Multiset>,
    /// Every piece covers one cell, so a piece's code is its kind.
    singles: bool,
    /// Some cell is a wall.
    walls: bool,
    /// The goal positions as codes, when every pattern is one position
    /// (one-cell pieces, no `?`): the goal test compares bytes. Padded
    /// with zeros to 64 bytes, as positions are, so that a test compares
    /// whole fixed-size arrays.
    exact_goals: Option<Vec<[u8; MAX_CELLS]>>,
    /// For one-cell pieces moved a step or a jump: per cell, the cells a
    /// piece may come from into it, and whether that move is sideways
    /// (for pieces kept to one axis).
    incoming: Vec<Vec<(u8, bool)>>,
    /// Some kind of piece moves along one axis only.
    axes: bool,
    /// One-cell pieces all distinct, one empty cell, no walls: the dense
    /// rank is a Lehmer code, which a move updates in a few steps.
    lehmer: bool,
    /// Symmetries, the identity first.
    pub symmetries: Vec<Symmetry>,
    /// For the lower bound: per goal pattern, per kind, per cell, the
    /// fewest moves one piece of that kind needs to reach a cell the
    /// pattern allows it (`None` when no bound is exact enough).
    bound: Option<Vec<Vec<Vec<u16>>>>,
    /// Figures the definition expects.
    pub expect: Vec<Expect>,
    /// The pattern databases the file names (`[[prune]]`): the kinds each
    /// keeps apart.
    pub prune: Vec<Vec<u8>>,
}

const KNIGHT: [(i32, i32); 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];
const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Reads a board written as text: rows of glyphs, or of space-separated
/// tokens when a row holds spaces. Rows may be separated by newlines or
/// `/`. Returns the rows of tokens.
pub fn read_rows(text: &str) -> Vec<Vec<String>> {
    let sep = if text.contains('\n') { '\n' } else { '/' };
    text.split(sep)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            if l.contains(char::is_whitespace) {
                l.split_whitespace().map(str::to_string).collect()
            } else {
                l.chars().map(|c| c.to_string()).collect()
            }
        })
        .collect()
}

fn is_empty_glyph(t: &str) -> bool {
    t == "." || t == "_"
}

impl Blocks {
    /// The puzzle with only the kinds `keep` told apart: every other kind
    /// merged with the others of its shape and slide axis (their pieces
    /// made interchangeable), the goals seen the same way; and the map of
    /// a position's codes onto the merged puzzle's. Its distances never
    /// exceed the puzzle's (every move is a move of it, every goal a
    /// goal): a pattern database's puzzle.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "name = \"t\"\nkind = \"blocks\"\nstart = \"AB/C.\"\ngoal = \"BA/C.\"\n";
    /// let Definition::Blocks(b) = Definition::parse(&Src::new("t.toml", text), None).unwrap() else { panic!() };
    /// let (m, map) = b.merged(&[1]);
    /// // A kept apart; B and C (one cell each) become one kind.
    /// assert_eq!(m.kinds.len(), 3);
    /// assert_eq!(map[usize::from(b.start[1])], map[usize::from(b.start[2])]);
    /// assert_ne!(map[usize::from(b.start[0])], map[usize::from(b.start[1])]);
    /// ```
    pub fn merged(&self, keep: &[u8]) -> (Blocks, [u8; 256]) {
        let mut kinds = vec![self.kinds[0].clone()];
        let mut new_kind = vec![0u8; self.kinds.len()];
        for (k, kind) in self.kinds.iter().enumerate().skip(1) {
            if keep.contains(&(k as u8)) {
                new_kind[k] = kinds.len() as u8;
                kinds.push(kind.clone());
            }
        }
        let kept = kinds.len();
        for (k, kind) in self.kinds.iter().enumerate().skip(1) {
            if keep.contains(&(k as u8)) {
                continue;
            }
            match (kept..kinds.len()).find(|&j| kinds[j].shape == kind.shape && kinds[j].axis == kind.axis) {
                Some(j) => {
                    new_kind[k] = j as u8;
                    kinds[j].count += kind.count;
                    kinds[j].glyphs.extend(kind.glyphs.iter().cloned());
                }
                None => {
                    new_kind[k] = kinds.len() as u8;
                    kinds.push(Kind {
                        name: format!("{}*", kind.name),
                        alike: true,
                        ..kind.clone()
                    });
                }
            }
        }
        let mut next = 1u8;
        for kind in kinds.iter_mut().skip(1) {
            kind.first_code = next;
            next += kind.shape.len() as u8;
        }
        let mut map = [0u8; 256];
        map[WALL as usize] = WALL;
        let mut code_kind = vec![(0u8, 0u8); 256];
        code_kind[WALL as usize] = (WALL, 0);
        for c in 1..WALL as usize {
            let (k, part) = self.code_kind[c];
            if k != 0
                && usize::from(k) < self.kinds.len()
                && self.kinds[usize::from(k)].first_code as usize + usize::from(part) == c
            {
                let nk = new_kind[usize::from(k)];
                map[c] = kinds[usize::from(nk)].first_code + part;
                code_kind[usize::from(map[c])] = (nk, part);
            }
        }
        let relabel = |k: u8| if k == WALL { WALL } else { new_kind[usize::from(k)] };
        let n = self.width * self.height;
        let mut m = Blocks {
            fingerprint: xxhash_rust::xxh3::xxh3_64(&[&self.fingerprint.to_le_bytes()[..], keep].concat()),
            kinds,
            code_kind,
            start: self.start.iter().map(|&c| map[usize::from(c)]).collect(),
            goals: self
                .goals
                .iter()
                .map(|g| g.iter().map(|&(c, k)| (c, relabel(k))).collect())
                .collect(),
            goal_cells: self
                .goal_cells
                .iter()
                .map(|g| g.iter().map(|k| k.map(relabel)).collect())
                .collect(),
            symmetries: Vec::new(),
            expect: Vec::new(),
            prune: Vec::new(),
            ..self.clone()
        };
        let identity = Symmetry {
            name: "identity".into(),
            cells: (0..n as u8).collect(),
            kinds: (0..m.kinds.len() as u8).collect(),
            swaps_axes: false,
        };
        m.symmetries = vec![identity];
        m.derive();
        (m, map)
    }

    /// The fields that follow from the kinds, the start and the goals.
    fn derive(&mut self) {
        self.dense = None;
        self.exact_goals = None;
        self.walls = self.start.contains(&WALL);
        self.singles = self.kinds.iter().skip(1).all(|k| k.shape.len() == 1);
        if self.singles {
            let counts: Vec<u32> = self.kinds.iter().map(|k| k.count as u32).collect();
            let mut counts = counts;
            counts[0] = self.start.iter().filter(|&&c| c == EMPTY).count() as u32;
            self.dense = Multiset::new(&counts);
        }
        self.bound = self.single_piece_bound();
        self.axes = self.kinds.iter().any(|k| k.axis != Axis::Both);
        let offsets: &[(i32, i32)] = self.jumps.as_deref().unwrap_or(&DIRS);
        self.incoming = (0..self.width * self.height)
            .map(|e| {
                let (er, ec) = ((e / self.width) as i32, (e % self.width) as i32);
                offsets
                    .iter()
                    .filter_map(|&(dr, dc)| self.cell(er - dr, ec - dc).map(|c| (c as u8, dr == 0)))
                    .collect()
            })
            .collect();
        if self.singles && self.goal_cells.iter().all(|p| p.iter().all(Option::is_some)) {
            self.exact_goals = Some(
                self.goal_cells
                    .iter()
                    .map(|p| {
                        let mut g = [0u8; MAX_CELLS];
                        for (c, k) in p.iter().enumerate() {
                            g[c] = if self.start[c] == WALL { WALL } else { k.unwrap_or(0) };
                        }
                        g
                    })
                    .collect(),
            );
        }
        self.lehmer = !self.walls && self.dense.as_ref().is_some_and(Multiset::is_permutation);
    }

    /// Places a board written as rows of tokens: a code per cell, or the
    /// row and message of the first problem.
    fn place(&self, rows: &[Vec<String>], kind_of_glyph: &BTreeMap<String, u8>) -> Result<Vec<u8>, (usize, String)> {
        let w = self.width;
        if rows.len() != self.height {
            return Err((
                0,
                format!("the board has {} rows, the puzzle {}", rows.len(), self.height),
            ));
        }
        let mut out = vec![EMPTY; w * self.height];
        let mut cells_of: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, r) in rows.iter().enumerate() {
            if r.len() != w {
                return Err((i, format!("row {} has {} cells, the puzzle {w}", i + 1, r.len())));
            }
            for (j, t) in r.iter().enumerate() {
                let c = i * w + j;
                let wall_here = !self.start.is_empty() && self.start[c] == WALL;
                if t == "#" {
                    if !self.start.is_empty() && !wall_here {
                        return Err((i, format!("row {}: a wall where the puzzle has none", i + 1)));
                    }
                    out[c] = WALL;
                    continue;
                }
                if wall_here {
                    return Err((i, format!("row {}: '{t}' on a wall of the puzzle", i + 1)));
                }
                if is_empty_glyph(t) {
                    continue;
                }
                if !kind_of_glyph.contains_key(t) {
                    return Err((i, format!("row {}: glyph '{t}' is not a piece of this puzzle", i + 1)));
                }
                cells_of.entry(t.as_str()).or_default().push(c);
            }
        }
        let mut count = vec![0usize; self.kinds.len()];
        for (g, cells) in &cells_of {
            let k = kind_of_glyph[*g] as usize;
            let kind = &self.kinds[k];
            let pieces: Vec<Vec<usize>> = if kind.alike {
                cells.iter().map(|&c| vec![c]).collect()
            } else {
                vec![cells.clone()]
            };
            for piece in pieces {
                if normal_shape(&piece, w) != kind.shape || !connected(&piece, w) {
                    return Err((
                        piece[0] / w,
                        format!("piece '{g}' does not have the shape it has in the puzzle"),
                    ));
                }
                for (part, &c) in piece.iter().enumerate() {
                    out[c] = kind.first_code + part as u8;
                }
                count[k] += 1;
            }
        }
        if !self.start.is_empty() {
            for (k, kind) in self.kinds.iter().enumerate().skip(1) {
                if count[k] != kind.count {
                    return Err((
                        0,
                        format!(
                            "the board has {} pieces '{}', the puzzle {}",
                            count[k], kind.name, kind.count
                        ),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Reads a position written as in the definition (rows separated by
    /// newlines or `/`), with the puzzle's pieces.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let src = Src::new("t.toml", "name = \"t\"\nkind = \"blocks\"\nstart = \"AB/.C\"\ngoal = \"CB/.A\"\n");
    /// let Definition::Blocks(b) = Definition::parse(&src, None).unwrap() else { panic!() };
    /// assert!(b.parse_board("A./BC").is_ok());
    /// assert!(b.parse_board("AB/CD").is_err());
    /// // Every cell on one line, row after row, 0 for the empty cell.
    /// assert_eq!(b.parse_board("A 0 B C"), b.parse_board("A./BC"));
    /// ```
    pub fn parse_board(&self, text: &str) -> Result<Vec<u8>, String> {
        let mut glyphs: BTreeMap<String, u8> = BTreeMap::new();
        for (id, k) in self.kinds.iter().enumerate().skip(1) {
            for g in &k.glyphs {
                glyphs.insert(g.clone(), id as u8);
            }
            if k.alike {
                glyphs.insert(k.name.clone(), id as u8);
            }
        }
        let mut rows = read_rows(text);
        // One line of every cell's token, row after row (as the 15-puzzle's
        // instance lists write them), with 0 or _ for an empty cell when no
        // piece is named so.
        if rows.len() == 1 && self.height > 1 && rows[0].len() == self.width * self.height {
            let cells: Vec<String> = rows[0]
                .iter()
                .map(|t| match t.as_str() {
                    "0" | "_" if !glyphs.contains_key(t) => ".".to_string(),
                    _ => t.clone(),
                })
                .collect();
            rows = cells.chunks(self.width).map(<[String]>::to_vec).collect();
        }
        self.place(&rows, &glyphs).map_err(|(_, m)| m)
    }

    fn kind_at(&self, code: u8) -> u8 {
        self.code_kind[code as usize].0
    }

    /// The kind of a piece's cell code.
    pub fn kind_of_code(&self, code: u8) -> u8 {
        self.kind_at(code)
    }

    /// Whether a position of codes matches a goal pattern.
    fn matches(&self, s: &[u8]) -> bool {
        self.goals
            .iter()
            .any(|p| p.iter().all(|&(c, k)| self.kind_at(s[c as usize]) == k))
    }

    /// The position `s` and the goal as boards of the built-in sliding-tile
    /// puzzle, when the definition is one: one-cell pieces moved a step
    /// in any direction into the one empty cell, no walls, one goal with
    /// no `?`. Tiles are named by kind (identical pieces share a name), so
    /// the sliding solver's pattern databases are built for this goal.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "name = \"t\"\nkind = \"blocks\"\nstart = \"BA/C.\"\ngoal = \"AB/C.\"\n";
    /// let Definition::Blocks(b) = Definition::parse(&Src::new("t.toml", text), None).unwrap() else { panic!() };
    /// let (start, goal) = b.sliding_boards(&b.start).unwrap();
    /// assert_eq!((start.width, start.height), (2, 2));
    /// assert_eq!(start.tiles[3], None);
    /// assert_eq!(start.tiles[0], goal.tiles[1]);
    /// ```
    pub fn sliding_boards(&self, s: &[u8]) -> Option<(TileBoard, TileBoard)> {
        let n = self.width * self.height;
        let one_empty = s[..n].iter().filter(|&&c| c == EMPTY).count() == 1;
        if !self.singles
            || self.metric != Metric::Step
            || self.jumps.is_some()
            || self.axes
            || self.walls
            || !one_empty
            || self.goal_cells.len() != 1
            || self.goal_cells[0].iter().any(Option::is_none)
        {
            return None;
        }
        let board = |kinds: &mut dyn Iterator<Item = u8>| TileBoard {
            width: self.width,
            height: self.height,
            tiles: kinds
                .map(|k| (k != 0).then(|| self.kinds[usize::from(k)].name.clone()))
                .collect(),
        };
        let start = board(&mut s[..n].iter().map(|&c| self.kind_at(c)));
        let goal = board(&mut self.goal_cells[0].iter().map(|k| k.unwrap_or(0)));
        Some((start, goal))
    }

    /// True when every piece covers one cell (the board has dense ranks).
    pub fn dense(&self) -> Option<&Multiset> {
        self.dense.as_ref()
    }

    /// True when a lower bound for IDA* exists (one-cell pieces, one cell
    /// or one jump a move).
    pub fn has_bound(&self) -> bool {
        self.bound.is_some()
    }

    /// The glyph drawn on each cell of position `s`.
    pub fn glyphs(&self, s: &[u8]) -> Vec<String> {
        let n = self.width * self.height;
        let mut out = vec![String::from("."); n];
        let mut seen = vec![0usize; self.kinds.len()];
        for (a, k) in self.pieces(s) {
            let kind = &self.kinds[k];
            let glyph = if kind.alike {
                kind.name.clone()
            } else {
                kind.glyphs[seen[k].min(kind.glyphs.len() - 1)].clone()
            };
            seen[k] += 1;
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            for &(dr, dc) in &kind.shape {
                out[(ar + dr) as usize * self.width + (ac + dc) as usize] = glyph.clone();
            }
        }
        for c in 0..n {
            if s[c] == WALL {
                out[c] = "#".into();
            }
        }
        out
    }

    /// For each cell of position `s`, the piece covering it when that
    /// piece covers more than one cell: its number among the position's
    /// pieces (in reading order of their anchors), so that a picture draws
    /// it as one shape.
    pub fn multi_cell_pieces(&self, s: &[u8]) -> Vec<Option<u32>> {
        let mut out = vec![None; self.width * self.height];
        for (i, (a, k)) in self.pieces(s).into_iter().enumerate() {
            let kind = &self.kinds[k];
            if kind.shape.len() < 2 {
                continue;
            }
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            for &(dr, dc) in &kind.shape {
                out[(ar + dr) as usize * self.width + (ac + dc) as usize] = Some(i as u32);
            }
        }
        out
    }

    /// The position as rows of text (tokens separated by spaces when a
    /// glyph is longer than one character).
    pub fn rows(&self, s: &[u8]) -> Vec<String> {
        let g = self.glyphs(s);
        let wide = g.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        g.chunks(self.width)
            .map(|r| {
                if wide == 1 {
                    r.concat()
                } else {
                    r.iter().map(|t| format!("{t:>wide$}")).collect::<Vec<_>>().join(" ")
                }
            })
            .collect()
    }

    /// The position in one line, rows separated by `/`.
    pub fn notation(&self, s: &[u8]) -> String {
        let g = self.glyphs(s);
        let wide = g.iter().any(|t| t.chars().count() > 1);
        g.chunks(self.width)
            .map(|r| if wide { r.join(" ") } else { r.concat() })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// A board of one-cell tiles, as the built-in sliding-tile puzzle takes it
/// ([`Blocks::sliding_boards`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileBoard {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Tile names, row by row; `None` for the empty cell.
    pub tiles: Vec<Option<String>>,
}
