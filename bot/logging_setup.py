"""Logging to stderr, where every line written while serving a campaign names it.

The services set the campaign id in a context variable (`campaign_context`), and a filter
copies it into each record, so a log line from deep inside a replay still says which
campaign it is about without every call passing the id along.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_current_campaign: ContextVar[int | None] = ContextVar("courier_campaign", default=None)

LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s [campaign %(campaign)s] %(message)s"


@contextmanager
def campaign_context(campaign_id: int | None) -> Iterator[None]:
    """Tag every log line written inside the block with this campaign's id."""
    token = _current_campaign.set(campaign_id)
    try:
        yield
    finally:
        _current_campaign.reset(token)


class CampaignFilter(logging.Filter):
    """Adds `record.campaign`: the current campaign id, or '-' outside any campaign."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "campaign"):
            campaign = _current_campaign.get()
            record.campaign = "-" if campaign is None else campaign
        return True


def configure_logging(level: str | int = "INFO") -> None:
    """Send every logger's records to stderr with the campaign id; idempotent."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "courier", False):
            root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.courier = True  # type: ignore[attr-defined]
    handler.addFilter(CampaignFilter())
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
