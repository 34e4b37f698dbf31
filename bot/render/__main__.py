"""Draw a map from a saved public view: python -m bot.render struggle view.json map.png

Handy for moderators preparing a scenario and for looking at a position outside Discord.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.render.campaign import render_view_png


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__)
    parser.add_argument("ruleset", help="the ruleset name, e.g. struggle")
    parser.add_argument("view", type=Path, help="a JSON file holding a PUBLIC view")
    parser.add_argument("output", type=Path, help="where to write the PNG")
    parser.add_argument("--width", type=int, default=None, help="default: the map's own width")
    parser.add_argument("--language", default="en")
    given = parser.parse_args(arguments)
    view = json.loads(given.view.read_text(encoding="utf-8"))
    png = render_view_png(given.ruleset, view, given.width, given.language)
    given.output.write_bytes(png)


if __name__ == "__main__":
    main()
