#!/usr/bin/env python3
"""gen-deep.py KIND DEPTH: prints a syntactically deep MLIR input.

KIND: arrays (nested array attribute), regions (nested unregistered ops with
regions), types (nested tuple types), parens (nested affine expression
parentheses), blocks (a function with DEPTH blocks in a chain), values (a
function with DEPTH chained arith ops).
Used by tests/robustness to check that deep inputs never crash the tool
(recursion must not overflow the stack)."""
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
if kind == "arrays":
    print("func.func private @f() attributes {a = " + "[" * depth + "]" * depth + "}")
elif kind == "regions":
    print('"foo.op"() ({\n' * depth + '"foo.end"() : () -> ()\n' + '}) : () -> ()\n' * depth)
elif kind == "types":
    print("func.func private @f(" + "tuple<" * depth + "i32" + ">" * depth + ")")
elif kind == "parens":
    print("func.func private @f() attributes {m = affine_map<(d0) -> (" + "(" * depth + "d0" + ")" * depth + ")>}")
elif kind == "blocks":
    lines = ["func.func @f(%a: i32) -> i32 {", "  cf.br ^bb1(%a : i32)"]
    for i in range(1, depth + 1):
        lines.append(f"^bb{i}(%x{i}: i32):")
        lines.append(f"  cf.br ^bb{i + 1}(%x{i} : i32)" if i < depth else f"  return %x{i} : i32")
    lines.append("}")
    print("\n".join(lines))
elif kind == "values":
    lines = ["func.func @f(%a: i32) -> i32 {", "  %v0 = arith.addi %a, %a : i32"]
    for i in range(1, depth):
        lines.append(f"  %v{i} = arith.addi %v{i - 1}, %a : i32")
    lines.append(f"  return %v{depth - 1} : i32")
    lines.append("}")
    print("\n".join(lines))
else:
    sys.exit(f"unknown kind {kind}")
