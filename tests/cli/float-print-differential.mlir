// RUN: %python %S/../tools/float-print-diff.py
// The float-printing differential test (issue 12, item 4): 12,600 seeded
// random literals over all 18 float types, as scalar, dense and splat
// constants, printed by strata-opt and by mlir-opt 22 and compared one by
// one. The script exits non-zero on any difference and lists them. It reads
// the tools from $STRATA_OPT and $MLIR_OPT, which tests/lit.cfg.py sets.
