//! The structural tx8be ops: weights (`tx8be.const`), the region op
//! `tx8be.group` with its terminator `tx8be.yield`, and the data movement
//! between DDR and SPM at group boundaries (`tx8be.load_var`,
//! `tx8be.load_const`, `tx8be.store_var`).

use strata_ir::opdef::{OpDef, Traits};
use strata_ir::{Attribute, Context, Str, Type};

use super::ops::{constraint as c, with_attrs, AttrRow, OpKind, Presence, COMMON_ATTRS, TENSOR};

const ANY: strata_ir::opdef::TypeConstraint =
    strata_ir::opdef::TypeConstraint { check: |_, _| true, summary: "any type", buildable: None };

fn infer_const(
    ctx: &Context,
    attrs: &[(Str, Attribute)],
    _: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let v = attrs.iter().find(|(n, _)| ctx.str(*n) == "value").map(|e| e.1).ok_or("missing value")?;
    let t = ctx.attr_type(v).ok_or("value must be a typed attribute")?;
    res[0] = Some(vec![t]);
    Ok(())
}

/// `%w = tx8be.const {ddr_addr = 4096 : i64} dense<...> : tensor<...>`.
pub(crate) fn const_def() -> OpDef {
    let def = OpDef::new("tx8be.const").result("output", TENSOR).traits(Traits::PURE | Traits::CONSTANT_LIKE);
    // `const_map_id`: the constant's id in the compilation's constant store
    // (tx8be-move-constant); its `dev_info` `mem_layout` is the placement its
    // bytes are rearranged into in `weights.bin`.
    let def = with_attrs(
        def,
        &[
            ("value", c::ELEMENTS, Presence::Required),
            ("ddr_addr", c::I64, Presence::Optional),
            ("const_map_id", c::I64, Presence::Optional),
        ],
    );
    with_attrs(def, COMMON_ATTRS)
        .format("attr-dict $value")
        .infer(infer_const)
        .verifier(super::verify::verify_const)
        .interface(OpKind::Const)
}

/// `%r = tx8be.group -> tensor<...> attributes {group_id = 0 : i64} { ... tx8be.yield %x : tensor<...> }`:
/// one block, not isolated from above (the body uses values defined outside).
pub(crate) fn group_def() -> OpDef {
    let def = OpDef::new("tx8be.group")
        .variadic_result("outputs", TENSOR)
        .region("body")
        .traits(Traits::SINGLE_BLOCK | Traits::RECURSIVE_MEMORY_EFFECTS);
    let def = with_attrs(
        def,
        &[
            ("group_id", c::I64, Presence::Required),
            ("group_tag", c::I64, Presence::Default(|ctx| ctx.integer_attr(ctx.i64(), 0))),
        ],
    );
    def.format("(`->` type(results)^)? attr-dict-with-keyword $body")
        .verifier(super::verify::verify_group)
        .interface(OpKind::Group)
}

pub(crate) fn yield_def() -> OpDef {
    OpDef::new("tx8be.yield")
        .variadic_operand("operands", ANY)
        .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
        .parent("tx8be.group")
        .format("attr-dict ($operands^ `:` type($operands))?")
        .parent_verifier(super::verify::verify_yield)
        .interface(OpKind::Yield)
}

const MOVE_ATTRS: &[AttrRow] =
    &[("dev_info", c::DEV, Presence::Optional), ("mem_scope", c::MEM_SCOPE, Presence::Optional)];

/// `load_var` / `load_const` (DDR -> SPM) and `store_var` (SPM -> DDR, with `ddr_addr`).
pub(crate) fn move_def(kind: OpKind) -> OpDef {
    let mut def = OpDef::new(&format!("tx8be.{}", kind.mnemonic()))
        .operand("input", TENSOR)
        .result("output", TENSOR)
        .traits(Traits::SAME_OPERANDS_AND_RESULT_TYPE);
    def = with_attrs(def, MOVE_ATTRS);
    if kind == OpKind::StoreVar {
        def = with_attrs(def, &[("ddr_addr", c::I64, Presence::Optional)]);
    }
    if kind == OpKind::LoadConst {
        // The seed's LoadConstOp: which constant (`const_map_id`), and
        // `bypasscodegen` when no user loads it (it reads the DDR copy itself).
        def = with_attrs(
            def,
            &[("const_map_id", c::I64, Presence::Optional), ("bypasscodegen", c::BOOL, Presence::Optional)],
        );
    }
    if matches!(kind, OpKind::LoadVar | OpKind::LoadConst) {
        def = def.verifier(super::verify::verify_load);
    }
    def.format("$input attr-dict `:` type($output)").interface(kind)
}

/// The values a load's `share` attribute may take (how `tx8be-sharding`
/// says the tiles share it: before the steps, `tx8be::schedule::shares::Share`;
/// at every step, `tx8be_transforms::stream_share`).
pub const LOAD_SHARES: &[&str] = &["broadcast", "broadcast_row", "broadcast_column", "stream_row", "stream_column"];
