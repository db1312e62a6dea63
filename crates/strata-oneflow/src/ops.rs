//! The `oneflow` dialect's ops, as OneFlow prints them (generic form, every
//! attribute in the dictionary).
//!
//! Each op has an entry in `SPECS`: its attributes beyond the common ones
//! (`attrs::BASE_ATTRS`), its operand segments when it has optional
//! operands (`operand_segment_sizes`), and its shape rule
//! (`shape_rules.rs`). One verifier reads the table. All ops are free of
//! memory effects; user ops carry `UserOpCompatible`.

use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{OpDef, Traits, TypeConstraint};
use strata_ir::{Body, Context, Diagnostic, Op};
use strata_rewrite::CanonicalizationPatterns;

use strata_ir::types::Signedness;
use strata_ir::Attribute;

use crate::attrs::{default_valued, opt, req, verify_attrs, with_defaults, AttrSpec, AttrType as T, BASE_ATTRS};
use crate::shape_rules::{self, ShapeRule};
use crate::user_op::USER_OP;

pub const TENSOR: TypeConstraint =
    TypeConstraint { check: |c, t| c.is_tensor(t), summary: "tensor of any type values", buildable: None };

/// How an op's operands are declared: fixed names, then at most one
/// variadic group.
pub enum Operands {
    Fixed(&'static [&'static str]),
    /// Leading fixed operands and a variadic tail.
    Variadic(&'static [&'static str], &'static str),
    /// Operands delimited by `operand_segment_sizes`: (name, optional).
    Segments(&'static [(&'static str, bool)]),
}

pub struct OneFlowOp {
    pub name: &'static str,
    pub operands: Operands,
    pub results: &'static [&'static str],
    pub attrs: &'static [AttrSpec],
    pub shape_rule: Option<ShapeRule>,
    /// A user op (has `UserOpCompatible`); system ops such as `variable`
    /// are not.
    pub user_op: bool,
}

fn si32(ctx: &Context, v: i64) -> Attribute {
    ctx.integer_attr(ctx.integer_type_with(32, Signedness::Signed), v)
}

const CONV_ATTRS: &[AttrSpec] = &[
    default_valued("filters", T::SI32, |c| si32(c, 0)),
    req("padding_before", T::SI32Array),
    req("data_format", T::Str),
    req("kernel_size", T::SI32Array),
    req("strides", T::SI32Array),
    req("dilation_rate", T::SI32Array),
    default_valued("groups", T::SI32, |c| si32(c, 1)),
    default_valued("tuning_cache", T::Str, |c| c.string_attr("")),
    req("operand_segment_sizes", T::DenseI32Array),
];

pub const SPECS: &[OneFlowOp] = &[
    OneFlowOp {
        name: "cast",
        operands: Operands::Fixed(&["in"]),
        results: &["out"],
        attrs: &[req("dtype", T::I32), default_valued("pin_memory", T::Bool, |c| c.bool_attr(false))],
        shape_rule: Some(shape_rules::cast),
        user_op: true,
    },
    OneFlowOp {
        name: "add_n",
        operands: Operands::Variadic(&[], "in"),
        results: &["out"],
        attrs: &[],
        shape_rule: Some(shape_rules::same_types),
        user_op: true,
    },
    OneFlowOp {
        name: "add_n2",
        operands: Operands::Fixed(&["in0", "in1"]),
        results: &["out"],
        attrs: &[],
        shape_rule: Some(shape_rules::same_types),
        user_op: true,
    },
    OneFlowOp {
        name: "broadcast_add",
        operands: Operands::Fixed(&["x", "y"]),
        results: &["z"],
        attrs: &[],
        shape_rule: Some(shape_rules::broadcast),
        user_op: true,
    },
    OneFlowOp {
        name: "transpose",
        operands: Operands::Fixed(&["input"]),
        results: &["output"],
        attrs: &[req("perm", T::SI32Array)],
        shape_rule: Some(shape_rules::transpose),
        user_op: true,
    },
    OneFlowOp {
        name: "conv2d",
        operands: Operands::Segments(&[("in", false), ("weight", false), ("bias", true), ("_add_to_output", true)]),
        results: &["out"],
        attrs: CONV_ATTRS,
        shape_rule: Some(shape_rules::conv2d),
        user_op: true,
    },
    OneFlowOp {
        name: "matmul",
        operands: Operands::Segments(&[("a", false), ("b", false), ("_add_to_output", true)]),
        results: &["out"],
        attrs: &[
            req("transpose_a", T::Bool),
            req("transpose_b", T::Bool),
            default_valued("alpha", T::F64, |c| c.f64_attr(c.f64(), 1.0)),
            req("operand_segment_sizes", T::DenseI32Array),
        ],
        shape_rule: Some(shape_rules::matmul),
        user_op: true,
    },
    OneFlowOp {
        name: "relu",
        operands: Operands::Fixed(&["x"]),
        results: &["y"],
        attrs: &[],
        shape_rule: Some(shape_rules::same_types),
        user_op: true,
    },
    OneFlowOp {
        name: "silu",
        operands: Operands::Fixed(&["in"]),
        results: &["out"],
        attrs: &[],
        shape_rule: Some(shape_rules::same_types),
        user_op: true,
    },
    OneFlowOp {
        name: "group_norm",
        operands: Operands::Segments(&[("x", false), ("gamma", true), ("beta", true)]),
        results: &["y", "mean", "inv_variance"],
        attrs: &[
            req("affine", T::Bool),
            req("num_groups", T::SI32),
            req("epsilon", T::F64),
            opt("data_format", T::Str),
            opt("activation", T::Str),
            req("operand_segment_sizes", T::DenseI32Array),
        ],
        shape_rule: Some(shape_rules::group_norm),
        user_op: true,
    },
    OneFlowOp {
        name: "reshape",
        operands: Operands::Fixed(&["in"]),
        results: &["out"],
        attrs: &[req("shape", T::I64Array)],
        shape_rule: Some(shape_rules::reshape),
        user_op: true,
    },
    OneFlowOp {
        name: "concat",
        operands: Operands::Variadic(&[], "in"),
        results: &["out"],
        attrs: &[req("axis", T::SI64), req("max_dim_size", T::SI64)],
        shape_rule: Some(shape_rules::concat),
        user_op: true,
    },
    OneFlowOp {
        name: "variable",
        operands: Operands::Fixed(&[]),
        results: &["output"],
        attrs: &[
            req("shape", T::I64Array),
            opt("data_type", T::I32),
            opt("model_name", T::Str),
            opt("nd_sbp", T::StrArray),
        ],
        shape_rule: Some(shape_rules::variable),
        user_op: false,
    },
];

fn spec_of(ctx: &Context, body: &Body, op: Op) -> Option<&'static OneFlowOp> {
    let full = ctx.op_name_str(body.op_name(op));
    let short = full.strip_prefix("oneflow.")?;
    SPECS.iter().find(|s| s.name == short)
}

pub(crate) fn err(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

/// The verifier of every oneflow op: attributes, operand segments, shapes.
fn verify_oneflow_op(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(spec) = spec_of(ctx, body, op) else { return Ok(()) };
    verify_attrs(ctx, body, op, BASE_ATTRS)?;
    verify_attrs(ctx, body, op, spec.attrs)?;
    if let Operands::Segments(groups) = spec.operands {
        let sizes =
            crate::attrs::segment_sizes(ctx, body.op_attr(ctx, op, "operand_segment_sizes")).unwrap_or_default();
        if sizes.len() != groups.len() {
            return Err(err(ctx, body, op, format!("'operand_segment_sizes' attribute for specifying operand segments must have {} elements, but got {}", groups.len(), sizes.len())));
        }
        for (&(name, optional), &n) in groups.iter().zip(&sizes) {
            if !(0..=1).contains(&n) || (!optional && n != 1) {
                return Err(err(
                    ctx,
                    body,
                    op,
                    format!(
                        "operand group '{name}' has {n} values in 'operand_segment_sizes', expected {}",
                        if optional { "0 or 1" } else { "1" }
                    ),
                ));
            }
        }
        let total: i64 = sizes.iter().map(|&n| n as i64).sum();
        if total != body.num_operands(op) as i64 {
            return Err(err(ctx, body, op, format!("operand count ({}) does not match with the total size ({total}) specified in attribute 'operand_segment_sizes'", body.num_operands(op))));
        }
    }
    match spec.shape_rule {
        Some(rule) => rule(ctx, body, op),
        None => Ok(()),
    }
}

/// Fills in default-valued attributes when the parser creates an op, as
/// MLIR's `Operation::create` does for dictionary-attribute dialects (the
/// seed's output shows `pin_memory = false` and `tuning_cache = ""` that
/// OneFlow's test input does not spell out).
fn populate_defaults(ctx: &Context, def: &OpDef, attrs: Attribute) -> Attribute {
    let short = def.name.strip_prefix("oneflow.").unwrap_or(&def.name);
    match SPECS.iter().find(|s| s.name == short) {
        Some(spec) => with_defaults(ctx, attrs, spec.attrs),
        None => attrs,
    }
}

fn op_def(spec: &OneFlowOp) -> OpDef {
    let mut def = OpDef::new(&format!("oneflow.{}", spec.name))
        .traits(Traits::NO_MEMORY_EFFECT)
        .verifier(verify_oneflow_op)
        .populate_defaults(populate_defaults);
    match spec.operands {
        Operands::Fixed(names) => {
            for n in names {
                def = def.operand(n, TENSOR);
            }
        }
        Operands::Variadic(fixed, tail) => {
            for n in fixed {
                def = def.operand(n, TENSOR);
            }
            def = def.variadic_operand(tail, TENSOR);
        }
        // The segments are checked by `verify_oneflow_op`: the op
        // definition sees one variadic group, so the attribute keeps
        // OneFlow's `operand_segment_sizes` spelling in the dictionary.
        Operands::Segments(_) => def = def.variadic_operand("operands", TENSOR),
    }
    for r in spec.results {
        def = def.result(r, TENSOR);
    }
    if spec.user_op {
        def = def.interface(USER_OP);
    }
    def
}

/// The `oneflow` dialect.
pub fn dialect() -> DialectDef {
    let mut d = DialectDef::new("oneflow");
    for spec in SPECS {
        let mut def = op_def(spec);
        match spec.name {
            "add_n" => def = def.interface(CanonicalizationPatterns(crate::canonicalize::populate_add_n)),
            "relu" => def = def.folder(crate::canonicalize::fold_idempotent_of_identical_placement),
            _ => {}
        }
        d = d.op(def);
    }
    d
}
