//! The settings of a front end, declared once: not a game's options (those
//! are [`crate::options`]) but how a front end runs a question: the memory
//! budget, the table folder, a server's time limit and jobs, the output's
//! form. The command line builds its flags from these declarations (name,
//! value, help, default); a default shown in help is the constant itself.
//!
//! ```
//! use tansaku::settings::{ALL, MAX_MEMORY, TIME_LIMIT};
//! assert_eq!(MAX_MEMORY.name, "max-memory");
//! assert!(MAX_MEMORY.help.contains("3/4 of the memory"));
//! assert_eq!(TIME_LIMIT.default, Some("60"));
//! // Every name is declared once.
//! let mut names: Vec<&str> = ALL.iter().map(|s| s.name).collect();
//! names.sort_unstable();
//! names.dedup();
//! assert_eq!(names.len(), ALL.len());
//! ```

/// What a setting's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingKind {
    /// On when given, no value.
    Switch,
    /// A size in bytes, written as `800M` or `2G` ([`crate::memory::parse_size`]).
    Size,
    /// A folder.
    Folder,
    /// Seconds, a positive number.
    Seconds,
    /// A whole number, at least one.
    Count,
}

/// One setting of a front end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Its name: the flag `--NAME`, the server's and Python's field (with
    /// `_` for `-`).
    pub name: &'static str,
    /// A one-letter flag, if any.
    pub short: Option<char>,
    /// What its value is.
    pub kind: SettingKind,
    /// The value's name in help (`SIZE`, `DIR`).
    pub value_name: &'static str,
    /// What it does, and its default when it has none to show.
    pub help: &'static str,
    /// Its default, as written on the command line, when it has one.
    pub default: Option<&'static str>,
}

/// The seconds a server's job may search before it is stopped.
pub const DEFAULT_TIME_LIMIT: f64 = 60.0;

/// The memory budget.
pub const MAX_MEMORY: Setting = Setting {
    name: "max-memory",
    short: None,
    kind: SettingKind::Size,
    value_name: "SIZE",
    help: "The memory budget, e.g. 800M or 2G: tables, stored positions and pattern databases past it are refused before they are allocated (smaller pattern databases are chosen when the algorithm is left to tansaku); default: 3/4 of the memory the machine has available",
    default: None,
};

/// Where pattern databases are kept.
pub const PDB_DIR: Setting = Setting {
    name: "pdb-dir",
    short: None,
    kind: SettingKind::Folder,
    value_name: "DIR",
    help: "The pattern database folder; default: $TANSAKU_PDB_DIR, else the user's cache folder ($XDG_CACHE_HOME/tansaku or ~/.cache/tansaku)",
    default: None,
};

/// The answer as JSON.
pub const JSON: Setting = Setting {
    name: "json",
    short: None,
    kind: SettingKind::Switch,
    value_name: "",
    help: "Print the answer as JSON instead of text (docs/json.md)",
    default: None,
};

/// No progress on stderr.
pub const QUIET: Setting = Setting {
    name: "quiet",
    short: Some('q'),
    kind: SettingKind::Switch,
    value_name: "",
    help: "No progress line on stderr (drawn only on a terminal, once the work has run for a second)",
    default: None,
};

/// A server's time limit a job.
pub const TIME_LIMIT: Setting = Setting {
    name: "time-limit",
    short: None,
    kind: SettingKind::Seconds,
    value_name: "SECONDS",
    help: "Seconds a job's search may run before it is stopped (building a pattern database, done once and kept, is not counted)",
    default: Some("60"),
};

/// A server's jobs at once.
pub const JOBS: Setting = Setting {
    name: "jobs",
    short: None,
    kind: SettingKind::Count,
    value_name: "N",
    help: "Jobs that run at once (others wait their turn); default: one a core",
    default: None,
};

/// Every setting.
pub const ALL: [Setting; 6] = [MAX_MEMORY, PDB_DIR, JSON, QUIET, TIME_LIMIT, JOBS];

impl Setting {
    /// Its field name, as the server's JSON and Python write it
    /// (`max_memory`).
    ///
    /// ```
    /// assert_eq!(tansaku::settings::PDB_DIR.field(), "pdb_dir");
    /// ```
    pub fn field(&self) -> String {
        self.name.replace('-', "_")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_shown_is_the_constant() {
        let shown: f64 = TIME_LIMIT.default.unwrap().parse().unwrap();
        assert_eq!(shown, DEFAULT_TIME_LIMIT);
    }
}
