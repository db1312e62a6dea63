//! What the *-to-llvm passes share: upstream's `LLVMTypeConverter` for the
//! types Strata lowers (index to i64, ranked memrefs to their descriptor
//! struct), op creation at an insertion point, and the materialization of
//! `builtin.unrealized_conversion_cast`s between a value's old and new type
//! where upstream's dialect conversion places them: a cast of a block
//! argument at the start of its block, a cast of an op result right after
//! the op, one cast per value and type.

use rustc_hash::FxHashMap;

use strata_ir::types::FloatKind;
use strata_ir::{Attribute, Block, Body, Context, Diagnostic, Location, Op, OpSpec, Type, TypeKind, Value};
use strata_pass::pass::PassTarget;

use crate::dialect::types::{array_type, ptr_type, struct_type};

pub const CAST: &str = "builtin.unrealized_conversion_cast";

/// The LLVM type of `t`: `index` is i64, a ranked memref its descriptor,
/// a function type a pointer, floats LLVM lacks (4, 6 and 8 bits) an
/// integer of their width, a vector of rank 0 or 1 the vector of its
/// converted element (rank 0 as one element), other types stay (`tf32`,
/// vectors of higher rank: upstream has no rule for them either, or one
/// Strata does not have: an array of vectors).
pub fn convert_type(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Index => ctx.i64(),
        TypeKind::MemRef { shape, .. } => descriptor_type(ctx, shape.len()),
        // A function value is the function's address.
        TypeKind::Function { .. } => ptr_type(ctx),
        TypeKind::Float(k) if is_small_float(*k) => ctx.integer_type(k.width()),
        TypeKind::Vector { shape, scalable, element } if shape.len() <= 1 && !scalable.iter().any(|&s| s) => {
            let e = convert_type(ctx, *element);
            if !is_scalar(ctx, e) || is_unconvertible(ctx, e) {
                return t;
            }
            let n = shape.first().copied().unwrap_or(1);
            if shape.len() == 1 && e == *element {
                t
            } else {
                ctx.vector_type(&[n], e)
            }
        }
        _ => t,
    }
}

/// The float formats LLVM has no type for that upstream's converter maps
/// to an integer of their width.
fn is_small_float(k: FloatKind) -> bool {
    k.width() <= 8
}

/// A type the LLVM conversion cannot produce (`tf32`).
pub fn is_unconvertible(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Float(FloatKind::TF32))
}

/// Whether floating-point arithmetic on `t` (scalar or vector) has an
/// LLVM counterpart: not for the formats LLVM lacks (upstream leaves such
/// ops alone).
pub fn has_llvm_float_ops(ctx: &Context, t: Type) -> bool {
    let e = ctx.element_type(t).unwrap_or(t);
    match ctx.type_kind(e) {
        TypeKind::Float(k) => !is_small_float(*k) && *k != FloatKind::TF32,
        _ => true,
    }
}

/// Whether `t` is a scalar or a vector of rank 1 of scalars (after
/// conversion: the types the arith lowering produces).
pub fn is_scalar_or_vector(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, element, .. } => shape.len() == 1 && is_scalar(ctx, *element),
        _ => is_scalar(ctx, t),
    }
}

/// `!llvm.struct<(ptr, ptr, i64, array<R x i64>, array<R x i64>)>`, or
/// `!llvm.struct<(ptr, ptr, i64)>` for rank 0.
pub fn descriptor_type(ctx: &Context, rank: usize) -> Type {
    let ptr = ptr_type(ctx);
    let mut fields = vec![ptr, ptr, ctx.i64()];
    if rank > 0 {
        let a = array_type(ctx, rank as u64, ctx.i64());
        fields.push(a);
        fields.push(a);
    }
    struct_type(ctx, &fields)
}

/// Whether a memref type is one the memref lowering supports: ranked, with
/// the identity layout and the default memory space, of an element whose
/// LLVM type is a scalar (`index` is i64).
pub fn is_supported_memref(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::MemRef { layout, memory_space, element, .. } => {
            layout.is_none() && memory_space.is_none() && is_scalar(ctx, convert_type(ctx, *element))
        }
        _ => false,
    }
}

/// Whether `t` is a scalar the conversions handle: an integer or float
/// (vectors and tensors are left alone).
pub fn is_scalar(ctx: &Context, t: Type) -> bool {
    ctx.int_or_float_width(t).is_some()
}

/// Where new ops go.
#[derive(Copy, Clone)]
pub enum At {
    Before(Op),
    After(Op),
    BlockStart(Block),
    BlockEnd(Block),
}

/// Ops created in order at a moving insertion point, the casts
/// materialized so far, and the replacements deferred to the end.
///
/// Upstream's driver replaces ops lazily: an op converted or folded stays
/// in the IR, so later folds still see it as the definition of its
/// results, while later patterns get the replacement values. Replacements
/// recorded with [`Lowerer::defer_replace`] do the same; [`Lowerer::finish`]
/// applies them.
pub struct Lowerer<'c> {
    pub ctx: &'c Context,
    pub at: Option<At>,
    casts: FxHashMap<(Value, Type), Value>,
    created: Vec<Op>,
    mapping: FxHashMap<Value, Value>,
    deferred: Vec<Op>,
}

impl<'c> Lowerer<'c> {
    pub fn new(ctx: &'c Context) -> Lowerer<'c> {
        Lowerer {
            ctx,
            at: None,
            casts: FxHashMap::default(),
            created: Vec::new(),
            mapping: FxHashMap::default(),
            deferred: Vec::new(),
        }
    }

    /// Records that `old`'s results are replaced by `new` (converted
    /// values or fold results); `old` stays until [`Lowerer::finish`].
    pub fn defer_replace(&mut self, body: &Body, old: Op, new: &[Value]) {
        for (i, &n) in new.iter().enumerate() {
            self.mapping.insert(body.result(old, i), n);
        }
        self.deferred.push(old);
    }

    /// The newest value standing for `v`.
    pub fn lookup(&self, v: Value) -> Value {
        let mut v = v;
        while let Some(&n) = self.mapping.get(&v) {
            v = n;
        }
        v
    }

    /// Creates an op at the insertion point; later ops follow it.
    pub fn create(&mut self, body: &mut Body, spec: OpSpec) -> Op {
        let op = body.create_op(spec);
        let at = self.at.expect("an insertion point is set before creating ops");
        place(body, op, at);
        if let At::After(_) | At::BlockStart(_) = at {
            self.at = Some(At::After(op));
        }
        op
    }

    /// Creates a single-result op and returns its result.
    pub fn value(
        &mut self,
        body: &mut Body,
        name: &str,
        loc: Location,
        operands: &[Value],
        ty: Type,
        attrs: Attribute,
    ) -> Value {
        let spec = OpSpec::new(self.ctx, name, loc).operands(operands).results(&[ty]).attrs(attrs);
        let op = self.create(body, spec);
        body.result(op, 0)
    }

    /// `llvm.mlir.constant(v : index) : i64`.
    pub fn index_constant(&mut self, body: &mut Body, loc: Location, v: i64) -> Value {
        let ctx = self.ctx;
        let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(ctx.index_type(), v))]);
        self.value(body, "llvm.mlir.constant", loc, &[], ctx.i64(), attrs)
    }

    /// `v` as a value of its converted type: `v` itself when its type is
    /// already legal, the input of the cast that produced it when that has
    /// the converted type, else a cast materialized after `v`'s definition.
    pub fn converted(&mut self, body: &mut Body, v: Value) -> Value {
        let v = self.lookup(v);
        let ty = body.value_type(v);
        let to = convert_type(self.ctx, ty);
        if to == ty {
            return v;
        }
        self.cast_to(body, v, to)
    }

    /// `v` as a value of type `to` (through a materialized cast).
    pub fn cast_to(&mut self, body: &mut Body, v: Value, to: Type) -> Value {
        if body.value_type(v) == to {
            return v;
        }
        if let Some(def) = body.defining_op(v) {
            if self.ctx.op_name_is(body.op_name(def), CAST)
                && body.num_operands(def) == 1
                && body.value_type(body.operand(def, 0)) == to
            {
                return body.operand(def, 0);
            }
        }
        if let Some(&c) = self.casts.get(&(v, to)) {
            return c;
        }
        let loc = match body.defining_op(v) {
            Some(d) => body.op_loc(d),
            None => body
                .value_parent_block(v)
                .and_then(|b| body.block_parent_op(b))
                .map_or(Location::Unknown, |o| body.op_loc(o)),
        };
        let at = match body.defining_op(v) {
            Some(d) => At::After(d),
            None => At::BlockStart(body.value_parent_block(v).expect("a block argument has a block")),
        };
        let spec = OpSpec::new(self.ctx, CAST, loc).operands(&[v]).results(&[to]);
        let cast = body.create_op(spec);
        place(body, cast, at);
        self.created.push(cast);
        let r = body.result(cast, 0);
        self.casts.insert((v, to), r);
        r
    }

    /// Applies the deferred replacements (through a cast back where the
    /// type changed), erases the replaced ops, then the casts this lowering
    /// materialized that ended up unused (as upstream's conversion drops
    /// unneeded materializations).
    pub fn finish(mut self, body: &mut Body) {
        let deferred = std::mem::take(&mut self.deferred);
        for &op in &deferred {
            for i in 0..body.num_results(op) {
                let r = body.result(op, i);
                let new = self.lookup(r);
                let old_ty = body.value_type(r);
                let v = if body.value_type(new) == old_ty { new } else { self.cast_to(body, new, old_ty) };
                body.replace_all_uses_with(r, v);
            }
        }
        for &op in deferred.iter().rev() {
            if !body.is_erased(op) {
                body.erase_op(op);
            }
        }
        for &c in self.created.iter().rev() {
            if !body.is_erased(c) && body.op_block(c).is_some() && body.op_results_unused(c) {
                body.erase_op(c);
            }
        }
    }

    /// Replaces the results of `old` by `new` (converted values): users see
    /// a cast back to the old type where the types differ; `old` is erased.
    pub fn replace(&mut self, body: &mut Body, old: Op, new: &[Value]) {
        for (i, &n) in new.iter().enumerate() {
            let r = body.result(old, i);
            let old_ty = body.value_type(r);
            let v = if body.value_type(n) == old_ty { n } else { self.cast_to(body, n, old_ty) };
            body.replace_all_uses_with(r, v);
        }
        body.erase_op(old);
    }
}

fn place(body: &mut Body, op: Op, at: At) {
    match at {
        At::Before(o) => body.insert_op_before(o, op),
        At::After(o) => body.insert_op_after(o, op),
        At::BlockStart(b) => body.prepend_op(b, op),
        At::BlockEnd(b) => body.append_op(b, op),
    }
}

/// The ops of `body` in pre-order, leaving out blocks unreachable from
/// their region's entry (as upstream's conversion driver does).
pub fn ops_preorder(body: &Body) -> Vec<Op> {
    strata_rewrite::conversion::reachable_ops_preorder(body)
}

/// Runs `f` on the arena of every isolated op (functions, nested modules)
/// of the module of `target`, at any depth.
pub fn for_each_function(
    target: &mut PassTarget<'_>,
    mut f: impl FnMut(&Context, &mut Body) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    for_each_arena(target.ctx, target.body, &mut f)
}

/// [`for_each_function`] on an arena.
pub fn for_each_arena(
    ctx: &Context,
    body: &mut Body,
    f: &mut dyn FnMut(&Context, &mut Body) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    let isolated: Vec<Op> = ops_preorder(body).into_iter().filter(|&op| body.is_isolated(op)).collect();
    for op in isolated {
        let Some(mut nested) = body.take_nested(op) else { continue };
        let r = f(ctx, &mut nested).and_then(|()| for_each_arena(ctx, &mut nested, f));
        body.put_nested(op, nested);
        r?;
    }
    Ok(())
}

/// The `builtin.module`s directly in `body`.
pub fn nested_modules(ctx: &Context, body: &Body) -> Vec<Op> {
    ops_preorder(body).into_iter().filter(|&op| ctx.op_name_is(body.op_name(op), "builtin.module")).collect()
}

/// An attribute dictionary from `(name, value)` pairs.
pub fn attrs(ctx: &Context, entries: &[(&str, Attribute)]) -> Attribute {
    ctx.dictionary(entries.iter().map(|(n, a)| (ctx.intern_str(n), *a)).collect())
}
