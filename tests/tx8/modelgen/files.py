"""Byte-reproducible writing of the generated files.

`numpy.savez` stamps every member with the current time, so two runs differ;
`save_npz` writes the same zip layout (one `<key>.npy` per array, stored, so
`numpy.load` reads it) with a fixed timestamp. Models are serialized with
`SerializeToString(deterministic=True)`, or through onnx's external-data
writer for the cases that keep their weights beside the model.
"""

import io
import os
import zipfile

import numpy as np
import onnx

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def save_npz(path: str, arrays: dict) -> None:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as z:
        for key, value in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(value), allow_pickle=False)
            info = zipfile.ZipInfo(f"{key}.npy", date_time=_FIXED_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_STORED
            z.writestr(info, buf.getvalue())


def model_bytes(model: onnx.ModelProto) -> bytes:
    return model.SerializeToString(deterministic=True)


def save_model(model: onnx.ModelProto, directory: str, external_data: bool) -> list:
    """Writes `directory/model.onnx` (and `model.onnx.data` when the weights go
    to an external file); returns the file names written."""
    path = os.path.join(directory, "model.onnx")
    if not external_data:
        with open(path, "wb") as f:
            f.write(model_bytes(model))
        return ["model.onnx"]
    data_name = "model.onnx.data"
    data_path = os.path.join(directory, data_name)
    if os.path.exists(data_path):  # the writer appends to an existing file
        os.remove(data_path)
    onnx.save_model(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                    location=data_name, size_threshold=0, convert_attribute=False)
    return ["model.onnx", data_name]
