//! A symmetry of a `.tws` puzzle as a value: where each slot goes and how
//! its orientation turns. Found from the moves by [`crate::symmetry`];
//! kept here so that a [`super::Tws`] can hold its own.

/// A symmetry of a [`super::Tws`] puzzle: slot `i` of a set goes to slot `to[i]`,
/// and orientation `o` there becomes `add[i] + o` (or `add[i] - o` when the
/// set is mirrored).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TwsSymmetry {
    /// Per set: where each slot goes.
    pub(crate) to: Vec<Vec<u8>>,
    /// Per set: the orientation added at each slot.
    pub(crate) add: Vec<Vec<u8>>,
    /// Per set: orientations counted the other way round (a reflection).
    pub(crate) mirrored: Vec<bool>,
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
