//! Unit tests of the arith fold hooks: each case parses a function, folds
//! the op just before `func.return` once (with the constants of its
//! operands, as the greedy driver would) and checks what it folded to.
//! Expected values were taken from `mlir-opt -canonicalize` (LLVM 22).

use strata_ir::diagnostics::SourceFile;
use strata_ir::fold::{fold_op, operand_constants, FoldResult, FoldValue};
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{attr_to_string, op_in_body_to_string};
use strata_ir::{Body, Op, ValueDef};

/// Folds the op before the terminator of `@f` in `text`; renders the
/// outcome as `failed`, `in-place: <generic op>`, or the list of results
/// (`%argN`, `<op name>#i` for op results, or the constant's text).
fn fold_last(text: &str) -> String {
    let ctx = crate::context();
    let src = SourceFile::new("t.mlir", text.to_string());
    let mut m = parse_source(&ctx, &src, 0..text.len(), ParseOptions::default(), true).expect("parses");
    let module_body = m.body.nested_mut(m.op).expect("module body");
    let region = module_body.root_regions()[0];
    let block = module_body.first_block(region).expect("module block");
    let func = module_body.first_op(block).expect("func");
    let body: &mut Body = module_body.nested_mut(func).expect("func body");
    let entry = body.first_block(body.root_regions()[0]).expect("entry");
    let ret = body.last_op(entry).expect("terminator");
    let op: Op = body.prev_op(ret).expect("op to fold");
    let operands = operand_constants(&ctx, body, op);
    match fold_op(&ctx, body, op, &operands) {
        FoldResult::Failed => "failed".into(),
        FoldResult::InPlace => format!("in-place: {}", op_in_body_to_string(&ctx, body, op)),
        FoldResult::Replace(vals) => vals
            .iter()
            .map(|v| match *v {
                FoldValue::Attr(a) => attr_to_string(&ctx, a),
                FoldValue::Value(v) => match body.value_def(v) {
                    ValueDef::BlockArg(_, i) => format!("%arg{i}"),
                    ValueDef::Result(o, i) => format!("{}#{i}", ctx.op_name_str(body.op_name(o))),
                },
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// `func.func @f(args) -> ty { body; return %r : ty }`.
fn case(args: &str, ty: &str, body: &str) -> String {
    fold_last(&format!("func.func @f({args}) -> {ty} {{\n{body}\n  return %r : {ty}\n}}"))
}

fn bin(ty: &str, op: &str, a: &str, b: &str) -> String {
    case(
        "",
        ty,
        &format!("  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = arith.{op} %a, %b : {ty}"),
    )
}

#[test]
fn integer_constant_folding_wraps() {
    assert_eq!(bin("i8", "addi", "127", "1"), "-128 : i8");
    assert_eq!(bin("i8", "muli", "16", "17"), "16 : i8");
    assert_eq!(bin("i1", "addi", "1", "1"), "false");
    assert_eq!(bin("i64", "subi", "-9223372036854775808", "1"), "9223372036854775807 : i64");
    assert_eq!(bin("index", "addi", "9223372036854775807", "1"), "-9223372036854775808 : index");
    assert_eq!(bin("i128", "muli", "18446744073709551616", "18446744073709551616"), "0 : i128");
    assert_eq!(bin("i8", "andi", "12", "10"), "8 : i8");
    assert_eq!(bin("i8", "ori", "12", "10"), "14 : i8");
    assert_eq!(bin("i8", "xori", "12", "10"), "6 : i8");
}

#[test]
fn integer_division() {
    assert_eq!(bin("i8", "divsi", "-128", "-1"), "failed");
    assert_eq!(bin("i8", "divsi", "-7", "2"), "-3 : i8");
    assert_eq!(bin("i8", "divui", "-7", "2"), "124 : i8");
    assert_eq!(bin("i32", "divui", "7", "0"), "failed");
    assert_eq!(bin("i8", "remsi", "-7", "2"), "-1 : i8");
    assert_eq!(bin("i8", "remui", "-7", "2"), "1 : i8");
    assert_eq!(bin("i8", "remsi", "7", "0"), "failed");
    assert_eq!(bin("i8", "ceildivsi", "7", "2"), "4 : i8");
    assert_eq!(bin("i8", "ceildivsi", "-7", "2"), "-3 : i8");
    assert_eq!(bin("i8", "ceildivsi", "-7", "-2"), "4 : i8");
    assert_eq!(bin("i8", "ceildivsi", "-128", "-1"), "failed");
    assert_eq!(bin("i8", "ceildivui", "-1", "2"), "-128 : i8");
    assert_eq!(bin("i8", "floordivsi", "-7", "2"), "-4 : i8");
    assert_eq!(bin("i8", "floordivsi", "-128", "-1"), "failed");
}

#[test]
fn shifts_and_min_max() {
    assert_eq!(bin("i8", "shli", "3", "7"), "-128 : i8");
    assert_eq!(bin("i8", "shli", "3", "8"), "failed");
    assert_eq!(bin("i8", "shrsi", "-128", "7"), "-1 : i8");
    assert_eq!(bin("i8", "shrui", "-128", "7"), "1 : i8");
    assert_eq!(bin("i8", "maxsi", "-1", "1"), "1 : i8");
    assert_eq!(bin("i8", "maxui", "-1", "1"), "-1 : i8");
    assert_eq!(bin("i8", "minsi", "-1", "1"), "-1 : i8");
    assert_eq!(bin("i8", "minui", "-1", "1"), "1 : i8");
}

#[test]
fn integer_identities() {
    let with_arg = |body: &str| case("%x: i32, %y: i32", "i32", body);
    assert_eq!(with_arg("  %c = arith.constant 0 : i32\n  %r = arith.addi %x, %c : i32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 1 : i32\n  %r = arith.muli %x, %c : i32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 0 : i32\n  %r = arith.muli %x, %c : i32"), "arith.constant#0");
    assert_eq!(with_arg("  %r = arith.subi %x, %x : i32"), "0 : i32");
    assert_eq!(with_arg("  %r = arith.xori %x, %x : i32"), "0 : i32");
    assert_eq!(with_arg("  %s = arith.subi %x, %y : i32\n  %r = arith.addi %s, %y : i32"), "%arg0");
    assert_eq!(with_arg("  %s = arith.addi %x, %y : i32\n  %r = arith.subi %s, %x : i32"), "%arg1");
    assert_eq!(
        with_arg("  %c = arith.constant -1 : i32\n  %n = arith.xori %x, %c : i32\n  %r = arith.andi %x, %n : i32"),
        "0 : i32"
    );
    assert_eq!(
        with_arg("  %c = arith.constant -1 : i32\n  %n = arith.xori %x, %c : i32\n  %r = arith.ori %x, %n : i32"),
        "arith.constant#0"
    );
    assert_eq!(with_arg("  %n = arith.andi %x, %y : i32\n  %r = arith.andi %x, %n : i32"), "arith.andi#0");
    assert_eq!(with_arg("  %n = arith.xori %x, %y : i32\n  %r = arith.xori %n, %y : i32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 1 : i32\n  %r = arith.remsi %x, %c : i32"), "0 : i32");
    assert_eq!(with_arg("  %m = arith.muli %x, %y overflow<nsw> : i32\n  %r = arith.divsi %m, %y : i32"), "%arg0");
    assert_eq!(with_arg("  %m = arith.muli %x, %y : i32\n  %r = arith.divsi %m, %y : i32"), "failed");
    assert_eq!(with_arg("  %c = arith.constant 2147483647 : i32\n  %r = arith.maxsi %x, %c : i32"), "arith.constant#0");
    assert_eq!(with_arg("  %c = arith.constant 0 : i32\n  %r = arith.minui %x, %c : i32"), "arith.constant#0");
    // A constant on the left moves right (Commutative trait fold).
    assert_eq!(
        with_arg("  %c = arith.constant 5 : i32\n  %r = arith.addi %c, %x : i32"),
        "in-place: %1 = \"arith.addi\"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32"
    );
}

#[test]
fn splat_and_dense_folding() {
    assert_eq!(bin("vector<4xi8>", "addi", "dense<127>", "dense<1>"), "dense<-128> : vector<4xi8>");
    assert_eq!(bin("tensor<2xi32>", "muli", "dense<[1, 2]>", "dense<[3, 4]>"), "dense<[3, 8]> : tensor<2xi32>");
    assert_eq!(bin("tensor<2xi32>", "subi", "dense<[5, 6]>", "dense<[4, 5]>"), "dense<1> : tensor<2xi32>");
    assert_eq!(bin("tensor<2xi32>", "divsi", "dense<[5, 6]>", "dense<[1, 0]>"), "failed");
    assert_eq!(
        bin("vector<2xf32>", "addf", "dense<1.5>", "dense<[1.0, 2.0]>"),
        "dense<[2.500000e+00, 3.500000e+00]> : vector<2xf32>"
    );
}

#[test]
fn cmpi_folding() {
    let preds = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
    let want = ["false", "true", "true", "true", "false", "false", "false", "false", "true", "true"];
    for (p, w) in preds.iter().zip(want) {
        let r = case(
            "",
            "i1",
            &format!("  %a = arith.constant -1 : i8\n  %b = arith.constant 1 : i8\n  %r = arith.cmpi {p}, %a, %b : i8"),
        );
        assert_eq!(r, w, "cmpi {p}");
    }
    assert_eq!(case("%x: i32", "i1", "  %r = arith.cmpi sle, %x, %x : i32"), "true");
    assert_eq!(case("%x: i1", "i1", "  %c = arith.constant false\n  %r = arith.cmpi ne, %x, %c : i1"), "%arg0");
    assert_eq!(
        case(
            "%x: i1",
            "i1",
            "  %e = arith.extui %x : i1 to i32\n  %c = arith.constant 0 : i32\n  %r = arith.cmpi ne, %e, %c : i32"
        ),
        "%arg0"
    );
    assert_eq!(
        case("%x: i32", "i1", "  %c = arith.constant 5 : i32\n  %r = arith.cmpi slt, %c, %x : i32"),
        "in-place: %1 = \"arith.cmpi\"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1"
    );
    assert_eq!(bin("vector<2xi32>", "addi", "dense<1>", "dense<2>"), "dense<3> : vector<2xi32>");
}

#[test]
fn select_folding() {
    let sel = |c: &str| {
        case("%x: i32, %y: i32", "i32", &format!("  %c = arith.constant {c}\n  %r = arith.select %c, %x, %y : i32"))
    };
    assert_eq!(sel("true"), "%arg0");
    assert_eq!(sel("false"), "%arg1");
    assert_eq!(case("%c: i1, %x: i32", "i32", "  %r = arith.select %c, %x, %x : i32"), "%arg1");
    assert_eq!(
        case(
            "%c: i1",
            "i1",
            "  %t = arith.constant true\n  %f = arith.constant false\n  %r = arith.select %c, %t, %f : i1"
        ),
        "%arg0"
    );
    assert_eq!(
        case("%x: i32, %y: i32", "i32", "  %c = arith.cmpi ne, %x, %y : i32\n  %r = arith.select %c, %x, %y : i32"),
        "%arg0"
    );
    assert_eq!(
        case("%x: i32, %y: i32", "i32", "  %c = arith.cmpi eq, %x, %y : i32\n  %r = arith.select %c, %x, %y : i32"),
        "%arg1"
    );
    assert_eq!(
        case(
            "",
            "vector<2xi32>",
            "  %c = arith.constant dense<[true, false]> : vector<2xi1>\n  %a = arith.constant dense<1> : vector<2xi32>\n  %b = arith.constant dense<[2, 3]> : vector<2xi32>\n  %r = arith.select %c, %a, %b : vector<2xi1>, vector<2xi32>"
        ),
        "dense<[1, 3]> : vector<2xi32>"
    );
}

#[test]
fn float_folding() {
    assert_eq!(bin("f32", "addf", "1.5", "2.25"), "3.750000e+00 : f32");
    assert_eq!(bin("f16", "divf", "1.0e-3", "3.0"), "3.335480e-04 : f16");
    assert_eq!(bin("bf16", "divf", "1.0e-3", "3.0"), "3.337860e-04 : bf16");
    assert_eq!(bin("f32", "addf", "3.0e38", "3.0e38"), "0x7F800000 : f32");
    assert_eq!(bin("f32", "addf", "0x7F800000", "0xFF800000"), "0x7FC00000 : f32");
    assert_eq!(bin("f32", "mulf", "2.0", "0xFFC00001"), "0xFFC00001 : f32");
    // `x + -0` is the identity fold, before constant folding.
    assert_eq!(bin("f32", "addf", "-0.0", "-0.0"), "arith.constant#0");
    assert_eq!(bin("f32", "addf", "-0.0", "0.0"), "0.000000e+00 : f32");
    assert_eq!(bin("f32", "subf", "-0.0", "-0.0"), "0.000000e+00 : f32");
    assert_eq!(bin("f32", "remf", "-2.0", "-2.0"), "-0.000000e+00 : f32");
    assert_eq!(bin("f32", "maximumf", "2.0", "0xFFC00001"), "0xFFC00001 : f32");
    assert_eq!(bin("f32", "minnumf", "0xFFC00001", "2.0"), "2.000000e+00 : f32");
    assert_eq!(bin("f32", "minimumf", "-0.0", "0.0"), "-0.000000e+00 : f32");
    assert_eq!(bin("f32", "maxnumf", "-0.0", "0.0"), "0.000000e+00 : f32");
    assert_eq!(bin("f64", "subf", "1.0", "0.1"), "9.000000e-01 : f64");
    let with_arg = |body: &str| case("%x: f32", "f32", body);
    assert_eq!(with_arg("  %c = arith.constant -0.0 : f32\n  %r = arith.addf %x, %c : f32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 0.0 : f32\n  %r = arith.addf %x, %c : f32"), "failed");
    assert_eq!(with_arg("  %c = arith.constant 0.0 : f32\n  %r = arith.subf %x, %c : f32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 1.0 : f32\n  %r = arith.divf %x, %c : f32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 0.0 : f32\n  %r = arith.mulf %x, %c : f32"), "failed");
    assert_eq!(
        with_arg("  %c = arith.constant 0.0 : f32\n  %r = arith.mulf %x, %c fastmath<nnan,nsz> : f32"),
        "arith.constant#0"
    );
    assert_eq!(with_arg("  %c = arith.constant 0xFF800000 : f32\n  %r = arith.maximumf %x, %c : f32"), "%arg0");
    assert_eq!(with_arg("  %c = arith.constant 0x7FC00000 : f32\n  %r = arith.minnumf %x, %c : f32"), "%arg0");
    assert_eq!(with_arg("  %n = arith.negf %x : f32\n  %r = arith.negf %n : f32"), "%arg0");
    assert_eq!(
        case("", "f32", "  %c = arith.constant 0xFFC00001 : f32\n  %r = arith.negf %c : f32"),
        "0x7FC00001 : f32"
    );
}

#[test]
fn cmpf_folding() {
    let preds = [
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
        "true",
    ];
    let cmp = |p: &str, a: &str, b: &str| {
        case(
            "",
            "i1",
            &format!(
                "  %a = arith.constant {a} : f32\n  %b = arith.constant {b} : f32\n  %r = arith.cmpf {p}, %a, %b : f32"
            ),
        )
    };
    let lt = [
        "false", "false", "false", "false", "true", "true", "true", "true", "false", "false", "false", "true", "true",
        "true", "false", "true",
    ];
    let nan = [
        "false", "false", "false", "false", "false", "false", "false", "false", "true", "true", "true", "true", "true",
        "true", "true", "true",
    ];
    let zeros = [
        "false", "true", "false", "true", "false", "true", "false", "true", "true", "false", "true", "false", "true",
        "false", "false", "true",
    ];
    for (i, p) in preds.iter().enumerate() {
        assert_eq!(cmp(p, "1.0", "2.0"), lt[i], "{p} 1 2");
        assert_eq!(cmp(p, "0x7FC00000", "2.0"), nan[i], "{p} nan");
        assert_eq!(cmp(p, "-0.0", "0.0"), zeros[i], "{p} zeros");
    }
    // One NaN operand decides even when the other is not constant.
    assert_eq!(
        case("%x: f32", "i1", "  %n = arith.constant 0x7FC00000 : f32\n  %r = arith.cmpf olt, %x, %n : f32"),
        "false"
    );
}

#[test]
fn cast_folding() {
    let cast = |op: &str, from: &str, v: &str, to: &str| {
        case("", to, &format!("  %a = arith.constant {v} : {from}\n  %r = arith.{op} %a : {from} to {to}"))
    };
    assert_eq!(cast("extsi", "i8", "-1", "i32"), "-1 : i32");
    assert_eq!(cast("extui", "i8", "-1", "i32"), "255 : i32");
    assert_eq!(cast("extui", "i1", "1", "i64"), "1 : i64");
    assert_eq!(cast("trunci", "i32", "511", "i8"), "-1 : i8");
    assert_eq!(cast("sitofp", "i8", "-1", "f32"), "-1.000000e+00 : f32");
    assert_eq!(cast("uitofp", "i8", "-1", "f32"), "2.550000e+02 : f32");
    assert_eq!(cast("fptosi", "f32", "-1.5", "i8"), "-1 : i8");
    assert_eq!(cast("fptoui", "f32", "-1.5", "i8"), "failed");
    assert_eq!(cast("fptosi", "f64", "1.0e300", "i32"), "failed");
    assert_eq!(cast("extf", "f16", "0.1", "f32"), "0.0999755859 : f32");
    assert_eq!(cast("truncf", "f64", "0.1", "f32"), "failed");
    assert_eq!(cast("truncf", "f64", "1.0e10", "f32"), "1.000000e+10 : f32");
    assert_eq!(cast("index_cast", "i8", "-1", "index"), "-1 : index");
    assert_eq!(cast("index_castui", "i8", "-1", "index"), "255 : index");
    assert_eq!(cast("bitcast", "f32", "1.0", "i32"), "1065353216 : i32");
    assert_eq!(cast("bitcast", "i32", "1065353216", "f32"), "1.000000e+00 : f32");
    let chain = |args: &str, to: &str, body: &str| case(args, to, body);
    assert_eq!(chain("%x: i8", "i8", "  %e = arith.extsi %x : i8 to i32\n  %r = arith.trunci %e : i32 to i8"), "%arg0");
    assert_eq!(
        chain("%x: i32", "i8", "  %e = arith.extui %x : i32 to i64\n  %r = arith.trunci %e : i64 to i8"),
        "in-place: %1 = \"arith.trunci\"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8"
    );
    assert_eq!(
        chain("%x: i8", "i64", "  %e = arith.extsi %x : i8 to i32\n  %r = arith.extsi %e : i32 to i64"),
        "in-place: %1 = \"arith.extsi\"(%arg0) : (i8) -> i64"
    );
    assert_eq!(
        chain(
            "%x: index",
            "index",
            "  %e = arith.index_cast %x : index to i8\n  %r = arith.index_cast %e : i8 to index"
        ),
        "%arg0"
    );
    assert_eq!(
        chain("%x: f32", "f32", "  %e = arith.extf %x : f32 to f64\n  %r = arith.truncf %e : f64 to f32"),
        "%arg0"
    );
    assert_eq!(chain("%x: f64", "f64", "  %e = arith.truncf %x fastmath<contract> : f64 to f32\n  %r = arith.extf %e fastmath<contract> : f32 to f64"), "%arg0");
    assert_eq!(
        chain("%x: f64", "f64", "  %e = arith.truncf %x : f64 to f32\n  %r = arith.extf %e : f32 to f64"),
        "failed"
    );
}

#[test]
fn extended_arithmetic() {
    let two = |op: &str, a: &str, b: &str| {
        fold_last(&format!(
            "func.func @f() -> (i8, i8) {{\n  %a = arith.constant {a} : i8\n  %b = arith.constant {b} : i8\n  %r:2 = arith.{op} %a, %b : i8\n  return %r#0, %r#1 : i8, i8\n}}"
        ))
    };
    assert_eq!(two("mulsi_extended", "-2", "3"), "-6 : i8, -1 : i8");
    assert_eq!(two("mului_extended", "-2", "3"), "-6 : i8, 2 : i8");
    let r = fold_last("func.func @f() -> (i8, i1) {\n  %a = arith.constant -1 : i8\n  %b = arith.constant 2 : i8\n  %s, %o = arith.addui_extended %a, %b : i8, i1\n  return %s, %o : i8, i1\n}");
    assert_eq!(r, "1 : i8, true");
}
