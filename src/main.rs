//! The `tansaku` command line. A thin layer: parse, call the library, print.

mod cli;

use clap::Parser;
use cli::{Cli, Command, Failure, LongestPuzzle, PdbCommand, SolvePuzzle};
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let args = Cli::parse();
    if let Command::Solve(s) = &args.command {
        tansaku::memory::set_search_limit(s.common().max_memory);
        tansaku::progress::set_live(!s.common().quiet);
    }
    if let Command::Wipeout(w) = &args.command {
        tansaku::memory::set_search_limit(w.max_memory);
        tansaku::progress::set_live(!w.quiet);
    }
    let result = match &args.command {
        Command::Solve(SolvePuzzle::FlipRow(a)) => cli::flip::solve_row(a),
        Command::Solve(SolvePuzzle::FlipSquare(a)) => cli::flip::solve_square(a),
        Command::Longest(LongestPuzzle::FlipRow(a)) => cli::flip::longest_row(a),
        Command::Longest(LongestPuzzle::FlipSquare(a)) => cli::flip::longest_square(a),
        Command::Solve(SolvePuzzle::Sliding(a)) => cli::sliding::solve_sliding(a),
        Command::Solve(SolvePuzzle::Line(a)) => cli::sliding::solve_line(a),
        Command::Longest(LongestPuzzle::Sliding(a)) => cli::sliding::longest_sliding(a),
        Command::Longest(LongestPuzzle::Line(a)) => cli::sliding::longest_line(a),
        Command::Solve(SolvePuzzle::Knights(a)) => cli::classics::solve_knights(a),
        Command::Solve(SolvePuzzle::Jugs(a)) => cli::classics::solve_jugs(a),
        Command::Solve(SolvePuzzle::River(a)) => cli::classics::solve_river(a),
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
