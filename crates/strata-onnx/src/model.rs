//! Loading an `.onnx` file into a [`Model`]: protobuf decoding with clear
//! errors, the opset check, initializers and `Constant` tensors decoded
//! (inline or from external data files next to the model), the graph's
//! inputs (minus initializers) and outputs with their possibly symbolic
//! shapes, and `--input-shape` overrides that make every input static.

use std::collections::HashMap;
use std::fmt;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use prost::Message;

use crate::proto::{
    self, attribute_type, data_location, tensor_shape_proto::dimension, AttributeProto, ModelProto, TensorProto,
    ValueInfoProto,
};
use crate::tensor::{decode_tensor, DType, Tensor};

/// The ai.onnx opset versions the importer supports.
pub const SUPPORTED_OPSETS: std::ops::RangeInclusive<i64> = 13..=21;

/// An error loading a model: the message names the file, tensor, node or
/// input concerned.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelError(pub String);

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for ModelError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ModelError> {
    Err(ModelError(msg.into()))
}

/// One dimension of a value's declared shape.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Dim {
    Fixed(i64),
    /// `dim_param` (the name, e.g. "batch") or an unset dimension ("").
    Symbolic(String),
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dim::Fixed(d) => write!(f, "{d}"),
            Dim::Symbolic(s) if s.is_empty() => f.write_str("?"),
            Dim::Symbolic(s) => f.write_str(s),
        }
    }
}

/// A graph input or output: name, element type and declared shape.
#[derive(Clone, PartialEq, Debug)]
pub struct ValueInfo {
    pub name: String,
    pub dtype: DType,
    /// `None` when the model gives no shape at all (not even the rank).
    pub dims: Option<Vec<Dim>>,
}

/// An attribute value. Graph, sparse-tensor and type attributes are kept
/// only as their kind, since no supported operator takes them.
#[derive(Clone, PartialEq, Debug)]
pub enum AttrValue {
    Float(f32),
    Int(i64),
    String(Vec<u8>),
    Tensor(Tensor),
    Floats(Vec<f32>),
    Ints(Vec<i64>),
    Strings(Vec<Vec<u8>>),
    /// A tensor attribute whose data could not be decoded (its message),
    /// reported only if an operator reads it.
    BadTensor(String),
    /// GRAPH, GRAPHS, TENSORS, SPARSE_TENSOR(S), TYPE_PROTO(S).
    Other(&'static str),
}

/// A node of the graph.
#[derive(Clone, PartialEq, Debug)]
pub struct Node {
    /// The node's name, or `<op_type>_<index>` when the model leaves it empty.
    pub name: String,
    pub op_type: String,
    /// "" for the default ai.onnx domain.
    pub domain: String,
    /// Input value names; "" marks an omitted optional input.
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    pub attrs: Vec<(String, AttrValue)>,
}

impl Node {
    pub fn attr(&self, name: &str) -> Option<&AttrValue> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// A loaded model: the ai.onnx opset, the nodes in file order, the
/// initializers by name, the inputs that are not initializers and the outputs.
#[derive(Clone, Debug)]
pub struct Model {
    pub ir_version: i64,
    /// The ai.onnx opset version (within [`SUPPORTED_OPSETS`]).
    pub opset: i64,
    /// Opsets of other domains as imported by the model (domain, version).
    pub other_opsets: Vec<(String, i64)>,
    pub graph_name: String,
    pub nodes: Vec<Node>,
    /// Shared with the importer's constants, so weights are not copied.
    pub initializers: HashMap<String, Arc<Tensor>>,
    /// Graph inputs minus those that are initializers, in file order.
    pub inputs: Vec<ValueInfo>,
    pub outputs: Vec<ValueInfo>,
}

/// Reads and decodes `path`; external data files are looked up relative to
/// the model's directory.
pub fn load_model(path: &Path) -> Result<Model, ModelError> {
    let bytes = std::fs::read(path).map_err(|e| ModelError(format!("{}: cannot read: {e}", path.display())))?;
    let dir = path.parent().map(|p| if p.as_os_str().is_empty() { Path::new(".") } else { p });
    decode_model(&bytes, dir).map_err(|e| ModelError(format!("{}: {}", path.display(), e.0)))
}

/// Decodes a model from bytes. `base_dir` is the directory external data
/// locations are relative to; with `None`, a tensor with external data is an
/// error.
pub fn decode_model(bytes: &[u8], base_dir: Option<&Path>) -> Result<Model, ModelError> {
    let proto = ModelProto::decode(bytes).map_err(|e| {
        // prost reports a cut-off message as a buffer underflow or a length
        // running past the end; say "truncated" for those.
        let text = e.to_string();
        if text.contains("buffer underflow") || text.contains("invalid length") || text.contains("unexpected end") {
            ModelError(format!("not an ONNX model: the file is truncated or corrupt ({text})"))
        } else {
            ModelError(format!("not an ONNX model: {text}"))
        }
    })?;
    from_proto(&proto, base_dir)
}

/// Builds a [`Model`] from a decoded `ModelProto`.
pub fn from_proto(proto: &ModelProto, base_dir: Option<&Path>) -> Result<Model, ModelError> {
    let Some(graph) = &proto.graph else {
        return err("not an ONNX model: it has no graph (an empty or non-ONNX protobuf file?)");
    };
    let mut opset = None;
    let mut other_opsets = Vec::new();
    for o in &proto.opset_import {
        let domain = o.domain.clone().unwrap_or_default();
        let version = o.version.unwrap_or(0);
        if domain.is_empty() || domain == "ai.onnx" {
            opset = Some(version);
        } else {
            other_opsets.push((domain, version));
        }
    }
    let Some(opset) = opset else {
        return err("the model imports no ai.onnx opset (opset_import has no entry for the default domain)");
    };
    if !SUPPORTED_OPSETS.contains(&opset) {
        return err(format!(
            "ai.onnx opset {opset} is not supported (supported: {} to {}); convert the model with onnx.version_converter",
            SUPPORTED_OPSETS.start(),
            SUPPORTED_OPSETS.end()
        ));
    }
    let loader = ExternalData { base_dir };
    let mut initializers = HashMap::new();
    for (i, t) in graph.initializer.iter().enumerate() {
        let name = t.name.clone().unwrap_or_default();
        if name.is_empty() {
            return err(format!("initializer #{i} has no name"));
        }
        let tensor = loader.tensor(t).map_err(|e| ModelError(format!("initializer '{name}': {e}")))?;
        initializers.insert(name, Arc::new(tensor));
    }
    if let Some(s) = graph.sparse_initializer.first() {
        let name = s.values.as_ref().and_then(|v| v.name.clone()).unwrap_or_default();
        return err(format!("sparse initializer '{name}': sparse tensors are not supported"));
    }
    let nodes: Vec<Node> = graph.node.iter().enumerate().map(|(i, n)| node(n, i, &loader)).collect();
    let mut inputs = Vec::new();
    for v in &graph.input {
        let name = v.name.clone().unwrap_or_default();
        if initializers.contains_key(&name) {
            continue;
        }
        inputs.push(value_info(v).map_err(|e| ModelError(format!("graph input '{name}': {e}")))?);
    }
    let mut outputs = Vec::new();
    for v in &graph.output {
        let name = v.name.clone().unwrap_or_default();
        outputs.push(value_info(v).map_err(|e| ModelError(format!("graph output '{name}': {e}")))?);
    }
    if outputs.is_empty() {
        return err("the graph has no outputs");
    }
    check_single_assignment(graph, &nodes, &outputs)?;
    Ok(Model {
        ir_version: proto.ir_version.unwrap_or(0),
        opset,
        other_opsets,
        graph_name: graph.name.clone().unwrap_or_default(),
        nodes,
        initializers,
        inputs,
        outputs,
    })
}

/// ONNX's static single assignment, as onnx.checker and onnxruntime enforce
/// it: every value name is given once (a graph input, an initializer, which
/// may also be listed as an input to give it a default, or a node output),
/// and no graph output is listed twice. Importing such a graph would pick
/// one of the writers silently.
fn check_single_assignment<'a>(
    graph: &'a proto::GraphProto,
    nodes: &'a [Node],
    outputs: &[ValueInfo],
) -> Result<(), ModelError> {
    let mut defined: HashMap<&str, String> = HashMap::new();
    let mut define = |name: &'a str, by: String| -> Result<(), ModelError> {
        if name.is_empty() {
            return Ok(());
        }
        match defined.get(name) {
            Some(first) => {
                err(format!("value '{name}' is defined twice ({first}, and {by}): ONNX graphs give each value once"))
            }
            None => {
                defined.insert(name, by);
                Ok(())
            }
        }
    };
    let initializer_names: std::collections::HashSet<&str> =
        graph.initializer.iter().filter_map(|t| t.name.as_deref()).collect();
    for t in &graph.initializer {
        define(t.name.as_deref().unwrap_or_default(), "an initializer".into())?;
    }
    for v in &graph.input {
        let name = v.name.as_deref().unwrap_or_default();
        if !initializer_names.contains(name) {
            define(name, "a graph input".into())?;
        }
    }
    for n in nodes {
        for o in &n.outputs {
            define(o, format!("node '{}'", n.name))?;
        }
    }
    for (i, o) in outputs.iter().enumerate() {
        if outputs[..i].iter().any(|p| p.name == o.name) {
            return err(format!("graph output '{}' is listed twice", o.name));
        }
    }
    Ok(())
}

/// The node `n` (the `i`th of its graph) with its attributes decoded;
/// tensor attributes with external data are read through `loader`.
fn node(n: &proto::NodeProto, i: usize, loader: &ExternalData) -> Node {
    let op_type = n.op_type.clone().unwrap_or_default();
    let name = match n.name.as_deref() {
        Some(s) if !s.is_empty() => s.to_string(),
        _ => format!("{op_type}_{i}"),
    };
    let domain = match n.domain.as_deref() {
        None | Some("ai.onnx") => String::new(),
        Some(d) => d.to_string(),
    };
    let attrs = n.attribute.iter().map(|a| (a.name.clone().unwrap_or_default(), attr_value(a, loader))).collect();
    Node { name, op_type, domain, inputs: n.input.clone(), outputs: n.output.clone(), attrs }
}

/// A node decoded on its own (no model around it: tensor attributes with
/// external data are errors read when an operator uses them), as tools
/// evaluating single nodes need.
pub fn node_from_proto(n: &proto::NodeProto, index: usize) -> Node {
    node(n, index, &ExternalData { base_dir: None })
}

fn value_info(v: &ValueInfoProto) -> Result<ValueInfo, String> {
    let name = v.name.clone().unwrap_or_default();
    if name.is_empty() {
        return Err("a graph input or output has no name".into());
    }
    let Some(tt) = v.r#type.as_ref().and_then(|t| t.tensor_type.as_ref()) else {
        return Err("not a tensor (sequence, map, optional and sparse values are not supported)".into());
    };
    let raw = tt.elem_type.unwrap_or(0);
    let dtype =
        DType::from_onnx(raw).ok_or_else(|| format!("unsupported element type {}", proto::data_type::name(raw)))?;
    let dims = match tt.shape.as_ref() {
        None => None,
        Some(s) => Some(
            s.dim
                .iter()
                .enumerate()
                .map(|(k, d)| match &d.value {
                    Some(dimension::Value::DimValue(n)) if *n >= 0 => Ok(Dim::Fixed(*n)),
                    Some(dimension::Value::DimValue(n)) => {
                        Err(format!("dimension {k} is {n}: ONNX dimensions are 0 or more (or symbolic)"))
                    }
                    Some(dimension::Value::DimParam(p)) => Ok(Dim::Symbolic(p.clone())),
                    None => Ok(Dim::Symbolic(String::new())),
                })
                .collect::<Result<Vec<Dim>, String>>()?,
        ),
    };
    Ok(ValueInfo { name, dtype, dims })
}

fn attr_value(a: &AttributeProto, loader: &ExternalData) -> AttrValue {
    // Files from before IR version 2 have no `type`; infer it from the field
    // that is set, as onnx's checker does.
    let ty = match a.r#type {
        Some(t) if t != attribute_type::UNDEFINED => t,
        _ => {
            if a.f.is_some() {
                attribute_type::FLOAT
            } else if a.i.is_some() {
                attribute_type::INT
            } else if a.s.is_some() {
                attribute_type::STRING
            } else if a.t.is_some() {
                attribute_type::TENSOR
            } else if !a.floats.is_empty() {
                attribute_type::FLOATS
            } else if !a.ints.is_empty() {
                attribute_type::INTS
            } else if !a.strings.is_empty() {
                attribute_type::STRINGS
            } else {
                attribute_type::UNDEFINED
            }
        }
    };
    match ty {
        attribute_type::FLOAT => AttrValue::Float(a.f.unwrap_or(0.0)),
        attribute_type::INT => AttrValue::Int(a.i.unwrap_or(0)),
        attribute_type::STRING => AttrValue::String(a.s.clone().unwrap_or_default()),
        attribute_type::TENSOR => match &a.t {
            Some(t) => match loader.tensor(t) {
                Ok(t) => AttrValue::Tensor(t),
                Err(e) => AttrValue::BadTensor(e),
            },
            None => AttrValue::BadTensor("the tensor attribute holds no tensor".into()),
        },
        attribute_type::FLOATS => AttrValue::Floats(a.floats.clone()),
        attribute_type::INTS => AttrValue::Ints(a.ints.clone()),
        attribute_type::STRINGS => AttrValue::Strings(a.strings.clone()),
        attribute_type::GRAPH => AttrValue::Other("GRAPH"),
        attribute_type::GRAPHS => AttrValue::Other("GRAPHS"),
        attribute_type::TENSORS => AttrValue::Other("TENSORS"),
        attribute_type::SPARSE_TENSOR => AttrValue::Other("SPARSE_TENSOR"),
        attribute_type::SPARSE_TENSORS => AttrValue::Other("SPARSE_TENSORS"),
        attribute_type::TYPE_PROTO => AttrValue::Other("TYPE_PROTO"),
        attribute_type::TYPE_PROTOS => AttrValue::Other("TYPE_PROTOS"),
        _ => AttrValue::Other("UNDEFINED"),
    }
}

/// Resolves tensors whose data location is EXTERNAL.
struct ExternalData<'a> {
    base_dir: Option<&'a Path>,
}

impl ExternalData<'_> {
    fn tensor(&self, t: &TensorProto) -> Result<Tensor, String> {
        let external = if t.data_location == Some(data_location::EXTERNAL) { Some(self.read(t)?) } else { None };
        decode_tensor(t, external)
    }

    /// The bytes an EXTERNAL tensor points at: `location` relative to the
    /// model's directory, from `offset` (default 0), `length` bytes (default:
    /// to the end of the file).
    fn read(&self, t: &TensorProto) -> Result<Vec<u8>, String> {
        let mut location = None;
        let mut offset: u64 = 0;
        let mut length: Option<u64> = None;
        for e in &t.external_data {
            let value = e.value.clone().unwrap_or_default();
            match e.key.as_deref().unwrap_or("") {
                "location" => location = Some(value),
                "offset" => {
                    offset =
                        value.trim().parse().map_err(|_| format!("external data offset '{value}' is not a number"))?
                }
                "length" => {
                    length = Some(
                        value.trim().parse().map_err(|_| format!("external data length '{value}' is not a number"))?,
                    )
                }
                _ => {}
            }
        }
        let location = location.ok_or("external data without a 'location' entry")?;
        let rel = Path::new(&location);
        if location.is_empty() || rel.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir)) {
            return Err(format!("external data location '{location}' must be a relative path inside the model's directory (no absolute path, no '..')"));
        }
        let Some(base) = self.base_dir else {
            return Err(format!("external data '{location}': the model was not loaded from a file, so there is no directory to find it in"));
        };
        let path: PathBuf = base.join(rel);
        // A symbolic link could still lead outside; compare canonical paths.
        if let (Ok(canon_base), Ok(canon_path)) = (base.canonicalize(), path.canonicalize()) {
            if !canon_path.starts_with(&canon_base) {
                return Err(format!("external data location '{location}' resolves outside the model's directory"));
            }
        }
        // Read only this tensor's bytes: exporters put every weight in one file.
        let mut file = std::fs::File::open(&path).map_err(|e| format!("external data file {}: {e}", path.display()))?;
        let file_len = file.metadata().map_err(|e| format!("external data file {}: {e}", path.display()))?.len();
        if offset > file_len {
            return Err(format!(
                "external data file {} has {file_len} bytes, offset {offset} is past its end",
                path.display()
            ));
        }
        let len = length.unwrap_or(file_len - offset);
        offset.checked_add(len).filter(|&e| e <= file_len).ok_or_else(|| {
            format!(
                "external data file {} has {file_len} bytes, too short for offset {offset} + length {len}",
                path.display()
            )
        })?;
        let mut data = vec![0u8; usize::try_from(len).map_err(|_| "external data length overflows")?];
        file.seek(SeekFrom::Start(offset))
            .and_then(|_| file.read_exact(&mut data))
            .map_err(|e| format!("external data file {}: {e}", path.display()))?;
        Ok(data)
    }
}

/// An `--input-shape name=1x3x224x224` value.
pub fn parse_input_shape(spec: &str) -> Result<(String, Vec<i64>), ModelError> {
    let Some((name, dims)) = spec.rsplit_once('=') else {
        return err(format!("--input-shape '{spec}': expected NAME=D0xD1x... (e.g. input=1x3x224x224)"));
    };
    if name.is_empty() {
        return err(format!("--input-shape '{spec}': the input name is empty"));
    }
    let mut shape = Vec::new();
    if !dims.is_empty() {
        for d in dims.split('x') {
            match d.trim().parse::<i64>() {
                Ok(v) if v >= 0 => shape.push(v),
                _ => return err(format!("--input-shape '{spec}': '{d}' is not a dimension (a non-negative integer)")),
            }
        }
    }
    Ok((name.to_string(), shape))
}

impl Model {
    /// The static shape of every input (in [`Model::inputs`] order): the
    /// model's own where fully known, else the override from
    /// `overrides` (`--input-shape`). An override must name an input, have
    /// the declared rank and agree with every fixed dimension.
    pub fn resolve_input_shapes(&self, overrides: &[(String, Vec<i64>)]) -> Result<Vec<Vec<i64>>, ModelError> {
        for (name, _) in overrides {
            if !self.inputs.iter().any(|i| &i.name == name) {
                let names: Vec<&str> = self.inputs.iter().map(|i| i.name.as_str()).collect();
                return err(format!(
                    "--input-shape names '{name}', which is not an input of the model (inputs: {})",
                    names.join(", ")
                ));
            }
        }
        let mut shapes = Vec::with_capacity(self.inputs.len());
        for input in &self.inputs {
            let given = overrides.iter().rev().find(|(n, _)| n == &input.name).map(|(_, s)| s);
            let shape = match (given, &input.dims) {
                (Some(s), None) => s.clone(),
                (Some(s), Some(dims)) => {
                    if s.len() != dims.len() {
                        return err(format!(
                            "--input-shape for '{}' has rank {}, the model declares rank {} ({})",
                            input.name,
                            s.len(),
                            dims.len(),
                            fmt_dims(dims)
                        ));
                    }
                    for (k, (g, d)) in s.iter().zip(dims).enumerate() {
                        if let Dim::Fixed(f) = d {
                            if f != g {
                                return err(format!(
                                    "--input-shape for '{}': dimension {k} is {g}, the model fixes it to {f} ({})",
                                    input.name,
                                    fmt_dims(dims)
                                ));
                            }
                        }
                    }
                    s.clone()
                }
                (None, Some(dims)) => {
                    let mut s = Vec::with_capacity(dims.len());
                    for d in dims {
                        match d {
                            Dim::Fixed(v) => s.push(*v),
                            Dim::Symbolic(_) => {
                                return err(format!(
                                    "input '{}' has a symbolic shape ({}); give it with --input-shape {}=...",
                                    input.name,
                                    fmt_dims(dims),
                                    input.name
                                ))
                            }
                        }
                    }
                    s
                }
                (None, None) => {
                    return err(format!(
                        "input '{}' has no shape in the model; give it with --input-shape {}=...",
                        input.name, input.name
                    ))
                }
            };
            shapes.push(shape);
        }
        Ok(shapes)
    }
}

fn fmt_dims(dims: &[Dim]) -> String {
    let v: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(", "))
}
