"""Checks the pictures of tx8c's --report page against the run.json beside
it: the four charts are there and parse as SVG, the cycles chart has one
column per group whose tooltip gives that group's simulated cycles, the
timeline one strip set per tile and a line where each later group starts,
the SPM chart one step per group with the bytes its buffers cover
and its highest byte, the roofline
one point per group that did work, each at its fraction of its own roof.
With --screenshot PNG (Chromium's rendering of the page), also that every
chart drew its colours.
Usage: check_report_page.py OUTDIR [--screenshot PNG]"""

import json
import math
import os
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def fail(msg):
    print(f"report page: {msg}")
    sys.exit(1)


def charts(html):
    found = {}
    for text in re.findall(r"<svg\b.*?</svg>", html, flags=re.S):
        try:
            root = ET.fromstring(text)
        except ET.ParseError as e:
            fail(f"a chart is not well-formed SVG: {e}")
        found[root.get("aria-label")] = root
    return found


def by_class(root, cls):
    return [e for e in root.iter() if e.get("class") == cls]


def title(e):
    t = e.find(SVG + "title")
    return t.text if t is not None else ""


def check_page(out):
    run = json.load(open(os.path.join(out, "run.json")))
    card_tiles = json.load(open(os.path.join(out, "model.json")))["tiles"]
    rows = run["groups"]
    html = open(os.path.join(out, "report.html"), encoding="utf-8").read()
    svgs = charts(html)
    want = ["cycles per group: simulated, estimated and roofline", "engine activity of every tile over the run",
            "SPM occupied per group over the schedule", "groups on the roofline"]
    for label in want:
        if label not in svgs:
            fail(f"no chart '{label}' (found {sorted(k for k in svgs if k)})")
    cycles = svgs[want[0]]
    cols = by_class(cycles, "group")
    if len(cols) != len(rows):
        fail(f"{len(cols)} columns for {len(rows)} groups")
    for col, r in zip(cols, rows):
        if int(col.get("data-id")) != r["id"] or f"simulated {r['simulated_cycles']:.0f} cycles" not in title(col):
            fail(f"column of group {r['id']} says '{title(col)}'")
    if len(by_class(cycles, "sim")) != len(rows) or len(by_class(cycles, "roof")) != len(rows):
        fail("a group lacks its simulated or roofline bar")
    timeline = svgs[want[1]]
    # Every tile has its row; a tile that did nothing has no strips.
    labels = [t.text for t in timeline.iter(SVG + "text") if (t.text or "").startswith("tile ")]
    if labels != [f"tile {t}" for t in range(card_tiles)]:
        fail(f"timeline rows {labels}, the card has {card_tiles} tiles")
    tiles = {int(g.get("data-tile")) for g in by_class(timeline, "engine")}
    if not tiles or not tiles <= set(range(card_tiles)):
        fail(f"timeline strips for tiles {sorted(tiles)}, the card has {card_tiles}")
    if len(by_class(timeline, "group-start")) != len(rows) - 1:
        fail(f"{len(by_class(timeline, 'group-start'))} group starts drawn for {len(rows)} groups")
    spm = by_class(svgs[want[2]], "spm")
    if [int(e.get("data-id")) for e in spm] != [r["id"] for r in rows]:
        fail("the SPM chart's steps are not the groups in order")
    for e, r in zip(spm, rows):
        if not title(e).startswith(f"group {r['id']}: {r['spm_bytes']} bytes") \
                or f"highest byte {r['spm_high_water']} " not in title(e) or r["spm_bytes"] > r["spm_high_water"]:
            fail(f"SPM step of group {r['id']} says '{title(e)}'")
    roof = svgs[want[3]]
    points = by_class(roof, "point")
    working = [r for r in rows if r["ne_flops"] > 0 or r["cgra_ops"] > 0]
    if len(points) != len(working):
        fail(f"{len(points)} roofline points for {len(working)} groups with work")
    # Geometry: on a log-log plot, a point's height below the roof line at
    # its x is log10(1 / fraction) decades; the roof is drawn as a
    # polyline, so read its y at the point's x and compare.
    pts = [tuple(map(float, p.split(","))) for p in by_class(roof, "roof")[0].get("points").split()]
    decade = decade_pixels(roof)
    for p, r in zip(points, working):
        cx, cy = float(p.get("cx")), float(p.get("cy"))
        roof_y = interp(pts, cx)
        below = (cy - roof_y) / decade
        want_below = -math.log10(r["fraction"])
        if abs(below - want_below) > 0.02:
            fail(f"group {r['id']}'s point is {below:.3f} decades below the roof, its fraction says {want_below:.3f}")
    return len(rows)


def decade_pixels(roof):
    """Pixels per decade of the roofline chart's y axis, from its labels."""
    ys = sorted(float(t.get("y")) for t in roof.iter(SVG + "text") if t.get("text-anchor") == "end")
    steps = [b - a for a, b in zip(ys, ys[1:])]
    if not steps:
        fail("the roofline chart has no y axis")
    return steps[0]


def interp(pts, x):
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 > x0 else y0
    fail(f"x {x} is outside the roof")


def png_pixels(path):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail(f"{path}: unsupported PNG (depth {depth}, colour type {colour})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    out = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(bytes(line))
        prev = line
    return w, h, bpp, out


def check_screenshot(path):
    w, h, bpp, rows = png_pixels(path)
    counts = {}
    # Opaque fills of each chart (blended over white where drawn translucent).
    colours = {"cycles chart: simulated bars": (0x9c, 0xc3, 0xd5), "cycles chart: roofline bars": (0x1f, 0x4e, 0x5f),
               "timeline: busy RDMA": (0x2f, 0x9e, 0x44),
               "SPM chart: highest-byte ticks": (0x2b, 0x8a, 0x3e)}
    for row in rows:
        for x in range(0, w * bpp, bpp):
            px = row[x:x + 3]
            for name, c in colours.items():
                if all(abs(px[k] - c[k]) <= 3 for k in range(3)):
                    counts[name] = counts.get(name, 0) + 1
    for name in colours:
        if counts.get(name, 0) < 20:
            fail(f"{path}: {name} not drawn ({counts.get(name, 0)} pixels)")
    return w, h


if __name__ == "__main__":
    out = sys.argv[1]
    n = check_page(out)
    msg = f"report page ok: {n} groups"
    if "--screenshot" in sys.argv:
        w, h = check_screenshot(sys.argv[sys.argv.index("--screenshot") + 1])
        msg += f", rendered {w}x{h}"
    print(msg)
