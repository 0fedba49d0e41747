//! Additive pattern databases: a stronger lower bound for sliding puzzles.
//!
//! The labels are split into disjoint groups. For one group, an abstract
//! position keeps only where that group's tiles are (tiles of one label
//! interchangeable; every other cell, the empty one included, is "free"),
//! and an abstract move slides one group tile to a free neighbour cell. The
//! table holds, for every abstract position, the fewest abstract moves to
//! the goal's pattern, found by one breadth-first search from the goal.
//!
//! Why the sum over groups is admissible: a real solution moves one tile
//! per move, always into the empty cell (free in every abstraction), so its
//! moves of group-`g` tiles form an abstract solution for group `g`; the
//! groups are disjoint, so the abstract distances add up to at most the
//! real length. Each group's distance is at least the sum of its tiles'
//! Manhattan distances to their nearest goal cells (every abstract move
//! shifts one tile by one cell), so the sum dominates the seed article's
//! bound, and also sees that two tiles cannot both settle on one nearest
//! goal cell, and that tiles block each other.
//!
//! Abstract positions are ranked without hashing (see `combinadic`, the
//! same ranking as the full boards'); a table entry is one byte.

use super::{SlideState, Sliding};
use rayon::prelude::*;
use tansaku_core::memory;
use tansaku_core::search::LowerBound;

/// Largest table built for one group, in entries (bytes).
pub const MAX_GROUP_ENTRIES: u64 = 1 << 20;

/// One disjoint group of labels and its distance table.
#[derive(Clone, Debug)]
struct Group {
    /// The labels, ascending, and how many tiles carry each.
    labels: Vec<(u8, u8)>,
    /// Abstract distance to the goal pattern, by rank.
    table: Vec<u8>,
}

/// An additive pattern database for one puzzle and goal.
#[derive(Clone, Debug)]
pub struct PatternDb {
    p: Sliding,
    groups: Vec<Group>,
    /// `adjacent[c]`: bit mask of the cells next to `c`.
    adjacent: Vec<u64>,
}

/// Cells holding each label: `masks[label]`.
type Masks = [u64; super::MAX_CELLS];

impl PatternDb {
    /// Builds the tables for `p`'s goal, grouping the labels in order so
    /// that each group's table has at most [`MAX_GROUP_ENTRIES`] entries
    /// (the Line Puzzle: {A, B} and {C, D}, 400,400 + 900,900 bytes; the
    /// 15-puzzle: tiles 1-6, 7-12, 13-15).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::{parse_board, pattern::PatternDb, Sliding};
    /// use tansaku_core::search::LowerBound;
    /// let start = parse_board("AAB_/AABB/CCDD/CCDD", None).unwrap();
    /// let goal = parse_board("ABA_/DCDC/BABA/CDCD", None).unwrap();
    /// let (p, s) = Sliding::new(&start, Some(&goal)).unwrap();
    /// let db = PatternDb::new(&p).unwrap();
    /// assert_eq!(db.group_sizes(), vec![400_400, 900_900]);
    /// assert!(db.estimate(&s) >= p.lower_bound(&s));
    /// ```
    pub fn new(p: &Sliding) -> Result<Self, memory::MemoryError> {
        let n = p.cells();
        let adjacent = (0..n)
            .map(|c| p.neighbours[c].iter().fold(0u64, |m, &d| m | 1 << d))
            .collect();
        let mut db = PatternDb {
            p: p.clone(),
            groups: Vec::new(),
            adjacent,
        };
        // Greedy grouping: add labels while the table stays small enough.
        let mut current: Vec<(u8, u8)> = Vec::new();
        let mut plan = Vec::new();
        for l in 1..p.counts.len() {
            let next: Vec<(u8, u8)> = current.iter().copied().chain([(l as u8, p.counts[l])]).collect();
            if !current.is_empty() && db.entries(&next) > MAX_GROUP_ENTRIES {
                plan.push(std::mem::replace(&mut current, vec![(l as u8, p.counts[l])]));
            } else {
                current = next;
            }
        }
        if !current.is_empty() {
            plan.push(current);
        }
        let total: u64 = plan.iter().map(|g| db.entries(g)).sum();
        memory::check("the pattern database", total, None)?;
        for labels in plan {
            // A single label with too many placements keeps no table; its
            // tiles count their Manhattan distances instead.
            let table = if db.entries(&labels) <= MAX_GROUP_ENTRIES {
                db.build(&labels)
            } else {
                Vec::new()
            };
            db.groups.push(Group { labels, table });
        }
        Ok(db)
    }

    /// Entries of each group's table (0 for a group too large to tabulate,
    /// which counts Manhattan distances instead).
    pub fn group_sizes(&self) -> Vec<usize> {
        self.groups.iter().map(|g| g.table.len()).collect()
    }

    /// Number of abstract positions of a group.
    fn entries(&self, labels: &[(u8, u8)]) -> u64 {
        self.p.combinadic.size(labels)
    }

    /// Rank of a group's abstract position given the cells of each label.
    #[inline]
    fn rank(&self, labels: &[(u8, u8)], masks: &Masks) -> u64 {
        self.p.combinadic.rank(labels, masks)
    }

    /// Breadth-first search over a group's abstract positions from the
    /// goal's pattern. Distances above 254 are stored as 254 (still a
    /// lower bound).
    fn build(&self, labels: &[(u8, u8)]) -> Vec<u8> {
        let size = self.entries(labels) as usize;
        let mut table = vec![u8::MAX; size];
        let mut masks = [0u64; super::MAX_CELLS];
        self.p.fill_masks(&self.p.goal, &mut masks);
        let start = self.rank(labels, &masks);
        table[start as usize] = 0;
        // A layer holds its abstract positions as the masks of the group's
        // labels (`k` words each), so nothing needs unranking.
        let k = labels.len();
        let mut layer: Vec<u64> = labels.iter().map(|&(l, _)| masks[l as usize]).collect();
        let mut depth = 0u8;
        while !layer.is_empty() {
            depth = depth.saturating_add(1).min(254);
            // Children of the layer not seen yet, found in parallel against
            // the table as it stands (rank, then masks); then marked and
            // deduplicated in one sequential pass.
            let seen = &table;
            let found: Vec<Vec<u64>> = layer
                .par_chunks(k << 12)
                .map(|chunk| {
                    let mut masks = [0u64; super::MAX_CELLS];
                    let mut out = Vec::new();
                    for position in chunk.chunks_exact(k) {
                        for (&(l, _), &m) in labels.iter().zip(position) {
                            masks[l as usize] = m;
                        }
                        self.unseen_children(labels, &mut masks, seen, &mut out);
                    }
                    out
                })
                .collect();
            let mut next = Vec::with_capacity(found.iter().map(Vec::len).sum::<usize>() / (k + 1) * k);
            for child in found.iter().flat_map(|f| f.chunks_exact(k + 1)) {
                let r = child[0] as usize;
                if table[r] == u8::MAX {
                    table[r] = depth;
                    next.extend_from_slice(&child[1..]);
                }
            }
            layer = next;
        }
        table
    }

    /// Pushes the abstract children of `masks` that `seen` does not hold
    /// yet: each as its rank, then its masks.
    #[inline]
    fn unseen_children(&self, labels: &[(u8, u8)], masks: &mut Masks, seen: &[u8], out: &mut Vec<u64>) {
        let occupied = labels.iter().fold(0u64, |o, &(l, _)| o | masks[l as usize]);
        for &(l, _) in labels {
            let mut tiles = masks[l as usize];
            while tiles != 0 {
                let from = tiles.trailing_zeros() as usize;
                tiles &= tiles - 1;
                let mut to = self.adjacent[from] & !occupied;
                while to != 0 {
                    let step = (1u64 << from) | (to & to.wrapping_neg());
                    to &= to - 1;
                    masks[l as usize] ^= step;
                    let r = self.rank(labels, masks);
                    if seen[r as usize] == u8::MAX {
                        out.push(r);
                        out.extend(labels.iter().map(|&(m, _)| masks[m as usize]));
                    }
                    masks[l as usize] ^= step;
                }
            }
        }
    }
}

impl LowerBound<Sliding> for PatternDb {
    type Memo = ();

    /// The sum of the groups' abstract distances; for distinct tiles, at
    /// least Manhattan distance plus linear conflicts; rounded up to the
    /// parity of every solution.
    fn estimate(&self, s: &SlideState) -> u32 {
        let mut masks = [0u64; super::MAX_CELLS];
        self.p.fill_masks(s, &mut masks);
        let sum: u32 = self
            .groups
            .iter()
            .map(|g| {
                if g.table.is_empty() {
                    g.labels
                        .iter()
                        .map(|&(l, _)| self.p.manhattan_of(l, masks[l as usize]))
                        .sum()
                } else {
                    g.table[self.rank(&g.labels, &masks) as usize] as u32
                }
            })
            .sum();
        let h = if self.p.distinct {
            sum.max(self.p.manhattan(s) + self.p.linear_conflicts(s))
        } else {
            sum
        };
        self.p.round_to_parity(s, h)
    }
}
