// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// The entry block cannot be a branch target and must match the signature.

// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @f() {
^entry:
  cf.br ^entry
}

// -----

func.func @g(%a: i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0(%x: i32, %y: i32):
  return
}

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "h"}> ({
^bb0(%x: f32):
  "func.return"() : () -> ()
}) : () -> ()
