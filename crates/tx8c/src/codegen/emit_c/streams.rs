//! Operands streamed along a line of tiles at every step
//! (`OperandPlan::stream`): each tile's chunk, its reads and its sends.

use std::fmt::Write;

use super::*;

/// The streamed operands of a group, on a mesh (`OperandPlan::stream`).
pub(super) fn stream_operands(g: &GroupPlan, mesh: Option<(u32, u32)>) -> Vec<(usize, crate::codegen::plan::LinePlan)> {
    loaded_operands(g).filter(|_| mesh.is_some()).filter_map(|(k, o)| o.stream.map(|l| (k, l))).collect()
}
/// Whether `emit_broadcast` prints a prologue for the group (ending with a
/// barrier).
pub(super) fn has_prologue(g: &GroupPlan, mesh: Option<(u32, u32)>) -> bool {
    broadcast_region(g).is_some() || !line_operands(g, mesh).is_empty()
}
/// This tile's chunk of each streamed operand k (`slo{k}`..`shi{k}` of
/// its units, at byte `soff{k}` of the box's image, `sn{k}` bytes).
pub(super) fn declare_streams(
    s: &mut String,
    streams: &[(usize, crate::codegen::plan::LinePlan)],
    mesh: Option<(u32, u32)>,
) {
    use tx8be::schedule::shares::Share;
    let Some((x, _)) = mesh.filter(|_| !streams.is_empty()) else { return };
    let _ = writeln!(s, "    const uint32_t srow = t / {x}u, scol = t % {x}u;");
    let _ = writeln!(s, "    (void)srow; (void)scol;");
    for &(k, l) in streams {
        let c = l.chunks;
        let (m, units) = (c.chunks, c.units);
        let (pos, along) = if l.share == Share::Row { ("scol", "row") } else { ("srow", "column") };
        let _ = writeln!(s, "    /* operand {k}, streamed along each mesh {along}: at each step chunk p of {m} from the tile at position p */");
        let _ = writeln!(s, "    const int64_t slo{k} = {pos} < {m}u ? (int64_t){pos} * {units} / {m} : 0, shi{k} = {pos} < {m}u ? (int64_t)({pos} + 1) * {units} / {m} : 0;");
        let _ = writeln!(
            s,
            "    const uint64_t soff{k} = (uint64_t)slo{k} * {ub}ull, sn{k} = (uint64_t)(shi{k} - slo{k}) * {ub}ull;",
            ub = c.unit_bytes
        );
    }
}
/// Each streamed operand's box of step `j` described in its buffer
/// (`(j - first) % n`), and the read of this tile's chunk of it.
pub(super) fn emit_stream_chunk_reads(
    s: &mut String,
    g: &GroupPlan,
    streams: &[(usize, crate::codegen::plan::LinePlan)],
    j: &str,
    indent: &str,
) {
    let id = g.id;
    for &(k, l) in streams {
        let o = &g.operands[k];
        let n = o.spm_addrs.len().max(1);
        let (dim, unit, rank) = (l.chunks.dim, l.chunks.unit, o.ddr.dims.len());
        let load = if o.is_const { "op_load_const" } else { "op_dma_load" };
        let _ = writeln!(s, "{indent}{{");
        let _ = writeln!(s, "{indent}    const int b = ({j} - first) % {n};");
        let _ = writeln!(s, "{indent}    set_shape(&s{k}[b], {rank}, g{id}_whole{k}, &g{id}_in{k}[{j}]);");
        let _ = writeln!(
            s,
            "{indent}    in{k}[b] = (TSR){{{}, a{k}[b], &s{k}[b], {}}};",
            o.ddr.fmt.c_name(),
            o.ddr.layout_code()
        );
        let _ = writeln!(s, "{indent}    if (slo{k} < shi{k}) {{");
        let _ = writeln!(s, "{indent}        BOX cb = g{id}_in{k}[{j}];");
        let _ = writeln!(s, "{indent}        cb.start[{dim}] += (int32_t)(slo{k} * {unit}); cb.size[{dim}] = (int32_t)((shi{k} - slo{k}) * {unit});");
        let _ = writeln!(s, "{indent}        L_SHAPE sc; set_shape(&sc, {rank}, g{id}_whole{k}, &cb);");
        let _ = writeln!(
            s,
            "{indent}        TSR ck = {{{}, a{k}[b] + soff{k}, &sc, {}}};",
            o.ddr.fmt.c_name(),
            o.ddr.layout_code()
        );
        let _ = writeln!(s, "{indent}        {load}(&ck, {:#x}ull);", o.ddr.addr);
        let _ = writeln!(s, "{indent}    }}");
        let _ = writeln!(s, "{indent}}}");
    }
}
/// The sends of each streamed operand's chunk of step `j`: this tile's
/// chunk to the same address on the line's other tiles.
pub(super) fn emit_stream_sends(
    s: &mut String,
    g: &GroupPlan,
    streams: &[(usize, crate::codegen::plan::LinePlan)],
    mesh: Option<(u32, u32)>,
    j: &str,
    indent: &str,
) {
    use tx8be::schedule::shares::Share;
    let Some((x, y)) = mesh else { return };
    for &(k, l) in streams {
        let dst = if l.share == Share::Row {
            format!("srow * {x}u + (scol + q) % {x}u")
        } else {
            format!("((srow + q) % {y}u) * {x}u + scol")
        };
        let _ = writeln!(s, "{indent}if (sn{k}) {{");
        let _ = writeln!(
            s,
            "{indent}    const uint64_t at = a{k}[({j} - first) % {}] + soff{k};",
            g.operands[k].spm_addrs.len().max(1)
        );
        let _ =
            writeln!(s, "{indent}    for (uint32_t q = 1; q < {}u; q++) tsm_dte_copy({dst}, at, at, sn{k});", l.len);
        let _ = writeln!(s, "{indent}}}");
    }
}
