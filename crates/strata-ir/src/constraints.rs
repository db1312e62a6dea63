//! Common type and attribute constraints used by op definitions, with the
//! summaries MLIR's verifier prints.

use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::opdef::{AttrConstraint, TypeConstraint};
use crate::types::{Type, TypeKind};

pub const ANY_TYPE: TypeConstraint = TypeConstraint { check: |_, _| true, summary: "any type", buildable: None };

fn scalar_or_container(ctx: &Context, t: Type, f: fn(&Context, Type) -> bool) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Vector { element, .. }
        | TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element } => f(ctx, *element),
        _ => f(ctx, t),
    }
}

pub const SIGNLESS_INTEGER_LIKE: TypeConstraint = TypeConstraint {
    check: |ctx, t| scalar_or_container(ctx, t, |c, e| c.is_signless_integer(e) || c.is_index(e)),
    summary: "signless-integer-like",
    buildable: None,
};
pub const FLOAT_LIKE: TypeConstraint = TypeConstraint {
    check: |ctx, t| scalar_or_container(ctx, t, |c, e| c.is_float(e)),
    summary: "floating-point-like",
    buildable: None,
};
pub const BOOL_LIKE: TypeConstraint = TypeConstraint {
    check: |ctx, t| scalar_or_container(ctx, t, |c, e| c.is_signless_integer_of_width(e, 1)),
    summary: "bool-like",
    buildable: None,
};
pub const I1: TypeConstraint = TypeConstraint {
    check: |c, t| c.is_signless_integer_of_width(t, 1),
    summary: "1-bit signless integer",
    buildable: Some(|c| c.i1()),
};
pub const INDEX: TypeConstraint =
    TypeConstraint { check: |c, t| c.is_index(t), summary: "index", buildable: Some(|c| c.index_type()) };

pub const ANY_ATTR: AttrConstraint = AttrConstraint { check: |_, _| true, summary: "any attribute" };
pub const STRING_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| matches!(c.attr_kind(a), AttrKind::String { .. }), summary: "string attribute" };
pub const UNIT_ATTR: AttrConstraint = AttrConstraint { check: |c, a| a == c.unit_attr(), summary: "unit attribute" };
pub const TYPE_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| matches!(c.attr_kind(a), AttrKind::Type(_)), summary: "any type attribute" };
pub const FUNCTION_TYPE_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Type(t) if c.function_signature(*t).is_some()),
    summary: "type attribute of function type",
};
pub const SYMBOL_REF_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::SymbolRef { .. }),
    summary: "symbol reference attribute",
};
pub const FLAT_SYMBOL_REF_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty()),
    summary: "flat symbol reference attribute",
};
pub const ARRAY_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| matches!(c.attr_kind(a), AttrKind::Array(_)), summary: "array attribute" };
pub const DICT_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| match c.attr_kind(a) {
        AttrKind::Array(v) => v.iter().all(|e| matches!(c.attr_kind(*e), AttrKind::Dictionary(_))),
        _ => false,
    },
    summary: "Array of dictionary attributes",
};
pub const TYPED_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| c.attr_type(a).is_some(), summary: "TypedAttr instance" };

pub fn i64_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. } if ctx.is_signless_integer_of_width(*ty, 64))
}
pub const I64_ATTR: AttrConstraint = AttrConstraint { check: i64_attr, summary: "64-bit signless integer attribute" };

pub const DENSE_I32_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 32)),
    summary: "i32 dense array attribute",
};
