//! Operand sharing over the NoC for GEMMs (issue 14, item 3): instead of
//! every tile reading the whole of B from DDR, each tile reads a distinct
//! column chunk of B and the chunks travel round a ring of the tile mesh
//! by DTE, one hop per step, so B crosses DDR once.
//!
//! The schedule: the output's rows are sharded over all T tiles (A's rows
//! stay resident), the time split cuts N into chunks of `n` columns, a
//! whole number of rounds of T chunks. In round r the tile at ring
//! position p starts with chunk r*T + p (read from DDR, prefetched during
//! the previous round) and at step j multiplies chunk r*T + (p + j) mod T,
//! received from the next tile of the ring, while passing the one it holds
//! to the previous tile. Every step ends with a barrier (the receiver must
//! know the chunk arrived); the GEMM is issued without waiting, so the hop
//! and the barrier overlap it.
//!
//! Buffers of the shared operand (see `RING_BUFFERS`): one for the
//! round's first chunk (from DDR), three the ring rotates through, so a
//! chunk arriving at step j lands in the buffer last read at step j-2.
//! A's leading dims, if any, are more rows (B stays one 2-D matrix): the
//! row dims are sharded so every tile holds a box of them, one matrix of
//! rows to the NE. A bias (f32, one per column) loads whole once with A
//! and each step's GEMM adds the columns of its chunk (`BIAS_OPERAND`).
//! The choice is recorded on the compute op as `share = "ring"` and
//! `share_ring` (the ring: tile ids in ring order); `tx8be-spm-alloc` gives
//! the shared operand `RING_BUFFERS` addresses and codegen prints the loop.

use strata_ir::{Body, Context, Op};
use tx8_cmodel::HardwareConfig;

use tx8be::schedule::shares::{BIAS_OPERAND, SHARED_OPERAND};
use tx8be::schedule::steps::{align, slice_bytes};
use tx8be::{op_kind, OpKind};

/// Buffers the shared operand takes: the round's first chunk and three the
/// ring rotates through.
pub const RING_BUFFERS: u64 = 4;

/// The buffer of the shared operand step `j` of a round reads: 0 for the
/// round's first chunk, else one of the three ring buffers.
pub fn ring_buffer(j: u64) -> u64 {
    if j == 0 {
        0
    } else {
        1 + j % 3
    }
}

/// A Hamiltonian cycle of the `x` by `y` mesh (tile id = row * x + col)
/// whose every hop is one link: along row 0, snaking over columns 1.. of
/// the other rows, back up column 0. `None` when the mesh has none that
/// way (an odd number of rows, or fewer than 2 tiles).
pub fn mesh_ring(x: u32, y: u32) -> Option<Vec<u32>> {
    if x < 2 || y < 2 || y % 2 != 0 {
        return None;
    }
    let mut ring: Vec<u32> = (0..x).collect();
    for row in 1..y {
        let cols: Vec<u32> = if row % 2 == 1 { (1..x).rev().collect() } else { (1..x).collect() };
        ring.extend(cols.into_iter().map(|c| row * x + c));
    }
    ring.extend((1..y).rev().map(|row| row * x));
    Some(ring)
}

/// A ring schedule of a GEMM: the chunk width and its estimated cycles.
#[derive(Debug, Clone, PartialEq)]
pub struct RingChoice {
    pub shard: Vec<i64>,
    pub slice: Vec<i64>,
    pub ring: Vec<u32>,
    pub cycles: f64,
}

/// Whether `op` can run as a ring GEMM, and the fastest chunk width that
/// fits, with its estimated cycles (the C model's formulas: NE blocks, DMA
/// start + bytes under the shared DDR, DTE message + bytes over one link,
/// join, barrier).
pub fn ring_choice(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Option<RingChoice> {
    let operands = body.num_operands(op);
    if op_kind(ctx, body, op) != Some(OpKind::Gemm) || !(2..=3).contains(&operands) {
        return None;
    }
    let out = ctx.shape(body.value_type(body.result(op, 0)))?.to_vec();
    let a_shape = ctx.shape(body.value_type(body.operand(op, 0)))?.to_vec();
    let b_shape = ctx.shape(body.value_type(body.operand(op, SHARED_OPERAND)))?.to_vec();
    let rank = out.len();
    let trans_a = tx8be::dialect::values::attr_bool(ctx, body, op, "trans_a").unwrap_or(false);
    // B is one matrix every row of A meets; A's leading dims (if any) are
    // more rows, so only a plain A may be transposed.
    if rank < 2 || b_shape.len() != 2 || a_shape.len() != rank || (rank > 2 && trans_a) {
        return None;
    }
    let attr = tx8be::interfaces::query_op_attr(ctx, body, op).ok()?;
    let all_loaded = (1u64 << operands) - 1;
    if attr.need_load & all_loaded != all_loaded {
        return None;
    }
    if operands == 3 && !bias_is_resident_f32(ctx, body, op, out[rank - 1]) {
        return None;
    }
    // The ring's loads are DDR images of boxes; a view's box is not.
    if body.operands(op).any(|v| body.defining_op(v).is_some_and(|l| tx8be::schedule::views::reads_view(ctx, body, l)))
    {
        return None;
    }
    let ring = mesh_ring(hw.mesh_x, hw.mesh_y)?;
    let tiles = ring.len() as i64;
    let n_all = out[rank - 1];
    let shard = row_sharding(&out[..rank - 1], tiles)?;
    if n_all % tiles != 0 {
        return None;
    }
    let legal = |slice: &[i64]| {
        let p =
            tx8be::interfaces::sharding::ShardingSplitParam { out_sharding: shard.clone(), out_split: slice.to_vec() };
        tx8be::interfaces::tile_sharding_split(ctx, body, op, &p).is_ok()
    };
    let mut split2 = vec![1i64; rank];
    split2[rank - 1] = 2;
    if !legal(&split2) {
        return None;
    }
    // Each tile's rows: its box of the leading dims, one matrix of
    // `rows` rows to the NE.
    let row_box: Vec<i64> = out[..rank - 1].iter().zip(&shard).map(|(&d, &s)| d / s).collect();
    let rows: i64 = row_box.iter().product();
    let k = if trans_a { a_shape[0] } else { a_shape[rank - 1] };
    let window = hw.spm_usable_end.saturating_sub(hw.spm_usable_start);
    let bank = hw.spm_bank_bytes.max(1);
    let bias_bytes = if operands == 3 { align(bias_whole_bytes(ctx, body, op), bank) } else { 0 };
    let mut best: Option<RingChoice> = None;
    // Chunk widths: N / T halved while a whole number of rounds remains.
    let mut n = n_all / tiles;
    while n >= 1 && n_all % n == 0 && (n_all / n) % tiles == 0 {
        let mut slice = row_box.clone();
        slice.push(n);
        let steps = tx8be::schedule::steps::tile_steps(ctx, body, op, &shard, &slice, tiles as usize).ok()?;
        let first = steps.first()?.first()?;
        let a_bytes = align(slice_bytes(ctx, body, body.operand(op, 0), &first.operands()[0].size), bank);
        let b_bytes = align(
            slice_bytes(ctx, body, body.operand(op, SHARED_OPERAND), &first.operands()[SHARED_OPERAND].size),
            bank,
        );
        let o_bytes = align(slice_bytes(ctx, body, body.result(op, 0), &first.out().size), bank);
        let imm = align(tx8be::interfaces::imm_bytes(ctx, body, op, &first.out().size, hw).unwrap_or(0), bank);
        if a_bytes + RING_BUFFERS * b_bytes + bias_bytes + 2 * o_bytes + imm <= window && legal(&slice) {
            let cycles = estimate(
                hw,
                tiles as f64,
                (n_all / n) as f64,
                (a_bytes + bias_bytes) as f64,
                b_bytes as f64,
                o_bytes as f64,
                (rows * k * n) as f64,
            );
            if best.as_ref().is_none_or(|b| cycles < b.cycles) {
                best = Some(RingChoice { shard: shard.clone(), slice, ring: ring.clone(), cycles });
            }
        }
        if n % 2 != 0 {
            break;
        }
        n /= 2;
    }
    best
}

/// The sharding of an output's leading (row) dims over `tiles` tiles, each
/// dim cut into as many equal parts as divide both it and the tiles still
/// to place, outer dims first; `None` unless every tile gets an equal box
/// (each ring step ends at a barrier, so all tiles take the same steps).
/// The last (column) dim is not cut.
pub fn row_sharding(leading: &[i64], tiles: i64) -> Option<Vec<i64>> {
    let mut rest = tiles;
    let mut shard = Vec::with_capacity(leading.len() + 1);
    for &d in leading {
        let cut = gcd(d.max(1), rest);
        shard.push(cut);
        rest /= cut;
    }
    shard.push(1);
    (rest == 1).then_some(shard)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether the bias of `op` is one f32 value per output column, the form
/// the ring loop hands the NE.
fn bias_is_resident_f32(ctx: &Context, body: &Body, op: Op, n: i64) -> bool {
    let v = body.operand(op, BIAS_OPERAND);
    let ty = body.value_type(v);
    let shape_ok = ctx.shape(ty).is_some_and(|s| s == [n]);
    let f32_ok = ctx.element_type(ty) == Some(ctx.f32());
    let a_float = ctx.element_type(body.value_type(body.operand(op, 0))).is_some_and(|e| ctx.is_float(e));
    shape_ok && f32_ok && a_float
}

/// Bytes of the whole bias of a ring GEMM (its one SPM buffer).
pub fn bias_whole_bytes(ctx: &Context, body: &Body, op: Op) -> u64 {
    let v = body.operand(op, BIAS_OPERAND);
    let whole = ctx.shape(body.value_type(v)).map(|s| s.to_vec()).unwrap_or_default();
    slice_bytes(ctx, body, v, &whole)
}

/// Estimated cycles of a ring GEMM of `steps` steps per tile: the first
/// loads (A and one chunk per tile through the shared DDR), then per step
/// the longest of the GEMM, the DTE hop with its join and the barrier,
/// and the store of the previous output (all tiles storing at once); the
/// last store.
fn estimate(hw: &HardwareConfig, tiles: f64, steps: f64, a: f64, b: f64, o: f64, macs: f64) -> f64 {
    let start = hw.dma_start_cycles as f64;
    let ddr = hw.ddr_bytes_per_cycle;
    let per_tile = (ddr / tiles).min(hw.ddr_transfer_cap_bytes_per_cycle);
    let fill = start + (a + b) * tiles / ddr + hw.join_cycles as f64 + hw.barrier_cycles as f64;
    let ne = macs / (hw.ne_arrays as f64 * hw.ne_block_m as f64 * hw.ne_block_k as f64 * hw.ne_block_n as f64);
    let dte = hw.dte_message_cycles as f64 + b / hw.noc_link_bytes_per_cycle;
    let store = start + o / per_tile;
    // The GEMM is issued without waiting: the hop, its join and the
    // barrier overlap it.
    let sync = dte + hw.join_cycles as f64 + hw.barrier_cycles as f64;
    let step = ne.max(sync).max(store) + hw.issue_cycles as f64 + hw.join_cycles as f64;
    fill + steps * step + store
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hop of the ring is one mesh link and it visits every tile once.
    #[test]
    fn mesh_rings_are_hamiltonian_cycles_of_links() {
        for (x, y) in [(4, 4), (2, 2), (3, 4), (4, 2), (8, 2)] {
            let ring = mesh_ring(x, y).unwrap();
            let mut seen = ring.clone();
            seen.sort();
            assert_eq!(seen, (0..x * y).collect::<Vec<_>>(), "{x}x{y}");
            for i in 0..ring.len() {
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                let d = (a % x).abs_diff(b % x) + (a / x).abs_diff(b / x);
                assert_eq!(d, 1, "{x}x{y}: {a} -> {b}");
            }
        }
        assert_eq!(mesh_ring(4, 4).unwrap(), vec![0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4]);
        assert!(mesh_ring(3, 3).is_none());
    }

    /// The leading dims take the tiles outer first, each as many cuts as
    /// divide it and the tiles left; no ring unless they take all of them.
    #[test]
    fn row_sharding_gives_every_tile_an_equal_box() {
        assert_eq!(row_sharding(&[4096], 16), Some(vec![16, 1]));
        assert_eq!(row_sharding(&[8, 128], 16), Some(vec![8, 2, 1]));
        assert_eq!(row_sharding(&[6, 512], 16), Some(vec![2, 8, 1]));
        assert_eq!(row_sharding(&[32, 7], 16), Some(vec![16, 1, 1]));
        assert_eq!(row_sharding(&[3, 5], 16), None);
        assert_eq!(row_sharding(&[4004], 16), None);
    }

    #[test]
    fn a_chunk_lands_in_the_buffer_read_two_steps_before() {
        for j in 1..40u64 {
            assert_ne!(ring_buffer(j), 0);
            if j >= 3 {
                assert_eq!(ring_buffer(j + 1), ring_buffer(j - 2));
            }
        }
    }
}
