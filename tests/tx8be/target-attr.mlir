// RUN: strata-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// #tx8be.target<...>: the hardware figures that differ from the built-in
// card, printed in declaration order whatever order they were written in;
// a count written for a rate is that rate.

// CHECK: module attributes {tx8be.target = #tx8be.target<mesh_y = 2, ddr_bytes_per_cycle = 64.0, spm_banks = 16>}
module attributes {tx8be.target = #tx8be.target<spm_banks = 16, ddr_bytes_per_cycle = 64, mesh_y = 2>} {
}

// -----

// A figure equal to the built-in card's is not printed.
// CHECK: module attributes {tx8be.target = #tx8be.target<>}
module attributes {tx8be.target = #tx8be.target<mesh_x = 4>} {
}

// -----

// expected-error@+1 {{invalid #tx8be.target: no hardware figure named 'tiles'}}
module attributes {tx8be.target = #tx8be.target<tiles = 16>} {
}

// -----

// expected-error@+1 {{duplicate figure 'mesh_x' in #tx8be.target}}
module attributes {tx8be.target = #tx8be.target<mesh_x = 2, mesh_x = 2>} {
}

// -----

// expected-error@+1 {{expected a non-negative number for 'mesh_x'}}
module attributes {tx8be.target = #tx8be.target<mesh_x = -2>} {
}
