//! Race detection. Instructions take effect on memory when issued (in a
//! functional order), but run later in simulated time. The two agree only
//! if, for every pair of accesses to overlapping bytes of one memory where
//! at least one writes, the one later in functional order starts (in
//! simulated time) no earlier than the other ends. A pair that breaks this
//! is a race the program failed to prevent with joins or barriers; the
//! simulated result would not be what the hardware computes, so it is an error.
//!
//! The functional order is only partly fixed: tiles run on host threads, so
//! two tiles' instructions between the same pair of barriers (the same
//! barrier *epoch*) execute in whatever order the host scheduler picks.
//! The verdict must not depend on that, so the check never looks at the host
//! order. It replays accesses in the order `(epoch, tile, instruction)`,
//! which agrees with every order the functional run could have taken where
//! that order is determined (program order on a tile; barrier epochs across
//! tiles), and treats a conflicting pair from two tiles in the same epoch as
//! a race whatever the simulated times: nothing orders them, so the bytes
//! the functional run produced depend on host thread timing.

use std::collections::HashMap;

use crate::error::{MemSpace, SimError};
use crate::isa::footprint::Access;

/// One instruction's footprint and identity, recorded at functional execution.
#[derive(Debug, Clone)]
pub struct Footprint {
    /// Barriers the tile had passed when it issued the instruction.
    pub epoch: u64,
    pub tile: u32,
    /// Instruction index on its tile (= its index in the tile's timed stream).
    pub instr: u64,
    pub name: std::sync::Arc<str>,
    pub accesses: Vec<Access>,
}

struct Entry {
    access: Access,
    end: f64,
    tile: u32,
    instr: u64,
    epoch: u64,
}

/// Check every tile's footprints against the simulated spans
/// (`spans[tile][instr] = (start, end)`).
pub fn check(footprints: &[Vec<Footprint>], spans: &[Vec<(f64, f64)>]) -> Result<(), SimError> {
    let mut all: Vec<&Footprint> = footprints.iter().flatten().filter(|f| !f.accesses.is_empty()).collect();
    all.sort_by_key(|f| (f.epoch, f.tile, f.instr));
    let mut by_space: HashMap<MemSpace, Vec<Entry>> = HashMap::new();
    for f in all {
        let Some(&(start, end)) = spans.get(f.tile as usize).and_then(|s| s.get(f.instr as usize)) else {
            continue;
        };
        for a in &f.accesses {
            let entries = by_space.entry(a.space).or_default();
            for p in entries.iter() {
                // Same instruction (e.g. an in-place op) is never a race with itself.
                let same = p.tile == f.tile && p.instr == f.instr;
                // Two tiles in one epoch: unordered, a race at any times.
                let unordered = p.tile != f.tile && p.epoch == f.epoch;
                if !same && (unordered || start + 1e-7 < p.end) && (p.access.write || a.write) && p.access.overlaps(a) {
                    return Err(SimError::Hazard {
                        tile: f.tile,
                        instr: f.instr,
                        name: f.name.to_string(),
                        space: a.space,
                        addr: a.lo.max(p.access.lo),
                        other_tile: p.tile,
                        other_instr: p.instr,
                    });
                }
            }
            // An entry is dominated by a newer contiguous one covering its
            // range with a later end and at least its kind; drop dominated ones.
            if a.contiguous() {
                entries.retain(|p| {
                    let q = &p.access;
                    !(a.lo <= q.lo && q.hi <= a.hi && end >= p.end && (a.write || !q.write))
                });
            }
            entries.push(Entry { access: *a, end, tile: f.tile, instr: f.instr, epoch: f.epoch });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::card::Card;
    use crate::config::HardwareConfig;
    use crate::dtype::DataFormat;
    use crate::engine::{Engine, EngineMask};
    use crate::error::{MemSpace, SimError};
    use crate::isa::{CgraInstr, DteCopy, Instr, LoadKind, RdmaInstr, Strided, UnaryOp, WdmaInstr};

    const X: u64 = 0x10000;

    fn load() -> Instr {
        Instr::Rdma(RdmaInstr::Load { kind: LoadKind::Var, ddr: 0, spm: X, shape: Strided::contiguous(4096) })
    }
    fn relu(src: u64, dst: u64) -> Instr {
        Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Relu, fmt: DataFormat::Fp32, src, dst, n: 1024 })
    }

    #[test]
    fn reading_a_load_without_join_is_a_race() {
        let c = Card::new(HardwareConfig::default()).unwrap();
        let e = c
            .run_on(1, |t| {
                t.execute(&load())?;
                t.execute(&relu(X, 0x20000))?;
                Ok(())
            })
            .unwrap_err();
        assert!(
            matches!(e, SimError::Hazard { tile: 0, instr: 1, space: MemSpace::Spm(0), addr: X, other_instr: 0, .. }),
            "{e}"
        );
        // With the join it is fine; in-place and same-engine chains are fine too.
        c.run_on(1, |t| {
            t.execute(&load())?;
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Rdma])))?;
            t.execute(&relu(X, X))?;
            t.execute(&relu(X, 0x20000))?;
            Ok(())
        })
        .unwrap();
    }

    #[test]
    fn overwriting_what_an_engine_still_reads_is_a_race() {
        let c = Card::new(HardwareConfig::default()).unwrap();
        // CT reads X while a later load overwrites it (WAR) without a join.
        let e = c.run_on(1, |t| {
            t.execute(&relu(X, 0x20000))?;
            t.execute(&load())?;
            Ok(())
        });
        assert!(matches!(e, Err(SimError::Hazard { .. })), "{e:?}");
    }

    #[test]
    fn dte_into_a_tile_that_reads_the_buffer_needs_a_barrier() {
        let c = Card::new(HardwareConfig::default()).unwrap();
        let prog = |with_barrier: bool| {
            move |t: &mut crate::tile::TileCtx| {
                if t.tile_id() == 0 {
                    t.execute(&Instr::Dte(DteCopy { dst_tile: 1, src: X, dst: X, bytes: 4096 }))?;
                    t.execute(&Instr::Join(EngineMask::of(&[Engine::Dte])))?;
                }
                if with_barrier {
                    t.execute(&Instr::Barrier)?;
                }
                if t.tile_id() == 1 {
                    t.execute(&relu(X, 0x20000))?;
                }
                Ok(())
            }
        };
        assert!(c.run_on(2, prog(true)).is_ok());
        assert!(matches!(c.run_on(2, prog(false)), Err(SimError::Hazard { .. })));
    }

    /// Tile 0 stores DDR bytes that tile 1 loads after a long scalar stretch,
    /// so in simulated time the load starts after the store ends. Without a
    /// barrier nothing orders them, and the host thread that happens to run
    /// first decides what the load read. The test forces both host orders
    /// (one tile sleeps before its access, alternating between runs): the
    /// verdict must be "race" in all 50 runs, and "no race" in all 50 runs
    /// once a join and a barrier order the two.
    #[test]
    fn cross_tile_race_verdict_does_not_depend_on_host_thread_order() {
        let c = Card::new(HardwareConfig::default()).unwrap();
        let prog = |run: usize, with_barrier: bool| {
            move |t: &mut crate::tile::TileCtx| {
                let sleeper = (run % 2) as u32;
                if t.tile_id() == sleeper {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                if t.tile_id() == 0 {
                    t.execute(&Instr::Wdma(WdmaInstr::Store { spm: X, ddr: 0, shape: Strided::contiguous(4096) }))?;
                    t.execute(&Instr::Join(EngineMask::of(&[Engine::Wdma])))?;
                }
                if with_barrier {
                    t.execute(&Instr::Barrier)?;
                }
                if t.tile_id() == 1 {
                    t.execute(&Instr::Scalar { cycles: 1_000_000 })?;
                    t.execute(&load())?;
                }
                Ok(())
            }
        };
        let verdicts: Vec<String> = (0..50)
            .map(|run| match c.run_on(2, prog(run, false)) {
                Ok(_) => "ok".to_string(),
                Err(e) => e.to_string(),
            })
            .collect();
        assert!(verdicts.iter().all(|v| *v == verdicts[0]), "verdicts differ between runs: {verdicts:?}");
        assert!(verdicts[0].contains("race on DDR"), "{}", verdicts[0]);
        for run in 0..50 {
            c.run_on(2, prog(run, true)).unwrap();
        }
    }
}
