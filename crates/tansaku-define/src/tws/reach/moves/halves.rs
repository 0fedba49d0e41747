//! An orbit of distinct pieces ranked in two halves ([`Split`]): the
//! tables of where the first half stands and of the second half's order,
//! and the two small tables that give a rank's second coordinate.

use super::super::MAX_ORBIT;
use super::super::orbit::Split;
use super::{Arrangement, Local, bit, bits, filled};
use rayon::prelude::*;

/// The tables of an arrangement in two halves: where the first half
/// stands, the second half's order. A permutation's parity is that of the
/// first half placed with the second in order, plus the order's.
pub(super) fn halves(split: &Split, n: usize, local: &Local, moves: usize) -> Arrangement {
    let k = split.k;
    // The first half placed, the second in order (rank 0) on the slots
    // left.
    let placed = |f: u64, seq: &mut [u8]| split.place(f, 0, seq);
    let first_parity = bits(split.first.count(), |f| {
        let mut p = [0u8; MAX_ORBIT];
        placed(f, &mut p[..n]);
        super::super::parity(&p[..n]) == 1
    });
    let first = filled(split.first.count(), moves, |f, row| {
        let mut seq = [0u8; MAX_ORBIT];
        split.first.unrank_into(f, &mut seq[..n]);
        for (a, e) in row.iter_mut().enumerate() {
            let mut out = [0u8; MAX_ORBIT];
            for i in 0..n {
                out[i] = seq[usize::from(local.from[a][i])];
            }
            let g = split.first.rank(&out[..n]);
            *e = g as u32 | bit(&first_parity, g) << 31;
        }
    });
    let orders = split.order.count();
    let (rows, rest_of) = rest_rows(split, n);
    let rest = composed(split, n, local, moves, &rows, &rest_of).unwrap_or_else(|| direct(split, n, local, moves));
    let set_of_first = filled(split.first.count(), 1, |f, row| {
        let mut seq = [0u8; MAX_ORBIT];
        split.first.unrank_into(f, &mut seq[..n]);
        row[0] = colex(seq[..n].iter().map(|&x| usize::from(x) < k));
    });
    let order_parity = bits(orders, |o| super::super::parity(&split.order.unrank(o)) == 1);
    Arrangement::Halves {
        first,
        rest,
        first_parity,
        order_parity,
        orders,
        set_of_first,
        rest_of,
    }
}

/// Each rest rank's set of the first half's slots (colex) and the second
/// half's order on the others; and the other way, the rest rank of set
/// `s` and order `o` at `s * orders + o`.
pub(super) fn rest_rows(split: &Split, n: usize) -> (Vec<(u32, u32)>, Vec<u32>) {
    let m = n - split.k;
    let rows: Vec<(u32, u32)> = (0..split.rest.count())
        .into_par_iter()
        .map(|r| {
            let mut seq = [0u8; MAX_ORBIT];
            split.rest.unrank_into(r, &mut seq[..n]);
            let (order, j) = second_order(&seq[..n], m);
            (
                colex(seq[..n].iter().map(|&x| usize::from(x) == m)),
                split.order.rank(&order[..j]) as u32,
            )
        })
        .collect();
    let mut rest_of = vec![u32::MAX; rows.len()];
    for (r, &(set, o)) in rows.iter().enumerate() {
        rest_of[(u64::from(set) * split.order.count() + u64::from(o)) as usize] = r as u32;
    }
    debug_assert!(rest_of.iter().all(|&r| r != u32::MAX));
    (rows, rest_of)
}

/// The second half's table of [`halves`], row by row: each rest rank's
/// pieces moved, their order ranked (bit 31 its parity).
pub(super) fn direct(split: &Split, n: usize, local: &Local, moves: usize) -> Vec<u32> {
    let m = n - split.k;
    filled(split.rest.count(), moves, |r, row| {
        // The second half's pieces where they stand (the first half's
        // slots hold `m`, as the rank writes them).
        let mut seq = [0u8; MAX_ORBIT];
        split.rest.unrank_into(r, &mut seq[..n]);
        for (a, e) in row.iter_mut().enumerate() {
            let mut moved = [0u8; MAX_ORBIT];
            for i in 0..n {
                moved[i] = seq[usize::from(local.from[a][i])];
            }
            let (order, j) = second_order(&moved[..n], m);
            let o = split.order.rank(&order[..j]);
            *e = o as u32 | u32::from(super::super::parity(&order[..j])) << 31;
        }
    })
}

/// The pieces below `m` (the second half's) of `seq`, in slot order, and
/// how many.
fn second_order(seq: &[u8], m: usize) -> ([u8; MAX_ORBIT], usize) {
    let mut order = [0u8; MAX_ORBIT];
    let mut j = 0;
    for &x in seq {
        if usize::from(x) < m {
            order[j] = x;
            j += 1;
        }
    }
    (order, j)
}

/// The second half's table of [`halves`] by composition: a move carries
/// the second half's slots (a set of them) onto others, and reorders the
/// pieces on them by a permutation that depends on the set alone; each
/// distinct permutation composed with every order once, where ranking
/// every row's order after every move would cost more (Loopover 3x3:
/// 120 x 120 ranks for 15,120 x 12). `rows[r]` is rest rank `r`'s set and
/// order, `rest_of` the other way. `None` where composing costs more.
pub(super) fn composed(
    split: &Split,
    n: usize,
    local: &Local,
    moves: usize,
    rows: &[(u32, u32)],
    rest_of: &[u32],
) -> Option<Vec<u32>> {
    let m = n - split.k;
    let orders = split.order.count() as usize;
    let sets = rows.len() / orders;
    // Each set's permutation after each move, numbered as first met.
    let mut ids: std::collections::HashMap<[u8; MAX_ORBIT], u32> = std::collections::HashMap::new();
    let mut perms: Vec<[u8; MAX_ORBIT]> = Vec::new();
    let mut of = vec![0u32; sets * moves];
    for set in 0..sets {
        // The second half's slots: where a rest rank of the set (order
        // 0) has pieces below m.
        let mut seq = [0u8; MAX_ORBIT];
        split.rest.unrank_into(u64::from(rest_of[set * orders]), &mut seq[..n]);
        let mut at = [u8::MAX; MAX_ORBIT];
        let mut j = 0u8;
        for (i, &x) in seq[..n].iter().enumerate() {
            if usize::from(x) < m {
                at[i] = j;
                j += 1;
            }
        }
        for a in 0..moves {
            let mut pi = [0u8; MAX_ORBIT];
            let mut j = 0;
            for i in 0..n {
                let from = usize::from(local.from[a][i]);
                if at[from] != u8::MAX {
                    pi[j] = at[from];
                    j += 1;
                }
            }
            let next = perms.len() as u32;
            of[set * moves + a] = *ids.entry(pi).or_insert_with(|| {
                perms.push(pi);
                next
            });
        }
        if (perms.len() * orders) as u64 > (rows.len() * moves) as u64 / 2 {
            return None;
        }
    }
    // Every order after each permutation: its rank, its parity in bit 31.
    let compose = filled(orders as u64, perms.len(), |o, row| {
        let order = split.order.unrank(o);
        for (e, pi) in row.iter_mut().zip(&perms) {
            let mut out = [0u8; MAX_ORBIT];
            for j in 0..m {
                out[j] = order[usize::from(pi[j])];
            }
            *e = split.order.rank(&out[..m]) as u32 | u32::from(super::super::parity(&out[..m])) << 31;
        }
    });
    let p = perms.len();
    Some(filled(rows.len() as u64, moves, |r, row| {
        let (set, o) = rows[r as usize];
        for (a, e) in row.iter_mut().enumerate() {
            *e = compose[o as usize * p + of[set as usize * moves + a] as usize];
        }
    }))
}

/// The colex rank of the set of places `i` where `member` holds, among
/// the sets of as many places: the sum of `C(i, j + 1)` over its `j`-th
/// place `i`.
fn colex(member: impl Iterator<Item = bool>) -> u32 {
    let mut rank = 0u64;
    let mut j = 0u64;
    for (i, m) in member.enumerate() {
        if m {
            j += 1;
            rank += binomial(i as u64, j);
        }
    }
    rank as u32
}

/// `C(n, k)`, 0 when `k > n` (small arguments: an orbit's slots).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |a, i| a * (n - i) / (i + 1))
}
