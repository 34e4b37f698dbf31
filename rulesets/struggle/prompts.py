"""Who must decide what now, with the exact legal choices (the listing is the validation)."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Msg, Prompt
from rulesets.struggle.actions import (
    AllianceStage,
    Answer,
    Attack,
    Bid,
    Build,
    Buy,
    Cancel,
    Casualty,
    ChooseRegion,
    ChooseTarget,
    ChooseTile,
    ChooseToken,
    ChooseUnit,
    Colonise,
    Done,
    EndTurn,
    Enslave,
    GiveGold,
    Move,
    PassAction,
    PassBid,
    PlaceUnit,
    ProxyBid,
    Shop,
    Support,
    UseTile,
    Withdraw,
)
from rulesets.struggle.attack import attackable_regions, can_attack, targets
from rulesets.struggle.auction import bid_ceiling, lowest_bid, proposals
from rulesets.struggle.combat import casualty_options
from rulesets.struggle.combat_decisions import (
    Pending,
    alliance_stages,
    capacity,
    pending,
    withdrawal_options,
)
from rulesets.struggle.movement import destinations, has_movable_unit, movable_units
from rulesets.struggle.orders import build_places, colonisable, may_build
from rulesets.struggle.setup import placement_choices
from rulesets.struggle.state import StruggleState, game_data, option
from rulesets.struggle.tiles import (
    alliance_stock,
    blockade_colonies,
    buyable,
    natives_colonies,
    raider_victims,
    usable_tiles,
)


def all_prompts(state: StruggleState) -> list[Prompt]:
    if state.finished:
        return []
    if state.phase == "placement" and state.placer is not None:
        return [placement_prompt(state, state.placer)]
    if state.phase == "auction":
        return [bid_prompt(state)]
    if state.phase != "actions" or state.active is None:
        return []
    if state.combat is not None:
        waiting = pending(state)
        return [combat_prompt(state, waiting)] if waiting else []
    if state.step is not None:
        return [step_prompt(state, state.active)]
    return [action_prompt(state, state.active)]


def _prompt(seat: str, kind: str, choices: list[Choice], **params: object) -> Prompt:
    return Prompt(
        seat=seat, kind=kind, text=Msg(key=f"soe.prompt.{kind}", params=params), choices=choices
    )


def placement_prompt(state: StruggleState, power: str) -> Prompt:
    choices = [
        Choice.of(PlaceUnit(unit=unit, region=region)) for unit, region in placement_choices(state)
    ]
    return _prompt(power, "place_unit", choices, left=state.placements_left[power])


def bid_prompt(state: StruggleState) -> Prompt:
    auction = state.auction
    assert auction is not None
    seat = auction.bidder
    low = lowest_bid(auction)
    ceiling = bid_ceiling(state)
    shown = {"high_bid": auction.high_bid, "high_bidder": auction.high_bidder}
    if auction.forced_opening:
        opening = [Choice.of(Bid(amount=0, a=a, b=b)) for a, b in proposals(state)]
        return _prompt(seat, "bid", opening, **shown)
    choices: list[Choice] = [Choice.of(PassBid())]
    if low <= ceiling:
        span = IntRange(low=low, high=ceiling)
        pairs = proposals(state)
        choices += [Choice.of(Bid(amount=low, a=a, b=b), amount=span) for a, b in pairs]
        if option(state, "sealed_proxy_bidding"):
            choices += [Choice.of(ProxyBid(maximum=low, a=a, b=b), maximum=span) for a, b in pairs]
    return _prompt(seat, "bid", choices, **shown)


def action_prompt(state: StruggleState, power: str) -> Prompt:
    choices = [Choice.of(PassAction()), Choice.of(EndTurn())]
    holder = state.powers[power]
    if buyable(state, power):
        choices.append(Choice.of(Shop()))
    if holder.population >= 1:
        choices += [
            Choice.of(Build(unit=unit))
            for unit in ("army", "fleet", "fort")
            if may_build(state, power, unit)
        ]
    if has_movable_unit(state, power, []):
        choices.append(Choice.of(Move()))
    if can_attack(state, power):
        choices.append(Choice.of(Attack()))
    choices += [Choice.of(Colonise(marker=m)) for m in colonisable(state, power, "pop")]
    choices += [Choice.of(Enslave(marker=m)) for m in colonisable(state, power, "slaves")]
    choices += [Choice.of(UseTile(tile=tile)) for tile in usable_tiles(state, power)]
    if holder.gold >= 1:
        purse = IntRange(low=1, high=holder.gold)
        others = [p for p in state.turn_order if p != power]
        choices += [Choice.of(GiveGold(to=p, amount=1), amount=purse) for p in others]
    return _prompt(power, "choose_action", choices, actions_left=state.turn.actions_left)


def yes_no_choices(question: str) -> list[Choice]:
    """The conservative answer first: no, then yes, each labelled for its question."""
    return [
        Choice.of(
            Answer(question=question, yes=flag),
            label=Msg(key=f"soe.choice.{question}.{'yes' if flag else 'no'}"),
        )
        for flag in (False, True)
    ]


def _regions(regions: list[str]) -> list[Choice]:
    return [Choice.of(ChooseRegion(region=region)) for region in regions]


def step_prompt(state: StruggleState, power: str) -> Prompt:
    step = state.step
    assert step is not None
    kind = step.kind
    cancel = [Choice.of(Cancel())]
    if kind == "build_where":
        assert step.unit is not None
        return _prompt(power, kind, _regions(build_places(state, power, step.unit)), unit=step.unit)
    if kind == "buy_which":
        tiles = [Choice.of(Buy(tile=tile)) for tile in buyable(state, power)]
        return _prompt(power, kind, cancel + tiles)
    if kind == "militia":
        return _prompt(power, kind, yes_no_choices("militia"))
    if kind == "move_pick":
        units = [
            Choice.of(ChooseUnit(unit=u, region=r))
            for r, u in movable_units(state, power, step.moved)
        ]
        return _prompt(power, kind, [Choice.of(Done()), *units], moves_left=step.moves_left)
    if kind == "move_where":
        assert step.unit is not None and step.origin is not None
        places = destinations(state, power, step.unit, step.origin)
        return _prompt(power, kind, _regions(places), unit=step.unit, origin=step.origin)
    if kind == "attack_region":
        return _prompt(power, kind, cancel + _regions(attackable_regions(state, power)))
    if kind == "attack_target":
        assert step.region is not None
        found = [
            Choice.of(ChooseTarget(kind=k, target=t)) for k, t in targets(state, power, step.region)
        ]
        return _prompt(power, kind, cancel + found, region=step.region)
    if kind == "raider_target":
        assert step.tile is not None
        victims = [
            Choice.of(ChooseToken(region=r, power=p)) for r, p in raider_victims(state, step.tile)
        ]
        return _prompt(power, kind, victims, tile=step.tile)
    if kind == "natives_colony":
        return _prompt(power, kind, cancel + _regions(natives_colonies(state, power)))
    if kind == "natives_move":
        assert step.origin is not None
        places = destinations(state, power, "army", step.origin)
        return _prompt(power, kind, [Choice.of(Done()), *_regions(places)], origin=step.origin)
    if kind == "diplomacy":
        return _prompt(
            power, kind, cancel + [Choice.of(ChooseTile(tile=t)) for t in alliance_stock(state)]
        )
    if kind == "commerce_region":
        assert step.tile is not None
        return _prompt(
            power, kind, _regions(game_data(state).tile(step.tile).regions), tile=step.tile
        )
    if kind == "blockade_where":
        return _prompt(power, kind, cancel + _regions(blockade_colonies(state, power)))
    raise AssertionError(f"unknown step {kind}")


def combat_prompt(state: StruggleState, waiting: Pending) -> Prompt:
    combat = state.combat
    assert combat is not None
    seat, kind = waiting.seat, waiting.kind
    params = {"region": combat.region, "attacker": combat.attacker, "defender": combat.defender}
    if kind == "support_attack":
        naval, land = capacity(state, combat, seat)
        choices = [Choice.of(Support(naval=0, land=0), label=Msg(key="soe.choice.no_support"))]
        choices.append(
            Choice.of(
                Support(naval=0, land=0),
                label=Msg(key="soe.choice.support", params={"naval": naval, "land": land}),
                naval=IntRange(low=0, high=naval),
                land=IntRange(low=0, high=land),
            )
        )
    elif kind == "alliance_tile":
        assert waiting.detail is not None
        stages = alliance_stages(state, combat, seat, waiting.detail)
        choices = [
            Choice.of(
                AllianceStage(tile=waiting.detail, stage=s),
                label=Msg(key=f"soe.choice.alliance_{s}", params={"tile": waiting.detail}),
            )
            for s in ["none", *stages]
        ]
        params["tile"] = waiting.detail
    elif kind == "choose_casualty":
        assert waiting.detail is not None
        index = int(waiting.detail)
        found = casualty_options(state, combat, index)
        assert found is not None
        current = combat.losses[index][:2]
        ordered = [current, *[option for option in found[1] if option != current]]
        choices = [Choice.of(Casualty(power=p, unit=u)) for p, u in ordered]
    elif kind == "fighting_withdrawal":
        choices = [Choice.of(Withdraw(spare="none"), label=Msg(key="soe.choice.no_withdrawal"))]
        choices += [
            Choice.of(
                Withdraw(spare=who), label=Msg(key="soe.choice.withdraw", params={"power": who})
            )
            for who in withdrawal_options(state, combat)
        ]
    else:
        question = {
            "surprise_attack": "surprise",
            "naval_fight": "naval_fight",
            "use_reserve": "reserve",
            "blockade_support": "blockade",
        }[kind]
        choices = yes_no_choices(question)
    return Prompt(
        seat=seat,
        kind=kind,
        text=Msg(key=f"soe.prompt.{kind}", params=params),
        choices=choices,
        urgency="reaction",
    )
