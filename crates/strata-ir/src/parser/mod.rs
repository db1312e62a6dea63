//! The MLIR text parser: tokens, errors and the entry points.
//!
//! One `Parser` reads one buffer (or one `// -----` chunk of it, with the
//! chunk's offset so locations refer to the whole file). Parse errors stop
//! at the first one, as MLIR's parser does; the diagnostic is kept in
//! `Parser::error`. Types live in `types.rs`, attributes and locations in
//! `attrs.rs`, affine maps and sets in `affine.rs`, operations, regions and
//! SSA scoping in `ops.rs`.

mod affine;
mod attrs;
mod ops;
mod sparse;
mod types;

use std::collections::HashMap;

use crate::attributes::Attribute;
use crate::body::Body;
use crate::context::{Context, Str};
use crate::diagnostics::{Diagnostic, SourceFile};
use crate::entity::Op;
use crate::lexer::{unescape, Lexer, Tok, Token};
use crate::location::Location;
use crate::types::Type;

pub use attrs::dense_element_bytes;
pub use ops::{EntryArg, OpState, OperandRef};

/// Hook for ops with hand-written syntax: parses everything after the op
/// name and fills `state`.
pub type CustomParseFn = fn(&mut Parser<'_>, &mut OpState) -> PResult<()>;

pub type PResult<T> = Result<T, ()>;

/// Options of one parse.
#[derive(Clone, Copy, Default)]
pub struct ParseOptions {
    pub allow_unregistered: bool,
}

/// A parsed top-level unit: the arena holding the top-level op.
pub struct ParsedModule {
    pub body: Body,
    /// The top-level op (a `builtin.module`, or with `--no-implicit-module`
    /// whatever single op the file holds).
    pub op: Op,
    /// `{-# dialect_resources: ... #-}` and `external_resources` entries kept
    /// verbatim for re-printing: (section, key, value text).
    pub resources: Vec<(String, String, String)>,
}

pub struct Parser<'a> {
    pub ctx: &'a Context,
    src: &'a str,
    /// Offset of `src` within the file (for `--split-input-file` chunks).
    base: usize,
    file: Str,
    source: &'a SourceFile,
    lex: Lexer<'a>,
    tok: Token,
    /// End of the previous token (to test adjacency, as in `!foo.bar<`).
    last_end: u32,
    pub error: Option<Diagnostic>,
    pub options: ParseOptions,
    type_aliases: HashMap<String, Type>,
    attr_aliases: HashMap<String, Attribute>,
    resources: Vec<(String, String, String)>,
    pub(crate) state: ops::ParseState<'a>,
    /// Current nesting of types, attributes and regions being parsed.
    depth: u32,
    /// Line of the last location computed (locations are mostly asked for
    /// in increasing order, so the next search starts there).
    line_hint: std::cell::Cell<usize>,
    /// Aliases parsed ahead of their definition (their definition is then
    /// not a redefinition).
    pub(crate) ahead_aliases: Vec<String>,
    /// The custom-form op being parsed (None inside a generic op): MLIR's
    /// `OpAsmParser::emitError` prefixes messages with `custom op 'name' `.
    pub(crate) custom_op: Option<crate::context::OpName>,
}

/// Deepest nesting the parser accepts: far beyond real IR, and shallow
/// enough that recursion stays within the stack `strata-opt` gives it.
pub const MAX_NESTING: u32 = 10_000;

impl<'a> Parser<'a> {
    pub fn new(
        ctx: &'a Context,
        source: &'a SourceFile,
        range: std::ops::Range<usize>,
        options: ParseOptions,
    ) -> Parser<'a> {
        let src = &source.text[range.clone()];
        let mut lex = Lexer::new(src);
        let tok = lex.next();
        Parser {
            ctx,
            src,
            base: range.start,
            file: ctx.intern_str(&source.name),
            source,
            lex,
            tok,
            last_end: 0,
            error: None,
            options,
            type_aliases: HashMap::new(),
            attr_aliases: HashMap::new(),
            resources: Vec::new(),
            state: ops::ParseState::default(),
            depth: 0,
            ahead_aliases: Vec::new(),
            line_hint: std::cell::Cell::new(0),
            custom_op: None,
        }
    }

    // ---- tokens ----

    #[inline]
    pub fn tok(&self) -> Tok {
        self.tok.kind
    }
    #[inline]
    pub fn spelling(&self) -> &'a str {
        &self.src[self.tok.start as usize..self.tok.end as usize]
    }
    #[inline]
    pub fn bump(&mut self) {
        self.last_end = self.tok.end;
        self.tok = self.lex.next();
    }
    /// Consumes the token if it has kind `k`.
    #[inline]
    pub fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }
    /// Consumes the bare keyword `kw` if it is next.
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.tok.kind == Tok::BareIdent && self.spelling() == kw {
            self.bump();
            true
        } else {
            false
        }
    }
    pub fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareIdent && self.spelling() == kw
    }
    pub fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.eat(k) {
            Ok(())
        } else {
            // MLIR's `parseToken` reports through `emitWrongTokenError`.
            self.err_wrong_token(format!("expected {what}"))
        }
    }
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.eat_keyword(kw) {
            Ok(())
        } else {
            self.err_here(format!("expected '{kw}'"))
        }
    }
    /// Re-lexes from `offset` bytes into the current token (to split tokens).
    pub(crate) fn reset_into_token(&mut self, offset: u32) {
        let end = self.tok.start + offset;
        self.lex.reset_to(end);
        self.tok = self.lex.next();
        self.last_end = end;
    }

    // ---- locations and errors ----

    /// Location of a byte offset within `src`.
    pub fn loc_at(&self, offset: u32) -> Location {
        let mut hint = self.line_hint.get();
        let (line, col) = self.source.line_col_from(self.base + offset as usize, &mut hint);
        self.line_hint.set(hint);
        Location::FileLineCol { file: self.file, line, col }
    }
    /// Where mlir-opt places the implicit module and whole-buffer errors:
    /// `0:0` for a whole file (or the first chunk), else the end of the
    /// `// -----` line that starts the chunk.
    pub fn chunk_start_loc(&self) -> Location {
        if self.base == 0 {
            Location::FileLineCol { file: self.file, line: 0, col: 0 }
        } else {
            self.loc_at(0)
        }
    }

    pub fn here(&self) -> Location {
        self.loc_at(self.tok.start)
    }
    /// Records an error at `loc` (the first one wins) and fails.
    pub fn err_at<T>(&mut self, loc: Location, msg: impl Into<String>) -> PResult<T> {
        if self.error.is_none() {
            self.error = Some(Diagnostic::error(loc, msg));
        }
        Err(())
    }
    pub fn err_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == Tok::Error {
            let m = self.lex.error.unwrap_or("unexpected character");
            let loc = self.here();
            return self.err_at(loc, m);
        }
        let loc = self.here();
        self.err_at(loc, msg)
    }
    /// An error about the current token placed as MLIR's
    /// `emitWrongTokenError` places it: just after the previous source
    /// character, skipping blanks, line ends and `//` comments (at the token
    /// itself when nothing precedes it).
    pub fn err_wrong_token<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == Tok::Error {
            return self.err_here(msg);
        }
        let mut at = self.tok.start as usize;
        if self.tok.kind == Tok::Eof && at > 0 {
            at -= 1;
        }
        let mut before = &self.src[..at];
        let end = loop {
            before = before.trim_end_matches([' ', '\t']);
            if before.is_empty() {
                break at;
            }
            if !before.ends_with(['\n', '\r']) {
                break before.len();
            }
            before = &before[..before.len() - 1];
            let line_start = before.rfind(['\n', '\r']).unwrap_or(0);
            if let Some(c) = before[line_start..].find("//") {
                before = &before[..line_start + c];
            }
        };
        let loc = self.loc_at(end as u32);
        self.err_at(loc, msg)
    }
    /// An error as `OpAsmParser::emitError` reports it: prefixed with
    /// `custom op 'name' ` while a custom-form op is being parsed.
    pub fn err_custom<T>(&mut self, loc: Location, msg: impl Into<String>) -> PResult<T> {
        let msg = msg.into();
        match self.custom_op {
            Some(n) => {
                let full = format!("custom op '{}' {msg}", self.ctx.op_name_str(n));
                self.err_at(loc, full)
            }
            None => self.err_at(loc, msg),
        }
    }
    pub fn err_diag<T>(&mut self, d: Diagnostic) -> PResult<T> {
        if self.error.is_none() {
            self.error = Some(d);
        }
        Err(())
    }

    /// Enters one level of nesting; errors past `MAX_NESTING`.
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err_here(format!("nesting deeper than {MAX_NESTING} levels is not supported"));
        }
        Ok(())
    }
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- small literal helpers ----

    /// The decoded contents of the current string token.
    pub fn string_value(&self) -> Vec<u8> {
        let s = self.spelling();
        unescape(&self.raw_string_body(self.tok.start as usize + 1, &s.as_bytes()[1..s.len() - 1]))
    }

    /// The body of a string literal at `offset` (within `src`) with any
    /// bytes that were not UTF-8 in the input put back.
    fn raw_string_body(&self, offset: usize, body: &[u8]) -> Vec<u8> {
        let mut raw = body.to_vec();
        self.source.restore_invalid_utf8(self.base + offset, &mut raw);
        raw
    }

    pub fn parse_string(&mut self, what: &str) -> PResult<Vec<u8>> {
        if self.tok() != Tok::String {
            return self.err_here(format!("expected {what}"));
        }
        let v = self.string_value();
        self.bump();
        Ok(v)
    }

    /// Parses an optionally negative integer literal that fits in i64.
    pub fn parse_i64(&mut self) -> PResult<i64> {
        let neg = self.eat(Tok::Minus);
        if self.tok() != Tok::Integer {
            return self.err_here("expected integer value");
        }
        let s = self.spelling();
        let v =
            if let Some(h) = s.strip_prefix("0x") { i64::from_str_radix(h, 16).ok() } else { s.parse::<i64>().ok() };
        let Some(v) = v else {
            return self.err_here("integer value too large");
        };
        self.bump();
        Ok(if neg { -v } else { v })
    }

    /// `@name` or `@"name"`: the symbol's name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if self.tok() != Tok::AtIdent {
            let loc = self.here();
            return self.err_custom(loc, "expected valid '@'-identifier for symbol name");
        }
        let s = self.symbol_spelling()?;
        self.bump();
        Ok(s)
    }
    pub(crate) fn symbol_spelling(&mut self) -> PResult<String> {
        let s = &self.spelling()[1..];
        if s.starts_with('"') {
            let bytes = unescape(&self.raw_string_body(self.tok.start as usize + 2, &s.as_bytes()[1..s.len() - 1]));
            self.name_from_bytes(bytes)
        } else {
            Ok(s.to_string())
        }
    }

    /// A name (symbol, op name, attribute name, resource key, file name)
    /// from the bytes of a string literal. Strata keeps names as UTF-8
    /// text, so bytes that are not UTF-8 (written raw or as `\XX` escapes)
    /// get a clear error here instead of being silently replaced.
    pub(crate) fn name_from_bytes(&mut self, bytes: Vec<u8>) -> PResult<String> {
        match String::from_utf8(bytes) {
            Ok(s) => Ok(s),
            Err(_) => self.err_here("names that are not valid UTF-8 are not supported by Strata"),
        }
    }

    /// True if the token after the current `,` is an SSA value use.
    pub fn next_token_after_comma_is_operand(&self) -> bool {
        self.src[self.tok.end as usize..].trim_start().starts_with('%')
    }

    /// Finds a top-level `#name = ...` later in the buffer and parses it now,
    /// so a use may precede the definition (as location aliases do).
    pub(crate) fn define_alias_ahead(&mut self, name: &str) -> PResult<()> {
        let needle = format!("\n#{name} = ");
        let Some(pos) = self.src.find(&needle) else { return Ok(()) };
        let def_start = (pos + needle.len()) as u32;
        let (saved_tok, saved_last, saved_pos) = (self.tok, self.last_end, self.tok.end);
        self.lex.reset_to(def_start);
        self.tok = self.lex.next();
        let r = self.parse_attribute();
        self.lex.reset_to(saved_pos);
        self.tok = saved_tok;
        self.last_end = saved_last;
        let a = r?;
        self.define_attr_alias(name, a);
        self.ahead_aliases.push(name.to_string());
        Ok(())
    }

    /// Skips a balanced `<...>` group starting at the current `<` token and
    /// returns its text including the angle brackets.
    pub(crate) fn balanced_angle_text(&mut self) -> PResult<&'a str> {
        let start = self.tok.start as usize;
        let mut depth = 0usize;
        loop {
            match self.tok() {
                Tok::Less | Tok::LParen | Tok::LSquare | Tok::LBrace => depth += 1,
                Tok::Greater | Tok::RParen | Tok::RSquare | Tok::RBrace => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        let end = self.tok.end as usize;
                        self.bump();
                        return Ok(&self.src[start..end]);
                    }
                }
                Tok::Arrow => {}
                Tok::Eof => return self.err_here("unbalanced '<' character in pretty dialect name"),
                Tok::Error => return self.err_here("unexpected character"),
                _ => {}
            }
            self.bump();
        }
    }
}

/// Parses a whole buffer (or a chunk of it) into a top-level op.
pub fn parse_source(
    ctx: &Context,
    source: &SourceFile,
    range: std::ops::Range<usize>,
    options: ParseOptions,
    implicit_module: bool,
) -> Result<ParsedModule, Diagnostic> {
    let mut p = Parser::new(ctx, source, range, options);
    match p.parse_top_level(implicit_module) {
        Ok(m) => Ok(m),
        Err(()) => Err(p.error.take().unwrap_or_else(|| Diagnostic::error(Location::Unknown, "parse failed"))),
    }
}
