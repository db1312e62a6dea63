//! `tx8be-ddr-alloc` (the simple schedule's opt_ddr + DDR allocation): gives
//! every tensor that lives in DDR an address aligned to the DDR bank
//! (4096 B): the weights first, as one contiguous image (`weights.bin`) in
//! `const_map_id` order (program order for constants without an id), then
//! the function's inputs, then every group's output, without reuse
//! (lifetime-based reuse comes with the next backend issue). Each buffer
//! has its value's placed size (`tx8be::layout::placed_bytes` of
//! `value_mem_layout`: a blocked value's padding included). A reshape
//! shares its operand's bytes. Addresses are written into the IR:
//! `ddr_addr` on `tx8be.const` and `tx8be.store_var`, `tx8be.ddr_addr` in
//! the function's argument and result attributes.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, Value, ValueDef};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;

use tx8be::layout::{placed_bytes, value_mem_layout};

use crate::constants::ConstContainer;
use crate::group_ops::entry_ops;
use crate::schedule::align;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-ddr-alloc",
    description: "Assign DDR addresses to weights, inputs and group outputs (ddr_addr, tx8be.ddr_addr)",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-ddr-alloc", |_, _| None)?;
        Ok(Box::new(DdrAlloc { hw: HardwareConfig::default() }))
    },
};

/// Where the weights image starts in DDR.
pub const DDR_BASE: u64 = 0x1000_0000;

pub struct DdrAlloc {
    pub hw: HardwareConfig,
}

/// Bytes `v` occupies in DDR: its size in its placement (padding and batch
/// alignment of a blocked value included).
fn bytes_of(ctx: &Context, body: &Body, v: Value) -> u64 {
    placed_bytes(ctx, body.value_type(v), value_mem_layout(ctx, body, v))
}

/// The DDR address of a value of an allocated function body, following
/// reshapes; `None` if it has none.
pub fn ddr_addr_of(ctx: &Context, body: &Body, func_attrs: Attribute, mut v: Value) -> Option<u64> {
    loop {
        match body.value_def(v) {
            ValueDef::BlockArg(_, index) => {
                let list = ctx.dict_get(func_attrs, "arg_attrs")?;
                let d = *ctx.as_array(list)?.get(index as usize)?;
                return ctx.dict_get(d, "tx8be.ddr_addr").and_then(|a| ctx.as_i64(a)).map(|a| a as u64);
            }
            ValueDef::Result(op, _) => match ctx.op_name_str(body.op_name(op)) {
                "tx8be.Reshape" => v = body.operand(op, 0),
                "tx8be.const" | "tx8be.store_var" => return body.op_attr(ctx, op, "ddr_addr").and_then(|a| ctx.as_i64(a)).map(|a| a as u64),
                "tx8be.group" => v = group_store(ctx, body, op)?,
                _ => return None,
            },
        }
    }
}

/// The value a group yields (its store_var's result).
pub fn group_store(ctx: &Context, body: &Body, group: Op) -> Option<Value> {
    let region = *body.local_regions(group).first()?;
    let block = body.first_block(region)?;
    let y = body.last_op(block)?;
    (ctx.op_name_str(body.op_name(y)) == "tx8be.yield").then(|| body.operand(y, 0))
}

fn set_list_entry(ctx: &Context, attrs: Attribute, list_name: &str, count: usize, index: usize, key: &str, value: Attribute) -> Attribute {
    let mut list: Vec<Attribute> = ctx.dict_get(attrs, list_name).and_then(|l| ctx.as_array(l)).map(|l| l.to_vec()).unwrap_or_default();
    list.resize(count, ctx.empty_dictionary());
    list[index] = ctx.dict_with(list[index], ctx.intern_str(key), Some(value));
    ctx.dict_with(attrs, ctx.intern_str(list_name), Some(ctx.array_attr(&list)))
}

impl Pass for DdrAlloc {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beDdrAlloc"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let module = &mut *target.body;
        let funcs: Vec<Op> = entry_ops(module).into_iter().filter(|&f| ctx.op_name_str(module.op_name(f)) == "func.func").collect();
        let bank = self.hw.ddr_bank_bytes.max(1);
        let i64t = ctx.i64();
        let mut next = DDR_BASE;
        for f in funcs {
            let mut fattrs = module.op_attrs(f);
            let Some(body) = module.nested_mut(f) else { continue };
            let ops = entry_ops(body);
            // Weights first: one contiguous image, in const_map_id order.
            let weights: Vec<(Op, u64)> = ConstContainer::build(ctx, body)?.entries().iter().map(|e| (e.op, e.placed_bytes)).collect();
            for (op, bytes) in weights {
                body.set_op_attr(ctx, op, "ddr_addr", Some(ctx.integer_attr(i64t, next as i64)));
                next = align(next + bytes.max(1), bank);
            }
            let entry = body.root_regions().first().and_then(|&r| body.first_block(r));
            let args: Vec<Value> = entry.map(|b| body.block_args(b).to_vec()).unwrap_or_default();
            for (i, &a) in args.iter().enumerate() {
                let bytes = bytes_of(ctx, body, a);
                fattrs = set_list_entry(ctx, fattrs, "arg_attrs", args.len(), i, "tx8be.ddr_addr", ctx.integer_attr(i64t, next as i64));
                next = align(next + bytes.max(1), bank);
            }
            for &op in &ops {
                if ctx.op_name_str(body.op_name(op)) != "tx8be.group" {
                    continue;
                }
                let Some(stored) = group_store(ctx, body, op) else { continue };
                let Some(store) = body.defining_op(stored) else { continue };
                let bytes = bytes_of(ctx, body, stored);
                body.set_op_attr(ctx, store, "ddr_addr", Some(ctx.integer_attr(i64t, next as i64)));
                next = align(next.saturating_add(bytes.max(1)), bank);
                if next > self.hw.ddr_bytes {
                    let name = crate::sharding::group_compute_op(ctx, body, op).map(|c| ctx.op_name_str(body.op_name(c)).to_string()).unwrap_or_default();
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        format!("'{name}' does not fit the card: its {bytes}-byte result would end at DDR byte {next}, past the card's {} bytes", self.hw.ddr_bytes),
                    ));
                }
            }
            if next > self.hw.ddr_bytes {
                return Err(Diagnostic::error(module.op_loc(f), format!("the model needs {next} bytes of DDR; the card has {}", self.hw.ddr_bytes)));
            }
            // Results: where the returned values live.
            let body = module.nested(f).expect("checked above");
            let ret = ops.iter().copied().find(|&o| ctx.op_name_str(body.op_name(o)) == "func.return");
            if let Some(ret) = ret {
                let n = body.num_operands(ret);
                for i in 0..n {
                    if let Some(addr) = ddr_addr_of(ctx, body, fattrs, body.operand(ret, i)) {
                        fattrs = set_list_entry(ctx, fattrs, "res_attrs", n, i, "tx8be.ddr_addr", ctx.integer_attr(i64t, addr as i64));
                    }
                }
            }
            module.set_op_attrs(f, fattrs);
        }
        Ok(PreservedAnalyses::none())
    }
}
