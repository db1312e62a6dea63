//! Canonicalization patterns of the non-slice tensor ops.

use strata_ir::Context;
use strata_rewrite::PatternSet;

pub(super) fn populate_empty(_: &Context, _: &mut PatternSet) {}
pub(super) fn populate_cast(_: &Context, _: &mut PatternSet) {}
pub(super) fn populate_dim(_: &Context, _: &mut PatternSet) {}
pub(super) fn populate_extract(_: &Context, _: &mut PatternSet) {}
pub(super) fn populate_expand_shape(_: &Context, _: &mut PatternSet) {}
pub(super) fn populate_collapse_shape(_: &Context, _: &mut PatternSet) {}
