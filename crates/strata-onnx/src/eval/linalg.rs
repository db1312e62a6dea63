//! Contractions: MatMul (numpy semantics: batched, broadcast batch
//! dimensions, 1-D operands promoted and their unit dimension dropped),
//! Gemm, and Einsum over index letters (explicit and implicit outputs,
//! ellipses broadcast, repeated letters as diagonals, any number of
//! operands). Floats accumulate in f64, rounded once per output element;
//! integers in i64, wrapping. The multiply-adds are checked against the
//! work limit first, since an output of few elements can need many.

use crate::eval::shape::{broadcast_shapes, broadcast_walk, product, strides, Walk};
use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::tensor::{DType, Tensor};

/// A tensor's elements widened for arithmetic.
enum Wide {
    F(Vec<f64>),
    I(Vec<i64>),
}

fn widen(t: &Tensor) -> Wide {
    if t.dtype.is_float() {
        Wide::F(t.to_f64_vec())
    } else {
        Wide::I(t.to_i64_vec())
    }
}

fn same_numeric_type(ts: &[&Tensor]) -> Result<DType, EvalError> {
    let d = ts[0].dtype;
    if let Some(t) = ts.iter().find(|t| t.dtype != d) {
        return invalid(format!("operand types differ ({} and {})", d.name(), t.dtype.name()));
    }
    if d == DType::Bool {
        return not_evaluable("contractions of BOOL are not evaluated");
    }
    Ok(d)
}

pub fn matmul(a: &Args) -> Result<Tensor, EvalError> {
    let (x, y) = (a.input(0)?, a.input(1)?);
    let dtype = same_numeric_type(&[x, y])?;
    if x.shape.is_empty() || y.shape.is_empty() {
        return invalid("MatMul of a scalar");
    }
    // 1-D operands become [1, k] and [k, 1]; those unit dimensions are dropped again.
    let xs = if x.shape.len() == 1 { vec![1, x.shape[0]] } else { x.shape.clone() };
    let ys = if y.shape.len() == 1 { vec![y.shape[0], 1] } else { y.shape.clone() };
    let (n, k) = (xs[xs.len() - 2], xs[xs.len() - 1]);
    let (k2, m) = (ys[ys.len() - 2], ys[ys.len() - 1]);
    if k != k2 {
        return invalid(format!("MatMul of {:?} and {:?}: inner dimensions differ", x.shape, y.shape));
    }
    let (xb, yb) = (&xs[..xs.len() - 2], &ys[..ys.len() - 2]);
    let batch = broadcast_shapes(xb, yb)?;
    let mut full = batch.clone();
    full.extend_from_slice(&[n, m]);
    let mut shape = batch.clone();
    if x.shape.len() > 1 {
        shape.push(n);
    }
    if y.shape.len() > 1 {
        shape.push(m);
    }
    let total = a.elements(&full)?;
    a.work(total as u128 * k.max(0) as u128)?;
    let (n, k, m) = (n as usize, k as usize, m as usize);
    let pairs: Vec<(usize, usize)> = broadcast_walk(&batch, xb).zip(broadcast_walk(&batch, yb)).collect();
    macro_rules! product_of {
        ($xv:expr, $yv:expr, $zero:expr, $mul:expr, $add:expr) => {{
            let mut out = Vec::with_capacity(total);
            for &(bx, by) in &pairs {
                let (xo, yo) = (bx * n * k, by * k * m);
                for i in 0..n {
                    for j in 0..m {
                        let mut acc = $zero;
                        for p in 0..k {
                            acc = $add(acc, $mul($xv[xo + i * k + p], $yv[yo + p * m + j]));
                        }
                        out.push(acc);
                    }
                }
            }
            out
        }};
    }
    Ok(match (widen(x), widen(y)) {
        (Wide::F(xv), Wide::F(yv)) => {
            let out = product_of!(xv, yv, 0.0, |p: f64, q: f64| p * q, |s: f64, t: f64| s + t);
            Tensor::from_f64(dtype, shape, &out)
        }
        (Wide::I(xv), Wide::I(yv)) => {
            let out = product_of!(xv, yv, 0i64, i64::wrapping_mul, i64::wrapping_add);
            Tensor::from_i64(dtype, shape, &out)
        }
        _ => unreachable!("both operands have one type"),
    })
}

/// Gemm: `alpha * A' B' + beta * C`, A' and B' optionally transposed, C
/// broadcast to the result.
pub fn gemm(a: &Args) -> Result<Tensor, EvalError> {
    let (x, y) = (a.input(0)?, a.input(1)?);
    let dtype = same_numeric_type(&[x, y])?;
    if x.shape.len() != 2 || y.shape.len() != 2 {
        return invalid(format!("Gemm takes matrices, not {:?} and {:?}", x.shape, y.shape));
    }
    let (ta, tb) = (a.flag("transA", false)?, a.flag("transB", false)?);
    let (alpha, beta) = (a.float("alpha", 1.0)? as f64, a.float("beta", 1.0)? as f64);
    let (m, k) = if ta { (x.shape[1], x.shape[0]) } else { (x.shape[0], x.shape[1]) };
    let (k2, n) = if tb { (y.shape[1], y.shape[0]) } else { (y.shape[0], y.shape[1]) };
    if k != k2 {
        return invalid(format!("Gemm of {:?} and {:?}: inner dimensions differ", x.shape, y.shape));
    }
    let shape = vec![m, n];
    let total = a.elements(&shape)?;
    a.work(total as u128 * k as u128)?;
    let c = match a.opt(2) {
        Some(c) if c.dtype != dtype => return invalid(format!("C is {}, A is {}", c.dtype.name(), dtype.name())),
        Some(c) => {
            if broadcast_shapes(&c.shape, &shape)? != shape {
                return invalid(format!("C of shape {:?} does not broadcast to {shape:?}", c.shape));
            }
            let cv = c.to_f64_vec();
            broadcast_walk(&shape, &c.shape).map(|i| cv[i]).collect()
        }
        None => vec![0.0; total],
    };
    let (xv, yv) = (x.to_f64_vec(), y.to_f64_vec());
    let (m, k, n) = (m as usize, k as usize, n as usize);
    let xa = |i: usize, p: usize| if ta { xv[p * m + i] } else { xv[i * k + p] };
    let yb = |p: usize, j: usize| if tb { yv[j * k + p] } else { yv[p * n + j] };
    let mut out = Vec::with_capacity(total);
    for i in 0..m {
        for j in 0..n {
            let s: f64 = (0..k).map(|p| xa(i, p) * yb(p, j)).sum();
            out.push(alpha * s + beta * c[i * n + j]);
        }
    }
    Ok(Tensor::from_f64(dtype, shape, &out))
}

/// An index label: a letter, or one dimension of the ellipsis (numbered
/// from the left of the broadcast ellipsis).
#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
enum Label {
    Ellipsis(usize),
    Letter(u8),
}

/// A term's letters before and after its ellipsis (`None` without one).
struct Term {
    before: Vec<u8>,
    after: Option<Vec<u8>>,
}

fn parse_term(s: &str) -> Result<Term, String> {
    let letters =
        |p: &str| -> Result<Vec<u8>, String> {
            p.bytes()
                .map(|c| {
                    if c.is_ascii_alphabetic() {
                        Ok(c)
                    } else {
                        Err(format!("'{}' is not an index letter", c as char))
                    }
                })
                .collect()
        };
    match s.split_once("...") {
        None => Ok(Term { before: letters(s)?, after: None }),
        Some((b, a)) => Ok(Term { before: letters(b)?, after: Some(letters(a)?) }),
    }
}

/// The labels of each operand dimension and of the output.
fn einsum_labels(eq: &str, ranks: &[usize]) -> Result<(Vec<Vec<Label>>, Vec<Label>), String> {
    let eq: String = eq.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l, Some(r)),
        None => (eq.as_str(), None),
    };
    let terms: Vec<Term> = lhs.split(',').map(parse_term).collect::<Result<_, _>>()?;
    if terms.len() != ranks.len() {
        return Err(format!("the equation has {} operands, the node {}", terms.len(), ranks.len()));
    }
    // Ellipsis ranks, right-aligned into one broadcast ellipsis of `e` dims.
    let mut ell = Vec::with_capacity(terms.len());
    for (t, &r) in terms.iter().zip(ranks) {
        let named = t.before.len() + t.after.as_ref().map_or(0, |a| a.len());
        match &t.after {
            None if named != r => {
                return Err(format!(
                    "term '{}' names {named} dimensions of an operand of rank {r}",
                    String::from_utf8_lossy(&t.before)
                ))
            }
            Some(_) if named > r => return Err(format!("a term names {named} dimensions of an operand of rank {r}")),
            None => ell.push(0),
            Some(_) => ell.push(r - named),
        }
    }
    let e = ell.iter().copied().max().unwrap_or(0);
    let mut inputs = Vec::with_capacity(terms.len());
    for (t, &n) in terms.iter().zip(&ell) {
        let mut l: Vec<Label> = t.before.iter().map(|&c| Label::Letter(c)).collect();
        if let Some(after) = &t.after {
            l.extend((e - n..e).map(Label::Ellipsis));
            l.extend(after.iter().map(|&c| Label::Letter(c)));
        }
        inputs.push(l);
    }
    let output = match rhs {
        Some(r) => {
            let t = parse_term(r)?;
            let mut l: Vec<Label> = t.before.iter().map(|&c| Label::Letter(c)).collect();
            if let Some(after) = &t.after {
                l.extend((0..e).map(Label::Ellipsis));
                l.extend(after.iter().map(|&c| Label::Letter(c)));
            }
            for (i, x) in l.iter().enumerate() {
                if l[..i].contains(x) {
                    return Err(format!("the output repeats {x:?}"));
                }
                if !inputs.iter().any(|t| t.contains(x)) {
                    return Err(format!("the output's {x:?} is in no operand"));
                }
            }
            l
        }
        None => {
            let mut once: Vec<Label> = Vec::new();
            for t in &inputs {
                for &x in t {
                    if let Label::Letter(_) = x {
                        if inputs.iter().flatten().filter(|&&y| y == x).count() == 1 {
                            once.push(x);
                        }
                    }
                }
            }
            once.sort();
            let mut l: Vec<Label> = (0..e).map(Label::Ellipsis).collect();
            l.extend(once);
            l
        }
    };
    Ok((inputs, output))
}

pub fn einsum(a: &Args) -> Result<Tensor, EvalError> {
    let ins: Vec<&Tensor> = (0..a.arity()).filter_map(|i| a.opt(i)).collect();
    if ins.is_empty() {
        return invalid("Einsum needs at least one input");
    }
    let dtype = same_numeric_type(&ins)?;
    let eq = a.string("equation", "")?;
    let ranks: Vec<usize> = ins.iter().map(|t| t.shape.len()).collect();
    let (labels, output) =
        einsum_labels(&eq, &ranks).map_err(|m| EvalError::Invalid(format!("equation '{eq}': {m}")))?;
    // Size of every label (output labels first); ellipsis dimensions broadcast.
    let mut all: Vec<Label> = output.clone();
    for ls in &labels {
        for &l in ls {
            if !all.contains(&l) {
                all.push(l);
            }
        }
    }
    let index = |l: Label| all.iter().position(|&x| x == l).unwrap_or(0);
    let mut size: Vec<Option<i64>> = vec![None; all.len()];
    for (t, ls) in ins.iter().zip(&labels) {
        for (&d, &l) in t.shape.iter().zip(ls) {
            let slot = &mut size[index(l)];
            *slot = match (*slot, l) {
                (None, _) => Some(d),
                (Some(1), Label::Ellipsis(_)) => Some(d),
                (Some(s), Label::Ellipsis(_)) if d == 1 || d == s => Some(s),
                (Some(s), _) if d == s => Some(s),
                (Some(s), _) => return invalid(format!("equation '{eq}': {l:?} has sizes {s} and {d}")),
            };
        }
    }
    let size: Vec<i64> = size.into_iter().map(|s| s.unwrap_or(1)).collect();
    let n_out = output.len();
    let shape: Vec<i64> = size[..n_out].to_vec();
    let total = a.elements(&shape)?;
    let inner = product(&size[n_out..]);
    a.work(total as u128 * inner as u128 * ins.len() as u128)?;
    // Each operand walked over all labels; a label the operand lacks, or an
    // ellipsis dimension it broadcasts, has stride 0; a repeated letter sums
    // its strides (the diagonal).
    let mut walks: Vec<Walk> = ins
        .iter()
        .zip(&labels)
        .map(|(t, ls)| {
            let st = strides(&t.shape);
            let mut w = vec![0isize; all.len()];
            for (d, &l) in ls.iter().enumerate() {
                if t.shape[d] == size[index(l)] {
                    w[index(l)] += st[d] as isize;
                }
            }
            Walk::new(&size, w, 0)
        })
        .collect();
    let steps = total * inner;
    let wide: Vec<Wide> = ins.iter().map(|t| widen(t)).collect();
    let floats: Vec<&[f64]> =
        wide.iter().filter_map(|x| if let Wide::F(v) = x { Some(v.as_slice()) } else { None }).collect();
    let ints: Vec<&[i64]> =
        wide.iter().filter_map(|x| if let Wide::I(v) = x { Some(v.as_slice()) } else { None }).collect();
    if dtype.is_float() {
        let mut out = vec![0.0; total];
        for s in 0..steps {
            let mut p = 1.0;
            for (v, w) in floats.iter().zip(walks.iter_mut()) {
                p *= v[w.next().unwrap_or(0)];
            }
            out[s / inner] += p;
        }
        return Ok(Tensor::from_f64(dtype, shape, &out));
    }
    let mut out = vec![0i64; total];
    for s in 0..steps {
        let mut p = 1i64;
        for (v, w) in ints.iter().zip(walks.iter_mut()) {
            p = p.wrapping_mul(v[w.next().unwrap_or(0)]);
        }
        out[s / inner] = out[s / inner].wrapping_add(p);
    }
    Ok(Tensor::from_i64(dtype, shape, &out))
}

#[cfg(test)]
mod tests {
    use crate::eval::testing::*;
    use crate::eval::EvalError;

    #[test]
    fn matmul_batches_broadcasts_and_promotes_vectors() {
        let a = ft(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let b = ft(&[3, 1], &[1.0, 0.0, -1.0]);
        let y = ok("MatMul", vec![], &[&a, &b]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![2, 1], vec![-2.0, -2.0]));
        let v = ft(&[3], &[1.0, 1.0, 1.0]);
        let y = ok("MatMul", vec![], &[&a, &v]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![2], vec![6.0, 15.0]));
        let y = ok("MatMul", vec![], &[&ft(&[2], &[1.0, 2.0]), &a]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![3], vec![9.0, 12.0, 15.0]));
        // [2, 1, 2, 2] x [3, 2, 2] -> [2, 3, 2, 2]
        let x = ft(&[2, 1, 2, 2], &[1.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 2.0]);
        let w = ft(&[3, 2, 2], &(0..12).map(|i| i as f64).collect::<Vec<_>>());
        let y = ok("MatMul", vec![], &[&x, &w]);
        assert_eq!(y.shape, vec![2, 3, 2, 2]);
        assert_eq!(&y.to_f64_vec()[..4], &[0.0, 1.0, 2.0, 3.0]);
        assert_eq!(&y.to_f64_vec()[12..16], &[0.0, 2.0, 4.0, 6.0]);
        let y = ok("MatMul", vec![], &[&it(&[1, 2], &[3, 4]), &it(&[2, 1], &[5, 6])]);
        assert_eq!(y.to_i64_vec(), vec![39]);
        assert!(refused("MatMul", vec![], &[&a, &a]).contains("inner dimensions"));
        let e = ok("MatMul", vec![], &[&ft(&[2, 0], &[]), &ft(&[0, 3], &[])]);
        assert_eq!(e.to_f64_vec(), vec![0.0; 6]);
    }

    #[test]
    fn gemm_transposes_and_scales() {
        let a = ft(&[2, 2], &[1.0, 2.0, 3.0, 4.0]);
        let c = ft(&[2], &[10.0, 20.0]);
        let y = ok("Gemm", vec![("transA", i(1)), ("alpha", f(2.0)), ("beta", f(0.5))], &[&a, &a, &c]);
        // A^T A = [[10, 14], [14, 20]]
        assert_eq!(y.to_f64_vec(), vec![25.0, 38.0, 33.0, 50.0]);
    }

    #[test]
    fn einsum_forms_exporters_write() {
        let x = ft(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let v = ft(&[2], &[1.0, 10.0]);
        let w = ft(&[3], &[1.0, 0.0, 2.0]);
        let outer = ok("Einsum", vec![("equation", s("i,j->ij"))], &[&v, &w]);
        assert_eq!((outer.shape.clone(), outer.to_f64_vec()), (vec![2, 3], vec![1.0, 0.0, 2.0, 10.0, 0.0, 20.0]));
        let t = ok("Einsum", vec![("equation", s("ij->ji"))], &[&x]);
        assert_eq!(t.to_f64_vec(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        let sum = ok("Einsum", vec![("equation", s("ij->"))], &[&x]);
        assert_eq!((sum.shape.clone(), sum.to_f64_vec()), (vec![], vec![21.0]));
        let mm = ok("Einsum", vec![("equation", s("ij,j"))], &[&x, &w]);
        assert_eq!(mm.to_f64_vec(), vec![7.0, 16.0]);
        // Batched matmul with an ellipsis; implicit output ...ik.
        let b = ft(&[2, 1, 2], &[1.0, 2.0, 3.0, 4.0]);
        let c = ft(&[2, 2, 1], &[1.0, 1.0, 2.0, 0.0]);
        let y = ok("Einsum", vec![("equation", s("...ij,...jk"))], &[&b, &c]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![2, 1, 1], vec![3.0, 6.0]));
        // Diagonal and trace.
        let m = ft(&[2, 2], &[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(ok("Einsum", vec![("equation", s("ii->i"))], &[&m]).to_f64_vec(), vec![1.0, 4.0]);
        assert_eq!(ok("Einsum", vec![("equation", s("ii"))], &[&m]).to_f64_vec(), vec![5.0]);
        // Rotary-style frequencies: 'i,j->ij' on int positions.
        let p = it(&[3], &[0, 1, 2]);
        let q = it(&[2], &[1, 100]);
        assert_eq!(ok("Einsum", vec![("equation", s("i,j->ij"))], &[&p, &q]).to_i64_vec(), vec![0, 0, 1, 100, 2, 200]);
        assert!(refused("Einsum", vec![("equation", s("ij,jk->ik"))], &[&x, &x]).contains("sizes"));
        assert!(refused("Einsum", vec![("equation", s("ij->k"))], &[&x]).contains("in no operand"));
        assert!(refused("Einsum", vec![("equation", s("i->i"))], &[&x]).contains("names 1 dimensions"));
    }

    #[test]
    fn contractions_respect_the_work_limit() {
        let big = ft(&[1, 1 << 12], &vec![1.0; 1 << 12]);
        let ins = [Some(&big), Some(&big)];
        let n = crate::eval::testing::node("Einsum", 1, vec![("equation", s("ai,bj->ij"))]);
        let r = crate::eval::eval_node(&n, &ins, 21, crate::eval::Limits { max_elements: 1 << 26, max_work: 1 << 20 });
        assert!(matches!(r, Err(EvalError::TooLarge(_))));
    }
}
