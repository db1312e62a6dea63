// IR that may be invalid when printed (verification skipped after parsing,
// or --verify-each=false) is verified by the printer first and printed in
// generic form when it fails, as mlir-opt's printer does;
// --mlir-print-assume-verified prints the custom form without checking.
// RUN: mlir-opt --mlir-very-unsafe-disable-verifier-on-parsing %S/Inputs/invalid-return.mlir > %t.generic.ref
// RUN: strata-opt --mlir-very-unsafe-disable-verifier-on-parsing %S/Inputs/invalid-return.mlir > %t.generic
// RUN: diff %t.generic.ref %t.generic
// RUN: FileCheck %s --check-prefix=GENERIC < %t.generic
// GENERIC: "func.return"() : () -> ()
// RUN: mlir-opt --mlir-very-unsafe-disable-verifier-on-parsing --mlir-print-assume-verified %S/Inputs/invalid-return.mlir > %t.custom.ref
// RUN: strata-opt --mlir-very-unsafe-disable-verifier-on-parsing --mlir-print-assume-verified %S/Inputs/invalid-return.mlir > %t.custom
// RUN: diff %t.custom.ref %t.custom
// RUN: mlir-opt --mlir-very-unsafe-disable-verifier-on-parsing -cse --verify-each=false %S/Inputs/invalid-return.mlir > %t.cse.ref
// RUN: strata-opt --mlir-very-unsafe-disable-verifier-on-parsing -cse --verify-each=false %S/Inputs/invalid-return.mlir > %t.cse
// RUN: diff %t.cse.ref %t.cse
// --mlir-disable-diagnostic-notes drops only notes emitted on their own:
// the note attached to the verifier error still prints, as in mlir-opt.
// RUN: not mlir-opt --mlir-disable-diagnostic-notes %S/Inputs/invalid-return.mlir 2> %t.notes.ref
// RUN: not strata-opt --mlir-disable-diagnostic-notes %S/Inputs/invalid-return.mlir 2> %t.notes
// RUN: diff %t.notes.ref %t.notes
// RUN: FileCheck %s --check-prefix=NOTE < %t.notes
// NOTE: note: see current operation
