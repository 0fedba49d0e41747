//! Random text into every option of the command line: an error is fine, a
//! panic never is. The command line takes short strings from each option's
//! alphabet (short enough that a valid board is small and solves at once)
//! and must answer with exit code 0, 1 or 2 and no panic.

use assert_cmd::Command;
use proptest::prelude::*;

/// Runs the command line; it must exit 0, 1 or 2 without a panic.
fn no_panic(args: &[&str]) -> Result<(), TestCaseError> {
    let out = Command::cargo_bin("tansaku").unwrap().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    prop_assert!(!err.contains("panicked"), "{:?}: {}", args, err);
    prop_assert!(matches!(out.status.code(), Some(0..=2)), "{:?}: {:?}", args, out.status);
    if out.status.code() == Some(2) {
        // One line saying what is wrong (clap adds usage lines after its own).
        prop_assert!(!err.trim().is_empty(), "{:?}: no message", args);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn flip_options_never_panic(board in "[BW_/.x ]{0,9}", size in "[0-9x*]{0,4}") {
        no_panic(&["solve", "flip-row", "--board", &board])?;
        no_panic(&["solve", "flip-square", "--board", &board, "--algo", "bidir"])?;
        no_panic(&["solve", "flip-square", "--size", &size, "--board", &board])?;
        no_panic(&["solve", "flip-row", "--board", "BB_BBB", "--goal", &board])?;
    }

    /// Random batch files (3x3 boards, comments, junk, blank lines): every
    /// line answered or named, never a panic.
    #[test]
    fn batch_files_never_panic(lines in prop::collection::vec("[1-8_0/. #,x]{0,11}", 0..6)) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("boards.txt");
        std::fs::write(&file, lines.join("\n")).unwrap();
        let file = file.to_str().unwrap();
        no_panic(&["solve", "sliding", "--batch", file])?;
        no_panic(&["solve", "sliding", "--batch", file, "--json", "--goal", "123/456/78_", "--bound", "linear-conflicts"])?;
    }

    #[test]
    fn sliding_options_never_panic(board in "[1-8_0/. ,AB]{0,9}", goal in "[1-8_0/. ,AB]{0,9}") {
        no_panic(&["solve", "sliding", "--board", &board, "--algo", "bidir"])?;
        no_panic(&["solve", "sliding", "--board", &board, "--goal", &goal, "--algo", "idastar"])?;
        no_panic(&["solve", "line", "--from", &board])?;
        no_panic(&["solve", "line", "--to", &goal, "--algo", "idastar"])?;
    }

    #[test]
    fn classic_options_never_panic(board in "[WB_/.x]{0,9}", caps in "[0-9,]{0,5}", target in "[0-3x-]{0,3}") {
        no_panic(&["solve", "knights", "--board", &board, "--goal", &board])?;
        no_panic(&["solve", "knights", "--size", &target])?;
        no_panic(&["solve", "jugs", "--capacity", &caps, "--target", &target])?;
    }

    #[test]
    fn reversi_options_never_panic(square in "[a-iA-I0-9 ]{0,3}", color in "[a-z]{0,6}", game in "[0-9]{0,3}") {
        no_panic(&["wipeout", "--first", &square, "--max-plies", "9"])?;
        no_panic(&["wipeout", "--color", &color, "--max-plies", "9"])?;
        no_panic(&["wipeout", "--svg", "/dev/null", "--game", &game])?;
        no_panic(&["perft", "--depth", &color])?;
    }

    #[test]
    fn size_and_memory_options_never_panic(size in "[0-9x*]{0,4}", mem in "[0-9.KMGkmgx]{0,5}") {
        // A 64 MB cap keeps every accepted size small.
        no_panic(&["longest", "flip-row", "--size", &size, "--max-memory", "64M", "--quiet", "--json"])?;
        no_panic(&["longest", "flip-square", "--size", &size, "--max-memory", "64M", "--quiet", "--json"])?;
        no_panic(&["longest", "sliding", "--size", &size, "--max-memory", "64M", "--quiet", "--json"])?;
        no_panic(&["longest", "sliding", "--size", "3x2", "--max-memory", &mem, "--quiet", "--json"])?;
    }
}
