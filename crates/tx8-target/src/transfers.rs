//! The strided copies (source offset, destination offset, shape) that move
//! a box of a tensor between DDR and SPM, as the DMA engines issue them: a
//! dense tensor is row-major on both sides (`box_copies`), a channel-blocked
//! one is placed whole in DDR and as the box in SPM (`blocked_box`).
//! The C model issues these copies; the compiler's cost model counts them,
//! so both see the same descriptors.

use crate::blocked_box::blocked_box_copies;
use crate::data_format::DataFormat;
use crate::error::TargetError;
use crate::layout::{MemLayout, Nhwc, Placement};
use crate::reference::strides;
use crate::view::Strided;

/// The strided copies that move box `[start, start+size)` of a dense tensor
/// of dims `whole` into a dense tensor of dims `size` (byte offsets). Trailing
/// dims the box covers whole are merged into one row.
pub fn box_copies(whole: &[u64], start: &[u64], size: &[u64], es: u64) -> Vec<(u64, u64, Strided)> {
    let r = whole.len();
    if r == 0 || size.contains(&0) {
        return if r == 0 { vec![(0, 0, Strided::contiguous(es))] } else { Vec::new() };
    }
    let ws = strides(whole);
    let ss = strides(size);
    // Innermost dims copied as one contiguous run.
    let mut k = r - 1;
    while k > 0 && size[k] == whole[k] && start[k] == 0 {
        k -= 1;
    }
    // Dims k+1.. are whole: the run is size[k] * ws[k] elements.
    let run = size[k] * ws[k] * es;
    let (rows, src_stride, dst_stride, outer_dims) =
        if k > 0 { (size[k - 1], ws[k - 1] * es, ss[k - 1] * es, k - 1) } else { (1, run, run, 0) };
    let outer: u64 = size[..outer_dims].iter().product();
    let mut copies = Vec::with_capacity(outer as usize);
    for o in 0..outer {
        let (mut rem, mut src, mut dst) = (o, 0u64, 0u64);
        for d in (0..outer_dims).rev() {
            let i = rem % size[d];
            rem /= size[d];
            src += (start[d] + i) * ws[d];
            dst += i * ss[d];
        }
        let base: u64 = (outer_dims..r).map(|d| start[d] * ws[d]).sum();
        copies.push(((src + base) * es, dst * es, Strided { rows, row_bytes: run, src_stride, dst_stride }));
    }
    copies
}

/// The DMA descriptors (DDR offset, SPM offset, shape) that move box
/// `start` / `size` of a tensor of dims `whole` in format `fmt` and
/// placement kind `layout`: what `op_dma_load` / `op_dma_store` issue, one
/// RDMA / WDMA instruction each. `op` names the caller in errors.
pub fn box_transfers(
    op: &str,
    whole: &[u64],
    start: &[u64],
    size: &[u64],
    fmt: DataFormat,
    layout: MemLayout,
) -> Result<Vec<(u64, u64, Strided)>, TargetError> {
    if !layout.is_blocked() {
        return Ok(box_copies(whole, start, size, fmt.size() as u64));
    }
    let err = |reason: String| TargetError::Operator { op: op.to_string(), reason };
    let placed = |dims: &[u64]| Placement::of_dims(layout, fmt, dims).map_err(|e| err(e.to_string()));
    let (w, b) = (placed(whole)?, placed(size)?);
    // The box start as (N, H, W, C), with the dims `Nhwc::from_dims` adds at 0.
    let s = match *start {
        [c] => Nhwc { n: 0, h: 0, w: 0, c },
        [n, c] => Nhwc { n, h: 0, w: 0, c },
        [n, w, c] => Nhwc { n, h: 0, w, c },
        [n, h, w, c] => Nhwc { n, h, w, c },
        _ => return Err(err(format!("a blocked tensor has rank 1 to 4, not {}", start.len()))),
    };
    Ok(blocked_box_copies(&w, s, &b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_copies_merge_whole_trailing_dims() {
        // Rows 1..3 of a 4x8 matrix: one contiguous run of 2 rows.
        let c = box_copies(&[4, 8], &[1, 0], &[2, 8], 2);
        assert_eq!(c, vec![(16, 0, Strided { rows: 1, row_bytes: 32, src_stride: 32, dst_stride: 32 })]);
        // Columns 2..5 of every row: one strided copy of 4 rows.
        let c = box_copies(&[4, 8], &[0, 2], &[4, 3], 1);
        assert_eq!(c, vec![(2, 0, Strided { rows: 4, row_bytes: 3, src_stride: 8, dst_stride: 3 })]);
        // 3-D box: one copy per outer index.
        let c = box_copies(&[2, 3, 4], &[1, 1, 1], &[1, 2, 2], 1);
        assert_eq!(c, vec![(12 + 4 + 1, 0, Strided { rows: 2, row_bytes: 2, src_stride: 4, dst_stride: 2 })]);
    }
}
