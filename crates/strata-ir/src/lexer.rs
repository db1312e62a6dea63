//! The MLIR lexer: turns source text into tokens with byte spans.
//!
//! Lexical rules follow `mlir/lib/AsmParser/Lexer.cpp`: bare identifiers may
//! hold `.` and `$`, SSA/block/symbol ids take suffix ids, `//` comments run
//! to the end of the line, and the parser may rewind (`reset_to`) to split a
//! token, which is how shapes such as `4x?xf32` are read.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    Eof,
    Error,
    BareIdent,
    /// `%name` (span includes `%`).
    PercentIdent,
    /// `^name`.
    CaretIdent,
    /// `@name` or `@"string"`.
    AtIdent,
    /// `#name`.
    HashIdent,
    /// `!name`.
    ExclaimIdent,
    Integer,
    Float,
    String,
    LParen,
    RParen,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    Less,
    Greater,
    Comma,
    Colon,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    Ellipsis,
    Vertical,
    /// `/` (not followed by `/`); no MLIR syntax uses it, so the parser
    /// reports the construct it expected instead.
    Slash,
    /// `{-#`
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

#[derive(Copy, Clone, Debug)]
pub struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
}

pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// Message for the last `Tok::Error`.
    pub error: Option<&'static str>,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}
fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}
fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer { src: src.as_bytes(), pos: 0, error: None }
    }

    pub fn reset_to(&mut self, pos: u32) {
        self.pos = pos as usize;
    }

    fn peek(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    fn tok(&self, kind: Tok, start: usize) -> Token {
        Token { kind, start: start as u32, end: self.pos as u32 }
    }

    fn err(&mut self, start: usize, msg: &'static str) -> Token {
        self.error = Some(msg);
        self.tok(Tok::Error, start)
    }

    // Not `Iterator::next`: the stream never ends (it yields `Eof` forever)
    // and the parser peeks and rewinds by position.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Token {
        loop {
            // Skip whitespace and comments.
            while self.pos < self.src.len() {
                match self.src[self.pos] {
                    b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                    b'/' if self.peek(1) == b'/' => {
                        while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                            self.pos += 1;
                        }
                    }
                    _ => break,
                }
            }
            let start = self.pos;
            if self.pos >= self.src.len() {
                return self.tok(Tok::Eof, start);
            }
            let c = self.src[self.pos];
            self.pos += 1;
            let simple = |k| Some(k);
            let kind = match c {
                b'(' => simple(Tok::LParen),
                b')' => simple(Tok::RParen),
                b'[' => simple(Tok::LSquare),
                b']' => simple(Tok::RSquare),
                b'{' => {
                    if self.peek(0) == b'-' && self.peek(1) == b'#' {
                        self.pos += 2;
                        simple(Tok::FileMetadataBegin)
                    } else {
                        simple(Tok::LBrace)
                    }
                }
                b'}' => simple(Tok::RBrace),
                b'<' => simple(Tok::Less),
                b'>' => simple(Tok::Greater),
                b',' => simple(Tok::Comma),
                b':' => simple(Tok::Colon),
                b'=' => simple(Tok::Equal),
                b'?' => simple(Tok::Question),
                b'*' => simple(Tok::Star),
                b'+' => simple(Tok::Plus),
                b'|' => simple(Tok::Vertical),
                b'/' => simple(Tok::Slash),
                b'-' => {
                    if self.peek(0) == b'>' {
                        self.pos += 1;
                        simple(Tok::Arrow)
                    } else {
                        simple(Tok::Minus)
                    }
                }
                b'.' if self.peek(0) == b'.' && self.peek(1) == b'.' => {
                    self.pos += 2;
                    simple(Tok::Ellipsis)
                }
                b'"' => return self.lex_string(start),
                b'%' => return self.lex_prefixed(start, Tok::PercentIdent),
                b'^' => return self.lex_prefixed(start, Tok::CaretIdent),
                b'#' => {
                    if self.peek(0) == b'-' && self.peek(1) == b'}' {
                        self.pos += 2;
                        simple(Tok::FileMetadataEnd)
                    } else {
                        return self.lex_prefixed(start, Tok::HashIdent);
                    }
                }
                b'!' => return self.lex_prefixed(start, Tok::ExclaimIdent),
                b'@' => return self.lex_at(start),
                b'0'..=b'9' => return self.lex_number(start),
                c if is_ident_start(c) => {
                    while self.pos < self.src.len() && is_ident_char(self.src[self.pos]) {
                        self.pos += 1;
                    }
                    simple(Tok::BareIdent)
                }
                _ => return self.err(start, "unexpected character"),
            };
            if let Some(k) = kind {
                return self.tok(k, start);
            }
        }
    }

    fn lex_prefixed(&mut self, start: usize, kind: Tok) -> Token {
        // `%`/`^` take suffix ids (digits or identifier chars incl. `-`),
        // `#`/`!` take bare identifiers (aliases, dialect namespaces).
        let suffix = matches!(kind, Tok::PercentIdent | Tok::CaretIdent);
        let c = self.peek(0);
        if suffix {
            if c.is_ascii_digit() {
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            } else if is_suffix_char(c) {
                while is_suffix_char(self.peek(0)) {
                    self.pos += 1;
                }
            } else {
                return self
                    .err(start, if kind == Tok::PercentIdent { "invalid SSA name" } else { "invalid block name" });
            }
        } else {
            if !is_ident_start(c) {
                return self.err(
                    start,
                    if kind == Tok::HashIdent { "invalid attribute name" } else { "invalid type identifier" },
                );
            }
            while is_ident_char(self.peek(0)) {
                self.pos += 1;
            }
        }
        self.tok(kind, start)
    }

    fn lex_at(&mut self, start: usize) -> Token {
        let c = self.peek(0);
        if c == b'"' {
            self.pos += 1;
            let t = self.lex_string(start);
            if t.kind == Tok::Error {
                return t;
            }
            return self.tok(Tok::AtIdent, start);
        }
        if !is_ident_start(c) {
            return self.err(start, "@ identifier expected to start with letter or '_'");
        }
        while is_ident_char(self.peek(0)) {
            self.pos += 1;
        }
        self.tok(Tok::AtIdent, start)
    }

    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            if self.pos >= self.src.len() {
                return self.err(start, "expected '\"' in string literal");
            }
            let c = self.src[self.pos];
            self.pos += 1;
            match c {
                b'"' => return self.tok(Tok::String, start),
                b'\n' => return self.err(start, "expected '\"' in string literal"),
                b'\\' => {
                    let e = self.peek(0);
                    if matches!(e, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 1;
                    } else if e.is_ascii_hexdigit() && self.peek(1).is_ascii_hexdigit() {
                        self.pos += 2;
                    } else {
                        return self.err(start, "unknown escape in string literal");
                    }
                }
                _ => {}
            }
        }
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(Tok::Integer, start);
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' {
            return self.tok(Tok::Integer, start);
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let sign = matches!(self.peek(1), b'+' | b'-') as usize;
            if self.peek(1 + sign).is_ascii_digit() {
                self.pos += 1 + sign;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.tok(Tok::Float, start)
    }
}

/// Decodes the contents of a string token (without quotes) into bytes.
pub fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let e = raw[i + 1];
        match e {
            b'"' | b'\\' => {
                out.push(e);
                i += 2;
            }
            b'n' => {
                out.push(b'\n');
                i += 2;
            }
            b't' => {
                out.push(b'\t');
                i += 2;
            }
            _ => {
                let h = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
                out.push(h(raw[i + 1]) * 16 + h(raw[i + 2]));
                i += 3;
            }
        }
    }
    out
}
