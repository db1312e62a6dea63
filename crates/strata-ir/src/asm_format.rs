//! MLIR's declarative assembly format, interpreted.
//!
//! `AsmFormat::parse` reads a format string such as
//! ``$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)``
//! against an `OpDef`; `print_with_format` and `parse_with_format` walk the
//! resulting elements. Spacing follows the rules of ODS's generated printers
//! (`OpFormatGen.cpp`): a space before every element except after `(`/`[`/`<`
//! and before `,`/`)`/`]`/`>` punctuation, and none after an empty literal.
//! Types not written by the format come from `SameOperandsAndResultType` or
//! the op's `infer_types` hook.

use smallvec::SmallVec;

use crate::body::Body;
use crate::context::Context;
use crate::entity::Op;
use crate::lexer::Tok;
use crate::opdef::{Arity, OpDef, Traits};
use crate::parser::{OperandRef, PResult, Parser};
use crate::printer::OpPrinter;
use crate::types::Type;

/// Fills unknown types at parse time: `operand_types[i]`/`result_types[i]`
/// hold one entry per operand/result group; `None` entries must be filled.
pub type InferTypesFn = fn(
    &Context,
    &[(crate::context::Str, crate::attributes::Attribute)],
    &mut [Option<Vec<Type>>],
    &mut [Option<Vec<Type>>],
) -> Result<(), String>;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TypeRef {
    Operand(usize),
    Result(usize),
    Operands,
    Results,
}

#[derive(Clone, Debug)]
pub enum Elem {
    Literal(String),
    Operand(usize),
    Operands,
    Attr(usize),
    Successor(usize),
    Region(usize),
    AttrDict { keyword: bool },
    Type(TypeRef),
    FunctionalType(TypeRef, TypeRef),
    Optional { elems: Vec<Elem>, anchor: usize, else_elems: Vec<Elem> },
}

#[derive(Clone, Debug)]
pub struct AsmFormat {
    pub elems: Vec<Elem>,
    /// Attribute names the format prints itself (elided from attr-dict).
    pub used_attrs: Vec<&'static str>,
}

struct FormatLexer<'s> {
    s: &'s str,
    pos: usize,
}

impl<'s> FormatLexer<'s> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s.as_bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.as_bytes().get(self.pos).copied()
    }
    fn ident(&mut self) -> &'s str {
        let start = self.pos;
        while self.pos < self.s.len() {
            let c = self.s.as_bytes()[self.pos];
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
                self.pos += 1;
            } else {
                break;
            }
        }
        &self.s[start..self.pos]
    }
}

impl AsmFormat {
    pub fn parse(format: &str, def: &OpDef) -> Result<AsmFormat, String> {
        let mut lx = FormatLexer { s: format, pos: 0 };
        let mut used = Vec::new();
        let elems = parse_elems(&mut lx, def, &mut used, None)?;
        if lx.peek().is_some() {
            return Err(format!("unexpected text at {}", lx.pos));
        }
        Ok(AsmFormat { elems, used_attrs: used })
    }
}

fn parse_elems(
    lx: &mut FormatLexer<'_>,
    def: &OpDef,
    used: &mut Vec<&'static str>,
    end: Option<u8>,
) -> Result<Vec<Elem>, String> {
    let mut out = Vec::new();
    loop {
        let Some(c) = lx.peek() else {
            return if end.is_none() { Ok(out) } else { Err("unterminated group".into()) };
        };
        if Some(c) == end {
            return Ok(out);
        }
        out.push(parse_elem(lx, def, used)?);
    }
}

fn parse_var(lx: &mut FormatLexer<'_>, def: &OpDef, used: &mut Vec<&'static str>) -> Result<Elem, String> {
    lx.pos += 1; // `$`
    let name = lx.ident();
    if let Some(i) = def.operands.iter().position(|o| o.name == name) {
        return Ok(Elem::Operand(i));
    }
    if let Some(i) = def.attributes.iter().position(|a| a.name == name) {
        used.push(def.attributes[i].name);
        return Ok(Elem::Attr(i));
    }
    if let Some(i) = def.successors.iter().position(|s| s.name == name) {
        return Ok(Elem::Successor(i));
    }
    if let Some(i) = def.regions.iter().position(|r| r.name == name) {
        return Ok(Elem::Region(i));
    }
    if let Some(i) = def.results.iter().position(|r| r.name == name) {
        // Results appear only inside type directives; the caller converts.
        return Ok(Elem::Type(TypeRef::Result(i)));
    }
    Err(format!("unknown variable ${name}"))
}

fn parse_type_ref(lx: &mut FormatLexer<'_>, def: &OpDef) -> Result<TypeRef, String> {
    match lx.peek() {
        Some(b'$') => {
            lx.pos += 1;
            let name = lx.ident();
            if let Some(i) = def.operands.iter().position(|o| o.name == name) {
                return Ok(TypeRef::Operand(i));
            }
            if let Some(i) = def.results.iter().position(|r| r.name == name) {
                return Ok(TypeRef::Result(i));
            }
            Err(format!("unknown type variable ${name}"))
        }
        _ => match lx.ident() {
            "operands" => Ok(TypeRef::Operands),
            "results" => Ok(TypeRef::Results),
            other => Err(format!("bad type reference {other}")),
        },
    }
}

fn expect_char(lx: &mut FormatLexer<'_>, c: u8) -> Result<(), String> {
    if lx.peek() == Some(c) {
        lx.pos += 1;
        Ok(())
    } else {
        Err(format!("expected '{}' at {}", c as char, lx.pos))
    }
}

fn parse_elem(lx: &mut FormatLexer<'_>, def: &OpDef, used: &mut Vec<&'static str>) -> Result<Elem, String> {
    match lx.peek() {
        Some(b'`') => {
            lx.pos += 1;
            let start = lx.pos;
            while lx.pos < lx.s.len() && lx.s.as_bytes()[lx.pos] != b'`' {
                lx.pos += 1;
            }
            let lit = lx.s[start..lx.pos].to_string();
            lx.pos += 1;
            Ok(Elem::Literal(lit))
        }
        Some(b'$') => parse_var(lx, def, used),
        Some(b'(') => {
            lx.pos += 1;
            let mut elems = parse_elems_with_anchor(lx, def, used)?;
            expect_char(lx, b')')?;
            let mut else_elems = Vec::new();
            if lx.peek() == Some(b':') {
                lx.pos += 1;
                expect_char(lx, b'(')?;
                else_elems = parse_elems(lx, def, used, Some(b')'))?;
                expect_char(lx, b')')?;
            }
            expect_char(lx, b'?')?;
            let anchor =
                elems.iter().position(|e| matches!(e, Elem::Optional { anchor: usize::MAX, .. })).unwrap_or(usize::MAX);
            let anchor = if anchor != usize::MAX {
                // Unwrap the marker.
                if let Elem::Optional { elems: inner, .. } = elems.remove(anchor) {
                    let e = inner.into_iter().next().unwrap();
                    elems.insert(anchor, e);
                }
                anchor
            } else {
                return Err("optional group without anchor".into());
            };
            Ok(Elem::Optional { elems, anchor, else_elems })
        }
        _ => {
            let kw = lx.ident();
            match kw {
                "attr-dict" => Ok(Elem::AttrDict { keyword: false }),
                "attr-dict-with-keyword" => Ok(Elem::AttrDict { keyword: true }),
                "operands" => Ok(Elem::Operands),
                "type" => {
                    expect_char(lx, b'(')?;
                    let r = parse_type_ref(lx, def)?;
                    expect_char(lx, b')')?;
                    Ok(Elem::Type(r))
                }
                "functional-type" => {
                    expect_char(lx, b'(')?;
                    let a = parse_type_ref(lx, def)?;
                    expect_char(lx, b',')?;
                    let b = parse_type_ref(lx, def)?;
                    expect_char(lx, b')')?;
                    Ok(Elem::FunctionalType(a, b))
                }
                other => Err(format!("unknown directive '{other}'")),
            }
        }
    }
}

/// Parses a group's elements, marking the `^` anchor by wrapping it in an
/// `Optional` with `anchor == usize::MAX`.
fn parse_elems_with_anchor(
    lx: &mut FormatLexer<'_>,
    def: &OpDef,
    used: &mut Vec<&'static str>,
) -> Result<Vec<Elem>, String> {
    let mut out = Vec::new();
    loop {
        match lx.peek() {
            None => return Err("unterminated optional group".into()),
            Some(b')') => return Ok(out),
            _ => {}
        }
        let e = parse_elem(lx, def, used)?;
        if lx.peek() == Some(b'^') {
            lx.pos += 1;
            out.push(Elem::Optional { elems: vec![e], anchor: usize::MAX, else_elems: vec![] });
        } else {
            out.push(e);
        }
    }
}

// ----------------------------------------------------------------------
// Operand and result groups
// ----------------------------------------------------------------------

/// Index ranges of an op's operand (or result) groups; inline for the usual
/// handful of groups, since every parsed, verified and printed op asks.
pub type Groups = SmallVec<[std::ops::Range<usize>; 4]>;

/// Splits an op's operands into the groups of its definition.
pub fn operand_groups(ctx: &Context, def: &OpDef, body: &Body, op: Op) -> Groups {
    let n = body.num_operands(op);
    if def.attr_sized_operands {
        if let Some(g) = segment_groups(ctx, body.op_attr(ctx, op, "operandSegmentSizes"), n) {
            return g;
        }
    }
    group_ranges(def.operands.iter().map(|o| o.arity), n)
}

pub fn result_groups(def: &OpDef, n: usize) -> Groups {
    group_ranges(def.results.iter().map(|o| o.arity), n)
}

/// Groups given by an `operandSegmentSizes` dense i32 array.
fn segment_groups(ctx: &Context, a: Option<crate::attributes::Attribute>, n: usize) -> Option<Groups> {
    match ctx.attr_kind(a?) {
        crate::attributes::AttrKind::DenseArray { element, data, len }
            if ctx.is_signless_integer_of_width(*element, 32) =>
        {
            let mut start = 0;
            Some(
                (0..*len)
                    .map(|i| {
                        let s = i32::from_le_bytes(data[i * 4..i * 4 + 4].try_into().unwrap()).max(0) as usize;
                        let r = start..(start + s).min(n);
                        start += s;
                        r
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// Without segment sizes, the variadic groups share the extra values evenly.
fn group_ranges(arities: impl Iterator<Item = Arity> + Clone, n: usize) -> Groups {
    let (mut fixed, mut variadic) = (0, 0);
    for a in arities.clone() {
        if a == Arity::Single {
            fixed += 1;
        } else {
            variadic += 1;
        }
    }
    let extra = n.saturating_sub(fixed);
    let per_var = extra.checked_div(variadic).unwrap_or(0);
    let mut start = 0;
    let mut out = Groups::new();
    for a in arities {
        let len = if a == Arity::Single { 1 } else { per_var };
        out.push(start..(start + len).min(n));
        start += len;
    }
    out
}

// ----------------------------------------------------------------------
// Printing
// ----------------------------------------------------------------------

struct PrintState {
    should_emit_space: bool,
    last_was_punctuation: bool,
}

pub fn print_with_format(p: &mut OpPrinter<'_, '_>, format: &AsmFormat, def: &OpDef, op: Op) {
    let mut st = PrintState { should_emit_space: true, last_was_punctuation: false };
    let groups = operand_groups(p.ctx, def, p.body, op);
    print_elems(p, &format.elems, format, def, op, &groups, &mut st);
}

fn print_space(p: &mut OpPrinter<'_, '_>, st: &mut PrintState) {
    if st.should_emit_space {
        p.write(" ");
    }
    st.should_emit_space = true;
    st.last_was_punctuation = false;
}

fn print_elems(
    p: &mut OpPrinter<'_, '_>,
    elems: &[Elem],
    format: &AsmFormat,
    def: &OpDef,
    op: Op,
    groups: &[std::ops::Range<usize>],
    st: &mut PrintState,
) {
    for e in elems {
        print_elem(p, e, format, def, op, groups, st);
    }
}

fn is_present(p: &OpPrinter<'_, '_>, e: &Elem, def: &OpDef, op: Op, groups: &[std::ops::Range<usize>]) -> bool {
    match e {
        Elem::Operand(i) => !groups[*i].is_empty(),
        Elem::Operands => p.body.num_operands(op) > 0,
        Elem::Attr(i) => {
            let a = &def.attributes[*i];
            match p.body.op_attr(p.ctx, op, a.name) {
                None => false,
                Some(v) => a.default.is_none_or(|d| d(p.ctx) != v),
            }
        }
        Elem::Region(i) => {
            let (rb, rs) = p.body.regions_of(op);
            rs.get(*i).is_some_and(|r| !rb.region_is_empty(*r))
        }
        Elem::Successor(i) => p.body.successors(op).len() > *i,
        Elem::Type(TypeRef::Operand(i)) => !groups[*i].is_empty(),
        Elem::Type(TypeRef::Result(i)) => {
            let rg = result_groups(def, p.body.num_results(op));
            !rg[*i].is_empty()
        }
        Elem::Type(TypeRef::Results) => p.body.num_results(op) > 0,
        Elem::Type(TypeRef::Operands) => p.body.num_operands(op) > 0,
        _ => true,
    }
}

fn type_ref_types(
    p: &OpPrinter<'_, '_>,
    r: TypeRef,
    def: &OpDef,
    op: Op,
    groups: &[std::ops::Range<usize>],
) -> SmallVec<[Type; 4]> {
    let b = p.body;
    match r {
        TypeRef::Operand(i) => groups[i].clone().map(|k| b.value_type(b.operand(op, k))).collect(),
        TypeRef::Operands => b.operand_types(op),
        TypeRef::Result(i) => {
            let rg = result_groups(def, b.num_results(op));
            rg[i].clone().map(|k| b.value_type(b.result(op, k))).collect()
        }
        TypeRef::Results => b.result_types(op).into_iter().collect(),
    }
}

fn print_elem(
    p: &mut OpPrinter<'_, '_>,
    e: &Elem,
    format: &AsmFormat,
    def: &OpDef,
    op: Op,
    groups: &[std::ops::Range<usize>],
    st: &mut PrintState,
) {
    match e {
        Elem::Literal(lit) => {
            if lit.is_empty() {
                st.should_emit_space = false;
                return;
            }
            let first = lit.as_bytes()[0];
            let space = if lit.len() != 1 && lit != "->" {
                true
            } else if st.last_was_punctuation {
                !b">)}],".contains(&first)
            } else {
                !b"<>(){}[],".contains(&first)
            };
            if space && st.should_emit_space {
                p.write(" ");
            }
            p.write(lit);
            st.should_emit_space = lit.len() != 1 || !b"<({[".contains(&first);
            st.last_was_punctuation = first != b'_' && !first.is_ascii_alphabetic();
        }
        Elem::Operand(i) => {
            print_space(p, st);
            let body = p.body;
            p.print_operands(groups[*i].clone().map(|k| body.operand(op, k)));
        }
        Elem::Operands => {
            print_space(p, st);
            let body = p.body;
            p.print_operands(body.operands(op));
        }
        Elem::Attr(i) => {
            print_space(p, st);
            let a = &def.attributes[*i];
            if let Some(v) = p.body.op_attr(p.ctx, op, a.name) {
                match a.print_short {
                    Some(short) => short(p.ctx, v, p.out),
                    None => p.print_attr(v),
                }
            }
        }
        Elem::Successor(i) => {
            print_space(p, st);
            let b = p.body.successors(op)[*i];
            p.print_successor(b);
        }
        Elem::Region(i) => {
            print_space(p, st);
            p.print_region(op, *i, true, true);
        }
        Elem::AttrDict { keyword } => {
            let attrs = p.body.op_attrs(op);
            let mut elided: SmallVec<[&str; 8]> = format.used_attrs.iter().copied().collect();
            // Default-valued attributes equal to their default are elided too.
            for a in &def.attributes {
                if let (Some(d), Some(v)) = (a.default, p.body.op_attr(p.ctx, op, a.name)) {
                    if d(p.ctx) == v {
                        elided.push(a.name);
                    }
                }
            }
            if def.attr_sized_operands {
                elided.push("operandSegmentSizes");
            }
            if *keyword {
                p.print_optional_attr_dict_with_keyword(attrs, &elided);
            } else {
                p.print_optional_attr_dict(attrs, &elided);
            }
            st.should_emit_space = true;
            st.last_was_punctuation = false;
        }
        Elem::Type(r) => {
            print_space(p, st);
            let b = p.body;
            match *r {
                // The common single-group cases print straight from the body.
                TypeRef::Operand(i) => p.print_types(groups[i].clone().map(|k| b.value_type(b.operand(op, k)))),
                TypeRef::Result(i) if def.results.len() == 1 && i == 0 => {
                    p.print_types(b.results(op).map(|v| b.value_type(v)))
                }
                _ => {
                    let tys = type_ref_types(p, *r, def, op, groups);
                    p.print_types(tys);
                }
            }
        }
        Elem::FunctionalType(a, b) => {
            print_space(p, st);
            let ins = type_ref_types(p, *a, def, op, groups);
            let outs = type_ref_types(p, *b, def, op, groups);
            p.print_functional_type(&ins, &outs);
        }
        Elem::Optional { elems, anchor, else_elems } => {
            if is_present(p, &elems[*anchor], def, op, groups) {
                // A unit attribute anchor prints only the surrounding literals.
                for (k, el) in elems.iter().enumerate() {
                    if k == *anchor {
                        if let Elem::Attr(i) = el {
                            let a = &def.attributes[*i];
                            if p.body.op_attr(p.ctx, op, a.name) == Some(p.ctx.unit_attr()) {
                                continue;
                            }
                        }
                    }
                    print_elem(p, el, format, def, op, groups, st);
                }
            } else {
                print_elems(p, else_elems, format, def, op, groups, st);
            }
        }
    }
}

// ----------------------------------------------------------------------
// Parsing
// ----------------------------------------------------------------------

/// Operands and types as the format reads them, per operand/result group;
/// inline storage, since this is built for every parsed op.
struct ParsedOperands<'a> {
    refs: SmallVec<[SmallVec<[OperandRef<'a>; 2]>; 3]>,
    operand_types: SmallVec<[Option<Vec<Type>>; 3]>,
    result_types: SmallVec<[Option<Vec<Type>>; 2]>,
}

pub fn parse_with_format<'a>(
    p: &mut Parser<'a>,
    format: &AsmFormat,
    def: &OpDef,
    state: &mut crate::parser::OpState,
) -> PResult<()> {
    let mut po =
        ParsedOperands { refs: SmallVec::new(), operand_types: SmallVec::new(), result_types: SmallVec::new() };
    for _ in 0..def.operands.len() {
        po.refs.push(SmallVec::new());
        po.operand_types.push(None);
    }
    for _ in 0..def.results.len() {
        po.result_types.push(None);
    }
    let start = p.here();
    parse_elems_into(p, &format.elems, def, state, &mut po)?;
    resolve_types(p, def, state, &mut po, start)
}

fn parse_elems_into<'a>(
    p: &mut Parser<'a>,
    elems: &[Elem],
    def: &OpDef,
    state: &mut crate::parser::OpState,
    po: &mut ParsedOperands<'a>,
) -> PResult<()> {
    for e in elems {
        parse_elem_into(p, e, def, state, po)?;
    }
    Ok(())
}

/// Whether the optional group anchored at `e` is present at the cursor.
fn group_starts_here(p: &Parser<'_>, e: &Elem) -> bool {
    match e {
        Elem::Literal(l) => literal_is_next(p, l),
        Elem::Operand(_) | Elem::Operands => p.is_operand_next(),
        Elem::Attr(_) => !matches!(p.tok(), Tok::Colon | Tok::LBrace | Tok::Eof | Tok::RParen | Tok::Comma),
        Elem::Region(_) => p.tok() == Tok::LBrace,
        Elem::Successor(_) => p.tok() == Tok::CaretIdent,
        _ => true,
    }
}

fn literal_is_next(p: &Parser<'_>, lit: &str) -> bool {
    match lit {
        "," => p.tok() == Tok::Comma,
        ":" => p.tok() == Tok::Colon,
        "(" => p.tok() == Tok::LParen,
        ")" => p.tok() == Tok::RParen,
        "[" => p.tok() == Tok::LSquare,
        "]" => p.tok() == Tok::RSquare,
        "<" => p.tok() == Tok::Less,
        ">" => p.tok() == Tok::Greater,
        "{" => p.tok() == Tok::LBrace,
        "}" => p.tok() == Tok::RBrace,
        "=" => p.tok() == Tok::Equal,
        "->" => p.tok() == Tok::Arrow,
        "?" => p.tok() == Tok::Question,
        "*" => p.tok() == Tok::Star,
        "+" => p.tok() == Tok::Plus,
        "-" => p.tok() == Tok::Minus,
        _ => p.is_keyword(lit),
    }
}

fn parse_literal(p: &mut Parser<'_>, lit: &str) -> PResult<()> {
    if lit.is_empty() {
        return Ok(());
    }
    if literal_is_next(p, lit) {
        p.bump();
        return Ok(());
    }
    // Punctuation goes through MLIR's `parseToken` (reported after the
    // previous token), keywords through `parseKeyword` (at the current one).
    if lit.starts_with(|c: char| c.is_alphabetic() || c == '_') {
        p.err_here(format!("expected '{lit}'"))
    } else {
        p.err_wrong_token(format!("expected '{lit}'"))
    }
}

fn parse_elem_into<'a>(
    p: &mut Parser<'a>,
    e: &Elem,
    def: &OpDef,
    state: &mut crate::parser::OpState,
    po: &mut ParsedOperands<'a>,
) -> PResult<()> {
    let ctx = p.ctx;
    match e {
        Elem::Literal(l) => parse_literal(p, l),
        Elem::Operand(i) => {
            match def.operands[*i].arity {
                Arity::Single => po.refs[*i].push(p.parse_operand_ref()?),
                _ => {
                    if p.is_operand_next() {
                        po.refs[*i].push(p.parse_operand_ref()?);
                        if def.operands[*i].arity == Arity::Variadic {
                            while p.tok() == Tok::Comma && peek_operand_after_comma(p) {
                                p.bump();
                                po.refs[*i].push(p.parse_operand_ref()?);
                            }
                        }
                    }
                }
            }
            Ok(())
        }
        Elem::Operands => {
            // All operands into the first group (single-group ops).
            if p.is_operand_next() {
                po.refs[0].push(p.parse_operand_ref()?);
                while p.tok() == Tok::Comma && peek_operand_after_comma(p) {
                    p.bump();
                    po.refs[0].push(p.parse_operand_ref()?);
                }
            }
            Ok(())
        }
        Elem::Attr(i) => {
            let a = &def.attributes[*i];
            let loc = p.here();
            let v = parse_format_attr(p, def, *i)?;
            if !(a.constraint.check)(ctx, v) {
                return p.err_at(loc, "invalid kind of attribute specified".to_string());
            }
            state.add_attr(ctx, a.name, v);
            Ok(())
        }
        Elem::Successor(_) => {
            let b = p.parse_successor_ref()?;
            state.successors.push(b);
            Ok(())
        }
        Elem::Region(_) => p.parse_region_into(state, &[]),
        Elem::AttrDict { keyword } => {
            if *keyword {
                p.parse_optional_attr_dict_with_keyword(state)
            } else {
                p.parse_optional_attr_dict(state)
            }
        }
        Elem::Type(r) => {
            let tys = match r {
                TypeRef::Operand(i) if def.operands[*i].arity == Arity::Single => vec![p.parse_type()?],
                TypeRef::Result(i) if def.results[*i].arity == Arity::Single => vec![p.parse_type()?],
                _ => p.parse_type_list_no_parens()?,
            };
            assign_types(po, *r, tys);
            Ok(())
        }
        Elem::FunctionalType(a, b) => {
            let loc = p.here();
            let t = p.parse_function_type()?;
            let Some((ins, outs)) = ctx.function_signature(t) else {
                return p.err_at(loc, "expected function type");
            };
            let (ins, outs) = (ins.to_vec(), outs.to_vec());
            assign_types(po, *a, ins);
            assign_types(po, *b, outs);
            Ok(())
        }
        Elem::Optional { elems, anchor, else_elems } => {
            // A leading empty literal only controls spacing: the group is
            // guarded by the element after it (memref.alloc's `` `[` ``).
            let first = elems.iter().find(|e| !matches!(e, Elem::Literal(l) if l.is_empty())).unwrap_or(&elems[0]);
            // A group led by a short-form attribute is present iff that parses.
            if let Elem::Attr(i) = first {
                if let Some(parse) = def.attributes[*i].parse_short {
                    return match parse(p)? {
                        Some(v) => {
                            state.add_attr(ctx, def.attributes[*i].name, v);
                            for el in &elems[1..] {
                                parse_elem_into(p, el, def, state, po)?;
                            }
                            Ok(())
                        }
                        None => parse_elems_into(p, else_elems, def, state, po),
                    };
                }
            }
            let present = group_starts_here(p, first);
            if present {
                // A unit-attribute anchor is set by the group's presence alone.
                for (k, el) in elems.iter().enumerate() {
                    if k == *anchor {
                        if let Elem::Attr(i) = el {
                            let a = &def.attributes[*i];
                            if (a.constraint.check)(ctx, ctx.unit_attr()) && a.constraint.summary == "unit attribute" {
                                state.add_attr(ctx, a.name, ctx.unit_attr());
                                continue;
                            }
                        }
                    }
                    parse_elem_into(p, el, def, state, po)?;
                }
                Ok(())
            } else {
                parse_elems_into(p, else_elems, def, state, po)
            }
        }
    }
}

fn peek_operand_after_comma(p: &Parser<'_>) -> bool {
    p.next_token_after_comma_is_operand()
}

fn parse_format_attr(p: &mut Parser<'_>, def: &OpDef, i: usize) -> PResult<crate::attributes::Attribute> {
    let a = &def.attributes[i];
    // Enum-like dialect attributes have a short keyword form in formats.
    if let Some(parse) = a.parse_short {
        return match parse(p)? {
            Some(v) => Ok(v),
            None => p.err_here(format!("expected {}", a.constraint.summary)),
        };
    }
    // A typed attribute takes the type of the op's single result when the
    // text leaves it out (`arith.constant 1 : i32` always writes it).
    p.parse_attribute()
}

fn assign_types(po: &mut ParsedOperands<'_>, r: TypeRef, tys: Vec<Type>) {
    match r {
        TypeRef::Operand(i) => po.operand_types[i] = Some(tys),
        TypeRef::Result(i) => po.result_types[i] = Some(tys),
        TypeRef::Operands => {
            // Distribute over groups by their parsed operand counts.
            let mut it = tys.into_iter();
            for (g, refs) in po.refs.iter().enumerate() {
                po.operand_types[g] = Some(it.by_ref().take(refs.len()).collect());
            }
        }
        TypeRef::Results => {
            if po.result_types.len() == 1 {
                po.result_types[0] = Some(tys);
            } else {
                let mut it = tys.into_iter();
                for g in po.result_types.iter_mut() {
                    *g = it.next().map(|t| vec![t]);
                }
            }
        }
    }
}

fn resolve_types<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    state: &mut crate::parser::OpState,
    po: &mut ParsedOperands<'a>,
    loc: crate::location::Location,
) -> PResult<()> {
    let ctx = p.ctx;
    // SameOperandsAndResultType: every missing type is the one known type.
    let same = if def.has_trait(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
        po.result_types.iter().chain(po.operand_types.iter()).find_map(|t| t.as_ref().and_then(|v| v.first().copied()))
    } else {
        None
    };
    if let Some(infer) = def.infer_types {
        // The hook sees every type known so far, so fill them in first.
        if let Some(t) = same {
            for (g, refs) in po.refs.iter().enumerate() {
                if po.operand_types[g].is_none() {
                    po.operand_types[g] = Some(vec![t; refs.len()]);
                }
            }
            for (g, r) in def.results.iter().enumerate() {
                if po.result_types[g].is_none() && r.arity == Arity::Single {
                    po.result_types[g] = Some(vec![t]);
                }
            }
        }
        // Variadic groups without a written type get as many entries as operands.
        if let Err(msg) = infer(ctx, &state.attrs, &mut po.operand_types, &mut po.result_types) {
            return p.err_at(loc, msg);
        }
    }
    for (g, refs) in po.refs.iter().enumerate() {
        // A missing group type is the SameOperandsAndResultType one, else a
        // buildable constraint's (`I1`, `Index`), without building a list.
        let fill = match &po.operand_types[g] {
            Some(tys) => {
                if tys.len() != refs.len() {
                    return p.err_at(loc, format!("{} operands present, but expected {}", refs.len(), tys.len()));
                }
                None
            }
            None if refs.is_empty() => continue,
            None => match same.or_else(|| def.operands[g].constraint.buildable.map(|b| b(ctx))) {
                Some(t) => Some(t),
                None => {
                    return p
                        .err_at(loc, format!("could not infer the type of operand group '{}'", def.operands[g].name))
                }
            },
        };
        for (k, r) in refs.iter().enumerate() {
            let t = match fill {
                Some(t) => t,
                None => po.operand_types[g].as_ref().unwrap()[k],
            };
            let v = p.resolve_operand(r, t)?;
            state.operands.push(v);
        }
    }
    if def.attr_sized_operands {
        let sizes: SmallVec<[i32; 4]> = po.refs.iter().map(|r| r.len() as i32).collect();
        state.add_attr(ctx, "operandSegmentSizes", crate::branch::dense_i32_array(ctx, &sizes));
    }
    for (g, r) in def.results.iter().enumerate() {
        match &po.result_types[g] {
            Some(t) => state.result_types.extend(t.iter().copied()),
            None if r.arity != Arity::Single => {}
            // As for operands: else a buildable constraint's type
            // (`memref.dim`'s `Index` result).
            None => match same.or_else(|| r.constraint.buildable.map(|b| b(ctx))) {
                Some(t) => state.result_types.push(t),
                None => return p.err_at(loc, format!("could not infer the type of result '{}'", r.name)),
            },
        }
    }
    Ok(())
}
