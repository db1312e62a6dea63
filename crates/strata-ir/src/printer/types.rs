//! Text of types and attributes, as MLIR's AsmPrinter writes them.

use super::Aliases;
use crate::affine::{AffineExpr, AffineMap, IntegerSet};
use crate::apfloat;
use crate::apint::ApInt;
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::location::{LocData, Location};
use crate::types::{Param, Signedness, Type, TypeKind, DYNAMIC};

pub fn print_type(ctx: &Context, t: Type, out: &mut String, al: Option<&Aliases>) {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            super::push_decimal(out, *width as u64);
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(k.keyword()),
        TypeKind::None => out.push_str("none"),
        TypeKind::Complex(e) => {
            out.push_str("complex<");
            print_type(ctx, *e, out, al);
            out.push('>');
        }
        TypeKind::Tuple(elems) => {
            out.push_str("tuple<");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_type(ctx, *e, out, al);
            }
            out.push('>');
        }
        TypeKind::Function { inputs, results } => {
            out.push('(');
            for (i, e) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_type(ctx, *e, out, al);
            }
            out.push_str(") -> ");
            print_result_types(ctx, results, out, al);
        }
        TypeKind::RankedTensor { shape, element, encoding } => {
            out.push_str("tensor<");
            print_dims(shape, out);
            print_type(ctx, *element, out, al);
            if let Some(e) = encoding {
                out.push_str(", ");
                print_attr_elided(ctx, *e, out, al);
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            print_type(ctx, *element, out, al);
            out.push('>');
        }
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            out.push_str("memref<");
            print_dims(shape, out);
            print_type(ctx, *element, out, al);
            if let Some(l) = layout {
                out.push_str(", ");
                print_attr(ctx, *l, out, al);
            }
            if let Some(m) = memory_space {
                out.push_str(", ");
                print_attr_elided(ctx, *m, out, al);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            out.push_str("memref<*x");
            print_type(ctx, *element, out, al);
            if let Some(m) = memory_space {
                out.push_str(", ");
                print_attr_elided(ctx, *m, out, al);
            }
            out.push('>');
        }
        TypeKind::Vector { shape, scalable, element } => {
            out.push_str("vector<");
            for (d, s) in shape.iter().zip(scalable.iter()) {
                if *s {
                    out.push('[');
                    out.push_str(&d.to_string());
                    out.push(']');
                } else {
                    out.push_str(&d.to_string());
                }
                out.push('x');
            }
            print_type(ctx, *element, out, al);
            out.push('>');
        }
        TypeKind::Opaque { dialect, body } => {
            out.push('!');
            out.push_str(ctx.str(*dialect));
            let b = ctx.str(*body);
            if !b.starts_with('<') {
                out.push('.');
            }
            out.push_str(b);
        }
        TypeKind::Dialect { dialect, .. } => {
            let d = ctx.str(*dialect);
            if let Some(print) = ctx.dialect(d).and_then(|d| d.print_type) {
                if print(ctx, t, out) {
                    return;
                }
            }
            out.push_str("!<<unprintable type>>");
        }
    }
}

/// Results after `->`: a single non-function type bare, otherwise in parens.
pub fn print_result_types(ctx: &Context, results: &[Type], out: &mut String, al: Option<&Aliases>) {
    if results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. }) {
        print_type(ctx, results[0], out, al);
        return;
    }
    out.push('(');
    for (i, e) in results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_type(ctx, *e, out, al);
    }
    out.push(')');
}

fn print_dims(shape: &[i64], out: &mut String) {
    for &d in shape {
        if d == DYNAMIC {
            out.push('?');
        } else {
            out.push_str(&d.to_string());
        }
        out.push('x');
    }
}

/// True if `s` can be printed without quotes as an attribute/dictionary key.
pub fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}

/// Writes bytes as an MLIR string literal body (escaping like `printEscapedString`).
pub fn print_escaped(bytes: &[u8], out: &mut String) {
    for &c in bytes {
        match c {
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e if c != b'"' => out.push(c as char),
            _ => {
                out.push('\\');
                out.push_str(&format!("{c:02X}"));
            }
        }
    }
}

pub fn print_string(bytes: &[u8], out: &mut String) {
    out.push('"');
    print_escaped(bytes, out);
    out.push('"');
}

/// `@name`, quoted when not a valid bare identifier.
pub fn print_symbol(name: &str, out: &mut String) {
    out.push('@');
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        print_string(name.as_bytes(), out);
    }
}

/// Prints an attribute where MLIR allows eliding the type (`AttrTypeElision::May`):
/// array elements and type parameters drop `: i64` and `: f64`.
pub fn print_attr_elided(ctx: &Context, a: Attribute, out: &mut String, al: Option<&Aliases>) {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } if ctx.is_signless_integer_of_width(*ty, 64) => {
            print_int_value(ctx, value, *ty, out)
        }
        AttrKind::Float { bits, ty } if *ty == ctx.f64() => {
            out.push_str(&apfloat::to_mlir_string(crate::types::FloatKind::F64, *bits));
        }
        _ => print_attr(ctx, a, out, al),
    }
}

/// Prints the definition of an alias: the attribute itself (not its alias),
/// with aliases and distinct ids applied inside it.
pub fn print_attr_definition(ctx: &Context, a: Attribute, out: &mut String, al: &Aliases) {
    if let AttrKind::Distinct { id, referenced } = ctx.attr_kind(a) {
        let id = al.distinct_id(a).unwrap_or(*id);
        out.push_str(&format!("distinct[{id}]<"));
        if *referenced != ctx.unit_attr() {
            print_attr(ctx, *referenced, out, Some(al));
        }
        out.push('>');
        return;
    }
    print_attr(ctx, a, out, None);
}

pub fn print_attr(ctx: &Context, a: Attribute, out: &mut String, al: Option<&Aliases>) {
    if let Some(al) = al {
        if let Some(name) = al.attr_alias(a) {
            out.push_str(name);
            return;
        }
    }
    match ctx.attr_kind(a) {
        AttrKind::Unit => out.push_str("unit"),
        AttrKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        AttrKind::Integer { value, ty } => {
            print_int_value(ctx, value, *ty, out);
            out.push_str(" : ");
            print_type(ctx, *ty, out, al);
        }
        AttrKind::Float { bits, ty } => {
            let k = ctx.float_kind(*ty).unwrap();
            out.push_str(&apfloat::to_mlir_string(k, *bits));
            out.push_str(" : ");
            print_type(ctx, *ty, out, al);
        }
        AttrKind::String { value, ty } => {
            print_string(value, out);
            if let Some(t) = ty {
                out.push_str(" : ");
                print_type(ctx, *t, out, al);
            }
        }
        AttrKind::Type(t) => print_type(ctx, *t, out, al),
        AttrKind::Array(v) => {
            out.push('[');
            for (i, e) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_attr_elided(ctx, *e, out, al);
            }
            out.push(']');
        }
        AttrKind::Dictionary(entries) => {
            out.push('{');
            print_dict_entries(ctx, entries.iter().copied(), out, al);
            out.push('}');
        }
        AttrKind::SymbolRef { root, nested } => {
            print_symbol(ctx.str(*root), out);
            for n in nested.iter() {
                out.push_str("::");
                print_symbol(ctx.str(*n), out);
            }
        }
        AttrKind::DenseElements { ty, data } => {
            out.push_str("dense<");
            super::dense::print_dense_body(ctx, *ty, data, out);
            out.push_str("> : ");
            print_type(ctx, *ty, out, al);
        }
        AttrKind::DenseStrings { ty, splat, values } => {
            out.push_str("dense<");
            super::dense::print_dense_strings(ctx, *ty, *splat, values, out);
            out.push_str("> : ");
            print_type(ctx, *ty, out, al);
        }
        AttrKind::SparseElements { ty, indices, values } => {
            out.push_str("sparse<");
            // All-zero attributes print as `sparse<>`.
            if let AttrKind::DenseElements { ty: indices_ty, data } = ctx.attr_kind(*indices) {
                if !data.bytes.is_empty() {
                    super::dense::print_dense_body_with_hex_limit(ctx, *indices_ty, data, None, out);
                    out.push_str(", ");
                    match ctx.attr_kind(*values) {
                        AttrKind::DenseElements { ty, data } => super::dense::print_dense_body(ctx, *ty, data, out),
                        AttrKind::DenseStrings { ty, splat, values } => {
                            super::dense::print_dense_strings(ctx, *ty, *splat, values, out)
                        }
                        _ => {}
                    }
                }
            }
            out.push_str("> : ");
            print_type(ctx, *ty, out, al);
        }
        AttrKind::DenseResource { ty, handle } => {
            out.push_str("dense_resource<");
            super::resources::print_key(ctx.str(*handle), out);
            out.push_str("> : ");
            print_type(ctx, *ty, out, al);
        }
        AttrKind::DenseArray { element, data, len } => {
            out.push_str("array<");
            print_type(ctx, *element, out, al);
            if *len > 0 {
                out.push_str(": ");
                super::dense::print_dense_array_elements(ctx, *element, data, *len, out);
            }
            out.push('>');
        }
        AttrKind::AffineMap(m) => {
            out.push_str("affine_map<");
            print_affine_map(m, out);
            out.push('>');
        }
        AttrKind::IntegerSet(s) => {
            out.push_str("affine_set<");
            print_integer_set(s, out);
            out.push('>');
        }
        AttrKind::Strided { strides, offset } => {
            out.push_str("strided<[");
            for (i, s) in strides.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if *s == DYNAMIC {
                    out.push('?');
                } else {
                    out.push_str(&s.to_string());
                }
            }
            out.push(']');
            if *offset != 0 {
                out.push_str(", offset: ");
                if *offset == DYNAMIC {
                    out.push('?');
                } else {
                    out.push_str(&offset.to_string());
                }
            }
            out.push('>');
        }
        AttrKind::Opaque { dialect, body, ty } => {
            out.push('#');
            out.push_str(ctx.str(*dialect));
            let b = ctx.str(*body);
            if !b.starts_with('<') {
                out.push('.');
            }
            out.push_str(b);
            if let Some(t) = ty {
                out.push_str(" : ");
                print_type(ctx, *t, out, al);
            }
        }
        AttrKind::Dialect { dialect, name, params } => {
            let d = ctx.str(*dialect);
            if let Some(print) = ctx.dialect(d).and_then(|d| d.print_attr) {
                if print(ctx, a, out) {
                    return;
                }
            }
            out.push('#');
            out.push_str(d);
            out.push('.');
            out.push_str(ctx.str(*name));
            if !params.is_empty() {
                out.push('<');
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match p {
                        Param::Type(t) => print_type(ctx, *t, out, al),
                        Param::Attr(a) => print_attr(ctx, *a, out, al),
                        Param::Int(v) => out.push_str(&v.to_string()),
                        Param::Str(s) => out.push_str(ctx.str(*s)),
                    }
                }
                out.push('>');
            }
        }
        AttrKind::Location(_) => {
            out.push_str("loc(");
            print_location_body(ctx, ctx.attr_as_location(a).unwrap(), out, al);
            out.push(')');
        }
        AttrKind::Distinct { id, referenced } => {
            let id = al.and_then(|al| al.distinct_id(a)).unwrap_or(*id);
            out.push_str(&format!("distinct[{id}]<"));
            if *referenced != ctx.unit_attr() {
                print_attr(ctx, *referenced, out, al);
            }
            out.push('>');
        }
    }
}

pub fn print_dict_entries(
    ctx: &Context,
    entries: impl Iterator<Item = (crate::context::Str, Attribute)>,
    out: &mut String,
    al: Option<&Aliases>,
) {
    for (i, (n, v)) in entries.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let name = ctx.str(n);
        if is_bare_identifier(name) {
            out.push_str(name);
        } else {
            print_string(name.as_bytes(), out);
        }
        if v != ctx.unit_attr() {
            out.push_str(" = ");
            print_attr(ctx, v, out, al);
        }
    }
}

/// An integer value of type `ty`: unsigned types print unsigned, `i1` as
/// true/false is handled by `Bool`, everything else signed.
pub fn print_int_value(ctx: &Context, v: &ApInt, ty: Type, out: &mut String) {
    let signed = !matches!(ctx.type_kind(ty), TypeKind::Integer { signedness: Signedness::Unsigned, .. });
    let signed = signed && v.width() > 1
        || matches!(ctx.type_kind(ty), TypeKind::Integer { signedness: Signedness::Signed, .. });
    out.push_str(&v.to_string_radix10(signed));
}

// ---- locations ----

/// A location in `--mlir-pretty-debuginfo` form (MLIR's
/// `printLocationInternal` with `pretty`): file names unquoted, `[unknown]`,
/// no `callsite(`/`fused` keywords, a call site's caller on a new line
/// unless a named callee is called from a file location. Nested locations
/// print as their aliases when they have one.
pub fn print_location_pretty(ctx: &Context, loc: Location, out: &mut String, al: Option<&Aliases>) {
    let nested = |l: Location, out: &mut String| match al.and_then(|al| al.loc_alias(ctx, l)) {
        Some(name) => out.push_str(name),
        None => print_location_pretty(ctx, l, out, al),
    };
    match ctx.loc_data(loc) {
        LocData::Unknown => out.push_str("[unknown]"),
        LocData::FileLineCol { file, line, col } => out.push_str(&format!("{}:{line}:{col}", ctx.str(file))),
        LocData::FileRange { file, start_line, start_col, end_line, end_col } => {
            out.push_str(&format!("{}:{start_line}:{start_col} to ", ctx.str(file)));
            if end_line != start_line {
                out.push_str(&format!("{end_line}"));
            }
            out.push_str(&format!(":{end_col}"));
        }
        LocData::Name { name, child } => {
            print_string(ctx.str(name).as_bytes(), out);
            if let Some(c) = child {
                if !matches!(c, Location::Unknown) {
                    out.push('(');
                    nested(c, out);
                    out.push(')');
                }
            }
        }
        LocData::CallSite { callee, caller } => {
            nested(callee, out);
            let named_from_file = matches!(ctx.loc_data(callee), LocData::Name { .. })
                && matches!(ctx.loc_data(caller), LocData::FileLineCol { .. });
            out.push_str(if named_from_file { " at " } else { "\n at " });
            nested(caller, out);
        }
        LocData::Fused { locations, metadata } => {
            if let Some(m) = metadata {
                out.push('<');
                print_attr(ctx, m, out, al);
                out.push('>');
            }
            out.push('[');
            for (i, &l) in locations.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                nested(l, out);
            }
            out.push(']');
        }
    }
}

/// Prints a location without the `loc(...)` wrapper. With `al`, the nested
/// locations print as their aliases (the location itself never does: a
/// top-level location is an alias definition or a block argument's).
pub fn print_location_body(ctx: &Context, loc: Location, out: &mut String, al: Option<&Aliases>) {
    let nested = |l: Location, out: &mut String| match al.and_then(|al| al.loc_alias(ctx, l)) {
        Some(name) => out.push_str(name),
        None => print_location_body(ctx, l, out, al),
    };
    match ctx.loc_data(loc) {
        LocData::Unknown => out.push_str("unknown"),
        LocData::FileLineCol { file, line, col } => {
            print_string(ctx.str(file).as_bytes(), out);
            out.push_str(&format!(":{line}:{col}"));
        }
        LocData::FileRange { file, start_line, start_col, end_line, end_col } => {
            print_string(ctx.str(file).as_bytes(), out);
            out.push_str(&format!(":{start_line}:{start_col} to "));
            if end_line != start_line {
                out.push_str(&format!("{end_line}"));
            }
            out.push_str(&format!(":{end_col}"));
        }
        LocData::Name { name, child } => {
            print_string(ctx.str(name).as_bytes(), out);
            if let Some(c) = child {
                if !matches!(c, Location::Unknown) {
                    out.push('(');
                    nested(c, out);
                    out.push(')');
                }
            }
        }
        LocData::CallSite { callee, caller } => {
            out.push_str("callsite(");
            nested(callee, out);
            out.push_str(" at ");
            nested(caller, out);
            out.push(')');
        }
        LocData::Fused { locations, metadata } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                print_attr(ctx, m, out, al);
                out.push('>');
            }
            out.push('[');
            for (i, l) in locations.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                nested(*l, out);
            }
            out.push(']');
        }
    }
}

// ---- affine ----

pub fn print_affine_map(m: &AffineMap, out: &mut String) {
    print_affine_ids(m.num_dims, m.num_symbols, out);
    out.push_str(" -> (");
    for (i, e) in m.results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_affine_expr(e, false, out);
    }
    out.push(')');
}

pub fn print_integer_set(s: &IntegerSet, out: &mut String) {
    print_affine_ids(s.num_dims, s.num_symbols, out);
    out.push_str(" : (");
    if s.constraints.is_empty() {
        // MLIR prints the empty set as `(1 == 0)`? It prints `()`: keep structural.
    }
    for (i, c) in s.constraints.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_affine_expr(&c.expr, false, out);
        out.push_str(if c.is_equality { " == 0" } else { " >= 0" });
    }
    out.push(')');
}

fn print_affine_ids(dims: u32, syms: u32, out: &mut String) {
    out.push('(');
    for i in 0..dims {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&format!("d{i}"));
    }
    out.push(')');
    if syms > 0 {
        out.push('[');
        for i in 0..syms {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!("s{i}"));
        }
        out.push(']');
    }
}

/// One expression as the printer writes it inside a map.
pub fn print_affine_expr_str(e: &AffineExpr) -> String {
    let mut out = String::new();
    print_affine_expr(e, false, &mut out);
    out
}

/// `printAffineExprInternal`: `strong` is MLIR's BindingStrength::Strong.
fn print_affine_expr(e: &AffineExpr, strong: bool, out: &mut String) {
    print_affine_expr_ids(e, strong, &default_affine_id, out);
}

fn default_affine_id(is_symbol: bool, i: u32, out: &mut String) {
    out.push_str(&format!("{}{i}", if is_symbol { 's' } else { 'd' }));
}

/// An affine expression with dims and symbols printed by `ids` (the affine
/// dialect's custom forms name them by SSA value: `%i + 1`, `symbol(%n)`).
pub fn print_affine_expr_with_ids(e: &AffineExpr, ids: &dyn Fn(bool, u32, &mut String), out: &mut String) {
    print_affine_expr_ids(e, false, ids, out);
}

fn print_affine_expr_ids(e: &AffineExpr, strong: bool, ids: &dyn Fn(bool, u32, &mut String), out: &mut String) {
    match e {
        AffineExpr::Dim(i) => ids(false, *i, out),
        AffineExpr::Symbol(i) => ids(true, *i, out),
        AffineExpr::Constant(c) => out.push_str(&c.to_string()),
        AffineExpr::Mul(l, r) | AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) | AffineExpr::Mod(l, r) => {
            if strong {
                out.push('(');
            }
            if let (AffineExpr::Mul(..), AffineExpr::Constant(-1)) = (e, r.as_ref()) {
                out.push('-');
                print_affine_expr_ids(l, true, ids, out);
                if strong {
                    out.push(')');
                }
                return;
            }
            print_affine_expr_ids(l, true, ids, out);
            out.push_str(match e {
                AffineExpr::Mul(..) => " * ",
                AffineExpr::FloorDiv(..) => " floordiv ",
                AffineExpr::CeilDiv(..) => " ceildiv ",
                _ => " mod ",
            });
            print_affine_expr_ids(r, true, ids, out);
            if strong {
                out.push(')');
            }
        }
        AffineExpr::Add(l, r) => {
            if strong {
                out.push('(');
            }
            // `a + b * -c` prints as `a - b * c`; `a + -c` as `a - c`.
            if let AffineExpr::Mul(ml, mr) = r.as_ref() {
                if let AffineExpr::Constant(c) = mr.as_ref() {
                    if *c == -1 {
                        // Only a sum needs parentheses here: `d0 - d1 * s0`
                        // and `d0 - d1 floordiv 2` print bare, as in MLIR.
                        print_affine_expr_ids(l, false, ids, out);
                        out.push_str(" - ");
                        print_affine_expr_ids(ml, matches!(**ml, AffineExpr::Add(..)), ids, out);
                        if strong {
                            out.push(')');
                        }
                        return;
                    }
                    if *c < 0 {
                        print_affine_expr_ids(l, false, ids, out);
                        out.push_str(" - ");
                        print_affine_expr_ids(ml, true, ids, out);
                        out.push_str(&format!(" * {}", c.wrapping_neg()));
                        if strong {
                            out.push(')');
                        }
                        return;
                    }
                }
            }
            if let AffineExpr::Constant(c) = r.as_ref() {
                if *c < 0 {
                    print_affine_expr_ids(l, false, ids, out);
                    out.push_str(&format!(" - {}", c.wrapping_neg()));
                    if strong {
                        out.push(')');
                    }
                    return;
                }
            }
            print_affine_expr_ids(l, false, ids, out);
            out.push_str(" + ");
            print_affine_expr_ids(r, false, ids, out);
            if strong {
                out.push(')');
            }
        }
    }
}
