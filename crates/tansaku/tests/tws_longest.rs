//! God's number of `.tws` puzzles through the door: from a start set,
//! with several solved positions or orientations ignored, up to the
//! symmetries found from the moves, and at two bits a position resumed and
//! on disk.

use crate::support::tws::{load, scramble, solve, whole};
use std::path::Path;
use std::sync::Arc;
use tansaku::Context;
use tansaku::{Ranked, Request};

use tansaku::define::{Cells, Definition, Src};
use tansaku::games::definition as run;
use tansaku::search::auto::Algorithm;

/// God's number between two phases (twsearch #112), `longest --from`:
/// on the 2x2x2, from "the layer U does not turn is solved" (its pieces
/// 2, 4 and 5 home and unturned) to solved, the histogram equals the
/// whole table's distances counted over exactly those positions (found
/// here by hand, piece by piece), 648 of them; and from anything to a
/// goal that asks only for that layer. A start set that tells apart
/// pieces the goal makes alike, one no move reaches, and one for a
/// blocks puzzle are refused in a line.
#[test]
fn gods_number_from_a_start_set() {
    use tansaku::define::tws::Perm;
    let w = whole("2x2x2.tws", "htm");
    let (def, table) = &*w;
    let Definition::Tws(t) = def else { unreachable!() };
    let p = Perm::<Cells<32>>::new(t);
    let layer_home = |s: &[u8]| [1usize, 3, 4].iter().all(|&i| s[i] == i as u8 && s[7 + i] == 0);
    let mut expected: Vec<u64> = Vec::new();
    for r in (0..p.state_count()).filter(|&r| table.get(r).is_some()) {
        if layer_home(&p.unrank(r).0) {
            let d = table.get(r).unwrap() as usize;
            expected.resize(expected.len().max(d + 1), 0);
            expected[d] += 1;
        }
    }
    let from = "CORNERS 0 2 0 4 5 0 0 / ? 0 ? 0 0 ? ?";
    let ctx = Context::new();
    let got = run::analyse(def, &Request::default().with("from", from), &ctx).unwrap();
    assert_eq!(got.histogram, expected);
    assert_eq!(got.states, 648);
    assert_eq!(got.longest as usize, expected.len() - 1);
    assert_eq!(got.count, *expected.last().unwrap());
    for text in &got.positions {
        let s = t.parse_state(text).unwrap();
        assert!(layer_home(&s), "{text}");
    }

    // The goal asks for that layer only; the start is anything.
    let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let file = std::fs::read_to_string(path).unwrap();
    let layer = file.replacen("1 2 3 4 5 6 7\n0 0 0 0 0 0 0", "1 2 1 4 5 1 1\n? 0 ? 0 0 ? ?", 1);
    let goal = Definition::parse(&Src::new("layer.tws", &layer), None).unwrap();
    let whole_layer = run::analyse(&goal, &Request::default(), &ctx).unwrap();
    let any = run::analyse(
        &goal,
        &Request::default().with("from", "CORNERS 1 1 1 1 1 1 1 / ? ? ? ? ? ? ?"),
        &ctx,
    )
    .unwrap();
    assert_eq!(any.histogram, whole_layer.histogram);
    let none_given = run::analyse(&goal, &Request::default().with("from", ""), &ctx).unwrap();
    assert_eq!(none_given.histogram, whole_layer.histogram);

    for (definition, start, says) in [
        (&goal, "CORNERS 1 2 3 4 5 1 1", "tells apart pieces"),
        (
            &goal,
            "CORNERS 1 2 1 4 5 1 1 / 1 0 ? 0 0 ? ?",
            "whose orientation the file ignores",
        ),
        (
            def,
            "CORNERS 1 2 3 4 5 6 7 / 1 0 0 0 0 0 0",
            "no position the moves reach",
        ),
        (def, "EDGES 1 2", "not a set of"),
        (def, "CORNERS 1 2 3", "7 pieces"),
        (def, "CORNERS 1 2 3 4 5 6 7 / 0 0 0 0 0 0 3", "3 is not one"),
    ] {
        let e = run::analyse(definition, &Request::default().with("from", start), &ctx).unwrap_err();
        assert!(e.to_string().contains(says), "{start}: {e}");
    }
    let swap = Definition::parse(
        &Src::new(
            "swap.toml",
            "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n",
        ),
        None,
    )
    .unwrap();
    let e = run::analyse(&swap, &Request::default().with("from", "AB/.."), &ctx).unwrap_err();
    assert!(e.to_string().contains(".tws puzzles only"), "{e}");
}

/// `longest` on a group puzzle counts its antipodes up to the symmetries
/// found from the moves: the figure equals a count of distinct least
/// images over the whole distance table (the 2x2x2's 2644 antipodes in
/// the half-turn metric make 449 classes under its 6 symmetries).
#[test]
fn antipodes_up_to_symmetry_from_the_moves() {
    use std::collections::HashSet;
    use tansaku::define::tws::Perm;
    for (file, metric) in [("2x2x2.tws", "htm"), ("2x2x2.tws", "qtm"), ("pyraminx.tws", "htm")] {
        let w = whole(file, metric);
        let (def, table) = &*w;
        let Definition::Tws(t) = def else { unreachable!() };
        let longest = run::analyse(def, &Request::default(), &Context::new()).unwrap();
        assert_eq!(longest.symmetries.len(), t.symmetries().len());
        let p = Perm::<Cells<32>>::new(t);
        let n = t.bytes();
        let mut classes = HashSet::new();
        let mut c = [0u8; 32];
        for r in (0..p.state_count()).filter(|&r| table.get(r) == Some(longest.longest)) {
            let s = p.unrank(r);
            let least = t
                .symmetries()
                .iter()
                .map(|y| {
                    t.conjugate(y, &s.0[..n], &mut c[..n]);
                    p.rank(&p.state(&c[..n]))
                })
                .min();
            classes.insert(least);
        }
        assert_eq!(
            longest.count_up_to_symmetry,
            Some(classes.len() as u64),
            "{file} {metric}"
        );
    }
}

/// An observer that cancels its context at its `after`-th note (a level
/// is a note), so that a run stops part way and leaves its checkpoint.
pub(crate) struct StopAfter(
    pub(crate) usize,
    pub(crate) std::sync::atomic::AtomicUsize,
    pub(crate) Context,
);

impl tansaku::context::Observer for StopAfter {
    fn begin(&self, _: Option<u64>, _: &str) {}
    fn update(&self, _: u64, _: &str) {}
    fn note(&self, _: &str) {
        if self.1.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1 == self.0 {
            self.2.cancel();
        }
    }
    fn end(&self) {}
}

/// God's-number runs of a `.tws` puzzle that pause and use little memory
/// (twsearch #113, #114), with a slot a position: two bits a position, stopped after some levels
/// and resumed from the checkpoint, or kept on disk, give the byte
/// analysis's histogram, antipodes and antipode classes.
#[test]
fn tws_longest_two_bits_resumed_and_on_disk() {
    use std::sync::atomic::AtomicUsize;
    use tansaku::search::retrograde::Bits;
    // The 2x2x2 in the half-turn metric: its 2,644 antipodes are more than
    // the 1,000 positions an answer keeps, so the classes must come from
    // the table. The Pyraminx: ranked over the positions its moves reach
    // (933,120 slots, not 44,789,760), so the checkpoints and chunks hold
    // those ranks. A budget of a third of its two-bit table sends it to disk.
    for (file, metric, figures_of_whole) in [
        ("2x2x2.tws", "htm", (11, 2644, Some(449))),
        ("pyraminx.tws", "htm", (11, 32, Some(4))),
    ] {
        let def = load(file, Some(metric));
        let whole = run::analyse(
            &def,
            &Request {
                bits: Bits::Eight,
                ..Default::default()
            }
            .with("symmetry", "off"),
            &Context::new(),
        )
        .unwrap();
        assert_eq!(
            (whole.longest, whole.count, whole.count_up_to_symmetry),
            figures_of_whole
        );
        // Positions compared by count and equality only: a failure must not
        // print a thousand of them.
        let figures = |l: &run::Longest| {
            (
                l.histogram.clone(),
                l.count,
                l.count_up_to_symmetry,
                l.positions.len(),
                l.positions == whole.positions,
            )
        };
        for stops in [vec![3], vec![2, 5, 2], vec![10]] {
            let dir = tempfile::tempdir().unwrap();
            let req = Request {
                bits: Bits::Two,
                checkpoint: Some((dir.path().to_path_buf(), std::time::Duration::ZERO)),
                ..Default::default()
            }
            .with("symmetry", "off");
            for &after in &stops {
                let base = Context::new();
                let stop = StopAfter(after, AtomicUsize::new(0), base.clone());
                let ctx = base.with_observer(Arc::new(stop));
                assert!(
                    run::analyse(&def, &req, &ctx).is_err(),
                    "{file}: stopped after {after} levels"
                );
                assert!(dir.path().join("longest.ckpt").exists());
            }
            let resumed = run::analyse(&def, &req, &Context::new()).unwrap();
            assert_eq!(figures(&resumed), figures(&whole), "{file}: stops {stops:?}");
            assert!(
                !dir.path().join("longest.ckpt").exists(),
                "a finished run removes its checkpoint"
            );
        }
        let dir = tempfile::tempdir().unwrap();
        let req = Request {
            bits: Bits::Two,
            disk: Some(dir.path().to_path_buf()),
            ..Default::default()
        }
        .with("symmetry", "off");
        let budget = whole.space / 4 / 3;
        let on_disk = run::analyse(&def, &req, &Context::new().with_budget(budget)).unwrap();
        assert_eq!(figures(&on_disk), figures(&whole), "{file} on disk");
        assert_eq!(on_disk.ranking.as_ref().map(|r| r.slots), Some(whole.space));
    }
}

/// Several solved positions (twsearch #116): a position is solved when it
/// is any of them. Distances in a file with two Solved blocks are the
/// least of the distances in the two files that have one each; IDA* on
/// tables derived from the file (built from both) finds them; a block that
/// is not an arrangement of the first block's pieces is refused.
#[test]
fn several_solved_positions() {
    let home = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws"))
        .unwrap()
        .lines()
        .filter(|l| !l.contains("tansaku-expect"))
        .collect::<Vec<_>>()
        .join("\n");
    let Definition::Tws(t) = Definition::parse(&Src::new("home.tws", &home), None).unwrap() else {
        unreachable!()
    };
    // The second solved position: the cube after R2 U F', as a block.
    let other = t.scramble("R2 U F'").unwrap();
    let row = &t.rows(&other)[0];
    let (perm, ori) = row["CORNERS".len()..].split_once('/').unwrap();
    let block = format!("Solved\nCORNERS\n{}\n{}\nEnd\n", perm.trim(), ori.trim());
    let identity = "Solved\nCORNERS\n1 2 3 4 5 6 7\n0 0 0 0 0 0 0\nEnd\n";
    assert!(home.contains(identity));
    let both_text = home.replacen(identity, &format!("{identity}\n{block}"), 1);
    let alone_text = home.replacen(identity, &block, 1);
    let both = Definition::parse(&Src::new("both.tws", &both_text), None).unwrap();
    let alone = Definition::parse(&Src::new("alone.tws", &alone_text), None).unwrap();
    let home = Definition::Tws(t.clone());
    let Definition::Tws(tb) = &both else { unreachable!() };
    assert_eq!(tb.goals.len(), 2);
    assert!(!tb.invertible());
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    let mut nearer_other = 0;
    for seed in 0..8 {
        let walk = scramble("2x2x2.tws", 300 + seed, 2 + seed as u32);
        // Half of them walk from the second solved position.
        let board = if seed % 2 == 0 { format!("R2 U F' {walk}") } else { walk };
        let shown = t.rows(&t.scramble(&board).unwrap()).join(" | ");
        let d_home = solve(&home, &shown, Algorithm::Bfs, None, &ctx).length;
        let d_alone = solve(&alone, &shown, Algorithm::Bfs, None, &ctx).length;
        let bfs = solve(&both, &shown, Algorithm::Bfs, None, &ctx);
        assert_eq!(bfs.length, d_home.min(d_alone), "{board}");
        nearer_other += usize::from(d_alone < d_home);
        assert!(bfs.replayed);
        for budget in ["64K", "64M"] {
            let ida = solve(&both, &shown, Algorithm::IdaStar, Some(budget), &ctx);
            assert_eq!(ida.length, bfs.length, "{board} {budget}");
            assert!(ida.replayed);
        }
    }
    assert!(nearer_other > 0, "some scramble is nearer the second solved position");
    // The second block's own position is solved, in 0 moves.
    let at_other = t.rows(&other).join(" | ");
    assert_eq!(solve(&both, &at_other, Algorithm::IdaStar, Some("64K"), &ctx).length, 0);
    // Every position is at most as far as with one solved position.
    let all = run::analyse(&both, &Request::default(), &Context::new()).unwrap();
    assert_eq!(all.states, 3_674_160);
    let one = run::analyse(&home, &Request::default(), &Context::new()).unwrap();
    assert!(all.longest <= one.longest);
    // Ranked a slot a position of the first block's group (the second is
    // one of them), with the histogram of the table over every
    // arrangement; a second block outside that group (a corner twisted)
    // leaves the ranks to the arrangements, and its positions count too.
    {
        use tansaku::define::tws::Perm;
        use tansaku::search::retrograde::{RetroOptions, retrograde_dense};
        let (r, reach) = tb.ranked_by_reach().unwrap();
        assert_eq!(reach.count(), 3_674_160);
        let (few, _) = retrograde_dense(&Perm::<Cells<32>>::new(&r), RetroOptions::default()).unwrap();
        let (every, _) = retrograde_dense(&Perm::<Cells<32>>::new(tb), RetroOptions::default()).unwrap();
        assert_eq!(few.histogram, every.histogram);
        assert_eq!(all.histogram, every.histogram);
        let twisted = both_text.replacen(&block, "Solved\nCORNERS\n1 2 3 4 5 6 7\n1 0 0 0 0 0 0\nEnd\n", 1);
        let Definition::Tws(tt) = Definition::parse(&Src::new("twisted.tws", &twisted), None).unwrap() else {
            unreachable!()
        };
        assert!(
            tt.ranked_by_reach()
                .unwrap_err()
                .contains("not all reached from the first")
        );
        let two = run::analyse(&Definition::Tws(tt), &Request::default(), &Context::new()).unwrap();
        assert_eq!(two.states, 2 * 3_674_160);
    }
    // Not the first block's pieces.
    let bad = both_text.replacen(&block, "Solved\nCORNERS\n1 1 3 4 5 6 7\n0 0 0 0 0 0 0\nEnd\n", 1);
    let e = Definition::parse(&Src::new("bad.tws", &bad), None).unwrap_err();
    assert!(e.message.contains("further Solved block"), "{e}");
}

/// Orientations ignored on part of a set (`?` in the Solved block,
/// twsearch #65): the 2x2x2 with two corners' twists ignored has 7! x 3^5
/// = 1,224,720 positions (a third of 3,674,160: the two free twists absorb
/// the sum), searched breadth-first and by IDA* with tables derived from
/// it alike; printed positions show `?` and read back.
#[test]
fn orientations_ignored_with_a_question_mark() {
    let path = Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws");
    let text = std::fs::read_to_string(path).unwrap().replacen(
        "1 2 3 4 5 6 7\n0 0 0 0 0 0 0",
        "1 2 3 4 5 6 7\n0 ? 0 0 ? 0 0",
        1,
    );
    let def = Definition::parse(&Src::new("blind.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    assert_eq!(t.rank_space(), Some(1_224_720));
    let all = run::analyse(&def, &Request::default(), &Context::new()).unwrap();
    assert_eq!(all.states, 1_224_720);
    let ctx = Context::new().with_tables(crate::support::shared_tables());
    for seed in 0..6 {
        let board = scramble("2x2x2.tws", 70 + seed, 9);
        let bfs = solve(&def, &board, Algorithm::Bfs, None, &ctx);
        for budget in ["64K", "64M"] {
            let ida = solve(&def, &board, Algorithm::IdaStar, Some(budget), &ctx);
            assert_eq!(ida.length, bfs.length, "{board} {budget}");
            assert!(ida.replayed);
        }
        let s = t.scramble(&board).unwrap();
        let shown = t.rows(&s).join(" | ");
        assert!(shown.contains('?'), "{shown}");
        assert_eq!(t.parse_state(&shown).unwrap(), s);
    }
    // Identical pieces must agree.
    let mixed = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/2x2x2.tws"))
        .unwrap()
        .replacen("1 2 3 4 5 6 7\n0 0 0 0 0 0 0", "1 1 3 4 5 6 7\n? 0 0 0 0 0 0", 1);
    let e = Definition::parse(&Src::new("mixed.tws", &mixed), None).unwrap_err();
    assert!(e.message.contains("both ? or neither"), "{e}");
}

/// `count` seeded puzzles of every kind: one or two sets, alike pieces,
/// orientations ignored, twists any way, by even amounts or that make a
/// piece's orientation follow from its slot, two sets tied in lockstep.
fn seeded_files(count: usize) -> Vec<String> {
    let mut next = crate::support::draws(0x2545_f491_4f6c_dd1du64);
    let mut more = crate::support::draws(0x9e37_79b9_7f4a_7c15u64);
    let mut files = Vec::new();
    while files.len() < count {
        let sets = 1 + next(2) as usize;
        let shape: Vec<(usize, u64)> = (0..sets).map(|_| (3 + next(3) as usize, 1 + next(4))).collect();
        let mut text = String::new();
        let mut solved = String::from("Solved\n");
        // How a set's moves twist: any way, by even amounts, so that a
        // piece's orientation follows from its slot (twist c(i) - c(j)),
        // or so that its parity does (plus an even amount: the turns a
        // slot holds depend on the piece, as TurnFour's do).
        // (The last from draws of their own: the others' files as before.)
        let kinds: Vec<u64> = (0..sets)
            .map(|_| next(3))
            .map(|k| k + u64::from(k == 2 && more(2) == 0))
            .collect();
        let marks: Vec<Vec<u64>> = shape.iter().map(|&(n, o)| (0..n).map(|_| next(o)).collect()).collect();
        for (k, &(n, o)) in shape.iter().enumerate() {
            text.push_str(&format!("Set S{k} {n} {o}\n"));
            let alike = next(3) == 0;
            let labels: Vec<String> = (0..n)
                .map(|i| (if alike && i == 1 { 1 } else { i + 1 }).to_string())
                .collect();
            let blind = o > 1 && !alike && next(4) == 0;
            let turns: Vec<&str> = (0..n).map(|i| if blind && i == 2 { "?" } else { "0" }).collect();
            solved.push_str(&format!("S{k}\n{}\n{}\n", labels.join(" "), turns.join(" ")));
        }
        text.push_str(&solved);
        text.push_str("End\n");
        let tie = sets == 2 && shape[0] == shape[1] && next(2) == 0;
        for m in 0..2 + next(2) {
            text.push_str(&format!("Move M{m}\n"));
            let mut first: Option<Vec<usize>> = None;
            for (k, &(n, o)) in shape.iter().enumerate() {
                let from: Vec<usize> = match (&first, tie) {
                    (Some(f), true) => f.clone(),
                    _ => {
                        let mut p: Vec<usize> = (0..n).collect();
                        for i in (1..n).rev() {
                            p.swap(i, next(i as u64 + 1) as usize);
                        }
                        p
                    }
                };
                first.get_or_insert(from.clone());
                let twist: Vec<String> = (0..n)
                    .map(|i| {
                        let t = match kinds[k] {
                            0 => next(o),
                            1 => next(o) / 2 * 2,
                            2 => (marks[k][i] + o - marks[k][from[i]]) % o,
                            _ => (marks[k][i] + o - marks[k][from[i]] + more(o) / 2 * 2) % o,
                        };
                        t.to_string()
                    })
                    .collect();
                let from: Vec<String> = from.iter().map(|x| (x + 1).to_string()).collect();
                text.push_str(&format!("S{k}\n{}\n{}\n", from.join(" "), twist.join(" ")));
            }
            text.push_str("End\n");
        }
        files.push(text);
    }
    files
}

/// A whole-space analysis ranks only what the moves reach (their orbits,
/// parities, orientation sums and the orientations each slot can hold):
/// on seeded puzzles of every kind (alike pieces, orientations ignored,
/// twists that leave a piece only some orientations on a slot, moves that
/// tie two sets, ranked jointly), its histogram and antipodes are those of
/// the table over every arrangement, each of its ranks unranks to a
/// position that ranks back to it, and where it says it is exact every
/// slot is reached.
#[test]
fn reachable_ranks_give_the_arrangements_analysis() {
    use tansaku::define::tws::{Classes, Perm};
    use tansaku::search::retrograde::{RetroOptions, retrograde, retrograde_dense};
    let (mut reduced, mut exact, mut listed, mut symmetric, mut tied) = (0, 0, 0, 0, 0);
    let files = seeded_files(60);
    for text in &files {
        let def = Definition::parse(&Src::new("seeded.tws", text), None).unwrap();
        let Definition::Tws(t) = &def else { unreachable!() };
        let Ok((r, reach)) = t.ranked_by_reach() else {
            continue;
        };
        if t.rank_space().unwrap() > 1 << 21 {
            continue;
        }
        reduced += 1;
        exact += usize::from(reach.exact());
        listed += usize::from(reach.listed() > 0);
        tied += usize::from(reach.tied().0 > 0);
        let opts = || RetroOptions::default();
        let (all, _) = retrograde_dense(&Perm::<Cells<32>>::new(t), opts()).unwrap();
        let p = Perm::<Cells<32>>::new(&r);
        let (few, table) = retrograde_dense(&p, opts()).unwrap();
        assert_eq!(few.histogram, all.histogram, "{text}");
        let shown = |a: &tansaku::search::retrograde::Analysis<Cells<32>>| {
            let mut v: Vec<Vec<u8>> = a.positions.iter().map(|s| s.0[..t.bytes()].to_vec()).collect();
            v.sort();
            v
        };
        // Every antipode, when they are all listed.
        if few.positions.len() as u64 == few.count {
            assert!(shown(&few) == shown(&all), "{text}");
        }
        assert!(
            few.states <= p.state_count() && p.state_count() <= t.rank_space().unwrap(),
            "{text}"
        );
        if reach.exact() {
            assert_eq!(few.states, p.state_count(), "{text}");
        }
        for rank in (0..p.state_count()).filter(|&x| table.get(x).is_some()) {
            let s = p.unrank(rank);
            assert!(reach.contains(&s.0[..t.bytes()]), "{text}");
            assert_eq!(p.rank(&s), rank, "{text}");
        }
        // Through the door: the same figures, and the ranks said.
        let off = Request {
            limit: 100_000,
            ..Default::default()
        }
        .with("symmetry", "off");
        let door = run::analyse(&def, &off, &Context::new()).unwrap();
        assert_eq!(door.histogram, all.histogram);
        let ranking = door.ranking.as_ref().unwrap();
        assert_eq!(
            (ranking.ranks, ranking.slots, ranking.exact),
            ("reachable", reach.count(), reach.exact())
        );
        // With a slot a class, where the file has symmetries (however
        // few: the door uses them only where they pay): the same
        // histogram, and every longest class a class of antipodes.
        if let Ok(c) = Classes::<Cells<32>>::new(&r) {
            symmetric += 1;
            let (a, _) = retrograde(&c, opts()).unwrap();
            assert_eq!(a.histogram, all.histogram, "{text}");
            let classes = a.classes.unwrap();
            assert_eq!(classes.last().copied(), door.count_up_to_symmetry, "{text}");
            if all.positions.len() as u64 == all.count {
                let antipodes = shown(&all);
                for s in &a.positions {
                    assert!(antipodes.contains(&s.0[..t.bytes()].to_vec()), "{text}");
                }
            }
        }
    }
    assert!(
        reduced >= 20 && exact >= 10 && listed >= 3 && symmetric >= 3 && tied >= 3,
        "{reduced} reduced, {exact} exact, {listed} with orbits listed, {symmetric} with symmetries, {tied} tied"
    );
}

/// Listed states can keep an invariant beyond their parities and sums,
/// one that each move changes by a fixed amount: here four pieces moved
/// by two 3-cycles (the alternating group, whose moves add 1 modulo 3 to
/// a count), and eight triples each turned by one of the moves, some of
/// alike pieces. The least groups of orbits tied to one another are
/// pairs of triples, each listed on its own: ranked by orbits, ties,
/// parities and sums alone, the ranks hold every pair's turn apart (a
/// slot for each of 12 x 3^4 = 972 rank, for 36 positions). With the
/// counts modulo 3 each tie keeps, the ranks are the positions, one a
/// position, and the analysis's histogram is a breadth-first search's
/// over the positions themselves.
#[test]
fn invariants_beyond_parities_tie_listed_states() {
    use std::collections::HashSet;
    use tansaku::Puzzle;
    use tansaku::define::tws::Perm;
    use tansaku::search::retrograde::{RetroOptions, retrograde_dense};
    let triple = |k: usize| -> Vec<usize> { vec![3 * k + 2, 3 * k, 3 * k + 1] };
    let (mut pieces, mut text) = (
        Vec::new(),
        String::from("Name Z3\nSet P 4 1\nSet T 24 1\nSolved\nP\n1 2 3 4\nT\n"),
    );
    for k in 0..8 {
        let alike = k % 4 == 0;
        pieces.extend((0..3).map(|i| if alike && i < 2 { 3 * k + 1 } else { 3 * k + i + 1 }));
    }
    let line = |v: Vec<usize>| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    text.push_str(&format!("{}\nEnd\n", line(pieces)));
    for (name, p, turned) in [("L", "2 3 1 4", 0..4), ("R", "1 3 4 2", 4..8)] {
        let mut from: Vec<usize> = (1..=24).collect();
        for k in turned {
            for (i, f) in triple(k).into_iter().enumerate() {
                from[3 * k + i] = f + 1;
            }
        }
        text.push_str(&format!("Move {name}\nP\n{p}\nT\n{}\nEnd\n", line(from)));
    }
    let def = Definition::parse(&Src::new("z3.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let (r, reach) = t.ranked_by_reach().unwrap();
    assert!(reach.exact(), "{:?}", reach.inexact());
    assert!(reach.tied().0 >= 2, "{:?}", reach.tied());
    assert_eq!((reach.count(), reach.group_order().as_str()), (36, "36"));
    // The positions, breadth first, played.
    let p = Perm::<Cells<64>>::new(t);
    let start = p.goal_states().unwrap()[0];
    let (mut seen, mut level, mut histogram) = (HashSet::from([start]), vec![start], Vec::new());
    while !level.is_empty() {
        histogram.push(level.len() as u64);
        let mut next = Vec::new();
        for s in &level {
            p.for_each_successor(s, |_, x| {
                if seen.insert(x) {
                    next.push(x);
                }
            });
        }
        level = next;
    }
    assert_eq!(seen.len() as u64, reach.count());
    let (a, _) = retrograde_dense(&Perm::<Cells<64>>::new(&r), RetroOptions::default()).unwrap();
    assert_eq!(a.histogram, histogram);
    assert_eq!(a.states, reach.count());
}

/// Where a rank's last orbit moves apart from the others, a level walks
/// the ranks in blocks: a block's successors once, each rank's by a table
/// read (`Ranked::rank_blocks`). Two rings of six tiles, three alike in
/// each, turned one by one and swapped in both at once: the histogram
/// and the antipodes are those of the table over every arrangement,
/// played position by position, at a byte and at two bits a slot.
#[test]
fn ranks_in_blocks_give_the_arrangements_analysis() {
    use tansaku::define::tws::Perm;
    use tansaku::search::retrograde::{Bits, RetroOptions, retrograde_dense};
    let mut text = String::from("Set A 6 1\nSet B 6 1\nSolved\nA\n1 1 1 2 3 4\nB\n1 1 1 2 3 4\nEnd\n");
    for (m, a, b) in [
        ("X", "2 3 4 5 6 1", "1 2 3 4 5 6"),
        ("Y", "1 2 3 4 5 6", "2 3 4 5 6 1"),
        ("Z", "2 1 3 4 5 6", "2 1 3 4 5 6"),
    ] {
        text += &format!("Move {m}\nA\n{a}\nB\n{b}\nEnd\n");
    }
    let def = Definition::parse(&Src::new("rings.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let (r, reach) = t.ranked_by_reach().unwrap();
    let blocks = reach.rank_blocks(&r).expect("the rings' ranks come in blocks");
    assert_eq!((reach.count(), blocks.len), (14_400, 120));
    let antipodes = |a: &tansaku::search::retrograde::Analysis<Cells<32>>| {
        let mut v: Vec<Vec<u8>> = a.positions.iter().map(|s| s.0[..t.bytes()].to_vec()).collect();
        v.sort();
        v
    };
    for bits in [Bits::Eight, Bits::Two] {
        let opts = || RetroOptions {
            bits,
            ..Default::default()
        };
        let (all, _) = retrograde_dense(&Perm::<Cells<32>>::new(t), opts()).unwrap();
        let (blocked, _) = retrograde_dense(&Perm::<Cells<32>>::new(&r), opts()).unwrap();
        assert_eq!(blocked.histogram, all.histogram, "{bits:?}");
        assert_eq!(blocked.states, 14_400);
        assert_eq!(antipodes(&blocked), antipodes(&all), "{bits:?}");
    }
}

/// The Skewb held by a corner ties the twists of its four fixed corners
/// to the order of the four that move (no two of the five orbits tied):
/// they are ranked jointly, one rank a position. Where the moves tie a
/// piece's turn to its path through an orbit too large to list
/// (TurnFour: nine tiles turned four at a time, each turn's parity that
/// of the squares of a chequerboard the tile crossed), the turns a slot
/// holds are taken piece by piece: one rank a position again.
#[test]
fn tied_orbits_ranked_jointly_or_said_inexact() {
    let def = load("skewb.tws", Some("htm"));
    let Definition::Tws(t) = &def else { unreachable!() };
    let (_, reach) = t.ranked_by_reach().unwrap();
    assert_eq!((reach.count(), reach.exact(), reach.tied()), (3_149_280, true, (1, 5)));

    let mut text =
        String::from("Name TurnFour\nSet Tiles 9 4\nSolved\nTiles\n1 2 3 4 5 6 7 8 9\n0 0 0 0 0 0 0 0 0\nEnd\n");
    for (name, from, twist) in [
        ("UL", "4 1 3 5 2 6 7 8 9", "1 1 0 1 1 0 0 0 0"),
        ("UR", "1 5 2 4 6 3 7 8 9", "0 1 1 0 1 1 0 0 0"),
        ("LL", "1 2 3 7 4 6 8 5 9", "0 0 0 1 1 0 1 1 0"),
        ("LR", "1 2 3 4 8 5 7 9 6", "0 0 0 0 1 1 0 1 1"),
    ] {
        text.push_str(&format!("Move {name}\nTiles\n{from}\n{twist}\nEnd\n"));
    }
    let def = Definition::parse(&Src::new("turnfour.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let (r, reach) = t.ranked_by_reach().unwrap();
    assert!(reach.exact(), "{:?}", reach.inexact());
    // 9! arrangements, two turns a tile on each square, their sum's parity
    // kept.
    assert_eq!(
        (reach.count(), reach.group_order()),
        (92_897_280, "92897280".to_string())
    );
    assert_eq!(reach.tied(), (0, 0));
    // Every rank of a seeded walk's positions unranks to its position.
    use tansaku::Puzzle;
    use tansaku::define::tws::Perm;
    let p = Perm::<Cells<32>>::new(&r);
    let mut s = p.goal_states().unwrap()[0];
    let mut next = crate::support::draws(7);
    for _ in 0..2000 {
        let mut succ = Vec::new();
        p.for_each_successor(&s, |_, x| succ.push(x));
        s = succ[next(succ.len() as u64) as usize];
        let rank = p.rank(&s);
        assert!(rank < reach.count());
        assert_eq!(p.unrank(rank), s);
    }
}

/// The reachable ranks' move tables give each rank's successors as the
/// positions do (unranked, moved, ranked), on seeded puzzles of every
/// kind and the shipped ones, listed orbits and tied
/// ones among them; puzzles whose turns are ignored decline them.
#[test]
fn reachable_ranks_move_by_tables_as_positions_do() {
    use tansaku::define::tws::Perm;
    use tansaku::puzzle::successor_ranks_by_states as by_states;
    // Small puzzles decline tables larger than their successors: more of
    // them than the other tests draw.
    let mut files = seeded_files(200);
    for name in ["2x2x2.tws", "pyraminx.tws", "skewb.tws", "fto-no-centres.tws"] {
        files.push(std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles").join(name)).unwrap());
    }
    // Loopover 3x3: one table of its nine tiles' 9! arrangements would
    // hold 4,354,560 entries for 181,440 positions, more than the search
    // it serves; in halves its tables are a tenth of it.
    files.push(loopover_3x3());
    let mut next = crate::support::draws(0x9e37_79b9_7f4a_7c15);
    let (mut tabled, mut declined, mut listed, mut tied) = (0, 0, 0, 0);
    for text in &files {
        let def = Definition::parse(&Src::new("seeded.tws", text), None).unwrap();
        let Definition::Tws(t) = &def else { unreachable!() };
        let Ok((r, reach)) = t.ranked_by_reach() else {
            continue;
        };
        let p = Perm::<Cells<64>>::new(&r);
        let mut done = false;
        for _ in 0..200 {
            let rank = next(reach.count());
            let mut by_tables = Vec::new();
            if !reach.successor_ranks(&r, rank, |x| by_tables.push(x)) {
                break;
            }
            done = true;
            let mut played = Vec::new();
            by_states(&p, rank, |x| played.push(x));
            // A move that only trades alike pieces stands still: the
            // positions skip it, the tables give the rank itself.
            by_tables.retain(|&x| x != rank);
            played.retain(|&x| x != rank);
            assert_eq!(by_tables, played, "rank {rank} of\n{text}");
        }
        if text == files.last().unwrap() {
            assert!(done && reach.exact() && reach.count() == 181_440, "Loopover 3x3");
            // An eighth of the whole table's 4 bytes an entry.
            assert!(
                reach.table_bytes(&r) < 362_880 * 12 * 4 / 8,
                "{} bytes",
                reach.table_bytes(&r)
            );
        }
        tabled += usize::from(done);
        declined += usize::from(!done);
        listed += usize::from(done && reach.listed() > 0);
        tied += usize::from(done && reach.tied().0 > 0);
    }
    assert!(
        tabled >= 60 && declined >= 1 && listed >= 10 && tied >= 1,
        "{tabled} with tables, {declined} without, {listed} listed, {tied} tied"
    );
}

/// Loopover 3x3: nine tiles, each row and column turned either way.
fn loopover_3x3() -> String {
    let mut text = String::from("Name Loopover3\nSet T 9 1\nSolved\nT\n1 2 3 4 5 6 7 8 9\nEnd\n");
    for line in 0..3 {
        for (way, d) in [("+", 2), ("-", 1)] {
            // Row `line` and column `line`: the tile each slot takes.
            let row: Vec<String> = (0..9)
                .map(|i| {
                    if i / 3 == line {
                        3 * line + (i % 3 + d) % 3 + 1
                    } else {
                        i + 1
                    }
                    .to_string()
                })
                .collect();
            let column: Vec<String> = (0..9)
                .map(|i| {
                    if i % 3 == line {
                        3 * ((i / 3 + d) % 3) + line + 1
                    } else {
                        i + 1
                    }
                    .to_string()
                })
                .collect();
            text.push_str(&format!("Move R{line}{way}\nT\n{}\nEnd\n", row.join(" ")));
            text.push_str(&format!("Move C{line}{way}\nT\n{}\nEnd\n", column.join(" ")));
        }
    }
    text
}

/// The FTO without centres: its corners take two of their four
/// orientations on a slot, which two depending on the piece, and an even
/// permutation; the moves leave 960 corner states of 2,949,120
/// arrangements. Its ranks are computed, not listed, for the corners too
/// (each piece's two turns on a slot numbered from its own first) and for
/// the edges: 229,920,768,000 ranks, each a position (twsearch's level
/// counts add up to it), the group's order by Schreier–Sims. The corners
/// alone give the histogram and antipodes of the table over every
/// arrangement.
#[test]
fn fto_without_centres_ranks_its_positions_exactly() {
    use tansaku::define::tws::{Perm, Reach};
    use tansaku::search::retrograde::{RetroOptions, retrograde_dense};
    let text = std::fs::read_to_string(Path::new(crate::support::ROOT).join("puzzles/fto-no-centres.tws")).unwrap();
    let def = Definition::parse(&Src::new("fto-no-centres.tws", &text), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let reach = Reach::new(t).unwrap();
    assert_eq!(
        (reach.count(), reach.exact(), reach.group_order().as_str()),
        (229_920_768_000, true, "229920768000")
    );
    // Ranks round-trip on scrambles.
    for board in ["F", "F d L' bl", "BL f D l F' d"] {
        let s = t.scramble(board).unwrap();
        let mut back = vec![0u8; s.len()];
        reach.unrank_into(reach.rank(&s), &mut back);
        assert_eq!(back, s, "{board}");
        assert!(reach.rank(&s) < reach.count());
        // Its edges (12! arrangements) move by two tables of halves, its
        // corners by theirs: the successors are the positions'.
        let mut by_tables = Vec::new();
        assert!(reach.successor_ranks(t, reach.rank(&s), |x| by_tables.push(x)));
        let by_moves: Vec<u64> = t
            .metric_move_names()
            .iter()
            .map(|m| reach.rank(&t.scramble(&format!("{board} {m}")).unwrap()))
            .collect();
        assert_eq!(by_tables, by_moves, "{board}");
    }
    // The corners alone.
    let mut corners = String::new();
    let mut skip = false;
    for line in text.lines() {
        if line.starts_with("Set EDGES") {
            continue;
        }
        if line == "EDGES" {
            skip = true;
            continue;
        }
        if line == "End" || line.starts_with("C4RNER") {
            skip = false;
        }
        if !skip {
            corners.push_str(line);
            corners.push('\n');
        }
    }
    let def = Definition::parse(&Src::new("fto-corners.tws", &corners), None).unwrap();
    let Definition::Tws(t) = &def else { unreachable!() };
    let (r, reach) = t.ranked_by_reach().unwrap();
    assert_eq!((reach.count(), reach.exact(), reach.listed()), (960, true, 0));
    let (all, _) = retrograde_dense(&Perm::<Cells<16>>::new(t), RetroOptions::default()).unwrap();
    let (few, _) = retrograde_dense(&Perm::<Cells<16>>::new(&r), RetroOptions::default()).unwrap();
    assert_eq!((few.histogram.clone(), few.states), (all.histogram.clone(), 960));
    let mut a: Vec<_> = all.positions.iter().map(|s| s.0).collect();
    let mut b: Vec<_> = few.positions.iter().map(|s| s.0).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}
