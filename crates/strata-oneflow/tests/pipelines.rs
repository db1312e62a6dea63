//! The pre- and post-pass share state owned by their pipeline: two
//! pipelines in one process never see each other's records.

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::Context;
use strata_pass::manager::{OpPassManager, RunConfig, RunReport};
use strata_pass::PassRegistry;

const INPUT: &str = r#"
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "NAME-a", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "NAME-b", scope_symbol_id = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
"#;

fn setup() -> (Context, PassRegistry) {
    let mut ctx = strata_dialects::context();
    strata_oneflow::register(&mut ctx);
    let mut registry = PassRegistry::default();
    strata_transforms::register_passes(&mut registry);
    strata_oneflow::register_passes(&mut registry);
    (ctx, registry)
}

fn parse(ctx: &Context, prefix: &str) -> ParsedModule {
    let text = INPUT.replace("NAME", prefix);
    let source = SourceFile::new("input.mlir", text);
    parse_source(ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)
        .expect("input parses")
}

fn pipeline(registry: &PassRegistry, passes: &[&str]) -> OpPassManager {
    let mut pm = OpPassManager::new("builtin.module");
    for p in passes {
        pm.add_pass(registry.create(p, "").expect("registered pass"));
    }
    pm
}

fn run(ctx: &Context, pm: &OpPassManager, m: &mut ParsedModule) -> RunReport {
    let mut report = RunReport::default();
    pm.run(ctx, &mut m.body, m.op, &RunConfig::default(), &mut report).expect("pipeline runs");
    report
}

fn text(ctx: &Context, m: &ParsedModule) -> String {
    print_top_level(ctx, &m.body, m.op, PrintOptions::default(), &[])
}

#[test]
fn pre_and_post_pass_of_one_pipeline_restore_the_first_op_names() {
    let (ctx, registry) = setup();
    let mut m = parse(&ctx, "one");
    run(&ctx, &pipeline(&registry, &["cse-with-attributes-ignored", "cse", "cse-put-attributes"]), &mut m);
    let out = text(&ctx, &m);
    assert!(out.contains(r#"op_name = "one-a", scope_symbol_id = 1 : i64"#), "{out}");
    assert!(!out.contains("one-b") && !out.contains("ONEFLOW_ERASE_MAGIC"), "{out}");
}

#[test]
fn two_pipelines_keep_their_records_apart() {
    let (ctx, registry) = setup();
    // Pipelines split in halves so their runs interleave: A's pre-pass, B's
    // pre-pass, then B's post-pass, then A's post-pass, each on its module.
    let a_pre = pipeline(&registry, &["cse-with-attributes-ignored", "cse"]);
    let b_pre = pipeline(&registry, &["cse-with-attributes-ignored", "cse"]);
    let mut ma = parse(&ctx, "A");
    let mut mb = parse(&ctx, "B");
    run(&ctx, &a_pre, &mut ma);
    run(&ctx, &b_pre, &mut mb);
    // A post-pass of a third pipeline has no records: A's module keeps its
    // magic names (with a warning) rather than getting someone else's.
    let stranger = pipeline(&registry, &["cse-put-attributes"]);
    let report = run(&ctx, &stranger, &mut ma);
    assert_eq!(report.emitted.len(), 1);
    assert!(text(&ctx, &ma).contains("ONEFLOW_ERASE_MAGIC"));
    // Post-passes sharing their pre-pass's state restore their own module.
    let a_full = pipeline(&registry, &["cse-with-attributes-ignored", "cse", "cse-put-attributes"]);
    let b_full = pipeline(&registry, &["cse-with-attributes-ignored", "cse", "cse-put-attributes"]);
    let (mut fa, mut fb) = (parse(&ctx, "A"), parse(&ctx, "B"));
    // Same process, same context, both alive at once, run interleaved on
    // modules whose ops have the same handles.
    run(&ctx, &b_full, &mut fb);
    run(&ctx, &a_full, &mut fa);
    let (ta, tb) = (text(&ctx, &fa), text(&ctx, &fb));
    assert!(ta.contains(r#"op_name = "A-a""#) && !ta.contains("B-"), "{ta}");
    assert!(tb.contains(r#"op_name = "B-a""#) && !tb.contains("A-"), "{tb}");
    // The passes of one pipeline share one slot; different pipelines do not.
    let sa = a_full.pipeline_state().slot::<strata_oneflow::cse_state::ErasedAttributes>();
    let sb = b_full.pipeline_state().slot::<strata_oneflow::cse_state::ErasedAttributes>();
    assert_eq!(sa.len(), 2);
    assert_eq!(sb.len(), 2);
    assert!(!std::sync::Arc::ptr_eq(&sa, &sb));
}

#[test]
fn records_of_one_pipeline_are_not_read_by_another_on_the_same_ir() {
    let (ctx, registry) = setup();
    // A's pre-pass, then B's full flow on the same module: B's pre-pass
    // skips the already-erased ops and B's post-pass has no record of
    // them, so it leaves them; A's post-pass then restores them.
    let a_pre = pipeline(&registry, &["cse-with-attributes-ignored"]);
    let mut m = parse(&ctx, "A");
    run(&ctx, &a_pre, &mut m);
    let b = pipeline(&registry, &["cse-with-attributes-ignored", "cse", "cse-put-attributes"]);
    let report = run(&ctx, &b, &mut m);
    assert_eq!(report.emitted.len(), 1, "one magic op left, without a record in B");
    assert!(text(&ctx, &m).contains("ONEFLOW_ERASE_MAGIC"));
    // A's post-pass shares A's state only if it joined A's pipeline: build
    // it into a pipeline with A's state.
    let mut a_post = OpPassManager::with_state("builtin.module", a_pre.pipeline_state().clone());
    a_post.add_pass(registry.create("cse-put-attributes", "").expect("registered"));
    run(&ctx, &a_post, &mut m);
    let out = text(&ctx, &m);
    assert!(
        out.contains(r#"op_name = "A-a", scope_symbol_id = 1 : i64"#) && !out.contains("ONEFLOW_ERASE_MAGIC"),
        "{out}"
    );
}
