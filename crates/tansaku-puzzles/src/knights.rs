//! Knight exchange and other jumping-piece puzzles.
//!
//! Pieces stand on the cells of a W x H board; a move takes one piece along
//! a jump (by default a chess knight's move) to an empty cell. Pieces of one
//! label are interchangeable. The puzzle is data: the board, the jump
//! offsets, a start and a goal board. The article's instance: 3 wide, 4 high,
//! three white knights on the top row and three black ones on the bottom
//! row, to be exchanged (16 moves).

use tansaku_core::Puzzle;
use tansaku_core::render::Board;
use tansaku_core::search::LowerBound;

/// Largest number of cells.
pub const MAX_CELLS: usize = 64;

/// The chess knight's jumps.
pub const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A position: the label of every cell (0 = empty), row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnightState {
    /// Labels; only the first `cells` entries are used.
    pub cells: [u8; MAX_CELLS],
}

/// A move: the piece on `from` jumps to the empty cell `to`.
pub type KnightMove = tansaku_core::CellMove;

/// A bad board, with what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct KnightError(String);

/// A jumping-piece puzzle: board, jumps, piece names, goal.
#[derive(Clone, Debug)]
pub struct Knights {
    width: usize,
    height: usize,
    /// `names[label]`, `names[0]` = `_` (empty).
    names: Vec<char>,
    /// `jumps[c]`: the cells a piece on `c` can jump to.
    jumps: Vec<Vec<u8>>,
    goal: KnightState,
    /// `dist[label][cell]`: fewest jumps from `cell` to the nearest goal
    /// cell of `label` on an empty board (255: unreachable).
    dist: Vec<Vec<u8>>,
}

impl Knights {
    /// The article's instance on a `width` x `height` board: white knights (`W`) on
    /// the top row, black knights (`B`) on the bottom row, to be swapped.
    /// Returns the puzzle and its start.
    ///
    /// ```
    /// use tansaku_puzzles::knights::Knights;
    /// let (p, s) = Knights::exchange(3, 4).unwrap();
    /// assert_eq!(p.format(&s), "WWW/___/___/BBB");
    /// assert_eq!(p.format(&p.goal()), "BBB/___/___/WWW");
    /// ```
    pub fn exchange(width: usize, height: usize) -> Result<(Self, KnightState), KnightError> {
        if height < 2 || width < 1 {
            return Err(KnightError(format!(
                "a {width}x{height} board has no two rows to exchange; give at least 1x2, e.g. 3x4"
            )));
        }
        let row = |c: char| c.to_string().repeat(width);
        let middle = vec!["_".repeat(width); height - 2];
        let board = |top: char, bottom: char| {
            std::iter::once(row(top))
                .chain(middle.iter().cloned())
                .chain([row(bottom)])
                .collect::<Vec<_>>()
                .join("/")
        };
        Knights::new(&board('W', 'B'), &board('B', 'W'), &KNIGHT)
    }

    /// A puzzle from a start and a goal board (rows separated by `/`, `_` or
    /// `.` empty, any other character a piece) and the jump offsets (dx, dy).
    ///
    /// ```
    /// use tansaku_puzzles::knights::{Knights, KNIGHT};
    /// let (p, _) = Knights::new("W_/__/_B", "B_/__/_W", &KNIGHT).unwrap();
    /// assert_eq!(p.cells(), 6);
    /// assert!(Knights::new("W_/__/_B", "W_/__/_W", &KNIGHT).is_err());
    /// ```
    pub fn new(start: &str, goal: &str, jumps: &[(i32, i32)]) -> Result<(Self, KnightState), KnightError> {
        let (width, height, start_chars) = parse(start)?;
        let (gw, gh, goal_chars) = parse(goal).map_err(|e| KnightError(format!("goal: {e}")))?;
        if (gw, gh) != (width, height) {
            return Err(KnightError(format!(
                "the goal is {gw}x{gh} but the start is {width}x{height}; give boards of one size"
            )));
        }
        let mut a: Vec<char> = start_chars.iter().copied().filter(|&c| c != '_').collect();
        let mut b: Vec<char> = goal_chars.iter().copied().filter(|&c| c != '_').collect();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Err(KnightError(
                "start and goal hold different pieces; both need the same pieces (with the same repeats)".into(),
            ));
        }
        let mut names = vec!['_'];
        names.extend(a.iter().copied());
        names.dedup();
        let encode = |chars: &[char]| {
            let mut cells = [0u8; MAX_CELLS];
            for (i, c) in chars.iter().enumerate() {
                cells[i] = names.iter().position(|n| n == c).expect("known piece") as u8;
            }
            KnightState { cells }
        };
        let (s, g) = (encode(&start_chars), encode(&goal_chars));
        let n = width * height;
        let jumps: Vec<Vec<u8>> = (0..n)
            .map(|c| {
                let (x, y) = ((c % width) as i32, (c / width) as i32);
                jumps
                    .iter()
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(u, v)| u >= 0 && v >= 0 && (u as usize) < width && (v as usize) < height)
                    .map(|(u, v)| (v as usize * width + u as usize) as u8)
                    .collect()
            })
            .collect();
        // Jump distances on the empty board, by breadth-first search from
        // each label's goal cells.
        let mut dist = vec![vec![u8::MAX; n]; names.len()];
        for (l, row) in dist.iter_mut().enumerate().skip(1) {
            let mut queue: Vec<usize> = (0..n).filter(|&c| g.cells[c] as usize == l).collect();
            for &c in &queue {
                row[c] = 0;
            }
            let mut i = 0;
            while i < queue.len() {
                let c = queue[i];
                i += 1;
                for &t in &jumps[c] {
                    if row[t as usize] == u8::MAX {
                        row[t as usize] = row[c] + 1;
                        queue.push(t as usize);
                    }
                }
            }
        }
        let p = Knights {
            width,
            height,
            names,
            jumps,
            goal: g,
            dist,
        };
        Ok((p, s))
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The goal board.
    pub fn goal(&self) -> KnightState {
        self.goal
    }

    /// Writes a board, rows separated by `/`.
    pub fn format(&self, s: &KnightState) -> String {
        let rows: Vec<String> = (0..self.height)
            .map(|y| {
                (0..self.width)
                    .map(|x| self.names[s.cells[y * self.width + x] as usize])
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// Reads a board of this puzzle's size and pieces.
    pub fn parse_board(&self, text: &str) -> Result<KnightState, KnightError> {
        let (w, h, chars) = parse(text)?;
        if (w, h) != (self.width, self.height) {
            return Err(KnightError(format!(
                "board '{text}' is {w}x{h} but the puzzle is {}x{}",
                self.width, self.height
            )));
        }
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in chars.iter().enumerate() {
            cells[i] = self
                .names
                .iter()
                .position(|n| n == c)
                .ok_or_else(|| KnightError(format!("board '{text}': piece '{c}' is not on the goal board")))?
                as u8;
        }
        Ok(KnightState { cells })
    }

    /// Why no sequence of moves can reach the goal from `s`, when a quick
    /// check shows it: a piece that can never reach a goal cell of its kind,
    /// or different pieces.
    pub fn unsolvable_reason(&self, s: &KnightState) -> Option<String> {
        let mut a: Vec<u8> = s.cells[..self.cells()].to_vec();
        let mut b: Vec<u8> = self.goal.cells[..self.cells()].to_vec();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Some("the start and the goal hold different pieces".into());
        }
        (0..self.cells())
            .find(|&c| s.cells[c] != 0 && self.dist[s.cells[c] as usize][c] == u8::MAX)
            .map(|c| {
                format!(
                    "the piece '{}' on cell {c} can never jump to a goal cell of its kind",
                    self.names[s.cells[c] as usize]
                )
            })
    }
}

/// Reads rows separated by `/` into (width, height, cells); `.` reads as `_`.
fn parse(text: &str) -> Result<(usize, usize, Vec<char>), KnightError> {
    let rows: Vec<Vec<char>> = text
        .trim()
        .split('/')
        .map(|r| r.trim().chars().map(|c| if c == '.' { '_' } else { c }).collect())
        .collect();
    let width = rows[0].len();
    if width == 0 {
        return Err(KnightError(format!(
            "board '{text}' is empty; write rows separated by /, e.g. WWW/___/___/BBB"
        )));
    }
    if let Some(r) = rows.iter().find(|r| r.len() != width) {
        return Err(KnightError(format!(
            "board '{text}': rows differ in length ({} and {}); every row needs {width} cells",
            width,
            r.len()
        )));
    }
    if let Some(c) = rows.iter().flatten().find(|c| c.is_whitespace() || **c == ',') {
        return Err(KnightError(format!(
            "board '{text}': '{c}' is not a cell; use _ for empty cells"
        )));
    }
    let cells: Vec<char> = rows.concat();
    if cells.len() > MAX_CELLS {
        return Err(KnightError(format!(
            "board '{text}' has {} cells; at most {MAX_CELLS}",
            cells.len()
        )));
    }
    if !cells.contains(&'_') {
        return Err(KnightError(format!(
            "board '{text}' has no empty cell, so no piece can move"
        )));
    }
    Ok((width, rows.len(), cells))
}

impl Puzzle for Knights {
    type State = KnightState;
    type Move = KnightMove;

    #[inline]
    fn for_each_successor(&self, s: &KnightState, mut f: impl FnMut(KnightMove, KnightState)) {
        for from in 0..self.cells() {
            let piece = s.cells[from];
            if piece == 0 {
                continue;
            }
            for &to in &self.jumps[from] {
                if s.cells[to as usize] == 0 {
                    let mut t = *s;
                    t.cells[to as usize] = piece;
                    t.cells[from] = 0;
                    f(KnightMove { from: from as u8, to }, t);
                }
            }
        }
    }

    fn apply(&self, s: &KnightState, m: KnightMove) -> Option<KnightState> {
        let (from, to) = (m.from as usize, m.to as usize);
        if from >= self.cells() || s.cells[from] == 0 || !self.jumps[from].contains(&m.to) || s.cells[to] != 0 {
            return None;
        }
        let mut t = *s;
        t.cells[to] = s.cells[from];
        t.cells[from] = 0;
        Some(t)
    }

    fn is_goal(&self, s: &KnightState) -> bool {
        s.cells[..self.cells()] == self.goal.cells[..self.cells()]
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<KnightState>> {
        Some(vec![self.goal])
    }
}

/// Lower bound for IDA*: the sum over pieces of the fewest jumps to the
/// nearest goal cell of the piece's kind on an empty board. Admissible:
/// each move is one jump of one piece.
impl LowerBound<Knights> for Knights {
    type Memo = ();

    fn estimate(&self, s: &KnightState) -> u32 {
        (0..self.cells())
            .filter(|&c| s.cells[c] != 0)
            .map(|c| self.dist[s.cells[c] as usize][c] as u32)
            .sum()
    }

    #[inline]
    fn after_move(&self, _: &KnightState, parent_h: u32, _: &(), m: KnightMove, child: &KnightState) -> (u32, ()) {
        let d = &self.dist[child.cells[m.to as usize] as usize];
        (parent_h + d[m.to as usize] as u32 - d[m.from as usize] as u32, ())
    }
}

impl Knights {
    /// Number of arrangements of the pieces, `n! / prod(count!)`: the size
    /// of the space a search may visit (18,480 on the article's 3x4 board).
    ///
    /// ```
    /// use tansaku_puzzles::knights::Knights;
    /// assert_eq!(Knights::exchange(3, 4).unwrap().0.arrangements(), 18_480);
    /// ```
    pub fn arrangements(&self) -> u128 {
        let mut counts = vec![0u8; self.names.len()];
        for &l in &self.goal.cells[..self.cells()] {
            counts[l as usize] += 1;
        }
        super::multinomial(&counts)
    }
}

impl Board for Knights {
    type State = KnightState;

    fn picture(&self, s: &KnightState) -> Vec<String> {
        self.format(s).split('/').map(String::from).collect()
    }

    fn notation(&self, s: &KnightState) -> String {
        self.format(s)
    }
}

impl tansaku_core::picture::Picture for Knights {
    type State = KnightState;

    /// `W`/`w` pieces as white knights, `B`/`b` as black ones, any other
    /// piece as a lettered tile.
    fn grid(&self, s: &KnightState) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        tansaku_core::picture::Grid {
            width: self.width,
            height: self.height,
            cells: s.cells[..self.width * self.height]
                .iter()
                .map(|&l| match self.names[l as usize] {
                    '_' => Glyph::Empty,
                    'W' | 'w' => Glyph::Knight(true),
                    'B' | 'b' => Glyph::Knight(false),
                    other => Glyph::Tile(other.to_string()),
                })
                .collect(),
        }
    }
}
