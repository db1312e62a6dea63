//! Prints the group function of a ring GEMM (`GroupPlan::ring`; the
//! schedule is `tx8be_transforms::ring_share`'s): A's rows load once; each
//! round's first chunk of B comes from DDR (the first before the loop, the
//! others prefetched at step 1 of the round before into buffer 0); at every
//! other step the chunk arrives by DTE from the next tile of the ring into
//! ring buffer `1 + j % 3`. Per step: join the previous GEMM and the store
//! before it, store the previous output, issue the GEMM into output buffer
//! `k & 1` (one NE instruction, `tsm_ne_gemm`, not waited for), pass the
//! chunk held on to the previous tile (DTE, overlapping the GEMM), join
//! the DTE (and at a round's last step the prefetch) and wait at a barrier
//! (overlapping the GEMM too) so the chunk the next step reads has arrived
//! everywhere. A bias loads whole with A; each GEMM adds its chunk's
//! columns (the NE's bias address, offset by the chunk's first column).

use std::fmt::Write;

use super::plan::{Call, GroupPlan};
use tx8_cmodel::isa::NeAct;
use tx8be::schedule::shares::{BIAS_OPERAND, SHARED_OPERAND};

/// The group function; the box tables (`g{id}_in{k}`, `g{id}_out`,
/// `g{id}_first`) are already printed, in ring order.
pub fn emit_ring_body(s: &mut String, g: &GroupPlan, ring: &[u32]) {
    let id = g.id;
    let t = ring.len();
    let (a, b) = (&g.operands[0], &g.operands[SHARED_OPERAND]);
    let mut prev = vec![0u32; t];
    for (pos, &tile) in ring.iter().enumerate() {
        prev[tile as usize] = ring[(pos + t - 1) % t];
    }
    let list = |v: &[u64]| v.iter().map(|x| format!("{x:#x}ull")).collect::<Vec<_>>().join(", ");
    let _ = writeln!(
        s,
        "/* group {id} shares B round the ring {{{}}} */",
        ring.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
    );
    let _ = writeln!(
        s,
        "static const uint32_t g{id}_prev[{t}] = {{{}}};",
        prev.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
    );
    super::emit_c::group_prologue(s, id);
    let _ = writeln!(s, "    const int32_t first = g{id}_first[t], end = g{id}_first[t + 1];");
    let _ = writeln!(s, "    static const uint64_t ab[{}] = {{{}}};", b.spm_addrs.len(), list(&b.spm_addrs));
    let _ = writeln!(s, "    static const uint64_t ao[2] = {{{}}};", list(&g.out_spm_addrs));
    s.push_str("    L_SHAPE s0, sp, so[2]; TSR in0, pre, out[2];\n");
    if let Some((addr, bytes)) = g.imm {
        let _ = writeln!(s, "    L_SHAPE si = {{{{{bytes}}}, {{0}}, {{{bytes}}}, {{{bytes}}}, 1}};");
        let _ = writeln!(s, "    TSR imm = {{Fmt_INT8, {addr:#x}ull, &si}};");
    }
    // The ring's SPM regions of the other tiles may still hold a previous
    // group's buffers: start together.
    s.push_str("    op_barrier();\n");
    s.push_str("    if (first >= end) return;\n");
    let load = |o: &super::plan::OperandPlan| if o.is_const { "op_load_const" } else { "op_dma_load" };
    let (da, db) = (a.ddr.dims.len(), b.ddr.dims.len());
    let _ = writeln!(s, "    set_shape(&s0, {da}, g{id}_whole0, &g{id}_in0[first]);");
    let _ = writeln!(
        s,
        "    in0 = (TSR){{{}, {:#x}ull, &s0, {}}};",
        a.ddr.fmt.c_name(),
        a.spm_addrs[0],
        a.ddr.layout_code()
    );
    let _ = writeln!(s, "    {}(&in0, {:#x}ull);", load(a), a.ddr.addr);
    let _ = writeln!(s, "    set_shape(&sp, {db}, g{id}_whole1, &g{id}_in1[first]);");
    let _ = writeln!(s, "    pre = (TSR){{{}, ab[0], &sp, {}}};", b.ddr.fmt.c_name(), b.ddr.layout_code());
    let _ = writeln!(s, "    {}(&pre, {:#x}ull);", load(b), b.ddr.addr);
    if let Some(bias) = g.operands.get(BIAS_OPERAND) {
        // The whole bias, once: each GEMM reads its chunk's columns.
        let n_all = bias.ddr.dims.first().copied().unwrap_or(0);
        let _ = writeln!(s, "    static const BOX bias_whole = {{{{0}}, {{{n_all}}}}};");
        let _ = writeln!(s, "    L_SHAPE sb; set_shape(&sb, 1, g{id}_whole{BIAS_OPERAND}, &bias_whole);");
        let _ = writeln!(
            s,
            "    TSR bias = {{{}, {:#x}ull, &sb, {}}};",
            bias.ddr.fmt.c_name(),
            bias.spm_addrs[0],
            bias.ddr.layout_code()
        );
        let _ = writeln!(s, "    {}(&bias, {:#x}ull);", load(bias), bias.ddr.addr);
    }
    s.push_str("    op_join(TX8_ENGINE_RDMA);\n");
    s.push_str("    const uint64_t chunk_bytes = tx8_placed_bytes(&pre);\n");
    let (trans_a, trans_b, act) = match g.call {
        Call::Gemm { trans_a, trans_b, act, .. } => (trans_a, trans_b, act),
        _ => (false, false, NeAct::None),
    };
    // Every step multiplies the same shapes (ring_order checked it).
    let Some(step0) = g.steps.iter().flatten().next() else { return };
    // The output box's leading dims are rows of one matrix (A's box is
    // dense in SPM, so its leading dims are rows too).
    let Some((&n, lead)) = step0.store.size.split_last() else { return };
    let m: i64 = lead.iter().product();
    let a_box = step0.loads[0].as_ref().map(|b| b.size.clone()).unwrap_or_default();
    let k = if trans_a { a_box.first() } else { a_box.last() }.copied().unwrap_or(0);
    let odim = g.output.dims.len();
    s.push_str("    for (int32_t i = first; i < end; i++) {\n");
    let _ = writeln!(s, "        const int32_t k = i - first, j = k % {t};");
    s.push_str("        const int c = k & 1;\n");
    s.push_str("        const uint32_t buf = j == 0 ? 0 : 1 + j % 3;\n");
    // The previous GEMM and the store before it are done: output buffer c
    // is free, the previous output can go.
    s.push_str("        op_join(TX8_ENGINE_NE | TX8_ENGINE_WDMA);\n");
    let _ = writeln!(s, "        if (k > 0) op_dma_store(&out[c ^ 1], {:#x}ull);", g.output.addr);
    let _ = writeln!(s, "        set_shape(&so[c], {odim}, g{id}_wholeo, &g{id}_out[i]);");
    let _ =
        writeln!(s, "        out[c] = (TSR){{{}, ao[c], &so[c], {}}};", g.output.fmt.c_name(), g.output.layout_code());
    // The GEMM is issued, not waited for: the DTE hop, the prefetch, the
    // joins and the barrier overlap it.
    let bias = match g.operands.get(BIAS_OPERAND) {
        Some(b) => {
            format!("{:#x}ull + (uint64_t)g{id}_out[i].start[{}] * {}", b.spm_addrs[0], odim - 1, b.ddr.fmt.size())
        }
        None => "0".to_string(),
    };
    let _ = writeln!(
        s,
        "        NE_GEMM_PARAM p = {{{}, {}, {:#x}ull, ab[buf], ao[c], {bias}, {m}, {k}, {n}, 1, {}, {}, 0, 0{}}};",
        a.ddr.fmt.c_name(),
        g.output.fmt.c_name(),
        a.spm_addrs[0],
        trans_a as u32,
        trans_b as u32,
        super::emit_c::act_fields(act)
    );
    s.push_str("        tsm_ne_gemm(&p);\n");
    let _ = writeln!(s, "        if (j + 1 < {t} && i + 1 < end) tsm_dte_copy(g{id}_prev[t], ab[buf], ab[1 + (j + 1) % 3], chunk_bytes);");
    let _ = writeln!(s, "        if (j == 1 && i - 1 + {t} < end) {{");
    let _ = writeln!(s, "            set_shape(&sp, {db}, g{id}_whole1, &g{id}_in1[i - 1 + {t}]);");
    let _ = writeln!(s, "            pre = (TSR){{{}, ab[0], &sp, {}}};", b.ddr.fmt.c_name(), b.ddr.layout_code());
    let _ = writeln!(s, "            {}(&pre, {:#x}ull);", load(b), b.ddr.addr);
    s.push_str("        }\n");
    let _ = writeln!(s, "        op_join(j + 1 == {t} ? (TX8_ENGINE_DTE | TX8_ENGINE_RDMA) : TX8_ENGINE_DTE);");
    s.push_str("        op_barrier();\n");
    s.push_str("    }\n");
    s.push_str("    op_join(TX8_ENGINE_NE | TX8_ENGINE_WDMA);\n");
    let _ = writeln!(s, "    op_dma_store(&out[(end - 1 - first) & 1], {:#x}ull);", g.output.addr);
    s.push_str("    op_join(TX8_ENGINE_WDMA);\n");
    if g.barrier_after {
        s.push_str("    op_barrier();\n");
    }
    s.push_str("}\n\n");
}
