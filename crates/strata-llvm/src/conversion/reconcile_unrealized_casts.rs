//! `reconcile-unrealized-casts`: folds chains of
//! `builtin.unrealized_conversion_cast` that lead back to the type they
//! started from (`A -> B -> A` is the original value), erases casts left
//! without users. A cast that is still needed stays, as upstream leaves
//! it (the lowering was incomplete there; translation to LLVM IR then
//! reports it).

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use super::common::{for_each_function, ops_preorder, CAST};

pub const INFO: PassInfo = PassInfo {
    argument: "reconcile-unrealized-casts",
    description: "Simplify and eliminate unrealized conversion casts",
    options: &[],
    ctor: |opts| {
        opts.apply("reconcile-unrealized-casts", |_, _| None)?;
        Ok(Box::new(ReconcileUnrealizedCasts))
    },
};

pub struct ReconcileUnrealizedCasts;

impl Pass for ReconcileUnrealizedCasts {
    fn argument(&self) -> &'static str {
        "reconcile-unrealized-casts"
    }
    fn name(&self) -> &'static str {
        "ReconcileUnrealizedCastsPass"
    }
    // Op-agnostic, as upstream's.
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        reconcile(target.ctx, target.body)?;
        for_each_function(target, reconcile)?;
        Ok(PreservedAnalyses::none())
    }
}

fn is_cast(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_name_is(body.op_name(op), CAST)
}

pub fn reconcile(ctx: &Context, body: &mut Body) -> Result<(), Diagnostic> {
    let casts: Vec<Op> = ops_preorder(body).into_iter().filter(|&op| is_cast(ctx, body, op)).collect();
    // Users of a cast whose result type is the type at the start of its
    // chain of single-operand casts read the chain's start instead.
    for &c in &casts {
        if body.is_erased(c) || body.num_operands(c) != 1 || body.num_results(c) != 1 {
            continue;
        }
        let out = body.result(c, 0);
        let want = body.value_type(out);
        let mut v = body.operand(c, 0);
        loop {
            if body.value_type(v) == want {
                body.replace_all_uses_with(out, v);
                break;
            }
            match body.defining_op(v) {
                Some(d) if is_cast(ctx, body, d) && body.num_operands(d) == 1 => v = body.operand(d, 0),
                _ => break,
            }
        }
    }
    // Dead casts go, users first so that chains die together.
    let mut changed = true;
    while changed {
        changed = false;
        for &c in casts.iter().rev() {
            if !body.is_erased(c) && body.op_block(c).is_some() && body.op_results_unused(c) {
                body.erase_op(c);
                changed = true;
            }
        }
    }
    Ok(())
}
