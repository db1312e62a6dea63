"""The ONNX test models of tx8c, built by tests/tx8/gen_models.py.

graph.py holds the builder and the Case record; ops_math, ops_nn and
ops_shape the single-operator cases; nets_cnn and nets_transformer the whole
networks; bad the models tx8c must refuse; files, runtime and calibrate the
byte-reproducible writing, the onnxruntime reference and the BatchNorm
statistics.
"""
