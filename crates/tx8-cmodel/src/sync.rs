//! Functional synchronisation of tile programs running on host threads: a
//! barrier that fails (instead of hanging) when a tile stops or errors while
//! others wait, so barrier mismatches become errors.

use std::sync::{Condvar, Mutex};

use crate::error::SimError;

struct State {
    waiting: u32,
    generation: u64,
    departed: u32,
    failure: Option<String>,
}

/// A barrier for `n` tile programs.
pub struct SpmdBarrier {
    n: u32,
    state: Mutex<State>,
    cv: Condvar,
}

impl SpmdBarrier {
    /// A barrier for `n` participants.
    pub fn new(n: u32) -> Self {
        SpmdBarrier {
            n,
            state: Mutex::new(State { waiting: 0, generation: 0, departed: 0, failure: None }),
            cv: Condvar::new(),
        }
    }

    /// Wait until all `n` tiles arrive. Errors if a tile has already
    /// finished or failed, since the barrier can then never complete.
    pub fn wait(&self, tile: u32) -> Result<(), SimError> {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let refuse = |s: &State| {
            if let Some(f) = &s.failure {
                Some(SimError::Barrier(format!("tile {tile} waits at a barrier but another tile failed: {f}")))
            } else if s.departed > 0 {
                Some(SimError::Barrier(format!(
                    "tile {tile} waits at a barrier that {} finished tile(s) will never reach",
                    s.departed
                )))
            } else {
                None
            }
        };
        if let Some(e) = refuse(&s) {
            return Err(e);
        }
        s.waiting += 1;
        if s.waiting == self.n {
            s.waiting = 0;
            s.generation += 1;
            self.cv.notify_all();
            return Ok(());
        }
        let gen = s.generation;
        loop {
            s = self.cv.wait(s).unwrap_or_else(|p| p.into_inner());
            if s.generation != gen {
                return Ok(());
            }
            if let Some(e) = refuse(&s) {
                s.waiting -= 1;
                return Err(e);
            }
        }
    }

    /// A tile's program ended (with `failure` if it failed or panicked).
    pub fn depart(&self, failure: Option<String>) {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        s.departed += 1;
        if s.failure.is_none() {
            s.failure = failure;
        }
        self.cv.notify_all();
    }
}
