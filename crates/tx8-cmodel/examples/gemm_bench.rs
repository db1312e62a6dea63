//! Benchmark (not a test): BF16 GEMM 4096x1024x4096 (M x K x N) over the 16
//! tiles, ring-shared double-buffered program and the naive single-buffer
//! one. Prints simulated cycles, the roofline bound, the fraction reached,
//! wall time and simulated MACs per wall second; checks sampled outputs
//! against an f64 reference.
//!
//! `cargo run --release -p tx8-cmodel --example gemm_bench [M K N chunk] [--trace out.json]`

use std::time::Instant;

use tx8_cmodel::dtype::{decode_f32, encode_f32, DataFormat};
use tx8_cmodel::programs::gemm::{self, GemmPlan, GemmShape};
use tx8_cmodel::rng::Rng;
use tx8_cmodel::{Card, Engine, HardwareConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let trace = args.iter().position(|a| a == "--trace").and_then(|i| args.get(i + 1)).cloned();
    let nums: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let (m, k, n, chunk) = match nums[..] {
        [m, k, n, c] => (m, k, n, c),
        _ => (4096, 1024, 4096, 128),
    };
    let s = GemmShape { m, k, n, chunk, a_ddr: 0, b_ddr: 0x1_0000_0000, c_ddr: 0x2_0000_0000 };
    let card = Card::new(HardwareConfig::default())?;
    let mut rng = Rng::new(1);
    let a = encode_f32(DataFormat::Bf16, &rng.vec_f32((m * k) as usize, -1.0, 1.0));
    let b = encode_f32(DataFormat::Bf16, &rng.vec_f32((k * n) as usize, -1.0, 1.0));
    card.write_ddr(s.a_ddr, &a)?;
    card.write_ddr(s.b_ddr, &b)?;
    let (af, bf) = (decode_f32(DataFormat::Bf16, &a), decode_f32(DataFormat::Bf16, &b));
    let bound = gemm::roofline_cycles(&card, &s);
    let macs = (m * k * n) as f64;
    println!("BF16 GEMM {m}x{k}x{n} on 16 tiles, chunk {chunk}: roofline bound {bound:.0} cycles");
    for plan in [GemmPlan::Ring, GemmPlan::Naive] {
        // Clear C so a plan cannot pass on the previous plan's output.
        card.write_ddr(s.c_ddr, &vec![0u8; (m * n * 2) as usize])?;
        let t0 = Instant::now();
        let r = gemm::run(&card, &s, plan)?;
        let wall = t0.elapsed().as_secs_f64();
        let cycles = r.timing.total_cycles();
        // Check 256 sampled outputs against f64.
        let c = decode_f32(DataFormat::Bf16, &card.read_ddr(s.c_ddr, m * n * 2)?);
        let mut worst = 0.0f64;
        for _ in 0..256 {
            let (i, j) = (rng.range_u64(0, m - 1) as usize, rng.range_u64(0, n - 1) as usize);
            let want: f64 =
                (0..k as usize).map(|p| af[i * k as usize + p] as f64 * bf[p * n as usize + j] as f64).sum();
            worst = worst.max((c[i * n as usize + j] as f64 - want).abs() / want.abs().max(1.0));
        }
        let ne_busy: f64 = (0..16).map(|t| r.timing.busy_cycles(t, Engine::Ne)).sum::<f64>() / 16.0;
        println!(
            "{plan:?}: {cycles} cycles, {:.1}% of roofline, NE busy {:.1}%, DDR {} MiB, NoC {} MiB (busiest link {} MiB), \
             max rel err {worst:.2e}, wall {wall:.2} s, {:.2e} simulated MAC/s",
            100.0 * bound / cycles as f64,
            100.0 * ne_busy / cycles as f64,
            r.timing.ddr_bytes >> 20,
            r.timing.noc_bytes >> 20,
            r.timing.busiest_link_bytes() >> 20,
            macs / wall
        );
        if worst > 1.6e-2 {
            return Err(format!("{plan:?}: result error {worst} exceeds BF16 tolerance").into());
        }
        if let (Some(path), GemmPlan::Ring) = (&trace, plan) {
            std::fs::write(path, r.timing.trace_json(card.config().clock_hz))?;
            println!("trace written to {path}");
        }
    }
    Ok(())
}
