//! Chapter 3's canonicalization patterns (the tutorial's `ToyCombine.cpp`
//! and `ToyCombine.td`): `transpose(transpose(x)) -> x` written by hand, the
//! reshape rules written declaratively with `pattern!`.

use strata_ir::{AttrKind, Attribute, Context, Op, Type};
use strata_rewrite::pattern;
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

/// `SimplifyRedundantTranspose`: a transpose of a transpose is the
/// innermost input.
fn simplify_redundant_transpose(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    let input = body.operand(op, 0);
    let Some(inner) = body.defining_op(input) else { return false };
    if body.op_name(inner) != rw.ctx.op_name("toy.transpose") {
        return false;
    }
    let original = body.operand(inner, 0);
    rw.replace_op(op, &[original]);
    true
}

pub fn transpose_patterns(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("toy.transpose"),
        name: "SimplifyRedundantTranspose",
        benefit: 1,
        f: simplify_redundant_transpose,
    });
}

/// The element count of a ranked shape; `None` when unranked or when the
/// product overflows `i64` (a shape such as `<4294967296, 4294967296>` is
/// valid Toy, its element count is not representable).
fn num_elements(ctx: &Context, t: Type) -> Option<i64> {
    let shape = ctx.shape(t)?;
    if shape.contains(&0) {
        return Some(0);
    }
    shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d))
}

/// Whether a constant of this value can take the shape of `ty`: same
/// element count, or a single element (which the tutorial's release build
/// turns into a splat; other mismatches are assertion failures there).
fn reshapable(ctx: &Context, value: Attribute, ty: Type) -> bool {
    let AttrKind::DenseElements { ty: from, data } = ctx.attr_kind(value) else { return false };
    if ctx.shape(*from).is_none() || ctx.shape(ty).is_none() {
        return false;
    }
    let n = num_elements(ctx, *from);
    (n.is_some() && n == num_elements(ctx, ty)) || n == Some(1) || data.splat
}

/// The constant `value` with the shape of `ty` (same elements).
fn reshape_constant(ctx: &Context, value: Attribute, ty: Type) -> Attribute {
    match ctx.attr_kind(value) {
        AttrKind::DenseElements { data, ty: from } => {
            let mut data = data.clone();
            if num_elements(ctx, *from) == Some(1) && num_elements(ctx, ty) != Some(1) {
                data.splat = true;
            }
            ctx.intern_attr(AttrKind::DenseElements { ty, data })
        }
        _ => value,
    }
}

pub fn reshape_patterns(_: &Context, set: &mut PatternSet) {
    // Reshape(Reshape(x)) = Reshape(x)
    set.add(pattern! {
        name: ReshapeReshapeOptPattern,
        from: (toy.reshape (toy.reshape x)),
        to: (toy.reshape x),
    });
    // Reshape(x) = x when the input already has the output's type.
    set.add(pattern! {
        name: RedundantReshapeOptPattern,
        from: (res = toy.reshape x),
        when: |m, _ctx| m.ty("res") == m.ty("x"),
        to: x,
    });
    // Reshape(Constant(v)) = Constant(v reshaped)
    set.add(pattern! {
        name: FoldConstantReshapeOptPattern,
        from: (res = toy.reshape (toy.constant {value: v})),
        when: |m, ctx| reshapable(ctx, m.attr("v"), m.ty("res")),
        to: (toy.constant {value: (|m, ctx| reshape_constant(ctx, m.attr("v"), m.ty("res")))}),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fuzzer reproducer (parse_toy): `var a<4294967296, 4294967296> = [1];`
    /// made the reshape fold multiply the dims with overflow.
    #[test]
    fn element_count_of_huge_shapes_is_none_not_an_overflow() {
        let ctx = crate::dialect::context(7);
        let f64 = ctx.f64();
        assert_eq!(num_elements(&ctx, ctx.ranked_tensor_type(&[4294967296, 4294967296], f64)), None);
        assert_eq!(num_elements(&ctx, ctx.ranked_tensor_type(&[i64::MAX, 2], f64)), None);
        assert_eq!(num_elements(&ctx, ctx.ranked_tensor_type(&[i64::MAX, 2, 0], f64)), Some(0));
        assert_eq!(num_elements(&ctx, ctx.ranked_tensor_type(&[2, 3], f64)), Some(6));
        assert_eq!(num_elements(&ctx, ctx.unranked_tensor_type(f64)), None);
    }
}
