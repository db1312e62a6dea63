//! Template keys (`search::template_cache`) on parsed IR: instances of one
//! template (a residual block repeated with other ids, addresses,
//! schedules, constants and locations) share a key; a change to what is
//! computed (a stride, an element type) gives another.
//!
//! `TEMPLATE_KEYS_MLIR=model.tx8be.mlir cargo test -p tx8be-transforms
//! --test template_keys -- --ignored --nocapture` prints how the groups of
//! a `tx8c --emit tx8be` output share keys (the template cache's hit rate
//! on that model).

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::{Body, Context, Op};
use tx8be_transforms::search::anchor::groups;
use tx8be_transforms::search::template_cache::{group_key, key_sharing, module_key_sharing, GroupKey};

fn context() -> Context {
    let mut ctx = strata_dialects::context();
    tx8be::register(&mut ctx);
    ctx
}

fn parse(ctx: &Context, name: &str, text: &str) -> ParsedModule {
    let source = SourceFile::new(name, text.to_string());
    parse_source(ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)
        .expect("input parses and verifies")
}

fn funcs<'a>(ctx: &Context, m: &'a ParsedModule) -> Vec<(&'a Body, Op)> {
    let mb = m.body.nested(m.op).expect("module body");
    let block = mb.first_block(mb.root_regions()[0]).expect("module block");
    mb.block_ops(block).filter(|&op| ctx.op_name_str(mb.op_name(op)) == "func.func").map(|f| (mb, f)).collect()
}

/// The keys of the groups of the module's only function, in order.
fn keys(ctx: &Context, m: &ParsedModule) -> Vec<GroupKey> {
    let (mb, f) = funcs(ctx, m)[0];
    let fb = mb.nested(f).expect("func body");
    groups(ctx, fb).into_iter().map(|g| group_key(ctx, fb, g)).collect()
}

const PAR: &str = "#tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding";

/// A Conv -> Add(residual) -> Relu group; what varies between instances
/// (`id`, `shard`, `addr`, the constant `cid`) and what may not (`stride`,
/// `ty`).
fn block(id: i64, stride: i64, ty: &str, shard: &str, addr: i64, cid: i64) -> String {
    let o = if stride == 1 { 8 } else { 4 };
    format!(
        r#"  %w{id} = tx8be.const {{const_map_id = {cid} : i64}} dense<0.5> : tensor<3x3x16x16x{ty}>
  %g{id} = tx8be.group -> tensor<1x{o}x{o}x16x{ty}> attributes {{group_id = {id} : i64}} {{
    %a = tx8be.load_var %x : tensor<1x8x8x16x{ty}> loc("a{id}")
    %w = tx8be.load_const %w{id} {{const_map_id = {cid} : i64}} : tensor<3x3x16x16x{ty}>
    %c = tx8be.Conv(%a, %w) {{strides = array<i64: {stride}, {stride}>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64}} : (tensor<1x8x8x16x{ty}>, tensor<3x3x16x16x{ty}>) -> tensor<1x{o}x{o}x16x{ty}> loc("conv{id}")
    %r = tx8be.load_var %res : tensor<1x{o}x{o}x16x{ty}>
    %s = tx8be.Binary(%c, %r) {{kind = "add"}} : (tensor<1x{o}x{o}x16x{ty}>, tensor<1x{o}x{o}x16x{ty}>) -> tensor<1x{o}x{o}x16x{ty}>
    %y = tx8be.Unary(%s) {{kind = "relu", tile_parallel = {PAR} = {shard}>}} : (tensor<1x{o}x{o}x16x{ty}>) -> tensor<1x{o}x{o}x16x{ty}>
    %st = tx8be.store_var %y {{ddr_addr = {addr} : i64}} : tensor<1x{o}x{o}x16x{ty}>
    tx8be.yield %st : tensor<1x{o}x{o}x16x{ty}>
  }}
"#
    )
}

fn module(blocks: &[String], ty: &str) -> String {
    // Every block reads the same %x and %res (types permitting), which is
    // enough for keys: they never look outside a group.
    let mut s = format!("func.func @f(%x: tensor<1x8x8x16x{ty}>, %res: tensor<1x8x8x16x{ty}>) {{\n");
    for b in blocks {
        s.push_str(b);
    }
    s.push_str("  return\n}\n");
    s
}

#[test]
fn two_residual_blocks_share_a_key() {
    let ctx = context();
    let m = parse(
        &ctx,
        "same.mlir",
        &module(&[block(0, 1, "f32", "[1, 1, 1, 16]", 0, 0), block(7, 1, "f32", "[1, 2, 8, 1]", 65536, 3)], "f32"),
    );
    let k = keys(&ctx, &m);
    assert_eq!(k.len(), 2);
    assert_eq!(k[0], k[1]);
    let (mb, f) = funcs(&ctx, &m)[0];
    let sharing = key_sharing(&ctx, mb.nested(f).unwrap());
    assert_eq!((sharing.groups, sharing.distinct), (2, 1));
    assert_eq!(sharing.hit_rate(), 0.5);
    assert_eq!(module_key_sharing(&ctx, mb), sharing);
}

#[test]
fn stride_and_dtype_change_the_key() {
    let ctx = context();
    // The stride-2 block reads the same 8x8 input but makes a 4x4 output,
    // whose residual must be 4x4 too: give it its own function argument.
    let strided = module(
        &[block(0, 1, "f32", "[1, 1, 1, 16]", 0, 0), block(1, 2, "f32", "[1, 1, 1, 16]", 0, 0)],
        "f32",
    )
    .replace("%r = tx8be.load_var %res : tensor<1x4x4x16xf32>", "%r = tx8be.load_var %res4 : tensor<1x4x4x16xf32>");
    let strided =
        strided.replace("%res: tensor<1x8x8x16xf32>)", "%res: tensor<1x8x8x16xf32>, %res4: tensor<1x4x4x16xf32>)");
    let m = parse(&ctx, "stride.mlir", &strided);
    let k = keys(&ctx, &m);
    assert_ne!(k[0], k[1]);
    assert!(k[1].0.contains("strides=array<i64: 2, 2>"), "{}", k[1].0);
    let a = parse(&ctx, "f32.mlir", &module(&[block(0, 1, "f32", "[1, 1, 1, 16]", 0, 0)], "f32"));
    let b = parse(&ctx, "bf16.mlir", &module(&[block(0, 1, "bf16", "[1, 1, 1, 16]", 0, 0)], "bf16"));
    assert_ne!(keys(&ctx, &a)[0], keys(&ctx, &b)[0]);
}

/// Key sharing of the groups of a `tx8c --emit tx8be` output (see the
/// module doc).
#[test]
#[ignore = "needs TEMPLATE_KEYS_MLIR"]
fn key_sharing_of_a_model() {
    let path = std::env::var("TEMPLATE_KEYS_MLIR").expect("TEMPLATE_KEYS_MLIR names a tx8be .mlir file");
    let text = std::fs::read_to_string(&path).expect("readable");
    let ctx = context();
    let m = parse(&ctx, &path, &text);
    let s = module_key_sharing(&ctx, m.body.nested(m.op).expect("module body"));
    println!(
        "{path}: {} groups, {} distinct keys, template hit rate {:.1}% ({} hits)",
        s.groups,
        s.distinct,
        100.0 * s.hit_rate(),
        s.groups - s.distinct
    );
    for (k, n) in s.per_key.iter().filter(|(_, n)| *n > 1) {
        let anchor = k
            .0
            .lines()
            .rfind(|l| !l.starts_with("tx8be.load") && !l.starts_with("tx8be.store") && !l.starts_with("tx8be.yield"))
            .unwrap_or("");
        println!("  {n} x {}", anchor.chars().take(160).collect::<String>());
    }
}
