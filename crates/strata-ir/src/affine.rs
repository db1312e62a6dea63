//! Affine expressions, maps and integer sets (MLIR's `AffineMap`,
//! `IntegerSet`), stored structurally inside attributes.
//!
//! Build expressions with the operators of [`simplify`] (`a + b`, `a * b`,
//! `a.floor_div(b)`, ...), which simplify as MLIR's builders do; the enum
//! constructors make an expression exactly as given.

mod constant_fold;
mod flatten;
mod semi_affine;
mod simplify;

pub use constant_fold::ConstantFold;
pub use flatten::{
    expr_from_flat_form, flatten_affine_expr, is_pure_affine, simplify_affine_expr, simplify_affine_map,
};

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Add(Box<AffineExpr>, Box<AffineExpr>),
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub results: Vec<AffineExpr>,
}

/// One constraint of an integer set: `expr == 0` or `expr >= 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineConstraint {
    pub expr: AffineExpr,
    pub is_equality: bool,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub constraints: Vec<AffineConstraint>,
}

impl AffineMap {
    /// `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
    pub fn identity(n: u32) -> AffineMap {
        AffineMap { num_dims: n, num_symbols: 0, results: (0..n).map(AffineExpr::Dim).collect() }
    }
}
