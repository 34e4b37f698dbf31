"""Game data files: provenance on every value, parsing that names the first bad field.

The text of a game seldom prints the values of its board, tiles and counters, so each game
ships a data file whose every record says where each value came from: `rules` (the rules
text), `example` (a worked example of the text) or `reconstructed` (our own playable
choice). A campaign may replace the file with a transcription of the printed components;
`parse_data_file` refuses a bad one with a sentence naming the field and the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from rulesets.core.messages import IllegalAction

Source = Literal["rules", "example", "reconstructed"]
SOURCES: tuple[Source, ...] = ("rules", "example", "reconstructed")

ModelT = TypeVar("ModelT", bound=BaseModel)


class Sourced(BaseModel):
    """A data record whose every field names its provenance in `provenance`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provenance: dict[str, Source]

    @model_validator(mode="after")
    def _every_value_sourced(self) -> Sourced:
        fields = set(type(self).model_fields) - {"id", "provenance"}
        missing = sorted(fields - set(self.provenance))
        if missing:
            raise ValueError(f"no provenance for {', '.join(missing)}")
        return self


def refuse_data(field: str, reason: str) -> IllegalAction:
    """The refusal of a data file, naming the field (`regions.3.income`) and the reason."""
    return IllegalAction("core.error.bad_data", field=field, reason=reason)


def parse_data_file(model: type[ModelT], raw: Any) -> ModelT:
    """Validate `raw` against `model`; raise IllegalAction naming the first bad field."""
    if not isinstance(raw, dict):
        raise refuse_data("data", "the file must be a JSON object")
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "data"
        raise refuse_data(where, str(first.get("msg", "invalid"))) from None
    except (ValueError, RecursionError) as error:
        raise refuse_data("data", str(error)[:200]) from None


def read_json(path: Path) -> dict[str, Any]:
    """A shipped data file, read once by the game's cached loader."""
    loaded = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(loaded, dict):
        raise ValueError(f"{path.name} is not a JSON object")
    return loaded
