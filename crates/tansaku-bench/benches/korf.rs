//! Korf's benchmark sets: the 100 random 15-puzzles (Korf 1985) and the 50
//! random 24-puzzles (Korf & Taylor 1996, Korf & Felner 2002), solved by
//! IDA* with additive pattern databases loaded from the cache (built on
//! first use). Prints, per instance: optimal length (checked against the
//! published one), nodes generated and expanded, search seconds; then the
//! totals. Exits with 1 if any length differs from the published one.
//!
//! ```text
//! cargo bench --bench korf                         # Korf's 100, 7-8 + mirror, every core
//! cargo bench --bench korf -- --set 24 --only 25,40   # 24-puzzle #25 and #40, 6-6-6-6
//! cargo bench --bench korf -- --set 24 --easiest 15   # the 15 with the fewest published nodes
//! cargo bench --bench korf -- --bound 6-6-3 --threads 1 --pdb-dir /tmp/pdb
//! cargo bench --bench korf -- --automaton 0           # no move pruning but "never undo"
//! cargo bench --bench korf -- --set 24 --easiest 25 --checkpoint runs   # resumable: rerun goes on
//! cargo bench --bench korf -- --set 24 --only 1,30 --frontier 1000000 --iterations   # A* + IDA*, per iteration
//! cargo bench --bench korf -- --set 24 --only 25 --generic   # IDA*'s generic inner loop (same counts, slower)
//! cargo bench --bench korf -- --set 24 --only 1 --bound "6-6-6-6z+<cells>+<cells>" --max-memory 22G   # past the default budget
//! ```
//!
//! For the 24-puzzle each line also gives the nodes Korf & Felner's IDA*
//! generated (2002, 6-6-6-6 with reflections; `data/korf-felner-2002.txt`)
//! and the ratio of tansaku's to theirs.

use std::process::ExitCode;
use tansaku_core::context::Tables;
use tansaku_core::search::auto::Algorithm;
use tansaku_puzzles::sliding::pdb::cache::Origin;
use tansaku_puzzles::sliding::solve::{BoundRequest, SolveOptions, Solver};
use tansaku_puzzles::sliding::{ParsedBoard, Sliding, parse_board};

struct Args {
    set: u32,
    only: Option<Vec<usize>>,
    easiest: Option<usize>,
    bound: BoundRequest,
    threads: usize,
    automaton: Option<usize>,
    bpmx: bool,
    order: bool,
    frontier: usize,
    generic: bool,
    iterations: bool,
    pdb_dir: Option<String>,
    checkpoint: Option<std::path::PathBuf>,
    max_memory: Option<u64>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        set: 15,
        only: None,
        easiest: None,
        bound: BoundRequest::Auto,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        automaton: None,
        bpmx: false,
        order: false,
        frontier: 0,
        generic: false,
        iterations: false,
        pdb_dir: None,
        checkpoint: None,
        max_memory: None,
    };
    let mut it = std::env::args().skip(1);
    let mut bound = None;
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--set" => a.set = value()?.parse().map_err(|_| "--set: 15 or 24")?,
            "--only" => {
                let list = value()?;
                a.only = Some(
                    list.split(',')
                        .map(|n| n.trim().parse().map_err(|_| format!("--only: bad instance '{n}'")))
                        .collect::<Result<_, _>>()?,
                )
            }
            "--easiest" => a.easiest = Some(value()?.parse().map_err(|_| "--easiest: a number of instances")?),
            "--bound" => bound = Some(value()?),
            "--threads" => a.threads = value()?.parse().map_err(|_| "--threads: a number")?,
            "--automaton" => a.automaton = Some(value()?.parse().map_err(|_| "--automaton: a number of moves")?),
            "--bpmx" => a.bpmx = true,
            "--order" => a.order = true,
            "--frontier" => a.frontier = value()?.parse().map_err(|_| "--frontier: a number of positions")?,
            "--iterations" => a.iterations = true,
            "--generic" => a.generic = true,
            "--pdb-dir" => a.pdb_dir = Some(value()?),
            "--max-memory" => {
                a.max_memory =
                    Some(tansaku_core::memory::parse_size(&value()?).map_err(|e| format!("--max-memory: {e}"))?)
            }
            "--checkpoint" => a.checkpoint = Some(value()?.into()),
            // `cargo bench` passes --bench; the other harness flags do not apply.
            other if other.starts_with("--") => {}
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    if a.set != 15 && a.set != 24 {
        return Err("--set: 15 or 24".into());
    }
    if let Some(text) = bound {
        let side = if a.set == 15 { 4 } else { 5 };
        a.bound = BoundRequest::parse(&text, side, side).map_err(|e| format!("--bound: {e}"))?;
    }
    Ok(a)
}

/// The instances of a set: board, number, published length; and, for the
/// 24-puzzle, Korf & Felner's nodes by instance.
type Instances = (Vec<(&'static str, usize, usize)>, std::collections::HashMap<usize, u64>);

fn instances(a: &Args) -> Instances {
    let file = match a.set {
        15 => include_str!("../../../data/korf100.txt"),
        _ => include_str!("../../../data/korf50-24.txt"),
    };
    let felner: std::collections::HashMap<usize, u64> = include_str!("../../../data/korf-felner-2002.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((f.first()?.parse().ok()?, f.get(2)?.parse().ok()?))
        })
        .filter(|_| a.set == 24)
        .collect();
    let mut instances: Vec<(&str, usize, usize)> = file
        .lines()
        .filter_map(|l| {
            let (board, note) = l.split_once('#')?;
            let (n, len) = note.split_once(':')?;
            Some((board.trim(), n.trim().parse().ok()?, len.trim().parse().ok()?))
        })
        .filter(|(b, n, _)| !b.is_empty() && a.only.as_ref().is_none_or(|o| o.contains(n)))
        .collect();
    if let Some(k) = a.easiest {
        instances.sort_by_key(|&(_, n, _)| felner.get(&n).copied().unwrap_or(u64::MAX));
        instances.truncate(k);
    }
    (instances, felner)
}

/// One instance's figures: length, generated, expanded, seconds, and
/// whether the length is the published one and the moves reach the goal.
struct Row {
    len: usize,
    generated: u64,
    expanded: u64,
    seconds: f64,
    ok: bool,
}

/// The figures an earlier run kept for an instance, if any.
fn kept_row(kept: Option<&std::path::PathBuf>, published: usize) -> Option<Row> {
    let t = std::fs::read_to_string(kept?).ok()?;
    let v: Vec<u64> = t.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    (v.len() == 4).then(|| Row {
        len: v[0] as usize,
        generated: v[1],
        expanded: v[2],
        seconds: f64::from_bits(v[3]),
        ok: v[0] as usize == published,
    })
}

/// Solves one instance (keeping its checkpoint under `a.checkpoint`) and
/// writes its figures there when it is right.
fn solve_one(
    a: &Args,
    solver: &mut Solver,
    goal: &ParsedBoard,
    (board, n, published): (&str, usize, usize),
    kept: Option<&std::path::PathBuf>,
) -> Result<Row, String> {
    let start = parse_board(board, None).expect("a board of the set");
    let (q, s) = Sliding::new(&start, Some(goal)).expect("a board of the set");
    solver.set_checkpoint(
        a.checkpoint
            .as_ref()
            .map(|d| (d.join(format!("{}-{n}", a.set)), std::time::Duration::from_secs(60))),
    );
    let sol = solver.solve(&q, &s).map_err(|e| e.to_string())?;
    if a.iterations {
        for it in &sol.iterations {
            println!(
                "     #{n} bound {}: {} generated, {:.2} s",
                it.bound, it.generated, it.seconds
            );
        }
    }
    let ok =
        sol.len() == published && tansaku_core::replay(&q, &s, &sol.moves).is_ok_and(|b| b.last() == Some(&q.goal()));
    if let (Some(f), true) = (kept, ok) {
        let line = format!(
            "{} {} {} {}\n",
            sol.len(),
            sol.stats.generated,
            sol.stats.expanded,
            sol.stats.seconds.to_bits()
        );
        let _ = std::fs::write(f, line);
    }
    Ok(Row {
        len: sol.len(),
        generated: sol.stats.generated,
        expanded: sol.stats.expanded,
        seconds: sol.stats.seconds,
        ok,
    })
}

fn header(felner: bool) {
    println!(
        "{:>4} {:>6} {:>9} {:>15} {:>15} {:>10}{}",
        "#",
        "moves",
        "published",
        "generated",
        "expanded",
        "seconds",
        if felner {
            format!(" {:>17} {:>7}", "Korf & Felner", "ratio")
        } else {
            String::new()
        }
    );
}

fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("korf: {e}");
            return ExitCode::from(2);
        }
    };
    let (instances, felner) = instances(&a);
    let cells: Vec<String> = (0..if a.set == 15 { 16 } else { 25 })
        .map(|c: u8| c.to_string())
        .collect();
    let goal = parse_board(&cells.join(" "), None).expect("goal");
    let (p, _) = Sliding::new(&goal, Some(&goal)).expect("puzzle");
    let tables = a.pdb_dir.as_ref().map_or_else(Tables::user, Tables::at);
    let ctx = tansaku_core::Context::new()
        .with_tables(tables)
        .with_budget_opt(a.max_memory)
        .with_notices(std::sync::Arc::new(|m: &str| eprintln!("korf: {m}")));
    let opts = SolveOptions {
        algorithm: Some(Algorithm::IdaStar),
        bound: a.bound.clone(),
        threads: a.threads,
        automaton: a.automaton,
        bpmx: a.bpmx,
        order: a.order,
        frontier: a.frontier,
        generic: a.generic,
        ctx: &ctx,
        ..SolveOptions::default()
    };
    let clock = std::time::Instant::now();
    let mut solver = match Solver::new(&p, opts) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("korf: {e}");
            return ExitCode::from(2);
        }
    };
    let loaded = solver.origins().iter().all(|o| matches!(o, Origin::Loaded(..)));
    println!(
        "{} instances, {}, {} threads; databases {} in {:.2} s",
        instances.len(),
        solver.describe(),
        a.threads,
        if loaded { "loaded" } else { "built" },
        clock.elapsed().as_secs_f64()
    );
    header(!felner.is_empty());
    let mut total = Row {
        len: 0,
        generated: 0,
        expanded: 0,
        seconds: 0.0,
        ok: true,
    };
    let (mut wrong, mut theirs) = (0, 0u64);
    for &(board, n, published) in &instances {
        // Each instance keeps its own checkpoint: a killed bench run
        // started again goes on where each instance was, and shows the
        // instances it finished from their result files.
        let kept = a.checkpoint.as_ref().map(|d| d.join(format!("{}-{n}.result", a.set)));
        let before = kept_row(kept.as_ref(), published);
        let was_kept = before.is_some();
        let row = match before.map_or_else(
            || solve_one(&a, &mut solver, &goal, (board, n, published), kept.as_ref()),
            Ok,
        ) {
            Ok(row) => row,
            Err(e) => {
                eprintln!("korf: #{n}: {e}");
                wrong += 1;
                continue;
            }
        };
        wrong += usize::from(!row.ok);
        total.generated += row.generated;
        total.expanded += row.expanded;
        total.seconds += row.seconds;
        let compared = match felner.get(&n) {
            Some(&kf) => {
                theirs += kf;
                format!(" {kf:>17} {:>7.4}", row.generated as f64 / kf as f64)
            }
            None => String::new(),
        };
        let mark = match (row.ok, was_kept) {
            (false, _) => "  WRONG",
            (true, true) => "  (kept)",
            (true, false) => "",
        };
        println!(
            "{n:>4} {:>6} {:>9} {:>15} {:>15} {:>10.4}{compared}{mark}",
            row.len, published, row.generated, row.expanded, row.seconds
        );
    }
    let k = instances.len().max(1) as u64;
    println!(
        "total {:>25} {:>15} {:>10.4}{}   (per instance: {} generated, {} expanded)",
        total.generated,
        total.expanded,
        total.seconds,
        if theirs > 0 {
            format!(" {theirs:>17} {:>7.4}", total.generated as f64 / theirs as f64)
        } else {
            String::new()
        },
        total.generated / k,
        total.expanded / k
    );
    if wrong > 0 {
        eprintln!("korf: {wrong} instances differ from the published optimal length");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
