//! Flip It, in a row and on a W x H board.
//!
//! One cell is empty, every other holds a disc, black or white. A disc jumps
//! along a line (a row, a column, or with `diagonal` a diagonal of 3 or more
//! cells) into the empty cell; every disc it jumps over is turned over and the
//! jumping disc keeps its colour. Under the standard rule it must jump over at
//! least one disc; with `adjacent` it may also slide into a neighbouring empty
//! cell. The goal is every disc white with the empty cell anywhere, or one
//! given goal board.
//!
//! The rules are data: the lines are listed once, and from them a jump table
//! gives, for each empty cell, every (origin, cells flipped) pair, exactly as
//! the seed articles change rules by changing their `line` and `jump_table`.
//! A state is a 64-bit colour mask (bit set = black; the empty cell's bit is
//! clear) and the empty cell. The perfect hash is
//! `rank = empty * 2^(n-1) + (colour bits with the empty cell's bit removed)`.

use serde::Serialize;
use tansaku_core::render::Board;
use tansaku_core::{Puzzle, Ranked, Symmetric};

/// Largest number of cells (the colour mask is a `u64`).
pub const MAX_CELLS: usize = 64;

/// A Flip It position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FlipState {
    /// Bit `c` set when cell `c` holds a black disc.
    pub black: u64,
    /// The empty cell.
    pub empty: u8,
}

/// A move: the disc on `from` jumps into the empty cell `to`.
pub type FlipMove = tansaku_core::CellMove;

/// What to reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipGoal {
    /// Every disc white, the empty cell anywhere.
    AllWhite,
    /// Exactly this board.
    Board(FlipState),
}

#[derive(Clone, Copy, Debug)]
struct Jump {
    from: u8,
    flip: u64,
}

/// A bad board, goal or size, with what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FlipError {
    /// A character that is not a cell.
    #[error("board '{board}': '{ch}' is not a cell; write B (black), W (white) or _ (empty), rows separated by /")]
    BadChar {
        /// The board as given.
        board: String,
        /// The offending character.
        ch: char,
    },
    /// Wrong number of empty cells.
    #[error("board '{board}' has {count} empty cells; it needs exactly one _")]
    EmptyCount {
        /// The board as given.
        board: String,
        /// How many `_` it has.
        count: usize,
    },
    /// Wrong shape.
    #[error("board '{board}' does not fit a {width}x{height} board: {why}")]
    Shape {
        /// The board as given.
        board: String,
        /// Expected width.
        width: usize,
        /// Expected height.
        height: usize,
        /// What is off.
        why: String,
    },
    /// Unusable board size.
    #[error("a {width}x{height} board is not supported: {why}")]
    Size {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
        /// What is off.
        why: String,
    },
}

/// A Flip It puzzle: board size, rule and goal.
#[derive(Clone, Debug)]
pub struct FlipIt {
    width: usize,
    height: usize,
    adjacent: bool,
    diagonal: bool,
    lines: Vec<Vec<u8>>,
    /// `jumps[e]`: every move into empty cell `e`.
    jumps: Vec<Vec<Jump>>,
    goal: FlipGoal,
    /// Cell permutations of the board's symmetries, identity first.
    symmetries: Vec<Vec<u8>>,
}

impl FlipIt {
    /// Checks a size before building: at least 3 cells, at most [`MAX_CELLS`].
    pub fn check_size(width: usize, height: usize) -> Result<(), FlipError> {
        let why = if width == 0 || height == 0 {
            "both sides must be at least 1"
        } else if width.saturating_mul(height) < 3 {
            "it needs at least 3 cells"
        } else if width.saturating_mul(height) > MAX_CELLS {
            "at most 64 cells are supported"
        } else {
            return Ok(());
        };
        Err(FlipError::Size {
            width,
            height,
            why: why.into(),
        })
    }

    /// A row of `n` cells (`n >= 3`), standard rule or `adjacent`, goal: all
    /// white. Panics on an unsupported size (see [`FlipIt::new`]).
    pub fn row(n: usize, adjacent: bool) -> Self {
        Self::new(n, 1, adjacent, false).expect("supported row size")
    }

    /// A `width` x `height` board, orthogonal jumps or also `diagonal`, goal:
    /// all white. Panics on an unsupported size (see [`FlipIt::new`]).
    pub fn square(width: usize, height: usize, diagonal: bool) -> Self {
        Self::new(width, height, false, diagonal).expect("supported board size")
    }

    /// Any board and rule; the goal is all white (see [`FlipIt::with_goal`]).
    ///
    /// ```
    /// use tansaku_puzzles::flip::FlipIt;
    /// assert!(FlipIt::new(5, 5, false, true).is_ok());
    /// assert!(FlipIt::new(0, 4, false, false).is_err());
    /// ```
    pub fn new(width: usize, height: usize, adjacent: bool, diagonal: bool) -> Result<Self, FlipError> {
        Self::check_size(width, height)?;
        let lines = board_lines(width, height, diagonal);
        let n = width * height;
        let min_step = if adjacent { 1 } else { 2 };
        let mut jumps = vec![Vec::new(); n];
        for line in &lines {
            for (i, &to) in line.iter().enumerate() {
                for (j, &from) in line.iter().enumerate() {
                    if i.abs_diff(j) >= min_step {
                        let (lo, hi) = (i.min(j), i.max(j));
                        let flip = line[lo + 1..hi].iter().fold(0u64, |m, &c| m | 1 << c);
                        jumps[to as usize].push(Jump { from, flip });
                    }
                }
            }
        }
        for js in &mut jumps {
            js.sort_by_key(|j| j.from);
        }
        let symmetries = rectangle_symmetries(width, height);
        Ok(FlipIt {
            width,
            height,
            adjacent,
            diagonal,
            lines,
            jumps,
            goal: FlipGoal::AllWhite,
            symmetries,
        })
    }

    /// The same puzzle with another goal.
    pub fn with_goal(mut self, goal: FlipGoal) -> Self {
        self.goal = goal;
        self
    }

    board_size!();
    /// The goal.
    pub fn goal(&self) -> FlipGoal {
        self.goal
    }
    /// The lines discs jump along.
    pub fn lines(&self) -> &[Vec<u8>] {
        &self.lines
    }
    /// A short name: `flip-row 6`, `flip-square 4x4 diagonal`, ...
    pub fn name(&self) -> String {
        let mut s = if self.height == 1 {
            format!("flip-row {}", self.width)
        } else {
            format!("flip-square {}x{}", self.width, self.height)
        };
        if self.adjacent {
            s.push_str(" adjacent");
        }
        if self.diagonal {
            s.push_str(" diagonal");
        }
        s
    }

    /// Cells that lie strictly inside no line, so a disc there can never be
    /// jumped over (the corners of a board, the ends of a row).
    pub fn unjumpable(&self) -> u64 {
        let mut inner = 0u64;
        for line in &self.lines {
            for &c in &line[1..line.len() - 1] {
                inner |= 1 << c;
            }
        }
        self.all_cells() & !inner
    }

    /// The mask of every cell.
    pub fn all_cells(&self) -> u64 {
        u64::MAX >> (MAX_CELLS - self.cells())
    }

    /// Parses a board: `B`, `W`, `_` row by row; rows separated by `/`
    /// (optional). Lower case `b`/`w` are accepted.
    ///
    /// ```
    /// use tansaku_puzzles::flip::FlipIt;
    /// let p = FlipIt::square(4, 4, false);
    /// let s = p.parse_board("BBBB/B_BB/BBBB/BBBB").unwrap();
    /// assert_eq!(s.empty, 5);
    /// assert_eq!(p.parse_board("BBBBB_BBBBBBBBBB").unwrap(), s);
    /// assert!(p.parse_board("BBBB/B_BB/BBBB").is_err());
    /// ```
    pub fn parse_board(&self, text: &str) -> Result<FlipState, FlipError> {
        let shape = |why: String| FlipError::Shape {
            board: text.into(),
            width: self.width,
            height: self.height,
            why,
        };
        let rows: Vec<&str> = if text.contains('/') {
            text.split('/').collect()
        } else {
            vec![text]
        };
        if rows.len() > 1 {
            if rows.len() != self.height {
                return Err(shape(format!("it has {} rows, expected {}", rows.len(), self.height)));
            }
            for (i, r) in rows.iter().enumerate() {
                let len = r.chars().count();
                if len != self.width {
                    return Err(shape(format!(
                        "row {} has {} cells, expected {}",
                        i + 1,
                        len,
                        self.width
                    )));
                }
            }
        }
        let mut black = 0u64;
        let mut empties = Vec::new();
        let mut n = 0usize;
        for ch in rows.iter().flat_map(|r| r.chars()) {
            match ch {
                'B' | 'b' if n < MAX_CELLS => black |= 1 << n,
                'W' | 'w' | 'B' | 'b' => {}
                '_' => empties.push(n),
                _ => return Err(FlipError::BadChar { board: text.into(), ch }),
            }
            n += 1;
        }
        if n != self.cells() {
            return Err(shape(format!("it has {} cells, expected {}", n, self.cells())));
        }
        if empties.len() != 1 {
            return Err(FlipError::EmptyCount {
                board: text.into(),
                count: empties.len(),
            });
        }
        Ok(FlipState {
            black,
            empty: empties[0] as u8,
        })
    }

    /// Writes a board in the notation [`FlipIt::parse_board`] reads, rows
    /// separated by `/`.
    pub fn format_board(&self, s: &FlipState) -> String {
        let mut out = String::with_capacity(self.cells() + self.height);
        for c in 0..self.cells() {
            if c > 0 && c % self.width == 0 {
                out.push('/');
            }
            out.push(self.cell_char(s, c));
        }
        out
    }

    /// The character of cell `c`: `B`, `W` or `_`.
    pub fn cell_char(&self, s: &FlipState, c: usize) -> char {
        if c == s.empty as usize {
            '_'
        } else if s.black >> c & 1 == 1 {
            'B'
        } else {
            'W'
        }
    }

    /// The lower bound used by IDA* on this puzzle (see [`FlipBound`]).
    pub fn lower_bound(&self) -> FlipBound {
        FlipBound::new(self, BoundKind::Improved)
    }
}

fn board_lines(width: usize, height: usize, diagonal: bool) -> Vec<Vec<u8>> {
    let at = |x: usize, y: usize| (y * width + x) as u8;
    let mut lines: Vec<Vec<u8>> = Vec::new();
    lines.extend((0..height).map(|y| (0..width).map(|x| at(x, y)).collect()));
    lines.extend((0..width).map(|x| (0..height).map(|y| at(x, y)).collect()));
    if diagonal {
        // Down-right diagonals start on the top row or the left column;
        // down-left ones on the top row or the right column.
        let mut starts: Vec<(usize, usize, bool)> = Vec::new();
        for x in 0..width {
            starts.push((x, 0, true));
            starts.push((x, 0, false));
        }
        for y in 1..height {
            starts.push((0, y, true));
            starts.push((width - 1, y, false));
        }
        for (x0, y0, right) in starts {
            let mut line = Vec::new();
            let (mut x, mut y) = (x0 as isize, y0 as isize);
            while x >= 0 && (x as usize) < width && (y as usize) < height {
                line.push(at(x as usize, y as usize));
                x += if right { 1 } else { -1 };
                y += 1;
            }
            lines.push(line);
        }
    }
    lines.retain(|l| l.len() >= 2);
    lines
}

fn rectangle_symmetries(width: usize, height: usize) -> Vec<Vec<u8>> {
    let n = width * height;
    let (w, h) = (width as isize, height as isize);
    type Map = fn(isize, isize, isize, isize) -> (isize, isize);
    let mut maps: Vec<Map> = vec![
        |x, y, _, _| (x, y),
        |x, y, w, _| (w - 1 - x, y),
        |x, y, _, h| (x, h - 1 - y),
        |x, y, w, h| (w - 1 - x, h - 1 - y),
    ];
    if width == height {
        maps.extend([
            (|x, y, _, _| (y, x)) as Map,
            |x, y, w, _| (w - 1 - y, w - 1 - x),
            |x, y, w, _| (w - 1 - y, x),
            |x, y, w, _| (y, w - 1 - x),
        ]);
    }
    let mut perms: Vec<Vec<u8>> = Vec::new();
    for m in maps {
        let perm: Vec<u8> = (0..n)
            .map(|c| {
                let (x, y) = m((c % width) as isize, (c / width) as isize, w, h);
                (y * w + x) as u8
            })
            .collect();
        if !perms.contains(&perm) {
            perms.push(perm);
        }
    }
    perms
}

impl Puzzle for FlipIt {
    type State = FlipState;
    type Move = FlipMove;

    #[inline]
    fn for_each_successor(&self, s: &FlipState, mut f: impl FnMut(FlipMove, FlipState)) {
        let e = s.empty;
        for j in &self.jumps[e as usize] {
            let colour = s.black >> j.from & 1;
            let black = ((s.black ^ j.flip) & !(1u64 << j.from)) | colour << e;
            f(FlipMove { from: j.from, to: e }, FlipState { black, empty: j.from });
        }
    }

    fn apply(&self, s: &FlipState, m: FlipMove) -> Option<FlipState> {
        if m.to != s.empty || m.to as usize >= self.cells() {
            return None;
        }
        let j = self.jumps[m.to as usize].iter().find(|j| j.from == m.from)?;
        let colour = s.black >> j.from & 1;
        Some(FlipState {
            black: ((s.black ^ j.flip) & !(1u64 << j.from)) | colour << m.to,
            empty: j.from,
        })
    }

    #[inline]
    fn is_goal(&self, s: &FlipState) -> bool {
        match self.goal {
            FlipGoal::AllWhite => s.black == 0,
            FlipGoal::Board(g) => *s == g,
        }
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<FlipState>> {
        Some(match self.goal {
            FlipGoal::AllWhite => (0..self.cells() as u8)
                .map(|e| FlipState { black: 0, empty: e })
                .collect(),
            FlipGoal::Board(g) => vec![g],
        })
    }
}

impl Ranked for FlipIt {
    fn state_count(&self) -> u64 {
        // Saturates for boards too large to rank into a u64.
        u64::try_from((self.cells() as u128) << (self.cells() - 1)).unwrap_or(u64::MAX)
    }

    #[inline]
    fn rank(&self, s: &FlipState) -> u64 {
        let e = s.empty as u32;
        let low = s.black & ((1u64 << e) - 1);
        let high = s.black.checked_shr(e + 1).unwrap_or(0);
        ((e as u64) << (self.cells() - 1)) | low | high << e
    }

    #[inline]
    fn unrank(&self, r: u64) -> FlipState {
        let bits = self.cells() as u32 - 1;
        let e = (r >> bits) as u32;
        let rest = r & ((1u64 << bits) - 1);
        let low = rest & ((1u64 << e) - 1);
        let high = (rest >> e).checked_shl(e + 1).unwrap_or(0);
        FlipState {
            black: low | high,
            empty: e as u8,
        }
    }
}

impl Symmetric for FlipIt {
    fn symmetry_count(&self) -> usize {
        self.symmetries.len()
    }

    fn apply_symmetry(&self, i: usize, s: &FlipState) -> FlipState {
        let perm = &self.symmetries[i];
        let mut black = 0u64;
        let mut rest = s.black;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            black |= 1 << perm[c];
        }
        FlipState {
            black,
            empty: perm[s.empty as usize],
        }
    }
}

/// Which lower bound [`FlipBound`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoundKind {
    /// The seed article's: 2 per black disc on an unjumpable cell (a corner).
    Corner,
    /// tansaku's: the larger of the corner bound and a weighted disc count
    /// (see [`FlipBound`]); for a fixed goal board, also the moves the empty
    /// cell needs to reach its goal cell.
    Improved,
}

/// Admissible lower bounds on the number of moves to the goal.
///
/// * Corner bound (seed article): a black disc on a cell that no line passes
///   through (a corner) must first move away and then be jumped over: 2 moves
///   each.
/// * Weighted count: give each black disc the weight 2 on an unjumpable cell
///   and 1 elsewhere, and let `c` be the most a single move can lower the sum
///   (read off the jump table: every jumped disc black turned white, plus
///   what the mover loses by leaving its cell). Then at least
///   `ceil(sum / c)` moves remain. Against a fixed goal board the same holds
///   for `|sum - goal sum|`, and the empty cell must also travel from its
///   cell to the goal's along the jump graph (a shortest-path table).
///
/// Both are 0 on goals. On the article's start (4x4, all black) the corner bound
/// gives 8 and the weighted count 10; the tests check admissibility on every
/// state of the small boards against the exact distances.
#[derive(Clone, Debug)]
pub struct FlipBound {
    kind: BoundKind,
    unjumpable: u64,
    /// `max_drop` is the `c` above.
    max_drop: u32,
    goal: FlipGoal,
    goal_weight: u32,
    /// `empty_dist[e]`: jumps the empty cell needs from `e` to the goal's.
    empty_dist: Vec<u32>,
}

impl tansaku_core::search::LowerBound<FlipIt> for FlipBound {
    type Memo = ();

    #[inline]
    fn estimate(&self, s: &FlipState) -> u32 {
        FlipBound::estimate(self, s)
    }
}

impl FlipBound {
    /// The bound of `kind` for puzzle `p` and its goal.
    pub fn new(p: &FlipIt, kind: BoundKind) -> Self {
        let unjumpable = p.unjumpable();
        let w = |c: u8| if unjumpable >> c & 1 == 1 { 2 } else { 1 };
        let mut max_drop = 1;
        for (to, js) in p.jumps.iter().enumerate() {
            for j in js {
                let jumped: u32 = (0..p.cells() as u8).filter(|&c| j.flip >> c & 1 == 1).map(w).sum();
                let mover = w(j.from).saturating_sub(w(to as u8));
                max_drop = max_drop.max(jumped + mover);
            }
        }
        let mut bound = FlipBound {
            kind,
            unjumpable,
            max_drop,
            goal: p.goal,
            goal_weight: 0,
            empty_dist: Vec::new(),
        };
        if let FlipGoal::Board(g) = p.goal {
            bound.goal_weight = bound.weight(g.black);
            // Shortest paths of the empty cell, backwards from the goal's.
            let mut dist = vec![u32::MAX; p.cells()];
            dist[g.empty as usize] = 0;
            let mut queue = std::collections::VecDeque::from([g.empty as usize]);
            while let Some(e) = queue.pop_front() {
                for j in &p.jumps[e] {
                    if dist[j.from as usize] == u32::MAX {
                        dist[j.from as usize] = dist[e] + 1;
                        queue.push_back(j.from as usize);
                    }
                }
            }
            bound.empty_dist = dist;
        }
        bound
    }

    fn weight(&self, black: u64) -> u32 {
        black.count_ones() + (black & self.unjumpable).count_ones()
    }

    /// The bound's value on `s`: never more than the true number of moves.
    #[inline]
    pub fn estimate(&self, s: &FlipState) -> u32 {
        match (self.kind, self.goal) {
            (BoundKind::Corner, FlipGoal::AllWhite) => 2 * (s.black & self.unjumpable).count_ones(),
            (BoundKind::Corner, FlipGoal::Board(_)) => 0,
            (BoundKind::Improved, FlipGoal::AllWhite) => {
                let corner = 2 * (s.black & self.unjumpable).count_ones();
                corner.max(self.weight(s.black).div_ceil(self.max_drop))
            }
            (BoundKind::Improved, FlipGoal::Board(_)) => {
                let count = self.weight(s.black).abs_diff(self.goal_weight).div_ceil(self.max_drop);
                let empty = self.empty_dist[s.empty as usize];
                // Unreachable goal cell: no finite bound; say 0 and let the
                // search prove it.
                count.max(if empty == u32::MAX { 0 } else { empty })
            }
        }
    }
}

impl Board for FlipIt {
    type State = FlipState;

    fn picture(&self, s: &FlipState) -> Vec<String> {
        tansaku_core::render::rows(self.width, self.height, |i| self.cell_char(s, i).to_string())
    }

    fn notation(&self, s: &FlipState) -> String {
        self.format_board(s)
    }
}

impl tansaku_core::picture::Picture for FlipIt {
    type State = FlipState;

    fn grid(&self, s: &FlipState) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        tansaku_core::picture::Grid {
            width: self.width,
            height: self.height,
            cells: (0..self.cells())
                .map(|c| match self.cell_char(s, c) {
                    'B' => Glyph::Black,
                    'W' => Glyph::White,
                    _ => Glyph::Empty,
                })
                .collect(),
        }
    }
}
