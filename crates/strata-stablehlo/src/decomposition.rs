//! Outlining a matched op sequence into a `stablehlo.composite` and its
//! private decomposition function (used by `stablehlo-fuse-composites`).
//!
//! The matched ops are cloned, in block order, into a new private
//! `func.func` whose arguments are the sequence's inputs; the final op's
//! result is replaced by a `stablehlo.composite` calling it, and matched
//! ops left without uses are erased. Ops whose results are also used
//! outside the sequence stay (their copy in the decomposition recomputes
//! the same values), so outlining is always semantics-preserving.

use strata_ir::surgery::{IrMapping, Source};
use strata_ir::{Attribute, Body, Context, Op, OpSpec, Type, Value};

/// A matched sequence, found in a function body.
pub struct Outline {
    /// `tx8.softmax`, `tx8.layernorm`, `tx8.gelu`.
    pub name: &'static str,
    /// The composite's operands, in order.
    pub inputs: Vec<Value>,
    /// Every op of the sequence (constants included), any order.
    pub ops: Vec<Op>,
    /// The op whose single result the composite replaces.
    pub root: Op,
    pub attributes: Vec<(&'static str, Attribute)>,
}

/// Whether `o` reads only the outline's inputs and results of its own ops.
pub fn is_closed(body: &Body, o: &Outline) -> bool {
    o.ops.iter().all(|&op| {
        body.operands(op).all(|v| o.inputs.contains(&v) || body.defining_op(v).is_some_and(|d| o.ops.contains(&d)))
    }) && o.ops.contains(&o.root)
}

/// The symbol names of the module's block (to pick fresh ones).
pub fn module_symbols(
    ctx: &Context,
    module_body: &Body,
    module_block: strata_ir::Block,
) -> std::collections::HashSet<String> {
    module_body
        .block_ops(module_block)
        .filter_map(|op| {
            module_body
                .op_attr(ctx, op, "sym_name")
                .and_then(|a| ctx.as_string(a))
                .map(|s| String::from_utf8_lossy(s).into_owned())
        })
        .collect()
}

/// A name not in `used`: `base`, `base_0`, `base_1`, ...; recorded as used.
pub fn unique_symbol(used: &mut std::collections::HashSet<String>, base: &str) -> String {
    let name = if used.contains(base) {
        (0..).map(|i| format!("{base}_{i}")).find(|n| !used.contains(n)).unwrap()
    } else {
        base.to_string()
    };
    used.insert(name.clone());
    name
}

/// Builds the private decomposition function `sym` for `o` (cloned from
/// `fb`), detached in `module_body`.
pub fn build_decomposition(ctx: &Context, module_body: &mut Body, fb: &Body, o: &Outline, sym: &str) -> Op {
    let loc = fb.op_loc(o.root);
    let in_types: Vec<Type> = o.inputs.iter().map(|&v| fb.value_type(v)).collect();
    let out_type = fb.value_type(fb.result(o.root, 0));
    let fty = ctx.function_type(&in_types, &[out_type]);
    let attrs = ctx.dictionary(vec![
        (ctx.intern_str("sym_name"), ctx.string_attr(sym)),
        (ctx.intern_str("function_type"), ctx.type_attr(fty)),
        (ctx.intern_str("sym_visibility"), ctx.string_attr("private")),
    ]);
    let func = module_body.create_op(OpSpec::new(ctx, "func.func", loc).attrs(attrs).regions(1));
    let nb = module_body.nested_mut(func).expect("func.func is isolated from above");
    let region = nb.root_regions()[0];
    let block = nb.create_block();
    nb.append_block(region, block);
    let mut map = IrMapping::default();
    for (&v, &t) in o.inputs.iter().zip(&in_types) {
        let arg = nb.add_block_arg(block, t, loc);
        map.map_value(v, arg);
    }
    let mut ordered = o.ops.clone();
    ordered.sort_by(|&a, &b| {
        if fb.is_before_in_block_slow(a, b) {
            std::cmp::Ordering::Less
        } else if a == b {
            std::cmp::Ordering::Equal
        } else {
            std::cmp::Ordering::Greater
        }
    });
    for op in ordered {
        let new = nb.clone_op(Source::Other(fb), op, &mut map);
        nb.append_op(block, new);
    }
    let result = map.value(fb.result(o.root, 0));
    let ret = nb.create_op(OpSpec::new(ctx, "func.return", loc).operands(&[result]));
    nb.append_op(block, ret);
    func
}

/// Replaces `o.root` in `fb` by a composite calling `sym`, then erases the
/// matched ops left without uses.
pub fn replace_with_composite(ctx: &Context, fb: &mut Body, o: &Outline, sym: &str) -> Op {
    let loc = fb.op_loc(o.root);
    let out_type = fb.value_type(fb.result(o.root, 0));
    let comp_attrs: Vec<_> = o.attributes.iter().map(|(k, v)| (ctx.intern_str(k), *v)).collect();
    let mut entries =
        vec![(ctx.intern_str("name"), ctx.string_attr(o.name)), (ctx.intern_str("decomposition"), ctx.symbol_ref(sym))];
    if !comp_attrs.is_empty() {
        entries.push((ctx.intern_str("composite_attributes"), ctx.dictionary(comp_attrs)));
    }
    let attrs = ctx.dictionary(entries);
    let comp = fb
        .create_op(OpSpec::new(ctx, "stablehlo.composite", loc).operands(&o.inputs).results(&[out_type]).attrs(attrs));
    fb.insert_op_before(o.root, comp);
    fb.replace_all_uses_with(fb.result(o.root, 0), fb.result(comp, 0));
    loop {
        let dead: Vec<Op> = o.ops.iter().copied().filter(|&op| !fb.is_erased(op) && fb.op_results_unused(op)).collect();
        if dead.is_empty() {
            break;
        }
        for op in dead {
            fb.erase_op(op);
        }
    }
    comp
}
