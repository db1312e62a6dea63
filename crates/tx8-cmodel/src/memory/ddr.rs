//! The card DDR: 64 GB of address space backed sparsely by 64 KiB pages that
//! exist only once written. Reads of never-written bytes return zeros without
//! allocating anything.

use std::collections::HashMap;

use crate::error::{AccessFault, MemSpace};

/// Size of one backing page. Large enough that big tensors need few pages,
/// small enough that scattered small buffers stay cheap.
pub const DDR_PAGE_BYTES: u64 = 64 * 1024;

/// The sparse card DDR.
pub struct Ddr {
    capacity: u64,
    pages: HashMap<u64, Box<[u8]>>,
}

impl Ddr {
    /// An empty DDR of `capacity` addressable bytes.
    pub fn new(capacity: u64) -> Self {
        Ddr { capacity, pages: HashMap::new() }
    }

    /// Number of backing pages allocated so far (for the sparsity invariant).
    pub fn allocated_pages(&self) -> usize {
        self.pages.len()
    }

    /// Check `[addr, addr+len)` is inside the DDR and `addr` is `align`-aligned.
    pub fn check(&self, addr: u64, len: u64, align: u64) -> Result<(), AccessFault> {
        if align > 1 && addr % align != 0 {
            return Err(AccessFault::Misaligned { space: MemSpace::Ddr, addr, align });
        }
        if addr.checked_add(len).is_none_or(|e| e > self.capacity) {
            return Err(AccessFault::OutOfRange { space: MemSpace::Ddr, addr, len, lo: 0, hi: self.capacity });
        }
        Ok(())
    }

    /// Read `out.len()` bytes from `addr` into `out`.
    pub fn read(&self, addr: u64, out: &mut [u8], align: u64) -> Result<(), AccessFault> {
        self.check(addr, out.len() as u64, align)?;
        let mut done = 0usize;
        while done < out.len() {
            let a = addr + done as u64;
            let page = a / DDR_PAGE_BYTES;
            let off = (a % DDR_PAGE_BYTES) as usize;
            let n = (DDR_PAGE_BYTES as usize - off).min(out.len() - done);
            match self.pages.get(&page) {
                Some(p) => out[done..done + n].copy_from_slice(&p[off..off + n]),
                None => out[done..done + n].fill(0),
            }
            done += n;
        }
        Ok(())
    }

    /// Write `data` at `addr`, allocating only the pages it touches.
    pub fn write(&mut self, addr: u64, data: &[u8], align: u64) -> Result<(), AccessFault> {
        self.check(addr, data.len() as u64, align)?;
        let mut done = 0usize;
        while done < data.len() {
            let a = addr + done as u64;
            let page = a / DDR_PAGE_BYTES;
            let off = (a % DDR_PAGE_BYTES) as usize;
            let n = (DDR_PAGE_BYTES as usize - off).min(data.len() - done);
            let p = self.pages.entry(page).or_insert_with(|| vec![0u8; DDR_PAGE_BYTES as usize].into_boxed_slice());
            p[off..off + n].copy_from_slice(&data[done..done + n]);
            done += n;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_backing_allocates_only_touched_pages() {
        let mut d = Ddr::new(64 << 30);
        let mut buf = [7u8; 16];
        d.read(40 << 30, &mut buf, 1).unwrap();
        assert_eq!(buf, [0; 16]);
        assert_eq!(d.allocated_pages(), 0);
        // A write straddling a page boundary near the top of 64 GB touches two pages.
        let top = (64u64 << 30) - DDR_PAGE_BYTES - 8;
        d.write(top, &[1; 16], 8).unwrap();
        assert_eq!(d.allocated_pages(), 2);
        let mut back = [0u8; 16];
        d.read(top, &mut back, 1).unwrap();
        assert_eq!(back, [1; 16]);
    }

    #[test]
    fn out_of_range_and_misaligned_are_errors() {
        let mut d = Ddr::new(64 << 30);
        assert!(matches!(d.write((64 << 30) - 4, &[0; 8], 1), Err(AccessFault::OutOfRange { .. })));
        assert!(matches!(d.write(6, &[0; 4], 4), Err(AccessFault::Misaligned { .. })));
        let mut b = [0u8; 4];
        assert!(d.read(u64::MAX - 1, &mut b, 1).is_err());
        assert_eq!(d.allocated_pages(), 0);
    }
}
