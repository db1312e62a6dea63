//! The calls of a group (the multi-op group contract, crates/tx8be/OPS.md
//! "Groups"): its compute ops in order, the anchor (the last one, whose
//! result the group stores) last; which operand of which call each load
//! fills (a load slot); which operands are in-group intermediates; and the
//! lifetimes of the intermediates within a step, by which two of them may
//! share one SPM buffer.
//!
//! Every back-end pass that looks at a group's loads, calls or buffers
//! reads them from here, so a single-op group (one call, its loaded
//! operands the slots in operand order) is the special case.

use strata_ir::{Body, Context, Diagnostic, Op, Value};

use crate::dialect::ops::{op_kind, OpKind};

/// What feeds one loaded operand of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Load slot `k` of the group (`GroupCalls::loads[k]`).
    Load(usize),
    /// The result of call `j` (an earlier call of the group).
    Call(usize),
}

/// One load of a group: the operand of a call it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadSlot {
    pub call: usize,
    pub operand: usize,
    /// The `load_var` / `load_const`.
    pub load: Op,
}

/// The calls of one group.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupCalls {
    /// Compute ops in order; the anchor last.
    pub calls: Vec<Op>,
    /// Every load, in (call, operand) order.
    pub loads: Vec<LoadSlot>,
    /// Per call, its operands the op reads from SPM (OpLib need_load), in
    /// operand order, with what feeds each: `(operand index, input)`.
    pub inputs: Vec<Vec<(usize, Input)>>,
}

fn is_compute(ctx: &Context, body: &Body, op: Op) -> bool {
    !matches!(op_kind(ctx, body, op), Some(OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar | OpKind::Yield))
}

fn is_load(ctx: &Context, body: &Body, op: Op) -> bool {
    matches!(op_kind(ctx, body, op), Some(OpKind::LoadVar | OpKind::LoadConst))
}

impl GroupCalls {
    /// The calls of the group holding `anchor` (its last compute op); an op
    /// outside any group is a group of one call. Errors (located) where the
    /// IR breaks the contract: an operand that is neither a load of the
    /// group nor an earlier call's result, an intermediate used outside the
    /// group or not at all.
    pub fn of_anchor(ctx: &Context, body: &Body, anchor: Op) -> Result<GroupCalls, Diagnostic> {
        let in_group = body.parent_op(anchor).is_some_and(|p| op_kind(ctx, body, p) == Some(OpKind::Group));
        let calls: Vec<Op> = match body.op_block(anchor) {
            Some(b) if in_group => body.block_ops(b).filter(|&o| is_compute(ctx, body, o)).collect(),
            _ => vec![anchor],
        };
        if calls.last() != Some(&anchor) {
            return Err(Diagnostic::error(
                body.op_loc(anchor),
                format!(
                    "'{}' op is not the last compute op of its group (the group's anchor)",
                    ctx.op_name_str(body.op_name(anchor))
                ),
            ));
        }
        let mut loads = Vec::new();
        let mut inputs = Vec::with_capacity(calls.len());
        for (c, &op) in calls.iter().enumerate() {
            let attr = crate::interfaces::query_op_attr(ctx, body, op)?;
            let mut mine = Vec::new();
            for i in 0..body.num_operands(op) {
                let v = body.operand(op, i);
                let def = body.defining_op(v);
                let producer = def.and_then(|d| calls[..c].iter().position(|&p| p == d));
                let needs_load = attr.need_load >> i.min(63) & 1 == 1;
                match (producer, def) {
                    (Some(j), _) => {
                        if !needs_load {
                            return Err(Diagnostic::error(
                                body.op_loc(op),
                                format!(
                                    "'{}' op reads operand {i} from DDR: it cannot be an in-group intermediate",
                                    ctx.op_name_str(body.op_name(op))
                                ),
                            ));
                        }
                        mine.push((i, Input::Call(j)));
                    }
                    (None, Some(d)) if needs_load && is_load(ctx, body, d) && in_group => {
                        mine.push((i, Input::Load(loads.len())));
                        loads.push(LoadSlot { call: c, operand: i, load: d });
                    }
                    (None, _) if needs_load && !in_group => {
                        // A bare op (unit tests of the schedule): its loaded operands are slots.
                        if let Some(d) = def.filter(|&d| is_load(ctx, body, d)) {
                            mine.push((i, Input::Load(loads.len())));
                            loads.push(LoadSlot { call: c, operand: i, load: d });
                        }
                    }
                    (None, Some(d)) if needs_load && calls.contains(&d) => {
                        return Err(Diagnostic::error(
                            body.op_loc(op),
                            "group ops are not in topological order: an operand is defined by a later op of the group",
                        ));
                    }
                    (None, _) if needs_load => {
                        return Err(Diagnostic::error(body.op_loc(op), format!("operand {i} of '{}' is neither loaded in its group nor computed by an earlier op of it", ctx.op_name_str(body.op_name(op)))));
                    }
                    _ => {}
                }
            }
            inputs.push(mine);
        }
        let g = GroupCalls { calls, loads, inputs };
        for j in 0..g.calls.len() - 1 {
            let r = body.result(g.calls[j], 0);
            let mut used = false;
            for (user, _) in body.uses(r) {
                if !g.calls.contains(&user) {
                    return Err(Diagnostic::error(
                        body.op_loc(g.calls[j]),
                        format!(
                            "'{}' op's result is used outside its group: a group has one output, its last op's",
                            ctx.op_name_str(body.op_name(g.calls[j]))
                        ),
                    ));
                }
                used = true;
            }
            if !used {
                return Err(Diagnostic::error(
                    body.op_loc(g.calls[j]),
                    format!("'{}' op's result is not used in its group", ctx.op_name_str(body.op_name(g.calls[j]))),
                ));
            }
        }
        Ok(g)
    }

    pub fn anchor(&self) -> Op {
        *self.calls.last().expect("a group has a call")
    }

    pub fn is_single(&self) -> bool {
        self.calls.len() == 1
    }

    /// The value load slot `k` fills (the operand its call reads).
    pub fn load_value(&self, body: &Body, k: usize) -> Value {
        let s = self.loads[k];
        body.operand(self.calls[s.call], s.operand)
    }

    /// The call index of the last call reading call `j`'s result.
    pub fn last_use(&self, j: usize) -> usize {
        last_use(&self.inputs, j)
    }

    /// The lifetime of every intermediate (the result of each call but the
    /// anchor): from its call to its last reader.
    pub fn lifetimes(&self) -> Vec<(usize, usize)> {
        (0..self.calls.len().saturating_sub(1)).map(|j| (j, self.last_use(j))).collect()
    }
}

fn last_use(inputs: &[Vec<(usize, Input)>], j: usize) -> usize {
    inputs
        .iter()
        .enumerate()
        .filter(|(_, ins)| ins.iter().any(|&(_, x)| x == Input::Call(j)))
        .map(|(c, _)| c)
        .max()
        .unwrap_or(j)
}

/// Offsets of the intermediates (one buffer of `bytes[j]` each, the result
/// of call `j`, alive over `life[j]`) in one region, and the
/// region's size: a buffer is placed at the lowest offset not overlapping
/// any buffer whose lifetime (from its call to its last reader, both
/// included) overlaps its own. The SA_BufferLife / SA_BufferMerge of the
/// seed for the buffers of one step.
pub fn intermediate_offsets(life: &[(usize, usize)], bytes: &[u64]) -> (Vec<u64>, u64) {
    let n = life.len();
    let mut offsets = vec![0u64; n];
    let mut total = 0;
    for j in 0..n {
        // Busy ranges of the earlier buffers alive with j, sorted by offset.
        let mut busy: Vec<(u64, u64)> = (0..j)
            .filter(|&k| life[k].1 >= life[j].0 && bytes[k] > 0)
            .map(|k| (offsets[k], offsets[k] + bytes[k]))
            .collect();
        busy.sort_unstable();
        let mut at = 0;
        for (lo, hi) in busy {
            if at + bytes[j] <= lo {
                break;
            }
            at = at.max(hi);
        }
        offsets[j] = at;
        total = total.max(at + bytes[j]);
    }
    (offsets, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lives(inputs: &[Vec<(usize, Input)>]) -> Vec<(usize, usize)> {
        (0..inputs.len() - 1).map(|j| (j, last_use(inputs, j))).collect()
    }

    #[test]
    fn a_chain_reuses_every_other_buffer() {
        // Calls 0, 1, 2 feed 1, 2, 3: 0 dies at 1, so 2 may take 0's space.
        let inputs: Vec<Vec<(usize, Input)>> =
            (0..4).map(|c| if c == 0 { vec![] } else { vec![(0, Input::Call(c - 1))] }).collect();
        let (off, total) = intermediate_offsets(&lives(&inputs), &[256, 512, 256]);
        assert_eq!(off, vec![0, 256, 0]);
        assert_eq!(total, 768);
    }

    #[test]
    fn a_value_read_late_keeps_its_buffer() {
        // Call 0 is read by call 2 (a residual): 1 cannot reuse 0's space.
        let inputs = vec![vec![], vec![(0, Input::Call(0))], vec![(0, Input::Call(1)), (1, Input::Call(0))]];
        let (off, total) = intermediate_offsets(&lives(&inputs), &[256, 256]);
        assert_eq!(off, vec![0, 256]);
        assert_eq!(total, 512);
    }
}
