//! The `arith` dialect: integer and float arithmetic, comparisons, select,
//! casts and constants, with LLVM 22's assembly formats, fastmath/overflow
//! flags, rounding modes and comparison predicates.

pub(crate) mod canonicalize;
pub(crate) mod canonicalize_cmpf;
pub(crate) mod fold;
pub(crate) mod fold_cast;
pub(crate) mod fold_float;
pub(crate) mod fold_int;
#[cfg(test)]
mod fold_tests;

use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::parser::{PResult, Parser};
use strata_ir::types::Param;
use strata_ir::{AttrKind, Attribute, Body, Context, Op, Type, TypeKind};

const FASTMATH_FLAGS: [(&str, i64); 7] =
    [("reassoc", 1), ("nnan", 2), ("ninf", 4), ("nsz", 8), ("arcp", 16), ("contract", 32), ("afn", 64)];
const FASTMATH_FAST: i64 = 127;
const OVERFLOW_FLAGS: [(&str, i64); 2] = [("nsw", 1), ("nuw", 2)];
pub const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
pub const CMPF_PREDICATES: [&str; 16] =
    ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];
pub const ROUNDING_MODES: [&str; 5] = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"];

// ---- the flag attributes `#arith.fastmath<...>` and `#arith.overflow<...>` ----

fn flags_attr(ctx: &Context, name: &str, bits: i64) -> Attribute {
    ctx.intern_attr(AttrKind::Dialect {
        dialect: ctx.intern_str("arith"),
        name: ctx.intern_str(name),
        params: Box::new([Param::Int(bits)]),
    })
}

pub(crate) fn flags_bits(ctx: &Context, a: Attribute, name: &str) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, name: n, params } if ctx.str(*dialect) == "arith" && ctx.str(*n) == name => {
            match params.first() {
                Some(Param::Int(b)) => Some(*b),
                _ => None,
            }
        }
        _ => None,
    }
}

pub fn fastmath_attr(ctx: &Context, bits: i64) -> Attribute {
    flags_attr(ctx, "fastmath", bits)
}
pub fn overflow_attr(ctx: &Context, bits: i64) -> Attribute {
    flags_attr(ctx, "overflow", bits)
}

/// `<flags>` text: fastmath joins with `,`, overflow with `, ` (as mlir-opt).
fn flags_text(bits: i64, table: &[(&str, i64)], all: Option<i64>, sep: &str) -> String {
    if bits == 0 {
        return "<none>".into();
    }
    if Some(bits) == all {
        return "<fast>".into();
    }
    let names: Vec<&str> = table.iter().filter(|(_, b)| bits & b != 0).map(|(n, _)| *n).collect();
    format!("<{}>", names.join(sep))
}

fn print_arith_attr(ctx: &Context, a: Attribute, out: &mut String) -> bool {
    if let Some(bits) = flags_bits(ctx, a, "fastmath") {
        out.push_str("#arith.fastmath");
        out.push_str(&flags_text(bits, &FASTMATH_FLAGS, Some(FASTMATH_FAST), ","));
        return true;
    }
    if let Some(bits) = flags_bits(ctx, a, "overflow") {
        out.push_str("#arith.overflow");
        out.push_str(&flags_text(bits, &OVERFLOW_FLAGS, None, ", "));
        return true;
    }
    false
}

/// Parses `<flag, flag>` for a flag set.
fn parse_flags(p: &mut Parser<'_>, table: &[(&str, i64)], fast: bool) -> PResult<i64> {
    p.expect(Tok::Less, "'<'")?;
    let mut bits = 0;
    loop {
        if p.tok() != Tok::BareIdent {
            return p.err_here("expected keyword for flags");
        }
        let kw = p.spelling();
        bits |= match kw {
            "none" => 0,
            "fast" if fast => FASTMATH_FAST,
            _ => match table.iter().find(|(n, _)| *n == kw) {
                Some((_, b)) => *b,
                None => {
                    let kind = if fast { "fastmath" } else { "overflow" };
                    return p.err_here(format!(
                        "expected one of [{}] for {kind} flags, got: {kw}",
                        valid_list(table, fast)
                    ));
                }
            },
        };
        p.bump();
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok(bits)
}

fn valid_list(table: &[(&str, i64)], fast: bool) -> String {
    let mut v: Vec<&str> = vec!["none"];
    v.extend(table.iter().map(|(n, _)| *n));
    if fast {
        v.push("fast");
    }
    v.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ")
}

fn parse_arith_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attribute> {
    let ctx = p.ctx;
    match mnemonic {
        "fastmath" => {
            let b = parse_flags(p, &FASTMATH_FLAGS, true)?;
            Ok(fastmath_attr(ctx, b))
        }
        "overflow" => {
            let b = parse_flags(p, &OVERFLOW_FLAGS, false)?;
            Ok(overflow_attr(ctx, b))
        }
        other => p.err_here(format!("unknown attribute `{other}` in dialect `arith`")),
    }
}

fn print_fastmath_short(ctx: &Context, a: Attribute, out: &mut String) {
    out.push_str(&flags_text(flags_bits(ctx, a, "fastmath").unwrap_or(0), &FASTMATH_FLAGS, Some(FASTMATH_FAST), ","));
}
fn parse_fastmath_short(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if p.tok() != Tok::Less {
        return Ok(None);
    }
    let b = parse_flags(p, &FASTMATH_FLAGS, true)?;
    Ok(Some(fastmath_attr(p.ctx, b)))
}
fn print_overflow_short(ctx: &Context, a: Attribute, out: &mut String) {
    out.push_str(&flags_text(flags_bits(ctx, a, "overflow").unwrap_or(0), &OVERFLOW_FLAGS, None, ", "));
}
fn parse_overflow_short(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if p.tok() != Tok::Less {
        return Ok(None);
    }
    let b = parse_flags(p, &OVERFLOW_FLAGS, false)?;
    Ok(Some(overflow_attr(p.ctx, b)))
}

const FASTMATH_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| flags_bits(c, a, "fastmath").is_some(), summary: "Floating point fast math flags" };
const OVERFLOW_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| flags_bits(c, a, "overflow").is_some(), summary: "Integer overflow arith flags" };
/// Adds the optional `fastmath` flags attribute (`fastmath<...>` in formats).
fn with_fastmath(d: OpDef) -> OpDef {
    d.default_attr("fastmath", FASTMATH_ATTR, default_fastmath).short_form(print_fastmath_short, parse_fastmath_short)
}

/// Adds `fastmath` as a plain optional attribute (ODS `OptionalAttr`, as
/// on the float extensions and truncations): absent unless written, and an
/// explicit `fastmath<none>` is kept and printed.
fn with_optional_fastmath(d: OpDef) -> OpDef {
    d.optional_attr("fastmath", FASTMATH_ATTR).short_form(print_fastmath_short, parse_fastmath_short)
}

/// Adds the optional `overflowFlags` attribute (`overflow<...>` in formats).
fn with_overflow(d: OpDef) -> OpDef {
    d.default_attr("overflowFlags", OVERFLOW_ATTR, default_overflow)
        .short_form(print_overflow_short, parse_overflow_short)
}

fn default_fastmath(ctx: &Context) -> Attribute {
    fastmath_attr(ctx, 0)
}
fn default_overflow(ctx: &Context) -> Attribute {
    overflow_attr(ctx, 0)
}

// ---- enum keywords stored as integers: predicates and rounding modes ----

macro_rules! keyword_enum {
    ($print:ident, $parse:ident, $table:expr, $width:expr) => {
        fn $print(ctx: &Context, a: Attribute, out: &mut String) {
            let v = ctx.as_i64(a).unwrap_or(-1);
            match $table.get(v as usize) {
                Some(k) => out.push_str(k),
                None => out.push_str(&v.to_string()),
            }
        }
        fn $parse(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
            if p.tok() != Tok::BareIdent {
                return Ok(None);
            }
            let Some(i) = $table.iter().position(|k| *k == p.spelling()) else {
                return Ok(None);
            };
            p.bump();
            let ctx = p.ctx;
            Ok(Some(ctx.integer_attr(ctx.integer_type($width), i as i64)))
        }
    };
}
keyword_enum!(print_cmpi_pred, parse_cmpi_pred, CMPI_PREDICATES, 64);
keyword_enum!(print_cmpf_pred, parse_cmpf_pred, CMPF_PREDICATES, 64);
keyword_enum!(print_rounding, parse_rounding, ROUNDING_MODES, 32);

const CMPI_PRED_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_integer(a).is_some() && c::i64_attr(c, a) && (0..10).contains(&c.as_i64(a).unwrap()),
    summary: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
};
const CMPF_PRED_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| c::i64_attr(c, a) && (0..16).contains(&c.as_i64(a).unwrap()),
    summary: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
};
const ROUNDING_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| {
        matches!(c.attr_kind(a), AttrKind::Integer { ty, .. } if c.is_signless_integer_of_width(*ty, 32))
            && (0..5).contains(&c.as_i64(a).unwrap())
    },
    summary: "Floating point rounding mode",
};

// ---- type constraints ----

const SIGNLESS_INT_LIKE: TypeConstraint = c::SIGNLESS_INTEGER_LIKE;
const FLOAT_LIKE: TypeConstraint = c::FLOAT_LIKE;
const BOOL_LIKE: TypeConstraint = c::BOOL_LIKE;
const SIGNLESS_INT_OR_FLOAT_LIKE: TypeConstraint = TypeConstraint {
    check: |ctx, t| {
        let e = ctx.element_type_or_self(t);
        ctx.is_signless_integer(e) || ctx.is_index(e) || ctx.is_float(e)
    },
    summary: "signless-integer-like or floating-point-like",
    buildable: None,
};
const INDEX_OR_INT_LIKE: TypeConstraint = TypeConstraint {
    check: |ctx, t| {
        let e = ctx.element_type_or_self(t);
        ctx.is_signless_integer(e) || ctx.is_index(e)
    },
    summary: "signless-integer-like or memref of signless-integer",
    buildable: None,
};
const ANY_TYPE: TypeConstraint = c::ANY_TYPE;

// ---- type inference for formats ----

/// Comparison results: `i1` in the operands' container shape.
fn infer_cmp(
    ctx: &Context,
    _: &[(strata_ir::Str, Attribute)],
    ops: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let t = ops[0].as_ref().and_then(|v| v.first().copied()).ok_or("missing operand type")?;
    ops[1] = Some(vec![t]);
    res[0] = Some(vec![ctx.with_element_type(t, ctx.i1())]);
    Ok(())
}

/// `addui_extended`: operands have the sum's type.
fn infer_addui_extended(
    _: &Context,
    _: &[(strata_ir::Str, Attribute)],
    ops: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let t = res[0].clone().ok_or("missing result type")?;
    ops[0] = Some(t.clone());
    ops[1] = Some(t);
    Ok(())
}

/// `mul*_extended`: both results have the operands' type.
fn infer_mul_extended(
    _: &Context,
    _: &[(strata_ir::Str, Attribute)],
    ops: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let t = ops[0].clone().ok_or("missing operand type")?;
    ops[1] = Some(t.clone());
    res[0] = Some(t.clone());
    res[1] = Some(t);
    Ok(())
}

// ---- definitions ----

fn int_binary(name: &str) -> OpDef {
    OpDef::new(name)
        .operand("lhs", SIGNLESS_INT_LIKE)
        .operand("rhs", SIGNLESS_INT_LIKE)
        .result("result", SIGNLESS_INT_LIKE)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::ELEMENTWISE)
}

fn overflow_binary(name: &str, commutative: bool) -> OpDef {
    let d = int_binary(name)
        .apply(with_overflow)
        .format("$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)");
    if commutative {
        d.traits(Traits::COMMUTATIVE)
    } else {
        d
    }
}

fn exact_binary(name: &str) -> OpDef {
    int_binary(name)
        .optional_attr("isExact", c::UNIT_ATTR)
        .format("$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)")
}

fn plain_int_binary(name: &str, commutative: bool) -> OpDef {
    let d = int_binary(name).format("$lhs `,` $rhs attr-dict `:` type($result)");
    if commutative {
        d.traits(Traits::COMMUTATIVE)
    } else {
        d
    }
}

fn float_binary(name: &str, commutative: bool) -> OpDef {
    let d = OpDef::new(name)
        .operand("lhs", FLOAT_LIKE)
        .operand("rhs", FLOAT_LIKE)
        .result("result", FLOAT_LIKE)
        .apply(with_fastmath)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::ELEMENTWISE)
        .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)");
    if commutative {
        d.traits(Traits::COMMUTATIVE)
    } else {
        d
    }
}

fn cast(name: &str, from: TypeConstraint, to: TypeConstraint) -> OpDef {
    OpDef::new(name)
        .operand("in", from)
        .result("out", to)
        .traits(Traits::PURE | Traits::ELEMENTWISE | Traits::CAST_OP_INTERFACE)
        .format("$in attr-dict `:` type($in) `to` type($out)")
        .verifier(verify_cast_shapes)
}

/// Casts keep the container shape: `tensor<4xf32>` to `tensor<4xf64>`.
fn verify_cast_shapes(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    let a = body.value_type(body.operand(op, 0));
    let b = body.value_type(body.result(op, 0));
    let shape_of = |t: Type| match ctx.type_kind(t) {
        TypeKind::Vector { shape, .. } | TypeKind::RankedTensor { shape, .. } => Some(shape.to_vec()),
        _ => None,
    };
    if ctx.is_shaped(a) != ctx.is_shaped(b) || shape_of(a) != shape_of(b) {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op requires the same shape for all operands and results"),
        ));
    }
    Ok(())
}

fn width_of(ctx: &Context, t: Type) -> Option<u32> {
    ctx.int_or_float_width(ctx.element_type_or_self(t))
}

fn verify_ext(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    verify_cast_shapes(ctx, body, op)?;
    let (a, b) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    if width_of(ctx, b) <= width_of(ctx, a) {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{name}' op operand type '{}' and result type '{}' are cast incompatible",
                strata_ir::printer::type_to_string(ctx, a),
                strata_ir::printer::type_to_string(ctx, b)
            ),
        ));
    }
    Ok(())
}

/// A bitcast keeps the bit width (`BitcastOp::areCastCompatible`).
fn verify_bitcast(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    verify_cast_shapes(ctx, body, op)?;
    let (a, b) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    if width_of(ctx, b) != width_of(ctx, a) {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{name}' op operand type '{}' and result type '{}' are cast incompatible",
                strata_ir::printer::type_to_string(ctx, a),
                strata_ir::printer::type_to_string(ctx, b)
            ),
        ));
    }
    Ok(())
}

/// `areIndexCastCompatible`: exactly one side is `index`, the other an
/// integer (`i32` to `i64` and `index` to `index` are not index casts).
fn verify_index_cast(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    verify_cast_shapes(ctx, body, op)?;
    let (a, b) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    let (ea, eb) = (ctx.element_type_or_self(a), ctx.element_type_or_self(b));
    if ctx.is_index(ea) == ctx.is_index(eb) {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{name}' op operand type '{}' and result type '{}' are cast incompatible",
                strata_ir::printer::type_to_string(ctx, a),
                strata_ir::printer::type_to_string(ctx, b)
            ),
        ));
    }
    Ok(())
}

fn verify_trunc(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    verify_cast_shapes(ctx, body, op)?;
    let (a, b) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    if width_of(ctx, b) >= width_of(ctx, a) {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{name}' op operand type '{}' and result type '{}' are cast incompatible",
                strata_ir::printer::type_to_string(ctx, a),
                strata_ir::printer::type_to_string(ctx, b)
            ),
        ));
    }
    Ok(())
}

/// `arith.constant` names: `%c42_i32`, `%c0` (index), `%true`, `%cst`.
fn constant_names(ctx: &Context, body: &Body, op: Op, set: &mut dyn FnMut(usize, String)) {
    let Some(v) = body.op_attr(ctx, op, "value") else { return };
    let name = match ctx.attr_kind(v) {
        AttrKind::Bool(b) => (if *b { "true" } else { "false" }).to_string(),
        AttrKind::Integer { value, ty } => {
            let mut s = String::from("c");
            s.push_str(&value.to_string_radix10(!matches!(
                ctx.type_kind(*ty),
                TypeKind::Integer { signedness: strata_ir::types::Signedness::Unsigned, .. }
            )));
            if !ctx.is_index(*ty) {
                s.push('_');
                s.push_str(&strata_ir::printer::type_to_string(ctx, *ty));
            }
            s
        }
        _ => "cst".to_string(),
    };
    set(0, name);
}

/// The result has the type of the `value` attribute.
fn infer_constant(
    ctx: &Context,
    attrs: &[(strata_ir::Str, Attribute)],
    _: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let v = attrs.iter().find(|(n, _)| ctx.str(*n) == "value").map(|e| e.1).ok_or("missing value")?;
    let t = ctx.attr_type(v).ok_or("value must be a typed attribute")?;
    res[0] = Some(vec![t]);
    Ok(())
}

fn verify_constant(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    let Some(v) = body.op_attr(ctx, op, "value") else { return Ok(()) };
    let rt = body.value_type(body.result(op, 0));
    if ctx.attr_type(v) != Some(rt) {
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            "'arith.constant' op failed to verify that all of {value, result} have same type",
        ));
    }
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(rt) {
        if *signedness != strata_ir::types::Signedness::Signless {
            return Err(strata_ir::Diagnostic::error(
                body.op_loc(op),
                "'arith.constant' op integer return type must be signless",
            ));
        }
    }
    // MLIR accepts any integer, float or elements attribute here.
    let ok = matches!(
        ctx.attr_kind(v),
        AttrKind::Integer { .. }
            | AttrKind::Bool(_)
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseStrings { .. }
            | AttrKind::DenseResource { .. }
            | AttrKind::SparseElements { .. }
    );
    if !ok {
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            "'arith.constant' op value must be an integer, float, or elements attribute",
        ));
    }
    Ok(())
}

/// `arith.select %c, %a, %b : T` when the condition is `i1`, otherwise
/// `: condT, T` (hand-written in MLIR as well).
fn print_select(p: &mut strata_ir::printer::OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    let ops = p.body.operand_vec(op);
    p.print_operands(ops.iter().copied());
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    let cond_t = p.body.value_type(ops[0]);
    if cond_t != p.ctx.i1() {
        p.print_type(cond_t);
        p.write(", ");
    }
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

fn parse_select(p: &mut Parser<'_>, state: &mut strata_ir::parser::OpState) -> PResult<()> {
    let c = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let a = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand_ref()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t1 = p.parse_type()?;
    let (cond_t, t) = if p.eat(Tok::Comma) { (t1, p.parse_type()?) } else { (p.ctx.i1(), t1) };
    let cv = p.resolve_operand(&c, cond_t)?;
    let av = p.resolve_operand(&a, t)?;
    let bv = p.resolve_operand(&b, t)?;
    state.operands.extend([cv, av, bv]);
    state.result_types.push(t);
    Ok(())
}

fn verify_select(ctx: &Context, body: &Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    let cond_t = body.value_type(body.operand(op, 0));
    if cond_t == ctx.i1() {
        return Ok(());
    }
    let rt = body.value_type(body.result(op, 0));
    if ctx.with_element_type(rt, ctx.i1()) != cond_t {
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            "'arith.select' op failed to verify that condition is signless i1 or has matching shape",
        ));
    }
    Ok(())
}

pub fn register(ctx: &mut Context) {
    // Every arith op may be inlined (MLIR's ArithInlinerInterface).
    let mut d =
        DialectDef::new("arith").interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL).interface(
            strata_ir::dialect::ClassCheckedProperties(&["fastmath", "overflowFlags", "predicate", "roundingmode"]),
        );
    d.parse_attr = Some(parse_arith_attr);
    d.print_attr = Some(print_arith_attr);
    let typed_value = AttrConstraint { check: |c, a| c.attr_type(a).is_some(), summary: "TypedAttr instance" };
    let constant = OpDef::new("arith.constant")
        .attr("value", typed_value)
        .result("result", ANY_TYPE)
        .traits(Traits::PURE | Traits::CONSTANT_LIKE)
        .format("attr-dict $value")
        .infer(infer_constant)
        .result_names(constant_names)
        .verifier(verify_constant);
    d = d.op(constant);
    for (n, comm) in [("arith.addi", true), ("arith.subi", false), ("arith.muli", true), ("arith.shli", false)] {
        d = d.op(overflow_binary(n, comm));
    }
    for n in ["arith.divsi", "arith.divui", "arith.shrsi", "arith.shrui"] {
        d = d.op(exact_binary(n));
    }
    for (n, comm) in [
        ("arith.andi", true),
        ("arith.ori", true),
        ("arith.xori", true),
        ("arith.ceildivsi", false),
        ("arith.ceildivui", false),
        ("arith.floordivsi", false),
        ("arith.remsi", false),
        ("arith.remui", false),
        ("arith.maxsi", true),
        ("arith.maxui", true),
        ("arith.minsi", true),
        ("arith.minui", true),
    ] {
        let mut def = plain_int_binary(n, comm);
        // `and`/`or` of a value with itself is the value (MLIR's Idempotent trait).
        if n == "arith.andi" || n == "arith.ori" {
            let traits = def.traits | Traits::IDEMPOTENT;
            def = def.traits(traits);
        }
        d = d.op(def);
    }
    for (n, comm) in [
        ("arith.addf", true),
        ("arith.subf", false),
        ("arith.mulf", true),
        ("arith.divf", false),
        ("arith.remf", false),
        ("arith.maximumf", true),
        ("arith.minimumf", true),
        ("arith.maxnumf", true),
        ("arith.minnumf", true),
    ] {
        d = d.op(float_binary(n, comm));
    }
    d = d.op(OpDef::new("arith.negf")
        .operand("operand", FLOAT_LIKE)
        .result("result", FLOAT_LIKE)
        .apply(with_fastmath)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::ELEMENTWISE)
        .format("$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"));
    d = d.op(OpDef::new("arith.addui_extended")
        .operand("lhs", SIGNLESS_INT_LIKE)
        .operand("rhs", SIGNLESS_INT_LIKE)
        .result("sum", SIGNLESS_INT_LIKE)
        .result("overflow", BOOL_LIKE)
        .traits(Traits::PURE | Traits::COMMUTATIVE | Traits::ELEMENTWISE)
        .format("$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)")
        .infer(infer_addui_extended)
        .result_names(|_, _, _, set| {
            set(0, "sum".into());
            set(1, "overflow".into());
        }));
    for n in ["arith.mulsi_extended", "arith.mului_extended"] {
        d = d.op(OpDef::new(n)
            .operand("lhs", SIGNLESS_INT_LIKE)
            .operand("rhs", SIGNLESS_INT_LIKE)
            .result("low", SIGNLESS_INT_LIKE)
            .result("high", SIGNLESS_INT_LIKE)
            .traits(Traits::PURE | Traits::COMMUTATIVE | Traits::ELEMENTWISE)
            .format("$lhs `,` $rhs attr-dict `:` type($lhs)")
            .infer(infer_mul_extended)
            .result_names(|_, _, _, set| {
                set(0, "low".into());
                set(1, "high".into());
            }));
    }
    d = d.op(OpDef::new("arith.cmpi")
        .attr("predicate", CMPI_PRED_ATTR)
        .short_form(print_cmpi_pred, parse_cmpi_pred)
        .operand("lhs", SIGNLESS_INT_LIKE)
        .operand("rhs", SIGNLESS_INT_LIKE)
        .result("result", BOOL_LIKE)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_TYPE | Traits::ELEMENTWISE)
        .format("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)")
        .infer(infer_cmp));
    d = d.op(OpDef::new("arith.cmpf")
        .attr("predicate", CMPF_PRED_ATTR)
        .short_form(print_cmpf_pred, parse_cmpf_pred)
        .operand("lhs", FLOAT_LIKE)
        .operand("rhs", FLOAT_LIKE)
        .result("result", BOOL_LIKE)
        .apply(with_fastmath)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_TYPE | Traits::ELEMENTWISE)
        .format("$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)")
        .infer(infer_cmp));
    d = d.op(OpDef::new("arith.select")
        .operand("condition", BOOL_LIKE)
        .operand("true_value", ANY_TYPE)
        .operand("false_value", ANY_TYPE)
        .result("result", ANY_TYPE)
        .traits(Traits::PURE | Traits::ELEMENTWISE)
        .custom(print_select, parse_select)
        .verifier(verify_select));
    // Casts.
    let int_ext = |n: &str| cast(n, SIGNLESS_INT_LIKE, SIGNLESS_INT_LIKE).verifier(verify_ext);
    d = d.op(int_ext("arith.extui")).op(int_ext("arith.extsi"));
    d = d.op(OpDef::new("arith.extf")
        .operand("in", FLOAT_LIKE)
        .result("out", FLOAT_LIKE)
        .apply(with_optional_fastmath)
        .traits(Traits::PURE | Traits::ELEMENTWISE | Traits::CAST_OP_INTERFACE)
        .format("$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)")
        .verifier(verify_ext));
    d = d.op(OpDef::new("arith.trunci")
        .operand("in", SIGNLESS_INT_LIKE)
        .result("out", SIGNLESS_INT_LIKE)
        .apply(with_overflow)
        .traits(Traits::PURE | Traits::ELEMENTWISE | Traits::CAST_OP_INTERFACE)
        .format("$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)")
        .verifier(verify_trunc));
    d = d.op(OpDef::new("arith.truncf")
        .operand("in", FLOAT_LIKE)
        .result("out", FLOAT_LIKE)
        .optional_attr("roundingmode", ROUNDING_ATTR)
        .short_form(print_rounding, parse_rounding)
        .apply(with_optional_fastmath)
        .traits(Traits::PURE | Traits::ELEMENTWISE | Traits::CAST_OP_INTERFACE)
        .format("$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)")
        .verifier(verify_trunc));
    d = d.op(OpDef::new("arith.scaling_extf")
        .operand("in", FLOAT_LIKE)
        .operand("scale", FLOAT_LIKE)
        .result("out", FLOAT_LIKE)
        .apply(with_optional_fastmath)
        .traits(Traits::PURE | Traits::ELEMENTWISE)
        .format("$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)"));
    d = d.op(OpDef::new("arith.scaling_truncf")
        .operand("in", FLOAT_LIKE)
        .operand("scale", FLOAT_LIKE)
        .result("out", FLOAT_LIKE)
        .optional_attr("roundingmode", ROUNDING_ATTR)
        .short_form(print_rounding, parse_rounding)
        .apply(with_optional_fastmath)
        .traits(Traits::PURE | Traits::ELEMENTWISE)
        .format("$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)"));
    for (n, from, to) in [
        ("arith.uitofp", SIGNLESS_INT_LIKE, FLOAT_LIKE),
        ("arith.sitofp", SIGNLESS_INT_LIKE, FLOAT_LIKE),
        ("arith.fptoui", FLOAT_LIKE, SIGNLESS_INT_LIKE),
        ("arith.fptosi", FLOAT_LIKE, SIGNLESS_INT_LIKE),
        ("arith.index_cast", INDEX_OR_INT_LIKE, INDEX_OR_INT_LIKE),
        ("arith.index_castui", INDEX_OR_INT_LIKE, INDEX_OR_INT_LIKE),
        ("arith.bitcast", SIGNLESS_INT_OR_FLOAT_LIKE, SIGNLESS_INT_OR_FLOAT_LIKE),
    ] {
        let def = cast(n, from, to);
        d = d.op(match n {
            "arith.bitcast" => def.verifier(verify_bitcast),
            "arith.index_cast" | "arith.index_castui" => def.verifier(verify_index_cast),
            _ => def,
        });
    }
    // Fold hooks (arith_fold*.rs), constant reading and materialization.
    for def in d.ops.iter_mut() {
        let Some(def) = std::sync::Arc::get_mut(def) else { continue };
        def.fold = crate::arith::fold::folder_of(&def.name);
        if def.name == "arith.constant" {
            def.constant_value = Some(crate::arith::fold::constant_value_of);
        }
    }
    d = d.materializer(crate::arith::fold::materialize);
    d = d.interface(strata_rewrite::CanonicalizationPatterns(crate::arith::canonicalize::populate));
    ctx.register_dialect(d);
}
