//! Reversi (Othello) on the standard 8x8 board, as bitboards.
//!
//! Square `a1` is bit 0, `h1` bit 7, `a8` bit 56 (bit = 8 * (row - 1) +
//! column). Legal moves come from shifts and masks in the 8 directions (no
//! allocation per move); a move turns over every bracketed line. A side
//! with no legal move passes (not a ply); the game ends when neither can
//! move. The 4 symmetries of the start position (identity, the two
//! diagonal reflections, the half turn) act on positions and squares.
//!
//! As a [`Puzzle`]: a state is a position with the side to move, a move a
//! square (a forced pass is folded into the move after it), and the goal is
//! "the given colour has wiped the other out".

use std::fmt;
use tansaku_core::{Puzzle, Symmetric};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; capitals in game records.
    Black,
    /// Lower case in game records.
    White,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// A position: the discs of each colour and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Black discs.
    pub black: u64,
    /// White discs.
    pub white: u64,
    /// The side to move (before any forced pass).
    pub to_move: Color,
}

/// The 8 directions: shift amount (left when positive) and the mask of
/// squares a run may pass through (no wrap from one row to the next).
const DIRS: [(i32, u64); 8] = [
    (1, NOT_EDGE_FILES),
    (-1, NOT_EDGE_FILES),
    (8, !0),
    (-8, !0),
    (9, NOT_EDGE_FILES),
    (7, NOT_EDGE_FILES),
    (-7, NOT_EDGE_FILES),
    (-9, NOT_EDGE_FILES),
];

/// Every square but the a and h files.
const NOT_EDGE_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

#[inline]
fn shift(x: u64, by: i32) -> u64 {
    if by > 0 { x << by } else { x >> -by }
}

/// Squares where the player with discs `p` may move against discs `o`.
///
/// ```
/// use tansaku_puzzles::reversi::{legal_moves, Position, parse_square};
/// let s = Position::start();
/// let m = legal_moves(s.black, s.white);
/// let expected: u64 = ["d3", "c4", "f5", "e6"].iter().map(|t| 1 << parse_square(t).unwrap()).sum();
/// assert_eq!(m, expected);
/// ```
#[inline]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    let mut moves = 0;
    for &(by, mask) in &DIRS {
        let om = o & mask;
        let mut run = shift(p, by) & om;
        for _ in 0..5 {
            run |= shift(run, by) & om;
        }
        moves |= shift(run, by) & empty;
    }
    moves
}

/// The discs of `o` turned over when the player with discs `p` moves on
/// `sq` (0 when the move is not legal).
///
/// ```
/// use tansaku_puzzles::reversi::{flips, Position, parse_square};
/// let s = Position::start();
/// let f = flips(s.black, s.white, parse_square("d3").unwrap());
/// assert_eq!(f, 1 << parse_square("d4").unwrap());
/// ```
#[inline]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let start = 1u64 << sq;
    let mut all = 0;
    for &(by, mask) in &DIRS {
        let om = o & mask;
        let mut run = 0;
        let mut x = shift(start, by);
        while x & om != 0 {
            run |= x;
            x = shift(x, by);
        }
        if x & p != 0 {
            all |= run;
        }
    }
    all
}

/// Transpose: reflection in the a1-h8 diagonal (square (c, r) to (r, c)).
///
/// ```
/// use tansaku_puzzles::reversi::{flip_a1h8, parse_square};
/// let b1 = 1u64 << parse_square("b1").unwrap();
/// assert_eq!(flip_a1h8(b1), 1 << parse_square("a2").unwrap());
/// ```
#[inline]
pub fn flip_a1h8(mut x: u64) -> u64 {
    // Delta swaps: 4x4 blocks, then 2x2, then single squares.
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// Half turn: square (c, r) to (7 - c, 7 - r).
#[inline]
pub fn rotate_180(x: u64) -> u64 {
    x.reverse_bits()
}

/// Reflection in the a8-h1 diagonal: square (c, r) to (7 - r, 7 - c).
#[inline]
pub fn flip_a8h1(x: u64) -> u64 {
    rotate_180(flip_a1h8(x))
}

/// The 4 symmetries of the start position, index 0 the identity.
pub const SYMMETRY_NAMES: [&str; 4] = ["identity", "a1-h8 reflection", "a8-h1 reflection", "half turn"];

/// Symmetry `i` (see [`SYMMETRY_NAMES`]) applied to a bitboard.
#[inline]
pub fn symmetry(i: usize, x: u64) -> u64 {
    match i {
        0 => x,
        1 => flip_a1h8(x),
        2 => flip_a8h1(x),
        _ => rotate_180(x),
    }
}

/// A square's name, `a1` .. `h8`, in capitals for black.
///
/// ```
/// use tansaku_puzzles::reversi::{square_name, Color};
/// assert_eq!(square_name(0, Color::Black), "A1");
/// assert_eq!(square_name(63, Color::White), "h8");
/// ```
pub fn square_name(sq: u32, c: Color) -> String {
    let file = (b'a' + (sq % 8) as u8) as char;
    let s = format!("{file}{}", sq / 8 + 1);
    match c {
        Color::Black => s.to_uppercase(),
        Color::White => s,
    }
}

/// Parses a square name (`f5`, `F5`).
///
/// ```
/// assert_eq!(tansaku_puzzles::reversi::parse_square("F5"), Some(37));
/// ```
pub fn parse_square(text: &str) -> Option<u32> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0].to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as u32 * 8 + (file - b'a') as u32)
}

impl Position {
    /// The standard start: d4 and e5 white, e4 and d5 black, black to move.
    pub fn start() -> Self {
        let sq = |t: &str| 1u64 << parse_square(t).expect("square");
        Position {
            black: sq("e4") | sq("d5"),
            white: sq("d4") | sq("e5"),
            to_move: Color::Black,
        }
    }

    /// Discs of `c`.
    pub fn discs(&self, c: Color) -> u64 {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Legal moves of the side to move.
    pub fn moves(&self) -> u64 {
        let c = self.to_move;
        legal_moves(self.discs(c), self.discs(c.other()))
    }

    /// The side that actually moves next: the side to move, or the other
    /// side when the side to move must pass; `None` when the game is over.
    pub fn mover(&self) -> Option<Color> {
        let c = self.to_move;
        if self.moves() != 0 {
            Some(c)
        } else if legal_moves(self.discs(c.other()), self.discs(c)) != 0 {
            Some(c.other())
        } else {
            None
        }
    }

    /// The position with a forced pass made (unchanged when the side to
    /// move can move or the game is over).
    pub fn after_pass(&self) -> Position {
        match self.mover() {
            Some(c) if c != self.to_move => Position { to_move: c, ..*self },
            _ => *self,
        }
    }

    /// Plays the side to move on `sq`; `None` when that is not legal.
    pub fn play(&self, sq: u32) -> Option<Position> {
        let c = self.to_move;
        let (p, o) = (self.discs(c), self.discs(c.other()));
        if sq >= 64 || (p | o) >> sq & 1 != 0 {
            return None;
        }
        let f = flips(p, o, sq);
        if f == 0 {
            return None;
        }
        Some(Position::after_move(c, p | f | 1 << sq, o & !f))
    }

    /// The position after `mover` moved, leaving it the discs `own` and the
    /// other side `theirs`; the other side is to move.
    #[inline]
    fn after_move(mover: Color, own: u64, theirs: u64) -> Position {
        match mover {
            Color::Black => Position {
                black: own,
                white: theirs,
                to_move: Color::White,
            },
            Color::White => Position {
                black: theirs,
                white: own,
                to_move: Color::Black,
            },
        }
    }

    /// Symmetry `i` applied to the discs.
    pub fn transformed(&self, i: usize) -> Position {
        Position {
            black: symmetry(i, self.black),
            white: symmetry(i, self.white),
            to_move: self.to_move,
        }
    }

    /// Plays a game record (`D3c3B3...`, or with `-`/spaces between moves)
    /// from this position; every move must be legal and by the side whose
    /// case it is written in (passes are implied). Returns every position.
    ///
    /// ```
    /// use tansaku_puzzles::reversi::Position;
    /// let boards = Position::start().replay("D3c3B3d2E1d6D7e3F4").unwrap();
    /// assert_eq!(boards.last().unwrap().white, 0); // white is wiped out
    /// assert!(Position::start().replay("d3").is_err()); // black moves first
    /// ```
    pub fn replay(&self, record: &str) -> Result<Vec<Position>, String> {
        let text: String = record.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        if !text.len().is_multiple_of(2) || !text.is_ascii() {
            return Err(format!(
                "game record '{record}': write moves as square names, capitals for black, e.g. D3c3B3"
            ));
        }
        let mut out = vec![*self];
        for (i, chunk) in text.as_bytes().chunks(2).enumerate() {
            let name = std::str::from_utf8(chunk).expect("ascii");
            let sq = parse_square(name)
                .ok_or_else(|| format!("game record '{record}': move {} '{name}' is not a square a1..h8", i + 1))?;
            let who = if chunk[0].is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let pos = out.last().expect("start").after_pass();
            if pos.mover() != Some(who) || pos.to_move != who {
                return Err(format!(
                    "game record '{record}': move {} '{name}' is by {}, but {} is to move",
                    i + 1,
                    who.name(),
                    pos.mover().map_or("nobody (the game is over)", Color::name)
                ));
            }
            let next = pos.play(sq).ok_or_else(|| {
                format!(
                    "game record '{record}': move {} '{name}' is not legal for {}",
                    i + 1,
                    who.name()
                )
            })?;
            out.push(next);
        }
        Ok(out)
    }

    /// The board as 8 rows, row 1 first, with `black`/`white`/`empty`
    /// characters and a column header.
    ///
    /// ```
    /// let text = tansaku_puzzles::reversi::Position::start().render(true);
    /// assert!(text.contains("4 . . . O X . . ."));
    /// ```
    pub fn render(&self, ascii: bool) -> String {
        let (b, w, e) = if ascii { ('X', 'O', '.') } else { ('●', '○', '·') };
        let mut s = String::from("  a b c d e f g h\n");
        for row in 0..8 {
            s.push_str(&format!("{} ", row + 1));
            for col in 0..8 {
                let bit = 1u64 << (row * 8 + col);
                s.push(if self.black & bit != 0 {
                    b
                } else if self.white & bit != 0 {
                    w
                } else {
                    e
                });
                if col < 7 {
                    s.push(' ');
                }
            }
            s.push('\n');
        }
        s
    }

    /// The board on one line: 8 rows of 8 cells (`X` black, `O` white,
    /// `.` empty), row 1 first, separated by `/`.
    pub fn compact(&self) -> String {
        (0..8)
            .map(|row| {
                (0..8)
                    .map(|col| {
                        let bit = 1u64 << (row * 8 + col);
                        if self.black & bit != 0 {
                            'X'
                        } else if self.white & bit != 0 {
                            'O'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(true))
    }
}

/// Leaf positions `depth` plies from `pos`, under the convention of the
/// published Othello perft tables: a pass counts as a ply when the side to
/// move has no move but the other side has one; a finished game is a leaf
/// wherever it ends. Counts the last ply in bulk (a population count).
///
/// ```
/// use tansaku_puzzles::reversi::{perft, Position};
/// assert_eq!(perft(&Position::start(), 4), 244);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let c = pos.to_move;
    let (p, o) = (pos.discs(c), pos.discs(c.other()));
    perft_bits(p, o, depth)
}

fn perft_bits(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = legal_moves(p, o);
    if moves == 0 {
        return if legal_moves(o, p) != 0 {
            perft_bits(o, p, depth - 1)
        } else {
            1
        };
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut n = 0;
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let f = flips(p, o, sq);
        n += perft_bits(o & !f, p | f | 1 << sq, depth - 1);
    }
    n
}

/// [`perft`] with the moves of the first plies shared among threads.
///
/// ```
/// use tansaku_puzzles::reversi::{perft_parallel, Position};
/// assert_eq!(perft_parallel(&Position::start(), 7), 55_092);
/// ```
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    perft_within(pos, depth, &tansaku_core::Context::new()).expect("a context nobody stops")
}

/// [`perft`] on every core (the subtrees two plies deep shared among
/// threads), stopping when `ctx` says so (checked at every
/// node four or more plies above the leaves, a small share of the work).
///
/// ```
/// use tansaku_puzzles::reversi::{perft_within, Position};
/// let ctx = tansaku_core::Context::new();
/// assert_eq!(perft_within(&Position::start(), 7, &ctx), Ok(55_092));
/// ctx.cancel();
/// assert!(perft_within(&Position::start(), 12, &ctx).is_err());
/// ```
pub fn perft_within(
    pos: &Position,
    depth: u32,
    ctx: &tansaku_core::Context,
) -> Result<u64, tansaku_core::context::Stop> {
    use rayon::prelude::*;
    fn walk(p: u64, o: u64, depth: u32, ctx: &tansaku_core::Context) -> Result<u64, tansaku_core::context::Stop> {
        if depth < 4 {
            return Ok(perft_bits(p, o, depth));
        }
        if let Some(stop) = ctx.stopped() {
            return Err(stop);
        }
        let mut moves = legal_moves(p, o);
        if moves == 0 {
            return if legal_moves(o, p) != 0 {
                walk(o, p, depth - 1, ctx)
            } else {
                Ok(1)
            };
        }
        let mut n = 0;
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let f = flips(p, o, sq);
            n += walk(o & !f, p | f | 1 << sq, depth - 1, ctx)?;
        }
        Ok(n)
    }
    let c = pos.to_move;
    let (p, o) = (pos.discs(c), pos.discs(c.other()));
    if depth < 6 {
        return walk(p, o, depth, ctx);
    }
    // Split two plies deep: 12 subtrees from the start, one task each.
    let mut frontier = vec![(*pos, depth)];
    for _ in 0..2 {
        let mut next = Vec::new();
        for (q, d) in frontier {
            let moves = q.moves();
            if d == 0 || moves == 0 {
                next.push((q, d));
                continue;
            }
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                next.push((q.play(sq).expect("legal"), d - 1));
            }
        }
        frontier = next;
    }
    frontier
        .par_iter()
        .map(|(q, d)| {
            let c = q.to_move;
            walk(q.discs(c), q.discs(c.other()), *d, ctx)
        })
        .sum()
}

/// Reversi as a [`Puzzle`]: from a position, play until `winner` has no
/// opponent disc left on the board.
#[derive(Clone, Debug)]
pub struct Wipeout {
    /// The side that must be left alone on the board.
    pub winner: Color,
}

/// A move: the square played and the side that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// Square index (a1 = 0).
    pub square: u8,
    /// Who played.
    pub by: Color,
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&square_name(self.square as u32, self.by))
    }
}

/// A game record: black's moves in capitals, white's in lower case,
/// passes implied (`D3c3B3d2E1d6D7e3F4`).
pub fn record(moves: &[Ply]) -> String {
    moves.iter().map(Ply::to_string).collect()
}

/// The record shown for a game: among its images under the start's 4
/// symmetries, those opening on square `opening` (D3, as the seed article
/// writes its games), the smallest; the game's own record when none
/// opens there.
///
/// ```
/// use tansaku_puzzles::reversi::{Color, Ply, parse_square, presented_record};
/// let f5 = Ply { square: parse_square("F5").unwrap() as u8, by: Color::Black };
/// assert_eq!(presented_record(&[f5], parse_square("D3").unwrap()), "D3");
/// ```
pub fn presented_record(moves: &[Ply], opening: u32) -> String {
    (0..4)
        .map(|i| {
            moves
                .iter()
                .map(|m| Ply {
                    square: symmetry(i, 1u64 << m.square).trailing_zeros() as u8,
                    by: m.by,
                })
                .collect::<Vec<_>>()
        })
        .filter(|g| g.first().is_none_or(|m| m.square as u32 == opening))
        .map(|g| record(&g))
        .min()
        .unwrap_or_else(|| record(moves))
}

impl Puzzle for Wipeout {
    type State = Position;
    type Move = Ply;

    #[inline]
    fn for_each_successor(&self, s: &Position, mut f: impl FnMut(Ply, Position)) {
        if self.is_goal(s) {
            return;
        }
        let pos = s.after_pass();
        let c = pos.to_move;
        let (p, o) = (pos.discs(c), pos.discs(c.other()));
        let mut moves = legal_moves(p, o);
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let fl = flips(p, o, sq);
            let next = Position::after_move(c, p | fl | 1 << sq, o & !fl);
            f(
                Ply {
                    square: sq as u8,
                    by: c,
                },
                next,
            );
        }
    }

    fn apply(&self, s: &Position, m: Ply) -> Option<Position> {
        if self.is_goal(s) {
            return None;
        }
        let pos = s.after_pass();
        (pos.to_move == m.by && pos.mover().is_some())
            .then(|| pos.play(m.square as u32))
            .flatten()
    }

    fn is_goal(&self, s: &Position) -> bool {
        s.discs(self.winner.other()) == 0
    }

    fn reversible(&self) -> bool {
        false
    }
}

impl Symmetric for Wipeout {
    fn symmetry_count(&self) -> usize {
        4
    }

    fn apply_symmetry(&self, i: usize, s: &Position) -> Position {
        s.transformed(i)
    }
}

impl tansaku_core::picture::Picture for Wipeout {
    type State = Position;

    fn grid(&self, s: &Position) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        tansaku_core::picture::Grid {
            width: 8,
            height: 8,
            cells: (0..64)
                .map(|sq| {
                    if s.black >> sq & 1 != 0 {
                        Glyph::Black
                    } else if s.white >> sq & 1 != 0 {
                        Glyph::White
                    } else {
                        Glyph::Empty
                    }
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Symmetry `i` square by square, as the definition says.
    fn naive(i: usize, x: u64) -> u64 {
        let mut y = 0;
        for sq in 0..64 {
            if x >> sq & 1 != 0 {
                let (c, r) = (sq % 8, sq / 8);
                let (c2, r2) = match i {
                    0 => (c, r),
                    1 => (r, c),
                    2 => (7 - r, 7 - c),
                    _ => (7 - c, 7 - r),
                };
                y |= 1 << (r2 * 8 + c2);
            }
        }
        y
    }

    #[test]
    fn symmetries_match_their_definition_and_are_involutions() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for i in 0..4 {
                assert_eq!(symmetry(i, x), naive(i, x), "symmetry {i}");
                assert_eq!(symmetry(i, symmetry(i, x)), x, "symmetry {i} twice");
            }
        }
        let s = Position::start();
        for (i, name) in SYMMETRY_NAMES.iter().enumerate() {
            assert_eq!(s.transformed(i), s, "{name} fixes the start");
        }
    }

    #[test]
    fn squares_round_trip() {
        for sq in 0..64 {
            assert_eq!(parse_square(&square_name(sq, Color::Black)), Some(sq));
            assert_eq!(parse_square(&square_name(sq, Color::White)), Some(sq));
        }
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
        assert_eq!(parse_square("a"), None);
    }
}
