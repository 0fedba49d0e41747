//! Puzzles read from definition files: the shipped files' figures, the
//! built-in twins, replayed solutions, symmetries, bad files, fuzzing.

use std::path::Path;
use tansaku::Game;
use tansaku::Request;
use tansaku::define::blocks::Grid;
use tansaku::define::tws::Perm;
use tansaku::define::{Cells, Definition, Src};
use tansaku::games::definition as run;
use tansaku::puzzles::sliding::{Sliding, parse_board};
use tansaku::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku::search::{self, IdaOptions};
use tansaku::{Context, Puzzle, replay};

/// A request that lists at most `n` longest positions.
fn listing(n: usize) -> Request {
    Request {
        limit: n,
        ..Request::default()
    }
}

fn load(name: &str, metric: Option<&str>) -> Definition {
    Definition::load(&Path::new(crate::support::ROOT).join("puzzles").join(name), metric)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn parse(text: &str) -> Result<Definition, String> {
    Definition::parse(&Src::new("t.toml", text), None).map_err(|e| e.to_string())
}

/// Every shipped definition's [expect] table holds (the 2x2x2's, the
/// published God's numbers, in both metrics; the Line Puzzle's 252,252,000
/// boards are left to `tansaku check`, a minute).
#[test]
fn shipped_definitions_meet_their_expect_tables() {
    for file in [
        "8-puzzle.toml",
        "15-puzzle.toml",
        "line-puzzle.toml",
        "knights.toml",
        "klotski.toml",
        "rush-hour.toml",
        "2x2x2.tws",
    ] {
        let path = Path::new(crate::support::ROOT).join("puzzles").join(file);
        let src = Src::read(&path).unwrap();
        let def = Definition::parse(&src, None).unwrap();
        assert!(!def.expect().is_empty(), "{file} has figures to check");
        // Small databases for the 15-puzzle (6-6-3, not 7-8).
        let ctx = Context::new()
            .with_budget(512 << 20)
            .with_tables(tansaku::context::Tables::in_memory());
        let checked = run::check(&def, |m| Definition::parse(&src, Some(m)), &ctx).unwrap();
        assert!(!checked.is_empty(), "{file}");
        for c in &checked {
            assert!(
                c.ok(),
                "{file}: {} {} expected {} found {}",
                c.metric,
                c.figure,
                c.expected,
                c.found
            );
        }
    }
}

/// The 8-puzzle written as a definition gives the built-in puzzle's
/// histogram, rank for rank.
#[test]
fn eight_puzzle_twin_has_the_built_in_histogram() {
    let def = load("8-puzzle.toml", None);
    let a = run::analyse(&def, &listing(10), &Context::new()).unwrap();
    assert_eq!(a.representation, "dense");
    let goal = parse_board("123/456/78_", None).unwrap();
    let (p, _) = Sliding::new(&goal, Some(&goal)).unwrap();
    let (b, _) = retrograde_dense(&p, RetroOptions::default()).unwrap();
    assert_eq!(a.histogram, b.histogram);
    assert_eq!(a.states, 181_440);
    let mut longest = a.positions.clone();
    longest.sort();
    assert_eq!(longest, ["647/85./321", "867/254/3.1"]);
}

/// The 15-puzzle, the Line Puzzle and the knights written as definitions
/// give the built-in solvers' lengths on the same boards; the definition's
/// own single-piece bound on the 15-puzzle is the Manhattan distance.
#[test]
fn twins_give_the_built_in_lengths() {
    // A budget that keeps the 15-puzzle's databases small (6-6-3): the
    // sliding solver takes the definitions of sliding boards.
    let ctx = Context::new()
        .with_budget(256 << 20)
        .with_tables(tansaku::context::Tables::in_memory());
    let Definition::Blocks(b) = load("15-puzzle.toml", None) else {
        panic!()
    };
    let (g, solved) = (
        Grid::<16>(&b),
        run::solve(&load("15-puzzle.toml", None), &Request::default(), &ctx).unwrap(),
    );
    assert!(solved.algorithm.contains("sliding-tile solver"), "{}", solved.algorithm);
    let fifteen = search::ida_star_with(&g, &g.state(&b.start), &g, IdaOptions::default()).unwrap();
    let board = parse_board("13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", Some((4, 4))).unwrap();
    let goal = parse_board("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", Some((4, 4))).unwrap();
    let (p, s) = Sliding::new(&board, Some(&goal)).unwrap();
    let built_in = search::ida_star_with(
        &p,
        &s,
        &tansaku::puzzles::sliding::ManhattanBound::new(&p),
        IdaOptions::default(),
    )
    .unwrap();
    assert_eq!((solved.length, fifteen.len(), built_in.len()), (41, 41, 41));
    // Same bound (Manhattan), same tree: every iteration but the last
    // (which stops at the first solution, found in move order) does the
    // same work.
    let work = |i: &tansaku::search::Iteration| (i.bound, i.expanded, i.generated);
    let (a, b) = (&fifteen.iterations, &built_in.iterations);
    assert_eq!(a.len(), b.len());
    assert!(a[..a.len() - 1].iter().map(work).eq(b[..b.len() - 1].iter().map(work)));

    let line = run::solve(&load("line-puzzle.toml", None), &Request::default(), &ctx).unwrap();
    let (from, to) = (
        parse_board("ACA_/CDCA/DBAB/CDBD", None).unwrap(),
        parse_board("ABA_/DCDC/BABA/CDCD", None).unwrap(),
    );
    let (lp, ls) = Sliding::new(&from, Some(&to)).unwrap();
    assert_eq!(line.moves.len(), search::bidirectional(&lp, &ls, &ctx).unwrap().len());

    let knights = run::solve(&load("knights.toml", None), &Request::default(), &ctx).unwrap();
    let (kp, ks) = tansaku::puzzles::knights::Knights::exchange(3, 4).unwrap();
    assert_eq!(knights.moves.len(), search::bfs(&kp, &ks, &ctx).unwrap().len());
}

/// Solutions found on definitions replay move by move to a goal, for
/// every algorithm that applies.
#[test]
fn solutions_from_definitions_replay() {
    let ctx = Context::new();
    let Definition::Blocks(k) = load("klotski.toml", Some("step")) else {
        panic!()
    };
    let g = Grid::<32>(&k);
    let start = g.state(&k.start);
    let sol = search::bfs(&g, &start, &ctx).unwrap();
    assert_eq!(sol.len(), 116);
    let boards = replay(&g, &start, &sol.moves).unwrap();
    assert!(g.is_goal(boards.last().unwrap()));

    let Definition::Blocks(e) = load("8-puzzle.toml", None) else {
        panic!()
    };
    let g = Grid::<16>(&e);
    let start = g.state(&e.start);
    let by_bfs = search::bfs_ranked(&g, &start, &ctx).unwrap();
    let by_bidir = search::bidirectional_ranked(&g, &start, &ctx).unwrap();
    let by_ida = search::ida_star_with(&g, &start, &g, IdaOptions::default()).unwrap();
    for sol in [&by_bfs, &by_bidir, &by_ida] {
        assert_eq!(sol.len(), 31);
        assert!(g.is_goal(replay(&g, &start, &sol.moves).unwrap().last().unwrap()));
    }

    for metric in ["htm", "qtm"] {
        let Definition::Tws(t) = load("2x2x2.tws", Some(metric)) else {
            panic!()
        };
        let p = Perm::<Cells<16>>::new(&t);
        let start = p.state(&t.scramble("R U2 F' R' U F2 R").unwrap());
        let bfs = search::bfs(&p, &start, &ctx).unwrap();
        let bidir = search::bidirectional(&p, &start, &ctx).unwrap();
        assert_eq!(bfs.len(), bidir.len(), "{metric}");
        for sol in [&bfs, &bidir] {
            assert!(p.is_goal(replay(&p, &start, &sol.moves).unwrap().last().unwrap()));
        }
        // No more moves than the scramble's in either metric.
        assert!(bfs.len() <= if metric == "htm" { 7 } else { 10 });
    }
}

/// Rectangular blocks, counted by a second, independent program: pieces
/// as (height, width, row, column, axis), positions as sorted lists (so
/// that blocks of one shape are interchangeable), a move sliding one
/// block one cell (`step`) or anywhere it can go (`piece`).
mod independent {
    use std::collections::{HashMap, HashSet, VecDeque};

    #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
    pub(super) struct Block {
        pub h: i8,
        pub w: i8,
        pub r: i8,
        pub c: i8,
        /// 0 both, 1 horizontal, 2 vertical.
        pub axis: u8,
    }

    pub(super) type Pos = Vec<Block>;

    fn fits(pos: &Pos, skip: usize, b: &Block, rows: i8, cols: i8) -> bool {
        if b.r < 0 || b.c < 0 || b.r + b.h > rows || b.c + b.w > cols {
            return false;
        }
        pos.iter()
            .enumerate()
            .all(|(i, o)| i == skip || b.r + b.h <= o.r || o.r + o.h <= b.r || b.c + b.w <= o.c || o.c + o.w <= b.c)
    }

    fn successors(pos: &Pos, rows: i8, cols: i8, any_distance: bool) -> Vec<Pos> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            let dirs: &[(i8, i8)] = match pos[i].axis {
                1 => &[(0, 1), (0, -1)],
                2 => &[(1, 0), (-1, 0)],
                _ => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            };
            let mut seen = HashSet::from([(pos[i].r, pos[i].c)]);
            let mut queue = VecDeque::from([pos[i]]);
            while let Some(b) = queue.pop_front() {
                for &(dr, dc) in dirs {
                    let n = Block {
                        r: b.r + dr,
                        c: b.c + dc,
                        ..b
                    };
                    if fits(pos, i, &n, rows, cols) && seen.insert((n.r, n.c)) {
                        let mut p = pos.clone();
                        p[i] = n;
                        p.sort();
                        out.push(p);
                        if any_distance {
                            queue.push_back(n);
                        }
                    }
                }
            }
        }
        out
    }

    /// (distance to the first goal, positions reachable from the start).
    pub(super) fn solve(
        start: Pos,
        rows: i8,
        cols: i8,
        any: bool,
        goal: impl Fn(&Pos) -> bool,
    ) -> (Option<u32>, usize) {
        let mut start = start;
        start.sort();
        let mut dist = HashMap::from([(start.clone(), 0u32)]);
        let mut queue = VecDeque::from([start]);
        let mut found = None;
        while let Some(p) = queue.pop_front() {
            let d = dist[&p];
            if found.is_none() && goal(&p) {
                found = Some(d);
            }
            for n in successors(&p, rows, cols, any) {
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), d + 1);
                    queue.push_back(n);
                }
            }
        }
        (found, dist.len())
    }

    pub(super) fn block(h: i8, w: i8, r: i8, c: i8, axis: u8) -> Block {
        Block { h, w, r, c, axis }
    }
}

#[test]
fn klotski_agrees_with_an_independent_count() {
    use independent::block;
    let start = vec![
        block(2, 1, 0, 0, 0),
        block(2, 2, 0, 1, 0),
        block(2, 1, 0, 3, 0),
        block(2, 1, 2, 0, 0),
        block(1, 2, 2, 1, 0),
        block(2, 1, 2, 3, 0),
        block(1, 1, 3, 1, 0),
        block(1, 1, 3, 2, 0),
        block(1, 1, 4, 0, 0),
        block(1, 1, 4, 3, 0),
    ];
    let goal = |p: &independent::Pos| p.iter().any(|b| (b.h, b.w, b.r, b.c) == (2, 2, 3, 1));
    for (metric, any) in [("step", false), ("piece", true)] {
        let (length, states) = independent::solve(start.clone(), 5, 4, any, goal);
        let def = load("klotski.toml", Some(metric));
        let sol = run::solve(&def, &Request::default(), &Context::new()).unwrap();
        let a = run::analyse(&def, &listing(1), &Context::new()).unwrap();
        assert_eq!(Some(sol.moves.len() as u32), length, "{metric}");
        assert_eq!(a.states as usize, states, "{metric}");
        assert_eq!(a.representation, "hashed");
    }
}

#[test]
fn rush_hour_agrees_with_an_independent_count() {
    use independent::block;
    // AA...O / P..Q.O / PXXQ.O / P..Q.. / B...CC / B.RRR.
    let start = vec![
        block(1, 2, 0, 0, 1),
        block(3, 1, 0, 5, 2),
        block(3, 1, 1, 0, 2),
        block(3, 1, 1, 3, 2),
        block(1, 2, 2, 1, 1),
        block(2, 1, 4, 0, 2),
        block(1, 2, 4, 4, 1),
        block(1, 3, 5, 2, 1),
    ];
    // The red car is the only 1x2 horizontal block on row 2.
    let goal = |p: &independent::Pos| p.iter().any(|b| (b.h, b.w, b.r, b.c) == (1, 2, 2, 4));
    let (length, states) = independent::solve(start, 6, 6, true, goal);
    let def = load("rush-hour.toml", None);
    let sol = run::solve(&def, &Request::default(), &Context::new()).unwrap();
    let a = run::analyse(&def, &listing(1), &Context::new()).unwrap();
    assert_eq!(Some(sol.moves.len() as u32), length);
    assert_eq!(a.states as usize, states);
    // The file's [expect] holds the same figures.
    let e = &def.expect()[0];
    assert_eq!((e.length, e.states), (length, Some(states as u64)));
}

/// Symmetries are found (mirror images that keep the goal), declared ones
/// with a relabelling are verified, and a false one is refused.
#[test]
fn symmetries_are_found_verified_or_refused() {
    let Definition::Blocks(k) = load("klotski.toml", None) else {
        panic!()
    };
    let names: Vec<&str> = k.symmetries.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["identity", "mirror-lr"]);
    let a = run::analyse(&Definition::Blocks(k), &listing(10), &Context::new()).unwrap();
    assert_eq!((a.count, a.count_up_to_symmetry), (2, Some(1)));

    let knights = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/knights.toml")).unwrap();
    let swapped = knights.replace(
        "jumps = \"knight\"",
        "jumps = \"knight\"\nsymmetries = [\"rot180 W=B B=W\", \"mirror-lr\"]",
    );
    let Ok(Definition::Blocks(b)) = parse(&swapped) else {
        panic!("{:?}", parse(&swapped).err())
    };
    assert_eq!(b.symmetries.len(), 3);

    let false_one = knights.replace("jumps = \"knight\"", "jumps = \"knight\"\nsymmetries = [\"mirror-ud\"]");
    let e = parse(&false_one).unwrap_err();
    assert!(e.starts_with("t.toml:10: symmetry 'mirror-ud' does not hold"), "{e}");
}

/// Each mistake is one message naming the line.
#[test]
fn bad_definitions_name_the_line_and_the_problem() {
    let head = "name = \"t\"\nkind = \"blocks\"\n";
    let cases = [
        (
            "start = \"\"\"\nA.A\n...\n\"\"\"\ngoal = \"A../.../...\"\n",
            "t.toml:4: piece 'A' covers cells that do not touch",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BA.\"\n",
            "t.toml:4: goal 1 is 3x1, the start 3x2",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BZ./...\"\n",
            "t.toml:4: goal 1: glyph 'Z' is not on the start board",
        ),
        (
            "start = \"AAB/..B/CC.\"\ngoal = \"???/???/???\"\nsame = [\"AB\"]\n",
            "t.toml:5: same: 'A' and 'B' have different shapes",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BA./...\"\nmetric = \"fast\"\n",
            "t.toml:5: metric 'fast' is not known",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BA./...\"\njumps = \"bishop\"\n",
            "t.toml:5: jumps = \"bishop\" is not known",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BA./...\"\ncolour = 3\n",
            "t.toml:5: unknown field `colour`",
        ),
        (
            "start = \"AB./..\"\ngoal = \"BA./...\"\n",
            "t.toml:3: start row 2 has 2 cells, the first row 3",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BA./...\"\nsymmetries = [\"twist\"]\n",
            "t.toml:5: symmetry 'twist' is not known",
        ),
        (
            "start = \"AB./...\"\ngoal = \"BA./...\"\nstart = \"A\"\n",
            "t.toml:5: duplicate key",
        ),
    ];
    for (body, want) in cases {
        let e = parse(&format!("{head}{body}")).unwrap_err();
        assert!(e.starts_with(want), "want '{want}', got '{e}'");
        assert!(!e.contains('\n'), "one line: {e}");
    }
    let tws = [
        (
            "Set C 3 1\nSolved\nC\n1 2 3\nEnd\nMove X\nC\n2 2 3\nEnd\n",
            "t.tws:8: move's set 'C' is not a permutation: 2 appears twice",
        ),
        (
            "Set C 3 1\nSolved\nC\n1 2 3\nEnd\nMove X\nE\n2 1 3\nEnd\n",
            "t.tws:7: 'E' is not a set of this puzzle (sets: C)",
        ),
        (
            "Set C 3 2\nSolved\nC\n1 2 3\nEnd\nMove X\nC\n2 1 3\n0 0 2\nEnd\n",
            "t.tws:9: set 'C' has 2 orientations; 2 is not one",
        ),
        (
            "Set C 3 1\nSolved\nC\n1 2\nEnd\n",
            "t.tws:4: set 'C' has 3 pieces but this line has 2 numbers",
        ),
        ("Set C 3 1\nSolved\nC\n1 2 3\nEnd\n", "t.tws: no Move block"),
        ("Set C 3 1\nTwist\n", "t.tws:2: 'Twist' is not a .tws statement here"),
    ];
    for (text, want) in tws {
        let e = Definition::parse(&Src::new("t.tws", text), None)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(want), "want '{want}', got '{e}'");
    }
}

/// A space too large for the budget is refused before any table is
/// allocated, with both figures.
#[test]
fn a_definition_too_large_for_the_budget_is_refused() {
    let def = load("line-puzzle.toml", None);
    let ctx = Context::new().with_budget(10 << 20);
    let e = run::analyse(&def, &listing(1), &ctx).unwrap_err();
    assert!(e.to_string().contains("needs about"), "{e}");
}

/// Random and truncated files never panic the parsers.
#[test]
fn fuzzed_definitions_never_panic() {
    let dir = Path::new(crate::support::ROOT).join("puzzles");
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let glyphs = b"AB.?#_ \n\"=[]{}1203xyz'v,";
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            (path.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect();
    // twsearch's other statements, and more than 32 pieces.
    let ring: Vec<String> = (1..=40).map(|i| i.to_string()).collect();
    let mut turned = ring.clone();
    turned[..5].rotate_left(1);
    files.push((
        "statements.tws".into(),
        format!(
            "Set RING 40 2\nSet B 4 3\nSolved\nRING\n{r}\nEnd\nMove X\nRING\n{t}\n1 1 0 {z}\nB\n2 3 4 1\n0 1 2 0\nEnd\n\
             MoveTransformation Y\nB\n1 0 2 3\n0 0 1 2\nEnd\nMove Fv\nB\n4 1 2 3\nEnd\n\
             MoveSequence Z X Y, Fv\nMoveAlias W X2 Y\nIllegal B 1 4\n",
            r = ring.join(" "),
            t = turned.join(" "),
            z = vec!["0"; 37].join(" ")
        ),
    ));
    for (name, text) in files {
        if let Err(e) = Definition::parse(&Src::new(&name, &text), None) {
            panic!("the unmutated file does not read: {e}");
        }
        for _ in 0..150 {
            let mut bytes = text.clone().into_bytes();
            match next() % 3 {
                0 => bytes.truncate((next() % (bytes.len() as u64 + 1)) as usize),
                1 => {
                    for _ in 0..1 + next() % 4 {
                        let i = (next() % bytes.len() as u64) as usize;
                        bytes[i] = glyphs[(next() % glyphs.len() as u64) as usize];
                    }
                }
                _ => {
                    let i = (next() % bytes.len() as u64) as usize;
                    let j = (next() % bytes.len() as u64) as usize;
                    bytes.swap(i, j);
                }
            }
            let mutated = String::from_utf8_lossy(&bytes).into_owned();
            if let Ok(def) = Definition::parse(&Src::new(&name, &mutated), None) {
                // A file that still reads is searched (shallowly) or says
                // why, within a small budget.
                let ctx = Context::new().with_budget(64 << 20);
                let req = Request {
                    algorithm: Some(tansaku::search::auto::Algorithm::Iddfs),
                    max_depth: 4,
                    ..Request::default()
                };
                let _ = run::solve(&def, &req, &ctx);
            }
        }
    }
}

/// A board of distinct one-cell pieces and one empty cell (a permutation)
/// updates its rank move by move; along random walks the update equals
/// the rank computed afresh, on 16-, 32- and 64-byte positions, by slides
/// and by knight jumps (which pass over many cells).
#[test]
fn rank_updates_equal_fresh_ranks() {
    use tansaku::Ranked;
    fn walk<const N: usize>(text: &str, steps: usize) {
        let Ok(Definition::Blocks(b)) = parse(text) else {
            panic!("{text}")
        };
        assert!(b.dense().is_some_and(|m| m.is_permutation()), "{text}");
        let g = Grid::<N>(&b);
        let mut s = g.state(&b.start);
        let mut r = g.rank(&s);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        for _ in 0..steps {
            let mut next = Vec::new();
            g.for_each_successor(&s, |m, t| next.push((m, t)));
            for &(m, t) in &next {
                assert_eq!(g.rank_after(&s, r, m, &t), g.rank(&t), "{text}: {m:?}");
                checked += 1;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (m, t) = next[(seed % next.len() as u64) as usize];
            r = g.rank_after(&s, r, m, &t);
            s = t;
        }
        assert!(checked > steps);
        assert_eq!(g.unrank(r), s);
    }
    walk::<16>(
        &std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/8-puzzle.toml")).unwrap(),
        2000,
    );
    walk::<16>(
        &std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/15-puzzle.toml")).unwrap(),
        2000,
    );
    // 20 cells: the most a Lehmer rank holds in 64 bits (20! < 2^64).
    let five = "name = \"4x5\"\nkind = \"blocks\"\nstart = \"\"\"\n. 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 18 19\n\"\"\"\ngoal = \"\"\"\n1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 .\n\"\"\"\n";
    walk::<32>(five, 3000);
    walk::<64>(five, 1000);
    let knights =
        "name = \"k\"\nkind = \"blocks\"\njumps = \"knight\"\nstart = \"ABC/DEF/GH.\"\ngoal = \"HGF/EDC/BA.\"\n";
    walk::<16>(knights, 2000);
}

/// A blocks file that is a sliding-tile board (one-cell pieces stepping
/// into the one empty cell, one goal) is solved by IDA* on the sliding
/// solver, with pattern databases built for the file's goal: Korf's
/// instances from `puzzles/15-puzzle.toml` (read as one line of tokens, 0
/// the empty cell) at their published lengths, with the node counts of
/// `solve sliding` on the same goal and budget; the solutions replay on
/// the definition.
#[test]
fn sliding_boards_from_files_use_the_sliding_solver() {
    use tansaku::{Game, SolveAnswer};
    let game = run::DefinedGame::load(&Path::new(crate::support::ROOT).join("puzzles/15-puzzle.toml")).unwrap();
    let builtin = tansaku::games::builtin("sliding").unwrap();
    // 64 MB: the 6-6-3 databases, built in about a second.
    let ctx = Context::new()
        .with_budget(64 << 20)
        .with_tables(tansaku::context::Tables::in_memory());
    let korf = std::fs::read_to_string(Path::new(crate::support::ROOT).join("data/korf100.txt")).unwrap();
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    for line in korf.lines().filter(|l| !l.starts_with('#')).take(3) {
        let (board, published) = line.split_once('#').unwrap();
        let published: usize = published.split(':').nth(1).unwrap().trim().parse().unwrap();
        let req = tansaku::Request::default()
            .with("board", board.trim())
            .by(search::auto::Algorithm::IdaStar);
        let SolveAnswer::Solved(def) = game.solve(&req, &ctx).unwrap() else {
            panic!("{line}")
        };
        let SolveAnswer::Solved(own) = builtin.solve(&req.clone().with("goal", goal), &ctx).unwrap() else {
            panic!("{line}")
        };
        assert_eq!(def.length, published, "{line}");
        assert!(def.replayed, "{line}");
        assert!(def.algorithm.contains("6-6-3 pattern databases"), "{}", def.algorithm);
        assert_eq!(def.stats.generated, own.stats.generated, "{line}");
    }
}

/// In the piece metric a piece's next move could have been part of its
/// last one, so tree searches never move one piece twice in a row: Rush
/// Hour by iterative deepening keeps breadth-first lengths from random
/// positions, with fewer nodes than the same search without the rule.
#[test]
fn piece_metric_never_moves_one_piece_twice_in_a_row() {
    use tansaku::CellMove;
    use tansaku::define::Cells;
    /// The same puzzle without the rule (every successor after every move).
    struct Plain<'a>(Grid<'a, 64>);
    impl Puzzle for Plain<'_> {
        type State = Cells<64>;
        type Move = CellMove;
        fn for_each_successor(&self, s: &Cells<64>, f: impl FnMut(CellMove, Cells<64>)) {
            self.0.for_each_successor(s, f);
        }
        fn apply(&self, s: &Cells<64>, m: CellMove) -> Option<Cells<64>> {
            self.0.apply(s, m)
        }
        fn is_goal(&self, s: &Cells<64>) -> bool {
            self.0.is_goal(s)
        }
        fn reversible(&self) -> bool {
            true
        }
    }
    let Definition::Blocks(b) = load("rush-hour.toml", None) else {
        panic!()
    };
    let g = Grid::<64>(&b);
    let ctx = Context::new();
    // The positions along a shortest solution from the file's start (8
    // moves), each with a breadth-first length to match.
    let path = search::bfs(&g, &g.state(&b.start), &ctx).unwrap().states;
    let (mut pruned_nodes, mut plain_nodes) = (0, 0);
    for s in &path[1..] {
        let bfs = search::bfs(&g, s, &ctx).unwrap();
        let pruned = search::iddfs(&g, s, IdaOptions::default()).unwrap();
        assert_eq!(pruned.len(), bfs.len());
        assert!(g.is_goal(replay(&g, s, &pruned.moves).unwrap().last().unwrap()));
        if bfs.len() <= 6 {
            let plain = search::iddfs(&Plain(g), s, IdaOptions::default()).unwrap();
            assert_eq!(plain.len(), bfs.len());
            pruned_nodes += pruned.stats.generated;
            plain_nodes += plain.stats.generated;
        }
    }
    assert!(
        plain_nodes > 0 && pruned_nodes < plain_nodes,
        "{pruned_nodes} vs {plain_nodes}"
    );
}

/// Pattern databases a blocks file names (`[[prune]]`): pieces kept
/// apart, the others merged by shape. Disjoint tables count only their own
/// pieces' moves and add up; shared pieces make the largest. Either way
/// IDA* keeps breadth-first lengths from seeded scrambles: one-cell pieces
/// with walls and two empty cells, several multi-cell pieces under the
/// piece metric, and a sliding board (whose tables are then the sliding
/// solver's, a partition of its tiles).
#[test]
fn tables_named_in_a_blocks_file_keep_ida_optimal() {
    use tansaku::search::auto::Algorithm;
    let with_walls = "name = \"w\"\nkind = \"blocks\"\nstart = \"\"\"\nAB.\nC#D\n.EF\n\"\"\"\ngoal = \"\"\"\nFE.\nD#C\n.BA\n\"\"\"\n";
    let blocks = "name = \"b\"\nkind = \"blocks\"\nmetric = \"piece\"\nstart = \"\"\"\nAAB.\nC.BD\nCEE.\n..F.\n\"\"\"\ngoal = \"\"\"\n.AA?\n????\n??B?\n??B.\n\"\"\"\n";
    let eight = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/8-puzzle.toml")).unwrap();
    let cases: Vec<(String, &str, bool)> = vec![
        (
            with_walls.to_string(),
            "[[prune]]\npieces = \"A B C\"\n[[prune]]\npieces = \"D E F\"\n",
            true,
        ),
        (
            with_walls.to_string(),
            "[[prune]]\npieces = \"A B C\"\n[[prune]]\npieces = \"C D\"\n",
            false,
        ),
        (
            blocks.to_string(),
            "[[prune]]\npieces = \"A\"\n[[prune]]\npieces = \"B C\"\n",
            true,
        ),
        (
            blocks.to_string(),
            "[[prune]]\npieces = [\"A\", \"B\"]\n[[prune]]\npieces = \"B E F\"\n",
            false,
        ),
        (
            eight.split("[expect]").next().unwrap().to_string(),
            "[[prune]]\npieces = \"1 2 3 4\"\n[[prune]]\npieces = \"5 6 7 8\"\n",
            true,
        ),
    ];
    let ctx = Context::new().with_tables(tansaku::context::Tables::in_memory());
    for (text, prune, additive) in cases {
        let text = format!("{text}{prune}");
        let src = Src::new("t.toml", &text);
        let def = Definition::parse(&src, None).unwrap_or_else(|e| panic!("{e}"));
        let game = run::DefinedGame::parse(&src).unwrap();
        for seed in 0..4 {
            let board = game.scramble(&Request::default(), seed, 14).unwrap();
            let req = |a| Request::default().with("board", &board).by(a);
            let bfs = run::solve(&def, &req(Algorithm::Bfs), &ctx).unwrap();
            let ida = run::solve(&def, &req(Algorithm::IdaStar), &ctx).unwrap();
            assert_eq!(ida.length, bfs.length, "{prune} {board}");
            assert!(ida.replayed);
            if text.contains("8-puzzle") {
                assert!(ida.algorithm.contains("sliding-tile solver"), "{}", ida.algorithm);
            } else {
                assert!(
                    ida.algorithm.contains("pattern databases of the file"),
                    "{}",
                    ida.algorithm
                );
                assert_eq!(ida.tables.len(), 2);
                assert_eq!(ida.tables[0].projection.contains("their moves only"), additive);
            }
        }
    }
    // Bad input: a piece the board lacks; tiles left out of a sliding
    // board's tables (they must cover it).
    let e = parse(&format!("{with_walls}[[prune]]\npieces = \"A Z\"\n")).unwrap_err();
    assert!(e.contains("prune 1: 'Z' is not a piece of the start board"), "{e}");
    let e = parse(&format!("{with_walls}[[prune]]\npieces = 3\n")).unwrap_err();
    assert!(e.contains("prune 1: write pieces as a string of glyphs"), "{e}");
    let e = parse(&format!("{with_walls}[[prune]]\nsets = \"A\"\n")).unwrap_err();
    assert!(e.contains("sets"), "{e}");
    let short = format!(
        "{}[[prune]]\npieces = \"1 2 3 4\"\n",
        eight.split("[expect]").next().unwrap()
    );
    let def = Definition::parse(&Src::new("t.toml", &short), None).unwrap();
    let req = Request::default().by(Algorithm::IdaStar);
    let e = run::solve(&def, &req, &ctx).unwrap_err().to_string();
    assert!(e.contains("is in no pattern"), "{e}");
}

/// Random `[[prune]]` tables (glyphs of the board and others, empty lists,
/// repeats) never panic: a file that reads keeps IDA* at breadth-first
/// lengths, one that does not is refused in one line.
#[test]
fn fuzzed_prune_tables_never_panic() {
    use tansaku::search::auto::Algorithm;
    let base = "name = \"w\"\nkind = \"blocks\"\nstart = \"\"\"\nAB.\nC#D\n.EF\n\"\"\"\ngoal = \"\"\"\nF??\nD#C\n.BA\n\"\"\"\n";
    let pool = ["A", "B", "C", "D", "E", "F", "Z", "", "A A", "#", "."];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let ctx = Context::new().with_budget(256 << 20);
    for _ in 0..30 {
        let mut text = base.to_string();
        for _ in 0..1 + next() % 3 {
            let pieces: Vec<&str> = (0..next() % 4)
                .map(|_| pool[(next() % pool.len() as u64) as usize])
                .collect();
            text.push_str(&format!("[[prune]]\npieces = \"{}\"\n", pieces.join(" ")));
        }
        match Definition::parse(&Src::new("t.toml", &text), None) {
            Ok(def) => {
                let req = |a| Request::default().with("board", "AB./C#D/.EF").by(a);
                let bfs = run::solve(&def, &req(Algorithm::Bfs), &ctx).unwrap();
                let ida = run::solve(&def, &req(Algorithm::IdaStar), &ctx).unwrap();
                assert_eq!(ida.length, bfs.length, "{text}");
            }
            Err(e) => assert_eq!(e.to_string().lines().count(), 1, "{e}"),
        }
    }
}

/// A solved start is answered at once, before any pattern database is
/// built; a short scramble too, when the algorithm is left to tansaku.
#[test]
fn a_solved_start_builds_no_table() {
    let def = load("3x3x3.tws", None);
    let ctx = Context::new().with_tables(tansaku::context::Tables::in_memory());
    let ask = |board: &str| {
        let req = Request::default().with("board", board).with("table-memory", "16M");
        run::solve(&def, &req, &ctx).unwrap()
    };
    let solved = ask("R R'");
    assert_eq!((solved.length, solved.replayed, solved.boards.len()), (0, true, 1));
    assert!(solved.tables.is_empty(), "{:?}", solved.tables);
    // With the algorithm left to tansaku, a short scramble is answered by
    // a bidirectional search before the tables are built; asked for IDA*,
    // tansaku builds them.
    let quick = ask("R U F");
    assert_eq!((quick.length, quick.replayed), (3, true));
    assert!(
        quick.algorithm.starts_with("bidirectional search (before"),
        "{}",
        quick.algorithm
    );
    assert!(quick.tables.is_empty());
    let req = Request {
        algorithm: Some(tansaku::search::auto::Algorithm::IdaStar),
        ..Request::default().with("board", "R U F").with("table-memory", "16M")
    };
    let ida = run::solve(&def, &req, &ctx).unwrap();
    assert_eq!((ida.length, ida.replayed), (3, true));
    assert!(!ida.tables.is_empty());
    // Kept, the tables answer the next question at once, by IDA*.
    let warm = ask("R U F");
    assert!(warm.algorithm.starts_with("idastar"), "{}", warm.algorithm);
    assert_eq!(warm.length, 3);
}
