// Boards drawn from the library's grids of glyphs (the same grids the
// command line's SVG pictures are drawn from), and the board editor.
//
// A glyph is "empty", "black", "white", "water", "void", {knight: bool},
// {tile: "15"} or {quarter: 0..3}.

const SVG = "http://www.w3.org/2000/svg";
const CELL = 32;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** A glyph in words, for screen readers. */
export function glyphName(g) {
  if (typeof g === "string") {
    return { empty: "empty", black: "black disc", white: "white disc", water: "water", void: "no cell" }[g] ?? g;
  }
  if ("tile" in g) return `tile ${g.tile}`;
  if ("knight" in g) return g.knight ? "white knight" : "black knight";
  if ("quarter" in g) return `quarter circle ${"ABCD"[g.quarter]}`;
  return "cell";
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Draws one glyph in the cell at (x, y) of `parent`. */
function drawGlyph(parent, g, x, y) {
  const c = CELL / 2;
  if (g === "void") {
    el("rect", { x, y, width: CELL, height: CELL, class: "g-void" }, parent);
    return;
  }
  el("rect", { x, y, width: CELL, height: CELL, class: "g-cell" }, parent);
  if (g === "empty") return;
  if (g === "water") {
    el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: "g-water" }, parent);
  } else if (g === "black" || g === "white") {
    el("circle", { cx: x + c, cy: y + c, r: CELL * 0.38, class: `g-${g}` }, parent);
  } else if ("knight" in g) {
    const p = (dx, dy) => `${(x + dx * CELL).toFixed(1)},${(y + dy * CELL).toFixed(1)}`;
    el("polygon", {
      points: [p(0.25, 0.88), p(0.78, 0.88), p(0.72, 0.25), p(0.45, 0.12), p(0.22, 0.38), p(0.3, 0.5), p(0.48, 0.45)].join(" "),
      class: g.knight ? "g-white" : "g-black",
    }, parent);
  } else if ("tile" in g) {
    el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "g-tile" }, parent);
    const t = el("text", {
      x: x + c,
      y: y + c + CELL * 0.17,
      "text-anchor": "middle",
      "font-size": g.tile.length > 2 ? CELL * 0.32 : CELL * 0.45,
      "font-family": "sans-serif",
      class: "g-label",
    }, parent);
    t.textContent = g.tile;
  } else if ("quarter" in g) {
    // The quarter of a circle centred on the opposite corner: four tiles
    // A B / C D draw one circle.
    const q = g.quarter;
    const [cx, cy] = [[x + CELL, y + CELL], [x, y + CELL], [x + CELL, y], [x, y]][q];
    const r = CELL / 2;
    const [sx, sy, ex, ey] = [
      [cx - r, cy, cx, cy - r],
      [cx, cy - r, cx + r, cy],
      [cx, cy + r, cx - r, cy],
      [cx + r, cy, cx, cy + r],
    ][q];
    el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: "g-tile" }, parent);
    el("path", { d: `M ${sx} ${sy} A ${r} ${r} 0 0 1 ${ex} ${ey}`, class: "g-arc" }, parent);
  }
}

/**
 * A board as an SVG element; cells that differ from `before` are marked
 * (the piece that moved outlined, a turned disc dotted).
 */
export function gridSvg(grid, { before = null, label = "", scale = 1 } = {}) {
  const w = grid.width * CELL;
  const h = grid.height * CELL;
  const svg = el("svg", {
    viewBox: `-2 -2 ${w + 4} ${h + 4}`,
    width: Math.round((w + 4) * scale),
    height: Math.round((h + 4) * scale),
  });
  // A board with a label is a picture of its own; without one it draws
  // what its (labelled) button says.
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  el("rect", { x: -1, y: -1, width: w + 2, height: h + 2, class: "g-board" }, svg);
  grid.cells.forEach((g, i) => {
    const x = (i % grid.width) * CELL;
    const y = Math.floor(i / grid.width) * CELL;
    drawGlyph(svg, g, x, y);
    if (before && before.cells.length === grid.cells.length && !same(before.cells[i], g)) {
      if (before.cells[i] === "empty") {
        el("rect", { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, class: "g-moved" }, svg);
      } else if (g !== "empty") {
        el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.1, class: "g-flipped" }, svg);
      }
    }
  });
  return svg;
}

/** A grid of one character a cell (Reversi's boards: X, O, .). */
export function gridOfText(board, glyphs) {
  const rows = board.split("/");
  return {
    width: rows[0].length,
    height: rows.length,
    cells: [...rows.join("")].map((ch) => glyphs[ch] ?? { tile: ch }),
  };
}

/**
 * The board editor: one button a cell, drawn from the library's
 * description of a position ({board, grid, cells: {width, height, tokens,
 * empty, palette, spaced}, unsolvable}). Edits call `onEdit(text)` with
 * the board written as the game reads it.
 */
export class BoardEditor {
  constructor(root, onEdit) {
    this.root = root;
    this.onEdit = onEdit;
    this.cells = null;
    this.glyphs = [];
    this.slides = false;
    this.selected = -1;
    this.focusAt = -1;
    root.addEventListener("keydown", (e) => this.key(e));
  }

  /** Shows `position`; `slides`: a tile next to the empty cell slides. */
  show(position, slides) {
    this.slides = slides;
    this.cells = position && position.cells ? structuredClone(position.cells) : null;
    this.glyphs = position && position.cells ? position.grid.cells.slice() : [];
    this.selected = -1;
    this.render();
  }

  clear() {
    this.cells = null;
    this.render();
  }

  text() {
    const { width, tokens, spaced } = this.cells;
    const rows = [];
    for (let r = 0; r * width < tokens.length; r++) {
      const row = tokens.slice(r * width, (r + 1) * width);
      rows.push(spaced ? row.join(" ") : row.join(""));
    }
    return rows.join("/");
  }

  render() {
    const root = this.root;
    const hadFocus = root.contains(document.activeElement);
    root.replaceChildren();
    if (!this.cells) return;
    const { width, height, tokens } = this.cells;
    root.style.setProperty("grid-template-columns", `repeat(${width}, auto)`);
    const fit = Math.max(1.6, Math.min(3, 20 / Math.max(width, height)));
    root.style.setProperty("--cell", `${fit}rem`);
    tokens.forEach((t, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "cell" + (i === this.selected ? " selected" : "");
      b.dataset.index = i;
      const row = Math.floor(i / width) + 1;
      const col = (i % width) + 1;
      const g = this.glyphs[i] ?? "empty";
      b.setAttribute("aria-label", `row ${row}, column ${col}: ${glyphName(g)}${i === this.selected ? ", selected" : ""}`);
      const svg = el("svg", { viewBox: `0 0 ${CELL} ${CELL}`, "aria-hidden": "true", focusable: "false" });
      drawGlyph(svg, g, 0, 0);
      b.appendChild(svg);
      b.addEventListener("click", () => this.press(i));
      root.appendChild(b);
    });
    if (hadFocus && this.focusAt >= 0) {
      root.children[Math.min(this.focusAt, tokens.length - 1)]?.focus();
    }
    void height;
  }

  swap(i, j) {
    const t = this.cells.tokens;
    [t[i], t[j]] = [t[j], t[i]];
    [this.glyphs[i], this.glyphs[j]] = [this.glyphs[j], this.glyphs[i]];
  }

  isEmpty(i) {
    return this.cells.tokens[i] === this.cells.empty || this.glyphs[i] === "empty";
  }

  neighbours(i) {
    const { width, tokens } = this.cells;
    const out = [];
    if (i % width > 0) out.push(i - 1);
    if (i % width < width - 1) out.push(i + 1);
    if (i >= width) out.push(i - width);
    if (i + width < tokens.length) out.push(i + width);
    return out;
  }

  press(i) {
    if (!this.cells) return;
    this.focusAt = i;
    const { palette, tokens } = this.cells;
    if (this.selected >= 0) {
      if (this.selected !== i) this.swap(this.selected, i);
      this.selected = -1;
      this.changed();
      return;
    }
    const empty = this.neighbours(i).find((n) => this.isEmpty(n));
    if (this.slides && !this.isEmpty(i) && empty !== undefined) {
      this.swap(i, empty);
      this.changed();
      return;
    }
    const k = palette.indexOf(tokens[i]);
    if (k >= 0) {
      tokens[i] = palette[(k + 1) % palette.length];
      const flip = { black: "white", white: "black" };
      if (typeof this.glyphs[i] === "string" && flip[this.glyphs[i]]) this.glyphs[i] = flip[this.glyphs[i]];
      this.changed();
      return;
    }
    this.selected = i;
    this.render();
  }

  /** Arrow keys move the empty cell (the tile beyond it slides in). */
  key(e) {
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (!this.cells || !(e.key in moves)) return;
    const { width, tokens } = this.cells;
    const at = tokens.findIndex((_, i) => this.isEmpty(i));
    if (at < 0) return;
    const [dx, dy] = moves[e.key];
    const x = (at % width) + dx;
    const y = Math.floor(at / width) + dy;
    e.preventDefault();
    if (x < 0 || x >= width || y < 0 || y * width >= tokens.length) return;
    const to = y * width + x;
    this.swap(at, to);
    this.focusAt = to;
    this.changed();
  }

  changed() {
    this.render();
    this.onEdit(this.text());
  }
}
