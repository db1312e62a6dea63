//! Compiles one function of lowered IR into a [`Program`]: every SSA value
//! gets a slot (floats in `f`, integers/index in `i`, memrefs as buffer
//! numbers in `i`), every op an instruction over slots.

use rustc_hash::FxHashMap;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::{AttrKind, Block, Body, Context, Diagnostic, Op, TypeKind, Value};

/// Where a value lives.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Slot {
    F(u32),
    I(u32),
}

/// A subscript or bound: `constant + Σ coefficient × int slot`, or a
/// general affine expression over int slots (floordiv, mod, ...).
#[derive(Clone, Debug)]
pub(crate) enum Index {
    Linear { constant: i64, terms: Box<[(u32, i64)]> },
    Expr { expr: AffineExpr, dims: Box<[u32]>, syms: Box<[u32]> },
}

#[derive(Clone, Debug)]
pub(crate) enum Inst {
    ConstF {
        dst: u32,
        value: f64,
    },
    ConstI {
        dst: u32,
        value: i64,
    },
    AddF {
        dst: u32,
        a: u32,
        b: u32,
    },
    SubF {
        dst: u32,
        a: u32,
        b: u32,
    },
    MulF {
        dst: u32,
        a: u32,
        b: u32,
    },
    DivF {
        dst: u32,
        a: u32,
        b: u32,
    },
    NegF {
        dst: u32,
        a: u32,
    },
    AddI {
        dst: u32,
        a: u32,
        b: u32,
    },
    SubI {
        dst: u32,
        a: u32,
        b: u32,
    },
    MulI {
        dst: u32,
        a: u32,
        b: u32,
    },
    /// A new zeroed buffer of `len` elements, its number into `dst`.
    Alloc {
        dst: u32,
        len: usize,
    },
    Dealloc {
        mem: u32,
    },
    /// `f[dst] = buffer[i[mem]][address]`.
    Load {
        dst: u32,
        mem: u32,
        address: Index,
    },
    Store {
        value: u32,
        mem: u32,
        address: Index,
    },
    Apply {
        dst: u32,
        index: Index,
    },
    /// Loop header: `iv = lb`; skip to `end` if `iv >= ub` (`ub` kept in
    /// `ub_slot` for the back edge).
    ForStart {
        iv: u32,
        lb: Index,
        ub: Index,
        ub_slot: u32,
        end: u32,
    },
    /// Back edge: `iv += step`; jump to `body` while `iv < i[ub_slot]`.
    ForNext {
        iv: u32,
        step: i64,
        ub_slot: u32,
        body: u32,
    },
    Print {
        mem: u32,
        shape: Box<[i64]>,
    },
    Return,
}

/// A compiled function.
pub struct Program {
    pub(crate) insts: Vec<Inst>,
    pub(crate) num_f: usize,
    pub(crate) num_i: usize,
}

impl Program {
    pub fn num_instructions(&self) -> usize {
        self.insts.len()
    }
}

struct Compiler<'a> {
    ctx: &'a Context,
    body: &'a Body,
    slots: FxHashMap<Value, Slot>,
    /// Row-major strides of each memref value's type.
    strides: FxHashMap<Value, Vec<i64>>,
    insts: Vec<Inst>,
    num_f: u32,
    num_i: u32,
}

fn unsupported(body: &Body, op: Op, ctx: &Context, why: &str) -> Diagnostic {
    Diagnostic::error(
        body.op_loc(op),
        format!("JIT: unsupported operation '{}'{why}", ctx.op_name_str(body.op_name(op))),
    )
}

/// Compiles `func` (a `func.func` in `module_body`), which must take no
/// arguments.
pub fn compile_function(ctx: &Context, module_body: &Body, func: Op) -> Result<Program, Diagnostic> {
    let (body, regions) = module_body.regions_of(func);
    let entry = regions
        .first()
        .and_then(|&r| body.first_block(r))
        .ok_or_else(|| Diagnostic::error(module_body.op_loc(func), "JIT: function has no body"))?;
    if !body.block_args(entry).is_empty() {
        return Err(Diagnostic::error(module_body.op_loc(func), "JIT: the entry function must take no arguments"));
    }
    let mut c = Compiler {
        ctx,
        body,
        slots: FxHashMap::default(),
        strides: FxHashMap::default(),
        insts: Vec::new(),
        num_f: 0,
        num_i: 0,
    };
    c.block(entry)?;
    c.insts.push(Inst::Return);
    Ok(Program { insts: c.insts, num_f: c.num_f as usize, num_i: c.num_i as usize })
}

impl Compiler<'_> {
    fn new_slot(&mut self, v: Value) -> Result<Slot, Diagnostic> {
        let ty = self.body.value_type(v);
        let slot = match self.ctx.type_kind(ty) {
            TypeKind::Float(_) => {
                self.num_f += 1;
                Slot::F(self.num_f - 1)
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                self.num_i += 1;
                Slot::I(self.num_i - 1)
            }
            TypeKind::MemRef { shape, .. } => {
                let mut strides = vec![1i64; shape.len()];
                for d in (0..shape.len().saturating_sub(1)).rev() {
                    strides[d] = strides[d + 1] * shape[d + 1];
                }
                self.strides.insert(v, strides);
                self.num_i += 1;
                Slot::I(self.num_i - 1)
            }
            _ => {
                return Err(Diagnostic::error(
                    strata_ir::Location::Unknown,
                    format!("JIT: unsupported value type '{}'", strata_ir::printer::type_to_string(self.ctx, ty)),
                ))
            }
        };
        self.slots.insert(v, slot);
        Ok(slot)
    }

    fn f(&self, op: Op, v: Value) -> Result<u32, Diagnostic> {
        match self.slots.get(&v) {
            Some(Slot::F(s)) => Ok(*s),
            _ => Err(unsupported(self.body, op, self.ctx, ": expected a float operand")),
        }
    }
    fn i(&self, op: Op, v: Value) -> Result<u32, Diagnostic> {
        match self.slots.get(&v) {
            Some(Slot::I(s)) => Ok(*s),
            _ => Err(unsupported(self.body, op, self.ctx, ": expected an integer, index or memref operand")),
        }
    }

    fn block(&mut self, b: Block) -> Result<(), Diagnostic> {
        for op in self.body.block_ops(b) {
            self.op(op)?;
        }
        Ok(())
    }

    /// `Σ scale × expression` over map operands `operands` (dims then
    /// symbols): flattened to a linear form when every expression is
    /// linear, else kept as one expression evaluated at run time.
    fn index(
        &self,
        op: Op,
        m: &AffineMap,
        exprs: &[(AffineExpr, i64)],
        operands: &[Value],
    ) -> Result<Index, Diagnostic> {
        let slots: Vec<u32> = operands.iter().map(|&v| self.i(op, v)).collect::<Result<_, _>>()?;
        let nd = m.num_dims as usize;
        let mut constant = 0i64;
        let mut terms: Vec<(u32, i64)> = Vec::new();
        let mut linear = true;
        for (e, scale) in exprs {
            if !flatten(e, *scale, &slots, nd, &mut constant, &mut terms) {
                linear = false;
                break;
            }
        }
        if linear {
            terms.retain(|t| t.1 != 0);
            return Ok(Index::Linear { constant, terms: terms.into() });
        }
        // Non-linear: one expression per access, summed with strides.
        let mut sum: Option<AffineExpr> = None;
        for (e, scale) in exprs {
            let term = e.clone() * AffineExpr::Constant(*scale);
            sum = Some(match sum {
                None => term,
                Some(s) => s + term,
            });
        }
        let (dims, syms) = slots.split_at(nd.min(slots.len()));
        Ok(Index::Expr { expr: sum.unwrap_or(AffineExpr::Constant(0)), dims: dims.into(), syms: syms.into() })
    }

    fn map_attr(&self, op: Op, name: &str) -> Result<AffineMap, Diagnostic> {
        match self.body.op_attr(self.ctx, op, name).map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::AffineMap(m)) => Ok(m.clone()),
            _ => Err(unsupported(self.body, op, self.ctx, &format!(": missing '{name}'"))),
        }
    }

    fn access(&mut self, op: Op, mem_index: usize) -> Result<(u32, Index), Diagnostic> {
        let operands = self.body.operand_vec(op);
        let Some(&mem) = operands.get(mem_index) else {
            return Err(unsupported(self.body, op, self.ctx, ": missing operands"));
        };
        let m = self.map_attr(op, "map")?;
        let strides = self.strides.get(&mem).cloned().unwrap_or_default();
        if strides.len() != m.results.len() {
            return Err(unsupported(self.body, op, self.ctx, ": subscripts do not match the memref rank"));
        }
        let exprs: Vec<(AffineExpr, i64)> = m.results.iter().cloned().zip(strides).collect();
        let address = self.index(op, &m, &exprs, &operands[mem_index + 1..])?;
        Ok((self.i(op, mem)?, address))
    }

    fn bound(&mut self, op: Op, map_name: &str, operands: &[Value]) -> Result<Index, Diagnostic> {
        let m = self.map_attr(op, map_name)?;
        if m.results.len() != 1 {
            return Err(unsupported(self.body, op, self.ctx, ": min/max bounds"));
        }
        self.index(op, &m, &[(m.results[0].clone(), 1)], operands)
    }

    fn op(&mut self, op: Op) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let body = self.body;
        let name = ctx.op_name_str(body.op_name(op));
        let operands = body.operand_vec(op);
        let needed = match name {
            "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.addi" | "arith.subi" | "arith.muli"
            | "affine.store" => 2,
            "arith.negf" | "memref.dealloc" | "affine.load" | "toy.print" => 1,
            _ => 0,
        };
        if operands.len() < needed {
            return Err(unsupported(body, op, ctx, ": missing operands"));
        }
        let result = (body.num_results(op) == 1).then(|| body.result(op, 0));
        let float_bin = |c: &mut Self, mk: fn(u32, u32, u32) -> Inst| -> Result<(), Diagnostic> {
            let (a, b) = (c.f(op, operands[0])?, c.f(op, operands[1])?);
            let Some(r) = result else { return Err(unsupported(body, op, ctx, "")) };
            let Slot::F(dst) = c.new_slot(r)? else { return Err(unsupported(body, op, ctx, "")) };
            c.insts.push(mk(dst, a, b));
            Ok(())
        };
        let int_bin = |c: &mut Self, mk: fn(u32, u32, u32) -> Inst| -> Result<(), Diagnostic> {
            let (a, b) = (c.i(op, operands[0])?, c.i(op, operands[1])?);
            let Some(r) = result else { return Err(unsupported(body, op, ctx, "")) };
            let Slot::I(dst) = c.new_slot(r)? else { return Err(unsupported(body, op, ctx, "")) };
            c.insts.push(mk(dst, a, b));
            Ok(())
        };
        match name {
            "arith.constant" => {
                let (Some(r), Some(v)) = (result, body.op_attr(ctx, op, "value")) else {
                    return Err(unsupported(body, op, ctx, ""));
                };
                match (self.new_slot(r)?, ctx.attr_kind(v)) {
                    (Slot::F(dst), AttrKind::Float { bits, ty }) => {
                        let value = strata_ir::apfloat::to_f64(
                            ctx.float_kind(*ty).unwrap_or(strata_ir::types::FloatKind::F64),
                            *bits,
                        );
                        self.insts.push(Inst::ConstF { dst, value });
                    }
                    (Slot::I(dst), _) => {
                        let value = ctx.as_i64(v).ok_or_else(|| unsupported(body, op, ctx, ": non-scalar constant"))?;
                        self.insts.push(Inst::ConstI { dst, value });
                    }
                    _ => return Err(unsupported(body, op, ctx, ": non-scalar constant")),
                }
            }
            "arith.addf" => float_bin(self, |dst, a, b| Inst::AddF { dst, a, b })?,
            "arith.subf" => float_bin(self, |dst, a, b| Inst::SubF { dst, a, b })?,
            "arith.mulf" => float_bin(self, |dst, a, b| Inst::MulF { dst, a, b })?,
            "arith.divf" => float_bin(self, |dst, a, b| Inst::DivF { dst, a, b })?,
            "arith.negf" => {
                let a = self.f(op, operands[0])?;
                let Some(r) = result else { return Err(unsupported(body, op, ctx, "")) };
                let Slot::F(dst) = self.new_slot(r)? else { return Err(unsupported(body, op, ctx, "")) };
                self.insts.push(Inst::NegF { dst, a });
            }
            "arith.addi" => int_bin(self, |dst, a, b| Inst::AddI { dst, a, b })?,
            "arith.subi" => int_bin(self, |dst, a, b| Inst::SubI { dst, a, b })?,
            "arith.muli" => int_bin(self, |dst, a, b| Inst::MulI { dst, a, b })?,
            "memref.alloc" => {
                let Some(r) = result else { return Err(unsupported(body, op, ctx, "")) };
                let shape = ctx.shape(body.value_type(r)).map(|s| s.to_vec()).unwrap_or_default();
                if !operands.is_empty() || shape.iter().any(|&d| d < 0) {
                    return Err(unsupported(body, op, ctx, ": dynamic shapes"));
                }
                let Slot::I(dst) = self.new_slot(r)? else { return Err(unsupported(body, op, ctx, "")) };
                self.insts.push(Inst::Alloc { dst, len: shape.iter().product::<i64>() as usize });
            }
            "memref.dealloc" => {
                let mem = self.i(op, operands[0])?;
                self.insts.push(Inst::Dealloc { mem });
            }
            "affine.load" => {
                let (mem, address) = self.access(op, 0)?;
                let Some(r) = result else { return Err(unsupported(body, op, ctx, "")) };
                let Slot::F(dst) = self.new_slot(r)? else {
                    return Err(unsupported(body, op, ctx, ": only float elements"));
                };
                self.insts.push(Inst::Load { dst, mem, address });
            }
            "affine.store" => {
                let value = self.f(op, operands[0])?;
                let (mem, address) = self.access(op, 1)?;
                self.insts.push(Inst::Store { value, mem, address });
            }
            "affine.apply" => {
                let m = self.map_attr(op, "map")?;
                let Some(r) = result else { return Err(unsupported(body, op, ctx, "")) };
                if m.results.len() != 1 {
                    return Err(unsupported(body, op, ctx, ""));
                }
                let index = self.index(op, &m, &[(m.results[0].clone(), 1)], &operands)?;
                let Slot::I(dst) = self.new_slot(r)? else { return Err(unsupported(body, op, ctx, "")) };
                self.insts.push(Inst::Apply { dst, index });
            }
            "affine.for" => {
                if body.num_results(op) != 0 {
                    return Err(unsupported(body, op, ctx, ": iter_args"));
                }
                let seg = strata_ir::branch::dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
                let nl = seg.first().copied().unwrap_or(0) as usize;
                let nu = seg.get(1).copied().unwrap_or(0) as usize;
                if nl + nu > operands.len() {
                    return Err(unsupported(body, op, ctx, ": malformed bounds"));
                }
                let lb = self.bound(op, "lowerBoundMap", &operands[..nl])?;
                let ub = self.bound(op, "upperBoundMap", &operands[nl..nl + nu])?;
                let step = body.op_attr(ctx, op, "step").and_then(|a| ctx.as_i64(a)).unwrap_or(1);
                // A zero step verifies (as in mlir-opt 22) but would never end.
                if step <= 0 {
                    return Err(unsupported(body, op, ctx, &format!(": step {step} never reaches the upper bound")));
                }
                let Some(b) = body.local_regions(op).first().and_then(|&r| body.first_block(r)) else { return Ok(()) };
                let Some(&iv_value) = body.block_args(b).first() else { return Err(unsupported(body, op, ctx, "")) };
                let Slot::I(iv) = self.new_slot(iv_value)? else { return Err(unsupported(body, op, ctx, "")) };
                self.num_i += 1;
                let ub_slot = self.num_i - 1;
                let start = self.insts.len();
                self.insts.push(Inst::ForStart { iv, lb, ub, ub_slot, end: 0 });
                self.block(b)?;
                self.insts.push(Inst::ForNext { iv, step, ub_slot, body: start as u32 + 1 });
                let end = self.insts.len() as u32;
                if let Inst::ForStart { end: e, .. } = &mut self.insts[start] {
                    *e = end;
                }
            }
            "affine.yield" => {
                if !operands.is_empty() {
                    return Err(unsupported(body, op, ctx, ": iter_args"));
                }
            }
            "func.return" => self.insts.push(Inst::Return),
            "toy.print" => {
                let mem = self.i(op, operands[0])?;
                let shape = ctx.shape(body.value_type(operands[0])).map(|s| s.to_vec()).unwrap_or_default();
                self.insts.push(Inst::Print { mem, shape: shape.into() });
            }
            _ => return Err(unsupported(body, op, ctx, "")),
        }
        Ok(())
    }
}

/// Adds `scale × e` into `constant + Σ terms` (slots of dims then
/// symbols); false if `e` is not linear.
fn flatten(
    e: &AffineExpr,
    scale: i64,
    slots: &[u32],
    nd: usize,
    constant: &mut i64,
    terms: &mut Vec<(u32, i64)>,
) -> bool {
    let mut add_term = |slot: u32, coef: i64| match terms.iter_mut().find(|t| t.0 == slot) {
        Some(t) => t.1 += coef,
        None => terms.push((slot, coef)),
    };
    match e {
        AffineExpr::Constant(c) => {
            *constant += c * scale;
            true
        }
        AffineExpr::Dim(d) => match slots.get(*d as usize) {
            Some(&s) => {
                add_term(s, scale);
                true
            }
            None => false,
        },
        AffineExpr::Symbol(s) => match slots.get(nd + *s as usize) {
            Some(&s) => {
                add_term(s, scale);
                true
            }
            None => false,
        },
        AffineExpr::Add(a, b) => {
            flatten(a, scale, slots, nd, constant, terms) && flatten(b, scale, slots, nd, constant, terms)
        }
        AffineExpr::Mul(a, b) => match (a.as_ref(), b.as_ref()) {
            (x, AffineExpr::Constant(c)) | (AffineExpr::Constant(c), x) => {
                flatten(x, scale * c, slots, nd, constant, terms)
            }
            _ => false,
        },
        _ => false,
    }
}
