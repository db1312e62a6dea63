//! `tx8be-ddr-alloc` (the seed's opt_ddr + DDR allocation): gives every
//! tensor that lives in DDR an address aligned to the DDR bank (4096 B,
//! opt_ddr's rule: no buffer shares a bank with another).
//!
//! - The weights first, as one contiguous image (`weights.bin`) in
//!   `const_map_id` order (program order for constants without an id),
//!   then the function's inputs, then the groups whose output is a
//!   function result: these are never reused.
//! - Every other group output (an activation) lives from the group that
//!   writes it to the last group that reads it. Its bytes are handed to a
//!   later group only if that group writes in a later barrier epoch than
//!   the last read (`opt_barrier::epochs`): otherwise a tile could
//!   overwrite rows another tile has not read yet (the C model's race
//!   detector checks exactly this). Placement is first fit over the freed
//!   ranges, in group order. With `reuse=false` (tx8c's `--compare-all`,
//!   which reads every group's output after the run) nothing is reused.
//!
//! Each buffer has its value's placed size (`tx8be::layout::placed_bytes`
//! of `value_mem_layout`: a blocked value's padding included). A reshape
//! shares its operand's bytes. Addresses are written into the IR:
//! `ddr_addr` on `tx8be.const` and `tx8be.store_var`, `tx8be.ddr_addr` in
//! the function's argument and result attributes, and the bytes of DDR the
//! function uses from `DDR_BASE` as `tx8be.ddr_bytes` on the function.

use std::collections::{HashMap, HashSet};

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;

use tx8be::layout::{placed_bytes, value_mem_layout};
use tx8be::{op_kind, OpKind};

use crate::constants::ConstContainer;
use crate::opt_barrier::{epochs, group_reads};
use tx8be::schedule::ddr::ddr_addr_of;
use tx8be::schedule::ddr::{DDR_ADDR_ATTR, DDR_BYTES_ATTR};
use tx8be::schedule::groups::entry_ops;
use tx8be::schedule::groups::group_store;
use tx8be::schedule::groups::groups;
use tx8be::schedule::steps::align;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-ddr-alloc",
    description: "Assign DDR addresses to weights, inputs and group outputs (ddr_addr, tx8be.ddr_addr)",
    options: &[("reuse", "hand a dead activation's bytes to later groups (default true)")],
    ctor: |opts| {
        let mut pass = DdrAlloc { reuse: true };
        opts.apply("tx8be-ddr-alloc", |k, v| {
            Some(match k {
                "reuse" => match v {
                    "true" | "1" | "false" | "0" => {
                        pass.reuse = matches!(v, "true" | "1");
                        Ok(())
                    }
                    _ => Err("expected true or false".to_string()),
                },
                _ => return None,
            })
        })?;
        Ok(Box::new(pass))
    },
};

/// Where the weights image starts in DDR.
pub const DDR_BASE: u64 = 0x1000_0000;

pub struct DdrAlloc {
    /// Reuse the bytes of dead activations (false: every output its own).
    pub reuse: bool,
}

/// Bytes `v` occupies in DDR: its size in its placement (padding and batch
/// alignment of a blocked value included).
fn bytes_of(ctx: &Context, body: &Body, v: Value) -> u64 {
    placed_bytes(ctx, body.value_type(v), value_mem_layout(ctx, body, v))
}

fn set_list_entry(
    ctx: &Context,
    attrs: Attribute,
    list_name: &str,
    count: usize,
    index: usize,
    key: &str,
    value: Attribute,
) -> Attribute {
    let mut list: Vec<Attribute> =
        ctx.dict_get(attrs, list_name).and_then(|l| ctx.as_array(l)).map(|l| l.to_vec()).unwrap_or_default();
    list.resize(count, ctx.empty_dictionary());
    list[index] = ctx.dict_with(list[index], ctx.intern_str(key), Some(value));
    ctx.dict_with(attrs, ctx.intern_str(list_name), Some(ctx.array_attr(&list)))
}

/// The groups whose outputs the function returns (through reshapes).
fn result_groups(ctx: &Context, body: &Body, ops: &[Op]) -> HashSet<Op> {
    let mut out = HashSet::new();
    let Some(&ret) = ops.iter().find(|&&o| ctx.op_name_str(body.op_name(o)) == "func.return") else { return out };
    for mut v in body.operands(ret) {
        while let Some(d) = body.defining_op(v) {
            match op_kind(ctx, body, d) {
                Some(OpKind::Reshape) => v = body.operand(d, 0),
                Some(OpKind::Group) => {
                    out.insert(d);
                    break;
                }
                _ => break,
            }
        }
    }
    out
}

/// A live activation buffer of the arena: offset, bytes, and the last
/// barrier epoch in which a group reads it (`None`: never freed).
struct Live {
    offset: u64,
    bytes: u64,
    last_read_epoch: Option<u64>,
}

/// First fit of `bytes` among `live` (sorted by offset): the lowest offset
/// of a gap that holds them, bank aligned.
fn first_fit(live: &[Live], bytes: u64, bank: u64) -> u64 {
    let mut at = 0;
    for l in live {
        if l.offset >= at + bytes {
            break;
        }
        at = at.max(align(l.offset + l.bytes, bank));
    }
    at
}

impl DdrAlloc {
    /// Places every group's output from DDR address `next` on: the
    /// function's results first (never reused), then the activations in
    /// an arena where a buffer whose last reader ran in an earlier barrier
    /// epoch is free again. Returns the end of the DDR used.
    fn place_group_outputs(
        &self,
        hw: &HardwareConfig,
        ctx: &Context,
        body: &mut Body,
        ops: &[Op],
        mut next: u64,
    ) -> Result<u64, Diagnostic> {
        let bank = hw.ddr_bank_bytes.max(1);
        let i64t = ctx.i64();
        let gs = groups(ctx, body);
        let epoch = epochs(ctx, body, &gs);
        let index: HashMap<Op, usize> = gs.iter().enumerate().map(|(i, &g)| (g, i)).collect();
        // The last epoch each group's output is read in.
        let mut last_read: Vec<u64> = epoch.clone();
        for (i, &g) in gs.iter().enumerate() {
            for w in group_reads(ctx, body, g) {
                if let Some(&j) = index.get(&w) {
                    last_read[j] = last_read[j].max(epoch[i]);
                }
            }
        }
        let results = result_groups(ctx, body, ops);
        let mut addr: Vec<Option<u64>> = vec![None; gs.len()];
        let bytes: Vec<Option<u64>> =
            gs.iter().map(|&g| group_store(ctx, body, g).map(|v| bytes_of(ctx, body, v).max(1))).collect();
        for (i, &g) in gs.iter().enumerate() {
            let (Some(b), true) = (bytes[i], results.contains(&g) || !self.reuse) else { continue };
            addr[i] = Some(next);
            next = align(next.saturating_add(b), bank);
            Self::check_fits(hw, ctx, body, g, b, next)?;
        }
        let arena = next;
        let mut live: Vec<Live> = Vec::new();
        for (i, &g) in gs.iter().enumerate() {
            let Some(b) = bytes[i] else { continue };
            if addr[i].is_some() {
                continue;
            }
            live.retain(|l| l.last_read_epoch.is_none_or(|e| e >= epoch[i]));
            let offset = first_fit(&live, b, bank);
            let at = live.partition_point(|l| l.offset < offset);
            live.insert(at, Live { offset, bytes: b, last_read_epoch: Some(last_read[i]) });
            addr[i] = Some(arena + offset);
            let end = align(arena.saturating_add(offset).saturating_add(b), bank);
            Self::check_fits(hw, ctx, body, g, b, end)?;
            next = next.max(end);
        }
        for (i, &g) in gs.iter().enumerate() {
            let (Some(a), Some(store)) = (addr[i], group_store(ctx, body, g).and_then(|v| body.defining_op(v))) else {
                continue;
            };
            body.set_op_attr(ctx, store, "ddr_addr", Some(ctx.integer_attr(i64t, a as i64)));
        }
        Ok(next)
    }

    fn check_fits(
        hw: &HardwareConfig,
        ctx: &Context,
        body: &Body,
        g: Op,
        bytes: u64,
        end: u64,
    ) -> Result<(), Diagnostic> {
        if end <= hw.ddr_bytes {
            return Ok(());
        }
        let name = tx8be::schedule::groups::group_compute_op(ctx, body, g)
            .map(|c| ctx.op_name_str(body.op_name(c)).to_string())
            .unwrap_or_default();
        Err(Diagnostic::error(
            body.op_loc(g),
            format!("'{name}' does not fit the card: its {bytes}-byte result would end at DDR byte {end}, past the card's {} bytes", hw.ddr_bytes),
        ))
    }
}

impl Pass for DdrAlloc {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beDdrAlloc"
    }
    fn options_text(&self) -> String {
        if self.reuse {
            String::new()
        } else {
            "{reuse=false}".into()
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let module = &mut *target.body;
        let funcs: Vec<Op> =
            entry_ops(module).into_iter().filter(|&f| ctx.op_name_str(module.op_name(f)) == "func.func").collect();
        let bank = hw.ddr_bank_bytes.max(1);
        let i64t = ctx.i64();
        let mut next = DDR_BASE;
        for f in funcs {
            let mut fattrs = module.op_attrs(f);
            let Some(body) = module.nested_mut(f) else { continue };
            let ops = entry_ops(body);
            // Weights first: one contiguous image, in const_map_id order.
            let weights: Vec<(Op, u64)> =
                ConstContainer::build(ctx, body)?.entries().iter().map(|e| (e.op, e.placed_bytes)).collect();
            for (op, bytes) in weights {
                body.set_op_attr(ctx, op, "ddr_addr", Some(ctx.integer_attr(i64t, next as i64)));
                next = align(next.saturating_add(bytes.max(1)), bank);
                if next > hw.ddr_bytes {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        format!("a constant does not fit the card: its {bytes} bytes would end at DDR byte {next}, past the card's {} bytes", hw.ddr_bytes),
                    ));
                }
            }
            let entry = body.root_regions().first().and_then(|&r| body.first_block(r));
            let args: Vec<Value> = entry.map(|b| body.block_args(b).to_vec()).unwrap_or_default();
            for (i, &a) in args.iter().enumerate() {
                let bytes = bytes_of(ctx, body, a);
                fattrs = set_list_entry(
                    ctx,
                    fattrs,
                    "arg_attrs",
                    args.len(),
                    i,
                    DDR_ADDR_ATTR,
                    ctx.integer_attr(i64t, next as i64),
                );
                next = align(next + bytes.max(1), bank);
            }
            next = self.place_group_outputs(&hw, ctx, body, &ops, next)?;
            if next > hw.ddr_bytes {
                return Err(Diagnostic::error(
                    module.op_loc(f),
                    format!("the model needs {next} bytes of DDR; the card has {}", hw.ddr_bytes),
                ));
            }
            fattrs = ctx.dict_with(
                fattrs,
                ctx.intern_str(DDR_BYTES_ATTR),
                Some(ctx.integer_attr(i64t, (next - DDR_BASE) as i64)),
            );
            // Results: where the returned values live.
            let body = module.nested(f).expect("checked above");
            let ret = ops.iter().copied().find(|&o| ctx.op_name_str(body.op_name(o)) == "func.return");
            if let Some(ret) = ret {
                let n = body.num_operands(ret);
                for i in 0..n {
                    if let Some(addr) = ddr_addr_of(ctx, body, fattrs, body.operand(ret, i)) {
                        fattrs = set_list_entry(
                            ctx,
                            fattrs,
                            "res_attrs",
                            n,
                            i,
                            DDR_ADDR_ATTR,
                            ctx.integer_attr(i64t, addr as i64),
                        );
                    }
                }
            }
            module.set_op_attrs(f, fattrs);
        }
        Ok(PreservedAnalyses::none())
    }
}
