//! Loads shared along a mesh row or column (issue 14, item 3: data shared
//! between tiles over the NoC instead of every tile reading DDR).
//!
//! A group sharded over two dims, say [4, 1, 1, 4] (batch by output
//! channels) on the 4 x 4 mesh, gives the four tiles of a mesh column the
//! same filter slice and the four tiles of a mesh row the same images.
//! When such a box is the same at every step of a tile (loaded once), the
//! tiles of the line split it into chunks, each reads its chunk from DDR,
//! and they all-gather the chunks along the line by DTE (one phase,
//! `broadcast::line_gather_cycles`): the box crosses DDR once per line
//! instead of once per tile. `broadcast::plan` decides it beside the
//! whole-tensor broadcast and `tx8be-sharding` records it on the load as
//! `share = "broadcast_row"` or `"broadcast_column"`.
//!
//! The chunks are sub-boxes whose SPM images are consecutive byte ranges of
//! the whole box's image (`LineChunks`): each tile loads its sub-box with
//! the ordinary box load at its offset in the shared buffer, and sends
//! those bytes to the same address on the others.

use strata_ir::{Body, Context, Value};
use tx8_cmodel::HardwareConfig;
use tx8be::interfaces::sharding::SliceBox;

use crate::group_calls::GroupCalls;
use crate::schedule::{slice_bytes, StepBoxes};

/// Which tiles share a load's box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// Every tile needs the whole tensor (`broadcast`'s two-phase gather).
    All,
    /// The tiles of each mesh row share a box (gathered along the row).
    Row,
    /// The tiles of each mesh column share a box (gathered down the column).
    Column,
}

impl Share {
    /// The `share` attribute value a load records.
    pub fn attr(self) -> &'static str {
        match self {
            Share::All => "broadcast",
            Share::Row => "broadcast_row",
            Share::Column => "broadcast_column",
        }
    }

    pub fn parse(s: &[u8]) -> Option<Share> {
        match s {
            b"broadcast" => Some(Share::All),
            b"broadcast_row" => Some(Share::Row),
            b"broadcast_column" => Some(Share::Column),
            _ => None,
        }
    }

    /// The number of tiles of a line on an `(x, y)` mesh (tiles per row,
    /// rows); `None` for `All`.
    pub fn line_len(self, mesh: (u32, u32)) -> Option<u32> {
        match self {
            Share::All => None,
            Share::Row => Some(mesh.0),
            Share::Column => Some(mesh.1),
        }
    }
}

/// Whether load slot `k` of `g` is shared along mesh rows or columns: every
/// tile has steps, its box is the same at every one of its steps, the
/// boxes have one size, and the tiles of each row (or else each column)
/// hold the same box. Tile t sits at column `t % x`, row `t / x`.
pub fn line_share(g: &GroupCalls, steps: &[Vec<StepBoxes>], k: usize, mesh: (u32, u32)) -> Option<Share> {
    let (x, y) = (mesh.0 as usize, mesh.1 as usize);
    if steps.len() != x * y || steps.iter().any(|t| t.is_empty()) {
        return None;
    }
    let mut boxes: Vec<&SliceBox> = Vec::with_capacity(steps.len());
    for tile in steps {
        let b = tile[0].load_box(g, k);
        if tile.iter().any(|s| s.load_box(g, k) != b) || b.size.iter().any(|&d| d <= 0) {
            return None;
        }
        boxes.push(b);
    }
    if boxes.iter().any(|b| b.size != boxes[0].size) {
        return None;
    }
    let rows_share = (0..steps.len()).all(|t| boxes[t] == boxes[t / x * x]);
    let columns_share = (0..steps.len()).all(|t| boxes[t] == boxes[t % x]);
    match (rows_share, columns_share) {
        (true, _) if x > 1 => Some(Share::Row),
        (_, true) if y > 1 => Some(Share::Column),
        _ => None,
    }
}

/// How the tiles of a line cut a shared box into chunks: `units` units of
/// `unit` indices along `dim`, `chunks` chunks of consecutive units (chunk
/// p holds units `p * units / chunks ..< (p + 1) * units / chunks`), a unit
/// being `unit_bytes` consecutive bytes of the box's SPM image, so chunk p
/// starts at byte `lo * unit_bytes` (SPM bank aligned). Tiles at line
/// positions from `chunks` on load nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineChunks {
    pub dim: usize,
    pub unit: i64,
    pub units: i64,
    pub unit_bytes: u64,
    pub chunks: u32,
}

impl LineChunks {
    /// Bytes of the largest chunk (what the busiest tile loads and sends).
    pub fn chunk_bytes(&self) -> u64 {
        (self.units as u64).div_ceil(self.chunks.max(1) as u64) * self.unit_bytes
    }
}

/// The chunks a line of `line` tiles cuts a box of `size` of `v` into.
/// Dense placements cut the first dim above 1 (the dims before it are 1,
/// so each index is a run of consecutive bytes), in units of the fewest
/// indices whose bytes are a multiple of an SPM bank row
/// (`HardwareConfig::spm_bank_bytes`, 256 B); channel-blocked ones cut
/// the batch, or for one batch whole channel blocks (each block's image is
/// consecutive). Whatever the cut, it must split the image exactly (no
/// padding between units) at bank-aligned offsets; else one chunk: the
/// line's first tile loads the whole box and sends it.
pub fn line_chunks(ctx: &Context, body: &Body, v: Value, size: &[i64], line: u32, hw: &HardwareConfig) -> LineChunks {
    let align = hw.spm_bank_bytes.max(1);
    let whole = slice_bytes(ctx, body, v, size);
    let one =
        LineChunks { dim: 0, unit: size.first().copied().unwrap_or(1).max(1), units: 1, unit_bytes: whole, chunks: 1 };
    if size.is_empty() || line < 2 {
        return one;
    }
    let blocked = tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, v)).is_blocked();
    let (dim, unit) = if blocked {
        if size.len() >= 2 && size[0] > 1 {
            (0, 1)
        } else {
            let int8 = ctx
                .element_type(body.value_type(v))
                .is_some_and(|e| ctx.is_integer(e) && ctx.int_or_float_width(e) == Some(8));
            (size.len() - 1, if int8 { 128 } else { 64 })
        }
    } else {
        match size.iter().position(|&d| d > 1) {
            Some(d) => (d, 1),
            None => return one,
        }
    };
    let bytes_of = |unit: i64| {
        let mut unit_size = size.to_vec();
        unit_size[dim] = unit;
        slice_bytes(ctx, body, v, &unit_size)
    };
    // A dense unit of too few bytes for a bank-aligned cut takes several
    // indices: the fewest that make one.
    let unit = if blocked {
        unit
    } else {
        (1..=size[dim] / 2).find(|&u| size[dim] % u == 0 && bytes_of(u) % align == 0).unwrap_or(unit)
    };
    if size[dim] % unit != 0 || size[dim] / unit < 2 {
        return one;
    }
    let unit_bytes = bytes_of(unit);
    let units = size[dim] / unit;
    if unit_bytes == 0 || unit_bytes % align != 0 || unit_bytes * units as u64 != whole {
        return one;
    }
    LineChunks { dim, unit, units, unit_bytes, chunks: (line as i64).min(units) as u32 }
}

/// Cycles of the part of a prologue that loads and gathers one line-shared
/// box: the tile's chunk from DDR (`descriptors` starts, at `rate` bytes
/// per cycle) and the gather along the line.
pub fn line_cycles(chunks: &LineChunks, line: u32, descriptors: f64, rate: f64, hw: &HardwareConfig) -> (f64, f64) {
    let bytes = chunks.chunk_bytes() as f64;
    (descriptors * hw.dma_start_cycles as f64 + bytes / rate, crate::broadcast::line_gather_cycles(line, bytes, hw))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shares the dialect's verifier accepts are exactly these.
    #[test]
    fn the_verifier_accepts_every_share_and_no_other() {
        let all = [Share::All, Share::Row, Share::Column];
        let streamed = [Share::Row, Share::Column].map(crate::stream_share::attr);
        let expected: Vec<&str> = all.map(Share::attr).into_iter().chain(streamed).collect();
        assert_eq!(expected, tx8be::dialect::structure::LOAD_SHARES.to_vec());
        for s in all {
            assert_eq!(Share::parse(s.attr().as_bytes()), Some(s));
        }
    }
}
