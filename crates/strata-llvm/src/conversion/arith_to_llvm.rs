//! `convert-arith-to-llvm` (upstream's ArithToLLVM): each arith op becomes
//! its LLVM counterpart on converted operands (`index` as i64), constants
//! become `llvm.mlir.constant` keeping their attribute, `index_cast`
//! becomes `sext`/`trunc` or nothing. Results whose type changes are cast
//! back for the users not yet converted; `reconcile-unrealized-casts`
//! removes the casts once everything is lowered. Ops outside this subset
//! (min/max, ceil/floor divisions, ...) are left as they are.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, TypeKind, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use super::common::{attrs, convert_type, for_each_function, ops_preorder, At, Lowerer};
use super::fold_first::{fold_first, ConstantFolds};
use crate::dialect::arith::{FCMP_PREDICATES, ICMP_PREDICATES};

pub const INFO: PassInfo = PassInfo {
    argument: "convert-arith-to-llvm",
    description: "Convert Arith dialect to LLVM dialect",
    options: &[],
    ctor: |opts| {
        opts.apply("convert-arith-to-llvm", |_, _| None)?;
        Ok(Box::new(ArithToLlvm))
    },
};

pub struct ArithToLlvm;

impl Pass for ArithToLlvm {
    fn argument(&self) -> &'static str {
        "convert-arith-to-llvm"
    }
    fn name(&self) -> &'static str {
        "ArithToLLVMConversionPass"
    }
    // Upstream's pass is op-agnostic: it runs on a module as well as nested
    // under `func.func` (`builtin.module(func.func(convert-arith-to-llvm))`).
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        lower_arith(target.ctx, target.body);
        for_each_function(target, |ctx, body| {
            lower_arith(ctx, body);
            Ok(())
        })?;
        Ok(PreservedAnalyses::none())
    }
}

/// The LLVM op name for a one-to-one arith op.
fn one_to_one(name: &str) -> Option<&'static str> {
    Some(match name {
        "arith.addi" => "llvm.add",
        "arith.subi" => "llvm.sub",
        "arith.muli" => "llvm.mul",
        "arith.divsi" => "llvm.sdiv",
        "arith.divui" => "llvm.udiv",
        "arith.remsi" => "llvm.srem",
        "arith.remui" => "llvm.urem",
        "arith.andi" => "llvm.and",
        "arith.ori" => "llvm.or",
        "arith.xori" => "llvm.xor",
        "arith.shli" => "llvm.shl",
        "arith.shrsi" => "llvm.ashr",
        "arith.shrui" => "llvm.lshr",
        "arith.addf" => "llvm.fadd",
        "arith.subf" => "llvm.fsub",
        "arith.mulf" => "llvm.fmul",
        "arith.divf" => "llvm.fdiv",
        "arith.remf" => "llvm.frem",
        "arith.negf" => "llvm.fneg",
        "arith.extsi" => "llvm.sext",
        "arith.extui" => "llvm.zext",
        "arith.trunci" => "llvm.trunc",
        "arith.sitofp" => "llvm.sitofp",
        "arith.uitofp" => "llvm.uitofp",
        "arith.fptosi" => "llvm.fptosi",
        "arith.fptoui" => "llvm.fptoui",
        "arith.extf" => "llvm.fpext",
        "arith.truncf" => "llvm.fptrunc",
        "arith.bitcast" => "llvm.bitcast",
        "arith.select" => "llvm.select",
        "arith.maxsi" => "llvm.intr.smax",
        "arith.minsi" => "llvm.intr.smin",
        "arith.maxui" => "llvm.intr.umax",
        "arith.minui" => "llvm.intr.umin",
        "arith.maximumf" => "llvm.intr.maximum",
        "arith.minimumf" => "llvm.intr.minimum",
        "arith.maxnumf" => "llvm.intr.maxnum",
        "arith.minnumf" => "llvm.intr.minnum",
        _ => return None,
    })
}

/// `fastmathFlags` for an arith op's non-default `fastmath` flags.
fn fastmath_entry(ctx: &Context, body: &Body, op: Op) -> Option<(&'static str, Attribute)> {
    let bits = overflow_bits(ctx, body.op_attr(ctx, op, "fastmath"));
    (bits != 0).then(|| {
        ("fastmathFlags", crate::dialect::fastmath::fastmath_attr(ctx, crate::dialect::fastmath::from_arith_bits(bits)))
    })
}

/// The flag bits of an arith flags attribute (`#arith.overflow<...>`,
/// `#arith.fastmath<...>`).
fn overflow_bits(ctx: &Context, a: Option<Attribute>) -> i64 {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(strata_ir::AttrKind::Dialect { params, .. }) => match params.first() {
            Some(strata_ir::types::Param::Int(b)) => *b,
            _ => 0,
        },
        _ => 0,
    }
}

/// Lowers the arith ops of one function. As in upstream's conversion
/// driver, every op not yet legal is folded first (`fold_first`), and the
/// original ops stay in place until the function is done (folds see the
/// input IR; replacements are deferred in the `Lowerer`).
pub fn lower_arith(ctx: &Context, body: &mut Body) {
    let mut lw = Lowerer::new(ctx);
    let mut worklist: std::collections::VecDeque<Op> = ops_preorder(body).into();
    while let Some(op) = worklist.pop_front() {
        if body.is_erased(op) || fold_first(&mut lw, body, op, ConstantFolds::Lower) {
            continue;
        }
        if !ctx.op_name_str(body.op_name(op)).starts_with("arith.") {
            continue;
        }
        let name = ctx.op_name_str(body.op_name(op)).to_string();
        if super::arith_expand::is_division(&name)
            && super::common::is_scalar(ctx, convert_type(ctx, body.value_type(body.result(op, 0))))
        {
            // The expansion's ops are legalized next, before the rest.
            if let Some((created, result)) = super::arith_expand::expand_division(body, ctx, op, &name) {
                lw.defer_replace(body, op, &[result]);
                for &c in created.iter().rev() {
                    worklist.push_front(c);
                }
            }
            continue;
        }
        if super::arith_expand::is_expanded(&name) {
            if body.result_types(op).iter().all(|&t| super::common::is_scalar(ctx, convert_type(ctx, t))) {
                let operands: Vec<Value> = body.operand_vec(op).into_iter().map(|v| lw.converted(body, v)).collect();
                lw.at = Some(At::Before(op));
                if let Some(new) = super::arith_expand::expand(&mut lw, body, op, &name, &operands) {
                    lw.defer_replace(body, op, &new);
                }
            }
            continue;
        }
        if let Some(new) = lower_op(&mut lw, body, op) {
            lw.defer_replace(body, op, &[new]);
        }
    }
    lw.finish(body);
}

/// Lowers one op; returns the value replacing its result.
fn lower_op(lw: &mut Lowerer<'_>, body: &mut Body, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    let name = ctx.op_name_str(body.op_name(op)).to_string();
    let loc = body.op_loc(op);
    if body.num_results(op) != 1 || !lowerable(&name) {
        return None;
    }
    let rt = convert_type(ctx, body.value_type(body.result(op, 0)));
    if !super::common::is_scalar_or_vector(ctx, rt) {
        return None;
    }
    // Float arithmetic on formats LLVM lacks stays (upstream's patterns
    // refuse it); a select of them moves the bits as integers.
    let float_op = name.ends_with('f') || name == "arith.constant" || name.contains("fp");
    let mut types =
        body.operand_vec(op).into_iter().map(|v| body.value_type(v)).chain([body.value_type(body.result(op, 0))]);
    if name != "arith.select" && float_op && !types.all(|t| super::common::has_llvm_float_ops(ctx, t)) {
        return None;
    }
    if body
        .operand_vec(op)
        .into_iter()
        .any(|v| !super::common::is_scalar_or_vector(ctx, convert_type(ctx, body.value_type(v))))
    {
        return None;
    }
    let operands: Vec<Value> = body.operand_vec(op).into_iter().map(|v| lw.converted(body, v)).collect();
    lw.at = Some(At::Before(op));
    Some(if name == "arith.constant" {
        let v = body.op_attr(ctx, op, "value")?;
        // A vector constant keeps its attribute (`dense<...> : vector<4xindex>`
        // on an `i64` vector result), as upstream prints it.
        let dense_vector = matches!(ctx.attr_kind(v), strata_ir::AttrKind::DenseElements { ty, .. }
            if matches!(ctx.type_kind(*ty), TypeKind::Vector { shape, .. } if shape.len() == 1));
        if !dense_vector
            && !matches!(
                ctx.attr_kind(v),
                strata_ir::AttrKind::Integer { .. } | strata_ir::AttrKind::Float { .. } | strata_ir::AttrKind::Bool(_)
            )
        {
            return None;
        }
        lw.value(body, "llvm.mlir.constant", loc, &[], rt, attrs(ctx, &[("value", v)]))
    } else if name == "arith.cmpi" || name == "arith.cmpf" {
        let idx = body.op_attr(ctx, op, "predicate").and_then(|a| ctx.as_integer(a)).map_or(0, |v| v.to_i64()) as usize;
        let (llvm_name, table): (&str, &[&str]) =
            if name == "arith.cmpi" { ("llvm.icmp", &ICMP_PREDICATES) } else { ("llvm.fcmp", &FCMP_PREDICATES) };
        table.get(idx)?;
        let mut entries = vec![("predicate", crate::dialect::enums::predicate_attr(ctx, idx))];
        entries.extend(fastmath_entry(ctx, body, op));
        lw.value(body, llvm_name, loc, &operands, rt, attrs(ctx, &entries))
    } else if name == "arith.index_cast" || name == "arith.index_castui" {
        let from = ctx.int_or_float_width(ctx.element_type_or_self(body.value_type(operands[0]))).unwrap_or(64);
        let to = ctx.int_or_float_width(ctx.element_type_or_self(rt)).unwrap_or(64);
        if from == to {
            operands[0]
        } else {
            let ext = if name == "arith.index_cast" { "llvm.sext" } else { "llvm.zext" };
            lw.value(body, if to > from { ext } else { "llvm.trunc" }, loc, &operands, rt, ctx.empty_dictionary())
        }
    } else {
        let llvm_name = one_to_one(&name)?;
        let bits = overflow_bits(ctx, body.op_attr(ctx, op, "overflowFlags"));
        let mut entries = Vec::new();
        if bits != 0 {
            entries.push(("overflowFlags", ctx.integer_attr(ctx.i32(), bits)));
        }
        entries.extend(fastmath_entry(ctx, body, op));
        lw.value(body, llvm_name, loc, &operands, rt, attrs(ctx, &entries))
    })
}

fn lowerable(name: &str) -> bool {
    one_to_one(name).is_some()
        || matches!(name, "arith.constant" | "arith.cmpi" | "arith.cmpf" | "arith.index_cast" | "arith.index_castui")
}
