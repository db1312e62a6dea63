//! `finalize-memref-to-llvm` (upstream's MemRefToLLVM) for memrefs with
//! the identity layout (static or dynamic sizes): `memref.alloc` calls `malloc`
//! with the size computed through a GEP on a null pointer and builds the
//! descriptor `(allocated, aligned, offset, sizes, strides)`;
//! `memref.load`/`memref.store` address the aligned pointer with the
//! row-major linearized index (`i * stride + j`, `nsw nuw` as upstream);
//! `memref.dealloc` calls `free` on the allocated pointer. `malloc` and
//! `free` are declared at the top of the module when first needed.

use strata_ir::{Body, Context, Diagnostic, Location, Op, OpSpec, Type, TypeKind, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use super::common::{attrs, convert_type, descriptor_type, is_supported_memref, ops_preorder, At, Lowerer};
use super::fold_first::{fold_first, ConstantFolds};
use crate::dialect::arith::{OVERFLOW_NSW, OVERFLOW_NUW};
use crate::dialect::asm::dense_i64_array;
use crate::dialect::memory::gep_attrs;
use crate::dialect::types::{func_type, ptr_type, void_type};

pub const INFO: PassInfo = PassInfo {
    argument: "finalize-memref-to-llvm",
    description: "Finalize MemRef dialect to LLVM dialect conversion",
    options: &[],
    ctor: |opts| {
        opts.apply("finalize-memref-to-llvm", |_, _| None)?;
        Ok(Box::new(MemRefToLlvm))
    },
};

pub struct MemRefToLlvm;

impl Pass for MemRefToLlvm {
    fn argument(&self) -> &'static str {
        "finalize-memref-to-llvm"
    }
    fn name(&self) -> &'static str {
        "FinalizeMemRefToLLVMConversionPass"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        lower_module(target.ctx, target.body)?;
        Ok(PreservedAnalyses::none())
    }
}

/// Lowers the functions of one module arena (and of the modules nested in
/// it, each declaring what it uses).
pub fn lower_module(ctx: &Context, module: &mut Body) -> Result<(), Diagnostic> {
    let mut needs = Needs::default();
    let isolated: Vec<Op> =
        super::common::ops_preorder(module).into_iter().filter(|&op| module.is_isolated(op)).collect();
    for op in isolated {
        let is_module = ctx.op_name_is(module.op_name(op), "builtin.module");
        let Some(mut nested) = module.take_nested(op) else { continue };
        let r = if is_module {
            lower_module(ctx, &mut nested)
        } else {
            lower_memref(ctx, &mut nested, &mut needs).and_then(|()| {
                super::common::for_each_arena(ctx, &mut nested, &mut |ctx, b| lower_memref(ctx, b, &mut needs))
            })
        };
        module.put_nested(op, nested);
        r?;
    }
    // Declared in this order at the module's start, as upstream's
    // lookup-or-create leaves them: `free` above `malloc`.
    if needs.malloc {
        declare(ctx, module, "malloc", ptr_type(ctx), &[ctx.i64()]);
    }
    if needs.free {
        declare(ctx, module, "free", void_type(ctx), &[ptr_type(ctx)]);
    }
    Ok(())
}

#[derive(Default)]
pub struct Needs {
    pub malloc: bool,
    pub free: bool,
}

/// Adds `llvm.func @name(inputs) -> result` at the top of the module held
/// by `body` unless a symbol of that name exists.
pub fn declare(ctx: &Context, body: &mut Body, name: &str, result: Type, inputs: &[Type]) {
    let Some(&root) = body.root_regions().first() else { return };
    let Some(block) = body.first_block(root) else { return };
    let exists = body.block_ops(block).any(|op| {
        body.op_attr(ctx, op, "sym_name").and_then(|a| ctx.as_string(a)).is_some_and(|s| s == name.as_bytes())
    });
    if exists {
        return;
    }
    let a = attrs(
        ctx,
        &[("sym_name", ctx.string_attr(name)), ("function_type", ctx.type_attr(func_type(ctx, result, inputs, false)))],
    );
    let f = body.create_op(OpSpec::new(ctx, "llvm.func", Location::Unknown).attrs(a).regions(1));
    body.prepend_op(block, f);
}

/// The shape of a supported memref type (negative for dynamic sizes).
fn memref_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } if is_supported_memref(ctx, t) => Some(shape.to_vec()),
        _ => None,
    }
}

/// Row-major strides of an identity layout: `None` where a dynamic size
/// follows (the stride is then read from the descriptor).
fn strides_of(shape: &[i64]) -> Vec<Option<i64>> {
    let mut strides = vec![Some(1); shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = match (strides[i + 1], shape[i + 1]) {
            (Some(s), d) if d >= 0 => Some(s * d),
            _ => None,
        };
    }
    strides
}

pub fn lower_memref(ctx: &Context, body: &mut Body, needs: &mut Needs) -> Result<(), Diagnostic> {
    let mut lw = Lowerer::new(ctx);
    let ops = ops_preorder(body);
    refuse_unsupported_elements(ctx, body, &ops)?;
    for op in ops {
        if body.is_erased(op) || fold_first(&mut lw, body, op, ConstantFolds::Refuse) {
            continue;
        }
        match ctx.op_name_str(body.op_name(op)) {
            "memref.alloc" if lower_alloc(&mut lw, body, op) => needs.malloc = true,
            "memref.dealloc" if lower_dealloc(&mut lw, body, op) => needs.free = true,
            "memref.load" | "memref.store" => lower_access(&mut lw, body, op),
            _ => {}
        }
    }
    lw.finish(body);
    Ok(())
}

/// Memrefs of elements the lowering does not handle (`complex`,
/// vectors): an error at the first memref op using
/// one, rather than casts left live and exit status 0.
fn refuse_unsupported_elements(ctx: &Context, body: &Body, ops: &[Op]) -> Result<(), Diagnostic> {
    for &op in ops {
        if !ctx.op_name_str(body.op_name(op)).starts_with("memref.") {
            continue;
        }
        let types = body.operand_vec(op).into_iter().map(|v| body.value_type(v)).chain(body.result_types(op));
        for t in types {
            if let TypeKind::MemRef { element, .. } = ctx.type_kind(t) {
                let e = convert_type(ctx, *element);
                // Vector elements need upstream's over-aligned allocation,
                // complex ones a struct element: neither is here.
                if !super::common::is_scalar(ctx, e) {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        format!(
                            "finalize-memref-to-llvm: memrefs of '{}' elements are not supported (only integer, index and float elements)",
                            strata_ir::printer::type_to_string(ctx, *element)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

fn lower_alloc(lw: &mut Lowerer<'_>, body: &mut Body, op: Op) -> bool {
    let ctx = lw.ctx;
    let mt = body.value_type(body.result(op, 0));
    let Some(shape) = memref_shape(ctx, mt) else { return false };
    if body.op_attr(ctx, op, "alignment").is_some() {
        // Aligned allocation over-allocates and realigns; not supported here.
        return false;
    }
    let TypeKind::MemRef { element, .. } = ctx.type_kind(mt) else { return false };
    let element = *element;
    let loc = body.op_loc(op);
    let dynamic: Vec<Value> = body.operand_vec(op).into_iter().map(|v| lw.converted(body, v)).collect();
    if dynamic.len() != shape.iter().filter(|&&d| d < 0).count() {
        return false;
    }
    lw.at = Some(At::Before(op));
    let ptr = ptr_type(ctx);
    let i64t = ctx.i64();
    // Upstream's getMemRefDescriptorSizes: the sizes (dynamic ones from the
    // operands), then the running stride: a constant while the sizes seen
    // are static, a product once one is dynamic.
    let mut next_dynamic = dynamic.iter();
    let sizes: Vec<Value> = shape
        .iter()
        .map(|&d| if d >= 0 { lw.index_constant(body, loc, d) } else { *next_dynamic.next().expect("counted above") })
        .collect();
    let mut strides = vec![None; shape.len()];
    let mut running = lw.index_constant(body, loc, 1);
    let mut stride = Some(1i64);
    for i in (0..shape.len()).rev() {
        strides[i] = Some(running);
        let use_size_as_stride = stride == Some(1);
        stride = match stride {
            Some(s) if shape[i] >= 0 => Some(s * shape[i]),
            _ => None,
        };
        running = if use_size_as_stride {
            sizes[i]
        } else if let Some(s) = stride {
            lw.index_constant(body, loc, s)
        } else {
            lw.value(body, "llvm.mul", loc, &[running, sizes[i]], i64t, ctx.empty_dictionary())
        };
    }
    let null = lw.value(body, "llvm.mlir.zero", loc, &[], ptr, ctx.empty_dictionary());
    let gep = lw.value(
        body,
        "llvm.getelementptr",
        loc,
        &[null, running],
        ptr,
        gep_attrs(ctx, &[None], convert_type(ctx, element), None),
    );
    let bytes = lw.value(body, "llvm.ptrtoint", loc, &[gep], i64t, ctx.empty_dictionary());
    let call_attrs = attrs(ctx, &[("callee", ctx.symbol_ref("malloc"))]);
    let call = lw.create(body, OpSpec::new(ctx, "llvm.call", loc).operands(&[bytes]).results(&[ptr]).attrs(call_attrs));
    let allocated = body.result(call, 0);
    let dt = descriptor_type(ctx, shape.len());
    let mut desc = lw.value(body, "llvm.mlir.poison", loc, &[], dt, ctx.empty_dictionary());
    let insert = |lw: &mut Lowerer<'_>, body: &mut Body, desc: Value, v: Value, pos: &[i64]| {
        lw.value(body, "llvm.insertvalue", loc, &[desc, v], dt, attrs(ctx, &[("position", dense_i64_array(ctx, pos))]))
    };
    desc = insert(lw, body, desc, allocated, &[0]);
    desc = insert(lw, body, desc, allocated, &[1]);
    let zero = lw.index_constant(body, loc, 0);
    desc = insert(lw, body, desc, zero, &[2]);
    for (i, &s) in sizes.iter().enumerate() {
        desc = insert(lw, body, desc, s, &[3, i as i64]);
    }
    for (i, s) in strides.iter().enumerate() {
        desc = insert(lw, body, desc, s.expect("set above"), &[4, i as i64]);
    }
    lw.replace(body, op, &[desc]);
    true
}

fn lower_dealloc(lw: &mut Lowerer<'_>, body: &mut Body, op: Op) -> bool {
    let ctx = lw.ctx;
    let m = body.operand(op, 0);
    if !is_supported_memref(ctx, body.value_type(m)) {
        return false;
    }
    let desc = lw.converted(body, m);
    let loc = body.op_loc(op);
    lw.at = Some(At::Before(op));
    let allocated = lw.value(
        body,
        "llvm.extractvalue",
        loc,
        &[desc],
        ptr_type(ctx),
        attrs(ctx, &[("position", dense_i64_array(ctx, &[0]))]),
    );
    let call_attrs = attrs(ctx, &[("callee", ctx.symbol_ref("free"))]);
    lw.create(body, OpSpec::new(ctx, "llvm.call", loc).operands(&[allocated]).attrs(call_attrs));
    body.erase_op(op);
    true
}

/// `memref.load` (operands: memref, indices) and `memref.store` (value,
/// memref, indices).
fn lower_access(lw: &mut Lowerer<'_>, body: &mut Body, op: Op) {
    let ctx = lw.ctx;
    let is_store = ctx.op_name_is(body.op_name(op), "memref.store");
    let first = if is_store { 1 } else { 0 };
    let m = body.operand(op, first);
    let mt = body.value_type(m);
    let Some(shape) = memref_shape(ctx, mt) else { return };
    let TypeKind::MemRef { element, .. } = ctx.type_kind(mt) else { return };
    let element = *element;
    let loc = body.op_loc(op);
    let stored = if is_store { Some(lw.converted(body, body.operand(op, 0))) } else { None };
    let desc = lw.converted(body, m);
    let indices: Vec<Value> = body.operand_vec(op)[first + 1..].iter().map(|&v| lw.converted(body, v)).collect();
    lw.at = Some(At::Before(op));
    let ptr = ptr_type(ctx);
    let aligned =
        lw.value(body, "llvm.extractvalue", loc, &[desc], ptr, attrs(ctx, &[("position", dense_i64_array(ctx, &[1]))]));
    let flags = attrs(ctx, &[("overflowFlags", ctx.integer_attr(ctx.i32(), OVERFLOW_NSW | OVERFLOW_NUW))]);
    let mut index: Option<Value> = None;
    for (i, (&idx, &stride)) in indices.iter().zip(strides_of(&shape).iter()).enumerate() {
        let increment = match stride {
            Some(1) => idx,
            Some(s) => {
                let c = lw.index_constant(body, loc, s);
                lw.value(body, "llvm.mul", loc, &[idx, c], ctx.i64(), flags)
            }
            None => {
                let s = lw.value(
                    body,
                    "llvm.extractvalue",
                    loc,
                    &[desc],
                    ctx.i64(),
                    attrs(ctx, &[("position", dense_i64_array(ctx, &[4, i as i64]))]),
                );
                lw.value(body, "llvm.mul", loc, &[idx, s], ctx.i64(), flags)
            }
        };
        index = Some(match index {
            Some(acc) => lw.value(body, "llvm.add", loc, &[acc, increment], ctx.i64(), flags),
            None => increment,
        });
    }
    let addr = match index {
        Some(ix) => lw.value(
            body,
            "llvm.getelementptr",
            loc,
            &[aligned, ix],
            ptr,
            gep_attrs(ctx, &[None], convert_type(ctx, element), Some("inbounds|nuw")),
        ),
        None => aligned,
    };
    match stored {
        Some(v) => {
            lw.create(body, OpSpec::new(ctx, "llvm.store", loc).operands(&[v, addr]));
            body.erase_op(op);
        }
        None => {
            let rt = convert_type(ctx, element);
            let v = lw.value(body, "llvm.load", loc, &[addr], rt, ctx.empty_dictionary());
            lw.replace(body, op, &[v]);
        }
    }
}
