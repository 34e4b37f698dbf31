"""The map tells the story at a glance: who holds each region, what just changed, who must act."""

from __future__ import annotations

import io
import random
import re
from collections import Counter

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render import campaign, render_image, render_png, render_timeline
from bot.render.changes import changes_between, with_changes
from bot.render.colours import RGB, rgb
from bot.render.layout import lay_out_cards
from bot.render.regions import holder_fill, region_mask
from bot.render.registry import map_renderer
from bot.render.timeline import timeline_frames
from rulesets.core import legal_prompts, start, submit
from rulesets.core.scene import Scene
from rulesets.registry import get
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.random_play import random_action
from tests.render.colour_vision import distance
from tests.render.views import attack_view, midgame_view, opening_view

WIDTH = 1600


def visible_colours(image: Image.Image, scene: Scene, region_id: str, kind: str) -> Counter[RGB]:
    """The colours of a region's fill (or change ring) where no card or leader covers it."""
    geometry = load_geometry()
    shape = region_mask(geometry, region_id, WIDTH, kind)
    inside = shape.mask.point(lambda value: 255 if value == 255 else 0)
    covered = Image.new("L", inside.size, 0)
    draw = ImageDraw.Draw(covered)
    left, top = shape.box
    for card in lay_out_cards(geometry, scene, WIDTH / geometry.width):
        box = card.box
        draw.rectangle(
            (box[0] - left - 3, box[1] - top - 3, box[2] - left + 3, box[3] - top + 3), 255
        )
        x, y = (value * WIDTH / geometry.width for value in card.geo.anchor)
        draw.ellipse((x - left - 9, y - top - 9, x - left + 9, y - top + 9), fill=255)
    visible = ImageChops.subtract(inside, covered)
    crop = image.crop((left, top, left + inside.width, top + inside.height)).convert("RGB")
    pixels = zip(crop.get_flattened_data(), visible.get_flattened_data(), strict=True)
    return Counter(colour for colour, keep in pixels if keep)


def tint(scene: Scene, region_id: str, *powers: str) -> list[RGB]:
    base = rgb(load_geometry().regions[region_id].fill)
    return holder_fill(base, [rgb(scene.style_of(power).colour) for power in powers])


def test_a_region_is_filled_with_its_leaders_colour_and_follows_a_new_leader() -> None:
    view = midgame_view()
    scene = scene_from_view(view)
    colours = visible_colours(render_image(load_geometry(), scene, WIDTH), scene, "NAM", "fill")
    assert colours.most_common(1)[0][0] == tint(scene, "NAM", "GBR")[0]
    view["regions"]["NAM"]["control"]["FRA"] = 4
    scene = scene_from_view(view)
    colours = visible_colours(render_image(load_geometry(), scene, WIDTH), scene, "NAM", "fill")
    assert colours.most_common(1)[0][0] == tint(scene, "NAM", "FRA")[0]


def test_a_tie_is_shown_as_stripes_of_the_tied_colours() -> None:
    scene = scene_from_view(midgame_view())  # the Baltic: Russia 2, Prussia 2
    colours = visible_colours(render_image(load_geometry(), scene, WIDTH), scene, "BAL", "fill")
    two = {colour for colour, _ in colours.most_common(2)}
    assert two == set(tint(scene, "BAL", "PRU", "RUS"))
    assert min(colours[colour] for colour in two) > 0.3 * sum(colours.values())


def test_a_region_nobody_holds_keeps_its_map_colour() -> None:
    view = midgame_view()
    view["regions"]["NAM"]["control"] = {}
    scene = scene_from_view(view)
    colours = visible_colours(render_image(load_geometry(), scene, WIDTH), scene, "NAM", "fill")
    assert colours.most_common(1)[0][0] == rgb(load_geometry().regions["NAM"].fill)


def test_the_changes_of_a_resolution_are_found_from_the_two_scenes() -> None:
    changes = changes_between(scene_from_view(midgame_view()), scene_from_view(attack_view()))
    assert changes.actor == "FRA"  # the power that was active before
    assert changes.regions == ["CEU", "FRA"]
    assert [(a.start, a.end, a.power, a.kind) for a in changes.arrows] == [
        ("FRA", "CEU", "FRA", "attack")
    ]
    assert changes.last == "Last: France took Central Europe from Russia"


def test_the_last_line_is_in_the_campaign_language_and_may_be_given() -> None:
    before = scene_from_view(midgame_view(), "fr")
    after = scene_from_view(attack_view(), "fr")
    assert changes_between(before, after).last == (
        "Dernier coup : Europe centrale : France devance désormais Russie"
    )
    given = changes_between(before, after, last="France prend l'Europe centrale, 8 contre 7")
    assert given.last == "Dernier coup : France prend l'Europe centrale, 8 contre 7"


def test_nothing_changed_means_no_outline_and_no_last_line() -> None:
    scene = scene_from_view(midgame_view())
    changes = changes_between(scene, scene)
    assert changes.regions == [] and changes.arrows == [] and changes.last == ""


def test_a_changed_region_is_ringed_in_the_actors_colour() -> None:
    after = with_changes(scene_from_view(midgame_view()), scene_from_view(attack_view()))
    image = render_image(load_geometry(), after, WIDTH)
    france = rgb(after.style_of("FRA").colour)
    assert visible_colours(image, after, "CEU", "ring").most_common(1)[0][0] == france
    plain = render_image(load_geometry(), after.model_copy(update={"changes": None}), WIDTH)
    assert visible_colours(plain, after, "CEU", "ring")[france] == 0


def test_a_moved_army_is_an_arrow_drawn_over_the_map() -> None:
    after = with_changes(scene_from_view(midgame_view()), scene_from_view(attack_view()))
    without = after.model_copy(
        update={"changes": after.changes.model_copy(update={"arrows": []})}  # type: ignore[union-attr]
    )
    drawn = render_image(load_geometry(), after, WIDTH)
    bare = render_image(load_geometry(), without, WIDTH)
    difference = ImageChops.difference(drawn, bare).convert("L").point(lambda v: 255 if v else 0)
    box = difference.getbbox()
    assert box is not None
    geometry = load_geometry()
    scale = WIDTH / geometry.width
    start, end = geometry.regions["FRA"].anchor, geometry.regions["CEU"].anchor
    # The arrow spans most of the way from France to Central Europe (its ends stop at the
    # edges of cards lying over the regions' points).
    span = abs(end[0] - start[0]) * scale
    assert box[2] - box[0] >= 0.7 * span
    assert (
        min(start[0], end[0]) * scale - 20 <= box[0]
        and box[2] <= max(start[0], end[0]) * scale + 20
    )


def test_a_campaign_map_given_the_view_before_shows_the_change() -> None:
    plain = campaign.render_view_png("struggle", attack_view())
    told = campaign.render_view_png("struggle", attack_view(), previous_view=midgame_view())
    assert plain != told


def test_a_timeline_skips_the_set_up_and_keeps_one_frame_per_change() -> None:
    placing = opening_view()
    placing.update(phase="placement", placer="GBR")
    bidding = opening_view()
    bidding["auction"] = {"bidder": "FRA", "high_bid": 2, "high_bidder": "GBR", "opener": "GBR"}
    scenes = [
        scene_from_view(placing),
        scene_from_view(opening_view()),
        scene_from_view(bidding),  # a bid: the board did not change
        scene_from_view(midgame_view()),
    ]
    assert scenes[0].setup and not scenes[1].setup
    frames = timeline_frames(scenes)
    assert [frame.counter for frame in frames] == ["1 / 2", "2 / 2"]
    assert frames[0].banner == scenes[2].banner  # the latest of the frames with that board
    assert frames[0].changes is None
    assert frames[1].changes is not None and "GER" in frames[1].changes.regions
    gif = Image.open(io.BytesIO(render_timeline(scenes, width=640)))
    assert getattr(gif, "n_frames", 1) == 2


def test_a_game_still_in_its_set_up_shows_its_placements() -> None:
    first, second = opening_view(), opening_view()
    for view, placer in ((first, "GBR"), (second, "FRA")):
        view.update(phase="placement", placer=placer)
    second["regions"]["CEU"]["control"]["FRA"] = 1
    frames = timeline_frames([scene_from_view(first), scene_from_view(second)])
    assert [frame.counter for frame in frames] == ["1 / 2", "2 / 2"]


def test_a_table_card_lists_each_power_most_tokens_first_with_the_vp_it_would_score() -> None:
    scene = scene_from_view(midgame_view())
    # The Baltic (6 and 3 VP): Prussia 2 and Russia 2 share first place, the Dutch 1 third.
    assert scene.region("BAL").vp_now == {"PRU": 6, "RUS": 6, "UPR": 3}
    laid = {card.region.id: card for card in lay_out_cards(load_geometry(), scene, 1.0)}
    rows = [[item for item in row if item.count] for row in laid["BAL"].rows]
    tokens = [(row[0].count, row[0].lead) for row in rows if row]
    assert tokens == [("2", True), ("2", True), ("1", False)]  # leaders' tokens on gold
    assert [row[-1].count for row in rows if row] == ["+6", "+6", "+3"]


def test_a_table_too_wide_for_its_card_flows_instead() -> None:
    scene = scene_from_view(midgame_view())
    laid = {card.region.id: card for card in lay_out_cards(load_geometry(), scene, 1.0)}
    india = laid["IND"]  # a blockade column would make its table wider than the inset
    assert india.box[2] - india.box[0] == india.geo.card.width
    assert not any(item.count.startswith("+") for row in india.rows for item in row)


def test_the_png_keeps_each_regions_tint_through_its_palette() -> None:
    scene = scene_from_view(midgame_view())
    png = Image.open(io.BytesIO(render_png(load_geometry(), scene, WIDTH))).convert("RGB")
    for region_id, leader in (("NAM", "GBR"), ("SAM", "SPA"), ("AFR", "UPR"), ("EIN", "UPR")):
        found = visible_colours(png, scene, region_id, "fill").most_common(1)[0][0]
        expected = tint(scene, region_id, leader)[0]
        assert distance(found, expected, None) < 3.0, (region_id, found, expected)


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("struggle", ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]),
        ("empires", ["P1", "P2", "P3"]),
    ],
)
def test_the_changes_of_every_step_of_a_real_game_read_as_names(
    game: str, seats: list[str]
) -> None:
    rules, renderer = get(game), map_renderer(game)
    rng = random.Random(3)
    state = start(rules, seats, {}, "7" * 64).state
    before = renderer.scene_from_view(rules.view(state, None), "fr")
    said = 0
    for step in range(250):
        if state.finished:
            break
        prompt = rng.choice(legal_prompts(rules, state))
        state = submit(rules, state, prompt.seat, random_action(prompt, rng)).state
        now = renderer.scene_from_view(rules.view(state, None), "fr")
        changes = changes_between(before, now)
        for region_id in changes.regions:
            if region_id not in {style.power for style in now.powers}:
                assert not re.search(rf"\b{re.escape(region_id)}\b", changes.last), changes.last
        said += bool(changes.last)
        if step % 80 == 0:
            shown = now.model_copy(update={"changes": changes})
            assert render_png(renderer.load_geometry(), shown, 800).startswith(b"\x89PNG")
        before = now
    assert said > 20


def test_regions_taken_from_nobody_are_said_in_one_sentence() -> None:
    view = midgame_view()
    for region_id in ("AFR", "EIN"):
        view["regions"][region_id]["control"] = {}
    before = scene_from_view(view)
    view["regions"]["AFR"]["control"] = {"FRA": 1}
    view["regions"]["EIN"]["control"] = {"FRA": 2}
    changes = changes_between(before, scene_from_view(view))
    assert changes.last == "Last: France took Africa and East Indies"
