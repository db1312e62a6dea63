//! `weights.bin`: the DDR image of every `tx8be.const`, laid out at the
//! addresses `tx8be-ddr-alloc` gave them, relative to the first one. The
//! C model loads it at that address before the run.

use strata_ir::{AttrKind, Body, Context};

use crate::driver::Failure;

/// The weights image and the DDR address of its first byte.
pub struct WeightsImage {
    pub base: u64,
    pub bytes: Vec<u8>,
}

/// The constants' bytes in the card's formats (a splat expanded, `i1` one
/// byte per element). `perturb`: a test hook that scales constant number N
/// by 1.5 on the card only, so `--compare-all` has a broken op to find.
pub fn weights_image(ctx: &Context, body: &Body, perturb: Option<usize>) -> Result<WeightsImage, Failure> {
    let mut placed: Vec<(u64, Vec<u8>, crate::codegen::plan::Fmt)> = Vec::new();
    let ops = tx8be_transforms::group_ops::entry_ops(body);
    for op in ops {
        if ctx.op_name_str(body.op_name(op)) != "tx8be.const" {
            continue;
        }
        let loc = crate::codegen::location_text(ctx, body.op_loc(op));
        let addr = body.op_attr(ctx, op, "ddr_addr").and_then(|a| ctx.as_i64(a)).ok_or_else(|| Failure(format!("constant {loc} has no DDR address")))?;
        let value = body.op_attr(ctx, op, "value").ok_or_else(|| Failure(format!("constant {loc} has no value")))?;
        let ty = body.value_type(body.result(op, 0));
        let fmt = crate::codegen::read_ir::fmt_of(ctx, ty).ok_or_else(|| Failure(format!("constant {loc}: element type has no TX8 format")))?;
        let n = ctx.shape(ty).map(|s| s.iter().product::<i64>()).unwrap_or(1).max(0) as usize;
        let AttrKind::DenseElements { .. } = ctx.attr_kind(value) else {
            return Err(Failure(format!("constant {loc} is not a dense elements attribute")));
        };
        let t = tx8be_transforms::dense::read_dense(ctx, value).ok_or_else(|| Failure(format!("constant {loc}: unreadable elements")))?;
        let mut values = t.expanded();
        if perturb == Some(placed.len()) {
            for v in &mut values {
                *v *= 1.5;
            }
        }
        let bytes = crate::host_io::to_card(fmt, &values);
        debug_assert_eq!(bytes.len(), n * fmt.size() as usize);
        placed.push((addr as u64, bytes, fmt));
    }
    let base = placed.iter().map(|p| p.0).min().unwrap_or(tx8be_transforms::ddr_alloc::DDR_BASE);
    let end = placed.iter().map(|p| p.0 + p.1.len() as u64).max().unwrap_or(base);
    let mut image = vec![0u8; (end - base) as usize];
    for (addr, bytes, _) in placed {
        let at = (addr - base) as usize;
        image[at..at + bytes.len()].copy_from_slice(&bytes);
    }
    Ok(WeightsImage { base, bytes: image })
}
