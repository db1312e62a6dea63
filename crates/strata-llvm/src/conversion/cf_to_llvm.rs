//! `convert-cf-to-llvm` (upstream's ControlFlowToLLVM): `cf.br`,
//! `cf.cond_br` and `cf.switch` become `llvm.br` / `llvm.cond_br` /
//! `llvm.switch` on converted operands (branch weights are dropped),
//! `cf.assert` aborts with its message (`cf_assert.rs`),
//! and the blocks they branch to get converted argument types (`index` as
//! i64), with a cast back at the block's start for the users not yet
//! converted. Entry blocks keep their arguments: they are the function's.

use rustc_hash::FxHashSet;
use strata_ir::{Block, Body, Context, Diagnostic, OpSpec, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use super::cf_assert::{lower_assert, AssertSymbols};
use super::common::{convert_type, for_each_arena, ops_preorder, At, Lowerer, CAST};

pub const INFO: PassInfo = PassInfo {
    argument: "convert-cf-to-llvm",
    description: "Convert ControlFlow operations to the LLVM dialect",
    options: &[],
    ctor: |opts| {
        opts.apply("convert-cf-to-llvm", |_, _| None)?;
        Ok(Box::new(CfToLlvm))
    },
};

pub struct CfToLlvm;

impl Pass for CfToLlvm {
    fn argument(&self) -> &'static str {
        "convert-cf-to-llvm"
    }
    fn name(&self) -> &'static str {
        "ConvertControlFlowToLLVMPass"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        lower_module(target.ctx, target.body)?;
        Ok(PreservedAnalyses::none())
    }
}

/// Gives `b`'s arguments their converted types; old users read a cast.
fn convert_block_signature(ctx: &Context, body: &mut Body, b: Block, casts: &mut Vec<strata_ir::Op>) {
    for i in 0..body.block_args(b).len() {
        let arg = body.block_args(b)[i];
        let old = body.value_type(arg);
        let new = convert_type(ctx, old);
        if new == old {
            continue;
        }
        body.set_value_type(arg, new);
        let loc = body.block_arg_locs(b)[i];
        // Each at the block's start, so later arguments' casts come first
        // (as upstream materializes them).
        let cast = body.create_op(OpSpec::new(ctx, CAST, loc).operands(&[arg]).results(&[old]));
        body.prepend_op(b, cast);
        casts.push(cast);
        let r = body.result(cast, 0);
        body.replace_uses_if(arg, r, |_, user| user != cast);
    }
}

/// Lowers the cf ops of every function of one module arena; the assert
/// message globals and the `abort`/`puts` declarations go into the module.
pub fn lower_module(ctx: &Context, module: &mut Body) -> Result<(), Diagnostic> {
    let mut symbols = AssertSymbols::of_module(ctx, module);
    for_each_arena(ctx, module, &mut |ctx, body| {
        lower_cf(ctx, body, &mut symbols);
        Ok(())
    })?;
    symbols.finish(ctx, module);
    Ok(())
}

pub fn lower_cf(ctx: &Context, body: &mut Body, symbols: &mut AssertSymbols) {
    let mut lw = Lowerer::new(ctx);
    let ops = ops_preorder(body);
    // Branch targets in first-reference order (a set beside the list: a
    // search of the list per successor is quadratic in the blocks).
    let mut targets: Vec<Block> = Vec::new();
    let mut seen: FxHashSet<Block> = FxHashSet::default();
    for &op in &ops {
        let name = ctx.op_name_str(body.op_name(op));
        if matches!(name, "cf.br" | "cf.cond_br" | "cf.switch") {
            for &s in body.successors(op) {
                if !body.is_entry_block(s) && seen.insert(s) {
                    targets.push(s);
                }
            }
        }
    }
    let mut casts = Vec::new();
    for b in targets {
        convert_block_signature(ctx, body, b, &mut casts);
    }
    for op in ops {
        if body.is_erased(op) {
            continue;
        }
        let name = ctx.op_name_str(body.op_name(op)).to_string();
        if name == "cf.assert" {
            lower_assert(ctx, body, op, symbols);
            continue;
        }
        if !matches!(name.as_str(), "cf.br" | "cf.cond_br" | "cf.switch") {
            continue;
        }
        let operands: Vec<Value> = body.operand_vec(op).into_iter().map(|v| lw.converted(body, v)).collect();
        let succs = body.successors(op).to_vec();
        let loc = body.op_loc(op);
        let mut a = body.op_attrs(op);
        if name != "cf.br" {
            // Branch weights are not carried over.
            let keep = ["operandSegmentSizes", "case_values", "case_operand_segments"];
            let entries: Vec<_> =
                ctx.dict_entries(a).iter().copied().filter(|(k, _)| keep.contains(&ctx.str(*k))).collect();
            a = ctx.dictionary(entries);
        }
        let new_name = match name.as_str() {
            "cf.br" => "llvm.br",
            "cf.cond_br" => "llvm.cond_br",
            _ => "llvm.switch",
        };
        lw.at = Some(At::Before(op));
        lw.create(body, OpSpec::new(ctx, new_name, loc).operands(&operands).successors(&succs).attrs(a));
        body.erase_op(op);
    }
    lw.finish(body);
    for c in casts {
        if !body.is_erased(c) && body.op_results_unused(c) {
            body.erase_op(c);
        }
    }
}
