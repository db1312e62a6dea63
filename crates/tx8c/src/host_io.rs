//! The host side of a run: the model's inputs and outputs as `model.json`
//! describes them (names, dims, card formats, DDR addresses), converting
//! host arrays to the card's bytes and back, and the weights image.

use serde::Serialize;
use strata_ir::{Attribute, Body, Context, Value};
use tx8_cmodel::dtype::{decode_f32, decode_i64, encode_f32, encode_i64};

use crate::codegen::plan::Fmt;
use crate::codegen::read_ir::fmt_of;
use crate::npz::{Array, NpyType};

/// One input or output of the compiled model.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TensorInfo {
    /// The model's name for it (ONNX input/output name).
    pub name: String,
    pub dims: Vec<i64>,
    /// Card format (`bf16`, `fp32`, `int32`, `int8`).
    pub format: String,
    pub ddr_addr: u64,
    pub bytes: u64,
    #[serde(skip)]
    pub fmt: Fmt,
}

/// `model.json`.
#[derive(Debug, Clone, Serialize)]
pub struct ModelInfo {
    pub dtype: String,
    pub tiles: u32,
    pub groups: usize,
    pub weights: WeightsInfo,
    pub inputs: Vec<TensorInfo>,
    pub outputs: Vec<TensorInfo>,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeightsInfo {
    pub file: String,
    pub ddr_addr: u64,
    pub bytes: u64,
}

fn list_entry(ctx: &Context, attrs: Attribute, list: &str, i: usize, key: &str) -> Option<Attribute> {
    let l = ctx.dict_get(attrs, list)?;
    let d = *ctx.as_array(l)?.get(i)?;
    ctx.dict_get(d, key)
}

fn name_of(ctx: &Context, attrs: Attribute, list: &str, i: usize, fallback: String) -> String {
    list_entry(ctx, attrs, list, i, "onnx.name")
        .and_then(|a| ctx.as_string(a))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or(fallback)
}

fn info(
    ctx: &Context,
    body: &Body,
    fattrs: Attribute,
    v: Value,
    name: String,
    list: &str,
    i: usize,
) -> Result<TensorInfo, String> {
    let ty = body.value_type(v);
    let dims = ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
    let fmt = fmt_of(ctx, ty).ok_or_else(|| format!("{name}: element type has no TX8 format"))?;
    let addr = list_entry(ctx, fattrs, list, i, tx8be::schedule::ddr::DDR_ADDR_ATTR)
        .and_then(|a| ctx.as_i64(a))
        .ok_or_else(|| format!("{name}: no DDR address"))?;
    let n: i64 = dims.iter().product();
    Ok(TensorInfo {
        name,
        dims,
        format: fmt.name().to_string(),
        ddr_addr: addr as u64,
        bytes: n.max(0) as u64 * fmt.size(),
        fmt,
    })
}

/// Inputs and outputs of the scheduled function.
pub fn model_io(ctx: &Context, body: &Body, fattrs: Attribute) -> Result<(Vec<TensorInfo>, Vec<TensorInfo>), String> {
    let entry = body.root_regions().first().and_then(|&r| body.first_block(r)).ok_or("empty function")?;
    let mut inputs = Vec::new();
    for (i, &a) in body.block_args(entry).iter().enumerate() {
        let name = name_of(ctx, fattrs, "arg_attrs", i, format!("input_{i}"));
        inputs.push(info(ctx, body, fattrs, a, name, "arg_attrs", i)?);
    }
    let ret = body.last_op(entry).ok_or("empty function")?;
    let mut outputs = Vec::new();
    for i in 0..body.num_operands(ret) {
        let name = name_of(ctx, fattrs, "res_attrs", i, format!("output_{i}"));
        // The host reads results as dense arrays (arguments are dense by definition).
        let mode = tx8be::layout::value_mem_layout(ctx, body, body.operand(ret, i));
        if tx8be::layout::is_blocked(mode) {
            let loc = body
                .defining_op(body.operand(ret, i))
                .map(|d| crate::codegen::location_text(ctx, body.op_loc(d)))
                .unwrap_or_default();
            return Err(format!(
                "output '{name}' (result {i}, produced at {}) is returned in the {mode:?} placement: function results are read by the host and must be dense (a tx8be.ChannelNorm back to dense is missing)",
                if loc.is_empty() { "an unnamed location".to_string() } else { loc }
            ));
        }
        outputs.push(info(ctx, body, fattrs, body.operand(ret, i), name, "res_attrs", i)?);
    }
    Ok((inputs, outputs))
}

/// The card bytes of a host array in `fmt`.
pub fn to_card(fmt: Fmt, values: &[f64]) -> Vec<u8> {
    match fmt {
        Fmt::Int8 | Fmt::Int32 => encode_i64(fmt.to_cmodel(), &values.iter().map(|&v| v as i64).collect::<Vec<_>>()),
        _ => encode_f32(fmt.to_cmodel(), &values.iter().map(|&v| v as f32).collect::<Vec<_>>()),
    }
}

/// A host array from card bytes: floats as f32, integers as i64.
pub fn from_card(fmt: Fmt, dims: &[i64], bytes: &[u8]) -> Array {
    let dims: Vec<usize> = dims.iter().map(|&d| d.max(0) as usize).collect();
    match fmt {
        Fmt::Int8 | Fmt::Int32 => {
            Array::new(NpyType::I64, dims, decode_i64(fmt.to_cmodel(), bytes).into_iter().map(|v| v as f64).collect())
        }
        _ => Array::new(NpyType::F32, dims, decode_f32(fmt.to_cmodel(), bytes).into_iter().map(|v| v as f64).collect()),
    }
}

/// Where an input's values come from.
#[derive(Debug, Clone, PartialEq)]
pub enum InputValues {
    /// Read from `--inputs` (the npz reader's f64 values).
    Given(Vec<f64>),
    /// Seeded random data for an input the user gave no values for:
    /// floats uniform in [-1, 1), integers 0 (indices stay in range).
    /// Generated when needed, so a C model run streams it straight into
    /// card bytes and a large input never exists as f64 on the host.
    Random { seed: u64, index: usize },
}

/// Elements converted to card bytes at a time when streaming an input.
const STREAM_CHUNK: usize = 1 << 20;

impl InputValues {
    /// Whether the values exist only when generated (nothing held).
    pub fn is_generated(&self) -> bool {
        matches!(self, InputValues::Random { .. })
    }

    /// Every value, materialised (the reference interpreter needs them).
    pub fn values(&self, t: &TensorInfo) -> Vec<f64> {
        match self {
            InputValues::Given(v) => v.clone(),
            InputValues::Random { .. } => {
                let mut out = Vec::with_capacity(elements(t));
                self.for_each_chunk(t, |c| out.extend_from_slice(c));
                out
            }
        }
    }

    /// Writes the card bytes of the values in `t.fmt` to `w`, a chunk at a
    /// time: host memory stays at one chunk whatever the input's size.
    pub fn write_card(&self, t: &TensorInfo, w: &mut impl std::io::Write) -> std::io::Result<()> {
        let mut result = Ok(());
        self.for_each_chunk(t, |c| {
            if result.is_ok() {
                result = w.write_all(&to_card(t.fmt, c));
            }
        });
        result
    }

    fn for_each_chunk(&self, t: &TensorInfo, mut f: impl FnMut(&[f64])) {
        match self {
            InputValues::Given(v) => v.chunks(STREAM_CHUNK).for_each(f),
            InputValues::Random { seed, index } => {
                let mut rng =
                    tx8_cmodel::rng::Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(*index as u64));
                let integer = matches!(t.fmt, Fmt::Int8 | Fmt::Int32);
                let mut left = elements(t);
                let mut chunk = Vec::with_capacity(left.min(STREAM_CHUNK));
                while left > 0 {
                    let n = left.min(STREAM_CHUNK);
                    chunk.clear();
                    if integer {
                        chunk.resize(n, 0.0);
                    } else {
                        chunk.extend((0..n).map(|_| rng.range_f32(-1.0, 1.0) as f64));
                    }
                    f(&chunk);
                    left -= n;
                }
            }
        }
    }
}

fn elements(t: &TensorInfo) -> usize {
    t.dims.iter().map(|&d| d.max(0) as usize).product()
}
