//! ONNX front end: reads `.onnx` files and imports them into the
//! `stablehlo` dialect (contract: the stablehlo subset table shared with
//! `strata-stablehlo`).
//!
//! * `proto`: the ONNX protobuf messages as hand-written `prost` derives;
//! * `tensor`: element types and typed constant data decoded from `TensorProto`;
//! * `model`: loading a model file (errors, opset check, external data,
//!   inputs/outputs, `--input-shape`);

pub mod model;
pub mod proto;
pub mod tensor;

pub use model::{decode_model, load_model, parse_input_shape, Dim, Model, ModelError, Node, ValueInfo};
pub use tensor::{DType, Tensor};
