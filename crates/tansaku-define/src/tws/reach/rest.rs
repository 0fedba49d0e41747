//! The rest of a position beside a class coordinate: every orbit but the
//! class orbit, listed from the goal with its move and conjugation
//! tables ([`super::Tabled`], [`super::StateClasses`]).

use crate::tws::Tws;
use crate::tws::symmetry::TwsSymmetry;
use std::collections::HashMap;

/// The class orbit, solved in a rest: its set's byte offset and slot
/// count, and its slots.
pub(super) struct Cut<'a> {
    pub(super) offset: usize,
    pub(super) count: usize,
    pub(super) slots: &'a [u8],
}

impl Cut<'_> {
    /// Position `s` of `t` with the class orbit solved: its rest.
    pub(super) fn project(&self, t: &Tws, s: &[u8], out: &mut [u8]) {
        let goal = &t.goals[0];
        let len = t.bytes();
        out[..len].copy_from_slice(&s[..len]);
        for &slot in self.slots {
            let i = self.offset + usize::from(slot);
            out[i] = goal[i];
            out[i + self.count] = goal[i + self.count];
        }
    }
}

/// The rest's states (positions with the class orbit solved, `t.bytes()`
/// each), their numbers, and per state its moves (the metric's, in
/// order) and its images under the symmetries.
#[derive(Debug, Default)]
pub(super) struct Rest {
    pub(super) states: Vec<u8>,
    pub(super) index: HashMap<Vec<u8>, u32>,
    pub(super) moves: Vec<u32>,
    pub(super) conj: Vec<u32>,
    pub(super) count: u64,
}

impl Rest {
    /// Lists the rest's states from the goal, at most `most`, with their
    /// move table.
    pub(super) fn list(t: &Tws, cut: &Cut, most: usize) -> Result<Rest, String> {
        let len = t.bytes();
        let mut rest = Rest::default();
        let mut start = vec![0u8; len];
        cut.project(t, &t.goals[0], &mut start);
        let mut states: Vec<Vec<u8>> = vec![start.clone()];
        rest.index.insert(start, 0);
        let (mut played, mut projected) = (vec![0u8; len], vec![0u8; len]);
        let mut i = 0;
        while i < states.len() {
            for &m in &t.metric_moves {
                t.play_at(m, &states[i], &mut played);
                cut.project(t, &played, &mut projected);
                let at = match rest.index.get(&projected) {
                    Some(&at) => at,
                    None => {
                        if states.len() >= most {
                            return Err(format!("the other orbits have more than {most} states"));
                        }
                        let at = states.len() as u32;
                        rest.index.insert(projected.clone(), at);
                        states.push(projected.clone());
                        at
                    }
                };
                rest.moves.push(at);
            }
            i += 1;
        }
        rest.count = states.len() as u64;
        rest.states = states.concat();
        Ok(rest)
    }

    /// Fills the conjugation table under `syms`.
    pub(super) fn conjugate(&mut self, t: &Tws, cut: &Cut, syms: &[TwsSymmetry]) -> Result<(), String> {
        let len = t.bytes();
        let (mut played, mut projected) = (vec![0u8; len], vec![0u8; len]);
        for s in self.states.chunks(len) {
            for y in syms {
                t.conjugate(y, s, &mut played);
                cut.project(t, &played, &mut projected);
                let at = self
                    .index
                    .get(&projected)
                    .ok_or("a symmetry leaves the other orbits' states")?;
                self.conj.push(*at);
            }
        }
        Ok(())
    }

    /// The rest's state of position `s`.
    pub(super) fn of(&self, t: &Tws, cut: &Cut, s: &[u8]) -> u32 {
        let mut projected = vec![0u8; t.bytes()];
        cut.project(t, s, &mut projected);
        *self.index.get(&projected).expect("a position the moves reach")
    }

    /// State `r`'s bytes.
    pub(super) fn state(&self, r: usize, len: usize) -> &[u8] {
        &self.states[r * len..(r + 1) * len]
    }

    /// Bytes of the tables.
    pub(super) fn bytes(&self) -> u64 {
        ((self.moves.len() + self.conj.len()) * 4 + self.states.len() * 3) as u64
    }
}
