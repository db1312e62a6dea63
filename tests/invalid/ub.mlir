// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// ub.poison's value must be a poison attribute, in the custom form (a
// parse error at the attribute) and in properties (refused while parsing).

func.func @custom_value() {
  // expected-error@+1 {{custom op 'ub.poison' invalid kind of attribute specified}}
  %x = ub.poison <1 : i32> : i32
  return
}

// -----

func.func @property_value() {
  // expected-error@+1 {{invalid properties {value = 1 : i32} for op ub.poison: Invalid attribute `value` in property conversion: 1 : i32}}
  %x = "ub.poison"() <{value = 1 : i32}> : () -> i32
  return
}

// -----

func.func @no_type() {
  // expected-error@+1 {{expected ':'}}
  %x = ub.poison
  return
}
