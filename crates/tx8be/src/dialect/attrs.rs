//! The tx8be dialect's own attributes (seed 001, "TX8 BE / Attribute"):
//! `#tx8be.parallel_attr<...>`, `#tx8be.dev_attr<...>` and
//! `#tx8be<mem_scope ...>`, with typed Rust views (`#tx8be.target<...>` is
//! `target.rs`).
//!
//! The two struct attributes use ODS's `struct($params)` syntax: every
//! parameter as `name = value`, separated by commas; the parser accepts them
//! in any order (as ODS does) and requires each exactly once, the printer
//! writes them in declaration order. Enum parameters are written `<Keyword>`.
//! Storage: an `AttrKind::Dialect` whose params are the fields in declaration
//! order (integers as `Param::Int`, arrays as dense-array attributes).

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::types::Param;
use strata_ir::{AttrKind, Attribute, Context};

use super::values::{dense_i32_array, dense_i64_array, dense_int_values};

/// `ParallelModeAttr` of the seed: how a tensor is spread over chips/tiles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParallelMode {
    /// Not parallel: one chip/tile holds the whole tensor.
    None,
    /// Data parallel (batch-like dimensions split).
    Dp,
    /// Tensor (model) parallel (weight dimensions split).
    Tp,
    /// Both, arranged by `is_dp_inner`.
    DpTp,
}

impl ParallelMode {
    pub const ALL: [ParallelMode; 4] = [ParallelMode::None, ParallelMode::Dp, ParallelMode::Tp, ParallelMode::DpTp];
    pub fn keyword(self) -> &'static str {
        match self {
            ParallelMode::None => "none",
            ParallelMode::Dp => "dp",
            ParallelMode::Tp => "tp",
            ParallelMode::DpTp => "dp_tp",
        }
    }
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.keyword() == s)
    }
}

/// `LayoutModeAttr` of the seed: the placement of a tensor in memory
/// (`mem_layout`): dense (`Tensor`, `NTensor` when the batch is not 1) or
/// channel-blocked (`Cx`, `NCx`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutMode {
    Tensor,
    NTensor,
    Cx,
    NCx,
}

impl LayoutMode {
    pub const ALL: [LayoutMode; 4] = [LayoutMode::Tensor, LayoutMode::NTensor, LayoutMode::Cx, LayoutMode::NCx];
    pub fn keyword(self) -> &'static str {
        match self {
            LayoutMode::Tensor => "Tensor",
            LayoutMode::NTensor => "NTensor",
            LayoutMode::Cx => "Cx",
            LayoutMode::NCx => "NCx",
        }
    }
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.keyword() == s)
    }
}

/// `MemScopeMode` of the seed (I32 enum): where a value lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemScopeMode {
    Ddr = 0,
    Spm = 1,
    Ddram3d = 2,
}

impl MemScopeMode {
    pub const ALL: [MemScopeMode; 3] = [MemScopeMode::Ddr, MemScopeMode::Spm, MemScopeMode::Ddram3d];
    pub fn keyword(self) -> &'static str {
        match self {
            MemScopeMode::Ddr => "DDR",
            MemScopeMode::Spm => "SPM",
            MemScopeMode::Ddram3d => "3DDRAM",
        }
    }
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.keyword() == s)
    }
    pub fn from_i32(v: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|m| *m as i64 == v)
    }
    /// `#tx8be<mem_scope SPM>`.
    pub fn to_attr(self, ctx: &Context) -> Attribute {
        dialect_attr(ctx, MEM_SCOPE, vec![Param::Int(self as i64)])
    }
    pub fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match params_of(ctx, a, MEM_SCOPE)? {
            [Param::Int(v)] => Self::from_i32(*v),
            _ => None,
        }
    }
}

/// `#tx8be.parallel_attr<...>`: the data/tensor parallel split of a tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParallelAttr {
    pub parallel: ParallelMode,
    /// The dp dimension is the inner one (otherwise tp is).
    pub is_dp_inner: bool,
    pub dp_dim_x: i32,
    pub dp_dim_y: i32,
    pub dp_dim_z: i32,
    pub tp_dim_x: i32,
    pub tp_dim_y: i32,
    pub tp_dim_z: i32,
    /// The split was given (by a user or a pattern), not searched.
    pub sharding_is_given: bool,
    /// Number of parts per tensor dimension (product = the tile count).
    pub shape_spatial_sharding: Vec<i32>,
}

impl Default for ParallelAttr {
    fn default() -> Self {
        ParallelAttr {
            parallel: ParallelMode::None,
            is_dp_inner: false,
            dp_dim_x: 1,
            dp_dim_y: 1,
            dp_dim_z: 1,
            tp_dim_x: 1,
            tp_dim_y: 1,
            tp_dim_z: 1,
            sharding_is_given: false,
            shape_spatial_sharding: vec![],
        }
    }
}

/// `#tx8be.dev_attr<...>`: an op's parameters on the device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DevAttr {
    /// Bytes of scratch (imm) space the op uses.
    pub imm_size: u64,
    pub mem_layout: LayoutMode,
    /// Multi-buffering (double buffering when `multi_buf_num` is 2).
    pub multi_buf_en: bool,
    pub multi_buf_num: i32,
    /// Index of the dynamic-shape buffer at run time.
    pub out_shape_buf_idx: Vec<i64>,
    /// The slice one tile handles per step (the local buffer's shape).
    pub temporal_mem_slice: Vec<i64>,
    /// Software pipeline stage.
    pub source_type: i32,
    pub imm_addr: i64,
    /// SPM addresses, one per buffer.
    pub mem_addr: Vec<i64>,
}

impl Default for DevAttr {
    fn default() -> Self {
        DevAttr {
            imm_size: 0,
            mem_layout: LayoutMode::Tensor,
            multi_buf_en: false,
            multi_buf_num: 1,
            out_shape_buf_idx: vec![],
            temporal_mem_slice: vec![],
            source_type: 0,
            imm_addr: 0,
            mem_addr: vec![],
        }
    }
}

pub const DIALECT: &str = "tx8be";
const PARALLEL: &str = "parallel_attr";
const DEV: &str = "dev_attr";
const MEM_SCOPE: &str = "mem_scope";

fn dialect_attr(ctx: &Context, name: &str, params: Vec<Param>) -> Attribute {
    ctx.intern_attr(AttrKind::Dialect {
        dialect: ctx.intern_str(DIALECT),
        name: ctx.intern_str(name),
        params: params.into(),
    })
}

fn params_of<'c>(ctx: &'c Context, a: Attribute, name: &str) -> Option<&'c [Param]> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, name: n, params } if ctx.str(*dialect) == DIALECT && ctx.str(*n) == name => {
            Some(params)
        }
        _ => None,
    }
}

fn int(p: &Param) -> Option<i64> {
    match p {
        Param::Int(v) => Some(*v),
        _ => None,
    }
}

fn ints(ctx: &Context, p: &Param) -> Option<Vec<i64>> {
    match p {
        Param::Attr(a) => dense_int_values(ctx, *a),
        _ => None,
    }
}

impl ParallelAttr {
    pub fn to_attr(&self, ctx: &Context) -> Attribute {
        let mut p = vec![Param::Int(self.parallel as i64), Param::Int(self.is_dp_inner as i64)];
        for v in [self.dp_dim_x, self.dp_dim_y, self.dp_dim_z, self.tp_dim_x, self.tp_dim_y, self.tp_dim_z] {
            p.push(Param::Int(v as i64));
        }
        p.push(Param::Int(self.sharding_is_given as i64));
        p.push(Param::Attr(dense_i32_array(ctx, &self.shape_spatial_sharding)));
        dialect_attr(ctx, PARALLEL, p)
    }

    pub fn from_attr(ctx: &Context, a: Attribute) -> Option<ParallelAttr> {
        let p = params_of(ctx, a, PARALLEL)?;
        if p.len() != 10 {
            return None;
        }
        let i = |k: usize| int(&p[k]);
        Some(ParallelAttr {
            parallel: *ParallelMode::ALL.get(i(0)? as usize)?,
            is_dp_inner: i(1)? != 0,
            dp_dim_x: i(2)? as i32,
            dp_dim_y: i(3)? as i32,
            dp_dim_z: i(4)? as i32,
            tp_dim_x: i(5)? as i32,
            tp_dim_y: i(6)? as i32,
            tp_dim_z: i(7)? as i32,
            sharding_is_given: i(8)? != 0,
            shape_spatial_sharding: ints(ctx, &p[9])?.into_iter().map(|v| v as i32).collect(),
        })
    }

    fn print(&self, out: &mut String) {
        out.push_str(&format!(
            "#tx8be.parallel_attr<parallel = <{}>, is_dp_inner = {}, dp_dim_x = {}, dp_dim_y = {}, dp_dim_z = {}, tp_dim_x = {}, tp_dim_y = {}, tp_dim_z = {}, sharding_is_given = {}, shape_spatial_sharding = {}>",
            self.parallel.keyword(),
            self.is_dp_inner,
            self.dp_dim_x,
            self.dp_dim_y,
            self.dp_dim_z,
            self.tp_dim_x,
            self.tp_dim_y,
            self.tp_dim_z,
            self.sharding_is_given,
            list(self.shape_spatial_sharding.iter().map(|v| *v as i64)),
        ));
    }
}

impl DevAttr {
    pub fn to_attr(&self, ctx: &Context) -> Attribute {
        let p = vec![
            Param::Int(self.imm_size as i64),
            Param::Int(self.mem_layout as i64),
            Param::Int(self.multi_buf_en as i64),
            Param::Int(self.multi_buf_num as i64),
            Param::Attr(dense_i64_array(ctx, &self.out_shape_buf_idx)),
            Param::Attr(dense_i64_array(ctx, &self.temporal_mem_slice)),
            Param::Int(self.source_type as i64),
            Param::Int(self.imm_addr),
            Param::Attr(dense_i64_array(ctx, &self.mem_addr)),
        ];
        dialect_attr(ctx, DEV, p)
    }

    pub fn from_attr(ctx: &Context, a: Attribute) -> Option<DevAttr> {
        let p = params_of(ctx, a, DEV)?;
        if p.len() != 9 {
            return None;
        }
        Some(DevAttr {
            imm_size: int(&p[0])? as u64,
            mem_layout: *LayoutMode::ALL.get(int(&p[1])? as usize)?,
            multi_buf_en: int(&p[2])? != 0,
            multi_buf_num: int(&p[3])? as i32,
            out_shape_buf_idx: ints(ctx, &p[4])?,
            temporal_mem_slice: ints(ctx, &p[5])?,
            source_type: int(&p[6])? as i32,
            imm_addr: int(&p[7])?,
            mem_addr: ints(ctx, &p[8])?,
        })
    }

    fn print(&self, out: &mut String) {
        out.push_str(&format!(
            "#tx8be.dev_attr<imm_size = {}, mem_layout = <{}>, multi_buf_en = {}, multi_buf_num = {}, out_shape_buf_idx = {}, temporal_mem_slice = {}, source_type = {}, imm_addr = {}, mem_addr = {}>",
            self.imm_size,
            self.mem_layout.keyword(),
            self.multi_buf_en,
            self.multi_buf_num,
            list(self.out_shape_buf_idx.iter().copied()),
            list(self.temporal_mem_slice.iter().copied()),
            self.source_type,
            self.imm_addr,
            list(self.mem_addr.iter().copied()),
        ));
    }
}

fn list(v: impl Iterator<Item = i64>) -> String {
    format!("[{}]", v.map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

/// The dialect's attribute printer (`DialectDef::print_attr`).
pub fn print_attr(ctx: &Context, a: Attribute, out: &mut String) -> bool {
    if let Some(p) = ParallelAttr::from_attr(ctx, a) {
        p.print(out);
        return true;
    }
    if let Some(d) = DevAttr::from_attr(ctx, a) {
        d.print(out);
        return true;
    }
    if let Some(m) = MemScopeMode::from_attr(ctx, a) {
        out.push_str(&format!("#tx8be<mem_scope {}>", m.keyword()));
        return true;
    }
    super::target::print(ctx, a, out)
}

/// The dialect's attribute parser (`DialectDef::parse_attr`); `mnemonic` is
/// what follows `#tx8be.` (empty for `#tx8be<...>`). The unit error is the
/// parser's convention: the diagnostic is already reported.
#[allow(clippy::result_unit_err)]
pub fn parse_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attribute> {
    match mnemonic {
        PARALLEL => parse_parallel(p),
        DEV => parse_dev(p),
        super::target::MNEMONIC => super::target::parse(p),
        "" => {
            p.expect(Tok::Less, "'<'")?;
            if !p.eat_keyword(MEM_SCOPE) {
                return p.err_here("expected 'mem_scope' in a tx8be enum attribute");
            }
            let m = parse_mem_scope_keyword(p)?;
            p.expect(Tok::Greater, "'>'")?;
            Ok(m.to_attr(p.ctx))
        }
        other => p.err_here(format!("unknown attribute `{other}` in dialect `tx8be`")),
    }
}

/// `DDR`, `SPM` or `3DDRAM` (lexed as the integer `3` then `DDRAM`).
fn parse_mem_scope_keyword(p: &mut Parser<'_>) -> PResult<MemScopeMode> {
    let word = if p.tok() == Tok::Integer && p.spelling() == "3" {
        // Both tokens are slices of the source: `DDRAM` must follow `3` directly.
        let three_end = p.spelling().as_ptr() as usize + 1;
        p.bump();
        if p.tok() != Tok::BareIdent || p.spelling() != "DDRAM" || p.spelling().as_ptr() as usize != three_end {
            return p.err_here("expected one of DDR, SPM, 3DDRAM for mem_scope");
        }
        "3DDRAM".to_string()
    } else if p.tok() == Tok::BareIdent {
        p.spelling().to_string()
    } else {
        return p.err_here("expected one of DDR, SPM, 3DDRAM for mem_scope");
    };
    match MemScopeMode::from_keyword(&word) {
        Some(m) => {
            p.bump();
            Ok(m)
        }
        None => p.err_here(format!("expected one of DDR, SPM, 3DDRAM for mem_scope, got {word}")),
    }
}

/// A parameter value as written in `struct($params)`.
enum Value {
    Int(i64),
    Bool(bool),
    Keyword(String),
    List(Vec<i64>),
}

/// Parses `<name = value, ...>` with the given parameter names; returns the
/// values in the order of `names`.
fn parse_struct(p: &mut Parser<'_>, attr: &str, names: &[&str]) -> PResult<Vec<Value>> {
    p.expect(Tok::Less, "'<'")?;
    let mut values: Vec<Option<Value>> = names.iter().map(|_| None).collect();
    loop {
        if p.tok() != Tok::BareIdent {
            return p.err_here(format!("expected a parameter name of {attr}"));
        }
        let name = p.spelling();
        let Some(slot) = names.iter().position(|n| *n == name) else {
            return p.err_here(format!("{attr} has no parameter named '{name}'"));
        };
        if values[slot].is_some() {
            return p.err_here(format!("duplicate parameter '{name}' in {attr}"));
        }
        p.bump();
        p.expect(Tok::Equal, "'='")?;
        values[slot] = Some(parse_value(p)?);
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    if let Some(i) = values.iter().position(|v| v.is_none()) {
        return p.err_here(format!("{attr} is missing required parameter: {}", names[i]));
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok(values.into_iter().map(|v| v.expect("checked above")).collect())
}

fn parse_value(p: &mut Parser<'_>) -> PResult<Value> {
    match p.tok() {
        Tok::Integer | Tok::Minus => Ok(Value::Int(p.parse_i64()?)),
        Tok::BareIdent if p.spelling() == "true" || p.spelling() == "false" => {
            let b = p.spelling() == "true";
            p.bump();
            Ok(Value::Bool(b))
        }
        Tok::Less => {
            p.bump();
            if p.tok() != Tok::BareIdent {
                return p.err_here("expected an enum keyword");
            }
            let k = p.spelling().to_string();
            p.bump();
            p.expect(Tok::Greater, "'>'")?;
            Ok(Value::Keyword(k))
        }
        Tok::LSquare => {
            p.bump();
            let mut v = vec![];
            if !p.eat(Tok::RSquare) {
                loop {
                    v.push(p.parse_i64()?);
                    if !p.eat(Tok::Comma) {
                        break;
                    }
                }
                p.expect(Tok::RSquare, "']'")?;
            }
            Ok(Value::List(v))
        }
        _ => p.err_here("expected an integer, a bool, `<keyword>` or `[integers]`"),
    }
}

/// Reads each value with the kind the parameter needs, reporting the
/// parameter by name otherwise.
struct Fields<'p, 'a> {
    p: &'p mut Parser<'a>,
    values: std::vec::IntoIter<Value>,
    names: std::slice::Iter<'static, &'static str>,
    loc: strata_ir::Location,
}

impl Fields<'_, '_> {
    fn next(&mut self) -> (Value, &'static str) {
        (self.values.next().expect("one value per name"), self.names.next().expect("one name per value"))
    }
    fn int(&mut self, lo: i64, hi: i64) -> PResult<i64> {
        match self.next() {
            (Value::Int(v), _) if (lo..=hi).contains(&v) => Ok(v),
            (_, n) => self.p.err_at(self.loc, format!("parameter '{n}' expects an integer in [{lo}, {hi}]")),
        }
    }
    fn bool(&mut self) -> PResult<bool> {
        match self.next() {
            (Value::Bool(b), _) => Ok(b),
            (_, n) => self.p.err_at(self.loc, format!("parameter '{n}' expects true or false")),
        }
    }
    fn list(&mut self, lo: i64, hi: i64) -> PResult<Vec<i64>> {
        match self.next() {
            (Value::List(v), _) if v.iter().all(|x| (lo..=hi).contains(x)) => Ok(v),
            (_, n) => self.p.err_at(self.loc, format!("parameter '{n}' expects a list of integers in [{lo}, {hi}]")),
        }
    }
    fn keyword<T>(&mut self, of: fn(&str) -> Option<T>, allowed: &str) -> PResult<T> {
        match self.next() {
            (Value::Keyword(k), n) => match of(&k) {
                Some(v) => Ok(v),
                None => self.p.err_at(self.loc, format!("parameter '{n}' expects one of <{allowed}>, got <{k}>")),
            },
            (_, n) => self.p.err_at(self.loc, format!("parameter '{n}' expects one of <{allowed}>")),
        }
    }
}

const PARALLEL_PARAMS: &[&str] = &[
    "parallel",
    "is_dp_inner",
    "dp_dim_x",
    "dp_dim_y",
    "dp_dim_z",
    "tp_dim_x",
    "tp_dim_y",
    "tp_dim_z",
    "sharding_is_given",
    "shape_spatial_sharding",
];

const DEV_PARAMS: &[&str] = &[
    "imm_size",
    "mem_layout",
    "multi_buf_en",
    "multi_buf_num",
    "out_shape_buf_idx",
    "temporal_mem_slice",
    "source_type",
    "imm_addr",
    "mem_addr",
];

const I32: (i64, i64) = (i32::MIN as i64, i32::MAX as i64);

fn parse_parallel(p: &mut Parser<'_>) -> PResult<Attribute> {
    let loc = p.here();
    let values = parse_struct(p, "parallel_attr", PARALLEL_PARAMS)?;
    let mut f = Fields { p, values: values.into_iter(), names: PARALLEL_PARAMS.iter(), loc };
    let attr = ParallelAttr {
        parallel: f.keyword(ParallelMode::from_keyword, "none|dp|tp|dp_tp")?,
        is_dp_inner: f.bool()?,
        dp_dim_x: f.int(I32.0, I32.1)? as i32,
        dp_dim_y: f.int(I32.0, I32.1)? as i32,
        dp_dim_z: f.int(I32.0, I32.1)? as i32,
        tp_dim_x: f.int(I32.0, I32.1)? as i32,
        tp_dim_y: f.int(I32.0, I32.1)? as i32,
        tp_dim_z: f.int(I32.0, I32.1)? as i32,
        sharding_is_given: f.bool()?,
        shape_spatial_sharding: f.list(I32.0, I32.1)?.into_iter().map(|v| v as i32).collect(),
    };
    Ok(attr.to_attr(f.p.ctx))
}

fn parse_dev(p: &mut Parser<'_>) -> PResult<Attribute> {
    let loc = p.here();
    let values = parse_struct(p, "dev_attr", DEV_PARAMS)?;
    let mut f = Fields { p, values: values.into_iter(), names: DEV_PARAMS.iter(), loc };
    let attr = DevAttr {
        imm_size: f.int(0, i64::MAX)? as u64,
        mem_layout: f.keyword(LayoutMode::from_keyword, "Tensor|NTensor|Cx|NCx")?,
        multi_buf_en: f.bool()?,
        multi_buf_num: f.int(I32.0, I32.1)? as i32,
        out_shape_buf_idx: f.list(i64::MIN, i64::MAX)?,
        temporal_mem_slice: f.list(i64::MIN, i64::MAX)?,
        source_type: f.int(I32.0, I32.1)? as i32,
        imm_addr: f.int(i64::MIN, i64::MAX)?,
        mem_addr: f.list(i64::MIN, i64::MAX)?,
    };
    Ok(attr.to_attr(f.p.ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_views_round_trip_through_attributes() {
        let ctx = Context::new();
        let par = ParallelAttr {
            parallel: ParallelMode::Dp,
            shape_spatial_sharding: vec![1, 1, 4, 4],
            dp_dim_x: 4,
            ..Default::default()
        };
        let a = par.to_attr(&ctx);
        assert_eq!(ParallelAttr::from_attr(&ctx, a), Some(par));
        assert_eq!(DevAttr::from_attr(&ctx, a), None);
        let dev = DevAttr {
            mem_layout: LayoutMode::NCx,
            temporal_mem_slice: vec![1, 7, 56, 64],
            mem_addr: vec![65536, 131072],
            ..Default::default()
        };
        let a = dev.to_attr(&ctx);
        assert_eq!(DevAttr::from_attr(&ctx, a), Some(dev));
        let m = MemScopeMode::Ddram3d.to_attr(&ctx);
        assert_eq!(MemScopeMode::from_attr(&ctx, m), Some(MemScopeMode::Ddram3d));
        let mut s = String::new();
        assert!(print_attr(&ctx, m, &mut s));
        assert_eq!(s, "#tx8be<mem_scope 3DDRAM>");
    }
}
