//! Memory access on behalf of one executing instruction: every read and write
//! is range- and alignment-checked, and a fault becomes a `SimError` naming
//! the tile, the instruction's sequence number and its name.

use crate::config::HardwareConfig;
use crate::dtype::{self, DataFormat};
use crate::error::{AccessFault, SimError};
use crate::memory::CardMemory;

/// Where an instruction executes and what it may touch.
pub struct Access<'a> {
    pub config: &'a HardwareConfig,
    pub mem: &'a CardMemory,
    /// Tile executing the instruction.
    pub tile: u32,
    /// Sequence number of the instruction on its tile (0-based).
    pub instr: u64,
    /// Full instruction name (`CGRATensor_ArithOp_V_VV_add.bf16`, ...).
    pub name: &'a str,
}

impl Access<'_> {
    /// Wrap a memory fault with this instruction's identity.
    pub fn fault(&self, fault: AccessFault) -> SimError {
        SimError::Access { tile: self.tile, instr: self.instr, name: self.name.to_string(), fault }
    }

    /// An "invalid instruction" error for this instruction.
    pub fn invalid(&self, reason: impl Into<String>) -> SimError {
        SimError::InvalidInstr {
            tile: self.tile,
            instr: self.instr,
            name: self.name.to_string(),
            reason: reason.into(),
        }
    }

    /// `count * size`, or an error if it overflows.
    pub fn bytes(&self, count: u64, size: u64) -> Result<u64, SimError> {
        count.checked_mul(size).ok_or_else(|| self.invalid("operand size overflows"))
    }

    /// Copy `len` bytes of `tile`'s SPM at `addr`.
    pub fn spm_read_on(&self, tile: u32, addr: u64, len: u64, align: u64) -> Result<Vec<u8>, SimError> {
        let spm = self.mem.spm(tile).ok_or(SimError::NoSuchTile(tile))?;
        spm.read(addr, len, align).map(<[u8]>::to_vec).map_err(|f| self.fault(f))
    }

    /// Write `data` to `tile`'s SPM at `addr`.
    pub fn spm_write_on(&self, tile: u32, addr: u64, data: &[u8], align: u64) -> Result<(), SimError> {
        let mut spm = self.mem.spm(tile).ok_or(SimError::NoSuchTile(tile))?;
        spm.write(addr, data, align).map_err(|f| self.fault(f))
    }

    /// Check a range of the own SPM without touching it.
    pub fn spm_check(&self, addr: u64, len: u64, align: u64) -> Result<(), SimError> {
        let spm = self.mem.spm(self.tile).ok_or(SimError::NoSuchTile(self.tile))?;
        spm.check(addr, len, align).map_err(|f| self.fault(f))
    }

    /// Copy `len` bytes of the own SPM.
    pub fn spm_read(&self, addr: u64, len: u64, align: u64) -> Result<Vec<u8>, SimError> {
        self.spm_read_on(self.tile, addr, len, align)
    }

    /// Write to the own SPM.
    pub fn spm_write(&self, addr: u64, data: &[u8], align: u64) -> Result<(), SimError> {
        self.spm_write_on(self.tile, addr, data, align)
    }

    /// Read `n` elements of `fmt` at `addr` (element-aligned) as f32.
    pub fn read_f32(&self, fmt: DataFormat, addr: u64, n: u64) -> Result<Vec<f32>, SimError> {
        let size = fmt.size() as u64;
        let bytes = self.spm_read(addr, self.bytes(n, size)?, size)?;
        Ok(dtype::decode_f32(fmt, &bytes))
    }

    /// Write f32 values as `fmt` (RNE) at `addr` (element-aligned).
    pub fn write_f32(&self, fmt: DataFormat, addr: u64, values: &[f32]) -> Result<(), SimError> {
        self.spm_write(addr, &dtype::encode_f32(fmt, values), fmt.size() as u64)
    }

    /// Read `n` elements of an integer `fmt` at `addr` exactly.
    pub fn read_i64(&self, fmt: DataFormat, addr: u64, n: u64) -> Result<Vec<i64>, SimError> {
        let size = fmt.size() as u64;
        let bytes = self.spm_read(addr, self.bytes(n, size)?, size)?;
        Ok(dtype::decode_i64(fmt, &bytes))
    }

    /// Write integers as `fmt` with saturation at `addr`.
    pub fn write_i64(&self, fmt: DataFormat, addr: u64, values: &[i64]) -> Result<(), SimError> {
        self.spm_write(addr, &dtype::encode_i64(fmt, values), fmt.size() as u64)
    }

    /// Read DDR bytes.
    pub fn ddr_read(&self, addr: u64, len: u64) -> Result<Vec<u8>, SimError> {
        let mut buf = vec![0u8; 0];
        let ddr = self.mem.ddr();
        ddr.check(addr, len, 1).map_err(|f| self.fault(f))?;
        buf.resize(len as usize, 0);
        ddr.read(addr, &mut buf, 1).map_err(|f| self.fault(f))?;
        Ok(buf)
    }

    /// Write DDR bytes.
    pub fn ddr_write(&self, addr: u64, data: &[u8]) -> Result<(), SimError> {
        self.mem.ddr().write(addr, data, 1).map_err(|f| self.fault(f))
    }
}
