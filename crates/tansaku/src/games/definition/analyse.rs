//! The whole space of a defined puzzle: every position's distance, from
//! the goals or from a start set.

use super::defined::{Defined, Listed};
use super::options::params;

use crate::options::Question;
pub(super) use crate::{Longest, Ranking, Request, RunError};
use std::fmt::Display;
use tansaku_core::context::Context;
use tansaku_core::picture::Picture;
use tansaku_core::search::SearchError;
use tansaku_core::search::retrograde::{
    Analysis, RetroOptions, count_orbits, retrograde, retrograde_dense, retrograde_sparse, retrograde_symmetric,
};
use tansaku_core::{Puzzle, Ranked, Symmetric};
use tansaku_define::Cells as Fixed;
use tansaku_define::Definition;
use tansaku_define::blocks::Grid;
use tansaku_define::tws::{Classes, Heap, Perm, Positions, StartSet, StateClasses, Tabled, Tws};

/// The distance of every position to the goal: dense (every rank, a
/// byte or two bits each, with the request's checkpoints) where the ranks
/// fit the budget, else the positions reached
/// from the start, hashed. `keep` caps the longest positions returned.
///
/// ```
/// use tansaku::define::{Definition, Src};
/// use tansaku::games::definition as run;
/// let text = "name = \"swap\"\nkind = \"blocks\"\nstart = \"AB/..\"\ngoal = \"BA/..\"\n";
/// let d = Definition::parse(&Src::new("swap.toml", text), None).unwrap();
/// let a = run::analyse(&d, &Default::default(), &tansaku::Context::new()).unwrap();
/// assert_eq!(a.histogram, vec![1, 2, 5, 2, 2]);
/// assert_eq!(a.positions, ["../AB", "AB/.."]);
/// ```
pub fn analyse(def: &Definition, req: &Request, ctx: &Context) -> Result<Longest, RunError> {
    params(def, req, Question::Longest)?;
    if let (Some(_), Definition::Blocks(_)) = (req.get("from"), def) {
        return Err(RunError::BadInput(
            "a start set is read for .tws puzzles only: a blocks puzzle's analysis covers every position reached from its start"
                .into(),
        ));
    }
    // A .tws puzzle's table has a slot a position the moves reach where
    // its ranks allow, not one an arrangement of its sets.
    let (reached, ranking) = match def {
        Definition::Tws(t) => ranked(t),
        Definition::Blocks(_) => (None, None),
    };
    let def = reached.as_ref().unwrap_or(def);
    // What the table will hold, said before it is built.
    if let (Some(r), Some(o)) = (&ranking, ctx.observer()) {
        let what = match (r.ranks, r.exact) {
            ("reachable", true) => "one a position the moves reach",
            ("reachable", false) => "the positions the moves reach and some others",
            _ => "one an arrangement of the sets' pieces",
        };
        let group = r
            .group_order
            .as_ref()
            .map(|g| format!("; the moves' group has {g} elements"))
            .unwrap_or_default();
        o.note(&format!(
            "{}: {} slots, {what}, of {} arrangements{group}; {} at two bits a slot",
            def.name(),
            r.slots,
            r.arrangements,
            tansaku_core::memory::human(r.slots.div_ceil(4))
        ));
    }
    let key = format!(
        "definition {} ({} metric, file hash {:016x}{})",
        def.name(),
        def.metric(),
        def.fingerprint(),
        if reached.is_some() {
            // The ranks' fourth form: orbits too large for one table
            // ranked in halves (second), orbits tied to one another
            // ranked jointly (third), a piece's turns on a slot counted
            // from its own first, orbits in halves where whole tables
            // would cost more than the search (a checkpoint of an earlier
            // one is refused).
            ", ranks of the positions the moves reach (4: large orbits in halves, tied orbits jointly, turns lifted by piece)"
        } else {
            ""
        }
    );
    let mut out = analyse_ranked(def, req, ctx, key)?;
    if let Some(r) = ranking {
        // Every slot is a position when the analysis of every position
        // reached them all.
        let classes = out.histogram_up_to_symmetry.is_some();
        let exact = r.exact || (out.from.is_none() && !classes && out.states == out.space);
        out.ranking = Some(Ranking {
            slots: out.space,
            exact,
            why: if exact { None } else { r.why },
            ranks: if classes { "classes" } else { r.ranks },
            ..r
        });
    }
    Ok(out)
}

/// `t` ranked by the positions its moves reach, when that numbers fewer
/// than its arrangements, and what the answer tells of its ranks.
fn ranked(t: &tansaku_define::tws::Tws) -> (Option<Definition>, Option<Ranking>) {
    let arrangements = t.position_count();
    match t.ranked_by_reach() {
        Ok((r, reach)) => (
            Some(Definition::Tws(Box::new(r))),
            Some(Ranking {
                ranks: "reachable",
                slots: reach.count(),
                arrangements,
                group_order: Some(reach.group_order()),
                exact: reach.exact(),
                why: reach.inexact().map(str::to_string),
            }),
        ),
        Err(why) => (
            None,
            t.rank_space().map(|n| Ranking {
                ranks: "arrangements",
                slots: n,
                arrangements,
                group_order: None,
                exact: false,
                why: Some(why),
            }),
        ),
    }
}

fn analyse_ranked(def: &Definition, req: &Request, ctx: &Context, key: String) -> Result<Longest, RunError> {
    if let (Some(text), Definition::Tws(t)) = (req.get("from"), def) {
        let set = t
            .start_set(text)
            .map_err(|e| RunError::BadInput(format!("the start set: {e}")))?;
        let opts = req.retro(ctx, format!("{key}, distances for a start set"));
        let mut out = if t.bytes() <= 16 {
            analyse_from(&Perm::<Fixed<16>>::new(t), &set, opts)
        } else if t.bytes() <= 32 {
            analyse_from(&Perm::<Fixed<32>>::new(t), &set, opts)
        } else {
            analyse_from(&Perm::<Fixed<64>>::new(t), &set, opts)
        }?;
        out.puzzle = def.name().to_string();
        out.metric = Some(def.metric().to_string());
        out.from = Some(text.to_string());
        return Ok(out);
    }
    if let Definition::Tws(t) = def
        && req.get("symmetry") != Some("off")
        && let Some(mut out) = analyse_classes(t, req, ctx, &key)?
    {
        out.puzzle = def.name().to_string();
        out.metric = Some(def.metric().to_string());
        return Ok(out);
    }
    let opts = req.retro(ctx, key);
    let mut out = with_puzzle!(def, |p| analyse_on(&p, opts, ctx))?;
    out.puzzle = def.name().to_string();
    out.metric = Some(def.metric().to_string());
    Ok(out)
}

/// God's number of `t` with a slot a class of symmetric positions
/// ([`Classes`]), when it has symmetries and one process keeps its table
/// in memory; `None` (said why) to analyse it position by position.
fn analyse_classes(t: &Tws, req: &Request, ctx: &Context, key: &str) -> Result<Option<Longest>, RunError> {
    if ctx.processes().is_some_and(|p| p.count() > 1) || t.position_symmetries().len() < 2 {
        return Ok(None);
    }
    if t.bytes() <= 16 {
        classes_of::<Fixed<16>>(t, req, ctx, key)
    } else if t.bytes() <= 32 {
        classes_of::<Fixed<32>>(t, req, ctx, key)
    } else if t.bytes() <= 64 {
        classes_of::<Fixed<64>>(t, req, ctx, key)
    } else {
        classes_of::<Heap>(t, req, ctx, key)
    }
}

/// How many times fewer than positions classes moved by tables, and
/// classes played on positions, must be to be used where positions fit
/// (unless `symmetry` is `on`).
const TABLED_FEWER: u64 = 2;
const PLAYED_FEWER: u64 = 4;
/// Classes played on positions against positions moved by tables, where
/// the choice cannot be timed ([`super::cost`]; a run with checkpoints must
/// take the same road when it resumes): a class costs up to some 19 times
/// a position there (3p1, 16 symmetries: its classes, 11 times fewer, took
/// 146 s, its positions 86 s at two bits).
const PLAYED_OVER_TABLED: u64 = 24;
/// Positions moved by tables below which no classes are built: building
/// them costs more than the analysis (the Master Pyramorphix, 1,327,104
/// positions: 0.16 s a slot a position, 0.44 s with classes played on
/// positions built and weighed; the Mastermorphix, 5,308,416: 0.61 s,
/// 1.69 s with classes moved by tables).
const PLAYED_FROM: u64 = 1 << 24;

/// A ranking of classes, as the answer and a checkpoint name it.
struct Reduction {
    /// Symmetries (the identity included), and the ranks' description.
    symmetries: usize,
    what: String,
    /// How many times fewer its slots must be than positions to be used
    /// when both fit: classes played on positions cost several times a
    /// slot moved by tables; classes moved by tables, a few table reads
    /// more.
    fewer: u64,
    representation: &'static str,
}

/// [`analyse_classes`] with positions kept as `S`: classes moved by
/// tables where an orbit's placements ([`Tabled`]) or states
/// ([`StateClasses`]) class so, else played on positions ([`Classes`]).
fn classes_of<S: Positions>(t: &Tws, req: &Request, ctx: &Context, key: &str) -> Result<Option<Longest>, RunError> {
    let say = |line: &str| {
        if let Some(o) = ctx.observer() {
            o.note(line);
        }
    };
    // Classes of placements and classes played on positions are built
    // over orbits ranked apart (where the moves tie orbits, over those
    // ranks, and weighed against them); classes of an orbit's states
    // over the ranks as tied, the tied orbits listed beside the classed
    // one (the Skewb, the Jing pyraminx).
    // Classes are weighed against positions where the ranks a slot a
    // position (tied orbits jointly) fit, unless `symmetry` is `on`
    // (classes wherever they can be built); whether those ranks are moved
    // by tables sets the weight of classes played on positions.
    let forced = req.get("symmetry") == Some("on");
    let weigh = !forced
        && ctx
            .budget()
            .is_none_or(|b| t.reach().map_or(u64::MAX, |r| r.count()) / 4 <= b / 2);
    let tabled = t.reach().is_some_and(|r| r.table_bytes(t) > 0);
    let tied = t;
    let untied;
    let t = match t.untied() {
        Some(u) => {
            untied = u;
            &untied
        }
        None => t,
    };
    // A class holds at most as many positions as there are symmetries:
    // too few symmetries cannot make the slots `fewer` times fewer, and
    // the classes are not built where positions fit.
    let g = t.position_symmetries().len() as u64;
    let too_few = |fewer: u64| weigh && g <= fewer;
    if too_few(TABLED_FEWER) {
        say(&format!("{}: not reduced by its {g} symmetries", t.name));
        return Ok(None);
    }
    // Against positions moved by tables, classes played on positions are
    // timed on a sample where the run keeps no checkpoint; under
    // `PLAYED_FROM` positions, no classes are built at all.
    let timed = tabled && weigh && req.checkpoint.is_none();
    let positions = tied.reach().map_or(u64::MAX, |r| r.count());
    if timed && positions < PLAYED_FROM {
        say(&format!(
            "{}: not reduced by its {g} symmetries ({positions} positions, moved by tables, take less than building classes)",
            t.name
        ));
        return Ok(None);
    }
    // Classes moved by tables: of an orbit's placements, else of its
    // states.
    let by_tables = |symmetries, what| Reduction {
        symmetries,
        what,
        fewer: TABLED_FEWER,
        representation: "dense, a slot a class, moved by tables",
    };
    match Tabled::<S>::new(t) {
        Ok(c) => return reduced(t, req, ctx, key, &c, by_tables(c.symmetries(), c.describe()), weigh),
        Err(why) => say(&format!(
            "{}: classes of placements not moved by tables ({why})",
            t.name
        )),
    }
    // Listing an orbit's states and their images costs more than a small
    // puzzle's analysis (Loopover 3x3, 181,440 positions played on
    // bytes: 0.48 s with its 2,584 classes, 0.05 s without).
    let listed = if weigh && positions < PLAYED_FROM {
        Err(format!("{positions} positions take less than listing them"))
    } else {
        // Over the ranks as tied: only the class orbit's own rank is
        // read, the other orbits are listed whole.
        StateClasses::<S>::new(tied)
    };
    match listed {
        Ok(c) => return reduced(tied, req, ctx, key, &c, by_tables(c.symmetries(), c.describe()), weigh),
        Err(why) => say(&format!(
            "{}: classes of an orbit's states not moved by tables ({why})",
            t.name
        )),
    }
    let played_fewer = match (tabled, timed) {
        (true, false) => PLAYED_OVER_TABLED,
        _ => PLAYED_FEWER,
    };
    if too_few(played_fewer) {
        say(&format!(
            "{}: not reduced by its {g} symmetries (classes played on positions pay at {played_fewer} times fewer slots)",
            t.name
        ));
        return Ok(None);
    }
    match Classes::<S>::new(t) {
        Ok(c) => {
            // A class holds at most `g` positions: at least n / g classes.
            let p = Perm::<S>::new(tied);
            let n = positions;
            if timed
                && let Some((by_classes, by_positions)) = super::cost::successor_seconds(&p, (&c, n / g), (&p, n))
                && by_classes >= by_positions
            {
                say(&format!(
                    "{}: not reduced by its {g} symmetries (successors estimated at {by_classes:.1} s over classes played on positions, {by_positions:.1} s over positions moved by tables)",
                    t.name
                ));
                return Ok(None);
            }
            let kind = Reduction {
                symmetries: c.symmetries(),
                what: c.describe(),
                fewer: played_fewer,
                representation: "dense, a slot a class",
            };
            reduced(t, req, ctx, key, &c, kind, weigh)
        }
        Err(why) => {
            say(&format!("{}: not reduced by its symmetries ({why})", t.name));
            Ok(None)
        }
    }
}

/// God's number of `t` by `c`'s ranks of classes, or `None` (said why)
/// where they do not pay.
fn reduced<S: Positions, C: Ranked<State = S>>(
    t: &Tws,
    req: &Request,
    ctx: &Context,
    key: &str,
    c: &C,
    kind: Reduction,
    weigh: bool,
) -> Result<Option<Longest>, RunError> {
    let g = kind.symmetries;
    let say = |line: &str| {
        if let Some(o) = ctx.observer() {
            o.note(line);
        }
    };
    // Classes pay where they are `fewer` times fewer than positions, or
    // where they are not weighed (positions do not fit, or `on`).
    let positions = t.reach().map_or(u64::MAX, |r| r.count());
    if c.state_count().saturating_mul(kind.fewer) > positions && weigh {
        say(&format!(
            "{}: not reduced by its {g} symmetries ({} slots a class against {positions} a position)",
            t.name,
            c.state_count()
        ));
        return Ok(None);
    }
    say(&format!(
        "{}: {} symmetries; {} slots, one a class of symmetric positions; {} at two bits a slot",
        t.name,
        g,
        c.state_count(),
        tansaku_core::memory::human(c.state_count().div_ceil(4))
    ));
    let opts = req.retro(ctx, format!("{key}, {}", kind.what));
    let keep = opts.keep;
    let a = match retrograde(c, opts) {
        Err(SearchError::OverBudget(why)) => {
            // The positions may still fit where the classes do not (the
            // Trapentrix's classes are over orbits ranked apart, its
            // positions ranked jointly): they say so themselves if not.
            let then = if req.disk.is_some() {
                "every position on disk"
            } else {
                "a slot a position"
            };
            say(&format!("{}: the classes' table does not fit ({why}): {then}", t.name));
            return Ok(None);
        }
        r => r?.0,
    };
    let classes = a.classes.clone().unwrap_or_default();
    let p = Perm::<S>::new(t);
    // Every position of the longest classes, up to the limit.
    let mut positions: Vec<S> = Vec::new();
    let mut listed = std::collections::HashSet::new();
    for s in &a.positions {
        for i in 0..p.symmetry_count() {
            let image = p.apply_symmetry(i, s);
            if positions.len() < keep && listed.insert(image.clone()) {
                positions.push(image);
            }
        }
    }
    let space = c.state_count();
    let mut out = Longest::of(
        &p,
        |s| p.grid(s),
        String::new(),
        Analysis { positions, ..a },
        Some(space),
        classes.last().copied(),
        keep,
    );
    out.histogram_up_to_symmetry = Some(classes);
    out.symmetries = p.symmetry_names();
    out.representation = kind.representation;
    Ok(Some(out))
}

pub(super) fn analyse_on<P: Defined>(p: &P, opts: RetroOptions, ctx: &Context) -> Result<Longest, RunError>
where
    P::Move: Display,
{
    let syms = p.symmetry_count();
    // A space with dense ranks that does not fit two bits a rank fits a
    // hash table even less: `retrograde` refuses it before allocating
    // anything.
    let (analysis, orbits, representation) = if p.dense() {
        let (a, _, orbits) = retrograde_symmetric(p, opts.clone())?;
        (a, orbits, "dense")
    } else {
        let goals = match p.goal_states() {
            Some(g) => g,
            None => {
                let start = p.start(None).map_err(RunError::BadInput)?;
                reachable_goals(p, &start, ctx)?
            }
        };
        let listed = Listed { p, goals };
        let (a, map) = retrograde_sparse(&listed, opts.clone())?;
        let orbits =
            (syms > 1).then(|| count_orbits(p, map.iter().filter(|&(_, &d)| d == a.longest).map(|(s, _)| s.clone())));
        (a, orbits, "hashed")
    };
    let limit = opts.keep;
    let mut out = Longest::of(
        p,
        |s| p.grid(s),
        String::new(),
        analysis,
        p.dense().then(|| p.state_count()),
        orbits,
        limit,
    );
    if syms > 1 {
        out.symmetries = p.symmetry_names();
    }
    out.representation = representation;
    Ok(out)
}

/// God's number from a start set to the file's solved set (twsearch
/// #112): every position's distance to the goal, by a breadth-first
/// analysis from it, counted over the positions of the start set. Counts
/// are of positions as the file sees them (its alike pieces alike).
pub(super) fn analyse_from<const N: usize>(
    p: &Perm<'_, Fixed<N>>,
    set: &StartSet,
    opts: RetroOptions,
) -> Result<Longest, RunError> {
    let t = p.0;
    let keep = opts.keep;
    let (all, table) = retrograde_dense(p, opts)?;
    let within = |r: u64| table.get(r).filter(|_| set.contains(t, &p.unrank(r).0[..t.bytes()]));
    let mut histogram = vec![0u64; all.histogram.len()];
    for r in 0..p.state_count() {
        if let Some(d) = within(r) {
            histogram[d as usize] += 1;
        }
    }
    while histogram.last() == Some(&0) {
        histogram.pop();
    }
    let Some(&count) = histogram.last() else {
        return Err(RunError::BadInput(
            "the start set holds no position the moves reach from the solved set (check its orientations and parities)"
                .into(),
        ));
    };
    let longest = (histogram.len() - 1) as u32;
    let positions: Vec<_> = (0..p.state_count())
        .filter(|&r| within(r) == Some(longest))
        .take(keep)
        .map(|r| p.unrank(r))
        .collect();
    let analysis = Analysis {
        states: histogram.iter().sum(),
        histogram,
        longest,
        count,
        positions,
        stats: all.stats,
        classes: None,
    };
    let mut out = Longest::of(
        p,
        |s| p.grid(s),
        String::new(),
        analysis,
        Some(p.state_count()),
        None,
        keep,
    );
    out.representation = "dense";
    Ok(out)
}

/// The goal positions among those reachable from `start` (moves are
/// reversible, so these are the goals of the start's component).
pub(super) fn reachable_goals<P: Puzzle>(p: &P, start: &P::State, ctx: &Context) -> Result<Vec<P::State>, SearchError> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut queue = std::collections::VecDeque::new();
    let mut goals = Vec::new();
    seen.insert(start.clone());
    queue.push_back(start.clone());
    let per_state = (std::mem::size_of::<P::State>() as u64) * 3 + 16;
    while let Some(s) = queue.pop_front() {
        if p.is_goal(&s) {
            goals.push(s.clone());
        }
        p.for_each_successor(&s, |_, t| {
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        });
        if seen.len() % 65_536 == 0 {
            ctx.check("the positions reached from the start", seen.len() as u64 * per_state)
                .map_err(SearchError::from)?;
            if let Some(why) = ctx.stopped() {
                return Err(SearchError::Stopped(why));
            }
        }
    }
    Ok(goals)
}
