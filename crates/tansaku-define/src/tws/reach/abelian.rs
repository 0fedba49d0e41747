//! The invariants a listed set of states keeps that each move changes by
//! a fixed amount: the largest abelian quotient of its moves.
//!
//! A parity or an orientation sum is a label of the states that every
//! move shifts by the same amount wherever it is played. Listed states
//! (an orbit's, a tie's) can keep more such labels than their parities
//! and sums: the Trapentrix's small triangles, nine slots of alike
//! pieces, keep a count modulo 3 of their turns that the pentagons keep
//! too. Ranked apart, the two parts then number three times the
//! positions; with the label beside the parities, `H` (the invariant
//! vectors the moves reach, [`super::Reach`]) ties them.
//!
//! All such labels at once are the quotient `Z^k / L` of the move counts
//! (`k` moves) by the lattice `L` of the counts of the closed walks of the
//! states' graph: a state's label is the counts of any walk from the
//! goal to it, modulo `L`. `L` is found from the walks around each move's
//! cycle through the goal, then from every edge whose labels disagree,
//! until none does; the Smith normal form writes the quotient as cyclic
//! factors, each an invariant of its own modulus.

/// The invariants [`abelian`] finds: each one's modulus, what each move
/// adds to each, and every state's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Abelian {
    /// The moduli of the cyclic factors (each above 1).
    pub(super) moduli: Vec<u8>,
    /// `steps[a][i]`: what move `a` adds to invariant `i`.
    pub(super) steps: Vec<Vec<u8>>,
    /// Every state's invariants, as one number of mixed radix over
    /// `moduli` (the first most significant).
    pub(super) label: Vec<u32>,
}

/// The order of the quotient from which no invariants are kept (a class
/// of a listed state is a byte of its table's entries, a modulus a byte).
const MAX_ORDER: i128 = 1 << 8;

/// The invariants of the states `0..n` of a graph whose edge `a` leads
/// from state `x` to `next(x, a)` (`moves` edges a state, each move a
/// permutation of the states, every state reached from `root`); `None`
/// when the quotient has 256 elements or more, or the arithmetic
/// overflows.
pub(super) fn abelian(n: usize, moves: usize, next: impl Fn(usize, usize) -> usize, root: usize) -> Option<Abelian> {
    // A spanning tree of the graph, breadth first.
    let mut parent = vec![(u32::MAX, 0u8); n];
    let mut order = Vec::with_capacity(n);
    parent[root] = (root as u32, 0);
    order.push(root);
    let mut at = 0;
    while at < order.len() {
        let x = order[at];
        at += 1;
        for a in 0..moves {
            let y = next(x, a);
            if parent[y].0 == u32::MAX {
                parent[y] = (x as u32, a as u8);
                order.push(y);
            }
        }
    }
    if order.len() != n {
        return None;
    }
    // The counts of the tree's walk from the root to `x`.
    let walk = |mut x: usize| {
        let mut v = vec![0i128; moves];
        while x != root {
            let (p, a) = parent[x];
            v[usize::from(a)] += 1;
            x = p as usize;
        }
        v
    };
    let mut lattice = Lattice::new(moves);
    // Each move's cycle through the root: `L` of full rank.
    for a in 0..moves {
        let (mut x, mut len) = (next(root, a), 1i128);
        while x != root {
            x = next(x, a);
            len += 1;
        }
        let mut v = vec![0i128; moves];
        v[a] = len;
        lattice.insert(v)?;
    }
    loop {
        let (moduli, q) = lattice.smith()?;
        let radix: Vec<u32> = moduli.iter().map(|&m| u32::from(m)).collect();
        let steps: Vec<Vec<u8>> = (0..moves)
            .map(|a| {
                q[a].iter()
                    .zip(&moduli)
                    .map(|(&x, &m)| x.rem_euclid(i128::from(m)) as u8)
                    .collect()
            })
            .collect();
        let add = |l: u32, a: usize| {
            let (mut l, mut out, mut w) = (l, 0u32, 1u32);
            for (i, &m) in radix.iter().enumerate().rev() {
                out += (l % m + u32::from(steps[a][i])) % m * w;
                l /= m;
                w *= m;
            }
            out
        };
        let mut label = vec![0u32; n];
        for &x in &order[1..] {
            let (p, a) = parent[x];
            label[x] = add(label[p as usize], usize::from(a));
        }
        // An edge whose labels disagree closes a walk outside `L`.
        let wrong = (0..n).find_map(|x| {
            (0..moves)
                .find(|&a| label[next(x, a)] != add(label[x], a))
                .map(|a| (x, a))
        });
        match wrong {
            None => return Some(Abelian { moduli, steps, label }),
            Some((x, a)) => {
                let mut v = walk(x);
                v[a] += 1;
                for (w, y) in v.iter_mut().zip(walk(next(x, a))) {
                    *w -= y;
                }
                lattice.insert(v)?;
            }
        }
    }
}

/// A lattice of `Z^k` in echelon form: `rows[c]`, if any, has its first
/// nonzero entry (positive) at column `c`.
struct Lattice {
    rows: Vec<Option<Vec<i128>>>,
}

impl Lattice {
    fn new(k: usize) -> Lattice {
        Lattice { rows: vec![None; k] }
    }

    /// Adds `v` to the lattice's generators; `None` on overflow.
    fn insert(&mut self, mut v: Vec<i128>) -> Option<()> {
        let k = v.len();
        for c in 0..k {
            if v[c] == 0 {
                continue;
            }
            let Some(b) = &mut self.rows[c] else {
                if v[c] < 0 {
                    v.iter_mut().for_each(|x| *x = -*x);
                }
                self.rows[c] = Some(v);
                return Some(());
            };
            // b' = s b + t v has the gcd at c; v' = (v_c/g) b - (b_c/g) v
            // has 0 there: together they make what b and v make.
            let (g, s, t) = egcd(b[c], v[c]);
            let (bc, vc) = (b[c] / g, v[c] / g);
            let mut nb = vec![0i128; k];
            let mut nv = vec![0i128; k];
            for j in 0..k {
                nb[j] = s.checked_mul(b[j])?.checked_add(t.checked_mul(v[j])?)?;
                nv[j] = vc.checked_mul(b[j])?.checked_sub(bc.checked_mul(v[j])?)?;
            }
            if nb[c] < 0 {
                nb.iter_mut().for_each(|x| *x = -*x);
            }
            *b = nb;
            v = nv;
        }
        Some(())
    }

    /// The quotient `Z^k / L` as cyclic factors: their moduli (those
    /// above 1) and the map, `x`'s factor `i` being `sum_a x_a q[a][i]`
    /// modulo `moduli[i]`. `None` when `L` is not of full rank, the
    /// quotient passes [`MAX_ORDER`], or the arithmetic overflows.
    fn smith(&self) -> Option<(Vec<u8>, Vec<Vec<i128>>)> {
        let k = self.rows.len();
        let mut m: Vec<Vec<i128>> = self.rows.iter().cloned().collect::<Option<_>>()?;
        let det = (0..k).try_fold(1i128, |a, c| a.checked_mul(m[c][c]))?;
        if det >= MAX_ORDER {
            return None;
        }
        let mut q: Vec<Vec<i128>> = (0..k).map(|i| (0..k).map(|j| i128::from(i == j)).collect()).collect();
        for t in 0..k {
            loop {
                // The least nonzero entry of the rest, to (t, t).
                let (i, j) = (t..k)
                    .flat_map(|i| (t..k).map(move |j| (i, j)))
                    .filter(|&(i, j)| m[i][j] != 0)
                    .min_by_key(|&(i, j)| m[i][j].unsigned_abs())?;
                m.swap(t, i);
                for row in m.iter_mut().chain(q.iter_mut()) {
                    row.swap(t, j);
                }
                let p = m[t][t];
                let mut clean = true;
                let pivot_row = m[t].clone();
                for row in &mut m[t + 1..] {
                    let f = row[t] / p;
                    for (x, &y) in row[t..].iter_mut().zip(&pivot_row[t..]) {
                        *x = x.checked_sub(f.checked_mul(y)?)?;
                    }
                    clean &= row[t] == 0;
                }
                for j in t + 1..k {
                    let f = m[t][j] / p;
                    for row in m.iter_mut().chain(q.iter_mut()) {
                        row[j] = row[j].checked_sub(f.checked_mul(row[t])?)?;
                    }
                    clean &= m[t][j] == 0;
                }
                if !clean {
                    continue;
                }
                // The pivot must divide the rest; else a row of it joins.
                match (t + 1..k).find(|&i| (t + 1..k).any(|j| m[i][j] % p != 0)) {
                    Some(i) => {
                        let other = m[i].clone();
                        for (x, &y) in m[t][t..].iter_mut().zip(&other[t..]) {
                            *x = x.checked_add(y)?;
                        }
                    }
                    None => break,
                }
            }
        }
        let keep: Vec<usize> = (0..k).filter(|&t| m[t][t].unsigned_abs() > 1).collect();
        let moduli = keep.iter().map(|&t| m[t][t].unsigned_abs() as u8).collect();
        let q = q.iter().map(|row| keep.iter().map(|&t| row[t]).collect()).collect();
        Some((moduli, q))
    }
}

/// `(g, s, t)` with `g = gcd(a, b) = s a + t b`, `g > 0` (`a` or `b`
/// nonzero).
fn egcd(a: i128, b: i128) -> (i128, i128, i128) {
    let (mut r0, mut r1, mut s0, mut s1, mut t0, mut t1) = (a, b, 1, 0, 0, 1);
    while r1 != 0 {
        let f = r0 / r1;
        (r0, r1) = (r1, r0 - f * r1);
        (s0, s1) = (s1, s0 - f * s1);
        (t0, t1) = (t1, t0 - f * t1);
    }
    if r0 < 0 { (-r0, -s0, -t0) } else { (r0, s0, t0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every label is below the quotient's order and every edge adds its
    /// move's steps.
    fn consistent(n: usize, moves: usize, next: impl Fn(usize, usize) -> usize, got: &Abelian) {
        let order: u32 = got.moduli.iter().map(|&m| u32::from(m)).product();
        assert!(got.label.iter().all(|&l| l < order));
        for x in 0..n {
            for a in 0..moves {
                let (mut l, mut y) = (got.label[x], got.label[next(x, a)]);
                for (i, &m) in got.moduli.iter().enumerate().rev() {
                    let m = u32::from(m);
                    assert_eq!((l % m + u32::from(got.steps[a][i])) % m, y % m);
                    l /= m;
                    y /= m;
                }
            }
        }
    }

    #[test]
    fn a_cycle_is_its_own_quotient() {
        let next = |x: usize, a: usize| if a == 0 { (x + 1) % 6 } else { (x + 5) % 6 };
        let got = abelian(6, 2, next, 0).unwrap();
        consistent(6, 2, next, &got);
        assert_eq!(got.moduli.iter().map(|&m| u32::from(m)).product::<u32>(), 6);
        assert_eq!(got.label.iter().collect::<std::collections::HashSet<_>>().len(), 6);
    }

    #[test]
    fn a_torus_splits_into_two_factors() {
        // Z2 x Z4: a moves the first coordinate, b the second.
        let next = |x: usize, a: usize| if a == 0 { x ^ 1 } else { (x & 1) | ((x / 2 + 1) % 4 * 2) };
        let got = abelian(8, 2, next, 0).unwrap();
        consistent(8, 2, next, &got);
        let mut m = got.moduli.clone();
        m.sort_unstable();
        assert_eq!(m, vec![2, 4]);
    }

    #[test]
    fn a_group_without_abelian_quotient_has_no_invariants() {
        // S3 on its six elements by the generators (0 1 2) and (0 1): the
        // quotient is the sign, Z2.
        let perms: Vec<[u8; 3]> = vec![[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]];
        let index = |p: [u8; 3]| perms.iter().position(|&q| q == p).unwrap();
        let next = |x: usize, a: usize| {
            let p = perms[x];
            let g: [u8; 3] = if a == 0 { [1, 2, 0] } else { [1, 0, 2] };
            index([g[usize::from(p[0])], g[usize::from(p[1])], g[usize::from(p[2])]])
        };
        let got = abelian(6, 2, next, 0).unwrap();
        consistent(6, 2, next, &got);
        assert_eq!(got.moduli, vec![2]);
        // The 3-cycle adds nothing, the swap one.
        assert_eq!((got.steps[0][0], got.steps[1][0]), (0, 1));
    }

    #[test]
    fn smith_form_of_known_lattices() {
        let mut l = Lattice::new(2);
        l.insert(vec![2, 2]).unwrap();
        l.insert(vec![0, 4]).unwrap();
        let (mut m, _) = l.smith().unwrap();
        m.sort_unstable();
        assert_eq!(m, vec![2, 4]);
        let mut l = Lattice::new(2);
        l.insert(vec![2, 0]).unwrap();
        l.insert(vec![0, 3]).unwrap();
        assert_eq!(l.smith().unwrap().0, vec![6]);
    }
}
