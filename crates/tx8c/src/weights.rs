//! `weights.bin`: the DDR image of every `tx8be.const`, laid out at the
//! addresses `tx8be-ddr-alloc` gave them, relative to the first one. The
//! C model loads it at that address before the run.
//!
//! Each constant's bytes are rearranged at compile time into the placement
//! its `dev_info` `mem_layout` names (`tx8be::layout::value_mem_layout`):
//! a Cx/NCx constant is channel-blocked with its C0 padded and every batch
//! on a 256 B boundary (`Placement::from_dense`), so no constant is ever
//! converted at run time.

use strata_ir::{AttrKind, Body, Context, Op};
use tx8be::{op_kind, OpKind};

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
    let mut placed: Vec<(u64, Vec<u8>)> = Vec::new();
    let ops = tx8be::schedule::groups::entry_ops(body);
    for op in ops {
        if op_kind(ctx, body, op) != Some(OpKind::Const) {
            continue;
        }
        let loc = crate::codegen::location_text(ctx, body.op_loc(op));
        let addr = body
            .op_attr(ctx, op, "ddr_addr")
            .and_then(|a| ctx.as_i64(a))
            .ok_or_else(|| Failure(format!("constant {loc} has no DDR address")))?;
        let bytes = const_bytes(ctx, body, op, if perturb == Some(placed.len()) { 1.5 } else { 1.0 })?;
        placed.push((addr as u64, bytes));
    }
    let base = placed.iter().map(|p| p.0).min().unwrap_or(tx8be_transforms::ddr_alloc::DDR_BASE);
    let end = placed.iter().map(|p| p.0 + p.1.len() as u64).max().unwrap_or(base);
    let mut image = vec![0u8; (end - base) as usize];
    for (addr, bytes) in placed {
        let at = (addr - base) as usize;
        image[at..at + bytes.len()].copy_from_slice(&bytes);
    }
    Ok(WeightsImage { base, bytes: image })
}

/// The DDR bytes of `tx8be.const` `op` in its placement, every value
/// multiplied by `scale` (1 except for the `--debug-perturb-const` hook).
pub fn const_bytes(ctx: &Context, body: &Body, op: Op, scale: f64) -> Result<Vec<u8>, Failure> {
    let loc = crate::codegen::location_text(ctx, body.op_loc(op));
    let value = body.op_attr(ctx, op, "value").ok_or_else(|| Failure(format!("constant {loc} has no value")))?;
    let result = body.result(op, 0);
    let ty = body.value_type(result);
    let fmt = crate::codegen::read_ir::fmt_of(ctx, ty)
        .ok_or_else(|| Failure(format!("constant {loc}: element type has no TX8 format")))?;
    let AttrKind::DenseElements { .. } = ctx.attr_kind(value) else {
        return Err(Failure(format!("constant {loc} is not a dense elements attribute")));
    };
    let t = tx8be_transforms::dense::read_dense(ctx, value)
        .ok_or_else(|| Failure(format!("constant {loc}: unreadable elements")))?;
    let values: Vec<f64> = t.expanded().into_iter().map(|v| v * scale).collect();
    let dense = crate::host_io::to_card(fmt, &values);
    let mode = tx8be::layout::value_mem_layout(ctx, body, result);
    if !tx8be::layout::is_blocked(mode) {
        return Ok(dense);
    }
    let p = tx8be::layout::placement(ctx, ty, mode).ok_or_else(|| {
        Failure(format!("constant {loc}: {mode:?} does not fit its type (rank 1 to 4, a float or int8 element type)"))
    })?;
    p.from_dense(&dense).map_err(|e| Failure(format!("constant {loc}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use strata_ir::diagnostics::SourceFile;
    use strata_ir::parser::{parse_source, ParseOptions};

    /// The bytes of the single constant of `text` (a module holding `@main`).
    fn bytes_of(text: &str) -> Vec<u8> {
        let ctx = crate::driver::context();
        let src = SourceFile::new("t.mlir", text.to_string());
        let m = parse_source(&ctx, &src, 0..src.text.len(), ParseOptions { allow_unregistered: false }, true)
            .unwrap_or_else(|d| panic!("{}", d.message));
        let mb = m.body.nested(m.op).unwrap();
        let func = tx8be::schedule::groups::entry_ops(mb)
            .into_iter()
            .find(|&o| ctx.op_name_str(mb.op_name(o)) == "func.func")
            .unwrap();
        let body = mb.nested(func).unwrap();
        let c = tx8be::schedule::groups::entry_ops(body)
            .into_iter()
            .find(|&o| op_kind(&ctx, body, o) == Some(OpKind::Const))
            .unwrap();
        const_bytes(&ctx, body, c, 1.0).unwrap_or_else(|f| panic!("{}", f.0))
    }

    /// The seed's NCx example (hardware.md "Layouts"): fp16 2x1x2x131 in
    /// NCx. 131 = 2 x 64 + 3, C0 = 3 padded to 4; batch 0 holds 528 B (0x1080
    /// bits), batch 1 starts at the next 2048-bit boundary, byte 768 (0x1800 bits).
    #[test]
    fn seed_ncx_example_is_rearranged_as_hardware_md_states() {
        // Element (n, 0, w, c) holds n * 1000 + w * 200 + c: exact in fp16.
        let mut vals = Vec::new();
        for n in 0..2 {
            for w in 0..2 {
                for c in 0..131 {
                    vals.push(format!("{}.0", n * 1000 + w * 200 + c));
                }
            }
        }
        let text = format!(
            "func.func @main() -> tensor<2x1x2x131xf16> {{\n  %c = tx8be.const {{dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>}} dense<[{}]> : tensor<2x1x2x131xf16>\n  return %c : tensor<2x1x2x131xf16>\n}}\n",
            nested(&vals)
        );
        let b = bytes_of(&text);
        assert_eq!(b.len(), 2 * 768, "two batches of 768 bytes");
        let at = |off: usize| tx8_cmodel::dtype::decode_f32(tx8_cmodel::DataFormat::Fp16, &b[off..off + 2])[0];
        let elem = |n: usize, w: usize, c: usize| (n * 1000 + w * 200 + c) as f32;
        // Batch 0: block j (channels 64j..64j+63) is [H=1, W=2, 64]: pixel w at (j*2 + w) * 64 elements.
        for j in 0..2 {
            for w in 0..2 {
                for k in 0..64 {
                    assert_eq!(at(((j * 2 + w) * 64 + k) * 2), elem(0, w, 64 * j + k));
                }
            }
        }
        // Then the C0 part [H=1, W=2, 4]: channels 128..130 and one zero lane per pixel.
        let c0 = 2 * 2 * 64 * 2;
        for w in 0..2 {
            for k in 0..3 {
                assert_eq!(at(c0 + (w * 4 + k) * 2), elem(0, w, 128 + k));
            }
            assert_eq!(at(c0 + (w * 4 + 3) * 2), 0.0, "padding lane");
        }
        // Batch 0 ends at 4224 bits; up to batch 1 at 6144 bits (0x1800) is alignment.
        assert_eq!((c0 + 2 * 4 * 2) * 8, 0x1080);
        assert!(b[0x1080 / 8..0x1800 / 8].iter().all(|&x| x == 0));
        // Batch 1 starts at byte 768 with channel 0 of pixel 0.
        assert_eq!(at(0x1800 / 8), elem(1, 0, 0));
        // Channel 65 of pixel 1: block 1, lane 1.
        assert_eq!(at(768 + ((2 + 1) * 64 + 1) * 2), elem(1, 1, 65));
        assert_eq!(at(768 + c0 + (4 + 2) * 2), elem(1, 1, 130));
    }

    /// A dense constant keeps its row-major bytes.
    #[test]
    fn dense_constants_are_row_major() {
        let b = bytes_of("func.func @main() -> tensor<2x3xf32> {\n  %c = tx8be.const dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>\n  return %c : tensor<2x3xf32>\n}\n");
        assert_eq!(tx8_cmodel::dtype::decode_f32(tx8_cmodel::DataFormat::Fp32, &b), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    }

    /// `[[[[..131..], [..131..]]], ...]` for dims 2x1x2x131.
    fn nested(v: &[String]) -> String {
        let mut batches = Vec::new();
        for n in 0..2 {
            let pixels: Vec<String> =
                (0..2).map(|w| format!("[{}]", v[(n * 2 + w) * 131..(n * 2 + w + 1) * 131].join(", "))).collect();
            batches.push(format!("[[{}]]", pixels.join(", ")));
        }
        batches.join(", ")
    }
}
