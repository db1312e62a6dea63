//! Engine busy-time formulas of compute instructions (hardware.md): NE work in
//! 8x16x8 blocks spread over 4 PE arrays, partial blocks costing full ones;
//! CT work at its lane rate per data format, transcendental ops slower.

use crate::config::HardwareConfig;
use crate::dtype::DataFormat;

fn div_ceil(a: u64, b: u64) -> u64 {
    a.div_ceil(b.max(1))
}

/// Number of 8x16x8 NE blocks a `batch` x (M x K x N) GEMM needs.
pub fn ne_blocks(config: &HardwareConfig, m: u64, k: u64, n: u64, batch: u64) -> u64 {
    batch
        * div_ceil(m, config.ne_block_m.into())
        * div_ceil(k, config.ne_block_k.into())
        * div_ceil(n, config.ne_block_n.into())
}

/// NE busy cycles of a GEMM with inputs in `fmt`: BF16/FP16/TF32 run one block
/// per array per cycle, INT8 `ne_int8_speedup` times faster, FP32
/// `ne_fp32_slowdown` times slower.
pub fn ne_gemm_cycles(config: &HardwareConfig, fmt: DataFormat, m: u64, k: u64, n: u64, batch: u64) -> u64 {
    let blocks = ne_blocks(config, m, k, n, batch);
    let arrays = u64::from(config.ne_arrays);
    match fmt {
        DataFormat::Int8 => div_ceil(blocks, arrays * u64::from(config.ne_int8_speedup)),
        DataFormat::Fp32 => div_ceil(blocks * u64::from(config.ne_fp32_slowdown), arrays),
        _ => div_ceil(blocks, arrays),
    }
}

/// CT lanes per cycle for elements of `fmt`.
pub fn ct_lanes(config: &HardwareConfig, fmt: DataFormat) -> u64 {
    u64::from(match fmt.size() {
        1 => config.ct_lanes_8bit,
        2 => config.ct_lanes_16bit,
        _ => config.ct_lanes_32bit,
    })
}

/// CT busy cycles to process `elems` elements of `fmt`.
pub fn ct_cycles(config: &HardwareConfig, fmt: DataFormat, elems: u64, transcendental: bool) -> u64 {
    let lanes = ct_lanes(config, fmt);
    let per_cycle = if transcendental { (lanes / u64::from(config.ct_transcendental_slowdown)).max(1) } else { lanes };
    div_ceil(elems, per_cycle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ne_partial_blocks_cost_full_blocks() {
        let c = HardwareConfig::default();
        // 64x64x64: 8*4*8 = 256 blocks / 4 arrays.
        assert_eq!(ne_gemm_cycles(&c, DataFormat::Bf16, 64, 64, 64, 1), 64);
        // 57x49x60 rounds up to 64x64x64.
        assert_eq!(ne_gemm_cycles(&c, DataFormat::Bf16, 57, 49, 60, 1), 64);
        // 1x1x1 is one block: still one cycle (ceil(1/4)).
        assert_eq!(ne_gemm_cycles(&c, DataFormat::Fp16, 1, 1, 1, 1), 1);
        assert_eq!(ne_gemm_cycles(&c, DataFormat::Int8, 64, 64, 64, 1), 32);
        assert_eq!(ne_gemm_cycles(&c, DataFormat::Fp32, 64, 64, 64, 1), 384);
        assert_eq!(ne_gemm_cycles(&c, DataFormat::Bf16, 64, 64, 64, 3), 192);
    }

    #[test]
    fn ct_lane_rates() {
        let c = HardwareConfig::default();
        assert_eq!(ct_cycles(&c, DataFormat::Bf16, 1000, false), 16);
        assert_eq!(ct_cycles(&c, DataFormat::Fp32, 1000, false), 32);
        assert_eq!(ct_cycles(&c, DataFormat::Fp32, 1000, true), 125);
        assert_eq!(ct_cycles(&c, DataFormat::Fp16, 64, true), 4);
    }
}
