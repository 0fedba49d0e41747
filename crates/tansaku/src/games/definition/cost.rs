//! What an analysis's successors cost on two rankings of the same puzzle
//! (classes played on positions against positions moved by tables): the
//! successors of a sample of positions, timed on each, so that
//! `--symmetry auto` takes the cheaper analysis by measurement rather than
//! by a fixed ratio. On the Tangram cube, classes 12 times fewer than
//! positions took 4.1 s against 9.5 s; on 3p1, 11 times fewer, 146 s
//! against 86 s.

use std::time::Instant;
use tansaku_core::{Puzzle, Ranked};

/// Positions sampled, after a walk of [`BURN`] moves from the goal.
const SAMPLE: usize = 4096;
const BURN: usize = 64;

/// Seconds the successors of every rank of `ranks` take on `p`, the least
/// of three sweeps (the first call builds any tables before).
fn sweep<P: Ranked>(p: &P, ranks: &[u64]) -> f64 {
    let mut sink = 0u64;
    if let Some(&r) = ranks.first() {
        p.for_each_successor_rank(r, |x| sink ^= x);
    }
    let mut least = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        for &r in ranks {
            p.for_each_successor_rank(r, |x| sink = sink.wrapping_add(x));
        }
        least = least.min(start.elapsed().as_secs_f64());
    }
    std::hint::black_box(sink);
    least
}

/// Positions of `p` met on a seeded random walk from its first goal, past
/// the first [`BURN`] moves (empty when it lists no goal).
fn walk<P: Puzzle>(p: &P) -> Vec<P::State> {
    let Some(mut s) = p.goal_states().and_then(|g| g.into_iter().next()) else {
        return Vec::new();
    };
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut sample = Vec::with_capacity(SAMPLE);
    let mut next = Vec::new();
    for step in 0..SAMPLE + BURN {
        next.clear();
        p.for_each_successor(&s, |_, y| next.push(y));
        if next.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s = next.swap_remove((x % next.len() as u64) as usize);
        if step >= BURN {
            sample.push(s.clone());
        }
    }
    sample
}

/// The seconds the successors of `na` states ranked by `a` and of `nb`
/// ranked by `b` would take, both rankings of the positions of `p`, each
/// state's successors timed on the same sample; `None` when `p` lists no
/// goal to walk from. An analysis expands each state it reaches once:
/// `na` and `nb` count what it reaches (positions, or classes), not the
/// slots of its table.
pub(super) fn successor_seconds<P, A, B>(p: &P, (a, na): (&A, u64), (b, nb): (&B, u64)) -> Option<(f64, f64)>
where
    P: Puzzle,
    A: Ranked<State = P::State>,
    B: Ranked<State = P::State>,
{
    let sample = walk(p);
    if sample.is_empty() {
        return None;
    }
    let ranks = |r: &dyn Fn(&P::State) -> u64| sample.iter().map(r).collect::<Vec<u64>>();
    let (ra, rb) = (ranks(&|s| a.rank(s)), ranks(&|s| b.rank(s)));
    let n = sample.len() as f64;
    Some((na as f64 * sweep(a, &ra) / n, nb as f64 * sweep(b, &rb) / n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tansaku_define::tws::{Classes, Perm};
    use tansaku_define::{Cells, Definition, Src};

    /// The walk meets positions the moves reach (each ranks and unranks
    /// to itself), and both rankings' successors are timed.
    #[test]
    fn walked_positions_are_reached_and_timed() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/pyraminx.tws");
        let text = std::fs::read_to_string(path).unwrap();
        let Definition::Tws(t) = Definition::parse(&Src::new("pyraminx.tws", &text), None).unwrap() else {
            panic!("a .tws")
        };
        let (t, _) = t.ranked_by_reach().unwrap();
        let p = Perm::<Cells<32>>::new(&t);
        let sample = walk(&p);
        assert_eq!(sample.len(), SAMPLE);
        for s in &sample {
            let r = p.rank(s);
            assert!(r < p.state_count());
            assert_eq!(&p.unrank(r), s);
        }
        let c = Classes::<Cells<32>>::new(&t).unwrap();
        let n = p.state_count();
        let (a, b) = successor_seconds(&p, (&c, n / 4), (&p, n)).unwrap();
        assert!(a > 0.0 && b > 0.0 && a.is_finite() && b.is_finite());
    }
}
