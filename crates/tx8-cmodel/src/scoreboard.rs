//! The operator library's scoreboard for asynchronous calls.
//!
//! By default every operator call ends with a join of the engines it used,
//! so a program's calls run one after another (the library's historical
//! contract, which hand-written programs and the op tests rely on). A
//! program that calls `op_async_calls(1)` drops that closing join: a call
//! returns once its instructions are issued, and the engines run them in
//! their queues, in order, while the scalar unit goes on. Ordering is then
//! kept by this scoreboard, the software the library runs on the scalar
//! unit before each issue: it remembers what every instruction issued since
//! its engine's last join reads and writes, and joins exactly the other
//! engines whose pending instructions touch bytes the new one writes, or
//! write bytes it reads. Instructions of one engine need no join: the
//! engine runs its queue in order. The race checker (`timing::hazard`)
//! still checks every run, so a scoreboard mistake is an error, never a
//! silently wrong answer.

use crate::engine::{Engine, EngineMask};
use crate::isa::footprint::{span, Access};

/// Pending accesses kept per engine before they are merged into one
/// conservative range per memory and kind (more joins, never fewer).
const MERGE_ABOVE: usize = 64;

/// What each engine's pending instructions touch.
#[derive(Debug, Default)]
pub struct Scoreboard {
    pending: [Vec<Access>; Engine::ALL.len()],
}

impl Scoreboard {
    /// The engines other than `engine` that must be joined before an
    /// instruction of `engine` with `accesses` may be issued.
    pub fn conflicts(&self, engine: Engine, accesses: &[Access]) -> EngineMask {
        let mut wait = EngineMask::default();
        for other in Engine::ALL {
            if other == engine || other == Engine::Scalar {
                continue;
            }
            let clash = self.pending[other.index()]
                .iter()
                .any(|p| accesses.iter().any(|a| (p.write || a.write) && p.overlaps(a)));
            if clash {
                wait.0 |= EngineMask::of(&[other]).0;
            }
        }
        wait
    }

    /// Remember an issued instruction of `engine`.
    pub fn issued(&mut self, engine: Engine, accesses: &[Access]) {
        let pending = &mut self.pending[engine.index()];
        pending.extend_from_slice(accesses);
        if pending.len() > MERGE_ABOVE {
            *pending = merged(pending);
        }
    }

    /// The engines in `mask` are idle: forget their instructions.
    pub fn joined(&mut self, mask: EngineMask) {
        for e in Engine::ALL {
            if mask.contains(e) {
                self.pending[e.index()].clear();
            }
        }
    }
}

/// One contiguous range per (memory, kind) covering every access of it.
fn merged(accesses: &[Access]) -> Vec<Access> {
    let mut out: Vec<Access> = Vec::new();
    for a in accesses {
        match out.iter_mut().find(|o| (o.space, o.write) == (a.space, a.write)) {
            Some(o) => {
                let (lo, hi) = (o.lo.min(a.lo), o.hi.max(a.hi));
                if let Some(m) = span(a.space, lo, hi - lo, a.write) {
                    *o = m;
                }
            }
            None => out.extend(span(a.space, a.lo, a.hi - a.lo, a.write)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::config::HardwareConfig;
    use crate::dtype::DataFormat;
    use crate::error::{MemSpace, SimError};
    use crate::isa::{CgraInstr, Instr, LoadKind, RdmaInstr, Strided, TdmaInstr, UnaryOp};
    use crate::tile::TileCtx;

    const X: u64 = 0x10000;
    const Y: u64 = 0x20000;
    const Z: u64 = 0x30000;
    const W: u64 = 0x40000;
    const N: u64 = 4096;

    fn load(spm: u64) -> Instr {
        Instr::Rdma(RdmaInstr::Load { kind: LoadKind::Var, ddr: 0, spm, shape: Strided::contiguous(N * 4) })
    }
    fn relu(src: u64, dst: u64) -> Instr {
        Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Relu, fmt: DataFormat::Fp32, src, dst, n: N })
    }
    fn copy(src: u64, dst: u64) -> Instr {
        Instr::Tdma(TdmaInstr::Reshape { src, dst, shape: Strided::contiguous(N * 4) })
    }

    /// Loads X and Z, then relu X -> Y and copies Y -> W, joining the CT
    /// in between when `join`.
    fn relu_then_copy(t: &mut TileCtx, join: bool) -> Result<(), SimError> {
        t.execute(&load(X))?;
        t.execute(&load(Z))?;
        t.execute(&Instr::Join(EngineMask::of(&[Engine::Rdma])))?;
        t.execute(&relu(X, Y))?;
        if join {
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Ct])))?;
        }
        t.execute(&copy(Y, W))?;
        Ok(())
    }

    /// Runs `program` on one tile with asynchronous calls on or off:
    /// (cycles, the 4-byte words at `W`).
    fn run(on: bool, program: fn(&mut TileCtx) -> Result<(), SimError>) -> Result<(u64, Vec<u8>), SimError> {
        let c = Card::new(HardwareConfig::default()).unwrap();
        let data: Vec<u8> = (0..N * 4).map(|i| (i * 37 % 251) as u8).collect();
        c.write_ddr(0, &data)?;
        let r = c.run_on(1, move |t| {
            t.set_async_calls(on)?;
            program(t)
        })?;
        Ok((r.timing.total_cycles(), c.read_spm(0, W, N * 4)?))
    }

    #[test]
    fn independent_engines_overlap_and_a_dependency_is_joined() {
        // A CT pass and a TDMA copy of other bytes overlap.
        let apart = |t: &mut TileCtx| {
            t.execute(&load(X))?;
            t.execute(&load(Z))?;
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Rdma])))?;
            t.execute(&relu(X, Y))?;
            t.execute(&copy(Z, W))?;
            Ok(())
        };
        let (overlapped, _) = run(true, apart).unwrap();
        // The copy reads what the CT pass writes: the scoreboard joins the CT.
        let chained = |t: &mut TileCtx| relu_then_copy(t, false);
        let (serial, bytes) = run(true, chained).unwrap();
        let hw = HardwareConfig::default();
        assert!(serial as f64 >= overlapped as f64 + 0.5 * hw.dma_start_cycles as f64, "{serial} vs {overlapped}");
        // The same bytes as the synchronous program with its join written out.
        let joined = |t: &mut TileCtx| relu_then_copy(t, true);
        let (sync_cycles, want) = run(false, joined).unwrap();
        assert_eq!(bytes, want);
        assert_eq!(serial, sync_cycles);
        // Without the scoreboard the chain is a race, which the checker refuses.
        assert!(matches!(run(false, chained), Err(SimError::Hazard { .. })));
    }

    #[test]
    fn a_load_over_a_buffer_an_engine_still_reads_waits_for_it() {
        // Write after read: the second load may not overtake the CT pass.
        let reuse = |t: &mut TileCtx| {
            t.execute(&load(X))?;
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Rdma])))?;
            t.execute(&relu(X, W))?;
            t.execute(&load(X))?;
            Ok(())
        };
        assert!(run(true, reuse).is_ok());
        assert!(matches!(run(false, reuse), Err(SimError::Hazard { .. })));
    }

    fn spm(lo: u64, hi: u64, write: bool) -> Access {
        span(MemSpace::Spm(0), lo, hi - lo, write).unwrap()
    }

    #[test]
    fn a_read_after_another_engines_write_joins_it() {
        let mut s = Scoreboard::default();
        s.issued(Engine::Ne, &[spm(0, 100, true)]);
        assert_eq!(s.conflicts(Engine::Wdma, &[spm(50, 60, false)]), EngineMask::of(&[Engine::Ne]));
        assert_eq!(s.conflicts(Engine::Wdma, &[spm(100, 160, false)]), EngineMask::default());
        // The same engine runs its queue in order.
        assert_eq!(s.conflicts(Engine::Ne, &[spm(0, 10, true)]), EngineMask::default());
        s.joined(EngineMask::of(&[Engine::Ne]));
        assert_eq!(s.conflicts(Engine::Wdma, &[spm(50, 60, false)]), EngineMask::default());
    }

    #[test]
    fn two_reads_do_not_conflict_but_a_write_over_a_read_does() {
        let mut s = Scoreboard::default();
        s.issued(Engine::Ne, &[spm(0, 100, false)]);
        assert_eq!(s.conflicts(Engine::Tdma, &[spm(0, 100, false)]), EngineMask::default());
        assert_eq!(s.conflicts(Engine::Rdma, &[spm(90, 200, true)]), EngineMask::of(&[Engine::Ne]));
    }

    #[test]
    fn merged_accesses_still_cover_every_byte() {
        let mut s = Scoreboard::default();
        for i in 0..(MERGE_ABOVE as u64 + 10) {
            s.issued(Engine::Rdma, &[spm(1000 * i, 1000 * i + 10, true)]);
        }
        assert!(s.pending[Engine::Rdma.index()].len() <= MERGE_ABOVE);
        assert_eq!(s.conflicts(Engine::Ne, &[spm(5000, 5001, false)]), EngineMask::of(&[Engine::Rdma]));
    }
}
