// RUN: %roundtrip %s
// complex<> and tuple<> types, including nesting and the empty tuple.

func.func private @complex(complex<f32>, complex<f64>, complex<i32>, complex<bf16>, complex<si8>) -> complex<f16>
func.func private @tuples(tuple<>, tuple<i32>, tuple<i32, f32, index>) -> tuple<tuple<i1>, tuple<>>
func.func private @mixed(tuple<tensor<2xf32>, memref<?xi8>, complex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2xcomplex<f32>>
