//! The LLVM intrinsics the arith lowering produces, as `llvm.intr.*` ops in
//! mlir-opt 22's syntax: `llvm.intr.smax(%a, %b) : (i64, i64) -> i64`,
//! `llvm.intr.maxnum(%x, %y) {fastmathFlags = #llvm.fastmath<nsz>} : (f32, f32) -> f32`,
//! and the stack intrinsics the inliner inserts around inlined allocas:
//! `llvm.intr.lifetime.start %p : !llvm.ptr` (and `.end`),
//! `llvm.intr.stacksave : !llvm.ptr`, `llvm.intr.stackrestore %p : !llvm.ptr`.

use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::Op;

use super::asm::{parse_operand_list, resolve_all};

/// Binary integer intrinsics (signless integer operands).
pub const INT_INTRINSICS: [&str; 4] = ["smax", "smin", "umax", "umin"];
/// Binary float intrinsics (with fast-math flags).
pub const FLOAT_INTRINSICS: [&str; 4] = ["maximum", "minimum", "maxnum", "minnum"];

/// Intrinsics of one pointer operand and no result.
pub const PTR_INTRINSICS: [&str; 3] = ["lifetime.start", "lifetime.end", "stackrestore"];

pub fn print_intrinsic(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write("(");
    p.print_operands(p.body.operand_vec(op));
    p.write(")");
    super::arith::print_attrs_without_default_fastmath(p, op, &[]);
    p.write(" : ");
    let ins = p.body.operand_types(op);
    let outs = p.body.result_types(op);
    p.print_functional_type(&ins, &outs);
}

pub fn parse_intrinsic(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    p.expect(Tok::LParen, "'('")?;
    let refs = parse_operand_list(p)?;
    p.expect(Tok::RParen, "')'")?;
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
