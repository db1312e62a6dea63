// Garbage input must be rejected with a diagnostic (exit 1), never crash.
// RUN: %no-crash strata-opt %S/Inputs/random-bytes.bin
// RUN: not strata-opt %S/Inputs/random-bytes.bin -o /dev/null 2>/dev/null
// RUN: %no-crash strata-opt %S/Inputs/nul-and-invalid-utf8.mlir
// RUN: not strata-opt %S/Inputs/nul-and-invalid-utf8.mlir -o /dev/null 2>/dev/null
// RUN: %no-crash strata-opt %S/Inputs/token-soup.mlir
// RUN: %no-crash strata-opt %S/Inputs/token-soup.mlir --split-input-file --allow-unregistered-dialect
// RUN: %no-crash strata-opt %S/Inputs/token-soup.mlir --split-input-file --verify-diagnostics
