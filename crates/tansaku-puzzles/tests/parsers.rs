//! Random text into every board parser of the built-in puzzles: an error
//! is fine, a panic never is.

use proptest::prelude::*;
use tansaku_puzzles::flip::FlipIt;
use tansaku_puzzles::jugs::Jugs;
use tansaku_puzzles::knights::{KNIGHT, Knights};
use tansaku_puzzles::reversi::{Position, parse_square};
use tansaku_puzzles::sliding::{Sliding, parse_board};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn library_parsers_never_panic(text in any::<String>(), other in "[BW_./0-9A-Da-d ,x]{0,24}") {
        for t in [text.as_str(), other.as_str()] {
            let _ = FlipIt::row(6, false).parse_board(t);
            let _ = FlipIt::square(4, 4, true).parse_board(t);
            for size in [None, Some((3, 3)), Some((4, 4)), Some((0, 5))] {
                if let Ok(b) = parse_board(t, size) {
                    let _ = Sliding::new(&b, None);
                    if let Ok(g) = parse_board(&other, size) {
                        let _ = Sliding::new(&b, Some(&g));
                    }
                }
            }
            let _ = Knights::new(t, &other, &KNIGHT);
            let _ = Position::start().replay(t);
            let _ = parse_square(t);
            let _ = tansaku_core::memory::parse_size(t);
        }
    }

    #[test]
    fn jugs_accept_or_refuse_any_capacities(caps in prop::collection::vec(any::<u32>(), 0..10), target in any::<u32>()) {
        let _ = Jugs::new(&caps, target);
    }
}
