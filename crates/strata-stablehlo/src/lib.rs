//! A StableHLO subset on Strata: the `stablehlo` dialect (and `chlo` with
//! only `chlo.erf`) as the ONNX importer emits it and as JAX prints it,
//! per /work/spec/stablehlo.md.
//!
//! Map: `attrs.rs` (dialect attributes `#stablehlo.conv`, `#stablehlo.dot`,
//! comparison/precision enums, with builders and readers for clients).

pub mod attrs;

use strata_ir::dialect::DialectDef;
use strata_ir::Context;

fn stablehlo_dialect() -> DialectDef {
    let mut d = DialectDef::new("stablehlo");
    d.parse_attr = Some(attrs::parse_stablehlo_attr);
    d.print_attr = Some(attrs::print_stablehlo_attr);
    d
}

/// Registers the `stablehlo` and `chlo` dialects.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(stablehlo_dialect());
    ctx.register_dialect(DialectDef::new("chlo"));
}
