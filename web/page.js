// The page's parts and what it holds: the elements it reads and writes
// (`ui`), the question being edited (`state`), and the helpers every part
// of app.js uses to show, announce and ask.

import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

export const REVERSI = { X: "black", O: "white", ".": "empty" };
export const SLIDES = new Set(["sliding", "line"]);
export const DEFINITION = "definition";

export const ui = {
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
  lang: $("lang"),
};

export const state = {
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


export function show(el, on) {
  el.hidden = !on;
}

export function announce(text) {
  ui.live.textContent = "";
  // A change the screen reader hears even when the text repeats.
  setTimeout(() => (ui.live.textContent = text), 30);
}

export function showError(text) {
  ui.error.textContent = text;
  // The library's own lines are English; the page says what it knows.
  show(ui.error, Boolean(text));
}

export function number(n) {
  return typeof n === "number" ? n.toLocaleString("en") : String(n ?? "");
}

export function debounce(f, ms) {
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => f(...args), ms);
  };
}

export function answers(kind) {
  return state.game?.answers?.includes(kind) ?? false;
}

export function optionSpec(name) {
  return state.game?.options?.find((o) => o.name === name);
}

/** The question for the back end: the game, its board, goal, options. */
export function query(extra = {}) {
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

/** `f`, called at most once a frame however often it is asked. */
export function everyFrame(f) {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => {
      asked = false;
      f();
    });
  };
}

/** A progress's parts in the language in use: what, done, unit, of. */
export function progressParts(p) {
  const what = i18n.what(p.what);
  return {
    what: what ? `${what}: ` : "",
    done: number(p.done),
    unit: t(`unit.${p.unit}`),
    of: p.total ? t("job.of", { total: number(p.total) }) : "",
  };
}

export function resultRow(cells) {
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
