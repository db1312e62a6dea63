//! The subset of MLIR's `llvm` dialect that lowering func/arith/cf/memref
//! (and Toy's `toy.print`) produces, with mlir-opt 22's pretty syntax so
//! that mlir-opt re-prints Strata's output unchanged. `register` adds the
//! ops and the dialect's type hooks to a context.

pub mod arith;
pub mod asm;
pub mod fastmath;
pub mod func;
pub mod intrinsics;
pub mod memory;
pub mod switch;
pub mod types;
pub mod values;

use strata_ir::asm_format::operand_groups;
use strata_ir::branch::{dense_i32_values, BranchOpInterface, ALL_OPERANDS_TO_SUCCESSOR};
use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::{Body, Context, Diagnostic, Op, Value};

const PTR: TypeConstraint = TypeConstraint { check: types::is_ptr, summary: "LLVM pointer type", buildable: Some(types::ptr_type) };
const LLVM_VALUE: TypeConstraint = TypeConstraint { check: types::is_compatible, summary: "LLVM dialect-compatible type", buildable: None };
const DENSE_I32: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), strata_ir::AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 32)),
    summary: "i32 dense array attribute",
};
const DENSE_I64: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), strata_ir::AttrKind::DenseArray { element, .. } if c.is_signless_integer_of_width(*element, 64)),
    summary: "i64 dense array attribute",
};
const INT_ATTR: AttrConstraint = AttrConstraint { check: |c, a| c.as_integer(a).is_some(), summary: "integer attribute" };
const LLVM_FUNC_TYPE_ATTR: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_type(a).is_some_and(|t| matches!(types::llvm_type(c, t), Some(types::LlvmType::Func { .. }))),
    summary: "type attribute of an LLVM function type",
};
const FASTMATH_ATTR: AttrConstraint = AttrConstraint { check: |c, a| fastmath::fastmath_bits(c, a).is_some(), summary: "LLVM fastmath flags" };
const INTEGER: TypeConstraint = TypeConstraint { check: |c, t| c.is_signless_integer(t), summary: "signless integer", buildable: None };

/// The operands `op` passes to successor `succ` match the block's arguments.
fn check_successor(ctx: &Context, body: &Body, op: Op, succ: usize, values: &[Value]) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op));
    let args = body.block_args(body.successors(op)[succ]);
    if args.len() != values.len() || values.iter().zip(args).any(|(&v, &a)| body.value_type(v) != body.value_type(a)) {
        return Err(Diagnostic::error(body.op_loc(op), format!("'{name}' op operands of successor #{succ} do not match the block's arguments")));
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
        if succ == 0 { 1..1 + t } else { 1 + t..1 + t + f }
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

fn custom(name: &str, print: strata_ir::printer::CustomPrintFn, parse: strata_ir::parser::CustomParseFn) -> OpDef {
    OpDef::new(name).custom(print, parse)
}

pub fn register(ctx: &mut Context) {
    let mut d = DialectDef::new("llvm");
    d.parse_type = Some(types::parse_llvm_type);
    d.print_type = Some(types::print_llvm_type);
    d.parse_attr = Some(fastmath::parse_llvm_attr);
    d.print_attr = Some(fastmath::print_llvm_attr);
    d = d
        .op(custom("llvm.func", func::print_func, func::parse_func)
            .attr("sym_name", c::STRING_ATTR)
            .attr("function_type", LLVM_FUNC_TYPE_ATTR)
            .optional_attr("linkage", c::STRING_ATTR)
            .optional_attr("sym_visibility", c::STRING_ATTR)
            .region("body")
            .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::AFFINE_SCOPE)
            .verifier(func::verify_func))
        .op(custom("llvm.return", func::print_return, func::parse_return)
            .variadic_operand("arg", LLVM_VALUE)
            .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
            .parent("llvm.func")
            .parent_verifier(func::verify_return))
        .op(custom("llvm.call", func::print_call, func::parse_call)
            .attr("callee", c::FLAT_SYMBOL_REF_ATTR)
            .optional_attr("var_callee_type", LLVM_FUNC_TYPE_ATTR)
            .variadic_operand("callee_operands", LLVM_VALUE)
            .variadic_result("result", LLVM_VALUE)
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
        .op(custom("llvm.alloca", memory::print_alloca, memory::parse_alloca).attr("elem_type", c::TYPE_ATTR).optional_attr("alignment", INT_ATTR).operand("arraySize", INTEGER).result("res", PTR))
        .op(custom("llvm.load", memory::print_load, memory::parse_load).optional_attr("alignment", INT_ATTR).operand("addr", PTR).result("res", LLVM_VALUE))
        .op(custom("llvm.store", memory::print_store, memory::parse_store).optional_attr("alignment", INT_ATTR).operand("value", LLVM_VALUE).operand("addr", PTR))
        .op(custom("llvm.getelementptr", memory::print_gep, memory::parse_gep)
            .attr("rawConstantIndices", DENSE_I32)
            .attr("elem_type", c::TYPE_ATTR)
            .optional_attr("noWrapFlags", c::STRING_ATTR)
            .verifier(memory::verify_gep)
            .operand("base", PTR)
            .variadic_operand("dynamicIndices", INTEGER)
            .result("res", PTR)
            .traits(Traits::PURE))
        .op(custom("llvm.mlir.addressof", memory::print_addressof, memory::parse_addressof).attr("global_name", c::FLAT_SYMBOL_REF_ATTR).result("res", PTR).traits(Traits::PURE))
        .op(custom("llvm.mlir.global", memory::print_global, memory::parse_global)
            .attr("sym_name", c::STRING_ATTR)
            .attr("global_type", c::TYPE_ATTR)
            .optional_attr("value", c::ANY_ATTR)
            .optional_attr("linkage", c::STRING_ATTR)
            .optional_attr("constant", c::UNIT_ATTR)
            .optional_attr("addr_space", INT_ATTR)
            .region("initializer")
            .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::SINGLE_BLOCK | Traits::NO_TERMINATOR))
        .op(custom("llvm.mlir.constant", values::print_constant, values::parse_constant)
            .attr("value", c::TYPED_ATTR)
            .verifier(values::verify_constant)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE | Traits::CONSTANT_LIKE))
        .op(custom("llvm.extractvalue", values::print_extractvalue, values::parse_extractvalue)
            .attr("position", DENSE_I64)
            .operand("container", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE)
            .verifier(values::verify_aggregate))
        .op(custom("llvm.insertvalue", values::print_insertvalue, values::parse_insertvalue)
            .attr("position", DENSE_I64)
            .operand("value", LLVM_VALUE)
            .operand("container", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE)
            .verifier(values::verify_aggregate))
        .op(custom("llvm.select", arith::print_select, arith::parse_select)
            .optional_attr("fastmathFlags", FASTMATH_ATTR)
            .operand("condition", c::I1)
            .operand("trueValue", LLVM_VALUE)
            .operand("falseValue", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE));
    for n in ["llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero"] {
        d = d.op(custom(n, values::print_nullary, values::parse_nullary).result("res", LLVM_VALUE).traits(Traits::PURE));
    }
    for n in arith::INT_BINARY.iter().chain(arith::FLOAT_BINARY.iter()) {
        let name = format!("llvm.{n}");
        d = d.op(custom(&name, arith::print_same_type, arith::parse_same_type)
            .optional_attr("overflowFlags", INT_ATTR)
            .optional_attr("fastmathFlags", FASTMATH_ATTR)
            .operand("lhs", LLVM_VALUE)
            .operand("rhs", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE)
            .verifier(arith::verify_operand_kind));
    }
    d = d.op(custom("llvm.fneg", arith::print_same_type, arith::parse_same_type)
        .optional_attr("fastmathFlags", FASTMATH_ATTR)
        .operand("operand", LLVM_VALUE)
        .result("res", LLVM_VALUE)
        .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE)
        .verifier(arith::verify_operand_kind));
    for n in intrinsics::INT_INTRINSICS.iter().chain(intrinsics::FLOAT_INTRINSICS.iter()) {
        let name = format!("llvm.intr.{n}");
        d = d.op(custom(&name, intrinsics::print_intrinsic, intrinsics::parse_intrinsic)
            .optional_attr("fastmathFlags", FASTMATH_ATTR)
            .operand("a", LLVM_VALUE)
            .operand("b", LLVM_VALUE)
            .result("res", LLVM_VALUE)
            .traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE));
    }
    for n in ["llvm.icmp", "llvm.fcmp"] {
        d = d.op(custom(n, arith::print_cmp, arith::parse_cmp)
            .attr("predicate", c::STRING_ATTR)
            .optional_attr("fastmathFlags", FASTMATH_ATTR)
            .operand("lhs", LLVM_VALUE)
            .operand("rhs", LLVM_VALUE)
            .result("res", c::I1)
            .traits(Traits::PURE | Traits::SAME_OPERANDS_TYPE)
            .verifier(arith::verify_operand_kind));
    }
    for n in arith::CASTS {
        let name = format!("llvm.{n}");
        d = d.op(custom(&name, arith::print_cast, arith::parse_cast).operand("arg", LLVM_VALUE).result("res", LLVM_VALUE).traits(Traits::PURE));
    }
    ctx.register_dialect(d);
}
