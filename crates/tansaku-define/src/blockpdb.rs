//! Pattern databases of a puzzle of pieces on a grid (a blocks
//! definition), named in its file (`[[prune]]`).
//!
//! A table keeps some kinds of pieces apart and merges every other kind
//! with the others of its shape and slide axis ([`Blocks::merged`]): a
//! smaller puzzle whose distances never exceed the puzzle's. Its positions
//! reachable from the start's image are listed breadth-first, then every
//! one gets its distance to the nearest goal (a search from the goals
//! among them). Each move moves one piece, so when the tables keep
//! disjoint pieces a table may count only its own pieces' moves (the
//! others move for free, a 0-1 breadth-first search): such tables add up,
//! as the 15-puzzle's 7-8 tables do. Tables that share pieces count every
//! move and the bound is the largest. Either way the bound is also at
//! least the pieces' own distances ([`Blocks::has_bound`]).
//!
//! A table lives in memory for the solve (its positions are those
//! reachable from this start), keyed by the merged position's cells.

use super::blocks::{Blocks, EMPTY, Grid, WALL};
use super::prune::TableReport;
use crate::Cells;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;
use tansaku_core::Puzzle;
use tansaku_core::context::Context;
use tansaku_core::search::SearchError;

/// One table: the map of codes onto the merged puzzle's and the distance
/// of every merged position reachable from the start's image.
struct BlockTable {
    map: [u8; 256],
    dist: FxHashMap<Box<[u8]>, u8>,
}

/// The pattern databases of a blocks puzzle, ready for lookups.
pub struct BlockTables {
    tables: Vec<BlockTable>,
    /// The tables keep disjoint pieces and count only their own moves:
    /// their sum is the bound.
    pub additive: bool,
    /// What was built: the pieces kept apart (`projection`), the merged
    /// positions reachable from the start (`entries`), about their bytes.
    pub reports: Vec<TableReport>,
    cells: usize,
}

/// Bytes a table's position takes in memory, about (the cells, the box,
/// the map's slot at its load).
fn bytes_per_position(cells: usize) -> u64 {
    2 * (cells as u64 + 24)
}

impl BlockTables {
    /// Builds a table for each group of kinds of `b` (as its file names
    /// them), from the position `start`. Refused before it outgrows the
    /// context's memory budget.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, blockpdb::BlockTables};
    /// let text = "name = \"t\"\nkind = \"blocks\"\nstart = \"AB./CD.\"\ngoal = \"DC./BA.\"\n";
    /// let Definition::Blocks(b) = Definition::parse(&Src::new("t.toml", text), None).unwrap() else { panic!() };
    /// let t = BlockTables::build(&b, &[vec![1, 2], vec![3, 4]], &b.start, &tansaku_core::Context::new()).unwrap();
    /// assert!(t.additive);
    /// assert!(t.estimate(&b.start) >= 4);
    /// ```
    pub fn build(b: &Blocks, groups: &[Vec<u8>], start: &[u8], ctx: &Context) -> Result<BlockTables, SearchError> {
        let additive = groups
            .iter()
            .enumerate()
            .all(|(i, g)| groups[..i].iter().all(|h| g.iter().all(|k| !h.contains(k))));
        let cells = b.width * b.height;
        let mut tables = Vec::new();
        let mut reports = Vec::new();
        for group in groups {
            let clock = web_time::Instant::now();
            let (m, map) = b.merged(group);
            let image: Vec<u8> = start[..cells].iter().map(|&c| map[usize::from(c)]).collect();
            let kept = group.len() as u8;
            let dist = if cells <= 16 {
                distances::<16>(&m, &image, kept, additive, ctx)?
            } else if cells <= 32 {
                distances::<32>(&m, &image, kept, additive, ctx)?
            } else {
                distances::<64>(&m, &image, kept, additive, ctx)?
            };
            let names: Vec<String> = group.iter().map(|&k| b.kinds[usize::from(k)].name.clone()).collect();
            reports.push(TableReport {
                projection: format!(
                    "{} apart{}",
                    names.join(" "),
                    if additive { ", their moves only" } else { "" }
                ),
                entries: dist.len() as u64,
                bytes: dist.len() as u64 * bytes_per_position(cells),
                origin: "built",
                seconds: clock.elapsed().as_secs_f64(),
                longest: dist.values().copied().max().map_or(0, u32::from),
            });
            tables.push(BlockTable { map, dist });
        }
        Ok(BlockTables {
            tables,
            additive,
            reports,
            cells,
        })
    }

    /// The bound of a position (its cells): the sum of the tables when
    /// they are additive, else the largest; a position a table does not
    /// hold (none reachable from the start) counts 0 there.
    #[inline]
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        let mut key = [0u8; 64];
        let n = self.cells;
        let mut h = 0u32;
        for t in &self.tables {
            for (k, &c) in key[..n].iter_mut().zip(&cells[..n]) {
                *k = t.map[usize::from(c)];
            }
            let d = t.dist.get(&key[..n]).map_or(0, |&d| u32::from(d));
            h = if self.additive { h + d } else { h.max(d) };
        }
        h
    }
}

/// The distances of the merged puzzle `m` from every position reachable
/// from `start` to its nearest goal; with `additive`, only moves of the
/// kinds `1..=kept` (the pieces kept apart) count.
fn distances<const N: usize>(
    m: &Blocks,
    start: &[u8],
    kept: u8,
    additive: bool,
    ctx: &Context,
) -> Result<FxHashMap<Box<[u8]>, u8>, SearchError> {
    let g = Grid::<N>(m);
    let n = m.width * m.height;
    let per = bytes_per_position(n);
    let budget = ctx.budget();
    let s0 = g.state(start);
    // Every position reachable from the start's image.
    let mut seen: FxHashSet<Cells<N>> = FxHashSet::default();
    seen.insert(s0);
    let mut queue = vec![s0];
    let mut i = 0;
    while i < queue.len() {
        let s = queue[i];
        i += 1;
        if i % 65_536 == 0 {
            if let Some(why) = ctx.stopped() {
                return Err(SearchError::Stopped(why));
            }
            tansaku_core::memory::check("a pattern database of the pieces", seen.len() as u64 * per * 2, budget)?;
        }
        g.for_each_successor(&s, |_, t| {
            if seen.insert(t) {
                queue.push(t);
            }
        });
    }
    drop(seen);
    // Distances from the goals among them (moves are reversible: a
    // position's successors are its predecessors, each moving the same
    // piece back).
    let kind_of = |c: u8| if c == EMPTY || c == WALL { 0 } else { m.kind_of_code(c) };
    let mut dist: FxHashMap<Cells<N>, u8> = FxHashMap::default();
    let mut deque: VecDeque<Cells<N>> = VecDeque::new();
    for s in queue.iter().filter(|s| g.is_goal(s)) {
        dist.insert(*s, 0);
        deque.push_back(*s);
    }
    drop(queue);
    while let Some(s) = deque.pop_front() {
        let d = dist[&s];
        g.for_each_successor(&s, |mv, t| {
            let moved = kind_of(s.0[usize::from(mv.from)]);
            let cost = u8::from(!additive || (1..=kept).contains(&moved));
            let nd = d.saturating_add(cost).min(254);
            if dist.get(&t).is_none_or(|&old| old > nd) {
                dist.insert(t, nd);
                if cost == 0 {
                    deque.push_front(t);
                } else {
                    deque.push_back(t);
                }
            }
        });
    }
    Ok(dist.into_iter().map(|(s, d)| (Box::from(&s.0[..n]), d)).collect())
}
