//! Parsing of builtin attributes, attribute aliases and locations (affine
//! maps and sets are in `affine.rs`).

use super::{PResult, Parser};
use crate::apfloat;
use crate::apint::ApInt;
use crate::attributes::{AttrKind, Attribute, DenseData};
use crate::context::Str;
use crate::lexer::Tok;
use crate::location::{LocData, Location};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// The payload of `dense<...>` before it is given its type.
pub(super) enum DensePayload {
    Hex(Vec<u8>),
    /// `shape` is `None` for a single element not in brackets (a splat).
    Lits {
        shape: Option<Vec<i64>>,
        lits: Vec<DenseLit>,
    },
}

/// A literal inside `dense<...>` before it is given its element type.
#[derive(Clone, Debug)]
pub(super) enum DenseLit {
    /// `at`: source offset of the digits (for diagnostics).
    Int {
        negative: bool,
        text: String,
        at: u32,
    },
    Float {
        text: String,
    },
    Bool(bool),
    Str(Vec<u8>),
    Complex(Box<DenseLit>, Box<DenseLit>),
}

impl<'a> Parser<'a> {
    /// Parses any attribute (MLIR's `parseAttribute` without an expected type).
    pub fn parse_attribute(&mut self) -> PResult<Attribute> {
        self.parse_attribute_typed(None)
    }

    /// Parses an attribute; `ty` is the type implied by context, used for
    /// integer/float literals without a `: type` suffix.
    pub fn parse_attribute_typed(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        self.enter()?;
        let r = self.parse_attribute_inner(ty);
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let ctx = self.ctx;
        match self.tok() {
            Tok::BareIdent => {
                let s = self.spelling();
                match s {
                    "unit" => {
                        self.bump();
                        Ok(ctx.unit_attr())
                    }
                    "true" | "false" => {
                        self.bump();
                        Ok(ctx.bool_attr(s == "true"))
                    }
                    "dense" => self.parse_dense(),
                    "dense_resource" => self.parse_dense_resource(),
                    "array" => self.parse_dense_array(),
                    "affine_map" => {
                        self.bump();
                        self.expect(Tok::Less, "'<'")?;
                        let m = self.parse_affine_map_body()?;
                        self.expect(Tok::Greater, "'>'")?;
                        Ok(ctx.intern_attr(AttrKind::AffineMap(m)))
                    }
                    "affine_set" => {
                        self.bump();
                        self.expect(Tok::Less, "'<'")?;
                        let m = self.parse_integer_set_body()?;
                        self.expect(Tok::Greater, "'>'")?;
                        Ok(ctx.intern_attr(AttrKind::IntegerSet(m)))
                    }
                    "strided" => self.parse_strided(),
                    "loc" => {
                        let l = self.parse_location_literal()?;
                        Ok(ctx.location_attr(l))
                    }
                    "distinct" => self.parse_distinct(),
                    "sparse" => self.parse_sparse(),
                    _ if !self.at_builtin_type_keyword() => self.err_wrong_token("expected attribute value"),
                    _ => {
                        let t = self.parse_type()?;
                        Ok(ctx.type_attr(t))
                    }
                }
            }
            Tok::Integer | Tok::Float | Tok::Minus => self.parse_number_attr(ty),
            Tok::String => {
                let v = self.string_value();
                self.bump();
                let sty = if self.eat(Tok::Colon) { Some(self.parse_type()?) } else { None };
                Ok(ctx.intern_attr(AttrKind::String { value: v.into(), ty: sty }))
            }
            Tok::LSquare => {
                self.bump();
                let mut v = Vec::new();
                if !self.eat(Tok::RSquare) {
                    loop {
                        v.push(self.parse_attribute()?);
                        if self.eat(Tok::RSquare) {
                            break;
                        }
                        self.expect(Tok::Comma, "',' or ']'")?;
                    }
                }
                Ok(ctx.array_attr(&v))
            }
            Tok::LBrace => self.parse_dictionary(),
            Tok::AtIdent => self.parse_symbol_ref(),
            Tok::HashIdent => self.parse_hash_attr(),
            Tok::ExclaimIdent | Tok::LParen => {
                let t = self.parse_type()?;
                Ok(ctx.type_attr(t))
            }
            _ => self.err_here("expected attribute value"),
        }
    }

    /// `{name = value, flag}`: a dictionary attribute.
    pub fn parse_dictionary(&mut self) -> PResult<Attribute> {
        let entries = self.parse_dictionary_entries()?;
        Ok(self.ctx.dictionary(entries))
    }

    pub fn parse_dictionary_entries(&mut self) -> PResult<Vec<(Str, Attribute)>> {
        self.expect(Tok::LBrace, "'{'")?;
        let mut entries: Vec<(Str, Attribute)> = Vec::new();
        if self.eat(Tok::RBrace) {
            return Ok(entries);
        }
        loop {
            let loc = self.here();
            let name = match self.tok() {
                Tok::BareIdent => self.spelling().to_string(),
                Tok::String => {
                    let v = self.string_value();
                    if v.is_empty() {
                        return self.err_here("expected valid attribute name");
                    }
                    self.name_from_bytes(v)?
                }
                _ => return self.err_here("expected attribute name"),
            };
            self.bump();
            let n = self.ctx.intern_str(&name);
            if entries.iter().any(|e| e.0 == n) {
                return self.err_at(loc, format!("duplicate key '{name}' in dictionary attribute"));
            }
            let value = if self.eat(Tok::Equal) { self.parse_attribute()? } else { self.ctx.unit_attr() };
            entries.push((n, value));
            if self.eat(Tok::RBrace) {
                return Ok(entries);
            }
            self.expect(Tok::Comma, "',' or '}'")?;
        }
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attribute> {
        let root = {
            let name = self.symbol_spelling()?;
            self.ctx.intern_str(&name)
        };
        self.bump();
        let mut nested = Vec::new();
        while self.tok() == Tok::Colon && self.src[self.tok.end as usize..].starts_with(':') {
            // `::` is two colons.
            self.bump();
            self.bump();
            if self.tok() != Tok::AtIdent {
                return self.err_here("expected nested symbol reference identifier");
            }
            nested.push({
                let name = self.symbol_spelling()?;
                self.ctx.intern_str(&name)
            });
            self.bump();
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested: nested.into() }))
    }

    fn parse_hash_attr(&mut self) -> PResult<Attribute> {
        let spelling = &self.spelling()[1..];
        let loc = self.here();
        let has_dot = spelling.contains('.');
        if !has_dot && self.peek_char_after_token() != Some('<') {
            let a = self.attr_aliases.get(spelling).copied();
            self.bump();
            return match a {
                Some(a) => Ok(a),
                None => self.err_at(loc, format!("undefined symbol alias id '{spelling}'")),
            };
        }
        let (dialect, rest) = match spelling.find('.') {
            Some(i) => (spelling[..i].to_string(), spelling[i + 1..].to_string()),
            None => (spelling.to_string(), String::new()),
        };
        self.bump();
        if let Some(d) = self.ctx.dialect(&dialect) {
            if let Some(parse) = d.parse_attr {
                return parse(self, &rest);
            }
        }
        let mut body = rest;
        if self.tok() == Tok::Less && self.tok.start as usize == self.prev_end() {
            body.push_str(self.balanced_angle_text()?);
        }
        // `#foo.bar : i32`: an opaque attribute may carry a type.
        let ty = if self.tok() == Tok::Colon && !self.src[self.tok.end as usize..].starts_with(':') {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        if self.ctx.dialect(&dialect).is_none() && !self.options.allow_unregistered {
            // mlir-opt builds the opaque attribute and its verifier rejects
            // it, printing it in its generic `#"dialect"<"body">` form.
            let shown = body.strip_prefix('<').and_then(|b| b.strip_suffix('>')).unwrap_or(&body);
            let ty_text = match ty {
                Some(t) => crate::printer::type_to_string(self.ctx, t),
                None => "none".to_string(),
            };
            return self.err_at(
                loc,
                format!(
                    "#\"{dialect}\"<\"{shown}\"> : '{ty_text}' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
                ),
            );
        }
        let d = self.ctx.intern_str(&dialect);
        let b = self.ctx.intern_str(&body);
        Ok(self.ctx.intern_attr(AttrKind::Opaque { dialect: d, body: b, ty }))
    }

    // ---- numbers ----

    fn parse_number_attr(&mut self, ty_hint: Option<Type>) -> PResult<Attribute> {
        let negative = self.eat(Tok::Minus);
        // MLIR reports literal errors at the digits, after any minus sign.
        let loc = self.here();
        let (is_float, text) = match self.tok() {
            Tok::Integer => (false, self.spelling().to_string()),
            Tok::Float => (true, self.spelling().to_string()),
            _ => return self.err_here("expected integer or floating point literal"),
        };
        self.bump();
        let ty = if self.eat(Tok::Colon) {
            self.parse_type()?
        } else if let Some(t) = ty_hint {
            t
        } else if is_float {
            self.ctx.f64()
        } else {
            self.ctx.i64()
        };
        if let Some(kind) = self.ctx.float_kind(ty) {
            return self
                .float_from_literal(loc, kind, negative, &text, is_float)
                .map(|bits| self.ctx.float_attr_bits(ty, bits));
        }
        if is_float {
            // MLIR reports this at the token after the type.
            return self.err_here("floating point value not valid for specified type");
        }
        let v = self.int_from_literal(loc, ty, negative, &text)?;
        Ok(self.ctx.integer_attr_ap(ty, v))
    }

    fn float_from_literal(
        &mut self,
        loc: Location,
        kind: FloatKind,
        negative: bool,
        text: &str,
        is_float: bool,
    ) -> PResult<u128> {
        if !is_float {
            if let Some(hex) = text.strip_prefix("0x") {
                if negative {
                    return self.err_at(loc, "hexadecimal float literal should not have a leading minus");
                }
                let width = kind.width();
                let Ok(bits) = u128::from_str_radix(hex, 16) else {
                    return self.err_at(loc, "hexadecimal float constant out of range for type");
                };
                if width < 128 && bits >> width != 0 {
                    return self.err_at(loc, "hexadecimal float constant out of range for type");
                }
                return Ok(bits);
            }
            return self.err_diag(
                crate::diagnostics::Diagnostic::error(
                    loc,
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(loc, "add a trailing dot to make the literal a float"),
            );
        }
        let full = if negative { format!("-{text}") } else { text.to_string() };
        match apfloat::parse_literal(kind, &full) {
            Some(b) => Ok(b),
            None => self.err_at(loc, "invalid floating point literal"),
        }
    }

    fn int_from_literal(&mut self, loc: Location, ty: Type, negative: bool, text: &str) -> PResult<ApInt> {
        let (width, signedness) = match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (*width, *signedness),
            TypeKind::Index => (64, Signedness::Signless),
            _ => return self.err_at(loc, "integer literal not valid for specified type"),
        };
        if negative && signedness == Signedness::Unsigned {
            return self.err_at(loc, "negative integer literal not valid for unsigned integer type");
        }
        let (digits, radix) = match text.strip_prefix("0x") {
            Some(h) => (h, 16),
            None => (text, 10),
        };
        // Magnitude must fit: for signed/signless negatives up to 2^(w-1),
        // otherwise up to 2^w - 1 (MLIR accepts e.g. `255 : i8`).
        let Some(mag) = ApInt::parse_magnitude(digits, radix, width) else {
            return self.err_at(loc, "integer constant out of range for attribute");
        };
        if mag.width() > width {
            return self.err_at(loc, "integer constant out of range for attribute");
        }
        if negative {
            let ok = if width == 0 {
                mag.is_zero()
            } else {
                mag.active_bits() < width
                    || (mag.active_bits() == width && mag.resize_zext(width).negate() == mag.resize_zext(width))
            };
            if !(ok || width == 1 && mag.active_bits() <= 1) {
                return self.err_at(loc, "integer constant out of range for attribute");
            }
            return Ok(mag.negate());
        }
        if signedness == Signedness::Signed && width > 0 && mag.active_bits() >= width {
            return self.err_at(loc, "integer constant out of range for attribute");
        }
        Ok(mag)
    }

    // ---- dense elements ----

    fn parse_dense(&mut self) -> PResult<Attribute> {
        let loc = self.here();
        self.bump();
        self.expect(Tok::Less, "'<' after 'dense'")?;
        let payload = if self.tok() == Tok::Greater {
            DensePayload::Lits { shape: Some(vec![0]), lits: vec![] }
        } else {
            self.parse_dense_payload(true)?
        };
        self.expect(Tok::Greater, "'>'")?;
        self.expect(Tok::Colon, "':'")?;
        let tloc = self.here();
        let ty = self.parse_type()?;
        let elem = self.elements_literal_element(tloc, ty)?;
        self.build_dense(loc, tloc, ty, elem, payload)
    }

    /// The element type of an elements literal's type, which must be a
    /// statically shaped ranked tensor or vector (`parseElementsLiteralType`).
    fn elements_literal_element(&mut self, tloc: Location, ty: Type) -> PResult<Type> {
        let (shape, elem) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, element, .. } | TypeKind::Vector { shape, element, .. } => {
                (shape, *element)
            }
            _ => return self.err_at(tloc, "elements literal must be a ranked tensor or vector type"),
        };
        if shape.contains(&DYNAMIC) {
            return self.err_at(tloc, "elements literal type must have static shape");
        }
        Ok(elem)
    }

    /// The literal inside `dense<...>` (or one half of `sparse<...>`): a
    /// `"0x..."` blob when `allow_hex`, else a possibly nested literal list.
    pub(super) fn parse_dense_payload(&mut self, allow_hex: bool) -> PResult<DensePayload> {
        if allow_hex && self.tok() == Tok::String && self.spelling().starts_with("\"0x") {
            let s = self.spelling();
            let hex = &s.as_bytes()[3..s.len() - 1];
            let digit = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
            let bytes: Option<Vec<u8>> = hex.chunks(2).map(|p| Some(digit(p[0])? * 16 + digit(*p.get(1)?)?)).collect();
            let Some(bytes) = bytes else {
                return self.err_here("expected string containing hex digits starting with `0x`");
            };
            self.bump();
            return Ok(DensePayload::Hex(bytes));
        }
        let mut lits = Vec::new();
        let shape = self.parse_dense_literal(&mut lits)?;
        Ok(DensePayload::Lits { shape, lits })
    }

    /// Builds the dense elements attribute of type `ty` (element type `elem`)
    /// from a parsed payload; `loc` is where shape and size errors point,
    /// `tloc` where element-type errors do.
    pub(super) fn build_dense(
        &mut self,
        loc: Location,
        tloc: Location,
        ty: Type,
        elem: Type,
        payload: DensePayload,
    ) -> PResult<Attribute> {
        let ctx = self.ctx;
        let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
        // Saturating: a static shape's element count may not fit in i64.
        let num: i64 = shape.iter().fold(1i64, |n, &d| n.saturating_mul(d));
        match payload {
            DensePayload::Hex(bytes) => {
                let per = self.dense_element_bytes(elem);
                let Some(per) = per else {
                    return self.err_at(tloc, "expected integer or float elements for hex literal");
                };
                if ctx.is_signless_integer_of_width(elem, 1)
                    || matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. })
                {
                    // i1 data is bit-packed; a single 0x00/0xFF byte is a splat.
                    if bytes.len() == 1 && num > 1 && (bytes[0] == 0 || bytes[0] == 0xFF) {
                        let data = DenseData { splat: true, bytes: vec![(bytes[0] != 0) as u8].into() };
                        return Ok(ctx.intern_attr(AttrKind::DenseElements { ty, data }));
                    }
                    if bytes.len() as i64 == (num + 7) / 8 {
                        let unpacked: Vec<u8> = (0..num as usize).map(|i| (bytes[i / 8] >> (i % 8)) & 1).collect();
                        let data = splat_if_uniform(unpacked, 1);
                        return Ok(ctx.intern_attr(AttrKind::DenseElements { ty, data }));
                    }
                }
                let splat = bytes.len() == per && num != 1;
                if !splat && bytes.len() as i64 != per as i64 * num {
                    return self.err_at(
                        loc,
                        format!(
                            "elements hex data size is invalid for provided type: '{ty}'",
                            ty = crate::printer::type_to_string(ctx, ty)
                        ),
                    );
                }
                let data = if splat { DenseData { splat, bytes: bytes.into() } } else { splat_if_uniform(bytes, per) };
                Ok(ctx.intern_attr(AttrKind::DenseElements { ty, data }))
            }
            DensePayload::Lits { shape: lshape, lits } => {
                let splat = lshape.is_none();
                if let Some(ls) = &lshape {
                    // `dense<>` fits any shape with no elements.
                    let empty_ok = lits.is_empty() && num == 0;
                    if ls != &shape && !empty_ok {
                        let fmt =
                            |v: &[i64]| format!("[{}]", v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "));
                        return self.err_at(
                            loc,
                            format!(
                                "inferred shape of elements literal ({}) does not match type ({})",
                                fmt(ls),
                                fmt(&shape)
                            ),
                        );
                    }
                }
                if matches!(lits.first(), Some(DenseLit::Str(_)))
                    || (lits.is_empty()
                        && !ctx.is_integer(elem)
                        && !ctx.is_float(elem)
                        && !ctx.is_index(elem)
                        && !matches!(ctx.type_kind(elem), TypeKind::Complex(_)))
                {
                    let mut values = Vec::new();
                    for l in lits {
                        match l {
                            DenseLit::Str(s) => values.push(s.into_boxed_slice()),
                            _ => return self.err_at(loc, "expected string element"),
                        }
                    }
                    // Equal strings collapse to a splat, as MLIR stores them.
                    if values.len() > 1 && values.iter().all(|v| *v == values[0]) {
                        values.truncate(1);
                        return Ok(ctx.intern_attr(AttrKind::DenseStrings { ty, splat: true, values: values.into() }));
                    }
                    return Ok(ctx.intern_attr(AttrKind::DenseStrings { ty, splat, values: values.into() }));
                }
                let mut bytes = Vec::new();
                for l in &lits {
                    self.encode_dense_lit(loc, elem, l, &mut bytes)?;
                }
                let data = if splat {
                    DenseData { splat: num != 1, bytes: bytes.into() }
                } else {
                    splat_if_uniform(bytes, self.dense_element_bytes(elem).unwrap_or(1))
                };
                Ok(ctx.intern_attr(AttrKind::DenseElements { ty, data }))
            }
        }
    }

    /// Bytes per element in `DenseData` for an element type.
    pub(crate) fn dense_element_bytes(&self, elem: Type) -> Option<usize> {
        dense_element_bytes(self.ctx, elem)
    }

    /// Parses a nested literal list; returns its shape, `None` for a splat.
    fn parse_dense_literal(&mut self, out: &mut Vec<DenseLit>) -> PResult<Option<Vec<i64>>> {
        self.enter()?;
        let r = self.parse_dense_literal_inner(out);
        self.leave();
        r
    }

    fn parse_dense_literal_inner(&mut self, out: &mut Vec<DenseLit>) -> PResult<Option<Vec<i64>>> {
        if self.tok() != Tok::LSquare {
            out.push(self.parse_dense_element()?);
            return Ok(None);
        }
        let loc = self.here();
        self.bump();
        let mut count = 0i64;
        let mut inner: Option<Vec<i64>> = None;
        if !self.eat(Tok::RSquare) {
            loop {
                let sub = if self.tok() == Tok::LSquare {
                    self.parse_dense_literal(out)?.unwrap_or_default()
                } else {
                    out.push(self.parse_dense_element()?);
                    vec![]
                };
                match &inner {
                    None => inner = Some(sub),
                    Some(prev) if *prev != sub => {
                        return self.err_at(loc, "tensor literal is invalid; ranks are not consistent between elements")
                    }
                    _ => {}
                }
                count += 1;
                if self.eat(Tok::RSquare) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ']'")?;
            }
        }
        let mut shape = vec![count];
        shape.extend(inner.unwrap_or_default());
        Ok(Some(shape))
    }

    fn parse_dense_element(&mut self) -> PResult<DenseLit> {
        match self.tok() {
            Tok::LParen => {
                self.bump();
                let re = self.parse_dense_element()?;
                self.expect(Tok::Comma, "','")?;
                let im = self.parse_dense_element()?;
                self.expect(Tok::RParen, "')'")?;
                Ok(DenseLit::Complex(Box::new(re), Box::new(im)))
            }
            Tok::String => {
                let v = self.string_value();
                self.bump();
                Ok(DenseLit::Str(v))
            }
            Tok::BareIdent if self.is_keyword("true") || self.is_keyword("false") => {
                let b = self.is_keyword("true");
                self.bump();
                Ok(DenseLit::Bool(b))
            }
            Tok::BareIdent if self.is_keyword("inf") || self.is_keyword("nan") => {
                let t = self.spelling().to_string();
                self.bump();
                Ok(DenseLit::Float { text: t })
            }
            _ => {
                let negative = self.eat(Tok::Minus);
                match self.tok() {
                    Tok::Integer => {
                        let text = self.spelling().to_string();
                        let at = self.tok.start;
                        self.bump();
                        Ok(DenseLit::Int { negative, text, at })
                    }
                    Tok::Float => {
                        let t = self.spelling();
                        let text = if negative { format!("-{t}") } else { t.to_string() };
                        self.bump();
                        Ok(DenseLit::Float { text })
                    }
                    _ => self.err_here("expected element literal of primitive type"),
                }
            }
        }
    }

    fn encode_dense_lit(
        &mut self,
        loc: crate::location::Location,
        elem: Type,
        lit: &DenseLit,
        out: &mut Vec<u8>,
    ) -> PResult<()> {
        let ctx = self.ctx;
        match ctx.type_kind(elem).clone() {
            TypeKind::Complex(inner) => match lit {
                DenseLit::Complex(re, im) => {
                    self.encode_dense_lit(loc, inner, re, out)?;
                    self.encode_dense_lit(loc, inner, im, out)
                }
                _ => self.err_at(loc, "expected complex element"),
            },
            TypeKind::Float(kind) => {
                let bits = match lit {
                    DenseLit::Float { text } => match apfloat::parse_literal(kind, text) {
                        Some(b) => b,
                        None => return self.err_at(loc, "invalid floating point literal"),
                    },
                    DenseLit::Int { negative, text, at, .. } => {
                        let at = self.loc_at(*at);
                        self.float_from_literal(at, kind, *negative, text, false)?
                    }
                    _ => return self.err_at(loc, "expected floating-point elements, but parsed integer"),
                };
                let n = dense_element_bytes(ctx, elem).unwrap();
                out.extend_from_slice(&bits.to_le_bytes()[..n]);
                Ok(())
            }
            TypeKind::Integer { width: 1, .. } => {
                let b = match lit {
                    DenseLit::Bool(b) => *b,
                    DenseLit::Int { negative: false, text, .. } if text == "0" || text == "1" => text == "1",
                    _ => return self.err_at(loc, "expected i1 type for 'true' or 'false' values"),
                };
                out.push(b as u8);
                Ok(())
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                let v = match lit {
                    DenseLit::Int { negative, text, .. } => self.int_from_literal(loc, elem, *negative, text)?,
                    DenseLit::Bool(_) => return self.err_at(loc, "expected i1 type for 'true' or 'false' values"),
                    DenseLit::Float { .. } => {
                        return self.err_at(loc, "expected integer elements, but parsed floating-point")
                    }
                    _ => return self.err_at(loc, "expected integer elements"),
                };
                let n = dense_element_bytes(ctx, elem).unwrap();
                for w in v.words() {
                    out.extend_from_slice(&w.to_le_bytes());
                }
                out.truncate(out.len() - (v.words().len() * 8 - n));
                Ok(())
            }
            _ => self.err_at(loc, "unsupported elements type"),
        }
    }

    fn parse_dense_resource(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        let name = match self.tok() {
            Tok::BareIdent | Tok::String => {
                let s = if self.tok() == Tok::String {
                    self.name_from_bytes(self.string_value())?
                } else {
                    self.spelling().to_string()
                };
                self.bump();
                s
            }
            _ => return self.err_here("expected identifier key for 'resource' entry"),
        };
        self.expect(Tok::Greater, "'>'")?;
        self.expect(Tok::Colon, "':'")?;
        let ty = self.parse_type()?;
        let handle = self.ctx.intern_str(&name);
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, handle }))
    }

    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let tloc = self.here();
        let element = self.parse_type()?;
        let ctx = self.ctx;
        // Dense arrays hold i1/i8/i16/i32/i64 elements, or floats of any
        // format whose width is whole bytes (MLIR 22 rejects tf32, f6, f4).
        let valid = match ctx.type_kind(element) {
            TypeKind::Integer { width, signedness: Signedness::Signless } => matches!(width, 1 | 8 | 16 | 32 | 64),
            TypeKind::Float(k) if k.width() % 8 != 0 => {
                return self.err_at(tloc, "element type bitwidth must be a multiple of 8");
            }
            TypeKind::Float(_) => true,
            _ => false,
        };
        if !valid {
            return self.err_at(
                tloc,
                format!("expected integer or float type, got: '{}'", crate::printer::type_to_string(ctx, element)),
            );
        }
        let mut data = Vec::new();
        let mut len = 0usize;
        if self.eat(Tok::Colon) {
            loop {
                let loc = self.here();
                let lit = self.parse_dense_element()?;
                if ctx.is_integer(element) && matches!(lit, DenseLit::Float { .. }) {
                    return self.err_at(loc, "expected integer literal");
                }
                self.encode_dense_lit(loc, element, &lit, &mut data)?;
                len += 1;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, "'>' to close an array attribute")?;
        Ok(ctx.intern_attr(AttrKind::DenseArray { element, data: data.into(), len }))
    }

    fn parse_strided(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        self.expect(Tok::LSquare, "'['")?;
        let mut strides = Vec::new();
        if !self.eat(Tok::RSquare) {
            loop {
                if self.eat(Tok::Question) {
                    strides.push(DYNAMIC);
                } else {
                    strides.push(self.parse_i64()?);
                }
                if self.eat(Tok::RSquare) {
                    break;
                }
                self.expect(Tok::Comma, "','")?;
            }
        }
        let mut offset = 0;
        if self.eat(Tok::Comma) {
            self.expect_keyword("offset")?;
            self.expect(Tok::Colon, "':'")?;
            offset = if self.eat(Tok::Question) { DYNAMIC } else { self.parse_i64()? };
        }
        self.expect(Tok::Greater, "'>'")?;
        Ok(self.ctx.intern_attr(AttrKind::Strided { strides: strides.into(), offset }))
    }

    fn parse_distinct(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(Tok::LSquare, "'['")?;
        let id = self.parse_i64()? as u64;
        self.expect(Tok::RSquare, "']'")?;
        self.expect(Tok::Less, "'<'")?;
        let referenced = if self.tok() == Tok::Greater { self.ctx.unit_attr() } else { self.parse_attribute()? };
        self.expect(Tok::Greater, "'>'")?;
        // Ids are renumbered per parse in MLIR; keep them as given.
        Ok(self.ctx.intern_attr(AttrKind::Distinct { id, referenced }))
    }

    // ---- locations ----

    /// `loc(...)`.
    pub fn parse_location_literal(&mut self) -> PResult<Location> {
        self.expect_keyword("loc")?;
        self.expect(Tok::LParen, "'(' in location")?;
        let l = self.parse_location_instance()?;
        self.expect(Tok::RParen, "')' in location")?;
        Ok(l)
    }

    fn parse_location_instance(&mut self) -> PResult<Location> {
        self.enter()?;
        let r = self.parse_location_inner();
        self.leave();
        r
    }

    fn parse_location_inner(&mut self) -> PResult<Location> {
        let ctx = self.ctx;
        match self.tok() {
            Tok::HashIdent => {
                let loc = self.here();
                let name = self.spelling()[1..].to_string();
                if !name.contains('.') && !self.has_attr_alias(&name) {
                    // Location aliases may be defined after their use (mlir-opt
                    // prints them at the end): parse the definition ahead.
                    self.define_alias_ahead(&name)?;
                    if !self.has_attr_alias(&name) {
                        // mlir-opt defers location aliases to the end of the
                        // file and reports a missing one in these words.
                        return self.err_at(loc, "operation location alias was never defined");
                    }
                }
                let a = self.parse_hash_attr()?;
                match ctx.attr_as_location(a) {
                    Some(l) => Ok(l),
                    None => self.err_at(loc, "expected location attribute"),
                }
            }
            Tok::String => {
                let s = self.name_from_bytes(self.string_value())?;
                self.bump();
                let name = ctx.intern_str(&s);
                if self.eat(Tok::Colon) {
                    let line = self.parse_loc_uint("expected integer line number in FileLineColRange")?;
                    // `"file":12` (no column) means column 0.
                    let col = if self.eat(Tok::Colon) {
                        self.parse_loc_uint("expected integer column number in FileLineColRange")?
                    } else {
                        0
                    };
                    if self.eat_keyword("to") {
                        let (end_line, end_col) = if self.eat(Tok::Colon) {
                            (line, self.parse_loc_uint("expected integer column number in FileLineColRange")?)
                        } else {
                            let l2 = self.parse_loc_uint("expected integer line number in FileLineColRange")?;
                            self.expect(Tok::Colon, "':' in FileLineColRange")?;
                            (l2, self.parse_loc_uint("expected integer column number in FileLineColRange")?)
                        };
                        return Ok(ctx.location(LocData::FileRange {
                            file: name,
                            start_line: line,
                            start_col: col,
                            end_line,
                            end_col,
                        }));
                    }
                    return Ok(Location::FileLineCol { file: name, line, col });
                }
                let child = if self.eat(Tok::LParen) {
                    let c = self.parse_location_instance()?;
                    self.expect(Tok::RParen, "')' after child location of NameLoc")?;
                    Some(c)
                } else {
                    None
                };
                Ok(ctx.location(LocData::Name { name, child }))
            }
            Tok::BareIdent => match self.spelling() {
                "unknown" => {
                    self.bump();
                    Ok(Location::Unknown)
                }
                "callsite" => {
                    self.bump();
                    self.expect(Tok::LParen, "'(' in callsite location")?;
                    let callee = self.parse_location_instance()?;
                    if !self.eat_keyword("at") {
                        return self.err_here("expected 'at' in callsite location");
                    }
                    let caller = self.parse_location_instance()?;
                    self.expect(Tok::RParen, "')' in callsite location")?;
                    Ok(ctx.location(LocData::CallSite { callee, caller }))
                }
                "fused" => {
                    self.bump();
                    let metadata = if self.eat(Tok::Less) {
                        let m = self.parse_attribute()?;
                        self.expect(Tok::Greater, "'>' after fused location metadata")?;
                        Some(m)
                    } else {
                        None
                    };
                    self.expect(Tok::LSquare, "'[' in fused location")?;
                    let mut locs = Vec::new();
                    if !self.eat(Tok::RSquare) {
                        loop {
                            locs.push(self.parse_location_instance()?);
                            if self.eat(Tok::RSquare) {
                                break;
                            }
                            self.expect(Tok::Comma, "',' in fused location")?;
                        }
                    }
                    Ok(ctx.fused_location(&locs, metadata))
                }
                _ => self.err_here("expected location instance"),
            },
            _ => self.err_here("expected location instance"),
        }
    }

    fn parse_loc_uint(&mut self, msg: &str) -> PResult<u32> {
        if self.tok() != Tok::Integer {
            return self.err_here(msg.to_string());
        }
        let Ok(v) = self.spelling().parse::<u32>() else {
            return self.err_here(msg.to_string());
        };
        self.bump();
        Ok(v)
    }

    /// Parses an optional trailing `loc(...)`, returning `default` if absent.
    pub fn parse_optional_trailing_loc(&mut self, default: Location) -> PResult<Location> {
        if self.is_keyword("loc") {
            self.parse_location_literal()
        } else {
            Ok(default)
        }
    }

    pub(crate) fn define_attr_alias(&mut self, name: &str, a: Attribute) {
        self.attr_aliases.insert(name.to_string(), a);
    }
    pub(crate) fn has_attr_alias(&self, name: &str) -> bool {
        self.attr_aliases.contains_key(name)
    }
}

/// Elements of `per` bytes each; stored as a splat when there are several
/// and all are bitwise equal, as MLIR's dense storage does (so
/// `dense<[7, 7]>` prints as `dense<7>`).
fn splat_if_uniform(mut bytes: Vec<u8>, per: usize) -> DenseData {
    let per = per.max(1);
    if bytes.len() > per && bytes.chunks_exact(per).all(|c| c == &bytes[..per]) {
        bytes.truncate(per);
        return DenseData { splat: true, bytes: bytes.into() };
    }
    DenseData { splat: false, bytes: bytes.into() }
}

/// Bytes per element in `DenseData` for an element type.
pub fn dense_element_bytes(ctx: &crate::context::Context, elem: Type) -> Option<usize> {
    match ctx.type_kind(elem) {
        TypeKind::Integer { width, .. } => Some((*width as usize).div_ceil(8).max(1)),
        TypeKind::Index => Some(8),
        TypeKind::Float(k) => Some((k.width() as usize).div_ceil(8)),
        TypeKind::Complex(inner) => dense_element_bytes(ctx, *inner).map(|n| 2 * n),
        _ => None,
    }
}
