"""Draws the page's app icons (web/src/icon-192.png, icon-512.png): a gold crown on a
rounded dark-green square, the shape of web/src/icon.svg, rasterised here with the
standard library only (four samples a pixel). Run once after changing the shape:
python3 web/tools/icons.py"""

import struct
import zlib
from pathlib import Path

# The crown of icon.svg, in its 24-unit box: the body (a polygon), the band, the balls.
BODY = [(2.5, 7.5), (7.2, 12), (12, 4), (16.8, 12), (21.5, 7.5), (19.6, 18), (4.4, 18)]
BAND = (4.4, 19.2, 19.6, 21.5)
BALLS = [(2.5, 6.6, 1.5), (12, 3, 1.5), (21.5, 6.6, 1.5)]
BG, GOLD = (31, 77, 58), (240, 190, 40)


def inside_polygon(x, y, pts):
    hit = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def crown(u, v):
    if inside_polygon(u, v, BODY):
        return True
    x0, y0, x1, y1 = BAND
    if x0 <= u <= x1 and y0 <= v <= y1:
        return True
    return any((u - cx) ** 2 + (v - cy) ** 2 <= r * r for cx, cy, r in BALLS)


def draw(size):
    rows = []
    radius = size * 0.18
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sx, sy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
                x, y = px + sx, py + sy
                # Rounded corners: outside them, transparent.
                cx = min(max(x, radius), size - radius)
                cy = min(max(y, radius), size - radius)
                if (x - cx) ** 2 + (y - cy) ** 2 > radius * radius:
                    continue
                # The crown fills the middle 70% of the icon (the maskable safe zone).
                u = (x / size - 0.15) / 0.7 * 24
                v = (y / size - 0.13) / 0.7 * 24
                c = GOLD if crown(u, v) else BG
                acc[0] += c[0]
                acc[1] += c[1]
                acc[2] += c[2]
                acc[3] += 255
            row += bytes(a // 4 for a in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", raw)
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "src"
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(draw(size))
