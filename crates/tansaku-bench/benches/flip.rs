//! Flip It benchmarks: every algorithm on the published figures 4x4 instance under both
//! rules, the row instances, and the 4x4 retrograde analyses.
//! Run: `cargo bench --bench flip`. The 5x5 analyses take ~20 s each and are
//! timed from the CLI instead (see BENCHMARKS.md).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku_core::search::{IdaOptions, bfs, bidirectional, ida_star, iddfs};
use tansaku_puzzles::flip::{BoundKind, FlipBound, FlipIt};

fn square(c: &mut Criterion) {
    for diagonal in [false, true] {
        let p = FlipIt::square(4, 4, diagonal);
        let start = p.parse_board("BBBB/B_BB/BBBB/BBBB").unwrap();
        let rule = if diagonal { "diagonal" } else { "orthogonal" };
        let mut g = c.benchmark_group(format!("flip-square 4x4 {rule}"));
        g.sample_size(10).measurement_time(Duration::from_secs(5));
        g.bench_function("bfs", |b| {
            b.iter(|| bfs(&p, black_box(&start), &tansaku_core::Context::new()).unwrap().len())
        });
        g.bench_function("bidir", |b| {
            b.iter(|| {
                bidirectional(&p, black_box(&start), &tansaku_core::Context::new())
                    .unwrap()
                    .len()
            })
        });
        if !diagonal {
            g.bench_function("iddfs", |b| {
                b.iter(|| iddfs(&p, black_box(&start), IdaOptions::default()).unwrap().len())
            });
        }
        for kind in [BoundKind::Corner, BoundKind::Improved] {
            let h = FlipBound::new(&p, kind);
            g.bench_function(format!("idastar {kind:?}").to_lowercase(), |b| {
                b.iter(|| {
                    ida_star(&p, black_box(&start), |s| h.estimate(s), IdaOptions::default())
                        .unwrap()
                        .len()
                })
            });
        }
        g.bench_function("longest", |b| {
            b.iter(|| retrograde_dense(&p, RetroOptions::default()).unwrap().0.longest)
        });
        g.finish();
    }
}

fn row(c: &mut Criterion) {
    let mut g = c.benchmark_group("flip-row");
    for board in ["BB_BBB", "B_WBBBB", "B_WWWBBB"] {
        let p = FlipIt::row(board.len(), false);
        let start = p.parse_board(board).unwrap();
        g.bench_function(format!("bfs {board}"), |b| {
            b.iter(|| bfs(&p, black_box(&start), &tansaku_core::Context::new()).unwrap().len())
        });
        let h = p.lower_bound();
        g.bench_function(format!("idastar {board}"), |b| {
            b.iter(|| {
                ida_star(&p, black_box(&start), |s| h.estimate(s), IdaOptions::default())
                    .unwrap()
                    .len()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, square, row);
criterion_main!(benches);
