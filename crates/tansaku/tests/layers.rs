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

/// Breadth-first search told step by step (`Game::trace`) is the same
/// search: it expands the layers the solving search stores, finds the
/// goal at the solution's length, queues each position once, and each
/// step's queue is the last one's, less its front, plus the new children.
#[test]
fn the_trace_is_the_breadth_first_search_step_by_step() {
    for (game, board) in [
        ("flip-row", "BB_BBB"),
        ("sliding", "123/456/_78"),
        ("sliding", "1_3/426/758"),
    ] {
        let g = games::builtin(game).unwrap();
        let req = Request::default().with("board", board);
        let t = g.trace(&req, &Context::new()).unwrap();
        let bfs = solved(g.as_ref(), &req.clone().by(Algorithm::Bfs));
        assert!(t.found, "{game} {board}");
        assert_eq!(t.steps.last().unwrap().depth as usize + 1, bfs.length, "{game} {board}");
        // Every layer before the goal's, expanded whole, as the search stores it.
        let f = &bfs.stats.layers.forward;
        for (d, &count) in f[..f.len() - 1].iter().enumerate() {
            let expanded = t.steps.iter().filter(|s| s.depth as usize == d).count() as u64;
            if d + 2 < f.len() {
                assert_eq!(expanded, count, "{game} {board} depth {d}");
            }
        }
        // Each position is new once.
        let mut news = std::collections::HashSet::new();
        for s in &t.steps {
            for c in s.children.iter().filter(|c| c.new) {
                assert!(
                    news.insert(c.shown.board.clone()),
                    "{game} {board}: {} queued twice",
                    c.shown.board
                );
            }
        }
        // The queue: the last, less the one taken, plus the new children.
        for w in t.steps.windows(2) {
            let added = w[1].children.iter().filter(|c| c.new).count();
            assert_eq!(w[1].queued, w[0].queued - 1 + added, "{game} {board}");
            assert_eq!(w[1].expanded.board, w[0].queue[0].board, "{game} {board}");
        }
    }
    // A limit stops it before the goal, and says so.
    let g = games::builtin("flip-row").unwrap();
    let mut req = Request::default().with("board", "BB_BBB");
    req.limit = 3;
    let t = g.trace(&req, &Context::new()).unwrap();
    assert_eq!((t.steps.len(), t.found), (3, false));
    // Games that cannot show it say so.
    let e = games::builtin("wipeout")
        .unwrap()
        .trace(&Request::default(), &Context::new())
        .unwrap_err();
    assert_eq!(e.kind(), "unsupported");
}
