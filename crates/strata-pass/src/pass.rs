//! The `Pass` trait, what a pass run sees (`PassTarget`), pass options in
//! mlir-opt's `{key=value ...}` syntax, and statistics.

use std::sync::atomic::{AtomicU64, Ordering};

use strata_ir::diagnostics::Diagnostic;
use strata_ir::{Attribute, Body, Context, Op};

use crate::analysis::{AnalysisManager, PreservedAnalyses};

/// A transformation or analysis run on one operation.
///
/// A pass sees the op it is anchored on and the arena of that op's regions
/// (`PassTarget::body`), which it may change freely. The op itself (its
/// name, location) is read-only, as nested pass managers run passes on
/// sibling ops at the same time; its attributes change only through
/// `PassTarget::set_op_attr`, applied when the pass returns.
pub trait Pass: Send + Sync {
    /// The command-line name (`cse`).
    fn argument(&self) -> &'static str;
    /// The class name mlir-opt shows in timing and IR dumps (`CSE`).
    fn name(&self) -> &'static str;
    /// The op this pass runs on, `None` for any op.
    fn anchor(&self) -> Option<&'static str> {
        None
    }
    /// Options as `--dump-pass-pipeline` prints them (`{max-iterations=10}`),
    /// empty when the pass has none.
    fn options_text(&self) -> String {
        String::new()
    }
    /// Statistics this pass keeps, reported by `--mlir-pass-statistics`.
    fn statistics(&self) -> &[Statistic] {
        &[]
    }
    /// Called when the pass joins a pass manager, with the state shared by
    /// every pass of that pipeline (`pipeline_state.rs`). Passes that
    /// cooperate with others take their shared slot here; others ignore it.
    fn use_pipeline_state(&mut self, _state: &std::sync::Arc<crate::pipeline_state::PipelineState>) {}
    /// Runs on `target`. An `Err` fails the pass (and the whole pipeline).
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic>;
}

/// What a pass run gets: the op it runs on (in `parent`), the arena of the
/// op's regions, the analyses cached for the op, and run-wide settings.
pub struct PassTarget<'a> {
    pub ctx: &'a Context,
    /// The body holding `op` (read-only).
    pub parent: &'a Body,
    pub op: Op,
    /// Whether `op` sits in another op's region (false for the top-level
    /// op). `parent` cannot tell: an op at the root of a body, or detached
    /// into a scratch body for a parallel run, has no parent op there.
    pub nested: bool,
    /// The attribute dictionaries of the ops around `op`, innermost first
    /// (empty for the top-level op), read by [`PassTarget::lookup_attr`].
    pub enclosing: &'a [Attribute],
    /// `op`'s attribute dictionary as the pass leaves it
    /// ([`PassTarget::set_op_attr`]); the pass manager writes it back to
    /// `op` once the pass returns (a module pass attaching a target).
    pub new_op_attrs: Option<Attribute>,
    /// The arena of `op`'s regions.
    pub body: &'a mut Body,
    pub analyses: &'a mut AnalysisManager,
    /// Whether the pass may use more than one thread.
    pub threading: bool,
    /// Warnings and remarks the pass emitted (errors fail the pass instead).
    pub emitted: Vec<Diagnostic>,
    /// The `--mlir-print-ir-*` selection of the run: a pass that runs a
    /// pipeline of its own (the inliner's optimizer) dumps under it too, as
    /// MLIR's nested pipelines inherit the instrumentation.
    pub print_ir: crate::instrument::IrPrinting,
    /// IR dumps of such nested pipelines, in order; printed after the
    /// pass's "Before" dump and before its "After" dump.
    pub dumps: String,
}

impl PassTarget<'_> {
    pub fn emit(&mut self, d: Diagnostic) {
        self.emitted.push(d);
    }

    /// `op`'s attribute dictionary as the pass has left it so far.
    pub fn op_attrs(&self) -> Attribute {
        self.new_op_attrs.unwrap_or_else(|| self.parent.op_attrs(self.op))
    }

    /// Sets (or, with None, removes) attribute `name` of `op` itself, which
    /// the pass otherwise sees read-only in `parent`.
    pub fn set_op_attr(&mut self, name: &str, value: Option<Attribute>) {
        self.new_op_attrs = Some(self.ctx.dict_with(self.op_attrs(), self.ctx.intern_str(name), value));
    }

    /// Attribute `name` of `op` or of the nearest op around it that has
    /// one: how a pass on a function reads a module-level setting (a
    /// target description, as MLIR passes look up `tosa.target_env` or a
    /// data layout on the ancestors).
    pub fn lookup_attr(&self, name: &str) -> Option<Attribute> {
        self.ctx
            .dict_get(self.op_attrs(), name)
            .or_else(|| self.enclosing.iter().find_map(|&d| self.ctx.dict_get(d, name)))
    }
}

/// A named counter (`(S) 3 num-cse'd - Number of operations CSE'd`). Passes
/// run on many ops at once, so it is atomic.
pub struct Statistic {
    pub name: &'static str,
    pub description: &'static str,
    value: AtomicU64,
}

impl Statistic {
    pub const fn new(name: &'static str, description: &'static str) -> Statistic {
        Statistic { name, description, value: AtomicU64::new(0) }
    }
    pub fn add(&self, n: u64) {
        self.value.fetch_add(n, Ordering::Relaxed);
    }
    pub fn get(&self) -> u64 {
        self.value.load(Ordering::Relaxed)
    }
}

/// Parsed `key=value` pass options, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassOptions {
    pub entries: Vec<(String, String)>,
}

impl PassOptions {
    /// Parses the text between a pass's braces (or after `--pass=`):
    /// space-separated `key=value` or bare `key` (meaning `true`); values
    /// may be quoted or wrapped in `{...}`.
    pub fn parse(text: &str) -> Result<PassOptions, String> {
        let mut entries = Vec::new();
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() {
                break;
            }
            let start = i;
            while i < b.len() && b[i] != b'=' && !b[i].is_ascii_whitespace() {
                i += 1;
            }
            let key = text[start..i].to_string();
            if key.is_empty() {
                return Err(format!("expected an option name in '{text}'"));
            }
            let value = if i < b.len() && b[i] == b'=' {
                i += 1;
                let vstart = i;
                let mut depth = 0i32;
                let mut quote = None;
                while i < b.len() {
                    let c = b[i];
                    match quote {
                        Some(q) if c == q => quote = None,
                        Some(_) => {}
                        None => match c {
                            b'"' | b'\'' => quote = Some(c),
                            b'{' | b'[' | b'(' => depth += 1,
                            b'}' | b']' | b')' => depth -= 1,
                            c if c.is_ascii_whitespace() && depth == 0 => break,
                            _ => {}
                        },
                    }
                    i += 1;
                }
                if quote.is_some() || depth != 0 {
                    return Err(format!("unbalanced quotes or braces in option '{key}'"));
                }
                unquote(&text[vstart..i]).to_string()
            } else {
                "true".to_string()
            };
            entries.push((key, value));
        }
        Ok(PassOptions { entries })
    }

    /// Reads each entry with `f(key, value)`; an unknown key is an error
    /// naming the pass, as mlir-opt reports it.
    pub fn apply(&self, pass: &str, mut f: impl FnMut(&str, &str) -> Option<Result<(), String>>) -> Result<(), String> {
        for (k, v) in &self.entries {
            match f(k, v) {
                Some(Ok(())) => {}
                Some(Err(e)) => return Err(format!("for the --{k} option of pass '{pass}': '{v}' value invalid: {e}")),
                None => return Err(format!("<Pass-Options-Parser>: no such option {k}")),
            }
        }
        Ok(())
    }
}

fn unquote(s: &str) -> &str {
    let b = s.as_bytes();
    if b.len() >= 2
        && ((b[0] == b'"' && b[b.len() - 1] == b'"')
            || (b[0] == b'\'' && b[b.len() - 1] == b'\'')
            || (b[0] == b'{' && b[b.len() - 1] == b'}'))
    {
        &s[1..s.len() - 1]
    } else {
        s
    }
}

pub fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" | "1" | "TRUE" | "True" => Ok(true),
        "false" | "0" | "FALSE" | "False" => Ok(false),
        _ => Err("expected a boolean".into()),
    }
}

pub fn parse_int(v: &str) -> Result<i64, String> {
    v.parse::<i64>().map_err(|_| "expected an integer".into())
}

/// A comma-separated list option (`disable-patterns=a,b`).
pub fn parse_list(v: &str) -> Vec<String> {
    v.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_like_mlir_opt() {
        let o = PassOptions::parse("  max-iterations=3 top-down=false test-convergence ").unwrap();
        assert_eq!(
            o.entries,
            vec![
                ("max-iterations".to_string(), "3".to_string()),
                ("top-down".to_string(), "false".to_string()),
                ("test-convergence".to_string(), "true".to_string())
            ]
        );
        let o = PassOptions::parse("op-pipelines={func.func(cse, canonicalize)} x=\"a b\"").unwrap();
        assert_eq!(o.entries[0].1, "func.func(cse, canonicalize)");
        assert_eq!(o.entries[1].1, "a b");
        assert!(PassOptions::parse("x={a").is_err());
    }
}
