//! Analyses cached per op, invalidated after a pass unless it says it
//! preserved them (MLIR's `AnalysisManager` / `PreservedAnalyses`).

use std::any::{Any, TypeId};

/// What a pass kept valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreservedAnalyses {
    All,
    /// Only these analyses (by type) stay valid.
    Some(Vec<TypeId>),
}

impl PreservedAnalyses {
    pub fn none() -> PreservedAnalyses {
        PreservedAnalyses::Some(Vec::new())
    }
    pub fn preserve<T: Any>(mut self) -> PreservedAnalyses {
        if let PreservedAnalyses::Some(v) = &mut self {
            v.push(TypeId::of::<T>());
        }
        self
    }
    /// All when `changed` is false, otherwise none.
    pub fn unless_changed(changed: bool) -> PreservedAnalyses {
        if changed {
            PreservedAnalyses::none()
        } else {
            PreservedAnalyses::All
        }
    }
}

/// Cached analyses of one op.
#[derive(Default)]
pub struct AnalysisManager {
    cache: Vec<(TypeId, Box<dyn Any + Send>)>,
}

impl AnalysisManager {
    /// The cached analysis of type `T`, computing it with `compute` if absent.
    pub fn get_or_compute<T: Any + Send>(&mut self, compute: impl FnOnce() -> T) -> &mut T {
        let id = TypeId::of::<T>();
        let pos = match self.cache.iter().position(|(t, _)| *t == id) {
            Some(p) => p,
            None => {
                self.cache.push((id, Box::new(compute())));
                self.cache.len() - 1
            }
        };
        self.cache[pos].1.downcast_mut::<T>().expect("analysis cached under its own type")
    }
    pub fn cached<T: Any + Send>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.cache.iter().find(|(t, _)| *t == id).and_then(|(_, a)| a.downcast_ref::<T>())
    }
    /// Drops what `preserved` does not keep.
    pub fn invalidate(&mut self, preserved: &PreservedAnalyses) {
        match preserved {
            PreservedAnalyses::All => {}
            PreservedAnalyses::Some(keep) => self.cache.retain(|(t, _)| keep.contains(t)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Dom(u32);
    struct Other;

    #[test]
    fn caches_until_invalidated() {
        let mut am = AnalysisManager::default();
        let mut computed = 0;
        am.get_or_compute(|| {
            computed += 1;
            Dom(7)
        });
        am.get_or_compute(|| {
            computed += 1;
            Dom(8)
        });
        assert_eq!(computed, 1);
        am.invalidate(&PreservedAnalyses::none().preserve::<Dom>());
        assert_eq!(am.cached::<Dom>().map(|d| d.0), Some(7));
        am.get_or_compute(|| Other);
        am.invalidate(&PreservedAnalyses::none().preserve::<Dom>());
        assert!(am.cached::<Other>().is_none());
        am.invalidate(&PreservedAnalyses::none());
        assert!(am.cached::<Dom>().is_none());
    }
}
