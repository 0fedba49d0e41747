//! The house kept tidy, as rust-analyzer keeps its own: a test that reads
//! the workspace's sources and fails, naming the place, when
//!
//! * a source file (Rust, the page's scripts, Python) passes 1,000 lines;
//! * a Rust function passes 150 lines;
//! * a crate depends on one on its own floor or above (the floors of
//!   docs/architecture.md: core, then the puzzles and the definitions,
//!   then the door, then the front ends and the benchmarks);
//! * docs/architecture.md's list of crates misses one;
//! * the command line declares a flag of its own for a setting the library
//!   declares ([`tansaku::settings`]): its flag is built from the
//!   declaration, in `cli/settings.rs`.

use std::path::{Path, PathBuf};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
const MOST_LINES: usize = 1000;
const MOST_FN_LINES: usize = 150;

/// Each crate's floor: a crate may depend only on crates of a lower one.
const FLOORS: [(&str, u32); 8] = [
    ("tansaku-core", 0),
    ("tansaku-puzzles", 1),
    ("tansaku-define", 1),
    ("tansaku", 2),
    ("tansaku-cli", 3),
    ("tansaku-wasm", 3),
    ("tansaku-py", 3),
    ("tansaku-bench", 3),
];

/// Every file under `dir` whose name ends with one of `exts`, but for
/// build output, installed packages and hidden folders.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                files(&path, exts, out);
            }
        } else if exts.iter().any(|x| name.ends_with(x)) {
            out.push(path);
        }
    }
}

fn sources(exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["crates", "web", "python", "tests"] {
        files(&Path::new(ROOT).join(dir), exts, &mut out);
    }
    out.sort();
    out
}

fn shown(path: &Path) -> String {
    path.strip_prefix(ROOT).unwrap_or(path).display().to_string()
}

#[test]
fn no_source_file_passes_a_thousand_lines() {
    let long: Vec<String> = sources(&[".rs", ".js", ".mjs", ".py", ".html", ".css"])
        .iter()
        .filter_map(|p| {
            let n = std::fs::read_to_string(p).ok()?.lines().count();
            (n > MOST_LINES).then(|| format!("{}: {n} lines", shown(p)))
        })
        .collect();
    assert!(
        long.is_empty(),
        "split these by job (at most {MOST_LINES} lines a file):\n{}",
        long.join("\n")
    );
}

/// The functions of a Rust source longer than [`MOST_FN_LINES`]: from a
/// line opening `fn` to the line closing it at the same indent.
fn long_functions(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let words: Vec<&str> = body.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        if !words[..at]
            .iter()
            .all(|w| w.starts_with("pub") || ["const", "async", "unsafe", "extern"].contains(w))
        {
            continue;
        }
        let name: String = words
            .get(at + 1)
            .map(|w| w.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect())
            .unwrap_or_default();
        // The signature ends with `{` (a body) or `;` (a declaration).
        let Some(open) = (i..lines.len()).find(|&k| {
            let l = lines[k].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = (open + 1..lines.len()).find(|&k| lines[k] == close) {
            let n = end - i + 1;
            if n > MOST_FN_LINES {
                out.push((i + 1, name, n));
            }
        }
    }
    out
}

#[test]
fn no_function_passes_a_hundred_and_fifty_lines() {
    let sample =
        "fn short() {\n    1\n}\n\npub(crate) fn long() {\n".to_string() + &"    x();\n".repeat(MOST_FN_LINES) + "}\n";
    assert_eq!(
        long_functions(&sample),
        vec![(5, "long".to_string(), MOST_FN_LINES + 2)]
    );
    let long: Vec<String> = sources(&[".rs"])
        .iter()
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            long_functions(&text)
                .into_iter()
                .map(move |(line, name, n)| format!("{}:{line}: fn {name}: {n} lines", shown(p)))
        })
        .collect();
    assert!(
        long.is_empty(),
        "cut these into functions with one job each (at most {MOST_FN_LINES} lines):\n{}",
        long.join("\n")
    );
}

/// The workspace crates a crate's Cargo.toml names, in any dependency
/// table.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line.contains("dependencies");
            continue;
        }
        if in_deps && line.starts_with("tansaku") {
            let name: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

fn crates() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("crates"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn no_crate_depends_on_its_own_floor_or_one_above() {
    let floor = |name: &str| FLOORS.iter().find(|f| f.0 == name).map(|f| f.1);
    assert_eq!(
        dependencies("[dependencies]\ntansaku-core.workspace = true\n[lints]\ntansaku = 1"),
        ["tansaku-core"]
    );
    let mut wrong = Vec::new();
    for name in crates() {
        let Some(mine) = floor(&name) else {
            wrong.push(format!(
                "crates/{name} has no floor: give it one in FLOORS and docs/architecture.md"
            ));
            continue;
        };
        let manifest = std::fs::read_to_string(Path::new(ROOT).join("crates").join(&name).join("Cargo.toml")).unwrap();
        for dep in dependencies(&manifest) {
            match floor(&dep) {
                Some(theirs) if theirs < mine => {}
                _ => wrong.push(format!(
                    "crates/{name} (floor {mine}) depends on {dep}, which is not below it"
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_architecture_names_every_crate() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/architecture.md")).unwrap();
    let missing: Vec<String> = crates()
        .into_iter()
        .filter(|name| !doc.contains(&format!("* **{name}**")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md's list of crates (`* **name**`) misses {missing:?}"
    );
}

#[test]
fn settings_are_flags_only_through_their_declarations() {
    let mut wrong = Vec::new();
    let mut rs = Vec::new();
    files(&Path::new(ROOT).join("crates/tansaku-cli/src"), &[".rs"], &mut rs);
    for path in rs.iter().filter(|p| !p.ends_with("cli/settings.rs")) {
        let text = std::fs::read_to_string(path).unwrap();
        for s in tansaku::settings::ALL {
            let field = s.field();
            let quoted = format!("\"{}\"", s.name);
            let derived = format!("pub {field}: ");
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                // A field clap derives a flag for: `#[arg(...)]` above it.
                let clap_field = line.contains(&derived) && i > 0 && lines[i - 1].trim_start().starts_with("#[arg(");
                if line.contains(&quoted) || clap_field {
                    wrong.push(format!("{}:{}: {}", shown(path), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a setting declared by the library (tansaku::settings) is declared again: take it as a Set<...> (cli/settings.rs) instead:\n{}",
        wrong.join("\n")
    );
}

/// The keywords of `ask(kind, body, ...)` in the Python extension.
fn python_keywords() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("crates/tansaku-py/src/lib.rs")).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("signature = (kind, body"))
        .expect("the extension's ask has a signature");
    let inner = &line[line.find("(kind").unwrap() + 1..line.rfind(')').unwrap()];
    inner
        .split(',')
        .map(|w| w.split('=').next().unwrap().trim().to_string())
        .filter(|w| !["kind", "body", "progress", ""].contains(&w.as_str()))
        .collect()
}

#[test]
fn python_keywords_are_declared_settings_or_options() {
    let settings: Vec<String> = tansaku::settings::ALL.iter().map(|s| s.field()).collect();
    let options: Vec<String> = tansaku::request::options()
        .iter()
        .map(|o| o.name.replace('-', "_"))
        .collect();
    let keywords = python_keywords();
    assert!(keywords.contains(&"max_memory".to_string()), "{keywords:?}");
    let stray: Vec<&String> = keywords
        .iter()
        .filter(|k| !settings.contains(k) && !options.contains(k))
        .collect();
    assert!(
        stray.is_empty(),
        "Python's keywords {stray:?} are neither a setting of tansaku::settings nor an option of tansaku::request: declare them there, under the same name"
    );
}
