//! Building small ONNX models in Rust for the importer tests: nodes,
//! attributes, initializers, graph inputs and outputs; the model is encoded
//! with prost and read back through the reader, then imported, verified
//! and printed.
#![allow(dead_code)]

use prost::Message;
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_onnx::proto::*;
use strata_onnx::{decode_model, import_model, parse_input_shape, ImportError, ImportOptions};

pub fn attr_i(name: &str, v: i64) -> AttributeProto {
    AttributeProto { name: Some(name.into()), r#type: Some(attribute_type::INT), i: Some(v), ..Default::default() }
}
pub fn attr_f(name: &str, v: f32) -> AttributeProto {
    AttributeProto { name: Some(name.into()), r#type: Some(attribute_type::FLOAT), f: Some(v), ..Default::default() }
}
pub fn attr_s(name: &str, v: &str) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(attribute_type::STRING),
        s: Some(v.as_bytes().to_vec()),
        ..Default::default()
    }
}
pub fn attr_ints(name: &str, v: &[i64]) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(attribute_type::INTS),
        ints: v.to_vec(),
        ..Default::default()
    }
}
pub fn attr_t(name: &str, t: TensorProto) -> AttributeProto {
    AttributeProto { name: Some(name.into()), r#type: Some(attribute_type::TENSOR), t: Some(t), ..Default::default() }
}

pub fn f32_tensor(name: &str, dims: &[i64], data: &[f32]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(data_type::FLOAT),
        float_data: data.to_vec(),
        ..Default::default()
    }
}
pub fn i64_tensor(name: &str, dims: &[i64], data: &[i64]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(data_type::INT64),
        int64_data: data.to_vec(),
        ..Default::default()
    }
}
/// A float tensor filled with 0.5, 1.5, 2.5, ...
pub fn ramp(name: &str, dims: &[i64]) -> TensorProto {
    let n: i64 = dims.iter().product();
    let data: Vec<f32> = (0..n).map(|i| i as f32 + 0.5).collect();
    f32_tensor(name, dims, &data)
}

pub fn value(name: &str, elem: i32, dims: &[i64]) -> ValueInfoProto {
    let dim = dims
        .iter()
        .map(|&d| tensor_shape_proto::Dimension {
            value: Some(if d < 0 {
                tensor_shape_proto::dimension::Value::DimParam("N".into())
            } else {
                tensor_shape_proto::dimension::Value::DimValue(d)
            }),
            denotation: None,
        })
        .collect();
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            tensor_type: Some(type_proto::Tensor { elem_type: Some(elem), shape: Some(TensorShapeProto { dim }) }),
            denotation: None,
        }),
        ..Default::default()
    }
}
pub fn f32_value(name: &str, dims: &[i64]) -> ValueInfoProto {
    value(name, data_type::FLOAT, dims)
}
/// An output whose shape the model leaves open (rank only, all symbolic),
/// so the importer's inferred shape is what the test checks.
pub fn open_output(name: &str, elem: i32) -> ValueInfoProto {
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            tensor_type: Some(type_proto::Tensor { elem_type: Some(elem), shape: None }),
            denotation: None,
        }),
        ..Default::default()
    }
}

pub fn node(op: &str, name: &str, inputs: &[&str], outputs: &[&str], attrs: Vec<AttributeProto>) -> NodeProto {
    NodeProto {
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: outputs.iter().map(|s| s.to_string()).collect(),
        name: Some(name.into()),
        op_type: Some(op.into()),
        attribute: attrs,
        ..Default::default()
    }
}

pub struct Graph {
    pub opset: i64,
    pub nodes: Vec<NodeProto>,
    pub inits: Vec<TensorProto>,
    pub inputs: Vec<ValueInfoProto>,
    pub outputs: Vec<ValueInfoProto>,
}

impl Graph {
    pub fn new(opset: i64) -> Graph {
        Graph { opset, nodes: vec![], inits: vec![], inputs: vec![], outputs: vec![] }
    }
    pub fn input(mut self, v: ValueInfoProto) -> Self {
        self.inputs.push(v);
        self
    }
    pub fn output(mut self, v: ValueInfoProto) -> Self {
        self.outputs.push(v);
        self
    }
    pub fn init(mut self, t: TensorProto) -> Self {
        self.inits.push(t);
        self
    }
    pub fn node(mut self, n: NodeProto) -> Self {
        self.nodes.push(n);
        self
    }
    pub fn bytes(&self) -> Vec<u8> {
        ModelProto {
            ir_version: Some(8),
            opset_import: vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(self.opset) }],
            graph: Some(GraphProto {
                node: self.nodes.clone(),
                name: Some("test".into()),
                initializer: self.inits.clone(),
                input: self.inputs.clone(),
                output: self.outputs.clone(),
                ..Default::default()
            }),
            ..Default::default()
        }
        .encode_to_vec()
    }

    /// Imports with `--input-shape` values; the module is verified (with
    /// the stablehlo dialect's verifiers) before it is printed.
    pub fn import_with(&self, shapes: &[&str]) -> Result<String, ImportError> {
        let bytes = self.bytes();
        write_seed(&bytes);
        let model = decode_model(&bytes, None).map_err(ImportError::Model)?;
        let opts = ImportOptions { input_shapes: shapes.iter().map(|s| parse_input_shape(s).unwrap()).collect() };
        let ctx = strata_onnx::context();
        let m = import_model(&ctx, &model, &opts)?;
        if let Err(d) = strata_ir::verifier::verify(&ctx, &m.body, m.module) {
            let generic =
                print_top_level(&ctx, &m.body, m.module, PrintOptions { generic: true, ..Default::default() }, &[]);
            panic!("imported module does not verify: {}\n{generic}", d.message);
        }
        let text = print_top_level(
            &ctx,
            &m.body,
            m.module,
            PrintOptions { generic: true, debug_info: true, ..Default::default() },
            &[],
        );
        reparse(&text, "generic");
        let custom = print_top_level(&ctx, &m.body, m.module, PrintOptions::default(), &[]);
        reparse(&custom, "custom");
        Ok(text)
    }

    /// Imports (no `--input-shape`), runs the `strata-opt` pass `pass` of the
    /// stablehlo crate on the module, and prints the result (generic form).
    pub fn import_and_run_pass(&self, pass: &str) -> String {
        let model = decode_model(&self.bytes(), None).unwrap();
        let ctx = strata_onnx::context();
        let mut m =
            import_model(&ctx, &model, &ImportOptions::default()).unwrap_or_else(|e| panic!("import failed: {e}"));
        let mut registry = strata_pass::PassRegistry::default();
        strata_stablehlo::register_passes(&mut registry);
        let mut pm = strata_pass::OpPassManager::new("builtin.module");
        pm.add_pass(registry.create(pass, "").unwrap());
        let mut report = strata_pass::manager::RunReport::default();
        let cfg = strata_pass::RunConfig { verify_each: true, ..Default::default() };
        if let Err(d) = pm.run(&ctx, &mut m.body, m.module, &cfg, &mut report) {
            panic!("{pass} failed: {}", d.message);
        }
        print_top_level(&ctx, &m.body, m.module, PrintOptions { generic: true, ..Default::default() }, &[])
    }

    pub fn import(&self) -> String {
        match self.import_with(&[]) {
            Ok(s) => s,
            Err(e) => panic!("import failed: {e}"),
        }
    }

    pub fn import_err(&self) -> String {
        match self.import_with(&[]) {
            Ok(s) => panic!("import succeeded:\n{s}"),
            Err(e) => e.to_string(),
        }
    }
}

/// With `STRATA_ONNX_WRITE_CORPUS=DIR` in the environment, every model a
/// test imports is also written to DIR (named by a hash of its bytes): the
/// seed corpus of the `read_onnx` fuzz target (`fuzz/seed-corpus.sh`).
fn write_seed(bytes: &[u8]) {
    let Some(dir) = std::env::var_os("STRATA_ONNX_WRITE_CORPUS") else {
        return;
    };
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("corpus directory");
    std::fs::write(dir.join(format!("test-{:016x}.onnx", h.finish())), bytes).expect("write seed");
}

/// Parses printed IR in a fresh context (registered dialects only) and
/// verifies it: what the importer prints must load in strata-opt.
fn reparse(text: &str, form: &str) {
    use strata_ir::diagnostics::SourceFile;
    use strata_ir::parser::{parse_source, ParseOptions};
    let ctx = strata_onnx::context();
    let src = SourceFile::new("imported.mlir", text.to_string());
    let parsed = match parse_source(&ctx, &src, 0..text.len(), ParseOptions { allow_unregistered: false }, true) {
        Ok(p) => p,
        Err(d) => panic!("the {form} form does not parse again: {}\n{text}", d.message),
    };
    if let Err(d) = strata_ir::verifier::verify(&ctx, &parsed.body, parsed.op) {
        panic!("the re-parsed {form} form does not verify: {}\n{text}", d.message);
    }
}

/// The text of every op named `op`, in order: its line, joined with the
/// closing `}) : type` line when the op has regions (so result types of
/// reduce ops are part of it). Region bodies are left out.
pub fn op_lines(text: &str, op: &str) -> Vec<String> {
    let needle = format!("\"{op}\"(");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if !l.contains(&needle) {
            continue;
        }
        if l.trim_end().ends_with("({") {
            let indent = l.len() - l.trim_start().len();
            let close = lines[i + 1..]
                .iter()
                .find(|c| c.len() - c.trim_start().len() == indent && c.trim_start().starts_with("})"));
            out.push(format!("{l} ... {}", close.map_or("", |c| c.trim())));
        } else {
            out.push(l.to_string());
        }
    }
    out
}

/// The single op named `op`; panics when there is not exactly one.
pub fn the_op(text: &str, op: &str) -> String {
    let lines = op_lines(text, op);
    assert_eq!(lines.len(), 1, "expected one {op} in:\n{text}");
    lines[0].clone()
}

/// Number of ops named `op` (including those inside reduction regions).
pub fn count(text: &str, op: &str) -> usize {
    op_lines(text, op).len()
}
