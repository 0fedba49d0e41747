//! The command line's flags are built from the library's declarations: for
//! every game and question, every option the game and the request declare
//! for it appears in `--help` and is accepted; and every flag the command
//! line had before its flags were built from the declarations (as of the
//! 2026-11 redesign) still parses.

use assert_cmd::Command;
use tansaku::options::{Kind, OptionSpec, Question};

/// `tansaku ARGS --help` parses every argument before it (a value its
/// flag refuses is an error, exit code 2) and prints the help.
fn parses(args: &[&str]) -> Result<String, String> {
    let out = Command::cargo_bin("tansaku")
        .unwrap()
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        Ok(text)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// A value of `spec`'s kind.
fn sample(spec: &OptionSpec) -> Option<String> {
    Some(match spec.kind {
        Kind::Flag => return None,
        Kind::Int { min, .. } => min.to_string(),
        Kind::Size => "3x3".into(),
        Kind::List => "8,5".into(),
        Kind::Choice { values, .. } => values[values.len() - 1].to_string(),
        Kind::Bytes => "64M".into(),
        Kind::Board | Kind::Text | Kind::Path => spec.default.clone().unwrap_or_else(|| "x".into()),
    })
}

#[test]
fn every_declared_option_is_in_the_help_and_accepted() {
    for game in tansaku::games::builtins() {
        for q in [Question::Solve, Question::Longest] {
            if !game.answers().contains(&q.name()) {
                continue;
            }
            let help = parses(&[q.name(), game.name()]).unwrap();
            let specs = game.options().into_iter().chain(tansaku::request::options());
            for spec in specs.filter(|s| s.reads(q)) {
                let flag = format!("--{}", spec.flag_name());
                assert!(
                    help.contains(&flag),
                    "{} {}: {flag} is not in the help",
                    q.name(),
                    game.name()
                );
                let mut args = vec![q.name().to_string(), game.name().to_string(), flag.clone()];
                args.extend(sample(&spec));
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                if let Err(e) = parses(&args) {
                    panic!("{args:?} is refused: {e}");
                }
            }
        }
    }
}

#[test]
fn a_value_of_the_wrong_kind_is_refused_by_the_flag() {
    for (args, says) in [
        (
            vec!["solve", "sliding", "--automaton", "25"],
            "not a whole number from 0 to 24",
        ),
        (vec!["solve", "flip-square", "--size", "4x"], "not a board size"),
        (
            vec!["solve", "flip-row", "--bound", "best"],
            "is not one of corner, improved",
        ),
        (vec!["solve", "sliding", "--bound", "8-8"], "is not a bound"),
        (vec!["longest", "sliding", "--bits", "4"], "is not one of auto, 8, 2"),
        (
            vec!["solve", "jugs", "--capacity", "8,x"],
            "not a list of whole numbers",
        ),
    ] {
        let err = parses(&args).unwrap_err();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Every flag of the command line before its flags were built from the
/// declarations: (subcommand, flag, a value).
const BEFORE: &[(&str, &str, &str)] = &[
    ("check", "--json", ""),
    ("check", "--max-memory", "1G"),
    ("check", "--quiet", ""),
    ("longest", "--def", "x"),
    ("longest", "--metric", "step"),
    ("longest", "--json", ""),
    ("longest", "--max-memory", "1G"),
    ("longest", "--limit", "5"),
    ("longest", "--plot", "x"),
    ("longest", "--log", ""),
    ("longest", "--quiet", ""),
    ("longest", "--progress", ""),
    ("longest", "--bits", "2"),
    ("longest", "--checkpoint", "d"),
    ("longest", "--checkpoint-every", "5"),
    ("longest", "--disk", "d"),
    ("longest flip-row", "--size", "5"),
    ("longest flip-row", "--adjacent", ""),
    ("longest flip-row", "--json", ""),
    ("longest flip-row", "--max-memory", "1G"),
    ("longest flip-row", "--limit", "5"),
    ("longest flip-row", "--plot", "x"),
    ("longest flip-row", "--log", ""),
    ("longest flip-row", "--quiet", ""),
    ("longest flip-row", "--progress", ""),
    ("longest flip-row", "--bits", "2"),
    ("longest flip-row", "--checkpoint", "d"),
    ("longest flip-row", "--checkpoint-every", "5"),
    ("longest flip-row", "--disk", "d"),
    ("longest flip-square", "--size", "3x3"),
    ("longest flip-square", "--diagonal", ""),
    ("longest flip-square", "--adjacent", ""),
    ("longest flip-square", "--json", ""),
    ("longest flip-square", "--max-memory", "1G"),
    ("longest flip-square", "--limit", "5"),
    ("longest flip-square", "--plot", "x"),
    ("longest flip-square", "--log", ""),
    ("longest flip-square", "--quiet", ""),
    ("longest flip-square", "--progress", ""),
    ("longest flip-square", "--bits", "2"),
    ("longest flip-square", "--checkpoint", "d"),
    ("longest flip-square", "--checkpoint-every", "5"),
    ("longest flip-square", "--disk", "d"),
    ("longest line", "--goal", "goal1"),
    ("longest line", "--json", ""),
    ("longest line", "--max-memory", "1G"),
    ("longest line", "--limit", "5"),
    ("longest line", "--plot", "x"),
    ("longest line", "--log", ""),
    ("longest line", "--quiet", ""),
    ("longest line", "--progress", ""),
    ("longest line", "--bits", "2"),
    ("longest line", "--checkpoint", "d"),
    ("longest line", "--checkpoint-every", "5"),
    ("longest line", "--disk", "d"),
    ("longest sliding", "--size", "3x3"),
    ("longest sliding", "--goal", "123/456/78_"),
    ("longest sliding", "--json", ""),
    ("longest sliding", "--max-memory", "1G"),
    ("longest sliding", "--limit", "5"),
    ("longest sliding", "--plot", "x"),
    ("longest sliding", "--log", ""),
    ("longest sliding", "--quiet", ""),
    ("longest sliding", "--progress", ""),
    ("longest sliding", "--bits", "2"),
    ("longest sliding", "--checkpoint", "d"),
    ("longest sliding", "--checkpoint-every", "5"),
    ("longest sliding", "--disk", "d"),
    ("pdb build", "--def", "x"),
    ("pdb build", "--table-memory", "1G"),
    ("pdb build", "--size", "3x3"),
    ("pdb build", "--partition", "7-8"),
    ("pdb build", "--goal", "123/456/78_"),
    ("pdb build", "--max-memory", "1G"),
    ("pdb build", "--quiet", ""),
    ("pdb build", "--pdb-dir", "d"),
    ("pdb build", "--json", ""),
    ("pdb choose", "--size", "3x3"),
    ("pdb choose", "--goal", "123/456/78_"),
    ("pdb choose", "--sample", "x"),
    ("pdb choose", "--walks", "5"),
    ("pdb choose", "--moves", "10"),
    ("pdb choose", "--grown", "5"),
    ("pdb choose", "--partition", "7-8"),
    ("pdb choose", "--zero-aware", "yes"),
    ("pdb choose", "--table-memory", "1G"),
    ("pdb choose", "--most", "2"),
    ("pdb choose", "--seed", "1"),
    ("pdb choose", "--threads", "1"),
    ("pdb choose", "--max-memory", "1G"),
    ("pdb choose", "--quiet", ""),
    ("pdb choose", "--pdb-dir", "d"),
    ("pdb choose", "--json", ""),
    ("pdb clear", "--pdb-dir", "d"),
    ("pdb clear", "--json", ""),
    ("pdb list", "--pdb-dir", "d"),
    ("pdb list", "--json", ""),
    ("perft", "--depth", "6"),
    ("perft", "--json", ""),
    ("serve", "--addr", "127.0.0.1:0"),
    ("serve", "--open", ""),
    ("serve", "--max-memory", "1G"),
    ("serve", "--time-limit", "5"),
    ("serve", "--jobs", "5"),
    ("serve", "--pdb-dir", "d"),
    ("serve", "--allow-host", "h"),
    ("solve", "--def", "x"),
    ("solve", "--metric", "step"),
    ("solve", "--board", "BB_BBB"),
    ("solve", "--batch", "x"),
    ("solve", "--set", "a=b"),
    ("solve", "--algo", "bfs"),
    ("solve", "--threads", "1"),
    ("solve", "--max-depth", "10"),
    ("solve", "--json", ""),
    ("solve", "--max-memory", "1G"),
    ("solve", "--quiet", ""),
    ("solve", "--svg", "x"),
    ("solve flip-row", "--board", "BB_BBB"),
    ("solve flip-row", "--goal", "goal1"),
    ("solve flip-row", "--adjacent", ""),
    ("solve flip-row", "--bound", "corner"),
    ("solve flip-row", "--algo", "bfs"),
    ("solve flip-row", "--threads", "1"),
    ("solve flip-row", "--max-depth", "10"),
    ("solve flip-row", "--json", ""),
    ("solve flip-row", "--max-memory", "1G"),
    ("solve flip-row", "--quiet", ""),
    ("solve flip-row", "--svg", "x"),
    ("solve flip-square", "--size", "3x3"),
    ("solve flip-square", "--board", "BB_BBB"),
    ("solve flip-square", "--goal", "goal1"),
    ("solve flip-square", "--diagonal", ""),
    ("solve flip-square", "--adjacent", ""),
    ("solve flip-square", "--bound", "corner"),
    ("solve flip-square", "--algo", "bfs"),
    ("solve flip-square", "--threads", "1"),
    ("solve flip-square", "--max-depth", "10"),
    ("solve flip-square", "--json", ""),
    ("solve flip-square", "--max-memory", "1G"),
    ("solve flip-square", "--quiet", ""),
    ("solve flip-square", "--svg", "x"),
    ("solve jugs", "--capacity", "8,5"),
    ("solve jugs", "--target", "4"),
    ("solve jugs", "--algo", "bfs"),
    ("solve jugs", "--threads", "1"),
    ("solve jugs", "--max-depth", "10"),
    ("solve jugs", "--json", ""),
    ("solve jugs", "--max-memory", "1G"),
    ("solve jugs", "--quiet", ""),
    ("solve jugs", "--svg", "x"),
    ("solve knights", "--size", "3x3"),
    ("solve knights", "--board", "BB_BBB"),
    ("solve knights", "--goal", "goal1"),
    ("solve knights", "--algo", "bfs"),
    ("solve knights", "--threads", "1"),
    ("solve knights", "--max-depth", "10"),
    ("solve knights", "--json", ""),
    ("solve knights", "--max-memory", "1G"),
    ("solve knights", "--quiet", ""),
    ("solve knights", "--svg", "x"),
    ("solve line", "--from", "start1"),
    ("solve line", "--to", "start1"),
    ("solve line", "--bound", "manhattan"),
    ("solve line", "--algo", "bfs"),
    ("solve line", "--threads", "1"),
    ("solve line", "--max-depth", "10"),
    ("solve line", "--json", ""),
    ("solve line", "--max-memory", "1G"),
    ("solve line", "--quiet", ""),
    ("solve line", "--svg", "x"),
    ("solve river", "--algo", "bfs"),
    ("solve river", "--threads", "1"),
    ("solve river", "--max-depth", "10"),
    ("solve river", "--json", ""),
    ("solve river", "--max-memory", "1G"),
    ("solve river", "--quiet", ""),
    ("solve river", "--svg", "x"),
    ("solve sliding", "--board", "BB_BBB"),
    ("solve sliding", "--batch", "x"),
    ("solve sliding", "--pdb-dir", "d"),
    ("solve sliding", "--goal", "goal1"),
    ("solve sliding", "--size", "3x3"),
    ("solve sliding", "--bound", "manhattan"),
    ("solve sliding", "--automaton", "10"),
    ("solve sliding", "--frontier", "5"),
    ("solve sliding", "--checkpoint", "d"),
    ("solve sliding", "--checkpoint-every", "5"),
    ("solve sliding", "--algo", "bfs"),
    ("solve sliding", "--threads", "1"),
    ("solve sliding", "--max-depth", "10"),
    ("solve sliding", "--json", ""),
    ("solve sliding", "--max-memory", "1G"),
    ("solve sliding", "--quiet", ""),
    ("solve sliding", "--svg", "x"),
    ("tour", "--json", ""),
    ("tour", "--pictures", "d"),
    ("tour", "--no-pictures", ""),
    ("wipeout", "--color", "white"),
    ("wipeout", "--first", "F5"),
    ("wipeout", "--max-plies", "9"),
    ("wipeout", "--max-memory", "1G"),
    ("wipeout", "--quiet", ""),
    ("wipeout", "--ascii", ""),
    ("wipeout", "--svg", "x"),
    ("wipeout", "--game", "1"),
    ("wipeout", "--json", ""),
];

#[test]
fn every_flag_of_before_the_redesign_still_parses() {
    for (cmd, flag, value) in BEFORE {
        let mut args: Vec<&str> = cmd.split(' ').collect();
        args.push(flag);
        if !value.is_empty() {
            args.push(value);
        }
        if let Err(e) = parses(&args) {
            panic!("{args:?} no longer parses: {e}");
        }
    }
}
