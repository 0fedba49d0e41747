//! Two-bit tables and checkpoints of the dense retrograde analysis: the same
//! analysis whatever the slot width, and the same analysis after any
//! number of interruptions; checkpoints that cannot be trusted are refused.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;
use tansaku_core::Context;
use tansaku_core::Ranked;
use tansaku_core::context::Observer;
use tansaku_core::search::SearchError;
use tansaku_core::search::checkpoint::CheckpointError;
use tansaku_core::search::retrograde::{Analysis, Bits, Checkpoint, RetroOptions, retrograde};
use tansaku_puzzles::flip::FlipIt;
use tansaku_puzzles::sliding::half::Half;
use tansaku_puzzles::sliding::{Sliding, parse_board};

/// Cancels its context after `after` finished levels, and runs `hook` at
/// each level first (the level's number).
struct StopAfter {
    after: usize,
    levels: AtomicUsize,
    ctx: Context,
    hook: Box<dyn Fn(usize) + Send + Sync>,
}

impl Observer for StopAfter {
    fn begin(&self, _: Option<u64>, _: &str) {}
    fn update(&self, _: u64, _: &str) {}
    fn note(&self, _: &str) {
        let k = self.levels.fetch_add(1, Relaxed) + 1;
        (self.hook)(k);
        if k == self.after {
            self.ctx.cancel();
        }
    }
    fn end(&self) {}
}

fn stopping(after: usize, hook: impl Fn(usize) + Send + Sync + 'static) -> Context {
    let base = Context::new();
    let obs = StopAfter {
        after,
        levels: AtomicUsize::new(0),
        ctx: base.clone(),
        hook: Box::new(hook),
    };
    base.with_observer(Arc::new(obs))
}

fn saving(dir: &Path, key: &str, bits: Bits, ctx: Context) -> RetroOptions {
    RetroOptions {
        keep: 50,
        ctx,
        bits,
        checkpoint: Some(Checkpoint {
            dir: dir.to_path_buf(),
            key: key.into(),
            every: Duration::ZERO,
        }),
        disk: None,
    }
}

/// Everything but the time.
fn same<S: PartialEq + std::fmt::Debug>(a: &Analysis<S>, b: &Analysis<S>) {
    assert_eq!(
        (&a.histogram, a.longest, a.count, a.states, &a.positions),
        (&b.histogram, b.longest, b.count, b.states, &b.positions)
    );
    assert_eq!(
        (a.stats.generated, a.stats.expanded),
        (b.stats.generated, b.stats.expanded)
    );
}

fn eight_puzzle() -> Sliding {
    let g = parse_board("123/456/78_", None).unwrap();
    Sliding::new(&g, Some(&g)).unwrap().0
}

fn two_bit<P: Ranked>(p: &P) -> Analysis<P::State> {
    let opts = RetroOptions {
        bits: Bits::Two,
        ..Default::default()
    };
    retrograde(p, opts).unwrap().0
}

fn eight_bit<P: Ranked>(p: &P) -> Analysis<P::State> {
    let opts = RetroOptions {
        bits: Bits::Eight,
        ..Default::default()
    };
    retrograde(p, opts).unwrap().0
}

#[test]
fn two_bits_and_bytes_agree() {
    // Histogram, longest positions (all of them: fewer than kept) and work.
    for p in [
        FlipIt::row(9, false),
        FlipIt::row(12, true),
        FlipIt::square(4, 4, false),
        FlipIt::square(3, 4, true),
    ] {
        same(&two_bit(&p), &eight_bit(&p));
    }
    let s = eight_puzzle();
    same(&two_bit(&s), &eight_bit(&s));
    let h = Half::new(&s).unwrap();
    same(&two_bit(&h), &eight_bit(&h));
    for (goal, size) in [
        ("1 2 3 4 5 6 7 8 9 0", (5, 2)),
        ("1 2 3 4 5 6 7 8 9 0", (2, 5)),
        ("0 1 2 3 4 5 6 7", (4, 2)),
    ] {
        let g = parse_board(goal, Some(size)).unwrap();
        let p = Sliding::new(&g, Some(&g)).unwrap().0;
        let h = Half::new(&p).unwrap();
        let (a, b) = (two_bit(&h), eight_bit(&h));
        same(&a, &b);
        // The full table (both halves ranked) has the same histogram.
        assert_eq!(eight_bit(&p).histogram, a.histogram);
    }
}

#[test]
fn the_8_puzzle_at_two_bits_keeps_its_published_figures() {
    let s = eight_puzzle();
    let h = Half::new(&s).unwrap();
    let a = two_bit(&h);
    assert_eq!((a.states, a.longest, a.count), (181_440, 31, 2));
    let mut shown: Vec<String> = a.positions.iter().map(|&x| s.format(&h.unpack(x))).collect();
    shown.sort();
    assert_eq!(shown, ["647/85_/321", "867/254/3_1"]);
}

#[test]
fn a_resumed_analysis_ends_as_an_uninterrupted_one() {
    let s = eight_puzzle();
    let p = Half::new(&s).unwrap();
    for bits in [Bits::Two, Bits::Eight] {
        let whole = retrograde(
            &p,
            RetroOptions {
                bits,
                keep: 50,
                ..Default::default()
            },
        )
        .unwrap()
        .0;
        for stops in [vec![1], vec![5, 9], vec![3, 3, 3, 3, 3, 3, 3, 3, 3, 3], vec![30]] {
            let dir = tempfile::tempdir().unwrap();
            for &after in &stops {
                let e = retrograde(&p, saving(dir.path(), "8-puzzle", bits, stopping(after, |_| ()))).unwrap_err();
                assert!(matches!(e, SearchError::Stopped(_)), "{e}");
                assert!(dir.path().join("longest.ckpt").exists());
            }
            let resumed = retrograde(&p, saving(dir.path(), "8-puzzle", bits, Context::new()))
                .unwrap()
                .0;
            same(&resumed, &whole);
        }
    }
}

#[test]
fn a_write_killed_midway_leaves_the_last_good_checkpoint() {
    let p = FlipIt::square(4, 4, false);
    let whole = retrograde(
        &p,
        RetroOptions {
            keep: 50,
            ..Default::default()
        },
    )
    .unwrap()
    .0;
    let dir = tempfile::tempdir().unwrap();
    retrograde(&p, saving(dir.path(), "flip", Bits::Auto, stopping(4, |_| ()))).unwrap_err();
    // What a kill during the next write leaves: a temporary file cut short.
    std::fs::write(dir.path().join("longest.ckpt.tmp"), b"tansaku-retro\0\0\0half a file").unwrap();
    let resumed = retrograde(&p, saving(dir.path(), "flip", Bits::Auto, Context::new()))
        .unwrap()
        .0;
    same(&resumed, &whole);
    assert!(!dir.path().join("longest.ckpt.tmp").exists());
}

fn refused(e: SearchError) -> String {
    match e {
        SearchError::Checkpoint(CheckpointError::Refused { why, .. }) => why,
        other => panic!("expected a refusal, got {other}"),
    }
}

#[test]
fn checkpoints_that_cannot_be_trusted_are_refused() {
    let p = FlipIt::square(4, 4, false);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("longest.ckpt");
    retrograde(&p, saving(dir.path(), "flip 4x4", Bits::Two, stopping(3, |_| ()))).unwrap_err();
    let good = std::fs::read(&file).unwrap();
    let resume = |key: &str, bits| retrograde(&p, saving(dir.path(), key, bits, Context::new())).map(|r| r.0);

    // Another analysis, another slot width.
    assert!(refused(resume("flip 5x5", Bits::Two).unwrap_err()).contains("not of flip 5x5"));
    assert!(refused(resume("flip 4x4", Bits::Eight).unwrap_err()).contains("2-bit"));
    // One bit of the table flipped.
    let mut bad = good.clone();
    let at = bad.len() - 20;
    bad[at] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    assert!(refused(resume("flip 4x4", Bits::Two).unwrap_err()).contains("checksum"));
    // Cut short, anywhere.
    for cut in [0, 10, 40, good.len() / 2, good.len() - 1] {
        std::fs::write(&file, &good[..cut]).unwrap();
        assert!(
            refused(resume("flip 4x4", Bits::Two).unwrap_err()).contains("truncated"),
            "cut at {cut}"
        );
    }
    // Another format version.
    let mut other = good.clone();
    other[16] = 99;
    std::fs::write(&file, &other).unwrap();
    assert!(refused(resume("flip 4x4", Bits::Two).unwrap_err()).contains("version 99"));
    // Not a checkpoint at all.
    std::fs::write(&file, b"hello, world; this is not a checkpoint of anything").unwrap();
    assert!(refused(resume("flip 4x4", Bits::Two).unwrap_err()).contains("not a tansaku checkpoint"));
    // The good one still resumes.
    std::fs::write(&file, &good).unwrap();
    let whole = retrograde(
        &p,
        RetroOptions {
            keep: 50,
            bits: Bits::Two,
            ..Default::default()
        },
    )
    .unwrap()
    .0;
    same(&resume("flip 4x4", Bits::Two).unwrap(), &whole);
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_error_and_keeps_the_last_checkpoint() {
    let p = FlipIt::square(4, 4, false);
    let dir = tempfile::tempdir().unwrap();
    retrograde(&p, saving(dir.path(), "flip", Bits::Auto, stopping(2, |_| ()))).unwrap_err();
    // From level 3 on, the temporary file is /dev/full: every write fails
    // with "no space left on device". The run stops after level 4, which
    // writes a checkpoint whatever the interval.
    let good = Arc::new(std::sync::Mutex::new(Vec::new()));
    let (temp, file, kept) = (
        dir.path().join("longest.ckpt.tmp"),
        dir.path().join("longest.ckpt"),
        good.clone(),
    );
    let ctx = stopping(4, move |k| {
        if k == 3 {
            *kept.lock().unwrap() = std::fs::read(&file).unwrap();
            std::os::unix::fs::symlink("/dev/full", &temp).unwrap();
        }
    });
    let e = retrograde(&p, saving(dir.path(), "flip", Bits::Auto, ctx)).unwrap_err();
    let text = e.to_string();
    assert!(
        matches!(e, SearchError::Checkpoint(CheckpointError::Unwritable { .. })),
        "{text}"
    );
    assert!(
        text.contains("No space left on device") && text.contains("last good checkpoint"),
        "{text}"
    );
    assert!(std::fs::read(dir.path().join("longest.ckpt")).unwrap() == *good.lock().unwrap());
    assert!(!dir.path().join("longest.ckpt.tmp").exists());
}

#[test]
fn an_unusable_folder_is_refused_before_any_work() {
    let p = FlipIt::square(4, 4, false);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a file");
    std::fs::write(&file, b"").unwrap();
    let e = retrograde(&p, saving(&file, "flip", Bits::Auto, Context::new())).unwrap_err();
    assert!(
        matches!(e, SearchError::Checkpoint(CheckpointError::Unwritable { .. })),
        "{e}"
    );
}

#[test]
fn the_memory_plan_picks_two_bits_when_bytes_do_not_fit() {
    use tansaku_core::search::retrograde::plan_bits;
    let p = FlipIt::square(4, 4, false); // 16 << 15 states: 512 KiB a byte each
    let ctx = |b| RetroOptions {
        ctx: Context::new().with_budget(b),
        ..Default::default()
    };
    assert_eq!(plan_bits(&p, &ctx(16 << 20)).unwrap(), 8);
    assert_eq!(plan_bits(&p, &ctx(256 << 10)).unwrap(), 2);
    assert!(matches!(plan_bits(&p, &ctx(64 << 10)), Err(SearchError::OverBudget(_))));
    // Past 1 MiB a byte each, two bits whatever the budget.
    assert_eq!(plan_bits(&FlipIt::square(4, 5, false), &ctx(16 << 20)).unwrap(), 2);
    let (a, table) = retrograde(&p, ctx(256 << 10)).unwrap();
    assert!(table.is_none());
    same(&a, &eight_bit(&p));
}

#[test]
fn the_table_on_disk_gives_the_table_in_memory() {
    // Budgets that force several chunks (a chunk takes half the budget).
    let s = eight_puzzle();
    let h = Half::new(&s).unwrap();
    let g = parse_board("1 2 3 4 5 6 7 8 9 0", Some((5, 2))).unwrap();
    let p10 = Sliding::new(&g, Some(&g)).unwrap().0;
    let h10 = Half::new(&p10).unwrap();
    let flip = FlipIt::square(4, 4, false);
    let dir = tempfile::tempdir().unwrap();
    let on_disk = |budget: u64| RetroOptions {
        keep: 50,
        ctx: Context::new().with_budget(budget),
        disk: Some(dir.path().join("table")),
        ..Default::default()
    };
    let in_memory = RetroOptions {
        keep: 50,
        bits: Bits::Two,
        ..Default::default()
    };
    let a = retrograde(&h, on_disk(8 << 10)).unwrap().0;
    let b = retrograde(&h, in_memory.clone()).unwrap().0;
    assert_eq!((&a.histogram, &a.positions), (&b.histogram, &b.positions));
    let a = retrograde(&h10, on_disk(64 << 10)).unwrap().0;
    let b = retrograde(&h10, in_memory.clone()).unwrap().0;
    assert_eq!((&a.histogram, &a.positions), (&b.histogram, &b.positions));
    let a = retrograde(&flip, on_disk(1 << 10)).unwrap().0;
    let b = retrograde(&flip, in_memory.clone()).unwrap().0;
    assert_eq!((&a.histogram, &a.positions), (&b.histogram, &b.positions));
    // Every arrangement of the 8-puzzle: half of them never reached, so
    // the last level finds nothing and its positions must stay marked.
    let a = retrograde(&s, on_disk(16 << 10)).unwrap().0;
    let b = retrograde(&s, in_memory).unwrap().0;
    assert_eq!((&a.histogram, &a.positions), (&b.histogram, &b.positions));
    assert_eq!((a.longest, a.count, a.positions.len()), (31, 2, 2));
    // The chunk files are gone.
    assert_eq!(std::fs::read_dir(dir.path().join("table")).unwrap().count(), 0);
}

/// Options for an analysis on disk in `dir/table`, its checkpoint in
/// `dir/ckpt`, under a budget forcing several chunks.
fn on_disk_saving(dir: &Path, budget: u64, ctx: Context) -> RetroOptions {
    RetroOptions {
        disk: Some(dir.join("table")),
        ..saving(
            &dir.join("ckpt"),
            "8-puzzle on disk",
            Bits::Auto,
            ctx.with_budget(budget),
        )
    }
}

fn copy_dir(from: &Path, to: &Path) {
    for sub in ["table", "ckpt"] {
        std::fs::create_dir_all(to.join(sub)).unwrap();
        for e in std::fs::read_dir(from.join(sub)).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), to.join(sub).join(e.file_name())).unwrap();
        }
    }
}

/// Stops an analysis on disk after each of `stops` levels, resumes it,
/// and compares with the uninterrupted run.
fn stop_and_resume_on_disk<P: Ranked>(p: &P, budget: u64, stops: &[usize])
where
    P::State: PartialEq + std::fmt::Debug,
{
    let whole = two_bit(p);
    let dir = tempfile::tempdir().unwrap();
    for &after in stops {
        let e = retrograde(p, on_disk_saving(dir.path(), budget, stopping(after, |_| ()))).unwrap_err();
        assert!(matches!(e, SearchError::Stopped(_)), "{e}");
        if after > 2 {
            assert!(dir.path().join("ckpt/longest-disk.ckpt").exists());
        }
    }
    let resumed = retrograde(p, on_disk_saving(dir.path(), budget, Context::new()))
        .unwrap()
        .0;
    assert_eq!(
        (&resumed.histogram, resumed.count, &resumed.positions),
        (&whole.histogram, whole.count, &whole.positions),
        "{stops:?}"
    );
    // A finished run removes its table and its checkpoint.
    assert_eq!(std::fs::read_dir(dir.path().join("table")).unwrap().count(), 0);
    assert!(!dir.path().join("ckpt/longest-disk.ckpt").exists());
}

#[test]
fn an_analysis_on_disk_resumes_from_its_checkpoint() {
    let s = eight_puzzle();
    let h = Half::new(&s).unwrap();
    for stops in [vec![1], vec![5, 9], vec![3, 3, 3, 3, 3, 3, 3, 3, 3, 3], vec![30]] {
        // The reachable half (every rank reached) and every arrangement
        // (half of them never reached: the last level finds nothing).
        stop_and_resume_on_disk(&h, 8 << 10, &stops);
        stop_and_resume_on_disk(&s, 16 << 10, &stops);
    }
}

#[test]
fn a_kill_during_a_level_on_disk_leaves_a_table_the_checkpoint_matches() {
    let s = eight_puzzle();
    let h = Half::new(&s).unwrap();
    let whole = two_bit(&h);
    let dir = tempfile::tempdir().unwrap();
    retrograde(&h, on_disk_saving(dir.path(), 8 << 10, stopping(12, |_| ()))).unwrap_err();
    // A kill during a level leaves the generation it was writing, the
    // buckets and a checkpoint's temporary file in any state. One of the two
    // generations is the checkpoint's: garbage there is refused, garbage in
    // the other does not matter.
    let mut outcomes = Vec::new();
    for g in [0, 1] {
        let copy = tempfile::tempdir().unwrap();
        copy_dir(dir.path(), copy.path());
        for e in std::fs::read_dir(copy.path().join("table")).unwrap() {
            let path = e.unwrap().path();
            if path.to_str().unwrap().ends_with(&format!("-{g}.bin")) {
                std::fs::write(&path, b"half a chunk").unwrap();
            }
        }
        std::fs::write(copy.path().join("table/bucket-000001.bin"), [7u8; 13]).unwrap();
        std::fs::write(copy.path().join("ckpt/longest-disk.ckpt.tmp"), b"tansaku-disk").unwrap();
        outcomes.push(retrograde(&h, on_disk_saving(copy.path(), 8 << 10, Context::new())).map(|r| r.0));
    }
    let (ok, refusals): (Vec<_>, Vec<_>) = outcomes.into_iter().partition(|r| r.is_ok());
    assert_eq!((ok.len(), refusals.len()), (1, 1));
    let resumed = ok.into_iter().next().unwrap().unwrap();
    assert_eq!(
        (&resumed.histogram, &resumed.positions),
        (&whole.histogram, &whole.positions)
    );
    let why = refused(refusals.into_iter().next().unwrap().unwrap_err());
    assert!(why.contains("is truncated or corrupt"), "{why}");
}

#[test]
fn checkpoints_on_disk_that_cannot_be_trusted_are_refused() {
    let s = eight_puzzle();
    let h = Half::new(&s).unwrap();
    let dir = tempfile::tempdir().unwrap();
    retrograde(&h, on_disk_saving(dir.path(), 8 << 10, stopping(8, |_| ()))).unwrap_err();
    let file = dir.path().join("ckpt/longest-disk.ckpt");
    let good = std::fs::read(&file).unwrap();
    let resume = |budget: u64, key: &str| {
        let mut o = on_disk_saving(dir.path(), budget, Context::new());
        o.checkpoint.as_mut().unwrap().key = key.into();
        retrograde(&h, o).map(|r| r.0)
    };
    let key = "8-puzzle on disk";
    assert!(refused(resume(8 << 10, "15-puzzle").unwrap_err()).contains("not of 15-puzzle"));
    // A budget whose chunks are smaller than the checkpoint's.
    assert!(refused(resume(4 << 10, key).unwrap_err()).contains("do not fit"));
    let mut bad = good.clone();
    let at = bad.len() - 20;
    bad[at] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    assert!(refused(resume(8 << 10, key).unwrap_err()).contains("checksum"));
    for cut in [0, 10, 40, good.len() / 2, good.len() - 1] {
        std::fs::write(&file, &good[..cut]).unwrap();
        assert!(
            refused(resume(8 << 10, key).unwrap_err()).contains("truncated"),
            "cut at {cut}"
        );
    }
    let mut other = good.clone();
    other[16] = 99;
    std::fs::write(&file, &other).unwrap();
    assert!(refused(resume(8 << 10, key).unwrap_err()).contains("version 99"));
    // The checkpoint of an analysis in memory is not one on disk.
    std::fs::write(&file, b"tansaku-retro\0\0\0 and the rest").unwrap();
    assert!(refused(resume(8 << 10, key).unwrap_err()).contains("not a tansaku checkpoint of an analysis on disk"));
    std::fs::write(&file, &good).unwrap();
    // Chunk 3 gone (from both generations, so from the checkpoint's).
    let chunks: Vec<_> = std::fs::read_dir(dir.path().join("table"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_str().unwrap().contains("chunk-000003"))
        .collect();
    assert!(!chunks.is_empty());
    let kept: Vec<_> = chunks.iter().map(|c| std::fs::read(c).unwrap()).collect();
    for c in &chunks {
        std::fs::remove_file(c).unwrap();
    }
    assert!(refused(resume(8 << 10, key).unwrap_err()).contains("cannot be read"));
    for (c, k) in chunks.iter().zip(&kept) {
        std::fs::write(c, k).unwrap();
    }
    // A larger budget takes the checkpoint's chunks, and the good one
    // resumes to the uninterrupted result.
    let resumed = resume(64 << 10, key).unwrap();
    let whole = two_bit(&h);
    assert_eq!(
        (&resumed.histogram, &resumed.positions),
        (&whole.histogram, &whole.positions)
    );
}
