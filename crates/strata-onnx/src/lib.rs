//! ONNX front end: reads `.onnx` files and imports them into the
//! `stablehlo` dialect (the subset in the contract shared with
//! `strata-stablehlo`), every shape static.
//!
//! * `proto`: the ONNX protobuf messages as hand-written `prost` derives;
//! * `tensor`: element types and typed constant data decoded from `TensorProto`;
//! * `model`: loading a model file (errors, opset check, external data,
//!   inputs/outputs, `--input-shape`);
//! * `import`: the graph importer (driver, builder, constant folding and
//!   one file per operator family).
//!
//! Use:
//!
//! ```no_run
//! use strata_onnx::{context, import_model, load_model, parse_input_shape, ImportOptions};
//! let model = load_model(std::path::Path::new("model.onnx"))?; // ModelError
//! let opts = ImportOptions { input_shapes: vec![parse_input_shape("input=1x3x224x224")?] };
//! let ctx = context(); // builtin + func + stablehlo + chlo
//! let imported = import_model(&ctx, &model, &opts)?; // ImportError
//! let text = strata_ir::printer::print_top_level(&ctx, &imported.body, imported.module, Default::default(), &[]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Errors never panic: [`ModelError`] (not ONNX, truncated, opset outside
//! 13..=21, bad tensor data or external data, symbolic input without a
//! shape, shape mismatches) and [`ImportError`] (all unsupported operators
//! at once, or the node and attribute that could not be imported).

pub mod attrs;
pub mod eval;
pub mod import;
pub mod model;
pub mod proto;
pub mod tensor;

pub use import::{import_model, ImportError, ImportOptions, Imported, UnsupportedOp, SUPPORTED_OPS};
pub use model::{
    decode_model, load_model, parse_input_shape, Dim, Model, ModelError, Node, ValueInfo, SUPPORTED_OPSETS,
};
pub use tensor::{DType, Tensor};

/// A context with the dialects an imported module uses (builtin, func,
/// stablehlo, chlo).
pub fn context() -> strata_ir::Context {
    let mut ctx = strata_ir::Context::new();
    strata_dialects::func::register(&mut ctx);
    strata_stablehlo::register(&mut ctx);
    ctx
}
