//! A table's entries as lookups read them: four bits each, or two
//! ([`crate::twobit`]).

use super::{UNREACHABLE, Width};
use crate::xorbfs::NIBBLE_UNREACHED;

/// A table as a build makes it: its largest distance and its entries,
/// four bits each (two a byte, the even rank's low; 15: never reached; 14
/// also for farther positions).
pub(super) type Nibbles = (u32, Vec<u8>);

/// A table as lookups read it: its largest distance and its entries.
pub(super) struct Built {
    pub(super) longest: u32,
    pub(super) entries: Entries,
}

/// A table's entries, at its width.
pub(super) enum Entries {
    /// Four bits each, as [`Nibbles`].
    Four(Vec<u8>),
    /// Two bits each ([`crate::twobit`]).
    Two(crate::twobit::TwoBits),
}

impl Built {
    /// `built` at `width`.
    pub(super) fn new((longest, table): Nibbles, width: Width, entries: u64) -> Built {
        let entries = match width {
            Width::Four => Entries::Four(table),
            Width::Two => Entries::Two(crate::twobit::TwoBits::pack(&table, entries)),
        };
        Built { longest, entries }
    }

    /// The lower bound of rank `r`.
    #[inline(always)]
    pub(super) fn read(&self, r: usize) -> u32 {
        match &self.entries {
            Entries::Four(table) => read(table, r),
            Entries::Two(table) => table.read(r as u64),
        }
    }

    /// Asks for rank `r`'s cache line ahead of its read.
    #[inline(always)]
    pub(super) fn prefetch(&self, r: usize) {
        match &self.entries {
            Entries::Four(table) => prefetch(table, r),
            Entries::Two(table) => table.prefetch(r as u64),
        }
    }

    /// The entries as a file keeps them.
    pub(super) fn bytes(&self) -> &[u8] {
        match &self.entries {
            Entries::Four(table) => table,
            Entries::Two(table) => table.bytes(),
        }
    }

    /// The header's number: the largest distance, and a two-bit table's
    /// base in its third byte.
    pub(super) fn header_number(&self) -> u32 {
        match &self.entries {
            Entries::Four(_) => self.longest,
            Entries::Two(table) => self.longest | u32::from(table.base()) << 16,
        }
    }
}

/// Entry `r` of a table of nibbles, [`UNREACHABLE`] for 15.
#[inline(always)]
pub(super) fn read(table: &[u8], r: usize) -> u32 {
    let d = table[r >> 1] >> ((r & 1) << 2) & 0xF;
    if d == NIBBLE_UNREACHED {
        UNREACHABLE
    } else {
        u32::from(d)
    }
}

/// Asks for entry `r`'s cache line ahead of its read.
#[inline(always)]
pub(super) fn prefetch(table: &[u8], r: usize) {
    if let Some(x) = table.get(r >> 1) {
        tansaku_core::memory::prefetch(x);
    }
}
