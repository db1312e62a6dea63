//! `cf.assert` in `convert-cf-to-llvm`, as upstream lowers it (abort on a
//! failed assertion): the block is split after the assertion, which becomes
//! `llvm.cond_br %cond, ^continue, ^failure`; the failure block, appended
//! at the end of the region, prints the message with `puts` (a private
//! constant global `assert_msg`, `assert_msg_0`, ... holding the text and
//! a NUL) and calls `abort`. The globals and the `puts`/`abort`
//! declarations are added at the top of the module in creation order.

use rustc_hash::{FxHashMap, FxHashSet};

use strata_ir::{Attribute, Body, Context, Op, OpSpec};

use super::common::attrs;
use crate::dialect::memory::{dense_bytes_global_attrs, gep_attrs};
use crate::dialect::types::{array_type, func_type, ptr_type, void_type};

/// Module symbols the assertions need, created while functions are lowered
/// and added to the module afterwards (each at its top, in order).
#[derive(Default)]
pub struct AssertSymbols {
    /// Symbol names of the module, including those created here.
    pub taken: FxHashSet<String>,
    /// Top-level ops to add: their attributes (a global or a declaration).
    pub created: Vec<Attribute>,
    /// Per base name, where the next `unique` starts in the sequence
    /// `base`, `base_0`, `base_1`, ...: the names before it are taken and
    /// names stay taken, so searching from `base` again would find the same
    /// name, in time quadratic in the assertions.
    next_candidate: FxHashMap<String, usize>,
}

impl AssertSymbols {
    /// The symbols of the module arena `module`.
    pub fn of_module(ctx: &Context, module: &Body) -> AssertSymbols {
        let mut s = AssertSymbols::default();
        if let Some(block) = module.root_regions().first().and_then(|&r| module.first_block(r)) {
            for op in module.block_ops(block) {
                if let Some(n) = module.op_attr(ctx, op, "sym_name").and_then(|a| ctx.as_string(a)) {
                    s.taken.insert(String::from_utf8_lossy(n).into_owned());
                }
            }
        }
        s
    }

    /// `base`, or `base_0`, `base_1`, ... when taken (upstream's unique
    /// symbol naming).
    fn unique(&mut self, base: &str) -> String {
        // Candidate `p` of the sequence base, base_0, base_1, ...
        let candidate = |p: usize| if p == 0 { base.to_string() } else { format!("{base}_{}", p - 1) };
        let mut p = self.next_candidate.get(base).copied().unwrap_or(0);
        let mut name = candidate(p);
        while self.taken.contains(&name) {
            p += 1;
            name = candidate(p);
        }
        self.next_candidate.insert(base.to_string(), p + 1);
        self.taken.insert(name.clone());
        name
    }

    fn declare(&mut self, ctx: &Context, name: &str, inputs: &[strata_ir::Type]) {
        if self.taken.insert(name.to_string()) {
            let fty = func_type(ctx, void_type(ctx), inputs, false);
            self.created
                .push(attrs(ctx, &[("sym_name", ctx.string_attr(name)), ("function_type", ctx.type_attr(fty))]));
        }
    }

    /// Adds the created symbols at the top of `module`.
    pub fn finish(self, ctx: &Context, module: &mut Body) {
        let Some(block) = module.root_regions().first().and_then(|&r| module.first_block(r)) else { return };
        for a in self.created {
            let name = if ctx.dict_get(a, "global_type").is_some() { "llvm.mlir.global" } else { "llvm.func" };
            let op = module.create_op(OpSpec::new(ctx, name, strata_ir::Location::Unknown).attrs(a).regions(1));
            module.prepend_op(block, op);
        }
    }
}

/// Lowers one `cf.assert`.
pub fn lower_assert(ctx: &Context, body: &mut Body, op: Op, symbols: &mut AssertSymbols) {
    let loc = body.op_loc(op);
    let Some(block) = body.op_block(op) else { return };
    let Some(region) = body.block_region(block) else { return };
    let mut message =
        body.op_attr(ctx, op, "msg").and_then(|a| ctx.as_string(a)).map(|s| s.to_vec()).unwrap_or_default();
    message.push(0);
    let global = symbols.unique("assert_msg");
    symbols.created.push(dense_bytes_global_attrs(ctx, &global, "private", &message));
    let ptr = ptr_type(ctx);
    symbols.declare(ctx, "puts", &[ptr]);
    symbols.declare(ctx, "abort", &[]);
    let cont = body.split_block(block, body.next_op(op));
    let fail = body.create_block();
    body.append_block(region, fail);
    let append = |body: &mut Body, spec: OpSpec| {
        let o = body.create_op(spec);
        body.append_op(fail, o);
        o
    };
    let addr = append(
        body,
        OpSpec::new(ctx, "llvm.mlir.addressof", loc)
            .results(&[ptr])
            .attrs(attrs(ctx, &[("global_name", ctx.symbol_ref(&global))])),
    );
    let addr = body.result(addr, 0);
    let elem = array_type(ctx, message.len() as u64, ctx.integer_type(8));
    let gep = append(
        body,
        OpSpec::new(ctx, "llvm.getelementptr", loc).operands(&[addr]).results(&[ptr]).attrs(gep_attrs(
            ctx,
            &[Some(0)],
            elem,
            None,
        )),
    );
    let text = body.result(gep, 0);
    append(
        body,
        OpSpec::new(ctx, "llvm.call", loc).operands(&[text]).attrs(attrs(ctx, &[("callee", ctx.symbol_ref("puts"))])),
    );
    append(body, OpSpec::new(ctx, "llvm.call", loc).attrs(attrs(ctx, &[("callee", ctx.symbol_ref("abort"))])));
    append(body, OpSpec::new(ctx, "llvm.unreachable", loc));
    let cond = body.operand(op, 0);
    let seg = strata_ir::branch::dense_i32_array(ctx, &[1, 0, 0]);
    let br = body.create_op(
        OpSpec::new(ctx, "llvm.cond_br", loc)
            .operands(&[cond])
            .successors(&[cont, fail])
            .attrs(attrs(ctx, &[("operandSegmentSizes", seg)])),
    );
    body.insert_op_before(op, br);
    body.erase_op(op);
}
