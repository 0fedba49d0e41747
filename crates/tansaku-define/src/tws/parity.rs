//! The parity of a position's distance: on a puzzle whose every move is
//! an odd permutation of some sets (the cube's quarter turns), the length
//! of every sequence reaching a position has one parity, found from the
//! moves' permutation parities.

use super::{PieceSet, SetWords, Tws};

impl Tws {
    /// The parity of every path's length from `s` to a goal, when the
    /// file fixes it (twsearch #13): some sets of distinct pieces whose
    /// permutation parities, summed, every move of the metric flips, and
    /// that sum the same on every goal. Then a path from `s` is as long,
    /// mod 2, as that sum on `s`. In the quarter-turn metric, every move of
    /// the 3x3x3 is a 4-cycle of corners (odd): a scramble's corner parity
    /// says whether its solutions are odd or even. In the half-turn metric
    /// a half turn is even: no parity.
    ///
    /// ```
    /// use tansaku_define::{Definition, Src};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/3x3x3.tws")).unwrap();
    /// let parsed = |metric| match Definition::parse(&Src::new("3x3x3.tws", &text), Some(metric)).unwrap() {
    ///     Definition::Tws(t) => t,
    ///     _ => unreachable!(),
    /// };
    /// let (qtm, htm) = (parsed("qtm"), parsed("htm"));
    /// let s = qtm.scramble("R U F'").unwrap();
    /// assert_eq!(qtm.length_parity(&s), Some(true));
    /// assert_eq!(htm.length_parity(&htm.scramble("R U F'").unwrap()), None);
    /// ```
    pub fn length_parity(&self, s: &[u8]) -> Option<bool> {
        let (mask, goals) = (*self.parity.get_or_init(|| self.find_parity()))?;
        Some(self.parity_of(s, mask) != goals)
    }

    /// Sum over the sets of `mask` of the parity of `s`'s permutation of
    /// that set relative to the solved position.
    fn parity_of(&self, s: &[u8], mask: u64) -> bool {
        let mut odd_sum = false;
        for (k, set) in self.sets.iter().enumerate() {
            if mask >> k & 1 == 0 {
                continue;
            }
            let (n, off) = (set.count, set.offset);
            let mut home = vec![0usize; n];
            for i in 0..n {
                home[usize::from(self.solved[off + i])] = i;
            }
            let perm: Vec<usize> = (0..n).map(|i| home[usize::from(s[off + i])]).collect();
            odd_sum ^= odd(&perm);
        }
        odd_sum
    }

    /// The sets (a bit each) of [`Tws::length_parity`] and their sum on
    /// the goals, if some do.
    pub(super) fn find_parity(&self) -> Option<(u64, bool)> {
        let distinct: Vec<usize> = (0..self.sets.len())
            .filter(|&k| {
                let set = &self.sets[k];
                set.labels.len() == set.count && set.count > 1
            })
            .collect();
        if distinct.is_empty() || distinct.len() > 16 || self.sets.len() > 64 {
            return None;
        }
        // Each move's parity on each set of distinct pieces.
        let flips: Vec<u64> = self
            .metric_moves
            .iter()
            .map(|&i| {
                let a = &self.actions[i];
                distinct.iter().fold(0u64, |bits, &k| {
                    let set = &self.sets[k];
                    let base = set.offset / 2;
                    let perm: Vec<usize> = a.from[base..base + set.count].iter().map(|&x| usize::from(x)).collect();
                    if odd(&perm) { bits | 1 << k } else { bits }
                })
            })
            .collect();
        if flips.is_empty() {
            return None;
        }
        let mask = (1u64..1 << distinct.len())
            .map(|pick| {
                distinct
                    .iter()
                    .enumerate()
                    .filter(|&(b, _)| pick >> b & 1 == 1)
                    .fold(0u64, |m, (_, &k)| m | 1 << k)
            })
            .find(|&mask| flips.iter().all(|&f| (f & mask).count_ones() % 2 == 1))?;
        let first = self.parity_of(&self.goals[0], mask);
        self.goals
            .iter()
            .all(|g| self.parity_of(g, mask) == first)
            .then_some((mask, first))
    }

    /// A position's text (`what` it is, for messages) split set by set,
    /// `SET p1 .. pn [/ o1 .. on] | SET ...` (or a set a line): each set's
    /// index, its piece words and its orientation words (none when the
    /// `/` part is left out). A set unknown or given twice is refused.
    pub(super) fn set_chunks<'t>(&self, text: &'t str, what: &str) -> Result<Vec<SetWords<'t>>, String> {
        let mut out: Vec<SetWords<'t>> = Vec::new();
        for chunk in text.split(['|', '\n']).filter(|c| !c.trim().is_empty()) {
            let words: Vec<&str> = chunk.split_whitespace().collect();
            let Some(k) = self.sets.iter().position(|set| set.name == words[0]) else {
                return Err(format!(
                    "'{}' is not a set of {} (sets: {}); write {what} as SET p1 .. pn [/ o1 .. on] | SET ...",
                    words[0],
                    self.name,
                    self.sets.iter().map(|x| x.name.as_str()).collect::<Vec<_>>().join(", ")
                ));
            };
            if out.iter().any(|(j, _, _)| *j == k) {
                return Err(format!("set '{}' is given twice", words[0]));
            }
            let (pieces, ori) = match words[1..].iter().position(|w| *w == "/") {
                Some(i) => (words[1..1 + i].to_vec(), words[2 + i..].to_vec()),
                None => (words[1..].to_vec(), Vec::new()),
            };
            out.push((k, pieces, ori));
        }
        Ok(out)
    }

    /// Whether the parities of `s`'s permutations (sets of distinct
    /// pieces, relative to the solved position `goal`) are a sum of the moves'
    /// (over GF(2), a bit a set).
    pub(super) fn parities_reachable(&self, s: &[u8], goal: &[u8]) -> bool {
        let distinct: Vec<&PieceSet> = self
            .sets
            .iter()
            .filter(|set| set.labels.len() == set.count && set.count > 1)
            .collect();
        let bits_of = |pieces: &dyn Fn(&PieceSet) -> Vec<usize>| -> u64 {
            let mut bits = 0u64;
            for (b, set) in distinct.iter().enumerate() {
                if odd(&pieces(set)) {
                    bits |= 1 << b;
                }
            }
            bits
        };
        // Basis of the moves' parity vectors.
        let mut basis: Vec<u64> = Vec::new();
        let reduce = |basis: &[u64], mut v: u64| {
            for &b in basis {
                v = v.min(v ^ b);
            }
            v
        };
        for &i in &self.metric_moves {
            let a = &self.actions[i];
            let v = bits_of(&|set: &PieceSet| {
                let base = set.offset / 2;
                a.from[base..base + set.count].iter().map(|&x| usize::from(x)).collect()
            });
            let v = reduce(&basis, v);
            if v != 0 {
                basis.push(v);
                basis.sort_unstable_by(|x, y| y.cmp(x));
            }
        }
        // The position's permutation relative to the solved one: slot i
        // holds the piece solved on slot where[s[i]].
        let target = bits_of(&|set: &PieceSet| {
            let (n, off) = (set.count, set.offset);
            let mut home = vec![0usize; n];
            for i in 0..n {
                home[usize::from(goal[off + i])] = i;
            }
            (0..n).map(|i| home[usize::from(s[off + i])]).collect()
        });
        reduce(&basis, target) == 0
    }
}

/// Whether the permutation `p` (of `0..p.len()`) is odd.
fn odd(p: &[usize]) -> bool {
    let mut seen = vec![false; p.len()];
    let mut swaps = 0;
    for i in 0..p.len() {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = p[j];
            len += 1;
        }
        swaps += len.max(1) - 1;
    }
    swaps % 2 == 1
}
