//! Why a question could not be answered: [`RunError`], typed, with a short
//! name of its kind for machines ([`RunError::kind`]). The messages say
//! what is wrong and what to write instead, and never name a command-line
//! flag; each front end adds its own advice.

use tansaku_core::search::SearchError;

/// Why a question could not be answered. The messages say what is wrong
/// and what to write instead, and never name a command-line flag.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// An option's value (a board, a size, a name) is not valid for the
    /// game.
    #[error("{0}")]
    BadInput(String),
    /// The value of the option or setting named `option` is not valid,
    /// and why (a partition that does not cover the board, a table budget
    /// no table fits): a front end knows which of its flags to name.
    #[error("{why}")]
    BadValue {
        /// The option or setting (`partition`, `table-memory`).
        option: &'static str,
        /// What is wrong, whole.
        why: String,
    },
    /// A question in JSON ([`crate::ask`]) cannot be read.
    #[error("{0}")]
    BadJson(String),
    /// No game has this name.
    #[error("'{name}' is neither a built-in puzzle ({}) nor a definition{}", .known.join(", "), .place)]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The games there are.
        known: Vec<String>,
        /// Where definitions were looked for (` in puzzles`), or nothing.
        place: String,
    },
    /// The game has no option of this name.
    #[error("{game} has no option '{option}'; its options are {}", if .known.is_empty() { "none".to_string() } else { .known.join(", ") })]
    UnknownOption {
        /// The game.
        game: String,
        /// The option given.
        option: String,
        /// The options it has.
        known: Vec<String>,
    },
    /// An option's value is not of its kind.
    #[error("{option} = '{value}': write {expected}")]
    BadOption {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What a value looks like.
        expected: String,
    },
    /// A definition's text has a mistake.
    #[error(transparent)]
    Definition(#[from] tansaku_define::DefError),
    /// The game does not answer this question (a whole-space analysis of
    /// the water jugs).
    #[error("{0}")]
    Unsupported(String),
    /// A parity or counting argument shows the goal cannot be reached;
    /// nothing was searched. [`crate::Game::solve`] answers it as a
    /// [`crate::answer::NoSolution`].
    #[error("{0}")]
    Unreachable(String),
    /// Tables (pattern databases) cannot be kept where asked.
    #[error("{0}")]
    Tables(String),
    /// The search ended without an answer.
    #[error(transparent)]
    Search(#[from] SearchError),
}

impl RunError {
    /// A short name of the error's kind, for machines: `bad-input`,
    /// `unknown-game`, `unknown-option`, `bad-option`, `bad-definition`,
    /// `bad-json`, `unsupported`, `unreachable`, `tables`, `over-budget`,
    /// `checkpoint`,
    /// `cancelled`, `time-limit`, `depth-limit`, `unsolvable`.
    ///
    /// ```
    /// use tansaku::RunError;
    /// assert_eq!(RunError::BadInput("x".into()).kind(), "bad-input");
    /// ```
    pub fn kind(&self) -> &'static str {
        use tansaku_core::context::Stop;
        match self {
            RunError::BadInput(_) | RunError::BadValue { .. } => "bad-input",
            RunError::BadJson(_) => "bad-json",
            RunError::UnknownGame { .. } => "unknown-game",
            RunError::UnknownOption { .. } => "unknown-option",
            RunError::BadOption { .. } => "bad-option",
            RunError::Definition(_) => "bad-definition",
            RunError::Unsupported(_) | RunError::Search(SearchError::Unsupported(_)) => "unsupported",
            RunError::Unreachable(_) => "unreachable",
            RunError::Tables(_) => "tables",
            RunError::Search(SearchError::OverBudget(_)) => "over-budget",
            RunError::Search(SearchError::Checkpoint(_)) => "checkpoint",
            RunError::Search(SearchError::Stopped(Stop::Cancelled)) => "cancelled",
            RunError::Search(SearchError::Stopped(Stop::Deadline)) => "time-limit",
            RunError::Search(SearchError::DepthLimit { .. }) => "depth-limit",
            RunError::Search(SearchError::Unsolvable { .. }) => "unsolvable",
        }
    }
}

impl RunError {
    /// The HTTP status a server answers this error with: 422 for what
    /// the question asked past the server's limits (memory, time, tables,
    /// checkpoints), 409 for a cancelled job, 400 for everything else
    /// (the question itself is wrong).
    ///
    /// ```
    /// use tansaku::RunError;
    /// assert_eq!(RunError::BadInput("x".into()).status(), 400);
    /// ```
    pub fn status(&self) -> u16 {
        match self.kind() {
            "over-budget" | "time-limit" | "tables" | "checkpoint" => 422,
            "cancelled" => 409,
            _ => 400,
        }
    }

    /// The error as every front end but the command line returns it.
    ///
    /// ```
    /// let body = tansaku::RunError::BadInput("no such board".into()).body();
    /// assert_eq!(serde_json::to_string(&body).unwrap(), r#"{"error":"no such board","kind":"bad-input"}"#);
    /// ```
    pub fn body(&self) -> ErrorBody {
        ErrorBody::new(self.kind(), self.to_string())
    }
}

/// An error as the server and the page's worker return it: what went
/// wrong, and a short name of its kind for machines (the names of
/// [`RunError::kind`], and the front end's own: `busy`, `host`,
/// `not-found`, `too-large`, ...).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ErrorBody {
    /// What went wrong, and what to do instead.
    pub error: String,
    /// Its kind.
    pub kind: String,
}

impl ErrorBody {
    /// An error of `kind` saying `message`.
    pub fn new(kind: &str, message: impl Into<String>) -> Self {
        ErrorBody {
            error: message.into(),
            kind: kind.to_string(),
        }
    }

    /// The body as JSON.
    pub fn json(&self) -> String {
        serde_json::to_string(self).expect("an error body serializes")
    }
}
