//! The memory footprint of each instruction: which bytes of which memory it
//! reads and writes, for the hazard checker. Strided DMA accesses are kept
//! exact (rows of `row_bytes` every `stride` bytes) so that tiles writing
//! interleaved slices of one DDR tensor do not count as overlapping; indexed
//! (gather / scatter) accesses to DDR are summarised conservatively.

use crate::error::MemSpace;
use crate::isa::cgra::CgraInstr;
use crate::isa::dma::{RdmaInstr, Strided, TdmaInstr, WdmaInstr};
use crate::isa::ne::NeInstr;
use crate::isa::pool::pool_out;
use crate::isa::Instr;

/// One read or write in `space`: `rows` rows of `row_bytes` bytes, row r
/// starting at `lo + r * stride`; `hi` is one past the last byte touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub space: MemSpace,
    pub lo: u64,
    pub hi: u64,
    pub rows: u64,
    pub row_bytes: u64,
    pub stride: u64,
    pub write: bool,
}

impl Access {
    /// True when the access is one contiguous range `[lo, hi)`.
    pub fn contiguous(&self) -> bool {
        self.rows <= 1 || self.row_bytes >= self.stride
    }

    /// Whether any byte of `[x, x + len)` is touched.
    fn hits(&self, x: u64, len: u64) -> bool {
        if x >= self.hi || x + len <= self.lo {
            return false;
        }
        if self.contiguous() {
            return true;
        }
        // Row j is hit iff lo + j*s < x + len and lo + j*s + rb > x.
        let (lo, s, rb) = (self.lo as i128, self.stride as i128, self.row_bytes as i128);
        let (x, len) = (x as i128, len as i128);
        let jmin = (x - rb - lo).div_euclid(s) + 1;
        let jmax = (x + len - lo - 1).div_euclid(s);
        jmin.max(0) <= jmax.min(self.rows as i128 - 1)
    }

    /// Whether the two accesses share a byte.
    pub fn overlaps(&self, other: &Access) -> bool {
        if self.space != other.space || self.lo >= other.hi || other.lo >= self.hi {
            return false;
        }
        // Walk the rows of the access with fewer rows.
        let (few, many) = if self.rows <= other.rows { (self, other) } else { (other, self) };
        if few.contiguous() {
            return many.hits(few.lo, few.hi - few.lo);
        }
        (0..few.rows).any(|r| many.hits(few.lo + r * few.stride, few.row_bytes))
    }
}

/// The contiguous access `[lo, lo + bytes)` (`None` when empty).
pub(crate) fn span(space: MemSpace, lo: u64, bytes: u64, write: bool) -> Option<Access> {
    (bytes > 0).then(|| Access {
        space,
        lo,
        hi: lo.saturating_add(bytes),
        rows: 1,
        row_bytes: bytes,
        stride: bytes,
        write,
    })
}

fn strided(space: MemSpace, lo: u64, s: &Strided, stride: u64, write: bool) -> Option<Access> {
    let extent = strided_extent(s, stride);
    (extent > 0).then(|| Access {
        space,
        lo,
        hi: lo.saturating_add(extent),
        rows: s.rows,
        row_bytes: s.row_bytes,
        stride,
        write,
    })
}

/// Bounding byte range of the source (or destination) side of a strided copy.
fn strided_extent(s: &Strided, stride: u64) -> u64 {
    if s.rows == 0 || s.row_bytes == 0 {
        0
    } else {
        (s.rows - 1).saturating_mul(stride).saturating_add(s.row_bytes)
    }
}

impl Instr {
    /// What this instruction reads and writes when executed on `tile`.
    pub fn accesses(&self, tile: u32) -> Vec<Access> {
        let spm = MemSpace::Spm(tile);
        let e = |fmt: crate::dtype::DataFormat, n: u64| n.saturating_mul(fmt.size() as u64);
        let v: Vec<Option<Access>> = match self {
            Instr::Cgra(c) => match *c {
                CgraInstr::Vv { fmt, a, b, dst, n, .. } => {
                    vec![
                        span(spm, a, e(fmt, n), false),
                        span(spm, b, e(fmt, n), false),
                        span(spm, dst, e(fmt, n), true),
                    ]
                }
                CgraInstr::Vs { fmt, a, dst, n, .. } => {
                    vec![span(spm, a, e(fmt, n), false), span(spm, dst, e(fmt, n), true)]
                }
                CgraInstr::VuV { fmt, src, unit, dst, src_elems, unit_elems, .. } => vec![
                    span(spm, src, e(fmt, src_elems), false),
                    span(spm, unit, e(fmt, unit_elems), false),
                    span(spm, dst, e(fmt, src_elems), true),
                ],
                CgraInstr::VuVLoop { fmt, src, unit, dst, full_src_elems, full_unit_elems, .. } => vec![
                    span(spm, src, e(fmt, full_src_elems), false),
                    span(spm, unit, e(fmt, full_unit_elems), false),
                    span(spm, dst, e(fmt, full_src_elems), true),
                ],
                CgraInstr::Unary { fmt, src, dst, n, .. } => {
                    vec![span(spm, src, e(fmt, n), false), span(spm, dst, e(fmt, n), true)]
                }
                CgraInstr::ReduceRows { fmt, src, dst, rows, cols, .. } => {
                    vec![span(spm, src, e(fmt, rows.saturating_mul(cols)), false), span(spm, dst, e(fmt, rows), true)]
                }
                CgraInstr::Pool { fmt, src, dst, dims, kernel, stride, pad, .. } => {
                    let (oh, ow) = pool_out(&dims, &kernel, &stride, &pad).unwrap_or((0, 0));
                    vec![
                        span(spm, src, e(fmt, dims.iter().product()), false),
                        span(spm, dst, e(fmt, dims[0] * oh * ow * dims[3]), true),
                    ]
                }
                CgraInstr::Convert { from, to, src, dst, n } => {
                    vec![span(spm, src, e(from, n), false), span(spm, dst, e(to, n), true)]
                }
                CgraInstr::Copy { fmt, src, dst, n } => {
                    vec![span(spm, src, e(fmt, n), false), span(spm, dst, e(fmt, n), true)]
                }
                CgraInstr::Fill { fmt, dst, n, .. } => vec![span(spm, dst, e(fmt, n), true)],
                CgraInstr::Transpose { fmt, src, dst, rows, cols } => {
                    let n = rows.saturating_mul(cols);
                    vec![span(spm, src, e(fmt, n), false), span(spm, dst, e(fmt, n), true)]
                }
            },
            Instr::Neur(NeInstr::Gemm(g)) => {
                let bb = if g.broadcast_b { 1 } else { g.batch };
                let acc = crate::isa::ne::accumulator(g.in_fmt).unwrap_or(g.out_fmt);
                let out = e(g.out_fmt, g.batch.saturating_mul(g.m).saturating_mul(g.n));
                vec![
                    span(spm, g.a, e(g.in_fmt, g.batch.saturating_mul(g.m).saturating_mul(g.k)), false),
                    span(spm, g.b, e(g.in_fmt, bb.saturating_mul(g.k).saturating_mul(g.n)), false),
                    g.bias.and_then(|b| span(spm, b, e(acc, g.n), false)),
                    if g.accumulate { span(spm, g.out, out, false) } else { None },
                    span(spm, g.out, out, true),
                ]
            }
            Instr::Neur(NeInstr::Conv(c)) => {
                let (oh, ow) = c.out_hw().unwrap_or((0, 0));
                let acc = crate::isa::ne::accumulator(c.in_fmt).unwrap_or(c.out_fmt);
                let cg = c.dims[3] / c.groups.max(1);
                vec![
                    span(spm, c.input, e(c.in_fmt, c.dims.iter().product()), false),
                    span(spm, c.weight, e(c.in_fmt, c.kernel[0] * c.kernel[1] * cg * c.out_channels), false),
                    c.bias.and_then(|b| span(spm, b, e(acc, c.out_channels), false)),
                    c.psum.and_then(|p| span(spm, p, e(c.out_fmt, c.dims[0] * oh * ow * c.out_channels), false)),
                    span(spm, c.out, e(c.out_fmt, c.dims[0] * oh * ow * c.out_channels), true),
                ]
            }
            Instr::Rdma(RdmaInstr::Load { ddr, spm: s, shape, .. }) => vec![
                strided(MemSpace::Ddr, *ddr, shape, shape.src_stride, false),
                strided(spm, *s, shape, shape.dst_stride, true),
            ],
            Instr::Rdma(RdmaInstr::Gather { ddr, rows, index, count, row_bytes, spm: s }) => vec![
                // Rows may come from anywhere in the table.
                span(MemSpace::Ddr, *ddr, rows.saturating_mul(*row_bytes), false),
                span(spm, *index, count.saturating_mul(4), false),
                span(spm, *s, count.saturating_mul(*row_bytes), true),
            ],
            Instr::Wdma(WdmaInstr::Store { spm: s, ddr, shape }) => vec![
                strided(spm, *s, shape, shape.src_stride, false),
                strided(MemSpace::Ddr, *ddr, shape, shape.dst_stride, true),
            ],
            Instr::Wdma(WdmaInstr::Scatter { spm: s, index, count, row_bytes, ddr }) => vec![
                span(spm, *s, count.saturating_mul(*row_bytes), false),
                span(spm, *index, count.saturating_mul(4), false),
                span(MemSpace::Ddr, *ddr, u64::MAX - ddr, true),
            ],
            Instr::Tdma(t) => match *t {
                TdmaInstr::Gather { table, rows, row_bytes, index, count, dst } => vec![
                    span(spm, table, rows.saturating_mul(row_bytes), false),
                    span(spm, index, count.saturating_mul(4), false),
                    span(spm, dst, count.saturating_mul(row_bytes), true),
                ],
                TdmaInstr::Reshape { src, dst, shape } => vec![
                    strided(spm, src, &shape, shape.src_stride, false),
                    strided(spm, dst, &shape, shape.dst_stride, true),
                ],
                TdmaInstr::GatherScatter { src, dst, elem_bytes, count, src_stride, dst_stride } => {
                    let s = Strided { rows: count, row_bytes: elem_bytes, src_stride, dst_stride };
                    vec![strided(spm, src, &s, s.src_stride, false), strided(spm, dst, &s, s.dst_stride, true)]
                }
            },
            Instr::Dte(d) => {
                vec![span(spm, d.src, d.bytes, false), span(MemSpace::Spm(d.dst_tile), d.dst, d.bytes, true)]
            }
            Instr::Scalar { .. } | Instr::Join(_) | Instr::Barrier => vec![],
        };
        v.into_iter().flatten().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(lo: u64, rows: u64, row_bytes: u64, stride: u64) -> Access {
        let s = Strided { rows, row_bytes, src_stride: stride, dst_stride: stride };
        strided(MemSpace::Ddr, lo, &s, stride, true).unwrap()
    }

    #[test]
    fn interleaved_strided_accesses_do_not_overlap_but_touching_ones_do() {
        // Two tiles writing alternate 32-byte column slices of 512-byte rows.
        let a = acc(0, 64, 32, 512);
        let b = acc(32, 64, 32, 512);
        assert!(!a.overlaps(&b) && !b.overlaps(&a));
        // Shift b by one byte into a's columns.
        let c = acc(31, 64, 32, 512);
        assert!(a.overlaps(&c) && c.overlaps(&a));
        // A contiguous range inside a gap misses; one spanning a row hits.
        let gap = span(MemSpace::Ddr, 40, 400, false).unwrap();
        assert!(!a.overlaps(&gap));
        let hit = span(MemSpace::Ddr, 40, 500, false).unwrap();
        assert!(a.overlaps(&hit));
        // Different memories never overlap.
        let spm = Access { space: MemSpace::Spm(0), ..a };
        assert!(!a.overlaps(&spm));
    }
}
