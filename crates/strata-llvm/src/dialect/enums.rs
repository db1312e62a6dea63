//! The llvm dialect's enums in the encodings mlir-opt 22 keeps them in, so
//! that the generic form is upstream's: linkage, calling convention and tail
//! call kind as keyword attributes (`#llvm.linkage<internal>`,
//! `#llvm.cconv<ccc>`, `#llvm.tailcallkind<none>`), comparison predicates as
//! `i64` integers (LLVM's numbering: `eq` 0 ... `uge` 9, `_false` 0 ...
//! `_true` 15), GEP no-wrap flags as `i32` bits (`inbounds_flag` 1, `nusw`
//! 2, `nuw` 4; `inbounds` is both of the first two), and atomic ordering,
//! `unnamed_addr` and visibility as `i64` integers (0: not atomic, none,
//! default).

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::types::Param;
use strata_ir::{AttrKind, Attribute, Context};

/// The keyword attribute kinds: mnemonic and the keywords it takes (`None`:
/// any identifier, as for calling conventions, of which Strata handles
/// `ccc` only and the verifiers refuse the others).
const KEYWORD_KINDS: [(&str, Option<&[&str]>); 3] =
    [("linkage", Some(&LINKAGES)), ("cconv", None), ("tailcallkind", Some(&TAIL_CALL_KINDS))];

/// The order in which mlir-opt lists the linkage keywords in its error.
const LINKAGE_ERROR_ORDER: [&str; 11] = [
    "external",
    "available_externally",
    "linkonce",
    "linkonce_odr",
    "weak",
    "weak_odr",
    "appending",
    "internal",
    "private",
    "extern_weak",
    "common",
];

/// Linkage keywords, in LLVM's numbering (`external`, the default, last).
pub const LINKAGES: [&str; 11] = [
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];
pub const TAIL_CALL_KINDS: [&str; 4] = ["none", "tail", "musttail", "notail"];

/// `#llvm.<kind><word>`.
pub fn keyword_attr(ctx: &Context, kind: &str, word: &str) -> Attribute {
    ctx.intern_attr(AttrKind::Dialect {
        dialect: ctx.intern_str("llvm"),
        name: ctx.intern_str(kind),
        params: Box::new([Param::Str(ctx.intern_str(word))]),
    })
}

/// The keyword of a `#llvm.<kind><...>` attribute.
pub fn keyword_of<'c>(ctx: &'c Context, a: Attribute, kind: &str) -> Option<&'c str> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, name, params } if ctx.str(*dialect) == "llvm" && ctx.str(*name) == kind => {
            match params.first() {
                Some(Param::Str(s)) => Some(ctx.str(*s)),
                _ => None,
            }
        }
        _ => None,
    }
}

pub fn linkage_attr(ctx: &Context, word: &str) -> Attribute {
    keyword_attr(ctx, "linkage", word)
}

pub fn default_linkage(ctx: &Context) -> Attribute {
    linkage_attr(ctx, "external")
}

pub fn default_cconv(ctx: &Context) -> Attribute {
    keyword_attr(ctx, "cconv", "ccc")
}

pub fn default_tail_call_kind(ctx: &Context) -> Attribute {
    keyword_attr(ctx, "tailcallkind", "none")
}

/// The linkage keyword of an op's `linkage` attribute (`external` when absent).
pub fn linkage_of(ctx: &Context, attrs: Attribute) -> &str {
    ctx.dict_get(attrs, "linkage").and_then(|a| keyword_of(ctx, a, "linkage")).unwrap_or("external")
}

/// Whether `a` is a `#llvm.<kind><...>` attribute with an allowed keyword.
pub fn is_keyword_attr(ctx: &Context, a: Attribute, kind: &str) -> bool {
    let Some(word) = keyword_of(ctx, a, kind) else { return false };
    KEYWORD_KINDS.iter().any(|(k, words)| *k == kind && words.is_none_or(|w| w.contains(&word)))
}

/// The printer hook for the keyword attributes (false: not one of them).
pub fn print_keyword_attr(ctx: &Context, a: Attribute, out: &mut String) -> bool {
    for (kind, _) in KEYWORD_KINDS {
        if let Some(word) = keyword_of(ctx, a, kind) {
            out.push_str("#llvm.");
            out.push_str(kind);
            out.push('<');
            out.push_str(word);
            out.push('>');
            return true;
        }
    }
    false
}

/// Whether `mnemonic` names a keyword attribute.
pub fn is_keyword_kind(mnemonic: &str) -> bool {
    KEYWORD_KINDS.iter().any(|(k, _)| *k == mnemonic)
}

/// Parses `<word>` after `#llvm.<mnemonic>`.
pub fn parse_keyword_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attribute> {
    let Some((kind, words)) = KEYWORD_KINDS.iter().find(|(k, _)| *k == mnemonic) else {
        return p.err_here(format!("unknown attribute `{mnemonic}` in dialect `llvm`"));
    };
    p.expect(Tok::Less, "'<'")?;
    let at = p.here();
    if p.tok() != Tok::BareIdent {
        return p.err_at(at, format!("expected keyword for LLVM {kind}"));
    }
    let word = p.spelling().to_string();
    if let Some(words) = words {
        if !words.contains(&word.as_str()) {
            let (listed, what): (&[&str], &str) = if *kind == "linkage" {
                (&LINKAGE_ERROR_ORDER, "LLVM linkage types")
            } else {
                (words, "LLVM tail call kind")
            };
            return p.err_at(at, format!("expected one of [{}] for {what}, got: {word}", listed.join(", ")));
        }
    }
    p.bump();
    p.expect(Tok::Greater, "'>'")?;
    Ok(keyword_attr(p.ctx, kind, &word))
}

/// The predicate table of `llvm.icmp` (false) or `llvm.fcmp` (true).
pub fn predicates(float: bool) -> &'static [&'static str] {
    if float {
        &super::arith::FCMP_PREDICATES
    } else {
        &super::arith::ICMP_PREDICATES
    }
}

/// The `i64` attribute of predicate number `index`.
pub fn predicate_attr(ctx: &Context, index: usize) -> Attribute {
    ctx.integer_attr(ctx.i64(), index as i64)
}

/// The keyword of an op's `predicate` attribute.
pub fn predicate_name(ctx: &Context, attrs: Attribute, float: bool) -> Option<&'static str> {
    let a = ctx.dict_get(attrs, "predicate")?;
    let i = usize::try_from(ctx.as_integer(a)?.to_i64()).ok()?;
    predicates(float).get(i).copied()
}

/// GEP no-wrap flag bits.
pub const GEP_INBOUNDS_FLAG: i64 = 1;
pub const GEP_NUSW: i64 = 2;
pub const GEP_NUW: i64 = 4;
pub const GEP_INBOUNDS: i64 = GEP_INBOUNDS_FLAG | GEP_NUSW;

/// The flags as the GEP's custom form spells them (`inbounds|nuw`; empty
/// for none): `inbounds` stands for its two bits together.
pub fn gep_flags_text(bits: i64) -> String {
    let mut words = Vec::new();
    if bits & GEP_INBOUNDS == GEP_INBOUNDS {
        words.push("inbounds");
    } else {
        if bits & GEP_INBOUNDS_FLAG != 0 {
            words.push("inbounds_flag");
        }
        if bits & GEP_NUSW != 0 {
            words.push("nusw");
        }
    }
    if bits & GEP_NUW != 0 {
        words.push("nuw");
    }
    words.join("|")
}

/// The bits of one flag keyword.
pub fn gep_flag_bits(word: &str) -> Option<i64> {
    Some(match word {
        "none" => 0,
        "inbounds_flag" => GEP_INBOUNDS_FLAG,
        "nusw" => GEP_NUSW,
        "nuw" => GEP_NUW,
        "inbounds" => GEP_INBOUNDS,
        _ => return None,
    })
}

/// The bits of `inbounds|nuw`-style text (unknown words count for nothing).
pub fn gep_flags_from_text(text: &str) -> i64 {
    text.split('|').filter_map(gep_flag_bits).fold(0, |a, b| a | b)
}

/// The LLVM IR keywords of the flags (`inbounds nuw`).
pub fn gep_flags_ir(bits: i64) -> String {
    let mut words = Vec::new();
    if bits & GEP_INBOUNDS_FLAG != 0 {
        words.push("inbounds");
    } else if bits & GEP_NUSW != 0 {
        words.push("nusw");
    }
    if bits & GEP_NUW != 0 {
        words.push("nuw");
    }
    words.join(" ")
}

/// An `i64` integer attribute of value 0 (the default ordering,
/// `unnamed_addr` and visibility).
pub fn zero_i64(ctx: &Context) -> Attribute {
    ctx.integer_attr(ctx.i64(), 0)
}

/// An `i32` integer attribute of value 0 (no overflow or no-wrap flags,
/// address space 0).
pub fn zero_i32(ctx: &Context) -> Attribute {
    ctx.integer_attr(ctx.i32(), 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gep_flags_spelled_as_mlir_opt() {
        // What mlir-opt 22 prints for noWrapFlags 2..7.
        let want = ["nusw", "inbounds", "nuw", "inbounds_flag|nuw", "nusw|nuw", "inbounds|nuw"];
        for (bits, text) in (2..=7).zip(want) {
            assert_eq!(gep_flags_text(bits), text);
            assert_eq!(gep_flags_from_text(text), bits);
        }
        assert_eq!(gep_flags_ir(7), "inbounds nuw");
        assert_eq!(gep_flags_ir(6), "nusw nuw");
    }

    #[test]
    fn keyword_attrs_print_as_upstream() {
        let ctx = Context::new();
        let mut out = String::new();
        assert!(print_keyword_attr(&ctx, linkage_attr(&ctx, "internal"), &mut out));
        assert_eq!(out, "#llvm.linkage<internal>");
        assert_eq!(linkage_of(&ctx, ctx.empty_dictionary()), "external");
        assert!(is_keyword_attr(&ctx, default_cconv(&ctx), "cconv"));
        assert!(!is_keyword_attr(&ctx, keyword_attr(&ctx, "tailcallkind", "sometimes"), "tailcallkind"));
    }
}
