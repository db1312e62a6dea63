// RUN: %roundtrip %s
// The index type and the none type, alone and nested in other types.

func.func @index(%a: index, %b: tensor<4xindex>, %c: vector<2xindex>, %d: memref<?xindex>) -> index {
  return %a : index
}

func.func private @none_arg(none) -> none
func.func private @none_in_tuple(tuple<none, index>) -> tuple<none>
