//! Whole programs on 16 tiles: the seed's BatchNorm main.c loop and the
//! BF16 GEMM (ring and naive), checked against CPU references, race-free,
//! with a valid Chrome trace.

use tx8_cmodel::dtype::{decode_f32, encode_f32, DataFormat};
use tx8_cmodel::oplib::compare::compare;
use tx8_cmodel::oplib::reference;
use tx8_cmodel::programs::batchnorm::{self, BnProblem};
use tx8_cmodel::programs::gemm::{self, GemmPlan, GemmShape};
use tx8_cmodel::rng::Rng;
use tx8_cmodel::{Card, Engine, HardwareConfig};

fn upload(card: &Card, addr: u64, fmt: DataFormat, v: &[f32]) -> Vec<f64> {
    let bytes = encode_f32(fmt, v);
    card.write_ddr(addr, &bytes).unwrap();
    decode_f32(fmt, &bytes).into_iter().map(f64::from).collect()
}

fn download(card: &Card, addr: u64, fmt: DataFormat, n: usize) -> Vec<f64> {
    decode_f32(fmt, &card.read_ddr(addr, (n * fmt.size()) as u64).unwrap()).into_iter().map(f64::from).collect()
}

#[test]
fn batchnorm_main_c_on_16_tiles_matches_reference_and_traces() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let mut rng = Rng::new(2024);
    let dims = [2u64, 16, 8, 256];
    let n: u64 = dims.iter().product();
    let fmt = DataFormat::Fp16;
    let p = BnProblem {
        fmt,
        dims,
        h_split: 4,
        eps: 1e-5,
        x_ddr: 0x1000_0000,
        y_ddr: 0x2000_0000,
        params_ddr: [0x3000_0000, 0x3001_0000, 0x3002_0000, 0x3003_0000],
    };
    let x = upload(&card, p.x_ddr, fmt, &rng.vec_f32(n as usize, -3.0, 3.0));
    let c = dims[3] as usize;
    let scale = upload(&card, p.params_ddr[0], DataFormat::Fp32, &rng.vec_f32(c, -2.0, 2.0));
    let shift = upload(&card, p.params_ddr[1], DataFormat::Fp32, &rng.vec_f32(c, -1.0, 1.0));
    let mean = upload(&card, p.params_ddr[2], DataFormat::Fp32, &rng.vec_f32(c, -1.0, 1.0));
    let var = upload(&card, p.params_ddr[3], DataFormat::Fp32, &rng.vec_f32(c, 0.1, 2.0));
    let r = batchnorm::run(&card, &p).unwrap();
    let got = download(&card, p.y_ddr, fmt, n as usize);
    let want = reference::batchnorm(&x, c, &scale, &shift, &mean, &var, 1e-5);
    let v = compare(fmt, &got, &want);
    assert!(v.pass, "{v:?}");
    // Every tile did work on CT, RDMA and WDMA; DDR traffic is input + output + params.
    for t in 0..16 {
        assert!(r.timing.busy_cycles(t, Engine::Ct) > 0.0);
        assert!(r.timing.busy_cycles(t, Engine::Wdma) > 0.0);
    }
    assert_eq!(r.timing.ddr_bytes, 2 * n * 2 + 4 * 256 * 4);
    // The trace is valid trace-event JSON with one track per tile engine.
    let json = r.timing.trace_json(card.config().clock_hz);
    let parsed: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    let events = parsed["traceEvents"].as_array().expect("traceEvents array");
    let complete: Vec<_> = events.iter().filter(|e| e["ph"] == "X").collect();
    assert_eq!(complete.len(), r.timing.trace.len());
    for e in &complete {
        assert!(e["ts"].as_f64().unwrap() >= 0.0 && e["dur"].as_f64().unwrap() >= 0.0);
        assert!(e["pid"].as_u64().unwrap() < 16 && e["tid"].as_u64().unwrap() < 7);
        assert!(e["name"].is_string());
    }
    let names = events.iter().filter(|e| e["ph"] == "M" && e["name"] == "thread_name").count();
    assert_eq!(names, 16 * 7);
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("batchnorm_trace.json");
    std::fs::write(&out, json).unwrap();
}

fn gemm_case(plan: GemmPlan) -> (Card, GemmShape, Vec<f64>, Vec<f64>) {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let mut rng = Rng::new(7);
    let s = GemmShape { m: 256, k: 96, n: 512, chunk: 16, a_ddr: 0, b_ddr: 0x1000_0000, c_ddr: 0x2000_0000 };
    let a = upload(&card, s.a_ddr, DataFormat::Bf16, &rng.vec_f32((s.m * s.k) as usize, -1.0, 1.0));
    let b = upload(&card, s.b_ddr, DataFormat::Bf16, &rng.vec_f32((s.k * s.n) as usize, -1.0, 1.0));
    gemm::run(&card, &s, plan).unwrap();
    let got = download(&card, s.c_ddr, DataFormat::Bf16, (s.m * s.n) as usize);
    let want = reference::matmul(&a, &b, None, None, 1, s.m as usize, s.k as usize, s.n as usize, false, false, false);
    (card, s, got, want)
}

#[test]
fn ring_gemm_on_16_tiles_matches_reference() {
    let (_, _, got, want) = gemm_case(GemmPlan::Ring);
    let v = compare(DataFormat::Bf16, &got, &want);
    assert!(v.pass, "{v:?}");
}

#[test]
fn naive_gemm_on_16_tiles_matches_reference() {
    let (_, _, got, want) = gemm_case(GemmPlan::Naive);
    let v = compare(DataFormat::Bf16, &got, &want);
    assert!(v.pass, "{v:?}");
}

#[test]
fn ring_gemm_reads_b_from_ddr_once() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let s = GemmShape { m: 512, k: 256, n: 1024, chunk: 32, a_ddr: 0, b_ddr: 0x1000_0000, c_ddr: 0x2000_0000 };
    let ring = gemm::run(&card, &s, GemmPlan::Ring).unwrap();
    let naive = gemm::run(&card, &s, GemmPlan::Naive).unwrap();
    let (a, b, c) = (s.m * s.k * 2, s.k * s.n * 2, s.m * s.n * 2);
    assert_eq!(ring.timing.ddr_bytes, a + b + c);
    assert_eq!(naive.timing.ddr_bytes, a + 16 * b + c);
    // Each ring link carries every chunk but the last of each round once per tile.
    // Every chunk makes 15 hops (it visits all 16 tiles).
    assert_eq!(ring.timing.noc_bytes, 15 * b);
    assert_eq!(naive.timing.noc_bytes, 0);
}
