// RUN: %roundtrip %s --allow-unregistered-dialect
// Value numbering across nested regions: results of the ops of a block are
// numbered before the values inside the regions of those ops.

func.func @numbering(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  "foo.region"() ({
    %in = arith.muli %0, %0 : i32
    "foo.region"() ({
      %deeper = arith.subi %in, %0 : i32
      "foo.yield"() : () -> ()
    }) : () -> ()
    %in2 = arith.xori %in, %in : i32
    "foo.yield"() : () -> ()
  }) : () -> ()
  %1 = arith.ori %0, %a : i32
  %c = arith.constant 3 : i32
  "foo.region"() ({
    %c_inner = arith.constant 3 : i32
    %c_inner2 = arith.constant 4 : i32
    "foo.yield"() : () -> ()
  }) : () -> ()
  return %1 : i32
}
