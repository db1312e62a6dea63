//! Runs the crate's ONNX evaluator on a model whose graph inputs are given
//! as `TensorProto` files (the layout of onnx's backend node test cases),
//! evaluating the nodes in order and writing each graph output to
//! `OUT_DIR/output_<i>.pb`:
//!
//! ```sh
//! cargo run --release -p strata-onnx --example eval_node -- MODEL.onnx OUT_DIR [input_0.pb ...]
//! ```
//!
//! The last line printed says what happened: `ok`, `skip-op OP...` (an
//! operator the evaluator does not claim), `skip-dtype MESSAGE` (an element
//! type the crate's tensors do not have), `not-evaluable NODE: MESSAGE` (a
//! claimed operator refused this form), `error NODE: MESSAGE`. Used by
//! `tests/onnx/eval_node_cases.py`, the differential test against onnx's
//! expected outputs.

use std::collections::HashMap;
use std::path::Path;
use std::process::ExitCode;

use prost::Message;
use strata_onnx::eval::{claims, eval_node, EvalError, Limits};
use strata_onnx::model::node_from_proto;
use strata_onnx::proto::{data_type, ModelProto, TensorProto};
use strata_onnx::tensor::{decode_tensor, DType, Tensor};

fn read_tensor(path: &Path) -> Result<Tensor, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("error {}: {e}", path.display()))?;
    let t = TensorProto::decode(bytes.as_slice()).map_err(|e| format!("error {}: {e}", path.display()))?;
    decode_tensor(&t, None).map_err(|e| format!("skip-dtype {}: {e}", path.display()))
}

fn write_tensor(path: &Path, name: &str, t: &Tensor) -> Result<(), String> {
    let proto = TensorProto {
        name: Some(name.to_string()),
        dims: t.shape.clone(),
        data_type: Some(t.dtype.to_onnx()),
        raw_data: Some(t.bytes.clone()),
        ..Default::default()
    };
    std::fs::write(path, proto.encode_to_vec()).map_err(|e| format!("error {}: {e}", path.display()))
}

fn run(args: &[String]) -> Result<(), String> {
    let [model_path, out_dir, inputs @ ..] = args else {
        return Err("error usage: eval_node MODEL.onnx OUT_DIR [input_0.pb ...]".into());
    };
    let bytes = std::fs::read(model_path).map_err(|e| format!("error {model_path}: {e}"))?;
    let model = ModelProto::decode(bytes.as_slice()).map_err(|e| format!("error {model_path}: {e}"))?;
    let graph = model.graph.ok_or("error the model has no graph")?;
    let nodes: Vec<_> = graph.node.iter().enumerate().map(|(i, n)| node_from_proto(n, i)).collect();
    let unclaimed: Vec<&str> =
        nodes.iter().filter(|n| !claims(&n.op_type, &n.domain)).map(|n| n.op_type.as_str()).collect();
    if !unclaimed.is_empty() {
        return Err(format!("skip-op {}", unclaimed.join(" ")));
    }
    let opset = model
        .opset_import
        .iter()
        .find(|o| matches!(o.domain.as_deref(), None | Some("") | Some("ai.onnx")))
        .and_then(|o| o.version)
        .ok_or("error the model imports no ai.onnx opset")?;
    // A graph input or output of an element type the crate has no tensors for.
    for v in graph.input.iter().chain(&graph.output) {
        let elem = v.r#type.as_ref().and_then(|t| t.tensor_type.as_ref()).and_then(|t| t.elem_type);
        if let Some(e) = elem.filter(|&e| DType::from_onnx(e).is_none()) {
            return Err(format!("skip-dtype '{}' is {}", v.name.clone().unwrap_or_default(), data_type::name(e)));
        }
    }
    let mut env: HashMap<String, Tensor> = HashMap::new();
    for t in &graph.initializer {
        let v = decode_tensor(t, None).map_err(|e| format!("skip-dtype initializer: {e}"))?;
        env.insert(t.name.clone().unwrap_or_default(), v);
    }
    let graph_inputs: Vec<String> =
        graph.input.iter().filter_map(|v| v.name.clone()).filter(|n| !env.contains_key(n)).collect();
    if graph_inputs.len() != inputs.len() {
        return Err(format!("error the graph has {} inputs, {} files were given", graph_inputs.len(), inputs.len()));
    }
    for (name, file) in graph_inputs.iter().zip(inputs) {
        env.insert(name.clone(), read_tensor(Path::new(file))?);
    }
    for n in &nodes {
        let ins: Vec<Option<&Tensor>> = n
            .inputs
            .iter()
            .map(|name| {
                if name.is_empty() {
                    Ok(None)
                } else {
                    env.get(name)
                        .map(Some)
                        .ok_or_else(|| format!("error node '{}': input '{name}' is not defined", n.name))
                }
            })
            .collect::<Result<_, _>>()?;
        let outs = match eval_node(n, &ins, opset, Limits::elements(1 << 26)) {
            Ok(o) => o,
            Err(EvalError::NotEvaluable(m)) => return Err(format!("not-evaluable {} ({}): {m}", n.name, n.op_type)),
            Err(e) => return Err(format!("error {} ({}): {e}", n.name, n.op_type)),
        };
        for (name, t) in n.outputs.iter().zip(outs) {
            if !name.is_empty() {
                env.insert(name.clone(), t);
            }
        }
    }
    std::fs::create_dir_all(out_dir).map_err(|e| format!("error {out_dir}: {e}"))?;
    for (i, o) in graph.output.iter().enumerate() {
        let name = o.name.clone().unwrap_or_default();
        let t = env.get(&name).ok_or_else(|| format!("error graph output '{name}' is not computed"))?;
        write_tensor(&Path::new(out_dir).join(format!("output_{i}.pb")), &name, t)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => {
            println!("ok");
            ExitCode::SUCCESS
        }
        Err(m) => {
            println!("{m}");
            if m.starts_with("error usage") {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}
