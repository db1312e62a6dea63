// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Ops that take exactly one region given a different number.

// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}, {
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()
