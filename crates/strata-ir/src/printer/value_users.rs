//! `--mlir-print-value-users`: comments naming who uses each value, as
//! MLIR's `printUsersComment` writes them. Ops without results are named by
//! the number the namer gave them (`// id: %5`); users are listed in use-list
//! order, each op once.

use super::{push_decimal, OpPrinter};
use crate::entity::{Op, Value};

impl OpPrinter<'_, '_> {
    /// ` // id: %N`, ` // unused` or ` // user(s): ...` after an op.
    pub(super) fn print_users_comment(&mut self, op: Op) {
        let body = self.body;
        let results: Vec<Value> = body.results(op).collect();
        if results.is_empty() {
            if body.operands(op).next().is_some() {
                self.out.push_str(" // id: ");
                self.print_op_id(op);
            }
            return;
        }
        if results.iter().all(|&r| body.use_empty(r)) {
            self.out.push_str(" // unused");
            return;
        }
        // "user" when a single result is used by one op with at most one result.
        let mut user_ops: Vec<Op> = Vec::new();
        for &r in &results {
            for (user, _) in body.uses(r) {
                if !user_ops.contains(&user) {
                    user_ops.push(user);
                }
            }
        }
        let used_in_results: usize = user_ops.iter().map(|&u| body.num_results(u)).sum();
        let one = used_in_results <= 1 && user_ops.len() <= 1 && results.len() == 1;
        self.out.push_str(if one { " // user: " } else { " // users: " });
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if results.len() > 1 {
                self.out.push('(');
            }
            self.print_value_users(r);
            if results.len() > 1 {
                self.out.push(')');
            }
        }
    }

    /// `// %x is used by ...` or `// %x is unused` for a block argument.
    pub(super) fn print_arg_users_comment(&mut self, arg: Value) {
        self.out.push_str("// ");
        self.print_value(arg);
        if self.body.use_empty(arg) {
            self.out.push_str(" is unused");
        } else {
            self.out.push_str(" is used by ");
            self.print_value_users(arg);
        }
    }

    /// The users of `v`, each op once: its results, or its id if it has none.
    fn print_value_users(&mut self, v: Value) {
        let body = self.body;
        if body.use_empty(v) {
            self.out.push_str("unused");
        }
        let mut seen: Vec<Op> = Vec::new();
        for (user, _) in body.uses(v) {
            if seen.contains(&user) {
                continue;
            }
            if !seen.is_empty() {
                self.out.push_str(", ");
            }
            seen.push(user);
            if body.num_results(user) == 0 {
                self.print_op_id(user);
            } else {
                let results: Vec<Value> = body.results(user).collect();
                for (i, r) in results.into_iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_value(r);
                }
            }
        }
    }

    fn print_op_id(&mut self, op: Op) {
        self.out.push('%');
        match self.body_names(self.body).op_ids.get(&op.0) {
            Some(&id) => push_decimal(self.out, id as u64),
            None => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }
}
