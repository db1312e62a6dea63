//! Small shape helpers shared by the verifiers, folds and passes: ranked
//! tensor shapes, dimension compatibility (`?` matches anything), errors
//! in the op's name.

use strata_ir::types::DYNAMIC;
use strata_ir::{Body, Context, Diagnostic, Op, Type, TypeKind, Value};

/// Shape and element type of a ranked tensor.
pub fn ranked(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some((shape, *element)),
        _ => None,
    }
}

/// Element type of any tensor.
pub fn element_of(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => Some(*element),
        _ => None,
    }
}

pub fn value_shape<'c>(ctx: &'c Context, body: &Body, v: Value) -> Option<&'c [i64]> {
    ranked(ctx, body.value_type(v)).map(|(s, _)| s)
}

/// Two dimension sizes agree (either may be dynamic).
pub fn dim_compatible(a: i64, b: i64) -> bool {
    a == DYNAMIC || b == DYNAMIC || a == b
}

pub fn shapes_compatible(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| dim_compatible(x, y))
}

/// Number of elements of a static shape (`None` when a dimension is dynamic
/// or the product overflows).
pub fn num_elements(shape: &[i64]) -> Option<u64> {
    shape.iter().try_fold(1u64, |n, &d| if d < 0 { None } else { n.checked_mul(d as u64) })
}

/// `'stablehlo.x' op <msg>` at the op's location.
pub fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

/// `2x3` text of a shape for messages (`?` for dynamic).
pub fn shape_text(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(|&d| if d == DYNAMIC { "?".into() } else { d.to_string() }).collect();
    format!("[{}]", dims.join(", "))
}

pub fn type_text(ctx: &Context, t: Type) -> String {
    strata_ir::printer::type_to_string(ctx, t)
}
