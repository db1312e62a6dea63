//! Attribute kinds of OneFlow ops and the checks the verifier runs on them.
//!
//! OneFlow's dialect predates MLIR properties: every attribute, inherent or
//! not, lives in the op's attribute dictionary and prints there
//! (`{device_name = ["0:0"], ...}`), so the op definitions declare none and
//! the verifier checks them from these tables instead.

use strata_ir::types::Signedness;
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Op, TypeKind};

/// The kinds of attribute OneFlow's ODS uses, with ODS's summaries.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AttrType {
    /// `StrAttr`
    Str,
    /// `StrArrayAttr`
    StrArray,
    /// `I64Attr` (signless)
    I64,
    /// `I64ArrayAttr` (`hierarchy`, `shape`)
    I64Array,
    /// `I32Attr` (signless; `dtype`)
    I32,
    /// `SI32Attr`
    SI32,
    /// `SI64Attr`
    SI64,
    /// `SI32ArrayAttr`
    SI32Array,
    /// `BoolAttr`
    Bool,
    /// `F64Attr`
    F64,
    /// `DenseI32ArrayAttr` (`operand_segment_sizes`), or the 1-D
    /// `I32ElementsAttr` older MLIR used for it (see [`segment_sizes`])
    DenseI32Array,
}

impl AttrType {
    pub fn summary(self) -> &'static str {
        match self {
            AttrType::Str => "string attribute",
            AttrType::StrArray => "string array attribute",
            AttrType::I64 => "64-bit signless integer attribute",
            AttrType::I64Array => "64-bit integer array attribute",
            AttrType::I32 => "32-bit signless integer attribute",
            AttrType::SI32 => "32-bit signed integer attribute",
            AttrType::SI64 => "64-bit signed integer attribute",
            AttrType::SI32Array => "32-bit signed integer array attribute",
            AttrType::Bool => "bool attribute",
            AttrType::F64 => "64-bit float attribute",
            AttrType::DenseI32Array => "i32 dense array attribute",
        }
    }

    pub fn check(self, ctx: &Context, a: Attribute) -> bool {
        match self {
            AttrType::Str => matches!(ctx.attr_kind(a), AttrKind::String { ty: None, .. }),
            AttrType::StrArray => ctx.as_array(a).is_some_and(|xs| xs.iter().all(|&x| AttrType::Str.check(ctx, x))),
            AttrType::I64 => int_of(ctx, a, 64, Signedness::Signless),
            AttrType::I64Array => ctx.as_array(a).is_some_and(|xs| xs.iter().all(|&x| AttrType::I64.check(ctx, x))),
            AttrType::I32 => int_of(ctx, a, 32, Signedness::Signless),
            AttrType::SI32 => int_of(ctx, a, 32, Signedness::Signed),
            AttrType::SI64 => int_of(ctx, a, 64, Signedness::Signed),
            AttrType::SI32Array => ctx.as_array(a).is_some_and(|xs| xs.iter().all(|&x| AttrType::SI32.check(ctx, x))),
            AttrType::Bool => matches!(ctx.attr_kind(a), AttrKind::Bool(_)),
            AttrType::F64 => matches!(ctx.attr_kind(a), AttrKind::Float { ty, .. } if *ty == ctx.f64()),
            AttrType::DenseI32Array => segment_sizes(ctx, Some(a)).is_some(),
        }
    }
}

/// The values of an `operand_segment_sizes` attribute in either spelling
/// OneFlow's IR uses: `array<i32: 1, 1, 1, 0>` (current MLIR) or
/// `dense<[1, 1, 1, 0]> : vector<4xi32>` (the 1-D i32 elements attribute
/// of older MLIR, which OneFlow's own repository still writes). The
/// attribute itself is kept as written, so it prints back the same way.
pub fn segment_sizes(ctx: &Context, a: Option<Attribute>) -> Option<Vec<i32>> {
    let a = a?;
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { element, .. } if ctx.is_signless_integer_of_width(*element, 32) => {
            Some(strata_ir::branch::dense_i32_values(ctx, Some(a)))
        }
        AttrKind::DenseElements { ty, data } => {
            let elem = ctx.element_type(*ty)?;
            let shape = ctx.shape(*ty)?;
            if !ctx.is_signless_integer_of_width(elem, 32) || shape.len() != 1 || shape[0] < 0 {
                return None;
            }
            let n = shape[0] as usize;
            let word =
                |i: usize| data.bytes.get(i * 4..i * 4 + 4).map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            if data.splat {
                let v = word(0)?;
                return Some(vec![v; n]);
            }
            (0..n).map(word).collect()
        }
        _ => None,
    }
}

fn int_of(ctx: &Context, a: Attribute, width: u32, signedness: Signedness) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } => {
            matches!(ctx.type_kind(*ty), TypeKind::Integer { width: w, signedness: s } if *w == width && *s == signedness)
        }
        _ => false,
    }
}

/// One attribute an op expects.
#[derive(Copy, Clone, Debug)]
pub struct AttrSpec {
    pub name: &'static str,
    pub ty: AttrType,
    pub required: bool,
    /// ODS `DefaultValuedAttr`: the value the parser fills in when the
    /// attribute is absent (`populate_defaults`).
    pub default: Option<fn(&Context) -> Attribute>,
}

pub const fn req(name: &'static str, ty: AttrType) -> AttrSpec {
    AttrSpec { name, ty, required: true, default: None }
}

pub const fn opt(name: &'static str, ty: AttrType) -> AttrSpec {
    AttrSpec { name, ty, required: false, default: None }
}

pub const fn default_valued(name: &'static str, ty: AttrType, default: fn(&Context) -> Attribute) -> AttrSpec {
    AttrSpec { name, ty, required: false, default: Some(default) }
}

/// `attrs` with the defaults of `specs` added where absent.
pub fn with_defaults(ctx: &Context, attrs: Attribute, specs: &[AttrSpec]) -> Attribute {
    let missing: Vec<_> = specs
        .iter()
        .filter_map(|s| Some((s.name, s.default?)))
        .filter(|(name, _)| ctx.dict_get(attrs, name).is_none())
        .map(|(name, f)| (ctx.intern_str(name), f(ctx)))
        .collect();
    if missing.is_empty() {
        return attrs;
    }
    let mut entries = ctx.dict_entries(attrs).to_vec();
    entries.extend(missing);
    ctx.dictionary(entries)
}

/// The attributes every OneFlow op carries (`OneFlow_BaseOp`): its name in
/// the job, placement, and the scope it was built in.
pub const BASE_ATTRS: &[AttrSpec] = &[
    req("op_name", AttrType::Str),
    req("device_tag", AttrType::Str),
    req("device_name", AttrType::StrArray),
    opt("scope_symbol_id", AttrType::I64),
    opt("hierarchy", AttrType::I64Array),
    opt("trainable", AttrType::Bool),
    // Ops that stand for a user op of another name (`add_n2` is `add_n`).
    opt("op_type_name", AttrType::Str),
];

/// Checks `specs` against the op's attribute dictionary, with the messages
/// MLIR's ODS verifier gives.
pub fn verify_attrs(ctx: &Context, body: &Body, op: Op, specs: &[AttrSpec]) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op));
    for s in specs {
        match body.op_attr(ctx, op, s.name) {
            None if s.required => {
                return Err(Diagnostic::error(body.op_loc(op), format!("'{name}' op requires attribute '{}'", s.name)))
            }
            None => {}
            Some(a) if !s.ty.check(ctx, a) => {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!("'{name}' op attribute '{}' failed to satisfy constraint: {}", s.name, s.ty.summary()),
                ))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Integer values of an integer array attribute (`perm`, `kernel_size`).
pub fn int_array(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Vec<i64>> {
    let a = body.op_attr(ctx, op, name)?;
    ctx.as_array(a)?.iter().map(|&x| ctx.as_i64(x)).collect()
}

/// The value of an integer attribute.
pub fn int_attr(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<i64> {
    body.op_attr(ctx, op, name).and_then(|a| ctx.as_i64(a))
}

/// The value of a string attribute.
pub fn str_attr(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<String> {
    let a = body.op_attr(ctx, op, name)?;
    ctx.as_string(a).map(|s| String::from_utf8_lossy(s).into_owned())
}
