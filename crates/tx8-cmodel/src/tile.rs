//! The per-tile execution context a program runs in: `tile_id()`, and
//! `execute` (the seed's `TsmExecute`), which runs one instruction
//! functionally right away, records its cost for the timing model and
//! returns the cycles it would take on an idle card.

use std::sync::Arc;

use crate::config::HardwareConfig;
use crate::error::SimError;
use crate::isa::{Access, Instr};
use crate::memory::CardMemory;
use crate::scoreboard::Scoreboard;
use crate::sync::SpmdBarrier;
use crate::timing::hazard::Footprint;
use crate::timing::{standalone_cycles, TimedOp};

/// One tile's view of the card while its program runs.
pub struct TileCtx<'a> {
    tile: u32,
    tiles: u32,
    config: &'a HardwareConfig,
    mem: &'a CardMemory,
    barrier: &'a SpmdBarrier,
    record: Vec<TimedOp>,
    /// Barriers passed so far (the epoch of the next instruction).
    barriers: u64,
    footprints: Vec<Footprint>,
    /// Under `op_async_calls`: what the engines' pending instructions touch.
    scoreboard: Option<Scoreboard>,
}

impl<'a> TileCtx<'a> {
    pub(crate) fn new(
        tile: u32,
        tiles: u32,
        config: &'a HardwareConfig,
        mem: &'a CardMemory,
        barrier: &'a SpmdBarrier,
    ) -> Self {
        TileCtx {
            tile,
            tiles,
            config,
            mem,
            barrier,
            record: Vec::new(),
            barriers: 0,
            footprints: Vec::new(),
            scoreboard: None,
        }
    }

    /// This tile's id (0-based, row-major in the mesh).
    pub fn tile_id(&self) -> u32 {
        self.tile
    }

    /// Number of tiles running this program.
    pub fn num_tiles(&self) -> u32 {
        self.tiles
    }

    /// The hardware figures.
    pub fn config(&self) -> &HardwareConfig {
        self.config
    }

    /// Number of instructions executed so far on this tile.
    pub fn instructions(&self) -> u64 {
        self.record.len() as u64
    }

    /// Whether operator calls return without joining their engines.
    pub fn async_calls(&self) -> bool {
        self.scoreboard.is_some()
    }

    /// Switch asynchronous operator calls on or off; returns the cycles of
    /// what that issued. Switching off joins every engine first, so the
    /// synchronous contract holds from there.
    pub fn set_async_calls(&mut self, on: bool) -> Result<u64, SimError> {
        if on == self.async_calls() {
            return Ok(0);
        }
        let cycles = if on { 0 } else { self.execute(&Instr::Join(crate::engine::EngineMask::ALL_ASYNC))? };
        self.scoreboard = on.then(Scoreboard::default);
        Ok(cycles)
    }

    /// Execute one instruction (`TsmExecute`): its effect on memory happens
    /// now, its timing is replayed later with every tile's. Returns the
    /// cycles it takes on an otherwise idle card.
    pub fn execute(&mut self, instr: &Instr) -> Result<u64, SimError> {
        let name = instr.name();
        let access =
            Access { config: self.config, mem: self.mem, tile: self.tile, instr: self.instructions(), name: &name };
        // The barrier itself belongs to the epoch it closes.
        let epoch = self.barriers;
        if let Instr::Barrier = instr {
            self.barrier.wait(self.tile)?;
            self.barriers += 1;
        }
        let op = instr.execute(&access)?;
        let cycles = standalone_cycles(self.config, &op);
        let accesses = instr.accesses(self.tile);
        // Under asynchronous calls, the engines whose pending instructions
        // this one must not overtake are joined before it (`scoreboard`);
        // the join has no effect on memory, so it may follow the
        // functional execution in the host and precede it in the stream.
        let mut waited = 0;
        if let (Some(sb), Some(engine)) = (&self.scoreboard, instr.engine()) {
            let wait = sb.conflicts(engine, &accesses);
            if wait != crate::engine::EngineMask::default() {
                waited = self.execute(&Instr::Join(wait))?;
            }
        }
        if let Some(sb) = &mut self.scoreboard {
            match (instr, instr.engine()) {
                (Instr::Join(mask), _) => sb.joined(*mask),
                (_, Some(engine)) => sb.issued(engine, &accesses),
                _ => {}
            }
        }
        if !accesses.is_empty() {
            let name: Arc<str> = match &op {
                TimedOp::Engine { name, .. } => name.clone(),
                _ => Arc::from(name.as_str()),
            };
            self.footprints.push(Footprint { epoch, tile: self.tile, instr: self.instructions(), name, accesses });
        }
        self.record.push(op);
        Ok(waited + cycles)
    }

    /// Put a zero-cost marker `id` in this tile's stream (no instruction,
    /// no footprint): the timing replay records when the tile reaches it.
    pub fn mark(&mut self, id: u32) {
        self.record.push(TimedOp::Mark { id });
    }

    /// Read `len` bytes of this tile's SPM outside any instruction: the
    /// C-call layer's view change between a placed operand and the dense
    /// copy the operator library computes on (no time, no footprint).
    pub(crate) fn spm_peek(&self, addr: u64, len: u64) -> Result<Vec<u8>, SimError> {
        let spm = self.mem.spm(self.tile).ok_or(SimError::NoSuchTile(self.tile))?;
        spm.read(addr, len, 1)
            .map(<[u8]>::to_vec)
            .map_err(|fault| SimError::Layout(format!("placed operand at {addr:#x}: {fault}")))
    }

    /// Write bytes into this tile's SPM outside any instruction (see [`Self::spm_peek`]).
    pub(crate) fn spm_poke(&self, addr: u64, data: &[u8]) -> Result<(), SimError> {
        let mut spm = self.mem.spm(self.tile).ok_or(SimError::NoSuchTile(self.tile))?;
        spm.write(addr, data, 1).map_err(|fault| SimError::Layout(format!("placed operand at {addr:#x}: {fault}")))
    }

    pub(crate) fn into_record(self) -> (Vec<TimedOp>, Vec<Footprint>) {
        (self.record, self.footprints)
    }
}
