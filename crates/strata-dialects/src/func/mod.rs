//! The `func` dialect: `func.func`, `func.return`, `func.call`,
//! `func.call_indirect`, `func.constant`.

pub(crate) mod canonicalize;
pub(crate) mod symbol_uses;

use strata_ir::call_interfaces::{body_region_unless_empty, CallOpInterface, CallableOpInterface, Callee};
use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::fold::FoldResult;
use strata_ir::inliner_interface::{replace_results_with_operands, return_to_branch, DialectInlinerInterface};
use strata_ir::lexer::Tok;
use strata_ir::opdef::{OpDef, Traits, TypeConstraint};
use strata_ir::parser::{EntryArg, OpState, PResult, Parser};
use strata_ir::printer::{type_to_string, OpPrinter};
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Location, Op, OpSpec, Type};

const FUNCTION_TYPE: TypeConstraint =
    TypeConstraint { check: |c, t| c.function_signature(t).is_some(), summary: "function type", buildable: None };

/// Attributes `func.func` prints itself rather than in `attributes {...}`.
const FUNC_ELIDED: [&str; 5] = ["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"];

fn dict_list(ctx: &Context, a: Option<Attribute>, i: usize) -> Option<Attribute> {
    let d = *ctx.as_array(a?)?.get(i)?;
    (!ctx.dict_entries(d).is_empty()).then_some(d)
}

/// Prints a function op (`func.func`, `toy.func`: MLIR's `printFunctionOp`).
pub fn print_func(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let attrs = body.op_attrs(op);
    if let Some(v) = ctx.dict_get(attrs, "sym_visibility").and_then(|a| ctx.as_string(a)) {
        p.write(" ");
        p.write(&String::from_utf8_lossy(v));
    }
    p.write(" ");
    let name = ctx
        .dict_get(attrs, "sym_name")
        .and_then(|a| ctx.as_string(a))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default();
    strata_ir::printer::print_symbol(&name, p.out);
    let fty = ctx.dict_get(attrs, "function_type").and_then(|a| ctx.as_type(a));
    let (inputs, results) = match fty.and_then(|t| ctx.function_signature(t)) {
        Some((i, r)) => (i.to_vec(), r.to_vec()),
        None => (vec![], vec![]),
    };
    let arg_attrs = ctx.dict_get(attrs, "arg_attrs");
    let res_attrs = ctx.dict_get(attrs, "res_attrs");
    let rb = p.region_body(op);
    let region = rb.root_regions().first().copied();
    let entry = region.and_then(|r| rb.first_block(r));
    p.write("(");
    for (i, t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(b) = entry {
            let arg = rb.block_args(b)[i];
            p.print_value_in(rb, arg);
            p.write(": ");
        }
        p.print_type(*t);
        if let Some(d) = dict_list(ctx, arg_attrs, i) {
            p.print_optional_attr_dict(d, &[]);
        }
        if let Some(b) = entry {
            let saved = p.body;
            p.body = rb;
            p.print_arg_loc(b, i);
            p.body = saved;
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let any_attrs = (0..results.len()).any(|i| dict_list(ctx, res_attrs, i).is_some());
        let single = results.len() == 1 && ctx.function_signature(results[0]).is_none() && !any_attrs;
        if single {
            p.print_type(results[0]);
        } else {
            p.write("(");
            for (i, t) in results.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_type(*t);
                if let Some(d) = dict_list(ctx, res_attrs, i) {
                    p.print_optional_attr_dict(d, &[]);
                }
            }
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(attrs, &FUNC_ELIDED);
    if entry.is_some() {
        p.write(" ");
        p.print_region(op, 0, false, true);
    }
}

/// Parses a function op (MLIR's `parseFunctionOp`).
pub fn parse_func(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    for vis in ["private", "public", "nested"] {
        if p.is_keyword(vis) {
            p.bump();
            state.add_attr(ctx, "sym_visibility", ctx.string_attr(vis));
            break;
        }
    }
    let name = p.parse_symbol_name()?;
    state.add_attr(ctx, "sym_name", ctx.string_attr(&name));
    p.expect(Tok::LParen, "'('")?;
    let mut inputs: Vec<Type> = Vec::new();
    let mut arg_attrs: Vec<Attribute> = Vec::new();
    let mut entry_args: Vec<EntryArg> = Vec::new();
    let mut named = None;
    if !p.eat(Tok::RParen) {
        loop {
            let is_named = p.is_operand_next();
            match named {
                None => named = Some(is_named),
                Some(n) if n != is_named => {
                    return p.err_here(if n {
                        "expected SSA identifier"
                    } else {
                        "expected type instead of SSA identifier"
                    });
                }
                _ => {}
            }
            let arg_ref = if is_named {
                let r = p.parse_operand_ref()?;
                p.expect(Tok::Colon, "':'")?;
                Some(r)
            } else {
                None
            };
            let t = p.parse_type()?;
            let attrs = if p.tok() == Tok::LBrace { p.parse_dictionary()? } else { ctx.empty_dictionary() };
            let loc = if p.is_keyword("loc") { Some(p.parse_location_literal()?) } else { None };
            inputs.push(t);
            arg_attrs.push(attrs);
            if let Some(r) = arg_ref {
                entry_args.push(EntryArg { name: r, ty: t, loc });
            }
            if p.eat(Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "')'")?;
        }
    }
    let mut results: Vec<Type> = Vec::new();
    let mut res_attrs: Vec<Attribute> = Vec::new();
    if p.eat(Tok::Arrow) {
        if p.tok() == Tok::LParen && !p.paren_starts_function_type() {
            p.bump();
            if !p.eat(Tok::RParen) {
                loop {
                    results.push(p.parse_type()?);
                    res_attrs.push(if p.tok() == Tok::LBrace { p.parse_dictionary()? } else { ctx.empty_dictionary() });
                    if p.eat(Tok::RParen) {
                        break;
                    }
                    p.expect(Tok::Comma, "')'")?;
                }
            }
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(ctx.empty_dictionary());
        }
    }
    let fty = ctx.function_type(&inputs, &results);
    state.add_attr(ctx, "function_type", ctx.type_attr(fty));
    if arg_attrs.iter().any(|a| *a != ctx.empty_dictionary()) {
        state.add_attr(ctx, "arg_attrs", ctx.array_attr(&arg_attrs));
    }
    if res_attrs.iter().any(|a| *a != ctx.empty_dictionary()) {
        state.add_attr(ctx, "res_attrs", ctx.array_attr(&res_attrs));
    }
    // MLIR's `parseFunctionOp`: the explicit dictionary may not restate
    // what the syntax already gives (visibility, name, type), checked on
    // the dictionary alone, before it joins the inferred attributes.
    let dict_loc = p.here();
    let inferred = std::mem::take(&mut state.attrs);
    p.parse_optional_attr_dict_with_keyword(state)?;
    for name in ["sym_visibility", "sym_name", "function_type"] {
        if state.get_attr(ctx, name).is_some() {
            return p.err_custom(dict_loc, format!("'{name}' is an inferred attribute and should not be specified in the explicit attribute dictionary"));
        }
    }
    let explicit = std::mem::replace(&mut state.attrs, inferred);
    state.attrs.extend(explicit);
    if p.tok() == Tok::LBrace {
        // Types without names (`func.func @f(i32) {`): the body names the
        // arguments in its entry block's label (`^bb0(%a: i32):`), as
        // MLIR's function parser allows; the verifier checks the types.
        let body_loc = p.here();
        p.parse_region_into(state, &entry_args)?;
        // `{}` with no arguments is a block-less region: MLIR's function
        // parser rejects it (with arguments the entry block exists and the
        // verifier reports the missing terminator).
        if p.last_region_is_empty(state) {
            return p.err_custom(body_loc, "expected non-empty function body");
        }
    } else {
        p.add_empty_region(state);
    }
    Ok(())
}

fn err(body: &Body, op: Op, msg: String) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), msg)
}

fn verify_func(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let attrs = body.op_attrs(op);
    let Some(fty) = ctx.dict_get(attrs, "function_type").and_then(|a| ctx.as_type(a)) else { return Ok(()) };
    let Some((inputs, _)) = ctx.function_signature(fty) else { return Ok(()) };
    let rb = body.regions_of(op).0;
    let Some(&r) = rb.root_regions().first() else { return Ok(()) };
    let Some(entry) = rb.first_block(r) else {
        if ctx.dict_get(attrs, "sym_visibility").is_none()
            || ctx.dict_get(attrs, "sym_visibility") == Some(ctx.string_attr("public"))
        {
            return Err(err(body, op, "'func.func' op symbol declaration cannot have public visibility".into()));
        }
        return Ok(());
    };
    let args = rb.block_args(entry);
    if args.len() != inputs.len() {
        return Err(err(
            body,
            op,
            format!("'func.func' op entry block must have {} arguments to match function signature", inputs.len()),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(inputs.iter()).enumerate() {
        let at = rb.value_type(a);
        if at != t {
            return Err(err(
                body,
                op,
                format!(
                    "'func.func' op type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    type_to_string(ctx, at),
                    type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

/// `func.return` against the signature of the function it ends.
fn verify_return(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let Some((pb, f)) = parent else { return Ok(()) };
    if pb.op_name(f) != ctx.op_name("func.func") {
        return Ok(());
    }
    let attrs = pb.op_attrs(f);
    let Some(fty) = ctx.dict_get(attrs, "function_type").and_then(|a| ctx.as_type(a)) else { return Ok(()) };
    let Some((_, results)) = ctx.function_signature(fty) else { return Ok(()) };
    let name = ctx
        .dict_get(attrs, "sym_name")
        .and_then(|a| ctx.as_string(a))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default();
    let n = body.num_operands(op);
    if n != results.len() {
        return Err(err(
            body,
            op,
            format!("'func.return' op has {n} operands, but enclosing function (@{name}) returns {}", results.len()),
        ));
    }
    for (i, (v, &rt)) in body.operands(op).zip(results.iter()).enumerate() {
        let vt = body.value_type(v);
        if vt != rt {
            return Err(err(
                body,
                op,
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    type_to_string(ctx, vt),
                    type_to_string(ctx, rt)
                ),
            ));
        }
    }
    Ok(())
}

fn infer_call_indirect(
    ctx: &Context,
    _: &[(strata_ir::Str, Attribute)],
    ops: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let callee = ops[0].as_ref().and_then(|v| v.first().copied()).ok_or("missing callee type")?;
    let (ins, outs) = ctx.function_signature(callee).ok_or("expected function type")?;
    ops[1] = Some(ins.to_vec());
    res[0] = Some(outs.to_vec());
    Ok(())
}

fn verify_call_indirect(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let callee = body.value_type(body.operand(op, 0));
    let Some((ins, outs)) = ctx.function_signature(callee) else { return Ok(()) };
    let args: Vec<Type> = body.operands(op).skip(1).map(|v| body.value_type(v)).collect();
    if args != ins || body.result_types(op).as_slice() != outs {
        return Err(err(body, op, "'func.call_indirect' op callee type doesn't match operand and result types".into()));
    }
    Ok(())
}

/// MLIR's func inliner interface: everything is legal unless the call or
/// the function says `no_inline`; `func.return` becomes a `cf.br` to the
/// block after the call, or (single inlined block) its operands replace
/// the call's results.
const FUNC_INLINER: DialectInlinerInterface = DialectInlinerInterface {
    is_legal_call: |ctx, call_body, call, callable_body, callable, _| {
        let no_inline = |b: &Body, op: Op| b.op_attr(ctx, op, "no_inline").is_some();
        let is_call = call_body.op_name(call) == ctx.op_name("func.call");
        let is_func = callable_body.op_name(callable) == ctx.op_name("func.func");
        !(is_call && no_inline(call_body, call) || is_func && no_inline(callable_body, callable))
    },
    is_legal_region: |_, _, _, _, _| true,
    is_legal_op: |_, _, _, _| true,
    should_analyze_recursively: |_, _, _| true,
    handle_terminator_branch: |ctx, body, op, dest| return_to_branch(ctx, body, op, dest, "func.return", "cf.br"),
    handle_terminator_replace: replace_results_with_operands,
    materialize_call_conversion: None,
    process_inlined_call_blocks: None,
};

/// The symbol a `func.constant` refers to (its `value`, also what it folds to).
fn constant_symbol(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    body.op_attr(ctx, op, "value")
}

/// Builds a `func.constant` for a flat symbol reference of function type
/// (upstream's `FuncDialect::materializeConstant`).
fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    let flat = matches!(ctx.attr_kind(value), AttrKind::SymbolRef { nested, .. } if nested.is_empty());
    if !flat || ctx.function_signature(ty).is_none() {
        return None;
    }
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    Some(body.create_op(OpSpec::new(ctx, "func.constant", loc).results(&[ty]).attrs(attrs)))
}

pub fn register(ctx: &mut Context) {
    let func = OpDef::new("func.func")
        .attr("sym_name", c::STRING_ATTR)
        .attr("function_type", c::FUNCTION_TYPE_ATTR)
        .optional_attr("sym_visibility", c::STRING_ATTR)
        .optional_attr("arg_attrs", c::DICT_ARRAY_ATTR)
        .optional_attr("res_attrs", c::DICT_ARRAY_ATTR)
        .optional_attr("no_inline", c::UNIT_ATTR)
        .region("body")
        .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::AFFINE_SCOPE)
        .default_dialect("func")
        .custom(print_func, parse_func)
        .interface(CallableOpInterface {
            callable_region: body_region_unless_empty,
            result_types: |ctx, body, op| {
                let fty = body.op_attr(ctx, op, "function_type").and_then(|a| ctx.as_type(a));
                fty.and_then(|t| ctx.function_signature(t))
                    .map(|(_, r)| r.iter().copied().collect())
                    .unwrap_or_default()
            },
            arg_attrs: |ctx, body, op| body.op_attr(ctx, op, "arg_attrs"),
            res_attrs: |ctx, body, op| body.op_attr(ctx, op, "res_attrs"),
        })
        .verifier(verify_func);
    let ret = OpDef::new("func.return")
        .variadic_operand("operands", c::ANY_TYPE)
        .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
        .parent("func.func")
        .format("attr-dict ($operands^ `:` type($operands))?")
        .parent_verifier(verify_return);
    let call = OpDef::new("func.call")
        .attr("callee", c::FLAT_SYMBOL_REF_ATTR)
        .optional_attr("arg_attrs", c::DICT_ARRAY_ATTR)
        .optional_attr("res_attrs", c::DICT_ARRAY_ATTR)
        .optional_attr("no_inline", c::UNIT_ATTR)
        .variadic_operand("operands", c::ANY_TYPE)
        .variadic_result("results", c::ANY_TYPE)
        .format("$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)")
        .interface(CallOpInterface {
            callee: |ctx, body, op| body.op_attr(ctx, op, "callee").map(Callee::Symbol),
            arg_operands: |_, body, op| body.operand_vec(op),
        })
        .interface(crate::func::symbol_uses::CALL_SYMBOL_USES);
    let call_indirect = OpDef::new("func.call_indirect")
        .operand("callee", FUNCTION_TYPE)
        .variadic_operand("callee_operands", c::ANY_TYPE)
        .optional_attr("arg_attrs", c::DICT_ARRAY_ATTR)
        .optional_attr("res_attrs", c::DICT_ARRAY_ATTR)
        .variadic_result("results", c::ANY_TYPE)
        .format("$callee `(` $callee_operands `)` attr-dict `:` type($callee)")
        .infer(infer_call_indirect)
        .interface(CallOpInterface {
            callee: |_, body, op| (body.num_operands(op) > 0).then(|| Callee::Value(body.operand(op, 0))),
            arg_operands: |_, body, op| body.operands(op).skip(1).collect(),
        })
        .verifier(verify_call_indirect)
        .interface(strata_rewrite::CanonicalizationPatterns(crate::func::canonicalize::populate_call_indirect));
    let constant = OpDef::new("func.constant")
        .attr("value", c::FLAT_SYMBOL_REF_ATTR)
        .result("result", c::ANY_TYPE)
        .traits(Traits::PURE | Traits::CONSTANT_LIKE)
        .format("attr-dict $value `:` type(results)")
        .result_names(|_, _, _, set| set(0, "f".into()))
        .constant(constant_symbol)
        .folder(|ctx, body, op, _| constant_symbol(ctx, body, op).map_or(FoldResult::Failed, FoldResult::attr))
        .interface(crate::func::symbol_uses::CONSTANT_SYMBOL_USES);
    let dialect = DialectDef::new("func")
        .interface(FUNC_INLINER)
        .op(func)
        .op(ret)
        .op(call)
        .op(call_indirect)
        .op(constant)
        .materializer(materialize);
    ctx.register_dialect(dialect);
}
