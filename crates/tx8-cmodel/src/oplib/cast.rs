//! Cast between data formats: one CT convert instruction (floats round to
//! nearest even; float -> int rounds half to even and saturates, NaN -> 0;
//! int -> int saturates), or a CT copy when the formats are equal.

use crate::error::SimError;
use crate::isa::{CgraInstr, Instr};
use crate::oplib::{op_err, Emitter, Tsr};
use crate::tile::TileCtx;

/// `out = convert(x)`: same dims, any two formats. In place (`out.addr ==
/// x.addr`) is allowed (the convert reads everything before writing).
pub fn cast(ctx: &mut TileCtx, x: &Tsr, out: &Tsr) -> Result<u64, SimError> {
    if x.dims != out.dims {
        return Err(op_err("cast", format!("output dims {:?} must equal the input dims {:?}", out.dims, x.dims)));
    }
    let n = x.elems();
    let mut em = Emitter::new(ctx);
    if x.fmt == out.fmt {
        if x.addr != out.addr {
            em.emit(Instr::Cgra(CgraInstr::Copy { fmt: x.fmt, src: x.addr, dst: out.addr, n }))?;
        }
    } else {
        em.emit(Instr::Cgra(CgraInstr::Convert { from: x.fmt, to: out.fmt, src: x.addr, dst: out.addr, n }))?;
    }
    em.finish()
}
