//! Fuzz target for the ONNX reader and importer (`crates/strata-onnx`).
//!
//! Input: arbitrary bytes, read as an `.onnx` file held in memory (so no
//! external data file is ever opened). What `tx8c MODEL.onnx --emit=stablehlo`
//! does with it:
//!
//! 1. decode the protobuf and build the model (`decode_model`): opset check,
//!    initializers and `Constant` tensors, inputs and outputs; an error here
//!    is an ordinary diagnostic;
//! 2. import it to stablehlo (`import_model`), giving every symbolic input
//!    dimension the size 2 as `--input-shape` would; import errors
//!    (unsupported operators, bad attributes, mismatched shapes) are ordinary
//!    diagnostics too;
//! 3. an imported module must pass the verifier (the stablehlo dialect's type
//!    rules) and its printed generic form must parse and verify again in a
//!    fresh context: otherwise the target **panics**.
//!
//! Any panic (index out of bounds, arithmetic overflow: the fuzz build has
//! overflow checks on) is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_onnx::{decode_model, import_model, Dim, ImportOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(model) = decode_model(data, None) else { return };
    let input_shapes = model
        .inputs
        .iter()
        .filter_map(|i| {
            let dims = i.dims.as_ref()?;
            let symbolic = dims.iter().any(|d| matches!(d, Dim::Symbolic(_)));
            symbolic
                .then(|| (i.name.clone(), dims.iter().map(|d| if let Dim::Fixed(v) = d { *v } else { 2 }).collect()))
        })
        .collect();
    let ctx = strata_onnx::context();
    let Ok(m) = import_model(&ctx, &model, &ImportOptions { input_shapes }) else { return };
    if let Err(d) = strata_ir::verifier::verify(&ctx, &m.body, m.module) {
        panic!("imported module does not verify: {}", d.message);
    }
    let text = print_top_level(&ctx, &m.body, m.module, PrintOptions { generic: true, ..Default::default() }, &[]);
    let fresh = strata_onnx::context();
    let src = SourceFile::new("fuzz.mlir", text.clone());
    match parse_source(&fresh, &src, 0..text.len(), ParseOptions { allow_unregistered: false }, true) {
        Ok(p) => {
            if let Err(d) = strata_ir::verifier::verify(&fresh, &p.body, p.op) {
                panic!("re-parsed module does not verify: {}\n{text}", d.message);
            }
        }
        Err(d) => panic!("printed module does not parse: {}\n{text}", d.message),
    }
});
