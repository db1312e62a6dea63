// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 8 --cin 1024 --cout 512 --elem bf16 | strata-opt -tx8be-sharding -tx8be-spm-alloc -tx8be-opt-barrier -tx8be-prologue-ahead | FileCheck %s --check-prefix=AHEAD
// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 4 --cin 512 --cout 512 --k 3 --elem bf16 | strata-opt -tx8be-sharding -tx8be-spm-alloc -tx8be-opt-barrier -tx8be-prologue-ahead | FileCheck %s --check-prefix=ACT
// tx8be-prologue-ahead records `prologue_ahead = true` on a group whose
// weight broadcast the group before runs during its steps (its chunk
// reads, then each chunk sent to every other tile): allowed when the
// broadcast region misses every buffer of the group before, which starts
// with every tile idle and ends with a barrier; kept when the cost model
// estimates the two groups faster that way
// (crates/tx8be-transforms/src/prologue_ahead.rs).

// 1 MiB of 1x1 filters broadcast after a channel norm (the first group,
// little SPM, a barrier after it): run ahead. The relu after the conv reads
// only what its tile stored: no barrier between them.
// AHEAD: tx8be.group -> tensor<16x8x8x1024xbf16> attributes {barrier = true, group_id = 0 : i64}
// AHEAD: tx8be.group -> tensor<16x8x8x512xbf16> attributes {barrier = false, group_id = 1 : i64, prologue_ahead = true}
// AHEAD: share = "broadcast"
// AHEAD: tx8be.group -> tensor<16x8x8x512xbf16> attributes {barrier = false, group_id = 2 : i64}

// An activation broadcast (the conv's input, written by the group
// before): never ahead.
// ACT: tx8be.group -> tensor<16x4x4x512xbf16> attributes {barrier = true, group_id = 1 : i64}
// ACT: share = "broadcast"
// ACT-NOT: prologue_ahead
