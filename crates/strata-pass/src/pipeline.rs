//! The textual pipeline grammar of `--pass-pipeline`:
//!
//! ```text
//! pipeline := element (',' element)*
//! element  := op-name '(' pipeline? ')'     a nested pass manager
//!           | pass-name ('{' options '}')?   a pass
//! ```

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineElement {
    Pass { name: String, options: String },
    Nested { anchor: String, elements: Vec<PipelineElement> },
}

/// Parses a pipeline; errors name the offending position.
pub fn parse_pipeline(text: &str) -> Result<Vec<PipelineElement>, String> {
    let mut p = P { s: text.as_bytes(), text, i: 0 };
    let elements = p.list()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("unexpected '{}' at position {} in pipeline '{text}'", &text[p.i..p.i + 1], p.i));
    }
    Ok(elements)
}

struct P<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn list(&mut self) -> Result<Vec<PipelineElement>, String> {
        let mut out = Vec::new();
        loop {
            self.ws();
            if self.i >= self.s.len() || self.s[self.i] == b')' {
                return Ok(out);
            }
            out.push(self.element()?);
            self.ws();
            if self.i < self.s.len() && self.s[self.i] == b',' {
                self.i += 1;
                continue;
            }
            return Ok(out);
        }
    }
    fn element(&mut self) -> Result<PipelineElement, String> {
        let start = self.i;
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || b"_.-$".contains(&self.s[self.i])) {
            self.i += 1;
        }
        if start == self.i {
            return Err(format!("expected pass or pass manager name at position {} in pipeline '{}'", self.i, self.text));
        }
        let name = self.text[start..self.i].to_string();
        self.ws();
        match self.s.get(self.i) {
            Some(b'(') => {
                self.i += 1;
                let elements = self.list()?;
                self.ws();
                if self.s.get(self.i) != Some(&b')') {
                    return Err(format!("expected ')' to close the '{name}' pass manager in pipeline '{}'", self.text));
                }
                self.i += 1;
                Ok(PipelineElement::Nested { anchor: name, elements })
            }
            Some(b'{') => {
                self.i += 1;
                let ostart = self.i;
                let mut depth = 1;
                let mut quote: Option<u8> = None;
                while self.i < self.s.len() {
                    let c = self.s[self.i];
                    match quote {
                        Some(q) if c == q => quote = None,
                        Some(_) => {}
                        None => match c {
                            b'"' | b'\'' => quote = Some(c),
                            b'{' => depth += 1,
                            b'}' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        },
                    }
                    self.i += 1;
                }
                if depth != 0 {
                    return Err(format!("missing '}}' after the options of '{name}' in pipeline '{}'", self.text));
                }
                let options = self.text[ostart..self.i].to_string();
                self.i += 1;
                Ok(PipelineElement::Pass { name, options })
            }
            _ => Ok(PipelineElement::Pass { name, options: String::new() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_pipeline_with_options() {
        let p = parse_pipeline("builtin.module(func.func(cse, canonicalize{max-iterations=3 top-down=false}), inline)").unwrap();
        assert_eq!(
            p,
            vec![PipelineElement::Nested {
                anchor: "builtin.module".into(),
                elements: vec![
                    PipelineElement::Nested {
                        anchor: "func.func".into(),
                        elements: vec![
                            PipelineElement::Pass { name: "cse".into(), options: String::new() },
                            PipelineElement::Pass { name: "canonicalize".into(), options: "max-iterations=3 top-down=false".into() },
                        ]
                    },
                    PipelineElement::Pass { name: "inline".into(), options: String::new() },
                ]
            }]
        );
        assert!(parse_pipeline("builtin.module(cse").is_err());
        assert!(parse_pipeline("cse{a=1").is_err());
        assert_eq!(parse_pipeline("any()").unwrap(), vec![PipelineElement::Nested { anchor: "any".into(), elements: vec![] }]);
    }
}
