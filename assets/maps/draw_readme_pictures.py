"""Draw the pictures of bot/render/README.md: a late seven-power Struggle of Empires game and
a six-player Empires end game, at 1600 px and at the 550 px of a Discord preview.

    python assets/maps/draw_readme_pictures.py [output folder]

The "before" pictures beside them were drawn once with the same views by the renderer of
commit f987099, before maps showed holders, changes and who must act.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.render import render_png  # noqa: E402
from bot.render.changes import with_changes  # noqa: E402
from rulesets.core.scene import MapGeometry, Scene  # noqa: E402
from rulesets.empires import map as empires_map  # noqa: E402
from rulesets.struggle import map as struggle_map  # noqa: E402
from tests.render.views import attack_view, midgame_view  # noqa: E402

OUTPUT = Path(__file__).resolve().parent / "pictures"
EMPIRES_END = ROOT / "tests" / "render" / "golden" / "empires-endgame.json"
FULL_WIDTH = 1600
PREVIEW_WIDTH = 550
PLAYERS = {"P1": "Amélie", "P2": "Bruno", "P3": "Chen", "P4": "Dana", "P5": "Emeka", "P6": "Fritz"}


def late_struggle_views() -> tuple[dict[str, Any], dict[str, Any]]:
    """War 3: France has just taken Central Europe from Russia; Britain is to act."""
    before, after = midgame_view(), attack_view()
    for view in (before, after):
        view.update(war=3, round=4, rounds_in_war=6)
    return before, after


def empires_end_view() -> dict[str, Any]:
    view: dict[str, Any] = json.loads(EMPIRES_END.read_text(encoding="utf-8"))
    return view


def save(geometry: MapGeometry, scene: Scene, name: str, folder: Path) -> None:
    png = render_png(geometry, scene, FULL_WIDTH)
    (folder / f"{name}-1600.png").write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * PREVIEW_WIDTH / image.width)
    preview = image.resize((PREVIEW_WIDTH, height), Image.Resampling.LANCZOS)
    preview.quantize(256, method=Image.Quantize.FASTOCTREE).save(folder / f"{name}-550.png")


def main(folder: Path = OUTPUT) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    before, after = late_struggle_views()
    scene = with_changes(struggle_map.scene_from_view(before), struggle_map.scene_from_view(after))
    save(struggle_map.load_geometry(), scene, "struggle-late-after", folder)
    labels = {f"seat.{seat}": name for seat, name in PLAYERS.items()}
    end = empires_map.scene_from_view(empires_end_view(), "en", labels)
    save(empires_map.load_geometry(), end, "empires-end-after", folder)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT)
