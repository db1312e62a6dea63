// Malformed --pass-pipeline texts are rejected exactly as mlir-opt rejects
// them (MLIR's TextualPipeline algorithm): the empty pipeline, blanks, a
// trailing or doubled comma, an empty nested pipeline (`func.func()`),
// unbalanced parentheses, text after a closing parenthesis, unclosed
// options, unknown pass names. stderr and the exit status are compared with
// mlir-opt's; the last cases are valid pipelines with blanks and an empty
// module pipeline.
// RUN: not mlir-opt --pass-pipeline='' %s -o /dev/null 2> %t.m0
// RUN: not strata-opt --pass-pipeline='' %s -o /dev/null 2> %t.s0
// RUN: diff %t.m0 %t.s0
// RUN: not mlir-opt --pass-pipeline=' ' %s -o /dev/null 2> %t.m1
// RUN: not strata-opt --pass-pipeline=' ' %s -o /dev/null 2> %t.s1
// RUN: diff %t.m1 %t.s1
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse,)' %s -o /dev/null 2> %t.m2
// RUN: not strata-opt --pass-pipeline='builtin.module(cse,)' %s -o /dev/null 2> %t.s2
// RUN: diff %t.m2 %t.s2
// RUN: not mlir-opt --pass-pipeline='builtin.module(func.func(cse),)' %s -o /dev/null 2> %t.m3
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(cse),)' %s -o /dev/null 2> %t.s3
// RUN: diff %t.m3 %t.s3
// RUN: not mlir-opt --pass-pipeline='builtin.module(,cse)' %s -o /dev/null 2> %t.m4
// RUN: not strata-opt --pass-pipeline='builtin.module(,cse)' %s -o /dev/null 2> %t.s4
// RUN: diff %t.m4 %t.s4
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse,,canonicalize)' %s -o /dev/null 2> %t.m5
// RUN: not strata-opt --pass-pipeline='builtin.module(cse,,canonicalize)' %s -o /dev/null 2> %t.s5
// RUN: diff %t.m5 %t.s5
// RUN: not mlir-opt --pass-pipeline='builtin.module(func.func())' %s -o /dev/null 2> %t.m6
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func())' %s -o /dev/null 2> %t.s6
// RUN: diff %t.m6 %t.s6
// RUN: not mlir-opt --pass-pipeline='builtin.module(func.func( ))' %s -o /dev/null 2> %t.m7
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func( ))' %s -o /dev/null 2> %t.s7
// RUN: diff %t.m7 %t.s7
// RUN: not mlir-opt --pass-pipeline='builtin.module( )' %s -o /dev/null 2> %t.m8
// RUN: not strata-opt --pass-pipeline='builtin.module( )' %s -o /dev/null 2> %t.s8
// RUN: diff %t.m8 %t.s8
// RUN: not mlir-opt --pass-pipeline='func.func()' %s -o /dev/null 2> %t.m9
// RUN: not strata-opt --pass-pipeline='func.func()' %s -o /dev/null 2> %t.s9
// RUN: diff %t.m9 %t.s9
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse))' %s -o /dev/null 2> %t.m10
// RUN: not strata-opt --pass-pipeline='builtin.module(cse))' %s -o /dev/null 2> %t.s10
// RUN: diff %t.m10 %t.s10
// RUN: not mlir-opt --pass-pipeline='builtin.module(func.func(cse)' %s -o /dev/null 2> %t.m11
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(cse)' %s -o /dev/null 2> %t.s11
// RUN: diff %t.m11 %t.s11
// RUN: not mlir-opt --pass-pipeline='builtin.module(func.func(cse) x)' %s -o /dev/null 2> %t.m12
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(cse) x)' %s -o /dev/null 2> %t.s12
// RUN: diff %t.m12 %t.s12
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse{a=1)' %s -o /dev/null 2> %t.m13
// RUN: not strata-opt --pass-pipeline='builtin.module(cse{a=1)' %s -o /dev/null 2> %t.s13
// RUN: diff %t.m13 %t.s13
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse{a}{b})' %s -o /dev/null 2> %t.m14
// RUN: not strata-opt --pass-pipeline='builtin.module(cse{a}{b})' %s -o /dev/null 2> %t.s14
// RUN: diff %t.m14 %t.s14
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse canonicalize)' %s -o /dev/null 2> %t.m15
// RUN: not strata-opt --pass-pipeline='builtin.module(cse canonicalize)' %s -o /dev/null 2> %t.s15
// RUN: diff %t.m15 %t.s15
// RUN: not mlir-opt --pass-pipeline='builtin.module(func.func(cse, foo{a=1}))' %s -o /dev/null 2> %t.m16
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(cse, foo{a=1}))' %s -o /dev/null 2> %t.s16
// RUN: diff %t.m16 %t.s16
// RUN: not mlir-opt --pass-pipeline='(cse)' %s -o /dev/null 2> %t.m17
// RUN: not strata-opt --pass-pipeline='(cse)' %s -o /dev/null 2> %t.s17
// RUN: diff %t.m17 %t.s17
// RUN: not mlir-opt --pass-pipeline='builtin.module(cse)x' %s -o /dev/null 2> %t.m18
// RUN: not strata-opt --pass-pipeline='builtin.module(cse)x' %s -o /dev/null 2> %t.s18
// RUN: diff %t.m18 %t.s18
// RUN: mlir-opt --pass-pipeline='builtin.module()' %s > %t.ok.m0
// RUN: strata-opt --pass-pipeline='builtin.module()' %s > %t.ok.s0
// RUN: diff %t.ok.m0 %t.ok.s0
// RUN: mlir-opt --pass-pipeline=' builtin.module ( func.func(cse) , canonicalize ) ' %s > %t.ok.m1
// RUN: strata-opt --pass-pipeline=' builtin.module ( func.func(cse) , canonicalize ) ' %s > %t.ok.s1
// RUN: diff %t.ok.m1 %t.ok.s1

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}
