//! Every way a simulation can fail, as values: the simulator never panics on
//! bad programs or bad input, it returns one of these.

use std::fmt;

/// Which memory a faulting access went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemSpace {
    /// A tile's scratch-pad memory (tile id).
    Spm(u32),
    /// The card DDR.
    Ddr,
}

impl fmt::Display for MemSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemSpace::Spm(t) => write!(f, "SPM of tile {t}"),
            MemSpace::Ddr => write!(f, "DDR"),
        }
    }
}

/// What was wrong with a memory access, before it is tied to an instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccessFault {
    /// `[addr, addr+len)` leaves the usable window `[lo, hi)` of the memory.
    OutOfRange { space: MemSpace, addr: u64, len: u64, lo: u64, hi: u64 },
    /// `addr` is not a multiple of `align`.
    Misaligned { space: MemSpace, addr: u64, align: u64 },
}

impl fmt::Display for AccessFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The end in 128 bits: an access near 2^64 prints its true end,
            // not one clamped to u64::MAX.
            AccessFault::OutOfRange { space, addr, len, lo, hi } => write!(
                f,
                "access [{addr:#x}, {:#x}) ({len} bytes) to {space} is outside the usable window [{lo:#x}, {hi:#x})",
                u128::from(*addr) + u128::from(*len)
            ),
            AccessFault::Misaligned { space, addr, align } => {
                write!(f, "access at {addr:#x} to {space} is not {align}-byte aligned")
            }
        }
    }
}

/// A simulation error.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimError {
    /// The hardware configuration could not be read or is unusable.
    #[error("config: {0}")]
    Config(String),
    /// An instruction touched memory it may not touch.
    #[error("tile {tile}, instruction #{instr} ({name}): {fault}")]
    Access { tile: u32, instr: u64, name: String, fault: AccessFault },
    /// An instruction's operands are inconsistent (bad shape, dtype, size...).
    #[error("tile {tile}, instruction #{instr} ({name}): invalid instruction: {reason}")]
    InvalidInstr { tile: u32, instr: u64, name: String, reason: String },
    /// Two accesses to the same bytes ran in a different order in simulated
    /// time than in program order (a missing join or barrier).
    #[error("tile {tile}, instruction #{instr} ({name}): race on {space} at {addr:#x} with tile {other_tile} instruction #{other_instr} (missing join or barrier)")]
    Hazard { tile: u32, instr: u64, name: String, space: MemSpace, addr: u64, other_tile: u32, other_instr: u64 },
    /// A tile id outside the mesh.
    #[error("tile {0} does not exist on this card")]
    NoSuchTile(u32),
    /// Tiles disagree on barriers (one finished or failed while others wait).
    #[error("barrier: {0}")]
    Barrier(String),
    /// A layout or shape request that cannot be laid out.
    #[error("layout: {0}")]
    Layout(String),
    /// An operator-library call with arguments the operator does not support.
    #[error("operator {op}: {reason}")]
    Operator { op: String, reason: String },
    /// Host-side buffer misuse (sizes, files).
    #[error("host: {0}")]
    Host(String),
}

impl From<tx8_target::TargetError> for SimError {
    fn from(e: tx8_target::TargetError) -> Self {
        match e {
            tx8_target::TargetError::Config(m) => SimError::Config(m),
            tx8_target::TargetError::Layout(m) => SimError::Layout(m),
            tx8_target::TargetError::Operator { op, reason } => SimError::Operator { op, reason },
        }
    }
}
