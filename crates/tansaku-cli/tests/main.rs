//! The `tansaku` command and `tansaku serve`: the JSON, text and exit-code
//! contract, every answer equal to the library's, pictures rendered to
//! pixels, checkpoints surviving SIGKILL, the server over real HTTP, and
//! (with `--features mpi`) runs across the processes of an MPI job. One
//! binary; shared helpers in `support/`.

mod support;

mod cli;
mod cli_fifteen;
mod definitions;
mod flags;
mod front_door;
mod fuzz_inputs;
mod ida_checkpoint;
#[cfg(feature = "mpi")]
mod mpi;
mod pictures;
mod serve;
mod tidy;
