//! `--split-input-file[=MARKER]`: cutting the input into chunks exactly as
//! mlir-opt 22 (`splitAndProcessBuffer`) does, quirks included, so that the
//! same file gives the same chunks, locations and warnings.
//!
//! The text is split on the marker without its last two bytes; a piece
//! ends a chunk only if it starts with those two bytes and is followed by a
//! byte other than `0` (upstream's check, meant to reject a longer dash run,
//! compares with `'0'`). Any other piece is a "near miss": it is warned about
//! and glued back onto the chunk. Markers match anywhere, also mid-line. When
//! the text starts with the marker, the first chunk keeps the two bytes.

use std::ops::Range;

/// The marker `--split-input-file` uses when given without a value.
pub const DEFAULT_MARKER: &str = "// -----";

/// Bytes of the marker checked after a match of the rest of it.
const CHECK_LEN: usize = 2;

/// The chunks of `text` and the offsets of near misses (each warned about
/// with "near miss with file split marker").
pub struct Split {
    pub chunks: Vec<Range<usize>>,
    pub near_misses: Vec<usize>,
}

/// Rejects markers the splitter cannot use: mlir-opt loops forever on a
/// marker of fewer than three bytes (it splits on the empty string).
pub fn check_marker(marker: &str) -> Result<(), String> {
    if marker.len() <= CHECK_LEN {
        return Err(format!(
            "the split marker '{marker}' is too short: it needs at least {} characters",
            CHECK_LEN + 1
        ));
    }
    if !marker.is_ascii() {
        return Err(format!("the split marker '{marker}' must be ASCII"));
    }
    Ok(())
}

/// Splits `text` on `marker` (checked by [`check_marker`]).
pub fn split(text: &str, marker: &str) -> Split {
    let head = &marker[..marker.len() - CHECK_LEN];
    let tail = &marker[marker.len() - CHECK_LEN..];
    // `StringRef::split`: the pieces between non-overlapping matches of `head`.
    let mut pieces = Vec::new();
    let mut start = 0;
    for (at, _) in text.match_indices(head) {
        pieces.push(start..at);
        start = at + head.len();
    }
    pieces.push(start..text.len());

    let bytes = text.as_bytes();
    let mut chunks = Vec::new();
    let mut near_misses = Vec::new();
    let mut prev: Range<usize> = 0..0;
    for piece in pieces {
        if prev.is_empty() {
            prev = piece;
            continue;
        }
        let body = &bytes[piece.clone()];
        if body.starts_with(tail.as_bytes()) && body.len() > CHECK_LEN && body[CHECK_LEN] != b'0' {
            chunks.push(prev);
            prev = piece.start + CHECK_LEN..piece.end;
        } else {
            near_misses.push(piece.start);
            prev = prev.start..piece.end;
        }
    }
    if !prev.is_empty() {
        chunks.push(prev);
    }
    Split { chunks, near_misses }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
        split(text, marker).chunks.into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn splits_on_the_marker_anywhere_in_a_line() {
        assert_eq!(chunks("a\n// -----\nb // -----\nc", DEFAULT_MARKER), vec!["a\n", "\nb ", "\nc"]);
    }

    #[test]
    fn longer_dash_runs_split_and_keep_the_extra_dash() {
        assert_eq!(chunks("a\n// ------\nb", DEFAULT_MARKER), vec!["a\n", "-\nb"]);
    }

    #[test]
    fn near_misses_are_glued_back_and_reported() {
        let text = "a\n// ---\nb\n// -----0\nc";
        let s = split(text, DEFAULT_MARKER);
        assert_eq!(s.chunks, vec![0..text.len()]);
        assert_eq!(s.near_misses, vec![text.find("\nb").unwrap(), text.find("--0").unwrap()]);
    }

    #[test]
    fn a_leading_marker_is_not_dropped_and_empty_text_has_no_chunk() {
        assert_eq!(chunks("// -----\nx", DEFAULT_MARKER), vec!["--\nx"]);
        assert!(chunks("", DEFAULT_MARKER).is_empty());
    }

    #[test]
    fn custom_markers() {
        assert_eq!(chunks("a\n// ===\nb\n//   ===\nc", "// ==="), vec!["a\n", "\nb\n//   ===\nc"]);
        assert!(check_marker("ab").is_err());
        assert!(check_marker("abc").is_ok());
    }
}
