// RUN: strata-opt %s > %t.strata
// RUN: mlir-opt %s > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: strata-opt %t.strata | diff %t.strata -
// RUN: strata-translate --mlir-to-llvmir %s | llc -o /dev/null
// The llvm dialect subset in mlir-opt 22's pretty syntax, read and printed
// by strata-opt as mlir-opt prints it: functions (declarations, varargs,
// linkage, attributes), globals with string initialisers, calls (vararg,
// void), memory ops with alignment and volatile, the stack and lifetime
// intrinsics, pointer comparisons, GEPs with constant, dynamic and mixed
// indices and no-wrap flags, every arithmetic, comparison and cast op,
// aggregates, undef/poison/zero, branches with block arguments, switches
// (several edges to one block: one phi entry per edge in LLVM IR), a nested
// module (left out of the translation, as mlir-translate does). The
// generic form, with upstream's properties, is checked by
// tests/roundtrip/llvm-dialect.mlir.

llvm.mlir.global internal constant @nl("\0A\00")
llvm.mlir.global private constant @quote("say \22hi\22\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @puts(!llvm.ptr) -> i32
llvm.func @abort()
llvm.func @none(...)
llvm.func internal @internal_fn(%a: i64) -> i64 {
  llvm.return %a : i64
}
llvm.func private @private_fn() attributes {sym_visibility = "private"} {
  llvm.return
}
llvm.func weak @weak_fn(%p: !llvm.ptr) -> !llvm.struct<(i32, f64)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, f64)>
  llvm.return %0 : !llvm.struct<(i32, f64)>
}

llvm.func @memory(%n: i64, %x: f64, %i: i32) -> f64 {
  %0 = llvm.alloca %n x f64 : (i64) -> !llvm.ptr
  %1 = llvm.alloca %i x !llvm.array<4 x i8> {alignment = 16 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %0 : f64, !llvm.ptr
  llvm.store %x, %0 {alignment = 8 : i64} : f64, !llvm.ptr
  %2 = llvm.load %0 : !llvm.ptr -> f64
  %3 = llvm.load %0 {alignment = 4 : i64} : !llvm.ptr -> f64
  %4 = llvm.getelementptr %0[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %5 = llvm.getelementptr inbounds %1[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x i8>
  %6 = llvm.getelementptr inbounds|nuw %1[%n, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x i8>
  %7 = llvm.getelementptr nuw %0[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f64
  %8 = llvm.mlir.addressof @nl : !llvm.ptr
  %9 = llvm.call @printf(%8, %x, %n) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, i64) -> i32
  %10 = llvm.call @puts(%8) : (!llvm.ptr) -> i32
  llvm.call @abort() : () -> ()
  %11 = llvm.ptrtoint %4 : !llvm.ptr to i64
  %12 = llvm.inttoptr %11 : i64 to !llvm.ptr
  %13 = llvm.load %12 : !llvm.ptr -> f64
  llvm.return %13 : f64
}

llvm.func @arithmetic(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1) -> i64 {
  %0 = llvm.add %a, %b : i32
  %1 = llvm.add %0, %b overflow<nsw> : i32
  %2 = llvm.sub %1, %a overflow<nuw> : i32
  %3 = llvm.mul %2, %a overflow<nsw, nuw> : i32
  %4 = llvm.sdiv %3, %b : i32
  %5 = llvm.udiv %4, %b : i32
  %6 = llvm.srem %5, %b : i32
  %7 = llvm.urem %6, %b : i32
  %8 = llvm.and %7, %a : i32
  %9 = llvm.or %8, %a : i32
  %10 = llvm.xor %9, %a : i32
  %11 = llvm.shl %10, %a overflow<nsw> : i32
  %12 = llvm.lshr %11, %b : i32
  %13 = llvm.ashr %12, %b : i32
  %14 = llvm.fadd %x, %y : f32
  %15 = llvm.fsub %14, %y : f32
  %16 = llvm.fmul %15, %x : f32
  %17 = llvm.fdiv %16, %y : f32
  %18 = llvm.frem %17, %x : f32
  %19 = llvm.fneg %18 : f32
  %20 = llvm.icmp "eq" %a, %b : i32
  %21 = llvm.icmp "uge" %a, %b : i32
  %22 = llvm.fcmp "oeq" %x, %y : f32
  %23 = llvm.fcmp "_true" %x, %y : f32
  %24 = llvm.fcmp "uno" %x, %y : f32
  %25 = llvm.select %c, %a, %13 : i1, i32
  %26 = llvm.sext %25 : i32 to i64
  %27 = llvm.zext %a : i32 to i64
  %28 = llvm.trunc %26 : i64 to i16
  %29 = llvm.sitofp %a : i32 to f64
  %30 = llvm.uitofp %a : i32 to f32
  %31 = llvm.fptosi %19 : f32 to i32
  %32 = llvm.fptoui %x : f32 to i64
  %33 = llvm.fpext %x : f32 to f64
  %34 = llvm.fptrunc %29 : f64 to f32
  %35 = llvm.bitcast %34 : f32 to i32
  %36 = llvm.add %26, %32 : i64
  llvm.return %36 : i64
}

llvm.func @aggregates(%p: !llvm.ptr, %n: i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> {
  %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %1 = llvm.insertvalue %p, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %2 = llvm.insertvalue %n, %1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %3 = llvm.extractvalue %2[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %4 = llvm.extractvalue %2[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %5 = llvm.mlir.zero : !llvm.ptr
  %6 = llvm.mlir.zero : i64
  %7 = llvm.mlir.constant(42 : i64) : i64
  %8 = llvm.mlir.constant(1 : index) : i64
  %9 = llvm.mlir.constant(2.500000e-01 : f32) : f32
  %10 = llvm.mlir.constant(true) : i1
  %11 = llvm.mlir.undef : !llvm.array<3 x f64>
  llvm.return %2 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
}

llvm.func @branches(%c: i1, %a: i64, %b: f64) -> i64 {
  llvm.cond_br %c, ^bb1(%a, %b : i64, f64), ^bb2(%a : i64)
^bb1(%x: i64, %y: f64):
  llvm.br ^bb2(%x : i64)
^bb2(%z: i64):
  llvm.cond_br %c, ^bb3, ^bb1(%z, %b : i64, f64)
^bb3:
  llvm.return %z : i64
}

llvm.func @switches(%flag: i64, %x: i64) -> i64 {
  llvm.switch %flag : i64, ^bb1 [
    1: ^bb2(%x : i64),
    7: ^bb2(%x : i64),
    -9: ^bb3
  ]
^bb1:
  llvm.br ^bb2(%flag : i64)
^bb2(%y: i64):
  llvm.return %y : i64
^bb3:
  llvm.switch %flag : i64, ^bb2(%flag : i64) [
  ]
}

module @nested {
  llvm.func @left_out_of_the_translation()
}

llvm.func @volatile_and_stack(%p: !llvm.ptr, %n: i64) -> i1 {
  %s = llvm.intr.stacksave : !llvm.ptr
  %a = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  llvm.intr.lifetime.start %a : !llvm.ptr
  %v = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store volatile %v, %a : i32, !llvm.ptr
  llvm.intr.lifetime.end %a : !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %c = llvm.icmp "ne" %a, %z : !llvm.ptr
  llvm.intr.stackrestore %s : !llvm.ptr
  llvm.return %c : i1
}
