#!/usr/bin/env bash
# Regenerates tests/roundtrip/mlir-opt-out-*.mlir: files whose body is exactly
# what mlir-opt 22 printed for a realistic input (tests/tools/mlir-opt-inputs),
# after running some of its passes. They check that strata-opt reads and
# reprints mlir-opt's own output style (aliases, block comments, names).
# Only the comment header is ours; do not hand-edit the body.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
in=$here/mlir-opt-inputs
out=$here/../roundtrip
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}

# gen NAME INPUT "RUN-FLAGS" MLIR-OPT-ARGS...
# RUN-FLAGS are the flags the roundtrip check must pass when reading the
# output back (e.g. --mlir-print-debuginfo to check the printed locations).
gen() {
  local name=$1 input=$2 run_flags=$3
  shift 3
  local dst=$out/mlir-opt-out-$name.mlir
  {
    echo "// RUN: %roundtrip %s${run_flags:+ $run_flags}"
    echo "// Output of: mlir-opt $* tests/tools/mlir-opt-inputs/$input"
    echo "// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below."
    echo
    (cd "$in" && "$mlir_opt" "$@" "$input")
  } >"$dst"
  echo "wrote $dst"
}

gen scf-for-to-cf scf-loops.mlir "" --convert-scf-to-cf
gen scf-while-to-cf scf-while.mlir "" --convert-scf-to-cf
gen scf-while-canonicalized scf-while.mlir "" --convert-scf-to-cf --canonicalize
gen affine-lowered affine-loops.mlir "" --lower-affine --convert-scf-to-cf
gen arith-expand arith-expand.mlir "" --arith-expand
gen canonicalize canonicalize.mlir "" --canonicalize
gen cse cse.mlir "" --cse
gen inline inline.mlir "" --inline --symbol-dce
gen wide-int wide-int.mlir "" "--arith-emulate-wide-int=widest-int-supported=32"
gen debuginfo debuginfo.mlir "--mlir-print-debuginfo" --mlir-print-debuginfo
gen debuginfo-lowered scf-loops.mlir "--mlir-print-debuginfo" --convert-scf-to-cf --mlir-print-debuginfo
gen generic-form scf-while.mlir "" --convert-scf-to-cf --mlir-print-op-generic
gen split-chunks split.mlir "--split-input-file" --split-input-file
gen local-scope affine-loops.mlir "--mlir-print-local-scope" --lower-affine --mlir-print-local-scope --convert-scf-to-cf
# The whole lowering to the llvm dialect, in both forms (the generic one
# with every default-valued property mlir-opt shows).
gen llvm-lowered affine-loops.mlir "" --lower-affine --convert-scf-to-cf --convert-arith-to-llvm --convert-func-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts
gen llvm-lowered-generic arith-expand.mlir "" --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts --mlir-print-op-generic
