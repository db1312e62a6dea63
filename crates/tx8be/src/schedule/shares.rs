//! Loads shared between tiles over the NoC, as `tx8be-sharding` records
//! them (`share` on a load or on a ring GEMM) and what a recorded share
//! means: a box broadcast whole to every tile or shared along a mesh line
//! before the steps (`"broadcast"`, `"broadcast_row"`,
//! `"broadcast_column"`), streamed along a line at every step
//! (`"stream_row"`, `"stream_column"`), or a GEMM's B passed round a ring
//! of tiles (`"ring"` with `share_ring`). Which shares pay is the cost
//! model's question (`tx8be-transforms`: `broadcast.rs`, `line_share.rs`,
//! `stream_share.rs`, `ring_share.rs`); this file answers which loads
//! may share and how the tiles cut a shared box, for the passes and
//! codegen alike.

use strata_ir::{Body, Context, Op, Value};
use tx8_target::HardwareConfig;

use super::group_calls::GroupCalls;
use super::groups::groups;
use super::steps::{slice_bytes, StepBoxes};
use crate::interfaces::sharding::SliceBox;

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
    let blocked = crate::layout::cmodel_layout(crate::layout::value_mem_layout(ctx, body, v)).is_blocked();
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

/// The `share` value a broadcast load records.
pub const BROADCAST: &[u8] = b"broadcast";

/// The mesh the all-gather walks in two phases, `(x, y)` (tiles per row,
/// rows), when the card's tiles form one with both sides above 1; else
/// one phase to every other tile.
pub fn gather_mesh(hw: &HardwareConfig) -> Option<(u32, u32)> {
    (hw.mesh_x > 1 && hw.mesh_y > 1 && hw.mesh_x * hw.mesh_y == hw.tiles()).then_some((hw.mesh_x, hw.mesh_y))
}

/// Whether every tile has passed a barrier since it last used its SPM when
/// `group` starts: the group before it in program order ends with one
/// (`barrier`, `tx8be-opt-barrier`). Then the broadcast prologue needs no
/// barrier of its own before the all-gather writes the other tiles' SPM
/// (codegen leaves it out; `cost.rs` does not count it).
pub fn starts_synchronised(ctx: &Context, body: &Body, group: Op) -> bool {
    let groups = groups(ctx, body);
    match groups.iter().position(|&g| g == group) {
        Some(i) if i > 0 => crate::dialect::values::attr_bool(ctx, body, groups[i - 1], "barrier").unwrap_or(true),
        _ => false,
    }
}

/// How load `load` is shared before the steps, as `tx8be-sharding`
/// recorded it (`share = "broadcast"`, `"broadcast_row"`,
/// `"broadcast_column"`).
pub fn recorded_share(ctx: &Context, body: &Body, load: Op) -> Option<Share> {
    body.op_attr(ctx, load, "share").and_then(|a| ctx.as_string(a)).and_then(Share::parse)
}

/// Whether load `load` is broadcast whole to every tile (`share = "broadcast"`).
pub fn recorded_broadcast(ctx: &Context, body: &Body, load: Op) -> bool {
    recorded_share(ctx, body, load) == Some(Share::All)
}

/// The recorded share of every load slot of `g`.
pub fn recorded_shares(ctx: &Context, body: &Body, g: &GroupCalls) -> Vec<Option<Share>> {
    g.loads.iter().map(|s| recorded_share(ctx, body, s.load)).collect()
}

/// Per load slot of `g`, whether the prologue fills it (any share).
pub fn recorded_slots(ctx: &Context, body: &Body, g: &GroupCalls) -> Vec<bool> {
    recorded_shares(ctx, body, g).iter().map(Option::is_some).collect()
}

/// The `share` value a load streamed along its mesh row or column records.
pub fn stream_attr(share: Share) -> &'static str {
    match share {
        Share::Column => "stream_column",
        _ => "stream_row",
    }
}

/// The line a recorded `share` value streams along.
pub fn parse_stream(s: &[u8]) -> Option<Share> {
    match s {
        b"stream_row" => Some(Share::Row),
        b"stream_column" => Some(Share::Column),
        _ => None,
    }
}

/// How `load` is streamed, as `tx8be-sharding` recorded it.
pub fn recorded_stream(ctx: &Context, body: &Body, load: Op) -> Option<Share> {
    body.op_attr(ctx, load, "share").and_then(|a| ctx.as_string(a)).and_then(parse_stream)
}

/// The recorded stream of every load slot of `g`.
pub fn recorded_streams(ctx: &Context, body: &Body, g: &GroupCalls) -> Vec<Option<Share>> {
    g.loads.iter().map(|s| recorded_stream(ctx, body, s.load)).collect()
}

/// The buffers a streamed slot takes: the step's box, the next one (its
/// chunks travelling during the step) and the one after (its chunk read
/// during the step), so a step's sends never wait for its own read.
pub const STREAM_BUFFERS: u64 = 3;

/// Whether load slot `k` of `g` can be streamed along mesh rows or
/// columns: every tile takes the same number (two or more) of steps, every
/// box of the slot has one size, the box changes at every step, and
/// at each step the tiles of each row (or else each column) hold the same
/// box. Tile t sits at column `t % x`, row `t / x`.
pub fn stream_share(g: &GroupCalls, steps: &[Vec<StepBoxes>], k: usize, mesh: (u32, u32)) -> Option<Share> {
    let (x, y) = (mesh.0 as usize, mesh.1 as usize);
    let n = steps.first()?.len();
    if steps.len() != x * y || n < 2 || steps.iter().any(|t| t.len() != n) {
        return None;
    }
    let size = &steps[0][0].load_box(g, k).size;
    if size.iter().any(|&d| d <= 0) || steps.iter().flatten().any(|s| &s.load_box(g, k).size != size) {
        return None;
    }
    if steps.iter().any(|tile| tile.windows(2).any(|w| w[0].load_box(g, k) == w[1].load_box(g, k))) {
        return None;
    }
    let same = |leader: &dyn Fn(usize) -> usize| {
        (0..steps.len()).all(|t| (0..n).all(|i| steps[t][i].load_box(g, k) == steps[leader(t)][i].load_box(g, k)))
    };
    if x > 1 && same(&|t| t / x * x) {
        Some(Share::Row)
    } else if y > 1 && same(&|t| t % x) {
        Some(Share::Column)
    } else {
        None
    }
}

/// The operand of a ring GEMM that travels round the ring (B).
pub const SHARED_OPERAND: usize = 1;

/// The bias of a ring GEMM (operand 2) stays in SPM whole, loaded once
/// with A: each step's GEMM reads the columns of its chunk from it (the NE
/// reads an f32 bias, `n` values from the address it is given).
pub const BIAS_OPERAND: usize = 2;

/// The ring a compute op shares its operand round (`share = "ring"`,
/// `share_ring`), if it does.
pub fn recorded_ring(ctx: &Context, body: &Body, op: Op) -> Option<Vec<u32>> {
    let share = body.op_attr(ctx, op, "share").and_then(|a| ctx.as_string(a))?;
    if share != b"ring" {
        return None;
    }
    Some(crate::dialect::values::attr_ints(ctx, body, op, "share_ring")?.iter().map(|&t| t as u32).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shares the dialect's verifier accepts are exactly these.
    #[test]
    fn the_verifier_accepts_every_share_and_no_other() {
        let all = [Share::All, Share::Row, Share::Column];
        let streamed = [Share::Row, Share::Column].map(stream_attr);
        let expected: Vec<&str> = all.map(Share::attr).into_iter().chain(streamed).collect();
        assert_eq!(expected, crate::dialect::structure::LOAD_SHARES.to_vec());
        for s in all {
            assert_eq!(Share::parse(s.attr().as_bytes()), Some(s));
        }
        for s in [Share::Row, Share::Column] {
            assert_eq!(parse_stream(stream_attr(s).as_bytes()), Some(s));
        }
        assert_eq!(parse_stream(b"broadcast_row"), None);
    }
}
