//! Pictures: every `--svg` / `--plot` file is parsed as SVG and rendered to
//! pixels (resvg), and the pixels are checked: boards drawn, the moved piece
//! marked, discs and tiles in their colours.

use assert_cmd::Command;
use resvg::{tiny_skia, usvg};

/// Renders an SVG file; returns its pixels as RGBA and its size.
fn render(path: &std::path::Path) -> (Vec<[u8; 4]>, u32, u32) {
    let text = std::fs::read_to_string(path).unwrap();
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).expect("valid SVG");
    let (w, h) = (tree.size().width().ceil() as u32, tree.size().height().ceil() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let pixels = pixmap.data().chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
    (pixels, w, h)
}

fn count(pixels: &[[u8; 4]], rgb: [u8; 3]) -> usize {
    pixels.iter().filter(|p| p[..3] == rgb).count()
}

fn run(args: &[&str], file: &std::path::Path) {
    let out = Command::cargo_bin("tansaku")
        .unwrap()
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const ORANGE: [u8; 3] = [0xff, 0x98, 0x00];
const BLACK_DISC: [u8; 3] = [0x11, 0x11, 0x11];
const WHITE_DISC: [u8; 3] = [0xf4, 0xf4, 0xf4];
const RED_DOT: [u8; 3] = [0xe5, 0x39, 0x35];
const TILE: [u8; 3] = [0xf3, 0xe3, 0xb5];
const ARC: [u8; 3] = [0xb3, 0x26, 0x1e];
const WATER: [u8; 3] = [0x4a, 0x90, 0xd9];
const BAR: [u8; 3] = [0x3f, 0x6f, 0xb5];

#[test]
fn solution_strips_render_with_their_boards_and_marks() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &[[u8; 3]])] = &[
        (&["solve", "flip-square", "--svg"], &[BLACK_DISC, WHITE_DISC, RED_DOT]),
        (
            &["solve", "flip-row", "--board", "BB_BBB", "--svg"],
            &[BLACK_DISC, WHITE_DISC],
        ),
        (
            &["solve", "sliding", "--board", "867/254/3_1", "--algo", "bidir", "--svg"],
            &[TILE],
        ),
        (
            &[
                "solve", "line", "--from", "start3", "--to", "goal1", "--algo", "idastar", "--svg",
            ],
            &[TILE, ARC],
        ),
        (
            &["solve", "knights", "--algo", "bidir", "--svg"],
            &[BLACK_DISC, WHITE_DISC],
        ),
        (
            &["solve", "jugs", "--capacity", "8,5", "--target", "4", "--svg"],
            &[WATER],
        ),
        (&["solve", "river", "--svg"], &[TILE]),
    ];
    for (i, (args, colours)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("{i}.svg"));
        run(args, &file);
        let (pixels, w, h) = render(&file);
        assert!(w > 100 && h > 60, "{args:?}: {w}x{h}");
        assert!(count(&pixels, ORANGE) > 20, "{args:?}: the moved piece is outlined");
        for &c in colours.iter() {
            assert!(count(&pixels, c) > 20, "{args:?}: colour {c:?} drawn");
        }
    }
}

#[test]
fn the_eight_puzzle_strip_has_one_board_per_position() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("eight.svg");
    run(
        &["solve", "sliding", "--board", "867/254/3_1", "--algo", "bidir", "--svg"],
        &file,
    );
    let text = std::fs::read_to_string(&file).unwrap();
    // 32 boards (31 moves), each of 8 tiles; a moved tile on every board but the first.
    assert_eq!(text.matches("rx=\"4\"").count(), 32 * 8);
    assert_eq!(text.matches("class=\"moved\"").count(), 31);
}

#[test]
fn the_wipeout_animation_ends_on_the_wiped_out_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wipe.svg");
    run(&["wipeout", "--svg"], &file);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text.matches("<animate ").count(),
        10,
        "one frame per ply, and the start"
    );
    // A renderer without animation shows the last frame: black discs only.
    let (pixels, _, _) = render(&file);
    assert!(count(&pixels, BLACK_DISC) > 100);
    assert_eq!(count(&pixels, WHITE_DISC), 0, "white is wiped out");
}

#[test]
fn histogram_plots_render_one_bar_per_distance() {
    let dir = tempfile::tempdir().unwrap();
    for log in [false, true] {
        let file = dir.path().join(format!("hist{log}.svg"));
        let mut args = vec!["longest", "sliding", "--size", "3x3", "--quiet"];
        if log {
            args.push("--log");
        }
        args.push("--plot");
        run(&args, &file);
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(text.matches("class=\"bar\"").count(), 32, "distances 0 to 31");
        let (pixels, _, _) = render(&file);
        assert!(count(&pixels, BAR) > 500);
    }
}

#[test]
fn an_unwritable_picture_path_is_a_usage_error() {
    let out = Command::cargo_bin("tansaku")
        .unwrap()
        .args(["solve", "flip-row", "--svg", "/nonexistent-dir/x.svg"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the picture"));
}

/// The README's main command: every row agrees with the published figures, and every
/// picture it draws renders.
#[test]
fn the_tour_agrees_with_the_spec_and_draws_its_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("tansaku")
        .unwrap()
        .args(["tour", "--json", "--pictures"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(rows.len() >= 57);
    for r in &rows {
        assert_eq!(r["ok"], true, "{r}");
    }
    let mut files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 12);
    for f in &files {
        let (pixels, w, h) = render(f);
        assert!(w > 100 && h > 60);
        let drawn = pixels
            .iter()
            .filter(|p| p[..3] != [0xfa, 0xfa, 0xfa] && p[..3] != [0xff, 0xff, 0xff])
            .count();
        assert!(drawn > 1000, "{}: {drawn} drawn pixels", f.display());
    }
}
