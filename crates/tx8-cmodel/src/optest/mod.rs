//! The op test framework (seed 001, "Test Case"): for each operator, seeded
//! random cases over dims, layout, dtype and shape within what the operator
//! supports. A case generates its inputs (ranges that avoid NaN; signed data
//! where signs matter), runs the operator on a simulated tile, computes the
//! CPU reference on the values as stored, and compares (integers bit-exact,
//! floats by cosine and max relative error, see `oplib::compare`).
//!
//! A case is fully determined by (operator, index); a failing case is saved
//! (inputs as .bin, output and reference as .bin, case.json) and replays with
//! `TX8_OPTEST=<op>:<index> cargo test -p tx8-cmodel --test ops replay -- --nocapture`.

mod bench;
mod cases_elementwise;
mod cases_nn;
mod cases_tensor;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use bench::{Bench, Saved};

use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::oplib::compare::Verdict;
use crate::rng::Rng;
use crate::timing::report::json_escape;

/// The outcome of one case.
#[derive(Debug, Clone)]
pub struct CaseData {
    pub op: String,
    pub index: u64,
    /// Output format (decides the comparison).
    pub fmt: DataFormat,
    /// Human-readable parameters (dims, flags...).
    pub params: Vec<(String, String)>,
    pub inputs: Vec<Saved>,
    pub got: Vec<f64>,
    pub want: Vec<f64>,
    pub verdict: Verdict,
    /// Total cycles of the run in the timing model.
    pub cycles: u64,
}

type CaseFn = fn(&mut Rng) -> Result<CaseData, SimError>;

/// Every operator under test, with its case generator.
pub const OPS: &[(&str, CaseFn)] = &[
    ("gemm", cases_nn::gemm),
    ("conv2d", cases_nn::conv2d),
    ("softmax", cases_nn::softmax),
    ("layernorm", cases_nn::layernorm),
    ("rmsnorm", cases_nn::rmsnorm),
    ("batchnorm_inference", cases_nn::batchnorm),
    ("pool2d", cases_nn::pool2d),
    ("elementwise_binary", cases_elementwise::binary),
    ("elementwise_unary", cases_elementwise::unary),
    ("elementwise_unary_param", cases_elementwise::unary_param),
    ("select", cases_elementwise::select),
    ("cast", cases_elementwise::cast),
    ("reduce", cases_tensor::reduce),
    ("transpose", cases_tensor::transpose),
    ("reshape", cases_tensor::reshape),
    ("concat", cases_tensor::concat),
    ("slice", cases_tensor::slice),
    ("gather", cases_tensor::gather),
    ("gather_spm", cases_tensor::gather_spm),
    ("pad", cases_tensor::pad),
    ("channelnorm", cases_tensor::channel_norm),
    ("load_store", cases_tensor::load_store),
];

/// The seed of case `index` of `op` (FNV-1a of the name, mixed with the index).
pub fn case_seed(op: &str, index: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in op.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    h ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Run case `index` of `op`.
pub fn run_case(op: &str, index: u64) -> Result<CaseData, SimError> {
    let (_, f) = OPS
        .iter()
        .find(|(name, _)| *name == op)
        .ok_or_else(|| SimError::Operator { op: op.into(), reason: "no such operator under test".into() })?;
    let mut rng = Rng::new(case_seed(op, index));
    let mut data = f(&mut rng)?;
    data.op = op.to_string();
    data.index = index;
    Ok(data)
}

fn f64_bytes(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Save a case under `dir/<op>-<index>/`; returns that directory.
pub fn save_case(dir: &Path, c: &CaseData) -> std::io::Result<PathBuf> {
    let d = dir.join(format!("{}-{}", c.op, c.index));
    std::fs::create_dir_all(&d)?;
    for input in &c.inputs {
        std::fs::write(d.join(format!("input_{}.bin", input.name)), &input.bytes)?;
    }
    std::fs::write(
        d.join("output.bin"),
        crate::dtype::encode_f32(c.fmt, &c.got.iter().map(|&v| v as f32).collect::<Vec<_>>()),
    )?;
    std::fs::write(d.join("reference_f64.bin"), f64_bytes(&c.want))?;
    let mut j = String::from("{\n");
    let _ = writeln!(
        j,
        "  \"op\": \"{}\",\n  \"index\": {},\n  \"seed\": {},",
        json_escape(&c.op),
        c.index,
        case_seed(&c.op, c.index)
    );
    let _ = writeln!(j, "  \"output_format\": \"{}\",\n  \"cycles\": {},", c.fmt.name(), c.cycles);
    let _ = writeln!(
        j,
        "  \"verdict\": {{\"pass\": {}, \"cosine\": {}, \"max_rel_err\": {}, \"worst_index\": {}}},",
        c.verdict.pass,
        finite(c.verdict.cosine),
        finite(c.verdict.max_rel_err),
        c.verdict.worst
    );
    j.push_str("  \"params\": {");
    for (i, (k, v)) in c.params.iter().enumerate() {
        let _ = write!(j, "{}\"{}\": \"{}\"", if i > 0 { ", " } else { "" }, json_escape(k), json_escape(v));
    }
    j.push_str("},\n  \"inputs\": [");
    for (i, s) in c.inputs.iter().enumerate() {
        let dims: Vec<String> = s.dims.iter().map(u64::to_string).collect();
        let _ = write!(
            j,
            "{}{{\"name\": \"{}\", \"format\": \"{}\", \"dims\": [{}], \"file\": \"input_{}.bin\"}}",
            if i > 0 { ", " } else { "" },
            json_escape(&s.name),
            s.fmt.name(),
            dims.join(", "),
            json_escape(&s.name)
        );
    }
    let _ = writeln!(
        j,
        "],\n  \"replay\": \"TX8_OPTEST={}:{} cargo test -p tx8-cmodel --test ops replay -- --nocapture\"\n}}",
        c.op, c.index
    );
    std::fs::write(d.join("case.json"), j)?;
    Ok(d)
}

/// JSON has no infinities or NaN: write them as null.
fn finite(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        "null".into()
    }
}
