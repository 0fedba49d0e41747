//! Solving sliding puzzles: which algorithm, which lower bound, and running
//! them, for one board or a batch of boards with one goal.
//!
//! [`Solver::new`] makes the choices once for a goal (and builds or loads
//! the pattern databases once); [`Solver::solve`] then answers any board
//! with that goal. With [`Algorithm`] and [`BoundRequest`] left to `Auto`:
//! small spaces (the 8-puzzle) go to breadth-first search, the 15- and
//! 24-puzzle to IDA* with the strongest pattern databases that fit in
//! memory, repeated tiles (the Line Puzzle) to IDA* with label databases,
//! other large boards to IDA* with Manhattan distance plus linear
//! conflicts.

use super::automaton::{SlideAutomaton, SlidePruning};
use super::packed::Packed;
use super::pattern::PatternDb;
use super::pdb::cache::{Origin, PdbCache};
use super::pdb::kernel::SlideKernel;
use super::pdb::max::{MOST_PARTITIONS, MaxPdb};
use super::pdb::{AdditivePdb, Partition, PdbError};
use super::{LinearConflictBound, ManhattanBound, SlideState, Sliding};
use tansaku_core::Ranked;
use tansaku_core::search::auto::{self, Algorithm, Space};
use tansaku_core::search::retrograde::Checkpoint;
use tansaku_core::search::{self, IdaOptions, Kernel, LowerBound, MovePruning, SearchError, Solution};

/// A kernel of sliding boards whose bound's memo is `M` and move
/// pruning's state `A`.
pub(crate) type SlideKernelBox<'a, M, A> = Box<dyn Kernel<Sliding, M, A> + 'a>;

/// A lower bound of sliding boards, which may bring IDA*'s inner loop of
/// its own ([`Kernel`]).
pub(crate) trait SlideBound: LowerBound<Sliding> {
    /// The inner loop for this bound and the pruning `r`, when the bound
    /// has one. None by default.
    fn kernel<'a, R: MovePruning<Sliding>>(
        &'a self,
        p: &'a Sliding,
        r: &'a R,
    ) -> Option<SlideKernelBox<'a, Self::Memo, R::State>> {
        let _ = (p, r);
        None
    }
}

impl SlideBound for ManhattanBound<'_> {}
impl SlideBound for LinearConflictBound<'_> {}
impl SlideBound for PatternDb {}

impl SlideBound for AdditivePdb {
    fn kernel<'a, R: MovePruning<Sliding>>(
        &'a self,
        p: &'a Sliding,
        r: &'a R,
    ) -> Option<SlideKernelBox<'a, Self::Memo, R::State>> {
        Some(Box::new(SlideKernel::new(p, vec![self], r)?))
    }
}

impl SlideBound for MaxPdb {
    fn kernel<'a, R: MovePruning<Sliding>>(
        &'a self,
        p: &'a Sliding,
        r: &'a R,
    ) -> Option<SlideKernelBox<'a, Self::Memo, R::State>> {
        let parts = self.parts().iter().map(|d| d.as_ref()).collect();
        Some(Box::new(SlideKernel::new(p, parts, r)?))
    }
}

/// The lower bound asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundRequest {
    /// The strongest that fits in memory.
    Auto,
    /// Manhattan distance to the nearest goal cell of the same label (the
    /// seed article's).
    Manhattan,
    /// Manhattan distance plus linear conflicts (distinct tiles).
    LinearConflicts,
    /// The best pattern databases for the board.
    Pdb,
    /// The pattern databases of one partition (4x4 and 5x5, distinct tiles).
    Partition(Partition),
    /// The largest of several partitions' bounds (2 to
    /// [`super::pdb::max::MOST_PARTITIONS`]).
    Partitions(Vec<Partition>),
}

impl BoundRequest {
    /// The bound written as text: `auto`, `manhattan`, `linear-conflicts`,
    /// `pdb`, a partition ([`Partition::parse`]) or several joined by `+`
    /// (the largest of their bounds), for a `width` x `height` board.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::pdb::Partition;
    /// use tansaku_puzzles::sliding::solve::BoundRequest;
    /// assert_eq!(BoundRequest::parse("7-8z", 4, 4), Ok(BoundRequest::Partition(Partition::P78Z)));
    /// let two = BoundRequest::parse("7-8z + 1-5/6-10/11-15z", 4, 4).unwrap();
    /// assert!(matches!(two, BoundRequest::Partitions(ref v) if v.len() == 2));
    /// assert!(BoundRequest::parse("7-8+6-6-6-6", 4, 4).is_err());
    /// ```
    pub fn parse(text: &str, width: usize, height: usize) -> Result<BoundRequest, String> {
        Ok(match text.trim() {
            "auto" => BoundRequest::Auto,
            "manhattan" => BoundRequest::Manhattan,
            "linear-conflicts" => BoundRequest::LinearConflicts,
            "pdb" => BoundRequest::Pdb,
            t if t.contains('+') => {
                let parts = t
                    .split('+')
                    .map(|x| Partition::parse(x.trim(), width, height))
                    .collect::<Result<Vec<_>, _>>()?;
                let most = super::pdb::max::MOST_PARTITIONS;
                if parts.len() > most {
                    return Err(format!("at most {most} partitions, not {}", parts.len()));
                }
                if let Some(p) = parts.iter().find(|p| p.board() != (width, height)) {
                    let (w, h) = p.board();
                    return Err(format!("the {p} partition is for {w}x{h} boards, not {width}x{height}"));
                }
                BoundRequest::Partitions(parts)
            }
            t => BoundRequest::Partition(Partition::parse(t, width, height)?),
        })
    }
}

/// The lower bound a [`Solver`] uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflicts,
    /// Additive databases over groups of labels (any board; what repeated
    /// tiles use).
    Labels,
    /// Additive databases of a partition, with the mirror lookup when the
    /// goal allows it.
    Additive(Partition),
    /// The largest of several partitions' bounds.
    Max(Vec<Partition>),
}

/// Why a board cannot be solved as asked.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The search gave up, or found there is no solution.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The pattern databases cannot be used, made or kept.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// A parity argument shows the goal cannot be reached; nothing was
    /// searched.
    #[error("{0}")]
    Unreachable(String),
    /// The board does not belong to the solver's puzzle (other size, other
    /// tiles, other goal).
    #[error("{0}")]
    Mismatch(String),
}

/// Settings of a [`Solver`].
#[derive(Clone)]
pub struct SolveOptions<'a> {
    /// `None`: chosen from the size of the space and the bounds at hand.
    pub algorithm: Option<Algorithm>,
    /// The lower bound for IDA*.
    pub bound: BoundRequest,
    /// IDA* and iterative deepening give up past this many moves.
    pub max_depth: u32,
    /// Threads for IDA*.
    pub threads: usize,
    /// IDA*'s move pruning: Taylor & Korf's automaton of the duplicate
    /// sequences up to this many moves ([`super::automaton`]); `Some(0)`
    /// keeps only "never undo the last move"; `None`, the library's
    /// choice: 16 moves, or the longest whose build fits the memory budget
    /// ([`SlideAutomaton::for_search`]).
    pub automaton: Option<usize>,
    /// IDA*'s bidirectional pathmax ([`IdaOptions::bpmx`]): off by
    /// default, measured: 3.6% fewer nodes on Korf's 100 and 2% on the
    /// 24-puzzle, no time saved (the bounds are nearly consistent).
    pub bpmx: bool,
    /// IDA* searches a node's children in increasing order of their bound
    /// ([`IdaOptions::order`]).
    pub order: bool,
    /// A* + IDA*: A* holds up to this many positions, then IDA* searches
    /// below its frontier ([`search::astar_ida`]); 0: IDA* alone.
    pub frontier: usize,
    /// IDA*'s generic inner loop even where the pattern databases have
    /// their own (`pdb::kernel`, which changes one board in place instead
    /// of copying every child): the same answer and counts, slower; kept
    /// to compare the two.
    pub generic: bool,
    /// IDA*'s checkpoints: a folder and the least time between two writes
    /// ([`IdaOptions::checkpoint`]); each board's search is told apart by
    /// its board, goal and bound, and one folder holds one search.
    pub checkpoint: Option<(std::path::PathBuf, std::time::Duration)>,
    /// The memory budget (the bound's tables and the graph searches'
    /// stored states), the progress observer, the notices (a database
    /// built, a cached file not trusted), where pattern databases are kept
    /// (files, and in memory between solves) and the stop signals.
    pub ctx: &'a tansaku_core::Context,
}

impl Default for SolveOptions<'_> {
    /// The library's choices, under a context kept in memory only (no
    /// table files).
    fn default() -> Self {
        static DEFAULT_CTX: std::sync::OnceLock<tansaku_core::Context> = std::sync::OnceLock::new();
        SolveOptions {
            algorithm: None,
            bound: BoundRequest::Auto,
            max_depth: 200,
            threads: 1,
            automaton: None,
            bpmx: false,
            order: false,
            frontier: 0,
            generic: false,
            checkpoint: None,
            ctx: DEFAULT_CTX
                .get_or_init(|| tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory())),
        }
    }
}

/// The bound's tables, made once per goal.
enum Tables {
    None,
    Labels(Box<PatternDb>),
    Additive(std::sync::Arc<AdditivePdb>),
    Max(MaxPdb),
}

/// What a [`Solver`] will run, decided without building anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its lower bound, when it uses one.
    pub bound: Option<Bound>,
    /// Why the algorithm was chosen, when it was chosen automatically.
    pub reason: Option<String>,
    /// Stronger tables that fit but are not built yet, when the bound
    /// chosen automatically is weaker for want of them: building them
    /// ahead (minutes, once) makes every later solve faster.
    pub stronger: Option<Partition>,
}

impl Plan {
    /// The algorithm and its bound as reported: `idastar (7-8 pattern
    /// databases)`; `mirror` adds that the mirror lookup is used.
    pub fn describe(&self, mirror: bool) -> String {
        let bound = match &self.bound {
            None => return self.algorithm.name().to_string(),
            Some(Bound::Manhattan) => "manhattan".to_string(),
            Some(Bound::LinearConflicts) => "manhattan + linear conflicts".to_string(),
            Some(Bound::Labels) => "pattern databases".to_string(),
            Some(Bound::Additive(part)) if mirror => format!("{} pattern databases + mirror", part.describe()),
            Some(Bound::Additive(part)) => format!("{} pattern databases", part.describe()),
            Some(Bound::Max(parts)) => {
                let names: Vec<String> = parts.iter().map(Partition::describe).collect();
                let mirror = if mirror { " + mirror" } else { "" };
                format!("the largest of {} pattern databases{mirror}", names.join(", "))
            }
        };
        format!("{} ({bound})", self.algorithm.name())
    }
}

/// Chooses the algorithm and bound for `p`'s goal (see the module
/// documentation), building nothing: cheap enough to call before knowing
/// whether a board is solvable at all.
///
/// ```
/// use tansaku_puzzles::sliding::solve::{plan, Bound, SolveOptions};
/// use tansaku_puzzles::sliding::pdb::Partition;
/// use tansaku_puzzles::sliding::{parse_board, Sliding};
/// use tansaku_core::search::auto::Algorithm;
/// let board = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", None).unwrap();
/// let (p, _) = Sliding::new(&board, None).unwrap();
/// // With 100 MB, the 7-8 databases (1.6 GB to build) do not fit.
/// let ctx = tansaku_core::Context::new().with_budget(100 << 20);
/// let opts = SolveOptions { ctx: &ctx, ..SolveOptions::default() };
/// let chosen = plan(&p, &opts);
/// assert_eq!(chosen.algorithm, Algorithm::IdaStar);
/// assert_eq!(chosen.bound, Some(Bound::Additive(Partition::P663)));
/// ```
pub fn plan(p: &Sliding, opts: &SolveOptions) -> Plan {
    let fits = |bytes: u64| opts.ctx.budget().is_none_or(|c| bytes <= c);
    // The partitions that fit: built tables need their search's room too,
    // unless every table is already in the cache.
    let cache = PdbCache::of(opts.ctx.tables());
    let cached = |part: &Partition| AdditivePdb::tables(p, part).is_ok_and(|specs| specs.iter().all(|s| cache.has(s)));
    let partitions = if p.distinct() {
        Partition::for_board(p.width(), p.height())
    } else {
        Vec::new()
    };
    let fitting = |part: &&Partition| {
        fits(if cached(part) {
            part.table_bytes()
        } else {
            part.build_peak_bytes()
        })
    };
    let best_partition = || partitions.iter().find(fitting).cloned();
    // Auto: the strongest already built, else the strongest built in
    // seconds; the strongest that fits is then `stronger`, to build ahead.
    let at_hand = || {
        let best = best_partition()?;
        if cached(&best) || best.quick() {
            return Some((best, None));
        }
        let ready = partitions
            .iter()
            .filter(fitting)
            .find(|part| cached(part) || part.quick())
            .cloned();
        ready.map(|r| (r, Some(best)))
    };
    let mut stronger = None;
    let bound = match &opts.bound {
        BoundRequest::Manhattan => Bound::Manhattan,
        BoundRequest::LinearConflicts => Bound::LinearConflicts,
        BoundRequest::Partition(part) => Bound::Additive(part.clone()),
        BoundRequest::Partitions(parts) => Bound::Max(parts.clone()),
        BoundRequest::Pdb => best_partition().map_or(Bound::Labels, Bound::Additive),
        BoundRequest::Auto if !p.distinct() => Bound::Labels,
        BoundRequest::Auto => match at_hand() {
            Some((part, later)) => {
                stronger = later;
                Bound::Additive(part)
            }
            None => best_partition().map_or(Bound::LinearConflicts, Bound::Additive),
        },
    };
    let (algorithm, reason) = match opts.algorithm {
        Some(a) => (a, None),
        None => {
            let space = Space {
                states: Some(p.state_count()),
                reversible: true,
                goals_listed: true,
                strong_bound: p.state_count() > auto::SMALL_SPACE,
            };
            let (a, why) = auto::choose(&space);
            (a, Some(why))
        }
    };
    let ida = algorithm == Algorithm::IdaStar;
    Plan {
        algorithm,
        bound: ida.then_some(bound),
        reason,
        stronger: stronger.filter(|_| ida),
    }
}

/// Solves boards of one puzzle (board size, tiles, goal) with one
/// algorithm and bound, chosen and prepared once.
pub struct Solver {
    puzzle: Sliding,
    plan: Plan,
    tables: Tables,
    origins: Vec<Origin>,
    ida: IdaOptions,
    automaton: Option<std::sync::Arc<SlideAutomaton>>,
    checkpoint: Option<(std::path::PathBuf, std::time::Duration)>,
    frontier: usize,
    generic: bool,
}

impl Solver {
    /// Chooses the algorithm and bound for `p`'s goal ([`plan`]) and
    /// prepares the bound's tables (loads or builds the pattern databases).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::solve::{Solver, SolveOptions};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// use tansaku_core::search::auto::Algorithm;
    /// let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    /// let solver = Solver::new(&p, SolveOptions::default()).unwrap();
    /// assert_eq!(solver.algorithm(), Algorithm::Bfs);
    /// let sol = solver.solve(&p, &s).unwrap();
    /// assert_eq!((sol.len(), sol.stats.generated), (31, 181_440));
    /// ```
    pub fn new(p: &Sliding, opts: SolveOptions) -> Result<Self, SolveError> {
        let plan = plan(p, &opts);
        if plan.bound == Some(Bound::LinearConflicts) && !p.distinct() {
            return Err(SolveError::Mismatch(
                "linear conflicts need distinct tiles; these tiles repeat".into(),
            ));
        }
        let mut origins = Vec::new();
        let tables = match plan.bound.clone() {
            Some(Bound::Labels) => Tables::Labels(Box::new(
                PatternDb::new(p).map_err(|e| SolveError::Pdb(PdbError::Memory(e)))?,
            )),
            Some(Bound::Additive(part)) => {
                let (db, o) = AdditivePdb::shared(p, &part, opts.ctx)?;
                origins = o;
                Tables::Additive(db)
            }
            Some(Bound::Max(parts)) => {
                let total: u64 = parts.iter().map(Partition::table_bytes).sum();
                tansaku_core::memory::check(
                    &format!("the pattern databases of {} partitions", parts.len()),
                    total,
                    opts.ctx.budget(),
                )
                .map_err(|e| SolveError::Pdb(PdbError::Memory(e)))?;
                let mut dbs = Vec::new();
                for part in &parts {
                    let (db, o) = AdditivePdb::shared(p, part, opts.ctx)?;
                    origins.extend(o);
                    dbs.push(db);
                }
                Tables::Max(MaxPdb::new(dbs).ok_or_else(|| {
                    SolveError::Pdb(PdbError::Unsupported(format!(
                        "1 to {MOST_PARTITIONS} partitions, not {}",
                        parts.len()
                    )))
                })?)
            }
            _ => Tables::None,
        };
        let automaton = match plan.algorithm {
            Algorithm::IdaStar => SlideAutomaton::for_search(opts.automaton, p.width(), p.height(), opts.ctx)
                .map_err(|e| SolveError::Pdb(PdbError::Memory(e)))?,
            _ => None,
        };
        Ok(Solver {
            puzzle: p.clone(),
            plan,
            tables,
            origins,
            automaton,
            checkpoint: opts.checkpoint.clone(),
            frontier: opts.frontier,
            generic: opts.generic,
            ida: IdaOptions {
                max_depth: opts.max_depth,
                undo_cut: true,
                bpmx: opts.bpmx,
                order: opts.order,
                ctx: opts.ctx.clone(),
                threads: opts.threads.max(1),
                ..IdaOptions::default()
            },
        })
    }

    /// The algorithm every board is solved with.
    pub fn algorithm(&self) -> Algorithm {
        self.plan.algorithm
    }

    /// The lower bound, when the algorithm uses one.
    pub fn bound(&self) -> Option<Bound> {
        self.plan.bound.clone()
    }

    /// Stronger tables that fit but were not built, when the bound was
    /// chosen automatically ([`Plan::stronger`]).
    pub fn stronger(&self) -> Option<&Partition> {
        self.plan.stronger.as_ref()
    }

    /// Why the algorithm was chosen, when it was chosen automatically.
    pub fn reason(&self) -> Option<&str> {
        self.plan.reason.as_deref()
    }

    /// How each pattern database table was obtained (empty without them).
    pub fn origins(&self) -> &[Origin] {
        &self.origins
    }

    /// The algorithm and its bound, as reported: `idastar (7-8 pattern
    /// databases + mirror; automaton of 367781 states)`.
    pub fn describe(&self) -> String {
        let name = self.plan.describe(match &self.tables {
            Tables::Additive(db) => db.reflects(),
            Tables::Max(db) => db.reflects(),
            _ => false,
        });
        let mut notes = Vec::new();
        if let Some(a) = &self.automaton {
            notes.push(format!("automaton of {} states", a.states()));
        }
        if self.frontier > 0 && self.plan.algorithm == Algorithm::IdaStar {
            notes.push(format!("below an A* frontier of up to {} positions", self.frontier));
        }
        if notes.is_empty() {
            return name;
        }
        match name.strip_suffix(')') {
            Some(head) => format!("{head}; {})", notes.join("; ")),
            None => format!("{name} ({})", notes.join("; ")),
        }
    }

    /// Where IDA*'s checkpoints go from now on ([`SolveOptions::checkpoint`]):
    /// a folder a board when one solver answers many.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::solve::{Solver, SolveOptions};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    /// let mut solver = Solver::new(&p, SolveOptions::default()).unwrap();
    /// let dir = std::env::temp_dir().join("tansaku-doc-set-checkpoint");
    /// solver.set_checkpoint(Some((dir.clone(), std::time::Duration::from_secs(60))));
    /// assert_eq!(solver.solve(&p, &s).unwrap().len(), 31);
    /// assert!(!dir.join("ida.ckpt").exists());
    /// ```
    pub fn set_checkpoint(&mut self, checkpoint: Option<(std::path::PathBuf, std::time::Duration)>) {
        self.checkpoint = checkpoint;
    }

    /// The solver's lower bound on the moves from `start` to the goal:
    /// its tables', or linear conflicts', or the Manhattan distance (the
    /// bound IDA* starts from, before any refinement).
    ///
    /// ```
    /// use tansaku_puzzles::sliding::solve::{Solver, SolveOptions};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// use tansaku_core::search::auto::Algorithm;
    /// let (p, s) = Sliding::new(&parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", None).unwrap(), None).unwrap();
    /// let opts = SolveOptions { algorithm: Some(Algorithm::IdaStar), ..SolveOptions::default() };
    /// let solver = Solver::new(&p, opts).unwrap();
    /// assert_eq!(solver.estimate(&p, &s), 1);
    /// ```
    pub fn estimate(&self, p: &Sliding, start: &SlideState) -> u32 {
        match (&self.tables, &self.plan.bound) {
            (Tables::Additive(db), _) => db.estimate(start),
            (Tables::Max(db), _) => db.estimate(start),
            (Tables::Labels(db), _) => db.estimate(start),
            (_, Some(Bound::LinearConflicts)) => match LinearConflictBound::new(p) {
                Some(lc) => lc.estimate(start),
                None => ManhattanBound::new(p).estimate(start),
            },
            _ => ManhattanBound::new(p).estimate(start),
        }
    }

    /// The most moves IDA* and iterative deepening try from now on
    /// ([`SolveOptions::max_depth`]): a solve past it ends with
    /// [`SearchError::DepthLimit`], which proves the distance is larger.
    ///
    /// ```
    /// use tansaku_puzzles::sliding::solve::{Solver, SolveError, SolveOptions};
    /// use tansaku_puzzles::sliding::{parse_board, Sliding};
    /// use tansaku_core::search::{auto::Algorithm, SearchError};
    /// let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    /// let opts = SolveOptions { algorithm: Some(Algorithm::IdaStar), ..SolveOptions::default() };
    /// let mut solver = Solver::new(&p, opts).unwrap();
    /// solver.set_max_depth(29);
    /// assert!(matches!(solver.solve(&p, &s), Err(SolveError::Search(SearchError::DepthLimit { limit: 29, .. }))));
    /// solver.set_max_depth(31);
    /// assert_eq!(solver.solve(&p, &s).unwrap().len(), 31);
    /// ```
    pub fn set_max_depth(&mut self, depth: u32) {
        self.ida.max_depth = depth;
    }

    /// The move pruning automaton, when IDA* uses one.
    pub fn automaton(&self) -> Option<&SlideAutomaton> {
        self.automaton.as_deref()
    }

    /// IDA* with the bound `h`, and the automaton when there is one; the
    /// subtrees searched by the bound's own inner loop when it has one
    /// ([`SlideBound::kernel`]).
    fn ida<H: SlideBound>(&self, p: &Sliding, start: &SlideState, h: &H) -> Result<Solution<Sliding>, SearchError> {
        let mut opts = self.ida.clone();
        opts.checkpoint = self.checkpoint.as_ref().map(|(dir, every)| Checkpoint {
            dir: dir.clone(),
            key: format!(
                "the {}x{} sliding puzzle from {} to {} by {}",
                p.width(),
                p.height(),
                p.format(start),
                p.format(&p.goal()),
                self.describe()
            ),
            every: *every,
        });
        fn run<H: SlideBound, R: MovePruning<Sliding>>(
            p: &Sliding,
            start: &SlideState,
            h: &H,
            r: &R,
            opts: IdaOptions,
            frontier: usize,
            generic: bool,
        ) -> Result<Solution<Sliding>, SearchError> {
            let own = if generic { None } else { h.kernel(p, r) };
            let kernel = own.as_deref();
            match frontier {
                0 => search::ida_star_kernel(p, start, h, r, kernel, opts),
                n => search::astar_ida_kernel(p, start, h, r, kernel, opts, n),
            }
        }
        match &self.automaton {
            Some(a) => run(p, start, h, &SlidePruning::new(p, a), opts, self.frontier, self.generic),
            None => run(p, start, h, &search::NoPruning, opts, self.frontier, self.generic),
        }
    }

    /// IDA* with the solver's bound: its tables, linear conflicts or
    /// Manhattan distance.
    fn bounded(&self, p: &Sliding, start: &SlideState) -> Result<Solution<Sliding>, SearchError> {
        match (&self.tables, &self.plan.bound) {
            (Tables::Additive(db), _) => self.ida(p, start, db.as_ref()),
            (Tables::Max(db), _) => self.ida(p, start, db),
            (Tables::Labels(db), _) => self.ida(p, start, db.as_ref()),
            (_, Some(Bound::LinearConflicts)) => match LinearConflictBound::new(p) {
                Some(lc) => self.ida(p, start, &lc),
                None => Err(SearchError::Unsupported(
                    "linear conflicts need distinct tiles; these tiles repeat".into(),
                )),
            },
            _ => self.ida(p, start, &ManhattanBound::new(p)),
        }
    }

    /// A shortest solution from `start` of puzzle `p`, which must have the
    /// solver's board size, tiles and goal.
    pub fn solve(&self, p: &Sliding, start: &SlideState) -> Result<Solution<Sliding>, SolveError> {
        if (p.width(), p.height()) != (self.puzzle.width(), self.puzzle.height())
            || p.goal() != self.puzzle.goal()
            || p.names != self.puzzle.names
        {
            return Err(SolveError::Mismatch(
                "the board does not match the solver's puzzle (size, tiles or goal)".into(),
            ));
        }
        if let Some(reason) = p.unsolvable_reason(start) {
            return Err(SolveError::Unreachable(reason));
        }
        let opts = auto::RunOptions {
            algorithm: self.plan.algorithm,
            max_depth: self.ida.max_depth,
            threads: self.ida.threads,
            precheck: false,
        };
        let ctx = &self.ida.ctx;
        // The graph searches store boards: packed into a word where they fit.
        let sol = match (self.plan.algorithm.stores_states(), Packed::new(p)) {
            (true, Some(k)) => auto::run_ranked_with(&k, &k.pack(start), &opts, ctx, |_| {
                Err(SearchError::Unsupported(
                    "a tree search runs on the boards themselves".into(),
                ))
            })
            .map(|s| k.unpack_solution(s)),
            _ => auto::run_ranked_with(p, start, &opts, ctx, |_| self.bounded(p, start)),
        }?;
        Ok(sol)
    }
}
