//! The command line's progress observer and memory budget: reports from
//! the library drawn as a live line on stderr (indicatif) with the current
//! rate and the memory in use, or printed as plain lines when stderr is not
//! a terminal and lines were asked for. Never on stdout, so it never mixes
//! with `--json`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tansaku::Context;
use tansaku::context::Observer;

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Show {
    /// Nothing.
    Quiet,
    /// A live line on a terminal, nothing otherwise.
    Terminal,
    /// A live line on a terminal, plain lines otherwise.
    Lines,
}

impl Show {
    /// A live line on a terminal unless `quiet`.
    pub(crate) fn unless(quiet: bool) -> Self {
        if quiet { Show::Quiet } else { Show::Terminal }
    }
}

/// The context of a command: `max_memory` (else the library's default
/// budget), the pattern databases of `pdb_dir` (else the user's cache
/// folder), and unless quiet a live line and notices on stderr.
pub(crate) fn context(max_memory: Option<u64>, show: Show, pdb_dir: Option<&std::path::Path>) -> Context {
    let mut ctx = Context::new();
    if let Some(m) = max_memory {
        ctx = ctx.with_budget(m);
    }
    if let Some(dir) = pdb_dir {
        ctx = ctx.with_tables(tansaku::context::Tables::at(dir));
    }
    if show == Show::Quiet {
        return ctx;
    }
    ctx = ctx.with_notices(Arc::new(|m: &str| eprintln!("tansaku: {m}")));
    let terminal = std::io::stderr().is_terminal();
    match show {
        Show::Terminal if !terminal => ctx,
        _ => ctx.with_observer(Arc::new(Live::new(terminal))),
    }
}

/// The advice the command line adds to an out-of-budget error.
pub(crate) fn memory_advice(e: &tansaku::memory::MemoryError) -> String {
    use tansaku::memory::Held;
    if e.held == Held::Frontier {
        return format!(
            "{e}; raise the budget with --max-memory if the machine has more, or use --algo idastar, which keeps only one path"
        );
    }
    if e.held == Held::Automaton {
        return format!(
            "{e}, and more as it grows (about three times a move); use a shorter automaton with --automaton (the default, 16 moves, takes about 2 GB to make for a 5x5 board, 14 moves 250 MB), or raise the budget with --max-memory"
        );
    }
    if e.held == Held::TwoBits {
        return format!(
            "{e}; raise the budget with --max-memory if the machine has it, or keep the table on disk with --disk DIR (it needs {} free there)",
            tansaku::memory::human(e.needed)
        );
    }
    if e.needed <= 1 << 40 {
        format!(
            "{e}; raise the budget with --max-memory {}G if the machine has it, or choose a smaller size",
            e.needed.div_ceil(1 << 30)
        )
    } else {
        format!("{e}; choose a smaller size (no --max-memory value makes room for it on one machine)")
    }
}

struct Bar {
    bar: ProgressBar,
    unit: String,
    /// The rate window: (seconds, units done) at its start, and the rate
    /// measured over the last full window.
    window: (f64, u64, f64),
}

/// A live line on a terminal, plain lines elsewhere.
pub(crate) struct Live {
    terminal: bool,
    bar: Mutex<Option<Bar>>,
}

impl Live {
    fn new(terminal: bool) -> Self {
        Live {
            terminal,
            bar: Mutex::new(None),
        }
    }
}

impl Observer for Live {
    fn begin(&self, total: Option<u64>, unit: &str) {
        if !self.terminal {
            return;
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
        let mut slot = self.bar.lock().expect("not poisoned");
        if let Some(old) = slot.take() {
            old.bar.finish_and_clear();
        }
        *slot = Some(Bar {
            bar,
            unit: unit.to_string(),
            window: (0.0, 0, 0.0),
        });
    }

    fn update(&self, done: u64, what: &str) {
        let mut slot = self.bar.lock().expect("not poisoned");
        let Some(b) = slot.as_mut() else { return };
        b.bar.set_position(done);
        // Units a second over the last second or so (the current rate, not
        // the average since the start, which hides a slowdown).
        let now = b.bar.elapsed().as_secs_f64();
        let (start, at_start, last) = b.window;
        let rate = if now - start >= 1.0 {
            let r = done.saturating_sub(at_start) as f64 / (now - start);
            b.window = (now, done, r);
            r
        } else if start == 0.0 {
            done as f64 / now.max(1e-3)
        } else {
            last
        };
        let rate = if rate >= 1e6 {
            format!("{:.1} M", rate / 1e6)
        } else if rate >= 1e3 {
            format!("{:.1} k", rate / 1e3)
        } else {
            format!("{rate:.0}")
        };
        let mem = tansaku::memory::resident_bytes()
            .map_or(String::new(), |x| format!(", {} in use", tansaku::memory::human(x)));
        b.bar.set_message(format!("{what}: {rate} {}/s{mem}", b.unit));
    }

    fn note(&self, text: &str) {
        let slot = self.bar.lock().expect("not poisoned");
        match slot.as_ref() {
            Some(b) => b.bar.println(text),
            None if !self.terminal => eprintln!("{text}"),
            None => {}
        }
    }

    fn end(&self) {
        if let Some(b) = self.bar.lock().expect("not poisoned").take() {
            b.bar.finish_and_clear();
        }
    }
}
