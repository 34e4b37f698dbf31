"""What an absent player does when a deadline passes: one careful choice per prompt kind.

| prompt kind                    | default                                                      |
|--------------------------------|--------------------------------------------------------------|
| draft_pick, take_influence,    | the autopilot's pick (the empire it already backs, or the    |
| take_worker, choose_empire     | strongest)                                                   |
| compensate                     | take it, in a city of the empire the seat holds most         |
|                                | influence in (never skip it: it is part of the choice)       |
| choose_action                  | the action that gains most power now (Empire only with flags |
|                                | to count, Palace for its crowns), else Build & Deploy, else  |
|                                | Move & Fight; never an Empire action with nothing to gain    |
| build_city, build_palace       | build (the first city or palace offered), never decline      |
| deploy, deploy_to,             | the first choice listed: one unit in every city, the weaker  |
| attack_deploy, levy_infantry,  | one where a city's own has run out (the most units); the     |
| levy_two_master                | first city listed                                            |
| select_ship, select_land_unit  | stop moving: an absent player risks no unit                  |
| destination                    | stay                                                         |
| grant_passage                  | refuse: nobody's armies cross an absent monarch's lands      |
| retaliate                      | infantry (« Elle devrait cependant utiliser l'infanterie     |
|                                | pour riposter »), else the least valuable unit               |
| remove_unit                    | the least valuable unit: infantry, two-master, artillery,    |
|                                | then three-master                                            |
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, IllegalAction, Prompt, Ruleset
from rulesets.empires import autopilot
from rulesets.empires.flags import flag_count
from rulesets.empires.production import UNIT_VALUE_ORDER, crowns, palace_options
from rulesets.empires.state import EmpiresState

AUTOPILOT_KINDS = ("draft_pick", "take_influence", "take_worker", "choose_empire")
DECLINES = ("skip_build", "skip_compensation")


def _first(choices: list[Choice], kinds: tuple[str, ...] = ()) -> Choice:
    """The first choice, passing over declines when something else is offered."""
    kept = [c for c in choices if c.kind not in DECLINES and (not kinds or c.kind in kinds)]
    return (kept or choices)[0]


def _cheapest_unit(choices: list[Choice]) -> Choice:
    return min(choices, key=lambda c: UNIT_VALUE_ORDER.index(c.action["kind"]))


def _compensation(state: EmpiresState, seat: str, choices: list[Choice]) -> Choice:
    board = state.board()
    taken = [c for c in choices if c.kind == "compensate"]
    if not taken:
        return choices[0]
    return max(taken, key=lambda c: state.influence(seat, board.owner[c.action["region"]] or ""))


def _useful_action(state: EmpiresState, choices: list[Choice]) -> Choice:
    empire = state.active_empire or ""
    builds = 1 if palace_options(state) else 0
    gains = {"empire": flag_count(state, empire), "palace": crowns(state, empire) + builds}
    offered = {c.action["action"]: c for c in choices}
    cashing = [a for a in ("palace", "empire") if a in offered and gains[a] > 0]
    if cashing:
        return offered[max(cashing, key=lambda a: gains[a])]
    for action in ("build_deploy", "move_fight", "attack", "palace", "empire"):
        if action in offered:
            return offered[action]
    return choices[0]


def default_choice(state: EmpiresState, seat: str, prompt: Prompt) -> Choice:
    choices = prompt.choices
    if prompt.kind == "compensate":
        return _compensation(state, seat, choices)
    if prompt.kind == "choose_action":
        return _useful_action(state, choices)
    if prompt.kind in ("retaliate", "remove_unit"):
        return _cheapest_unit(choices)
    return _first(choices)


def default_action(
    ruleset: Ruleset[EmpiresState], state: EmpiresState, seat: str
) -> dict[str, Any]:
    prompts = [p for p in ruleset.prompts(state) if p.seat == seat and p.choices]
    if not prompts:
        raise IllegalAction("core.error.not_your_turn", seat=seat)
    prompt = prompts[0]
    if prompt.kind in AUTOPILOT_KINDS:
        return autopilot.choose(ruleset, state, seat, 0)
    return default_choice(state, seat, prompt).instantiate()
