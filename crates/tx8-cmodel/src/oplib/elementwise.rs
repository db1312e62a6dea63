//! Element-wise operators: binary with numpy broadcasting, and unary.
//!
//! Binary lowering: equal shapes -> one VV instruction; one operand equal to
//! a suffix of the other's dims (a per-channel vector, say) -> one VuV
//! instruction; anything else -> the broadcast operand is first expanded
//! into scratch by TDMA strided copies (stride 0 along broadcast dims), then VV.
//! Relational and logic results can be written as int8 0/1: the op runs in
//! the operands' format into scratch, then one CT convert to int8.

use crate::dtype::DataFormat;
use crate::engine::Engine;
use crate::error::SimError;
use crate::isa::{BinaryOp, CgraInstr, Instr, Strided, TdmaInstr, UnaryOp};
use crate::oplib::{op_err, strides, Carver, Emitter, Scratch, Tsr};
use crate::tile::TileCtx;

/// numpy broadcast of two shapes, or None if incompatible.
pub fn broadcast_dims(a: &[u64], b: &[u64]) -> Option<Vec<u64>> {
    let r = a.len().max(b.len());
    let at = |d: &[u64], i: usize| {
        if i + d.len() >= r {
            d[i + d.len() - r]
        } else {
            1
        }
    };
    (0..r)
        .map(|i| {
            let (x, y) = (at(a, i), at(b, i));
            if x == y || y == 1 {
                Some(x)
            } else if x == 1 {
                Some(y)
            } else {
                None
            }
        })
        .collect()
}

/// True if `small` (right-aligned) equals the trailing dims of `full` with
/// only ones before: element i of `full` pairs with element i % |small|.
fn is_suffix(small: &[u64], full: &[u64]) -> bool {
    let s: Vec<u64> = small.iter().copied().skip_while(|&d| d == 1).collect();
    s.len() <= full.len() && full[full.len() - s.len()..] == s[..]
}

const COMMUTATIVE: [BinaryOp; 9] = [
    BinaryOp::Add,
    BinaryOp::Mul,
    BinaryOp::Max,
    BinaryOp::Min,
    BinaryOp::Eq,
    BinaryOp::Ne,
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Xor,
];

/// Expand `x` to `out_dims` at `dst` with TDMA strided copies.
pub(crate) fn expand(
    em: &mut Emitter,
    x: &Tsr,
    out_dims: &[u64],
    dst: u64,
) -> Result<(), SimError> {
    let r = out_dims.len();
    let es = x.fmt.size() as u64;
    let mut xd = vec![1u64; r - x.dims.len()];
    xd.extend_from_slice(&x.dims);
    let xs = strides(&xd);
    let os = strides(out_dims);
    let last = out_dims[r - 1];
    let last_bcast = xd[r - 1] == 1 && last != 1;
    // Rows: the second-to-last dim (or 1), each row = the last dim.
    let rows = if r >= 2 { out_dims[r - 2] } else { 1 };
    let row_src_stride = if r >= 2 && xd[r - 2] != 1 {
        xs[r - 2] * es
    } else {
        0
    };
    let outer: u64 = out_dims[..r.saturating_sub(2)].iter().product();
    for o in 0..outer {
        // Multi-index of the outer dims -> source and destination offsets.
        let (mut src_off, mut dst_off, mut rem) = (0u64, 0u64, o);
        for d in (0..r.saturating_sub(2)).rev() {
            let i = rem % out_dims[d];
            rem /= out_dims[d];
            if xd[d] != 1 {
                src_off += i * xs[d];
            }
            dst_off += i * os[d];
        }
        let (src, dst) = (x.addr + src_off * es, dst + dst_off * es);
        if last_bcast {
            for row in 0..rows {
                em.emit(Instr::Tdma(TdmaInstr::GatherScatter {
                    src: src + row * row_src_stride,
                    dst: dst + row * last * es,
                    elem_bytes: es,
                    count: last,
                    src_stride: 0,
                    dst_stride: es,
                }))?;
            }
        } else {
            em.emit(Instr::Tdma(TdmaInstr::Reshape {
                src,
                dst,
                shape: Strided {
                    rows,
                    row_bytes: last * es,
                    src_stride: row_src_stride,
                    dst_stride: last * es,
                },
            }))?;
        }
    }
    Ok(())
}

/// True for the ops whose result is a truth value (1 / 0).
pub fn is_predicate(op: BinaryOp) -> bool {
    use BinaryOp::*;
    matches!(op, Eq | Ne | Lt | Le | Gt | Ge | And | Or | Xor)
}

/// `out = a op b` with broadcasting. `out.dims` must be the broadcast shape
/// (leading ones may differ). `a` and `b` share one format; `out` has it too,
/// or is int8 for relational ops and float logic ops (result 0 / 1).
/// `imm` holds expanded operands when needed (up to 2 x out elements of the
/// operand format) and, for an int8 predicate output, the result before
/// conversion (out elements of the operand format more).
pub fn binary(
    ctx: &mut TileCtx,
    op: BinaryOp,
    a: &Tsr,
    b: &Tsr,
    out: &Tsr,
    imm: Scratch,
) -> Result<u64, SimError> {
    const OP: &str = "elementwise_binary";
    if a.fmt != b.fmt {
        return Err(op_err(OP, "both operands must share one format"));
    }
    if out.fmt != a.fmt {
        if out.fmt != DataFormat::Int8
            || !is_predicate(op)
            || (!a.fmt.is_float() && op_is_logic(op))
        {
            return Err(op_err(
                OP,
                format!(
                    "output format {} differs from the operands' {}: only relational ops (and logic ops on floats) may write int8 0/1",
                    out.fmt.name(),
                    a.fmt.name()
                ),
            ));
        }
        // Predicate in the operand format, then convert to int8.
        let mut carve = Carver::new(OP, imm);
        let bytes = out.elems() * a.fmt.size() as u64;
        let at = carve.take(bytes)?;
        let rest = Scratch {
            addr: at + bytes,
            bytes: (imm.addr + imm.bytes).saturating_sub(at + bytes),
        };
        let tmp = Tsr {
            fmt: a.fmt,
            addr: at,
            dims: out.dims.clone(),
        };
        let c1 = binary(ctx, op, a, b, &tmp, rest)?;
        let mut em = Emitter::new(ctx);
        em.emit(Instr::Cgra(CgraInstr::Convert {
            from: a.fmt,
            to: DataFormat::Int8,
            src: at,
            dst: out.addr,
            n: out.elems(),
        }))?;
        return Ok(c1 + em.finish()?);
    }
    let dims = broadcast_dims(&a.dims, &b.dims).ok_or_else(|| {
        op_err(
            OP,
            format!("cannot broadcast {:?} with {:?}", a.dims, b.dims),
        )
    })?;
    if dims.iter().product::<u64>() != out.elems()
        || dims
            .iter()
            .copied()
            .filter(|&d| d != 1)
            .ne(out.dims.iter().copied().filter(|&d| d != 1))
    {
        return Err(op_err(
            OP,
            format!(
                "output dims {:?} are not the broadcast shape {:?}",
                out.dims, dims
            ),
        ));
    }
    let n = out.elems();
    let fmt = out.fmt;
    let mut em = Emitter::new(ctx);
    if a.elems() == n && b.elems() == n {
        em.emit(Instr::Cgra(CgraInstr::Vv {
            op,
            fmt,
            a: a.addr,
            b: b.addr,
            dst: out.addr,
            n,
        }))?;
        return em.finish();
    }
    let vuv = |full: &Tsr, unit: &Tsr| CgraInstr::VuV {
        op,
        fmt,
        src: full.addr,
        unit: unit.addr,
        dst: out.addr,
        src_elems: n,
        unit_elems: unit.elems(),
    };
    if a.elems() == n && is_suffix(&b.dims, &dims) {
        em.emit(Instr::Cgra(vuv(a, b)))?;
        return em.finish();
    }
    if b.elems() == n && is_suffix(&a.dims, &dims) && COMMUTATIVE.contains(&op) {
        em.emit(Instr::Cgra(vuv(b, a)))?;
        return em.finish();
    }
    let mut carve = Carver::new(OP, imm);
    let mut full = |em: &mut Emitter, x: &Tsr| -> Result<u64, SimError> {
        if x.elems() == n {
            return Ok(x.addr);
        }
        let at = carve.take(n * fmt.size() as u64)?;
        expand(em, x, &dims, at)?;
        Ok(at)
    };
    let pa = full(&mut em, a)?;
    let pb = full(&mut em, b)?;
    em.join(&[Engine::Tdma])?;
    em.emit(Instr::Cgra(CgraInstr::Vv {
        op,
        fmt,
        a: pa,
        b: pb,
        dst: out.addr,
        n,
    }))?;
    em.finish()
}

/// Bitwise on integers (so not a 0/1 predicate there).
fn op_is_logic(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor)
}

/// `out = f(x)` element-wise (same dims and format).
pub fn unary(ctx: &mut TileCtx, op: UnaryOp, x: &Tsr, out: &Tsr) -> Result<u64, SimError> {
    if x.fmt != out.fmt || x.elems() != out.elems() {
        return Err(op_err(
            "elementwise_unary",
            "input and output must have the same size and format",
        ));
    }
    let mut em = Emitter::new(ctx);
    em.emit(Instr::Cgra(CgraInstr::Unary {
        op,
        fmt: x.fmt,
        src: x.addr,
        dst: out.addr,
        n: x.elems(),
    }))?;
    em.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_rules() {
        assert_eq!(broadcast_dims(&[2, 3, 4], &[4]), Some(vec![2, 3, 4]));
        assert_eq!(broadcast_dims(&[2, 1, 4], &[3, 1]), Some(vec![2, 3, 4]));
        assert_eq!(broadcast_dims(&[2, 3], &[4]), None);
        assert!(is_suffix(&[1, 3, 4], &[2, 3, 4]));
        assert!(!is_suffix(&[3, 1], &[3, 4]));
    }
}
