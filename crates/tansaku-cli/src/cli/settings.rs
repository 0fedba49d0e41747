//! The flags of the library's settings ([`tansaku::settings`]): each
//! built from its declaration (name, value, help, default), so that a
//! setting every command takes is declared once. A command takes one as a
//! flattened [`Set`].

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use std::marker::PhantomData;
use std::path::PathBuf;
use tansaku::settings::{JOBS, JSON, MAX_MEMORY, PDB_DIR, QUIET, Setting, SettingKind, TIME_LIMIT};

/// The flag of `s`.
pub(crate) fn flag(s: &Setting) -> Arg {
    let mut a = Arg::new(s.name).long(s.name).help(s.help);
    if let Some(c) = s.short {
        a = a.short(c);
    }
    if s.kind == SettingKind::Switch {
        return a.action(ArgAction::SetTrue);
    }
    a = a.action(ArgAction::Set).value_name(s.value_name);
    a = match s.kind {
        SettingKind::Size => a.value_parser(tansaku::memory::parse_size),
        SettingKind::Folder => a.value_parser(clap::value_parser!(PathBuf)),
        SettingKind::Seconds => a.value_parser(clap::value_parser!(f64)),
        SettingKind::Count => a.value_parser(clap::value_parser!(usize)),
        SettingKind::Switch => a,
    };
    match s.default {
        Some(d) => a.default_value(d),
        None => a,
    }
}

/// A setting a command takes, and the type of its value.
pub(crate) trait Declares {
    /// Its declaration.
    const SETTING: Setting;
    /// Its value as a command reads it.
    type Value: Clone + std::fmt::Debug + Send + Sync + 'static;
    /// The value given (or its default).
    fn read(m: &ArgMatches) -> Self::Value;
}

/// The value of setting `D`, as a command's arguments hold it.
pub(crate) struct Set<D: Declares>(pub D::Value, PhantomData<D>);

impl<D: Declares> std::fmt::Debug for Set<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={:?}", D::SETTING.name, self.0)
    }
}

impl<D: Declares> Clone for Set<D> {
    fn clone(&self) -> Self {
        Set(self.0.clone(), PhantomData)
    }
}

impl<D: Declares> FromArgMatches for Set<D> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Set(D::read(m), PhantomData))
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.0 = D::read(m);
        Ok(())
    }
}

impl<D: Declares> Args for Set<D> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(flag(&D::SETTING))
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// Reads a switch.
fn switch(m: &ArgMatches, s: &Setting) -> bool {
    m.try_get_one::<bool>(s.name).ok().flatten().copied().unwrap_or(false)
}

/// Reads a value of type `T`.
fn value<T: Clone + Send + Sync + 'static>(m: &ArgMatches, s: &Setting) -> Option<T> {
    m.try_get_one::<T>(s.name).ok().flatten().cloned()
}

/// `--max-memory`.
pub(crate) struct MaxMemory;
impl Declares for MaxMemory {
    const SETTING: Setting = MAX_MEMORY;
    type Value = Option<u64>;
    fn read(m: &ArgMatches) -> Option<u64> {
        value(m, &MAX_MEMORY)
    }
}

/// `--pdb-dir`.
pub(crate) struct PdbDir;
impl Declares for PdbDir {
    const SETTING: Setting = PDB_DIR;
    type Value = Option<PathBuf>;
    fn read(m: &ArgMatches) -> Option<PathBuf> {
        value(m, &PDB_DIR)
    }
}

/// `--json`.
pub(crate) struct Json;
impl Declares for Json {
    const SETTING: Setting = JSON;
    type Value = bool;
    fn read(m: &ArgMatches) -> bool {
        switch(m, &JSON)
    }
}

/// `--quiet`.
pub(crate) struct Quiet;
impl Declares for Quiet {
    const SETTING: Setting = QUIET;
    type Value = bool;
    fn read(m: &ArgMatches) -> bool {
        switch(m, &QUIET)
    }
}

/// `--time-limit`.
pub(crate) struct TimeLimit;
impl Declares for TimeLimit {
    const SETTING: Setting = TIME_LIMIT;
    type Value = f64;
    fn read(m: &ArgMatches) -> f64 {
        value(m, &TIME_LIMIT).unwrap_or(tansaku::settings::DEFAULT_TIME_LIMIT)
    }
}

/// `--jobs`.
pub(crate) struct Jobs;
impl Declares for Jobs {
    const SETTING: Setting = JOBS;
    type Value = Option<usize>;
    fn read(m: &ArgMatches) -> Option<usize> {
        value(m, &JOBS)
    }
}
