// RUN: strata-opt %s -split-input-file -tx8be-attach-target | FileCheck %s --check-prefix=CARD
// RUN: strata-opt %s -split-input-file -tx8be-attach-target="mesh_x=2 mesh_y=2 ddr_bytes_per_cycle=100.0" | FileCheck %s --check-prefix=SMALL
// RUN: strata-opt %s -split-input-file -tx8be-attach-target="mesh_x=2 mesh_y=2" -tx8be-group-ops -tx8be-group-mapping | FileCheck %s --check-prefix=MAP
// RUN: not strata-opt %s -tx8be-attach-target="mesh_z=2" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not strata-opt %s -tx8be-attach-target="mesh_x=0" 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: not strata-opt %s -tx8be-attach-target="mesh_x=1.5" 2>&1 | FileCheck %s --check-prefix=RATE
// tx8be-attach-target records the card on the module as tx8be.target: the
// figures that differ from the built-in card, none for the built-in card
// itself. Later passes read it (here the group mapping spans the 2x2
// mesh), and it replaces a target already attached.

// CARD: module attributes {tx8be.target = #tx8be.target<>}
// SMALL: module attributes {tx8be.target = #tx8be.target<mesh_x = 2, mesh_y = 2, ddr_bytes_per_cycle = 100.0>}
// MAP: tx8be.group -> tensor<4x8xf32> attributes {dev_region = array<i64: 0, 0, 2, 2>, group_id = 0 : i64}
// UNKNOWN: tx8be-attach-target: no hardware figure named 'mesh_z'
// INVALID: tx8be-attach-target: invalid hardware config: mesh dimensions must be non-zero
// RATE: 'mesh_x' is a count, not a rate (1.5)
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %u : tensor<4x8xf32>
}

// -----

// CARD: module attributes {tx8be.target = #tx8be.target<>}
// SMALL: module attributes {tx8be.target = #tx8be.target<mesh_x = 2, mesh_y = 2, ddr_bytes_per_cycle = 100.0>}
module attributes {tx8be.target = #tx8be.target<mesh_x = 1, spm_banks = 16>} {
}
