"""What the map shows of the minor powers and of the last combat: each minor's own troops
in its zone, in its commander's colour when a major power commands them (grey when they
defend alone), with a legend entry; and a "last combat" table that the sidebar holds
whole, in English and in French."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

import bot.render.sidebar
from bot.render import render_png
from bot.render.fonts import cut_to_fit
from rulesets.core.scene import PieceStack, Scene
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.map import load_geometry, scene_from_view
from rulesets.ultima_ratio_regis.map.scene import MINOR_COLOUR, MINOR_TROOPS
from tests.render.golden import changed_pixels
from tests.ultima_ratio_regis.helpers import assigned


def minor_stacks(scene: Scene, zone: str) -> list[PieceStack]:
    return [stack for stack in scene.region(zone).pieces if stack.kind == MINOR_TROOPS]


def test_an_allied_minors_troops_stand_in_its_zone_in_its_commanders_colour() -> None:
    scene = scene_from_view(URR.view(assigned(), None), "en")
    [bavaria] = minor_stacks(scene, "urr_bavaria")  # two troops, France commands them
    assert bavaria.count == 2
    style = scene.style_of(bavaria.power)
    france = scene.style_of("urr_fra")
    assert (style.colour, style.letter) == (france.colour, "Ba")
    assert style.name == "the Electorate of Bavaria (France)"
    [poland] = minor_stacks(scene, "urr_poland")  # two troops, no ally: they defend alone
    assert poland.count == 2
    assert scene.style_of(poland.power).colour == MINOR_COLOUR
    assert minor_stacks(scene, "urr_saxony") == []  # the data gives Saxony no troops
    assert [stack.kind for stack in scene.region("urr_paris").pieces] != [MINOR_TROOPS]


def test_troops_that_defend_alone_stay_grey_though_their_minor_has_an_ally() -> None:
    scene = scene_from_view(URR.view(assigned(minor_command="own"), None), "fr")
    [bavaria] = minor_stacks(scene, "urr_bavaria")
    assert bavaria.power == "urr_minor_bavaria"
    assert scene.style_of(bavaria.power).colour == MINOR_COLOUR
    # The zone still names its ally.
    assert [(m.kind, m.holds) for m in scene.region("urr_bavaria").markers] == [("ally", "urr_fra")]


@pytest.mark.parametrize(("language", "label"), [("en", "Minor's troops"), ("fr", "Troupes")])
def test_the_legend_explains_the_minors_troops(language: str, label: str) -> None:
    scene = scene_from_view(URR.view(assigned(), None), language)
    entries = {entry.symbol: entry.label for entry in scene.legend}
    assert entries[MINOR_TROOPS].startswith(label)


def test_the_minors_troops_are_drawn() -> None:
    scene = scene_from_view(URR.view(assigned(), None), "en")
    bavaria = scene.region("urr_bavaria")
    without = bavaria.model_copy(
        update={"pieces": [s for s in bavaria.pieces if s.kind != MINOR_TROOPS]}
    )
    regions = [without if r.id == bavaria.id else r for r in scene.regions]
    drawn = render_png(load_geometry(), scene)
    bare = render_png(load_geometry(), scene.model_copy(update={"regions": regions}))
    assert changed_pixels(Image.open(BytesIO(drawn)), Image.open(BytesIO(bare))) > 50


def last_combat(kind: str) -> dict[str, Any]:
    """A finished combat in the zone with the longest name, between the power with the
    longest name and the local opposition, five dice to four."""
    die = {"unit": None, "q": 2, "roll": 6, "result": 6, "creative": False, "leader": True}
    return {
        "kind": kind,
        "area": "urr_constantinople",
        "attacker": {"power": "urr_ned", "dice": [die] * 5, "bp": 10, "damage": 5},
        "defender": {"power": None, "dice": [die] * 4, "bp": 8, "damage": 4},
        "winner": "attacker",
    }


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", ["land", "naval", "piracy", "siege", "submission"])
def test_the_last_combat_table_is_never_cut(
    language: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = URR.view(assigned(), None) | {"last_combat": last_combat(kind)}
    scene = scene_from_view(view, language)
    [panel] = [p for p in scene.panels if "Constantinople" in p.title]
    assert len(panel.columns) == 4  # the side, its dice, battle points, damage
    shown = {panel.title, *panel.columns}
    for row in panel.rows:
        shown.update(row.values)
        if row.power is not None:
            shown.add(scene.style_of(row.power).name)
    cut: list[str] = []

    def noting_cuts(text: str, face: Any, room: float) -> str:
        fitted = cut_to_fit(text, face, room)
        if fitted != text:
            cut.append(text)
        return fitted

    monkeypatch.setattr(bot.render.sidebar, "cut_to_fit", noting_cuts)
    # The combat's table alone in the sidebar (the powers' table cuts long names its own way).
    render_png(load_geometry(), scene.model_copy(update={"panels": [panel]}))
    assert "United Provinces" in shown or "Provinces-Unies" in shown
    assert not shown & set(cut)
