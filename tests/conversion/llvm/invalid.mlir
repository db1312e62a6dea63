// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed llvm-dialect ops are reported where they are, with Strata's
// wording (mlir-opt words these errors its own way, so this file is not
// in tests/invalid, whose messages are mlir-opt's).

llvm.func @f(%b: i64) {
  // expected-error@+1 {{unknown comparison predicate "foo"}}
  %0 = llvm.icmp "foo" %b, %b : i64
  llvm.return
}

// -----

llvm.func @f() {
  // expected-error@+1 {{'llvm.mlir.constant' op value 1 : i64 cannot be a constant of type !llvm.struct<(i64)>}}
  %0 = llvm.mlir.constant(1 : i64) : !llvm.struct<(i64)>
  llvm.return
}

// -----

llvm.func @f(%a: !llvm.struct<(i64)>) {
  // expected-error@+1 {{invalid LLVM structure element position}}
  %0 = llvm.extractvalue %a[1] : !llvm.struct<(i64)>
  llvm.return
}

// -----

llvm.func @f() {
  // expected-error@+1 {{'llvm.call' op requires attribute 'callee'}}
  "llvm.call"() : () -> ()
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op expected 0 dynamic indices for 0 indices, got 0}}
  %0 = "llvm.getelementptr"(%p) {rawConstantIndices = array<i32>, elem_type = i8} : (!llvm.ptr) -> !llvm.ptr
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{constant GEP index out of the i32 range}}
  %0 = llvm.getelementptr %p[99999999999] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{expected a non-negative array size}}
  %0 = llvm.load %p : !llvm.ptr -> !llvm.array<-1 x i8>
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) -> i64 {
  // expected-error@+1 {{'llvm.return' op has a type mismatch with the enclosing function's result type}}
  llvm.return
}

// -----

llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @f(%x: f64) {
  // expected-error@+1 {{'llvm.call' op operand or result types do not match the callee type}}
  %0 = llvm.call @printf(%x) vararg(!llvm.func<i32 (ptr, ...)>) : (f64) -> i32
  llvm.return
}

// -----

llvm.func @f(%c: i1, %a: i64) {
  // expected-error@+1 {{'llvm.cond_br' op operands of successor #0 do not match the block's arguments}}
  llvm.cond_br %c, ^bb1, ^bb1
^bb1(%x: i64):
  llvm.return
}

// -----

llvm.func @f(%a: i32) {
  // expected-error@+1 {{'llvm.fadd' op operand #0 must be floating point LLVM type, but got 'i32'}}
  %0 = llvm.fadd %a, %a : i32
  llvm.return
}

// -----

// Upstream properties Strata keeps but does not act on must hold their
// defaults (the translation would drop them).
// expected-error@+1 {{'llvm.func' op CConv = #llvm.cconv<fastcc> is not supported by Strata}}
"llvm.func"() <{CConv = #llvm.cconv<fastcc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "fast_cc", visibility_ = 0 : i64}> ({
}) : () -> ()

// -----

llvm.func @atomic(%p: !llvm.ptr) -> i64 {
  // expected-error@+1 {{'llvm.load' op ordering = 2 : i64 is not supported by Strata}}
  %0 = "llvm.load"(%p) <{alignment = 8 : i64, ordering = 2 : i64}> : (!llvm.ptr) -> i64
  llvm.return %0 : i64
}

// -----

llvm.func @g(i32)
llvm.func @bundles(%a: i32) {
  // expected-error@+1 {{'llvm.call' op operandSegmentSizes must be [1, 0]: operand bundles are not supported}}
  "llvm.call"(%a) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @g, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32: 1>, operandSegmentSizes = array<i32: 0, 1>}> : (i32) -> ()
  llvm.return
}
