//! How a puzzle shows a position as a picture: a [`Grid`] of [`Glyph`]s
//! (discs, tiles, knights, water), kept apart from solving. The drawing
//! (SVG strips, animations, histograms) is the door's (`tansaku::svg`),
//! shared by every puzzle.

/// What a cell shows. In JSON a word (`"empty"`, `"black"`, `"white"`,
/// `"water"`, `"void"`) or a one-key object (`{"knight": true}`,
/// `{"tile": "15"}`, `{"quarter": 2}`).
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
}
