//! Chapter 4's shape inference: the `ShapeInference` op interface (each op
//! that implements it computes its result type from its operands) and the
//! intraprocedural pass that drives it over a function with a worklist, as
//! seed 003 and the tutorial describe:
//!
//! 1. collect the ops that return a value of non-ranked type;
//! 2. repeatedly take the first op of the worklist whose operands all have
//!    ranked types (kept in a heap of ready ops), remove it and let it
//!    infer its result type (an op without the interface is an error);
//! 3. stop when no such op remains; ops left over are an error.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use strata_ir::{Body, Context, Diagnostic, Op, Type, TypeKind};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

/// The op interface: sets the op's result types from its operand types
/// (called only when every operand type is ranked).
#[derive(Clone, Copy)]
pub struct ShapeInference {
    pub infer: fn(&Context, &mut Body, Op),
}

fn set_result(body: &mut Body, op: Op, ty: Type) {
    let r = body.result(op, 0);
    body.set_value_type(r, ty);
}

/// `toy.constant`: the type of its value.
pub const CONSTANT: ShapeInference = ShapeInference {
    infer: |ctx, body, op| {
        if let Some(ty) = body.op_attr(ctx, op, "value").and_then(|a| ctx.attr_type(a)) {
            set_result(body, op, ty);
        }
    },
};

/// `toy.add`, `toy.mul`, `toy.cast`: the type of the first operand.
pub const FIRST_OPERAND: ShapeInference = ShapeInference {
    infer: |_, body, op| {
        let ty = body.value_type(body.operand(op, 0));
        set_result(body, op, ty);
    },
};

/// `toy.transpose`: the operand's shape reversed.
pub const TRANSPOSE: ShapeInference = ShapeInference {
    infer: |ctx, body, op| {
        let ty = body.value_type(body.operand(op, 0));
        if let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(ty) {
            let dims: Vec<i64> = shape.iter().rev().copied().collect();
            let t = ctx.ranked_tensor_type(&dims, *element);
            set_result(body, op, t);
        }
    },
};

fn is_ranked(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. })
}

pub struct ShapeInferencePass;

pub const INFO: PassInfo = PassInfo {
    argument: "toy-shape-inference",
    description: "Infer the shapes of toy operations in a function",
    options: &[],
    ctor: |opts| {
        opts.apply("toy-shape-inference", |_, _| None)?;
        Ok(Box::new(ShapeInferencePass))
    },
};

impl Pass for ShapeInferencePass {
    fn argument(&self) -> &'static str {
        "toy-shape-inference"
    }
    fn name(&self) -> &'static str {
        "ShapeInferencePass"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("toy.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut worklist: Vec<Op> = Vec::new();
        body.walk_post(&mut |op| {
            if body.result_types(op).iter().any(|&t| !is_ranked(ctx, t)) {
                worklist.push(op);
            }
        });
        // The next op is always the first of the worklist (in walk order)
        // whose operands are all ranked. Only inferring an op changes a
        // type, so an op can become ready only when the op defining one of
        // its operands has been inferred: ready ops wait in a heap keyed by
        // their worklist position, and an inferred op's users are checked
        // again. Linear in the ops and uses (times log for the heap) where
        // searching the list from the front each time is quadratic.
        let ready = |body: &Body, op: Op| body.operands(op).all(|v| is_ranked(ctx, body.value_type(v)));
        const NOT_LISTED: u32 = u32::MAX;
        const DONE: u32 = u32::MAX - 1;
        // Per op: its worklist position while it waits, else one of the two marks.
        let mut slot = vec![NOT_LISTED; body.num_ops_allocated()];
        let mut heap: BinaryHeap<Reverse<u32>> = BinaryHeap::new();
        for (i, &op) in worklist.iter().enumerate() {
            if ready(body, op) {
                heap.push(Reverse(i as u32));
                slot[op.index()] = DONE;
            } else {
                slot[op.index()] = i as u32;
            }
        }
        let mut left = worklist.len();
        while let Some(Reverse(i)) = heap.pop() {
            let op = worklist[i as usize];
            left -= 1;
            let iface = ctx.op_def(body.op_name(op)).and_then(|d| d.interfaces.get::<ShapeInference>().copied());
            match iface {
                Some(s) => (s.infer)(ctx, body, op),
                None => {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        "unable to infer shape of operation without shape inference interface",
                    ));
                }
            }
            for r in body.results(op) {
                for (user, _) in body.uses(r) {
                    let waiting = slot.get(user.index()).copied().unwrap_or(NOT_LISTED);
                    if waiting < DONE && ready(body, user) {
                        heap.push(Reverse(waiting));
                        slot[user.index()] = DONE;
                    }
                }
            }
        }
        if left != 0 {
            // The tutorial's message ends with a newline of its own.
            let loc = target.parent.op_loc(target.op);
            return Err(Diagnostic::error(
                loc,
                format!("Shape inference failed, {} operations couldn't be inferred\n", left),
            ));
        }
        Ok(PreservedAnalyses::none())
    }
}
