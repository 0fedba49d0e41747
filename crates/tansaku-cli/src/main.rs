//! The `tansaku` command line. A thin layer: parse, call the library, print.

mod cli;
#[cfg(feature = "serve")]
mod server;

use clap::Parser;
use cli::{Cli, Command, Failure, LongestCmd, LongestPuzzle, PdbCommand, SolveCmd, SolvePuzzle};
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let args = Cli::parse();
    if let Some(exit) = cli::launcher::check(std::env::args().any(|a| a == "--mpi")) {
        return exit;
    }
    let result = match &args.command {
        Command::Solve(SolveCmd { puzzle: Some(p), def }) => match p {
            SolvePuzzle::FlipRow(a) => cli::solve::flip_row(a),
            SolvePuzzle::FlipSquare(a) => cli::solve::flip_square(a),
            SolvePuzzle::Sliding(a) => cli::solve::sliding(a),
            SolvePuzzle::Line(a) => cli::solve::line(a),
            SolvePuzzle::Knights(a) => cli::solve::knights(a),
            SolvePuzzle::Jugs(a) => cli::solve::jugs(a),
            SolvePuzzle::River(a) => cli::solve::river(a),
            SolvePuzzle::Named(args) => cli::define::solve(Some(args), def),
        },
        Command::Solve(SolveCmd { puzzle: None, def }) => cli::define::solve(None, def),
        Command::Longest(LongestCmd { puzzle: Some(p), def }) => match p {
            LongestPuzzle::FlipRow(a) => cli::solve::longest_flip_row(a),
            LongestPuzzle::FlipSquare(a) => cli::solve::longest_flip_square(a),
            LongestPuzzle::Sliding(a) => cli::solve::longest_sliding(a),
            LongestPuzzle::Line(a) => cli::solve::longest_line(a),
            LongestPuzzle::Named(args) => cli::define::longest(Some(args), def),
        },
        Command::Longest(LongestCmd { puzzle: None, def }) => cli::define::longest(None, def),
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
