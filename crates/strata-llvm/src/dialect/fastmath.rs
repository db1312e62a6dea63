//! `#llvm.fastmath<...>`: LLVM's fast-math flags as a dialect attribute
//! (the flag bits as one integer parameter), printed and parsed as
//! mlir-opt 22 does (`none`, `fast`, or the flags in LLVM's bit order
//! joined by `, `). Float ops carry it as `fastmathFlags`, printed in their
//! attribute dictionary and left out when `none`.

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::types::Param;
use strata_ir::{AttrKind, Attribute, Context};

/// LLVM's flags in bit order, as the dialect prints them.
pub const FLAGS: [(&str, i64); 7] =
    [("nnan", 1), ("ninf", 2), ("nsz", 4), ("arcp", 8), ("contract", 16), ("afn", 32), ("reassoc", 64)];
pub const FAST: i64 = 127;

pub fn fastmath_attr(ctx: &Context, bits: i64) -> Attribute {
    ctx.intern_attr(AttrKind::Dialect {
        dialect: ctx.intern_str("llvm"),
        name: ctx.intern_str("fastmath"),
        params: Box::new([Param::Int(bits)]),
    })
}

/// `#llvm.fastmath<none>`, the default of every op's `fastmathFlags`.
pub fn default_fastmath(ctx: &Context) -> Attribute {
    fastmath_attr(ctx, 0)
}

/// The flag bits of a `#llvm.fastmath` attribute.
pub fn fastmath_bits(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, name, params } if ctx.str(*dialect) == "llvm" && ctx.str(*name) == "fastmath" => {
            match params.first() {
                Some(Param::Int(b)) => Some(*b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The LLVM flags for arith's `#arith.fastmath` bits (arith numbers them
/// reassoc, nnan, ninf, nsz, arcp, contract, afn).
pub fn from_arith_bits(bits: i64) -> i64 {
    const ARITH_ORDER: [i64; 7] = [64, 1, 2, 4, 8, 16, 32];
    ARITH_ORDER.iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, &b)| b).sum()
}

/// The flag names of `bits` in LLVM's order.
pub fn flag_names(bits: i64) -> Vec<&'static str> {
    FLAGS.iter().filter(|(_, b)| bits & b != 0).map(|(n, _)| *n).collect()
}

/// The dialect's attribute printer hook (fast-math flags here, the
/// folder's markers in `fold.rs`, the keyword attributes in `enums.rs`).
pub fn print_llvm_attr(ctx: &Context, a: Attribute, out: &mut String) -> bool {
    if let Some(marker) = super::fold::MarkerAttr::of(ctx, a) {
        out.push_str("#llvm.");
        out.push_str(marker.mnemonic());
        return true;
    }
    let Some(bits) = fastmath_bits(ctx, a) else { return super::enums::print_keyword_attr(ctx, a, out) };
    out.push_str("#llvm.fastmath<");
    if bits == 0 {
        out.push_str("none");
    } else if bits == FAST {
        out.push_str("fast");
    } else {
        out.push_str(&flag_names(bits).join(", "));
    }
    out.push('>');
    true
}

/// The dialect's attribute parser hook: what follows `#llvm.`.
pub fn parse_llvm_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attribute> {
    if super::enums::is_keyword_kind(mnemonic) {
        return super::enums::parse_keyword_attr(p, mnemonic);
    }
    if mnemonic != "fastmath" {
        return p.err_here(format!("unknown attribute `{mnemonic}` in dialect `llvm`"));
    }
    p.expect(Tok::Less, "'<'")?;
    let mut bits = 0;
    loop {
        let at = p.here();
        let word = p.spelling().to_string();
        if p.tok() != Tok::BareIdent {
            return p.err_at(at, "expected a fast-math flag");
        }
        p.bump();
        match word.as_str() {
            "none" => {}
            "fast" => bits |= FAST,
            w => match FLAGS.iter().find(|(n, _)| *n == w) {
                Some((_, b)) => bits |= b,
                None => return p.err_at(at, format!("unknown fast-math flag '{w}'")),
            },
        }
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok(fastmath_attr(p.ctx, bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arith_flags_map_to_llvm_bits() {
        // arith: reassoc = 1, nsz = 8; LLVM: nsz = 4, reassoc = 64.
        assert_eq!(from_arith_bits(1 | 8), 4 | 64);
        assert_eq!(from_arith_bits(127), FAST);
        assert_eq!(from_arith_bits(0), 0);
        assert_eq!(flag_names(4 | 64), vec!["nsz", "reassoc"]);
    }

    #[test]
    fn printed_as_mlir_opt_prints_them() {
        let ctx = Context::new();
        let mut out = String::new();
        assert!(print_llvm_attr(&ctx, fastmath_attr(&ctx, 16), &mut out));
        assert_eq!(out, "#llvm.fastmath<contract>");
        out.clear();
        print_llvm_attr(&ctx, fastmath_attr(&ctx, FAST), &mut out);
        assert_eq!(out, "#llvm.fastmath<fast>");
    }
}
