//! The pictures of the `--report` page, as inline SVG (no scripts, no
//! external files): each group's simulated, estimated and roofline cycles;
//! every tile's engine activity over the run; the SPM each group occupies
//! over the schedule; and the groups on the card's roofline. Every mark
//! carries a `<title>` with its figures, so hovering tells what a bar is.

use std::fmt::Write as _;

use tx8_cmodel::run_report::Activity;
use tx8_cmodel::Engine;

use crate::group_report::GroupRow;
use crate::roofline::Peaks;

/// Plot area of every chart, in SVG pixels.
const WIDTH: f64 = 960.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 12.0;

/// The colour each engine is drawn in (Engine::ALL order).
fn engine_colour(e: Engine) -> &'static str {
    match e {
        Engine::Scalar => "#888888",
        Engine::Ct => "#e08a1e",
        Engine::Ne => "#2b6cb0",
        Engine::Rdma => "#2f9e44",
        Engine::Wdma => "#8e44ad",
        Engine::Tdma => "#a0522d",
        Engine::Dte => "#d6336c",
    }
}

/// The colour of a group's roofline term.
fn binding_colour(term: &str) -> &'static str {
    match term {
        "ne" => "#2b6cb0",
        "cgra" => "#e08a1e",
        _ => "#2f9e44",
    }
}

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// 1234567 -> "1.23M": axis labels.
fn si(x: f64) -> String {
    let a = x.abs();
    let (v, unit) = if a >= 1e12 {
        (x / 1e12, "T")
    } else if a >= 1e9 {
        (x / 1e9, "G")
    } else if a >= 1e6 {
        (x / 1e6, "M")
    } else if a >= 1e3 {
        (x / 1e3, "k")
    } else {
        (x, "")
    };
    let digits = if v.abs() >= 100.0 || v == v.trunc() {
        0
    } else if v.abs() >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$}{unit}")
}

/// A logarithmic axis over [lo, hi] (both > 0) onto [p0, p1] pixels.
#[derive(Clone, Copy)]
struct LogAxis {
    lo: f64,
    hi: f64,
    p0: f64,
    p1: f64,
}

impl LogAxis {
    /// The axis of `values` (the positive ones), widened to whole decades.
    fn of(values: impl Iterator<Item = f64>, p0: f64, p1: f64) -> Option<LogAxis> {
        let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
        for v in values.filter(|v| v.is_finite() && *v > 0.0) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if hi <= 0.0 {
            return None;
        }
        let lo = 10f64.powf(lo.log10().floor());
        let hi = 10f64.powf(hi.log10().ceil()).max(lo * 10.0);
        Some(LogAxis { lo, hi, p0, p1 })
    }

    fn at(&self, v: f64) -> f64 {
        let t = (v.max(self.lo).log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10());
        self.p0 + t * (self.p1 - self.p0)
    }

    /// The decades from lo to hi.
    fn decades(&self) -> impl Iterator<Item = f64> + '_ {
        let (a, b) = (self.lo.log10().round() as i32, self.hi.log10().round() as i32);
        (a..=b).map(|e| 10f64.powi(e))
    }
}

fn open_svg(s: &mut String, height: f64, label: &str) {
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"{}\">",
        esc(label)
    );
}

/// Horizontal grid lines and labels of a log y axis.
fn y_decades(s: &mut String, y: &LogAxis, x0: f64, x1: f64) {
    for d in y.decades() {
        let py = y.at(d);
        let _ = writeln!(s, "<line x1=\"{x0:.1}\" y1=\"{py:.1}\" x2=\"{x1:.1}\" y2=\"{py:.1}\" stroke=\"#ddd\"/>");
        let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>", x0 - 4.0, py + 4.0, si(d));
    }
}

fn legend(s: &mut String, x: f64, y: f64, items: &[(&str, &str)]) {
    let mut px = x;
    for (colour, name) in items {
        let _ = writeln!(s, "<rect x=\"{px:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{colour}\"/>", y - 9.0);
        let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{y:.1}\">{}</text>", px + 14.0, esc(name));
        px += 24.0 + 7.5 * name.len() as f64;
    }
}

/// Simulated, estimated and roofline cycles of every group, one column per
/// group in program order, on a log scale: the bar is the simulation, the
/// dark bar inside it the group's roofline, the orange tick the estimate.
pub fn group_cycles_svg(rows: &[GroupRow]) -> String {
    let mut s = String::new();
    let (plot_h, height) = (220.0, 270.0);
    let values = rows.iter().flat_map(|r| [r.simulated_cycles, r.estimated_cycles, Some(r.roofline_cycles)]).flatten();
    let Some(y) = LogAxis::of(values, TOP + plot_h, TOP) else { return s };
    open_svg(&mut s, height, "cycles per group: simulated, estimated and roofline");
    y_decades(&mut s, &y, LEFT, WIDTH - RIGHT);
    let step = (WIDTH - LEFT - RIGHT) / rows.len().max(1) as f64;
    let bar = (step * 0.8).max(0.5);
    let base = y.at(y.lo);
    for (i, r) in rows.iter().enumerate() {
        let x = LEFT + i as f64 * step + (step - bar) / 2.0;
        let _ = write!(s, "<g class=\"group\" data-id=\"{}\"><title>{}</title>", r.id, group_title(r));
        if let Some(sim) = r.simulated_cycles {
            let top = y.at(sim);
            let _ = write!(
                s,
                "<rect class=\"sim\" x=\"{x:.2}\" y=\"{top:.2}\" width=\"{bar:.2}\" height=\"{:.2}\" fill=\"#9cc3d5\"/>",
                (base - top).max(0.5)
            );
        }
        let roof = y.at(r.roofline_cycles);
        let _ = write!(
            s,
            "<rect class=\"roof\" x=\"{:.2}\" y=\"{roof:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"#1f4e5f\"/>",
            x + bar * 0.25,
            bar * 0.5,
            (base - roof).max(0.5)
        );
        if let Some(est) = r.estimated_cycles {
            let py = y.at(est);
            let _ = write!(
                s,
                "<line class=\"est\" x1=\"{x:.2}\" y1=\"{py:.2}\" x2=\"{:.2}\" y2=\"{py:.2}\" stroke=\"#e8590c\" stroke-width=\"2\"/>",
                x + bar
            );
        }
        s.push_str("</g>\n");
    }
    x_group_labels(&mut s, rows, step, TOP + plot_h + 14.0);
    legend(&mut s, LEFT, height - 8.0, &[("#9cc3d5", "simulated"), ("#e8590c", "estimated"), ("#1f4e5f", "roofline")]);
    s.push_str("</svg>\n");
    s
}

fn group_title(r: &GroupRow) -> String {
    let num = |v: Option<f64>| v.map_or("-".to_string(), |c| format!("{c:.0}"));
    esc(&format!(
        "group {} ({}): simulated {} cycles, estimated {}, roofline {:.0} ({}-bound){}",
        r.id,
        r.ops.last().map_or("", |s| s.as_str()),
        num(r.simulated_cycles),
        num(r.estimated_cycles),
        r.roofline_cycles,
        r.roofline_binding,
        r.fraction.map_or(String::new(), |f| format!(", {:.1}% of it", f * 100.0))
    ))
}

/// Group ids under the columns, as many as fit.
fn x_group_labels(s: &mut String, rows: &[GroupRow], step: f64, y: f64) {
    let every = ((28.0 / step).ceil() as usize).max(1);
    for (i, r) in rows.iter().enumerate().step_by(every) {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{y:.1}\" text-anchor=\"middle\">{}</text>",
            LEFT + (i as f64 + 0.5) * step,
            r.id
        );
    }
}

/// Every tile's engines over the run: one strip per engine and tile, darker
/// where the engine was busier in that span of the run; thin lines where
/// groups start.
pub fn timeline_svg(activity: &Activity, rows: &[GroupRow]) -> String {
    let mut s = String::new();
    let bins = activity.tiles.iter().flat_map(|t| t.values().map(|v| v.len())).max().unwrap_or(0);
    if bins == 0 || activity.bin_cycles <= 0.0 {
        return s;
    }
    // The engines busy on some tile, in a fixed order, so every tile has the
    // same strips.
    let engines: Vec<Engine> =
        Engine::ALL.into_iter().filter(|e| activity.tiles.iter().any(|t| t.contains_key(e.name()))).collect();
    let (strip, gap) = (3.0, 3.0);
    let tile_h = strip * engines.len() as f64 + gap;
    let plot_h = tile_h * activity.tiles.len() as f64;
    let height = TOP + plot_h + 40.0;
    let total = activity.bin_cycles * bins as f64;
    let span_w = (WIDTH - LEFT - RIGHT) / bins as f64;
    let x_of = |cycles: f64| LEFT + cycles / total * (WIDTH - LEFT - RIGHT);
    open_svg(&mut s, height, "engine activity of every tile over the run");
    for (t, per) in activity.tiles.iter().enumerate() {
        let ty = TOP + t as f64 * tile_h;
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">tile {t}</text>",
            LEFT - 4.0,
            ty + strip * engines.len() as f64 / 2.0 + 4.0
        );
        for (k, e) in engines.iter().enumerate() {
            let Some(spans) = per.get(e.name()) else { continue };
            let y = ty + k as f64 * strip;
            let _ = write!(
                s,
                "<g class=\"engine\" data-tile=\"{t}\" data-engine=\"{}\" fill=\"{}\">",
                e.name(),
                engine_colour(*e)
            );
            // Runs of spans at the same shade (tenths) are one rectangle.
            let shade = |f: f64| (f * 10.0).round() as u32;
            let mut i = 0;
            while i < spans.len() {
                let level = shade(spans[i]);
                let mut j = i + 1;
                while j < spans.len() && shade(spans[j]) == level {
                    j += 1;
                }
                if level > 0 {
                    let _ = write!(
                        s,
                        "<rect x=\"{:.2}\" y=\"{y:.2}\" width=\"{:.2}\" height=\"{strip}\" fill-opacity=\"{:.1}\"/>",
                        LEFT + i as f64 * span_w,
                        (j - i) as f64 * span_w,
                        level as f64 / 10.0
                    );
                }
                i = j;
            }
            s.push_str("</g>\n");
        }
    }
    // Where each group starts (the first one is the plot's left edge).
    for r in rows.iter().skip(1) {
        if let Some(start) = r.start_cycles {
            let x = x_of(start);
            let _ = writeln!(
                s,
                "<line class=\"group-start\" x1=\"{x:.2}\" y1=\"{TOP}\" x2=\"{x:.2}\" y2=\"{:.1}\" stroke=\"#000\" stroke-opacity=\"0.15\"><title>group {} starts at cycle {start:.0}</title></line>",
                TOP + plot_h,
                r.id
            );
        }
    }
    let axis_y = TOP + plot_h + 12.0;
    for k in 0..=4 {
        let c = total * k as f64 / 4.0;
        let anchor = match k {
            0 => "start",
            4 => "end",
            _ => "middle",
        };
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{axis_y:.1}\" text-anchor=\"{anchor}\">{} cycles</text>",
            x_of(c),
            si(c)
        );
    }
    let items: Vec<(&str, &str)> = engines.iter().map(|e| (engine_colour(*e), e.name())).collect();
    legend(&mut s, LEFT, height - 8.0, &items);
    s.push_str("</svg>\n");
    s
}

/// The SPM each group occupies on a tile (the bytes its buffers cover) over
/// the schedule, with the highest byte it reaches as a tick: over simulated
/// time when the groups ran, else one step per group; the dashed line is
/// the usable window.
pub fn spm_svg(rows: &[GroupRow], window_bytes: u64) -> String {
    let mut s = String::new();
    if rows.is_empty() || window_bytes == 0 {
        return s;
    }
    let (plot_h, height) = (160.0, 210.0);
    let timed = rows.iter().all(|r| r.start_cycles.is_some() && r.simulated_cycles.is_some());
    // Each group's [start, end) on the x axis.
    let spans: Vec<(f64, f64)> = if timed {
        rows.iter()
            .map(|r| {
                let start = r.start_cycles.unwrap_or(0.0);
                (start, start + r.simulated_cycles.unwrap_or(0.0))
            })
            .collect()
    } else {
        (0..rows.len()).map(|i| (i as f64, i as f64 + 1.0)).collect()
    };
    let (x0, x1) = (spans[0].0, spans.iter().map(|s| s.1).fold(spans[0].0 + 1.0, f64::max));
    let x_of = |v: f64| LEFT + (v - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT);
    let top = rows.iter().map(|r| r.spm_high_water).max().unwrap_or(0).max(window_bytes) as f64 * 1.05;
    let y_of = |b: f64| TOP + plot_h - b / top * plot_h;
    open_svg(&mut s, height, "SPM occupied per group over the schedule");
    for k in 0..=4 {
        let b = top * k as f64 / 4.0;
        let py = y_of(b);
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{py:.1}\" x2=\"{:.1}\" y2=\"{py:.1}\" stroke=\"#eee\"/>",
            WIDTH - RIGHT
        );
        let _ =
            writeln!(s, "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}B</text>", LEFT - 4.0, py + 4.0, si(b));
    }
    for (r, &(a, b)) in rows.iter().zip(&spans) {
        let (px, pw) = (x_of(a), (x_of(b) - x_of(a)).max(0.5));
        let py = y_of(r.spm_bytes as f64);
        let _ = writeln!(
            s,
            "<rect class=\"spm\" data-id=\"{}\" x=\"{px:.2}\" y=\"{py:.2}\" width=\"{pw:.2}\" height=\"{:.2}\" fill=\"#74b816\" fill-opacity=\"0.7\"><title>group {}: {} bytes of SPM per tile in its buffers ({:.1}% of the window), highest byte {} above the window's start</title></rect>",
            r.id,
            TOP + plot_h - py,
            r.id,
            r.spm_bytes,
            r.spm_bytes as f64 / window_bytes as f64 * 100.0,
            r.spm_high_water
        );
        let hy = y_of(r.spm_high_water as f64);
        let _ = writeln!(
            s,
            "<line class=\"high-water\" x1=\"{px:.2}\" y1=\"{hy:.2}\" x2=\"{:.2}\" y2=\"{hy:.2}\" stroke=\"#2b8a3e\" stroke-width=\"2\"/>",
            px + pw
        );
    }
    let wy = y_of(window_bytes as f64);
    let _ = writeln!(
        s,
        "<line class=\"window\" x1=\"{LEFT}\" y1=\"{wy:.1}\" x2=\"{:.1}\" y2=\"{wy:.1}\" stroke=\"#c92a2a\" stroke-dasharray=\"4 3\"><title>usable SPM window: {window_bytes} bytes per tile</title></line>",
        WIDTH - RIGHT
    );
    let axis_y = TOP + plot_h + 14.0;
    let unit = if timed { " cycles" } else { " (group)" };
    let _ = writeln!(s, "<text x=\"{LEFT}\" y=\"{axis_y:.1}\">{}{unit}</text>", si(x0));
    let _ =
        writeln!(s, "<text x=\"{:.1}\" y=\"{axis_y:.1}\" text-anchor=\"end\">{}{unit}</text>", WIDTH - RIGHT, si(x1));
    legend(
        &mut s,
        LEFT,
        height - 8.0,
        &[("#74b816", "SPM in buffers per tile"), ("#2b8a3e", "highest byte"), ("#c92a2a", "usable window")],
    );
    s.push_str("</svg>\n");
    s
}

/// A group's work in NE-peak-equivalent FLOPs: its compute time at the
/// card's peaks (the slower of NE and CGRA) times the NE peak, so NE- and
/// CGRA-bound groups share one roof, and a group's distance below the roof
/// is exactly its fraction of its own roofline.
fn equivalent_flops(r: &GroupRow, peaks: &Peaks) -> f64 {
    (r.ne_flops / peaks.ne_flops).max(r.cgra_ops / peaks.cgra_ops) * peaks.ne_flops
}

/// The groups on the card's roofline (log-log): x the group's intensity
/// (work per compulsory DDR byte), y the work per simulated cycle; the roof
/// is min(NE peak, intensity x DDR bandwidth).
pub fn roofline_svg(rows: &[GroupRow], peaks: &Peaks) -> String {
    let mut s = String::new();
    let points: Vec<(&GroupRow, f64, f64)> = rows
        .iter()
        .filter_map(|r| {
            let w = equivalent_flops(r, peaks);
            let sim = r.simulated_cycles.filter(|&c| c > 0.0)?;
            (w > 0.0 && r.compulsory_bytes > 0).then(|| (r, w / r.compulsory_bytes as f64, w / sim))
        })
        .collect();
    if points.is_empty() {
        return s;
    }
    let (plot_h, height) = (300.0, 372.0);
    let ridge = peaks.ne_flops / peaks.ddr_bytes;
    let xs = points.iter().map(|p| p.1).chain([ridge / 10.0, ridge * 10.0]);
    let Some(x) = LogAxis::of(xs, LEFT, WIDTH - RIGHT) else { return s };
    let ys = points.iter().map(|p| p.2).chain([peaks.ne_flops * 1.5]);
    let Some(y) = LogAxis::of(ys, TOP + plot_h, TOP) else { return s };
    open_svg(&mut s, height, "groups on the roofline");
    y_decades(&mut s, &y, LEFT, WIDTH - RIGHT);
    for d in x.decades() {
        let px = x.at(d);
        let _ = writeln!(
            s,
            "<line x1=\"{px:.1}\" y1=\"{TOP}\" x2=\"{px:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>",
            TOP + plot_h
        );
        let _ =
            writeln!(s, "<text x=\"{px:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>", TOP + plot_h + 14.0, si(d));
    }
    // The roof: the DDR slope up to the ridge, then the compute peak.
    let roof = |i: f64| (i * peaks.ddr_bytes).min(peaks.ne_flops);
    let _ = writeln!(
        s,
        "<polyline class=\"roof\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\" points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\"><title>roof: {} FLOP/cycle NE peak, {} B/cycle DDR</title></polyline>",
        x.at(x.lo),
        y.at(roof(x.lo)),
        x.at(ridge),
        y.at(roof(ridge)),
        x.at(x.hi),
        y.at(roof(x.hi)),
        si(peaks.ne_flops),
        si(peaks.ddr_bytes)
    );
    for (r, i, p) in &points {
        let _ = writeln!(
            s,
            "<circle class=\"point\" data-id=\"{}\" cx=\"{:.2}\" cy=\"{:.2}\" r=\"3.5\" fill=\"{}\" fill-opacity=\"0.75\"><title>{}: {} FLOP/B, {} FLOP/cycle</title></circle>",
            r.id,
            x.at(*i),
            y.at(*p),
            binding_colour(&r.roofline_binding),
            group_title(r),
            si(*i),
            si(*p)
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">NE-equivalent FLOPs per compulsory DDR byte</text>",
        (LEFT + WIDTH - RIGHT) / 2.0,
        TOP + plot_h + 28.0
    );
    legend(
        &mut s,
        LEFT,
        height - 6.0,
        &[("#2b6cb0", "NE-bound"), ("#e08a1e", "CGRA-bound"), ("#2f9e44", "DDR-bound"), ("#333", "roof")],
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const PEAKS: Peaks = Peaks { ne_flops: 32768.0, cgra_ops: 1024.0, ddr_bytes: 200.0 };

    /// A group row whose roofline follows from its work at `PEAKS`.
    fn row(id: i64, sim: f64, start: f64) -> GroupRow {
        // Group 0 is CGRA-bound, 1 NE-bound, 2 DDR-bound.
        let (ne_flops, cgra_ops, bytes) = (1e6 * (id + 1) as f64, 4e4, 2048u64 << (id * (id + 1)));
        let roof = (ne_flops / PEAKS.ne_flops).max(cgra_ops / PEAKS.cgra_ops).max(bytes as f64 / PEAKS.ddr_bytes);
        GroupRow {
            id,
            op: "tx8be.Conv".into(),
            ops: vec!["tx8be.Conv".into()],
            loc: String::new(),
            estimated_cycles: Some(sim * 1.1),
            simulated_cycles: Some(sim),
            start_cycles: Some(start),
            ne_flops,
            cgra_ops,
            roofline_cycles: roof,
            fraction: Some(roof / sim),
            binding_engine: "ne".into(),
            roofline_binding: "ne".into(),
            ddr_bytes: 4096,
            compulsory_bytes: bytes,
            spm_high_water: 1 << 20,
            spm_bytes: 1 << 19,
            sharding: vec![],
            split: vec![],
            template_id: None,
        }
    }

    #[test]
    fn one_mark_per_group_in_every_chart() {
        let rows = vec![row(0, 1000.0, 0.0), row(1, 50_000.0, 1000.0), row(2, 300.0, 51_000.0)];
        assert_eq!(group_cycles_svg(&rows).matches("class=\"sim\"").count(), 3);
        assert_eq!(spm_svg(&rows, 3 << 20).matches("class=\"spm\"").count(), 3);
        let roof = roofline_svg(&rows, &PEAKS);
        assert_eq!(roof.matches("class=\"point\"").count(), 3);
        // A point's height below the roof is the group's fraction of its
        // own roofline, whichever term binds it (NE, CGRA or DDR).
        for r in &rows {
            let w = equivalent_flops(r, &PEAKS);
            let roof_y = (w / r.compulsory_bytes as f64 * PEAKS.ddr_bytes).min(PEAKS.ne_flops);
            let f = (w / r.simulated_cycles.unwrap()) / roof_y;
            assert!((f - r.fraction.unwrap()).abs() < 1e-9, "group {}: {f} vs {:?}", r.id, r.fraction);
        }
    }

    #[test]
    fn timeline_merges_equal_spans_and_marks_group_starts() {
        let mut tile = std::collections::BTreeMap::new();
        tile.insert("NE".to_string(), vec![1.0, 1.0, 0.0, 0.5]);
        let activity = Activity { bin_cycles: 10.0, tiles: vec![tile.clone(), tile] };
        let rows = vec![row(0, 20.0, 0.0), row(1, 20.0, 20.0)];
        let svg = timeline_svg(&activity, &rows);
        // Per tile: one rectangle for the two busy spans, one for the half.
        assert_eq!(svg.matches("<rect x=").count(), 2 * 2 + 1, "{svg}");
        assert_eq!(svg.matches("class=\"group-start\"").count(), 1);
        assert!(timeline_svg(&Activity::default(), &rows).is_empty());
    }

    #[test]
    fn charts_without_a_run_draw_what_they_can() {
        let mut r = row(0, 1.0, 0.0);
        r.simulated_cycles = None;
        r.start_cycles = None;
        r.fraction = None;
        let peaks = Peaks { ne_flops: 1.0, cgra_ops: 1.0, ddr_bytes: 1.0 };
        assert!(roofline_svg(std::slice::from_ref(&r), &peaks).is_empty());
        assert!(group_cycles_svg(std::slice::from_ref(&r)).contains("class=\"roof\""));
        assert!(spm_svg(std::slice::from_ref(&r), 1 << 20).contains("(group)"));
    }

    #[test]
    fn si_prefixes() {
        assert_eq!(si(1234567.0), "1.23M");
        assert_eq!(si(1000.0), "1k");
        assert_eq!(si(25.5), "25.5");
    }
}
