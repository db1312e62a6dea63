//! A one-tile test bench for an operator case: a fresh card, a bump
//! allocator over the SPM window, inputs written as stored values (so the
//! reference sees exactly what the tile sees), and the run itself.

use crate::card::Card;
use crate::config::HardwareConfig;
use crate::dtype::{decode_f32, decode_i64, encode_f32, encode_i64, DataFormat};
use crate::error::SimError;
use crate::oplib::{Scratch, Tsr};
use crate::tile::TileCtx;

/// An input as saved for replay.
#[derive(Debug, Clone)]
pub struct Saved {
    pub name: String,
    pub fmt: DataFormat,
    pub dims: Vec<u64>,
    pub bytes: Vec<u8>,
}

/// The bench.
pub struct Bench {
    pub card: Card,
    next: u64,
    pub inputs: Vec<Saved>,
    pub params: Vec<(String, String)>,
}

impl Bench {
    /// A fresh default card.
    pub fn new() -> Result<Self, SimError> {
        let card = Card::new(HardwareConfig::default())?;
        let next = card.config().spm_usable_start;
        Ok(Bench { card, next, inputs: Vec::new(), params: Vec::new() })
    }

    /// Record a parameter for the case description.
    pub fn param(&mut self, k: &str, v: impl std::fmt::Debug) {
        self.params.push((k.to_string(), format!("{v:?}")));
    }

    /// 256 B-aligned SPM space.
    pub fn alloc(&mut self, bytes: u64) -> Result<u64, SimError> {
        let at = self.next;
        let end = at + bytes.max(1);
        if end > self.card.config().spm_usable_end {
            return Err(SimError::Host(format!("case does not fit in SPM ({end:#x})")));
        }
        self.next = end.div_ceil(256) * 256;
        Ok(at)
    }

    /// Raw bytes into SPM (already laid out), saved as input `name`.
    pub fn input_bytes(&mut self, name: &str, fmt: DataFormat, dims: &[u64], bytes: Vec<u8>) -> Result<u64, SimError> {
        let at = self.alloc(bytes.len() as u64)?;
        self.card.write_spm(0, at, &bytes)?;
        self.inputs.push(Saved { name: name.into(), fmt, dims: dims.to_vec(), bytes });
        Ok(at)
    }

    /// Values (rounded to `fmt` on the way in) into SPM; returns the tensor
    /// and the values as stored.
    pub fn input(
        &mut self,
        name: &str,
        fmt: DataFormat,
        dims: &[u64],
        values: &[f64],
    ) -> Result<(Tsr, Vec<f64>), SimError> {
        let bytes = if fmt.is_float() {
            encode_f32(fmt, &values.iter().map(|&v| v as f32).collect::<Vec<_>>())
        } else {
            encode_i64(fmt, &values.iter().map(|&v| v as i64).collect::<Vec<_>>())
        };
        let stored = decode(fmt, &bytes);
        let at = self.input_bytes(name, fmt, dims, bytes)?;
        Ok((Tsr::new(fmt, at, dims), stored))
    }

    /// An output tensor.
    pub fn output(&mut self, fmt: DataFormat, dims: &[u64]) -> Result<Tsr, SimError> {
        let t = Tsr::new(fmt, 0, dims);
        let at = self.alloc(t.bytes())?;
        Ok(Tsr { addr: at, ..t })
    }

    /// Scratch space.
    pub fn scratch(&mut self, bytes: u64) -> Result<Scratch, SimError> {
        Ok(Scratch { addr: self.alloc(bytes)?, bytes })
    }

    /// Run `f` on tile 0; returns total cycles of the timing replay.
    pub fn run(&self, f: impl Fn(&mut TileCtx) -> Result<u64, SimError> + Sync) -> Result<u64, SimError> {
        let r = self.card.run_on(1, |t| f(t).map(|_| ()))?;
        Ok(r.timing.total_cycles())
    }

    /// Read a tensor back as f64 values.
    pub fn read(&self, t: &Tsr) -> Result<Vec<f64>, SimError> {
        Ok(decode(t.fmt, &self.card.read_spm(0, t.addr, t.bytes())?))
    }
}

/// Decode bytes of `fmt` into f64 values (integers exactly).
pub fn decode(fmt: DataFormat, bytes: &[u8]) -> Vec<f64> {
    if fmt.is_float() {
        decode_f32(fmt, bytes).into_iter().map(f64::from).collect()
    } else {
        decode_i64(fmt, bytes).into_iter().map(|v| v as f64).collect()
    }
}
