//! Moves named as a person says them (`Solved::names`, a judged move's
//! `name`): the piece and where it went. Each name is checked against the
//! boards themselves: the piece it names sits, after the move, exactly
//! where it sat before shifted by the arrows, and nothing else moved.

use tansaku::picture::{Glyph, Grid};
use tansaku::{Context, Game, Request, SolveAnswer, games};

/// The piece and the shift a name says: `B↓`, `8 ←`, `E←2`, `♘→↓2`.
fn read(name: &str) -> Option<(String, i64, i64)> {
    let arrows = name.find(['←', '→', '↑', '↓'])?;
    let piece = name[..arrows].trim().to_string();
    let (mut dx, mut dy) = (0, 0);
    let mut rest = name[arrows..].chars().peekable();
    while let Some(a) = rest.next() {
        let mut digits = String::new();
        while let Some(d) = rest.peek().filter(|c| c.is_ascii_digit()) {
            digits.push(*d);
            rest.next();
        }
        let k: i64 = if digits.is_empty() { 1 } else { digits.parse().ok()? };
        match a {
            '←' => dx -= k,
            '→' => dx += k,
            '↑' => dy -= k,
            '↓' => dy += k,
            _ => return None,
        }
    }
    Some((piece, dx, dy))
}

/// The cells whose glyph names `piece`.
fn cells_of(g: &Grid, piece: &str) -> Vec<(i64, i64)> {
    (0..g.cells.len())
        .filter(|&i| g.cells[i].piece_name().as_deref() == Some(piece))
        .map(|i| ((i % g.width) as i64, (i / g.width) as i64))
        .collect()
}

/// The name agrees with the two boards: one piece of that name moved by
/// that shift into cells that were empty, and the empty cells it left are
/// the only other change (discs jumped over may turn: Flip It).
fn agrees(before: &Grid, after: &Grid, name: &str, unique: bool) {
    let (piece, dx, dy) = read(name).unwrap_or_else(|| panic!("'{name}' names no shift"));
    assert!((dx, dy) != (0, 0), "{name}");
    let was = cells_of(before, &piece);
    let now = cells_of(after, &piece);
    if unique {
        // A piece of its own: all its cells shifted.
        let mut moved: Vec<_> = was.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
        let mut now = now.clone();
        moved.sort_unstable();
        now.sort_unstable();
        assert_eq!(moved, now, "{name}");
    }
    let empty_before = before.cells.iter().filter(|g| **g == Glyph::Empty).count();
    let empty_after = after.cells.iter().filter(|g| **g == Glyph::Empty).count();
    assert_eq!(empty_before, empty_after, "{name}");
    // Some cell of the piece came to a cell that was empty, from a cell
    // that is empty now, by the shift.
    let w = before.width as i64;
    let came = (0..before.cells.len()).any(|i| {
        let (x, y) = ((i as i64) % w, (i as i64) / w);
        let from = (x - dx, y - dy);
        // (Alike pieces lettered in reading order may change letters.)
        let arrived = after.cells[i].piece_name();
        before.cells[i] == Glyph::Empty
            && arrived.is_some()
            && (!unique || arrived.as_deref() == Some(piece.as_str()))
            && was.contains(&from)
    });
    assert!(came, "{name}: nothing of {piece} arrived by the shift");
}

fn solved(g: &dyn Game, req: &Request) -> tansaku::Solved {
    match g.solve(req, &Context::new()).unwrap() {
        SolveAnswer::Solved(s) => s,
        SolveAnswer::NoSolution(n) => panic!("{}", n.reason),
    }
}

#[test]
fn solutions_name_each_move_by_its_piece_and_direction() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/");
    let load = |file: &str| {
        tansaku::games::definition::DefinedGame::load(std::path::Path::new(&format!("{root}{file}"))).unwrap()
    };
    let klotski = load("klotski.toml");
    let rush = load("rush-hour.toml");
    let sliding = games::builtin("sliding").unwrap();
    let flip = games::builtin("flip-row").unwrap();
    let knights = games::builtin("knights").unwrap();
    let line = games::builtin("line").unwrap();
    let cases: Vec<(&dyn Game, Request, bool)> = vec![
        (sliding.as_ref(), Request::default().with("board", "867/254/3_1"), true),
        // Klotski's small squares are lettered in reading order, so a
        // letter may pass to another square after a move.
        (&klotski, Request::default(), false),
        (&rush, Request::default(), true),
        (flip.as_ref(), Request::default().with("board", "BB_BBB"), false),
        (knights.as_ref(), Request::default(), false),
        (
            line.as_ref(),
            Request::default().with("board", "start3").with("goal", "goal3"),
            false,
        ),
    ];
    for (g, req, unique) in cases {
        let s = solved(g, &req);
        assert_eq!(s.names.len(), s.moves.len(), "{}", s.puzzle);
        for (k, name) in s.names.iter().enumerate() {
            agrees(&s.grids[k], &s.grids[k + 1], name, unique);
        }
    }
    // The 8-puzzle says a tile's number, a space, its arrow.
    let s = solved(sliding.as_ref(), &Request::default().with("board", "867/254/3_1"));
    assert!(
        s.names.iter().all(|n| n.len() > 2 && n.chars().nth(1) == Some(' ')),
        "{:?}",
        s.names
    );
    // Klotski's 2x2 block is drawn as one shape: one piece, four cells.
    let k = solved(&klotski, &Request::default());
    let blocks: Vec<u32> = k.grids[0]
        .cells
        .iter()
        .filter_map(|g| match g {
            Glyph::Block { piece, .. } => Some(*piece),
            _ => None,
        })
        .collect();
    assert!(blocks.iter().any(|p| blocks.iter().filter(|q| *q == p).count() == 4));
    // Where nothing shifts on a board, a move is said as written: the
    // river's crossings, the cube's turns.
    let river = games::builtin("river").unwrap();
    let r = solved(river.as_ref(), &Request::default());
    assert_eq!(r.names, r.moves);
    let cube = load("2x2x2.tws");
    let c = solved(&cube, &Request::default().with("board", "R U2 F' R"));
    assert_eq!(c.names, c.moves);
}

#[test]
fn judged_moves_are_named_too() {
    let ctx = Context::new();
    let g = games::builtin("sliding").unwrap();
    let j = g.judge(&Request::default().with("board", "867/254/3_1"), &ctx).unwrap();
    let before = g
        .position(&Request::default().with("board", "867/254/3_1"))
        .unwrap()
        .grid;
    for m in &j.moves {
        let after = g
            .position(&Request::default().with("board", m.board.as_str()))
            .unwrap()
            .grid;
        agrees(&before, &after, &m.said, true);
    }
    let json = serde_json::to_value(&j).unwrap();
    assert!(json["moves"][0]["name"].as_str().is_some_and(|n| n.contains(' ')));
    assert!(json["moves"][0]["move"].as_str().is_some_and(|n| n.contains("->")));
}

/// The library's pictures draw a block as one shape: its label once, and
/// no line between its own cells.
#[test]
fn a_block_is_drawn_as_one_shape() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/");
    let klotski =
        tansaku::games::definition::DefinedGame::load(std::path::Path::new(&format!("{root}klotski.toml"))).unwrap();
    let s = solved(&klotski, &Request::default());
    let g = &s.grids[0];
    let svg = tansaku::svg::svg_strip("klotski", std::slice::from_ref(g), 1);
    // One label a piece: the blocks' once each, the one-cell tiles' each.
    let mut pieces = std::collections::BTreeSet::new();
    let mut tiles = 0;
    for c in &g.cells {
        match c {
            Glyph::Block { piece, .. } => {
                pieces.insert(*piece);
            }
            Glyph::Tile(_) => tiles += 1,
            _ => {}
        }
    }
    let labels = svg.matches("<text").count() - 2; // the title and the board's number
    assert_eq!(labels, pieces.len() + tiles);
    assert!(pieces.len() < g.cells.iter().filter(|c| matches!(c, Glyph::Block { .. })).count());
    // Each block cell is outlined only where its piece ends.
    let edges = svg.matches("<line").count();
    let mut expected = 0;
    for (i, c) in g.cells.iter().enumerate() {
        let Glyph::Block { piece, .. } = c else { continue };
        let (x, y) = (i % g.width, i / g.width);
        let same =
            |j: Option<usize>| j.is_some_and(|j| matches!(&g.cells[j], Glyph::Block { piece: q, .. } if q == piece));
        expected += [
            same(x.checked_sub(1).map(|x| y * g.width + x)),
            same((x + 1 < g.width).then_some(i + 1)),
            same(y.checked_sub(1).map(|y| y * g.width + x)),
            same((y + 1 < g.height).then_some(i + g.width)),
        ]
        .iter()
        .filter(|s| !**s)
        .count();
    }
    assert_eq!(edges, expected);
}
