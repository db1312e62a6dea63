//! Random cases for reduction and data-movement operators.

use crate::dtype::DataFormat::{self, *};
use crate::error::SimError;
use crate::isa::LoadKind;
use crate::layout::{MemLayout, Nhwc, Placement};
use crate::oplib::{self, dma::DdrTensor, reference, Tsr};
use crate::optest::bench::{decode, Bench};
use crate::optest::cases_nn::{finish, values};
use crate::optest::CaseData;
use crate::rng::Rng;
use tx8_target::kinds::ReduceKind;

pub(crate) fn dims(rng: &mut Rng, rank_lo: u64, rank_hi: u64, max: u64) -> Vec<u64> {
    (0..rng.range_u64(rank_lo, rank_hi)).map(|_| rng.range_u64(1, max)).collect()
}

fn any_fmt(rng: &mut Rng) -> DataFormat {
    rng.pick(&[Fp32, Fp16, Bf16, Int8, Int16, Int32])
}

pub fn reduce(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16, Int8, Int32]);
    let kinds: &[ReduceKind] = if fmt.is_float() {
        &[ReduceKind::Sum, ReduceKind::Mean, ReduceKind::Max, ReduceKind::Min]
    } else {
        &[ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min]
    };
    let kind = rng.pick(kinds);
    let d = dims(rng, 1, 4, 7);
    let axis = rng.range_u64(0, d.len() as u64 - 1) as usize;
    b.param("kind", kind);
    b.param("format", fmt);
    b.param("dims_axis", (&d, axis));
    let n: u64 = d.iter().product();
    let (lo, hi) = if fmt.is_float() { (-4.0, 4.0) } else { (-100.0, 100.0) };
    let (x, xv) = b.input("x", fmt, &d, &values(rng, fmt, n, lo, hi))?;
    let mut od = d.clone();
    od.remove(axis);
    let out = b.output(fmt, &od)?;
    let imm = b.scratch(x.bytes() + 256)?;
    let cycles = b.run(|ctx| oplib::reduce::reduce(ctx, kind, &x, axis, &out, imm))?;
    let got = b.read(&out)?;
    let want = reference::reduce(&xv, &d, axis, kind);
    Ok(finish(b, fmt, got, want, cycles))
}

fn permutation(rng: &mut Rng, r: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..r).collect();
    for i in (1..r).rev() {
        let j = rng.range_u64(0, i as u64) as usize;
        p.swap(i, j);
    }
    p
}

pub fn transpose(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let d = dims(rng, 2, 4, 6);
    // A third of the cases swap the last two axes (the CT path), a third
    // keep the last axis in place (strided copies of whole runs), the rest
    // are any permutation.
    let perm = match rng.next_u64() % 3 {
        0 => {
            let mut p: Vec<usize> = (0..d.len()).collect();
            p.swap(d.len() - 2, d.len() - 1);
            p
        }
        1 => {
            let mut p = permutation(rng, d.len() - 1);
            p.push(d.len() - 1);
            p
        }
        _ => permutation(rng, d.len()),
    };
    b.param("dims_perm", (&d, &perm));
    b.param("format", fmt);
    let n: u64 = d.iter().product();
    let (x, xv) = b.input("x", fmt, &d, &values(rng, fmt, n, -100.0, 100.0))?;
    let od: Vec<u64> = perm.iter().map(|&p| d[p]).collect();
    let out = b.output(fmt, &od)?;
    let cycles = b.run(|ctx| oplib::movement::transpose(ctx, &x, &perm, &out))?;
    let got = b.read(&out)?;
    let want = reference::transpose(&xv, &d, &perm);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn reshape(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let d = dims(rng, 1, 4, 6);
    let n: u64 = d.iter().product();
    // New dims: the same count split differently.
    let od = if n > 1 && rng.next_u64() & 1 == 1 { vec![1, n] } else { vec![n] };
    b.param("dims", (&d, &od));
    b.param("format", fmt);
    let (x, xv) = b.input("x", fmt, &d, &values(rng, fmt, n, -100.0, 100.0))?;
    let out = b.output(fmt, &od)?;
    let cycles = b.run(|ctx| oplib::movement::reshape(ctx, &x, &out))?;
    let got = b.read(&out)?;
    Ok(finish(b, fmt, got, xv, cycles))
}

pub fn concat(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let base = dims(rng, 1, 4, 5);
    let axis = rng.range_u64(0, base.len() as u64 - 1) as usize;
    let parts = rng.range_u64(2, 3);
    let mut tensors = Vec::new();
    let mut vals = Vec::new();
    let mut all_dims = Vec::new();
    for i in 0..parts {
        let mut d = base.clone();
        d[axis] = rng.range_u64(1, 4);
        let n: u64 = d.iter().product();
        let (t, v) = b.input(&format!("x{i}"), fmt, &d, &values(rng, fmt, n, -100.0, 100.0))?;
        tensors.push(t);
        vals.push(v);
        all_dims.push(d);
    }
    let mut od = base.clone();
    od[axis] = all_dims.iter().map(|d| d[axis]).sum();
    b.param("dims_axis", (&all_dims, axis));
    b.param("format", fmt);
    let out = b.output(fmt, &od)?;
    let refs: Vec<&Tsr> = tensors.iter().collect();
    let cycles = b.run(|ctx| oplib::movement::concat(ctx, &refs, axis, &out))?;
    let got = b.read(&out)?;
    let parts_ref: Vec<(&[f64], &[u64])> =
        vals.iter().zip(&all_dims).map(|(v, d)| (v.as_slice(), d.as_slice())).collect();
    let want = reference::concat(&parts_ref, axis);
    Ok(finish(b, fmt, got, want, cycles))
}

fn random_box(rng: &mut Rng, d: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let size: Vec<u64> = d.iter().map(|&x| rng.range_u64(1, x)).collect();
    let start: Vec<u64> = d.iter().zip(&size).map(|(&x, &s)| rng.range_u64(0, x - s)).collect();
    (start, size)
}

pub fn slice(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let d = dims(rng, 1, 4, 7);
    let (start, size) = random_box(rng, &d);
    b.param("dims_start_size", (&d, &start, &size));
    b.param("format", fmt);
    let n: u64 = d.iter().product();
    let (x, xv) = b.input("x", fmt, &d, &values(rng, fmt, n, -100.0, 100.0))?;
    let out = b.output(fmt, &size)?;
    let cycles = b.run(|ctx| oplib::movement::slice(ctx, &x, &start, &out))?;
    let got = b.read(&out)?;
    let want = reference::slice(&xv, &d, &start, &size);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn gather(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let (rows, row) = (rng.range_u64(1, 50), rng.range_u64(1, 20));
    let count = rng.range_u64(1, 30);
    b.param("table_rows_row_count", (rows, row, count));
    b.param("format", fmt);
    let table = values(rng, fmt, rows * row, -100.0, 100.0);
    let bytes = if fmt.is_float() {
        crate::dtype::encode_f32(fmt, &table.iter().map(|&v| v as f32).collect::<Vec<_>>())
    } else {
        crate::dtype::encode_i64(fmt, &table.iter().map(|&v| v as i64).collect::<Vec<_>>())
    };
    let table = decode(fmt, &bytes);
    let ddr = 0x4_0000_0000 + rng.range_u64(0, 1000) * 4096;
    b.card.write_ddr(ddr, &bytes)?;
    let idx: Vec<f64> = (0..count).map(|_| rng.range_u64(0, rows - 1) as f64).collect();
    let (it, idx) = b.input("indices", Int32, &[count], &idx)?;
    let out = b.output(fmt, &[count, row])?;
    let cycles = b.run(|ctx| oplib::movement::gather(ctx, ddr, rows, row, &it, &out))?;
    let got = b.read(&out)?;
    let want: Vec<f64> =
        idx.iter().flat_map(|&i| table[i as usize * row as usize..(i as usize + 1) * row as usize].to_vec()).collect();
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn channel_norm(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Fp16, Bf16, Tf32, Int8]);
    let (n, h, w, c) = (rng.range_u64(1, 3), rng.range_u64(1, 3), rng.range_u64(1, 4), rng.range_u64(1, 300));
    let layout = if n == 1 && rng.next_u64() & 1 == 1 { MemLayout::Cx } else { MemLayout::NCx };
    let d = [n, h, w, c];
    b.param("dims", d);
    b.param("format_layout", (fmt, layout));
    let (x, xv) = b.input("x", fmt, &d, &values(rng, fmt, n * h * w * c, -100.0, 100.0))?;
    let placed = Placement::new(layout, fmt, Nhwc { n, h, w, c })?;
    // Dense -> blocked, then blocked -> dense again.
    let blocked = Tsr::new(fmt, b.alloc(placed.bytes())?, &d);
    let back = b.output(fmt, &d)?;
    let cycles = b.run(|ctx| {
        let c1 = oplib::movement::channel_norm(ctx, &x, &blocked, layout, true)?;
        Ok(c1 + oplib::movement::channel_norm(ctx, &blocked, &back, layout, false)?)
    })?;
    // The blocked bytes must equal the CPU placement (padding zero), and the round trip the input.
    let cpu = placed.from_dense(&b.card.read_spm(0, x.addr, x.bytes())?)?;
    let sim = b.card.read_spm(0, blocked.addr, placed.bytes())?;
    let mut got = decode(fmt, &sim);
    let mut want = decode(fmt, &cpu);
    got.extend(b.read(&back)?);
    want.extend(xv);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn load_store(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let d = dims(rng, 1, 4, 9);
    let (start, size) = random_box(rng, &d);
    let (start2, _) = random_box(rng, &d);
    // The destination box must fit: clamp start2 so start2 + size <= d.
    let start2: Vec<u64> = start2.iter().zip(&size).zip(&d).map(|((&s, &z), &x)| s.min(x - z)).collect();
    b.param("dims_load_box_store_start", (&d, &start, &size, &start2));
    b.param("format", fmt);
    let n: u64 = d.iter().product();
    let v = values(rng, fmt, n, -100.0, 100.0);
    let bytes = if fmt.is_float() {
        crate::dtype::encode_f32(fmt, &v.iter().map(|&x| x as f32).collect::<Vec<_>>())
    } else {
        crate::dtype::encode_i64(fmt, &v.iter().map(|&x| x as i64).collect::<Vec<_>>())
    };
    let v = decode(fmt, &bytes);
    let src = DdrTensor { addr: 0x1_0000_0000, dims: d.clone() };
    let dst = DdrTensor { addr: 0x2_0000_0000, dims: d.clone() };
    b.card.write_ddr(src.addr, &bytes)?;
    let tile = b.output(fmt, &size)?;
    let cycles = b.run(|ctx| {
        let c1 = oplib::dma::load(ctx, LoadKind::Var, &src, &start, &tile, crate::layout::MemLayout::NTensor)?;
        let j = ctx.execute(&crate::isa::Instr::Join(crate::engine::EngineMask::of(&[crate::engine::Engine::Rdma])))?;
        let c2 = oplib::dma::store(ctx, &tile, &dst, &start2, crate::layout::MemLayout::NTensor)?;
        let j2 =
            ctx.execute(&crate::isa::Instr::Join(crate::engine::EngineMask::of(&[crate::engine::Engine::Wdma])))?;
        Ok(c1 + j + c2 + j2)
    })?;
    // Whole destination tensor: the stored box, zeros elsewhere.
    let got = decode(fmt, &b.card.read_ddr(dst.addr, bytes.len() as u64)?);
    let boxv = reference::slice(&v, &d, &start, &size);
    let mut want = vec![0.0; n as usize];
    let strides = oplib::strides(&d);
    for (i, val) in boxv.iter().enumerate() {
        let (mut rem, mut off) = (i as u64, 0u64);
        for k in (0..d.len()).rev() {
            let idx = rem % size[k];
            rem /= size[k];
            off += (start2[k] + idx) * strides[k];
        }
        want[off as usize] = *val;
    }
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn gather_spm(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let td = dims(rng, 1, 3, 6);
    let axis = rng.range_u64(0, td.len() as u64 - 1) as usize;
    // Scalar (rank-0) indices in some cases: the axis disappears.
    let id = dims(rng, 0, 2, 5);
    b.param("table_axis_indices", (&td, axis, &id));
    b.param("format", fmt);
    let n: u64 = td.iter().product();
    let (t, tv) = b.input("table", fmt, &td, &values(rng, fmt, n, -100.0, 100.0))?;
    let count: u64 = id.iter().product();
    let idx: Vec<f64> = (0..count).map(|_| rng.range_u64(0, td[axis] - 1) as f64).collect();
    let (it, idx) = b.input("indices", Int32, &id, &idx)?;
    let mut od = td[..axis].to_vec();
    od.extend_from_slice(&id);
    od.extend_from_slice(&td[axis + 1..]);
    let out = b.output(fmt, &od)?;
    let cycles = b.run(|ctx| oplib::movement::gather_spm(ctx, &t, &it, axis, &out))?;
    let got = b.read(&out)?;
    let want = reference::gather(&tv, &td, &idx, axis);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn pad(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = any_fmt(rng);
    let d = dims(rng, 1, 4, 5);
    let r = d.len();
    let mut low: Vec<i64> = (0..r).map(|_| rng.range_i64(-2, 3)).collect();
    let mut high: Vec<i64> = (0..r).map(|_| rng.range_i64(-2, 3)).collect();
    let interior: Vec<i64> = (0..r).map(|_| if flip(rng) { 0 } else { rng.range_i64(0, 2) }).collect();
    // Keep every output dim non-empty (cropping may not remove a whole dim).
    for k in 0..r {
        if oplib::pad::padded_dim(d[k], low[k], high[k], interior[k] as u64).unwrap_or(0) == 0 {
            low[k] = low[k].max(0);
            high[k] = high[k].max(0);
        }
    }
    let od: Vec<u64> =
        (0..r).map(|k| oplib::pad::padded_dim(d[k], low[k], high[k], interior[k] as u64).unwrap_or(1)).collect();
    // The value as the format holds it (integers: a whole number).
    let value = if fmt.is_float() { -7.25 } else { rng.range_i64(-9, 9) as f64 };
    b.param("dims_out", (&d, &od));
    b.param("low_high_interior", (&low, &high, &interior));
    b.param("format_value", (fmt, value));
    let n: u64 = d.iter().product();
    let (x, xv) = b.input("x", fmt, &d, &values(rng, fmt, n, -100.0, 100.0))?;
    let out = b.output(fmt, &od)?;
    let cycles = b.run(|ctx| oplib::pad::pad(ctx, &x, &out, &low, &high, &interior, value as f32))?;
    let got = b.read(&out)?;
    let want = reference::pad(&xv, &d, &low, &interior, &od, value);
    Ok(finish(b, fmt, got, want, cycles))
}

fn flip(rng: &mut Rng) -> bool {
    rng.next_u64() & 1 == 1
}
