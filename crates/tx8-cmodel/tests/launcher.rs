//! End to end: `tx8-run` compiles the seed's BatchNorm main.c (C) against the
//! C model, runs it on 16 tiles, and its outputs match the CPU reference;
//! outputs.json, report.json and trace.json are well-formed.

use std::path::PathBuf;
use std::process::Command;

use tx8_cmodel::dtype::{decode_f32, encode_f32, DataFormat};
use tx8_cmodel::oplib::compare::compare;
use tx8_cmodel::oplib::reference;
use tx8_cmodel::rng::Rng;

fn write(dir: &std::path::Path, name: &str, fmt: DataFormat, v: &[f32]) -> (PathBuf, Vec<f64>) {
    let bytes = encode_f32(fmt, v);
    let p = dir.join(format!("{name}.bin"));
    std::fs::write(&p, &bytes).unwrap();
    (p, decode_f32(fmt, &bytes).into_iter().map(f64::from).collect())
}

/// Runs `cmd` (a tx8-run command line with its inputs) with one DDR output
/// region per entry of `sizes` (bytes), in `dir/out`; returns that folder.
fn run_with_outputs(cmd: &mut Command, dir: &std::path::Path, sizes: &[usize]) -> PathBuf {
    for (k, bytes) in sizes.iter().enumerate() {
        cmd.args(["--output".into(), format!("out{k}={}:{bytes}", 0x2000_0000 + k * 0x10_0000)]);
    }
    let out = dir.join("out");
    let status = cmd.arg("--out-dir").arg(&out).status().expect("tx8-run starts");
    assert!(status.success(), "tx8-run failed: {status}");
    out
}

/// Output `k` of a run in `out`, as numbers.
fn read_output(out: &std::path::Path, k: usize, fmt: DataFormat) -> Vec<f64> {
    let bytes = std::fs::read(out.join(format!("out{k}.bin"))).unwrap();
    if fmt.is_float() {
        decode_f32(fmt, &bytes).into_iter().map(f64::from).collect()
    } else {
        tx8_cmodel::dtype::decode_i64(fmt, &bytes).into_iter().map(|v| v as f64).collect()
    }
}

#[test]
fn batchnorm_main_c_runs_through_tx8_run() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("launcher-bn");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (n, h, w, c) = (2usize, 16usize, 8usize, 256usize);
    let mut rng = Rng::new(99);
    let (xp, x) = write(&dir, "x", DataFormat::Fp16, &rng.vec_f32(n * h * w * c, -3.0, 3.0));
    let (sp, scale) = write(&dir, "scale", DataFormat::Fp32, &rng.vec_f32(c, -2.0, 2.0));
    let (hp, shift) = write(&dir, "shift", DataFormat::Fp32, &rng.vec_f32(c, -1.0, 1.0));
    let (mp, mean) = write(&dir, "mean", DataFormat::Fp32, &rng.vec_f32(c, -1.0, 1.0));
    let (vp, var) = write(&dir, "var", DataFormat::Fp32, &rng.vec_f32(c, 0.1, 2.0));
    let out = dir.join("out");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/c/batchnorm_main.c");
    let arg = |name: &str, p: &PathBuf, addr: &str| format!("{name}={}@{addr}", p.display());
    let status = Command::new(env!("CARGO_BIN_EXE_tx8-run"))
        .arg(src)
        .args(["--input", &arg("x", &xp, "0x10000000")])
        .args(["--input", &arg("scale", &sp, "0x30000000")])
        .args(["--input", &arg("shift", &hp, "0x30010000")])
        .args(["--input", &arg("mean", &mp, "0x30020000")])
        .args(["--input", &arg("var", &vp, "0x30030000")])
        .args(["--output", &format!("y=0x20000000:{}", n * h * w * c * 2)])
        .arg("--out-dir")
        .arg(&out)
        .status()
        .expect("tx8-run starts");
    assert!(status.success(), "tx8-run failed: {status}");
    let y: Vec<f64> =
        decode_f32(DataFormat::Fp16, &std::fs::read(out.join("y.bin")).unwrap()).into_iter().map(f64::from).collect();
    let want = reference::batchnorm(&x, c, &scale, &shift, &mean, &var, 1e-5);
    let v = compare(DataFormat::Fp16, &y, &want);
    assert!(v.pass, "{v:?}");
    let info: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("outputs.json")).unwrap()).unwrap();
    assert_eq!(info["outputs"][0]["name"], "y");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert!(report["total_cycles"].as_u64().unwrap() > 0);
    assert_eq!(report["tiles"].as_array().unwrap().len(), 16);
    assert_eq!(report["ddr_bytes"].as_u64().unwrap(), (2 * n * h * w * c * 2 + 4 * c * 4) as u64);
    // The activity timeline spreads each engine's busy cycles over the run:
    // its spans add up to the engine's busy cycles (to the thousandths the
    // fractions are rounded to).
    let bin = report["activity"]["bin_cycles"].as_f64().unwrap();
    let total = report["total_cycles"].as_f64().unwrap();
    assert!((bin * tx8_cmodel::run_report::ACTIVITY_BINS as f64 - total).abs() <= 1.0, "{bin} {total}");
    let per_tile = report["activity"]["tiles"].as_array().unwrap();
    assert_eq!(per_tile.len(), 16);
    let mut engines_seen = 0;
    for (tile, engines) in per_tile.iter().enumerate() {
        for (engine, spans) in engines.as_object().unwrap() {
            let spans = spans.as_array().unwrap();
            assert_eq!(spans.len(), tx8_cmodel::run_report::ACTIVITY_BINS);
            let drawn: f64 = spans.iter().map(|f| f.as_f64().unwrap() * bin).sum();
            let busy = report["tiles"][tile]["busy_cycles"][engine].as_f64().unwrap();
            assert!((drawn - busy).abs() <= 1e-3 * total + 1.0, "tile {tile} {engine}: {drawn} vs {busy}");
            engines_seen += 1;
        }
    }
    assert!(engines_seen >= 16 * 2, "every tile loads and computes: {engines_seen} engine rows");
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("trace.json")).unwrap()).unwrap();
    assert!(trace["traceEvents"].as_array().unwrap().iter().any(|e| e["ph"] == "X" && e["pid"] == 15));
}

/// Writes `src` to `launcher-TAG/prog.c`, runs tx8-run on it with `args`
/// and `env`, checks that it fails, and returns the out-dir and stderr.
fn run_failing(tag: &str, src: &str, args: &[&str], env: &[(&str, String)]) -> (PathBuf, String) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("launcher-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    let prog = dir.join("prog.c");
    std::fs::write(&prog, src).unwrap();
    let out_dir = dir.join("out");
    let out = Command::new(env!("CARGO_BIN_EXE_tx8-run"))
        .arg(&prog)
        .args(args)
        .arg("--out-dir")
        .arg(&out_dir)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .output()
        .unwrap();
    assert!(!out.status.success(), "{tag}: the run should fail");
    (out_dir, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_c_program_error_is_reported_not_crashed() {
    // Loads 64 bytes into the reserved low SPM window on tile 3 only.
    let src =
        "#include \"tx8.h\"\nvoid tile_main(void) { if (tile_id() == 3) tsm_rdma_load(0, 0x100, 1, 64, 64, 64); }\n";
    let (_, err) = run_failing("err", src, &[], &[]);
    assert!(err.contains("tile 3") && err.contains("0x100") && err.contains("op_loadVar"), "{err}");
}

#[test]
fn a_program_too_large_to_compile_is_refused_quickly() {
    // Valid C whose object file would hold a 512 MiB table: the compiler's
    // output is capped (here at 64 MiB), so the build fails at once with a
    // message instead of filling the disk.
    let src = "#include \"tx8.h\"\nstatic const int table[1 << 27] = {1};\n\
               void tile_main(void) { if (table[tile_id()] == 2) tile_id(); }\n";
    let cap = [("TX8_RUN_MAX_FILE_BYTES", (64u64 << 20).to_string())];
    let (out_dir, err) = run_failing("huge", src, &[], &cap);
    assert!(err.contains("failed to build") && err.contains("TX8_RUN_MAX_FILE_BYTES"), "{err}");
    assert!(!out_dir.join("report.json").exists());
}

fn run_gemm_c(file: &str, tag: &str) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("launcher-gemm-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (m, k, n) = (256usize, 96usize, 512usize);
    let mut rng = Rng::new(5);
    let (ap, a) = write(&dir, "a", DataFormat::Bf16, &rng.vec_f32(m * k, -1.0, 1.0));
    let (bp, b) = write(&dir, "b", DataFormat::Bf16, &rng.vec_f32(k * n, -1.0, 1.0));
    let out = dir.join("out");
    let status = Command::new(env!("CARGO_BIN_EXE_tx8-run"))
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/c/").to_string() + file)
        .args([format!("-DM={m}"), format!("-DK={k}"), format!("-DN={n}"), "-DCHUNK=16".into()])
        .args(["--input".into(), format!("a={}@0", ap.display())])
        .args(["--input".into(), format!("b={}@0x100000000", bp.display())])
        .args(["--output".into(), format!("c=0x200000000:{}", m * n * 2)])
        .arg("--out-dir")
        .arg(&out)
        .status()
        .expect("tx8-run starts");
    assert!(status.success(), "tx8-run failed: {status}");
    let c: Vec<f64> =
        decode_f32(DataFormat::Bf16, &std::fs::read(out.join("c.bin")).unwrap()).into_iter().map(f64::from).collect();
    let want = reference::matmul(&a, &b, None, None, 1, m, k, n, false, false, false);
    let v = compare(DataFormat::Bf16, &c, &want);
    assert!(v.pass, "{file}: {v:?}");
}

#[test]
fn gemm_ring_main_c_matches_reference() {
    run_gemm_c("gemm_ring_main.c", "ring");
}

#[test]
fn gemm_naive_main_c_matches_reference() {
    run_gemm_c("gemm_naive_main.c", "naive");
}

#[test]
fn operator_calls_through_the_c_abi_match_references() {
    use tx8_cmodel::dtype::encode_i64;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("launcher-ops");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(11);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tx8-run"));
    cmd.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/c/ops_main.c")).args(["--tiles", "1"]);
    let input = |k: u64, fmt: DataFormat, v: Vec<f32>, cmd: &mut Command| {
        let (p, vals) = write(&dir, &format!("in{k}"), fmt, &v);
        cmd.args(["--input".into(), format!("in{k}={}@{}", p.display(), 0x1000_0000 + k * 0x10_0000)]);
        vals
    };
    let x0 = input(0, DataFormat::Bf16, rng.vec_f32(144, -1.0, 1.0), &mut cmd);
    let w1 = input(1, DataFormat::Bf16, rng.vec_f32(288, -1.0, 1.0), &mut cmd);
    let x2 = input(2, DataFormat::Fp32, rng.vec_f32(128, -3.0, 3.0), &mut cmd);
    let g3 = input(3, DataFormat::Fp32, rng.vec_f32(32, -2.0, 2.0), &mut cmd);
    let b4 = input(4, DataFormat::Fp32, rng.vec_f32(32, -1.0, 1.0), &mut cmd);
    let x5 = input(5, DataFormat::Fp32, rng.vec_f32(105, -4.0, 4.0), &mut cmd);
    let x6 = input(6, DataFormat::Fp32, rng.vec_f32(144, -4.0, 4.0), &mut cmd);
    let int8 = |n: usize, rng: &mut Rng| (0..n).map(|_| rng.range_i64(-128, 127) as f32).collect::<Vec<_>>();
    let a7 = input(7, DataFormat::Int8, int8(6, &mut rng), &mut cmd);
    let b8 = input(8, DataFormat::Int8, int8(8, &mut rng), &mut cmd);
    let x9 = input(9, DataFormat::Int8, int8(32, &mut rng), &mut cmd);
    let idx: Vec<i64> = (0..5).map(|_| rng.range_i64(0, 9)).collect();
    let ip = dir.join("in10.bin");
    std::fs::write(&ip, encode_i64(DataFormat::Int32, &idx)).unwrap();
    cmd.args(["--input".into(), format!("in10={}@{}", ip.display(), 0x1000_0000 + 10 * 0x10_0000)]);
    let t11 = input(11, DataFormat::Fp32, rng.vec_f32(40, -4.0, 4.0), &mut cmd);
    let sizes = [6 * 6 * 8 * 4, 128 * 4, 21 * 4, 36 * 4, 105 * 4, 14, 6, 20 * 4];
    let out = run_with_outputs(&mut cmd, &dir, &sizes);
    let read = |k: usize, fmt: DataFormat| read_output(&out, k, fmt);
    let check = |name: &str, fmt: DataFormat, got: Vec<f64>, want: Vec<f64>| {
        let v = compare(fmt, &got, &want);
        assert!(v.pass, "{name}: {v:?}");
    };
    let (conv, _, _) = reference::conv2d(&x0, [1, 6, 6, 4], &w1, [3, 3], 8, None, [1, 1], [1, 1, 1, 1], [1, 1], 1);
    check("conv2d", DataFormat::Fp32, read(0, DataFormat::Fp32), conv);
    check("layernorm", DataFormat::Fp32, read(1, DataFormat::Fp32), reference::layernorm(&x2, 32, &g3, &b4, 1e-5));
    check(
        "reduce",
        DataFormat::Fp32,
        read(2, DataFormat::Fp32),
        reference::reduce(&x5, &[3, 5, 7], 1, tx8_target::kinds::ReduceKind::Mean),
    );
    check(
        "pool2d",
        DataFormat::Fp32,
        read(3, DataFormat::Fp32),
        reference::pool(&x6, [1, 6, 6, 4], [2, 2], [2, 2], [0, 0, 0, 0], true, false),
    );
    check("transpose", DataFormat::Fp32, read(4, DataFormat::Fp32), reference::transpose(&x5, &[3, 5, 7], &[2, 0, 1]));
    check(
        "concat",
        DataFormat::Int8,
        read(5, DataFormat::Int8),
        reference::concat(&[(&a7, &[2, 3]), (&b8, &[2, 4])], 1),
    );
    check("slice", DataFormat::Int8, read(6, DataFormat::Int8), reference::slice(&x9, &[4, 8], &[1, 2], &[2, 3]));
    let gathered: Vec<f64> = idx.iter().flat_map(|&i| t11[i as usize * 4..i as usize * 4 + 4].to_vec()).collect();
    check("gather", DataFormat::Fp32, read(7, DataFormat::Fp32), gathered);
}

#[test]
fn onnx_operator_calls_through_the_c_abi_match_references() {
    use tx8_cmodel::dtype::encode_i64;
    use tx8_cmodel::oplib::activation::Activation;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("launcher-onnx-ops");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(12);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tx8-run"));
    cmd.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/c/ops_onnx_main.c")).args(["--tiles", "1"]);
    let add_input = |k: u64, path: PathBuf, cmd: &mut Command| {
        cmd.args(["--input".into(), format!("in{k}={}@{}", path.display(), 0x1000_0000 + k * 0x10_0000)]);
    };
    let (p0, img) = write(&dir, "in0", DataFormat::Fp32, &rng.vec_f32(144, -4.0, 4.0));
    add_input(0, p0, &mut cmd);
    // Halves among x so the cast shows ties to even.
    let mut xs = rng.vec_f32(6, -3.0, 3.0);
    xs[0] = 2.5;
    xs[1] = -0.5;
    let (p1, x) = write(&dir, "in1", DataFormat::Fp32, &xs);
    add_input(1, p1, &mut cmd);
    let cond = [0i64, 1, 5, 0, -2, 1];
    let p2 = dir.join("in2.bin");
    std::fs::write(&p2, encode_i64(DataFormat::Int8, &cond)).unwrap();
    add_input(2, p2, &mut cmd);
    let idx = [2i64, 0, 2, 1];
    let p3 = dir.join("in3.bin");
    std::fs::write(&p3, encode_i64(DataFormat::Int32, &idx)).unwrap();
    add_input(3, p3, &mut cmd);
    let sizes = [36 * 4, 24, 24, 6, 24, 24, 24 * 4, 8 * 4];
    let out = run_with_outputs(&mut cmd, &dir, &sizes);
    let read = |k: usize, fmt: DataFormat| read_output(&out, k, fmt);
    let check = |name: &str, fmt: DataFormat, got: Vec<f64>, want: Vec<f64>| {
        let v = compare(fmt, &got, &want);
        assert!(v.pass, "{name}: {v:?}\ngot {got:?}\nwant {want:?}");
    };
    let f32_ = DataFormat::Fp32;
    check(
        "pool2d",
        f32_,
        read(0, f32_),
        reference::pool(&img, [1, 6, 6, 4], [3, 3], [2, 2], [1, 1, 0, 0], false, true),
    );
    check("gelu_erf", f32_, read(1, f32_), reference::activation(Activation::GeluErf, &x));
    check("clip", f32_, read(2, f32_), reference::activation(Activation::Clip { lo: -1.0, hi: 0.5 }, &x));
    let row = &x[..3];
    check(
        "lt",
        DataFormat::Int8,
        read(3, DataFormat::Int8),
        reference::binary(tx8_cmodel::isa::BinaryOp::Lt, &x, &[2, 3], row, &[1, 3], &[2, 3], false),
    );
    let condf: Vec<f64> = cond.iter().map(|&c| c as f64).collect();
    check("select", f32_, read(4, f32_), reference::select(&condf, &[2, 3], &x, &[2, 3], row, &[1, 3], &[2, 3]));
    check("cast", DataFormat::Int32, read(5, DataFormat::Int32), reference::cast(&x, true));
    check("pad", f32_, read(6, f32_), reference::pad(&x, &[2, 3], &[1, -1], &[1, 1], &[4, 6], 7.5));
    let idxf: Vec<f64> = idx.iter().map(|&i| i as f64).collect();
    check("gather_spm", f32_, read(7, f32_), reference::gather(&x, &[2, 3], &idxf, 1));
}

/// Runs a one-tile C program whose `tile_main` body is `body`; returns
/// tx8-run's stderr after checking that the run failed.
fn failing_c_program(tag: &str, body: &str) -> String {
    let src = format!(
        "#include \"tx8.h\"\n\
         static L_SHAPE s23 = {{{{2, 3}}, {{0, 0}}, {{2, 3}}, {{2, 3}}, 2}};\n\
         void tile_main(void) {{\n\
           uint64_t base = tx8_spm_base();\n\
           TSR x = {{Fmt_FP32, base, &s23}}, y = {{Fmt_FP32, base + 256, &s23}};\n\
           (void)x; (void)y;\n\
           {body}\n\
         }}\n"
    );
    run_failing(&format!("bad-{tag}"), &src, &["--tiles", "1"], &[]).1
}

#[test]
fn bad_operator_arguments_fail_the_call_with_a_located_message() {
    let cases = [
        // A TSR below the usable SPM window.
        (
            "window",
            "TSR low = {Fmt_FP32, 0x100, &s23}; op_eltwise_unary(TX8_UNARY_ERF, &x, &low);",
            &["op_eltwise_unary", "argument `out`", "usable SPM window"][..],
        ),
        (
            "align",
            "TSR odd = {Fmt_FP32, base + 2, &s23}; op_cast(&odd, &y);",
            &["op_cast", "argument `input`", "not aligned"][..],
        ),
        (
            "format",
            "TSR bad = {99, base, &s23}; op_cast(&bad, &y);",
            &["op_cast", "argument `input`", "unknown Data_Format 99"][..],
        ),
        (
            "null-array",
            "op_pad(&x, &y, 0, 0, 0, 0.0f);",
            &["op_pad", "argument `low`", "NULL array"][..],
        ),
        (
            "pad-dims",
            "int64_t z[2] = {0, 0}, one[2] = {1, 0}; op_pad(&x, &y, one, z, z, 0.0f);",
            &["pad", "output dims [2, 3] must be"][..],
        ),
        (
            "select-scratch",
            "static L_SHAPE s1 = {{1}, {0}, {1}, {1}, 1}; TSR c = {Fmt_INT8, base + 512, &s1};\
             op_select(&c, &x, &x, 0, &y);",
            &["select", "768 bytes needed for these operands, imm has 0"][..],
        ),
        (
            "select-cond",
            "op_select(&x, &x, &x, 0, &y);",
            &["select", "cond must be int8"][..],
        ),
        (
            "gather-index",
            "static L_SHAPE s1 = {{1}, {0}, {1}, {1}, 1}; static L_SHAPE s21 = {{2, 1}, {0, 0}, {2, 1}, {2, 1}, 2};\
             TSR i = {Fmt_INT32, base + 512, &s1}; TSR o = {Fmt_FP32, base + 768, &s21};\
             op_eltwise_unary_param(TX8_UNARY_CLIP, 5.0f, 5.0f, &i, 0, &i);\
             op_gather_spm(&x, &i, 1, &o);",
            &["op_tdmaGather", "gather index 5 outside the table's 3 rows"][..],
        ),
        (
            "pool-pads",
            "static L_SHAPE s4 = {{1, 4, 4, 1}, {0}, {1, 4, 4, 1}, {1, 4, 4, 1}, 4};\
             TSR img = {Fmt_FP32, base, &s4, 2}, o = {Fmt_FP32, base + 256, &s4, 2};\
             POOL_PARAM p = {1, {2, 2}, {1, 1}, {0, 0, 2, 0}, 0}; op_pool2d(&p, &img, &o);",
            &["pool2d", "must each be smaller than the kernel"][..],
        ),
        (
            "conv-dense-input",
            "static L_SHAPE s4 = {{1, 4, 4, 8}, {0}, {1, 4, 4, 8}, {1, 4, 4, 8}, 4};\
             static L_SHAPE w4 = {{1, 1, 8, 8}, {0}, {1, 1, 8, 8}, {1, 1, 8, 8}, 4};\
             TSR in = {Fmt_FP32, base, &s4}, w = {Fmt_FP32, base + 1024, &w4, 2}, o = {Fmt_FP32, base + 2048, &s4, 2};\
             CONV_PARAM p = {{1, 1}, {0, 0, 0, 0}, {1, 1}, 1}; op_conv2d(&p, &in, &w, 0, &o);",
            &["op_conv2d", "argument `input`", "Tensor placement", "missing channel_norm"][..],
        ),
        (
            "softmax-blocked",
            "static L_SHAPE s2 = {{2, 8}, {0}, {2, 8}, {2, 8}, 2};\
             TSR in = {Fmt_FP32, base, &s2, 3}, o = {Fmt_FP32, base + 1024, &s2, 3};\
             op_softmax(&in, 0, &o);",
            &["op_softmax", "NCx placement", "only dense"][..],
        ),
        (
            "binary-mixed",
            "static L_SHAPE s2 = {{2, 8}, {0}, {2, 8}, {2, 8}, 2};\
             TSR a = {Fmt_FP32, base, &s2, 3}, b = {Fmt_FP32, base + 1024, &s2, 1}, o = {Fmt_FP32, base + 2048, &s2, 3};\
             op_eltwise_binary(TX8_BINARY_ADD, &a, &b, 0, &o);",
            &["op_eltwise_binary", "argument `b`", "of one kind"][..],
        ),
        (
            "channel-norm-layouts",
            "static L_SHAPE s2 = {{2, 8}, {0}, {2, 8}, {2, 8}, 2};\
             TSR a = {Fmt_FP32, base, &s2, 1}, o = {Fmt_FP32, base + 1024, &s2, 1};\
             op_channel_norm(3, 1, &a, &o);",
            &["op_channel_norm", "dense -> blocked", "`out` is NTensor"][..],
        ),
        (
            "unary-code",
            "op_eltwise_unary(TX8_UNARY_ELU, &x, &y);",
            &["op_eltwise_unary", "op_eltwise_unary_param"][..],
        ),
    ];
    for (tag, body, needles) in cases {
        let err = failing_c_program(tag, body);
        for n in needles {
            assert!(err.contains(n), "{tag}: stderr lacks {n:?}:\n{err}");
        }
    }
}

/// A tile calling exit(0) ends the process with status 0 before any output
/// is written: tx8-run must report a failure, not a run.
#[test]
fn a_program_ending_before_the_run_completes_fails() {
    let stderr = failing_c_program("exit0", "exit(0);");
    assert!(stderr.contains("before the run completed"), "{stderr}");
}
