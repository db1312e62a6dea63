//! `-emit=ast`: the tutorial's AST dump, two spaces per nesting level,
//! numbers in C's `%e` format, locations as `@file:line:col`.

use crate::ast::{Expr, Function, Module, Prototype, Record, StructDef, VarDecl, VarType};
use crate::lexer::Loc;

/// C's `printf("%e")`: six fraction digits, a signed two-digit exponent.
pub fn format_e(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = format!("{v:.6e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    format!("{mantissa}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
}

struct Dumper<'a> {
    file: &'a str,
    indent: usize,
    out: String,
}

impl Dumper<'_> {
    fn loc(&self, l: Loc) -> String {
        format!("@{}:{}:{}", self.file, l.line, l.col)
    }
    fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }
    /// The tutorial's `INDENT()`: one level deeper, then the padding.
    fn enter(&mut self) {
        self.indent += 1;
        self.pad();
    }
    fn leave(&mut self) {
        self.indent -= 1;
    }

    fn var_type(&mut self, t: &VarType) {
        self.out.push('<');
        if !t.name.is_empty() {
            self.out.push_str(&t.name);
        } else {
            let dims: Vec<String> = t.shape.iter().map(|d| d.to_string()).collect();
            self.out.push_str(&dims.join(", "));
        }
        self.out.push('>');
    }

    fn var_decl(&mut self, d: &VarDecl) {
        self.enter();
        self.out.push_str(&format!("VarDecl {}", d.name));
        self.var_type(&d.ty);
        let l = self.loc(d.loc);
        self.out.push_str(&format!(" {l}\n"));
        if let Some(init) = &d.init {
            self.expr(init);
        }
        self.leave();
    }

    fn literal_text(e: &Expr, out: &mut String) {
        match e {
            Expr::Number { value, .. } => out.push_str(&format_e(*value)),
            Expr::Literal { values, dims, .. } => {
                let dims: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
                out.push('<');
                out.push_str(&dims.join(", "));
                out.push_str(">[ ");
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    Self::literal_text(v, out);
                }
                out.push(']');
            }
            _ => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::VarDecl(d) => self.var_decl(d),
            Expr::Number { loc, value } => {
                self.enter();
                let l = self.loc(*loc);
                self.out.push_str(&format!("{} {l}\n", format_e(*value)));
                self.leave();
            }
            Expr::Literal { loc, .. } => {
                self.enter();
                self.out.push_str("Literal: ");
                Self::literal_text(e, &mut self.out);
                let l = self.loc(*loc);
                self.out.push_str(&format!(" {l}\n"));
                self.leave();
            }
            Expr::StructLiteral { loc, values } => {
                self.enter();
                self.out.push_str("Struct Literal: ");
                for v in values {
                    self.expr(v);
                }
                self.pad();
                let l = self.loc(*loc);
                self.out.push_str(&format!(" {l}\n"));
                self.leave();
            }
            Expr::Var { loc, name } => {
                self.enter();
                let l = self.loc(*loc);
                self.out.push_str(&format!("var: {name} {l}\n"));
                self.leave();
            }
            Expr::Return { expr, .. } => {
                self.enter();
                self.out.push_str("Return\n");
                match expr {
                    Some(x) => self.expr(x),
                    None => {
                        self.enter();
                        self.out.push_str("(void)\n");
                        self.leave();
                    }
                }
                self.leave();
            }
            Expr::BinOp { loc, op, lhs, rhs } => {
                self.enter();
                let l = self.loc(*loc);
                self.out.push_str(&format!("BinOp: {} {l}\n", *op as char));
                self.expr(lhs);
                self.expr(rhs);
                self.leave();
            }
            Expr::Call { loc, callee, args } => {
                self.enter();
                let l = self.loc(*loc);
                self.out.push_str(&format!("Call '{callee}' [ {l}\n"));
                for a in args {
                    self.expr(a);
                }
                self.pad();
                self.out.push_str("]\n");
                self.leave();
            }
            Expr::Print { loc, arg } => {
                self.enter();
                let l = self.loc(*loc);
                self.out.push_str(&format!("Print [ {l}\n"));
                self.expr(arg);
                self.pad();
                self.out.push_str("]\n");
                self.leave();
            }
        }
    }

    fn prototype(&mut self, p: &Prototype) {
        self.enter();
        let l = self.loc(p.loc);
        self.out.push_str(&format!("Proto '{}' {l}\n", p.name));
        self.pad();
        let names: Vec<&str> = p.args.iter().map(|a| a.name.as_str()).collect();
        self.out.push_str(&format!("Params: [{}]\n", names.join(", ")));
        self.leave();
    }

    fn block(&mut self, body: &[Expr]) {
        self.enter();
        self.out.push_str("Block {\n");
        for e in body {
            self.expr(e);
        }
        self.pad();
        self.out.push_str("} // Block\n");
        self.leave();
    }

    fn function(&mut self, f: &Function) {
        self.enter();
        self.out.push_str("Function \n");
        self.prototype(&f.proto);
        self.block(&f.body);
        self.leave();
    }

    fn structure(&mut self, s: &StructDef) {
        self.enter();
        let l = self.loc(s.loc);
        self.out.push_str(&format!("Struct: {} {l}\n", s.name));
        self.enter();
        self.out.push_str("Variables: [\n");
        for v in &s.vars {
            self.var_decl(v);
        }
        self.pad();
        self.out.push_str("]\n");
        self.leave();
        self.leave();
    }
}

/// The dump of `module` read from `file`.
pub fn dump(module: &Module, file: &str) -> String {
    let mut d = Dumper { file, indent: 0, out: String::new() };
    d.enter();
    d.out.push_str("Module:\n");
    for r in &module.records {
        match r {
            Record::Function(f) => d.function(f),
            Record::Struct(s) => d.structure(s),
        }
    }
    d.leave();
    d.out
}

#[cfg(test)]
mod tests {
    use super::format_e;

    #[test]
    fn c_exponent_format() {
        assert_eq!(format_e(1.0), "1.000000e+00");
        assert_eq!(format_e(0.5), "5.000000e-01");
        assert_eq!(format_e(123456.0), "1.234560e+05");
        assert_eq!(format_e(0.0), "0.000000e+00");
    }
}
