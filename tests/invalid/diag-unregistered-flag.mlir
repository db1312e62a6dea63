// RUN: not strata-opt %s 2>&1 | FileCheck %s --check-prefix=NOFLAG
// RUN: strata-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=FLAG
// The same unregistered op is an error without --allow-unregistered-dialect
// and round-trips in generic form with it. The error column is that of the
// `(` after the quoted name, not of the op name.

// NOFLAG: {{.*}}diag-unregistered-flag.mlir:[[@LINE+2]]:9: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// FLAG: "foo.op"() {value = 1 : i32} : () -> ()
"foo.op"() {value = 1 : i32} : () -> ()
