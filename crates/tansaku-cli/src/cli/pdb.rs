//! `tansaku pdb build|list|clear`: the cache of pattern databases.

use super::{Failure, PdbBuild, PdbChoose, PdbPlace, YesNo};
use serde::Serialize;
use tansaku::context::Tables;
use tansaku::puzzles::sliding::pdb::cache::{Origin, PdbCache};
use tansaku::puzzles::sliding::pdb::{AdditivePdb, Partition, PdbError};
use tansaku::puzzles::sliding::{ParsedBoard, Sliding, parse_board};

/// The cache folder: `--pdb-dir`, or the user's.
fn cache(dir: Option<&std::path::Path>) -> PdbCache {
    PdbCache::of(&dir.map_or_else(Tables::user, Tables::at))
}

/// What to tell the user when pattern databases cannot be built or kept.
fn pdb_failure(e: PdbError) -> Failure {
    match e {
        PdbError::Cache(why) => Failure::Usage(format!(
            "pattern database cache: {why}; choose a writable folder with --pdb-dir"
        )),
        PdbError::Memory(m) => Failure::Usage(format!(
            "{}; or choose smaller databases with --partition 6-6-3 (4x4)",
            super::live::memory_advice(&m)
        )),
        PdbError::Unsupported(why) => Failure::Usage(format!("--partition: {why}")),
    }
}

#[derive(Serialize)]
struct TableJson {
    tiles: Vec<u8>,
    entries: u64,
    file: Option<String>,
    /// "loaded" or "built".
    origin: &'static str,
    seconds: f64,
    /// For a built table: its largest entry and how many entries each
    /// value has.
    #[serde(skip_serializing_if = "Option::is_none")]
    histogram: Option<Vec<u64>>,
}

/// The goal of a `w` x `h` board: `--goal`, else the tiles in order and
/// the empty cell last.
fn goal_board(goal: Option<&str>, w: usize, h: usize) -> Result<ParsedBoard, Failure> {
    Ok(match goal {
        Some(g) => parse_board(g, Some((w, h))).map_err(|e| Failure::Usage(format!("--goal: {e}")))?,
        None => ParsedBoard {
            width: w,
            height: h,
            tiles: (1..w * h).map(|i| Some(i.to_string())).chain([None]).collect(),
        },
    })
}

pub fn choose(a: &PdbChoose) -> Result<(), Failure> {
    use tansaku::puzzles::sliding::pdb::choose::{self, ChooseError};
    let (w, h) = a.size;
    let goal = goal_board(a.goal.as_deref(), w, h)?;
    let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(Failure::usage)?;
    let zero = a.zero_aware == YesNo::Yes;
    let kind = |part: Partition| if zero { part.zero_aware() } else { part };
    let mut candidates: Vec<Partition> = Partition::for_board(w, h)
        .into_iter()
        .filter(|part| part.is_zero_aware() == zero)
        .collect();
    for text in &a.partitions {
        let part = Partition::parse(text, w, h).map_err(|e| Failure::Usage(format!("--partition {text}: {e}")))?;
        candidates.push(kind(part));
    }
    // Grown candidates take the sizes of the strongest candidate that fits.
    let sizes = candidates
        .iter()
        .find(|part| part.table_bytes() <= a.table_memory)
        .map(Partition::pattern_sizes)
        .ok_or_else(|| {
            Failure::Usage(format!(
                "no named partition of {w}x{h} boards fits --table-memory: give a larger one, or list candidates with --partition (1-4/5-8)"
            ))
        })?;
    for part in choose::grown(w, h, &sizes, a.grown, a.seed) {
        let part = kind(part);
        if !candidates.contains(&part) {
            candidates.push(part);
        }
    }
    let sample: Vec<_> = match &a.sample {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| Failure::Usage(format!("--sample: cannot read '{}': {e}", file.display())))?;
            let mut boards = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.split('#').next().unwrap_or("").trim();
                if line.is_empty() {
                    continue;
                }
                let bad = |e: String| Failure::Usage(format!("--sample {}: line {}: {e}", file.display(), i + 1));
                let board = parse_board(line, Some((w, h))).map_err(|e| bad(e.to_string()))?;
                let (_, s) = Sliding::new(&board, Some(&goal)).map_err(|e| bad(e.to_string()))?;
                if let Some(why) = p.unsolvable_reason(&s) {
                    return Err(bad(why));
                }
                boards.push(s);
            }
            boards
        }
        None => choose::walks(&p, a.walks, a.moves.unwrap_or(8 * w * h), a.seed),
    };
    if sample.is_empty() {
        return Err(Failure::Usage("--sample: no boards in the file".into()));
    }
    let ctx = super::live::context(
        a.max_memory,
        super::live::Show::unless(a.quiet),
        a.place.pdb_dir.as_deref(),
    );
    let ida = tansaku::search::IdaOptions {
        threads: a.threads.map_or_else(super::default_threads, usize::from),
        ctx: ctx.clone(),
        ..Default::default()
    };
    let chosen = choose::choose(
        &p,
        &sample,
        &candidates,
        a.table_memory,
        usize::from(a.most),
        None,
        &ida,
    )
    .map_err(|e| match e {
        ChooseError::Pdb(e) => pdb_failure(e),
        ChooseError::Search(e) => Failure::Usage(e.to_string()),
        other => Failure::Usage(other.to_string()),
    })?;
    if a.place.json {
        println!("{}", serde_json::to_string(&chosen).expect("serializable"));
        return Ok(());
    }
    let fit = candidates
        .iter()
        .filter(|part| part.table_bytes() <= a.table_memory)
        .count();
    println!(
        "{fit} candidates ({} more whose tables do not fit) on {} boards of {w}x{h} (optimal lengths {}..{}), tables within {} MB",
        candidates.len() - fit,
        sample.len(),
        chosen.lengths.iter().min().unwrap_or(&0),
        chosen.lengths.iter().max().unwrap_or(&0),
        a.table_memory >> 20
    );
    let row = |s: &choose::Scored| {
        println!(
            "  {:>14} nodes {:>9.2} s {:>7} MB  {}",
            s.generated,
            s.seconds,
            s.table_bytes >> 20,
            s.bound
        )
    };
    println!("alone:");
    chosen.singles.iter().for_each(row);
    if !chosen.combinations.is_empty() {
        println!("combined (the largest of their bounds):");
        chosen.combinations.iter().for_each(row);
    }
    println!(
        "chosen: --bound '{}' ({} nodes; the best alone: {})",
        chosen.best.bound, chosen.best.generated, chosen.singles[0].generated
    );
    Ok(())
}

pub fn build(a: &PdbBuild) -> Result<(), Failure> {
    if let Some(file) = &a.def {
        return build_defined(a, file);
    }
    let (w, h) = a.size;
    let partition = match &a.partition {
        Some(text) => Partition::parse(text, w, h).map_err(|e| Failure::Usage(format!("--partition: {e}")))?,
        None => Partition::for_board(w, h).into_iter().next().ok_or_else(|| {
            Failure::Usage(format!(
                "no pattern databases for {w}x{h} boards: use --size 4x4 (15-puzzle) or 5x5 (24-puzzle)"
            ))
        })?,
    };
    let goal = goal_board(a.goal.as_deref(), w, h)?;
    let (p, _) = Sliding::new(&goal, Some(&goal)).map_err(Failure::usage)?;
    let ctx = super::live::context(
        a.max_memory,
        super::live::Show::unless(a.quiet),
        a.place.pdb_dir.as_deref(),
    );
    let origins = AdditivePdb::make_tables(&p, &partition, &ctx).map_err(pdb_failure)?;
    let specs = AdditivePdb::tables(&p, &partition).map_err(pdb_failure)?;
    let tables: Vec<TableJson> = specs
        .iter()
        .zip(&origins)
        .map(|(spec, origin)| match origin {
            Origin::Loaded(path, secs) => TableJson {
                tiles: spec.labels.clone(),
                entries: spec.entries(),
                file: Some(path.display().to_string()),
                origin: "loaded",
                seconds: *secs,
                histogram: None,
            },
            Origin::Built(stats, path) => TableJson {
                tiles: spec.labels.clone(),
                entries: spec.entries(),
                file: path.as_ref().map(|p| p.display().to_string()),
                origin: "built",
                seconds: stats.seconds,
                histogram: Some(stats.histogram.clone()),
            },
            Origin::Kept => TableJson {
                tiles: spec.labels.clone(),
                entries: spec.entries(),
                file: None,
                origin: "kept",
                seconds: 0.0,
                histogram: None,
            },
        })
        .collect();
    if a.place.json {
        #[derive(Serialize)]
        struct Out<'a> {
            board: String,
            partition: &'a str,
            goal: String,
            tables: Vec<TableJson>,
        }
        let out = Out {
            board: format!("{w}x{h}"),
            partition: &partition.name(),
            goal: p.format(&p.goal()),
            tables,
        };
        println!("{}", serde_json::to_string(&out).expect("serialisable"));
        return Ok(());
    }
    println!(
        "{} pattern databases for {w}x{h}, goal {}",
        partition.describe(),
        p.format(&p.goal())
    );
    for t in &tables {
        let tiles: Vec<String> = t.tiles.iter().map(|l| p.tile_name(*l).to_string()).collect();
        println!(
            "  tiles {:<24} {:>11} entries  {} in {:.2} s  {}",
            tiles.join(","),
            t.entries,
            t.origin,
            t.seconds,
            t.file.as_deref().unwrap_or("(not kept)")
        );
        if let Some(h) = &t.histogram {
            // A zero-aware table keeps a bit an entry; the figures are of
            // the least distance over the empty cell's regions.
            let least = if partition.is_zero_aware() {
                " (least over the empty cell's regions)"
            } else {
                ""
            };
            println!("    largest entry {}; entries by value{least}: {h:?}", h.len() - 1);
        }
    }
    Ok(())
}

pub fn list(a: &PdbPlace) -> Result<(), Failure> {
    let cache = cache(a.pdb_dir.as_deref());
    let entries = cache.list().map_err(pdb_failure)?;
    if a.json {
        #[derive(Serialize)]
        struct Out<'a> {
            dir: Option<String>,
            files: &'a [tansaku::puzzles::sliding::pdb::cache::CacheEntry],
        }
        let out = Out {
            dir: cache.dir().map(|d| d.display().to_string()),
            files: &entries,
        };
        println!("{}", serde_json::to_string(&out).expect("serialisable"));
        return Ok(());
    }
    let dir = cache
        .dir()
        .map_or("(no cache folder: HOME is not set)".into(), |d| d.display().to_string());
    println!("pattern database cache: {dir}");
    if entries.is_empty() {
        println!("  (empty)");
    }
    let mut total = 0;
    for e in &entries {
        total += e.bytes;
        let tiles: Vec<String> = e.tiles.iter().map(u8::to_string).collect();
        let what = match e.board.as_deref() {
            Some("definition") => format!("{:<34}", "a .tws definition's table"),
            board => format!("{:<5} tiles {:<28}", board.unwrap_or("?"), tiles.join(",")),
        };
        println!(
            "  {:>10}  {what} {}{}",
            tansaku::memory::human(e.bytes),
            e.path
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
            e.problem
                .as_ref()
                .map_or(String::new(), |p| format!("  (will be rebuilt: {p})"))
        );
    }
    if !entries.is_empty() {
        println!("  {} files, {}", entries.len(), tansaku::memory::human(total));
    }
    Ok(())
}

pub fn clear(a: &PdbPlace) -> Result<(), Failure> {
    let cache = cache(a.pdb_dir.as_deref());
    let (files, bytes) = cache.clear().map_err(pdb_failure)?;
    if a.json {
        println!("{{\"removed\":{files},\"bytes\":{bytes}}}");
    } else {
        println!(
            "removed {files} files ({}) from {}",
            tansaku::memory::human(bytes),
            cache
                .dir()
                .map_or("(no cache folder)".into(), |d| d.display().to_string())
        );
    }
    Ok(())
}

/// `pdb build --def FILE`: the tables a definition's IDA* uses.
fn build_defined(a: &PdbBuild, file: &std::path::Path) -> Result<(), Failure> {
    let def = tansaku::define::Definition::load(file, None).map_err(Failure::usage)?;
    let ctx = super::live::context(
        a.max_memory,
        super::live::Show::unless(a.quiet),
        a.place.pdb_dir.as_deref(),
    );
    let mut req = tansaku::Request::default();
    if let Some(t) = &a.table_memory {
        req = req.with("table-memory", t);
    }
    let tables = tansaku::games::definition::tables(&def, &req, &ctx).map_err(super::report::failure)?;
    if a.place.json {
        println!("{}", serde_json::to_string(&tables).expect("serialisable"));
        return Ok(());
    }
    println!("pattern databases for {}", def.name());
    for t in &tables {
        println!(
            "  {:<24} {:>11} entries  {} in {:.2} s  largest entry {}",
            t.projection, t.entries, t.origin, t.seconds, t.longest
        );
    }
    Ok(())
}
