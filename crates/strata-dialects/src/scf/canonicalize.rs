//! Canonicalization of `scf.for` and `scf.if` (upstream `SCF.cpp`).

use strata_ir::Context;
use strata_rewrite::PatternSet;

pub fn populate_for(_: &Context, _set: &mut PatternSet) {}

pub fn populate_if(_: &Context, _set: &mut PatternSet) {}
