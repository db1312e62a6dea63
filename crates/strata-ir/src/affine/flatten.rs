//! Simplification of pure affine expressions by flattening them into a sum
//! of products and rebuilding them (MLIR's `SimpleAffineExprFlattener`,
//! `getAffineExprFromFlatForm` and `simplifyAffineExpr`).
//!
//! The construction-time rules of `simplify.rs` only look at one operator
//! at a time, so `s0 + s0 mod 2 - s0` survives them. Flattening writes an
//! expression as coefficients over `[dims, symbols, locals, constant]`,
//! where each local stands for one `floordiv`/`ceildiv` (a `mod` becomes
//! `e - c * (e floordiv c)`), so equal terms cancel; rebuilding then yields
//! the form mlir-opt prints after canonicalization composes maps.
//!
//! Semi-affine expressions (a product of two non-constants, a division by a
//! symbol) are simplified by `semi_affine.rs` first and flattened with each
//! semi-affine term as one local.

use std::borrow::Cow;

use crate::affine::semi_affine::{semi_affine_expr_from_flat_form, simplify_semi_affine};
use crate::affine::{AffineExpr, AffineMap};

/// No product of two non-constant terms and every divisor a constant
/// (MLIR's `AffineExpr::isPureAffine`).
pub fn is_pure_affine(e: &AffineExpr) -> bool {
    match e {
        AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
        AffineExpr::Add(l, r) => is_pure_affine(l) && is_pure_affine(r),
        AffineExpr::Mul(l, r) => {
            is_pure_affine(l)
                && is_pure_affine(r)
                && (matches!(**l, AffineExpr::Constant(_)) || matches!(**r, AffineExpr::Constant(_)))
        }
        AffineExpr::Mod(l, r) | AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
            is_pure_affine(l) && matches!(**r, AffineExpr::Constant(_))
        }
    }
}

/// Rebuilds an expression from its flat form `[dims, symbols, locals,
/// constant]` in MLIR's term order: dims and symbols by position, then
/// locals, then the constant.
pub fn expr_from_flat_form(flat: &[i64], num_dims: u32, num_symbols: u32, locals: &[AffineExpr]) -> AffineExpr {
    let ids = (num_dims + num_symbols) as usize;
    let mut expr = AffineExpr::Constant(0);
    for (j, &coefficient) in flat.iter().enumerate().take(ids) {
        if coefficient == 0 {
            continue;
        }
        let id =
            if (j as u32) < num_dims { AffineExpr::Dim(j as u32) } else { AffineExpr::Symbol(j as u32 - num_dims) };
        expr = expr + id * coefficient;
    }
    for (j, &coefficient) in flat.iter().enumerate().take(flat.len() - 1).skip(ids) {
        if coefficient != 0 {
            expr = expr + locals[j - ids].clone() * coefficient;
        }
    }
    let constant = flat[flat.len() - 1];
    if constant != 0 {
        expr = expr + constant;
    }
    expr
}

/// The flattener's state: a stack of flat forms (one per operand being
/// combined) and the local expressions introduced so far.
struct Flattener {
    num_dims: u32,
    num_symbols: u32,
    stack: Vec<Vec<i64>>,
    locals: Vec<AffineExpr>,
    /// Whether a product, `mod` or division by a non-constant becomes a
    /// local of its own (MLIR's `addLocalVariableSemiAffine`) instead of
    /// failing: only simplification wants that; the analyses that read
    /// flat forms as linear constraints must not see such locals.
    semi_affine: bool,
}

/// Why an expression cannot be flattened: a division or `mod` by a
/// non-positive constant (undefined, kept as written), or (outside
/// semi-affine mode) a product, division or `mod` whose right-hand side is
/// not a constant.
struct NotFlattenable;

impl Flattener {
    fn columns(&self) -> usize {
        (self.num_dims + self.num_symbols) as usize + self.locals.len() + 1
    }

    fn local_start(&self) -> usize {
        (self.num_dims + self.num_symbols) as usize
    }

    fn push_unit(&mut self, column: usize, value: i64) {
        let mut v = vec![0; self.columns()];
        v[column] = value;
        self.stack.push(v);
    }

    /// Adds a local column (zero in every pending form) standing for
    /// `expr`, returning its position among the locals.
    fn add_local(&mut self, expr: AffineExpr) -> usize {
        let at = self.local_start() + self.locals.len();
        for form in &mut self.stack {
            form.insert(at, 0);
        }
        self.locals.push(expr);
        self.locals.len() - 1
    }

    /// The position of the local standing for `expr`, added if new
    /// (MLIR's `findLocalId`, then `addLocal...`).
    fn local_for(&mut self, expr: AffineExpr) -> usize {
        match self.locals.iter().position(|x| *x == expr) {
            Some(p) => p,
            None => self.add_local(expr),
        }
    }

    fn walk(&mut self, e: &AffineExpr) -> Result<(), NotFlattenable> {
        match e {
            AffineExpr::Dim(i) => self.push_unit(*i as usize, 1),
            AffineExpr::Symbol(i) => self.push_unit((self.num_dims + i) as usize, 1),
            AffineExpr::Constant(c) => {
                let last = self.columns() - 1;
                self.push_unit(last, *c)
            }
            AffineExpr::Add(l, r) => {
                self.walk(l)?;
                self.walk(r)?;
                let rhs = self.stack.pop().expect("flattened rhs");
                let lhs = self.stack.last_mut().expect("flattened lhs");
                for (a, b) in lhs.iter_mut().zip(rhs) {
                    *a = a.wrapping_add(b);
                }
            }
            AffineExpr::Mul(l, r) | AffineExpr::Mod(l, r) | AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
                let constant_rhs = matches!(**r, AffineExpr::Constant(_));
                if !constant_rhs && !self.semi_affine {
                    return Err(NotFlattenable);
                }
                self.walk(l)?;
                self.walk(r)?;
                if !constant_rhs {
                    self.visit_semi_affine(e);
                    return Ok(());
                }
                match e {
                    AffineExpr::Mul(..) => {
                        let rhs = self.stack.pop().expect("flattened rhs");
                        let factor = rhs[rhs.len() - 1];
                        for a in self.stack.last_mut().expect("flattened lhs") {
                            *a = a.wrapping_mul(factor);
                        }
                    }
                    AffineExpr::Mod(..) => self.visit_mod()?,
                    AffineExpr::FloorDiv(..) => self.visit_div(false)?,
                    _ => self.visit_div(true)?,
                }
            }
        }
        Ok(())
    }

    /// A product, `mod` or division by a non-constant: both operands are
    /// rebuilt from their flat forms, and the operation on them becomes one
    /// local (shared with an equal one seen before).
    fn visit_semi_affine(&mut self, e: &AffineExpr) {
        let rhs = self.stack.pop().expect("flattened rhs");
        let lhs = self.stack.last().expect("flattened lhs");
        let a = expr_from_flat_form(lhs, self.num_dims, self.num_symbols, &self.locals);
        let b = expr_from_flat_form(&rhs, self.num_dims, self.num_symbols, &self.locals);
        let local = match e {
            AffineExpr::Mul(..) => a * b,
            AffineExpr::Mod(..) => a % b,
            AffineExpr::FloorDiv(..) => a.floor_div(b),
            _ => a.ceil_div(b),
        };
        let pos = self.local_for(local);
        let at = self.local_start() + pos;
        let lhs = self.stack.last_mut().expect("flattened lhs");
        lhs.iter_mut().for_each(|a| *a = 0);
        lhs[at] = 1;
    }

    /// `e mod c` becomes `e - c * q` with a local `q = e floordiv c`
    /// (after cancelling the gcd of `e`'s coefficients and `c`).
    fn visit_mod(&mut self) -> Result<(), NotFlattenable> {
        let rhs = self.stack.pop().expect("flattened rhs");
        let c = rhs[rhs.len() - 1];
        if c <= 0 {
            return Err(NotFlattenable);
        }
        let lhs = self.stack.last_mut().expect("flattened lhs");
        if lhs.iter().all(|&a| a.wrapping_rem(c) == 0) {
            lhs.iter_mut().for_each(|a| *a = 0);
            return Ok(());
        }
        let g = lhs.iter().fold(c as u64, |g, &a| gcd(g, a.unsigned_abs())) as i64;
        let dividend: Vec<i64> = lhs.iter().map(|&a| if g != 1 { a / g } else { a }).collect();
        let divisor = c / g;
        let quotient = expr_from_flat_form(&dividend, self.num_dims, self.num_symbols, &self.locals)
            .floor_div(AffineExpr::Constant(divisor));
        let pos = self.local_for(quotient);
        let at = self.local_start() + pos;
        self.stack.last_mut().expect("flattened lhs")[at] = c.wrapping_neg();
        Ok(())
    }

    /// `e floordiv c` / `e ceildiv c`: the gcd of `e`'s coefficients and
    /// `c` is cancelled; what remains becomes a local unless `c` reduced
    /// to 1.
    fn visit_div(&mut self, ceil: bool) -> Result<(), NotFlattenable> {
        let rhs = self.stack.pop().expect("flattened rhs");
        let c = rhs[rhs.len() - 1];
        if c <= 0 {
            return Err(NotFlattenable);
        }
        let lhs = self.stack.last_mut().expect("flattened lhs");
        let g = lhs.iter().fold(c as u64, |g, &a| gcd(g, a.unsigned_abs())) as i64;
        if g != 1 {
            lhs.iter_mut().for_each(|a| *a /= g);
        }
        let divisor = c / g;
        if divisor == 1 {
            return Ok(());
        }
        let dividend = expr_from_flat_form(lhs, self.num_dims, self.num_symbols, &self.locals);
        let quotient = if ceil {
            dividend.ceil_div(AffineExpr::Constant(divisor))
        } else {
            dividend.floor_div(AffineExpr::Constant(divisor))
        };
        let pos = self.local_for(quotient);
        let at = self.local_start() + pos;
        let lhs = self.stack.last_mut().expect("flattened lhs");
        lhs.iter_mut().for_each(|a| *a = 0);
        lhs[at] = 1;
        Ok(())
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `e` flattened and rebuilt (MLIR's `simplifyAffineExpr`). A semi-affine
/// expression is first rewritten by [`simplify_semi_affine`] and flattened
/// with its semi-affine terms as locals; an expression dividing by a
/// non-positive constant comes back as it is.
pub fn simplify_affine_expr(e: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    let e =
        if is_pure_affine(e) { Cow::Borrowed(e) } else { Cow::Owned(simplify_semi_affine(e, num_dims, num_symbols)) };
    let mut f = Flattener { num_dims, num_symbols, stack: Vec::new(), locals: Vec::new(), semi_affine: true };
    if f.walk(&e).is_err() {
        return e.into_owned();
    }
    let flat = f.stack.pop().expect("flattened expression");
    if is_pure_affine(&e) {
        return expr_from_flat_form(&flat, num_dims, num_symbols, &f.locals);
    }
    // Upstream keeps a semi-affine expression that flattening reproduces
    // term for term, in its own order.
    if expr_from_flat_form(&flat, num_dims, num_symbols, &f.locals) == *e {
        return e.into_owned();
    }
    semi_affine_expr_from_flat_form(&flat, num_dims, num_symbols, &f.locals)
}

/// The flat form `[dims, symbols, locals, constant]` of `e` and its local
/// expressions, or `None` when `e` is semi-affine or divides by a
/// non-positive constant.
pub fn flatten_affine_expr(e: &AffineExpr, num_dims: u32, num_symbols: u32) -> Option<(Vec<i64>, Vec<AffineExpr>)> {
    let mut f = Flattener { num_dims, num_symbols, stack: Vec::new(), locals: Vec::new(), semi_affine: false };
    f.walk(e).ok()?;
    let flat = f.stack.pop()?;
    Some((flat, f.locals))
}

/// Every result of `m` simplified (MLIR's `simplifyAffineMap`).
pub fn simplify_affine_map(m: &AffineMap) -> AffineMap {
    AffineMap {
        num_dims: m.num_dims,
        num_symbols: m.num_symbols,
        results: m.results.iter().map(|e| simplify_affine_expr(e, m.num_dims, m.num_symbols)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(i: u32) -> AffineExpr {
        AffineExpr::Dim(i)
    }
    fn s(i: u32) -> AffineExpr {
        AffineExpr::Symbol(i)
    }

    #[test]
    fn cancels_terms_around_a_mod() {
        let e = s(0) + s(0) % 2 - s(0);
        assert_eq!(simplify_affine_expr(&e, 0, 1), s(0) % 2);
    }

    #[test]
    fn mod_of_a_multiple_is_zero_and_div_cancels_gcd() {
        assert_eq!(simplify_affine_expr(&((d(0) * 4 + s(0) * 8) % 4), 1, 1), AffineExpr::Constant(0));
        assert_eq!(simplify_affine_expr(&((d(0) * 4 + 8).floor_div(AffineExpr::Constant(2))), 1, 0), d(0) * 2 + 4);
    }

    #[test]
    fn semi_affine_and_undefined_are_kept() {
        let e = AffineExpr::Mul(Box::new(d(0)), Box::new(s(0)));
        assert_eq!(simplify_affine_expr(&e, 1, 1), e);
        let u = AffineExpr::Mod(Box::new(d(0)), Box::new(AffineExpr::Constant(0)));
        assert_eq!(simplify_affine_expr(&u, 1, 0), u);
    }
}
