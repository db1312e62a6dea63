//! Memory ops and globals: `llvm.alloca`, `llvm.load`, `llvm.store`,
//! `llvm.getelementptr`, `llvm.ptrtoint`, `llvm.mlir.addressof` and
//! `llvm.mlir.global` (with string initialisers), in mlir-opt 22's syntax.
//!
//! `llvm.getelementptr` keeps its constant indices in `rawConstantIndices`
//! (an `i32` dense array, `i32::MIN` marking a dynamic index, as upstream's
//! `kDynamicIndex`), the element type in `elem_type` and its no-wrap flags
//! as their `i32` bits in `noWrapFlags` (absent for none, `enums.rs`).
//! Loads and stores have upstream's `ordering` (not atomic only) and its
//! `volatile_` unit property, spelled `volatile` before the operands.

use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::effects::{Effect, EffectKind, Effects};
use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{Attribute, Context, Op, Type};

use super::asm::{int_of, resolve_all, string_of, type_of};
use super::enums::{gep_flag_bits, gep_flags_from_text, gep_flags_text, linkage_attr, linkage_of, zero_i32, LINKAGES};
use super::types::{array_type, ptr_type};

/// `rawConstantIndices` entry of a dynamic index.
pub const DYNAMIC_INDEX: i32 = i32::MIN;

pub fn print_alloca(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    let size = p.body.operand(op, 0);
    p.write(" ");
    p.print_value(size);
    p.write(" x ");
    p.print_type(type_of(ctx, attrs, "elem_type").expect("verified elem_type"));
    p.print_optional_attr_dict(attrs, &["elem_type"]);
    p.write(" : ");
    p.print_functional_type(&[p.body.value_type(size)], &[p.body.value_type(p.body.result(op, 0))]);
}

pub fn parse_alloca(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let size = p.parse_operand_ref()?;
    if !p.eat_keyword("x") {
        return p.err_here("expected 'x'");
    }
    let elem = p.parse_type()?;
    state.add_attr(ctx, "elem_type", ctx.type_attr(elem));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let at = p.here();
    let fty = p.parse_type()?;
    let Some((ins, outs)) = ctx.function_signature(fty) else { return p.err_at(at, "expected function type") };
    let (ins, outs) = (ins.to_vec(), outs.to_vec());
    resolve_all(p, state, &[size], &ins)?;
    state.result_types.extend(outs);
    Ok(())
}

/// The name of the unit property that marks a load or store volatile.
pub const VOLATILE: &str = "volatile_";

/// True if the load or store is volatile.
pub fn is_volatile(ctx: &Context, body: &strata_ir::Body, op: Op) -> bool {
    body.op_attr(ctx, op, VOLATILE).is_some()
}

fn print_volatile(p: &mut OpPrinter<'_, '_>, op: Op) {
    if is_volatile(p.ctx, p.body, op) {
        p.write(" volatile");
    }
}

fn parse_volatile(p: &mut Parser<'_>, state: &mut OpState) {
    if p.eat_keyword("volatile") {
        state.add_attr(p.ctx, VOLATILE, p.ctx.unit_attr());
    }
}

pub fn print_load(p: &mut OpPrinter<'_, '_>, op: Op) {
    print_volatile(p, op);
    p.write(" ");
    p.print_value(p.body.operand(op, 0));
    p.print_optional_attr_dict(p.body.op_attrs(op), &[VOLATILE]);
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.operand(op, 0)));
    p.write(" -> ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

pub fn parse_load(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    parse_volatile(p, state);
    let addr = p.parse_operand_ref()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let pt = p.parse_type()?;
    p.expect(Tok::Arrow, "'->'")?;
    let rt = p.parse_type()?;
    resolve_all(p, state, &[addr], &[pt])?;
    state.result_types.push(rt);
    Ok(())
}

pub fn print_store(p: &mut OpPrinter<'_, '_>, op: Op) {
    let (v, a) = (p.body.operand(op, 0), p.body.operand(op, 1));
    print_volatile(p, op);
    p.write(" ");
    p.print_operands([v, a]);
    p.print_optional_attr_dict(p.body.op_attrs(op), &[VOLATILE]);
    p.write(" : ");
    p.print_types([p.body.value_type(v), p.body.value_type(a)]);
}

pub fn parse_store(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    parse_volatile(p, state);
    let v = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let a = p.parse_operand_ref()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let vt = p.parse_type()?;
    p.expect(Tok::Comma, "','")?;
    let at = p.parse_type()?;
    resolve_all(p, state, &[v, a], &[vt, at])
}

/// Builds the attributes of a GEP: `indices` are constants (`Some`) or
/// dynamic operands (`None`), in order.
pub fn gep_attrs(ctx: &Context, indices: &[Option<i32>], elem: Type, flags: Option<&str>) -> Attribute {
    let raw: Vec<i32> = indices.iter().map(|i| i.unwrap_or(DYNAMIC_INDEX)).collect();
    let mut entries = vec![
        (ctx.intern_str("rawConstantIndices"), dense_i32_array(ctx, &raw)),
        (ctx.intern_str("elem_type"), ctx.type_attr(elem)),
    ];
    let bits = flags.map_or(0, gep_flags_from_text);
    if bits != 0 {
        entries.push((ctx.intern_str("noWrapFlags"), ctx.integer_attr(ctx.i32(), bits)));
    }
    ctx.dictionary(entries)
}

/// The no-wrap flag bits of a GEP.
pub fn gep_flags(ctx: &Context, attrs: Attribute) -> i64 {
    int_of(ctx, attrs, "noWrapFlags").unwrap_or(0)
}

pub fn gep_raw_indices(ctx: &Context, attrs: Attribute) -> Vec<i32> {
    dense_i32_values(ctx, ctx.dict_get(attrs, "rawConstantIndices"))
}

pub fn print_gep(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    let ops = p.body.operand_vec(op);
    let flags = gep_flags(ctx, attrs);
    if flags != 0 {
        p.write(" ");
        p.write(&gep_flags_text(flags));
    }
    p.write(" ");
    p.print_value(ops[0]);
    p.write("[");
    let mut dynamic = ops[1..].iter();
    for (i, raw) in gep_raw_indices(ctx, attrs).into_iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if raw == DYNAMIC_INDEX {
            if let Some(&v) = dynamic.next() {
                p.print_value(v);
            }
        } else {
            p.write(&raw.to_string());
        }
    }
    p.write("]");
    p.print_optional_attr_dict(attrs, &["rawConstantIndices", "elem_type", "noWrapFlags"]);
    p.write(" : ");
    let ins = p.body.operand_types(op);
    p.print_functional_type(&ins, &[p.body.value_type(p.body.result(op, 0))]);
    p.write(", ");
    p.print_type(type_of(ctx, attrs, "elem_type").expect("verified elem_type"));
}

pub fn parse_gep(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    // `inbounds|nuw` lexes as three tokens.
    let mut flags = 0;
    if p.tok() == Tok::BareIdent && gep_flag_bits(p.spelling()).is_some() {
        loop {
            let at = p.here();
            let Some(bits) = (p.tok() == Tok::BareIdent).then(|| gep_flag_bits(p.spelling())).flatten() else {
                return p
                    .err_at(at, "expected one of [none, inbounds_flag, nusw, nuw, inbounds] for GEP no-wrap flags");
            };
            flags |= bits;
            p.bump();
            if !p.eat(Tok::Vertical) {
                break;
            }
        }
    }
    let base = p.parse_operand_ref()?;
    p.expect(Tok::LSquare, "'['")?;
    let mut indices = Vec::new();
    let mut refs = vec![base];
    if !p.eat(Tok::RSquare) {
        loop {
            if p.is_operand_next() {
                refs.push(p.parse_operand_ref()?);
                indices.push(None);
            } else {
                let at = p.here();
                let i = p.parse_i64()?;
                let Ok(i) = i32::try_from(i) else { return p.err_at(at, "constant GEP index out of the i32 range") };
                indices.push(Some(i));
            }
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let at = p.here();
    let fty = p.parse_type()?;
    let Some((ins, outs)) = ctx.function_signature(fty) else { return p.err_at(at, "expected function type") };
    let (ins, outs) = (ins.to_vec(), outs.to_vec());
    p.expect(Tok::Comma, "','")?;
    let elem = p.parse_type()?;
    resolve_all(p, state, &refs, &ins)?;
    state.result_types.extend(outs);
    let mut built = gep_attrs(ctx, &indices, elem, None);
    if flags != 0 {
        built = ctx.dict_with(built, ctx.intern_str("noWrapFlags"), Some(ctx.integer_attr(ctx.i32(), flags)));
    }
    for (k, v) in ctx.dict_entries(built).to_vec() {
        state.attrs.push((k, v));
    }
    Ok(())
}

pub fn print_addressof(p: &mut OpPrinter<'_, '_>, op: Op) {
    let attrs = p.body.op_attrs(op);
    p.write(" ");
    p.print_attr(p.ctx.dict_get(attrs, "global_name").expect("verified global_name"));
    p.print_optional_attr_dict(attrs, &["global_name"]);
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

pub fn parse_addressof(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let name = p.parse_symbol_name()?;
    state.add_attr(ctx, "global_name", ctx.symbol_ref(&name));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = p.parse_type()?;
    state.result_types.push(t);
    Ok(())
}

/// `llvm.mlir.global internal constant @nl("\0A\00") {addr_space = 0 : i32}`:
/// string initialisers only; the global's type is `!llvm.array<N x i8>`.
pub fn print_global(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    // Unlike functions, globals spell out `external`.
    p.write(" ");
    p.write(linkage_of(ctx, attrs));
    if ctx.dict_get(attrs, "constant").is_some() {
        p.write(" constant");
    }
    p.write(" ");
    strata_ir::printer::print_symbol(&string_of(ctx, attrs, "sym_name").unwrap_or_default(), p.out);
    p.write("(");
    let value = ctx.dict_get(attrs, "value");
    if let Some(v) = value {
        p.print_attr(v);
    }
    p.write(")");
    // mlir-opt prints `addr_space` even when it holds its default, 0.
    let shown = if ctx.dict_get(attrs, "addr_space").is_none() {
        ctx.dict_with(attrs, ctx.intern_str("addr_space"), Some(zero_i32(ctx)))
    } else {
        attrs
    };
    p.print_optional_attr_dict(shown, &["linkage", "constant", "sym_name", "value", "global_type", "unnamed_addr"]);
    // The type follows unless a string initialiser implies it.
    if value.is_none_or(|v| ctx.as_string(v).is_none()) {
        if let Some(t) = type_of(ctx, attrs, "global_type") {
            p.write(" : ");
            p.print_type(t);
        }
    }
}

/// The bytes of a global's initialiser: a string, or a dense `i8` tensor.
pub fn global_bytes(ctx: &Context, value: Attribute) -> Option<Vec<u8>> {
    if let Some(s) = ctx.as_string(value) {
        return Some(s.to_vec());
    }
    let strata_ir::AttrKind::DenseElements { ty, data } = ctx.attr_kind(value) else { return None };
    let elem = ctx.element_type(*ty)?;
    if !ctx.is_signless_integer_of_width(elem, 8) {
        return None;
    }
    let n: i64 = ctx.shape(*ty)?.iter().product();
    Some(if data.splat { vec![*data.bytes.first()?; n as usize] } else { data.bytes.to_vec() })
}

/// A constant global of `bytes` with the given linkage keyword, initialised by a
/// dense `i8` tensor (how upstream's assert lowering writes messages).
pub fn dense_bytes_global_attrs(ctx: &Context, name: &str, linkage: &str, bytes: &[u8]) -> Attribute {
    let n = bytes.len() as i64;
    let tensor = ctx.intern_type(strata_ir::TypeKind::RankedTensor {
        shape: Box::new([n]),
        element: ctx.integer_type(8),
        encoding: None,
    });
    let splat = bytes.len() > 1 && bytes.iter().all(|&b| b == bytes[0]);
    let data = strata_ir::attributes::DenseData {
        splat,
        bytes: if splat { bytes[..1].to_vec().into() } else { bytes.to_vec().into() },
    };
    let value = ctx.intern_attr(strata_ir::AttrKind::DenseElements { ty: tensor, data });
    let s = |n: &str| ctx.intern_str(n);
    ctx.dictionary(vec![
        (s("addr_space"), ctx.integer_attr(ctx.i32(), 0)),
        (s("constant"), ctx.unit_attr()),
        (s("global_type"), ctx.type_attr(array_type(ctx, bytes.len() as u64, ctx.integer_type(8)))),
        (s("linkage"), linkage_attr(ctx, linkage)),
        (s("sym_name"), ctx.string_attr(name)),
        (s("value"), value),
    ])
}

pub fn parse_global(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    for l in LINKAGES {
        if p.is_keyword(l) {
            p.bump();
            state.add_attr(ctx, "linkage", linkage_attr(ctx, l));
            break;
        }
    }
    if p.eat_keyword("constant") {
        state.add_attr(ctx, "constant", ctx.unit_attr());
    }
    // Upstream's parser writes the (absent) unnamed_addr keyword as 0.
    state.add_attr(ctx, "unnamed_addr", super::enums::zero_i64(ctx));
    let name = p.parse_symbol_name()?;
    state.add_attr(ctx, "sym_name", ctx.string_attr(&name));
    p.expect(Tok::LParen, "'('")?;
    let at = p.here();
    let value = p.parse_attribute()?;
    p.expect(Tok::RParen, "')'")?;
    let Some(bytes) = global_bytes(ctx, value) else {
        return p.err_at(at, "only string and dense i8 initialisers are supported for llvm.mlir.global");
    };
    let ty = array_type(ctx, bytes.len() as u64, ctx.integer_type(8));
    state.add_attr(ctx, "value", value);
    state.add_attr(ctx, "global_type", ctx.type_attr(ty));
    p.parse_optional_attr_dict(state)?;
    if ctx.as_string(value).is_none() {
        p.expect(Tok::Colon, "':'")?;
        let tloc = p.here();
        let t = p.parse_type()?;
        if t != ty {
            return p.err_at(tloc, "the global's type does not match its initialiser");
        }
    }
    p.add_empty_region(state);
    Ok(())
}

/// The attributes of a constant internal string global named `name`.
pub fn string_global_attrs(ctx: &Context, name: &str, bytes: &[u8]) -> Attribute {
    let ty = array_type(ctx, bytes.len() as u64, ctx.integer_type(8));
    let s = |n: &str| ctx.intern_str(n);
    ctx.dictionary(vec![
        (s("addr_space"), ctx.integer_attr(ctx.i32(), 0)),
        (s("constant"), ctx.unit_attr()),
        (s("global_type"), ctx.type_attr(ty)),
        (s("linkage"), linkage_attr(ctx, "internal")),
        (s("sym_name"), ctx.string_attr(name)),
        (s("value"), ctx.intern_attr(strata_ir::AttrKind::String { value: bytes.into(), ty: None })),
    ])
}

/// A pointer result type check shared by verifiers.
pub fn is_ptr_result(ctx: &Context, t: Type) -> bool {
    t == ptr_type(ctx)
}

/// One dynamic index operand per dynamic entry of `rawConstantIndices`,
/// at least one index.
pub fn verify_gep(ctx: &Context, body: &strata_ir::Body, op: Op) -> Result<(), strata_ir::Diagnostic> {
    if gep_flags(ctx, body.op_attrs(op)) == super::enums::GEP_INBOUNDS_FLAG {
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            "'llvm.getelementptr' op 'inbounds_flag' cannot be used directly.",
        ));
    }
    let raw = gep_raw_indices(ctx, body.op_attrs(op));
    let dynamic = raw.iter().filter(|&&i| i == DYNAMIC_INDEX).count();
    if raw.is_empty() || dynamic != body.num_operands(op) - 1 {
        return Err(strata_ir::Diagnostic::error(
            body.op_loc(op),
            format!(
                "'llvm.getelementptr' op expected {dynamic} dynamic indices for {} indices, got {}",
                raw.len(),
                body.num_operands(op) - 1
            ),
        ));
    }
    Ok(())
}

/// The `alignment` of a load, store or alloca, when given.
pub fn alignment(ctx: &Context, attrs: Attribute) -> Option<i64> {
    int_of(ctx, attrs, "alignment")
}

/// Upstream's `LoadOp::getEffects`: a read of the address; a volatile load
/// also reads and writes memory at large, so it is neither dead nor merged.
pub fn load_effects(ctx: &Context, body: &strata_ir::Body, op: Op, out: &mut Effects) {
    out.push(Effect { kind: EffectKind::Read, value: Some(body.operand(op, 0)), resource: "default" });
    if is_volatile(ctx, body, op) {
        out.push(Effect::on_default(EffectKind::Write));
        out.push(Effect::on_default(EffectKind::Read));
    }
}

/// Upstream's `StoreOp::getEffects`: a write of the address, and for a
/// volatile store a read and write of memory at large.
pub fn store_effects(ctx: &Context, body: &strata_ir::Body, op: Op, out: &mut Effects) {
    out.push(Effect { kind: EffectKind::Write, value: Some(body.operand(op, 1)), resource: "default" });
    if is_volatile(ctx, body, op) {
        out.push(Effect::on_default(EffectKind::Write));
        out.push(Effect::on_default(EffectKind::Read));
    }
}

/// `llvm.alloca` allocates its result in the function's automatic
/// allocation scope (upstream's `MemAlloc<AutomaticAllocationScopeResource>`):
/// an unused one is dead.
pub fn alloca_effects(_: &Context, body: &strata_ir::Body, op: Op, out: &mut Effects) {
    out.push(Effect {
        kind: EffectKind::Allocate,
        value: Some(body.result(op, 0)),
        resource: "AutomaticAllocationScope",
    });
}
