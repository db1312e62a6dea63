//! The operator library (the seed's OPLIB): one function per operator, built
//! only from instructions, each returning the cycles its instructions take
//! standalone (the seed's `ADD_VALID_CYCLE` sum of `TsmExecute` results).
//!
//! Conventions:
//! - Operands are [`Tsr`]s in the executing tile's SPM (dense row-major
//!   unless a function says it takes NCx).
//! - Inputs must be ready when the function is called (join your loads);
//!   every compute function ends with a join on the engines it used, so its
//!   output is ready when it returns. The DMA functions (`dma::load`,
//!   `dma::store`) are the exception: they only issue, so a program can
//!   overlap transfers with compute; join RDMA / WDMA before using the data
//!   or reusing the buffer (the hazard checker reports a forgotten join).
//! - Functions needing temporary space take a [`Scratch`] region (the seed's
//!   `imm`) and fail with an error, not a panic, if it is too small.
//! - Float operators that chain several steps (softmax, layernorm,
//!   batchnorm) compute in fp32 and round once to the output format.

pub mod activation;
pub mod batchnorm;
pub mod cast;
pub mod compare;
pub mod conv;
pub mod dma;
pub mod elementwise;
pub mod gemm;
pub mod movement;
pub mod normalize;
pub mod pad;
pub mod reduce;
pub use tx8_target::reference;
pub mod select;
pub mod slide;
/// Loads through a view of a dense DDR tensor (`tx8_target::view`).
pub use tx8_target::view;

use crate::dtype::DataFormat;
use crate::engine::{Engine, EngineMask};
use crate::error::SimError;
use crate::isa::Instr;
use crate::tile::TileCtx;

/// A tensor in SPM: format, byte address and dims (the seed's `TSR` with its
/// `L_SHAPE` slice shape).
#[derive(Debug, Clone, PartialEq)]
pub struct Tsr {
    pub fmt: DataFormat,
    pub addr: u64,
    pub dims: Vec<u64>,
}

impl Tsr {
    /// A tensor of `fmt` at `addr` with `dims`.
    pub fn new(fmt: DataFormat, addr: u64, dims: &[u64]) -> Self {
        Tsr { fmt, addr, dims: dims.to_vec() }
    }

    /// Number of elements.
    pub fn elems(&self) -> u64 {
        self.dims.iter().product()
    }

    /// Dense size in bytes.
    pub fn bytes(&self) -> u64 {
        self.elems() * self.fmt.size() as u64
    }

    /// Last dim (1 for a scalar).
    pub fn last(&self) -> u64 {
        self.dims.last().copied().unwrap_or(1)
    }
}

/// A temporary SPM region (the seed's `imm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scratch {
    pub addr: u64,
    pub bytes: u64,
}

/// Carves 256 B-aligned buffers out of a [`Scratch`].
pub(crate) struct Carver {
    op: &'static str,
    next: u64,
    end: u64,
}

impl Carver {
    pub(crate) fn new(op: &'static str, s: Scratch) -> Self {
        Carver { op, next: s.addr.div_ceil(256) * 256, end: s.addr + s.bytes }
    }

    /// A buffer of `bytes`, or an error naming how much scratch was missing.
    pub(crate) fn take(&mut self, bytes: u64) -> Result<u64, SimError> {
        let at = self.next;
        let end = at + bytes;
        if end > self.end {
            return Err(op_err(self.op, format!("scratch too small: needs at least {} more bytes", end - self.end)));
        }
        self.next = end.div_ceil(256) * 256;
        Ok(at)
    }
}

/// An operator error.
pub(crate) fn op_err(op: &str, reason: impl Into<String>) -> SimError {
    SimError::Operator { op: op.to_string(), reason: reason.into() }
}

/// Issues instructions for one operator and sums their cycles.
pub(crate) struct Emitter<'c, 'a> {
    pub ctx: &'c mut TileCtx<'a>,
    pub cycles: u64,
    used: EngineMask,
}

impl<'c, 'a> Emitter<'c, 'a> {
    pub(crate) fn new(ctx: &'c mut TileCtx<'a>) -> Self {
        Emitter { ctx, cycles: 0, used: EngineMask::default() }
    }

    /// Execute one instruction, remembering its engine for the final join.
    pub(crate) fn emit(&mut self, instr: Instr) -> Result<(), SimError> {
        let engine = instr.engine();
        if let Some(e) = engine {
            self.used.0 |= EngineMask::of(&[e]).0;
        }
        self.cycles += self.ctx.execute(&instr)?;
        Ok(())
    }

    /// Wait for `engines` (a data dependency between engines).
    pub(crate) fn join(&mut self, engines: &[Engine]) -> Result<(), SimError> {
        self.cycles += self.ctx.execute(&Instr::Join(EngineMask::of(engines)))?;
        Ok(())
    }

    /// Return the total cycles without waiting (asynchronous operators).
    pub(crate) fn finish_async(self) -> u64 {
        self.cycles
    }

    /// Join every engine used and return the total cycles; under
    /// `op_async_calls` return without the join (see `scoreboard`).
    pub(crate) fn finish(mut self) -> Result<u64, SimError> {
        if self.used != EngineMask::default() && !self.ctx.async_calls() {
            self.cycles += self.ctx.execute(&Instr::Join(self.used))?;
        }
        Ok(self.cycles)
    }
}

pub(crate) use tx8_target::reference::strides;
