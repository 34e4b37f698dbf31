"""The one family of errors the services raise: each is a sentence for the player.

`key` and `params` name a message in the `bot/i18n` catalogues (or a ruleset's, for the
rules' own refusals), so an adapter shows `translate(error.key, language, **error.params)`.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import IllegalAction, Msg


class ServiceError(Exception):
    """A refused request, explained: the campaign is unchanged."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @classmethod
    def from_rules(cls, error: IllegalAction) -> ServiceError:
        """The rules' refusal, carried with the same key and parameters."""
        return cls(error.key, **error.params)

    @property
    def msg(self) -> Msg:
        return Msg(key=self.key, params=self.params)

    def __str__(self) -> str:
        return f"{self.key} {self.params}" if self.params else self.key


class StaleSeq(ServiceError):
    """The situation changed while the request was made: look at the new prompt.

    `params["seq"]` is the campaign's seq now; the request was made for an older one.
    """

    def __init__(self, campaign_id: int, seq: int) -> None:
        super().__init__("service.error.stale_seq", campaign=campaign_id, seq=seq)
        self.campaign_id = campaign_id
        self.seq = seq
