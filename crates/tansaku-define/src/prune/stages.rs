//! The order in which a position's lookups are read: the tables on the
//! position, its inverse and its symmetric images, in stages, the
//! strongest first; and which pieces each lookup reads.

use super::Projection;
use crate::symmetry::TwsSymmetry;
use crate::tws::Tws;

/// Where a lookup reads its table: on the position, on its inverse, on
/// the symmetric image of a further lookup ([`Tables::add_symmetric_lookups`]),
/// or on that image of the inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum On {
    Position,
    Inverse,
    Image(usize),
    InverseImage(usize),
}

/// A lookup: the table and where it is read.
pub(super) type Lookup = (usize, On);

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
pub(super) fn stages(
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

/// The pieces a lookup of `proj`'s table reads, per set (the set, a bit
/// mask of pieces, whether their orientation counts): its own, or, read on
/// the image `σ s σ⁻¹`, the pieces `σ` takes onto its own.
pub(super) fn reads(t: &Tws, proj: &Projection, sym: Option<&TwsSymmetry>) -> Vec<(usize, u64, bool)> {
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
