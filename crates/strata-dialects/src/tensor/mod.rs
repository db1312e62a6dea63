//! The core of the `tensor` dialect: `empty`, `cast`, `dim`, `extract`,
//! `insert`, `from_elements`, `reshape`, `expand_shape`, `collapse_shape`,
//! `extract_slice` and `insert_slice`, with mlir-opt 22's syntax; and
//! `bitcast` (`bitcast.rs`) and `concat` (`concat.rs`), each op with its
//! verifier, folds and patterns in its own file.
//!
//! This file holds the op table; `asm.rs` the custom assembly (dynamic
//! index lists, reassociations), `verify.rs` the verifiers, `slice.rs` the
//! offset/size/stride reading shared by the slice ops, `fold.rs` the fold
//! hooks and `canonicalize.rs` / `canonicalize_slice.rs` the patterns.

mod asm;
mod bitcast;
mod canonicalize;
mod canonicalize_slice;
mod concat;
mod fold;
mod slice;
mod verify;

use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::{AttrKind, Body, Context, Op, TypeKind};
use strata_rewrite::CanonicalizationPatterns;

pub(crate) const ANY_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }),
    summary: "tensor of any type values",
    buildable: None,
};
pub(crate) const RANKED_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { .. }),
    summary: "ranked tensor of any type values",
    buildable: None,
};
const NON_0_RANKED_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| match c.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedTensor { .. } => true,
        _ => false,
    },
    summary: "non-0-ranked or unranked tensor",
    buildable: None,
};
const STATIC_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { shape, .. } if shape.iter().all(|&d| d >= 0)),
    summary: "statically shaped tensor of any type values",
    buildable: None,
};
const SHAPE_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| match c.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => {
            shape.len() == 1 && (c.is_signless_integer(*element) || c.is_index(*element))
        }
        _ => false,
    },
    summary: "1D tensor of signless integer or index values",
    buildable: None,
};
const I64_ARRAY: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if *element == c.i64()),
    summary: "i64 dense array attribute",
};
/// ODS `IndexListArrayAttr`: `[[0, 1], [2]]`.
const REASSOCIATION: AttrConstraint = AttrConstraint {
    check: |c, a| {
        c.as_array(a).is_some_and(|groups| {
            groups.iter().all(|g| c.as_array(*g).is_some_and(|g| g.iter().all(|&d| c::i64_attr(c, d))))
        })
    },
    summary: "Array of 64-bit integer array attributes",
};

fn named(name: &'static str) -> fn(&Context, &Body, Op, &mut dyn FnMut(usize, String)) {
    // One function per name: result-name hooks are plain fn pointers.
    match name {
        "cast" => |_, _, _, set| set(0, "cast".into()),
        "dim" => |_, _, _, set| set(0, "dim".into()),
        "extracted" => |_, _, _, set| set(0, "extracted".into()),
        "inserted" => |_, _, _, set| set(0, "inserted".into()),
        "from_elements" => |_, _, _, set| set(0, "from_elements".into()),
        "reshape" => |_, _, _, set| set(0, "reshape".into()),
        "expanded" => |_, _, _, set| set(0, "expanded".into()),
        "collapsed" => |_, _, _, set| set(0, "collapsed".into()),
        "extracted_slice" => |_, _, _, set| set(0, "extracted_slice".into()),
        "inserted_slice" => |_, _, _, set| set(0, "inserted_slice".into()),
        _ => unreachable!("no result name hook for {name}"),
    }
}

/// The offsets, sizes and strides operand groups and their static lists,
/// shared by `extract_slice` and `insert_slice`.
fn with_slice_operands(def: OpDef) -> OpDef {
    def.variadic_operand("offsets", c::INDEX)
        .variadic_operand("sizes", c::INDEX)
        .variadic_operand("strides", c::INDEX)
        .attr("static_offsets", I64_ARRAY)
        .attr("static_sizes", I64_ARRAY)
        .attr("static_strides", I64_ARRAY)
        .attr_sized_operands()
}

pub fn register(ctx: &mut Context) {
    let empty = OpDef::new("tensor.empty")
        .variadic_operand("dynamicSizes", c::INDEX)
        .result("result", RANKED_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_empty, asm::parse_empty)
        .verifier(verify::verify_empty)
        .interface(CanonicalizationPatterns(canonicalize::populate_empty));
    let cast = OpDef::new("tensor.cast")
        .operand("source", ANY_TENSOR)
        .result("dest", ANY_TENSOR)
        .traits(Traits::PURE | Traits::CAST_OP_INTERFACE)
        .custom(asm::print_cast, asm::parse_cast)
        .result_names(named("cast"))
        .verifier(verify::verify_cast)
        .interface(CanonicalizationPatterns(canonicalize::populate_cast));
    let dim = OpDef::new("tensor.dim")
        .operand("source", NON_0_RANKED_TENSOR)
        .operand("index", c::INDEX)
        .result("result", c::INDEX)
        .traits(Traits::PURE)
        .custom(asm::print_dim, asm::parse_dim)
        .result_names(named("dim"))
        .folder(fold::fold_dim)
        .interface(CanonicalizationPatterns(canonicalize::populate_dim));
    let extract = OpDef::new("tensor.extract")
        .operand("tensor", RANKED_TENSOR)
        .variadic_operand("indices", c::INDEX)
        .result("result", c::ANY_TYPE)
        .traits(Traits::PURE)
        .custom(asm::print_extract, asm::parse_extract)
        .result_names(named("extracted"))
        .verifier(verify::verify_extract)
        .folder(fold::fold_extract)
        .interface(CanonicalizationPatterns(canonicalize::populate_extract));
    let insert = OpDef::new("tensor.insert")
        .operand("scalar", c::ANY_TYPE)
        .operand("dest", RANKED_TENSOR)
        .variadic_operand("indices", c::INDEX)
        .result("result", RANKED_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_insert, asm::parse_insert)
        .result_names(named("inserted"))
        .verifier(verify::verify_insert)
        .folder(fold::fold_insert)
        .interface(CanonicalizationPatterns(canonicalize::populate_insert));
    let from_elements = OpDef::new("tensor.from_elements")
        .variadic_operand("elements", c::ANY_TYPE)
        .result("result", STATIC_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_from_elements, asm::parse_from_elements)
        .result_names(named("from_elements"))
        .verifier(verify::verify_from_elements)
        .folder(fold::fold_from_elements);
    let reshape = OpDef::new("tensor.reshape")
        .operand("source", ANY_TENSOR)
        .operand("shape", SHAPE_TENSOR)
        .result("result", ANY_TENSOR)
        .traits(Traits::PURE)
        .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
        .result_names(named("reshape"))
        .verifier(verify::verify_reshape)
        .folder(fold::fold_reshape);
    let expand_shape = OpDef::new("tensor.expand_shape")
        .operand("src", ANY_TENSOR)
        .variadic_operand("output_shape", c::INDEX)
        .attr("reassociation", REASSOCIATION)
        .attr("static_output_shape", I64_ARRAY)
        .result("result", ANY_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_expand_shape, asm::parse_expand_shape)
        .result_names(named("expanded"))
        .verifier(verify::verify_expand_shape)
        .folder(fold::fold_expand_shape)
        .interface(CanonicalizationPatterns(canonicalize::populate_expand_shape));
    let collapse_shape = OpDef::new("tensor.collapse_shape")
        .operand("src", ANY_TENSOR)
        .attr("reassociation", REASSOCIATION)
        .result("result", ANY_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_collapse_shape, asm::parse_collapse_shape)
        .result_names(named("collapsed"))
        .verifier(verify::verify_collapse_shape)
        .folder(fold::fold_collapse_shape)
        .interface(CanonicalizationPatterns(canonicalize::populate_collapse_shape));
    let extract_slice = OpDef::new("tensor.extract_slice")
        .operand("source", RANKED_TENSOR)
        .apply(with_slice_operands)
        .result("result", RANKED_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_extract_slice, asm::parse_extract_slice)
        .result_names(named("extracted_slice"))
        .verifier(verify::verify_extract_slice)
        .folder(fold::fold_extract_slice)
        .interface(CanonicalizationPatterns(canonicalize_slice::populate_extract_slice));
    let insert_slice = OpDef::new("tensor.insert_slice")
        .operand("source", RANKED_TENSOR)
        .operand("dest", RANKED_TENSOR)
        .apply(with_slice_operands)
        .result("result", RANKED_TENSOR)
        .traits(Traits::PURE)
        .custom(asm::print_insert_slice, asm::parse_insert_slice)
        .result_names(named("inserted_slice"))
        .verifier(verify::verify_insert_slice)
        .folder(fold::fold_insert_slice)
        .interface(CanonicalizationPatterns(canonicalize_slice::populate_insert_slice));
    ctx.register_dialect(
        DialectDef::new("tensor")
            // Every tensor op may be inlined (MLIR's TensorInlinerInterface).
            .interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL)
            .op(empty)
            .op(cast)
            .op(dim)
            .op(extract)
            .op(insert)
            .op(from_elements)
            .op(reshape)
            .op(expand_shape)
            .op(collapse_shape)
            .op(extract_slice)
            .op(insert_slice)
            .op(bitcast::op())
            .op(concat::op())
            .materializer(fold::materialize),
    );
}
