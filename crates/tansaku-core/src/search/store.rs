//! The states a graph search (BFS, bidirectional BFS) has stored.
//!
//! One entry per state, in the order the states were stored: the state, its
//! memo (see [`StateIndex::Memo`]) and the slot of the state it was reached
//! from, so a path is rebuilt by following parents and never needs moves
//! stored per node. Beside the entries, the [`StateIndex`] that says whether
//! a state is stored.
//!
//! A successor is written into the slot after the last entry (the vector's
//! spare capacity) before the index says whether it is new, and the length
//! grows by one only if it is: "is it new?" is close to a coin toss in a
//! breadth-first search, and a mispredicted branch per successor cost more
//! than the write (12% of the 8-puzzle's BFS, measured; see BENCHMARKS.md).
//! The vector grows by `reserve`, so its spare capacity stays untouched
//! (and off RAM) until states are written there.

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
    /// The stored states; the slot after the last is scratch.
    entries: Vec<Entry<P::State, I::Memo>>,
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
        budget: Option<u64>,
    ) -> Result<Self, SearchError> {
        let mut store = Store {
            entries: Vec::with_capacity(reserve),
            index: I::for_puzzle(p, tables, budget)?,
        };
        for r in roots {
            let k = I::key(p, &r);
            let Store { entries, index } = &mut store;
            if index.insert_new(&k, entries.len() as u32, |i| &entries[i as usize].state) {
                entries.push(Entry {
                    state: r,
                    memo: I::memo(&k),
                    parent: ROOT,
                });
            }
        }
        Ok(store)
    }

    /// Bytes a stored state costs: its entry (and a quarter more: a large
    /// vector grows by moving pages, not copying, and its spare capacity is
    /// not touched) and its share of the index.
    pub(crate) fn bytes_per_state() -> u64 {
        std::mem::size_of::<Entry<P::State, I::Memo>>() as u64 * 5 / 4 + I::bytes_per_state()
    }

    /// Number of stored states.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
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
            let i = self.entries.iter().position(|e| e.state == *s);
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
        let Store { entries, index } = self;
        let Entry { state: s, memo, parent } = entries[head as usize].clone();
        let mut found = None;
        p.for_each_successor(
            &s,
            #[inline(always)]
            |m, t| {
                // The parent is stored: skip it without computing its key.
                if found.is_some() || (parent != ROOT && entries[parent as usize].state == t) {
                    return;
                }
                let k = I::key_after(p, &s, memo, m, &t);
                let slot = entries.len();
                let new = index.insert_new(&k, slot as u32, |i| &entries[i as usize].state);
                let stop = new && hit(&k, &t);
                if stop {
                    found = Some(slot as u32);
                }
                let entry = Entry {
                    state: t,
                    memo: I::memo(&k),
                    parent: head,
                };
                append_if(entries, entry, new && (keep_hit || !stop));
            },
        );
        found
    }
}

/// Appends `entry` when `keep`, without a branch on `keep`: the entry is
/// written into the spare capacity in any case, and the length moves past
/// it only when it is kept. Entries that own heap memory (none of the
/// built-in puzzles') take the plain branching path instead, so that none
/// is ever left undropped.
#[inline]
fn append_if<T>(v: &mut Vec<T>, entry: T, keep: bool) {
    if std::mem::needs_drop::<T>() {
        if keep {
            v.push(entry);
        }
        return;
    }
    if v.len() == v.capacity() {
        // Doubling, predictable: taken once per doubling.
        v.reserve(v.len().max(16));
    }
    // SAFETY: the capacity exceeds the length, so the slot after the last
    // element is allocated; `T` has no drop glue, so an entry written there
    // and not counted needs no cleanup; `set_len` counts it only when it
    // has been written.
    unsafe {
        v.as_mut_ptr().add(v.len()).write(entry);
        v.set_len(v.len() + keep as usize);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn append_if_keeps_exactly_the_kept() {
        let mut v: Vec<u64> = Vec::new();
        for i in 0..1000u64 {
            super::append_if(&mut v, i, i % 3 == 0);
        }
        assert_eq!(v, (0..1000).filter(|i| i % 3 == 0).collect::<Vec<_>>());
        let mut owned: Vec<String> = Vec::new();
        for i in 0..10 {
            super::append_if(&mut owned, i.to_string(), i % 2 == 1);
        }
        assert_eq!(owned, ["1", "3", "5", "7", "9"]);
    }
}
