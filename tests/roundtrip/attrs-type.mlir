// RUN: %roundtrip %s
// Type attributes: any type used where an attribute is expected.

func.func private @types() attributes {
  t_int = i32, t_float = f64, t_index = index, t_none = none,
  t_tensor = tensor<?x4xf32>, t_memref = memref<*xi8>, t_vector = vector<[4]xi1>,
  t_func = (i32) -> (i1, f16), t_tuple = tuple<i8, complex<f32>>,
  t_list = [i8, i16, i32]
}
