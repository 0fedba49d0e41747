//! Many boards of one game, one a line, with one goal and one set of
//! options: what is shared (the pattern databases) is prepared once and
//! kept by the context, every board is answered, a bad line is named and
//! the others still answered, and the totals close the run.

use crate::answer::{BatchLine, BatchTotals, SolveAnswer};
use crate::{Game, Request, RunError};
use tansaku_core::context::{Context, Stop};
use tansaku_core::search::SearchError;

/// Answers every board of `text` (one a line; blank lines and `#`
/// comments skipped) with `game` and the options of `req` (each line is the
/// `board` option); `each` gets every line's answer as it comes. Fails
/// only when the context stops the work.
///
/// ```
/// use tansaku::{Request, batch::batch};
/// let game = tansaku::games::builtin("flip-row").unwrap();
/// let text = "BB_BBB\n# a comment\nB_WBBBB\noops\n";
/// let mut lines = Vec::new();
/// let totals = batch(game.as_ref(), &Request::default(), text, &tansaku::Context::new(), |l| lines.push(l.clone())).unwrap();
/// assert_eq!((totals.boards, totals.solved, totals.bad), (3, 2, 1));
/// assert_eq!(lines[0].length, Some(8));
/// assert_eq!(lines[2].line, 4);
/// ```
pub fn batch(
    game: &dyn Game,
    req: &Request,
    text: &str,
    ctx: &Context,
    mut each: impl FnMut(&BatchLine),
) -> Result<BatchTotals, RunError> {
    let mut totals = BatchTotals::default();
    let mut warmed = false;
    for (i, raw) in text.lines().enumerate() {
        let board = raw.split('#').next().unwrap_or("").trim();
        if board.is_empty() {
            continue;
        }
        totals.boards += 1;
        let line_req = req.clone().with("board", board);
        let mut answer = Ok(());
        if !warmed {
            let clock = web_time::Instant::now();
            answer = game.warm(&line_req, ctx);
            if answer.is_ok() {
                warmed = true;
                totals.setup_seconds = clock.elapsed().as_secs_f64();
            }
        }
        let result = answer.and_then(|()| game.solve(&line_req, ctx));
        let mut line = BatchLine {
            line: i + 1,
            board: board.to_string(),
            length: None,
            boards: None,
            moves: None,
            stats: None,
            iterations: None,
            error: None,
            bad: false,
            algorithm: None,
        };
        match result {
            Ok(SolveAnswer::Solved(s)) => {
                totals.solved += 1;
                totals.moves += s.length as u64;
                totals.generated += s.stats.generated;
                totals.expanded += s.stats.expanded;
                totals.seconds += s.stats.seconds;
                totals.algorithm.get_or_insert_with(|| s.algorithm.clone());
                line.length = Some(s.length);
                line.boards = Some(s.boards);
                line.moves = Some(s.moves);
                line.stats = Some(s.stats.work);
                line.iterations = Some(s.iterations);
                line.algorithm = Some(s.algorithm);
            }
            Ok(SolveAnswer::NoSolution(n)) => {
                totals.unsolvable += 1;
                line.error = Some(n.reason);
            }
            Err(RunError::Search(SearchError::Stopped(stop))) => return Err(stopped(stop)),
            Err(e) => {
                totals.bad += 1;
                line.bad = true;
                line.error = Some(e.to_string());
            }
        }
        each(&line);
    }
    Ok(totals)
}

fn stopped(stop: Stop) -> RunError {
    RunError::Search(SearchError::Stopped(stop))
}
