//! Which tables fit: the planner of a definition's pattern databases
//! within a table budget and the machine's memory.

use super::Projection;
use super::Width;
use super::tables::build_bytes;
use crate::coord::Coords;
use crate::symmetry::TwsSymmetry;
use crate::symtable::SymReduced;
use crate::tws::{SetPart, Tws};

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
/// // 58.8 MB of entries and 7.2 MB of index (the classes of the corners,
/// // the edges' images under the 48 symmetries).
/// assert!(coset.reduced_bytes(&t).unwrap() < 70_000_000);
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
            let estimate = SymReduced::estimate(t, &p.0);
            let entries = match estimate {
                Some(e) => Some(e.entries),
                None => p.entries(t),
            };
            let two = entries.is_some_and(|n| Width::Four.bytes(n) > TWO_BITS_PAST);
            let packed = two.then(|| Projection(p.0.clone(), Width::Two));
            let positions = p.entries(t).unwrap_or(0);
            // The index of a table kept up to symmetry, held beside it.
            let index = estimate.map_or(0, |e| e.index_bytes);
            std::iter::once(p).chain(packed).filter_map(move |p| {
                let bytes = entries.map(|n| p.1.bytes(n))? + index;
                let four = Width::Four.bytes(entries?);
                let build = match estimate {
                    // The table, filled in place, and the moves.
                    Some(_) => four + Coords::bytes(&t.project(&p.0).tws),
                    None => build_bytes(&t.project(&p.0).tws),
                } + if p.1 == Width::Two { bytes } else { index };
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
/// // up to symmetry, its index counted), then tables of single sets in
/// // what it leaves.
/// let one = "EDGE in 3 orbits, 1 turned";
/// assert_eq!(
///     names(64 << 20),
///     ["EDGE in 3 orbits (no orientation) + CORNER in 2 orbits, 1 turned", "CORNER 1-6", "CORNER 3-8", "EDGE 1-6", "EDGE 7-12"]
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
    if t.bytes() > crate::tws::MAX_BYTES {
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
                .filter(|_| builds_within(t, &contiguous, memory, budget - left))
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
                .filter(|_| builds_within(t, &images[..1], memory, budget - left))
            {
                left -= one;
                out.extend(images);
                break;
            }
        }
    }
    if !paired {
        out.extend(products(t, &sets, left, memory, budget - left));
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
fn products(t: &Tws, sets: &[usize], left: u64, memory: Option<u64>, held: u64) -> Vec<Projection> {
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
        if total_bytes(t, &tables).is_some_and(|n| n <= left) && builds_within(t, &tables, memory, held) {
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
    // Each kept up to symmetry, its build (the table, its index, the
    // moves) within the machine's memory.
    let reduced = tables.iter().all(|p| {
        SymReduced::estimate(t, &p.0).is_some_and(|e| {
            memory.is_none_or(|m| e.entries.div_ceil(2) + e.index_bytes + Coords::bytes(&t.project(&p.0).tws) <= m)
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
/// onto alike pieces: [`crate::tws::Projected::symmetry`] of the puzzle
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

/// Whether each of `projections` (single sets' tables), built in order
/// after tables that hold `held` bytes, is built within `memory` bytes
/// (none: any): its build (the table, and the move tables of its engine)
/// beside the tables before it. Squareone's six pieces of its slice keep
/// 48 MB but their move tables would take 8.8 GB.
fn builds_within(t: &Tws, projections: &[Projection], memory: Option<u64>, held: u64) -> bool {
    let Some(m) = memory else { return true };
    let mut held = held;
    projections.iter().all(|p| {
        let fits = held.saturating_add(build_bytes(&t.project(&p.0).tws)) <= m;
        held = held.saturating_add(p.bytes(t).unwrap_or(u64::MAX));
        fits
    })
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
