//! The event-driven timing model.
//!
//! Functional execution records, per tile, a stream of [`TimedOp`]s (what each
//! instruction costs, not what it computes). [`sim::simulate`] then replays
//! all tiles' streams together in simulated time: the scalar unit issues in
//! program order into bounded engine queues, engines run concurrently, DMA
//! transfers share DDR bandwidth, DTE transfers share NoC links, joins and
//! barriers synchronise. [`standalone_cycles`] gives the cost of one
//! instruction on an idle card (what `TsmExecute` returns).

pub mod cost;
pub mod flows;
pub mod hazard;
pub mod noc;
pub mod report;
pub mod sim;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::config::HardwareConfig;
use crate::engine::{Engine, EngineMask};

/// What an engine instruction occupies its engine with.
#[derive(Debug, Clone, PartialEq)]
pub enum Work {
    /// Fixed busy time on CT or NE (already includes block / lane rounding).
    Compute { cycles: u64 },
    /// RDMA/WDMA: descriptor start, then `bytes` through the shared DDR.
    DdrTransfer { bytes: u64 },
    /// TDMA: descriptor start, then `bytes` through the tile's SPM port.
    LocalTransfer { bytes: u64 },
    /// DTE: message cost, then `bytes` over the XY route to `dst_tile`.
    NocTransfer { dst_tile: u32, bytes: u64 },
}

/// One recorded instruction, as the timing model sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum TimedOp {
    /// Issued by the scalar unit into `engine`'s queue.
    Engine { engine: Engine, work: Work, name: Arc<str> },
    /// Work on the scalar unit itself (address arithmetic, loop control).
    Scalar { cycles: u64, name: Arc<str> },
    /// Wait until the engines in the mask are idle with empty queues.
    Join { engines: EngineMask },
    /// Wait until every tile reaches its matching barrier.
    Barrier,
    /// A zero-cost marker the program puts at the start of a part of it
    /// (tx8c: a group); the replay records when the scalar unit reaches it
    /// (`TimingReport::marks`), so a run's cycles can be split per part.
    Mark { id: u32 },
}

/// Cycles the scalar unit spends issuing `engine`'s instructions.
pub fn issue_cycles(config: &HardwareConfig, engine: Engine) -> u64 {
    match engine {
        // hardware.md gives the issue cost for CGRA and NE instructions only;
        // DMA descriptors pay their start cost on the DMA engine instead.
        Engine::Ct | Engine::Ne => config.issue_cycles,
        _ => 0,
    }
}

/// Cycles `op` takes on an otherwise idle card: issue + engine time for
/// engine work, the fixed cost for join and barrier.
pub fn standalone_cycles(config: &HardwareConfig, op: &TimedOp) -> u64 {
    match op {
        TimedOp::Engine { engine, work, .. } => issue_cycles(config, *engine).saturating_add(match work {
            Work::Compute { cycles } => *cycles,
            Work::DdrTransfer { bytes } => {
                let rate = config.ddr_transfer_cap_bytes_per_cycle.min(config.ddr_bytes_per_cycle);
                config.dma_start_cycles.saturating_add((*bytes as f64 / rate).ceil() as u64)
            }
            Work::LocalTransfer { bytes } => {
                config.dma_start_cycles.saturating_add((*bytes as f64 / config.tdma_bytes_per_cycle).ceil() as u64)
            }
            Work::NocTransfer { bytes, .. } => config
                .dte_message_cycles
                .saturating_add((*bytes as f64 / config.noc_link_bytes_per_cycle).ceil() as u64),
        }),
        TimedOp::Scalar { cycles, .. } => *cycles,
        TimedOp::Join { .. } => config.join_cycles,
        TimedOp::Barrier => config.barrier_cycles,
        TimedOp::Mark { .. } => 0,
    }
}
