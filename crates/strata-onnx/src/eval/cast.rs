//! Cast and CastLike. The conversions are ONNX's (Cast's "conversion
//! among numerical types" rules): float to float rounds to nearest even,
//! out of range giving infinity; float to integer truncates toward zero and,
//! where the spec leaves out-of-range values undefined, saturates to the
//! type's bounds (NaN gives 0); integer to integer keeps the low bits (two's
//! complement); anything to BOOL is `!= 0` (NaN is true), BOOL to a number
//! is 0 or 1. `Tensor::cast` implements them; this file reads the target.

use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::proto::data_type;
use crate::tensor::{DType, Tensor};

pub fn cast(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if !a.node.has_attr("to") {
        return invalid("attribute 'to' is required");
    }
    let to = a.int("to", 0)?;
    let Some(dtype) = i32::try_from(to).ok().and_then(DType::from_onnx) else {
        let name = i32::try_from(to).map_or_else(|_| "an unknown type".to_string(), data_type::name);
        return not_evaluable(format!("Cast to {name} is not evaluated"));
    };
    Ok(x.cast(dtype))
}

pub fn cast_like(a: &Args) -> Result<Tensor, EvalError> {
    let (x, like) = (a.input(0)?, a.input(1)?);
    Ok(x.cast(like.dtype))
}

#[cfg(test)]
mod tests {
    use crate::eval::testing::*;
    use crate::eval::EvalError;
    use crate::proto::data_type;
    use crate::tensor::DType;

    fn cast_to(t: &crate::tensor::Tensor, to: i32) -> crate::tensor::Tensor {
        ok("Cast", vec![("to", i(to as i64))], &[t])
    }

    #[test]
    fn float_to_integer_truncates_and_saturates() {
        let x = ft(&[6], &[1.7, -2.5, 3e9, -3e9, f64::NAN, f64::INFINITY]);
        assert_eq!(
            cast_to(&x, data_type::INT32).to_i64_vec(),
            vec![1, -2, i32::MAX as i64, i32::MIN as i64, 0, i32::MAX as i64]
        );
        assert_eq!(cast_to(&x, data_type::INT64).to_i64_vec()[..2], [1, -2]);
        assert_eq!(cast_to(&x, data_type::UINT8).to_i64_vec(), vec![1, 0, 255, 0, 0, 255]);
        assert_eq!(cast_to(&x, data_type::INT8).to_i64_vec(), vec![1, -2, 127, -128, 0, 127]);
        // To BOOL: nonzero and NaN are true.
        let z = ft(&[4], &[0.0, -0.0, f64::NAN, 0.1]);
        assert_eq!(cast_to(&z, data_type::BOOL).to_i64_vec(), vec![0, 0, 1, 1]);
    }

    #[test]
    fn integer_narrowing_wraps_and_float_narrowing_overflows_to_infinity() {
        let x = it(&[3], &[200, -129, 1 << 40]);
        assert_eq!(cast_to(&x, data_type::INT8).to_i64_vec(), vec![-56, 127, 0]);
        assert_eq!(cast_to(&x, data_type::UINT8).to_i64_vec(), vec![200, 127, 0]);
        let f = typed(DType::F64, &[3], &[1e6, -1e300, f64::NAN]);
        let h = cast_to(&f, data_type::FLOAT16).to_f64_vec();
        assert_eq!(&h[..2], &[f64::INFINITY, f64::NEG_INFINITY]);
        assert!(h[2].is_nan());
        let b = bt(&[2], &[true, false]);
        assert_eq!(cast_to(&b, data_type::FLOAT).to_f64_vec(), vec![1.0, 0.0]);
        let like = ok("CastLike", vec![], &[&x, &ft(&[], &[0.0])]);
        assert_eq!((like.dtype, like.to_f64_vec()), (DType::F32, vec![200.0, -129.0, (1u64 << 40) as f64]));
    }

    #[test]
    fn unknown_targets_are_not_evaluated() {
        let x = ft(&[1], &[1.0]);
        assert!(matches!(
            run("Cast", vec![("to", i(data_type::STRING as i64))], &[&x]),
            Err(EvalError::NotEvaluable(_))
        ));
        assert!(refused("Cast", vec![], &[&x]).contains("'to'"));
    }
}
