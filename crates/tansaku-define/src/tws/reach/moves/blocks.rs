//! Ranks in blocks: where a rank's last part moves apart from the
//! others, a rank is `block * len + offset` and its successor by move `a`
//! is the block's share plus `next[offset * moves + a]`
//! ([`tansaku_core::puzzle::RankBlocks`]). A level of an analysis then
//! works out a block's share once for its `len` ranks: the MoonSpinner's
//! other orbits are read 226,800 times a level, not 47 billion.

use super::{Moves, Part, Reach, filled, fused, invariants};

/// Ranks a block holds at least: below it a block's share is worked out
/// too often to pay for its table.
const MIN_BLOCK: u64 = 64;

/// Entries of the offsets' table at most: 64 MiB.
const MAX_BLOCK_ENTRIES: u64 = 1 << 24;

/// The ranks a block holds, where a rank's successors split into a
/// block's share and its last part's ([`tansaku_core::puzzle::RankBlocks`]):
/// the last part's span, when the rank keeps no element of `H` beside
/// the parts (one member: the invariants are the goal's), other parts
/// stand before it, and its table is neither too small to pay nor past
/// [`MAX_BLOCK_ENTRIES`].
pub(super) fn block_len(reach: &Reach, moves: u64) -> Option<u64> {
    if reach.members.len() != 1 {
        return None;
    }
    let spans: Vec<u64> = fused::part_orbits(reach).map(|o| o.span).collect();
    let last = spans.len().checked_sub(1)?;
    // A run fused at the end is the last part.
    let start = fused::runs(reach, moves)
        .last()
        .filter(|(run, _)| run.end == spans.len())
        .map_or(last, |(run, _)| run.start);
    let len: u64 = spans[start..].iter().product();
    (start > 0 && len >= MIN_BLOCK && len.saturating_mul(moves) <= MAX_BLOCK_ENTRIES).then_some(len)
}

/// The blocks of the parts `parts` of `reach` (built for `m` moves): the
/// ranks a block holds and the last part's share of each successor,
/// where [`block_len`] finds blocks.
pub(super) fn table(reach: &Reach, parts: &[Part], m: usize) -> Option<(u64, Vec<u32>)> {
    let len = block_len(reach, m as u64)?;
    let last = parts.last()?;
    debug_assert_eq!((last.span, last.weight), (len, 1));
    let v = invariants(reach, 0);
    let next = filled(len, m, |o, row| {
        let c = last.coordinates(o, &v);
        for (a, e) in row.iter_mut().enumerate() {
            *e = last.after(&c, a, m).0 as u32;
        }
    });
    Some((len, next))
}

impl Moves {
    /// The ranks' blocks, where they come in blocks: the ranks a block
    /// holds and the offsets' table ([`tansaku_core::puzzle::RankBlocks`]).
    pub(in crate::tws::reach) fn blocks(&self) -> Option<(u64, &[u32])> {
        self.blocks.as_ref().map(|(len, next)| (*len, &next[..]))
    }

    /// Writes into `first` the first rank of the block each move takes
    /// block `b` to: the successors of the block's first rank, less its
    /// offset's (a rank is its block's first plus its last part's
    /// share, which moves alone). Nothing where the ranks have no blocks.
    pub(in crate::tws::reach) fn block_successors(&self, reach: &Reach, b: u64, first: &mut [u64]) {
        let Some((len, next)) = &self.blocks else {
            return;
        };
        let mut a = 0;
        self.successors_until(reach, b * len, |s| {
            first[a] = s - u64::from(next[a]);
            a += 1;
            false
        });
    }
}
