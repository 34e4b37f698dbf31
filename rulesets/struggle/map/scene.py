"""Turn the PUBLIC view of a Struggle of Empires game into a map scene.

Only keys of the public view contract are read, one by one, so a secret that a view might
carry (unrest, once revealed at the end, or anything added later) never reaches the map.
Texts come from the map's own catalogue (`text.json`, English and French); a caller may
pass `labels` to replace any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulesets.core.scene import (
    Banner,
    Header,
    LegendEntry,
    Panel,
    PanelRow,
    PieceStack,
    RegionMarker,
    RegionScene,
    Scene,
)
from rulesets.struggle.map.geometry import (
    DEFAULT_LANGUAGE,
    load_geometry,
    load_styles,
    map_text,
    tile_name,
)
from rulesets.struggle.scoring import dense_award

# The view does not say how many wars a game has; Struggle of Empires always has three.
TOTAL_WARS = 3
# View key -> piece kind, for regions and home countries alike.
PIECE_KEYS = (("armies", "army"), ("fleets", "fleet"), ("forts", "fort"))
TABLE_COLUMNS = (
    "col.power",
    "col.alliance",
    "col.gold",
    "col.population",
    "col.vp",
    "col.tokens",
)
LEGEND = (
    ("badge:8·5·3", "legend.vp_values"),
    ("badge:+8", "legend.vp_now"),
    ("control", "legend.control"),
    ("army", "legend.army"),
    ("fleet", "legend.fleet"),
    ("fort", "legend.fort"),
    ("blockade", "legend.blockade"),
    ("marker:neutral", "legend.neutral"),
    ("marker:gold", "legend.gold"),
    ("marker:vp", "legend.vp"),
    ("marker:pop", "legend.pop"),
    ("marker:slaves", "legend.slaves"),
    ("marker:pirates", "legend.pirates"),
    ("marker:slave_revolt", "legend.slave_revolt"),
    ("lane:free", "legend.free"),
    ("lane:roll", "legend.roll"),
)


def _counts(raw: Any) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        return {}
    return {str(power): int(count) for power, count in raw.items() if int(count) > 0}


def marker_scene(raw: Mapping[str, Any]) -> RegionMarker:
    """A marker with its defence, and the gold or VP that beating it pays, if any."""
    value = raw.get("value")
    rewards = {kind: int(raw.get(kind) or 0) for kind in ("gold", "vp")}
    return RegionMarker(
        kind=str(raw.get("kind", "")),
        value=None if value is None else int(value),
        rewards={kind: amount for kind, amount in rewards.items() if amount > 0},
    )


def raider_scene(raw: Mapping[str, Any]) -> RegionMarker:
    """A Pirates or Slave Revolt tile on the map, with the control token it captured."""
    held = raw.get("held")
    return RegionMarker(kind=str(raw.get("tile", "")), holds=str(held) if held else None)


def region_scene(
    region_id: str, label: str, raw: Mapping[str, Any], order: list[str]
) -> RegionScene:
    """A scoring region: tokens, pieces in turn order, blockade, markers and raiders, VP."""
    pieces = []
    for power in order:
        for key, kind in PIECE_KEYS:
            count = _counts(raw.get(key)).get(power, 0)
            if count:
                pieces.append(PieceStack(kind=kind, power=power, count=count))
    blockade = raw.get("blockade")
    if blockade:
        pieces.append(PieceStack(kind="blockade", power=str(blockade), count=1))
    markers = [marker_scene(marker) for marker in raw.get("markers", [])]
    markers += [raider_scene(raider) for raider in raw.get("raiders", [])]
    control = _counts(raw.get("control"))
    values = [int(value) for value in raw.get("vp", [])]
    # What each power would score if the war ended now: the rules' own award.
    scored = dense_award(control, values)
    return RegionScene(
        id=region_id,
        label=label,
        control=control,
        pieces=pieces,
        markers=markers,
        vp_text="·".join(str(value) for value in values),
        vp_now={power: vp for power, vp in scored.items() if vp},
    )


def home_scene(power: str, label: str, raw: Mapping[str, Any]) -> RegionScene:
    pieces = [
        PieceStack(kind=kind, power=power, count=int(raw.get(key, 0)))
        for key, kind in PIECE_KEYS
        if int(raw.get(key, 0)) > 0
    ]
    return RegionScene(id=power, label=label, pieces=pieces)


def scene_from_view(
    view: Mapping[str, Any],
    language: str = DEFAULT_LANGUAGE,
    labels: Mapping[str, str] | None = None,
) -> Scene:
    """The map scene for a public view (see the view contract in the rules package)."""
    text = {**map_text(language), **(labels or {})}
    powers: Mapping[str, Any] = view.get("powers", {})
    styles = load_styles()
    order = [str(power) for power in view.get("turn_order", [])] or sorted(powers)
    order += [power for power in styles.powers if power not in order]

    def name(place: str) -> str:
        return text.get(f"name.{place}", place)

    regions = [
        region_scene(region_id, name(region_id), raw, order)
        for region_id, raw in view.get("regions", {}).items()
    ]
    regions += [home_scene(power, name(power), raw) for power, raw in view.get("homes", {}).items()]

    phase = str(view.get("phase", ""))
    if phase == "over":
        lines = [text["game_over"].format(war=view.get("war", TOTAL_WARS))]
    else:
        lines = [
            text["war_round"].format(
                war=view.get("war", 1),
                wars=view.get("wars", TOTAL_WARS),
                round=view.get("round", 1),
                rounds=view.get("rounds_in_war", "?"),
            ),
            text["phase"].format(phase=text.get(f"phase.{phase}", phase.replace("_", " "))),
        ]
    active = view.get("active")
    banner = awaited_banner(view, text, name)

    return Scene(
        map_id=load_geometry().id,
        header=Header(title=text["title"], lines=lines),
        powers=styles.power_styles(text),
        regions=regions,
        panels=_panels(view, order, text, language),
        legend=[LegendEntry(symbol=symbol, label=text[key]) for symbol, key in LEGEND],
        legend_title=text["legend"],
        captions={
            key: value for key, value in text.items() if key.startswith(("caption.", "marker."))
        },
        highlight=active if isinstance(active, str) else None,
        language=language,
        banner=banner,
        setup=phase == "placement",
        card_style="table",
    )


def final_panel(
    view: Mapping[str, Any], scores: Mapping[str, Any], text: Mapping[str, str]
) -> Panel:
    """The final scores explained: VP, the unrest revealed at the end, the VP it cost, the
    score. Unrest is read only from the end-of-game reveal (`unrest`), never earlier."""
    powers: Mapping[str, Any] = view.get("powers", {})
    revealed: Mapping[str, Any] = view.get("unrest") or {} if view.get("phase") == "over" else {}
    ranked = sorted(scores.items(), key=lambda item: (-int(item[1]), item[0]))
    rows = []
    for power, score in ranked:
        vp = int(powers.get(power, {}).get("vp", score))
        lost = vp - int(score)
        rows.append(
            PanelRow(
                power=power,
                values=[
                    str(vp),
                    str(revealed.get(power, "–")),
                    f"−{lost}" if lost > 0 else "0",
                    str(score),
                ],
            )
        )
    columns = ["col.power", "col.vp", "col.unrest", "col.penalty", "col.score"]
    return Panel(title=text["scores"], columns=[text[key] for key in columns], rows=rows)


def _join(names: list[str], text: Mapping[str, str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + text["and"] + names[-1]


def awaited_banner(
    view: Mapping[str, Any], text: Mapping[str, str], name: Callable[[str], str]
) -> Banner | None:
    """Who the game waits for, and what for, in every phase.

    The public view names the placer, the bidder, the active power and the combat; a caller
    that knows every seat with a prompt (allies asked for support) may add them to the view
    as `awaited`, which then takes precedence.
    """
    phase = str(view.get("phase", ""))
    styled = set(load_styles().powers)
    awaited = [str(seat) for seat in view.get("awaited") or [] if seat in styled]
    if phase == "over":
        scores: Mapping[str, Any] = view.get("scores") or {}
        best = max((int(score) for score in scores.values()), default=0)
        winners = sorted(power for power, score in scores.items() if int(score) == best)
        return Banner(
            powers=[power for power in winners if power in styled],
            text=text["banner.over"].format(winners=_join([name(p) for p in winners], text)),
        )
    if phase == "placement":
        placer = view.get("placer") or view.get("active")
        seats = awaited or ([str(placer)] if placer in styled else [])
        return _banner(seats, "banner.placement", text, name, [])
    auction: Mapping[str, Any] | None = view.get("auction")
    if phase == "auction" and auction:
        seats = awaited or ([str(auction["bidder"])] if auction.get("bidder") in styled else [])
        details = [_bid_line(auction, text, name)]
        if auction.get("proposal_a") or auction.get("proposal_b"):
            a, b = auction.get("proposal_a"), auction.get("proposal_b")
            details.append(
                text["detail.proposal"].format(a=name(str(a or "–")), b=name(str(b or "–")))
            )
        return _banner(seats, "banner.auction", text, name, details)
    active = view.get("active")
    seats = awaited or ([str(active)] if active in styled else [])
    combat: Mapping[str, Any] | None = view.get("combat")
    if combat:
        lines = _combat_lines(combat, text, name)
        deciding = awaited or _combat_decider(combat, styled)
        if not deciding:
            return Banner(text=text["banner.combat_open"], details=lines)
        return _banner(deciding, "banner.combat", text, name, lines)
    left = view.get("actions_left")
    key = "banner.turn"
    if isinstance(left, int) and left > 0:
        key = "banner.actions" if left > 1 else "banner.actions_one"
    return _banner(seats, key, text, name, [], left=left)


def _banner(
    seats: list[str],
    key: str,
    text: Mapping[str, str],
    name: Callable[[str], str],
    details: list[str],
    **extra: Any,
) -> Banner | None:
    if not seats:
        return None
    if len(seats) > 1:
        sentence = text["banner.waiting"].format(powers=_join([name(s) for s in seats], text))
    else:
        sentence = text[key].format(power=name(seats[0]), **extra)
    return Banner(powers=seats, text=sentence, details=details)


# Combat steps whose decision is the attacker's, or the defender's; at the other steps
# (support, alliances, casualties, reserves) the public view does not say who is asked.
ATTACKER_STEPS = frozenset({"surprise", "naval_attacker", "blockade"})
DEFENDER_STEPS = frozenset({"naval_defender"})


def _combat_decider(combat: Mapping[str, Any], styled: set[str]) -> list[str]:
    step = str(combat.get("step") or "")
    side = "attacker" if step in ATTACKER_STEPS else "defender" if step in DEFENDER_STEPS else ""
    power = combat.get(side) if side else None
    return [str(power)] if power in styled else []


def _bid_line(
    auction: Mapping[str, Any], text: Mapping[str, str], name: Callable[[str], str]
) -> str:
    if auction.get("high_bid") is None or not auction.get("high_bidder"):
        return text["detail.no_bid"]
    return text["detail.high_bid"].format(
        bid=int(auction["high_bid"]), power=name(str(auction["high_bidder"]))
    )


def _combat_lines(
    combat: Mapping[str, Any], text: Mapping[str, str], name: Callable[[str], str]
) -> list[str]:
    target = str(combat.get("target") or "player")
    defender = combat.get("defender")
    opponent = name(str(defender)) if defender else text.get(f"target.{target}", target)
    step = str(combat.get("step") or "")
    lines = [
        text["detail.combat"].format(
            attacker=name(str(combat.get("attacker") or "–")),
            defender=opponent,
            region=name(str(combat.get("region") or "")),
        )
    ]
    if step:
        lines.append(
            text["detail.step"].format(step=text.get(f"step.{step}", step.replace("_", " ")))
        )
    return lines


def _panels(
    view: Mapping[str, Any], order: list[str], text: Mapping[str, str], language: str
) -> list[Panel]:
    """The turn-order table with alliances and public totals, then the tiles each power
    holds; at the end, the final scores take the tiles' place."""
    powers: Mapping[str, Any] = view.get("powers", {})
    alliance_of = {
        str(power): str(group)
        for group, members in (view.get("alliances") or {}).items()
        for power in members
    }
    rows = []
    for power in order:
        if power not in powers:
            continue
        public = powers[power]
        values = [
            alliance_of.get(power, "–"),
            str(public.get("gold", 0)),
            str(public.get("population", 0)),
            str(public.get("vp", 0)),
            str(public.get("control_tokens_left", 0)),
        ]
        rows.append(PanelRow(power=power, values=values))
    columns = [text[column] for column in TABLE_COLUMNS]
    panels = [Panel(title=text["turn_order"], columns=columns, rows=rows)]
    scores = view.get("scores")
    if not scores:
        held = [
            PanelRow(power=power, values=[tile_name(tile, language) for tile in tiles])
            for power in order
            if (tiles := powers.get(power, {}).get("tiles"))
        ]
        if held:
            panels.append(Panel(title=text["tiles"], rows=held, style="list"))
    if scores:
        panels.append(final_panel(view, scores, text))
    return panels
