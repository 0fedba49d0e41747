//! Reading a `kind = "blocks"` file, section by section: the metric, the
//! start board and its glyphs, `tiles`, `same` (interchangeable pieces),
//! the pieces' shapes and axes, the kinds and their codes, `jumps`, the
//! goals, `[expect]` and `[[prune]]`. Every mistake names its line.

use super::*;

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

/// A group of interchangeable pieces: its name (when `same` is a table),
/// its glyphs, and where `same` is written.
type Group = (Option<String>, Vec<String>, usize);

/// The start board as read: its rows of glyphs, its size, the cells of
/// each glyph and the glyphs in reading order.
struct Start {
    at: usize,
    rows: Vec<Vec<String>>,
    width: usize,
    height: usize,
    cells_of: BTreeMap<String, Vec<usize>>,
    order: Vec<String>,
}

impl Blocks {
    /// Parses a `kind = "blocks"` definition. `src` names the file in
    /// errors.
    pub(crate) fn parse(src: &Src, metric_override: Option<&str>) -> Result<Blocks, DefError> {
        let f: File = toml::from_str(&src.text).map_err(|e| src.toml_error(&e))?;
        let _ = (&f.description, &f.source);
        let metric = metric(src, &f, metric_override)?;
        let start = start(src, &f)?;
        let tiles = tiles(src, &f, &start)?;
        let groups = groups(src, &f, &start, &tiles)?;
        let shape_of = shapes(src, &start, &tiles)?;
        check_axes(src, &f, &start, &groups)?;
        let (kinds, kind_of_glyph) = kinds(src, &f, &start, &tiles, &groups, &shape_of)?;
        let jumps = jumps(src, &f, &kinds)?;
        let (width, height, rows) = (start.width, start.height, &start.rows);
        let free: Vec<u8> = (0..width * height)
            .filter(|&c| rows[c / width][c % width] != "#")
            .map(|c| c as u8)
            .collect();
        let mut b = Blocks {
            fingerprint: xxhash_rust::xxh3::xxh3_64(src.text.as_bytes()),
            name: f.name.get_ref().clone(),
            width,
            height,
            code_kind: code_kind(&kinds),
            kinds,
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
            .place(rows, &kind_of_glyph)
            .map_err(|(row, msg)| src.error_line(src.line_of_row(start.at, row), msg))?;
        goals(src, &f, &mut b, &kind_of_glyph)?;
        b.derive();
        if let Some(e) = &f.expect {
            b.expect = crate::parse_expect(src, e, &["step", "piece"], metric.name())?;
        }
        b.symmetries = b.find_symmetries(src, f.symmetries.as_ref())?;
        if let Some(p) = &f.prune {
            b.prune = prune(src, p, &kind_of_glyph)?;
        }
        Ok(b)
    }
}

/// The metric: the one asked for, else the file's, else step.
fn metric(src: &Src, f: &File, metric_override: Option<&str>) -> Result<Metric, DefError> {
    let metric_text = metric_override
        .map(str::to_string)
        .or_else(|| f.metric.as_ref().map(|m| m.get_ref().clone()))
        .unwrap_or_else(|| "step".into());
    match metric_text.as_str() {
        "step" => Ok(Metric::Step),
        "piece" => Ok(Metric::Piece),
        other => {
            let at = f.metric.as_ref().map(|m| m.span().start);
            Err(src.error_at(
                at,
                format!("metric '{other}' is not known: use \"step\" (one cell a move) or \"piece\" (one piece, any distance)"),
            ))
        }
    }
}

/// The start board: its rows, all as wide, at most [`MAX_CELLS`] cells;
/// the cells of each glyph.
fn start(src: &Src, f: &File) -> Result<Start, DefError> {
    let at = f.start.span().start;
    let rows = read_rows(f.start.get_ref());
    let line_of_row = |i: usize| src.line_of_row(at, i);
    let height = rows.len();
    if height == 0 {
        return Err(src.error_at(Some(at), "the start board is empty".into()));
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
            Some(at),
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
    Ok(Start {
        at,
        rows,
        width,
        height,
        cells_of,
        order,
    })
}

/// The glyphs of `tiles`: every cell of one is a one-cell piece.
fn tiles(src: &Src, f: &File, start: &Start) -> Result<Vec<String>, DefError> {
    let Some(t) = &f.tiles else { return Ok(Vec::new()) };
    let list = split_glyphs(t.get_ref());
    for g in &list {
        if !start.cells_of.contains_key(g) {
            return Err(src.error_at(Some(t.span().start), format!("tiles: '{g}' is not on the start board")));
        }
    }
    Ok(list)
}

/// The groups of interchangeable pieces of `same`.
fn groups(src: &Src, f: &File, start: &Start, tiles: &[String]) -> Result<Vec<Group>, DefError> {
    let mut groups: Vec<Group> = Vec::new();
    let Some(same) = &f.same else { return Ok(groups) };
    let at = same.span().start;
    let mut add = |name: Option<String>, text: &str| -> Result<(), DefError> {
        let members = split_glyphs(text);
        for g in &members {
            if !start.cells_of.contains_key(g) {
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
                        return Err(src.error_at(Some(at), "same: write each group as a string of glyphs".into()));
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
    Ok(groups)
}

/// The shapes of the rigid pieces (every glyph but the tiles): its cells
/// must touch.
fn shapes(src: &Src, start: &Start, tiles: &[String]) -> Result<BTreeMap<String, Vec<(i32, i32)>>, DefError> {
    let mut shape_of = BTreeMap::new();
    for g in &start.order {
        if tiles.contains(g) {
            continue;
        }
        let cells = &start.cells_of[g];
        if !connected(cells, start.width) {
            let first = cells[0] / start.width;
            return Err(src.error_line(
                src.line_of_row(start.at, first),
                format!(
                    "piece '{g}' covers cells that do not touch; a glyph is one rigid piece (list one-cell pieces that repeat in `tiles`)"
                ),
            ));
        }
        shape_of.insert(g.clone(), normal_shape(cells, start.width));
    }
    Ok(shape_of)
}

/// The axis a piece (or group) `g` slides along.
fn axis_of(src: &Src, f: &File, g: &str) -> Result<Axis, DefError> {
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
}

/// Every glyph or group named in `axis` is on the board.
fn check_axes(src: &Src, f: &File, start: &Start, groups: &[Group]) -> Result<(), DefError> {
    if let Some(ax) = &f.axis {
        for g in ax.get_ref().keys() {
            let known = start.cells_of.contains_key(g) || groups.iter().any(|(n, _, _)| n.as_deref() == Some(g));
            if !known {
                return Err(src.error_at(Some(ax.span().start), format!("axis: '{g}' is not on the start board")));
            }
        }
    }
    Ok(())
}

/// The kinds of pieces, their codes given in turn: the empty cell, then
/// one per tile glyph, group, or lone piece; and the kind of each glyph
/// (and group name).
#[allow(clippy::type_complexity)]
fn kinds(
    src: &Src,
    f: &File,
    start: &Start,
    tiles: &[String],
    groups: &[Group],
    shape_of: &BTreeMap<String, Vec<(i32, i32)>>,
) -> Result<(Vec<Kind>, BTreeMap<String, u8>), DefError> {
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
                Some(start.at),
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
    for g in &start.order {
        if kind_of_glyph.contains_key(g) {
            continue;
        }
        if tiles.contains(g) {
            let tile = Kind {
                name: g.clone(),
                glyphs: vec![g.clone()],
                alike: true,
                shape: vec![(0, 0)],
                first_code: 0,
                count: start.cells_of[g].len(),
                axis: axis_of(src, f, g)?,
            };
            let id = push_kind(&mut kinds, tile)?;
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
        let mut axis = axis_of(src, f, &name)?;
        for m in &members {
            let a = axis_of(src, f, m)?;
            if a != Axis::Both {
                axis = a;
            }
        }
        let piece = Kind {
            name: name.clone(),
            glyphs: members.clone(),
            alike: false,
            shape: shape_of[g].clone(),
            first_code: 0,
            count: members.len(),
            axis,
        };
        let id = push_kind(&mut kinds, piece)?;
        for m in &members {
            kind_of_glyph.insert(m.clone(), id);
        }
        kind_of_glyph.insert(name, id);
    }
    Ok((kinds, kind_of_glyph))
}

/// The kind and the part of the piece of every code.
fn code_kind(kinds: &[Kind]) -> Vec<(u8, u8)> {
    let mut code_kind = vec![(0u8, 0u8); 256];
    for (id, k) in kinds.iter().enumerate().skip(1) {
        for part in 0..k.shape.len() {
            code_kind[k.first_code as usize + part] = (id as u8, part as u8);
        }
    }
    code_kind[WALL as usize] = (WALL, 0);
    code_kind
}

/// The jumps of `jumps` (one-cell pieces only), if any.
fn jumps(src: &Src, f: &File, kinds: &[Kind]) -> Result<Option<Vec<(i32, i32)>>, DefError> {
    match &f.jumps {
        None => Ok(None),
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
            Ok(Some(KNIGHT.to_vec()))
        }
        Some(j) => Err(src.error_at(
            Some(j.span().start),
            format!("jumps = \"{}\" is not known; use \"knight\"", j.get_ref()),
        )),
    }
}

/// The goal patterns, each as large as the start, `?` matching anything.
fn goals(src: &Src, f: &File, b: &mut Blocks, kind_of_glyph: &BTreeMap<String, u8>) -> Result<(), DefError> {
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
    let (width, height) = (b.width, b.height);
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
                let want = goal_cell(b, tok, c, kind_of_glyph)
                    .map_err(|msg| src.error_line(goal_line(row_base + i), format!("goal {}: {msg}", pi + 1)))?;
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
    Ok(())
}

/// What a goal wants of cell `c` written `tok`: a kind, or nothing (`?`,
/// a wall).
fn goal_cell(b: &Blocks, tok: &str, c: usize, kind_of_glyph: &BTreeMap<String, u8>) -> Result<Option<u8>, String> {
    let is_wall = b.start[c] == WALL;
    if tok == "?" {
        Ok(None)
    } else if tok == "#" {
        if !is_wall {
            return Err("'#' where the start has no wall".into());
        }
        Ok(None)
    } else if is_wall {
        Err(format!("'{tok}' on a wall of the start"))
    } else if is_empty_glyph(tok) {
        Ok(Some(0))
    } else {
        match kind_of_glyph.get(tok) {
            Some(&k) => Ok(Some(k)),
            None => Err(format!("glyph '{tok}' is not on the start board")),
        }
    }
}

/// The kinds each `[[prune]]` table keeps apart.
fn prune(
    src: &Src,
    p: &toml::Spanned<Vec<PruneFile>>,
    kind_of_glyph: &BTreeMap<String, u8>,
) -> Result<Vec<Vec<u8>>, DefError> {
    let at = Some(p.span().start);
    let mut out = Vec::new();
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
                    return Err(src.error_at(at, format!("prune {}: '{g}' is not a piece of the start board", i + 1)));
                }
            }
        }
        kinds.sort_unstable();
        out.push(kinds);
    }
    Ok(out)
}

/// Splits a list of glyphs: space-separated tokens, or one glyph per
/// character.
pub(crate) fn split_glyphs(text: &str) -> Vec<String> {
    if text.contains(char::is_whitespace) {
        text.split_whitespace().map(str::to_string).collect()
    } else {
        text.chars().map(|c| c.to_string()).collect()
    }
}

/// Whether `cells` (sorted flat indices on a board `w` wide) touch each
/// other, side to side.
pub(crate) fn connected(cells: &[usize], w: usize) -> bool {
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
pub(crate) fn normal_shape(cells: &[usize], w: usize) -> Vec<(i32, i32)> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    let (r0, c0) = ((cells[0] / w) as i32, (cells[0] % w) as i32);
    cells
        .iter()
        .map(|&c| ((c / w) as i32 - r0, (c % w) as i32 - c0))
        .collect()
}
