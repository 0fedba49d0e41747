//! The largest of several partitions' bounds.
//!
//! Each partition's tables give an admissible bound (its patterns' sum,
//! and the sum on the board's mirror image), so their maximum is one too,
//! and at least as large as any of them: two 6-6-6-6 partitions of the
//! 24-puzzle that cut the board differently leave far fewer boards where
//! both are low. Every move changes one pattern of each partition, so a
//! child costs one lookup a partition (and one a mirror image); all of a
//! node's lookups are located and asked for from memory before any is read
//! ([`AdditivePdb`]'s two halves), so their misses overlap.

use super::{AdditivePdb, Asked, MOST_CHILDREN, PdbMemo};
use crate::sliding::{SlideState, Sliding};
use std::sync::Arc;
use tansaku_core::search::{Children, LowerBound};

/// Most partitions one bound combines.
pub const MOST_PARTITIONS: usize = 3;

/// The maximum of the bounds of 1 to [`MOST_PARTITIONS`] partitions.
///
/// ```
/// use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition, max::MaxPdb};
/// use tansaku_puzzles::sliding::{parse_board, Sliding};
/// use tansaku_core::search::LowerBound;
/// let goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
/// let (p, _) = Sliding::new(&goal, None).unwrap();
/// let ctx = tansaku_core::Context::new();
/// let a = AdditivePdb::build(&p, &Partition::P555, &ctx).unwrap();
/// let b = AdditivePdb::build(&p, &Partition::parse("1-5/6-10/11-15", 4, 4).unwrap(), &ctx).unwrap();
/// let board = parse_board("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", None).unwrap();
/// let (_, s) = Sliding::new(&board, Some(&goal)).unwrap();
/// let both = MaxPdb::new(vec![a.clone().into(), b.clone().into()]).unwrap();
/// assert_eq!(both.estimate(&s), a.estimate(&s).max(b.estimate(&s)));
/// ```
#[derive(Clone, Debug)]
pub struct MaxPdb {
    dbs: Vec<Arc<AdditivePdb>>,
}

/// What IDA* keeps per node for [`MaxPdb`]: each partition's memo and
/// bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxMemo {
    pub(super) memo: [PdbMemo; MOST_PARTITIONS],
    h: [u16; MOST_PARTITIONS],
}

impl MaxPdb {
    /// The bound of `dbs` (1 to [`MOST_PARTITIONS`], all of one board and
    /// goal); `None` for another number.
    pub fn new(dbs: Vec<Arc<AdditivePdb>>) -> Option<Self> {
        (1..=MOST_PARTITIONS).contains(&dbs.len()).then_some(MaxPdb { dbs })
    }

    /// The partitions' bounds.
    pub fn parts(&self) -> &[Arc<AdditivePdb>] {
        &self.dbs
    }

    /// Whether any partition also looks up the mirror image (one that is
    /// its own image needs not: [`AdditivePdb::reflects`]).
    pub fn reflects(&self) -> bool {
        self.dbs.iter().any(|d| d.reflects())
    }
}

impl LowerBound<Sliding> for MaxPdb {
    type Memo = MaxMemo;

    fn estimate(&self, s: &SlideState) -> u32 {
        self.start(s).0
    }

    fn start(&self, s: &SlideState) -> (u32, MaxMemo) {
        let mut m = MaxMemo::default();
        let mut h = 0;
        for (i, db) in self.dbs.iter().enumerate() {
            let (hi, mi) = db.start(s);
            (m.memo[i], m.h[i]) = (mi, hi as u16);
            h = h.max(hi);
        }
        (h, m)
    }

    #[inline]
    fn after_move(
        &self,
        parent: &SlideState,
        _: u32,
        memo: &MaxMemo,
        m: crate::sliding::SlideMove,
        child: &SlideState,
    ) -> (u32, MaxMemo) {
        let mut next = *memo;
        let mut h = 0;
        for (i, db) in self.dbs.iter().enumerate() {
            let at = db.ask(parent, &memo.memo[i], m, child);
            let hi = db.answer(&mut next.memo[i], &at, child);
            next.h[i] = hi as u16;
            h = h.max(hi);
        }
        (h, next)
    }

    const BATCH: bool = true;

    #[inline]
    fn after_moves(&self, parent: &SlideState, parent_h: u32, memo: &MaxMemo, c: Children<'_, Sliding, MaxMemo>) {
        let n = c.moves.len();
        if n > MOST_CHILDREN {
            for k in 0..n {
                (c.h[k], c.memos[k]) = self.after_move(parent, parent_h, memo, c.moves[k], &c.states[k]);
            }
            return;
        }
        // Partition by partition, each asked only of the children the
        // ones before left uncut: the search never reads a cut child's
        // memo, so its later partitions are never needed.
        let mut h = [0u32; MOST_CHILDREN];
        for (i, db) in self.dbs.iter().enumerate() {
            let mut at = [Asked::default(); MOST_CHILDREN];
            for k in 0..n {
                if h[k] <= c.cut_above {
                    at[k] = db.ask(parent, &memo.memo[i], c.moves[k], &c.states[k]);
                }
            }
            for k in 0..n {
                if h[k] <= c.cut_above {
                    let hi = db.answer(&mut c.memos[k].memo[i], &at[k], &c.states[k]);
                    c.memos[k].h[i] = hi as u16;
                    h[k] = h[k].max(hi);
                }
            }
        }
        c.h[..n].copy_from_slice(&h[..n]);
    }
}
