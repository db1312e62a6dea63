//! Canonicalization patterns of `extract_slice` and `insert_slice`.

use strata_ir::Context;
use strata_rewrite::PatternSet;

pub(super) fn populate_extract_slice(_: &Context, _: &mut PatternSet) {}
pub(super) fn populate_insert_slice(_: &Context, _: &mut PatternSet) {}
