"""What the last resolution changed, found by comparing the scene before with the scene now.

No new data is needed from the rules or the services: two public scenes say which regions
changed hands or pieces, which power moved where, and who acted. The result is a
`Changes` (regions to outline, arrows, a "Last:" line in the scene's language) that the
renderer draws; a caller that knows more (the combat's totals from the events) may pass
its own sentence as `last`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

from rulesets.core.scene import Arrow, Changes, RegionScene, Scene

TEXT_FILE = Path(__file__).with_name("text.json")
DEFAULT_LANGUAGE = "en"
# Pieces that never move: a change in their count is a build or a loss, never a move.
FIXED_KINDS = frozenset({"fort", "palace", "city", "blockade"})
MAX_ARROWS = 6
MAX_PHRASES = 3


@cache
def _catalogues() -> dict[str, dict[str, str]]:
    raw: dict[str, dict[str, str]] = json.loads(TEXT_FILE.read_text(encoding="utf-8"))
    return raw


def render_text(language: str) -> dict[str, str]:
    """The renderer's own words in `language`, English where one is missing."""
    catalogues = _catalogues()
    return {**catalogues[DEFAULT_LANGUAGE], **catalogues.get(language, {})}


def _mobile(region: RegionScene) -> Counter[str]:
    counts: Counter[str] = Counter()
    for stack in region.pieces:
        if stack.kind not in FIXED_KINDS:
            counts[stack.power] += stack.count
    return counts


def _presence(region: RegionScene) -> Counter[str]:
    """Every piece and control token of each power: what an attack takes away."""
    counts: Counter[str] = Counter(region.control)
    for stack in region.pieces:
        counts[stack.power] += stack.count
    return counts


def _same(first: RegionScene, second: RegionScene) -> bool:
    keys = ("control", "pieces", "markers", "holders")
    return first.model_dump(include=set(keys)) == second.model_dump(include=set(keys))


def changed_regions(previous: Scene, current: Scene) -> list[str]:
    """Regions whose tokens, pieces or markers differ, in the current scene's order.

    A region absent from one scene (a map that leaves empty regions out) counts as empty.
    """
    before = {region.id: region for region in previous.regions}
    now = {region.id: region for region in current.regions}
    order = [*now, *(region_id for region_id in before if region_id not in now)]
    changed = []
    for region_id in order:
        empty = RegionScene(id=region_id, label="")
        if not _same(before.get(region_id, empty), now.get(region_id, empty)):
            changed.append(region_id)
    return changed


def _region_pairs(
    previous: Scene, current: Scene, region_ids: list[str]
) -> list[tuple[str, RegionScene, RegionScene]]:
    before = {region.id: region for region in previous.regions}
    now = {region.id: region for region in current.regions}
    return [
        (
            region_id,
            before.get(region_id, RegionScene(id=region_id, label="")),
            now.get(region_id, RegionScene(id=region_id, label="")),
        )
        for region_id in region_ids
    ]


def _actor(
    previous: Scene, current: Scene, pairs: list[tuple[str, RegionScene, RegionScene]]
) -> str | None:
    """The power that was awaited before, or the one that gained the most."""
    if previous.banner is not None and len(previous.banner.powers) == 1:
        return previous.banner.powers[0]
    if previous.highlight is not None:
        return previous.highlight
    gains: Counter[str] = Counter()
    for _, before, now in pairs:
        difference = _presence(now)
        difference.subtract(_presence(before))
        gains.update({power: count for power, count in difference.items() if count > 0})
    ranked = gains.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def _arrows(pairs: list[tuple[str, RegionScene, RegionScene]]) -> list[Arrow]:
    """For each power, a move from each region it left to each region it entered."""
    arrows: list[Arrow] = []
    powers = sorted({p for _, b, n in pairs for p in (*_mobile(b), *_mobile(n))})
    for power in powers:
        sources, targets = [], []
        for region_id, before, now in pairs:
            moved = _mobile(now)[power] - _mobile(before)[power]
            if moved < 0:
                sources.append(region_id)
            elif moved > 0:
                targets.append((region_id, before, now))
        if not sources:
            continue
        for index, (region_id, before, now) in enumerate(targets):
            start = sources[min(index, len(sources) - 1)]
            kind = "attack" if _someone_lost(power, before, now) else "move"
            arrows.append(Arrow(start=start, end=region_id, power=power, kind=kind))
    return arrows[:MAX_ARROWS]


def _someone_lost(power: str, before: RegionScene, now: RegionScene) -> bool:
    left = _presence(now)
    return any(count > left[other] for other, count in _presence(before).items() if other != power)


def _names(scene: Scene, previous: Scene) -> dict[str, str]:
    names = {style.power: style.name for style in scene.powers}
    for region in (*previous.regions, *scene.regions):
        if region.label:
            names[region.id] = region.label
    return names


def _join(words: list[str], text: dict[str, str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + text["and"] + words[-1]


Namer = Callable[[str], str]


def _lead_phrases(
    pairs: list[tuple[str, RegionScene, RegionScene]], name: Namer, text: dict[str, str]
) -> tuple[list[str], set[str]]:
    """Who leads where now, for the regions whose leaders changed; and those regions."""
    phrases: list[str] = []
    led: set[str] = set()
    # Regions a power took from nobody, said in one sentence per power.
    taken: dict[str, list[str]] = {}
    for region_id, before, now in pairs:
        old, new = before.leaders(), now.leaders()
        if old == new:
            continue
        led.add(region_id)
        region = name(region_id)
        losers = [power for power in old if power not in new]
        if len(new) == 1 and losers:
            loser = _join([name(power) for power in losers], text)
            phrases.append(text["took_from"].format(power=name(new[0]), region=region, loser=loser))
        elif len(new) == 1:
            taken.setdefault(new[0], []).append(region)
        elif new:
            powers = _join([name(power) for power in new], text)
            phrases.append(text["tied"].format(region=region, powers=powers))
        else:
            phrases.append(text["lost"].format(region=region))
    for power, regions in taken.items():
        phrases.append(text["took"].format(power=name(power), region=_join(regions, text)))
    return phrases, led


def _phrases(
    pairs: list[tuple[str, RegionScene, RegionScene]],
    arrows: list[Arrow],
    actor: str | None,
    name: Namer,
    text: dict[str, str],
) -> list[str]:
    """Sentences for the changes that matter most: who leads where, then moves and attacks
    (a move that changed who leads is already said), then reinforcements."""
    phrases, led = _lead_phrases(pairs, name, text)
    for arrow in (arrow for arrow in arrows if arrow.end not in led):
        key = "attacked" if arrow.kind == "attack" else "moved"
        phrases.append(
            text[key].format(power=name(arrow.power), start=name(arrow.start), end=name(arrow.end))
        )
    if not phrases and actor is not None:
        grown = [
            name(region_id)
            for region_id, before, now in pairs
            if _presence(now)[actor] > _presence(before)[actor]
        ]
        if grown:
            regions = _join(grown[:MAX_PHRASES], text)
            phrases.append(text["reinforced"].format(power=name(actor), region=regions))
    if len(phrases) > MAX_PHRASES:
        rest = len(phrases) - MAX_PHRASES
        phrases = [*phrases[:MAX_PHRASES], text["more"].format(count=rest)]
    return phrases


def changes_between(previous: Scene, current: Scene, last: str | None = None) -> Changes:
    """What changed from `previous` to `current`; `last` replaces the derived sentence."""
    region_ids = changed_regions(previous, current)
    pairs = _region_pairs(previous, current, region_ids)
    actor = _actor(previous, current, pairs)
    arrows = _arrows(pairs)
    text = render_text(current.language)
    if last is None:
        names = _names(current, previous)
        phrases = _phrases(pairs, arrows, actor, lambda thing: names.get(thing, thing), text)
        last = "; ".join(phrases)
    styled = {style.power for style in current.powers}
    return Changes(
        actor=actor if actor in styled else None,
        regions=region_ids,
        arrows=[arrow for arrow in arrows if arrow.power in styled],
        last=text["last"].format(text=last) if last else "",
    )


def with_changes(previous: Scene | None, current: Scene, last: str | None = None) -> Scene:
    """The current scene showing what changed since `previous` (unchanged without one)."""
    if previous is None or previous.map_id != current.map_id:
        return current
    return current.model_copy(update={"changes": changes_between(previous, current, last)})
