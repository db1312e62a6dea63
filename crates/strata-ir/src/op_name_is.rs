//! `Context::op_name_is`: "is this op named `arith.subi`?" for code that
//! matches ops by literal name (folds, canonicalization patterns) without
//! comparing strings on every query.
//!
//! The handle of each literal is looked up once per thread and context and
//! kept in a small direct-mapped cache keyed by the literal's address; after
//! that a query is an integer comparison. Only `'static` literals are
//! accepted, so an address always names the same text.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::context::{Context, OpName};

static NEXT_CONTEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A fresh context id; ids are never reused, and 0 is never handed out.
pub(crate) fn next_context_id() -> u64 {
    NEXT_CONTEXT_ID.fetch_add(1, Ordering::Relaxed)
}

const SLOTS: usize = 64;

/// `(context id, literal address, literal length, op name handle)`.
type Slot = Cell<(u64, usize, usize, u32)>;

thread_local! {
    static CACHE: [Slot; SLOTS] = const { [const { Cell::new((0, 0, 0, 0)) }; SLOTS] };
}

impl Context {
    /// True if `name` is the op name `text`.
    #[inline]
    pub fn op_name_is(&self, name: OpName, text: &'static str) -> bool {
        let addr = text.as_ptr() as usize;
        let slot = ((addr >> 3) ^ text.len()) % SLOTS;
        let (id, a, len, handle) = CACHE.with(|c| c[slot].get());
        if id == self.id && a == addr && len == text.len() {
            return handle == name.0;
        }
        self.op_name_is_uncached(name, text, slot)
    }

    #[cold]
    #[inline(never)]
    fn op_name_is_uncached(&self, name: OpName, text: &'static str, slot: usize) -> bool {
        match self.find_op_name(text) {
            Some(handle) => {
                CACHE.with(|c| c[slot].set((self.id, text.as_ptr() as usize, text.len(), handle.0)));
                handle == name
            }
            // Not interned yet (so not `name`); cached once it is.
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_only_the_named_op_and_per_context() {
        let a = Context::new();
        let b = Context::new();
        let x = a.op_name("test.x");
        let y = a.op_name("test.y");
        assert!(a.op_name_is(x, "test.x"));
        assert!(!a.op_name_is(y, "test.x"));
        assert!(!a.op_name_is(x, "test.unknown"));
        // Another context numbers names differently: `b` knows only test.y.
        let by = b.op_name("test.y");
        assert!(!b.op_name_is(by, "test.x"));
        assert!(b.op_name_is(by, "test.y"));
        // Interned after a miss: found on the next query.
        let bx = b.op_name("test.x");
        assert!(b.op_name_is(bx, "test.x"));
        assert!(a.op_name_is(x, "test.x"));
    }
}
