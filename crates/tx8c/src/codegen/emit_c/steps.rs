//! A group's step loop in `main.c`: the single-buffered body (loads,
//! call, store, per step) and the software-pipelined one (step i's call
//! while step i+1 loads and step i-1 stores), with the calls they make.

use std::fmt::Write;

use super::*;

/// The TSR pointer input `k` of call `c` reads (a load sharing another's
/// buffer reads that load's TSR; a narrowed read its copy, `n{q}`).
pub(super) fn input_name(
    g: &GroupPlan,
    c: usize,
    inputs: &[Input],
    k: usize,
    load: &dyn Fn(usize) -> String,
) -> String {
    if let Some(q) = g.narrows.iter().position(|n| n.call == c && n.input == k) {
        return format!("&n{q}");
    }
    match inputs.get(k) {
        Some(Input::Load(l)) => load(g.operands[*l].shares.unwrap_or(*l)),
        Some(Input::Call(j)) => format!("&m{j}"),
        None => "0".to_string(),
    }
}
/// The anchor's call; `load(k)` names load slot k's TSR pointer.
pub(super) fn emit_anchor_call(s: &mut String, g: &GroupPlan, load: &dyn Fn(usize) -> String, out: &str) {
    emit_narrow_copies(s, g, g.producers.len());
    let x = |k: usize| input_name(g, g.producers.len(), &g.inputs, k, load);
    emit_call(s, &g.call, &format!("g{}", g.id), g.imm.is_some(), g.output.layout_code(), g.inputs.len(), &x, out);
}
/// The start of every group's function: this tile's id, and the zero-cost
/// trace marker by which run.json splits the run's cycles per group.
pub(in crate::codegen) fn group_prologue(s: &mut String, id: i64) {
    let _ = writeln!(s, "static void group_{id}(void) {{");
    let _ = writeln!(s, "    const uint32_t t = tile_id();");
    let _ = writeln!(s, "    op_mark({id}u); /* zero-cost: run.json splits the cycles per group */");
}
/// The group function of a single-buffered group.
pub(super) fn emit_single_body(s: &mut String, g: &GroupPlan, tiles: u32, mesh: Option<(u32, u32)>) {
    let id = g.id;
    group_prologue(s, id);
    let overlap = broadcast_overlaps(g);
    if !overlap {
        emit_broadcast(s, g, tiles, mesh, false, None, None);
    }
    for (k, o) in loaded_operands(g) {
        match (o.broadcast || o.line.is_some(), o.copy_of) {
            (true, _) => {}
            (false, Some(_)) => {
                let _ = writeln!(s, "    L_SHAPE s{k}; TSR in{k};");
            }
            (false, None) => {
                let _ = writeln!(s, "    L_SHAPE s{k}; TSR in{k}; const BOX *last{k} = 0;");
            }
        }
    }
    s.push_str("    L_SHAPE so; TSR out;\n");
    declare_intermediates(s, g);
    if let Some((addr, bytes)) = g.imm {
        let _ = writeln!(s, "    L_SHAPE si = {{{{{bytes}}}, {{0}}, {{{bytes}}}, {{{bytes}}}, 1}};");
        let _ = writeln!(s, "    TSR imm = {{Fmt_INT8, {addr:#x}ull, &si}};");
    }
    // Step i's loads whose box the buffer does not hold.
    let loads = |s: &mut String| {
        for (k, o) in dma_operands(g) {
            let dim = o.ddr.dims.len();
            let _ = writeln!(
                s,
                "        if (g{id}_ld{k}[i] && (!last{k} || !same_box(last{k}, &g{id}_in{k}[i], {dim}))) {{"
            );
            let _ = writeln!(s, "            set_shape(&s{k}, {dim}, g{id}_whole{k}, &g{id}_in{k}[i]);");
            let _ = writeln!(
                s,
                "            in{k} = (TSR){{{}, {:#x}ull, &s{k}, {}}};",
                o.ddr.fmt.c_name(),
                o.spm_addrs[0],
                o.ddr.layout_code()
            );
            if g.consts_ahead.contains(&k) {
                // The group before read the first step's box (`group_<id>_consts`).
                let _ = writeln!(s, "            if (i != g{id}_first[t]) {};", o.load_call(id, k, &format!("in{k}")));
            } else {
                let _ = writeln!(s, "            {};", o.load_call(id, k, &format!("in{k}")));
            }
            let _ = writeln!(s, "            last{k} = &g{id}_in{k}[i];");
            s.push_str("            loaded = 1;\n");
            s.push_str("        }\n");
        }
    };
    if overlap {
        // The first step's loads overlap the broadcast's DTE phases; the
        // loop finds their boxes held (joined after the broadcast).
        let first_loads = |s: &mut String| {
            let _ = writeln!(s, "    if (g{id}_first[t] < g{id}_first[t + 1]) {{");
            let _ = writeln!(s, "        const int32_t i = g{id}_first[t];");
            s.push_str("        int loaded = 0;\n");
            loads(s);
            s.push_str("        (void)loaded;\n");
            s.push_str("    }\n");
        };
        emit_broadcast(s, g, tiles, mesh, false, Some(&first_loads), None);
        s.push_str("    op_join(TX8_ENGINE_RDMA);\n");
    }
    emit_ahead_state(s, g, tiles, &format!("g{id}_first[t]"));
    let _ = writeln!(s, "    for (int32_t i = g{id}_first[t]; i < g{id}_first[t + 1]; i++) {{");
    s.push_str("        int loaded = 0;\n");
    loads(s);
    s.push_str("        if (loaded) op_join(TX8_ENGINE_RDMA);\n");
    emit_early_prefetch(s, g, &format!("g{id}_first[t + 1] - 1"));
    emit_ahead_reads(s, g, "        ");
    emit_ahead_sends(s, g, "        ");
    emit_copies(s, g, "        ", &|r| format!("&in{r}"), &|k| format!("in{k}"), &|k| format!("s{k}"));
    let odim = g.output.dims.len();
    let _ = writeln!(s, "        set_shape(&so, {odim}, g{id}_wholeo, &g{id}_out[i]);");
    // A copy group stores straight from its operand's buffer.
    let out_addr = if matches!(g.call, Call::None) { None } else { Some(g.out_spm_addrs[0]) };
    match out_addr {
        Some(a) => {
            let _ = writeln!(
                s,
                "        out = (TSR){{{}, {a:#x}ull, &so, {}}};",
                g.output.fmt.c_name(),
                g.output.layout_code()
            );
            emit_producer_calls(s, g, &|k| format!("&in{k}"));
            emit_anchor_call(s, g, &|k| format!("&in{k}"), "&out");
        }
        None => {
            // The loaded operand of this step.
            for (k, o) in g.operands.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "        if (g{id}_ld{k}[i]) out = (TSR){{{}, {:#x}ull, &so, {}}};",
                    g.output.fmt.c_name(),
                    o.spm_addrs[0],
                    g.output.layout_code()
                );
            }
        }
    }
    emit_ahead_sends(s, g, "        ");
    emit_consts_call(s, g, &format!("g{id}_first[t + 1] - 1"));
    let _ = writeln!(s, "        {};", g.store_call("&out"));
    s.push_str("        op_join(TX8_ENGINE_WDMA);\n");
    s.push_str("    }\n");
    emit_consts_after(s, g, Some(&format!("g{id}_first[t] == g{id}_first[t + 1]")));
    emit_ahead_last_sends(s, g, &format!("g{id}_first[t] == g{id}_first[t + 1]"));
    emit_prefetch_call(s, g, &format!("g{id}_first[t] == g{id}_first[t + 1]"));
    if g.barrier_after {
        s.push_str("    op_barrier();\n");
    }
    s.push_str("}\n\n");
}
/// The group function of a double-buffered group: the software pipeline
/// of the module doc. `u{k}` is the buffer operand k's next call reads,
/// `held{k}[b]` the box buffer b holds.
pub(super) fn emit_pipelined_body(s: &mut String, g: &GroupPlan, tiles: u32, mesh: Option<(u32, u32)>) {
    let id = g.id;
    group_prologue(s, id);
    let overlap = broadcast_overlaps(g);
    if !overlap {
        emit_broadcast(s, g, tiles, mesh, true, None, None);
    }
    let _ = writeln!(s, "    const int32_t first = g{id}_first[t], end = g{id}_first[t + 1];");
    for (k, _) in loaded_operands(g).filter(|(_, o)| o.copy_of.is_some()) {
        let _ = writeln!(s, "    L_SHAPE s{k}[1]; TSR in{k}[1];");
    }
    for (k, o) in dma_operands(g) {
        let n = o.spm_addrs.len().max(1);
        let addrs: Vec<String> = o.spm_addrs.iter().map(|a| format!("{a:#x}ull")).collect();
        let _ = writeln!(s, "    static const uint64_t a{k}[{n}] = {{{}}};", addrs.join(", "));
        if o.stream.is_some() {
            // Step j's box sits in buffer (j - first) % n.
            let _ = writeln!(s, "    L_SHAPE s{k}[{n}]; TSR in{k}[{n}];");
        } else {
            let _ = writeln!(
                s,
                "    L_SHAPE s{k}[{n}]; TSR in{k}[{n}]; const BOX *held{k}[{n}] = {{0}}; int u{k} = {};",
                n - 1
            );
        }
    }
    let streams = stream_operands(g, mesh);
    declare_streams(s, &streams, mesh);
    let oaddrs: Vec<String> = g.out_spm_addrs.iter().map(|a| format!("{a:#x}ull")).collect();
    let _ = writeln!(s, "    static const uint64_t ao[2] = {{{}}};", oaddrs.join(", "));
    s.push_str("    L_SHAPE so[2]; TSR out[2];\n");
    declare_intermediates(s, g);
    if let Some((addr, bytes)) = g.imm {
        let _ = writeln!(s, "    L_SHAPE si = {{{{{bytes}}}, {{0}}, {{{bytes}}}, {{{bytes}}}, 1}};");
        let _ = writeln!(s, "    TSR imm = {{Fmt_INT8, {addr:#x}ull, &si}};");
    }
    // Issue step `j`'s loads (whose box its operand's buffer does not hold)
    // into the operand's other buffer.
    // With `join`, each load is joined once issued (see below).
    let prepare_joined = |s: &mut String, j: &str, indent: &str, join: bool| {
        for (k, o) in dma_operands(g).filter(|(_, o)| o.stream.is_none()) {
            let n = o.spm_addrs.len().max(1);
            let dim = o.ddr.dims.len();
            let _ = writeln!(s, "{indent}if (!held{k}[u{k}] || !same_box(held{k}[u{k}], &g{id}_in{k}[{j}], {dim})) {{");
            if o.slides {
                // The buffer holding the previous box, for the overlap.
                let _ = writeln!(s, "{indent}    const int p{k} = u{k};");
            }
            let _ = writeln!(s, "{indent}    u{k} = (u{k} + 1) % {n};");
            let _ = writeln!(s, "{indent}    set_shape(&s{k}[u{k}], {dim}, g{id}_whole{k}, &g{id}_in{k}[{j}]);");
            let _ = writeln!(
                s,
                "{indent}    in{k}[u{k}] = (TSR){{{}, a{k}[u{k}], &s{k}[u{k}], {}}};",
                o.ddr.fmt.c_name(),
                o.ddr.layout_code()
            );
            if o.slides {
                let _ = writeln!(
                    s,
                    "{indent}    op_dma_load_slide(&in{k}[u{k}], held{k}[p{k}] ? &in{k}[p{k}] : 0, {:#x}ull);",
                    o.ddr.addr
                );
            } else {
                let _ = writeln!(s, "{indent}    {};", o.load_call(id, k, &format!("in{k}[u{k}]")));
            }
            if join {
                let _ = writeln!(s, "{indent}    op_join(TX8_ENGINE_RDMA);");
            }
            let _ = writeln!(s, "{indent}    held{k}[u{k}] = &g{id}_in{k}[{j}];");
            let _ = writeln!(s, "{indent}}}");
        }
    };
    let prepare = |s: &mut String, j: &str, indent: &str| prepare_joined(s, j, indent, false);
    // The streamed operands' chunks of the first step: read, sent (the
    // sends wait for every read issued before them), then the second
    // step's read.
    // The first step's streamed chunks go out inside a prologue the group
    // runs itself, before its closing barrier, which then also stands for
    // the first step's.
    let first_synced = overlap && !streams.is_empty() && !g.ahead && has_prologue(g, mesh);
    let first_sends = |s: &mut String| {
        if !streams.is_empty() {
            s.push_str("    if (first < end) {\n");
            emit_stream_sends(s, g, &streams, mesh, "first", "        ");
            s.push_str("        if (first + 1 < end) {\n");
            emit_stream_chunk_reads(s, g, &streams, "first + 1", "            ");
            s.push_str("        }\n");
            s.push_str("    }\n");
        }
    };
    let first_loads = |s: &mut String| {
        s.push_str("    if (first < end) {\n");
        prepare(s, "first", "        ");
        emit_stream_chunk_reads(s, g, &streams, "first", "        ");
        s.push_str("    }\n");
        if !overlap {
            first_sends(s);
        }
    };
    if overlap {
        // The first step's loads overlap the broadcast's DTE phases (the
        // loop's first RDMA join waits for them); their streamed chunks go
        // out after the prologue's (the sends wait for the reads).
        if first_synced {
            emit_broadcast(s, g, tiles, mesh, true, Some(&first_loads), Some(&first_sends));
        } else {
            emit_broadcast(s, g, tiles, mesh, true, Some(&first_loads), None);
            first_sends(s);
        }
    } else {
        // The first sends write the line's other tiles' SPM: they must be
        // done with the previous group (so after a prologue's barrier).
        if !streams.is_empty() && !g.synced_before && !has_prologue(g, mesh) {
            s.push_str("    op_barrier();\n");
        }
        first_loads(s);
    }
    emit_ahead_state(s, g, tiles, "first");
    s.push_str("    for (int32_t i = first; i < end; i++) {\n");
    s.push_str("        const int c = (i - first) & 1;\n");
    let overlap_ne = g.producers.first().is_some_and(|p| p.alt_addr.is_some());
    if streams.is_empty() {
        s.push_str("        op_join(TX8_ENGINE_RDMA);\n");
    } else {
        // This step's chunks have landed on every tile of the line once
        // every tile's sends are done; every tile's previous calls are done
        // (its store waited for them), so the buffer the next sends fill is
        // free everywhere. With the NE overlap, the barrier sits before
        // the next step's first call instead (below), but for the first.
        // The RDMA is joined after it, before the sends that need it: the
        // calls wait (by the scoreboard) for exactly the loads they read.
        let (open, close) = match (overlap_ne, first_synced) {
            (true, true) => (None, None),
            (true, false) => (Some("        if (i == first) {\n"), Some("        }\n")),
            (false, true) => (Some("        if (i != first) {\n"), Some("        }\n")),
            (false, false) => (Some(""), Some("")),
        };
        if let (Some(open), Some(close)) = (open, close) {
            s.push_str(open);
            s.push_str("        op_join(TX8_ENGINE_DTE | TX8_ENGINE_NE | TX8_ENGINE_CT | TX8_ENGINE_TDMA);\n");
            s.push_str("        op_barrier();\n");
            s.push_str(close);
        }
    }
    emit_early_prefetch(s, g, "end - 1");
    emit_ahead_reads(s, g, "        ");
    emit_ahead_sends(s, g, "        ");
    for (k, o) in dma_operands(g) {
        match o.stream {
            Some(_) => {
                let _ = writeln!(s, "        TSR *x{k} = &in{k}[(i - first) % {}];", o.spm_addrs.len().max(1));
            }
            None => {
                let _ = writeln!(s, "        TSR *x{k} = &in{k}[u{k}];");
            }
        }
    }
    // Copies out of this step's buffers, while RDMA fills the next ones.
    let step_tsrs = |s: &mut String| {
        emit_copies(s, g, "        ", &|r| format!("x{r}"), &|k| format!("in{k}[0]"), &|k| format!("s{k}[0]"));
        for (k, o) in loaded_operands(g) {
            if o.copy_of.is_some() || o.broadcast || o.line.is_some() {
                let _ = writeln!(s, "        TSR *x{k} = &in{k}[0];");
            }
        }
        let odim = g.output.dims.len();
        let _ = writeln!(s, "        set_shape(&so[c], {odim}, g{id}_wholeo, &g{id}_out[i]);");
        let _ = writeln!(
            s,
            "        out[c] = (TSR){{{}, ao[c], &so[c], {}}};",
            g.output.fmt.c_name(),
            g.output.layout_code()
        );
    };
    // In a streaming group the step's first call is issued before the
    // sends and reads of the steps ahead: it needs none of them (with the
    // NE overlap, only the first step's is issued here).
    let lead = usize::from(!streams.is_empty() && !g.producers.is_empty());
    let lead_anchor = !streams.is_empty() && g.producers.is_empty();
    if lead_anchor {
        step_tsrs(s);
        emit_anchor_call(s, g, &|k| format!("x{k}"), "&out[c]");
    }
    if lead == 1 {
        step_tsrs(s);
        if overlap_ne {
            s.push_str("        if (i == first) {\n");
        }
        emit_producer_range(s, g, &|k| format!("x{k}"), 0..1, overlap_ne);
        if overlap_ne {
            s.push_str("        }\n");
        }
    }
    // The next step's streamed chunks (read during the previous step) go
    // out first: the calls' issues may wait on each other.
    if !streams.is_empty() {
        s.push_str("        if (i + 1 < end) {\n");
        s.push_str("            op_join(TX8_ENGINE_RDMA);\n");
        emit_stream_sends(s, g, &streams, mesh, "i + 1", "            ");
        s.push_str("        }\n");
    }
    s.push_str("        if (i + 1 < end) {\n");
    // The next step's first call is issued during this step with the NE
    // overlap: its loads must not sit in the RDMA queue behind the chunk
    // reads below (a join waits for the whole queue).
    prepare_joined(s, "i + 1", "            ", overlap_ne && !streams.is_empty());
    s.push_str("        }\n");
    if !streams.is_empty() {
        s.push_str("        if (i + 2 < end) {\n");
        emit_stream_chunk_reads(s, g, &streams, "i + 2", "            ");
        s.push_str("        }\n");
    }
    if lead == 0 && !lead_anchor {
        step_tsrs(s);
        if overlap_ne {
            // The first call of the first step; later steps' first calls are
            // issued during the step before (below).
            s.push_str("        if (i == first) {\n");
            emit_producer_range(s, g, &|k| format!("x{k}"), 0..1, true);
            s.push_str("        }\n");
        }
    }
    let rest = if overlap_ne { 1 } else { lead };
    emit_producer_range(s, g, &|k| format!("x{k}"), rest..g.producers.len(), overlap_ne);
    // The next step's first call (NE) into its other buffer, beside this
    // step's calls on the CT: its loads joined first. Before this step's
    // last call when that runs on the NE too (the NE then takes the next
    // first call while the CT finishes this step's).
    let next_first = |s: &mut String| {
        // The next step's first call (NE) into its other buffer, beside
        // this step's calls on the CT: its loads joined first.
        s.push_str("        if (i + 1 < end) {\n");
        if streams.is_empty() {
            s.push_str("            op_join(TX8_ENGINE_RDMA);\n");
        }
        if !streams.is_empty() {
            // The next step's streamed chunks (sent at this step's start)
            // have landed everywhere; every tile's call before this step's
            // first is done (its CT calls waited for this step's), so the
            // buffer the next sends fill is free.
            s.push_str("            op_join(TX8_ENGINE_DTE);\n");
            s.push_str("            op_barrier();\n");
        }
        s.push_str("            const int32_t i_next = i + 1;\n");
        s.push_str("            {\n");
        s.push_str("            const int32_t i = i_next;\n");
        // The loads the first call reads (through any buffer they share).
        let read: Vec<usize> = g.producers[0]
            .inputs
            .iter()
            .filter_map(|x| if let Input::Load(l) = x { Some(g.operands[*l].shares.unwrap_or(*l)) } else { None })
            .collect();
        for (k, o) in dma_operands(g).filter(|(k, _)| read.contains(k)) {
            match o.stream {
                Some(_) => {
                    let _ = writeln!(s, "            TSR *x{k} = &in{k}[(i - first) % {}];", o.spm_addrs.len().max(1));
                }
                None => {
                    let _ = writeln!(s, "            TSR *x{k} = &in{k}[u{k}];");
                }
            }
        }
        emit_producer_range(s, g, &|k| format!("x{k}"), 0..1, true);
        s.push_str("            }\n");
        s.push_str("        }\n");
    };
    let anchor_on_ne = matches!(g.call, Call::Gemm { .. } | Call::Conv { .. });
    if overlap_ne && anchor_on_ne {
        next_first(s);
    }
    if !lead_anchor {
        emit_anchor_call(s, g, &|k| format!("x{k}"), "&out[c]");
    }
    emit_ahead_sends(s, g, "        ");
    if overlap_ne && !anchor_on_ne {
        next_first(s);
    }
    s.push_str("        op_join(TX8_ENGINE_WDMA);\n");
    let _ = writeln!(s, "        {};", g.store_call("&out[c]"));
    s.push_str("    }\n");
    emit_ahead_last_sends(s, g, "first == end");
    // The next group's chunk reads overlap the last store.
    emit_prefetch_call(s, g, "first == end");
    emit_consts_after(s, g, None);
    s.push_str("    op_join(TX8_ENGINE_WDMA);\n");
    if g.barrier_after {
        s.push_str("    op_barrier();\n");
    }
    s.push_str("}\n\n");
}
