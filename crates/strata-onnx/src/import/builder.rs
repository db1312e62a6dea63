//! IR construction for the importer: the value an ONNX name stands for
//! ([`Operand`], a constant kept as data until an op needs it as IR), and the
//! small stablehlo building blocks every op family uses (constants, explicit
//! numpy broadcasting, reshape, transpose, convert, reductions, compares),
//! each computing its static result type.

use std::sync::Arc;

use strata_ir::attributes::DenseData;
use strata_ir::types::{FloatKind, Signedness};
use strata_ir::{AttrKind, Attribute, Block, Body, Context, Location, OpSpec, Type, Value};
use strata_stablehlo::attrs::{
    comparison_direction_attr, comparison_type_attr, i64_array_attr, ComparisonDirection, ComparisonType,
};

use crate::tensor::{num_elements, DType, Tensor};

/// What an ONNX value name refers to during import: a static type, and
/// either constant data (initializers, `Constant`, folded shape chains),
/// an IR value, or both once the constant has been materialised.
#[derive(Clone, Debug)]
pub struct Operand {
    pub dtype: DType,
    pub shape: Vec<i64>,
    pub konst: Option<Arc<Tensor>>,
    pub value: Option<Value>,
}

impl Operand {
    /// A constant sharing already decoded data (an initializer).
    pub fn shared_constant(t: Arc<Tensor>) -> Operand {
        Operand { dtype: t.dtype, shape: t.shape.clone(), konst: Some(t), value: None }
    }
    pub fn constant(t: Tensor) -> Operand {
        Operand { dtype: t.dtype, shape: t.shape.clone(), konst: Some(Arc::new(t)), value: None }
    }
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
    pub fn is_const(&self) -> bool {
        self.konst.is_some()
    }
}

/// How a reduction combines elements.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Combiner {
    Add,
    Max,
    Min,
}

/// The function being built: the `func.func` body arena, its block, the
/// location of the node being imported, and the materialised constants.
pub struct FuncBuilder<'c> {
    pub ctx: &'c Context,
    pub body: Box<Body>,
    pub block: Block,
    pub loc: Location,
    /// Materialised constants by the address of their shared data, so a
    /// weight used by several nodes becomes one `stablehlo.constant`.
    const_cache: Vec<(Arc<Tensor>, Value)>,
}

impl<'c> FuncBuilder<'c> {
    pub fn new(ctx: &'c Context, body: Box<Body>, block: Block) -> Self {
        FuncBuilder { ctx, body, block, loc: Location::Unknown, const_cache: Vec::new() }
    }

    pub fn elem_type(&self, d: DType) -> Type {
        let c = self.ctx;
        match d {
            DType::F32 => c.f32(),
            DType::F16 => c.float_type(FloatKind::F16),
            DType::BF16 => c.float_type(FloatKind::BF16),
            DType::F64 => c.f64(),
            DType::I8 => c.integer_type(8),
            DType::U8 => c.integer_type_with(8, Signedness::Unsigned),
            DType::I32 => c.i32(),
            DType::I64 => c.i64(),
            DType::Bool => c.i1(),
        }
    }

    pub fn tensor_type(&self, d: DType, shape: &[i64]) -> Type {
        self.ctx.ranked_tensor_type(shape, self.elem_type(d))
    }

    /// Creates `name` with the given operands, one result and attributes,
    /// appended to the function's block at the current location.
    pub fn emit(
        &mut self,
        name: &str,
        operands: &[Value],
        dtype: DType,
        shape: &[i64],
        attrs: Vec<(&str, Attribute)>,
    ) -> Value {
        let ty = self.tensor_type(dtype, shape);
        let op = self.emit_op(name, operands, &[ty], attrs, 0);
        self.body.result(op, 0)
    }

    /// Creates an op with any number of results and regions.
    pub fn emit_op(
        &mut self,
        name: &str,
        operands: &[Value],
        results: &[Type],
        attrs: Vec<(&str, Attribute)>,
        regions: usize,
    ) -> strata_ir::Op {
        let ctx = self.ctx;
        let dict = ctx.dictionary(attrs.into_iter().map(|(k, v)| (ctx.intern_str(k), v)).collect());
        let op = self.body.create_op(
            OpSpec::new(ctx, name, self.loc).operands(operands).results(results).attrs(dict).regions(regions),
        );
        self.body.append_op(self.block, op);
        op
    }

    /// `dense<...>` for a tensor (a splat when every element is equal).
    pub fn dense_attr(&self, t: &Tensor) -> Attribute {
        let ty = self.tensor_type(t.dtype, &t.shape);
        let size = t.dtype.size();
        let n = t.num_elements();
        let first = &t.bytes[..size.min(t.bytes.len())];
        let splat = n > 1 && t.bytes.chunks(size).all(|c| c == first);
        let bytes: Box<[u8]> = if splat { first.into() } else { t.bytes.clone().into() };
        self.ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat, bytes } })
    }

    /// `dense<v> : tensor<shape x dtype>` as a splat (no data allocated
    /// whatever the shape).
    pub fn splat_attr(&self, dtype: DType, shape: &[i64], v: f64) -> Attribute {
        let one = Tensor::from_f64(dtype, vec![], &[v]);
        let ty = self.tensor_type(dtype, shape);
        let splat = num_elements(shape).is_some_and(|n| n != 1);
        self.ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat, bytes: one.bytes.into() } })
    }

    /// A splat constant value.
    pub fn splat(&mut self, dtype: DType, shape: &[i64], v: f64) -> Operand {
        let a = self.splat_attr(dtype, shape, v);
        let value = self.emit("stablehlo.constant", &[], dtype, shape, vec![("value", a)]);
        Operand { dtype, shape: shape.to_vec(), konst: None, value: Some(value) }
    }

    /// A rank-0 constant of `dtype`.
    pub fn scalar(&mut self, dtype: DType, v: f64) -> Operand {
        self.splat(dtype, &[], v)
    }

    /// The IR value of an operand, materialising a constant on first use.
    pub fn val(&mut self, o: &Operand) -> Value {
        if let Some(v) = o.value {
            return v;
        }
        let t = o.konst.as_ref().expect("an operand is a value or a constant");
        if let Some((_, v)) = self.const_cache.iter().find(|(k, _)| Arc::ptr_eq(k, t)) {
            return *v;
        }
        let a = self.dense_attr(t);
        let v = self.emit("stablehlo.constant", &[], t.dtype, &t.shape, vec![("value", a)]);
        self.const_cache.push((t.clone(), v));
        v
    }

    fn wrap(&self, v: Value, dtype: DType, shape: Vec<i64>) -> Operand {
        Operand { dtype, shape, konst: None, value: Some(v) }
    }

    pub fn unary(&mut self, name: &str, x: &Operand) -> Operand {
        let v = self.val(x);
        let r = self.emit(name, &[v], x.dtype, &x.shape, vec![]);
        self.wrap(r, x.dtype, x.shape.clone())
    }

    /// An elementwise binary op with ONNX (numpy) broadcasting made explicit.
    pub fn binary(&mut self, name: &str, a: &Operand, b: &Operand) -> Result<Operand, String> {
        if a.dtype != b.dtype {
            return Err(format!("operand types differ ({} and {})", a.dtype.name(), b.dtype.name()));
        }
        let shape = broadcast_shapes(&a.shape, &b.shape)?;
        let a = self.broadcast_to(a, &shape)?;
        let b = self.broadcast_to(b, &shape)?;
        let (va, vb) = (self.val(&a), self.val(&b));
        let r = self.emit(name, &[va, vb], a.dtype, &shape, vec![]);
        Ok(self.wrap(r, a.dtype, shape))
    }

    /// `stablehlo.compare` with numpy broadcasting.
    pub fn compare(&mut self, a: &Operand, b: &Operand, dir: ComparisonDirection) -> Result<Operand, String> {
        if a.dtype != b.dtype {
            return Err(format!("operand types differ ({} and {})", a.dtype.name(), b.dtype.name()));
        }
        let shape = broadcast_shapes(&a.shape, &b.shape)?;
        let a = self.broadcast_to(a, &shape)?;
        let b = self.broadcast_to(b, &shape)?;
        let (va, vb) = (self.val(&a), self.val(&b));
        let ty = match a.dtype {
            d if d.is_float() => ComparisonType::Float,
            DType::U8 | DType::Bool => ComparisonType::Unsigned,
            _ => ComparisonType::Signed,
        };
        let attrs = vec![
            ("comparison_direction", comparison_direction_attr(self.ctx, dir)),
            ("compare_type", comparison_type_attr(self.ctx, ty)),
        ];
        let r = self.emit("stablehlo.compare", &[va, vb], DType::Bool, &shape, attrs);
        Ok(self.wrap(r, DType::Bool, shape))
    }

    /// `stablehlo.select` with numpy broadcasting of all three operands.
    pub fn select(&mut self, pred: &Operand, t: &Operand, f: &Operand) -> Result<Operand, String> {
        if t.dtype != f.dtype {
            return Err(format!("operand types differ ({} and {})", t.dtype.name(), f.dtype.name()));
        }
        if pred.dtype != DType::Bool {
            return Err(format!("the condition is {}, not BOOL", pred.dtype.name()));
        }
        let shape = broadcast_shapes(&broadcast_shapes(&pred.shape, &t.shape)?, &f.shape)?;
        let p = self.broadcast_to(pred, &shape)?;
        let t = self.broadcast_to(t, &shape)?;
        let f = self.broadcast_to(f, &shape)?;
        let (vp, vt, vf) = (self.val(&p), self.val(&t), self.val(&f));
        let r = self.emit("stablehlo.select", &[vp, vt, vf], t.dtype, &shape, vec![]);
        Ok(self.wrap(r, t.dtype, shape))
    }

    /// `stablehlo.slice` with unit or positive strides (no op for the whole tensor).
    pub fn slice(&mut self, x: &Operand, start: &[i64], limit: &[i64], strides: &[i64]) -> Operand {
        let shape: Vec<i64> =
            (0..x.rank()).map(|d| (limit[d] - start[d] + strides[d] - 1).max(0) / strides[d]).collect();
        if shape == x.shape {
            return x.clone();
        }
        let v = self.val(x);
        let ctx = self.ctx;
        let attrs = vec![
            ("start_indices", i64_array_attr(ctx, start)),
            ("limit_indices", i64_array_attr(ctx, limit)),
            ("strides", i64_array_attr(ctx, strides)),
        ];
        let r = self.emit("stablehlo.slice", &[v], x.dtype, &shape, attrs);
        self.wrap(r, x.dtype, shape)
    }

    /// `stablehlo.pad` with `value` at the edges (non-negative low / high).
    pub fn pad(&mut self, x: &Operand, low: &[i64], high: &[i64], value: f64) -> Operand {
        let shape: Vec<i64> = (0..x.rank()).map(|d| x.shape[d] + low[d] + high[d]).collect();
        let pv = self.scalar(x.dtype, value);
        let (vx, vv) = (self.val(x), self.val(&pv));
        let ctx = self.ctx;
        let attrs = vec![
            ("edge_padding_low", i64_array_attr(ctx, low)),
            ("edge_padding_high", i64_array_attr(ctx, high)),
            ("interior_padding", i64_array_attr(ctx, &vec![0; x.rank()])),
        ];
        let r = self.emit("stablehlo.pad", &[vx, vv], x.dtype, &shape, attrs);
        self.wrap(r, x.dtype, shape)
    }

    /// `stablehlo.concatenate` of tensors of one type along `axis`.
    pub fn concat(&mut self, xs: &[Operand], axis: usize) -> Operand {
        let mut shape = xs[0].shape.clone();
        shape[axis] = xs.iter().map(|x| x.shape[axis]).sum();
        let values: Vec<Value> = xs.iter().map(|x| self.val(x)).collect();
        let ctx = self.ctx;
        let r = self.emit(
            "stablehlo.concatenate",
            &values,
            xs[0].dtype,
            &shape,
            vec![("dimension", ctx.integer_attr(ctx.i64(), axis as i64))],
        );
        self.wrap(r, xs[0].dtype, shape)
    }

    /// Rows `idx` (a 1-D integer tensor) of the 2-D `table`
    /// (`stablehlo.torch_index_select` on dim 0).
    pub fn take_rows(&mut self, table: &Operand, idx: &Operand) -> Operand {
        let shape = vec![idx.shape[0], table.shape[1]];
        let (vt, vi) = (self.val(table), self.val(idx));
        let ctx = self.ctx;
        let attrs = vec![("dim", ctx.integer_attr(ctx.i64(), 0)), ("batch_dims", ctx.integer_attr(ctx.i64(), 0))];
        let r = self.emit("stablehlo.torch_index_select", &[vt, vi], table.dtype, &shape, attrs);
        self.wrap(r, table.dtype, shape)
    }

    /// `broadcast_in_dim` mapping operand dimension i to result dimension `dims[i]`.
    pub fn broadcast_in_dim(&mut self, x: &Operand, shape: &[i64], dims: &[i64]) -> Operand {
        let v = self.val(x);
        let r = self.emit(
            "stablehlo.broadcast_in_dim",
            &[v],
            x.dtype,
            shape,
            vec![("broadcast_dimensions", i64_array_attr(self.ctx, dims))],
        );
        self.wrap(r, x.dtype, shape.to_vec())
    }

    /// Numpy broadcasting of `x` to `shape` (trailing dimensions aligned);
    /// no op when the shapes are already equal.
    pub fn broadcast_to(&mut self, x: &Operand, shape: &[i64]) -> Result<Operand, String> {
        if x.shape == shape {
            return Ok(x.clone());
        }
        if x.rank() > shape.len() {
            return Err(format!("cannot broadcast {:?} to {:?}", x.shape, shape));
        }
        let off = shape.len() - x.rank();
        for (i, &d) in x.shape.iter().enumerate() {
            if d != 1 && d != shape[off + i] {
                return Err(format!("cannot broadcast {:?} to {:?}", x.shape, shape));
            }
        }
        let dims: Vec<i64> = (off..shape.len()).map(|d| d as i64).collect();
        Ok(self.broadcast_in_dim(x, shape, &dims))
    }

    pub fn reshape(&mut self, x: &Operand, shape: &[i64]) -> Operand {
        if x.shape == shape {
            return x.clone();
        }
        if let Some(t) = &x.konst {
            let mut t = (**t).clone();
            t.shape = shape.to_vec();
            return Operand::constant(t);
        }
        let v = self.val(x);
        let r = self.emit("stablehlo.reshape", &[v], x.dtype, shape, vec![]);
        self.wrap(r, x.dtype, shape.to_vec())
    }

    pub fn transpose(&mut self, x: &Operand, perm: &[i64]) -> Operand {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
            return x.clone();
        }
        let shape: Vec<i64> = perm.iter().map(|&p| x.shape[p as usize]).collect();
        let v = self.val(x);
        let r = self.emit(
            "stablehlo.transpose",
            &[v],
            x.dtype,
            &shape,
            vec![("permutation", i64_array_attr(self.ctx, perm))],
        );
        self.wrap(r, x.dtype, shape)
    }

    pub fn convert(&mut self, x: &Operand, to: DType) -> Operand {
        if x.dtype == to {
            return x.clone();
        }
        if let Some(t) = &x.konst {
            return Operand::constant(t.cast(to));
        }
        let v = self.val(x);
        let r = self.emit("stablehlo.convert", &[v], to, &x.shape, vec![]);
        self.wrap(r, to, x.shape.clone())
    }

    /// The reduction region `^bb0(%a: tensor<T>, %b: tensor<T>)` combining
    /// with `combiner`, in region `region` of the current block's ops.
    fn fill_reduce_region(&mut self, op: strata_ir::Op, dtype: DType, combiner: Combiner) {
        let region = self.body.local_regions(op)[0];
        let block = self.body.create_block();
        self.body.append_block(region, block);
        let scalar = self.tensor_type(dtype, &[]);
        let a = self.body.add_block_arg(block, scalar, self.loc);
        let b = self.body.add_block_arg(block, scalar, self.loc);
        let name = match combiner {
            Combiner::Add => "stablehlo.add",
            Combiner::Max => "stablehlo.maximum",
            Combiner::Min => "stablehlo.minimum",
        };
        let ctx = self.ctx;
        let comb = self.body.create_op(OpSpec::new(ctx, name, self.loc).operands(&[a, b]).results(&[scalar]));
        self.body.append_op(block, comb);
        let r = self.body.result(comb, 0);
        let ret = self.body.create_op(OpSpec::new(ctx, "stablehlo.return", self.loc).operands(&[r]));
        self.body.append_op(block, ret);
    }

    /// The identity element of a combiner.
    pub fn init_value(dtype: DType, c: Combiner) -> f64 {
        match c {
            Combiner::Add => 0.0,
            Combiner::Max if dtype.is_float() => f64::NEG_INFINITY,
            Combiner::Max => match dtype {
                DType::I8 => i8::MIN as f64,
                DType::I32 => i32::MIN as f64,
                DType::I64 => i64::MIN as f64,
                _ => 0.0,
            },
            Combiner::Min if dtype.is_float() => f64::INFINITY,
            Combiner::Min => match dtype {
                DType::I8 => i8::MAX as f64,
                DType::U8 => u8::MAX as f64,
                DType::I32 => i32::MAX as f64,
                DType::I64 => i64::MAX as f64,
                _ => 1.0,
            },
        }
    }

    /// `stablehlo.reduce` over `dims` (sorted, unique); the result drops them.
    pub fn reduce(&mut self, x: &Operand, dims: &[i64], combiner: Combiner) -> Operand {
        let init = self.scalar(x.dtype, Self::init_value(x.dtype, combiner));
        let shape: Vec<i64> =
            x.shape.iter().enumerate().filter(|(i, _)| !dims.contains(&(*i as i64))).map(|(_, &d)| d).collect();
        let vx = self.val(x);
        let vi = self.val(&init);
        let ty = self.tensor_type(x.dtype, &shape);
        let op =
            self.emit_op("stablehlo.reduce", &[vx, vi], &[ty], vec![("dimensions", i64_array_attr(self.ctx, dims))], 1);
        self.fill_reduce_region(op, x.dtype, combiner);
        let r = self.body.result(op, 0);
        self.wrap(r, x.dtype, shape)
    }

    /// `stablehlo.reduce_window` with the given window and padding (low, high per dim).
    #[allow(clippy::too_many_arguments)]
    pub fn reduce_window(
        &mut self,
        x: &Operand,
        combiner: Combiner,
        window: &[i64],
        strides: &[i64],
        dilations: &[i64],
        padding: &[(i64, i64)],
        out_shape: &[i64],
    ) -> Operand {
        let init = self.scalar(x.dtype, Self::init_value(x.dtype, combiner));
        let vx = self.val(x);
        let vi = self.val(&init);
        let ty = self.tensor_type(x.dtype, out_shape);
        let ctx = self.ctx;
        let ones = vec![1i64; window.len()];
        let attrs = vec![
            ("window_dimensions", i64_array_attr(ctx, window)),
            ("window_strides", i64_array_attr(ctx, strides)),
            ("base_dilations", i64_array_attr(ctx, &ones)),
            ("window_dilations", i64_array_attr(ctx, dilations)),
            ("padding", self.padding_attr(padding)),
        ];
        let op = self.emit_op("stablehlo.reduce_window", &[vx, vi], &[ty], attrs, 1);
        self.fill_reduce_region(op, x.dtype, combiner);
        let r = self.body.result(op, 0);
        self.wrap(r, x.dtype, out_shape.to_vec())
    }

    /// `dense<[[lo, hi], ...]> : tensor<Nx2xi64>`.
    pub fn padding_attr(&self, padding: &[(i64, i64)]) -> Attribute {
        let flat: Vec<i64> = padding.iter().flat_map(|&(l, h)| [l, h]).collect();
        let t = Tensor::from_i64(DType::I64, vec![padding.len() as i64, 2], &flat);
        self.dense_attr(&t)
    }

    /// An op result wrapped as an operand.
    pub fn value_operand(&self, v: Value, dtype: DType, shape: Vec<i64>) -> Operand {
        self.wrap(v, dtype, shape)
    }
}

pub use crate::eval::shape::{broadcast_shapes, norm_axis};
