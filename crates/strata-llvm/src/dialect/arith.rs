//! LLVM's arithmetic, comparison, cast and select ops in mlir-opt 22's
//! syntax: `llvm.add %a, %b overflow<nsw> : i64`, `llvm.fadd %a, %b : f64`,
//! `llvm.fneg %a : f64`, `llvm.icmp "slt" %a, %b : i64`,
//! `llvm.sext %a : i32 to i64`, `llvm.select %c, %a, %b : i1, f64`.
//!
//! Overflow flags are kept as their `i32` bits in `overflowFlags` (nsw 1,
//! nuw 2), predicates as their `i64` number in `predicate` (the index in
//! `ICMP_PREDICATES` or `FCMP_PREDICATES`), as upstream keeps them.

use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{Body, Context, Diagnostic, Op};

use super::asm::{int_of, resolve_all};
use super::enums::{predicate_attr, predicate_name};

pub const INT_BINARY: [&str; 13] =
    ["add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "and", "or", "xor", "shl", "lshr", "ashr"];
/// The integer ops that carry `overflow<...>` flags.
pub const WITH_OVERFLOW: [&str; 4] = ["add", "sub", "mul", "shl"];
pub const FLOAT_BINARY: [&str; 5] = ["fadd", "fsub", "fmul", "fdiv", "frem"];
pub const CASTS: [&str; 12] = [
    "sext", "zext", "trunc", "sitofp", "uitofp", "fptosi", "fptoui", "fpext", "fptrunc", "bitcast", "ptrtoint",
    "inttoptr",
];
pub const ICMP_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
pub const FCMP_PREDICATES: [&str; 16] = [
    "_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true",
];

pub const OVERFLOW_NSW: i64 = 1;
pub const OVERFLOW_NUW: i64 = 2;

/// `overflow<nsw, nuw>` text for flag bits (empty for none).
pub fn overflow_text(bits: i64) -> String {
    let mut names = Vec::new();
    if bits & OVERFLOW_NSW != 0 {
        names.push("nsw");
    }
    if bits & OVERFLOW_NUW != 0 {
        names.push("nuw");
    }
    if names.is_empty() {
        String::new()
    } else {
        format!("overflow<{}>", names.join(", "))
    }
}

/// The attribute dictionary without `elided` and without `fastmathFlags`
/// when it is `none` (its default, which mlir-opt leaves out).
pub fn print_attrs_without_default_fastmath(p: &mut OpPrinter<'_, '_>, op: Op, elided: &[&str]) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    let mut skip = elided.to_vec();
    if ctx.dict_get(attrs, "fastmathFlags").and_then(|a| super::fastmath::fastmath_bits(ctx, a)) == Some(0) {
        skip.push("fastmathFlags");
    }
    p.print_optional_attr_dict(attrs, &skip);
}

/// `%a, %b [overflow<...>] attr-dict : type` (and `%a : type` for fneg).
pub fn print_same_type(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    p.write(" ");
    p.print_operands(p.body.operand_vec(op));
    let bits = int_of(ctx, attrs, "overflowFlags").unwrap_or(0);
    if bits != 0 {
        p.write(" ");
        p.write(&overflow_text(bits));
    }
    print_attrs_without_default_fastmath(p, op, &["overflowFlags"]);
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

pub fn parse_same_type(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let unary = ctx.op_name_str(state.name) == "llvm.fneg";
    let mut refs = vec![p.parse_operand_ref()?];
    if !unary {
        p.expect(Tok::Comma, "','")?;
        refs.push(p.parse_operand_ref()?);
    }
    if p.is_keyword("overflow") {
        parse_overflow(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = p.parse_type()?;
    let types = vec![t; refs.len()];
    resolve_all(p, state, &refs, &types)?;
    state.result_types.push(t);
    Ok(())
}

/// `overflow<nsw, nuw>` into `overflowFlags` (left out when none).
fn parse_overflow(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    if p.eat_keyword("overflow") {
        p.expect(Tok::Less, "'<'")?;
        let mut bits = 0;
        loop {
            let at = p.here();
            if p.eat_keyword("nsw") {
                bits |= OVERFLOW_NSW;
            } else if p.eat_keyword("nuw") {
                bits |= OVERFLOW_NUW;
            } else if !p.eat_keyword("none") {
                return p.err_at(at, "expected 'nsw', 'nuw' or 'none'");
            }
            if !p.eat(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::Greater, "'>'")?;
        if bits != 0 {
            state.add_attr(ctx, "overflowFlags", ctx.integer_attr(ctx.i32(), bits));
        }
    }
    Ok(())
}

/// `"slt" %a, %b attr-dict : type`.
pub fn print_cmp(p: &mut OpPrinter<'_, '_>, op: Op) {
    let attrs = p.body.op_attrs(op);
    let float = p.ctx.op_name_str(p.body.op_name(op)) == "llvm.fcmp";
    p.write(" \"");
    p.write(predicate_name(p.ctx, attrs, float).unwrap_or_default());
    p.write("\" ");
    p.print_operands(p.body.operand_vec(op));
    print_attrs_without_default_fastmath(p, op, &["predicate"]);
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.operand(op, 0)));
}

pub fn parse_cmp(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let float = ctx.op_name_str(state.name) == "llvm.fcmp";
    let at = p.here();
    let pred = String::from_utf8_lossy(&p.parse_string("predicate")?).into_owned();
    let known: &[&str] = if float { &FCMP_PREDICATES } else { &ICMP_PREDICATES };
    let Some(index) = known.iter().position(|&k| k == pred) else {
        return p.err_at(at, format!("unknown comparison predicate \"{pred}\""));
    };
    state.add_attr(ctx, "predicate", predicate_attr(ctx, index));
    let a = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand_ref()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = p.parse_type()?;
    resolve_all(p, state, &[a, b], &[t, t])?;
    // Vector operands compare element-wise.
    let result = match ctx.type_kind(t) {
        strata_ir::TypeKind::Vector { shape, .. } => ctx.vector_type(&shape.clone(), ctx.i1()),
        _ => ctx.i1(),
    };
    state.result_types.push(result);
    Ok(())
}

/// `%a [overflow<...>] attr-dict : from to to` (overflow flags on `trunc`).
pub fn print_cast(p: &mut OpPrinter<'_, '_>, op: Op) {
    let v = p.body.operand(op, 0);
    p.write(" ");
    p.print_value(v);
    let bits = int_of(p.ctx, p.body.op_attrs(op), "overflowFlags").unwrap_or(0);
    if bits != 0 {
        p.write(" ");
        p.write(&overflow_text(bits));
    }
    p.print_optional_attr_dict(p.body.op_attrs(op), &["overflowFlags"]);
    p.write(" : ");
    p.print_type(p.body.value_type(v));
    p.write(" to ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

pub fn parse_cast(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let a = p.parse_operand_ref()?;
    if p.is_keyword("overflow") {
        parse_overflow(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let from = p.parse_type()?;
    if !p.eat_keyword("to") {
        return p.err_here("expected 'to'");
    }
    let to = p.parse_type()?;
    resolve_all(p, state, &[a], &[from])?;
    state.result_types.push(to);
    Ok(())
}

/// `%c, %a, %b attr-dict : i1, type`.
pub fn print_select(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_operands(p.body.operand_vec(op));
    print_attrs_without_default_fastmath(p, op, &[]);
    p.write(" : ");
    p.print_types([p.body.value_type(p.body.operand(op, 0)), p.body.value_type(p.body.result(op, 0))]);
}

pub fn parse_select(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let c = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let a = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand_ref()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let ct = p.parse_type()?;
    p.expect(Tok::Comma, "','")?;
    let t = p.parse_type()?;
    resolve_all(p, state, &[c, a, b], &[ct, t, t])?;
    state.result_types.push(t);
    Ok(())
}

/// Integer ops take signless integers, float ops floats.
pub fn verify_operand_kind(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op)).to_string();
    let short = name.trim_start_matches("llvm.");
    let float = FLOAT_BINARY.contains(&short) || short == "fneg" || short == "fcmp";
    for t in body.operand_types(op) {
        // A vector operand is checked by its element (1-D vectors lower
        // element-wise).
        let t = if ctx.is_vector(t) { ctx.element_type_or_self(t) } else { t };
        // `llvm.icmp` also compares pointers.
        let ok = if float {
            ctx.int_or_float_width(t).is_some() && !ctx.is_signless_integer(t)
        } else {
            ctx.is_signless_integer(t) || (short == "icmp" && super::types::is_ptr(ctx, t))
        };
        if !ok {
            let kind = if float {
                "floating point LLVM type"
            } else if short == "icmp" {
                "signless integer or LLVM pointer type"
            } else {
                "signless integer"
            };
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "'{name}' op operand #0 must be {kind}, but got '{}'",
                    strata_ir::printer::type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}
