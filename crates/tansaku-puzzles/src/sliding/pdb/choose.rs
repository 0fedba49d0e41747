//! Choosing partitions by measurement: which patterns, and which
//! combination of partitions, make IDA* generate the fewest nodes on a
//! sample of boards within a table budget.
//!
//! The candidates are the named partitions of the board and partitions
//! grown at random (each pattern a connected group of goal cells, the
//! patterns as large as the strongest named partition's, so that their
//! tables cost the same). Each candidate alone is scored by the nodes IDA*
//! generates on the sample; then the best one is joined, greedily, by the
//! candidate whose largest-of bound ([`super::max::MaxPdb`]) lowers the
//! nodes most, while the tables fit the budget. Every score solves the
//! same boards, so every solution length must agree: a bound that found
//! another length would not be admissible, and the choice stops there.

use super::max::{MOST_PARTITIONS, MaxPdb};
use super::{AdditivePdb, Partition, PdbError};
use crate::sliding::automaton::{SlideAutomaton, SlidePruning};
use crate::sliding::{SlideState, Sliding};
use serde::Serialize;
use std::sync::Arc;
use tansaku_core::search::{self, IdaOptions, SearchError};

/// `count` partitions of a `width` x `height` board into connected
/// patterns of `sizes` goal cells (cell 0, the empty cell's, in none),
/// grown from random seeds by `seed`; patterns are grown in turn, each by
/// a random free cell next to it. Fewer come back when growing fails too
/// often (sizes that cannot be connected).
///
/// ```
/// use tansaku_puzzles::sliding::pdb::choose::grown;
/// let parts = grown(5, 5, &[6, 6, 6, 6], 3, 7);
/// assert_eq!(parts.len(), 3);
/// assert!(parts.iter().all(|p| p.pattern_sizes() == [6, 6, 6, 6]));
/// assert_eq!(parts, grown(5, 5, &[6, 6, 6, 6], 3, 7)); // the seed decides
/// ```
pub fn grown(width: usize, height: usize, sizes: &[usize], count: usize, seed: u64) -> Vec<Partition> {
    let n = width * height;
    let mut rng = SplitMix(seed);
    let mut out: Vec<Partition> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 200 * count.max(1) {
        tries += 1;
        if sizes.iter().sum::<usize>() != n - 1 {
            break;
        }
        let mut owner = vec![usize::MAX; n];
        owner[0] = sizes.len();
        let mut groups: Vec<Vec<u8>> = vec![Vec::new(); sizes.len()];
        let mut stuck = false;
        for (g, group) in groups.iter_mut().enumerate() {
            let free: Vec<usize> = (1..n).filter(|&c| owner[c] == usize::MAX).collect();
            let c = free[rng.below(free.len())];
            owner[c] = g;
            group.push(c as u8);
        }
        while !stuck && groups.iter().zip(sizes).any(|(g, &s)| g.len() < s) {
            stuck = true;
            for g in 0..sizes.len() {
                if groups[g].len() >= sizes[g] {
                    continue;
                }
                let next: Vec<usize> = (1..n)
                    .filter(|&c| owner[c] == usize::MAX)
                    .filter(|&c| {
                        let (x, y) = (c % width, c / width);
                        groups[g].iter().any(|&d| {
                            let (u, v) = (d as usize % width, d as usize / width);
                            x.abs_diff(u) + y.abs_diff(v) == 1
                        })
                    })
                    .collect();
                if let Some(&c) = next.get(rng.below(next.len().max(1))) {
                    owner[c] = g;
                    groups[g].push(c as u8);
                    stuck = false;
                }
            }
        }
        if stuck {
            continue;
        }
        for g in &mut groups {
            g.sort_unstable();
        }
        if let Ok(p) = Partition::from_cells(width, height, groups)
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// A small seeded generator (SplitMix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// One bound measured on the sample.
#[derive(Clone, Debug, Serialize)]
pub struct Scored {
    /// The partitions whose largest bound was used (one for a single).
    pub partitions: Vec<Partition>,
    /// What the `bound` option takes for it.
    pub bound: String,
    /// Bytes of its tables.
    pub table_bytes: u64,
    /// Nodes IDA* generated over the sample.
    pub generated: u64,
    /// Seconds of search over the sample.
    pub seconds: f64,
}

/// What [`choose`] measured and chose.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    /// Every candidate alone, fewest nodes first.
    pub singles: Vec<Scored>,
    /// The combinations tried, in the order they were.
    pub combinations: Vec<Scored>,
    /// The bound with the fewest nodes that fits the budget.
    pub best: Scored,
    /// The optimal length of each sample board.
    pub lengths: Vec<usize>,
}

/// Why partitions could not be chosen.
#[derive(Debug, thiserror::Error)]
pub enum ChooseError {
    /// A table could not be made or kept.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// A search gave up (stopped, depth limit).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// Nothing to choose from, or nothing fits.
    #[error("{0}")]
    Nothing(String),
    /// Two bounds found different lengths for one board: one of them is
    /// not admissible.
    #[error("board {board}: {a} found {la} moves, {b} found {lb}: a bound is not admissible")]
    Disagree {
        /// The board, as given.
        board: String,
        /// The first bound and its length.
        a: String,
        /// Its length.
        la: usize,
        /// The second bound.
        b: String,
        /// Its length.
        lb: usize,
    },
}

/// The text `--bound` takes for `parts`.
fn bound_text(parts: &[Partition]) -> String {
    parts.iter().map(Partition::name).collect::<Vec<_>>().join("+")
}

/// Scores the candidates on `sample` (boards of `p`) and chooses the bound
/// with the fewest nodes whose tables fit `budget` bytes: the best single
/// partition, joined by up to `most - 1` others while each one lowers the
/// nodes (see the module documentation). Tables are loaded from, or built
/// into, the context's tables; `ida` sets IDA*'s threads and stop signals;
/// the automaton [`SlideAutomaton::for_search`] gives for `automaton`
/// prunes every search.
pub fn choose(
    p: &Sliding,
    sample: &[SlideState],
    candidates: &[Partition],
    budget: u64,
    most: usize,
    automaton: Option<usize>,
    ida: &IdaOptions,
) -> Result<Choice, ChooseError> {
    let ctx = &ida.ctx;
    let fitting: Vec<&Partition> = candidates.iter().filter(|c| c.table_bytes() <= budget).collect();
    if fitting.is_empty() {
        return Err(ChooseError::Nothing(format!(
            "no candidate's tables fit {} bytes",
            budget
        )));
    }
    let automaton = SlideAutomaton::for_search(automaton, p.width(), p.height(), ctx).map_err(PdbError::Memory)?;
    let mut lengths: Option<(String, Vec<usize>)> = None;
    let mut measure = |parts: &[Partition], dbs: Vec<Arc<AdditivePdb>>| -> Result<Scored, ChooseError> {
        let bound =
            MaxPdb::new(dbs).ok_or_else(|| ChooseError::Nothing(format!("at most {MOST_PARTITIONS} partitions")))?;
        let name = bound_text(parts);
        ctx.notice(&format!("measuring {name} on {} boards", sample.len()));
        let (mut generated, mut seconds, mut found) = (0, 0.0, Vec::new());
        for s in sample {
            let sol = match &automaton {
                Some(a) => search::ida_star_pruned(p, s, &bound, &SlidePruning::new(p, a), ida.clone()),
                None => search::ida_star_with(p, s, &bound, ida.clone()),
            }?;
            generated += sol.stats.generated;
            seconds += sol.stats.seconds;
            found.push(sol.len());
        }
        match &lengths {
            None => lengths = Some((name.clone(), found)),
            Some((first, known)) => {
                if let Some(i) = (0..known.len()).find(|&i| known[i] != found[i]) {
                    return Err(ChooseError::Disagree {
                        board: p.format(&sample[i]),
                        a: first.clone(),
                        la: known[i],
                        b: name,
                        lb: found[i],
                    });
                }
            }
        }
        Ok(Scored {
            table_bytes: parts.iter().map(Partition::table_bytes).sum(),
            partitions: parts.to_vec(),
            bound: name,
            generated,
            seconds,
        })
    };
    let load = |part: &Partition| AdditivePdb::load(p, part, ctx).map(|(db, _)| Arc::new(db));
    let mut singles = Vec::new();
    for part in &fitting {
        let db = load(part)?;
        singles.push(measure(std::slice::from_ref(*part), vec![db])?);
    }
    singles.sort_by_key(|s| s.generated);
    let mut best = singles[0].clone();
    let mut combinations = Vec::new();
    while best.partitions.len() < most.min(MOST_PARTITIONS) {
        let mut round: Option<Scored> = None;
        for other in &singles {
            let part = &other.partitions[0];
            if best.partitions.contains(part) || best.table_bytes + part.table_bytes() > budget {
                continue;
            }
            let mut parts = best.partitions.clone();
            parts.push(part.clone());
            let dbs = parts.iter().map(load).collect::<Result<Vec<_>, _>>()?;
            let scored = measure(&parts, dbs)?;
            combinations.push(scored.clone());
            if round.as_ref().is_none_or(|r| scored.generated < r.generated) {
                round = Some(scored);
            }
        }
        match round {
            Some(r) if r.generated < best.generated => best = r,
            _ => break,
        }
    }
    Ok(Choice {
        singles,
        combinations,
        best,
        lengths: lengths.map(|(_, l)| l).unwrap_or_default(),
    })
}

/// `count` boards `moves` random moves from `p`'s goal (seeded walks that
/// never undo their last move).
///
/// ```
/// use tansaku_puzzles::sliding::pdb::choose::walks;
/// use tansaku_puzzles::sliding::{parse_board, Sliding};
/// let (p, _) = Sliding::new(&parse_board("123/456/78_", None).unwrap(), None).unwrap();
/// let boards = walks(&p, 5, 30, 1);
/// assert_eq!(boards.len(), 5);
/// assert_eq!(boards, walks(&p, 5, 30, 1));
/// ```
pub fn walks(p: &Sliding, count: usize, moves: usize, seed: u64) -> Vec<SlideState> {
    use tansaku_core::Puzzle;
    let mut rng = SplitMix(seed);
    (0..count)
        .map(|_| {
            let (mut s, mut back) = (p.goal(), None);
            for _ in 0..moves {
                let mut next = Vec::new();
                p.for_each_successor(&s, |_, t| {
                    if Some(t) != back {
                        next.push(t);
                    }
                });
                back = Some(s);
                s = next[rng.below(next.len())];
            }
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grown_partitions_are_connected_and_cover_every_tile() {
        for (w, h, sizes) in [
            (4usize, 4usize, vec![7usize, 8]),
            (5, 5, vec![6, 6, 6, 6]),
            (3, 3, vec![4, 4]),
        ] {
            for part in grown(w, h, &sizes, 6, 11) {
                assert_eq!(part.pattern_sizes(), sizes);
                let text = part.cells_text();
                for g in text.split('/') {
                    let cells: Vec<usize> = g
                        .split(',')
                        .flat_map(|r| match r.split_once('-') {
                            Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).collect::<Vec<usize>>(),
                            None => vec![r.parse().unwrap()],
                        })
                        .collect();
                    // Connected: a flood from the first cell reaches all.
                    let mut seen = vec![cells[0]];
                    let mut i = 0;
                    while i < seen.len() {
                        let c = seen[i];
                        for &d in &cells {
                            let near = (c % w).abs_diff(d % w) + (c / w).abs_diff(d / w) == 1;
                            if near && !seen.contains(&d) {
                                seen.push(d);
                            }
                        }
                        i += 1;
                    }
                    assert_eq!(seen.len(), cells.len(), "{text}: pattern {g} is not connected");
                }
            }
        }
    }
}
