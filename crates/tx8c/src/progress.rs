//! A progress spinner on stderr for compiles and runs that take more than
//! a second: it appears only after one second (short runs print nothing)
//! and never when stderr is not a terminal or under `--quiet`.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    stage: String,
    shown: bool,
}

impl Progress {
    pub fn new(quiet: bool) -> Progress {
        let bar = (!quiet).then(|| {
            let b = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template("{spinner} tx8c: {msg} ({elapsed})") {
                b.set_style(style);
            }
            b
        });
        Progress { bar, started: Instant::now(), stage: String::new(), shown: false }
    }

    /// Starts a stage; shows the spinner once the whole run passed a second.
    pub fn stage(&mut self, what: &str) {
        self.stage = what.to_string();
        let Some(bar) = &self.bar else { return };
        bar.set_message(self.stage.clone());
        if !self.shown && self.started.elapsed() >= Duration::from_secs(1) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(120));
            self.shown = true;
        } else if !self.shown {
            // Show it from a background tick once a second has passed.
            let b = bar.clone();
            let started = self.started;
            std::thread::spawn(move || {
                let wait = Duration::from_secs(1).saturating_sub(started.elapsed());
                std::thread::sleep(wait);
                if !b.is_finished() {
                    b.set_draw_target(ProgressDrawTarget::stderr());
                    b.enable_steady_tick(Duration::from_millis(120));
                }
            });
            self.shown = true;
        }
    }

    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
