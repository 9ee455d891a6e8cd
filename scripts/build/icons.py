"""The home-screen icons, drawn at build time: a white die showing five on the theme colour.

Plain PNG written with zlib and struct (no imaging library), the same bytes every build.
"""

from __future__ import annotations

import struct
import zlib

THEME = (0x3F, 0x51, 0xB5)  # Material's default indigo: the header colour the player sees
PIPS = ((0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    """Colour at (x, y) in unit coordinates: die body from 0.18 to 0.82, rounded corners, pips."""
    low, high, radius = 0.18, 0.82, 0.1
    cx = min(max(x, low + radius), high - radius)
    cy = min(max(y, low + radius), high - radius)
    if (x - cx) ** 2 + (y - cy) ** 2 > radius**2:
        return THEME
    for px, py in PIPS:
        if (x - (low + px * (high - low))) ** 2 + (y - (low + py * (high - low))) ** 2 < 0.055**2:
            return THEME
    return (255, 255, 255)


def png(size: int) -> bytes:
    """A size x size RGB PNG of the icon."""
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # filter type: none
        for i in range(size):
            rows.extend(_pixel((i + 0.5) / size, (j + 0.5) / size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + _chunk(b"IEND", b"")
