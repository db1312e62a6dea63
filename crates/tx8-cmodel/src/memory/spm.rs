//! One tile's scratch-pad memory: 3 MiB of bytes of which only the usable
//! window `[spm_usable_start, spm_usable_end)` may be touched by instructions
//! (the first and last 64 KiB belong to the runtime), in address-interleaved
//! 256 B banks.

use crate::config::HardwareConfig;
use crate::error::{AccessFault, MemSpace};

/// The SPM of one tile.
pub struct Spm {
    tile: u32,
    bytes: Vec<u8>,
    usable_start: u64,
    usable_end: u64,
    bank_bytes: u64,
    banks: u64,
}

impl Spm {
    /// A zeroed SPM of `config.spm_bytes` for `tile`.
    pub fn new(tile: u32, config: &HardwareConfig) -> Self {
        Spm {
            tile,
            bytes: vec![0; config.spm_bytes as usize],
            usable_start: config.spm_usable_start,
            usable_end: config.spm_usable_end,
            bank_bytes: config.spm_bank_bytes,
            banks: u64::from(config.spm_banks),
        }
    }

    /// Bank that holds byte `addr` (banks interleave every `spm_bank_bytes`).
    pub fn bank_of(&self, addr: u64) -> u64 {
        (addr / self.bank_bytes) % self.banks
    }

    /// Check that `[addr, addr+len)` is inside the usable window and `addr`
    /// is a multiple of `align`.
    pub fn check(&self, addr: u64, len: u64, align: u64) -> Result<(), AccessFault> {
        let space = MemSpace::Spm(self.tile);
        if align > 1 && addr % align != 0 {
            return Err(AccessFault::Misaligned { space, addr, align });
        }
        let end = addr.checked_add(len);
        if addr < self.usable_start || end.is_none_or(|e| e > self.usable_end) {
            return Err(AccessFault::OutOfRange { space, addr, len, lo: self.usable_start, hi: self.usable_end });
        }
        Ok(())
    }

    /// Borrow `len` bytes at `addr` after checking range and alignment.
    pub fn read(&self, addr: u64, len: u64, align: u64) -> Result<&[u8], AccessFault> {
        self.check(addr, len, align)?;
        Ok(&self.bytes[addr as usize..(addr + len) as usize])
    }

    /// Copy `data` to `addr` after checking range and alignment.
    pub fn write(&mut self, addr: u64, data: &[u8], align: u64) -> Result<(), AccessFault> {
        self.check(addr, data.len() as u64, align)?;
        self.bytes[addr as usize..addr as usize + data.len()].copy_from_slice(data);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_and_alignment_are_enforced() {
        let c = HardwareConfig::default();
        let mut s = Spm::new(3, &c);
        assert!(s.write(0x10000, &[1, 2, 3, 4], 4).is_ok());
        assert_eq!(s.read(0x10000, 4, 1).unwrap(), &[1, 2, 3, 4]);
        // Reserved low 64 KiB.
        assert!(matches!(s.read(0xFFFF, 1, 1), Err(AccessFault::OutOfRange { .. })));
        // Straddles the end of the window.
        assert!(matches!(s.read(0x2F0000 - 2, 4, 1), Err(AccessFault::OutOfRange { .. })));
        assert!(s.read(0x2F0000 - 4, 4, 1).is_ok());
        // Overflowing length is an error, not a panic.
        assert!(s.read(0x10000, u64::MAX, 1).is_err());
        assert_eq!(
            s.write(0x10002, &[0; 4], 4),
            Err(AccessFault::Misaligned { space: MemSpace::Spm(3), addr: 0x10002, align: 4 })
        );
    }

    #[test]
    fn banks_interleave_every_256_bytes() {
        let s = Spm::new(0, &HardwareConfig::default());
        assert_eq!(s.bank_of(0x10000), 0);
        assert_eq!(s.bank_of(0x10000 + 255), 0);
        assert_eq!(s.bank_of(0x10000 + 256), 1);
        assert_eq!(s.bank_of(0x10000 + 8 * 256), 0);
    }
}
