"""`queens.Puzzle.from_image` (issue 39): a puzzle read from a screenshot given as a
path, file bytes or pixels, with the queens and crosses drawn on it as the position
`hint()` starts from. The pictures are drawn here, square by square, in flat colours
with dark grid lines and thick region borders, as the apps draw them."""

from __future__ import annotations

import zlib
import struct
from pathlib import Path

import pytest

import queens

PUZZLE = ["eeffff", "eeeeff", "eeeefd", "ceeeff", "ccbeaa", "cceeaa"]

# Pastel colours far apart, one a region letter.
COLOURS = {
    "a": (236, 160, 160),
    "b": (160, 200, 236),
    "c": (176, 226, 160),
    "d": (240, 220, 140),
    "e": (200, 170, 230),
    "f": (240, 190, 120),
}

CELL = 24


class Pixels:
    """An array of `uint8` pixels as NumPy shows one: `shape`, `dtype`, `tobytes()`."""

    def __init__(self, width: int, height: int, rgb: bytes, channels: int) -> None:
        self.shape = (height, width, channels)
        self.dtype = "uint8"
        self._bytes = rgb

    def tobytes(self) -> bytes:
        return self._bytes


def crown(ix, iy):
    """Whether pixel (ix, iy) of a square is inked by the crown: three points over a
    band, in the middle of the square, as the apps draw a queen. (A solid square blot
    of a third of the square, which this test drew before, is now read as a cross:
    its corners ink the diagonals further out than its sides ink the axes.)"""
    lo, hi = 7, CELL - 7
    if not (lo <= ix < hi and lo <= iy < hi):
        return False
    if iy >= lo + 4:
        return True
    mid = (lo + hi - 1) / 2
    return abs(ix - lo) <= 1 or abs(ix - (hi - 1)) <= 1 or abs(ix - mid) <= 1


def draw(rows, crowns=(), crosses=(), channels=3):
    """The puzzle `rows` drawn at CELL pixels a square with a margin, thin lines inside
    regions, thick ones between them, a dark crown on `crowns` and an X on
    `crosses` (squares as (rank from the top, file))."""
    n = len(rows)
    margin = 20
    side = n * CELL + 2 * margin
    px = bytearray()
    for y in range(side):
        for x in range(side):
            c = (250, 250, 250)
            gx, gy = x - margin, y - margin
            if 0 <= gx < n * CELL and 0 <= gy < n * CELL:
                r, f = gy // CELL, gx // CELL
                ix, iy = gx % CELL, gy % CELL
                c = COLOURS[rows[r][f]]
                left = f > 0 and rows[r][f - 1] != rows[r][f]
                top = r > 0 and rows[r - 1][f] != rows[r][f]
                thick = 3
                if (ix < thick and (left or f == 0)) or (iy < thick and (top or r == 0)):
                    c = (20, 20, 20)
                elif ix == 0 or iy == 0:
                    c = (90, 90, 90)
                elif (r, f) in crowns and crown(ix, iy):
                    c = (30, 30, 30)
                elif (r, f) in crosses and 7 <= ix < CELL - 6 and (ix == iy or ix == CELL - iy):
                    c = (60, 60, 60)
            elif margin - 3 <= gx < margin + n * CELL + 3 and margin - 3 <= gy < margin + n * CELL + 3:
                c = (20, 20, 20)
            px.extend(c if channels == 3 else (*c, 255))
    return side, side, bytes(px)


def png(width: int, height: int, rgb: bytes) -> bytes:
    """A PNG file of the RGB pixels (the format's own chunks, written out)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + rgb[y * width * 3 : (y + 1) * width * 3] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def regions(p: queens.Puzzle) -> list:
    """The puzzle's regions as a partition of its squares (a reading names them anew)."""
    seen: dict = {}
    return ["".join(chr(97 + seen.setdefault(c, len(seen))) for c in row) for row in p.rows]


def same_step(a, b) -> bool:
    return (a.rule, a.place, a.cross) == (b.rule, b.place, b.cross)


def test_a_picture_as_a_path_bytes_or_pixels_reads_as_the_puzzle(tmp_path: Path):
    want = queens.Puzzle(PUZZLE)
    w, h, rgb = draw(PUZZLE)
    file = tmp_path / "board.png"
    file.write_bytes(png(w, h, rgb))
    for source in (str(file), file, file.read_bytes(), Pixels(w, h, rgb, 3)):
        p = queens.Puzzle.from_image(source)
        assert regions(p) == regions(want)
        assert p.placed == [] and p.crossed == []
        assert same_step(p.hint(), want.hint())
    _, _, rgba = draw(PUZZLE, channels=4)
    assert regions(queens.Puzzle.from_image(Pixels(w, h, rgba, 4))) == regions(want)


def test_marks_drawn_on_the_picture_are_where_hints_start():
    want = queens.Puzzle(PUZZLE)
    solution = want.solve()
    (kind, first), *_ = list(solution)
    # The first queen of the solution drawn as a crown (rank 1 is the bottom row).
    file_index = ord(first[0]) - ord("a")
    rank_from_top = len(PUZZLE) - int(first[1:])
    w, h, rgb = draw(PUZZLE, crowns={(rank_from_top, file_index)})
    p = queens.Puzzle.from_image(Pixels(w, h, rgb, 3))
    assert regions(p) == regions(want)
    assert p.placed == [first] and p.crossed == []
    assert same_step(p.hint(), want.hint(placed=[first]))
    # A position given explicitly wins over the drawn one.
    assert same_step(p.hint(placed=[], crossed=[]), want.hint())


def test_bad_pictures_are_refused_in_one_sentence(tmp_path: Path):
    with pytest.raises(queens.InputError, match="bad picture 12"):
        queens.Puzzle.from_image(12)
    with pytest.raises(queens.InputError, match="cannot open the picture"):
        queens.Puzzle.from_image(tmp_path / "missing.png")
    with pytest.raises(queens.InputError, match="picture"):
        queens.Puzzle.from_image(b"\x89PNG\r\n\x1a\n" + b"\x00" * 20)
    with pytest.raises(queens.InputError, match="shape"):
        queens.Puzzle.from_image(Pixels(4, 4, bytes(32), 2))
    blank = Pixels(80, 80, bytes([255]) * (80 * 80 * 3), 3)
    with pytest.raises(queens.InputError):
        queens.Puzzle.from_image(blank)
    w, h, rgb = draw(PUZZLE)
    with pytest.raises(queens.InputError, match="size"):
        queens.Puzzle.from_image(Pixels(w, h, rgb, 3), size="six")
