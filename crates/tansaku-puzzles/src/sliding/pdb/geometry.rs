//! A W x H board as bit masks: each cell's neighbours, a set of cells
//! spread by one step, the connected part of a set around a cell.

/// Most cells a board handled by the pattern databases may have (the
/// 2-bit search words keep two bits per free cell in one `u64`).
pub const MAX_PDB_CELLS: usize = 32;

/// Cell masks of a W x H board, cells numbered row-major from 0.
#[derive(Clone, Debug)]
pub struct Geometry {
    width: usize,
    height: usize,
    cells: usize,
    /// `neighbours[c]`: the cells next to `c`.
    neighbours: [u64; MAX_PDB_CELLS],
    not_left: u64,
    not_right: u64,
    board: u64,
}

impl Geometry {
    /// The board of `width` x `height` cells (at most [`MAX_PDB_CELLS`]).
    pub fn new(width: usize, height: usize) -> Self {
        let cells = width * height;
        assert!(cells <= MAX_PDB_CELLS && width >= 1 && height >= 1, "board too large");
        let mut neighbours = [0u64; MAX_PDB_CELLS];
        for (c, nb) in neighbours.iter_mut().enumerate().take(cells) {
            let (x, y) = (c % width, c / width);
            if y > 0 {
                *nb |= 1 << (c - width);
            }
            if x > 0 {
                *nb |= 1 << (c - 1);
            }
            if x + 1 < width {
                *nb |= 1 << (c + 1);
            }
            if y + 1 < height {
                *nb |= 1 << (c + width);
            }
        }
        let (mut left, mut right) = (0u64, 0u64);
        for y in 0..height {
            left |= 1 << (y * width);
            right |= 1 << (y * width + width - 1);
        }
        Geometry {
            width,
            height,
            cells,
            neighbours,
            not_left: !left,
            not_right: !right,
            board: if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 },
        }
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Every cell of the board.
    #[inline]
    pub fn board(&self) -> u64 {
        self.board
    }

    /// The cells next to `c`.
    #[inline]
    pub fn neighbours(&self, c: usize) -> u64 {
        self.neighbours[c]
    }

    /// The cells next to some cell of `m` (one step in the four directions).
    #[inline]
    pub fn spread(&self, m: u64) -> u64 {
        (((m << 1) & self.not_left) | ((m >> 1) & self.not_right) | (m << self.width) | (m >> self.width)) & self.board
    }

    /// The cells of `free` connected to `start` (a subset of `free`) through
    /// cells of `free`.
    #[inline]
    pub fn flood(&self, free: u64, start: u64) -> u64 {
        let mut m = start;
        loop {
            let grown = (m | self.spread(m)) & free;
            if grown == m {
                return m;
            }
            m = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flood_follows_orthogonal_steps_only() {
        let g = Geometry::new(4, 4);
        // Cells 3 and 4 end and start two rows: not neighbours.
        assert_eq!(g.flood(1 << 3 | 1 << 4, 1 << 3), 1 << 3);
        assert_eq!(g.neighbours(3), 1 << 2 | 1 << 7);
        // The top row with cell 2 taken: {0, 1} and {3, 7} apart.
        let free = 0b1011 | 1 << 7;
        assert_eq!(g.flood(free, 1), 0b11);
        assert_eq!(g.flood(free, 1 << 7), 1 << 3 | 1 << 7);
        let wide = Geometry::new(5, 5);
        assert_eq!(wide.spread(1 << 12), 1 << 7 | 1 << 11 | 1 << 13 | 1 << 17);
    }
}
