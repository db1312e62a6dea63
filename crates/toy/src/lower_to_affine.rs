//! Chapter 5's partial lowering (the tutorial's `LowerToAffineLoops.cpp`):
//! toy ops on tensors become `affine` loop nests over `memref` buffers with
//! `arith` compute; `toy.func main` becomes `func.func`, `toy.return`
//! `func.return`; `toy.print` stays, taking the buffer. Driven by the
//! dialect conversion framework (`strata_rewrite::conversion`) with the
//! toy dialect illegal, so any toy op left (a reshape, a call that was not
//! inlined) fails with "failed to legalize operation".

use strata_dialects::affine::{build_constant_for, identity_access_attrs};
use strata_ir::{AttrKind, Block, Context, Diagnostic, Location, Op, OpSpec, Type, TypeKind, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_rewrite::conversion::{
    apply_partial_conversion, ConversionPattern, ConversionPatternSet, ConversionRewriter, ConversionTarget,
};

pub const INFO: PassInfo = PassInfo {
    argument: "toy-to-affine",
    description: "Lower toy operations to a combination of affine, memref and arith operations",
    options: &[],
    ctor: |opts| {
        opts.apply("toy-to-affine", |_, _| None)?;
        Ok(Box::new(ToyToAffineLoweringPass))
    },
};

pub struct ToyToAffineLoweringPass;

impl Pass for ToyToAffineLoweringPass {
    fn argument(&self) -> &'static str {
        "toy-to-affine"
    }
    fn name(&self) -> &'static str {
        "ToyToAffineLoweringPass"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        check_sizes(ctx, target.body, machine_memory_bytes())?;
        let mut conversion_target = ConversionTarget::new();
        for d in ["affine", "builtin", "arith", "func", "memref"] {
            conversion_target.add_legal_dialect(d);
        }
        conversion_target.add_illegal_dialect("toy");
        conversion_target.add_dynamically_legal_op("toy.print", |ctx, body, op| {
            body.operand_types(op)
                .iter()
                .all(|&t| !matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }))
        });
        let mut patterns = ConversionPatternSet::new();
        patterns.add(Lowering { root: "toy.add", kind: Kind::Binary("arith.addf") });
        patterns.add(Lowering { root: "toy.constant", kind: Kind::Constant });
        patterns.add(Lowering { root: "toy.func", kind: Kind::Func });
        patterns.add(Lowering { root: "toy.mul", kind: Kind::Binary("arith.mulf") });
        patterns.add(Lowering { root: "toy.print", kind: Kind::Print });
        patterns.add(Lowering { root: "toy.return", kind: Kind::Return });
        patterns.add(Lowering { root: "toy.transpose", kind: Kind::Transpose });
        apply_partial_conversion(ctx, target.body, &conversion_target, &patterns, None)?;
        Ok(PreservedAnalyses::none())
    }
}

/// The host's physical memory (`MemTotal` of /proc/meminfo); where that
/// cannot be read, the most one allocation can hold (`isize::MAX`).
fn machine_memory_bytes() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        kib.checked_mul(1024)
    });
    total.unwrap_or(isize::MAX as u64)
}

/// Refuses, at the op that produces it, any tensor whose f64 buffer the
/// machine cannot hold (`limit` bytes) or whose element count overflows:
/// lowering gives every such tensor a `memref.alloc` the JIT would have to
/// allocate, and a constant one `affine.store` per element, so memory would
/// grow without bound before anything failed.
fn check_sizes(ctx: &Context, body: &strata_ir::Body, limit: u64) -> Result<(), Diagnostic> {
    fn walk(ctx: &Context, body: &strata_ir::Body, r: strata_ir::Region, limit: u64) -> Result<(), Diagnostic> {
        for b in body.blocks(r) {
            for op in body.block_ops(b) {
                for ty in body.result_types(op).iter() {
                    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(*ty) else { continue };
                    let bytes = shape.iter().try_fold(8u64, |n, &d| n.checked_mul(d.max(0) as u64));
                    if bytes.is_none_or(|b| b > limit) {
                        let need = bytes.map_or_else(|| "more than 2^64".to_string(), |b| b.to_string());
                        return Err(Diagnostic::error(
                            body.op_loc(op),
                            format!(
                                "{} needs {need} bytes, more than this machine can hold ({limit} bytes of memory)",
                                strata_ir::printer::type_to_string(ctx, *ty)
                            ),
                        ));
                    }
                }
                let (rb, regions) = body.regions_of(op);
                for &inner in regions {
                    walk(ctx, rb, inner, limit)?;
                }
            }
        }
        Ok(())
    }
    for &r in body.root_regions() {
        walk(ctx, body, r, limit)?;
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum Kind {
    Binary(&'static str),
    Constant,
    Func,
    Print,
    Return,
    Transpose,
}

struct Lowering {
    root: &'static str,
    kind: Kind,
}

impl ConversionPattern for Lowering {
    fn root(&self) -> Option<&str> {
        Some(self.root)
    }
    fn name(&self) -> &str {
        match self.kind {
            Kind::Binary("arith.addf") => "AddOpLowering",
            Kind::Binary(_) => "MulOpLowering",
            Kind::Constant => "ConstantOpLowering",
            Kind::Func => "FuncOpLowering",
            Kind::Print => "PrintOpLowering",
            Kind::Return => "ReturnOpLowering",
            Kind::Transpose => "TransposeOpLowering",
        }
    }
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        match self.kind {
            Kind::Binary(arith_op) => lower_to_loops(op, rw, |rw, loc, ivs| {
                let ctx = rw.ctx;
                let lhs = load(rw, operands[0], ivs, loc);
                let rhs = load(rw, operands[1], ivs, loc);
                let attrs = ctx.dictionary(vec![(ctx.intern_str("fastmath"), fastmath_none(ctx))]);
                let r =
                    rw.create(OpSpec::new(ctx, arith_op, loc).operands(&[lhs, rhs]).results(&[ctx.f64()]).attrs(attrs));
                rw.body().result(r, 0)
            }),
            Kind::Transpose => lower_to_loops(op, rw, |rw, loc, ivs| {
                let reversed: Vec<Value> = ivs.iter().rev().copied().collect();
                load(rw, operands[0], &reversed, loc)
            }),
            Kind::Constant => lower_constant(op, rw),
            Kind::Func => lower_func(op, rw),
            Kind::Print => {
                let ops = operands.to_vec();
                rw.modify_in_place(op, |b| b.set_operands(op, &ops));
                true
            }
            Kind::Return => {
                if !operands.is_empty() {
                    return false;
                }
                let loc = rw.body().op_loc(op);
                let ctx = rw.ctx;
                rw.replace_op_with_new(op, OpSpec::new(ctx, "func.return", loc));
                true
            }
        }
    }
}

/// `#arith.fastmath<none>`, the default every float op carries.
fn fastmath_none(ctx: &Context) -> strata_ir::Attribute {
    strata_dialects::arith::fastmath_attr(ctx, 0)
}

fn memref_of(ctx: &Context, tensor: Type) -> Option<Type> {
    match ctx.type_kind(tensor) {
        TypeKind::RankedTensor { shape, element, .. } => Some(ctx.memref_type(shape, *element)),
        _ => None,
    }
}

/// `memref.alloc` at the start of the op's block and `memref.dealloc`
/// before the block's last op (toy functions have no control flow).
fn alloc_and_dealloc(rw: &mut ConversionRewriter<'_, '_>, op: Op, ty: Type, loc: Location) -> Option<Value> {
    let ctx = rw.ctx;
    let block = rw.body().op_block(op)?;
    let alloc = rw.create(OpSpec::new(ctx, "memref.alloc", loc).results(&[ty]).attrs(
        ctx.dictionary(vec![(ctx.intern_str("operandSegmentSizes"), strata_ir::branch::dense_i32_array(ctx, &[0, 0]))]),
    ));
    let first = rw.body().first_op(block)?;
    if first != alloc {
        rw.move_op_before(alloc, first);
    }
    let value = rw.body().result(alloc, 0);
    let dealloc = rw.create(OpSpec::new(ctx, "memref.dealloc", loc).operands(&[value]));
    let last = rw.body().last_op(block)?;
    if last != dealloc {
        rw.move_op_before(dealloc, last);
    }
    Some(value)
}

fn load(rw: &mut ConversionRewriter<'_, '_>, memref: Value, ivs: &[Value], loc: Location) -> Value {
    let ctx = rw.ctx;
    let mut operands = vec![memref];
    operands.extend_from_slice(ivs);
    let l = rw.create(
        OpSpec::new(ctx, "affine.load", loc)
            .operands(&operands)
            .results(&[ctx.f64()])
            .attrs(identity_access_attrs(ctx, ivs.len())),
    );
    rw.body().result(l, 0)
}

/// `affine.store` with `attrs` (the identity map over `indices`, built
/// once per lowered op: interning it per element is measurable).
fn store(
    rw: &mut ConversionRewriter<'_, '_>,
    value: Value,
    memref: Value,
    indices: &[Value],
    attrs: strata_ir::Attribute,
    loc: Location,
) {
    let ctx = rw.ctx;
    let mut operands = vec![value, memref];
    operands.extend_from_slice(indices);
    rw.create(OpSpec::new(ctx, "affine.store", loc).operands(&operands).attrs(attrs));
}

/// The tutorial's `lowerOpToLoops`: a buffer for the result, a loop nest
/// over its shape whose innermost body stores what `element` computes for
/// the induction variables, and the op replaced by the buffer.
fn lower_to_loops(
    op: Op,
    rw: &mut ConversionRewriter<'_, '_>,
    element: impl FnOnce(&mut ConversionRewriter<'_, '_>, Location, &[Value]) -> Value,
) -> bool {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let tensor = rw.body().value_type(rw.body().result(op, 0));
    let Some(memref) = memref_of(ctx, tensor) else { return false };
    let shape = ctx.shape(tensor).map(|s| s.to_vec()).unwrap_or_default();
    if shape.iter().any(|&d| d < 0) {
        return false;
    }
    rw.set_insertion_point_before(op);
    let Some(alloc) = alloc_and_dealloc(rw, op, memref, loc) else { return false };
    rw.set_insertion_point_before(op);
    let mut ivs = Vec::new();
    for &extent in &shape {
        let (for_op, body_block): (Op, Block) = build_constant_for(ctx, rw.body_mut_unnotified(), 0, extent, loc);
        rw.insert(for_op);
        ivs.push(rw.body().block_args(body_block)[0]);
        let yield_op = rw.body().last_op(body_block).expect("affine.for body ends in affine.yield");
        rw.set_insertion_point_before(yield_op);
    }
    let value = element(rw, loc, &ivs);
    let attrs = identity_access_attrs(ctx, ivs.len());
    store(rw, value, alloc, &ivs, attrs, loc);
    rw.replace_op(op, &[alloc]);
    true
}

/// Dense f64 values of a `toy.constant` (splats expanded).
fn constant_values(ctx: &Context, attr: strata_ir::Attribute, count: usize) -> Option<Vec<f64>> {
    let AttrKind::DenseElements { data, .. } = ctx.attr_kind(attr) else { return None };
    let values: Vec<f64> =
        data.bytes.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect();
    if data.splat || (values.len() == 1 && count != 1) {
        return Some(vec![*values.first()?; count]);
    }
    (values.len() == count).then_some(values)
}

/// `ConstantOpLowering`: a buffer, index constants up to the largest
/// dimension, and one `affine.store` of an `arith.constant` per element in
/// row-major order.
fn lower_constant(op: Op, rw: &mut ConversionRewriter<'_, '_>) -> bool {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let tensor = rw.body().value_type(rw.body().result(op, 0));
    let Some(memref) = memref_of(ctx, tensor) else { return false };
    let shape = ctx.shape(tensor).map(|s| s.to_vec()).unwrap_or_default();
    let count = shape.iter().product::<i64>().max(0) as usize;
    let Some(attr) = rw.body().op_attr(ctx, op, "value") else { return false };
    let Some(values) = constant_values(ctx, attr, count) else { return false };
    rw.set_insertion_point_before(op);
    let Some(alloc) = alloc_and_dealloc(rw, op, memref, loc) else { return false };
    rw.set_insertion_point_before(op);
    let index = ctx.index_type();
    let largest = shape.iter().copied().max().unwrap_or(1).max(if shape.is_empty() { 1 } else { 0 });
    let mut indices = Vec::new();
    for i in 0..largest {
        let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(index, i))]);
        let c = rw.create(OpSpec::new(ctx, "arith.constant", loc).attrs(attrs).results(&[index]));
        indices.push(rw.body().result(c, 0));
    }
    let f64t = ctx.f64();
    let store_attrs = identity_access_attrs(ctx, shape.len());
    let value_key = ctx.intern_str("value");
    let mut position = vec![0usize; shape.len()];
    let mut last: Option<(u64, strata_ir::Attribute)> = None;
    for &v in &values {
        // Splats repeat one value: intern its attribute once.
        let attrs = match last {
            Some((bits, a)) if bits == v.to_bits() => a,
            _ => {
                let a = ctx.dictionary(vec![(value_key, ctx.f64_attr(f64t, v))]);
                last = Some((v.to_bits(), a));
                a
            }
        };
        let c = rw.create(OpSpec::new(ctx, "arith.constant", loc).attrs(attrs).results(&[f64t]));
        let cv = rw.body().result(c, 0);
        let subscript: Vec<Value> = position.iter().map(|&p| indices[p]).collect();
        store(rw, cv, alloc, &subscript, store_attrs, loc);
        // Next row-major position.
        for d in (0..shape.len()).rev() {
            position[d] += 1;
            if (position[d] as i64) < shape[d] {
                break;
            }
            position[d] = 0;
        }
    }
    rw.replace_op(op, &[alloc]);
    true
}

/// `FuncOpLowering`: only `main`, which must take and return nothing,
/// becomes a `func.func` with the same body.
fn lower_func(op: Op, rw: &mut ConversionRewriter<'_, '_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let loc = body.op_loc(op);
    let name = body.op_attr(ctx, op, "sym_name");
    if name.and_then(|a| ctx.as_string(a)) != Some(b"main".as_slice()) {
        return false;
    }
    let Some(fty) = body.op_attr(ctx, op, "function_type") else { return false };
    match ctx.as_type(fty).and_then(|t| ctx.function_signature(t)) {
        Some((inputs, results)) if inputs.is_empty() && results.is_empty() => {}
        _ => return false,
    }
    let attrs = ctx.dictionary(vec![
        (ctx.intern_str("function_type"), fty),
        (ctx.intern_str("sym_name"), name.unwrap_or_else(|| ctx.string_attr("main"))),
    ]);
    rw.set_insertion_point_before(op);
    let func = rw.create(OpSpec::new(ctx, "func.func", loc).attrs(attrs).regions(1));
    let region_body = rw.body_mut_unnotified().take_nested(op);
    if let Some(b) = region_body {
        rw.body_mut_unnotified().put_nested(func, b);
    }
    rw.erase_op(op);
    true
}
