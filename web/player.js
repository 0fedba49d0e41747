// Plays a solution move by move: the board animates, with step,
// play/pause, scrub and speed controls and a clickable move list.

import { gridSvg } from "./board.js";
import { t } from "./i18n.js";

export class Player {
  constructor(ids) {
    this.stage = ids.stage;
    this.scrub = ids.scrub;
    this.step = ids.step;
    this.moves = ids.moves;
    this.playButton = ids.play;
    this.speed = ids.speed;
    this.frames = [];
    this.labels = [];
    this.at = 0;
    this.timer = null;
    this.playButton.textContent = t("player.play");
    ids.first.addEventListener("click", () => this.go(0));
    ids.back.addEventListener("click", () => this.go(this.at - 1));
    ids.forward.addEventListener("click", () => this.go(this.at + 1));
    ids.last.addEventListener("click", () => this.go(this.frames.length - 1));
    ids.play.addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    this.scrub.addEventListener("input", () => this.go(Number(this.scrub.value)));
    this.speed.addEventListener("change", () => {
      if (this.timer) {
        this.pause();
        this.play();
      }
    });
  }

  /** Loads `frames` (grids, the start first) and the moves between them. */
  load(frames, labels) {
    this.pause();
    this.frames = frames;
    this.labels = labels;
    this.scrub.max = String(Math.max(0, frames.length - 1));
    this.relabel();
    this.go(0);
  }

  /** Writes the move list and the labels again, in the language in use. */
  relabel() {
    this.moves.replaceChildren();
    this.labels.forEach((m, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${i + 1}. ${m}`;
      b.setAttribute("aria-label", t("player.move", { i: i + 1, move: m }));
      b.addEventListener("click", () => this.go(i + 1));
      li.appendChild(b);
      this.moves.appendChild(li);
    });
    this.playButton.textContent = t(this.timer ? "player.pause" : "player.play");
    if (this.frames.length) this.go(this.at);
  }

  go(i) {
    if (!this.frames.length) return;
    this.at = Math.max(0, Math.min(this.frames.length - 1, i));
    const grid = this.frames[this.at];
    const before = this.at > 0 ? this.frames[this.at - 1] : null;
    const last = this.frames.length - 1;
    const label = this.at > 0 ? t("player.at", { at: this.at, last, move: this.labels[this.at - 1] }) : t("player.start", { last });
    this.stage.replaceChildren(gridSvg(grid, { before, label, scale: 1.75 }));
    this.scrub.value = String(this.at);
    this.scrub.setAttribute("aria-valuetext", label);
    this.step.textContent = `${this.at} / ${this.frames.length - 1}`;
    [...this.moves.querySelectorAll("button")].forEach((b, k) => {
      if (k + 1 === this.at) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    });
    if (this.at === this.frames.length - 1) this.pause();
  }

  play() {
    if (this.frames.length < 2) return;
    if (this.at >= this.frames.length - 1) this.go(0);
    const ms = 600 / Number(this.speed.value || 1);
    this.timer = setInterval(() => this.go(this.at + 1), ms);
    this.playButton.textContent = t("player.pause");
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = t("player.play");
  }
}
