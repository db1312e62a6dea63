// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// scf.index_switch and scf.execute_region verifiers with mlir-opt 22's
// messages.

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 2}}
  scf.index_switch %a
  case 2 {
    scf.yield
  }
  case 2 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op has 0 case regions but 1 case values}}
  "scf.index_switch"(%a) <{cases = array<i64: 1>}> ({
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks}}
  scf.index_switch %a
  case 2 {
  }
  default {
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 1 values, but default region returns 0}}
  %0 = scf.index_switch %a -> i32
  default {
    // expected-note@+1 {{see yield operation here}}
    scf.yield
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %0 = scf.index_switch %a -> i32
  default {
    %c = arith.constant 1 : i64
    // expected-note@+1 {{default region returns 'i64' here}}
    scf.yield %c : i64
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  %0 = scf.execute_region -> i32 {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.execute_region -> i32 {
    %c = arith.constant 1 : i64
    // expected-note@+1 {{region branch point}}
    scf.yield %c : i64
  }
  return
}
