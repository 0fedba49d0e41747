//! A set of start positions written as a second Solved block (twsearch
//! #112, God's number between two phases): `longest --from` counts, over
//! every position of the set, its distance to the file's solved set.
//!
//! The set is written as a position is, set by set (`EDGE 1 2 3 4 0 0 0 0
//! 0 0 0 0 / 0 0 0 0 ? ? ? ? ? ? ? ? | CORNER ...`), but read as a Solved
//! block is:
//! - pieces that share a number are alike: any of them may stand where one
//!   of them is written;
//! - an orientation `?` (or a set written without its orientation line)
//!   is any orientation;
//! - a set not written at all is any arrangement of its pieces.
//!
//! A position is in the set when each slot holds a piece of the number
//! written there (pieces numbered by their slots in the file's Solved
//! block), turned as written. The distance of a position to the file's
//! solved set depends only on the position as the file sees it (its
//! alike pieces alike), so the set must not tell apart pieces the file
//! takes as alike. [`Tws::start_set`] refuses one that does, and one that
//! fixes an orientation the file ignores.

use super::Tws;

/// The start positions of `longest --from`, read against a [`Tws`]
/// ([`Tws::start_set`]).
#[derive(Clone, Debug)]
pub struct StartSet {
    /// For each set: the start's label of each of the file's classes, and
    /// per slot the label wanted there and the orientation (`None`: any).
    sets: Vec<Option<SetPattern>>,
}

#[derive(Clone, Debug)]
struct SetPattern {
    label_of_class: Vec<u16>,
    want: Vec<u16>,
    ori: Vec<Option<u8>>,
}

impl Tws {
    /// The start set written in `text` (see [the module](self)), or why
    /// it cannot be one.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// // The layer U does not turn solved (pieces 2, 4 and 5), the other anyhow.
    /// let bottom = t.start_set("CORNERS 0 2 0 4 5 0 0 / ? 0 ? 0 0 ? ?").unwrap();
    /// assert!(bottom.contains(&t, &t.solved));
    /// assert!(bottom.contains(&t, &t.scramble("U").unwrap()));
    /// assert!(!bottom.contains(&t, &t.scramble("R").unwrap()));
    /// assert!(t.start_set("CORNERS 0 0").unwrap_err().contains("7 pieces"));
    /// ```
    pub fn start_set(&self, text: &str) -> Result<StartSet, String> {
        let mut sets: Vec<Option<SetPattern>> = vec![None; self.sets.len()];
        for (k, pieces, ori) in self.set_chunks(text, "the start set")? {
            let set = &self.sets[k];
            let (n, off) = (set.count, set.offset);
            if pieces.len() != n || !(ori.is_empty() || ori.len() == n) {
                return Err(format!(
                    "set '{}' has {n} pieces; {} pieces and {} orientations given",
                    set.name,
                    pieces.len(),
                    ori.len()
                ));
            }
            let labels: Vec<usize> = pieces
                .iter()
                .map(|w| w.parse::<usize>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("set '{}': its pieces are numbers", set.name))?;
            let mut distinct = labels.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let want: Vec<u16> = labels
                .iter()
                .map(|l| distinct.binary_search(l).unwrap_or(0) as u16)
                .collect();
            // Piece p (solved on slot p) is of the file's class solved[p]
            // and of the start's label want[p]: one label a class.
            let classes = set.labels.len();
            let mut label_of_class: Vec<Option<u16>> = vec![None; classes];
            for (&c, &label) in self.solved[off..off + n].iter().zip(&want) {
                let c = usize::from(c);
                match label_of_class[c] {
                    None => label_of_class[c] = Some(label),
                    Some(l) if l == label => {}
                    Some(_) => {
                        return Err(format!(
                            "set '{}': the start set tells apart pieces the file's Solved block makes alike (its piece {}): \
                             a distance to the solved set cannot tell them apart; give them one number",
                            set.name, set.labels[c]
                        ));
                    }
                }
            }
            let ori: Vec<Option<u8>> = if ori.is_empty() {
                vec![None; n]
            } else {
                ori.iter()
                    .map(|w| match *w {
                        "?" => Ok(None),
                        w => match w.parse::<u8>() {
                            Ok(o) if o < set.orientations => Ok(Some(o)),
                            _ => Err(format!(
                                "set '{}' has {} orientations (0 to {}, or ? for any); {w} is not one",
                                set.name,
                                set.orientations,
                                set.orientations - 1
                            )),
                        },
                    })
                    .collect::<Result<_, _>>()?
            };
            // An orientation fixed where a piece whose orientation the file
            // ignores may stand cannot be read from the file's positions.
            for i in 0..n {
                if ori[i].is_some() {
                    let blind = (0..classes).find(|&c| set.blind >> c & 1 == 1 && label_of_class[c] == Some(want[i]));
                    if let Some(c) = blind {
                        return Err(format!(
                            "set '{}': the start set fixes the orientation of slot {} where piece {} may stand, whose orientation the file ignores (?); write ? there",
                            set.name,
                            i + 1,
                            set.labels[c]
                        ));
                    }
                }
            }
            sets[k] = Some(SetPattern {
                label_of_class: label_of_class.into_iter().map(|l| l.unwrap_or(u16::MAX)).collect(),
                want,
                ori,
            });
        }
        Ok(StartSet { sets })
    }
}

impl StartSet {
    /// Whether position `s` of `t` is in the set.
    #[inline]
    pub fn contains(&self, t: &Tws, s: &[u8]) -> bool {
        self.sets.iter().zip(&t.sets).all(|(pattern, set)| {
            let Some(pat) = pattern else { return true };
            let (n, off) = (set.count, set.offset);
            (0..n).all(|i| {
                pat.label_of_class[usize::from(s[off + i])] == pat.want[i]
                    && pat.ori[i].is_none_or(|o| s[off + n + i] == o)
            })
        })
    }
}
