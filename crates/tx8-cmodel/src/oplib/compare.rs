//! Comparing an operator's output with its reference: integers bit-exact;
//! floats by cosine similarity (>= 0.99) and maximum relative error within
//! the output format's tolerance (relative to max(|reference|, 1) so values
//! near zero are judged on an absolute scale).

use crate::dtype::DataFormat;

/// Maximum relative error accepted for results in `fmt`: a few units in the
/// last place of the format, since an operator rounds a few times.
pub fn tolerance(fmt: DataFormat) -> f64 {
    match fmt {
        DataFormat::Fp32 => 1e-4,
        DataFormat::Tf32 => 4e-3,
        DataFormat::Fp16 => 4e-3,
        DataFormat::Bf16 => 3e-2,
        _ => 0.0,
    }
}

/// What a comparison found.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub cosine: f64,
    pub max_rel_err: f64,
    /// Index of the worst element.
    pub worst: usize,
    pub pass: bool,
}

/// Compare `got` with `want` for output format `fmt`.
pub fn compare(fmt: DataFormat, got: &[f64], want: &[f64]) -> Verdict {
    if got.len() != want.len() {
        return Verdict { cosine: 0.0, max_rel_err: f64::INFINITY, worst: 0, pass: false };
    }
    if !fmt.is_float() {
        let worst = got.iter().zip(want).position(|(a, b)| a != b);
        return Verdict {
            cosine: if worst.is_none() { 1.0 } else { 0.0 },
            max_rel_err: if worst.is_none() { 0.0 } else { f64::INFINITY },
            worst: worst.unwrap_or(0),
            pass: worst.is_none(),
        };
    }
    let (mut dot, mut ng, mut nw) = (0.0, 0.0, 0.0);
    let (mut max_rel, mut worst) = (0.0f64, 0usize);
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        dot += g * w;
        ng += g * g;
        nw += w * w;
        let rel = if g.is_nan() || w.is_nan() { f64::INFINITY } else { (g - w).abs() / w.abs().max(1.0) };
        if rel > max_rel || (rel.is_infinite() && max_rel.is_finite()) {
            max_rel = rel;
            worst = i;
        }
    }
    let cosine = if ng == 0.0 && nw == 0.0 { 1.0 } else { dot / (ng.sqrt() * nw.sqrt()) };
    let pass = cosine >= 0.99 && max_rel <= tolerance(fmt);
    Verdict { cosine, max_rel_err: max_rel, worst, pass }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        assert!(compare(DataFormat::Fp32, &[1.0, 2.0], &[1.0, 2.00001]).pass);
        assert!(!compare(DataFormat::Fp32, &[1.0, 2.1], &[1.0, 2.0]).pass);
        assert!(compare(DataFormat::Bf16, &[1.0, 2.01], &[1.0, 2.0]).pass);
        assert!(!compare(DataFormat::Bf16, &[1.0, -2.0], &[1.0, 2.0]).pass);
        assert!(compare(DataFormat::Int8, &[3.0, -4.0], &[3.0, -4.0]).pass);
        assert!(!compare(DataFormat::Int8, &[3.0, -4.0], &[3.0, -5.0]).pass);
        assert!(!compare(DataFormat::Fp16, &[f64::NAN], &[1.0]).pass);
        assert!(!compare(DataFormat::Fp16, &[1.0], &[1.0, 2.0]).pass);
    }
}
