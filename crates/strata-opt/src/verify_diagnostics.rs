//! `--verify-diagnostics`: checks emitted diagnostics against
//! `// expected-error@+1 {{...}}` style annotations in the source, the way
//! MLIR's `SourceMgrDiagnosticVerifierHandler` does.

use strata_ir::diagnostics::{Diagnostic, Severity, SourceFile};
use strata_ir::Context;

pub struct Expectation {
    pub severity: Severity,
    pub line: u32,
    pub message: String,
    /// Where the annotation itself is (for "was not produced" errors).
    pub at_line: u32,
    pub at_col: u32,
    pub matched: bool,
}

/// Finds the expectations in lines `[first_line, last_line]` of the file.
pub fn collect(src: &SourceFile, range: std::ops::Range<usize>) -> Result<Vec<Expectation>, String> {
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
        let mut e = Expectation { severity: sev, line: lineno, message, at_line: lineno, at_col, matched: false };
        match target {
            Target::Line(l) => e.line = l,
            Target::Below => pending_below.push(out.len()),
        }
        out.push(e);
    }
    Ok(out)
}

enum Target {
    Line(u32),
    Below,
}

/// Matches diagnostics (and their notes) against expectations; returns the
/// error messages for mismatches, rendered as MLIR does.
pub fn check(ctx: &Context, src: &SourceFile, expectations: &mut [Expectation], diags: &[Diagnostic]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut all: Vec<&Diagnostic> = Vec::new();
    for d in diags {
        all.push(d);
        all.extend(d.notes.iter());
    }
    for d in all {
        let line = ctx.file_line_col(d.loc).filter(|(f, _, _)| ctx.str(*f) == src.name).map(|(_, l, _)| l);
        let found = expectations.iter_mut().find(|e| !e.matched && e.severity == d.severity && Some(e.line) == line && d.message.contains(&e.message));
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
    for e in expectations.iter().filter(|e| !e.matched) {
        let mut s = format!(
            "{}:{}:{}: error: expected {} \"{}\" was not produced\n",
            src.name,
            e.at_line,
            e.at_col,
            e.severity.as_str(),
            e.message
        );
        if let Some(text) = src.line_text(e.at_line) {
            s.push_str(text);
            s.push('\n');
        }
        problems.push(s);
    }
    problems
}
