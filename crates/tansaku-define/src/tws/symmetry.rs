//! A symmetry of a `.tws` puzzle as a value: where each slot goes and how
//! its orientation turns. Found from the moves by [`crate::symmetry`];
//! kept here so that a [`super::Tws`] can hold its own.

/// A symmetry of a [`super::Tws`] puzzle: slot `i` of a set goes to slot `to[i]`,
/// and orientation `o` there becomes `add[i] + o` (or `add[i] - o` when the
/// set is mirrored). A piece `p` on it becomes piece `piece[p]`, turned
/// by `add_piece[p]`: where pieces are distinct, `to` and `add` again (a
/// piece is named by its home slot); where some are alike, the label its
/// pieces' homes take in the solved position ([`super::Tws::position_symmetries`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TwsSymmetry {
    /// Per set: where each slot goes.
    pub(crate) to: Vec<Vec<u8>>,
    /// Per set: the orientation added at each slot.
    pub(crate) add: Vec<Vec<u8>>,
    /// Per set: orientations counted the other way round (a reflection).
    pub(crate) mirrored: Vec<bool>,
    /// Per set: what each piece (by its byte in a position) becomes.
    pub(crate) piece: Vec<Vec<u8>>,
    /// Per set: the orientation added to each piece (by its byte).
    pub(crate) add_piece: Vec<Vec<u8>>,
}

impl TwsSymmetry {
    /// Whether this symmetry reverses orientations (a reflection).
    pub fn mirrors(&self) -> bool {
        self.mirrored.iter().any(|&m| m)
    }

    /// Where the set `set`'s piece (or slot) `i` goes.
    pub fn slot(&self, set: usize, i: usize) -> usize {
        usize::from(self.to[set][i])
    }
}

/// The symmetries found for a puzzle: every symmetry of its moves (the
/// identity first), how many of them map positions as group elements
/// (all, or the identity alone), and those that map its positions where
/// pieces are alike.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) all: Vec<TwsSymmetry>,
    pub(crate) group: usize,
    pub(crate) labelled: Vec<TwsSymmetry>,
}
