//! Call interfaces (MLIR's `CallOpInterface` and `CallableOpInterface`):
//! typed hooks an op definition carries (`OpDef::interface`) so that call
//! graphs and the inliner can work on any dialect's calls and functions.

use smallvec::SmallVec;

use crate::attributes::Attribute;
use crate::body::Body;
use crate::context::Context;
use crate::entity::{Op, Region, Value};
use crate::types::Type;

/// What a call calls.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Callee {
    /// A symbol (`@f`, possibly nested `@m::@f`).
    Symbol(Attribute),
    /// A value holding the callee (an indirect call).
    Value(Value),
}

/// Hooks of a call op.
#[derive(Copy, Clone)]
pub struct CallOpInterface {
    /// The callee of the call `op` (an op of `body`), `None` if malformed.
    pub callee: fn(&Context, &Body, Op) -> Option<Callee>,
    /// The operands passed to the callee's arguments.
    pub arg_operands: fn(&Context, &Body, Op) -> SmallVec<[Value; 4]>,
}

/// Hooks of a callable op (a function). The op's regions live in
/// `body.regions_of(op)`.
#[derive(Copy, Clone)]
pub struct CallableOpInterface {
    /// The region a call runs (in `body.regions_of(op).0`); `None` for a
    /// declaration.
    pub callable_region: fn(&Context, &Body, Op) -> Option<Region>,
    /// The types the callable returns.
    pub result_types: fn(&Context, &Body, Op) -> SmallVec<[Type; 2]>,
    /// Argument attribute dictionaries (`arg_attrs`), if any.
    pub arg_attrs: fn(&Context, &Body, Op) -> Option<Attribute>,
    /// Result attribute dictionaries (`res_attrs`), if any.
    pub res_attrs: fn(&Context, &Body, Op) -> Option<Attribute>,
}

/// A `callable_region` for functions: the op's first region unless it is
/// empty (an external declaration has no body).
pub fn body_region_unless_empty(_: &Context, body: &Body, op: Op) -> Option<Region> {
    let (rb, regions) = body.regions_of(op);
    let r = *regions.first()?;
    (!rb.region_is_empty(r)).then_some(r)
}

/// The call interface of `op`, if its definition has one.
pub fn call_interface<'c>(ctx: &'c Context, body: &Body, op: Op) -> Option<&'c CallOpInterface> {
    ctx.op_def(body.op_name(op))?.interfaces.get::<CallOpInterface>()
}

/// The callable interface of `op`, if its definition has one.
pub fn callable_interface<'c>(ctx: &'c Context, body: &Body, op: Op) -> Option<&'c CallableOpInterface> {
    ctx.op_def(body.op_name(op))?.interfaces.get::<CallableOpInterface>()
}
