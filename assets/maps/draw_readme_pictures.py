"""Draw the pictures of bot/render/README.md: a late seven-power Struggle of Empires game and
a six-player Empires end game, at 1600 px and at the 550 px of a Discord preview.

    python assets/maps/draw_readme_pictures.py [output folder]
    python assets/maps/draw_readme_pictures.py --before COMMIT

The second form draws the "before" pictures: the same views drawn by this very script as
it stood at COMMIT (taken from git history into a temporary folder and run there), saved
as `*-before-*.png` beside the others.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import tempfile
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


def draw_before(commit: str, folder: Path = OUTPUT) -> None:
    """The pictures as the renderer of `commit` drew them, from a copy of that commit."""
    with tempfile.TemporaryDirectory() as temporary:
        old = Path(temporary)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        drawn = old / "drawn"
        script = old / "assets" / "maps" / "draw_readme_pictures.py"
        subprocess.run([sys.executable, str(script), str(drawn)], check=True)
        for picture in drawn.glob("*-after-*.png"):
            shutil.copy(picture, folder / picture.name.replace("-after-", "-before-"))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--before":
        draw_before(sys.argv[2])
    else:
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT)
