"""Verifiable dice: every draw is HMAC-SHA256(seed, counter), so any roll can be recomputed.

The state keeps the seed and the next counter. Draw n of a campaign is the same number on
every Python version and platform, which is what lets players verify a finished campaign.
"""

from __future__ import annotations

import hashlib
import hmac

from pydantic import BaseModel, ConfigDict

_DOMAIN = b"courier-dice-v1:"


def seed_commitment(seed_hex: str) -> str:
    """The SHA-256 of the seed, published when a campaign is created."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def raw_draw(seed_hex: str, counter: int) -> int:
    """The 256-bit number behind draw `counter`."""
    mac = hmac.new(bytes.fromhex(seed_hex), _DOMAIN + counter.to_bytes(8, "big"), "sha256")
    return int.from_bytes(mac.digest(), "big")


def draw_value(seed_hex: str, counter: int, sides: int) -> int:
    """The result (1..sides) of draw `counter` for a die of `sides` faces.

    Reduction modulo `sides` of a 256-bit number: the bias is below 2**-240.
    """
    if sides < 1:
        raise ValueError("a die needs at least one side")
    return raw_draw(seed_hex, counter) % sides + 1


class RngState(BaseModel):
    """Where a campaign's dice stand: the secret seed and the number of the next draw."""

    model_config = ConfigDict(extra="forbid")

    seed: str
    counter: int = 0


class Roll(BaseModel):
    """One recorded draw, quoted in public reports so anyone can check it later."""

    model_config = ConfigDict(frozen=True)

    draw: int
    sides: int
    value: int


class Dice:
    """Draws from a campaign's RNG state during one step, recording every roll."""

    def __init__(self, rng: RngState) -> None:
        self._rng = rng
        self.rolls: list[Roll] = []

    def roll(self, sides: int = 6) -> int:
        counter = self._rng.counter
        value = draw_value(self._rng.seed, counter, sides)
        self._rng.counter = counter + 1
        self.rolls.append(Roll(draw=counter, sides=sides, value=value))
        return value

    def roll_many(self, count: int, sides: int = 6) -> list[int]:
        return [self.roll(sides) for _ in range(count)]

    def shuffle(self, items: list[str]) -> list[str]:
        """A Fisher-Yates shuffle drawn from the campaign's dice (for bags and decks)."""
        result = list(items)
        for index in range(len(result) - 1, 0, -1):
            other = self.roll(index + 1) - 1
            result[index], result[other] = result[other], result[index]
        return result

    def choose(self, items: list[str]) -> str:
        if not items:
            raise ValueError("cannot choose from nothing")
        return items[self.roll(len(items)) - 1]
