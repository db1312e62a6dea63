//! The subset of MLIR's `llvm` dialect that lowering func/arith/cf/memref
//! (and Toy's `toy.print`) produces, with mlir-opt 22's pretty syntax so
//! that mlir-opt re-prints Strata's output unchanged, and upstream's
//! properties (names, encodings, defaults: `enums.rs`), so that the generic
//! form is mlir-opt's. `register` adds the ops and the dialect's type hooks
//! to a context.

pub mod arith;
pub mod asm;
pub mod enums;
pub mod fastmath;
pub mod fold;
pub mod func;
pub mod inliner;
pub mod intrinsics;
pub mod memory;
pub mod switch;
pub mod types;
pub mod values;

use strata_ir::asm_format::operand_groups;
use strata_ir::branch::{dense_i32_array, dense_i32_values, BranchOpInterface, ALL_OPERANDS_TO_SUCCESSOR};
use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{AttrConstraint, DerivedProps, OpDef, Traits, TypeConstraint};
use strata_ir::{Body, Context, Diagnostic, Op, Value};

const PTR: TypeConstraint =
    TypeConstraint { check: types::is_ptr, summary: "LLVM pointer type", buildable: Some(types::ptr_type) };
const LLVM_VALUE: TypeConstraint =
    TypeConstraint { check: types::is_compatible, summary: "LLVM dialect-compatible type", buildable: None };
const DENSE_I32: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), strata_ir::AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 32)),
    summary: "i32 dense array attribute",
};
const DENSE_I64: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), strata_ir::AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 64)),
    summary: "i64 dense array attribute",
};
const INT_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| c.as_integer(a).is_some(), summary: "integer attribute" };
const LLVM_FUNC_TYPE_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_type(a).is_some_and(|t| matches!(types::llvm_type(c, t), Some(types::LlvmType::Func { .. }))),
    summary: "type attribute of an LLVM function type",
};
const I64_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_integer(a).is_some() && c.attr_type(a) == Some(c.i64()),
    summary: "64-bit signless integer attribute",
};
const I32_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_integer(a).is_some() && c.attr_type(a) == Some(c.i32()),
    summary: "32-bit signless integer attribute",
};
const LINKAGE_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| enums::is_keyword_attr(c, a, "linkage"), summary: "LLVM Linkage specification" };
const CCONV_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| enums::is_keyword_attr(c, a, "cconv"),
    summary: "LLVM Calling Convention specification",
};
const TAIL_CALL_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| enums::is_keyword_attr(c, a, "tailcallkind"),
    summary: "LLVM Calling Convention Tail Call Kind",
};
const ICMP_PREDICATE: AttrConstraint = AttrConstraint {
    check: |c, a| c.attr_type(a) == Some(c.i64()) && c.as_integer(a).is_some_and(|v| (0..10).contains(&v.to_i64())),
    summary: "llvm.icmp comparison predicate",
};
const FCMP_PREDICATE: AttrConstraint = AttrConstraint {
    check: |c, a| c.attr_type(a) == Some(c.i64()) && c.as_integer(a).is_some_and(|v| (0..16).contains(&v.to_i64())),
    summary: "llvm.fcmp comparison predicate",
};
const FASTMATH_ATTR: AttrConstraint =
    AttrConstraint { check: |c, a| fastmath::fastmath_bits(c, a).is_some(), summary: "LLVM fastmath flags" };
/// A comparison's result: `i1`, or a vector of `i1` for vector operands.
const I1_OR_VECTOR: TypeConstraint = TypeConstraint {
    check: |c, t| c.is_signless_integer_of_width(c.element_type_or_self(t), 1) && (!c.is_shaped(t) || c.is_vector(t)),
    summary: "1-bit signless integer or vector of 1-bit signless integers",
    buildable: None,
};
const INTEGER: TypeConstraint =
    TypeConstraint { check: |c, t| c.is_signless_integer(t), summary: "signless integer", buildable: None };

/// The operands `op` passes to successor `succ` match the block's arguments.
fn check_successor(ctx: &Context, body: &Body, op: Op, succ: usize, values: &[Value]) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op));
    let args = body.block_args(body.successors(op)[succ]);
    if args.len() != values.len() || values.iter().zip(args).any(|(&v, &a)| body.value_type(v) != body.value_type(a)) {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op operands of successor #{succ} do not match the block's arguments"),
        ));
    }
    Ok(())
}

fn verify_br(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    check_successor(ctx, body, op, 0, &body.operand_vec(op))
}

fn verify_cond_br(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let def = ctx.op_def(body.op_name(op)).unwrap().clone();
    let groups = operand_groups(ctx, &def, body, op);
    let vals = body.operand_vec(op);
    check_successor(ctx, body, op, 0, &vals[groups[1].clone()])?;
    check_successor(ctx, body, op, 1, &vals[groups[2].clone()])
}

const COND_BR_BRANCH: BranchOpInterface = BranchOpInterface {
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
        strata_ir::branch::remove_operand(body, op, range.start + idx);
        strata_ir::branch::adjust_segment(ctx, body, op, "operandSegmentSizes", 1 + succ, -1);
    },
    append_successor_operand: |ctx, body, op, succ, v| {
        let range = (COND_BR_BRANCH.successor_operands)(ctx, body, op, succ);
        strata_ir::branch::insert_operand(body, op, range.end, v);
        strata_ir::branch::adjust_segment(ctx, body, op, "operandSegmentSizes", 1 + succ, 1);
    },
};

/// `llvm.call`'s operands are its callee operands: the operand bundle group
/// upstream also has is always empty here (`op_bundle_sizes` is refused
/// unless empty).
const CALL_SEGMENTS: DerivedProps = DerivedProps {
    names: &["operandSegmentSizes"],
    compute: |ctx, body, op| vec![("operandSegmentSizes", dense_i32_array(ctx, &[body.num_operands(op) as i32, 0]))],
    accept: |ctx, _, value, n| {
        if dense_i32_values(ctx, Some(value)) == [n as i32, 0] {
            Ok(())
        } else {
            Err(format!("operandSegmentSizes must be [{n}, 0]: operand bundles are not supported"))
        }
    },
};

/// Properties Strata keeps but does not act on must hold their defaults:
/// an op that needs another value (an atomic ordering, a calling
/// convention other than `ccc`, ...) is refused rather than mistranslated.
/// (`unnamed_addr` is optional upstream; the custom parsers write 0.)
const UNSUPPORTED_UNLESS_DEFAULT: [(&str, fn(&Context) -> strata_ir::Attribute); 7] = [
    ("CConv", enums::default_cconv),
    ("TailCallKind", enums::default_tail_call_kind),
    ("op_bundle_sizes", |c| dense_i32_array(c, &[])),
    ("ordering", enums::zero_i64),
    ("unnamed_addr", enums::zero_i64),
    ("visibility_", enums::zero_i64),
    ("addr_space", enums::zero_i32),
];

pub(crate) fn verify_supported(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op));
    for (prop, default) in UNSUPPORTED_UNLESS_DEFAULT {
        let Some(v) = body.op_attr(ctx, op, prop) else { continue };
        if v != default(ctx) {
            let text = strata_ir::printer::attr_to_string(ctx, v);
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("'{name}' op {prop} = {text} is not supported by Strata"),
            ));
        }
    }
    Ok(())
}

fn custom(name: &str, print: strata_ir::printer::CustomPrintFn, parse: strata_ir::parser::CustomParseFn) -> OpDef {
    OpDef::new(name).custom(print, parse)
}

pub fn register(ctx: &mut Context) {
    // Properties of attribute classes that MLIR's property conversion checks
    // on reading the generic form (a bad value is an "invalid properties"
    // error there, not a verifier one).
    let mut d = DialectDef::new("llvm").interface(strata_ir::dialect::ClassCheckedProperties(&[
        "predicate",
        "linkage",
        "CConv",
        "TailCallKind",
        "fastmathFlags",
    ]));
    d.parse_type = Some(types::parse_llvm_type);
    d.print_type = Some(types::print_llvm_type);
    d.parse_attr = Some(fastmath::parse_llvm_attr);
    d.print_attr = Some(fastmath::print_llvm_attr);
    d = d.materializer(fold::materialize).interface(inliner::LLVM_INLINER);
    d = d
        .op(custom("llvm.func", func::print_func, func::parse_func)
            .attr("sym_name", c::STRING_ATTR)
            .attr("function_type", LLVM_FUNC_TYPE_ATTR)
            .default_attr("linkage", LINKAGE_ATTR, enums::default_linkage)
            .default_attr("CConv", CCONV_ATTR, enums::default_cconv)
            .optional_attr("unnamed_addr", I64_ATTR)
            .default_attr("visibility_", I64_ATTR, enums::zero_i64)
            .optional_attr("sym_visibility", c::STRING_ATTR)
            .region("body")
            .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::AFFINE_SCOPE)
            .interface(func::FUNC_CALLABLE)
            .verifier(func::verify_func))
        .op(custom("llvm.return", func::print_return, func::parse_return)
            .variadic_operand("arg", LLVM_VALUE)
            .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
            .parent("llvm.func")
            .parent_verifier(func::verify_return))
        .op(custom("llvm.call", func::print_call, func::parse_call)
            .attr("callee", c::FLAT_SYMBOL_REF_ATTR)
            .optional_attr("var_callee_type", LLVM_FUNC_TYPE_ATTR)
            .default_attr("CConv", CCONV_ATTR, enums::default_cconv)
            .default_attr("TailCallKind", TAIL_CALL_ATTR, enums::default_tail_call_kind)
            .default_attr("fastmathFlags", FASTMATH_ATTR, fastmath::default_fastmath)
            .default_attr("op_bundle_sizes", DENSE_I32, |c| dense_i32_array(c, &[]))
            .derived_props(CALL_SEGMENTS)
            .variadic_operand("callee_operands", LLVM_VALUE)
            .variadic_result("result", LLVM_VALUE)
            .interface(func::CALL)
            .verifier(func::verify_call))
        .op(OpDef::new("llvm.br")
            .variadic_operand("destOperands", LLVM_VALUE)
            .successor("dest")
            .traits(Traits::PURE | Traits::IS_TERMINATOR)
            .format("$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict")
            .verifier(verify_br)
            .interface(ALL_OPERANDS_TO_SUCCESSOR))
        .op(OpDef::new("llvm.cond_br")
            .operand("condition", c::I1)
            .variadic_operand("trueDestOperands", LLVM_VALUE)
            .variadic_operand("falseDestOperands", LLVM_VALUE)
            .successor("trueDest")
            .successor("falseDest")
            .attr_sized_operands()
            .traits(Traits::PURE | Traits::IS_TERMINATOR)
            .format("$condition `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict")
            .verifier(verify_cond_br)
            .interface(COND_BR_BRANCH))
        .op(custom("llvm.switch", switch::print_switch, switch::parse_switch)
            .operand("value", INTEGER)
            .variadic_operand("defaultOperands", LLVM_VALUE)
            .variadic_operand("caseOperands", LLVM_VALUE)
            .optional_attr("case_values", c::ANY_ATTR)
            .attr("case_operand_segments", DENSE_I32)
            .successor("defaultDestination")
            .variadic_successor("caseDestinations")
            .attr_sized_operands()
            .traits(Traits::PURE | Traits::IS_TERMINATOR)
            .verifier(switch::verify_switch)
            .interface(switch::SWITCH_BRANCH))
        // No custom form upstream either: mlir-opt prints it generically.
        .op(OpDef::new("llvm.intr.uadd.with.overflow")
            .operand("a", INTEGER)
            .operand("b", INTEGER)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE))
        .op(OpDef::new("llvm.unreachable").traits(Traits::IS_TERMINATOR).format("attr-dict"))
        .op(custom("llvm.alloca", memory::print_alloca, memory::parse_alloca)
            .attr("elem_type", c::TYPE_ATTR)
            .optional_attr("alignment", INT_ATTR)
            .operand("arraySize", INTEGER)
            .result("res", PTR)
            .effects(memory::alloca_effects))
        .op(custom("llvm.load", memory::print_load, memory::parse_load)
            .optional_attr("alignment", INT_ATTR)
            .optional_attr(memory::VOLATILE, c::UNIT_ATTR)
            .default_attr("ordering", I64_ATTR, enums::zero_i64)
            .effects(memory::load_effects)
            .operand("addr", PTR)
            .result("res", LLVM_VALUE)
            .verifier(verify_supported))
        .op(custom("llvm.store", memory::print_store, memory::parse_store)
            .optional_attr("alignment", INT_ATTR)
            .optional_attr(memory::VOLATILE, c::UNIT_ATTR)
            .default_attr("ordering", I64_ATTR, enums::zero_i64)
            .effects(memory::store_effects)
            .operand("value", LLVM_VALUE)
            .operand("addr", PTR)
            .verifier(verify_supported))
        .op(custom("llvm.getelementptr", memory::print_gep, memory::parse_gep)
            .attr("rawConstantIndices", DENSE_I32)
            .attr("elem_type", c::TYPE_ATTR)
            .default_attr("noWrapFlags", I32_ATTR, enums::zero_i32)
            .verifier(memory::verify_gep)
            .folder(fold::fold_gep)
            .operand("base", PTR)
            .variadic_operand("dynamicIndices", INTEGER)
            .result("res", PTR)
            .traits(Traits::PURE))
        .op(custom("llvm.mlir.addressof", memory::print_addressof, memory::parse_addressof)
            .attr("global_name", c::FLAT_SYMBOL_REF_ATTR)
            .result("res", PTR)
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .constant(fold::addressof_value)
            .folder(fold::fold_constant_like))
        .op(custom("llvm.mlir.global", memory::print_global, memory::parse_global)
            .attr("sym_name", c::STRING_ATTR)
            .attr("global_type", c::TYPE_ATTR)
            .optional_attr("value", c::ANY_ATTR)
            .default_attr("linkage", LINKAGE_ATTR, enums::default_linkage)
            .optional_attr("constant", c::UNIT_ATTR)
            .default_attr("addr_space", I32_ATTR, enums::zero_i32)
            .optional_attr("unnamed_addr", I64_ATTR)
            .default_attr("visibility_", I64_ATTR, enums::zero_i64)
            .region("initializer")
            .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::SINGLE_BLOCK | Traits::NO_TERMINATOR)
            .verifier(verify_supported))
        .op(custom("llvm.mlir.constant", values::print_constant, values::parse_constant)
            .attr("value", c::TYPED_ATTR)
            .verifier(values::verify_constant)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .constant(fold::constant_value)
            .folder(fold::fold_constant_like))
        .op(custom("llvm.extractvalue", values::print_extractvalue, values::parse_extractvalue)
            .attr("position", DENSE_I64)
            .operand("container", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE)
            .verifier(values::verify_aggregate)
            .folder(fold::fold_extractvalue))
        .op(custom("llvm.insertvalue", values::print_insertvalue, values::parse_insertvalue)
            .attr("position", DENSE_I64)
            .operand("container", LLVM_VALUE)
            .operand("value", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE)
            .verifier(values::verify_aggregate))
        .op(custom("llvm.select", arith::print_select, arith::parse_select)
            .default_attr("fastmathFlags", FASTMATH_ATTR, fastmath::default_fastmath)
            .operand("condition", c::I1)
            .operand("trueValue", LLVM_VALUE)
            .operand("falseValue", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE));
    let nullary: [(&str, strata_ir::fold::ConstantValueFn); 3] = [
        ("llvm.mlir.undef", fold::undef_value),
        ("llvm.mlir.poison", fold::poison_value),
        ("llvm.mlir.zero", fold::zero_value),
    ];
    for (n, value) in nullary {
        d = d.op(custom(n, values::print_nullary, values::parse_nullary)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .constant(value)
            .folder(fold::fold_constant_like));
    }
    for n in arith::INT_BINARY.iter().chain(arith::FLOAT_BINARY.iter()) {
        let name = format!("llvm.{n}");
        let mut def = custom(&name, arith::print_same_type, arith::parse_same_type);
        if arith::WITH_OVERFLOW.contains(n) {
            def = def.default_attr("overflowFlags", I32_ATTR, enums::zero_i32);
        }
        if arith::FLOAT_BINARY.contains(n) {
            def = def.default_attr("fastmathFlags", FASTMATH_ATTR, fastmath::default_fastmath);
        }
        // Upstream marks only `add` and `mul` commutative (not and/or/xor
        // nor the float ops): only they get their constants moved right.
        let mut traits = Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE;
        match *n {
            "shl" => def = def.folder(fold::fold_shl),
            "or" => def = def.folder(fold::fold_or),
            "add" | "mul" => traits = traits | Traits::COMMUTATIVE,
            _ => {}
        }
        d = d.op(def
            .operand("lhs", LLVM_VALUE)
            .operand("rhs", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(traits)
            .verifier(arith::verify_operand_kind));
    }
    d = d.op(custom("llvm.fneg", arith::print_same_type, arith::parse_same_type)
        .default_attr("fastmathFlags", FASTMATH_ATTR, fastmath::default_fastmath)
        .operand("operand", LLVM_VALUE)
        .result("res", LLVM_VALUE)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE)
        .verifier(arith::verify_operand_kind));
    for n in intrinsics::INT_INTRINSICS.iter().chain(intrinsics::FLOAT_INTRINSICS.iter()) {
        let name = format!("llvm.intr.{n}");
        let mut def = custom(&name, intrinsics::print_intrinsic, intrinsics::parse_intrinsic);
        if intrinsics::FLOAT_INTRINSICS.contains(n) {
            def = def.default_attr("fastmathFlags", FASTMATH_ATTR, fastmath::default_fastmath);
        }
        d = d.op(def
            .operand("a", LLVM_VALUE)
            .operand("b", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE));
    }
    // No memory effects are declared for these (upstream declares none):
    // they are never dead and never move across memory operations.
    for n in intrinsics::PTR_INTRINSICS {
        d = d.op(OpDef::new(&format!("llvm.intr.{n}")).operand("ptr", PTR).format("$ptr attr-dict `:` type($ptr)"));
    }
    d = d.op(OpDef::new("llvm.intr.stacksave").result("res", PTR).format("attr-dict `:` type($res)"));
    for n in ["llvm.icmp", "llvm.fcmp"] {
        let mut def = custom(n, arith::print_cmp, arith::parse_cmp);
        if n == "llvm.icmp" {
            def = def.attr("predicate", ICMP_PREDICATE).folder(fold::fold_icmp);
        } else {
            def = def.attr("predicate", FCMP_PREDICATE).default_attr(
                "fastmathFlags",
                FASTMATH_ATTR,
                fastmath::default_fastmath,
            );
        }
        d = d.op(def
            .operand("lhs", LLVM_VALUE)
            .operand("rhs", LLVM_VALUE)
            .result("res", I1_OR_VECTOR)
            .traits(Traits::PURE | Traits::SAME_OPERANDS_TYPE)
            .verifier(arith::verify_operand_kind));
    }
    for n in arith::CASTS {
        let name = format!("llvm.{n}");
        let mut def = custom(&name, arith::print_cast, arith::parse_cast);
        match n {
            "trunc" => def = def.default_attr("overflowFlags", I32_ATTR, enums::zero_i32),
            "zext" => def = def.folder(fold::fold_zext),
            "bitcast" => def = def.folder(fold::fold_bitcast),
            _ => {}
        }
        d = d.op(def.operand("arg", LLVM_VALUE).result("res", LLVM_VALUE).traits(Traits::PURE));
    }
    ctx.register_dialect(d);
}
