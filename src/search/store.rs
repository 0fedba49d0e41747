//! The states a graph search (BFS, bidirectional BFS) has stored.
//!
//! One entry per state, in the order the states were stored: the state, its
//! memo (see [`StateIndex::Memo`]) and the slot of the state it was reached
//! from, so a path is rebuilt by following parents and never needs moves
//! stored per node. Beside the entries, the [`StateIndex`] that says whether
//! a state is stored.
//!
//! A successor is written into the slot after the last entry before the
//! index says whether it is new, and the count of entries grows by one only
//! if it is: "is it new?" is close to a coin toss in a breadth-first search,
//! and a mispredicted branch per successor cost more than the write (12% of
//! the 8-puzzle's BFS, measured; see BENCHMARKS.md).

use super::SearchError;
use super::index::StateIndex;
use crate::Puzzle;

/// The parent slot of a root (the start, or a goal of a backward search).
const ROOT: u32 = u32::MAX;

/// A stored state.
#[derive(Clone)]
struct Entry<S, M> {
    state: S,
    memo: M,
    parent: u32,
}

/// The stored states of one search direction and their index.
pub(crate) struct Store<P: Puzzle, I: StateIndex<P>> {
    /// `entries[..len]` are stored; the one after is scratch.
    entries: Vec<Entry<P::State, I::Memo>>,
    len: usize,
    index: I,
}

impl<P: Puzzle, I: StateIndex<P>> Store<P, I> {
    /// A store holding `roots` (duplicates dropped), for a search that keeps
    /// `tables` stores alive at once, with room for `reserve` states.
    pub(crate) fn new(
        p: &P,
        tables: u64,
        reserve: usize,
        roots: impl IntoIterator<Item = P::State>,
    ) -> Result<Self, SearchError> {
        let mut store = Store {
            entries: Vec::with_capacity(reserve),
            len: 0,
            index: I::for_puzzle(p, tables)?,
        };
        for r in roots {
            let k = I::key(p, &r);
            let Store { entries, len, index } = &mut store;
            if index.insert_new(&k, *len as u32, |i| &entries[i as usize].state) {
                entries.push(Entry {
                    state: r,
                    memo: I::memo(&k),
                    parent: ROOT,
                });
                *len += 1;
            }
        }
        Ok(store)
    }

    /// Bytes a stored state costs: its entry (and a quarter more: a large
    /// vector grows by moving pages, not copying, so its spare capacity is
    /// never touched) and its share of the index.
    pub(crate) fn bytes_per_state() -> u64 {
        std::mem::size_of::<Entry<P::State, I::Memo>>() as u64 * 5 / 4 + I::bytes_per_state()
    }

    /// Number of stored states.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The state in slot `i`.
    pub(crate) fn state(&self, i: u32) -> &P::State {
        &self.entries[i as usize].state
    }

    /// The slot of `s`, if it is stored.
    pub(crate) fn find(&self, p: &P, s: &P::State) -> Option<u32> {
        let k = I::key(p, s);
        let stored = |i: u32| &self.entries[i as usize].state;
        if !self.index.contains(&k, stored) {
            return None;
        }
        self.index.slot(&k, stored).or_else(|| {
            let i = self.entries[..self.len].iter().position(|e| e.state == *s);
            Some(i.expect("a state the index holds is stored") as u32)
        })
    }

    /// True when the state of key `k` is stored.
    pub(crate) fn contains(&self, k: &I::Key) -> bool {
        self.index.contains(k, |i| &self.entries[i as usize].state)
    }

    /// The states from slot `i` back to a root.
    pub(crate) fn chain(&self, mut i: u32) -> Vec<P::State> {
        let mut out = vec![self.state(i).clone()];
        while self.entries[i as usize].parent != ROOT {
            i = self.entries[i as usize].parent;
            out.push(self.state(i).clone());
        }
        out
    }

    /// Expands the state in slot `head`: stores every successor not stored
    /// yet, in the puzzle's move order, and asks `hit(key, state)` of each
    /// new one. Stops at the first hit and returns the slot it has (stored
    /// when `keep_hit`; otherwise the slot it would have had, and the index
    /// alone remembers it: the search is over).
    #[inline]
    pub(crate) fn expand(
        &mut self,
        p: &P,
        head: u32,
        keep_hit: bool,
        mut hit: impl FnMut(&I::Key, &P::State) -> bool,
    ) -> Option<u32> {
        let Store { entries, len, index } = self;
        let Entry { state: s, memo, parent } = entries[head as usize].clone();
        let mut found = None;
        p.for_each_successor(&s, |m, t| {
            // The parent is stored: skip it without computing its key.
            if found.is_some() || (parent != ROOT && entries[parent as usize].state == t) {
                return;
            }
            let k = I::key_after(p, &s, memo, m, &t);
            let new = index.insert_new(&k, *len as u32, |i| &entries[i as usize].state);
            let stop = new && hit(&k, &t);
            if stop {
                found = Some(*len as u32);
            }
            let entry = Entry {
                state: t,
                memo: I::memo(&k),
                parent: head,
            };
            if *len == entries.len() {
                entries.resize(2 * *len + 16, entry.clone());
            }
            entries[*len] = entry;
            *len += (new && (keep_hit || !stop)) as usize;
        });
        found
    }
}
