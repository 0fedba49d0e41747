//! A [`Tws`] puzzle as a puzzle of the library ([`Perm`]): positions in
//! `N` bytes, moves after the canonical-sequence table, ranks, symmetries
//! (positions mapped onto conjugates), drawn as text and as a picture.

use super::*;

/// A [`Tws`] puzzle with positions in `N` bytes.
#[derive(Clone, Copy, Debug)]
pub struct Perm<'a, const N: usize>(pub &'a Tws);

impl<const N: usize> Perm<'_, N> {
    /// A position as stored.
    pub fn state(&self, bytes: &[u8]) -> Cells<N> {
        let mut c = [0u8; N];
        c[..bytes.len()].copy_from_slice(bytes);
        Cells(c)
    }
}

impl<const N: usize> Puzzle for Perm<'_, N> {
    type State = Cells<N>;
    type Move = TwsMove;

    #[inline]
    fn for_each_successor(&self, s: &Cells<N>, mut f: impl FnMut(TwsMove, Cells<N>)) {
        for &i in &self.0.metric_moves {
            let a = &self.0.actions[i];
            let mut out = [0u8; N];
            self.0.play(a, &s.0, &mut out);
            // A move that only trades alike pieces stands still (twsearch #78).
            if !(self.0.reduced && out == s.0) {
                f(TwsMove::new(i, &a.name), Cells(out));
            }
        }
    }

    #[inline]
    fn for_each_successor_after(&self, s: &Cells<N>, last: Option<TwsMove>, mut f: impl FnMut(TwsMove, Cells<N>)) {
        let Some(last) = last else {
            return self.for_each_successor(s, f);
        };
        for &i in &self.0.next[usize::from(last.index)] {
            let a = &self.0.actions[usize::from(i)];
            let mut out = [0u8; N];
            self.0.play(a, &s.0, &mut out);
            if !(self.0.reduced && out == s.0) {
                f(TwsMove::new(usize::from(i), &a.name), Cells(out));
            }
        }
    }

    fn apply(&self, s: &Cells<N>, m: TwsMove) -> Option<Cells<N>> {
        let i = m.index as usize;
        if !self.0.metric_moves.contains(&i) {
            return None;
        }
        let mut out = [0u8; N];
        self.0.play(&self.0.actions[i], &s.0, &mut out);
        Some(Cells(out))
    }

    #[inline]
    fn is_goal(&self, s: &Cells<N>) -> bool {
        self.0.goals.iter().any(|g| s.0[..self.0.bytes] == g[..])
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<Cells<N>>> {
        Some(self.0.goals.iter().map(|g| self.state(g)).collect())
    }

    #[inline]
    fn length_parity(&self, s: &Cells<N>) -> Option<bool> {
        self.0.length_parity(&s.0[..self.0.bytes])
    }
}

impl<const N: usize> Ranked for Perm<'_, N> {
    fn state_count(&self) -> u64 {
        self.0.rank_space().unwrap_or(u64::MAX)
    }

    #[inline]
    fn rank(&self, s: &Cells<N>) -> u64 {
        self.0.rank_of(&s.0)
    }

    fn unrank(&self, r: u64) -> Cells<N> {
        let mut c = [0u8; N];
        self.0.unrank_into(r, &mut c);
        Cells(c)
    }
}

impl<const N: usize> tansaku_core::render::Board for Perm<'_, N> {
    type State = Cells<N>;
    fn picture(&self, s: &Cells<N>) -> Vec<String> {
        self.0.rows(&s.0)
    }
    fn notation(&self, s: &Cells<N>) -> String {
        self.0.rows(&s.0).join(" | ")
    }
}

impl<const N: usize> tansaku_core::picture::Picture for Perm<'_, N> {
    type State = Cells<N>;
    fn grid(&self, s: &Cells<N>) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let width = self.0.sets.iter().map(|x| x.count).max().unwrap_or(1);
        let mut cells = Vec::new();
        for set in &self.0.sets {
            for i in 0..width {
                cells.push(if i < set.count {
                    let ori = s.0[set.offset + set.count + i];
                    let piece = s.0[set.offset + i] + 1;
                    Glyph::Tile(if set.orientations > 1 {
                        format!("{piece}{}", "'".repeat(ori as usize))
                    } else {
                        piece.to_string()
                    })
                } else {
                    Glyph::Void
                });
            }
        }
        tansaku_core::picture::Grid {
            width,
            height: self.0.sets.len(),
            cells,
        }
    }
}

/// A group puzzle's symmetries map positions onto conjugates
/// ([`Tws::conjugate`]): `longest` counts its antipodes up to them.
impl<const N: usize> Symmetric for Perm<'_, N> {
    fn symmetry_count(&self) -> usize {
        self.0.symmetries().len()
    }
    fn apply_symmetry(&self, i: usize, s: &Self::State) -> Self::State {
        if i == 0 {
            return *s;
        }
        let mut out = *s;
        let n = self.0.bytes();
        self.0.conjugate(&self.0.symmetries()[i], &s.0[..n], &mut out.0[..n]);
        out
    }
}
