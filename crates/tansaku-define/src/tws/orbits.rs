//! The subgroup `H` the squares of the moves generate (the cube's
//! `<U2, D2, R2, L2, F2, B2>`), seen set by set: which pieces it can mix
//! (its orbits) and whether it ever turns a piece. A position's pieces
//! labelled by their orbit (and turned as `H` keeps them) are a coarse
//! picture of its coset `xH`, which moves of `H` never change: the
//! [`super::SetPart::alike`] projection the planner offers for a product
//! table over every set at once.

use super::*;

/// What the squares of the moves do to one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareOrbits {
    /// The set, by index.
    pub set: usize,
    /// The classes of the set's pieces (numbered as the solved position
    /// numbers them, from 0) in groups that the squares mix, each group in
    /// increasing order, groups by their first class.
    pub orbits: Vec<Vec<u8>>,
    /// No square turns a piece of the set: orientation is kept by the
    /// whole subgroup, and so is well defined on the labelled picture.
    pub orientation_kept: bool,
}

impl Tws {
    /// For each set some move changes, the orbits of its pieces under the
    /// squares of the moves, and whether those squares keep orientation.
    ///
    /// On the cube the squares keep every piece turned as it is, the
    /// corners in two tetrads of four and the edges in three slices of
    /// four:
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let orbits = t.square_orbits();
    /// let sizes = |k: usize| orbits[k].orbits.iter().map(|o| o.len()).collect::<Vec<_>>();
    /// assert_eq!((t.sets[orbits[0].set].name.as_str(), sizes(0)), ("EDGE", vec![4, 4, 4]));
    /// assert_eq!((t.sets[orbits[1].set].name.as_str(), sizes(1)), ("CORNER", vec![4, 4]));
    /// assert!(orbits.iter().all(|o| o.orientation_kept));
    /// ```
    pub fn square_orbits(&self) -> Vec<SquareOrbits> {
        let squares: Vec<Action> = self
            .actions
            .iter()
            .filter(|a| a.power == 1)
            .map(|a| self.compose(a, a))
            .collect();
        (0..self.sets.len())
            .filter(|&k| self.set_moves(k))
            .map(|k| {
                let set = &self.sets[k];
                let (n, base) = (set.count, set.offset / 2);
                // Union-find over slots: a square joins a slot and the one
                // it takes its piece from; pieces alike in the solved
                // position join their slots too.
                let mut root: Vec<usize> = (0..n).collect();
                fn find(root: &mut [usize], mut i: usize) -> usize {
                    while root[i] != i {
                        root[i] = root[root[i]];
                        i = root[i];
                    }
                    i
                }
                let join = |root: &mut Vec<usize>, i: usize, j: usize| {
                    let (a, b) = (find(root, i), find(root, j));
                    root[a.max(b)] = a.min(b);
                };
                for sq in &squares {
                    for i in 0..n {
                        join(&mut root, i, usize::from(sq.from[base + i]));
                    }
                }
                let class = |i: usize| self.solved[set.offset + i];
                for i in 0..n {
                    for j in 0..i {
                        if class(i) == class(j) {
                            join(&mut root, i, j);
                        }
                    }
                }
                let mut orbits: Vec<Vec<u8>> = Vec::new();
                let mut first: Vec<usize> = Vec::new();
                for i in 0..n {
                    let r = find(&mut root, i);
                    let at = first.iter().position(|&f| f == r).unwrap_or_else(|| {
                        first.push(r);
                        orbits.push(Vec::new());
                        orbits.len() - 1
                    });
                    if !orbits[at].contains(&class(i)) {
                        orbits[at].push(class(i));
                    }
                }
                for o in &mut orbits {
                    o.sort_unstable();
                }
                orbits.sort();
                let orientation_kept = set.orientations > 1
                    && squares
                        .iter()
                        .all(|sq| sq.twist[base..base + n].iter().all(|&x| x == 0));
                SquareOrbits {
                    set: k,
                    orbits,
                    orientation_kept,
                }
            })
            .collect()
    }
}
