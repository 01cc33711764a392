"""Write SVG (and, where rsvg-convert is installed, PNG) screenshots of the main screens.

    python scripts/screenshots.py      # writes screenshots/*.svg and *.png

The scenes are the seeded ones the snapshot tests use (tests/scenes.py; run this from the top of the checkout).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.scenes import SCENES, SIZE

OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def shoot(name: str) -> Path:
    make, prepare = SCENES[name]
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await prepare(pilot)
        path = OUT / f"{name}.svg"
        app.save_screenshot(filename=path.name, path=str(OUT))
    return path


def main() -> None:
    os.environ.setdefault("WORDCARDS_HOME", tempfile.mkdtemp())
    OUT.mkdir(exist_ok=True)
    for name in SCENES:
        svg = asyncio.run(shoot(name))
        print(svg.relative_to(OUT.parent))
        if shutil.which("rsvg-convert"):
            png = svg.with_suffix(".png")
            subprocess.run(["rsvg-convert", "-w", "1000", str(svg), "-o", str(png)], check=True)
            print(png.relative_to(OUT.parent))


if __name__ == "__main__":
    main()
