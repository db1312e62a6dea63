//! Custom assembly of the tensor ops, as mlir-opt 22 prints and parses it:
//! dynamic index lists (`[%a, 0, 4]`, upstream's `DynamicIndexList`),
//! reassociations (`[[0, 1], [2]]`), and the type checks the generated
//! parsers make (`invalid kind of type specified`).

use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, OperandRef, PResult, Parser};
use strata_ir::printer::{type_to_string, OpPrinter};
use strata_ir::types::DYNAMIC;
use strata_ir::{Op, Type, TypeKind, Value};

use super::slice::{combine, i64_array, i64_array_attr, segment_operands, Part};

// ---- shared pieces ----

/// The attributes the custom forms print themselves.
const SLICE_ATTRS: [&str; 4] = ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

/// `[a, b, ...]`: each `DYNAMIC` entry of `statics` prints the next value.
fn print_index_list(p: &mut OpPrinter<'_, '_>, statics: &[i64], dynamic: &[Value]) {
    p.write("[");
    let mut it = dynamic.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match (s == DYNAMIC).then(|| it.next()).flatten() {
            Some(&v) => p.print_value(v),
            None => p.write(&s.to_string()),
        }
    }
    p.write("]");
}

/// Parses `[%a, 0, ...]` into the static list (`DYNAMIC` for values) and
/// the value references.
fn parse_index_list<'a>(p: &mut Parser<'a>) -> PResult<(Vec<i64>, Vec<OperandRef<'a>>)> {
    if !p.eat(Tok::LSquare) {
        return p.err_wrong_token("expected '[' in dynamic index list");
    }
    let mut statics = Vec::new();
    let mut refs = Vec::new();
    if p.eat(Tok::RSquare) {
        return Ok((statics, refs));
    }
    loop {
        if p.is_operand_next() {
            refs.push(p.parse_operand_ref()?);
            statics.push(DYNAMIC);
        } else {
            if !matches!(p.tok(), Tok::Integer | Tok::Minus) {
                let at = p.here();
                return p.err_custom(at, "expected integer value");
            }
            statics.push(p.parse_i64()?);
        }
        if p.eat(Tok::RSquare) {
            return Ok((statics, refs));
        }
        p.expect(Tok::Comma, "']'")?;
    }
}

fn resolve_indices<'a>(p: &mut Parser<'a>, state: &mut OpState, refs: &[OperandRef<'a>]) -> PResult<usize> {
    let index = p.ctx.index_type();
    for r in refs {
        let v = p.resolve_operand(r, index)?;
        state.operands.push(v);
    }
    Ok(refs.len())
}

/// A type whose C++ class is `RankedTensorType`.
fn parse_ranked_tensor(p: &mut Parser<'_>) -> PResult<Type> {
    let at = p.here();
    let t = p.parse_type()?;
    if !matches!(p.ctx.type_kind(t), TypeKind::RankedTensor { .. }) {
        let msg = format!(
            "invalid kind of type specified: expected builtin.tensor, but found '{}'",
            type_to_string(p.ctx, t)
        );
        return p.err_custom(at, msg);
    }
    Ok(t)
}

/// A type whose C++ class is `TensorType` (ranked or not).
fn parse_tensor(p: &mut Parser<'_>) -> PResult<Type> {
    let at = p.here();
    let t = p.parse_type()?;
    if !p.ctx.is_tensor(t) {
        return p.err_custom(at, "invalid kind of type specified");
    }
    Ok(t)
}

fn element(p: &Parser<'_>, t: Type) -> Type {
    p.ctx.element_type(t).unwrap_or(t)
}

fn result_type(p: &OpPrinter<'_, '_>, op: Op) -> Type {
    p.body.value_type(p.body.result(op, 0))
}

fn operand_type(p: &OpPrinter<'_, '_>, op: Op, i: usize) -> Type {
    p.body.value_type(p.body.operand(op, i))
}

fn segments(p: &mut Parser<'_>, state: &mut OpState, sizes: &[i32]) {
    let a = strata_ir::branch::dense_i32_array(p.ctx, sizes);
    state.add_attr(p.ctx, "operandSegmentSizes", a);
}

// ---- tensor.empty ----

pub(super) fn print_empty(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write("(");
    p.print_operands(p.body.operands(op));
    p.write(")");
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    p.print_type(result_type(p, op));
}

pub(super) fn parse_empty(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.expect(Tok::LParen, "'('")?;
    let mut refs = Vec::new();
    if !p.eat(Tok::RParen) {
        loop {
            refs.push(p.parse_operand_ref()?);
            if p.eat(Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "')'")?;
        }
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = parse_ranked_tensor(p)?;
    resolve_indices(p, state, &refs)?;
    state.result_types.push(t);
    Ok(())
}

// ---- tensor.cast ----

pub(super) fn print_cast(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
    p.write(" to ");
    p.print_type(result_type(p, op));
}

pub(super) fn parse_cast(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand_ref()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let from = parse_tensor(p)?;
    p.expect_keyword("to")?;
    let to = parse_tensor(p)?;
    let v = p.resolve_operand(&src, from)?;
    state.operands.push(v);
    state.result_types.push(to);
    Ok(())
}

// ---- tensor.dim ----

pub(super) fn print_dim(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" ");
    p.print_operands(p.body.operands(op));
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
}

pub(super) fn parse_dim(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    let src = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let index = p.parse_operand_ref()?;
    p.expect(Tok::Colon, "':'")?;
    let t = parse_tensor(p)?;
    let v = p.resolve_operand(&src, t)?;
    state.operands.push(v);
    resolve_indices(p, state, &[index])?;
    state.result_types.push(p.ctx.index_type());
    Ok(())
}

// ---- tensor.extract / tensor.insert ----

fn print_index_operands(p: &mut OpPrinter<'_, '_>, op: Op, skip: usize) {
    p.write("[");
    p.print_operands(p.body.operands(op).skip(skip));
    p.write("]");
}

fn parse_index_operands<'a>(p: &mut Parser<'a>) -> PResult<Vec<OperandRef<'a>>> {
    p.expect(Tok::LSquare, "'['")?;
    let mut refs = Vec::new();
    if p.eat(Tok::RSquare) {
        return Ok(refs);
    }
    loop {
        refs.push(p.parse_operand_ref()?);
        if p.eat(Tok::RSquare) {
            return Ok(refs);
        }
        p.expect(Tok::Comma, "']'")?;
    }
}

pub(super) fn print_extract(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    print_index_operands(p, op, 1);
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
}

pub(super) fn parse_extract(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand_ref()?;
    let refs = parse_index_operands(p)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = parse_ranked_tensor(p)?;
    let v = p.resolve_operand(&src, t)?;
    state.operands.push(v);
    resolve_indices(p, state, &refs)?;
    state.result_types.push(element(p, t));
    Ok(())
}

pub(super) fn print_insert(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    p.write(" into ");
    p.print_value(p.body.operand(op, 1));
    print_index_operands(p, op, 2);
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    p.print_type(operand_type(p, op, 1));
}

pub(super) fn parse_insert(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let scalar = p.parse_operand_ref()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand_ref()?;
    let refs = parse_index_operands(p)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = parse_ranked_tensor(p)?;
    let s = p.resolve_operand(&scalar, element(p, t))?;
    let d = p.resolve_operand(&dest, t)?;
    state.operands.extend([s, d]);
    resolve_indices(p, state, &refs)?;
    state.result_types.push(t);
    Ok(())
}

// ---- tensor.from_elements ----

pub(super) fn print_from_elements(p: &mut OpPrinter<'_, '_>, op: Op) {
    // ODS prints the space before the empty operand list too.
    p.write(" ");
    p.print_operands(p.body.operands(op));
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    p.print_type(result_type(p, op));
}

pub(super) fn parse_from_elements(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let mut refs = Vec::new();
    if p.is_operand_next() {
        loop {
            refs.push(p.parse_operand_ref()?);
            if !p.eat(Tok::Comma) {
                break;
            }
        }
    }
    let first = refs.first().map(|r| r.loc);
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = parse_ranked_tensor(p)?;
    let shape = p.ctx.shape(t).unwrap_or(&[]).to_vec();
    if shape.iter().any(|&d| d < 0) {
        let msg = format!(
            "'result' must be statically shaped tensor of any type values, but got '{}'",
            type_to_string(p.ctx, t)
        );
        return p.err_custom(state.loc, msg);
    }
    let n = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d)).unwrap_or(i64::MAX);
    if n != refs.len() as i64 {
        let msg = format!("number of operands and types do not match: got {} operands and {n} types", refs.len());
        return p.err_custom(first.unwrap_or(state.loc), msg);
    }
    let elem = element(p, t);
    for r in &refs {
        let v = p.resolve_operand(r, elem)?;
        state.operands.push(v);
    }
    state.result_types.push(t);
    Ok(())
}

// ---- tensor.expand_shape / tensor.collapse_shape ----

fn print_reassociation(p: &mut OpPrinter<'_, '_>, op: Op) {
    if let Some(a) = p.body.op_attr(p.ctx, op, "reassociation") {
        p.write(" ");
        p.print_attr(a);
    }
}

fn parse_reassociation(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let a = p.parse_attribute()?;
    state.add_attr(p.ctx, "reassociation", a);
    Ok(())
}

pub(super) fn print_expand_shape(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    print_reassociation(p, op);
    p.write(" output_shape ");
    let statics = i64_array(p.ctx, p.body.op_attr(p.ctx, op, "static_output_shape")).unwrap_or_default();
    let dynamic: Vec<Value> = p.body.operands(op).skip(1).collect();
    print_index_list(p, &statics, &dynamic);
    p.print_optional_attr_dict(p.body.op_attrs(op), &["reassociation", "static_output_shape"]);
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
    p.write(" into ");
    p.print_type(result_type(p, op));
}

pub(super) fn parse_expand_shape(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand_ref()?;
    parse_reassociation(p, state)?;
    if !p.eat_keyword("output_shape") {
        let at = p.here();
        return p.err_custom(at, "expected 'output_shape'");
    }
    let (statics, refs) = parse_index_list(p)?;
    state.add_attr(p.ctx, "static_output_shape", i64_array_attr(p.ctx, &statics));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let from = parse_tensor(p)?;
    p.expect_keyword("into")?;
    let to = parse_tensor(p)?;
    let v = p.resolve_operand(&src, from)?;
    state.operands.push(v);
    resolve_indices(p, state, &refs)?;
    state.result_types.push(to);
    Ok(())
}

pub(super) fn print_collapse_shape(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    print_reassociation(p, op);
    p.print_optional_attr_dict(p.body.op_attrs(op), &["reassociation"]);
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
    p.write(" into ");
    p.print_type(result_type(p, op));
}

pub(super) fn parse_collapse_shape(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand_ref()?;
    parse_reassociation(p, state)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let from = parse_tensor(p)?;
    p.expect_keyword("into")?;
    let to = parse_tensor(p)?;
    let v = p.resolve_operand(&src, from)?;
    state.operands.push(v);
    state.result_types.push(to);
    Ok(())
}

// ---- tensor.extract_slice / tensor.insert_slice ----

/// `[offsets] [sizes] [strides]`, right after the source (no space).
fn print_slice_lists(p: &mut OpPrinter<'_, '_>, op: Op, leading: usize) {
    for (i, part) in Part::ALL.into_iter().enumerate() {
        if i > 0 {
            p.write(" ");
        }
        let statics = i64_array(p.ctx, p.body.op_attr(p.ctx, op, part.attr_name())).unwrap_or_default();
        let dynamic = segment_operands(p.ctx, p.body, op, part.segment(leading));
        // A list that does not match its operands prints its static part
        // only (the op is invalid and printed generically anyway).
        let dynamic = if combine(&statics, &dynamic).is_some() { dynamic } else { vec![] };
        print_index_list(p, &statics, &dynamic);
    }
}

/// Parses the three lists; returns the operand counts.
fn parse_slice_lists<'a>(p: &mut Parser<'a>, state: &mut OpState) -> PResult<[Vec<OperandRef<'a>>; 3]> {
    let mut out: [Vec<OperandRef<'a>>; 3] = Default::default();
    for (i, part) in Part::ALL.into_iter().enumerate() {
        let (statics, refs) = parse_index_list(p)?;
        state.add_attr(p.ctx, part.attr_name(), i64_array_attr(p.ctx, &statics));
        out[i] = refs;
    }
    Ok(out)
}

pub(super) fn print_extract_slice(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    print_slice_lists(p, op, 1);
    p.print_optional_attr_dict(p.body.op_attrs(op), &SLICE_ATTRS);
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
    p.write(" to ");
    p.print_type(result_type(p, op));
}

pub(super) fn parse_extract_slice(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand_ref()?;
    let lists = parse_slice_lists(p, state)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let from = parse_ranked_tensor(p)?;
    p.expect_keyword("to")?;
    let to = parse_ranked_tensor(p)?;
    let v = p.resolve_operand(&src, from)?;
    state.operands.push(v);
    let mut segs = vec![1];
    for refs in &lists {
        segs.push(resolve_indices(p, state, refs)? as i32);
    }
    segments(p, state, &segs);
    state.result_types.push(to);
    Ok(())
}

pub(super) fn print_insert_slice(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    p.write(" into ");
    p.print_value(p.body.operand(op, 1));
    print_slice_lists(p, op, 2);
    p.print_optional_attr_dict(p.body.op_attrs(op), &SLICE_ATTRS);
    p.write(" : ");
    p.print_type(operand_type(p, op, 0));
    p.write(" into ");
    p.print_type(operand_type(p, op, 1));
}

pub(super) fn parse_insert_slice(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand_ref()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand_ref()?;
    let lists = parse_slice_lists(p, state)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let from = parse_ranked_tensor(p)?;
    p.expect_keyword("into")?;
    let to = parse_ranked_tensor(p)?;
    let s = p.resolve_operand(&src, from)?;
    let d = p.resolve_operand(&dest, to)?;
    state.operands.extend([s, d]);
    let mut segs = vec![1, 1];
    for refs in &lists {
        segs.push(resolve_indices(p, state, refs)? as i32);
    }
    segments(p, state, &segs);
    state.result_types.push(to);
    Ok(())
}
