//! The `toy` dialect: op definitions (the tutorial's `Ops.td`) declared with
//! strata-ir's `OpDef`, their custom assembly (`Dialect.cpp`'s parsers and
//! printers), and the dialect registration per chapter: what `toyc-chN`'s
//! dialect has (casts and interfaces from chapter 4, memref printing from
//! chapter 5, structs and constant folding from chapter 7).

use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::fold::FoldResult;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{AttrKind, Attribute, Body, Context, Location, Op, OpSpec, Type, TypeKind};

use crate::struct_type::{is_struct, parse_toy_type, print_toy_type};
use crate::verify;

fn is_f64_tensor(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => *element == ctx.f64(),
        _ => false,
    }
}

pub const F64_TENSOR: TypeConstraint =
    TypeConstraint { check: is_f64_tensor, summary: "tensor of 64-bit float values", buildable: None };
pub const STATIC_F64_TENSOR: TypeConstraint = TypeConstraint {
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::RankedTensor { shape, element, .. } if *element == ctx.f64() && shape.iter().all(|&d| d >= 0)),
    summary: "statically shaped tensor of 64-bit float values",
    buildable: None,
};
pub const TOY_TYPE: TypeConstraint = TypeConstraint {
    check: |ctx, t| is_f64_tensor(ctx, t) || is_struct(ctx, t),
    summary: "tensor of 64-bit float values or Toy struct type",
    buildable: None,
};
pub const TOY_STRUCT: TypeConstraint = TypeConstraint { check: is_struct, summary: "Toy struct type", buildable: None };
pub const F64_TENSOR_OR_MEMREF: TypeConstraint = TypeConstraint {
    check: |ctx, t| {
        is_f64_tensor(ctx, t)
            || matches!(ctx.type_kind(t), TypeKind::MemRef { element, .. } | TypeKind::UnrankedMemRef { element, .. } if *element == ctx.f64())
    },
    summary: "tensor of 64-bit float values or memref of 64-bit float values",
    buildable: None,
};
pub const F64_ELEMENTS_ATTR: AttrConstraint = AttrConstraint {
    check: |ctx, a| match ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } => ctx.element_type(*ty) == Some(ctx.f64()),
        _ => false,
    },
    summary: "64-bit float elements attribute",
};

// ----------------------------------------------------------------------
// Custom assembly
// ----------------------------------------------------------------------

/// `toy.constant {attrs} dense<...> : tensor<...>`.
fn print_constant(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    let attrs = p.body.op_attrs(op);
    p.print_optional_attr_dict(attrs, &["value"]);
    if let Some(v) = p.body.op_attr(p.ctx, op, "value") {
        p.print_attr(v);
    }
}

fn parse_constant(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    let at = p.here();
    let value = p.parse_attribute()?;
    let ty = match p.ctx.attr_kind(value) {
        AttrKind::DenseElements { ty, .. } => *ty,
        _ => return p.err_at(at, "invalid kind of attribute specified"),
    };
    state.add_attr(p.ctx, "value", value);
    state.result_types.push(ty);
    Ok(())
}

/// `toy.add %a, %b : T` when every type is T, else with a function type.
fn print_binary(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    let operands = p.body.operand_vec(op);
    p.print_operands(operands.iter().copied());
    let attrs = p.body.op_attrs(op);
    p.print_optional_attr_dict(attrs, &[]);
    p.write(" : ");
    let result = p.body.result_types(op);
    let inputs = p.body.operand_types(op);
    match result.first() {
        Some(&r) if inputs.iter().all(|&t| t == r) => p.print_type(r),
        _ => p.print_functional_type(&inputs, &result),
    }
}

fn parse_binary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let at = p.here();
    let mut refs = Vec::new();
    if p.is_operand_next() {
        loop {
            refs.push(p.parse_operand_ref()?);
            if !p.eat(Tok::Comma) {
                break;
            }
        }
    }
    if refs.len() != 2 {
        return p.err_at(at, "expected 2 operands");
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    if let Some((inputs, results)) = p.ctx.function_signature(ty) {
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        if inputs.len() != refs.len() {
            return p.err_at(at, format!("{} operands present, but expected {}", refs.len(), inputs.len()));
        }
        for (r, t) in refs.iter().zip(inputs) {
            let v = p.resolve_operand(r, t)?;
            state.operands.push(v);
        }
        state.result_types.extend(results);
        return Ok(());
    }
    for r in &refs {
        let v = p.resolve_operand(r, ty)?;
        state.operands.push(v);
    }
    state.result_types.push(ty);
    Ok(())
}

// ----------------------------------------------------------------------
// Constants and folds (chapter 7)
// ----------------------------------------------------------------------

fn value_attr(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    body.op_attr(ctx, op, "value")
}

/// `struct_access` of a constant struct is the constant's element.
fn fold_struct_access(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let Some(Some(input)) = operands.first() else { return FoldResult::Failed };
    let Some(elements) = ctx.as_array(*input) else { return FoldResult::Failed };
    let index = body.op_attr(ctx, op, "index").and_then(|a| ctx.as_integer(a)).map(|v| v.to_i64());
    match index.and_then(|i| usize::try_from(i).ok()).and_then(|i| elements.get(i)) {
        Some(&a) => FoldResult::attr(a),
        None => FoldResult::Failed,
    }
}

/// `I64Attr` in an assembly format prints without its type, as ODS does
/// for attributes whose type the constraint fixes.
fn print_index(ctx: &Context, a: Attribute, out: &mut String) {
    match ctx.as_integer(a) {
        Some(v) => out.push_str(&v.to_i64().to_string()),
        None => out.push_str(&strata_ir::printer::attr_to_string(ctx, a)),
    }
}

fn parse_index(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if !matches!(p.tok(), Tok::Integer | Tok::Minus) {
        return Ok(None);
    }
    let i64_type = p.ctx.i64();
    p.parse_attribute_typed(Some(i64_type)).map(Some)
}

/// `CastOp::fold` (`foldCastOp`): a cast to the input's own type is the input.
fn fold_cast(_: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let input = body.operand(op, 0);
    if body.result_types(op).first() == Some(&body.value_type(input)) {
        return FoldResult::value(input);
    }
    FoldResult::Failed
}

/// Constants folded out of toy ops become `toy.constant` or
/// `toy.struct_constant` (`ToyDialect::materializeConstant`).
fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    let name = if is_struct(ctx, ty) {
        ctx.as_array(value)?;
        "toy.struct_constant"
    } else {
        if !matches!(ctx.attr_kind(value), AttrKind::DenseElements { .. }) {
            return None;
        }
        "toy.constant"
    };
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    Some(body.create_op(OpSpec::new(ctx, name, loc).results(&[ty]).attrs(attrs)))
}

// ----------------------------------------------------------------------
// Registration
// ----------------------------------------------------------------------

/// What differs between the chapters' dialects.
#[derive(Clone, Copy)]
pub struct Features {
    /// Chapter 3: canonicalization patterns on transpose and reshape.
    pub canonicalization: bool,
    /// Chapter 4: `toy.cast`, inliner, call interfaces, shape inference.
    pub interfaces: bool,
    /// Chapter 5: `toy.print` also prints memrefs.
    pub print_memref: bool,
    /// Chapter 7: struct types and ops, constant folding.
    pub structs: bool,
}

impl Features {
    pub fn for_chapter(chapter: u32) -> Features {
        Features {
            canonicalization: chapter >= 3,
            interfaces: chapter >= 4,
            print_memref: chapter >= 5,
            structs: chapter >= 7,
        }
    }
}

/// Registers the `toy` dialect of `toyc-chN`.
pub fn register(ctx: &mut Context, chapter: u32) {
    let f = Features::for_chapter(chapter);
    let value_type = if f.structs { TOY_TYPE } else { F64_TENSOR };

    let mut constant = OpDef::new("toy.constant")
        .attr("value", F64_ELEMENTS_ATTR)
        .result("result", F64_TENSOR)
        .traits(Traits::PURE)
        .custom(print_constant, parse_constant)
        .verifier(verify::constant);
    if f.structs {
        constant = constant
            .traits(Traits::CONSTANT_LIKE)
            .constant(value_attr)
            .folder(|ctx, body, op, _| value_attr(ctx, body, op).map_or(FoldResult::Failed, FoldResult::attr));
    }
    let add = OpDef::new("toy.add")
        .operand("lhs", F64_TENSOR)
        .operand("rhs", F64_TENSOR)
        .result("result", F64_TENSOR)
        .traits(Traits::PURE)
        .verifier(verify::elementwise)
        .custom(print_binary, parse_binary);
    let mul = OpDef::new("toy.mul")
        .operand("lhs", F64_TENSOR)
        .operand("rhs", F64_TENSOR)
        .result("result", F64_TENSOR)
        .traits(Traits::PURE)
        .verifier(verify::elementwise)
        .custom(print_binary, parse_binary);
    let func = OpDef::new("toy.func")
        .attr("sym_name", c::STRING_ATTR)
        .attr("function_type", c::FUNCTION_TYPE_ATTR)
        // `sym_visibility` is not declared (as in the tutorial's Ops.td): it
        // stays a discardable attribute in the generic form.
        .optional_attr("arg_attrs", c::DICT_ARRAY_ATTR)
        .optional_attr("res_attrs", c::DICT_ARRAY_ATTR)
        .region("body")
        .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL)
        .custom(strata_dialects::func::print_func, strata_dialects::func::parse_func)
        .verifier(verify::func);
    let generic_call = OpDef::new("toy.generic_call")
        .attr("callee", c::FLAT_SYMBOL_REF_ATTR)
        .variadic_operand("inputs", value_type)
        .result("result", value_type)
        .format("$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)");
    let print = OpDef::new("toy.print")
        .operand("input", if f.print_memref { F64_TENSOR_OR_MEMREF } else { F64_TENSOR })
        .format("$input attr-dict `:` type($input)");
    let reshape = OpDef::new("toy.reshape")
        .operand("input", F64_TENSOR)
        .result("result", STATIC_F64_TENSOR)
        .traits(Traits::PURE)
        .format("`(` $input `:` type($input) `)` attr-dict `to` type(results)")
        .verifier(verify::reshape);
    let ret = OpDef::new("toy.return")
        .variadic_operand("input", value_type)
        .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
        .parent("toy.func")
        .format("($input^ `:` type($input))? attr-dict")
        .parent_verifier(verify::return_op);
    let transpose = OpDef::new("toy.transpose")
        .operand("input", F64_TENSOR)
        .result("result", F64_TENSOR)
        .traits(Traits::PURE)
        .format("`(` $input `:` type($input) `)` attr-dict `to` type(results)")
        .verifier(verify::transpose);

    let (mut transpose, mut reshape, mut generic_call, mut func) = (transpose, reshape, generic_call, func);
    let (mut constant, mut add, mut mul) = (constant, add, mul);
    if f.canonicalization {
        transpose = transpose.interface(strata_rewrite::CanonicalizationPatterns(crate::combine::transpose_patterns));
        reshape = reshape.interface(strata_rewrite::CanonicalizationPatterns(crate::combine::reshape_patterns));
    }
    if f.interfaces {
        generic_call = generic_call.interface(crate::inliner::GENERIC_CALL);
        func = func.interface(crate::inliner::TOY_FUNC);
        constant = constant.interface(crate::shape_inference::CONSTANT);
        add = add.interface(crate::shape_inference::FIRST_OPERAND);
        mul = mul.interface(crate::shape_inference::FIRST_OPERAND);
        transpose = transpose.interface(crate::shape_inference::TRANSPOSE);
    }

    let mut dialect = DialectDef::new("toy")
        .op(constant)
        .op(add)
        .op(mul)
        .op(func)
        .op(generic_call)
        .op(print)
        .op(reshape)
        .op(ret)
        .op(transpose);
    if f.interfaces {
        let cast = OpDef::new("toy.cast")
            .operand("input", F64_TENSOR)
            .result("output", F64_TENSOR)
            .traits(Traits::PURE)
            .format("$input attr-dict `:` type($input) `to` type($output)")
            .verifier(verify::cast)
            .folder(fold_cast)
            .interface(crate::shape_inference::FIRST_OPERAND);
        dialect = dialect.op(cast).interface(crate::inliner::TOY_INLINER);
    }
    if f.structs {
        let struct_constant = OpDef::new("toy.struct_constant")
            .attr("value", c::ARRAY_ATTR)
            .result("output", TOY_STRUCT)
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .format("$value attr-dict `:` type($output)")
            .constant(value_attr)
            .folder(|ctx, body, op, _| value_attr(ctx, body, op).map_or(FoldResult::Failed, FoldResult::attr))
            .verifier(verify::struct_constant);
        let struct_access = OpDef::new("toy.struct_access")
            .operand("input", TOY_STRUCT)
            .attr("index", c::I64_ATTR)
            .short_form(print_index, parse_index)
            .result("output", TOY_TYPE)
            .traits(Traits::PURE)
            .format("$input `[` $index `]` attr-dict `:` type($input) `->` type($output)")
            .folder(fold_struct_access)
            .verifier(verify::struct_access);
        dialect = dialect.op(struct_constant).op(struct_access).materializer(materialize);
        dialect.parse_type = Some(parse_toy_type);
        dialect.print_type = Some(print_toy_type);
    }
    ctx.register_dialect(dialect);
}

/// A context with the dialects `toyc-chN` loads: builtin, func, arith, cf
/// (for lowering) and toy.
pub fn context(chapter: u32) -> Context {
    let mut ctx = strata_dialects::context();
    strata_llvm::register_dialect(&mut ctx);
    register(&mut ctx, chapter);
    ctx
}
