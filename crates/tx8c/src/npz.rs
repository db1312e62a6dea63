//! NumPy `.npy` arrays and `.npz` archives (a zip of `.npy` files), the
//! format model developers hand tensors over in: `np.savez` /
//! `np.savez_compressed` write it, `np.load` reads ours back.
//!
//! Reading checks everything it relies on (magic, header dictionary, dtype,
//! shape against the payload size) and reports the archive member that is
//! wrong; it never panics on malformed input (see the `read_npz` fuzz target).
//!
//! Hand-written rather than `npyz` (0.9.1): npyz interprets a header by
//! multiplying its shape with unchecked `u64` arithmetic (the record count
//! and the strides, in `NpyHeader::from_parts`), so a hostile header
//! overflows, which panics in builds with overflow checks (the fuzzers') and
//! wraps to a small count in release builds; the reader here checks the
//! product before it trusts it, and the format is small.

use std::io::{Read, Write};

/// Element types a `.npy` file may hold here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpyType {
    F16,
    F32,
    F64,
    I8,
    U8,
    I32,
    I64,
    Bool,
}

impl NpyType {
    fn descr(self) -> &'static str {
        match self {
            NpyType::F16 => "<f2",
            NpyType::F32 => "<f4",
            NpyType::F64 => "<f8",
            NpyType::I8 => "|i1",
            NpyType::U8 => "|u1",
            NpyType::I32 => "<i4",
            NpyType::I64 => "<i8",
            NpyType::Bool => "|b1",
        }
    }

    fn from_descr(d: &str) -> Option<NpyType> {
        Some(match d {
            "<f2" => NpyType::F16,
            "<f4" => NpyType::F32,
            "<f8" => NpyType::F64,
            "|i1" | "<i1" => NpyType::I8,
            "|u1" | "<u1" => NpyType::U8,
            "<i4" => NpyType::I32,
            "<i8" => NpyType::I64,
            "|b1" => NpyType::Bool,
            _ => return None,
        })
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            NpyType::I8 | NpyType::U8 | NpyType::Bool => 1,
            NpyType::F16 => 2,
            NpyType::F32 | NpyType::I32 => 4,
            NpyType::F64 | NpyType::I64 => 8,
        }
    }
}

/// One array: element type, dims (row-major) and values widened to f64
/// (exact for every type here except i64 beyond 2^53, which tensors of
/// indices and shapes never reach).
#[derive(Debug, Clone, PartialEq)]
pub struct Array {
    pub ty: NpyType,
    pub dims: Vec<usize>,
    pub values: Vec<f64>,
}

impl Array {
    pub fn new(ty: NpyType, dims: Vec<usize>, values: Vec<f64>) -> Array {
        Array { ty, dims, values }
    }

    pub fn elems(&self) -> usize {
        self.dims.iter().product()
    }
}

/// An error reading or writing arrays, naming the file and member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NpzError(pub String);

impl std::fmt::Display for NpzError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, NpzError> {
    Err(NpzError(msg.into()))
}

/// Parses one `.npy` file.
pub fn parse_npy(bytes: &[u8]) -> Result<Array, NpzError> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return err("not a .npy array (bad magic)");
    }
    let major = bytes[6];
    let (header_len, start) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10usize),
        2 | 3 => {
            if bytes.len() < 12 {
                return err("truncated .npy header");
            }
            (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12)
        }
        v => return err(format!("unsupported .npy version {v}")),
    };
    let Some(header) = bytes.get(start..start.saturating_add(header_len)) else {
        return err("truncated .npy header");
    };
    let header = std::str::from_utf8(header).map_err(|_| NpzError("the .npy header is not text".into()))?;
    let descr = dict_value(header, "descr").ok_or_else(|| NpzError("the .npy header has no 'descr'".into()))?;
    let descr = descr.trim_matches(|c| c == '\'' || c == '"');
    let ty = NpyType::from_descr(descr).ok_or_else(|| {
        NpzError(format!("unsupported dtype '{descr}' (supported: float16/32/64, int8/32/64, uint8, bool)"))
    })?;
    let fortran = match dict_value(header, "fortran_order") {
        Some("True") => true,
        Some("False") => false,
        _ => return err("the .npy header has no valid 'fortran_order'"),
    };
    let shape = dict_value(header, "shape").ok_or_else(|| NpzError("the .npy header has no 'shape'".into()))?;
    let dims = parse_shape(shape)?;
    let count =
        dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d)).ok_or_else(|| NpzError("array too large".into()))?;
    let payload = &bytes[start + header_len..];
    let need = count.checked_mul(ty.size()).ok_or_else(|| NpzError("array too large".into()))?;
    if payload.len() < need {
        return err(format!("truncated .npy data: shape {dims:?} needs {need} bytes, found {}", payload.len()));
    }
    let mut values: Vec<f64> = payload[..need].chunks_exact(ty.size()).map(|c| decode(ty, c)).collect();
    if fortran && dims.len() > 1 {
        values = fortran_to_c(&values, &dims);
    }
    Ok(Array { ty, dims, values })
}

fn decode(ty: NpyType, c: &[u8]) -> f64 {
    match ty {
        NpyType::F16 => half::f16::from_le_bytes([c[0], c[1]]).to_f64(),
        NpyType::F32 => f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64,
        NpyType::F64 => f64::from_le_bytes(c.try_into().unwrap_or([0; 8])),
        NpyType::I8 => c[0] as i8 as f64,
        NpyType::U8 => c[0] as f64,
        NpyType::Bool => (c[0] != 0) as u8 as f64,
        NpyType::I32 => i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64,
        NpyType::I64 => i64::from_le_bytes(c.try_into().unwrap_or([0; 8])) as f64,
    }
}

fn fortran_to_c(values: &[f64], dims: &[usize]) -> Vec<f64> {
    let n = values.len();
    let mut out = vec![0.0; n];
    let mut idx = vec![0usize; dims.len()];
    for (c_pos, slot) in out.iter_mut().enumerate() {
        // Column-major position of the row-major index `idx`.
        let mut f_pos = 0;
        let mut stride = 1;
        for (i, d) in idx.iter().zip(dims) {
            f_pos += i * stride;
            stride *= d;
        }
        *slot = values[f_pos];
        let _ = c_pos;
        for k in (0..dims.len()).rev() {
            idx[k] += 1;
            if idx[k] < dims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    out
}

/// The text after `'key':` up to the next top-level comma or closing brace.
fn dict_value<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    let at = header.find(&format!("'{key}'")).or_else(|| header.find(&format!("\"{key}\"")))?;
    let rest = &header[at + key.len() + 2..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let mut depth = 0i32;
    for (i, ch) in rest.char_indices() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' | '}' if depth == 0 => return Some(rest[..i].trim()),
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    None
}

fn parse_shape(s: &str) -> Result<Vec<usize>, NpzError> {
    let inner =
        s.strip_prefix('(').and_then(|s| s.strip_suffix(')')).ok_or_else(|| NpzError(format!("bad shape {s}")))?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| p.parse::<usize>().map_err(|_| NpzError(format!("bad shape {s}"))))
        .collect()
}

/// Serialises one array as `.npy` (version 1).
pub fn npy_bytes(a: &Array) -> Vec<u8> {
    let shape = match a.dims.len() {
        1 => format!("({},)", a.dims[0]),
        _ => format!("({})", a.dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    };
    let mut header = format!("{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}", a.ty.descr());
    // Pad so the data starts on a 64-byte boundary, as NumPy does.
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + a.values.len() * a.ty.size());
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    for &v in &a.values {
        match a.ty {
            NpyType::F16 => out.extend_from_slice(&half::f16::from_f64(v).to_le_bytes()),
            NpyType::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
            NpyType::F64 => out.extend_from_slice(&v.to_le_bytes()),
            NpyType::I8 => out.push(v as i8 as u8),
            NpyType::U8 => out.push(v as u8),
            NpyType::Bool => out.push((v != 0.0) as u8),
            NpyType::I32 => out.extend_from_slice(&(v as i32).to_le_bytes()),
            NpyType::I64 => out.extend_from_slice(&(v as i64).to_le_bytes()),
        }
    }
    out
}

/// Reads every array of an `.npz` archive, in archive order, keyed by name
/// (the member name without `.npy`).
pub fn read_npz_bytes(bytes: &[u8]) -> Result<Vec<(String, Array)>, NpzError> {
    let mut archive =
        zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| NpzError(format!("not an .npz archive: {e}")))?;
    let mut out = Vec::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).map_err(|e| NpzError(format!("member {i}: {e}")))?;
        let name = file.name().to_string();
        // Refuse members that would decompress to absurd sizes before reading.
        if file.size() > (1u64 << 34) {
            return err(format!("{name}: member too large ({} bytes)", file.size()));
        }
        // Reserve at most 1 MiB up front: the declared size is untrusted.
        let mut data = Vec::with_capacity((file.size() as usize).min(1 << 20));
        file.read_to_end(&mut data).map_err(|e| NpzError(format!("{name}: {e}")))?;
        let array = parse_npy(&data).map_err(|e| NpzError(format!("{name}: {e}")))?;
        out.push((name.strip_suffix(".npy").unwrap_or(&name).to_string(), array));
    }
    Ok(out)
}

/// Reads an `.npz` file.
pub fn read_npz(path: &std::path::Path) -> Result<Vec<(String, Array)>, NpzError> {
    let bytes = std::fs::read(path).map_err(|e| NpzError(format!("{}: {e}", path.display())))?;
    read_npz_bytes(&bytes).map_err(|e| NpzError(format!("{}: {e}", path.display())))
}

/// Writes arrays as an uncompressed `.npz` (what `np.savez` writes).
pub fn write_npz(path: &std::path::Path, arrays: &[(String, Array)]) -> Result<(), NpzError> {
    let io = |e: &dyn std::fmt::Display| NpzError(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(path).map_err(|e| io(&e))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(arrays.iter().any(|(_, a)| a.values.len() * a.ty.size() > u32::MAX as usize / 2));
    for (name, a) in arrays {
        zip.start_file(format!("{name}.npy"), options).map_err(|e| io(&e))?;
        zip.write_all(&npy_bytes(a)).map_err(|e| io(&e))?;
    }
    zip.finish().map_err(|e| io(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npy_round_trip_every_type() {
        for ty in [
            NpyType::F16,
            NpyType::F32,
            NpyType::F64,
            NpyType::I8,
            NpyType::U8,
            NpyType::I32,
            NpyType::I64,
            NpyType::Bool,
        ] {
            let values: Vec<f64> = match ty {
                NpyType::Bool => vec![1.0, 0.0, 1.0, 1.0, 0.0, 0.0],
                NpyType::U8 => vec![0.0, 1.0, 2.0, 200.0, 7.0, 9.0],
                NpyType::I8 | NpyType::I32 | NpyType::I64 => vec![-2.0, 0.0, 1.0, 3.0, -100.0, 8.0],
                _ => vec![-2.0, 0.5, 1.0, 3.0, -0.25, 8.0],
            };
            let a = Array::new(ty, vec![2, 3], values);
            let bytes = npy_bytes(&a);
            assert_eq!((10 + u16::from_le_bytes([bytes[8], bytes[9]]) as usize) % 64, 0);
            assert_eq!(parse_npy(&bytes).unwrap(), a, "{ty:?}");
        }
    }

    /// `bytes` with the first `from` replaced by `to` (same length).
    fn patched(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
        let at = bytes.windows(from.len()).position(|w| w == from).expect("pattern present");
        let mut out = bytes.to_vec();
        out[at..at + to.len()].copy_from_slice(to);
        out
    }

    #[test]
    fn npz_round_trip_and_names() {
        let dir = std::env::temp_dir().join(format!("tx8c-npz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.npz");
        let arrays = vec![
            ("x".to_string(), Array::new(NpyType::F32, vec![3], vec![1.0, 2.0, 3.5])),
            ("input.1".to_string(), Array::new(NpyType::I64, vec![1, 1], vec![42.0])),
        ];
        write_npz(&path, &arrays).unwrap();
        assert_eq!(read_npz(&path).unwrap(), arrays);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fortran_order_is_reordered() {
        // [[1, 2, 3], [4, 5, 6]] stored column-major is 1 4 2 5 3 6.
        let mut a = Array::new(NpyType::F64, vec![2, 3], vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        let bytes = patched(&npy_bytes(&a), b"'fortran_order': False", b"'fortran_order': True ");
        a.values = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        assert_eq!(parse_npy(&bytes).unwrap(), a);
    }

    #[test]
    fn malformed_inputs_are_errors() {
        assert!(parse_npy(b"hello").is_err());
        let a = Array::new(NpyType::F32, vec![4], vec![1.0; 4]);
        let bytes = npy_bytes(&a);
        assert!(parse_npy(&bytes[..bytes.len() - 1]).unwrap_err().0.contains("truncated"));
        let bad = patched(&bytes, b"<f4", b"<c8");
        assert!(parse_npy(&bad).unwrap_err().0.contains("unsupported dtype"));
        assert!(read_npz_bytes(b"PK\x03\x04garbage").is_err());
        assert!(read_npz_bytes(&[]).is_err());
    }
}
