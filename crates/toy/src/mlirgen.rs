//! MLIR generation from the Toy AST (the tutorial's `MLIRGen.cpp`): one
//! `toy.func` per function with file locations on every op, `toy.constant`
//! for literals, `toy.reshape` for declared shapes, `toy.generic_call` for
//! user calls; from chapter 4 every function but `main` is private, from
//! chapter 7 structs become `!toy.struct` values. Errors are reported as the
//! tutorial does and make the whole module fail.

use std::collections::HashMap;

use strata_ir::attributes::DenseData;
use strata_ir::printer::type_to_string;
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Location, Op, OpSpec, Str, Type, Value};

use crate::ast::{Expr, Function, Module, Prototype, Record, StructDef, VarDecl, VarType};
use crate::lexer::Loc;
use crate::struct_type::{struct_elements, struct_type};

/// A generated module: the arena holding the top-level `builtin.module`.
pub struct Generated {
    pub body: Body,
    pub module: Op,
}

struct Gen<'a> {
    ctx: &'a Context,
    file: Str,
    chapter: u32,
    /// Diagnostics in the order they were emitted.
    errors: Vec<Diagnostic>,
    /// Generated functions by name, with their function types.
    functions: HashMap<String, Type>,
    structs: HashMap<String, (Type, StructDef)>,
    /// Variables in scope: the tutorial's scoped table refuses any name
    /// visible in an enclosing scope too.
    scopes: Vec<HashMap<String, (Value, VarType)>>,
}

/// Dense f64 data, stored as a splat when every element is equal (as MLIR
/// uniques dense attributes).
pub fn dense_f64(ctx: &Context, ty: Type, values: &[f64]) -> Attribute {
    let mut bytes: Vec<u8> = values.iter().flat_map(|v| v.to_bits().to_le_bytes()).collect();
    let splat = values.len() > 1 && values.iter().all(|v| v.to_bits() == values[0].to_bits());
    if splat {
        bytes.truncate(8);
    }
    ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat, bytes: bytes.into() } })
}

impl Gen<'_> {
    fn loc(&self, l: Loc) -> Location {
        Location::FileLineCol { file: self.file, line: l.line, col: l.col }
    }
    fn error(&mut self, l: Loc, msg: impl Into<String>) {
        let loc = self.loc(l);
        self.errors.push(Diagnostic::error(loc, msg));
    }

    fn lookup(&self, name: &str) -> Option<(Value, VarType)> {
        self.scopes.iter().rev().find_map(|s| s.get(name)).map(|(v, t)| (*v, t.clone()))
    }
    /// Declares `decl` in the innermost scope. A name already visible is
    /// an error: the tutorial fails here without a message (and toyc exits
    /// 1 with nothing printed); Strata says which name, where.
    fn declare(&mut self, decl: &VarDecl, v: Value) -> bool {
        if self.lookup(&decl.name).is_some() {
            self.error(decl.loc, format!("redeclaration of variable '{}'", decl.name));
            return false;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(decl.name.clone(), (v, decl.ty.clone()));
        }
        true
    }

    fn f64_tensor(&self, shape: &[i64]) -> Type {
        if shape.is_empty() {
            self.ctx.unranked_tensor_type(self.ctx.f64())
        } else {
            self.ctx.ranked_tensor_type(shape, self.ctx.f64())
        }
    }

    fn var_type(&mut self, t: &VarType, l: Loc) -> Option<Type> {
        if !t.name.is_empty() {
            match self.structs.get(&t.name) {
                Some((ty, _)) => return Some(*ty),
                None => {
                    self.error(l, format!("error: unknown struct type '{}'", t.name));
                    return None;
                }
            }
        }
        Some(self.f64_tensor(&t.shape))
    }

    fn gen_struct(&mut self, s: &StructDef) -> bool {
        if self.structs.contains_key(&s.name) {
            self.error(s.loc, format!("error: struct type with name `{}' already exists", s.name));
            return false;
        }
        let mut elements = Vec::new();
        for v in &s.vars {
            if v.init.is_some() || !v.ty.shape.is_empty() {
                self.error(v.loc, "error: variables within a struct definition must not have initializers");
                return false;
            }
            let Some(t) = self.var_type(&v.ty, v.loc) else { return false };
            elements.push(t);
        }
        let ty = struct_type(self.ctx, &elements);
        self.structs.insert(s.name.clone(), (ty, s.clone()));
        true
    }

    fn create(&self, fb: &mut Body, block: strata_ir::Block, spec: OpSpec) -> Op {
        let op = fb.create_op(spec);
        fb.append_op(block, op);
        op
    }

    fn gen_function(&mut self, mb: &mut Body, module_block: strata_ir::Block, f: &Function) -> bool {
        self.scopes.push(HashMap::new());
        let ok = self.gen_function_in_scope(mb, module_block, f);
        self.scopes.pop();
        ok
    }

    fn prototype(&mut self, mb: &mut Body, module_block: strata_ir::Block, p: &Prototype) -> Option<(Op, Vec<Type>)> {
        let ctx = self.ctx;
        let mut arg_types = Vec::new();
        for a in &p.args {
            arg_types.push(self.var_type(&a.ty, a.loc)?);
        }
        let fty = ctx.function_type(&arg_types, &[]);
        let attrs = ctx.dictionary(vec![
            (ctx.intern_str("sym_name"), ctx.string_attr(&p.name)),
            (ctx.intern_str("function_type"), ctx.type_attr(fty)),
        ]);
        let func = mb.create_op(OpSpec::new(ctx, "toy.func", self.loc(p.loc)).attrs(attrs).regions(1));
        mb.append_op(module_block, func);
        Some((func, arg_types))
    }

    fn gen_function_in_scope(&mut self, mb: &mut Body, module_block: strata_ir::Block, f: &Function) -> bool {
        let ctx = self.ctx;
        let Some((func, arg_types)) = self.prototype(mb, module_block, &f.proto) else { return false };
        let Some(mut fb) = mb.take_nested(func) else { return false };
        let region = fb.root_regions()[0];
        let entry = fb.create_block();
        fb.append_block(region, entry);
        let proto_loc = self.loc(f.proto.loc);
        let mut args = Vec::new();
        for &t in &arg_types {
            args.push(fb.add_block_arg(entry, t, proto_loc));
        }
        let mut ok = true;
        for (decl, &v) in f.proto.args.iter().zip(args.iter()) {
            if !self.declare(decl, v) {
                ok = false;
                break;
            }
        }
        ok = ok && self.gen_block(&mut fb, entry, &f.body);
        if !ok {
            mb.put_nested(func, fb);
            mb.erase_op(func);
            return false;
        }
        let last = fb.last_op(entry).filter(|&op| fb.op_name(op) == ctx.op_name("toy.return"));
        match last {
            None => {
                self.create(&mut fb, entry, OpSpec::new(ctx, "toy.return", proto_loc));
            }
            Some(ret) if fb.num_operands(ret) > 0 => {
                let result = fb.value_type(fb.operand(ret, 0));
                let fty = ctx.function_type(&arg_types, &[result]);
                mb.set_op_attr(ctx, func, "function_type", Some(ctx.type_attr(fty)));
            }
            Some(_) => {}
        }
        if self.chapter >= 4 && f.proto.name != "main" {
            mb.set_op_attr(ctx, func, "sym_visibility", Some(ctx.string_attr("private")));
        }
        let fty = mb.op_attr(ctx, func, "function_type").and_then(|a| ctx.as_type(a));
        mb.put_nested(func, fb);
        if let Some(t) = fty {
            self.functions.insert(f.proto.name.clone(), t);
        }
        true
    }

    fn gen_block(&mut self, fb: &mut Body, b: strata_ir::Block, exprs: &[Expr]) -> bool {
        self.scopes.push(HashMap::new());
        let ok = self.gen_block_in_scope(fb, b, exprs);
        self.scopes.pop();
        ok
    }

    fn gen_block_in_scope(&mut self, fb: &mut Body, b: strata_ir::Block, exprs: &[Expr]) -> bool {
        for e in exprs {
            match e {
                Expr::VarDecl(d) => {
                    if self.gen_var_decl(fb, b, d).is_none() {
                        return false;
                    }
                }
                Expr::Return { loc, expr } => {
                    let mut operands = Vec::new();
                    if let Some(x) = expr {
                        match self.gen_expr(fb, b, x) {
                            Some(v) => operands.push(v),
                            None => return false,
                        }
                    }
                    let spec = OpSpec::new(self.ctx, "toy.return", self.loc(*loc)).operands(&operands);
                    self.create(fb, b, spec);
                    return true;
                }
                Expr::Print { loc, arg } => {
                    let Some(v) = self.gen_expr(fb, b, arg) else {
                        // The tutorial returns success here, after reporting
                        // the error: generation goes on.
                        return true;
                    };
                    let spec = OpSpec::new(self.ctx, "toy.print", self.loc(*loc)).operands(&[v]);
                    self.create(fb, b, spec);
                }
                other => {
                    if self.gen_expr(fb, b, other).is_none() {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn gen_var_decl(&mut self, fb: &mut Body, b: strata_ir::Block, d: &VarDecl) -> Option<Value> {
        let Some(init) = &d.init else {
            self.error(d.loc, "missing initializer in variable declaration");
            return None;
        };
        let mut value = self.gen_expr(fb, b, init)?;
        if !d.ty.name.is_empty() {
            let ty = self.var_type(&d.ty, d.loc)?;
            let got = fb.value_type(value);
            if ty != got {
                let msg = format!(
                    "struct type of initializer is different than the variable declaration. Got {}, but expected {}",
                    type_to_string(self.ctx, got),
                    type_to_string(self.ctx, ty)
                );
                self.error(d.loc, msg);
                return None;
            }
        } else if !d.ty.shape.is_empty() {
            let ty = self.f64_tensor(&d.ty.shape);
            let spec = OpSpec::new(self.ctx, "toy.reshape", self.loc(d.loc)).operands(&[value]).results(&[ty]);
            let op = self.create(fb, b, spec);
            value = fb.result(op, 0);
        }
        if !self.declare(d, value) {
            return None;
        }
        Some(value)
    }

    fn collect(e: &Expr, out: &mut Vec<f64>) {
        match e {
            Expr::Literal { values, .. } => values.iter().for_each(|v| Self::collect(v, out)),
            Expr::Number { value, .. } => out.push(*value),
            _ => {}
        }
    }

    /// The attribute and type of a struct literal's constant.
    fn struct_constant(&self, values: &[Expr]) -> (Attribute, Type) {
        let ctx = self.ctx;
        let mut attrs = Vec::new();
        let mut types = Vec::new();
        for v in values {
            match v {
                Expr::Number { value, .. } => {
                    attrs.push(dense_f64(ctx, ctx.ranked_tensor_type(&[], ctx.f64()), &[*value]));
                    types.push(self.f64_tensor(&[]));
                }
                Expr::Literal { dims, .. } => {
                    let mut data = Vec::new();
                    Self::collect(v, &mut data);
                    attrs.push(dense_f64(ctx, ctx.ranked_tensor_type(dims, ctx.f64()), &data));
                    types.push(self.f64_tensor(&[]));
                }
                Expr::StructLiteral { values, .. } => {
                    let (a, t) = self.struct_constant(values);
                    attrs.push(a);
                    types.push(t);
                }
                _ => {}
            }
        }
        (ctx.array_attr(&attrs), struct_type(ctx, &types))
    }

    fn constant(&self, fb: &mut Body, b: strata_ir::Block, name: &str, l: Loc, value: Attribute, ty: Type) -> Value {
        let attrs = self.ctx.dictionary(vec![(self.ctx.intern_str("value"), value)]);
        let spec = OpSpec::new(self.ctx, name, self.loc(l)).attrs(attrs).results(&[ty]);
        let op = self.create(fb, b, spec);
        fb.result(op, 0)
    }

    /// The struct definition an expression's value has, if known.
    fn struct_for(&self, e: &Expr) -> Option<StructDef> {
        let name = match e {
            Expr::Var { name, .. } => self.lookup(name)?.1.name,
            Expr::BinOp { op: b'.', lhs, rhs, .. } => {
                let Expr::Var { name, .. } = &**rhs else { return None };
                let parent = self.struct_for(lhs)?;
                parent.vars.iter().find(|v| &v.name == name)?.ty.name.clone()
            }
            _ => return None,
        };
        if name.is_empty() {
            return None;
        }
        self.structs.get(&name).map(|(_, s)| s.clone())
    }

    fn member_index(&self, lhs: &Expr, rhs: &Expr) -> Option<usize> {
        let s = self.struct_for(lhs)?;
        let Expr::Var { name, .. } = rhs else { return None };
        s.vars.iter().position(|v| &v.name == name)
    }

    fn gen_expr(&mut self, fb: &mut Body, b: strata_ir::Block, e: &Expr) -> Option<Value> {
        let ctx = self.ctx;
        match e {
            Expr::BinOp { loc, op, lhs, rhs } => {
                let l = self.gen_expr(fb, b, lhs)?;
                if *op == b'.' {
                    let Some(index) = self.member_index(lhs, rhs) else {
                        self.error(*loc, "invalid access into struct expression");
                        return None;
                    };
                    let elements = struct_elements(ctx, fb.value_type(l)).unwrap_or_default();
                    let ty = *elements.get(index)?;
                    let attrs =
                        ctx.dictionary(vec![(ctx.intern_str("index"), ctx.integer_attr(ctx.i64(), index as i64))]);
                    let spec = OpSpec::new(ctx, "toy.struct_access", self.loc(*loc))
                        .operands(&[l])
                        .attrs(attrs)
                        .results(&[ty]);
                    let o = self.create(fb, b, spec);
                    return Some(fb.result(o, 0));
                }
                let r = self.gen_expr(fb, b, rhs)?;
                let name = match op {
                    b'+' => "toy.add",
                    b'*' => "toy.mul",
                    _ => {
                        self.error(*loc, format!("invalid binary operator '{}'", *op as char));
                        return None;
                    }
                };
                let spec = OpSpec::new(ctx, name, self.loc(*loc)).operands(&[l, r]).results(&[self.f64_tensor(&[])]);
                let o = self.create(fb, b, spec);
                Some(fb.result(o, 0))
            }
            Expr::Var { loc, name } => match self.lookup(name) {
                Some((v, _)) => Some(v),
                None => {
                    self.error(*loc, format!("error: unknown variable '{name}'"));
                    None
                }
            },
            Expr::Literal { loc, dims, .. } => {
                let mut data = Vec::new();
                Self::collect(e, &mut data);
                let ty = self.f64_tensor(dims);
                let value = dense_f64(ctx, ty, &data);
                Some(self.constant(fb, b, "toy.constant", *loc, value, ty))
            }
            Expr::StructLiteral { loc, values } => {
                let (value, ty) = self.struct_constant(values);
                Some(self.constant(fb, b, "toy.struct_constant", *loc, value, ty))
            }
            Expr::Number { loc, value } => {
                let ty = ctx.ranked_tensor_type(&[], ctx.f64());
                let attr = dense_f64(ctx, ty, &[*value]);
                Some(self.constant(fb, b, "toy.constant", *loc, attr, ty))
            }
            Expr::Call { loc, callee, args } => {
                let mut operands = Vec::new();
                for a in args {
                    operands.push(self.gen_expr(fb, b, a)?);
                }
                if callee == "transpose" {
                    if args.len() != 1 {
                        self.error(
                            *loc,
                            "MLIR codegen encountered an error: toy.transpose does not accept multiple arguments",
                        );
                        return None;
                    }
                    let spec = OpSpec::new(ctx, "toy.transpose", self.loc(*loc))
                        .operands(&operands)
                        .results(&[self.f64_tensor(&[])]);
                    let o = self.create(fb, b, spec);
                    return Some(fb.result(o, 0));
                }
                // Chapter 7 checks the callee exists and takes its result
                // type from it (struct results); before, calls are generic.
                let mut result = self.f64_tensor(&[]);
                if self.chapter >= 7 {
                    let Some(&fty) = self.functions.get(callee) else {
                        self.error(*loc, format!("no defined function found for '{callee}'"));
                        return None;
                    };
                    if let Some(&r) = ctx.function_signature(fty).and_then(|(_, r)| r.first()) {
                        result = r;
                    }
                }
                let attrs = ctx.dictionary(vec![(ctx.intern_str("callee"), ctx.symbol_ref(callee))]);
                let spec = OpSpec::new(ctx, "toy.generic_call", self.loc(*loc))
                    .operands(&operands)
                    .attrs(attrs)
                    .results(&[result]);
                let o = self.create(fb, b, spec);
                Some(fb.result(o, 0))
            }
            Expr::Print { loc, .. } | Expr::Return { loc, .. } => {
                self.error(*loc, format!("MLIR codegen encountered an unhandled expr kind '{}'", kind_number(e)));
                None
            }
            Expr::VarDecl(d) => {
                self.error(d.loc, format!("MLIR codegen encountered an unhandled expr kind '{}'", kind_number(e)));
                None
            }
        }
    }
}

/// The tutorial's `ExprASTKind` numbering, shown for misplaced statements.
fn kind_number(e: &Expr) -> u32 {
    match e {
        Expr::VarDecl(_) => 0,
        Expr::Return { .. } => 1,
        Expr::Number { .. } => 2,
        Expr::Literal { .. } => 3,
        Expr::StructLiteral { .. } => 4,
        Expr::Var { .. } => 5,
        Expr::BinOp { .. } => 6,
        Expr::Call { .. } => 7,
        Expr::Print { .. } => 8,
    }
}

/// Generates the module for `ast` (read from `file`); on failure, the
/// diagnostics to report (possibly none, as in the tutorial).
pub fn generate(
    ctx: &Context,
    ast: &Module,
    file: &str,
    chapter: u32,
) -> Result<(Generated, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut g = Gen {
        ctx,
        file: ctx.intern_str(file),
        chapter,
        errors: Vec::new(),
        functions: HashMap::new(),
        structs: HashMap::new(),
        scopes: Vec::new(),
    };
    let mut top = Body::with_root_regions(1);
    let top_region = top.root_regions()[0];
    let top_block = top.create_block();
    top.append_block(top_region, top_block);
    let module = top.create_op(OpSpec::new(ctx, "builtin.module", Location::Unknown).regions(1));
    top.append_op(top_block, module);
    let Some(mut mb) = top.take_nested(module) else { return Err(g.errors) };
    let mr = mb.root_regions()[0];
    let module_block = mb.create_block();
    mb.append_block(mr, module_block);
    for r in &ast.records {
        let ok = match r {
            Record::Function(f) => g.gen_function(&mut mb, module_block, f),
            Record::Struct(s) => g.gen_struct(s),
        };
        if !ok {
            return Err(g.errors);
        }
    }
    top.put_nested(module, mb);
    let verified = strata_ir::verifier::verify(ctx, &top, module)
        .and_then(|_| strata_ir::verifier::verify_symbol_tables(ctx, &top, module));
    if let Err(d) = verified {
        g.errors.push(d);
        g.errors.push(Diagnostic::error(Location::Unknown, "module verification error"));
        return Err(g.errors);
    }
    Ok((Generated { body: top, module }, g.errors))
}
