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


async def shoot_host() -> Path:
    """A hosted FEZ game a few moves in: Ann's screen and Bob's, as each sees it over SSH, side by side."""
    import re

    from tests.host_helpers import hosting

    async with hosting("fez", seed=7) as host:
        ann = await host.join("Ann")
        bob = await host.join("Bob")
        await ann.see("Ann's hand")
        table, referee = host.game.table, host.game.table.referee
        assert table.match is not None and referee is not None
        for _ in range(9):  # hard players' moves for both: a word each, and Bob's second draw
            seat = referee.next().seats[0]
            table.play(table.match.bot(seat).choose(referee.view(seat)))
            await asyncio.sleep(0.05)
        await bob.see("Bob's hand")
        await asyncio.sleep(1.5)
        apps = {place.name: place.screen for place in host.game.company.places}
        svgs = [apps[name].export_screenshot(title=f"{name}'s terminal") for name in ("Ann", "Bob")]  # type: ignore
    sizes = [re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg) for svg in svgs]
    width, height = (float(sizes[0].group(1)), float(sizes[0].group(2))) if sizes[0] else (994.0, 635.0)
    inner = [re.sub(r"^<\?xml[^>]*>\s*", "", svg) for svg in svgs]
    placed = [re.sub(r"^<svg ", f'<svg x="{n * (width + 20)}" y="0" width="{width}" height="{height}" ', svg, count=1)
              for n, svg in enumerate(inner)]
    path = OUT / "host-two-players.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {2 * width + 20} {height}">'
                    + "".join(placed) + "</svg>\n", encoding="utf-8")
    return path


def main() -> None:
    os.environ.setdefault("WORDCARDS_HOME", tempfile.mkdtemp())
    OUT.mkdir(exist_ok=True)
    for name in [*SCENES, "host-two-players"]:
        svg = asyncio.run(shoot_host() if name == "host-two-players" else shoot(name))
        print(svg.relative_to(OUT.parent))
        if shutil.which("rsvg-convert"):
            png = svg.with_suffix(".png")
            subprocess.run(["rsvg-convert", "-w", "1000", str(svg), "-o", str(png)], check=True)
            print(png.relative_to(OUT.parent))


if __name__ == "__main__":
    main()
