//! Symmetries of a permutation puzzle (`.tws`), found from its moves.
//!
//! A symmetry `σ` maps every (slot, orientation) pair of the puzzle onto
//! another and the moves onto moves: `σ m σ⁻¹` is a move of the metric for
//! every move `m` of the metric. The cube's 48 (24 rotations, each with or
//! without a reflection) are found from a file that names only the six face
//! turns. When positions are elements of the puzzle's group (every piece
//! distinct, the solved position the identity, one Solved block:
//! [`Tws::invertible`]), the conjugate `σ s σ⁻¹` of a position `s` is as far
//! from the goal as `s`: a solution of `s` maps, move by move, onto one of
//! the conjugate. That gives a pattern database further lookups (a table of
//! six edges, read on a conjugate, bounds six other edges) and gives
//! `longest` its counts up to symmetry.
//!
//! The search: `σ` restricted to one orbit of (slot, orientation) pairs is
//! fixed by the image of one pair and the images of the file's moves
//! (`σ(g x) = h(σ x)` carries a known image along every move), so a
//! backtracking over those images, each checked as it spreads, finds every
//! symmetry. Each one found is then checked whole: a permutation of slots
//! per set, orientations turned alike on every slot of a set (or all
//! mirrored), and every move of the metric mapped onto one.

use super::tws::Tws;
use super::tws::symmetry::Found;
pub use super::tws::symmetry::TwsSymmetry;
use std::collections::HashMap;

/// Search steps allowed before giving up (the symmetries of every puzzle
/// tried need a few thousand, the generators taken in the order of
/// [`Search::order_generators`]); past it, only the identity is kept (the
/// big cubes of twsearch's samples, in about 0.05 s).
const STEP_LIMIT: u64 = 2_000_000;

/// A point: a (slot, orientation) pair, numbered set after set.
struct Points {
    /// First point of each set.
    start: Vec<usize>,
    /// Total.
    count: usize,
}

impl Points {
    fn new(t: &Tws) -> Points {
        let mut start = Vec::new();
        let mut count = 0;
        for set in &t.sets {
            start.push(count);
            count += set.count * usize::from(set.orientations);
        }
        Points { start, count }
    }

    /// The set of point `x`.
    fn set_of(&self, x: usize) -> usize {
        self.start.partition_point(|&s| s <= x) - 1
    }
}

/// Action `a` of `t` as a map of points: `(i, o)` goes to
/// `(from[i], o + twist[i])`, so that a position, seen as a map of points,
/// followed by the action is the composition.
fn point_map(t: &Tws, pts: &Points, from: &[u8], twist: &[u8]) -> Vec<u16> {
    let mut out = vec![0u16; pts.count];
    for (k, set) in t.sets.iter().enumerate() {
        let o = usize::from(set.orientations);
        let base = set_base(t, k);
        for i in 0..set.count {
            let j = usize::from(from[base + i]);
            for r in 0..o {
                let r2 = (r + usize::from(twist[base + i])) % o;
                out[pts.start[k] + i * o + r] = (pts.start[k] + j * o + r2) as u16;
            }
        }
    }
    out
}

/// Index of a set's first slot in an action's arrays.
fn set_base(t: &Tws, set: usize) -> usize {
    t.sets[..set].iter().map(|s| s.count).sum()
}

const NONE: u16 = u16::MAX;

struct Search<'a> {
    pts: &'a Points,
    /// The file's moves (as point maps) whose images are chosen.
    gens: Vec<Vec<u16>>,
    /// The moves of the metric (as point maps) an image may be.
    targets: Vec<Vec<u16>>,
    /// Image chosen for each generator.
    image: Vec<usize>,
    sigma: Vec<u16>,
    inverse: Vec<u16>,
    trail: Vec<u16>,
    /// Pairs still to carry, kept between calls.
    work: Vec<(usize, usize)>,
    found: Vec<Vec<u16>>,
    steps: u64,
}

impl Search<'_> {
    /// Sets `σ(x) = y` and carries it along every generator whose image is
    /// chosen; false (with `σ` left partly extended: undo to the trail
    /// mark) on a contradiction.
    fn assign(&mut self, x: usize, y: usize, chosen: usize) -> bool {
        let mut work = std::mem::take(&mut self.work);
        work.clear();
        work.push((x, y));
        let ok = self.carry(&mut work, chosen);
        self.work = work;
        ok
    }

    /// [`Search::assign`]'s closure over the pairs in `work`.
    fn carry(&mut self, work: &mut Vec<(usize, usize)>, chosen: usize) -> bool {
        while let Some((x, y)) = work.pop() {
            self.steps += 1;
            let (sx, iy) = (self.sigma[x], self.inverse[y]);
            if sx != NONE || iy != NONE {
                if usize::from(sx) == y && usize::from(iy) == x {
                    continue;
                }
                return false;
            }
            if self.pts.set_of(x) != self.pts.set_of(y) {
                return false;
            }
            self.sigma[x] = y as u16;
            self.inverse[y] = x as u16;
            self.trail.push(x as u16);
            for g in 0..chosen {
                let h = &self.targets[self.image[g]];
                work.push((usize::from(self.gens[g][x]), usize::from(h[y])));
            }
        }
        true
    }

    /// Checks the generator `g`'s chosen image against every point mapped
    /// so far, carrying it further.
    fn spread(&mut self, g: usize) -> bool {
        // The points mapped before (assign only pushes onto the trail).
        for k in 0..self.trail.len() {
            let x = usize::from(self.trail[k]);
            let y = usize::from(self.sigma[x]);
            let (gx, hy) = (
                usize::from(self.gens[g][x]),
                usize::from(self.targets[self.image[g]][y]),
            );
            if !self.assign(gx, hy, g + 1) {
                return false;
            }
        }
        true
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let x = usize::from(self.trail.pop().unwrap_or(0));
            let y = usize::from(self.sigma[x]);
            self.sigma[x] = NONE;
            self.inverse[y] = NONE;
        }
    }

    /// Maps the first point not fixed onto each point of its set, then
    /// chooses the generators' images: a point first, so that every image
    /// chosen is checked at once.
    fn start(&mut self) {
        let Some(x) = self.seed() else {
            return;
        };
        self.order_generators(x);
        let set = self.pts.set_of(x);
        let end = self.pts.start.get(set + 1).copied().unwrap_or(self.pts.count);
        for y in self.pts.start[set]..end {
            let mark = self.trail.len();
            if self.assign(x, y, 0) {
                self.choose_generator(0);
            }
            self.undo(mark);
        }
    }

    /// Puts first the generators that move the points mapped by then (the
    /// seed `x`, then what the generators before carry it to), so that each
    /// image chosen is checked against, and carries, points already mapped:
    /// in file order, a generator far from the seed (most of a Dino Cube's
    /// or a Loopover's moves) could take any image unchecked, and the
    /// search would pass its limit before the first symmetry.
    fn order_generators(&mut self, x: usize) {
        let mut mapped: Vec<bool> = self.sigma.iter().map(|&s| s != NONE).collect();
        mapped[x] = true;
        let support: Vec<Vec<usize>> = self
            .gens
            .iter()
            .map(|g| (0..g.len()).filter(|&p| usize::from(g[p]) != p).collect())
            .collect();
        let mut left: Vec<usize> = (0..self.gens.len()).collect();
        let mut order = Vec::with_capacity(left.len());
        while !left.is_empty() {
            let touching = |g: usize| support[g].iter().filter(|&&p| mapped[p]).count();
            let best = (0..left.len())
                .max_by_key(|&k| (touching(left[k]), std::cmp::Reverse(k)))
                .unwrap_or(0);
            let g = left.remove(best);
            order.push(g);
            // What the chosen generators carry the mapped points to (they
            // were closed under the ones before): the new generator from
            // each mapped point, then every chosen one from each new point.
            let mut work = Vec::new();
            for &p in &support[g] {
                let q = usize::from(self.gens[g][p]);
                if mapped[p] && !mapped[q] {
                    mapped[q] = true;
                    work.push(q);
                }
            }
            while let Some(p) = work.pop() {
                for &h in &order {
                    let q = usize::from(self.gens[h][p]);
                    if !mapped[q] {
                        mapped[q] = true;
                        work.push(q);
                    }
                }
            }
        }
        self.gens = order.iter().map(|&g| self.gens[g].clone()).collect();
    }

    /// The point to map first: of the points not fixed, one whose orbit
    /// under the moves is largest, so that the generators' images are
    /// checked on as many points as can be.
    fn seed(&self) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        let mut seen = vec![false; self.pts.count];
        for x in 0..self.pts.count {
            if self.sigma[x] != NONE || seen[x] {
                continue;
            }
            seen[x] = true;
            let (mut work, mut size) = (vec![x], 0);
            while let Some(y) = work.pop() {
                size += 1;
                for g in &self.gens {
                    let z = usize::from(g[y]);
                    if !seen[z] {
                        seen[z] = true;
                        work.push(z);
                    }
                }
            }
            if best.is_none_or(|(_, s)| size > s) {
                best = Some((x, size));
            }
        }
        best.map(|(x, _)| x)
    }

    /// Chooses the image of generator `g`, then of the next ones; with all
    /// chosen, the images of the points left unmapped.
    fn choose_generator(&mut self, g: usize) {
        if self.steps > STEP_LIMIT {
            return;
        }
        if g == self.gens.len() {
            return self.choose_point();
        }
        for h in 0..self.targets.len() {
            let mark = self.trail.len();
            self.image[g] = h;
            if self.spread(g) {
                self.choose_generator(g + 1);
            }
            self.undo(mark);
        }
    }

    /// Maps the first unmapped point onto each free point of its set.
    fn choose_point(&mut self) {
        if self.steps > STEP_LIMIT {
            return;
        }
        let Some(x) = self.sigma.iter().position(|&s| s == NONE) else {
            self.found.push(self.sigma.clone());
            return;
        };
        let set = self.pts.set_of(x);
        let end = self.pts.start.get(set + 1).copied().unwrap_or(self.pts.count);
        for y in self.pts.start[set]..end {
            if self.inverse[y] != NONE {
                continue;
            }
            let mark = self.trail.len();
            if self.assign(x, y, self.gens.len()) {
                self.choose_point();
            }
            self.undo(mark);
        }
    }
}

impl Tws {
    /// Every symmetry of the puzzle that maps its moves onto moves of the
    /// metric and its solved position onto itself, the identity first.
    /// Only the identity when positions are not group elements
    /// ([`Tws::invertible`]: identical pieces, `?`, several Solved blocks)
    /// or when the search would be too long.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let syms = t.symmetries();
    /// // 24 rotations, each also with a reflection.
    /// assert_eq!(syms.len(), 48);
    /// assert_eq!(syms.iter().filter(|s| s.mirrors()).count(), 24);
    /// ```
    pub fn symmetries(&self) -> &[TwsSymmetry] {
        let found = self.found_symmetries();
        &found.all[..found.group]
    }

    /// The symmetries that map the puzzle's positions onto positions, the
    /// identity first: [`Tws::symmetries`] where positions are group
    /// elements; where some pieces are alike (one solved position, no
    /// Illegal line, every orientation counted), each symmetry of the
    /// moves that takes the solved position onto itself once alike
    /// pieces take the label of the pieces they land on (a label onto one
    /// label, turned one way). God's number is counted up to these.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// // Held by a corner, the 2x2x2 has 6 symmetries (turns about that
    /// // corner, each with a reflection)...
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// assert_eq!(t.position_symmetries().len(), 6);
    /// // ...and with the U layer's corners (slots 1, 3, 6 and 7) alike and
    /// // the others alike, the reflection that swaps R and F keeps them.
    /// let two = text.replacen("\n1 2 3 4 5 6 7\n", "\n1 2 1 2 2 1 1\n", 1);
    /// let Definition::Tws(t) = Definition::parse(&Src::new("two.tws", &two), None).unwrap() else { panic!() };
    /// assert_eq!((t.symmetries().len(), t.position_symmetries().len()), (1, 2));
    /// assert_eq!(t.symmetry_name(&t.position_symmetries()[1]), "U>U R>F' F>R' mirrored");
    /// ```
    pub fn position_symmetries(&self) -> &[TwsSymmetry] {
        let found = self.found_symmetries();
        if found.group > 1 || self.invertible() {
            &found.all[..found.group]
        } else {
            &found.labelled
        }
    }

    /// Every symmetry of the puzzle's moves (each maps the moves onto
    /// moves of the metric), the identity first, whatever the solved
    /// position: [`Tws::symmetries`] when positions are group elements.
    /// On a puzzle of alike pieces they are maps of positions only where
    /// they take alike pieces onto alike pieces: a table's projection
    /// keeps those ([`super::tws::Projected::symmetry`]), such as the 8
    /// symmetries of the cube's first two layers that keep the bottom face
    /// where it is.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// // The first two layers kept, the last layer's pieces alike and
    /// // their orientation ignored.
    /// let f2l = text.replacen(
    ///     "1 2 3 4 5 6 7 8 9 10 11 12\n0 0 0 0 0 0 0 0 0 0 0 0\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0",
    ///     "1 2 3 4 5 6 7 9 8 9 9 9\n0 0 0 0 0 0 0 ? 0 ? ? ?\nCORNER\n1 2 1 3 4 1 1 5\n? 0 ? 0 0 ? ? 0",
    ///     1,
    /// );
    /// let Definition::Tws(t) = Definition::parse(&Src::new("f2l.tws", &f2l), None).unwrap() else { panic!() };
    /// assert_eq!(t.move_symmetries().len(), 48);
    /// assert_eq!(t.symmetries().len(), 1);
    /// ```
    pub fn move_symmetries(&self) -> &[TwsSymmetry] {
        &self.found_symmetries().all
    }

    /// The moves' symmetries, how many of them [`Tws::symmetries`] gives
    /// (all, or the identity alone), and [`Tws::position_symmetries`].
    fn found_symmetries(&self) -> &Found {
        self.symmetries.get_or_init(|| {
            let all = self.find_symmetries();
            let invertible = self.invertible();
            let group = if invertible { all.len() } else { 1 };
            let alike = !invertible && self.goals.len() == 1 && self.illegal.is_empty();
            let labelled = if alike && self.sets.iter().all(|s| s.blind == 0) {
                all.iter().filter_map(|y| self.labelled(y)).collect()
            } else {
                vec![all[0].clone()]
            };
            Box::new(Found { all, group, labelled })
        })
    }

    /// Symmetry `y` of the moves as a map of positions of alike pieces:
    /// each label of the solved position onto the label its slots land
    /// on, turned as they land; `None` where a label's slots land on two
    /// labels or two turns.
    fn labelled(&self, y: &TwsSymmetry) -> Option<TwsSymmetry> {
        let goal = &self.goals[0];
        let mut out = y.clone();
        for (k, set) in self.sets.iter().enumerate() {
            let (n, off, o) = (set.count, set.offset, u16::from(set.orientations));
            let (mut piece, mut add): (Vec<u8>, Vec<u8>) = ((0..n as u8).collect(), vec![0; n]);
            let mut seen = vec![false; n];
            for i in 0..n {
                let j = usize::from(y.to[k][i]);
                let c = usize::from(goal[off + i]);
                let x = u16::from(goal[off + n + i]);
                let x = if y.mirrored[k] && x != 0 { o - x } else { x };
                // The conjugate's turn on slot j, x + add_piece - add[i],
                // is the solved one.
                let a = ((u16::from(goal[off + n + j]) + u16::from(y.add[k][i]) + 2 * o - x) % o) as u8;
                if !seen[c] {
                    (seen[c], piece[c], add[c]) = (true, goal[off + j], a);
                } else if (piece[c], add[c]) != (goal[off + j], a) {
                    return None;
                }
            }
            out.piece[k] = piece;
            out.add_piece[k] = add;
        }
        Some(out)
    }

    fn find_symmetries(&self) -> Vec<TwsSymmetry> {
        let to: Vec<Vec<u8>> = self.sets.iter().map(|s| (0..s.count as u8).collect()).collect();
        let add: Vec<Vec<u8>> = self.sets.iter().map(|s| vec![0; s.count]).collect();
        let identity = TwsSymmetry {
            piece: to.clone(),
            add_piece: add.clone(),
            to,
            add,
            mirrored: vec![false; self.sets.len()],
        };
        let pts = Points::new(self);
        if pts.count >= usize::from(NONE) {
            return vec![identity];
        }
        let targets: Vec<Vec<u16>> = self
            .metric_moves
            .iter()
            .map(|&i| point_map(self, &pts, &self.actions[i].from, &self.actions[i].twist))
            .collect();
        let gens: Vec<Vec<u16>> = self
            .actions
            .iter()
            .filter(|a| a.power == 1)
            .map(|a| point_map(self, &pts, &a.from, &a.twist))
            .collect();
        let mut search = Search {
            pts: &pts,
            image: vec![0; gens.len()],
            gens,
            targets,
            sigma: vec![NONE; pts.count],
            inverse: vec![NONE; pts.count],
            trail: Vec::new(),
            work: Vec::new(),
            found: Vec::new(),
            steps: 0,
        };
        // Sets no move changes stay where they are.
        for (k, set) in self.sets.iter().enumerate() {
            if !self.set_moves(k) {
                let n = set.count * usize::from(set.orientations);
                for x in pts.start[k]..pts.start[k] + n {
                    search.sigma[x] = x as u16;
                    search.inverse[x] = x as u16;
                }
            }
        }
        search.start();
        if search.steps > STEP_LIMIT {
            return vec![identity];
        }
        let metric: HashMap<&[u16], ()> = search.targets.iter().map(|m| (&m[..], ())).collect();
        let mut out = vec![identity.clone()];
        for sigma in &search.found {
            let Some(sym) = self.as_symmetry(&pts, sigma) else {
                continue;
            };
            // Every move of the metric onto one: σ m σ⁻¹.
            let all = search.targets.iter().all(|m| {
                let mut c = vec![0u16; pts.count];
                for (x, &y) in sigma.iter().enumerate() {
                    c[usize::from(y)] = sigma[usize::from(m[x])];
                }
                metric.contains_key(&c[..])
            });
            if all && sym != identity && !out.contains(&sym) {
                out.push(sym);
            }
        }
        out
    }

    /// A point map as a symmetry, if it moves whole slots and turns their
    /// orientations alike.
    fn as_symmetry(&self, pts: &Points, sigma: &[u16]) -> Option<TwsSymmetry> {
        let mut sym = TwsSymmetry {
            to: Vec::new(),
            add: Vec::new(),
            mirrored: Vec::new(),
            piece: Vec::new(),
            add_piece: Vec::new(),
        };
        for (k, set) in self.sets.iter().enumerate() {
            let o = usize::from(set.orientations);
            let (mut to, mut add) = (Vec::new(), Vec::new());
            let mut mirrored = None;
            for i in 0..set.count {
                let y0 = usize::from(sigma[pts.start[k] + i * o]) - pts.start[k];
                let (j, a) = (y0 / o, y0 % o);
                to.push(j as u8);
                add.push(a as u8);
                let (mut up, mut down) = (true, true);
                for r in 0..o {
                    let y = usize::from(sigma[pts.start[k] + i * o + r]) - pts.start[k];
                    up &= y == j * o + (a + r) % o;
                    down &= y == j * o + (a + o - r) % o;
                }
                let m = match (up, down) {
                    (true, _) => false,
                    (false, true) => true,
                    (false, false) => return None,
                };
                if o > 2 && mirrored.replace(m).is_some_and(|was| was != m) {
                    return None;
                }
            }
            // Turning alike every piece of an orbit of slots (the slots
            // its pieces visit) commutes with every move and changes no
            // conjugate: maps that differ only so are one symmetry. The
            // first slot of each orbit is left unturned.
            let orbit = self.slot_orbits(k);
            let add: Vec<u8> = (0..set.count)
                .map(|i| ((usize::from(add[i]) + o - usize::from(add[orbit[i]])) % o) as u8)
                .collect();
            sym.piece.push(to.clone());
            sym.add_piece.push(add.clone());
            sym.to.push(to);
            sym.add.push(add);
            sym.mirrored.push(mirrored.unwrap_or(false));
        }
        Some(sym)
    }

    /// A symmetry named by where it takes the file's moves:
    /// `U>R' R>U' F>F'` (a reflection of the 2x2x2), `mirrored` added
    /// when it reverses orientations.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let names: Vec<String> = t.symmetries().iter().map(|y| t.symmetry_name(y)).collect();
    /// assert_eq!(names[0], "U>U R>R F>F");
    /// assert!(names.contains(&"U>R R>F F>U".to_string()));
    /// ```
    pub fn symmetry_name(&self, sym: &TwsSymmetry) -> String {
        let n = self.bytes();
        let mut image = vec![0u8; n];
        let moves: Vec<(String, Vec<u8>)> = self
            .metric_move_names()
            .into_iter()
            .filter_map(|m| Some((m.to_string(), self.scramble(m).ok()?)))
            .collect();
        let mut out: Vec<String> = self
            .actions
            .iter()
            .filter(|a| a.power == 1)
            .filter_map(|a| {
                let s = self.scramble(&a.name).ok()?;
                self.conjugate(sym, &s, &mut image);
                let to = moves
                    .iter()
                    .find(|(_, m)| *m == image)
                    .map_or("?", |(name, _)| name.as_str());
                Some(format!("{}>{to}", a.name))
            })
            .collect();
        if sym.mirrors() {
            out.push("mirrored".into());
        }
        out.join(" ")
    }

    /// The symmetries that fix position `s` (`σ s σ⁻¹ = s`), each as where
    /// it takes every move (by [`TwsMove::index`](super::tws::TwsMove::index);
    /// a power outside the metric stays put), the identity and any symmetry
    /// that takes every move to itself left out, at most 64: what
    /// [`StartSymmetry`](tansaku_core::search::symmetric::StartSymmetry) needs.
    /// None unless positions are group elements ([`Tws::invertible`]).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// // The superflip commutes with every symmetry of the cube.
    /// let superflip = t.scramble("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
    /// assert_eq!(t.fixing(&superflip).len(), 47);
    /// assert_eq!(t.fixing(&t.scramble("R U").unwrap()).len(), 0);
    /// ```
    pub fn fixing(&self, s: &[u8]) -> Vec<Vec<u16>> {
        if !self.invertible() {
            return Vec::new();
        }
        let moves: HashMap<Vec<u8>, u16> = self
            .metric_moves
            .iter()
            .map(|&i| (self.scramble(&self.actions[i].name).unwrap_or_default(), i as u16))
            .collect();
        let mut image = vec![0u8; s.len()];
        let mut out = Vec::new();
        for sym in self.symmetries() {
            if !self.fixes(sym, s) {
                continue;
            }
            let mut to: Vec<u16> = (0..self.actions.len() as u16).collect();
            for &i in &self.metric_moves {
                let m = self.scramble(&self.actions[i].name).unwrap_or_default();
                self.conjugate(sym, &m, &mut image);
                match moves.get(&image) {
                    Some(&j) => to[i] = j,
                    // Not a symmetry of this metric after all: never
                    // seen, since symmetries are checked so when found.
                    None => return Vec::new(),
                }
            }
            if to.iter().enumerate().any(|(i, &j)| usize::from(j) != i) && out.len() < 64 {
                out.push(to);
            }
        }
        out
    }

    /// The order of moves the canonical sequences take commuting moves in
    /// (the file's order of moves, then the power): the order
    /// [`Tws::fixing`]'s symmetries pick a move of each class by.
    pub fn move_order(&self) -> Vec<u32> {
        self.actions
            .iter()
            .map(|a| u32::from(a.base) << 16 | u32::from(a.power))
            .collect()
    }

    /// For each slot of set `set`, the first slot of its orbit (the slots
    /// the moves carry its piece to).
    fn slot_orbits(&self, set: usize) -> Vec<usize> {
        let n = self.sets[set].count;
        let base = set_base(self, set);
        let mut first: Vec<usize> = (0..n).collect();
        fn root(first: &mut [usize], mut i: usize) -> usize {
            while first[i] != i {
                first[i] = first[first[i]];
                i = first[i];
            }
            i
        }
        for a in &self.actions {
            for i in 0..n {
                let (x, y) = (root(&mut first, i), root(&mut first, usize::from(a.from[base + i])));
                // The smaller slot stays the root.
                first[x.max(y)] = x.min(y);
            }
        }
        (0..n).map(|i| root(&mut first, i)).collect()
    }

    /// The conjugate `σ s σ⁻¹` of position `s` under symmetry `sym`, into
    /// `out`: the piece `p` on slot `i` turned `o` becomes the piece
    /// `σ(p)` on slot `σ(i)`, turned `±o + add[p] − add[i]`. As far from
    /// the goal as `s` (see [`Tws::symmetries`]).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let s = t.scramble("R U").unwrap();
    /// let mut c = vec![0; s.len()];
    /// // Some symmetry turns "R U" into another two-move position.
    /// let two: Vec<_> = t.metric_move_names().iter().flat_map(|a| t.metric_move_names().into_iter().map(move |b| format!("{a} {b}"))).collect();
    /// for sym in t.symmetries() {
    ///     t.conjugate(&sym, &s, &mut c);
    ///     assert!(two.iter().any(|m| t.scramble(m).unwrap() == c));
    /// }
    /// ```
    #[inline]
    pub fn conjugate(&self, sym: &TwsSymmetry, s: &[u8], out: &mut [u8]) {
        self.conjugate_sets(sym, s, out, u64::MAX);
    }

    /// Whether symmetry `sym` fixes position `s` (its conjugate is `s`
    /// itself): [`Tws::conjugate`] compared slot by slot, stopping at the
    /// first difference, so a scan over many positions pays little for
    /// the symmetries that move them.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let solved = t.scramble("").unwrap();
    /// assert!(t.symmetries().iter().all(|y| t.fixes(y, &solved)));
    /// let turned = t.scramble("R").unwrap();
    /// assert!(!t.symmetries().iter().all(|y| t.fixes(y, &turned)));
    /// ```
    pub fn fixes(&self, sym: &TwsSymmetry, s: &[u8]) -> bool {
        self.sets.iter().enumerate().all(|(k, set)| {
            (0..set.count).all(|i| {
                let (j, piece, turn) = slot_image(sym, k, set, s, i);
                s[set.offset + j] == piece && s[set.offset + set.count + j] == turn
            })
        })
    }

    /// [`Tws::conjugate`] of the sets in the bit mask `sets` only (the
    /// others' bytes in `out` are left as they are): what a table that
    /// keeps those sets reads.
    #[inline]
    pub fn conjugate_sets(&self, sym: &TwsSymmetry, s: &[u8], out: &mut [u8], sets: u64) {
        for (k, set) in self.sets.iter().enumerate() {
            if sets >> k & 1 == 0 {
                continue;
            }
            for i in 0..set.count {
                let (j, piece, turn) = slot_image(sym, k, set, s, i);
                out[set.offset + j] = piece;
                out[set.offset + set.count + j] = turn;
            }
        }
    }
}

/// Where symmetry `sym` puts slot `i` of set `k` of position `s` in the
/// conjugate `σ s σ⁻¹`: the slot `σ(i)`, the piece `σ(p)` and its
/// orientation `±o + add[p] − add[i]` (see [`Tws::conjugate`]).
#[inline(always)]
fn slot_image(sym: &TwsSymmetry, k: usize, set: &crate::tws::PieceSet, s: &[u8], i: usize) -> (usize, u8, u8) {
    let (n, off, o) = (set.count, set.offset, set.orientations);
    let (to, add) = (&sym.to[k], &sym.add[k]);
    let p = usize::from(s[off + i]);
    let x = s[off + n + i];
    let x = if sym.mirrored[k] && x != 0 { o - x } else { x };
    // Below 3o: two subtractions take it below o (no division).
    let mut turn = u16::from(x) + u16::from(sym.add_piece[k][p]) + u16::from(o) - u16::from(add[i]);
    for _ in 0..2 {
        if turn >= u16::from(o) {
            turn -= u16::from(o);
        }
    }
    (usize::from(to[i]), sym.piece[k][p], turn as u8)
}
