//! The sliding window of `tx8be.Conv` and `tx8be.Pool` over the H and W
//! axes of an NHWC tensor: output sizes, and which input rows an output row
//! range reads (the halo the Sharding interface's `back_window` reports).

use strata_ir::{Body, Context, Op};

use crate::dialect::ops::{op_kind, OpKind};
use crate::dialect::values::attr_int_array;

/// Kernel, strides, pads (top, left, bottom, right) and dilations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window2d {
    pub kernel: [i64; 2],
    pub strides: [i64; 2],
    pub pads: [i64; 4],
    pub dilations: [i64; 2],
}

/// A half-open range of rows `[start, end)` along H (or W).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RowRange {
    pub start: i64,
    pub end: i64,
}

impl RowRange {
    pub fn len(&self) -> i64 {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// The input rows an output row range needs, and the padding the slice
/// sees at its borders: `pad_before` rows of padding precede `rows.start`
/// when the window reaches above the tensor (only at the top border),
/// `pad_after` follow `rows.end - 1` (only at the bottom border). A slice
/// inside the tensor has zero pads: its halo rows are real data.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BackWindow {
    pub rows: RowRange,
    pub pad_before: i64,
    pub pad_after: i64,
}

impl Window2d {
    /// The window of a Conv (kernel from the HWIO weight) or Pool op.
    pub fn of_op(ctx: &Context, body: &Body, op: Op) -> Option<Window2d> {
        let kind = op_kind(ctx, body, op)?;
        let (kernel, dilations) = match kind {
            OpKind::Conv => {
                let w = ctx.shape(body.value_type(body.operand(op, 1)))?;
                ([*w.first()?, *w.get(1)?], attr_int_array(ctx, body, op, "dilations")?)
            }
            OpKind::Pool => (attr_int_array(ctx, body, op, "kernel")?, [1, 1]),
            _ => return None,
        };
        let strides = attr_int_array(ctx, body, op, "strides")?;
        let pads = attr_int_array(ctx, body, op, "pads")?;
        Some(Window2d { kernel, strides, pads, dilations })
    }

    /// The extent of the dilated kernel along `axis` (0 = H, 1 = W).
    pub fn extent(&self, axis: usize) -> i64 {
        self.dilations[axis] * (self.kernel[axis] - 1) + 1
    }

    /// Output size along `axis` for an input of `input` elements; `None`
    /// when the window does not fit once.
    pub fn out_dim(&self, axis: usize, input: i64) -> Option<i64> {
        let padded = input + self.pads[axis] + self.pads[axis + 2];
        let e = self.extent(axis);
        if padded < e || self.strides[axis] <= 0 {
            return None;
        }
        Some((padded - e) / self.strides[axis] + 1)
    }

    /// The input rows (along `axis`, input of size `input`) read by output
    /// rows `out`, clamped to the tensor, with the padding left at the
    /// borders of the slice.
    pub fn back_window(&self, axis: usize, input: i64, out: RowRange) -> BackWindow {
        let pad_lo = self.pads[axis];
        // Unclamped first and one-past-last input coordinates (may be < 0 or > input).
        let first = out.start * self.strides[axis] - pad_lo;
        let last_end = (out.end - 1) * self.strides[axis] - pad_lo + self.extent(axis);
        let start = first.clamp(0, input);
        let end = last_end.clamp(0, input);
        BackWindow {
            rows: RowRange { start, end: end.max(start) },
            pad_before: (-first).max(0),
            pad_after: (last_end - input).max(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(k: i64, s: i64, p: i64) -> Window2d {
        Window2d { kernel: [k, k], strides: [s, s], pads: [p, p, p, p], dilations: [1, 1] }
    }

    #[test]
    fn stride_two_pad_one_borders() {
        // 3x3, stride 2, pad 1 over 8 rows: 4 output rows.
        let win = w(3, 2, 1);
        assert_eq!(win.out_dim(0, 8), Some(4));
        // Output row 0 reads rows -1..2: one padding row above, rows 0..2.
        let top = win.back_window(0, 8, RowRange { start: 0, end: 2 });
        assert_eq!(top, BackWindow { rows: RowRange { start: 0, end: 4 }, pad_before: 1, pad_after: 0 });
        // Output rows 2..4 read rows 3..8 (row 3 is the halo shared with the first slice).
        let bottom = win.back_window(0, 8, RowRange { start: 2, end: 4 });
        assert_eq!(bottom, BackWindow { rows: RowRange { start: 3, end: 8 }, pad_before: 0, pad_after: 0 });
        // Output row 3 alone reads rows 5..8: the bottom pad is never reached.
        let last = win.back_window(0, 8, RowRange { start: 3, end: 4 });
        assert_eq!(last, BackWindow { rows: RowRange { start: 5, end: 8 }, pad_before: 0, pad_after: 0 });
    }

    #[test]
    fn bottom_pad_reached_when_rows_do_not_divide() {
        // 3x3 stride 2 pad 1 over 7 rows: 4 outputs; the last reads rows 5..8, row 7 is padding.
        let win = w(3, 2, 1);
        assert_eq!(win.out_dim(0, 7), Some(4));
        let last = win.back_window(0, 7, RowRange { start: 3, end: 4 });
        assert_eq!(last, BackWindow { rows: RowRange { start: 5, end: 7 }, pad_before: 0, pad_after: 1 });
    }

    #[test]
    fn dilation_widens_the_halo() {
        let win = Window2d { kernel: [3, 3], strides: [1, 1], pads: [2, 2, 2, 2], dilations: [2, 2] };
        assert_eq!(win.extent(0), 5);
        assert_eq!(win.out_dim(0, 10), Some(10));
        let mid = win.back_window(0, 10, RowRange { start: 4, end: 6 });
        assert_eq!(mid.rows, RowRange { start: 2, end: 8 });
        assert_eq!((mid.pad_before, mid.pad_after), (0, 0));
    }
}
