//! Reversi benchmarks: perft (single thread and on every core) and the
//! shortest-wipeout searches of docs/published.md.
//! Run: `cargo bench --bench reversi`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tansaku_core::search::counting::count_shortest;
use tansaku_puzzles::reversi::{Color, Position, Wipeout, perft, perft_parallel};

fn reversi(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("reversi");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("perft 9 (one thread)", |b| b.iter(|| perft(black_box(&start), 9)));
    g.bench_function("perft 9 (parallel)", |b| {
        b.iter(|| perft_parallel(black_box(&start), 9))
    });
    g.bench_function("perft 10 (parallel)", |b| {
        b.iter(|| perft_parallel(black_box(&start), 10))
    });
    for winner in [Color::Black, Color::White] {
        let p = Wipeout { winner };
        g.bench_function(format!("wipeout {}", winner.name()), |b| {
            b.iter(|| {
                count_shortest(&p, black_box(&start), true, 14, &tansaku_core::Context::new())
                    .unwrap()
                    .depth
            })
        });
    }
    g.finish();
}

criterion_group!(benches, reversi);
criterion_main!(benches);
