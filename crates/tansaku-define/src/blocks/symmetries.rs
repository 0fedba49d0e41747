//! The symmetries of a [`Blocks`] board: found from the file's
//! `symmetries` (or the board's own, by trying each of the square's
//! transforms), each verified to map moves to moves and goals to goals.

use super::*;

impl Blocks {
    /// The image of position `s` under symmetry `sym`.
    pub(crate) fn map_state(&self, sym: &Symmetry, s: &[u8]) -> Vec<u8> {
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
    pub(crate) fn find_symmetries(
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
    pub(crate) fn transform(&self, text: &str) -> Result<Symmetry, String> {
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
    pub(crate) fn verify(&self, sym: &Symmetry) -> Result<(), String> {
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
    pub(crate) fn wrong_shapes(&self, s: &[u8]) -> bool {
        self.pieces(s).into_iter().any(|(a, k)| {
            let (ar, ac) = ((a / self.width) as i32, (a % self.width) as i32);
            self.kinds[k].shape.iter().enumerate().any(|(part, &(dr, dc))| {
                self.cell(ar + dr, ac + dc)
                    .is_none_or(|t| s[t] != self.kinds[k].first_code + part as u8)
            })
        })
    }
}
