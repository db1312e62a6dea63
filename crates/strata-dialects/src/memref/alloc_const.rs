//! `SimplifyAllocConst`: an allocation whose dynamic sizes include
//! constants gets those sizes in its type, and a `memref.cast` back to the
//! type it had replaces it (upstream's pattern; loads and stores then read
//! through the cast, `cast.rs`). A negative constant size stays dynamic.

use strata_ir::fold::constant_value;
use strata_ir::{AttrKind, Op, OpSpec, TypeKind};
use strata_rewrite::PatternRewriter;

pub fn simplify_alloc_const(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let old_ty = body.value_type(body.result(op, 0));
    let TypeKind::MemRef { shape, element, layout, memory_space } = ctx.type_kind(old_ty) else { return false };
    let seg = strata_ir::branch::dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let n_sizes = seg.first().copied().unwrap_or(0) as usize;
    let operands = body.operand_vec(op);
    let (sizes, symbols) = operands.split_at(n_sizes.min(operands.len()));
    let constant = |v| {
        constant_value(ctx, body, v).and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } if !value.is_negative() && value.fits_i64() => Some(value.to_i64()),
            _ => None,
        })
    };
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut new_sizes = Vec::new();
    let mut next = sizes.iter();
    let mut changed = false;
    for &d in shape.iter() {
        if d >= 0 {
            new_shape.push(d);
            continue;
        }
        let Some(&v) = next.next() else { return false };
        match constant(v) {
            Some(c) => {
                changed = true;
                new_shape.push(c);
            }
            None => {
                new_shape.push(d);
                new_sizes.push(v);
            }
        }
    }
    if !changed {
        return false;
    }
    let new_ty = ctx.intern_type(TypeKind::MemRef {
        shape: new_shape.into(),
        element: *element,
        layout: *layout,
        memory_space: *memory_space,
    });
    let loc = body.op_loc(op);
    let segments = strata_ir::branch::dense_i32_array(ctx, &[new_sizes.len() as i32, symbols.len() as i32]);
    let attrs = ctx.dict_with(body.op_attrs(op), ctx.intern_str("operandSegmentSizes"), Some(segments));
    let mut new_operands = new_sizes;
    new_operands.extend_from_slice(symbols);
    rw.set_insertion_point_before(op);
    let alloc =
        rw.create(OpSpec::new(ctx, "memref.alloc", loc).operands(&new_operands).results(&[new_ty]).attrs(attrs));
    let allocated = rw.body().result(alloc, 0);
    let cast = rw.create(OpSpec::new(ctx, "memref.cast", loc).operands(&[allocated]).results(&[old_ty]));
    let cast_value = rw.body().result(cast, 0);
    rw.replace_op(op, &[cast_value]);
    true
}
