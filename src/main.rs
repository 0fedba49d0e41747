//! The `tansaku` command line. A thin layer: parse, call the library, print.

mod cli;

use clap::Parser;
use cli::{Cli, Command, Failure, LongestCmd, LongestPuzzle, PdbCommand, SolveCmd, SolvePuzzle};
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let args = Cli::parse();
    let result = match &args.command {
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::FlipRow(a)),
            ..
        }) => cli::flip::solve_row(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::FlipSquare(a)),
            ..
        }) => cli::flip::solve_square(a),
        Command::Longest(LongestCmd {
            puzzle: Some(LongestPuzzle::FlipRow(a)),
            ..
        }) => cli::flip::longest_row(a),
        Command::Longest(LongestCmd {
            puzzle: Some(LongestPuzzle::FlipSquare(a)),
            ..
        }) => cli::flip::longest_square(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::Sliding(a)),
            ..
        }) => cli::sliding::solve_sliding(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::Line(a)),
            ..
        }) => cli::sliding::solve_line(a),
        Command::Longest(LongestCmd {
            puzzle: Some(LongestPuzzle::Sliding(a)),
            ..
        }) => cli::sliding::longest_sliding(a),
        Command::Longest(LongestCmd {
            puzzle: Some(LongestPuzzle::Line(a)),
            ..
        }) => cli::sliding::longest_line(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::Knights(a)),
            ..
        }) => cli::classics::solve_knights(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::Jugs(a)),
            ..
        }) => cli::classics::solve_jugs(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::River(a)),
            ..
        }) => cli::classics::solve_river(a),
        Command::Solve(SolveCmd {
            puzzle: Some(SolvePuzzle::Named(args)),
            ..
        }) => cli::define::solve_named(args),
        Command::Solve(SolveCmd { puzzle: None, def }) => cli::define::solve(def, None),
        Command::Longest(LongestCmd {
            puzzle: Some(LongestPuzzle::Named(args)),
            ..
        }) => cli::define::longest_named(args),
        Command::Longest(LongestCmd { puzzle: None, def }) => cli::define::longest(def, None),
        Command::Check(a) => cli::define::check(a),
        Command::Tour(a) => cli::tour::tour(a),
        Command::Perft(a) => cli::reversi::perft(a),
        Command::Wipeout(a) => cli::reversi::wipeout(a),
        Command::Pdb(PdbCommand::Build(a)) => cli::pdb::build(a),
        Command::Pdb(PdbCommand::List(a)) => cli::pdb::list(a),
        Command::Pdb(PdbCommand::Clear(a)) => cli::pdb::clear(a),
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
