"""Minor powers' own troops: who commands them, who they defend against, what they lose.

The aid names minor powers (allied, independent) but never their armies. Reconstructed: a
minor's troops stand in its zones and never march out (a minor plays no impulse). With
the option `minor_command` = `ally` (the default) an allied minor's troops are its ally's
to command: they defend their zone beside the ally's troops, as the ally's side in its war
(its leaders there lead them, a lost battle costs it morale), their losses counted to the
minor. An unallied minor's troops, or every minor's with `minor_command` = `own`, defend
their zone alone: they are the real force behind a submission's opposition (A-25).
"""

from __future__ import annotations

from rulesets.ultima_ratio_regis.board import troops
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.state import Unit, UrrState, game_data


def is_minor(state: UrrState, power: str) -> bool:
    return power not in state.powers


def minor_troops(state: UrrState, area: str) -> list[Unit]:
    """The troops of the minor power whose zone `area` is, standing in it while the zone is
    its own (a zone a major power takes submits with its troops: board.take_control)."""
    minor = game_data(state).minor_of(area)
    if minor is None or state.control.get(area) is not None:
        return []
    return [u for u in state.units if u.power == minor.id and u.area == area]


def commander(state: UrrState, minor: str) -> str | None:
    """The major power that commands the minor's troops, or None: they defend alone."""
    if option(state.options, "minor_command") != "ally":
        return None
    return state.minor_allies.get(minor)


def commanded_troops(state: UrrState, power: str, area: str) -> list[Unit]:
    """The minor troops in `area` that fight as `power`'s."""
    found = minor_troops(state, area)
    return found if found and commander(state, found[0].power) == power else []


def defending_troops(state: UrrState, power: str, area: str) -> list[Unit]:
    """The troops that defend `area` for `power`: its own and the minor's it commands."""
    return troops(state, power, area) + commanded_troops(state, power, area)


def opposing_troops(state: UrrState, power: str, area: str) -> list[Unit]:
    """The minor troops that stand against a submission of `area` by `power` on their own
    (an ally's troops are not its to submit; under its command they fight as its side)."""
    found = minor_troops(state, area)
    if not found or commander(state, found[0].power) is not None:
        return []
    return found
