//! `--run`, `--compare` and `--compare-all`: feeding the compiled program
//! its inputs, running it on the C model (through tx8-run) or on the
//! reference interpreter, and judging what comes out.

use std::path::Path;

use serde::Serialize;
use strata_ir::{Body, Context, Op};
use tx8be::interfaces::tensor::{ElementType, TensorData};

use crate::cmodel_run::{HostInput, HostOutput, RunMeasure};
use crate::codegen::plan::{Fmt, Program};
use crate::compare::{compare, peak, Comparison, Tolerance};
use crate::driver::Failure;
use crate::host_io::{from_card, to_card, InputValues, TensorInfo};
use crate::npz::{read_npz, write_npz, Array, NpyType};
use crate::options::Options;
use crate::weights::WeightsImage;
use tx8_cmodel::HardwareConfig;

/// What a run produced.
pub struct RunResult {
    /// One per model output, in order.
    pub outputs: Vec<Array>,
    /// The C model's measurements (none for the reference interpreter).
    pub measure: Option<RunMeasure>,
    /// Every group's stored output (C model runs under --compare-all).
    pub group_outputs: Vec<(i64, Array)>,
    pub wall_seconds: f64,
}

/// Host bytes a run holds at once per element of an output: the card
/// image read back, its values as f64, and the f32 copy written to
/// outputs.npz.
const OUTPUT_BYTES_PER_ELEMENT: u64 = 8 + 4;

/// Host bytes per element of an input the run holds in full (given in
/// --inputs, or needed by the reference interpreter): the values as f64
/// and the card-rounded copy the interpreter reads. A generated input
/// streamed to the C model is held a chunk at a time and costs nothing.
const INPUT_BYTES_PER_ELEMENT: u64 = 8 + 8;

/// Refuses a run whose inputs and outputs the host cannot hold (a model
/// that fits the card's 64 GB of DDR may need several times that as f64
/// values here): a clear message instead of an allocation abort.
/// `held_inputs`: whether each input is held in full (see
/// [`InputValues::is_generated`] and [`inputs_held`]); `available`: the
/// host's free memory in bytes, when known.
pub fn check_host_memory(
    inputs: &[TensorInfo],
    held_inputs: &[bool],
    outputs: &[TensorInfo],
    available: Option<u64>,
) -> Result<(), Failure> {
    let elements = |t: &TensorInfo| t.dims.iter().map(|&d| d.max(0) as u64).fold(1u64, u64::saturating_mul);
    let inputs_need = inputs
        .iter()
        .zip(held_inputs)
        .filter(|(_, &held)| held)
        .map(|(t, _)| elements(t).saturating_mul(INPUT_BYTES_PER_ELEMENT));
    let outputs_need = outputs.iter().map(|t| elements(t).saturating_mul(OUTPUT_BYTES_PER_ELEMENT + t.fmt.size()));
    let need = inputs_need.chain(outputs_need).fold(0u64, u64::saturating_add);
    match available {
        Some(free) if need > free => Err(Failure(format!(
            "running the program needs about {:.1} GB of host memory for its inputs and outputs (values, card images and results), and this machine has {:.1} GB available: run it with smaller inputs, or compile only (drop --run, --compare, --compare-all and --report)",
            need as f64 / 1e9,
            free as f64 / 1e9
        ))),
        _ => Ok(()),
    }
}

/// Which inputs a run holds in full: those given in --inputs, and every
/// one when the reference interpreter runs (`--run=reference` or
/// `--compare-all`).
pub fn inputs_held(values: &[InputValues], interprets: bool) -> Vec<bool> {
    values.iter().map(|v| interprets || !v.is_generated()).collect()
}

/// The host's available memory (`MemAvailable` of /proc/meminfo), if known.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// The `.npz` files a run reads (`--inputs`, `--compare`,
/// `--compare-floor`), read before compiling: a missing or malformed file
/// is reported at once, not after a compile and run of minutes.
pub struct HostFiles {
    pub inputs: Vec<(String, Array)>,
    pub reference: Vec<(String, Array)>,
    pub floor: Option<Vec<(String, Array)>>,
}

impl HostFiles {
    pub fn read(opts: &Options) -> Result<HostFiles, Failure> {
        let read = |p: &Path| read_npz(p).map_err(|e| Failure(e.to_string()));
        Ok(HostFiles {
            inputs: opts.inputs.as_deref().map(read).transpose()?.unwrap_or_default(),
            reference: opts.compare.as_deref().map(read).transpose()?.unwrap_or_default(),
            floor: opts.compare_floor.as_deref().map(read).transpose()?,
        })
    }
}

/// The input values, in the model's argument order: from `--inputs`
/// (`given`, read up front), or seeded random data generated when used.
/// Shapes must match the model's.
pub fn host_inputs(
    opts: &Options,
    given: &[(String, Array)],
    inputs: &[TensorInfo],
) -> Result<Vec<InputValues>, Failure> {
    let mut given = given.to_vec();
    let mut out = Vec::with_capacity(inputs.len());
    for (i, t) in inputs.iter().enumerate() {
        match given.iter_mut().find(|(n, _)| *n == t.name) {
            Some((_, a)) => {
                let dims: Vec<i64> = a.dims.iter().map(|&d| d as i64).collect();
                if dims != t.dims {
                    return Err(Failure(format!(
                        "input '{}' has shape {:?} in {}, the model expects {:?}",
                        t.name,
                        dims,
                        opts.inputs.as_ref().map(|p| p.display().to_string()).unwrap_or_default(),
                        t.dims
                    )));
                }
                out.push(InputValues::Given(std::mem::take(&mut a.values)));
            }
            None if opts.inputs.is_some() => {
                let have: Vec<&str> = given.iter().map(|(n, _)| n.as_str()).collect();
                return Err(Failure(format!(
                    "input '{}' is missing from {} (it holds: {})",
                    t.name,
                    opts.inputs.as_ref().unwrap().display(),
                    have.join(", ")
                )));
            }
            None => out.push(InputValues::Random { seed: opts.seed, index: i }),
        }
    }
    Ok(out)
}

/// The values the card actually sees: rounded to its format.
fn as_card(t: &TensorInfo, values: &[f64]) -> Vec<f64> {
    from_card(t.fmt, &t.dims, &to_card(t.fmt, values)).values
}

#[allow(clippy::too_many_arguments)]
pub fn on_cmodel(
    program: &Program,
    dir: &Path,
    run_dir: &Path,
    weights: &WeightsImage,
    inputs: &[TensorInfo],
    outputs: &[TensorInfo],
    host: &[InputValues],
    hw: &HardwareConfig,
    opts: &Options,
) -> Result<RunResult, Failure> {
    std::fs::create_dir_all(run_dir).map_err(|e| Failure(format!("{}: {e}", run_dir.display())))?;
    // The C model runs the card the program was compiled for (the module's
    // tx8be.target), which need not be --config's: a tx8be input names its own.
    let card = run_dir.join("card.toml");
    std::fs::write(&card, hw.to_toml_string()).map_err(|e| Failure(format!("{}: {e}", card.display())))?;
    let mut host_in = vec![HostInput { name: "weights".into(), file: dir.join("weights.bin"), ddr_addr: weights.base }];
    for (i, (t, values)) in inputs.iter().zip(host).enumerate() {
        let file = run_dir.join(format!("input_{i}.bin"));
        let failed = |e: std::io::Error| Failure(format!("{}: {e}", file.display()));
        let mut w = std::io::BufWriter::new(std::fs::File::create(&file).map_err(failed)?);
        values.write_card(t, &mut w).map_err(failed)?;
        std::io::Write::flush(&mut w).map_err(failed)?;
        host_in.push(HostInput { name: format!("input_{i}"), file, ddr_addr: t.ddr_addr });
    }
    let mut host_out: Vec<HostOutput> = outputs
        .iter()
        .enumerate()
        .map(|(i, t)| HostOutput { name: format!("output_{i}"), ddr_addr: t.ddr_addr, bytes: t.bytes })
        .collect();
    if opts.compare_all {
        for g in &program.groups {
            host_out.push(HostOutput {
                name: format!("group_{}", g.id),
                ddr_addr: g.output.addr,
                bytes: g.output.bytes(),
            });
        }
    }
    let start = std::time::Instant::now();
    let measure =
        crate::cmodel_run::run(&dir.join("main.c"), &host_in, &host_out, run_dir, Some(&card)).map_err(Failure)?;
    let wall_seconds = start.elapsed().as_secs_f64();
    let read = |name: &str| -> Result<Vec<u8>, Failure> {
        let p = run_dir.join(format!("{name}.bin"));
        std::fs::read(&p).map_err(|e| Failure(format!("{}: {e}", p.display())))
    };
    let mut outs = Vec::with_capacity(outputs.len());
    for (i, t) in outputs.iter().enumerate() {
        outs.push(from_card(t.fmt, &t.dims, &read(&format!("output_{i}"))?));
    }
    let mut group_outputs = Vec::new();
    if opts.compare_all {
        for g in &program.groups {
            // A group's output is stored in its placement (through its
            // store view: the view's result); compare its values.
            let mut bytes = read(&format!("group_{}", g.id))?;
            if let Some(v) = &g.store_view {
                bytes = through_view(v, &bytes, g.output.fmt.size() as usize);
            }
            let dense = g.output.to_dense(&bytes).map_err(|e| Failure(format!("group {}: {e}", g.id)))?;
            group_outputs.push((g.id, from_card(g.output.fmt, &g.output.dims, &dense)));
        }
    }
    Ok(RunResult { outputs: outs, measure: Some(measure), group_outputs, wall_seconds })
}

/// The elements of view `v` (row-major over its dims) out of the dense
/// bytes it lies in, elements of `es` bytes.
fn through_view(v: &tx8_cmodel::oplib::view::StridedView, bytes: &[u8], es: usize) -> Vec<u8> {
    let n: u64 = v.dims.iter().product();
    let mut out = Vec::with_capacity(n as usize * es);
    for i in 0..n {
        let (mut rest, mut at) = (i, 0u64);
        for (&d, &st) in v.dims.iter().zip(&v.strides).rev() {
            at += (rest % d) * st;
            rest /= d;
        }
        let a = at as usize * es;
        out.extend_from_slice(bytes.get(a..a + es).unwrap_or(&vec![0u8; es]));
    }
    out
}

fn tensor_data(ctx: &Context, t: &TensorInfo, values: Vec<f64>) -> Result<TensorData, Failure> {
    let elem = match t.fmt {
        Fmt::Bf16 => ElementType::from_type(ctx, ctx.float_type(strata_ir::types::FloatKind::BF16)),
        Fmt::Fp16 => ElementType::from_type(ctx, ctx.float_type(strata_ir::types::FloatKind::F16)),
        Fmt::Fp32 => ElementType::from_type(ctx, ctx.f32()),
        Fmt::Int32 => ElementType::from_type(ctx, ctx.i32()),
        Fmt::Int8 => ElementType::from_type(ctx, ctx.i1()),
    }
    .ok_or_else(|| Failure(format!("input '{}': no reference element type", t.name)))?;
    TensorData::new(t.dims.clone(), values, elem)
        .ok_or_else(|| Failure(format!("input '{}': wrong number of values", t.name)))
}

fn interpret(
    ctx: &Context,
    module_body: &Body,
    func: Op,
    inputs: &[TensorInfo],
    host: &[InputValues],
    keep_all: bool,
) -> Result<tx8be::interfaces::interpret::Interpretation, Failure> {
    let mut data = Vec::with_capacity(inputs.len());
    for (t, v) in inputs.iter().zip(host) {
        data.push(tensor_data(ctx, t, as_card(t, &v.values(t)))?);
    }
    tx8be::interfaces::interpret::interpret(ctx, module_body, func, &data, keep_all)
        .map_err(|d| Failure(format!("reference interpreter: {}", d.message)))
}

fn to_array(t: &TensorData) -> Array {
    let ty = if t.elem.is_float() { NpyType::F32 } else { NpyType::I64 };
    Array::new(ty, t.dims.iter().map(|&d| d.max(0) as usize).collect(), t.values.clone())
}

/// `--run=reference`: the tx8be IR on the CPU.
pub fn on_reference(
    ctx: &Context,
    module_body: &Body,
    func: Op,
    inputs: &[TensorInfo],
    host: &[InputValues],
) -> Result<RunResult, Failure> {
    let start = std::time::Instant::now();
    let r = interpret(ctx, module_body, func, inputs, host, false)?;
    Ok(RunResult {
        outputs: r.outputs.iter().map(to_array).collect(),
        measure: None,
        group_outputs: Vec::new(),
        wall_seconds: start.elapsed().as_secs_f64(),
    })
}

/// `OUTDIR/outputs.npz`, keyed by the model's output names.
pub fn write_outputs(dir: &Path, outputs: &[TensorInfo], values: &[Array]) -> Result<(), Failure> {
    let named: Vec<(String, Array)> = outputs.iter().zip(values).map(|(t, a)| (t.name.clone(), a.clone())).collect();
    write_npz(&dir.join("outputs.npz"), &named).map_err(|e| Failure(e.to_string()))
}

#[derive(Serialize)]
struct CompareFile<'a> {
    dtype: &'a str,
    outputs: &'a [Comparison],
    pass: bool,
}

/// The array of `file` named as output `t`, of `elems` elements.
fn reference_for<'a>(
    file: &Path,
    arrays: &'a [(String, Array)],
    t: &TensorInfo,
    elems: usize,
) -> Result<&'a Array, Failure> {
    let want = named(file, arrays, t)?;
    if want.elems() != elems {
        return Err(Failure(format!(
            "{}: '{}' has shape {:?}, the model's output has {:?}",
            file.display(),
            t.name,
            want.dims,
            t.dims
        )));
    }
    Ok(want)
}

/// The array of `file` named after output `t`.
fn named<'a>(file: &Path, arrays: &'a [(String, Array)], t: &TensorInfo) -> Result<&'a Array, Failure> {
    arrays.iter().find(|(n, _)| *n == t.name).map(|(_, a)| a).ok_or_else(|| {
        Failure(format!("{}: no array named '{}' to compare output '{}' with", file.display(), t.name, t.name))
    })
}

/// The floor's realisations of output `t` (see `compare`'s module doc): its
/// array in `file` has the output's shape (one realisation) or one more
/// leading axis of realisations.
fn floor_realisations<'a>(
    file: &Path,
    arrays: &'a [(String, Array)],
    t: &TensorInfo,
    elems: usize,
) -> Result<Vec<&'a [f64]>, Failure> {
    let floor = named(file, arrays, t)?;
    let stacked = floor.dims.len() == t.dims.len() + 1 && floor.dims[0] > 0 && floor.elems() / floor.dims[0] == elems;
    if floor.elems() == elems && !stacked {
        return Ok(vec![&floor.values[..]]);
    }
    if stacked {
        return Ok(floor.values.chunks(elems.max(1)).collect());
    }
    Err(Failure(format!(
        "{}: '{}' has shape {:?}; the model's output has {:?} (a floor has that shape, or one more leading axis of realisations)",
        file.display(),
        t.name,
        floor.dims,
        t.dims
    )))
}

/// `--compare REF.npz`: every output against the reference; writes
/// `compare.json`; `Ok(false)` if one fails.
pub fn compare_outputs(
    dir: &Path,
    reference: &Path,
    files: &HostFiles,
    opts: &Options,
    outputs: &[TensorInfo],
    values: &[Array],
) -> Result<bool, Failure> {
    let refs = &files.reference;
    // `driver::run` has refused a floor for fp32 before compiling.
    let floors = opts.compare_floor.as_ref().zip(files.floor.as_ref());
    let tol = Tolerance::for_dtype(opts.dtype.name());
    let mut pairs = Vec::with_capacity(outputs.len());
    for (t, got) in outputs.iter().zip(values) {
        let want = reference_for(reference, refs, t, got.elems())?;
        let floor = match &floors {
            Some((path, floors)) => floor_realisations(path, floors, t, got.elems())?,
            None => Vec::new(),
        };
        pairs.push((t, got, want, floor));
    }
    let scale = pairs.iter().map(|(_, _, want, _)| peak(&want.values)).fold(0.0, f64::max);
    let results: Vec<Comparison> = pairs
        .iter()
        .map(|(t, got, want, floor)| compare(&t.name, &got.values, &want.values, tol, scale, floor))
        .collect();
    let pass = results.iter().all(|c| c.pass);
    let file = CompareFile { dtype: opts.dtype.name(), outputs: &results, pass };
    std::fs::write(dir.join("compare.json"), serde_json::to_string_pretty(&file).unwrap_or_default())
        .map_err(|e| Failure(e.to_string()))?;
    for c in &results {
        eprintln!("tx8c: compare {}: {}", c.name, c.summary());
    }
    Ok(pass)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tensor(dims: &[i64]) -> TensorInfo {
        TensorInfo {
            name: "x".into(),
            dims: dims.to_vec(),
            format: "bf16".into(),
            ddr_addr: 0,
            bytes: 0,
            fmt: Fmt::Bf16,
        }
    }

    #[test]
    fn a_floor_has_the_outputs_shape_or_a_leading_axis_of_realisations() {
        let t = tensor(&[2, 3]);
        let file = Path::new("floor.npz");
        let array = |dims: Vec<usize>| {
            let n = dims.iter().product::<usize>();
            vec![("x".to_string(), Array::new(NpyType::F32, dims, (0..n).map(|v| v as f64).collect()))]
        };
        let one = array(vec![2, 3]);
        assert_eq!(floor_realisations(file, &one, &t, 6).ok().unwrap(), [&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0][..]]);
        let three = array(vec![3, 2, 3]);
        let r = floor_realisations(file, &three, &t, 6).ok().unwrap();
        assert_eq!((r.len(), r[2][0]), (3, 12.0));
        let e = floor_realisations(file, &array(vec![4, 2]), &t, 6).err().unwrap().0;
        assert!(e.contains("floor.npz") && e.contains("[4, 2]") && e.contains("realisations"), "{e}");
        let e = floor_realisations(file, &array(vec![5]), &t, 6).err().unwrap().0;
        assert!(e.contains("[5]"), "{e}");
    }

    #[test]
    fn a_run_the_host_cannot_hold_is_refused_before_allocating() {
        let huge = [tensor(&[1 << 33])];
        let e = check_host_memory(&huge, &[true], &huge, Some(24 << 30)).err().unwrap().0;
        assert!(e.contains("host memory") && e.contains("GB available"), "{e}");
        assert!(check_host_memory(&[tensor(&[16, 64])], &[true], &[], Some(24 << 30)).is_ok());
        assert!(check_host_memory(&huge, &[true], &[], None).is_ok(), "unknown free memory: not refused");
    }

    #[test]
    fn a_generated_input_streamed_to_the_card_costs_no_host_memory() {
        // 8 Gi bf16 elements (16 GB on the card, 64 GB as f64 values): a C
        // model run streams them; the reference interpreter must hold them.
        let huge = [tensor(&[1 << 33])];
        let random = [InputValues::Random { seed: 1, index: 0 }];
        let small = [tensor(&[16])];
        assert!(check_host_memory(&huge, &inputs_held(&random, false), &small, Some(24 << 30)).is_ok());
        assert!(check_host_memory(&huge, &inputs_held(&random, true), &small, Some(24 << 30)).is_err());
        let given = [InputValues::Given(vec![])];
        assert_eq!(inputs_held(&given, false), [true], "given values are held whatever the target");
    }

    #[test]
    fn streamed_card_bytes_are_the_materialised_values_bytes() {
        // More than one chunk, and a partial last one.
        let t = tensor(&[3, (1 << 20) / 2 + 7]);
        let v = InputValues::Random { seed: 42, index: 3 };
        let mut streamed = Vec::new();
        v.write_card(&t, &mut streamed).unwrap();
        let values = v.values(&t);
        assert_eq!(values.len(), 3 * ((1 << 20) / 2 + 7));
        assert_eq!(streamed, to_card(t.fmt, &values));
        assert!(values.iter().all(|x| (-1.0..1.0).contains(x)));
        assert_ne!(values, InputValues::Random { seed: 42, index: 4 }.values(&t), "each input its own stream");
    }
}

#[derive(Serialize)]
struct GroupComparison {
    group: i64,
    op: String,
    /// Every compute op of the group (the anchor `op` last): a diverging
    /// group output may come from any of them.
    ops: Vec<String>,
    loc: String,
    #[serde(flatten)]
    comparison: Comparison,
}

/// `--compare-all`: every group's stored output against the reference
/// interpreter's value of the same op; names the first that diverges.
#[allow(clippy::too_many_arguments)]
pub fn compare_all(
    ctx: &Context,
    module_body: &Body,
    func: Op,
    program: &Program,
    dir: &Path,
    inputs: &[TensorInfo],
    host: &[InputValues],
    result: &RunResult,
    opts: &Options,
) -> Result<bool, Failure> {
    if result.group_outputs.is_empty() && !program.groups.is_empty() {
        return Err(Failure("--compare-all needs a C model run (drop --run=reference)".into()));
    }
    let reference = interpret(ctx, module_body, func, inputs, host, true)?;
    let body = module_body.nested(func).ok_or_else(|| Failure("@main has no body".into()))?;
    let tol = Tolerance::for_dtype(opts.dtype.name());
    let groups = tx8be::schedule::groups::groups(ctx, body);
    let mut pairs = Vec::new();
    for ((id, got), &g) in result.group_outputs.iter().zip(&groups) {
        let Some(op) = tx8be::schedule::groups::group_compute_op(ctx, body, g) else { continue };
        let Some(want) = reference.trace.iter().find(|v| v.op == op).and_then(|v| v.results.first()) else {
            return Err(Failure(format!("the reference interpreter has no value for group {id}")));
        };
        let name = ctx.op_name_str(body.op_name(op)).to_string();
        let ops = match tx8be::schedule::group_calls::GroupCalls::of_anchor(ctx, body, op) {
            Ok(calls) => calls.calls.iter().map(|&c| ctx.op_name_str(body.op_name(c)).to_string()).collect(),
            Err(_) => vec![name.clone()],
        };
        let loc = crate::codegen::location_text(ctx, body.op_loc(op));
        pairs.push((*id, name, ops, loc, got, want));
    }
    // The run's scale: every group's reference, so a group whose values
    // are all (near) zero is judged against the model's magnitudes.
    let scale = pairs.iter().map(|p| peak(&p.5.values)).fold(0.0, f64::max);
    let mut rows = Vec::new();
    let mut first_bad: Option<usize> = None;
    for (id, op, ops, loc, got, want) in pairs {
        let comparison = compare(&format!("group {id}"), &got.values, &want.values, tol, scale, &[]);
        if !comparison.pass && first_bad.is_none() {
            first_bad = Some(rows.len());
        }
        rows.push(GroupComparison { group: id, op, ops, loc, comparison });
    }
    std::fs::write(dir.join("compare_all.json"), serde_json::to_string_pretty(&rows).unwrap_or_default())
        .map_err(|e| Failure(e.to_string()))?;
    match first_bad {
        Some(i) => {
            let r = &rows[i];
            eprintln!(
                "tx8c: compare-all: first divergence at group {} ('{}' at {}; the group computes {}): {}; {} of {} groups differ",
                r.group,
                r.op,
                r.loc,
                r.ops.join(", "),
                r.comparison.summary(),
                rows.iter().filter(|r| !r.comparison.pass).count(),
                rows.len()
            );
            Ok(false)
        }
        None => {
            eprintln!("tx8c: compare-all: all {} groups match the reference interpreter", rows.len());
            Ok(true)
        }
    }
}
