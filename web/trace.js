// Breadth-first search step by step, as the articles teach it: the
// library's `trace` answer (each position taken from the front of the
// queue, its children new or already seen, the queue after) shown one
// step at a time. The page only shows; the library searched.

import { gridSvg } from "./board.js";
import { t } from "./i18n.js";

export class Trace {
  /**
   * `ui`: {section, step, expanded, children, queue, seen, first, back,
   * forward, last, status}.
   */
  constructor(ui) {
    this.ui = ui;
    this.answer = null;
    this.at = 0;
    ui.first.addEventListener("click", () => this.go(0));
    ui.back.addEventListener("click", () => this.go(this.at - 1));
    ui.forward.addEventListener("click", () => this.go(this.at + 1));
    ui.last.addEventListener("click", () => this.go(this.answer.steps.length - 1));
  }

  /** Shows `answer` (the library's trace) from its first step. */
  load(answer) {
    this.answer = answer;
    this.ui.section.hidden = false;
    this.go(0);
  }

  /** Draws the step again (after the language changed). */
  redraw() {
    if (this.answer) this.go(this.at);
  }

  go(i) {
    const steps = this.answer?.steps ?? [];
    if (!steps.length) {
      this.ui.status.textContent = t("trace.none");
      return;
    }
    this.at = Math.max(0, Math.min(steps.length - 1, i));
    const s = steps[this.at];
    const last = this.at === steps.length - 1;
    this.ui.step.textContent = t("trace.step", { k: this.at + 1, n: steps.length, depth: s.depth });
    this.ui.step.dataset.step = this.at + 1;
    this.ui.expanded.replaceChildren(gridSvg(s.expanded.grid, { label: t("trace.taken", { board: s.expanded.board }), scale: 1.4 }));
    this.ui.children.replaceChildren(
      ...s.children.map((c) => {
        const li = document.createElement("li");
        const how = c.goal ? "goal" : c.new ? "new" : "seen";
        li.dataset.how = how;
        li.className = how;
        li.appendChild(gridSvg(c.grid, { label: `${c.name}: ${c.board}`, scale: 0.9 }));
        const note = document.createElement("span");
        note.textContent = `${c.name} — ${t(`trace.${how}`)}`;
        li.appendChild(note);
        return li;
      }),
    );
    this.ui.queue.replaceChildren(
      ...s.queue.map((q) => {
        const li = document.createElement("li");
        li.appendChild(gridSvg(q.grid, { label: q.board, scale: 0.6 }));
        return li;
      }),
    );
    const more = s.queued - s.queue.length;
    this.ui.seen.textContent = t("trace.counts", { queued: s.queued, more: more > 0 ? t("trace.more", { more }) : "", seen: s.seen });
    this.ui.status.textContent = last
      ? this.answer.found
        ? t("trace.found", { depth: s.depth + 1 })
        : t("trace.stopped", { n: steps.length })
      : "";
    this.ui.first.disabled = this.ui.back.disabled = this.at === 0;
    this.ui.forward.disabled = this.ui.last.disabled = last;
  }
}
