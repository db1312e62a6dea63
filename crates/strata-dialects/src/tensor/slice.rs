//! Reading and writing the offset/size/stride lists of `extract_slice` and
//! `insert_slice` (MLIR's `OffsetSizeAndStrideOpInterface`), and the i64
//! arrays of static values with `DYNAMIC` marking an operand.

use strata_ir::types::DYNAMIC;
use strata_ir::{AttrKind, Attribute, Body, Context, Op, Value};

/// `array<i64: ...>`.
pub(crate) fn i64_array_attr(ctx: &Context, v: &[i64]) -> Attribute {
    let data: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i64(), data: data.into(), len: v.len() })
}

/// The values of an `array<i64: ...>` attribute.
pub(crate) fn i64_array(ctx: &Context, a: Option<Attribute>) -> Option<Vec<i64>> {
    match ctx.attr_kind(a?) {
        AttrKind::DenseArray { element, data, len } if *element == ctx.i64() && data.len() == len * 8 => {
            Some(data.chunks(8).map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes"))).collect())
        }
        _ => None,
    }
}

/// One entry of a mixed static/dynamic list (MLIR's `OpFoldResult`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Mixed {
    Static(i64),
    Dynamic(Value),
}

/// Which of the three lists.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Part {
    Offsets,
    Sizes,
    Strides,
}

impl Part {
    pub(crate) const ALL: [Part; 3] = [Part::Offsets, Part::Sizes, Part::Strides];

    pub(crate) fn attr_name(self) -> &'static str {
        match self {
            Part::Offsets => "static_offsets",
            Part::Sizes => "static_sizes",
            Part::Strides => "static_strides",
        }
    }
    pub(crate) fn operand_name(self) -> &'static str {
        match self {
            Part::Offsets => "offsets",
            Part::Sizes => "sizes",
            Part::Strides => "strides",
        }
    }
    /// Index of the list's operand segment, after the `leading` tensors.
    pub(crate) fn segment(self, leading: usize) -> usize {
        leading
            + match self {
                Part::Offsets => 0,
                Part::Sizes => 1,
                Part::Strides => 2,
            }
    }
}

/// The tensors before the lists: `source` (extract) or `source, dest` (insert).
pub(crate) fn leading_operands(ctx: &Context, body: &Body, op: Op) -> usize {
    if ctx.op_name_is(body.op_name(op), "tensor.insert_slice") {
        2
    } else {
        1
    }
}

/// The operands of segment `segment`, per `operandSegmentSizes` (empty when
/// the segments do not describe the operands).
pub(crate) fn segment_operands(ctx: &Context, body: &Body, op: Op, segment: usize) -> Vec<Value> {
    let seg = strata_ir::branch::dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    if seg.iter().any(|&s| s < 0) || seg.iter().map(|&s| s as usize).sum::<usize>() != body.num_operands(op) {
        return vec![];
    }
    let start: usize = seg.iter().take(segment).map(|&s| s as usize).sum();
    let n = seg.get(segment).copied().unwrap_or(0) as usize;
    body.operands(op).skip(start).take(n).collect()
}

/// The mixed list `part` of a slice op; `None` when its static list and
/// operands disagree (the verifier reports that).
pub(crate) fn mixed(ctx: &Context, body: &Body, op: Op, part: Part) -> Option<Vec<Mixed>> {
    let statics = i64_array(ctx, body.op_attr(ctx, op, part.attr_name()))?;
    let dynamic = segment_operands(ctx, body, op, part.segment(leading_operands(ctx, body, op)));
    combine(&statics, &dynamic)
}

/// Pairs a static list with the operands of its `DYNAMIC` entries.
pub(crate) fn combine(statics: &[i64], dynamic: &[Value]) -> Option<Vec<Mixed>> {
    if statics.iter().filter(|&&s| s == DYNAMIC).count() != dynamic.len() {
        return None;
    }
    let mut it = dynamic.iter();
    Some(
        statics
            .iter()
            .map(|&s| if s == DYNAMIC { Mixed::Dynamic(*it.next().expect("counted")) } else { Mixed::Static(s) })
            .collect(),
    )
}

/// Splits a mixed list into its static list and operands.
pub(crate) fn split(list: &[Mixed]) -> (Vec<i64>, Vec<Value>) {
    let mut statics = Vec::with_capacity(list.len());
    let mut dynamic = Vec::new();
    for m in list {
        match *m {
            Mixed::Static(v) => statics.push(v),
            Mixed::Dynamic(v) => {
                statics.push(DYNAMIC);
                dynamic.push(v);
            }
        }
    }
    (statics, dynamic)
}

/// The three mixed lists of a slice op.
pub(crate) struct SliceParams {
    pub offsets: Vec<Mixed>,
    pub sizes: Vec<Mixed>,
    pub strides: Vec<Mixed>,
}

impl SliceParams {
    pub(crate) fn of(ctx: &Context, body: &Body, op: Op) -> Option<SliceParams> {
        Some(SliceParams {
            offsets: mixed(ctx, body, op, Part::Offsets)?,
            sizes: mixed(ctx, body, op, Part::Sizes)?,
            strides: mixed(ctx, body, op, Part::Strides)?,
        })
    }

    /// Static sizes with `DYNAMIC` for operands.
    pub(crate) fn static_sizes(&self) -> Vec<i64> {
        split(&self.sizes).0
    }

    /// Offsets 0, strides 1 and sizes equal to `shape` (upstream's
    /// `isIdentity`-like check of trivial slices).
    pub(crate) fn is_whole(&self, shape: &[i64]) -> bool {
        self.offsets.iter().all(|m| *m == Mixed::Static(0))
            && self.strides.iter().all(|m| *m == Mixed::Static(1))
            && self.sizes.len() == shape.len()
            && self.sizes.iter().zip(shape).all(|(m, &d)| d >= 0 && *m == Mixed::Static(d))
    }

    /// The operand list and attributes of a slice op with these lists:
    /// `(operands after the leading tensors, segment sizes, static lists)`.
    pub(crate) fn operands_and_attrs(&self, ctx: &Context) -> (Vec<Value>, [i32; 3], [Attribute; 3]) {
        let mut operands = Vec::new();
        let mut segs = [0i32; 3];
        let mut attrs = [ctx.unit_attr(); 3];
        for (i, list) in [&self.offsets, &self.sizes, &self.strides].into_iter().enumerate() {
            let (statics, dynamic) = split(list);
            segs[i] = dynamic.len() as i32;
            operands.extend(dynamic);
            attrs[i] = i64_array_attr(ctx, &statics);
        }
        (operands, segs, attrs)
    }
}
