//! Move pruning for sliding puzzles: Taylor & Korf's finite automaton
//! ("Pruning duplicate nodes in depth-first search", AAAI 1993), built by
//! a program.
//!
//! A sequence of moves of the empty cell (up, down, left, right) does the
//! same thing wherever it is played, as long as it stays on the board. A
//! breadth-first search over sequences on an unbounded board, shortest
//! first and in alphabetical order within a length, finds every sequence
//! that leaves the tiles as an earlier one does (a shorter one, or one as
//! long and alphabetically smaller) whose empty cell never leaves the
//! rectangle this one's visits (so that the earlier one is legal wherever
//! this one is). Such a sequence is never part of the shortest,
//! alphabetically first solution: replacing it by the earlier one gives a
//! solution no longer and, if as long, smaller. So a tree search may skip
//! every path that holds one. The sequences found (the first, `UD` and
//! the other undoings, are the usual "never undo the last move") become an
//! Aho-Corasick automaton over the four moves: IDA* keeps its state along
//! the path and drops a move whose transition reaches a dead state.
//!
//! The search goes to a fixed length ([`DEFAULT_DEPTH`]); longer
//! duplicates are left in the tree, which only costs nodes.

use super::{SlideMove, SlideState, Sliding};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use tansaku_core::search::MovePruning;

/// The empty cell's moves, in the alphabetical order of the search.
const UP: u8 = 0;
const DOWN: u8 = 1;
const LEFT: u8 = 2;
const RIGHT: u8 = 3;
/// (dx, dy) of each move of the empty cell.
const DELTA: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// The length to which duplicate sequences are sought by default.
pub const DEFAULT_DEPTH: usize = 16;

/// The transition of a dead state: the sequence holds a duplicate.
const DEAD: u32 = u32::MAX;
/// The automaton file's first bytes, format and header length.
const MAGIC: &[u8; 16] = b"tansaku-slideaut";
const FORMAT: u32 = 1;
const HEADER: usize = 16 + 4 * 4 + 8 + 8;

/// A file's bytes in the folder `dir`, if it has one.
#[cfg(feature = "files")]
fn read_file(dir: Option<&std::path::Path>, name: &str) -> Option<Vec<u8>> {
    std::fs::read(dir?.join(name)).ok()
}

#[cfg(not(feature = "files"))]
fn read_file(_: Option<&std::path::Path>, _: &str) -> Option<Vec<u8>> {
    None
}

/// Keeps a file in the folder `dir` (temporary name, then renamed).
#[cfg(feature = "files")]
fn write_file(dir: Option<&std::path::Path>, name: &str, bytes: &[u8]) -> Result<(), String> {
    let Some(dir) = dir else { return Ok(()) };
    let fail = |e: std::io::Error| format!("cannot write the automaton into '{}': {e}", dir.display());
    std::fs::create_dir_all(dir).map_err(fail)?;
    let temp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    tansaku_core::memory::write_whole(&dir.join(name), &temp, &[bytes]).map_err(fail)
}

#[cfg(not(feature = "files"))]
fn write_file(_: Option<&std::path::Path>, _: &str, _: &[u8]) -> Result<(), String> {
    Ok(())
}

/// The automaton: for each state, the state after each move of the empty
/// cell (or `DEAD`).
#[derive(Debug)]
pub struct SlideAutomaton {
    next: Vec<[u32; 4]>,
    /// Duplicate sequences it rejects (each with no duplicate inside it).
    pub sequences: usize,
    /// The length to which they were sought.
    pub depth: usize,
    /// Seconds its construction took.
    pub seconds: f64,
}

impl SlideAutomaton {
    /// The automaton of the duplicate sequences up to `depth` moves whose
    /// empty cell stays within `width` x `height` cells (a board's size:
    /// no other sequence is ever played on it).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::automaton::SlideAutomaton;
    /// let a = SlideAutomaton::build(4, 5, 5);
    /// // Up to four moves, the only duplicates are the four undoings.
    /// assert_eq!(a.sequences, 4);
    /// let b = SlideAutomaton::build(12, 5, 5);
    /// assert!(b.sequences > 4 && b.states() > 5);
    /// // A board one cell wide: the empty cell goes up and down, and
    /// // undoing one of those is all there is to prune.
    /// assert_eq!(SlideAutomaton::build(12, 1, 9).sequences, 2);
    /// ```
    pub fn build(depth: usize, width: usize, height: usize) -> SlideAutomaton {
        Self::build_within(depth, width, height, None).expect("no memory budget to pass")
    }

    /// [`SlideAutomaton::build`] within a memory budget: the search's
    /// sequences and boards grow about threefold a move (a 16-move
    /// automaton of a 5x5 board takes a few hundred MB to make, a 20-move
    /// one more than 24 GB), so the bytes held are counted as they grow
    /// and the build stops, with the error, once they would pass `budget`.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::automaton::SlideAutomaton;
    /// let e = SlideAutomaton::build_within(16, 5, 5, Some(1 << 20)).unwrap_err();
    /// assert!(e.to_string().starts_with("the move pruning automaton of 16 moves for 5x5 boards needs about"));
    /// assert!(SlideAutomaton::build_within(8, 5, 5, Some(1 << 20)).is_ok());
    /// ```
    pub fn build_within(
        depth: usize,
        width: usize,
        height: usize,
        budget: Option<u64>,
    ) -> Result<SlideAutomaton, tansaku_core::memory::MemoryError> {
        let clock = web_time::Instant::now();
        let what = || format!("the move pruning automaton of {depth} moves for {width}x{height} boards");
        let over = |needed: u64| {
            tansaku_core::memory::check_held(&what(), tansaku_core::memory::Held::Automaton, needed, budget)
        };
        let forbidden = duplicates(depth, width, height, &over)?;
        let sequences = forbidden.len();
        // The trie and its tables: a state at most a move of a sequence,
        // with its transitions, failure link and mark.
        let moves: u64 = forbidden.iter().map(|f| f.len() as u64).sum();
        over((moves + 1) * (16 + 16 + 4 + 1) + sequences as u64 * 48)?;
        let next = aho_corasick(&forbidden);
        Ok(SlideAutomaton {
            next,
            sequences,
            depth,
            seconds: clock.elapsed().as_secs_f64(),
        })
    }

    /// The automaton of `depth` for a `width` x `height` board, as the
    /// context keeps it: in memory for later solves, and as a file beside
    /// the pattern databases (a header, the table, a checksum; a file
    /// that does not check is built again, with a notice), so that the
    /// next process reads it instead of searching again.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::automaton::SlideAutomaton;
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// let a = SlideAutomaton::shared(10, 4, 4, &ctx).unwrap();
    /// let b = SlideAutomaton::shared(10, 4, 4, &ctx).unwrap();
    /// assert!(std::sync::Arc::ptr_eq(&a, &b));
    /// ```
    pub fn shared(
        depth: usize,
        width: usize,
        height: usize,
        ctx: &tansaku_core::Context,
    ) -> Result<Arc<SlideAutomaton>, tansaku_core::memory::MemoryError> {
        let (w, h) = (width.min(height), width.max(height));
        let key = format!("slide automaton {w}x{h} depth {depth}");
        let name = format!("automaton-{w}x{h}-{depth}.bin");
        ctx.tables().get_or_make(&key, 0, || {
            let tables = ctx.tables();
            let bytes = match tables.store().filter(|_| tables.dir().is_none()) {
                Some(store) => store.read(&name),
                None => read_file(tables.dir(), &name),
            };
            if let Some(bytes) = bytes {
                match SlideAutomaton::from_bytes(&bytes, depth, w, h) {
                    Ok(a) => return Ok(a),
                    Err(why) => ctx.notice(&format!("automaton file '{name}' {why}: building it again")),
                }
            }
            let a = SlideAutomaton::build_within(depth, w, h, ctx.budget())?;
            let bytes = a.to_bytes(w, h);
            let kept = match tables.store().filter(|_| tables.dir().is_none()) {
                Some(store) => store.write(&name, &bytes),
                None => write_file(tables.dir(), &name, &bytes),
            };
            if let Err(why) = kept {
                ctx.notice(&format!("{why}; the automaton is used but not kept"));
            }
            Ok(a)
        })
    }

    /// The automaton a search asks for: `Some(0)` none, `Some(depth)` that
    /// one or the budget's error, `None` the library's choice: the
    /// [`DEFAULT_DEPTH`] or, where the budget cannot hold its build, the
    /// longest (two moves shorter each time) that fits, with a notice. The
    /// automaton only saves nodes, so a default never refuses a search.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::automaton::SlideAutomaton;
    /// let ctx = tansaku_core::Context::new()
    ///     .with_tables(tansaku_core::context::Tables::in_memory())
    ///     .with_budget(1 << 20);
    /// // 16 moves do not fit a megabyte; a shorter automaton does.
    /// let a = SlideAutomaton::for_search(None, 4, 4, &ctx).unwrap().unwrap();
    /// assert!(a.depth < 16);
    /// assert!(SlideAutomaton::for_search(Some(16), 4, 4, &ctx).is_err());
    /// assert!(SlideAutomaton::for_search(Some(0), 4, 4, &ctx).unwrap().is_none());
    /// ```
    pub fn for_search(
        depth: Option<usize>,
        width: usize,
        height: usize,
        ctx: &tansaku_core::Context,
    ) -> Result<Option<Arc<SlideAutomaton>>, tansaku_core::memory::MemoryError> {
        let Some(asked) = depth else {
            let mut depth = DEFAULT_DEPTH;
            loop {
                match SlideAutomaton::shared(depth, width, height, ctx) {
                    Ok(a) => return Ok(Some(a)),
                    Err(e) if depth > 2 => {
                        ctx.notice(&format!(
                            "{e}: using the automaton of {} moves instead (fewer duplicate paths pruned)",
                            depth - 2
                        ));
                        depth -= 2;
                    }
                    Err(_) => return Ok(None),
                }
            }
        };
        (asked > 0)
            .then(|| SlideAutomaton::shared(asked, width, height, ctx))
            .transpose()
    }

    /// The file of the automaton: a header (magic, format, board, depth,
    /// states, sequences), the transitions (four little-endian words a
    /// state) and an XXH3-64 checksum of all that.
    fn to_bytes(&self, w: usize, h: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 16 * self.next.len() + 8);
        out.extend_from_slice(MAGIC);
        for x in [FORMAT, w as u32, h as u32, self.depth as u32] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&(self.next.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.sequences as u64).to_le_bytes());
        for row in &self.next {
            for t in row {
                out.extend_from_slice(&t.to_le_bytes());
            }
        }
        let sum = xxhash_rust::xxh3::xxh3_64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The automaton from its file, or why the file cannot be trusted.
    fn from_bytes(bytes: &[u8], depth: usize, w: usize, h: usize) -> Result<SlideAutomaton, String> {
        if bytes.len() < HEADER + 8 || &bytes[..16] != MAGIC {
            return Err("is not a tansaku automaton".into());
        }
        let word = |i: usize| u32::from_le_bytes(bytes[16 + 4 * i..20 + 4 * i].try_into().expect("4 bytes"));
        if word(0) != FORMAT {
            return Err(format!(
                "was written in format {} (this tansaku reads {FORMAT})",
                word(0)
            ));
        }
        if (word(1), word(2), word(3)) != (w as u32, h as u32, depth as u32) {
            return Err("is of another board or depth".into());
        }
        let long = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let (states, sequences) = (long(32) as usize, long(40) as usize);
        if bytes.len() != HEADER + 16 * states + 8 {
            return Err("is truncated or overlong".into());
        }
        let body = &bytes[..bytes.len() - 8];
        if xxhash_rust::xxh3::xxh3_64(body) != long(bytes.len() - 8) {
            return Err("is corrupt (its checksum does not match)".into());
        }
        let next: Vec<[u32; 4]> = body[HEADER..]
            .chunks_exact(16)
            .map(|c| std::array::from_fn(|i| u32::from_le_bytes(c[4 * i..4 * i + 4].try_into().expect("4 bytes"))))
            .collect();
        if next.iter().flatten().any(|&t| t != DEAD && t as usize >= states) {
            return Err("is corrupt (a transition leads nowhere)".into());
        }
        Ok(SlideAutomaton {
            next,
            sequences,
            depth,
            seconds: 0.0,
        })
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// The state after the empty cell moves `dir` (0 up, 1 down, 2 left,
    /// 3 right) from state `at`, `None` when the sequence is pruned.
    #[inline]
    pub fn step(&self, at: u32, dir: u8) -> Option<u32> {
        let t = self.next[at as usize][usize::from(dir)];
        (t != DEAD).then_some(t)
    }

    /// Asks for state `at`'s row ahead of [`SlideAutomaton::step`]'s reads
    /// (hundreds of thousands of states fill megabytes, past the
    /// processor's own caches).
    #[inline]
    pub fn prefetch(&self, at: u32) {
        if let Some(row) = self.next.get(at as usize) {
            tansaku_core::memory::prefetch(row);
        }
    }

    /// Whether a whole sequence of the empty cell's moves survives.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::automaton::SlideAutomaton;
    /// let a = SlideAutomaton::build(12, 4, 4);
    /// // Undoing a move, and going three times round a square of four cells.
    /// assert!(!a.accepts(&[0, 1]));
    /// assert!(!a.accepts(&[3, 1, 2, 0, 3, 1, 2, 0, 3, 1, 2, 0]));
    /// assert!(a.accepts(&[3, 1, 2, 0]));
    /// ```
    pub fn accepts(&self, moves: &[u8]) -> bool {
        moves.iter().try_fold(0u32, |at, &d| self.step(at, d)).is_some()
    }

    /// The branching factor the automaton leaves at depth `d` on an
    /// unbounded board: sequences of length `d` it accepts over those of
    /// `d - 1`.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::automaton::SlideAutomaton;
    /// let a = SlideAutomaton::build(2, 9, 9);
    /// assert!((a.branching(10) - 3.0).abs() < 1e-9);
    /// ```
    pub fn branching(&self, d: usize) -> f64 {
        let mut count = vec![0f64; self.next.len()];
        count[0] = 1.0;
        let mut totals = vec![1.0];
        for _ in 0..d {
            let mut next = vec![0f64; self.next.len()];
            for (s, &c) in count.iter().enumerate() {
                if c > 0.0 {
                    for &t in &self.next[s] {
                        if t != DEAD {
                            next[t as usize] += c;
                        }
                    }
                }
            }
            totals.push(next.iter().sum());
            count = next;
        }
        totals[d] / totals[d - 1]
    }
}

/// The empty cell's move of a slide (the tile moves the other way).
#[inline]
fn direction(width: usize, m: SlideMove) -> u8 {
    let (from, to) = (i32::from(m.from), i32::from(m.to));
    match from - to {
        d if d == -(width as i32) => UP,
        d if d == width as i32 => DOWN,
        -1 => LEFT,
        _ => RIGHT,
    }
}

/// IDA*'s move pruning on a sliding board: the automaton's state along the
/// path.
#[derive(Clone, Copy, Debug)]
pub struct SlidePruning<'a> {
    automaton: &'a SlideAutomaton,
    width: usize,
}

impl<'a> SlidePruning<'a> {
    /// The pruning of `automaton` on `p`'s board.
    pub fn new(p: &Sliding, automaton: &'a SlideAutomaton) -> Self {
        SlidePruning {
            automaton,
            width: p.width(),
        }
    }
}

impl MovePruning<Sliding> for SlidePruning<'_> {
    type State = u32;

    #[inline]
    fn start(&self, _: &SlideState) -> u32 {
        0
    }

    #[inline]
    fn next(&self, at: u32, _: &SlideState, m: SlideMove) -> Option<u32> {
        self.automaton.step(at, direction(self.width, m))
    }

    /// The alphabetical order of the empty cell's moves the automaton's
    /// sequences were sought in.
    #[inline]
    fn order(&self, m: SlideMove) -> Option<u32> {
        Some(u32::from(direction(self.width, m)))
    }

    #[inline]
    fn prefetch(&self, at: u32) {
        self.automaton.prefetch(at);
    }
}

/// Every sequence of up to `depth` moves of the empty cell, within a
/// rectangle of `width` x `height` cells, that leaves the tiles as an
/// earlier sequence whose empty cell stays within its rectangle, none
/// holding an earlier such one (see the module documentation).
///
/// The search runs level by level over the sequences that survive (two
/// bits a move in a word), in alphabetical order. A sequence's effect is
/// a Zobrist hash of the board it leaves, as its difference from the
/// first board (128 bits: a collision among a few hundred million boards
/// has odds of about 10^-22): each parent is replayed once onto a scratch
/// board, and each child's hash follows from its parent's and the one tile
/// it moves.
fn duplicates<E>(
    depth: usize,
    width: usize,
    height: usize,
    over: &impl Fn(u64) -> Result<(), E>,
) -> Result<Vec<Vec<u8>>, E> {
    /// A sequence that survives: its moves (two bits each, the first
    /// lowest), effect and the rectangle its empty cell visited.
    struct Seq {
        moves: u64,
        hash: u128,
        bbox: [i8; 4],
    }
    const BLANK: u32 = u32::MAX;
    assert!(depth <= 31, "sequences are kept in a word, two bits a move");
    let side = 2 * depth + 3;
    let off = depth as i32 + 1;
    let index = |x: i32, y: i32| ((y + off) as usize) * side + (x + off) as usize;
    // The tile a cell holds at first: its own index; the empty cell
    // starts on the origin.
    let origin = index(0, 0);
    let first = |cell: usize| if cell == origin { BLANK } else { cell as u32 };
    let zobrist = |cell: usize, tile: u32| -> u128 {
        let mut z = (cell as u64) << 32 | u64::from(tile);
        let mut out = 0u128;
        for _ in 0..2 {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^= x >> 31;
            out = out << 64 | u128::from(x);
        }
        out
    };
    let mut level = vec![Seq {
        moves: 0,
        hash: 0,
        bbox: [0; 4],
    }];
    let mut seen: FxHashMap<u128, [i8; 4]> = FxHashMap::default();
    seen.insert(0, [0; 4]);
    let mut forbidden: Vec<Vec<u8>> = Vec::new();
    let mut set: rustc_hash::FxHashSet<(u64, usize)> = rustc_hash::FxHashSet::default();
    // The scratch board: a cell's tile is valid when its stamp is the
    // current one.
    let mut tile = vec![0u32; side * side];
    let mut stamp = vec![0u32; side * side];
    let mut now = 0u32;
    // Bytes the search holds: the boards seen (key, rectangle, control
    // byte and spare room), the sequences of two levels, the duplicates.
    let mut kept = 0u64;
    let held = |seen: usize, level: usize, next: usize, set: usize, kept: u64| {
        seen as u64 * 32 + (level + next) as u64 * std::mem::size_of::<Seq>() as u64 + set as u64 * 32 + kept
    };
    for len in 0..depth {
        over(held(
            seen.capacity(),
            level.len(),
            level.len() * 3,
            set.capacity(),
            kept,
        ))?;
        let mut next = Vec::with_capacity(level.len() * 3);
        for (k, s) in level.iter().enumerate() {
            if k % 65_536 == 65_535 {
                over(held(
                    seen.capacity(),
                    level.len(),
                    next.capacity(),
                    set.capacity(),
                    kept,
                ))?;
            }
            now += 1;
            let get = |tile: &mut [u32], stamp: &mut [u32], c: usize| {
                if stamp[c] != now {
                    stamp[c] = now;
                    tile[c] = first(c);
                }
                tile[c]
            };
            // Replay the parent onto the scratch board.
            let (mut x, mut y) = (0i32, 0i32);
            for i in 0..len {
                let (dx, dy) = DELTA[(s.moves >> (2 * i) & 3) as usize];
                let (a, b) = (index(x, y), index(x + dx, y + dy));
                let t = get(&mut tile, &mut stamp, b);
                get(&mut tile, &mut stamp, a);
                tile[a] = t;
                tile[b] = BLANK;
                (x, y) = (x + dx, y + dy);
            }
            for m in 0..4u8 {
                let n = len + 1;
                let moves = s.moves | u64::from(m) << (2 * len);
                // Ending in a duplicate found earlier: already rejected.
                if (1..n).any(|i| set.contains(&(moves >> (2 * i), n - i))) {
                    continue;
                }
                let (dx, dy) = DELTA[usize::from(m)];
                let (nx, ny) = (x + dx, y + dy);
                let bbox = [
                    s.bbox[0].min(nx as i8),
                    s.bbox[1].min(ny as i8),
                    s.bbox[2].max(nx as i8),
                    s.bbox[3].max(ny as i8),
                ];
                // Never legal on the board: neither it nor its duplicates
                // matter.
                if (bbox[2] - bbox[0]) as usize >= width || (bbox[3] - bbox[1]) as usize >= height {
                    continue;
                }
                // The tile on the new cell moves to the old one, the empty
                // cell the other way: four terms of the hash change.
                let (a, b) = (index(x, y), index(nx, ny));
                let t = get(&mut tile, &mut stamp, b);
                let term = |c: usize, v: u32| if v == first(c) { 0 } else { zobrist(c, v) };
                let hash = s.hash ^ term(a, BLANK) ^ term(a, t) ^ term(b, t) ^ term(b, BLANK);
                let child = Seq { moves, hash, bbox };
                match seen.get(&hash) {
                    Some(earlier) if within(earlier, &bbox) => {
                        set.insert((moves, n));
                        forbidden.push((0..n).map(|i| (moves >> (2 * i) & 3) as u8).collect());
                        kept += 24 + n as u64;
                    }
                    Some(_) => next.push(child),
                    None => {
                        seen.insert(hash, bbox);
                        next.push(child);
                    }
                }
            }
        }
        level = next;
    }
    Ok(forbidden)
}

/// Whether rectangle `a` (min x, min y, max x, max y) lies within `b`.
fn within(a: &[i8; 4], b: &[i8; 4]) -> bool {
    a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3]
}

/// The Aho-Corasick automaton of `patterns` over four letters: state 0 the
/// empty prefix; a transition into a state where some pattern ends (at it
/// or at a suffix of it) is [`DEAD`].
fn aho_corasick(patterns: &[Vec<u8>]) -> Vec<[u32; 4]> {
    // The trie.
    let mut goto: Vec<[u32; 4]> = vec![[DEAD; 4]];
    let mut end: Vec<bool> = vec![false];
    for p in patterns {
        let mut s = 0usize;
        for &c in p {
            let c = usize::from(c);
            if goto[s][c] == DEAD {
                goto.push([DEAD; 4]);
                end.push(false);
                goto[s][c] = (goto.len() - 1) as u32;
            }
            s = goto[s][c] as usize;
        }
        end[s] = true;
    }
    // Failure links, breadth first; a state is dead when it or its
    // failure state is.
    let n = goto.len();
    let mut fail = vec![0u32; n];
    let mut next = vec![[0u32; 4]; n];
    let mut queue = std::collections::VecDeque::new();
    for c in 0..4 {
        match goto[0][c] {
            DEAD => next[0][c] = 0,
            t => {
                next[0][c] = t;
                fail[t as usize] = 0;
                queue.push_back(t as usize);
            }
        }
    }
    while let Some(s) = queue.pop_front() {
        end[s] = end[s] || end[fail[s] as usize];
        for c in 0..4 {
            match goto[s][c] {
                DEAD => next[s][c] = next[fail[s] as usize][c],
                t => {
                    next[s][c] = t;
                    fail[t as usize] = next[fail[s] as usize][c];
                    queue.push_back(t as usize);
                }
            }
        }
    }
    // Dead states are never entered: their transitions point to DEAD, and
    // only the live states are kept, renumbered.
    let mut id = vec![DEAD; n];
    let mut live = 0u32;
    for s in 0..n {
        if !end[s] {
            id[s] = live;
            live += 1;
        }
    }
    (0..n)
        .filter(|&s| !end[s])
        .map(|s| {
            let mut row = [DEAD; 4];
            for c in 0..4 {
                row[c] = id[next[s][c] as usize];
            }
            row
        })
        .collect()
}
