//! Declarative rewrite patterns: the `pattern!` macro, Strata's answer to
//! MLIR's DRR. A pattern names a DAG of ops to match (with captures), an
//! optional constraint, and a DAG to build; the macro turns it into a
//! [`DagPattern`], a `RewritePattern` interpreted at match time.
//!
//! ```text
//! pattern! {
//!     name: ReshapeReshapeOptPattern,
//!     from: (toy.reshape (toy.reshape x)),
//!     to: (toy.reshape x),
//! }
//! pattern! {
//!     name: FoldConstantReshapeOptPattern,
//!     from: (res = toy.reshape (toy.constant {value: v})),
//!     to: (toy.constant {value: (|m, ctx| reshape(ctx, m.attr("v"), m.ty("res")))}),
//! }
//! ```
//!
//! Syntax: `(name = dialect.op {attr: capture, ...} operand ...)` matches
//! an op (binding it as `name`), capturing the named attributes; an operand
//! is a nested `( ... )` matched against its defining op, or an identifier
//! capturing the value (the same identifier twice means the same value).
//! `when: |m, ctx| bool` adds a constraint. On the `to` side, an identifier
//! is a captured value and `(dialect.op {attr: value} operand ...)` builds an
//! op, where an attribute value is a capture or a parenthesized closure
//! `(|m, ctx| attribute)`. The outermost built op takes the matched root's
//! result types, nested ones the type of their first operand. The benefit is
//! the number of ops matched, as in DRR.

use smallvec::SmallVec;

use strata_ir::location::LocData;
use strata_ir::{Attribute, Context, Location, Op, OpSpec, Type, Value};

use crate::pattern::RewritePattern;
use crate::rewriter::PatternRewriter;

/// Computes an attribute for the build side from what was matched.
pub type AttrFn = Box<dyn Fn(&Matched, &Context) -> Attribute + Send + Sync>;

/// An attribute value on the build side.
pub enum AttrSource {
    Capture(&'static str),
    Compute(AttrFn),
}

/// The match side.
pub enum MatchDag {
    Op {
        bind: Option<&'static str>,
        name: &'static str,
        attrs: Vec<(&'static str, &'static str)>,
        operands: Vec<MatchDag>,
    },
    Capture(&'static str),
}

/// The build side.
pub enum BuildDag {
    Op { name: &'static str, attrs: Vec<(&'static str, AttrSource)>, operands: Vec<BuildDag> },
    Value(&'static str),
}

/// What a match bound, by name.
#[derive(Default, Debug)]
pub struct Matched {
    pub values: Vec<(&'static str, Value)>,
    pub ops: Vec<(&'static str, Op)>,
    pub attrs: Vec<(&'static str, Attribute)>,
    /// The type of each bound value and of each bound op's first result.
    pub types: Vec<(&'static str, Type)>,
    /// Every matched op, bound or not, root first (depth-first): built ops
    /// take the fusion of their locations.
    pub matched: Vec<Op>,
}

impl Matched {
    pub fn value(&self, name: &str) -> Value {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|p| p.1)
            .unwrap_or_else(|| panic!("pattern captures no value '{name}'"))
    }
    pub fn op(&self, name: &str) -> Op {
        self.ops.iter().find(|(n, _)| *n == name).map(|p| p.1).unwrap_or_else(|| panic!("pattern binds no op '{name}'"))
    }
    pub fn attr(&self, name: &str) -> Attribute {
        self.attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|p| p.1)
            .unwrap_or_else(|| panic!("pattern captures no attribute '{name}'"))
    }
    /// The type of a captured value, or of a bound op's first result.
    pub fn ty(&self, name: &str) -> Type {
        self.types
            .iter()
            .find(|(n, _)| *n == name)
            .map(|p| p.1)
            .unwrap_or_else(|| panic!("pattern binds nothing named '{name}'"))
    }
}

pub type Constraint = Box<dyn Fn(&Matched, &Context) -> bool + Send + Sync>;

/// Boxes a constraint closure (giving it the right signature).
pub fn constraint(f: impl Fn(&Matched, &Context) -> bool + Send + Sync + 'static) -> Constraint {
    Box::new(f)
}

/// Boxes an attribute-computing closure for the build side.
pub fn compute(f: impl Fn(&Matched, &Context) -> Attribute + Send + Sync + 'static) -> AttrSource {
    AttrSource::Compute(Box::new(f))
}

pub struct DagPattern {
    pub name: &'static str,
    pub from: MatchDag,
    pub when: Option<Constraint>,
    pub to: BuildDag,
    pub benefit: u16,
}

impl MatchDag {
    fn root_name(&self) -> Option<&'static str> {
        match self {
            MatchDag::Op { name, .. } => Some(name),
            MatchDag::Capture(_) => None,
        }
    }
    fn num_ops(&self) -> u16 {
        match self {
            MatchDag::Op { operands, .. } => 1 + operands.iter().map(|o| o.num_ops()).sum::<u16>(),
            MatchDag::Capture(_) => 0,
        }
    }
}

impl DagPattern {
    pub fn new(name: &'static str, from: MatchDag, when: Option<Constraint>, to: BuildDag) -> DagPattern {
        let benefit = from.num_ops().max(1);
        DagPattern { name, from, when, to, benefit }
    }
}

fn match_op(ctx: &Context, rw: &PatternRewriter<'_>, dag: &MatchDag, op: Op, m: &mut Matched) -> bool {
    let body = rw.body();
    let MatchDag::Op { bind, name, attrs, operands } = dag else { return false };
    if ctx.op_name_str(body.op_name(op)) != *name || body.num_operands(op) != operands.len() {
        return false;
    }
    m.matched.push(op);
    for (attr, cap) in attrs {
        match body.op_attr(ctx, op, attr) {
            Some(a) => m.attrs.push((cap, a)),
            None => return false,
        }
    }
    if let Some(b) = bind {
        m.ops.push((b, op));
        if body.num_results(op) > 0 {
            m.types.push((b, body.value_type(body.result(op, 0))));
        }
    }
    for (i, sub) in operands.iter().enumerate() {
        let v = body.operand(op, i);
        match sub {
            MatchDag::Capture(c) => match m.values.iter().find(|(n, _)| n == c) {
                Some(&(_, prev)) if prev != v => return false,
                Some(_) => {}
                None => {
                    m.values.push((c, v));
                    m.types.push((c, body.value_type(v)));
                }
            },
            MatchDag::Op { .. } => match body.defining_op(v) {
                Some(d) if match_op(ctx, rw, sub, d, m) => {}
                _ => return false,
            },
        }
    }
    true
}

/// The location DRR gives built ops: `FusedLoc::get` of the matched ops'
/// locations (unknown ones dropped, duplicates merged, nested fusions
/// flattened, a single location kept as is).
fn fused_loc(ctx: &Context, body: &strata_ir::Body, ops: &[Op]) -> Location {
    let mut locs: Vec<Location> = Vec::new();
    for &op in ops {
        let loc = body.op_loc(op);
        let parts = match ctx.loc_data(loc) {
            LocData::Unknown => vec![],
            LocData::Fused { locations, metadata: None } => locations.to_vec(),
            _ => vec![loc],
        };
        for l in parts {
            if !locs.contains(&l) {
                locs.push(l);
            }
        }
    }
    match locs.len() {
        0 => Location::Unknown,
        1 => locs[0],
        _ => ctx.location(LocData::Fused { locations: locs.into(), metadata: None }),
    }
}

fn build(
    ctx: &Context,
    rw: &mut PatternRewriter<'_>,
    dag: &BuildDag,
    m: &Matched,
    root_types: &[Type],
) -> SmallVec<[Value; 1]> {
    match dag {
        BuildDag::Value(name) => smallvec::smallvec![m.value(name)],
        BuildDag::Op { name, attrs, operands } => {
            let mut vals: SmallVec<[Value; 4]> = SmallVec::new();
            for o in operands {
                vals.extend(build(ctx, rw, o, m, &[]));
            }
            let types: SmallVec<[Type; 2]> = if root_types.is_empty() {
                vals.first().map(|&v| rw.body().value_type(v)).into_iter().collect()
            } else {
                root_types.into()
            };
            let entries: Vec<(strata_ir::Str, Attribute)> = attrs
                .iter()
                .map(|(n, src)| {
                    let a = match src {
                        AttrSource::Capture(c) => m.attr(c),
                        AttrSource::Compute(f) => f(m, ctx),
                    };
                    (ctx.intern_str(n), a)
                })
                .collect();
            let loc = fused_loc(ctx, rw.body(), &m.matched);
            let spec = OpSpec::new(ctx, name, loc).operands(&vals).results(&types).attrs(ctx.dictionary(entries));
            let op = rw.create(spec);
            rw.body().results(op).collect()
        }
    }
}

impl RewritePattern for DagPattern {
    fn root(&self) -> Option<&str> {
        self.from.root_name()
    }
    fn benefit(&self) -> u16 {
        self.benefit
    }
    fn name(&self) -> &str {
        self.name
    }
    fn match_and_rewrite(&self, op: Op, rw: &mut PatternRewriter<'_>) -> bool {
        let ctx = rw.ctx;
        let mut m = Matched::default();
        // The root is always bound (first), so builders can find its location.
        let root_bound = matches!(&self.from, MatchDag::Op { bind: Some(_), .. });
        if !root_bound {
            m.ops.push(("$root", op));
        }
        if !match_op(ctx, rw, &self.from, op, &mut m) {
            return false;
        }
        if let Some(w) = &self.when {
            if !w(&m, ctx) {
                return false;
            }
        }
        let root_types = rw.body().result_types(op);
        rw.set_insertion_point_before(op);
        let values = build(ctx, rw, &self.to, &m, &root_types);
        rw.replace_op(op, &values);
        true
    }
}

/// Builds a [`MatchDag`] from the pattern syntax (used by `pattern!`).
#[macro_export]
macro_rules! match_dag {
    (($bind:ident = $d:ident . $o:ident { $($an:ident : $av:ident),* $(,)? } $($operand:tt)*)) => {
        $crate::match_dag!(@op Some(stringify!($bind)), $d . $o, [$((stringify!($an), stringify!($av))),*], $($operand)*)
    };
    (($bind:ident = $d:ident . $o:ident $($operand:tt)*)) => {
        $crate::match_dag!(@op Some(stringify!($bind)), $d . $o, [], $($operand)*)
    };
    (($d:ident . $o:ident { $($an:ident : $av:ident),* $(,)? } $($operand:tt)*)) => {
        $crate::match_dag!(@op None, $d . $o, [$((stringify!($an), stringify!($av))),*], $($operand)*)
    };
    (($d:ident . $o:ident $($operand:tt)*)) => {
        $crate::match_dag!(@op None, $d . $o, [], $($operand)*)
    };
    (@op $bind:expr, $d:ident . $o:ident, [$($attr:expr),*], $($operand:tt)*) => {
        $crate::declarative::MatchDag::Op {
            bind: $bind,
            name: concat!(stringify!($d), ".", stringify!($o)),
            attrs: vec![$($attr),*],
            operands: vec![$($crate::match_dag!($operand)),*],
        }
    };
    ($cap:ident) => {
        $crate::declarative::MatchDag::Capture(stringify!($cap))
    };
}

/// An attribute value on the build side (used by `pattern!`).
#[macro_export]
macro_rules! build_attr {
    ($cap:ident) => {
        $crate::declarative::AttrSource::Capture(stringify!($cap))
    };
    ($f:tt) => {
        $crate::declarative::compute($f)
    };
}

/// Builds a [`BuildDag`] from the pattern syntax (used by `pattern!`).
#[macro_export]
macro_rules! build_dag {
    (($d:ident . $o:ident { $($an:ident : $av:tt),* $(,)? } $($operand:tt)*)) => {
        $crate::declarative::BuildDag::Op {
            name: concat!(stringify!($d), ".", stringify!($o)),
            attrs: vec![$((stringify!($an), $crate::build_attr!($av))),*],
            operands: vec![$($crate::build_dag!($operand)),*],
        }
    };
    (($d:ident . $o:ident $($operand:tt)*)) => {
        $crate::declarative::BuildDag::Op {
            name: concat!(stringify!($d), ".", stringify!($o)),
            attrs: vec![],
            operands: vec![$($crate::build_dag!($operand)),*],
        }
    };
    ($cap:ident) => {
        $crate::declarative::BuildDag::Value(stringify!($cap))
    };
}

/// Declares a rewrite pattern from a DAG to match and a DAG to build; see
/// the module documentation. Evaluates to a [`DagPattern`].
#[macro_export]
macro_rules! pattern {
    (name: $name:ident, from: $from:tt, when: $when:expr, to: $to:tt $(,)?) => {
        $crate::declarative::DagPattern::new(
            stringify!($name),
            $crate::match_dag!($from),
            Some($crate::declarative::constraint($when)),
            $crate::build_dag!($to),
        )
    };
    (name: $name:ident, from: $from:tt, to: $to:tt $(,)?) => {
        $crate::declarative::DagPattern::new(
            stringify!($name),
            $crate::match_dag!($from),
            None,
            $crate::build_dag!($to),
        )
    };
}
