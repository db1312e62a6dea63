// --dump-pass-pipeline prints the pipeline as mlir-opt does: implicit
// nesting of flag passes, textual nested pipelines, options, empty pipelines.

// RUN: strata-opt --canonicalize=top-down=false -canonicalize --dump-pass-pipeline %s -o /dev/null 2> %t.s
// RUN: mlir-opt --canonicalize=top-down=false -canonicalize --dump-pass-pipeline %s -o /dev/null 2> %t.m
// RUN: diff %t.m %t.s

// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3},canonicalize),canonicalize{top-down=false region-simplify=aggressive})' --dump-pass-pipeline %s -o /dev/null 2> %t.s2
// RUN: mlir-opt --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3},canonicalize),canonicalize{top-down=false region-simplify=aggressive})' --dump-pass-pipeline %s -o /dev/null 2> %t.m2
// RUN: diff %t.m2 %t.s2

// RUN: strata-opt --dump-pass-pipeline %s -o /dev/null 2> %t.s3
// RUN: mlir-opt --dump-pass-pipeline %s -o /dev/null 2> %t.m3
// RUN: diff %t.m3 %t.s3

// RUN: strata-opt --canonicalize=top-down=false --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: Pass Manager with 1 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false}
// CHECK-NEXT: )

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
