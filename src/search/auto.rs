//! Choosing a search algorithm from what is known about a state space.
//!
//! Breadth-first search is the plainest answer and stores every state it
//! meets, so it is chosen where the whole space is small. Bidirectional
//! search stores far fewer states (two half-depth balls) and needs
//! reversible moves and a listed goal set. IDA* stores only one path, so it
//! is the only choice for spaces too large to store, and a good one wherever
//! a strong lower bound exists (pattern databases).

use serde::Serialize;

/// A search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Breadth-first search ([`super::bfs`]).
    Bfs,
    /// Bidirectional breadth-first search, smaller frontier first
    /// ([`super::bidirectional`]).
    Bidir,
    /// Bidirectional search alternating layers, as the seed article wrote it
    /// ([`super::bidirectional_alternating`]).
    BidirAlternate,
    /// Plain iterative deepening ([`super::iddfs`]).
    Iddfs,
    /// IDA* with a lower bound ([`super::ida_star_with`]).
    IdaStar,
}

impl Algorithm {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Bidir => "bidir",
            Algorithm::BidirAlternate => "bidir-alternate",
            Algorithm::Iddfs => "iddfs",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// True for the searches that store states (and so need memory).
    pub fn stores_states(self) -> bool {
        matches!(self, Algorithm::Bfs | Algorithm::Bidir | Algorithm::BidirAlternate)
    }
}

/// What is known about a puzzle's state space, for [`choose`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Space {
    /// Number of states, when the puzzle can count them (a ranked space).
    pub states: Option<u64>,
    /// Every move can be undone.
    pub reversible: bool,
    /// The goal set can be listed (a backward search can start from it).
    pub goals_listed: bool,
    /// A lower bound strong enough to make IDA* the better search (pattern
    /// databases).
    pub strong_bound: bool,
}

/// Spaces of at most this many states are searched breadth-first.
pub const SMALL_SPACE: u64 = 1 << 22;

/// The algorithm for `space`, and why.
///
/// ```
/// use tansaku::search::auto::{choose, Algorithm, Space};
/// let eight = Space { states: Some(362_880), reversible: true, goals_listed: true, strong_bound: false };
/// assert_eq!(choose(&eight).0, Algorithm::Bfs);
/// let fifteen = Space { states: Some(20_922_789_888_000), strong_bound: true, ..eight };
/// assert_eq!(choose(&fifteen).0, Algorithm::IdaStar);
/// ```
pub fn choose(space: &Space) -> (Algorithm, String) {
    let small = space.states.is_some_and(|n| n <= SMALL_SPACE);
    let count = |n: Option<u64>| n.map_or("an uncounted space".to_string(), |n| format!("{n} states"));
    if small {
        return (
            Algorithm::Bfs,
            format!("{}: small enough for breadth-first search", count(space.states)),
        );
    }
    if space.strong_bound {
        return (
            Algorithm::IdaStar,
            format!("{}: IDA* with the strongest lower bound at hand", count(space.states)),
        );
    }
    if space.reversible && space.goals_listed && space.states.is_some() {
        return (
            Algorithm::Bidir,
            format!(
                "{}: bidirectional search stores far fewer states than breadth-first search",
                count(space.states)
            ),
        );
    }
    (
        Algorithm::Bfs,
        format!(
            "{}: breadth-first search, the only complete search here",
            count(space.states)
        ),
    )
}
