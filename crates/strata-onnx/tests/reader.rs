//! The ONNX reader on models built in Rust and encoded with prost: decoding,
//! opset check, initializers versus inputs, symbolic shapes and
//! `--input-shape`, external data (and its path checks), garbage and
//! truncated files.

use std::path::PathBuf;

use prost::Message;
use strata_onnx::proto::*;
use strata_onnx::{decode_model, load_model, parse_input_shape, DType, Dim};

fn dim(v: i64) -> tensor_shape_proto::Dimension {
    tensor_shape_proto::Dimension { value: Some(tensor_shape_proto::dimension::Value::DimValue(v)), denotation: None }
}
fn sym(p: &str) -> tensor_shape_proto::Dimension {
    tensor_shape_proto::Dimension {
        value: Some(tensor_shape_proto::dimension::Value::DimParam(p.into())),
        denotation: None,
    }
}
fn value(name: &str, elem: i32, dims: Vec<tensor_shape_proto::Dimension>) -> ValueInfoProto {
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            tensor_type: Some(type_proto::Tensor {
                elem_type: Some(elem),
                shape: Some(TensorShapeProto { dim: dims }),
            }),
            denotation: None,
        }),
        ..Default::default()
    }
}

/// y = x + w with w an initializer (also listed as a graph input, as
/// exporters before IR 4 did).
fn add_model(opset: i64) -> ModelProto {
    let w = TensorProto {
        name: Some("w".into()),
        dims: vec![2],
        data_type: Some(data_type::FLOAT),
        float_data: vec![1.5, -2.0],
        ..Default::default()
    };
    let node = NodeProto {
        input: vec!["x".into(), "w".into()],
        output: vec!["y".into()],
        name: Some("add0".into()),
        op_type: Some("Add".into()),
        ..Default::default()
    };
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(opset) }],
        graph: Some(GraphProto {
            node: vec![node],
            name: Some("g".into()),
            initializer: vec![w],
            input: vec![
                value("x", data_type::FLOAT, vec![sym("batch"), dim(2)]),
                value("w", data_type::FLOAT, vec![dim(2)]),
            ],
            output: vec![value("y", data_type::FLOAT, vec![sym("batch"), dim(2)])],
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("strata-onnx-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn decodes_nodes_initializers_inputs_and_outputs() {
    let bytes = add_model(17).encode_to_vec();
    let m = decode_model(&bytes, None).unwrap();
    assert_eq!(m.opset, 17);
    assert_eq!(m.nodes.len(), 1);
    assert_eq!(m.nodes[0].name, "add0");
    assert_eq!(m.nodes[0].op_type, "Add");
    assert_eq!(m.nodes[0].inputs, vec!["x", "w"]);
    // "w" is an initializer, so it is not an input.
    assert_eq!(m.inputs.len(), 1);
    assert_eq!(m.inputs[0].name, "x");
    assert_eq!(m.inputs[0].dtype, DType::F32);
    assert_eq!(m.inputs[0].dims, Some(vec![Dim::Symbolic("batch".into()), Dim::Fixed(2)]));
    assert_eq!(m.initializers["w"].to_f64_vec(), vec![1.5, -2.0]);
    assert_eq!(m.outputs[0].name, "y");
}

#[test]
fn unnamed_nodes_get_op_type_and_index() {
    let mut p = add_model(13);
    p.graph.as_mut().unwrap().node[0].name = None;
    let m = decode_model(&p.encode_to_vec(), None).unwrap();
    assert_eq!(m.nodes[0].name, "Add_0");
}

#[test]
fn attributes_of_every_kind_decode() {
    let mut p = add_model(13);
    let attrs = vec![
        AttributeProto {
            name: Some("f".into()),
            r#type: Some(attribute_type::FLOAT),
            f: Some(0.5),
            ..Default::default()
        },
        AttributeProto { name: Some("i".into()), r#type: Some(attribute_type::INT), i: Some(-3), ..Default::default() },
        AttributeProto {
            name: Some("s".into()),
            r#type: Some(attribute_type::STRING),
            s: Some(b"nearest".to_vec()),
            ..Default::default()
        },
        AttributeProto {
            name: Some("ints".into()),
            r#type: Some(attribute_type::INTS),
            ints: vec![1, 2, 3],
            ..Default::default()
        },
        AttributeProto {
            name: Some("floats".into()),
            r#type: Some(attribute_type::FLOATS),
            floats: vec![1.0, 2.0],
            ..Default::default()
        },
        AttributeProto {
            name: Some("strings".into()),
            r#type: Some(attribute_type::STRINGS),
            strings: vec![b"a".to_vec()],
            ..Default::default()
        },
        AttributeProto {
            name: Some("t".into()),
            r#type: Some(attribute_type::TENSOR),
            t: Some(TensorProto {
                dims: vec![],
                data_type: Some(data_type::INT64),
                int64_data: vec![9],
                ..Default::default()
            }),
            ..Default::default()
        },
        AttributeProto {
            name: Some("g".into()),
            r#type: Some(attribute_type::GRAPH),
            g: Some(Box::default()),
            ..Default::default()
        },
        // No type field (IR version 1): inferred from the field that is set.
        AttributeProto { name: Some("untyped".into()), i: Some(4), ..Default::default() },
    ];
    p.graph.as_mut().unwrap().node[0].attribute = attrs;
    let m = decode_model(&p.encode_to_vec(), None).unwrap();
    use strata_onnx::model::AttrValue;
    let n = &m.nodes[0];
    assert_eq!(n.attr("f"), Some(&AttrValue::Float(0.5)));
    assert_eq!(n.attr("i"), Some(&AttrValue::Int(-3)));
    assert_eq!(n.attr("s"), Some(&AttrValue::String(b"nearest".to_vec())));
    assert_eq!(n.attr("ints"), Some(&AttrValue::Ints(vec![1, 2, 3])));
    assert_eq!(n.attr("floats"), Some(&AttrValue::Floats(vec![1.0, 2.0])));
    assert_eq!(n.attr("strings"), Some(&AttrValue::Strings(vec![b"a".to_vec()])));
    match n.attr("t") {
        Some(AttrValue::Tensor(t)) => assert_eq!((t.shape.len(), t.to_i64_vec()), (0, vec![9])),
        other => panic!("tensor attribute decoded as {other:?}"),
    }
    assert_eq!(n.attr("g"), Some(&AttrValue::Other("GRAPH")));
    assert_eq!(n.attr("untyped"), Some(&AttrValue::Int(4)));
}

#[test]
fn opsets_outside_13_to_21_are_refused() {
    for bad in [12, 22] {
        let e = decode_model(&add_model(bad).encode_to_vec(), None).unwrap_err();
        assert!(e.0.contains(&format!("opset {bad} is not supported")), "{e}");
    }
    let mut p = add_model(13);
    p.opset_import = vec![OperatorSetIdProto { domain: Some("com.microsoft".into()), version: Some(1) }];
    let e = decode_model(&p.encode_to_vec(), None).unwrap_err();
    assert!(e.0.contains("no ai.onnx opset"), "{e}");
}

#[test]
fn garbage_and_truncated_files_are_clear_errors() {
    let e = decode_model(b"this is not a protobuf \xff\xff\xff", None).unwrap_err();
    assert!(e.0.starts_with("not an ONNX model"), "{e}");
    // A valid protobuf that is not a model (no graph).
    let e = decode_model(&OperatorSetIdProto { domain: Some("x".into()), version: Some(1) }.encode_to_vec(), None)
        .unwrap_err();
    assert!(e.0.starts_with("not an ONNX model"), "{e}");
    let bytes = add_model(13).encode_to_vec();
    // Every strict prefix either fails to decode or lacks a part of the model;
    // none is accepted as the whole model and none panics.
    let mut truncated_reported = 0;
    for cut in 0..bytes.len() {
        if let Err(e) = decode_model(&bytes[..cut], None) {
            truncated_reported += e.0.contains("truncated") as usize;
        } else {
            let m = decode_model(&bytes[..cut], None).unwrap();
            assert!(
                m.nodes.is_empty() || m.outputs.is_empty() || m.initializers.is_empty(),
                "prefix {cut} decoded as the whole model"
            );
        }
    }
    assert!(truncated_reported > bytes.len() / 2, "only {truncated_reported} prefixes reported as truncated");
}

#[test]
fn load_model_names_the_file() {
    let e = load_model(std::path::Path::new("/nonexistent/m.onnx")).unwrap_err();
    assert!(e.0.contains("/nonexistent/m.onnx"), "{e}");
}

fn external(location: &str, offset: Option<u64>, length: Option<u64>) -> TensorProto {
    let mut entries = vec![StringStringEntryProto { key: Some("location".into()), value: Some(location.into()) }];
    if let Some(o) = offset {
        entries.push(StringStringEntryProto { key: Some("offset".into()), value: Some(o.to_string()) });
    }
    if let Some(l) = length {
        entries.push(StringStringEntryProto { key: Some("length".into()), value: Some(l.to_string()) });
    }
    TensorProto {
        name: Some("w".into()),
        dims: vec![2],
        data_type: Some(data_type::FLOAT),
        external_data: entries,
        data_location: Some(data_location::EXTERNAL),
        ..Default::default()
    }
}

fn with_weight(w: TensorProto) -> ModelProto {
    let mut p = add_model(13);
    p.graph.as_mut().unwrap().initializer = vec![w];
    p
}

#[test]
fn external_data_is_read_relative_to_the_model() {
    let dir = temp_dir("ext");
    let mut data = vec![0xAAu8; 16];
    data.extend_from_slice(&3.25f32.to_le_bytes());
    data.extend_from_slice(&(-1.0f32).to_le_bytes());
    std::fs::create_dir_all(dir.join("weights")).unwrap();
    std::fs::write(dir.join("weights/w.bin"), &data).unwrap();
    let model_path = dir.join("m.onnx");
    std::fs::write(&model_path, with_weight(external("weights/w.bin", Some(16), Some(8))).encode_to_vec()).unwrap();
    let m = load_model(&model_path).unwrap();
    assert_eq!(m.initializers["w"].to_f64_vec(), vec![3.25, -1.0]);
    // Without a length the data runs to the end of the file.
    std::fs::write(&model_path, with_weight(external("weights/w.bin", Some(16), None)).encode_to_vec()).unwrap();
    assert_eq!(load_model(&model_path).unwrap().initializers["w"].to_f64_vec(), vec![3.25, -1.0]);
    // Past the end of the file.
    std::fs::write(&model_path, with_weight(external("weights/w.bin", Some(20), Some(8))).encode_to_vec()).unwrap();
    let e = load_model(&model_path).unwrap_err();
    assert!(e.0.contains("too short") && e.0.contains("initializer 'w'"), "{e}");
    // The right length for the file but the wrong one for the tensor.
    std::fs::write(&model_path, with_weight(external("weights/w.bin", Some(0), Some(4))).encode_to_vec()).unwrap();
    assert!(load_model(&model_path).unwrap_err().0.contains("4 bytes"));
    // Missing file.
    std::fs::write(&model_path, with_weight(external("nope.bin", None, None)).encode_to_vec()).unwrap();
    assert!(load_model(&model_path).unwrap_err().0.contains("nope.bin"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn external_data_may_not_escape_the_model_directory() {
    let dir = temp_dir("escape");
    let model_path = dir.join("m.onnx");
    for location in ["/etc/passwd", "../secret.bin", "a/../../b.bin", ""] {
        std::fs::write(&model_path, with_weight(external(location, None, None)).encode_to_vec()).unwrap();
        let e = load_model(&model_path).unwrap_err();
        assert!(e.0.contains("relative path inside the model's directory"), "{location}: {e}");
    }
    // A symbolic link inside the directory that leads outside is refused too.
    let outside = temp_dir("outside");
    std::fs::write(outside.join("w.bin"), [0u8; 8]).unwrap();
    std::os::unix::fs::symlink(outside.join("w.bin"), dir.join("link.bin")).unwrap();
    std::fs::write(&model_path, with_weight(external("link.bin", None, None)).encode_to_vec()).unwrap();
    let e = load_model(&model_path).unwrap_err();
    assert!(e.0.contains("resolves outside the model's directory"), "{e}");
    let _ = std::fs::remove_dir_all(&outside);
    // Decoded from memory there is no directory at all.
    let e = decode_model(&with_weight(external("w.bin", None, None)).encode_to_vec(), None).unwrap_err();
    assert!(e.0.contains("not loaded from a file"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn input_shapes_come_from_the_model_or_the_command_line() {
    let m = decode_model(&add_model(13).encode_to_vec(), None).unwrap();
    let e = m.resolve_input_shapes(&[]).unwrap_err();
    assert!(e.0.contains("input 'x' has a symbolic shape ([batch, 2])") && e.0.contains("--input-shape x="), "{e}");
    assert_eq!(m.resolve_input_shapes(&[parse_input_shape("x=4x2").unwrap()]).unwrap(), vec![vec![4, 2]]);
    let e = m.resolve_input_shapes(&[parse_input_shape("x=4x3").unwrap()]).unwrap_err();
    assert!(e.0.contains("dimension 1 is 3, the model fixes it to 2"), "{e}");
    let e = m.resolve_input_shapes(&[parse_input_shape("x=4").unwrap()]).unwrap_err();
    assert!(e.0.contains("rank 1"), "{e}");
    let e = m.resolve_input_shapes(&[parse_input_shape("z=4").unwrap()]).unwrap_err();
    assert!(e.0.contains("'z', which is not an input"), "{e}");
}

#[test]
fn input_shape_syntax() {
    assert_eq!(parse_input_shape("input=1x3x224x224").unwrap(), ("input".to_string(), vec![1, 3, 224, 224]));
    assert_eq!(parse_input_shape("a=b=2").unwrap(), ("a=b".to_string(), vec![2]));
    assert_eq!(parse_input_shape("scalar=").unwrap(), ("scalar".to_string(), vec![]));
    for bad in ["x", "=1x2", "x=1xx2", "x=-1", "x=1x2.5"] {
        assert!(parse_input_shape(bad).is_err(), "{bad}");
    }
}

fn err_of(m: &ModelProto) -> String {
    match decode_model(&m.encode_to_vec(), None) {
        Ok(_) => panic!("the model should be refused"),
        Err(e) => e.to_string(),
    }
}

/// ONNX's single assignment, as onnx.checker and onnxruntime enforce it:
/// a value written twice, two inputs of one name and an output listed
/// twice are refused by name instead of compiled.
#[test]
fn graphs_breaking_single_assignment_are_refused() {
    let mut m = add_model(17);
    let g = m.graph.as_mut().unwrap();
    let mut second = g.node[0].clone();
    second.name = Some("add1".into());
    g.node.push(second);
    let e = err_of(&m);
    assert!(e.contains("value 'y' is defined twice") && e.contains("node 'add0'") && e.contains("node 'add1'"), "{e}");

    let mut m = add_model(17);
    let g = m.graph.as_mut().unwrap();
    g.input.push(value("x", data_type::FLOAT, vec![dim(2)]));
    assert!(err_of(&m).contains("value 'x' is defined twice"), "{}", err_of(&m));

    let mut m = add_model(17);
    let g = m.graph.as_mut().unwrap();
    let y = g.output[0].clone();
    g.output.push(y);
    assert!(err_of(&m).contains("graph output 'y' is listed twice"), "{}", err_of(&m));
}

#[test]
fn a_negative_dimension_is_named_not_taken_for_a_symbolic_one() {
    let mut m = add_model(17);
    m.graph.as_mut().unwrap().input[0] = value("x", data_type::FLOAT, vec![dim(-1), dim(2)]);
    let e = err_of(&m);
    assert!(e.contains("graph input 'x'") && e.contains("dimension 0 is -1") && !e.contains("symbolic shape"), "{e}");
}
