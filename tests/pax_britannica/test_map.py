"""The map of 1880: the geometry holds every place of the rules, the scene reads only the
public view, its texts follow the language, and the drawing matches its reference."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

from PIL import Image

from bot.render import render_png
from bot.render.registry import map_renderer
from rulesets.core import start
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.data import default_data
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.map import (
    load_geometry,
    region_bounds,
    region_groups,
    scene_from_view,
)
from rulesets.pax_britannica.state import PaxState
from tests.render.golden import matches

GOLDEN = Path(__file__).resolve().parent / "golden"
WIDTH = 1600


def opening_view() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((GOLDEN / "opening_view.json").read_text("utf-8"))
    return loaded


def test_every_area_sea_cape_and_home_nation_has_a_place_on_the_map() -> None:
    data = default_data()
    places = {a.id for a in data.areas} | {s.id for s in data.seas} | {p.id for p in data.powers}
    capes = {p.id for p in data.passages if p.kind == "cape"}
    assert capes == {"cape_of_good_hope", "cape_horn"}
    assert set(load_geometry().regions) == places | capes


def test_units_in_a_cape_zone_are_drawn_there() -> None:
    # README, "The players' decisions inside a war": in war a navy or an army may spend a
    # manoeuvre in the Cape of Good Hope or Cape Horn; its card shows them while they stay.
    view = opening_view()
    assert "cape_of_good_hope" not in {r.id for r in scene_from_view(view, "en").regions}
    view["units"] = [
        *view["units"],
        {"id": 90, "kind": "navy", "location": "cape_of_good_hope", "power": "britain",
         "strength": 3, "moved": True, "role": None},
        {"id": 91, "kind": "army", "location": "cape_of_good_hope", "power": "germany",
         "strength": 2, "moved": True, "role": None},
    ]  # fmt: skip
    scene = scene_from_view(view, "fr")
    cape = scene.region("cape_of_good_hope")
    assert cape.label == "Cap de Bonne-Espérance"
    assert {(s.kind, s.power, s.count) for s in cape.pieces} == {
        ("fleet", "britain", 3),
        ("army", "germany", 2),
    }
    assert "cape_horn" not in {r.id for r in scene.regions}  # no unit there: no card
    assert scene_from_view(view, "en").region("cape_of_good_hope").label == "Cape of Good Hope"
    png = render_png(load_geometry(), scene, 800)
    quiet = render_png(load_geometry(), scene_from_view(opening_view(), "fr"), 800)
    assert not matches(png, Image.open(io.BytesIO(quiet)))


def test_the_renderer_finds_the_map_by_the_ruleset_name() -> None:
    assert map_renderer("pax-britannica").load_geometry() == load_geometry()


def test_the_scene_shows_status_units_fleets_and_unrest() -> None:
    view = opening_view()
    view["unrest"] = ["egypt"]
    scene = scene_from_view(view, "en")
    india = scene.region("bengal")
    assert india.control == {"britain": 4} and india.vp_text == "5·2"
    assert any(stack.kind == "army" and stack.count == 10 for stack in india.pieces)
    assert [m.kind for m in scene.region("egypt").markers] == ["unrest"]
    atlantic = {stack.power for stack in scene.region("north_atlantic").pieces}
    assert {"britain", "france", "germany", "usa"} <= atlantic


def test_the_scene_speaks_the_campaigns_language() -> None:
    french = scene_from_view(opening_view(), "fr")
    assert french.region("egypt").label == "Égypte"
    assert french.header.lines[1].startswith("Tension européenne")


def test_a_live_public_view_draws() -> None:
    state = start(PAX, ["britain", "france", "germany", "usa"], {}, "77" * 32).state
    png = render_png(load_geometry(), scene_from_view(PAX.view(state, None), "fr"), 800)
    assert Image.open(io.BytesIO(png)).size[0] == 800


def test_a_live_view_with_a_navy_rounding_cape_horn_draws_its_card() -> None:
    state = start(PAX, ["britain", "france", "germany", "usa"], {}, "77" * 32).state
    assert isinstance(state, PaxState)
    new_unit(state, "usa", "navy", 2, "cape_horn")
    scene = scene_from_view(PAX.view(state, None), "en")
    horn = scene.region("cape_horn")
    assert horn.label == "Cape Horn"
    assert [(s.kind, s.power, s.count) for s in horn.pieces] == [("fleet", "usa", 2)]
    assert render_png(load_geometry(), scene, 800)


def test_the_natives_armies_of_a_war_draw() -> None:
    # A rebellion's Chinese armies and the Ottoman war's armies are units of powers that no
    # seat plays; the scene refused them once the wars were on by default.
    state = start(PAX, ["britain", "france", "germany", "usa"], {}, "77" * 32).state
    new_unit(state, "china", "army", 5, "kwangtung")
    new_unit(state, "ottoman", "army", 5, "anatolia")
    scene = scene_from_view(PAX.view(state, None), "en")
    assert {s.power for s in scene.region("kwangtung").pieces} == {"china"}
    assert "ottoman" in {s.power for s in scene.region("anatolia").pieces}
    png = render_png(load_geometry(), scene, 400)
    assert Image.open(__import__("io").BytesIO(png)).size[0] == 400


def test_the_opening_map_matches_its_reference() -> None:
    png = render_png(load_geometry(), scene_from_view(opening_view(), "en"), WIDTH)
    path = GOLDEN / "pax-britannica-opening.png"
    if os.environ.get("COURIER_UPDATE_GOLDEN") == "1":
        path.write_bytes(png)
    reference = Image.open(path)
    reference.load()
    assert matches(png, reference)


def test_each_close_up_frames_its_continent_and_not_the_world() -> None:
    # Issue 19: "regional close-ups (Africa, Asia, the Americas) available through /map
    # region:". Each box holds every anchor of its places and is much smaller than the map.
    geometry = load_geometry()
    groups, bounds = region_groups(), region_bounds()
    assert set(bounds) == {"africa", "asia", "americas"}
    for name, (x0, y0, x1, y1) in bounds.items():
        members = groups[f"pax.map.area.{name}"]
        assert members and all(place in geometry.regions for place in members)
        for place in members:
            x, y = geometry.regions[place].anchor
            assert x0 <= x <= x1 and y0 <= y <= y1, (name, place)
        assert (x1 - x0) * (y1 - y0) < 0.4 * geometry.sidebar.x * geometry.height, name
    africa, americas = bounds["africa"], bounds["americas"]
    congo = geometry.regions["congo"].anchor
    assert not americas[0] <= congo[0] <= americas[2]
    assert (
        "usa" in groups["pax.map.area.americas"] and "canada" not in groups["pax.map.area.africa"]
    )
    assert africa[2] <= bounds["asia"][2]


def test_the_close_ups_are_named_in_the_campaigns_language() -> None:
    view = opening_view()
    assert scene_from_view(view, "fr").captions["pax.map.area.americas"] == "Amériques"
    assert scene_from_view(view, "en").captions["pax.map.area.africa"] == "Africa"
