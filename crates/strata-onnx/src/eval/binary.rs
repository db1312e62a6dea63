//! Elementwise kernels of two or more inputs, with numpy broadcasting:
//! arithmetic (Add, Sub, Mul, Div, Mod, PRelu, bitwise ops, BitShift with
//! arithmetic right shifts of signed types), Pow,
//! comparisons, And/Or/Xor, the variadic Max/Min/Sum/Mean, and Where.
//!
//! Integer arithmetic is done in i64 and wraps to the element type's width
//! (what the fixed-width C arithmetic of a runtime gives); integer Div
//! truncates toward zero, integer Mod takes the divisor's sign (`fmod = 0`)
//! or the dividend's (`fmod = 1`), and a zero divisor is an error. Floats are
//! computed in f64 and rounded once to the result type.

use crate::eval::shape::{broadcast_all, broadcast_shapes, broadcast_walk, product, take};
use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::tensor::{DType, Tensor};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    PRelu,
    BitAnd,
    BitOr,
    BitXor,
    BitShift,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Logic {
    And,
    Or,
    Xor,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Variadic {
    Max,
    Min,
    Sum,
    Mean,
}

/// Inputs 0 and 1 (of one element type unless `same_type` is false) and
/// their broadcast shape, checked against the element limit.
fn operands<'a>(a: &Args<'a>, same_type: bool) -> Result<(&'a Tensor, &'a Tensor, Vec<i64>), EvalError> {
    let (x, y) = (a.input(0)?, a.input(1)?);
    if same_type && x.dtype != y.dtype {
        return invalid(format!("operand types differ ({} and {})", x.dtype.name(), y.dtype.name()));
    }
    let shape = broadcast_shapes(&x.shape, &y.shape)?;
    a.elements(&shape)?;
    Ok((x, y, shape))
}

/// `f` over the broadcast pairs of `xs` (of shape `xsh`) and `ys`.
fn zip2<T: Copy, R>(
    out: &[i64],
    (xs, xsh): (&[T], &[i64]),
    (ys, ysh): (&[T], &[i64]),
    mut f: impl FnMut(T, T) -> R,
) -> Vec<R> {
    broadcast_walk(out, xsh).zip(broadcast_walk(out, ysh)).map(|(i, j)| f(xs[i], ys[j])).collect()
}

fn is_int(d: DType) -> bool {
    !d.is_float() && d != DType::Bool
}

pub fn arith(a: &Args, op: Arith) -> Result<Tensor, EvalError> {
    let (x, y, shape) = operands(a, true)?;
    let dtype = x.dtype;
    if dtype == DType::Bool {
        return not_evaluable(format!("{op:?} of BOOL is not evaluated"));
    }
    let fmod = if op == Arith::Mod { a.flag("fmod", false)? } else { false };
    if dtype.is_float() {
        let f: fn(f64, f64) -> f64 = match op {
            Arith::Add => |x, y| x + y,
            Arith::Sub => |x, y| x - y,
            Arith::Mul => |x, y| x * y,
            Arith::Div => |x, y| x / y,
            Arith::PRelu => |x, s| if x < 0.0 { s * x } else { x },
            Arith::Mod if fmod => |x, y| x % y,
            Arith::Mod => float_floor_mod,
            Arith::BitAnd | Arith::BitOr | Arith::BitXor | Arith::BitShift => {
                return not_evaluable(format!("{op:?} of {} is not evaluated", dtype.name()))
            }
        };
        let v = zip2(&shape, (&x.to_f64_vec(), &x.shape), (&y.to_f64_vec(), &y.shape), f);
        return Ok(Tensor::from_f64(dtype, shape, &v));
    }
    let left = match op {
        Arith::BitShift => match a.string("direction", "")?.as_str() {
            "LEFT" => true,
            "RIGHT" => false,
            other => return invalid(format!("attribute 'direction' = '{other}' must be 'LEFT' or 'RIGHT'")),
        },
        _ => false,
    };
    let bits = 8 * dtype.size() as i64;
    let mut error = None;
    let v = zip2(&shape, (&x.to_i64_vec(), &x.shape), (&y.to_i64_vec(), &y.shape), |x, y| match op {
        Arith::Add => x.wrapping_add(y),
        Arith::Sub => x.wrapping_sub(y),
        Arith::Mul => x.wrapping_mul(y),
        Arith::Div | Arith::Mod if y == 0 => {
            error = Some(format!("integer {} by zero", if op == Arith::Div { "division" } else { "modulo" }));
            0
        }
        Arith::Div => x.wrapping_div(y),
        Arith::Mod => {
            let r = x.wrapping_rem(y);
            if !fmod && r != 0 && (r < 0) != (y < 0) {
                r + y
            } else {
                r
            }
        }
        Arith::PRelu => {
            if x < 0 {
                x.wrapping_mul(y)
            } else {
                x
            }
        }
        Arith::BitAnd => x & y,
        Arith::BitOr => x | y,
        Arith::BitXor => x ^ y,
        // Signed right shifts are arithmetic; a shift outside
        // [0, bits) leaves only the sign fill (-1 or 0).
        Arith::BitShift if y < 0 || y >= bits => {
            if !left && x < 0 {
                -1
            } else {
                0
            }
        }
        Arith::BitShift if left => x.wrapping_shl(y as u32),
        Arith::BitShift => x >> y,
    });
    if let Some(e) = error {
        return invalid(e);
    }
    debug_assert!(is_int(dtype));
    Ok(Tensor::from_i64(dtype, shape, &v))
}

/// `x - floor(x / y) * y` with the spec's special cases: the result takes
/// the divisor's sign (a zero result too); an infinite divisor returns x
/// when the signs agree and the divisor otherwise.
fn float_floor_mod(x: f64, y: f64) -> f64 {
    let r = x % y;
    if r == 0.0 {
        0f64.copysign(y)
    } else if (r < 0.0) != (y < 0.0) {
        r + y
    } else {
        r
    }
}

/// Pow(x, y): the result has x's type; y may be of any numeric type.
pub fn pow(a: &Args) -> Result<Tensor, EvalError> {
    let (x, y, shape) = operands(a, false)?;
    if x.dtype == DType::Bool || y.dtype == DType::Bool {
        return not_evaluable("Pow of BOOL is not evaluated");
    }
    if x.dtype.is_float() || y.dtype.is_float() {
        let v = zip2(&shape, (&x.to_f64_vec(), &x.shape), (&y.to_f64_vec(), &y.shape), f64::powf);
        return Ok(Tensor::from_f64(x.dtype, shape, &v));
    }
    let mut zero_to_negative = false;
    let v = zip2(&shape, (&x.to_i64_vec(), &x.shape), (&y.to_i64_vec(), &y.shape), |x, y| {
        if y >= 0 {
            int_pow(x, y as u64)
        } else {
            match x {
                0 => {
                    zero_to_negative = true;
                    0
                }
                1 => 1,
                -1 => {
                    if y % 2 == 0 {
                        1
                    } else {
                        -1
                    }
                }
                _ => 0, // |1 / x^n| < 1 truncates to 0
            }
        }
    });
    if zero_to_negative {
        return invalid("integer 0 raised to a negative power");
    }
    Ok(Tensor::from_i64(x.dtype, shape, &v))
}

/// x^n by squaring, wrapping.
fn int_pow(mut x: i64, mut n: u64) -> i64 {
    let mut r: i64 = 1;
    while n > 0 {
        if n & 1 == 1 {
            r = r.wrapping_mul(x);
        }
        x = x.wrapping_mul(x);
        n >>= 1;
    }
    r
}

pub fn compare(a: &Args, op: Cmp) -> Result<Tensor, EvalError> {
    let (x, y, shape) = operands(a, true)?;
    let v: Vec<i64> = if x.dtype.is_float() {
        zip2(&shape, (&x.to_f64_vec(), &x.shape), (&y.to_f64_vec(), &y.shape), |x, y| {
            (match op {
                Cmp::Eq => x == y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
            }) as i64
        })
    } else {
        zip2(&shape, (&x.to_i64_vec(), &x.shape), (&y.to_i64_vec(), &y.shape), |x, y| {
            (match op {
                Cmp::Eq => x == y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
            }) as i64
        })
    };
    Ok(Tensor::from_i64(DType::Bool, shape, &v))
}

pub fn logic(a: &Args, op: Logic) -> Result<Tensor, EvalError> {
    let (x, y, shape) = operands(a, true)?;
    if x.dtype != DType::Bool {
        return not_evaluable(format!("{op:?} of {} is not evaluated (BOOL only)", x.dtype.name()));
    }
    let v = zip2(&shape, (&x.to_i64_vec(), &x.shape), (&y.to_i64_vec(), &y.shape), |x, y| {
        let (x, y) = (x != 0, y != 0);
        (match op {
            Logic::And => x && y,
            Logic::Or => x || y,
            Logic::Xor => x != y,
        }) as i64
    });
    Ok(Tensor::from_i64(DType::Bool, shape, &v))
}

/// Max/Min/Sum/Mean of one or more inputs, all broadcast together. NaN
/// propagates through Max and Min.
pub fn variadic(a: &Args, op: Variadic) -> Result<Tensor, EvalError> {
    let ins: Vec<&Tensor> = (0..a.arity()).filter_map(|i| a.opt(i)).collect();
    let Some(first) = ins.first() else {
        return invalid("at least one input is required");
    };
    let dtype = first.dtype;
    if let Some(t) = ins.iter().find(|t| t.dtype != dtype) {
        return invalid(format!("operand types differ ({} and {})", dtype.name(), t.dtype.name()));
    }
    if dtype == DType::Bool || (op == Variadic::Mean && !dtype.is_float()) {
        return not_evaluable(format!("{op:?} of {} is not evaluated", dtype.name()));
    }
    let shape = broadcast_all(ins.iter().map(|t| t.shape.as_slice()))?;
    let n = a.elements(&shape)?;
    if dtype.is_float() {
        let mut acc: Vec<f64> = broadcast_walk(&shape, &first.shape).map(|i| first.get_f64(i)).collect();
        for t in &ins[1..] {
            let v = t.to_f64_vec();
            for (slot, j) in acc.iter_mut().zip(broadcast_walk(&shape, &t.shape)) {
                let (p, q) = (*slot, v[j]);
                *slot = match op {
                    Variadic::Sum | Variadic::Mean => p + q,
                    _ if p.is_nan() || q.is_nan() => f64::NAN,
                    Variadic::Max => p.max(q),
                    Variadic::Min => p.min(q),
                };
            }
        }
        if op == Variadic::Mean {
            acc.iter_mut().for_each(|v| *v /= ins.len() as f64);
        }
        return Ok(Tensor::from_f64(dtype, shape, &acc));
    }
    let mut acc: Vec<i64> = broadcast_walk(&shape, &first.shape).map(|i| first.get_i64(i)).collect();
    debug_assert_eq!(acc.len(), n);
    for t in &ins[1..] {
        let v = t.to_i64_vec();
        for (slot, j) in acc.iter_mut().zip(broadcast_walk(&shape, &t.shape)) {
            *slot = match op {
                Variadic::Max => (*slot).max(v[j]),
                Variadic::Min => (*slot).min(v[j]),
                Variadic::Sum | Variadic::Mean => slot.wrapping_add(v[j]),
            };
        }
    }
    Ok(Tensor::from_i64(dtype, shape, &acc))
}

/// Where(condition, x, y) with all three broadcast; elements are moved
/// as bytes, so every type is exact.
pub fn where_(a: &Args) -> Result<Tensor, EvalError> {
    let (c, x, y) = (a.input(0)?, a.input(1)?, a.input(2)?);
    if c.dtype != DType::Bool {
        return invalid(format!("input 0 ('condition') is {}, not BOOL", c.dtype.name()));
    }
    if x.dtype != y.dtype {
        return invalid(format!("operand types differ ({} and {})", x.dtype.name(), y.dtype.name()));
    }
    let shape = broadcast_all([c.shape.as_slice(), &x.shape, &y.shape])?;
    a.elements(&shape)?;
    // Positions into the concatenation [x..., y...].
    let nx = product(&x.shape);
    let both = Tensor { dtype: x.dtype, shape: vec![], bytes: [x.bytes.as_slice(), &y.bytes].concat() };
    let pick = broadcast_walk(&shape, &c.shape)
        .zip(broadcast_walk(&shape, &x.shape))
        .zip(broadcast_walk(&shape, &y.shape))
        .map(|((k, i), j)| if c.bytes[k] != 0 { i } else { nx + j });
    Ok(take(&both, shape.clone(), pick))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testing::*;

    #[test]
    fn arithmetic_broadcasts() {
        let x = ft(&[2, 1], &[1.0, 2.0]);
        let y = ft(&[3], &[10.0, 20.0, 30.0]);
        let z = ok("Add", vec![], &[&x, &y]);
        assert_eq!(z.shape, vec![2, 3]);
        assert_eq!(z.to_f64_vec(), vec![11.0, 21.0, 31.0, 12.0, 22.0, 32.0]);
        assert_eq!(ok("Sub", vec![], &[&y, &x]).to_f64_vec(), vec![9.0, 19.0, 29.0, 8.0, 18.0, 28.0]);
        assert!(refused("Add", vec![], &[&x, &it(&[1], &[1])]).contains("operand types differ"));
        assert!(refused("Mul", vec![], &[&ft(&[2], &[1.0, 2.0]), &y]).contains("do not broadcast"));
        let e = ok("Mul", vec![], &[&ft(&[0, 3], &[]), &y]);
        assert_eq!(e.shape, vec![0, 3]);
    }

    #[test]
    fn integer_division_truncates_and_wraps() {
        let x = it(&[4], &[7, -7, 7, -7]);
        let y = it(&[4], &[2, 2, -2, -2]);
        assert_eq!(ok("Div", vec![], &[&x, &y]).to_i64_vec(), vec![3, -3, -3, 3]);
        let m = Tensor::from_i64(DType::I8, vec![1], &[-128]);
        let n = Tensor::from_i64(DType::I8, vec![1], &[-1]);
        assert_eq!(ok("Div", vec![], &[&m, &n]).to_i64_vec(), vec![-128]);
        let big = Tensor::from_i64(DType::I32, vec![1], &[i32::MAX as i64]);
        assert_eq!(ok("Add", vec![], &[&big, &big]).to_i64_vec(), vec![-2]);
        assert!(refused("Div", vec![], &[&x, &it(&[1], &[0])]).contains("division by zero"));
    }

    #[test]
    fn integer_and_float_mod_take_the_right_sign() {
        let x = it(&[4], &[5, -5, 5, -5]);
        let y = it(&[4], &[3, 3, -3, -3]);
        assert_eq!(ok("Mod", vec![], &[&x, &y]).to_i64_vec(), vec![2, 1, -1, -2]);
        assert_eq!(ok("Mod", vec![("fmod", i(1))], &[&x, &y]).to_i64_vec(), vec![2, -2, 2, -2]);
        let xf = ft(&[4], &[5.5, -5.5, 5.5, -5.5]);
        let yf = ft(&[4], &[2.0, 2.0, -2.0, -2.0]);
        assert_eq!(ok("Mod", vec![("fmod", i(1))], &[&xf, &yf]).to_f64_vec(), vec![1.5, -1.5, 1.5, -1.5]);
        assert_eq!(ok("Mod", vec![], &[&xf, &yf]).to_f64_vec(), vec![1.5, 0.5, -0.5, -1.5]);
        // Special cases of fmod = 0: zero takes the divisor's sign, x % inf.
        let xs = ft(&[3], &[0.0, 3.0, -3.0]);
        let ys = ft(&[3], &[-2.0, f64::INFINITY, f64::INFINITY]);
        let r = ok("Mod", vec![], &[&xs, &ys]).to_f64_vec();
        assert!(r[0] == 0.0 && r[0].is_sign_negative());
        assert_eq!(&r[1..], &[3.0, f64::INFINITY]);
        assert!(refused("Mod", vec![], &[&x, &it(&[1], &[0])]).contains("modulo by zero"));
        assert!(refused("Mod", vec![("fmod", i(2))], &[&x, &y]).contains("'fmod'"));
    }

    #[test]
    fn pow_keeps_the_base_type() {
        let x = it(&[4], &[2, 3, -2, 1]);
        let y = it(&[4], &[10, 0, 3, -5]);
        assert_eq!(ok("Pow", vec![], &[&x, &y]).to_i64_vec(), vec![1024, 1, -8, 1]);
        let yf = ft(&[1], &[0.5]);
        let r = ok("Pow", vec![], &[&it(&[2], &[9, 10]), &yf]);
        assert_eq!((r.dtype, r.to_i64_vec()), (DType::I64, vec![3, 3]));
        let r = ok("Pow", vec![], &[&ft(&[2], &[4.0, -8.0]), &it(&[1], &[2])]);
        assert_eq!(r.to_f64_vec(), vec![16.0, 64.0]);
    }

    #[test]
    fn comparisons_logic_and_bits() {
        let x = ft(&[3], &[1.0, f64::NAN, 3.0]);
        let y = ft(&[1], &[1.0]);
        assert_eq!(ok("Equal", vec![], &[&x, &y]).to_i64_vec(), vec![1, 0, 0]);
        assert_eq!(ok("Greater", vec![], &[&x, &y]).to_i64_vec(), vec![0, 0, 1]);
        assert_eq!(ok("LessOrEqual", vec![], &[&x, &y]).to_i64_vec(), vec![1, 0, 0]);
        let p = bt(&[4], &[true, true, false, false]);
        let q = bt(&[4], &[true, false, true, false]);
        assert_eq!(ok("And", vec![], &[&p, &q]).to_i64_vec(), vec![1, 0, 0, 0]);
        assert_eq!(ok("Or", vec![], &[&p, &q]).to_i64_vec(), vec![1, 1, 1, 0]);
        assert_eq!(ok("Xor", vec![], &[&p, &q]).to_i64_vec(), vec![0, 1, 1, 0]);
        let u = Tensor::from_i64(DType::U8, vec![3], &[1, 200, 16]);
        let s = Tensor::from_i64(DType::U8, vec![3], &[3, 1, 9]);
        assert_eq!(ok("BitShift", vec![("direction", s_("LEFT"))], &[&u, &s]).to_i64_vec(), vec![8, 144, 0]);
        assert_eq!(ok("BitShift", vec![("direction", s_("RIGHT"))], &[&u, &s]).to_i64_vec(), vec![0, 100, 0]);
        let neg = Tensor::from_i64(DType::I8, vec![3], &[-8, -8, 64]);
        let by = Tensor::from_i64(DType::I8, vec![3], &[1, 9, 1]);
        assert_eq!(ok("BitShift", vec![("direction", s_("RIGHT"))], &[&neg, &by]).to_i64_vec(), vec![-4, -1, 32]);
        assert_eq!(ok("BitShift", vec![("direction", s_("LEFT"))], &[&neg, &by]).to_i64_vec(), vec![-16, 0, -128]);
        let a = it(&[2], &[12, -1]);
        let b = it(&[2], &[10, 5]);
        assert_eq!(ok("BitwiseAnd", vec![], &[&a, &b]).to_i64_vec(), vec![8, 5]);
        assert_eq!(ok("BitwiseXor", vec![], &[&a, &b]).to_i64_vec(), vec![6, -6]);
    }

    fn s_(v: &str) -> crate::model::AttrValue {
        s(v)
    }

    #[test]
    fn variadic_and_where() {
        let a = ft(&[3], &[1.0, 5.0, f64::NAN]);
        let b = ft(&[1], &[2.0]);
        let c = ft(&[2, 1], &[0.0, 10.0]);
        let m = ok("Max", vec![], &[&a, &b, &c]);
        assert_eq!(m.shape, vec![2, 3]);
        let v = m.to_f64_vec();
        assert_eq!(&v[..2], &[2.0, 5.0]);
        assert!(v[2].is_nan());
        assert_eq!(&v[3..5], &[10.0, 10.0]);
        assert_eq!(ok("Sum", vec![], &[&b, &b, &b]).to_f64_vec(), vec![6.0]);
        assert_eq!(ok("Mean", vec![], &[&b, &ft(&[1], &[3.0])]).to_f64_vec(), vec![2.5]);
        assert_eq!(ok("Min", vec![], &[&it(&[2], &[3, -1]), &it(&[], &[0])]).to_i64_vec(), vec![0, -1]);
        let cond = bt(&[2, 1], &[true, false]);
        let x = it(&[3], &[1, 2, 3]);
        let y = it(&[], &[-1]);
        let w = ok("Where", vec![], &[&cond, &x, &y]);
        assert_eq!((w.shape.clone(), w.to_i64_vec()), (vec![2, 3], vec![1, 2, 3, -1, -1, -1]));
        assert!(refused("Where", vec![], &[&x, &x, &y]).contains("not BOOL"));
    }
}
