//! Instrumentation with mlir-opt's output formats: the `--mlir-timing`
//! execution time report, `--mlir-print-ir-*` dumps, and the
//! `--mlir-pass-statistics` report.

use std::time::Duration;

/// One line of the timing report and the lines nested under it.
#[derive(Clone, Debug, Default)]
pub struct TimingNode {
    pub name: String,
    pub wall: Duration,
    /// Summed over threads (equal to `wall` when run on one thread).
    pub user: Duration,
    pub children: Vec<TimingNode>,
}

impl TimingNode {
    pub fn new(name: &str) -> TimingNode {
        TimingNode { name: name.to_string(), ..Default::default() }
    }
    /// The `idx`-th child, created with `name` if missing.
    pub fn child(&mut self, idx: usize, name: &str) -> &mut TimingNode {
        while self.children.len() <= idx {
            self.children.push(TimingNode::new(name));
        }
        &mut self.children[idx]
    }
}

/// The whole report: `Parser`, the passes, `Output`, then `Rest`/`Total`.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    pub top: Vec<TimingNode>,
    /// Some pass ran on several threads: print a user-time column too.
    pub multi_threaded: bool,
}

impl Timing {
    pub fn report(&self, total: Duration) -> String {
        let mut s = String::new();
        let rule = "===-------------------------------------------------------------------------===\n";
        s.push_str(rule);
        s.push_str("                         ... Execution time report ...\n");
        s.push_str(rule);
        s.push_str(&format!("  Total Execution Time: {:.4} seconds\n\n", total.as_secs_f64()));
        if self.multi_threaded {
            s.push_str("  ----User Time----  ----Wall Time----  ----Name----\n");
        } else {
            s.push_str("  ----Wall Time----  ----Name----\n");
        }
        let user_total: Duration = self.top.iter().map(|n| n.user).sum::<Duration>() + rest(total, &self.top);
        let line = |s: &mut String, user: Duration, wall: Duration, depth: usize, name: &str| {
            if self.multi_threaded {
                s.push_str(&cell(user, user_total));
            }
            s.push_str(&cell(wall, total));
            s.push_str("  ");
            s.push_str(&"  ".repeat(depth));
            s.push_str(name);
            s.push('\n');
        };
        fn walk(
            s: &mut String,
            n: &TimingNode,
            depth: usize,
            line: &dyn Fn(&mut String, Duration, Duration, usize, &str),
        ) {
            line(s, n.user, n.wall, depth, &n.name);
            for c in &n.children {
                walk(s, c, depth + 1, line);
            }
        }
        for n in &self.top {
            walk(&mut s, n, 0, &line);
        }
        let r = rest(total, &self.top);
        line(&mut s, r, r, 0, "Rest");
        line(&mut s, user_total, total, 0, "Total");
        s
    }
}

fn rest(total: Duration, top: &[TimingNode]) -> Duration {
    total.saturating_sub(top.iter().map(|n| n.wall).sum())
}

fn cell(d: Duration, total: Duration) -> String {
    let pct = if total.is_zero() { 0.0 } else { 100.0 * d.as_secs_f64() / total.as_secs_f64() };
    format!("  {:>8.4} ({:>5.1}%)", d.as_secs_f64(), pct)
}

/// Which IR dumps to print (to stderr), as `--mlir-print-ir-*` select them.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    pub after_change: bool,
    pub after_failure: bool,
    /// Pass arguments from `--mlir-print-ir-before=`/`--mlir-print-ir-after=`.
    pub before: Vec<String>,
    pub after: Vec<String>,
    pub generic: bool,
}

impl IrPrinting {
    pub fn any(&self) -> bool {
        self.before_all
            || self.after_all
            || self.after_change
            || self.after_failure
            || !self.before.is_empty()
            || !self.after.is_empty()
    }
    pub fn wants_before(&self, argument: &str) -> bool {
        self.before_all || self.before.iter().any(|a| a == argument)
    }
    /// Whether a pass's "After" dump is asked for at all; with
    /// `--mlir-print-ir-after-change` it is then printed only if the pass
    /// changed the IR (the flag filters, it never selects passes itself).
    pub fn wants_after(&self, argument: &str) -> bool {
        self.after_all || self.after.iter().any(|a| a == argument)
    }
}

/// The header line of an IR dump.
pub fn dump_header(when: &str, pass_name: &str, argument: &str) -> String {
    format!("// -----// IR Dump {when} {pass_name} ({argument}) //----- //\n")
}
