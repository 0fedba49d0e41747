//! The pattern databases derived from a `.tws` file, each engine against
//! another (coordinates, the generic engine, tables kept up to symmetry,
//! symmetric images), two-bit tables below their four-bit ones, stopped
//! builds resumed from their checkpoints, staged lookups, and the
//! symmetries found from the moves.

use crate::support::{FIRST_TWO_LAYERS, cube_pattern, load, scramble};
use std::path::Path;
use std::sync::{Arc, Mutex};
use tansaku_core::context::Tables;
use tansaku_core::search::retrograde::{RetroOptions, retrograde_dense};
use tansaku_core::{Context, Ranked};
use tansaku_define::{Cells, Definition, Src, prune};

/// Canonical sequences of the 3x3x3: 18 first moves, then 15 or 12 (a
/// face is never followed by itself, and of two opposite faces only one
/// order is kept); in the quarter-turn metric a quarter turn may repeat
/// (twice makes a half turn, which is not one move) but never undo itself.
#[test]
fn canonical_sequences_of_the_cube() {
    let Definition::Tws(htm) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    assert_eq!(htm.canonical_counts(5), [1, 18, 243, 3240, 43254, 577368]);
    assert_eq!(htm.canonical_branching(), 13.5);
    let Definition::Tws(qtm) = load("3x3x3.tws", Some("qtm")) else {
        unreachable!()
    };
    // After a quarter turn: itself again, 8 turns of the four faces that
    // do not commute with it, and the opposite face's two turns when it
    // comes later in the file: 11 or 9.
    assert_eq!(qtm.canonical_counts(2), [1, 12, 120]);
}

/// The 3x3x3 and a small picture of it: the edges in their slices, the
/// corners in their tetrads, no orientation (kept up to symmetry).
fn slices_and_tetrads() -> (tansaku_define::tws::Tws, prune::Projection) {
    use tansaku_define::tws::SetPart;
    let Definition::Tws(t) = load("3x3x3.tws", None) else {
        unreachable!()
    };
    let orbits = |set: usize| SetPart {
        set,
        pieces: Vec::new(),
        orientation: false,
        alike: t.square_orbits().into_iter().find(|o| o.set == set).unwrap().orbits,
        unturned: 0,
    };
    let picture = prune::Projection::new(vec![orbits(0), orbits(1)]);
    (*t, picture)
}

/// A symmetry-reduced table's build stopped (as a kill would stop it)
/// after some levels leaves a checkpoint; the next build goes on from it
/// and writes the table a build from nothing writes, and removes the
/// checkpoint. A damaged checkpoint is refused and the build starts over.
#[test]
fn stopped_table_builds_go_on_from_their_checkpoint() {
    use tansaku_core::context::{Observer, Step};
    let (t, picture) = slices_and_tetrads();
    let picture = [picture];
    /// Stops the build when it reports level `at`.
    struct StopAt(Context, u32);
    impl Observer for StopAt {
        fn begin(&self, _: Option<u64>, _: &str) {}
        fn update(&self, _: u64, _: &str) {}
        fn note(&self, text: &str) {
            if text.trim_start().starts_with(&format!("level {:>3}:", self.1)) {
                self.0.cancel();
            }
        }
        fn end(&self) {}
        fn step(&self, _: Step) {}
    }
    let heard = Arc::new(Mutex::new(Vec::<String>::new()));
    let ctx = |dir: &Path| {
        let h = Arc::clone(&heard);
        Context::new()
            .with_tables(Tables::at(dir).with_checkpoint_every(std::time::Duration::ZERO))
            .with_notices(Arc::new(move |s: &str| h.lock().unwrap().push(s.to_string())))
    };
    let files = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    let whole = tempfile::tempdir().unwrap();
    prune::Tables::build(&t, &picture, &ctx(whole.path())).unwrap();
    let [name] = &files(whole.path())[..] else { panic!() };
    let want = std::fs::read(whole.path().join(name)).unwrap();
    for damage in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let stopped = ctx(dir.path());
        let stopped = stopped.clone().with_observer(Arc::new(StopAt(stopped, 5)));
        assert!(prune::Tables::build(&t, &picture, &stopped).is_err());
        let part = format!("{name}.part");
        assert_eq!(files(dir.path()), std::slice::from_ref(&part));
        if damage {
            let path = dir.path().join(&part);
            let mut bytes = std::fs::read(&path).unwrap();
            bytes[100] ^= 1;
            std::fs::write(&path, bytes).unwrap();
        }
        heard.lock().unwrap().clear();
        prune::Tables::build(&t, &picture, &ctx(dir.path())).unwrap();
        let notes = heard.lock().unwrap().join("\n");
        if damage {
            assert!(
                notes.contains("is corrupt (its checksum does not match): starting over"),
                "{notes}"
            );
        } else {
            assert!(
                notes.contains("from its checkpoint") && notes.contains("(levels 0-4)"),
                "{notes}"
            );
        }
        assert_eq!(files(dir.path()), std::slice::from_ref(name));
        assert!(std::fs::read(dir.path().join(name)).unwrap() == want);
    }
}

/// A table at two bits an entry bounds every position at most as its
/// four-bit table does (which is the projection's exact distance), equals
/// it on most, and keeps: written, loaded back with the same bounds,
/// packed from the four-bit table's file when that one is kept (no
/// build), rebuilt when damaged (3x3x3, the edges in their slices and
/// the corners in their tetrads, up to symmetry).
#[test]
fn two_bit_tables_bound_below_their_four_bit_tables_and_keep() {
    use tansaku_define::prune::Width;
    let (t, picture) = slices_and_tetrads();
    let four = [picture];
    let two = [prune::Projection(four[0].0.clone(), Width::Two)];
    let heard = Arc::new(Mutex::new(Vec::<String>::new()));
    let ctx = |dir: &Path| {
        let h = Arc::clone(&heard);
        Context::new()
            .with_tables(Tables::at(dir))
            .with_notices(Arc::new(move |s: &str| h.lock().unwrap().push(s.to_string())))
    };
    let dir = tempfile::tempdir().unwrap();
    let exact = prune::Tables::build(&t, &four, &ctx(dir.path())).unwrap();
    // Packed from the four-bit file, with no build.
    heard.lock().unwrap().clear();
    let packed = prune::Tables::build(&t, &two, &ctx(dir.path())).unwrap();
    assert_eq!(packed.reports[0].origin, "loaded");
    assert!(packed.reports[0].projection.ends_with("two bits an entry)"));
    // Half the bytes, and a line's least every 254 entries.
    assert!(packed.reports[0].bytes * 100 <= exact.reports[0].bytes * 51 + 6400);
    assert!(!heard.lock().unwrap().iter().any(|n| n.contains("building")));
    // Built from nothing, and loaded back.
    let alone = tempfile::tempdir().unwrap();
    let built = prune::Tables::build(&t, &two, &ctx(alone.path())).unwrap();
    assert_eq!(built.reports[0].origin, "built");
    let loaded = prune::Tables::build(&t, &two, &ctx(alone.path())).unwrap();
    assert_eq!(loaded.reports[0].origin, "loaded");
    let (mut equal, mut below) = (0, 0);
    for seed in 0..400 {
        let s = t.scramble(&scramble("3x3x3.tws", seed, seed as u32 % 20)).unwrap();
        let d = exact.estimate(&s);
        let bound = packed.estimate(&s);
        assert!(bound <= d, "seed {seed}: {bound} above the distance {d}");
        assert_eq!(built.estimate(&s), bound, "seed {seed}");
        assert_eq!(loaded.estimate(&s), bound, "seed {seed}");
        equal += usize::from(bound == d);
        below += usize::from(bound < d);
    }
    assert!(equal > 300 && below > 0, "{equal} equal, {below} below");
    // A damaged two-bit file is refused and rebuilt.
    let [name] = &std::fs::read_dir(alone.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect::<Vec<_>>()[..]
    else {
        panic!()
    };
    let mut bytes = std::fs::read(name).unwrap();
    bytes[100] ^= 1;
    std::fs::write(name, bytes).unwrap();
    heard.lock().unwrap().clear();
    let rebuilt = prune::Tables::build(&t, &two, &ctx(alone.path())).unwrap();
    assert_eq!(rebuilt.reports[0].origin, "built");
    let notes = heard.lock().unwrap().join("\n");
    assert!(notes.contains("is corrupt"), "{notes}");
}

/// The tables built on coordinates (move tables, no position ranked) equal
/// entry for entry those the generic engine builds by playing moves on
/// positions and ranking them: whole sets with orientations in slot order
/// (the sum kept or not), pieces kept among identical ones with their
/// twists in piece order (two and three orientations), no orientation,
/// several sets, both metrics.
#[test]
fn coordinate_tables_equal_the_generic_engine() {
    use tansaku_define::coord::Coords;
    use tansaku_define::tws::{Perm, SetPart};
    let part = |set: usize, pieces: &[u8], orientation: bool| SetPart {
        set,
        pieces: pieces.to_vec(),
        orientation,
        alike: Vec::new(),
        unturned: 0,
    };
    let orbits = |file: &str, set: usize, orientation: bool| {
        let Definition::Tws(t) = load(file, None) else {
            unreachable!()
        };
        let o = t.square_orbits().into_iter().find(|o| o.set == set).unwrap();
        assert!(o.orbits.len() > 1, "{file}: set {set} in one orbit");
        SetPart {
            set,
            pieces: Vec::new(),
            orientation,
            alike: o.orbits,
            unturned: 0,
        }
    };
    let cases: Vec<(&str, &str, Vec<SetPart>)> = vec![
        ("2x2x2.tws", "htm", vec![part(0, &[0, 1, 2, 3, 4, 5, 6], true)]),
        ("2x2x2.tws", "qtm", vec![part(0, &[0, 1, 2, 3, 4, 5, 6], true)]),
        ("2x2x2.tws", "qtm", vec![part(0, &[1, 3, 4], true)]),
        (
            "pyraminx.tws",
            "htm",
            vec![part(0, &[0, 1, 2, 3], true), part(1, &[0, 1, 2, 3, 4, 5], true)],
        ),
        ("skewb.tws", "htm", vec![part(0, &[0, 2, 5], true)]),
        ("3x3x3.tws", "htm", vec![part(0, &[0, 1, 2, 3], true)]),
        ("3x3x3.tws", "htm", vec![part(1, &[0, 3, 5, 6], true)]),
        ("3x3x3.tws", "qtm", vec![part(1, &[0, 1, 2, 3, 4, 5, 6, 7], false)]),
        (
            "3x3x3.tws",
            "htm",
            vec![part(0, &[2, 7, 9], false), part(1, &[0, 1], true)],
        ),
        // Pieces labelled by their orbit under the squares of the moves:
        // corners in their tetrads and twisted, edges in their slices.
        ("3x3x3.tws", "htm", vec![orbits("3x3x3.tws", 1, true)]),
        ("3x3x3.tws", "qtm", vec![orbits("3x3x3.tws", 0, false)]),
        // The edges of one slice turned, the others not.
        (
            "3x3x3.tws",
            "htm",
            vec![SetPart {
                unturned: 0b110,
                ..orbits("3x3x3.tws", 0, true)
            }],
        ),
        ("2x2x2.tws", "htm", vec![orbits("2x2x2.tws", 0, true)]),
    ];
    for (file, metric, parts) in cases {
        let Definition::Tws(t) = load(file, Some(metric)) else {
            unreachable!()
        };
        let projected = t.project(&parts);
        let p = &projected.tws;
        let coords = Coords::new(p).unwrap_or_else(|| panic!("{file} {parts:?}: no coordinates"));
        let fast = retrograde_dense(&coords, RetroOptions::default()).unwrap();
        let slow = retrograde_dense(&Perm::<Cells<64>>::new(p), RetroOptions::default()).unwrap();
        assert_eq!(fast.0.histogram, slow.0.histogram, "{file} {metric} {parts:?}");
        assert!(fast.1.into_bytes() == slow.1.into_bytes(), "{file} {metric} {parts:?}");
    }
}

/// A table kept once per class of symmetric positions gives, through its
/// index, the full table's distance of every position, entry for entry:
/// the cube's coset pictures under all 48 symmetries in both metrics, and
/// projections only some symmetries map (one edge kept, the rest alike;
/// the edges of one slice turned), reduced by those.
#[test]
fn symmetry_reduced_tables_equal_the_full_ones() {
    use tansaku_define::coord::Coords;
    use tansaku_define::symtable::SymReduced;
    use tansaku_define::tws::SetPart;
    let orbits = |t: &tansaku_define::tws::Tws, set: usize, orientation: bool| SetPart {
        set,
        pieces: Vec::new(),
        orientation,
        alike: t.square_orbits().into_iter().find(|o| o.set == set).unwrap().orbits,
        unturned: 0,
    };
    let kept = |set: usize, pieces: &[u8]| SetPart {
        set,
        pieces: pieces.to_vec(),
        orientation: true,
        alike: Vec::new(),
        unturned: 0,
    };
    let mut cases = Vec::new();
    for (metric, which, syms) in [("htm", 0, 48), ("qtm", 0, 48), ("htm", 1, 0), ("htm", 2, 16)] {
        let Definition::Tws(t) = load("3x3x3.tws", Some(metric)) else {
            unreachable!()
        };
        let parts = match which {
            0 => vec![orbits(&t, 0, false), orbits(&t, 1, false)],
            1 => vec![kept(0, &[0]), orbits(&t, 1, true)],
            // The edges of one slice turned: the 16 symmetries that keep
            // that slice.
            _ => vec![
                SetPart {
                    unturned: 0b110,
                    ..orbits(&t, 0, true)
                },
                orbits(&t, 1, false),
            ],
        };
        cases.push((metric, t, parts, syms));
    }
    // A puzzle of alike pieces: the first two layers, the four bottom
    // corners with the four bottom edges (labels, not slots, taken onto
    // each other: the 8 symmetries that keep the bottom face).
    let Definition::Tws(f2l) = cube_pattern("f2l.tws", FIRST_TWO_LAYERS) else {
        unreachable!()
    };
    let unturned = |set: usize, pieces: &[u8]| SetPart {
        orientation: false,
        ..kept(set, pieces)
    };
    cases.push((
        "f2l",
        f2l,
        vec![unturned(1, &[1, 2, 3, 4]), unturned(0, &[1, 3, 5, 7])],
        8,
    ));
    for (metric, t, parts, syms) in cases {
        let r = SymReduced::new(&t, &parts).unwrap();
        assert!(
            r.symmetries() >= 2 && (syms == 0 || r.symmetries() == syms),
            "{metric} {parts:?}: {}",
            r.symmetries()
        );
        let ctx = Context::new();
        // Every level's table as the build hands it over to be kept.
        let mut levels = Vec::new();
        let (longest, small) = r
            .distances(&ctx, None, &mut |level, table| {
                levels.push((level, table.to_vec()));
                Ok(())
            })
            .unwrap();
        // Going on from any of them gives the same table.
        for (level, table) in levels.into_iter().step_by(3) {
            let again = r.distances(&ctx, Some((level, table)), &mut |_, _| Ok(())).unwrap();
            assert!(
                again == (longest, small.clone()),
                "{metric} {parts:?}: from level {level}"
            );
        }
        let p = &r.projected.tws;
        let coords = Coords::new(p).unwrap();
        let (analysis, big) = retrograde_dense(&coords, RetroOptions::default()).unwrap();
        assert_eq!(longest, analysis.longest, "{metric} {parts:?}");
        let big = big.into_bytes();
        assert!(
            r.entries() < big.len() as u64 / 2,
            "{metric}: {} of {}",
            r.entries(),
            big.len()
        );
        for (rank, &d) in big.iter().enumerate() {
            let i = r.index(rank as u64) as usize;
            let got = small[i / 2] >> (4 * (i % 2)) & 15;
            let want = if d == u8::MAX { 15 } else { d.min(14) };
            assert_eq!(got, want, "{metric} {parts:?}: rank {rank}");
        }
    }
}

/// Symmetries found from the moves alone: the 2x2x2 (one corner held, so
/// the 6 that keep it), the Pyraminx and the Skewb (the tetrahedron's 24:
/// the Skewb turns about four corners, one of two tetrahedra) and
/// the 3x3x3 (the cube's 48); and every one keeps every position's
/// distance, in both metrics, over the whole space of the small puzzles.
#[test]
fn symmetries_found_from_the_moves_keep_distances() {
    let cube = load("3x3x3.tws", None);
    let Definition::Tws(c) = &cube else { unreachable!() };
    assert_eq!(c.symmetries().len(), 48);
    for (file, metric, count) in [
        ("2x2x2.tws", "htm", 6),
        ("2x2x2.tws", "qtm", 6),
        ("pyraminx.tws", "htm", 24),
        ("skewb.tws", "htm", 24),
    ] {
        let def = load(file, Some(metric));
        let Definition::Tws(t) = &def else { unreachable!() };
        assert_eq!(t.symmetries().len(), count, "{file} {metric}");
        keeps_distances(t, &format!("{file} {metric}"));
    }
}

/// Every symmetry of `t` keeps the distance of every seventh reachable
/// position (the ranks also number positions the moves never reach).
fn keeps_distances(t: &tansaku_define::tws::Tws, what: &str) {
    use tansaku_define::tws::Perm;
    let p = Perm::<Cells<32>>::new(t);
    let (_, table) = retrograde_dense(&p, RetroOptions::default()).unwrap();
    let n = t.bytes();
    let mut c = [0u8; 32];
    for r in (0..p.state_count()).filter(|&r| table.get(r).is_some()).step_by(7) {
        let s = p.unrank(r);
        let d = table.get(r);
        for sym in t.symmetries() {
            t.conjugate(sym, &s.0[..n], &mut c[..n]);
            let image = p.rank(&p.state(&c[..n]));
            assert_eq!(table.get(image), d, "{what} rank {r}");
        }
    }
}

/// A Loopover board of `rows` x `cols` tiles as twsearch writes one
/// (`samples/main/lo44.tws`): a move turns a row or a column one place.
fn loopover(rows: usize, cols: usize) -> String {
    let n = rows * cols;
    let mut text = format!("Name Loopover\nSet TILE {n} 1\nSolved\nTILE\n");
    text += &(1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(" ");
    text += "\nEnd\n";
    let mut line = |name: String, from: &dyn Fn(usize, usize) -> usize| {
        let p: Vec<String> = (0..n).map(|i| (from(i / cols, i % cols) + 1).to_string()).collect();
        text += &format!("Move {name}\nTILE\n{}\nEnd\n", p.join(" "));
    };
    for r in 0..rows {
        line(format!("{}H", r + 1), &|i, j| {
            if i == r {
                i * cols + (j + cols - 1) % cols
            } else {
                i * cols + j
            }
        });
    }
    for c in 0..cols {
        line(format!("{}V", c + 1), &|i, j| {
            if j == c {
                (i + rows - 1) % rows * cols + j
            } else {
                i * cols + j
            }
        });
    }
    text
}

/// The symmetries of a Loopover board, found from its moves, whose seed
/// point most moves leave alone: the torus's translations times the
/// square's 8 turns and mirrors (a rectangle's 4), and on the 5x5 in the
/// half-turn metric also the maps that turn a row's one-place move into
/// its two-place one (x -> 2x on each axis). Each keeps distances (3x3).
#[test]
fn loopover_symmetries_are_found_from_its_moves() {
    for (rows, cols, metric, count) in [
        (3, 3, "htm", 9 * 8),
        (3, 3, "qtm", 9 * 8),
        (3, 4, "htm", 12 * 4),
        (4, 4, "htm", 16 * 8),
        (4, 4, "qtm", 16 * 8),
        (5, 5, "htm", 25 * 32),
        (5, 5, "qtm", 25 * 8),
    ] {
        let text = loopover(rows, cols);
        let def = Definition::parse(&Src::new("loopover.tws", &text), Some(metric)).unwrap();
        let Definition::Tws(t) = &def else { unreachable!() };
        assert_eq!(t.symmetries().len(), count, "{rows}x{cols} {metric}");
        if rows * cols == 9 {
            keeps_distances(t, &format!("{rows}x{cols} {metric}"));
        }
    }
}

/// A group of pieces that is a symmetric image of an earlier table's is
/// read through that table on the position's image, with no table of its
/// own: the bound equals that of the two groups' own tables, position for
/// position (the 3x3x3's corners 1-4 and 5-8, and the 2x2x2's groups).
#[test]
fn image_tables_equal_their_own_tables() {
    use tansaku_define::tws::SetPart;
    for (file, set, a, b) in [
        ("3x3x3.tws", 1, vec![0u8, 1, 2, 3], vec![4u8, 5, 6, 7]),
        ("2x2x2.tws", 0, vec![0u8, 1, 2, 3, 4], vec![0u8, 1, 3, 5, 6]),
    ] {
        let def = load(file, None);
        let Definition::Tws(t) = &def else { unreachable!() };
        let ctx = Context::new().with_tables(Tables::in_memory());
        let proj = |pieces: &Vec<u8>| {
            prune::Projection::new(vec![SetPart {
                set,
                pieces: pieces.clone(),
                orientation: true,
                alike: Vec::new(),
                unturned: 0,
            }])
        };
        let together = prune::Tables::build(t, &[proj(&a), proj(&b)], &ctx).unwrap();
        assert_eq!(together.reports[1].origin, "image", "{file}");
        let first = prune::Tables::build(t, &[proj(&a)], &ctx).unwrap();
        let second = prune::Tables::build(t, &[proj(&b)], &ctx).unwrap();
        assert_eq!(second.reports[0].origin, "built", "{file}");
        let mut differ = 0;
        for seed in 0..300 {
            let s = t.scramble(&scramble(file, seed, 4 + seed as u32 % 16)).unwrap();
            let (x, y) = (first.estimate(&s), second.estimate(&s));
            assert_eq!(together.estimate(&s), x.max(y), "{file} seed {seed}");
            differ += usize::from(x != y);
        }
        assert!(
            differ > 0,
            "{file}: the two groups never disagree, the test proves nothing"
        );
    }
}

/// The lookups in stages (the first look at a child, then the rest only
/// while none cuts) cut exactly what reading every stage cuts: for every
/// threshold, the staged bound passes it when the whole bound does. The
/// whole bound is at least every table's on the position and on its
/// inverse, and at most the scramble's length (3x3x3 at 64M: a coset
/// picture read along the axes, then single tables).
#[test]
fn staged_looks_cut_what_every_lookup_would() {
    let def = load("3x3x3.tws", None);
    let Definition::Tws(t) = &def else { unreachable!() };
    let ctx = Context::new().with_tables(Tables::in_memory());
    let plan = prune::plan(t, 64 << 20);
    assert!(plan[0].is_coset());
    let mut tables = prune::Tables::build(t, &plan, &ctx).unwrap();
    assert!(!tables.add_symmetric_lookups(t, t.symmetries(), 2).is_empty());
    let mut raised = 0;
    for seed in 0..300 {
        let moves = 6 + seed as u32 % 14;
        let s = t.scramble(&scramble("3x3x3.tws", seed, moves)).unwrap();
        let mut first = 0;
        tables.first_look(std::iter::once((&s[..], &mut first)));
        let whole = tables.refine(&s, first, u32::MAX);
        let mut inverse = s.clone();
        t.invert(&s, &mut inverse);
        assert!(
            whole >= tables.estimate(&s).max(tables.estimate(&inverse)),
            "seed {seed}"
        );
        assert!(whole <= moves, "seed {seed}: {whole} over a {moves}-move scramble");
        for enough in 0..=whole {
            assert_eq!(
                tables.refine(&s, first, enough) > enough,
                whole > enough,
                "seed {seed}, {enough}"
            );
        }
        raised += usize::from(whole > first);
    }
    assert!(
        raised > 0,
        "the second look never raised a bound: the test proves nothing"
    );
    // The second look made for a node's children together (as IDA* makes
    // it) gives each child what the look of one child gives.
    let mut checked = 0;
    for seed in 0..40 {
        let moves = scramble("3x3x3.tws", seed, 8 + seed as u32 % 10);
        let kids: Vec<Vec<u8>> = t
            .move_names()
            .iter()
            .map(|m| t.scramble(&format!("{moves} {m}")).unwrap())
            .collect();
        for enough in [5, 8, 11] {
            let mut h = vec![0u32; kids.len()];
            tables.first_look(kids.iter().map(|k| &k[..]).zip(h.iter_mut()));
            // A child the first look already cuts is left as it is.
            let one: Vec<u32> = kids
                .iter()
                .zip(&h)
                .map(|(k, &h)| if h > enough { h } else { tables.refine(k, h, enough) })
                .collect();
            tables.refine_each(|i| &kids[i][..], &mut h, enough);
            assert_eq!(h, one, "seed {seed}, {enough}");
            checked += one.iter().zip(&h).filter(|(a, _)| **a <= enough).count();
        }
    }
    assert!(checked > 0, "no child was left open: the batch proves nothing");
}

/// A table's rank read straight from the full position (and from its
/// symmetric image, never written whole) is the rank of the projected
/// position: on every plan's projections of the cube, the Pyraminx and the
/// Skewb (coset pictures with blind slices, sets with pieces made alike,
/// pieces ranked in piece order), for scrambles and every symmetry.
#[test]
fn ranks_read_from_the_position_are_the_projections_ranks() {
    let mut compared = 0;
    for (file, budgets) in [
        ("3x3x3.tws", &[64u64 << 20, 1 << 30, 4 << 30][..]),
        ("pyraminx.tws", &[1 << 16][..]),
        ("skewb.tws", &[1 << 16][..]),
    ] {
        let def = load(file, None);
        let Definition::Tws(t) = &def else { unreachable!() };
        let mut projections: Vec<prune::Projection> = Vec::new();
        for &b in budgets {
            projections.extend(prune::plan(t, b));
            projections.extend(prune::coset(t, b));
        }
        for proj in &projections {
            let p = t.project(&proj.0);
            let images: Vec<_> = t.symmetries().iter().map(|y| (y, p.image_of(t, y))).collect();
            let mut out = vec![0u8; p.tws.bytes()];
            let mut image = vec![0u8; t.bytes()];
            // The sets after the first, as a table kept per class reads them.
            let others = t.project(&proj.0[1..]).tws.rank_space().unwrap();
            for seed in 0..12 {
                let s = t.scramble(&scramble(file, seed, 3 + seed as u32 * 2)).unwrap();
                p.project(&s, &mut out);
                assert_eq!(p.rank(&s), p.tws.rank_of(&out), "{file} {} seed {seed}", proj.name(t));
                for (y, seen) in &images {
                    t.conjugate(y, &s, &mut image);
                    p.project(&image, &mut out);
                    assert_eq!(
                        p.rank_image(seen, &s),
                        p.tws.rank_of(&out),
                        "{file} {} seed {seed}, on an image",
                        proj.name(t)
                    );
                    let (a, b) = p.rank_split(&s, Some(seen));
                    assert_eq!(
                        a * others + b,
                        p.tws.rank_of(&out),
                        "{file} {} seed {seed}, split",
                        proj.name(t)
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "{compared} images compared");
}
