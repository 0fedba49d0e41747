//! Projections of a [`Tws`] position (parts of its sets, with or without
//! orientation) for the pattern databases, and the inverse position.

use super::*;

/// What a projection keeps of one set: some of its pieces (by class, in
/// the solved position's numbering from 0), the others made identical, and
/// whether orientation counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetPart {
    /// The set, by index.
    pub set: usize,
    /// The classes kept apart; every other piece of the set becomes one
    /// class whose orientation is ignored.
    pub pieces: Vec<u8>,
    /// Orientation counts for the kept pieces.
    pub orientation: bool,
    /// Instead of some pieces kept and the rest made one class: every
    /// class of the set in one of these groups, each group made one class
    /// (`pieces` then empty), orientation counting for every piece when
    /// `orientation`. The pieces labelled by their orbit under a subgroup
    /// ([`Tws::square_orbits`]): a coset's picture. Empty for the usual
    /// part.
    pub alike: Vec<Vec<u8>>,
    /// Groups of `alike` (a bit each) whose orientation is ignored even
    /// when `orientation`: the cube's edges in their slices, only those of
    /// one slice turned.
    pub unturned: u64,
}

/// How a position of the full puzzle maps onto a projection's.
#[derive(Clone, Debug)]
pub(crate) struct PartMap {
    from: usize,
    to: usize,
    count: usize,
    class: Vec<u8>,
    blind: u64,
    orientation: bool,
    /// Orientation ranks of the projected set (`orientations ^ digits`).
    span: u64,
}

/// A projection of a [`Tws`]: a smaller puzzle of the same kind, and the
/// map of positions onto it.
#[derive(Clone, Debug)]
pub struct Projected {
    /// The smaller puzzle (its moves are the full puzzle's, seen through
    /// the projection).
    pub tws: Tws,
    maps: Vec<PartMap>,
}

impl Projected {
    /// Writes the projection of the full puzzle's position `s` into `out`.
    #[inline]
    pub fn project(&self, s: &[u8], out: &mut [u8]) {
        for m in &self.maps {
            for i in 0..m.count {
                let c = m.class[usize::from(s[m.from + i])];
                out[m.to + i] = c;
                out[m.to + m.count + i] = if m.orientation && m.blind >> c & 1 == 0 {
                    s[m.from + m.count + i]
                } else {
                    0
                };
            }
        }
    }
}

impl Projected {
    /// The rank in the projection ([`Tws::rank_of`] of [`Projected::project`])
    /// of the full puzzle's position `s`, in one pass per set and without
    /// writing the projected position: the rank a table lookup reads,
    /// once or more for every child a search makes.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::SetPart};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let corners = SetPart { set: 0, pieces: vec![0, 2, 5], orientation: true, alike: Vec::new(), unturned: 0 };
    /// let p = t.project(&[corners]);
    /// let s = t.scramble("R U F' L2 D").unwrap();
    /// let mut out = vec![0; p.tws.bytes()];
    /// p.project(&s, &mut out);
    /// assert_eq!(p.rank(&s), p.tws.rank_of(&out));
    /// ```
    #[inline]
    pub fn rank(&self, s: &[u8]) -> u64 {
        self.fold(s, None, false).1
    }

    /// [`Projected::rank`] (on the image `y` when there is one:
    /// [`Projected::rank_image`]) as two ranks, the first set's and the
    /// others', whose rank is `first * others' count + others`: what a
    /// table kept per class of its first set reads, without a division.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::SetPart};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let part = |set, pieces: Vec<u8>| SetPart { set, pieces, orientation: true, alike: Vec::new(), unturned: 0 };
    /// let p = t.project(&[part(1, vec![0, 1, 2]), part(0, vec![4, 5])]);
    /// let s = t.scramble("R U F' L2 D B").unwrap();
    /// let (a, b) = p.rank_split(&s, None);
    /// let others = t.project(&[part(0, vec![4, 5])]).tws.rank_space().unwrap();
    /// assert_eq!(a * others + b, p.rank(&s));
    /// ```
    #[inline]
    pub fn rank_split(&self, s: &[u8], y: Option<&ImageRank>) -> (u64, u64) {
        self.fold(s, y, true)
    }

    /// The ranks of the position `s` (of its image by `y`), the first
    /// set's apart when `split`, else all in the second.
    #[inline(always)]
    fn fold(&self, s: &[u8], y: Option<&ImageRank>, split: bool) -> (u64, u64) {
        let (mut first, mut r) = (0u64, 0u64);
        let (mut labels, mut turns) = ([0u8; 64], [0u8; 64]);
        for (k, (m, set)) in self.maps.iter().zip(&self.tws.sets).enumerate() {
            let n = m.count;
            let (pieces, twists) = (&s[m.from..m.from + n], &s[m.from + n..m.from + 2 * n]);
            let turns: &[u8] = match y {
                None => {
                    for (l, &x) in labels.iter_mut().zip(pieces) {
                        *l = m.class[usize::from(x)];
                    }
                    twists
                }
                Some(y) => {
                    image_part(
                        &y.parts[k],
                        set.orientations > 1,
                        pieces,
                        twists,
                        &mut labels,
                        &mut turns,
                    );
                    &turns[..n]
                }
            };
            r = set.rank_onto(r, &labels[..n], turns, m.span);
            if split && k == 0 {
                (first, r) = (r, 0);
            }
        }
        (first, r)
    }

    /// What [`Projected::rank_image`] needs of symmetry `sym` of the full
    /// puzzle `full`, this projection's sets only.
    pub fn image_of(&self, full: &Tws, sym: &super::symmetry::TwsSymmetry) -> ImageRank {
        let parts = self
            .maps
            .iter()
            .map(|m| {
                let k = full
                    .sets
                    .iter()
                    .position(|x| x.offset == m.from)
                    .expect("a projection's set is one of its puzzle's");
                let to = &sym.to[k];
                ImagePart {
                    to: to.clone(),
                    class: (0..m.count).map(|p| m.class[usize::from(to[p])]).collect(),
                    add: sym.add[k].clone(),
                    mirrored: sym.mirrored[k],
                    orientations: full.sets[k].orientations,
                }
            })
            .collect();
        ImageRank { parts }
    }

    /// The rank in the projection of the symmetric image `σ s σ⁻¹` of the
    /// full puzzle's position `s` ([`Tws::conjugate`], then
    /// [`Projected::rank`]), in one pass per set, the image never written
    /// whole: `y` is [`Projected::image_of`] `σ`.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, tws::SetPart};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let edges = SetPart { set: 1, pieces: vec![0, 3, 4, 9], orientation: true, alike: Vec::new(), unturned: 0 };
    /// let p = t.project(&[edges]);
    /// let s = t.scramble("R U F' L2 D B").unwrap();
    /// for sym in t.symmetries() {
    ///     let mut image = vec![0; s.len()];
    ///     t.conjugate(sym, &s, &mut image);
    ///     assert_eq!(p.rank_image(&p.image_of(&t, sym), &s), p.rank(&image));
    /// }
    /// ```
    #[inline]
    pub fn rank_image(&self, y: &ImageRank, s: &[u8]) -> u64 {
        self.fold(s, Some(y), false).1
    }
}

/// The classes and turns the image `σ s σ⁻¹` (one set of it: `part`) has
/// on each slot, from the pieces and twists of `s` (turns only when
/// `turned`: the projection counts them).
#[inline(always)]
fn image_part(
    part: &ImagePart,
    turned: bool,
    pieces: &[u8],
    twists: &[u8],
    labels: &mut [u8; 64],
    turns: &mut [u8; 64],
) {
    if turned {
        let o = u16::from(part.orientations);
        for (i, (&p, &x)) in pieces.iter().zip(twists).enumerate() {
            let p = usize::from(p);
            let j = usize::from(part.to[i]);
            labels[j] = part.class[p];
            let x = u16::from(x);
            let x = if part.mirrored && x != 0 { o - x } else { x };
            // Below 3 o: two subtractions instead of a division.
            let mut v = x + u16::from(part.add[p]) + o - u16::from(part.add[i]);
            if v >= o {
                v -= o;
            }
            if v >= o {
                v -= o;
            }
            turns[j] = v as u8;
        }
    } else {
        for (i, &p) in pieces.iter().enumerate() {
            labels[usize::from(part.to[i])] = part.class[usize::from(p)];
        }
    }
}

/// A symmetry as [`Projected::rank_image`] reads it ([`Projected::image_of`]).
#[derive(Clone, Debug)]
pub struct ImageRank {
    parts: Vec<ImagePart>,
}

/// What an [`ImageRank`] does to one set.
#[derive(Clone, Debug)]
struct ImagePart {
    /// Where each slot goes.
    to: Vec<u8>,
    /// The projection's class of each piece's image.
    class: Vec<u8>,
    /// The orientation added at each slot.
    add: Vec<u8>,
    mirrored: bool,
    /// The full set's orientations.
    orientations: u8,
}

impl Tws {
    /// Whether positions are elements of the puzzle's group, with an
    /// inverse of the same distance: every set's pieces distinct, and the
    /// solved position piece `i` on slot `i` turned 0. (If moves `M` take
    /// `s` to the goal, `s` is `M` undone, and `M` from the goal reaches
    /// the inverse of `s`.)
    pub fn invertible(&self) -> bool {
        self.goals.len() == 1
            && self.illegal.is_empty()
            && self.sets.iter().all(|set| {
                let (n, off) = (set.count, set.offset);
                set.blind == 0
                    && (0..n).all(|i| usize::from(self.solved[off + i]) == i && self.solved[off + n + i] == 0)
            })
    }

    /// The inverse of position `s` (see [`Tws::invertible`]) into `out`:
    /// piece `p` on slot `i` turned `o` becomes piece `i` on slot `p`
    /// turned `-o`.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// assert!(t.invertible());
    /// let (s, undo) = (t.scramble("R U F'").unwrap(), t.scramble("F U' R'").unwrap());
    /// let mut inv = vec![0; s.len()];
    /// t.invert(&s, &mut inv);
    /// assert_eq!(inv, undo);
    /// ```
    #[inline]
    pub fn invert(&self, s: &[u8], out: &mut [u8]) {
        for set in &self.sets {
            let (n, off, o) = (set.count, set.offset, set.orientations);
            for i in 0..n {
                let p = usize::from(s[off + i]);
                out[off + p] = i as u8;
                let x = s[off + n + i];
                out[off + n + p] = if x == 0 { 0 } else { o - x };
            }
        }
    }

    /// The classes of a set (distinct pieces of the solved position).
    pub fn classes_of(&self, set: usize) -> usize {
        let s = &self.sets[set];
        self.solved[s.offset..s.offset + s.count]
            .iter()
            .map(|&c| usize::from(c) + 1)
            .max()
            .unwrap_or(0)
    }

    /// Whether some move changes set `set` (position or orientation).
    pub fn set_moves(&self, set: usize) -> bool {
        let s = &self.sets[set];
        let base = s.offset / 2;
        self.actions.iter().any(|a| {
            (0..s.count).any(|i| usize::from(a.from[base + i]) != i || (s.orientations > 1 && a.twist[base + i] != 0))
        })
    }

    /// One part of a projection, its set written at `offset`: the set, how
    /// positions map onto it, and its solved cells.
    fn project_set(&self, part: &SetPart, offset: usize) -> (PieceSet, PartMap, Vec<u8>) {
        let old = &self.sets[part.set];
        let n = old.count;
        let classes = self.classes_of(part.set);
        let kept: Vec<u8> = if part.alike.is_empty() {
            (0..classes as u8).filter(|c| part.pieces.contains(c)).collect()
        } else {
            (0..part.alike.len() as u8).collect()
        };
        let merged = kept.len() as u8;
        let mut class = vec![merged; 256];
        for (k, &c) in kept.iter().enumerate() {
            class[usize::from(c)] = k as u8;
        }
        if !part.alike.is_empty() {
            for (g, group) in part.alike.iter().enumerate() {
                for &c in group {
                    class[usize::from(c)] = g as u8;
                }
            }
        }
        let some_merged = kept.len() < classes && part.alike.is_empty();
        let orientation = part.orientation && old.orientations > 1;
        // Ignored orientations: the merged class's, and those the file
        // ignores (`?`) among the kept classes.
        let mut blind = if some_merged && orientation { 1u64 << merged } else { 0 };
        if orientation {
            if part.alike.is_empty() {
                for (k, &c) in kept.iter().enumerate() {
                    blind |= (old.blind >> c & 1) << k;
                }
            } else {
                // A group is blind when one of its classes is.
                for (g, group) in part.alike.iter().enumerate() {
                    if part.unturned >> g & 1 == 1 || group.iter().any(|&c| old.blind >> c & 1 == 1) {
                        blind |= 1 << g;
                    }
                }
            }
        }
        let old_solved = &self.solved[old.offset..old.offset + 2 * n];
        let mut counts = vec![0u32; kept.len() + usize::from(some_merged)];
        let mut cells = vec![0u8; 2 * n];
        for i in 0..n {
            let c = class[usize::from(old_solved[i])];
            counts[usize::from(c)] += 1;
            cells[i] = c;
            cells[n + i] = if orientation && blind >> c & 1 == 0 {
                old_solved[n + i]
            } else {
                0
            };
        }
        let seen = cells[..n].iter().filter(|&&c| blind >> c & 1 == 0).count();
        let o = if orientation { old.orientations } else { 1 };
        let singles = counts[..kept.len()].iter().all(|&c| c == 1);
        let made = PieceSet {
            name: old.name.clone(),
            count: n,
            orientations: o,
            offset,
            classes: if some_merged && singles {
                Multiset::pieces_among(kept.len(), n)
            } else {
                Multiset::new(&counts)
            }
            .unwrap_or_else(|| Multiset::unranked(&counts)),
            sum_kept: orientation && !some_merged && old.sum_kept,
            solved_sum: cells[n..].iter().map(|&x| u32::from(x)).sum::<u32>() % u32::from(o),
            blind,
            seen,
            piece_order: some_merged && orientation && blind == 1 << merged && singles,
            labels: (1..=counts.len()).collect(),
        };
        let span = u64::from(made.orientations).pow(made.digits() as u32);
        let map = PartMap {
            from: old.offset,
            to: offset,
            count: n,
            class,
            blind,
            orientation,
            span,
        };
        (made, map, cells)
    }

    /// The moves seen through `parts`: each set's slots, twists only where
    /// the orientation is kept.
    fn project_actions(&self, parts: &[SetPart]) -> Vec<Action> {
        self.actions
            .iter()
            .map(|a| {
                let mut from = Vec::new();
                let mut twist = Vec::new();
                for part in parts {
                    let old = &self.sets[part.set];
                    let base = old.offset / 2;
                    from.extend_from_slice(&a.from[base..base + old.count]);
                    if part.orientation && old.orientations > 1 {
                        twist.extend_from_slice(&a.twist[base..base + old.count]);
                    } else {
                        twist.extend(std::iter::repeat_n(0, old.count));
                    }
                }
                Action {
                    name: a.name.clone(),
                    from,
                    twist,
                    quarter: a.quarter,
                    base: a.base,
                    power: a.power,
                }
            })
            .collect()
    }

    /// The puzzle seen through `parts` (one per set kept): the pieces not
    /// kept made identical, orientation dropped where asked.
    pub fn project(&self, parts: &[SetPart]) -> Projected {
        let mut sets = Vec::new();
        let mut maps = Vec::new();
        let mut solved = Vec::new();
        let mut offset = 0;
        for part in parts {
            let (set, map, cells) = self.project_set(part, offset);
            sets.push(set);
            maps.push(map);
            solved.extend_from_slice(&cells);
            offset += cells.len();
        }
        let actions = self.project_actions(parts);
        let tws = Tws {
            fingerprint: self.fingerprint,
            name: self.name.clone(),
            sets,
            bytes: offset,
            goals: vec![solved.clone()],
            solved,
            actions,
            metric_moves: self.metric_moves.clone(),
            metric: self.metric,
            expect: Vec::new(),
            prune: Vec::new(),
            next: self.next.clone(),
            symmetries: std::sync::OnceLock::new(),
            parity: std::sync::OnceLock::new(),
            extra: Vec::new(),
            // A projection ignores the Illegal lines: more moves, distances
            // no longer than the puzzle's, still a lower bound.
            illegal: Vec::new(),
            reduced: false,
            idle: Vec::new(),
            sparse: Vec::new(),
            reach: None,
        };
        let mut projected = Projected { tws, maps };
        // The other solved positions, as the projection sees them.
        for g in &self.goals[1..] {
            let mut out = vec![0u8; offset];
            projected.project(g, &mut out);
            if !projected.tws.goals.contains(&out) {
                projected.tws.goals.push(out);
            }
        }
        projected
    }
}

/// A symmetry of the full puzzle acting on a projection's positions
/// ([`Projected::symmetry`]): `σ s σ⁻¹` seen through the projection.
#[derive(Clone, Debug)]
pub struct ProjectedSymmetry {
    sets: Vec<SetImage>,
}

/// What a [`ProjectedSymmetry`] does to one set of the projection.
#[derive(Clone, Debug)]
struct SetImage {
    offset: usize,
    count: usize,
    orientations: u8,
    /// Where each slot goes.
    to: Vec<u8>,
    /// The image of each class of the projection.
    class: Vec<u8>,
    /// The orientation each class adds (its pieces' homes', alike).
    add_class: Vec<u8>,
    /// The orientation each slot takes away.
    add_slot: Vec<u8>,
    mirrored: bool,
    blind: u64,
}

impl Projected {
    /// Symmetry `sym` of the full puzzle `full` as a map of this
    /// projection's positions, when it is one: it takes the pieces of each
    /// class of the projection onto the pieces of one class, and turns
    /// them alike where their orientation counts. `None` otherwise (a
    /// symmetry taking a kept piece onto one made alike, or a group of
    /// alike pieces onto pieces of two groups). `sym` is one of the full
    /// puzzle's [`Tws::move_symmetries`]: on a puzzle of alike pieces (one
    /// solved position, every piece whose orientation counts solved
    /// unturned) a piece's class is its home slot's in the solved
    /// position, and a symmetry taking a class of the file's onto pieces
    /// of two of the projection's is refused like any other.
    pub fn symmetry(&self, full: &Tws, sym: &super::symmetry::TwsSymmetry) -> Option<ProjectedSymmetry> {
        if full.goals.len() != 1 {
            return None;
        }
        let mut sets = Vec::new();
        for (m, set) in self.maps.iter().zip(&self.tws.sets) {
            let k = full.sets.iter().position(|s| s.offset == m.from)?;
            let n = m.count;
            let solved = &full.solved[m.from..m.from + 2 * n];
            // The projection's class of the piece at home on slot p.
            let home = |p: usize| m.class[usize::from(solved[p])];
            if (0..n).any(|p| m.orientation && m.blind >> home(p) & 1 == 0 && solved[n + p] != 0) {
                return None;
            }
            let classes = set.classes.symbols();
            let (mut class, mut add_class) = (vec![u8::MAX; classes], vec![u8::MAX; classes]);
            for p in 0..n {
                let c = usize::from(home(p));
                let image = home(usize::from(sym.to[k][p]));
                let add = if m.orientation && m.blind >> c & 1 == 0 {
                    sym.add[k][p]
                } else {
                    0
                };
                if class[c] == u8::MAX {
                    (class[c], add_class[c]) = (image, add);
                } else if class[c] != image || add_class[c] != add {
                    return None;
                }
            }
            if (0..classes).any(|c| (m.blind >> c & 1) != (m.blind >> class[c] & 1)) {
                return None;
            }
            sets.push(SetImage {
                offset: m.to,
                count: n,
                orientations: set.orientations,
                to: sym.to[k].clone(),
                class,
                add_class,
                add_slot: if m.orientation { sym.add[k].clone() } else { vec![0; n] },
                mirrored: sym.mirrored[k],
                blind: m.blind,
            });
        }
        Some(ProjectedSymmetry { sets })
    }
}

impl ProjectedSymmetry {
    /// The image `σ s σ⁻¹` of the projection's position `s` into `out`.
    #[inline]
    pub fn apply(&self, s: &[u8], out: &mut [u8]) {
        for set in &self.sets {
            let (n, off, o) = (set.count, set.offset, u16::from(set.orientations));
            for i in 0..n {
                let c = usize::from(s[off + i]);
                let j = usize::from(set.to[i]);
                out[off + j] = set.class[c];
                out[off + n + j] = if o == 1 || set.blind >> c & 1 == 1 {
                    0
                } else {
                    let x = u16::from(s[off + n + i]);
                    let x = if set.mirrored && x != 0 { o - x } else { x };
                    ((x + u16::from(set.add_class[c]) + o - u16::from(set.add_slot[i])) % o) as u8
                };
            }
        }
    }
}
