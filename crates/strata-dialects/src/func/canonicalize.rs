//! Canonicalization of the `func` dialect (MLIR's `FuncOps.cpp`): an
//! indirect call through a constant function reference becomes a direct
//! `func.call` (`CallIndirectOp::canonicalize`).

use strata_ir::fold::constant_value;
use strata_ir::{AttrKind, Context, Op, OpSpec, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

/// `func.call_indirect %f(args)` where `%f` is a constant symbol reference
/// -> `func.call @f(args)`; argument and result attributes are not carried
/// over, as upstream's builder does not.
fn call_indirect_of_constant(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    let Some(callee) = constant_value(rw.ctx, body, body.operand(op, 0)) else { return false };
    if !matches!(rw.ctx.attr_kind(callee), AttrKind::SymbolRef { .. }) {
        return false;
    }
    let args: Vec<Value> = body.operands(op).skip(1).collect();
    let results = body.result_types(op);
    let attrs = rw.ctx.dictionary(vec![(rw.ctx.intern_str("callee"), callee)]);
    let spec = OpSpec::new(rw.ctx, "func.call", body.op_loc(op)).operands(&args).results(&results).attrs(attrs);
    rw.replace_op_with_new(op, spec);
    true
}

pub(crate) fn populate_call_indirect(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("func.call_indirect"),
        name: "CallIndirectOp::canonicalize",
        benefit: 1,
        f: call_indirect_of_constant,
    });
}
