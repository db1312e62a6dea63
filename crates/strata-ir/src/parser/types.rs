//! Parsing of builtin types, type aliases and dialect types.

use super::{PResult, Parser};
use crate::lexer::Tok;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

impl<'a> Parser<'a> {
    /// Parses any type, including function types.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = if self.tok() == Tok::LParen { self.parse_function_type() } else { self.parse_non_function_type() };
        self.leave();
        r
    }

    pub fn parse_function_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "'('")?;
        let mut inputs = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                inputs.push(self.parse_type()?);
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ')'")?;
            }
        }
        self.expect(Tok::Arrow, "'->' in function type")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(&inputs, &results))
    }

    /// `type` or `(type, ...)` after an arrow.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.tok() != Tok::LParen {
            return Ok(vec![self.parse_non_function_type()?]);
        }
        // A parenthesised list, or a function type as the single result.
        let save_is_fn = self.paren_starts_function_type();
        if save_is_fn {
            return Ok(vec![self.parse_function_type()?]);
        }
        self.parse_type_list_parens()
    }

    /// Looks ahead (without consuming) whether the `(` at the cursor opens a
    /// function type, i.e. its matching `)` is followed by `->`.
    pub fn paren_starts_function_type(&self) -> bool {
        let bytes = self.src.as_bytes();
        let mut i = self.tok.start as usize;
        let mut depth = 0i32;
        while i < bytes.len() {
            match bytes[i] {
                b'(' | b'<' | b'[' | b'{' => depth += 1,
                b')' | b'>' | b']' | b'}' => {
                    if bytes[i] == b'>' && i > 0 && bytes[i - 1] == b'-' {
                        i += 1;
                        continue;
                    }
                    depth -= 1;
                    if depth == 0 {
                        let rest = self.src[i + 1..].trim_start();
                        return rest.starts_with("->");
                    }
                }
                b'"' => {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        if bytes[i] == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// `(type, ...)` or a single type, as in a generic op's result list.
    pub fn parse_type_list_parens(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen, "'('")?;
        let mut v = Vec::new();
        if self.eat(Tok::RParen) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_type()?);
            if self.eat(Tok::RParen) {
                return Ok(v);
            }
            self.expect(Tok::Comma, "',' or ')'")?;
        }
    }

    /// A comma-separated list of types without delimiters.
    pub fn parse_type_list_no_parens(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.parse_type()?];
        while self.eat(Tok::Comma) {
            v.push(self.parse_type()?);
        }
        Ok(v)
    }

    pub fn parse_non_function_type(&mut self) -> PResult<Type> {
        match self.tok() {
            Tok::BareIdent => self.parse_builtin_type(),
            Tok::ExclaimIdent => self.parse_dialect_or_alias_type(),
            _ => self.err_here("expected non-function type"),
        }
    }

    /// Whether the current bare identifier starts a builtin type (MLIR's
    /// `parseOptionalType` only tries the type keywords).
    pub(crate) fn at_builtin_type_keyword(&self) -> bool {
        let s = self.spelling();
        int_type_keyword(s).is_some()
            || FloatKind::from_keyword(s).is_some()
            || matches!(s, "index" | "none" | "complex" | "tuple" | "tensor" | "memref" | "vector")
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let s = self.spelling();
        let ctx = self.ctx;
        if let Some(t) = int_type_keyword(s) {
            let (width, signedness) = match t {
                Some(x) => x,
                None => return self.err_here("integer bitwidth is limited to 16777215 bits"),
            };
            self.bump();
            return Ok(ctx.integer_type_with(width, signedness));
        }
        if let Some(k) = FloatKind::from_keyword(s) {
            self.bump();
            return Ok(ctx.float_type(k));
        }
        match s {
            "index" => {
                self.bump();
                Ok(ctx.index_type())
            }
            "none" => {
                self.bump();
                Ok(ctx.none_type())
            }
            "complex" => {
                self.bump();
                self.expect(Tok::Less, "'<' in complex type")?;
                let loc = self.here();
                let e = self.parse_type()?;
                if !(ctx.is_float(e) || ctx.is_integer(e)) {
                    return self.err_at(loc, "invalid element type for complex");
                }
                self.expect(Tok::Greater, "'>' in complex type")?;
                Ok(ctx.intern_type(TypeKind::Complex(e)))
            }
            "tuple" => {
                self.bump();
                self.expect(Tok::Less, "'<' in tuple type")?;
                let mut v = Vec::new();
                if !self.eat(Tok::Greater) {
                    loop {
                        v.push(self.parse_type()?);
                        if self.eat(Tok::Greater) {
                            break;
                        }
                        self.expect(Tok::Comma, "'>' in tuple type")?;
                    }
                }
                Ok(ctx.intern_type(TypeKind::Tuple(v.into())))
            }
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            _ => self.err_here("expected non-function type"),
        }
    }

    /// Parses `d0xd1x...x` (with `?` for dynamic) up to the element type.
    /// Returns `None` for an unranked `*x`.
    fn parse_dimension_list(&mut self, allow_dynamic: bool, allow_unranked: bool) -> PResult<Option<Vec<i64>>> {
        let mut dims = Vec::new();
        if self.tok() == Tok::Star {
            if !allow_unranked {
                return self.err_here("expected non-function type");
            }
            self.bump();
            self.expect_x()?;
            return Ok(None);
        }
        loop {
            match self.tok() {
                Tok::Question => {
                    if !allow_dynamic {
                        return self.err_here("expected static shape");
                    }
                    self.bump();
                    dims.push(DYNAMIC);
                }
                Tok::Integer => {
                    let s = self.spelling();
                    // `0xf32` lexes as a hex integer: take the `0` alone.
                    if s.len() > 1 && s.as_bytes()[1] == b'x' {
                        dims.push(0);
                        self.reset_into_token(1);
                        self.expect_x()?;
                        continue;
                    }
                    let Ok(v) = s.parse::<i64>() else {
                        return self.err_here("invalid dimension");
                    };
                    self.bump();
                    dims.push(v);
                }
                _ => return Ok(Some(dims)),
            }
            self.expect_x()?;
        }
    }

    /// Consumes an `x` separator, splitting `x4xf32`-style identifiers.
    fn expect_x(&mut self) -> PResult<()> {
        if self.tok() == Tok::BareIdent && self.spelling().starts_with('x') {
            if self.spelling().len() == 1 {
                self.bump();
            } else {
                self.reset_into_token(1);
            }
            return Ok(());
        }
        self.err_here("expected 'x' in dimension list")
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(Tok::Less, "'<' in tensor type")?;
        let dims = self.parse_dimension_list(true, true)?;
        let loc = self.here();
        let element = self.parse_type()?;
        if !self.valid_tensor_element(element) {
            return self.err_at(loc, "invalid tensor element type");
        }
        let encoding = if self.eat(Tok::Comma) { Some(self.parse_attribute()?) } else { None };
        self.expect(Tok::Greater, "'>' in tensor type")?;
        match dims {
            Some(shape) => {
                if shape.iter().any(|&d| d < 0 && d != DYNAMIC) {
                    return self.err_at(loc, "invalid tensor dimension size");
                }
                Ok(self.ctx.intern_type(TypeKind::RankedTensor { shape: shape.into(), element, encoding }))
            }
            None => {
                if encoding.is_some() {
                    return self.err_at(loc, "cannot apply encoding to unranked tensor");
                }
                Ok(self.ctx.unranked_tensor_type(element))
            }
        }
    }

    fn valid_tensor_element(&self, t: Type) -> bool {
        !matches!(
            self.ctx.type_kind(t),
            TypeKind::Function { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::None
                | TypeKind::Tuple(_)
        )
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let type_loc = self.here();
        self.bump();
        self.expect(Tok::Less, "'<' in memref type")?;
        let dims = self.parse_dimension_list(true, true)?;
        let loc = self.here();
        let element = self.parse_type()?;
        let ctx = self.ctx;
        let ok_elem = matches!(
            ctx.type_kind(element),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Opaque { .. }
                | TypeKind::Dialect { .. }
        );
        if !ok_elem {
            return self.err_at(loc, "invalid memref element type");
        }
        let mut layout = None;
        let mut layout_loc = loc;
        let mut memory_space = None;
        while self.eat(Tok::Comma) {
            let aloc = self.here();
            let a = self.parse_attribute()?;
            let is_layout = matches!(
                ctx.attr_kind(a),
                crate::attributes::AttrKind::AffineMap(_) | crate::attributes::AttrKind::Strided { .. }
            );
            if is_layout && dims.is_some() {
                if layout.is_some() || memory_space.is_some() {
                    return self.err_at(aloc, "expected memory space to be last in memref type");
                }
                layout = Some(a);
                layout_loc = aloc;
            } else {
                if memory_space.is_some() {
                    return self.err_at(aloc, "multiple memory spaces specified in memref type");
                }
                memory_space = Some(a);
            }
        }
        self.expect(Tok::Greater, "'>' in memref type")?;
        // MLIR's `isSupportedMemorySpace`: builtin integer (and bool), string
        // and dictionary attributes, or an attribute of a registered dialect
        // (an unregistered one is a builtin `OpaqueAttr`, refused).
        if let Some(ms) = memory_space {
            let supported = matches!(
                ctx.attr_kind(ms),
                crate::attributes::AttrKind::Integer { .. }
                    | crate::attributes::AttrKind::Bool(_)
                    | crate::attributes::AttrKind::String { .. }
                    | crate::attributes::AttrKind::Dictionary(_)
                    | crate::attributes::AttrKind::Dialect { .. }
            );
            if !supported {
                return self.err_at(type_loc, "unsupported memory space Attribute");
            }
        }
        // An integer memory space of 0 is the default space and is dropped.
        if let Some(ms) = memory_space {
            if let crate::attributes::AttrKind::Integer { value, .. } = ctx.attr_kind(ms) {
                if value.is_zero() {
                    memory_space = None;
                }
            }
        }
        // The layout must fit the rank (MemRefType::verify).
        if let (Some(l), Some(shape)) = (layout, &dims) {
            let rank = shape.len();
            match ctx.attr_kind(l) {
                crate::attributes::AttrKind::Strided { strides, .. } if strides.len() != rank => {
                    return self.err_at(layout_loc, "expected the number of strides to match the rank");
                }
                crate::attributes::AttrKind::AffineMap(m) if m.num_dims as usize != rank => {
                    let msg = format!("memref layout mismatch between rank and affine map: {rank} != {}", m.num_dims);
                    return self.err_at(layout_loc, msg);
                }
                _ => {}
            }
        }
        // The identity layout is the default and is dropped, as MLIR does.
        if let Some(l) = layout {
            if let crate::attributes::AttrKind::AffineMap(m) = ctx.attr_kind(l) {
                if m.num_symbols == 0 && *m == crate::affine::AffineMap::identity(m.num_dims) {
                    layout = None;
                }
            }
        }
        Ok(match dims {
            Some(shape) => ctx.intern_type(TypeKind::MemRef { shape: shape.into(), element, layout, memory_space }),
            None => ctx.intern_type(TypeKind::UnrankedMemRef { element, memory_space }),
        })
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(Tok::Less, "'<' in vector type")?;
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        loop {
            let is_scalable = self.tok() == Tok::LSquare;
            if is_scalable {
                self.bump();
            }
            if self.tok() != Tok::Integer {
                if is_scalable {
                    return self.err_here("expected dimension size in vector type");
                }
                break;
            }
            let s = self.spelling();
            let (v, split) = if s.len() > 1 && s.as_bytes()[1] == b'x' {
                (0, true)
            } else {
                (s.parse::<i64>().unwrap_or(-1), false)
            };
            if v <= 0 && !split {
                return self.err_here("vector types must have positive constant sizes but got 0");
            }
            if split {
                self.reset_into_token(1);
            } else {
                self.bump();
            }
            shape.push(v);
            scalable.push(is_scalable);
            if is_scalable {
                self.expect(Tok::RSquare, "']' in scalable dimension")?;
            }
            self.expect_x()?;
        }
        if self.tok() == Tok::Question {
            return self.err_here("expected dimension size in vector type");
        }
        let loc = self.here();
        let element = self.parse_type()?;
        if !matches!(self.ctx.type_kind(element), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)) {
            return self.err_at(loc, "vector elements must be int/index/float type");
        }
        self.expect(Tok::Greater, "'>' in vector type")?;
        Ok(self.ctx.intern_type(TypeKind::Vector { shape: shape.into(), scalable: scalable.into(), element }))
    }

    fn parse_dialect_or_alias_type(&mut self) -> PResult<Type> {
        let spelling = &self.spelling()[1..];
        let loc = self.here();
        match spelling.find('.') {
            None if self.peek_char_after_token() != Some('<') => {
                // `!alias`
                let t = self.type_aliases.get(spelling).copied();
                self.bump();
                match t {
                    Some(t) => Ok(t),
                    None => self.err_at(loc, format!("undefined symbol alias id '{spelling}'")),
                }
            }
            _ => {
                let (dialect, rest) = match spelling.find('.') {
                    Some(i) => (&spelling[..i], &spelling[i + 1..]),
                    None => (spelling, ""),
                };
                let dialect_name = dialect.to_string();
                let ident = rest.to_string();
                self.bump();
                if let Some(d) = self.ctx.dialect(&dialect_name) {
                    if let Some(parse) = d.parse_type {
                        return parse(self, &ident);
                    }
                    if !self.options.allow_unregistered && dialect_name != "builtin" {
                        return self.err_at(loc, format!("dialect '{dialect_name}' provides no type parsing hook"));
                    }
                }
                let mut body = ident;
                if self.tok() == Tok::Less && self.tok.start as usize == self.prev_end() {
                    body.push_str(self.balanced_angle_text()?);
                }
                if self.ctx.dialect(&dialect_name).is_none() && !self.options.allow_unregistered {
                    return self.err_at(
                        loc,
                        // mlir-opt builds the opaque type and its verifier
                        // rejects it, printing it in generic form.
                        format!(
                            "`!\"{dialect_name}\"<\"{}\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
                            body.strip_prefix('<').and_then(|b| b.strip_suffix('>')).unwrap_or(&body)
                        ),
                    );
                }
                let d = self.ctx.intern_str(&dialect_name);
                let b = self.ctx.intern_str(&body);
                Ok(self.ctx.intern_type(TypeKind::Opaque { dialect: d, body: b }))
            }
        }
    }

    /// The character right after the current token, if any.
    pub(crate) fn peek_char_after_token(&self) -> Option<char> {
        self.src[self.tok.end as usize..].chars().next()
    }

    /// End offset of the token before the current one (approximated by the
    /// lexer position bookkeeping: callers use it right after `bump`).
    pub(crate) fn prev_end(&self) -> usize {
        self.last_end as usize
    }

    pub(crate) fn define_type_alias(&mut self, name: &str, t: Type) {
        self.type_aliases.insert(name.to_string(), t);
    }
    pub(crate) fn has_type_alias(&self, name: &str) -> bool {
        self.type_aliases.contains_key(name)
    }
}

/// `i32` → Some(Some((32, signless))); `i0x` → None; invalid width → Some(None).
fn int_type_keyword(s: &str) -> Option<Option<(u32, Signedness)>> {
    let (rest, sign) = if let Some(r) = s.strip_prefix("si") {
        (r, Signedness::Signed)
    } else if let Some(r) = s.strip_prefix("ui") {
        (r, Signedness::Unsigned)
    } else if let Some(r) = s.strip_prefix('i') {
        (r, Signedness::Signless)
    } else {
        return None;
    };
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match rest.parse::<u32>() {
        Ok(w) if w <= 16_777_215 => Some(Some((w, sign))),
        _ => Some(None),
    }
}
