//! Memory planning: estimate a table before allocating it and refuse with a
//! clear message when it would not fit, instead of being killed.

/// A table that would not fit the memory budget.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{what} needs about {} but the memory budget is {}", human(*.needed), human(*.budget))]
pub struct MemoryError {
    /// What was to be allocated.
    pub what: String,
    /// Its estimated size in bytes.
    pub needed: u64,
    /// The budget it did not fit.
    pub budget: u64,
}

/// Checks that `needed` bytes fit under `budget` (no budget: anything
/// fits).
///
/// ```
/// use tansaku::memory::check;
/// assert!(check("a small table", 1 << 20, Some(1 << 30)).is_ok());
/// let err = check("a big table", 1 << 40, Some(1 << 30)).unwrap_err();
/// assert_eq!(err.to_string(), "a big table needs about 1099.5 GB but the memory budget is 1.1 GB");
/// ```
pub fn check(what: &str, needed: u64, budget: Option<u64>) -> Result<(), MemoryError> {
    match budget {
        Some(b) if needed > b => Err(MemoryError {
            what: what.to_string(),
            needed,
            budget: b,
        }),
        _ => Ok(()),
    }
}

/// Parses a size such as `800M`, `2G`, `1.5G`, `4096` (bytes).
///
/// ```
/// assert_eq!(tansaku::memory::parse_size("2G"), Ok(2 << 30));
/// assert_eq!(tansaku::memory::parse_size("512m"), Ok(512 << 20));
/// assert!(tansaku::memory::parse_size("lots").is_err());
/// ```
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (num, mult) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        Some('T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    match num.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok((v * mult as f64) as u64),
        _ => Err(format!(
            "'{text}' is not a size: write a number with an optional K, M, G or T, e.g. 800M or 2G"
        )),
    }
}

/// A byte count for people: `419.4 MB`.
pub fn human(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= 1e9 {
        format!("{:.1} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.1} MB", b / 1e6)
    } else if b >= 1e3 {
        format!("{:.1} kB", b / 1e3)
    } else {
        format!("{bytes} B")
    }
}

/// Asks the kernel to back a large, freshly allocated (untouched) table
/// with 2 MB pages. Tables read at random (hash buckets, pattern databases)
/// otherwise also miss the TLB on almost every lookup once they outgrow it.
/// Linux with transparent huge pages in `madvise` or `always` mode; a no-op
/// elsewhere. Measured: a 3x10^8-state BFS 25% faster.
pub fn advise_huge_pages<T>(table: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let (start, len) = (table.as_ptr() as usize, std::mem::size_of_val(table));
        let first = start.next_multiple_of(HUGE);
        let end = (start + len) / HUGE * HUGE;
        if end > first {
            // SAFETY: the range lies inside `table`'s allocation; the advice
            // changes how pages are backed, never their contents.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = table;
}

/// A zeroed vector of `n` bytes whose pages are not touched yet, advised
/// to be backed by huge pages ([`advise_huge_pages`]).
pub fn huge_zeroed(n: usize) -> Vec<u8> {
    let v = vec![0u8; n];
    advise_huge_pages(&v);
    v
}
