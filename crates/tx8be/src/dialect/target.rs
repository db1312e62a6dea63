//! `#tx8be.target<...>`: the card a module is compiled for, as a module
//! attribute named `tx8be.target` (MLIR's `tosa.target_env` plays this
//! role for TOSA). The parameters are the hardware figures that differ from
//! the built-in card of `shared/tx8/hardware.md`, `name = value` in
//! declaration order, as ODS prints default-valued parameters:
//! `#tx8be.target<>` is the built-in card, `#tx8be.target<mesh_x = 2,
//! ddr_bytes_per_cycle = 100.0>` a smaller, slower one. Counts are
//! integers, rates are floats (an integer is accepted for a rate).
//!
//! Storage: an `AttrKind::Dialect` whose params are the overridden figures
//! as (`Param::Str` name, `Param::Int` count or `Param::Attr` f64 float)
//! pairs.

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::types::{FloatKind, Param};
use strata_ir::{AttrKind, Attribute, Context};
use tx8_target::{Figure, HardwareConfig};

/// The module attribute holding the target.
pub const TARGET_ATTR: &str = "tx8be.target";
/// The attribute's mnemonic: `#tx8be.target<...>`.
pub(super) const MNEMONIC: &str = "target";

/// `#tx8be.target<...>` for `hw`.
pub fn target_attr(ctx: &Context, hw: &HardwareConfig) -> Attribute {
    let f64_ty = ctx.float_type(FloatKind::F64);
    let mut params = Vec::new();
    for (name, figure) in hw.overrides() {
        params.push(Param::Str(ctx.intern_str(&name)));
        params.push(match figure {
            Figure::Count(c) => Param::Int(c as i64),
            Figure::Rate(r) => Param::Attr(ctx.f64_attr(f64_ty, r)),
        });
    }
    ctx.intern_attr(AttrKind::Dialect {
        dialect: ctx.intern_str(super::attrs::DIALECT),
        name: ctx.intern_str(MNEMONIC),
        params: params.into(),
    })
}

/// The figures `a` overrides, or None when `a` is no `#tx8be.target`.
fn figures_of(ctx: &Context, a: Attribute) -> Option<Vec<(String, Figure)>> {
    let AttrKind::Dialect { dialect, name, params } = ctx.attr_kind(a) else { return None };
    if ctx.str(*dialect) != super::attrs::DIALECT || ctx.str(*name) != MNEMONIC {
        return None;
    }
    params
        .chunks(2)
        .map(|pair| match pair {
            [Param::Str(n), Param::Int(c)] => Some((ctx.str(*n).to_string(), Figure::Count(*c as u64))),
            [Param::Str(n), Param::Attr(f)] => match ctx.attr_kind(*f) {
                AttrKind::Float { bits, .. } => {
                    Some((ctx.str(*n).to_string(), Figure::Rate(strata_ir::apfloat::to_f64(FloatKind::F64, *bits))))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The card `a` describes; None when `a` is no `#tx8be.target`. The
/// attribute was validated when parsed or built, so reading it cannot fail.
pub fn target_of(ctx: &Context, a: Attribute) -> Option<HardwareConfig> {
    HardwareConfig::with_figures(&figures_of(ctx, a)?).ok()
}

/// Prints `#tx8be.target<...>`; false when `a` is another attribute.
pub(super) fn print(ctx: &Context, a: Attribute, out: &mut String) -> bool {
    let Some(figures) = figures_of(ctx, a) else { return false };
    out.push_str("#tx8be.target<");
    for (i, (name, figure)) in figures.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(name);
        out.push_str(" = ");
        match figure {
            Figure::Count(c) => out.push_str(&c.to_string()),
            Figure::Rate(r) => out.push_str(&rate_literal(*r)),
        }
    }
    out.push('>');
    true
}

/// A rate as a float literal MLIR's lexer reads back exactly: the shortest
/// round-trip digits, always with a `.` before any exponent.
fn rate_literal(r: f64) -> String {
    let s = format!("{r:?}");
    match s.find('e') {
        Some(e) if !s[..e].contains('.') => format!("{}.0{}", &s[..e], &s[e..]),
        _ => s,
    }
}

/// Parses `<name = value, ...>` (possibly empty) after `#tx8be.target`.
pub(super) fn parse(p: &mut Parser<'_>) -> PResult<Attribute> {
    let start = p.here();
    p.expect(Tok::Less, "'<'")?;
    let mut figures: Vec<(String, Figure)> = Vec::new();
    if !p.eat(Tok::Greater) {
        loop {
            if p.tok() != Tok::BareIdent {
                return p.err_here("expected a hardware figure name in #tx8be.target");
            }
            let name = p.spelling().to_string();
            if figures.iter().any(|(n, _)| *n == name) {
                return p.err_here(format!("duplicate figure '{name}' in #tx8be.target"));
            }
            p.bump();
            p.expect(Tok::Equal, "'='")?;
            let figure = match p.tok() {
                Tok::Integer => {
                    let v = p.parse_i64()?;
                    Figure::Count(v as u64)
                }
                Tok::Float => {
                    let Ok(v) = p.spelling().parse::<f64>() else {
                        return p.err_here("invalid float literal");
                    };
                    p.bump();
                    Figure::Rate(v)
                }
                _ => return p.err_here(format!("expected a non-negative number for '{name}'")),
            };
            figures.push((name, figure));
            if !p.eat(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::Greater, "'>'")?;
    }
    match HardwareConfig::with_figures(&figures) {
        Ok(hw) => Ok(target_attr(p.ctx, &hw)),
        Err(e) => p.err_at(start, format!("invalid #tx8be.target: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_print_as_float_literals() {
        assert_eq!(rate_literal(200.0), "200.0");
        assert_eq!(rate_literal(0.5), "0.5");
        assert_eq!(rate_literal(1e-7), "1.0e-7");
        assert_eq!(rate_literal(2.5e20), "2.5e20");
    }

    #[test]
    fn the_attribute_holds_the_card() {
        let ctx = Context::new();
        let mut hw = HardwareConfig::default();
        assert_eq!(target_of(&ctx, target_attr(&ctx, &hw)), Some(hw.clone()));
        hw.mesh_x = 2;
        hw.pcie_bytes_per_cycle = 32.0;
        let a = target_attr(&ctx, &hw);
        assert_eq!(target_of(&ctx, a), Some(hw));
        let mut s = String::new();
        assert!(print(&ctx, a, &mut s));
        assert_eq!(s, "#tx8be.target<mesh_x = 2, pcie_bytes_per_cycle = 32.0>");
    }
}
