//! Small orbits read as one: adjacent parts of a rank fused into one
//! table.
//!
//! A successor's rank is each part's table read and its share summed
//! ([`super::Moves`]). A puzzle of many small orbits pays that per orbit:
//! the Master Pyramorphix has ten, six of them one slot. Adjacent parts
//! whose coordinates are arithmetic ([`Coordinate::Split`]) and whose
//! joint keys are few are fused: a key is the invariants the parts read
//! (their parities and sums, each place once) and their joint digit of
//! the rank, and the table gives, per key and move, the parts' joint share
//! of the successor's rank and what they add to the invariants' code.
//! The ranks do not change, only how a successor's rank is computed.

use super::{Coordinate, Orbit, Part, Reach};
use std::ops::Range;

/// Entries (keys times moves) of a fused table, at most: 128 kB at 8
/// bytes an entry, read from the second-level cache.
const MAX_FUSED: u64 = 1 << 14;

/// The invariants' places an arithmetic orbit's coordinates read.
fn places(orbit: &Orbit) -> impl Iterator<Item = usize> {
    orbit.parity.into_iter().chain(orbit.sum)
}

/// The orbits of `reach` that carry a part, in the parts' order (a tie's
/// first member carries its share, the others none).
pub(super) fn part_orbits(reach: &Reach) -> impl DoubleEndedIterator<Item = &Orbit> {
    reach
        .orbits
        .iter()
        .enumerate()
        .filter(|&(i, o)| o.tie.is_none_or(|k| reach.ties[k].members[0] == i))
        .map(|(_, o)| o)
}

/// Runs of two parts or more to fuse, by index in the parts' order, and
/// the keys of each: adjacent arithmetic parts, a run cut where its keys
/// times `moves` would pass [`MAX_FUSED`].
pub(super) fn runs(reach: &Reach, moves: u64) -> Vec<(Range<usize>, u64)> {
    // A share and a code are kept in 32 bits each.
    if reach.index.len() as u64 > u64::from(u32::MAX) {
        return Vec::new();
    }
    let fits = |p: &[usize], span: u64| keys(reach, p, span).saturating_mul(moves) <= MAX_FUSED;
    let mut runs = Vec::new();
    let close = |runs: &mut Vec<_>, run: Option<(usize, Vec<usize>, u64)>, end: usize| {
        if let Some((start, p, span)) = run.filter(|r| end >= r.0 + 2) {
            runs.push((start..end, keys(reach, &p, span)));
        }
    };
    let orbits: Vec<&Orbit> = part_orbits(reach).collect();
    // The run so far: its first part, the places it reads, its span.
    let mut run: Option<(usize, Vec<usize>, u64)> = None;
    for (i, orbit) in orbits.iter().enumerate() {
        let arithmetic = orbit.tie.is_none() && orbit.table.is_none();
        if let Some((start, p, span)) = run.as_ref().filter(|_| arithmetic) {
            let p: Vec<usize> = p.iter().copied().chain(places(orbit)).collect();
            let span = span.saturating_mul(orbit.span);
            if fits(&p, span) {
                run = Some((*start, p, span));
                continue;
            }
        }
        close(&mut runs, run.take(), i);
        let p: Vec<usize> = places(orbit).collect();
        if arithmetic && fits(&p, orbit.span) {
            run = Some((i, p, orbit.span));
        }
    }
    close(&mut runs, run, orbits.len());
    runs
}

/// The keys of parts reading the invariants at `places_of` (each once),
/// of joint span `span`.
fn keys(reach: &Reach, places_of: &[usize], span: u64) -> u64 {
    let mut p = places_of.to_vec();
    p.sort_unstable();
    p.dedup();
    p.iter()
        .fold(span, |k, &i| k.saturating_mul(u64::from(reach.moduli[i])))
}

impl Part {
    /// The parts `members` (adjacent, arithmetic, the most significant
    /// first) as one: see the module documentation.
    pub(super) fn fused(members: &[Part], reach: &Reach, moves: usize) -> Part {
        let mut at: Vec<usize> = members
            .iter()
            .flat_map(|p| p.parity_at.into_iter().chain(p.sum_at))
            .collect();
        at.sort_unstable();
        at.dedup();
        let places: Vec<(usize, u8)> = at.iter().map(|&k| (k, reach.moduli[k])).collect();
        let last = members.last().expect("a run of two parts or more");
        let span: u64 = members.iter().map(|p| p.span).product();
        let combos: u64 = places.iter().map(|&(_, m)| u64::from(m)).product();
        let mut next = vec![0u64; (combos * span) as usize * moves];
        let mut v = [0u8; super::super::MAX_KEPT];
        for l in 0..combos {
            let mut rest = l;
            for &(k, m) in places.iter().rev() {
                v[k] = (rest % u64::from(m)) as u8;
                rest /= u64::from(m);
            }
            for x in 0..span {
                let coords: Vec<[usize; 3]> = members
                    .iter()
                    .map(|p| p.coordinates(x / (p.weight / last.weight) % p.span, &v))
                    .collect();
                let row = ((l * span + x) as usize) * moves;
                for a in 0..moves {
                    let (mut share, mut code) = (0u64, 0u64);
                    for (p, c) in members.iter().zip(&coords) {
                        let (local, add) = p.after(c, a, moves);
                        share += local * (p.weight / last.weight);
                        code += add;
                    }
                    debug_assert!(share < span && code < 1 << 32);
                    next[row + a] = share << 32 | code;
                }
            }
        }
        Part {
            coordinate: Coordinate::Fused { next },
            span,
            weight: last.weight,
            parity_code: [0, 0],
            sum_code: Vec::new(),
            class_code: Vec::new(),
            parity_at: None,
            sum_at: None,
            places,
            compact: Vec::new(),
        }
    }
}
