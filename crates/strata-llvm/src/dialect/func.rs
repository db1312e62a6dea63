//! `llvm.func`, `llvm.return` and `llvm.call` with mlir-opt 22's syntax:
//! `llvm.func internal @f(%arg0: i64) -> f64 {...}`, declarations such as
//! `llvm.func @printf(!llvm.ptr, ...) -> i32`, and
//! `llvm.call @printf(%0, %1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32`.
//!
//! Attributes: `sym_name`, `function_type` (an `!llvm.func` type),
//! `linkage` (`#llvm.linkage<...>`, absent for `external`), `sym_visibility`;
//! calls keep `callee` and, for variadic callees, `var_callee_type`. The
//! other properties upstream has (`CConv`, `unnamed_addr`, ...) keep their
//! defaults (`super::verify_supported`).

use strata_ir::call_interfaces::{CallOpInterface, CallableOpInterface, Callee};
use strata_ir::lexer::Tok;
use strata_ir::parser::{EntryArg, OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{Body, Context, Diagnostic, Op, Type};

use super::asm::{parse_operand_list, resolve_all, string_of, type_of};
use super::enums::{linkage_attr, linkage_of, LINKAGES};
use super::types::{func_type, llvm_type, void_type, LlvmType};

/// Attributes the function printer writes itself.
const FUNC_ELIDED: [&str; 5] = ["sym_name", "function_type", "linkage", "arg_attrs", "unnamed_addr"];

/// The signature of an `llvm.func`: result (`!llvm.void` for none), inputs, vararg.
pub fn func_signature(ctx: &Context, body: &Body, op: Op) -> Option<(Type, Vec<Type>, bool)> {
    match llvm_type(ctx, type_of(ctx, body.op_attrs(op), "function_type")?)? {
        LlvmType::Func { result, inputs, vararg } => Some((result, inputs, vararg)),
        _ => None,
    }
}

/// `llvm.func` is a callable (upstream's `CallableOpInterface`): the
/// inliner's call graph and its optimisation of callables see it (the
/// inlining policy is `inliner.rs`).
pub const FUNC_CALLABLE: CallableOpInterface = CallableOpInterface {
    callable_region: strata_ir::call_interfaces::body_region_unless_empty,
    result_types: |ctx, body, op| match func_signature(ctx, body, op) {
        Some((result, _, _)) if result != void_type(ctx) => std::iter::once(result).collect(),
        _ => Default::default(),
    },
    arg_attrs: |ctx, body, op| body.op_attr(ctx, op, "arg_attrs"),
    res_attrs: |ctx, body, op| body.op_attr(ctx, op, "res_attrs"),
};

/// `llvm.call` of a symbol (upstream's `CallOpInterface`).
pub const CALL: CallOpInterface = CallOpInterface {
    callee: |ctx, body, op| body.op_attr(ctx, op, "callee").map(Callee::Symbol),
    arg_operands: |_, body, op| body.operand_vec(op),
};

pub fn print_func(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    let linkage = linkage_of(ctx, attrs);
    if linkage != "external" {
        p.write(" ");
        p.write(linkage);
    }
    p.write(" ");
    strata_ir::printer::print_symbol(&string_of(ctx, attrs, "sym_name").unwrap_or_default(), p.out);
    let (result, inputs, vararg) = func_signature(ctx, p.body, op).unwrap_or((void_type(ctx), vec![], false));
    let rb = p.region_body(op);
    let entry = rb.root_regions().first().and_then(|&r| rb.first_block(r));
    p.write("(");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(b) = entry {
            p.print_value_in(rb, rb.block_args(b)[i]);
            p.write(": ");
        }
        p.print_type(t);
    }
    if vararg {
        p.write(if inputs.is_empty() { "..." } else { ", ..." });
    }
    p.write(")");
    if llvm_type(ctx, result) != Some(LlvmType::Void) {
        p.write(" -> ");
        p.print_type(result);
    }
    p.print_optional_attr_dict_with_keyword(attrs, &FUNC_ELIDED);
    if entry.is_some() {
        p.write(" ");
        p.print_region(op, 0, false, true);
    }
}

pub fn parse_func(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    // LLVMFuncOp has no visibility keyword: `private` is a linkage, and
    // `sym_visibility` an ordinary attribute. (`external`, the default, is
    // not stored.)
    for l in LINKAGES {
        if p.is_keyword(l) {
            p.bump();
            state.add_attr(ctx, "linkage", linkage_attr(ctx, l));
            break;
        }
    }
    // Upstream's parser writes the (absent) unnamed_addr keyword as 0.
    state.add_attr(ctx, "unnamed_addr", super::enums::zero_i64(ctx));
    let name = p.parse_symbol_name()?;
    state.add_attr(ctx, "sym_name", ctx.string_attr(&name));
    p.expect(Tok::LParen, "'('")?;
    let mut inputs = Vec::new();
    let mut entry_args: Vec<EntryArg> = Vec::new();
    let mut vararg = false;
    if !p.eat(Tok::RParen) {
        loop {
            if p.eat(Tok::Ellipsis) {
                vararg = true;
                p.expect(Tok::RParen, "')'")?;
                break;
            }
            let arg = if p.is_operand_next() {
                let r = p.parse_operand_ref()?;
                p.expect(Tok::Colon, "':'")?;
                Some(r)
            } else {
                None
            };
            let t = p.parse_type()?;
            let loc = if p.is_keyword("loc") { Some(p.parse_location_literal()?) } else { None };
            inputs.push(t);
            if let Some(r) = arg {
                entry_args.push(EntryArg { name: r, ty: t, loc });
            }
            if p.eat(Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "')'")?;
        }
    }
    let result = if p.eat(Tok::Arrow) { p.parse_type()? } else { void_type(ctx) };
    state.add_attr(ctx, "function_type", ctx.type_attr(func_type(ctx, result, &inputs, vararg)));
    p.parse_optional_attr_dict_with_keyword(state)?;
    if p.tok() == Tok::LBrace {
        p.parse_region_into(state, &entry_args)?;
    } else {
        p.add_empty_region(state);
    }
    Ok(())
}

pub fn verify_func(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    if func_signature(ctx, body, op).is_none() {
        return Err(Diagnostic::error(
            body.op_loc(op),
            "'llvm.func' op requires attribute 'function_type' of an !llvm.func type",
        ));
    }
    super::verify_supported(ctx, body, op)
}

/// `llvm.return` matches the enclosing function's result type.
pub fn verify_return(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let Some((pb, func)) = parent else { return Ok(()) };
    let Some((result, _, _)) = func_signature(ctx, pb, func) else { return Ok(()) };
    let expected: Vec<Type> = if llvm_type(ctx, result) == Some(LlvmType::Void) { vec![] } else { vec![result] };
    if body.operand_types(op).as_slice() != expected.as_slice() {
        return Err(Diagnostic::error(
            body.op_loc(op),
            "'llvm.return' op has a type mismatch with the enclosing function's result type",
        ));
    }
    Ok(())
}

pub fn print_return(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ops = p.body.operand_vec(op);
    if let Some(&v) = ops.first() {
        p.write(" ");
        p.print_value(v);
    }
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    if let Some(&v) = ops.first() {
        p.write(" : ");
        p.print_type(p.body.value_type(v));
    }
}

pub fn parse_return(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let refs = parse_operand_list(p)?;
    p.parse_optional_attr_dict(state)?;
    let types = if refs.is_empty() {
        vec![]
    } else {
        p.expect(Tok::Colon, "':'")?;
        vec![p.parse_type()?]
    };
    resolve_all(p, state, &refs, &types)
}

/// The operand and result types match the callee's type given by
/// `var_callee_type` (variadic calls: at least the fixed arguments).
pub fn verify_call(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    super::verify_supported(ctx, body, op)?;
    let Some(t) = type_of(ctx, body.op_attrs(op), "var_callee_type") else { return Ok(()) };
    let Some(LlvmType::Func { inputs, result, vararg }) = llvm_type(ctx, t) else { return Ok(()) };
    let ops = body.operand_types(op);
    let fixed_ok = if vararg { ops.len() >= inputs.len() } else { ops.len() == inputs.len() };
    let results = body.result_types(op);
    let result_ok = if llvm_type(ctx, result) == Some(LlvmType::Void) {
        results.is_empty()
    } else {
        results.as_slice() == [result]
    };
    if !fixed_ok || ops.iter().zip(&inputs).any(|(a, b)| a != b) || !result_ok {
        return Err(Diagnostic::error(
            body.op_loc(op),
            "'llvm.call' op operand or result types do not match the callee type",
        ));
    }
    Ok(())
}

pub fn print_call(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    p.write(" ");
    p.print_attr(ctx.dict_get(attrs, "callee").expect("verified callee"));
    p.write("(");
    p.print_operands(p.body.operand_vec(op));
    p.write(")");
    if let Some(t) = type_of(ctx, attrs, "var_callee_type") {
        p.write(" vararg(");
        p.print_type(t);
        p.write(")");
    }
    p.print_optional_attr_dict(attrs, &["callee", "var_callee_type"]);
    p.write(" : ");
    let ins = p.body.operand_types(op);
    let outs = p.body.result_types(op);
    p.print_functional_type(&ins, &outs);
}

pub fn parse_call(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let callee = p.parse_symbol_name()?;
    state.add_attr(ctx, "callee", ctx.symbol_ref(&callee));
    p.expect(Tok::LParen, "'('")?;
    let refs = parse_operand_list(p)?;
    p.expect(Tok::RParen, "')'")?;
    if p.eat_keyword("vararg") {
        p.expect(Tok::LParen, "'('")?;
        let t = p.parse_type()?;
        p.expect(Tok::RParen, "')'")?;
        state.add_attr(ctx, "var_callee_type", ctx.type_attr(t));
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let at = p.here();
    let fty = p.parse_type()?;
    let Some((ins, outs)) = ctx.function_signature(fty) else { return p.err_at(at, "expected function type") };
    let (ins, outs) = (ins.to_vec(), outs.to_vec());
    resolve_all(p, state, &refs, &ins)?;
    state.result_types.extend(outs);
    Ok(())
}
