//! Breadth-first search with path reconstruction.
//!
//! Computes a shortest solution (fewest moves) from one start position to the
//! nearest goal. States are stored once in an arena with a hash index and a
//! parent link, so the path is rebuilt without storing moves per node. The
//! goal test is made when a state is generated, so the search stops as soon
//! as the goal's layer is reached.

use super::bidir::is_parent;
use super::index::{HashIndex, RankIndex, StateIndex};
use super::{MemoryGuard, SearchError, Solution, Stats, Timer, moves_between};
use crate::{Puzzle, Ranked};

/// Shortest solution from `start` by breadth-first search.
///
/// `stats.generated` is the number of distinct states stored (the start
/// included); `stats.expanded` the number of states whose successors were
/// generated. Returns [`SearchError::Unsolvable`] when the whole reachable
/// space holds no goal, and [`SearchError::Unsupported`] when the states
/// it must store would not fit in memory.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// use tansaku::search::bfs;
///
/// let p = FlipIt::row(6, false);
/// let start = p.parse_board("BB_BBB").unwrap();
/// let sol = bfs(&p, &start).unwrap();
/// assert_eq!(sol.len(), 8);
/// use tansaku::Puzzle;
/// assert!(p.is_goal(sol.states.last().unwrap()));
/// ```
pub fn bfs<P: Puzzle>(p: &P, start: &P::State) -> Result<Solution<P>, SearchError> {
    bfs_indexed::<P, HashIndex<P::State>>(p, start)
}

/// [`bfs`] for a [`Ranked`] puzzle, with a table indexed by rank in place of
/// the hash map (see [`super::index`]): the same states in the same order,
/// faster when the rank space is small. Fails with
/// [`SearchError::Unsupported`] when the table would not fit.
///
/// ```
/// use tansaku::puzzles::sliding::{parse_board, Sliding};
/// use tansaku::search::{bfs, bfs_ranked};
///
/// let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
/// let (a, b) = (bfs(&p, &s).unwrap(), bfs_ranked(&p, &s).unwrap());
/// assert_eq!((a.len(), a.stats.generated), (31, 181_440));
/// assert_eq!((b.len(), b.stats.generated), (31, 181_440));
/// ```
pub fn bfs_ranked<P: Ranked>(p: &P, start: &P::State) -> Result<Solution<P>, SearchError> {
    bfs_indexed::<P, RankIndex>(p, start)
}

fn bfs_indexed<P: Puzzle, I: StateIndex<P>>(p: &P, start: &P::State) -> Result<Solution<P>, SearchError> {
    let timer = Timer::start();
    let mut index = I::for_puzzle(p, 1)?;
    let room = I::capacity_hint(p);
    let mut arena: Vec<P::State> = Vec::with_capacity(room);
    let mut parent: Vec<u32> = Vec::with_capacity(room);
    arena.push(start.clone());
    parent.push(u32::MAX);
    let k0 = I::key(p, start);
    let mut memos: Vec<I::Memo> = Vec::with_capacity(room);
    memos.push(I::memo(&k0));
    index.insert(k0, 0);
    let mut stats = Stats::default();
    let mut found = if p.is_goal(start) { Some(0u32) } else { None };
    let mut head = 0usize;
    let guard = MemoryGuard::new::<P::State>(I::bytes_per_state());
    let mut next_check = 1usize << 20;
    let mut live = crate::progress::Lazy::new("states");
    let (mut depth, mut layer_end) = (0u32, 1usize);
    while found.is_none() && head < arena.len() {
        if head == layer_end {
            depth += 1;
            layer_end = arena.len();
        }
        if head.is_multiple_of(65536) {
            live.update(arena.len() as u64, &format!("breadth-first search, depth {depth}"));
        }
        if arena.len() >= next_check {
            guard.check(arena.len(), "breadth-first search")?;
            // Every 1/8 of growth: at most 12.5% over the budget.
            next_check = arena.len() + arena.len() / 8;
        }
        let s = arena[head].clone();
        // The parent is stored: skip it without computing its key.
        let (up, memo) = (parent[head], memos[head]);
        stats.expanded += 1;
        p.for_each_successor(&s, |m, t| {
            if found.is_some() || is_parent(&arena, up, &t) {
                return;
            }
            let k = I::key_after(p, &s, memo, m, &t);
            if index.contains(&k) {
                return;
            }
            let i = arena.len() as u32;
            if p.is_goal(&t) {
                found = Some(i);
            }
            memos.push(I::memo(&k));
            index.insert(k, i);
            arena.push(t);
            parent.push(head as u32);
        });
        head += 1;
    }
    stats.generated = arena.len() as u64;
    stats.seconds = timer.seconds();
    let Some(mut i) = found else {
        return Err(SearchError::Unsolvable { stats });
    };
    let mut states = vec![arena[i as usize].clone()];
    while parent[i as usize] != u32::MAX {
        i = parent[i as usize];
        states.push(arena[i as usize].clone());
    }
    states.reverse();
    let moves = moves_between(p, &states);
    Ok(Solution { moves, states, stats })
}
