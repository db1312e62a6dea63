//! The part of the `affine` dialect Toy's lowering needs: `affine.for`
//! (bounds as constants, SSA values or `min`/`max` of maps, `step`,
//! `iter_args`), `affine.load`, `affine.store`, `affine.apply`,
//! `affine.yield`, with mlir-opt 22's custom syntax. Subscripts are affine
//! maps printed over their SSA operands (`%a[%i + 1, symbol(%n)]`).

pub(crate) mod canonicalize;
pub(crate) mod for_canonicalize;
pub(crate) mod operand_bounds;

use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::effects::{Effect, EffectKind};
use strata_ir::lexer::Tok;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::parser::{EntryArg, OpState, OperandRef, PResult, Parser};
use strata_ir::printer::{OpPrinter, PrintedEntryArgs, UnprintedAttrs};
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_rewrite::CanonicalizationPatterns;

pub fn register(ctx: &mut Context) {
    let for_op = OpDef::new("affine.for")
        .variadic_operand("lowerBoundOperands", c::INDEX)
        .variadic_operand("upperBoundOperands", c::INDEX)
        .variadic_operand("inits", c::ANY_TYPE)
        .attr("lowerBoundMap", c::ANY_ATTR)
        .attr("upperBoundMap", c::ANY_ATTR)
        .attr("step", c::ANY_ATTR)
        .variadic_result("results", c::ANY_TYPE)
        .region("region")
        .attr_sized_operands()
        .traits(Traits::SINGLE_BLOCK | Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print_for, parse_for)
        .verifier(verify_for)
        .interface(UnprintedAttrs(for_bound_unprinted))
        .interface(PrintedEntryArgs(1))
        .folder(crate::affine::for_canonicalize::fold_for)
        .interface(CanonicalizationPatterns(crate::affine::for_canonicalize::populate_for));
    let load = OpDef::new("affine.load")
        .operand("memref", c::ANY_TYPE)
        .variadic_operand("indices", c::INDEX)
        .attr("map", c::ANY_ATTR)
        .result("result", c::ANY_TYPE)
        .custom(print_load, parse_load)
        .interface(UnprintedAttrs(|_, _, _, name| name == "map"))
        .interface(CanonicalizationPatterns(crate::affine::canonicalize::populate_load))
        .effects(|_, body, op, out| {
            out.push(Effect { kind: EffectKind::Read, value: Some(body.operand(op, 0)), resource: "default" })
        })
        .verifier(verify_access);
    let store = OpDef::new("affine.store")
        .operand("value", c::ANY_TYPE)
        .operand("memref", c::ANY_TYPE)
        .variadic_operand("indices", c::INDEX)
        .attr("map", c::ANY_ATTR)
        .custom(print_store, parse_store)
        .interface(UnprintedAttrs(|_, _, _, name| name == "map"))
        .interface(CanonicalizationPatterns(crate::affine::canonicalize::populate_store))
        .effects(|_, body, op, out| {
            out.push(Effect { kind: EffectKind::Write, value: Some(body.operand(op, 1)), resource: "default" })
        })
        .verifier(verify_access);
    let apply = OpDef::new("affine.apply")
        .variadic_operand("mapOperands", c::INDEX)
        .attr("map", c::ANY_ATTR)
        .result("result", c::INDEX)
        .traits(Traits::PURE)
        .custom(print_apply, parse_apply)
        .interface(CanonicalizationPatterns(crate::affine::canonicalize::populate_apply));
    let yield_op = OpDef::new("affine.yield")
        .variadic_operand("operands", c::ANY_TYPE)
        .traits(Traits::PURE | Traits::IS_TERMINATOR)
        .parent("affine.for")
        .verifier(verify_yield)
        .format("attr-dict ($operands^ `:` type($operands))?");
    ctx.register_dialect(
        DialectDef::new("affine").interface(AFFINE_INLINER).op(for_op).op(load).op(store).op(apply).op(yield_op),
    );
}

/// MLIR's `AffineInlinerInterface`. Affine ops may be inlined wherever a
/// call can stand in Strata's dialects (a function body, an affine scope,
/// or an `affine.for` body): Strata's op hook is not told the destination
/// region, and every region that can hold a `func.call` here is one MLIR
/// allows. A callee body may be inlined *into* an `affine.for` only if it
/// is one block whose ops have no memory effects: MLIR also admits
/// `affine.load`/`store`/`apply` whose dims and symbols stay valid after
/// inlining; refusing those is conservative (the call stays), never wrong.
const AFFINE_INLINER: strata_ir::inliner_interface::DialectInlinerInterface =
    strata_ir::inliner_interface::DialectInlinerInterface {
        is_legal_region: |ctx, _, src_body, src, _| {
            let mut blocks = src_body.blocks(src);
            let (Some(only), None) = (blocks.next(), blocks.next()) else { return false };
            src_body.block_ops(only).all(|o| strata_ir::effects::is_memory_effect_free(ctx, src_body, o))
        },
        ..strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL
    };

/// The affine map held by `attr`, if it is one.
pub fn map_of(ctx: &Context, attr: Option<Attribute>) -> Option<&AffineMap> {
    match ctx.attr_kind(attr?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

pub fn map_attr(ctx: &Context, m: AffineMap) -> Attribute {
    ctx.intern_attr(AttrKind::AffineMap(m))
}

/// Builds `affine.for %iv = lb to ub` (constant bounds, step 1, no
/// iter_args) with an empty body ending in `affine.yield`; returns the op
/// (detached) and its body block.
pub fn build_constant_for(
    ctx: &Context,
    body: &mut Body,
    lb: i64,
    ub: i64,
    loc: strata_ir::Location,
) -> (Op, strata_ir::Block) {
    let constant = |v| map_attr(ctx, AffineMap { num_dims: 0, num_symbols: 0, results: vec![AffineExpr::Constant(v)] });
    let attrs = ctx.dictionary(vec![
        (ctx.intern_str("lowerBoundMap"), constant(lb)),
        (ctx.intern_str("operandSegmentSizes"), dense_i32_array(ctx, &[0, 0, 0])),
        (ctx.intern_str("step"), ctx.integer_attr(ctx.index_type(), 1)),
        (ctx.intern_str("upperBoundMap"), constant(ub)),
    ]);
    let op = body.create_op(OpSpec::new(ctx, "affine.for", loc).attrs(attrs).regions(1));
    let region = body.local_regions(op)[0];
    let block = body.create_block();
    body.append_block(region, block);
    body.add_block_arg(block, ctx.index_type(), loc);
    let y = body.create_op(OpSpec::new(ctx, "affine.yield", loc));
    body.append_op(block, y);
    (op, block)
}

/// An `affine.load`/`affine.store` attribute dictionary with the identity
/// map over `n` indices.
pub fn identity_access_attrs(ctx: &Context, n: usize) -> Attribute {
    ctx.dictionary(vec![(ctx.intern_str("map"), map_attr(ctx, AffineMap::identity(n as u32)))])
}

// ---- printing ----

/// A bound map is printed as a map unless it is a constant or one SSA id.
fn for_bound_unprinted(ctx: &Context, body: &Body, op: Op, name: &str) -> bool {
    if name != "lowerBoundMap" && name != "upperBoundMap" {
        return false;
    }
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let n = seg.get(usize::from(name == "upperBoundMap")).copied().unwrap_or(0);
    map_of(ctx, body.op_attr(ctx, op, name)).is_some_and(|m| bound_is_short(m, n as usize))
}

/// True if a bound prints as an integer or a single SSA value (only the
/// map `()[s0] -> (s0)` prints bare, as in mlir-opt).
fn bound_is_short(m: &AffineMap, num_operands: usize) -> bool {
    m.results.len() == 1
        && match m.results[0] {
            AffineExpr::Constant(_) => num_operands == 0,
            AffineExpr::Symbol(0) => m.num_dims == 0 && m.num_symbols == 1 && num_operands == 1,
            _ => false,
        }
}

/// Prints `e` with dim i as `dims[i]` and symbol i as `symbol(syms[i])`.
fn print_expr(p: &mut OpPrinter<'_, '_>, e: &AffineExpr, dims: &[Value], syms: &[Value]) {
    let mut s = String::new();
    strata_ir::printer::print_affine_expr_with_ids(
        e,
        &|is_sym, i, out: &mut String| {
            out.push('\u{1}');
            out.push(if is_sym { 's' } else { 'd' });
            out.push_str(&i.to_string());
            out.push('\u{2}');
        },
        &mut s,
    );
    let mut rest = s.as_str();
    while let Some(start) = rest.find('\u{1}') {
        p.write(&rest[..start]);
        let end = rest[start..].find('\u{2}').map_or(rest.len(), |e| start + e);
        let marker = &rest[start + 1..end];
        let idx: usize = marker[1..].parse().unwrap_or(0);
        if marker.starts_with('s') {
            p.write("symbol(");
            if let Some(&v) = syms.get(idx) {
                p.print_value(v);
            }
            p.write(")");
        } else if let Some(&v) = dims.get(idx) {
            p.print_value(v);
        }
        rest = &rest[(end + 1).min(rest.len())..];
    }
    p.write(rest);
}

/// `[e0, e1]` of a map over `operands` (dims first, then symbols).
fn print_subscripts(p: &mut OpPrinter<'_, '_>, m: &AffineMap, operands: &[Value]) {
    let nd = (m.num_dims as usize).min(operands.len());
    let (dims, syms) = operands.split_at(nd);
    p.write("[");
    for (i, e) in m.results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        print_expr(p, e, dims, syms);
    }
    p.write("]");
}

fn print_access(p: &mut OpPrinter<'_, '_>, op: Op, memref_index: usize) {
    let ctx = p.ctx;
    let body = p.body;
    let operands = body.operand_vec(op);
    let Some(&memref) = operands.get(memref_index) else { return };
    p.write(" ");
    if memref_index == 1 {
        p.print_value(operands[0]);
        p.write(", ");
    }
    p.print_value(memref);
    let attrs = body.op_attrs(op);
    let map = map_of(ctx, ctx.dict_get(attrs, "map")).cloned().unwrap_or(AffineMap {
        num_dims: 0,
        num_symbols: 0,
        results: vec![],
    });
    print_subscripts(p, &map, &operands[memref_index + 1..]);
    p.print_optional_attr_dict(attrs, &["map"]);
    p.write(" : ");
    p.print_type(body.value_type(memref));
}

fn print_load(p: &mut OpPrinter<'_, '_>, op: Op) {
    print_access(p, op, 0);
}

fn print_store(p: &mut OpPrinter<'_, '_>, op: Op) {
    print_access(p, op, 1);
}

fn print_apply(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    let Some(map_attr) = ctx.dict_get(attrs, "map") else { return };
    let operands = p.body.operand_vec(op);
    p.write(" ");
    p.print_attr(map_attr);
    print_map_operands(p, map_of(ctx, Some(map_attr)).map_or(0, |m| m.num_dims as usize), &operands);
    p.print_optional_attr_dict(attrs, &["map"]);
}

/// `(dims)` and, when there are symbols, `[syms]`.
fn print_map_operands(p: &mut OpPrinter<'_, '_>, num_dims: usize, operands: &[Value]) {
    let nd = num_dims.min(operands.len());
    p.write("(");
    p.print_operands(operands[..nd].iter().copied());
    p.write(")");
    if operands.len() > nd {
        p.write("[");
        p.print_operands(operands[nd..].iter().copied());
        p.write("]");
    }
}

fn print_bound(p: &mut OpPrinter<'_, '_>, map_attr: Option<Attribute>, operands: &[Value], prefix: &str) {
    let ctx = p.ctx;
    let Some(m) = map_of(ctx, map_attr) else { return };
    if m.results.len() == 1 {
        if let AffineExpr::Constant(v) = m.results[0] {
            if operands.is_empty() {
                p.write(&v.to_string());
                return;
            }
        }
        let single_id = matches!(m.results[0], AffineExpr::Symbol(0)) && m.num_dims == 0 && m.num_symbols == 1;
        if single_id && operands.len() == 1 {
            p.print_value(operands[0]);
            return;
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    let nd = m.num_dims as usize;
    p.print_attr(map_attr.expect("checked above"));
    print_map_operands(p, nd, operands);
}

fn print_for(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let attrs = body.op_attrs(op);
    let seg = dense_i32_values(ctx, ctx.dict_get(attrs, "operandSegmentSizes"));
    let operands = body.operand_vec(op);
    let (nl, nu) = (seg.first().copied().unwrap_or(0) as usize, seg.get(1).copied().unwrap_or(0) as usize);
    let (nl, nu) = (nl.min(operands.len()), nu.min(operands.len().saturating_sub(nl)));
    let rb = p.region_body(op);
    let region = body.regions_of(op).1.first().copied();
    let entry = region.and_then(|r| rb.first_block(r));
    let args: Vec<Value> = entry.map(|b| rb.block_args(b).to_vec()).unwrap_or_default();
    p.write(" ");
    if let (Some(&iv), Some(b)) = (args.first(), entry) {
        p.print_value(iv);
        // MLIR prints the induction variable with `printRegionArgument`,
        // which adds its location under `--mlir-print-debuginfo`.
        p.print_arg_loc(b, 0);
    }
    p.write(" = ");
    print_bound(p, ctx.dict_get(attrs, "lowerBoundMap"), &operands[..nl], "max");
    p.write(" to ");
    print_bound(p, ctx.dict_get(attrs, "upperBoundMap"), &operands[nl..nl + nu], "min");
    let step = ctx.dict_get(attrs, "step").and_then(|a| ctx.as_i64(a)).unwrap_or(1);
    if step != 1 {
        p.write(&format!(" step {step}"));
    }
    let inits = &operands[nl + nu..];
    let has_results = !inits.is_empty();
    if has_results {
        p.write(" iter_args(");
        for (i, &init) in inits.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            if let Some(&a) = args.get(i + 1) {
                p.print_value(a);
            }
            p.write(" = ");
            p.print_value(init);
        }
        p.write(") -> (");
        let tys: Vec<_> = body.result_types(op).to_vec();
        p.print_types(tys);
        p.write(")");
    }
    p.write(" ");
    p.print_region(op, 0, false, has_results);
    p.print_optional_attr_dict(attrs, &["lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"]);
}

// ---- parsing ----

/// An affine expression over SSA ids, collecting dims and symbols in order
/// of first use (MLIR's `parseAffineMapOfSSAIds`).
struct SsaIds<'a> {
    dims: Vec<OperandRef<'a>>,
    syms: Vec<OperandRef<'a>>,
}

impl<'a> SsaIds<'a> {
    fn id(list: &mut Vec<OperandRef<'a>>, r: OperandRef<'a>) -> u32 {
        if let Some(i) = list.iter().position(|x| x.name == r.name && x.number == r.number) {
            return i as u32;
        }
        list.push(r);
        (list.len() - 1) as u32
    }

    fn expr(&mut self, p: &mut Parser<'a>) -> PResult<AffineExpr> {
        let mut lhs = self.term(p)?;
        loop {
            if p.eat(Tok::Plus) {
                lhs = lhs + self.term(p)?;
            } else if p.eat(Tok::Minus) {
                lhs = lhs - self.term(p)?;
            } else {
                return Ok(lhs);
            }
        }
    }

    fn term(&mut self, p: &mut Parser<'a>) -> PResult<AffineExpr> {
        let mut lhs = self.operand(p)?;
        loop {
            if p.eat(Tok::Star) {
                let rhs = self.operand(p)?;
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return p.err_here("non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
                }
                lhs = lhs * rhs;
            } else if p.tok() == Tok::BareIdent && matches!(p.spelling(), "floordiv" | "ceildiv" | "mod") {
                let op = p.spelling();
                p.bump();
                let rhs = self.operand(p)?;
                if !rhs.is_symbolic_or_constant() {
                    return p.err_here(format!(
                        "non-affine expression: right operand of {op} has to be either a constant or symbolic"
                    ));
                }
                lhs = match op {
                    "floordiv" => lhs.floor_div(rhs),
                    "ceildiv" => lhs.ceil_div(rhs),
                    _ => lhs % rhs,
                };
            } else {
                return Ok(lhs);
            }
        }
    }

    fn operand(&mut self, p: &mut Parser<'a>) -> PResult<AffineExpr> {
        match p.tok() {
            Tok::Minus => {
                p.bump();
                Ok(-self.operand(p)?)
            }
            Tok::LParen => {
                p.bump();
                let e = self.expr(p)?;
                p.expect(Tok::RParen, "')'")?;
                Ok(e)
            }
            Tok::Integer => Ok(AffineExpr::Constant(p.parse_i64()?)),
            Tok::PercentIdent => {
                let r = p.parse_operand_ref()?;
                Ok(AffineExpr::Dim(Self::id(&mut self.dims, r)))
            }
            Tok::BareIdent if p.spelling() == "symbol" => {
                p.bump();
                p.expect(Tok::LParen, "'('")?;
                let r = p.parse_operand_ref()?;
                p.expect(Tok::RParen, "')'")?;
                Ok(AffineExpr::Symbol(Self::id(&mut self.syms, r)))
            }
            _ => p.err_here("expected affine expression"),
        }
    }

    /// Dims then symbols, resolved as `index` values.
    fn resolve(self, p: &mut Parser<'a>) -> PResult<Vec<Value>> {
        let index = p.ctx.index_type();
        let mut out = Vec::new();
        for r in self.dims.iter().chain(&self.syms) {
            out.push(p.resolve_operand(r, index)?);
        }
        Ok(out)
    }
}

/// `[e0, e1, ...]` after a memref operand: the map and its operands.
fn parse_subscripts(p: &mut Parser<'_>) -> PResult<(AffineMap, Vec<Value>)> {
    let mut ids = SsaIds { dims: Vec::new(), syms: Vec::new() };
    let mut results = Vec::new();
    p.expect(Tok::LSquare, "'['")?;
    if !p.eat(Tok::RSquare) {
        loop {
            results.push(ids.expr(p)?);
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "']'")?;
        }
    }
    let map = AffineMap { num_dims: ids.dims.len() as u32, num_symbols: ids.syms.len() as u32, results };
    let values = ids.resolve(p)?;
    Ok((map, values))
}

fn parse_access(p: &mut Parser<'_>, state: &mut OpState, is_store: bool) -> PResult<()> {
    let value_ref = if is_store {
        let r = p.parse_operand_ref()?;
        p.expect(Tok::Comma, "','")?;
        Some(r)
    } else {
        None
    };
    let memref_ref = p.parse_operand_ref()?;
    let (map, indices) = parse_subscripts(p)?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    let ctx = p.ctx;
    let Some(element) = ctx.element_type(ty) else { return p.err_here("expected memref type") };
    if let Some(r) = value_ref {
        let v = p.resolve_operand(&r, element)?;
        state.operands.push(v);
    }
    let m = p.resolve_operand(&memref_ref, ty)?;
    state.operands.push(m);
    state.operands.extend(indices);
    state.add_attr(ctx, "map", map_attr(ctx, map));
    if !is_store {
        state.result_types.push(element);
    }
    Ok(())
}

fn parse_load(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    parse_access(p, state, false)
}

fn parse_store(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    parse_access(p, state, true)
}

/// `(dims)[syms]` after a map attribute.
fn parse_map_operands(p: &mut Parser<'_>) -> PResult<Vec<Value>> {
    let index = p.ctx.index_type();
    let mut out = Vec::new();
    for (open, close) in [(Tok::LParen, Tok::RParen), (Tok::LSquare, Tok::RSquare)] {
        if open == Tok::LSquare && p.tok() != Tok::LSquare {
            break;
        }
        p.expect(open, if open == Tok::LParen { "'('" } else { "'['" })?;
        if !p.eat(close) {
            loop {
                let r = p.parse_operand_ref()?;
                out.push(p.resolve_operand(&r, index)?);
                if p.eat(close) {
                    break;
                }
                p.expect(Tok::Comma, "','")?;
            }
        }
    }
    Ok(out)
}

fn parse_apply(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let map = p.parse_attribute()?;
    if map_of(ctx, Some(map)).is_none() {
        return p.err_here("expected affine map");
    }
    state.operands.extend(parse_map_operands(p)?);
    state.add_attr(ctx, "map", map);
    p.parse_optional_attr_dict(state)?;
    state.result_types.push(ctx.index_type());
    Ok(())
}

/// One loop bound: an integer, an SSA value, or `[min|max] map(dims)[syms]`.
fn parse_bound(p: &mut Parser<'_>, keyword: &str) -> PResult<(Attribute, Vec<Value>)> {
    let ctx = p.ctx;
    let index = ctx.index_type();
    if p.is_operand_next() {
        let r = p.parse_operand_ref()?;
        let v = p.resolve_operand(&r, index)?;
        let m = AffineMap { num_dims: 0, num_symbols: 1, results: vec![AffineExpr::Symbol(0)] };
        return Ok((map_attr(ctx, m), vec![v]));
    }
    if matches!(p.tok(), Tok::Integer | Tok::Minus) {
        let neg = p.eat(Tok::Minus);
        let v = p.parse_i64()?;
        let m =
            AffineMap { num_dims: 0, num_symbols: 0, results: vec![AffineExpr::Constant(if neg { -v } else { v })] };
        return Ok((map_attr(ctx, m), vec![]));
    }
    let has_keyword = p.eat_keyword(keyword);
    let attr = p.parse_attribute()?;
    let Some(m) = map_of(ctx, Some(attr)) else {
        return p.err_here("expected valid affine map representation for loop bounds");
    };
    if m.results.len() > 1 && !has_keyword {
        return p.err_here(format!("lower loop bound affine map with multiple results requires '{keyword}' prefix"));
    }
    let operands = parse_map_operands(p)?;
    Ok((attr, operands))
}

fn parse_for(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let index = ctx.index_type();
    let iv = p.parse_operand_ref()?;
    p.expect(Tok::Equal, "'='")?;
    let (lb, lb_ops) = parse_bound(p, "max")?;
    p.expect_keyword("to")?;
    let (ub, ub_ops) = parse_bound(p, "min")?;
    // mlir-opt 22 refuses only a negative step (a zero step parses and
    // verifies), at the step's first token, as a custom-op error.
    let step = if p.eat_keyword("step") {
        let at = p.here();
        let v = p.parse_i64()?;
        if v < 0 {
            return p.err_custom(at, "expected step to be representable as a positive signed integer");
        }
        v
    } else {
        1
    };
    let mut entry = vec![EntryArg { name: iv, ty: index, loc: None }];
    let mut inits = Vec::new();
    if p.eat_keyword("iter_args") {
        p.expect(Tok::LParen, "'('")?;
        let mut pairs = Vec::new();
        if !p.eat(Tok::RParen) {
            loop {
                let arg = p.parse_operand_ref()?;
                p.expect(Tok::Equal, "'='")?;
                let init = p.parse_operand_ref()?;
                pairs.push((arg, init));
                if p.eat(Tok::RParen) {
                    break;
                }
                p.expect(Tok::Comma, "','")?;
            }
        }
        p.expect(Tok::Arrow, "'->'")?;
        // `-> f32` or `-> (f32, i32)` (parseOptionalArrowTypeList).
        let tys = p.parse_function_result_types()?;
        if tys.len() != pairs.len() {
            return p.err_here("mismatch between the number of loop-carried values and results");
        }
        for ((arg, init), ty) in pairs.into_iter().zip(&tys) {
            inits.push(p.resolve_operand(&init, *ty)?);
            entry.push(EntryArg { name: arg, ty: *ty, loc: None });
        }
        state.result_types.extend(tys);
    }
    let segments = [lb_ops.len() as i32, ub_ops.len() as i32, inits.len() as i32];
    state.operands.extend(lb_ops);
    state.operands.extend(ub_ops);
    state.operands.extend(inits);
    state.add_attr(ctx, "lowerBoundMap", lb);
    state.add_attr(ctx, "upperBoundMap", ub);
    state.add_attr(ctx, "step", ctx.integer_attr(index, step));
    state.add_attr(ctx, "operandSegmentSizes", dense_i32_array(ctx, &segments));
    p.parse_region_into(state, &entry)?;
    ensure_yield(p, state);
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

/// The body may leave out an operand-less `affine.yield` (MLIR's
/// `SingleBlockImplicitTerminator`).
fn ensure_yield(p: &mut Parser<'_>, state: &OpState) {
    let ctx = p.ctx;
    let Some(&region) = state.regions.last() else { return };
    let loc = state.loc;
    let body = p.body();
    let Some(block) = body.first_block(region) else { return };
    let yield_name = ctx.op_name("affine.yield");
    if body.last_op(block).is_some_and(|o| body.op_name(o) == yield_name) {
        return;
    }
    let y = body.create_op(OpSpec::new(ctx, "affine.yield", loc));
    body.append_op(block, y);
}

/// MLIR's `isValidSymbol`, for what an arena can tell: constant-like ops
/// (`arith.constant`, `ub.poison`), values
/// defined at the top level of the arena (the region of the isolated op,
/// an affine scope such as `func.func`), and `affine.apply` of symbols.
pub fn is_valid_symbol(ctx: &Context, body: &Body, v: Value) -> bool {
    if let Some(def) = body.defining_op(v) {
        if strata_ir::fold::is_constant_like(ctx, body, def) {
            return true;
        }
        let name = ctx.op_name_str(body.op_name(def));
        if name == "affine.apply" && body.operands(def).all(|o| is_valid_symbol(ctx, body, o)) {
            return true;
        }
    }
    body.value_parent_block(v).and_then(|b| body.block_region(b)).is_some_and(|r| body.region_parent_op(r).is_none())
}

/// In MLIR's order: the body is one block (the `SizedRegion<1>`
/// constraint); inits, region iter_args (the block arguments after the
/// induction variable), yielded values and results agree in number and
/// type (`LoopLikeOpInterface`'s verifier, with its messages: for a block
/// without arguments it reports the iter_args count as `size_t(-1)`, the
/// `drop_front` underflow mlir-opt 22 prints); the induction variable is an
/// index (`AffineForOp::verifyRegions`); the symbol operands of the bound
/// maps are valid symbols.
fn verify_for(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let error = |msg: String| Err(Diagnostic::error(body.op_loc(op), format!("'affine.for' op {msg}")));
    let show = |t| strata_ir::printer::type_to_string(ctx, t);
    let (rb, regions) = body.regions_of(op);
    let Some(&region) = regions.first() else { return Ok(()) };
    if rb.blocks(region).count() != 1 {
        return error("region #0 ('region') failed to verify constraint: region with 1 blocks".into());
    }
    let entry = rb.first_block(region).expect("one block");
    let args = rb.block_args(entry);
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let (nl, nu) =
        (seg.first().copied().unwrap_or(0).max(0) as usize, seg.get(1).copied().unwrap_or(0).max(0) as usize);
    let inits: Vec<Value> = body.operands(op).skip(nl + nu).collect();
    let iter_args = args.get(1..).unwrap_or(&[]);
    let num_iter_args = args.len().wrapping_sub(1);
    if inits.len() != num_iter_args {
        return error(format!("different number of inits and region iter_args: {} != {num_iter_args}", inits.len()));
    }
    let yielded: Vec<Value> = rb
        .last_op(entry)
        .filter(|&y| rb.op_name(y) == ctx.op_name("affine.yield"))
        .map(|y| rb.operand_vec(y).to_vec())
        .unwrap_or_default();
    if iter_args.len() != yielded.len() {
        return error(format!(
            "different number of region iter_args and yielded values: {} != {}",
            iter_args.len(),
            yielded.len()
        ));
    }
    let results = body.num_results(op);
    if results != iter_args.len() {
        return error(format!(
            "different number of loop results and region iter_args: {results} != {}",
            iter_args.len()
        ));
    }
    for (i, ((&init, &arg), &y)) in inits.iter().zip(iter_args).zip(&yielded).enumerate() {
        let (ti, ta, ty) = (body.value_type(init), rb.value_type(arg), rb.value_type(y));
        if ti != ta {
            return error(format!(
                "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                show(ti),
                show(ta)
            ));
        }
        if ta != ty {
            return error(format!(
                "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                show(ta),
                show(ty)
            ));
        }
    }
    for (i, (&arg, r)) in iter_args.iter().zip(body.results(op)).enumerate() {
        let (ta, tr) = (rb.value_type(arg), body.value_type(r));
        if ta != tr {
            return error(format!(
                "{i}-th region iter_arg and {i}-th loop result have different type: {} != {}",
                show(ta),
                show(tr)
            ));
        }
    }
    if args.first().is_none_or(|&iv| !ctx.is_index(rb.value_type(iv))) {
        return error("expected body to have a single index argument for the induction variable".into());
    }
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let operands = body.operand_vec(op);
    let mut start = 0usize;
    for (i, name) in ["lowerBoundMap", "upperBoundMap"].into_iter().enumerate() {
        let n = seg.get(i).copied().unwrap_or(0).max(0) as usize;
        let group = operands.get(start..start + n).unwrap_or(&[]);
        start += n;
        let Some(m) = map_of(ctx, body.op_attr(ctx, op, name)) else { continue };
        for &v in group.iter().skip(m.num_dims as usize) {
            if !is_valid_symbol(ctx, body, v) {
                return Err(Diagnostic::error(body.op_loc(op), "'affine.for' op operand cannot be used as a symbol"));
            }
        }
    }
    Ok(())
}

/// MLIR's `AffineYieldOp::verify`: the yield passes exactly the parent's
/// results (an operand without a matching result would be dropped by the
/// printer of a loop without iter_args).
fn verify_yield(_: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(parent) = body.parent_op(op) else { return Ok(()) };
    if body.num_results(parent) != body.num_operands(op) {
        return Err(Diagnostic::error(
            body.op_loc(op),
            "'affine.yield' op parent of yield must have same number of results as the yield operands",
        ));
    }
    if body.result_types(parent).iter().zip(body.operand_types(op)).any(|(r, o)| *r != o) {
        return Err(Diagnostic::error(
            body.op_loc(op),
            "'affine.yield' op types mismatch between yield op and its parent",
        ));
    }
    Ok(())
}

fn verify_access(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let is_store = ctx.op_name_str(body.op_name(op)) == "affine.store";
    let mi = usize::from(is_store);
    let name = if is_store { "affine.store" } else { "affine.load" };
    let Some(map) = map_of(ctx, body.op_attr(ctx, op, "map")) else {
        return Err(Diagnostic::error(body.op_loc(op), format!("'{name}' op requires an affine map")));
    };
    if body.num_operands(op) <= mi {
        return Ok(());
    }
    let memref = body.operand(op, mi);
    let rank = ctx.shape(body.value_type(memref)).map_or(0, |s| s.len());
    if map.results.len() != rank {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op affine map num results must equal memref rank"),
        ));
    }
    if (map.num_dims + map.num_symbols) as usize != body.num_operands(op).saturating_sub(mi + 1) {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op expects as many subscripts as affine map inputs"),
        ));
    }
    for v in body.operands(op).skip(mi + 1 + map.num_dims as usize) {
        if !is_valid_symbol(ctx, body, v) {
            return Err(Diagnostic::error(body.op_loc(op), format!("'{name}' op operand cannot be used as a symbol")));
        }
    }
    Ok(())
}
