//! ONNX graph -> `builtin.module { func.func @main }` of stablehlo ops, per
//! the stablehlo subset contract (crates/strata-stablehlo/SUBSET.md).
//!
//! The driver first drops the nodes no graph output depends on (`live`),
//! then walks the others in file order (ONNX requires topological order),
//! keeping what every value name stands for as an [`Operand`] (static type
//! plus constant data or an IR value). A node whose inputs are all
//! constants is computed by the reference evaluator (`fold`, through
//! [`crate::eval`]); any other node of a supported operator goes to its op
//! family: `elementwise`, `nn` (conv, matmul, gemm, batch norm), `norm`
//! (reductions, softmax, layer norm, instance norm), `pool`, `shape_ops`
//! (reshape, slicing, gather, pad, dropout, Shape/Size of static shapes,
//! ...), `indexing` (GatherElements/ND, ScatterElements/ND as row gathers),
//! `triangular` (CumSum, Trilu), `einsum` and `resize`.
//! Every created op carries the node's name as a `NameLoc`.
//!
//! A node of an unsupported operator that does not fold is recorded and its
//! outputs become unknown; nodes reading unknown values are skipped (but
//! recorded too when their own operator is unsupported), so one walk finds
//! every operator that remains after folding, and they are reported
//! together.

pub mod builder;
mod einsum;
mod elementwise;
mod fold;
mod indexing;
mod live;
mod nn;
pub mod node;
mod norm;
mod pool;
mod resize;
mod shape_ops;
mod triangular;

use std::collections::HashMap;
use std::fmt;

use strata_ir::location::LocData;
use strata_ir::{Attribute, Body, Context, Location, Op, OpSpec};

use crate::model::{Model, ModelError, Node};
use builder::{FuncBuilder, Operand};
use node::NodeCx;

/// Import options.
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// Static shapes for inputs whose model shape is symbolic
    /// (`--input-shape name=1x3x224x224`, parsed by
    /// [`crate::parse_input_shape`]).
    pub input_shapes: Vec<(String, Vec<i64>)>,
}

/// An operator the importer does not support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsupportedOp {
    pub node: String,
    pub op_type: String,
    /// "" for ai.onnx.
    pub domain: String,
    pub opset: i64,
}

/// Why an import failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// The model itself (input shapes, outputs).
    Model(ModelError),
    /// Every live node whose operator is not supported and which does not
    /// fold to constants, in graph order.
    Unsupported(Vec<UnsupportedOp>),
    /// A node that could not be imported (bad or unsupported attribute
    /// value, non-constant shape input, mismatched shapes, ...).
    Node { node: String, op_type: String, message: String },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Model(e) => write!(f, "{e}"),
            ImportError::Unsupported(ops) => {
                write!(
                    f,
                    "{} unsupported operator{} remain{} after constant folding:",
                    ops.len(),
                    if ops.len() == 1 { "" } else { "s" },
                    if ops.len() == 1 { "s" } else { "" }
                )?;
                for o in ops {
                    let domain = if o.domain.is_empty() { "ai.onnx" } else { &o.domain };
                    write!(f, "\n  node '{}': {} (domain {domain}, opset {})", o.node, o.op_type, o.opset)?;
                }
                Ok(())
            }
            ImportError::Node { node, op_type, message } => write!(f, "node '{node}' ({op_type}): {message}"),
        }
    }
}
impl std::error::Error for ImportError {}

impl From<ModelError> for ImportError {
    fn from(e: ModelError) -> Self {
        ImportError::Model(e)
    }
}

/// The imported module: `body` is the top-level arena holding `module`
/// (a `builtin.module` containing `func.func @main`), ready for
/// `strata_ir::printer::print_top_level(ctx, &body, module, ...)` and passes.
pub struct Imported {
    pub body: Body,
    pub module: Op,
}

/// Largest dimension and element count of any tensor the importer handles.
/// Every operand satisfies both (checked for inputs, initializers and each
/// node's results), which keeps the shape arithmetic of the op importers
/// (products of a dimension and an attribute value) inside i64.
pub const MAX_DIM: i64 = (1 << 31) - 1;
pub const MAX_ELEMENTS: i64 = 1 << 48;

/// Checks a shape against [`MAX_DIM`] and [`MAX_ELEMENTS`].
pub fn check_shape(shape: &[i64]) -> Result<(), String> {
    let mut n: i64 = 1;
    for &d in shape {
        if !(0..=MAX_DIM).contains(&d) {
            return Err(format!("shape {shape:?} has a dimension outside 0..={MAX_DIM}"));
        }
        n = n.saturating_mul(d.max(1));
    }
    if n > MAX_ELEMENTS {
        return Err(format!("shape {shape:?} has more than 2^48 elements"));
    }
    Ok(())
}

/// The ai.onnx operators the importer supports.
#[rustfmt::skip]
pub const SUPPORTED_OPS: &[&str] = &[
    "Abs", "Add", "And", "AveragePool", "BatchNormalization", "Cast", "Ceil", "Clip", "Concat", "Constant", "ConstantOfShape",
    "Conv", "ConvTranspose", "Cos", "CumSum", "Div", "Dropout", "Einsum", "Elu", "Equal", "Erf", "Exp", "Expand", "Flatten", "Floor",
    "Gather", "GatherElements", "GatherND", "Gelu", "Gemm", "GlobalAveragePool", "GlobalMaxPool", "Greater", "GreaterOrEqual",
    "HardSigmoid", "HardSwish", "Identity", "InstanceNormalization", "IsInf", "IsNaN", "LayerNormalization", "LeakyRelu", "Less",
    "LessOrEqual", "Log", "LogSoftmax", "MatMul", "Max", "MaxPool", "Mean", "Min", "Mish", "Mod", "Mul", "Neg", "Not", "Or", "PRelu",
    "Pad", "Pow", "Range", "Reciprocal", "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMax", "ReduceMean",
    "ReduceMin", "ReduceSum", "ReduceSumSquare", "Relu", "Reshape", "Resize", "ScatterElements", "ScatterND", "Shape",
    "Sigmoid", "Sign", "Sin", "Size", "Slice", "Softmax", "Softplus", "Split", "Sqrt", "Squeeze", "Sub", "Sum", "Tanh", "Tile", "Transpose",
    "Trilu", "Unsqueeze", "Where", "Xor",
];

/// Imports `model` into a new module. `ctx` must have the func and
/// stablehlo dialects registered (see [`crate::context`]).
pub fn import_model(ctx: &Context, model: &Model, opts: &ImportOptions) -> Result<Imported, ImportError> {
    // Input shapes are needed to import, not to find unsupported operators:
    // without them the inputs are unknown values, and the error is reported
    // after the walk unless unsupported operators are.
    let shapes = model.resolve_input_shapes(&opts.input_shapes);

    let mut top = Body::with_root_regions(1);
    let top_block = top.create_block();
    top.append_block(top.root_regions()[0], top_block);
    let module = top.create_op(OpSpec::new(ctx, "builtin.module", Location::Unknown).regions(1));
    top.append_op(top_block, module);
    let Some(mut mb) = top.take_nested(module) else {
        return Err(ImportError::Model(ModelError(
            "builtin.module is not registered as isolated in the context".into(),
        )));
    };
    let module_block = mb.create_block();
    mb.append_block(mb.root_regions()[0], module_block);

    let func = mb.create_op(OpSpec::new(ctx, "func.func", Location::Unknown).regions(1));
    mb.append_op(module_block, func);
    let Some(mut fbody) = mb.take_nested(func) else {
        return Err(ImportError::Model(ModelError("the func dialect is not registered in the context".into())));
    };
    let entry = fbody.create_block();
    fbody.append_block(fbody.root_regions()[0], entry);
    let mut b = FuncBuilder::new(ctx, fbody, entry);

    // What each value name stands for; `None` for an unknown value (an
    // output of a node that was not imported).
    let mut env: HashMap<String, Option<Operand>> = HashMap::new();
    for (name, t) in &model.initializers {
        check_shape(&t.shape).map_err(|e| ImportError::Model(ModelError(format!("initializer '{name}': {e}"))))?;
        env.insert(name.clone(), Some(Operand::shared_constant(t.clone())));
    }
    let mut arg_types = Vec::new();
    let mut arg_attrs = Vec::new();
    for (k, input) in model.inputs.iter().enumerate() {
        let Some(shape) = shapes.as_ref().ok().and_then(|s| s.get(k)) else {
            env.insert(input.name.clone(), None);
            continue;
        };
        check_shape(shape).map_err(|e| ImportError::Model(ModelError(format!("input '{}': {e}", input.name))))?;
        let ty = b.tensor_type(input.dtype, shape);
        let loc = name_loc(ctx, &input.name);
        let v = b.body.add_block_arg(entry, ty, loc);
        arg_types.push(ty);
        arg_attrs.push(onnx_name_dict(ctx, &input.name));
        env.insert(
            input.name.clone(),
            Some(Operand { dtype: input.dtype, shape: shape.clone(), konst: None, value: Some(v) }),
        );
    }

    let live = live::live_nodes(model);
    let mut folder = fold::Folder::new();
    let mut unsupported = Vec::new();
    let mut first_error: Option<ImportError> = None;
    for node in model.nodes.iter().zip(&live).filter(|(_, &l)| l).map(|(n, _)| n) {
        b.loc = name_loc(ctx, &node.name);
        let node_err =
            |message: String| ImportError::Node { node: node.name.clone(), op_type: node.op_type.clone(), message };
        let results = import_or_fold(&mut b, &mut folder, model, node, &env);
        let results = match results {
            Outcome::Done(r) => Some(r),
            Outcome::Unsupported => {
                unsupported.push(unsupported_op(model, node));
                None
            }
            Outcome::Skipped => None,
            Outcome::Failed(message) => {
                first_error.get_or_insert(node_err(message));
                None
            }
        };
        let Some(results) = results else {
            for name in node.outputs.iter().filter(|n| !n.is_empty()) {
                env.insert(name.clone(), None);
            }
            continue;
        };
        for (i, name) in node.outputs.iter().enumerate() {
            if name.is_empty() {
                continue;
            }
            let checked = match results.get(i) {
                Some(Some(o)) => {
                    check_shape(&o.shape).map(|()| o.clone()).map_err(|e| format!("output {i} ('{name}'): {e}"))
                }
                _ => Err(format!("output {i} ('{name}') is not supported")),
            };
            match checked {
                Ok(o) => {
                    env.insert(name.clone(), Some(o));
                }
                Err(m) => {
                    first_error.get_or_insert(node_err(m));
                    env.insert(name.clone(), None);
                }
            }
        }
    }
    if !unsupported.is_empty() {
        return Err(ImportError::Unsupported(unsupported));
    }
    shapes?;
    if let Some(e) = first_error {
        return Err(e);
    }

    b.loc = Location::Unknown;
    let mut result_values = Vec::new();
    let mut result_types = Vec::new();
    let mut res_attrs = Vec::new();
    for out in &model.outputs {
        let Some(Some(o)) = env.get(&out.name).cloned() else {
            return Err(ImportError::Model(ModelError(format!(
                "graph output '{}' is not produced by any node",
                out.name
            ))));
        };
        if let Some(dims) = &out.dims {
            let fixed_mismatch = dims.len() != o.shape.len()
                || dims.iter().zip(&o.shape).any(|(d, &s)| matches!(d, crate::model::Dim::Fixed(f) if *f != s));
            if fixed_mismatch {
                let declared: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
                return Err(ImportError::Model(ModelError(format!(
                    "graph output '{}': the model declares shape [{}], the graph computes {:?}",
                    out.name,
                    declared.join(", "),
                    o.shape
                ))));
            }
        }
        if o.dtype != out.dtype {
            return Err(ImportError::Model(ModelError(format!(
                "graph output '{}': the model declares {}, the graph computes {}",
                out.name,
                out.dtype.name(),
                o.dtype.name()
            ))));
        }
        let v = b.val(&o);
        result_values.push(v);
        result_types.push(b.body.value_type(v));
        res_attrs.push(onnx_name_dict(ctx, &out.name));
    }
    let ret = b.body.create_op(OpSpec::new(ctx, "func.return", Location::Unknown).operands(&result_values));
    b.body.append_op(entry, ret);
    let fbody = b.body;
    mb.put_nested(func, fbody);

    let fty = ctx.function_type(&arg_types, &result_types);
    let mut attrs = vec![
        (ctx.intern_str("sym_name"), ctx.string_attr("main")),
        (ctx.intern_str("function_type"), ctx.type_attr(fty)),
    ];
    if !arg_attrs.is_empty() {
        attrs.push((ctx.intern_str("arg_attrs"), ctx.array_attr(&arg_attrs)));
    }
    attrs.push((ctx.intern_str("res_attrs"), ctx.array_attr(&res_attrs)));
    mb.set_op_attrs(func, ctx.dictionary(attrs));
    top.put_nested(module, mb);
    Ok(Imported { body: top, module })
}

fn name_loc(ctx: &Context, name: &str) -> Location {
    ctx.location(LocData::Name { name: ctx.intern_str(name), child: None })
}

fn onnx_name_dict(ctx: &Context, name: &str) -> Attribute {
    ctx.dictionary(vec![(ctx.intern_str("onnx.name"), ctx.string_attr(name))])
}

fn is_supported(node: &Node) -> bool {
    node.domain.is_empty() && SUPPORTED_OPS.contains(&node.op_type.as_str())
}

fn unsupported_op(model: &Model, n: &Node) -> UnsupportedOp {
    let opset = if n.domain.is_empty() {
        model.opset
    } else {
        model.other_opsets.iter().find(|(d, _)| d == &n.domain).map_or(0, |(_, v)| *v)
    };
    UnsupportedOp { node: n.name.clone(), op_type: n.op_type.clone(), domain: n.domain.clone(), opset }
}

/// What became of one live node.
enum Outcome {
    /// Folded or imported: its results.
    Done(Results),
    /// Its operator is not supported and it did not fold.
    Unsupported,
    /// It reads an unknown value (its operator is supported).
    Skipped,
    /// Folding or importing it failed.
    Failed(String),
}

/// Folds `node` when its inputs are constants and the evaluator knows it,
/// else imports it if its operator is supported.
fn import_or_fold(
    b: &mut FuncBuilder,
    folder: &mut fold::Folder,
    model: &Model,
    node: &Node,
    env: &HashMap<String, Option<Operand>>,
) -> Outcome {
    let mut ins = Vec::with_capacity(node.inputs.len());
    let mut unknown = false;
    for name in &node.inputs {
        if name.is_empty() {
            ins.push(None);
            continue;
        }
        match env.get(name) {
            Some(Some(o)) => ins.push(Some(o.clone())),
            Some(None) => {
                unknown = true;
                ins.push(None);
            }
            None => {
                return Outcome::Failed(format!(
                    "input '{name}' is not defined before this node (not a graph input, initializer or earlier output)"
                ))
            }
        }
    }
    let supported = is_supported(node);
    if unknown {
        return if supported { Outcome::Skipped } else { Outcome::Unsupported };
    }
    let cx = NodeCx { node, ins, opset: model.opset };
    match folder.try_fold(&cx) {
        Ok(Some(r)) => Outcome::Done(r),
        Err(m) => Outcome::Failed(m),
        Ok(None) if !supported => Outcome::Unsupported,
        Ok(None) => match import_node(b, &cx) {
            Ok(r) => Outcome::Done(r),
            Err(m) => Outcome::Failed(m),
        },
    }
}

/// One node's results (`None` for an output the importer does not produce).
type Results = Vec<Option<Operand>>;

fn one(o: Operand) -> Result<Results, String> {
    Ok(vec![Some(o)])
}

fn import_node(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Results, String> {
    use strata_stablehlo::attrs::ComparisonDirection as Dir;
    let op = cx.node.op_type.as_str();
    match op {
        "Add" => one(elementwise::binary(b, cx, "stablehlo.add")?),
        "Sub" => one(elementwise::binary(b, cx, "stablehlo.subtract")?),
        "Mul" => one(elementwise::binary(b, cx, "stablehlo.multiply")?),
        "Div" => one(elementwise::binary(b, cx, "stablehlo.divide")?),
        "Max" => one(elementwise::variadic(b, cx, "stablehlo.maximum")?),
        "Min" => one(elementwise::variadic(b, cx, "stablehlo.minimum")?),
        "Sum" => one(elementwise::variadic(b, cx, "stablehlo.add")?),
        "Mean" => one(elementwise::mean(b, cx)?),
        "PRelu" => one(elementwise::prelu(b, cx)?),
        "Tile" => one(shape_ops::tile(b, cx)?),
        "Range" => {
            Err("inputs 'start', 'limit' and 'delta' must be constants (the result is computed at import time)".into())
        }
        "Pow" => one(elementwise::pow(b, cx)?),
        "Sqrt" => one(elementwise::unary_float(b, cx, "stablehlo.sqrt")?),
        "Exp" => one(elementwise::unary_float(b, cx, "stablehlo.exponential")?),
        "Log" => one(elementwise::unary_float(b, cx, "stablehlo.log")?),
        "Tanh" => one(elementwise::unary_float(b, cx, "stablehlo.tanh")?),
        "Sigmoid" => one(elementwise::unary_float(b, cx, "stablehlo.logistic")?),
        "Erf" => one(elementwise::unary_float(b, cx, "chlo.erf")?),
        "Floor" => one(elementwise::unary_float(b, cx, "stablehlo.floor")?),
        "Ceil" => one(elementwise::unary_float(b, cx, "stablehlo.ceil")?),
        "Neg" => one(b.unary("stablehlo.negate", cx.input(0)?)),
        "Abs" => one(b.unary("stablehlo.abs", cx.input(0)?)),
        "Sign" => one(b.unary("stablehlo.sign", cx.input(0)?)),
        "Not" => one(b.unary("stablehlo.not", cx.input(0)?)),
        "And" => one(elementwise::logical(b, cx, "stablehlo.and")?),
        "Or" => one(elementwise::logical(b, cx, "stablehlo.or")?),
        "Xor" => one(elementwise::logical(b, cx, "stablehlo.xor")?),
        "IsNaN" => one(elementwise::is_nan(b, cx)?),
        "IsInf" => one(elementwise::is_inf(b, cx)?),
        "Mod" => one(elementwise::modulo(b, cx)?),
        "Sin" => one(elementwise::unary_float(b, cx, "stablehlo.sine")?),
        "Cos" => one(elementwise::unary_float(b, cx, "stablehlo.cosine")?),
        "Reciprocal" => one(elementwise::reciprocal(b, cx)?),
        "Relu" => one(elementwise::relu(b, cx)?),
        "LeakyRelu" => one(elementwise::leaky_relu(b, cx)?),
        "Clip" => one(elementwise::clip(b, cx)?),
        "HardSigmoid" => one(elementwise::hard_sigmoid(b, cx)?),
        "HardSwish" => one(elementwise::hard_swish(b, cx)?),
        "Gelu" => one(elementwise::gelu(b, cx)?),
        "Softplus" => one(elementwise::softplus(b, cx)?),
        "Elu" => one(elementwise::elu(b, cx)?),
        "Mish" => one(elementwise::mish(b, cx)?),
        "Equal" => one(b.compare(cx.input(0)?, cx.input(1)?, Dir::Eq)?),
        "Less" => one(b.compare(cx.input(0)?, cx.input(1)?, Dir::Lt)?),
        "LessOrEqual" => one(b.compare(cx.input(0)?, cx.input(1)?, Dir::Le)?),
        "Greater" => one(b.compare(cx.input(0)?, cx.input(1)?, Dir::Gt)?),
        "GreaterOrEqual" => one(b.compare(cx.input(0)?, cx.input(1)?, Dir::Ge)?),
        "Where" => one(b.select(cx.input(0)?, cx.input(1)?, cx.input(2)?)?),
        "Cast" => one(elementwise::cast(b, cx)?),
        "Identity" => one(cx.input(0)?.clone()),
        "Dropout" => one(shape_ops::dropout(cx)?),
        "Conv" => one(nn::conv(b, cx)?),
        "ConvTranspose" => one(nn::conv_transpose(b, cx)?),
        "BatchNormalization" => nn::batch_norm(b, cx),
        "Gemm" => one(nn::gemm(b, cx)?),
        "MatMul" => one(nn::matmul(b, cx)?),
        "Softmax" => one(norm::softmax(b, cx, false)?),
        "LogSoftmax" => one(norm::softmax(b, cx, true)?),
        "LayerNormalization" => norm::layer_norm(b, cx),
        "ReduceMean" | "ReduceSum" | "ReduceMax" | "ReduceMin" | "ReduceL1" | "ReduceL2" | "ReduceSumSquare"
        | "ReduceLogSum" | "ReduceLogSumExp" => one(norm::reduce(b, cx)?),
        "InstanceNormalization" => one(norm::instance_norm(b, cx)?),
        "MaxPool" => pool::max_pool(b, cx),
        "AveragePool" => one(pool::average_pool(b, cx)?),
        "GlobalAveragePool" => one(pool::global_pool(b, cx, false)?),
        "GlobalMaxPool" => one(pool::global_pool(b, cx, true)?),
        "Flatten" => one(shape_ops::flatten(b, cx)?),
        "Reshape" => one(shape_ops::reshape(b, cx)?),
        "Transpose" => one(shape_ops::transpose(b, cx)?),
        "Concat" => one(shape_ops::concat(b, cx)?),
        "Split" => shape_ops::split(b, cx),
        "Slice" => one(shape_ops::slice(b, cx)?),
        "Gather" => one(shape_ops::gather(b, cx)?),
        "GatherElements" => one(indexing::gather_elements(b, cx)?),
        "GatherND" => one(indexing::gather_nd(b, cx)?),
        "ScatterND" => one(indexing::scatter_nd(b, cx)?),
        "ScatterElements" => one(indexing::scatter_elements(b, cx)?),
        "CumSum" => one(triangular::cumsum(b, cx)?),
        "Trilu" => one(triangular::trilu(b, cx)?),
        "Einsum" => one(einsum::einsum(b, cx)?),
        "Squeeze" => one(shape_ops::squeeze(b, cx)?),
        "Unsqueeze" => one(shape_ops::unsqueeze(b, cx)?),
        "Expand" => one(shape_ops::expand(b, cx)?),
        "Pad" => one(shape_ops::pad(b, cx)?),
        "Constant" => one(shape_ops::constant(cx)?),
        "ConstantOfShape" => one(shape_ops::constant_of_shape(b, cx)?),
        "Shape" => one(shape_ops::shape(cx)?),
        "Size" => one(shape_ops::size(cx)?),
        "Resize" => one(resize::resize(b, cx)?),
        other => Err(format!("operator {other} has no importer")),
    }
}
