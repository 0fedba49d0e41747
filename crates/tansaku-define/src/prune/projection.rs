//! What a table keeps: a projection of the puzzle (some pieces of some
//! sets, with or without their orientation) and the width of its entries.

use crate::symtable::SymReduced;
use crate::tws::{SetPart, Tws};
use serde::Serialize;

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

    /// Bytes it holds as [`Tables::build`] keeps it: a product over
    /// several sets reduced by symmetry where it can be, its table and
    /// the index of its classes (about: [`SymReduced::estimate`]), else
    /// [`Projection::bytes`].
    ///
    /// [`Tables::build`]: super::Tables::build
    pub fn reduced_bytes(&self, t: &Tws) -> Option<u64> {
        match (self.0.len() >= 2).then(|| SymReduced::estimate(t, &self.0)).flatten() {
            Some(e) => Some(self.1.bytes(e.entries) + e.index_bytes),
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

/// Pieces (from 0) written from 1 as ranges: `1-6`, `1,3,7-9`.
pub(super) fn ranges(pieces: &[u8]) -> String {
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
