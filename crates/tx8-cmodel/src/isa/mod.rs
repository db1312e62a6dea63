//! The instruction set, in the seed's classes (`OP_INSTR_TYPE`): I_CGRA,
//! I_NEUR, I_RDMA, I_WDMA, I_TDMA, I_SCALAR, I_DTE, I_CSR (join, barrier).
//!
//! Each instruction knows its name, how to execute itself functionally on
//! the card memory, and what it costs (a [`TimedOp`] for the timing model).

pub mod access;
pub mod cgra;
pub mod dma;
pub mod footprint;
pub mod ne;
pub mod pool;
#[cfg(test)]
mod robustness_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ne_dma;

use std::sync::Arc;

use crate::config::HardwareConfig;
use crate::engine::{Engine, EngineMask};
use crate::error::SimError;
use crate::timing::{TimedOp, Work};

pub use access::Access;
pub use cgra::{BinaryOp, CgraInstr, PoolKind, ReduceOp, UnaryOp};
pub use dma::{DteCopy, LoadKind, RdmaInstr, Strided, TdmaInstr, WdmaInstr};
pub use ne::{NeAct, NeConv, NeGemm, NeInstr};

/// The seed's `OP_INSTR_TYPE`.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstrClass {
    I_CGRA,
    I_NEUR,
    I_RDMA,
    I_WDMA,
    I_TDMA,
    I_SCALAR,
    I_DTE,
    I_CSR,
}

/// One instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Instr {
    Cgra(CgraInstr),
    Neur(NeInstr),
    Rdma(RdmaInstr),
    Wdma(WdmaInstr),
    Tdma(TdmaInstr),
    Dte(DteCopy),
    /// Scalar-unit work (address arithmetic, loop control) of `cycles`.
    Scalar {
        cycles: u64,
    },
    /// Wait for the named engines of this tile (NCC join).
    Join(EngineMask),
    /// Cross-tile barrier: every tile must execute the same number of them.
    Barrier,
}

impl Instr {
    /// The instruction class.
    pub fn class(&self) -> InstrClass {
        match self {
            Instr::Cgra(_) => InstrClass::I_CGRA,
            Instr::Neur(_) => InstrClass::I_NEUR,
            Instr::Rdma(_) => InstrClass::I_RDMA,
            Instr::Wdma(_) => InstrClass::I_WDMA,
            Instr::Tdma(_) => InstrClass::I_TDMA,
            Instr::Dte(_) => InstrClass::I_DTE,
            Instr::Scalar { .. } => InstrClass::I_SCALAR,
            Instr::Join(_) | Instr::Barrier => InstrClass::I_CSR,
        }
    }

    /// The engine that runs it (`None`: the scalar unit's own work and synchronisation).
    pub fn engine(&self) -> Option<Engine> {
        match self {
            Instr::Cgra(_) => Some(Engine::Ct),
            Instr::Neur(_) => Some(Engine::Ne),
            Instr::Rdma(_) => Some(Engine::Rdma),
            Instr::Wdma(_) => Some(Engine::Wdma),
            Instr::Tdma(_) => Some(Engine::Tdma),
            Instr::Dte(_) => Some(Engine::Dte),
            Instr::Scalar { .. } | Instr::Join(_) | Instr::Barrier => None,
        }
    }

    /// Full name, as it appears in errors and traces.
    pub fn name(&self) -> String {
        match self {
            Instr::Cgra(c) => c.name(),
            Instr::Neur(n) => n.name(),
            Instr::Rdma(r) => r.name().to_string(),
            Instr::Wdma(w) => w.name().to_string(),
            Instr::Tdma(t) => t.name().to_string(),
            Instr::Dte(_) => "dte_copy".to_string(),
            Instr::Scalar { .. } => "scalar".to_string(),
            Instr::Join(_) => "join".to_string(),
            Instr::Barrier => "barrier".to_string(),
        }
    }

    /// Execute functionally (everything but join/barrier synchronisation,
    /// which the tile context handles) and return the timing record.
    pub fn execute(&self, acc: &Access) -> Result<TimedOp, SimError> {
        let name: Arc<str> = Arc::from(acc.name);
        let cfg: &HardwareConfig = acc.config;
        let engine_op = |engine, work| TimedOp::Engine { engine, work, name: name.clone() };
        Ok(match self {
            Instr::Cgra(c) => {
                c.execute(acc)?;
                engine_op(Engine::Ct, Work::Compute { cycles: c.cycles(cfg) })
            }
            Instr::Neur(n) => {
                n.execute(acc)?;
                engine_op(Engine::Ne, Work::Compute { cycles: n.cycles(cfg) })
            }
            Instr::Rdma(r) => {
                r.execute(acc)?;
                engine_op(Engine::Rdma, Work::DdrTransfer { bytes: r.bytes() })
            }
            Instr::Wdma(w) => {
                w.execute(acc)?;
                engine_op(Engine::Wdma, Work::DdrTransfer { bytes: w.bytes() })
            }
            Instr::Tdma(t) => {
                t.execute(acc)?;
                engine_op(Engine::Tdma, Work::LocalTransfer { bytes: t.bytes() })
            }
            Instr::Dte(d) => {
                d.execute(acc)?;
                engine_op(Engine::Dte, Work::NocTransfer { dst_tile: d.dst_tile, bytes: d.bytes })
            }
            Instr::Scalar { cycles } => TimedOp::Scalar { cycles: *cycles, name },
            Instr::Join(mask) => TimedOp::Join { engines: *mask },
            Instr::Barrier => TimedOp::Barrier,
        })
    }
}
