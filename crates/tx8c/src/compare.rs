//! Comparing what the C model computed with a reference (onnxruntime's
//! outputs, or the reference interpreter's): cosine similarity, largest
//! absolute error and signal-to-quantisation-noise ratio, with the pass
//! thresholds of issue 11 (cosine >= 0.99 for bf16/fp16, >= 0.9999 for fp32).

use serde::Serialize;

/// The result of comparing one tensor.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Comparison {
    pub name: String,
    pub cosine: f64,
    pub max_abs: f64,
    /// 10 log10(signal power / error power), dB; infinite when exact.
    pub sqnr: f64,
    pub threshold: f64,
    pub min_sqnr: f64,
    pub pass: bool,
}

/// The cosine threshold for a compute type (issue 11).
pub fn cosine_threshold(dtype: &str) -> f64 {
    match dtype {
        "fp32" => 0.9999,
        _ => 0.99,
    }
}

/// Absolute error under which values count as equal whatever their size:
/// one ulp-ish of the format at magnitude ~1 (a one-element output near
/// zero has a poor SQNR however exact the computation).
pub fn abs_tolerance(dtype: &str) -> f64 {
    match dtype {
        "fp32" => 1e-5,
        "fp16" => 1e-3,
        _ => 1e-2,
    }
}

/// The least SQNR (dB) a pass also needs: cosine alone accepts a result
/// off by a constant factor (and is always 1 on one-element outputs).
/// 20 dB (error power 1% of the signal) for bf16/fp16, 40 dB for fp32;
/// correct builds measure >= 23 dB on the bf16 networks.
pub fn sqnr_threshold(dtype: &str) -> f64 {
    match dtype {
        "fp32" => 40.0,
        _ => 20.0,
    }
}

/// Compares `got` with `want` (same length). Two all-zero tensors are equal
/// (cosine 1); a zero tensor against a non-zero one has cosine 0. Any NaN or
/// infinity in `got` where `want` is finite fails.
/// Passing also when every value is within `atol`.
pub fn compare(name: &str, got: &[f64], want: &[f64], threshold: f64, min_sqnr: f64, atol: f64) -> Comparison {
    let mut dot = 0.0;
    let mut ng = 0.0;
    let mut nw = 0.0;
    let mut max_abs: f64 = 0.0;
    let mut err2 = 0.0;
    let mut nonfinite = false;
    for (&g, &w) in got.iter().zip(want) {
        if !g.is_finite() && w.is_finite() {
            nonfinite = true;
            continue;
        }
        if g == w {
            // Equal values, infinities included, contribute no error.
            if g.is_finite() {
                dot += g * w;
                ng += g * g;
                nw += w * w;
            }
            continue;
        }
        dot += g * w;
        ng += g * g;
        nw += w * w;
        let d = (g - w).abs();
        max_abs = max_abs.max(d);
        err2 += d * d;
    }
    let cosine = if ng == 0.0 && nw == 0.0 {
        1.0
    } else if ng == 0.0 || nw == 0.0 {
        0.0
    } else {
        dot / (ng.sqrt() * nw.sqrt())
    };
    let sqnr = if err2 == 0.0 { f64::INFINITY } else { 10.0 * (nw / err2).log10() };
    let lengths_match = got.len() == want.len();
    let pass = lengths_match && !nonfinite && ((cosine >= threshold && sqnr >= min_sqnr) || max_abs <= atol);
    Comparison {
        name: name.to_string(),
        cosine: if nonfinite { f64::NAN } else { cosine },
        max_abs: if nonfinite { f64::INFINITY } else { max_abs },
        sqnr,
        threshold,
        min_sqnr,
        pass,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_tensors_pass_with_infinite_sqnr() {
        let c = compare("y", &[1.0, -2.0, 3.0], &[1.0, -2.0, 3.0], 0.9999, 40.0, 0.0);
        assert_eq!((c.cosine, c.max_abs, c.sqnr, c.pass), (1.0, 0.0, f64::INFINITY, true));
    }

    #[test]
    fn figures_follow_their_definitions() {
        let c = compare("y", &[1.0, 0.0], &[1.0, 1.0], 0.99, 0.0, 0.0);
        assert!((c.cosine - 1.0 / 2f64.sqrt()).abs() < 1e-12);
        assert_eq!(c.max_abs, 1.0);
        assert!((c.sqnr - 10.0 * 2f64.log10()).abs() < 1e-12);
        assert!(!c.pass);
    }

    #[test]
    fn nan_output_fails_and_length_mismatch_fails() {
        assert!(!compare("y", &[f64::NAN, 1.0], &[1.0, 1.0], 0.5, 0.0, 0.0).pass);
        assert!(!compare("y", &[1.0], &[1.0, 1.0], 0.5, 0.0, 0.0).pass);
        assert!(compare("z", &[0.0, 0.0], &[0.0, 0.0], 0.9999, 40.0, 0.0).pass);
        assert!(!compare("z", &[0.0, 0.0], &[0.0, 1e-3], 0.9, 0.0, 0.0).pass);
    }

    #[test]
    fn tiny_absolute_errors_pass_whatever_the_sqnr() {
        let c = compare("y", &[4.5e-4], &[0.0], 0.99, 20.0, 1e-2);
        assert!(c.pass);
        assert!(!compare("y", &[0.5], &[0.0], 0.99, 20.0, 1e-2).pass);
    }

    #[test]
    fn a_scaled_result_fails_on_sqnr_though_cosine_is_one() {
        let c = compare("y", &[2.0, 4.0], &[1.0, 2.0], 0.99, 20.0, 0.0);
        assert!((c.cosine - 1.0).abs() < 1e-12);
        assert!(!c.pass);
    }
}
