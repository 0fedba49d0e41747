//! Pattern databases derived from a `.tws` definition: IDA*'s lower bound
//! for permutation puzzles too large to search breadth-first, with no code
//! written for the puzzle.
//!
//! A *projection* keeps some pieces of a set (the others made identical,
//! their orientation ignored) and, if asked, their orientation: the corners
//! of a cube with their twists, or six of its twelve edges. A projection is
//! itself a `.tws` puzzle ([`super::tws::Projected`]), small enough to rank
//! densely; its distance table (four bits a rank, built on every core by
//! the block engine of [`super::xorbfs`] for pieces with two orientations,
//! else by the dense engine) bounds the full puzzle's distance from below,
//! since every move of the full puzzle is a move (or nothing) of the
//! projection. The bound of a position is the largest over the tables.
//!
//! A projection may also label a set's pieces by their orbit under a
//! subgroup instead of keeping some ([`coset`]): a picture of the
//! position's coset over every set at once, kept once per class of
//! symmetric positions ([`crate::symtable`]).
//!
//! [`plan`] chooses the projections that fit a table budget: the whole
//! puzzle when it fits (the bound is then exact), else the coset's picture
//! when it fits three quarters of the budget, and for each set that
//! moves, its pieces in groups as large as the set's share of the rest
//! allows. [`Tables::build`] builds them (kept in the context's tables, so
//! a second solve finds them) and [`Tables::estimate`] is the bound.

use super::coord::Coords;
use super::symmetry::TwsSymmetry;
use super::symtable::SymReduced;
use super::tws::{ImageRank, Projected, SetPart, Tws};
use super::xorbfs::{NIBBLE_UNREACHED, XorProjection, nibbles_of};
use serde::Serialize;
use std::sync::Arc;
use tansaku_core::context::Context;
use tansaku_core::search::SearchError;
use tansaku_core::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense};

/// The default table budget: a quarter of the memory budget, at most
/// 1 GiB.
pub fn default_budget(ctx: &Context) -> u64 {
    (ctx.budget().unwrap_or(u64::MAX) / 4).min(1 << 30)
}

/// One projection: a part per set kept, and the width of its table's
/// entries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Projection(pub Vec<SetPart>, pub Width);

/// How many bits a table keeps an entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Width {
    /// The distance itself (0-14; 15: never reached).
    #[default]
    Four,
    /// The distance less a base, clamped to 0-3, with a fallback a cache
    /// line ([`crate::twobit`]): half the memory, a weaker bound.
    Two,
}

impl Width {
    /// Bytes of a table of `entries` at this width.
    pub fn bytes(self, entries: u64) -> u64 {
        match self {
            Width::Four => entries.div_ceil(2),
            Width::Two => crate::twobit::bytes(entries),
        }
    }
}

impl Projection {
    /// The projection of `parts`, its table four bits an entry.
    pub fn new(parts: Vec<SetPart>) -> Projection {
        Projection(parts, Width::Four)
    }

    /// A short name: `CORNER`, `EDGE 1-6`, `EDGE 1,3 (no orientation)`.
    pub fn name(&self, t: &Tws) -> String {
        self.0
            .iter()
            .map(|p| {
                let set = &t.sets[p.set];
                let all = p.pieces.len() == t.classes_of(p.set);
                let mut s = set.name.clone();
                if !p.alike.is_empty() {
                    s.push_str(&format!(" in {} orbits", p.alike.len()));
                    if p.orientation && p.unturned != 0 {
                        let turned = p.alike.len() - p.unturned.count_ones() as usize;
                        s.push_str(&format!(", {turned} turned"));
                    }
                } else if !all {
                    s.push(' ');
                    s.push_str(&ranges(&p.pieces));
                }
                if !p.orientation && set.orientations > 1 {
                    s.push_str(" (no orientation)");
                }
                s
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// Entries of its table (ranks of the projected puzzle), `None` past
    /// `u64`.
    pub fn entries(&self, t: &Tws) -> Option<u64> {
        t.project(&self.0).tws.rank_space()
    }

    /// Bytes of its table (at its width), `None` past `u64`.
    pub fn bytes(&self, t: &Tws) -> Option<u64> {
        self.entries(t).map(|n| self.1.bytes(n))
    }

    /// Bytes of its table as [`Tables::build`] keeps it: a product over
    /// several sets reduced by symmetry where it can be (about:
    /// [`SymReduced::estimate`]), else [`Projection::bytes`].
    pub fn reduced_bytes(&self, t: &Tws) -> Option<u64> {
        match (self.0.len() >= 2).then(|| SymReduced::estimate(t, self)).flatten() {
            Some((entries, _)) => Some(self.1.bytes(entries)),
            None => self.bytes(t),
        }
    }

    /// Whether it labels pieces by orbit ([`SetPart::alike`]): a coset's
    /// picture, the same seen through any symmetry, so never read on a
    /// symmetric image.
    pub fn is_coset(&self) -> bool {
        self.0.iter().any(|p| !p.alike.is_empty())
    }
}

/// The product table over every set at once that labels each piece by
/// its orbit under the squares of the moves ([`Tws::square_orbits`]), with
/// the orientations those squares keep: the picture of the position's
/// coset, which no square changes (on the cube, corners in their tetrads
/// and twisted, edges in their slices: 5,304,568,500 entries, 117,567,450
/// up to symmetry). Of the orbits whose orientation could count, the
/// subset whose table fits `budget` bytes is kept that tells the most
/// positions apart (the picture's positions, before any reduction: a
/// table kept up to 48 symmetries holds as much as one 48 times its size),
/// a table reduced by symmetry ([`SymReduced`]) before any that is not
/// (orientation on no set: none, a picture too coarse to pay its lookup).
/// `None` for a puzzle of one moving set, when the squares mix every set
/// whole, or when nothing fits.
///
/// ```
/// use tansaku_define::{Definition, Src, prune};
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
/// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
/// let coset = prune::coset(&t, 768 << 20).unwrap();
/// // Every corner's twist, no edge's flip: kept up to all 48 symmetries,
/// // it tells more positions apart than a picture of one slice's flips
/// // and one tetrad's twists (3,143,448,000 positions, 8 symmetries) in
/// // less memory.
/// assert_eq!(coset.name(&t), "EDGE in 3 orbits (no orientation) + CORNER in 2 orbits");
/// assert_eq!(coset.entries(&t), Some(5_304_568_500));
/// assert!(coset.reduced_bytes(&t).unwrap() < 60_000_000);
/// // With 3G: one slice's flips too, kept up to the 16 symmetries that
/// // keep the slice.
/// let coset = prune::coset(&t, 3 << 30).unwrap();
/// assert_eq!(coset.name(&t), "EDGE in 3 orbits, 1 turned + CORNER in 2 orbits");
/// assert_eq!(coset.entries(&t), Some(554_400 * 153_090));
/// assert!(prune::coset(&t, 1 << 20).is_none());
/// ```
pub fn coset(t: &Tws, budget: u64) -> Option<Projection> {
    coset_within(t, budget, None)
}

/// [`coset`] whose build fits `memory` bytes too (none: any).
fn coset_within(t: &Tws, budget: u64, memory: Option<u64>) -> Option<Projection> {
    let orbits = t.square_orbits();
    // A product over two sets at least (a single set's own tables see it
    // better), not every one mixed whole and unturned.
    if orbits.len() < 2 || orbits.iter().all(|o| o.orbits.len() == 1 && !o.orientation_kept) {
        return None;
    }
    // A bit per orbit whose orientation may count, set by set.
    let mut first = Vec::with_capacity(orbits.len());
    let mut bits = 0usize;
    for o in &orbits {
        first.push(bits);
        if o.orientation_kept {
            bits += o.orbits.len();
        }
    }
    if bits > 16 {
        return None;
    }
    let with = |pick: u64| {
        Projection::new(
            orbits
                .iter()
                .zip(&first)
                .map(|(o, &at)| {
                    let groups = o.orbits.len();
                    let turned = if o.orientation_kept {
                        pick >> at & ((1u64 << groups) - 1)
                    } else {
                        0
                    };
                    SetPart {
                        set: o.set,
                        pieces: Vec::new(),
                        orientation: turned != 0,
                        alike: o.orbits.clone(),
                        unturned: if turned == 0 {
                            0
                        } else {
                            !turned & ((1u64 << groups) - 1)
                        },
                    }
                })
                .collect(),
        )
    };
    (1u64..1 << bits)
        .map(with)
        .flat_map(|p| {
            // Each at four bits, and at two where four would pass the
            // caches (every read a miss at either width).
            let estimate = SymReduced::estimate(t, &p);
            let entries = match estimate {
                Some((entries, _)) => Some(entries),
                None => p.entries(t),
            };
            let two = entries.is_some_and(|n| Width::Four.bytes(n) > TWO_BITS_PAST);
            let packed = two.then(|| Projection(p.0.clone(), Width::Two));
            let positions = p.entries(t).unwrap_or(0);
            std::iter::once(p).chain(packed).filter_map(move |p| {
                let bytes = entries.map(|n| p.1.bytes(n))?;
                let four = Width::Four.bytes(entries?);
                let build = match estimate {
                    // The table, filled in place, and the moves.
                    Some(_) => four + Coords::bytes(&t.project(&p.0).tws),
                    None => build_bytes(&t.project(&p.0).tws),
                } + if p.1 == Width::Two { bytes } else { 0 };
                if memory.is_some_and(|m| build > m) || bytes > budget {
                    return None;
                }
                Some(((estimate.is_some(), positions, p.1 == Width::Four, bytes), p))
            })
        })
        .max_by_key(|(key, _)| *key)
        .map(|(_, p)| p)
}

/// A picture is offered at two bits an entry only when at four it would
/// pass this many bytes: far past the caches, where a read misses at
/// either width, and the half kept buys a picture that tells more
/// positions apart.
const TWO_BITS_PAST: u64 = 256 << 20;

/// Pieces (from 0) written from 1 as ranges: `1-6`, `1,3,7-9`.
fn ranges(pieces: &[u8]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let mut j = i;
        while j + 1 < pieces.len() && pieces[j + 1] == pieces[j] + 1 {
            j += 1;
        }
        out.push(if j > i {
            format!("{}-{}", pieces[i] + 1, pieces[j] + 1)
        } else {
            (pieces[i] + 1).to_string()
        });
        i = j + 1;
    }
    out.join(",")
}

/// The projections for `t` within `budget` bytes of tables (four bits an
/// entry, or two for a large picture: [`Width`]): the whole puzzle when it fits; else, for each set that some move
/// changes (the smallest first, so that what a set leaves of its equal
/// share goes to the larger ones), its pieces with orientation in groups
/// of the largest size `k` whose `ceil(n / k)` tables fit the share,
/// spread evenly over the set (overlapping when `k` does not divide `n`),
/// a set's largest class of alike unoriented pieces left out; then, in
/// what is left, the smallest set with a few pieces of the largest.
/// Empty when nothing fits.
///
/// ```
/// use tansaku_define::{Definition, Src, prune};
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
/// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
/// let names = |budget| prune::plan(&t, budget).iter().map(|p| p.name(&t)).collect::<Vec<_>>();
/// // A coset's picture first (at most three quarters of the budget, kept
/// // up to symmetry), then tables of single sets in what it leaves.
/// let (one, two) = ("EDGE in 3 orbits, 1 turned", "EDGE in 3 orbits, 2 turned");
/// assert_eq!(
///     names(64 << 20),
///     [&format!("{two} + CORNER in 2 orbits (no orientation)"), "CORNER 1-6", "CORNER 3-8", "EDGE 1-4,6,8", "EDGE 5,7,9-12"]
/// );
/// let picture = "EDGE in 3 orbits (no orientation) + CORNER in 2 orbits";
/// assert_eq!(names(256 << 20), [picture, "CORNER", "EDGE 1-6", "EDGE 7-12"]);
/// // Seven edges a table when the corners leave room for two of them.
/// assert_eq!(names(1 << 30), [picture, "CORNER", "EDGE 1-7", "EDGE 6-12"]);
/// let picture = format!("{one} + CORNER in 2 orbits");
/// assert_eq!(names(4 << 30), [&picture, "CORNER", "EDGE 1-7", "EDGE 6-12"]);
/// assert_eq!(prune::plan(&t, 4 << 30)[0].1, prune::Width::Four);
/// // At 2G that picture fits at two bits an entry (1.3 GB) and tells
/// // sixteen times the positions apart of the one four bits allow.
/// assert_eq!(names(2 << 30), [&picture, "CORNER", "EDGE 1-7", "EDGE 6-12"]);
/// assert_eq!(prune::plan(&t, 2 << 30)[0].1, prune::Width::Two);
/// assert_eq!(names(3 << 30), [&picture, "CORNER", "EDGE 1-7", "EDGE 6-12"]);
/// assert_eq!(prune::plan(&t, 3 << 30)[0].1, prune::Width::Two);
/// assert_eq!(prune::plan(&t, 1 << 30)[0].1, prune::Width::Four);
/// // Without the picture (a file's own projections aside, as the planner
/// // did before it): two tables of eight edges do not fit 4G, one does,
/// // and a symmetry of the cube takes its group onto the second's (read
/// // through its table).
/// assert_eq!(
///     prune::plan_without_coset(&t, 4 << 30).iter().map(|p| p.name(&t)).collect::<Vec<_>>(),
///     ["CORNER", "EDGE 1-8", "EDGE 2-3,6-7,9-12"]
/// );
/// ```
pub fn plan(t: &Tws, budget: u64) -> Vec<Projection> {
    plan_with(t, budget, Some(None))
}

/// [`plan`] on a machine whose memory budget is `memory`: a table (a
/// coset picture, a group of a set's pieces) is offered only if its build
/// (the table and the move tables) fits, and the tables together are
/// within `memory`, so that a large `table-memory` on a small machine
/// gets smaller tables instead of a refusal. (A file's own projections
/// are built as it names them.)
///
/// ```
/// use tansaku_define::{Definition, Src, prune};
/// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
/// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
/// let first = |memory| prune::plan_within(&t, 4 << 30, memory)[0].name(&t);
/// assert_eq!(first(None), "EDGE in 3 orbits, 1 turned + CORNER in 2 orbits");
/// assert_eq!(first(Some(4 << 30)), "EDGE in 3 orbits, 1 turned + CORNER in 2 orbits");
/// // At 3G its 2.7 GB and the 555 MB of single sets' tables pass the
/// // memory together; at two bits, its build (the four-bit table and the
/// // packed one) would.
/// assert_eq!(first(Some(3 << 30)), "EDGE in 3 orbits (no orientation) + CORNER in 2 orbits");
/// assert_eq!(first(Some(2 << 30)), "EDGE in 3 orbits (no orientation) + CORNER in 2 orbits");
/// let held = |memory: u64| prune::plan_within(&t, 4 << 30, Some(memory)).iter().map(|p| p.reduced_bytes(&t).unwrap()).sum::<u64>();
/// assert!(held(3 << 30) <= 3 << 30 && held(64 << 20) <= 64 << 20);
/// ```
pub fn plan_within(t: &Tws, budget: u64, memory: Option<u64>) -> Vec<Projection> {
    plan_with(t, budget, Some(memory))
}

/// [`plan`] with no coset picture: tables of single sets only.
pub fn plan_without_coset(t: &Tws, budget: u64) -> Vec<Projection> {
    plan_with(t, budget, None)
}

/// The plan; `pictures`: whether a coset picture may be offered, and
/// within what memory it is built.
fn plan_with(t: &Tws, budget: u64, pictures: Option<Option<u64>>) -> Vec<Projection> {
    // The tables are held together: never more than the memory.
    let budget = pictures.flatten().map_or(budget, |m| budget.min(m));
    // A puzzle past MAX_BYTES is searched without tables (for now).
    if t.bytes() > super::tws::MAX_BYTES {
        return Vec::new();
    }
    // The file's own projections, as many as fit, in its order.
    if !t.prune.is_empty() {
        let mut left = budget;
        return t
            .prune
            .iter()
            .map(|parts| Projection::new(parts.clone()))
            .filter(|p| match p.bytes(t) {
                Some(n) if n <= left => {
                    left -= n;
                    true
                }
                _ => false,
            })
            .collect();
    }
    let part = |s: usize, pieces: std::ops::Range<usize>| SetPart {
        set: s,
        pieces: (pieces.start as u8..pieces.end as u8).collect(),
        orientation: true,
        alike: Vec::new(),
        unturned: 0,
    };
    let mut sets: Vec<usize> = (0..t.sets.len()).filter(|&s| t.set_moves(s)).collect();
    if sets.is_empty() {
        return Vec::new();
    }
    let whole = Projection::new(sets.iter().map(|&s| part(s, 0..t.classes_of(s))).collect());
    if whole.bytes(t).is_some_and(|n| n <= budget) {
        return vec![whole];
    }
    sets.sort_by_key(|&s| {
        Projection::new(vec![part(s, 0..t.classes_of(s))])
            .bytes(t)
            .unwrap_or(u64::MAX)
    });
    let mut left = budget;
    let mut out = Vec::new();
    // The machine's memory, when known: what each table's build may take.
    let memory = pictures.flatten();
    // On a puzzle of alike pieces, products kept up to symmetry first
    // when they fit three quarters of the budget; else a coset's picture
    // over every set, likewise: the tables of single sets share the rest.
    let symmetric = match pictures {
        Some(memory) => symmetric_products(t, &sets, budget / 4 * 3, memory),
        None => Vec::new(),
    };
    let paired = !symmetric.is_empty();
    if paired {
        left -= symmetric.iter().map(|p| p.reduced_bytes(t).unwrap_or(0)).sum::<u64>();
        out.extend(symmetric);
    } else if let Some(c) = pictures.and_then(|memory| coset_within(t, budget / 4 * 3, memory)) {
        left -= c.reduced_bytes(t).unwrap_or(0);
        out.push(c);
    }
    for (i, &s) in sets.iter().enumerate() {
        let share = left / (sets.len() - i) as u64;
        let classes = told_apart(t, s);
        let n = classes.len();
        for k in (1..=n).rev() {
            let groups = n.div_ceil(k);
            let contiguous: Vec<Projection> = spread(&classes, k)
                .map(|pieces| {
                    Projection::new(vec![SetPart {
                        pieces,
                        ..part(s, 0..0)
                    }])
                })
                .collect();
            if let Some(total) = total_bytes(t, &contiguous)
                .filter(|&n| n <= share)
                .filter(|_| builds_within(t, &contiguous, memory))
            {
                left -= total;
                out.extend(contiguous);
                break;
            }
            // Too large as separate tables: groups that are symmetric
            // images of the first need only its table ([`Tables::build`]),
            // a search a little slower (a conjugation a lookup) for
            // groups a size larger.
            let Some(images) = symmetric_groups(t, s, k, groups) else {
                continue;
            };
            let images: Vec<Projection> = images
                .into_iter()
                .map(|pieces| {
                    Projection::new(vec![SetPart {
                        set: s,
                        pieces,
                        orientation: true,
                        alike: Vec::new(),
                        unturned: 0,
                    }])
                })
                .collect();
            if let Some(one) = images[0]
                .bytes(t)
                .filter(|&n| n <= share)
                .filter(|_| builds_within(t, &images[..1], memory))
            {
                left -= one;
                out.extend(images);
                break;
            }
        }
    }
    if !paired {
        out.extend(products(t, &sets, left, memory));
    }
    out
}

/// Tables of the smallest set whole with a few pieces of the largest, in
/// what the plan leaves (`left` bytes): groups of `k ≥ 2` of the largest
/// set's classes covering them, `k` the largest whose tables fit. They
/// see pieces of two sets together, as the single sets' tables cannot:
/// on the cube's first two layers with the last blank, the four corners
/// with two edges at a time (four tables of 36 MB) cut a search to 13-14
/// moves 3.5x in nodes beside the tables of seven edges. On the whole
/// cube no such table fits 16G (the corners with two edges: 23 GB).
fn products(t: &Tws, sets: &[usize], left: u64, memory: Option<u64>) -> Vec<Projection> {
    let (Some(&small), Some(&large)) = (sets.first(), sets.last()) else {
        return Vec::new();
    };
    if small == large {
        return Vec::new();
    }
    let whole = |s: usize| whole_part(t, s);
    let classes = told_apart(t, large);
    let n = classes.len();
    for k in (2..n).rev() {
        let tables: Vec<Projection> = spread(&classes, k)
            .map(|pieces| Projection::new(vec![whole(small), SetPart { pieces, ..whole(large) }]))
            .collect();
        if total_bytes(t, &tables).is_some_and(|n| n <= left) && builds_within(t, &tables, memory) {
            return tables;
        }
    }
    Vec::new()
}

/// Set `s`'s classes told apart ([`told_apart`]), with orientation.
fn whole_part(t: &Tws, s: usize) -> SetPart {
    SetPart {
        set: s,
        pieces: told_apart(t, s),
        orientation: true,
        alike: Vec::new(),
        unturned: 0,
    }
}

/// Tables of the smallest set whole with each orbit of the largest set's
/// classes under the puzzle's symmetries, each kept up to the
/// symmetries that keep it ([`SymReduced`]), when there are two orbits
/// or more: as many, in order, as fit `left` bytes, each built within
/// `memory` (none: any). On the cube's first two layers at 4G, the
/// corners with the four middle edges (1.6 GB, up to the 8 symmetries
/// that keep the bottom face): a 14-mover in 0.67M nodes instead of 3.2M
/// beside the table of all eight edges. They see the pieces of two sets
/// together in more pieces than [`products`] can. Empty otherwise.
fn symmetric_products(t: &Tws, sets: &[usize], left: u64, memory: Option<u64>) -> Vec<Projection> {
    let (Some(&small), Some(&large)) = (sets.first(), sets.last()) else {
        return Vec::new();
    };
    if small == large || t.invertible() {
        return Vec::new();
    }
    let whole = |s: usize| whole_part(t, s);
    let orbits = class_orbits(t, large, &told_apart(t, large));
    if orbits.len() < 2 || orbits.iter().any(|o| o.len() < 2) {
        return Vec::new();
    }
    let tables: Vec<Projection> = orbits
        .into_iter()
        .map(|pieces| Projection::new(vec![whole(small), SetPart { pieces, ..whole(large) }]))
        .collect();
    // Each kept up to symmetry, its build (the table, the moves) within
    // the machine's memory.
    let reduced = tables.iter().all(|p| {
        SymReduced::estimate(t, p).is_some_and(|(entries, _)| {
            memory.is_none_or(|m| entries.div_ceil(2) + Coords::bytes(&t.project(&p.0).tws) <= m)
        })
    });
    if !reduced {
        return Vec::new();
    }
    // As many as fit, in order.
    let mut left = left;
    tables
        .into_iter()
        .take_while(|p| match p.reduced_bytes(t) {
            Some(n) if n <= left => {
                left -= n;
                true
            }
            _ => false,
        })
        .collect()
}

/// The orbits of `classes` (of set `set`) under the symmetries of the
/// moves that map the puzzle's positions (those that take alike pieces
/// onto alike pieces: [`super::tws::Projected::symmetry`] of the puzzle
/// with every class kept), in order of their least class.
fn class_orbits(t: &Tws, set: usize, classes: &[u8]) -> Vec<Vec<u8>> {
    let every: Vec<SetPart> = (0..t.sets.len())
        .map(|s| SetPart {
            pieces: (0..t.classes_of(s) as u8).collect(),
            ..whole_part(t, s)
        })
        .collect();
    let projected = t.project(&every);
    let (offset, n) = (t.sets[set].offset, t.sets[set].count);
    // The class a symmetry takes each class to, read at home slots.
    let maps: Vec<Vec<u8>> = t
        .move_symmetries()
        .iter()
        .filter(|y| projected.symmetry(t, y).is_some())
        .map(|y| {
            let mut to = vec![u8::MAX; 256];
            for p in 0..n {
                to[usize::from(t.solved[offset + p])] = t.solved[offset + y.slot(set, p)];
            }
            to
        })
        .collect();
    let mut out: Vec<Vec<u8>> = Vec::new();
    for &c in classes {
        if out.iter().any(|o| o.contains(&c)) {
            continue;
        }
        let mut orbit: Vec<u8> = maps.iter().map(|to| to[usize::from(c)]).collect();
        orbit.sort_unstable();
        orbit.dedup();
        out.push(orbit);
    }
    out
}

/// Groups of `k` of `classes` covering them, `ceil(n / k)` of them spread
/// evenly (overlapping when `k` does not divide `n`).
fn spread(classes: &[u8], k: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    let n = classes.len();
    let groups = n.div_ceil(k);
    (0..groups).map(move |g| {
        let lo = if groups == 1 { 0 } else { g * (n - k) / (groups - 1) };
        classes[lo..lo + k].to_vec()
    })
}

/// Bytes of the tables of `projections` together (`None` past `u64`).
fn total_bytes(t: &Tws, projections: &[Projection]) -> Option<u64> {
    projections
        .iter()
        .try_fold(0u64, |acc, p| p.bytes(t).and_then(|n| acc.checked_add(n)))
}

/// Whether each of `projections` (single sets' tables) is built within
/// `memory` bytes (none: any): the table, and the move tables of its
/// engine. Squareone's six pieces of its slice keep 48 MB but their
/// move tables would take 8.8 GB.
fn builds_within(t: &Tws, projections: &[Projection], memory: Option<u64>) -> bool {
    memory.is_none_or(|m| projections.iter().all(|p| build_bytes(&t.project(&p.0).tws) <= m))
}

/// The classes of set `set` its tables group: every class but the
/// largest blank one (two alike pieces or more, orientation ignored or
/// single), where others remain: where every other piece is, those are.
/// On the cube's first two layers with the last layer blank, the eight
/// edges of the first two, not the four alike edges of the last with
/// them.
fn told_apart(t: &Tws, set: usize) -> Vec<u8> {
    let s = &t.sets[set];
    let labels = &t.solved[s.offset..s.offset + s.count];
    let n = t.classes_of(set);
    let count = |c: usize| labels.iter().filter(|&&l| usize::from(l) == c).count();
    let blank = (0..n)
        .filter(|&c| count(c) >= 2 && (s.orientations == 1 || s.blind >> c & 1 == 1))
        .max_by_key(|&c| (count(c), std::cmp::Reverse(c)));
    (0..n as u8)
        .filter(|&c| n == 1 || Some(usize::from(c)) != blank)
        .collect()
}

/// `groups` groups of `k` pieces of set `set` covering it, each a
/// symmetric image of the first, when the puzzle's symmetries allow: the
/// first group is the first `k`-subset (in order, pieces `0..k` first)
/// from which a cover is found, each next group the image that adds the
/// most pieces not yet covered (then shares the fewest with any group
/// taken). The cube's edges in two groups of six: the four of one layer
/// and two of the middle, and their image under a half turn.
fn symmetric_groups(t: &Tws, set: usize, k: usize, groups: usize) -> Option<Vec<Vec<u8>>> {
    const SUBSETS: usize = 20_000;
    let syms = t.symmetries();
    let n = t.sets[set].count;
    if groups < 2 || syms.len() < 2 || n > 63 || k == 0 {
        return None;
    }
    let all: u64 = (1u64 << n) - 1;
    let image = |y: &TwsSymmetry, m: u64| {
        (0..n)
            .filter(|&p| m >> y.slot(set, p) & 1 == 1)
            .fold(0u64, |a, p| a | 1 << p)
    };
    let cover = |first: u64| -> Option<Vec<u64>> {
        let images: Vec<u64> = syms.iter().map(|y| image(y, first)).collect();
        let (mut chosen, mut covered) = (vec![first], first);
        while chosen.len() < groups && covered != all {
            let &best = images.iter().max_by_key(|&&m| {
                let overlap = chosen.iter().map(|c| (c & m).count_ones()).max().unwrap_or(0);
                ((m & !covered).count_ones(), std::cmp::Reverse(overlap))
            })?;
            if best & !covered == 0 {
                return None;
            }
            chosen.push(best);
            covered |= best;
        }
        (covered == all && chosen.len() == groups).then_some(chosen)
    };
    // Every k-subset in increasing order (Gosper's hack).
    let mut first: u64 = (1u64 << k) - 1;
    for _ in 0..SUBSETS {
        if first > all {
            break;
        }
        if let Some(chosen) = cover(first) {
            return Some(
                chosen
                    .iter()
                    .map(|&m| (0..n as u8).filter(|&p| m >> p & 1 == 1).collect())
                    .collect(),
            );
        }
        let c = first & first.wrapping_neg();
        let r = first + c;
        first = (((r ^ first) >> 2) / c) | r;
    }
    None
}

/// A table built (or found kept) for a solve.
#[derive(Clone, Debug, Serialize)]
pub struct TableReport {
    /// The projection, named as [`Projection::name`] writes it.
    pub projection: String,
    /// Entries (four bits each; two where the projection's name says
    /// so).
    pub entries: u64,
    /// Bytes of the table (none for an `image`).
    pub bytes: u64,
    /// `built`, `loaded` (from its file), `kept` (in memory from an
    /// earlier solve) or `image` (a symmetric image of an earlier table's
    /// group, read through that table: no memory, no file).
    pub origin: &'static str,
    /// Seconds spent building or loading it.
    pub seconds: f64,
    /// Its largest distance (entries keep at most 14: farther positions
    /// read as 14).
    pub longest: u32,
}

/// A table as a build makes it: its largest distance and its entries,
/// four bits each (two a byte, the even rank's low; 15: never reached; 14
/// also for farther positions).
type Nibbles = (u32, Vec<u8>);

/// A table as lookups read it: its largest distance and its entries.
struct Built {
    longest: u32,
    entries: Entries,
}

/// A table's entries, at its width.
enum Entries {
    /// Four bits each, as [`Nibbles`].
    Four(Vec<u8>),
    /// Two bits each ([`crate::twobit`]).
    Two(crate::twobit::TwoBits),
}

impl Built {
    /// `built` at `width`.
    fn new((longest, table): Nibbles, width: Width, entries: u64) -> Built {
        let entries = match width {
            Width::Four => Entries::Four(table),
            Width::Two => Entries::Two(crate::twobit::TwoBits::pack(&table, entries)),
        };
        Built { longest, entries }
    }

    /// The lower bound of rank `r`.
    #[inline(always)]
    fn read(&self, r: usize) -> u32 {
        match &self.entries {
            Entries::Four(table) => read(table, r),
            Entries::Two(table) => table.read(r as u64),
        }
    }

    /// Asks for rank `r`'s cache line ahead of its read.
    #[inline(always)]
    fn prefetch(&self, r: usize) {
        match &self.entries {
            Entries::Four(table) => prefetch(table, r),
            Entries::Two(table) => table.prefetch(r as u64),
        }
    }

    /// The entries as a file keeps them.
    fn bytes(&self) -> &[u8] {
        match &self.entries {
            Entries::Four(table) => table,
            Entries::Two(table) => table.bytes(),
        }
    }

    /// The header's number: the largest distance, and a two-bit table's
    /// base in its third byte.
    fn header_number(&self) -> u32 {
        match &self.entries {
            Entries::Four(_) => self.longest,
            Entries::Two(table) => self.longest | u32::from(table.base()) << 16,
        }
    }
}

/// A table as read: the projection, the entries, and for a symmetric
/// image of another table's group, the sets to conjugate (a bit mask) and
/// the symmetry.
type Table = (
    Projected,
    Arc<Built>,
    Option<(u64, TwsSymmetry, ImageRank)>,
    Option<Arc<SymReduced>>,
);

/// The pattern databases of a definition, ready for lookups.
pub struct Tables {
    /// Each table's projection and entries; a table that is a symmetric
    /// image of an earlier one holds that one's, read on the image of the
    /// position (the sets to conjugate, as a bit mask, and the symmetry).
    tables: Vec<Table>,
    /// Each table's projection.
    projections: Vec<Projection>,
    /// The puzzle (what symmetric images are taken in).
    full: Tws,
    /// Further lookups: a table read on a symmetric image of the position
    /// ([`Tables::add_symmetric_lookups`]).
    symmetric: Vec<(usize, u64, TwsSymmetry)>,
    /// Each further lookup's symmetry as its table's ranks read it.
    images: Vec<ImageRank>,
    /// The lookups of a position, in stages: the first look's
    /// ([`Tables::first_look`]), then the second's ([`Tables::refine`]),
    /// each stage read only if the ones before did not cut.
    stages: Vec<Vec<Lookup>>,
    /// Every table on the position ([`Tables::estimate_each`]).
    everything: Vec<Lookup>,
    /// What was built or found.
    pub reports: Vec<TableReport>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.reports.iter().map(|r| &r.projection))
            .finish()
    }
}

/// Distance value of a projected position no move sequence reaches: the
/// position is unsolvable.
pub const UNREACHABLE: u32 = 1 << 20;

impl Tables {
    /// Builds the tables of `projections` (each kept in the context's
    /// tables under the definition's hash and the projection, so a later
    /// solve with the same context finds it). Refused before allocating
    /// when a table passes the context's budget.
    pub fn build(t: &Tws, projections: &[Projection], ctx: &Context) -> Result<Tables, SearchError> {
        Ok(Tables::assemble(t, projections, ctx, true)?.expect("every table may be built"))
    }

    /// The tables of [`Tables::build`] when every one is kept, in the
    /// context's memory or in a file; `None`, with nothing built, when one
    /// would have to be built (so that a short search may answer first).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, prune};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// let plan = prune::plan(&t, 1 << 20);
    /// assert!(prune::Tables::kept(&t, &plan, &ctx).unwrap().is_none());
    /// prune::Tables::build(&t, &plan, &ctx).unwrap();
    /// assert!(prune::Tables::kept(&t, &plan, &ctx).unwrap().is_some());
    /// ```
    pub fn kept(t: &Tws, projections: &[Projection], ctx: &Context) -> Result<Option<Tables>, SearchError> {
        Tables::assemble(t, projections, ctx, false)
    }

    /// [`Tables::build`], or with `may_build` false [`Tables::kept`].
    fn assemble(
        t: &Tws,
        projections: &[Projection],
        ctx: &Context,
        may_build: bool,
    ) -> Result<Option<Tables>, SearchError> {
        let mut tables: Vec<Table> = Vec::new();
        let mut reports: Vec<TableReport> = Vec::new();
        for (i, proj) in projections.iter().enumerate() {
            // A symmetric image of a table already built: that table, read
            // on the position's image.
            let image = (0..i)
                .filter(|&j| !proj.is_coset() && !projections[j].is_coset())
                .find_map(|j| {
                    let sym = t.symmetries().iter().find(|y| {
                        tables[j].2.is_none()
                            && tables[j].3.is_none()
                            && reads(t, &projections[j], Some(y)) == reads(t, proj, None)
                    })?;
                    Some((j, sym))
                });
            if let Some((j, sym)) = image {
                let sets = projections[j].0.iter().fold(0u64, |m, part| m | 1 << part.set);
                let (projected, table) = (tables[j].0.clone(), tables[j].1.clone());
                reports.push(TableReport {
                    projection: format!("{} (as {}, on a symmetric image)", proj.name(t), projections[j].name(t)),
                    entries: reports[j].entries,
                    bytes: 0,
                    origin: "image",
                    seconds: 0.0,
                    longest: table.longest,
                });
                let seen = projected.image_of(t, sym);
                tables.push((projected, table, Some((sets, sym.clone(), seen)), None));
                continue;
            }
            // A product over several sets (a coset's picture among them)
            // is kept once per class of symmetric positions where the
            // symmetries allow.
            let reduced = if proj.0.len() >= 2 {
                // Its classes, kept beside the tables for the next solve.
                let key = format!("tws {:016x} {:?} symmetry classes", t.fingerprint, proj.0);
                ctx.tables()
                    .get_or_make(&key, 0, || SymReduced::new(t, proj).ok_or(()))
                    .ok()
            } else {
                None
            };
            let projected = match &reduced {
                Some(r) => r.projected.clone(),
                None => t.project(&proj.0),
            };
            let entries = match &reduced {
                Some(r) => r.entries(),
                None => projected.tws.rank_space().unwrap_or(u64::MAX),
            };
            let how: Vec<String> = reduced
                .iter()
                .map(|r| format!("up to {} symmetries", r.symmetries()))
                .chain((proj.1 == Width::Two).then(|| "two bits an entry".to_string()))
                .collect();
            let mut name = proj.name(t);
            if !how.is_empty() {
                name.push_str(&format!(" ({})", how.join(", ")));
            }
            let (four, bytes) = (Width::Four.bytes(entries), proj.1.bytes(entries));
            // The projection's key: the metric and the parts. A table of
            // one metric must never serve the other: quarter-turn distances
            // overestimate half-turn ones.
            // (A two-bit table's key is its four-bit table's and the
            // width: the four-bit one, found kept, is packed, not rebuilt.)
            let key4 = format!(
                "tws {:016x} {:?} {:?}{}",
                t.fingerprint,
                t.metric,
                proj.0,
                if reduced.is_some() { " symmetry-reduced" } else { "" }
            );
            let key = match proj.1 {
                Width::Four => key4.clone(),
                Width::Two => format!("{key4} two bits"),
            };
            let clock = web_time::Instant::now();
            let mut origin = "kept";
            let mut wanted = false;
            let table = ctx.tables().get_or_make(&key, bytes, || {
                let file = TableFile::new(t.fingerprint, &key, entries, proj.1);
                tansaku_core::memory::check(&format!("the pattern database of {name}"), bytes, ctx.budget())?;
                origin = "loaded";
                match file.load(ctx) {
                    Ok(Some(table)) => return Ok(table),
                    Ok(None) => {}
                    Err(why) => ctx.notice(&format!("pattern database '{}' {why}: rebuilding it", file.name)),
                }
                // Packing needs the four-bit table beside the two-bit one.
                let mut packing = 0;
                if proj.1 == Width::Two {
                    packing = bytes;
                    let whole = TableFile::new(t.fingerprint, &key4, entries, Width::Four);
                    tansaku_core::memory::check(
                        &format!("packing the pattern database of {name}"),
                        four + packing,
                        ctx.budget(),
                    )?;
                    if let Ok(Some(Built {
                        longest,
                        entries: Entries::Four(table),
                    })) = whole.load(ctx)
                    {
                        let built = Built::new((longest, table), Width::Two, entries);
                        file.save(&built, ctx)?;
                        return Ok(built);
                    }
                }
                if !may_build {
                    wanted = true;
                    return Err(SearchError::Unsupported(format!("{name} is not kept")));
                }
                origin = "built";
                tansaku_core::memory::check(
                    &format!("building the pattern database of {name}"),
                    reduced
                        .as_ref()
                        .map_or_else(|| build_bytes(&projected.tws), |r| r.build_bytes())
                        .saturating_add(packing),
                    ctx.budget(),
                )?;
                ctx.notice(&format!(
                    "building the pattern database of {name} ({entries} entries, {})",
                    tansaku_core::memory::human(bytes)
                ));
                let table = match &reduced {
                    Some(r) => file.resumable(r, &name, ctx)?,
                    None => distances(&projected.tws, ctx)?,
                };
                let table = Built::new(table, proj.1, entries);
                file.save(&table, ctx)?;
                file.remove_part(ctx);
                Ok::<_, SearchError>(table)
            });
            let table = match table {
                Err(_) if wanted => return Ok(None),
                other => other?,
            };
            let seconds = if origin == "kept" {
                0.0
            } else {
                clock.elapsed().as_secs_f64()
            };
            reports.push(TableReport {
                projection: name,
                entries,
                bytes,
                origin,
                seconds,
                longest: table.longest,
            });
            tables.push((projected, table, None, reduced));
        }
        let longest: Vec<u32> = tables.iter().map(|x| x.1.longest).collect();
        Ok(Some(Tables {
            tables,
            projections: projections.to_vec(),
            full: t.clone(),
            symmetric: Vec::new(),
            images: Vec::new(),
            stages: stages(projections, &longest, &[], t.invertible()),
            everything: (0..projections.len()).map(|k| (k, On::Position)).collect(),
            reports,
        }))
    }

    /// The bound of the full puzzle's position `s`: the largest distance
    /// of its projections ([`UNREACHABLE`] when one is never reached).
    /// (The inverse position is as far from the goal: IDA* looks it up
    /// too, but only for the children this lookup does not cut; see
    /// `LowerBound::refine`.)
    #[inline]
    pub fn estimate(&self, s: &[u8]) -> u32 {
        let mut h = 0;
        self.estimate_each(std::iter::once((s, &mut h)));
        h
    }

    /// [`Tables::estimate`] of several positions, each written where it
    /// comes with: every rank of a batch first (each table line asked for
    /// at once), then every lookup, so that the cache misses of a node's
    /// children overlap instead of queueing.
    pub fn estimate_each<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>) {
        self.look(positions, &self.everything);
    }

    /// The first look at several positions (IDA*'s bound of a node's
    /// children): [`Tables::estimate_each`] through the tables that cut
    /// most for their cost, the coset pictures where there are some. The
    /// others wait for [`Tables::refine`], asked only of the positions
    /// this look does not cut.
    pub fn first_look<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>) {
        self.look(positions, &self.stages[0]);
    }

    /// The largest of `lookups`' distances of each position (lookups on
    /// the position itself), in batches.
    #[inline]
    fn look<'a>(&self, positions: impl Iterator<Item = (&'a [u8], &'a mut u32)>, lookups: &[Lookup]) {
        const BATCH: usize = 64;
        let looks = lookups.len();
        if looks == 0 {
            positions.for_each(|(_, out)| *out = 0);
            return;
        }
        let per = (BATCH / looks).max(1);
        let (mut stack, mut heap) = ([0u64; BATCH], Vec::new());
        let ranks: &mut [u64] = if looks > BATCH {
            // More tables than a batch holds (never in practice): a
            // position at a time.
            heap.resize(looks, 0);
            &mut heap
        } else {
            &mut stack
        };
        let mut outs: Vec<&'a mut u32> = Vec::with_capacity(per);
        let flush = |ranks: &mut [u64], outs: &mut Vec<&'a mut u32>| {
            for i in 0..outs.len() {
                self.settle(lookups, &mut ranks[i * looks..(i + 1) * looks]);
            }
            for (i, out) in outs.drain(..).enumerate() {
                *out = self.read_all(lookups, &ranks[i * looks..(i + 1) * looks], 0);
            }
        };
        let mut image = [0u8; super::tws::MAX_BYTES];
        for (s, out) in positions {
            let at = outs.len() * looks;
            self.ranks(s, &mut image, lookups, &mut ranks[at..at + looks]);
            outs.push(out);
            if outs.len() == per {
                flush(ranks, &mut outs);
            }
        }
        flush(ranks, &mut outs);
    }

    /// The ranks of `lookups` (their tables' ranks of `s`, its inverse, or
    /// a symmetric image of it; `inverse` holds the inverse once it is
    /// needed), each line asked for: a table's, or, for a table kept up to
    /// symmetry, the line of the position's class, made a table index by
    /// [`Tables::settle`].
    #[inline]
    fn ranks(&self, s: &[u8], inverse: &mut [u8; super::tws::MAX_BYTES], lookups: &[Lookup], out: &mut [u64]) {
        let t = &self.full;
        let n = t.bytes();
        let mut inverted = false;
        for (&(k, on), out) in lookups.iter().zip(out.iter_mut()) {
            let (p, table, own, reduced) = &self.tables[k];
            let at: &[u8] = match on {
                On::Position | On::Image(_) => s,
                On::Inverse | On::InverseImage(_) => {
                    if !inverted {
                        t.invert(&s[..n], &mut inverse[..n]);
                        inverted = true;
                    }
                    &inverse[..]
                }
            };
            // The image to read: a further lookup's, else the table's own.
            let sym = match on {
                On::Image(i) | On::InverseImage(i) => Some(&self.images[i]),
                On::Position | On::Inverse => own.as_ref().map(|(_, _, y)| y),
            };
            // A table kept per class reads the first set's rank and the
            // others' apart (see `SPLIT`).
            *out = match (reduced, sym) {
                (Some(x), y) => {
                    let (a, b) = p.rank_split(at, y);
                    x.prefetch_class(a);
                    a << SPLIT | b
                }
                (None, None) => p.rank(at),
                (None, Some(y)) => p.rank_image(y, at),
            };
            if reduced.is_none() {
                table.prefetch(*out as usize);
            }
        }
    }

    /// The table indices of ranks [`Tables::ranks`] left (those of tables
    /// kept up to symmetry), each table line asked for.
    #[inline]
    fn settle(&self, lookups: &[Lookup], ranks: &mut [u64]) {
        for (&(k, _), r) in lookups.iter().zip(ranks.iter_mut()) {
            let (_, t, _, reduced) = &self.tables[k];
            if let Some(x) = reduced {
                let r2 = *r;
                *r = x.index_of(r2 >> SPLIT, r2 & ((1 << SPLIT) - 1));
                t.prefetch(*r as usize);
            }
        }
    }

    /// The largest of `h` and the entries `ranks` (settled) name.
    #[inline]
    fn read_all(&self, lookups: &[Lookup], ranks: &[u64], h: u32) -> u32 {
        lookups
            .iter()
            .zip(ranks)
            .fold(h, |h, (&(k, _), &r)| h.max(self.tables[k].1.read(r as usize)))
    }

    /// Adds, for each table that keeps only some pieces of a set, up to
    /// `per_table` lookups of it on a symmetric image `σ s σ⁻¹` of the
    /// position (as far from the goal as `s`: [`Tws::symmetries`]). The
    /// image's kept pieces are other pieces of `s`: a table of the cube's
    /// edges 1-6, read on an image, bounds six other edges. Each lookup
    /// added reads a group no table or earlier lookup reads, chosen to
    /// share as few pieces as can be with those. Returns the groups read,
    /// named as projections are.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, prune};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("3x3x3.tws", &text), None).unwrap() else { panic!() };
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// let plan = prune::plan(&t, 64 << 20); // CORNER 1-6, CORNER 3-8, EDGE 1-6, EDGE 7-12
    /// let mut tables = prune::Tables::build(&t, &plan, &ctx).unwrap();
    /// let read = tables.add_symmetric_lookups(&t, t.symmetries(), 1);
    /// assert_eq!(read.len(), 4);
    /// ```
    pub fn add_symmetric_lookups(&mut self, t: &Tws, syms: &[TwsSymmetry], per_table: usize) -> Vec<String> {
        let mut read: Vec<Vec<(usize, u64, bool)>> = self.projections.iter().map(|p| reads(t, p, None)).collect();
        let mut names = Vec::new();
        for k in 0..self.tables.len() {
            let proj = &self.projections[k];
            // (A coset's picture read on an image reads other pieces'
            // orientations only when some of its orbits are unturned.)
            if self.tables[k].2.is_some() || proj.0.iter().all(|part| part.pieces.len() == t.classes_of(part.set)) {
                continue;
            }
            for _ in 0..per_table {
                let shared = |r: &[(usize, u64, bool)]| {
                    read.iter()
                        .map(|other| {
                            r.iter()
                                .map(|&(set, m, _)| {
                                    other
                                        .iter()
                                        .filter(|o| o.0 == set)
                                        .map(|o| (o.1 & m).count_ones())
                                        .sum::<u32>()
                                })
                                .sum::<u32>()
                        })
                        .max()
                        .unwrap_or(0)
                };
                let best = syms
                    .iter()
                    .map(|y| (reads(t, proj, Some(y)), y))
                    .filter(|(r, _)| !read.contains(r))
                    .min_by_key(|(r, _)| shared(r));
                let Some((r, y)) = best else { break };
                names.push(
                    r.iter()
                        .filter(|&&(_, m, _)| m != 0)
                        .map(|&(set, m, _)| {
                            let pieces: Vec<u8> = (0..64u8).filter(|&p| m >> p & 1 == 1).collect();
                            format!("{} {}", t.sets[set].name, ranges(&pieces))
                        })
                        .collect::<Vec<_>>()
                        .join(" + "),
                );
                read.push(r);
                let sets = proj.0.iter().fold(0u64, |m, part| m | 1 << part.set);
                self.images.push(self.tables[k].0.image_of(t, y));
                self.symmetric.push((k, sets, y.clone()));
            }
        }
        let longest: Vec<u32> = self.tables.iter().map(|x| x.1.longest).collect();
        self.stages = stages(&self.projections, &longest, &self.symmetric, t.invertible());
        names
    }

    /// The second look at a position `s` whose first look
    /// ([`Tables::first_look`]) gave `h` (IDA*'s `refine`): the lookups the
    /// first left, stage by stage, strongest first (the coset pictures on
    /// the inverse position and on symmetric images, then the other tables
    /// on the position, its inverse and its images), stopping as soon as
    /// the bound passes `enough`. Within a stage every address is computed
    /// and asked for before any is read, so that the misses overlap.
    #[inline]
    pub fn refine(&self, s: &[u8], h: u32, enough: u32) -> u32 {
        const MOST: usize = 32;
        let mut h = h;
        let mut inverse = [0u8; super::tws::MAX_BYTES];
        for stage in &self.stages[1..] {
            for lookups in stage.chunks(MOST) {
                let mut ranks = [0u64; MOST];
                let ranks = &mut ranks[..lookups.len()];
                self.ranks(s, &mut inverse, lookups, ranks);
                self.settle(lookups, ranks);
                h = self.read_all(lookups, ranks, h);
            }
            if h > enough {
                break;
            }
        }
        h
    }

    /// [`Tables::refine`] of a node's children together: `h[i]` is child
    /// `i`'s first look (`at(i)` its position), raised through the later
    /// stages while it stays at most `enough`. Within a stage the
    /// addresses of every child still open are asked for before any is
    /// read, so that one child's misses overlap another's, not only its
    /// own (a child alone has two or three lookups in a stage). Each
    /// child it leaves open ends with the bound [`Tables::refine`] gives it;
    /// one the first look cuts is left as it is.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, prune};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// let tables = prune::Tables::build(&t, &prune::plan(&t, 1 << 16), &ctx).unwrap();
    /// let kids = [t.scramble("R U F").unwrap(), t.scramble("U2 R' F U").unwrap()];
    /// let mut h = [0u32; 2];
    /// tables.first_look(kids.iter().map(|s| &s[..]).zip(h.iter_mut()));
    /// let one: Vec<u32> = kids.iter().zip(&h).map(|(s, &h)| tables.refine(s, h, 9)).collect();
    /// tables.refine_each(|i| &kids[i][..], &mut h, 9);
    /// assert_eq!(h.to_vec(), one);
    /// ```
    pub fn refine_each<'a>(&self, at: impl Fn(usize) -> &'a [u8], h: &mut [u32], enough: u32) {
        const MOST: usize = 64;
        let mut inverse = [0u8; super::tws::MAX_BYTES];
        // The children still open (on the stack for any node of up to
        // `MOST` children).
        let (mut stack, mut heap) = ([0usize; MOST], Vec::new());
        let all: &mut [usize] = if h.len() <= MOST {
            &mut stack[..h.len()]
        } else {
            heap.resize(h.len(), 0);
            &mut heap
        };
        let mut open = 0;
        for (i, &hi) in h.iter().enumerate() {
            if hi <= enough {
                all[open] = i;
                open += 1;
            }
        }
        for stage in &self.stages[1..] {
            if open == 0 {
                break;
            }
            for lookups in stage.chunks(MOST) {
                let looks = lookups.len();
                let mut ranks = [0u64; MOST];
                for batch in all[..open].chunks(MOST / looks) {
                    for (j, &i) in batch.iter().enumerate() {
                        self.ranks(at(i), &mut inverse, lookups, &mut ranks[j * looks..(j + 1) * looks]);
                    }
                    for j in 0..batch.len() {
                        self.settle(lookups, &mut ranks[j * looks..(j + 1) * looks]);
                    }
                    for (j, &i) in batch.iter().enumerate() {
                        h[i] = self.read_all(lookups, &ranks[j * looks..(j + 1) * looks], h[i]);
                    }
                }
            }
            let mut kept = 0;
            for k in 0..open {
                if h[all[k]] <= enough {
                    all[kept] = all[k];
                    kept += 1;
                }
            }
            open = kept;
        }
    }

    /// Number of tables.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// True when there is no table.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
}

/// Where a lookup reads its table: on the position, on its inverse, on
/// the symmetric image of a further lookup ([`Tables::add_symmetric_lookups`]),
/// or on that image of the inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum On {
    Position,
    Inverse,
    Image(usize),
    InverseImage(usize),
}

/// A lookup: the table and where it is read.
type Lookup = (usize, On);

/// The stages of a position's lookups. Where some tables are products
/// of several sets, coset pictures among them (they cut far more than the single-set tables: on the 3x3x3 at
/// 4G, of the children the first look leaves, the picture on the inverse
/// and its two images cut 1.5M each, the corner table 82K, an edge table
/// 6K): the pictures first, then their inverse and images, then their
/// images read on the inverse (a fifth fewer nodes, 11% less time on a
/// 17-mover), then the rest, save the tables far weaker than the pictures
/// (`longest`: each table's deepest distance). Else every table, then the
/// inverse and the images. (Lookups on the inverse only for a group
/// puzzle, `invertible`.)
fn stages(
    projections: &[Projection],
    longest: &[u32],
    symmetric: &[(usize, u64, TwsSymmetry)],
    invertible: bool,
) -> Vec<Vec<Lookup>> {
    let strong: Vec<bool> = projections.iter().map(|p| p.0.len() >= 2).collect();
    let second = |keep: &dyn Fn(usize) -> bool| -> Vec<Lookup> {
        let inverse = (0..projections.len())
            .filter(|&k| invertible && keep(k))
            .map(|k| (k, On::Inverse));
        let images = symmetric
            .iter()
            .enumerate()
            .filter(|(_, (k, _, _))| keep(*k))
            .map(|(i, (k, _, _))| (*k, On::Image(i)));
        inverse.chain(images).collect()
    };
    let on_position = |keep: &dyn Fn(usize) -> bool| -> Vec<Lookup> {
        (0..projections.len())
            .filter(|&k| keep(k))
            .map(|k| (k, On::Position))
            .collect()
    };
    // A table whose deepest position is two moves short of a picture's
    // deepest is not read after the pictures: on the 3x3x3 at 4G (deepest
    // 13 against 11) the single tables cut 260 of the 391K children that
    // reach them, for 10 lookups each (their stage was a fifth of the
    // search's time); at 64M (11 against 10) they cut 12%, at 1G (12
    // against 11) 28-35%.
    let deepest = (0..projections.len())
        .filter(|&k| strong[k])
        .map(|k| longest[k])
        .max()
        .unwrap_or(0);
    if strong.iter().any(|&x| x) && !strong.iter().all(|&x| x) {
        let weak = |k: usize| !strong[k] && longest[k] + 2 > deepest;
        let mut last = on_position(&weak);
        last.extend(second(&weak));
        // The pictures' images read on the inverse, a stage of their own.
        let inverse_images: Vec<Lookup> = symmetric
            .iter()
            .enumerate()
            .filter(|(_, (k, _, _))| invertible && strong[*k])
            .map(|(i, (k, _, _))| (*k, On::InverseImage(i)))
            .collect();
        vec![
            on_position(&|k| strong[k]),
            second(&|k| strong[k]),
            inverse_images,
            last,
        ]
    } else {
        vec![on_position(&|_| true), second(&|_| true)]
    }
}

/// Between [`Tables::ranks`] and [`Tables::settle`], a table kept up to
/// symmetry holds its first set's rank shifted by this many bits, beside
/// the other sets' rank (below `2^27` by `symtable`'s limits).
const SPLIT: u32 = 32;

/// The pieces a lookup of `proj`'s table reads, per set (the set, a bit
/// mask of pieces, whether their orientation counts): its own, or, read on
/// the image `σ s σ⁻¹`, the pieces `σ` takes onto its own.
fn reads(t: &Tws, proj: &Projection, sym: Option<&TwsSymmetry>) -> Vec<(usize, u64, bool)> {
    proj.0
        .iter()
        .map(|part| {
            let n = t.sets[part.set].count;
            let mask = (0..n)
                .filter(|&p| {
                    let q = sym.map_or(p, |y| y.slot(part.set, p)) as u8;
                    if part.alike.is_empty() {
                        part.pieces.contains(&q)
                    } else {
                        // A coset's picture: the pieces whose orientation
                        // it reads.
                        part.orientation
                            && part
                                .alike
                                .iter()
                                .enumerate()
                                .any(|(g, group)| part.unturned >> g & 1 == 0 && group.contains(&q))
                    }
                })
                .fold(0u64, |m, p| m | 1 << p);
            (part.set, mask, part.orientation)
        })
        .collect()
}

/// Entry `r` of a table of nibbles, [`UNREACHABLE`] for 15.
#[inline(always)]
fn read(table: &[u8], r: usize) -> u32 {
    let d = table[r >> 1] >> ((r & 1) << 2) & 0xF;
    if d == NIBBLE_UNREACHED {
        UNREACHABLE
    } else {
        u32::from(d)
    }
}

/// Asks for entry `r`'s cache line ahead of its read.
#[inline(always)]
fn prefetch(table: &[u8], r: usize) {
    if let Some(x) = table.get(r >> 1) {
        tansaku_core::memory::prefetch(x);
    }
}

/// Bytes a table's build holds at its peak: the block engine's bitsets and
/// table ([`XorProjection`]), or the dense engine's byte a rank, the
/// table of nibbles made from it and the move tables.
fn build_bytes(t: &Tws) -> u64 {
    let entries = t.rank_space().unwrap_or(u64::MAX);
    match XorProjection::new(t) {
        Some(x) => x.build_bytes(),
        None => DistanceTable::bytes_for(entries)
            .saturating_add(entries.div_ceil(2))
            .saturating_add(Coords::bytes(t)),
    }
}

/// The distance table of a projected puzzle, four bits a rank, and its
/// largest distance: built by the block engine where it suits
/// ([`XorProjection`]: pieces with two orientations), else by the dense
/// engine (a byte a rank, on every core) and then halved.
fn distances(t: &Tws, ctx: &Context) -> Result<Nibbles, SearchError> {
    use super::tws::Perm;
    if let Some(x) = XorProjection::new(t) {
        let n = x.distances(ctx)?;
        return Ok((n.longest, n.table));
    }
    let opts = RetroOptions {
        keep: 0,
        ctx: ctx.clone(),
        ..RetroOptions::default()
    };
    let (longest, table) = if let Some(c) = Coords::new(t) {
        retrograde_dense(&c, opts).map(|(a, d)| (a.longest, d))?
    } else if t.bytes() <= 16 {
        retrograde_dense(&Perm::<super::Cells<16>>::new(t), opts).map(|(a, d)| (a.longest, d))?
    } else if t.bytes() <= 32 {
        retrograde_dense(&Perm::<super::Cells<32>>::new(t), opts).map(|(a, d)| (a.longest, d))?
    } else {
        retrograde_dense(&Perm::<super::Cells<64>>::new(t), opts).map(|(a, d)| (a.longest, d))?
    };
    Ok((longest, nibbles_of(&table.into_bytes())))
}

/// The file of a table, kept as the sliding puzzles' are: a header naming
/// the definition (its text's hash) and the projection, a checksum, written
/// to a temporary name and renamed.
///
/// | bytes | field |
/// |---|---|
/// | 16 | `tansaku-tws-pdb\n` |
/// | 4 | format version (little-endian) |
/// | 4 | the largest distance (a two-bit table: its base in the third byte) |
/// | 8 | the definition's hash |
/// | 8 | the projection's hash |
/// | 8 | entries |
/// | 8 | XXH3-64 of the bytes above and of the table |
/// | entries / 2 | the table, four bits an entry (15: never reached); or two bits an entry, in lines of 64 bytes ([`crate::twobit`]) |
///
/// A checkpoint of an unfinished build has the same header (its own
/// magic, the levels whole in place of the largest distance) and the
/// table at four bits, whatever the finished table's width.
struct TableFile {
    name: String,
    head: [u8; HEADER],
    entries: u64,
    width: Width,
}

const MAGIC: &[u8; 16] = b"tansaku-tws-pdb\n";
/// The magic of a checkpoint: the header of a table file, the levels whole
/// in place of the largest distance.
const PART_MAGIC: &[u8; 16] = b"tansaku-tws-prt\n";
/// Version of the file format; a file of another version is rebuilt.
/// 2: the twists of pieces kept among others are ranked in piece order;
/// 3: four bits an entry, the largest distance in the header.
const VERSION: u32 = 3;
const HEADER: usize = 16 + 4 + 4 + 8 + 8 + 8 + 8;

impl TableFile {
    fn new(definition: u64, key: &str, entries: u64, width: Width) -> Self {
        let projection = xxhash_rust::xxh3::xxh3_64(key.as_bytes());
        let mut head = [0u8; HEADER];
        head[..16].copy_from_slice(MAGIC);
        head[16..20].copy_from_slice(&VERSION.to_le_bytes());
        head[24..32].copy_from_slice(&definition.to_le_bytes());
        head[32..40].copy_from_slice(&projection.to_le_bytes());
        head[40..48].copy_from_slice(&entries.to_le_bytes());
        TableFile {
            name: format!("tws-{definition:016x}-{projection:016x}.pdb"),
            head,
            entries,
            width,
        }
    }

    /// The checksum of a header (its first `HEADER - 8` bytes) and table.
    fn checksum(head: &[u8], table: &[u8]) -> [u8; 8] {
        let mut sum = xxhash_rust::xxh3::Xxh3::new();
        sum.update(&head[..HEADER - 8]);
        sum.update(table);
        sum.digest().to_le_bytes()
    }

    /// The table from its file: `Ok(None)` when there is none, `Err(why)`
    /// when it cannot be trusted.
    fn load(&self, ctx: &Context) -> Result<Option<Built>, String> {
        let tables = ctx.tables();
        let read = if let Some(store) = tables.store().filter(|_| tables.dir().is_none()) {
            store.read(&self.name).map(|mut bytes| {
                // The table moves down over the header (no second copy).
                let head = bytes[..bytes.len().min(HEADER)].to_vec();
                bytes.copy_within(head.len().., 0);
                bytes.truncate(bytes.len() - head.len());
                (head, bytes)
            })
        } else {
            self.read_file(tables.dir(), &self.name, self.width)
        };
        let Some((head, table)) = read else { return Ok(None) };
        let number = self.trust(&head, &table, MAGIC, self.width, "is not a tansaku pattern database")?;
        Ok(Some(match self.width {
            Width::Four => Built {
                longest: number,
                entries: Entries::Four(table),
            },
            Width::Two => Built {
                longest: number & 0xFFFF,
                entries: Entries::Two(crate::twobit::TwoBits::from_bytes((number >> 16) as u8, table)),
            },
        }))
    }

    /// The number in a file's header (the largest distance, or the levels
    /// a checkpoint holds) when its magic, version, table and checksum are
    /// this table's; else why not.
    fn trust(&self, head: &[u8], table: &[u8], magic: &[u8; 16], width: Width, not_ours: &str) -> Result<u32, String> {
        if head.len() < HEADER || head[..16] != magic[..] {
            return Err(not_ours.into());
        }
        let version = u32::from_le_bytes(head[16..20].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(format!(
                "was written in format version {version} (this tansaku reads {VERSION})"
            ));
        }
        if head[24..HEADER - 8] != self.head[24..HEADER - 8] {
            return Err("holds the table of another definition or projection".into());
        }
        if table.len() as u64 != width.bytes(self.entries) {
            return Err(format!("is truncated or overlong ({} entries expected)", self.entries));
        }
        if head[HEADER - 8..] != Self::checksum(head, table) {
            return Err("is corrupt (its checksum does not match)".into());
        }
        Ok(u32::from_le_bytes(head[20..24].try_into().expect("4 bytes")))
    }

    /// The name of the checkpoint of an unfinished build.
    fn part_name(&self) -> String {
        format!("{}.part", self.name)
    }

    /// The checkpoint of an unfinished build in the tables' folder: the
    /// levels it holds and its table; `Ok(None)` when there is none,
    /// `Err(why)` when it cannot be trusted.
    fn load_part(&self, ctx: &Context) -> Result<Option<(u32, Vec<u8>)>, String> {
        let Some((head, table)) = self.read_file(ctx.tables().dir(), &self.part_name(), Width::Four) else {
            return Ok(None);
        };
        self.trust(&head, &table, PART_MAGIC, Width::Four, "is not a tansaku checkpoint")
            .map(|level| Some((level, table)))
    }

    /// Keeps the table of an unfinished build whose levels up to `level`
    /// are whole, in the tables' folder (written whole, then renamed over
    /// the last checkpoint).
    fn save_part(&self, level: u32, table: &[u8], ctx: &Context) -> Result<(), String> {
        let mut head = self.head;
        head[..16].copy_from_slice(PART_MAGIC);
        head[20..24].copy_from_slice(&level.to_le_bytes());
        let sum = Self::checksum(&head, table);
        head[HEADER - 8..].copy_from_slice(&sum);
        self.write_file(ctx.tables().dir(), &self.part_name(), &head, table)
    }

    /// Removes the checkpoint once the table is whole.
    fn remove_part(&self, ctx: &Context) {
        #[cfg(feature = "files")]
        if let Some(dir) = ctx.tables().dir() {
            let _ = std::fs::remove_file(dir.join(self.part_name()));
        }
        #[cfg(not(feature = "files"))]
        let _ = ctx;
    }

    /// Builds the reduced table `r` (named `name` to the user), going on
    /// from the checkpoint a stopped or killed build left, and keeping one
    /// after each level that ends at least the tables' checkpoint interval
    /// after the last.
    fn resumable(&self, r: &SymReduced, name: &str, ctx: &Context) -> Result<Nibbles, SearchError> {
        let resume = match self.load_part(ctx) {
            Ok(Some((level, table))) => {
                ctx.notice(&format!(
                    "going on with the pattern database of {name} from its checkpoint '{}' (levels 0-{level})",
                    self.part_name()
                ));
                Some((level, table))
            }
            Ok(None) => None,
            Err(why) => {
                ctx.notice(&format!("checkpoint '{}' {why}: starting over", self.part_name()));
                None
            }
        };
        let every = ctx.tables().checkpoint_every();
        let mut last = web_time::Instant::now();
        let mut keep = |level: u32, table: &[u8]| {
            if ctx.tables().dir().is_none() || last.elapsed() < every {
                return Ok(());
            }
            match self.save_part(level, table, ctx) {
                Ok(()) => {}
                Err(why) if ctx.tables().explicit() => return Err(SearchError::Unsupported(why)),
                Err(why) => ctx.notice(&format!("{why}; the build goes on without a checkpoint")),
            }
            last = web_time::Instant::now();
            Ok(())
        };
        r.distances(ctx, resume, &mut keep)
    }

    /// The file's header and table, the table read straight into memory
    /// on huge pages where the system has them (lookups land anywhere in
    /// it). A file of the wrong length gives its header only.
    #[cfg(feature = "files")]
    fn read_file(&self, dir: Option<&std::path::Path>, name: &str, width: Width) -> Option<(Vec<u8>, Vec<u8>)> {
        use std::io::Read;
        let mut file = std::fs::File::open(dir?.join(name)).ok()?;
        let len = file.metadata().ok()?.len();
        let mut head = vec![0u8; (len as usize).min(HEADER)];
        file.read_exact(&mut head).ok()?;
        if len != HEADER as u64 + width.bytes(self.entries) {
            // Refused as truncated or overlong, from its header.
            return Some((head, Vec::new()));
        }
        let mut table = tansaku_core::memory::huge_zeroed(len as usize - HEADER);
        file.read_exact(&mut table).ok()?;
        Some((head, table))
    }

    #[cfg(not(feature = "files"))]
    fn read_file(&self, _: Option<&std::path::Path>, _: &str, _: Width) -> Option<(Vec<u8>, Vec<u8>)> {
        None
    }

    /// Keeps the table (a folder chosen by the user that cannot be written
    /// is an error; elsewhere a notice).
    fn save(&self, built: &Built, ctx: &Context) -> Result<(), SearchError> {
        let tables = ctx.tables();
        let mut head = self.head;
        head[20..24].copy_from_slice(&built.header_number().to_le_bytes());
        let table = built.bytes();
        let sum = Self::checksum(&head, table);
        head[HEADER - 8..].copy_from_slice(&sum);
        let written = if let Some(store) = tables.store().filter(|_| tables.dir().is_none()) {
            let mut bytes = head.to_vec();
            bytes.extend_from_slice(table);
            store.write(&self.name, &bytes)
        } else {
            self.write_file(tables.dir(), &self.name, &head, table)
        };
        match written {
            Ok(()) => Ok(()),
            Err(why) if tables.explicit() => Err(SearchError::Unsupported(why)),
            Err(why) => {
                ctx.notice(&format!("{why}; the table is used but not kept"));
                Ok(())
            }
        }
    }

    #[cfg(feature = "files")]
    fn write_file(&self, dir: Option<&std::path::Path>, name: &str, head: &[u8], table: &[u8]) -> Result<(), String> {
        let Some(dir) = dir else { return Ok(()) };
        let fail = |what: &str, e: std::io::Error| format!("cannot {what} '{}': {e}", dir.display());
        std::fs::create_dir_all(dir).map_err(|e| fail("create the folder", e))?;
        let path = dir.join(name);
        let temp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        tansaku_core::memory::write_whole(&path, &temp, &[head, table]).map_err(|e| fail("write a table into", e))
    }

    #[cfg(not(feature = "files"))]
    fn write_file(&self, _: Option<&std::path::Path>, _: &str, _: &[u8], _: &[u8]) -> Result<(), String> {
        Ok(())
    }
}
