//! The `tansaku` command line. A thin layer: parse, call the library, print.
//!
//! * `cli`: the commands. `cli/mod.rs` holds the top-level parser;
//!   `games.rs` builds `solve GAME`, `longest GAME` and `judge GAME` from the games'
//!   declared options (`declared.rs` turns a declaration into a clap
//!   argument); `solve.rs`, `define.rs` (`check`), `pdb.rs`, `reversi.rs`
//!   (`perft`, `wipeout`) and `tour.rs` ask the library and print;
//!   `report.rs` renders answers as text, `live.rs` shows progress,
//!   `launcher.rs` and `processes.rs` start and join MPI jobs (the `mpi`
//!   feature).
//! * `server` (the `serve` feature): `tansaku serve`, the JSON API and the
//!   page: `api.rs` (routes), `jobs.rs` (long questions, their progress
//!   and cancel), `reply.rs` (answers and errors as HTTP), `assets.rs`
//!   (the page's files).

mod cli;
#[cfg(feature = "serve")]
mod server;

use clap::Parser;
use cli::{Cli, Command, Failure, JudgeArgs, LongestArgs, PdbCommand, SolveArgs, TraceArgs};
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let args = Cli::parse();
    if let Some(exit) = cli::launcher::check(std::env::args().any(|a| a == "--mpi")) {
        return exit;
    }
    let result = match &args.command {
        Command::Solve(SolveArgs(a)) => cli::solve::solve(a),
        Command::Longest(LongestArgs(a)) => cli::solve::longest(a),
        Command::Judge(JudgeArgs(a)) => cli::solve::judge(a),
        Command::Trace(TraceArgs(a)) => cli::solve::trace(a),
        Command::Check(a) => cli::define::check(a),
        Command::Tour(a) => cli::tour::tour(a),
        Command::Perft(a) => cli::reversi::perft(a),
        Command::Wipeout(a) => cli::reversi::wipeout(a),
        Command::Pdb(PdbCommand::Build(a)) => cli::pdb::build(a),
        Command::Pdb(PdbCommand::Choose(a)) => cli::pdb::choose(a),
        Command::Pdb(PdbCommand::List(a)) => cli::pdb::list(a),
        Command::Pdb(PdbCommand::Clear(a)) => cli::pdb::clear(a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => server::serve(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::NoSolution(why)) => {
            eprintln!("tansaku: {why}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(why)) => {
            eprintln!("tansaku: {why}");
            ExitCode::from(2)
        }
        Err(Failure::Differs) => ExitCode::from(1),
    }
}

/// `tansaku ... | head` closes stdout early; then stop quietly, as other
/// command-line tools do, instead of reporting a panic.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
