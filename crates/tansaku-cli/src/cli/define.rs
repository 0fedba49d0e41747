//! `tansaku check`: each definition file's expected figures beside
//! tansaku's, asked of the library's door (`tansaku::ask::Question::Check`).

use super::report::{failure, print_json};
use super::{CheckArgs, Failure};
use tansaku::CheckReport;
use tansaku::ask;
use tansaku::define::Src;

/// `tansaku check FILE...`.
pub(crate) fn check(a: &CheckArgs) -> Result<(), Failure> {
    let ctx = a.run.context(None);
    let mut differs = false;
    for path in &a.files {
        let src = Src::read(path).map_err(|e| Failure::Usage(e.to_string()))?;
        let report: CheckReport = ask::Question::Check(src).answer_as(&ctx, None).map_err(|e| match e {
            tansaku::RunError::BadInput(why) => Failure::Usage(format!("{}: {why}", path.display())),
            other => failure(other),
        })?;
        differs |= !report.ok;
        if a.json.0 {
            print_json(&report);
            continue;
        }
        if report.figures.is_empty() {
            println!(
                "{}: {} reads fine; it has no [expect] figures to check",
                path.display(),
                report.puzzle
            );
            continue;
        }
        println!("{}: {}", path.display(), report.puzzle);
        for f in &report.figures {
            println!(
                "  {:<5} {:<21} expected {:>12}  found {:>12}  {}",
                f.metric,
                f.figure,
                f.expected,
                f.found,
                if f.ok() { "ok" } else { "DIFFERS" }
            );
        }
    }
    if differs { Err(Failure::Differs) } else { Ok(()) }
}
