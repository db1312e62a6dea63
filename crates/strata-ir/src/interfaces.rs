//! Interfaces: typed hooks that a dialect or an op definition carries for
//! layers above the IR core (rewriting, inlining, call graphs), keyed by the
//! hook's Rust type as MLIR keys interfaces by TypeID.
//!
//! The IR crate cannot name the types of the layers above it (a rewrite
//! pattern, an inliner policy), so an `OpDef` or `DialectDef` stores them
//! type-erased and the layer that defines a hook type looks it up again with
//! [`InterfaceMap::get`].

use std::any::{Any, TypeId};
use std::sync::Arc;

/// Hooks by type; at most one value per type.
#[derive(Clone, Default)]
pub struct InterfaceMap {
    entries: Vec<(TypeId, Arc<dyn Any + Send + Sync>)>,
}

impl InterfaceMap {
    /// Adds `value`, replacing an earlier value of the same type.
    pub fn insert<T: Any + Send + Sync>(&mut self, value: T) {
        let id = TypeId::of::<T>();
        self.entries.retain(|(t, _)| *t != id);
        self.entries.push((id, Arc::new(value)));
    }

    pub fn get<T: Any + Send + Sync>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.entries.iter().find(|(t, _)| *t == id).and_then(|(_, v)| v.downcast_ref::<T>())
    }

    pub fn contains<T: Any + Send + Sync>(&self) -> bool {
        self.get::<T>().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Hook(u32);
    struct Other;

    #[test]
    fn lookup_by_type() {
        let mut m = InterfaceMap::default();
        assert!(m.get::<Hook>().is_none());
        m.insert(Hook(1));
        m.insert(Hook(2));
        assert_eq!(m.get::<Hook>().map(|h| h.0), Some(2));
        assert!(!m.contains::<Other>());
    }
}
