//! God's number of `.tws` puzzles with a slot a class of symmetric
//! positions, through the door: classes moved by tables rank every image
//! alike, classes count as positions do (histogram, antipodes, classes
//! at each distance), `--symmetry auto` answers as `off` does, and a
//! checkpoint of one reduction is refused by the other, and classes over
//! the memory budget give way to positions.

use super::tws_longest::StopAfter;
use crate::support::tws::load;
use std::path::Path;
use std::sync::Arc;
use tansaku::Context;
use tansaku::{Ranked, Request};

use tansaku::define::{Cells, Definition, Src};
use tansaku::games::definition as run;

/// The 2x2x2 with all six faces' turns: the 3x3x3's corners alone, its
/// edges taken out of the file (88,179,840 positions, 48 symmetries).
fn corners_of_the_cube() -> Definition {
    Definition::parse(&Src::new("corners.tws", &corners_text()), None).unwrap()
}

/// The cube's corners in two colours: the U layer's four (slots 1, 3, 6
/// and 7) alike, the D layer's alike (70 x 3^7 = 153,090 positions). Its
/// positions are not group elements; its 16 symmetries keep the U-D axis,
/// those that turn it over taking one colour onto the other.
fn two_colour_corners() -> Definition {
    let text = corners_text().replacen(
        "Solved\nCORNER\n1 2 3 4 5 6 7 8\n",
        "Solved\nCORNER\n1 2 1 2 2 1 1 2\n",
        1,
    );
    assert!(text.contains("1 2 1 2 2 1 1 2"));
    Definition::parse(&Src::new("two_colours.tws", &text), None).unwrap()
}

/// [`corners_of_the_cube`]'s file.
fn corners_text() -> String {
    let text = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/3x3x3.tws")).unwrap();
    let mut out = String::new();
    let mut skip = 0;
    for line in text.lines() {
        if skip > 0 {
            skip -= 1;
        } else if line == "EDGE" {
            skip = 2;
        } else if !line.starts_with('#') && !line.starts_with("Set EDGE") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.replacen("Name 3x3x3", "Name corners", 1)
}

/// A square of eight pieces (four corners, four edges between them) whose
/// moves cycle a corner, the edge after it and the next corner (even
/// permutations), with `odd` moves that swap two corners too, a piece
/// turned as it passes between a corner and an edge, while a counter of
/// three states counts the moves: its rotations and reflections map the
/// moves onto themselves, and its corners and edges are two groups of
/// pieces that every one of them keeps.
fn square(odd: bool) -> Definition {
    let name = if odd { "square_odd" } else { "square" };
    let mut text = format!("Name {name}\nSet P 8 2\nSet K 1 3\nSolved\nP\n1 2 3 4 5 6 7 8\nK\n1\nEnd\n");
    let line = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(" ");
    for i in 0..4 {
        let ring = [i, 4 + i, (i + 1) % 4];
        let (mut from, mut twist): (Vec<usize>, _) = ((1..=8).collect(), [0; 8]);
        for k in 0..3 {
            let (a, b) = (ring[k], ring[(k + 1) % 3]);
            from[b] = a + 1;
            // By the piece that leaves slot `a`.
            twist[a] = usize::from((a < 4) != (b < 4));
        }
        text += &format!("Move T{i}\nP\n{}\n{}\nK\n1\n1\nEnd\n", line(&from), line(&twist));
        if odd {
            let mut from: Vec<usize> = (1..=8).collect();
            from.swap(i, (i + 1) % 4);
            text += &format!("Move U{i}\nP\n{}\nK\n1\n1\nEnd\n", line(&from));
        }
    }
    Definition::parse(&Src::new(&format!("{name}.tws"), &text), None).unwrap()
}

/// The 2x2x3 tower: eight corners turned by U and D (quarter turns) and
/// by half turns of its four 2x3 sides, which also swap two of the four
/// middle edges; orientations ignored. Its symmetries keep the corners
/// as one group of eight, whose 8! placements are the class coordinate
/// whole (8! x 4! = 967,680 positions, 16 symmetries).
fn tower() -> Definition {
    let mut text = String::from(
        "Name tower\nSet CORNERS 8 1\nSet EDGES 4 1\nSolved\nCORNERS\n1 2 3 4 5 6 7 8\nEDGES\n1 2 3 4\nEnd\n",
    );
    let line = |v: &[usize]| v.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(" ");
    // Corners 0-3 on top around the U face, 4-7 below them; edge i between
    // corners i and i + 1 (mod 4) of the middle layer.
    for (name, c, e) in [
        ("U", vec![(0, 1), (1, 2), (2, 3), (3, 0)], vec![]),
        ("D", vec![(4, 5), (5, 6), (6, 7), (7, 4)], vec![]),
        ("R", vec![(0, 5), (5, 0), (1, 4), (4, 1)], vec![(0, 1), (1, 0)]),
        ("B", vec![(1, 6), (6, 1), (2, 5), (5, 2)], vec![(1, 2), (2, 1)]),
        ("L", vec![(2, 7), (7, 2), (3, 6), (6, 3)], vec![(2, 3), (3, 2)]),
        ("F", vec![(3, 4), (4, 3), (0, 7), (7, 0)], vec![(3, 0), (0, 3)]),
    ] {
        let (mut cf, mut ef): (Vec<usize>, Vec<usize>) = ((0..8).collect(), (0..4).collect());
        for (from, to) in c {
            cf[to] = from;
        }
        for (from, to) in e {
            ef[to] = from;
        }
        let name = if ["U", "D"].contains(&name) {
            name.to_string()
        } else {
            format!("{name}2")
        };
        text += &format!("Move {name}\nCORNERS\n{}\nEDGES\n{}\nEnd\n", line(&cf), line(&ef));
    }
    Definition::parse(&Src::new("tower.tws", &text), None).unwrap()
}

/// Classes moved by tables (the FTO's edges split into groups its
/// symmetries keep): on positions reached by a seeded walk, every image
/// under a symmetry has the rank, the rank's position is one of them, the
/// successors' ranks are those of the positions played, and a class's
/// weight is the symmetries over those that fix its position.
#[test]
fn tabled_classes_rank_every_image_alike() {
    use tansaku::define::tws::Tabled;
    let fto = || {
        let text = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/fto-no-centres.tws")).unwrap();
        Definition::parse(&Src::new("fto-no-centres.tws", &text), None).unwrap()
    };
    for (def, halves) in [
        (square(false), true),
        (square(true), false),
        (fto(), true),
        (tower(), false),
    ] {
        let Definition::Tws(t) = def else { unreachable!() };
        let (t, _) = t.ranked_by_reach().unwrap();
        let c = Tabled::<Cells<64>>::new(&t).unwrap();
        let positions = t.reach().unwrap().count();
        assert_eq!(c.halves(), halves, "{}", t.name);
        if t.name == "tower" {
            // Every corner a class piece: the whole orbit is the class
            // coordinate.
            assert!(c.describe().contains("[0, 1, 2, 3, 4, 5, 6, 7]"), "{}", c.describe());
        }
        assert!(c.state_count() < positions / 4, "{}: {} slots", t.name, c.state_count());
        images_rank_alike(&t, &c, false);
    }
}

/// Classes of an orbit's states moved by tables (alike pieces, free
/// turns): as [`tabled_classes_rank_every_image_alike`], under the
/// symmetries that map positions of alike pieces onto positions.
#[test]
fn state_classes_rank_every_image_alike() {
    use tansaku::define::tws::StateClasses;
    for def in [
        load("2x2x2.tws", Some("htm")),
        load("pyraminx.tws", Some("htm")),
        two_colour_corners(),
        // Its centres and corners tied, ranked jointly: its edges' states
        // classed, the tied orbits listed beside them.
        load("skewb.tws", Some("htm")),
    ] {
        let Definition::Tws(t) = def else { unreachable!() };
        let (t, _) = t.ranked_by_reach().unwrap();
        let c = StateClasses::<Cells<64>>::new(&t).unwrap();
        let positions = t.reach().unwrap().count();
        assert!(c.state_count() < positions / 4, "{}: {} slots", t.name, c.state_count());
        images_rank_alike(&t, &c, true);
    }
}

/// On positions reached by a seeded walk: every image of a position under
/// the symmetries (those of positions of alike pieces when `alike`) has
/// its rank, the rank's position is one of them, the
/// successors' ranks are those of the positions played, and a class's
/// weight is the symmetries over those that fix its position.
fn images_rank_alike<C: Ranked<State = Cells<64>>>(t: &tansaku::define::tws::Tws, c: &C, alike: bool) {
    let syms = if alike { t.position_symmetries() } else { t.symmetries() };
    use tansaku::Puzzle;
    use tansaku::define::tws::Perm;
    let p = Perm::<Cells<64>>::new(t);
    let n = t.bytes();
    let mut s = p.goal_states().unwrap()[0];
    let mut image = s;
    let mut seed = 7u64;
    for step in 0..3000 {
        let mut next = Vec::new();
        p.for_each_successor(&s, |_, x| next.push(x));
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        s = next[(seed >> 33) as usize % next.len()];
        let r = c.rank(&s);
        assert!(r < c.state_count());
        let mut images = Vec::new();
        for y in syms {
            t.conjugate(y, &s.0[..n], &mut image.0[..n]);
            assert_eq!(c.rank(&image), r, "{} step {step}", t.name);
            images.push(image);
        }
        let back = c.unrank(r);
        assert!(images.contains(&back), "{} step {step}", t.name);
        let (mut got, mut want) = (Vec::new(), Vec::new());
        c.for_each_successor_rank(r, |q| got.push(q));
        p.for_each_successor(&back, |_, x| want.push(c.rank(&x)));
        if alike {
            // A move that only trades alike pieces stands still: the
            // positions skip it, the tables give the class itself.
            got.sort_unstable();
            got.dedup();
            want.sort_unstable();
            want.dedup();
            if !want.contains(&r) {
                got.retain(|&q| q != r);
            }
        }
        assert_eq!(got, want, "{} step {step}", t.name);
        let fixed = syms.iter().filter(|y| t.fixes(y, &back.0[..n])).count();
        assert_eq!(c.weight(r), (syms.len() / fixed) as u64, "{} step {step}", t.name);
    }
}

/// God's number with a slot a class of symmetric positions (issue 63):
/// the histogram, the antipodes (every one, as positions) and their
/// classes equal the analysis with a slot a position; the classes at
/// each distance equal a count of least images over the whole table
/// (where it is small); the all-faces 2x2x2 needs 48 times fewer slots.
/// The Skewb's classes list its tied orbits beside its classed one.
#[test]
fn classes_of_symmetric_positions_count_as_positions_do() {
    use std::collections::HashSet;
    use tansaku::define::tws::Perm;
    // `on`: classes wherever they can be built, even where positions
    // would be faster.
    let req = Request {
        limit: 100_000,
        ..Default::default()
    }
    .with("symmetry", "on");
    let off = req.clone().with("symmetry", "off");
    let ctx = Context::new();
    let cases = [
        ("2x2x2.tws", "htm"),
        ("2x2x2.tws", "qtm"),
        ("pyraminx.tws", "htm"),
        ("skewb.tws", "htm"),
        ("corners", "htm"),
        ("square", "htm"),
        ("square_odd", "htm"),
        ("tower", "htm"),
        ("two_colours", "htm"),
    ];
    for (file, metric) in cases {
        let def = match file {
            "corners" => corners_of_the_cube(),
            "square" => square(false),
            "square_odd" => square(true),
            "tower" => tower(),
            "two_colours" => two_colour_corners(),
            _ => load(file, Some(metric)),
        };
        let reduced = run::analyse(&def, &req, &ctx).unwrap();
        let whole = run::analyse(&def, &off, &ctx).unwrap();
        // Two bits a class (the codes rewritten after each level, in the
        // chunks the level touched) count as a byte a class does.
        if file.ends_with(".tws") {
            let two = Request {
                bits: tansaku::search::retrograde::Bits::Two,
                ..req.clone()
            };
            let two = run::analyse(&def, &two, &ctx).unwrap();
            assert_eq!(
                (&two.histogram, &two.histogram_up_to_symmetry, two.count_up_to_symmetry),
                (
                    &reduced.histogram,
                    &reduced.histogram_up_to_symmetry,
                    reduced.count_up_to_symmetry
                ),
                "{file} {metric} at two bits"
            );
        }
        // `auto` (the default) picks classes or positions by cost: the
        // same answer either way.
        let auto = run::analyse(&def, &req.clone().with("symmetry", "auto"), &ctx).unwrap();
        assert_eq!(
            (&auto.histogram, auto.longest, auto.count, auto.count_up_to_symmetry),
            (&whole.histogram, whole.longest, whole.count, whole.count_up_to_symmetry),
            "{file} {metric} auto"
        );
        let classes = reduced.histogram_up_to_symmetry.clone().expect("a slot a class");
        assert_eq!(reduced.ranking.as_ref().unwrap().ranks, "classes");
        assert!(whole.histogram_up_to_symmetry.is_none());
        assert_eq!(reduced.histogram, whole.histogram, "{file} {metric}");
        assert_eq!(
            (reduced.longest, reduced.count, reduced.count_up_to_symmetry),
            (whole.longest, whole.count, whole.count_up_to_symmetry),
            "{file} {metric}"
        );
        assert_eq!(classes.last().copied(), reduced.count_up_to_symmetry);
        let set = |l: &run::Longest| l.positions.iter().cloned().collect::<HashSet<_>>();
        assert_eq!(
            reduced.positions.len() as u64,
            reduced.count,
            "{file}: every antipode listed"
        );
        assert!(set(&reduced) == set(&whole), "{file} {metric}: the antipodes differ");
        let symmetries = reduced.symmetries.len() as u64;
        // The two-colour corners are classed by their 70 arrangements,
        // their turns not (30,618 slots).
        let apart = if file == "two_colours" { 4 } else { 2 };
        assert!(
            reduced.space * symmetries < whole.space * apart,
            "{file}: {} slots for {} under {symmetries} symmetries",
            reduced.space,
            whole.space
        );
        let tabled = reduced.representation.contains("tables");
        // Classes moved by tables but where the orbit with most states
        // has too many (the corners' 88,179,840). The Skewb's tied orbits
        // are listed beside its classed orbit.
        assert_eq!(tabled, file != "corners", "{file}: {}", reduced.representation);
        if file == "corners" {
            assert_eq!((whole.states, symmetries), (88_179_840, 48));
            continue;
        }
        if file == "two_colours" {
            assert_eq!((whole.states, symmetries), (153_090, 16));
            continue;
        }
        // A8 (S8 with the swaps) times the counter's three states; the
        // tower's 8! x 4!.
        let states = match file {
            "square" => Some(60_480),
            "square_odd" => Some(120_960),
            "tower" => Some(967_680),
            _ => None,
        };
        if let Some(states) = states {
            assert_eq!(whole.states, states);
            continue;
        }
        // The classes level by level: distinct least images.
        let w = crate::support::tws::whole(file, metric);
        let (def, table) = &*w;
        let Definition::Tws(t) = def else { unreachable!() };
        let p = Perm::<Cells<32>>::new(t);
        let n = t.bytes();
        let mut least: Vec<HashSet<u64>> = vec![HashSet::new(); classes.len()];
        let mut c = [0u8; 32];
        for r in 0..p.state_count() {
            let Some(d) = table.get(r) else { continue };
            let s = p.unrank(r);
            let m = t
                .symmetries()
                .iter()
                .map(|y| {
                    t.conjugate(y, &s.0[..n], &mut c[..n]);
                    p.rank(&p.state(&c[..n]))
                })
                .min()
                .unwrap();
            least[d as usize].insert(m);
        }
        let counted: Vec<u64> = least.iter().map(|l| l.len() as u64).collect();
        assert_eq!(classes, counted, "{file} {metric}");
    }
}

/// A run with a slot a class stops and resumes from its checkpoint with
/// the same counts of positions and classes; a checkpoint of the run
/// with a slot a position is refused by it, and the other way round.
#[test]
fn classes_resume_and_refuse_the_other_reduction() {
    use std::sync::atomic::AtomicUsize;
    use tansaku::search::retrograde::Bits;
    let def = load("pyraminx.tws", Some("htm"));
    let on = Request::default().with("symmetry", "on");
    let whole = run::analyse(&def, &on, &Context::new()).unwrap();
    let figures = |l: &run::Longest| {
        (
            l.histogram.clone(),
            l.histogram_up_to_symmetry.clone(),
            l.positions.clone(),
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let req = Request {
        bits: Bits::Two,
        checkpoint: Some((dir.path().to_path_buf(), std::time::Duration::ZERO)),
        ..on
    };
    let stopped = |req: &Request, after: usize| {
        let base = Context::new();
        let stop = StopAfter(after, AtomicUsize::new(0), base.clone());
        let ctx = base.with_observer(Arc::new(stop));
        run::analyse(&def, req, &ctx)
    };
    for after in [4, 3] {
        assert!(stopped(&req, after).is_err());
        assert!(dir.path().join("longest.ckpt").exists());
    }
    // The run with a slot a position refuses the classes' checkpoint.
    let off = req.clone().with("symmetry", "off");
    let e = run::analyse(&def, &off, &Context::new()).unwrap_err().to_string();
    assert!(e.contains("refused"), "{e}");
    let resumed = run::analyse(&def, &req, &Context::new()).unwrap();
    assert_eq!(figures(&resumed), figures(&whole));
    // And the other way round.
    assert!(stopped(&off, 4).is_err());
    let e = run::analyse(&def, &req, &Context::new()).unwrap_err().to_string();
    assert!(e.contains("refused"), "{e}");
}

/// Classes whose tables do not fit the memory budget give way to a slot a
/// position, with the same answer: the shipped pyraminx at `on`, under a
/// budget between what its classes need (their distance table and move
/// tables) and what its positions need.
#[test]
fn classes_over_the_budget_give_way_to_positions() {
    use tansaku::define::tws::{Perm, StateClasses};
    let def = load("pyraminx.tws", Some("htm"));
    let Definition::Tws(t) = &def else { unreachable!() };
    let (r, _) = t.ranked_by_reach().unwrap();
    let need = |slots: u64, tables: u64| slots.div_ceil(4) + tables;
    let c = StateClasses::<Cells<64>>::new(&r).unwrap();
    let classes = need(c.state_count(), c.successor_table_bytes());
    let p = Perm::<Cells<64>>::new(&r);
    let positions = need(p.state_count(), p.successor_table_bytes());
    assert!(positions < classes, "{positions} bytes a position, {classes} a class");
    let budget = (positions + classes) / 2;
    let on = Request {
        limit: 100_000,
        ..Default::default()
    }
    .with("symmetry", "on");
    let reduced = run::analyse(&def, &on, &Context::new()).unwrap();
    let tight = run::analyse(&def, &on, &Context::new().with_budget(budget)).unwrap();
    assert_eq!(reduced.ranking.as_ref().unwrap().ranks, "classes");
    assert_eq!(tight.ranking.as_ref().unwrap().ranks, "reachable");
    assert!(tight.histogram_up_to_symmetry.is_none());
    assert_eq!(
        (&tight.histogram, tight.longest, tight.count, tight.count_up_to_symmetry),
        (
            &reduced.histogram,
            reduced.longest,
            reduced.count,
            reduced.count_up_to_symmetry
        )
    );
    assert_eq!(tight.positions.len() as u64, tight.count);
}
