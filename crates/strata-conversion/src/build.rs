//! Creating the `arith` ops the conversions emit, at the rewriter's
//! insertion point, with the location of the op being converted.

use strata_ir::{Attribute, Location, OpSpec, Type, Value};
use strata_rewrite::PatternRewriter;

/// `arith.cmpi` predicates as the attribute stores them.
#[derive(Copy, Clone)]
pub enum CmpI {
    Slt = 2,
    Sle = 3,
}

/// Creates a one-result op `name` of type `ty`.
pub fn op1(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    operands: &[Value],
    ty: Type,
    attrs: &[(&str, Attribute)],
    loc: Location,
) -> Value {
    let ctx = rw.ctx;
    let dict = ctx.dictionary(attrs.iter().map(|&(n, a)| (ctx.intern_str(n), a)).collect());
    let op = rw.create(OpSpec::new(ctx, name, loc).operands(operands).results(&[ty]).attrs(dict));
    rw.body().result(op, 0)
}

/// `arith.constant v : index`.
pub fn const_index(rw: &mut PatternRewriter<'_>, v: i64, loc: Location) -> Value {
    let ctx = rw.ctx;
    let index = ctx.index_type();
    op1(rw, "arith.constant", &[], index, &[("value", ctx.integer_attr(index, v))], loc)
}

/// A binary integer op whose result has the type of `a`.
pub fn binary(rw: &mut PatternRewriter<'_>, name: &str, a: Value, b: Value, loc: Location) -> Value {
    let ty = rw.body().value_type(a);
    op1(rw, name, &[a, b], ty, &[], loc)
}

pub fn cmpi(rw: &mut PatternRewriter<'_>, pred: CmpI, a: Value, b: Value, loc: Location) -> Value {
    let ctx = rw.ctx;
    op1(rw, "arith.cmpi", &[a, b], ctx.i1(), &[("predicate", ctx.integer_attr(ctx.i64(), pred as i64))], loc)
}

pub fn select(rw: &mut PatternRewriter<'_>, c: Value, a: Value, b: Value, loc: Location) -> Value {
    let ty = rw.body().value_type(a);
    op1(rw, "arith.select", &[c, a, b], ty, &[], loc)
}
