//! Retrograde analysis: the distance from the goal set to every state.
//!
//! A breadth-first search started from every goal at once, over reversible
//! moves, gives each reachable state its distance to the nearest goal. From it
//! come the number of reachable states, the distance histogram, the longest
//! distance (the puzzle's "God's number" for that goal set) and every
//! position at that distance (the antipodes).
//!
//! Implementations:
//! * [`retrograde_dense`] for [`Ranked`] puzzles: one byte per state in a
//!   rank-indexed array (the distance of every state can be read back),
//!   levels processed in parallel (rayon); see the `dense` engine.
//! * [`retrograde`]: the same with a byte or two bits a state (Korf's
//!   two-bit breadth-first search: earlier, current, next level or not
//!   reached), chosen by the memory budget, and checkpoints that let a
//!   killed run go on.
//! * [`retrograde_sparse`] for any reversible puzzle with a listable goal
//!   set: a hash map from state to distance.

use super::dense;
pub use super::table::{Bits, Checkpoint};
use super::table::{Bytes, Code, Table, TwoBits};
use super::{SearchError, Stats, Timer};
use crate::memory;
use crate::{Puzzle, Ranked, Symmetric};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// The largest distance a byte table can hold.
pub const MAX_DENSE_DISTANCE: u32 = 254;

/// What a retrograde analysis found.
#[derive(Clone, Debug)]
pub struct Analysis<S> {
    /// Number of states that can reach a goal (the sum of the histogram).
    pub states: u64,
    /// `histogram[d]` states lie exactly `d` moves from the goal set.
    pub histogram: Vec<u64>,
    /// The longest distance (God's number for this goal set).
    pub longest: u32,
    /// Number of states at the longest distance.
    pub count: u64,
    /// Longest positions, in rank order for the dense analysis; at most the
    /// number asked for.
    pub positions: Vec<S>,
    /// `expanded`: states whose successors were generated; `generated`:
    /// states that received a distance.
    pub stats: Stats,
    /// Where each rank stood for a class of symmetric positions
    /// ([`Ranked::weighted`]): the classes at each distance (the
    /// histogram counts positions); else `None`.
    pub classes: Option<Vec<u64>>,
}

/// Settings of a retrograde analysis.
#[derive(Clone, Debug)]
pub struct RetroOptions {
    /// Keep at most this many longest positions in [`Analysis::positions`].
    pub keep: usize,
    /// The memory budget (tables that pass it are refused before they are
    /// allocated), the progress observer (a line per level) and the stop
    /// signals (checked between levels).
    pub ctx: crate::Context,
    /// Slot width of [`retrograde`]'s table ([`retrograde_dense`] always
    /// uses bytes).
    pub bits: Bits,
    /// Where and how often the dense analyses write checkpoints; a run
    /// given the checkpoint of an interrupted one goes on from it.
    pub checkpoint: Option<Checkpoint>,
    /// A folder for the table when even two bits a state do not fit the
    /// budget: [`retrograde`] then keeps it in chunk files there.
    pub disk: Option<std::path::PathBuf>,
}

impl Default for RetroOptions {
    fn default() -> Self {
        RetroOptions {
            keep: 1000,
            ctx: crate::Context::new(),
            bits: Bits::Auto,
            checkpoint: None,
            disk: None,
        }
    }
}

/// A distance for every rank: the result of [`retrograde_dense`].
pub struct DistanceTable(Table<Bytes>);

impl std::fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DistanceTable({} ranks)", self.0.len)
    }
}

impl DistanceTable {
    /// Bytes the table for `len` states occupies (saturating: a space too
    /// large to count must not wrap round to a small table).
    ///
    /// ```
    /// use tansaku_core::search::retrograde::DistanceTable;
    /// assert_eq!(DistanceTable::bytes_for(9), 16);
    /// assert_eq!(DistanceTable::bytes_for(u64::MAX), u64::MAX);
    /// ```
    pub fn bytes_for(len: u64) -> u64 {
        Table::<Bytes>::bytes_for(len)
    }

    /// Number of ranks.
    pub fn len(&self) -> usize {
        self.0.len
    }

    /// True when the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.0.len == 0
    }

    /// The distance of rank `r`, `None` when it cannot reach a goal.
    #[inline]
    pub fn get(&self, r: u64) -> Option<u32> {
        let b = self.0.slot(r as usize);
        (b != Bytes::UNSEEN).then_some(b as u32)
    }

    /// The table as one byte a rank (255: not reached), for lookups and
    /// files.
    ///
    /// ```
    /// use tansaku_core::examples::Swaps;
    /// use tansaku_core::search::retrograde::{retrograde_dense, RetroOptions};
    /// let (_, t) = retrograde_dense(&Swaps::new(5), RetroOptions::default()).unwrap();
    /// let d: Vec<Option<u32>> = (0..120).map(|r| t.get(r)).collect();
    /// let bytes = t.into_bytes();
    /// assert_eq!(bytes.len(), 120);
    /// assert!(bytes.iter().zip(&d).all(|(&b, &x)| x == (b != 255).then_some(u32::from(b))));
    /// ```
    pub fn into_bytes(self) -> Vec<u8> {
        let len = self.0.len;
        let mut out = crate::memory::huge_zeroed(len);
        out.par_chunks_mut(8)
            .zip(self.0.words.par_iter())
            .for_each(|(chunk, w)| {
                let b = w.load(std::sync::atomic::Ordering::Relaxed).to_le_bytes();
                chunk.copy_from_slice(&b[..chunk.len()]);
            });
        out
    }

    /// Every rank at distance `d`, in increasing order.
    pub fn ranks_at(&self, d: u32) -> impl Iterator<Item = u64> + '_ {
        self.0.ranks_with(d as u64)
    }
}

/// Bytes of memory a dense analysis of `states` states needs with slots of
/// `bits` bits (8 or 2; saturating).
///
/// ```
/// use tansaku_core::search::retrograde::table_bytes;
/// assert_eq!(table_bytes(43_589_145_600, 2), 10_897_286_400);
/// ```
pub fn table_bytes(states: u64, bits: u32) -> u64 {
    if bits == 2 {
        Table::<TwoBits>::bytes_for(states)
    } else {
        Table::<Bytes>::bytes_for(states)
    }
}

fn check_reversible<P: crate::Puzzle>(p: &P) -> Result<(), SearchError> {
    if p.reversible() {
        Ok(())
    } else {
        Err(SearchError::Unsupported(
            "retrograde analysis needs reversible moves".into(),
        ))
    }
}

/// Distance of every state of a [`Ranked`] reversible puzzle to its goal
/// set, in a dense byte table.
///
/// Fails when the puzzle is not reversible, when the table would not fit the
/// context's memory budget, when a distance passes [`MAX_DENSE_DISTANCE`],
/// or when the checkpoint of [`RetroOptions::checkpoint`] cannot be trusted
/// or written.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::retrograde::{retrograde_dense, RetroOptions};
/// use tansaku_core::Ranked;
///
/// let p = Swaps::new(5);
/// let (a, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
/// assert_eq!((a.states, a.longest, a.count), (120, 10, 1));
/// assert_eq!(table.get(p.rank(&p.row(&[1, 0, 2, 4, 3]))), Some(2));
/// ```
pub fn retrograde_dense<P: Ranked>(
    p: &P,
    opts: RetroOptions,
) -> Result<(Analysis<P::State>, DistanceTable), SearchError> {
    check_reversible(p)?;
    memory::check(
        "the distance table (one byte per state)",
        Table::<Bytes>::bytes_for(p.state_count()),
        opts.ctx.budget(),
    )?;
    if shared(&opts) {
        return Err(SearchError::Unsupported(
            "a table of distances cannot be shared between processes: they share two bits a state".into(),
        ));
    }
    let mut run = dense::run::<P, Bytes>(p, &opts.ctx, opts.checkpoint.as_ref(), opts.keep)?;
    let positions = run.longest().take(opts.keep).map(|r| p.unrank(r)).collect();
    let table = std::mem::replace(&mut run.table, Table::new(0));
    Ok((analysis_of_run(run, positions), DistanceTable(table)))
}

fn analysis_of<S>(histogram: Vec<u64>, positions: Vec<S>, expanded: u64, seconds: f64) -> Analysis<S> {
    let longest = (histogram.len() - 1) as u32;
    let states: u64 = histogram.iter().sum();
    Analysis {
        states,
        count: histogram[longest as usize],
        histogram,
        longest,
        positions,
        stats: dense::stats(states, expanded, seconds),
        classes: None,
    }
}

/// The analysis of a dense run: its histogram in positions, and in
/// classes where its ranks stand for classes of them.
fn analysis_of_run<S, C: super::table::Code>(run: dense::Dense<C>, positions: Vec<S>) -> Analysis<S> {
    match run.weights {
        Some(weights) => Analysis {
            classes: Some(run.histogram),
            ..analysis_of(weights, positions, run.expanded, run.seconds)
        },
        None => analysis_of(run.histogram, positions, run.expanded, run.seconds),
    }
}

/// Ranks of classes are kept in memory, one process: why not otherwise.
fn unweighted<P: Ranked>(p: &P, how: &str) -> Result<(), SearchError> {
    if p.weighted() {
        return Err(SearchError::Unsupported(format!(
            "ranks of classes of symmetric positions are not kept {how}: run the analysis unreduced"
        )));
    }
    Ok(())
}

/// The largest table [`Bits::Auto`] keeps at a byte a state: 1 MiB,
/// about what a core's second-level cache holds. Past it two bits are
/// faster as well as smaller: a level's reads and writes land in a table
/// a quarter as wide, which stays in the caches longer (measured on 2
/// cores: twsearch's Turnstile, 6.3 GB at a byte, levels 2.5 times slower
/// than at two bits; 3p1, 2.2 GB, 2 times; 235.tws, 32 MB, 1.27 times;
/// the Skewb diamond, 1.7 MB, 1.1 times; Loopover 3x3, 181 kB, 0.7 times).
pub const AUTO_BYTES_AT_MOST: u64 = 1 << 20;

/// The slot width [`retrograde`] would use for `p` under `opts`, or why no
/// table fits the budget.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::retrograde::{plan_bits, Bits, RetroOptions};
///
/// let small = Swaps::new(9); // 362,880 states: a byte each
/// let p = Swaps::new(11); // 39,916,800 states: past 1 MiB, two bits
/// let eight = RetroOptions { bits: Bits::Eight, ..Default::default() };
/// let tight = RetroOptions { ctx: tansaku_core::Context::new().with_budget(16 << 20), ..eight.clone() };
/// assert_eq!(plan_bits(&small, &RetroOptions::default()).unwrap(), 8);
/// assert_eq!(plan_bits(&p, &RetroOptions::default()).unwrap(), 2);
/// assert_eq!(plan_bits(&p, &eight).unwrap(), 8);
/// // A byte a state asked for, over the budget: refused.
/// assert!(plan_bits(&p, &tight).is_err());
/// ```
pub fn plan_bits<P: Ranked>(p: &P, opts: &RetroOptions) -> Result<u32, SearchError> {
    let n = p.state_count();
    let budget = opts.ctx.budget();
    // The puzzle's move tables on ranks, if it builds any, beside it.
    let tables = p.successor_table_bytes();
    let fits = |bits| memory::check("", table_bytes(n, bits) + tables, budget).is_ok();
    let bits = match opts.bits {
        Bits::Eight => 8,
        Bits::Two => 2,
        Bits::Auto if fits(8) && table_bytes(n, 8) <= AUTO_BYTES_AT_MOST => 8,
        Bits::Auto => 2,
    };
    let mut what = if bits == 8 {
        "the distance table (one byte per state)"
    } else {
        "the distance table (two bits per state)"
    }
    .to_string();
    if tables > 0 {
        what.push_str(", with the puzzle's move tables,");
    }
    let held = if bits == 8 {
        memory::Held::Table
    } else {
        memory::Held::TwoBits
    };
    memory::check_held(&what, held, table_bytes(n, bits) + tables, budget)?;
    Ok(bits)
}

/// The histogram, the longest distance and the longest positions of a
/// [`Ranked`] reversible puzzle, with a byte or two bits a state
/// ([`RetroOptions::bits`], chosen by [`plan_bits`]), checkpointed if asked.
/// Both widths give the same analysis; two bits take a quarter of the
/// memory. The longest positions are the first [`RetroOptions::keep`] in
/// rank order.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::retrograde::{retrograde, Bits, RetroOptions};
///
/// let p = Swaps::new(5);
/// let (a, table) = retrograde(&p, RetroOptions { bits: Bits::Two, ..Default::default() }).unwrap();
/// assert_eq!((a.states, a.longest, a.count), (120, 10, 1));
/// assert!(table.is_none()); // two bits: no distance to read back
/// ```
pub fn retrograde<P: Ranked>(
    p: &P,
    opts: RetroOptions,
) -> Result<(Analysis<P::State>, Option<DistanceTable>), SearchError> {
    retrograde_then(p, opts, |_| None).map(|(a, t, _)| (a, t))
}

/// [`retrograde`], and the longest positions counted up to the symmetries
/// of `p` (`None` when `p` has none besides the identity, or when the
/// analysis ran on disk and there are more than 4,194,304): read
/// from the table while it is there, so a two-bit analysis counts them as
/// well as a byte one.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::retrograde::{retrograde_symmetric, Bits, RetroOptions};
///
/// // The reversed row is its own image under the symmetry that reverses
/// // the row and renames the tokens: one longest position, one class.
/// let p = Swaps::new(5);
/// for bits in [Bits::Eight, Bits::Two] {
///     let (a, _, orbits) = retrograde_symmetric(&p, RetroOptions { bits, ..Default::default() }).unwrap();
///     assert_eq!((a.longest, a.count, orbits), (10, 1, Some(1)));
/// }
/// ```
#[allow(clippy::type_complexity)]
pub fn retrograde_symmetric<P: Ranked + Symmetric>(
    p: &P,
    opts: RetroOptions,
) -> Result<(Analysis<P::State>, Option<DistanceTable>, Option<u64>), SearchError> {
    if p.symmetry_count() < 2 {
        return retrograde(p, opts).map(|(a, t)| (a, t, None));
    }
    retrograde_then(p, opts, |ranks| Some(count_orbits(p, ranks.map(|r| p.unrank(r)))))
}

/// Whether the context's processes share the analysis (more than one).
fn shared(opts: &RetroOptions) -> bool {
    opts.ctx.processes().is_some_and(|p| p.count() > 1)
}

/// Longest positions whose ranks an analysis on disk keeps to count them up
/// to symmetry (32 MB of ranks).
const ON_DISK_RANKS: usize = 1 << 22;

/// [`retrograde`], with `orbits` asked of the longest positions' ranks
/// while the table that holds them all is there.
#[allow(clippy::type_complexity)]
fn retrograde_then<P: Ranked>(
    p: &P,
    opts: RetroOptions,
    orbits: impl FnOnce(&mut dyn Iterator<Item = u64>) -> Option<u64>,
) -> Result<(Analysis<P::State>, Option<DistanceTable>, Option<u64>), SearchError> {
    check_reversible(p)?;
    if shared(&opts) {
        unweighted(p, "across processes")?;
        // Each process keeps its slice, two bits a state.
        let run = dense::run::<P, TwoBits>(p, &opts.ctx, opts.checkpoint.as_ref(), opts.keep)?;
        let ranks: Vec<u64> = run.longest().collect();
        let positions = ranks.iter().take(opts.keep).map(|&r| p.unrank(r)).collect();
        let all = ranks.len() as u64 == run.histogram[run.histogram.len() - 1];
        let o = if all { orbits(&mut ranks.into_iter()) } else { None };
        return Ok((
            analysis_of(run.histogram, positions, run.expanded, run.seconds),
            None,
            o,
        ));
    }
    let bits = match (plan_bits(p, &opts), &opts.disk) {
        (Err(SearchError::OverBudget(_)), Some(dir)) if opts.bits != Bits::Eight && !p.weighted() => {
            // The table is gone when the run ends: the longest positions'
            // ranks are kept up to a number that fits the memory easily.
            let (a, ranks) = on_disk(p, dir, opts.keep.max(ON_DISK_RANKS), &opts)?;
            let all = ranks.len() as u64 == a.count;
            let o = if all { orbits(&mut ranks.into_iter()) } else { None };
            return Ok((a, None, o));
        }
        (bits, _) => bits?,
    };
    if bits == 8 {
        let (a, t) = retrograde_dense(p, opts)?;
        let o = orbits(&mut t.ranks_at(a.longest));
        return Ok((a, Some(t), o));
    }
    let run = dense::run::<P, TwoBits>(p, &opts.ctx, opts.checkpoint.as_ref(), opts.keep)?;
    let positions = run.longest().take(opts.keep).map(|r| p.unrank(r)).collect();
    let o = orbits(&mut run.longest());
    Ok((analysis_of_run(run, positions), None, o))
}

/// The two-bit analysis with its table in chunk files under `dir`, half
/// the budget for the chunk in memory.
#[cfg(feature = "files")]
fn on_disk<P: Ranked>(
    p: &P,
    dir: &std::path::Path,
    ranks: usize,
    opts: &RetroOptions,
) -> Result<(Analysis<P::State>, Vec<u64>), SearchError> {
    let memory = opts.ctx.budget().unwrap_or(1 << 30) / 2;
    let run = super::disk::run(p, dir, memory, ranks, &opts.ctx, opts.checkpoint.as_ref())?;
    let positions = run.longest.iter().take(opts.keep).map(|&r| p.unrank(r)).collect();
    let a = analysis_of(run.histogram, positions, run.stats.expanded, run.stats.seconds);
    Ok((a, run.longest))
}

/// Without files there is no disk to keep a table on.
#[cfg(not(feature = "files"))]
fn on_disk<P: Ranked>(
    _: &P,
    _: &std::path::Path,
    _: usize,
    _: &RetroOptions,
) -> Result<(Analysis<P::State>, Vec<u64>), SearchError> {
    Err(super::no_files("an analysis on disk"))
}

/// Distance of every state reachable from the goal set, in a hash map; for
/// reversible puzzles without a perfect hash.
///
/// Keeps every longest position (see [`RetroOptions::keep`] for the cut).
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::retrograde::{retrograde_sparse, RetroOptions};
///
/// let p = Swaps::new(5);
/// let (a, _map) = retrograde_sparse(&p, RetroOptions::default()).unwrap();
/// assert_eq!((a.states, a.longest, a.count), (120, 10, 1));
/// assert_eq!(a.histogram, vec![1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1]);
/// ```
#[allow(clippy::type_complexity)]
pub fn retrograde_sparse<P: Puzzle>(
    p: &P,
    opts: RetroOptions,
) -> Result<(Analysis<P::State>, FxHashMap<P::State, u32>), SearchError> {
    if !p.reversible() {
        return Err(SearchError::Unsupported(
            "retrograde analysis needs reversible moves".into(),
        ));
    }
    let Some(goals) = p.goal_states() else {
        return Err(SearchError::Unsupported(
            "retrograde analysis needs a listable goal set".into(),
        ));
    };
    let timer = Timer::start();
    let mut stats = Stats::default();
    let mut dist: FxHashMap<P::State, u32> = FxHashMap::default();
    let mut layer: Vec<P::State> = Vec::new();
    for g in goals {
        if !dist.contains_key(&g) {
            dist.insert(g.clone(), 0);
            layer.push(g);
        }
    }
    let mut histogram = vec![layer.len() as u64];
    let mut last = layer.clone();
    // A stored state: the map's entry (state, distance, control byte, room
    // to grow) and its place in a layer.
    let guard = super::MemoryGuard::new(
        3 * (std::mem::size_of::<P::State>() as u64 + p.state_heap_bytes() + 8),
        &opts.ctx,
    );
    while !layer.is_empty() {
        guard.check(dist.len() + 2 * layer.len(), "retrograde analysis")?;
        guard.stopped()?;
        let d = histogram.len() as u32;
        let mut next = Vec::new();
        for s in &layer {
            stats.expanded += 1;
            p.for_each_successor(s, |_, t| {
                if !dist.contains_key(&t) {
                    dist.insert(t.clone(), d);
                    next.push(t);
                }
            });
        }
        if !next.is_empty() {
            histogram.push(next.len() as u64);
            last = next.clone();
        }
        layer = next;
    }
    let longest = (histogram.len() - 1) as u32;
    let states = dist.len() as u64;
    stats.generated = states;
    stats.seconds = timer.seconds();
    last.truncate(opts.keep);
    let analysis = Analysis {
        states,
        count: histogram[longest as usize],
        histogram,
        longest,
        positions: last,
        stats,
        classes: None,
    };
    Ok((analysis, dist))
}

/// Number of orbits of `states` under the puzzle's symmetries, where the set
/// is closed under them (as the states at one distance are). A state whose
/// orbit has `k` members is fixed by `|G| / k` symmetries (the symmetries
/// form a group), so each orbit adds `|G|` fixed pairs in all and the total
/// divided by `|G|` counts the orbits, in exact integers, with no table of
/// states seen and no image compared with another: `|G|` comparisons a
/// state, not `|G|^2 / 2` (Loopover 3x3's 2,475 antipodes under 72
/// symmetries took as long as its whole analysis).
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::retrograde::count_orbits;
///
/// // 1 0 2 3 and 0 1 3 2 are images of each other; 0 2 1 3 is its own.
/// let p = Swaps::new(4);
/// let rows = [p.row(&[1, 0, 2, 3]), p.row(&[0, 1, 3, 2]), p.row(&[0, 2, 1, 3])];
/// assert_eq!(count_orbits(&p, rows.into_iter()), 2);
/// ```
pub fn count_orbits<P: Symmetric>(p: &P, states: impl Iterator<Item = P::State>) -> u64 {
    let g = p.symmetry_count();
    let fixing = |s: &P::State| (0..g).filter(|&i| p.fixes(i, s)).count();
    // In chunks shared by the threads: the states may be millions.
    let (mut fixed, mut chunk) = (0usize, Vec::with_capacity(1 << 12));
    let mut states = states.peekable();
    while states.peek().is_some() {
        chunk.clear();
        chunk.extend(states.by_ref().take(1 << 12));
        fixed += chunk.par_iter().map(fixing).sum::<usize>();
    }
    (fixed / g) as u64
}
