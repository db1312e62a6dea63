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

/// Expand `x` to `out_dims` at `dst` with TDMA strided copies
/// (`expand_plan`).
pub(crate) fn expand(em: &mut Emitter, x: &Tsr, out_dims: &[u64], dst: u64) -> Result<(), SimError> {
    for copy in expand_plan(&x.dims, out_dims, x.fmt.size() as u64) {
        em.emit(Instr::Tdma(match copy {
            TdmaInstr::Reshape { src, dst: d, shape } => TdmaInstr::Reshape { src: x.addr + src, dst: dst + d, shape },
            TdmaInstr::GatherScatter { src, dst: d, elem_bytes, count, src_stride, dst_stride } => {
                TdmaInstr::GatherScatter { src: x.addr + src, dst: dst + d, elem_bytes, count, src_stride, dst_stride }
            }
            other => other,
        }))?;
    }
    Ok(())
}

/// The TDMA instructions expanding a dense tensor of dims `x_dims` to
/// `out_dims` (numpy broadcasting, `es`-byte elements), with source and
/// destination addresses as byte offsets from the two tensors' starts.
/// The output dims are walked as (size, source stride, destination
/// stride), a broadcast dim's source stride 0; dims of size 1 drop out and
/// neighbours that are one run in both tensors merge (all the dims a
/// scalar is broadcast over become one). The innermost dim is then a
/// contiguous run copied with the next dim as one strided copy (source
/// stride 0 repeats it), one per index of the dims outside; or, when the
/// innermost dim is itself broadcast, one element repeated by a
/// gather-scatter per index of the dims outside it.
pub fn expand_plan(x_dims: &[u64], out_dims: &[u64], es: u64) -> Vec<TdmaInstr> {
    let r = out_dims.len();
    let mut xd = vec![1u64; r.saturating_sub(x_dims.len())];
    xd.extend_from_slice(x_dims);
    let (xs, os) = (strides(&xd), strides(out_dims));
    // (size, source stride, destination stride) in elements, outer first.
    let mut dims: Vec<(u64, u64, u64)> = Vec::with_capacity(r);
    for d in (0..r).filter(|&d| out_dims[d] != 1) {
        let src = if xd[d] == 1 { 0 } else { xs[d] };
        dims.push((out_dims[d], src, os[d]));
        while dims.len() >= 2 {
            let (inner, outer) = (dims[dims.len() - 1], dims[dims.len() - 2]);
            if outer.1 != inner.1 * inner.0 || outer.2 != inner.2 * inner.0 {
                break;
            }
            dims.pop();
            let last = dims.len() - 1;
            dims[last] = (outer.0 * inner.0, inner.1, inner.2);
        }
    }
    if out_dims.contains(&0) {
        return Vec::new();
    }
    let Some(&(n, s, _)) = dims.last() else {
        // One element to one element.
        return vec![TdmaInstr::Reshape { src: 0, dst: 0, shape: Strided::contiguous(es) }];
    };
    // The dims looped over, and what one instruction of the loop moves.
    let (outer, body): (&[(u64, u64, u64)], Box<dyn Fn(u64, u64) -> TdmaInstr>) = if s == 0 {
        (
            &dims[..dims.len() - 1],
            Box::new(move |src, dst| TdmaInstr::GatherScatter {
                src,
                dst,
                elem_bytes: es,
                count: n,
                src_stride: 0,
                dst_stride: es,
            }),
        )
    } else if dims.len() >= 2 {
        let (rows, rs, rt) = dims[dims.len() - 2];
        (
            &dims[..dims.len() - 2],
            Box::new(move |src, dst| TdmaInstr::Reshape {
                src,
                dst,
                shape: Strided { rows, row_bytes: n * es, src_stride: rs * es, dst_stride: rt * es },
            }),
        )
    } else {
        (&dims[..0], Box::new(move |src, dst| TdmaInstr::Reshape { src, dst, shape: Strided::contiguous(n * es) }))
    };
    let count: u64 = outer.iter().map(|d| d.0).product();
    (0..count)
        .map(|mut i| {
            let (mut src, mut dst) = (0u64, 0u64);
            for &(size, sd, td) in outer.iter().rev() {
                src += (i % size) * sd * es;
                dst += (i % size) * td * es;
                i /= size;
            }
            body(src, dst)
        })
        .collect()
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
pub fn binary(ctx: &mut TileCtx, op: BinaryOp, a: &Tsr, b: &Tsr, out: &Tsr, imm: Scratch) -> Result<u64, SimError> {
    const OP: &str = "elementwise_binary";
    if a.fmt != b.fmt {
        return Err(op_err(OP, "both operands must share one format"));
    }
    if out.fmt != a.fmt {
        if out.fmt != DataFormat::Int8 || !is_predicate(op) || (!a.fmt.is_float() && op_is_logic(op)) {
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
        let rest = Scratch { addr: at + bytes, bytes: (imm.addr + imm.bytes).saturating_sub(at + bytes) };
        let tmp = Tsr { fmt: a.fmt, addr: at, dims: out.dims.clone() };
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
    let dims = broadcast_dims(&a.dims, &b.dims)
        .ok_or_else(|| op_err(OP, format!("cannot broadcast {:?} with {:?}", a.dims, b.dims)))?;
    if dims.iter().product::<u64>() != out.elems()
        || dims.iter().copied().filter(|&d| d != 1).ne(out.dims.iter().copied().filter(|&d| d != 1))
    {
        return Err(op_err(OP, format!("output dims {:?} are not the broadcast shape {:?}", out.dims, dims)));
    }
    let n = out.elems();
    let fmt = out.fmt;
    let mut em = Emitter::new(ctx);
    if a.elems() == n && b.elems() == n {
        em.emit(Instr::Cgra(CgraInstr::Vv { op, fmt, a: a.addr, b: b.addr, dst: out.addr, n }))?;
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
    em.emit(Instr::Cgra(CgraInstr::Vv { op, fmt, a: pa, b: pb, dst: out.addr, n }))?;
    em.finish()
}

/// Bitwise on integers (so not a 0/1 predicate there).
fn op_is_logic(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor)
}

/// `out = f(x)` element-wise (same dims and format).
pub fn unary(ctx: &mut TileCtx, op: UnaryOp, x: &Tsr, out: &Tsr) -> Result<u64, SimError> {
    if x.fmt != out.fmt || x.elems() != out.elems() {
        return Err(op_err("elementwise_unary", "input and output must have the same size and format"));
    }
    let mut em = Emitter::new(ctx);
    em.emit(Instr::Cgra(CgraInstr::Unary { op, fmt: x.fmt, src: x.addr, dst: out.addr, n: x.elems() }))?;
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

    /// Replays an expansion plan on bytes: what the TDMA would write.
    fn replay(plan: &[TdmaInstr], src: &[u8], out_bytes: usize) -> Vec<u8> {
        let mut out = vec![0xAAu8; out_bytes];
        for i in plan {
            let (s, d, shape) = match *i {
                TdmaInstr::Reshape { src, dst, shape } => (src, dst, shape),
                TdmaInstr::GatherScatter { src, dst, elem_bytes, count, src_stride, dst_stride } => {
                    (src, dst, Strided { rows: count, row_bytes: elem_bytes, src_stride, dst_stride })
                }
                _ => unreachable!("expand_plan emits strided copies only"),
            };
            for r in 0..shape.rows {
                let (a, b) = ((s + r * shape.src_stride) as usize, (d + r * shape.dst_stride) as usize);
                let n = shape.row_bytes as usize;
                out[b..b + n].copy_from_slice(&src[a..a + n]);
            }
        }
        out
    }

    /// Every broadcast case gives numpy's result, in few instructions: a
    /// scalar over a whole tensor and a block repeated along an outer dim
    /// in one each, a row repeated down a matrix in one, a column across
    /// it in one gather-scatter per row, a middle dim in one per outer index.
    #[test]
    fn expand_plan_is_numpy_broadcasting_in_few_copies() {
        let cases: &[(&[u64], &[u64], usize)] = &[
            (&[1, 1, 1, 1], &[1, 12, 16, 256], 1),
            (&[1, 1, 16, 256], &[1, 12, 16, 256], 1),
            (&[1, 256], &[16, 256], 1),
            (&[16, 1], &[16, 256], 16),
            (&[3, 1, 5], &[3, 4, 5], 3),
            (&[2, 3], &[2, 3], 1),
            (&[1], &[1], 1),
        ];
        for &(x, out, want) in cases {
            let es = 2u64;
            let n_x: u64 = x.iter().product();
            let src: Vec<u8> = (0..n_x * es).map(|b| (b % 251) as u8).collect();
            let plan = expand_plan(x, out, es);
            assert_eq!(plan.len(), want, "{x:?} -> {out:?}");
            let got = replay(&plan, &src, (out.iter().product::<u64>() * es) as usize);
            let idx = crate::oplib::reference::broadcast_index(x, out);
            let expect: Vec<u8> =
                idx.iter().flat_map(|&i| src[i * es as usize..(i + 1) * es as usize].to_vec()).collect();
            assert_eq!(got, expect, "{x:?} -> {out:?}");
        }
    }
}
