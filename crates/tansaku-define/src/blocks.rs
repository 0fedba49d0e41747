//! Pieces on a grid, read from a TOML definition (`kind = "blocks"`):
//! sliding tiles, Klotski, Rush Hour, the knights exchange.
//!
//! A board is written row by row: `.` an empty cell, `#` a wall, any other
//! glyph a piece; a glyph covering several cells is one rigid piece (its
//! cells must touch). A row holding spaces is read as space-separated
//! tokens (`10 11 12`). Pieces listed together in `same` are
//! interchangeable (they must have one shape); every cell of a glyph listed
//! in `tiles` is a one-cell piece of its own, all alike (the Line Puzzle's
//! letters). A goal is a list of patterns, `?` matching anything.
//!
//! A position stores, for every cell, a code naming the kind of piece on it
//! and which of the piece's cells it is, so that interchangeable pieces give
//! one position and rigid pieces stay whole. Boards of single-cell pieces
//! are ranked densely ([`super::multiset`]); others are hashed.

use super::multiset::Multiset;
use super::{Cells, DefError, Expect, Src};
use std::collections::BTreeMap;
use tansaku_core::CellMove;
use tansaku_core::puzzle::{Puzzle, Ranked, Symmetric};
use tansaku_core::search::LowerBound;

/// The code of an empty cell.
pub const EMPTY: u8 = 0;
/// The code of a wall.
pub const WALL: u8 = 255;
/// Largest board, in cells.
pub const MAX_CELLS: usize = 64;

/// How far one move takes a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// One piece, one cell (or one jump).
    Step,
    /// One piece, any distance along free cells, turns included.
    Piece,
}

impl Metric {
    /// The name used in definitions and reports.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Piece => "piece",
        }
    }
}

/// The directions a piece may slide in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Up, down, left, right.
    Both,
    /// Left and right only.
    Horizontal,
    /// Up and down only.
    Vertical,
}

/// A kind of piece: every piece of it has the same shape and moves alike.
#[derive(Clone, Debug)]
pub struct Kind {
    /// How its pieces are drawn: the group's name or its first glyph.
    pub name: String,
    /// The glyphs of its pieces in the definition, in order; the k-th piece
    /// (by anchor, in reading order) is drawn with the k-th glyph.
    pub glyphs: Vec<String>,
    /// True for a `tiles` glyph: every piece is drawn with `name`.
    pub alike: bool,
    /// Cells relative to the anchor (the first cell in reading order), as
    /// (row, column) offsets; the anchor is `(0, 0)`.
    pub shape: Vec<(i32, i32)>,
    /// Its first code; cell `k` of the shape has code `first_code + k`.
    pub first_code: u8,
    /// Pieces of this kind on the board.
    pub count: usize,
    /// Directions it may slide in.
    pub axis: Axis,
}

/// A board symmetry that maps the moves and the goal set onto themselves.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// Its name as declared (`mirror-lr`, `rot180 W=B B=W`, ...).
    pub name: String,
    /// Where each cell goes.
    pub cells: Vec<u8>,
    /// Which kind each kind becomes (index 0: the empty cell).
    pub kinds: Vec<u8>,
    /// True when rows become columns (a slide axis turns).
    pub swaps_axes: bool,
}

/// A puzzle of pieces on a grid, read from a definition.
#[derive(Clone, Debug)]
pub struct Blocks {
    /// A hash of the file's text: what a checkpoint of its analysis is
    /// checked against.
    pub fingerprint: u64,
    /// The puzzle's name.
    pub name: String,
    /// Columns and rows.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Kinds of pieces; index 0 is the empty cell (no shape).
    pub kinds: Vec<Kind>,
    /// For each code: its kind and which cell of the shape it is.
    code_kind: Vec<(u8, u8)>,
    /// The start position, a code per cell.
    pub start: Vec<u8>,
    /// The goal patterns: (cell, wanted kind) pairs, `?` cells left out.
    goals: Vec<Vec<(u8, u8)>>,
    /// The goal patterns as written, a kind or `None` (`?`) per cell.
    goal_cells: Vec<Vec<Option<u8>>>,
    /// How far a move takes a piece.
    pub metric: Metric,
    /// Knight jumps instead of slides.
    pub jumps: Option<Vec<(i32, i32)>>,
    /// The non-wall cells, in order: the digits of a dense rank.
    free: Vec<u8>,
    /// Dense ranks, when every piece covers one cell.
    dense: Option<Multiset>,
    /// Every piece covers one cell, so a piece's code is its kind.
    singles: bool,
    /// Some cell is a wall.
    walls: bool,
    /// The goal positions as codes, when every pattern is one position
    /// (one-cell pieces, no `?`): the goal test compares bytes. Padded
    /// with zeros to 64 bytes, as positions are, so that a test compares
    /// whole fixed-size arrays.
    exact_goals: Option<Vec<[u8; MAX_CELLS]>>,
    /// For one-cell pieces moved a step or a jump: per cell, the cells a
    /// piece may come from into it, and whether that move is sideways
    /// (for pieces kept to one axis).
    incoming: Vec<Vec<(u8, bool)>>,
    /// Some kind of piece moves along one axis only.
    axes: bool,
    /// One-cell pieces all distinct, one empty cell, no walls: the dense
    /// rank is a Lehmer code, which a move updates in a few steps.
    lehmer: bool,
    /// Symmetries, the identity first.
    pub symmetries: Vec<Symmetry>,
    /// For the lower bound: per goal pattern, per kind, per cell, the
    /// fewest moves one piece of that kind needs to reach a cell the
    /// pattern allows it (`None` when no bound is exact enough).
    bound: Option<Vec<Vec<Vec<u16>>>>,
    /// Figures the definition expects.
    pub expect: Vec<Expect>,
    /// The pattern databases the file names (`[[prune]]`): the kinds each
    /// keeps apart.
    pub prune: Vec<Vec<u8>>,
}

const KNIGHT: [(i32, i32); 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];
const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The TOML file, as written.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: toml::Spanned<String>,
    #[allow(dead_code)]
    kind: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    source: Option<String>,
    metric: Option<toml::Spanned<String>>,
    start: toml::Spanned<String>,
    goal: toml::Spanned<toml::Value>,
    same: Option<toml::Spanned<toml::Value>>,
    tiles: Option<toml::Spanned<String>>,
    axis: Option<toml::Spanned<BTreeMap<String, String>>>,
    jumps: Option<toml::Spanned<String>>,
    symmetries: Option<toml::Spanned<Vec<String>>>,
    expect: Option<toml::Spanned<toml::Value>>,
    prune: Option<toml::Spanned<Vec<PruneFile>>>,
}

/// A `[[prune]]` table of the file: the pieces a pattern database keeps
/// apart.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PruneFile {
    pieces: toml::Value,
}

/// Reads a board written as text: rows of glyphs, or of space-separated
/// tokens when a row holds spaces. Rows may be separated by newlines or
/// `/`. Returns the rows of tokens.
pub fn read_rows(text: &str) -> Vec<Vec<String>> {
    let sep = if text.contains('\n') { '\n' } else { '/' };
    text.split(sep)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            if l.contains(char::is_whitespace) {
                l.split_whitespace().map(str::to_string).collect()
            } else {
                l.chars().map(|c| c.to_string()).collect()
            }
        })
        .collect()
}

fn is_empty_glyph(t: &str) -> bool {
    t == "." || t == "_"
}

impl Blocks {
    /// Parses a `kind = "blocks"` definition. `src` names the file in
    /// errors.
    pub(crate) fn parse(src: &Src, metric_override: Option<&str>) -> Result<Blocks, DefError> {
        let f: File = toml::from_str(&src.text).map_err(|e| src.toml_error(&e))?;
        let _ = (&f.description, &f.source);
        let metric_text = metric_override
            .map(str::to_string)
            .or_else(|| f.metric.as_ref().map(|m| m.get_ref().clone()))
            .unwrap_or_else(|| "step".into());
        let metric = match metric_text.as_str() {
            "step" => Metric::Step,
            "piece" => Metric::Piece,
            other => {
                let at = f.metric.as_ref().map(|m| m.span().start);
                return Err(src.error_at(
                    at,
                    format!("metric '{other}' is not known: use \"step\" (one cell a move) or \"piece\" (one piece, any distance)"),
                ));
            }
        };
        let start_at = f.start.span().start;
        let rows = read_rows(f.start.get_ref());
        let line_of_row = |i: usize| src.line_of_row(start_at, i);
        let height = rows.len();
        if height == 0 {
            return Err(src.error_at(Some(start_at), "the start board is empty".into()));
        }
        let width = rows[0].len();
        for (i, r) in rows.iter().enumerate() {
            if r.len() != width {
                return Err(src.error_line(
                    line_of_row(i),
                    format!("start row {} has {} cells, the first row {width}", i + 1, r.len()),
                ));
            }
        }
        if width * height > MAX_CELLS {
            return Err(src.error_at(
                Some(start_at),
                format!(
                    "the board has {} cells; at most {MAX_CELLS} are supported",
                    width * height
                ),
            ));
        }
        // Glyph -> cells.
        let mut cells_of: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut order: Vec<String> = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            for (j, t) in r.iter().enumerate() {
                if t == "?" {
                    return Err(src.error_line(line_of_row(i), "'?' belongs in goal patterns, not in the start".into()));
                }
                if is_empty_glyph(t) || t == "#" {
                    continue;
                }
                if !cells_of.contains_key(t) {
                    order.push(t.clone());
                }
                cells_of.entry(t.clone()).or_default().push(i * width + j);
            }
        }
        let tiles: Vec<String> = match &f.tiles {
            Some(t) => {
                let list = split_glyphs(t.get_ref());
                for g in &list {
                    if !cells_of.contains_key(g) {
                        return Err(
                            src.error_at(Some(t.span().start), format!("tiles: '{g}' is not on the start board"))
                        );
                    }
                }
                list
            }
            None => Vec::new(),
        };
        // Groups of interchangeable pieces: (name, members).
        let mut groups: Vec<(Option<String>, Vec<String>, usize)> = Vec::new();
        if let Some(same) = &f.same {
            let at = same.span().start;
            let mut add = |name: Option<String>, text: &str| -> Result<(), DefError> {
                let members = split_glyphs(text);
                for g in &members {
                    if !cells_of.contains_key(g) {
                        return Err(src.error_at(Some(at), format!("same: '{g}' is not on the start board")));
                    }
                    if tiles.contains(g) {
                        return Err(src.error_at(Some(at), format!("same: '{g}' is listed in tiles already")));
                    }
                    if groups.iter().any(|(_, m, _)| m.contains(g)) {
                        return Err(src.error_at(Some(at), format!("same: '{g}' is in two groups")));
                    }
                }
                groups.push((name, members, at));
                Ok(())
            };
            match same.get_ref() {
                toml::Value::Array(a) => {
                    for v in a {
                        match v {
                            toml::Value::String(s) => add(None, s)?,
                            _ => {
                                return Err(src.error_at(
                                    Some(at),
                                    "same: write groups as strings, e.g. [\"ACDF\", \"GHIJ\"]".into(),
                                ));
                            }
                        }
                    }
                }
                toml::Value::Table(t) => {
                    for (k, v) in t {
                        match v {
                            toml::Value::String(s) => add(Some(k.clone()), s)?,
                            _ => {
                                return Err(
                                    src.error_at(Some(at), "same: write each group as a string of glyphs".into())
                                );
                            }
                        }
                    }
                }
                _ => {
                    return Err(src.error_at(
                        Some(at),
                        "same: write a list of groups, e.g. [\"ACDF\", \"GHIJ\"], or a table { A = \"A1 A2\" }".into(),
                    ));
                }
            }
        }
        // Shapes of the rigid pieces.
        let mut shape_of: BTreeMap<String, Vec<(i32, i32)>> = BTreeMap::new();
        for g in &order {
            if tiles.contains(g) {
                continue;
            }
            let cells = &cells_of[g];
            if !connected(cells, width) {
                let first = cells[0] / width;
                return Err(src.error_line(
                    line_of_row(first),
                    format!(
                        "piece '{g}' covers cells that do not touch; a glyph is one rigid piece (list one-cell pieces that repeat in `tiles`)"
                    ),
                ));
            }
            shape_of.insert(g.clone(), normal_shape(cells, width));
        }
        let axis_of = |g: &str| -> Result<Axis, DefError> {
            let Some(ax) = &f.axis else { return Ok(Axis::Both) };
            match ax.get_ref().get(g).map(String::as_str) {
                None | Some("both") => Ok(Axis::Both),
                Some("horizontal") => Ok(Axis::Horizontal),
                Some("vertical") => Ok(Axis::Vertical),
                Some(other) => Err(src.error_at(
                    Some(ax.span().start),
                    format!("axis of '{g}': '{other}' is not known; use \"horizontal\", \"vertical\" or \"both\""),
                )),
            }
        };
        if let Some(ax) = &f.axis {
            for g in ax.get_ref().keys() {
                let known = cells_of.contains_key(g) || groups.iter().any(|(n, _, _)| n.as_deref() == Some(g));
                if !known {
                    return Err(src.error_at(Some(ax.span().start), format!("axis: '{g}' is not on the start board")));
                }
            }
        }
        // Kinds: the empty cell, then one per tile glyph, group, or lone piece.
        let mut kinds = vec![Kind {
            name: ".".into(),
            glyphs: vec![],
            alike: true,
            shape: vec![],
            first_code: EMPTY,
            count: 0,
            axis: Axis::Both,
        }];
        let mut kind_of_glyph: BTreeMap<String, u8> = BTreeMap::new();
        let mut next_code: usize = 1;
        let mut push_kind = |kinds: &mut Vec<Kind>, k: Kind| -> Result<u8, DefError> {
            let id = kinds.len();
            let need = next_code + k.shape.len();
            if id > 250 || need > WALL as usize {
                return Err(src.error_at(
                    Some(start_at),
                    "too many kinds of pieces (at most 254 piece cells)".into(),
                ));
            }
            kinds.push(Kind {
                first_code: next_code as u8,
                ..k
            });
            next_code = need;
            Ok(id as u8)
        };
        for g in &order {
            if kind_of_glyph.contains_key(g) {
                continue;
            }
            if tiles.contains(g) {
                let id = push_kind(
                    &mut kinds,
                    Kind {
                        name: g.clone(),
                        glyphs: vec![g.clone()],
                        alike: true,
                        shape: vec![(0, 0)],
                        first_code: 0,
                        count: cells_of[g].len(),
                        axis: axis_of(g)?,
                    },
                )?;
                kind_of_glyph.insert(g.clone(), id);
                continue;
            }
            let (name, members) = match groups.iter().find(|(_, m, _)| m.contains(g)) {
                Some((n, m, at)) => {
                    let shape = &shape_of[&m[0]];
                    if let Some(bad) = m.iter().find(|x| &shape_of[*x] != shape) {
                        return Err(src.error_at(
                            Some(*at),
                            format!(
                                "same: '{}' and '{bad}' have different shapes, so they cannot be interchangeable",
                                m[0]
                            ),
                        ));
                    }
                    (n.clone().unwrap_or_else(|| m[0].clone()), m.clone())
                }
                None => (g.clone(), vec![g.clone()]),
            };
            let mut axis = axis_of(&name)?;
            for m in &members {
                let a = axis_of(m)?;
                if a != Axis::Both {
                    axis = a;
                }
            }
            let id = push_kind(
                &mut kinds,
                Kind {
                    name: name.clone(),
                    glyphs: members.clone(),
                    alike: false,
                    shape: shape_of[g].clone(),
                    first_code: 0,
                    count: members.len(),
                    axis,
                },
            )?;
            for m in &members {
                kind_of_glyph.insert(m.clone(), id);
            }
            kind_of_glyph.insert(name, id);
        }
        let mut code_kind = vec![(0u8, 0u8); 256];
        for (id, k) in kinds.iter().enumerate().skip(1) {
            for part in 0..k.shape.len() {
                code_kind[k.first_code as usize + part] = (id as u8, part as u8);
            }
        }
        code_kind[WALL as usize] = (WALL, 0);
        let jumps = match &f.jumps {
            None => None,
            Some(j) if j.get_ref() == "knight" => {
                if let Some(k) = kinds.iter().skip(1).find(|k| k.shape.len() > 1) {
                    return Err(src.error_at(
                        Some(j.span().start),
                        format!(
                            "jumps = \"knight\" needs one-cell pieces, but '{}' covers {} cells",
                            k.name,
                            k.shape.len()
                        ),
                    ));
                }
                Some(KNIGHT.to_vec())
            }
            Some(j) => {
                return Err(src.error_at(
                    Some(j.span().start),
                    format!("jumps = \"{}\" is not known; use \"knight\"", j.get_ref()),
                ));
            }
        };
        let free: Vec<u8> = (0..width * height)
            .filter(|&c| rows[c / width][c % width] != "#")
            .map(|c| c as u8)
            .collect();
        let mut b = Blocks {
            fingerprint: xxhash_rust::xxh3::xxh3_64(src.text.as_bytes()),
            name: f.name.get_ref().clone(),
            width,
            height,
            kinds,
            code_kind,
            start: Vec::new(),
            goals: Vec::new(),
            goal_cells: Vec::new(),
            metric,
            jumps,
            free,
            dense: None,
            singles: false,
            walls: false,
            exact_goals: None,
            lehmer: false,
            incoming: Vec::new(),
            axes: false,
            symmetries: Vec::new(),
            bound: None,
            expect: Vec::new(),
            prune: Vec::new(),
        };
        if b.name.trim().is_empty() || b.name.contains(char::is_whitespace) {
            return Err(src.error_at(
                Some(f.name.span().start),
                "name: write one word, e.g. \"klotski\"".into(),
            ));
        }
        b.start = b
            .place(&rows, &kind_of_glyph)
            .map_err(|(row, msg)| src.error_line(line_of_row(row), msg))?;
        // Goal patterns.
        let goal_at = f.goal.span().start;
        let texts: Vec<String> = match f.goal.get_ref() {
            toml::Value::String(s) => vec![s.clone()],
            toml::Value::Array(a) if !a.is_empty() && a.iter().all(|v| v.is_str()) => {
                a.iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect()
            }
            _ => {
                return Err(src.error_at(
                    Some(goal_at),
                    "goal: write a board, or a list of boards, as strings".into(),
                ));
            }
        };
        let goal_line = |row: usize| src.line_of_row(goal_at, row);
        let mut row_base = 0;
        for (pi, t) in texts.iter().enumerate() {
            let g = read_rows(t);
            if g.len() != height || g.iter().any(|r| r.len() != width) {
                return Err(src.error_line(
                    goal_line(row_base),
                    format!(
                        "goal {} is {}x{}, the start {width}x{height}",
                        pi + 1,
                        g.first().map_or(0, Vec::len),
                        g.len()
                    ),
                ));
            }
            let mut pattern = Vec::new();
            let mut cells = Vec::new();
            for (i, r) in g.iter().enumerate() {
                for (j, tok) in r.iter().enumerate() {
                    let c = i * width + j;
                    let is_wall = b.start[c] == WALL;
                    let want = if tok == "?" {
                        None
                    } else if tok == "#" {
                        if !is_wall {
                            return Err(src.error_line(
                                goal_line(row_base + i),
                                format!("goal {}: '#' where the start has no wall", pi + 1),
                            ));
                        }
                        None
                    } else if is_wall {
                        return Err(src.error_line(
                            goal_line(row_base + i),
                            format!("goal {}: '{tok}' on a wall of the start", pi + 1),
                        ));
                    } else if is_empty_glyph(tok) {
                        Some(0)
                    } else {
                        match kind_of_glyph.get(tok) {
                            Some(&k) => Some(k),
                            None => {
                                return Err(src.error_line(
                                    goal_line(row_base + i),
                                    format!("goal {}: glyph '{tok}' is not on the start board", pi + 1),
                                ));
                            }
                        }
                    };
                    if let Some(k) = want {
                        pattern.push((c as u8, k));
                    }
                    cells.push(want);
                }
            }
            b.goals.push(pattern);
            b.goal_cells.push(cells);
            row_base += g.len() + 1;
        }
        b.derive();
        if let Some(e) = &f.expect {
            b.expect = super::parse_expect(src, e, &["step", "piece"], metric.name())?;
        }
        b.symmetries = b.find_symmetries(src, f.symmetries.as_ref())?;
        if let Some(p) = &f.prune {
            let at = Some(p.span().start);
            for (i, table) in p.get_ref().iter().enumerate() {
                let names: Vec<String> = match &table.pieces {
                    toml::Value::String(text) => split_glyphs(text),
                    toml::Value::Array(a) if a.iter().all(toml::Value::is_str) => a
                        .iter()
                        .flat_map(|v| split_glyphs(v.as_str().unwrap_or_default()))
                        .collect(),
                    _ => {
                        return Err(src.error_at(
                            at,
                            format!(
                                "prune {}: write pieces as a string of glyphs, e.g. pieces = \"AB\"",
                                i + 1
                            ),
                        ));
                    }
                };
                if names.is_empty() {
                    return Err(src.error_at(at, format!("prune {}: no pieces", i + 1)));
                }
                let mut kinds = Vec::new();
                for g in &names {
                    match kind_of_glyph.get(g) {
                        Some(&k) if !kinds.contains(&k) => kinds.push(k),
                        Some(_) => {}
                        None => {
                            return Err(
                                src.error_at(at, format!("prune {}: '{g}' is not a piece of the start board", i + 1))
                            );
                        }
                    }
                }
                kinds.sort_unstable();
                b.prune.push(kinds);
            }
        }
        Ok(b)
    }

    /// The puzzle with only the kinds `keep` told apart: every other kind
    /// merged with the others of its shape and slide axis (their pieces
    /// made interchangeable), the goals seen the same way; and the map of
    /// a position's codes onto the merged puzzle's. Its distances never
    /// exceed the puzzle's (every move is a move of it, every goal a
    /// goal): a pattern database's puzzle.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "name = \"t\"\nkind = \"blocks\"\nstart = \"AB/C.\"\ngoal = \"BA/C.\"\n";
    /// let Definition::Blocks(b) = Definition::parse(&Src::new("t.toml", text), None).unwrap() else { panic!() };
    /// let (m, map) = b.merged(&[1]);
    /// // A kept apart; B and C (one cell each) become one kind.
    /// assert_eq!(m.kinds.len(), 3);
    /// assert_eq!(map[usize::from(b.start[1])], map[usize::from(b.start[2])]);
    /// assert_ne!(map[usize::from(b.start[0])], map[usize::from(b.start[1])]);
    /// ```
    pub fn merged(&self, keep: &[u8]) -> (Blocks, [u8; 256]) {
        let mut kinds = vec![self.kinds[0].clone()];
        let mut new_kind = vec![0u8; self.kinds.len()];
        for (k, kind) in self.kinds.iter().enumerate().skip(1) {
            if keep.contains(&(k as u8)) {
                new_kind[k] = kinds.len() as u8;
                kinds.push(kind.clone());
            }
        }
        let kept = kinds.len();
        for (k, kind) in self.kinds.iter().enumerate().skip(1) {
            if keep.contains(&(k as u8)) {
                continue;
            }
            match (kept..kinds.len()).find(|&j| kinds[j].shape == kind.shape && kinds[j].axis == kind.axis) {
                Some(j) => {
                    new_kind[k] = j as u8;
                    kinds[j].count += kind.count;
                    kinds[j].glyphs.extend(kind.glyphs.iter().cloned());
                }
                None => {
                    new_kind[k] = kinds.len() as u8;
                    kinds.push(Kind {
                        name: format!("{}*", kind.name),
                        alike: true,
                        ..kind.clone()
                    });
                }
            }
        }
        let mut next = 1u8;
        for kind in kinds.iter_mut().skip(1) {
            kind.first_code = next;
            next += kind.shape.len() as u8;
        }
        let mut map = [0u8; 256];
        map[WALL as usize] = WALL;
        let mut code_kind = vec![(0u8, 0u8); 256];
        code_kind[WALL as usize] = (WALL, 0);
        for c in 1..WALL as usize {
            let (k, part) = self.code_kind[c];
            if k != 0
                && usize::from(k) < self.kinds.len()
                && self.kinds[usize::from(k)].first_code as usize + usize::from(part) == c
            {
                let nk = new_kind[usize::from(k)];
                map[c] = kinds[usize::from(nk)].first_code + part;
                code_kind[usize::from(map[c])] = (nk, part);
            }
        }
        let relabel = |k: u8| if k == WALL { WALL } else { new_kind[usize::from(k)] };
        let n = self.width * self.height;
        let mut m = Blocks {
            fingerprint: xxhash_rust::xxh3::xxh3_64(&[&self.fingerprint.to_le_bytes()[..], keep].concat()),
            kinds,
            code_kind,
            start: self.start.iter().map(|&c| map[usize::from(c)]).collect(),
            goals: self
                .goals
                .iter()
                .map(|g| g.iter().map(|&(c, k)| (c, relabel(k))).collect())
                .collect(),
            goal_cells: self
                .goal_cells
                .iter()
                .map(|g| g.iter().map(|k| k.map(relabel)).collect())
                .collect(),
            symmetries: Vec::new(),
            expect: Vec::new(),
            prune: Vec::new(),
            ..self.clone()
        };
        let identity = Symmetry {
            name: "identity".into(),
            cells: (0..n as u8).collect(),
            kinds: (0..m.kinds.len() as u8).collect(),
            swaps_axes: false,
        };
        m.symmetries = vec![identity];
        m.derive();
        (m, map)
    }

    /// The fields that follow from the kinds, the start and the goals.
    fn derive(&mut self) {
        self.dense = None;
        self.exact_goals = None;
        self.walls = self.start.contains(&WALL);
        self.singles = self.kinds.iter().skip(1).all(|k| k.shape.len() == 1);
        if self.singles {
            let counts: Vec<u32> = self.kinds.iter().map(|k| k.count as u32).collect();
            let mut counts = counts;
            counts[0] = self.start.iter().filter(|&&c| c == EMPTY).count() as u32;
            self.dense = Multiset::new(&counts);
        }
        self.bound = self.single_piece_bound();
        self.axes = self.kinds.iter().any(|k| k.axis != Axis::Both);
        let offsets: &[(i32, i32)] = self.jumps.as_deref().unwrap_or(&DIRS);
        self.incoming = (0..self.width * self.height)
            .map(|e| {
                let (er, ec) = ((e / self.width) as i32, (e % self.width) as i32);
                offsets
                    .iter()
                    .filter_map(|&(dr, dc)| self.cell(er - dr, ec - dc).map(|c| (c as u8, dr == 0)))
                    .collect()
            })
            .collect();
        if self.singles && self.goal_cells.iter().all(|p| p.iter().all(Option::is_some)) {
            self.exact_goals = Some(
                self.goal_cells
                    .iter()
                    .map(|p| {
                        let mut g = [0u8; MAX_CELLS];
                        for (c, k) in p.iter().enumerate() {
                            g[c] = if self.start[c] == WALL { WALL } else { k.unwrap_or(0) };
                        }
                        g
                    })
                    .collect(),
            );
        }
        self.lehmer = !self.walls && self.dense.as_ref().is_some_and(Multiset::is_permutation);
    }

    /// Places a board written as rows of tokens: a code per cell, or the
    /// row and message of the first problem.
    fn place(&self, rows: &[Vec<String>], kind_of_glyph: &BTreeMap<String, u8>) -> Result<Vec<u8>, (usize, String)> {
        let w = self.width;
        if rows.len() != self.height {
            return Err((
                0,
                format!("the board has {} rows, the puzzle {}", rows.len(), self.height),
            ));
        }
        let mut out = vec![EMPTY; w * self.height];
        let mut cells_of: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, r) in rows.iter().enumerate() {
            if r.len() != w {
                return Err((i, format!("row {} has {} cells, the puzzle {w}", i + 1, r.len())));
            }
            for (j, t) in r.iter().enumerate() {
                let c = i * w + j;
                let wall_here = !self.start.is_empty() && self.start[c] == WALL;
                if t == "#" {
                    if !self.start.is_empty() && !wall_here {
                        return Err((i, format!("row {}: a wall where the puzzle has none", i + 1)));
                    }
                    out[c] = WALL;
                    continue;
                }
                if wall_here {
                    return Err((i, format!("row {}: '{t}' on a wall of the puzzle", i + 1)));
                }
                if is_empty_glyph(t) {
                    continue;
                }
                if !kind_of_glyph.contains_key(t) {
                    return Err((i, format!("row {}: glyph '{t}' is not a piece of this puzzle", i + 1)));
                }
                cells_of.entry(t.as_str()).or_default().push(c);
            }
        }
        let mut count = vec![0usize; self.kinds.len()];
        for (g, cells) in &cells_of {
            let k = kind_of_glyph[*g] as usize;
            let kind = &self.kinds[k];
            let pieces: Vec<Vec<usize>> = if kind.alike {
                cells.iter().map(|&c| vec![c]).collect()
            } else {
                vec![cells.clone()]
            };
            for piece in pieces {
                if normal_shape(&piece, w) != kind.shape || !connected(&piece, w) {
                    return Err((
                        piece[0] / w,
                        format!("piece '{g}' does not have the shape it has in the puzzle"),
                    ));
                }
                for (part, &c) in piece.iter().enumerate() {
                    out[c] = kind.first_code + part as u8;
                }
                count[k] += 1;
            }
        }
        if !self.start.is_empty() {
            for (k, kind) in self.kinds.iter().enumerate().skip(1) {
                if count[k] != kind.count {
                    return Err((
                        0,
                        format!(
                            "the board has {} pieces '{}', the puzzle {}",
                            count[k], kind.name, kind.count
                        ),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Reads a position written as in the definition (rows separated by
    /// newlines or `/`), with the puzzle's pieces.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let src = Src::new("t.toml", "name = \"t\"\nkind = \"blocks\"\nstart = \"AB/.C\"\ngoal = \"CB/.A\"\n");
    /// let Definition::Blocks(b) = Definition::parse(&src, None).unwrap() else { panic!() };
    /// assert!(b.parse_board("A./BC").is_ok());
    /// assert!(b.parse_board("AB/CD").is_err());
    /// // Every cell on one line, row after row, 0 for the empty cell.
    /// assert_eq!(b.parse_board("A 0 B C"), b.parse_board("A./BC"));
    /// ```
    pub fn parse_board(&self, text: &str) -> Result<Vec<u8>, String> {
        let mut glyphs: BTreeMap<String, u8> = BTreeMap::new();
        for (id, k) in self.kinds.iter().enumerate().skip(1) {
            for g in &k.glyphs {
                glyphs.insert(g.clone(), id as u8);
            }
            if k.alike {
                glyphs.insert(k.name.clone(), id as u8);
            }
        }
        let mut rows = read_rows(text);
        // One line of every cell's token, row after row (as the 15-puzzle's
        // instance lists write them), with 0 or _ for an empty cell when no
        // piece is named so.
        if rows.len() == 1 && self.height > 1 && rows[0].len() == self.width * self.height {
            let cells: Vec<String> = rows[0]
                .iter()
                .map(|t| match t.as_str() {
                    "0" | "_" if !glyphs.contains_key(t) => ".".to_string(),
                    _ => t.clone(),
                })
                .collect();
            rows = cells.chunks(self.width).map(<[String]>::to_vec).collect();
        }
        self.place(&rows, &glyphs).map_err(|(_, m)| m)
    }

    fn kind_at(&self, code: u8) -> u8 {
        self.code_kind[code as usize].0
    }

    /// The kind of a piece's cell code.
    pub fn kind_of_code(&self, code: u8) -> u8 {
        self.kind_at(code)
    }

    /// Whether a position of codes matches a goal pattern.
    fn matches(&self, s: &[u8]) -> bool {
        self.goals
            .iter()
            .any(|p| p.iter().all(|&(c, k)| self.kind_at(s[c as usize]) == k))
    }

    /// The position `s` and the goal as boards of the built-in sliding-tile
    /// puzzle, when the definition is one: one-cell pieces moved a step
    /// in any direction into the one empty cell, no walls, one goal with
    /// no `?`. Tiles are named by kind (identical pieces share a name), so
    /// the sliding solver's pattern databases are built for this goal.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = "name = \"t\"\nkind = \"blocks\"\nstart = \"BA/C.\"\ngoal = \"AB/C.\"\n";
    /// let Definition::Blocks(b) = Definition::parse(&Src::new("t.toml", text), None).unwrap() else { panic!() };
    /// let (start, goal) = b.sliding_boards(&b.start).unwrap();
    /// assert_eq!((start.width, start.height), (2, 2));
    /// assert_eq!(start.tiles[3], None);
    /// assert_eq!(start.tiles[0], goal.tiles[1]);
    /// ```
    pub fn sliding_boards(&self, s: &[u8]) -> Option<(TileBoard, TileBoard)> {
        let n = self.width * self.height;
        let one_empty = s[..n].iter().filter(|&&c| c == EMPTY).count() == 1;
        if !self.singles
            || self.metric != Metric::Step
            || self.jumps.is_some()
            || self.axes
            || self.walls
            || !one_empty
            || self.goal_cells.len() != 1
            || self.goal_cells[0].iter().any(Option::is_none)
        {
            return None;
        }
        let board = |kinds: &mut dyn Iterator<Item = u8>| TileBoard {
            width: self.width,
            height: self.height,
            tiles: kinds
                .map(|k| (k != 0).then(|| self.kinds[usize::from(k)].name.clone()))
                .collect(),
        };
        let start = board(&mut s[..n].iter().map(|&c| self.kind_at(c)));
        let goal = board(&mut self.goal_cells[0].iter().map(|k| k.unwrap_or(0)));
        Some((start, goal))
    }

    /// True when every piece covers one cell (the board has dense ranks).
    pub fn dense(&self) -> Option<&Multiset> {
        self.dense.as_ref()
    }

    /// True when a lower bound for IDA* exists (one-cell pieces, one cell
    /// or one jump a move).
    pub fn has_bound(&self) -> bool {
        self.bound.is_some()
    }

    /// For one-cell pieces moved one step or one jump at a time: per goal
    /// pattern, kind and cell, the fewest moves a lone piece of that kind
    /// needs to reach a cell the pattern allows it (walls in the way).
    fn single_piece_bound(&self) -> Option<Vec<Vec<Vec<u16>>>> {
        if self.dense.is_none() || self.metric != Metric::Step {
            return None;
        }
        let n = self.width * self.height;
        let mut out = Vec::new();
        for cells in &self.goal_cells {
            let mut per_kind = vec![vec![0u16; n]];
            for k in 1..self.kinds.len() {
                let mut dist = vec![u16::MAX; n];
                let mut queue = std::collections::VecDeque::new();
                for c in 0..n {
                    if self.start[c] != WALL && cells[c].is_none_or(|want| want as usize == k) {
                        dist[c] = 0;
                        queue.push_back(c);
                    }
                }
                while let Some(c) = queue.pop_front() {
                    for t in self.lone_moves(c, k) {
                        if dist[t] == u16::MAX {
                            dist[t] = dist[c] + 1;
                            queue.push_back(t);
                        }
                    }
                }
                per_kind.push(dist);
            }
            out.push(per_kind);
        }
        Some(out)
    }

    /// Cells a lone one-cell piece of kind `k` on `c` reaches in one move
    /// (moves are symmetric, so these are also the cells it comes from).
    fn lone_moves(&self, c: usize, k: usize) -> Vec<usize> {
        let (r, col) = ((c / self.width) as i32, (c % self.width) as i32);
        let offsets: Vec<(i32, i32)> = match &self.jumps {
            Some(j) => j.clone(),
            None => self.directions(k).to_vec(),
        };
        offsets
            .iter()
            .filter_map(|&(dr, dc)| self.cell(r + dr, col + dc))
            .filter(|&t| self.start[t] != WALL)
            .collect()
    }

    fn directions(&self, k: usize) -> &'static [(i32, i32)] {
        match self.kinds[k].axis {
            Axis::Both => &DIRS,
            Axis::Vertical => &DIRS[..2],
            Axis::Horizontal => &DIRS[2..],
        }
    }

    #[inline]
    fn cell(&self, r: i32, c: i32) -> Option<usize> {
        (r >= 0 && c >= 0 && (r as usize) < self.height && (c as usize) < self.width)
            .then(|| r as usize * self.width + c as usize)
    }

    /// Calls `f(move, next)` for every move from position `s`.
    fn successors(&self, s: &[u8], mut f: impl FnMut(CellMove, &[u8])) {
        let n = self.width * self.height;
        let mut next = [0u8; MAX_CELLS];
        for a in 0..n {
            let code = s[a];
            if code == EMPTY || code == WALL || self.code_kind[code as usize].1 != 0 {
                continue;
            }
            let k = self.kind_at(code) as usize;
            let kind = &self.kinds[k];
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            if let Some(jumps) = &self.jumps {
                for &(dr, dc) in jumps {
                    if let Some(t) = self.cell(ar + dr, ac + dc)
                        && s[t] == EMPTY
                    {
                        next[..n].copy_from_slice(&s[..n]);
                        next[a] = EMPTY;
                        next[t] = code;
                        f(
                            CellMove {
                                from: a as u8,
                                to: t as u8,
                            },
                            &next[..n],
                        );
                    }
                }
                continue;
            }
            // The board with the piece lifted off.
            let mut lifted = [0u8; MAX_CELLS];
            lifted[..n].copy_from_slice(&s[..n]);
            for &(dr, dc) in &kind.shape {
                lifted[((ar + dr) as usize) * self.width + (ac + dc) as usize] = EMPTY;
            }
            let fits = |lifted: &[u8], r: i32, c: i32| {
                kind.shape
                    .iter()
                    .all(|&(dr, dc)| self.cell(r + dr, c + dc).is_some_and(|t| lifted[t] == EMPTY))
            };
            let put = |next: &mut [u8; MAX_CELLS], r: i32, c: i32| {
                next[..n].copy_from_slice(&lifted[..n]);
                for (part, &(dr, dc)) in kind.shape.iter().enumerate() {
                    next[(r + dr) as usize * self.width + (c + dc) as usize] = kind.first_code + part as u8;
                }
            };
            match self.metric {
                Metric::Step => {
                    for &(dr, dc) in self.directions(k) {
                        if fits(&lifted, ar + dr, ac + dc) {
                            put(&mut next, ar + dr, ac + dc);
                            let to = (ar + dr) as usize * self.width + (ac + dc) as usize;
                            f(
                                CellMove {
                                    from: a as u8,
                                    to: to as u8,
                                },
                                &next[..n],
                            );
                        }
                    }
                }
                Metric::Piece => {
                    let mut seen: u64 = 1 << a;
                    let mut queue = [0u8; MAX_CELLS];
                    let (mut head, mut tail) = (0, 1);
                    queue[0] = a as u8;
                    while head < tail {
                        let p = queue[head] as usize;
                        head += 1;
                        let (pr, pc) = ((p / self.width) as i32, (p % self.width) as i32);
                        for &(dr, dc) in self.directions(k) {
                            let (r, c) = (pr + dr, pc + dc);
                            let Some(t) = self.cell(r, c) else { continue };
                            if seen & (1 << t) != 0 || !fits(&lifted, r, c) {
                                continue;
                            }
                            seen |= 1 << t;
                            queue[tail] = t as u8;
                            tail += 1;
                            put(&mut next, r, c);
                            f(
                                CellMove {
                                    from: a as u8,
                                    to: t as u8,
                                },
                                &next[..n],
                            );
                        }
                    }
                }
            }
        }
    }

    /// The pieces of a position: (anchor cell, kind), in reading order.
    fn pieces(&self, s: &[u8]) -> Vec<(usize, usize)> {
        (0..self.width * self.height)
            .filter(|&c| s[c] != EMPTY && s[c] != WALL && self.code_kind[s[c] as usize].1 == 0)
            .map(|c| (c, self.kind_at(s[c]) as usize))
            .collect()
    }

    /// The glyph drawn on each cell of position `s`.
    pub fn glyphs(&self, s: &[u8]) -> Vec<String> {
        let n = self.width * self.height;
        let mut out = vec![String::from("."); n];
        let mut seen = vec![0usize; self.kinds.len()];
        for (a, k) in self.pieces(s) {
            let kind = &self.kinds[k];
            let glyph = if kind.alike {
                kind.name.clone()
            } else {
                kind.glyphs[seen[k].min(kind.glyphs.len() - 1)].clone()
            };
            seen[k] += 1;
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            for &(dr, dc) in &kind.shape {
                out[(ar + dr) as usize * self.width + (ac + dc) as usize] = glyph.clone();
            }
        }
        for c in 0..n {
            if s[c] == WALL {
                out[c] = "#".into();
            }
        }
        out
    }

    /// The position as rows of text (tokens separated by spaces when a
    /// glyph is longer than one character).
    pub fn rows(&self, s: &[u8]) -> Vec<String> {
        let g = self.glyphs(s);
        let wide = g.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        g.chunks(self.width)
            .map(|r| {
                if wide == 1 {
                    r.concat()
                } else {
                    r.iter().map(|t| format!("{t:>wide$}")).collect::<Vec<_>>().join(" ")
                }
            })
            .collect()
    }

    /// The position in one line, rows separated by `/`.
    pub fn notation(&self, s: &[u8]) -> String {
        let g = self.glyphs(s);
        let wide = g.iter().any(|t| t.chars().count() > 1);
        g.chunks(self.width)
            .map(|r| if wide { r.join(" ") } else { r.concat() })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The image of position `s` under symmetry `sym`.
    fn map_state(&self, sym: &Symmetry, s: &[u8]) -> Vec<u8> {
        let n = self.width * self.height;
        let mut out = vec![EMPTY; n];
        for c in 0..n {
            if s[c] == WALL {
                out[sym.cells[c] as usize] = WALL;
            }
        }
        for (a, k) in self.pieces(s) {
            let kind = &self.kinds[k];
            let to = &self.kinds[sym.kinds[k] as usize];
            let mut cells: Vec<usize> = kind
                .shape
                .iter()
                .map(|&(dr, dc)| sym.cells[a + (dr * self.width as i32 + dc) as usize] as usize)
                .collect();
            cells.sort_unstable();
            for (part, c) in cells.into_iter().enumerate() {
                out[c] = to.first_code + part as u8;
            }
        }
        out
    }

    /// The symmetries declared in the file, or those found among the
    /// board's (with every kind kept), each verified.
    fn find_symmetries(
        &self,
        src: &Src,
        declared: Option<&toml::Spanned<Vec<String>>>,
    ) -> Result<Vec<Symmetry>, DefError> {
        let identity = self.transform("identity").expect("identity");
        let mut out = vec![identity];
        match declared {
            Some(list) => {
                for text in list.get_ref() {
                    let sym = self
                        .transform(text)
                        .map_err(|m| src.error_at(Some(list.span().start), m))?;
                    if let Err(why) = self.verify(&sym) {
                        return Err(src.error_at(
                            Some(list.span().start),
                            format!("symmetry '{text}' does not hold: {why}"),
                        ));
                    }
                    out.push(sym);
                }
            }
            None => {
                for name in [
                    "mirror-lr",
                    "mirror-ud",
                    "rot180",
                    "transpose",
                    "antitranspose",
                    "rot90",
                    "rot270",
                ] {
                    if let Ok(sym) = self.transform(name)
                        && self.verify(&sym).is_ok()
                    {
                        out.push(sym);
                    }
                }
            }
        }
        Ok(out)
    }

    /// A board transform by name, with optional relabelling `X=Y`.
    fn transform(&self, text: &str) -> Result<Symmetry, String> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or("");
        let (w, h) = (self.width as i32, self.height as i32);
        let square = w == h;
        let f: fn(i32, i32, i32, i32) -> (i32, i32) = match name {
            "identity" => |r, c, _, _| (r, c),
            "mirror-lr" => |r, c, w, _| (r, w - 1 - c),
            "mirror-ud" => |r, c, _, h| (h - 1 - r, c),
            "rot180" => |r, c, w, h| (h - 1 - r, w - 1 - c),
            "transpose" if square => |r, c, _, _| (c, r),
            "antitranspose" if square => |r, c, w, _| (w - 1 - c, w - 1 - r),
            "rot90" if square => |r, c, w, _| (c, w - 1 - r),
            "rot270" if square => |r, c, w, _| (w - 1 - c, r),
            "transpose" | "antitranspose" | "rot90" | "rot270" => {
                return Err(format!("symmetry '{name}' needs a square board"));
            }
            _ => {
                return Err(format!(
                    "symmetry '{name}' is not known: use mirror-lr, mirror-ud, rot180, transpose, antitranspose, rot90 or rot270, then optional X=Y relabellings"
                ));
            }
        };
        let cells: Vec<u8> = (0..w * h)
            .map(|c| {
                let (r, cc) = f(c / w, c % w, w, h);
                (r * w + cc) as u8
            })
            .collect();
        let mut kinds: Vec<u8> = (0..self.kinds.len() as u8).collect();
        for pair in words {
            let (x, y) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not a relabelling: write X=Y"))?;
            let find = |g: &str| {
                self.kinds
                    .iter()
                    .position(|k| k.name == g || k.glyphs.iter().any(|x| x == g))
                    .filter(|&i| i > 0)
                    .ok_or_else(|| format!("'{g}' is not a piece of this puzzle"))
            };
            kinds[find(x)?] = find(y)? as u8;
        }
        let mut sorted = kinds.clone();
        sorted.sort_unstable();
        if sorted.iter().enumerate().any(|(i, &k)| i != k as usize) {
            return Err(format!("the relabelling of '{text}' is not one-to-one"));
        }
        Ok(Symmetry {
            name: text.to_string(),
            cells,
            kinds,
            swaps_axes: matches!(name, "transpose" | "antitranspose" | "rot90" | "rot270"),
        })
    }

    /// Checks that `sym` maps walls, shapes, slide axes, the goal set and
    /// every move onto themselves; the moves are checked on positions
    /// reached from the start.
    fn verify(&self, sym: &Symmetry) -> Result<(), String> {
        let n = self.width * self.height;
        for c in 0..n {
            if (self.start[c] == WALL) != (self.start[sym.cells[c] as usize] == WALL) {
                return Err("it moves a wall onto a free cell".into());
            }
        }
        for (k, kind) in self.kinds.iter().enumerate().skip(1) {
            let to = &self.kinds[sym.kinds[k] as usize];
            if to.shape.len() != kind.shape.len() || to.count != kind.count {
                return Err(format!("it turns '{}' into '{}', which differ", kind.name, to.name));
            }
            let axis = match (kind.axis, sym.swaps_axes) {
                (Axis::Horizontal, true) => Axis::Vertical,
                (Axis::Vertical, true) => Axis::Horizontal,
                (a, _) => a,
            };
            if axis != to.axis {
                return Err(format!("it does not keep the slide axis of '{}'", kind.name));
            }
        }
        // The goal set maps onto itself.
        for cells in &self.goal_cells {
            let mut image = vec![None; n];
            for c in 0..n {
                image[sym.cells[c] as usize] = cells[c].map(|k| sym.kinds[k as usize]);
            }
            if !self.goal_cells.contains(&image) {
                return Err("it does not map the goal onto a goal".into());
            }
        }
        // Moves, on positions reached from the start (shapes and moves
        // included: a wrong image shows up as a successor set that
        // differs).
        let mut seen = std::collections::HashSet::new();
        let mut queue = std::collections::VecDeque::from([self.start.clone()]);
        seen.insert(self.start.clone());
        let mut checked = 0;
        while let Some(s) = queue.pop_front() {
            if checked == 2000 {
                break;
            }
            checked += 1;
            let img = self.map_state(sym, &s);
            if self.pieces(&img).len() != self.pieces(&s).len() || self.wrong_shapes(&img) {
                return Err("it does not keep the pieces' shapes".into());
            }
            if self.matches(&s) != self.matches(&img) {
                return Err("it maps a goal position onto one that is not".into());
            }
            let mut mine: Vec<Vec<u8>> = Vec::new();
            self.successors(&s, |_, t| mine.push(self.map_state(sym, t)));
            let mut theirs: Vec<Vec<u8>> = Vec::new();
            self.successors(&img, |_, t| theirs.push(t.to_vec()));
            mine.sort_unstable();
            theirs.sort_unstable();
            if mine != theirs {
                return Err("it does not map the moves onto moves".into());
            }
            self.successors(&s, |_, t| {
                if seen.insert(t.to_vec()) {
                    queue.push_back(t.to_vec());
                }
            });
        }
        Ok(())
    }

    /// True when some piece of `s` does not have its kind's shape.
    fn wrong_shapes(&self, s: &[u8]) -> bool {
        self.pieces(s).into_iter().any(|(a, k)| {
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            self.kinds[k].shape.iter().enumerate().any(|(part, &(dr, dc))| {
                self.cell(ar + dr, ac + dc)
                    .is_none_or(|t| s[t] != self.kinds[k].first_code + part as u8)
            })
        })
    }
}

/// Splits a list of glyphs: space-separated tokens, or one glyph per
/// character.
fn split_glyphs(text: &str) -> Vec<String> {
    if text.contains(char::is_whitespace) {
        text.split_whitespace().map(str::to_string).collect()
    } else {
        text.chars().map(|c| c.to_string()).collect()
    }
}

/// Whether `cells` (sorted flat indices on a board `w` wide) touch each
/// other, side to side.
fn connected(cells: &[usize], w: usize) -> bool {
    let mut reached = vec![cells[0]];
    let mut i = 0;
    while i < reached.len() {
        let c = reached[i];
        for &d in cells {
            let adjacent = (c / w == d / w && c.abs_diff(d) == 1) || (c % w == d % w && c.abs_diff(d) == w);
            if adjacent && !reached.contains(&d) {
                reached.push(d);
            }
        }
        i += 1;
    }
    reached.len() == cells.len()
}

/// A shape as (row, column) offsets from its first cell in reading order.
fn normal_shape(cells: &[usize], w: usize) -> Vec<(i32, i32)> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    let (r0, c0) = ((cells[0] / w) as i32, (cells[0] % w) as i32);
    cells
        .iter()
        .map(|&c| ((c / w) as i32 - r0, (c % w) as i32 - c0))
        .collect()
}

/// A [`Blocks`] puzzle with its positions in `N` bytes (`N` at least the
/// number of cells).
#[derive(Clone, Copy, Debug)]
pub struct Grid<'a, const N: usize>(pub &'a Blocks);

impl<const N: usize> Grid<'_, N> {
    /// A position as stored.
    pub fn state(&self, codes: &[u8]) -> Cells<N> {
        let mut c = [0u8; N];
        c[..codes.len()].copy_from_slice(codes);
        Cells(c)
    }

    fn cells(&self) -> usize {
        self.0.width * self.0.height
    }
}

impl<const N: usize> Puzzle for Grid<'_, N> {
    type State = Cells<N>;
    type Move = CellMove;

    #[inline]
    fn for_each_successor(&self, s: &Cells<N>, mut f: impl FnMut(CellMove, Cells<N>)) {
        let n = self.cells();
        let b = self.0;
        if b.singles && b.metric == Metric::Step {
            // One-cell pieces: look from each empty cell at the pieces
            // that can come into it (jumps and steps are symmetric).
            for e in 0..n {
                if s.0[e] != EMPTY {
                    continue;
                }
                for &(c, sideways) in &b.incoming[e] {
                    let c = usize::from(c);
                    let code = s.0[c];
                    if code == EMPTY || code == WALL {
                        continue;
                    }
                    if b.axes && b.jumps.is_none() {
                        let allowed = match b.kinds[code as usize].axis {
                            Axis::Both => true,
                            Axis::Horizontal => sideways,
                            Axis::Vertical => !sideways,
                        };
                        if !allowed {
                            continue;
                        }
                    }
                    let t = s.slid(c, e, code);
                    f(
                        CellMove {
                            from: c as u8,
                            to: e as u8,
                        },
                        t,
                    );
                }
            }
            return;
        }
        self.0.successors(&s.0[..n], |m, t| {
            let mut c = [0u8; N];
            c[..n].copy_from_slice(t);
            f(m, Cells(c));
        });
    }

    /// In the piece metric a piece moves any distance along free cells,
    /// so its next move could have been part of this one: a shortest
    /// sequence never moves one piece twice in a row (a knight's jumps do
    /// not chain, so with jumps every move is kept). `last.to` is where
    /// the last moved piece now has its anchor.
    #[inline]
    fn for_each_successor_after(&self, s: &Cells<N>, last: Option<CellMove>, mut f: impl FnMut(CellMove, Cells<N>)) {
        match last {
            Some(l) if self.0.metric == Metric::Piece && self.0.jumps.is_none() => {
                self.for_each_successor(s, |m, t| {
                    if m.from != l.to {
                        f(m, t);
                    }
                });
            }
            _ => self.for_each_successor(s, f),
        }
    }

    fn apply(&self, s: &Cells<N>, m: CellMove) -> Option<Cells<N>> {
        let mut out = None;
        self.for_each_successor(s, |mm, t| {
            if mm == m && out.is_none() {
                out = Some(t);
            }
        });
        out
    }

    #[inline]
    fn is_goal(&self, s: &Cells<N>) -> bool {
        match &self.0.exact_goals {
            Some(goals) => goals.iter().any(|g| {
                let g: &[u8; N] = g[..N].try_into().expect("positions hold at most 64 cells");
                s.0 == *g
            }),
            None => self.0.matches(&s.0),
        }
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<Cells<N>>> {
        // A pattern with no `?` on a board of one-cell pieces is one
        // position (when it holds the start's pieces).
        if self.0.dense.is_none() || self.0.goal_cells.iter().any(|p| p.iter().any(Option::is_none)) {
            return None;
        }
        let n = self.cells();
        let mut out = Vec::new();
        for p in &self.0.goal_cells {
            let mut codes = vec![EMPTY; n];
            for (c, k) in p.iter().enumerate() {
                codes[c] = if self.0.start[c] == WALL {
                    WALL
                } else {
                    self.0.kinds[k.unwrap_or(0) as usize].first_code
                };
            }
            let mut a: Vec<u8> = codes.clone();
            let mut b: Vec<u8> = self.0.start.clone();
            a.sort_unstable();
            b.sort_unstable();
            if a == b {
                out.push(self.state(&codes));
            }
        }
        Some(out)
    }
}

impl<const N: usize> Ranked for Grid<'_, N> {
    fn state_count(&self) -> u64 {
        self.0.dense.as_ref().map_or(0, Multiset::count)
    }

    #[inline]
    fn rank(&self, s: &Cells<N>) -> u64 {
        let m = self.0.dense.as_ref().expect("ranked only with one-cell pieces");
        if !self.0.walls {
            // One-cell pieces: a cell's code is its kind, the rank's digit.
            return m.rank(&s.0[..self.cells()]);
        }
        let mut digits = [0u8; MAX_CELLS];
        for (i, &c) in self.0.free.iter().enumerate() {
            digits[i] = self.0.kind_at(s.0[c as usize]);
        }
        m.rank(&digits[..self.0.free.len()])
    }

    /// A permutation (one empty cell, all pieces distinct, no walls):
    /// the move swaps a piece and the empty cell, symbol 0, so only the
    /// Lehmer digits from the first of the two cells to the second change,
    /// plus the second's, and each change is a count of smaller symbols
    /// read off a bytewise comparison mask (see [`lehmer_delta`]).
    #[inline]
    fn rank_after(&self, s: &Cells<N>, rank_s: u64, m: CellMove, t: &Cells<N>) -> u64 {
        if !self.0.lehmer {
            return self.rank(t);
        }
        let m_ = self.0.dense.as_ref().expect("ranked only with one-cell pieces");
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let (x, n) = (s.0[from], self.cells());
        let f = |k: usize| m_.weight(k);
        if from < to {
            rank_s.wrapping_add(lehmer_delta(s, n, from, to, x, f) as u64)
        } else {
            rank_s.wrapping_sub(lehmer_delta(t, n, to, from, x, f) as u64)
        }
    }

    fn unrank(&self, r: u64) -> Cells<N> {
        let m = self.0.dense.as_ref().expect("ranked only with one-cell pieces");
        if !self.0.walls {
            let mut c = [0u8; N];
            m.unrank_into(r, &mut c[..self.cells()]);
            return Cells(c);
        }
        let mut digits = [0u8; MAX_CELLS];
        m.unrank_into(r, &mut digits[..self.0.free.len()]);
        let mut c = [0u8; N];
        for (i, &cell) in self.0.free.iter().enumerate() {
            c[cell as usize] = self.0.kinds[digits[i] as usize].first_code;
        }
        for (cell, &code) in self.0.start.iter().enumerate() {
            if code == WALL {
                c[cell] = WALL;
            }
        }
        Cells(c)
    }
}

/// The change of the Lehmer rank when `u` (`n` cells, symbol `x` on `i`,
/// the empty cell, symbol 0, on `j > i`) becomes `u` with the two swapped; `f(k)` is
/// the weight of position `k`, `(n - 1 - k)!`. With `A` the symbols
/// smaller than `x` after `j` and `B` the positions between `i` and `j`
/// holding one: digit `i` falls from `1 + |B| + A` to 0, digit `j` rises
/// from 0 to `A`, and each position of `B` loses the `x` that passed it.
#[inline]
fn lehmer_delta<const N: usize>(u: &Cells<N>, n: usize, i: usize, j: usize, x: u8, f: impl Fn(usize) -> u64) -> i64 {
    // The padding after the `n` cells holds zeros: not symbols.
    let lt = smaller_mask(u, x) & (!0u64 >> (64 - n));
    let after_j = !0u64 << j << 1;
    let between = (!0u64 << i << 1) & !(!0u64 << j);
    let a = u64::from((lt & after_j).count_ones());
    let mut b = lt & between;
    let mut delta = (a * f(j)) as i64 - ((1 + u64::from(b.count_ones()) + a) * f(i)) as i64;
    while b != 0 {
        delta -= f(b.trailing_zeros() as usize) as i64;
        b &= b - 1;
    }
    delta
}

/// Bit `k` set when byte `k` of `u` is below `x` (`x >= 1`, bytes below
/// 128: codes of one-cell pieces), eight bytes at a time: `(0x80 | (x -
/// 1)) - v` keeps its high bit exactly when `v <= x - 1`, and never
/// borrows from the next byte.
#[inline]
fn smaller_mask<const N: usize>(u: &Cells<N>, x: u8) -> u64 {
    const H: u64 = 0x8080_8080_8080_8080;
    let xs = u64::from_ne_bytes([x - 1; 8]) | H;
    let mut mask = 0u64;
    for (w, chunk) in u.0.chunks_exact(8).enumerate() {
        let v = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let hi = (xs - v) & H;
        // Gathers the eight high bits into one byte.
        let bits = ((hi >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
        mask |= bits << (8 * w);
    }
    mask
}

impl<const N: usize> Symmetric for Grid<'_, N> {
    fn symmetry_count(&self) -> usize {
        self.0.symmetries.len()
    }

    fn apply_symmetry(&self, i: usize, s: &Cells<N>) -> Cells<N> {
        let n = self.cells();
        self.state(&self.0.map_state(&self.0.symmetries[i], &s.0[..n]))
    }
}

/// The single-piece bound: for one-cell pieces moved one step (or one
/// jump) at a time, every piece needs at least its distance, alone on the
/// board, to the nearest cell the goal allows it; the least sum over the
/// goal patterns. The Manhattan distance for sliding tiles, the knight
/// distance for the knights exchange.
impl<const N: usize> LowerBound<Grid<'_, N>> for Grid<'_, N> {
    type Memo = ();

    fn estimate(&self, s: &Cells<N>) -> u32 {
        let Some(bound) = &self.0.bound else { return 0 };
        let n = self.cells();
        bound
            .iter()
            .map(|per_kind| {
                let mut sum = 0u32;
                for (c, &code) in s.0[..n].iter().enumerate() {
                    if code != EMPTY && code != WALL {
                        sum += u32::from(per_kind[self.0.kind_at(code) as usize][c]);
                    }
                }
                sum
            })
            .min()
            .unwrap_or(0)
    }
}

impl<const N: usize> tansaku_core::render::Board for Grid<'_, N> {
    type State = Cells<N>;
    fn picture(&self, s: &Cells<N>) -> Vec<String> {
        self.0.rows(&s.0[..self.cells()])
    }
    fn notation(&self, s: &Cells<N>) -> String {
        self.0.notation(&s.0[..self.cells()])
    }
}

impl<const N: usize> tansaku_core::picture::Picture for Grid<'_, N> {
    type State = Cells<N>;
    fn grid(&self, s: &Cells<N>) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let n = self.cells();
        let cells = self
            .0
            .glyphs(&s.0[..n])
            .into_iter()
            .enumerate()
            .map(|(c, g)| match s.0[c] {
                EMPTY => Glyph::Empty,
                WALL => Glyph::Void,
                _ => Glyph::Tile(g),
            })
            .collect();
        tansaku_core::picture::Grid {
            width: self.0.width,
            height: self.0.height,
            cells,
        }
    }
}

/// A board of one-cell tiles, as the built-in sliding-tile puzzle takes it
/// ([`Blocks::sliding_boards`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileBoard {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Tile names, row by row; `None` for the empty cell.
    pub tiles: Vec<Option<String>>,
}
