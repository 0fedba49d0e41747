// Play it yourself: the person moves, the library judges. After every move
// the page asks the back end's `judge` question (the position's exact
// distance and each legal move's) and only shows the answer: the distance,
// and each move marked closer, same or farther.

import { errorText, t } from "./i18n.js";

const MARKS = { "-1": "closer", 0: "same", 1: "farther" };

/** The mark of a move's delta: closer, same, farther or unknown. */
export function mark(delta) {
  return delta === null || delta === undefined ? "unknown" : MARKS[String(Math.sign(delta))];
}

export class Play {
  /**
   * `ui`: {section, distance, counter, moves, hint, undo, finish, status};
   * `judge(board)` asks the back end; `show(board)` puts a board on the
   * page; `finish(board)` solves from it; `say(text)` announces.
   */
  constructor(ui, { judge, show, finish, say }) {
    this.ui = ui;
    this.judge = judge;
    this.showBoard = show;
    this.finishFrom = finish;
    this.say = say;
    this.active = false;
    this.history = [];
    this.optimal = null;
    this.current = null;
    this.asked = 0;
    ui.hint.addEventListener("click", () => this.hint());
    ui.undo.addEventListener("click", () => this.undo());
    ui.finish.addEventListener("click", () => this.finish());
  }

  /** Starts playing from `board`. */
  async start(board) {
    this.active = true;
    // The page keeps the board and its moves together while playing.
    this.ui.section.closest("main")?.classList.add("playing");
    this.history = [board];
    this.optimal = null;
    await this.refresh();
    if (this.current) this.optimal = this.current.distance;
    this.count();
  }

  stop() {
    this.active = false;
    this.ui.section.closest("main")?.classList.remove("playing");
    this.current = null;
    this.ui.moves.replaceChildren();
    this.ui.distance.textContent = "";
    this.ui.counter.textContent = "";
    this.ui.status.textContent = "";
    this.enable(false);
  }

  /** The person moved to `board` (a move button, or the board itself). */
  async moved(board) {
    if (!this.active || board === this.history.at(-1)) return;
    this.history.push(board);
    this.showBoard(board);
    await this.refresh();
  }

  async undo() {
    if (this.history.length < 2) return;
    this.history.pop();
    this.showBoard(this.history.at(-1));
    await this.refresh();
  }

  hint() {
    const best = this.ui.moves.querySelector('button[data-mark="closer"]');
    for (const b of this.ui.moves.querySelectorAll("button.hinted")) b.classList.remove("hinted");
    if (!best) {
      this.say(t(this.current?.distance === 0 ? "judge.solved-here" : "judge.no-hint"));
      return;
    }
    best.classList.add("hinted");
    best.focus();
    this.say(`Hint: ${best.dataset.move}`);
  }

  finish() {
    this.finishFrom(this.history.at(-1));
  }

  enable(on) {
    this.ui.hint.disabled = !on;
    this.ui.undo.disabled = !on || this.history.length < 2;
    this.ui.finish.disabled = !on;
  }

  count() {
    const made = this.history.length - 1;
    const optimal = this.optimal ?? "?";
    this.ui.counter.textContent = `${made} / ${optimal}`;
  }

  /** Asks the judgement of the current board and shows it. */
  async refresh() {
    const ask = ++this.asked;
    const board = this.history.at(-1);
    this.ui.section.setAttribute("aria-busy", "true");
    this.enable(false);
    let j;
    try {
      j = await this.judge(board);
    } catch (e) {
      if (ask !== this.asked) return;
      this.ui.section.removeAttribute("aria-busy");
      this.ui.status.textContent = errorText(e);
      this.enable(true);
      return;
    }
    if (ask !== this.asked) return;
    this.current = j;
    this.draw(j);
    this.say(t(j.distance === 0 ? "judge.distance-solved" : "judge.distance", { distance: this.ui.distance.textContent }));
  }

  /** Draws the judgement again (after the language changed). */
  redraw() {
    if (this.current) this.draw(this.current);
  }

  /** Shows a judgement: the distance, the counter, each move marked. */
  draw(j) {
    this.ui.section.removeAttribute("aria-busy");
    this.ui.section.dataset.board = j.board;
    // `reason`: no sequence of moves reaches the goal from here.
    const none = Boolean(j.reason);
    this.ui.distance.textContent = j.distance ?? t(none ? "judge.none" : "judge.unknown");
    this.ui.distance.dataset.value = j.distance ?? "";
    this.count();
    const solved = j.distance === 0;
    const made = this.history.length - 1;
    this.ui.status.textContent = solved
      ? t(made === 1 ? "judge.solved-one" : "judge.solved", { made, optimal: this.optimal ?? "?" })
      : none
        ? t("judge.unreachable")
        : "";
    const items = j.moves.map((m) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      const how = none ? "none" : mark(m.delta);
      b.className = how;
      b.dataset.mark = how;
      b.dataset.move = m.move;
      b.dataset.board = m.board;
      b.dataset.delta = m.delta ?? "";
      const label = document.createElement("span");
      label.className = "move-name";
      label.textContent = m.name ?? m.move;
      const note = document.createElement("span");
      note.className = "mark";
      note.textContent =
        how === "unknown" || how === "none" ? t(`mark.${how}`) : t("mark.move", { how: t(`mark.${how}`), distance: m.distance });
      b.append(label, " ", note);
      b.addEventListener("click", () => this.moved(m.board));
      li.appendChild(b);
      return li;
    });
    this.ui.moves.replaceChildren(...items);
    this.enable(true);
  }
}
