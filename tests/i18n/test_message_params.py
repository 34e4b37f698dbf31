"""A message may carry other messages as parameters (the terms a peace offer lists), each
rendered in the reader's language, a list of them joined as clauses of one sentence."""

from __future__ import annotations

from bot.i18n import render
from rulesets.core import Msg

PAYMENT = {
    "key": "pax.term.payment",
    "params": {"giver": "britain", "receiver": "france", "amount": 10, "area": ""},
}
SETTLEMENT = {"key": "pax.term.settlement", "params": {"receiver": "france", "area": "egypt"}}


def test_a_message_parameter_is_rendered_in_the_reader_s_language() -> None:
    offer = Msg(
        key="pax.prompt.war_peace_listed",
        params={"power": "france", "count": 2, "terms": [PAYMENT, SETTLEMENT]},
    )
    assert render(offer, "en") == (
        "France offers peace with 2 terms: Great Britain pays France 10 £; the dispute over "
        "Egypt is settled for France. Each applies only if everyone signs. Do you sign it?"
    )
    assert "versement de 10 £ de la Grande-Bretagne à la France ; règlement du différend" in (
        render(offer, "fr")
    )


def test_a_plain_dict_parameter_is_still_a_tally() -> None:
    tally = Msg(key="pax.prompt.war_peace", params={"power": {"france": 3, "britain": 2}})
    assert render(tally, "en").startswith("France 3; Great Britain 2")


def test_a_mapping_of_names_to_names_reads_each_pair_with_a_colon() -> None:
    # A drafted treaty lists each area with the power it settles it for.
    shares = Msg(key="pax.prompt.war_peace", params={"power": {"egypt": "usa", "sudan": "france"}})
    assert render(shares, "en").startswith("Egypt: United States; Sudan: France")
    assert "Égypte : États-Unis ; Soudan : France" in render(shares, "fr")


def test_strengths_written_as_text_are_still_a_tally() -> None:
    # The losses a war choice lists: {"britain": "10 + 5"}, not a name after a colon.
    losses = Msg(
        key="pax.label.war_losses",
        params={"losses": {"britain": "10 + 5"}, "total": 15, "need": 12},
    )
    assert render(losses, "en").startswith("Lose Great Britain 10 + 5: strength 15")
