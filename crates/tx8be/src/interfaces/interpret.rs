//! The reference interpreter (`tx8c --run=reference`): runs a `func.func`
//! of tx8be ops on the CPU through the Compute interface: `tx8be.const`,
//! compute ops, loads/stores (identity), `tx8be.group` by running its
//! body, `func.return`. Optionally records every op's results in program
//! order (for `--compare-all`); otherwise values are dropped after their
//! last use.

use std::collections::HashMap;

use strata_ir::{Block, Body, Context, Diagnostic, Location, Op, Value};

use super::tensor::{ElementType, TensorData};
use crate::dialect::ops::{op_kind, OpKind};

/// The results of one op, recorded by `interpret` with `keep_all`.
#[derive(Clone, Debug)]
pub struct OpValue {
    /// The op, in the function's body (`Body::regions_of(func)` arena).
    pub op: Op,
    /// The op's name (`tx8be.Conv`).
    pub name: String,
    pub loc: Location,
    pub results: Vec<TensorData>,
}

/// What `interpret` returns.
#[derive(Clone, Debug, Default)]
pub struct Interpretation {
    /// The values `func.return` returns.
    pub outputs: Vec<TensorData>,
    /// Every op's results in execution order (groups after their bodies),
    /// empty unless `keep_all` was asked for.
    pub trace: Vec<OpValue>,
}

struct Env<'b> {
    body: &'b Body,
    values: HashMap<Value, TensorData>,
    /// Uses left per value, to free values after their last use.
    uses_left: HashMap<Value, usize>,
    keep_all: bool,
    trace: Vec<OpValue>,
}

fn error_at(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

/// Runs `func_op` (a `func.func` in `body`) on `inputs`, one per argument
/// (dims must match; values are rounded to the argument's element type).
pub fn interpret(
    ctx: &Context,
    body: &Body,
    func_op: Op,
    inputs: &[TensorData],
    keep_all: bool,
) -> Result<Interpretation, Diagnostic> {
    let (fbody, regions) = body.regions_of(func_op);
    let entry = regions
        .first()
        .and_then(|&r| fbody.first_block(r))
        .ok_or_else(|| error_at(ctx, body, func_op, "has no body to interpret"))?;
    let args = fbody.block_args(entry);
    if args.len() != inputs.len() {
        return Err(error_at(
            ctx,
            body,
            func_op,
            format!("takes {} arguments, got {} inputs", args.len(), inputs.len()),
        ));
    }
    let mut env = Env { body: fbody, values: HashMap::new(), uses_left: HashMap::new(), keep_all, trace: vec![] };
    for (i, (&a, t)) in args.iter().zip(inputs).enumerate() {
        let ty = fbody.value_type(a);
        let elem = ctx.element_type(ty).and_then(|e| ElementType::from_type(ctx, e));
        let (Some(dims), Some(elem)) = (ctx.shape(ty), elem) else {
            return Err(error_at(
                ctx,
                body,
                func_op,
                format!("argument #{i} is not a ranked tensor of a supported element type"),
            ));
        };
        if dims != &t.dims[..] {
            return Err(error_at(
                ctx,
                body,
                func_op,
                format!("argument #{i} has shape {dims:?}, the input has {:?}", t.dims),
            ));
        }
        let v = TensorData::new(t.dims.clone(), t.values.clone(), elem).ok_or_else(|| {
            error_at(ctx, body, func_op, format!("input #{i} has {} values for shape {:?}", t.values.len(), t.dims))
        })?;
        env.define(a, v);
    }
    let outputs = run_block(ctx, &mut env, entry)?
        .ok_or_else(|| error_at(ctx, body, func_op, "body does not end with func.return"))?;
    Ok(Interpretation { outputs, trace: env.trace })
}

impl Env<'_> {
    fn define(&mut self, v: Value, t: TensorData) {
        let n = self.body.uses(v).count();
        self.uses_left.insert(v, n);
        self.values.insert(v, t);
    }

    /// The operand values of `op`, releasing each at its last use.
    fn take_operands(&mut self, ctx: &Context, op: Op) -> Result<Vec<TensorData>, Diagnostic> {
        let mut out = vec![];
        for v in self.body.operands(op) {
            let t = self
                .values
                .get(&v)
                .cloned()
                .ok_or_else(|| error_at(ctx, self.body, op, "uses a value the interpreter has not computed"))?;
            out.push(t);
        }
        for v in self.body.operands(op) {
            if let Some(n) = self.uses_left.get_mut(&v) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    self.values.remove(&v);
                }
            }
        }
        Ok(out)
    }

    fn record(&mut self, ctx: &Context, op: Op, results: Vec<TensorData>) {
        if self.keep_all {
            self.trace.push(OpValue {
                op,
                name: ctx.op_name_str(self.body.op_name(op)).to_string(),
                loc: self.body.op_loc(op),
                results: results.clone(),
            });
        }
        let vals: Vec<Value> = self.body.results(op).collect();
        for (v, t) in vals.into_iter().zip(results) {
            self.define(v, t);
        }
    }
}

/// Runs the ops of `block`; returns the operands of its terminator when it
/// is `func.return` or `tx8be.yield`.
fn run_block(ctx: &Context, env: &mut Env<'_>, block: Block) -> Result<Option<Vec<TensorData>>, Diagnostic> {
    let body = env.body;
    for op in body.block_ops(block) {
        let name = ctx.op_name_str(body.op_name(op));
        if name == "func.return" || name == "tx8be.yield" {
            return Ok(Some(env.take_operands(ctx, op)?));
        }
        match op_kind(ctx, body, op) {
            Some(OpKind::Group) => {
                let (rbody, regions) = body.regions_of(op);
                let inner = regions
                    .first()
                    .and_then(|&r| rbody.first_block(r))
                    .ok_or_else(|| error_at(ctx, body, op, "has no body"))?;
                let results = run_block(ctx, env, inner)?
                    .ok_or_else(|| error_at(ctx, body, op, "body does not end with tx8be.yield"))?;
                env.record(ctx, op, results);
            }
            Some(_) => {
                let inputs = env.take_operands(ctx, op)?;
                let results = super::compute(ctx, body, op, &inputs)?;
                env.record(ctx, op, results);
            }
            None => return Err(error_at(ctx, body, op, "cannot be run by the tx8be reference interpreter")),
        }
    }
    Ok(None)
}
