//! Pictures as SVG, kept apart from solving: a solution as a strip of
//! numbered boards (the moved piece outlined, turned discs dotted), a game
//! as an animation with one frame per move, a distance histogram as a bar
//! chart. Every puzzle gives its boards as a [`Grid`] of [`Glyph`]s
//! ([`tansaku_core::picture`]); the drawing is shared.

use std::fmt::Write;
use tansaku_core::picture::{Glyph, Grid};

const CELL: f64 = 32.0;
const GAP: f64 = 18.0;
const LABEL: f64 = 16.0;

fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The piece a cell shows, when it is a cell of a multi-cell block.
fn piece_at(g: &Grid, i: usize) -> Option<u32> {
    match g.cells.get(i) {
        Some(Glyph::Block { piece, .. }) => Some(*piece),
        _ => None,
    }
}

/// Cell `i` of a block (at `x`, `y`): filled up to the sides it shares
/// with the same piece, outlined on the others, so that the piece is one
/// shape ([`block_labels`] writes its label).
fn block_cell(out: &mut String, g: &Grid, i: usize, piece: u32, x: f64, y: f64) {
    let (col, row) = (i % g.width, i / g.width);
    let joined = |j: Option<usize>| j.and_then(|j| piece_at(g, j)) == Some(piece);
    let left = joined(col.checked_sub(1).map(|c| row * g.width + c));
    let right = joined((col + 1 < g.width).then_some(i + 1));
    let up = joined(row.checked_sub(1).map(|r| r * g.width + col));
    let down = joined((row + 1 < g.height).then_some(i + g.width));
    let inset = |shared: bool| if shared { 0.0 } else { 2.0 };
    let (x1, y1) = (x + inset(left), y + inset(up));
    let (x2, y2) = (x + CELL - inset(right), y + CELL - inset(down));
    let _ = write!(
        out,
        r##"<rect x="{x1}" y="{y1}" width="{}" height="{}" fill="#f3e3b5" class="block"/>"##,
        x2 - x1,
        y2 - y1
    );
    for (shared, (ax, ay, bx, by)) in [
        (left, (x1, y1, x1, y2)),
        (right, (x2, y1, x2, y2)),
        (up, (x1, y1, x2, y1)),
        (down, (x1, y2, x2, y2)),
    ] {
        if !shared {
            let _ = write!(
                out,
                r##"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#8a6d1d" stroke-linecap="square"/>"##
            );
        }
    }
}

/// Each block's label once, at the middle of its cells (after every cell
/// is drawn, so that none covers it).
fn block_labels(out: &mut String, g: &Grid, x0: f64, y0: f64) {
    let mut done = std::collections::BTreeSet::new();
    for (i, glyph) in g.cells.iter().enumerate() {
        let Glyph::Block { label, piece } = glyph else { continue };
        if !done.insert(*piece) {
            continue;
        }
        let cells: Vec<usize> = (i..g.cells.len()).filter(|&j| piece_at(g, j) == Some(*piece)).collect();
        let n = cells.len() as f64;
        let cx = cells.iter().map(|&j| (j % g.width) as f64).sum::<f64>() / n * CELL + CELL / 2.0;
        let cy = cells.iter().map(|&j| (j / g.width) as f64).sum::<f64>() / n * CELL + CELL / 2.0;
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" fill="#222">{}</text>"##,
            x0 + cx,
            y0 + cy + CELL * 0.17,
            CELL * 0.45,
            escape(label)
        );
    }
}

/// One board at (`x0`, `y0`), marking the cells that differ from `before`.
fn board(out: &mut String, g: &Grid, before: Option<&Grid>, x0: f64, y0: f64) {
    let (w, h) = (g.width as f64 * CELL, g.height as f64 * CELL);
    let _ = write!(
        out,
        r##"<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="#2e7d4f" stroke="#123" stroke-width="2"/>"##
    );
    // The cells' lines first: a block drawn over them hides those inside it.
    for (i, glyph) in g.cells.iter().enumerate() {
        let (x, y) = (x0 + (i % g.width) as f64 * CELL, y0 + (i / g.width) as f64 * CELL);
        if *glyph != Glyph::Void {
            let _ = write!(
                out,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#1b4d30" stroke-width="1"/>"##
            );
        }
    }
    for (i, glyph) in g.cells.iter().enumerate() {
        let (x, y) = (x0 + (i % g.width) as f64 * CELL, y0 + (i / g.width) as f64 * CELL);
        let (cx, cy, r) = (x + CELL / 2.0, y + CELL / 2.0, CELL * 0.38);
        if *glyph == Glyph::Void {
            let _ = write!(
                out,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#fafafa"/>"##
            );
            continue;
        }
        match glyph {
            Glyph::Empty | Glyph::Void => {}
            Glyph::Water => {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#4a90d9"/>"##,
                    x + 1.0,
                    y + 1.0,
                    CELL - 2.0,
                    CELL - 2.0
                );
            }
            Glyph::Black | Glyph::White => {
                let fill = if *glyph == Glyph::Black { "#111" } else { "#f4f4f4" };
                let _ = write!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#000" stroke-width="1"/>"##
                );
            }
            Glyph::Knight(white) => {
                let fill = if *white { "#f4f4f4" } else { "#111" };
                // A knight's head in profile: a simple polygon.
                let p = |dx: f64, dy: f64| format!("{:.1},{:.1}", x + dx * CELL, y + dy * CELL);
                let _ = write!(
                    out,
                    r##"<polygon points="{} {} {} {} {} {} {}" fill="{fill}" stroke="#888" stroke-width="1"/>"##,
                    p(0.25, 0.88),
                    p(0.78, 0.88),
                    p(0.72, 0.25),
                    p(0.45, 0.12),
                    p(0.22, 0.38),
                    p(0.30, 0.50),
                    p(0.48, 0.45)
                );
            }
            Glyph::Tile(name) => {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="#f3e3b5" stroke="#8a6d1d"/><text x="{cx}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" fill="#222">{}</text>"##,
                    x + 2.0,
                    y + 2.0,
                    CELL - 4.0,
                    CELL - 4.0,
                    cy + CELL * 0.17,
                    if name.chars().count() > 2 {
                        CELL * 0.32
                    } else {
                        CELL * 0.45
                    },
                    escape(name)
                );
            }
            Glyph::Block { piece, .. } => block_cell(out, g, i, *piece, x, y),
            Glyph::Quarter(q) => {
                // The quarter of a circle centred on the opposite corner, so
                // that four tiles A B / C D draw one circle and the arcs of
                // neighbours meet at the middles of the edges.
                let (ccx, ccy) = match q {
                    0 => (x + CELL, y + CELL),
                    1 => (x, y + CELL),
                    2 => (x + CELL, y),
                    _ => (x, y),
                };
                let r = CELL / 2.0;
                let (sx, sy, ex, ey) = match q {
                    0 => (ccx - r, ccy, ccx, ccy - r),
                    1 => (ccx, ccy - r, ccx + r, ccy),
                    2 => (ccx, ccy + r, ccx - r, ccy),
                    _ => (ccx + r, ccy, ccx, ccy + r),
                };
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#f3e3b5" stroke="#8a6d1d"/><path d="M {sx} {sy} A {r} {r} 0 0 1 {ex} {ey}" fill="none" stroke="#b3261e" stroke-width="5" stroke-linecap="round"/>"##,
                    x + 1.0,
                    y + 1.0,
                    CELL - 2.0,
                    CELL - 2.0
                );
            }
        }
        if let Some(b) = before {
            let was = &b.cells[i];
            if !was.looks_like(glyph) {
                if *was == Glyph::Empty {
                    // The piece that moved (or was placed) here.
                    let _ = write!(
                        out,
                        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#ff9800" stroke-width="3" class="moved"/>"##,
                        x + 1.5,
                        y + 1.5,
                        CELL - 3.0,
                        CELL - 3.0
                    );
                } else if *glyph != Glyph::Empty {
                    // Turned over.
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#e53935" class="flipped"/>"##,
                        CELL * 0.1
                    );
                }
            }
        }
    }
    block_labels(out, g, x0, y0);
}

/// A strip of numbered boards, `per_row` to a row, with a title; the cells
/// that changed from the board before are marked (the moved piece with an
/// orange outline, a turned disc with a red dot).
///
/// ```
/// use tansaku::picture::{Glyph, Grid};
/// use tansaku::svg::svg_strip;
/// let a = Grid { width: 2, height: 1, cells: vec![Glyph::Black, Glyph::Empty] };
/// let b = Grid { width: 2, height: 1, cells: vec![Glyph::Empty, Glyph::Black] };
/// let svg = svg_strip("one move", &[a, b], 8);
/// assert!(svg.starts_with("<svg") && svg.contains("class=\"moved\""));
/// ```
pub fn svg_strip(title: &str, grids: &[Grid], per_row: usize) -> String {
    let per_row = per_row.max(1);
    let (bw, bh) = grids.iter().fold((0.0f64, 0.0f64), |(w, h), g| {
        (w.max(g.width as f64 * CELL), h.max(g.height as f64 * CELL))
    });
    let rows = grids.len().div_ceil(per_row).max(1);
    let cols = grids.len().clamp(1, per_row);
    let width = (GAP + cols as f64 * (bw + GAP)).max(2.0 * GAP + title.chars().count() as f64 * 8.5);
    let height = 2.0 * LABEL + rows as f64 * (bh + LABEL + GAP) + GAP;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><rect width="100%" height="100%" fill="#fafafa"/><text x="{GAP}" y="{}" font-family="sans-serif" font-size="15" fill="#222">{}</text>"##,
        LABEL + 4.0,
        escape(title)
    );
    for (k, g) in grids.iter().enumerate() {
        let (col, row) = (k % per_row, k / per_row);
        let x0 = GAP + col as f64 * (bw + GAP);
        let y0 = 2.0 * LABEL + row as f64 * (bh + LABEL + GAP) + LABEL;
        let _ = write!(
            out,
            r##"<text x="{x0}" y="{}" font-family="sans-serif" font-size="12" fill="#444">{k}</text>"##,
            y0 - 4.0
        );
        board(&mut out, g, k.checked_sub(1).map(|j| &grids[j]), x0, y0);
    }
    out.push_str("</svg>\n");
    out
}

/// An animation: one frame per board, `seconds` each, looping; the moved
/// piece and turned discs are marked as in [`svg_strip`]. Viewers without
/// animation show the last frame.
///
/// ```
/// use tansaku::picture::{Glyph, Grid};
/// use tansaku::svg::svg_animation;
/// let a = Grid { width: 1, height: 1, cells: vec![Glyph::Empty] };
/// let b = Grid { width: 1, height: 1, cells: vec![Glyph::White] };
/// assert!(svg_animation("placing", &[a, b], 0.5).contains("<animate"));
/// ```
pub fn svg_animation(title: &str, grids: &[Grid], seconds: f64) -> String {
    let (bw, bh) = grids.iter().fold((0.0f64, 0.0f64), |(w, h), g| {
        (w.max(g.width as f64 * CELL), h.max(g.height as f64 * CELL))
    });
    // Wide enough for the title (about 8.5 px per character at 15 px).
    let width = 2.0 * GAP + bw.max(160.0).max(title.chars().count() as f64 * 8.5);
    let height = 3.0 * LABEL + bh + 2.0 * GAP;
    let n = grids.len().max(1);
    let total = seconds * n as f64;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><rect width="100%" height="100%" fill="#fafafa"/><text x="{GAP}" y="{}" font-family="sans-serif" font-size="15" fill="#222">{}</text>"##,
        LABEL + 4.0,
        escape(title)
    );
    for (k, g) in grids.iter().enumerate() {
        let last = k + 1 == n;
        let (begin, end) = (k as f64 / n as f64, (k + 1) as f64 / n as f64);
        let (values, times) = if last {
            ("hidden;visible".to_string(), format!("0;{begin:.6}"))
        } else if k == 0 {
            ("visible;hidden".to_string(), format!("0;{end:.6}"))
        } else {
            ("hidden;visible;hidden".to_string(), format!("0;{begin:.6};{end:.6}"))
        };
        let _ = write!(
            out,
            r##"<g visibility="{}"><animate attributeName="visibility" values="{values}" keyTimes="{times}" calcMode="discrete" dur="{total}s" repeatCount="indefinite"/><text x="{GAP}" y="{}" font-family="sans-serif" font-size="12" fill="#444">move {k} of {}</text>"##,
            if last { "visible" } else { "hidden" },
            2.0 * LABEL + 6.0,
            n - 1
        );
        board(&mut out, g, k.checked_sub(1).map(|j| &grids[j]), GAP, 3.0 * LABEL);
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}

/// The distance histogram as a bar chart: one bar per distance, heights
/// proportional to the counts or, with `log`, to `log10(count + 1)`.
///
/// ```
/// use tansaku::svg::svg_histogram;
/// let svg = svg_histogram("distances", &[1, 4, 9, 2], true);
/// assert_eq!(svg.matches("class=\"bar\"").count(), 4);
/// ```
pub fn svg_histogram(title: &str, histogram: &[u64], log: bool) -> String {
    let n = histogram.len().max(1);
    let bar = (640.0 / n as f64).clamp(3.0, 28.0);
    let (left, top, plot_h) = (70.0, 40.0, 300.0);
    let width = left + n as f64 * bar + 30.0;
    let height = top + plot_h + 50.0;
    let scale = |c: u64| if log { (c as f64 + 1.0).log10() } else { c as f64 };
    let max = histogram.iter().map(|&c| scale(c)).fold(0.0f64, f64::max).max(1e-9);
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><rect width="100%" height="100%" fill="#fff"/><text x="{left}" y="24" font-family="sans-serif" font-size="15" fill="#222">{}</text>"##,
        escape(title)
    );
    let base = top + plot_h;
    let _ = write!(
        out,
        r##"<line x1="{left}" y1="{base}" x2="{}" y2="{base}" stroke="#333"/><line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#333"/>"##,
        left + n as f64 * bar
    );
    let top_label = histogram.iter().copied().max().unwrap_or(0);
    let _ = write!(
        out,
        r##"<text x="{}" y="{}" font-family="sans-serif" font-size="11" text-anchor="end" fill="#333">{top_label}</text><text x="{}" y="{base}" font-family="sans-serif" font-size="11" text-anchor="end" fill="#333">0</text><text x="8" y="{}" font-family="sans-serif" font-size="11" fill="#333">{}</text>"##,
        left - 4.0,
        top + 4.0,
        left - 4.0,
        top + plot_h / 2.0,
        if log { "count (log)" } else { "count" }
    );
    let step = (n / 16).max(1);
    for (d, &c) in histogram.iter().enumerate() {
        let h = scale(c) / max * plot_h;
        let x = left + d as f64 * bar;
        let _ = write!(
            out,
            r##"<rect class="bar" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="#3f6fb5"><title>distance {d}: {c}</title></rect>"##,
            x + 0.5,
            base - h,
            bar - 1.0,
            h
        );
        if d % step == 0 || d + 1 == n {
            let _ = write!(
                out,
                r##"<text x="{:.2}" y="{}" font-family="sans-serif" font-size="10" text-anchor="middle" fill="#333">{d}</text>"##,
                x + bar / 2.0,
                base + 14.0
            );
        }
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#333">distance (moves)</text></svg>"##,
        left + n as f64 * bar / 2.0,
        base + 34.0
    );
    out
}
