//! Parsing helpers shared by the interface tests.
// Each test binary uses part of these helpers.
#![allow(dead_code)]

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::{Body, Context, Op};

pub fn context() -> Context {
    let mut ctx = strata_dialects::context();
    tx8be::register(&mut ctx);
    ctx
}

pub fn parse(ctx: &Context, text: &str) -> ParsedModule {
    let source = SourceFile::new("input.mlir", text.to_string());
    parse_source(ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)
        .expect("input parses and verifies")
}

/// The module's body and its first `func.func`.
pub fn first_func<'m>(ctx: &Context, m: &'m ParsedModule) -> (&'m Body, Op) {
    let (mb, regions) = m.body.regions_of(m.op);
    let block = mb.first_block(regions[0]).expect("module block");
    let f = mb.block_ops(block).find(|&o| ctx.op_name_str(mb.op_name(o)) == "func.func").expect("a func.func");
    (mb, f)
}

/// The ops of the first function named `name`, in order (nested groups included).
pub fn ops_named<'m>(ctx: &Context, m: &'m ParsedModule, name: &str) -> (&'m Body, Vec<Op>) {
    let (mb, f) = first_func(ctx, m);
    let (fb, regions) = mb.regions_of(f);
    let mut out = vec![];
    collect(ctx, fb, fb.first_block(regions[0]).expect("entry block"), name, &mut out);
    (fb, out)
}

fn collect(ctx: &Context, body: &Body, block: strata_ir::Block, name: &str, out: &mut Vec<Op>) {
    for op in body.block_ops(block) {
        if ctx.op_name_str(body.op_name(op)) == name {
            out.push(op);
        }
        let (rb, regions) = body.regions_of(op);
        if std::ptr::eq(rb, body) {
            for &r in regions {
                for b in body.blocks(r) {
                    collect(ctx, body, b, name, out);
                }
            }
        }
    }
}

/// The first op named `name` in the first function.
pub fn op_named<'m>(ctx: &Context, m: &'m ParsedModule, name: &str) -> (&'m Body, Op) {
    let (b, ops) = ops_named(ctx, m, name);
    (b, *ops.first().unwrap_or_else(|| panic!("no {name} op")))
}
