"""What each seat may see. Pax Britannica's board, treasuries, record sheets and dice are
public (spec §5.1); the secrets are treaties: a secret treaty and the offers under
negotiation are in their parties' views only. The seed never leaves."""

from __future__ import annotations

from typing import Any

from rulesets.pax_britannica.data import table_status
from rulesets.pax_britannica.state import PaxState, game_data, majors, powers_of, seat_of
from rulesets.pax_britannica.treaties import offer_powers


def public_view(state: PaxState) -> dict[str, Any]:
    data = game_data(state)
    return {
        "ruleset": state.ruleset,
        "seats": list(state.seats),
        "phase": state.phase,
        "turn": state.turn + 1,
        "year": data.turns[state.turn].year,
        "finished": state.finished,
        "tension": state.tension,
        "resentment": state.resentment,
        "tension_log": [e.model_dump() for e in state.tension_log],
        "resentment_log": [e.model_dump() for e in state.resentment_log],
        "majors": majors(state),
        "powers": {
            power: {
                "seat": seat_of(state, power),
                "treasury": standing.treasury,
                "vp": standing.vp,
                "merchant_fleets": list(standing.merchant_fleets),
                "fleets_to_take": standing.fleets_to_take,
                "record": dict(standing.record),
                "vp_record": list(standing.vp_record),
                "deficit": standing.deficit,
                "obligations": [o.model_dump() for o in standing.obligations],
            }
            for power, standing in state.powers.items()
        },
        "markers": [m.model_dump() for m in state.markers],
        "units": [u.model_dump() for u in state.units],
        "unrest": list(state.unrest),
        "canals": dict(state.canals),
        "ottoman_possessions": list(state.ottoman_possessions),
        "events_this_turn": list(state.events_this_turn),
        "casus_belli": [c.model_dump() for c in state.casus_belli],
        "wars": [w.model_dump() for w in state.wars],
        "treaties": [t.model_dump() for t in state.treaties if not t.secret],
        "window": {seat: w.model_dump() for seat, w in state.windows.items()},
        "combats": [c.model_dump() for c in state.combats],
        "pending_rebellion": state.pending_rebellion,
        "great_war": state.great_war,
        "final_record": dict(state.final_record),
        "ranking": list(state.ranking),
        "tables": table_status(data),
        "area_values": {a.id: [a.ev, a.cc] for a in data.areas},
    }


def seat_view(state: PaxState, seat: str) -> dict[str, Any]:
    view = public_view(state)
    mine = powers_of(state, seat)
    view["you"] = {"seat": seat, "powers": mine}
    view["treaties"] = [
        t.model_dump() for t in state.treaties if not t.secret or set(mine) & set(t.parties)
    ]
    view["offers"] = [
        o.model_dump() for o in state.offers if set(mine) & set(offer_powers(state, o))
    ]
    return view
