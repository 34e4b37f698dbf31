"""Setting up a game: pieces, markers, stacks, seat positions, time track, starting cards."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.control import reassign_monarchs
from rulesets.empires.state import EmpiresState
from rulesets.empires.turns import begin_decade

QUICK_START_LIMIT = 3


def setup_game(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    board = state.board()
    data = board.data
    for empire in board.empire_order:
        state.power[empire] = 0
        state.markers[empire] = {
            "I": None,
            "II": data.action_markers.start_II,
            "III": data.action_markers.start_III,
        }
        state.stacks[empire] = board.stack(empire)
        state.monarchs[empire] = None
    state.workers = [f"{e}-W" for e in board.empire_order]
    for region in board.regions.values():
        if region.kind == "city" and region.initial:
            state.cities[region.id] = False
    for capital in board.capitals:
        state.palaces[capital] = 2
    first = ctx.dice.choose(list(state.seats))
    index = state.seats.index(first)
    state.order = state.seats[index:] + state.seats[:index]
    state.start_player = first
    state.hands = {seat: [] for seat in state.seats}
    ctx.emit("emp.event.positions", order=list(state.order))
    _lay_time_track(ctx)
    if state.options.get("draft", "off") == "off":
        _deal_distribution_card(ctx)
        finish_setup(ctx)
    else:
        _start_draft(ctx)


def _lay_time_track(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    card = state.board().data.timetrack.cards[str(len(state.seats))]
    decades = int(state.options.get("decades", 8))
    tiles = list(card.base) if decades == 8 else list(card.base) + list(card.long)
    tiles = ctx.dice.shuffle(tiles)
    if decades == 9:
        # One tile of the ten-decade set goes back to the box unseen.
        state.removed_tile = tiles.pop()
    state.timetrack = tiles
    state.decades = decades
    ctx.emit("emp.event.time_track_laid", decades=decades)


def _deal_distribution_card(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    faces = [c for c in state.board().data.distribution_cards if c.players == len(state.seats)]
    wanted = state.options.get("distribution_card", "random")
    chosen = [c for c in faces if c.id == wanted]
    face = chosen[0] if chosen else faces[ctx.roll(len(faces)) - 1]
    state.distribution_card = face.id
    for seat, cards in zip(state.order, face.positions):
        for card in cards:
            empire = card.partition("-")[0]
            state.stacks[empire].remove(card)
            state.hands[seat].append(card)
    ctx.emit(
        "emp.event.cards_dealt",
        card=face.id,
        number=faces.index(face) + 1,
        players=face.players,
        hands={s: list(h) for s, h in state.hands.items()},
    )


def _start_draft(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    letters = state.board().data.letters_per_player[str(len(state.seats))]
    rounds = []
    for index, letter in enumerate(letters):
        seats = state.order if index % 2 == 0 else list(reversed(state.order))
        rounds += [f"{seat}|{letter}" for seat in seats]
    state.draft_rounds = rounds
    ctx.enter("draft")
    ctx.emit("emp.event.draft_begins", letters=list(letters))


def finish_setup(ctx: StepContext[EmpiresState]) -> None:
    """Monarchs by influence, then starting infantry in each capital by cards dealt."""
    state = ctx.state
    board = state.board()
    reassign_monarchs(ctx)
    by_cards = board.data.starting_infantry_by_cards
    quick = bool(state.options.get("quick_start", False))
    for empire in board.empire_order:
        if quick:
            for region in board.cities_of[empire]:
                for kind, count in board.regions[region].quick_start.items():
                    for _ in range(count):
                        state.add_unit(empire, kind, region)
        dealt = sum(1 for hand in state.hands.values() for c in hand if c.startswith(empire + "-"))
        infantry = by_cards[dealt] if dealt < len(by_cards) else 0
        capital = board.empires[empire].capital
        present = len(state.units_in(capital))
        if quick:
            infantry = min(infantry, max(0, QUICK_START_LIMIT - present))
        for _ in range(min(infantry, state.stock(empire, "infantry"))):
            state.add_unit(empire, "infantry", capital)
    begin_decade(ctx)
