//! Source locations attached to operations and block arguments.
//!
//! `Location` is a small `Copy` value: the overwhelmingly common
//! `file:line:col` and `unknown` locations are stored inline (no interning
//! per operation), every other kind is a location attribute in the context.

use crate::attributes::{AttrKind, Attribute};
use crate::context::{Context, Str};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    Unknown,
    FileLineCol {
        file: Str,
        line: u32,
        col: u32,
    },
    /// Any other location, as an interned `AttrKind::Location`.
    Attr(Attribute),
}

/// The stored form of a location attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocData {
    Unknown,
    FileLineCol {
        file: Str,
        line: u32,
        col: u32,
    },
    /// `"file":l1:c1 to l2:c2`; `end_line == start_line` prints `to :c2`.
    FileRange {
        file: Str,
        start_line: u32,
        start_col: u32,
        end_line: u32,
        end_col: u32,
    },
    Name {
        name: Str,
        child: Option<Location>,
    },
    CallSite {
        callee: Location,
        caller: Location,
    },
    Fused {
        locations: Box<[Location]>,
        metadata: Option<Attribute>,
    },
}

impl Context {
    /// The location as data (inline kinds are expanded).
    pub fn loc_data(&self, loc: Location) -> LocData {
        match loc {
            Location::Unknown => LocData::Unknown,
            Location::FileLineCol { file, line, col } => LocData::FileLineCol { file, line, col },
            Location::Attr(a) => match self.attr_kind(a) {
                AttrKind::Location(d) => d.clone(),
                _ => LocData::Unknown,
            },
        }
    }

    /// Builds a location from data, keeping the inline kinds inline.
    pub fn location(&self, data: LocData) -> Location {
        match data {
            LocData::Unknown => Location::Unknown,
            LocData::FileLineCol { file, line, col } => Location::FileLineCol { file, line, col },
            other => Location::Attr(self.intern_attr(AttrKind::Location(other))),
        }
    }

    /// A fused location, simplified as MLIR's `FusedLoc::get` does: nested
    /// fused locations with the same metadata are flattened, unknown
    /// locations and duplicates dropped, and a single location without
    /// metadata stands for itself.
    pub fn fused_location(&self, locs: &[Location], metadata: Option<Attribute>) -> Location {
        let mut kept: Vec<Location> = Vec::with_capacity(locs.len());
        let keep = |l: Location, kept: &mut Vec<Location>| {
            let l = self.canonical_location(l);
            if !kept.contains(&l) {
                kept.push(l);
            }
        };
        for &l in locs {
            match self.loc_data(l) {
                LocData::Fused { locations, metadata: m } if m == metadata => {
                    for &inner in locations.iter() {
                        keep(inner, &mut kept);
                    }
                }
                LocData::Unknown => {}
                _ => keep(l, &mut kept),
            }
        }
        match (kept.len(), metadata) {
            (0, None) => Location::Unknown,
            (0, Some(_)) => self.location(LocData::Fused { locations: Box::new([Location::Unknown]), metadata }),
            (1, None) => kept[0],
            _ => self.location(LocData::Fused { locations: kept.into(), metadata }),
        }
    }

    /// The one representation of a location: file:line:col and unknown
    /// locations inline even when they were built as attributes.
    pub fn canonical_location(&self, loc: Location) -> Location {
        match loc {
            Location::Attr(a) => self.attr_as_location(a).unwrap_or(loc),
            _ => loc,
        }
    }

    /// The location as an attribute (for locations stored in attributes).
    pub fn location_attr(&self, loc: Location) -> Attribute {
        match loc {
            Location::Attr(a) => a,
            Location::Unknown => self.intern_attr(AttrKind::Location(LocData::Unknown)),
            Location::FileLineCol { file, line, col } => {
                self.intern_attr(AttrKind::Location(LocData::FileLineCol { file, line, col }))
            }
        }
    }

    /// The location an attribute stands for, if it is a location attribute.
    pub fn attr_as_location(&self, a: Attribute) -> Option<Location> {
        match self.attr_kind(a) {
            AttrKind::Location(d) => Some(self.location(d.clone())),
            _ => None,
        }
    }

    /// The first file:line:col inside a location (for diagnostics).
    pub fn file_line_col(&self, loc: Location) -> Option<(Str, u32, u32)> {
        match self.loc_data(loc) {
            LocData::FileLineCol { file, line, col } => Some((file, line, col)),
            LocData::FileRange { file, start_line, start_col, .. } => Some((file, start_line, start_col)),
            LocData::Name { child: Some(c), .. } => self.file_line_col(c),
            LocData::CallSite { callee, .. } => self.file_line_col(callee),
            LocData::Fused { locations, .. } => locations.iter().find_map(|l| self.file_line_col(*l)),
            _ => None,
        }
    }
}
