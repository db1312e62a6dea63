//! The execution engines of one tile and sets of them (for join).

use serde::Serialize;

/// One engine of a tile. Each runs its queue in order, one instruction at a
/// time, concurrently with the other engines of the tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Engine {
    /// The scalar unit in the NCC controller: issues every instruction in program order.
    Scalar,
    /// CGRA tensor unit (vector).
    Ct,
    /// Neural engine (GEMM / conv).
    Ne,
    /// DDR -> SPM DMA.
    Rdma,
    /// SPM -> DDR DMA.
    Wdma,
    /// SPM -> SPM DMA inside the tile.
    Tdma,
    /// Tile-to-tile SPM transfers over the NoC.
    Dte,
}

impl Engine {
    /// Every engine, in a fixed order (index = `Engine::index`).
    pub const ALL: [Engine; 7] =
        [Engine::Scalar, Engine::Ct, Engine::Ne, Engine::Rdma, Engine::Wdma, Engine::Tdma, Engine::Dte];

    /// Position in [`Engine::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Short name used in reports and trace tracks.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Scalar => "scalar",
            Engine::Ct => "CT",
            Engine::Ne => "NE",
            Engine::Rdma => "RDMA",
            Engine::Wdma => "WDMA",
            Engine::Tdma => "TDMA",
            Engine::Dte => "DTE",
        }
    }
}

/// A set of engines (bit i = `Engine::ALL[i]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineMask(pub u8);

impl EngineMask {
    /// All asynchronous engines (everything but the scalar unit).
    pub const ALL_ASYNC: EngineMask = EngineMask(0b111_1110);

    /// The set holding exactly `engines`.
    pub fn of(engines: &[Engine]) -> Self {
        EngineMask(engines.iter().fold(0, |m, e| m | (1 << e.index())))
    }

    /// Whether `e` is in the set.
    pub fn contains(self, e: Engine) -> bool {
        self.0 & (1 << e.index()) != 0
    }
}
