//! Evaluating an affine expression whose dims and symbols are (partly)
//! known constants: MLIR 22's `AffineExprConstantFolder`, which
//! `AffineMap::constantFold` and `affine.apply`'s folder use.

use crate::affine::AffineExpr;

/// What an expression evaluates to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConstantFold {
    Value(i64),
    /// A `mod` by a value below 1 or a division by 0 between constants:
    /// the result is poison (upstream folds `affine.apply` to `ub.poison`).
    Poison,
    /// Some operand is not a known constant (or a quotient overflows).
    Unknown,
}

impl AffineExpr {
    /// The value of `self` with dim `i` bound to `dims[i]` and symbol `j` to
    /// `syms[j]` (`None`: not a constant). Sums and products wrap as
    /// upstream's `int64_t` arithmetic does; poison anywhere inside makes
    /// the whole expression poison, as upstream's `hasPoison` flag does.
    pub fn constant_fold(&self, dims: &[Option<i64>], syms: &[Option<i64>]) -> ConstantFold {
        let mut poison = false;
        match fold(self, dims, syms, &mut poison) {
            _ if poison => ConstantFold::Poison,
            Some(v) => ConstantFold::Value(v),
            None => ConstantFold::Unknown,
        }
    }
}

fn fold(e: &AffineExpr, dims: &[Option<i64>], syms: &[Option<i64>], poison: &mut bool) -> Option<i64> {
    let (l, r) = match e {
        AffineExpr::Dim(i) => return dims.get(*i as usize).copied().flatten(),
        AffineExpr::Symbol(i) => return syms.get(*i as usize).copied().flatten(),
        AffineExpr::Constant(c) => return Some(*c),
        AffineExpr::Add(l, r)
        | AffineExpr::Mul(l, r)
        | AffineExpr::Mod(l, r)
        | AffineExpr::FloorDiv(l, r)
        | AffineExpr::CeilDiv(l, r) => (l, r),
    };
    // The right side is visited (and may raise poison) only when the left
    // one is a constant, as upstream's nested `if`s have it: `d0 + 1 mod 0`
    // is not poison while `d0` is unknown.
    let a = fold(l, dims, syms, poison)?;
    let b = fold(r, dims, syms, poison)?;
    match e {
        AffineExpr::Add(..) => Some(a.wrapping_add(b)),
        AffineExpr::Mul(..) => Some(a.wrapping_mul(b)),
        AffineExpr::Mod(..) if b < 1 => {
            *poison = true;
            None
        }
        AffineExpr::Mod(..) => Some(a.rem_euclid(b)),
        AffineExpr::FloorDiv(..) | AffineExpr::CeilDiv(..) if b == 0 => {
            *poison = true;
            None
        }
        AffineExpr::FloorDiv(..) => {
            let q = a.checked_div(b)?;
            Some(if a % b != 0 && ((a < 0) != (b < 0)) { q - 1 } else { q })
        }
        _ => {
            let q = a.checked_div(b)?;
            Some(if a % b != 0 && ((a < 0) == (b < 0)) { q + 1 } else { q })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(i: u32) -> AffineExpr {
        AffineExpr::Symbol(i)
    }

    #[test]
    fn divisions_by_zero_and_mod_by_non_positive_are_poison() {
        let five = AffineExpr::Constant(5);
        let m = AffineExpr::Mod(Box::new(five.clone()), Box::new(s(0)));
        assert_eq!(m.constant_fold(&[], &[Some(0)]), ConstantFold::Poison);
        assert_eq!(m.constant_fold(&[], &[Some(-2)]), ConstantFold::Poison);
        assert_eq!(m.constant_fold(&[], &[Some(3)]), ConstantFold::Value(2));
        let f = AffineExpr::FloorDiv(Box::new(AffineExpr::Constant(7)), Box::new(s(0)));
        assert_eq!(f.constant_fold(&[], &[Some(-2)]), ConstantFold::Value(-4));
        assert_eq!(f.constant_fold(&[], &[Some(0)]), ConstantFold::Poison);
        let c = AffineExpr::CeilDiv(Box::new(AffineExpr::Constant(7)), Box::new(s(0)));
        assert_eq!(c.constant_fold(&[], &[Some(-2)]), ConstantFold::Value(-3));
        assert_eq!(c.constant_fold(&[], &[None]), ConstantFold::Unknown);
        // Poison inside a product by zero still poisons the whole.
        let p = AffineExpr::Mul(Box::new(m), Box::new(AffineExpr::Constant(0)));
        assert_eq!(p.constant_fold(&[], &[Some(0)]), ConstantFold::Poison);
    }

    #[test]
    fn an_unknown_left_side_hides_poison_on_the_right() {
        let bad = AffineExpr::Mod(Box::new(AffineExpr::Constant(1)), Box::new(AffineExpr::Constant(0)));
        let e = AffineExpr::Add(Box::new(AffineExpr::Dim(0)), Box::new(bad.clone()));
        assert_eq!(e.constant_fold(&[None], &[]), ConstantFold::Unknown);
        let e = AffineExpr::Add(Box::new(bad), Box::new(AffineExpr::Dim(0)));
        assert_eq!(e.constant_fold(&[None], &[]), ConstantFold::Poison);
    }

    #[test]
    fn sums_and_products_wrap() {
        let e = AffineExpr::Add(Box::new(s(0)), Box::new(AffineExpr::Constant(1)));
        assert_eq!(e.constant_fold(&[], &[Some(i64::MAX)]), ConstantFold::Value(i64::MIN));
    }
}
