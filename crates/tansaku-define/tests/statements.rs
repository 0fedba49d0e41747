//! The `.tws` statements as twsearch reads them: a `Move`'s orientation
//! line by the piece that moves, `MoveTransformation`, `MoveSequence`,
//! `MoveAlias`, rotations, `Illegal`, sets the `Solved` block leaves out,
//! sets of more than 20 distinct pieces and puzzles of any size; each
//! mistake one line naming the file and the line.

use tansaku_core::search::{bfs, bidirectional};
use tansaku_core::{Context, Puzzle, replay};
use tansaku_define::tws::{Heap, Perm, Tws};
use tansaku_define::{Cells, Definition, Src};

fn tws(text: &str) -> Tws {
    match Definition::parse(&Src::new("t.tws", text), None) {
        Ok(Definition::Tws(t)) => *t,
        Ok(_) => panic!("not a .tws puzzle"),
        Err(e) => panic!("{e}"),
    }
}

fn error(text: &str) -> String {
    match Definition::parse(&Src::new("t.tws", text), None) {
        Ok(_) => panic!("read: {text}"),
        Err(e) => e.to_string(),
    }
}

/// Three twisting pieces and a 3-cycle that twists them: written as
/// ksolve writes it (`Move`: the twist of the piece leaving each slot) and
/// as twsearch's newer form (`MoveTransformation`: slots from 0, the twist
/// each slot adds).
const CYCLE: &str = "Set C 3 3\nSolved\nC\n1 2 3\nEnd\n";

#[test]
fn a_moves_twists_belong_to_the_piece_that_moves() {
    // Slot 1 receives the piece of slot 2, which picks up 1; slot 2 that
    // of slot 3 (picks up 2); slot 3 that of slot 1 (picks up 0).
    let t = tws(&format!("{CYCLE}Move X\nC\n2 3 1\n0 1 2\nEnd\n"));
    assert_eq!(t.rows(&t.scramble("X").unwrap()), ["C 2 3 1 / 1 2 0"]);
    let same = tws(&format!("{CYCLE}MoveTransformation X\nC\n1 2 0\n1 2 0\nEnd\n"));
    for scramble in ["X", "X X", "X'"] {
        assert_eq!(
            t.scramble(scramble).unwrap(),
            same.scramble(scramble).unwrap(),
            "{scramble}"
        );
    }
    // Twice: piece 3 goes to slot 2 (picking up 2) and on to slot 1
    // (picking up 1): 0 in all; piece 1 to slot 3 (0), then slot 2 (2).
    assert_eq!(t.rows(&t.scramble("X X").unwrap()), ["C 3 1 2 / 0 2 1"]);
}

#[test]
fn sequences_aliases_and_rotations() {
    let t = tws(&format!(
        "{CYCLE}Move X\nC\n2 3 1\nEnd\nMove Y\nC\n2 1 3\nEnd\nMove Fv\nC\n1 3 2\nEnd\n\
         MoveSequence Z X, Y\nMoveAlias W X Y Fv\nMoveSequence V Z Z\n"
    ));
    // Z is searched (V, the identity, has no power); W and the rotation Fv
    // only name positions for a scramble.
    assert_eq!(t.metric_move_names(), ["X", "X'", "Y", "Z"]);
    assert!(t.move_names().contains(&"W") && t.move_names().contains(&"Fv"));
    assert_eq!(t.scramble("Z").unwrap(), t.scramble("X Y").unwrap());
    assert_eq!(t.scramble("W").unwrap(), t.scramble("X Y Fv").unwrap());
    let p = Perm::<Cells<16>>::new(&t);
    let start = p.state(&t.scramble("X Y").unwrap());
    let sol = bfs(&p, &start, &Context::new()).unwrap();
    assert_eq!(sol.moves.len(), 1);
    assert!(p.is_goal(&replay(&p, &start, &sol.moves).unwrap().pop().unwrap()));
}

#[test]
fn illegal_positions_are_never_entered() {
    // Four pieces turned by a 4-cycle X and a swap Y; piece 4 may never
    // stand on slot 1.
    let text = "Set A 4 1\nSolved\nA\n1 2 3 4\nEnd\nMove X\nA\n2 3 4 1\nEnd\nMove Y\nA\n2 1 3 4\nEnd\nIllegal A 1 4\n";
    let free = tws(&text.replace("Illegal A 1 4\n", ""));
    let t = tws(text);
    // X' takes piece 4 onto slot 1.
    assert!(!t.legal(&t.scramble("X'").unwrap()));
    let p = Perm::<Cells<16>>::new(&t);
    let mut children = Vec::new();
    p.for_each_successor(&p.state(&t.solved), |m, c| children.push((m.to_string(), c)));
    assert_eq!(
        children.iter().map(|c| c.0.as_str()).collect::<Vec<_>>(),
        ["X", "X2", "Y"]
    );
    assert!(children.iter().all(|(_, c)| t.legal(&c.0[..8])));
    // Every position breadth-first search reaches is legal, and detours
    // make some longer than without the line (never shorter).
    let f = Perm::<Cells<16>>::new(&free);
    let (mut longer, mut checked) = (0, 0);
    let names = ["X", "X2", "X'", "Y"];
    for code in 0..4usize.pow(4) {
        let scramble: Vec<&str> = (0..4).map(|k| names[code / 4usize.pow(k) % 4]).collect();
        let s = t.scramble(&scramble.join(" ")).unwrap();
        if !t.legal(&s) {
            continue;
        }
        let (a, b) = (
            bfs(&p, &p.state(&s), &Context::new()).unwrap(),
            bfs(&f, &f.state(&s), &Context::new()).unwrap(),
        );
        let states = replay(&p, &p.state(&s), &a.moves).unwrap();
        assert!(states.iter().all(|x| t.legal(&x.0[..8])), "{scramble:?}");
        assert!(a.moves.len() >= b.moves.len(), "{scramble:?}");
        longer += usize::from(a.moves.len() > b.moves.len());
        checked += 1;
    }
    assert!(checked > 50, "{checked}");
    assert!(longer > 0);
    // A start the lines forbid is refused, naming the rule it breaks.
    let e = t.legal_start(t.scramble("X'").unwrap()).unwrap_err();
    assert!(e.contains("(piece 4 on slot 1 of A)"), "{e}");
}

#[test]
fn a_set_left_out_of_solved_holds_distinct_pieces() {
    let text = "Set A 3 1\nSet B 2 2\nSolved\nA\n1 1 2\nEnd\nMove X\nA\n2 3 1\nB\n2 1\n1 0\nEnd\n";
    let t = tws(text);
    assert_eq!(t.rows(&t.solved), ["A 1 1 2", "B 1 2 / 0 0"]);
    assert_eq!(t.rows(&t.scramble("X").unwrap()), ["A 1 2 1", "B 2 1 / 0 1"]);
}

/// A ring of `n` pieces (at most 255) turned by a 5-cycle at each of `n / 5` places,
/// and a set of 25 distinct pieces: more than 32 pieces in all, more than
/// 20 in one set.
fn large(n: usize) -> String {
    let mut text = format!("Set RING {n} 2\nSet TILE 25 1\nSolved\nRING\n");
    text += &(1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(" ");
    text += "\nTILE\n";
    text += &(1..=25).map(|i| i.to_string()).collect::<Vec<_>>().join(" ");
    text += "\nEnd\n";
    for m in 0..n / 5 {
        let mut p: Vec<usize> = (1..=n).collect();
        let mut o = vec![0; n];
        for k in 0..5 {
            p[5 * m + k] = 5 * m + (k + 1) % 5 + 1;
        }
        o[5 * m] = 1;
        o[5 * m + 1] = 1;
        let mut tiles: Vec<usize> = (1..=25).collect();
        if m == 0 {
            tiles.rotate_left(1);
        }
        text += &format!(
            "Move M{m}_\nRING\n{}\n{}\nTILE\n{}\nEnd\n",
            p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
            o.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
            tiles.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        );
    }
    text
}

#[test]
fn puzzles_of_any_size_are_read_and_searched() {
    for n in [40, 250] {
        let t = tws(&large(n));
        assert_eq!(t.bytes(), 2 * (n + 25));
        assert_eq!(t.rank_space(), None);
        let p = Perm::<Heap>::new(&t);
        let start = p.state(&t.scramble("M1_ M3_ M2_'").unwrap());
        let sol = bidirectional(&p, &start, &Context::new()).unwrap();
        assert_eq!(sol.moves.len(), 3, "{n}");
        assert!(p.is_goal(&replay(&p, &start, &sol.moves).unwrap().pop().unwrap()));
        let back = bfs(&p, &start, &Context::new()).unwrap();
        assert_eq!(back.moves.len(), 3, "{n}");
    }
    // The heap and the fixed arrays make the same moves.
    let t = tws(&large(30));
    let (a, b) = (Perm::<Heap>::new(&t), Perm::<Cells<128>>::new(&t));
    let s = t.scramble("M0_ M4_ M2_").unwrap();
    let (mut x, mut y) = (Vec::new(), Vec::new());
    a.for_each_successor(&a.state(&s), |m, c| x.push((m, c.0[..t.bytes()].to_vec())));
    b.for_each_successor(&b.state(&s), |m, c| y.push((m, c.0[..t.bytes()].to_vec())));
    assert_eq!(x, y);
}

#[test]
fn mistakes_in_the_new_statements_are_one_line() {
    let base = format!("{CYCLE}Move X\nC\n2 3 1\nEnd\n");
    for (tail, expected) in [
        (
            "MoveSequence Z X Q\n",
            "t.tws:10: the sequence 'Z' names moves the file does not define: Q",
        ),
        ("MoveAlias Z\n", "t.tws:10: write: MoveAlias NAME MOVES"),
        ("MoveSequence X X X\n", "t.tws:10: move 'X' is defined twice"),
        (
            "Illegal C 4 1\n",
            "t.tws:10: Illegal: set 'C' has slots 1 to 3; 4 is not one",
        ),
        ("Illegal C 1 9\n", "t.tws:10: Illegal: 9 is not a piece of set 'C'"),
        ("Illegal D 1 1\n", "t.tws:10: Illegal: 'D' is not a set of this puzzle"),
        ("Illegal C one 1\n", "t.tws:10: write: Illegal SET SLOT PIECE"),
        ("StartState\n", "t.tws:10: StartState is not read by tansaku"),
        (
            "MoveTransformation Y\nC\n1 2 3\nEnd\n",
            "t.tws:12: set 'C': numbers go from 0 to 2",
        ),
        ("Twist\n", "t.tws:10: 'Twist' is not a .tws statement here"),
    ] {
        let e = error(&format!("{base}{tail}"));
        assert!(e.starts_with(expected), "{tail:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // `?` orientations need at most 64 kinds of pieces in the set.
    let labels: Vec<String> = (1..=70).map(|i| i.to_string()).collect();
    let mut marks = vec!["0"; 70];
    marks[66] = "?";
    let e = error(&format!(
        "Set S 70 2\nSolved\nS\n{}\n{}\nEnd\nMove X\nS\n{}\nEnd\n",
        labels.join(" "),
        marks.join(" "),
        labels.join(" ")
    ));
    assert!(
        e.starts_with("t.tws:5: set 'S': a ? orientation needs at most 64 kinds"),
        "{e}"
    );
    let e = error("Set C 256 1\n");
    assert!(e.starts_with("t.tws:1: set 'C' has 256 pieces"), "{e}");
}
