//! Diagnostics: errors, warnings and notes with locations, rendered the way
//! MLIR's `SourceMgrDiagnosticHandler` prints them:
//!
//! ```text
//! file.mlir:3:8: error: message
//!   %0 = foo
//!        ^
//! ```

use crate::context::Context;
use crate::location::{LocData, Location};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Location,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn error(loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, loc, message: message.into(), notes: vec![] }
    }
    pub fn warning(loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, loc, message: message.into(), notes: vec![] }
    }
    pub fn note(loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Note, loc, message: message.into(), notes: vec![] }
    }
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Diagnostic::note(loc, message));
        self
    }
}

/// A source buffer known to the renderer, to show the offending line.
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
    /// Bytes of the input that were not valid UTF-8, by offset, in order;
    /// `text` holds [`INVALID_UTF8_PLACEHOLDER`] in their place.
    invalid_utf8: Vec<(usize, u8)>,
}

/// Stands in `SourceFile::text` for each byte of the input that is not
/// valid UTF-8. MLIR reads bytes: such bytes are fine in comments and
/// strings (they mean themselves, like a `\FF` escape), so the placeholder
/// keeps every offset and column while the lexer still rejects it anywhere
/// else (DEL is not an MLIR character).
pub const INVALID_UTF8_PLACEHOLDER: u8 = 0x7f;

impl SourceFile {
    pub fn new(name: &str, text: String) -> SourceFile {
        SourceFile { name: name.to_string(), line_starts: line_starts(text.as_bytes()), text, invalid_utf8: Vec::new() }
    }

    /// A source from raw bytes that need not be UTF-8 (see
    /// [`INVALID_UTF8_PLACEHOLDER`]).
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> SourceFile {
        let mut invalid_utf8 = Vec::new();
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let mut bytes = e.into_bytes();
                let mut at = 0;
                while at < bytes.len() {
                    match std::str::from_utf8(&bytes[at..]) {
                        Ok(_) => break,
                        Err(e) => {
                            let bad = at + e.valid_up_to();
                            // `None`: a truncated sequence at the end, all of it invalid.
                            let len = e.error_len().unwrap_or(bytes.len() - bad);
                            for i in bad..bad + len {
                                invalid_utf8.push((i, bytes[i]));
                                bytes[i] = INVALID_UTF8_PLACEHOLDER;
                            }
                            at = bad + len;
                        }
                    }
                }
                String::from_utf8(bytes).expect("every invalid byte was replaced by ASCII")
            }
        };
        SourceFile { name: name.to_string(), line_starts: line_starts(text.as_bytes()), text, invalid_utf8 }
    }

    /// Puts the original bytes back into `bytes`, a copy of `text` starting
    /// at offset `start` (the body of a string literal).
    pub fn restore_invalid_utf8(&self, start: usize, bytes: &mut [u8]) {
        let first = self.invalid_utf8.partition_point(|&(at, _)| at < start);
        for &(at, b) in &self.invalid_utf8[first..] {
            if at >= start + bytes.len() {
                break;
            }
            bytes[at - start] = b;
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        (line as u32 + 1, (offset - self.line_starts[line]) as u32 + 1)
    }

    /// Like [`SourceFile::line_col`], starting the search at line `*hint`
    /// (0-based) and leaving the found line there: O(1) for a parser that
    /// moves forward through the text.
    pub fn line_col_from(&self, offset: usize, hint: &mut usize) -> (u32, u32) {
        let mut i = (*hint).min(self.line_starts.len() - 1);
        if self.line_starts[i] > offset {
            return self.line_col(offset);
        }
        while i + 1 < self.line_starts.len() && self.line_starts[i + 1] <= offset {
            i += 1;
            if i > *hint + 64 {
                let (l, c) = self.line_col(offset);
                *hint = l as usize - 1;
                return (l, c);
            }
        }
        *hint = i;
        (i as u32 + 1, (offset - self.line_starts[i]) as u32 + 1)
    }

    pub fn line_text(&self, line: u32) -> Option<&str> {
        let i = line.checked_sub(1)? as usize;
        let start = *self.line_starts.get(i)?;
        let end = self.line_starts.get(i + 1).map_or(self.text.len(), |e| e - 1);
        let s = &self.text[start..end.max(start)];
        Some(s.strip_suffix('\r').unwrap_or(s))
    }

    /// Byte offset of a 1-based line and column.
    pub fn offset(&self, line: u32, col: u32) -> Option<usize> {
        let start = *self.line_starts.get(line.checked_sub(1)? as usize)?;
        Some(start + col.saturating_sub(1) as usize)
    }
}

/// Renders diagnostics as text, with source excerpts for known files.
pub struct DiagRenderer<'a> {
    pub ctx: &'a Context,
    pub sources: Vec<&'a SourceFile>,
}

impl DiagRenderer<'_> {
    pub fn render(&self, d: &Diagnostic, out: &mut String) {
        self.render_one(d, out, true);
        for n in &d.notes {
            // A note at the diagnostic's own location repeats no excerpt.
            self.render_one(n, out, n.loc != d.loc);
        }
    }

    fn render_one(&self, d: &Diagnostic, out: &mut String, excerpt: bool) {
        use std::fmt::Write;
        match self.ctx.file_line_col(d.loc) {
            Some((file, line, col)) => {
                let file = self.ctx.str(file);
                let _ = writeln!(out, "{file}:{line}:{col}: {}: {}", d.severity.as_str(), d.message);
                if !excerpt || d.message.contains('\n') {
                    return;
                }
                if let Some(src) = self.sources.iter().find(|s| s.name == file) {
                    if let Some(text) = src.line_text(line) {
                        let _ = writeln!(out, "{text}");
                        let caret_col = (col as usize).saturating_sub(1).min(text.len());
                        let pad: String =
                            text[..caret_col].chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                        let _ = writeln!(out, "{pad}^");
                    }
                }
            }
            None => {
                // Like llvm::SourceMgr for a message without a source
                // position; a known location is spelled out in the message.
                let _ = write!(out, "<unknown>:0: {}: ", d.severity.as_str());
                if !matches!(self.ctx.loc_data(d.loc), LocData::Unknown) {
                    let _ = write!(out, "{}: ", crate::printer::location_to_string(self.ctx, d.loc));
                }
                let _ = writeln!(out, "{}", d.message);
            }
        }
    }
}

/// Offsets where lines start. Inputs run to many megabytes, so the scan
/// tests eight bytes at a time for a newline before looking at each.
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0);
    let chunks = bytes.chunks_exact(8);
    let tail = chunks.remainder();
    for (k, chunk) in chunks.enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or_default()) ^ (ONES * b'\n' as u64);
        // Nonzero exactly when some byte of `x` is zero, i.e. was a newline.
        if x.wrapping_sub(ONES) & !x & (ONES << 7) != 0 {
            starts.extend(chunk.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(j, _)| k * 8 + j + 1));
        }
    }
    let base = bytes.len() - tail.len();
    starts.extend(tail.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(j, _)| base + j + 1));
    starts
}

#[cfg(test)]
mod tests {
    #[test]
    fn line_starts_match_a_plain_scan() {
        for text in
            ["", "\n", "a", "abcdefgh\n", "abcdefg\nabcdefgh\n\n\nxyz", "\n\n\n\n\n\n\n\n\n", "0123456789abcdef\n0123"]
        {
            let plain: Vec<usize> = std::iter::once(0)
                .chain(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1))
                .collect();
            assert_eq!(super::line_starts(text.as_bytes()), plain, "{text:?}");
        }
    }
}
