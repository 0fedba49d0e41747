//! Breadth-first search told step by step, as the articles teach it: the
//! position taken from the front of the queue, each of its children new
//! (put at the back of the queue) or already seen (skipped), and the queue
//! after the step. For small puzzles and the first steps of any: a teacher
//! walks through it; [`bfs`](super::bfs) is the search that solves.

use crate::Puzzle;
use std::collections::{HashSet, VecDeque};

/// One child of an expanded position.
#[derive(Clone, Debug)]
pub struct TraceChild<P: Puzzle> {
    /// The move that leads to it.
    pub mv: P::Move,
    /// The position.
    pub state: P::State,
    /// True when it was not seen before (it joins the queue).
    pub new: bool,
    /// True when it is a goal (the search ends with it).
    pub goal: bool,
}

/// One step: a position taken from the queue and expanded.
#[derive(Clone, Debug)]
pub struct TraceStep<P: Puzzle> {
    /// Its distance from the start.
    pub depth: u32,
    /// The position expanded.
    pub state: P::State,
    /// Each legal move's position, in the order the puzzle makes them.
    pub children: Vec<TraceChild<P>>,
    /// The queue after the step, its front first (at most the `shown`
    /// asked for) ...
    pub queue: Vec<P::State>,
    /// ... and its whole length.
    pub queued: usize,
    /// Positions seen so far (expanded, queued or found).
    pub seen: usize,
}

/// The first `steps` steps of a breadth-first search from `start`,
/// showing at most `shown` positions of the queue after each; the last
/// step is the one that finds a goal, if it comes within `steps`.
///
/// ```
/// use tansaku_core::examples::Swaps;
/// use tansaku_core::search::trace::bfs_trace;
/// let p = Swaps::new(3);
/// // 2 1 0 is three swaps from the goal: its two children are new, and
/// // the search ends on the step that finds 0 1 2.
/// let t = bfs_trace(&p, &p.row(&[2, 1, 0]), 100, 4);
/// assert_eq!(t[0].children.len(), 2);
/// assert!(t[0].children.iter().all(|c| c.new));
/// assert_eq!(t[0].queued, 2);
/// let last = t.last().unwrap();
/// assert!(last.children.iter().any(|c| c.goal));
/// assert_eq!(last.depth, 2);
/// // A child seen before is not queued again.
/// assert!(t.iter().flat_map(|s| &s.children).any(|c| !c.new));
/// ```
pub fn bfs_trace<P: Puzzle>(p: &P, start: &P::State, steps: usize, shown: usize) -> Vec<TraceStep<P>> {
    let mut seen: HashSet<P::State> = HashSet::from([start.clone()]);
    let mut queue: VecDeque<(P::State, u32)> = VecDeque::from([(start.clone(), 0)]);
    let mut out = Vec::new();
    if p.is_goal(start) {
        return out;
    }
    while out.len() < steps {
        let Some((state, depth)) = queue.pop_front() else { break };
        let mut children = Vec::new();
        p.for_each_successor(&state, |mv, t| {
            let new = seen.insert(t.clone());
            let goal = new && p.is_goal(&t);
            if new {
                queue.push_back((t.clone(), depth + 1));
            }
            children.push(TraceChild {
                mv,
                state: t,
                new,
                goal,
            });
        });
        let found = children.iter().any(|c| c.goal);
        out.push(TraceStep {
            depth,
            state,
            children,
            queue: queue.iter().take(shown).map(|(s, _)| s.clone()).collect(),
            queued: queue.len(),
            seen: seen.len(),
        });
        if found {
            break;
        }
    }
    out
}
