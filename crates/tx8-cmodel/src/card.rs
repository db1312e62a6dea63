//! A simulated TX8 card: configuration, memory, host access to DDR and SPM,
//! and `run`, which executes one SPMD program on every tile (one host thread
//! per tile) and then replays the recorded instruction streams through the
//! timing model.

use crate::config::HardwareConfig;
use crate::error::{MemSpace, SimError};
use crate::memory::CardMemory;
use crate::sync::SpmdBarrier;
use crate::tile::TileCtx;

use crate::timing::hazard::{self, Footprint};
use crate::timing::report::TimingReport;
use crate::timing::sim::simulate;
use crate::timing::TimedOp;

/// One tile's recorded run: timed ops and memory footprints.
type TileRecord = (Vec<TimedOp>, Vec<Footprint>);

/// What one run measured.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub timing: TimingReport,
    /// Instructions executed per tile.
    pub instructions: Vec<u64>,
}

/// Ties an error a tile program raised outside any instruction (a C call
/// with bad arguments, such as a NULL TSR) to the tile and to the index the
/// failing call would have had as an instruction; instruction errors already
/// name both.
fn locate(e: SimError, tile: u32, next_instr: u64) -> SimError {
    let at = format!("tile {tile}, instruction #{next_instr}");
    match e {
        SimError::Host(m) => SimError::Host(format!("{at}: {m}")),
        SimError::Operator { op, reason } => SimError::Operator { op: format!("{op} ({at})"), reason },
        SimError::Layout(m) => SimError::Layout(format!("{at}: {m}")),
        other => other,
    }
}

/// One card.
pub struct Card {
    config: HardwareConfig,
    memory: CardMemory,
}

impl Card {
    /// A card with zeroed memory (validates `config`).
    pub fn new(config: HardwareConfig) -> Result<Self, SimError> {
        config.validate()?;
        let memory = CardMemory::new(&config);
        Ok(Card { config, memory })
    }

    /// The hardware figures.
    pub fn config(&self) -> &HardwareConfig {
        &self.config
    }

    /// Direct memory access (for hosts and tests).
    pub fn memory(&self) -> &CardMemory {
        &self.memory
    }

    fn host_err(space: MemSpace, e: impl std::fmt::Display) -> SimError {
        SimError::Host(format!("host access to {space}: {e}"))
    }

    /// Host writes `data` to DDR at `addr` (a PCIe upload; not timed).
    pub fn write_ddr(&self, addr: u64, data: &[u8]) -> Result<(), SimError> {
        self.memory.ddr().write(addr, data, 1).map_err(|e| Self::host_err(MemSpace::Ddr, e))
    }

    /// Host reads `len` bytes of DDR at `addr`.
    pub fn read_ddr(&self, addr: u64, len: u64) -> Result<Vec<u8>, SimError> {
        let ddr = self.memory.ddr();
        ddr.check(addr, len, 1).map_err(|e| Self::host_err(MemSpace::Ddr, e))?;
        let mut buf = vec![0; len as usize];
        ddr.read(addr, &mut buf, 1).map_err(|e| Self::host_err(MemSpace::Ddr, e))?;
        Ok(buf)
    }

    /// Host (debug) write into a tile's SPM.
    pub fn write_spm(&self, tile: u32, addr: u64, data: &[u8]) -> Result<(), SimError> {
        let mut spm = self.memory.spm(tile).ok_or(SimError::NoSuchTile(tile))?;
        spm.write(addr, data, 1).map_err(|e| Self::host_err(MemSpace::Spm(tile), e))
    }

    /// Host (debug) read of a tile's SPM.
    pub fn read_spm(&self, tile: u32, addr: u64, len: u64) -> Result<Vec<u8>, SimError> {
        let spm = self.memory.spm(tile).ok_or(SimError::NoSuchTile(tile))?;
        spm.read(addr, len, 1).map(<[u8]>::to_vec).map_err(|e| Self::host_err(MemSpace::Spm(tile), e))
    }

    /// Run `program` on every tile of the card.
    pub fn run<F>(&self, program: F) -> Result<RunResult, SimError>
    where
        F: Fn(&mut TileCtx) -> Result<(), SimError> + Sync,
    {
        self.run_on(self.config.tiles(), program)
    }

    /// Run `program` on tiles `0..tiles` (SPMD: the program reads `tile_id()`).
    pub fn run_on<F>(&self, tiles: u32, program: F) -> Result<RunResult, SimError>
    where
        F: Fn(&mut TileCtx) -> Result<(), SimError> + Sync,
    {
        if tiles == 0 || tiles > self.config.tiles() {
            return Err(SimError::Host(format!(
                "cannot run on {tiles} tiles: this card has {} (run on 1 to {0})",
                self.config.tiles()
            )));
        }
        let barrier = SpmdBarrier::new(tiles);
        let results: Vec<Result<TileRecord, SimError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..tiles)
                .map(|t| {
                    let (barrier, program, config, memory) = (&barrier, &program, &self.config, &self.memory);
                    scope.spawn(move || {
                        // Departs the barrier even if the program panics, so no tile hangs.
                        struct Depart<'b>(&'b SpmdBarrier, Option<String>);
                        impl Drop for Depart<'_> {
                            fn drop(&mut self) {
                                let why =
                                    if std::thread::panicking() { Some("panicked".into()) } else { self.1.take() };
                                self.0.depart(why);
                            }
                        }
                        let mut guard = Depart(barrier, None);
                        let mut ctx = TileCtx::new(t, tiles, config, memory, barrier);
                        let r = program(&mut ctx).map_err(|e| locate(e, t, ctx.instructions()));
                        if let Err(e) = &r {
                            guard.1 = Some(e.to_string());
                        }
                        r.map(|()| ctx.into_record())
                    })
                })
                .collect();
            handles
                .into_iter()
                .enumerate()
                .map(|(t, h)| h.join().unwrap_or_else(|_| Err(SimError::Host(format!("tile {t} program panicked")))))
                .collect()
        });
        // Report the root cause first: a real error beats the barrier errors it caused.
        let mut streams = Vec::with_capacity(results.len());
        let mut footprints = Vec::with_capacity(results.len());
        let mut first_barrier_err = None;
        for r in results {
            match r {
                Ok((s, f)) => {
                    streams.push(s);
                    footprints.push(f);
                }
                Err(SimError::Barrier(m)) => {
                    first_barrier_err.get_or_insert(SimError::Barrier(m));
                }
                Err(e) => return Err(e),
            }
        }
        if let Some(e) = first_barrier_err {
            return Err(e);
        }
        // Markers are not instructions.
        let instructions = streams
            .iter()
            .map(|s| s.iter().filter(|op| !matches!(op, crate::timing::TimedOp::Mark { .. })).count() as u64)
            .collect();
        let timing = simulate(&self.config, &streams)?;
        hazard::check(&footprints, &timing.op_spans)?;
        Ok(RunResult { timing, instructions })
    }
}
