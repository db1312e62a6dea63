//! `convert-func-to-llvm` (upstream's FuncToLLVM, without the C wrappers):
//! `func.func` becomes `llvm.func` with converted argument types, a memref
//! argument expanded into its descriptor's fields (allocated and aligned
//! pointers, offset, sizes, strides) and repacked at the entry; `index`
//! is i64. `func.return` becomes `llvm.return`, `func.call` becomes
//! `llvm.call` with memref operands unpacked the same way. Several results
//! travel in a struct, packed before `llvm.return` and unpacked after
//! `llvm.call`, as upstream does.

use strata_ir::{Block, Body, Context, Diagnostic, Location, Op, OpSpec, Type, TypeKind, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use super::common::{attrs, convert_type, descriptor_type, ops_preorder, At, Lowerer, CAST};
use super::fold_first::{fold_first, ConstantFolds};
use crate::dialect::asm::dense_i64_array;
use crate::dialect::types::{func_type, llvm_type, ptr_type, void_type, LlvmType};

pub const INFO: PassInfo = PassInfo {
    argument: "convert-func-to-llvm",
    description: "Convert from the Func dialect to the LLVM dialect",
    options: &[],
    ctor: |opts| {
        opts.apply("convert-func-to-llvm", |_, _| None)?;
        Ok(Box::new(FuncToLlvm))
    },
};

pub struct FuncToLlvm;

impl Pass for FuncToLlvm {
    fn argument(&self) -> &'static str {
        "convert-func-to-llvm"
    }
    fn name(&self) -> &'static str {
        "ConvertFuncToLLVMPass"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        lower_module(target.ctx, target.body)?;
        Ok(PreservedAnalyses::none())
    }
}

/// Converts the functions of one module arena, then those of the modules
/// nested in it.
pub fn lower_module(ctx: &Context, module: &mut Body) -> Result<(), Diagnostic> {
    {
        let target_body = &mut *module;
        for (f, ins) in lower_functions(ctx, target_body)? {
            let Some(mut nested) = target_body.take_nested(f) else { continue };
            let entry = nested.root_regions().first().and_then(|&r| nested.first_block(r));
            let materialized = match entry {
                Some(b) => convert_entry(ctx, &mut nested, b, &ins),
                None => vec![],
            };
            lower_calls_and_returns(ctx, &mut nested);
            // Argument materializations nobody uses go, as upstream's.
            for op in materialized.into_iter().rev() {
                if !nested.is_erased(op) && nested.op_results_unused(op) {
                    nested.erase_op(op);
                }
            }
            target_body.put_nested(f, nested);
        }
    }
    for m in super::common::nested_modules(ctx, module) {
        let Some(mut nested) = module.take_nested(m) else { continue };
        let r = lower_module(ctx, &mut nested);
        module.put_nested(m, nested);
        r?;
    }
    Ok(())
}

/// The LLVM types one argument of type `t` expands to.
fn expanded(ctx: &Context, t: Type) -> Vec<Type> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => {
            let ptr = ptr_type(ctx);
            let mut v = vec![ptr, ptr, ctx.i64()];
            v.extend(std::iter::repeat_n(ctx.i64(), 2 * shape.len()));
            v
        }
        _ => vec![convert_type(ctx, t)],
    }
}

/// Field positions of a descriptor in upstream's argument order: pointers,
/// offset, the sizes, the strides.
fn expanded_positions(rank: usize) -> Vec<Vec<i64>> {
    let mut v = vec![vec![0], vec![1], vec![2]];
    v.extend((0..rank as i64).map(|i| vec![3, i]));
    v.extend((0..rank as i64).map(|i| vec![4, i]));
    v
}

/// The LLVM result type of a function: void, the converted type, or a
/// struct of the converted types for several results (as upstream packs
/// them).
fn llvm_result(ctx: &Context, results: &[Type]) -> Type {
    match results {
        [] => void_type(ctx),
        [t] => convert_type(ctx, *t),
        _ => {
            crate::dialect::types::struct_type(ctx, &results.iter().map(|&t| convert_type(ctx, t)).collect::<Vec<_>>())
        }
    }
}

/// Replaces each `func.func` by an `llvm.func` holding its body; returns
/// the new functions with their original input types.
fn lower_functions(ctx: &Context, module: &mut Body) -> Result<Vec<(Op, Vec<Type>)>, Diagnostic> {
    let mut converted = Vec::new();
    let funcs: Vec<Op> =
        ops_preorder(module).into_iter().filter(|&op| ctx.op_name_is(module.op_name(op), "func.func")).collect();
    for f in funcs {
        let fattrs = module.op_attrs(f);
        let Some((ins, outs)) =
            ctx.dict_get(fattrs, "function_type").and_then(|a| ctx.as_type(a)).and_then(|t| ctx.function_signature(t))
        else {
            continue;
        };
        let (ins, outs) = (ins.to_vec(), outs.to_vec());
        let loc = module.op_loc(f);
        let result = llvm_result(ctx, &outs);
        let inputs: Vec<Type> = ins.iter().flat_map(|&t| expanded(ctx, t)).collect();
        let mut entries =
            vec![(ctx.intern_str("function_type"), ctx.type_attr(func_type(ctx, result, &inputs, false)))];
        for &(k, v) in ctx.dict_entries(fattrs) {
            // Setting a public visibility drops the attribute (it is the default).
            let public = ctx.str(k) == "sym_visibility" && ctx.as_string(v) == Some(b"public");
            if !matches!(ctx.str(k), "function_type" | "arg_attrs" | "res_attrs") && !public {
                entries.push((k, v));
            }
        }
        let new = module.create_op(OpSpec::new(ctx, "llvm.func", loc).attrs(ctx.dictionary(entries)).regions(1));
        module.insert_op_before(f, new);
        let nested = module.take_nested(f).expect("func.func is isolated");
        module.put_nested(new, nested);
        module.erase_op(f);
        converted.push((new, ins));
    }
    Ok(converted)
}

/// Replaces the entry block's arguments by the expanded ones; the old
/// values are rebuilt (descriptors) or cast back, each group at the block's
/// start, later arguments above earlier ones as upstream materializes them.
fn convert_entry(ctx: &Context, body: &mut Body, entry: Block, ins: &[Type]) -> Vec<Op> {
    let mut created = Vec::new();
    let old: Vec<Value> = body.block_args(entry).to_vec();
    let mut lw = Lowerer::new(ctx);
    for (i, (&arg, &t)) in old.iter().zip(ins).enumerate() {
        let loc = body.block_arg_locs(entry)[i];
        let new_args: Vec<Value> = expanded(ctx, t).into_iter().map(|nt| body.add_block_arg(entry, nt, loc)).collect();
        lw.at = Some(At::BlockStart(entry));
        let replacement = match ctx.type_kind(t) {
            TypeKind::MemRef { shape, .. } => {
                let dt = descriptor_type(ctx, shape.len());
                let rank = shape.len();
                let mut desc = lw.value(body, "llvm.mlir.poison", loc, &[], dt, ctx.empty_dictionary());
                created.extend(body.defining_op(desc));
                // Arguments: pointers, offset, sizes, strides; packed
                // with each size followed by its stride, as upstream.
                let mut fields: Vec<(Vec<i64>, Value)> = (0..3).map(|k| (vec![k as i64], new_args[k])).collect();
                for d in 0..rank {
                    fields.push((vec![3, d as i64], new_args[3 + d]));
                    fields.push((vec![4, d as i64], new_args[3 + rank + d]));
                }
                for (pos, v) in fields {
                    desc = lw.value(
                        body,
                        "llvm.insertvalue",
                        loc,
                        &[desc, v],
                        dt,
                        attrs(ctx, &[("position", dense_i64_array(ctx, &pos))]),
                    );
                    created.extend(body.defining_op(desc));
                }
                let cast = lw.value(body, CAST, loc, &[desc], t, ctx.empty_dictionary());
                created.extend(body.defining_op(cast));
                cast
            }
            _ if body.value_type(new_args[0]) != t => {
                let cast = lw.value(body, CAST, loc, &[new_args[0]], t, ctx.empty_dictionary());
                created.extend(body.defining_op(cast));
                cast
            }
            _ => new_args[0],
        };
        body.replace_all_uses_with(arg, replacement);
    }
    for _ in 0..old.len() {
        body.erase_block_arg(entry, 0);
    }
    created
}

fn lower_calls_and_returns(ctx: &Context, body: &mut Body) {
    let mut lw = Lowerer::new(ctx);
    for op in ops_preorder(body) {
        if body.is_erased(op) || fold_first(&mut lw, body, op, ConstantFolds::Refuse) {
            continue;
        }
        let name = ctx.op_name_str(body.op_name(op)).to_string();
        let loc = body.op_loc(op);
        match name.as_str() {
            "func.return" => {
                let mut operands: Vec<Value> =
                    body.operand_vec(op).into_iter().map(|v| lw.converted(body, v)).collect();
                lw.at = Some(At::Before(op));
                if operands.len() > 1 {
                    // Several results travel in a struct.
                    let types: Vec<Type> = operands.iter().map(|&v| body.value_type(v)).collect();
                    let st = crate::dialect::types::struct_type(ctx, &types);
                    let mut packed = lw.value(body, "llvm.mlir.poison", loc, &[], st, ctx.empty_dictionary());
                    for (i, &v) in operands.iter().enumerate() {
                        packed = lw.value(
                            body,
                            "llvm.insertvalue",
                            loc,
                            &[packed, v],
                            st,
                            attrs(ctx, &[("position", dense_i64_array(ctx, &[i as i64]))]),
                        );
                    }
                    operands = vec![packed];
                }
                lw.create(body, OpSpec::new(ctx, "llvm.return", loc).operands(&operands));
                body.erase_op(op);
            }
            "func.call" => lower_call(&mut lw, body, op, loc),
            "func.constant" => {
                // The function's address.
                let Some(callee) = body.op_attr(ctx, op, "value") else { continue };
                lw.at = Some(At::Before(op));
                let addr = lw.value(
                    body,
                    "llvm.mlir.addressof",
                    loc,
                    &[],
                    ptr_type(ctx),
                    attrs(ctx, &[("global_name", callee)]),
                );
                lw.replace(body, op, &[addr]);
            }
            _ => {}
        }
    }
    lw.finish(body);
}

fn lower_call(lw: &mut Lowerer<'_>, body: &mut Body, op: Op, loc: Location) {
    let ctx = lw.ctx;
    let results = body.result_types(op);
    let result = llvm_result(ctx, &results);
    let Some(callee) = body.op_attr(ctx, op, "callee") else { return };
    let mut operands = Vec::new();
    let olds = body.operand_vec(op);
    let converted: Vec<Value> = olds.iter().map(|&v| lw.converted(body, v)).collect();
    lw.at = Some(At::Before(op));
    for (&old, &v) in olds.iter().zip(&converted) {
        match ctx.type_kind(body.value_type(old)) {
            TypeKind::MemRef { shape, .. } => {
                let rank = shape.len();
                for pos in expanded_positions(rank) {
                    let ft = if pos[0] < 2 { ptr_type(ctx) } else { ctx.i64() };
                    operands.push(lw.value(
                        body,
                        "llvm.extractvalue",
                        loc,
                        &[v],
                        ft,
                        attrs(ctx, &[("position", dense_i64_array(ctx, &pos))]),
                    ));
                }
            }
            _ => operands.push(v),
        }
    }
    let rts: Vec<Type> = if llvm_type(ctx, result) == Some(LlvmType::Void) { vec![] } else { vec![result] };
    let call = lw.create(
        body,
        OpSpec::new(ctx, "llvm.call", loc).operands(&operands).results(&rts).attrs(attrs(ctx, &[("callee", callee)])),
    );
    let mut new: Vec<Value> = body.results(call).collect();
    if results.len() > 1 {
        let packed = new[0];
        let fields: Vec<Type> = results.iter().map(|&t| convert_type(ctx, t)).collect();
        new = fields
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                lw.value(
                    body,
                    "llvm.extractvalue",
                    loc,
                    &[packed],
                    t,
                    attrs(ctx, &[("position", dense_i64_array(ctx, &[i as i64]))]),
                )
            })
            .collect();
    }
    lw.replace(body, op, &new);
}
