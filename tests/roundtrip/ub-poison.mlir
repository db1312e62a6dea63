// RUN: %roundtrip %s
// ub.poison of scalar, index, vector and tensor types; the explicit
// `<#ub.poison>` value and the generic property both print as the short
// form, an attribute dictionary comes first.

func.func @poison() -> (i32, f32, tensor<2xf32>, vector<4xi8>, index, i64) {
  %0 = ub.poison : i32
  %1 = ub.poison : f32
  %2 = ub.poison : tensor<2xf32>
  %3 = ub.poison : vector<4xi8>
  %4 = ub.poison <#ub.poison> : index
  %5 = "ub.poison"() <{value = #ub.poison}> : () -> i64
  %6 = ub.poison {tag = 1 : i32} : i1
  %7 = ub.poison {tag} <#ub.poison> : i1
  return %0, %1, %2, %3, %4, %5 : i32, f32, tensor<2xf32>, vector<4xi8>, index, i64
}
