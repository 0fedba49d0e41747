//! Runs killed on an event, not on a clock. A test starts the command,
//! watches the files it writes and kills it (SIGKILL, no chance to clean
//! up) the moment a condition on them holds: the same kills happen on a
//! machine ten times as fast as this one or ten times as slow, and a run
//! that ends before its event says so instead of proving less.

use std::collections::BTreeSet;
use std::fs::File;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// How a watched run ended: killed at its event, or by itself first.
pub(crate) struct Watched {
    /// Killed by the test (SIGKILL), not ended by itself.
    pub(crate) killed: bool,
    /// What it wrote to standard output and error, and how it ended.
    pub(crate) output: Output,
}

impl Watched {
    /// Its standard error, as text.
    pub(crate) fn err(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }
}

/// Runs `cmd` and kills it the first time `event` holds (polled every
/// millisecond or two), or lets it end by itself if it ends first. The
/// run has a lower priority than its watcher (nice 10): on a busy
/// machine it gives way to the watcher, so that a watcher kept waiting
/// does not find the run long past its event, and still goes on beside a
/// busy job (a tenth of a processor against a program that takes one).
/// Its output goes to files, not pipes, so a run is never stalled by a
/// pipe nobody reads. Ten minutes without the event or the end fail the
/// test: a hung run, not a slow machine (the runs watched here take
/// seconds).
pub(crate) fn kill_when(cmd: &mut Command, mut event: impl FnMut() -> bool) -> Watched {
    use std::os::unix::process::CommandExt;
    let folder = tempfile::tempdir().unwrap();
    let file = |name| File::create(folder.path().join(name)).unwrap();
    // SAFETY: setpriority(2) is async-signal-safe and takes plain
    // integers; the child calls it between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::setpriority(libc::PRIO_PROCESS, 0, 10);
            Ok(())
        });
    }
    let mut child = cmd.stdout(file("out")).stderr(file("err")).spawn().unwrap();
    let clock = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if event() {
            // A run that ended between the two looks is reaped here with
            // its own status, not counted as killed.
            let _ = child.kill();
            break child.wait().unwrap();
        }
        assert!(
            clock.elapsed() < Duration::from_secs(600),
            "neither the event nor the end in ten minutes: {:?}",
            cmd.get_args().collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(1));
    };
    let read = |name| std::fs::read(folder.path().join(name)).unwrap();
    Watched {
        killed: status.signal() == Some(libc::SIGKILL),
        output: Output {
            status,
            stdout: read("out"),
            stderr: read("err"),
        },
    }
}

/// One generation of a file: its inode, time written and size. A
/// checkpoint is written to a temporary file and renamed over the last
/// one, so each write is a new inode: two stamps differ whenever a write
/// came between them.
#[allow(dead_code)]
pub(crate) type Stamp = (u64, i64, i64, u64);

/// The stamp of the file at `path`, if there is one.
pub(crate) fn stamp(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.ino(), m.mtime(), m.mtime_nsec(), m.len()))
}

/// Every checkpoint (`.ckpt`) in `folder` or below, with its stamp: a
/// checkpoint written later is one not in an earlier set.
pub(crate) fn stamps(folder: &Path) -> BTreeSet<(PathBuf, Stamp)> {
    files(folder, "ckpt")
}

/// Every temporary file (`.tmp`) in `folder` or below, with its stamp: a
/// checkpoint being written, or one whose write was cut short.
#[allow(dead_code)]
pub(crate) fn temporaries(folder: &Path) -> BTreeSet<(PathBuf, Stamp)> {
    files(folder, "tmp")
}

/// Every file named `*.ext` in `folder` or below, with its stamp.
fn files(folder: &Path, ext: &str) -> BTreeSet<(PathBuf, Stamp)> {
    let mut all = BTreeSet::new();
    for e in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            all.extend(files(&p, ext));
        } else if p.extension().is_some_and(|x| x == ext)
            && let Some(s) = stamp(&p)
        {
            all.insert((p, s));
        }
    }
    all
}

/// How far the IDA* checkpoint at `file` is: the iterations done and the
/// subtrees of the current one searched, read from its header (magic,
/// version, the search's description, the iterations, bound, split,
/// subtrees, seconds and the subtrees done; `checkpoint.rs` in
/// tansaku-core). `None` while there is no checkpoint.
pub(crate) fn ida_progress(file: &Path) -> Option<(u64, u64)> {
    let b = std::fs::read(file).ok()?;
    let at = |o: usize| Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?));
    let key = usize::try_from(at(16 + 4)?).ok()?;
    let its_at = 16 + 4 + 8 + key;
    let its = at(its_at)?;
    let done_at = its_at + 8 + 32 * usize::try_from(its).ok()? + 4 + 4 + 8 + 8;
    Some((its, at(done_at)?))
}
