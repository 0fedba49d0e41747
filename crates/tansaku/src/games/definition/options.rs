//! A definition's options, declared once: its start, its metric, and how
//! its IDA* builds and reads its tables.

use crate::options::{BOTH, Kind, LONGEST, OptionSpec, Params, Question};
pub(super) use crate::{Request, RunError};
use tansaku_core::context::Context;
use tansaku_define::Definition;
use tansaku_define::prune;

/// A `.tws` definition's start set for `longest` (twsearch #112): the
/// distances counted over it alone ([`analyse`]).
pub fn from_option() -> OptionSpec {
    OptionSpec::new(
        "from",
        Kind::Text,
        None,
        "For a .tws puzzle: God's number from a start set to the solved set, e.g. the cube with its cross solved: \"EDGE 1 2 3 4 0 0 0 0 0 0 0 0 / 0 0 0 0 ? ? ? ? ? ? ? ?\". Written set by set as positions are: pieces sharing a number are alike, ? is any orientation, a set left out is anything",
    )
    .read_by(LONGEST)
    .value_name("STATE")
}

/// Whether `longest` keeps a slot a class of symmetric positions of a
/// `.tws` puzzle ([`analyse`]) or one a position.
fn symmetry_option() -> OptionSpec {
    OptionSpec::new(
        "symmetry",
        Kind::choice(&["auto", "on", "off"]),
        Some("auto"),
        "For a .tws puzzle with symmetries: auto keeps a slot a class of symmetric positions where that is faster or the positions do not fit; on keeps a slot a class wherever the symmetries allow (the least memory); off keeps a slot a position (as many times the memory as it has symmetries)",
    )
    .read_by(LONGEST)
}

/// The options `longest` reads of a definition beside its metric (the
/// command line's flags for them): its start set and its symmetry.
pub fn longest_options() -> Vec<OptionSpec> {
    vec![from_option(), symmetry_option()]
}

/// The options of a definition: its start, its metric, and how its IDA*
/// builds and reads its tables.
pub fn definition_options(def: &Definition) -> Vec<OptionSpec> {
    let board_help = match def {
        Definition::Blocks(_) => {
            "Start position: a board written as in the file (rows separated by /); default: the file's start"
        }
        Definition::Tws(_) => {
            "Start position: a scramble of the puzzle's moves such as \"R U2 F'\", or a position written set by set as tansaku prints it, \"CORNER 2 1 3 ... / 0 1 2 ... | EDGE ...\"; default: the file's start"
        }
    };
    vec![
        OptionSpec::new("board", Kind::Board, None, board_help),
        OptionSpec::new(
            "metric",
            Kind::choice(def.metrics()),
            Some(def.metric()),
            "Metric: step or piece (blocks), htm or qtm (.tws); default: the file's (blocks) or htm",
        )
        .read_by(BOTH),
        OptionSpec::new(
            "table-memory",
            Kind::Bytes,
            None,
            "Bytes of pattern databases IDA* may build for a .tws puzzle, e.g. 4G (default: a quarter of the memory budget, at most 1G)",
        )
        .value_name("SIZE"),
        crate::games::sliding::automaton_option(),
        from_option(),
        symmetry_option(),
        OptionSpec::new(
            "symmetric-lookups",
            Kind::Int { min: 0, max: 64 },
            None,
            "For a .tws puzzle whose tables keep part of a set: how many further lookups of each table IDA* makes on symmetric images of a position (0 to turn them off)",
        ),
        OptionSpec::new(
            "symmetric-start",
            Kind::choice(&["on", "off"]),
            Some("on"),
            "For a .tws puzzle whose start some of its symmetries fix (the superflip): IDA* tries one move of each class of moves they exchange (off searches them all)",
        ),
    ]
}

/// The table budget of a request: its `table-memory` option, else the
/// library's default.
pub(super) fn table_budget(o: &Params, ctx: &Context) -> u64 {
    o.int("table-memory").unwrap_or_else(|| prune::default_budget(ctx))
}

/// A request's options read against a definition's declarations.
pub(super) fn params<'a>(def: &Definition, req: &'a Request, question: Question) -> Result<Params<'a>, RunError> {
    Params::read(def.name(), &definition_options(def), question, req)
}
