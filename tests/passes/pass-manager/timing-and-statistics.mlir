// --mlir-timing prints an execution time report in mlir-opt's layout;
// --mlir-pass-statistics prints the pipeline with each pass's counters.

// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize),canonicalize)' --mlir-timing %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: ===-------------------------------------------------------------------------===
// CHECK-NEXT: ... Execution time report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK: ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Parser
// CHECK-NEXT: {{.*}}  'func.func' Pipeline
// CHECK-NEXT: {{.*}}    Canonicalizer
// CHECK-NEXT: {{.*}}  Canonicalizer
// CHECK-NEXT: {{.*}}  Output
// CHECK-NEXT: {{.*}}  Rest
// CHECK-NEXT: {{.*}}(100.0%)  Total

// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize),canonicalize)' --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: ... Pass statistics report ...
// STATS: 'func.func' Pipeline
// STATS-NEXT:   Canonicalizer
// STATS-NEXT: Canonicalizer

func.func @f(%a: i32) -> i32 {
  return %a : i32
}

func.func @g(%a: i32) -> i32 {
  return %a : i32
}
