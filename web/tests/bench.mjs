// The page's figures, measured against `tansaku serve` on this machine:
//
//   page      the served page interactive (the games listed, the board
//             drawn) on localhost, from navigation start
//   8-puzzle  a solve in the page (click to the figures shown), by BFS
//   korf #1   Korf's first 15-puzzle instance through the API, the 7-8
//             databases already kept by the server
//   games     GET /api/games while two analyses keep both workers busy
//   judge     play mode: a click on a move to its judgement shown (the
//             8-puzzle and Flip It by their tables; the 15-puzzle by
//             IDA* with the tables the server keeps)
//
// or, with --static DIR, against the static WebAssembly build in DIR
// (web/build.sh DIR) on a plain static file server:
//
//   page      interactive, the worker's WebAssembly compiled and ready
//   8-puzzle  a solve in the page, by BFS in the worker
//   bfs       the search's own seconds in the worker beside the command
//             line's (native), for the same 8-puzzle BFS: the ratio
//   size      the build's files gzipped
//
// Each figure: the median (and min, max) of several runs. Start it from
// web/tests after `cargo build --release` and `npm ci`:
//
//   node bench.mjs [--runs 9] [--pdb-dir DIR] [--static DIR]
//
// The first run builds the 7-8 databases into the pattern database folder
// (about 1.5 minutes) unless they are there already.
import { chromium } from "@playwright/test";
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt("--runs", 9));
const bin = resolve(process.env.TANSAKU_BIN ?? "../../target/release/tansaku");
const port = Number(opt("--port", 18799));
const base = `http://127.0.0.1:${port}/`;
const pdbArgs = opt("--pdb-dir") ? ["--pdb-dir", opt("--pdb-dir")] : [];

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
}

function show(name, xs, unit = "ms") {
  const { median, min, max } = stats(xs);
  console.log(`${name.padEnd(10)} median ${median.toFixed(1)} ${unit}  (min ${min.toFixed(1)}, max ${max.toFixed(1)}, ${xs.length} runs)`);
}

async function post(path, body) {
  const r = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return r.json();
}

const site = opt("--static");
const server = site
  ? spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", site], { stdio: "ignore" })
  : spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, "--time-limit", "600", ...pdbArgs], {
      stdio: ["ignore", "ignore", "inherit"],
    });

/** Every file under `dir`, gzipped, in bytes. */
function gzipped(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    total += statSync(path).isDirectory() ? gzipped(path) : gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return total;
}
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base + (site ? "index.html" : "api/games"))).ok) break;
    } catch {
      if (i > 100) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const page = await browser.newPage();

  const ready = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}?game=sliding&board=867%2F254%2F3_1`);
    await page.waitForSelector("body[data-ready=true]");
    ready.push(await page.evaluate(() => performance.now()));
  }
  show("page", ready);

  const solve = [];
  await page.goto(`${base}?game=sliding&board=867%2F254%2F3_1&algo=bfs`);
  await page.waitForSelector("body[data-ready=true]");
  for (let i = 0; i < runs; i++) {
    const ms = await page.evaluate(
      () =>
        new Promise((done) => {
          const length = document.querySelector('[data-testid="length"]');
          length.textContent = "";
          const t = performance.now();
          const watch = new MutationObserver(() => {
            if (length.textContent !== "") {
              watch.disconnect();
              done(performance.now() - t);
            }
          });
          watch.observe(length, { childList: true, characterData: true, subtree: true });
          document.getElementById("solve").click();
        }),
    );
    solve.push(ms);
  }
  show("8-puzzle", solve);

  // Play mode: a move clicked, to its judgement shown. Two boards one
  // move apart, clicked back and forth (the first click builds the table).
  async function judged(query, runs) {
    await page.goto(`${base}?${query}&mode=play`);
    await page.waitForSelector("body[data-ready=true]");
    await page.waitForFunction(() => !document.getElementById("try-section").hasAttribute("aria-busy"));
    const times = [];
    for (let i = 0; i <= runs; i++) {
      const ms = await page.evaluate(
        () =>
          new Promise((done) => {
            const section = document.getElementById("try-section");
            const button = document.querySelector("#judged button");
            const t = performance.now();
            const watch = new MutationObserver(() => {
              if (!section.hasAttribute("aria-busy")) {
                watch.disconnect();
                done(performance.now() - t);
              }
            });
            watch.observe(section, { attributes: true });
            button.click();
          }),
      );
      if (i > 0) times.push(ms);
    }
    return times;
  }
  show("judge 8", await judged("game=sliding&board=867%2F254%2F3_1", runs));
  show("judge flip", await judged("game=flip-row&board=BB_BBB", runs));
  if (site) {
    // The search's own seconds: the worker's BFS beside the command line's.
    await page.goto(`${base}?game=sliding&board=867%2F254%2F3_1&algo=bfs`);
    await page.waitForSelector("body[data-ready=true]");
    const wasm = [];
    for (let i = 0; i < runs; i++) {
      await page.getByTestId("length").evaluate((e) => (e.textContent = ""));
      await page.getByRole("button", { name: "Solve", exact: true }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="length"]').textContent !== "");
      wasm.push(Number(await page.getByTestId("seconds").textContent()) * 1000);
    }
    const native = [];
    for (let i = 0; i < runs; i++) {
      const out = execFileSync(bin, ["solve", "sliding", "--board", "867/254/3_1", "--algo", "bfs", "--json", "-q"]);
      native.push(JSON.parse(out).stats.seconds * 1000);
    }
    show("bfs wasm", wasm);
    show("bfs native", native);
    console.log(`bfs        wasm / native: ${(stats(wasm).median / stats(native).median).toFixed(2)}x`);
    console.log(`size       ${(gzipped(site) / 1024).toFixed(0)} KiB gzipped (every file of ${site})`);
  }
  await browser.close();
  if (!site) await serverFigures();
} finally {
  server.kill();
}

/** The figures of the API: Korf's #1, the list of games while jobs run. */
async function serverFigures() {
  const korf = { game: "sliding", board: "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", goal: "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15" };
  let t = performance.now();
  const first = await post("api/solve", korf);
  console.log(`korf #1    first request ${((performance.now() - t) / 1000).toFixed(2)} s (${first.algorithm}, ${first.length} moves): tables built or loaded`);
  const times = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    const a = await post("api/solve", korf);
    times.push(performance.now() - t);
    if (a.length !== 57) throw new Error(`Korf #1 gave ${a.length}`);
  }
  show("korf #1", times);

  // A 15-puzzle move's judgement through the API (the tables at hand).
  const judge = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    const j = await post("api/judge", korf);
    judge.push(performance.now() - t);
    if (j.distance !== 57) throw new Error(`Korf #1 judged ${j.distance}`);
  }
  show("judge 15", judge);

  const long = [1, 2].map(() => post("api/longest", { game: "sliding", options: { size: "4x3" } }));
  await new Promise((r) => setTimeout(r, 1000));
  const list = [];
  for (let i = 0; i < 5 * runs; i++) {
    t = performance.now();
    await (await fetch(base + "api/games")).arrayBuffer();
    list.push(performance.now() - t);
  }
  const status = await (await fetch(base + "api/status")).json();
  show("games", list);
  console.log(`           (while ${status.running} jobs ran)`);
  long.forEach((p) => p.catch(() => {}));
}
