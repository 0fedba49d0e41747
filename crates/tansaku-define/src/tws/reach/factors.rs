//! Products and quotients of small numbers of any size, compared exactly
//! and written in decimal: a group's order against what constraints allow.

/// A positive rational number as exponents of primes: products of small
/// numbers of any size, compared exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Factors(std::collections::BTreeMap<u64, i64>);

impl Factors {
    pub(super) fn times(&mut self, n: u64) {
        self.add(n, 1);
    }
    pub(super) fn times_all(&mut self, other: &Factors) {
        for (&p, &e) in &other.0 {
            *self.0.entry(p).or_default() += e;
        }
        self.0.retain(|_, e| *e != 0);
    }
    pub(super) fn over(&mut self, n: u64) {
        self.add(n, -1);
    }
    pub(super) fn add(&mut self, mut n: u64, sign: i64) {
        let mut p = 2;
        while p * p <= n {
            while n.is_multiple_of(p) {
                *self.0.entry(p).or_default() += sign;
                n /= p;
            }
            p += 1;
        }
        if n > 1 {
            *self.0.entry(n).or_default() += sign;
        }
        self.0.retain(|_, e| *e != 0);
    }
    /// In decimal (a whole number; a fraction's denominator is left out).
    pub(super) fn decimal(&self) -> String {
        let mut digits: Vec<u32> = vec![1]; // base 10^9, least first
        for (&p, &e) in &self.0 {
            for _ in 0..e.max(0) {
                let mut carry = 0u64;
                for d in digits.iter_mut() {
                    let x = u64::from(*d) * p + carry;
                    *d = (x % 1_000_000_000) as u32;
                    carry = x / 1_000_000_000;
                }
                while carry > 0 {
                    digits.push((carry % 1_000_000_000) as u32);
                    carry /= 1_000_000_000;
                }
            }
        }
        let mut s = digits.last().unwrap().to_string();
        for d in digits.iter().rev().skip(1) {
            s.push_str(&format!("{d:09}"));
        }
        s
    }
}
