//! ONNX front end: reads `.onnx` files and imports them into the
//! `stablehlo` dialect (contract: the stablehlo subset table shared with
//! `strata-stablehlo`).
//!
//! * `proto`: the ONNX protobuf messages as hand-written `prost` derives;
//! * `tensor`: element types and typed constant data decoded from `TensorProto`;
//! * `model`: loading a model file (errors, opset check, external data,
//!   inputs/outputs, `--input-shape`);
//! * `import`: the graph importer (driver, builder, constant folding and
//!   one file per operator family).

pub mod model;
pub mod proto;
pub mod tensor;

pub use model::{decode_model, load_model, parse_input_shape, Dim, Model, ModelError, Node, ValueInfo};
pub use tensor::{DType, Tensor};
pub mod import;

pub use import::{import_model, ImportError, ImportOptions, Imported, UnsupportedOp, SUPPORTED_OPS};

/// A context with the dialects an imported module uses (builtin, func,
/// stablehlo, chlo).
pub fn context() -> strata_ir::Context {
    let mut ctx = strata_ir::Context::new();
    strata_dialects::func::register(&mut ctx);
    strata_stablehlo::register(&mut ctx);
    ctx
}
