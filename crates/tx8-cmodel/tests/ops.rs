//! Seeded random op tests: 50 cases per operator against the CPU references.
//! Failing cases are saved under the cargo target tmp dir with a replay command.
//! Set TX8_OPTEST_CASES to run more (or fewer) cases per operator.

use tx8_cmodel::optest::{run_case, save_case, OPS};

fn cases() -> u64 {
    std::env::var("TX8_OPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(50)
}

fn check(op: &str, n: u64) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("optest-failures");
    let mut failures = Vec::new();
    for i in 0..n {
        match run_case(op, i) {
            Ok(c) if c.verdict.pass => {}
            Ok(c) => {
                let saved = save_case(&dir, &c).map(|p| p.display().to_string()).unwrap_or_else(|e| e.to_string());
                failures.push(format!(
                    "{op}:{i} cosine {} max_rel {} at {} (got {} want {}) params {:?} -> {saved}",
                    c.verdict.cosine,
                    c.verdict.max_rel_err,
                    c.verdict.worst,
                    c.got.get(c.verdict.worst).copied().unwrap_or(f64::NAN),
                    c.want.get(c.verdict.worst).copied().unwrap_or(f64::NAN),
                    c.params
                ));
            }
            Err(e) => failures.push(format!("{op}:{i} error: {e}")),
        }
    }
    failures
}

macro_rules! op_tests {
    ($($name:ident => $op:literal),* $(,)?) => {$(
        #[test]
        fn $name() {
            let f = check($op, cases());
            assert!(f.is_empty(), "{} of {} cases failed:\n{}", f.len(), cases(), f.join("\n"));
        }
    )*};
}

op_tests! {
    gemm => "gemm",
    conv2d => "conv2d",
    softmax => "softmax",
    layernorm => "layernorm",
    rmsnorm => "rmsnorm",
    batchnorm_inference => "batchnorm_inference",
    pool2d => "pool2d",
    elementwise_binary => "elementwise_binary",
    elementwise_unary => "elementwise_unary",
    elementwise_unary_param => "elementwise_unary_param",
    select => "select",
    cast => "cast",
    reduce => "reduce",
    transpose => "transpose",
    reshape => "reshape",
    concat => "concat",
    slice => "slice",
    gather => "gather",
    gather_spm => "gather_spm",
    pad => "pad",
    channelnorm => "channelnorm",
    load_store => "load_store",
}

#[test]
fn every_operator_has_a_test() {
    assert_eq!(OPS.len(), 22);
    assert!(OPS.iter().all(|(op, _)| run_case(op, 0).is_ok()));
}

/// `TX8_OPTEST=<op>:<index>` replays one case and prints it.
#[test]
fn replay() {
    let Ok(spec) = std::env::var("TX8_OPTEST") else {
        return;
    };
    let (op, i) = spec.split_once(':').expect("TX8_OPTEST=<op>:<index>");
    let c = run_case(op, i.parse().expect("index")).expect("case runs");
    println!("{op}:{i} params {:?}\nverdict {:?}\ncycles {}", c.params, c.verdict, c.cycles);
    assert!(c.verdict.pass);
}

#[test]
fn a_failing_case_is_saved_with_inputs_outputs_and_replay_command() {
    let mut c = run_case("softmax", 3).expect("case runs");
    c.got[0] += 1.0;
    c.verdict = tx8_cmodel::oplib::compare::compare(c.fmt, &c.got, &c.want);
    assert!(!c.verdict.pass);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("optest-save-check");
    let d = save_case(&dir, &c).expect("saved");
    let json = std::fs::read_to_string(d.join("case.json")).expect("json");
    assert!(json.contains("\"pass\": false") && json.contains("TX8_OPTEST=softmax:3"), "{json}");
    assert_eq!(std::fs::read(d.join("input_x.bin")).expect("input").len(), c.inputs[0].bytes.len());
    assert_eq!(std::fs::read(d.join("reference_f64.bin")).expect("reference").len(), c.want.len() * 8);
    assert_eq!(std::fs::read(d.join("output.bin")).expect("output").len(), c.got.len() * c.fmt.size());
}
