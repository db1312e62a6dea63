//! StableHLO's hand-written assembly (`AssemblyFormat.cpp` and the custom
//! printers of `StablehloOps.cpp`) for the ops the declarative format
//! cannot express: the `SameOperandsAndResultType` type list, constant,
//! compare, select, concatenate, slice, dot_general, convolution, reduce
//! and return. The op name has been printed / consumed when these run.

use strata_ir::lexer::Tok;
use strata_ir::parser::{EntryArg, OpState, OperandRef, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{AttrKind, Attribute, Body, Context, Op, OpSpec, Type};

use crate::attrs::{self, int_list_text, padding_attr, padding_pairs, parse_int_list};

// ---- shared pieces ----

/// Prints `op` generically instead, for IR the pretty form cannot say
/// (missing or malformed attributes): the name already written by the
/// printer is taken back and the generic form, which always re-parses,
/// is printed in its place.
fn fallback_generic(p: &mut OpPrinter<'_, '_>, op: Op) {
    let name = p.ctx.op_name_str(p.body.op_name(op));
    let short = name.split_once('.').map(|x| x.1).unwrap_or(name);
    if p.out.ends_with(name) {
        let n = p.out.len() - name.len();
        p.out.truncate(n);
    } else if p.out.ends_with(short) {
        let n = p.out.len() - short.len();
        p.out.truncate(n);
    }
    p.print_generic_op(op);
}

/// `%a, %b, ...` (possibly empty): stops at the first token that is not an operand.
fn parse_operand_list<'a>(p: &mut Parser<'a>) -> PResult<Vec<OperandRef<'a>>> {
    let mut v = vec![];
    if !p.is_operand_next() {
        return Ok(v);
    }
    v.push(p.parse_operand_ref()?);
    while p.tok() == Tok::Comma && p.next_token_after_comma_is_operand() {
        p.bump();
        v.push(p.parse_operand_ref()?);
    }
    Ok(v)
}

fn resolve_all<'a>(p: &mut Parser<'a>, refs: &[OperandRef<'a>], types: &[Type], state: &mut OpState) -> PResult<()> {
    if refs.len() != types.len() {
        let loc = refs.first().map(|r| r.loc).unwrap_or_else(|| p.here());
        return p.err_at(loc, format!("{} operands present, but expected {}", refs.len(), types.len()));
    }
    for (r, &t) in refs.iter().zip(types) {
        let v = p.resolve_operand(r, t)?;
        state.operands.push(v);
    }
    Ok(())
}

/// `: (T1, T2) -> R`: the operand and result types of a functional type.
fn parse_functional_type(p: &mut Parser<'_>) -> PResult<(Vec<Type>, Vec<Type>)> {
    let loc = p.here();
    let t = p.parse_type()?;
    match p.ctx.function_signature(t) {
        Some((i, r)) => Ok((i.to_vec(), r.to_vec())),
        None => p.err_at(loc, "expected function type"),
    }
}

fn operand_types(body: &Body, op: Op) -> Vec<Type> {
    body.operand_types(op).to_vec()
}
fn result_types(body: &Body, op: Op) -> Vec<Type> {
    body.result_types(op).to_vec()
}

/// ` : (a, b) -> c` of the op.
fn print_op_functional_type(p: &mut OpPrinter<'_, '_>, op: Op) {
    let (ins, outs) = (operand_types(p.body, op), result_types(p.body, op));
    p.write(" : ");
    p.print_functional_type(&ins, &outs);
}

// ---- `custom<SameOperandsAndResultType>`: elementwise ops, convert, clamp ----

/// ` %a, %b : T`, or `: (A, B) -> R` when the types differ.
pub fn print_same_type_op(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    let ins = operand_types(p.body, op);
    let outs = result_types(p.body, op);
    if outs.len() == 1 && ins.iter().all(|&t| t == outs[0]) {
        p.print_type(outs[0]);
    } else {
        p.print_functional_type(&ins, &outs);
    }
}

pub fn parse_same_type_op(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let refs = parse_operand_list(p)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let loc = p.here();
    let t = p.parse_type()?;
    if let Some((ins, outs)) = p.ctx.function_signature(t).map(|(i, r)| (i.to_vec(), r.to_vec())) {
        if outs.len() != 1 {
            return p.err_at(loc, "expected single output");
        }
        resolve_all(p, &refs, &ins, state)?;
        state.result_types.push(outs[0]);
    } else {
        let types = vec![t; refs.len()];
        resolve_all(p, &refs, &types, state)?;
        state.result_types.push(t);
    }
    Ok(())
}

// ---- constant ----

pub fn print_constant(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.print_optional_attr_dict(p.body.op_attrs(op), &["value"]);
    let Some(v) = p.body.op_attr(p.ctx, op, "value") else { return };
    let rt = p.body.value_type(p.body.result(op, 0));
    p.write(" ");
    if p.ctx.attr_type(v) == Some(rt) {
        p.print_attr(v);
    } else {
        p.print_attr_without_type(v);
        p.write(" : ");
        p.print_functional_type(&[], &[rt]);
    }
}

pub fn parse_constant(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    // `stablehlo.constant() <{value = ...}> : () -> T` is the generic-like
    // spelling some printers use; the usual one is `dense<...> : T`.
    let loc = p.here();
    let v = p.parse_attribute()?;
    let ty = if p.eat(Tok::Colon) {
        let (ins, outs) = parse_functional_type(p)?;
        if !ins.is_empty() || outs.len() != 1 {
            return p.err_at(loc, "expected '() -> T' after a constant's value");
        }
        outs[0]
    } else {
        match p.ctx.attr_type(v) {
            Some(t) => t,
            None => return p.err_at(loc, "constant value must be a typed attribute"),
        }
    };
    state.add_attr(p.ctx, "value", v);
    state.result_types.push(ty);
    Ok(())
}

/// `%cst` for float constants, `%c` for integer ones (StableHLO's names).
pub fn constant_names(ctx: &Context, body: &Body, op: Op, set: &mut dyn FnMut(usize, String)) {
    let Some(v) = body.op_attr(ctx, op, "value") else { return };
    let Some(t) = ctx.attr_type(v) else { return };
    let e = ctx.element_type_or_self(t);
    if ctx.is_float(e) {
        set(0, "cst".into());
    } else if ctx.is_integer(e) {
        set(0, "c".into());
    }
}

// ---- compare ----

/// `stablehlo.compare  GT, %a, %b,  FLOAT : (A, B) -> R` (JAX's spacing: the
/// enum keywords are printed with a leading space after the format's own).
pub fn print_compare(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let dir = p.body.op_attr(ctx, op, "comparison_direction").and_then(|a| attrs::read_comparison_direction(ctx, a));
    let Some(dir) = dir else { return fallback_generic(p, op) };
    p.write("  ");
    p.write(dir.keyword());
    p.write(", ");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    if let Some(t) = p.body.op_attr(ctx, op, "compare_type").and_then(|a| attrs::read_comparison_type(ctx, a)) {
        p.write(",  ");
        p.write(t.keyword());
    }
    p.print_optional_attr_dict(p.body.op_attrs(op), &["comparison_direction", "compare_type"]);
    print_op_functional_type(p, op);
}

pub fn parse_compare(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let d = attrs::parse_enum_keyword(p, "comparison direction", &attrs::DIRECTION_KEYWORDS)?;
    state.add_attr(
        ctx,
        "comparison_direction",
        attrs::comparison_direction_attr(ctx, attrs::ComparisonDirection::ALL[d]),
    );
    p.expect(Tok::Comma, "','")?;
    let refs = parse_operand_list(p)?;
    if p.eat(Tok::Comma) {
        let t = attrs::parse_enum_keyword(p, "comparison type", &attrs::TYPE_KEYWORDS)?;
        state.add_attr(ctx, "compare_type", attrs::comparison_type_attr(ctx, attrs::ComparisonType::ALL[t]));
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let (ins, outs) = parse_functional_type(p)?;
    resolve_all(p, &refs, &ins, state)?;
    state.result_types.extend(outs);
    Ok(())
}

// ---- select ----

/// `%p, %t, %f : P, T`, or a functional type when the branches' types differ.
pub fn print_select(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    let ins = operand_types(p.body, op);
    let outs = result_types(p.body, op);
    p.write(" : ");
    if ins.len() == 3 && outs.len() == 1 && ins[1] == outs[0] && ins[2] == outs[0] {
        p.print_type(ins[0]);
        p.write(", ");
        p.print_type(outs[0]);
    } else {
        p.print_functional_type(&ins, &outs);
    }
}

pub fn parse_select(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let refs = parse_operand_list(p)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let loc = p.here();
    let types = p.parse_type_list_no_parens()?;
    match types.as_slice() {
        [pred, t] => {
            resolve_all(p, &refs, &[*pred, *t, *t], state)?;
            state.result_types.push(*t);
        }
        [f] if p.ctx.function_signature(*f).is_some() => {
            let (ins, outs) = p.ctx.function_signature(*f).map(|(i, r)| (i.to_vec(), r.to_vec())).unwrap();
            resolve_all(p, &refs, &ins, state)?;
            state.result_types.extend(outs);
        }
        _ => return p.err_at(loc, "expected functional type or list of two types"),
    }
    Ok(())
}

// ---- concatenate ----

pub fn print_concatenate(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    p.write(", dim = ");
    let d = p.body.op_attr(p.ctx, op, "dimension").and_then(|a| p.ctx.as_i64(a)).unwrap_or(0);
    p.write(&d.to_string());
    p.print_optional_attr_dict(p.body.op_attrs(op), &["dimension"]);
    print_op_functional_type(p, op);
}

pub fn parse_concatenate(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let refs = parse_operand_list(p)?;
    if !refs.is_empty() {
        p.expect(Tok::Comma, "','")?;
    }
    p.expect_keyword("dim")?;
    p.expect(Tok::Equal, "'='")?;
    let d = p.parse_i64()?;
    let ctx = p.ctx;
    state.add_attr(ctx, "dimension", ctx.integer_attr(ctx.i64(), d));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let (ins, outs) = parse_functional_type(p)?;
    resolve_all(p, &refs, &ins, state)?;
    state.result_types.extend(outs);
    Ok(())
}

// ---- slice ----

fn array_attr_of(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Vec<i64>> {
    body.op_attr(ctx, op, name).and_then(|a| attrs::read_i64_array(ctx, a))
}

pub fn print_slice(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let (s, l, st) = (
        array_attr_of(ctx, p.body, op, "start_indices").unwrap_or_default(),
        array_attr_of(ctx, p.body, op, "limit_indices").unwrap_or_default(),
        array_attr_of(ctx, p.body, op, "strides").unwrap_or_default(),
    );
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    p.write(" [");
    if s.len() == l.len() && s.len() == st.len() {
        let parts: Vec<String> = (0..s.len())
            .map(|i| if st[i] == 1 { format!("{}:{}", s[i], l[i]) } else { format!("{}:{}:{}", s[i], l[i], st[i]) })
            .collect();
        p.write(&parts.join(", "));
    } else {
        // Unparsable on purpose, as StableHLO does for invalid IR.
        p.write(&format!(
            "start_indices: {}, limit_indices: {}, strides: {}",
            int_list_text(&s),
            int_list_text(&l),
            int_list_text(&st)
        ));
    }
    p.write("]");
    p.print_optional_attr_dict(p.body.op_attrs(op), &["start_indices", "limit_indices", "strides"]);
    print_op_functional_type(p, op);
}

pub fn parse_slice(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let r = p.parse_operand_ref()?;
    p.expect(Tok::LSquare, "'['")?;
    let (mut s, mut l, mut st) = (vec![], vec![], vec![]);
    if !p.eat(Tok::RSquare) {
        loop {
            s.push(p.parse_i64()?);
            p.expect(Tok::Colon, "':'")?;
            l.push(p.parse_i64()?);
            st.push(if p.eat(Tok::Colon) { p.parse_i64()? } else { 1 });
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    let ctx = p.ctx;
    state.add_attr(ctx, "start_indices", attrs::i64_array_attr(ctx, &s));
    state.add_attr(ctx, "limit_indices", attrs::i64_array_attr(ctx, &l));
    state.add_attr(ctx, "strides", attrs::i64_array_attr(ctx, &st));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let (ins, outs) = parse_functional_type(p)?;
    resolve_all(p, &[r], &ins, state)?;
    state.result_types.extend(outs);
    Ok(())
}

// ---- precision config ----

/// `[DEFAULT, HIGH]` of a `precision_config` array.
fn precision_text(ctx: &Context, a: Attribute) -> Option<String> {
    let items = ctx.as_array(a)?;
    let mut parts = vec![];
    for &x in items {
        parts.push(attrs::PRECISION_KEYWORDS[attrs::read_precision(ctx, x)? as usize]);
    }
    Some(format!("[{}]", parts.join(", ")))
}

fn parse_precision_list(p: &mut Parser<'_>) -> PResult<Attribute> {
    p.expect(Tok::LSquare, "'['")?;
    let mut v = vec![];
    if !p.eat(Tok::RSquare) {
        loop {
            let i = attrs::parse_enum_keyword(p, "precision", &attrs::PRECISION_KEYWORDS)?;
            v.push(attrs::precision_attr(p.ctx, attrs::Precision::ALL[i]));
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    Ok(p.ctx.array_attr(&v))
}

// ---- dot_general ----

pub fn print_dot_general(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let Some(d) = p.body.op_attr(ctx, op, "dot_dimension_numbers").and_then(|a| attrs::read_dot_dims(ctx, a)) else {
        return fallback_generic(p, op);
    };
    let precision = p.body.op_attr(ctx, op, "precision_config");
    let precision_text = precision.and_then(|a| precision_text(ctx, a));
    p.write(" ");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    if !d.lhs_batch.is_empty() || !d.rhs_batch.is_empty() {
        p.write(&format!(", batching_dims = {} x {}", int_list_text(&d.lhs_batch), int_list_text(&d.rhs_batch)));
    }
    p.write(&format!(
        ", contracting_dims = {} x {}",
        int_list_text(&d.lhs_contracting),
        int_list_text(&d.rhs_contracting)
    ));
    let mut elided = vec!["dot_dimension_numbers"];
    if let Some(t) = &precision_text {
        p.write(", precision = ");
        p.write(t);
        elided.push("precision_config");
    }
    p.print_optional_attr_dict(p.body.op_attrs(op), &elided);
    print_op_functional_type(p, op);
}

pub fn parse_dot_general(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let refs = parse_operand_list(p)?;
    let mut d = attrs::DotDims::default();
    while p.eat(Tok::Comma) {
        if p.eat_keyword("batching_dims") {
            p.expect(Tok::Equal, "'='")?;
            d.lhs_batch = parse_int_list(p)?;
            p.expect_keyword("x")?;
            d.rhs_batch = parse_int_list(p)?;
        } else if p.eat_keyword("contracting_dims") {
            p.expect(Tok::Equal, "'='")?;
            d.lhs_contracting = parse_int_list(p)?;
            p.expect_keyword("x")?;
            d.rhs_contracting = parse_int_list(p)?;
        } else if p.eat_keyword("precision") {
            p.expect(Tok::Equal, "'='")?;
            let a = parse_precision_list(p)?;
            state.add_attr(ctx, "precision_config", a);
        } else {
            return p.err_here("expected 'batching_dims', 'contracting_dims' or 'precision'");
        }
    }
    state.add_attr(ctx, "dot_dimension_numbers", attrs::dot_dims_attr(ctx, &d));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let (ins, outs) = parse_functional_type(p)?;
    resolve_all(p, &refs, &ins, state)?;
    state.result_types.extend(outs);
    Ok(())
}

// ---- convolution ----

const WINDOW_ATTRS: [(&str, &str); 5] = [
    ("stride", "window_strides"),
    ("pad", "padding"),
    ("lhs_dilate", "lhs_dilation"),
    ("rhs_dilate", "rhs_dilation"),
    ("reverse", "window_reversal"),
];

fn bool_array_text(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { element, data, len } if ctx.is_signless_integer_of_width(*element, 1) => {
            let items: Vec<&str> = (0..*len).map(|i| if data[i] != 0 { "true" } else { "false" }).collect();
            Some(format!("[{}]", items.join(", ")))
        }
        _ => None,
    }
}

pub fn print_convolution(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let Some(d) = p.body.op_attr(ctx, op, "dimension_numbers").and_then(|a| attrs::read_conv_dims(ctx, a)) else {
        return fallback_generic(p, op);
    };
    // Every window attribute must have the shape the pretty form can say,
    // or the op is printed generically (which always re-parses).
    let mut parts = vec![];
    for (key, name) in WINDOW_ATTRS {
        let Some(a) = p.body.op_attr(ctx, op, name) else { continue };
        let text = match name {
            "padding" => padding_pairs(ctx, a)
                .map(|v| format!("[{}]", v.iter().map(|(l, h)| format!("[{l}, {h}]")).collect::<Vec<_>>().join(", "))),
            "window_reversal" => bool_array_text(ctx, a),
            _ => attrs::read_i64_array(ctx, a).map(|v| int_list_text(&v)),
        };
        let Some(text) = text else { return fallback_generic(p, op) };
        parts.push(format!("{key} = {text}"));
    }
    p.write("(");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    p.write(") dim_numbers = ");
    p.write(&attrs::conv_dims_text(&d));
    p.write(", window = {");
    p.write(&parts.join(", "));
    p.write("}");
    let mut elided: Vec<&str> = WINDOW_ATTRS.iter().map(|w| w.1).collect();
    elided.push("dimension_numbers");
    p.print_optional_attr_dict(p.body.op_attrs(op), &elided);
    print_op_functional_type(p, op);
}

pub fn parse_convolution(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    p.expect(Tok::LParen, "'('")?;
    let refs = parse_operand_list(p)?;
    p.expect(Tok::RParen, "')'")?;
    p.expect_keyword("dim_numbers")?;
    p.expect(Tok::Equal, "'='")?;
    let d = attrs::parse_conv_dims_body(p)?;
    state.add_attr(ctx, "dimension_numbers", attrs::conv_dims_attr(ctx, &d));
    p.expect(Tok::Comma, "','")?;
    p.expect_keyword("window")?;
    p.expect(Tok::Equal, "'='")?;
    p.expect(Tok::LBrace, "'{'")?;
    if !p.eat(Tok::RBrace) {
        loop {
            if p.tok() != Tok::BareIdent {
                return p.err_here("expected a window attribute name");
            }
            let key = p.spelling().to_string();
            let Some(&(_, name)) = WINDOW_ATTRS.iter().find(|w| w.0 == key) else {
                return p.err_here(format!("unknown window attribute '{key}'"));
            };
            p.bump();
            p.expect(Tok::Equal, "'='")?;
            let a = match name {
                "padding" => {
                    p.expect(Tok::LSquare, "'['")?;
                    let mut pairs = vec![];
                    if !p.eat(Tok::RSquare) {
                        loop {
                            let v = parse_int_list(p)?;
                            if v.len() != 2 {
                                return p.err_here("expected padding pairs [low, high]");
                            }
                            pairs.push((v[0], v[1]));
                            if p.eat(Tok::RSquare) {
                                break;
                            }
                            p.expect(Tok::Comma, "','")?;
                        }
                    }
                    padding_attr(ctx, &pairs)
                }
                "window_reversal" => {
                    p.expect(Tok::LSquare, "'['")?;
                    let mut bytes = vec![];
                    if !p.eat(Tok::RSquare) {
                        loop {
                            if p.eat_keyword("true") {
                                bytes.push(1u8);
                            } else if p.eat_keyword("false") {
                                bytes.push(0);
                            } else {
                                return p.err_here("expected 'true' or 'false'");
                            }
                            if p.eat(Tok::RSquare) {
                                break;
                            }
                            p.expect(Tok::Comma, "','")?;
                        }
                    }
                    let len = bytes.len();
                    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i1(), data: bytes.into(), len })
                }
                _ => attrs::i64_array_attr(ctx, &parse_int_list(p)?),
            };
            state.add_attr(ctx, name, a);
            if p.eat(Tok::RBrace) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let (ins, outs) = parse_functional_type(p)?;
    resolve_all(p, &refs, &ins, state)?;
    state.result_types.extend(outs);
    Ok(())
}

// ---- reduce ----

/// The op of a reduce body eligible for the compact `applies` form
/// (StableHLO's `isReduceEligibleForCompactPrint`): one binary stablehlo
/// op on the two block arguments, of the rank-0 element type, returned.
fn compact_reducer(ctx: &Context, body: &Body, op: Op) -> Option<Op> {
    if body.num_operands(op) != 2 {
        return None;
    }
    let (rb, regions) = body.regions_of(op);
    let block = rb.first_block(*regions.first()?)?;
    let inner = rb.first_op(block)?;
    let ret = rb.next_op(inner)?;
    if rb.next_op(ret).is_some() || ctx.op_name_str(rb.op_name(ret)) != "stablehlo.return" {
        return None;
    }
    let name = ctx.op_name_str(rb.op_name(inner));
    if !crate::ops::COMMUTATIVE_BINARY.iter().any(|n| name.strip_prefix("stablehlo.") == Some(n)) {
        return None;
    }
    let args = rb.block_args(block);
    let elem = crate::shapes::element_of(ctx, body.value_type(body.operand(op, 0)))?;
    let scalar = ctx.ranked_tensor_type(&[], elem);
    let inner_ops = rb.operand_vec(inner);
    if inner_ops.as_slice() != args
        || rb.num_results(inner) != 1
        || rb.value_type(rb.result(inner, 0)) != scalar
        || args.iter().any(|&a| rb.value_type(a) != scalar)
    {
        return None;
    }
    if rb.operand_vec(ret).as_slice() != [rb.result(inner, 0)] {
        return None;
    }
    Some(inner)
}

pub fn print_reduce(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    if p.body.num_regions(op) != 1 {
        return fallback_generic(p, op);
    }
    let n = p.body.num_operands(op) / 2;
    let ops = p.body.operand_vec(op);
    for i in 0..n {
        if i > 0 {
            p.write(", ");
        }
        p.write("(");
        p.print_value(ops[i]);
        p.write(" init: ");
        p.print_value(ops[i + n]);
        p.write(")");
    }
    let compact = compact_reducer(ctx, p.body, op);
    if let Some(inner) = compact {
        let rb = p.region_body(op);
        p.write(" applies ");
        p.write(ctx.op_name_str(rb.op_name(inner)));
    }
    let dims = array_attr_of(ctx, p.body, op, "dimensions").unwrap_or_default();
    p.write(" across dimensions = ");
    p.write(&int_list_text(&dims));
    p.print_optional_attr_dict(p.body.op_attrs(op), &["dimensions"]);
    print_op_functional_type(p, op);
    if compact.is_none() {
        p.newline_with_extra_indent(0);
        p.write(" reducer");
        let (rb, regions) = p.body.regions_of(op);
        if let Some(b) = regions.first().and_then(|&r| rb.first_block(r)) {
            let args = rb.block_args(b).to_vec();
            let half = args.len() / 2;
            for i in 0..half {
                p.write("(");
                for (k, &a) in [args[i], args[i + half]].iter().enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    p.print_value_in(rb, a);
                    p.write(": ");
                    p.print_type(rb.value_type(a));
                }
                p.write(") ");
            }
        }
        p.write(" ");
        p.print_region(op, 0, false, true);
    }
}

fn parse_reduce_pairs<'a>(p: &mut Parser<'a>) -> PResult<(Vec<OperandRef<'a>>, Vec<OperandRef<'a>>)> {
    let (mut inputs, mut inits) = (vec![], vec![]);
    loop {
        if !p.eat(Tok::LParen) {
            break;
        }
        inputs.push(p.parse_operand_ref()?);
        p.expect_keyword("init")?;
        p.expect(Tok::Colon, "':'")?;
        inits.push(p.parse_operand_ref()?);
        p.expect(Tok::RParen, "')'")?;
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    Ok((inputs, inits))
}

pub fn parse_reduce(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let (inputs, inits) = parse_reduce_pairs(p)?;
    let mut refs = inputs;
    refs.extend(inits);
    let applies = if p.eat_keyword("applies") {
        let loc = p.here();
        let name = match p.tok() {
            Tok::BareIdent => p.spelling().to_string(),
            Tok::String => String::from_utf8_lossy(&p.string_value()).into_owned(),
            _ => return p.err_here("expected the reducer's op name"),
        };
        p.bump();
        if !name.strip_prefix("stablehlo.").is_some_and(|n| crate::ops::COMMUTATIVE_BINARY.contains(&n)) {
            return p.err_at(loc, "expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result");
        }
        Some(name)
    } else {
        None
    };
    p.expect_keyword("across")?;
    p.expect_keyword("dimensions")?;
    p.expect(Tok::Equal, "'='")?;
    let dims = parse_int_list(p)?;
    state.add_attr(ctx, "dimensions", attrs::i64_array_attr(ctx, &dims));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let fn_loc = p.here();
    let (ins, outs) = parse_functional_type(p)?;
    if ins.is_empty() {
        return p.err_at(fn_loc, "input types missing in reduce-op function type");
    }
    resolve_all(p, &refs, &ins, state)?;
    state.result_types.extend(outs);
    match applies {
        Some(name) => {
            // The trailing location belongs to the reduce and to the
            // reducer op it implies (StableHLO's `parseReduceOp`).
            let loc = p.parse_optional_trailing_loc(state.loc)?;
            state.loc = loc;
            let Some(elem) = crate::shapes::element_of(ctx, ins[0]) else {
                return p.err_at(fn_loc, "reduce inputs must be tensors");
            };
            let scalar = ctx.ranked_tensor_type(&[], elem);
            p.add_empty_region(state);
            let region = *state.regions.last().unwrap();
            let body = p.body();
            let block = body.create_block();
            body.append_block(region, block);
            let a = body.add_block_arg(block, scalar, loc);
            let b = body.add_block_arg(block, scalar, loc);
            let inner = body.create_op(OpSpec::new(ctx, &name, loc).operands(&[a, b]).results(&[scalar]));
            body.append_op(block, inner);
            let r = body.result(inner, 0);
            let ret = body.create_op(OpSpec::new(ctx, "stablehlo.return", loc).operands(&[r]));
            body.append_op(block, ret);
        }
        None => {
            p.expect_keyword("reducer")?;
            let mut firsts: Vec<EntryArg<'_>> = vec![];
            let mut seconds: Vec<EntryArg<'_>> = vec![];
            while p.eat(Tok::LParen) {
                for k in 0..2 {
                    if k == 1 {
                        p.expect(Tok::Comma, "','")?;
                    }
                    let name = p.parse_operand_ref()?;
                    p.expect(Tok::Colon, "':'")?;
                    let ty = p.parse_type()?;
                    let loc = if p.is_keyword("loc") { Some(p.parse_location_literal()?) } else { None };
                    let arg = EntryArg { name, ty, loc };
                    if k == 0 {
                        firsts.push(arg);
                    } else {
                        seconds.push(arg);
                    }
                }
                p.expect(Tok::RParen, "')'")?;
            }
            firsts.extend(seconds);
            p.parse_region_into(state, &firsts)?;
        }
    }
    Ok(())
}

// ---- return ----

pub fn print_return(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ops = p.body.operand_vec(op);
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(ops.iter().copied());
    }
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    if !ops.is_empty() {
        p.write(" : ");
        let ts = operand_types(p.body, op);
        p.print_types(ts);
    }
}

pub fn parse_return(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let refs = parse_operand_list(p)?;
    p.parse_optional_attr_dict(state)?;
    if !refs.is_empty() {
        p.expect(Tok::Colon, "':'")?;
        let ts = p.parse_type_list_no_parens()?;
        resolve_all(p, &refs, &ts, state)?;
    }
    Ok(())
}

/// Values of an `array<i64>` short form `[1, 2]` in declarative formats.
pub fn print_i64_array_short(ctx: &Context, a: Attribute, out: &mut String) {
    match attrs::read_i64_array(ctx, a) {
        Some(v) => out.push_str(&int_list_text(&v)),
        None => out.push_str(&strata_ir::printer::attr_to_string(ctx, a)),
    }
}

pub fn parse_i64_array_short(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if p.tok() != Tok::LSquare {
        return Ok(None);
    }
    let v = parse_int_list(p)?;
    Ok(Some(attrs::i64_array_attr(p.ctx, &v)))
}

/// An `i64` integer attribute written as a bare number (`dim = 1`).
pub fn print_i64_short(ctx: &Context, a: Attribute, out: &mut String) {
    match ctx.as_i64(a) {
        Some(v) => out.push_str(&v.to_string()),
        None => out.push_str(&strata_ir::printer::attr_to_string(ctx, a)),
    }
}

pub fn parse_i64_short(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if p.tok() != Tok::Integer && p.tok() != Tok::Minus {
        return Ok(None);
    }
    let v = p.parse_i64()?;
    Ok(Some(p.ctx.integer_attr(p.ctx.i64(), v)))
}
