//! LSU instructions: RDMA (DDR -> SPM: load_var, load_const, gather), WDMA
//! (SPM -> DDR: store, scatter) and TDMA (SPM -> SPM inside a tile: reshape,
//! gather_scatter). All move bytes with 2-D strides; gather and scatter move
//! whole rows chosen by an int32 index vector in the tile's SPM.

use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::access::Access;

pub use tx8_target::view::Strided;

/// Whether a load reads a variable (activations) or a constant (weights).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoadKind {
    Var,
    Const,
}

/// DDR -> SPM.
#[derive(Debug, Clone, PartialEq)]
pub enum RdmaInstr {
    /// `op_loadVar` / `op_loadConst`: strided copy from `ddr` to `spm`.
    Load { kind: LoadKind, ddr: u64, spm: u64, shape: Strided },
    /// `op_rdmaGather`: for i < count, row `idx[i]` of the DDR table at
    /// `ddr` (`rows` rows of `row_bytes`) goes to `spm + i*row_bytes`.
    /// Indices are int32 in SPM and must lie in `[0, rows)`.
    Gather { ddr: u64, rows: u64, index: u64, count: u64, row_bytes: u64, spm: u64 },
}

/// SPM -> DDR.
#[derive(Debug, Clone, PartialEq)]
pub enum WdmaInstr {
    /// `op_dma_store`: strided copy from `spm` to `ddr`.
    Store { spm: u64, ddr: u64, shape: Strided },
    /// `op_wdmaScatter`: row i of `spm` goes to row `idx[i]` of the DDR table at `ddr`.
    Scatter { spm: u64, index: u64, count: u64, row_bytes: u64, ddr: u64 },
}

/// SPM -> SPM within a tile.
#[derive(Debug, Clone, PartialEq)]
pub enum TdmaInstr {
    /// `op_reshape`: strided copy (reshapes, slices, layout changes).
    Reshape { src: u64, dst: u64, shape: Strided },
    /// `op_gatherScatter`: `count` elements of `elem_bytes`, element i read at
    /// `src + i*src_stride` and written at `dst + i*dst_stride` (e.g. spreading
    /// fp16 into fp32 slots before a conversion).
    GatherScatter { src: u64, dst: u64, elem_bytes: u64, count: u64, src_stride: u64, dst_stride: u64 },
    /// `op_tdmaGather`: the SPM counterpart of `op_rdmaGather`: for i <
    /// count, row `idx[i]` of the SPM table at `table` (`rows` rows of
    /// `row_bytes`) goes to `dst + i*row_bytes`. Indices are int32 in SPM and
    /// must lie in `[0, rows)`.
    Gather { table: u64, rows: u64, row_bytes: u64, index: u64, count: u64, dst: u64 },
}

/// Reject strided copies the hardware cannot describe: destination rows
/// must not overlap (a zero source stride, a broadcast, is fine). Empty
/// copies are allowed and move nothing.
fn check_strided(acc: &Access, s: &Strided) -> Result<(), SimError> {
    if s.rows > 1 && s.row_bytes > 0 && s.dst_stride < s.row_bytes {
        return Err(acc.invalid("destination rows overlap (dst_stride < row_bytes)"));
    }
    s.rows.checked_mul(s.row_bytes).ok_or_else(|| acc.invalid("copy size overflows"))?;
    Ok(())
}

/// Bounding extent of one side of a strided copy, overflow-checked.
fn extent(acc: &Access, s: &Strided, stride: u64) -> Result<u64, SimError> {
    if s.rows == 0 || s.row_bytes == 0 {
        return Ok(0);
    }
    (s.rows - 1)
        .checked_mul(stride)
        .and_then(|x| x.checked_add(s.row_bytes))
        .ok_or_else(|| acc.invalid("copy extent overflows"))
}

/// Check a DDR range for this instruction.
fn ddr_check(acc: &Access, addr: u64, len: u64) -> Result<(), SimError> {
    acc.mem.ddr().check(addr, len, 1).map_err(|f| acc.fault(f))
}

fn read_indices(acc: &Access, index: u64, count: u64) -> Result<Vec<i64>, SimError> {
    acc.read_i64(DataFormat::Int32, index, count)
}

fn row_offset(acc: &Access, idx: i64, row_bytes: u64) -> Result<u64, SimError> {
    u64::try_from(idx)
        .ok()
        .and_then(|i| i.checked_mul(row_bytes))
        .ok_or_else(|| acc.invalid(format!("bad row index {idx}")))
}

impl RdmaInstr {
    /// Seed-style name.
    pub fn name(&self) -> &'static str {
        match self {
            RdmaInstr::Load { kind: LoadKind::Var, .. } => "op_loadVar",
            RdmaInstr::Load { kind: LoadKind::Const, .. } => "op_loadConst",
            RdmaInstr::Gather { .. } => "op_rdmaGather",
        }
    }

    /// Bytes crossing DDR.
    pub fn bytes(&self) -> u64 {
        match self {
            RdmaInstr::Load { shape, .. } => shape.bytes(),
            RdmaInstr::Gather { count, row_bytes, .. } => count.saturating_mul(*row_bytes),
        }
    }

    /// Execute for `acc.tile`. Every range is checked before the first byte moves.
    pub fn execute(&self, acc: &Access) -> Result<(), SimError> {
        match *self {
            RdmaInstr::Load { ddr, spm, shape, .. } => {
                check_strided(acc, &shape)?;
                if shape.bytes() == 0 {
                    return Ok(());
                }
                acc.spm_check(spm, extent(acc, &shape, shape.dst_stride)?, 1)?;
                ddr_check(acc, ddr, extent(acc, &shape, shape.src_stride)?)?;
                for r in 0..shape.rows {
                    let data = acc.ddr_read(ddr + r * shape.src_stride, shape.row_bytes)?;
                    acc.spm_write(spm + r * shape.dst_stride, &data, 1)?;
                }
                Ok(())
            }
            RdmaInstr::Gather { ddr, rows, index, count, row_bytes, spm } => {
                acc.spm_check(spm, acc.bytes(count, row_bytes)?, 1)?;
                ddr_check(acc, ddr, acc.bytes(rows, row_bytes)?)?;
                for (i, idx) in read_indices(acc, index, count)?.into_iter().enumerate() {
                    if idx < 0 || idx as u64 >= rows {
                        return Err(acc.invalid(format!("gather index {idx} is outside the table's {rows} rows")));
                    }
                    let at = ddr
                        .checked_add(row_offset(acc, idx, row_bytes)?)
                        .ok_or_else(|| acc.invalid("row address overflows"))?;
                    let data = acc.ddr_read(at, row_bytes)?;
                    acc.spm_write(spm + i as u64 * row_bytes, &data, 1)?;
                }
                Ok(())
            }
        }
    }
}

impl WdmaInstr {
    /// Seed-style name.
    pub fn name(&self) -> &'static str {
        match self {
            WdmaInstr::Store { .. } => "op_dma_store",
            WdmaInstr::Scatter { .. } => "op_wdmaScatter",
        }
    }

    /// Bytes crossing DDR.
    pub fn bytes(&self) -> u64 {
        match self {
            WdmaInstr::Store { shape, .. } => shape.bytes(),
            WdmaInstr::Scatter { count, row_bytes, .. } => count.saturating_mul(*row_bytes),
        }
    }

    /// Execute for `acc.tile`.
    pub fn execute(&self, acc: &Access) -> Result<(), SimError> {
        match *self {
            WdmaInstr::Store { spm, ddr, shape } => {
                check_strided(acc, &shape)?;
                if shape.bytes() == 0 {
                    return Ok(());
                }
                acc.spm_check(spm, extent(acc, &shape, shape.src_stride)?, 1)?;
                ddr_check(acc, ddr, extent(acc, &shape, shape.dst_stride)?)?;
                for r in 0..shape.rows {
                    let data = acc.spm_read(spm + r * shape.src_stride, shape.row_bytes, 1)?;
                    acc.ddr_write(ddr + r * shape.dst_stride, &data)?;
                }
                Ok(())
            }
            WdmaInstr::Scatter { spm, index, count, row_bytes, ddr } => {
                acc.spm_check(spm, acc.bytes(count, row_bytes)?, 1)?;
                for (i, idx) in read_indices(acc, index, count)?.into_iter().enumerate() {
                    let data = acc.spm_read(spm + i as u64 * row_bytes, row_bytes, 1)?;
                    let at = ddr
                        .checked_add(row_offset(acc, idx, row_bytes)?)
                        .ok_or_else(|| acc.invalid("row address overflows"))?;
                    acc.ddr_write(at, &data)?;
                }
                Ok(())
            }
        }
    }
}

impl TdmaInstr {
    /// Seed-style name.
    pub fn name(&self) -> &'static str {
        match self {
            TdmaInstr::Reshape { .. } => "op_reshape",
            TdmaInstr::GatherScatter { .. } => "op_gatherScatter",
            TdmaInstr::Gather { .. } => "op_tdmaGather",
        }
    }

    /// Bytes moved.
    pub fn bytes(&self) -> u64 {
        match self {
            TdmaInstr::Reshape { shape, .. } => shape.bytes(),
            TdmaInstr::GatherScatter { elem_bytes, count, .. } => elem_bytes.saturating_mul(*count),
            TdmaInstr::Gather { row_bytes, count, .. } => row_bytes.saturating_mul(*count),
        }
    }

    /// Execute for `acc.tile`. The whole source is read before anything is
    /// written, so overlapping moves behave like a copy through a buffer.
    pub fn execute(&self, acc: &Access) -> Result<(), SimError> {
        let (src, dst, shape) = match *self {
            TdmaInstr::Gather { table, rows, row_bytes, index, count, dst } => {
                return tdma_gather(acc, table, rows, row_bytes, index, count, dst)
            }
            TdmaInstr::Reshape { src, dst, shape } => (src, dst, shape),
            TdmaInstr::GatherScatter { src, dst, elem_bytes, count, src_stride, dst_stride } => {
                (src, dst, Strided { rows: count, row_bytes: elem_bytes, src_stride, dst_stride })
            }
        };
        check_strided(acc, &shape)?;
        if shape.bytes() == 0 {
            return Ok(());
        }
        acc.spm_check(src, extent(acc, &shape, shape.src_stride)?, 1)?;
        acc.spm_check(dst, extent(acc, &shape, shape.dst_stride)?, 1)?;
        let mut rows = Vec::with_capacity(shape.rows as usize);
        for r in 0..shape.rows {
            rows.push(acc.spm_read(src + r * shape.src_stride, shape.row_bytes, 1)?);
        }
        for (r, data) in rows.iter().enumerate() {
            acc.spm_write(dst + r as u64 * shape.dst_stride, data, 1)?;
        }
        Ok(())
    }
}

/// Execute `op_tdmaGather`: every range and index is checked before the
/// first byte moves.
fn tdma_gather(
    acc: &Access,
    table: u64,
    rows: u64,
    row_bytes: u64,
    index: u64,
    count: u64,
    dst: u64,
) -> Result<(), SimError> {
    acc.spm_check(table, acc.bytes(rows, row_bytes)?, 1)?;
    acc.spm_check(dst, acc.bytes(count, row_bytes)?, 1)?;
    let idx = read_indices(acc, index, count)?;
    if let Some(bad) = idx.iter().find(|&&i| i < 0 || i as u64 >= rows) {
        return Err(acc.invalid(format!("gather index {bad} outside the table's {rows} rows")));
    }
    let data: Vec<Vec<u8>> =
        idx.iter().map(|&i| acc.spm_read(table + i as u64 * row_bytes, row_bytes, 1)).collect::<Result<_, _>>()?;
    for (i, row) in data.iter().enumerate() {
        acc.spm_write(dst + i as u64 * row_bytes, row, 1)?;
    }
    Ok(())
}

/// DTE: copy `bytes` from the own SPM at `src` to tile `dst_tile`'s SPM at `dst`.
#[derive(Debug, Clone, PartialEq)]
pub struct DteCopy {
    pub dst_tile: u32,
    pub src: u64,
    pub dst: u64,
    pub bytes: u64,
}

impl DteCopy {
    /// Execute for `acc.tile`.
    pub fn execute(&self, acc: &Access) -> Result<(), SimError> {
        if self.dst_tile >= acc.config.tiles() {
            return Err(acc.invalid(format!("DTE to tile {} which does not exist", self.dst_tile)));
        }
        let data = acc.spm_read(self.src, self.bytes, 1)?;
        acc.spm_write_on(self.dst_tile, self.dst, &data, 1)
    }
}
