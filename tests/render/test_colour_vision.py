"""Seven powers stay apart for colour-blind players: by colour where it suffices, and always
by a second cue (a letter on every token, disc and arrow; the leaders' lettered tokens on a
gold ground on each card)."""

from __future__ import annotations

import itertools

import pytest

from bot.render.cards import NEUTRAL_BAND
from bot.render.colours import rgb
from bot.render.regions import holder_fill
from rulesets.empires.map import map_text
from rulesets.empires.map.geometry import empire_styles
from rulesets.struggle.map import load_geometry, load_styles
from rulesets.struggle.map import map_text as struggle_text
from tests.render.colour_vision import DEFICIENCIES, distance
from tests.render.views import midgame_view

# Tokens and arrows are drawn in the full colour; region fills are a tint of it.
MIN_TOKEN_DISTANCE = 15.0
MIN_FILL_DISTANCE = 10.0
VISIONS = [None, *DEFICIENCIES]


def palettes() -> dict[str, list[tuple[str, str, str]]]:
    struggle = load_styles().power_styles(struggle_text("en"))
    empires = empire_styles(map_text("en"))
    return {
        name: [(style.power, style.colour, style.letter) for style in styles]
        for name, styles in (("struggle", struggle), ("empires", empires))
    }


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("game", ["struggle", "empires"])
def test_every_two_powers_colours_stay_apart(game: str, vision: str | None) -> None:
    styles = palettes()[game]
    for (a, colour_a, _), (b, colour_b, _) in itertools.combinations(styles, 2):
        gap = distance(rgb(colour_a), rgb(colour_b), vision)
        assert gap >= MIN_TOKEN_DISTANCE, (a, b, vision, round(gap, 1))


@pytest.mark.parametrize("vision", VISIONS)
def test_region_fills_of_two_leaders_stay_apart(vision: str | None) -> None:
    styles = palettes()["struggle"]
    geometry = load_geometry()
    for region_id in midgame_view()["regions"]:
        base = rgb(geometry.regions[region_id].fill)
        for (a, colour_a, _), (b, colour_b, _) in itertools.combinations(styles, 2):
            fill_a, fill_b = holder_fill(base, [rgb(colour_a), rgb(colour_b)])
            gap = distance(fill_a, fill_b, vision)
            assert gap >= MIN_FILL_DISTANCE, (region_id, a, b, vision, round(gap, 1))


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("game", ["struggle", "empires"])
def test_a_neutral_regions_title_band_is_no_powers_colour(game: str, vision: str | None) -> None:
    for power, colour, _ in palettes()[game]:
        gap = distance(NEUTRAL_BAND, rgb(colour), vision)
        assert gap >= MIN_TOKEN_DISTANCE, (power, vision, round(gap, 1))


@pytest.mark.parametrize("game", ["struggle", "empires"])
def test_every_power_has_its_own_letter(game: str) -> None:
    letters = [letter for _, _, letter in palettes()[game]]
    assert len(set(letters)) == len(letters)


def test_the_simulation_merges_red_and_green_for_a_deuteranope() -> None:
    red, green = (200, 60, 40), (90, 140, 40)
    assert distance(red, green, None) > 2 * distance(red, green, "deuteranopia")
