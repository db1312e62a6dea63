//! The `{-# dialect_resources: ..., external_resources: ... #-}` file
//! metadata printed after the top-level op, as MLIR's printer writes it.
//!
//! MLIR keeps a `builtin` dialect resource only while a `dense_resource<...>`
//! attribute in the printed IR refers to it, in the order the printer meets
//! those references; entries of other dialects are
//! dropped (Strata knows no dialect with resources), external resources are
//! all kept. Blobs are decoded and re-encoded, so their hex prints in upper
//! case whatever case it was written in.

use crate::context::{Context, Str};

/// Prints the metadata block for `resources` (`(section/group, key, value
/// text)` as parsed), keeping the `builtin` entries named in `referenced`,
/// in that order.
pub(super) fn print_resources(
    ctx: &Context,
    resources: &[(String, String, String)],
    referenced: &[Str],
    out: &mut String,
) {
    let mut kept: Vec<(&str, &str, &str, &str)> = Vec::new();
    for &handle in referenced {
        let name = ctx.str(handle);
        // A name defined twice keeps its last definition, as MLIR's blob map does.
        if let Some(e) = resources
            .iter()
            .rev()
            .filter_map(entry)
            .find(|e| e.0 == "dialect_resources" && e.1 == "builtin" && e.2 == name)
        {
            kept.push(e);
        }
    }
    kept.extend(resources.iter().filter_map(entry).filter(|e| e.0 != "dialect_resources"));
    if kept.is_empty() {
        return;
    }
    out.push_str("\n{-#\n");
    let sections = first_seen(kept.iter().map(|e| e.0));
    for (si, sec) in sections.iter().enumerate() {
        out.push_str(&format!("  {sec}: {{\n"));
        let groups = first_seen(kept.iter().filter(|e| e.0 == *sec).map(|e| e.1));
        for (gi, g) in groups.iter().enumerate() {
            out.push_str(&format!("    {g}: {{\n"));
            let entries: Vec<_> = kept.iter().filter(|e| e.0 == *sec && e.1 == *g).collect();
            for (ei, (_, _, key, value)) in entries.iter().enumerate() {
                out.push_str("      ");
                print_key(key, out);
                out.push_str(": ");
                print_value(value, out);
                out.push_str(if ei + 1 < entries.len() { ",\n" } else { "\n" });
            }
            out.push_str(if gi + 1 < groups.len() { "    },\n" } else { "    }\n" });
        }
        out.push_str(if si + 1 < sections.len() { "  },\n" } else { "  }\n" });
    }
    out.push_str("#-}\n");
}

/// A parsed resource as (section, group, key, value text).
fn entry((path, key, value): &(String, String, String)) -> Option<(&str, &str, &str, &str)> {
    let (section, group) = path.split_once('/')?;
    Some((section, group, key.as_str(), value.as_str()))
}

/// Distinct items in the order they first appear.
fn first_seen<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for i in items {
        if !seen.contains(&i) {
            seen.push(i);
        }
    }
    seen
}

/// A resource key: bare when it is an identifier, else a quoted string
/// (MLIR's `printKeywordOrString`).
pub(super) fn print_key(key: &str, out: &mut String) {
    if super::types::is_bare_identifier(key) {
        out.push_str(key);
    } else {
        super::types::print_string(key.as_bytes(), out);
    }
}

/// A value as written, except hex blobs (`"0x..."`), re-encoded in upper case.
fn print_value(value: &str, out: &mut String) {
    match value.strip_prefix("\"0x") {
        Some(hex) => {
            out.push_str("\"0x");
            out.push_str(&hex.to_ascii_uppercase());
        }
        None => out.push_str(value),
    }
}
