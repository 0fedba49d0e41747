// The distance histogram as an SVG bar chart: one bar a distance, its
// height the number of positions (on a log scale when asked).

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
    `Histogram of ${total.toLocaleString("en")} positions over distances 0 to ${n - 1}${log ? ", log scale" : ""}`,
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
    title.textContent = `distance ${d}: ${v.toLocaleString("en")} positions`;
    if (n <= 40 || d % Math.ceil(n / 40) === 0) {
      const t = el("text", { x: left + d * bar + bar / 2, y: h - 8, "text-anchor": "middle" }, svg);
      t.textContent = d;
    }
  });
  return svg;
}
