"""The model zoo of tests/zoo: real exporters on randomly initialised models.

common.py holds what every source shares (specs, seeding, files, the
onnxruntime reference, manifest entries, the torch export path); one module
per source lists its models: torchvision_models.py, transformers_models.py,
timm_models.py, jax_models.py.
"""
