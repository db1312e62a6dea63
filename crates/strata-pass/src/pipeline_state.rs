//! State shared by the passes of one pipeline.
//!
//! Some pass pairs cooperate: OneFlow's `cse-with-attributes-ignored`
//! records attribute values that `cse-put-attributes` puts back later in
//! the same pipeline. That state belongs to the pipeline, not to the
//! process: every `OpPassManager` tree owns one `PipelineState`, created
//! with the root manager and shared by its nested managers, and hands it to
//! each pass as the pass is added (`Pass::use_pipeline_state`). A pass asks
//! the state for a slot by type; passes asking for the same type in the
//! same pipeline get the same `Arc`, while two pipelines never share one.

use std::any::{Any, TypeId};
use std::sync::{Arc, Mutex};

/// A type-keyed map of shared slots (one value per type).
#[derive(Default)]
pub struct PipelineState {
    slots: Mutex<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>,
}

impl PipelineState {
    pub fn new() -> Arc<PipelineState> {
        Arc::new(PipelineState::default())
    }

    /// The slot of type `T`, created with `T::default()` on first use.
    pub fn slot<T: Any + Send + Sync + Default>(&self) -> Arc<T> {
        // A poisoned lock only means another pass panicked while holding
        // it; the list itself is always consistent.
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let id = TypeId::of::<T>();
        if let Some((_, v)) = slots.iter().find(|(t, _)| *t == id) {
            if let Ok(v) = v.clone().downcast::<T>() {
                return v;
            }
        }
        let v = Arc::new(T::default());
        slots.push((id, v.clone()));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[derive(Default)]
    struct Counter(AtomicU32);

    #[test]
    fn slots_are_shared_per_state_and_separate_between_states() {
        let a = PipelineState::new();
        let b = PipelineState::new();
        a.slot::<Counter>().0.fetch_add(1, Ordering::Relaxed);
        a.slot::<Counter>().0.fetch_add(1, Ordering::Relaxed);
        assert_eq!(a.slot::<Counter>().0.load(Ordering::Relaxed), 2);
        assert_eq!(b.slot::<Counter>().0.load(Ordering::Relaxed), 0);
    }
}
