//! Tables built once and kept (pattern databases): what the cache holds
//! ([`list`]), building a partition's or a definition's tables ahead of
//! time ([`build`]), choosing a bound by measurement ([`choose()`]), and
//! emptying the cache ([`clear`]). Every front end asks these here: the
//! command line's `tansaku pdb`, and the server's `/api/tables`.
//!
//! ```
//! let dir = tempfile::tempdir().unwrap();
//! let tables = tansaku::context::Tables::at(dir.path());
//! let listed = tansaku::tables::list(&tables).unwrap();
//! assert!(listed.files.is_empty());
//! ```

use crate::options::{Kind, OptionSpec, Params, Question};
use crate::{Request, RunError};
use serde::Serialize;
use tansaku_core::Context;
use tansaku_core::context::Tables;
use tansaku_define::prune::TableReport;
use tansaku_define::{Definition, Src};
use tansaku_puzzles::sliding::pdb::cache::{CacheEntry, Origin, PdbCache};
pub use tansaku_puzzles::sliding::pdb::choose::Scored;
use tansaku_puzzles::sliding::pdb::choose::{self, ChooseError};
use tansaku_puzzles::sliding::pdb::{AdditivePdb, Partition, PdbError};
use tansaku_puzzles::sliding::{ParsedBoard, SlideState, Sliding, parse_board};

/// What the cache holds.
#[derive(Clone, Debug, Serialize)]
pub struct TableList {
    /// The cache's folder (`null`: none, tables are kept in memory).
    pub dir: Option<String>,
    /// Its files: path (the key a table is kept under), size, board,
    /// tiles, and what is wrong with it if anything.
    pub files: Vec<CacheEntry>,
}

/// What [`clear`] removed.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Cleared {
    /// Files removed.
    pub removed: usize,
    /// Their bytes.
    pub bytes: u64,
}

/// One table of a partition, as [`build`] made or found it.
#[derive(Clone, Debug, Serialize)]
pub struct TableMade {
    /// The pattern's tiles.
    pub tiles: Vec<u8>,
    /// Its entries.
    pub entries: u64,
    /// Its file, where it is kept in one.
    pub file: Option<String>,
    /// `loaded`, `built` or `kept` (already in memory).
    pub origin: &'static str,
    /// Seconds it took.
    pub seconds: f64,
    /// For a built table: how many entries each value has (its largest
    /// entry is the last index).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub histogram: Option<Vec<u64>>,
    /// The tiles' names (not serialized).
    #[serde(skip)]
    pub names: Vec<String>,
}

/// A partition's tables, built or loaded.
#[derive(Clone, Debug, Serialize)]
pub struct PartitionTables {
    /// The board, `WxH`.
    pub board: String,
    /// The partition's name.
    pub partition: String,
    /// The goal, as the board is written.
    pub goal: String,
    /// Each table.
    pub tables: Vec<TableMade>,
    /// The partition, described for people (not serialized).
    #[serde(skip)]
    pub described: String,
    /// Whether its tables are zero-aware (not serialized).
    #[serde(skip)]
    pub zero_aware: bool,
}

/// What [`build`] answers: a sliding board's partition (an object), or a
/// definition's tables (a list), as `tansaku pdb build --json` prints them.
#[derive(Clone, Debug)]
pub enum Built {
    /// A sliding board's partition.
    Partition(PartitionTables),
    /// A `.tws` definition's tables.
    Definition {
        /// The puzzle's name.
        puzzle: String,
        /// Each table.
        tables: Vec<TableReport>,
    },
}

impl Serialize for Built {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Built::Partition(p) => p.serialize(s),
            Built::Definition { tables, .. } => tables.serialize(s),
        }
    }
}

/// The goal of a sliding board's tables.
fn goal_option() -> OptionSpec {
    OptionSpec::new(
        "goal",
        Kind::Board,
        None,
        "Goal board; default: the tiles in order, empty cell last",
    )
}

/// The options of [`build`] (and of `POST /api/tables`): the board and its
/// partition, or a definition's text.
pub fn build_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("size", Kind::Size, Some("4x4"), "Board size WxH (4x4 or 5x5)").value_name("SIZE"),
        OptionSpec::new(
            "partition",
            Kind::Text,
            None,
            "Partition: 5-5-5, 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5), or each pattern's goal cells with the empty cell on cell 0, patterns separated by '/' (1-7/8-15); default: the strongest for the board (7-8 on 4x4, 6-6-6-6 on 5x5)",
        )
        .value_name("PARTITION"),
        goal_option(),
        OptionSpec::new(
            "table-memory",
            Kind::Bytes,
            None,
            "With a definition: bytes of tables, e.g. 4G; default: a quarter of the memory budget, at most 1G",
        )
        .value_name("SIZE"),
    ]
}

/// The folder and tables of `tables`, listed.
pub fn list(tables: &Tables) -> Result<TableList, RunError> {
    let cache = PdbCache::of(tables);
    Ok(TableList {
        dir: cache.dir().map(|d| d.display().to_string()),
        files: cache.list().map_err(pdb_error)?,
    })
}

/// Removes every table file of `tables`' folder.
pub fn clear(tables: &Tables) -> Result<Cleared, RunError> {
    let (removed, bytes) = PdbCache::of(tables).clear().map_err(pdb_error)?;
    Ok(Cleared { removed, bytes })
}

/// The library's error for a pattern database's.
pub fn pdb_error(e: PdbError) -> RunError {
    match e {
        PdbError::Cache(why) => RunError::Tables(format!("pattern database cache: {why}")),
        PdbError::Memory(m) => RunError::Search(m.into()),
        PdbError::Unsupported(why) => RunError::BadValue {
            option: "partition",
            why: format!("partition: {why}"),
        },
    }
}

/// The goal of a `w` x `h` board: `goal`, else the tiles in order and the
/// empty cell last.
pub fn goal_board(goal: Option<&str>, w: usize, h: usize) -> Result<ParsedBoard, RunError> {
    Ok(match goal {
        Some(g) => parse_board(g, Some((w, h))).map_err(|e| RunError::BadInput(format!("goal: {e}")))?,
        None => ParsedBoard {
            width: w,
            height: h,
            tiles: (1..w * h).map(|i| Some(i.to_string())).chain([None]).collect(),
        },
    })
}

/// Builds (or checks and loads) the tables the request asks for, and keeps
/// them where the context keeps tables: with a definition (`src`), the
/// tables its IDA* would use within `table-memory`; else a sliding
/// board's partition (`size`, `partition`, `goal`).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let ctx = tansaku::Context::new().with_tables(tansaku::context::Tables::at(dir.path()));
/// let req = tansaku::Request::default().with("size", "3x3").with("partition", "1-4/5-8");
/// let built = tansaku::tables::build(&req, None, &ctx).unwrap();
/// let tansaku::tables::Built::Partition(p) = built else { panic!() };
/// assert_eq!(p.tables.iter().map(|t| t.origin).collect::<Vec<_>>(), ["built", "built"]);
/// assert_eq!(tansaku::tables::list(ctx.tables()).unwrap().files.len(), 2);
/// ```
pub fn build(req: &Request, src: Option<&Src>, ctx: &Context) -> Result<Built, RunError> {
    let o = Params::read("tables", &build_options(), Question::Solve, req)?;
    if let Some(src) = src {
        let def = Definition::parse(src, None)?;
        let mut dreq = Request::default();
        if let Some(bytes) = o.int("table-memory") {
            dreq = dreq.with("table-memory", crate::options::Value::Int(bytes));
        }
        let tables = crate::games::definition::tables(&def, &dreq, ctx)?;
        return Ok(Built::Definition {
            puzzle: def.name().to_string(),
            tables,
        });
    }
    let (w, h) = o.size("size").unwrap_or((4, 4));
    let partition = match o.given("partition") {
        Some(text) => Partition::parse(text, w, h).map_err(|e| RunError::BadValue {
            option: "partition",
            why: format!("partition: {e}"),
        })?,
        None => Partition::for_board(w, h).into_iter().next().ok_or_else(|| {
            RunError::BadInput(format!(
                "no pattern databases for {w}x{h} boards: choose a 4x4 (15-puzzle) or 5x5 (24-puzzle) board"
            ))
        })?,
    };
    let goal = goal_board(o.given("goal"), w, h)?;
    let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(|e| RunError::BadInput(e.to_string()))?;
    let origins = AdditivePdb::make_tables(&p, &partition, ctx).map_err(pdb_error)?;
    let specs = AdditivePdb::tables(&p, &partition).map_err(pdb_error)?;
    let tables = specs
        .iter()
        .zip(&origins)
        .map(|(spec, origin)| {
            let (file, origin, seconds, histogram) = match origin {
                Origin::Loaded(path, secs) => (Some(path.display().to_string()), "loaded", *secs, None),
                Origin::Built(stats, path) => (
                    path.as_ref().map(|p| p.display().to_string()),
                    "built",
                    stats.seconds,
                    Some(stats.histogram.clone()),
                ),
                Origin::Kept => (None, "kept", 0.0, None),
            };
            TableMade {
                names: spec.labels.iter().map(|&l| p.tile_name(l).to_string()).collect(),
                tiles: spec.labels.clone(),
                entries: spec.entries(),
                file,
                origin,
                seconds,
                histogram,
            }
        })
        .collect();
    Ok(Built::Partition(PartitionTables {
        board: format!("{w}x{h}"),
        partition: partition.name(),
        goal: p.format(&p.goal()),
        tables,
        described: partition.describe(),
        zero_aware: partition.is_zero_aware(),
    }))
}

/// Bytes the tables chosen by [`choose()`] may take unless told.
pub const CHOOSE_TABLE_MEMORY: &str = "2G";

/// The options of [`choose()`] (`pdb choose`), each with its default:
/// the board, the default sample, the candidates and the table budget.
/// The candidates listed by cells, the sample's boards and the threads
/// are [`ChooseRequest::read`]'s own arguments.
///
/// ```
/// let names: Vec<&str> = tansaku::tables::choose_options().iter().map(|o| o.name).collect();
/// assert!(names.contains(&"table-memory") && names.contains(&"most"));
/// ```
pub fn choose_options() -> Vec<OptionSpec> {
    let count = |min: u64, max: u64| Kind::Int { min, max };
    vec![
        OptionSpec::new(
            "size",
            Kind::Size,
            Some("4x4"),
            "Board size WxH (4x4 or 5x5, or any other with partitions listed by cells)",
        )
        .value_name("SIZE"),
        goal_option(),
        OptionSpec::new(
            "walks",
            count(0, u32::MAX as u64),
            Some("12"),
            "Boards in the default sample",
        )
        .value_name("N"),
        OptionSpec::new(
            "moves",
            count(0, u32::MAX as u64),
            None,
            "Moves of each random walk of the default sample; default: 8 per cell (128 on 4x4, 200 on 5x5)",
        )
        .value_name("MOVES"),
        OptionSpec::new(
            "grown",
            count(0, u32::MAX as u64),
            Some("4"),
            "Candidates grown at random besides the named partitions",
        )
        .value_name("N"),
        OptionSpec::new(
            "zero-aware",
            Kind::choice(&["yes", "no"]),
            Some("yes"),
            "Zero-aware tables for every candidate (yes), additive ones (no)",
        ),
        OptionSpec::new(
            "table-memory",
            Kind::Bytes,
            Some(CHOOSE_TABLE_MEMORY),
            "Bytes all the chosen tables may take, e.g. 4G",
        )
        .value_name("SIZE"),
        OptionSpec::new(
            "most",
            count(1, 3),
            Some("2"),
            "Most partitions the chosen bound may combine (1 to 3)",
        ),
        OptionSpec::new(
            "seed",
            count(0, u64::MAX),
            Some("1"),
            "Seed of the grown candidates and of the sample's walks",
        ),
    ]
}

/// What [`choose()`] measures: the board, the candidates, the sample and the
/// table budget.
#[derive(Clone, Debug)]
pub struct ChooseRequest {
    /// Board size.
    pub size: (usize, usize),
    /// Goal board; default: the tiles in order, empty cell last.
    pub goal: Option<String>,
    /// The sample: boards, one a line (blank lines and `#` comments
    /// skipped); default: `walks` random walks of the goal.
    pub sample: Option<String>,
    /// Boards in the default sample.
    pub walks: usize,
    /// Moves of each random walk; default: 8 per cell.
    pub moves: Option<usize>,
    /// Candidates grown at random besides the named partitions.
    pub grown: usize,
    /// Further candidates, each a partition as the `bound` option takes
    /// one.
    pub partitions: Vec<String>,
    /// Zero-aware tables for every candidate, or additive ones.
    pub zero_aware: bool,
    /// Bytes all the chosen tables may take.
    pub table_memory: u64,
    /// Most partitions the chosen bound may combine (1 to 3).
    pub most: usize,
    /// Seed of the grown candidates and of the sample's walks.
    pub seed: u64,
    /// Threads for IDA* (`None`: every core).
    pub threads: Option<usize>,
}

impl ChooseRequest {
    /// The question of [`choose()`]: `req`'s options read against
    /// [`choose_options`] (each one's default where it is not given),
    /// with the `partitions` listed as further candidates, the `sample`'s
    /// text and IDA*'s `threads`.
    ///
    /// ```
    /// use tansaku::Request;
    /// use tansaku::tables::ChooseRequest;
    /// let c = ChooseRequest::read(&Request::default().with("most", "3"), vec![], None, None).unwrap();
    /// assert_eq!((c.size, c.walks, c.most, c.table_memory), ((4, 4), 12, 3, 2 << 30));
    /// assert!(ChooseRequest::read(&Request::default().with("most", "4"), vec![], None, None).is_err());
    /// ```
    pub fn read(
        req: &Request,
        partitions: Vec<String>,
        sample: Option<String>,
        threads: Option<usize>,
    ) -> Result<Self, RunError> {
        let o = Params::read("pdb choose", &choose_options(), Question::Solve, req)?;
        // Every option but the goal and the moves has a default.
        let int = |key| o.int(key).unwrap_or_default();
        Ok(ChooseRequest {
            size: o.size("size").unwrap_or((4, 4)),
            goal: o.given("goal").map(str::to_string),
            sample,
            walks: int("walks") as usize,
            moves: o.int("moves").map(|m| m as usize),
            grown: int("grown") as usize,
            partitions,
            zero_aware: o.text("zero-aware") != Some("no"),
            table_memory: int("table-memory"),
            most: int("most") as usize,
            seed: int("seed"),
            threads,
        })
    }
}

/// What [`choose()`] answers: the candidates measured and the bound chosen,
/// with how many candidates there were and how many fit the budget.
#[derive(Clone, Debug, Serialize)]
pub struct Chosen {
    /// The measurements and the choice.
    #[serde(flatten)]
    pub chosen: choose::Choice,
    /// Candidates whose tables fit the budget (not serialized).
    #[serde(skip)]
    pub fit: usize,
    /// Candidates in all (not serialized).
    #[serde(skip)]
    pub candidates: usize,
    /// Boards of the sample (not serialized).
    #[serde(skip)]
    pub sample: usize,
}

/// Measures partitions on a sample of boards and chooses the bound (one
/// partition, or the largest of several) with the fewest IDA* nodes whose
/// tables fit the budget; tables are built into the context's cache as
/// they are needed.
pub fn choose(c: &ChooseRequest, ctx: &Context) -> Result<Chosen, RunError> {
    let (w, h) = c.size;
    let goal = goal_board(c.goal.as_deref(), w, h)?;
    let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(|e| RunError::BadInput(e.to_string()))?;
    let kind = |part: Partition| if c.zero_aware { part.zero_aware() } else { part };
    let mut candidates: Vec<Partition> = Partition::for_board(w, h)
        .into_iter()
        .filter(|part| part.is_zero_aware() == c.zero_aware)
        .collect();
    for text in &c.partitions {
        let part = Partition::parse(text, w, h).map_err(|e| RunError::BadValue {
            option: "partition",
            why: format!("partition {text}: {e}"),
        })?;
        candidates.push(kind(part));
    }
    // Grown candidates take the sizes of the strongest candidate that fits.
    let sizes = candidates
        .iter()
        .find(|part| part.table_bytes() <= c.table_memory)
        .map(Partition::pattern_sizes)
        .ok_or_else(|| RunError::BadValue {
            option: "table-memory",
            why: format!("no named partition of {w}x{h} boards fits the table budget"),
        })?;
    for part in choose::grown(w, h, &sizes, c.grown, c.seed) {
        let part = kind(part);
        if !candidates.contains(&part) {
            candidates.push(part);
        }
    }
    let sample = match &c.sample {
        Some(text) => sample_boards(&p, &goal, text)?,
        None => choose::walks(&p, c.walks, c.moves.unwrap_or(8 * w * h), c.seed),
    };
    if sample.is_empty() {
        return Err(RunError::BadInput("the sample has no boards".into()));
    }
    let ida = tansaku_core::search::IdaOptions {
        threads: c.threads.unwrap_or_else(|| Request::default().threads()),
        ctx: ctx.clone(),
        ..Default::default()
    };
    let chosen = choose::choose(&p, &sample, &candidates, c.table_memory, c.most, None, &ida).map_err(|e| match e {
        ChooseError::Pdb(e) => pdb_error(e),
        ChooseError::Search(e) => RunError::Search(e),
        other => RunError::BadInput(other.to_string()),
    })?;
    Ok(Chosen {
        fit: candidates
            .iter()
            .filter(|part| part.table_bytes() <= c.table_memory)
            .count(),
        candidates: candidates.len(),
        sample: sample.len(),
        chosen,
    })
}

/// The boards of a sample's text, each checked to reach the goal.
fn sample_boards(p: &Sliding, goal: &ParsedBoard, text: &str) -> Result<Vec<SlideState>, RunError> {
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |e: String| RunError::BadInput(format!("sample line {}: {e}", i + 1));
        let board = parse_board(line, Some((p.width(), p.height()))).map_err(|e| bad(e.to_string()))?;
        let (_, s) = Sliding::new(&board, Some(goal)).map_err(|e| bad(e.to_string()))?;
        if let Some(why) = p.unsolvable_reason(&s) {
            return Err(bad(why));
        }
        boards.push(s);
    }
    Ok(boards)
}
