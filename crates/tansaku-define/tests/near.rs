//! The table of the positions near the goal ([`Near`]) against every
//! position's breadth-first distance: never above it, whatever the
//! collisions; equal to it within the table's depth, and one more than
//! the depth beyond, but for the few positions collisions lower.

use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku_core::{Context, Ranked};
use tansaku_define::near::Near;
use tansaku_define::tws::{Perm, Tws};
use tansaku_define::{Cells, Definition, Src};

fn load(name: &str, metric: Option<&str>) -> Tws {
    let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    match Definition::parse(&Src::new(name, &text), metric) {
        Ok(Definition::Tws(t)) => *t,
        _ => panic!("{name}"),
    }
}

#[test]
fn the_bound_never_passes_the_distance() {
    for (file, metric) in [("2x2x2.tws", "htm"), ("2x2x2.tws", "qtm"), ("pyraminx.tws", "htm")] {
        let t = load(file, Some(metric));
        let p = Perm::<Cells<32>>::new(&t);
        let (_, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
        for depth in [2, 4] {
            // A table as planned, and one of 64 bytes where nearly every
            // entry is shared.
            for bytes in [Near::bytes_for(&t, depth, 1 << 30), 64] {
                let near = Near::build(&t, depth, bytes, &Context::new()).unwrap();
                let (mut near_exact, mut near_all, mut far_full, mut far_all) = (0u64, 0u64, 0u64, 0u64);
                for r in 0..p.state_count() {
                    let Some(d) = table.get(r) else { continue };
                    let s = p.unrank(r);
                    let h = near.estimate(&s.0[..t.bytes()]);
                    assert!(
                        h <= d,
                        "{file} {metric} depth {depth} {bytes} B: rank {r} at {d} reads {h}"
                    );
                    if d <= depth {
                        near_all += 1;
                        near_exact += u64::from(h == d);
                    } else {
                        far_all += 1;
                        far_full += u64::from(h == depth + 1);
                    }
                }
                if bytes > 64 {
                    // Sixteen entries a sequence walked, three read: the
                    // bound is the distance for nearly every position.
                    assert!(
                        near_exact * 100 >= near_all * 99,
                        "{file} {metric} {depth}: {near_exact}/{near_all}"
                    );
                    assert!(
                        far_full * 100 >= far_all * 99,
                        "{file} {metric} {depth}: {far_full}/{far_all}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_depth_grows_with_the_bound_within_the_budget() {
    let t = load("3x3x3.tws", None);
    // Half the bound, and no deeper than the budget holds.
    let depths: Vec<u32> = (1..=20).map(|b| Near::depth_for(&t, b, 1 << 30, u64::MAX)).collect();
    assert_eq!(depths, [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 7, 7, 7, 7]);
    // Every table fits its budget.
    for budget in [64, 1 << 10, 1 << 20, 1 << 30] {
        for depth in 1..=8 {
            assert!(Near::bytes_for(&t, depth, budget) <= budget.max(64));
        }
    }
    // A build past the memory budget is refused before allocating.
    let ctx = Context::new().with_budget(1 << 20);
    let e = Near::build(&t, 5, 1 << 24, &ctx).unwrap_err().to_string();
    assert!(e.contains("positions within 5 moves"), "{e}");
}
