//! The states per depth a graph search reports (`stats.layers`): the
//! table the articles print, checked against the whole space's histogram.

use tansaku::search::auto::Algorithm;
use tansaku::{Context, Game, Request, SolveAnswer, games};

fn solved(g: &dyn Game, req: &Request) -> tansaku::Solved {
    match g.solve(req, &Context::new()).unwrap() {
        SolveAnswer::Solved(s) => s,
        SolveAnswer::NoSolution(n) => panic!("{}", n.reason),
    }
}

#[test]
fn breadth_first_and_bidirectional_layers_agree_with_the_histogram() {
    let g = games::builtin("sliding").unwrap();
    let start = Request::default().with("board", "867/254/3_1");
    // The whole space's histogram: states at each distance from the goal.
    let whole = g.analyse(&Request::default(), &Context::new()).unwrap().histogram;

    let bfs = solved(g.as_ref(), &start.clone().by(Algorithm::Bfs));
    let layers = &bfs.stats.layers;
    assert_eq!(layers.forward.len(), 32);
    assert_eq!(layers.forward.iter().sum::<u64>(), bfs.stats.generated);
    assert_eq!(layers.forward[..3], [1, 3, 5]);
    assert!(layers.backward.is_empty());

    // From the goal, each complete backward layer is the histogram's.
    let bidir = solved(g.as_ref(), &start.clone().by(Algorithm::Bidir));
    let (f, b) = (&bidir.stats.layers.forward, &bidir.stats.layers.backward);
    assert_eq!(f.iter().sum::<u64>() + b.iter().sum::<u64>(), bidir.stats.generated);
    assert_eq!(b[..b.len() - 1], whole[..b.len() - 1]);
    // Its forward layers are the breadth-first search's, as far as it went.
    assert_eq!(f[..f.len() - 1], layers.forward[..f.len() - 1]);
    // The last layers meet: one side's depth plus the other's is the length.
    assert_eq!(f.len() - 1 + b.len() - 1, bidir.length);

    // A tree search stores no layers, and says nothing of them.
    let ida = solved(g.as_ref(), &start.by(Algorithm::IdaStar));
    assert!(ida.stats.layers.is_empty());
    let json = serde_json::to_value(&ida).unwrap();
    assert!(json["stats"].get("layers").is_none());
    assert_eq!(json["stats"]["generated"], ida.stats.generated);
    let json = serde_json::to_value(&bfs).unwrap();
    assert_eq!(json["stats"]["layers"]["forward"][31], 2);
}

/// The steps told as a search runs (`Observer::step`): each layer a graph
/// search completes, each IDA* iteration, each level of an analysis; the
/// same numbers the answer holds at the end.
#[test]
fn the_steps_told_while_searching_are_the_answers() {
    use std::sync::Arc;
    use tansaku::events::{Side, Watch};
    let g = games::builtin("sliding").unwrap();
    let start = Request::default().with("board", "867/254/3_1");
    let watched = |req: &Request| {
        let watch = Arc::new(Watch::new(None));
        let ctx = Context::new().with_observer(watch.clone());
        let SolveAnswer::Solved(s) = g.solve(req, &ctx).unwrap() else {
            panic!("solved")
        };
        (s, watch.take_steps())
    };
    let counts = |steps: &[tansaku::events::Step], side| -> Vec<(u32, u64)> {
        steps
            .iter()
            .filter(|s| s.side == side)
            .map(|s| (s.at, s.count))
            .collect()
    };
    let upto = |layers: &[u64], n: usize| {
        layers[..n]
            .iter()
            .copied()
            .enumerate()
            .map(|(d, c)| (d as u32, c))
            .collect::<Vec<_>>()
    };

    // Breadth-first search tells every layer it expands: all but the one
    // where the goal was found.
    let (bfs, steps) = watched(&start.clone().by(Algorithm::Bfs));
    let f = &bfs.stats.layers.forward;
    assert_eq!(counts(&steps, Side::Forward), upto(f, f.len() - 1));

    // Bidirectional search tells each side's layers as it expands them.
    let (bidir, steps) = watched(&start.clone().by(Algorithm::Bidir));
    let (f, b) = (&bidir.stats.layers.forward, &bidir.stats.layers.backward);
    let told_f = counts(&steps, Side::Forward);
    let told_b = counts(&steps, Side::Backward);
    assert!(!told_b.is_empty());
    assert_eq!(told_f, upto(f, told_f.len()));
    assert_eq!(told_b, upto(b, told_b.len()));
    assert!(told_f.len() >= f.len() - 1 && told_b.len() >= b.len() - 1);

    // IDA* tells each iteration: its bound and its nodes.
    let (ida, steps) = watched(&start.clone().by(Algorithm::IdaStar));
    let its: Vec<(u32, u64)> = ida.iterations.iter().map(|i| (i.bound, i.generated)).collect();
    assert_eq!(counts(&steps, Side::Bound), its);

    // An analysis tells each level: the histogram, level by level.
    let watch = Arc::new(Watch::new(None));
    let ctx = Context::new().with_observer(watch.clone());
    let whole = g.analyse(&Request::default(), &ctx).unwrap().histogram;
    let levels = counts(&watch.take_steps(), Side::Level);
    assert_eq!(levels, upto(&whole, whole.len()));
}
