//! `--verify-diagnostics`: checks emitted diagnostics against
//! `// expected-error@+1 {{...}}` style annotations in the source, the way
//! MLIR's `SourceMgrDiagnosticVerifierHandler` does.

use strata_ir::diagnostics::{Diagnostic, Severity, SourceFile};
use strata_ir::Context;

pub struct Expectation {
    pub severity: Severity,
    pub line: u32,
    pub message: String,
    /// `expected-*-re`: the message as a pattern, literal text with
    /// `{{regex}}` parts (MLIR's `ExpectedDiag::computeRegex`).
    pub regex: Option<crate::posix_regex::Regex>,
    /// Where the annotation itself is (for "was not produced" errors).
    pub at_line: u32,
    pub at_col: u32,
    pub matched: bool,
}

/// `file:line:col: error: msg`, the annotation's source line and a
/// `^~~~` range as long as its message, as mlir-opt reports problems
/// with an annotation.
fn annotation_error(src: &SourceFile, line: u32, col: u32, len: usize, msg: &str) -> String {
    let mut s = format!("{}:{}:{}: error: {msg}\n", src.name, line, col);
    if let Some(text) = src.line_text(line) {
        s.push_str(text);
        s.push('\n');
        s.push_str(&" ".repeat(col.saturating_sub(1) as usize));
        s.push('^');
        s.push_str(&"~".repeat(len.saturating_sub(1)));
        s.push('\n');
    }
    s
}

/// Finds the expectations in the chunk `range` of the file. Annotations
/// with an invalid regex are left out and reported in `problems` (the
/// chunk still runs, as in mlir-opt).
pub fn collect(
    src: &SourceFile,
    range: std::ops::Range<usize>,
    problems: &mut Vec<String>,
) -> Result<Vec<Expectation>, String> {
    let text = &src.text[range.clone()];
    let (first_line, _) = src.line_col(range.start);
    let mut out = Vec::new();
    let mut last_non_designator_line: Option<u32> = None;
    let mut pending_below: Vec<usize> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let lineno = first_line + i as u32;
        let Some(pos) = line.find("expected-") else {
            if !line.trim().is_empty() {
                for k in pending_below.drain(..) {
                    let e: &mut Expectation = &mut out[k];
                    e.line = lineno;
                }
                last_non_designator_line = Some(lineno);
            }
            continue;
        };
        let rest = &line[pos + "expected-".len()..];
        let (sev, rest) = if let Some(r) = rest.strip_prefix("error") {
            (Severity::Error, r)
        } else if let Some(r) = rest.strip_prefix("warning") {
            (Severity::Warning, r)
        } else if let Some(r) = rest.strip_prefix("note") {
            (Severity::Note, r)
        } else if let Some(r) = rest.strip_prefix("remark") {
            (Severity::Remark, r)
        } else {
            continue;
        };
        let (is_regex, rest) = match rest.strip_prefix("-re") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        // mlir-opt allows spaces before the designator (`expected-error @+1`).
        let (target, rest) = if let Some(r) = rest.trim_start_matches(' ').strip_prefix('@') {
            let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
            let spec = &r[..end];
            let t = if spec == "above" {
                Target::Line(last_non_designator_line.unwrap_or(lineno))
            } else if spec == "below" {
                Target::Below
            } else if let Some(n) = spec.strip_prefix('+') {
                Target::Line(lineno + n.parse::<u32>().map_err(|_| format!("invalid offset in '{spec}'"))?)
            } else if let Some(n) = spec.strip_prefix('-') {
                Target::Line(lineno - n.parse::<u32>().map_err(|_| format!("invalid offset in '{spec}'"))?)
            } else {
                Target::Line(lineno)
            };
            (t, &r[end..])
        } else {
            (Target::Line(lineno), rest)
        };
        let rest = rest.trim_start();
        let Some(body) = rest.strip_prefix("{{") else { continue };
        let Some(end) = body.rfind("}}") else {
            return Err(format!("{}:{}: expected '}}}}' at end of expected-* message", src.name, lineno));
        };
        let message = body[..end].to_string();
        let at_col = pos as u32 + 1;
        let regex = if is_regex {
            match pattern_of(&message) {
                Ok(r) => Some(r),
                Err(why) => {
                    problems.push(annotation_error(src, lineno, at_col, message.chars().count(), &why));
                    continue;
                }
            }
        } else {
            None
        };
        let mut e =
            Expectation { severity: sev, line: lineno, message, regex, at_line: lineno, at_col, matched: false };
        match target {
            Target::Line(l) => e.line = l,
            Target::Below => pending_below.push(out.len()),
        }
        out.push(e);
    }
    Ok(out)
}

/// The pattern of an `expected-*-re` message: text outside `{{ }}` is
/// literal, text inside is a regex.
fn pattern_of(message: &str) -> Result<crate::posix_regex::Regex, String> {
    let mut pattern = String::new();
    let mut rest = message;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&escape(&rest[..open]));
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else { return Err("found start of regex with no end '}}'".to_string()) };
        let part = &after[..close];
        crate::posix_regex::Regex::new(part).map_err(|e| format!("invalid regex: {e}"))?;
        pattern.push('(');
        pattern.push_str(part);
        pattern.push(')');
        rest = &after[close + 2..];
    }
    pattern.push_str(&escape(rest));
    crate::posix_regex::Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

/// `llvm::Regex::escape`: a backslash before every special character.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "()^$|*+?.[]\\{}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

enum Target {
    Line(u32),
    Below,
}

/// Matches diagnostics (and their notes) against expectations; returns the
/// errors for unexpected diagnostics, rendered as MLIR does (expectations
/// left unmatched are for [`unmatched`]).
pub fn check(ctx: &Context, src: &SourceFile, expectations: &mut [Expectation], diags: &[Diagnostic]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut all: Vec<&Diagnostic> = Vec::new();
    for d in diags {
        all.push(d);
        all.extend(d.notes.iter());
    }
    for d in all {
        let line = ctx.file_line_col(d.loc).filter(|(f, _, _)| ctx.str(*f) == src.name).map(|(_, l, _)| l);
        let found = expectations.iter_mut().find(|e| {
            !e.matched
                && e.severity == d.severity
                && Some(e.line) == line
                && e.regex.as_ref().map_or_else(|| d.message.contains(&e.message), |r| r.is_match(&d.message))
        });
        match found {
            Some(e) => e.matched = true,
            None => {
                let mut s = String::new();
                let renderer = strata_ir::diagnostics::DiagRenderer { ctx, sources: vec![src] };
                let mut d2 = d.clone();
                d2.severity = Severity::Error;
                d2.message = format!("unexpected {}: {}", d.severity.as_str(), d.message);
                d2.notes.clear();
                renderer.render(&d2, &mut s);
                problems.push(s);
            }
        }
    }
    problems
}

/// The expectations no diagnostic matched, rendered as mlir-opt does. It
/// reports them once the whole file has run, after every chunk's
/// unexpected diagnostics.
pub fn unmatched(src: &SourceFile, expectations: &[Expectation]) -> Vec<String> {
    expectations
        .iter()
        .filter(|e| !e.matched)
        .map(|e| {
            let msg = format!("expected {} \"{}\" was not produced", e.severity.as_str(), e.message);
            annotation_error(src, e.at_line, e.at_col, e.message.chars().count(), &msg)
        })
        .collect()
}
