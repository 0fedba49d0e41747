// tansaku's page: choose a puzzle, edit its board, solve it with one
// algorithm or several side by side, play the solution, analyse the whole
// space. Every answer comes from the library through the back end; the
// page only asks and shows.

import { ApiError, connect } from "./backend.js";
import { BoardEditor, gridOfText, gridSvg } from "./board.js";
import { histogramSvg } from "./chart.js";
import * as permalink from "./permalink.js";
import { Play } from "./play.js";
import { Player } from "./player.js";

const $ = (id) => document.getElementById(id);

const REVERSI = { X: "black", O: "white", ".": "empty" };
const SLIDES = new Set(["sliding", "line"]);
const DEFINITION = "definition";

const ui = {
  game: $("game"),
  summary: $("summary"),
  optionFields: $("option-fields"),
  options: $("options"),
  definitionBox: $("definition-box"),
  definitionPreset: $("definition-preset"),
  definition: $("definition"),
  definitionFile: $("definition-file"),
  check: $("check"),
  checkResult: $("check-result"),
  boardSection: $("board-section"),
  preset: $("preset"),
  board: $("board"),
  boardHelp: $("board-help"),
  boardText: $("board-text"),
  goalText: $("goal-text"),
  parity: $("parity"),
  seed: $("seed"),
  scrambleMoves: $("scramble-moves"),
  scramble: $("scramble"),
  algorithms: $("algorithms"),
  solve: $("solve"),
  cancel: $("cancel"),
  progress: $("progress"),
  progressBar: $("progress-bar"),
  progressText: $("progress-text"),
  notes: $("notes"),
  figures: $("figures"),
  results: $("results"),
  playSection: $("play-section"),
  playTitle: $("play-title"),
  download: $("download"),
  longestSection: $("longest-section"),
  analyse: $("analyse"),
  logScale: $("log-scale"),
  longestFigures: $("longest-figures"),
  histogram: $("histogram"),
  chart: $("chart"),
  antipodesHeading: $("antipodes-h"),
  antipodes: $("antipodes"),
  reversiSection: $("reversi-section"),
  wipeouts: $("wipeouts"),
  wipeoutFigures: $("wipeout-figures"),
  wipeoutGames: $("wipeout-games"),
  perftDepth: $("perft-depth"),
  perft: $("perft"),
  perftResult: $("perft-result"),
  trySection: $("try-section"),
  tryStart: $("try-start"),
  error: $("error"),
  live: $("live"),
  backend: $("backend"),
  version: $("version"),
};

const state = {
  info: null,
  game: null, // the chosen game's description ({name, options, answers, presets, algorithms})
  definition: null, // {text, file} when the game is a definition
  options: {},
  board: "",
  goal: "",
  algos: ["auto"],
  solution: null,
  longest: null,
  job: null, // {controller, id}
  position: "", // the board shown, as the library writes it
  shape: [], // the last solves' states per depth and nodes per bound: {algorithm, side, step, count}
};

let backend;
let editor;
let player;
let play;

// ------------------------------------------------------------------ helpers

function show(el, on) {
  el.hidden = !on;
}

function announce(text) {
  ui.live.textContent = "";
  // A change the screen reader hears even when the text repeats.
  setTimeout(() => (ui.live.textContent = text), 30);
}

function showError(text) {
  ui.error.textContent = text;
  show(ui.error, Boolean(text));
}

/** An error's message, with what the browser's limits mean. */
function explain(e) {
  if (e instanceof ApiError && e.kind === "over-budget" && backend?.kind === "wasm") {
    return `${e.message}. This page runs tansaku in your browser, which gives it ${Math.round(
      state.info.limits.max_memory / 2 ** 20,
    )} MiB (WebAssembly has 4 GiB at most): run tansaku serve or the command line on a machine with the memory for spaces this large.`;
  }
  return e.message;
}

function number(n) {
  return typeof n === "number" ? n.toLocaleString("en") : String(n ?? "");
}

function debounce(f, ms) {
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => f(...args), ms);
  };
}

function answers(kind) {
  return state.game?.answers?.includes(kind) ?? false;
}

function optionSpec(name) {
  return state.game?.options?.find((o) => o.name === name);
}

/** The question for the back end: the game, its board, goal, options. */
function query(extra = {}) {
  const q = { options: {} };
  if (state.definition) {
    q.definition = state.definition.text;
    if (state.definition.file) q.file = state.definition.file;
  } else {
    q.game = state.game.name;
  }
  for (const [k, v] of Object.entries(state.options)) {
    if (v !== "" && v !== undefined) q.options[k] = v;
  }
  if (state.board && optionSpec("board")) q.board = state.board;
  if (state.goal && optionSpec("goal")) q.goal = state.goal;
  return Object.assign(q, extra);
}

function saveAddress() {
  const s = {
    board: state.board,
    goal: state.goal,
    mode: play?.active ? "play" : "",
    algo: state.algos.join(","),
    options: state.options,
  };
  if (s.algo === "auto") s.algo = "";
  if (state.definition) {
    const shipped = state.info.definitions.find((d) => d.text === state.definition.text);
    if (shipped) s.game = shipped.name;
    else {
      s.game = DEFINITION;
      s.def = state.definition.text;
      s.file = state.definition.file;
    }
  } else {
    s.game = state.game.name;
  }
  permalink.save(s);
}

// ------------------------------------------------------------ the games

function fillGameList() {
  ui.game.replaceChildren();
  const builtin = document.createElement("optgroup");
  builtin.label = "Built-in";
  for (const g of state.info.games) {
    const o = new Option(g.name, g.name);
    builtin.appendChild(o);
  }
  const defs = document.createElement("optgroup");
  defs.label = "Definitions";
  for (const d of state.info.definitions) {
    if (state.info.games.some((g) => g.name === d.name)) continue;
    defs.appendChild(new Option(`${d.name} (${d.file})`, `def:${d.file}`));
  }
  defs.appendChild(new Option("your own definition…", DEFINITION));
  ui.game.append(builtin, defs);
  ui.definitionPreset.replaceChildren(new Option("(choose one to start from)", ""));
  for (const d of state.info.definitions) {
    ui.definitionPreset.appendChild(new Option(d.file, d.file));
  }
}

/** Chooses a built-in game by name; false when there is none. */
function chooseBuiltin(name) {
  const g = state.info.games.find((x) => x.name === name);
  if (!g) return false;
  state.game = g;
  state.definition = null;
  ui.game.value = name;
  return true;
}

/** Chooses a definition's text (its game is described by the library). */
async function chooseDefinition(text, file) {
  state.definition = { text, file };
  ui.definition.value = text;
  const shipped = state.info.definitions.find((d) => d.text === text);
  ui.game.value = shipped && !state.info.games.some((g) => g.name === shipped.name) ? `def:${shipped.file}` : DEFINITION;
  ui.definitionPreset.value = shipped ? shipped.file : "";
  try {
    state.game = await backend.ask("describe", { definition: text, file });
    ui.checkResult.replaceChildren();
    return true;
  } catch (e) {
    state.game = { name: "definition", summary: "", options: [], answers: [], presets: [], algorithms: ["auto"] };
    showCheck(null, e);
    return false;
  }
}

function renderGame() {
  const g = state.game;
  ui.summary.textContent = g.summary;
  show(ui.definitionBox, Boolean(state.definition));
  renderOptions();
  renderAlgorithms();
  renderPresets();
  const boardOption = optionSpec("board");
  show(ui.boardSection, Boolean(boardOption));
  ui.boardText.placeholder = boardOption?.default ? `default: ${boardOption.default}` : boardOption?.help ?? "";
  ui.boardText.title = boardOption?.help ?? "";
  const goalOption = optionSpec("goal");
  ui.goalText.disabled = !goalOption;
  ui.goalText.placeholder = goalOption?.help ?? "";
  ui.scramble.disabled = !answers("scramble");
  show(ui.longestSection, answers("longest"));
  show(ui.trySection, answers("judge"));
  if (play?.active) play.stop();
  show(ui.reversiSection, answers("wipeout"));
  ui.boardText.value = state.board;
  ui.goalText.value = state.goal;
}

function renderOptions() {
  ui.optionFields.replaceChildren();
  // An option may be declared once a question (its default differs):
  // the page shows it once.
  const seen = new Set(["board", "goal"]);
  const shown = state.game.options.filter((o) => !seen.has(o.name) && seen.add(o.name));
  show(ui.options, shown.length > 0);
  for (const o of shown) {
    const id = `option-${o.name}`;
    const row = document.createElement("div");
    row.className = "option";
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = o.name;
    let input;
    const value = state.options[o.name] ?? "";
    if (o.type === "flag") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = ["true", "yes", "on", "1"].includes(String(value).toLowerCase());
      input.addEventListener("change", () => setOption(o.name, input.checked ? "true" : ""));
    } else if (o.type === "choice") {
      input = document.createElement("select");
      input.appendChild(new Option(o.default ? `default (${o.default})` : "default", ""));
      for (const v of o.values) input.appendChild(new Option(v, v));
      input.value = o.values.includes(value) ? value : "";
      input.addEventListener("change", () => setOption(o.name, input.value));
    } else {
      input = document.createElement("input");
      input.type = o.type === "int" ? "number" : "text";
      if (o.type === "int") {
        input.min = o.min;
        input.max = o.max;
        input.inputMode = "numeric";
      }
      input.value = value;
      input.placeholder = o.default ?? "";
      input.spellcheck = false;
      input.addEventListener("change", () => setOption(o.name, input.value.trim()));
    }
    input.id = id;
    input.name = o.name;
    const help = document.createElement("p");
    help.className = "help";
    help.id = `${id}-help`;
    help.textContent = o.help;
    input.setAttribute("aria-describedby", help.id);
    row.append(label, input, help);
    ui.optionFields.appendChild(row);
  }
}

function renderAlgorithms() {
  ui.algorithms.replaceChildren();
  for (const a of state.game.algorithms) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = a;
    box.checked = state.algos.includes(a);
    box.addEventListener("change", () => {
      const checked = [...ui.algorithms.querySelectorAll("input:checked")].map((x) => x.value);
      state.algos = checked.length ? checked : ["auto"];
      if (!checked.length) ui.algorithms.querySelector('input[value="auto"]').checked = true;
      saveAddress();
    });
    label.append(box, ` ${a}`);
    ui.algorithms.appendChild(label);
  }
}

function renderPresets() {
  ui.preset.replaceChildren(new Option("(choose a preset)", ""));
  (state.game.presets ?? []).forEach((p, i) => {
    const text = p.length !== undefined ? `${p.name} — ${p.length} moves` : p.name;
    ui.preset.appendChild(new Option(text, String(i)));
  });
  ui.preset.disabled = !(state.game.presets ?? []).length;
}

function setOption(name, value) {
  state.options[name] = value;
  saveAddress();
  refreshPosition();
}

// ------------------------------------------------------------ the board

let positionAsked = 0;

/** Asks the library how the current board looks (and whether it can reach the goal). */
async function refreshPosition() {
  const ask = ++positionAsked;
  if (!answers("position")) {
    editor.clear();
    ui.parity.textContent = "";
    show(ui.boardHelp, false);
    return true;
  }
  try {
    const pos = await backend.ask("position", query());
    if (ask !== positionAsked) return true;
    editor.show(pos, SLIDES.has(state.game.name));
    state.position = pos.board;
    show(ui.boardHelp, Boolean(pos.cells));
    ui.parity.textContent = pos.unsolvable ? `Unsolvable: ${pos.unsolvable}` : "";
    if (!state.board) ui.boardText.placeholder = `default: ${pos.board}`;
    return true;
  } catch (e) {
    if (ask !== positionAsked) return true;
    editor.clear();
    ui.parity.textContent = e.message;
    return false;
  }
}

function setBoard(text, { refresh = true } = {}) {
  state.board = text;
  ui.boardText.value = text;
  saveAddress();
  if (refresh) refreshPosition();
}

// ------------------------------------------------------------ jobs

function busy(on) {
  ui.check.disabled = on;
  ui.solve.disabled = on;
  ui.analyse.disabled = on;
  ui.wipeouts.disabled = on;
  ui.perft.disabled = on;
  ui.cancel.disabled = !on;
  show(ui.progress, on);
  if (on) {
    ui.progressBar.removeAttribute("value");
    ui.progressText.textContent = "starting…";
    ui.notes.replaceChildren();
  }
}

/** Runs a question as a job, its events shown as progress. */
async function job(question, body) {
  const controller = new AbortController();
  state.job = { controller, id: null };
  try {
    return await backend.ask(question, body, {
      signal: controller.signal,
      onEvent: (event, data) => {
        if (event === "job") state.job.id = data.id;
        else if (event === "queued") {
          ui.progressText.textContent =
            data.place > 0 ? `waiting for a worker: ${data.place} job${data.place > 1 ? "s" : ""} before this one` : "waiting for a worker";
        } else if (event === "started") ui.progressText.textContent = "running…";
        else if (event === "progress") showProgress(data);
        else if (event === "note") {
          const li = document.createElement("li");
          li.textContent = data.text;
          ui.notes.appendChild(li);
          // The last few notes only (an analysis notes every level).
          while (ui.notes.children.length > 6) ui.notes.firstElementChild.remove();
        }
      },
    });
  } finally {
    state.job = null;
  }
}

function showProgress(p) {
  if (p.total) {
    ui.progressBar.max = p.total;
    ui.progressBar.value = Math.min(p.done, p.total);
  } else {
    ui.progressBar.removeAttribute("value");
  }
  const what = p.what ? `${p.what}: ` : "";
  ui.progressText.textContent = `${what}${number(p.done)} ${p.unit}${p.total ? ` of ${number(p.total)}` : ""} (${p.seconds.toFixed(1)} s)`;
}

function cancelJob() {
  if (!state.job) return;
  if (state.job.id !== null) backend.cancel(state.job.id);
  state.job.controller.abort();
}

function stopped(e) {
  return e.name === "AbortError" || (e instanceof ApiError && e.kind === "cancelled");
}

// ------------------------------------------------------------ solving

function resultRow(cells) {
  const tr = document.createElement("tr");
  cells.forEach((c, i) => {
    const td = document.createElement(i === 0 ? "th" : "td");
    if (i === 0) td.scope = "row";
    if (i === 5) td.className = "iterations";
    td.textContent = c;
    tr.appendChild(td);
  });
  ui.results.tBodies[0].appendChild(tr);
}

function showFigures(answer) {
  const f = ui.figures;
  f.querySelector('[data-testid="length"]').textContent = answer.length ?? "none";
  f.querySelector('[data-testid="generated"]').textContent = answer.stats ? answer.stats.generated : "";
  f.querySelector('[data-testid="expanded"]').textContent = answer.stats ? answer.stats.expanded : "";
  f.querySelector('[data-testid="seconds"]').textContent = answer.stats ? answer.stats.seconds.toFixed(4) : "";
  show(f, true);
}

/** The search's shape of an answer: rows of its layers and iterations. */
function shapeOf(answer) {
  const rows = [];
  const layers = answer.stats?.layers;
  for (const [side, counts] of [
    ["forward", layers?.forward ?? []],
    ["backward", layers?.backward ?? []],
  ]) {
    counts.forEach((count, depth) => rows.push({ algorithm: answer.algorithm, side, step: depth, count }));
  }
  for (const i of answer.iterations ?? []) rows.push({ algorithm: answer.algorithm, side: "bound", step: i.bound, count: i.generated });
  return rows;
}

const SIDES = { forward: "→", backward: "←", bound: "bound" };

function showShape() {
  const body = $("shape-table").tBodies[0];
  body.replaceChildren(
    ...state.shape.map((r) => {
      const tr = document.createElement("tr");
      [r.algorithm, SIDES[r.side], r.step, number(r.count)].forEach((v, i) => {
        const td = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) td.scope = "row";
        td.textContent = v;
        tr.appendChild(td);
      });
      tr.dataset.side = r.side;
      tr.dataset.count = r.count;
      return tr;
    }),
  );
  // The chart: the first graph search's layers from the start.
  const name = state.shape.find((r) => r.side === "forward")?.algorithm;
  const first = state.shape.filter((r) => r.side === "forward" && r.algorithm === name);
  $("shape-chart").replaceChildren(...(first.length ? [histogramSvg(first.map((r) => r.count), { log: ui.logScale.checked })] : []));
  show($("shape"), state.shape.length > 0);
}

function downloadShape() {
  const quote = (t) => `"${t.replaceAll('"', '""')}"`;
  const lines = ["algorithm,side,step,count", ...state.shape.map((r) => `${quote(r.algorithm)},${r.side},${r.step},${r.count}`)];
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([`${lines.join("\n")}\n`], { type: "text/csv" }));
  a.download = "search-shape.csv";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function solve() {
  showError("");
  state.shape = [];
  showShape();
  $("solve-note").textContent = "";
  ui.results.tBodies[0].replaceChildren();
  show(ui.results, true);
  show(ui.figures, false);
  busy(true);
  let first = null;
  try {
    for (const algo of state.algos) {
      let answer;
      try {
        answer = await job("solve", query({ algo }));
      } catch (e) {
        if (stopped(e)) {
          resultRow([algo, "cancelled", "", "", "", ""]);
          announce("Cancelled");
          return;
        }
        resultRow([algo, e.message, "", "", "", ""]);
        if (!first) {
          showError(explain(e));
          announce(`Error: ${e.message}`);
        }
        continue;
      }
      const its = (answer.iterations ?? []).map((i) => `${i.bound}:${number(i.generated)}`).join(" ");
      if (answer.length === null || answer.length === undefined) {
        resultRow([answer.algorithm, `no solution: ${answer.reason}`, number(answer.stats?.generated), number(answer.stats?.expanded), answer.stats ? answer.stats.seconds.toFixed(4) : "", its]);
        if (!first) {
          first = answer;
          showFigures(answer);
          announce(`No solution: ${answer.reason}`);
        }
        continue;
      }
      resultRow([answer.algorithm, String(answer.length), number(answer.stats.generated), number(answer.stats.expanded), answer.stats.seconds.toFixed(4), its]);
      if (answer.stronger_tables) {
        const t = answer.stronger_tables;
        $("solve-note").textContent = `Solved with the tables at hand; the stronger ${t.bound} tables make every solve faster${
          backend.kind === "server" ? ": the server builds them now (see Tables)" : ""
        }.`;
        refreshTables();
      }
      state.shape.push(...shapeOf(answer));
      showShape();
      if (!first) {
        first = answer;
        showFigures(answer);
        loadSolution(answer);
        announce(`Solved: ${answer.length} moves by ${answer.algorithm}, ${number(answer.stats.generated)} states generated`);
      }
    }
  } finally {
    busy(false);
  }
}

// ------------------------------------------------------------ tables

let tablesTimer = null;

/** The server's tables: the files kept and the builds behind the solves. */
async function refreshTables() {
  if (typeof backend.tables !== "function") return;
  clearTimeout(tablesTimer);
  let list;
  try {
    list = await backend.tables();
  } catch {
    return;
  }
  const building = list.building ?? [];
  $("building").replaceChildren(
    ...building.map((b) => {
      const li = document.createElement("li");
      li.dataset.partition = b.partition;
      li.dataset.state = b.state;
      const p = b.progress;
      const how =
        b.state === "building" && p
          ? `building: ${p.what ? `${p.what}, ` : ""}${number(p.done)} ${p.unit}${p.total ? ` of ${number(p.total)}` : ""}`
          : b.state === "failed"
            ? `failed: ${b.error ?? ""}`
            : b.state;
      li.textContent = `${b.size} ${b.partition}: ${how}`;
      return li;
    }),
  );
  $("table-count").textContent = list.files.length;
  $("table-files").replaceChildren(
    ...list.files.map((f) => {
      const li = document.createElement("li");
      li.textContent = `${f.board} tiles ${f.tiles.join(",")} (${number(f.bytes)} bytes)${f.problem ? `: ${f.problem}` : ""}`;
      return li;
    }),
  );
  show($("tables-section"), true);
  // While something builds, look again.
  if (building.some((b) => b.state === "building")) tablesTimer = setTimeout(refreshTables, 2000);
}

function loadSolution(answer) {
  state.solution = answer;
  ui.playTitle.textContent = `${answer.puzzle}: ${answer.length} moves by ${answer.algorithm}`;
  player.load(answer.grids, answer.moves);
  show(ui.playSection, true);
}

async function downloadSvg() {
  const s = state.solution;
  if (!s) return;
  try {
    const per = Math.max(1, Math.min(12, Math.floor(1000 / (s.grids[0].width * 32 + 18))));
    const svg = await backend.ask("picture", { title: `${s.puzzle}: ${s.length} moves`, grids: s.grids, per_row: per });
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${s.puzzle.replaceAll(/[^\w-]+/g, "-")}.svg`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) {
    showError(e.message);
  }
}

// ------------------------------------------------------------ whole space

async function analyse() {
  showError("");
  busy(true);
  show(ui.longestFigures, false);
  show(ui.histogram, false);
  ui.antipodes.replaceChildren();
  try {
    const a = await job("longest", query({ limit: 60 }));
    state.longest = a;
    const f = ui.longestFigures;
    f.querySelector('[data-testid="states"]').textContent = number(a.states);
    f.querySelector('[data-testid="longest"]').textContent = a.longest;
    f.querySelector('[data-testid="count"]').textContent =
      number(a.count) + (a.count_up_to_symmetry ? ` (${number(a.count_up_to_symmetry)} up to symmetry)` : "");
    f.querySelector('[data-testid="longest-seconds"]').textContent = a.stats.seconds.toFixed(3);
    show(f, true);
    drawChart();
    show(ui.antipodesHeading, a.positions.length > 0);
    a.positions.forEach((p, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-label", `Load antipode ${i + 1}: ${p}`);
      b.appendChild(gridSvg(a.grids[i]));
      const code = document.createElement("code");
      code.textContent = p;
      b.appendChild(code);
      b.addEventListener("click", () => {
        setBoard(p);
        announce(`Loaded ${p}`);
        ui.boardSection.scrollIntoView({ block: "nearest" });
      });
      li.appendChild(b);
      ui.antipodes.appendChild(li);
    });
    announce(`God's number ${a.longest}: ${number(a.count)} positions at that distance, ${number(a.states)} in all`);
  } catch (e) {
    if (stopped(e)) announce("Cancelled");
    else {
      showError(explain(e));
      announce(`Error: ${e.message}`);
    }
  } finally {
    busy(false);
  }
}

function drawChart() {
  if (!state.longest) return;
  ui.chart.replaceChildren(histogramSvg(state.longest.histogram, { log: ui.logScale.checked }));
  show(ui.histogram, true);
}

// ------------------------------------------------------------ Reversi

async function wipeouts() {
  showError("");
  busy(true);
  ui.wipeoutGames.replaceChildren();
  try {
    const w = await job("wipeout", query());
    ui.wipeoutFigures.textContent = `${w.color} wipes the other colour out in ${w.plies} plies: ${number(w.positions)} final positions (${w.positions_up_to_symmetry} up to symmetry), ${number(w.sequences)} game records.`;
    w.games.forEach((g) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-label", `Play ${g.record}`);
      b.appendChild(gridSvg(gridOfText(g.board, REVERSI)));
      const code = document.createElement("code");
      code.textContent = g.record;
      b.appendChild(code);
      b.addEventListener("click", () => {
        const plies = g.record.match(/../g) ?? [];
        state.solution = null;
        ui.playTitle.textContent = `${w.color} wipes out in ${w.plies} plies: ${g.record}`;
        player.load(g.boards.map((x) => gridOfText(x, REVERSI)), plies);
        show(ui.playSection, true);
        ui.playSection.scrollIntoView({ block: "nearest" });
      });
      li.appendChild(b);
      ui.wipeoutGames.appendChild(li);
    });
    announce(`${w.plies} plies, ${w.positions_up_to_symmetry} positions up to symmetry`);
  } catch (e) {
    if (stopped(e)) announce("Cancelled");
    else showError(e.message);
  } finally {
    busy(false);
  }
}

async function perft() {
  showError("");
  busy(true);
  try {
    const p = await job("perft", { depth: Number(ui.perftDepth.value) });
    ui.perftResult.textContent = `perft(${p.depth}) = ${number(p.leaves)} leaves in ${p.seconds.toFixed(3)} s`;
    announce(ui.perftResult.textContent);
  } catch (e) {
    if (stopped(e)) announce("Cancelled");
    else showError(e.message);
  } finally {
    busy(false);
  }
}

// ------------------------------------------------------------ definitions

function showCheck(report, error) {
  ui.checkResult.replaceChildren();
  const p = document.createElement("p");
  if (error) {
    p.className = "error";
    p.textContent = error.message;
    ui.checkResult.appendChild(p);
    return;
  }
  if (!report.figures.length) {
    p.textContent = `${report.summary}: reads fine; it has no [expect] figures to check.`;
    ui.checkResult.appendChild(p);
    return;
  }
  p.textContent = `${report.summary}: ${report.ok ? "every expected figure agrees" : "a figure differs"}.`;
  const table = document.createElement("table");
  table.innerHTML = "<caption>Expected figures</caption><thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Figure</th><th scope=\"col\">Expected</th><th scope=\"col\">Found</th><th scope=\"col\">Check</th></tr></thead>";
  const body = table.createTBody();
  for (const f of report.figures) {
    const tr = body.insertRow();
    for (const c of [f.metric, f.figure, number(f.expected), number(f.found), f.expected === f.found ? "ok" : "DIFFERS"]) {
      tr.insertCell().textContent = c;
    }
  }
  ui.checkResult.append(p, table);
}

async function check() {
  if (!state.definition) return;
  busy(true);
  try {
    showCheck(await job("check", { definition: state.definition.text, file: state.definition.file }));
  } catch (e) {
    if (!stopped(e)) showCheck(null, e);
  } finally {
    busy(false);
  }
}

/** A definition pasted, typed or uploaded: described, drawn and checked. */
async function definitionChanged(text, file) {
  const ok = await chooseDefinition(text, file);
  state.board = "";
  state.options = {};
  renderGame();
  saveAddress();
  if (ok) {
    await refreshPosition();
    if (!state.job) await check();
  }
}

const definitionEdited = debounce(() => definitionChanged(ui.definition.value, state.definition?.file), 400);

// ------------------------------------------------------------ start

async function selectGame(value) {
  state.board = "";
  state.goal = "";
  state.options = {};
  if (value === DEFINITION) {
    await chooseDefinition(ui.definition.value || state.info.definitions[0].text, "");
  } else if (value.startsWith("def:")) {
    const d = state.info.definitions.find((x) => `def:${x.file}` === value);
    await chooseDefinition(d.text, d.file);
  } else {
    chooseBuiltin(value);
  }
  renderGame();
  saveAddress();
  await refreshPosition();
}

/** Applies the address: a bad part is shown beside a working page. */
async function applyAddress() {
  const s = permalink.read(location.search);
  const problems = [];
  const name = s.game ?? "sliding";
  const shipped = state.info.definitions.find((d) => d.name === name && !state.info.games.some((g) => g.name === name));
  if (s.z !== undefined) {
    try {
      s.def = await permalink.unpack(s.z);
    } catch {
      problems.push("the definition in the address (z) cannot be read");
    }
  }
  if (s.def !== undefined || name === DEFINITION) {
    await chooseDefinition(s.def ?? state.info.definitions[0].text, s.file ?? "");
  } else if (shipped) {
    await chooseDefinition(shipped.text, shipped.file);
  } else if (!chooseBuiltin(name)) {
    problems.push(`game '${name}' is not known (the games: ${state.info.games.map((g) => g.name).join(", ")}); showing sliding`);
    chooseBuiltin("sliding");
  }
  const known = new Set(state.game.options.map((o) => o.name));
  for (const [k, v] of Object.entries(s.options)) {
    if (known.has(k)) state.options[k] = v;
    else problems.push(`${state.game.name} has no option '${k}'`);
  }
  if (s.algo) {
    const algos = s.algo.split(",").filter(Boolean);
    const bad = algos.filter((a) => !state.game.algorithms.includes(a));
    if (bad.length) problems.push(`algo '${bad.join(",")}' is not an algorithm (${state.game.algorithms.join(", ")})`);
    const good = algos.filter((a) => state.game.algorithms.includes(a));
    state.algos = good.length ? good : ["auto"];
  }
  state.board = s.board ?? "";
  state.goal = s.goal ?? "";
  if (s.seed) ui.seed.value = s.seed;
  if (s.moves) ui.scrambleMoves.value = s.moves;
  renderGame();
  if (!(await refreshPosition())) {
    problems.push(`${ui.parity.textContent}; showing the game's default board`);
    state.board = "";
    state.goal = "";
    state.options = {};
    renderGame();
    await refreshPosition();
  }
  if (problems.length) showError(`The address has a problem: ${problems.join("; ")}.`);
  if (s.mode === "play" && answers("judge")) await play.start(state.board || state.position);
  saveAddress();
}

/** Starts play mode from the board shown. */
async function startPlay() {
  showError("");
  await play.start(state.board || state.position);
  saveAddress();
}

function wire() {
  editor = new BoardEditor(ui.board, (text) => (play.active ? play.moved(text) : setBoard(text)));
  play = new Play(
    {
      section: ui.trySection,
      distance: ui.trySection.querySelector('[data-testid="distance"]'),
      counter: ui.trySection.querySelector('[data-testid="counter"]'),
      moves: $("judged"),
      hint: $("hint"),
      undo: $("undo"),
      finish: $("finish"),
      status: $("try-status"),
    },
    {
      judge: (board) => backend.ask("judge", query({ board })),
      show: (board) => setBoard(board),
      finish: (board) => {
        setBoard(board);
        solve();
      },
      say: announce,
    },
  );
  ui.tryStart.addEventListener("click", startPlay);
  player = new Player({
    stage: $("stage"),
    scrub: $("scrub"),
    step: $("step"),
    moves: $("moves"),
    play: $("play"),
    speed: $("speed"),
    first: $("first"),
    back: $("back"),
    forward: $("forward"),
    last: $("last"),
  });
  ui.game.addEventListener("change", () => {
    showError("");
    selectGame(ui.game.value);
  });
  ui.boardText.addEventListener("change", () => setBoard(ui.boardText.value.trim()));
  ui.goalText.addEventListener("change", () => {
    state.goal = ui.goalText.value.trim();
    saveAddress();
    refreshPosition();
  });
  ui.preset.addEventListener("change", () => {
    const p = state.game.presets[Number(ui.preset.value)];
    if (!p) return;
    state.options = {};
    state.board = p.options.board ?? "";
    state.goal = p.options.goal ?? "";
    for (const [k, v] of Object.entries(p.options)) {
      if (k !== "board" && k !== "goal") state.options[k] = v;
    }
    renderGame();
    saveAddress();
    refreshPosition();
    announce(`Preset ${p.name}`);
  });
  ui.scramble.addEventListener("click", async () => {
    showError("");
    try {
      const r = await backend.ask("scramble", query({ seed: Number(ui.seed.value), moves: Number(ui.scrambleMoves.value) }));
      setBoard(r.board);
      announce(`Scrambled with seed ${r.seed}: ${r.board}`);
    } catch (e) {
      showError(e.message);
    }
  });
  ui.solve.addEventListener("click", solve);
  ui.cancel.addEventListener("click", cancelJob);
  ui.download.addEventListener("click", downloadSvg);
  $("shape-csv").addEventListener("click", downloadShape);
  ui.analyse.addEventListener("click", analyse);
  ui.logScale.addEventListener("change", drawChart);
  ui.wipeouts.addEventListener("click", wipeouts);
  ui.perft.addEventListener("click", perft);
  ui.check.addEventListener("click", check);
  ui.definition.addEventListener("input", definitionEdited);
  ui.definitionPreset.addEventListener("change", async () => {
    const d = state.info.definitions.find((x) => x.file === ui.definitionPreset.value);
    if (d) await selectGame(`def:${d.file}`);
  });
  ui.definitionFile.addEventListener("change", async () => {
    const f = ui.definitionFile.files[0];
    if (!f) return;
    await definitionChanged(await f.text(), f.name);
  });
}

async function start() {
  wire();
  try {
    backend = await connect();
    state.info = await backend.games();
  } catch (e) {
    showError(`The back end does not answer: ${e.message}`);
    return;
  }
  const limits = state.info.limits;
  ui.backend.textContent =
    backend.kind === "server"
      ? `(answers from tansaku serve: ${limits.workers} workers, ${limits.time_limit} s a job)`
      : `(answers from tansaku in WebAssembly, in this browser: one question at a time on one thread, ${Math.round(
          limits.max_memory / 2 ** 20,
        )} MiB a question (WebAssembly has 4 GiB at most), pattern databases kept in this browser's storage)`;
  ui.version.textContent = state.info.version;
  fillGameList();
  await applyAddress();
  refreshTables();
  // Ready means ready: the actions wait for the back end's games.
  busy(false);
  ui.tryStart.disabled = false;
  ui.scramble.disabled = !answers("scramble");
  document.querySelector("main").removeAttribute("aria-busy");
  document.body.dataset.ready = "true";
}

start();
