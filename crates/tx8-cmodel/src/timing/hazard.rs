//! Race detection. Instructions take effect on memory when issued (in a
//! global functional order), but run later in simulated time. The two agree
//! only if, for every pair of accesses to overlapping bytes of one memory
//! where at least one writes, the one later in functional order starts
//! (in simulated time) no earlier than the other ends. A pair that breaks
//! this is a race the program failed to prevent with joins or barriers; the
//! simulated result would not be what the hardware computes, so it is an error.

use std::collections::HashMap;

use crate::error::{MemSpace, SimError};
use crate::isa::footprint::Access;

/// One instruction's footprint and identity, recorded at functional execution.
#[derive(Debug, Clone)]
pub struct Footprint {
    /// Global functional order (unique across tiles).
    pub seq: u64,
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
}

/// Check every tile's footprints against the simulated spans
/// (`spans[tile][instr] = (start, end)`).
pub fn check(footprints: &[Vec<Footprint>], spans: &[Vec<(f64, f64)>]) -> Result<(), SimError> {
    let mut all: Vec<&Footprint> = footprints
        .iter()
        .flatten()
        .filter(|f| !f.accesses.is_empty())
        .collect();
    all.sort_by_key(|f| f.seq);
    let mut by_space: HashMap<MemSpace, Vec<Entry>> = HashMap::new();
    for f in all {
        let Some(&(start, end)) = spans
            .get(f.tile as usize)
            .and_then(|s| s.get(f.instr as usize))
        else {
            continue;
        };
        for a in &f.accesses {
            let entries = by_space.entry(a.space).or_default();
            for p in entries.iter() {
                // Same instruction (e.g. an in-place op) is never a race with itself.
                let same = p.tile == f.tile && p.instr == f.instr;
                if !same
                    && start + 1e-7 < p.end
                    && (p.access.write || a.write)
                    && p.access.overlaps(a)
                {
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
            entries.push(Entry {
                access: *a,
                end,
                tile: f.tile,
                instr: f.instr,
            });
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
    use crate::isa::{CgraInstr, DteCopy, Instr, LoadKind, RdmaInstr, Strided, UnaryOp};

    const X: u64 = 0x10000;

    fn load() -> Instr {
        Instr::Rdma(RdmaInstr::Load {
            kind: LoadKind::Var,
            ddr: 0,
            spm: X,
            shape: Strided::contiguous(4096),
        })
    }
    fn relu(src: u64, dst: u64) -> Instr {
        Instr::Cgra(CgraInstr::Unary {
            op: UnaryOp::Relu,
            fmt: DataFormat::Fp32,
            src,
            dst,
            n: 1024,
        })
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
            matches!(
                e,
                SimError::Hazard {
                    tile: 0,
                    instr: 1,
                    space: MemSpace::Spm(0),
                    addr: X,
                    other_instr: 0,
                    ..
                }
            ),
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
                    t.execute(&Instr::Dte(DteCopy {
                        dst_tile: 1,
                        src: X,
                        dst: X,
                        bytes: 4096,
                    }))?;
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
        assert!(matches!(
            c.run_on(2, prog(false)),
            Err(SimError::Hazard { .. })
        ));
    }
}
