// Canonicalization patterns that never converge stop at max-iterations
// (default 10) with a warning, and fail the pass under test-convergence.
// Uses the test-only `strata_test` dialect (hidden flag
// --strata-load-test-dialect): `spawn_dead` inserts an op that the driver
// erases as dead in the same iteration (a cycle), `spawn_tick` inserts a
// kept `tick` per iteration (so the ticks count the iterations that ran).
// mlir-opt has no such dialect and itself prints nothing on
// non-convergence, so there is no reference comparison here.
//
// RUN: strata-opt --strata-load-test-dialect -canonicalize %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: strata-opt --strata-load-test-dialect --canonicalize=top-down=false %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: strata-opt --strata-load-test-dialect '--canonicalize=max-iterations=3' %s 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: not strata-opt --strata-load-test-dialect '--canonicalize=test-convergence=true' %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not strata-opt --strata-load-test-dialect '--canonicalize=max-iterations=2 test-convergence=true' %s 2>&1 | FileCheck %s --check-prefix=ERR2
// Without the flag the ops are unknown: the dialect stays out of the way.
// RUN: not strata-opt -canonicalize %s 2>&1 | FileCheck %s --check-prefix=HIDDEN

// DEFAULT: warning: canonicalizer did not converge within 10 iterations
// DEFAULT-LABEL: func.func @cycle()
// DEFAULT-NEXT: "strata_test.spawn_dead"() : () -> ()
// DEFAULT-NEXT: return
// DEFAULT-LABEL: func.func @ticks()
// DEFAULT-COUNT-10: "strata_test.tick"() : () -> ()
// DEFAULT-NEXT: "strata_test.spawn_tick"() : () -> ()

// THREE: warning: canonicalizer did not converge within 3 iterations
// THREE-LABEL: func.func @cycle()
// THREE-NEXT: "strata_test.spawn_dead"() : () -> ()
// THREE-LABEL: func.func @ticks()
// THREE-COUNT-3: "strata_test.tick"() : () -> ()
// THREE-NEXT: "strata_test.spawn_tick"() : () -> ()

// ERR: error: canonicalizer did not converge within 10 iterations
// ERR-NOT: func.func
// ERR2: error: canonicalizer did not converge within 2 iterations

// HIDDEN: error: operation being parsed with an unregistered dialect

func.func @cycle() {
  "strata_test.spawn_dead"() : () -> ()
  return
}

func.func @ticks() {
  "strata_test.spawn_tick"() : () -> ()
  return
}
