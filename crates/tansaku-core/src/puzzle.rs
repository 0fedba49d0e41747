//! The traits every search in tansaku is written against.
//!
//! The core knows nothing about any particular puzzle. A puzzle describes its
//! states and moves through [`Puzzle`]; it may add a perfect hash ([`Ranked`])
//! so that per-state tables become dense arrays, and its symmetries
//! ([`Symmetric`]) so that positions can be counted "up to symmetry".

use serde::Serialize;
use std::fmt::{self, Debug};
use std::hash::Hash;

/// A state space: states, the moves between them, and the goal test.
///
/// Successors are produced through a callback so that no search allocates per
/// node. A puzzle whose every move can be undone by another legal move says so
/// through [`Puzzle::reversible`]; bidirectional search and retrograde analysis
/// rely on it (the successors of a state are then also its predecessors).
///
/// ```
/// use tansaku_core::Puzzle;
///
/// /// Counting up from 0 by +1 or +2; the goal is 5.
/// struct Counter;
/// impl Puzzle for Counter {
///     type State = u32;
///     type Move = u32;
///     fn for_each_successor(&self, s: &u32, mut f: impl FnMut(u32, u32)) {
///         for step in [1, 2] {
///             if s + step <= 5 {
///                 f(step, s + step);
///             }
///         }
///     }
///     fn apply(&self, s: &u32, m: u32) -> Option<u32> {
///         (m == 1 || m == 2).then_some(s + m).filter(|&t| t <= 5)
///     }
///     fn is_goal(&self, s: &u32) -> bool {
///         *s == 5
///     }
///     fn reversible(&self) -> bool {
///         false
///     }
/// }
/// let sol = tansaku_core::search::bfs(&Counter, &0, &tansaku_core::Context::new()).unwrap();
/// assert_eq!(sol.moves, vec![1, 2, 2]);
/// ```
pub trait Puzzle: Sync {
    /// A position. Small and cheap to copy for the built-in puzzles.
    type State: Clone + Eq + Hash + Debug + Send + Sync;
    /// A move, as shown to the user and replayed by [`Puzzle::apply`].
    type Move: Copy + Eq + Debug + Send + Sync;

    /// Calls `f(move, next_state)` once for every legal move from `s`.
    fn for_each_successor(&self, s: &Self::State, f: impl FnMut(Self::Move, Self::State));

    /// Plays `m` on `s`; `None` when `m` is not legal there. Used to replay
    /// and check solutions, so it must agree with [`Puzzle::for_each_successor`].
    fn apply(&self, s: &Self::State, m: Self::Move) -> Option<Self::State>;

    /// Whether `s` is a goal position.
    fn is_goal(&self, s: &Self::State) -> bool;

    /// True when every move can be undone by a legal move, so that the move
    /// graph is undirected.
    fn reversible(&self) -> bool;

    /// Bytes a state holds outside itself (on the heap: a large puzzle's
    /// position in a `Box<[u8]>`), counted with its own size against the
    /// memory budget by the searches that store states. By default 0.
    fn state_heap_bytes(&self) -> u64 {
        0
    }

    /// Every goal state, when the goal set is finite and small enough to
    /// list; `None` otherwise. Needed by bidirectional search and by the
    /// sparse retrograde analysis.
    fn goal_states(&self) -> Option<Vec<Self::State>> {
        None
    }

    /// The parity of the length of every path from `s` to a goal, when
    /// the puzzle fixes it: `Some(true)` when every such path is odd.
    /// A puzzle in which every move flips some parity of the position
    /// (the 3x3x3 cube's quarter turns each flip the parity of the corners'
    /// permutation, and of the edges') and whose goals share that parity
    /// knows it. IDA* then tries only bounds of that parity, stepping by 2.
    /// By default, `None`: not known.
    #[inline]
    fn length_parity(&self, s: &Self::State) -> Option<bool> {
        let _ = s;
        None
    }

    /// The successors a tree search needs after the move `last` (`None` at
    /// the root): a puzzle whose moves commute or combine (a cube's
    /// opposite faces, powers of one face) skips the moves that no shortest
    /// sequence makes next, so that each position below is reached by
    /// fewer sequences (twsearch's canonical sequences). Every shortest
    /// solution must keep an equivalent that takes only these moves. By
    /// default, every successor.
    #[inline]
    fn for_each_successor_after(
        &self,
        s: &Self::State,
        last: Option<Self::Move>,
        f: impl FnMut(Self::Move, Self::State),
    ) {
        let _ = last;
        self.for_each_successor(s, f)
    }
}

/// A perfect hash of the state space onto `0..state_count()`, so that a
/// per-state table is a plain array indexed by rank.
///
/// `unrank(rank(s)) == s` for every state and `rank(unrank(r)) == r` for
/// every `r < state_count()`.
pub trait Ranked: Puzzle {
    /// Number of states in the ranked space (reachable or not).
    fn state_count(&self) -> u64;
    /// The rank of `s`, in `0..state_count()`.
    fn rank(&self, s: &Self::State) -> u64;
    /// The state of rank `r`; `r` must be below `state_count()`.
    fn unrank(&self, r: u64) -> Self::State;
    /// The rank of `t`, reached from `s` (of rank `rank_s`) by `m`. By
    /// default `self.rank(t)`; a puzzle whose moves change few digits of
    /// its rank updates the rank instead of recomputing it (the searches
    /// call this for every successor).
    #[inline]
    fn rank_after(&self, s: &Self::State, rank_s: u64, m: Self::Move, t: &Self::State) -> u64 {
        let _ = (s, rank_s, m);
        self.rank(t)
    }
    /// Calls `f` with the rank of every successor of the state of rank
    /// `r`, as the whole-space analyses expand a rank. By default
    /// [`successor_ranks_by_states`]; a puzzle whose ranks move by tables
    /// skips the states.
    #[inline]
    fn for_each_successor_rank(&self, r: u64, f: impl FnMut(u64)) {
        successor_ranks_by_states(self, r, f)
    }
    /// Whether `f` holds for the rank of some successor of the state of
    /// rank `r`, as a bottom-up level asks of every unseen rank: by
    /// default [`Ranked::for_each_successor_rank`], `f` called until it
    /// holds; a puzzle whose successors cost more than a table read stops
    /// making them there.
    #[inline]
    fn any_successor_rank(&self, r: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let mut hit = false;
        self.for_each_successor_rank(r, |q| {
            if !hit {
                hit = f(q);
            }
        });
        hit
    }
    /// Where every rank's successors split into a block's share and an
    /// offset's ([`RankBlocks`]): an analysis that walks ranks in increasing
    /// order then asks [`Ranked::block_successors`] once a block and
    /// reads each rank's successors from the offsets' table. `None` by
    /// default.
    fn rank_blocks(&self) -> Option<RankBlocks<'_>> {
        None
    }
    /// With [`Ranked::rank_blocks`]: writes into `first` (one entry a column
    /// of [`RankBlocks::next`]) the first rank of the block that each move
    /// takes block `b` to. Called only where `rank_blocks` is `Some`.
    fn block_successors(&self, b: u64, first: &mut [u64]) {
        let _ = (b, first);
    }
    /// Bytes of the tables [`Ranked::for_each_successor_rank`] builds on
    /// its first call (none by default): an analysis counts them in its
    /// budget beside the distance table.
    fn successor_table_bytes(&self) -> u64 {
        0
    }
    /// How many positions rank `r` stands for: 1, unless the ranks number
    /// classes of symmetric positions (one rank a class), when it is the
    /// class's size. The analyses count positions by it beside ranks.
    #[inline]
    fn weight(&self, r: u64) -> u64 {
        let _ = r;
        1
    }
    /// Whether a rank may stand for more than one position
    /// ([`Ranked::weight`]): the analyses then count both.
    fn weighted(&self) -> bool {
        false
    }
    /// How many positions the ranks stand for, where it is known ahead
    /// (ranks of classes: the puzzle's positions, while some ranks are
    /// never reached). A level-by-level analysis weighs the frontier
    /// against what is left by it.
    fn positions(&self) -> Option<u64> {
        None
    }
}

/// Ranks whose successors move in two independent parts
/// ([`Ranked::rank_blocks`]): rank `r` is `block * len + offset`, and the
/// successor of `r` by column `a` is `first[a] + next[offset * moves + a]`,
/// where `first` ([`Ranked::block_successors`]) depends on the block
/// alone. A puzzle whose last digit of rank is an orbit moved apart from
/// the others (the MoonSpinner's small triangles) has them: a block's
/// successors are then worked out once for its `len` ranks.
#[derive(Clone, Copy, Debug)]
pub struct RankBlocks<'a> {
    /// Ranks a block holds.
    pub len: u64,
    /// Successors a rank has (the table's columns).
    pub moves: usize,
    /// The offset each column leads to: `moves` entries an offset, `len`
    /// offsets.
    pub next: &'a [u32],
}

/// The ranks of the successors of the state of rank `r`: unranked,
/// moved, ranked ([`Ranked::for_each_successor_rank`]'s default).
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::puzzle::{successor_ranks_by_states, Ranked};
/// let p = Swaps::new(3);
/// let mut next = Vec::new();
/// successor_ranks_by_states(&p, 0, |r| next.push(r));
/// // Two swaps of neighbours, each undone by itself.
/// assert_eq!(next.len(), 2);
/// for r in next {
///     let mut back = Vec::new();
///     successor_ranks_by_states(&p, r, |x| back.push(x));
///     assert!(back.contains(&0));
/// }
/// ```
#[inline]
pub fn successor_ranks_by_states<P: Ranked + ?Sized>(p: &P, r: u64, mut f: impl FnMut(u64)) {
    let s = p.unrank(r);
    p.for_each_successor(&s, |m, t| f(p.rank_after(&s, r, m, &t)));
}

/// Symmetries of a puzzle: maps of the state space onto itself that preserve
/// moves and the goal set, so that symmetric positions have equal distances.
/// Index 0 is the identity, and the symmetries form a group: a composition
/// of two is one of them (counting classes relies on it).
pub trait Symmetric: Puzzle {
    /// Number of symmetries, the identity included.
    fn symmetry_count(&self) -> usize;
    /// The image of `s` under symmetry `i` (`i < symmetry_count()`).
    fn apply_symmetry(&self, i: usize, s: &Self::State) -> Self::State;
    /// Whether symmetry `i` fixes `s` (its image is `s`): a puzzle may
    /// answer without building the image, stopping at the first
    /// difference.
    fn fixes(&self, i: usize, s: &Self::State) -> bool {
        self.apply_symmetry(i, s) == *s
    }
}

/// Replays `moves` from `start`, checking each move is legal; returns every
/// position visited (start first) or the index of the first illegal move.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::replay;
///
/// let p = Swaps::new(3);
/// let start = p.row(&[2, 0, 1]);
/// // Swap cells 0 and 1, then cells 1 and 2.
/// let rows = replay(&p, &start, &[0, 1]).unwrap();
/// assert_eq!(p.tokens(rows[2]), vec![0, 1, 2]);
/// // Cell 2 has no right-hand neighbour: move 2 is illegal.
/// assert_eq!(replay(&p, &start, &[0, 2]), Err(1));
/// ```
pub fn replay<P: Puzzle>(p: &P, start: &P::State, moves: &[P::Move]) -> Result<Vec<P::State>, usize> {
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(start.clone());
    for (i, &m) in moves.iter().enumerate() {
        let next = p.apply(out.last().expect("non-empty"), m).ok_or(i)?;
        out.push(next);
    }
    Ok(out)
}

/// A move of one piece between two cells of a board with one empty cell:
/// the piece on `from` goes to the empty cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CellMove {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell it lands on (the empty cell before the move).
    pub to: u8,
}

impl fmt::Display for CellMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)
    }
}
