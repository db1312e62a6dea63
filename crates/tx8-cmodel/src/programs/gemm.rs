//! C = A x B in BF16 (fp32 accumulation, BF16 output) over all tiles.
//!
//! Tile t owns rows [t*M/T, (t+1)*M/T) of A and C. B is cut into column
//! chunks of `chunk` columns.
//!
//! Ring version (`GemmPlan::Ring`): A rows stay resident in SPM. The chunks
//! are processed in rounds of T: at the start of a round each tile holds a
//! different chunk (loaded from DDR once, prefetched during the previous
//! round); at every step each tile multiplies its A rows by the chunk it
//! holds and passes that chunk back along a Hamiltonian ring of the mesh
//! (every hop one NoC link, every link used once per step), so each byte of
//! B leaves DDR once and every tile still sees all of B. Outputs are stored
//! while the next chunk is multiplied (two C buffers). Per step: join
//! {NE, WDMA} (previous GEMM and store done), issue GEMM, store the
//! previous C, send the chunk on, join DTE, barrier. B buffers are
//! reused only two steps after their last use, so no DTE write can hit a
//! buffer a GEMM still reads.
//!
//! Naive version (`GemmPlan::Naive`): every tile loads every chunk of B
//! from DDR itself, and load, multiply and store run one after the other.

use crate::card::{Card, RunResult};
use crate::dtype::DataFormat;
use crate::engine::{Engine, EngineMask};
use crate::error::SimError;
use crate::isa::{DteCopy, Instr, LoadKind, NeGemm, NeInstr, RdmaInstr, Strided, WdmaInstr};
use crate::tile::TileCtx;

/// Which program to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GemmPlan {
    Ring,
    Naive,
}

/// Problem size and DDR placement (A [M,K], B [K,N], C [M,N], row-major BF16).
#[derive(Debug, Clone, Copy)]
pub struct GemmShape {
    pub m: u64,
    pub k: u64,
    pub n: u64,
    /// Columns of B per chunk.
    pub chunk: u64,
    pub a_ddr: u64,
    pub b_ddr: u64,
    pub c_ddr: u64,
}

/// The 4x4 ring: each step is one mesh link (row 0 east, down, row 1 west to
/// x=1, down, row 2 east, down, row 3 west, then up column 0).
pub const RING_4X4: [u32; 16] = [0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4];

const BF16: DataFormat = DataFormat::Bf16;

struct Layout {
    rows: u64,
    a: u64,
    b_slots: [u64; 4],
    c_slots: [u64; 2],
}

fn plan_spm(ctx: &TileCtx, s: &GemmShape) -> Result<Layout, SimError> {
    let tiles = u64::from(ctx.num_tiles());
    if s.m % tiles != 0 || s.n % s.chunk != 0 {
        return Err(SimError::Operator {
            op: "gemm program".into(),
            reason: "M must split over tiles and N into chunks".into(),
        });
    }
    let rows = s.m / tiles;
    let align = |x: u64| x.div_ceil(256) * 256;
    let base = ctx.config().spm_usable_start;
    let a = base;
    let b_bytes = align(s.k * s.chunk * 2);
    let c_bytes = align(rows * s.chunk * 2);
    let mut at = a + align(rows * s.k * 2);
    let mut b_slots = [0; 4];
    for slot in b_slots.iter_mut() {
        *slot = at;
        at += b_bytes;
    }
    let c_slots = [at, at + c_bytes];
    if at + 2 * c_bytes > ctx.config().spm_usable_end {
        return Err(SimError::Operator {
            op: "gemm program".into(),
            reason: format!("working set {:#x} exceeds SPM", at + 2 * c_bytes),
        });
    }
    Ok(Layout { rows, a, b_slots, c_slots })
}

fn load_a(ctx: &mut TileCtx, s: &GemmShape, l: &Layout) -> Result<(), SimError> {
    let t = u64::from(ctx.tile_id());
    ctx.execute(&Instr::Rdma(RdmaInstr::Load {
        kind: LoadKind::Var,
        ddr: s.a_ddr + t * l.rows * s.k * 2,
        spm: l.a,
        shape: Strided::contiguous(l.rows * s.k * 2),
    }))?;
    Ok(())
}

fn load_chunk(ctx: &mut TileCtx, s: &GemmShape, chunk: u64, dst: u64) -> Result<(), SimError> {
    let row = s.chunk * 2;
    ctx.execute(&Instr::Rdma(RdmaInstr::Load {
        kind: LoadKind::Const,
        ddr: s.b_ddr + chunk * row,
        spm: dst,
        shape: Strided { rows: s.k, row_bytes: row, src_stride: s.n * 2, dst_stride: row },
    }))?;
    Ok(())
}

fn gemm(ctx: &mut TileCtx, s: &GemmShape, l: &Layout, b: u64, c: u64) -> Result<(), SimError> {
    ctx.execute(&Instr::Neur(NeInstr::Gemm(NeGemm {
        in_fmt: BF16,
        out_fmt: BF16,
        a: l.a,
        b,
        out: c,
        bias: None,
        m: l.rows,
        k: s.k,
        n: s.chunk,
        batch: 1,
        trans_a: false,
        trans_b: false,
        broadcast_b: false,
        accumulate: false,
        act: crate::isa::NeAct::None,
    })))?;
    Ok(())
}

fn store_c(ctx: &mut TileCtx, s: &GemmShape, l: &Layout, chunk: u64, src: u64) -> Result<(), SimError> {
    let t = u64::from(ctx.tile_id());
    let row = s.chunk * 2;
    ctx.execute(&Instr::Wdma(WdmaInstr::Store {
        spm: src,
        ddr: s.c_ddr + t * l.rows * s.n * 2 + chunk * row,
        shape: Strided { rows: l.rows, row_bytes: row, src_stride: row, dst_stride: s.n * 2 },
    }))?;
    Ok(())
}

fn join(ctx: &mut TileCtx, engines: &[Engine]) -> Result<(), SimError> {
    ctx.execute(&Instr::Join(EngineMask::of(engines)))?;
    Ok(())
}

/// The ring program for one tile.
pub fn ring_program(ctx: &mut TileCtx, s: &GemmShape) -> Result<(), SimError> {
    let tiles = ctx.num_tiles() as usize;
    if tiles != RING_4X4.len() {
        return Err(SimError::Operator {
            op: "gemm program".into(),
            reason: "the ring program needs all 16 tiles".into(),
        });
    }
    let l = plan_spm(ctx, s)?;
    let chunks = s.n / s.chunk;
    if chunks % tiles as u64 != 0 {
        return Err(SimError::Operator {
            op: "gemm program".into(),
            reason: "chunks must be a multiple of the tile count".into(),
        });
    }
    let rounds = chunks / tiles as u64;
    let me = ctx.tile_id();
    let pos = RING_4X4.iter().position(|&t| t == me).unwrap_or(0);
    let prev = RING_4X4[(pos + tiles - 1) % tiles]; // receives what this tile held
    let chunk_at = |round: u64, step: u64| round * tiles as u64 + (pos as u64 + step) % tiles as u64;

    // Slot bookkeeping: a B slot may be rewritten only two steps after its last use.
    let mut last_use = [i64::MIN / 2; 4];
    let mut global_step: i64 = 0;
    let free_slot = |last_use: &[i64; 4], now: i64, avoid: usize| {
        (0..4).find(|&i| i != avoid && last_use[i] <= now - 2).unwrap_or((avoid + 1) % 4)
    };

    // Prologue: A and this tile's first chunk.
    load_a(ctx, s, &l)?;
    let mut cur = 0usize;
    load_chunk(ctx, s, chunk_at(0, 0), l.b_slots[cur])?;
    join(ctx, &[Engine::Rdma])?;
    ctx.execute(&Instr::Barrier)?;

    let mut prefetch: Option<usize> = None;
    let mut prev_store: Option<(u64, u64)> = None;
    for round in 0..rounds {
        for step in 0..tiles as u64 {
            let chunk = chunk_at(round, step);
            let c_buf = l.c_slots[(global_step % 2) as usize];
            join(ctx, &[Engine::Ne, Engine::Wdma])?;
            gemm(ctx, s, &l, l.b_slots[cur], c_buf)?;
            last_use[cur] = global_step;
            if let Some((ch, buf)) = prev_store.take() {
                store_c(ctx, s, &l, ch, buf)?;
            }
            prev_store = Some((chunk, c_buf));
            // Pass the chunk back along the ring (unless it has been everywhere).
            let incoming = if step + 1 < tiles as u64 {
                let slot = free_slot(&last_use, global_step, cur);
                // The previous ring tile receives into the same slot index: slots
                // advance in lockstep on every tile.
                ctx.execute(&Instr::Dte(DteCopy {
                    dst_tile: prev,
                    src: l.b_slots[cur],
                    dst: l.b_slots[slot],
                    bytes: s.k * s.chunk * 2,
                }))?;
                last_use[slot] = global_step;
                Some(slot)
            } else {
                None
            };
            // Prefetch this tile's chunk of the next round once the ring is under way.
            if step == 2 && round + 1 < rounds {
                let mut busy = last_use;
                busy[cur] = global_step;
                let slot = (0..4).find(|&i| i != cur && Some(i) != incoming && busy[i] <= global_step - 2).unwrap_or(3);
                load_chunk(ctx, s, chunk_at(round + 1, 0), l.b_slots[slot])?;
                last_use[slot] = i64::MAX / 2; // reserved until the round starts
                prefetch = Some(slot);
            }
            // The prefetch drains in the background; it is joined only on the
            // last step of the round, before its buffer becomes current.
            if step + 1 == tiles as u64 {
                join(ctx, &[Engine::Dte, Engine::Rdma])?;
            } else {
                join(ctx, &[Engine::Dte])?;
            }
            ctx.execute(&Instr::Barrier)?;
            global_step += 1;
            cur = match incoming {
                Some(slot) => slot,
                None => {
                    let p = prefetch.take().unwrap_or(cur);
                    last_use[p] = global_step - 2;
                    p
                }
            };
        }
    }
    join(ctx, &[Engine::Ne, Engine::Wdma])?;
    if let Some((ch, buf)) = prev_store {
        store_c(ctx, s, &l, ch, buf)?;
    }
    join(ctx, &[Engine::Wdma])?;
    Ok(())
}

/// The naive program for one tile: load, multiply, store, one at a time.
pub fn naive_program(ctx: &mut TileCtx, s: &GemmShape) -> Result<(), SimError> {
    let l = plan_spm(ctx, s)?;
    load_a(ctx, s, &l)?;
    join(ctx, &[Engine::Rdma])?;
    for chunk in 0..s.n / s.chunk {
        load_chunk(ctx, s, chunk, l.b_slots[0])?;
        join(ctx, &[Engine::Rdma])?;
        gemm(ctx, s, &l, l.b_slots[0], l.c_slots[0])?;
        join(ctx, &[Engine::Ne])?;
        store_c(ctx, s, &l, chunk, l.c_slots[0])?;
        join(ctx, &[Engine::Wdma])?;
    }
    Ok(())
}

/// Run `plan` on `card` (A and B must already be in DDR).
pub fn run(card: &Card, s: &GemmShape, plan: GemmPlan) -> Result<RunResult, SimError> {
    match plan {
        GemmPlan::Ring => card.run(|ctx| ring_program(ctx, s)),
        GemmPlan::Naive => card.run(|ctx| naive_program(ctx, s)),
    }
}

/// The NE roofline bound in cycles for this GEMM on `card`'s config:
/// max(MACs / card MAC rate, compulsory DDR bytes / DDR rate).
pub fn roofline_cycles(card: &Card, s: &GemmShape) -> f64 {
    let c = card.config();
    let macs = (s.m * s.k * s.n) as f64;
    let ne = macs / (c.ne_macs_per_cycle_bf16() as f64 * f64::from(c.tiles()));
    let bytes = ((s.m * s.k + s.k * s.n + s.m * s.n) * 2) as f64;
    ne.max(bytes / c.ddr_bytes_per_cycle)
}
