//! A definition as a [`Game`]: its options, and each question answered.

use super::analyse::analyse;
use super::check::summary;
use super::defined::Defined;
use super::options::definition_options;
use super::options::params;
use super::solve::{planned, solve};
use super::tables::warm;
use crate::answer::{Cells, Judgement, Position};
use crate::games::common::{Here, JUDGE_TABLE_STATES, judge_by_table, judge_with};
use crate::options::{OptionSpec, Question};
use crate::{Game, settle};
pub(super) use crate::{Longest, Request, RunError, SolveAnswer};
use std::fmt::Display;
use tansaku_core::context::Context;
use tansaku_core::picture::Picture;
use tansaku_core::render::Board;

use tansaku_core::Puzzle;
use tansaku_define::Cells as Fixed;
use tansaku_define::blocks::{Blocks, Grid};
use tansaku_define::tws::{Heap, Perm};
use tansaku_define::{Definition, Src};

/// A definition as a game of the front door: its text kept, so that the
/// `metric` option reads it again in another metric.
///
/// ```
/// use tansaku::define::Src;
/// use tansaku::games::definition::DefinedGame;
/// use tansaku::{Game, Request};
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n";
/// let g = DefinedGame::parse(&Src::new("swap.toml", text)).unwrap();
/// let s = g.solve(&Request::default().with("metric", "piece"), &tansaku::Context::new()).unwrap().unwrap();
/// assert_eq!((s.length, s.metric.as_deref()), (3, Some("piece")));
/// assert!(g.solve(&Request::default().with("metric", "htm"), &tansaku::Context::new()).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct DefinedGame {
    src: Src,
    def: Definition,
}

impl DefinedGame {
    /// Parses a definition's text.
    pub fn parse(src: &Src) -> Result<Self, RunError> {
        Ok(DefinedGame {
            def: Definition::parse(src, None)?,
            src: src.clone(),
        })
    }

    /// Reads and parses a definition file.
    pub fn load(path: &std::path::Path) -> Result<Self, RunError> {
        Self::parse(&Src::read(path)?)
    }

    /// The definition in the file's metric.
    pub fn definition(&self) -> &Definition {
        &self.def
    }

    /// The definition's text.
    pub fn source(&self) -> &Src {
        &self.src
    }

    /// The definition in the request's metric (the file's when none is
    /// asked for).
    fn in_metric(&self, req: &Request) -> Result<std::borrow::Cow<'_, Definition>, RunError> {
        let o = self.params(req, Question::Solve)?;
        match o.given("metric") {
            Some(m) if m != self.def.metric() => Ok(std::borrow::Cow::Owned(Definition::parse(&self.src, Some(m))?)),
            _ => Ok(std::borrow::Cow::Borrowed(&self.def)),
        }
    }
}

impl Game for DefinedGame {
    fn name(&self) -> &str {
        self.def.name()
    }

    fn summary(&self) -> String {
        summary(&self.def)
    }

    fn options(&self) -> Vec<OptionSpec> {
        definition_options(&self.def)
    }

    fn answers(&self) -> Vec<&'static str> {
        match self.def {
            Definition::Blocks(_) => vec!["solve", "longest", "position", "scramble", "judge"],
            Definition::Tws(_) => vec!["solve", "longest", "scramble", "judge"],
        }
    }

    /// A dense space of at most [`JUDGE_TABLE_STATES`] positions (the
    /// 2x2x2) is judged by its whole distance table, kept by the context;
    /// any other by an optimal solve from the start and from each
    /// position one move away, with the tables a solve takes.
    fn judge(&self, req: &Request, ctx: &Context) -> Result<Judgement, RunError> {
        let def = self.in_metric(req)?;
        let o = params(&def, req, Question::Solve)?;
        let key = format!(
            "definition {} ({} metric, file hash {:016x})",
            def.name(),
            def.metric(),
            def.fingerprint()
        );
        let solve = |asked: &Request| self.solve(asked, ctx);
        with_puzzle!(def.as_ref(), |p| judge_on(&p, o.given("board"), &key, req, &solve, ctx))
    }

    fn solve(&self, req: &Request, ctx: &Context) -> Result<SolveAnswer, RunError> {
        let def = self.in_metric(req)?;
        settle(
            solve(&def, req, ctx),
            def.name(),
            Some(def.metric()),
            &planned(&def, req, ctx),
        )
    }

    fn analyse(&self, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
        let def = self.in_metric(req)?;
        analyse(&def, req, ctx)
    }

    fn warm(&self, req: &Request, ctx: &Context) -> Result<(), RunError> {
        warm(self.in_metric(req)?.as_ref(), req, ctx)
    }

    fn position(&self, req: &Request) -> Result<Position, RunError> {
        let def = self.in_metric(req)?;
        let Definition::Blocks(b) = def.as_ref() else {
            return Err(RunError::Unsupported(format!(
                "{} is a permutation puzzle: write its start as a scramble of its moves",
                def.name()
            )));
        };
        with_puzzle!(def.as_ref(), |p| {
            let s =
                Defined::start(&p, self.params(req, Question::Solve)?.given("board")).map_err(RunError::BadInput)?;
            let board = p.notation(&s);
            Ok(Position {
                cells: Some(block_cells(b, &board)),
                grid: p.grid(&s),
                board,
                unsolvable: None,
            })
        })
    }

    fn scramble(&self, req: &Request, seed: u64, moves: u32) -> Result<String, RunError> {
        let def = self.in_metric(req)?;
        with_puzzle!(def.as_ref(), |p| {
            let from = match p.goal_states().filter(|g| !g.is_empty() && p.reversible()) {
                Some(mut goals) => goals.swap_remove(0),
                None => Defined::start(&p, None).map_err(RunError::BadInput)?,
            };
            let (s, made) = crate::random_walk(&p, &from, seed, moves);
            Ok(match def.as_ref() {
                Definition::Blocks(_) => p.notation(&s),
                Definition::Tws(_) => made.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
            })
        })
    }
}

/// The judgement of the start `board` (the file's when `None`) of a
/// defined puzzle (see [`DefinedGame::judge`]): `solve` answers the
/// request `req` from another start.
pub(super) fn judge_on<P: Defined>(
    p: &P,
    board: Option<&str>,
    key: &str,
    req: &Request,
    solve: &dyn Fn(&Request) -> Result<SolveAnswer, RunError>,
    ctx: &Context,
) -> Result<Judgement, RunError>
where
    P::Move: Display,
{
    let start = p.start(board).map_err(RunError::BadInput)?;
    if p.dense() && p.reversible() && p.goal_states().is_some() && p.state_count() <= JUDGE_TABLE_STATES {
        return judge_by_table(p, &start, key, ctx);
    }
    let reach = |s: &<P as Puzzle>::State| -> Result<Here, RunError> {
        let asked = req.clone().with("board", p.notation(s));
        Ok(match solve(&asked)? {
            SolveAnswer::Solved(sol) => Here::At(sol.length as u32),
            SolveAnswer::NoSolution(n) if n.depth_limited => Here::Unknown,
            SolveAnswer::NoSolution(n) => Here::Unreachable(n.reason),
        })
    };
    let here = reach(&start)?;
    judge_with(p, &start, "search", here, |t, _| Ok(reach(t)?.distance()))
}

/// The cells of a blocks board, one character each.
pub(super) fn block_cells(b: &Blocks, text: &str) -> Cells {
    Cells {
        width: b.width,
        height: b.height,
        tokens: text.chars().filter(|&c| c != '/').map(String::from).collect(),
        empty: ".".into(),
        palette: Vec::new(),
        spaced: false,
    }
}
