//! IDA*'s lower bound for a defined puzzle: its own (a grid's tables), the
//! pattern databases of a `.tws` file, the positions near the goal.

use super::defined::Defined;

use std::fmt::Display;

use tansaku_core::Puzzle;
use tansaku_core::search::LowerBound;
use tansaku_define::blockpdb::BlockTables;
use tansaku_define::near::Near;
use tansaku_define::prune;

/// Lookups of each partial table on symmetric images of a position.
pub(super) const SYMMETRIC_LOOKUPS: usize = 2;

/// The bound as IDA* takes it: the puzzle's own, or the pattern
/// databases derived from a `.tws` file (looked at in stages:
/// [`prune::Tables::refine`]); for pieces on a grid, also the tables its
/// file names (the third field); for a `.tws` puzzle no pattern database
/// fits, the positions near the goal (the fourth: [`Near`]).
pub(super) struct Bound<'a, P>(
    pub(super) &'a P,
    pub(super) Option<&'a prune::Tables>,
    pub(super) Option<&'a BlockTables>,
    pub(super) Option<&'a Near>,
);

impl<P: Defined> Bound<'_, P>
where
    P::Move: Display,
{
    /// The puzzle's own bound, raised by the named tables (the table of
    /// the positions near the goal is read apart, a batch at a time).
    #[inline]
    fn own(&self, s: &<P as Puzzle>::State) -> u32 {
        let h = self.0.bound(s);
        match self.2 {
            Some(t) => h.max(t.estimate(self.0.cells(s))),
            None => h,
        }
    }
}

impl<P: Defined> LowerBound<P> for Bound<'_, P>
where
    P::Move: Display,
{
    type Memo = ();
    #[inline]
    fn estimate(&self, s: &<P as Puzzle>::State) -> u32 {
        match self.1 {
            Some(t) => t.estimate(self.0.cells(s)),
            None => self.own(s).max(self.3.map_or(0, |n| n.estimate(self.0.cells(s)))),
        }
    }

    /// The pattern databases are far larger than the caches: every
    /// child's ranks first, then their lookups together.
    const BATCH: bool = true;

    /// The first look reads the strongest tables only; the rest, the
    /// inverse position (as far from the goal) and the symmetric images
    /// ([`prune::Tables::add_symmetric_lookups`]) are asked only of the
    /// children the first look leaves, stage by stage: they cut the nodes
    /// a lookup of everything on every child would, for far fewer lookups.
    const REFINES: bool = true;

    /// The second look is made in [`LowerBound::after_moves`], for all
    /// the children the first leaves at once: a child's two or three
    /// lookups of a stage then wait on memory beside its siblings'.
    const REFINED_IN_BATCH: bool = true;

    #[inline]
    fn refine(&self, s: &<P as Puzzle>::State, h: u32, enough: u32) -> u32 {
        let (Some(t), Some(tws)) = (self.1, self.0.tws()) else {
            return h;
        };
        t.refine(&self.0.cells(s)[..tws.bytes()], h, enough)
    }

    #[inline]
    fn after_moves(&self, _: &<P as Puzzle>::State, _: u32, _: &(), c: tansaku_core::search::Children<'_, P, ()>) {
        match self.1 {
            Some(t) => {
                t.first_look(c.states.iter().map(|s| self.0.cells(s)).zip(c.h.iter_mut()));
                if let Some(tws) = self.0.tws() {
                    t.refine_each(|i| &self.0.cells(&c.states[i])[..tws.bytes()], c.h, c.cut_above);
                }
            }
            None => {
                match self.3 {
                    // Every child's line asked for first.
                    Some(n) => n.estimate_each(c.states.iter().map(|s| self.0.cells(s)).zip(c.h.iter_mut())),
                    None => c.h.fill(0),
                }
                for (s, h) in c.states.iter().zip(c.h.iter_mut()) {
                    *h = (*h).max(self.own(s));
                }
            }
        }
    }
}
