//! Chapter 6's `PrintOpLowering` as a pass, `toy-print-to-llvm`: each
//! `toy.print %m : memref<...>` becomes a nest of `scf.for` loops (one per
//! dimension, bounds as `arith.constant`s) whose innermost body loads the
//! element and calls `printf("%f ", x)`; every loop but the innermost ends
//! by printing a newline. The format strings are the module's internal
//! constant globals `frmt_spec` ("%f \0") and `nl` ("\n\0"), addressed
//! through `addressof` and a `[0, 0]` GEP, and `printf` is declared as
//! `llvm.func @printf(!llvm.ptr, ...) -> i32` — all created once at the top
//! of the module, as the tutorial's `getOrInsertPrintf` /
//! `getOrCreateGlobalString` do.

use strata_ir::{Body, Context, Diagnostic, Location, Op, OpSpec, TypeKind, Value};
use strata_llvm::conversion::common::attrs;
use strata_llvm::dialect::memory::{gep_attrs, string_global_attrs};
use strata_llvm::dialect::types::{array_type, func_type, ptr_type};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

pub const INFO: PassInfo = PassInfo {
    argument: "toy-print-to-llvm",
    description: "Lower toy.print on memrefs to printf calls in scf.for loops (chapter 6's PrintOpLowering)",
    options: &[],
    ctor: |opts| {
        opts.apply("toy-print-to-llvm", |_, _| None)?;
        Ok(Box::new(PrintToLlvm))
    },
};

const FORMAT: &[u8] = b"%f \0";
const NEWLINE: &[u8] = b"\n\0";

pub struct PrintToLlvm;

impl Pass for PrintToLlvm {
    fn argument(&self) -> &'static str {
        "toy-print-to-llvm"
    }
    fn name(&self) -> &'static str {
        "ToyPrintToLLVMPass"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let mut any = false;
        let mut funcs = Vec::new();
        target.body.walk_pre(&mut |op| funcs.push(op));
        for f in funcs {
            let Some(mut nested) = target.body.take_nested(f) else { continue };
            let r = lower_prints(ctx, &mut nested);
            target.body.put_nested(f, nested);
            any |= r?;
        }
        if any {
            declare_module_symbols(ctx, target.body);
        }
        Ok(PreservedAnalyses::none())
    }
}

/// `printf`, `nl` and `frmt_spec` at the top of the module (in the order
/// the tutorial's insertions at the module start leave them).
fn declare_module_symbols(ctx: &Context, body: &mut Body) {
    let Some(block) = body.root_regions().first().and_then(|&r| body.first_block(r)) else { return };
    let has = |body: &Body, name: &str| {
        body.block_ops(block).any(|op| {
            body.op_attr(ctx, op, "sym_name").and_then(|a| ctx.as_string(a)).is_some_and(|s| s == name.as_bytes())
        })
    };
    let mut created: Vec<Op> = Vec::new();
    if !has(body, "printf") {
        let fty = func_type(ctx, ctx.i32(), &[ptr_type(ctx)], true);
        let a = attrs(ctx, &[("sym_name", ctx.string_attr("printf")), ("function_type", ctx.type_attr(fty))]);
        created.push(body.create_op(OpSpec::new(ctx, "llvm.func", Location::Unknown).attrs(a).regions(1)));
    }
    for (name, bytes) in [("nl", NEWLINE), ("frmt_spec", FORMAT)] {
        if !has(body, name) {
            created.push(
                body.create_op(
                    OpSpec::new(ctx, "llvm.mlir.global", Location::Unknown)
                        .attrs(string_global_attrs(ctx, name, bytes))
                        .regions(1),
                ),
            );
        }
    }
    for op in created.into_iter().rev() {
        body.prepend_op(block, op);
    }
}

/// Lowers the `toy.print`s of one function; true if there were any.
fn lower_prints(ctx: &Context, body: &mut Body) -> Result<bool, Diagnostic> {
    let mut prints = Vec::new();
    body.walk_pre(&mut |op| {
        if ctx.op_name_is(body.op_name(op), "toy.print") {
            prints.push(op);
        }
    });
    for &op in &prints {
        lower_print(ctx, body, op)?;
    }
    Ok(!prints.is_empty())
}

/// Creates the op of `spec` right before `before`.
fn create(body: &mut Body, before: Op, spec: OpSpec) -> Op {
    let op = body.create_op(spec);
    body.insert_op_before(before, op);
    op
}

/// The address of global string `name` (`addressof` + GEP `[0, 0]`).
fn string_address(ctx: &Context, body: &mut Body, before: Op, loc: Location, name: &str, len: usize) -> Value {
    let ptr = ptr_type(ctx);
    let addr = create(
        body,
        before,
        OpSpec::new(ctx, "llvm.mlir.addressof", loc)
            .results(&[ptr])
            .attrs(attrs(ctx, &[("global_name", ctx.symbol_ref(name))])),
    );
    let zero = create(
        body,
        before,
        OpSpec::new(ctx, "llvm.mlir.constant", loc)
            .results(&[ctx.i64()])
            .attrs(attrs(ctx, &[("value", ctx.integer_attr(ctx.index_type(), 0))])),
    );
    let (a, z) = (body.result(addr, 0), body.result(zero, 0));
    let gep = create(
        body,
        before,
        OpSpec::new(ctx, "llvm.getelementptr", loc).operands(&[a, z, z]).results(&[ptr]).attrs(gep_attrs(
            ctx,
            &[None, None],
            array_type(ctx, len as u64, ctx.integer_type(8)),
            None,
        )),
    );
    body.result(gep, 0)
}

fn printf(ctx: &Context, body: &mut Body, before: Op, loc: Location, args: &[Value]) {
    let fty = func_type(ctx, ctx.i32(), &[ptr_type(ctx)], true);
    let a = attrs(ctx, &[("callee", ctx.symbol_ref("printf")), ("var_callee_type", ctx.type_attr(fty))]);
    create(body, before, OpSpec::new(ctx, "llvm.call", loc).operands(args).results(&[ctx.i32()]).attrs(a));
}

fn index_constant(ctx: &Context, body: &mut Body, before: Op, loc: Location, v: i64) -> Value {
    let idx = ctx.index_type();
    let c = create(
        body,
        before,
        OpSpec::new(ctx, "arith.constant", loc)
            .results(&[idx])
            .attrs(attrs(ctx, &[("value", ctx.integer_attr(idx, v))])),
    );
    body.result(c, 0)
}

fn lower_print(ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
    let loc = body.op_loc(op);
    let input = body.operand(op, 0);
    let TypeKind::MemRef { shape, element, .. } = ctx.type_kind(body.value_type(input)) else {
        return Err(Diagnostic::error(loc, "toy.print must be lowered to affine first (its operand is not a memref)"));
    };
    let (shape, element) = (shape.to_vec(), *element);
    if element != ctx.f64() {
        return Err(Diagnostic::error(loc, "toy.print lowers buffers of f64 only (printf's %f)"));
    }
    if shape.iter().any(|&d| d < 0) {
        return Err(Diagnostic::error(loc, "toy.print of a dynamically shaped memref cannot be lowered"));
    }
    let format = string_address(ctx, body, op, loc, "frmt_spec", FORMAT.len());
    let newline = string_address(ctx, body, op, loc, "nl", NEWLINE.len());
    // Build the nest: each loop's body starts empty, ends with the
    // newline call (all but the innermost) and `scf.yield`; the next loop
    // and finally the element print go at the start of the innermost body.
    let mut anchor = op;
    let mut ivs = Vec::new();
    let rank = shape.len();
    for (i, &dim) in shape.iter().enumerate() {
        let lb = index_constant(ctx, body, anchor, loc, 0);
        let ub = index_constant(ctx, body, anchor, loc, dim);
        let step = index_constant(ctx, body, anchor, loc, 1);
        let for_op = body.create_op(OpSpec::new(ctx, "scf.for", loc).operands(&[lb, ub, step]).regions(1));
        body.insert_op_before(anchor, for_op);
        let region = body.local_regions(for_op)[0];
        let block = body.create_block();
        body.append_block(region, block);
        let iv = body.add_block_arg(block, ctx.index_type(), loc);
        ivs.push(iv);
        let yield_op = body.create_op(OpSpec::new(ctx, "scf.yield", loc));
        body.append_op(block, yield_op);
        if i != rank - 1 {
            printf(ctx, body, yield_op, loc, &[newline]);
        }
        anchor = body.first_op(block).expect("the yield is there");
    }
    let mut load_operands = vec![input];
    load_operands.extend(&ivs);
    let elem = create(body, anchor, OpSpec::new(ctx, "memref.load", loc).operands(&load_operands).results(&[element]));
    let x = body.result(elem, 0);
    printf(ctx, body, anchor, loc, &[format, x]);
    body.erase_op(op);
    Ok(())
}
