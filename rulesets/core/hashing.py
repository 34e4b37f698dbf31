"""Canonical JSON and state hashes, the fingerprints the action log is checked against."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal values always give equal text."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: BaseModel) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()
