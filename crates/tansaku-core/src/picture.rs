//! How a puzzle shows a position as a picture: a [`Grid`] of [`Glyph`]s
//! (discs, tiles, knights, water), kept apart from solving. The drawing
//! (SVG strips, animations, histograms) is the door's (`tansaku::svg`),
//! shared by every puzzle.

/// What a cell shows. In JSON a word (`"empty"`, `"black"`, `"white"`,
/// `"water"`, `"void"`) or a one-key object (`{"knight": true}`,
/// `{"tile": "15"}`, `{"quarter": 2}`, `{"block": {"label": "B", "piece": 0}}`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Glyph {
    /// An empty cell.
    Empty,
    /// A black disc.
    Black,
    /// A white disc.
    White,
    /// A knight of one side (`true`: white).
    Knight(bool),
    /// A numbered or lettered tile.
    Tile(String),
    /// Water (a unit of a jug).
    Water,
    /// No cell (outside an irregular board).
    Void,
    /// A Line Puzzle tile: a quarter circle, 0 = top-left quarter (A),
    /// 1 = top-right (B), 2 = bottom-left (C), 3 = bottom-right (D).
    Quarter(u8),
    /// One cell of a piece that covers several (Klotski's blocks, Rush
    /// Hour's cars): the cells with the same `piece` are drawn as one
    /// shape, `label` once. In JSON `{"block": {"label": "B", "piece": 0}}`.
    Block {
        /// The piece's name.
        label: String,
        /// Which piece of the position (0, 1, ...): the same on each of
        /// its cells.
        piece: u32,
    },
}

/// A board: `width * height` glyphs, row by row.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Grid {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells, row-major.
    pub cells: Vec<Glyph>,
}

/// A puzzle whose positions can be drawn.
pub trait Picture {
    /// The position type drawn.
    type State;
    /// The position as a grid of glyphs.
    fn grid(&self, s: &Self::State) -> Grid;
    /// True when a move shifts one piece across the grid, so that it is
    /// said by the piece and its direction ([`Grid::move_name`]); false
    /// where the grid is not a place pieces move on (the river's banks).
    fn moves_shift_pieces(&self) -> bool {
        true
    }
}

impl Glyph {
    /// The name a person gives the piece this cell shows: a tile's or a
    /// block's label, `●` and `○` for discs, `♘` and `♞` for knights, `A`
    /// to `D` for the Line Puzzle's quarters; none for empty cells,
    /// water and walls.
    pub fn piece_name(&self) -> Option<String> {
        match self {
            Glyph::Tile(t) => Some(t.clone()),
            Glyph::Block { label, .. } => Some(label.clone()),
            Glyph::Black => Some("●".into()),
            Glyph::White => Some("○".into()),
            Glyph::Knight(true) => Some("♘".into()),
            Glyph::Knight(false) => Some("♞".into()),
            Glyph::Quarter(q) => Some(char::from(b'A' + q.min(&3)).to_string()),
            Glyph::Empty | Glyph::Water | Glyph::Void => None,
        }
    }

    /// True when the two glyphs look the same (a block's number among the
    /// pieces may change when another piece moves; its look does not).
    pub fn looks_like(&self, other: &Glyph) -> bool {
        match (self, other) {
            (Glyph::Block { label: a, .. }, Glyph::Block { label: b, .. }) => a == b,
            _ => self == other,
        }
    }
}

impl Grid {
    /// How a person says the move from `self` to `after`: the piece that
    /// moved and where to, an arrow a direction and the cells when more
    /// than one (`B↓`, `8 ←`, `E→2`, a knight's `♘→↓2`), read from the two
    /// boards alone; `text` (the move as the puzzle writes it: `R U2`,
    /// `fill 1`) when no one piece moved into empty cells by one shift.
    ///
    /// ```
    /// use tansaku_core::picture::{Glyph, Grid};
    /// let tile = |t: &str| Glyph::Tile(t.into());
    /// let a = Grid { width: 2, height: 1, cells: vec![Glyph::Empty, tile("8")] };
    /// let b = Grid { width: 2, height: 1, cells: vec![tile("8"), Glyph::Empty] };
    /// assert_eq!(a.move_name(&b, "1->0"), "8 ←");
    /// let block = |p| Glyph::Block { label: "B".into(), piece: p };
    /// let c = Grid { width: 1, height: 3, cells: vec![block(0), block(0), Glyph::Empty] };
    /// let d = Grid { width: 1, height: 3, cells: vec![Glyph::Empty, block(0), block(0)] };
    /// assert_eq!(c.move_name(&d, "0->1"), "B↓");
    /// assert_eq!(c.move_name(&c, "R U2"), "R U2");
    /// ```
    pub fn move_name(&self, after: &Grid, text: &str) -> String {
        self.shift(after).unwrap_or_else(|| text.to_string())
    }

    fn shift(&self, after: &Grid) -> Option<String> {
        if (self.width, self.height, self.cells.len()) != (after.width, after.height, after.cells.len()) {
            return None;
        }
        let (w, h) = (self.width as i64, self.height as i64);
        let at = |i: usize| (i as i64 % w, i as i64 / w);
        // Cells a piece left, and empty cells a piece came to.
        let left: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i].piece_name().is_some() && after.cells[i] == Glyph::Empty)
            .collect();
        let came: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i] == Glyph::Empty && after.cells[i].piece_name().is_some())
            .collect();
        let name = self.cells[*left.first()?].piece_name()?;
        if came.len() != left.len() || left.iter().any(|&i| self.cells[i].piece_name().as_ref() != Some(&name)) {
            return None;
        }
        let cell = |(x, y): (i64, i64)| ((0..w).contains(&x) && (0..h).contains(&y)).then_some((y * w + x) as usize);
        // A rigid shift by d: from each cell it came to, stepping back by
        // d crosses cells the piece covers before and after (same look)
        // and ends on a cell it left; from each cell it left, stepping on
        // by d ends on a cell it came to.
        let chain = |from: usize, d: (i64, i64), ends: &[usize], look: &Glyph| {
            let (mut x, mut y) = at(from);
            loop {
                (x, y) = (x + d.0, y + d.1);
                let Some(c) = cell((x, y)) else { return false };
                if ends.contains(&c) {
                    return true;
                }
                if !(self.cells[c].looks_like(look) && after.cells[c].looks_like(look)) {
                    return false;
                }
            }
        };
        let fits = |d: (i64, i64)| {
            came.iter().all(|&f| chain(f, (-d.0, -d.1), &left, &after.cells[f]))
                && left.iter().all(|&v| chain(v, d, &came, &self.cells[v]))
        };
        let mut shifts: Vec<(i64, i64)> = (-w + 1..w)
            .flat_map(|dx| (-h + 1..h).map(move |dy| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .collect();
        shifts.sort_by_key(|&(dx, dy)| (dx.abs() + dy.abs(), dx.abs()));
        let (dx, dy) = shifts.into_iter().find(|&d| fits(d))?;
        let axis = |d: i64, minus: char, plus: char| match d {
            0 => String::new(),
            1 | -1 => (if d < 0 { minus } else { plus }).to_string(),
            _ => format!("{}{}", if d < 0 { minus } else { plus }, d.abs()),
        };
        let space = if name.ends_with(|c: char| c.is_ascii_digit()) {
            " "
        } else {
            ""
        };
        Some(format!("{name}{space}{}{}", axis(dx, '←', '→'), axis(dy, '↑', '↓')))
    }
}
