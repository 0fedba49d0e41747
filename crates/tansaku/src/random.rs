//! Seeded randomness for scrambles: the same seed gives the same
//! scramble on every platform.

/// A small, fast, seeded random number generator (SplitMix64) for
/// scrambles: the same seed gives the same scramble on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// A random walk of `moves` moves from `start` that never steps straight
/// back to the position it came from (unless that is the only move): the
/// position reached and the moves made.
///
/// ```
/// use tansaku::puzzles::flip::FlipIt;
/// let p = FlipIt::row(6, false);
/// let s = p.parse_board("BB_BBB").unwrap();
/// let (a, moves) = tansaku::random_walk(&p, &s, 7, 20);
/// assert_eq!(moves.len(), 20);
/// assert_eq!(a, tansaku::random_walk(&p, &s, 7, 20).0);
/// ```
pub fn random_walk<P: tansaku_core::Puzzle>(
    p: &P,
    start: &P::State,
    seed: u64,
    moves: u32,
) -> (P::State, Vec<P::Move>) {
    let mut rng = Rng::new(seed);
    let mut here = start.clone();
    let mut before: Option<P::State> = None;
    let mut made = Vec::new();
    for _ in 0..moves {
        let mut next = Vec::new();
        p.for_each_successor(&here, |m, t| next.push((m, t)));
        if next.is_empty() {
            break;
        }
        let forward: Vec<usize> = (0..next.len())
            .filter(|&i| Some(&next[i].1) != before.as_ref())
            .collect();
        let pick = if forward.is_empty() {
            rng.below(next.len())
        } else {
            forward[rng.below(forward.len())]
        };
        let (m, t) = next.swap_remove(pick);
        made.push(m);
        before = Some(std::mem::replace(&mut here, t));
    }
    (here, made)
}
