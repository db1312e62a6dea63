//! The tx8be op table: one row per operator op of the IR contract
//! (`crates/tx8be/OPS.md`), from which the `OpDef`s are built.
//!
//! Every compute op has the seed's common attributes (`layout_str`,
//! `chip_parallel`, `tile_parallel`, `dev_info`) besides its own, prints as
//! `tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, ...} : (types) -> type`
//! and carries the four interfaces (`crate::interfaces`), looked up through
//! the `OpKind` stored on its definition.

use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::{AttrKind, Attribute, Body, Context, Op};

use super::attrs::{DevAttr, MemScopeMode, ParallelAttr};
use super::values::{dense_float_values, dense_int_values};

/// Which tx8be op an op definition is: the key the interfaces dispatch on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum OpKind {
    Conv,
    Gemm,
    BatchNormInference,
    Softmax,
    LayerNorm,
    Binary,
    Unary,
    Select,
    Cast,
    Reduce,
    Pool,
    Transpose,
    Reshape,
    Concat,
    Slice,
    Gather,
    Pad,
    Resize,
    ChannelNorm,
    Const,
    Group,
    Yield,
    LoadVar,
    LoadConst,
    StoreVar,
}

impl OpKind {
    /// The op name without the `tx8be.` prefix.
    pub fn mnemonic(self) -> &'static str {
        match self {
            OpKind::Conv => "Conv",
            OpKind::Gemm => "Gemm",
            OpKind::BatchNormInference => "BatchNorm_Inference",
            OpKind::Softmax => "Softmax",
            OpKind::LayerNorm => "LayerNorm",
            OpKind::Binary => "Binary",
            OpKind::Unary => "Unary",
            OpKind::Select => "Select",
            OpKind::Cast => "Cast",
            OpKind::Reduce => "Reduce",
            OpKind::Pool => "Pool",
            OpKind::Transpose => "Transpose",
            OpKind::Reshape => "Reshape",
            OpKind::Concat => "Concat",
            OpKind::Slice => "Slice",
            OpKind::Gather => "Gather",
            OpKind::Pad => "Pad",
            OpKind::Resize => "Resize",
            OpKind::ChannelNorm => "ChannelNorm",
            OpKind::Const => "const",
            OpKind::Group => "group",
            OpKind::Yield => "yield",
            OpKind::LoadVar => "load_var",
            OpKind::LoadConst => "load_const",
            OpKind::StoreVar => "store_var",
        }
    }

    /// The full op name, `tx8be.` and the mnemonic: what passes create
    /// ops by (`OpSpec::new(ctx, kind.name(), loc)`).
    pub const fn name(self) -> &'static str {
        match self {
            OpKind::Conv => "tx8be.Conv",
            OpKind::Gemm => "tx8be.Gemm",
            OpKind::BatchNormInference => "tx8be.BatchNorm_Inference",
            OpKind::Softmax => "tx8be.Softmax",
            OpKind::LayerNorm => "tx8be.LayerNorm",
            OpKind::Binary => "tx8be.Binary",
            OpKind::Unary => "tx8be.Unary",
            OpKind::Select => "tx8be.Select",
            OpKind::Cast => "tx8be.Cast",
            OpKind::Reduce => "tx8be.Reduce",
            OpKind::Pool => "tx8be.Pool",
            OpKind::Transpose => "tx8be.Transpose",
            OpKind::Reshape => "tx8be.Reshape",
            OpKind::Concat => "tx8be.Concat",
            OpKind::Slice => "tx8be.Slice",
            OpKind::Gather => "tx8be.Gather",
            OpKind::Pad => "tx8be.Pad",
            OpKind::Resize => "tx8be.Resize",
            OpKind::ChannelNorm => "tx8be.ChannelNorm",
            OpKind::Const => "tx8be.const",
            OpKind::Group => "tx8be.group",
            OpKind::Yield => "tx8be.yield",
            OpKind::LoadVar => "tx8be.load_var",
            OpKind::LoadConst => "tx8be.load_const",
            OpKind::StoreVar => "tx8be.store_var",
        }
    }

    /// The operator-library function (crates/tx8-cmodel/include/tx8.h) the
    /// op maps to; `None` for ops the library has no call for yet (Select,
    /// Cast, Pad, Resize) and for the structural ops.
    pub fn oplib_call(self) -> Option<&'static str> {
        Some(match self {
            OpKind::Conv => "op_conv2d",
            OpKind::Gemm => "op_gemm",
            OpKind::BatchNormInference => "op_batchnorm_inference",
            OpKind::Softmax => "op_softmax",
            OpKind::LayerNorm => "op_layernorm",
            OpKind::Binary => "op_eltwise_binary",
            OpKind::Unary => "op_eltwise_unary",
            OpKind::Reduce => "op_reduce",
            OpKind::Pool => "op_pool2d",
            OpKind::Transpose => "op_transpose",
            OpKind::Reshape => "op_reshape",
            OpKind::Concat => "op_concat",
            OpKind::Slice => "op_slice",
            OpKind::Gather => "op_gather",
            OpKind::ChannelNorm => "op_channel_norm",
            OpKind::LoadVar => "op_dma_load",
            OpKind::LoadConst => "op_load_const",
            OpKind::StoreVar => "op_dma_store",
            OpKind::Select
            | OpKind::Cast
            | OpKind::Pad
            | OpKind::Resize
            | OpKind::Const
            | OpKind::Group
            | OpKind::Yield => return None,
        })
    }

    /// Compute ops: one operator-library call each.
    pub fn is_compute(self) -> bool {
        !matches!(
            self,
            OpKind::Const | OpKind::Group | OpKind::Yield | OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar
        )
    }
}

/// The kind of a tx8be op, `None` for ops of other dialects.
pub fn op_kind(ctx: &Context, body: &Body, op: Op) -> Option<OpKind> {
    ctx.op_def(body.op_name(op))?.interfaces.get::<OpKind>().copied()
}

/// Statically shaped ranked tensors (the contract has no dynamic dims).
pub const TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| c.is_tensor(t) && c.shape(t).is_some_and(|s| s.iter().all(|&d| d >= 0)),
    summary: "statically shaped ranked tensor of any type values",
    buildable: None,
};

/// The attribute kinds tx8be ops use, with ODS's summaries.
pub mod constraint {
    use super::*;

    pub const I64: AttrConstraint = AttrConstraint {
        check: |c, a| matches!(c.attr_kind(a), AttrKind::Integer { ty, .. } if c.is_signless_integer_of_width(*ty, 64)),
        summary: "64-bit signless integer attribute",
    };
    pub const BOOL: AttrConstraint =
        AttrConstraint { check: |c, a| matches!(c.attr_kind(a), AttrKind::Bool(_)), summary: "bool attribute" };
    pub const F32: AttrConstraint = AttrConstraint {
        check: |c, a| matches!(c.attr_kind(a), AttrKind::Float { ty, .. } if *ty == c.f32()),
        summary: "32-bit float attribute",
    };
    pub const STR: AttrConstraint = AttrConstraint {
        check: |c, a| matches!(c.attr_kind(a), AttrKind::String { ty: None, .. }),
        summary: "string attribute",
    };
    pub const I64_ARRAY: AttrConstraint = AttrConstraint {
        check: |c, a| {
            matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 64))
                && dense_int_values(c, a).is_some()
        },
        summary: "i64 dense array attribute",
    };
    pub const F64_ARRAY: AttrConstraint = AttrConstraint {
        check: |c, a| {
            matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if *element == c.f64())
                && dense_float_values(c, a).is_some()
        },
        summary: "f64 dense array attribute",
    };
    pub const PARALLEL: AttrConstraint = AttrConstraint {
        check: |c, a| ParallelAttr::from_attr(c, a).is_some(),
        summary: "Structure of parallel information.",
    };
    pub const DEV: AttrConstraint = AttrConstraint {
        check: |c, a| DevAttr::from_attr(c, a).is_some(),
        summary: "Structure of op parameters on device.",
    };
    pub const MEM_SCOPE: AttrConstraint =
        AttrConstraint { check: |c, a| MemScopeMode::from_attr(c, a).is_some(), summary: "Specify the memory scope" };
    pub const ELEMENTS: AttrConstraint = AttrConstraint {
        check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseElements { .. }),
        summary: "constant vector/tensor attribute",
    };
}

/// How an attribute of an op is declared.
#[derive(Copy, Clone)]
pub enum Presence {
    Required,
    Optional,
    /// Absent means this value (ODS `DefaultValuedAttr`).
    Default(fn(&Context) -> Attribute),
}

pub type AttrRow = (&'static str, AttrConstraint, Presence);

/// How an operand is declared.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Arity {
    One,
    MaybeOne,
    Variadic,
}

/// One row of the op table.
pub struct OpRow {
    pub kind: OpKind,
    pub operands: &'static [(&'static str, Arity)],
    pub attrs: &'static [AttrRow],
    pub summary: &'static str,
}

use constraint as c;
use Arity::*;
use Presence::*;

fn false_attr(ctx: &Context) -> Attribute {
    ctx.bool_attr(false)
}

/// The seed's attributes on every compute op (and `tx8be.const`).
pub const COMMON_ATTRS: &[AttrRow] = &[
    ("layout_str", c::STR, Default(|ctx| ctx.string_attr("Unknown"))),
    ("chip_parallel", c::PARALLEL, Optional),
    ("tile_parallel", c::PARALLEL, Optional),
    ("dev_info", c::DEV, Optional),
];

/// The compute ops of the contract, in its order.
pub const COMPUTE_OPS: &[OpRow] = &[
    OpRow {
        kind: OpKind::Conv,
        operands: &[("input", One), ("weight", One), ("bias", MaybeOne), ("psum", MaybeOne)],
        attrs: &[
            ("strides", c::I64_ARRAY, Required),
            ("pads", c::I64_ARRAY, Required),
            ("dilations", c::I64_ARRAY, Required),
            ("group", c::I64, Required),
            ("activation", c::STR, Optional),
            ("act_lo", c::F32, Optional),
            ("act_hi", c::F32, Optional),
        ],
        summary: "2-D convolution, NHWC input, HWIO weight [KH, KW, C/group, O], optional f32 bias [O], optional psum of the result's type added before the optional post-processing activation (a psum needs a bias) (op_conv2d / op_conv2d_psum)",
    },
    OpRow {
        kind: OpKind::Gemm,
        operands: &[("a", One), ("b", One), ("bias", MaybeOne)],
        attrs: &[
            ("trans_a", c::BOOL, Default(false_attr)),
            ("trans_b", c::BOOL, Default(false_attr)),
            ("activation", c::STR, Optional),
            ("act_lo", c::F32, Optional),
            ("act_hi", c::F32, Optional),
        ],
        summary: "matrix product a [M,K]/[B,M,K] x b [K,N]/[B,K,N] + bias [N], optional post-processing activation (op_gemm)",
    },
    OpRow {
        kind: OpKind::BatchNormInference,
        operands: &[("input", One), ("scale", One), ("offset", One), ("mean", One), ("variance", One)],
        attrs: &[("epsilon", c::F32, Required)],
        summary: "BatchNorm inference over the last (channel) axis (op_batchnorm_inference)",
    },
    OpRow { kind: OpKind::Softmax, operands: &[("input", One)], attrs: &[("axis", c::I64, Required)], summary: "softmax over the last axis (op_softmax)" },
    OpRow {
        kind: OpKind::LayerNorm,
        operands: &[("input", One), ("gamma", One), ("beta", MaybeOne)],
        attrs: &[("epsilon", c::F32, Required), ("axis", c::I64, Required), ("rms", c::BOOL, Default(false_attr))],
        summary: "layer normalization over the last axis, optional f32 beta; rms = true: RMSNorm, no centring (op_layernorm / op_rmsnorm)",
    },
    OpRow {
        kind: OpKind::Binary,
        operands: &[("lhs", One), ("rhs", One)],
        attrs: &[("kind", c::STR, Required)],
        summary: "element-wise binary op with numpy broadcasting (op_eltwise_binary)",
    },
    OpRow {
        kind: OpKind::Unary,
        operands: &[("input", One)],
        attrs: &[("kind", c::STR, Required), ("alpha", c::F32, Optional), ("beta", c::F32, Optional)],
        summary: "element-wise unary op (op_eltwise_unary)",
    },
    OpRow {
        kind: OpKind::Select,
        operands: &[("cond", One), ("on_true", One), ("on_false", One)],
        attrs: &[],
        summary: "cond ? on_true : on_false with numpy broadcasting",
    },
    OpRow { kind: OpKind::Cast, operands: &[("input", One)], attrs: &[], summary: "element type conversion (the result type says the target)" },
    OpRow {
        kind: OpKind::Reduce,
        operands: &[("input", One)],
        attrs: &[("kind", c::STR, Required), ("axes", c::I64_ARRAY, Required), ("keepdims", c::BOOL, Default(false_attr))],
        summary: "reduction (sum, mean, max, min) over axes (op_reduce, one axis per call)",
    },
    OpRow {
        kind: OpKind::Pool,
        operands: &[("input", One)],
        attrs: &[
            ("kind", c::STR, Required),
            ("kernel", c::I64_ARRAY, Required),
            ("strides", c::I64_ARRAY, Required),
            ("pads", c::I64_ARRAY, Required),
            ("count_include_pad", c::BOOL, Default(false_attr)),
        ],
        summary: "2-D max/avg pooling over NHWC (op_pool2d)",
    },
    OpRow { kind: OpKind::Transpose, operands: &[("input", One)], attrs: &[("perm", c::I64_ARRAY, Required)], summary: "axis permutation (op_transpose)" },
    OpRow { kind: OpKind::Reshape, operands: &[("input", One)], attrs: &[], summary: "same elements, the result type's dims (op_reshape)" },
    OpRow { kind: OpKind::Concat, operands: &[("inputs", Variadic)], attrs: &[("axis", c::I64, Required)], summary: "concatenation along axis (op_concat)" },
    OpRow {
        kind: OpKind::Slice,
        operands: &[("input", One)],
        attrs: &[("starts", c::I64_ARRAY, Required), ("limits", c::I64_ARRAY, Required), ("strides", c::I64_ARRAY, Required)],
        summary: "strided box [starts, limits) (op_slice)",
    },
    OpRow {
        kind: OpKind::Gather,
        operands: &[("table", One), ("indices", One)],
        attrs: &[("axis", c::I64, Required)],
        summary: "table entries along axis picked by i32 indices (op_gather)",
    },
    OpRow {
        kind: OpKind::Pad,
        operands: &[("input", One)],
        attrs: &[("pads_low", c::I64_ARRAY, Required), ("pads_high", c::I64_ARRAY, Required), ("interior", c::I64_ARRAY, Optional), ("value", c::F32, Required)],
        summary: "constant padding before/after each dim",
    },
    OpRow {
        kind: OpKind::Resize,
        operands: &[("input", One)],
        attrs: &[
            ("mode", c::STR, Required),
            ("coordinate_mode", c::STR, Required),
            ("scales", c::F64_ARRAY, Required),
            ("nearest_mode", c::STR, Default(|ctx| ctx.string_attr("round_prefer_floor"))),
        ],
        summary: "NHWC resize of H and W (nearest, linear) as ONNX Resize",
    },
    OpRow {
        kind: OpKind::ChannelNorm,
        operands: &[("input", One)],
        attrs: &[("to_blocked", c::BOOL, Required), ("blocked", c::STR, Required)],
        summary: "dense <-> channel-blocked (Cx/NCx) placement change; values unchanged (op_channel_norm)",
    },
];

/// The row of a compute op kind.
pub fn compute_row(kind: OpKind) -> Option<&'static OpRow> {
    COMPUTE_OPS.iter().find(|r| r.kind == kind)
}

/// Adds the declared attributes of `rows` to `def`.
pub(crate) fn with_attrs(mut def: OpDef, rows: &[AttrRow]) -> OpDef {
    for &(name, constraint, presence) in rows {
        def = match presence {
            Required => def.attr(name, constraint),
            Optional => def.optional_attr(name, constraint),
            Default(f) => def.default_attr(name, constraint, f),
        };
    }
    def
}

/// The op definition of a compute op row.
pub(crate) fn compute_op_def(row: &OpRow) -> OpDef {
    let mut def = OpDef::new(&format!("tx8be.{}", row.kind.mnemonic()));
    for &(name, arity) in row.operands {
        def = match arity {
            One => def.operand(name, TENSOR),
            MaybeOne => def.optional_operand(name, TENSOR),
            Variadic => def.variadic_operand(name, TENSOR),
        };
    }
    def = def.result("output", TENSOR).traits(Traits::PURE);
    def = with_attrs(def, row.attrs);
    def = with_attrs(def, COMMON_ATTRS);
    def.format("`(` operands `)` attr-dict `:` functional-type(operands, results)")
        .verifier(super::verify::verify_compute_op)
        .interface(row.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `name` is the dialect's op name: the one each definition is registered under.
    #[test]
    fn names_are_the_registered_ones() {
        let mut ctx = Context::new();
        crate::register(&mut ctx);
        let kinds = COMPUTE_OPS.iter().map(|r| r.kind).chain([
            OpKind::Const,
            OpKind::Group,
            OpKind::Yield,
            OpKind::LoadVar,
            OpKind::LoadConst,
            OpKind::StoreVar,
        ]);
        for k in kinds {
            assert_eq!(k.name(), format!("tx8be.{}", k.mnemonic()));
            let def = ctx.op_def(ctx.op_name(k.name()));
            assert_eq!(def.and_then(|d| d.interfaces.get::<OpKind>().copied()), Some(k), "{}", k.name());
        }
    }

    /// Every call named here exists in the operator library's C header.
    #[test]
    fn oplib_calls_exist_in_the_c_abi() {
        let header = include_str!("../../../tx8-cmodel/include/tx8.h");
        for row in COMPUTE_OPS {
            if let Some(call) = row.kind.oplib_call() {
                assert!(
                    header.contains(&format!("uint64_t {call}(")),
                    "{call} of tx8be.{} is not in tx8.h",
                    row.kind.mnemonic()
                );
            }
        }
        for k in [OpKind::LoadVar, OpKind::LoadConst, OpKind::StoreVar] {
            assert!(header.contains(&format!("uint64_t {}(", k.oplib_call().unwrap())));
        }
    }
}
