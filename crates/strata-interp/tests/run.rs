//! The executor on hand-written lowered IR (what Toy's chapter 5 lowering
//! produces): output format, loops, subscripts, errors.

use strata_ir::parser::{parse_source, ParseOptions};

fn run(input: &str) -> Result<String, String> {
    let ctx = strata_dialects::context();
    let src = strata_ir::diagnostics::SourceFile::new("t.mlir", input.to_string());
    let m = parse_source(&ctx, &src, 0..input.len(), ParseOptions { allow_unregistered: true }, true)
        .map_err(|d| d.message)?;
    let body = m.body.nested(m.op).expect("module body");
    let mut out = Vec::new();
    strata_interp::run_function(&ctx, body, "main", &mut out).map_err(|d| d.message)?;
    Ok(String::from_utf8(out).expect("utf8"))
}

const TRANSPOSE_MUL: &str = r#"
func.func @main() {
  %cst = arith.constant 1.000000e+00 : f64
  %cst_0 = arith.constant 2.000000e+00 : f64
  %cst_1 = arith.constant 3.000000e+00 : f64
  %cst_2 = arith.constant 4.000000e+00 : f64
  %cst_3 = arith.constant 5.000000e+00 : f64
  %cst_4 = arith.constant 6.000000e+00 : f64
  %alloc = memref.alloc() : memref<3x2xf64>
  %alloc_5 = memref.alloc() : memref<2x3xf64>
  affine.store %cst, %alloc_5[0, 0] : memref<2x3xf64>
  affine.store %cst_0, %alloc_5[0, 1] : memref<2x3xf64>
  affine.store %cst_1, %alloc_5[0, 2] : memref<2x3xf64>
  affine.store %cst_2, %alloc_5[1, 0] : memref<2x3xf64>
  affine.store %cst_3, %alloc_5[1, 1] : memref<2x3xf64>
  affine.store %cst_4, %alloc_5[1, 2] : memref<2x3xf64>
  affine.for %arg0 = 0 to 3 {
    affine.for %arg1 = 0 to 2 {
      %0 = affine.load %alloc_5[%arg1, %arg0] : memref<2x3xf64>
      %1 = arith.mulf %0, %0 : f64
      affine.store %1, %alloc[%arg0, %arg1] : memref<3x2xf64>
    }
  }
  "toy.print"(%alloc) : (memref<3x2xf64>) -> ()
  memref.dealloc %alloc_5 : memref<2x3xf64>
  memref.dealloc %alloc : memref<3x2xf64>
  return
}
"#;

#[test]
fn prints_rows_like_the_tutorial_jit() {
    assert_eq!(run(TRANSPOSE_MUL).unwrap(), "1.000000 16.000000 \n4.000000 25.000000 \n9.000000 36.000000 \n");
}

#[test]
fn one_dimensional_values_print_without_newline() {
    let out = run(r#"
func.func @main() {
  %c = arith.constant -2.5 : f64
  %a = memref.alloc() : memref<3xf64>
  affine.for %i = 0 to 3 {
    affine.store %c, %a[%i] : memref<3xf64>
  }
  "toy.print"(%a) : (memref<3xf64>) -> ()
  return
}
"#)
    .unwrap();
    assert_eq!(out, "-2.500000 -2.500000 -2.500000 ");
}

#[test]
fn steps_offsets_and_apply() {
    // Writes a[i + 1] for even i and a[(i floordiv 2)] via apply.
    let out = run(r#"
func.func @main() {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %a = memref.alloc() : memref<6xf64>
  affine.for %i = 0 to 5 step 2 {
    affine.store %one, %a[%i + 1] : memref<6xf64>
    %j = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%i)
    affine.store %two, %a[%j] : memref<6xf64>
  }
  "toy.print"(%a) : (memref<6xf64>) -> ()
  return
}
"#)
    .unwrap();
    assert_eq!(out, "2.000000 2.000000 2.000000 1.000000 0.000000 1.000000 ");
}

#[test]
fn out_of_bounds_access_is_an_error() {
    let err = run(r#"
func.func @main() {
  %one = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<2xf64>
  affine.for %i = 0 to 3 {
    affine.store %one, %a[%i] : memref<2xf64>
  }
  return
}
"#)
    .unwrap_err();
    assert_eq!(err, "JIT: memory access out of bounds");
}

#[test]
fn unsupported_ops_are_reported() {
    let err = run("func.func @main() {\n  \"foo.bar\"() : () -> ()\n  return\n}\n").unwrap_err();
    assert_eq!(err, "JIT: unsupported operation 'foo.bar'");
}
