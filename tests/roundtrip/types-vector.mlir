// RUN: %roundtrip %s
// Vectors: fixed, multi-dimensional, 0-d, scalable dims (leading, trailing,
// several), with integer, float and index elements.

func.func private @fixed(vector<4xf32>, vector<2x3xi8>, vector<1xindex>, vector<2x2x2x2xf16>, vector<f32>, vector<8xi1>)
func.func private @scalable(vector<[4]xf32>, vector<2x[4]xi32>, vector<[2]x[8]xf16>, vector<[4]x2xbf16>, vector<3x[1]x2xi64>)
func.func private @in_containers(tensor<4xvector<[4]xf32>>, memref<2xvector<4xi8>>, tuple<vector<4xf32>, vector<[8]xi1>>)
