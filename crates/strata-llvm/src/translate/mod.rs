//! Translation of a module in the `llvm` dialect to LLVM IR text (what
//! `mlir-translate --mlir-to-llvmir` does, without its constant folding):
//! globals, declarations and definitions; block arguments become `phi`
//! nodes fed by the branches of the predecessors; `llvm.mlir.constant`,
//! `addressof`, `undef`/`poison`/`zero` become constant operands written
//! where they are used. Values are named `%vN`, blocks `bbN`, so the text
//! does not depend on LLVM's implicit numbering. Anything outside the
//! supported subset is reported at its location.

pub mod types;

use rustc_hash::FxHashMap;

use strata_ir::{Block, Body, Context, Diagnostic, Op, Value};

use crate::dialect::asm::{dense_i64_values, string_of, type_of};
use crate::dialect::func::func_signature;
use crate::dialect::memory::{gep_raw_indices, DYNAMIC_INDEX};
use crate::dialect::types::{llvm_type, LlvmType};
use types::{constant_text, string_constant, type_text};

/// Translates the module `module` (an op of `body`) to LLVM IR text.
pub fn translate_module(ctx: &Context, body: &Body, module: Op) -> Result<String, Diagnostic> {
    let mut out = String::from("; ModuleID = 'LLVMDialectModule'\nsource_filename = \"LLVMDialectModule\"\n");
    let (rb, regions) = body.regions_of(module);
    let Some(block) = regions.first().and_then(|&r| rb.first_block(r)) else { return Ok(out) };
    for op in rb.block_ops(block) {
        let name = ctx.op_name_str(rb.op_name(op));
        let err = |m: String| Diagnostic::error(rb.op_loc(op), m);
        match name {
            "llvm.mlir.global" => {
                let attrs = rb.op_attrs(op);
                let sym = string_of(ctx, attrs, "sym_name").unwrap_or_default();
                let Some(bytes) = ctx.dict_get(attrs, "value").and_then(|a| crate::dialect::memory::global_bytes(ctx, a)) else {
                    return Err(err("only globals initialised by a string or i8 bytes can be translated".into()));
                };
                let bytes = bytes.as_slice();
                let linkage = linkage_prefix(ctx, attrs);
                let kind = if ctx.dict_get(attrs, "constant").is_some() { "constant" } else { "global" };
                out.push_str(&format!("\n@{sym} = {linkage}{kind} [{} x i8] {}\n", bytes.len(), string_constant(bytes)));
            }
            "llvm.func" => out.push_str(&translate_function(ctx, rb, op)?),
            // Nested modules are not part of this one (mlir-translate
            // leaves them out too).
            "builtin.module" => {}
            _ => return Err(err(format!("cannot translate operation '{name}' to LLVM IR: only llvm.func and llvm.mlir.global may appear in the module"))),
        }
    }
    Ok(out)
}

/// `internal ` and the like before a definition (nothing for `external`).
fn linkage_prefix(ctx: &Context, attrs: strata_ir::Attribute) -> String {
    match crate::dialect::enums::linkage_of(ctx, attrs) {
        "external" => String::new(),
        l => format!("{l} "),
    }
}

/// For each block, the (predecessor, operands passed) of its incoming edges.
type Incoming = FxHashMap<Block, Vec<(Block, Vec<Value>)>>;

/// Per-function translation state.
struct Fn<'a> {
    ctx: &'a Context,
    body: &'a Body,
    names: FxHashMap<Value, String>,
    labels: FxHashMap<Block, String>,
    /// Declarations of the intrinsics the function calls.
    intrinsics: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

/// The LLVM IR fast-math flags of an op (` nnan nsz`, ` fast`, or nothing).
fn fmf_text(ctx: &Context, attrs: strata_ir::Attribute) -> String {
    let bits =
        ctx.dict_get(attrs, "fastmathFlags").and_then(|a| crate::dialect::fastmath::fastmath_bits(ctx, a)).unwrap_or(0);
    if bits == 0 {
        return String::new();
    }
    if bits == crate::dialect::fastmath::FAST {
        return " fast".into();
    }
    crate::dialect::fastmath::flag_names(bits).iter().map(|n| format!(" {n}")).collect()
}

/// The type suffix of an overloaded intrinsic (`i64`, `f32`).
fn intrinsic_suffix(ctx: &Context, t: strata_ir::Type) -> Option<String> {
    if ctx.is_signless_integer(t) {
        return ctx.int_or_float_width(t).map(|w| format!("i{w}"));
    }
    match type_text(ctx, t).ok()?.as_str() {
        "float" => Some("f32".into()),
        "double" => Some("f64".into()),
        "half" => Some("f16".into()),
        "bfloat" => Some("bf16".into()),
        _ => None,
    }
}

fn translate_function(ctx: &Context, module: &Body, op: Op) -> Result<String, Diagnostic> {
    let attrs = module.op_attrs(op);
    let loc = module.op_loc(op);
    let (result, inputs, vararg) =
        func_signature(ctx, module, op).ok_or_else(|| Diagnostic::error(loc, "llvm.func without a function type"))?;
    let tt = |t| type_text(ctx, t).map_err(|m| Diagnostic::error(loc, m));
    let sym = string_of(ctx, attrs, "sym_name").unwrap_or_default();
    let rt = tt(result)?;
    let (fb, regions) = module.regions_of(op);
    let entry = regions.first().and_then(|&r| fb.first_block(r));
    let mut params: Vec<String> = Vec::new();
    let Some(entry) = entry else {
        for &t in &inputs {
            params.push(tt(t)?);
        }
        if vararg {
            params.push("...".into());
        }
        return Ok(format!("\ndeclare {rt} @{sym}({})\n", params.join(", ")));
    };
    let mut f =
        Fn { ctx, body: fb, names: FxHashMap::default(), labels: FxHashMap::default(), intrinsics: Default::default() };
    let region = regions[0];
    for (i, b) in fb.blocks(region).enumerate() {
        f.labels.insert(b, format!("bb{i}"));
    }
    let mut counter = 0usize;
    for b in fb.blocks(region) {
        for &a in fb.block_args(b) {
            f.names.insert(a, format!("%v{counter}"));
            counter += 1;
        }
        for o in fb.block_ops(b) {
            for r in fb.results(o) {
                f.names.insert(r, format!("%v{counter}"));
                counter += 1;
            }
        }
    }
    for (&a, &t) in fb.block_args(entry).iter().zip(&inputs) {
        params.push(format!("{} {}", tt(t)?, f.names[&a]));
    }
    if vararg {
        params.push("...".into());
    }
    let linkage = linkage_prefix(ctx, attrs);
    let mut out = format!("\ndefine {linkage}{rt} @{sym}({}) {{\n", params.join(", "));
    let preds = f.incoming(region)?;
    for b in fb.blocks(region) {
        out.push_str(&format!("{}:\n", f.labels[&b]));
        if b != entry {
            for (i, &a) in fb.block_args(b).iter().enumerate() {
                let ty = f.ty(fb.value_type(a), a_loc(fb, b))?;
                let mut inc = Vec::new();
                for (pred, vals) in preds.get(&b).map(|v| v.as_slice()).unwrap_or(&[]) {
                    inc.push(format!("[ {}, %{} ]", f.operand(vals[i])?, f.labels[pred]));
                }
                out.push_str(&format!("  {} = phi {ty} {}\n", f.names[&a], inc.join(", ")));
            }
        }
        for o in fb.block_ops(b) {
            if let Some(line) = f.instruction(o)? {
                out.push_str("  ");
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    out.push_str("}\n");
    for decl in f.intrinsics.borrow().iter() {
        out.push_str(&format!("\n{decl}\n"));
    }
    Ok(out)
}

fn a_loc(body: &Body, b: Block) -> strata_ir::Location {
    body.block_parent_op(b).map_or(strata_ir::Location::Unknown, |o| body.op_loc(o))
}

impl Fn<'_> {
    fn ty(&self, t: strata_ir::Type, loc: strata_ir::Location) -> Result<String, Diagnostic> {
        type_text(self.ctx, t).map_err(|m| Diagnostic::error(loc, m))
    }

    /// For every block, the (predecessor, operands passed) of its incoming edges.
    fn incoming(&self, region: strata_ir::Region) -> Result<Incoming, Diagnostic> {
        let (ctx, body) = (self.ctx, self.body);
        let mut map: Incoming = FxHashMap::default();
        for b in body.blocks(region) {
            let Some(term) = body.last_op(b) else { continue };
            let succs = body.successors(term).to_vec();
            if succs.is_empty() {
                continue;
            }
            let ops = body.operand_vec(term);
            let groups: Vec<Vec<Value>> = match ctx.op_name_str(body.op_name(term)) {
                "llvm.br" => vec![ops.to_vec()],
                "llvm.cond_br" => {
                    let seg = strata_ir::branch::dense_i32_values(ctx, body.op_attr(ctx, term, "operandSegmentSizes"));
                    let t = seg.get(1).copied().unwrap_or(0) as usize;
                    vec![ops[1..1 + t].to_vec(), ops[1 + t..].to_vec()]
                }
                "llvm.switch" => crate::dialect::switch::successor_operands(ctx, body, term),
                other => {
                    return Err(Diagnostic::error(
                        body.op_loc(term),
                        format!("cannot translate terminator '{other}' to LLVM IR"),
                    ))
                }
            };
            for (s, g) in succs.into_iter().zip(groups) {
                let incoming = map.entry(s).or_default();
                // One phi entry per edge; LLVM wants the entries of one
                // predecessor to agree, so the edges of a terminator
                // reaching a block twice must pass it the same values.
                // The entries from `b` are the last ones (pushed by this
                // terminator), so only they are compared: scanning all of
                // them is quadratic in a block with many predecessors.
                if incoming.iter().rev().take_while(|(p, _)| *p == b).any(|(_, prev)| *prev != g) {
                    return Err(Diagnostic::error(
                        body.op_loc(term),
                        "cannot translate a branch passing different arguments to the same block twice",
                    ));
                }
                incoming.push((b, g));
            }
        }
        Ok(map)
    }

    /// `type value` of an operand.
    fn typed(&self, v: Value) -> Result<String, Diagnostic> {
        let loc = self.body.defining_op(v).map_or(strata_ir::Location::Unknown, |o| self.body.op_loc(o));
        Ok(format!("{} {}", self.ty(self.body.value_type(v), loc)?, self.operand(v)?))
    }

    /// The text of a value used as an operand: a constant's text, or its name.
    fn operand(&self, v: Value) -> Result<String, Diagnostic> {
        let (ctx, body) = (self.ctx, self.body);
        if let Some(def) = body.defining_op(v) {
            let loc = body.op_loc(def);
            match ctx.op_name_str(body.op_name(def)) {
                "llvm.mlir.constant" => {
                    let value = body
                        .op_attr(ctx, def, "value")
                        .ok_or_else(|| Diagnostic::error(loc, "constant without value"))?;
                    return constant_text(ctx, value, body.value_type(v)).map_err(|m| Diagnostic::error(loc, m));
                }
                "llvm.mlir.addressof" => {
                    let a = body
                        .op_attr(ctx, def, "global_name")
                        .ok_or_else(|| Diagnostic::error(loc, "addressof without global_name"))?;
                    return Ok(strata_ir::printer::attr_to_string(ctx, a));
                }
                "llvm.mlir.undef" => return Ok("undef".into()),
                "llvm.mlir.poison" => return Ok("poison".into()),
                "llvm.mlir.zero" => {
                    let t = body.value_type(v);
                    return Ok(if llvm_type(ctx, t) == Some(LlvmType::Ptr) {
                        "null".into()
                    } else if ctx.is_signless_integer(t) {
                        "0".into()
                    } else if matches!(llvm_type(ctx, t), Some(LlvmType::Struct(_) | LlvmType::Array(..))) {
                        "zeroinitializer".into()
                    } else {
                        "0.0".into()
                    });
                }
                _ => {}
            }
        }
        Ok(self.names[&v].clone())
    }

    /// The instruction for `op`, `None` for ops that only make constants.
    fn instruction(&self, op: Op) -> Result<Option<String>, Diagnostic> {
        let (ctx, body) = (self.ctx, self.body);
        let name = ctx.op_name_str(body.op_name(op));
        let short = name.strip_prefix("llvm.").unwrap_or(name);
        let loc = body.op_loc(op);
        let attrs = body.op_attrs(op);
        let ops = body.operand_vec(op);
        let res = || self.names[&body.result(op, 0)].clone();
        let rty = || self.ty(body.value_type(body.result(op, 0)), loc);
        let args = |vals: &[Value]| -> Result<String, Diagnostic> {
            Ok(vals.iter().map(|&v| self.typed(v)).collect::<Result<Vec<_>, _>>()?.join(", "))
        };
        let line = match short {
            "mlir.constant" | "mlir.addressof" | "mlir.undef" | "mlir.poison" | "mlir.zero" => return Ok(None),
            _ if crate::dialect::arith::INT_BINARY.contains(&short)
                || crate::dialect::arith::FLOAT_BINARY.contains(&short) =>
            {
                let bits = crate::dialect::asm::int_of(ctx, attrs, "overflowFlags").unwrap_or(0);
                let mut flags = String::new();
                if bits & crate::dialect::arith::OVERFLOW_NUW != 0 {
                    flags.push_str(" nuw");
                }
                if bits & crate::dialect::arith::OVERFLOW_NSW != 0 {
                    flags.push_str(" nsw");
                }
                flags.push_str(&fmf_text(ctx, attrs));
                format!("{} = {short}{flags} {} {}, {}", res(), rty()?, self.operand(ops[0])?, self.operand(ops[1])?)
            }
            "fneg" => format!("{} = fneg{} {}", res(), fmf_text(ctx, attrs), self.typed(ops[0])?),
            "icmp" | "fcmp" => {
                let p = crate::dialect::enums::predicate_name(ctx, attrs, short == "fcmp").unwrap_or_default();
                let p = p.trim_start_matches('_');
                format!(
                    "{} = {short}{} {p} {}, {}",
                    res(),
                    fmf_text(ctx, attrs),
                    self.typed(ops[0])?,
                    self.operand(ops[1])?
                )
            }
            // The stack intrinsics, on pointers of address space 0.
            "intr.stacksave" => {
                self.intrinsics.borrow_mut().insert("declare ptr @llvm.stacksave.p0()".to_string());
                format!("{} = call ptr @llvm.stacksave.p0()", res())
            }
            "intr.lifetime.start" | "intr.lifetime.end" | "intr.stackrestore" => {
                let name = &short["intr.".len()..];
                self.intrinsics.borrow_mut().insert(format!("declare void @llvm.{name}.p0(ptr)"));
                format!("call void @llvm.{name}.p0({})", self.typed(ops[0])?)
            }
            _ if short.starts_with("intr.") => {
                let intrinsic = &short["intr.".len()..];
                let rt = rty()?;
                let suffix = intrinsic_suffix(ctx, body.value_type(ops[0]))
                    .ok_or_else(|| Diagnostic::error(loc, "intrinsic on an unsupported type"))?;
                let callee = format!("@llvm.{intrinsic}.{suffix}");
                let params: Vec<String> =
                    ops.iter().map(|&v| self.ty(body.value_type(v), loc)).collect::<Result<_, _>>()?;
                self.intrinsics.borrow_mut().insert(format!("declare {rt} {callee}({})", params.join(", ")));
                format!("{} = call{} {rt} {callee}({})", res(), fmf_text(ctx, attrs), args(&ops)?)
            }
            _ if crate::dialect::arith::CASTS.contains(&short) => {
                let bits = crate::dialect::asm::int_of(ctx, attrs, "overflowFlags").unwrap_or(0);
                let mut flags = String::new();
                if bits & crate::dialect::arith::OVERFLOW_NUW != 0 {
                    flags.push_str(" nuw");
                }
                if bits & crate::dialect::arith::OVERFLOW_NSW != 0 {
                    flags.push_str(" nsw");
                }
                format!("{} = {short}{flags} {} to {}", res(), self.typed(ops[0])?, rty()?)
            }
            "select" => {
                format!("{} = select {}, {}, {}", res(), self.typed(ops[0])?, self.typed(ops[1])?, self.typed(ops[2])?)
            }
            "extractvalue" => {
                let pos: Vec<String> =
                    dense_i64_values(ctx, ctx.dict_get(attrs, "position")).iter().map(|i| i.to_string()).collect();
                format!("{} = extractvalue {}, {}", res(), self.typed(ops[0])?, pos.join(", "))
            }
            "insertvalue" => {
                let pos: Vec<String> =
                    dense_i64_values(ctx, ctx.dict_get(attrs, "position")).iter().map(|i| i.to_string()).collect();
                format!("{} = insertvalue {}, {}, {}", res(), self.typed(ops[0])?, self.typed(ops[1])?, pos.join(", "))
            }
            "alloca" => {
                let et = self.ty(type_of(ctx, attrs, "elem_type").unwrap_or(ctx.i64()), loc)?;
                let align =
                    crate::dialect::memory::alignment(ctx, attrs).map_or(String::new(), |a| format!(", align {a}"));
                format!("{} = alloca {et}, {}{align}", res(), self.typed(ops[0])?)
            }
            "load" => {
                let align =
                    crate::dialect::memory::alignment(ctx, attrs).map_or(String::new(), |a| format!(", align {a}"));
                let volatile = if attrs_volatile(ctx, attrs) { "volatile " } else { "" };
                format!("{} = load {volatile}{}, {}{align}", res(), rty()?, self.typed(ops[0])?)
            }
            "store" => {
                let align =
                    crate::dialect::memory::alignment(ctx, attrs).map_or(String::new(), |a| format!(", align {a}"));
                let volatile = if attrs_volatile(ctx, attrs) { "volatile " } else { "" };
                format!("store {volatile}{}, {}{align}", self.typed(ops[0])?, self.typed(ops[1])?)
            }
            "getelementptr" => {
                let et = self.ty(type_of(ctx, attrs, "elem_type").unwrap_or(ctx.integer_type(8)), loc)?;
                let flags = crate::dialect::enums::gep_flags_ir(crate::dialect::memory::gep_flags(ctx, attrs));
                let flags = if flags.is_empty() { flags } else { format!(" {flags}") };
                let mut dynamic = ops[1..].iter();
                let mut idx = Vec::new();
                for raw in gep_raw_indices(ctx, attrs) {
                    if raw == DYNAMIC_INDEX {
                        let v = dynamic.next().ok_or_else(|| {
                            Diagnostic::error(loc, "GEP with fewer dynamic indices than its constant list says")
                        })?;
                        idx.push(self.typed(*v)?);
                    } else {
                        idx.push(format!("i32 {raw}"));
                    }
                }
                format!("{} = getelementptr{flags} {et}, {}, {}", res(), self.typed(ops[0])?, idx.join(", "))
            }
            "call" => {
                let callee = ctx
                    .dict_get(attrs, "callee")
                    .map(|a| strata_ir::printer::attr_to_string(ctx, a))
                    .unwrap_or_default();
                let rt = if body.num_results(op) == 0 { "void".to_string() } else { rty()? };
                let fty = match type_of(ctx, attrs, "var_callee_type").and_then(|t| llvm_type(ctx, t)) {
                    Some(LlvmType::Func { inputs, .. }) => {
                        let mut ps: Vec<String> = inputs.iter().map(|&t| self.ty(t, loc)).collect::<Result<_, _>>()?;
                        ps.push("...".into());
                        format!("{rt} ({})", ps.join(", "))
                    }
                    _ => rt,
                };
                let call = format!("call {fty} {callee}({})", args(&ops)?);
                if body.num_results(op) == 0 {
                    call
                } else {
                    format!("{} = {call}", res())
                }
            }
            "br" => format!("br label %{}", self.labels[&body.successors(op)[0]]),
            "cond_br" => {
                let s = body.successors(op);
                format!("br {}, label %{}, label %{}", self.typed(ops[0])?, self.labels[&s[0]], self.labels[&s[1]])
            }
            "switch" => {
                let s = body.successors(op);
                let flag_t = self.ty(body.value_type(ops[0]), loc)?;
                let cases: Vec<String> = crate::dialect::switch::case_values(ctx, body, op)
                    .iter()
                    .zip(&s[1..])
                    .map(|(v, b)| format!("{flag_t} {}, label %{}", v.to_string_radix10(true), self.labels[b]))
                    .collect();
                format!("switch {}, label %{} [{}]", self.typed(ops[0])?, self.labels[&s[0]], cases.join(" "))
            }
            "unreachable" => "unreachable".into(),
            "return" => match ops.first() {
                Some(&v) => format!("ret {}", self.typed(v)?),
                None => "ret void".into(),
            },
            _ => return Err(Diagnostic::error(loc, format!("cannot translate operation '{name}' to LLVM IR"))),
        };
        Ok(Some(line))
    }
}

/// A load or store's `volatile_` property.
fn attrs_volatile(ctx: &Context, attrs: strata_ir::Attribute) -> bool {
    ctx.dict_get(attrs, crate::dialect::memory::VOLATILE).is_some()
}
