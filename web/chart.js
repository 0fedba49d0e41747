// The distance histogram as an SVG bar chart: one bar a distance, its
// height the number of positions (on a log scale when asked).

import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent?.appendChild(e);
  return e;
}

/** The chart of `histogram` (positions at each distance). */
export function histogramSvg(histogram, { log = false } = {}) {
  const n = histogram.length;
  const w = Math.max(320, n * 14 + 60);
  const h = 220;
  const left = 48;
  const bottom = 24;
  const top = 10;
  const height = (v) => (log ? Math.log10(v + 1) : v);
  const max = Math.max(1, ...histogram.map(height));
  const bar = (w - left - 8) / n;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, role: "img" });
  const total = histogram.reduce((a, b) => a + b, 0);
  svg.setAttribute(
    "aria-label",
    t(log ? "chart.label-log" : "chart.label", { total: total.toLocaleString("en"), last: n - 1 }),
  );
  el("line", { x1: left, y1: h - bottom, x2: w - 4, y2: h - bottom, class: "axis" }, svg);
  el("line", { x1: left, y1: top, x2: left, y2: h - bottom, class: "axis" }, svg);
  const peak = el("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, svg);
  peak.textContent = Math.max(...histogram).toLocaleString("en");
  histogram.forEach((v, d) => {
    const bh = ((h - bottom - top) * height(v)) / max;
    const r = el("rect", {
      x: left + d * bar + 1,
      y: h - bottom - bh,
      width: Math.max(1, bar - 2),
      height: bh,
      class: "bar",
    }, svg);
    const title = el("title", {}, r);
    title.textContent = t("chart.bar", { d, count: v.toLocaleString("en") });
    if (n <= 40 || d % Math.ceil(n / 40) === 0) {
      const tick = el("text", { x: left + d * bar + bar / 2, y: h - 8, "text-anchor": "middle" }, svg);
      tick.textContent = d;
    }
  });
  return svg;
}

/**
 * The search's shape as lines, one a series (an algorithm's side: its
 * layers from the start or from the goal, or its nodes per bound), drawn on
 * one chart so that what a bound prunes shows beside what a graph search
 * stores. `series`: [{name, points: [[x, y], ...]}].
 */
export function shapeSvg(series, { log = false } = {}) {
  const w = 560;
  const h = 240;
  const left = 64;
  const right = 8;
  const top = 12;
  const bottom = 28;
  const all = series.flatMap((s) => s.points);
  const xmax = Math.max(1, ...all.map((p) => p[0]));
  const value = (v) => (log ? Math.log10(v + 1) : v);
  const ymax = Math.max(1, ...all.map((p) => value(p[1])));
  const x = (v) => left + ((w - left - right) * v) / xmax;
  const y = (v) => h - bottom - ((h - bottom - top) * value(v)) / ymax;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", class: "shape" });
  svg.setAttribute("aria-label", t(log ? "shape.label-log" : "shape.label", { series: series.map((s) => s.name).join(", ") }));
  el("line", { x1: left, y1: h - bottom, x2: w - right, y2: h - bottom, class: "axis" }, svg);
  el("line", { x1: left, y1: top, x2: left, y2: h - bottom, class: "axis" }, svg);
  const peak = el("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, svg);
  peak.textContent = Math.max(0, ...all.map((p) => p[1])).toLocaleString("en");
  const every = Math.max(1, Math.ceil(xmax / 16));
  for (let v = 0; v <= xmax; v += every) {
    const tick = el("text", { x: x(v), y: h - 10, "text-anchor": "middle" }, svg);
    tick.textContent = v;
  }
  series.forEach((s, k) => {
    const cls = `series s${k % 6}`;
    const points = s.points.map(([a, b]) => `${x(a)},${y(b)}`).join(" ");
    el("polyline", { points, class: cls, fill: "none" }, svg);
    for (const [a, b] of s.points) {
      const dot = el("circle", { cx: x(a), cy: y(b), r: 2.5, class: cls }, svg);
      el("title", {}, dot).textContent = `${s.name}: ${a} → ${b.toLocaleString("en")}`;
    }
    const key = el("text", { x: left + 8, y: top + 12 + 14 * k, class: cls }, svg);
    key.textContent = `● ${s.name}`;
  });
  return svg;
}
