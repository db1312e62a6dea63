//! The `cf` dialect: `cf.br`, `cf.cond_br`, `cf.switch`, `cf.assert`.
//! Branches check that the operands they pass match the arguments of the
//! blocks they branch to.

pub(crate) mod canonicalize;

use strata_ir::apint::ApInt;
use strata_ir::asm_format::operand_groups;
use strata_ir::branch::{
    adjust_segment, dense_i32_array, dense_i32_values, insert_operand, remove_operand, BranchOpInterface,
};
use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits};
use strata_ir::parser::{OpState, OperandRef, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{AttrKind, Attribute, Block, Body, Context, Diagnostic, Op, Type, Value};
use strata_rewrite::CanonicalizationPatterns;

/// Checks operand `group` of `op` against the arguments of successor `succ`.
fn check_successor(ctx: &Context, body: &Body, op: Op, succ: usize, values: &[Value]) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op));
    let b = body.successors(op)[succ];
    let args = body.block_args(b);
    if args.len() != values.len() {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{name}' op branch has {} operands for successor #{succ}, but target block has {}",
                values.len(),
                args.len()
            ),
        ));
    }
    for (i, (&v, &a)) in values.iter().zip(args).enumerate() {
        if body.value_type(v) != body.value_type(a) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("'{name}' op type mismatch for bb argument #{i} of successor #{succ}"),
            ));
        }
    }
    Ok(())
}

fn verify_br(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let vals = body.operand_vec(op);
    check_successor(ctx, body, op, 0, &vals)
}

fn verify_cond_br(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    verify_branch_weights(ctx, body, op)?;
    let def = ctx.op_def(body.op_name(op)).unwrap().clone();
    let groups = operand_groups(ctx, &def, body, op);
    let vals = body.operand_vec(op);
    check_successor(ctx, body, op, 0, &vals[groups[1].clone()])?;
    check_successor(ctx, body, op, 1, &vals[groups[2].clone()])
}

/// `branch_weights`, when present, has one weight per successor and not
/// all of them zero (MLIR's `WeightedBranchOpInterface` verifier).
fn verify_branch_weights(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(a) = body.op_attr(ctx, op, "branch_weights") else { return Ok(()) };
    let weights = dense_i32_values(ctx, Some(a));
    if weights.is_empty() {
        return Ok(());
    }
    let n = body.successors(op).len();
    if weights.len() != n {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("expects number of branch weights to match number of successors: {} vs {n}", weights.len()),
        ));
    }
    if weights.iter().all(|&w| w == 0) {
        return Err(Diagnostic::error(body.op_loc(op), "branch weights cannot all be zero"));
    }
    Ok(())
}

// ---- cf.switch ----

/// A segment-size attribute as counts (negative sizes read as 0).
fn segments(ctx: &Context, a: Option<Attribute>) -> Vec<usize> {
    dense_i32_values(ctx, a).iter().map(|&n| n.max(0) as usize).collect()
}

/// The case values of a `cf.switch` (`case_values`), as integers of the
/// flag's width.
pub fn case_value_ints(ctx: &Context, a: Option<Attribute>) -> Vec<ApInt> {
    let Some(a) = a else { return vec![] };
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return vec![] };
    let Some(elem) = ctx.element_type(*ty) else { return vec![] };
    let width = ctx.int_or_float_width(elem).unwrap_or(64);
    let per = (width as usize).div_ceil(8).max(1);
    let n: i64 = ctx.shape(*ty).map_or(1, |s| s.iter().product());
    (0..n as usize)
        .map(|i| {
            let chunk = if data.splat { &data.bytes[..per] } else { &data.bytes[i * per..(i + 1) * per] };
            let mut words = vec![0u64; per.div_ceil(8)];
            for (k, &b) in chunk.iter().enumerate() {
                words[k / 8] |= (b as u64) << (8 * (k % 8));
            }
            ApInt::from_words(width, &words)
        })
        .collect()
}

/// Case values as unsigned integers of the flag's width (mlir-opt prints
/// them unsigned).
fn case_values(ctx: &Context, a: Option<Attribute>) -> Vec<String> {
    case_value_ints(ctx, a).iter().map(|v| v.to_string_radix10(false)).collect()
}

/// The `case_values` attribute for `values` (a `vector<N x flag>` of dense
/// integers, a splat when they are all equal); `None` when there are no
/// cases, as upstream's builder leaves the attribute out then.
pub fn case_values_attr(ctx: &Context, flag_t: Type, values: &[ApInt]) -> Option<Attribute> {
    if values.is_empty() {
        return None;
    }
    let width = ctx.int_or_float_width(flag_t).unwrap_or(64);
    let ty = ctx.vector_type(&[values.len() as i64], flag_t);
    let per = (width as usize).div_ceil(8).max(1);
    let mut bytes = Vec::new();
    for v in values {
        let mut b: Vec<u8> = v.words().iter().flat_map(|w| w.to_le_bytes()).collect();
        b.resize(per, 0);
        bytes.extend(b);
    }
    let splat = values.len() > 1 && bytes.chunks(per).all(|c| c == &bytes[..per]);
    let data = if splat { bytes[..per].to_vec() } else { bytes };
    Some(ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: strata_ir::attributes::DenseData { splat, bytes: data.into() },
    }))
}

fn print_switch(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let attrs = body.op_attrs(op);
    let seg = segments(ctx, ctx.dict_get(attrs, "operandSegmentSizes"));
    let case_seg = segments(ctx, ctx.dict_get(attrs, "case_operand_segments"));
    let vals = body.operand_vec(op);
    let flag = vals[0];
    p.write(" ");
    p.print_value(flag);
    p.write(" : ");
    p.print_type(body.value_type(flag));
    p.write(", [");
    p.newline_with_extra_indent(1);
    p.write("default: ");
    let succs = body.successors(op).to_vec();
    let default_n = seg.get(1).copied().unwrap_or(0);
    p.print_successor_and_operands(succs[0], &vals[1..1 + default_n]);
    let cases = case_values(ctx, ctx.dict_get(attrs, "case_values"));
    let mut start = 1 + default_n;
    for (i, v) in cases.iter().enumerate() {
        p.write(",");
        p.newline_with_extra_indent(1);
        p.write(v);
        p.write(": ");
        let n = case_seg.get(i).copied().unwrap_or(0);
        p.print_successor_and_operands(succs[i + 1], &vals[start..start + n]);
        start += n;
    }
    if cases.is_empty() {
        p.write("]");
    } else {
        p.newline_with_extra_indent(0);
        p.write("]");
    }
    p.print_optional_attr_dict(attrs, &["case_values", "case_operand_segments", "operandSegmentSizes"]);
}

/// `^bb(%a, %b : t1, t2)` or `^bb`.
fn parse_successor_operands<'a>(p: &mut Parser<'a>) -> PResult<(Block, Vec<OperandRef<'a>>, Vec<Type>)> {
    let b = p.parse_successor_ref()?;
    let mut refs = Vec::new();
    let mut tys = Vec::new();
    if p.eat(Tok::LParen) {
        loop {
            refs.push(p.parse_operand_ref()?);
            if !p.eat(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::Colon, "':'")?;
        tys = p.parse_type_list_no_parens()?;
        p.expect(Tok::RParen, "')'")?;
    }
    Ok((b, refs, tys))
}

fn parse_switch<'a>(p: &mut Parser<'a>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let flag = p.parse_operand_ref()?;
    p.expect(Tok::Colon, "':'")?;
    let tloc = p.here();
    let flag_t = p.parse_type()?;
    if !ctx.is_signless_integer(flag_t) {
        return p.err_at(
            tloc,
            "'cf.switch' op operand #0 must be integer, but got '".to_string()
                + &strata_ir::printer::type_to_string(ctx, flag_t)
                + "'",
        );
    }
    let fv = p.resolve_operand(&flag, flag_t)?;
    p.expect(Tok::Comma, "','")?;
    p.expect(Tok::LSquare, "'['")?;
    p.expect_keyword("default")?;
    p.expect(Tok::Colon, "':'")?;
    let (db, drefs, dtys) = parse_successor_operands(p)?;
    let mut operands = vec![fv];
    let resolve = |p: &mut Parser<'a>, refs: &[OperandRef<'a>], tys: &[Type], out: &mut Vec<Value>| -> PResult<()> {
        if refs.len() != tys.len() {
            return p.err_here(format!("{} operands present, but expected {}", refs.len(), tys.len()));
        }
        for (r, t) in refs.iter().zip(tys) {
            out.push(p.resolve_operand(r, *t)?);
        }
        Ok(())
    };
    resolve(p, &drefs, &dtys, &mut operands)?;
    let default_n = drefs.len();
    let mut succs = vec![db];
    let mut values: Vec<ApInt> = Vec::new();
    let mut case_seg = Vec::new();
    let width = ctx.int_or_float_width(flag_t).unwrap_or(64);
    while p.eat(Tok::Comma) {
        let neg = p.eat(Tok::Minus);
        if p.tok() != Tok::Integer {
            return p.err_here("expected integer value");
        }
        let text = p.spelling().to_string();
        p.bump();
        let Some(mag) = ApInt::parse_magnitude(&text, 10, width) else {
            return p.err_here("integer value too large");
        };
        let v = mag.resize_zext(width);
        values.push(if neg { v.negate() } else { v });
        p.expect(Tok::Colon, "':'")?;
        let (b, refs, tys) = parse_successor_operands(p)?;
        case_seg.push(refs.len() as i32);
        resolve(p, &refs, &tys, &mut operands)?;
        succs.push(b);
    }
    p.expect(Tok::RSquare, "']'")?;
    p.parse_optional_attr_dict(state)?;
    let case_n: usize = case_seg.iter().map(|x| *x as usize).sum();
    state.operands.extend(operands);
    state.successors.extend(succs);
    state.add_attr(ctx, "operandSegmentSizes", dense_i32_array(ctx, &[1, default_n as i32, case_n as i32]));
    state.add_attr(ctx, "case_operand_segments", dense_i32_array(ctx, &case_seg));
    if let Some(a) = case_values_attr(ctx, flag_t, &values) {
        state.add_attr(ctx, "case_values", a);
    }
    Ok(())
}

fn verify_switch(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let attrs = body.op_attrs(op);
    let seg = segments(ctx, ctx.dict_get(attrs, "operandSegmentSizes"));
    let case_seg = segments(ctx, ctx.dict_get(attrs, "case_operand_segments"));
    let vals = body.operand_vec(op);
    let ncases = body.successors(op).len().saturating_sub(1);
    let nvalues = case_values(ctx, ctx.dict_get(attrs, "case_values")).len();
    if nvalues != ncases {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'cf.switch' op number of case values ({nvalues}) should match number of case destinations ({ncases})"
            ),
        ));
    }
    if case_seg.len() != ncases || case_seg.iter().sum::<usize>() != seg.get(2).copied().unwrap_or(0) {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'cf.switch' op number of case operand segments ({}) should match number of case destinations ({ncases})", case_seg.len()),
        ));
    }
    let default_n = seg.get(1).copied().unwrap_or(0);
    check_successor(ctx, body, op, 0, &vals[1..(1 + default_n).min(vals.len())])?;
    let mut start = 1 + default_n;
    for (i, n) in case_seg.iter().enumerate() {
        if start + n > vals.len() || i + 1 >= body.successors(op).len() {
            break;
        }
        check_successor(ctx, body, op, i + 1, &vals[start..start + n])?;
        start += n;
    }
    Ok(())
}

/// Branch weights print as `[10, 90]` (a dense i32 array).
fn print_weights(ctx: &Context, a: Attribute, out: &mut String) {
    let v = segments(ctx, Some(a));
    out.push('[');
    out.push_str(&v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    out.push(']');
}

fn parse_weights(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if p.tok() != Tok::LSquare {
        return Ok(None);
    }
    p.bump();
    let mut v = Vec::new();
    if !p.eat(Tok::RSquare) {
        loop {
            v.push(p.parse_i64()? as i32);
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    Ok(Some(dense_i32_array(p.ctx, &v)))
}

/// `case_values`: integer elements (a vector of the flag's type).
const CASE_VALUES_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseElements { ty, .. } if c.element_type(*ty).is_some_and(|e| c.is_integer(e))),
    summary: "integer elements attribute",
};

// ---- successor operands (BranchOpInterface) ----

/// `cf.cond_br`: operand segments are [condition, true operands, false operands].
pub(crate) const COND_BR_BRANCH: BranchOpInterface = BranchOpInterface {
    successor_operands: |ctx, body, op, succ| {
        let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
        let (t, f) = (seg.get(1).copied().unwrap_or(0) as usize, seg.get(2).copied().unwrap_or(0) as usize);
        if succ == 0 {
            1..1 + t
        } else {
            1 + t..1 + t + f
        }
    },
    erase_successor_operand: |ctx, body, op, succ, idx| {
        let range = (COND_BR_BRANCH.successor_operands)(ctx, body, op, succ);
        remove_operand(body, op, range.start + idx);
        adjust_segment(ctx, body, op, "operandSegmentSizes", 1 + succ, -1);
    },
    append_successor_operand: |ctx, body, op, succ, v| {
        let range = (COND_BR_BRANCH.successor_operands)(ctx, body, op, succ);
        insert_operand(body, op, range.end, v);
        adjust_segment(ctx, body, op, "operandSegmentSizes", 1 + succ, 1);
    },
};

/// `cf.switch`: segments [flag, default operands, case operands], the case
/// operands split per case by `case_operand_segments`.
const SWITCH_BRANCH: BranchOpInterface = BranchOpInterface {
    successor_operands: |ctx, body, op, succ| {
        let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
        let default_n = seg.get(1).copied().unwrap_or(0) as usize;
        if succ == 0 {
            return 1..1 + default_n;
        }
        let cases = dense_i32_values(ctx, body.op_attr(ctx, op, "case_operand_segments"));
        let start = 1 + default_n + cases.iter().take(succ - 1).map(|&n| n as usize).sum::<usize>();
        start..start + cases.get(succ - 1).copied().unwrap_or(0) as usize
    },
    erase_successor_operand: |ctx, body, op, succ, idx| {
        let range = (SWITCH_BRANCH.successor_operands)(ctx, body, op, succ);
        remove_operand(body, op, range.start + idx);
        if succ == 0 {
            adjust_segment(ctx, body, op, "operandSegmentSizes", 1, -1);
        } else {
            adjust_segment(ctx, body, op, "operandSegmentSizes", 2, -1);
            adjust_segment(ctx, body, op, "case_operand_segments", succ - 1, -1);
        }
    },
    append_successor_operand: |ctx, body, op, succ, v| {
        let range = (SWITCH_BRANCH.successor_operands)(ctx, body, op, succ);
        insert_operand(body, op, range.end, v);
        if succ == 0 {
            adjust_segment(ctx, body, op, "operandSegmentSizes", 1, 1);
        } else {
            adjust_segment(ctx, body, op, "operandSegmentSizes", 2, 1);
            adjust_segment(ctx, body, op, "case_operand_segments", succ - 1, 1);
        }
    },
};

pub fn register(ctx: &mut Context) {
    let any_attr = AttrConstraint { check: |_, _| true, summary: "any attribute" };
    let br = OpDef::new("cf.br")
        .variadic_operand("destOperands", c::ANY_TYPE)
        .successor("dest")
        .traits(Traits::PURE | Traits::IS_TERMINATOR)
        .format("$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict")
        .verifier(verify_br)
        .interface(strata_ir::branch::ALL_OPERANDS_TO_SUCCESSOR)
        .interface(CanonicalizationPatterns(crate::cf::canonicalize::populate_br));
    let cond_br = OpDef::new("cf.cond_br")
        .operand("condition", c::I1)
        .variadic_operand("trueDestOperands", c::ANY_TYPE)
        .variadic_operand("falseDestOperands", c::ANY_TYPE)
        .optional_attr("branch_weights", any_attr)
        .short_form(print_weights, parse_weights)
        .successor("trueDest")
        .successor("falseDest")
        .attr_sized_operands()
        .traits(Traits::PURE | Traits::IS_TERMINATOR)
        .format("$condition (`weights` `(` $branch_weights^ `)`)? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict")
        .verifier(verify_cond_br)
        .interface(COND_BR_BRANCH)
        .interface(CanonicalizationPatterns(crate::cf::canonicalize::populate_cond_br));
    let switch = OpDef::new("cf.switch")
        .operand("flag", c::SIGNLESS_INTEGER_LIKE)
        .variadic_operand("defaultOperands", c::ANY_TYPE)
        .variadic_operand("caseOperands", c::ANY_TYPE)
        .optional_attr("case_values", CASE_VALUES_ATTR)
        .attr("case_operand_segments", c::DENSE_I32_ARRAY_ATTR)
        .successor("defaultDestination")
        .variadic_successor("caseDestinations")
        .attr_sized_operands()
        .traits(Traits::PURE | Traits::IS_TERMINATOR)
        .custom(print_switch, parse_switch)
        .verifier(verify_switch)
        .interface(SWITCH_BRANCH)
        .interface(CanonicalizationPatterns(crate::cf::canonicalize::populate_switch));
    let assert = OpDef::new("cf.assert")
        .operand("arg", c::I1)
        .attr("msg", c::STRING_ATTR)
        .format("$arg `,` $msg attr-dict")
        .interface(CanonicalizationPatterns(crate::cf::canonicalize::populate_assert));
    // Every cf op may be inlined (MLIR's ControlFlowInlinerInterface).
    ctx.register_dialect(
        DialectDef::new("cf")
            .interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL)
            .op(br)
            .op(cond_br)
            .op(switch)
            .op(assert),
    );
}
