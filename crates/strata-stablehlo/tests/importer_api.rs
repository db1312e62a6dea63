//! The importer's road into the dialect: ops created by name with
//! `OpSpec` and attributes from `strata_stablehlo::attrs`, verified,
//! printed (pretty and generic) and parsed back.

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::{Body, Context, Op, OpSpec, Type, Value};
use strata_stablehlo::attrs::{self, ComparisonDirection, ComparisonType, ConvDims, DotDims};
use strata_stablehlo::{dense, register};

fn context() -> Context {
    let mut ctx = strata_dialects::context();
    register(&mut ctx);
    ctx
}

fn parse(ctx: &Context, text: &str) -> Result<ParsedModule, String> {
    let src = SourceFile::new("t.mlir", text.to_string());
    parse_source(ctx, &src, 0..text.len(), ParseOptions::default(), true).map_err(|d| d.message.clone())
}

/// The body of the first function and its `func.return`.
fn func_body(m: &mut ParsedModule) -> (&mut Body, Op) {
    let mb = m.body.nested_mut(m.op).unwrap();
    let block = mb.first_block(mb.root_regions()[0]).unwrap();
    let f = mb.first_op(block).unwrap();
    let fb = mb.nested_mut(f).unwrap();
    let entry = fb.first_block(fb.root_regions()[0]).unwrap();
    let ret = fb.last_op(entry).unwrap();
    (fb, ret)
}

fn create(
    ctx: &Context,
    body: &mut Body,
    before: Op,
    name: &str,
    operands: &[Value],
    result: Type,
    attrs: Vec<(&str, strata_ir::Attribute)>,
) -> Value {
    let dict = ctx.dictionary(attrs.into_iter().map(|(k, v)| (ctx.intern_str(k), v)).collect());
    let loc = body.op_loc(before);
    let op = body.create_op(OpSpec::new(ctx, name, loc).operands(operands).results(&[result]).attrs(dict));
    body.insert_op_before(before, op);
    body.result(op, 0)
}

fn verify(ctx: &Context, m: &ParsedModule) -> Result<(), String> {
    strata_ir::verifier::verify(ctx, &m.body, m.op).map_err(|d| d.message.clone())
}

const SKELETON: &str =
    "func.func @main(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {\n  return %arg0 : tensor<1x3x8x8xf32>\n}\n";

/// Builds conv (NCHW/OIHW, pad 1) -> compare -> select, returning the select.
fn build(ctx: &Context, m: &mut ParsedModule, conv_result: Type) {
    let f32 = ctx.f32();
    let (body, ret) = func_body(m);
    let x = body.operand(ret, 0);
    let kernel_ty = ctx.ranked_tensor_type(&[3, 3, 3, 3], f32);
    let kernel = dense::splat_f64(ctx, kernel_ty, 0.5).unwrap();
    let k = create(ctx, body, ret, "stablehlo.constant", &[], kernel_ty, vec![("value", kernel)]);
    let dims = ConvDims {
        input_batch: 0,
        input_feature: 1,
        input_spatial: vec![2, 3],
        kernel_output_feature: 0,
        kernel_input_feature: 1,
        kernel_spatial: vec![2, 3],
        output_batch: 0,
        output_feature: 1,
        output_spatial: vec![2, 3],
    };
    let i64_ty = ctx.i64();
    let conv = create(
        ctx,
        body,
        ret,
        "stablehlo.convolution",
        &[x, k],
        conv_result,
        vec![
            ("window_strides", attrs::i64_array_attr(ctx, &[1, 1])),
            ("lhs_dilation", attrs::i64_array_attr(ctx, &[1, 1])),
            ("rhs_dilation", attrs::i64_array_attr(ctx, &[1, 1])),
            ("padding", attrs::padding_attr(ctx, &[(1, 1), (1, 1)])),
            ("dimension_numbers", attrs::conv_dims_attr(ctx, &dims)),
            ("feature_group_count", ctx.integer_attr(i64_ty, 1)),
            ("batch_group_count", ctx.integer_attr(i64_ty, 1)),
        ],
    );
    let pred_ty = ctx.ranked_tensor_type(&[1, 3, 8, 8], ctx.i1());
    let gt = create(
        ctx,
        body,
        ret,
        "stablehlo.compare",
        &[conv, x],
        pred_ty,
        vec![
            ("comparison_direction", attrs::comparison_direction_attr(ctx, ComparisonDirection::Gt)),
            ("compare_type", attrs::comparison_type_attr(ctx, ComparisonType::Float)),
        ],
    );
    let sel = create(ctx, body, ret, "stablehlo.select", &[gt, conv, x], body.value_type(x), vec![]);
    // A matmul over the flattened spatial dimensions, unused but verified.
    let flat_ty = ctx.ranked_tensor_type(&[3, 64], f32);
    let flat = create(ctx, body, ret, "stablehlo.reshape", &[x], flat_ty, vec![]);
    let dot = DotDims { lhs_batch: vec![], rhs_batch: vec![], lhs_contracting: vec![1], rhs_contracting: vec![1] };
    create(
        ctx,
        body,
        ret,
        "stablehlo.dot_general",
        &[flat, flat],
        ctx.ranked_tensor_type(&[3, 3], f32),
        vec![("dot_dimension_numbers", attrs::dot_dims_attr(ctx, &dot))],
    );
    body.set_operand(ret, 0, sel);
}

#[test]
fn ops_built_by_name_verify_print_and_reparse() {
    let ctx = context();
    let mut m = parse(&ctx, SKELETON).unwrap();
    build(&ctx, &mut m, ctx.ranked_tensor_type(&[1, 3, 8, 8], ctx.f32()));
    verify(&ctx, &m).unwrap();
    let pretty = print_top_level(&ctx, &m.body, m.op, PrintOptions::default(), &[]);
    assert!(pretty.contains("stablehlo.convolution(%arg0, %cst) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}"), "{pretty}");
    assert!(pretty.contains("stablehlo.compare  GT, %0, %arg0,  FLOAT"), "{pretty}");
    assert!(pretty.contains("stablehlo.dot_general %3, %3, contracting_dims = [1] x [1]"), "{pretty}");
    let generic = print_top_level(&ctx, &m.body, m.op, PrintOptions { generic: true, ..Default::default() }, &[]);
    for text in [&pretty, &generic] {
        let m2 = parse(&ctx, text).unwrap();
        verify(&ctx, &m2).unwrap();
        assert_eq!(print_top_level(&ctx, &m2.body, m2.op, PrintOptions::default(), &[]), pretty);
    }
}

#[test]
fn wrong_result_shape_is_a_verifier_error() {
    let ctx = context();
    let mut m = parse(&ctx, SKELETON).unwrap();
    build(&ctx, &mut m, ctx.ranked_tensor_type(&[1, 3, 6, 6], ctx.f32()));
    let err = verify(&ctx, &m).unwrap_err();
    assert!(err.contains("'stablehlo.convolution' op inferred shape '[1, 3, 8, 8]' is incompatible with return type of operation 'tensor<1x3x6x6xf32>'"), "{err}");
}

#[test]
fn attribute_readers_invert_the_builders() {
    let ctx = context();
    let d = DotDims { lhs_batch: vec![0], rhs_batch: vec![0], lhs_contracting: vec![2], rhs_contracting: vec![1] };
    assert_eq!(attrs::read_dot_dims(&ctx, attrs::dot_dims_attr(&ctx, &d)), Some(d));
    let m = parse(&ctx, "\"test.op\"() {c = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : () -> ()")
        .map(|_| ());
    // `test.op` is unregistered: the parse fails on the op, not the attribute.
    assert!(m.unwrap_err().contains("unregistered dialect"));
    let text = "func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {\n  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>\n  return %0 : tensor<1x6x6x4xf32>\n}\n";
    let mut m = parse(&ctx, text).unwrap();
    verify(&ctx, &m).unwrap();
    let (body, ret) = func_body(&mut m);
    let conv = body.defining_op(body.operand(ret, 0)).unwrap();
    let a = body.op_attr(&ctx, conv, "dimension_numbers").unwrap();
    let d = attrs::read_conv_dims(&ctx, a).unwrap();
    assert_eq!((d.input_batch, d.input_feature, d.input_spatial.clone()), (0, 3, vec![1, 2]));
    assert_eq!((d.kernel_input_feature, d.kernel_output_feature, d.kernel_spatial.clone()), (2, 3, vec![0, 1]));
    assert_eq!(attrs::read_comparison_direction(&ctx, a), None);
}

#[test]
fn reduce_builders_make_valid_region_ops() {
    let ctx = context();
    let mut m = parse(&ctx, SKELETON).unwrap();
    let f32 = ctx.f32();
    {
        let (body, ret) = func_body(&mut m);
        let x = body.operand(ret, 0);
        let loc = body.op_loc(ret);
        let scalar = ctx.ranked_tensor_type(&[], f32);
        let ninf = dense::splat_f64(&ctx, scalar, f64::NEG_INFINITY).unwrap();
        let init = create(&ctx, body, ret, "stablehlo.constant", &[], scalar, vec![("value", ninf)]);
        let window = strata_stablehlo::builders::Window {
            dimensions: vec![1, 1, 3, 3],
            strides: vec![1, 1, 2, 2],
            padding: vec![(0, 0), (0, 0), (1, 1), (1, 1)],
            base_dilations: vec![1; 4],
            window_dilations: vec![1; 4],
        };
        let pooled_ty = ctx.ranked_tensor_type(&[1, 3, 4, 4], f32);
        let pool = strata_stablehlo::builders::reduce_window(
            &ctx,
            body,
            loc,
            x,
            init,
            &window,
            "stablehlo.maximum",
            pooled_ty,
        );
        body.insert_op_before(ret, pool);
        let sum_ty = ctx.ranked_tensor_type(&[1, 3], f32);
        let sum = strata_stablehlo::builders::reduce(
            &ctx,
            body,
            loc,
            body.result(pool, 0),
            init,
            &[2, 3],
            "stablehlo.add",
            sum_ty,
        );
        body.insert_op_before(ret, sum);
    }
    verify(&ctx, &m).unwrap();
    let pretty = print_top_level(&ctx, &m.body, m.op, PrintOptions::default(), &[]);
    assert!(pretty.contains("stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2, 3] : (tensor<1x3x4x4xf32>, tensor<f32>) -> tensor<1x3xf32>"), "{pretty}");
    assert!(pretty.contains("\"stablehlo.reduce_window\"(%arg0, %cst) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}>"), "{pretty}");
    let m2 = parse(&ctx, &pretty).unwrap();
    verify(&ctx, &m2).unwrap();
}
