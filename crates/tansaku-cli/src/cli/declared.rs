//! Flags built from the library's declarations ([`OptionSpec`]): each
//! option's flag, help, default shown, value name and check come from the
//! one place the library declares them; a value is parsed once, by the
//! option's kind, into the typed [`Value`] the library takes.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use tansaku::options::{Kind, OptionSpec, Question, Value};

/// Parses a flag's value by its option's kind and check.
#[derive(Clone)]
struct SpecParser(OptionSpec);

impl TypedValueParser for SpecParser {
    type Value = Value;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &std::ffi::OsStr) -> Result<Value, clap::Error> {
        let text = value.to_string_lossy();
        self.0.parse(&text).map_err(|why| {
            let flag = arg.map_or_else(|| self.0.flag_name().to_string(), |a| a.to_string());
            let mut e = clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("invalid value '{text}' for '{flag}': {why}\n"),
            );
            e = e.with_cmd(cmd);
            e
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        match self.0.kind {
            Kind::Choice { values, meanings } => Some(Box::new(values.iter().enumerate().map(move |(i, v)| {
                let p = PossibleValue::new(*v);
                match meanings.get(i) {
                    Some(m) => p.help(*m),
                    None => p,
                }
            }))),
            _ => None,
        }
    }
}

/// The flag of `spec`.
pub(crate) fn arg(spec: &OptionSpec) -> Arg {
    let mut a = Arg::new(spec.name).long(spec.flag_name()).help(spec.help);
    if spec.kind == Kind::Flag {
        return a.action(ArgAction::SetTrue);
    }
    a = a.action(ArgAction::Set).value_parser(SpecParser(spec.clone()));
    a = match spec.value_name {
        Some(v) => a.value_name(v),
        None => a.value_name(spec.flag_name().to_ascii_uppercase()),
    };
    if let Some(d) = &spec.default {
        a = a.default_value(d.clone());
    }
    a
}

/// `cmd` with a flag for each of `specs` that `question` reads.
pub(crate) fn add(mut cmd: Command, specs: &[OptionSpec], question: Question) -> Command {
    for s in specs.iter().filter(|s| s.reads(question)) {
        cmd = cmd.arg(arg(s));
    }
    cmd
}

/// The values given on the command line for `specs` that `question` reads
/// (a default shown in the help is the library's own, not given again).
pub(crate) fn given(m: &ArgMatches, specs: &[OptionSpec], question: Question) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    for s in specs.iter().filter(|s| s.reads(question)) {
        if m.value_source(s.name) != Some(ValueSource::CommandLine) {
            continue;
        }
        let v = match s.kind {
            Kind::Flag => m.get_flag(s.name).then_some(Value::Flag(true)),
            _ => m.get_one::<Value>(s.name).cloned(),
        };
        if let Some(v) = v {
            out.push((s.name, v));
        }
    }
    out
}
