//! Comparing what the C model computed with a reference (onnxruntime's
//! outputs, or the reference interpreter's): cosine similarity, SQNR and
//! largest absolute error, and the rule that decides pass or fail.
//!
//! The rule, per output (`Rule` records which part decided):
//! - the lengths must match, and every non-finite value must be matched
//!   by the same value in the reference (NaN by NaN, +inf by +inf): a NaN
//!   the card computes where the reference is finite fails, and so does a
//!   finite value where the reference has NaN (`Relu(NaN)` is NaN, not 0);
//! - over the finite values, cosine >= 0.99 (bf16, fp16) or >= 0.9999
//!   (fp32) AND SQNR >= 20 dB (bf16, fp16) or 40 dB (fp32): cosine alone
//!   passes a result off by a constant factor, SQNR alone passes a wrong
//!   sign pattern on a large constant;
//! - except when the reference is all (near) zero: its largest magnitude
//!   is at most [`NEAR_ZERO`] times the largest magnitude of every output
//!   compared in the same run (`scale`). Cosine and SQNR of a zero signal
//!   are undefined, so there the largest absolute error decides, against
//!   the format's relative precision times `scale`.
//!
//! There is no absolute tolerance outside that case: an earlier rule
//! ("every value within 1e-2") passed outputs whose values are all small
//! whatever they were (cosine 0.007).
//!
//! The fixed bf16/fp16 thresholds ask more than some models allow: a
//! random-weight network that amplifies perturbations layer by layer
//! (ConvMixer, Inception v3, the widest ResNets) cannot reach 20 dB in bf16
//! whatever the compiler does, because rounding its weights and activations
//! to bf16 alone costs more. `--compare-floor` gives that model's *floor*:
//! its outputs from an independent runtime with every weight, input and
//! intermediate rounded to the card's type and fp32 arithmetic (what
//! `tests/tx8/emulate_low_precision.py` computes). Where the floor is below
//! a fixed threshold, the threshold becomes the floor less [`FLOOR_MARGIN_DB`]
//! (`Rule::DtypeFloor`): the card may lose at most twice the error power a
//! perfect pipeline of its type loses, never more. A floor above the fixed
//! thresholds changes nothing.
//!
//! One floor is one pipeline. Two pipelines that both round correctly, but
//! different values, reach different SQNRs on a badly conditioned model:
//! full-size RexNet's logits on its exported image are 22.8 dB from the
//! floor with its biases rounded to bf16, 18.2 dB from the same floor with
//! them in fp32 (where tx8c keeps them). So a floor file may hold several
//! realisations per output (a leading axis; `emulate_low_precision.py`
//! writes those two), and the worst of them is the floor: the card must be
//! as precise as some correct pipeline of its type, less the margin, not as
//! the luckiest one.

use serde::Serialize;

/// Which part of the rule decided an output.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The output and the reference have different lengths.
    LengthMismatch,
    /// A NaN or infinity in one where the other has something else.
    NonFiniteMismatch,
    /// Cosine and SQNR thresholds.
    CosineSqnr,
    /// The reference is all (near) zero: largest absolute error.
    NearZeroAbs,
    /// Cosine and SQNR thresholds lowered to the floor of the card's type
    /// (see the module doc).
    DtypeFloor,
}

/// The thresholds of one compute type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    pub min_cosine: f64,
    pub min_sqnr: f64,
    /// In the near-zero case, the largest absolute error allowed, as a
    /// fraction of the run's `scale`.
    pub near_zero_atol: f64,
}

impl Tolerance {
    /// Issue 11's thresholds for a compute type (`bf16`, `fp16`, `fp32`):
    /// correct builds measure >= 23 dB and cosine >= 0.998 on the bf16
    /// networks (`tests/tx8/emulate_low_precision.py` gives the floor).
    pub fn for_dtype(dtype: &str) -> Tolerance {
        match dtype {
            "fp32" => Tolerance { min_cosine: 0.9999, min_sqnr: 40.0, near_zero_atol: 1e-5 },
            _ => Tolerance { min_cosine: 0.99, min_sqnr: 20.0, near_zero_atol: 1e-2 },
        }
    }
}

/// How far below the floor of its type an output may fall, in dB: 3 dB is
/// twice the error power of a perfect pipeline of that type.
pub const FLOOR_MARGIN_DB: f64 = 3.0;

/// The figures of the floor (the reference at the card's precision, see the
/// module doc) against the exact reference.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Floor {
    pub cosine: f64,
    pub sqnr: f64,
    /// How many realisations the figures are the worst of.
    pub realisations: usize,
}

impl Tolerance {
    /// The thresholds for an output whose floor is `floor`, and whether the
    /// floor lowered them. Lowering SQNR by `FLOOR_MARGIN_DB` multiplies the
    /// error power by 10^(margin/10); 1 - cosine grows by the same factor
    /// for small errors.
    fn against_floor(self, floor: Option<Floor>) -> (Tolerance, bool) {
        let Some(floor) = floor else { return (self, false) };
        let factor = 10f64.powf(FLOOR_MARGIN_DB / 10.0);
        let sqnr = if floor.sqnr.is_finite() { floor.sqnr - FLOOR_MARGIN_DB } else { f64::INFINITY };
        // A floor with NaN figures (a non-finite mismatch) lowers nothing.
        let cosine = if floor.cosine.is_nan() { f64::INFINITY } else { 1.0 - (1.0 - floor.cosine) * factor };
        let lowered = Tolerance {
            min_cosine: self.min_cosine.min(cosine),
            min_sqnr: self.min_sqnr.min(sqnr),
            near_zero_atol: self.near_zero_atol,
        };
        (lowered, lowered != self)
    }
}

/// The smaller of two figures, NaN if either is.
fn nan_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.min(b)
    }
}

/// A reference whose largest magnitude is at most this fraction of the
/// run's scale is "all zero" for the rule.
pub const NEAR_ZERO: f64 = 1e-6;

/// The result of comparing one tensor.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Comparison {
    pub name: String,
    /// Over the finite values (NaN when a non-finite mismatch decided).
    pub cosine: f64,
    pub max_abs: f64,
    /// 10 log10(signal power / error power), dB; infinite when exact.
    pub sqnr: f64,
    /// The reference's largest finite magnitude.
    pub ref_max_abs: f64,
    pub threshold: f64,
    pub min_sqnr: f64,
    /// The absolute error allowed when the reference is all (near) zero.
    pub near_zero_atol: f64,
    /// The floor of the card's type, when `--compare-floor` gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub floor: Option<Floor>,
    pub rule: Rule,
    pub pass: bool,
}

/// The largest finite magnitude of `values` (0 when there is none).
pub fn peak(values: &[f64]) -> f64 {
    values.iter().filter(|v| v.is_finite()).fold(0.0, |m, v| m.max(v.abs()))
}

/// Compares `got` with `want` under `tol`; `scale` is the largest finite
/// magnitude of every reference compared in the same run, and `floor` the
/// same output at the card's precision, one slice per realisation, when
/// there is one (see the module doc): the lowest cosine and the lowest SQNR
/// over the realisations are the floor's.
pub fn compare(name: &str, got: &[f64], want: &[f64], tol: Tolerance, scale: f64, floor: &[&[f64]]) -> Comparison {
    let floor =
        (!floor.is_empty()).then(|| {
            let figures = floor.iter().map(|f| compare(name, f, want, tol, scale, &[]));
            // NaN figures (a non-finite mismatch in a realisation) propagate:
            // `against_floor` then lowers nothing.
            figures.fold(Floor { cosine: f64::INFINITY, sqnr: f64::INFINITY, realisations: floor.len() }, |w, c| {
                Floor { cosine: nan_min(w.cosine, c.cosine), sqnr: nan_min(w.sqnr, c.sqnr), ..w }
            })
        });
    let (tol, lowered) = tol.against_floor(floor);
    let mut dot = 0.0;
    let mut ng = 0.0;
    let mut nw = 0.0;
    let mut max_abs: f64 = 0.0;
    let mut err2 = 0.0;
    let mut nonfinite = false;
    for (&g, &w) in got.iter().zip(want) {
        if !g.is_finite() || !w.is_finite() {
            // NaN matches NaN, an infinity the same infinity; nothing else.
            let same = (g.is_nan() && w.is_nan()) || g == w;
            nonfinite |= !same;
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
    let ref_max_abs = peak(want);
    let near_zero_atol = tol.near_zero_atol * scale;
    let (rule, pass) = if got.len() != want.len() {
        (Rule::LengthMismatch, false)
    } else if nonfinite {
        (Rule::NonFiniteMismatch, false)
    } else if ref_max_abs <= NEAR_ZERO * scale {
        (Rule::NearZeroAbs, max_abs <= near_zero_atol)
    } else {
        let rule = if lowered { Rule::DtypeFloor } else { Rule::CosineSqnr };
        (rule, cosine >= tol.min_cosine && sqnr >= tol.min_sqnr)
    };
    Comparison {
        name: name.to_string(),
        cosine: if nonfinite { f64::NAN } else { cosine },
        max_abs: if nonfinite { f64::INFINITY } else { max_abs },
        sqnr: if nonfinite { f64::NAN } else { sqnr },
        ref_max_abs,
        threshold: tol.min_cosine,
        min_sqnr: tol.min_sqnr,
        near_zero_atol,
        floor,
        rule,
        pass,
    }
}

impl Comparison {
    /// One line for the terminal: the figures and, when it failed, what
    /// the rule wanted.
    pub fn summary(&self) -> String {
        let figures = format!("cosine {:.6}, max_abs {:.4e}, sqnr {:.1} dB", self.cosine, self.max_abs, self.sqnr);
        let verdict = match (self.rule, self.pass) {
            (Rule::CosineSqnr, true) => "pass".to_string(),
            (Rule::NearZeroAbs, true) => {
                format!("pass (reference all near zero: max_abs <= {:.1e})", self.near_zero_atol)
            }
            (Rule::CosineSqnr, false) => {
                format!("FAIL (needs cosine >= {} and sqnr >= {} dB)", self.threshold, self.min_sqnr)
            }
            (Rule::DtypeFloor, pass) => {
                let (floor, of) = self.floor.map_or((f64::NAN, 1), |f| (f.sqnr, f.realisations));
                let of = if of > 1 { format!(", the lowest of {of} realisations") } else { String::new() };
                format!(
                    "{} (the type's floor is {floor:.1} dB{of}: needs cosine >= {:.6} and sqnr >= {:.1} dB)",
                    if pass { "pass" } else { "FAIL" },
                    self.threshold,
                    self.min_sqnr
                )
            }
            (Rule::NearZeroAbs, false) => format!(
                "FAIL (reference all near zero, largest {:.1e}: needs max_abs <= {:.1e})",
                self.ref_max_abs, self.near_zero_atol
            ),
            (Rule::NonFiniteMismatch, _) => {
                "FAIL (a NaN or infinity where the reference has another value, or the other way round)".to_string()
            }
            (Rule::LengthMismatch, _) => "FAIL (lengths differ)".to_string(),
        };
        format!("{figures}: {verdict}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FP32: Tolerance = Tolerance { min_cosine: 0.9999, min_sqnr: 40.0, near_zero_atol: 1e-5 };
    const BF16: Tolerance = Tolerance { min_cosine: 0.99, min_sqnr: 20.0, near_zero_atol: 1e-2 };

    fn run(got: &[f64], want: &[f64], tol: Tolerance) -> Comparison {
        compare("y", got, want, tol, peak(want), &[])
    }

    #[test]
    fn identical_tensors_pass_with_infinite_sqnr() {
        let c = run(&[1.0, -2.0, 3.0], &[1.0, -2.0, 3.0], FP32);
        assert_eq!((c.cosine, c.max_abs, c.sqnr, c.rule, c.pass), (1.0, 0.0, f64::INFINITY, Rule::CosineSqnr, true));
    }

    #[test]
    fn figures_follow_their_definitions() {
        let c = run(&[1.0, 0.0], &[1.0, 1.0], Tolerance { min_cosine: 0.99, min_sqnr: 0.0, near_zero_atol: 0.0 });
        assert!((c.cosine - 1.0 / 2f64.sqrt()).abs() < 1e-12);
        assert_eq!(c.max_abs, 1.0);
        assert!((c.sqnr - 10.0 * 2f64.log10()).abs() < 1e-12);
        assert!(!c.pass);
    }

    #[test]
    fn small_values_are_judged_by_cosine_not_by_an_absolute_tolerance() {
        // Every value within 1e-2 of the reference, but unrelated to it.
        let want: Vec<f64> = (0..64).map(|i| 1e-3 * ((i * 7 % 13) as f64 - 6.0)).collect();
        let got: Vec<f64> = (0..64).map(|i| 1e-3 * ((i * 5 % 11) as f64 - 5.0)).collect();
        let c = run(&got, &want, BF16);
        assert!(c.cosine < 0.5);
        assert_eq!((c.rule, c.pass), (Rule::CosineSqnr, false));
    }

    #[test]
    fn nan_on_either_side_fails_unless_both_have_it() {
        // Relu(NaN) is NaN in onnxruntime; 0 on the card is wrong.
        let c = run(&[0.0, 1.0], &[f64::NAN, 1.0], BF16);
        assert_eq!((c.rule, c.pass), (Rule::NonFiniteMismatch, false));
        assert!(c.cosine.is_nan());
        assert!(!run(&[f64::NAN, 1.0], &[1.0, 1.0], BF16).pass);
        assert!(!run(&[f64::INFINITY, 1.0], &[f64::NEG_INFINITY, 1.0], BF16).pass);
        assert!(run(&[f64::NAN, 1.0, f64::INFINITY], &[f64::NAN, 1.0, f64::INFINITY], FP32).pass);
    }

    #[test]
    fn length_mismatch_fails() {
        assert_eq!(run(&[1.0], &[1.0, 1.0], BF16).rule, Rule::LengthMismatch);
        assert!(!run(&[1.0], &[1.0, 1.0], BF16).pass);
    }

    #[test]
    fn a_zero_reference_is_judged_by_the_absolute_error_against_the_runs_scale() {
        // An all-zero output beside an output of magnitude 4.
        let c = compare("z", &[1e-4, -2e-5], &[0.0, 0.0], BF16, 4.0, &[]);
        assert_eq!((c.rule, c.pass), (Rule::NearZeroAbs, true));
        let c = compare("z", &[0.1, 0.0], &[0.0, 0.0], BF16, 4.0, &[]);
        assert_eq!((c.rule, c.pass), (Rule::NearZeroAbs, false));
        // A zero output alone in its run must be exactly zero.
        assert!(run(&[0.0, 0.0], &[0.0, 0.0], FP32).pass);
        assert!(!run(&[0.0, 1e-3], &[0.0, 0.0], BF16).pass);
    }

    #[test]
    fn a_small_but_not_zero_reference_keeps_the_cosine_rule() {
        let c = compare("y", &[2e-3, -1e-3], &[-1e-3, 2e-3], BF16, 4.0, &[]);
        assert_eq!((c.rule, c.pass), (Rule::CosineSqnr, false));
    }

    #[test]
    fn a_scaled_result_fails_on_sqnr_though_cosine_is_one() {
        let c = run(&[2.0, 4.0], &[1.0, 2.0], BF16);
        assert!((c.cosine - 1.0).abs() < 1e-12);
        assert!(!c.pass);
    }

    #[test]
    fn a_floor_below_the_thresholds_lowers_them_by_the_margin() {
        let want: Vec<f64> = (0..100).map(|i| ((i * 37 % 101) as f64 - 50.0) / 10.0).collect();
        let noisy = |amp: f64| -> Vec<f64> {
            want.iter().enumerate().map(|(i, w)| w + amp * (((i * 53 % 97) as f64) / 48.0 - 1.0)).collect()
        };
        // A floor around 10 dB: the card at the same error passes, at
        // five times the floor's error it fails, and without the floor it
        // fails the fixed 20 dB.
        let floor = noisy(0.9);
        let near = compare("y", &noisy(1.0), &want, BF16, peak(&want), &[&floor]);
        assert_eq!((near.rule, near.pass), (Rule::DtypeFloor, true), "{near:?}");
        let far = compare("y", &noisy(2.0), &want, BF16, peak(&want), &[&floor]);
        assert_eq!((far.rule, far.pass), (Rule::DtypeFloor, false), "{far:?}");
        assert!(!compare("y", &noisy(1.0), &want, BF16, peak(&want), &[]).pass);
        // A floor above the thresholds changes nothing.
        let good = noisy(0.01);
        let c = compare("y", &noisy(1.0), &want, BF16, peak(&want), &[&good]);
        assert_eq!((c.rule, c.pass, c.min_sqnr), (Rule::CosineSqnr, false, 20.0));
    }

    #[test]
    fn the_worst_realisation_of_the_floor_decides() {
        let want: Vec<f64> = (0..100).map(|i| ((i * 37 % 101) as f64 - 50.0) / 10.0).collect();
        let noisy = |amp: f64| -> Vec<f64> {
            want.iter().enumerate().map(|(i, w)| w + amp * (((i * 53 % 97) as f64) / 48.0 - 1.0)).collect()
        };
        let (lucky, typical, card) = (noisy(0.5), noisy(0.9), noisy(1.0));
        // Against the lucky realisation alone the card fails (more than
        // twice its error power); with a typical one beside it, it passes.
        let alone = compare("y", &card, &want, BF16, peak(&want), &[&lucky]);
        assert_eq!((alone.rule, alone.pass), (Rule::DtypeFloor, false), "{alone:?}");
        let both = compare("y", &card, &want, BF16, peak(&want), &[&lucky, &typical]);
        assert_eq!((both.rule, both.pass), (Rule::DtypeFloor, true), "{both:?}");
        let floor = both.floor.unwrap();
        let typical_alone = compare("y", &typical, &want, BF16, peak(&want), &[]);
        assert_eq!((floor.sqnr, floor.cosine, floor.realisations), (typical_alone.sqnr, typical_alone.cosine, 2));
        assert!(both.summary().contains("the lowest of 2 realisations"), "{}", both.summary());
        // A realisation with a NaN where the reference is finite lowers nothing.
        let mut broken = typical.clone();
        broken[3] = f64::NAN;
        let c = compare("y", &card, &want, BF16, peak(&want), &[&lucky, &broken]);
        assert_eq!((c.rule, c.pass), (Rule::CosineSqnr, false), "{c:?}");
    }

    #[test]
    fn a_floor_does_not_excuse_a_non_finite_mismatch() {
        let c = compare("y", &[0.0, 1.0], &[f64::NAN, 1.0], BF16, 1.0, &[&[5.0, -3.0]]);
        assert_eq!((c.rule, c.pass), (Rule::NonFiniteMismatch, false));
    }
}
