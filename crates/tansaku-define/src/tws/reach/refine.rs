//! Ranks that hold more than the positions, refined by the invariants
//! each tie keeps beyond its members' parities and sums.
//!
//! Orbits, parities, sums and ties describe most puzzles' groups
//! exactly. Where they do not, each group of listed states (a tie, or an
//! orbit small enough to list on its own) may keep an invariant that
//! every move changes by a fixed amount ([`super::abelian`]): the
//! Trapentrix's pentagons and its two orbits of small triangles each
//! keep a count modulo 3 of the turns, the same count. Classed by it,
//! the ties' states tie to one another through `H` as parities do.

use super::factors::Factors;
use super::{Extra, MAX_KEPT, Reach, abelian, closure, exactness, kept, tie};
use crate::tws::{Action, Tws};

impl Reach {
    /// When the ranks hold more than the positions, looks for invariants
    /// beyond the parities and sums on every tie and listed orbit
    /// ([`abelian`]): another orbit that keeps some becomes a tie of
    /// one. The ties that keep some are classed by them too, the
    /// invariants join `full` (all kept, after `kept_at`) and `H` ties them
    /// to the others: the Trapentrix's 4,938,071,040 ranks become its
    /// 548,674,560 positions. Nothing changes unless the ranks are then
    /// fewer.
    pub(super) fn refine(
        &mut self,
        t: &Tws,
        moves: &[&Action],
        full: &[u8],
        kept_at: &[Option<usize>],
        listed: &[Option<Factors>],
    ) {
        // The candidates: every tie, then every other orbit whose states
        // fit a list, on its own.
        let mut units: Vec<(Option<usize>, tie::Tie)> = self
            .ties
            .iter()
            .enumerate()
            .map(|(k, tie)| (Some(k), tie.clone()))
            .collect();
        for (i, orbit) in self.orbits.iter().enumerate() {
            if orbit.tie.is_none() {
                units.extend(tie::Tie::list(self, t, vec![i], false).map(|tie| (None, tie)));
            }
        }
        let (mut moduli, mut extra) = (self.moduli.clone(), self.extra.clone());
        let (mut full2, mut kept2) = (full.to_vec(), kept_at.to_vec());
        let mut ties = self.ties.clone();
        let mut changed = false;
        for (k, unit) in units {
            let (next, root) = unit.graph(&self.orbits, t);
            let n = unit.table.codes.len() * unit.span as usize;
            let Some(found) = abelian::abelian(n, moves.len(), |x, a| next[x * moves.len() + a] as usize, root) else {
                continue;
            };
            if moduli.len() + found.moduli.len() > MAX_KEPT {
                continue;
            }
            let places: Vec<(usize, u8)> = found
                .moduli
                .iter()
                .enumerate()
                .map(|(j, &m)| (moduli.len() + j, m))
                .collect();
            let indices: Vec<usize> = (extra.len()..extra.len() + found.moduli.len()).collect();
            let Some(refined) = unit.refined(&found, &places, indices) else {
                continue;
            };
            // Classes that split no state's class find nothing new.
            if refined.span == unit.span {
                continue;
            }
            for (j, &m) in found.moduli.iter().enumerate() {
                moduli.push(m);
                full2.push(m);
                kept2.push(Some(moduli.len() - 1));
                extra.push(Extra {
                    modulus: m,
                    steps: found.steps.iter().map(|s| s[j]).collect(),
                });
            }
            match k {
                Some(k) => ties[k] = refined,
                None => ties.push(refined),
            }
            changed = true;
        }
        if !changed {
            return;
        }
        let Some(reached) = closure(&self.orbits, &extra, moves, &full2) else {
            return;
        };
        let Some((index, members)) = kept(&reached, &kept2, &moduli) else {
            return;
        };
        let mut orbits = self.orbits.clone();
        for orbit in &mut orbits {
            orbit.tie = None;
        }
        for (k, tie) in ties.iter().enumerate() {
            for (j, &i) in tie.members.iter().enumerate() {
                orbits[i].tie = Some(k);
                orbits[i].span = if j == 0 { tie.span } else { 1 };
                // Its list ranks it: no halves.
                orbits[i].split = None;
            }
        }
        let count = orbits
            .iter()
            .try_fold(members.len() as u64, |a, o| a.checked_mul(o.span));
        if count.is_none_or(|c| c >= self.count) {
            return;
        }
        let refined = Reach {
            orbits,
            moduli,
            index,
            members,
            count: count.expect("checked"),
            ties,
            extra,
            goal: Vec::new(),
            tables: std::sync::OnceLock::new(),
            ..self.clone()
        };
        let exact = exactness(&refined, listed, moves, &full2, reached.len());
        *self = Reach { exact, ..refined };
    }
}
