//! Building the tables of a plan, or finding them kept (in the context's
//! memory or in their files), ready for lookups.

use super::entries::{Built, Entries, Nibbles};
use super::file::TableFile;
use super::stages::{Lookup, On, reads, stages};
use super::{Projection, TableReport, Width};
use crate::coord::Coords;
use crate::symmetry::TwsSymmetry;
use crate::symtable::SymReduced;
use crate::tws::{ImageRank, Projected, Tws};
use crate::xorbfs::{XorProjection, nibbles_of};
use std::sync::Arc;
use tansaku_core::context::Context;
use tansaku_core::search::SearchError;
use tansaku_core::search::retrograde::{DistanceTable, RetroOptions, retrograde_dense};

/// A table as read: the projection, the entries, and for a symmetric
/// image of another table's group, the sets to conjugate (a bit mask) and
/// the symmetry.
pub(super) type Table = (
    Projected,
    Arc<Built>,
    Option<(u64, TwsSymmetry, ImageRank)>,
    Option<Arc<SymReduced>>,
);

/// The pattern databases of a definition, ready for lookups.
pub struct Tables {
    /// Each table's projection and entries; a table that is a symmetric
    /// image of an earlier one holds that one's, read on the image of the
    /// position (the sets to conjugate, as a bit mask, and the symmetry).
    pub(super) tables: Vec<Table>,
    /// Each table's projection.
    pub(super) projections: Vec<Projection>,
    /// The puzzle (what symmetric images are taken in).
    pub(super) full: Tws,
    /// Further lookups: a table read on a symmetric image of the position
    /// ([`Tables::add_symmetric_lookups`]).
    pub(super) symmetric: Vec<(usize, u64, TwsSymmetry)>,
    /// Each further lookup's symmetry as its table's ranks read it.
    pub(super) images: Vec<ImageRank>,
    /// The lookups of a position, in stages: the first look's
    /// ([`Tables::first_look`]), then the second's ([`Tables::refine`]),
    /// each stage read only if the ones before did not cut.
    pub(super) stages: Vec<Vec<Lookup>>,
    /// Every table on the position ([`Tables::estimate_each`]).
    pub(super) everything: Vec<Lookup>,
    /// What was built or found.
    pub reports: Vec<TableReport>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.reports.iter().map(|r| &r.projection))
            .finish()
    }
}

impl Tables {
    /// Builds the tables of `projections` (each kept in the context's
    /// tables under the definition's hash and the projection, so a later
    /// solve with the same context finds it). Refused before allocating
    /// when a table passes the context's budget.
    pub fn build(t: &Tws, projections: &[Projection], ctx: &Context) -> Result<Tables, SearchError> {
        Ok(Tables::assemble(t, projections, ctx, true)?.expect("every table may be built"))
    }

    /// The tables of [`Tables::build`] when every one is kept, in the
    /// context's memory or in a file; `None`, with nothing built, when one
    /// would have to be built (so that a short search may answer first).
    ///
    /// ```
    /// use tansaku_define::{Definition, Src, prune};
    /// let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/2x2x2.tws")).unwrap();
    /// let Definition::Tws(t) = Definition::parse(&Src::new("2x2x2.tws", &text), None).unwrap() else { panic!() };
    /// let ctx = tansaku_core::Context::new().with_tables(tansaku_core::context::Tables::in_memory());
    /// let plan = prune::plan(&t, 1 << 20);
    /// assert!(prune::Tables::kept(&t, &plan, &ctx).unwrap().is_none());
    /// prune::Tables::build(&t, &plan, &ctx).unwrap();
    /// assert!(prune::Tables::kept(&t, &plan, &ctx).unwrap().is_some());
    /// ```
    pub fn kept(t: &Tws, projections: &[Projection], ctx: &Context) -> Result<Option<Tables>, SearchError> {
        Tables::assemble(t, projections, ctx, false)
    }

    /// [`Tables::build`], or with `may_build` false [`Tables::kept`].
    /// Each table is built within what the memory budget leaves beside
    /// the tables before it (their entries and indices).
    fn assemble(
        t: &Tws,
        projections: &[Projection],
        ctx: &Context,
        may_build: bool,
    ) -> Result<Option<Tables>, SearchError> {
        let mut tables: Vec<Table> = Vec::new();
        let mut reports: Vec<TableReport> = Vec::new();
        let mut held = 0u64;
        for (i, proj) in projections.iter().enumerate() {
            if let Some((table, report)) = image_of_earlier(t, proj, &projections[..i], &tables, &reports) {
                tables.push(table);
                reports.push(report);
                continue;
            }
            let left = ctx.budget().map(|b| b.saturating_sub(held));
            let Some((table, report)) = one_table(t, proj, ctx, left, may_build)? else {
                return Ok(None);
            };
            held = held
                .saturating_add(report.bytes)
                .saturating_add(table.3.as_ref().map_or(0, |r| r.index_bytes()));
            tables.push(table);
            reports.push(report);
        }
        let longest: Vec<u32> = tables.iter().map(|x| x.1.longest).collect();
        Ok(Some(Tables {
            tables,
            projections: projections.to_vec(),
            full: t.clone(),
            symmetric: Vec::new(),
            images: Vec::new(),
            stages: stages(projections, &longest, &[], t.invertible()),
            everything: (0..projections.len()).map(|k| (k, On::Position)).collect(),
            reports,
        }))
    }
}

/// `proj` as a symmetric image of a table before it (`earlier`, whose
/// tables and reports are `tables` and `reports`): that table, read on the
/// position's image, with its report; `None` when no earlier table's
/// group is an image of `proj`'s.
fn image_of_earlier(
    t: &Tws,
    proj: &Projection,
    earlier: &[Projection],
    tables: &[Table],
    reports: &[TableReport],
) -> Option<(Table, TableReport)> {
    if proj.is_coset() {
        return None;
    }
    let (j, sym) = (0..earlier.len()).filter(|&j| !earlier[j].is_coset()).find_map(|j| {
        let sym = t.symmetries().iter().find(|y| {
            tables[j].2.is_none() && tables[j].3.is_none() && reads(t, &earlier[j], Some(y)) == reads(t, proj, None)
        })?;
        Some((j, sym))
    })?;
    let sets = earlier[j].0.iter().fold(0u64, |m, part| m | 1 << part.set);
    let (projected, table) = (tables[j].0.clone(), tables[j].1.clone());
    let report = TableReport {
        projection: format!("{} (as {}, on a symmetric image)", proj.name(t), earlier[j].name(t)),
        entries: reports[j].entries,
        bytes: 0,
        origin: "image",
        seconds: 0.0,
        longest: table.longest,
    };
    let seen = projected.image_of(t, sym);
    Some(((projected, table, Some((sets, sym.clone(), seen)), None), report))
}

/// The table of `proj`: kept in the context's memory, loaded from its
/// file, or (when `may_build`) built within `memory` bytes (none: any);
/// with its report. `Ok(None)`, with nothing built, when it would have to
/// be built and may not.
fn one_table(
    t: &Tws,
    proj: &Projection,
    ctx: &Context,
    memory: Option<u64>,
    may_build: bool,
) -> Result<Option<(Table, TableReport)>, SearchError> {
    // A product over several sets (a coset's picture among them) is kept
    // once per class of symmetric positions where the symmetries allow.
    let reduced = if proj.0.len() >= 2 {
        // Its classes, kept beside the tables for the next solve.
        let key = format!("tws {:016x} {:?} symmetry classes", t.fingerprint, proj.0);
        let index = SymReduced::estimate(t, &proj.0).map_or(0, |e| e.index_bytes);
        ctx.tables()
            .get_or_make(&key, index, || SymReduced::new(t, &proj.0).ok_or(()))
            .ok()
    } else {
        None
    };
    let projected = match &reduced {
        Some(r) => r.projected.clone(),
        None => t.project(&proj.0),
    };
    let entries = match &reduced {
        Some(r) => r.entries(),
        None => projected.tws.rank_space().unwrap_or(u64::MAX),
    };
    let name = table_name(t, proj, reduced.as_deref());
    // What is left beside the index.
    let memory = memory.map(|m| m.saturating_sub(reduced.as_ref().map_or(0, |r| r.index_bytes())));
    let (four, bytes) = (Width::Four.bytes(entries), proj.1.bytes(entries));
    // The projection's key: the metric and the parts. A table of one
    // metric must never serve the other: quarter-turn distances
    // overestimate half-turn ones. (A two-bit table's key is its four-bit
    // table's and the width: the four-bit one, found kept, is packed, not
    // rebuilt.)
    let key4 = format!(
        "tws {:016x} {:?} {:?}{}",
        t.fingerprint,
        t.metric,
        proj.0,
        if reduced.is_some() { " symmetry-reduced" } else { "" }
    );
    let key = match proj.1 {
        Width::Four => key4.clone(),
        Width::Two => format!("{key4} two bits"),
    };
    let clock = web_time::Instant::now();
    let mut origin = "kept";
    let mut wanted = false;
    let table = ctx.tables().get_or_make(&key, bytes, || {
        let file = TableFile::new(t.fingerprint, &key, entries, proj.1);
        tansaku_core::memory::check(&format!("the pattern database of {name}"), bytes, memory)?;
        origin = "loaded";
        match file.load(ctx) {
            Ok(Some(table)) => return Ok(table),
            Ok(None) => {}
            Err(why) => ctx.notice(&format!("pattern database '{}' {why}: rebuilding it", file.name)),
        }
        // Packing needs the four-bit table beside the two-bit one.
        let mut packing = 0;
        if proj.1 == Width::Two {
            packing = bytes;
            let whole = TableFile::new(t.fingerprint, &key4, entries, Width::Four);
            tansaku_core::memory::check(
                &format!("packing the pattern database of {name}"),
                four + packing,
                memory,
            )?;
            if let Ok(Some(Built {
                longest,
                entries: Entries::Four(table),
            })) = whole.load(ctx)
            {
                let built = Built::new((longest, table), Width::Two, entries);
                file.save(&built, ctx)?;
                return Ok(built);
            }
        }
        if !may_build {
            wanted = true;
            return Err(SearchError::Unsupported(format!("{name} is not kept")));
        }
        origin = "built";
        tansaku_core::memory::check(
            &format!("building the pattern database of {name}"),
            reduced
                .as_ref()
                .map_or_else(|| build_bytes(&projected.tws), |r| r.build_bytes())
                .saturating_add(packing),
            memory,
        )?;
        ctx.notice(&format!(
            "building the pattern database of {name} ({entries} entries, {})",
            tansaku_core::memory::human(bytes)
        ));
        let table = match &reduced {
            Some(r) => file.resumable(r, &name, ctx)?,
            None => distances(&projected.tws, ctx)?,
        };
        let table = Built::new(table, proj.1, entries);
        file.save(&table, ctx)?;
        file.remove_part(ctx);
        Ok::<_, SearchError>(table)
    });
    let table = match table {
        Err(_) if wanted => return Ok(None),
        other => other?,
    };
    let seconds = if origin == "kept" {
        0.0
    } else {
        clock.elapsed().as_secs_f64()
    };
    let report = TableReport {
        projection: name,
        entries,
        bytes,
        origin,
        seconds,
        longest: table.longest,
    };
    Ok(Some(((projected, table, None, reduced), report)))
}

/// A table's name as its report gives it: the projection's, and how it is
/// kept (up to symmetry, two bits an entry).
fn table_name(t: &Tws, proj: &Projection, reduced: Option<&SymReduced>) -> String {
    let how: Vec<String> = reduced
        .iter()
        .map(|r| format!("up to {} symmetries", r.symmetries()))
        .chain((proj.1 == Width::Two).then(|| "two bits an entry".to_string()))
        .collect();
    let mut name = proj.name(t);
    if !how.is_empty() {
        name.push_str(&format!(" ({})", how.join(", ")));
    }
    name
}

/// Bytes a table's build holds at its peak: the block engine's bitsets and
/// table ([`XorProjection`]), or the dense engine's byte a rank, the
/// table of nibbles made from it and the move tables.
pub(super) fn build_bytes(t: &Tws) -> u64 {
    let entries = t.rank_space().unwrap_or(u64::MAX);
    match XorProjection::new(t) {
        Some(x) => x.build_bytes(),
        None => DistanceTable::bytes_for(entries)
            .saturating_add(entries.div_ceil(2))
            .saturating_add(Coords::bytes(t)),
    }
}

/// The distance table of a projected puzzle, four bits a rank, and its
/// largest distance: built by the block engine where it suits
/// ([`XorProjection`]: pieces with two orientations), else by the dense
/// engine (a byte a rank, on every core) and then halved.
fn distances(t: &Tws, ctx: &Context) -> Result<Nibbles, SearchError> {
    use crate::tws::Perm;
    if let Some(x) = XorProjection::new(t) {
        let n = x.distances(ctx)?;
        return Ok((n.longest, n.table));
    }
    let opts = RetroOptions {
        keep: 0,
        ctx: ctx.clone(),
        ..RetroOptions::default()
    };
    let (longest, table) = if let Some(c) = Coords::new(t) {
        retrograde_dense(&c, opts).map(|(a, d)| (a.longest, d))?
    } else if t.bytes() <= 16 {
        retrograde_dense(&Perm::<crate::Cells<16>>::new(t), opts).map(|(a, d)| (a.longest, d))?
    } else if t.bytes() <= 32 {
        retrograde_dense(&Perm::<crate::Cells<32>>::new(t), opts).map(|(a, d)| (a.longest, d))?
    } else {
        retrograde_dense(&Perm::<crate::Cells<64>>::new(t), opts).map(|(a, d)| (a.longest, d))?
    };
    Ok((longest, nibbles_of(&table.into_bytes())))
}
