//! Memory planning: estimate a table before allocating it and refuse with a
//! clear message when it would not fit, instead of being killed.

/// A table that would not fit the memory budget.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{what} needs about {} but the memory budget is {}", human(*.needed), human(*.budget))]
pub struct MemoryError {
    /// What was to be allocated.
    pub what: String,
    /// What kind of memory it is, so that a front end can say what to do
    /// without reading `what`.
    pub held: Held,
    /// Its estimated size in bytes.
    pub needed: u64,
    /// The budget it did not fit.
    pub budget: u64,
}

/// Checks that `needed` bytes fit under `budget` (no budget: anything
/// fits).
///
/// ```
/// use tansaku_core::memory::check;
/// assert!(check("a small table", 1 << 20, Some(1 << 30)).is_ok());
/// let err = check("a big table", 1 << 40, Some(1 << 30)).unwrap_err();
/// assert_eq!(err.to_string(), "a big table needs about 1099.5 GB but the memory budget is 1.1 GB");
/// ```
pub fn check(what: &str, needed: u64, budget: Option<u64>) -> Result<(), MemoryError> {
    check_held(what, Held::Table, needed, budget)
}

/// What a refused allocation holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Held {
    /// A table of a size known before it is built.
    #[default]
    Table,
    /// The positions a breadth-first or bidirectional search stores as it
    /// goes (a search that keeps only its path needs none).
    Frontier,
    /// A distance table at two bits a position (it may be kept on disk).
    TwoBits,
    /// A sliding puzzle's move pruning automaton (a shorter one needs less).
    Automaton,
}

/// [`check`] of an allocation that holds `held`.
///
/// ```
/// use tansaku_core::memory::{Held, check_held};
/// let e = check_held("a search's positions", Held::Frontier, 1 << 30, Some(1 << 20)).unwrap_err();
/// assert_eq!(e.held, Held::Frontier);
/// ```
pub fn check_held(what: &str, held: Held, needed: u64, budget: Option<u64>) -> Result<(), MemoryError> {
    match budget {
        Some(b) if needed > b => Err(MemoryError {
            what: what.to_string(),
            held,
            needed,
            budget: b,
        }),
        _ => Ok(()),
    }
}

/// Parses a size such as `800M`, `2G`, `1.5G`, `4096` (bytes).
///
/// ```
/// assert_eq!(tansaku_core::memory::parse_size("2G"), Ok(2 << 30));
/// assert_eq!(tansaku_core::memory::parse_size("512m"), Ok(512 << 20));
/// assert!(tansaku_core::memory::parse_size("lots").is_err());
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

/// Asks for the cache line holding `x` ahead of its use (a hint: it never
/// faults nor changes memory). Lookups into tables far larger than the
/// caches compute every address first and prefetch them, so that their
/// misses overlap instead of queueing.
#[inline(always)]
pub fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of every x86_64 target, and a prefetch of a live
    // value's address only hints the cache.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(std::ptr::from_ref(x).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// The bytes of `v` as atomics, for threads that fill one table together
/// (each byte read and changed whole; a breadth-first search's threads
/// clear the four bits of a newly reached entry with `fetch_and`).
///
/// ```
/// use std::sync::atomic::Ordering::Relaxed;
/// let mut v = vec![0xFFu8; 4];
/// let cells = tansaku_core::memory::atomic_bytes(&mut v);
/// cells[1].fetch_and(0xF3, Relaxed);
/// assert_eq!(v, [0xFF, 0xF3, 0xFF, 0xFF]);
/// ```
pub fn atomic_bytes(v: &mut [u8]) -> &[std::sync::atomic::AtomicU8] {
    // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`
    // (its documentation says so), and the exclusive borrow of `v` keeps
    // every non-atomic access out while the atomics live.
    unsafe { &*(std::ptr::from_mut(v) as *const [std::sync::atomic::AtomicU8]) }
}

/// The items of `items` in a vector advised to be backed by huge pages
/// before they are written ([`advise_huge_pages`] has no effect on pages
/// already touched: the MoonSpinner's 11.5 GB two-bit table, filled first
/// and advised after, had 160 MB of it in huge pages).
///
/// ```
/// use rayon::prelude::*;
/// let v = tansaku_core::memory::huge_collect((0..1000u32).into_par_iter().map(|i| i * 2));
/// assert_eq!((v.len(), v[999]), (1000, 1998));
/// ```
pub fn huge_collect<T: Send>(items: impl rayon::iter::IndexedParallelIterator<Item = T>) -> Vec<T> {
    use rayon::iter::ParallelExtend;
    let mut v = Vec::with_capacity(items.len());
    advise_huge_pages(v.spare_capacity_mut());
    v.par_extend(items);
    v
}

/// A zeroed vector of `n` bytes whose pages are not touched yet, advised
/// to be backed by huge pages ([`advise_huge_pages`]).
pub fn huge_zeroed(n: usize) -> Vec<u8> {
    let v = vec![0u8; n];
    advise_huge_pages(&v);
    v
}

/// Bytes of memory the system can still hand out, where the platform says:
/// `MemAvailable` of `/proc/meminfo` on Linux, the physical memory on
/// other Unix systems; `None` elsewhere.
pub fn available_bytes() -> Option<u64> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
    #[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
    {
        // SAFETY: sysconf reads a system setting and has no preconditions.
        let (pages, size) = unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
        (pages > 0 && size > 0).then(|| pages as u64 * size as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Bytes of memory this process uses (its resident set), where the
/// platform says (`/proc/self/statm` on Linux).
pub fn resident_bytes() -> Option<u64> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let text = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
        Some(pages * 4096)
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        None
    }
}

/// The memory budget work gets when nobody sets one: 3/4 of what the
/// system can hand out now ([`available_bytes`]); in WebAssembly, whose
/// address space is 4 GiB, 2 GiB; elsewhere, 4 GiB.
///
/// ```
/// let b = tansaku_core::memory::default_budget();
/// assert!(b > 0);
/// ```
pub fn default_budget() -> u64 {
    if cfg!(target_family = "wasm") {
        return 2 << 30;
    }
    available_bytes().map_or(4 << 30, |a| a / 4 * 3)
}

/// Writes `parts` one after the other into `path` through `temp` (a file
/// in the same folder): written, synced, then renamed into place, so that
/// a reader never sees half a file; the temporary file is removed on
/// failure.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("tansaku-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("t.bin");
/// tansaku_core::memory::write_whole(&path, &dir.join(".t.tmp"), &[b"ab", b"cd"]).unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"abcd");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[cfg(feature = "files")]
pub fn write_whole(path: &std::path::Path, temp: &std::path::Path, parts: &[&[u8]]) -> std::io::Result<()> {
    use std::io::Write;
    let written = (|| {
        let mut file = std::fs::File::create(temp)?;
        for p in parts {
            file.write_all(p)?;
        }
        file.sync_all()?;
        std::fs::rename(temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(temp);
    }
    written
}
