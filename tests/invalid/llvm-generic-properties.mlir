// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// The llvm dialect's properties in generic form are upstream's: predicates
// are i64 integers (a string, or a number past the last predicate, fails
// the property conversion), and GEP flags are i32 bits, of which the
// inbounds bit alone is refused.

llvm.func @string_predicate(%a: i32, %b: i32) -> i1 {
  // expected-error@+1 {{invalid properties {predicate = "eq"} for op llvm.icmp: Invalid attribute `predicate` in property conversion: "eq"}}
  %0 = "llvm.icmp"(%a, %b) <{predicate = "eq"}> : (i32, i32) -> i1
  llvm.return %0 : i1
}

// -----

llvm.func @predicate_out_of_range(%a: i32, %b: i32) -> i1 {
  // expected-error@+1 {{invalid properties {predicate = 12 : i64} for op llvm.icmp: Invalid attribute `predicate` in property conversion: 12 : i64}}
  %0 = "llvm.icmp"(%a, %b) <{predicate = 12 : i64}> : (i32, i32) -> i1
  llvm.return %0 : i1
}

// -----

llvm.func @inbounds_flag_alone(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op 'inbounds_flag' cannot be used directly.}}
  %0 = "llvm.getelementptr"(%p) <{elem_type = f64, noWrapFlags = 1 : i32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr) -> !llvm.ptr
  llvm.return
}
