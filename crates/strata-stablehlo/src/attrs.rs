//! StableHLO's dialect attributes and the helpers that build and read them,
//! so clients (the ONNX importer) never assemble them by hand:
//! `#stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>`,
//! `#stablehlo.dot<lhs_batching_dimensions = [0], ...>`,
//! `#stablehlo<comparison_direction GT>`, `#stablehlo<comparison_type FLOAT>`
//! and `#stablehlo<precision DEFAULT>`, with StableHLO's printed syntax.
//!
//! Also the builtin attributes the contract fixes: `array<i64: ...>`
//! (`i64_array_attr`) and window `padding` (`padding_attr`).
//!
//! Storage: each is an `AttrKind::Dialect` of dialect `stablehlo`; list
//! fields are `array<i64>` parameters, scalars `Param::Int`, enum values
//! the index into their keyword table.

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::types::Param;
use strata_ir::{AttrKind, Attribute, Context};

// ---- array<i64> helpers (the contract's array attributes) ----

/// A builtin `array<i64: ...>` attribute.
pub fn i64_array_attr(ctx: &Context, values: &[i64]) -> Attribute {
    let data: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i64(), data: data.into(), len: values.len() })
}

/// The values of an `array<i64: ...>` attribute.
pub fn read_i64_array(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { element, data, len } if ctx.is_signless_integer_of_width(*element, 64) => {
            Some((0..*len).map(|i| i64::from_le_bytes(data[i * 8..i * 8 + 8].try_into().unwrap())).collect())
        }
        _ => None,
    }
}

fn params_of<'c>(ctx: &'c Context, a: Attribute, want: &str) -> Option<&'c [Param]> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, name, params } if ctx.str(*dialect) == "stablehlo" && ctx.str(*name) == want => {
            Some(params)
        }
        _ => None,
    }
}

fn dialect_attr(ctx: &Context, name: &str, params: Vec<Param>) -> Attribute {
    ctx.intern_attr(AttrKind::Dialect {
        dialect: ctx.intern_str("stablehlo"),
        name: ctx.intern_str(name),
        params: params.into(),
    })
}

fn int_param(p: &Param) -> Option<i64> {
    match p {
        Param::Int(v) => Some(*v),
        _ => None,
    }
}

fn list_param(ctx: &Context, p: &Param) -> Option<Vec<i64>> {
    match p {
        Param::Attr(a) => read_i64_array(ctx, *a),
        _ => None,
    }
}

// ---- window padding ----

/// Rows (low, high) of a `padding` attribute (`dense<...> : tensor<Nx2xi64>`),
/// as convolution and reduce_window hold it.
pub fn padding_pairs(ctx: &Context, a: Attribute) -> Option<Vec<(i64, i64)>> {
    let (shape, values) = crate::dense::int_values(ctx, a)?;
    if shape.len() != 2 || shape[1] != 2 {
        return None;
    }
    Some(values.chunks(2).map(|c| (c[0], c[1])).collect())
}

/// `dense<[[a, b], ...]> : tensor<Nx2xi64>`.
pub fn padding_attr(ctx: &Context, pairs: &[(i64, i64)]) -> Attribute {
    let flat: Vec<i64> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    crate::dense::int_elements(ctx, &[pairs.len() as i64, 2], ctx.i64(), &flat)
}

// ---- convolution dimension numbers ----

/// `#stablehlo.conv`: which dimension of input, kernel and output is batch,
/// feature and each spatial dimension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvDims {
    pub input_batch: i64,
    pub input_feature: i64,
    pub input_spatial: Vec<i64>,
    pub kernel_input_feature: i64,
    pub kernel_output_feature: i64,
    pub kernel_spatial: Vec<i64>,
    pub output_batch: i64,
    pub output_feature: i64,
    pub output_spatial: Vec<i64>,
}

pub fn conv_dims_attr(ctx: &Context, d: &ConvDims) -> Attribute {
    let l = |v: &[i64]| Param::Attr(i64_array_attr(ctx, v));
    dialect_attr(
        ctx,
        "conv",
        vec![
            Param::Int(d.input_batch),
            Param::Int(d.input_feature),
            l(&d.input_spatial),
            Param::Int(d.kernel_input_feature),
            Param::Int(d.kernel_output_feature),
            l(&d.kernel_spatial),
            Param::Int(d.output_batch),
            Param::Int(d.output_feature),
            l(&d.output_spatial),
        ],
    )
}

pub fn read_conv_dims(ctx: &Context, a: Attribute) -> Option<ConvDims> {
    let p = params_of(ctx, a, "conv")?;
    if p.len() != 9 {
        return None;
    }
    Some(ConvDims {
        input_batch: int_param(&p[0])?,
        input_feature: int_param(&p[1])?,
        input_spatial: list_param(ctx, &p[2])?,
        kernel_input_feature: int_param(&p[3])?,
        kernel_output_feature: int_param(&p[4])?,
        kernel_spatial: list_param(ctx, &p[5])?,
        output_batch: int_param(&p[6])?,
        output_feature: int_param(&p[7])?,
        output_spatial: list_param(ctx, &p[8])?,
    })
}

/// One tensor's layout as StableHLO prints it: `[b, 0, 1, f]`. `None` when
/// the numbers do not name each of the `2 + spatial` dimensions exactly
/// once (then only the `raw` form can say them).
fn layout_text(first: (i64, char), second: (i64, char), spatial: &[i64]) -> Option<String> {
    let rank = 2 + spatial.len();
    let mut slots: Vec<Option<String>> = vec![None; rank];
    let mut put = |i: i64, s: String| -> Option<()> {
        let slot = slots.get_mut(usize::try_from(i).ok()?)?;
        if slot.is_some() {
            return None;
        }
        *slot = Some(s);
        Some(())
    };
    put(first.0, first.1.to_string())?;
    put(second.0, second.1.to_string())?;
    for (k, &d) in spatial.iter().enumerate() {
        put(d, k.to_string())?;
    }
    let parts: Option<Vec<String>> = slots.into_iter().collect();
    Some(format!("[{}]", parts?.join(", ")))
}

/// The body StableHLO prints for conv dimension numbers, both inside
/// `#stablehlo.conv<...>` and after `dim_numbers =` in the pretty op form.
pub fn conv_dims_text(d: &ConvDims) -> String {
    let pretty = (|| {
        Some(format!(
            "{}x{}->{}",
            layout_text((d.input_batch, 'b'), (d.input_feature, 'f'), &d.input_spatial)?,
            layout_text((d.kernel_output_feature, 'o'), (d.kernel_input_feature, 'i'), &d.kernel_spatial)?,
            layout_text((d.output_batch, 'b'), (d.output_feature, 'f'), &d.output_spatial)?,
        ))
    })();
    if let Some(p) = pretty {
        if d.input_spatial.len() == d.kernel_spatial.len() && d.input_spatial.len() == d.output_spatial.len() {
            return p;
        }
    }
    let l = |v: &[i64]| format!("[{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    format!(
        "raw input_batch_dimension = {}, input_feature_dimension = {}, input_spatial_dimensions = {}, kernel_input_feature_dimension = {}, kernel_output_feature_dimension = {}, kernel_spatial_dimensions = {}, output_batch_dimension = {}, output_feature_dimension = {}, output_spatial_dimensions = {}",
        d.input_batch,
        d.input_feature,
        l(&d.input_spatial),
        d.kernel_input_feature,
        d.kernel_output_feature,
        l(&d.kernel_spatial),
        d.output_batch,
        d.output_feature,
        l(&d.output_spatial)
    )
}

/// Parses one layout `[b, 0, 1, f]` with the two letter dimensions `a`
/// and `b`: returns (position of a, position of b, spatial positions).
fn parse_layout(p: &mut Parser<'_>, letters: [char; 2]) -> PResult<(i64, i64, Vec<i64>)> {
    p.expect(Tok::LSquare, "'['")?;
    let mut found: [Option<i64>; 2] = [None, None];
    let mut spatial: Vec<(i64, i64)> = vec![];
    let mut pos = 0i64;
    loop {
        if p.tok() == Tok::RSquare {
            break;
        }
        match p.tok() {
            Tok::Integer => {
                let k = p.parse_i64()?;
                if spatial.iter().any(|s| s.0 == k) {
                    return p.err_here(format!("duplicate spatial dimension {k} in convolution dimension numbers"));
                }
                spatial.push((k, pos));
            }
            Tok::BareIdent => {
                let s = p.spelling();
                let which = letters.iter().position(|c| s.len() == 1 && s.starts_with(*c));
                let Some(w) = which else {
                    return p.err_here(format!(
                        "expected one of '{}', '{}' or a spatial dimension number, got '{s}'",
                        letters[0], letters[1]
                    ));
                };
                if found[w].is_some() {
                    return p.err_here(format!("duplicate '{}' in convolution dimension numbers", letters[w]));
                }
                found[w] = Some(pos);
                p.bump();
            }
            _ => return p.err_here("expected a convolution dimension"),
        }
        pos += 1;
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::RSquare, "']'")?;
    let (Some(a), Some(b)) = (found[0], found[1]) else {
        return p.err_here(format!("convolution layout must name '{}' and '{}'", letters[0], letters[1]));
    };
    spatial.sort();
    for (i, s) in spatial.iter().enumerate() {
        if s.0 != i as i64 {
            return p.err_here(format!("spatial dimensions of a convolution layout must be 0..{}", spatial.len()));
        }
    }
    Ok((a, b, spatial.into_iter().map(|s| s.1).collect()))
}

/// Parses the body of conv dimension numbers (pretty `[..]x[..]->[..]` or
/// `raw key = value, ...`), as after `dim_numbers =` or inside `#stablehlo.conv<>`.
pub fn parse_conv_dims_body(p: &mut Parser<'_>) -> PResult<ConvDims> {
    if p.eat_keyword("raw") {
        let mut ints = [None::<i64>; 6];
        let mut lists: [Option<Vec<i64>>; 3] = [None, None, None];
        const INTS: [&str; 6] = [
            "input_batch_dimension",
            "input_feature_dimension",
            "kernel_input_feature_dimension",
            "kernel_output_feature_dimension",
            "output_batch_dimension",
            "output_feature_dimension",
        ];
        const LISTS: [&str; 3] = ["input_spatial_dimensions", "kernel_spatial_dimensions", "output_spatial_dimensions"];
        loop {
            if p.tok() != Tok::BareIdent {
                return p.err_here("expected a convolution dimension field name");
            }
            let key = p.spelling().to_string();
            p.bump();
            p.expect(Tok::Equal, "'='")?;
            if let Some(i) = INTS.iter().position(|k| *k == key) {
                ints[i] = Some(p.parse_i64()?);
            } else if let Some(i) = LISTS.iter().position(|k| *k == key) {
                lists[i] = Some(parse_int_list(p)?);
            } else {
                return p.err_here(format!("unknown convolution dimension field '{key}'"));
            }
            if !p.eat(Tok::Comma) {
                break;
            }
        }
        let [Some(ib), Some(if_), Some(kif), Some(kof), Some(ob), Some(of)] = ints else {
            return p.err_here("raw convolution dimension numbers need every field");
        };
        let [Some(is), Some(ks), Some(os)] = lists else {
            return p.err_here("raw convolution dimension numbers need every field");
        };
        return Ok(ConvDims {
            input_batch: ib,
            input_feature: if_,
            input_spatial: is,
            kernel_input_feature: kif,
            kernel_output_feature: kof,
            kernel_spatial: ks,
            output_batch: ob,
            output_feature: of,
            output_spatial: os,
        });
    }
    let (ib, if_, is) = parse_layout(p, ['b', 'f'])?;
    p.expect_keyword("x")?;
    let (ko, ki, ks) = parse_layout(p, ['o', 'i'])?;
    p.expect(Tok::Arrow, "'->'")?;
    let (ob, of, os) = parse_layout(p, ['b', 'f'])?;
    Ok(ConvDims {
        input_batch: ib,
        input_feature: if_,
        input_spatial: is,
        kernel_input_feature: ki,
        kernel_output_feature: ko,
        kernel_spatial: ks,
        output_batch: ob,
        output_feature: of,
        output_spatial: os,
    })
}

/// `[1, 2, 3]` (possibly empty) as integers.
pub fn parse_int_list(p: &mut Parser<'_>) -> PResult<Vec<i64>> {
    p.expect(Tok::LSquare, "'['")?;
    let mut v = vec![];
    if p.eat(Tok::RSquare) {
        return Ok(v);
    }
    loop {
        v.push(p.parse_i64()?);
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::RSquare, "']'")?;
    Ok(v)
}

pub fn int_list_text(v: &[i64]) -> String {
    format!("[{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

// ---- dot dimension numbers ----

/// `#stablehlo.dot`: batching and contracting dimensions of both sides.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DotDims {
    pub lhs_batch: Vec<i64>,
    pub rhs_batch: Vec<i64>,
    pub lhs_contracting: Vec<i64>,
    pub rhs_contracting: Vec<i64>,
}

const DOT_FIELDS: [&str; 4] =
    ["lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions", "rhs_contracting_dimensions"];

pub fn dot_dims_attr(ctx: &Context, d: &DotDims) -> Attribute {
    let l = |v: &[i64]| Param::Attr(i64_array_attr(ctx, v));
    dialect_attr(ctx, "dot", vec![l(&d.lhs_batch), l(&d.rhs_batch), l(&d.lhs_contracting), l(&d.rhs_contracting)])
}

pub fn read_dot_dims(ctx: &Context, a: Attribute) -> Option<DotDims> {
    let p = params_of(ctx, a, "dot")?;
    if p.len() != 4 {
        return None;
    }
    Some(DotDims {
        lhs_batch: list_param(ctx, &p[0])?,
        rhs_batch: list_param(ctx, &p[1])?,
        lhs_contracting: list_param(ctx, &p[2])?,
        rhs_contracting: list_param(ctx, &p[3])?,
    })
}

fn dot_text(d: &DotDims) -> String {
    let fields = [&d.lhs_batch, &d.rhs_batch, &d.lhs_contracting, &d.rhs_contracting];
    let parts: Vec<String> = DOT_FIELDS
        .iter()
        .zip(fields)
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| format!("{k} = {}", int_list_text(v)))
        .collect();
    parts.join(", ")
}

fn parse_dot_body(p: &mut Parser<'_>) -> PResult<DotDims> {
    let mut lists: [Vec<i64>; 4] = Default::default();
    let mut seen = [false; 4];
    if p.tok() == Tok::Greater {
        return Ok(DotDims::default());
    }
    loop {
        if p.tok() != Tok::BareIdent {
            return p.err_here("expected a dot dimension field name");
        }
        let key = p.spelling();
        let Some(i) = DOT_FIELDS.iter().position(|k| *k == key) else {
            return p.err_here(format!("unknown dot dimension field '{key}'"));
        };
        if seen[i] {
            return p.err_here(format!("duplicate '{key}' in dot dimension numbers"));
        }
        seen[i] = true;
        p.bump();
        p.expect(Tok::Equal, "'='")?;
        lists[i] = parse_int_list(p)?;
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    let [lb, rb, lc, rc] = lists;
    Ok(DotDims { lhs_batch: lb, rhs_batch: rb, lhs_contracting: lc, rhs_contracting: rc })
}

// ---- enums: comparison direction / type, precision ----

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ComparisonDirection {
    Eq,
    Ne,
    Ge,
    Gt,
    Le,
    Lt,
}

impl ComparisonDirection {
    pub const ALL: [ComparisonDirection; 6] = [Self::Eq, Self::Ne, Self::Ge, Self::Gt, Self::Le, Self::Lt];
    pub fn keyword(self) -> &'static str {
        DIRECTION_KEYWORDS[self as usize]
    }
    pub fn from_keyword(s: &str) -> Option<Self> {
        DIRECTION_KEYWORDS.iter().position(|k| *k == s).map(|i| Self::ALL[i])
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ComparisonType {
    NotType,
    Float,
    TotalOrder,
    Signed,
    Unsigned,
}

impl ComparisonType {
    pub const ALL: [ComparisonType; 5] = [Self::NotType, Self::Float, Self::TotalOrder, Self::Signed, Self::Unsigned];
    pub fn keyword(self) -> &'static str {
        TYPE_KEYWORDS[self as usize]
    }
    pub fn from_keyword(s: &str) -> Option<Self> {
        TYPE_KEYWORDS.iter().position(|k| *k == s).map(|i| Self::ALL[i])
    }
}

/// `#stablehlo<precision ...>` of `precision_config`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Precision {
    Default,
    High,
    Highest,
}

impl Precision {
    pub const ALL: [Precision; 3] = [Self::Default, Self::High, Self::Highest];
}

pub const DIRECTION_KEYWORDS: [&str; 6] = ["EQ", "NE", "GE", "GT", "LE", "LT"];
pub const TYPE_KEYWORDS: [&str; 5] = ["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"];
pub const PRECISION_KEYWORDS: [&str; 3] = ["DEFAULT", "HIGH", "HIGHEST"];

/// The enum attributes: mnemonic and keyword table.
const ENUMS: [(&str, &[&str]); 3] = [
    ("comparison_direction", &DIRECTION_KEYWORDS),
    ("comparison_type", &TYPE_KEYWORDS),
    ("precision", &PRECISION_KEYWORDS),
];

fn enum_attr(ctx: &Context, mnemonic: &str, index: usize) -> Attribute {
    dialect_attr(ctx, mnemonic, vec![Param::Int(index as i64)])
}

fn read_enum(ctx: &Context, a: Attribute, mnemonic: &str) -> Option<usize> {
    let p = params_of(ctx, a, mnemonic)?;
    let i = int_param(p.first()?)? as usize;
    Some(i)
}

pub fn comparison_direction_attr(ctx: &Context, d: ComparisonDirection) -> Attribute {
    enum_attr(ctx, "comparison_direction", d as usize)
}
pub fn read_comparison_direction(ctx: &Context, a: Attribute) -> Option<ComparisonDirection> {
    ComparisonDirection::ALL.get(read_enum(ctx, a, "comparison_direction")?).copied()
}
pub fn comparison_type_attr(ctx: &Context, t: ComparisonType) -> Attribute {
    enum_attr(ctx, "comparison_type", t as usize)
}
pub fn read_comparison_type(ctx: &Context, a: Attribute) -> Option<ComparisonType> {
    ComparisonType::ALL.get(read_enum(ctx, a, "comparison_type")?).copied()
}
pub fn precision_attr(ctx: &Context, p: Precision) -> Attribute {
    enum_attr(ctx, "precision", p as usize)
}
pub fn read_precision(ctx: &Context, a: Attribute) -> Option<Precision> {
    Precision::ALL.get(read_enum(ctx, a, "precision")?).copied()
}

// ---- dialect hooks: printing and parsing ----

/// Prints a `stablehlo` attribute in StableHLO's syntax.
pub fn print_stablehlo_attr(ctx: &Context, a: Attribute, out: &mut String) -> bool {
    if let Some(d) = read_conv_dims(ctx, a) {
        out.push_str("#stablehlo.conv<");
        out.push_str(&conv_dims_text(&d));
        out.push('>');
        return true;
    }
    if let Some(d) = read_dot_dims(ctx, a) {
        out.push_str("#stablehlo.dot<");
        out.push_str(&dot_text(&d));
        out.push('>');
        return true;
    }
    for (mnemonic, table) in ENUMS {
        if let Some(i) = read_enum(ctx, a, mnemonic) {
            let Some(k) = table.get(i) else { return false };
            out.push_str(&format!("#stablehlo<{mnemonic} {k}>"));
            return true;
        }
    }
    false
}

/// Parses `#stablehlo.conv<...>`, `#stablehlo.dot<...>` and
/// `#stablehlo<enum KEYWORD>`; `mnemonic` is what followed the dot.
pub fn parse_stablehlo_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attribute> {
    let ctx = p.ctx;
    p.expect(Tok::Less, "'<'")?;
    let a = match mnemonic {
        "conv" => {
            let d = parse_conv_dims_body(p)?;
            conv_dims_attr(ctx, &d)
        }
        "dot" => {
            let d = parse_dot_body(p)?;
            dot_dims_attr(ctx, &d)
        }
        "" => {
            if p.tok() != Tok::BareIdent {
                return p.err_here("expected a stablehlo attribute mnemonic");
            }
            let m = p.spelling().to_string();
            let Some((_, table)) = ENUMS.iter().find(|(n, _)| *n == m) else {
                return p.err_here(format!("unknown attribute `{m}` in dialect `stablehlo`"));
            };
            p.bump();
            let i = parse_enum_keyword(p, &m, table)?;
            enum_attr(ctx, &m, i)
        }
        other => return p.err_here(format!("unknown attribute `{other}` in dialect `stablehlo`")),
    };
    p.expect(Tok::Greater, "'>'")?;
    Ok(a)
}

/// One keyword of an enum table (`GT`), as its index.
pub fn parse_enum_keyword(p: &mut Parser<'_>, what: &str, table: &[&str]) -> PResult<usize> {
    let found = if p.tok() == Tok::BareIdent { table.iter().position(|k| *k == p.spelling()) } else { None };
    match found {
        Some(i) => {
            p.bump();
            Ok(i)
        }
        None => p.err_here(format!("expected one of [{}] for {what}", table.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conv_dims_text_is_stablehlo_pretty_form() {
        let d = ConvDims {
            input_batch: 0,
            input_feature: 3,
            input_spatial: vec![1, 2],
            kernel_input_feature: 2,
            kernel_output_feature: 3,
            kernel_spatial: vec![0, 1],
            output_batch: 0,
            output_feature: 3,
            output_spatial: vec![1, 2],
        };
        assert_eq!(conv_dims_text(&d), "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]");
        let ctx = Context::new();
        let a = conv_dims_attr(&ctx, &d);
        assert_eq!(read_conv_dims(&ctx, a), Some(d));
        assert_eq!(read_dot_dims(&ctx, a), None);
    }

    #[test]
    fn dot_text_omits_empty_lists() {
        let d = DotDims { lhs_batch: vec![], rhs_batch: vec![], lhs_contracting: vec![1], rhs_contracting: vec![0] };
        assert_eq!(dot_text(&d), "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]");
    }

    #[test]
    fn enums_round_trip_through_attributes() {
        let ctx = Context::new();
        for d in ComparisonDirection::ALL {
            assert_eq!(read_comparison_direction(&ctx, comparison_direction_attr(&ctx, d)), Some(d));
        }
        for t in ComparisonType::ALL {
            let a = comparison_type_attr(&ctx, t);
            assert_eq!(read_comparison_type(&ctx, a), Some(t));
            assert_eq!(read_comparison_direction(&ctx, a), None);
        }
        let mut s = String::new();
        assert!(print_stablehlo_attr(&ctx, comparison_direction_attr(&ctx, ComparisonDirection::Gt), &mut s));
        assert_eq!(s, "#stablehlo<comparison_direction GT>");
    }
}
