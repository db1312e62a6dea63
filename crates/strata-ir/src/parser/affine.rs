//! Parsing of affine maps and integer sets (the bodies of `affine_map<...>`
//! and `affine_set<...>`), with MLIR's diagnostics for malformed and
//! non-affine expressions.

use super::{PResult, Parser};
use crate::affine::{AffineConstraint, AffineExpr, AffineMap, IntegerSet};
use crate::lexer::Tok;

impl<'a> Parser<'a> {
    /// `(d0, d1)[s0] -> (exprs)` (without the `affine_map<` wrapper).
    pub fn parse_affine_map_body(&mut self) -> PResult<AffineMap> {
        let (dims, syms) = self.parse_affine_ids()?;
        self.expect(Tok::Arrow, "'->'")?;
        self.expect(Tok::LParen, "'('")?;
        let mut results = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                results.push(self.parse_affine_expr(&dims, &syms)?);
                if self.eat(Tok::RParen) {
                    break;
                }
                if !self.eat(Tok::Comma) {
                    return self.err_wrong_token("expected ')' in affine map range");
                }
            }
        }
        Ok(AffineMap { num_dims: dims.len() as u32, num_symbols: syms.len() as u32, results })
    }

    pub fn parse_integer_set_body(&mut self) -> PResult<IntegerSet> {
        let (dims, syms) = self.parse_affine_ids()?;
        self.expect(Tok::Colon, "':'")?;
        self.expect(Tok::LParen, "'('")?;
        let mut constraints = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                constraints.push(self.parse_affine_constraint(&dims, &syms)?);
                if self.eat(Tok::RParen) {
                    break;
                }
                if !self.eat(Tok::Comma) {
                    return self.err_wrong_token("expected ')' in integer set constraint list");
                }
            }
        }
        if constraints.is_empty() {
            // An empty conjunction is the always-true `0 == 0`, as in MLIR.
            constraints.push(AffineConstraint { expr: AffineExpr::Constant(0), is_equality: true });
        }
        Ok(IntegerSet { num_dims: dims.len() as u32, num_symbols: syms.len() as u32, constraints })
    }

    /// `a >= b`, `a <= b` or `a == b`, normalised to `a - b >= 0`,
    /// `b - a >= 0`, `a - b == 0` (the comparison's two characters may be
    /// apart, as MLIR's parser allows).
    fn parse_affine_constraint(&mut self, dims: &[String], syms: &[String]) -> PResult<AffineConstraint> {
        let lhs = self.parse_affine_expr(dims, syms)?;
        let (flip, is_equality) = if self.eat(Tok::Greater) && self.eat(Tok::Equal) {
            (false, false)
        } else if self.eat(Tok::Less) && self.eat(Tok::Equal) {
            (true, false)
        } else if self.eat(Tok::Equal) && self.eat(Tok::Equal) {
            (false, true)
        } else {
            return self.err_here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
        };
        let rhs = self.parse_affine_expr(dims, syms)?;
        let expr = if flip { rhs - lhs } else { lhs - rhs };
        Ok(AffineConstraint { expr, is_equality })
    }

    fn parse_affine_ids(&mut self) -> PResult<(Vec<String>, Vec<String>)> {
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        self.expect(Tok::LParen, "'('")?;
        if !self.eat(Tok::RParen) {
            loop {
                self.parse_affine_id_def(&mut dims, &syms)?;
                if self.eat(Tok::RParen) {
                    break;
                }
                if !self.eat(Tok::Comma) {
                    return self.err_wrong_token("expected ')' in dimensional identifier list");
                }
            }
        }
        if self.eat(Tok::LSquare) && !self.eat(Tok::RSquare) {
            loop {
                let (d, mut s) = (std::mem::take(&mut dims), std::mem::take(&mut syms));
                let r = self.parse_affine_id_def(&mut s, &d);
                (dims, syms) = (d, s);
                r?;
                if self.eat(Tok::RSquare) {
                    break;
                }
                if !self.eat(Tok::Comma) {
                    return self.err_wrong_token("expected ']' in symbol list");
                }
            }
        }
        Ok((dims, syms))
    }

    /// One name of the dim or symbol list; dims and symbols share one scope.
    fn parse_affine_id_def(&mut self, list: &mut Vec<String>, other: &[String]) -> PResult<()> {
        if self.tok() != Tok::BareIdent {
            return self.err_wrong_token("expected bare identifier");
        }
        let name = self.spelling();
        if list.iter().chain(other).any(|n| n == name) {
            return self.err_here(format!("redefinition of identifier '{name}'"));
        }
        list.push(name.to_string());
        self.bump();
        Ok(())
    }

    /// A sum of terms, left-associative. Every `+`, `-`, `*`, ... builds its
    /// node with MLIR's simplification (see `affine/simplify.rs`), so the
    /// result is what mlir-opt holds and prints.
    fn parse_affine_expr(&mut self, dims: &[String], syms: &[String]) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_term(dims, syms, false)?;
        loop {
            if self.eat(Tok::Plus) {
                let rhs = self.parse_affine_term(dims, syms, true)?;
                lhs = lhs + rhs;
            } else if self.eat(Tok::Minus) {
                let rhs = self.parse_affine_term(dims, syms, true)?;
                lhs = lhs - rhs;
            } else {
                return Ok(lhs);
            }
        }
    }

    fn affine_high_prec_op(&self) -> Option<u8> {
        match self.tok() {
            Tok::Star => Some(0),
            Tok::BareIdent => match self.spelling() {
                "floordiv" => Some(1),
                "ceildiv" => Some(2),
                "mod" => Some(3),
                _ => None,
            },
            _ => None,
        }
    }

    /// Operands joined by `*`, `floordiv`, `ceildiv`, `mod`, left-associative.
    /// `after_op`: a binary operator precedes (for the error wording).
    fn parse_affine_term(&mut self, dims: &[String], syms: &[String], after_op: bool) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_operand(dims, syms, after_op)?;
        while let Some(op) = self.affine_high_prec_op() {
            let op_loc = self.here();
            self.bump();
            let rhs = self.parse_affine_operand(dims, syms, true)?;
            // MLIR reports a non-affine operation at the operator that
            // follows it, if any, else at its own operator.
            let loc = if self.affine_high_prec_op().is_some() { self.here() } else { op_loc };
            let what = match op {
                0 => {
                    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                        return self.err_at(
                            loc,
                            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                        );
                    }
                    lhs = lhs * rhs;
                    continue;
                }
                1 => "floordiv",
                2 => "ceildiv",
                _ => "mod",
            };
            if !rhs.is_symbolic_or_constant() {
                return self.err_at(
                    loc,
                    format!("non-affine expression: right operand of {what} has to be either a constant or symbolic"),
                );
            }
            lhs = match op {
                1 => lhs.floor_div(rhs),
                2 => lhs.ceil_div(rhs),
                _ => lhs % rhs,
            };
        }
        Ok(lhs)
    }

    fn parse_affine_operand(&mut self, dims: &[String], syms: &[String], after_op: bool) -> PResult<AffineExpr> {
        self.enter()?;
        let r = self.parse_affine_operand_inner(dims, syms, after_op);
        self.leave();
        r
    }

    fn parse_affine_operand_inner(&mut self, dims: &[String], syms: &[String], after_op: bool) -> PResult<AffineExpr> {
        match self.tok() {
            Tok::Minus => {
                self.bump();
                // -2^63 is printed for i64::MIN (mlir-opt prints it too but
                // cannot read it back: its literal overflows before the
                // negation); read it as the constant it denotes.
                if self.tok() == Tok::Integer && self.spelling() == "9223372036854775808" {
                    self.bump();
                    return Ok(AffineExpr::Constant(i64::MIN));
                }
                // Negation binds tighter than every binary operator.
                let e = self.parse_affine_operand(dims, syms, after_op)?;
                Ok(-e)
            }
            Tok::LParen => {
                self.bump();
                if self.tok() == Tok::RParen {
                    return self.err_here("no expression inside parentheses");
                }
                let e = self.parse_affine_expr(dims, syms)?;
                self.expect(Tok::RParen, "')'")?;
                Ok(e)
            }
            Tok::Integer => {
                let s = self.spelling();
                let v = if let Some(h) = s.strip_prefix("0x") {
                    u64::from_str_radix(h, 16).ok()
                } else {
                    s.parse::<u64>().ok()
                };
                match v.and_then(|v| i64::try_from(v).ok()) {
                    Some(v) => {
                        self.bump();
                        Ok(AffineExpr::Constant(v))
                    }
                    None => self.err_here("constant too large for index"),
                }
            }
            Tok::BareIdent => {
                let s = self.spelling();
                let e = if let Some(i) = dims.iter().position(|d| d == s) {
                    AffineExpr::Dim(i as u32)
                } else if let Some(i) = syms.iter().position(|d| d == s) {
                    AffineExpr::Symbol(i as u32)
                } else {
                    return self.err_wrong_token("use of undeclared identifier");
                };
                self.bump();
                Ok(e)
            }
            Tok::Plus | Tok::Star if !after_op => self.err_here("missing left operand of binary operator"),
            _ if after_op => self.err_here("missing right operand of binary operator"),
            _ => self.err_here("expected affine expression"),
        }
    }
}
