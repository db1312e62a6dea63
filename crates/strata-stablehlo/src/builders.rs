//! Builders for the ops with a reducer region, so clients (the ONNX
//! importer) do not assemble regions by hand: `reduce` and `reduce_window`
//! whose reducer is one binary stablehlo op (`stablehlo.add`,
//! `stablehlo.maximum`, ...) on the two block arguments. The ops are
//! created detached; the caller inserts them.

use strata_ir::{Attribute, Body, Context, Location, Op, OpSpec, Type, Value};

use crate::attrs::{i64_array_attr, padding_attr};

/// The window of a `reduce_window` (one entry per input dimension).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub dimensions: Vec<i64>,
    pub strides: Vec<i64>,
    /// (low, high) per dimension.
    pub padding: Vec<(i64, i64)>,
    pub base_dilations: Vec<i64>,
    pub window_dilations: Vec<i64>,
}

/// Fills region 0 of `op` with `^bb0(%a: tensor<T>, %b: tensor<T>)`,
/// `%r = <reducer> %a, %b`, `stablehlo.return %r`.
fn fill_reducer(ctx: &Context, body: &mut Body, op: Op, element: Type, reducer: &str, loc: Location) {
    let scalar = ctx.ranked_tensor_type(&[], element);
    let region = body.local_regions(op)[0];
    let block = body.create_block();
    body.append_block(region, block);
    let a = body.add_block_arg(block, scalar, loc);
    let b = body.add_block_arg(block, scalar, loc);
    let inner = body.create_op(OpSpec::new(ctx, reducer, loc).operands(&[a, b]).results(&[scalar]));
    body.append_op(block, inner);
    let r = body.result(inner, 0);
    let ret = body.create_op(OpSpec::new(ctx, "stablehlo.return", loc).operands(&[r]));
    body.append_op(block, ret);
}

fn dict(ctx: &Context, entries: Vec<(&str, Attribute)>) -> Attribute {
    ctx.dictionary(entries.into_iter().map(|(k, v)| (ctx.intern_str(k), v)).collect())
}

/// `stablehlo.reduce(%input init: %init) applies <reducer> across
/// dimensions = dims`, with result type `result`.
#[allow(clippy::too_many_arguments)]
pub fn reduce(
    ctx: &Context,
    body: &mut Body,
    loc: Location,
    input: Value,
    init: Value,
    dims: &[i64],
    reducer: &str,
    result: Type,
) -> Op {
    let element = ctx.element_type(body.value_type(init)).unwrap_or_else(|| body.value_type(init));
    let attrs = dict(ctx, vec![("dimensions", i64_array_attr(ctx, dims))]);
    let op = body.create_op(
        OpSpec::new(ctx, "stablehlo.reduce", loc).operands(&[input, init]).results(&[result]).attrs(attrs).regions(1),
    );
    fill_reducer(ctx, body, op, element, reducer, loc);
    op
}

/// `stablehlo.reduce_window` of one input with `window` and `reducer`.
#[allow(clippy::too_many_arguments)]
pub fn reduce_window(
    ctx: &Context,
    body: &mut Body,
    loc: Location,
    input: Value,
    init: Value,
    window: &Window,
    reducer: &str,
    result: Type,
) -> Op {
    let element = ctx.element_type(body.value_type(init)).unwrap_or_else(|| body.value_type(init));
    let attrs = dict(
        ctx,
        vec![
            ("window_dimensions", i64_array_attr(ctx, &window.dimensions)),
            ("window_strides", i64_array_attr(ctx, &window.strides)),
            ("base_dilations", i64_array_attr(ctx, &window.base_dilations)),
            ("window_dilations", i64_array_attr(ctx, &window.window_dilations)),
            ("padding", padding_attr(ctx, &window.padding)),
        ],
    );
    let op = body.create_op(
        OpSpec::new(ctx, "stablehlo.reduce_window", loc)
            .operands(&[input, init])
            .results(&[result])
            .attrs(attrs)
            .regions(1),
    );
    fill_reducer(ctx, body, op, element, reducer, loc);
    op
}
