//! The constant store of one compiled function (the seed's
//! `ConstContainer`): every `tx8be.const` with its data, the chips holding
//! it, its id (`const_map_id`), its placement and its placed size.
//!
//! The seed keeps the container as a global that passes fill and codegen
//! reads. Here the IR is the only state: the store is built from a function
//! body whenever a pass or codegen needs it ([`ConstContainer::build`]), so
//! nothing a pass decides about constants lives outside the IR between
//! passes. Ids are written by `tx8be-move-constant` (and by
//! `tx8be-const-norm` for the copies it makes); [`threshold_ids`] is the
//! seed's `updateConstContainer` ordering.

use std::collections::{BTreeMap, BTreeSet};

use strata_ir::{Attribute, Body, Context, Diagnostic, Op};
use tx8_cmodel::HardwareConfig;
use tx8be::layout::{placed_bytes, value_mem_layout};
use tx8be::{op_kind, LayoutMode, OpKind};

use tx8be::schedule::groups::entry_ops;

/// The seed's "all chips hold the same data" chip id.
pub const ALL_CHIPS: i32 = -1;

/// The seed's `ParamInfo`: one constant's data and where it lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// The data: the constant's `dense<...>` attribute (the IR owns the bytes).
    pub data: Attribute,
    /// The chips holding this data; `{ALL_CHIPS}` when every chip holds the
    /// same data. tx8c compiles for one chip, so a constant without a
    /// `chip_id` attribute (`array<i64>`) is on all chips.
    pub chip_id: BTreeSet<i32>,
    /// The seed's label: 0 when the data is the same on every chip, 1 when
    /// it is assigned to the chips of `chip_id` only.
    pub label: u32,
}

/// One constant of the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstEntry {
    /// The `tx8be.const` op.
    pub op: Op,
    /// Its `const_map_id` (`None` before `tx8be-move-constant`).
    pub id: Option<u32>,
    pub param: ParamInfo,
    /// The placement its bytes have in DDR (its `dev_info` `mem_layout`).
    pub mem_layout: LayoutMode,
    /// Bytes it occupies in that placement (`tx8be::layout::placed_bytes`).
    pub placed_bytes: u64,
}

/// The constants of one function body, in DDR order: by id, then those
/// without an id in program order.
#[derive(Clone, Debug, Default)]
pub struct ConstContainer {
    entries: Vec<ConstEntry>,
    by_id: BTreeMap<u32, usize>,
}

/// A constant's `const_map_id`, if it has a valid one.
pub fn const_map_id(ctx: &Context, body: &Body, op: Op) -> Option<u32> {
    body.op_attr(ctx, op, "const_map_id").and_then(|a| ctx.as_i64(a)).and_then(|i| u32::try_from(i).ok())
}

/// Sets `const_map_id` on a `tx8be.const` or `tx8be.load_const`.
pub fn set_const_map_id(ctx: &Context, body: &mut Body, op: Op, id: u32) {
    body.set_op_attr(ctx, op, "const_map_id", Some(ctx.integer_attr(ctx.i64(), i64::from(id))));
}

/// The `tx8be.const` ops at the top level of a function body, in program order.
pub fn const_ops(ctx: &Context, body: &Body) -> Vec<Op> {
    entry_ops(body).into_iter().filter(|&op| op_kind(ctx, body, op) == Some(OpKind::Const)).collect()
}

fn chips_of(ctx: &Context, body: &Body, op: Op) -> Result<BTreeSet<i32>, Diagnostic> {
    let Some(attr) = body.op_attr(ctx, op, "chip_id") else { return Ok(BTreeSet::from([ALL_CHIPS])) };
    let bad = || {
        Diagnostic::error(
            body.op_loc(op),
            "'chip_id' of a tx8be.const must be an array<i64> of chip numbers (-1: all chips)",
        )
    };
    let ids = strata_stablehlo::attrs::read_i64_array(ctx, attr).ok_or_else(bad)?;
    let chips: BTreeSet<i32> = ids.iter().map(|&i| i32::try_from(i).map_err(|_| bad())).collect::<Result<_, _>>()?;
    if chips.is_empty() || chips.iter().any(|&c| c < ALL_CHIPS) {
        return Err(bad());
    }
    Ok(chips)
}

impl ConstContainer {
    /// The store of `body`'s constants. Fails, located at the constant, on
    /// a negative or non-integer `const_map_id`, on two constants sharing
    /// one id, and on a malformed `chip_id`.
    pub fn build(ctx: &Context, body: &Body) -> Result<ConstContainer, Diagnostic> {
        let mut numbered = Vec::new();
        let mut unnumbered = Vec::new();
        for op in const_ops(ctx, body) {
            let id = match body.op_attr(ctx, op, "const_map_id") {
                None => None,
                Some(_) => Some(const_map_id(ctx, body, op).ok_or_else(|| {
                    Diagnostic::error(body.op_loc(op), "'const_map_id' must be a non-negative i64 below 2^32")
                })?),
            };
            let data = body
                .op_attr(ctx, op, "value")
                .ok_or_else(|| Diagnostic::error(body.op_loc(op), "tx8be.const without a value"))?;
            let chip_id = chips_of(ctx, body, op)?;
            let label = u32::from(!chip_id.contains(&ALL_CHIPS));
            let v = body.result(op, 0);
            let mem_layout = value_mem_layout(ctx, body, v);
            let entry = ConstEntry {
                op,
                id,
                param: ParamInfo { data, chip_id, label },
                mem_layout,
                placed_bytes: placed_bytes(ctx, body.value_type(v), mem_layout),
            };
            if id.is_some() {
                numbered.push(entry);
            } else {
                unnumbered.push(entry);
            }
        }
        numbered.sort_by_key(|e| e.id);
        let mut by_id = BTreeMap::new();
        for (i, e) in numbered.iter().enumerate() {
            let id = e.id.expect("numbered");
            if by_id.insert(id, i).is_some() {
                return Err(Diagnostic::error(
                    body.op_loc(e.op),
                    format!("two tx8be.const ops have const_map_id {id}"),
                ));
            }
        }
        numbered.extend(unnumbered);
        Ok(ConstContainer { entries: numbered, by_id })
    }

    /// Every constant in DDR order (by id, then those without an id in
    /// program order): what codegen lays out in `weights.bin` and
    /// `tx8be-ddr-alloc` places.
    pub fn entries(&self) -> &[ConstEntry] {
        &self.entries
    }

    /// The constant with id `id`.
    pub fn get(&self, id: u32) -> Option<&ConstEntry> {
        self.by_id.get(&id).map(|&i| &self.entries[i])
    }

    /// The seed's `oidToSize`: the placed bytes of constant `id`.
    pub fn size_of(&self, id: u32) -> Option<u64> {
        self.get(id).map(|e| e.placed_bytes)
    }

    /// The smallest id no constant has yet.
    pub fn next_free_id(&self) -> u32 {
        self.by_id.keys().next_back().map_or(0, |&last| last + 1)
    }
}

/// The seed's `thresholdSize`: one DDR bank row across all tiles
/// (`4 * 1024 * tile_num` bytes).
pub fn threshold_bytes(hw: &HardwareConfig) -> u64 {
    4 * 1024 * u64::from(hw.tiles())
}

/// The seed's `updateConstContainer` ordering: given the constants' sizes in
/// program order, their ids: those larger than `threshold` first, in
/// program order, then the others in program order.
pub fn threshold_ids(sizes: &[u64], threshold: u64) -> Vec<u32> {
    let mut ids = vec![0u32; sizes.len()];
    let big = sizes.iter().enumerate().filter(|(_, &s)| s > threshold);
    let small = sizes.iter().enumerate().filter(|(_, &s)| s <= threshold);
    for (next, (i, _)) in big.chain(small).enumerate() {
        ids[i] = next as u32;
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_constants_come_first_in_program_order() {
        // threshold 100: the 101- and 500-byte constants get 0 and 1 in
        // program order, the rest follow in program order.
        assert_eq!(threshold_ids(&[10, 101, 100, 500, 7], 100), vec![2, 0, 3, 1, 4]);
        assert_eq!(threshold_ids(&[], 100), Vec::<u32>::new());
        assert_eq!(threshold_ids(&[1, 2, 3], 0), vec![0, 1, 2]);
    }

    /// `src` parsed as the body of a module: its top-level ops stand for a
    /// function's (the store reads only the first block of a body).
    fn parse(ctx: &mut Context, src: &str) -> strata_ir::parser::ParsedModule {
        tx8be::register(ctx);
        let source = strata_ir::diagnostics::SourceFile::new("test.mlir", src.to_string());
        strata_ir::parser::parse_source(
            ctx,
            &source,
            0..src.len(),
            strata_ir::parser::ParseOptions { allow_unregistered: false },
            true,
        )
        .expect("parses")
    }

    #[test]
    fn store_orders_by_id_then_program_order_and_reads_chips() {
        let mut ctx = Context::new();
        let src = r#"
          %a = tx8be.const dense<1.0> : tensor<4xf32>
          %b = tx8be.const {const_map_id = 3 : i64, chip_id = array<i64: 0, 2>} dense<1.0> : tensor<1x100xf32>
          %c = tx8be.const {const_map_id = 1 : i64, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} dense<2.0> : tensor<1x100xf32>
          %d = tx8be.const dense<1.0> : tensor<2xbf16>
        "#;
        let m = parse(&mut ctx, src);
        let body = m.body.nested(m.op).unwrap();
        let store = ConstContainer::build(&ctx, body).expect("valid");
        let ops = const_ops(&ctx, body);
        let order: Vec<Op> = store.entries().iter().map(|e| e.op).collect();
        assert_eq!(order, vec![ops[2], ops[1], ops[0], ops[3]]);
        let ids: Vec<Option<u32>> = store.entries().iter().map(|e| e.id).collect();
        assert_eq!(ids, vec![Some(1), Some(3), None, None]);
        // 100 f32 channels: dense 400 B; Cx 64 + 36 padded to 64 = 128 channels, 512 B.
        assert_eq!(store.size_of(3), Some(400));
        assert_eq!(store.size_of(1), Some(512));
        assert_eq!(store.get(1).map(|e| e.mem_layout), Some(LayoutMode::Cx));
        assert_eq!(store.size_of(0), None);
        assert_eq!(store.next_free_id(), 4);
        let b = store.get(3).unwrap();
        assert_eq!((b.param.chip_id.iter().copied().collect::<Vec<_>>(), b.param.label), (vec![0, 2], 1));
        let a = &store.entries()[2];
        assert_eq!((a.param.chip_id.iter().copied().collect::<Vec<_>>(), a.param.label), (vec![ALL_CHIPS], 0));
        assert_eq!(store.entries()[3].placed_bytes, 4);
    }

    #[test]
    fn duplicate_ids_are_an_error() {
        let mut ctx = Context::new();
        let src = r#"
          %a = tx8be.const {const_map_id = 0 : i64} dense<1.0> : tensor<4xf32>
          %b = tx8be.const {const_map_id = 0 : i64} dense<1.0> : tensor<4xf32>
        "#;
        let m = parse(&mut ctx, src);
        let body = m.body.nested(m.op).unwrap();
        let err = ConstContainer::build(&ctx, body).unwrap_err();
        assert!(err.message.contains("two tx8be.const ops have const_map_id 0"), "{}", err.message);
    }

    #[test]
    fn threshold_is_one_bank_per_tile() {
        let hw = HardwareConfig::default();
        assert_eq!(threshold_bytes(&hw), 4096 * u64::from(hw.mesh_x * hw.mesh_y));
    }
}
