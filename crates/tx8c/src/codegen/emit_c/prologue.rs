//! A group's prologue in `main.c`: what the tiles load once before the
//! steps and share over the NoC (a broadcast box, line-shared chunks), the
//! next group's prologue read early (prefetch) or run during this group's
//! steps (ahead), the next group's weights read early (`consts`), and
//! the box copies they need.

use std::fmt::Write;

use super::*;

/// The loads the group issues, with their slot: every one but those
/// sharing another's buffer (`OperandPlan::shares`).
pub(super) fn loaded_operands(g: &GroupPlan) -> impl Iterator<Item = (usize, &crate::codegen::plan::OperandPlan)> {
    g.operands.iter().enumerate().filter(|(_, o)| o.shares.is_none())
}
/// The loaded operands each step reads from DDR (not copied out of
/// another's buffer, not broadcast before the steps).
pub(super) fn dma_operands(g: &GroupPlan) -> impl Iterator<Item = (usize, &crate::codegen::plan::OperandPlan)> {
    loaded_operands(g).filter(|(_, o)| o.copy_of.is_none() && !o.broadcast && o.line.is_none())
}
/// Whether the group has a prologue (`emit_broadcast`) and its first
/// step's loads may be issued before the gathers, overlapping them: none
/// of their buffers lies in the broadcast region (the all-gather
/// overwrites the whole region on every tile; buffers do not overlap, so
/// one starting before the region ends before it). Line-shared operands
/// gather into their own buffers only.
pub(super) fn broadcast_overlaps(g: &GroupPlan) -> bool {
    match broadcast_region(g) {
        Some((lo, hi)) => dma_operands(g).all(|(_, o)| o.spm_addrs.iter().all(|&a| a < lo || a >= hi)),
        None => loaded_operands(g).any(|(_, o)| o.line.is_some()),
    }
}
/// The SPM region `[lo, hi)` the broadcast all-gathers, if the group
/// broadcasts weights.
pub(super) fn broadcast_region(g: &GroupPlan) -> Option<(u64, u64)> {
    crate::codegen::plan::broadcast_region(&g.operands)
}
/// The line-shared operands, on a mesh (read_ir records them only there).
pub(super) fn line_operands(
    g: &GroupPlan,
    mesh: Option<(u32, u32)>,
) -> Vec<(usize, &crate::codegen::plan::OperandPlan, crate::codegen::plan::LinePlan)> {
    loaded_operands(g).filter(|_| mesh.is_some()).filter_map(|(k, o)| o.line.map(|l| (k, o, l))).collect()
}
/// The prologue's chunk ranges of this tile (`a`..`b` of the broadcast
/// region; `lo{k}`..`hi{k}`, `at{k}`, `n{k}` of each line-shared operand k)
/// as block-local declarations, and when `read` the RDMA reads of them
/// (not joined). Returns the broadcast chunk's bytes.
pub(super) fn emit_chunk_reads(s: &mut String, g: &GroupPlan, tiles: u32, mesh: Option<(u32, u32)>, read: bool) -> u64 {
    use tx8be::schedule::shares::Share;
    let id = g.id;
    let parts: Vec<(usize, &crate::codegen::plan::OperandPlan)> =
        loaded_operands(g).filter(|(_, o)| o.broadcast).collect();
    if let Some((x, _)) = mesh {
        let _ = writeln!(s, "        const uint32_t row = t / {x}u, col = t % {x}u;");
        let _ = writeln!(s, "        (void)row; (void)col;");
    }
    let mut chunk = 0;
    if let Some((lo, hi)) = broadcast_region(g) {
        chunk = (hi - lo).div_ceil(tiles.max(1) as u64).div_ceil(256) * 256;
        let n = parts.len();
        let list = |f: &dyn Fn(&crate::codegen::plan::OperandPlan) -> u64| {
            parts.iter().map(|(_, o)| format!("{:#x}ull", f(o))).collect::<Vec<_>>().join(", ")
        };
        let _ = writeln!(s, "        const uint64_t a = {lo:#x}ull + (uint64_t)t * {chunk}ull;");
        let _ = writeln!(s, "        const uint64_t b = a + {chunk}ull < {hi:#x}ull ? a + {chunk}ull : {hi:#x}ull;");
        if read {
            let _ = writeln!(
                s,
                "        static const uint64_t spm[{n}] = {{{}}}, ddr[{n}] = {{{}}}, len[{n}] = {{{}}};",
                list(&|o| o.spm_addrs[0]),
                list(&|o| o.ddr.addr),
                list(&|o| o.ddr.bytes())
            );
            let _ = writeln!(s, "        for (int32_t q = 0; q < {n}; q++) {{");
            let _ = writeln!(s, "            const uint64_t x = a > spm[q] ? a : spm[q], y = b < spm[q] + len[q] ? b : spm[q] + len[q];");
            let _ =
                writeln!(s, "            if (x < y) tsm_rdma_load(ddr[q] + (x - spm[q]), x, 1, y - x, y - x, y - x);");
            let _ = writeln!(s, "        }}");
        }
    }
    for (k, o, l) in line_operands(g, mesh) {
        let c = l.chunks;
        let (m, units, dim, rank) = (c.chunks, c.units, c.dim, o.ddr.dims.len());
        let (pos, along) = if l.share == Share::Row { ("col", "row") } else { ("row", "column") };
        let load = if o.is_const { "op_load_const" } else { "op_dma_load" };
        let _ = writeln!(
            s,
            "        /* operand {k}, shared along each mesh {along}: chunk p of {m} from the tile at position p */"
        );
        let _ = writeln!(s, "        const int64_t lo{k} = {pos} < {m}u ? (int64_t){pos} * {units} / {m} : 0, hi{k} = {pos} < {m}u ? (int64_t)({pos} + 1) * {units} / {m} : 0;");
        let _ = writeln!(s, "        const uint64_t at{k} = {:#x}ull + (uint64_t)lo{k} * {ub}ull, n{k} = (uint64_t)(hi{k} - lo{k}) * {ub}ull;", o.spm_addrs[0], ub = c.unit_bytes);
        let _ = writeln!(s, "        (void)at{k}; (void)n{k};");
        if read {
            let _ = writeln!(s, "        if (lo{k} < hi{k}) {{");
            let _ = writeln!(s, "            BOX cb = g{id}_in{k}[g{id}_first[t]];");
            let _ = writeln!(s, "            cb.start[{dim}] += (int32_t)(lo{k} * {u}); cb.size[{dim}] = (int32_t)((hi{k} - lo{k}) * {u});", u = c.unit);
            let _ = writeln!(s, "            L_SHAPE sc; set_shape(&sc, {rank}, g{id}_whole{k}, &cb);");
            let _ =
                writeln!(s, "            TSR ck = {{{}, at{k}, &sc, {}}};", o.ddr.fmt.c_name(), o.ddr.layout_code());
            let _ = writeln!(s, "            {load}(&ck, {:#x}ull);", o.ddr.addr);
            let _ = writeln!(s, "        }}");
        }
    }
    chunk
}
/// The call of the next group's chunk reads at the end of `g`, after its
/// last call (`GroupPlan::prefetch_next`).
/// (`empty`: a C condition true on a tile without steps, which reads its
/// chunks here even when the others read them early.)
pub(super) fn emit_prefetch_call(s: &mut String, g: &GroupPlan, empty: &str) {
    match g.prefetch_next {
        Some(next) if g.prefetch_early => {
            let _ = writeln!(
                s,
                "    if ({empty}) group_{next}_chunks(); /* a tile without steps: the next group's prologue reads */"
            );
        }
        Some(next) => {
            let _ = writeln!(
                s,
                "    group_{next}_chunks(); /* the next group's prologue reads, during this group's end */"
            );
        }
        None => {}
    }
}
/// At the start of the last step (`GroupPlan::prefetch_early`; `last`: a C
/// expression of it): the next group's chunk reads, beside the step's calls.
pub(super) fn emit_early_prefetch(s: &mut String, g: &GroupPlan, last: &str) {
    if let Some(next) = g.prefetch_next.filter(|_| g.prefetch_early) {
        let _ = writeln!(s, "        if (i == {last}) group_{next}_chunks(); /* the next group's prologue reads, during this group's last step */");
    }
}
/// The function the group before a prefetched group calls at its end
/// (`GroupPlan::prefetched`): this tile's prologue chunk reads, not joined.
pub(super) fn emit_chunks_function(s: &mut String, g: &GroupPlan, tiles: u32, mesh: Option<(u32, u32)>) {
    let _ = writeln!(s, "static void group_{}_chunks(void) {{", g.id);
    let _ = writeln!(s, "    const uint32_t t = tile_id();");
    let _ = writeln!(s, "    {{");
    emit_chunk_reads(s, g, tiles, mesh, true);
    let _ = writeln!(s, "    }}");
    s.push_str("}\n\n");
}
/// The function the group before an `ahead` group calls at each of its
/// steps (`GroupPlan::ahead`): this tile's prologue chunk sent to every
/// other tile, messages `lo..hi` of them (in one phase: the group before
/// has no barrier to put between two).
pub(super) fn emit_sends_function(s: &mut String, g: &GroupPlan, tiles: u32, mesh: Option<(u32, u32)>) {
    let _ = writeln!(s, "static void group_{}_sends(uint32_t lo, uint32_t hi) {{", g.id);
    let _ = writeln!(s, "    const uint32_t t = tile_id();");
    let _ = writeln!(s, "    {{");
    emit_chunk_reads(s, g, tiles, mesh, false);
    let n = tiles.saturating_sub(1);
    let _ = writeln!(s, "        for (uint32_t q = lo; q < hi && q < {n}u; q++) if (a < b) tsm_dte_copy((t + 1u + q) % {tiles}u, a, a, b - a);");
    let _ = writeln!(s, "    }}");
    s.push_str("}\n\n");
}
/// Points of a group's steps at which it sends messages of the next
/// group's prologue (`GroupPlan::ahead_next`): a step's start and after
/// each of its calls, whose issues wait on each other and so spread the
/// points over the step; none during the first step (its chunk reads run
/// then). The messages are spread evenly over the points of the tile with
/// the fewest steps, a message at every few points when there are fewer
/// messages than points, so they travel while the group computes and the
/// DTE queue rarely fills: a full queue stalls the calls' issue.
pub(super) fn ahead_points(g: &GroupPlan) -> u32 {
    let steps = g.steps.iter().map(Vec::len).filter(|&n| n > 0).min().unwrap_or(1) as u32;
    (steps.saturating_sub(1) * (g.producers.len() as u32 + 2)).max(1)
}
/// In the group before an `ahead` group, before its steps: `ahead_q`,
/// the next message to send, `ahead_p`, the points passed, and
/// `ahead_first`, the first step (`first`: a C expression of it).
pub(super) fn emit_ahead_state(s: &mut String, g: &GroupPlan, tiles: u32, first: &str) {
    if g.ahead_next.is_some() {
        let _ = writeln!(s, "    uint32_t ahead_q = 0, ahead_p = 0; const int32_t ahead_first = {first};");
        let _ = writeln!(
            s,
            "    const uint32_t ahead_n = {}u, ahead_pts = {}u; /* messages, points */",
            tiles.saturating_sub(1),
            ahead_points(g)
        );
    }
}
/// In the group before an `ahead` group, at its first step once the
/// step's loads are joined: the chunk reads. Issued before the steps, they
/// would hold up that join (it waits for the whole RDMA queue); the sends
/// start at the next step, when they are in.
pub(super) fn emit_ahead_reads(s: &mut String, g: &GroupPlan, indent: &str) {
    if let Some(n) = g.ahead_next {
        let _ = writeln!(
            s,
            "{indent}if (i == ahead_first) group_{n}_chunks(); /* the next group's prologue, during this group */"
        );
    }
}
/// At a point of a step after the first: the next messages.
pub(super) fn emit_ahead_sends(s: &mut String, g: &GroupPlan, indent: &str) {
    if let Some(n) = g.ahead_next {
        // At most a DTE queue's worth at a point; the rest go at the end.
        let q = g.dte_queue;
        let _ = writeln!(s, "{indent}if (i != ahead_first) {{ uint32_t h = ++ahead_p * ahead_n / ahead_pts; if (h > ahead_q + {q}u) h = ahead_q + {q}u; if (h > ahead_q) {{ group_{n}_sends(ahead_q, h); ahead_q = h; }} }}");
    }
}
/// After its loop: the messages left, joined before its closing barrier.
/// (`empty`: a C condition true on a tile without steps, which reads its
/// chunks here: its loop never reached the first step.)
pub(super) fn emit_ahead_last_sends(s: &mut String, g: &GroupPlan, empty: &str) {
    if let Some(n) = g.ahead_next {
        let _ =
            writeln!(s, "    if ({empty}) group_{n}_chunks(); /* a tile without steps: the next group's prologue */");
        let _ = writeln!(s, "    group_{n}_sends(ahead_q, 0xffffffffu);");
        s.push_str("    op_join(TX8_ENGINE_DTE);\n");
    }
}
/// The prologue that fills, before the steps, the operands every tile
/// reads the same way at every step. Broadcast operands
/// (`OperandPlan::broadcast`): the SPM region from the first broadcast
/// buffer to the end of the last is cut into one chunk per tile; tile t
/// reads the bytes of chunk t that belong to broadcast weights from DDR
/// (each weight's SPM image is its DDR image: a whole tensor in the same
/// placement) and the tiles all-gather the chunks by DTE, to the same
/// addresses: on a mesh (`mesh`: tiles per row, rows) each chunk along its
/// row, a barrier, then each row's chunks (adjacent in the region) down
/// the columns; else to every other tile at once. The region holds only
/// this group's load buffers, none filled yet. Line-shared operands
/// (`OperandPlan::line`): the tile at position p of its row or column
/// loads chunk p of the line's box (`LineChunks`: a sub-box whose image is
/// a byte range of the box's image) at its offset in the buffer and sends
/// it to the line's other tiles; row shares go with the broadcast's first
/// phase, column shares after its second. Barriers before (the other
/// tiles may still use their SPM for the previous group; not when it
/// ended with one: `GroupPlan::synced_before`) and after (every chunk
/// arrived). Then each such operand's TSR (`in{k}` / `s{k}`, `[0]` when
/// `indexed`) describes its box.
pub(super) fn emit_broadcast(
    s: &mut String,
    g: &GroupPlan,
    tiles: u32,
    mesh: Option<(u32, u32)>,
    indexed: bool,
    after_chunk: Option<&dyn Fn(&mut String)>,
    before_close: Option<&dyn Fn(&mut String)>,
) {
    use tx8be::schedule::shares::Share;
    let lines = line_operands(g, mesh);
    let region = broadcast_region(g);
    if region.is_none() && lines.is_empty() {
        return;
    }
    let id = g.id;
    if g.ahead {
        // The group before read and gathered the chunks, and ended with a
        // barrier after its sends.
        let _ = writeln!(s, "    /* prologue: run by the group before (group_{id}_chunks, group_{id}_sends) */");
        if let Some(f) = after_chunk {
            f(s);
        }
        emit_prologue_tsrs(s, g, mesh, indexed);
        return;
    }
    let _ = writeln!(s, "    /* prologue: a chunk each from DDR, then all-gathered by DTE */");
    // The gather writes the other tiles' SPM: they must be done with the
    // previous group (already so after its closing barrier).
    if !g.synced_before {
        let _ = writeln!(s, "    op_barrier();");
    }
    let _ = writeln!(s, "    {{");
    // Read by the group before when prefetched (`group_<id>_chunks`).
    let chunk = emit_chunk_reads(s, g, tiles, mesh, !g.prefetched);
    let _ = writeln!(s, "        op_join(TX8_ENGINE_RDMA);");
    // The first step's loads, issued behind the chunks: they run while
    // the chunks travel. Loads through views take a copy per run of the
    // view, more than the RDMA queue holds: issued first, they would stall
    // the sends behind them, so they follow the first phase's sends.
    let late = loaded_operands(g).any(|(_, o)| o.view.is_some());
    if !late {
        if let Some(f) = after_chunk {
            f(s);
        }
    }
    let late_loads = |s: &mut String| {
        if let Some(f) = after_chunk.filter(|_| late) {
            f(s);
        }
    };
    // The line shares of one kind: each tile's chunk to the line's others.
    let send = |s: &mut String, share: Share| {
        let Some((x, y)) = mesh else { return };
        for (k, _, l) in lines.iter().filter(|(_, _, l)| l.share == share) {
            let dst = if share == Share::Row {
                format!("row * {x}u + (col + u) % {x}u")
            } else {
                format!("((row + u) % {y}u) * {x}u + col")
            };
            let _ = writeln!(
                s,
                "        if (n{k}) for (uint32_t u = 1; u < {}u; u++) tsm_dte_copy({dst}, at{k}, at{k}, n{k});",
                l.len
            );
        }
    };
    match (region, mesh) {
        (Some((lo, hi)), Some((x, y))) => {
            // Along the row, then the row's chunks (adjacent) down the column.
            let row_bytes = chunk * x as u64;
            let _ = writeln!(s, "        if (a < b) for (uint32_t u = 1; u < {x}u; u++) tsm_dte_copy(row * {x}u + (col + u) % {x}u, a, a, b - a);");
            send(s, Share::Row);
            late_loads(s);
            let _ = writeln!(s, "        op_join(TX8_ENGINE_DTE);");
            let _ = writeln!(s, "        op_barrier();");
            let _ = writeln!(s, "        const uint64_t ra = {lo:#x}ull + (uint64_t)row * {row_bytes}ull;");
            let _ = writeln!(
                s,
                "        const uint64_t rb = ra + {row_bytes}ull < {hi:#x}ull ? ra + {row_bytes}ull : {hi:#x}ull;"
            );
            let _ = writeln!(s, "        if (ra < rb) for (uint32_t u = 1; u < {y}u; u++) tsm_dte_copy(((row + u) % {y}u) * {x}u + col, ra, ra, rb - ra);");
        }
        (Some(_), None) => {
            let _ = writeln!(s, "        if (a < b) for (uint32_t u = 1; u < {tiles}u; u++) tsm_dte_copy((t + u) % {tiles}u, a, a, b - a);");
            late_loads(s);
        }
        (None, _) => {
            send(s, Share::Row);
            late_loads(s);
        }
    }
    send(s, Share::Column);
    if let Some(f) = before_close {
        f(s);
    }
    let _ = writeln!(s, "        op_join(TX8_ENGINE_DTE);");
    let _ = writeln!(s, "    }}");
    let _ = writeln!(s, "    op_barrier();");
    emit_prologue_tsrs(s, g, mesh, indexed);
}
/// After a prologue, the TSR (`in{k}` / `s{k}`, `[0]` when `indexed`) of
/// each operand it filled, describing its box.
pub(super) fn emit_prologue_tsrs(s: &mut String, g: &GroupPlan, mesh: Option<(u32, u32)>, indexed: bool) {
    let id = g.id;
    let parts: Vec<(usize, &crate::codegen::plan::OperandPlan)> =
        loaded_operands(g).filter(|(_, o)| o.broadcast).collect();
    let lines = line_operands(g, mesh);
    let at = if indexed { "[0]" } else { "" };
    let decl = if indexed { "[1]" } else { "" };
    for (k, o) in parts {
        let dim = o.ddr.dims.len();
        let _ = writeln!(
            s,
            "    static const BOX g{id}_bw{k} = {};",
            box_literal(&TBox { start: vec![0; dim], size: o.ddr.dims.clone() })
        );
        let _ = writeln!(s, "    L_SHAPE s{k}{decl}; TSR in{k}{decl};");
        let _ = writeln!(s, "    set_shape(&s{k}{at}, {dim}, g{id}_whole{k}, &g{id}_bw{k});");
        let _ = writeln!(
            s,
            "    in{k}{at} = (TSR){{{}, {:#x}ull, &s{k}{at}, {}}};",
            o.ddr.fmt.c_name(),
            o.spm_addrs[0],
            o.ddr.layout_code()
        );
    }
    for (k, o, _) in &lines {
        let dim = o.ddr.dims.len();
        let _ = writeln!(s, "    L_SHAPE s{k}{decl}; TSR in{k}{decl};");
        let _ = writeln!(s, "    set_shape(&s{k}{at}, {dim}, g{id}_whole{k}, &g{id}_in{k}[g{id}_first[t]]);");
        let _ = writeln!(
            s,
            "    in{k}{at} = (TSR){{{}, {:#x}ull, &s{k}{at}, {}}};",
            o.ddr.fmt.c_name(),
            o.spm_addrs[0],
            o.ddr.layout_code()
        );
    }
}
/// Copies of the operands whose box lies in another load's buffer
/// (`OperandPlan::copy_of`): step `i`'s box, at its offset in the source's
/// box, by TDMA into the operand's first buffer. `src(r)` / `dst(k)` name
/// the TSRs (`dst(k)` is assigned here).
pub(super) fn emit_copies(
    s: &mut String,
    g: &GroupPlan,
    indent: &str,
    src: &dyn Fn(usize) -> String,
    dst: &dyn Fn(usize) -> String,
    shape: &dyn Fn(usize) -> String,
) {
    let id = g.id;
    for (k, o) in loaded_operands(g) {
        let Some(r) = o.copy_of else { continue };
        let dim = o.ddr.dims.len();
        let _ = writeln!(s, "{indent}set_shape(&{}, {dim}, g{id}_whole{k}, &g{id}_in{k}[i]);", shape(k));
        let _ = writeln!(
            s,
            "{indent}{} = (TSR){{{}, {:#x}ull, &{}, {}}};",
            dst(k),
            o.ddr.fmt.c_name(),
            o.spm_addrs[0],
            shape(k),
            o.ddr.layout_code()
        );
        emit_box_copy(
            s,
            indent,
            dim,
            &format!("g{id}_in{k}[i]"),
            &format!("g{id}_in{r}[i]"),
            &src(r),
            &format!("&{}", dst(k)),
        );
    }
}
/// An `op_spm_box_copy` of box `inner` (a BOX expression) out of the
/// buffer `src` holding box `outer`, into `dst`: at its offset in `outer`.
pub(super) fn emit_box_copy(s: &mut String, indent: &str, dim: usize, inner: &str, outer: &str, src: &str, dst: &str) {
    let _ = writeln!(s, "{indent}{{");
    let _ = writeln!(s, "{indent}    uint64_t at[{dim}];");
    let _ = writeln!(
        s,
        "{indent}    for (int32_t d = 0; d < {dim}; d++) at[d] = (uint64_t)({inner}.start[d] - {outer}.start[d]);"
    );
    let _ = writeln!(s, "{indent}    op_spm_box_copy(at, {src}, {dst});");
    let _ = writeln!(s, "{indent}}}");
}
/// The function the group before calls once its last step's calls are
/// issued (`GroupPlan::consts_ahead`, `tx8be::schedule::const_prefetch`):
/// this tile's first-step reads of the weights, not joined (the group
/// joins the RDMA queue before its first call).
pub(super) fn emit_consts_function(s: &mut String, g: &GroupPlan) {
    let id = g.id;
    let _ = writeln!(s, "static void group_{id}_consts(void) {{");
    let _ = writeln!(s, "    const uint32_t t = tile_id();");
    let _ = writeln!(s, "    if (g{id}_first[t] == g{id}_first[t + 1]) return;");
    let _ = writeln!(s, "    const int32_t i = g{id}_first[t];");
    for &k in &g.consts_ahead {
        let o = &g.operands[k];
        let dim = o.ddr.dims.len();
        let _ = writeln!(s, "    if (g{id}_ld{k}[i]) {{");
        let _ = writeln!(s, "        L_SHAPE s; TSR in;");
        let _ = writeln!(s, "        set_shape(&s, {dim}, g{id}_whole{k}, &g{id}_in{k}[i]);");
        let _ = writeln!(
            s,
            "        in = (TSR){{{}, {:#x}ull, &s, {}}};",
            o.ddr.fmt.c_name(),
            o.spm_addrs[0],
            o.ddr.layout_code()
        );
        let _ = writeln!(s, "        {};", o.load_call(id, k, "in"));
        let _ = writeln!(s, "    }}");
    }
    s.push_str("}\n\n");
}
/// The call of the next group's weight reads in the last step of `g`,
/// once its calls are issued (`last`: a C expression of that step).
pub(super) fn emit_consts_call(s: &mut String, g: &GroupPlan, last: &str) {
    if let Some(next) = g.consts_next {
        let _ = writeln!(
            s,
            "        if (i == {last}) group_{next}_consts(); /* the next group's weights, during this group's end */"
        );
    }
}
/// After the steps: the next group's weight reads on a tile without steps
/// (`empty`: a C condition), or on every tile (`empty` = None).
pub(super) fn emit_consts_after(s: &mut String, g: &GroupPlan, empty: Option<&str>) {
    if let Some(next) = g.consts_next {
        match empty {
            Some(c) => {
                let _ = writeln!(
                    s,
                    "    if ({c}) group_{next}_consts(); /* a tile without steps: the next group's weights */"
                );
            }
            None => {
                let _ =
                    writeln!(s, "    group_{next}_consts(); /* the next group's weights, during this group's end */");
            }
        }
    }
}
