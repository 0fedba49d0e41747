//! docs/published.md, Reversi: the published perft table, and the shortest wipeouts
//! (black 9 plies / 36 positions up to symmetry, white 10 / 28, 57 games
//! opening with F5), each count checked against a plain enumeration of
//! every game, every reported game replayed to a wipeout.

use proptest::prelude::*;
use std::collections::HashSet;
use tansaku_core::replay;
use tansaku_core::search::counting::{ShortestCount, count_shortest};
use tansaku_puzzles::reversi::{
    Color, Position, Wipeout, flips, legal_moves, parse_square, perft, square_name, symmetry,
};

/// The published Othello perft table, depths 1 to 10.
const PERFT: [u64; 10] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284];

#[test]
fn perft_matches_the_published_table() {
    for (d, &leaves) in PERFT.iter().enumerate() {
        assert_eq!(perft(&Position::start(), d as u32 + 1), leaves, "perft({})", d + 1);
    }
}

/// Every game of exactly `plies` plies from `pos` (passes implied), by
/// plain depth-first enumeration: the games that end with `winner` alone on
/// the board, and their distinct final boards.
fn enumerate(pos: Position, plies: u32, winner: Color, games: &mut u64, finals: &mut HashSet<(u64, u64)>) {
    if pos.discs(winner.other()) == 0 {
        if plies == 0 {
            *games += 1;
            finals.insert((pos.black, pos.white));
        }
        return;
    }
    if plies == 0 {
        return;
    }
    let pos = pos.after_pass();
    if pos.mover().is_none() {
        return;
    }
    let mut m = pos.moves();
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        enumerate(pos.play(sq).unwrap(), plies - 1, winner, games, finals);
    }
}

/// Checks a counting search against the enumeration and replays its games.
fn check(found: &ShortestCount<Wipeout>, p: &Wipeout, from: Position, plies: u32) {
    assert_eq!(found.depth, plies);
    let (mut games, mut finals) = (0, HashSet::new());
    enumerate(from, plies, p.winner, &mut games, &mut finals);
    assert_eq!(found.sequences(), games as u128, "sequences against plain enumeration");
    assert_eq!(
        found.positions(),
        finals.len() as u64,
        "positions against plain enumeration"
    );
    // No shorter wipeout exists.
    for shorter in 1..plies {
        let (mut g, mut f) = (0, HashSet::new());
        enumerate(from, shorter, p.winner, &mut g, &mut f);
        assert_eq!(g, 0, "a wipeout in {shorter} plies");
    }
    for class in &found.classes {
        let boards = replay(p, &from, &class.moves).expect("legal moves");
        assert_eq!(boards.len() as u32, plies + 1);
        let last = boards.last().unwrap();
        assert_eq!(last.discs(p.winner.other()), 0);
        assert!(finals.contains(&(last.black, last.white)));
    }
}

#[test]
fn black_wipes_white_out_in_nine_plies_36_positions_up_to_symmetry() {
    let p = Wipeout { winner: Color::Black };
    let found = count_shortest(&p, &Position::start(), true, 12, &tansaku_core::Context::new()).unwrap();
    check(&found, &p, Position::start(), 9);
    assert_eq!(found.classes.len(), 36);
    assert_eq!(found.symmetries, 4);
    // The four opening moves are symmetric: four times the 57 F5 games.
    assert_eq!(found.sequences(), 4 * 57);
}

#[test]
fn white_wipes_black_out_in_ten_plies_28_positions_up_to_symmetry() {
    let p = Wipeout { winner: Color::White };
    let found = count_shortest(&p, &Position::start(), true, 12, &tansaku_core::Context::new()).unwrap();
    check(&found, &p, Position::start(), 10);
    assert_eq!(found.classes.len(), 28);
}

#[test]
fn fifty_seven_nine_ply_wipeouts_open_with_f5() {
    let p = Wipeout { winner: Color::Black };
    let after_f5 = Position::start().play(parse_square("f5").unwrap()).unwrap();
    let found = count_shortest(&p, &after_f5, true, 12, &tansaku_core::Context::new()).unwrap();
    // No symmetry of the start fixes F5, so nothing is merged.
    assert_eq!(found.symmetries, 1);
    check(&found, &p, after_f5, 8);
    assert_eq!(found.sequences(), 57);
    // Without merging, the same counts.
    let plain = count_shortest(&p, &after_f5, false, 12, &tansaku_core::Context::new()).unwrap();
    assert_eq!((plain.sequences(), plain.positions()), (57, found.positions()));
}

#[test]
fn merged_and_unmerged_searches_agree() {
    let p = Wipeout { winner: Color::Black };
    let merged = count_shortest(&p, &Position::start(), true, 12, &tansaku_core::Context::new()).unwrap();
    let plain = count_shortest(&p, &Position::start(), false, 12, &tansaku_core::Context::new()).unwrap();
    assert_eq!(plain.depth, merged.depth);
    assert_eq!(plain.sequences(), merged.sequences());
    assert_eq!(plain.positions(), merged.positions());
    assert_eq!(plain.classes.len() as u64, plain.positions());
}

#[test]
fn the_articles_first_record_replays_to_a_wipeout() {
    let boards = Position::start().replay("D3c3B3d2E1d6D7e3F4").unwrap();
    assert_eq!(boards.len(), 10);
    let last = boards.last().unwrap();
    assert_eq!(last.white, 0);
    assert_eq!(last.black.count_ones(), 13);
}

#[test]
fn bad_records_are_rejected_with_the_move_named() {
    let s = Position::start();
    let e = s.replay("D3D3").unwrap_err();
    assert!(e.contains("move 2"), "{e}");
    let e = s.replay("d3").unwrap_err();
    assert!(e.contains("by white, but black is to move"), "{e}");
    let e = s.replay("A1").unwrap_err();
    assert!(e.contains("not legal"), "{e}");
    assert!(s.replay("D3c").is_err());
    assert!(s.replay("Z9").is_err());
    assert!(s.replay("D3-c3 B3").is_ok());
}

/// Flips by walking each direction square by square.
fn naive_flips(p: u64, o: u64, sq: u32) -> u64 {
    let (c0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut all = 0;
    for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)] {
        let (mut c, mut r, mut run) = (c0 + dc, r0 + dr, 0u64);
        while (0..8).contains(&c) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + c);
            if o & bit != 0 {
                run |= bit;
            } else {
                if p & bit != 0 {
                    all |= run;
                }
                break;
            }
            c += dc;
            r += dr;
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn moves_and_flips_agree_with_a_square_by_square_walk(a in any::<u64>(), b in any::<u64>()) {
        let (p, o) = (a & !b, b);
        let empty = !(p | o);
        let moves = legal_moves(p, o);
        for sq in 0..64 {
            let f = naive_flips(p, o, sq);
            let legal = empty >> sq & 1 != 0 && f != 0;
            prop_assert_eq!(moves >> sq & 1 != 0, legal, "square {}", square_name(sq, Color::Black));
            if legal {
                prop_assert_eq!(flips(p, o, sq), f);
            }
        }
    }

    #[test]
    fn symmetries_commute_with_move_generation(a in any::<u64>(), b in any::<u64>(), i in 0usize..4) {
        let (p, o) = (a & !b, b);
        prop_assert_eq!(legal_moves(symmetry(i, p), symmetry(i, o)), symmetry(i, legal_moves(p, o)));
    }
}
