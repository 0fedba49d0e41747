// tansaku's page: choose a puzzle, edit its board, solve it with one
// algorithm or several side by side, play the solution, analyse the whole
// space. Every answer comes from the library through the back end; the
// page only asks and shows.

import { ApiError, connect } from "./backend.js";
import { BoardEditor, gridOfText, gridSvg } from "./board.js";
import { histogramSvg, shapeSvg } from "./chart.js";
import * as permalink from "./permalink.js";
import { Play } from "./play.js";
import { Player } from "./player.js";
import { Trace } from "./trace.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";
import {
  $,
  DEFINITION,
  REVERSI,
  SLIDES,
  announce,
  answers,
  debounce,
  everyFrame,
  number,
  optionSpec,
  progressParts,
  query,
  resultRow,
  show,
  showError,
  state,
  ui,
} from "./page.js";

let backend;
let editor;
let player;
let play;
let trace;

// ------------------------------------------------------------------ helpers

/** An error's message, with what the browser's limits mean. */
function explain(e) {
  if (e instanceof ApiError && e.kind === "over-budget" && backend?.kind === "wasm") {
    return t("budget.wasm", { message: i18n.errorText(e), mib: Math.round(state.info.limits.max_memory / 2 ** 20) });
  }
  return i18n.errorText(e);
}

function saveAddress() {
  const s = {
    board: state.board,
    goal: state.goal,
    mode: play?.active ? "play" : "",
    // The language, when it is not the one the browser would choose.
    lang: i18n.language() === i18n.preferred() ? "" : i18n.language(),
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
  builtin.label = t("games.builtin");
  for (const g of state.info.games) {
    const o = new Option(g.name, g.name);
    builtin.appendChild(o);
  }
  const defs = document.createElement("optgroup");
  defs.label = t("games.definitions");
  for (const d of state.info.definitions) {
    if (state.info.games.some((g) => g.name === d.name)) continue;
    defs.appendChild(new Option(`${d.name} (${d.file})`, `def:${d.file}`));
  }
  defs.appendChild(new Option(t("games.own"), DEFINITION));
  ui.game.append(builtin, defs);
  ui.definitionPreset.replaceChildren(new Option(t("definition.choose"), ""));
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
  ui.summary.textContent = i18n.gameSummary(g);
  show(ui.definitionBox, Boolean(state.definition));
  renderOptions();
  renderAlgorithms();
  renderPresets();
  const boardOption = optionSpec("board");
  show(ui.boardSection, Boolean(boardOption));
  const help = (o) => (o ? i18n.optionHelp(g, o) : "");
  ui.boardText.placeholder = boardOption?.default ? t("board.default", { board: boardOption.default }) : help(boardOption);
  ui.boardText.title = help(boardOption);
  const goalOption = optionSpec("goal");
  ui.goalText.disabled = !goalOption;
  ui.goalText.placeholder = help(goalOption);
  ui.scramble.disabled = !answers("scramble");
  show(ui.longestSection, answers("longest"));
  show(ui.trySection, answers("judge"));
  show($("trace-start"), answers("trace"));
  show($("trace-section"), false);
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
      input.appendChild(new Option(o.default ? t("option.default-is", { value: o.default }) : t("option.default"), ""));
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
    help.textContent = i18n.optionHelp(state.game, o);
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
    label.append(box, ` ${t(`algo.${a}`)}`);
    ui.algorithms.appendChild(label);
  }
}

function renderPresets() {
  ui.preset.replaceChildren(new Option(t("preset.choose"), ""));
  (state.game.presets ?? []).forEach((p, i) => {
    const text = p.length !== undefined ? t("preset.moves", { name: p.name, length: p.length }) : p.name;
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
    ui.parity.textContent = pos.unsolvable ? t("board.unsolvable", { why: pos.unsolvable }) : "";
    if (!state.board) ui.boardText.placeholder = t("board.default", { board: pos.board });
    return true;
  } catch (e) {
    if (ask !== positionAsked) return true;
    editor.clear();
    ui.parity.textContent = i18n.errorText(e);
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
    ui.progressText.textContent = t("job.starting");
    ui.notes.replaceChildren();
  }
}

/** Runs a question as a job, its events shown as progress; `onStep` hears
 * each completed step of the search's shape (layer, iteration, level). */
async function job(question, body, onStep = null) {
  const controller = new AbortController();
  state.job = { controller, id: null };
  try {
    return await backend.ask(question, body, {
      signal: controller.signal,
      onEvent: (event, data) => {
        if (event === "job") state.job.id = data.id;
        else if (event === "queued") {
          ui.progressText.textContent =
            data.place > 0 ? t("job.waiting-behind", { place: data.place }) : t("job.waiting");
        } else if (event === "started") ui.progressText.textContent = t("job.running");
        else if (event === "progress") showProgress(data);
        else if (event === "step") onStep?.(data);
        else if (event === "note") {
          const li = document.createElement("li");
          li.textContent = data.text;
          li.lang = "en"; // the library's own line
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
  ui.progressText.textContent = t("job.progress", {
    ...progressParts(p),
    seconds: p.seconds.toFixed(1),
  });
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


/** Shows the search's shape: the finished runs' and, while one runs, the
 * steps it has told so far (`live`). */
function showShape(live = []) {
  const rows = [...state.shape, ...live];
  const body = $("shape-table").tBodies[0];
  body.replaceChildren(
    ...rows.map((r) => {
      const tr = document.createElement("tr");
      [r.algorithm, t(`side.${r.side}`), r.step, number(r.count)].forEach((v, i) => {
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
  // One chart for every run: a line for each algorithm's side.
  const series = new Map();
  for (const r of rows) {
    const name = `${r.algorithm} ${t(`side.${r.side}`)}`;
    if (!series.has(name)) series.set(name, { name, points: [] });
    series.get(name).points.push([r.step, r.count]);
  }
  $("shape-chart").replaceChildren(...(rows.length ? [shapeSvg([...series.values()], { log: $("shape-log").checked })] : []));
  show($("shape"), rows.length > 0);
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
      // The run's shape, drawn as its steps arrive; its answer's replaces it.
      const live = [];
      const drawLive = everyFrame(() => showShape(live));
      try {
        answer = await job("solve", query({ algo }), (s) => {
          live.push({ algorithm: algo, side: s.side, step: s.at, count: s.count });
          drawLive();
        });
      } catch (e) {
        if (stopped(e)) {
          resultRow([algo, t("result.cancelled"), "", "", "", ""]);
          announce(t("cancelled"));
          return;
        }
        resultRow([algo, i18n.errorText(e), "", "", "", ""]);
        if (!first) {
          showError(explain(e));
          announce(t("say.error", { message: i18n.errorText(e) }));
        }
        continue;
      } finally {
        // The answer's exact figures replace what was drawn while it ran.
        live.length = 0;
        showShape();
      }
      const its = (answer.iterations ?? []).map((i) => `${i.bound}:${number(i.generated)}`).join(" ");
      if (answer.length === null || answer.length === undefined) {
        resultRow([answer.algorithm, t("result.no-solution", { reason: answer.reason }), number(answer.stats?.generated), number(answer.stats?.expanded), answer.stats ? answer.stats.seconds.toFixed(4) : "", its]);
        if (!first) {
          first = answer;
          showFigures(answer);
          announce(t("say.no-solution", { reason: answer.reason }));
        }
        continue;
      }
      resultRow([answer.algorithm, String(answer.length), number(answer.stats.generated), number(answer.stats.expanded), answer.stats.seconds.toFixed(4), its]);
      if (answer.stronger_tables) {
        const stronger = answer.stronger_tables;
        $("solve-note").textContent = t(backend.kind === "server" ? "note.stronger-server" : "note.stronger", { bound: stronger.bound });
        refreshTables();
      }
      state.shape.push(...shapeOf(answer));
      showShape();
      if (!first) {
        first = answer;
        showFigures(answer);
        loadSolution(answer);
        announce(t("say.solved", { length: answer.length, algorithm: answer.algorithm, generated: number(answer.stats.generated) }));
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
          ? t("tables.building", progressParts(p))
          : b.state === "failed"
            ? t("tables.failed", { error: b.error ?? "" })
            : t(b.state === "ready" ? "tables.ready" : "tables.queued");
      li.textContent = `${b.size} ${b.partition}: ${how}`;
      return li;
    }),
  );
  $("table-count").textContent = list.files.length;
  $("table-files").replaceChildren(
    ...list.files.map((f) => {
      const li = document.createElement("li");
      li.textContent = t("tables.file", { board: f.board, tiles: f.tiles.join(","), bytes: number(f.bytes) }) + (f.problem ? `: ${f.problem}` : "");
      return li;
    }),
  );
  show($("tables-section"), true);
  // While something builds, look again.
  if (building.some((b) => b.state === "building")) tablesTimer = setTimeout(refreshTables, 2000);
}

function loadSolution(answer) {
  state.solution = answer;
  ui.playTitle.textContent = t("play.title", { puzzle: answer.puzzle, length: answer.length, algorithm: answer.algorithm });
  // Moves as a person says them (B↓, 8 ←), as the library names them.
  player.load(answer.grids, answer.names ?? answer.moves);
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
    showError(i18n.errorText(e));
  }
}

// ------------------------------------------------------------ whole space

async function analyse() {
  showError("");
  busy(true);
  show(ui.longestFigures, false);
  show(ui.histogram, false);
  ui.antipodes.replaceChildren();
  // The histogram grows level by level as the analysis finds them.
  const levels = [];
  const drawLevels = everyFrame(() => {
    ui.chart.replaceChildren(histogramSvg(levels.map((v) => v ?? 0), { log: ui.logScale.checked }));
    show(ui.histogram, true);
  });
  try {
    const a = await job("longest", query({ limit: 60 }), (s) => {
      if (s.side !== "level") return;
      levels[s.at] = s.count;
      drawLevels();
    });
    state.longest = a;
    const f = ui.longestFigures;
    f.querySelector('[data-testid="states"]').textContent = number(a.states);
    f.querySelector('[data-testid="longest"]').textContent = a.longest;
    f.querySelector('[data-testid="count"]').textContent =
      number(a.count) + (a.count_up_to_symmetry ? t("longest.symmetry", { count: number(a.count_up_to_symmetry) }) : "");
    f.querySelector('[data-testid="longest-seconds"]').textContent = a.stats.seconds.toFixed(3);
    show(f, true);
    drawChart();
    show(ui.antipodesHeading, a.positions.length > 0);
    a.positions.forEach((p, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-label", t("longest.load", { i: i + 1, board: p }));
      b.appendChild(gridSvg(a.grids[i]));
      const code = document.createElement("code");
      code.textContent = p;
      b.appendChild(code);
      b.addEventListener("click", () => {
        setBoard(p);
        announce(t("longest.loaded", { board: p }));
        ui.boardSection.scrollIntoView({ block: "nearest" });
      });
      li.appendChild(b);
      ui.antipodes.appendChild(li);
    });
    announce(t("longest.said", { longest: a.longest, count: number(a.count), states: number(a.states) }));
  } catch (e) {
    if (stopped(e)) announce(t("cancelled"));
    else {
      showError(explain(e));
      announce(t("say.error", { message: i18n.errorText(e) }));
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
    const color = t(`color.${w.color}`);
    ui.wipeoutFigures.textContent = t("wipeout.figures", {
      color,
      plies: w.plies,
      positions: number(w.positions),
      symmetric: w.positions_up_to_symmetry,
      sequences: number(w.sequences),
    });
    w.games.forEach((g) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-label", t("wipeout.play", { record: g.record }));
      b.appendChild(gridSvg(gridOfText(g.board, REVERSI)));
      const code = document.createElement("code");
      code.textContent = g.record;
      b.appendChild(code);
      b.addEventListener("click", () => {
        const plies = g.record.match(/../g) ?? [];
        state.solution = null;
        ui.playTitle.textContent = t("wipeout.title", { color, plies: w.plies, record: g.record });
        player.load(g.boards.map((x) => gridOfText(x, REVERSI)), plies);
        show(ui.playSection, true);
        ui.playSection.scrollIntoView({ block: "nearest" });
      });
      li.appendChild(b);
      ui.wipeoutGames.appendChild(li);
    });
    announce(t("wipeout.said", { plies: w.plies, symmetric: w.positions_up_to_symmetry }));
  } catch (e) {
    if (stopped(e)) announce(t("cancelled"));
    else showError(i18n.errorText(e));
  } finally {
    busy(false);
  }
}

async function perft() {
  showError("");
  busy(true);
  try {
    const p = await job("perft", { depth: Number(ui.perftDepth.value) });
    ui.perftResult.textContent = t("perft.result", { depth: p.depth, leaves: number(p.leaves), seconds: p.seconds.toFixed(3) });
    announce(ui.perftResult.textContent);
  } catch (e) {
    if (stopped(e)) announce(t("cancelled"));
    else showError(i18n.errorText(e));
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
    p.textContent = i18n.errorText(error);
    ui.checkResult.appendChild(p);
    return;
  }
  if (!report.figures.length) {
    p.textContent = t("check.plain", { summary: report.summary });
    ui.checkResult.appendChild(p);
    return;
  }
  p.textContent = t(report.ok ? "check.agrees" : "check.differs", { summary: report.summary });
  const table = document.createElement("table");
  table.createCaption().textContent = t("check.caption");
  const head = table.createTHead().insertRow();
  for (const k of ["check.metric", "check.figure", "check.expected", "check.found", "check.check"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(k);
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const f of report.figures) {
    const tr = body.insertRow();
    for (const c of [f.metric, f.figure, number(f.expected), number(f.found), f.expected === f.found ? t("check.ok") : t("check.bad")]) {
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
      problems.push(t("address.z"));
    }
  }
  if (s.def !== undefined || name === DEFINITION) {
    await chooseDefinition(s.def ?? state.info.definitions[0].text, s.file ?? "");
  } else if (shipped) {
    await chooseDefinition(shipped.text, shipped.file);
  } else if (!chooseBuiltin(name)) {
    problems.push(t("address.game", { name, games: state.info.games.map((g) => g.name).join(", ") }));
    chooseBuiltin("sliding");
  }
  const known = new Set(state.game.options.map((o) => o.name));
  for (const [k, v] of Object.entries(s.options)) {
    if (known.has(k)) state.options[k] = v;
    else problems.push(t("address.option", { game: state.game.name, option: k }));
  }
  if (s.algo) {
    const algos = s.algo.split(",").filter(Boolean);
    const bad = algos.filter((a) => !state.game.algorithms.includes(a));
    if (bad.length) problems.push(t("address.algo", { algo: bad.join(","), algorithms: state.game.algorithms.join(", ") }));
    const good = algos.filter((a) => state.game.algorithms.includes(a));
    state.algos = good.length ? good : ["auto"];
  }
  state.board = s.board ?? "";
  state.goal = s.goal ?? "";
  if (s.seed) ui.seed.value = s.seed;
  if (s.moves) ui.scrambleMoves.value = s.moves;
  renderGame();
  if (!(await refreshPosition())) {
    problems.push(t("address.board", { problem: ui.parity.textContent }));
    state.board = "";
    state.goal = "";
    state.options = {};
    renderGame();
    await refreshPosition();
  }
  if (problems.length) showError(t("address.problem", { problems: problems.join("; ") }));
  if (s.mode === "play" && answers("judge")) await play.start(state.board || state.position);
  saveAddress();
}

/** Breadth-first search from the board shown, step by step. */
async function startTrace() {
  showError("");
  try {
    trace.load(await backend.ask("trace", query({ limit: 200 })));
    $("trace-section").scrollIntoView({ block: "nearest" });
  } catch (e) {
    showError(i18n.errorText(e));
  }
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
  trace = new Trace({
    section: $("trace-section"),
    step: $("trace-step"),
    expanded: $("trace-expanded"),
    children: $("trace-children"),
    queue: $("trace-queue"),
    seen: $("trace-seen"),
    status: $("trace-status"),
    first: $("trace-first"),
    back: $("trace-back"),
    forward: $("trace-forward"),
    last: $("trace-last"),
  });
  $("trace-start").addEventListener("click", startTrace);
  ui.lang.addEventListener("change", () => {
    changeLanguage(ui.lang.value);
    if (state.info) saveAddress();
  });
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
    announce(t("preset.chosen", { name: p.name }));
  });
  ui.scramble.addEventListener("click", async () => {
    showError("");
    try {
      const r = await backend.ask("scramble", query({ seed: Number(ui.seed.value), moves: Number(ui.scrambleMoves.value) }));
      setBoard(r.board);
      announce(t("scrambled", { seed: r.seed, board: r.board }));
    } catch (e) {
      showError(i18n.errorText(e));
    }
  });
  ui.solve.addEventListener("click", solve);
  ui.cancel.addEventListener("click", cancelJob);
  ui.download.addEventListener("click", downloadSvg);
  $("shape-csv").addEventListener("click", downloadShape);
  $("shape-log").addEventListener("change", () => showShape());
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

/** Says which back end answers, in the language in use. */
function describeBackend() {
  const limits = state.info.limits;
  ui.backend.textContent =
    backend.kind === "server"
      ? t("backend.server", { workers: limits.workers, seconds: limits.time_limit })
      : t("backend.wasm", { mib: Math.round(limits.max_memory / 2 ** 20) });
}

/** Puts the page into `lang`, and redraws what the scripts wrote. */
function changeLanguage(lang) {
  i18n.setLanguage(lang);
  ui.lang.value = i18n.language();
  if (!state.info) return;
  describeBackend();
  const chosen = ui.game.value;
  fillGameList();
  ui.game.value = chosen;
  ui.definitionPreset.value = state.definition?.file ?? "";
  const preset = ui.preset.value;
  ui.summary.textContent = i18n.gameSummary(state.game);
  renderOptions();
  renderAlgorithms();
  renderPresets();
  ui.preset.value = preset;
  player.relabel();
  if (play.active) play.redraw();
  trace.redraw();
  if (state.shape.length) showShape();
  if (state.longest) drawChart();
  refreshPosition();
}

async function start() {
  i18n.setLanguage(i18n.preferred(permalink.read(location.search).lang));
  ui.lang.value = i18n.language();
  wire();
  try {
    backend = await connect();
    state.info = await backend.games();
  } catch (e) {
    showError(t("backend.none", { message: e.message }));
    return;
  }
  ui.version.textContent = state.info.version;
  describeBackend();
  fillGameList();
  await applyAddress();
  refreshTables();
  // Ready means ready: the actions wait for the back end's games.
  busy(false);
  ui.tryStart.disabled = false;
  $("trace-start").disabled = false;
  ui.scramble.disabled = !answers("scramble");
  document.querySelector("main").removeAttribute("aria-busy");
  document.body.dataset.ready = "true";
}

start();
