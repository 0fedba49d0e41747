//! A live progress line on stderr for long work (indicatif): what is being
//! done, how far, how fast, the memory in use, and an estimate of what is
//! left where the total is known. Drawn only on a terminal; when progress
//! is asked for without one, plain lines are printed instead. Never on
//! stdout, so it never mixes with `--json`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// Whether searches without their own progress option (BFS, bidirectional,
/// counting) may show a live line once they have run for a second. Off
/// unless a front end turns it on.
static LIVE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Lets (or stops) the searches without a progress option show a live line
/// on a terminal once they have run for a second.
pub fn set_live(on: bool) {
    LIVE.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// A live line that appears once work has run for a second (when
/// [`set_live`] allows it), for searches whose length is unknown.
pub struct Lazy {
    start: std::time::Instant,
    unit: &'static str,
    shown: Option<Progress>,
}

impl Lazy {
    /// A line for `unit` (e.g. "states"), not shown yet.
    pub fn new(unit: &'static str) -> Self {
        Lazy {
            start: std::time::Instant::now(),
            unit,
            shown: None,
        }
    }

    /// `done` units so far; shows the line once a second has passed.
    pub fn update(&mut self, done: u64, what: &str) {
        if self.shown.is_none() {
            if !LIVE.load(std::sync::atomic::Ordering::Relaxed) || self.start.elapsed().as_secs_f64() < 1.0 {
                return;
            }
            self.shown = Some(Progress::new(std::io::stderr().is_terminal(), None, self.unit));
        }
        if let Some(p) = &self.shown {
            p.update(done, what);
        }
    }
}

impl Drop for Lazy {
    fn drop(&mut self) {
        if let Some(p) = &self.shown {
            p.finish();
        }
    }
}

/// A progress reporter; does nothing when disabled.
pub struct Progress {
    bar: Option<ProgressBar>,
    lines: bool,
    unit: String,
    /// The rate window: (seconds, units done) at its start, and the rate
    /// measured over the last full window.
    window: std::cell::Cell<(f64, u64, f64)>,
}

impl Progress {
    /// A reporter for `total` units of work (`None`: unknown), shown when
    /// `enabled`: a live bar on a terminal, plain lines otherwise.
    ///
    /// ```
    /// use tansaku::progress::Progress;
    /// let p = Progress::new(false, Some(100), "states");
    /// p.update(50, "level 3");
    /// p.finish();
    /// ```
    pub fn new(enabled: bool, total: Option<u64>, unit: &str) -> Self {
        let window = std::cell::Cell::new((0.0, 0, 0.0));
        if !enabled {
            return Progress {
                bar: None,
                lines: false,
                unit: String::new(),
                window,
            };
        }
        if !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                lines: true,
                unit: String::new(),
                window,
            };
        }
        let bar = match total {
            Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template(&format!(
                    "{{spinner}} {{msg}} [{{bar:24}}] {{human_pos}}/{{human_len}} {unit} ({{elapsed}}, about {{eta}} left)"
                ))
                .expect("valid template"),
            ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template(&format!("{{spinner}} {{msg}} {{human_pos}} {unit} ({{elapsed}})"))
                    .expect("valid template"),
            ),
        };
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress {
            bar: Some(bar),
            lines: false,
            unit: unit.to_string(),
            window,
        }
    }

    /// Units a second over the last second or so (the current rate, not
    /// the average since the start, which hides a slowdown); the average
    /// until a first second has passed.
    fn rate(&self, now: f64, done: u64) -> f64 {
        let (start, at_start, last) = self.window.get();
        if now - start >= 1.0 {
            let rate = done.saturating_sub(at_start) as f64 / (now - start);
            self.window.set((now, done, rate));
            rate
        } else if start == 0.0 {
            done as f64 / now.max(1e-3)
        } else {
            last
        }
    }

    /// `done` units so far; `what` says what is being done (the current
    /// rate and the memory in use are added).
    pub fn update(&self, done: u64, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            let rate = self.rate(bar.elapsed().as_secs_f64(), done);
            let rate = if rate >= 1e6 {
                format!("{:.1} M", rate / 1e6)
            } else if rate >= 1e3 {
                format!("{:.1} k", rate / 1e3)
            } else {
                format!("{rate:.0}")
            };
            let mem = crate::memory::resident_bytes()
                .map_or(String::new(), |b| format!(", {} in use", crate::memory::human(b)));
            bar.set_message(format!("{what}: {rate} {}/s{mem}", self.unit));
        }
    }

    /// A line that stays: above the live bar, or on its own.
    pub fn line(&self, text: &str) {
        if let Some(bar) = &self.bar {
            bar.println(text);
        } else if self.lines {
            eprintln!("{text}");
        }
    }

    /// Removes the live bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
