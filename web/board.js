// Boards drawn from the library's grids of glyphs (the same grids the
// command line's SVG pictures are drawn from), and the board editor.
//
// A glyph is "empty", "black", "white", "water", "void", {knight: bool},
// {tile: "15"} or {quarter: 0..3}.

import { t } from "./i18n.js";

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
    return ["empty", "black", "white", "water", "void"].includes(g) ? t(`glyph.${g}`) : g;
  }
  if ("tile" in g) return t("glyph.tile", { label: g.tile });
  if ("knight" in g) return t(g.knight ? "glyph.knight-white" : "glyph.knight-black");
  if ("quarter" in g) return t("glyph.quarter", { label: "ABCD"[g.quarter] });
  if ("block" in g) return t("glyph.block", { label: g.block.label });
  return t("glyph.cell");
}

/** Two glyphs that look the same (a block's number among the pieces may
 * change when another piece moves; its look does not). */
function same(a, b) {
  if (a?.block && b?.block) return a.block.label === b.block.label;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The piece a cell of `grid` shows, when it is part of a block. */
function pieceAt(grid, i) {
  return grid.cells[i]?.block?.piece;
}

/** Which sides of cell `i` the same block continues across. */
function joins(grid, i) {
  const p = pieceAt(grid, i);
  const { width, height } = grid;
  const col = i % width;
  const row = Math.floor(i / width);
  const is = (ok, j) => ok && pieceAt(grid, j) === p;
  return {
    left: is(col > 0, i - 1),
    right: is(col + 1 < width, i + 1),
    up: is(row > 0, i - width),
    down: is(row + 1 < height, i + width),
  };
}

/** Draws one block cell: filled to the sides its piece continues across,
 * outlined on the others, so that the piece is one shape. */
function drawBlockCell(parent, x, y, join) {
  const x1 = x + (join.left ? 0 : 2);
  const y1 = y + (join.up ? 0 : 2);
  const x2 = x + CELL - (join.right ? 0 : 2);
  const y2 = y + CELL - (join.down ? 0 : 2);
  el("rect", { x: x1, y: y1, width: x2 - x1, height: y2 - y1, class: "g-block" }, parent);
  for (const [shared, a, b, c, d] of [
    [join.left, x1, y1, x1, y2],
    [join.right, x2, y1, x2, y2],
    [join.up, x1, y1, x2, y1],
    [join.down, x1, y2, x2, y2],
  ]) {
    if (!shared) el("line", { x1: a, y1: b, x2: c, y2: d, class: "g-block-edge" }, parent);
  }
}

/** Each block's label once, in the middle of its cells. */
function drawBlockLabels(parent, grid) {
  const done = new Set();
  grid.cells.forEach((g, i) => {
    if (!g?.block || done.has(g.block.piece)) return;
    done.add(g.block.piece);
    const cells = grid.cells.map((_, j) => j).filter((j) => pieceAt(grid, j) === g.block.piece);
    const cx = (cells.reduce((a, j) => a + (j % grid.width), 0) / cells.length) * CELL + CELL / 2;
    const cy = (cells.reduce((a, j) => a + Math.floor(j / grid.width), 0) / cells.length) * CELL + CELL / 2;
    const text = el("text", {
      x: cx,
      y: cy + CELL * 0.17,
      "text-anchor": "middle",
      "font-size": CELL * 0.45,
      "font-family": "sans-serif",
      class: "g-label",
    }, parent);
    text.textContent = g.block.label;
  });
}

/** Draws one glyph in the cell at (x, y) of `parent`. */
function drawGlyph(parent, g, x, y) {
  const c = CELL / 2;
  if (g === "void") {
    el("rect", { x, y, width: CELL, height: CELL, class: "g-void" }, parent);
    return;
  }
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
    const label = el("text", {
      x: x + c,
      y: y + c + CELL * 0.17,
      "text-anchor": "middle",
      "font-size": g.tile.length > 2 ? CELL * 0.32 : CELL * 0.45,
      "font-family": "sans-serif",
      class: "g-label",
    }, parent);
    label.textContent = g.tile;
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
export function gridSvg(grid, { before = null, label = "", scale = 1, bare = false } = {}) {
  const w = grid.width * CELL;
  const h = grid.height * CELL;
  // Bare: the cells only, edge to edge (the board editor lays its buttons
  // over them).
  const svg = bare
    ? el("svg", { viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: "none" })
    : el("svg", {
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
  if (!bare) el("rect", { x: -1, y: -1, width: w + 2, height: h + 2, class: "g-board" }, svg);
  // The cells' lines first: a block drawn over them hides those inside it.
  grid.cells.forEach((g, i) => {
    if (g !== "void") el("rect", { x: (i % grid.width) * CELL, y: Math.floor(i / grid.width) * CELL, width: CELL, height: CELL, class: "g-cell" }, svg);
  });
  grid.cells.forEach((g, i) => {
    const x = (i % grid.width) * CELL;
    const y = Math.floor(i / grid.width) * CELL;
    if (g?.block) drawBlockCell(svg, x, y, joins(grid, i));
    else drawGlyph(svg, g, x, y);
    if (before && before.cells.length === grid.cells.length && !same(before.cells[i], g)) {
      if (before.cells[i] === "empty") {
        el("rect", { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, class: "g-moved" }, svg);
      } else if (g !== "empty") {
        el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.1, class: "g-flipped" }, svg);
      }
    }
  });
  drawBlockLabels(svg, grid);
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
    // The board first: as large as the column allows, up to 30rem.
    root.style.setProperty("--cell", `min(${(30 / Math.max(width, height)).toFixed(3)}rem, calc((100vw - 3.5rem) / ${width}))`);
    // The board drawn once (a block is one shape), the cells' buttons over it.
    const picture = gridSvg({ width, height, cells: tokens.map((_, i) => this.glyphs[i] ?? "empty") }, { bare: true });
    picture.classList.add("board-picture");
    picture.setAttribute("aria-hidden", "true");
    root.appendChild(picture);
    tokens.forEach((_, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "cell" + (i === this.selected ? " selected" : "");
      b.dataset.index = i;
      const row = Math.floor(i / width) + 1;
      const col = (i % width) + 1;
      const g = this.glyphs[i] ?? "empty";
      b.setAttribute("aria-label", t(i === this.selected ? "cell.selected" : "cell.label", { row, col, what: glyphName(g) }));
      b.addEventListener("click", () => this.press(i));
      root.appendChild(b);
    });
    if (hadFocus && this.focusAt >= 0) {
      root.querySelectorAll("button.cell")[Math.min(this.focusAt, tokens.length - 1)]?.focus();
    }
    void height;
  }

  swap(i, j) {
    const tokens = this.cells.tokens;
    [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
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
