//! The textual pipeline grammar of `--pass-pipeline`, parsed with the
//! algorithm (and error messages) of MLIR's `TextualPipeline`:
//!
//! ```text
//! pipeline := element (',' element)*
//! element  := op-name '(' pipeline ')'       a nested pass manager
//!           | pass-name ('{' options '}')?   a pass
//! ```
//!
//! An empty name is an error (`builtin.module(cse,)`, `func.func()`), except
//! that the whole text inside the outermost anchor may be empty.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineElement {
    Pass { name: String, options: String },
    Nested { anchor: String, elements: Vec<PipelineElement> },
}

/// Name of the buffer MLIR's pipeline parser reports errors in.
const PARSER_BUFFER: &str = "MLIR Textual PassPipeline Parser";

/// Parses the structure of a pipeline (the text inside an anchor's
/// parentheses, or an option such as the inliner's `default-pipeline`),
/// as MLIR's `TextualPipeline::parsePipelineText` does; empty text is the
/// empty pipeline. Names are not checked against any registry.
pub fn parse_pipeline(text: &str) -> Result<Vec<PipelineElement>, String> {
    parse_pipeline_resolved(text, &|_| true)
}

/// [`parse_pipeline`], then every pass name checked with `is_pass`, as
/// MLIR's `resolvePipelineElements` does. Errors are MLIR's: a message in
/// the pipeline text's own buffer, with the line and a caret.
pub fn parse_pipeline_resolved(text: &str, is_pass: &dyn Fn(&str) -> bool) -> Result<Vec<PipelineElement>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let elements = parse_structure(text).map_err(|(at, msg)| render_error(text, at, &msg))?;
    resolve(&elements, is_pass).map_err(|(at, msg)| render_error(text, at, &msg))?;
    Ok(elements.into_iter().map(Located::into_element).collect())
}

/// `--pass-pipeline`: `anchor(pipeline)`, split as MLIR's `parsePassPipeline`
/// does (the text is trimmed; it must contain a `(` after a non-empty
/// anchor and end with `)`). Returns the anchor and its elements.
pub fn parse_anchored_pipeline(
    text: &str,
    is_pass: &dyn Fn(&str) -> bool,
) -> Result<(String, Vec<PipelineElement>), String> {
    let text = text.trim();
    let inner = match (text.find('('), text.strip_suffix(')')) {
        (Some(open), Some(body)) if open > 0 => Some((open, body)),
        _ => None,
    };
    let Some((open, body)) = inner else {
        return Err("expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"
            .to_string());
    };
    let anchor = text[..open].trim_end().to_string();
    let elements = parse_pipeline_resolved(&body[open + 1..], is_pass)?;
    Ok((anchor, elements))
}

/// A pipeline element with the offset of its name, for resolution errors.
struct Located {
    name: String,
    name_at: usize,
    options: String,
    inner: Vec<Located>,
}

impl Located {
    fn into_element(self) -> PipelineElement {
        if self.inner.is_empty() {
            PipelineElement::Pass { name: self.name, options: self.options }
        } else {
            PipelineElement::Nested {
                anchor: self.name,
                elements: self.inner.into_iter().map(Located::into_element).collect(),
            }
        }
    }
}

/// MLIR's `parsePipelineText`: names run up to the next `,(){`; `{...}`
/// (braces nested) are options; `(` opens a nested pipeline; after the
/// closing `)`s (and blanks) a `,` must follow unless the text ends.
/// Errors are (offset, message).
fn parse_structure(text: &str) -> Result<Vec<Located>, (usize, String)> {
    let bytes = text.as_bytes();
    // The stack of open pipelines; the bottom one is the result.
    let mut stack: Vec<Vec<Located>> = vec![Vec::new()];
    let mut pos = 0;
    loop {
        let sep_at = text[pos..].find([',', '(', ')', '{']).map(|i| pos + i);
        let raw = &text[pos..sep_at.unwrap_or(text.len())];
        let name = raw.trim();
        // StringRef::trim on blanks alone leaves an empty name after them.
        let name_at = pos + (raw.len() - raw.trim_start().len());
        stack.last_mut().unwrap().push(Located {
            name: name.to_string(),
            name_at,
            options: String::new(),
            inner: Vec::new(),
        });
        let Some(mut at) = sep_at else { break };
        match bytes[at] {
            b'{' => {
                let open = at;
                let mut depth = 1;
                let mut close = None;
                for (i, &b) in bytes.iter().enumerate().skip(open + 1) {
                    if b == b'{' {
                        depth += 1;
                    } else if b == b'}' {
                        depth -= 1;
                        if depth == 0 {
                            close = Some(i);
                            break;
                        }
                    }
                }
                let Some(close) = close else {
                    return Err((open, "missing closing '}' while processing pass options".to_string()));
                };
                stack.last_mut().unwrap().last_mut().unwrap().options = text[open + 1..close].to_string();
                at = close + 1;
                // Blanks after the options, as after a `)` (MLIR ltrims both).
                while bytes.get(at).is_some_and(|b| b" \t\n\x0b\x0c\r".contains(b)) {
                    at += 1;
                }
            }
            b'(' => {
                stack.push(Vec::new());
                pos = at + 1;
                continue;
            }
            _ => {}
        }
        // Greedily close pipelines, skipping blanks after each `)`.
        while bytes.get(at) == Some(&b')') {
            if stack.len() == 1 {
                return Err((
                    at,
                    "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline".to_string(),
                ));
            }
            let inner = stack.pop().unwrap();
            stack.last_mut().unwrap().last_mut().unwrap().inner = inner;
            at += 1;
            while bytes.get(at).is_some_and(|b| b" \t\n\x0b\x0c\r".contains(b)) {
                at += 1;
            }
        }
        if at >= bytes.len() {
            pos = at;
            break;
        }
        if bytes[at] != b',' {
            return Err((at, "expected ',' after parsing pipeline".to_string()));
        }
        pos = at + 1;
    }
    if stack.len() > 1 {
        return Err((pos.min(text.len()), "encountered unbalanced parentheses while parsing pipeline".to_string()));
    }
    Ok(stack.pop().unwrap())
}

/// MLIR's `resolvePipelineElements`: an element with a nested pipeline is
/// an op anchor, any other must name a pass.
fn resolve(elements: &[Located], is_pass: &dyn Fn(&str) -> bool) -> Result<(), (usize, String)> {
    for e in elements {
        if !e.inner.is_empty() {
            resolve(&e.inner, is_pass)?;
        } else if !is_pass(&e.name) {
            return Err((e.name_at, format!("'{}' does not refer to a registered pass or pass pipeline", e.name)));
        }
    }
    Ok(())
}

/// An error as LLVM's `SourceMgr` prints it for the pipeline buffer:
/// `buffer:line:col: error: message`, the line, and a caret under the column.
fn render_error(text: &str, at: usize, msg: &str) -> String {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = text[..at].matches('\n').count() + 1;
    let col = at - line_start + 1;
    format!("{PARSER_BUFFER}:{line}:{col}: error: {msg}\n{}\n{}^\n", &text[line_start..line_end], " ".repeat(col - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_pipeline_with_options() {
        let p = parse_pipeline("builtin.module(func.func(cse, canonicalize{max-iterations=3 top-down=false}), inline)")
            .unwrap();
        assert_eq!(
            p,
            vec![PipelineElement::Nested {
                anchor: "builtin.module".into(),
                elements: vec![
                    PipelineElement::Nested {
                        anchor: "func.func".into(),
                        elements: vec![
                            PipelineElement::Pass { name: "cse".into(), options: String::new() },
                            PipelineElement::Pass {
                                name: "canonicalize".into(),
                                options: "max-iterations=3 top-down=false".into()
                            },
                        ]
                    },
                    PipelineElement::Pass { name: "inline".into(), options: String::new() },
                ]
            }]
        );
        assert!(parse_pipeline("builtin.module(cse").is_err());
        assert!(parse_pipeline("cse{a=1").is_err());
    }

    #[test]
    fn errors_are_mlirs() {
        let known = |n: &str| n == "cse" || n == "canonicalize";
        let err = |t: &str| parse_anchored_pipeline(t, &known).unwrap_err();
        assert_eq!(err("builtin.module(cse,)"), "MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a registered pass or pass pipeline\ncse,\n    ^\n");
        assert_eq!(err("builtin.module(func.func())"), "MLIR Textual PassPipeline Parser:1:11: error: '' does not refer to a registered pass or pass pipeline\nfunc.func()\n          ^\n");
        assert!(err("").starts_with("expected pass pipeline to be wrapped"));
        assert!(err("builtin.module(cse))").contains("1:4: error: encountered extra closing ')'"));
        assert!(err("builtin.module(func.func(cse) x)").contains("1:16: error: expected ',' after parsing pipeline"));
        // Blanks after an options block are skipped, as after a `)`.
        assert!(parse_pipeline("builtin.module(func.func(canonicalize{max-iterations=10} ), cse)").is_ok());
        assert!(err("builtin.module(func.func(canonicalize{max-iterations=10} x))").contains("expected ','"));
        assert!(err("builtin.module(func.func(cse)").contains("1:11: error: encountered unbalanced parentheses"));
        assert!(err("builtin.module(cse{a=1)").contains("1:4: error: missing closing '}'"));
        assert_eq!(
            parse_anchored_pipeline("builtin.module()", &known).unwrap(),
            ("builtin.module".to_string(), vec![])
        );
        assert_eq!(
            parse_anchored_pipeline(" m ( func.func(cse) , canonicalize ) ", &known).unwrap().1,
            vec![
                PipelineElement::Nested {
                    anchor: "func.func".into(),
                    elements: vec![PipelineElement::Pass { name: "cse".into(), options: String::new() }]
                },
                PipelineElement::Pass { name: "canonicalize".into(), options: String::new() },
            ]
        );
    }
}
