//! Text rendering, kept apart from solving: boards laid out side by side in
//! numbered strips, as the seed articles print their solutions.

/// A puzzle that can draw its positions as text.
pub trait Board {
    /// The position type drawn.
    type State;
    /// The position as rows of text, all of the same width.
    fn picture(&self, s: &Self::State) -> Vec<String>;
    /// The position in the one-line notation the CLI reads back.
    fn notation(&self, s: &Self::State) -> String;
}

/// A `width` x `height` board as rows of text, its cells (numbered row by
/// row) drawn by `cell` and set apart by a space: what most
/// [`Board::picture`]s are.
///
/// ```
/// let rows = tansaku_core::render::rows(3, 2, |i| i.to_string());
/// assert_eq!(rows, ["0 1 2", "3 4 5"]);
/// ```
pub fn rows(width: usize, height: usize, cell: impl Fn(usize) -> String) -> Vec<String> {
    (0..height)
        .map(|y| (0..width).map(|x| cell(y * width + x)).collect::<Vec<_>>().join(" "))
        .collect()
}

/// Lays out `states` as numbered pictures, as many side by side as fit in
/// `width` columns.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::render::strip;
///
/// let p = Swaps::new(4);
/// let text = strip(&p, &[p.reversed(), p.goal()], 80);
/// assert!(text.starts_with("- 0 --"));
/// assert!(text.contains("3 2 1 0"));
/// ```
pub fn strip<B: Board>(b: &B, states: &[B::State], width: usize) -> String {
    let pictures: Vec<Vec<String>> = states.iter().map(|s| b.picture(s)).collect();
    let cell = pictures
        .iter()
        .flatten()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let per_row = (width / (cell + 3)).max(1);
    let mut out = String::new();
    for (chunk_i, chunk) in pictures.chunks(per_row).enumerate() {
        if chunk_i > 0 {
            out.push('\n');
        }
        let headers: Vec<String> = (0..chunk.len())
            .map(|k| {
                let label = format!("- {} ", chunk_i * per_row + k);
                format!("{label:-<cell$}")
            })
            .collect();
        out.push_str(headers.join("   ").trim_end());
        out.push('\n');
        let rows = chunk.iter().map(Vec::len).max().unwrap_or(0);
        for r in 0..rows {
            let line: Vec<String> = chunk
                .iter()
                .map(|p| format!("{:<cell$}", p.get(r).map(String::as_str).unwrap_or("")))
                .collect();
            out.push_str(line.join("   ").trim_end());
            out.push('\n');
        }
    }
    out
}
