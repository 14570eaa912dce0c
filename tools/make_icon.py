"""Draw the program icon, the five coloured dice on the felt, into assets/icons/.

    python -m tools.make_icon [--out DIR]

Writes icon.png (512 px: Linux, the README), icon.ico (Windows: 16..256 px) and icon.icns (macOS:
16..512 px). The dice come from the game's own renderer, so the icon follows the theme. ICO and
ICNS both allow PNG images inside, so both are written here without Pillow.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.goennen.engine import Colour  # noqa: E402
from scenes.core import theme  # noqa: E402
from scenes.render.dice import die_face  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MASTER = 1024  # drawn once this large, then scaled down smoothly for every size
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS type codes for PNG payloads, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
# Five dice like the five pips of a die: four corners and the centre (drawn last, on top).
PLACES = (
    (Colour.YELLOW, 0.30, 0.30, -8.0),
    (Colour.GREEN, 0.70, 0.30, 7.0),
    (Colour.BLUE, 0.30, 0.70, 6.0),
    (Colour.PURPLE, 0.70, 0.70, -6.0),
    (Colour.ORANGE, 0.50, 0.50, 0.0),
)


def draw_master() -> pygame.Surface:
    icon = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    plate = icon.get_rect().inflate(-MASTER // 16, -MASTER // 16)
    pygame.draw.rect(icon, theme.FELT_DARK, plate, border_radius=MASTER // 6)
    pygame.draw.rect(icon, theme.FELT, plate.inflate(-MASTER // 40, -MASTER // 40), border_radius=MASTER // 6)
    die_size = int(MASTER * 0.36)
    for colour, u, v, angle in PLACES:
        face = pygame.transform.rotozoom(die_face(colour, 5, die_size), angle, 1.0)
        icon.blit(face, face.get_rect(center=(int(u * MASTER), int(v * MASTER))))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(master, (size, size))


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (Windows Vista and later read these)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, payload = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(payload))
        payload += data
    return header + entries + payload


def icns_bytes(images: dict[int, bytes]) -> bytes:
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data for size, data in sorted(images.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path) -> list[Path]:
    pygame.display.init()  # smoothscale and image saving want SDL's video side initialised
    master = draw_master()
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "icon.png": png_bytes(scaled(master, 512)),
        "icon.ico": ico_bytes({size: png_bytes(scaled(master, size)) for size in ICO_SIZES}),
        "icon.icns": icns_bytes({size: png_bytes(scaled(master, size)) for size in ICNS_TYPES}),
    }
    written = []
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_icon", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icons")
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
