//! Runs a compiled [`Program`].

use std::io::Write;

use strata_ir::affine::AffineExpr;
use strata_ir::{Diagnostic, Location};

use crate::compile::{Index, Inst, Program};

fn eval_expr(e: &AffineExpr, dims: &[u32], syms: &[u32], i: &[i64]) -> i64 {
    let ev = |x: &AffineExpr| eval_expr(x, dims, syms, i);
    match e {
        AffineExpr::Constant(c) => *c,
        AffineExpr::Dim(d) => dims.get(*d as usize).map_or(0, |&s| i[s as usize]),
        AffineExpr::Symbol(s) => syms.get(*s as usize).map_or(0, |&s| i[s as usize]),
        AffineExpr::Add(a, b) => ev(a).wrapping_add(ev(b)),
        AffineExpr::Mul(a, b) => ev(a).wrapping_mul(ev(b)),
        AffineExpr::Mod(a, b) => {
            let r = ev(b);
            if r == 0 {
                0
            } else {
                ev(a).rem_euclid(r)
            }
        }
        AffineExpr::FloorDiv(a, b) => floor_div(ev(a), ev(b)),
        AffineExpr::CeilDiv(a, b) => floor_div(ev(a).wrapping_neg(), ev(b)).wrapping_neg(),
    }
}

fn floor_div(x: i64, r: i64) -> i64 {
    if r == 0 {
        return 0;
    }
    let q = x.wrapping_div(r);
    if x.wrapping_rem(r) != 0 && ((x < 0) != (r < 0)) {
        q - 1
    } else {
        q
    }
}

/// C's `printf("%f ", v)`.
fn print_f64(v: f64, out: &mut String) {
    use std::fmt::Write as _;
    if v.is_nan() {
        out.push_str(if v.is_sign_negative() { "-nan " } else { "nan " });
    } else if v.is_infinite() {
        out.push_str(if v < 0.0 { "-inf " } else { "inf " });
    } else {
        let _ = write!(out, "{v:.6} ");
    }
}

#[inline(always)]
fn eval(index: &Index, i: &[i64]) -> i64 {
    match index {
        Index::Linear { constant, terms } => {
            let mut a = *constant;
            for &(s, c) in terms.iter() {
                a += c * i[s as usize];
            }
            a
        }
        Index::Expr { expr, dims, syms } => eval_expr(expr, dims, syms, i),
    }
}

fn out_of_bounds() -> Diagnostic {
    Diagnostic::error(Location::Unknown, "JIT: memory access out of bounds")
}

/// Runs `program`, writing its output to `out`.
pub fn execute(program: &Program, out: &mut dyn Write) -> Result<(), Diagnostic> {
    let mut f = vec![0f64; program.num_f];
    let mut i = vec![0i64; program.num_i];
    let mut buffers: Vec<Vec<f64>> = Vec::new();
    let mut text = String::new();
    let insts = &program.insts;
    let mut pc = 0usize;
    let io_err = |e: std::io::Error| Diagnostic::error(Location::Unknown, format!("JIT: {e}"));
    while pc < insts.len() {
        match &insts[pc] {
            Inst::ConstF { dst, value } => f[*dst as usize] = *value,
            Inst::ConstI { dst, value } => i[*dst as usize] = *value,
            Inst::AddF { dst, a, b } => f[*dst as usize] = f[*a as usize] + f[*b as usize],
            Inst::SubF { dst, a, b } => f[*dst as usize] = f[*a as usize] - f[*b as usize],
            Inst::MulF { dst, a, b } => f[*dst as usize] = f[*a as usize] * f[*b as usize],
            Inst::DivF { dst, a, b } => f[*dst as usize] = f[*a as usize] / f[*b as usize],
            Inst::NegF { dst, a } => f[*dst as usize] = -f[*a as usize],
            Inst::AddI { dst, a, b } => i[*dst as usize] = i[*a as usize].wrapping_add(i[*b as usize]),
            Inst::SubI { dst, a, b } => i[*dst as usize] = i[*a as usize].wrapping_sub(i[*b as usize]),
            Inst::MulI { dst, a, b } => i[*dst as usize] = i[*a as usize].wrapping_mul(i[*b as usize]),
            Inst::Alloc { dst, len } => {
                buffers.push(vec![0.0; *len]);
                i[*dst as usize] = (buffers.len() - 1) as i64;
            }
            Inst::Dealloc { mem } => {
                if let Some(b) = buffers.get_mut(i[*mem as usize] as usize) {
                    *b = Vec::new();
                }
            }
            Inst::Load { dst, mem, address } => {
                let a = eval(address, &i);
                let buf = buffers.get(i[*mem as usize] as usize).ok_or_else(out_of_bounds)?;
                f[*dst as usize] = *usize::try_from(a).ok().and_then(|a| buf.get(a)).ok_or_else(out_of_bounds)?;
            }
            Inst::Store { value, mem, address } => {
                let a = eval(address, &i);
                let buf = buffers.get_mut(i[*mem as usize] as usize).ok_or_else(out_of_bounds)?;
                *usize::try_from(a).ok().and_then(|a| buf.get_mut(a)).ok_or_else(out_of_bounds)? = f[*value as usize];
            }
            Inst::Apply { dst, index } => i[*dst as usize] = eval(index, &i),
            Inst::ForStart { iv, lb, ub, ub_slot, end } => {
                let (l, u) = (eval(lb, &i), eval(ub, &i));
                i[*iv as usize] = l;
                i[*ub_slot as usize] = u;
                if l >= u {
                    pc = *end as usize;
                    continue;
                }
            }
            Inst::ForNext { iv, step, ub_slot, body } => {
                let v = i[*iv as usize] + step;
                i[*iv as usize] = v;
                if v < i[*ub_slot as usize] {
                    pc = *body as usize;
                    continue;
                }
            }
            Inst::Print { mem, shape } => {
                let buf = buffers.get(i[*mem as usize] as usize).ok_or_else(out_of_bounds)?;
                print_memref(buf, shape, &mut text);
                if text.len() > 1 << 16 {
                    out.write_all(text.as_bytes()).map_err(io_err)?;
                    text.clear();
                }
            }
            Inst::Return => break,
        }
        pc += 1;
    }
    out.write_all(text.as_bytes()).map_err(io_err)?;
    Ok(())
}

/// The tutorial's `toy.print` lowering: one loop per dimension printing
/// `"%f "` per element, and a newline after the loop of each inner
/// dimension (none after the outermost: each row of a 2-D value ends its
/// own line, a 1-D value prints on one line without a newline).
fn print_memref(buf: &[f64], shape: &[i64], out: &mut String) {
    fn rec(buf: &[f64], shape: &[i64], dim: usize, offset: usize, stride: &[usize], out: &mut String) {
        if dim == shape.len() {
            print_f64(buf.get(offset).copied().unwrap_or(0.0), out);
            return;
        }
        for k in 0..shape[dim].max(0) as usize {
            rec(buf, shape, dim + 1, offset + k * stride[dim], stride, out);
            if dim + 1 != shape.len() {
                out.push('\n');
            }
        }
    }
    let mut stride = vec![1usize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        stride[d] = stride[d + 1] * shape[d + 1].max(0) as usize;
    }
    rec(buf, shape, 0, 0, &stride, out);
}
