//! What the door needs of a defined puzzle ([`Defined`], on pieces on a
//! grid and on `.tws` permutations), a list of goals searched as one, and
//! a definition's options read.

use std::fmt::Display;
use tansaku_core::CellMove;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;
use tansaku_core::search::LowerBound;
use tansaku_core::search::symmetric::StartSymmetry;
use tansaku_core::{Puzzle, Ranked, Symmetric};
use tansaku_define::blocks::{Blocks, Grid};
use tansaku_define::tws::{Perm, Positions, Tws, TwsMove};
use tansaku_puzzles::sliding::{ParsedBoard, SlideState, Sliding};

/// IDA*'s pruning for a symmetric start, moves numbered by a function.
pub(super) type IndexedStart<M> = StartSymmetry<fn(M) -> usize>;

/// What a front end needs of a defined puzzle.
pub(super) trait Defined:
    Ranked + Symmetric + Board<State = <Self as Puzzle>::State> + Picture<State = <Self as Puzzle>::State>
where
    Self::Move: Display,
{
    /// Dense ranks are available.
    fn dense(&self) -> bool;
    /// The lower bound for IDA*, when one is exact enough to prune.
    fn has_bound(&self) -> bool;
    fn bound(&self, s: &<Self as Puzzle>::State) -> u32;
    fn start(&self, text: Option<&str>) -> Result<<Self as Puzzle>::State, String>;
    /// The names of the symmetries, the identity first.
    fn symmetry_names(&self) -> Vec<String>;
    /// A position's bytes.
    fn cells<'s>(&self, s: &'s <Self as Puzzle>::State) -> &'s [u8];
    /// The permutation puzzle, for one.
    fn tws(&self) -> Option<&Tws> {
        None
    }
    /// The puzzle of pieces on a grid, for one.
    fn blocks(&self) -> Option<&Blocks> {
        None
    }
    /// IDA*'s pruning of symmetric moves when some of the puzzle's
    /// symmetries fix the start `s` ([`StartSymmetry`]).
    fn start_symmetry(&self, _s: &<Self as Puzzle>::State) -> Option<IndexedStart<Self::Move>> {
        None
    }
    /// The position `s` as a board of the built-in sliding-tile puzzle
    /// with the definition's goal, when the definition is one.
    fn sliding(&self, _: &<Self as Puzzle>::State) -> Option<(Sliding, SlideState)> {
        None
    }
    /// The sliding solver's moves as this puzzle's.
    fn cell_moves(&self, _: Vec<CellMove>) -> Vec<<Self as Puzzle>::Move> {
        Vec::new()
    }
}

impl<const N: usize> Defined for Grid<'_, N> {
    fn dense(&self) -> bool {
        self.0.dense().is_some()
    }
    fn has_bound(&self) -> bool {
        self.0.has_bound()
    }
    fn bound(&self, s: &<Self as Puzzle>::State) -> u32 {
        self.estimate(s)
    }
    fn symmetry_names(&self) -> Vec<String> {
        blocks_symmetries(self.0)
    }
    fn cells<'s>(&self, s: &'s <Self as Puzzle>::State) -> &'s [u8] {
        &s.0
    }
    fn blocks(&self) -> Option<&Blocks> {
        Some(self.0)
    }
    fn start(&self, text: Option<&str>) -> Result<<Self as Puzzle>::State, String> {
        match text {
            None => Ok(self.state(&self.0.start)),
            Some(t) => Ok(self.state(&self.0.parse_board(t)?)),
        }
    }
    fn sliding(&self, s: &<Self as Puzzle>::State) -> Option<(Sliding, SlideState)> {
        let (start, goal) = self.0.sliding_boards(&s.0)?;
        let board = |t: tansaku_define::blocks::TileBoard| ParsedBoard {
            width: t.width,
            height: t.height,
            tiles: t.tiles,
        };
        Sliding::new(&board(start), Some(&board(goal))).ok()
    }
    fn cell_moves(&self, moves: Vec<CellMove>) -> Vec<CellMove> {
        moves
    }
}

impl<S: Positions> Defined for Perm<'_, S> {
    fn dense(&self) -> bool {
        self.0.reach().is_some() || self.0.rank_space().is_some()
    }
    fn has_bound(&self) -> bool {
        false
    }
    fn bound(&self, _: &<Self as Puzzle>::State) -> u32 {
        0
    }
    fn symmetry_names(&self) -> Vec<String> {
        let syms = self.0.position_symmetries();
        std::iter::once("identity".to_string())
            .chain(syms[1..].iter().map(|y| self.0.symmetry_name(y)))
            .collect()
    }
    fn cells<'s>(&self, s: &'s <Self as Puzzle>::State) -> &'s [u8] {
        s.bytes()
    }
    fn tws(&self) -> Option<&Tws> {
        Some(self.0)
    }
    fn start_symmetry(&self, s: &<Self as Puzzle>::State) -> Option<IndexedStart<TwsMove>> {
        let fixing = self.0.fixing(&s.bytes()[..self.0.bytes()]);
        (!fixing.is_empty())
            .then(|| StartSymmetry::new(fixing, self.0.move_order(), TwsMove::index as fn(TwsMove) -> usize))
    }
    fn start(&self, text: Option<&str>) -> Result<<Self as Puzzle>::State, String> {
        let scramble = match text {
            Some(t) => t.to_string(),
            None => self.0.expect.iter().find_map(|e| e.start.clone()).ok_or_else(|| {
                format!(
                    "give a scramble of {}'s moves to solve, e.g. \"{}\"",
                    self.0.name,
                    self.0
                        .move_names()
                        .iter()
                        .take(3)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            })?,
        };
        // A position written set by set (as tansaku prints it), or a
        // scramble.
        let first = scramble.split_whitespace().next().unwrap_or("");
        if self.0.sets.iter().any(|s| s.name == first) && !self.0.move_names().contains(&first) {
            return Ok(self.state(&self.0.legal_start(self.0.parse_state(&scramble)?)?));
        }
        let s = self.0.scramble(&scramble).map_err(|e| {
            let sets: Vec<&str> = self.0.sets.iter().map(|s| s.name.as_str()).collect();
            format!(
                "{e} (or write a position set by set, SET p1 .. pn [/ o1 .. on] | ..., with sets {})",
                sets.join(", ")
            )
        })?;
        Ok(self.state(&self.0.legal_start(s)?))
    }
}

/// A puzzle with its goal set listed (found by a search from the start).
pub(super) struct Listed<'a, P: Puzzle> {
    pub(super) p: &'a P,
    pub(super) goals: Vec<P::State>,
}

impl<P: Puzzle> Puzzle for Listed<'_, P> {
    type State = P::State;
    type Move = P::Move;
    fn for_each_successor(&self, s: &P::State, f: impl FnMut(P::Move, P::State)) {
        self.p.for_each_successor(s, f)
    }
    fn apply(&self, s: &P::State, m: P::Move) -> Option<P::State> {
        self.p.apply(s, m)
    }
    fn is_goal(&self, s: &P::State) -> bool {
        self.p.is_goal(s)
    }
    fn reversible(&self) -> bool {
        self.p.reversible()
    }
    fn goal_states(&self) -> Option<Vec<P::State>> {
        Some(self.goals.clone())
    }
    fn state_heap_bytes(&self) -> u64 {
        self.p.state_heap_bytes()
    }
    fn length_parity(&self, s: &P::State) -> Option<bool> {
        self.p.length_parity(s)
    }
}

/// The symmetries of a blocks puzzle, by name.
pub fn blocks_symmetries(b: &Blocks) -> Vec<String> {
    b.symmetries.iter().map(|s| s.name.clone()).collect()
}
