//! Small `Copy` handles to the entities of a [`crate::Body`].
//!
//! Each handle is a `u32` index into one arena of the body that owns the
//! entity; a handle means nothing outside its body.

use std::fmt;

pub(crate) const NONE: u32 = u32::MAX;

macro_rules! entity {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub(crate) u32);

        impl $name {
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
            #[inline]
            #[allow(dead_code)]
            pub(crate) fn from_raw(raw: u32) -> Option<$name> {
                if raw == NONE { None } else { Some($name(raw)) }
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// An operation.
    Op, "op");
entity!(
    /// A basic block.
    Block, "block");
entity!(
    /// A region (a list of blocks attached to an operation).
    Region, "region");
entity!(
    /// An SSA value: an operation result or a block argument.
    Value, "v");
impl Value {
    /// True for the empty operand slot left when a value's uses are dropped
    /// (its op is about to be erased).
    #[inline]
    pub fn is_dropped(self) -> bool {
        self.0 == NONE
    }
}

entity!(
    /// One operand slot of one operation (a node of its value's use list).
    Use, "use");
