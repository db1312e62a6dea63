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
    (
        p,
        decode_f32(fmt, &bytes).into_iter().map(f64::from).collect(),
    )
}

#[test]
fn batchnorm_main_c_runs_through_tx8_run() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("launcher-bn");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (n, h, w, c) = (2usize, 16usize, 8usize, 256usize);
    let mut rng = Rng::new(99);
    let (xp, x) = write(
        &dir,
        "x",
        DataFormat::Fp16,
        &rng.vec_f32(n * h * w * c, -3.0, 3.0),
    );
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
    let y: Vec<f64> = decode_f32(DataFormat::Fp16, &std::fs::read(out.join("y.bin")).unwrap())
        .into_iter()
        .map(f64::from)
        .collect();
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
    assert_eq!(
        report["ddr_bytes"].as_u64().unwrap(),
        (2 * n * h * w * c * 2 + 4 * c * 4) as u64
    );
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("trace.json")).unwrap()).unwrap();
    assert!(trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["ph"] == "X" && e["pid"] == 15));
}

#[test]
fn a_c_program_error_is_reported_not_crashed() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("launcher-err");
    std::fs::create_dir_all(&dir).unwrap();
    let prog = dir.join("bad.c");
    // Loads 64 bytes into the reserved low SPM window on tile 3 only.
    std::fs::write(
        &prog,
        "#include \"tx8.h\"\nvoid tile_main(void) { if (tile_id() == 3) tsm_rdma_load(0, 0x100, 1, 64, 64, 64); }\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tx8-run"))
        .arg(&prog)
        .arg("--out-dir")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tile 3") && err.contains("0x100") && err.contains("op_loadVar"),
        "{err}"
    );
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
        .args([
            format!("-DM={m}"),
            format!("-DK={k}"),
            format!("-DN={n}"),
            "-DCHUNK=16".into(),
        ])
        .args(["--input".into(), format!("a={}@0", ap.display())])
        .args(["--input".into(), format!("b={}@0x100000000", bp.display())])
        .args(["--output".into(), format!("c=0x200000000:{}", m * n * 2)])
        .arg("--out-dir")
        .arg(&out)
        .status()
        .expect("tx8-run starts");
    assert!(status.success(), "tx8-run failed: {status}");
    let c: Vec<f64> = decode_f32(DataFormat::Bf16, &std::fs::read(out.join("c.bin")).unwrap())
        .into_iter()
        .map(f64::from)
        .collect();
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
