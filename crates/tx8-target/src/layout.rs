//! Physical tensor layouts (the seed's `mem_layout`): dense Tensor/NTensor
//! and channel-blocked Cx/NCx, their address computation and conversion
//! (ChannelNorm).
//!
//! The seed's alignment table, for shape (N, H, W, C):
//! - fp16/bf16/fp32/tf32, C <= 32: NHWC with C padded up to 4/8/16/32.
//! - fp16/bf16/fp32/tf32, C > 32: per batch `[Cx, H, W, 64]` then `[H, W, C0]`,
//!   Cx = C / 64, C0 = C mod 64 padded up to 4/8/16/32.
//! - int8: the same with 64 -> 128 and the padding set 4/8/16/32/64.
//! - Every batch starts on a 2048-bit (256 B) boundary.
//!
//! The seed leaves open what a remainder above the largest padding step
//! becomes (C0 = 40 for fp16, say); we pad it up to a multiple of that step
//! (40 -> 64), which keeps every row of the C0 part bank-friendly.
//! Cx is NCx with N = 1, as Tensor is NTensor with N = 1.

use serde::{Deserialize, Serialize};

use crate::data_format::DataFormat;
use crate::error::TargetError;

/// A physical layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MemLayout {
    /// Dense, dim 0 == 1.
    Tensor,
    /// Dense, any dim 0.
    NTensor,
    /// Channel-blocked, dim 0 == 1.
    Cx,
    /// Channel-blocked, any dim 0.
    NCx,
}

impl MemLayout {
    /// Whether the layout is channel-blocked (Cx/NCx).
    pub fn is_blocked(self) -> bool {
        matches!(self, MemLayout::Cx | MemLayout::NCx)
    }

    /// The same kind (dense or blocked) for a tensor whose dim 0 is `n`:
    /// Tensor/Cx when `n` is 1, NTensor/NCx otherwise.
    pub fn fitted(self, n: u64) -> MemLayout {
        match (self.is_blocked(), n == 1) {
            (false, true) => MemLayout::Tensor,
            (false, false) => MemLayout::NTensor,
            (true, true) => MemLayout::Cx,
            (true, false) => MemLayout::NCx,
        }
    }
}

/// Whether a tensor of `fmt` and `dims` has a channel-blocked layout at
/// all: rank 1 to 4 and a format the blocking is defined for.
pub fn can_block(fmt: DataFormat, dims: &[u64]) -> bool {
    (1..=4).contains(&dims.len()) && blocking(fmt).is_ok()
}

/// Bytes every batch of a channel-blocked tensor aligns to (2048 bit).
pub const BATCH_ALIGN_BYTES: u64 = 256;

/// A tensor shape seen as (N, H, W, C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nhwc {
    pub n: u64,
    pub h: u64,
    pub w: u64,
    pub c: u64,
}

impl Nhwc {
    /// View `dims` as NHWC: rank 4 as is, rank 3 as (N, 1, W, C), rank 2 as
    /// (N, 1, 1, C), rank 1 as (1, 1, 1, C).
    pub fn from_dims(dims: &[u64]) -> Result<Self, TargetError> {
        let (n, h, w, c) = match *dims {
            [c] => (1, 1, 1, c),
            [n, c] => (n, 1, 1, c),
            [n, w, c] => (n, 1, w, c),
            [n, h, w, c] => (n, h, w, c),
            _ => return Err(TargetError::Layout(format!("rank {} is not supported (1 to 4)", dims.len()))),
        };
        Ok(Nhwc { n, h, w, c })
    }

    /// Number of elements.
    pub fn elems(&self) -> u64 {
        self.n * self.h * self.w * self.c
    }
}

/// Channel block (64, or 128 for int8) and the padding steps of a format.
fn blocking(fmt: DataFormat) -> Result<(u64, &'static [u64]), TargetError> {
    match fmt {
        DataFormat::Int8 => Ok((128, &[4, 8, 16, 32, 64])),
        DataFormat::Fp16 | DataFormat::Bf16 | DataFormat::Fp32 | DataFormat::Tf32 => Ok((64, &[4, 8, 16, 32])),
        other => Err(TargetError::Layout(format!("no channel-blocked layout for {}", other.name()))),
    }
}

/// Pad a channel count up to the first step that holds it (or a multiple of the largest).
fn pad_channels(c: u64, steps: &[u64]) -> u64 {
    if c == 0 {
        return 0;
    }
    match steps.iter().find(|&&s| s >= c) {
        Some(&s) => s,
        None => {
            let big = steps[steps.len() - 1];
            c.div_ceil(big) * big
        }
    }
}

/// Where each part of a channel-blocked batch lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocked {
    /// Channel block (64 or 128).
    pub block: u64,
    /// Number of full blocks (0 when C is at most the small-C threshold).
    pub cx: u64,
    /// Channels in the tail part, before and after padding.
    pub c0: u64,
    pub c0_padded: u64,
    /// Bytes of one batch before alignment, and the batch stride.
    pub batch_bytes: u64,
    pub batch_stride: u64,
}

/// The physical placement of a tensor of `shape` and `fmt` in `layout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub layout: MemLayout,
    pub fmt: DataFormat,
    pub shape: Nhwc,
    /// Only for Cx/NCx.
    pub blocked: Option<Blocked>,
}

impl Placement {
    /// Place a tensor; errors for N != 1 in Tensor/Cx and unsupported formats.
    pub fn new(layout: MemLayout, fmt: DataFormat, shape: Nhwc) -> Result<Self, TargetError> {
        if matches!(layout, MemLayout::Tensor | MemLayout::Cx) && shape.n != 1 {
            return Err(TargetError::Layout(format!("{layout:?} needs dim 0 == 1, got {}", shape.n)));
        }
        let blocked = match layout {
            MemLayout::Tensor | MemLayout::NTensor => None,
            MemLayout::Cx | MemLayout::NCx => {
                let (block, steps) = blocking(fmt)?;
                let esize = fmt.size() as u64;
                let hw = shape.h * shape.w;
                // The small-C rule (NHWC, C padded) is the blocked rule with Cx = 0.
                let (cx, c0) = (shape.c / block, shape.c % block);
                let c0_padded = pad_channels(c0, steps);
                let batch_bytes = (cx * hw * block + hw * c0_padded) * esize;
                let batch_stride = batch_bytes.div_ceil(BATCH_ALIGN_BYTES) * BATCH_ALIGN_BYTES;
                Some(Blocked { block, cx, c0, c0_padded, batch_bytes, batch_stride })
            }
        };
        Ok(Placement { layout, fmt, shape, blocked })
    }

    /// The placement of a tensor of `dims` (any rank when dense, 1 to 4
    /// when blocked) in the kind of `layout`, fitted to its dim 0.
    pub fn of_dims(layout: MemLayout, fmt: DataFormat, dims: &[u64]) -> Result<Self, TargetError> {
        let shape = if layout.is_blocked() {
            Nhwc::from_dims(dims)?
        } else {
            // Dense bytes are row-major whatever the rank.
            let n = dims.first().copied().unwrap_or(1);
            let rest = dims.iter().skip(1).product();
            Nhwc { n, h: 1, w: 1, c: rest }
        };
        Placement::new(layout.fitted(shape.n), fmt, shape)
    }

    /// Bytes the tensor occupies (N batch strides for Cx/NCx).
    pub fn bytes(&self) -> u64 {
        match self.blocked {
            None => self.shape.elems() * self.fmt.size() as u64,
            Some(b) => self.shape.n * b.batch_stride,
        }
    }

    /// Byte offset of element (n, h, w, c) from the tensor's start.
    pub fn offset(&self, n: u64, h: u64, w: u64, c: u64) -> Result<u64, TargetError> {
        let s = self.shape;
        if n >= s.n || h >= s.h || w >= s.w || c >= s.c {
            return Err(TargetError::Layout(format!("index ({n},{h},{w},{c}) outside shape {s:?}")));
        }
        let esize = self.fmt.size() as u64;
        Ok(match self.blocked {
            None => (((n * s.h + h) * s.w + w) * s.c + c) * esize,
            Some(b) => {
                let base = n * b.batch_stride;
                let full = b.cx * b.block;
                if c < full {
                    base + ((((c / b.block) * s.h + h) * s.w + w) * b.block + c % b.block) * esize
                } else {
                    base + (b.cx * s.h * s.w * b.block + (h * s.w + w) * b.c0_padded + (c - full)) * esize
                }
            }
        })
    }

    /// Lay out dense NHWC bytes (`fmt` elements) in this placement; padding is zero.
    pub fn from_dense(&self, dense: &[u8]) -> Result<Vec<u8>, TargetError> {
        let esize = self.fmt.size();
        if dense.len() as u64 != self.shape.elems() * esize as u64 {
            return Err(TargetError::Layout(format!(
                "dense buffer of {} bytes does not match {:?}",
                dense.len(),
                self.shape
            )));
        }
        let mut out = vec![0u8; self.bytes() as usize];
        self.for_each(|i, off| out[off..off + esize].copy_from_slice(&dense[i * esize..(i + 1) * esize]))?;
        Ok(out)
    }

    /// Gather this placement's bytes back into dense NHWC.
    pub fn to_dense(&self, placed: &[u8]) -> Result<Vec<u8>, TargetError> {
        let esize = self.fmt.size();
        if (placed.len() as u64) < self.bytes() {
            return Err(TargetError::Layout(format!(
                "placed buffer of {} bytes is shorter than {}",
                placed.len(),
                self.bytes()
            )));
        }
        let mut out = vec![0u8; (self.shape.elems() as usize) * esize];
        self.for_each(|i, off| out[i * esize..(i + 1) * esize].copy_from_slice(&placed[off..off + esize]))?;
        Ok(out)
    }

    /// Visit (dense index, placed byte offset) of every element.
    fn for_each(&self, mut f: impl FnMut(usize, usize)) -> Result<(), TargetError> {
        let s = self.shape;
        let mut i = 0usize;
        for n in 0..s.n {
            for h in 0..s.h {
                for w in 0..s.w {
                    for c in 0..s.c {
                        f(i, self.offset(n, h, w, c)? as usize);
                        i += 1;
                    }
                }
            }
        }
        Ok(())
    }
}

/// ChannelNorm: convert bytes of a tensor from one placement to another
/// (same shape and format), e.g. NTensor -> NCx.
pub fn channel_norm(from: &Placement, to: &Placement, data: &[u8]) -> Result<Vec<u8>, TargetError> {
    if from.shape != to.shape || from.fmt != to.fmt {
        return Err(TargetError::Layout("channel_norm needs the same shape and format on both sides".into()));
    }
    to.from_dense(&from.to_dense(data)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ncx_example_fp16_2x1x2x131() {
        let shape = Nhwc::from_dims(&[2, 1, 2, 131]).unwrap();
        let p = Placement::new(MemLayout::NCx, DataFormat::Fp16, shape).unwrap();
        let b = p.blocked.unwrap();
        // 131 = 2 x 64 + 3; C0 = 3 padded to 4.
        assert_eq!((b.cx, b.c0, b.c0_padded), (2, 3, 4));
        // Batch 0 ends at 4224 bits (0x1080) = 528 bytes.
        assert_eq!(b.batch_bytes * 8, 0x1080);
        // Batch 1 starts at the next 2048-bit boundary: 6144 bits (0x1800).
        assert_eq!(p.offset(1, 0, 0, 0).unwrap() * 8, 0x1800);
        assert_eq!(p.bytes(), 2 * 768);
        // Channel 130 of pixel (0,1) of batch 0: in the C0 part after 2*2*64 elements.
        assert_eq!(p.offset(0, 0, 1, 130).unwrap(), (2 * 2 * 64 + 4 + 2) * 2);
        // Channel 64 of pixel 0: start of the second Cx block.
        assert_eq!(p.offset(0, 0, 0, 64).unwrap(), 2 * 64 * 2);
    }

    #[test]
    fn small_channel_counts_pad_nhwc() {
        let p = Placement::new(MemLayout::NCx, DataFormat::Bf16, Nhwc { n: 4, h: 112, w: 2, c: 30 }).unwrap();
        let b = p.blocked.unwrap();
        assert_eq!((b.cx, b.c0_padded), (0, 32));
        assert_eq!(p.offset(0, 0, 1, 0).unwrap(), 32 * 2);
        assert_eq!(b.batch_stride % 256, 0);
        // int8 blocks channels by 128 and pads the tail to 4/8/16/32/64.
        let p = Placement::new(MemLayout::Cx, DataFormat::Int8, Nhwc { n: 1, h: 1, w: 3, c: 40 }).unwrap();
        assert_eq!(p.blocked.unwrap().c0_padded, 64);
        let p = Placement::new(MemLayout::Cx, DataFormat::Int8, Nhwc { n: 1, h: 1, w: 3, c: 300 }).unwrap();
        let b = p.blocked.unwrap();
        assert_eq!((b.block, b.cx, b.c0, b.c0_padded), (128, 2, 44, 64));
        assert!(Placement::new(MemLayout::Cx, DataFormat::Fp16, Nhwc { n: 2, h: 1, w: 1, c: 8 }).is_err());
        assert!(Placement::new(MemLayout::NCx, DataFormat::Int32, Nhwc { n: 2, h: 1, w: 1, c: 8 }).is_err());
    }
}
