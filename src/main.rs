//! The `tansaku` command line. A thin layer: parse, call the library, print.

mod cli;

use clap::Parser;
use cli::{Cli, Command, Failure, LongestPuzzle, SolvePuzzle};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Cli::parse();
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
