//! Verifiers of the toy ops (the tutorial's `verify()` methods), with its
//! messages: `emitOpError` ones carry the `'toy.x' op` prefix, `emitError`
//! ones do not.

use strata_ir::printer::{attr_to_string, type_to_string};
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Op, Type, TypeKind};

use crate::struct_type::{is_tensor, struct_elements};

fn error(body: &Body, op: Op, msg: String) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), msg)
}

fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl AsRef<str>) -> Diagnostic {
    error(body, op, format!("'{}' op {}", ctx.op_name_str(body.op_name(op)), msg.as_ref()))
}

/// The tutorial's `verifyConstantForType`: `value` initializes a `ty`.
fn constant_for_type(ctx: &Context, body: &Body, op: Op, ty: Type, value: Attribute) -> Result<(), Diagnostic> {
    if is_tensor(ctx, ty) {
        let attr_ty = match ctx.attr_kind(value) {
            AttrKind::DenseElements { ty, .. } if ctx.element_type(*ty).is_some_and(|e| ctx.is_float(e)) => *ty,
            _ => {
                return Err(error(
                    body,
                    op,
                    format!(
                        "constant of TensorType must be initialized by a DenseFPElementsAttr, got {}",
                        attr_to_string(ctx, value)
                    ),
                ))
            }
        };
        let TypeKind::RankedTensor { shape: result_shape, .. } = ctx.type_kind(ty) else { return Ok(()) };
        let attr_shape = ctx.shape(attr_ty).unwrap_or(&[]);
        if attr_shape.len() != result_shape.len() {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "return type must match the one of the attached value attribute: {} != {}",
                    attr_shape.len(),
                    result_shape.len()
                ),
            ));
        }
        for (dim, (a, r)) in attr_shape.iter().zip(result_shape.iter()).enumerate() {
            if a != r {
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("return type shape mismatches its attribute at dimension {dim}: {a} != {r}"),
                ));
            }
        }
        return Ok(());
    }
    let elements = struct_elements(ctx, ty).unwrap_or_default();
    let values = match ctx.as_array(value) {
        Some(v) if v.len() == elements.len() => v.to_vec(),
        _ => {
            return Err(error(
                body,
                op,
                format!(
                "constant of StructType must be initialized by an ArrayAttr with the same number of elements, got {}",
                attr_to_string(ctx, value)
            ),
            ))
        }
    };
    for (t, v) in elements.into_iter().zip(values) {
        constant_for_type(ctx, body, op, t, v)?;
    }
    Ok(())
}

pub fn constant(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(value) = body.op_attr(ctx, op, "value") else { return Ok(()) };
    let Some(ty) = body.result_types(op).first().copied() else { return Ok(()) };
    constant_for_type(ctx, body, op, ty, value)
}

pub fn struct_constant(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    constant(ctx, body, op)
}

pub fn struct_access(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let input = body.value_type(body.operand(op, 0));
    let Some(elements) = struct_elements(ctx, input) else { return Ok(()) };
    let index = body.op_attr(ctx, op, "index").and_then(|a| ctx.as_integer(a)).map_or(0, |v| v.to_i64());
    let Some(&element) = usize::try_from(index).ok().and_then(|i| elements.get(i)) else {
        return Err(op_error(ctx, body, op, "index should be within the range of the input struct type"));
    };
    if body.result_types(op).first() != Some(&element) {
        return Err(op_error(
            ctx,
            body,
            op,
            "must have the same result type as the struct element referred to by the index",
        ));
    }
    Ok(())
}

/// `toy.add` and `toy.mul` are element-wise: ranked operands and result
/// must agree in shape (MLIR's `SameOperandsAndResultShape` message). The
/// tutorial does not check this and its lowering then reads out of bounds;
/// here such a program is an error rather than a wrong answer.
pub fn elementwise(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let result_types = body.result_types(op);
    let mut shapes =
        body.operands(op).map(|v| body.value_type(v)).chain(result_types.iter().copied()).filter_map(|t| {
            match ctx.type_kind(t) {
                TypeKind::RankedTensor { shape, .. } => Some(shape),
                _ => None,
            }
        });
    if let Some(first) = shapes.next() {
        if shapes.any(|s| s != first) {
            return Err(op_error(ctx, body, op, "requires the same shape for all operands and results"));
        }
    }
    Ok(())
}

pub fn transpose(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let input = body.value_type(body.operand(op, 0));
    let Some(result) = body.result_types(op).first().copied() else { return Ok(()) };
    let (TypeKind::RankedTensor { shape: a, .. }, TypeKind::RankedTensor { shape: b, .. }) =
        (ctx.type_kind(input), ctx.type_kind(result))
    else {
        return Ok(());
    };
    // The tutorial compares the input shape with the reversed result shape
    // over the input's length (`std::equal`), ranks are not compared.
    let matches = a.len() <= b.len() && a.iter().zip(b.iter().rev()).all(|(x, y)| x == y);
    if !matches {
        return Err(error(body, op, "expected result shape to be a transpose of the input".into()));
    }
    Ok(())
}

/// Not in the tutorial (whose constant folding asserts, and whose lowering
/// then fails with a conversion error): a reshape keeps the element count,
/// except that a one-element input fills any shape (what the tutorial's
/// release build makes of it). Checked when both counts are known, so a
/// mismatch is reported at the reshape, i.e. at the declaration that wrote
/// the shape, from code generation on.
pub fn reshape(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let input = body.value_type(body.operand(op, 0));
    let Some(result) = body.result_types(op).first().copied() else { return Ok(()) };
    let count = |t: Type| -> Option<Option<u64>> {
        let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(t) else { return None };
        if shape.iter().any(|&d| d < 0) {
            return None;
        }
        // `None` inside: the count overflows u64 (it is still not equal).
        Some(shape.iter().try_fold(1u64, |n, &d| n.checked_mul(d as u64)))
    };
    let (Some(from), Some(to)) = (count(input), count(result)) else { return Ok(()) };
    if from == Some(1) || from == to {
        return Ok(());
    }
    let show = |n: Option<u64>| n.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
    Err(op_error(
        ctx,
        body,
        op,
        format!(
            "cannot reshape {} ({} elements) to {} ({} elements)",
            type_to_string(ctx, input),
            show(from),
            type_to_string(ctx, result),
            show(to)
        ),
    ))
}

/// `CastOpInterface`: one tensor to one tensor of the same element type,
/// equal when both are ranked; then `SameOperandsAndResultShape`.
pub fn cast(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let input = body.value_type(body.operand(op, 0));
    let Some(output) = body.result_types(op).first().copied() else { return Ok(()) };
    let ranked = |t: Type| matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. });
    let compatible = is_tensor(ctx, input)
        && is_tensor(ctx, output)
        && ctx.element_type(input) == ctx.element_type(output)
        && (!ranked(input) || !ranked(output) || input == output);
    if !compatible {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_to_string(ctx, input),
                type_to_string(ctx, output)
            ),
        ));
    }
    Ok(())
}

/// `toy.return` against its function (`ReturnOp::verify`).
pub fn return_op(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    // The verifier has already checked `HasParent<"FuncOp">` (the op
    // definition's `.parent("toy.func")`) before calling this.
    let Some((pb, f)) = parent.filter(|(pb, f)| pb.op_name(*f) == ctx.op_name("toy.func")) else {
        return Ok(());
    };
    let n = body.num_operands(op);
    if n > 1 {
        return Err(op_error(ctx, body, op, "expects at most 1 return operand"));
    }
    let fty = pb.op_attr(ctx, f, "function_type").and_then(|a| ctx.as_type(a));
    let results: Vec<Type> = fty.and_then(|t| ctx.function_signature(t)).map(|(_, r)| r.to_vec()).unwrap_or_default();
    if n != results.len() {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("does not return the same number of values ({n}) as the enclosing function ({})", results.len()),
        ));
    }
    if n == 0 {
        return Ok(());
    }
    let input = body.value_type(body.operand(op, 0));
    let result = results[0];
    let unranked = |t: Type| matches!(ctx.type_kind(t), TypeKind::UnrankedTensor { .. });
    if input == result || unranked(input) || unranked(result) {
        return Ok(());
    }
    Err(error(
        body,
        op,
        format!(
            "type of return operand ({}) doesn't match function result type ({})",
            type_to_string(ctx, input),
            type_to_string(ctx, result)
        ),
    ))
}

/// `FunctionOpInterface` verification of `toy.func`.
pub fn func(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(fty) = body.op_attr(ctx, op, "function_type").and_then(|a| ctx.as_type(a)) else { return Ok(()) };
    let Some((inputs, _)) = ctx.function_signature(fty) else { return Ok(()) };
    let (rb, regions) = body.regions_of(op);
    let Some(entry) = regions.first().and_then(|&r| rb.first_block(r)) else {
        // A declaration (no body) must not be public (`SymbolOpInterface`).
        let visibility = body.op_attr(ctx, op, "sym_visibility").and_then(|a| ctx.as_string(a));
        if visibility.is_none_or(|v| v == b"public") {
            return Err(op_error(ctx, body, op, "symbol declaration cannot have public visibility"));
        }
        return Ok(());
    };
    let args = rb.block_args(entry);
    if args.len() != inputs.len() {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("entry block must have {} arguments to match function signature", inputs.len()),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(inputs.iter()).enumerate() {
        let at = rb.value_type(a);
        if at != t {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    type_to_string(ctx, at),
                    type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}
