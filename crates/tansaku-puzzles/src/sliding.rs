//! Sliding-tile puzzles on a W x H board: the 8- and 15-puzzle
//! with distinct numbered tiles, and the Line Puzzle with repeated letters.
//!
//! One cell is empty; a move slides an orthogonal neighbour of the empty
//! cell into it. Tiles carry labels; tiles with equal labels are
//! interchangeable, so a state is the sequence of labels (0 = empty). The
//! perfect hash ranks multiset permutations (for distinct tiles, plain
//! permutations), so a dense table has `n! / prod(count!)` entries: 9! for
//! the 8-puzzle, 16C4·12C4·8C4·4 = 252,252,000 for the Line Puzzle.

/// `impl Puzzle` for a ranked view of [`packed::Packed`] boards (its
/// field `k`): the moves, the goal and reversibility are the packed
/// board's; only the rank differs.
macro_rules! packed_view {
    ($ty:ident) => {
        impl Puzzle for $ty<'_> {
            type State = u64;
            type Move = SlideMove;

            #[inline]
            fn for_each_successor(&self, x: &u64, f: impl FnMut(SlideMove, u64)) {
                self.k.for_each_successor(x, f)
            }

            fn apply(&self, x: &u64, m: SlideMove) -> Option<u64> {
                self.k.apply(x, m)
            }

            #[inline]
            fn is_goal(&self, x: &u64) -> bool {
                self.k.is_goal(x)
            }

            fn reversible(&self) -> bool {
                true
            }

            fn goal_states(&self) -> Option<Vec<u64>> {
                self.k.goal_states()
            }
        }
    };
}

pub mod automaton;
mod combinadic;
pub mod half;
mod lex;
pub mod multi;
pub mod packed;
pub mod pattern;
pub mod pdb;
pub mod solve;

use combinadic::Combinadic;

use tansaku_core::render::Board;
use tansaku_core::search::LowerBound;
use tansaku_core::{Puzzle, Ranked};

/// Largest number of cells.
pub const MAX_CELLS: usize = 36;

/// A position: the label of every cell (0 = empty) and the empty cell.
#[derive(Clone, Copy, Debug, Eq, PartialOrd, Ord)]
pub struct SlideState {
    /// Labels, row-major; only the first `cells` entries are used (the
    /// others are 0).
    pub cells: [u8; MAX_CELLS],
    /// The empty cell.
    pub blank: u8,
}

impl SlideState {
    /// The 37 bytes as two 16-byte words and one 8-byte word.
    #[inline]
    fn words(&self) -> (u128, u128, u64) {
        let word = |i: usize| u128::from_ne_bytes(self.cells[i..i + 16].try_into().expect("16 bytes"));
        let tail = u32::from_ne_bytes(self.cells[32..].try_into().expect("4 bytes")) as u64 | (self.blank as u64) << 32;
        (word(0), word(16), tail)
    }
}

impl SlideState {
    /// The position after the tile on `from` slides into the empty cell
    /// `to`, built from the words of `SlideState::words`: writing two
    /// bytes into a copy and then reading the copy as words (as every
    /// search does when it keeps a child) stalls the processor on each
    /// child, where changing the words does not.
    #[inline]
    pub fn slid(&self, from: u8, to: u8) -> SlideState {
        let (mut a, mut b, mut c) = self.words();
        let tile = u128::from(self.cells[from as usize]);
        for (cell, v) in [(from, tile), (to, tile), (36, u128::from(from ^ to))] {
            let shift = u32::from(cell & 15) * 8;
            let (in_a, in_b) = (
                u128::from(cell < 16).wrapping_neg(),
                u128::from((16..32).contains(&cell)).wrapping_neg(),
            );
            a ^= (v << shift) & in_a;
            b ^= (v << shift) & in_b;
            c ^= ((v as u64) << ((u32::from(cell.wrapping_sub(32)) & 7) * 8)) & u64::from(cell >= 32).wrapping_neg();
        }
        let mut t = SlideState {
            cells: [0; MAX_CELLS],
            blank: 0,
        };
        t.cells[..16].copy_from_slice(&a.to_ne_bytes());
        t.cells[16..32].copy_from_slice(&b.to_ne_bytes());
        t.cells[32..].copy_from_slice(&(c as u32).to_ne_bytes());
        t.blank = (c >> 32) as u8;
        t
    }
}

impl std::hash::Hash for SlideState {
    /// Hashes the three words of `SlideState::words` (consistent with
    /// equality, which compares the same words).
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let (a, b, c) = self.words();
        h.write_u128(a);
        h.write_u128(b);
        h.write_u64(c);
    }
}

impl PartialEq for SlideState {
    /// Compares the 37 bytes as three words, inline: the searches compare
    /// states on every move (goal test, parent test), where the call to
    /// `memcmp` that the derived comparison makes cost more than comparing.
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        let ((a, b, c), (x, y, z)) = (self.words(), o.words());
        ((a ^ x) | (b ^ y)) == 0 && c == z
    }
}

/// A move: the tile on `from` slides into the empty cell `to`.
pub type SlideMove = tansaku_core::CellMove;

/// A bad board or size, with what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SlideError {
    /// Malformed text.
    #[error("board '{board}': {why}")]
    Board {
        /// The board as given.
        board: String,
        /// What is off and how to fix it.
        why: String,
    },
    /// Start and goal cannot be used together.
    #[error("{0}")]
    Mismatch(String),
}

/// A sliding puzzle: board size, label names and goal.
#[derive(Clone, Debug)]
pub struct Sliding {
    width: usize,
    height: usize,
    /// `names[label]`; `names[0]` is the empty cell.
    names: Vec<String>,
    /// How many tiles carry each label (index 0: the empty cell, 1).
    counts: Vec<u8>,
    goal: SlideState,
    /// `neighbours[c]`: the cells next to `c`.
    neighbours: Vec<Vec<u8>>,
    /// `dist[label][cell]`: Manhattan distance from `cell` to the nearest
    /// goal cell holding `label`.
    dist: Vec<Vec<u8>>,
    distinct: bool,
    /// `goal_cell[label]`: the goal cell of a label (meaningful when the
    /// tiles are distinct; used by the linear conflicts).
    goal_cell: Vec<u8>,
    /// Every tile label and its count, for the perfect hash.
    tile_labels: Vec<(u8, u8)>,
    combinadic: Combinadic,
    /// For distinct tiles on at most 20 cells: the place value of label
    /// l's digit in the rank (the product of the radices of the labels
    /// after it); empty otherwise.
    lehmer_weight: Vec<u64>,
}

/// A board as read: size and the tile names cell by cell (`None` = empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedBoard {
    /// Width.
    pub width: usize,
    /// Height.
    pub height: usize,
    /// Tile names, row-major; `None` for the empty cell.
    pub tiles: Vec<Option<String>>,
}

fn is_blank(token: &str) -> bool {
    matches!(token, "_" | "0" | ".")
}

/// The Line Puzzle's named boards, as its article names them.
pub const LINE_BOARDS: [(&str, &str); 6] = [
    ("start1", "ACA_/CDCA/DBAB/CDBD"),
    ("start2", "ABA_/CDCD/ABAB/CDCD"),
    ("start3", "AAB_/AABB/CCDD/CCDD"),
    ("goal1", "ABA_/CABD/ACDB/CDCD"),
    ("goal2", "AAB_/AABB/CCDD/CCDD"),
    ("goal3", "ABA_/DCDC/BABA/CDCD"),
];

/// The Line Puzzle's tiles, sorted, for checking a written-out board.
const LINE_TILES: &str = "AAAABBBCCCCDDDD";

/// A Line Puzzle board from its name (`start1` ... `goal3`) or written
/// out; a written board must hold the puzzle's tiles.
///
/// ```
/// use tansaku_puzzles::sliding::line_board;
/// assert_eq!(line_board("goal2").unwrap(), line_board("AAB_/AABB/CCDD/CCDD").unwrap());
/// assert!(line_board("goal9").is_err());
/// assert!(line_board("ABA_/CABD/ACDB/CDCC").is_err());
/// ```
pub fn line_board(text: &str) -> Result<ParsedBoard, String> {
    let key = text.trim().to_ascii_lowercase();
    if let Some((_, b)) = LINE_BOARDS.iter().find(|(n, _)| *n == key) {
        return parse_board(b, None).map_err(|e| e.to_string());
    }
    if text.chars().all(|c| c.is_ascii_alphanumeric()) && !text.is_empty() && text.len() < 8 {
        return Err(format!(
            "'{text}' is not a Line Puzzle board: use start1 start2 start3 goal1 goal2 goal3, or write one out \
             like ABA_/CABD/ACDB/CDCD"
        ));
    }
    let b = parse_board(text, Some((4, 4))).map_err(|e| e.to_string())?;
    let mut tiles: Vec<char> = b.tiles.iter().flatten().flat_map(|t| t.chars()).collect();
    tiles.sort_unstable();
    if tiles.iter().collect::<String>() != LINE_TILES {
        return Err(format!(
            "board '{text}' does not hold the Line Puzzle's tiles (A x4, B x3, C x4, D x4 and one empty cell)"
        ));
    }
    Ok(b)
}

/// Reads a board: compact (`867/254/3_1`, one character a cell, rows
/// separated by `/`) or tokens separated by spaces or commas
/// (`8 6 7 2 5 4 3 0 1`, for tiles of 10 and up; rows may be separated by
/// `/`). `_`, `0` or `.` is the empty cell. Without `/`, `size` gives the
/// shape, else a square is assumed.
///
/// ```
/// use tansaku_puzzles::sliding::parse_board;
/// let b = parse_board("867/254/3_1", None).unwrap();
/// assert_eq!((b.width, b.height), (3, 3));
/// assert_eq!(b.tiles[7], None);
/// let t = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
/// assert_eq!(t.tiles[14].as_deref(), Some("15"));
/// ```
pub fn parse_board(text: &str, size: Option<(usize, usize)>) -> Result<ParsedBoard, SlideError> {
    let bad = |why: String| SlideError::Board {
        board: text.to_string(),
        why,
    };
    let tokenised = text.contains(|c: char| c.is_whitespace() || c == ',');
    let rows: Vec<Vec<String>> = text
        .split('/')
        .map(|row| {
            if tokenised {
                row.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
                    .collect()
            } else {
                row.chars().map(|c| c.to_string()).collect()
            }
        })
        .collect();
    let cells: Vec<String> = rows.iter().flatten().cloned().collect();
    if cells.is_empty() {
        return Err(bad("it is empty; write the cells row by row, e.g. 867/254/3_1".into()));
    }
    let (width, height) = if rows.len() > 1 {
        let w = rows[0].len();
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != w) {
            return Err(bad(format!(
                "row {} has {} cells but row 1 has {w}; every row needs the same length",
                i + 1,
                r.len()
            )));
        }
        if let Some((w2, h2)) = size
            && (w2, h2) != (w, rows.len())
        {
            return Err(bad(format!("it is {w}x{} but the size given is {w2}x{h2}", rows.len())));
        }
        (w, rows.len())
    } else if let Some((w, h)) = size {
        if w * h != cells.len() {
            return Err(bad(format!(
                "it has {} cells but a {w}x{h} board has {}",
                cells.len(),
                w * h
            )));
        }
        (w, h)
    } else {
        let side = (cells.len() as f64).sqrt().round() as usize;
        if side * side != cells.len() {
            return Err(bad(format!(
                "{} cells do not make a square; separate the rows with / or give the size WxH",
                cells.len()
            )));
        }
        (side, side)
    };
    if width * height > MAX_CELLS || width * height < 2 {
        return Err(bad(format!(
            "a {width}x{height} board is not supported: 2 to {MAX_CELLS} cells"
        )));
    }
    let mut tiles = Vec::with_capacity(cells.len());
    for c in cells {
        if is_blank(&c) {
            tiles.push(None);
        } else if c.chars().all(|ch| ch.is_ascii_alphanumeric()) {
            tiles.push(Some(c));
        } else {
            return Err(bad(format!(
                "'{c}' is not a tile; tiles are letters or numbers, and _ 0 or . is the empty cell"
            )));
        }
    }
    let blanks = tiles.iter().filter(|t| t.is_none()).count();
    if blanks != 1 {
        return Err(bad(format!(
            "it has {blanks} empty cells; it needs exactly one (_, 0 or .)"
        )));
    }
    Ok(ParsedBoard { width, height, tiles })
}

/// Tile names in their natural order: numbers by value, then the rest
/// alphabetically.
fn name_order(a: &String, b: &String) -> std::cmp::Ordering {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

impl Sliding {
    /// A puzzle from a start board and an optional goal board (default:
    /// the start's tiles in order, empty cell last). Returns the puzzle and
    /// the start state. Fails when the boards differ in size or in tiles.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let start = parse_board("867/254/3_1", None).unwrap();
    /// let (p, s) = Sliding::new(&start, None).unwrap();
    /// assert_eq!(p.format(&p.goal()), "123/456/78_");
    /// assert_eq!(p.format(&s), "867/254/3_1");
    /// ```
    pub fn new(start: &ParsedBoard, goal: Option<&ParsedBoard>) -> Result<(Self, SlideState), SlideError> {
        let mut names: Vec<String> = start.tiles.iter().flatten().cloned().collect();
        names.sort_by(name_order);
        let ordered = names.clone();
        names.dedup();
        if names.len() > 254 {
            return Err(SlideError::Mismatch("at most 254 different tile labels".into()));
        }
        let label = |n: &str| names.iter().position(|m| m == n).map(|i| i as u8 + 1);
        let goal_tiles: Vec<Option<String>> = match goal {
            Some(g) => {
                if (g.width, g.height) != (start.width, start.height) {
                    return Err(SlideError::Mismatch(format!(
                        "the goal is {}x{} but the start is {}x{}; give boards of one size",
                        g.width, g.height, start.width, start.height
                    )));
                }
                let mut gt: Vec<String> = g.tiles.iter().flatten().cloned().collect();
                gt.sort_by(name_order);
                if gt != ordered {
                    return Err(SlideError::Mismatch(
                        "start and goal hold different tiles; both need the same tiles (with the same repeats)".into(),
                    ));
                }
                g.tiles.clone()
            }
            None => ordered.iter().cloned().map(Some).chain([None]).collect(),
        };
        let encode = |tiles: &[Option<String>]| {
            let mut cells = [0u8; MAX_CELLS];
            let mut blank = 0;
            for (i, t) in tiles.iter().enumerate() {
                match t {
                    Some(n) => cells[i] = label(n).expect("known tile"),
                    None => blank = i as u8,
                }
            }
            SlideState { cells, blank }
        };
        let (width, height) = (start.width, start.height);
        let n = width * height;
        let goal_state = encode(&goal_tiles);
        let start_state = encode(&start.tiles);
        let mut counts = vec![0u8; names.len() + 1];
        for &l in &start_state.cells[..n] {
            counts[l as usize] += 1;
        }
        let neighbours = (0..n)
            .map(|c| {
                let (x, y) = (c % width, c / width);
                let mut v = Vec::new();
                if y > 0 {
                    v.push((c - width) as u8);
                }
                if x > 0 {
                    v.push((c - 1) as u8);
                }
                if x + 1 < width {
                    v.push((c + 1) as u8);
                }
                if y + 1 < height {
                    v.push((c + width) as u8);
                }
                v
            })
            .collect();
        let mut dist = vec![vec![0u8; n]; names.len() + 1];
        for (l, row) in dist.iter_mut().enumerate().skip(1) {
            for (c, d) in row.iter_mut().enumerate() {
                *d = (0..n)
                    .filter(|&g| goal_state.cells[g] as usize == l && g != goal_state.blank as usize)
                    .map(|g| ((c % width).abs_diff(g % width) + (c / width).abs_diff(g / width)) as u8)
                    .min()
                    .expect("every label has a goal cell");
            }
        }
        let distinct = counts.iter().skip(1).all(|&c| c == 1);
        let mut goal_cell = vec![0u8; 256];
        for c in 0..n {
            goal_cell[goal_state.cells[c] as usize] = c as u8;
        }
        let names = std::iter::once("_".to_string()).chain(names).collect();
        let tile_labels = (1..counts.len()).map(|l| (l as u8, counts[l])).collect();
        let p = Sliding {
            width,
            height,
            names,
            counts,
            goal: goal_state,
            neighbours,
            dist,
            distinct,
            goal_cell,
            tile_labels,
            combinadic: Combinadic::new(n),
            lehmer_weight: if distinct && n <= 20 {
                // Label l chooses among the n + 1 - l cells left.
                let mut w = vec![0u64; n];
                let mut place = 1u64;
                for l in (1..n).rev() {
                    w[l] = place;
                    place *= (n + 1 - l) as u64;
                }
                w
            } else {
                Vec::new()
            },
        };
        Ok((p, start_state))
    }

    board_size!();
    /// The goal board.
    pub fn goal(&self) -> SlideState {
        self.goal
    }
    /// True when every tile is different (8-puzzle, 15-puzzle).
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// The name of tile label `label` as written on boards (`_` for 0).
    pub fn tile_name(&self, label: u8) -> &str {
        self.names.get(label as usize).map_or("?", String::as_str)
    }

    /// Writes a board: compact when every name is one character, else
    /// tokens separated by spaces; rows separated by `/`.
    pub fn format(&self, s: &SlideState) -> String {
        let compact = self.names.iter().all(|n| n.len() == 1);
        let mut out = String::new();
        for c in 0..self.cells() {
            if c > 0 && c % self.width == 0 {
                out.push('/');
            } else if c > 0 && !compact {
                out.push(' ');
            }
            out.push_str(&self.names[s.cells[c] as usize]);
        }
        out
    }

    /// Why `s` cannot reach the goal, if a parity argument shows it: with
    /// distinct tiles, the permutation parity plus the empty cell's row and
    /// column distance must be even. `None` when no such proof exists.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let (p, s) = Sliding::new(&parse_board("123/456/87_", None).unwrap(), None).unwrap();
    /// assert!(p.unsolvable_reason(&s).is_some());
    /// ```
    pub fn unsolvable_reason(&self, s: &SlideState) -> Option<String> {
        let n = self.cells();
        if self.width == 1 || self.height == 1 {
            // On a single line tiles cannot pass each other.
            let order = |t: &SlideState| t.cells[..n].iter().copied().filter(|&l| l != 0).collect::<Vec<u8>>();
            return (order(s) != order(&self.goal)).then(|| {
                "on a board one cell wide the tiles cannot pass each other, and their order differs from the goal's"
                    .to_string()
            });
        }
        if !self.distinct {
            // A repeated label makes every arrangement reachable: an odd
            // permutation equals an even one with two like tiles swapped.
            return None;
        }
        // Parity of the permutation taking the goal to s (the empty cell
        // counted as a tile), by cycle decomposition.
        let mut pos_in_goal = [0usize; 256];
        for c in 0..n {
            pos_in_goal[self.goal.cells[c] as usize] = c;
        }
        let perm: Vec<usize> = (0..n).map(|c| pos_in_goal[s.cells[c] as usize]).collect();
        let mut seen = vec![false; n];
        let mut transpositions = 0;
        for i in 0..n {
            let mut j = i;
            let mut len = 0usize;
            while !seen[j] {
                seen[j] = true;
                j = perm[j];
                len += 1;
            }
            transpositions += len.saturating_sub(1);
        }
        let (b, g) = (s.blank as usize, self.goal.blank as usize);
        let blank_moves = (b % self.width).abs_diff(g % self.width) + (b / self.width).abs_diff(g / self.width);
        ((transpositions + blank_moves) % 2 == 1).then(|| {
            "the tiles are an odd permutation away from the goal (count the swaps, plus the empty cell's distance): \
             no sequence of slides can reach it"
                .to_string()
        })
    }

    /// Lower bound: for each tile, the Manhattan distance to the nearest
    /// goal cell with its label; with distinct tiles plus linear conflicts;
    /// then rounded up to the parity every solution has (see
    /// [`Sliding::round_to_parity`]).
    pub fn lower_bound(&self, s: &SlideState) -> u32 {
        let h = self.manhattan(s);
        self.round_to_parity(s, if self.distinct { h + self.linear_conflicts(s) } else { h })
    }

    /// Every move shifts the empty cell by one step on the board's
    /// chessboard colouring, so every solution's length has the parity of
    /// the empty cell's distance to its goal cell: a bound `h` of the other
    /// parity can be raised by 1 (the seed article's "odd bound + 1").
    pub fn round_to_parity(&self, s: &SlideState, h: u32) -> u32 {
        let (b, g) = (s.blank as usize, self.goal.blank as usize);
        let blank = (b % self.width).abs_diff(g % self.width) + (b / self.width).abs_diff(g / self.width);
        h + (h + blank as u32) % 2
    }

    /// Plain Manhattan part of [`Sliding::lower_bound`] (the seed article's
    /// bound for the Line Puzzle).
    pub fn manhattan(&self, s: &SlideState) -> u32 {
        (0..self.cells())
            .filter(|&c| s.cells[c] != 0)
            .map(|c| self.dist[s.cells[c] as usize][c] as u32)
            .sum()
    }

    /// 2 x (tiles that must leave their line) for every row and column: in
    /// each line, the tiles whose goal cell is in that line must keep their
    /// goal order, and those outside a longest increasing run of goal
    /// positions must step out and back (2 extra moves each). Exact LIS, so
    /// the bound stays admissible.
    fn linear_conflicts(&self, s: &SlideState) -> u32 {
        let rows = (0..self.height).map(|y| self.line_conflicts(s, Line::Row(y)));
        let columns = (0..self.width).map(|x| self.line_conflicts(s, Line::Column(x)));
        rows.chain(columns).sum()
    }

    /// The linear conflicts of one line (see [`Sliding::linear_conflicts`]).
    #[inline]
    fn line_conflicts(&self, s: &SlideState, line: Line) -> u32 {
        let w = self.width;
        // The line's first cell, the step to the next, its length.
        let (first, step, cells) = match line {
            Line::Row(y) => (y * w, 1, w),
            Line::Column(x) => (x, w, self.height),
        };
        let mut seq = [0usize; MAX_CELLS];
        let mut len = 0;
        for i in 0..cells {
            let l = s.cells[first + i * step];
            let g = self.goal_cell[l as usize] as usize;
            let in_line = match line {
                Line::Row(y) => g / w == y,
                Line::Column(x) => g % w == x,
            };
            if l != 0 && in_line {
                seq[len] = g;
                len += 1;
            }
        }
        2 * (len - lis(&seq[..len])) as u32
    }
}

/// The seed article's bound for the Line Puzzle, updated per move: the sum
/// over tiles of the Manhattan distance to the nearest goal cell of the same
/// label ([`Sliding::manhattan`]), rounded up to the solution parity. One
/// move changes one term, so a child's bound is its parent's plus the moved
/// tile's change: two table lookups instead of a pass over the board. (The
/// parity correction never changes along a path: each move changes both the
/// sum and the empty cell's distance by one.)
#[derive(Clone, Copy, Debug)]
pub struct ManhattanBound<'a> {
    p: &'a Sliding,
}

impl<'a> ManhattanBound<'a> {
    /// The bound for `p`.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{parse_board, ManhattanBound, Sliding};
    /// use tansaku_core::search::LowerBound;
    /// let (p, s) = Sliding::new(&parse_board("_23/146/758", None).unwrap(), None).unwrap();
    /// assert_eq!(ManhattanBound::new(&p).estimate(&s), 4);
    /// ```
    pub fn new(p: &'a Sliding) -> Self {
        ManhattanBound { p }
    }
}

impl LowerBound<Sliding> for ManhattanBound<'_> {
    type Memo = ();

    fn estimate(&self, s: &SlideState) -> u32 {
        self.p.round_to_parity(s, self.p.manhattan(s))
    }

    #[inline]
    fn after_move(&self, _: &SlideState, parent_h: u32, _: &(), m: SlideMove, child: &SlideState) -> (u32, ()) {
        let d = &self.p.dist[child.cells[m.to as usize] as usize];
        (parent_h + d[m.to as usize] as u32 - d[m.from as usize] as u32, ())
    }
}

/// Manhattan distance plus linear conflicts (Hansson, Mayer & Yung 1992),
/// for distinct tiles, updated per move: the moved tile's Manhattan term
/// changes, and only the two lines it leaves and enters (two columns for a
/// sideways slide, two rows for a vertical one) can change their conflicts;
/// those are recounted, the rest is kept in the memo.
#[derive(Clone, Copy, Debug)]
pub struct LinearConflictBound<'a> {
    p: &'a Sliding,
}

/// What [`LinearConflictBound`] keeps per node: the Manhattan sum and the
/// extra moves of the linear conflicts, before parity rounding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConflictMemo {
    manhattan: u16,
    conflicts: u16,
}

impl<'a> LinearConflictBound<'a> {
    /// The bound for `p`; `None` when its tiles repeat (a conflict needs
    /// each tile's one goal cell).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{parse_board, LinearConflictBound, Sliding};
    /// use tansaku_core::search::LowerBound;
    /// // 2 and 1 swapped in the top row: Manhattan 2, plus 2 for the conflict.
    /// let (p, s) = Sliding::new(&parse_board("213/456/78_", None).unwrap(), None).unwrap();
    /// let b = LinearConflictBound::new(&p).unwrap();
    /// assert_eq!(b.estimate(&s), 4);
    /// ```
    pub fn new(p: &'a Sliding) -> Option<Self> {
        p.distinct.then_some(LinearConflictBound { p })
    }

    fn memo(&self, s: &SlideState) -> ConflictMemo {
        ConflictMemo {
            manhattan: self.p.manhattan(s) as u16,
            conflicts: self.p.linear_conflicts(s) as u16,
        }
    }
}

impl LowerBound<Sliding> for LinearConflictBound<'_> {
    type Memo = ConflictMemo;

    fn estimate(&self, s: &SlideState) -> u32 {
        self.start(s).0
    }

    fn start(&self, s: &SlideState) -> (u32, ConflictMemo) {
        let m = self.memo(s);
        (self.p.round_to_parity(s, (m.manhattan + m.conflicts) as u32), m)
    }

    #[inline]
    fn after_move(
        &self,
        parent: &SlideState,
        _: u32,
        memo: &ConflictMemo,
        m: SlideMove,
        child: &SlideState,
    ) -> (u32, ConflictMemo) {
        let w = self.p.width;
        let (from, to) = (m.from as usize, m.to as usize);
        let d = &self.p.dist[child.cells[to] as usize];
        let manhattan = memo.manhattan + d[to] as u16 - d[from] as u16;
        // A sideways slide keeps the order of its row and changes two
        // columns; a vertical one changes two rows.
        let lines = if from / w == to / w {
            [Line::Column(from % w), Line::Column(to % w)]
        } else {
            [Line::Row(from / w), Line::Row(to / w)]
        };
        let mut conflicts = memo.conflicts as u32;
        for line in lines {
            conflicts = conflicts + self.p.line_conflicts(child, line) - self.p.line_conflicts(parent, line);
        }
        let next = ConflictMemo {
            manhattan,
            conflicts: conflicts as u16,
        };
        (self.p.round_to_parity(child, (manhattan + next.conflicts) as u32), next)
    }
}

/// A row or a column of the board.
#[derive(Clone, Copy, Debug)]
enum Line {
    Row(usize),
    Column(usize),
}

impl Sliding {
    /// Manhattan distances to the nearest goal cells of the tiles of
    /// `label` standing on the cells of `mask`.
    pub(crate) fn manhattan_of(&self, label: u8, mut mask: u64) -> u32 {
        let mut sum = 0;
        while mask != 0 {
            sum += self.dist[label as usize][mask.trailing_zeros() as usize] as u32;
            mask &= mask - 1;
        }
        sum
    }

    /// `masks[label]` = the cells holding `label`, for every tile label.
    /// [`Ranked::rank`] when every tile is distinct: each label's subset is
    /// one cell, its colex rank the number of free cells below it (a Lehmer
    /// code read off a bit mask), with no mask per label to build.
    #[inline]
    fn rank_distinct(&self, s: &SlideState) -> u64 {
        let n = self.cells();
        let mut cell_of = [0u8; MAX_CELLS];
        for (c, &l) in s.cells[..n].iter().enumerate() {
            cell_of[l as usize] = c as u8;
        }
        let mut free = (1u64 << n) - 1;
        let mut r = 0u64;
        // Label i + 1 chooses among the n - i cells left.
        for (i, &c) in cell_of[1..n].iter().enumerate() {
            let below = free & ((1u64 << c) - 1);
            r = r * (n - i) as u64 + below.count_ones() as u64;
            free &= !(1u64 << c);
        }
        r
    }

    pub(crate) fn fill_masks(&self, s: &SlideState, masks: &mut [u64]) {
        for m in masks[..self.counts.len()].iter_mut() {
            *m = 0;
        }
        for c in 0..self.cells() {
            masks[s.cells[c] as usize] |= 1u64 << c;
        }
    }
}

/// Length of a longest strictly increasing subsequence (no allocation).
fn lis(seq: &[usize]) -> usize {
    let mut tails = [0usize; MAX_CELLS];
    let mut len = 0;
    for &v in seq {
        let i = tails[..len].partition_point(|&t| t < v);
        tails[i] = v;
        len = len.max(i + 1);
    }
    len
}

impl Puzzle for Sliding {
    type State = SlideState;
    type Move = SlideMove;

    #[inline]
    fn for_each_successor(&self, s: &SlideState, mut f: impl FnMut(SlideMove, SlideState)) {
        let b = s.blank as usize;
        for &from in &self.neighbours[b] {
            f(SlideMove { from, to: b as u8 }, s.slid(from, b as u8));
        }
    }

    fn apply(&self, s: &SlideState, m: SlideMove) -> Option<SlideState> {
        if m.to != s.blank || !self.neighbours.get(m.to as usize)?.contains(&m.from) {
            return None;
        }
        let mut t = *s;
        t.cells[m.to as usize] = s.cells[m.from as usize];
        t.cells[m.from as usize] = 0;
        t.blank = m.from;
        Some(t)
    }

    #[inline]
    fn is_goal(&self, s: &SlideState) -> bool {
        // Cells past the board are 0 in every state, and the empty cell is
        // where the 0 label is: the whole state can be compared.
        *s == self.goal
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<SlideState>> {
        Some(vec![self.goal])
    }
}

impl Ranked for Sliding {
    fn state_count(&self) -> u64 {
        super::multinomial(&self.counts).min(u64::MAX as u128) as u64
    }

    /// The combinatorial rank of the tile labels' cells (see
    /// `combinadic`): for the Line Puzzle, the A cells among 16, the B
    /// cells among the 12 left, and so on.
    #[inline]
    fn rank(&self, s: &SlideState) -> u64 {
        if self.distinct {
            return self.rank_distinct(s);
        }
        let mut masks = [0u64; MAX_CELLS];
        self.fill_masks(s, &mut masks);
        self.combinadic.rank(&self.tile_labels, &masks)
    }

    /// For distinct tiles, the rank is a Lehmer code: label l's digit
    /// counts the cells before it holding a larger label or the empty
    /// cell. A slide swaps the tile and the empty cell, so only the tile's
    /// own digit and the digits of the tiles strictly between the two cells
    /// change (none for a sideways move, at most W - 1 for a vertical one):
    /// the rank is updated from those instead of recomputed.
    #[inline]
    fn rank_after(&self, s: &SlideState, rank_s: u64, m: SlideMove, t: &SlideState) -> u64 {
        if self.lehmer_weight.is_empty() {
            return self.rank(t);
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let l = s.cells[from];
        let (lo, hi) = (from.min(to), from.max(to));
        // The tile's digit gains (or loses) the empty cell and every larger
        // tile in between; each larger tile in between gains (or loses) the
        // empty cell in place of the tile.
        let mut digit = 1u64;
        let mut others = 0u64;
        for &between in &s.cells[lo + 1..hi] {
            if between > l {
                digit += 1;
                others += self.lehmer_weight[between as usize];
            }
        }
        let delta = digit * self.lehmer_weight[l as usize] + others;
        if from < to { rank_s + delta } else { rank_s - delta }
    }

    #[inline]
    fn unrank(&self, r: u64) -> SlideState {
        let mut masks = [0u64; MAX_CELLS];
        self.combinadic.unrank(&self.tile_labels, r, &mut masks);
        let mut s = SlideState {
            cells: [0; MAX_CELLS],
            blank: 0,
        };
        let mut blank = (1u64 << self.cells()) - 1;
        for &(l, _) in &self.tile_labels {
            let mut m = masks[l as usize];
            blank &= !m;
            while m != 0 {
                s.cells[m.trailing_zeros() as usize] = l;
                m &= m - 1;
            }
        }
        s.blank = blank.trailing_zeros() as u8;
        s
    }
}

impl Board for Sliding {
    type State = SlideState;

    fn picture(&self, s: &SlideState) -> Vec<String> {
        let wide = self.names.iter().map(String::len).max().unwrap_or(1);
        tansaku_core::render::rows(self.width, self.height, |i| {
            format!("{:>wide$}", self.names[s.cells[i] as usize])
        })
    }

    fn notation(&self, s: &SlideState) -> String {
        self.format(s)
    }
}

impl tansaku_core::picture::Picture for Sliding {
    type State = SlideState;

    /// Numbered or lettered tiles; a puzzle whose tiles are the letters A to
    /// D with repeats (the Line Puzzle) is drawn as its quarter circles.
    fn grid(&self, s: &SlideState) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let quarters = !self.distinct
            && self.names[1..]
                .iter()
                .all(|n| ["A", "B", "C", "D"].contains(&n.as_str()));
        tansaku_core::picture::Grid {
            width: self.width,
            height: self.height,
            cells: s.cells[..self.cells()]
                .iter()
                .map(|&l| match (l, quarters) {
                    (0, _) => Glyph::Empty,
                    (_, true) => Glyph::Quarter(self.names[l as usize].as_bytes()[0] - b'A'),
                    _ => Glyph::Tile(self.names[l as usize].clone()),
                })
                .collect(),
        }
    }
}
