"""The map of a campaign whose group replaced the data file: zones stand where its file
puts them, or, when it places none, in a deterministic graph layout; and each minor
power's zones carry its ally's mark, with a line per minor in the sidebar."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from bot.render import render_view_png
from rulesets.core import start
from rulesets.core.scene import Scene
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import DATA_FILE
from rulesets.ultima_ratio_regis.map import geometry_for_view, load_geometry, scene_from_view
from rulesets.ultima_ratio_regis.map.board import board_of
from rulesets.ultima_ratio_regis.map.geometry import (
    CELL_HEIGHT,
    CELL_WIDTH,
    LAYOUT_LEFT,
    OFFSET_X,
    OFFSET_Y,
)
from rulesets.ultima_ratio_regis.state import UrrState

SEATS = ["P1", "P2", "P3", "P4", "REF"]
SEED = "5a" * 32


def replacement(*, placed: bool) -> dict[str, Any]:
    """The shipped file turned into a group's own: zones mirrored left to right, or every
    zone at 0, 0 (a file that gives no coordinates)."""
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for zone in data["zones"]:
        zone["x"], zone["y"] = (1200 - zone["x"], zone["y"] + 30) if placed else (0, 0)
    return data


def public_view(data: dict[str, Any] | None) -> dict[str, Any]:
    state = start(URR, SEATS, {}, SEED, data=data).state
    assert isinstance(state, UrrState)
    return URR.view(state, None)


def test_a_replacement_files_coordinates_place_its_zones() -> None:
    data = replacement(placed=True)
    geometry = geometry_for_view(public_view(data))
    assert geometry.id != load_geometry().id
    for zone in data["zones"]:
        shipped = load_geometry().regions[zone["id"]].anchor
        assert geometry.regions[zone["id"]].anchor == (zone["x"] + OFFSET_X, zone["y"] + OFFSET_Y)
        assert geometry.regions[zone["id"]].anchor != shipped


def test_the_shipped_file_keeps_its_map() -> None:
    view = public_view(None)
    assert "map_data" not in view
    assert geometry_for_view(view) is load_geometry()


def test_a_file_without_coordinates_is_laid_out_on_a_grid_by_its_links() -> None:
    view = public_view(replacement(placed=False))
    geometry = geometry_for_view(view)
    anchors = [region.anchor for region in geometry.regions.values()]
    assert len(set(anchors)) == len(anchors) == len(replacement(placed=False)["zones"])
    left = OFFSET_X + LAYOUT_LEFT
    for x, y in anchors:
        assert (x - left) % CELL_WIDTH == 0 and (y - OFFSET_Y) % CELL_HEIGHT == 0
    # The first zone of the file opens the layout, its neighbours come next.
    board = board_of(view)
    first = board.zones[0].id
    assert geometry.regions[first].anchor == (left, OFFSET_Y)
    neighbour = next(link.b for link in board.links if link.a == first)
    assert geometry.regions[neighbour].anchor[1] == OFFSET_Y
    # The same file, the same layout.
    assert geometry_for_view(public_view(replacement(placed=False))) == geometry


def test_a_replacement_campaigns_map_is_drawn_on_its_own_board() -> None:
    for placed in (True, False):
        view = public_view(replacement(placed=placed))
        # The scene names its board's geometry (drawing it on another one is refused).
        assert scene_from_view(view, "fr").map_id == geometry_for_view(view).id
        png = render_view_png(URR.name, view, language="fr")
        image = Image.open(io.BytesIO(png))
        assert image.width == max(1600, round(geometry_for_view(view).width))


def _minor_lines(scene: Scene) -> list[tuple[str | None, str]]:
    panel = next(panel for panel in scene.panels if panel.title == "Minor powers' allies")
    return [(row.power, row.values[0]) for row in panel.rows]


def test_each_minor_zone_carries_its_allys_mark_and_the_sidebar_names_the_ally() -> None:
    view = public_view(None)
    view["minor_allies"] = {"urr_minor_saxony": "urr_pru", "urr_minor_bavaria": None}
    view["control"].pop("urr_saxony", None)
    scene = scene_from_view(view, "en")
    saxony = next(region for region in scene.regions if region.id == "urr_saxony")
    assert [(m.kind, m.holds) for m in saxony.markers] == [("ally", "urr_pru")]
    bavaria = next(region for region in scene.regions if region.id == "urr_bavaria")
    assert bavaria.markers == []
    lines = _minor_lines(scene)
    assert ("urr_pru", "Saxony: Prussia") in lines
    assert (None, "Bavaria: none") in lines
    assert "marker:ally" in [entry.symbol for entry in scene.legend]


def test_a_minor_zone_a_power_holds_shows_its_holder_not_the_ally() -> None:
    view = public_view(None)
    view["minor_allies"] = {"urr_minor_saxony": "urr_pru"}
    view["control"]["urr_saxony"] = "urr_aus"
    saxony = next(r for r in scene_from_view(view, "fr").regions if r.id == "urr_saxony")
    assert saxony.markers == [] and saxony.control == {"urr_aus": 1}


def test_a_minor_powers_own_troop_is_drawn_in_its_grey() -> None:
    view = public_view(None)
    view["units"].append(
        {"id": "m1", "power": "urr_minor_saxony", "kind": "troop", "area": "urr_saxony"}
    )
    scene = scene_from_view(view, "en")
    saxony = next(region for region in scene.regions if region.id == "urr_saxony")
    assert [(p.kind, p.power) for p in saxony.pieces] == [("army", "urr_minor_saxony")]
    assert scene.style_of("urr_minor_saxony").letter == "Sa"
    assert render_view_png(URR.name, view)
