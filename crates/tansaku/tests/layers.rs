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
