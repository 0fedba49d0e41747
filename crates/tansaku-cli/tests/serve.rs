//! `tansaku serve` over real HTTP: every question answers with what the
//! command line prints with --json; bad input is a 4xx with the command
//! line's message, never a 5xx; fifty solves at once and hostile requests
//! lose nothing and stay within the memory budget; a client that goes away
//! cancels its job; the time limit stops a job.

use crate::support::timeless;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server on a free port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
    _pdb: tempfile::TempDir,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let pdb = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tansaku"))
            .args(["serve", "--addr", "127.0.0.1:0", "--pdb-dir"])
            .arg(pdb.path())
            .args(args)
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut err = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        err.read_line(&mut line).unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        // Keep reading stderr so the server never blocks on it.
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = err.read_to_string(&mut sink);
        });
        Server { child, port, _pdb: pdb }
    }

    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        // A guard against a server that hangs, not a time the answer must
        // come within: ten minutes, past a cold solve that builds its
        // tables first on one busy core.
        s.set_read_timeout(Some(Duration::from_secs(600))).unwrap();
        s
    }

    /// One request; the status, the headers (lower case) and the body.
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
        let mut s = self.connect();
        send(&mut s, self.port, method, path, headers, body);
        read_response(&mut s)
    }

    fn post(&self, path: &str, body: &Value) -> Response {
        self.request(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        )
    }

    fn status(&self) -> Value {
        self.request("GET", "/api/status", &[], b"").json()
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn send(s: &mut TcpStream, port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) before reading a large body, and close.
    let _ = s.write_all(body);
}

struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

fn read_response(s: &mut TcpStream) -> Response {
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Response { status, headers, body }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = b.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&b[..end]).trim(), 16).unwrap_or(0);
        if size == 0 || b.len() < end + 2 + size {
            break;
        }
        out.extend_from_slice(&b[end + 2..end + 2 + size]);
        b = &b[(end + 4 + size).min(b.len())..];
    }
    out
}

/// The command line's --json (timeless) and its stderr.
fn cli(args: &[&str]) -> (Option<Value>, String) {
    let quiet: &[&str] = if args[0] == "perft" { &[] } else { &["--quiet"] };
    let (lines, _, err) = crate::support::json_run(&[args, quiet].concat(), None);
    (lines.into_iter().next(), err)
}

fn puzzle(name: &str) -> String {
    format!("{}/puzzles/{name}", crate::support::ROOT)
}

#[test]
fn every_question_answers_as_the_command_line() {
    let s = Server::start(&[]);
    let games = s.request("GET", "/api/games", &[], b"");
    assert_eq!(games.status, 200);
    assert!(
        games
            .header("content-security-policy")
            .unwrap()
            .contains("default-src 'self'")
    );
    let g = games.json();
    let names: Vec<&str> = g["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    for b in tansaku::games::builtins() {
        assert!(names.contains(&b.name()), "{}", b.name());
    }
    assert!(
        g["definitions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["name"] == "klotski")
    );
    let knights = puzzle("knights.toml");
    let cases: [(Value, &str, Vec<&str>); 7] = [
        (
            serde_json::json!({"game": "sliding", "board": "867/254/3_1", "algo": "bfs"}),
            "/api/solve",
            vec!["solve", "sliding", "--board", "867/254/3_1", "--algo", "bfs"],
        ),
        (
            serde_json::json!({"game": "flip-square", "options": {"diagonal": true}, "algo": "bidir"}),
            "/api/solve",
            vec!["solve", "flip-square", "--diagonal", "--algo", "bidir"],
        ),
        (
            serde_json::json!({"game": "line", "board": "start2", "goal": "goal1"}),
            "/api/solve",
            vec!["solve", "line", "--from", "start2", "--to", "goal1", "--threads", "1"],
        ),
        (
            serde_json::json!({"game": "flip-row", "options": {"size": 6}}),
            "/api/longest",
            vec!["longest", "flip-row", "--size", "6"],
        ),
        (
            serde_json::json!({"options": {"first": "F5"}}),
            "/api/wipeout",
            vec!["wipeout", "--first", "F5"],
        ),
        (
            serde_json::json!({"depth": 7}),
            "/api/perft",
            vec!["perft", "--depth", "7"],
        ),
        (
            serde_json::json!({"definition": std::fs::read_to_string(&knights).unwrap(), "file": knights}),
            "/api/check",
            vec!["check", &knights],
        ),
    ];
    for (body, path, args) in cases {
        let r = s.post(path, &body);
        assert_eq!(r.status, 200, "{path} {body}: {}", String::from_utf8_lossy(&r.body));
        assert_eq!(Some(timeless(r.json())), cli(&args).0, "{path} {body}");
    }
    // A definition's solve, by its text.
    let text = std::fs::read_to_string(puzzle("klotski.toml")).unwrap();
    let r = s.post("/api/solve", &serde_json::json!({"definition": text}));
    assert_eq!(
        timeless(r.json()),
        cli(&["solve", "--def", &puzzle("klotski.toml")]).0.unwrap()
    );
    // No solution is an answer too: the command line's object.
    let r = s.post(
        "/api/solve",
        &serde_json::json!({"game": "sliding", "board": "123/456/87_"}),
    );
    assert_eq!(r.status, 200);
    assert_eq!(
        Some(timeless(r.json())),
        cli(&["solve", "sliding", "--board", "123/456/87_"]).0
    );
    // The page's own questions.
    let r = s.post(
        "/api/position",
        &serde_json::json!({"game": "sliding", "board": "123/456/87_"}),
    );
    let p = r.json();
    assert!(p["unsolvable"].as_str().unwrap().contains("odd permutation"));
    assert_eq!(p["cells"]["tokens"].as_array().unwrap().len(), 9);
    let r = s.post(
        "/api/scramble",
        &serde_json::json!({"game": "sliding", "seed": 7, "moves": 40}),
    );
    let again = s.post(
        "/api/scramble",
        &serde_json::json!({"game": "sliding", "seed": 7, "moves": 40}),
    );
    assert_eq!(r.json()["board"], again.json()["board"]);
    let r = s.post(
        "/api/picture",
        &serde_json::json!({"title": "t", "grids": [{"width": 2, "height": 1, "cells": ["black", "empty"]}]}),
    );
    assert_eq!((r.status, r.header("content-type")), (200, Some("image/svg+xml")));
    // The page itself.
    let page = s.request("GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("<script type=\"module\" src=\"app.js\">"));
    for f in ["app.js", "style.css", "backend.js", "board.js"] {
        assert_eq!(s.request("GET", &format!("/{f}"), &[], b"").status, 200, "{f}");
    }
}

#[test]
fn bad_input_is_a_4xx_with_the_command_lines_message() {
    let s = Server::start(&["--max-memory", "256M"]);
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    let bad_text = "name = \"x\"\nkind = \"blocks\"\nstart = \"\"\"\nA.A\n\"\"\"\ngoal = \"A.A\"\n";
    std::fs::write(&bad, bad_text).unwrap();
    let bad = bad.to_str().unwrap().to_string();
    // (body, path, the same question on the command line, status, kind)
    let cases: Vec<(Value, &str, Vec<&str>, u16, &str)> = vec![
        (
            serde_json::json!({"game": "sliding", "board": "86/254/3_1"}),
            "/api/solve",
            vec!["solve", "sliding", "--board", "86/254/3_1"],
            400,
            "bad-input",
        ),
        (
            serde_json::json!({"game": "no-such-puzzle"}),
            "/api/solve",
            vec!["solve", "no-such-puzzle"],
            400,
            "unknown-game",
        ),
        (
            serde_json::json!({"definition": bad_text, "file": bad}),
            "/api/check",
            vec!["check", &bad],
            400,
            "bad-definition",
        ),
        (
            serde_json::json!({"game": "jugs", "algo": "bidir"}),
            "/api/solve",
            vec!["solve", "jugs", "--algo", "bidir"],
            400,
            "unsupported",
        ),
        (
            serde_json::json!({"game": "wipeout", "options": {"color": "red"}}),
            "/api/solve",
            vec!["solve", "wipeout", "--set", "color=red"],
            400,
            "bad-option",
        ),
        (
            serde_json::json!({"game": "wipeout", "options": {"colour": "white"}}),
            "/api/solve",
            vec!["solve", "wipeout", "--set", "colour=white"],
            400,
            "unknown-option",
        ),
    ];
    for (body, path, args, status, kind) in cases {
        let r = s.post(path, &body);
        assert_eq!((r.status, r.json()["kind"].as_str()), (status, Some(kind)), "{body}");
        let (_, err) = cli(&args);
        let message = r.json()["error"].as_str().unwrap().to_string();
        assert_eq!(err, format!("tansaku: {message}"), "{body}");
    }
    // A space over the budget: refused before anything is allocated.
    let r = s.post(
        "/api/longest",
        &serde_json::json!({"game": "sliding", "options": {"size": "4x4"}}),
    );
    assert_eq!((r.status, r.json()["kind"].as_str()), (422, Some("over-budget")));
    assert!(r.json()["error"].as_str().unwrap().contains("needs about"));
    // Bodies, methods, addresses, types.
    let huge = vec![b'x'; 10 << 20];
    let r = s.request("POST", "/api/solve", &[("Content-Type", "application/json")], &huge);
    assert_eq!((r.status, r.json()["kind"].as_str()), (413, Some("too-large")));
    let r = s.request(
        "POST",
        "/api/solve",
        &[("Content-Type", "application/json")],
        b"{\"game\": ",
    );
    assert_eq!((r.status, r.json()["kind"].as_str()), (400, Some("bad-json")));
    let r = s.request("POST", "/api/solve", &[("Content-Type", "text/plain")], b"{}");
    assert_eq!(r.status, 415);
    let r = s.request("GET", "/api/solve", &[], b"");
    assert_eq!((r.status, r.header("allow")), (405, Some("POST")));
    // An unknown question names every question the library answers.
    let r = s.request(
        "POST",
        "/api/frobnicate",
        &[("Content-Type", "application/json")],
        b"{}",
    );
    assert_eq!((r.status, r.json()["kind"].as_str()), (404, Some("unknown-question")));
    let said = r.json()["error"].as_str().unwrap_or_default().to_string();
    for name in tansaku::ask::Kind::NAMES {
        assert!(said.contains(name), "{said}");
    }
    assert_eq!(s.request("GET", "/api/nothing/here", &[], b"").status, 404);
    assert_eq!(s.post("/api/cancel/999999", &serde_json::json!({})).status, 404);
    let r = s.post("/api/solve", &serde_json::json!({"game": "sliding", "extra": 1}));
    assert_eq!(r.status, 400, "unknown fields are refused");
    let r = s.post("/api/perft", &serde_json::json!({"depth": 99}));
    assert_eq!((r.status, r.json()["kind"].as_str()), (400, Some("bad-option")));
    // Another site's name for this server (DNS rebinding) is refused.
    let mut t = s.connect();
    t.write_all(b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        .unwrap();
    assert_eq!(read_response(&mut t).status, 421);
    // The server still answers.
    assert_eq!(s.request("GET", "/api/games", &[], b"").status, 200);
}

/// Peak resident memory of process `pid` (VmHWM), in bytes.
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

#[test]
fn fifty_solves_at_once_and_hostile_requests() {
    let budget: u64 = 512 << 20;
    let s = std::sync::Arc::new(Server::start(&["--max-memory", "512M", "--jobs", "2"]));
    let boards = [
        "867/254/3_1",
        "647/85_/321",
        "123/456/78_",
        "_12/345/678",
        "815/7_3/642",
    ];
    let mut threads = Vec::new();
    for i in 0..50 {
        let s = s.clone();
        let board = boards[i % boards.len()];
        threads.push(std::thread::spawn(move || {
            let algo = ["auto", "bfs", "bidir", "idastar"][i % 4];
            let r = s.post(
                "/api/solve",
                &serde_json::json!({"game": "sliding", "board": board, "algo": algo}),
            );
            (board, algo, r.status, r.json())
        }));
    }
    let mut hostile = Vec::new();
    for i in 0..20 {
        let s = s.clone();
        hostile.push(std::thread::spawn(move || match i % 5 {
            0 => {
                s.request(
                    "POST",
                    "/api/solve",
                    &[("Content-Type", "application/json")],
                    &vec![b'['; 4 << 20],
                )
                .status
            }
            1 => {
                s.request(
                    "POST",
                    "/api/solve",
                    &[("Content-Type", "application/json")],
                    b"\xff\xfe garbage",
                )
                .status
            }
            2 => {
                s.post(
                    "/api/longest",
                    &serde_json::json!({"game": "flip-square", "options": {"size": "9x9"}}),
                )
                .status
            }
            3 => {
                s.post(
                    "/api/solve",
                    &serde_json::json!({"game": "sliding", "board": "1".repeat(100_000)}),
                )
                .status
            }
            _ => {
                s.post(
                    "/api/scramble",
                    &serde_json::json!({"game": "sliding", "moves": 1u64 << 40}),
                )
                .status
            }
        }));
    }
    for t in threads {
        let (board, algo, status, v) = t.join().unwrap();
        assert_eq!(status, 200, "{board} {algo}: {v}");
        let (want, _) = cli(&["solve", "sliding", "--board", board, "--algo", algo, "--threads", "1"]);
        assert_eq!(timeless(v), want.unwrap(), "{board} {algo}");
    }
    for h in hostile {
        let status = h.join().unwrap();
        assert!((400..500).contains(&status), "a hostile request got {status}");
    }
    let st = s.status();
    assert_eq!((st["running"].as_u64(), st["waiting"].as_u64()), (Some(0), Some(0)));
    let peak = peak_memory(s.pid());
    assert!(peak > 0 && peak < budget, "peak memory {peak} over the budget {budget}");
}

/// Waits until the server runs `n` jobs (at most `secs` seconds).
fn wait_running(s: &Server, n: u64, secs: u64) {
    let t = Instant::now();
    while s.status()["running"].as_u64() != Some(n) {
        assert!(t.elapsed().as_secs() < secs, "never {n} jobs running: {}", s.status());
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_client_that_goes_away_cancels_its_job_and_the_queue_moves_on() {
    // A job that only a cancel ends: Korf's first 24-puzzle (95 moves) under
    // the Manhattan distance alone, with no table or automaton to build
    // first, far past the time limit. A job that was not cancelled would
    // still be running when the waits below give up (30 s against 600),
    // on any machine.
    let s = Server::start(&["--jobs", "1", "--time-limit", "600"]);
    let goal: Vec<String> = (0..25).map(|t| t.to_string()).collect();
    let long = serde_json::json!({
        "game": "sliding",
        "board": "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13",
        "goal": goal.join(" "),
        "options": {"bound": "manhattan", "automaton": 0}
    })
    .to_string();
    // A plain request, its connection dropped mid-job.
    let mut c = s.connect();
    send(
        &mut c,
        s.port,
        "POST",
        "/api/solve",
        &[("Content-Type", "application/json")],
        long.as_bytes(),
    );
    wait_running(&s, 1, 20);
    drop(c);
    wait_running(&s, 0, 30);
    // A stream, dropped the same way; a second job waits its turn, told
    // its place, and starts when the first is cancelled by id.
    let mut first = s.connect();
    send(
        &mut first,
        s.port,
        "POST",
        "/api/solve",
        &[("Content-Type", "application/json"), ("Accept", "text/event-stream")],
        long.as_bytes(),
    );
    let mut events = BufReader::new(first.try_clone().unwrap());
    let mut id = None;
    let mut line = String::new();
    while id.is_none() {
        line.clear();
        events.read_line(&mut line).unwrap();
        if let Some(data) = line.strip_prefix("data: ")
            && let Ok(v) = serde_json::from_str::<Value>(data)
        {
            id = v["id"].as_u64();
        }
    }
    wait_running(&s, 1, 20);
    let mut second = s.connect();
    send(
        &mut second,
        s.port,
        "POST",
        "/api/solve",
        &[("Content-Type", "application/json"), ("Accept", "text/event-stream")],
        serde_json::json!({"game": "sliding"}).to_string().as_bytes(),
    );
    while s.status()["waiting"].as_u64() != Some(1) {
        std::thread::sleep(Duration::from_millis(20));
    }
    // Listing the games does not wait for a worker.
    let t = Instant::now();
    assert_eq!(s.request("GET", "/api/games", &[], b"").status, 200);
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!(
        s.post(&format!("/api/cancel/{}", id.unwrap()), &serde_json::json!({}))
            .status,
        200
    );
    let answer = read_response(&mut second);
    let text = String::from_utf8_lossy(&answer.body);
    assert!(text.contains("event: queued"), "{text}");
    assert!(text.contains("event: started"), "{text}");
    let data = text
        .split("event: answer\ndata: ")
        .nth(1)
        .and_then(|r| r.lines().next())
        .unwrap_or_else(|| panic!("no answer in {text}"));
    assert_eq!(serde_json::from_str::<Value>(data).unwrap()["length"], 31);
    let mut rest = String::new();
    let _ = events.read_to_string(&mut rest);
    assert!(rest.contains("event: error") && rest.contains("cancelled"), "{rest}");
    drop(first);
    wait_running(&s, 0, 30);
}

#[test]
fn the_time_limit_stops_a_job() {
    let s = Server::start(&["--time-limit", "0.5"]);
    let t = Instant::now();
    let r = s.post(
        "/api/longest",
        &serde_json::json!({"game": "sliding", "options": {"size": "4x3"}}),
    );
    assert_eq!(
        (r.status, r.json()["kind"].as_str()),
        (422, Some("time-limit")),
        "{}",
        r.json()
    );
    assert!(t.elapsed() < Duration::from_secs(30));
    // IDA* too, inside an iteration.
    let r = s.post(
        "/api/solve",
        &serde_json::json!({
            "game": "sliding",
            "board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
            "goal": tansaku::games::KORF_GOAL,
            "options": {"bound": "manhattan"}
        }),
    );
    assert_eq!(
        (r.status, r.json()["kind"].as_str()),
        (422, Some("time-limit")),
        "{}",
        r.json()
    );
    wait_running(&s, 0, 10);
}

/// The tables through the door: `POST /api/tables` builds a partition's
/// tables into the server's folder (as `tansaku pdb build` would), and
/// `GET /api/tables` answers what `tansaku pdb list --json` answers for
/// that folder.
#[test]
fn tables_are_listed_and_built_as_the_pdb_command_does() {
    let server = Server::start(&[]);
    // The list less the server's background builds (none here).
    let listed = || {
        let mut v = server.request("GET", "/api/tables", &[], b"").json();
        assert_eq!(v["building"], serde_json::json!([]));
        v.as_object_mut().unwrap().remove("building");
        v
    };
    let cli = || {
        let out = Command::new(env!("CARGO_BIN_EXE_tansaku"))
            .args(["pdb", "list", "--json", "--pdb-dir"])
            .arg(server._pdb.path())
            .output()
            .unwrap();
        assert!(out.status.success());
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    assert_eq!(listed()["files"].as_array().unwrap().len(), 0);
    assert_eq!(listed(), cli());
    let built = server.post(
        "/api/tables",
        &serde_json::json!({"size": "3x3", "partition": "1-4/5-8"}),
    );
    assert_eq!(built.status, 200, "{}", String::from_utf8_lossy(&built.body));
    let origins: Vec<String> = built.json()["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["origin"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(origins, ["built", "built"]);
    assert_eq!(listed()["files"].as_array().unwrap().len(), 2);
    assert_eq!(listed(), cli());
    let bad = server.post("/api/tables", &serde_json::json!({"size": "3x3", "partition": "1-9"}));
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["kind"], "bad-input");
}

/// A cold cache: the first 15-puzzle solve answers with the tables built
/// in seconds and names the strong ones, which the server then builds in
/// the background, shown by `GET /api/tables` (once, however many solves
/// want them).
#[test]
fn a_cold_solve_answers_at_once_and_the_strong_tables_build_behind_it() {
    let server = Server::start(&[]);
    let korf1 = serde_json::json!({
        "game": "sliding",
        "board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "goal": "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    });
    let solved = server.post("/api/solve", &korf1);
    assert_eq!(solved.status, 200);
    let v = solved.json();
    assert_eq!(v["length"], 57);
    assert!(v["algorithm"].as_str().unwrap().contains("6-6-3"), "{v}");
    assert_eq!(v["stronger_tables"]["bound"], "7-8z");
    // A second solve does not start a second build.
    assert_eq!(server.post("/api/solve", &korf1).status, 200);
    let tables = server.request("GET", "/api/tables", &[], b"").json();
    let building = tables["building"].as_array().unwrap();
    assert_eq!(building.len(), 1, "{tables}");
    assert_eq!(building[0]["partition"], "7-8z");
    assert_eq!(building[0]["size"], "4x4");
    // Still building, or built already where the solves were the slower
    // (one core shared with a busy job): one build either way.
    let state = building[0]["state"].as_str();
    assert!(matches!(state, Some("building" | "ready")), "{tables}");
}

/// The search's shape told as it runs: a stream carries a `step` event
/// for each layer a breadth-first search completes, and for each level of
/// an analysis, with the numbers its answer holds at the end.
#[test]
fn a_stream_tells_each_step_of_the_search_as_it_completes() {
    let s = Server::start(&[]);
    let steps_and_answer = |path: &str, body: Value| {
        let r = s.request(
            "POST",
            path,
            &[("Content-Type", "application/json"), ("Accept", "text/event-stream")],
            body.to_string().as_bytes(),
        );
        let text = String::from_utf8_lossy(&r.body).to_string();
        let mut steps = Vec::new();
        let mut answer = None;
        let mut event = "";
        for line in text.lines() {
            if let Some(e) = line.strip_prefix("event: ") {
                event = e;
            } else if let Some(data) = line.strip_prefix("data: ") {
                let v: Value = serde_json::from_str(data).unwrap();
                match event {
                    "step" => steps.push((
                        v["side"].as_str().unwrap().to_string(),
                        v["at"].as_u64().unwrap(),
                        v["count"].as_u64().unwrap(),
                    )),
                    "answer" => answer = Some(v),
                    _ => {}
                }
            }
        }
        (steps, answer.unwrap_or_else(|| panic!("no answer in {text}")))
    };
    let (steps, answer) = steps_and_answer(
        "/api/solve",
        serde_json::json!({"game": "sliding", "board": "867/254/3_1", "algo": "bfs"}),
    );
    let layers: Vec<u64> = answer["stats"]["layers"]["forward"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let told: Vec<(String, u64, u64)> = layers[..layers.len() - 1]
        .iter()
        .enumerate()
        .map(|(d, &c)| ("forward".to_string(), d as u64, c))
        .collect();
    assert_eq!(steps, told);
    let (steps, answer) = steps_and_answer(
        "/api/longest",
        serde_json::json!({"game": "flip-square", "options": {"size": "4x4"}}),
    );
    let histogram: Vec<(String, u64, u64)> = answer["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(d, c)| ("level".to_string(), d as u64, c.as_u64().unwrap()))
        .collect();
    assert_eq!(steps, histogram);
}
