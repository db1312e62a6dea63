//! `convert-stablehlo-to-tx8be`: lowers the graph level (stablehlo, ONNX's
//! layouts) to the backend level (tx8be, the operator library's layouts and
//! element types), function by function.
//!
//! What changes on the way:
//! - element types: floats become the compute type (`dtype` option: bf16,
//!   f16 or f32), integers i32 (the card has no i64), i1 stays i1; the
//!   operator library's fp32-only operands (conv/gemm bias, batch-norm and
//!   layer-norm parameters) stay f32;
//! - layouts: convolutions and pools run in NHWC with HWIO weights, with
//!   `tx8be.Transpose` ops at the edges (weights are permuted at compile
//!   time); `tx8be-cancel-transposes` removes the pairs that meet;
//! - implicit numpy broadcasting: `broadcast_in_dim` feeding an element-wise
//!   op becomes a free reshape of its source (the operator library
//!   broadcasts); it is materialised only for other consumers;
//! - constants are created where they are used (`tx8be.const`), so weights
//!   that lowering rearranges never exist twice.
//!
//! Every op the lowering does not know is reported with its location (the
//! ONNX node name), all of them at once.

mod elementwise;
mod movement;
mod nn;

use std::collections::HashMap;

use strata_ir::types::FloatKind;
use strata_ir::{Attribute, Body, Context, Diagnostic, Location, Op, OpSpec, Type, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8be::OpKind;

use crate::dense::{dense_attr, read_dense, ConstTensor};

pub const INFO: PassInfo = PassInfo {
    argument: "convert-stablehlo-to-tx8be",
    description: "Lower stablehlo ops to tx8be operator-library ops (NHWC, compute dtype)",
    options: &[("dtype", "element type of weights and activations: bf16 (default), f16 or f32")],
    ctor: |opts| {
        let mut pass = LowerStablehlo { dtype: FloatKind::BF16 };
        opts.apply("convert-stablehlo-to-tx8be", |k, v| {
            Some(match k {
                "dtype" => match v {
                    "bf16" => {
                        let _: () = pass.dtype = FloatKind::BF16;
                        Ok(())
                    }
                    "f16" | "fp16" => {
                        let _: () = pass.dtype = FloatKind::F16;
                        Ok(())
                    }
                    "f32" | "fp32" => {
                        let _: () = pass.dtype = FloatKind::F32;
                        Ok(())
                    }
                    _ => Err("expected bf16, f16 or f32".to_string()),
                },
                _ => return None,
            })
        })?;
        Ok(Box::new(pass))
    },
};

pub struct LowerStablehlo {
    pub dtype: FloatKind,
}

impl Pass for LowerStablehlo {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "ConvertStablehloToTx8be"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options_text(&self) -> String {
        let d = match self.dtype {
            FloatKind::F16 => "f16",
            FloatKind::F32 => "f32",
            _ => "bf16",
        };
        format!("{{dtype={d}}}")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let module_body: &mut Body = target.body;
        let funcs: Vec<Op> = module_ops(module_body)
            .into_iter()
            .filter(|&op| ctx.op_name_str(module_body.op_name(op)) == "func.func")
            .collect();
        // Composite decompositions are not needed after lowering: the
        // composites become single backend ops. They are found before any
        // function is lowered (lowering a caller removes its composites).
        let decompositions: Vec<Op> = funcs
            .iter()
            .copied()
            .filter(|&f| {
                let attrs = module_body.op_attrs(f);
                let private = ctx.dict_get(attrs, "sym_visibility").and_then(|a| ctx.as_string(a)) == Some(b"private");
                private && is_referenced_by_composite(ctx, module_body, &funcs, f)
            })
            .collect();
        let calls = uninlined_call_reasons(ctx, module_body, &funcs);
        for &f in &funcs {
            // A declaration has nothing to lower; its calls say why they
            // cannot run.
            if decompositions.contains(&f) || !has_body(module_body, f) {
                continue;
            }
            lower_func(ctx, module_body, f, self.dtype, &calls)?;
        }
        for f in decompositions {
            module_body.erase_op(f);
        }
        Ok(PreservedAnalyses::none())
    }
}

fn module_ops(body: &Body) -> Vec<Op> {
    let mut out = Vec::new();
    for &r in body.root_regions() {
        for b in body.blocks(r) {
            out.extend(body.block_ops(b));
        }
    }
    out
}

fn sym_name(ctx: &Context, body: &Body, op: Op) -> String {
    ctx.dict_get(body.op_attrs(op), "sym_name")
        .and_then(|a| ctx.as_string(a))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default()
}

fn is_referenced_by_composite(ctx: &Context, body: &Body, funcs: &[Op], f: Op) -> bool {
    let name = sym_name(ctx, body, f);
    funcs.iter().any(|&g| {
        let Some(nb) = body.nested(g) else { return false };
        let mut found = false;
        for &r in nb.root_regions() {
            for b in nb.blocks(r) {
                for op in nb.block_ops(b) {
                    if ctx.op_name_str(nb.op_name(op)) == "stablehlo.composite" {
                        if let Some(d) = ctx.dict_get(nb.op_attrs(op), "decomposition") {
                            if let strata_ir::AttrKind::SymbolRef { root, .. } = ctx.attr_kind(d) {
                                found |= ctx.str(*root) == name;
                            }
                        }
                    }
                }
            }
        }
        found
    })
}

/// Whether function `f` has a body (a declaration has an empty region).
fn has_body(body: &Body, f: Op) -> bool {
    body.nested(f).is_some_and(|b| b.root_regions().first().is_some_and(|&r| b.first_block(r).is_some()))
}

/// The callee of a `func.call`.
fn callee_name(ctx: &Context, body: &Body, call: Op) -> Option<String> {
    let a = ctx.dict_get(body.op_attrs(call), "callee")?;
    match ctx.attr_kind(a) {
        strata_ir::AttrKind::SymbolRef { root, .. } => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}

/// The callees of every `func.call` in `body`, nested regions included.
fn calls_in(ctx: &Context, body: &Body) -> Vec<String> {
    fn walk(ctx: &Context, body: &Body, regions: &[strata_ir::Region], out: &mut Vec<String>) {
        for &r in regions {
            for b in body.blocks(r) {
                for op in body.block_ops(b) {
                    if ctx.op_name_str(body.op_name(op)) == "func.call" {
                        out.extend(callee_name(ctx, body, op));
                    }
                    walk(ctx, body, body.local_regions(op), out);
                    if let Some(nb) = body.nested(op) {
                        walk(ctx, nb, nb.root_regions(), out);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(ctx, body, body.root_regions(), &mut out);
    out
}

/// Why a call to each function of the module is still there at lowering
/// (tx8c inlines every call first: the card runs one flat program), by
/// callee name: a declaration without a body, a function that reaches
/// itself through calls (the inliner leaves recursion alone), or another
/// reason the inliner declined.
fn uninlined_call_reasons(ctx: &Context, body: &Body, funcs: &[Op]) -> HashMap<String, String> {
    let callees: HashMap<String, Vec<String>> = funcs
        .iter()
        .map(|&f| (sym_name(ctx, body, f), body.nested(f).map(|b| calls_in(ctx, b)).unwrap_or_default()))
        .collect();
    // Whether `from` reaches `to` through calls.
    let reaches = |from: &str, to: &str| {
        let mut seen: Vec<&str> = Vec::new();
        let mut stack: Vec<&str> =
            callees.get(from).map(|v| v.iter().map(String::as_str).collect()).unwrap_or_default();
        while let Some(n) = stack.pop() {
            if n == to {
                return true;
            }
            if !seen.contains(&n) {
                seen.push(n);
                stack.extend(callees.get(n).into_iter().flatten().map(String::as_str));
            }
        }
        false
    };
    funcs
        .iter()
        .map(|&f| {
            let name = sym_name(ctx, body, f);
            let why = if !has_body(body, f) {
                format!("@{name} is a declaration without a body (tx8c compiles whole programs: the card runs no calls)")
            } else if reaches(&name, &name) {
                format!("@{name} is recursive (it reaches itself through calls), and tx8c inlines every call: the card runs no calls")
            } else {
                format!("the inliner could not inline @{name}, and the card runs no calls")
            };
            (name, why)
        })
        .collect()
}

/// Lowers the body and signature of one function (`calls`: why a call
/// to each function was not inlined).
fn lower_func(
    ctx: &Context,
    module_body: &mut Body,
    f: Op,
    dtype: FloatKind,
    calls: &HashMap<String, String>,
) -> Result<(), Diagnostic> {
    let f_loc = module_body.op_loc(f);
    let f_attrs = module_body.op_attrs(f);
    let body = module_body.nested_mut(f).ok_or_else(|| Diagnostic::error(f_loc, "function without a body"))?;
    let entry = body
        .root_regions()
        .first()
        .and_then(|&r| body.first_block(r))
        .ok_or_else(|| Diagnostic::error(f_loc, "function without a body"))?;
    let mut lw = Lowering {
        ctx,
        body,
        map: HashMap::new(),
        dtype: ctx.float_type(dtype),
        errors: Vec::new(),
        fused: HashMap::new(),
    };
    // Arguments change type in place.
    let args: Vec<Value> = lw.body.block_args(entry).to_vec();
    for &a in &args {
        let t = lw.body.value_type(a);
        let nt = lw.convert_type(t);
        lw.body.set_value_type(a, nt);
        lw.map.insert(a, a);
    }
    let ops: Vec<Op> = lw.body.block_ops(entry).collect();
    let mut result_types = Vec::new();
    for &op in &ops {
        let name = ctx.op_name_str(lw.body.op_name(op)).to_string();
        if name == "func.return" {
            let operands: Vec<Value> = lw.body.operands(op).collect();
            let mut mapped = Vec::new();
            for v in operands {
                match lw.get(v, op) {
                    Some(nv) => mapped.push(nv),
                    None => continue,
                }
            }
            if mapped.len() == lw.body.num_operands(op) {
                result_types = mapped.iter().map(|&v| lw.body.value_type(v)).collect();
                lw.body.set_operands(op, &mapped);
            }
            continue;
        }
        if name == "func.call" {
            let callee = callee_name(ctx, lw.body, op).unwrap_or_default();
            let why =
                calls.get(&callee).cloned().unwrap_or_else(|| format!("the module defines no function @{callee}"));
            lw.error(op, format!("call to @{callee} cannot be inlined: {why}"));
            continue;
        }
        if lazy_op(&name) || (lw.body.num_results(op) > 0 && lw.fused.contains_key(&lw.body.result(op, 0))) {
            continue;
        }
        lw.lower_op(op, &name);
    }
    if !lw.errors.is_empty() {
        let mut errors = std::mem::take(&mut lw.errors);
        let mut first = errors.remove(0);
        for e in errors {
            first = first.with_note(e.loc, e.message);
        }
        return Err(first);
    }
    // The old ops are dead now; erase them last to first.
    for &op in ops.iter().rev() {
        let name = ctx.op_name_str(lw.body.op_name(op));
        if name != "func.return" && !lw.body.is_erased(op) {
            for v in lw.body.results(op).collect::<Vec<_>>() {
                lw.body.drop_all_uses(v);
            }
            lw.body.erase_op(op);
        }
    }
    let arg_types: Vec<Type> = args.iter().map(|&a| lw.body.value_type(a)).collect();
    let fty = ctx.function_type(&arg_types, &result_types);
    let new_attrs = ctx.dict_with(f_attrs, ctx.intern_str("function_type"), Some(ctx.type_attr(fty)));
    module_body.set_op_attrs(f, new_attrs);
    Ok(())
}

/// Ops lowered only when a consumer needs them (`Lowering::get`).
fn lazy_op(name: &str) -> bool {
    matches!(name, "stablehlo.constant" | "stablehlo.broadcast_in_dim" | "stablehlo.iota")
}

/// State of lowering one function.
pub(crate) struct Lowering<'a> {
    pub ctx: &'a Context,
    pub body: &'a mut Body,
    /// stablehlo value -> its tx8be value.
    pub map: HashMap<Value, Value>,
    /// The compute float type.
    pub dtype: Type,
    pub errors: Vec<Diagnostic>,
    /// Results of stablehlo ops folded into another op's lowering (a bias
    /// add into a conv), with the tx8be value that replaces them.
    pub fused: HashMap<Value, Value>,
}

impl<'a> Lowering<'a> {
    pub fn error(&mut self, op: Op, msg: impl Into<String>) {
        let loc = self.body.op_loc(op);
        self.errors.push(Diagnostic::error(loc, msg));
    }

    pub fn attr(&self, op: Op, name: &str) -> Option<Attribute> {
        self.ctx.dict_get(self.body.op_attrs(op), name)
    }

    pub fn i64_attr(&self, op: Op, name: &str) -> Option<i64> {
        self.attr(op, name).and_then(|a| self.ctx.as_i64(a))
    }

    pub fn array_attr(&self, op: Op, name: &str) -> Option<Vec<i64>> {
        self.attr(op, name).and_then(|a| strata_stablehlo::attrs::read_i64_array(self.ctx, a))
    }

    pub fn dims(&self, v: Value) -> Vec<i64> {
        self.ctx.shape(self.body.value_type(v)).map(|s| s.to_vec()).unwrap_or_default()
    }

    /// The compute type of a graph-level type.
    pub fn convert_elem(&self, e: Type) -> Type {
        let ctx = self.ctx;
        if ctx.is_float(e) {
            self.dtype
        } else if ctx.is_signless_integer_of_width(e, 1) {
            e
        } else if ctx.is_integer(e) || ctx.is_index(e) {
            ctx.i32()
        } else {
            e
        }
    }

    pub fn convert_type(&self, t: Type) -> Type {
        match (self.ctx.shape(t), self.ctx.element_type(t)) {
            (Some(shape), Some(e)) => self.ctx.ranked_tensor_type(shape, self.convert_elem(e)),
            _ => t,
        }
    }

    /// Creates a tx8be op before `before` and returns its result.
    pub fn emit(
        &mut self,
        before: Op,
        kind: OpKind,
        operands: &[Value],
        result: Type,
        attrs: Vec<(&str, Attribute)>,
    ) -> Value {
        let ctx = self.ctx;
        let loc: Location = self.body.op_loc(before);
        let entries = attrs.into_iter().map(|(k, v)| (ctx.intern_str(k), v)).collect();
        let op = self.body.create_op(
            OpSpec::new(ctx, kind.name(), loc).operands(operands).results(&[result]).attrs(ctx.dictionary(entries)),
        );
        self.body.insert_op_before(before, op);
        self.body.result(op, 0)
    }

    /// A `tx8be.const` holding `t` as `elem`.
    pub fn emit_const(&mut self, before: Op, t: &ConstTensor, elem: Type) -> Value {
        let value = dense_attr(self.ctx, t, elem);
        let ty = self.ctx.ranked_tensor_type(&t.dims, elem);
        self.emit(before, OpKind::Const, &[], ty, vec![("value", value)])
    }

    /// The constant a graph value holds, if it is one (looking through
    /// broadcasts of constants is the caller's business).
    pub fn const_of(&self, v: Value) -> Option<ConstTensor> {
        let def = self.body.defining_op(v)?;
        match self.ctx.op_name_str(self.body.op_name(def)) {
            "stablehlo.constant" => read_dense(self.ctx, self.attr(def, "value")?),
            "stablehlo.iota" => {
                let dims = self.dims(v);
                let axis = self.i64_attr(def, "iota_dimension")? as usize;
                let n: i64 = dims.iter().product();
                let inner: i64 = dims[axis + 1..].iter().product();
                let values = (0..n).map(|i| ((i / inner) % dims[axis]) as f64).collect();
                Some(ConstTensor { dims, elem: self.ctx.element_type(self.body.value_type(v))?, values, splat: false })
            }
            _ => None,
        }
    }

    /// The stablehlo op defining `v`, with its name.
    pub fn def(&self, v: Value) -> Option<(Op, &'a str)> {
        let d = self.body.defining_op(v)?;
        Some((d, self.ctx.op_name_str(self.body.op_name(d))))
    }

    /// The tx8be value of graph value `v`, lowering lazy producers
    /// (constants, broadcasts) on demand just before `user`.
    pub fn get(&mut self, v: Value, user: Op) -> Option<Value> {
        if let Some(&nv) = self.map.get(&v) {
            return Some(nv);
        }
        if let Some(&nv) = self.fused.get(&v) {
            return Some(nv);
        }
        let (def, name) = self.def(v)?;
        let nv = match name {
            "stablehlo.constant" | "stablehlo.iota" => {
                let Some(c) = self.const_of(v) else {
                    self.error(def, "cannot read this constant");
                    return None;
                };
                let elem = self.convert_elem(c.elem);
                self.emit_const(user, &c, elem)
            }
            "stablehlo.broadcast_in_dim" => {
                let src = self.broadcast_source(v, user)?;
                movement::materialize_broadcast(self, def, src, user)?
            }
            _ => {
                // A producer that failed to lower has reported its error.
                return None;
            }
        };
        self.map.insert(v, nv);
        Some(nv)
    }

    /// For an operand of an element-wise op: the value to pass so that the
    /// operator library's numpy broadcasting does what `broadcast_in_dim`
    /// says (its source reshaped to the result's rank), or the lowered
    /// value itself.
    pub fn broadcastable(&mut self, v: Value, user: Op) -> Option<Value> {
        if !self.map.contains_key(&v) {
            if let Some((_, "stablehlo.broadcast_in_dim")) = self.def(v) {
                return self.broadcast_source(v, user);
            }
        }
        self.get(v, user)
    }

    /// The source of a `broadcast_in_dim` reshaped (and transposed, when its
    /// dims are not increasing) to the result's rank with 1 in the new dims.
    fn broadcast_source(&mut self, v: Value, user: Op) -> Option<Value> {
        let (def, _) = self.def(v)?;
        let src = self.body.operand(def, 0);
        let out_dims = self.dims(v);
        let Some(bdims) = self.array_attr(def, "broadcast_dimensions") else {
            self.error(def, "broadcast_in_dim without broadcast_dimensions");
            return None;
        };
        let mut s = self.get(src, user)?;
        let src_dims = self.dims(src);
        // Sort the source dims by their result position.
        let mut order: Vec<usize> = (0..bdims.len()).collect();
        order.sort_by_key(|&i| bdims[i]);
        if order.iter().enumerate().any(|(i, &o)| i != o) {
            let perm: Vec<i64> = order.iter().map(|&o| o as i64).collect();
            let pdims: Vec<i64> = order.iter().map(|&o| src_dims[o]).collect();
            let ty = self.ctx.ranked_tensor_type(&pdims, self.elem_of(s));
            let pa = strata_stablehlo::attrs::i64_array_attr(self.ctx, &perm);
            s = self.emit(user, OpKind::Transpose, &[s], ty, vec![("perm", pa)]);
        }
        let mut shape = vec![1i64; out_dims.len()];
        for (i, &b) in bdims.iter().enumerate() {
            shape[b as usize] = src_dims[i];
        }
        if shape == self.dims(s) {
            return Some(s);
        }
        let ty = self.ctx.ranked_tensor_type(&shape, self.elem_of(s));
        Some(self.emit(user, OpKind::Reshape, &[s], ty, vec![]))
    }

    pub fn elem_of(&self, v: Value) -> Type {
        self.ctx.element_type(self.body.value_type(v)).unwrap_or(self.dtype)
    }

    /// The single user of `v`, if it has exactly one use.
    pub fn single_user(&self, v: Value) -> Option<Op> {
        let mut users = self.body.uses(v).map(|u| u.0);
        let first = users.next()?;
        if users.next().is_some() {
            return None;
        }
        Some(first)
    }

    /// Lowers one op; records an error when it cannot.
    fn lower_op(&mut self, op: Op, name: &str) {
        let result = self.body.result(op, 0);
        let lowered = match name {
            n if elementwise::binary_kind(n).is_some() => elementwise::binary(self, op, n),
            n if elementwise::unary_kind(n).is_some() => elementwise::unary(self, op, n),
            "stablehlo.not" => elementwise::not(self, op),
            "stablehlo.compare" => elementwise::compare(self, op),
            "stablehlo.select" => elementwise::select(self, op),
            "stablehlo.clamp" => elementwise::clamp(self, op),
            "chlo.erfc" => elementwise::erfc(self, op),
            "stablehlo.log_plus_one" => elementwise::log_plus_one(self, op),
            "stablehlo.exponential_minus_one" => elementwise::exponential_minus_one(self, op),
            "chlo.square" => elementwise::square(self, op),
            "stablehlo.convert" => elementwise::convert(self, op),
            "stablehlo.reshape" => movement::reshape(self, op),
            "stablehlo.transpose" => movement::transpose(self, op),
            "stablehlo.concatenate" => movement::concatenate(self, op),
            "stablehlo.slice" => movement::slice(self, op),
            "stablehlo.pad" => movement::pad(self, op),
            "stablehlo.torch_index_select" => movement::index_select(self, op),
            "stablehlo.convolution" => nn::convolution(self, op),
            "stablehlo.dot_general" => nn::dot_general(self, op),
            "stablehlo.batch_norm_inference" => nn::batch_norm(self, op),
            "stablehlo.reduce" => nn::reduce(self, op),
            "stablehlo.reduce_window" => nn::reduce_window(self, op),
            "stablehlo.composite" => nn::composite(self, op),
            _ => {
                self.error(op, format!("'{name}' cannot be lowered to tx8be yet"));
                None
            }
        };
        if let Some(v) = lowered {
            self.map.insert(result, v);
        }
    }
}
