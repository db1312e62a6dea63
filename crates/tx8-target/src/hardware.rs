//! The one place that holds every hardware figure of the TX8 card.
//!
//! `HardwareConfig::default()` is exactly `shared/tx8/hardware.md`; a TOML file
//! may override any subset of fields (missing fields keep their defaults).
//! The C model, its timing model and the compiler's cost model read these
//! numbers from here. Fields marked "assumption" are figures hardware.md does
//! not give; they are the model's choice and are documented in tx8-cmodel's
//! README.

use serde::{Deserialize, Serialize};

use crate::error::TargetError;

/// One hardware figure: a count (cycles, bytes, lanes, tiles) or a rate
/// (bytes per cycle).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Figure {
    Count(u64),
    Rate(f64),
}

/// Every hardware figure of one TX8 card, in cycles of the 1 GHz model clock
/// and bytes unless the field name says otherwise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HardwareConfig {
    // ---- card ----
    /// Mesh width (tiles along x). 4x4 mesh, seed 001.
    pub mesh_x: u32,
    /// Mesh height (tiles along y).
    pub mesh_y: u32,
    /// Clock of every engine, Hz (1 GHz: one cycle = 1 ns).
    pub clock_hz: u64,
    /// Card DDR capacity (64 GB addressable).
    pub ddr_bytes: u64,
    /// DDR bandwidth shared by every transfer in flight, bytes per cycle (200 GB/s).
    pub ddr_bytes_per_cycle: f64,
    /// Bandwidth cap of a single DDR transfer, bytes per cycle.
    pub ddr_transfer_cap_bytes_per_cycle: f64,
    /// DDR bank size: DDR buffers align to it.
    pub ddr_bank_bytes: u64,
    /// Host link (PCIe), bytes per cycle (64 GB/s).
    pub pcie_bytes_per_cycle: f64,
    /// Chip-to-chip links: number of directions.
    pub c2c_directions: u32,
    /// Chip-to-chip bandwidth per direction each way, bytes per cycle (25 GB/s).
    pub c2c_bytes_per_cycle: f64,

    // ---- tile: SPM ----
    /// SPM size per tile (3 MiB).
    pub spm_bytes: u64,
    /// First SPM address usable for tensors (first 64 KiB reserved).
    pub spm_usable_start: u64,
    /// One past the last SPM address usable for tensors (last 64 KiB reserved).
    pub spm_usable_end: u64,
    /// Number of address-interleaved SPM banks.
    pub spm_banks: u32,
    /// Width of one SPM bank row (2048 bit); batch starts and buffers align to it.
    pub spm_bank_bytes: u64,

    // ---- tile: NE ----
    /// Number of PE arrays in the neural engine.
    pub ne_arrays: u32,
    /// PE array block M (rows of A per step).
    pub ne_block_m: u32,
    /// PE array block K (reduction depth per step).
    pub ne_block_k: u32,
    /// PE array block N (columns of B per step).
    pub ne_block_n: u32,
    /// INT8 throughput relative to BF16 (2x).
    pub ne_int8_speedup: u32,
    /// FP32 slowdown relative to BF16 (1/6 of BF16 peak).
    pub ne_fp32_slowdown: u32,

    // ---- tile: CGRA (CT) ----
    /// CT lanes per cycle for 16-bit floats (BF16/FP16).
    pub ct_lanes_16bit: u32,
    /// CT lanes per cycle for 32-bit values (FP32/TF32/INT32).
    pub ct_lanes_32bit: u32,
    /// CT lanes per cycle for 8-bit values. Assumption: same as 16-bit lanes.
    pub ct_lanes_8bit: u32,
    /// Transcendental ops (exp, rsqrt, ...) run at 1/this of the lane rate.
    pub ct_transcendental_slowdown: u32,

    // ---- tile: NoC / DTE / TDMA ----
    /// NoC link bandwidth per direction, bytes per cycle (128 GB/s).
    pub noc_link_bytes_per_cycle: f64,
    /// TDMA (SPM to SPM within a tile) bandwidth, bytes per cycle.
    /// Assumption: one 2048-bit SPM bank row per cycle.
    pub tdma_bytes_per_cycle: f64,

    // ---- issue queues ----
    /// Issue queue depth of CT.
    pub queue_depth_ct: u32,
    /// Issue queue depth of NE.
    pub queue_depth_ne: u32,
    /// Issue queue depth of RDMA.
    pub queue_depth_rdma: u32,
    /// Issue queue depth of WDMA.
    pub queue_depth_wdma: u32,
    /// Issue queue depth of TDMA.
    pub queue_depth_tdma: u32,
    /// Issue queue depth of DTE. Assumption: same as TDMA.
    pub queue_depth_dte: u32,

    // ---- fixed costs ----
    /// DMA descriptor start (RDMA/WDMA/TDMA), cycles.
    pub dma_start_cycles: u64,
    /// NCC join (wait for one tile's engines), cycles.
    pub join_cycles: u64,
    /// DTE message (tile to tile), cycles.
    pub dte_message_cycles: u64,
    /// Cross-tile barrier, cycles.
    pub barrier_cycles: u64,
    /// CGRA / NE instruction issue, cycles (on the issuing scalar unit).
    pub issue_cycles: u64,
    /// Model launch, reported apart from kernel time, cycles.
    pub launch_cycles: u64,
}

impl Default for HardwareConfig {
    fn default() -> Self {
        HardwareConfig {
            mesh_x: 4,
            mesh_y: 4,
            clock_hz: 1_000_000_000,
            ddr_bytes: 64 * (1 << 30),
            ddr_bytes_per_cycle: 200.0,
            ddr_transfer_cap_bytes_per_cycle: 64.0,
            ddr_bank_bytes: 4096,
            pcie_bytes_per_cycle: 64.0,
            c2c_directions: 4,
            c2c_bytes_per_cycle: 25.0,
            spm_bytes: 3 * 1024 * 1024,
            spm_usable_start: 0x1_0000,
            spm_usable_end: 0x2F_0000,
            spm_banks: 8,
            spm_bank_bytes: 256,
            ne_arrays: 4,
            ne_block_m: 8,
            ne_block_k: 16,
            ne_block_n: 8,
            ne_int8_speedup: 2,
            ne_fp32_slowdown: 6,
            ct_lanes_16bit: 64,
            ct_lanes_32bit: 32,
            ct_lanes_8bit: 64,
            ct_transcendental_slowdown: 4,
            noc_link_bytes_per_cycle: 128.0,
            tdma_bytes_per_cycle: 256.0,
            queue_depth_ct: 6,
            queue_depth_ne: 6,
            queue_depth_rdma: 6,
            queue_depth_wdma: 6,
            queue_depth_tdma: 4,
            queue_depth_dte: 4,
            dma_start_cycles: 500,
            join_cycles: 180,
            dte_message_cycles: 1500,
            barrier_cycles: 2000,
            issue_cycles: 20,
            launch_cycles: 1_000_000,
        }
    }
}

impl HardwareConfig {
    /// Parse a TOML document; fields it omits keep the hardware.md defaults.
    pub fn from_toml_str(text: &str) -> Result<Self, TargetError> {
        let config: HardwareConfig = toml::from_str(text).map_err(|e| TargetError::Config(e.to_string()))?;
        config.validate()?;
        Ok(config)
    }

    /// Read and parse a TOML file (see [`HardwareConfig::from_toml_str`]).
    pub fn from_toml_file(path: &std::path::Path) -> Result<Self, TargetError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| TargetError::Config(format!("{}: {e}", path.display())))?;
        Self::from_toml_str(&text)
    }

    /// Render the whole configuration as TOML (round-trips through `from_toml_str`).
    pub fn to_toml_string(&self) -> String {
        // Serializing a struct of plain numbers cannot fail.
        toml::to_string(self).unwrap_or_default()
    }

    /// Reject figures the model cannot run with (zero rates, empty windows).
    pub fn validate(&self) -> Result<(), TargetError> {
        let bad = |what: &str| Err(TargetError::Config(format!("invalid hardware config: {what}")));
        if self.mesh_x == 0 || self.mesh_y == 0 {
            return bad("mesh dimensions must be non-zero");
        }
        if self.spm_usable_start >= self.spm_usable_end || self.spm_usable_end > self.spm_bytes {
            return bad("SPM usable window must be non-empty and inside the SPM");
        }
        let rates = [
            self.ddr_bytes_per_cycle,
            self.ddr_transfer_cap_bytes_per_cycle,
            self.pcie_bytes_per_cycle,
            self.c2c_bytes_per_cycle,
            self.noc_link_bytes_per_cycle,
            self.tdma_bytes_per_cycle,
        ];
        if !rates.iter().all(|r| r.is_finite() && *r > 0.0) {
            return bad("bandwidths must be positive and finite");
        }
        let nonzero = [
            self.ne_arrays,
            self.ne_block_m,
            self.ne_block_k,
            self.ne_block_n,
            self.ne_int8_speedup,
            self.ne_fp32_slowdown,
            self.ct_lanes_16bit,
            self.ct_lanes_32bit,
            self.ct_lanes_8bit,
            self.ct_transcendental_slowdown,
            self.queue_depth_ct,
            self.queue_depth_ne,
            self.queue_depth_rdma,
            self.queue_depth_wdma,
            self.queue_depth_tdma,
            self.queue_depth_dte,
            self.spm_banks,
        ];
        if nonzero.contains(&0) {
            return bad("NE/CT rates, queue depths and bank count must be non-zero");
        }
        if self.spm_bank_bytes == 0 || self.ddr_bank_bytes == 0 {
            return bad("bank sizes must be non-zero");
        }
        Ok(())
    }

    /// Every figure by field name, in declaration order (how the IR's
    /// target attribute writes the card).
    pub fn figures(&self) -> Vec<(String, Figure)> {
        let table = match toml::Value::try_from(self) {
            Ok(toml::Value::Table(t)) => t,
            // A struct of plain numbers always serializes to a table.
            _ => return Vec::new(),
        };
        table
            .into_iter()
            .filter_map(|(name, v)| match v {
                toml::Value::Integer(i) => Some((name, Figure::Count(i as u64))),
                toml::Value::Float(f) => Some((name, Figure::Rate(f))),
                _ => None,
            })
            .collect()
    }

    /// The figures that differ from the built-in card, in declaration order.
    pub fn overrides(&self) -> Vec<(String, Figure)> {
        let base = HardwareConfig::default().figures();
        self.figures().into_iter().zip(base).filter(|(f, b)| f != b).map(|(f, _)| f).collect()
    }

    /// The built-in card with `figures` set, validated. A name that is no
    /// field, a rate given to a count field and a negative count are
    /// errors; a count given to a rate field is that rate.
    pub fn with_figures(figures: &[(String, Figure)]) -> Result<Self, TargetError> {
        let bad = |m: String| Err(TargetError::Config(m));
        let Ok(toml::Value::Table(mut table)) = toml::Value::try_from(HardwareConfig::default()) else {
            return bad("the built-in card does not serialize".into());
        };
        for (name, figure) in figures {
            let value = match (table.get(name.as_str()), *figure) {
                (None, _) => return bad(format!("no hardware figure named '{name}'")),
                (Some(toml::Value::Integer(_)), Figure::Count(c)) => match i64::try_from(c) {
                    Ok(c) => toml::Value::Integer(c),
                    Err(_) => return bad(format!("'{name}' = {c} is out of range")),
                },
                (Some(toml::Value::Integer(_)), Figure::Rate(r)) => {
                    return bad(format!("'{name}' is a count, not a rate ({r})"))
                }
                (Some(_), Figure::Count(c)) => toml::Value::Float(c as f64),
                (Some(_), Figure::Rate(r)) => toml::Value::Float(r),
            };
            table.insert(name.clone(), value);
        }
        let config: HardwareConfig =
            toml::Value::Table(table).try_into().map_err(|e: toml::de::Error| TargetError::Config(e.to_string()))?;
        config.validate()?;
        Ok(config)
    }

    /// Number of tiles on the card.
    pub fn tiles(&self) -> u32 {
        self.mesh_x * self.mesh_y
    }

    /// MACs per cycle of one tile's NE for BF16/FP16/TF32.
    pub fn ne_macs_per_cycle_bf16(&self) -> u64 {
        u64::from(self.ne_arrays) * u64::from(self.ne_block_m) * u64::from(self.ne_block_k) * u64::from(self.ne_block_n)
    }

    /// Card-wide NE peak for BF16, FLOP per second (2 FLOP per MAC).
    pub fn ne_peak_flops_bf16(&self) -> f64 {
        2.0 * self.ne_macs_per_cycle_bf16() as f64 * f64::from(self.tiles()) * self.clock_hz as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_round_trip_and_overrides_are_the_differences() {
        let base = HardwareConfig::default();
        assert_eq!(base.figures().len(), 39);
        assert_eq!(base.figures()[0], ("mesh_x".to_string(), Figure::Count(4)));
        assert!(base.overrides().is_empty());
        let mut hw = base.clone();
        hw.mesh_y = 2;
        hw.ddr_bytes_per_cycle = 100.0;
        let o = hw.overrides();
        assert_eq!(o, vec![("mesh_y".into(), Figure::Count(2)), ("ddr_bytes_per_cycle".into(), Figure::Rate(100.0))]);
        assert_eq!(HardwareConfig::with_figures(&o).unwrap(), hw);
        assert_eq!(HardwareConfig::with_figures(&hw.figures()).unwrap(), hw);
        // A count for a rate field is that rate; the reverse is an error.
        let c = HardwareConfig::with_figures(&[("tdma_bytes_per_cycle".into(), Figure::Count(64))]).unwrap();
        assert_eq!(c.tdma_bytes_per_cycle, 64.0);
        assert!(HardwareConfig::with_figures(&[("mesh_x".into(), Figure::Rate(2.5))]).is_err());
        assert!(HardwareConfig::with_figures(&[("mesh_z".into(), Figure::Count(2))]).is_err());
        assert!(HardwareConfig::with_figures(&[("mesh_x".into(), Figure::Count(0))]).is_err());
        // An infinite rate would print as no float literal the IR reads back.
        assert!(HardwareConfig::with_figures(&[("pcie_bytes_per_cycle".into(), Figure::Rate(f64::INFINITY))]).is_err());
    }

    #[test]
    fn defaults_match_hardware_md() {
        let c = HardwareConfig::default();
        assert_eq!(c.tiles(), 16);
        assert_eq!(c.spm_usable_end - c.spm_usable_start, 2_875 * 1024 * 1024 / 1000); // 2.875 MiB
        assert_eq!(c.ne_macs_per_cycle_bf16(), 4096);
        // 16 tiles x 8 TFLOPS = 128 TFLOPS (hardware.md: NE peak BF16 128 T).
        assert!((c.ne_peak_flops_bf16() - 131.072e12).abs() < 1e6);
        // DDR 200 GB/s at 1 GHz.
        assert_eq!(c.ddr_bytes_per_cycle * c.clock_hz as f64, 200e9);
    }

    #[test]
    fn toml_overrides_only_named_fields() {
        let c = HardwareConfig::from_toml_str("dma_start_cycles = 700\nmesh_x = 2\n").unwrap();
        assert_eq!(c.dma_start_cycles, 700);
        assert_eq!(c.mesh_x, 2);
        assert_eq!(c.barrier_cycles, 2000);
        assert_eq!(c.tiles(), 8);
    }

    #[test]
    fn toml_round_trips() {
        let c = HardwareConfig::default();
        let back = HardwareConfig::from_toml_str(&c.to_toml_string()).unwrap();
        assert_eq!(c, back);
    }

    #[test]
    fn toml_errors_are_values() {
        assert!(HardwareConfig::from_toml_str("no_such_field = 1").is_err());
        assert!(HardwareConfig::from_toml_str("mesh_x = \"four\"").is_err());
        assert!(HardwareConfig::from_toml_str("ne_arrays = 0").is_err());
        assert!(HardwareConfig::from_toml_str("spm_usable_start = 99999999").is_err());
    }
}
