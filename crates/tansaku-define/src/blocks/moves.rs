//! How pieces move on a [`Blocks`] board: the moves of a position (a
//! step, a slide of any length in the piece metric, a jump), the bound of
//! single pieces, and the board as a puzzle of the library ([`Grid`]:
//! [`Puzzle`], [`Ranked`] where the board's count fits, [`LowerBound`],
//! [`Symmetric`], drawn as text and as a picture).

use super::*;

impl Blocks {
    /// For one-cell pieces moved one step or one jump at a time: per goal
    /// pattern, kind and cell, the fewest moves a lone piece of that kind
    /// needs to reach a cell the pattern allows it (walls in the way).
    pub(crate) fn single_piece_bound(&self) -> Option<Vec<Vec<Vec<u16>>>> {
        if self.dense.is_none() || self.metric != Metric::Step {
            return None;
        }
        let n = self.width * self.height;
        let mut out = Vec::new();
        for cells in &self.goal_cells {
            let mut per_kind = vec![vec![0u16; n]];
            for k in 1..self.kinds.len() {
                let mut dist = vec![u16::MAX; n];
                let mut queue = std::collections::VecDeque::new();
                for c in 0..n {
                    if self.start[c] != WALL && cells[c].is_none_or(|want| want as usize == k) {
                        dist[c] = 0;
                        queue.push_back(c);
                    }
                }
                while let Some(c) = queue.pop_front() {
                    for t in self.lone_moves(c, k) {
                        if dist[t] == u16::MAX {
                            dist[t] = dist[c] + 1;
                            queue.push_back(t);
                        }
                    }
                }
                per_kind.push(dist);
            }
            out.push(per_kind);
        }
        Some(out)
    }

    /// Cells a lone one-cell piece of kind `k` on `c` reaches in one move
    /// (moves are symmetric, so these are also the cells it comes from).
    pub(crate) fn lone_moves(&self, c: usize, k: usize) -> Vec<usize> {
        let (r, col) = ((c / self.width) as i32, (c % self.width) as i32);
        let offsets: Vec<(i32, i32)> = match &self.jumps {
            Some(j) => j.clone(),
            None => self.directions(k).to_vec(),
        };
        offsets
            .iter()
            .filter_map(|&(dr, dc)| self.cell(r + dr, col + dc))
            .filter(|&t| self.start[t] != WALL)
            .collect()
    }

    pub(crate) fn directions(&self, k: usize) -> &'static [(i32, i32)] {
        match self.kinds[k].axis {
            Axis::Both => &DIRS,
            Axis::Vertical => &DIRS[..2],
            Axis::Horizontal => &DIRS[2..],
        }
    }

    #[inline]
    pub(crate) fn cell(&self, r: i32, c: i32) -> Option<usize> {
        (r >= 0 && c >= 0 && (r as usize) < self.height && (c as usize) < self.width)
            .then(|| r as usize * self.width + c as usize)
    }

    /// Calls `f(move, next)` for every move from position `s`.
    pub(crate) fn successors(&self, s: &[u8], mut f: impl FnMut(CellMove, &[u8])) {
        let n = self.width * self.height;
        let mut next = [0u8; MAX_CELLS];
        for a in 0..n {
            let code = s[a];
            if code == EMPTY || code == WALL || self.code_kind[code as usize].1 != 0 {
                continue;
            }
            let k = self.kind_at(code) as usize;
            let kind = &self.kinds[k];
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            if let Some(jumps) = &self.jumps {
                for &(dr, dc) in jumps {
                    if let Some(t) = self.cell(ar + dr, ac + dc)
                        && s[t] == EMPTY
                    {
                        next[..n].copy_from_slice(&s[..n]);
                        next[a] = EMPTY;
                        next[t] = code;
                        f(
                            CellMove {
                                from: a as u8,
                                to: t as u8,
                            },
                            &next[..n],
                        );
                    }
                }
                continue;
            }
            // The board with the piece lifted off.
            let mut lifted = [0u8; MAX_CELLS];
            lifted[..n].copy_from_slice(&s[..n]);
            for &(dr, dc) in &kind.shape {
                lifted[((ar + dr) as usize) * self.width + (ac + dc) as usize] = EMPTY;
            }
            let fits = |lifted: &[u8], r: i32, c: i32| {
                kind.shape
                    .iter()
                    .all(|&(dr, dc)| self.cell(r + dr, c + dc).is_some_and(|t| lifted[t] == EMPTY))
            };
            let put = |next: &mut [u8; MAX_CELLS], r: i32, c: i32| {
                next[..n].copy_from_slice(&lifted[..n]);
                for (part, &(dr, dc)) in kind.shape.iter().enumerate() {
                    next[(r + dr) as usize * self.width + (c + dc) as usize] = kind.first_code + part as u8;
                }
            };
            match self.metric {
                Metric::Step => {
                    for &(dr, dc) in self.directions(k) {
                        if fits(&lifted, ar + dr, ac + dc) {
                            put(&mut next, ar + dr, ac + dc);
                            let to = (ar + dr) as usize * self.width + (ac + dc) as usize;
                            f(
                                CellMove {
                                    from: a as u8,
                                    to: to as u8,
                                },
                                &next[..n],
                            );
                        }
                    }
                }
                Metric::Piece => {
                    let mut seen: u64 = 1 << a;
                    let mut queue = [0u8; MAX_CELLS];
                    let (mut head, mut tail) = (0, 1);
                    queue[0] = a as u8;
                    while head < tail {
                        let p = queue[head] as usize;
                        head += 1;
                        let (pr, pc) = ((p / self.width) as i32, (p % self.width) as i32);
                        for &(dr, dc) in self.directions(k) {
                            let (r, c) = (pr + dr, pc + dc);
                            let Some(t) = self.cell(r, c) else { continue };
                            if seen & (1 << t) != 0 || !fits(&lifted, r, c) {
                                continue;
                            }
                            seen |= 1 << t;
                            queue[tail] = t as u8;
                            tail += 1;
                            put(&mut next, r, c);
                            f(
                                CellMove {
                                    from: a as u8,
                                    to: t as u8,
                                },
                                &next[..n],
                            );
                        }
                    }
                }
            }
        }
    }

    /// The pieces of a position: (anchor cell, kind), in reading order.
    pub(crate) fn pieces(&self, s: &[u8]) -> Vec<(usize, usize)> {
        (0..self.width * self.height)
            .filter(|&c| s[c] != EMPTY && s[c] != WALL && self.code_kind[s[c] as usize].1 == 0)
            .map(|c| (c, self.kind_at(s[c]) as usize))
            .collect()
    }
}

/// A [`Blocks`] puzzle with its positions in `N` bytes (`N` at least the
/// number of cells).
#[derive(Clone, Copy, Debug)]
pub struct Grid<'a, const N: usize>(pub &'a Blocks);

impl<const N: usize> Grid<'_, N> {
    /// A position as stored.
    pub fn state(&self, codes: &[u8]) -> Cells<N> {
        let mut c = [0u8; N];
        c[..codes.len()].copy_from_slice(codes);
        Cells(c)
    }

    fn cells(&self) -> usize {
        self.0.width * self.0.height
    }
}

impl<const N: usize> Puzzle for Grid<'_, N> {
    type State = Cells<N>;
    type Move = CellMove;

    #[inline]
    fn for_each_successor(&self, s: &Cells<N>, mut f: impl FnMut(CellMove, Cells<N>)) {
        let n = self.cells();
        let b = self.0;
        if b.singles && b.metric == Metric::Step {
            // One-cell pieces: look from each empty cell at the pieces
            // that can come into it (jumps and steps are symmetric).
            for e in 0..n {
                if s.0[e] != EMPTY {
                    continue;
                }
                for &(c, sideways) in &b.incoming[e] {
                    let c = usize::from(c);
                    let code = s.0[c];
                    if code == EMPTY || code == WALL {
                        continue;
                    }
                    if b.axes && b.jumps.is_none() {
                        let allowed = match b.kinds[code as usize].axis {
                            Axis::Both => true,
                            Axis::Horizontal => sideways,
                            Axis::Vertical => !sideways,
                        };
                        if !allowed {
                            continue;
                        }
                    }
                    let t = s.slid(c, e, code);
                    f(
                        CellMove {
                            from: c as u8,
                            to: e as u8,
                        },
                        t,
                    );
                }
            }
            return;
        }
        self.0.successors(&s.0[..n], |m, t| {
            let mut c = [0u8; N];
            c[..n].copy_from_slice(t);
            f(m, Cells(c));
        });
    }

    /// In the piece metric a piece moves any distance along free cells,
    /// so its next move could have been part of this one: a shortest
    /// sequence never moves one piece twice in a row (a knight's jumps do
    /// not chain, so with jumps every move is kept). `last.to` is where
    /// the last moved piece now has its anchor.
    #[inline]
    fn for_each_successor_after(&self, s: &Cells<N>, last: Option<CellMove>, mut f: impl FnMut(CellMove, Cells<N>)) {
        match last {
            Some(l) if self.0.metric == Metric::Piece && self.0.jumps.is_none() => {
                self.for_each_successor(s, |m, t| {
                    if m.from != l.to {
                        f(m, t);
                    }
                });
            }
            _ => self.for_each_successor(s, f),
        }
    }

    fn apply(&self, s: &Cells<N>, m: CellMove) -> Option<Cells<N>> {
        let mut out = None;
        self.for_each_successor(s, |mm, t| {
            if mm == m && out.is_none() {
                out = Some(t);
            }
        });
        out
    }

    #[inline]
    fn is_goal(&self, s: &Cells<N>) -> bool {
        match &self.0.exact_goals {
            Some(goals) => goals.iter().any(|g| {
                let g: &[u8; N] = g[..N].try_into().expect("positions hold at most 64 cells");
                s.0 == *g
            }),
            None => self.0.matches(&s.0),
        }
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<Cells<N>>> {
        // A pattern with no `?` on a board of one-cell pieces is one
        // position (when it holds the start's pieces).
        if self.0.dense.is_none() || self.0.goal_cells.iter().any(|p| p.iter().any(Option::is_none)) {
            return None;
        }
        let n = self.cells();
        let mut out = Vec::new();
        for p in &self.0.goal_cells {
            let mut codes = vec![EMPTY; n];
            for (c, k) in p.iter().enumerate() {
                codes[c] = if self.0.start[c] == WALL {
                    WALL
                } else {
                    self.0.kinds[k.unwrap_or(0) as usize].first_code
                };
            }
            let mut a: Vec<u8> = codes.clone();
            let mut b: Vec<u8> = self.0.start.clone();
            a.sort_unstable();
            b.sort_unstable();
            if a == b {
                out.push(self.state(&codes));
            }
        }
        Some(out)
    }
}

impl<const N: usize> Ranked for Grid<'_, N> {
    fn state_count(&self) -> u64 {
        self.0.dense.as_ref().map_or(0, Multiset::count)
    }

    #[inline]
    fn rank(&self, s: &Cells<N>) -> u64 {
        let m = self.0.dense.as_ref().expect("ranked only with one-cell pieces");
        if !self.0.walls {
            // One-cell pieces: a cell's code is its kind, the rank's digit.
            return m.rank(&s.0[..self.cells()]);
        }
        let mut digits = [0u8; MAX_CELLS];
        for (i, &c) in self.0.free.iter().enumerate() {
            digits[i] = self.0.kind_at(s.0[c as usize]);
        }
        m.rank(&digits[..self.0.free.len()])
    }

    /// A permutation (one empty cell, all pieces distinct, no walls):
    /// the move swaps a piece and the empty cell, symbol 0, so only the
    /// Lehmer digits from the first of the two cells to the second change,
    /// plus the second's, and each change is a count of smaller symbols
    /// read off a bytewise comparison mask (see `lehmer_delta`).
    #[inline]
    fn rank_after(&self, s: &Cells<N>, rank_s: u64, m: CellMove, t: &Cells<N>) -> u64 {
        if !self.0.lehmer {
            return self.rank(t);
        }
        let m_ = self.0.dense.as_ref().expect("ranked only with one-cell pieces");
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let (x, n) = (s.0[from], self.cells());
        let f = |k: usize| m_.weight(k);
        if from < to {
            rank_s.wrapping_add(lehmer_delta(s, n, from, to, x, f) as u64)
        } else {
            rank_s.wrapping_sub(lehmer_delta(t, n, to, from, x, f) as u64)
        }
    }

    fn unrank(&self, r: u64) -> Cells<N> {
        let m = self.0.dense.as_ref().expect("ranked only with one-cell pieces");
        if !self.0.walls {
            let mut c = [0u8; N];
            m.unrank_into(r, &mut c[..self.cells()]);
            return Cells(c);
        }
        let mut digits = [0u8; MAX_CELLS];
        m.unrank_into(r, &mut digits[..self.0.free.len()]);
        let mut c = [0u8; N];
        for (i, &cell) in self.0.free.iter().enumerate() {
            c[cell as usize] = self.0.kinds[digits[i] as usize].first_code;
        }
        for (cell, &code) in self.0.start.iter().enumerate() {
            if code == WALL {
                c[cell] = WALL;
            }
        }
        Cells(c)
    }
}

/// The change of the Lehmer rank when `u` (`n` cells, symbol `x` on `i`,
/// the empty cell, symbol 0, on `j > i`) becomes `u` with the two swapped; `f(k)` is
/// the weight of position `k`, `(n - 1 - k)!`. With `A` the symbols
/// smaller than `x` after `j` and `B` the positions between `i` and `j`
/// holding one: digit `i` falls from `1 + |B| + A` to 0, digit `j` rises
/// from 0 to `A`, and each position of `B` loses the `x` that passed it.
#[inline]
fn lehmer_delta<const N: usize>(u: &Cells<N>, n: usize, i: usize, j: usize, x: u8, f: impl Fn(usize) -> u64) -> i64 {
    // The padding after the `n` cells holds zeros: not symbols.
    let lt = smaller_mask(u, x) & (!0u64 >> (64 - n));
    let after_j = !0u64 << j << 1;
    let between = (!0u64 << i << 1) & !(!0u64 << j);
    let a = u64::from((lt & after_j).count_ones());
    let mut b = lt & between;
    let mut delta = (a * f(j)) as i64 - ((1 + u64::from(b.count_ones()) + a) * f(i)) as i64;
    while b != 0 {
        delta -= f(b.trailing_zeros() as usize) as i64;
        b &= b - 1;
    }
    delta
}

/// Bit `k` set when byte `k` of `u` is below `x` (`x >= 1`, bytes below
/// 128: codes of one-cell pieces), eight bytes at a time: `(0x80 | (x -
/// 1)) - v` keeps its high bit exactly when `v <= x - 1`, and never
/// borrows from the next byte.
#[inline]
fn smaller_mask<const N: usize>(u: &Cells<N>, x: u8) -> u64 {
    const H: u64 = 0x8080_8080_8080_8080;
    let xs = u64::from_ne_bytes([x - 1; 8]) | H;
    let mut mask = 0u64;
    for (w, chunk) in u.0.chunks_exact(8).enumerate() {
        let v = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let hi = (xs - v) & H;
        // Gathers the eight high bits into one byte.
        let bits = ((hi >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
        mask |= bits << (8 * w);
    }
    mask
}

impl<const N: usize> Symmetric for Grid<'_, N> {
    fn symmetry_count(&self) -> usize {
        self.0.symmetries.len()
    }

    fn apply_symmetry(&self, i: usize, s: &Cells<N>) -> Cells<N> {
        let n = self.cells();
        self.state(&self.0.map_state(&self.0.symmetries[i], &s.0[..n]))
    }
}

/// The single-piece bound: for one-cell pieces moved one step (or one
/// jump) at a time, every piece needs at least its distance, alone on the
/// board, to the nearest cell the goal allows it; the least sum over the
/// goal patterns. The Manhattan distance for sliding tiles, the knight
/// distance for the knights exchange.
impl<const N: usize> LowerBound<Grid<'_, N>> for Grid<'_, N> {
    type Memo = ();

    fn estimate(&self, s: &Cells<N>) -> u32 {
        let Some(bound) = &self.0.bound else { return 0 };
        let n = self.cells();
        bound
            .iter()
            .map(|per_kind| {
                let mut sum = 0u32;
                for (c, &code) in s.0[..n].iter().enumerate() {
                    if code != EMPTY && code != WALL {
                        sum += u32::from(per_kind[self.0.kind_at(code) as usize][c]);
                    }
                }
                sum
            })
            .min()
            .unwrap_or(0)
    }
}

impl<const N: usize> tansaku_core::render::Board for Grid<'_, N> {
    type State = Cells<N>;
    fn picture(&self, s: &Cells<N>) -> Vec<String> {
        self.0.rows(&s.0[..self.cells()])
    }
    fn notation(&self, s: &Cells<N>) -> String {
        self.0.notation(&s.0[..self.cells()])
    }
}

impl<const N: usize> tansaku_core::picture::Picture for Grid<'_, N> {
    type State = Cells<N>;
    fn grid(&self, s: &Cells<N>) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let n = self.cells();
        let pieces = self.0.multi_cell_pieces(&s.0[..n]);
        let cells = self
            .0
            .glyphs(&s.0[..n])
            .into_iter()
            .enumerate()
            .map(|(c, g)| match (s.0[c], pieces[c]) {
                (EMPTY, _) => Glyph::Empty,
                (WALL, _) => Glyph::Void,
                (_, Some(piece)) => Glyph::Block { label: g, piece },
                _ => Glyph::Tile(g),
            })
            .collect();
        tansaku_core::picture::Grid {
            width: self.0.width,
            height: self.0.height,
            cells,
        }
    }
}
