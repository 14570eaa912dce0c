"""Write scenes/core/builtin_layouts.py: the shipped layouts' regions as Python, the fallback
a screen uses when its .tmx file is damaged (scenes/core/layout.py).

    python -m tools.builtin_layouts

Run it after changing a file in assets/layouts/; tests/scenes/test_shipped_files.py fails until then.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parents[1] / "scenes" / "core" / "builtin_layouts.py"

HEADER = '''"""The shipped layouts' regions (x, y, width, height), for a screen whose .tmx file is damaged.

Written by `python -m tools.builtin_layouts` from assets/layouts/; do not edit by hand.
"""

REGIONS: dict[str, dict[str, tuple[int, int, int, int]]] = {
'''


def source() -> str:
    """The module's text, read from the layout files now."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes.core.layout import REQUIRED, read_layout

    lines = [HEADER]
    for name in sorted(REQUIRED):
        regions = read_layout(name, REQUIRED[name]).regions
        lines.append(f'    "{name}": {{\n')
        for region, rect in regions.items():
            lines.append(f'        "{region}": ({rect.x}, {rect.y}, {rect.width}, {rect.height}),\n')
        lines.append("    },\n")
    lines.append("}\n")
    return "".join(lines)


def main() -> int:
    TARGET.write_text(source(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
