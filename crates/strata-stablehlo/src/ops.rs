//! The op definitions of the `stablehlo` and `chlo` dialects: operands,
//! attributes (inherent, so the generic form prints them as properties
//! `<{...}>` as stablehlo-opt does), traits, verifiers (`verify.rs`) and
//! assembly: StableHLO's declarative formats where they fit the format
//! language, the hand-written ones of `asm.rs` otherwise. Ops StableHLO
//! prints generically (batch_norm_inference, reduce_window,
//! torch_index_select) have no assembly here either.

use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::AttrKind;

use crate::asm;
use crate::attrs;
use crate::verify;

/// Elementwise binary ops of the subset (operands `lhs`, `rhs`).
pub const BINARY: [&str; 11] =
    ["add", "subtract", "multiply", "divide", "power", "maximum", "minimum", "remainder", "and", "or", "xor"];
/// Binary ops whose operands commute (also the ops a reduce may print as
/// `applies`).
pub const COMMUTATIVE_BINARY: [&str; 7] = ["add", "multiply", "maximum", "minimum", "and", "or", "xor"];
/// Elementwise unary ops of the subset (operand `operand`).
pub const UNARY: [&str; 16] = [
    "abs",
    "negate",
    "sqrt",
    "rsqrt",
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "tanh",
    "logistic",
    "floor",
    "ceil",
    "sign",
    "not",
    "sine",
    "cosine",
];

pub const TENSOR: TypeConstraint =
    TypeConstraint { check: |c, t| c.is_tensor(t), summary: "tensor of any type values", buildable: None };
const PRED_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| c.is_tensor(t) && c.element_type(t).is_some_and(|e| c.is_signless_integer_of_width(e, 1)),
    summary: "tensor of pred (AKA boolean or 1-bit integer) values",
    buildable: None,
};

const I64_ARRAY: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 64)),
    summary: "i64 dense array attribute",
};
const BOOL_ARRAY: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 1)),
    summary: "i1 dense array attribute",
};
const I64_ELEMENTS: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseElements { ty, .. } if c.element_type(*ty).is_some_and(|e| c.is_signless_integer_of_width(e, 64))),
    summary: "64-bit signless integer elements attribute",
};
const ELEMENTS: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }),
    summary: "constant vector/tensor attribute",
};
const F32_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Float { ty, .. } if *ty == c.f32()),
    summary: "32-bit float attribute",
};
const I32_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Integer { ty, .. } if c.is_signless_integer_of_width(*ty, 32)),
    summary: "32-bit signless integer attribute",
};
const DICT_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Dictionary(_)),
    summary: "dictionary of named attribute values",
};
const CONV_DIMS: AttrConstraint = AttrConstraint {
    check: |c, a| attrs::read_conv_dims(c, a).is_some(),
    summary: "Structure of dimension information for conv op",
};
const DOT_DIMS: AttrConstraint = AttrConstraint {
    check: |c, a| attrs::read_dot_dims(c, a).is_some(),
    summary: "Attribute that models the dimension information for dot.",
};
const DIRECTION: AttrConstraint = AttrConstraint {
    check: |c, a| attrs::read_comparison_direction(c, a).is_some(),
    summary: "Which comparison operation to perform.",
};
const COMPARE_TYPE: AttrConstraint = AttrConstraint {
    check: |c, a| attrs::read_comparison_type(c, a).is_some(),
    summary: "Which comparison type to use.",
};
const PRECISION_CONFIG: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_array(a).is_some_and(|xs| xs.iter().all(|&x| attrs::read_precision(c, x).is_some())),
    summary: "Precision Config attribute",
};

fn pure(name: &str) -> OpDef {
    OpDef::new(name).traits(Traits::PURE)
}

fn array_attr(d: OpDef, name: &'static str) -> OpDef {
    d.attr(name, I64_ARRAY).short_form(asm::print_i64_array_short, asm::parse_i64_array_short)
}

fn same_type_asm(d: OpDef) -> OpDef {
    d.custom(asm::print_same_type_op, asm::parse_same_type_op)
}

fn stablehlo_ops() -> Vec<OpDef> {
    let mut v = vec![];
    v.push(
        pure("stablehlo.constant")
            .attr("value", ELEMENTS)
            .result("output", TENSOR)
            .traits(Traits::CONSTANT_LIKE)
            .custom(asm::print_constant, asm::parse_constant)
            .result_names(asm::constant_names)
            .verifier(verify::constant),
    );
    for n in BINARY {
        let mut d = pure(&format!("stablehlo.{n}"))
            .operand("lhs", TENSOR)
            .operand("rhs", TENSOR)
            .result("result", TENSOR)
            .traits(Traits::ELEMENTWISE | Traits::SAME_OPERANDS_AND_RESULT_SHAPE)
            .apply(same_type_asm)
            .verifier(verify::elementwise);
        if COMMUTATIVE_BINARY.contains(&n) {
            d = d.traits(Traits::COMMUTATIVE);
        }
        v.push(d);
    }
    for n in UNARY {
        v.push(
            pure(&format!("stablehlo.{n}"))
                .operand("operand", TENSOR)
                .result("result", TENSOR)
                .traits(Traits::ELEMENTWISE | Traits::SAME_OPERANDS_AND_RESULT_SHAPE)
                .apply(same_type_asm)
                .verifier(verify::elementwise),
        );
    }
    v.push(
        pure("stablehlo.compare")
            .attr("comparison_direction", DIRECTION)
            .optional_attr("compare_type", COMPARE_TYPE)
            .operand("lhs", TENSOR)
            .operand("rhs", TENSOR)
            .result("result", PRED_TENSOR)
            .traits(Traits::ELEMENTWISE | Traits::SAME_OPERANDS_AND_RESULT_SHAPE)
            .custom(asm::print_compare, asm::parse_compare)
            .verifier(verify::compare),
    );
    v.push(
        pure("stablehlo.select")
            .operand("pred", PRED_TENSOR)
            .operand("on_true", TENSOR)
            .operand("on_false", TENSOR)
            .result("result", TENSOR)
            .custom(asm::print_select, asm::parse_select)
            .verifier(verify::select),
    );
    v.push(
        pure("stablehlo.clamp")
            .operand("min", TENSOR)
            .operand("operand", TENSOR)
            .operand("max", TENSOR)
            .result("result", TENSOR)
            .apply(same_type_asm)
            .verifier(verify::clamp),
    );
    v.push(
        pure("stablehlo.convert")
            .operand("operand", TENSOR)
            .result("result", TENSOR)
            .traits(Traits::ELEMENTWISE | Traits::SAME_OPERANDS_AND_RESULT_SHAPE)
            .apply(same_type_asm)
            .verifier(verify::elementwise),
    );
    v.push(
        pure("stablehlo.reshape")
            .operand("operand", TENSOR)
            .result("result", TENSOR)
            .format("operands attr-dict `:` functional-type(operands, results)")
            .verifier(verify::reshape),
    );
    v.push(
        pure("stablehlo.broadcast_in_dim")
            .operand("operand", TENSOR)
            .result("result", TENSOR)
            .apply(|d| array_attr(d, "broadcast_dimensions"))
            .format("$operand `,` `dims` `=` $broadcast_dimensions attr-dict `:` functional-type(operands, results)")
            .verifier(verify::broadcast_in_dim),
    );
    v.push(
        pure("stablehlo.transpose")
            .operand("operand", TENSOR)
            .result("result", TENSOR)
            .apply(|d| array_attr(d, "permutation"))
            .format("$operand `,` `dims` `=` $permutation attr-dict `:` functional-type(operands, results)")
            .verifier(verify::transpose),
    );
    v.push(
        pure("stablehlo.concatenate")
            .variadic_operand("inputs", TENSOR)
            .attr("dimension", c::I64_ATTR)
            .result("result", TENSOR)
            .custom(asm::print_concatenate, asm::parse_concatenate)
            .verifier(verify::concatenate),
    );
    v.push(
        pure("stablehlo.slice")
            .operand("operand", TENSOR)
            .attr("start_indices", I64_ARRAY)
            .attr("limit_indices", I64_ARRAY)
            .attr("strides", I64_ARRAY)
            .result("result", TENSOR)
            .custom(asm::print_slice, asm::parse_slice)
            .verifier(verify::slice),
    );
    v.push(
        pure("stablehlo.pad")
            .operand("operand", TENSOR)
            .operand("padding_value", TENSOR)
            .result("result", TENSOR)
            .apply(|d| array_attr(d, "edge_padding_low"))
            .apply(|d| array_attr(d, "edge_padding_high"))
            .apply(|d| array_attr(d, "interior_padding"))
            .format("$operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding attr-dict `:` functional-type(operands, results)")
            .verifier(verify::pad),
    );
    v.push(
        pure("stablehlo.dot_general")
            .operand("lhs", TENSOR)
            .operand("rhs", TENSOR)
            .attr("dot_dimension_numbers", DOT_DIMS)
            .optional_attr("precision_config", PRECISION_CONFIG)
            .result("result", TENSOR)
            .custom(asm::print_dot_general, asm::parse_dot_general)
            .verifier(verify::dot_general),
    );
    v.push(
        pure("stablehlo.convolution")
            .operand("lhs", TENSOR)
            .operand("rhs", TENSOR)
            .optional_attr("window_strides", I64_ARRAY)
            .optional_attr("padding", I64_ELEMENTS)
            .optional_attr("lhs_dilation", I64_ARRAY)
            .optional_attr("rhs_dilation", I64_ARRAY)
            .optional_attr("window_reversal", BOOL_ARRAY)
            .attr("dimension_numbers", CONV_DIMS)
            .attr("feature_group_count", c::I64_ATTR)
            .attr("batch_group_count", c::I64_ATTR)
            .optional_attr("precision_config", PRECISION_CONFIG)
            .result("result", TENSOR)
            .custom(asm::print_convolution, asm::parse_convolution)
            .verifier(verify::convolution),
    );
    v.push(
        pure("stablehlo.batch_norm_inference")
            .operand("operand", TENSOR)
            .operand("scale", TENSOR)
            .operand("offset", TENSOR)
            .operand("mean", TENSOR)
            .operand("variance", TENSOR)
            .attr("epsilon", F32_ATTR)
            .attr("feature_index", c::I64_ATTR)
            .result("result", TENSOR)
            .verifier(verify::batch_norm_inference),
    );
    v.push(
        OpDef::new("stablehlo.reduce")
            .variadic_operand("inputs", TENSOR)
            .attr("dimensions", I64_ARRAY)
            .variadic_result("results", TENSOR)
            .region("body")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS | Traits::SINGLE_BLOCK)
            .custom(asm::print_reduce, asm::parse_reduce)
            .verifier(verify::reduce),
    );
    v.push(
        OpDef::new("stablehlo.reduce_window")
            .variadic_operand("inputs", TENSOR)
            .attr("window_dimensions", I64_ARRAY)
            .optional_attr("window_strides", I64_ARRAY)
            .optional_attr("base_dilations", I64_ARRAY)
            .optional_attr("window_dilations", I64_ARRAY)
            .optional_attr("padding", I64_ELEMENTS)
            .variadic_result("results", TENSOR)
            .region("body")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS | Traits::SINGLE_BLOCK)
            .verifier(verify::reduce_window),
    );
    v.push(
        pure("stablehlo.torch_index_select")
            .operand("operand", TENSOR)
            .operand("index", TENSOR)
            .attr("dim", c::I64_ATTR)
            .attr("batch_dims", c::I64_ATTR)
            .result("result", TENSOR)
            .verifier(verify::torch_index_select),
    );
    v.push(
        pure("stablehlo.iota")
            .attr("iota_dimension", c::I64_ATTR)
            .short_form(asm::print_i64_short, asm::parse_i64_short)
            .result("output", TENSOR)
            .format("`dim` `=` $iota_dimension attr-dict `:` type($output)")
            .verifier(verify::iota),
    );
    v.push(
        OpDef::new("stablehlo.composite")
            .variadic_operand("inputs", c::ANY_TYPE)
            .attr("name", c::STRING_ATTR)
            .optional_attr("composite_attributes", DICT_ATTR)
            .attr("decomposition", c::FLAT_SYMBOL_REF_ATTR)
            .optional_attr("version", I32_ATTR)
            .variadic_result("results", c::ANY_TYPE)
            .format("$name $inputs attr-dict `:` functional-type(operands, results)")
            .verifier(verify::composite)
            .interface(verify::COMPOSITE_SYMBOL_USES),
    );
    v.push(
        pure("stablehlo.return")
            .variadic_operand("results", c::ANY_TYPE)
            .traits(Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
            .custom(asm::print_return, asm::parse_return),
    );
    v
}

/// The `stablehlo` dialect: ops, attribute syntax, folds, materializer.
pub fn stablehlo_dialect() -> DialectDef {
    // Every op may be inlined (StableHLO's inliner interface allows all),
    // so `-inline` flattens the private functions JAX calls.
    let mut d =
        DialectDef::new("stablehlo").interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL);
    d.parse_attr = Some(attrs::parse_stablehlo_attr);
    d.print_attr = Some(attrs::print_stablehlo_attr);
    for def in stablehlo_ops() {
        let def = crate::fold::with_folds(def);
        d = d.op(def);
    }
    d = d.materializer(crate::fold::materialize);
    d
}

/// The `chlo` dialect: only `chlo.erf`, `chlo.erfc` (JAX's exact
/// `jax.nn.gelu` uses erfc) and `chlo.square` (JAX's variance), as CHLO prints them
/// (`chlo.erf %x : tensor<4xf32> -> tensor<4xf32>`).
pub fn chlo_dialect() -> DialectDef {
    let unary = |name| {
        pure(name)
            .operand("operand", TENSOR)
            .result("result", TENSOR)
            .traits(Traits::ELEMENTWISE | Traits::SAME_OPERANDS_AND_RESULT_SHAPE)
            .format("$operand attr-dict `:` type($operand) `->` type($result)")
            .verifier(verify::elementwise)
    };
    DialectDef::new("chlo")
        .interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL)
        .op(unary("chlo.erf"))
        .op(unary("chlo.erfc"))
        .op(unary("chlo.square"))
}
