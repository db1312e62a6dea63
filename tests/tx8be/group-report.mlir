// Issue 14: the per-group report. tx8c puts a zero-cost op_mark at each
// group's start; run.json splits the run's cycles per group and sets them
// beside the cost model's estimate (tx8be-estimate), the group's roofline,
// DDR and SPM figures; --report writes the same as an HTML table and
// trace.json (copied into OUTDIR) gets a "mark" track per tile. The page
// draws the rows (issue 31).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %S/Inputs/tiny_cnn.onnx -o %t/out --report %t/out/report.html -q 2>&1 | FileCheck %s
// CHECK: tx8c: {{[0-9]+}} cycles
// CHECK: tx8c: cost model: median |estimated - simulated| / simulated over 1 groups:
// CHECK: tx8c: wrote the report
// RUN: %python %S/Inputs/check_group_report.py %t/out | FileCheck %s --check-prefix=PY
// PY: group report ok: 1 groups
// The page's pictures (cycles per group, engine activity, SPM occupancy,
// the roofline) agree with run.json.
// RUN: %python %S/Inputs/check_report_page.py %t/out | FileCheck %s --check-prefix=PAGE
// PAGE: report page ok: 1 groups
// RUN: FileCheck %s --check-prefix=HTML < %t/out/report.html
// HTML: trace.json
// HTML: <h2>Cycles per group</h2>
// HTML: <svg xmlns="http://www.w3.org/2000/svg" class="chart"
// HTML: <h2>Engine activity</h2>
// HTML: <h2>SPM occupancy</h2>
// HTML: <h2>Roofline</h2>
// HTML: <table>
// The Relu is the Conv's own post-processing (tx8be-fuse-activation); the
// input's layout conversion, the conv, the global average pool's
// reductions, the Gemm and the logits' layout conversion are one chain of
// sole users, which tx8be-group-boundaries keeps whole (tx8be-group-chains).
// HTML: <td class=l>tx8be.Transpose → tx8be.ChannelNorm → tx8be.Conv → tx8be.Reduce → tx8be.Reduce → tx8be.Gemm → tx8be.ChannelNorm</td>
// Five groups (an already grouped module, one op per group): every group
// has its row and its mark span, and the rows' cycles add up to the run's.
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --split --hw 16 --cin 32 --cout 32 > %t/five.mlir
// RUN: tx8c %t/five.mlir -o %t/five --report %t/five/report.html -q
// RUN: %python %S/Inputs/check_group_report.py %t/five | FileCheck %s --check-prefix=PY5
// PY5: group report ok: 5 groups
// RUN: %python %S/Inputs/check_report_page.py %t/five | FileCheck %s --check-prefix=PAGE5
// PAGE5: report page ok: 5 groups
// The main.c marks each group.
// RUN: FileCheck %s --check-prefix=C < %t/out/main.c
// C-LABEL: static void group_0(void)
// C: op_mark(0u);
