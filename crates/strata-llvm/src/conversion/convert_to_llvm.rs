//! `convert-to-llvm` (upstream's ConvertToLLVMPass): the lowerings of every
//! dialect that has one (`filter-dialects` narrows the set) in one pass.
//!
//! Upstream gathers each dialect's `ConvertToLLVMPatternInterface` patterns
//! into a single partial conversion, so a value converted by one dialect's
//! pattern reaches the next without a cast. Strata runs the per-dialect
//! lowerings in turn (arith, memref, cf, func: the order in which each one
//! finds its operands already converted, as the single conversion sees
//! them) and then folds away the cast pairs the sequence leaves between
//! two lowered ops (`reconcile-unrealized-casts`), which is where the
//! single conversion ends up (same text on tests/conversion/llvm/). With
//! one dialect, nothing is folded: the result is that dialect's pass.
//! Casts already in the input are folded too when several dialects are
//! lowered; upstream would keep them.

use strata_ir::{Body, Context, Diagnostic};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{parse_bool, parse_list, Pass, PassTarget};
use strata_pass::registry::PassInfo;

use super::common::for_each_function;
use super::{arith_to_llvm, cf_to_llvm, func_to_llvm, memref_to_llvm, reconcile_unrealized_casts};

pub const INFO: PassInfo = PassInfo {
    argument: "convert-to-llvm",
    description: "Convert to LLVM via dialect interfaces found in the input IR",
    options: &[
        ("allow-pattern-rollback", "Experimental performance flag to disallow pattern rollback"),
        ("dynamic", "Use op conversion attributes to configure the conversion"),
        ("filter-dialects=<string>", "Test conversion patterns of only the specified dialects"),
    ],
    ctor: |opts| {
        let mut pass = ConvertToLlvm { dialects: Vec::new() };
        opts.apply("convert-to-llvm", |k, v| {
            Some(match k {
                "filter-dialects" => {
                    pass.dialects = parse_list(v);
                    Ok(())
                }
                // Neither changes what the conversion produces here.
                "allow-pattern-rollback" | "dynamic" => parse_bool(v).map(|_| ()),
                _ => return None,
            })
        })?;
        Ok(Box::new(pass))
    },
};

/// The dialects with a lowering, in the order they are lowered.
const LOWERED: [&str; 4] = ["arith", "memref", "cf", "func"];

pub struct ConvertToLlvm {
    /// `filter-dialects`; empty means every dialect with a lowering.
    dialects: Vec<String>,
}

impl ConvertToLlvm {
    fn selected(&self) -> Vec<&'static str> {
        LOWERED.iter().copied().filter(|d| self.dialects.is_empty() || self.dialects.iter().any(|f| f == d)).collect()
    }
}

impl Pass for ConvertToLlvm {
    fn argument(&self) -> &'static str {
        "convert-to-llvm"
    }
    fn name(&self) -> &'static str {
        "ConvertToLLVMPass"
    }
    fn options_text(&self) -> String {
        if self.dialects.is_empty() {
            String::new()
        } else {
            format!("{{filter-dialects={}}}", self.dialects.join(","))
        }
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let selected = self.selected();
        let on_module = ctx.op_name_is(target.parent.op_name(target.op), "builtin.module");
        if !on_module {
            // memref, cf and func add declarations and globals to the
            // module, which a pass on a nested op cannot reach here.
            if let Some(d) = selected.iter().find(|&&d| d != "arith") {
                return Err(Diagnostic::error(
                    target.parent.op_loc(target.op),
                    format!("convert-to-llvm: the {d} lowering runs on a builtin.module only (use filter-dialects=arith, or run the pass on the module)"),
                ));
            }
        }
        for d in &selected {
            match *d {
                "arith" => {
                    arith_to_llvm::lower_arith(ctx, target.body);
                    for_each_function(target, |ctx, body| {
                        arith_to_llvm::lower_arith(ctx, body);
                        Ok(())
                    })?;
                }
                "memref" => memref_to_llvm::lower_module(ctx, target.body)?,
                "cf" => cf_to_llvm::lower_module(ctx, target.body)?,
                "func" => func_to_llvm::lower_module(ctx, target.body)?,
                _ => unreachable!("not in LOWERED"),
            }
        }
        if selected.len() > 1 {
            reconcile(ctx, target)?;
        }
        Ok(PreservedAnalyses::none())
    }
}

fn reconcile(ctx: &Context, target: &mut PassTarget<'_>) -> Result<(), Diagnostic> {
    let own: &mut Body = target.body;
    reconcile_unrealized_casts::reconcile(ctx, own)?;
    for_each_function(target, reconcile_unrealized_casts::reconcile)
}
