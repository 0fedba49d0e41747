//! Helpers of the tests that read `.tws` files through the door: the
//! shipped files, seeded scrambles, solves, and the whole distance table
//! of a small puzzle, computed once for every test that reads it.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};
use tansaku::Context;
use tansaku::Game;
use tansaku::Request;
use tansaku::define::{Cells, Definition};
use tansaku::games::definition as run;
use tansaku::search::auto::Algorithm;
use tansaku::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense};

/// A shipped definition (`puzzles/NAME`), in `metric` (the file's first
/// when `None`).
pub(crate) fn load(name: &str, metric: Option<&str>) -> Definition {
    Definition::load(&Path::new(super::ROOT).join("puzzles").join(name), metric).unwrap_or_else(|e| panic!("{e}"))
}

/// A seeded scramble of `moves` moves of `def`'s moves.
pub(crate) fn scramble(name: &str, seed: u64, moves: u32) -> String {
    let g = run::DefinedGame::load(&Path::new(super::ROOT).join("puzzles").join(name)).unwrap();
    g.scramble(&Request::default(), seed, moves).unwrap()
}

pub(crate) fn solve(
    def: &Definition,
    board: &str,
    algo: Algorithm,
    tables: Option<&str>,
    ctx: &Context,
) -> run::Solved {
    let mut req = Request::default().with("board", board).by(algo);
    if let Some(t) = tables {
        req = req.with("table-memory", t);
    }
    run::solve(def, &req, ctx).unwrap_or_else(|e| panic!("{board}: {e}"))
}

/// A small group puzzle in one metric and its whole distance table (the
/// breadth-first distance of every rank), computed once for all the tests
/// that read it, however many run at once.
pub(crate) fn whole(file: &'static str, metric: &'static str) -> Arc<(Definition, DistanceTable)> {
    type Cell = Arc<OnceLock<Arc<(Definition, DistanceTable)>>>;
    static TABLES: OnceLock<Mutex<HashMap<(&str, &str), Cell>>> = OnceLock::new();
    let cell = TABLES
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry((file, metric))
        .or_default()
        .clone();
    cell.get_or_init(|| {
        use tansaku::define::tws::Perm;
        let def = load(file, Some(metric));
        let Definition::Tws(t) = &def else { unreachable!() };
        let (_, table) = retrograde_dense(&Perm::<Cells<32>>::new(t), RetroOptions::default()).unwrap();
        Arc::new((def, table))
    })
    .clone()
}
