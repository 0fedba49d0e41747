//! `tansaku pdb build|choose|list|clear`: the tables kept between runs,
//! asked of the library's door ([`tansaku::tables`]); this file prints.

use super::report::{failure, print_json};
use super::{Failure, PdbBuild, PdbChoose, PdbPlace};
use tansaku::RunError;
use tansaku::ask;
use tansaku::context::Tables;
use tansaku::tables::{self, Built, ChooseRequest};

/// The cache folder: `--pdb-dir`, or the user's.
fn place(dir: Option<&std::path::Path>) -> Tables {
    dir.map_or_else(Tables::user, Tables::at)
}

/// What to tell the user when tables cannot be built or kept.
fn pdb_failure(e: RunError, smaller: &str) -> Failure {
    match e {
        RunError::Tables(why) => Failure::Usage(format!("{why}; choose a writable folder with --pdb-dir")),
        RunError::Search(tansaku::search::SearchError::OverBudget(m)) => {
            Failure::Usage(format!("{}; or choose {smaller}", super::live::memory_advice(&m)))
        }
        RunError::BadValue {
            option: "partition",
            why,
        } => Failure::Usage(format!("--{why}")),
        RunError::BadValue {
            option: "table-memory",
            why,
        } => Failure::Usage(format!(
            "{why}; raise it with --table-memory, or list candidates by cells with --partition (1-4/5-8)"
        )),
        other => failure(other),
    }
}

pub(crate) fn choose(a: &PdbChoose) -> Result<(), Failure> {
    let sample = match &a.sample {
        Some(file) => Some(
            std::fs::read_to_string(file)
                .map_err(|e| Failure::Usage(format!("--sample: cannot read '{}': {e}", file.display())))?,
        ),
        None => None,
    };
    let req = ChooseRequest::read(
        &a.options.request(),
        a.partitions.clone(),
        sample,
        a.threads.map(usize::from),
    )
    .map_err(failure)?;
    let ctx = a.run.context(a.place.pdb_dir.0.as_deref());
    let c = tables::choose(&req, &ctx).map_err(|e| pdb_failure(e, "a smaller --table-memory"))?;
    if a.place.json.0 {
        print_json(&c.chosen);
        return Ok(());
    }
    let chosen = &c.chosen;
    let (w, h) = req.size;
    println!(
        "{} candidates ({} more whose tables do not fit) on {} boards of {w}x{h} (optimal lengths {}..{}), tables within {} MB",
        c.fit,
        c.candidates - c.fit,
        c.sample,
        chosen.lengths.iter().min().unwrap_or(&0),
        chosen.lengths.iter().max().unwrap_or(&0),
        req.table_memory >> 20
    );
    let row = |s: &tables::Scored| {
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

pub(crate) fn build(a: &PdbBuild) -> Result<(), Failure> {
    let src = match &a.def {
        Some(file) => Some(tansaku::define::Src::read(file).map_err(Failure::usage)?),
        None => None,
    };
    let ctx = a.run.context(a.place.pdb_dir.0.as_deref());
    let built: Built = ask::Question::Tables(a.options.request(), src)
        .answer_as(&ctx, None)
        .map_err(|e| pdb_failure(e, "smaller databases with --partition 6-6-3 (4x4)"))?;
    if a.place.json.0 {
        print_json(&built);
        return Ok(());
    }
    match built {
        Built::Partition(p) => {
            println!("{} pattern databases for {}, goal {}", p.described, p.board, p.goal);
            for t in &p.tables {
                println!(
                    "  tiles {:<24} {:>11} entries  {} in {:.2} s  {}",
                    t.names.join(","),
                    t.entries,
                    t.origin,
                    t.seconds,
                    t.file.as_deref().unwrap_or("(not kept)")
                );
                if let Some(h) = &t.histogram {
                    // A zero-aware table keeps a bit an entry; the figures
                    // are of the least distance over the empty cell's
                    // regions.
                    let least = if p.zero_aware {
                        " (least over the empty cell's regions)"
                    } else {
                        ""
                    };
                    println!("    largest entry {}; entries by value{least}: {h:?}", h.len() - 1);
                }
            }
        }
        Built::Definition { puzzle, tables } => {
            println!("pattern databases for {puzzle}");
            for t in &tables {
                println!(
                    "  {:<24} {:>11} entries  {} in {:.2} s  largest entry {}",
                    t.projection, t.entries, t.origin, t.seconds, t.longest
                );
            }
        }
    }
    Ok(())
}

pub(crate) fn list(a: &PdbPlace) -> Result<(), Failure> {
    let listed = tables::list(&place(a.pdb_dir.0.as_deref())).map_err(|e| pdb_failure(e, ""))?;
    if a.json.0 {
        print_json(&listed);
        return Ok(());
    }
    let dir = listed
        .dir
        .clone()
        .unwrap_or_else(|| "(no cache folder: HOME is not set)".into());
    println!("pattern database cache: {dir}");
    if listed.files.is_empty() {
        println!("  (empty)");
    }
    let mut total = 0;
    for e in &listed.files {
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
    if !listed.files.is_empty() {
        println!("  {} files, {}", listed.files.len(), tansaku::memory::human(total));
    }
    Ok(())
}

pub(crate) fn clear(a: &PdbPlace) -> Result<(), Failure> {
    let tables = place(a.pdb_dir.0.as_deref());
    let cleared = tables::clear(&tables).map_err(|e| pdb_failure(e, ""))?;
    if a.json.0 {
        print_json(&cleared);
    } else {
        println!(
            "removed {} files ({}) from {}",
            cleared.removed,
            tansaku::memory::human(cleared.bytes),
            tables
                .dir()
                .map_or("(no cache folder)".into(), |d| d.display().to_string())
        );
    }
    Ok(())
}
