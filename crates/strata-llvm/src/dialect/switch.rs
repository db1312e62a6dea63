//! `llvm.switch` and `llvm.unreachable` in mlir-opt 22's syntax:
//!
//! ```text
//! llvm.switch %flag : i32, ^default(%x : f32) [
//!   -4: ^bb3(%0 : i64),
//!   7: ^bb4
//! ]
//! ```
//!
//! Case values print signed (unlike `cf.switch`). The attributes are
//! `cf.switch`'s: `case_values` (a vector of the flag's type),
//! `case_operand_segments`, `operandSegmentSizes` (flag, default operands,
//! case operands).

use strata_dialects::cf::{case_value_ints, case_values_attr};
use strata_ir::apint::ApInt;
use strata_ir::branch::{dense_i32_array, dense_i32_values, BranchOpInterface};
use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, OperandRef, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{Block, Body, Context, Diagnostic, Op, Type, Value};

fn segments(ctx: &Context, body: &Body, op: Op, name: &str) -> Vec<usize> {
    dense_i32_values(ctx, body.op_attr(ctx, op, name)).iter().map(|&n| n.max(0) as usize).collect()
}

/// The operands passed to each successor (default first, then each case).
pub fn successor_operands(ctx: &Context, body: &Body, op: Op) -> Vec<Vec<Value>> {
    let vals = body.operand_vec(op);
    let seg = segments(ctx, body, op, "operandSegmentSizes");
    let default_n = seg.get(1).copied().unwrap_or(0);
    let mut groups = vec![vals.get(1..1 + default_n).unwrap_or(&[]).to_vec()];
    let mut start = 1 + default_n;
    for n in segments(ctx, body, op, "case_operand_segments") {
        groups.push(vals.get(start..start + n).unwrap_or(&[]).to_vec());
        start += n;
    }
    groups
}

/// The case values, as integers of the flag's width.
pub fn case_values(ctx: &Context, body: &Body, op: Op) -> Vec<ApInt> {
    case_value_ints(ctx, body.op_attr(ctx, op, "case_values"))
}

pub fn print_switch(p: &mut OpPrinter<'_, '_>, op: Op) {
    let (ctx, body) = (p.ctx, p.body);
    let flag = body.operand(op, 0);
    let groups = successor_operands(ctx, body, op);
    let succs = body.successors(op).to_vec();
    p.write(" ");
    p.print_value(flag);
    p.write(" : ");
    p.print_type(body.value_type(flag));
    p.write(", ");
    p.print_successor_and_operands(succs[0], &groups[0]);
    p.write(" [");
    for (i, v) in case_values(ctx, body, op).iter().enumerate() {
        if i > 0 {
            p.write(",");
        }
        p.newline_with_extra_indent(1);
        p.write(&v.to_string_radix10(true));
        p.write(": ");
        p.print_successor_and_operands(succs[i + 1], groups.get(i + 1).map_or(&[][..], |g| g.as_slice()));
    }
    p.newline_with_extra_indent(0);
    p.write("]");
    p.print_optional_attr_dict(body.op_attrs(op), &["case_values", "case_operand_segments", "operandSegmentSizes"]);
}

/// `^bb(%a, %b : t1, t2)` or `^bb`.
fn parse_successor<'a>(p: &mut Parser<'a>) -> PResult<(Block, Vec<OperandRef<'a>>, Vec<Type>)> {
    let b = p.parse_successor_ref()?;
    let (mut refs, mut tys) = (Vec::new(), Vec::new());
    if p.eat(Tok::LParen) {
        refs = super::asm::parse_operand_list(p)?;
        p.expect(Tok::Colon, "':'")?;
        tys = p.parse_type_list_no_parens()?;
        p.expect(Tok::RParen, "')'")?;
    }
    Ok((b, refs, tys))
}

pub fn parse_switch(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let flag = p.parse_operand_ref()?;
    p.expect(Tok::Colon, "':'")?;
    let tloc = p.here();
    let flag_t = p.parse_type()?;
    if !ctx.is_signless_integer(flag_t) {
        return p.err_at(tloc, "'llvm.switch' expects a signless integer flag");
    }
    super::asm::resolve_all(p, state, &[flag], &[flag_t])?;
    p.expect(Tok::Comma, "','")?;
    let (default, drefs, dtys) = parse_successor(p)?;
    super::asm::resolve_all(p, state, &drefs, &dtys)?;
    let mut succs = vec![default];
    let (mut values, mut case_seg) = (Vec::new(), Vec::new());
    let width = ctx.int_or_float_width(flag_t).unwrap_or(64);
    p.expect(Tok::LSquare, "'['")?;
    if !p.eat(Tok::RSquare) {
        loop {
            let neg = p.eat(Tok::Minus);
            if p.tok() != Tok::Integer {
                return p.err_here("expected integer value");
            }
            let text = p.spelling().to_string();
            let at = p.here();
            p.bump();
            let Some(mag) = ApInt::parse_magnitude(&text, 10, width) else {
                return p.err_at(at, "integer value too large");
            };
            let v = mag.resize_zext(width);
            values.push(if neg { v.negate() } else { v });
            p.expect(Tok::Colon, "':'")?;
            let (b, refs, tys) = parse_successor(p)?;
            super::asm::resolve_all(p, state, &refs, &tys)?;
            case_seg.push(refs.len() as i32);
            succs.push(b);
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    p.parse_optional_attr_dict(state)?;
    let case_n: i32 = case_seg.iter().sum();
    state.successors.extend(succs);
    state.add_attr(ctx, "operandSegmentSizes", dense_i32_array(ctx, &[1, drefs.len() as i32, case_n]));
    state.add_attr(ctx, "case_operand_segments", dense_i32_array(ctx, &case_seg));
    if let Some(a) = case_values_attr(ctx, flag_t, &values) {
        state.add_attr(ctx, "case_values", a);
    }
    Ok(())
}

/// One operand group per successor, each matching its block's arguments.
pub fn verify_switch(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let groups = successor_operands(ctx, body, op);
    let succs = body.successors(op);
    if groups.len() != succs.len() || case_values(ctx, body, op).len() + 1 != succs.len() {
        return Err(Diagnostic::error(
            body.op_loc(op),
            "'llvm.switch' op expects one case value and operand segment per case destination",
        ));
    }
    for (i, (g, &b)) in groups.iter().zip(succs).enumerate() {
        let args = body.block_args(b);
        if args.len() != g.len() || g.iter().zip(args).any(|(&v, &a)| body.value_type(v) != body.value_type(a)) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("'llvm.switch' op operands of successor #{i} do not match the block's arguments"),
            ));
        }
    }
    Ok(())
}

/// Successor operand ranges: the default's, then each case's.
pub const SWITCH_BRANCH: BranchOpInterface = BranchOpInterface {
    successor_operands: |ctx, body, op, succ| {
        let seg = segments(ctx, body, op, "operandSegmentSizes");
        let default_n = seg.get(1).copied().unwrap_or(0);
        if succ == 0 {
            return 1..1 + default_n;
        }
        let cases = segments(ctx, body, op, "case_operand_segments");
        let start = 1 + default_n + cases[..succ - 1].iter().sum::<usize>();
        start..start + cases[succ - 1]
    },
    erase_successor_operand: |ctx, body, op, succ, idx| {
        let range = (SWITCH_BRANCH.successor_operands)(ctx, body, op, succ);
        strata_ir::branch::remove_operand(body, op, range.start + idx);
        if succ == 0 {
            strata_ir::branch::adjust_segment(ctx, body, op, "operandSegmentSizes", 1, -1);
        } else {
            strata_ir::branch::adjust_segment(ctx, body, op, "operandSegmentSizes", 2, -1);
            strata_ir::branch::adjust_segment(ctx, body, op, "case_operand_segments", succ - 1, -1);
        }
    },
    append_successor_operand: |ctx, body, op, succ, v| {
        let range = (SWITCH_BRANCH.successor_operands)(ctx, body, op, succ);
        strata_ir::branch::insert_operand(body, op, range.end, v);
        if succ == 0 {
            strata_ir::branch::adjust_segment(ctx, body, op, "operandSegmentSizes", 1, 1);
        } else {
            strata_ir::branch::adjust_segment(ctx, body, op, "operandSegmentSizes", 2, 1);
            strata_ir::branch::adjust_segment(ctx, body, op, "case_operand_segments", succ - 1, 1);
        }
    },
};
