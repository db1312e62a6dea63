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

use tx8_cmodel::HardwareConfig;

use tx8be::schedule::shares::LineChunks;

/// Cycles of the part of a prologue that loads and gathers one line-shared
/// box: the tile's chunk from DDR (`descriptors` starts, at `rate` bytes
/// per cycle) and the gather along the line.
pub fn line_cycles(chunks: &LineChunks, line: u32, descriptors: f64, rate: f64, hw: &HardwareConfig) -> (f64, f64) {
    let bytes = chunks.chunk_bytes() as f64;
    (descriptors * hw.dma_start_cycles as f64 + bytes / rate, crate::broadcast::line_gather_cycles(line, bytes, hw))
}
