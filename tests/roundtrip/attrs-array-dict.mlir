// RUN: %roundtrip %s
// Arrays and dictionaries: empty, nested, heterogeneous; dictionary keys are
// printed sorted, and quoted keys stay quoted when they are not identifiers.

func.func private @containers() attributes {
  empty_array = [], empty_dict = {},
  array = [1, 2.0 : f32, "three", i32, unit, [4, [5]]],
  dict = {z = 1, a = 2, m = {nested = [true, false]}},
  quoted = {"has space" = 1, "0starts_with_digit" = 2, plain_key = 3},
  arrays_of_dicts = [{a = 1}, {b = "x"}, {}]
}
