//! Sliding-puzzle and exercise benchmarks: the 8-puzzle by every algorithm
//! and its longest-position analysis, the Line Puzzle's hardest pair
//! (start3 -> goal3, 38 moves) by IDA* with pattern databases (database
//! build included, and alone), knights, jugs, river.
//! Run: `cargo bench --bench sliding`. The ten Line Puzzle pairs through the
//! CLI: `crates/tansaku-cli/benches/line_pairs.sh`; the 252,252,000-board analyses: see
//! BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku_core::search::{
    IdaOptions, bfs, bfs_ranked, bidirectional, bidirectional_alternating, bidirectional_alternating_ranked,
    bidirectional_ranked, ida_star_with,
};
use tansaku_puzzles::jugs::Jugs;
use tansaku_puzzles::knights::Knights;
use tansaku_puzzles::river::River;
use tansaku_puzzles::sliding::packed::Packed;
use tansaku_puzzles::sliding::pattern::PatternDb;
use tansaku_puzzles::sliding::{ManhattanBound, Sliding, parse_board};

fn eight(c: &mut Criterion) {
    let (p, s) = Sliding::new(&parse_board("867/254/3_1", None).unwrap(), None).unwrap();
    let mut g = c.benchmark_group("8-puzzle 867/254/3_1");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    g.bench_function("bfs", |b| {
        b.iter(|| bfs(&p, black_box(&s), &tansaku_core::Context::new()).unwrap().len())
    });
    g.bench_function("bidir", |b| {
        b.iter(|| {
            bidirectional(&p, black_box(&s), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("bidir-alternate", |b| {
        b.iter(|| {
            bidirectional_alternating(&p, black_box(&s), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("bfs ranked", |b| {
        b.iter(|| {
            bfs_ranked(&p, black_box(&s), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("bidir ranked", |b| {
        b.iter(|| {
            bidirectional_ranked(&p, black_box(&s), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("bidir-alternate ranked", |b| {
        b.iter(|| {
            bidirectional_alternating_ranked(&p, black_box(&s), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    // What `solve sliding` runs: packed boards, rank-indexed.
    let k = Packed::new(&p).unwrap();
    let x = k.pack(&s);
    g.bench_function("bfs packed ranked", |b| {
        b.iter(|| {
            bfs_ranked(&k, black_box(&x), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("bidir packed ranked", |b| {
        b.iter(|| {
            bidirectional_ranked(&k, black_box(&x), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("bidir-alternate packed ranked", |b| {
        b.iter(|| {
            bidirectional_alternating_ranked(&k, black_box(&x), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    let h = ManhattanBound::new(&p);
    g.bench_function("idastar manhattan (incremental)", |b| {
        b.iter(|| {
            ida_star_with(&p, black_box(&s), &h, IdaOptions::default())
                .unwrap()
                .len()
        })
    });
    g.bench_function("idastar manhattan+lc", |b| {
        b.iter(|| {
            tansaku_core::search::ida_star(&p, black_box(&s), |t| p.lower_bound(t), IdaOptions::default())
                .unwrap()
                .len()
        })
    });
    g.bench_function("longest (retrograde 9!)", |b| {
        b.iter(|| retrograde_dense(&p, RetroOptions::default()).unwrap().0.longest)
    });
    g.finish();
}

fn line(c: &mut Criterion) {
    let board = |t: &str| parse_board(t, None).unwrap();
    let (p, s) = Sliding::new(&board("AAB_/AABB/CCDD/CCDD"), Some(&board("ABA_/DCDC/BABA/CDCD"))).unwrap();
    let mut g = c.benchmark_group("line start3-goal3");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("pattern database build", |b| {
        b.iter(|| PatternDb::new(black_box(&p)).unwrap().group_sizes())
    });
    g.bench_function("idastar pdb (build + search)", |b| {
        b.iter(|| {
            let db = PatternDb::new(&p).unwrap();
            ida_star_with(&p, black_box(&s), &db, IdaOptions::default())
                .unwrap()
                .len()
        })
    });
    g.finish();
}

fn classics(c: &mut Criterion) {
    let mut g = c.benchmark_group("exercises");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    let (k, ks) = Knights::exchange(3, 4).unwrap();
    g.bench_function("knights bfs", |b| {
        b.iter(|| bfs(&k, black_box(&ks), &tansaku_core::Context::new()).unwrap().len())
    });
    g.bench_function("knights bidir", |b| {
        b.iter(|| {
            bidirectional(&k, black_box(&ks), &tansaku_core::Context::new())
                .unwrap()
                .len()
        })
    });
    g.bench_function("knights idastar", |b| {
        b.iter(|| {
            ida_star_with(&k, black_box(&ks), &k, IdaOptions::default())
                .unwrap()
                .len()
        })
    });
    let (j, js) = Jugs::new(&[8, 5], 4).unwrap();
    g.bench_function("jugs bfs", |b| {
        b.iter(|| bfs(&j, black_box(&js), &tansaku_core::Context::new()).unwrap().len())
    });
    let (r, rs) = River::classic();
    g.bench_function("river bfs", |b| {
        b.iter(|| bfs(&r, black_box(&rs), &tansaku_core::Context::new()).unwrap().len())
    });
    g.finish();
}

criterion_group!(benches, eight, line, classics);
criterion_main!(benches);
