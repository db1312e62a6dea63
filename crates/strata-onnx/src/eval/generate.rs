//! Generators: Constant (every value form but strings and sparse
//! tensors), ConstantOfShape, Range and EyeLike.

use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::model::AttrValue;
use crate::proto::data_type;
use crate::tensor::{DType, Tensor};

/// Constant: `value` (a tensor) or one of the `value_*` scalar/list forms.
pub fn constant(a: &Args) -> Result<Tensor, EvalError> {
    let n = a.node;
    if n.attrs.len() != 1 {
        return invalid("a Constant must have exactly one value attribute");
    }
    let (name, v) = &n.attrs[0];
    Ok(match (name.as_str(), v) {
        ("value", AttrValue::Tensor(t)) => t.clone(),
        ("value", AttrValue::BadTensor(e)) => return invalid(format!("attribute 'value': {e}")),
        ("value_float", AttrValue::Float(f)) => Tensor::from_f64(DType::F32, vec![], &[*f as f64]),
        ("value_floats", AttrValue::Floats(f)) => {
            let v: Vec<f64> = f.iter().map(|&x| x as f64).collect();
            Tensor::from_f64(DType::F32, vec![f.len() as i64], &v)
        }
        ("value_int", AttrValue::Int(i)) => Tensor::from_i64(DType::I64, vec![], &[*i]),
        ("value_ints", AttrValue::Ints(v)) => Tensor::from_i64(DType::I64, vec![v.len() as i64], v),
        ("value_string" | "value_strings" | "sparse_value", _) => {
            return not_evaluable(format!("a Constant with '{name}' is not evaluated"))
        }
        (other, _) => {
            return invalid(format!("attribute '{other}' is not supported (value, value_float(s), value_int(s))"))
        }
    })
}

/// ConstantOfShape: `value` (default FLOAT 0) repeated over the shape input.
pub fn constant_of_shape(a: &Args) -> Result<Tensor, EvalError> {
    let shape = a.ints_input(0, "input")?.ok_or(EvalError::Invalid("input 0 is required".into()))?;
    let n = a.elements(&shape)?;
    let one = match a.node.tensor("value")? {
        None => Tensor::from_f64(DType::F32, vec![], &[0.0]),
        Some(t) if t.num_elements() == 1 => t.clone(),
        Some(_) => return invalid("attribute 'value' must be a one-element tensor"),
    };
    Ok(Tensor { dtype: one.dtype, shape, bytes: one.bytes.repeat(n) })
}

/// Range(start, limit, delta): `max(ceil((limit - start) / delta), 0)`
/// elements `start + i * delta` (integers exactly; floats in f64, rounded
/// once per element).
pub fn range(a: &Args) -> Result<Tensor, EvalError> {
    let (s, l, d) = (a.input(0)?, a.input(1)?, a.input(2)?);
    if [s, l, d].iter().any(|t| t.num_elements() != 1 || t.dtype != s.dtype) {
        return invalid("Range takes three scalars of one type");
    }
    let dtype = s.dtype;
    if dtype == DType::Bool || matches!(dtype, DType::I8 | DType::U8) {
        return not_evaluable(format!("Range of {} is not evaluated", dtype.name()));
    }
    if dtype.is_float() {
        let (start, limit, delta) = (s.get_f64(0), l.get_f64(0), d.get_f64(0));
        if delta == 0.0 || !(start.is_finite() && limit.is_finite() && delta.is_finite()) {
            return invalid("'delta' is 0 or a bound is not finite");
        }
        let n = ((limit - start) / delta).ceil().max(0.0);
        if n > usize::MAX as f64 / 2.0 {
            return Err(EvalError::TooLarge(format!("Range of {n} elements is too large")));
        }
        a.elements(&[n as i64])?;
        let v: Vec<f64> = (0..n as usize).map(|i| start + i as f64 * delta).collect();
        return Ok(Tensor::from_f64(dtype, vec![n as i64], &v));
    }
    let (start, limit, delta) = (s.get_i64(0) as i128, l.get_i64(0) as i128, d.get_i64(0) as i128);
    if delta == 0 {
        return invalid("'delta' is 0");
    }
    // ceil((limit - start) / delta) in exact integer arithmetic.
    let (num, den) = (limit - start, delta);
    let q = num / den;
    let n = if (num % den != 0) && ((num < 0) == (den < 0)) { q + 1 } else { q }.max(0);
    let n = i64::try_from(n).map_err(|_| EvalError::TooLarge("Range overflows".into()))?;
    a.elements(&[n])?;
    let v: Vec<i64> = (0..n as i128).map(|i| (start + i * delta) as i64).collect();
    Ok(Tensor::from_i64(dtype, vec![n], &v))
}

/// EyeLike: ones on diagonal `k` of a 2-D tensor shaped like the input.
pub fn eye_like(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if x.shape.len() != 2 {
        return invalid(format!("the input must have rank 2, it has shape {:?}", x.shape));
    }
    let dtype = if a.node.has_attr("dtype") {
        let t = a.int("dtype", 0)?;
        match i32::try_from(t).ok().and_then(DType::from_onnx) {
            Some(d) => d,
            None => {
                let name = i32::try_from(t).map_or_else(|_| "an unknown type".to_string(), data_type::name);
                return not_evaluable(format!("EyeLike of {name} is not evaluated"));
            }
        }
    } else {
        x.dtype
    };
    let k = a.int("k", 0)?;
    a.elements(&x.shape)?;
    let (rows, cols) = (x.shape[0], x.shape[1]);
    let v: Vec<i64> = (0..rows * cols).map(|e| ((e % cols) - (e / cols) == k) as i64).collect();
    Ok(Tensor::from_i64(dtype, x.shape.clone(), &v))
}

#[cfg(test)]
mod tests {
    use crate::eval::testing::*;
    use crate::eval::EvalError;
    use crate::model::AttrValue;
    use crate::tensor::DType;

    #[test]
    fn range_counts_by_ceiling_and_allows_negative_deltas() {
        let r = ok("Range", vec![], &[&it(&[], &[3]), &it(&[], &[9]), &it(&[], &[3])]);
        assert_eq!(r.to_i64_vec(), vec![3, 6]);
        let r = ok("Range", vec![], &[&it(&[], &[10]), &it(&[], &[4]), &it(&[], &[-2])]);
        assert_eq!(r.to_i64_vec(), vec![10, 8, 6]);
        let r = ok("Range", vec![], &[&it(&[], &[0]), &it(&[], &[-3]), &it(&[], &[1])]);
        assert_eq!(r.shape, vec![0]);
        let r = ok("Range", vec![], &[&ft(&[], &[1.0]), &ft(&[], &[2.0]), &ft(&[], &[0.25])]);
        assert_eq!(r.to_f64_vec(), vec![1.0, 1.25, 1.5, 1.75]);
        assert!(refused("Range", vec![], &[&it(&[], &[0]), &it(&[], &[1]), &it(&[], &[0])]).contains("'delta'"));
        let huge = run("Range", vec![], &[&it(&[], &[0]), &it(&[], &[i64::MAX]), &it(&[], &[1])]);
        assert!(matches!(huge, Err(EvalError::TooLarge(_))));
    }

    #[test]
    fn constant_of_shape_and_constant_forms() {
        let t = Tensor::from_i64(DType::I64, vec![1], &[7]);
        let y = ok("ConstantOfShape", vec![("value", AttrValue::Tensor(t))], &[&it(&[2], &[2, 3])]);
        assert_eq!((y.dtype, y.to_i64_vec()), (DType::I64, vec![7; 6]));
        let y = ok("ConstantOfShape", vec![], &[&it(&[0], &[])]);
        assert_eq!((y.dtype, y.shape.clone(), y.to_f64_vec()), (DType::F32, vec![], vec![0.0]));
        let y = ok("ConstantOfShape", vec![], &[&it(&[2], &[0, 5])]);
        assert_eq!(y.num_elements(), 0);
        let big = run("ConstantOfShape", vec![], &[&it(&[2], &[1 << 31, 1 << 31])]);
        assert!(matches!(big, Err(EvalError::TooLarge(_))));
        assert!(refused("ConstantOfShape", vec![], &[&it(&[1], &[-1])]).contains("negative"));
        let c = ok("Constant", vec![("value_ints", ints(&[1, 2]))], &[]);
        assert_eq!(c.to_i64_vec(), vec![1, 2]);
        let c = ok("Constant", vec![("value_float", f(0.5))], &[]);
        assert_eq!((c.shape.clone(), c.to_f64_vec()), (vec![], vec![0.5]));
        let e = ok("EyeLike", vec![("k", i(1))], &[&ft(&[2, 3], &[0.0; 6])]);
        assert_eq!(e.to_f64_vec(), vec![0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    }

    use crate::tensor::Tensor;
}
